/* test_store.c - the store (src/store) with its SQLite backend, its migrations
 * and the SQL views over the encoded hands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "codec.h"
#include "pinochle.h"
#include "schema.h"
#include "sim.h"
#include "store.h"
#include "store_backend.h" /* StoreOps: a backend made by hand */
#include "store_sqlite.h" /* the SQLite backend: STORE_SQLITE_APPLICATION_ID, Stmt */
#ifdef PN_HAVE_POSTGRESQL
#include <libpq-fe.h>
#endif

/* ------------------------------------------------------------- helpers */

enum { MAX_HANDS = 64, MAX_EVENT_BYTES = 4096 };

/* One simulated hand, encoded as the importer would store it. */
typedef struct TestHand {
  int number, dealer, bidder, bid, trump;   /* StoreHand's columns */
  uint8_t events[MAX_EVENT_BYTES];          /* codec encoding */
  size_t events_len;
  uint8_t results[CODEC_MAX_RESULTS];       /* codec encoding */
  size_t results_len;
  CodecResults res;                         /* what results encodes */
} TestHand;

/* A simulated game: the header and every hand. */
typedef struct TestGame {
  const char *preset;                       /* variant */
  int players;                              /* seats */
  int nhands;                               /* hands in hand[] */
  TestHand hand[MAX_HANDS];
  bool over;                                /* the game has a winner */
  int winner;                               /* seat */
} TestGame;

/* Plays a seeded game of `preset` through the engine, at most max_hands
 * hands, encoding each event and each hand's results. */
static void simulate(TestGame *tg, const char *preset, uint64_t seed, int max_hands, double renege_rate) {
  static PnGame game; /* large: keep it off the stack */
  PnRules rules;
  assert_int_equal(pn_rules_preset(&rules, preset), 0);
  memset(tg, 0, sizeof *tg);
  tg->preset = preset;
  tg->players = rules.players;
  SimConfig config = {.style = SIM_SENSIBLE, .renege_rate = renege_rate, .claim_rate = 0.5, .first_dealer = 1};
  SimDriver driver;
  sim_driver_init(&driver, &config, seed, rules.players);
  pn_game_init(&game, &rules);
  PnEvent ev;
  TestHand *h = NULL;
  while (sim_next_event(&driver, &game, &ev)) {
    if (ev.action == PN_EV_DEALER) {
      if (tg->nhands == max_hands) break;
      h = &tg->hand[tg->nhands++];
      h->number = tg->nhands;
      h->dealer = ev.seat;
      h->trump = -1;
    }
    assert_non_null(h);
    assert_true(h->events_len + CODEC_MAX_EVENT <= sizeof h->events);
    h->events_len += codec_event_encode(&ev, h->events + h->events_len);
    PnOutcome out;
    assert_int_not_equal(pn_game_apply(&game, &ev, &out), PN_IMPOSSIBLE);
    if (out.hand_done) {
      codec_results_from_game(&game, &h->res);
      h->results_len = codec_results_encode(&h->res, h->results);
      h->bidder = h->res.result.bidder;
      h->bid = h->res.result.bid;
      h->trump = h->res.result.trump;
    }
  }
  tg->over = game.over;
  tg->winner = game.winner;
}

static const char *const NAMES[] = {"Ann", "Bob", "Cy", "Dee", "Eve", "Fred", "Gus", "Hal",
                                    "Ivy", "Jo", "Kim", "Lou", "Max", "Ned", "Oz", "Pat"};

/* Stores tg under key: players NAMES[first..], two option rows if
 * `options`, the tags given, and the hash `hash`.  Returns the game id. */
static int64_t put_game_with(Store *s, const TestGame *tg, const char *key, int first, int ntags,
                             const char *const *tags, uint64_t hash, bool options) {
  static const char *const OPTIONS[] = {"target=1000", "moon=off"};
  StoreGame g = {.key = key, .preset = tg->preset, .noptions = options ? 2 : 0, .options = options ? OPTIONS : NULL,
                 .nplayers = tg->players, .ntags = ntags, .tags = tags};
  for (int i = 0; i < tg->players; i++) g.players[i] = NAMES[(first + i) % 16];
  PnDiag diag = {0};
  int64_t id = 0;
  if (store_game_insert(s, &g, &id, &diag) != 0) fail_msg("game insert: %s", diag.msg);
  for (int i = 0; i < tg->nhands; i++) {
    const TestHand *h = &tg->hand[i];
    StoreHand sh = {.number = h->number, .dealer = h->dealer, .events = h->events,
                    .events_len = h->events_len, .results = h->results_len ? h->results : NULL,
                    .results_len = h->results_len, .bidder = h->bidder, .bid = h->bid, .trump = h->trump};
    if (store_hand_insert(s, id, &sh, &diag) != 0) fail_msg("hand insert: %s", diag.msg);
  }
  StoreGameEnd end = {.hands = tg->nhands, .finished = tg->over, .winner = tg->winner, .hash = hash};
  if (store_game_update_end(s, id, &end, &diag) != 0) fail_msg("game end: %s", diag.msg);
  return id;
}

static int64_t put_game(Store *s, const TestGame *tg, const char *key, int first, int ntags,
                        const char *const *tags, uint64_t hash) {
  return put_game_with(s, tg, key, first, ntags, tags, hash, true);
}

/* A fresh temp file name under /tmp (the file exists, empty). */
static void temp_path(char path[64]) {
  snprintf(path, 64, "/tmp/pn-store-XXXXXX");
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
}

static void remove_db(const char *path) {
  char extra[80];
  unlink(path);
  snprintf(extra, sizeof extra, "%s-wal", path);
  unlink(extra);
  snprintf(extra, sizeof extra, "%s-shm", path);
  unlink(extra);
}

static Store *open_ok(const char *path, int flags) {
  Store *s = NULL;
  PnDiag diag = {0};
  int rc = store_open(path, flags, &s, &diag);
  if (rc != 0) fail_msg("store_open(%s): %d %s", path, rc, diag.msg);
  assert_non_null(s);
  return s;
}

/* -------------------------------------------------------- the backends
 * The tests of the store's contract run once per backend: cmocka's
 * initial state names the backend (BACKEND_SQLITE: a scratch SQLite
 * database; BACKEND_PG: the PostgreSQL database PINOCHLE_TEST_PG_URI
 * names, emptied first: tests/pg/pg_tmp.sh starts a throwaway server).
 * Without that variable, or in a build without the backend, the
 * PostgreSQL runs are skipped, saying why. */
static char BACKEND_SQLITE[] = "sqlite", BACKEND_PG[] = "postgresql";

/* A new, empty database of the test's backend, opened with flags. */
static Store *open_scratch(void **state, int flags) {
  if (*state != BACKEND_PG)
    return open_ok(STORE_SCRATCH, flags);
#ifndef PN_HAVE_POSTGRESQL
  print_message("skipped: this build has no PostgreSQL backend\n");
  skip();
  return NULL;
#else
  const char *uri = getenv("PINOCHLE_TEST_PG_URI");
  if (uri == NULL || uri[0] == '\0') {
    print_message("skipped: PINOCHLE_TEST_PG_URI is not set (tests/pg/pg_tmp.sh start prints one)\n");
    skip();
  }
  PGconn *conn = PQconnectdb(uri);
  if (PQstatus(conn) != CONNECTION_OK) fail_msg("PINOCHLE_TEST_PG_URI: %s", PQerrorMessage(conn));
  PGresult *res = PQexec(conn, "SET client_min_messages = warning;"
                               " DROP SCHEMA public CASCADE; CREATE SCHEMA public");
  if (PQresultStatus(res) != PGRES_COMMAND_OK) fail_msg("emptying the database: %s", PQerrorMessage(conn));
  PQclear(res);
  PQfinish(conn);
  return open_ok(uri, flags);
#endif
}

/* The test once per backend. */
#define BOTH_BACKENDS(test) \
  cmocka_unit_test_prestate(test, BACKEND_SQLITE), cmocka_unit_test_prestate(test, BACKEND_PG)

/* Raw SQLite access, to look at what the store wrote. */
static sqlite3 *raw_open(const char *path) {
  sqlite3 *db = NULL;
  assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL), SQLITE_OK);
  return db;
}

static int64_t raw_int(sqlite3 *db, const char *sql) {
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) fail_msg("%s: %s", sql, sqlite3_errmsg(db));
  assert_int_equal(sqlite3_step(st), SQLITE_ROW);
  int64_t v = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  return v;
}

static void raw_exec(sqlite3 *db, const char *sql) {
  char *err = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) fail_msg("%s: %s", sql, err);
}

/* Keys of the rows a filter selects, "key:hand" joined by spaces. */
static void walk(Store *s, const StoreFilter *f, char *out, size_t size) {
  StoreCursor *c = NULL;
  PnDiag diag = {0};
  if (store_cursor_open(s, f, &c, &diag) != 0) fail_msg("cursor: %s", diag.msg);
  StoreRow row;
  int rc;
  size_t used = 0;
  out[0] = '\0';
  while ((rc = store_cursor_next(c, &row, &diag)) == 1)
    used += (size_t)snprintf(out + used, size - used, "%s%s:%d", used ? " " : "", row.key, row.hand);
  assert_int_equal(rc, 0);
  store_cursor_close(c);
}

static TestGame game_a, game_b; /* large: static */

/* --------------------------------------------------------------- tests */

static void test_store_schema_version_matches_last_migration(void **state) {
  (void)state;
  assert_true(store_sqlite_migration_count >= 1);
  for (int i = 0; i < store_sqlite_migration_count; i++) assert_int_equal(store_sqlite_migrations[i].version, i + 1);
  assert_int_equal(store_sqlite_migrations[store_sqlite_migration_count - 1].version, STORE_SCHEMA_VERSION);
  assert_non_null(strstr(store_sqlite_migrations[0].sql, "CREATE TABLE games"));
}

static void test_store_open_memory_migrates(void **state) {
  (void)state;
  Store *s = open_ok(":memory:", STORE_CREATE);
  assert_int_equal(store_schema_found(s), 0);
  PnDiag diag = {0};
  assert_int_equal(store_check(s, &diag), 0);
  store_close(s);
  store_close(NULL);
}

/* Game ids across transactions: each game its own, later transactions'
 * above earlier ones, whatever was rolled back between.  (PostgreSQL
 * reserves ids a block at a time and asks for the next block behind the
 * COPYs under way: a rollback with that block still asked for must not
 * leave the next transaction waiting for it.) */
