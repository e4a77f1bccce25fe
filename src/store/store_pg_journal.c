/*
 * store_pg_journal.c - the PostgreSQL backend's recorder journal (a column
 * of games, schema/postgresql/005_journal.sql; store.h, journal): the same
 * contract as store_sqlite_journal.c.
 */
#include <stdio.h>
#include <string.h>

#include "store_pg.h"

int store_pg_journal_put(Store *store, int64_t game_id, const char *text, PnDiag *diag) {
  PgStore *s = pg_store(store);
  int rc;
  PgNum game;
  const char *values[2] = {text, store_pg_num(&game, game_id)};
  PGresult *res = store_pg_run(s, PG_JOURNAL_PUT, "UPDATE games SET journal = $1 WHERE id = $2", 2, values, NULL,
                               NULL, false, "keeping the journal", &rc, diag);
  char missing[64];
  snprintf(missing, sizeof missing, "no game %lld", (long long)game_id);
  return store_pg_changed_one(res, rc, diag, missing);
}

int store_pg_journal_get(Store *store, int64_t game_id, char *buf, size_t size, PnDiag *diag) {
  PgStore *s = pg_store(store);
  int rc;
  PgNum game;
  const char *values[1] = {store_pg_num(&game, game_id)};
  PGresult *res = store_pg_run(s, PG_JOURNAL_GET, "SELECT journal FROM games WHERE id = $1 AND journal IS NOT NULL",
                               1, values, NULL, NULL, false, "reading the journal", &rc, diag);
  if (res == NULL) return rc;
  int found = 0;
  if (PQntuples(res) > 0 && !PQgetisnull(res, 0, 0)) {
    int bytes = PQgetlength(res, 0, 0);
    if (bytes < 0 || (size_t)bytes >= size) {
      store_set_msg(diag, "%s: the journal of game %lld is %d bytes, more than a hand's lines take", s->shown,
                    (long long)game_id, bytes);
      PQclear(res);
      return STORE_CORRUPT;
    }
    memcpy(buf, PQgetvalue(res, 0, 0), (size_t)bytes);
    buf[bytes] = 0;
    found = 1;
  }
  PQclear(res);
  return found;
}
