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

/* Rows fetched from the hands cursor at a time. */
enum { PG_FETCH = 2000 };

/* Rows of the games and seats cursors fetched at a time: smaller rows. */
enum { PG_SIDE_FETCH = 8000 };

/* Rows handled between two reads of the rows of a FETCH sent ahead. */
enum { PG_CONSUME_EVERY = 128 };

/* The three server cursors of a walk, pn_<name>_<id>: its hands (the
 * walk cursor whose FETCH is sent ahead), their games, the games' seats. */
enum { PG_HANDS, PG_GAMES, PG_SEATS, PG_CURSORS };
static const char *const CURSOR_NAME[PG_CURSORS] = {"cursor", "games", "seats"};

/* Rows of one FETCH, read in order. */
typedef struct PgBatch {
  PGresult *res;                   /* the rows, owned; NULL before the first FETCH */
  int next, rows;                  /* next row of res, rows in it */
  bool last;                       /* res was the last (fewer rows than asked for) */
} PgBatch;

typedef struct PgCursor {
  StoreCursor base;                /* first: a StoreCursor * is a PgCursor * */
  int id;                          /* the server cursors are pn_<CURSOR_NAME>_<id> */
  bool declared[PG_CURSORS];       /* declared and not yet closed, by cursor */
  bool in_walk;                    /* counted in the store's walk_cursors (no WITH HOLD) */
  PgBatch hands;                   /* rows of pn_cursor_<id>, a hand each */
  PGresult *ahead;                 /* its next batch, read early by store_pg_settle; owned, NULL none */
  PgBatch games;                   /* rows of pn_games_<id>, a game each */
  int game;                        /* row of games.res of the game being read, -1 none */
  int64_t game_id;                 /* that game's id, 0 before the first */
  bool given;                      /* a row of that game was returned */
  PgBatch seats;                   /* rows of pn_seats_<id>, a seat each */
  int nplayers;                    /* seats of the game */
  char *players[PN_MAX_SEATS];     /* owned copies */
  int64_t player_ids[PN_MAX_SEATS]; /* by seat */
  StoreEntries options, tags;      /* the game's, split once per game */
} PgCursor;

/* The walk, assembled from constant pieces with numbered parameters: only
 * the conditions a filter uses.  Values are always bound, never pasted.
 * A game's columns and its seats come from cursors of their own over the
 * same games in the same order, merged by game id as rows are read: a
 * game's key, options and tags are sent once, not with each hand, and
 * the hands (joined to games inside when a filter needs it) come in
 * their primary key's order with no sort on the server (issue 35: a left
 * join from games sorted each game's hands, a third of the report's
 * server time). */
static const char HANDS_SELECT[] =
    "SELECT h.game_id, h.number, h.dealer, %s, h.results, %s, %s\n"
    "  FROM %s%s\n"
    " WHERE true";
static const char GAMES_SELECT[] =
    "SELECT g.id, g.key, g.preset, g.options, g.tags, g.winner, g.finished, g.winners\n"
    "  FROM games AS g\n"
    " WHERE true";
static const char SEATS_SELECT[] =
    "SELECT s.game_id, s.seat, p.id, p.name\n"
    "  FROM %s\n"
    "  JOIN players AS p ON p.id = s.player_id\n"
    " WHERE true";
/* The hands and the seats, [1] joined to their games for a filter on a
 * game's columns: the join is a merge per row, a fifth of the hands'
 * server time, left out of a walk over every game. */
static const char *const HANDS_FROM[2] = {"hands AS h", "games AS g\n  JOIN hands AS h ON h.game_id = g.id"};
static const char *const SEATS_FROM[2] = {"seats AS s", "games AS g\n  JOIN seats AS s ON s.game_id = g.id"};
#define ASCII_LOWER(x) "translate(" x ", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"

/* Whether f has a condition on a game's columns (then the hands and
 * seats cursors join games: HANDS_FROM, SEATS_FROM). */
static bool game_filter(const StoreFilter *f) {
  return f->nkeys > 0 || f->preset || f->player || f->tag_name || f->since || f->until;
}

/* The hands cursor's SELECT for filter f into sql (size bytes); returns
 * its length.  with_analysis: the stored analysis and review columns, and
 * with results_only the events only of a hand that has one (to check its key). */
