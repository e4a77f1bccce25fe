/*
 * store_sqlite_write.c - the SQLite backend's writes: games with their
 * players, seats and tags, hands, and the changes to them
 * (store_sqlite.h).
 */
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "store_sqlite.h"

int store_sqlite_game_lookup(Store *store, const char *key, int64_t *id, uint64_t *hash, PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_GAME_LOOKUP, "SELECT id, hash FROM games WHERE key = :key");
  stmt_text(&q, ":key", key, -1);
  int found = stmt_step(&q) == SQLITE_ROW;
  if (found) {
    *id = sqlite3_column_int64(q.st, 0);
    *hash = (uint64_t)sqlite3_column_int64(q.st, 1);
  }
  int rc = stmt_finish(&q, diag, "looking up a game");
  return rc != STORE_OK ? rc : found;
}

/* The id of the player called name, found or created. */
static int player_id_lookup(SqliteStore *s, const char *name, int64_t *id, PnDiag *diag) {
  Stmt find = stmt_cached(s, ST_PLAYER_FIND, "SELECT id FROM players WHERE name = :name");
  stmt_text(&find, ":name", name, -1);
  if (stmt_step(&find) == SQLITE_ROW) {
    *id = sqlite3_column_int64(find.st, 0);
    return stmt_finish(&find, diag, "looking up a player");
  }
  int rc = stmt_finish(&find, diag, "looking up a player");
  if (rc != STORE_OK)
    return rc;
  Stmt add = stmt_cached(s, ST_PLAYER_INSERT, "INSERT INTO players(name) VALUES (:name)");
  stmt_text(&add, ":name", name, -1);
  if (stmt_step(&add) == SQLITE_DONE)
    *id = sqlite3_last_insert_rowid(s->db);
  return stmt_finish(&add, diag, "adding a player");
}

/* player_id_lookup behind the cache of the write transaction's names
 * (a NULL name goes to the lookup: the NOT NULL constraint says no). */
static int player_id(SqliteStore *s, const char *name, int64_t *id, PnDiag *diag) {
  bool cache = name && !sqlite3_get_autocommit(s->db);
  if (cache && (*id = store_players_get(&s->players, name)) != 0) return STORE_OK;
  int rc = player_id_lookup(s, name, id, diag);
  if (cache && rc == STORE_OK) store_players_put(&s->players, name, *id);
  return rc;
}

int store_sqlite_player_count(Store *store, const char *name, PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_PLAYER_COUNT,
                       "SELECT count(*) FROM players WHERE name = :name COLLATE NOCASE");
  stmt_text(&q, ":name", name, -1);
  int count = stmt_step(&q) == SQLITE_ROW ? (int)sqlite3_column_int64(q.st, 0) : 0;
  int rc = stmt_finish(&q, diag, "looking up a player");
  return rc != STORE_OK ? rc : count;
}

static int seat_insert(SqliteStore *s, int64_t game_id, int seat, const char *name, PnDiag *diag) {
  int64_t pid = 0;
  int rc = player_id(s, name, &pid, diag);
  if (rc != STORE_OK)
    return rc;
  Stmt q = stmt_cached(s, ST_SEAT_INSERT, "INSERT INTO seats(game_id, seat, player_id) VALUES (?1, ?2, ?3)");
  stmt_int_at(&q, 1, game_id); /* by number: a seat per player of every imported game */
  stmt_int_at(&q, 2, seat);
  stmt_int_at(&q, 3, pid);
  stmt_step(&q);
  return stmt_finish(&q, diag, "adding a seat");
}

/* A tag row "name=value" (no '=': the value is empty); duplicates are
 * one row. */
static int tag_insert(SqliteStore *s, int64_t game_id, const char *tag, PnDiag *diag) {
  Stmt q = stmt_cached(s, ST_TAG_INSERT,
                       "INSERT OR IGNORE INTO tags(name, value, game_id) VALUES (:name, :value, :game)");
  const char *eq = strchr(tag, '=');
  stmt_int(&q, ":game", game_id);
  stmt_text(&q, ":name", tag, eq ? (int)(eq - tag) : -1);
  stmt_text(&q, ":value", eq ? eq + 1 : "", -1);
  stmt_step(&q);
  return stmt_finish(&q, diag, "adding a tag");
}

