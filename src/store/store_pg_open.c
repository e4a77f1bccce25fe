/*
 * store_pg_open.c - the PostgreSQL backend's connection: connect, the
 * database's identity (pinochle_meta), the migrations of
 * schema/postgresql/, close, transactions, and the helpers that run
 * statements and turn the server's errors into store codes (store_pg.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema.h"
#include "store_pg.h"

/* 'PNOC': the key of the advisory lock two programs migrating one new
 * database at once take, so that it is migrated once. */
#define PG_MIGRATION_LOCK 1347309379

static int known_version(void) {
  return store_postgresql_migrations[store_postgresql_migration_count - 1].version;
}

/* ---------------------------------------------------------------- helpers */

const char *store_pg_num(PgNum *buf, int64_t v) {
  snprintf(buf->text, sizeof buf->text, "%lld", (long long)v);
  return buf->text;
}

int64_t store_pg_int(const PGresult *res, int row, int col) {
  if (PQgetisnull(res, row, col))
    return 0;
  const unsigned char *p = (const unsigned char *)PQgetvalue(res, row, col);
  int len = PQgetlength(res, row, col);
  uint64_t v = 0;
  for (int i = 0; i < len; i++)
    v = v << 8 | p[i];
  if (len > 0 && len < 8 && (p[0] & 0x80)) /* sign-extend int2/int4 */
    v |= ~(uint64_t)0 << (8 * len);
  return (int64_t)v;
}

/* The server's message on one line (libpq ends it with a newline and may
 * add DETAIL lines): the first line only. */
static void first_line(const char *msg, char *out, size_t size) {
  snprintf(out, size, "%.*s", (int)strcspn(msg, "\n"), msg);
}

int store_pg_fail(PgStore *s, const PGresult *res, const char *what, PnDiag *diag) {
  char line[400];
  const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
  first_line(res && PQresultErrorMessage(res)[0] ? PQresultErrorMessage(res) : PQerrorMessage(s->conn), line,
             sizeof line);
  if (PQstatus(s->conn) != CONNECTION_OK) {
    store_set_msg(diag, "%s: %s: connection to the server lost (%s); nothing of this transaction is stored",
                  s->shown, what, line);
    return STORE_ERROR;
  }
  store_set_msg(diag, "%s: %s: %s", s->shown, what, line);
  if (state != NULL && strcmp(state, "23505") == 0) /* unique_violation: known by its code, not its wording */
    return STORE_CONFLICT;
  if (state != NULL && (strcmp(state, "40001") == 0 || strcmp(state, "40P01") == 0 || strcmp(state, "55P03") == 0))
    return STORE_BUSY;
  return STORE_ERROR;
}

int store_pg_exec(PgStore *s, const char *sql, const char *what, PnDiag *diag) {
  int rc = store_pg_collect(s, diag);
  if (rc != STORE_OK)
    return rc;
  PGresult *res = PQexec(s->conn, sql);
  ExecStatusType st = PQresultStatus(res);
  rc = st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK ? STORE_OK : store_pg_fail(s, res, what, diag);
  PQclear(res);
  return rc;
}

/* Hands are flushed before every statement but these, which neither read
 * nor change hands (a game's rows go in before its hands). */
static bool keeps_copy(int id) {
  return id == PG_GAME_INSERT || id == PG_PLAYERS_ADD || id == PG_PLAYERS_IDS || id == PG_PLAYERS_LOCK ||
         id == PG_GAME_LOOKUP || id == PG_GAME_IDS || id == PG_KNOWN_READ;
}

PGresult *store_pg_run(PgStore *s, int id, const char *sql, int n, const char *const *values,
                       const int *lengths, const int *formats, bool binary_result, const char *what,
                       int *rc, PnDiag *diag) {
  char name[16];
  snprintf(name, sizeof name, "pn%d", id);
  *rc = store_pg_collect(s, diag);
  if (*rc == STORE_OK && !keeps_copy(id))
    *rc = store_pg_flush(s, diag);
  if (*rc != STORE_OK)
    return NULL;
  if (!s->prepared[id]) {
    PGresult *prep = PQprepare(s->conn, name, sql, n, NULL);
    if (PQresultStatus(prep) != PGRES_COMMAND_OK) {
      *rc = store_pg_fail(s, prep, what, diag);
      PQclear(prep);
      return NULL;
    }
    PQclear(prep);
    s->prepared[id] = true;
  }
  PGresult *res = PQexecPrepared(s->conn, name, n, values, lengths, formats, binary_result ? 1 : 0);
  ExecStatusType st = PQresultStatus(res);
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
    *rc = store_pg_fail(s, res, what, diag);
    PQclear(res);
    return NULL;
  }
  return res;
}

