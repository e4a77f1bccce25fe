/*
 * store.c - the deal-log database in SQLite (store.h).
 *
 * One Store is one connection.  Each statement is prepared the first time
 * it is needed, with its SQL written at the call site, and kept in
 * store->stmt[] until store_close(); values are bound by name.  The
 * schema comes from the schema/ migrations, embedded at build time (schema.h).
 */
#define _POSIX_C_SOURCE 200809L /* access(): why a new database could not be created, and how to read one */

#include "store.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codec.h"
#include "schema.h"

/* The cached statements, one slot each. */
enum {
  ST_BEGIN,
  ST_COMMIT,
  ST_ROLLBACK,
  ST_SAVEPOINT,
  ST_RELEASE,
  ST_ROLLBACK_TO,
  ST_GAME_LOOKUP,
  ST_GAME_INSERT,
  ST_PLAYER_FIND,
  ST_PLAYER_INSERT,
  ST_PLAYER_COUNT,
  ST_SEAT_INSERT,
  ST_TAG_INSERT,
  ST_HAND_INSERT,
  ST_HAND_RESULTS,
  ST_HAND_EVENTS,
  ST_GAME_END,
  ST_GAME_DELETE,
  ST_CURSOR_SEATS,
  ST_KEY_INSERT,
  ST_KEY_DELETE,
  ST_AUDIT_BEGIN,
  ST_AUDIT_FINDING,
  ST_AUDIT_END,
  ST_COUNT
};

/* Player ids by name, for the names met in the current write transaction
 * (a game names four or five people, a club a few dozen): a direct-mapped
 * cache in front of the players table, emptied when a transaction starts
 * or anything rolls back, so an id is never one a rollback took away. */
enum { PLAYER_CACHE = 64, PLAYER_NAME_MAX = 48 };
typedef struct PlayerSlot {
  int64_t id;                      /* 0: empty */
  char name[PLAYER_NAME_MAX];
} PlayerSlot;

struct Store {
  sqlite3 *db;                     /* the connection */
  char *path;                      /* as given to store_open, for messages */
  int found_version;               /* user_version when opened (0: new or empty) */
  int next_cursor;                 /* number for the next cursor's keys */
  bool keys_table;                 /* temp.store_keys exists */
  bool tidy_wal;                   /* READONLY: the -wal/-shm files are this open's doing */
  bool created;                    /* CREATE_IF_STORED: this open created the file */
  sqlite3_stmt *stmt[ST_COUNT];    /* prepared on first use, NULL before */
  PlayerSlot players[PLAYER_CACHE];
};

struct StoreCursor {
  Store *store;                    /* borrowed */
  sqlite3_stmt *stmt;              /* the walk; owned until close */
  sqlite3_stmt *seats;             /* every game's seats in game order, walked in step; NULL: look up */
  bool seat_row;                   /* seats holds an unread row */
  int id;                          /* its rows in temp.store_keys, 0 = no keys */
  int64_t game_id;                 /* game of the last row, 0 before the first */
  int nplayers;                    /* seats of that game */
  char *players[PN_MAX_SEATS];     /* their names, owned */
  int64_t player_ids[PN_MAX_SEATS];
};

/* ------------------------------------------------------------- helpers */

static void set_msg(PnDiag *diag, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void set_msg(PnDiag *diag, const char *fmt, ...) {
  if (diag == NULL)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(diag->msg, sizeof diag->msg, fmt, ap);
  va_end(ap);
}

/* The store code for an SQLite result code. */
static int store_code(int sqlite_rc) {
  switch (sqlite_rc & 0xFF) {
  case SQLITE_BUSY:
  case SQLITE_LOCKED: return STORE_BUSY;
  case SQLITE_CORRUPT:
  case SQLITE_NOTADB: return STORE_CORRUPT;
  default: return STORE_ERROR;
  }
}

/* STORE_OK for SQLITE_OK, else the store code. */
static int store_code_of(int sqlite_rc) {
  return sqlite_rc == SQLITE_OK ? STORE_OK : store_code(sqlite_rc);
}

/* Fills diag with "what: SQLite's message" and returns the store code. */
static int fail(const Store *s, PnDiag *diag, int sqlite_rc, const char *what) {
  set_msg(diag, "%s: %s", what, s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(sqlite_rc));
  return store_code(sqlite_rc);
}

/* A malloc'd copy of text[0..len), NUL-terminated; NULL when out of memory. */
static char *copy_text(const char *text, size_t len) {
  char *out = malloc(len + 1);
  if (out != NULL) {
    memcpy(out, text, len);
    out[len] = '\0';
  }
  return out;
}

/* Statement `id`, prepared from sql the first time.  Borrowed: the Store
 * owns it; callers reset it (done_stmt) when they are through. */
static sqlite3_stmt *prepare(Store *s, int id, const char *sql, PnDiag *diag) {
  if (s->stmt[id] == NULL) {
    int rc = sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s->stmt[id], NULL);
    if (rc != SQLITE_OK) {
      fail(s, diag, rc, "preparing a statement");
      sqlite3_finalize(s->stmt[id]);
      s->stmt[id] = NULL;
    }
  }
  return s->stmt[id];
}

static void done_stmt(sqlite3_stmt *st) {
  if (st != NULL) {
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
  }
}

/* Binding by name.  A name the statement lacks is a bug: SQLITE_RANGE. */
static int param(sqlite3_stmt *st, const char *name) {
  return sqlite3_bind_parameter_index(st, name);
}

static int bind_int(sqlite3_stmt *st, const char *name, int64_t v) {
  return sqlite3_bind_int64(st, param(st, name), v);
}

/* NULL when v is 0 ("none" in the store's structs). */
static int bind_int_or_null(sqlite3_stmt *st, const char *name, int64_t v) {
  return v != 0 ? sqlite3_bind_int64(st, param(st, name), v) : sqlite3_bind_null(st, param(st, name));
}

/* NULL text binds NULL; len < 0 means up to the NUL.  Values are bound
 * SQLITE_STATIC, not copied: every statement is stepped while the caller's
 * strings and blobs live, and done_stmt clears the bindings after. */
static int bind_text(sqlite3_stmt *st, const char *name, const char *v, int len) {
  if (v == NULL)
    return sqlite3_bind_null(st, param(st, name));
  return sqlite3_bind_text(st, param(st, name), v, len, SQLITE_STATIC);
}

static int bind_blob(sqlite3_stmt *st, const char *name, const uint8_t *v, size_t len, bool null_ok) {
  if (v == NULL && null_ok)
    return sqlite3_bind_null(st, param(st, name));
  /* a non-NULL pointer: an empty blob, not NULL */
  return sqlite3_bind_blob64(st, param(st, name), v != NULL ? (const void *)v : "", v != NULL ? len : 0,
                             SQLITE_STATIC);
}

/* Runs a statement that returns no rows (or ignores them). */
static int run(Store *s, int id, const char *sql, const char *what, PnDiag *diag) {
  sqlite3_stmt *st = prepare(s, id, sql, diag);
  if (st == NULL)
    return STORE_ERROR;
  int rc = sqlite3_step(st);
  int out = rc == SQLITE_DONE || rc == SQLITE_ROW ? STORE_OK : fail(s, diag, rc, what);
  done_stmt(st);
  return out;
}

