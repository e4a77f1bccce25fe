/*
 * store_pg_read.c - the PostgreSQL backend's cursor (a server-side
 * cursor read in batches of rows), its record of audit runs and
 * findings, and its store_check (store_pg.h).
 */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_pg.h"

/* Rows fetched from the server cursor at a time. */
enum { PG_FETCH = 2000 };

typedef struct PgCursor {
  StoreCursor base;                /* first: a StoreCursor * is a PgCursor * */
  int id;                          /* the server cursor is pn_cursor_<id> */
  bool open;                       /* declared and not yet closed */
  bool in_walk;                    /* counted in the store's walk_cursors (no WITH HOLD) */
  PGresult *batch;                 /* the rows fetched, owned; NULL before the first */
  int next, rows;                  /* next row of batch, rows in it */
  bool last;                       /* batch was the last (fewer than PG_FETCH rows) */
  int64_t game_id;                 /* game of the last row, 0 before the first */
  int nplayers;
  char *players[PN_MAX_SEATS];     /* owned copies */
  int64_t player_ids[PN_MAX_SEATS];
  StoreEntries options, tags;      /* the game's, split once per game */
} PgCursor;

/* The walk, assembled from constant pieces with numbered parameters: only
 * the conditions a filter uses.  Values are always bound, never pasted. */
/* Each row carries its game's seats as "SEAT:ID:BYTES:NAME" pieces in seat
 * order (BYTES: the name's length, so any name reads back whole): one
 * query instead of one more round trip per game. */
static const char CURSOR_SELECT[] =
    "SELECT g.id, g.key, g.preset, g.options, g.tags, g.winner, g.finished,\n"
    "       h.number, h.dealer, %s, h.results, pl.seats, %s, g.winners, %s\n"
    "  FROM games AS g\n"
    "  LEFT JOIN LATERAL (SELECT string_agg(s.seat || ':' || p.id || ':' || octet_length(p.name) || ':' || p.name,\n"
    "                                       '' ORDER BY s.seat) AS seats\n"
    "                       FROM seats AS s JOIN players AS p ON p.id = s.player_id\n"
    "                      WHERE s.game_id = g.id) AS pl ON true\n"
    "  LEFT JOIN hands AS h ON h.game_id = g.id%s\n"
    " WHERE true";
#define ASCII_LOWER(x) "translate(" x ", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"

/* The walk's SELECT for filter f into sql (size bytes); returns its
 * length.  with_analysis: the stored analysis and review columns, and
 * with results_only the events only of a hand that has one (to check its key). */
static int walk_select(const StoreFilter *f, char *sql, size_t size) {
  const char *events = !f->results_only ? "h.events"
                       : f->with_analysis
                           ? "CASE WHEN h.analysis IS NULL AND r.review IS NULL THEN NULL ELSE h.events END"
                           : "NULL::bytea";
  return snprintf(sql, size, CURSOR_SELECT, events,
                  f->with_analysis ? "h.analysis_rules, h.analysis_key, h.analysis"
                                   : "NULL::integer, NULL::bigint, NULL::bytea",
                  f->with_analysis ? "r.rules, r.key, r.review" : "NULL::integer, NULL::bigint, NULL::bytea",
                  f->with_analysis ? "\n  LEFT JOIN reviews AS r ON r.game_id = h.game_id AND r.number = h.number" : "");
}

/* The filter's keys as one text[] literal ({"a","b\"c"}), for one bound
 * parameter; caller frees.  NULL when out of memory. */
static char *keys_array(const StoreFilter *f) {
  size_t size = 3;
  for (int i = 0; i < f->nkeys; i++)
    size += 2 * strlen(f->keys[i]) + 3;
  char *keys = malloc(size);
  if (keys == NULL)
    return NULL;
  char *p = keys;
  *p++ = '{';
  for (int i = 0; i < f->nkeys; i++) {
    p += sprintf(p, "%s\"", i ? "," : "");
    for (const char *k = f->keys[i]; *k; k++) {
      if (*k == '"' || *k == '\\')
        *p++ = '\\';
      *p++ = *k;
    }
    *p++ = '"';
  }
  strcpy(p, "}");
  return keys;
}

