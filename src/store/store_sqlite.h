/*
 * store_sqlite.h - the SQLite backend of the store, shared by its files
 * (private to src/store):
 *   store_sqlite_stmt.c   the statement helper (Stmt) and error codes
 *   store_sqlite_open.c   open, identity, migrations, close, transactions
 *   store_sqlite_write.c  games, players, seats, tags and hands written
 *   store_sqlite_read.c   the cursor over games and hands
 *   store_sqlite_audit.c  audit runs and their findings, store_check
 *
 * One SqliteStore is one connection.  Each statement is prepared the
 * first time it is needed, with its SQL written at the call site, and
 * kept in stmt[] until close; values are bound by name
 * (by number in the few run once per imported row).  The schema comes
 * from schema/sqlite/, embedded at build time (schema.h).
 */
#ifndef PN_STORE_SQLITE_H
#define PN_STORE_SQLITE_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>

#include "store_backend.h"

/* 'PNOC' in PRAGMA application_id: the file is a pinochle database. */
#define STORE_SQLITE_APPLICATION_ID 0x504E4F43

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
  ST_HAND_REPLACE,
  ST_HAND_FINDINGS_COUNT,
  ST_HAND_FINDINGS_DELETE,
  ST_GAME_DELETE,
  ST_CURSOR_SEATS,
  ST_KEY_INSERT,
  ST_KEY_DELETE,
  ST_AUDIT_BEGIN,
  ST_AUDIT_FINDING,
  ST_AUDIT_END,
  ST_ANALYSIS_GET,
  ST_ANALYSIS_PUT,
  ST_REVIEW_GET,
  ST_REVIEW_PUT,
  ST_HAND_REVIEW_DELETE,
  ST_NIGHT_INSERT,
  ST_NIGHT_GET,
  ST_NIGHT_NAMES,
  ST_JOURNAL_PUT,
  ST_JOURNAL_GET,
  ST_COUNT
};

typedef struct SqliteStore {
  Store base;                      /* first: a Store * is a SqliteStore * */
  sqlite3 *db;                     /* the connection */
  char *path;                      /* as given to store_open, for messages */
  int next_cursor;                 /* number for the next cursor's keys */
  bool keys_table;                 /* temp.store_keys exists */
  bool tidy_wal;                   /* READONLY: the -wal/-shm files are this open's doing */
  bool created;                    /* CREATE_IF_STORED: this open created the file */
  bool bulk;                       /* BULK: created, rollback journal until close */
  int cleanup;                     /* created: its pn_cleanup slot until the first commit, else -1 */
  bool write_protected;            /* a writing open of a file this user cannot write: read-only, immutable */
  sqlite3_stmt *stmt[ST_COUNT];    /* prepared on first use, NULL before */
  StorePlayerCache players;        /* ids of the names met in this write transaction */
} SqliteStore;

static inline SqliteStore *sqlite_store(Store *store) {
  return (SqliteStore *)store;
}

/* ------------------------------------------------------ store_sqlite_stmt.c */

/* One use of a statement that keeps its first error, after Fossil's Stmt:
 * once something failed (the prepare, a bind, a step), the binds and
 * steps after it do nothing, and stmt_finish reports that first error
 * once.  So a run of binds needs no check after each:
 *
 *   Stmt q = stmt_cached(s, ST_SEAT_INSERT, "INSERT ... (:game, :seat)");
 *   stmt_int(&q, ":game", game_id);
 *   stmt_int(&q, ":seat", seat);
 *   stmt_step(&q);
 *   return stmt_finish(&q, diag, "adding a seat");
 *
 * A bind by a name the statement lacks is a bug: SQLITE_RANGE.  Text and
 * blobs are bound without a copy (SQLITE_STATIC): every statement is
 * stepped while the caller's strings live, and stmt_finish clears the
 * bindings. */
typedef struct Stmt {
  SqliteStore *s;                  /* borrowed */
  sqlite3_stmt *st;                /* borrowed (cached in s->stmt[]) or owned (stmt_adopt); NULL: not prepared */
  int rc;                          /* the first error, SQLITE_OK until one */
  bool unprepared;                 /* rc is the prepare's: "preparing a statement", STORE_ERROR */
} Stmt;