/* One integer from a one-off query (PRAGMAs at open).  Returns the
 * SQLite code, with diag filled when it is not SQLITE_OK. */
static int query_int(Store *s, const char *sql, int64_t *value, PnDiag *diag) {
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL);
  if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    *value = sqlite3_column_int64(st, 0);
    rc = SQLITE_OK;
  }
  if (rc != SQLITE_OK)
    fail(s, diag, rc, s->path);
  sqlite3_finalize(st);
  return rc;
}

/* Runs trusted SQL text (PRAGMAs, migrations): never built from data. */
static int exec(Store *s, const char *sql, const char *what, PnDiag *diag) {
  int rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
  return rc == SQLITE_OK ? STORE_OK : fail(s, diag, rc, what);
}

/* ----------------------------------------------------------- open/close */

static int known_version(void) {
  return store_sqlite_migrations[store_sqlite_migration_count - 1].version;
}

/* The directory part of path ("." for a bare name) into dir. */
static void dir_of(const char *path, char *dir, size_t size) {
  const char *slash = strrchr(path, '/');
  if (slash == NULL)
    snprintf(dir, size, ".");
  else
    snprintf(dir, size, "%.*s", slash == path ? 1 : (int)(slash - path), path);
}

/* Does path followed by suffix ("-wal") exist? */
static bool exists_with(const char *path, const char *suffix) {
  char name[4096];
  if (snprintf(name, sizeof name, "%s%s", path, suffix) >= (int)sizeof name)
    return false;
  return access(name, F_OK) == 0;
}

/* Why a database file that is not there could not be created: the errno
 * of its directory (missing, or not writable), else ENOENT.  SQLite's own
 * errno is the ENOENT of its read-only retry, which would tell a user
 * whose directory is read-only that it does not exist. */
static int create_errno(const char *path) {
  char dir[1024];
  dir_of(path, dir, sizeof dir);
  return access(dir, W_OK | X_OK) != 0 ? errno : ENOENT;
}

/* "file:PATH?immutable=1" with PATH percent-escaped, so that a '?', '#'
 * or '%' in a file name stays part of the name; the caller frees it; NULL when out
 * of memory.  An absolute path gets an empty authority ("file:///x"): a
 * path starting "//" would otherwise be read as one. */
static char *immutable_uri(const char *path) {
  static const char hex[] = "0123456789ABCDEF";
  size_t len = strlen(path);
  char *uri = malloc(3 * len + sizeof "file://?immutable=1");
  if (uri == NULL)
    return NULL;
  char *p = uri;
  p += sprintf(p, "file:%s", path[0] == '/' ? "//" : "");
  for (const unsigned char *c = (const unsigned char *)path; *c; c++) {
    if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
        strchr("/-._~", *c) != NULL) {
      *p++ = (char)*c;
    } else {
      *p++ = '%';
      *p++ = hex[*c >> 4];
      *p++ = hex[*c & 15];
    }
  }
  strcpy(p, "?immutable=1");
  return uri;
}

/* How a READONLY open reads the file.  A WAL database needs its -shm file
 * (created beside it) unless SQLite is told no one writes it
 * (immutable).  With a -wal or -journal file there is a writer, or one
 * that crashed, whose commits are in it: open normally.  Without one,
 * when this user cannot write the directory or the file, no one of its
 * kind writes the file either: immutable, which creates nothing.
 * Otherwise open normally, and tidy up at close (tidy_wal). */
static bool use_immutable(Store *s) {
  if (exists_with(s->path, "-wal") || exists_with(s->path, "-journal") || access(s->path, R_OK) != 0)
    return false;
  char dir[1024];
  dir_of(s->path, dir, sizeof dir);
  if (access(dir, W_OK | X_OK) != 0 || access(s->path, W_OK) != 0)
    return true;
  s->tidy_wal = true;
  return false;
}

/* After a READONLY connection that created the -wal and -shm files has
 * closed: a read-write connection that reads nothing but the schema and
 * closes removes them, as the last connection of a WAL database does (a
 * read-only one cannot).  It writes nothing to the database: its WAL is
 * empty.  If another connection has the file open, or appeared meanwhile,
 * SQLite sees it and leaves them: they are in use. */
static void tidy_wal(const char *path) {
  if (!exists_with(path, "-wal") && !exists_with(path, "-shm"))
    return;
  sqlite3 *db = NULL;
  if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) == SQLITE_OK)
    sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL);
  sqlite3_close(db);
}

/* Removes path followed by suffix, if it is there. */
static void remove_with(const char *path, const char *suffix) {
  char name[4096];
  if (snprintf(name, sizeof name, "%s%s", path, suffix) < (int)sizeof name)
    unlink(name);
}

/* STORE_CREATE_IF_STORED, at close: removes the file this Store created
 * when nothing was stored in it, so that a failed command leaves no empty
 * database behind.  Only when no other connection has it open: in WAL
 * mode every open connection holds a shared lock on the file, so the
 * exclusive lock taken here (without waiting) says this one is alone, and
 * keeps others out while the files go. */