/* The DECLARE of cursor `id` (WITH HOLD when hold) for filter f into sql
 * (2048 bytes hold any filter), and its parameters into values (at most
 * 8; borrowed from f, keys and *hand, which must outlive the query).
 * Returns how many. */
static int cursor_sql(const StoreFilter *f, int id, bool hold, const char *keys, PgNum *hand, char *sql, size_t size,
                      const char **values) {
  int n = 0;
  char piece[400];
  int len = snprintf(sql, size, "DECLARE pn_cursor_%d NO SCROLL CURSOR%s FOR\n", id, hold ? " WITH HOLD" : "");
  len += walk_select(f, sql + len, size - (size_t)len);
#define ADD(...)                                                                                                       \
  do {                                                                                                                 \
    snprintf(piece, sizeof piece, __VA_ARGS__);                                                                        \
    len += snprintf(sql + len, size - (size_t)len, "%s", piece);                                                       \
  } while (0)
  if (f->nkeys > 0) {
    values[n++] = keys;
    ADD("\n   AND g.key = ANY($%d::text[])", n);
  }
  if (f->preset) {
    values[n++] = f->preset;
    ADD("\n   AND g.preset = $%d", n);
  }
  if (f->player) {
    values[n++] = f->player;
    ADD("\n   AND g.id IN (SELECT s.game_id FROM players AS p JOIN seats AS s ON s.player_id = p.id\n"
        "                 WHERE " ASCII_LOWER("p.name") " = " ASCII_LOWER("$%d::text") ")",
        n);
  }
  if (f->tag_name) {
    values[n++] = f->tag_name;
    values[n++] = f->tag_value;
    ADD("\n   AND g.id IN (SELECT game_id FROM tags WHERE name = $%d\n"
        "                   AND ($%d::text IS NULL OR value = $%d::text))",
        n - 1, n, n);
  }
  if (f->since || f->until) {
    values[n++] = f->since;
    values[n++] = f->until;
    ADD("\n   AND g.id IN (SELECT game_id FROM tags WHERE name = 'date'\n"
        "                   AND ($%d::text IS NULL OR substr(value, 1, 10) >= $%d::text)\n"
        "                   AND ($%d::text IS NULL OR substr(value, 1, 10) <= $%d::text))",
        n - 1, n - 1, n, n);
  }
  if (f->hand) {
    values[n++] = store_pg_num(hand, f->hand);
    ADD("\n   AND (h.number = $%d::integer OR h.number IS NULL)", n);
  }
  ADD("\n ORDER BY g.id, h.number");
#undef ADD
  return n;
}

/* Starts the read transaction of a cursor without WITH HOLD, or joins
 * the one other such cursors opened: the last to close commits it. */
static int walk_begin(PgStore *s, PgCursor *c, PnDiag *diag) {
  if (s->walk_cursors == 0) {
    int rc = store_pg_exec(s, "BEGIN READ ONLY", "starting a read transaction", diag);
    if (rc != STORE_OK)
      return rc;
  }
  s->walk_cursors++;
  c->in_walk = true;
  return STORE_OK;
}