/* Statement `id`, prepared from sql the first time (SQLITE_PREPARE_PERSISTENT). */
Stmt stmt_cached(SqliteStore *s, int id, const char *sql);
/* A statement prepared by the caller (rc: its prepare's result), which
 * the caller finalizes. */
Stmt stmt_adopt(SqliteStore *s, sqlite3_stmt *st, int rc);
void stmt_int(Stmt *q, const char *name, int64_t v);
/* NULL when v is 0 ("none" in the store's structs). */
void stmt_int_or_null(Stmt *q, const char *name, int64_t v);
/* NULL text binds NULL; len < 0 means up to the NUL. */
void stmt_text(Stmt *q, const char *name, const char *v, int len);
/* NULL v binds NULL when null_ok, else an empty blob. */
void stmt_blob(Stmt *q, const char *name, const uint8_t *v, size_t len, bool null_ok);
/* The same by parameter number (1-based), for the statements run once
 * per row of an import: a bind by name costs a search of the statement's
 * names (sqlite3_bind_parameter_index), 8 of them for every hand. */
void stmt_int_at(Stmt *q, int i, int64_t v);
void stmt_int_or_null_at(Stmt *q, int i, int64_t v);
void stmt_text_at(Stmt *q, int i, const char *v, int len);
void stmt_blob_at(Stmt *q, int i, const uint8_t *v, size_t len, bool null_ok);
/* For a statement assembled from optional pieces: a name it lacks is
 * skipped; the text is copied (SQLITE_TRANSIENT). */
void stmt_opt_text(Stmt *q, const char *name, const char *v);
void stmt_opt_int(Stmt *q, const char *name, int64_t v);
/* Steps once: SQLITE_ROW, SQLITE_DONE, or the first error (kept). */
int stmt_step(Stmt *q);
/* Resets for another step with new bindings (a loop of inserts). */
void stmt_again(Stmt *q);
/* Ends this use: resets the statement and clears its bindings.  Returns
 * STORE_OK, or with the first error "what: SQLite's message" in diag and
 * its store code. */
int stmt_finish(Stmt *q, PnDiag *diag, const char *what);
/* The same, ignoring any error (the caller has reported it). */
void stmt_reset(Stmt *q);
/* Ends an UPDATE or DELETE of one row: as stmt_finish, and when no row
 * changed the caller's message (printf form) and STORE_ERROR. */
int stmt_finish_change(Stmt *q, PnDiag *diag, const char *what, const char *missing, ...)
    __attribute__((format(printf, 4, 5)));

/* The store code for an SQLite result code (SQLITE_OK: STORE_OK). */
int store_sqlite_code(int sqlite_rc);
/* Fills diag with "what: SQLite's message" and returns the store code. */
int store_sqlite_fail(const SqliteStore *s, PnDiag *diag, int sqlite_rc, const char *what);
/* Runs cached statement `id` (no rows wanted): BEGIN, COMMIT ... */
int store_sqlite_run(SqliteStore *s, int id, const char *sql, const char *what, PnDiag *diag);
/* Runs trusted SQL text (PRAGMAs, migrations): never built from data. */
int store_sqlite_exec(SqliteStore *s, const char *sql, const char *what, PnDiag *diag);
/* One integer from a one-off query (PRAGMAs at open).  Returns the
 * SQLite code, with diag filled ("PATH: message") when not SQLITE_OK. */
int store_sqlite_query_int(SqliteStore *s, const char *sql, int64_t *value, PnDiag *diag);
/* A malloc'd copy of text[0..len), NUL-terminated; NULL when out of memory. */
char *store_sqlite_copy(const char *text, size_t len);

/* -------------------------------------------- the StoreOps of the backend */

/* One store_sqlite_NAME per operation of store_ops.def: the transactions
 * and close in store_sqlite_open.c, the writes in store_sqlite_write.c,
 * the cursor in store_sqlite_read.c, audits and check in
 * store_sqlite_audit.c, the analyses in store_sqlite_analysis.c. */
#define STORE_OP(ret, name, params) ret store_sqlite_##name params;
#include "store_ops.def"
#undef STORE_OP

#endif
