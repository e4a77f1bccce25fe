/*
 * store_sqlite_stmt.c - the SQLite backend's statement helper (Stmt,
 * which keeps the first error) and its error codes and messages
 * (store_sqlite.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_sqlite.h"

/* ---------------------------------------------------------------- errors */

int store_sqlite_code(int sqlite_rc) {
  if (sqlite_rc == SQLITE_OK)
    return STORE_OK;
  switch (sqlite_rc & 0xFF) {
  case SQLITE_BUSY:
  case SQLITE_LOCKED: return STORE_BUSY;
  case SQLITE_CORRUPT:
  case SQLITE_NOTADB: return STORE_CORRUPT;
  default: return STORE_ERROR;
  }
}

int store_sqlite_fail(const SqliteStore *s, PnDiag *diag, int sqlite_rc, const char *what) {
  /* a failure is never STORE_OK, whatever code came with it */
  int rc = store_sqlite_code(sqlite_rc);
  /* busy after the 5 s timeout: say who holds it (an import that creates
   * the file holds it, journal and all, until it ends) */
  store_set_msg(diag, "%s: %s%s", what, s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(sqlite_rc),
                rc == STORE_BUSY ? "; another program is writing it (an import creating it holds it to the end): "
                                   "try again later"
                                 : "");
  return rc != STORE_OK ? rc : STORE_ERROR;
}

char *store_sqlite_copy(const char *text, size_t len) {
  char *out = malloc(len + 1);
  if (out != NULL) {
    memcpy(out, text, len);
    out[len] = '\0';
  }
  return out;
}

/* ------------------------------------------------------------------ Stmt */

Stmt stmt_cached(SqliteStore *s, int id, const char *sql) {
  Stmt q = {.s = s, .st = s->stmt[id], .rc = SQLITE_OK};
  if (q.st == NULL) {
    q.rc = sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s->stmt[id], NULL);
    if (q.rc != SQLITE_OK) {
      sqlite3_finalize(s->stmt[id]);
      s->stmt[id] = NULL;
      q.unprepared = true;
    }
    q.st = s->stmt[id];
  }
  return q;
}

Stmt stmt_adopt(SqliteStore *s, sqlite3_stmt *st, int rc) {
  Stmt q = {.s = s, .st = st, .rc = rc, .unprepared = rc != SQLITE_OK};
  return q;
}

/* The parameter's index, or 0 (SQLite's answer for a name it lacks, which
 * a bind turns into SQLITE_RANGE). */
static int param(const Stmt *q, const char *name) {
  return sqlite3_bind_parameter_index(q->st, name);
}

/* Keeps rc when it is the first error. */
static void keep(Stmt *q, int rc) {
  if (q->rc == SQLITE_OK && rc != SQLITE_OK)
    q->rc = rc;
}

/* The binds by position: the name forms below look the name up, then bind. */
void stmt_int_at(Stmt *q, int i, int64_t v) {
  if (q->rc == SQLITE_OK)
    keep(q, sqlite3_bind_int64(q->st, i, v));
}

void stmt_int_or_null_at(Stmt *q, int i, int64_t v) {
  if (q->rc == SQLITE_OK)
    keep(q, v != 0 ? sqlite3_bind_int64(q->st, i, v) : sqlite3_bind_null(q->st, i));
}

void stmt_text_at(Stmt *q, int i, const char *v, int len) {
  if (q->rc != SQLITE_OK)
    return;
  if (v == NULL)
    keep(q, sqlite3_bind_null(q->st, i));
  else
    keep(q, sqlite3_bind_text(q->st, i, v, len, SQLITE_STATIC));
}

void stmt_blob_at(Stmt *q, int i, const uint8_t *v, size_t len, bool null_ok) {
  if (q->rc != SQLITE_OK)
    return;
  if (v == NULL && null_ok) {
    keep(q, sqlite3_bind_null(q->st, i));
    return;
  }
  /* a non-NULL pointer: an empty blob, not NULL */
  keep(q, sqlite3_bind_blob64(q->st, i, v != NULL ? (const void *)v : "", v != NULL ? len : 0, SQLITE_STATIC));
}