static void discard_if_unused(Store *s) {
  if (!sqlite3_get_autocommit(s->db))
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_busy_timeout(s->db, 0);
  if (sqlite3_exec(s->db, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE", NULL, NULL, NULL) != SQLITE_OK)
    return;
  int64_t version = 0, stored = 1;
  if (query_int(s, "PRAGMA user_version", &version, NULL) == SQLITE_OK) {
    if (version == 0) /* not even the schema: a migration failed */
      stored = 0;
    else if (query_int(s, "SELECT (SELECT count(*) FROM games) + (SELECT count(*) FROM players)"
                          " + (SELECT count(*) FROM audits)", &stored, NULL) != SQLITE_OK)
      stored = 1;
  }
  if (stored == 0) {
    remove_with(s->path, "");
    remove_with(s->path, "-wal");
    remove_with(s->path, "-shm");
    remove_with(s->path, "-journal");
  }
  sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

/* Opens the connection itself; names the path in every message. */
static int open_db(Store *s, int flags, PnDiag *diag) {
  bool readonly = (flags & STORE_READONLY) != 0;
  bool create = (flags & (STORE_CREATE | STORE_CREATE_IF_STORED)) && !(flags & (STORE_MUST_EXIST | STORE_READONLY));
  /* A Store is used by one thread at a time: no per-call mutex. */
  int oflags = (readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX;
  if (create)
    oflags |= SQLITE_OPEN_CREATE;
  char *uri = NULL;
  if (readonly && strcmp(s->path, ":memory:") != 0 && use_immutable(s)) {
    uri = immutable_uri(s->path);
    if (uri == NULL) {
      set_msg(diag, "%s: out of memory", s->path);
      return STORE_ERROR;
    }
    oflags |= SQLITE_OPEN_URI;
  }
  int rc = sqlite3_open_v2(uri != NULL ? uri : s->path, &s->db, oflags, NULL);
  free(uri);
  if (rc == SQLITE_OK)
    return STORE_OK;
  int err = s->db ? sqlite3_system_errno(s->db) : 0;
  if ((rc & 0xFF) == SQLITE_CANTOPEN && err == ENOENT && create)
    err = create_errno(s->path);
  if ((rc & 0xFF) == SQLITE_CANTOPEN && err == ENOENT && !create)
    set_msg(diag, "%s: no such database (`pinochle init %s` creates one)", s->path, s->path);
  else if ((rc & 0xFF) == SQLITE_CANTOPEN && err != 0)
    set_msg(diag, "%s: cannot %s: %s", s->path, create ? "create or open" : "open", strerror(err));
  else
    set_msg(diag, "%s: cannot open: %s", s->path, s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
  return store_code(rc) == STORE_BUSY ? STORE_BUSY : STORE_ERROR;
}

/* Is this a pinochle database this program may use?  Sets found_version. */
static int check_identity(Store *s, bool readonly, PnDiag *diag) {
  int64_t app = 0, version = 0, objects = 0;
  int rc = query_int(s, "PRAGMA application_id", &app, diag);
  if ((rc & 0xFF) == SQLITE_NOTADB) {
    set_msg(diag, "%s is not a pinochle database (not an SQLite file)", s->path);
    return STORE_NOT_OURS;
  }
  if (rc == SQLITE_OK)
    rc = query_int(s, "PRAGMA user_version", &version, diag);
  if (rc == SQLITE_OK)
    rc = query_int(s, "SELECT count(*) FROM sqlite_master", &objects, diag);
  if (rc != SQLITE_OK)
    return store_code(rc);
  s->found_version = (int)version;
  if (app != 0 && app != STORE_APPLICATION_ID) {
    set_msg(diag, "%s is not a pinochle database (application_id 0x%08llX)", s->path,
            (unsigned long long)(uint32_t)app);
    return STORE_NOT_OURS;
  }
  if (app == 0 && (objects > 0 || version != 0)) {
    set_msg(diag, "%s is not a pinochle database (an SQLite database of another program)", s->path);
    return STORE_NOT_OURS;
  }
  if (version > known_version()) {
    set_msg(diag, "%s was written by a newer pinochle (schema %lld, this one knows %d)", s->path,
            (long long)version, known_version());
    return STORE_NEWER;
  }
  if (readonly && version == 0) {
    set_msg(diag, "%s is an empty database, not yet a pinochle one (`pinochle init %s`)", s->path,
            s->path);
    return STORE_NOT_OURS;
  }
  if (readonly && version < known_version()) {
    set_msg(diag,
            "%s has schema %lld, older than this pinochle's %d: open it read-write once to "
            "upgrade it (`pinochle init %s` does)",
            s->path, (long long)version, known_version(), s->path);
    return STORE_OLDER;
  }
  return STORE_OK;
}

/* Runs one migration in its own transaction, unless another connection
 * has run it meanwhile. */
static int migrate_one(Store *s, const StoreMigration *m, PnDiag *diag) {
  char what[96];
  snprintf(what, sizeof what, "%s: migrating to schema %d (%s)", s->path, m->version, m->name);
  int rc = exec(s, "BEGIN IMMEDIATE", what, diag);
  if (rc != STORE_OK)
    return rc;
  int64_t version = 0, app = 0;
  rc = store_code_of(query_int(s, "PRAGMA user_version", &version, diag));
  if (rc != STORE_OK || version >= m->version)
    goto done;
  if (version != m->version - 1) {
    set_msg(diag, "%s: schema %lld cannot be migrated to %d", s->path, (long long)version, m->version);
    rc = STORE_ERROR;
    goto done;
  }
  rc = exec(s, m->sql, what, diag);
  if (rc == STORE_OK)
    rc = store_code_of(query_int(s, "PRAGMA user_version", &version, diag));
  if (rc == STORE_OK)
    rc = store_code_of(query_int(s, "PRAGMA application_id", &app, diag));
  if (rc == STORE_OK && (version != m->version || app != STORE_APPLICATION_ID)) {
    set_msg(diag, "%s: migration %s left user_version %lld, application_id %lld", s->path, m->name,
            (long long)version, (long long)app);
    rc = STORE_ERROR;
  }
done:
  if (rc == STORE_OK)
    rc = exec(s, "COMMIT", what, diag);
  if (rc != STORE_OK && !sqlite3_get_autocommit(s->db))
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
  return rc;
}

int store_open(const char *path, int flags, Store **out, PnDiag *diag) {
  int rc = STORE_ERROR;
  bool readonly = (flags & STORE_READONLY) != 0;
  bool memory = strcmp(path, ":memory:") == 0;
  Store *s = calloc(1, sizeof *s);
  *out = NULL;
  if (s == NULL || (s->path = copy_text(path, strlen(path))) == NULL) {
    set_msg(diag, "%s: out of memory", path);
    goto done;
  }
  if (sqlite3_libversion_number() < 3038000) { /* the views use ->> and unixepoch() */
    set_msg(diag, "%s: pinochle needs SQLite 3.38 or later, not %s", path, sqlite3_libversion());
    rc = STORE_ERROR;
    goto done;
  }
  /* errno after access(): a file that is there but cannot be looked at is
   * not one to remove later */
  bool absent = (flags & STORE_CREATE_IF_STORED) && !memory && access(path, F_OK) != 0 && errno == ENOENT;
  rc = open_db(s, flags, diag);
  if (rc != STORE_OK)
    goto done;
  s->created = absent && !readonly && !(flags & STORE_MUST_EXIST);
  sqlite3_extended_result_codes(s->db, 1);
  sqlite3_busy_timeout(s->db, 5000);
  rc = check_identity(s, readonly, diag);
  if (rc != STORE_OK)
    goto done;
  rc = exec(s, "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -16384", s->path, diag);
  if (rc == STORE_OK && !readonly && !memory)
    rc = exec(s, "PRAGMA journal_mode = WAL", s->path, diag);
  for (int i = 0; rc == STORE_OK && !readonly && i < store_sqlite_migration_count; i++)
    if (store_sqlite_migrations[i].version > s->found_version)
      rc = migrate_one(s, &store_sqlite_migrations[i], diag);
done:
  if (rc != STORE_OK) {
    store_close(s);
    return rc;
  }
  *out = s;
  return STORE_OK;
}

void store_close(Store *store) {
  if (store == NULL)
    return;
  for (int i = 0; i < ST_COUNT; i++)
    sqlite3_finalize(store->stmt[i]);
  if (store->created)
    discard_if_unused(store);
  /* _v2: a cursor left open by mistake does not keep the file open. */
  sqlite3_close_v2(store->db);
  if (store->tidy_wal)
    tidy_wal(store->path);
  free(store->path);
  free(store);
}

int store_schema_found(const Store *store) {
  return store->found_version;
}

/* --------------------------------------------------------- transactions */

static void forget_players(Store *s) { memset(s->players, 0, sizeof s->players); }

int store_begin(Store *store, PnDiag *diag) {
  forget_players(store);
  return run(store, ST_BEGIN, "BEGIN IMMEDIATE", "starting a write transaction", diag);
}

int store_commit(Store *store, PnDiag *diag) {
  return run(store, ST_COMMIT, "COMMIT", "committing", diag);
}

void store_rollback(Store *store) {
  forget_players(store);
  if (!sqlite3_get_autocommit(store->db))
    run(store, ST_ROLLBACK, "ROLLBACK", "rolling back", NULL);
}

int store_savepoint(Store *store, PnDiag *diag) {
  return run(store, ST_SAVEPOINT, "SAVEPOINT store_game", "starting a savepoint", diag);
}

int store_release(Store *store, PnDiag *diag) {
  return run(store, ST_RELEASE, "RELEASE store_game", "releasing a savepoint", diag);
}

void store_rollback_savepoint(Store *store) {
  forget_players(store);
  /* ROLLBACK TO keeps the savepoint open: RELEASE it too. */
  if (run(store, ST_ROLLBACK_TO, "ROLLBACK TO store_game", "rolling back a savepoint", NULL) == STORE_OK)
    run(store, ST_RELEASE, "RELEASE store_game", "releasing a savepoint", NULL);
}

/* ---------------------------------------------------------------- write */

int store_game_lookup(Store *store, const char *key, int64_t *id, uint64_t *hash, PnDiag *diag) {
  int rc = STORE_ERROR;
  sqlite3_stmt *st = prepare(store, ST_GAME_LOOKUP, "SELECT id, hash FROM games WHERE key = :key", diag);
  if (st == NULL)
    goto done;
  int src = bind_text(st, ":key", key, -1);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  if (src == SQLITE_ROW) {
    *id = sqlite3_column_int64(st, 0);
    *hash = (uint64_t)sqlite3_column_int64(st, 1);
    rc = 1;
  } else if (src == SQLITE_DONE) {
    rc = 0;
  } else {
    rc = fail(store, diag, src, "looking up a game");
  }
done:
  done_stmt(st);
  return rc;
}

/* The entries of v[0..n) joined by '\n' (the games.options and .tags
 * columns); caller frees.  NULL: no memory.  A line break inside an entry
 * (a multi-line tag: RFC 4180 allows it) is kept, and the line after it
 * starts with '=', which marks it as a continuation: no entry starts with
 * '=' (a name is never empty), so store_lines_next can undo it. */
static char *join_lines(const char *const *v, int n) {
  size_t len = 0;
  for (int i = 0; i < n; i++)
    for (const char *c = v[i]; *c; c++)
      len += *c == '\n' ? 2 : 1;
  char *out = malloc(len + (size_t)n + 1), *p = out;
  if (out == NULL)
    return NULL;
  for (int i = 0; i < n; i++) {
    for (const char *c = v[i]; *c; c++) {
      *p++ = *c;
      if (*c == '\n')
        *p++ = '=';
    }
    if (i + 1 < n)
      *p++ = '\n';
  }
  *p = '\0';
  return out;
}

bool store_lines_next(const char **at, char *buf, size_t size) {
  const char *p = *at;
  if (p == NULL || *p == '\0')
    return false;
  size_t used = 0;
  for (;;) {
    const char *end = strchr(p, '\n');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    size_t room = size > used ? size - used - 1 : 0;
    size_t take = len < room ? len : room;
    memcpy(buf + used, p, take);
    used += take;
    if (end == NULL || end[1] != '=') { /* the entry ends here */
      p = end ? end + 1 : p + len;
      break;
    }
    if (used + 1 < size) /* a continuation: the line break was part of the entry */
      buf[used++] = '\n';
    p = end + 2;
  }
  if (size > 0)
    buf[used] = '\0';
  *at = p;
  return true;
}

static int player_id_lookup(Store *s, const char *name, int64_t *id, PnDiag *diag);

/* The id of the player called name, created if new. */
static int player_id(Store *s, const char *name, int64_t *id, PnDiag *diag) {
  PlayerSlot *slot = NULL;
  size_t len = name ? strlen(name) : 0; /* NULL: the NOT NULL constraint says no */
  if (name && !sqlite3_get_autocommit(s->db) && len < PLAYER_NAME_MAX) {
    slot = &s->players[codec_hash_text(CODEC_HASH_SEED, name) % PLAYER_CACHE];
    if (slot->id != 0 && strcmp(slot->name, name) == 0) {
      *id = slot->id;
      return STORE_OK;
    }
  }
  int rc = player_id_lookup(s, name, id, diag);
  if (slot && rc == STORE_OK) {
    slot->id = *id;
    memcpy(slot->name, name, len + 1);
  }
  return rc;
}

/* player_id without the cache. */
static int player_id_lookup(Store *s, const char *name, int64_t *id, PnDiag *diag) {
  int rc = STORE_ERROR;
  sqlite3_stmt *find = prepare(s, ST_PLAYER_FIND, "SELECT id FROM players WHERE name = :name", diag);
  sqlite3_stmt *add = NULL;
  if (find == NULL)
    goto done;
  int src = bind_text(find, ":name", name, -1);
  if (src == SQLITE_OK)
    src = sqlite3_step(find);
  if (src == SQLITE_ROW) {
    *id = sqlite3_column_int64(find, 0);
    rc = STORE_OK;
    goto done;
  }
  if (src != SQLITE_DONE) {
    rc = fail(s, diag, src, "looking up a player");
    goto done;
  }
  add = prepare(s, ST_PLAYER_INSERT, "INSERT INTO players(name) VALUES (:name)", diag);
  if (add == NULL)
    goto done;
  src = bind_text(add, ":name", name, -1);
  if (src == SQLITE_OK)
    src = sqlite3_step(add);
  if (src != SQLITE_DONE) {
    rc = fail(s, diag, src, "adding a player");
    goto done;
  }
  *id = sqlite3_last_insert_rowid(s->db);
  rc = STORE_OK;
done:
  done_stmt(find);
  done_stmt(add);
  return rc;
}

int store_player_count(Store *store, const char *name, PnDiag *diag) {
  int rc = STORE_ERROR;
  sqlite3_stmt *st = prepare(store, ST_PLAYER_COUNT,
                             "SELECT count(*) FROM players WHERE name = :name COLLATE NOCASE", diag);
  if (st == NULL)
    goto done;
  int src = bind_text(st, ":name", name, -1);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  if (src == SQLITE_ROW)
    rc = (int)sqlite3_column_int64(st, 0);
  else
    rc = fail(store, diag, src, "looking up a player");
done:
  done_stmt(st);
  return rc;
}

static int seat_insert(Store *s, int64_t game_id, int seat, const char *name, PnDiag *diag) {
  int64_t pid = 0;
  int rc = player_id(s, name, &pid, diag);
  if (rc != STORE_OK)
    return rc;
  sqlite3_stmt *st = prepare(s, ST_SEAT_INSERT,
                             "INSERT INTO seats(game_id, seat, player_id) VALUES (:game, :seat, :player)",
                             diag);
  if (st == NULL)
    return STORE_ERROR;
  int src = bind_int(st, ":game", game_id);
  if (src == SQLITE_OK)
    src = bind_int(st, ":seat", seat);
  if (src == SQLITE_OK)
    src = bind_int(st, ":player", pid);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  rc = src == SQLITE_DONE ? STORE_OK : fail(s, diag, src, "adding a seat");
  done_stmt(st);
  return rc;
}

/* A tag row "name=value" (no '=': the value is empty); duplicates are
 * one row. */
static int tag_insert(Store *s, int64_t game_id, const char *tag, PnDiag *diag) {
  sqlite3_stmt *st = prepare(s, ST_TAG_INSERT,
                             "INSERT OR IGNORE INTO tags(name, value, game_id) VALUES (:name, :value, :game)",
                             diag);
  if (st == NULL)
    return STORE_ERROR;
  const char *eq = strchr(tag, '=');
  int src = bind_int(st, ":game", game_id);
  if (src == SQLITE_OK)
    src = bind_text(st, ":name", tag, eq ? (int)(eq - tag) : -1);
  if (src == SQLITE_OK)
    src = bind_text(st, ":value", eq ? eq + 1 : "", -1);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  int rc = src == SQLITE_DONE ? STORE_OK : fail(s, diag, src, "adding a tag");
  done_stmt(st);
  return rc;
}

/* The games row alone. */
static int game_row_insert(Store *s, const StoreGame *game, int64_t *id, PnDiag *diag) {
  int rc = STORE_ERROR;
  char *options = join_lines(game->options, game->noptions);
  char *tags = join_lines(game->tags, game->ntags);
  sqlite3_stmt *st = prepare(s, ST_GAME_INSERT,
                             "INSERT INTO games(key, preset, options, tags, hands, finished, winner, hash) "
                             "VALUES (:key, :preset, :options, :tags, :hands, :finished, :winner, :hash)",
                             diag);
  if (st == NULL)
    goto done;
  if (options == NULL || tags == NULL) {
    set_msg(diag, "out of memory");
    goto done;
  }
  int src = bind_text(st, ":key", game->key, -1);
  if (src == SQLITE_OK)
    src = bind_text(st, ":preset", game->preset, -1);
  if (src == SQLITE_OK)
    src = bind_text(st, ":options", options, -1);
  if (src == SQLITE_OK)
    src = bind_text(st, ":tags", tags, -1);
  const StoreGameEnd *end = game->end;
  if (src == SQLITE_OK)
    src = bind_int(st, ":hands", end ? end->hands : 0);
  if (src == SQLITE_OK)
    src = bind_int(st, ":finished", end && end->finished ? 1 : 0);
  if (src == SQLITE_OK)
    src = bind_int_or_null(st, ":winner", end ? end->winner : 0);
  if (src == SQLITE_OK)
    src = end ? bind_int(st, ":hash", (int64_t)end->hash) : sqlite3_bind_null(st, param(st, ":hash"));
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  if (src == SQLITE_DONE) {
    *id = sqlite3_last_insert_rowid(s->db);
    rc = STORE_OK;
  } else if (src == SQLITE_CONSTRAINT_UNIQUE) {
    set_msg(diag, "game '%s' is already stored", game->key);
  } else {
    rc = fail(s, diag, src, "adding a game");
  }
done:
  done_stmt(st);
  free(options);
  free(tags);
  return rc;
}

int store_game_insert(Store *store, const StoreGame *game, int64_t *id, PnDiag *diag) {
  /* Outside a transaction, a savepoint of its own makes the header, seats
   * and tags go in together.  Inside one the caller rolls back on failure,
   * and a savepoint per game would cost dearly: SQLite keeps a copy of
   * every page it touches (a score of pages: the games, seats and tags
   * trees), soon in a temporary file, written again for every game. */
  bool own_savepoint = sqlite3_get_autocommit(store->db) != 0;
  int rc = own_savepoint ? store_savepoint(store, diag) : STORE_OK;
  if (rc != STORE_OK)
    return rc;
  rc = game_row_insert(store, game, id, diag);
  for (int i = 0; rc == STORE_OK && i < game->nplayers; i++)
    rc = seat_insert(store, *id, i + 1, game->players[i], diag);
  for (int i = 0; rc == STORE_OK && i < game->ntags; i++)
    rc = tag_insert(store, *id, game->tags[i], diag);
  if (!own_savepoint)
    return rc;
  if (rc == STORE_OK)
    return store_release(store, diag);
  store_rollback_savepoint(store);
  return rc;
}

int store_hand_insert(Store *store, int64_t game_id, const StoreHand *hand, PnDiag *diag) {
  int rc = STORE_ERROR;
  sqlite3_stmt *st = prepare(store, ST_HAND_INSERT,
                             "INSERT INTO hands(game_id, number, dealer, bidder, bid, trump, events, results) "
                             "VALUES (:game, :number, :dealer, :bidder, :bid, :trump, :events, :results)",
                             diag);
  if (st == NULL)
    goto done;
  char trump[2] = {0, 0};
  if (hand->trump >= 0 && hand->trump < PN_SUITS)
    trump[0] = pn_suit_char(hand->trump);
  int src = bind_int(st, ":game", game_id);
  if (src == SQLITE_OK)
    src = bind_int(st, ":number", hand->number);
  if (src == SQLITE_OK)
    src = bind_int(st, ":dealer", hand->dealer);
  if (src == SQLITE_OK)
    src = bind_int_or_null(st, ":bidder", hand->bidder);
  if (src == SQLITE_OK)
    src = bind_int_or_null(st, ":bid", hand->bidder != 0 ? hand->bid : 0);
  if (src == SQLITE_OK)
    src = bind_text(st, ":trump", trump[0] ? trump : NULL, -1);
  if (src == SQLITE_OK)
    src = bind_blob(st, ":events", hand->events, hand->events_len, false);
  if (src == SQLITE_OK)
    src = bind_blob(st, ":results", hand->results, hand->results_len, true);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  if (src == SQLITE_DONE)
    rc = STORE_OK;
  else if (src == SQLITE_CONSTRAINT_PRIMARYKEY)
    set_msg(diag, "game %lld already has a hand %d", (long long)game_id, hand->number);
  else if (src == SQLITE_CONSTRAINT_FOREIGNKEY)
    set_msg(diag, "no game %lld to add hand %d to", (long long)game_id, hand->number);
  else
    rc = fail(store, diag, src, "adding a hand");
done:
  done_stmt(st);
  return rc;
}

/* The end of an UPDATE or DELETE of one row: `src` is its last step.  A
 * failure is reported as `what`; no row changed is the caller's message
 * (printf form) and STORE_ERROR. */
static int change_done(Store *s, int src, const char *what, PnDiag *diag, const char *missing, ...)
    __attribute__((format(printf, 5, 6)));

static int change_done(Store *s, int src, const char *what, PnDiag *diag, const char *missing, ...) {
  if (src != SQLITE_DONE)
    return fail(s, diag, src, what);
  if (sqlite3_changes(s->db) > 0)
    return STORE_OK;
  if (diag == NULL)
    return STORE_ERROR;
  va_list ap;
  va_start(ap, missing);
  vsnprintf(diag->msg, sizeof diag->msg, missing, ap);
  va_end(ap);
  return STORE_ERROR;
}

/* Replaces one blob column of a stored hand: the statement `id` is
 * "UPDATE hands SET <column> = :blob WHERE game_id = :game AND number =
 * :number"; `what` names the change in messages. */
static int hand_blob_update(Store *store, int id, const char *sql, int64_t game_id, int number,
                            const uint8_t *blob, size_t len, const char *what, PnDiag *diag) {
  int rc = STORE_ERROR;
  sqlite3_stmt *st = prepare(store, id, sql, diag);
  if (st == NULL)
    goto done;
  int src = bind_blob(st, ":blob", blob, len, true);
  if (src == SQLITE_OK)
    src = bind_int(st, ":game", game_id);
  if (src == SQLITE_OK)
    src = bind_int(st, ":number", number);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  rc = change_done(store, src, what, diag, "game %lld has no hand %d", (long long)game_id, number);
done:
  done_stmt(st);
  return rc;
}

int store_hand_update_results(Store *store, int64_t game_id, int number, const uint8_t *results,
                              size_t len, PnDiag *diag) {
  return hand_blob_update(store, ST_HAND_RESULTS,
                          "UPDATE hands SET results = :blob WHERE game_id = :game AND number = :number",
                          game_id, number, results, len, "updating a hand's results", diag);
}

int store_hand_update_events(Store *store, int64_t game_id, int number, const uint8_t *events, size_t len,
                             PnDiag *diag) {
  return hand_blob_update(store, ST_HAND_EVENTS,
                          "UPDATE hands SET events = :blob WHERE game_id = :game AND number = :number",
                          game_id, number, events, len, "updating a hand's events", diag);
}

int store_game_update_end(Store *store, int64_t game_id, const StoreGameEnd *end, PnDiag *diag) {
  int rc = STORE_ERROR;
  sqlite3_stmt *st = prepare(store, ST_GAME_END,
                             "UPDATE games SET hands = :hands, finished = :finished, winner = :winner, "
                             "hash = :hash WHERE id = :game",
                             diag);
  if (st == NULL)
    goto done;
  int src = bind_int(st, ":hands", end->hands);
  if (src == SQLITE_OK)
    src = bind_int(st, ":finished", end->finished ? 1 : 0);
  if (src == SQLITE_OK)
    src = bind_int_or_null(st, ":winner", end->winner);
  if (src == SQLITE_OK)
    src = bind_int(st, ":hash", (int64_t)end->hash);
  if (src == SQLITE_OK)
    src = bind_int(st, ":game", game_id);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  rc = change_done(store, src, "updating a game", diag, "no game %lld", (long long)game_id);
done:
  done_stmt(st);
  return rc;
}

int store_game_delete(Store *store, int64_t game_id, PnDiag *diag) {
  int rc = STORE_ERROR;
  sqlite3_stmt *st = prepare(store, ST_GAME_DELETE, "DELETE FROM games WHERE id = :game", diag);
  if (st == NULL)
    goto done;
  int src = bind_int(st, ":game", game_id);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  rc = change_done(store, src, "deleting a game", diag, "no game %lld", (long long)game_id);
done:
  done_stmt(st);
  return rc;
}

/* ----------------------------------------------------------------- read */

/* The walk is assembled from these constant pieces, taking only the
 * conditions a filter uses (a condition that is always true still costs
 * its test on every row).  Values are always bound, never pasted. */
static const char CURSOR_SELECT[] =
    "SELECT g.id, g.key, g.preset, g.options, g.tags, g.winner, g.finished,\n"
    "       h.number, h.dealer, h.events, h.results\n"
    "  FROM games AS g LEFT JOIN hands AS h ON h.game_id = g.id\n"
    " WHERE 1";
static const char CURSOR_SELECT_RESULTS[] = /* the same without the events */
    "SELECT g.id, g.key, g.preset, g.options, g.tags, g.winner, g.finished,\n"
    "       h.number, h.dealer, NULL, h.results\n"
    "  FROM games AS g LEFT JOIN hands AS h ON h.game_id = g.id\n"
    " WHERE 1";
static const char CURSOR_KEYS[] = "\n   AND g.key IN (SELECT key FROM temp.store_keys WHERE cursor = :cursor)";
static const char CURSOR_PRESET[] = "\n   AND g.preset = :preset";
static const char CURSOR_PLAYER[] = /* any case: "ann" finds Ann, as the recorder does */
    "\n   AND g.id IN (SELECT s.game_id FROM players AS p JOIN seats AS s ON s.player_id = p.id\n"
    "                 WHERE p.name = :player COLLATE NOCASE)";
static const char CURSOR_TAG[] =
    "\n   AND g.id IN (SELECT game_id FROM tags WHERE name = :tag_name\n"
    "                   AND (:tag_value IS NULL OR value = :tag_value))";
static const char CURSOR_DATES[] =
    "\n   AND g.id IN (SELECT game_id FROM tags WHERE name = 'date'\n"
    "                   AND (:since IS NULL OR substr(value, 1, 10) >= :since)\n"
    "                   AND (:until IS NULL OR substr(value, 1, 10) <= :until))";
static const char CURSOR_HAND[] = "\n   AND (h.number = :hand OR h.number IS NULL)";
static const char CURSOR_ORDER[] = "\n ORDER BY g.id, h.number";

/* Every seat of every game, in the walk's game order. */
static const char SEATS_IN_ORDER_SQL[] =
    "SELECT s.game_id, s.seat, p.id, p.name FROM seats AS s\n"
    "  JOIN players AS p ON p.id = s.player_id\n"
    " ORDER BY s.game_id, s.seat";

/* The keys of a filter, as rows of temp.store_keys numbered `id`. */
static int keys_insert(Store *s, int id, const StoreFilter *f, PnDiag *diag) {
  sqlite3_stmt *st = prepare(s, ST_KEY_INSERT,
                             "INSERT OR IGNORE INTO temp.store_keys(cursor, key) VALUES (:cursor, :key)",
                             diag);
  if (st == NULL)
    return STORE_ERROR;
  int rc = STORE_OK;
  for (int i = 0; rc == STORE_OK && i < f->nkeys; i++) {
    int src = bind_int(st, ":cursor", id);
    if (src == SQLITE_OK)
      src = bind_text(st, ":key", f->keys[i], -1);
    if (src == SQLITE_OK)
      src = sqlite3_step(st);
    if (src != SQLITE_DONE)
      rc = fail(s, diag, src, "selecting games by key");
    sqlite3_reset(st);
  }
  done_stmt(st);
  return rc;
}

static int keys_delete(Store *s, int id, PnDiag *diag) {
  sqlite3_stmt *st = prepare(s, ST_KEY_DELETE, "DELETE FROM temp.store_keys WHERE cursor = :cursor", diag);
  if (st == NULL)
    return STORE_ERROR;
  int src = bind_int(st, ":cursor", id);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  int rc = src == SQLITE_DONE ? STORE_OK : fail(s, diag, src, "clearing the selected keys");
  done_stmt(st);
  return rc;
}

/* Binds a parameter the statement may lack (the walk has only the
 * conditions its filter uses). */
static int bind_opt_text(sqlite3_stmt *st, const char *name, const char *v) {
  int i = param(st, name);
  if (i == 0)
    return SQLITE_OK;
  return v != NULL ? sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT) : sqlite3_bind_null(st, i);
}

static int bind_opt_int(sqlite3_stmt *st, const char *name, int64_t v) {
  int i = param(st, name);
  return i == 0 ? SQLITE_OK : sqlite3_bind_int64(st, i, v);
}

static int bind_filter(sqlite3_stmt *st, const StoreFilter *f, int id) {
  int src = bind_opt_int(st, ":cursor", id);
  if (src == SQLITE_OK)
    src = bind_opt_text(st, ":preset", f->preset);
  if (src == SQLITE_OK)
    src = bind_opt_text(st, ":player", f->player);
  if (src == SQLITE_OK)
    src = bind_opt_text(st, ":tag_name", f->tag_name);
  if (src == SQLITE_OK)
    src = bind_opt_text(st, ":tag_value", f->tag_name ? f->tag_value : NULL);
  if (src == SQLITE_OK)
    src = bind_opt_text(st, ":since", f->since);
  if (src == SQLITE_OK)
    src = bind_opt_text(st, ":until", f->until);
  if (src == SQLITE_OK)
    src = bind_opt_int(st, ":hand", f->hand);
  return src;
}

int store_cursor_open(Store *store, const StoreFilter *filter, StoreCursor **out, PnDiag *diag) {
  static const StoreFilter all = {0};
  int rc = STORE_ERROR;
  const StoreFilter *f = filter ? filter : &all;
  StoreCursor *c = calloc(1, sizeof *c);
  *out = NULL;
  if (c == NULL) {
    set_msg(diag, "out of memory");
    goto done;
  }
  c->store = store;
  if (f->nkeys > 0 && !store->keys_table) {
    /* TEMP: private to this connection, writable even when read-only. */
    rc = exec(store,
              "CREATE TEMP TABLE IF NOT EXISTS store_keys("
              "cursor INTEGER NOT NULL, key TEXT NOT NULL, PRIMARY KEY (cursor, key))",
              "selecting games by key", diag);
    if (rc != STORE_OK)
      goto done;
    store->keys_table = true;
  }
  char sql[sizeof CURSOR_SELECT + sizeof CURSOR_KEYS + sizeof CURSOR_PRESET + sizeof CURSOR_PLAYER +
           sizeof CURSOR_TAG + sizeof CURSOR_DATES + sizeof CURSOR_HAND + sizeof CURSOR_ORDER];
  strcpy(sql, f->results_only ? CURSOR_SELECT_RESULTS : CURSOR_SELECT);
  if (f->nkeys > 0)
    strcat(sql, CURSOR_KEYS);
  if (f->preset)
    strcat(sql, CURSOR_PRESET);
  if (f->player)
    strcat(sql, CURSOR_PLAYER);
  if (f->tag_name)
    strcat(sql, CURSOR_TAG);
  if (f->since || f->until)
    strcat(sql, CURSOR_DATES);
  if (f->hand)
    strcat(sql, CURSOR_HAND);
  strcat(sql, CURSOR_ORDER);
  int src = sqlite3_prepare_v2(store->db, sql, -1, &c->stmt, NULL);
  if (src == SQLITE_OK && f->nkeys == 0 && !f->player) /* a wide walk: seats in step */
    src = sqlite3_prepare_v2(store->db, SEATS_IN_ORDER_SQL, -1, &c->seats, NULL);
  if (src != SQLITE_OK) {
    rc = fail(store, diag, src, "preparing the walk over games");
    goto done;
  }
  if (f->nkeys > 0) {
    c->id = ++store->next_cursor;
    rc = keys_insert(store, c->id, f, diag);
    if (rc != STORE_OK)
      goto done;
  }
  src = bind_filter(c->stmt, f, c->id);
  rc = src == SQLITE_OK ? STORE_OK : fail(store, diag, src, "selecting games");
done:
  if (rc != STORE_OK) {
    store_cursor_close(c);
    return rc;
  }
  *out = c;
  return STORE_OK;
}

static void free_players(StoreCursor *c) {
  for (int i = 0; i < PN_MAX_SEATS; i++) {
    free(c->players[i]);
    c->players[i] = NULL;
    c->player_ids[i] = 0;
  }
  c->nplayers = 0;
}

/* Reads the seats of game_id into the cursor (copies: they outlive the
 * statement). */
static int load_players(StoreCursor *c, int64_t game_id, PnDiag *diag);

/* The same from the seats walked in step with the games: both go in game
 * id order, so the seats of skipped games are simply passed over. */
static int load_players_in_step(StoreCursor *c, int64_t game_id, PnDiag *diag) {
  sqlite3_stmt *st = c->seats;
  free_players(c);
  for (;;) {
    if (!c->seat_row) {
      int src = sqlite3_step(st);
      if (src == SQLITE_DONE)
        return STORE_OK;
      if (src != SQLITE_ROW)
        return fail(c->store, diag, src, "reading a game's players");
      c->seat_row = true;
    }
    int64_t id = sqlite3_column_int64(st, 0);
    if (id > game_id)
      return STORE_OK;
    c->seat_row = false;
    if (id < game_id)
      continue;
    int seat = sqlite3_column_int(st, 1);
    const char *name = (const char *)sqlite3_column_text(st, 3);
    if (seat < 1 || seat > PN_MAX_SEATS || name == NULL) {
      set_msg(diag, "game %lld has a bad seat %d", (long long)game_id, seat);
      return STORE_CORRUPT;
    }
    c->players[seat - 1] = copy_text(name, (size_t)sqlite3_column_bytes(st, 3));
    c->player_ids[seat - 1] = sqlite3_column_int64(st, 2);
    if (c->players[seat - 1] == NULL) {
      set_msg(diag, "out of memory");
      return STORE_ERROR;
    }
    if (seat > c->nplayers)
      c->nplayers = seat;
  }
}

static int load_players(StoreCursor *c, int64_t game_id, PnDiag *diag) {
  Store *s = c->store;
  int rc = STORE_OK, src;
  if (c->seats)
    return load_players_in_step(c, game_id, diag);
  free_players(c);
  sqlite3_stmt *st = prepare(s, ST_CURSOR_SEATS,
                             "SELECT s.seat, p.id, p.name FROM seats AS s\n"
                             "  JOIN players AS p ON p.id = s.player_id\n"
                             " WHERE s.game_id = :game ORDER BY s.seat",
                             diag);
  if (st == NULL)
    return STORE_ERROR;
  src = bind_int(st, ":game", game_id);
  while (src == SQLITE_OK && (src = sqlite3_step(st)) == SQLITE_ROW) {
    int seat = sqlite3_column_int(st, 0);
    const char *name = (const char *)sqlite3_column_text(st, 2);
    if (seat < 1 || seat > PN_MAX_SEATS || name == NULL) {
      set_msg(diag, "game %lld has a bad seat %d", (long long)game_id, seat);
      rc = STORE_CORRUPT;
      break;
    }
    c->players[seat - 1] = copy_text(name, (size_t)sqlite3_column_bytes(st, 2));
    c->player_ids[seat - 1] = sqlite3_column_int64(st, 1);
    if (c->players[seat - 1] == NULL) {
      set_msg(diag, "out of memory");
      rc = STORE_ERROR;
      break;
    }
    if (seat > c->nplayers)
      c->nplayers = seat;
    src = SQLITE_OK;
  }
  if (rc == STORE_OK && src != SQLITE_DONE)
    rc = fail(s, diag, src, "reading a game's players");
  done_stmt(st);
  return rc;
}

static const char *column_text(sqlite3_stmt *st, int col) {
  const char *t = (const char *)sqlite3_column_text(st, col);
  return t != NULL ? t : "";
}

int store_cursor_next(StoreCursor *cursor, StoreRow *row, PnDiag *diag) {
  sqlite3_stmt *st = cursor->stmt;
  int src = sqlite3_step(st);
  if (src == SQLITE_DONE)
    return 0;
  if (src != SQLITE_ROW)
    return fail(cursor->store, diag, src, "reading games");
  memset(row, 0, sizeof *row);
  row->game_id = sqlite3_column_int64(st, 0);
  row->new_game = row->game_id != cursor->game_id;
  if (row->new_game) {
    int rc = load_players(cursor, row->game_id, diag);
    if (rc != STORE_OK)
      return rc;
    cursor->game_id = row->game_id;
  }
  row->key = column_text(st, 1);
  row->preset = column_text(st, 2);
  row->options = column_text(st, 3);
  row->tags = column_text(st, 4);
  row->winner = sqlite3_column_int(st, 5);
  row->finished = sqlite3_column_int(st, 6) != 0;
  row->hand = sqlite3_column_int(st, 7);
  row->dealer = sqlite3_column_int(st, 8);
  row->events = sqlite3_column_blob(st, 9);
  row->events_len = (size_t)sqlite3_column_bytes(st, 9);
  row->results = sqlite3_column_blob(st, 10);
  row->results_len = (size_t)sqlite3_column_bytes(st, 10);
  row->nplayers = cursor->nplayers;
  for (int i = 0; i < PN_MAX_SEATS; i++) {
    row->players[i] = cursor->players[i];
    row->player_ids[i] = cursor->player_ids[i];
  }
  return 1;
}

void store_cursor_close(StoreCursor *cursor) {
  if (cursor == NULL)
    return;
  Store *s = cursor->store;
  sqlite3_finalize(cursor->stmt);
  sqlite3_finalize(cursor->seats);
  if (cursor->id)
    keys_delete(s, cursor->id, NULL);
  free_players(cursor);
  free(cursor);
}

/* -------------------------------------------------------------- audits */

int store_audit_begin(Store *store, int rules_version, int64_t *audit_id, PnDiag *diag) {
  int rc = STORE_ERROR;
  sqlite3_stmt *st = prepare(store, ST_AUDIT_BEGIN,
                             "INSERT INTO audits(rules_version) VALUES (:rules_version)", diag);
  if (st == NULL)
    goto done;
  int src = bind_int(st, ":rules_version", rules_version);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  if (src == SQLITE_DONE) {
    *audit_id = sqlite3_last_insert_rowid(store->db);
    rc = STORE_OK;
  } else {
    rc = fail(store, diag, src, "starting an audit");
  }
done:
  done_stmt(st);
  return rc;
}

int store_audit_finding(Store *store, int64_t audit_id, const StoreFinding *finding, PnDiag *diag) {
  int rc = STORE_ERROR;
  sqlite3_stmt *st = prepare(store, ST_AUDIT_FINDING,
                             "INSERT INTO findings(audit_id, n, game_id, hand, seq, trick, seat, kind, card, detail)\n"
                             "VALUES (:audit,\n"
                             "        coalesce((SELECT max(n) FROM findings WHERE audit_id = :audit), 0) + 1,\n"
                             "        :game, :hand, :seq, :trick, :seat, :kind, :card, :detail)",
                             diag);
  if (st == NULL)
    goto done;
  const StoreFinding *f = finding;
  int src = bind_int(st, ":audit", audit_id);
  if (src == SQLITE_OK)
    src = bind_int(st, ":game", f->game_id);
  if (src == SQLITE_OK)
    src = bind_int(st, ":hand", f->hand);
  if (src == SQLITE_OK)
    src = bind_int(st, ":seq", f->seq);
  if (src == SQLITE_OK)
    src = bind_int_or_null(st, ":trick", f->trick);
  if (src == SQLITE_OK)
    src = bind_int_or_null(st, ":seat", f->seat);
  if (src == SQLITE_OK)
    src = bind_text(st, ":kind", f->kind, -1);
  if (src == SQLITE_OK)
    src = bind_text(st, ":card", f->card && f->card[0] ? f->card : NULL, -1);
  if (src == SQLITE_OK)
    src = bind_text(st, ":detail", f->detail && f->detail[0] ? f->detail : NULL, -1);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  rc = src == SQLITE_DONE ? STORE_OK : fail(store, diag, src, "recording a finding");
done:
  done_stmt(st);
  return rc;
}

int store_audit_end(Store *store, int64_t audit_id, long games, long hands, long findings, PnDiag *diag) {
  int rc = STORE_ERROR;
  sqlite3_stmt *st = prepare(store, ST_AUDIT_END,
                             "UPDATE audits SET finished = unixepoch(), games = :games,\n"
                             "       hands = :hands, findings = :findings WHERE id = :audit",
                             diag);
  if (st == NULL)
    goto done;
  int src = bind_int(st, ":games", games);
  if (src == SQLITE_OK)
    src = bind_int(st, ":hands", hands);
  if (src == SQLITE_OK)
    src = bind_int(st, ":findings", findings);
  if (src == SQLITE_OK)
    src = bind_int(st, ":audit", audit_id);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  rc = change_done(store, src, "ending an audit", diag, "no audit %lld", (long long)audit_id);
done:
  done_stmt(st);
  return rc;
}

/* ---------------------------------------------------------------- check */

int store_check(Store *store, PnDiag *diag) {
  int rc = STORE_ERROR, src;
  sqlite3_stmt *st = NULL;
  /* Run once per check: not worth a cache slot. */
  src = sqlite3_prepare_v2(store->db, "PRAGMA integrity_check", -1, &st, NULL);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  if (src == SQLITE_ROW) {
    const char *first = column_text(st, 0);
    if (strcmp(first, "ok") != 0) {
      /* "*** in database main ***\nPage 21: ...\n...": the first problem,
       * on one line (a diagnostic has no newline) */
      const char *nl = strchr(first, '\n');
      if (nl != NULL && nl - first >= 4 && memcmp(first, "*** ", 4) == 0)
        first = nl + 1;
      set_msg(diag, "%s: integrity_check: %.*s", store->path, (int)strcspn(first, "\n"), first);
      rc = 1;
      goto done;
    }
  } else {
    rc = fail(store, diag, src, "integrity_check");
    goto done;
  }
  sqlite3_finalize(st);
  st = NULL;
  src = sqlite3_prepare_v2(store->db, "PRAGMA foreign_key_check", -1, &st, NULL);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  if (src == SQLITE_ROW) {
    /* no rowid (NULL) for the WITHOUT ROWID tables */
    set_msg(diag, "%s: foreign_key_check: a %s row refers to a missing %s row", store->path,
            column_text(st, 0), column_text(st, 2));
    rc = 1;
  } else if (src == SQLITE_DONE) {
    rc = 0;
  } else {
    rc = fail(store, diag, src, "foreign_key_check");
  }
done:
  sqlite3_finalize(st);
  return rc;
}