int store_pg_cursor_open(Store *store, const StoreFilter *filter, StoreCursor **out, PnDiag *diag) {
  static const StoreFilter all = {0};
  PgStore *s = pg_store(store);
  const StoreFilter *f = filter ? filter : &all;
  *out = NULL;
  int rc = store_pg_flush(s, diag);
  if (rc != STORE_OK)
    return rc;
  PgCursor *c = calloc(1, sizeof *c);
  char *keys = NULL;
  if (c == NULL || (f->nkeys > 0 && (keys = keys_array(f)) == NULL)) {
    free(c);
    store_set_msg(diag, "out of memory");
    return STORE_ERROR;
  }
  c->base.store = store;
  c->id = ++s->next_cursor;
  const char *values[8];
  char sql[2048];
  PgNum hand;
  /* WITH HOLD: the cursor outlives a transaction the caller commits while
   * walking (an audit records findings as it goes); the server then runs
   * the whole query into a store of its own before the first FETCH.  A
   * read-only store commits nothing: its cursor lives in a read
   * transaction instead and rows stream from the query (issue 35). */
  bool hold = !s->readonly || s->in_tx;
  int n = cursor_sql(f, c->id, hold, keys, &hand, sql, sizeof sql, values);
  if (!hold)
    rc = walk_begin(s, c, diag);
  PGresult *res = rc == STORE_OK ? PQexecParams(s->conn, sql, n, NULL, values, NULL, NULL, 1) : NULL;
  if (res != NULL && PQresultStatus(res) != PGRES_COMMAND_OK)
    rc = store_pg_fail(s, res, "selecting games", diag);
  else if (res != NULL)
    c->open = true;
  PQclear(res);
  free(keys);
  if (rc != STORE_OK) {
    store_pg_cursor_close(&c->base);
    return rc;
  }
  *out = &c->base;
  return STORE_OK;
}

static void free_players(PgCursor *c) {
  for (int i = 0; i < PN_MAX_SEATS; i++) {
    free(c->players[i]);
    c->players[i] = NULL;
    c->player_ids[i] = 0;
  }
  c->nplayers = 0;
}

/* Reads a game's seats from the row's seats column ("SEAT:ID:BYTES:NAME"
 * pieces) into the cursor. */
static int load_players(PgCursor *c, int64_t game_id, const char *seats, PnDiag *diag) {
  free_players(c);
  const char *p = seats;
  while (*p) {
    char *end;
    long seat = strtol(p, &end, 10);
    long long id = *end == ':' ? strtoll(end + 1, &end, 10) : 0;
    long bytes = *end == ':' ? strtol(end + 1, &end, 10) : -1;
    if (*end != ':' || seat < 1 || seat > PN_MAX_SEATS || bytes < 0 || strlen(end + 1) < (size_t)bytes) {
      store_set_msg(diag, "game %lld has a bad seat %ld", (long long)game_id, seat);
      return STORE_CORRUPT;
    }
    char *name = malloc((size_t)bytes + 1);
    if (name == NULL) {
      store_set_msg(diag, "out of memory");
      return STORE_ERROR;
    }
    memcpy(name, end + 1, (size_t)bytes);
    name[bytes] = '\0';
    free(c->players[seat - 1]);
    c->players[seat - 1] = name;
    c->player_ids[seat - 1] = id;
    if (seat > c->nplayers)
      c->nplayers = (int)seat;
    p = end + 1 + bytes;
  }
  return STORE_OK;
}