static void test_store_game_ids_across_transactions(void **state) {
  Store *s = open_scratch(state, STORE_CREATE);
  PnDiag diag = {0};
  simulate(&game_a, "partnership-auction", 3, 1, 0);
  enum { ROLLED = 3, SMALL = 5, LARGE = 40 }; /* LARGE: past blocks of 1, 2, 4, 8 and 16 */
  int64_t ids[SMALL + LARGE];
  char key[32];
  assert_int_equal(store_begin(s, &diag), 0);
  for (int i = 0; i < ROLLED; i++) {
    snprintf(key, sizeof key, "r%d", i);
    put_game(s, &game_a, key, i, 0, NULL, 1);
  }
  store_rollback(s);
  int n = 0;
  for (int t = 0; t < 2; t++) {
    assert_int_equal(store_begin(s, &diag), 0);
    for (int i = 0; i < (t ? LARGE : SMALL); i++) {
      snprintf(key, sizeof key, "t%d-%d", t, i);
      ids[n] = put_game(s, &game_a, key, i, 0, NULL, 1);
      if (n > 0) assert_true(ids[n] > ids[n - 1]);
      n++;
    }
    if (store_commit(s, &diag) != 0) fail_msg("commit: %s", diag.msg);
  }
  for (int i = 0; i < n; i++) {
    snprintf(key, sizeof key, "t%d-%d", i >= SMALL, i >= SMALL ? i - SMALL : i);
    int64_t id = 0;
    uint64_t hash = 0;
    assert_int_equal(store_game_lookup(s, key, &id, &hash, &diag), 1);
    assert_int_equal(id, ids[i]);
  }
  int64_t id = 0;
  uint64_t hash = 0;
  assert_int_equal(store_game_lookup(s, "r0", &id, &hash, &diag), 0);
  assert_int_equal(store_check(s, &diag), 0);
  store_close(s);
}

/* The migrations a file lacks run in one transaction: when a later one
 * fails, the earlier ones are not kept either, and the file is left at
 * the schema it had (here 2: migration 3 adds games.winners, migration
 * 4 cannot create the nights table a user made). */
static void test_store_migrations_whole_or_not_at_all(void **state) {
  (void)state;
  char path[64];
  temp_path(path);
  sqlite3 *db = NULL;
  assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
  for (int i = 0; i < 2; i++)
    assert_int_equal(sqlite3_exec(db, store_sqlite_migrations[i].sql, NULL, NULL, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_exec(db, "CREATE TABLE nights (x)", NULL, NULL, NULL), SQLITE_OK);
  sqlite3_close(db);
  Store *s = NULL;
  PnDiag diag = {0};
  assert_int_not_equal(store_open(path, 0, &s, &diag), 0);
  assert_null(s);
  assert_non_null(strstr(diag.msg, "schema 4"));
  db = raw_open(path);
  assert_int_equal(raw_int(db, "PRAGMA user_version"), 2);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM pragma_table_info('games') WHERE name = 'winners'"), 0);
  sqlite3_close(db);
  remove_db(path);
}

static void test_store_open_file_sets_ids_and_wal(void **state) {
  (void)state;
  char path[64];
  temp_path(path);
  Store *s = open_ok(path, STORE_CREATE);
  assert_int_equal(store_schema_found(s), 0);
  store_close(s);
  sqlite3 *db = raw_open(path);
  assert_int_equal(raw_int(db, "PRAGMA user_version"), STORE_SCHEMA_VERSION);
  assert_int_equal(raw_int(db, "PRAGMA application_id"), STORE_SQLITE_APPLICATION_ID);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM sqlite_master WHERE name = 'journal_mode'"), 0);
  sqlite3_stmt *st;
  assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(st), SQLITE_ROW);
  assert_string_equal((const char *)sqlite3_column_text(st, 0), "wal");
  sqlite3_finalize(st);
  sqlite3_close(db);
  /* reopening finds the schema and has nothing to do */
  s = open_ok(path, 0);
  assert_int_equal(store_schema_found(s), STORE_SCHEMA_VERSION);
  store_close(s);
  remove_db(path);
}

static void test_store_refuses_newer_schema(void **state) {
  (void)state;
  char path[64], want[160];
  temp_path(path);
  store_close(open_ok(path, STORE_CREATE));
  sqlite3 *db = raw_open(path);
  char newer[64];
  snprintf(newer, sizeof newer, "PRAGMA user_version = %d", STORE_SCHEMA_VERSION + 1);
  raw_exec(db, newer);
  sqlite3_close(db);
  Store *s = NULL;
  PnDiag diag = {0};
  assert_int_equal(store_open(path, 0, &s, &diag), STORE_NEWER);
  assert_null(s);
  snprintf(want, sizeof want, "%s was written by a newer pinochle (schema %d, this one knows %d)", path,
           STORE_SCHEMA_VERSION + 1, STORE_SCHEMA_VERSION);
  assert_string_equal(diag.msg, want);
  assert_int_equal(store_open(path, STORE_READONLY, &s, &diag), STORE_NEWER);
  remove_db(path);
}

static void test_store_refuses_other_databases(void **state) {
  (void)state;
  char path[64];
  Store *s = NULL;
  PnDiag diag = {0};
  /* another program's SQLite database */
  temp_path(path);
  sqlite3 *db = raw_open(path);
  raw_exec(db, "CREATE TABLE notes(body TEXT)");
  sqlite3_close(db);
  assert_int_equal(store_open(path, STORE_CREATE, &s, &diag), STORE_NOT_OURS);
  assert_non_null(strstr(diag.msg, "is not a pinochle database"));
  assert_null(s);
  db = raw_open(path); /* untouched */
  assert_int_equal(raw_int(db, "SELECT count(*) FROM sqlite_master"), 1);
  /* ... or one that says so with its application_id */
  raw_exec(db, "DROP TABLE notes; PRAGMA application_id = 1234");
  sqlite3_close(db);
  assert_int_equal(store_open(path, STORE_CREATE, &s, &diag), STORE_NOT_OURS);
  assert_non_null(strstr(diag.msg, "application_id 0x000004D2"));
  remove_db(path);
  /* not SQLite at all */
  temp_path(path);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs("game,hand,seq,seat,action,cards,value\n", f);
  for (int i = 0; i < 100; i++) fputs("g1,1,1,2,dealer,,\n", f);
  fclose(f);
  assert_int_equal(store_open(path, STORE_CREATE, &s, &diag), STORE_NOT_OURS);
  assert_non_null(strstr(diag.msg, "not an SQLite file"));
  assert_non_null(strstr(diag.msg, path));
  remove_db(path);
}

static void test_store_missing_file_needs_create(void **state) {
  (void)state;
  char path[64];
  temp_path(path);
  remove_db(path);
  Store *s = NULL;
  PnDiag diag = {0};
  assert_int_equal(store_open(path, 0, &s, &diag), STORE_ERROR);
  assert_non_null(strstr(diag.msg, path));
  assert_non_null(strstr(diag.msg, "no such database"));
  assert_int_equal(access(path, F_OK), -1); /* not created */
  assert_int_equal(store_open(path, STORE_CREATE | STORE_MUST_EXIST, &s, &diag), STORE_ERROR);
  assert_int_equal(store_open(path, STORE_READONLY, &s, &diag), STORE_ERROR);
  assert_int_equal(access(path, F_OK), -1);
  s = open_ok(path, STORE_CREATE);
  store_close(s);
  assert_int_equal(access(path, F_OK), 0);
  remove_db(path);
}

/* Does path followed by suffix exist? */
static bool exists_with(const char *path, const char *suffix) {
  char name[96];
  snprintf(name, sizeof name, "%s%s", path, suffix);
  return access(name, F_OK) == 0;
}

/* STORE_CREATE_IF_STORED: a file it created is removed at close unless
 * something was stored; a file that was there, or one another connection
 * has open, stays. */
static void test_store_create_if_stored(void **state) {
  (void)state;
  char path[64];
  temp_path(path);
  remove_db(path);
  PnDiag diag = {0};
  simulate(&game_a, "partnership-auction", 5, 1, 0);

  /* nothing stored: nothing left, not even -wal or -shm */
  Store *s = open_ok(path, STORE_CREATE_IF_STORED);
  assert_int_equal(access(path, F_OK), 0);
  store_close(s);
  assert_false(exists_with(path, ""));
  assert_false(exists_with(path, "-wal"));
  assert_false(exists_with(path, "-shm"));

  /* a transaction rolled back (a bad file) stores nothing either */
  s = open_ok(path, STORE_CREATE_IF_STORED);
  assert_int_equal(store_begin(s, &diag), 0);
  put_game(s, &game_a, "rolled-back", 0, 0, NULL, 1);
  store_rollback(s);
  store_close(s);
  assert_false(exists_with(path, ""));
  /* ... nor one left open by a failing caller */
  s = open_ok(path, STORE_CREATE_IF_STORED);
  assert_int_equal(store_begin(s, &diag), 0);
  put_game(s, &game_a, "never-committed", 0, 0, NULL, 1);
  store_close(s);
  assert_false(exists_with(path, ""));

  /* a committed game keeps the file, and a later open does not remove it */
  s = open_ok(path, STORE_CREATE_IF_STORED);
  assert_int_equal(store_begin(s, &diag), 0);
  put_game(s, &game_a, "kept", 0, 0, NULL, 1);
  assert_int_equal(store_commit(s, &diag), 0);
  store_close(s);
  assert_true(exists_with(path, ""));
  remove_db(path);

  /* another connection on the new file: it stays (that one may store) */
  s = open_ok(path, STORE_CREATE_IF_STORED);
  Store *other = open_ok(path, STORE_MUST_EXIST);
  store_close(s);
  assert_true(exists_with(path, ""));
  put_game(other, &game_a, "other", 0, 0, NULL, 1);
  store_close(other);
  other = open_ok(path, STORE_READONLY);
  int64_t id;
  uint64_t hash;
  assert_int_equal(store_game_lookup(other, "other", &id, &hash, &diag), 1);
  store_close(other);
  remove_db(path);

  /* an existing file, even an empty one, is never removed */
  temp_path(path);
  s = open_ok(path, STORE_CREATE_IF_STORED);
  store_close(s);
  assert_true(exists_with(path, ""));
  remove_db(path);

  /* STORE_CREATE (init) keeps the new empty database */
  s = open_ok(path, STORE_CREATE);
  store_close(s);
  assert_true(exists_with(path, ""));
  remove_db(path);
}

/* STORE_BULK (import): a file the open creates has 16 KiB pages and a
 * rollback journal while it is written, and is in WAL mode, with no
 * journal beside it, once closed; with nothing stored it goes as any new
 * file does; a file that was there keeps its mode. */