int store_pg_flush(PgStore *s, PnDiag *diag) {
  int rc = store_pg_collect(s, diag);
  if (rc == STORE_OK)
    rc = store_pg_flush_seats(s, diag);
  if (rc == STORE_OK)
    rc = store_pg_flush_hands(s, diag);
  /* the COPYs done before the statement that follows, which may read them */
  return rc != STORE_OK ? rc : store_pg_collect(s, diag);
}

int store_pg_flush_hands(PgStore *s, PnDiag *diag) {
  int rc = store_pg_flush_games(s, diag); /* the hands' games first */
  if (rc != STORE_OK || s->hands.rows == 0)
    return rc;
  /* binary COPY's end: a row of -1 columns (store_pg_write.c's hand_row) */
  if (store_pg_copy_append(&s->hands, "\xff\xff", 2)) {
    rc = store_pg_copy_send(s, PG_SENT_HANDS, &s->hands, diag);
  } else {
    store_set_msg(diag, "out of memory");
    rc = STORE_ERROR;
  }
  s->hands.len = 0;
  s->hands.rows = 0;
  return rc;
}

void store_pg_forget_players(PgStore *s) {
  store_players_forget(&s->players);
}

/* ----------------------------------------------------------- open/close */

/* libpq prints the server's notices to stderr by default ("relation
 * already exists, skipping"): the store's messages are its own. */
static void ignore_notice(void *arg, const char *message) {
  (void)arg;
  (void)message;
}

/* Is this a pinochle database this program may use?  Sets found_version. */
static int check_identity(PgStore *s, bool readonly, PnDiag *diag) {
  PGresult *res = PQexec(s->conn,
                         "SELECT to_regclass('pinochle_meta') IS NOT NULL,"
                         "       (SELECT count(*) FROM pg_catalog.pg_class AS c"
                         "          JOIN pg_catalog.pg_namespace AS n ON n.oid = c.relnamespace"
                         "         WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p', 'm'))");
  if (PQresultStatus(res) != PGRES_TUPLES_OK) {
    int rc = store_pg_fail(s, res, "reading the schema version", diag);
    PQclear(res);
    return rc;
  }
  bool has_meta = PQgetvalue(res, 0, 0)[0] == 't';
  long objects = atol(PQgetvalue(res, 0, 1));
  PQclear(res);
  long version = 0;
  if (has_meta) {
    res = PQexec(s->conn, "SELECT application, version FROM pinochle_meta");
    if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1 ||
        strcmp(PQgetvalue(res, 0, 0), "pinochle") != 0) {
      store_set_msg(diag, "%s is not a pinochle database (its pinochle_meta table is not ours)", s->shown);
      PQclear(res);
      return STORE_NOT_OURS;
    }
    version = atol(PQgetvalue(res, 0, 1));
    PQclear(res);
  } else if (objects > 0) {
    store_set_msg(diag, "%s is not a pinochle database (its schema holds tables of another program)", s->shown);
    return STORE_NOT_OURS;
  }
  s->base.found_version = (int)version;
  if (version > known_version()) {
    store_set_msg(diag, "%s was written by a newer pinochle (schema %ld, this one knows %d)", s->shown, version,
                  known_version());
    return STORE_NEWER;
  }
  if (readonly && version == 0) {
    store_set_msg(diag, "%s is an empty database, not yet a pinochle one (`pinochle init URI`)", s->shown);
    return STORE_NOT_OURS;
  }
  if (readonly && version < known_version()) {
    store_set_msg(diag, "%s has schema %ld, older than this pinochle's %d: open it read-write once to upgrade it",
                  s->shown, version, known_version());
    return STORE_OLDER;
  }
  return STORE_OK;
}

