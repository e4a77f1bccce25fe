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

/* Rows handled between two reads of the rows of a FETCH sent ahead. */
enum { PG_CONSUME_EVERY = 128 };

/* Rows of one FETCH, read in order. */
typedef struct PgBatch {
  PGresult *res;                   /* the rows, owned; NULL before the first FETCH */
  int next, rows;                  /* next row of res, rows in it */
  bool last;                       /* res was the last (fewer rows than asked for) */
} PgBatch;

typedef struct PgCursor {
  StoreCursor base;                /* first: a StoreCursor * is a PgCursor * */
  int id;                          /* the server cursor is pn_cursor_<id> */
  bool open;                       /* declared and not yet closed */
  bool in_walk;                    /* counted in the store's walk_cursors (no WITH HOLD) */
  PgBatch games;                   /* rows of pn_cursor_<id>, a hand each */
  PGresult *ahead;                 /* the next batch, read early by store_pg_settle; owned, NULL none */
  int64_t game_id;                 /* game of the last row, 0 before the first */
  bool seats_open;                 /* pn_seats_<id> declared and not yet closed */
  PgBatch seats;                   /* rows of pn_seats_<id>, a seat each */
  int nplayers;
  char *players[PN_MAX_SEATS];     /* owned copies */
  int64_t player_ids[PN_MAX_SEATS];
  StoreEntries options, tags;      /* the game's, split once per game */
} PgCursor;

/* The walk, assembled from constant pieces with numbered parameters: only
 * the conditions a filter uses.  Values are always bound, never pasted.
 * A game's seats come from a second cursor over the same games in the
 * same order (SEATS_SELECT), merged by game id as rows are read: one
 * pass over seats instead of a look-up and a string per game, which cost
 * the players report half its server time (issue 35). */
static const char CURSOR_SELECT[] =
    "SELECT g.id, g.key, g.preset, g.options, g.tags, g.winner, g.finished,\n"
    "       h.number, h.dealer, %s, h.results, %s, g.winners, %s\n"
    "  FROM games AS g\n"
    "  LEFT JOIN hands AS h ON h.game_id = g.id%s\n"
    " WHERE true";
static const char SEATS_SELECT[] =
    "SELECT g.id, s.seat, p.id, p.name\n"
    "  FROM games AS g\n"
    "  JOIN seats AS s ON s.game_id = g.id\n"
    "  JOIN players AS p ON p.id = s.player_id\n"
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

/* The DECLARE of cursor `id` (WITH HOLD when hold), or with seats of its
 * seats cursor, for filter f into sql
 * (2048 bytes hold any filter), and its parameters into values (at most
 * 8; borrowed from f, keys and *hand, which must outlive the query).
 * Returns how many. */