void stmt_int(Stmt *q, const char *name, int64_t v) {
  if (q->rc == SQLITE_OK)
    stmt_int_at(q, param(q, name), v);
}

void stmt_int_or_null(Stmt *q, const char *name, int64_t v) {
  if (q->rc == SQLITE_OK)
    stmt_int_or_null_at(q, param(q, name), v);
}

void stmt_text(Stmt *q, const char *name, const char *v, int len) {
  if (q->rc == SQLITE_OK)
    stmt_text_at(q, param(q, name), v, len);
}

void stmt_blob(Stmt *q, const char *name, const uint8_t *v, size_t len, bool null_ok) {
  if (q->rc == SQLITE_OK)
    stmt_blob_at(q, param(q, name), v, len, null_ok);
}

void stmt_opt_text(Stmt *q, const char *name, const char *v) {
  int i = q->rc == SQLITE_OK ? param(q, name) : 0;
  if (i != 0)
    keep(q, v != NULL ? sqlite3_bind_text(q->st, i, v, -1, SQLITE_TRANSIENT) : sqlite3_bind_null(q->st, i));
}

void stmt_opt_int(Stmt *q, const char *name, int64_t v) {
  int i = q->rc == SQLITE_OK ? param(q, name) : 0;
  if (i != 0)
    keep(q, sqlite3_bind_int64(q->st, i, v));
}

int stmt_step(Stmt *q) {
  if (q->rc != SQLITE_OK)
    return q->rc;
  int rc = sqlite3_step(q->st);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    q->rc = rc;
  return rc;
}

void stmt_again(Stmt *q) {
  if (q->st != NULL)
    sqlite3_reset(q->st);
}

void stmt_reset(Stmt *q) {
  if (q->st != NULL) {
    sqlite3_reset(q->st);
    sqlite3_clear_bindings(q->st);
  }
}

int stmt_finish(Stmt *q, PnDiag *diag, const char *what) {
  int rc = STORE_OK;
  /* the message first: it is the connection's until the reset */
  if (q->unprepared) {
    store_sqlite_fail(q->s, diag, q->rc, "preparing a statement");
    rc = STORE_ERROR;
  } else if (q->rc != SQLITE_OK) {
    rc = store_sqlite_fail(q->s, diag, q->rc, what);
  }
  stmt_reset(q);
  return rc;
}

int stmt_finish_change(Stmt *q, PnDiag *diag, const char *what, const char *missing, ...) {
  bool changed = q->rc == SQLITE_OK && sqlite3_changes(q->s->db) > 0;
  int rc = stmt_finish(q, diag, what);
  if (rc != STORE_OK || changed)
    return rc;
  if (diag != NULL) {
    va_list ap;
    va_start(ap, missing);
    vsnprintf(diag->msg, sizeof diag->msg, missing, ap);
    va_end(ap);
  }
  return STORE_ERROR;
}

/* --------------------------------------------------------- one-off SQL */

int store_sqlite_run(SqliteStore *s, int id, const char *sql, const char *what, PnDiag *diag) {
  Stmt q = stmt_cached(s, id, sql);
  stmt_step(&q);
  return stmt_finish(&q, diag, what);
}

int store_sqlite_exec(SqliteStore *s, const char *sql, const char *what, PnDiag *diag) {
  int rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
  return rc == SQLITE_OK ? STORE_OK : store_sqlite_fail(s, diag, rc, what);
}

int store_sqlite_query_int(SqliteStore *s, const char *sql, int64_t *value, PnDiag *diag) {
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL);
  if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    *value = sqlite3_column_int64(st, 0);
    rc = SQLITE_OK;
  }
  if (rc != SQLITE_OK)
    store_sqlite_fail(s, diag, rc, s->path);
  sqlite3_finalize(st);
  return rc;
}
