/*
 * store_sqlite_read.c - the SQLite backend's cursor: the walk over the
 * games and hands a filter selects, with each game's players
 * (store_sqlite.h).
 */
#include <stdlib.h>
#include <string.h>

#include "store_sqlite.h"

typedef struct SqliteCursor {
  StoreCursor base;                /* first: a StoreCursor * is a SqliteCursor * */
  sqlite3_stmt *stmt;              /* the walk; owned until close */
  sqlite3_stmt *seats;             /* every game's seats in game order, walked in step; NULL: look up */
  bool seat_row;                   /* seats holds an unread row */
  int id;                          /* its rows in temp.store_keys, 0 = no keys */
  int64_t game_id;                 /* game of the last row, 0 before the first */
  int nplayers;                    /* seats of that game */
  char *players[PN_MAX_SEATS];     /* their names, owned */
  int64_t player_ids[PN_MAX_SEATS];
  StoreEntries options, tags;      /* the game's, split once per game */
} SqliteCursor;

/* The walk is assembled from these constant pieces, taking only the
 * conditions a filter uses (a condition that is always true still costs
 * its test on every row).  Values are always bound, never pasted. */
static const char CURSOR_SELECT[] =
    "SELECT g.id, g.key, g.preset, g.options, g.tags, g.winner, g.finished,\n"
    "       h.number, h.dealer, h.events, h.results, NULL, NULL, NULL, g.winners, NULL, NULL, NULL\n"
    "  FROM games AS g LEFT JOIN hands AS h ON h.game_id = g.id\n"
    " WHERE 1";
static const char CURSOR_SELECT_RESULTS[] = /* the same without the events */
    "SELECT g.id, g.key, g.preset, g.options, g.tags, g.winner, g.finished,\n"
    "       h.number, h.dealer, NULL, h.results, NULL, NULL, NULL, g.winners, NULL, NULL, NULL\n"
    "  FROM games AS g LEFT JOIN hands AS h ON h.game_id = g.id\n"
    " WHERE 1";
static const char CURSOR_SELECT_ANALYSIS[] = /* with the stored analyses and reviews */
    "SELECT g.id, g.key, g.preset, g.options, g.tags, g.winner, g.finished,\n"
    "       h.number, h.dealer, h.events, h.results, h.analysis_rules, h.analysis_key, h.analysis, g.winners,\n"
    "       r.rules, r.key, r.review\n"
    "  FROM games AS g LEFT JOIN hands AS h ON h.game_id = g.id\n"
    "  LEFT JOIN reviews AS r ON r.game_id = h.game_id AND r.number = h.number\n"
    " WHERE 1";
static const char CURSOR_SELECT_RESULTS_ANALYSIS[] = /* ... and the events only where one is stored */
    "SELECT g.id, g.key, g.preset, g.options, g.tags, g.winner, g.finished,\n"
    "       h.number, h.dealer,\n"
    "       CASE WHEN h.analysis IS NULL AND r.review IS NULL THEN NULL ELSE h.events END, h.results,\n"
    "       h.analysis_rules, h.analysis_key, h.analysis, g.winners, r.rules, r.key, r.review\n"
    "  FROM games AS g LEFT JOIN hands AS h ON h.game_id = g.id\n"
    "  LEFT JOIN reviews AS r ON r.game_id = h.game_id AND r.number = h.number\n"
    " WHERE 1";
static const char CURSOR_KEYS[] = "\n   AND g.key IN (SELECT key FROM temp.store_keys WHERE cursor = :cursor)";
static const char CURSOR_PRESET[] = "\n   AND g.preset = :preset";
static const char CURSOR_PLAYER[] = /* any case: "ann" finds Ann, as the recorder does */
    "\n   AND g.id IN (SELECT s.game_id FROM players AS p JOIN seats AS s ON s.player_id = p.id\n"
    "                 WHERE p.name = :player COLLATE NOCASE)";
static const char CURSOR_TAG[] =
    "\n   AND g.id IN (SELECT game_id FROM tags WHERE name = :tag_name\n"
    "                   AND (:tag_value IS NULL OR value = :tag_value))";
