/*
 * store_sqlite_analysis.c - the SQLite backend's stored double-dummy
 * analyses (three columns of hands, schema/sqlite/002_analyses.sql; store.h,
 * analyses) and fair reviews (the reviews table, 006_reviewstore.sql).
 */
#include <string.h>

#include "store_sqlite.h"

/* Binds which hand an analysis is of (:game, :hand) and what it was made
 * for (:rules_version, :key): the get and the put name a row alike. */
static void bind_hand_key(Stmt *q, int64_t game_id, int hand, int rules_version, uint64_t key) {
  stmt_int(q, ":game", game_id);
  stmt_int(q, ":hand", hand);
  stmt_int(q, ":rules_version", rules_version);
  stmt_int(q, ":key", (int64_t)key);
}

int store_sqlite_analysis_get(Store *store, int64_t game_id, int hand, int rules_version, uint64_t key,
                              uint8_t *buf, size_t size, size_t *len, PnDiag *diag) {
  SqliteStore *s = sqlite_store(store);
  /* Stale rows (another rules version or content) are simply not found:
   * the caller searches again and its put replaces them. */
  Stmt q = stmt_cached(s, ST_ANALYSIS_GET,
                       "SELECT analysis FROM hands WHERE game_id = :game AND number = :hand\n"
                       "   AND analysis_rules = :rules_version AND analysis_key = :key");
  bind_hand_key(&q, game_id, hand, rules_version, key);
  int found = 0;
  if (stmt_step(&q) == SQLITE_ROW) {
    int bytes = sqlite3_column_bytes(q.st, 0);
    const void *blob = sqlite3_column_blob(q.st, 0);
    if (bytes < 0 || (size_t)bytes > size || (bytes > 0 && blob == NULL)) {
      stmt_reset(&q);
      store_set_msg(diag, "%s: the stored analysis of hand %d is %d bytes, more than an analysis takes", s->path,
                    hand, bytes);
      return STORE_CORRUPT;
    }
    if (bytes > 0) memcpy(buf, blob, (size_t)bytes);
    *len = (size_t)bytes;
    found = 1;
  }
  int rc = stmt_finish(&q, diag, "reading an analysis");
  return rc != STORE_OK ? rc : found;
}

int store_sqlite_analysis_put(Store *store, int64_t game_id, int hand, int rules_version, uint64_t key,
                              const uint8_t *value, size_t len, PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_ANALYSIS_PUT,
                       "UPDATE hands SET analysis_rules = :rules_version, analysis_key = :key,\n"
                       "       analysis = :value WHERE game_id = :game AND number = :hand");
  bind_hand_key(&q, game_id, hand, rules_version, key);
  stmt_blob(&q, ":value", value, len, false);
  stmt_step(&q);
  return stmt_finish_change(&q, diag, "storing an analysis", "no hand %d of game %lld", hand, (long long)game_id);
}

/* ------------------------------------------------------------- reviews */

int store_sqlite_review_get(Store *store, int64_t game_id, int hand, StoreReviewKey *k, uint8_t *buf, size_t size,
                            size_t *len, PnDiag *diag) {
  SqliteStore *s = sqlite_store(store);
  /* Stale rows (another rules version or content) are not found; which
   * worlds, seed and budget it was made with is the caller's question. */
  Stmt q = stmt_cached(s, ST_REVIEW_GET,
                       "SELECT worlds, seed, budget, review FROM reviews\n"
                       " WHERE game_id = :game AND number = :hand AND rules = :rules_version AND key = :key");
  bind_hand_key(&q, game_id, hand, k->rules_version, k->key);
  int found = 0;
  if (stmt_step(&q) == SQLITE_ROW) {
    int bytes = sqlite3_column_bytes(q.st, 3);
    const void *blob = sqlite3_column_blob(q.st, 3);
    if (bytes < 0 || (size_t)bytes > size || (bytes > 0 && blob == NULL)) {
      stmt_reset(&q);
      store_set_msg(diag, "%s: the stored review of hand %d is %d bytes, more than a review takes", s->path, hand,
                    bytes);
      return STORE_CORRUPT;
    }
    if (bytes > 0) memcpy(buf, blob, (size_t)bytes);
    *len = (size_t)bytes;
    k->worlds = sqlite3_column_int(q.st, 0);
    k->seed = (uint64_t)sqlite3_column_int64(q.st, 1);
    k->budget = (long)sqlite3_column_int64(q.st, 2);
    found = 1;
  }
  int rc = stmt_finish(&q, diag, "reading a review");
  return rc != STORE_OK ? rc : found;
}

int store_sqlite_review_put(Store *store, int64_t game_id, int hand, const StoreReviewKey *k, const uint8_t *value,
                            size_t len, PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_REVIEW_PUT,
                       "INSERT INTO reviews(game_id, number, rules, key, worlds, seed, budget, review)\n"
                       "SELECT game_id, number, :rules_version, :key, :worlds, :seed, :budget, :value FROM hands\n"
                       " WHERE game_id = :game AND number = :hand\n"
                       "    ON CONFLICT (game_id, number) DO UPDATE SET rules = excluded.rules, key = excluded.key,\n"
                       "       worlds = excluded.worlds, seed = excluded.seed, budget = excluded.budget,\n"
                       "       review = excluded.review");
  bind_hand_key(&q, game_id, hand, k->rules_version, k->key);
  stmt_int(&q, ":worlds", k->worlds);
  stmt_int(&q, ":seed", (int64_t)k->seed);
  stmt_int(&q, ":budget", k->budget);
  stmt_blob(&q, ":value", value, len, false);
  stmt_step(&q);
  return stmt_finish_change(&q, diag, "storing a review", "no hand %d of game %lld", hand, (long long)game_id);
}