int store_pg_cursor_next(StoreCursor *cursor, StoreRow *row, PnDiag *diag) {
  PgCursor *c = (PgCursor *)cursor;
  PgStore *s = pg_store(cursor->store);
  if (c->batch == NULL || c->next >= c->rows) {
    if (c->batch != NULL && c->last)
      return 0;
    PQclear(c->batch);
    c->batch = NULL;
    char fetch[64];
    snprintf(fetch, sizeof fetch, "FETCH %d FROM pn_cursor_%d", PG_FETCH, c->id);
    PGresult *res = PQexecParams(s->conn, fetch, 0, NULL, NULL, NULL, NULL, 1);
    if (PQresultStatus(res) != PGRES_TUPLES_OK) {
      int rc = store_pg_fail(s, res, "reading games", diag);
      PQclear(res);
      return rc;
    }
    c->batch = res;
    c->rows = PQntuples(res);
    c->next = 0;
    c->last = c->rows < PG_FETCH;
    if (c->rows == 0)
      return 0;
  }
  PGresult *b = c->batch;
  int i = c->next++;
  memset(row, 0, sizeof *row);
  row->game_id = store_pg_int(b, i, 0);
  row->new_game = row->game_id != c->game_id;
  if (row->new_game) {
    int rc = load_players(c, row->game_id, PQgetvalue(b, i, 11), diag);
    if (rc != STORE_OK)
      return rc;
    c->game_id = row->game_id;
  }
  row->key = PQgetvalue(b, i, 1);
  row->preset = PQgetvalue(b, i, 2);
  if (row->new_game && (store_entries_split(&c->options, PQgetvalue(b, i, 3)) != STORE_OK ||
                        store_entries_split(&c->tags, PQgetvalue(b, i, 4)) != STORE_OK)) {
    store_set_msg(diag, "out of memory");
    return STORE_ERROR;
  }
  row->noptions = c->options.n;
  row->options = c->options.v;
  row->ntags = c->tags.n;
  row->tags = c->tags.v;
  row->winner = (int)store_pg_int(b, i, 5);
  row->winners = (unsigned)store_pg_int(b, i, 15);
  row->finished = store_pg_int(b, i, 6) != 0;
  row->hand = (int)store_pg_int(b, i, 7);
  row->dealer = (int)store_pg_int(b, i, 8);
  if (!PQgetisnull(b, i, 9)) {
    row->events = (const uint8_t *)PQgetvalue(b, i, 9);
    row->events_len = (size_t)PQgetlength(b, i, 9);
  }
  if (!PQgetisnull(b, i, 10)) {
    row->results = (const uint8_t *)PQgetvalue(b, i, 10);
    row->results_len = (size_t)PQgetlength(b, i, 10);
  }
  if (!PQgetisnull(b, i, 14)) {
    row->analysis_rules = (int)store_pg_int(b, i, 12);
    row->analysis_key = (uint64_t)store_pg_int(b, i, 13);
    row->analysis = (const uint8_t *)PQgetvalue(b, i, 14);
    row->analysis_len = (size_t)PQgetlength(b, i, 14);
  }
  if (!PQgetisnull(b, i, 18)) {
    row->review_rules = (int)store_pg_int(b, i, 16);
    row->review_key = (uint64_t)store_pg_int(b, i, 17);
    row->review = (const uint8_t *)PQgetvalue(b, i, 18);
    row->review_len = (size_t)PQgetlength(b, i, 18);
  }
  row->nplayers = c->nplayers;
  for (int k = 0; k < PN_MAX_SEATS; k++) {
    row->players[k] = c->players[k];
    row->player_ids[k] = c->player_ids[k];
  }
  return 1;
}

void store_pg_cursor_close(StoreCursor *cursor) {
  PgCursor *c = (PgCursor *)cursor;
  PgStore *s = pg_store(cursor->store);
  if (c->open) {
    char close[48];
    snprintf(close, sizeof close, "CLOSE pn_cursor_%d", c->id);
    PQclear(PQexec(s->conn, close));
  }
  if (c->in_walk && --s->walk_cursors == 0)
    PQclear(PQexec(s->conn, "COMMIT")); /* read only: nothing to lose, and a failed walk's is a rollback */
  PQclear(c->batch);
  free_players(c);
  store_entries_free(&c->options);
  store_entries_free(&c->tags);
  free(c);
}

/* -------------------------------------------------------------- audits */

int store_pg_audit_begin(Store *store, int rules_version, int64_t *audit_id, PnDiag *diag) {
  int rc;
  PgNum v;
  const char *values[1] = {store_pg_num(&v, rules_version)};
  PGresult *res = store_pg_run(pg_store(store), PG_AUDIT_BEGIN,
                               "INSERT INTO audits(rules_version) VALUES ($1) RETURNING id", 1, values, NULL, NULL,
                               false, "starting an audit", &rc, diag);
  if (res == NULL)
    return rc;
  *audit_id = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
  PQclear(res);
  return STORE_OK;
}