static void test_store_bulk_journal_then_wal(void **state) {
  (void)state;
  char path[64];
  temp_path(path);
  remove_db(path);
  PnDiag diag = {0};
  simulate(&game_a, "partnership-auction", 5, 1, 0);

  Store *s = open_ok(path, STORE_CREATE_IF_STORED | STORE_BULK);
  sqlite3 *db = raw_open(path);
  assert_int_equal(raw_int(db, "SELECT journal_mode = 'delete' FROM pragma_journal_mode"), 1);
  assert_int_equal(raw_int(db, "SELECT page_size FROM pragma_page_size"), 16384);
  sqlite3_close(db);
  assert_int_equal(store_begin(s, &diag), 0);
  put_game(s, &game_a, "bulk", 0, 0, NULL, 1);
  assert_true(exists_with(path, "-journal")); /* the schema's pages, kept until the commit */
  assert_false(exists_with(path, "-wal"));
  assert_int_equal(store_commit(s, &diag), 0);
  store_close(s);
  assert_false(exists_with(path, "-journal"));
  db = raw_open(path);
  assert_int_equal(raw_int(db, "SELECT journal_mode = 'wal' FROM pragma_journal_mode"), 1);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM games WHERE key = 'bulk'"), 1);
  sqlite3_close(db);

  /* a file that was there: WAL from the start, as without the flag */
  s = open_ok(path, STORE_CREATE_IF_STORED | STORE_BULK);
  assert_int_equal(store_begin(s, &diag), 0);
  put_game(s, &game_a, "bulk-2", 0, 0, NULL, 1);
  assert_true(exists_with(path, "-wal"));
  assert_false(exists_with(path, "-journal"));
  store_rollback(s);
  store_close(s);
  remove_db(path);

  /* nothing stored: nothing left */
  s = open_ok(path, STORE_CREATE_IF_STORED | STORE_BULK);
  assert_int_equal(store_begin(s, &diag), 0);
  put_game(s, &game_a, "never-committed", 0, 0, NULL, 1);
  store_close(s);
  assert_false(exists_with(path, ""));
  assert_false(exists_with(path, "-journal"));
  assert_false(exists_with(path, "-wal"));
  assert_false(exists_with(path, "-shm"));
}

/* Reading leaves the folder as it was: no -wal or -shm files, the bytes
 * unchanged. */
static void test_store_readonly_leaves_no_files(void **state) {
  (void)state;
  char path[64];
  temp_path(path);
  Store *s = open_ok(path, STORE_CREATE);
  simulate(&game_a, "partnership-auction", 6, 1, 0);
  put_game(s, &game_a, "g", 0, 0, NULL, 1);
  store_close(s);
  assert_false(exists_with(path, "-wal"));
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  static char before[1 << 20], after[1 << 20];
  size_t n = fread(before, 1, sizeof before, f);
  fclose(f);
  assert_true(n > 0 && n < sizeof before); /* all of it */
  s = open_ok(path, STORE_READONLY);
  const char *keys[] = {"g"};
  char got[64];
  walk(s, &(StoreFilter){.nkeys = 1, .keys = keys}, got, sizeof got);
  assert_string_equal(got, "g:1");
  /* a read-write connection opened meanwhile: closing the reader does not
   * remove the -wal and -shm that connection now uses */
  Store *w = open_ok(path, STORE_MUST_EXIST);
  store_close(s);
  assert_true(exists_with(path, "-wal"));
  assert_true(exists_with(path, "-shm"));
  int64_t id;
  uint64_t hash;
  PnDiag diag = {0};
  assert_int_equal(store_game_lookup(w, "g", &id, &hash, &diag), 1); /* and it still reads */
  store_close(w);
  assert_false(exists_with(path, "-wal"));
  s = open_ok(path, STORE_READONLY);
  store_close(s);
  assert_false(exists_with(path, "-wal"));
  assert_false(exists_with(path, "-shm"));
  f = fopen(path, "rb");
  assert_non_null(f);
  assert_int_equal(fread(after, 1, sizeof after, f), n);
  fclose(f);
  assert_memory_equal(before, after, n);
  remove_db(path);
}

static void test_store_readonly_reads_and_refuses_writes(void **state) {
  (void)state;
  char path[64], got[256];
  temp_path(path);
  Store *s = NULL;
  PnDiag diag = {0};
  /* an empty file is not yet a pinochle database */
  assert_int_equal(store_open(path, STORE_READONLY, &s, &diag), STORE_NOT_OURS);
  assert_non_null(strstr(diag.msg, "pinochle init"));
  s = open_ok(path, STORE_CREATE);
  simulate(&game_a, "partnership-auction", 3, 2, 0);
  put_game(s, &game_a, "ro-1", 0, 0, NULL, 1);
  store_close(s);
  s = open_ok(path, STORE_READONLY);
  const char *keys[] = {"ro-1"};
  StoreFilter f = {.nkeys = 1, .keys = keys};
  walk(s, &f, got, sizeof got);
  assert_string_equal(got, "ro-1:1 ro-1:2");
  StoreGame g = {.key = "ro-2", .preset = "two-hand", .nplayers = 2, .players = {"Ann", "Bob"}};
  int64_t id;
  assert_true(store_game_insert(s, &g, &id, &diag) < 0);
  assert_non_null(strstr(diag.msg, "readonly"));
  store_close(s);
  remove_db(path);
}

static void test_store_game_round_trips_through_cursor(void **state) {
  Store *s = open_scratch(state, STORE_CREATE);
  simulate(&game_a, "partnership-auction", 11, 5, 0.05);
  const char *tags[] = {"date=2026-11-20", "club=Riverside", "date=2026-11-20"};
  uint64_t hash = 0xfedcba9876543210ull; /* high bit set: stored as a negative integer */
  int64_t id = put_game(s, &game_a, "riverside-2026-11-20-t3", 2, 3, tags, hash);
  PnDiag diag = {0};
  int64_t found = 0;
  uint64_t found_hash = 0;
  assert_int_equal(store_game_lookup(s, "riverside-2026-11-20-t3", &found, &found_hash, &diag), 1);
  assert_int_equal(found, id);
  assert_true(found_hash == hash);
  assert_int_equal(store_game_lookup(s, "nope", &found, &found_hash, &diag), 0);

  StoreCursor *c = NULL;
  assert_int_equal(store_cursor_open(s, NULL, &c, &diag), 0);
  StoreRow row;
  int64_t cy = 0;
  for (int i = 0; i < game_a.nhands; i++) {
    const TestHand *h = &game_a.hand[i];
    assert_int_equal(store_cursor_next(c, &row, &diag), 1);
    if (i == 0) cy = row.player_ids[0];
    assert_int_equal(row.new_game, i == 0);
    assert_int_equal(row.game_id, id);
    assert_string_equal(row.key, "riverside-2026-11-20-t3");
    assert_string_equal(row.preset, "partnership-auction");
    assert_int_equal(row.noptions, 2);
    assert_string_equal(row.options[0], "target=1000");
    assert_string_equal(row.options[1], "moon=off");
    assert_int_equal(row.ntags, 3);
    assert_string_equal(row.tags[0], "date=2026-11-20");
    assert_string_equal(row.tags[1], "club=Riverside");
    assert_string_equal(row.tags[2], "date=2026-11-20");
    assert_int_equal(row.nplayers, 4);
    assert_string_equal(row.players[0], "Cy");
    assert_string_equal(row.players[3], "Fred");
    assert_true(row.player_ids[0] > 0);
    assert_int_equal(row.finished, game_a.over);
    assert_int_equal(row.winner, game_a.winner);
    assert_int_equal(row.hand, h->number);
    assert_int_equal(row.dealer, h->dealer);
    assert_int_equal(row.events_len, h->events_len);
    assert_memory_equal(row.events, h->events, h->events_len);
    assert_int_equal(row.results_len, h->results_len);
    assert_memory_equal(row.results, h->results, h->results_len);
  }
  assert_int_equal(store_cursor_next(c, &row, &diag), 0);
  store_cursor_close(c);

  /* the same name is the same player */
  simulate(&game_b, "two-hand", 5, 1, 0);
  int64_t id_b = put_game(s, &game_b, "g2", 2, 0, NULL, 7);
  const char *keys[] = {"g2"};
  StoreFilter f = {.nkeys = 1, .keys = keys};
  assert_int_equal(store_cursor_open(s, &f, &c, &diag), 0);
  assert_int_equal(store_cursor_next(c, &row, &diag), 1);
  assert_int_equal(row.game_id, id_b);
  assert_string_equal(row.players[0], "Cy");
  assert_int_equal(row.player_ids[0], cy);
  store_cursor_close(c);

  /* a key is stored once: a conflict (PN_ERR_CONFLICT), known by the
   * database's code (SQLite's constraint, PostgreSQL's SQLSTATE 23505),
   * not by a constraint's name in its message */
  StoreGame dup = {.key = "g2", .preset = "two-hand", .nplayers = 2, .players = {"Ann", "Bob"}};
  int64_t dup_id;
  assert_int_equal(store_game_insert(s, &dup, &dup_id, &diag), STORE_CONFLICT);
  assert_int_equal(STORE_CONFLICT, PN_ERR_CONFLICT);
  assert_string_equal(diag.msg, "game 'g2' is already stored");
  StoreHand again = {.number = 1, .dealer = 1, .events = game_b.hand[0].events, .events_len = 3};
  assert_int_equal(store_hand_insert(s, id_b, &again, &diag), STORE_CONFLICT);
  assert_non_null(strstr(diag.msg, "already has a hand 1"));
  /* a hand of no game: refused by the reference (PostgreSQL: the
   * trigger hands_game_id_fkey of schema 9, named in its message) */
  assert_int_equal(store_hand_insert(s, 999, &again, &diag), STORE_ERROR);
  assert_string_equal(diag.msg, "no game 999 to add hand 1 to");
  store_close(s);
}

