/*
 * store_pg_write.c - the PostgreSQL backend's writes: games with their
 * players, seats and tags, hands (COPY inside a transaction, one INSERT
 * outside one), and the changes to them (store_pg.h).
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "pn_buf.h"
#include "store_pg.h"

/* A PostgreSQL array literal ({"a","b"}) of v[0..n); caller frees; NULL:
 * no memory.  Inside the quotes only '"' and '\' need a backslash. */
static char *text_array(const char *const *v, int n) {
  size_t len = 3;
  for (int i = 0; i < n; i++)
    len += 2 * strlen(v[i]) + 3;
  char *out = malloc(len), *p = out;
  if (out == NULL)
    return NULL;
  *p++ = '{';
  for (int i = 0; i < n; i++) {
    if (i > 0)
      *p++ = ',';
    *p++ = '"';
    for (const char *c = v[i]; *c; c++) {
      if (*c == '"' || *c == '\\')
        *p++ = '\\';
      *p++ = *c;
    }
    *p++ = '"';
  }
  *p++ = '}';
  *p = '\0';
  return out;
}

int store_pg_game_lookup(Store *store, const char *key, int64_t *id, uint64_t *hash, PnDiag *diag) {
  int rc;
  const char *values[1] = {key};
  if (store_pg_pending_find(pg_store(store), key, id, hash)) /* waiting for COPY */
    return 1;
  int known = store_pg_known_find(pg_store(store), key, id, hash, diag);
  if (known != 2)
    return known;
  PGresult *res = store_pg_run(pg_store(store), PG_GAME_LOOKUP, "SELECT id, hash FROM games WHERE key = $1", 1,
                               values, NULL, NULL, false, "looking up a game", &rc, diag);
  if (res == NULL)
    return rc;
  int found = PQntuples(res) > 0;
  if (found) {
    *id = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
    *hash = (uint64_t)strtoll(PQgetvalue(res, 0, 1), NULL, 10);
  }
  PQclear(res);
  return found;
}

int store_pg_player_count(Store *store, const char *name, PnDiag *diag) {
  int rc;
  const char *values[1] = {name};
  /* ASCII case only, as SQLite's NOCASE: translate, not lower() */
  PGresult *res = store_pg_run(
      pg_store(store), PG_PLAYER_COUNT,
      "SELECT count(*) FROM players WHERE translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
      " = translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')",
      1, values, NULL, NULL, false, "looking up a player", &rc, diag);
  if (res == NULL)
    return rc;
  int count = atoi(PQgetvalue(res, 0, 0));
  PQclear(res);
  return count;
}

void store_pg_drop_seats(PgStore *s, size_t from) {
  for (size_t i = from; i < s->nseats; i++)
    free(s->seats[i].name);
  if (from < s->nseats)
    s->nseats = from;
  if (s->seats_mark > s->nseats)
    s->seats_mark = s->nseats;
}

/* The game's seats join those waiting (names copied). */
int store_pg_seats_queue(PgStore *s, const StoreGame *game, int64_t id, PnDiag *diag) {
  for (int i = 0; i < game->nplayers; i++)
    if (game->players[i] == NULL) {
      store_set_msg(diag, "%s: adding a seat: seat %d has no player", s->shown, i + 1);
      return STORE_ERROR;
    }
  if (PN_VEC_RESERVE(s->seats, s->seats_cap, s->nseats + (size_t)game->nplayers) != 0)
    goto nomem;
  for (int i = 0; i < game->nplayers; i++) {
    char *name = strdup(game->players[i]);
    if (name == NULL)
      goto nomem;
    s->seats[s->nseats++] = (PgSeat){.game_id = id, .seat = i + 1, .name = name};
  }
  return STORE_OK;
nomem:
  store_set_msg(diag, "out of memory");
  return STORE_ERROR;
}

/* 'PNPL': the advisory lock a transaction takes before it makes players
 * and holds to its end.  Only its holder has players not committed, so
 * no writer waits for another's new player while that one waits for it:
 * no deadlock, even though players are made block by block (issue 35). */
#define PG_PLAYERS_LOCK_KEY "1347309644"