/* The games row alone. */
static int game_row_insert(SqliteStore *s, const StoreGame *game, int64_t *id, PnDiag *diag) {
  int rc = STORE_ERROR;
  char *options = store_lines_join(game->options, game->noptions);
  char *tags = store_lines_join(game->tags, game->ntags);
  Stmt q = stmt_cached(s, ST_GAME_INSERT,
                       "INSERT INTO games(key, preset, options, tags, hands, finished, winner, hash, winners) "
                       "VALUES (:key, :preset, :options, :tags, :hands, :finished, :winner, :hash, :winners)");
  if (options == NULL || tags == NULL) {
    store_set_msg(diag, "out of memory");
    stmt_reset(&q);
    goto done;
  }
  const StoreGameEnd *end = game->end;
  stmt_text(&q, ":key", game->key, -1);
  stmt_text(&q, ":preset", game->preset, -1);
  stmt_text(&q, ":options", options, -1);
  stmt_text(&q, ":tags", tags, -1);
  stmt_int(&q, ":hands", end ? end->hands : 0);
  stmt_int(&q, ":finished", end && end->finished ? 1 : 0);
  stmt_int_or_null(&q, ":winner", end ? end->winner : 0);
  stmt_int_or_null(&q, ":winners", end ? (int)end->winners : 0);
  if (end)
    stmt_int(&q, ":hash", (int64_t)end->hash);
  else
    stmt_text(&q, ":hash", NULL, 0);
  int src = stmt_step(&q);
  if (src == SQLITE_DONE)
    *id = sqlite3_last_insert_rowid(s->db);
  if (src == SQLITE_CONSTRAINT_UNIQUE) {
    store_set_msg(diag, "game '%s' is already stored", game->key);
    stmt_reset(&q);
    rc = STORE_CONFLICT;
  } else {
    rc = stmt_finish(&q, diag, "adding a game");
  }
done:
  free(options);
  free(tags);
  return rc;
}

int store_sqlite_game_insert(Store *store, const StoreGame *game, int64_t *id, PnDiag *diag) {
  SqliteStore *s = sqlite_store(store);
  /* Outside a transaction, a savepoint of its own makes the header, seats
   * and tags go in together.  Inside one the caller rolls back on failure,
   * and a savepoint per game would cost dearly: SQLite keeps a copy of
   * every page it touches (a score of pages: the games, seats and tags
   * trees), soon in a temporary file, written again for every game. */
  bool own_savepoint = sqlite3_get_autocommit(s->db) != 0;
  int rc = own_savepoint ? store_sqlite_savepoint(store, diag) : STORE_OK;
  if (rc != STORE_OK)
    return rc;
  rc = game_row_insert(s, game, id, diag);
  for (int i = 0; rc == STORE_OK && i < game->nplayers; i++)
    rc = seat_insert(s, *id, i + 1, game->players[i], diag);
  for (int i = 0; rc == STORE_OK && i < game->ntags; i++)
    rc = tag_insert(s, *id, game->tags[i], diag);
  if (!own_savepoint)
    return rc;
  if (rc == STORE_OK)
    return store_sqlite_release(store, diag);
  store_sqlite_rollback_savepoint(store);
  return rc;
}

/* The hand insert's parameters, by number (?1 ...): bound once per hand. */
enum { HAND_GAME = 1, HAND_NUMBER, HAND_DEALER, HAND_BIDDER, HAND_BID, HAND_TRUMP, HAND_EVENTS, HAND_RESULTS };

int store_sqlite_hand_insert(Store *store, int64_t game_id, const StoreHand *hand, PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_HAND_INSERT,
                       "INSERT INTO hands(game_id, number, dealer, bidder, bid, trump, events, results) "
                       "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
  char trump[2] = {0, 0};
  if (hand->trump >= 0 && hand->trump < PN_SUITS)
    trump[0] = pn_suit_char(hand->trump);
  stmt_int_at(&q, HAND_GAME, game_id);
  stmt_int_at(&q, HAND_NUMBER, hand->number);
  stmt_int_at(&q, HAND_DEALER, hand->dealer);
  stmt_int_or_null_at(&q, HAND_BIDDER, hand->bidder);
  stmt_int_or_null_at(&q, HAND_BID, hand->bidder != 0 ? hand->bid : 0);
  stmt_text_at(&q, HAND_TRUMP, trump[0] ? trump : NULL, 1);
  stmt_blob_at(&q, HAND_EVENTS, hand->events, hand->events_len, false);
  stmt_blob_at(&q, HAND_RESULTS, hand->results, hand->results_len, true);
  int src = stmt_step(&q);
  if (src == SQLITE_CONSTRAINT_PRIMARYKEY)
    store_set_msg(diag, "game %lld already has a hand %d", (long long)game_id, hand->number);
  else if (src == SQLITE_CONSTRAINT_FOREIGNKEY)
    store_set_msg(diag, "no game %lld to add hand %d to", (long long)game_id, hand->number);
  else
    return stmt_finish(&q, diag, "adding a hand");
  stmt_reset(&q);
  return src == SQLITE_CONSTRAINT_PRIMARYKEY ? STORE_CONFLICT : STORE_ERROR;
}

/* Replaces one blob column of a stored hand: the statement `id` is
 * "UPDATE hands SET <column> = :blob WHERE game_id = :game AND number =
 * :number"; `what` names the change in messages. */
static int hand_blob_update(SqliteStore *s, int id, const char *sql, int64_t game_id, int number,
                            const uint8_t *blob, size_t len, const char *what, PnDiag *diag) {
  Stmt q = stmt_cached(s, id, sql);
  stmt_blob(&q, ":blob", blob, len, true);
  stmt_int(&q, ":game", game_id);
  stmt_int(&q, ":number", number);
  stmt_step(&q);
  return stmt_finish_change(&q, diag, what, "game %lld has no hand %d", (long long)game_id, number);
}