/* Runs the migrations after the database's version in one transaction,
 * under the advisory lock (a database is upgraded whole or not at all,
 * with one commit), starting from the version read once the lock is
 * held, so a migration another program has run meanwhile is not run
 * again. */
static int migrate_pending(PgStore *s, PnDiag *diag) {
  char what[96], lock[80];
  snprintf(what, sizeof what, "migrating to schema %d", known_version());
  snprintf(lock, sizeof lock, "SELECT pg_advisory_xact_lock(%d)", PG_MIGRATION_LOCK);
  int rc = store_pg_exec(s, "BEGIN", what, diag);
  if (rc != STORE_OK)
    return rc;
  rc = store_pg_exec(s, lock, what, diag);
  if (rc != STORE_OK)
    goto done;
  /* the version again, now that no one else migrates: 0 without the table */
  /* pg_class read with this statement's snapshot: to_regclass would use a
   * catalog snapshot taken before the lock was granted, and miss the
   * table the other program has just created */
  PGresult *res = PQexec(s->conn, "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class AS c"
                                  " JOIN pg_catalog.pg_namespace AS n ON n.oid = c.relnamespace"
                                  " WHERE c.relname = 'pinochle_meta' AND n.nspname = current_schema())");
  bool has_meta = PQresultStatus(res) == PGRES_TUPLES_OK && PQgetvalue(res, 0, 0)[0] == 't';
  PQclear(res);
  long version = 0;
  if (has_meta) {
    res = PQexec(s->conn, "SELECT version FROM pinochle_meta");
    if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1) {
      rc = store_pg_fail(s, res, what, diag);
      PQclear(res);
      goto done;
    }
    version = atol(PQgetvalue(res, 0, 0));
    PQclear(res);
  }
  for (int i = 0; i < store_postgresql_migration_count; i++) {
    const StoreMigration *m = &store_postgresql_migrations[i];
    if (version >= m->version)
      continue;
    snprintf(what, sizeof what, "migrating to schema %d (%s)", m->version, m->name);
    if (version != m->version - 1) {
      store_set_msg(diag, "%s: schema %ld cannot be migrated to %d", s->shown, version, m->version);
      rc = STORE_ERROR;
      goto done;
    }
    rc = store_pg_exec(s, m->sql, what, diag);
    if (rc != STORE_OK)
      goto done;
    res = PQexec(s->conn, "SELECT version FROM pinochle_meta");
    version = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 ? atol(PQgetvalue(res, 0, 0)) : 0;
    PQclear(res);
    if (version != m->version) {
      store_set_msg(diag, "%s: migration %s did not set pinochle_meta.version to %d", s->shown, m->name, m->version);
      rc = STORE_ERROR;
      goto done;
    }
  }
done:
  if (rc == STORE_OK)
    return store_pg_exec(s, "COMMIT", what, diag);
  PQclear(PQexec(s->conn, "ROLLBACK"));
  return rc;
}

static const StoreOps PG_OPS = {
    .check_names = "constraint and reference checks",
#define STORE_OP(ret, name, params) .name = store_pg_##name,
#include "store_ops.def"
#undef STORE_OP
};

/* Opens (and migrates) the PostgreSQL database a libpq URI names; libpq
 * also reads PGHOST, PGUSER, ~/.pgpass, sslmode...  The database itself
 * must exist (createdb makes one; STORE_CREATE makes it a pinochle
 * database, it does not create it on the server), so STORE_CREATE_IF_STORED
 * leaves nothing to remove.  STORE_READONLY: every transaction of the
 * session is read-only, and nothing is migrated. */