static void test_store_cursor_filters(void **state) {
  Store *s = open_scratch(state, STORE_CREATE);
  char got[512];
  simulate(&game_a, "partnership-auction", 21, 2, 0);
  simulate(&game_b, "three-hand", 22, 3, 0);
  const char *tags1[] = {"date=2026-11-20", "club=Riverside"};
  const char *tags2[] = {"date=2026-12-04T19:30", "club=Oak Hall", "table=3"};
  const char *tags3[] = {"club=Riverside"};
  put_game(s, &game_a, "a", 0, 2, tags1, 1);       /* Ann Bob Cy Dee */
  put_game(s, &game_b, "b", 4, 3, tags2, 2);       /* Eve Fred Gus */
  put_game(s, &game_a, "c", 1, 1, tags3, 3);       /* Bob Cy Dee Eve */
  StoreGame empty = {.key = "d", .preset = "two-hand", .nplayers = 2, .players = {"Hal", "Ann"}};
  int64_t id;
  PnDiag diag = {0};
  assert_int_equal(store_game_insert(s, &empty, &id, &diag), 0);

  walk(s, NULL, got, sizeof got);
  assert_string_equal(got, "a:1 a:2 b:1 b:2 b:3 c:1 c:2 d:0");
  const char *keys[] = {"d", "b", "missing", "b"};
  walk(s, &(StoreFilter){.nkeys = 4, .keys = keys}, got, sizeof got);
  assert_string_equal(got, "b:1 b:2 b:3 d:0");
  walk(s, &(StoreFilter){.preset = "three-hand"}, got, sizeof got);
  assert_string_equal(got, "b:1 b:2 b:3");
  walk(s, &(StoreFilter){.player = "Ann"}, got, sizeof got);
  assert_string_equal(got, "a:1 a:2 d:0");
  walk(s, &(StoreFilter){.player = "Eve"}, got, sizeof got);
  assert_string_equal(got, "b:1 b:2 b:3 c:1 c:2");
  walk(s, &(StoreFilter){.player = "Nobody"}, got, sizeof got);
  assert_string_equal(got, "");
  /* any case, as the recorder matches names */
  walk(s, &(StoreFilter){.player = "aNN"}, got, sizeof got);
  assert_string_equal(got, "a:1 a:2 d:0");
  assert_int_equal(store_player_count(s, "eve", &diag), 1);
  assert_int_equal(store_player_count(s, "Eve", &diag), 1);
  assert_int_equal(store_player_count(s, "Nobody", &diag), 0);
  walk(s, &(StoreFilter){.tag_name = "club", .tag_value = "Riverside"}, got, sizeof got);
  assert_string_equal(got, "a:1 a:2 c:1 c:2");
  walk(s, &(StoreFilter){.tag_name = "table"}, got, sizeof got);
  assert_string_equal(got, "b:1 b:2 b:3");
  walk(s, &(StoreFilter){.since = "2026-11-21"}, got, sizeof got);
  assert_string_equal(got, "b:1 b:2 b:3");
  walk(s, &(StoreFilter){.until = "2026-12-04"}, got, sizeof got);
  assert_string_equal(got, "a:1 a:2 b:1 b:2 b:3");
  walk(s, &(StoreFilter){.since = "2026-11-20", .until = "2026-11-20"}, got, sizeof got);
  assert_string_equal(got, "a:1 a:2");
  walk(s, &(StoreFilter){.hand = 2}, got, sizeof got);
  assert_string_equal(got, "a:2 b:2 c:2 d:0");
  walk(s, &(StoreFilter){.hand = 3, .player = "Eve", .nkeys = 2, .keys = keys}, got, sizeof got);
  assert_string_equal(got, "b:3");

  /* two cursors at once, one with keys, walk independently */
  const char *ka[] = {"a"}, *kc[] = {"c"};
  StoreCursor *c1, *c2;
  StoreRow r1, r2;
  assert_int_equal(store_cursor_open(s, &(StoreFilter){.nkeys = 1, .keys = ka}, &c1, &diag), 0);
  assert_int_equal(store_cursor_open(s, &(StoreFilter){.nkeys = 1, .keys = kc}, &c2, &diag), 0);
  assert_int_equal(store_cursor_next(c1, &r1, &diag), 1);
  assert_int_equal(store_cursor_next(c2, &r2, &diag), 1);
  assert_string_equal(r1.key, "a");
  assert_string_equal(r2.key, "c");
  assert_string_equal(r1.players[0], "Ann");
  assert_string_equal(r2.players[0], "Bob");
  store_cursor_close(c1);
  assert_int_equal(store_cursor_next(c2, &r2, &diag), 1);
  assert_int_equal(r2.hand, 2);
  assert_false(r2.new_game);
  store_cursor_close(c2);
  store_cursor_close(NULL);
  store_close(s);
}

/* A game without hands gives one row (hand 0) wherever it falls: first,
 * between games with hands, last; each row carries its own game's key,
 * players and new_game (PostgreSQL reads games, hands and seats from
 * three cursors merged by game id), and the hand filter keeps a game
 * without hands but drops one that lacks that hand. */
static void test_store_cursor_games_without_hands_anywhere(void **state) {
  Store *s = open_scratch(state, STORE_CREATE);
  char got[512];
  PnDiag diag = {0};
  int64_t id;
  simulate(&game_a, "partnership-auction", 23, 2, 0);
  simulate(&game_b, "three-hand", 24, 1, 0);
  StoreGame e1 = {.key = "e1", .preset = "two-hand", .nplayers = 2, .players = {"Hal", "Ivy"}};
  StoreGame e2 = {.key = "e2", .preset = "two-hand", .nplayers = 2, .players = {"Jo", "Kim"}};
  StoreGame e3 = {.key = "e3", .preset = "two-hand", .nplayers = 2, .players = {"Lou", "Max"}};
  assert_int_equal(store_game_insert(s, &e1, &id, &diag), 0);
  put_game(s, &game_a, "a", 0, 0, NULL, 1); /* Ann Bob Cy Dee */
  assert_int_equal(store_game_insert(s, &e2, &id, &diag), 0);
  put_game(s, &game_b, "b", 4, 0, NULL, 2); /* Eve Fred Gus */
  assert_int_equal(store_game_insert(s, &e3, &id, &diag), 0);

  walk(s, NULL, got, sizeof got);
  assert_string_equal(got, "e1:0 a:1 a:2 e2:0 b:1 e3:0");
  walk(s, &(StoreFilter){.hand = 2}, got, sizeof got);
  assert_string_equal(got, "e1:0 a:2 e2:0 e3:0");

  static const char *const want_key[] = {"e1", "a", "a", "e2", "b", "e3"};
  static const char *const want_player[] = {"Ivy", "Bob", "Bob", "Kim", "Fred", "Max"};
  static const int want_players[] = {2, 4, 4, 2, 3, 2};
  static const bool want_new[] = {true, true, false, true, true, true};
  StoreCursor *c = NULL;
  StoreRow row;
  assert_int_equal(store_cursor_open(s, NULL, &c, &diag), 0);
  for (int i = 0; i < 6; i++) {
    assert_int_equal(store_cursor_next(c, &row, &diag), 1);
    assert_string_equal(row.key, want_key[i]);
    assert_int_equal(row.nplayers, want_players[i]);
    assert_string_equal(row.players[1], want_player[i]);
    assert_int_equal(row.new_game, want_new[i]);
    assert_int_equal(row.events_len == 0, row.hand == 0);
  }
  assert_int_equal(store_cursor_next(c, &row, &diag), 0);
  store_cursor_close(c);
  store_close(s);
}

/* with_analysis: each row carries the analysis stored with its hand (none
 * for a hand without one), and with results_only the events come only
 * for a hand that has one (the caller checks the analysis's key against
 * them); without with_analysis no row carries one. */
static void test_store_cursor_carries_stored_analyses(void **state) {
  Store *s = open_scratch(state, STORE_CREATE);
  simulate(&game_a, "partnership-auction", 37, 2, 0);
  int64_t id = put_game(s, &game_a, "an", 0, 0, NULL, 1);
  PnDiag diag = {0};
  const uint8_t value[] = {9, 8, 7, 6};
  uint64_t key = 0x8000000000000007ull; /* the top bit: the key is a whole uint64 */
  assert_int_equal(store_analysis_put(s, id, 2, 41, key, value, sizeof value, &diag), 0);
  for (int results_only = 0; results_only < 2; results_only++) {
    StoreCursor *c;
    StoreRow row;
    assert_int_equal(store_cursor_open(s, &(StoreFilter){.results_only = results_only, .with_analysis = true}, &c,
                                       &diag), 0);
    assert_int_equal(store_cursor_next(c, &row, &diag), 1);
    assert_int_equal(row.hand, 1);
    assert_null(row.analysis);
    assert_int_equal(row.analysis_len, 0);
    assert_true(results_only ? row.events == NULL : row.events_len == game_a.hand[0].events_len);
    assert_int_equal(store_cursor_next(c, &row, &diag), 1);
    assert_int_equal(row.hand, 2);
    assert_non_null(row.analysis);
    assert_int_equal(row.analysis_len, sizeof value);
    assert_memory_equal(row.analysis, value, sizeof value);
    assert_int_equal(row.analysis_rules, 41);
    assert_true(row.analysis_key == key);
    assert_int_equal(row.events_len, game_a.hand[1].events_len); /* even with results_only */
    assert_memory_equal(row.events, game_a.hand[1].events, row.events_len);
    assert_int_equal(row.results_len, game_a.hand[1].results_len);
    assert_int_equal(store_cursor_next(c, &row, &diag), 0);
    store_cursor_close(c);
  }
  StoreCursor *c;
  StoreRow row;
  assert_int_equal(store_cursor_open(s, &(StoreFilter){.results_only = true, .hand = 2}, &c, &diag), 0);
  assert_int_equal(store_cursor_next(c, &row, &diag), 1);
  assert_null(row.analysis);
  assert_null(row.events);
  store_cursor_close(c);
  store_close(s);
}

/* A hand's review round-trips with what it was made with (worlds, seed
 * and budget, the top bits of the key and seed kept); another rules
 * version or key finds none; the cursor's rows carry it (with its events
 * under results_only); a redone hand (store_hand_replace) loses its
 * review and keeps the other hands'. */
static void test_store_reviews_round_trip_and_go_with_a_redone_hand(void **state) {
  Store *s = open_scratch(state, STORE_CREATE);
  simulate(&game_a, "partnership-auction", 43, 3, 0);
  int64_t id = put_game(s, &game_a, "rv", 0, 0, NULL, 1);
  PnDiag diag = {0};
  const uint8_t value[] = {1, 0, 5, 250, 7};
  StoreReviewKey k = {.rules_version = 41, .key = 0x8000000000000007ull, .worlds = 16,
                      .seed = 0x8000000000000003ull, .budget = 2000000};
  for (int hand = 2; hand <= 3; hand++) assert_int_equal(store_review_put(s, id, hand, &k, value, sizeof value, &diag), 0);
  assert_int_equal(store_review_put(s, id, 9, &k, value, sizeof value, &diag), STORE_ERROR);
  uint8_t buf[16];
  size_t len = 0;
  StoreReviewKey got = {.rules_version = 41, .key = k.key};
  assert_int_equal(store_review_get(s, id, 2, &got, buf, sizeof buf, &len, &diag), 1);
  assert_int_equal(len, sizeof value);
  assert_memory_equal(buf, value, sizeof value);
  assert_int_equal(got.worlds, 16);
  assert_true(got.seed == k.seed);
  assert_int_equal(got.budget, 2000000);
  assert_int_equal(store_review_get(s, id, 2, &got, buf, 2, &len, &diag), STORE_CORRUPT); /* longer than size */
  StoreReviewKey stale = {.rules_version = 42, .key = k.key};
  assert_int_equal(store_review_get(s, id, 2, &stale, buf, sizeof buf, &len, &diag), 0);
  stale = (StoreReviewKey){.rules_version = 41, .key = 7};
  assert_int_equal(store_review_get(s, id, 2, &stale, buf, sizeof buf, &len, &diag), 0);
  assert_int_equal(store_review_get(s, id, 1, &got, buf, sizeof buf, &len, &diag), 0);
  StoreCursor *c;
  StoreRow row;
  assert_int_equal(store_cursor_open(s, &(StoreFilter){.results_only = true, .with_analysis = true}, &c, &diag), 0);
  assert_int_equal(store_cursor_next(c, &row, &diag), 1);
  assert_null(row.review);
  assert_null(row.events);
  assert_int_equal(store_cursor_next(c, &row, &diag), 1);
  assert_int_equal(row.hand, 2);
  assert_int_equal(row.review_len, sizeof value);
  assert_memory_equal(row.review, value, sizeof value);
  assert_int_equal(row.review_rules, 41);
  assert_true(row.review_key == k.key);
  assert_null(row.analysis);
  assert_int_equal(row.events_len, game_a.hand[1].events_len); /* the events, for the key */
  store_cursor_close(c);
  assert_int_equal(store_cursor_open(s, &(StoreFilter){.hand = 2}, &c, &diag), 0);
  assert_int_equal(store_cursor_next(c, &row, &diag), 1);
  assert_null(row.review); /* only with with_analysis */
  store_cursor_close(c);
  const TestHand *h = &game_a.hand[0];
  StoreHand sh = {.number = 2, .dealer = 3, .events = h->events, .events_len = h->events_len,
                  .results = h->results, .results_len = h->results_len, .bidder = 0, .trump = -1};
  assert_int_equal(store_hand_replace(s, id, &sh, &diag), 0);
  assert_int_equal(store_review_get(s, id, 2, &got, buf, sizeof buf, &len, &diag), 0);
  assert_int_equal(store_review_get(s, id, 3, &got, buf, sizeof buf, &len, &diag), 1);
  store_close(s);
}

