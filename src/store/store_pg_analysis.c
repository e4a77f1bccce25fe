/*
 * store_pg_analysis.c - the PostgreSQL backend's stored double-dummy
 * analyses (three columns of hands, schema/postgresql/002_analyses.sql;
 * store.h, analyses) and fair reviews (the reviews table,
 * 006_reviewstore.sql): the same contract as store_sqlite_analysis.c.
 */
#include <stdio.h>
#include <string.h>

#include "store_pg.h"

int store_pg_analysis_get(Store *store, int64_t game_id, int hand, int rules_version, uint64_t key, uint8_t *buf,
                          size_t size, size_t *len, PnDiag *diag) {
  PgStore *s = pg_store(store);
  int rc;
  PgNum game, num, rules, k;
  const char *values[4] = {store_pg_num(&game, game_id), store_pg_num(&num, hand),
                           store_pg_num(&rules, rules_version), store_pg_num(&k, (int64_t)key)};
  /* Stale rows (another rules version or content) are simply not found:
   * the caller searches again and its put replaces them.  The result is
   * binary, so the bytea arrives as its bytes. */
  PGresult *res = store_pg_run(s, PG_ANALYSIS_GET,
                               "SELECT analysis FROM hands WHERE game_id = $1 AND number = $2\n"
                               "   AND analysis_rules = $3 AND analysis_key = $4",
                               4, values, NULL, NULL, true, "reading an analysis", &rc, diag);
  if (res == NULL) return rc;
  int found = 0;
  if (PQntuples(res) > 0 && !PQgetisnull(res, 0, 0)) {
    int bytes = PQgetlength(res, 0, 0);
    if (bytes < 0 || (size_t)bytes > size) {
      store_set_msg(diag, "%s: the stored analysis of hand %d is %d bytes, more than an analysis takes", s->shown,
                    hand, bytes);
      PQclear(res);
      return STORE_CORRUPT;
    }
    if (bytes > 0) memcpy(buf, PQgetvalue(res, 0, 0), (size_t)bytes);
    *len = (size_t)bytes;
    found = 1;
  }
  PQclear(res);
  return found;
}

int store_pg_analysis_put(Store *store, int64_t game_id, int hand, int rules_version, uint64_t key,
                          const uint8_t *value, size_t len, PnDiag *diag) {
  PgStore *s = pg_store(store);
  int rc;
  PgNum rules, k, game, num;
  const char *values[5] = {store_pg_num(&rules, rules_version), store_pg_num(&k, (int64_t)key),
                           value ? (const char *)value : "", store_pg_num(&game, game_id),
                           store_pg_num(&num, hand)};
  int lengths[5] = {0, 0, (int)len, 0, 0}, formats[5] = {0, 0, 1, 0, 0};
  PGresult *res = store_pg_run(s, PG_ANALYSIS_PUT,
                               "UPDATE hands SET analysis_rules = $1, analysis_key = $2, analysis = $3\n"
                               " WHERE game_id = $4 AND number = $5",
                               5, values, lengths, formats, false, "storing an analysis", &rc, diag);
  char missing[96];
  snprintf(missing, sizeof missing, "no hand %d of game %lld", hand, (long long)game_id);
  return store_pg_changed_one(res, rc, diag, missing);
}

/* ------------------------------------------------------------- reviews */

int store_pg_review_get(Store *store, int64_t game_id, int hand, StoreReviewKey *k, uint8_t *buf, size_t size,
                        size_t *len, PnDiag *diag) {
  PgStore *s = pg_store(store);
  int rc;
  PgNum game, num, rules, key;
  const char *values[4] = {store_pg_num(&game, game_id), store_pg_num(&num, hand),
                           store_pg_num(&rules, k->rules_version), store_pg_num(&key, (int64_t)k->key)};
  /* Stale rows are not found; the worlds, seed and budget are the
   * caller's question.  Binary: the numbers arrive as network-order
   * integers, read by store_pg_int. */
  PGresult *res = store_pg_run(s, PG_REVIEW_GET,
                               "SELECT worlds, seed, budget, review FROM reviews\n"
                               " WHERE game_id = $1 AND number = $2 AND rules = $3 AND key = $4",
                               4, values, NULL, NULL, true, "reading a review", &rc, diag);
  if (res == NULL) return rc;
  int found = 0;
  if (PQntuples(res) > 0) {
    int bytes = PQgetlength(res, 0, 3);
    if (bytes < 0 || (size_t)bytes > size) {
      store_set_msg(diag, "%s: the stored review of hand %d is %d bytes, more than a review takes", s->shown, hand,
                    bytes);
      PQclear(res);
      return STORE_CORRUPT;
    }
    if (bytes > 0) memcpy(buf, PQgetvalue(res, 0, 3), (size_t)bytes);
    *len = (size_t)bytes;
    k->worlds = (int)store_pg_int(res, 0, 0);
    k->seed = (uint64_t)store_pg_int(res, 0, 1);
    k->budget = (long)store_pg_int(res, 0, 2);
    found = 1;
  }
  PQclear(res);
  return found;
}

int store_pg_review_put(Store *store, int64_t game_id, int hand, const StoreReviewKey *k, const uint8_t *value,
                        size_t len, PnDiag *diag) {
  PgStore *s = pg_store(store);
  int rc;
  PgNum rules, key, worlds, seed, budget, game, num;
  const char *values[8] = {store_pg_num(&rules, k->rules_version), store_pg_num(&key, (int64_t)k->key),
                           store_pg_num(&worlds, k->worlds),       store_pg_num(&seed, (int64_t)k->seed),
                           store_pg_num(&budget, k->budget),       value ? (const char *)value : "",
                           store_pg_num(&game, game_id),           store_pg_num(&num, hand)};
  int lengths[8] = {0, 0, 0, 0, 0, (int)len, 0, 0}, formats[8] = {0, 0, 0, 0, 0, 1, 0, 0};
  PGresult *res = store_pg_run(s, PG_REVIEW_PUT,
                               "INSERT INTO reviews(game_id, number, rules, key, worlds, seed, budget, review)\n"
                               "SELECT game_id, number, $1, $2, $3, $4, $5, $6 FROM hands\n"
                               " WHERE game_id = $7 AND number = $8\n"
                               "    ON CONFLICT (game_id, number) DO UPDATE SET rules = excluded.rules, key = excluded.key,\n"
                               "       worlds = excluded.worlds, seed = excluded.seed, budget = excluded.budget,\n"
                               "       review = excluded.review",
                               8, values, lengths, formats, false, "storing a review", &rc, diag);
  char missing[96];
  snprintf(missing, sizeof missing, "no hand %d of game %lld", hand, (long long)game_id);
  return store_pg_changed_one(res, rc, diag, missing);
}