int store_pg_open(const char *uri, int flags, Store **out, PnDiag *diag) {
  int rc = STORE_ERROR;
  bool readonly = (flags & STORE_READONLY) != 0;
  PgStore *s = calloc(1, sizeof *s);
  *out = NULL;
  if (s == NULL) {
    store_set_msg(diag, "out of memory");
    return STORE_ERROR;
  }
  s->base.ops = &PG_OPS;
  s->readonly = readonly;
  store_name_shown(uri, s->shown, sizeof s->shown);
  if (store_pg_lib_load(diag) != STORE_OK)
    goto done;
  /* libpq knows the scheme in lower case only; URI schemes ignore case */
  char *lowered = malloc(strlen(uri) + 1);
  if (lowered == NULL) {
    store_set_msg(diag, "%s: out of memory", s->shown);
    goto done;
  }
  strcpy(lowered, uri);
  for (char *c = lowered; *c && *c != ':'; c++)
    if (*c >= 'A' && *c <= 'Z')
      *c = (char)(*c - 'A' + 'a');
  s->conn = PQconnectdb(lowered);
  free(lowered);
  if (s->conn == NULL) {
    store_set_msg(diag, "%s: out of memory", s->shown);
    goto done;
  }
  if (PQstatus(s->conn) != CONNECTION_OK) {
    char line[400];
    first_line(PQerrorMessage(s->conn), line, sizeof line);
    if (strstr(line, "does not exist") && strstr(line, "database"))
      store_set_msg(diag, "%s: no such database (%s; createdb makes one)", s->shown, line);
    else
      store_set_msg(diag, "%s: cannot connect: %s", s->shown, line);
    goto done;
  }
  PQsetNoticeProcessor(s->conn, ignore_notice, NULL);
  /* jit off: before ANALYZE has run (just after an import) the planner
   * takes the walk for costly enough to compile, and compiling it took
   * 0.39 s of a 0.74 s players report over 100,000 hands (issue 35); our
   * statements are scans and look-ups that JIT does not speed up. */
  rc = store_pg_exec(s,
                     readonly ? "SET default_transaction_read_only = on;"
                                " SET client_min_messages = warning; SET jit = off"
                              : "SET client_min_messages = warning; SET jit = off",
                     "setting up the session", diag);
  if (rc == STORE_OK)
    rc = check_identity(s, readonly, diag);
  if (rc == STORE_OK && !readonly && s->base.found_version < known_version())
    rc = migrate_pending(s, diag);
done:
  if (rc != STORE_OK) {
    store_pg_close(&s->base);
    return rc;
  }
  *out = &s->base;
  return STORE_OK;
}

void store_pg_close(Store *store) {
  PgStore *s = pg_store(store);
  /* A transaction left open is rolled back by the server when the
   * connection ends: nothing of it is stored.  No connection when libpq
   * could not be loaded. */
  if (s->conn)
    PQfinish(s->conn);
  free(s->hands.buf);
  free(s->feeding.buf);
  for (size_t i = 0; i < s->nqueue; i++)
    free(s->queue[i].rows.buf);
  free(s->queue);
  store_pg_drop_games(s);
  free(s->games.buf);
  free(s->tags.buf);
  free(s->pending);
  free(s->ids);
  free(s->ids_ahead);
  store_pg_known_forget(s, 0);
  free(s->known);
  free(s->slots);
  store_pg_drop_seats(s, 0);
  free(s->seats);
  free(s);
}

/* --------------------------------------------------------- transactions */

int store_pg_begin(Store *store, PnDiag *diag) {
  PgStore *s = pg_store(store);
  store_pg_forget_players(s);
  store_pg_known_forget(s, 0);
  if (s->walk_cursors > 0) { /* its COMMIT would end the walk's transaction and its cursors */
    store_set_msg(diag, "%s: a transaction begun while a read-only walk is open", s->shown);
    return STORE_ERROR;
  }
  int rc = store_pg_exec(s, "BEGIN", "starting a write transaction", diag);
  s->in_tx = rc == STORE_OK;
  s->tx_hands = 0;
  s->players_locked = false;
  return rc;
}

/* Hands a transaction adds before its tables are analysed at commit. */
enum { PG_ANALYZE_AFTER = 1000 };

/* After a commit that added many hands (an import): the planner's
 * statistics, which autovacuum would bring only later, so the next report
 * is planned for the rows there are (right after a 100,000-hand import it
 * guessed 8,750 games for 16,186).  Of hands only the columns queries
 * join, filter or sort on (the row count comes with any): its events and
 * results took 0.07 of the 0.17 s.  A sample of 3,000 rows a table
 * (statistics target 10, not 100), since these statistics only stand in
 * until autovacuum's: the import's time 0.936x (15 pairs; it runs after
 * every row is stored, while the client waits), the players report after
 * it no slower (0.96x, 9 pairs).  Its failure loses nothing committed
 * (a role that does not own the tables gets a warning), so it is not
 * reported. */