/* PostgreSQL: a read-only store streams its walk, the next FETCH sent
 * ahead and a game's seats read from a second cursor (issue 35).  Over
 * more than one batch of rows: every row in order with its own game's
 * players, with and without a hand filter that leaves games out; another
 * statement mid-walk answers (the rows sent ahead are read first); and
 * store_begin is refused while the walk is open, its COMMIT would end
 * the walk's transaction. */
static void test_store_pg_readonly_walk_streams(void **state) {
  enum { GAMES = 900 }; /* 600 x 4 or more hands + 300 x 2: past a batch of 2,000 rows */
  Store *s = open_scratch(state, STORE_CREATE);
  PnDiag diag = {0};
  simulate(&game_a, "partnership-auction", 5, 8, 0);
  simulate(&game_b, "partnership-auction", 6, 2, 0);
  assert_true(game_a.nhands >= 4);
  assert_true(game_b.nhands <= 2);
  assert_int_equal(store_begin(s, &diag), 0);
  char key[32];
  for (int i = 0; i < GAMES; i++) {
    snprintf(key, sizeof key, "w%03d", i);
    put_game(s, i % 3 ? &game_a : &game_b, key, i % 16, 0, NULL, 1); /* every third: 2 hands */
  }
  StoreGame bare = {.key = "w999", .preset = "partnership-auction", .nplayers = 4,
                    .players = {"Zed", "Yan", "Xia", "Wes"}}; /* no hands: one row, hand 0 */
  int64_t id;
  assert_int_equal(store_game_insert(s, &bare, &id, &diag), 0);
  assert_int_equal(store_commit(s, &diag), 0);
  store_close(s);
  s = open_ok(getenv("PINOCHLE_TEST_PG_URI"), STORE_READONLY);
  for (int hand = 0; hand <= 3; hand += 3) { /* all hands, then hand 3 alone */
    StoreFilter f = {.hand = hand};
    StoreCursor *c = NULL;
    assert_int_equal(store_cursor_open(s, &f, &c, &diag), 0);
    StoreRow row;
    int rc, rows = 0, game = -1, want_hand = 0;
    while ((rc = store_cursor_next(c, &row, &diag)) == 1) {
      if (row.new_game) {
        game = strcmp(row.key, "w999") == 0 ? GAMES : atoi(row.key + 1);
        want_hand = hand ? hand : 1;
      }
      if (game == GAMES) {
        assert_int_equal(row.hand, 0);
        assert_string_equal(row.players[1], "Yan");
      } else {
        assert_true(hand == 0 || game % 3 != 0); /* a 2-hand game has no hand 3 */
        assert_int_equal(row.hand, want_hand++);
        for (int k = 0; k < 4; k++) assert_string_equal(row.players[k], NAMES[(game + k) % 16]);
      }
      assert_int_equal(row.nplayers, 4);
      if (++rows == 2100) { /* a batch sent ahead is on its way */
        assert_int_equal(store_player_count(s, "Ann", &diag), 1);
        assert_int_equal(store_begin(s, &diag), STORE_ERROR);
        assert_non_null(strstr(diag.msg, "read-only walk"));
      }
    }
    assert_int_equal(rc, 0);
    assert_int_equal(game, GAMES);
    assert_int_equal(rows, hand ? GAMES * 2 / 3 + 1 : GAMES * 2 / 3 * game_a.nhands + GAMES / 3 * game_b.nhands + 1);
    store_cursor_close(c);
  }
  store_close(s);
}

static void test_store_updates_results_and_end(void **state) {
  Store *s = open_scratch(state, STORE_CREATE);
  simulate(&game_a, "partnership-auction", 31, 2, 0);
  int64_t id = put_game(s, &game_a, "u", 0, 0, NULL, 1);
  PnDiag diag = {0};
  const uint8_t fixed[] = {1, 2, 3};
  assert_int_equal(store_hand_update_results(s, id, 2, fixed, sizeof fixed, &diag), 0);
  assert_int_equal(store_hand_update_results(s, id, 9, fixed, sizeof fixed, &diag), STORE_ERROR);
  assert_string_equal(diag.msg, "game 1 has no hand 9");
  const uint8_t events[] = {PN_EV_DEALER | 1 << 5};
  assert_int_equal(store_hand_update_events(s, id, 2, events, sizeof events, &diag), 0);
  assert_int_equal(store_hand_update_events(s, id, 9, events, sizeof events, &diag), STORE_ERROR);
  StoreGameEnd end = {.hands = 2, .finished = true, .winner = 2, .hash = 99};
  assert_int_equal(store_game_update_end(s, id, &end, &diag), 0);
  assert_int_equal(store_game_update_end(s, id + 5, &end, &diag), STORE_ERROR);
  StoreCursor *c;
  StoreRow row;
  assert_int_equal(store_cursor_open(s, &(StoreFilter){.hand = 2}, &c, &diag), 0);
  assert_int_equal(store_cursor_next(c, &row, &diag), 1);
  assert_int_equal(row.results_len, 3);
  assert_memory_equal(row.results, fixed, 3);
  assert_int_equal(row.events_len, 1);
  assert_int_equal(row.events[0], PN_EV_DEALER | 1 << 5);
  assert_true(row.finished);
  assert_int_equal(row.winner, 2);
  store_cursor_close(c);
  store_close(s);
}

/* store_hand_replace (record --redo): hand 2's row replaced in place, its
 * analysis and audit findings gone (the audit's count with them); the
 * game's id, the other hands and their findings and analyses stay. */
static void test_store_hand_replace_keeps_the_rest(void **state) {
  (void)state;
  char path[64];
  temp_path(path);
  Store *s = open_ok(path, STORE_CREATE);
  simulate(&game_a, "partnership-auction", 41, 3, 0);
  int64_t id = put_game(s, &game_a, "rep", 0, 0, NULL, 1);
  PnDiag diag = {0};
  int64_t audit;
  assert_int_equal(store_audit_begin(s, PN_RULES_VERSION, &audit, &diag), 0);
  for (int hand = 1; hand <= 3; hand++) {
    StoreFinding fd = {.game_id = id, .hand = hand, .seq = 9, .kind = "bid-too-low", .card = "", .detail = "x"};
    assert_int_equal(store_audit_finding(s, audit, &fd, &diag), 0);
  }
  assert_int_equal(store_audit_end(s, audit, 1, 3, 3, &diag), 0);
  const uint8_t value[] = {1, 2};
  for (int hand = 2; hand <= 3; hand++) assert_int_equal(store_analysis_put(s, id, hand, 41, 7, value, 2, &diag), 0);
  const TestHand *h = &game_a.hand[0]; /* hand 1's rows as hand 2 */
  StoreHand sh = {.number = 2, .dealer = 3, .events = h->events, .events_len = h->events_len,
                  .results = h->results, .results_len = h->results_len, .bidder = 0, .trump = -1};
  assert_int_equal(store_begin(s, &diag), 0);
  assert_int_equal(store_hand_replace(s, id, &sh, &diag), 0);
  sh.number = 9;
  assert_int_equal(store_hand_replace(s, id, &sh, &diag), STORE_ERROR);
  assert_string_equal(diag.msg, "game 1 has no hand 9");
  assert_int_equal(store_commit(s, &diag), 0);
  store_close(s);
  sqlite3 *db = raw_open(path);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM games WHERE id = 1 AND key = 'rep'"), 1);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM hands"), 3);
  assert_int_equal(raw_int(db, "SELECT dealer FROM hands WHERE number = 2"), 3);
  assert_int_equal(raw_int(db, "SELECT bidder IS NULL AND trump IS NULL FROM hands WHERE number = 2"), 1);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM hands WHERE analysis IS NOT NULL"), 1);
  assert_int_equal(raw_int(db, "SELECT analysis IS NULL FROM hands WHERE number = 2"), 1);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM findings WHERE hand <> 2"), 2);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM findings WHERE hand = 2"), 0);
  assert_int_equal(raw_int(db, "SELECT findings FROM audits"), 2);
  sqlite3_close(db);
  remove_db(path);
}

static void test_store_delete_cascades(void **state) {
  (void)state;
  char path[64];
  temp_path(path);
  Store *s = open_ok(path, STORE_CREATE);
  simulate(&game_a, "partnership-auction", 41, 3, 0);
  const char *tags[] = {"date=2026-11-20"};
  int64_t id = put_game(s, &game_a, "del", 0, 1, tags, 1);
  int64_t keep = put_game(s, &game_a, "keep", 0, 1, tags, 2);
  PnDiag diag = {0};
  int64_t audit;
  assert_int_equal(store_audit_begin(s, PN_RULES_VERSION, &audit, &diag), 0);
  StoreFinding fd = {.game_id = id, .hand = 1, .seq = 30, .trick = 2, .seat = 3,
                     .kind = "renege-follow", .card = "9C", .detail = "held KH"};
  assert_int_equal(store_audit_finding(s, audit, &fd, &diag), 0);
  fd.game_id = keep;
  assert_int_equal(store_audit_finding(s, audit, &fd, &diag), 0);
  assert_int_equal(store_game_delete(s, id, &diag), 0);
  assert_int_equal(store_game_delete(s, id, &diag), STORE_ERROR);
  assert_int_equal(store_check(s, &diag), 0);
  store_close(s);
  sqlite3 *db = raw_open(path);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM games"), 1);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM hands"), 3);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM seats"), 4);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM tags"), 1);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM findings"), 1);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM players"), 4); /* players stay */
  sqlite3_close(db);
  remove_db(path);
}

static void test_store_transactions_and_savepoints_roll_back(void **state) {
  Store *s = open_scratch(state, STORE_CREATE);
  char got[256];
  PnDiag diag = {0};
  simulate(&game_a, "partnership-auction", 51, 1, 0);
  assert_int_equal(store_begin(s, &diag), 0);
  put_game(s, &game_a, "t1", 0, 0, NULL, 1);
  store_rollback(s);
  walk(s, NULL, got, sizeof got);
  assert_string_equal(got, "");

  assert_int_equal(store_begin(s, &diag), 0);
  assert_int_equal(store_savepoint(s, &diag), 0);
  put_game(s, &game_a, "t2", 0, 0, NULL, 1);
  assert_int_equal(store_release(s, &diag), 0);
  assert_int_equal(store_savepoint(s, &diag), 0);
  put_game(s, &game_a, "t3", 0, 0, NULL, 1);
  store_rollback_savepoint(s);
  assert_int_equal(store_savepoint(s, &diag), 0);
  put_game(s, &game_a, "t4", 0, 0, NULL, 1);
  assert_int_equal(store_release(s, &diag), 0);
  assert_int_equal(store_commit(s, &diag), 0);
  walk(s, NULL, got, sizeof got);
  assert_string_equal(got, "t2:1 t4:1");

  /* a failed game insert leaves nothing behind (its own savepoint) */
  StoreGame bad = {.key = "t5", .preset = "two-hand", .nplayers = 2, .players = {"Ann", NULL}};
  int64_t id;
  assert_true(store_game_insert(s, &bad, &id, &diag) < 0);
  walk(s, NULL, got, sizeof got);
  assert_string_equal(got, "t2:1 t4:1");
  store_rollback(s); /* no transaction: a no-op */
  store_close(s);
}