static int cursor_sql(const StoreFilter *f, int id, bool hold, bool seats, const char *keys, PgNum *hand, char *sql,
                      size_t size, const char **values) {
  int n = 0;
  char piece[400];
  int len = snprintf(sql, size, "DECLARE pn_%s_%d NO SCROLL CURSOR%s FOR\n", seats ? "seats" : "cursor", id,
                     hold ? " WITH HOLD" : "");
  if (seats)
    len += snprintf(sql + len, size - (size_t)len, "%s", SEATS_SELECT);
  else
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
  if (f->hand && !seats) { /* the seats of a game without that hand are read past */
    values[n++] = store_pg_num(hand, f->hand);
    ADD("\n   AND (h.number = $%d::integer OR h.number IS NULL)", n);
  }
  ADD(seats ? "\n ORDER BY g.id, s.seat" : "\n ORDER BY g.id, h.number");
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
  if (!hold)
    rc = walk_begin(s, c, diag);
  for (int seats = 0; seats < 2 && rc == STORE_OK; seats++) {
    int n = cursor_sql(f, c->id, hold, seats, keys, &hand, sql, sizeof sql, values);
    PGresult *res = PQexecParams(s->conn, sql, n, NULL, values, NULL, NULL, 1);
    if (PQresultStatus(res) != PGRES_COMMAND_OK)
      rc = store_pg_fail(s, res, seats ? "selecting seats" : "selecting games", diag);
    else if (seats)
      c->seats_open = true;
    else
      c->open = true;
    PQclear(res);
  }
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

/* Rows of the seats cursor fetched at a time: a game has a few. */
enum { PG_SEATS_FETCH = 8000 };

/* Whether b has no row left to read: then the next FETCH is due, unless
 * b was the last. */
static bool batch_spent(const PgBatch *b) {
  return b->res == NULL || b->next >= b->rows;
}

/* Makes res, a FETCH of up to `asked` rows, b's rows: 1 with rows, 0 past
 * the last, or an error naming `what`. */
static int batch_take(PgStore *s, PgBatch *b, PGresult *res, int asked, const char *what, PnDiag *diag) {
  PQclear(b->res);
  b->res = NULL;
  if (PQresultStatus(res) != PGRES_TUPLES_OK) {
    int rc = store_pg_fail(s, res, what, diag);
    PQclear(res);
    return rc;
  }
  b->res = res;
  b->rows = PQntuples(res);
  b->next = 0;
  b->last = b->rows < asked;
  return b->rows > 0;
}

/* Makes seats.next a row of the seats cursor: 1, or 0 past its last, or
 * an error.  Another cursor's FETCH sent ahead is read first. */
static int seat_row(PgStore *s, PgCursor *c, PnDiag *diag) {
  if (!batch_spent(&c->seats))
    return 1;
  if (c->seats.res != NULL && c->seats.last)
    return 0;
  store_pg_settle(s);
  char fetch[64];
  snprintf(fetch, sizeof fetch, "FETCH %d FROM pn_seats_%d", PG_SEATS_FETCH, c->id);
  PGresult *res = PQexecParams(s->conn, fetch, 0, NULL, NULL, NULL, NULL, 1);
  return batch_take(s, &c->seats, res, PG_SEATS_FETCH, "reading seats", diag);
}

/* Reads game_id's seats from the seats cursor into the cursor, reading
 * past those of games before it (the walk's hand filter leaves some
 * out): both cursors go in game id order. */
static int load_players(PgStore *s, PgCursor *c, int64_t game_id, PnDiag *diag) {
  free_players(c);
  int more;
  while ((more = seat_row(s, c, diag)) == 1) {
    PGresult *b = c->seats.res;
    int i = c->seats.next;
    int64_t game = store_pg_int(b, i, 0);
    if (game > game_id)
      break;
    c->seats.next++;
    if (game < game_id)
      continue;
    int64_t seat = store_pg_int(b, i, 1);
    if (seat < 1 || seat > PN_MAX_SEATS) {
      store_set_msg(diag, "game %lld has a bad seat %lld", (long long)game_id, (long long)seat);
      return STORE_CORRUPT;
    }
    size_t bytes = (size_t)PQgetlength(b, i, 3);
    char *name = malloc(bytes + 1);
    if (name == NULL) {
      store_set_msg(diag, "out of memory");
      return STORE_ERROR;
    }
    memcpy(name, PQgetvalue(b, i, 3), bytes);
    name[bytes] = '\0';
    free(c->players[seat - 1]);
    c->players[seat - 1] = name;
    c->player_ids[seat - 1] = store_pg_int(b, i, 2);
    if (seat > c->nplayers)
      c->nplayers = (int)seat;
  }
  return more < 0 ? more : STORE_OK;
}

/* Sends the next FETCH of walk cursor c without waiting for it: the
 * server reads the next rows while the caller handles these.  When it
 * cannot be sent the next batch is fetched when needed, as without. */
static void fetch_ahead(PgStore *s, PgCursor *c) {
  char fetch[64];
  snprintf(fetch, sizeof fetch, "FETCH %d FROM pn_cursor_%d", PG_FETCH, c->id);
  if (PQsendQueryParams(s->conn, fetch, 0, NULL, NULL, NULL, NULL, 1) == 1)
    s->fetching = c;
}

/* The result of the FETCH sent ahead; the connection is free after it. */
static PGresult *fetch_result(PgStore *s) {
  PGresult *res = PQgetResult(s->conn);
  for (PGresult *more; (more = PQgetResult(s->conn)) != NULL;)
    PQclear(more);
  s->fetching = NULL;
  return res;
}

void store_pg_settle(PgStore *s) {
  if (s->fetching != NULL)
    s->fetching->ahead = fetch_result(s);
  store_pg_copy_settle(s);
}

/* The cursor's next batch: the one read ahead, else its FETCH's rows. */
static PGresult *next_batch(PgStore *s, PgCursor *c) {
  PGresult *res = c->ahead;
  c->ahead = NULL;
  if (res != NULL)
    return res;
  if (s->fetching == c)
    return fetch_result(s);
  store_pg_settle(s);
  char fetch[64];
  snprintf(fetch, sizeof fetch, "FETCH %d FROM pn_cursor_%d", PG_FETCH, c->id);
  return PQexecParams(s->conn, fetch, 0, NULL, NULL, NULL, NULL, 1);
}

int store_pg_cursor_next(StoreCursor *cursor, StoreRow *row, PnDiag *diag) {
  PgCursor *c = (PgCursor *)cursor;
  PgStore *s = pg_store(cursor->store);
  if (batch_spent(&c->games)) {
    if (c->games.res != NULL && c->games.last)
      return 0;
    int got = batch_take(s, &c->games, next_batch(s, c), PG_FETCH, "reading games", diag);
    if (got != 1)
      return got;
    if (!c->games.last && c->in_walk && s->fetching == NULL) /* a read-only walk: nothing else waits on the connection */
      fetch_ahead(s, c);
  }
  PGresult *b = c->games.res;
  int i = c->games.next++;
  /* The rows sent ahead read into libpq as they come, every so often:
   * else the server, its socket full, waits for the whole batch here. */
  if (s->fetching != NULL && i % PG_CONSUME_EVERY == 0)
    PQconsumeInput(s->conn);
  memset(row, 0, sizeof *row);
  row->game_id = store_pg_int(b, i, 0);
  row->new_game = row->game_id != c->game_id;
  if (row->new_game) {
    int rc = load_players(s, c, row->game_id, diag);
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
  row->winners = (unsigned)store_pg_int(b, i, 14);
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
  if (!PQgetisnull(b, i, 13)) {
    row->analysis_rules = (int)store_pg_int(b, i, 11);
    row->analysis_key = (uint64_t)store_pg_int(b, i, 12);
    row->analysis = (const uint8_t *)PQgetvalue(b, i, 13);
    row->analysis_len = (size_t)PQgetlength(b, i, 13);
  }
  if (!PQgetisnull(b, i, 17)) {
    row->review_rules = (int)store_pg_int(b, i, 15);
    row->review_key = (uint64_t)store_pg_int(b, i, 16);
    row->review = (const uint8_t *)PQgetvalue(b, i, 17);
    row->review_len = (size_t)PQgetlength(b, i, 17);
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
  if (s->fetching == c)
    PQclear(fetch_result(s));
  PQclear(c->ahead);
  store_pg_settle(s); /* another cursor's FETCH sent ahead */
  if (c->open) {
    char close[48];
    snprintf(close, sizeof close, "CLOSE pn_cursor_%d", c->id);
    PQclear(PQexec(s->conn, close));
  }
  if (c->seats_open) {
    char close[48];
    snprintf(close, sizeof close, "CLOSE pn_seats_%d", c->id);
    PQclear(PQexec(s->conn, close));
  }
  if (c->in_walk && --s->walk_cursors == 0)
    PQclear(PQexec(s->conn, "COMMIT")); /* read only: nothing to lose, and a failed walk's is a rollback */
  PQclear(c->games.res);
  PQclear(c->seats.res);
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