static int names_cmp(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The names of the seats waiting that the players cache lacks, each once,
 * sorted, into v[0..*n) (borrowed from the seats). */
static void names_missing(const PgStore *s, const char **v, size_t *n) {
  *n = 0;
  for (size_t i = 0; i < s->nseats; i++)
    if (store_players_get(&s->players, s->seats[i].name) == 0)
      v[(*n)++] = s->seats[i].name;
  qsort(v, *n, sizeof *v, names_cmp);
  size_t kept = 0;
  for (size_t i = 0; i < *n; i++)
    if (kept == 0 || strcmp(v[kept - 1], v[i]) != 0)
      v[kept++] = v[i];
  *n = kept;
}

/* The ids of the players called names (a text[] literal of n names),
 * those not stored yet made first, in name order, under the players
 * lock.  *found: rows (name, id), caller PQclears. */
static int players_ids(PgStore *s, const char *names, size_t n, PGresult **found, PnDiag *diag) {
  static const char SELECT[] = "SELECT name, id FROM players WHERE name = ANY($1::text[])";
  const char *pv[1] = {names};
  int rc;
  *found = store_pg_run(s, PG_PLAYERS_IDS, SELECT, 1, pv, NULL, NULL, false, "reading players", &rc, diag);
  if (*found == NULL || (size_t)PQntuples(*found) >= n)
    return rc;
  PQclear(*found);
  *found = NULL;
  PGresult *res = NULL;
  const char *lock[1] = {PG_PLAYERS_LOCK_KEY};
  if (!s->players_locked &&
      (res = store_pg_run(s, PG_PLAYERS_LOCK, "SELECT pg_advisory_xact_lock($1::bigint)", 1, lock, NULL, NULL, false,
                          "waiting for the players lock", &rc, diag)) == NULL)
    return rc;
  PQclear(res);
  s->players_locked = true;
  res = store_pg_run(s, PG_PLAYERS_ADD,
                     "INSERT INTO players(name) SELECT DISTINCT n FROM unnest($1::text[]) AS u(n)"
                     " WHERE NOT EXISTS (SELECT 1 FROM players p WHERE p.name = u.n)"
                     " ORDER BY n ON CONFLICT (name) DO NOTHING",
                     1, pv, NULL, NULL, false, "adding players", &rc, diag);
  if (res == NULL)
    return rc;
  PQclear(res);
  *found = store_pg_run(s, PG_PLAYERS_IDS, SELECT, 1, pv, NULL, NULL, false, "reading players", &rc, diag);
  return rc;
}

/* The id of the seat's player: the cache's, else found's; 0 none. */
static int64_t seat_player(const PgStore *s, const PGresult *found, const char *name) {
  int64_t id = store_players_get(&s->players, name);
  for (int i = 0; id == 0 && found != NULL && i < PQntuples(found); i++)
    if (strcmp(PQgetvalue(found, i, 0), name) == 0)
      id = strtoll(PQgetvalue(found, i, 1), NULL, 10);
  return id;
}

/* The seats waiting as COPY rows (game_id, seat, player_id) into c. */
static int seats_rows(PgStore *s, const PGresult *found, PgCopy *c, PnDiag *diag) {
  for (size_t i = 0; i < s->nseats; i++) {
    const PgSeat *seat = &s->seats[i];
    int64_t player = seat_player(s, found, seat->name);
    if (player == 0) {
      store_set_msg(diag, "%s: adding seats: no player '%s' after adding it", s->shown, seat->name);
      return STORE_ERROR;
    }
    char row[64];
    int len = snprintf(row, sizeof row, "%lld\t%d\t%lld\n", (long long)seat->game_id, seat->seat, (long long)player);
    if (!store_pg_copy_append(c, row, (size_t)len)) {
      store_set_msg(diag, "out of memory");
      return STORE_ERROR;
    }
    c->rows++;
  }
  return STORE_OK;
}

int store_pg_flush_seats(PgStore *s, PnDiag *diag) {
  int rc = store_pg_flush_games(s, diag); /* the seats' games first */
  if (rc != STORE_OK || s->nseats == 0)
    return rc;
  PgCopy rows = {0};
  PGresult *found = NULL;
  char *names = NULL;
  size_t n;
  const char **v = malloc(s->nseats * sizeof *v);
  if (v == NULL)
    goto nomem;
  names_missing(s, v, &n);
  if (n > 0) {
    if ((names = text_array(v, (int)n)) == NULL)
      goto nomem;
    rc = players_ids(s, names, n, &found, diag);
    if (rc != STORE_OK)
      goto done;
    for (int i = 0; i < PQntuples(found); i++)
      store_players_put(&s->players, PQgetvalue(found, i, 0), strtoll(PQgetvalue(found, i, 1), NULL, 10));
  }
  rc = seats_rows(s, found, &rows, diag);
  if (rc == STORE_OK)
    rc = store_pg_copy_send(s, PG_SENT_SEATS, &rows, diag);
  if (rc == STORE_OK)
    store_pg_drop_seats(s, 0);
  goto done;
nomem:
  store_set_msg(diag, "out of memory");
  rc = STORE_ERROR;
done:
  PQclear(found);
  free(v);
  free(names);
  free(rows.buf);
  return rc;
}

/* The games row, its seats and its tag rows ("name=value"; no '=': the
 * value is empty; duplicates are one row) in one statement: one round
 * trip per game. */
static int game_rows_insert(PgStore *s, const StoreGame *game, int64_t *id, PnDiag *diag) {
  int rc = STORE_ERROR;
  char *options = store_lines_join(game->options, game->noptions);
  char *tags_lines = store_lines_join(game->tags, game->ntags);
  char *tags = text_array(game->tags, game->ntags);
  if (options == NULL || tags_lines == NULL || tags == NULL) {
    store_set_msg(diag, "out of memory");
    goto done;
  }
  const StoreGameEnd *end = game->end;
  PgNum hands, finished, winner, hash, winners;
  const char *values[10] = {game->key,
                            game->preset,
                            options,
                            tags_lines,
                            store_pg_num(&hands, end ? end->hands : 0),
                            store_pg_num(&finished, end && end->finished ? 1 : 0),
                            end && end->winner ? store_pg_num(&winner, end->winner) : NULL,
                            end ? store_pg_num(&hash, (int64_t)end->hash) : NULL,
                            tags,
                            end && end->winners ? store_pg_num(&winners, end->winners) : NULL};
  PGresult *res = store_pg_run(
      s, PG_GAME_INSERT,
      "WITH g AS (INSERT INTO games(key, preset, options, tags, hands, finished, winner, hash, winners)\n"
      "           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $10) RETURNING id),\n"
      "     t AS (INSERT INTO tags(name, value, game_id)\n"
      "           SELECT DISTINCT CASE WHEN strpos(u.t, '=') > 0 THEN left(u.t, strpos(u.t, '=') - 1) ELSE u.t END,\n"
      "                  CASE WHEN strpos(u.t, '=') > 0 THEN substr(u.t, strpos(u.t, '=') + 1) ELSE '' END, g.id\n"
      "             FROM g, unnest($9::text[]) AS u(t)\n"
      "           ON CONFLICT DO NOTHING)\n"
      "SELECT id FROM g",
      10, values, NULL, NULL, false, "adding a game", &rc, diag);
  if (res != NULL) {
    *id = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
    PQclear(res);
    rc = store_pg_seats_queue(s, game, *id, diag);
  } else if (rc == STORE_CONFLICT) {
    /* the one unique key of games besides its id: stored already,
     * perhaps by another writer a moment ago */
    store_set_msg(diag, "game '%s' is already stored", game->key);
  }
done:
  free(options);
  free(tags_lines);
  free(tags);
  return rc;
}

int store_pg_game_insert(Store *store, const StoreGame *game, int64_t *id, PnDiag *diag) {
  PgStore *s = pg_store(store);
  /* Inside a transaction, outside a savepoint: the rows wait for COPY.
   * In a savepoint (import --keep-going) one statement, whose failure
   * names this game. */
  if (s->in_tx && !s->in_savepoint)
    return store_pg_game_batch(s, game, id, diag);
  /* Outside a transaction, one of its own makes the players and the
   * game's rows go in together. */
  bool own = !s->in_tx;
  int rc = own ? store_pg_begin(store, diag) : STORE_OK;
  if (rc != STORE_OK)
    return rc;
  rc = game_rows_insert(s, game, id, diag);
  if (!own)
    return rc;
  if (rc == STORE_OK)
    return store_pg_commit(store, diag);
  store_pg_rollback(store);
  return rc;
}

/* Hands go by COPY in binary: no hex to write for the events and
 * results, nor for the server to read back (a COPY of 100,000 hands
 * 0.86 -> 0.67 s on the server, 40% fewer bytes).  Binary COPY wants each
 * column's exact type: game_id int8, number int4, dealer and bidder
 * int2, bid int4, trump "char" (1 byte), events and results bytea, as in
 * schema/postgresql; a migration that changes one changes hand_row. */
static const char COPY_BINARY_HEADER[19] = "PGCOPY\n\377\r\n\0\0\0\0\0\0\0\0\0";

/* A field: its length (-1: NULL) and bytes, big-endian as COPY wants. */
static bool field(PgCopy *c, const void *v, int32_t len) {
  uint8_t head[4] = {(uint8_t)((uint32_t)len >> 24), (uint8_t)((uint32_t)len >> 16), (uint8_t)((uint32_t)len >> 8),
                     (uint8_t)len};
  return store_pg_copy_append(c, (const char *)head, 4) && (len <= 0 || store_pg_copy_append(c, v, (size_t)len));
}

/* An integer field of `bytes` bytes (2, 4 or 8), or NULL when !present. */
static bool field_int(PgCopy *c, int64_t v, int bytes, bool present) {
  uint8_t b[8];
  for (int i = 0; i < bytes; i++)
    b[i] = (uint8_t)((uint64_t)v >> (8 * (bytes - 1 - i)));
  return field(c, b, present ? bytes : -1);
}

/* The hand's row in binary COPY (the header first in a new buffer). */
static bool hand_row(PgCopy *c, int64_t game_id, const StoreHand *hand, char trump) {
  static const uint8_t columns[2] = {0, 8};
  if (c->len == 0 && !store_pg_copy_append(c, COPY_BINARY_HEADER, sizeof COPY_BINARY_HEADER))
    return false;
  return store_pg_copy_append(c, (const char *)columns, 2) && field_int(c, game_id, 8, true) &&
         field_int(c, hand->number, 4, true) && field_int(c, hand->dealer, 2, true) &&
         field_int(c, hand->bidder, 2, hand->bidder != 0) && field_int(c, hand->bid, 4, hand->bidder && hand->bid) &&
         field(c, &trump, trump ? 1 : -1) && field(c, hand->events, (int32_t)hand->events_len) &&
         field(c, hand->results, hand->results ? (int32_t)hand->results_len : -1);
}

/* Hands waiting for COPY are sent at the latest when this many bytes
 * wait; the COPYs under way are moved on every PG_PUMP_HANDS hands (at
 * every hand, its recv() and send() were a fifth of the client's time).
 * The server stores a block only once it is sent, so a large one leaves
 * it waiting at the start and storing alone at the end: an import of
 * 100,000 deals took 0.951x the time with 2 MiB than with 8 (11 pairs),
 * 1 MiB the same as 2, 512 KiB 1.05x and 256 KiB 1.23x that of 1 (a
 * statement, and its reference triggers, per block; PG_QUEUE_MAX). */
enum { PG_COPY_FLUSH = 2 << 20, PG_PUMP_HANDS = 32 };

int store_pg_hand_insert(Store *store, int64_t game_id, const StoreHand *hand, PnDiag *diag) {
  PgStore *s = pg_store(store);
  char trump[2] = {0, 0};
  if (hand->trump >= 0 && hand->trump < PN_SUITS)
    trump[0] = pn_suit_char(hand->trump);
  PgNum game, number, dealer, bidder, bid;
  const char *bidder_text = hand->bidder ? store_pg_num(&bidder, hand->bidder) : NULL;
  const char *bid_text = hand->bidder && hand->bid ? store_pg_num(&bid, hand->bid) : NULL;
  if (s->in_tx) {
    /* Inside a transaction: a row for COPY (errors come when it is sent,
     * still inside the caller's transaction or savepoint). */
    if (!hand_row(&s->hands, game_id, hand, trump[0])) {
      store_set_msg(diag, "out of memory");
      return STORE_ERROR;
    }
    s->hands.rows++;
    s->tx_hands++;
    if (s->hands.rows % PG_PUMP_HANDS == 0)
      store_pg_copy_pump(s); /* the blocks sent before go on to the server */
    return s->hands.len >= PG_COPY_FLUSH ? store_pg_flush_hands(s, diag) : STORE_OK;
  }
  int rc;
  const char *values[8] = {store_pg_num(&game, game_id),
                           store_pg_num(&number, hand->number),
                           store_pg_num(&dealer, hand->dealer),
                           bidder_text,
                           bid_text,
                           trump[0] ? trump : NULL,
                           hand->events ? (const char *)hand->events : "",
                           (const char *)hand->results};
  int lengths[8] = {0, 0, 0, 0, 0, 0, (int)hand->events_len, (int)hand->results_len};
  int formats[8] = {0, 0, 0, 0, 0, 0, 1, 1};
  PGresult *res = store_pg_run(s, PG_HAND_INSERT,
                               "INSERT INTO hands(game_id, number, dealer, bidder, bid, trump, events, results)"
                               " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                               8, values, lengths, formats, false, "adding a hand", &rc, diag);
  if (res != NULL) {
    PQclear(res);
    return STORE_OK;
  }
  if (rc == STORE_CONFLICT) /* (game_id, number), the one unique key of hands */
    store_set_msg(diag, "game %lld already has a hand %d", (long long)game_id, hand->number);
  else if (strstr(diag ? diag->msg : "", "hands_game_id_fkey") != NULL)
    store_set_msg(diag, "no game %lld to add hand %d to", (long long)game_id, hand->number);
  return rc == STORE_CONFLICT ? STORE_CONFLICT : STORE_ERROR;
}

int store_pg_changed_one(PGresult *res, int rc, PnDiag *diag, const char *missing) {
  if (res == NULL)
    return rc;
  bool none = strcmp(PQcmdTuples(res), "0") == 0;
  PQclear(res);
  if (none) {
    store_set_msg(diag, "%s", missing);
    return STORE_ERROR;
  }
  return STORE_OK;
}

static int hand_blob_update(PgStore *s, int id, const char *sql, int64_t game_id, int number, const uint8_t *blob,
                            size_t len, const char *what, PnDiag *diag) {
  int rc;
  PgNum game, num;
  const char *values[3] = {(const char *)blob, store_pg_num(&game, game_id), store_pg_num(&num, number)};
  int lengths[3] = {(int)len, 0, 0}, formats[3] = {1, 0, 0};
  PGresult *res = store_pg_run(s, id, sql, 3, values, lengths, formats, false, what, &rc, diag);
  char missing[96];
  snprintf(missing, sizeof missing, "game %lld has no hand %d", (long long)game_id, number);
  return store_pg_changed_one(res, rc, diag, missing);
}

int store_pg_hand_update_results(Store *store, int64_t game_id, int number, const uint8_t *results, size_t len,
                                 PnDiag *diag) {
  return hand_blob_update(pg_store(store), PG_HAND_RESULTS,
                          "UPDATE hands SET results = $1 WHERE game_id = $2 AND number = $3", game_id, number,
                          results, len, "updating a hand's results", diag);
}

int store_pg_hand_update_events(Store *store, int64_t game_id, int number, const uint8_t *events, size_t len,
                                PnDiag *diag) {
  return hand_blob_update(pg_store(store), PG_HAND_EVENTS,
                          "UPDATE hands SET events = $1 WHERE game_id = $2 AND number = $3", game_id, number,
                          events ? events : (const uint8_t *)"", len, "updating a hand's events", diag);
}

/* The hand's audit findings go, and each audit's count of findings with them. */
static int pg_hand_findings_delete(PgStore *s, int64_t game_id, int number, PnDiag *diag) {
  int rc;
  PgNum game, num;
  const char *values[2] = {store_pg_num(&game, game_id), store_pg_num(&num, number)};
  PGresult *res = store_pg_run(s, PG_HAND_FINDINGS_COUNT,
                               "UPDATE audits SET findings = findings - (SELECT count(*) FROM findings AS f WHERE "
                               "f.audit_id = audits.id AND f.game_id = $1 AND f.hand = $2) WHERE id IN "
                               "(SELECT audit_id FROM findings WHERE game_id = $1 AND hand = $2)",
                               2, values, NULL, NULL, false, "counting a hand's findings", &rc, diag);
  if (res == NULL) return rc;
  PQclear(res);
  res = store_pg_run(s, PG_HAND_FINDINGS_DELETE, "DELETE FROM findings WHERE game_id = $1 AND hand = $2", 2, values,
                     NULL, NULL, false, "deleting a hand's findings", &rc, diag);
  if (res == NULL) return rc;
  PQclear(res);
  return STORE_OK;
}

/* The hand's stored review goes (schema 006): made for the old events. */
static int pg_hand_review_delete(PgStore *s, int64_t game_id, int number, PnDiag *diag) {
  int rc;
  PgNum game, num;
  const char *values[2] = {store_pg_num(&game, game_id), store_pg_num(&num, number)};
  PGresult *res = store_pg_run(s, PG_HAND_REVIEW_DELETE, "DELETE FROM reviews WHERE game_id = $1 AND number = $2", 2,
                               values, NULL, NULL, false, "deleting a hand's review", &rc, diag);
  if (res == NULL) return rc;
  PQclear(res);
  return STORE_OK;
}

int store_pg_hand_replace(Store *store, int64_t game_id, const StoreHand *hand, PnDiag *diag) {
  PgStore *s = pg_store(store);
  char trump[2] = {0, 0};
  if (hand->trump >= 0 && hand->trump < PN_SUITS) trump[0] = pn_suit_char(hand->trump);
  PgNum game, number, dealer, bidder, bid;
  int rc;
  const char *values[8] = {store_pg_num(&game, game_id),
                           store_pg_num(&number, hand->number),
                           store_pg_num(&dealer, hand->dealer),
                           hand->bidder ? store_pg_num(&bidder, hand->bidder) : NULL,
                           hand->bidder && hand->bid ? store_pg_num(&bid, hand->bid) : NULL,
                           trump[0] ? trump : NULL,
                           hand->events ? (const char *)hand->events : "",
                           (const char *)hand->results};
  int lengths[8] = {0, 0, 0, 0, 0, 0, (int)hand->events_len, (int)hand->results_len};
  int formats[8] = {0, 0, 0, 0, 0, 0, 1, 1};
  PGresult *res = store_pg_run(s, PG_HAND_REPLACE,
                               "UPDATE hands SET dealer = $3, bidder = $4, bid = $5, trump = $6, events = $7, "
                               "results = $8, analysis_rules = NULL, analysis_key = NULL, analysis = NULL "
                               "WHERE game_id = $1 AND number = $2",
                               8, values, lengths, formats, false, "replacing a hand", &rc, diag);
  char missing[96];
  snprintf(missing, sizeof missing, "game %lld has no hand %d", (long long)game_id, hand->number);
  rc = store_pg_changed_one(res, rc, diag, missing);
  if (rc == STORE_OK) rc = pg_hand_findings_delete(s, game_id, hand->number, diag);
  return rc == STORE_OK ? pg_hand_review_delete(s, game_id, hand->number, diag) : rc;
}

int store_pg_game_update_end(Store *store, int64_t game_id, const StoreGameEnd *end, PnDiag *diag) {
  PgStore *s = pg_store(store);
  int rc;
  PgNum hands, finished, winner, hash, game, winners;
  const char *values[6] = {store_pg_num(&hands, end->hands), store_pg_num(&finished, end->finished ? 1 : 0),
                           end->winner ? store_pg_num(&winner, end->winner) : NULL,
                           store_pg_num(&hash, (int64_t)end->hash), store_pg_num(&game, game_id),
                           end->winners ? store_pg_num(&winners, end->winners) : NULL};
  PGresult *res = store_pg_run(
      s, PG_GAME_END, "UPDATE games SET hands = $1, finished = $2, winner = $3, hash = $4, winners = $6 WHERE id = $5",
      6, values, NULL, NULL, false, "updating a game", &rc, diag);
  char missing[64];
  snprintf(missing, sizeof missing, "no game %lld", (long long)game_id);
  return store_pg_changed_one(res, rc, diag, missing);
}

int store_pg_game_delete(Store *store, int64_t game_id, PnDiag *diag) {
  PgStore *s = pg_store(store);
  store_pg_known_forget(s, s->in_tx ? -1 : 0); /* its key goes: look-ups ask the server again */
  int rc;
  PgNum game;
  const char *values[1] = {store_pg_num(&game, game_id)};
  PGresult *res = store_pg_run(s, PG_GAME_DELETE, "DELETE FROM games WHERE id = $1", 1, values, NULL, NULL, false,
                               "deleting a game", &rc, diag);
  char missing[64];
  snprintf(missing, sizeof missing, "no game %lld", (long long)game_id);
  return store_pg_changed_one(res, rc, diag, missing);
}