/* Player ids are cached within a transaction: a rollback (whole, or to a
 * savepoint) must not leave an id behind that the rollback took away. */
static void test_store_player_ids_survive_no_rollback(void **state) {
  Store *s = open_scratch(state, STORE_CREATE);
  char got[256];
  PnDiag diag = {0};
  simulate(&game_a, "partnership-auction", 52, 1, 0);
  assert_int_equal(store_begin(s, &diag), 0);
  put_game(s, &game_a, "p0", 0, 0, NULL, 1);     /* Ann Bob Cy Dee: kept */
  assert_int_equal(store_savepoint(s, &diag), 0);
  put_game(s, &game_a, "p1", 8, 0, NULL, 1);     /* Ivy Jo Kim Lou: created, then undone */
  store_rollback_savepoint(s);
  put_game(s, &game_a, "p2", 8, 0, NULL, 1);     /* the same names again: created again */
  assert_int_equal(store_commit(s, &diag), 0);
  assert_int_equal(store_begin(s, &diag), 0);
  put_game(s, &game_a, "p3", 12, 0, NULL, 1);    /* Max Ned Oz Pat, then rolled back */
  store_rollback(s);
  assert_int_equal(store_begin(s, &diag), 0);
  put_game(s, &game_a, "p4", 12, 0, NULL, 1);
  assert_int_equal(store_commit(s, &diag), 0);
  walk(s, NULL, got, sizeof got);
  assert_string_equal(got, "p0:1 p2:1 p4:1");
  assert_int_equal(store_check(s, &diag), 0); /* foreign keys hold */

  /* a game whose end is known goes in with it */
  StoreGameEnd end = {.hands = 0, .finished = true, .winner = 2, .hash = 0x8000000000000001ull};
  StoreGame g = {.key = "ended", .preset = "two-hand", .nplayers = 2, .players = {"Ann", "Zed"}, .end = &end};
  int64_t id = 0, found = 0;
  uint64_t hash = 0;
  assert_int_equal(store_game_insert(s, &g, &id, &diag), 0);
  assert_int_equal(store_game_lookup(s, "ended", &found, &hash, &diag), 1);
  assert_int_equal(found, id);
  assert_true(hash == end.hash);
  store_close(s);
}

static void test_store_audit_and_check(void **state) {
  (void)state;
  char path[64];
  temp_path(path);
  Store *s = open_ok(path, STORE_CREATE);
  simulate(&game_a, "partnership-auction", 61, 1, 0);
  int64_t id = put_game(s, &game_a, "au", 0, 0, NULL, 1);
  PnDiag diag = {0};
  int64_t audit;
  assert_int_equal(store_audit_begin(s, PN_RULES_VERSION, &audit, &diag), 0);
  StoreFinding fd = {.game_id = id, .hand = 1, .seq = 9, .kind = "bid-too-low", .card = "", .detail = "240 < 250"};
  assert_int_equal(store_audit_finding(s, audit, &fd, &diag), 0);
  assert_int_equal(store_audit_end(s, audit, 1, 1, 1, &diag), 0);
  assert_int_equal(store_audit_end(s, audit + 1, 1, 1, 1, &diag), STORE_ERROR);
  assert_int_equal(store_check(s, &diag), 0);
  store_close(s);
  sqlite3 *db = raw_open(path);
  /* the audit row records the rules version it was begun with (2 since
   * round robin and two-hand-bid's game end were corrected) */
  assert_int_equal(PN_RULES_VERSION, 2);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM audits WHERE finished IS NOT NULL AND games = 1 "
                               "AND hands = 1 AND findings = 1 AND rules_version = 2"),
                   1);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM findings WHERE card IS NULL AND trick IS NULL "
                               "AND seat IS NULL AND kind = 'bid-too-low'"),
                   1);
  /* a hand whose game is gone, written with foreign keys off */
  raw_exec(db, "PRAGMA foreign_keys = OFF; INSERT INTO hands(game_id, number, dealer, events) "
               "VALUES (42, 1, 1, x'00')");
  sqlite3_close(db);
  s = open_ok(path, 0);
  assert_int_equal(store_check(s, &diag), 1);
  assert_non_null(strstr(diag.msg, "foreign_key_check: a hands row refers to a missing games row"));
  store_close(s);
  remove_db(path);
}

/* ----------------------------------------------------- the SQL views */

static const char *col_text(sqlite3_stmt *st, int col) {
  return sqlite3_column_type(st, col) == SQLITE_NULL ? "<null>" : (const char *)sqlite3_column_text(st, col);
}

/* events_v, plays_v and hand_results_v give, for every hand of tg stored
 * under key, what codec_event_decode and codec_results_decode give. */
static void check_views(sqlite3 *db, const TestGame *tg, const char *key) {
  sqlite3_stmt *ev, *pl, *hr;
  assert_int_equal(sqlite3_prepare_v2(db,
                                      "SELECT hand, seq, seat, action, cards, value FROM events_v "
                                      "WHERE game = :game ORDER BY hand, seq",
                                      -1, &ev, NULL),
                   SQLITE_OK);
  assert_int_equal(sqlite3_prepare_v2(db,
                                      "SELECT hand, seq, trick, position, seat, player, card, leader, winner "
                                      "FROM plays_v WHERE game = :game ORDER BY hand, seq",
                                      -1, &pl, NULL),
                   SQLITE_OK);
  assert_int_equal(sqlite3_prepare_v2(db,
                                      "SELECT hand, seat, player, side, dealer, bidder, bid, trump, made, "
                                      "meld_shown, meld_counted, counters, tricks, score, total, reneges "
                                      "FROM hand_results_v WHERE game = :game ORDER BY hand, seat",
                                      -1, &hr, NULL),
                   SQLITE_OK);
  sqlite3_bind_text(ev, 1, key, -1, SQLITE_STATIC);
  sqlite3_bind_text(pl, 1, key, -1, SQLITE_STATIC);
  sqlite3_bind_text(hr, 1, key, -1, SQLITE_STATIC);
  for (int i = 0; i < tg->nhands; i++) {
    const TestHand *h = &tg->hand[i];
    CodecResults res;
    assert_int_equal(codec_results_decode(h->results, h->results_len, &res), 0);
    size_t at = 0;
    int seq = 0, nplay = 0;
    while (at < h->events_len) {
      PnEvent e;
      char value[64], cards[PN_MAX_EVENT_CARDS * 3 + 1] = "", two[3];
      size_t n = codec_event_decode(h->events + at, h->events_len - at, &e, value, sizeof value);
      assert_true(n > 0);
      at += n;
      seq++;
      for (int k = 0; k < e.ncards; k++)
        snprintf(cards + strlen(cards), sizeof cards - strlen(cards), "%s%s", k ? " " : "",
                 pn_card_str(e.cards[k], two));
      assert_int_equal(sqlite3_step(ev), SQLITE_ROW);
      assert_int_equal(sqlite3_column_int(ev, 0), h->number);
      assert_int_equal(sqlite3_column_int(ev, 1), seq);
      assert_int_equal(sqlite3_column_int(ev, 2), e.seat); /* NULL reads as 0 */
      assert_int_equal(sqlite3_column_type(ev, 2) == SQLITE_NULL, e.seat == 0);
      assert_string_equal(col_text(ev, 3), pn_action_name(e.action));
      assert_string_equal(col_text(ev, 4), cards[0] ? cards : "<null>");
      assert_string_equal(col_text(ev, 5), value[0] ? value : "<null>");
      if (e.action != PN_EV_PLAY) continue;
      int trick = nplay / tg->players, position = nplay % tg->players;
      nplay++;
      assert_int_equal(sqlite3_step(pl), SQLITE_ROW);
      assert_int_equal(sqlite3_column_int(pl, 0), h->number);
      assert_int_equal(sqlite3_column_int(pl, 1), seq);
      assert_int_equal(sqlite3_column_int(pl, 2), trick + 1);
      assert_int_equal(sqlite3_column_int(pl, 3), position + 1);
      assert_int_equal(sqlite3_column_int(pl, 4), e.seat);
      assert_string_equal(col_text(pl, 5), NAMES[e.seat - 1]);
      assert_string_equal(col_text(pl, 6), cards);
      assert_true(trick < res.ntricks);
      assert_int_equal(sqlite3_column_int(pl, 7), res.leader[trick]);
      assert_int_equal(sqlite3_column_int(pl, 8), res.winner[trick]);
      if (position == 0) assert_int_equal(res.leader[trick], e.seat);
    }
    assert_int_equal(nplay, res.ntricks * tg->players);
    const PnHandResult *r = &res.result;
    for (int seat = 1; seat <= res.players; seat++) {
      const PnSeatResult *sr = &r->seat[seat - 1];
      assert_int_equal(sqlite3_step(hr), SQLITE_ROW);
      assert_int_equal(sqlite3_column_int(hr, 0), h->number);
      assert_int_equal(sqlite3_column_int(hr, 1), seat);
      assert_string_equal(col_text(hr, 2), NAMES[seat - 1]);
      int side = seat;
      if (strcmp(tg->preset, "five-call") == 0) side = seat == r->bidder || seat == r->partner ? 1 : 2;
      else if (tg->players == 4 && strcmp(tg->preset, "cutthroat-four") != 0) side = (seat - 1) % 2 + 1;
      assert_int_equal(sqlite3_column_int(hr, 3), side);
      assert_int_equal(sqlite3_column_int(hr, 4), h->dealer);
      assert_int_equal(sqlite3_column_int(hr, 5), r->bidder);
      assert_int_equal(sqlite3_column_int(hr, 6), r->bidder ? r->bid : 0);
      char trump[2] = {r->trump >= 0 ? pn_suit_char(r->trump) : 0, 0};
      assert_string_equal(col_text(hr, 7), trump[0] ? trump : "<null>");
      assert_int_equal(sqlite3_column_int(hr, 8), r->bidder ? r->made : 0);
      assert_int_equal(sqlite3_column_int(hr, 9), sr->meld_shown);
      assert_int_equal(sqlite3_column_int(hr, 10), sr->meld_counted);
      assert_int_equal(sqlite3_column_int(hr, 11), sr->counters);
      assert_int_equal(sqlite3_column_int(hr, 12), sr->tricks);
      assert_int_equal(sqlite3_column_int(hr, 13), sr->score);
      assert_int_equal(sqlite3_column_int(hr, 14), res.total[seat - 1]);
      assert_int_equal(sqlite3_column_int(hr, 15),
                       sr->reneges[0] + sr->reneges[1] + sr->reneges[2] + sr->reneges[3]);
    }
  }
  assert_int_equal(sqlite3_step(ev), SQLITE_DONE);
  assert_int_equal(sqlite3_step(pl), SQLITE_DONE);
  assert_int_equal(sqlite3_step(hr), SQLITE_DONE);
  sqlite3_finalize(ev);
  sqlite3_finalize(pl);
  sqlite3_finalize(hr);
}