static int hands_select(const StoreFilter *f, char *sql, size_t size) {
  const char *events = !f->results_only ? "h.events"
                       : f->with_analysis
                           ? "CASE WHEN h.analysis IS NULL AND r.review IS NULL THEN NULL ELSE h.events END"
                           : "NULL::bytea";
  return snprintf(sql, size, HANDS_SELECT, events,
                  f->with_analysis ? "h.analysis_rules, h.analysis_key, h.analysis"
                                   : "NULL::integer, NULL::bigint, NULL::bytea",
                  f->with_analysis ? "r.rules, r.key, r.review" : "NULL::integer, NULL::bigint, NULL::bytea",
                  HANDS_FROM[game_filter(f)],
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

/* The DECLARE of cursor `which` of walk `id` (WITH HOLD when hold) for
 * filter f into sql (2048 bytes hold any filter), and its parameters
 * into values (at most 8; borrowed from f, keys and *hand, which must
 * outlive the query).  Returns how many. */
static int cursor_sql(const StoreFilter *f, int id, bool hold, int which, const char *keys, PgNum *hand, char *sql,
                      size_t size, const char **values) {
  int n = 0;
  char piece[400];
  int len = snprintf(sql, size, "DECLARE pn_%s_%d NO SCROLL CURSOR%s FOR\n", CURSOR_NAME[which], id,
                     hold ? " WITH HOLD" : "");
  if (which == PG_HANDS)
    len += hands_select(f, sql + len, size - (size_t)len);
  else if (which == PG_GAMES)
    len += snprintf(sql + len, size - (size_t)len, "%s", GAMES_SELECT);
  else
    len += snprintf(sql + len, size - (size_t)len, SEATS_SELECT, SEATS_FROM[game_filter(f)]);
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
  /* The hand filter: that hand of each game; a game with no hand at all
   * still gives its one row (as a left join did), one without that hand
   * none.  The seats of a game left out are read past. */
  if (f->hand && which == PG_HANDS) {
    values[n++] = store_pg_num(hand, f->hand);
    ADD("\n   AND h.number = $%d::integer", n);
  } else if (f->hand && which == PG_GAMES) {
    values[n++] = store_pg_num(hand, f->hand);
    ADD("\n   AND (EXISTS (SELECT 1 FROM hands AS h WHERE h.game_id = g.id AND h.number = $%d::integer)\n"
        "        OR NOT EXISTS (SELECT 1 FROM hands AS h WHERE h.game_id = g.id))",
        n);
  }
  ADD(which == PG_HANDS   ? "\n ORDER BY h.game_id, h.number"
      : which == PG_GAMES ? "\n ORDER BY g.id"
                          : "\n ORDER BY s.game_id, s.seat");
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
  static const char *const what[PG_CURSORS] = {"selecting hands", "selecting games", "selecting seats"};
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
  c->game = -1;
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
  for (int which = 0; which < PG_CURSORS && rc == STORE_OK; which++) {
    int n = cursor_sql(f, c->id, hold, which, keys, &hand, sql, sizeof sql, values);
    PGresult *res = PQexecParams(s->conn, sql, n, NULL, values, NULL, NULL, 1);
    if (PQresultStatus(res) != PGRES_COMMAND_OK)
      rc = store_pg_fail(s, res, what[which], diag);
    else
      c->declared[which] = true;
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

/* Makes b->next a row of cursor `which` (games or seats, fetched when
 * needed): 1, or 0 past its last, or an error.  The hands' FETCH sent
 * ahead is read first. */
static int side_row(PgStore *s, PgCursor *c, int which, PgBatch *b, PnDiag *diag) {
  if (!batch_spent(b))
    return 1;
  if (b->res != NULL && b->last)
    return 0;
  store_pg_settle(s);
  char fetch[64];
  snprintf(fetch, sizeof fetch, "FETCH %d FROM pn_%s_%d", PG_SIDE_FETCH, CURSOR_NAME[which], c->id);
  PGresult *res = PQexecParams(s->conn, fetch, 0, NULL, NULL, NULL, NULL, 1);
  return batch_take(s, b, res, PG_SIDE_FETCH, which == PG_GAMES ? "reading games" : "reading seats", diag);
}

/* Reads game_id's seats from the seats cursor into the cursor, reading
 * past those of games before it (the walk's hand filter leaves some
 * out): both cursors go in game id order. */
static int load_players(PgStore *s, PgCursor *c, int64_t game_id, PnDiag *diag) {
  free_players(c);
  int more;
  while ((more = side_row(s, c, PG_SEATS, &c->seats, diag)) == 1) {
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

/* Moves to the next game of the games cursor, with its seats, options
 * and tags: 1, or 0 past the last, or an error. */
static int next_game(PgStore *s, PgCursor *c, PnDiag *diag) {
  int more = side_row(s, c, PG_GAMES, &c->games, diag);
  if (more != 1)
    return more;
  PGresult *b = c->games.res;
  c->game = c->games.next++;
  c->game_id = store_pg_int(b, c->game, 0);
  c->given = false;
  int rc = load_players(s, c, c->game_id, diag);
  if (rc != STORE_OK)
    return rc;
  if (store_entries_split(&c->options, PQgetvalue(b, c->game, 3)) != STORE_OK ||
      store_entries_split(&c->tags, PQgetvalue(b, c->game, 4)) != STORE_OK) {
    store_set_msg(diag, "out of memory");
    return STORE_ERROR;
  }
  return 1;
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

/* Makes hands.next a row of the hands cursor: 1, or 0 past its last, or
 * an error. */
static int hand_row(PgStore *s, PgCursor *c, PnDiag *diag) {
  if (batch_spent(&c->hands)) {
    if (c->hands.res != NULL && c->hands.last)
      return 0;
    int got = batch_take(s, &c->hands, next_batch(s, c), PG_FETCH, "reading hands", diag);
    if (got != 1)
      return got;
    if (!c->hands.last && c->in_walk && s->fetching == NULL) /* a read-only walk: nothing else waits on the connection */
      fetch_ahead(s, c);
  }
  /* The rows sent ahead read into libpq as they come, every so often:
   * else the server, its socket full, waits for the whole batch here. */
  if (s->fetching != NULL && c->hands.next % PG_CONSUME_EVERY == 0)
    PQconsumeInput(s->conn);
  return 1;
}

/* Fills row with the game being read and hand row i of b (none: i < 0). */
static void fill_row(PgCursor *c, const PGresult *b, int i, StoreRow *row) {
  const PGresult *g = c->games.res;
  memset(row, 0, sizeof *row);
  row->game_id = c->game_id;
  row->new_game = !c->given;
  row->key = PQgetvalue(g, c->game, 1);
  row->preset = PQgetvalue(g, c->game, 2);
  row->noptions = c->options.n;
  row->options = c->options.v;
  row->ntags = c->tags.n;
  row->tags = c->tags.v;
  row->winner = (int)store_pg_int(g, c->game, 5);
  row->finished = store_pg_int(g, c->game, 6) != 0;
  row->winners = (unsigned)store_pg_int(g, c->game, 7);
  row->nplayers = c->nplayers;
  for (int k = 0; k < PN_MAX_SEATS; k++) {
    row->players[k] = c->players[k];
    row->player_ids[k] = c->player_ids[k];
  }
  c->given = true;
  if (i < 0)
    return;
  row->hand = (int)store_pg_int(b, i, 1);
  row->dealer = (int)store_pg_int(b, i, 2);
  if (!PQgetisnull(b, i, 3)) {
    row->events = (const uint8_t *)PQgetvalue(b, i, 3);
    row->events_len = (size_t)PQgetlength(b, i, 3);
  }
  if (!PQgetisnull(b, i, 4)) {
    row->results = (const uint8_t *)PQgetvalue(b, i, 4);
    row->results_len = (size_t)PQgetlength(b, i, 4);
  }
  if (!PQgetisnull(b, i, 7)) {
    row->analysis_rules = (int)store_pg_int(b, i, 5);
    row->analysis_key = (uint64_t)store_pg_int(b, i, 6);
    row->analysis = (const uint8_t *)PQgetvalue(b, i, 7);
    row->analysis_len = (size_t)PQgetlength(b, i, 7);
  }
  if (!PQgetisnull(b, i, 10)) {
    row->review_rules = (int)store_pg_int(b, i, 8);
    row->review_key = (uint64_t)store_pg_int(b, i, 9);
    row->review = (const uint8_t *)PQgetvalue(b, i, 10);
    row->review_len = (size_t)PQgetlength(b, i, 10);
  }
}

/* A row per hand of each game, in game and hand order; a game without a
 * hand gives one row with hand 0.  Hands of a game the games cursor has
 * not (or no longer) are read past. */
int store_pg_cursor_next(StoreCursor *cursor, StoreRow *row, PnDiag *diag) {
  PgCursor *c = (PgCursor *)cursor;
  PgStore *s = pg_store(cursor->store);
  for (;;) {
    if (c->game < 0) {
      int rc = next_game(s, c, diag);
      if (rc != 1)
        return rc;
    }
    int more = hand_row(s, c, diag);
    if (more < 0)
      return more;
    int64_t game = more ? store_pg_int(c->hands.res, c->hands.next, 0) : INT64_MAX;
    if (game < c->game_id) {
      c->hands.next++;
    } else if (game == c->game_id) {
      fill_row(c, c->hands.res, c->hands.next++, row);
      return 1;
    } else if (!c->given) {
      fill_row(c, NULL, -1, row);
      return 1;
    } else {
      c->game = -1;
    }
  }
}

void store_pg_cursor_close(StoreCursor *cursor) {
  PgCursor *c = (PgCursor *)cursor;
  PgStore *s = pg_store(cursor->store);
  if (s->fetching == c)
    PQclear(fetch_result(s));
  PQclear(c->ahead);
  store_pg_settle(s); /* another cursor's FETCH sent ahead */
  for (int which = 0; which < PG_CURSORS; which++) {
    if (!c->declared[which])
      continue;
    char close[48];
    snprintf(close, sizeof close, "CLOSE pn_%s_%d", CURSOR_NAME[which], c->id);
    PQclear(PQexec(s->conn, close));
  }
  if (c->in_walk && --s->walk_cursors == 0)
    PQclear(PQexec(s->conn, "COMMIT")); /* read only: nothing to lose, and a failed walk's is a rollback */
  PQclear(c->hands.res);
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
 * left to look at is that each row's references hold (a constraint or
 * one of schema 9's reference triggers dropped or disabled by hand would
 * let them go) and that the schema is ours.  Run once per check: not
 * prepared. */
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