static const char CURSOR_DATES[] =
    "\n   AND g.id IN (SELECT game_id FROM tags WHERE name = 'date'\n"
    "                   AND (:since IS NULL OR substr(value, 1, 10) >= :since)\n"
    "                   AND (:until IS NULL OR substr(value, 1, 10) <= :until))";
static const char CURSOR_HAND[] = "\n   AND (h.number = :hand OR h.number IS NULL)";
static const char CURSOR_ORDER[] = "\n ORDER BY g.id, h.number";

/* Every seat of every game, in the walk's game order. */
static const char SEATS_IN_ORDER_SQL[] =
    "SELECT s.game_id, s.seat, p.id, p.name FROM seats AS s\n"
    "  JOIN players AS p ON p.id = s.player_id\n"
    " ORDER BY s.game_id, s.seat";


/* The keys of a filter, as rows of temp.store_keys numbered `id`. */
static int keys_insert(SqliteStore *s, int id, const StoreFilter *f, PnDiag *diag) {
  Stmt q = stmt_cached(s, ST_KEY_INSERT, "INSERT OR IGNORE INTO temp.store_keys(cursor, key) VALUES (:cursor, :key)");
  for (int i = 0; q.rc == SQLITE_OK && i < f->nkeys; i++) {
    stmt_int(&q, ":cursor", id);
    stmt_text(&q, ":key", f->keys[i], -1);
    if (stmt_step(&q) == SQLITE_DONE)
      stmt_again(&q);
  }
  return stmt_finish(&q, diag, "selecting games by key");
}

static int keys_delete(SqliteStore *s, int id, PnDiag *diag) {
  Stmt q = stmt_cached(s, ST_KEY_DELETE, "DELETE FROM temp.store_keys WHERE cursor = :cursor");
  stmt_int(&q, ":cursor", id);
  stmt_step(&q);
  return stmt_finish(&q, diag, "clearing the selected keys");
}

/* The walk's SQL for filter f, from the constant pieces (sql holds them all). */
static void walk_sql(const StoreFilter *f, char *sql) {
  if (f->with_analysis)
    strcpy(sql, f->results_only ? CURSOR_SELECT_RESULTS_ANALYSIS : CURSOR_SELECT_ANALYSIS);
  else
    strcpy(sql, f->results_only ? CURSOR_SELECT_RESULTS : CURSOR_SELECT);
  if (f->nkeys > 0)
    strcat(sql, CURSOR_KEYS);
  if (f->preset)
    strcat(sql, CURSOR_PRESET);
  if (f->player)
    strcat(sql, CURSOR_PLAYER);
  if (f->tag_name)
    strcat(sql, CURSOR_TAG);
  if (f->since || f->until)
    strcat(sql, CURSOR_DATES);
  if (f->hand)
    strcat(sql, CURSOR_HAND);
  strcat(sql, CURSOR_ORDER);
}

/* Binds the filter's values to the walk (it has only the parameters of
 * the conditions its filter uses).  Returns the first SQLite error. */
static int bind_filter(SqliteCursor *c, const StoreFilter *f) {
  Stmt q = stmt_adopt(sqlite_store(c->base.store), c->stmt, SQLITE_OK);
  stmt_opt_int(&q, ":cursor", c->id);
  stmt_opt_text(&q, ":preset", f->preset);
  stmt_opt_text(&q, ":player", f->player);
  stmt_opt_text(&q, ":tag_name", f->tag_name);
  stmt_opt_text(&q, ":tag_value", f->tag_name ? f->tag_value : NULL);
  stmt_opt_text(&q, ":since", f->since);
  stmt_opt_text(&q, ":until", f->until);
  stmt_opt_int(&q, ":hand", f->hand);
  return q.rc;
}