/* A whole partnership-auction game (with planted reneges, so set hands
 * and negative scores), then a few hands of every preset. */
/* The store writes a hand's events packed (codec.h, form 2) and reads
 * them back as they were given; a row an older pinochle wrote (form 1)
 * is read as it is, by the cursor and by the views. */
static void test_store_events_stored_packed_and_either_form_read(void **state) {
  (void)state;
  char path[64];
  temp_path(path);
  Store *s = open_ok(path, STORE_CREATE);
  simulate(&game_a, "partnership-auction", 35, 4, 0.05);
  put_game(s, &game_a, "packed", 0, 0, NULL, 1);
  put_game(s, &game_a, "form1", 0, 0, NULL, 2);
  store_close(s);
  sqlite3 *db = raw_open(path);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM hands WHERE unicode(CAST(substr(events, 1, 1) AS TEXT)) % 32 <> 17"),
                   0);
  sqlite3_stmt *st = NULL;
  assert_int_equal(sqlite3_prepare_v2(db, "UPDATE hands SET events = :blob WHERE game_id = 2 AND number = :number", -1,
                                      &st, NULL),
                   SQLITE_OK);
  for (int i = 0; i < game_a.nhands; i++) { /* game 2's rows as a schema-5 pinochle wrote them */
    sqlite3_bind_blob(st, 1, game_a.hand[i].events, (int)game_a.hand[i].events_len, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, game_a.hand[i].number);
    assert_int_equal(sqlite3_step(st), SQLITE_DONE);
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  assert_int_equal(raw_int(db, "SELECT count(*) FROM hands WHERE game_id = 2 AND "
                               "unicode(CAST(substr(events, 1, 1) AS TEXT)) % 32 = 17"),
                   0);
  /* packed, a partnership-auction hand takes under three quarters of its form-1 bytes */
  assert_true(raw_int(db, "SELECT sum(length(events)) FROM hands WHERE game_id = 1") * 4 <
              raw_int(db, "SELECT sum(length(events)) FROM hands WHERE game_id = 2") * 3);
  check_views(db, &game_a, "packed");
  check_views(db, &game_a, "form1");
  sqlite3_close(db);
  s = open_ok(path, 0);
  StoreCursor *c = NULL;
  PnDiag diag = {0};
  assert_int_equal(store_cursor_open(s, NULL, &c, &diag), 0);
  StoreRow row;
  for (int g = 0; g < 2; g++)
    for (int i = 0; i < game_a.nhands; i++) {
      assert_int_equal(store_cursor_next(c, &row, &diag), 1);
      assert_int_equal(row.events_len, game_a.hand[i].events_len);
      assert_memory_equal(row.events, game_a.hand[i].events, row.events_len);
    }
  assert_int_equal(store_cursor_next(c, &row, &diag), 0);
  store_cursor_close(c);
  store_close(s);
  remove_db(path);
}

static void test_store_views_match_decoder(void **state) {
  (void)state;
  char path[64], key[32];
  temp_path(path);
  Store *s = open_ok(path, STORE_CREATE);
  simulate(&game_a, "partnership-auction", 71, MAX_HANDS, 0.05);
  assert_true(game_a.nhands >= 3);
  put_game(s, &game_a, "full", 0, 0, NULL, 1);
  for (int p = 0; pn_preset_name(p) != NULL; p++) {
    simulate(&game_b, pn_preset_name(p), 100 + (uint64_t)p, 4, 0.05);
    snprintf(key, sizeof key, "p%d", p);
    put_game(s, &game_b, key, 0, 0, NULL, 1);
  }
  store_close(s);
  sqlite3 *db = raw_open(path);
  check_views(db, &game_a, "full");
  for (int p = 0; pn_preset_name(p) != NULL; p++) {
    simulate(&game_b, pn_preset_name(p), 100 + (uint64_t)p, 4, 0.05);
    snprintf(key, sizeof key, "p%d", p);
    check_views(db, &game_b, key);
  }
  /* a negative score and a set bid were seen */
  assert_true(raw_int(db, "SELECT count(*) FROM hand_results_v WHERE score < 0") > 0);
  assert_true(raw_int(db, "SELECT count(*) FROM hand_results_v WHERE made = 0") > 0);
  sqlite3_close(db);
  remove_db(path);
}

/* 2,000 simulated partnership-auction hands in a file: after VACUUM the
 * whole database (tables, indexes, players, games) is at most 330 bytes
 * per hand. */
static void test_store_size_per_partnership_auction_hand(void **state) {
  (void)state;
  enum { HANDS = 2000 };
  char path[64], key[32], date[32], table[32];
  temp_path(path);
  Store *s = open_ok(path, STORE_CREATE);
  PnDiag diag = {0};
  clock_t t0 = clock();
  assert_int_equal(store_begin(s, &diag), 0);
  int hands = 0, games = 0;
  size_t event_bytes = 0, result_bytes = 0;
  while (hands < HANDS) {
    simulate(&game_a, "partnership-auction", 1000 + (uint64_t)games, MAX_HANDS, 0);
    if (game_a.nhands > HANDS - hands) game_a.nhands = HANDS - hands;
    for (int i = 0; i < game_a.nhands; i++) {
      event_bytes += game_a.hand[i].events_len;
      result_bytes += game_a.hand[i].results_len;
    }
    snprintf(key, sizeof key, "club-2026-%02d-%02d-t%d", games / 60 % 12 + 1, games / 4 % 28 + 1, games % 4 + 1);
    snprintf(date, sizeof date, "date=2026-%02d-%02d", games / 60 % 12 + 1, games / 4 % 28 + 1);
    snprintf(table, sizeof table, "table=%d", games % 4 + 1);
    const char *tags[] = {date, "club=Riverside", table};
    /* club games: three tags, no option rows (as most logs) */
    put_game_with(s, &game_a, key, games * 5 % 16, 3, tags, 0x9e3779b97f4a7c15ull * (uint64_t)(games + 1),
                  false);
    hands += game_a.nhands;
    games++;
  }
  assert_int_equal(store_commit(s, &diag), 0);
  double seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
  store_close(s);

  sqlite3 *db = raw_open(path);
  raw_exec(db, "VACUUM");
  int64_t pages = raw_int(db, "PRAGMA page_count"), page_size = raw_int(db, "PRAGMA page_size");
  double per_hand = (double)(pages * page_size) / HANDS;
  double stored_events = (double)raw_int(db, "SELECT sum(length(events)) FROM hands") / HANDS;
  print_message("size: %d partnership-auction hands in %d games (stored in %.2f s): %lld pages of %lld "
                "bytes = %.1f bytes per hand (events %.1f packed, %.1f in form 1, + results %.1f bytes of blob)\n",
                HANDS, games, seconds, (long long)pages, (long long)page_size, per_hand, stored_events,
                (double)event_bytes / HANDS, (double)result_bytes / HANDS);
  /* a breakdown, where SQLite was built with the dbstat table */
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db, "SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC", -1, &st,
                         NULL) == SQLITE_OK) {
    while (sqlite3_step(st) == SQLITE_ROW)
      print_message("size:   %-18s %8lld bytes\n", col_text(st, 0), (long long)sqlite3_column_int64(st, 1));
    sqlite3_finalize(st);
  }
  /* the views read the whole database in reasonable time */
  t0 = clock();
  assert_int_equal(raw_int(db, "SELECT count(*) FROM plays_v"), HANDS * 48);
  print_message("size: plays_v over %d hands took %.2f s\n", HANDS, (double)(clock() - t0) / CLOCKS_PER_SEC);
  sqlite3_close(db);
  /* 330 bytes a hand (395 before the events were packed), plus the page
   * each empty table takes, the nights (schema 4) and the reviews
   * (schema 6): fixed costs, not a hand's */
  if (getenv("PN_STORE_KEEP") == NULL)
    assert_true(per_hand <= 330.0 + 2.0 * (double)page_size / HANDS);
  if (getenv("PN_STORE_KEEP") != NULL) /* to look at it with sqlite3 */
    print_message("size: kept %s\n", path);
  else
    remove_db(path);
}

/* A postgresql:// or postgres:// name calls for the PostgreSQL backend
 * (issue 16), which this build has not: a clear error that shows the URI
 * without its password or settings, and nothing created for it (before
 * the front chose backends by name, SQLite took the URI for a file path
 * in a folder "postgresql:"). */
static void test_store_postgresql_uri_needs_its_backend(void **state) {
#ifdef PN_HAVE_POSTGRESQL
  skip(); /* this build has it: test_store_postgresql_uri_password_not_shown */
#endif
  (void)state;
  char dir[] = "/tmp/pn-store-pg-XXXXXX", cwd[4096];
  assert_non_null(mkdtemp(dir));
  assert_non_null(getcwd(cwd, sizeof cwd));
  assert_int_equal(chdir(dir), 0);
  static const struct {
    const char *name, *msg;
  } CASES[] = {
      {"postgresql://club:secret@db.example/pinochle?sslmode=require&password=secret",
       "postgresql://club:***@db.example/pinochle: this build of pinochle has no PostgreSQL backend"},
      {"postgres://db.example:5433/pinochle",
       "postgres://db.example:5433/pinochle: this build of pinochle has no PostgreSQL backend"},
      {"PostgreSQL://club@db.example/pinochle",
       "PostgreSQL://club@db.example/pinochle: this build of pinochle has no PostgreSQL backend"},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    Store *s = (Store *)&s; /* not NULL: store_open must set it */
    PnDiag diag = {0};
    assert_int_equal(store_open(CASES[i].name, STORE_CREATE, &s, &diag), STORE_ERROR);
    assert_null(s);
    assert_string_equal(diag.msg, CASES[i].msg);
    assert_null(strstr(diag.msg, "secret"));
  }
  assert_int_equal(chdir(cwd), 0);
  assert_int_equal(rmdir(dir), 0); /* empty: nothing was created in it */
}

/* With the PostgreSQL backend built in, a URI it cannot connect to is a
 * clear error that names the URI without its password or its settings
 * (the password may sit in the authority or in the query). */