int store_sqlite_hand_update_results(Store *store, int64_t game_id, int number, const uint8_t *results,
                                     size_t len, PnDiag *diag) {
  return hand_blob_update(sqlite_store(store), ST_HAND_RESULTS,
                          "UPDATE hands SET results = :blob WHERE game_id = :game AND number = :number",
                          game_id, number, results, len, "updating a hand's results", diag);
}

int store_sqlite_hand_update_events(Store *store, int64_t game_id, int number, const uint8_t *events,
                                    size_t len, PnDiag *diag) {
  return hand_blob_update(sqlite_store(store), ST_HAND_EVENTS,
                          "UPDATE hands SET events = :blob WHERE game_id = :game AND number = :number",
                          game_id, number, events, len, "updating a hand's events", diag);
}

/* The hand's audit findings go, and each audit's count of findings with them. */
static int hand_findings_delete(SqliteStore *s, int64_t game_id, int number, PnDiag *diag) {
  Stmt q = stmt_cached(s, ST_HAND_FINDINGS_COUNT,
                       "UPDATE audits SET findings = findings - (SELECT count(*) FROM findings AS f WHERE "
                       "f.audit_id = audits.id AND f.game_id = :game AND f.hand = :number) WHERE id IN "
                       "(SELECT audit_id FROM findings WHERE game_id = :game AND hand = :number)");
  stmt_int(&q, ":game", game_id);
  stmt_int(&q, ":number", number);
  stmt_step(&q);
  int rc = stmt_finish(&q, diag, "counting a hand's findings");
  if (rc != STORE_OK) return rc;
  q = stmt_cached(s, ST_HAND_FINDINGS_DELETE, "DELETE FROM findings WHERE game_id = :game AND hand = :number");
  stmt_int(&q, ":game", game_id);
  stmt_int(&q, ":number", number);
  stmt_step(&q);
  return stmt_finish(&q, diag, "deleting a hand's findings");
}

/* The hand's stored review goes (schema 006): made for the old events. */
static int hand_review_delete(SqliteStore *s, int64_t game_id, int number, PnDiag *diag) {
  Stmt q = stmt_cached(s, ST_HAND_REVIEW_DELETE, "DELETE FROM reviews WHERE game_id = :game AND number = :number");
  stmt_int(&q, ":game", game_id);
  stmt_int(&q, ":number", number);
  stmt_step(&q);
  return stmt_finish(&q, diag, "deleting a hand's review");
}

int store_sqlite_hand_replace(Store *store, int64_t game_id, const StoreHand *hand, PnDiag *diag) {
  SqliteStore *s = sqlite_store(store);
  Stmt q = stmt_cached(s, ST_HAND_REPLACE,
                       "UPDATE hands SET dealer = :dealer, bidder = :bidder, bid = :bid, trump = :trump, "
                       "events = :events, results = :results, analysis_rules = NULL, analysis_key = NULL, "
                       "analysis = NULL WHERE game_id = :game AND number = :number");
  char trump[2] = {0, 0};
  if (hand->trump >= 0 && hand->trump < PN_SUITS) trump[0] = pn_suit_char(hand->trump);
  stmt_int(&q, ":dealer", hand->dealer);
  stmt_int_or_null(&q, ":bidder", hand->bidder);
  stmt_int_or_null(&q, ":bid", hand->bidder != 0 ? hand->bid : 0);
  stmt_text(&q, ":trump", trump[0] ? trump : NULL, -1);
  stmt_blob(&q, ":events", hand->events, hand->events_len, false);
  stmt_blob(&q, ":results", hand->results, hand->results_len, true);
  stmt_int(&q, ":game", game_id);
  stmt_int(&q, ":number", hand->number);
  stmt_step(&q);
  int rc = stmt_finish_change(&q, diag, "replacing a hand", "game %lld has no hand %d", (long long)game_id,
                              hand->number);
  if (rc == STORE_OK) rc = hand_findings_delete(s, game_id, hand->number, diag);
  return rc == STORE_OK ? hand_review_delete(s, game_id, hand->number, diag) : rc;
}

int store_sqlite_game_update_end(Store *store, int64_t game_id, const StoreGameEnd *end, PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_GAME_END,
                       "UPDATE games SET hands = :hands, finished = :finished, winner = :winner, "
                       "hash = :hash, winners = :winners WHERE id = :game");
  stmt_int(&q, ":hands", end->hands);
  stmt_int(&q, ":finished", end->finished ? 1 : 0);
  stmt_int_or_null(&q, ":winner", end->winner);
  stmt_int_or_null(&q, ":winners", (int)end->winners);
  stmt_int(&q, ":hash", (int64_t)end->hash);
  stmt_int(&q, ":game", game_id);
  stmt_step(&q);
  return stmt_finish_change(&q, diag, "updating a game", "no game %lld", (long long)game_id);
}

int store_sqlite_game_delete(Store *store, int64_t game_id, PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_GAME_DELETE, "DELETE FROM games WHERE id = :game");
  stmt_int(&q, ":game", game_id);
  stmt_step(&q);
  return stmt_finish_change(&q, diag, "deleting a game", "no game %lld", (long long)game_id);
}