int store_sqlite_cursor_open(Store *store, const StoreFilter *filter, StoreCursor **out, PnDiag *diag) {
  static const StoreFilter all = {0};
  SqliteStore *s = sqlite_store(store);
  int rc = STORE_ERROR;
  const StoreFilter *f = filter ? filter : &all;
  SqliteCursor *c = calloc(1, sizeof *c);
  *out = NULL;
  if (c == NULL) {
    store_set_msg(diag, "out of memory");
    return STORE_ERROR;
  }
  c->base.store = store;
  if (f->nkeys > 0 && !s->keys_table) {
    /* TEMP: private to this connection, writable even when read-only. */
    rc = store_sqlite_exec(s,
                           "CREATE TEMP TABLE IF NOT EXISTS store_keys("
                           "cursor INTEGER NOT NULL, key TEXT NOT NULL, PRIMARY KEY (cursor, key))",
                           "selecting games by key", diag);
    if (rc != STORE_OK)
      goto done;
    s->keys_table = true;
  }
  char sql[sizeof CURSOR_SELECT_RESULTS_ANALYSIS + sizeof CURSOR_KEYS + sizeof CURSOR_PRESET + sizeof CURSOR_PLAYER +
           sizeof CURSOR_TAG + sizeof CURSOR_DATES + sizeof CURSOR_HAND + sizeof CURSOR_ORDER];
  walk_sql(f, sql);
  int src = sqlite3_prepare_v2(s->db, sql, -1, &c->stmt, NULL);
  if (src == SQLITE_OK && f->nkeys == 0 && !f->player) /* a wide walk: seats in step */
    src = sqlite3_prepare_v2(s->db, SEATS_IN_ORDER_SQL, -1, &c->seats, NULL);
  if (src != SQLITE_OK) {
    rc = store_sqlite_fail(s, diag, src, "preparing the walk over games");
    goto done;
  }
  if (f->nkeys > 0) {
    c->id = ++s->next_cursor;
    rc = keys_insert(s, c->id, f, diag);
    if (rc != STORE_OK)
      goto done;
  }
  src = bind_filter(c, f);
  rc = src == SQLITE_OK ? STORE_OK : store_sqlite_fail(s, diag, src, "selecting games");
done:
  if (rc != STORE_OK) {
    store_sqlite_cursor_close(&c->base);
    return rc;
  }
  *out = &c->base;
  return STORE_OK;
}

static void free_players(SqliteCursor *c) {
  for (int i = 0; i < PN_MAX_SEATS; i++) {
    free(c->players[i]);
    c->players[i] = NULL;
    c->player_ids[i] = 0;
  }
  c->nplayers = 0;
}

/* Takes one seat row of game_id: columns seat, player id and name from
 * `col` on (copies: they outlive the statement). */
static int take_seat(SqliteCursor *c, int64_t game_id, sqlite3_stmt *st, int col, PnDiag *diag) {
  int seat = sqlite3_column_int(st, col);
  const char *name = (const char *)sqlite3_column_text(st, col + 2);
  if (seat < 1 || seat > PN_MAX_SEATS || name == NULL) {
    store_set_msg(diag, "game %lld has a bad seat %d", (long long)game_id, seat);
    return STORE_CORRUPT;
  }
  c->players[seat - 1] = store_sqlite_copy(name, (size_t)sqlite3_column_bytes(st, col + 2));
  c->player_ids[seat - 1] = sqlite3_column_int64(st, col + 1);
  if (c->players[seat - 1] == NULL) {
    store_set_msg(diag, "out of memory");
    return STORE_ERROR;
  }
  if (seat > c->nplayers)
    c->nplayers = seat;
  return STORE_OK;
}

/* Reads the seats of game_id from the seats walked in step with the
 * games: both go in game id order, so the seats of skipped games are
 * simply passed over. */
static int load_players_in_step(SqliteCursor *c, int64_t game_id, PnDiag *diag) {
  sqlite3_stmt *st = c->seats;
  free_players(c);
  for (;;) {
    if (!c->seat_row) {
      int src = sqlite3_step(st);
      if (src == SQLITE_DONE)
        return STORE_OK;
      if (src != SQLITE_ROW)
        return store_sqlite_fail(sqlite_store(c->base.store), diag, src, "reading a game's players");
      c->seat_row = true;
    }
    int64_t id = sqlite3_column_int64(st, 0);
    if (id > game_id)
      return STORE_OK;
    c->seat_row = false;
    if (id < game_id)
      continue;
    int rc = take_seat(c, game_id, st, 1, diag);
    if (rc != STORE_OK)
      return rc;
  }
}