static void test_store_postgresql_uri_password_not_shown(void **state) {
  (void)state;
#ifndef PN_HAVE_POSTGRESQL
  skip(); /* test_store_postgresql_uri_needs_its_backend covers this build */
#else
  static const struct {
    const char *name, *prefix;
  } CASES[] = {
      {"postgresql://club:secret@/pinochle?host=/nonexistent-pn-dir&password=secret&connect_timeout=2",
       "postgresql://club:***@/pinochle: cannot connect: "},
      {"postgres:///pinochle?host=/nonexistent-pn-dir&password=secret",
       "postgres:///pinochle: cannot connect: "},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    Store *s = (Store *)&s; /* not NULL: store_open must set it */
    PnDiag diag = {0};
    assert_int_equal(store_open(CASES[i].name, STORE_CREATE, &s, &diag), STORE_ERROR);
    assert_null(s);
    assert_memory_equal(diag.msg, CASES[i].prefix, strlen(CASES[i].prefix));
    assert_null(strstr(diag.msg, "secret"));
  }
#endif
}

/* The statement helper keeps the first error: the binds and the step
 * after it do nothing, stmt_finish reports it once (as "what: SQLite's
 * message") and leaves the statement ready for its next use. */
static void test_store_stmt_keeps_the_first_error(void **state) {
  (void)state;
  Store *store = open_ok(STORE_SCRATCH, STORE_CREATE);
  SqliteStore *s = sqlite_store(store);
  PnDiag diag = {0};
  /* a bind by a name the statement lacks, then good ones */
  Stmt q = stmt_cached(s, ST_GAME_LOOKUP, "SELECT id, hash FROM games WHERE key = :key");
  stmt_int(&q, ":nokey", 1);
  assert_int_equal(q.rc, SQLITE_RANGE);
  stmt_text(&q, ":key", "g1", -1);
  stmt_int(&q, ":key", 7);
  assert_int_equal(q.rc, SQLITE_RANGE);
  assert_int_equal(stmt_step(&q), SQLITE_RANGE);
  assert_int_equal(stmt_finish(&q, &diag, "testing"), STORE_ERROR);
  assert_string_equal(diag.msg, "testing: column index out of range");
  /* the cached statement works again */
  int64_t id = -1;
  uint64_t hash = 0;
  assert_int_equal(store_game_lookup(store, "g1", &id, &hash, &diag), 0);
  /* a statement that does not prepare: every later call is a no-op */
  memset(&diag, 0, sizeof diag);
  q = stmt_cached(s, ST_KEY_DELETE, "DELETE FROM nowhere WHERE cursor = :cursor");
  assert_null(q.st);
  stmt_int(&q, ":cursor", 1);
  stmt_blob(&q, ":cursor", NULL, 0, true);
  assert_int_not_equal(stmt_step(&q), SQLITE_DONE);
  assert_int_equal(stmt_finish(&q, &diag, "testing"), STORE_ERROR);
  assert_string_equal(diag.msg, "preparing a statement: no such table: nowhere");
  assert_null(s->stmt[ST_KEY_DELETE]);
  /* a DELETE that changes no row */
  q = stmt_cached(s, ST_GAME_DELETE, "DELETE FROM games WHERE id = :game");
  stmt_int(&q, ":game", 99);
  assert_int_equal(stmt_step(&q), SQLITE_DONE);
  assert_int_equal(stmt_finish_change(&q, &diag, "testing", "no game %d", 99), STORE_ERROR);
  assert_string_equal(diag.msg, "no game 99");
  store_close(store);
}

/* A backend whose StoreOps leaves the analyses and reviews out (NULL):
 * store.c says so with STORE_ERROR instead of calling through NULL. */
static void test_store_backend_without_analyses_says_so(void **state) {
  (void)state;
  Store *store = NULL;
  PnDiag diag = {0};
  assert_int_equal(store_open(STORE_SCRATCH, STORE_CREATE, &store, &diag), STORE_OK);
  StoreOps ops = *store->ops; /* the SQLite backend's, less the analyses */
  ops.analysis_get = NULL;
  ops.analysis_put = NULL;
  ops.review_get = NULL;
  ops.review_put = NULL;
  const StoreOps *real = store->ops;
  store->ops = &ops;
  uint8_t buf[8] = {1, 2, 3};
  size_t len = 0;
  assert_int_equal(store_analysis_get(store, 1, 1, PN_RULES_VERSION, 7, buf, sizeof buf, &len, &diag), STORE_ERROR);
  assert_string_equal(diag.msg, "this database's backend does not keep analyses");
  memset(&diag, 0, sizeof diag);
  assert_int_equal(store_analysis_put(store, 1, 1, PN_RULES_VERSION, 7, buf, 3, &diag), STORE_ERROR);
  assert_string_equal(diag.msg, "this database's backend does not keep analyses");
  StoreReviewKey k = {.rules_version = PN_RULES_VERSION, .key = 7};
  assert_int_equal(store_review_get(store, 1, 1, &k, buf, sizeof buf, &len, &diag), STORE_ERROR);
  assert_string_equal(diag.msg, "this database's backend does not keep reviews");
  assert_int_equal(store_review_put(store, 1, 1, &k, buf, 3, &diag), STORE_ERROR);
  store->ops = real;
  store_close(store);
}

/* A night (schema 4) stored, read back, listed; a second of the same
 * name refused. */
static void test_store_nights_round_trip(void **state) {
  Store *s = open_scratch(state, STORE_CREATE);
  PnDiag diag = {0};
  StoreNight fri = {.name = "fri", .preset = "partnership", .movement = "progressive", .rounds = 3,
                    .hands_per_round = 0, .date = "2026-11-27", .players = "Ann\nBob\nCal\nDee"};
  StoreNight sat = {.name = "sat", .preset = "three-hand", .movement = "rotate", .rounds = 2, .hands_per_round = 4,
                    .date = "", .players = "Ann\nBob\nCal"};
  char *owned = NULL;
  assert_int_equal(store_night_names(s, &owned, &diag), 0);
  assert_string_equal(owned, "");
  free(owned);
  assert_int_equal(store_night_insert(s, &sat, &diag), STORE_OK);
  assert_int_equal(store_night_insert(s, &fri, &diag), STORE_OK);
  assert_true(store_night_insert(s, &fri, &diag) < 0); /* the name is unique */
  StoreNight got;
  assert_int_equal(store_night_get(s, "sat", &got, &owned, &diag), 1);
  assert_string_equal(got.name, "sat");
  assert_string_equal(got.preset, "three-hand");
  assert_string_equal(got.movement, "rotate");
  assert_string_equal(got.date, "");
  assert_string_equal(got.players, "Ann\nBob\nCal");
  assert_int_equal(got.rounds, 2);
  assert_int_equal(got.hands_per_round, 4);
  free(owned);
  assert_int_equal(store_night_get(s, "sun", &got, &owned, &diag), 0);
  assert_null(owned);
  assert_int_equal(store_night_names(s, &owned, &diag), 2);
  assert_string_equal(owned, "fri\nsat");
  free(owned);
  store_close(s);
}

/* The recorder's journal: kept, read back whole, replaced, cleared; a game
 * that is not there and a buffer too small are errors; a backend without
 * a journal says so. */
static void test_store_journal_put_get_clear(void **state) {
  (void)state;
  Store *store = NULL;
  PnDiag diag = {0};
  char buf[64];
  assert_int_equal(store_open(STORE_SCRATCH, STORE_CREATE, &store, &diag), STORE_OK);
  StoreGame g = {.key = "j", .preset = "partnership-auction", .nplayers = 4};
  for (int i = 0; i < 4; i++) g.players[i] = NAMES[i];
  int64_t id = 0;
  assert_int_equal(store_game_insert(store, &g, &id, &diag), 0);
  assert_int_equal(store_journal_get(store, id, buf, sizeof buf, &diag), 0); /* none yet */
  assert_int_equal(store_journal_put(store, id, "hand 1\n2 pass\n", &diag), STORE_OK);
  assert_int_equal(store_journal_get(store, id, buf, sizeof buf, &diag), 1);
  assert_string_equal(buf, "hand 1\n2 pass\n");
  assert_int_equal(store_journal_put(store, id, "hand 1\n2 pass\n3 bid 260\n", &diag), STORE_OK);
  assert_int_equal(store_journal_get(store, id, buf, 10, &diag), STORE_CORRUPT);
  assert_int_equal(store_journal_get(store, id, buf, sizeof buf, &diag), 1);
  assert_string_equal(buf, "hand 1\n2 pass\n3 bid 260\n");
  assert_int_equal(store_journal_put(store, id, NULL, &diag), STORE_OK);
  assert_int_equal(store_journal_get(store, id, buf, sizeof buf, &diag), 0);
  assert_int_equal(store_journal_put(store, id + 1, "x", &diag), STORE_ERROR);
  StoreOps ops = *store->ops; /* less the journal */
  ops.journal_get = NULL;
  ops.journal_put = NULL;
  const StoreOps *real = store->ops;
  store->ops = &ops;
  assert_int_equal(store_journal_put(store, id, "x", &diag), STORE_ERROR);
  assert_string_equal(diag.msg, "this database's backend does not keep a journal");
  store->ops = real;
  store_close(store);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_store_schema_version_matches_last_migration),
      cmocka_unit_test(test_store_journal_put_get_clear),
      cmocka_unit_test(test_store_open_memory_migrates),
      cmocka_unit_test(test_store_migrations_whole_or_not_at_all),
      BOTH_BACKENDS(test_store_game_ids_across_transactions),
      cmocka_unit_test(test_store_open_file_sets_ids_and_wal),
      cmocka_unit_test(test_store_refuses_newer_schema),
      cmocka_unit_test(test_store_refuses_other_databases),
      cmocka_unit_test(test_store_missing_file_needs_create),
      cmocka_unit_test(test_store_create_if_stored),
      cmocka_unit_test(test_store_bulk_journal_then_wal),
      cmocka_unit_test(test_store_readonly_leaves_no_files),
      cmocka_unit_test(test_store_readonly_reads_and_refuses_writes),
      BOTH_BACKENDS(test_store_game_round_trips_through_cursor),
      BOTH_BACKENDS(test_store_cursor_filters),
      BOTH_BACKENDS(test_store_cursor_games_without_hands_anywhere),
      BOTH_BACKENDS(test_store_updates_results_and_end),
      cmocka_unit_test_prestate(test_store_pg_readonly_walk_streams, BACKEND_PG),
      BOTH_BACKENDS(test_store_cursor_carries_stored_analyses),
      BOTH_BACKENDS(test_store_reviews_round_trip_and_go_with_a_redone_hand),
      cmocka_unit_test(test_store_delete_cascades),
      cmocka_unit_test(test_store_hand_replace_keeps_the_rest),
      BOTH_BACKENDS(test_store_transactions_and_savepoints_roll_back),
      BOTH_BACKENDS(test_store_player_ids_survive_no_rollback),
      BOTH_BACKENDS(test_store_nights_round_trip),
      cmocka_unit_test(test_store_audit_and_check),
      cmocka_unit_test(test_store_views_match_decoder),
      cmocka_unit_test(test_store_events_stored_packed_and_either_form_read),
      cmocka_unit_test(test_store_size_per_partnership_auction_hand),
      cmocka_unit_test(test_store_postgresql_uri_needs_its_backend),
      cmocka_unit_test(test_store_postgresql_uri_password_not_shown),
      cmocka_unit_test(test_store_stmt_keeps_the_first_error),
      cmocka_unit_test(test_store_backend_without_analyses_says_so),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