int store_pg_audit_finding(Store *store, int64_t audit_id, const StoreFinding *finding, PnDiag *diag) {
  const StoreFinding *f = finding;
  int rc;
  PgNum audit, game, hand, seq, trick, seat;
  const char *values[9] = {store_pg_num(&audit, audit_id),
                           store_pg_num(&game, f->game_id),
                           store_pg_num(&hand, f->hand),
                           store_pg_num(&seq, f->seq),
                           f->trick ? store_pg_num(&trick, f->trick) : NULL,
                           f->seat ? store_pg_num(&seat, f->seat) : NULL,
                           f->kind,
                           f->card && f->card[0] ? f->card : NULL,
                           f->detail && f->detail[0] ? f->detail : NULL};
  PGresult *res = store_pg_run(
      pg_store(store), PG_AUDIT_FINDING,
      "INSERT INTO findings(audit_id, n, game_id, hand, seq, trick, seat, kind, card, detail)"
      " VALUES ($1, coalesce((SELECT max(n) FROM findings WHERE audit_id = $1), 0) + 1,"
      "         $2, $3, $4, $5, $6, $7, $8, $9)",
      9, values, NULL, NULL, false, "recording a finding", &rc, diag);
  PQclear(res);
  return res ? STORE_OK : rc;
}

int store_pg_audit_end(Store *store, int64_t audit_id, long games, long hands, long findings, PnDiag *diag) {
  int rc;
  PgNum g, h, f, a;
  const char *values[4] = {store_pg_num(&g, games), store_pg_num(&h, hands), store_pg_num(&f, findings),
                           store_pg_num(&a, audit_id)};
  PGresult *res = store_pg_run(pg_store(store), PG_AUDIT_END,
                               "UPDATE audits SET finished = extract(epoch FROM now())::bigint, games = $1,"
                               " hands = $2, findings = $3 WHERE id = $4",
                               4, values, NULL, NULL, false, "ending an audit", &rc, diag);
  char missing[64];
  snprintf(missing, sizeof missing, "no audit %lld", (long long)audit_id);
  return store_pg_changed_one(res, rc, diag, missing);
}

/* ---------------------------------------------------------------- check */

/* The server keeps its own pages' checksums and every constraint; what is
 * left to look at is that each row's references hold (a constraint
 * dropped or disabled by hand would let them go) and that the schema is
 * ours.  Run once per check: not prepared. */
int store_pg_check(Store *store, PnDiag *diag) {
  PgStore *s = pg_store(store);
  static const char SQL[] =
      "SELECT 'seats', 'games' FROM seats AS x WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = x.game_id)\n"
      "UNION ALL SELECT 'seats', 'players' FROM seats AS x"
      " WHERE NOT EXISTS (SELECT 1 FROM players WHERE id = x.player_id)\n"
      "UNION ALL SELECT 'hands', 'games' FROM hands AS x WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = x.game_id)\n"
      "UNION ALL SELECT 'tags', 'games' FROM tags AS x WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = x.game_id)\n"
      "UNION ALL SELECT 'findings', 'audits' FROM findings AS x"
      " WHERE NOT EXISTS (SELECT 1 FROM audits WHERE id = x.audit_id)\n"
      "UNION ALL SELECT 'findings', 'games' FROM findings AS x"
      " WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = x.game_id)\n"
      "LIMIT 1";
  int rc = store_pg_flush(s, diag);
  if (rc != STORE_OK)
    return rc;
  PGresult *res = PQexec(s->conn, SQL);
  if (PQresultStatus(res) != PGRES_TUPLES_OK) {
    rc = store_pg_fail(s, res, "reference check", diag);
  } else if (PQntuples(res) > 0) {
    store_set_msg(diag, "%s: reference check: a %s row refers to a missing %s row", s->shown, PQgetvalue(res, 0, 0),
                  PQgetvalue(res, 0, 1));
    rc = 1;
  }
  PQclear(res);
  return rc;
}