/* Reads the seats of game_id into the cursor. */
static int load_players(SqliteCursor *c, int64_t game_id, PnDiag *diag) {
  if (c->seats)
    return load_players_in_step(c, game_id, diag);
  free_players(c);
  Stmt q = stmt_cached(sqlite_store(c->base.store), ST_CURSOR_SEATS,
                       "SELECT s.seat, p.id, p.name FROM seats AS s\n"
                       "  JOIN players AS p ON p.id = s.player_id\n"
                       " WHERE s.game_id = :game ORDER BY s.seat");
  stmt_int(&q, ":game", game_id);
  int rc = STORE_OK;
  while (rc == STORE_OK && stmt_step(&q) == SQLITE_ROW)
    rc = take_seat(c, game_id, q.st, 0, diag);
  if (rc != STORE_OK) {
    stmt_reset(&q);
    return rc;
  }
  return stmt_finish(&q, diag, "reading a game's players");
}

static const char *column_text(sqlite3_stmt *st, int col) {
  const char *t = (const char *)sqlite3_column_text(st, col);
  return t != NULL ? t : "";
}

int store_sqlite_cursor_next(StoreCursor *cursor, StoreRow *row, PnDiag *diag) {
  SqliteCursor *c = (SqliteCursor *)cursor;
  sqlite3_stmt *st = c->stmt;
  int src = sqlite3_step(st);
  if (src == SQLITE_DONE)
    return 0;
  if (src != SQLITE_ROW)
    return store_sqlite_fail(sqlite_store(cursor->store), diag, src, "reading games");
  memset(row, 0, sizeof *row);
  row->game_id = sqlite3_column_int64(st, 0);
  row->new_game = row->game_id != c->game_id;
  if (row->new_game) {
    int rc = load_players(c, row->game_id, diag);
    if (rc != STORE_OK)
      return rc;
    c->game_id = row->game_id;
  }
  row->key = column_text(st, 1);
  row->preset = column_text(st, 2);
  if (row->new_game && (store_entries_split(&c->options, column_text(st, 3)) != STORE_OK ||
                        store_entries_split(&c->tags, column_text(st, 4)) != STORE_OK)) {
    store_set_msg(diag, "out of memory");
    return STORE_ERROR;
  }
  row->noptions = c->options.n;
  row->options = c->options.v;
  row->ntags = c->tags.n;
  row->tags = c->tags.v;
  row->winner = sqlite3_column_int(st, 5);
  row->winners = (unsigned)sqlite3_column_int(st, 14);
  row->finished = sqlite3_column_int(st, 6) != 0;
  row->hand = sqlite3_column_int(st, 7);
  row->dealer = sqlite3_column_int(st, 8);
  row->events = sqlite3_column_blob(st, 9);
  row->events_len = (size_t)sqlite3_column_bytes(st, 9);
  row->results = sqlite3_column_blob(st, 10);
  row->results_len = (size_t)sqlite3_column_bytes(st, 10);
  if (sqlite3_column_type(st, 13) != SQLITE_NULL) {
    row->analysis_rules = sqlite3_column_int(st, 11);
    row->analysis_key = (uint64_t)sqlite3_column_int64(st, 12);
    row->analysis = sqlite3_column_blob(st, 13);
    row->analysis_len = (size_t)sqlite3_column_bytes(st, 13);
  }
  if (sqlite3_column_type(st, 17) != SQLITE_NULL) {
    row->review_rules = sqlite3_column_int(st, 15);
    row->review_key = (uint64_t)sqlite3_column_int64(st, 16);
    row->review = sqlite3_column_blob(st, 17);
    row->review_len = (size_t)sqlite3_column_bytes(st, 17);
  }
  row->nplayers = c->nplayers;
  for (int i = 0; i < PN_MAX_SEATS; i++) {
    row->players[i] = c->players[i];
    row->player_ids[i] = c->player_ids[i];
  }
  return 1;
}

void store_sqlite_cursor_close(StoreCursor *cursor) {
  SqliteCursor *c = (SqliteCursor *)cursor;
  sqlite3_finalize(c->stmt);
  sqlite3_finalize(c->seats);
  if (c->id)
    keys_delete(sqlite_store(cursor->store), c->id, NULL);
  free_players(c);
  store_entries_free(&c->options);
  store_entries_free(&c->tags);
  free(c);
}