static void analyze_after(PgStore *s) {
  if (s->tx_hands >= PG_ANALYZE_AFTER)
    PQclear(PQexec(s->conn, "SET default_statistics_target = 10;"
                            " ANALYZE games, hands(game_id, number), seats, tags, players;"
                            " RESET default_statistics_target"));
  s->tx_hands = 0;
}

/* COMMIT, which the server answers "ROLLBACK" when the transaction
 * failed: a COPY error not read would otherwise pass for stored. */
static int commit_exec(PgStore *s, PnDiag *diag) {
  int rc = store_pg_collect(s, diag);
  if (rc != STORE_OK)
    return rc;
  PGresult *res = PQexec(s->conn, "COMMIT");
  if (PQresultStatus(res) != PGRES_COMMAND_OK)
    rc = store_pg_fail(s, res, "committing", diag);
  else if (strcmp(PQcmdStatus(res), "COMMIT") != 0) {
    store_set_msg(diag, "%s: committing: the server rolled the transaction back; nothing of it is stored", s->shown);
    rc = STORE_ERROR;
  }
  PQclear(res);
  return rc;
}

int store_pg_commit(Store *store, PnDiag *diag) {
  PgStore *s = pg_store(store);
  int rc = store_pg_flush(s, diag);
  if (rc == STORE_OK)
    rc = commit_exec(s, diag);
  if (rc != STORE_OK) {
    store_pg_settle(s);
    s->sent_rc = STORE_OK; /* reported already, or rolled back with the rest */
    PQclear(PQexec(s->conn, "ROLLBACK"));
  }
  s->in_tx = false;
  s->players_locked = false;
  store_pg_known_forget(s, 0);
  if (rc == STORE_OK)
    analyze_after(s);
  s->tx_hands = 0;
  return rc;
}

void store_pg_rollback(Store *store) {
  PgStore *s = pg_store(store);
  store_pg_forget_players(s);
  store_pg_drop_seats(s, 0);
  store_pg_drop_games(s);
  store_pg_known_forget(s, 0);
  s->in_savepoint = false;
  s->hands.len = 0;
  s->hands.rows = 0;
  s->tx_hands = 0;
  s->players_locked = false;
  store_pg_settle(s);
  s->sent_rc = STORE_OK; /* a COPY of what is rolled back: nothing to report */
  if (s->in_tx)
    PQclear(PQexec(s->conn, "ROLLBACK"));
  s->in_tx = false;
}

int store_pg_savepoint(Store *store, PnDiag *diag) {
  PgStore *s = pg_store(store);
  /* the seats waiting stay waiting (their players are made at commit);
   * a rollback to the savepoint forgets those that came after it */
  int rc = store_pg_flush_hands(s, diag);
  s->seats_mark = s->nseats;
  s->in_savepoint = rc == STORE_OK;
  store_pg_known_forget(s, -1); /* games go in one by one: look-ups ask the server */
  return rc != STORE_OK ? rc : store_pg_exec(s, "SAVEPOINT store_game", "starting a savepoint", diag);
}

int store_pg_release(Store *store, PnDiag *diag) {
  PgStore *s = pg_store(store);
  s->in_savepoint = false;
  int rc = store_pg_flush_hands(s, diag);
  return rc != STORE_OK ? rc : store_pg_exec(s, "RELEASE SAVEPOINT store_game", "releasing a savepoint", diag);
}

void store_pg_rollback_savepoint(Store *store) {
  PgStore *s = pg_store(store);
  store_pg_forget_players(s);
  store_pg_drop_seats(s, s->seats_mark);
  store_pg_drop_games(s);
  s->in_savepoint = false;
  /* the hands waiting are the rolled-back game's: the savepoint flushed
   * everything before it */
  s->hands.len = 0;
  s->hands.rows = 0;
  s->players_locked = false; /* taken in the savepoint: gone with it */
  store_pg_settle(s);
  s->sent_rc = STORE_OK;
  if (store_pg_exec(s, "ROLLBACK TO SAVEPOINT store_game", "rolling back a savepoint", NULL) == STORE_OK)
    store_pg_exec(s, "RELEASE SAVEPOINT store_game", "releasing a savepoint", NULL);
}
