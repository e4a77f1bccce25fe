/*
 * store_sqlite_audit.c - the SQLite backend's record of audit runs and
 * their findings, and its own checks of the file (store_check:
 * PRAGMA integrity_check and foreign_key_check) (store_sqlite.h).
 */
#include <string.h>

#include "store_sqlite.h"

/* -------------------------------------------------------------- audits */

int store_sqlite_audit_begin(Store *store, int rules_version, int64_t *audit_id, PnDiag *diag) {
  SqliteStore *s = sqlite_store(store);
  Stmt q = stmt_cached(s, ST_AUDIT_BEGIN, "INSERT INTO audits(rules_version) VALUES (:rules_version)");
  stmt_int(&q, ":rules_version", rules_version);
  if (stmt_step(&q) == SQLITE_DONE)
    *audit_id = sqlite3_last_insert_rowid(s->db);
  return stmt_finish(&q, diag, "starting an audit");
}

int store_sqlite_audit_finding(Store *store, int64_t audit_id, const StoreFinding *finding, PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_AUDIT_FINDING,
                       "INSERT INTO findings(audit_id, n, game_id, hand, seq, trick, seat, kind, card, detail)\n"
                       "VALUES (:audit,\n"
                       "        coalesce((SELECT max(n) FROM findings WHERE audit_id = :audit), 0) + 1,\n"
                       "        :game, :hand, :seq, :trick, :seat, :kind, :card, :detail)");
  const StoreFinding *f = finding;
  stmt_int(&q, ":audit", audit_id);
  stmt_int(&q, ":game", f->game_id);
  stmt_int(&q, ":hand", f->hand);
  stmt_int(&q, ":seq", f->seq);
  stmt_int_or_null(&q, ":trick", f->trick);
  stmt_int_or_null(&q, ":seat", f->seat);
  stmt_text(&q, ":kind", f->kind, -1);
  stmt_text(&q, ":card", f->card && f->card[0] ? f->card : NULL, -1);
  stmt_text(&q, ":detail", f->detail && f->detail[0] ? f->detail : NULL, -1);
  stmt_step(&q);
  return stmt_finish(&q, diag, "recording a finding");
}

int store_sqlite_audit_end(Store *store, int64_t audit_id, long games, long hands, long findings,
                           PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_AUDIT_END,
                       "UPDATE audits SET finished = unixepoch(), games = :games,\n"
                       "       hands = :hands, findings = :findings WHERE id = :audit");
  stmt_int(&q, ":games", games);
  stmt_int(&q, ":hands", hands);
  stmt_int(&q, ":findings", findings);
  stmt_int(&q, ":audit", audit_id);
  stmt_step(&q);
  return stmt_finish_change(&q, diag, "ending an audit", "no audit %lld", (long long)audit_id);
}

/* ---------------------------------------------------------------- check */

static const char *column_text(sqlite3_stmt *st, int col) {
  const char *t = (const char *)sqlite3_column_text(st, col);
  return t != NULL ? t : "";
}

/* PRAGMA integrity_check: 0 when "ok", 1 with its first problem in diag. */
static int integrity_check(SqliteStore *s, PnDiag *diag) {
  sqlite3_stmt *st = NULL;
  /* Run once per check: not worth a cache slot. */
  int src = sqlite3_prepare_v2(s->db, "PRAGMA integrity_check", -1, &st, NULL);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  int rc = 0;
  if (src != SQLITE_ROW) {
    rc = store_sqlite_fail(s, diag, src, "integrity_check");
  } else if (strcmp(column_text(st, 0), "ok") != 0) {
    /* "*** in database main ***\nPage 21: ...\n...": the first problem,
     * on one line (a diagnostic has no newline) */
    const char *first = column_text(st, 0);
    const char *nl = strchr(first, '\n');
    if (nl != NULL && nl - first >= 4 && memcmp(first, "*** ", 4) == 0)
      first = nl + 1;
    store_set_msg(diag, "%s: integrity_check: %.*s", s->path, (int)strcspn(first, "\n"), first);
    rc = 1;
  }
  sqlite3_finalize(st);
  return rc;
}

/* PRAGMA foreign_key_check: 0 when no row, 1 naming the first in diag. */
static int foreign_key_check(SqliteStore *s, PnDiag *diag) {
  sqlite3_stmt *st = NULL;
  int src = sqlite3_prepare_v2(s->db, "PRAGMA foreign_key_check", -1, &st, NULL);
  if (src == SQLITE_OK)
    src = sqlite3_step(st);
  int rc = 0;
  if (src == SQLITE_ROW) {
    /* no rowid (NULL) for the WITHOUT ROWID tables */
    store_set_msg(diag, "%s: foreign_key_check: a %s row refers to a missing %s row", s->path,
                  column_text(st, 0), column_text(st, 2));
    rc = 1;
  } else if (src != SQLITE_DONE) {
    rc = store_sqlite_fail(s, diag, src, "foreign_key_check");
  }
  sqlite3_finalize(st);
  return rc;
}

int store_sqlite_check(Store *store, PnDiag *diag) {
  SqliteStore *s = sqlite_store(store);
  int rc = integrity_check(s, diag);
  return rc != 0 ? rc : foreign_key_check(s, diag);
}
