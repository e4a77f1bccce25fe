/*
 * store_sqlite_open.c - the SQLite backend's open and close: the file
 * (created, read-only, immutable), its identity (application_id,
 * user_version), the migrations of schema/sqlite/, and the transactions
 * (store_sqlite.h).
 */
#define _POSIX_C_SOURCE 200809L /* access(): why a new database could not be created, and how to read one */

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pn_cleanup.h"
#include "schema.h"
#include "store_sqlite.h"

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
static bool use_immutable(SqliteStore *s) {
  if (exists_with(s->path, "-wal") || exists_with(s->path, "-journal") || access(s->path, R_OK) != 0)
    return false;
  char dir[1024];
  dir_of(s->path, dir, sizeof dir);
  if (access(dir, W_OK | X_OK) != 0 || access(s->path, W_OK) != 0)
    return true;
  s->tidy_wal = true;
  return false;
}

/* A writing open of a file that is there, that this user cannot write
 * (a read-only file in a writable folder), and that no writer has open (no
 * -wal or -journal beside it)?  SQLite would open it read-only by itself,
 * but with -wal and -shm files that it then cannot remove; opened
 * immutable it creates nothing, and the command fails at its first write
 * ("attempt to write a readonly database") with nothing left beside it. */
static bool write_protected(const SqliteStore *s) {
  return strcmp(s->path, STORE_SCRATCH) != 0 && access(s->path, F_OK) == 0 && access(s->path, W_OK) != 0 &&
         (errno == EACCES || errno == EROFS) && !exists_with(s->path, "-wal") && !exists_with(s->path, "-journal");
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
static void discard_if_unused(SqliteStore *s) {
  if (!sqlite3_get_autocommit(s->db))
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_busy_timeout(s->db, 0);
  if (sqlite3_exec(s->db, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE", NULL, NULL, NULL) != SQLITE_OK)
    return;
  int64_t version = 0, stored = 1;
  if (store_sqlite_query_int(s, "PRAGMA user_version", &version, NULL) == SQLITE_OK) {
    if (version == 0) /* not even the schema: a migration failed */
      stored = 0;
    else if (store_sqlite_query_int(s, "SELECT (SELECT count(*) FROM games) + (SELECT count(*) FROM players)"
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

/* SQLite keeps memory statistics by default, locking a mutex around
 * every allocation of every connection; nothing here reads them.  Set
 * once, before SQLite's first use in the process (later, sqlite3_config
 * refuses: harmless). */
static void no_memory_statistics(void) { sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

/* Opens the connection itself; names the path in every message. */
static int open_db(SqliteStore *s, int flags, PnDiag *diag) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, no_memory_statistics);
  bool readonly = (flags & STORE_READONLY) != 0;
  bool create = (flags & (STORE_CREATE | STORE_CREATE_IF_STORED)) && !(flags & (STORE_MUST_EXIST | STORE_READONLY));
  /* A Store is used by one thread at a time: no per-call mutex. */
  int oflags = (readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX;
  if (create)
    oflags |= SQLITE_OPEN_CREATE;
  char *uri = NULL;
  if (!readonly && write_protected(s)) {
    s->write_protected = true;
    oflags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX;
  }
  if (s->write_protected || (readonly && strcmp(s->path, STORE_SCRATCH) != 0 && use_immutable(s))) {
    uri = immutable_uri(s->path);
    if (uri == NULL) {
      store_set_msg(diag, "%s: out of memory", s->path);
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
    store_set_msg(diag, "%s: no such database (`pinochle init %s` creates one)", s->path, s->path);
  else if ((rc & 0xFF) == SQLITE_CANTOPEN && err != 0)
    store_set_msg(diag, "%s: cannot %s: %s", s->path, create ? "create or open" : "open", strerror(err));
  else
    store_set_msg(diag, "%s: cannot open: %s", s->path, s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
  return store_sqlite_code(rc) == STORE_BUSY ? STORE_BUSY : STORE_ERROR;
}

/* Is this a pinochle database this program may use?  Sets found_version. */
static int check_identity(SqliteStore *s, bool readonly, PnDiag *diag) {
  int64_t app = 0, version = 0, objects = 0;
  int rc = store_sqlite_query_int(s, "PRAGMA application_id", &app, diag);
  if ((rc & 0xFF) == SQLITE_NOTADB) {
    store_set_msg(diag, "%s is not a pinochle database (not an SQLite file)", s->path);
    return STORE_NOT_OURS;
  }
  if (rc == SQLITE_OK)
    rc = store_sqlite_query_int(s, "PRAGMA user_version", &version, diag);
  if (rc == SQLITE_OK)
    rc = store_sqlite_query_int(s, "SELECT count(*) FROM sqlite_master", &objects, diag);
  if (rc != SQLITE_OK)
    return store_sqlite_code(rc);
  s->base.found_version = (int)version;
  if (app != 0 && app != STORE_SQLITE_APPLICATION_ID) {
    store_set_msg(diag, "%s is not a pinochle database (application_id 0x%08llX)", s->path,
            (unsigned long long)(uint32_t)app);
    return STORE_NOT_OURS;
  }
  if (app == 0 && (objects > 0 || version != 0)) {
    store_set_msg(diag, "%s is not a pinochle database (an SQLite database of another program)", s->path);
    return STORE_NOT_OURS;
  }
  if (version > known_version()) {
    store_set_msg(diag, "%s was written by a newer pinochle (schema %lld, this one knows %d)", s->path,
            (long long)version, known_version());
    return STORE_NEWER;
  }
  if (readonly && version == 0) {
    store_set_msg(diag, "%s is an empty database, not yet a pinochle one (`pinochle init %s`)", s->path,
            s->path);
    return STORE_NOT_OURS;
  }
  if (readonly && version < known_version()) {
    store_set_msg(diag,
            "%s has schema %lld, older than this pinochle's %d: open it read-write once to "
            "upgrade it (`pinochle init %s` does)",
            s->path, (long long)version, known_version(), s->path);
    return STORE_OLDER;
  }
  return STORE_OK;
}

/* Runs the migrations after the file's version in one transaction (a
 * file is upgraded whole or not at all, and a new one is written with one
 * commit instead of one a migration: a new import's file took 9, each
 * with four syncs), starting from the version read inside it, so a
 * migration another connection has run meanwhile is not run again. */
static int migrate_pending(SqliteStore *s, PnDiag *diag) {
  char what[96];
  snprintf(what, sizeof what, "%s: migrating to schema %d", s->path, known_version());
  int rc = store_sqlite_exec(s, "BEGIN IMMEDIATE", what, diag);
  if (rc != STORE_OK)
    return rc;
  int64_t version = 0, app = 0;
  rc = store_sqlite_code(store_sqlite_query_int(s, "PRAGMA user_version", &version, diag));
  for (int i = 0; rc == STORE_OK && i < store_sqlite_migration_count; i++) {
    const StoreMigration *m = &store_sqlite_migrations[i];
    if (version >= m->version)
      continue;
    snprintf(what, sizeof what, "%s: migrating to schema %d (%s)", s->path, m->version, m->name);
    if (version != m->version - 1) {
      store_set_msg(diag, "%s: schema %lld cannot be migrated to %d", s->path, (long long)version, m->version);
      rc = STORE_ERROR;
      break;
    }
    rc = store_sqlite_exec(s, m->sql, what, diag);
    if (rc == STORE_OK)
      rc = store_sqlite_code(store_sqlite_query_int(s, "PRAGMA user_version", &version, diag));
    if (rc == STORE_OK)
      rc = store_sqlite_code(store_sqlite_query_int(s, "PRAGMA application_id", &app, diag));
    if (rc == STORE_OK && (version != m->version || app != STORE_SQLITE_APPLICATION_ID)) {
      store_set_msg(diag, "%s: migration %s left user_version %lld, application_id %lld", s->path, m->name,
                    (long long)version, (long long)app);
      rc = STORE_ERROR;
    }
  }
  if (rc == STORE_OK)
    rc = store_sqlite_exec(s, "COMMIT", what, diag);
  if (rc != STORE_OK && !sqlite3_get_autocommit(s->db))
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
  return rc;
}

static const StoreOps SQLITE_OPS = {
    .check_names = "integrity_check and foreign_key_check",
#define STORE_OP(ret, name, params) .name = store_sqlite_##name,
#include "store_ops.def"
#undef STORE_OP
};

/* Opens (and migrates) the SQLite database at path; STORE_SCRATCH
 * (":memory:") is a private in-memory one.  Sets WAL, foreign keys and a
 * busy timeout.  STORE_READONLY opens with SQLITE_OPEN_READONLY: no
 * migration, nothing written, and no -wal/-shm file left behind (close
 * removes those its open created, when no other connection uses them).
 * A file with no -wal or -journal beside it that this user cannot write,
 * or whose folder it cannot write, is opened immutable
 * ("file:PATH?immutable=1"), which creates nothing. */
int store_sqlite_open(const char *path, int flags, Store **out, PnDiag *diag) {
  int rc = STORE_ERROR;
  bool readonly = (flags & STORE_READONLY) != 0;
  bool memory = strcmp(path, STORE_SCRATCH) == 0;
  SqliteStore *s = calloc(1, sizeof *s);
  *out = NULL;
  if (s != NULL)
    s->cleanup = -1;
  if (s == NULL || (s->path = store_sqlite_copy(path, strlen(path))) == NULL) {
    store_set_msg(diag, "%s: out of memory", path);
    goto done;
  }
  s->base.ops = &SQLITE_OPS;
  if (sqlite3_libversion_number() < 3038000) { /* the views use ->> and unixepoch() */
    store_set_msg(diag, "%s: pinochle needs SQLite 3.38 or later, not %s", path, sqlite3_libversion());
    rc = STORE_ERROR;
    goto done;
  }
  /* errno after access(): a file that is there but cannot be looked at is
   * not one to remove later */
  bool absent = (flags & STORE_CREATE_IF_STORED) && !memory && access(path, F_OK) != 0 && errno == ENOENT;
  bool creating = absent && !readonly && !(flags & STORE_MUST_EXIST);
  /* Until its first commit a killed command removes the file it creates
   * (pn_cleanup.h); registered before it exists, so no moment is missed. */
  if (creating)
    s->cleanup = pn_cleanup_add(path, PN_CLEANUP_DATABASE);
  rc = open_db(s, flags, diag);
  if (rc != STORE_OK)
    goto done;
  s->created = creating;
  sqlite3_extended_result_codes(s->db, 1);
  sqlite3_busy_timeout(s->db, 5000);
  rc = check_identity(s, readonly, diag);
  if (rc != STORE_OK)
    goto done;
  /* 16 KiB pages for a new file, before its first table: fewer pages to
   * split, link and write for the same rows (importing 100,000 deals
   * 0.91x the time, the players report 0.88x, for 291 bytes a deal
   * instead of 283).  A file made before keeps its pages. */
  if (creating)
    rc = store_sqlite_exec(s, "PRAGMA page_size = 16384", s->path, diag);
  if (rc == STORE_OK)
    rc = store_sqlite_exec(s,
                           "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -16384; "
                           "PRAGMA wal_autocheckpoint = 64",
                           s->path, diag);
  /* An import creating the file keeps a rollback journal until close
   * (STORE_BULK), with synchronous = FULL: NORMAL may skip that journal's
   * sync, and a power cut could then corrupt the file. */
  s->bulk = creating && (flags & STORE_BULK);
  if (rc == STORE_OK && s->bulk)
    rc = store_sqlite_exec(s, "PRAGMA synchronous = FULL", s->path, diag);
  else if (rc == STORE_OK && !readonly && !memory && !s->write_protected)
    rc = store_sqlite_exec(s, "PRAGMA journal_mode = WAL", s->path, diag);
  if (rc == STORE_OK && !readonly && s->base.found_version < known_version())
    rc = migrate_pending(s, diag);
done:
  if (rc != STORE_OK) {
    if (s != NULL)
      store_sqlite_close(&s->base);
    return rc;
  }
  *out = &s->base;
  return STORE_OK;
}

void store_sqlite_close(Store *store) {
  SqliteStore *s = sqlite_store(store);
  pn_cleanup_forget(s->cleanup); /* removed below when nothing is stored, else kept */
  for (int i = 0; i < ST_COUNT; i++)
    sqlite3_finalize(s->stmt[i]);
  if (s->bulk) { /* a rollback journal until now (STORE_BULK) */
    if (!sqlite3_get_autocommit(s->db))
      sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_exec(s->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
  }
  if (s->created)
    discard_if_unused(s);
  /* _v2: a cursor left open by mistake does not keep the file open. */
  sqlite3_close_v2(s->db);
  if (s->tidy_wal)
    tidy_wal(s->path);
  free(s->path);
  free(s);
}

/* --------------------------------------------------------- transactions */

static void forget_players(SqliteStore *s) {
  store_players_forget(&s->players);
}

int store_sqlite_begin(Store *store, PnDiag *diag) {
  SqliteStore *s = sqlite_store(store);
  forget_players(s);
  return store_sqlite_run(s, ST_BEGIN, "BEGIN IMMEDIATE", "starting a write transaction", diag);
}

/* A new database stops being the signal handler's to remove before its
 * first commit, so that a signal during the commit cannot remove what was
 * committed (at worst it leaves the file); registered again if the commit
 * fails. */
int store_sqlite_commit(Store *store, PnDiag *diag) {
  SqliteStore *s = sqlite_store(store);
  bool armed = s->cleanup >= 0;
  pn_cleanup_forget(s->cleanup);
  s->cleanup = -1;
  int rc = store_sqlite_run(s, ST_COMMIT, "COMMIT", "committing", diag);
  if (rc != STORE_OK && armed)
    s->cleanup = pn_cleanup_add(s->path, PN_CLEANUP_DATABASE);
  return rc;
}

void store_sqlite_rollback(Store *store) {
  SqliteStore *s = sqlite_store(store);
  forget_players(s);
  if (!sqlite3_get_autocommit(s->db))
    store_sqlite_run(s, ST_ROLLBACK, "ROLLBACK", "rolling back", NULL);
}

int store_sqlite_savepoint(Store *store, PnDiag *diag) {
  return store_sqlite_run(sqlite_store(store), ST_SAVEPOINT, "SAVEPOINT store_game", "starting a savepoint", diag);
}

int store_sqlite_release(Store *store, PnDiag *diag) {
  return store_sqlite_run(sqlite_store(store), ST_RELEASE, "RELEASE store_game", "releasing a savepoint", diag);
}

void store_sqlite_rollback_savepoint(Store *store) {
  SqliteStore *s = sqlite_store(store);
  forget_players(s);
  /* ROLLBACK TO keeps the savepoint open: RELEASE it too. */
  if (store_sqlite_run(s, ST_ROLLBACK_TO, "ROLLBACK TO store_game", "rolling back a savepoint", NULL) == STORE_OK)
    store_sqlite_run(s, ST_RELEASE, "RELEASE store_game", "releasing a savepoint", NULL);
}
