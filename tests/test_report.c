/*
 * test_report.c - the reports (reports/report_*.c) on a small history
 * built in the test: tests/golden/report_log.csv, imported into an
 * in-memory database, holds two short games:
 *
 *   club-2026-03-01-t1  partnership-auction (option target=700), seats
 *       1 Zoë Ångström, 2 O'Neil, Pat, 3 Cal, 4 Dee "Ace" Lee; 3 hands:
 *       1. all pass, dealer Zoë takes 250 in diamonds and is set
 *          (70 meld + 140 counters = 210); Cal reneges (renege-follow);
 *       2. Dee bids 250 in hearts and makes it; Zoë and Cal take no trick,
 *          so their 50 + 20 meld is not saved;
 *       3. O'Neil bids 300 in clubs and makes it; side 2 reaches 1050 and
 *          wins.
 *   club-2026-03-08-t2  three-hand (option target=500), seats 1 Cal,
 *       2 Zoë Ångström, 3 Eve; 3 hands, two reneges, Cal wins with 570.
 *
 * Every report is compared in every format with a whole golden file in
 * tests/golden/report_*.{txt,csv,json}.  To regenerate them after an
 * intended change, run the test with PN_UPDATE_GOLDEN=1:
 *
 *   PN_UPDATE_GOLDEN=1 ./build/tests/test_report
 *
 * and review `git diff tests/golden`.  The figures test checks the
 * players report against values worked out by hand from the per-hand
 * results listed in the comments there.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "import.h"
#include "pn_buf.h"
#include "report_common.h"
#include "report_registry.h"
#include "report_game.h"
#include "analysis.h"
#include "report_hand.h"
#include "report_hands.h"
#include "report_html.h"
#include "report_players.h"
#include "review_store.h"
#include "store.h"

#define GOLDEN PN_SOURCE_DIR "/tests/golden/"
#define GAME1 "club-2026-03-01-t1"
#define GAME2 "club-2026-03-08-t2"

static Store *store; /* the history, imported once for every test */

static int setup(void **state) {
  (void)state;
  PnDiag diag = {0};
  if (store_open(":memory:", STORE_CREATE, &store, &diag) != 0) {
    fprintf(stderr, "store_open: %s\n", diag.msg);
    return -1;
  }
  ImportOptions opts = {0};
  ImportStats stats = {0};
  if (import_file(store, GOLDEN "report_log.csv", &opts, &stats, &diag) != 0) {
    fprintf(stderr, "import: %s:%ld:%d: %s\n", diag.file ? diag.file : "?", diag.line, diag.col, diag.msg);
    return -1;
  }
  if (stats.games_imported != 2 || stats.hands != 6) {
    fprintf(stderr, "import: %ld games, %ld hands, expected 2 and 6\n", stats.games_imported, stats.hands);
    return -1;
  }
  return 0;
}

static int teardown(void **state) {
  (void)state;
  store_close(store);
  return 0;
}

/* For a test with a database of its own: the history is put aside and
 * comes back after the test, even when the test fails. */
static Store *history;

static int own_store(void **state) {
  (void)state;
  history = store;
  PnDiag diag = {0};
  return store_open(":memory:", STORE_CREATE, &store, &diag) == 0 ? 0 : -1;
}

static int history_back(void **state) {
  (void)state;
  store_close(store);
  store = history;
  return 0;
}

/* ---------------------------------------------------------------- runs */

/* Which report to run, with what. */
typedef struct Run {
  const char *report;        /* players, hands, game, hand */
  const char *key;           /* game, hand */
  int hand;                  /* hand */
  ReportQuery q;             /* players, hands */
} Run;

/* Runs a report into memory; returns its output (caller frees) and the
 * return code in *rc. */
static char *run(const Run *r, OutFormat format, int *rc, PnDiag *diag) {
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  assert_non_null(out);
  memset(diag, 0, sizeof *diag);
  if (strcmp(r->report, "players") == 0) *rc = report_players(store, &r->q, format, out, NULL, diag);
  else if (strcmp(r->report, "hands") == 0) *rc = report_hands(store, &r->q, format, out, NULL, diag);
  else if (strcmp(r->report, "game") == 0) *rc = report_game(store, r->key, format, out, diag);
  else *rc = report_hand(store, r->key, r->hand, format, out, diag);
  assert_int_equal(fclose(out), 0);
  return text;
}

static char *run_ok(const Run *r, OutFormat format) {
  int rc;
  PnDiag diag;
  char *text = run(r, format, &rc, &diag);
  if (rc != 0) fail_msg("report %s failed (%d): %s", r->report, rc, diag.msg);
  return text;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *text = NULL;
  size_t len = 0, cap = 0, n;
  char chunk[4096];
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (len + n + 1 > cap) {
      cap = (len + n + 1) * 2;
      text = realloc(text, cap);
      assert_non_null(text);
    }
    memcpy(text + len, chunk, n);
    len += n;
  }
  fclose(f);
  if (!text) text = calloc(1, 1);
  else text[len] = '\0';
  return text;
}

/* Compares actual with tests/golden/name, or writes it there when
 * PN_UPDATE_GOLDEN=1.  A difference names its first line. */
static void check_golden(const char *name, const char *actual) {
  char path[512];
  snprintf(path, sizeof path, GOLDEN "%s", name);
  const char *update = getenv("PN_UPDATE_GOLDEN");
  if (update && strcmp(update, "1") == 0) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(actual, f);
    assert_int_equal(fclose(f), 0);
    print_message("updated %s\n", path);
    return;
  }
  char *expected = read_file(path);
  if (!expected) fail_msg("no golden file %s (run with PN_UPDATE_GOLDEN=1 to create it)", path);
  if (strcmp(expected, actual) != 0) {
    int line = 1;
    const char *e = expected, *a = actual;
    while (*e && *e == *a) {
      if (*e == '\n') line++;
      e++;
      a++;
    }
    while (e > expected && e[-1] != '\n') e--, a--;
    print_error("%s differs at line %d:\n  expected: %.*s\n  actual:   %.*s\n", path, line, (int)strcspn(e, "\n"), e,
                (int)strcspn(a, "\n"), a);
    free(expected);
    fail_msg("%s: output differs from the golden file (PN_UPDATE_GOLDEN=1 regenerates it)", name);
  }
  free(expected);
}

static void golden_all_formats(const Run *r, const char *base) {
  static const char *const EXT[] = {"txt", "csv", "json"};
  static const OutFormat FORMAT[] = {OUT_TEXT, OUT_CSV, OUT_JSON};
  for (int i = 0; i < 3; i++) {
    char name[128];
    snprintf(name, sizeof name, "%s.%s", base, EXT[i]);
    char *text = run_ok(r, FORMAT[i]);
    check_golden(name, text);
    free(text);
  }
}

/* -------------------------------------------------------------- golden */

static void test_report_players_matches_golden_files(void **state) {
  (void)state;
  Run r = {.report = "players"};
  golden_all_formats(&r, "report_players");
}

/* The players pages as served (the stylesheet linked, not inline, so
 * that a change of style alone changes no golden file): /players, and
 * /players/Cal, who played two presets: two rows and two sections. */
static void test_report_players_pages_match_golden_files(void **state) {
  (void)state;
  const ReportHtml html = {.served = true};
  for (int page = 0; page < 2; page++) {
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    PnDiag diag = {0};
    ReportQuery q = {0};
    int rc = page == 0 ? report_html_players(store, &html, &q, out, &diag)
                       : report_html_player(store, &html, "Cal", out, &diag);
    assert_int_equal(fclose(out), 0);
    if (rc != 0) fail_msg("page %d: %s", page, diag.msg);
    check_golden(page == 0 ? "players.html" : "player_cal.html", text);
    if (page == 0) { /* the partnerships' first column says so; the charts' threshold is said */
      assert_non_null(strstr(text, "<h2>Partnerships</h2>\n<div class=\"grid\">\n<table class=\"players grid\"><thead><tr><th>partnership</th>"));
      assert_non_null(strstr(text, "games or more (a quarter of the most anyone played)"));
    }
    if (page == 1) { /* an empty chart is a sentence, not axes */
      assert_non_null(strstr(text, "<p class=\"empty-chart\">No reneges.</p>"));
      assert_null(strstr(text, "id=\"reneges-three-hand\""));
    }
    if (page == 1) { /* the presets side by side, never pooled */
      assert_non_null(strstr(text, "<section class=\"preset\"><h2>partnership-auction</h2>"));
      assert_non_null(strstr(text, "<section class=\"preset\"><h2>three-hand</h2>"));
    }
    free(text);
  }
}

static void test_report_hands_matches_golden_files(void **state) {
  (void)state;
  Run r = {.report = "hands"};
  golden_all_formats(&r, "report_hands");
}

static void test_report_game_partnership_auction_matches_golden_files(void **state) {
  (void)state;
  Run r = {.report = "game", .key = GAME1};
  golden_all_formats(&r, "report_game_t1");
}

static void test_report_game_three_hand_matches_golden_files(void **state) {
  (void)state;
  Run r = {.report = "game", .key = GAME2};
  golden_all_formats(&r, "report_game_t2");
}

static void test_report_hand_with_a_set_bid_and_a_renege_matches_golden_files(void **state) {
  (void)state;
  Run r = {.report = "hand", .key = GAME1, .hand = 1};
  golden_all_formats(&r, "report_hand_t1_1");
}

/* The hand as data (ReportHand): the contract with trump as a suit, the
 * bidding, the tricks with their cards, winners and counters, the renege
 * with its evidence as cards - the figures the golden files print. */
static void test_report_hand_compute_gives_the_hand_as_data(void **state) {
  (void)state;
  ReportHand *h = NULL;
  PnDiag diag = {0};
  assert_int_equal(report_hand_compute(store, GAME1, 1, &h, &diag), 0);
  assert_string_equal(report_hand_name(h, 1), "Zo\xc3\xab \xc3\x85ngstr\xc3\xb6m");
  assert_string_equal(report_hand_name(h, 5), "");
  assert_int_equal(h->dealer, 1);
  assert_int_equal(h->contract.bidder, 1);
  assert_int_equal(h->contract.bid, 250);
  assert_int_equal(h->contract.trump, PN_DIAMONDS);
  assert_false(h->contract.made);
  assert_int_equal(h->seat[0].ndealt, 12);
  PnCard ten_spades;
  assert_int_equal(pn_card_parse("TS", 2, &ten_spades), 2);
  assert_int_equal(h->seat[0].dealt[0], ten_spades);
  assert_true(h->nbids >= 4);
  assert_int_equal(h->bids[h->nbids - 1].bid, 0); /* the last word is a pass */
  assert_int_equal(h->ntricks, 12);
  int counters = 0, won[PN_MAX_SEATS] = {0};
  for (size_t t = 0; t < h->ntricks; t++) {
    const ReportHandTrick *tr = &h->tricks[t];
    assert_int_equal(tr->trick, (int)t + 1);
    assert_int_equal(tr->nplays, 4);
    assert_int_equal(tr->plays[0].seat, tr->leader);
    for (int k = 0; k < tr->nplays; k++) {
      const ReportHandEvent *ev = &h->events[tr->plays[k].event];
      assert_int_equal(ev->ev.action, PN_EV_PLAY);
      assert_int_equal(ev->ev.cards[0], tr->plays[k].card);
      assert_int_equal(ev->trick, tr->trick);
    }
    counters += tr->counters;
    won[tr->winner - 1]++;
  }
  int seat_counters = 0;
  for (int s = 0; s < 4; s++) {
    seat_counters += h->result.result.seat[s].counters;
    assert_int_equal(won[s], h->result.result.seat[s].tricks);
  }
  assert_int_equal(counters, seat_counters);
  assert_int_equal(h->nfindings, 1);
  const ReportHandFinding *f = &h->findings[0];
  assert_int_equal(f->f.trick, 3);
  assert_int_equal(f->f.kind, PN_FIND_RENEGE_FOLLOW);
  assert_int_equal(f->nevidence, 5); /* TC QC QC JC 9C */
  char two[3];
  assert_string_equal(pn_card_str(f->evidence[0], two), "TC");
  assert_string_equal(pn_card_str(f->evidence[4], two), "9C");
  assert_false(h->analysed);
  assert_false(h->any_valued);
  report_hand_free(h);
  assert_int_equal(report_hand_compute(store, GAME1, 99, &h, &diag), REPORT_NOT_FOUND);
  assert_null(h);
}

static void test_report_hand_three_hand_with_dix_matches_golden_files(void **state) {
  (void)state;
  Run r = {.report = "hand", .key = GAME2, .hand = 2};
  golden_all_formats(&r, "report_hand_t2_2");
}

/* The score sheet of a two-hand game whose target (200) was raised twice
 * while both players were over it: 310 and 370 after hand 2 (to 450),
 * 450 and 640 after hand 3 (to 700); seat 2 wins with 840 over 700.  The
 * sheet gives the target as it stood at the end.  The log is `pinochle
 * sim --variant two-hand --seed 1 --option target=200 --players Ann,Bob
 * --key-prefix two-hand-target-`. */
static void test_report_game_shows_the_two_hand_target_as_raised(void **state) {
  (void)state;
  PnDiag diag = {0};
  ImportOptions opts = {0};
  ImportStats stats = {0};
  if (import_file(store, GOLDEN "report_two_hand_log.csv", &opts, &stats, &diag) != 0)
    fail_msg("import: %ld: %s", diag.line, diag.msg);
  Run r = {.report = "game", .key = "two-hand-target-1"};
  char *text = run_ok(&r, OUT_TEXT);
  assert_non_null(strstr(text, ", target 700 (raised from 200)\n"));
  free(text);
  golden_all_formats(&r, "report_game_two_hand");
}

/* A hand the replay cannot rebuild (its stored events cut after the
 * dealer row: a damaged database) does not hide the score sheet: the
 * stored figures are shown, the text says from which hand the marks are
 * unknown, and the data leaves their findings empty. */
static void test_report_game_still_shows_a_sheet_whose_hand_cannot_be_replayed(void **state) {
  (void)state;
  PnDiag diag = {0};
  ImportOptions opts = {0};
  ImportStats stats = {0};
  if (import_file(store, GOLDEN "report_two_hand_log.csv", &opts, &stats, &diag) != 0)
    fail_msg("import: %ld: %s", diag.line, diag.msg);
  const char *key = "two-hand-target-1";
  StoreFilter filter = {.nkeys = 1, .keys = &key, .hand = 3};
  StoreCursor *cursor = NULL;
  StoreRow row;
  assert_int_equal(store_cursor_open(store, &filter, &cursor, &diag), 0);
  assert_int_equal(store_cursor_next(cursor, &row, &diag), 1);
  int64_t game_id = row.game_id;
  uint8_t dealer = row.events[0]; /* the dealer row: one byte (codec.h) */
  store_cursor_close(cursor);
  assert_int_equal(store_hand_update_events(store, game_id, 3, &dealer, 1, &diag), 0);

  Run r = {.report = "game", .key = key};
  char *text = run_ok(&r, OUT_TEXT);
  assert_non_null(strstr(text, "\n   4    2  D     100   140     240     690     90   110     200     840\n"));
  assert_non_null(strstr(text, "\nHand 3 could not be replayed (game two-hand-target-1 hand 3: the stored events"));
  assert_non_null(strstr(text, ", target 450 (raised from 200)\n")); /* as it stood after hand 2 */
  free(text);
  text = run_ok(&r, OUT_CSV);
  assert_non_null(strstr(text, ",findings\n"));
  assert_non_null(strstr(text, "\n2,2,")); /* replayed: 0 findings */
  assert_non_null(strstr(text, ",Ann,\n")); /* hand 4: the winner, findings unknown */
  assert_null(strstr(text, ",Ann,0\n"));
  free(text);
}

/* report_game_json (the recorder's sheet, web_record.c) is the JSON the
 * report prints, key for key in the same order, for game `key`. */
static void assert_game_value_is_the_printed_json(const char *key) {
  Run r = {.report = "game", .key = key};
  char *text = run_ok(&r, OUT_JSON);
  json_error_t err;
  json_t *printed = json_loads(text, 0, &err);
  if (!printed) fail_msg("game %s: the printed JSON does not parse: %s", key, err.text);
  ReportGame game;
  PnDiag diag = {0};
  assert_int_equal(report_game_compute(store, key, &game, &diag), 0);
  json_t *value = report_game_json(&game);
  assert_non_null(value);
  char *a = json_dumps(printed, JSON_COMPACT), *b = json_dumps(value, JSON_COMPACT);
  assert_string_equal(b, a);
  free(a);
  free(b);
  json_decref(value);
  json_decref(printed);
  report_game_free(&game);
  free(text);
}

static void test_report_game_value_is_the_printed_json(void **state) {
  (void)state;
  assert_game_value_is_the_printed_json(GAME1); /* partnership-auction, a hand with findings */
  assert_game_value_is_the_printed_json(GAME2); /* three-hand */
}

/* Five-call (a winning side of several seats: "seats" and "totals"),
 * two-hand with a hand not replayed (findings null), and the other sample
 * presets: the value and the print agree on every game. */
static void test_report_game_value_is_the_printed_json_in_every_preset(void **state) {
  (void)state;
  static const char *const FILES[] = {"club-five-call.csv", "club-two-hand.csv", "club-auction.csv",
                                      "club-double-deck.csv", "club-cutthroat-four.csv"};
  PnDiag diag = {0};
  for (size_t f = 0; f < sizeof FILES / sizeof FILES[0]; f++) {
    char path[512];
    ImportOptions opts = {0};
    ImportStats stats = {0};
    snprintf(path, sizeof path, "%s/sample-data/%s", PN_SOURCE_DIR, FILES[f]);
    if (import_file(store, path, &opts, &stats, &diag) != 0) fail_msg("import %s: %ld: %s", path, diag.line, diag.msg);
  }
  if (import_file(store, GOLDEN "report_two_hand_log.csv", &(ImportOptions){0}, &(ImportStats){0}, &diag) != 0)
    fail_msg("import: %ld: %s", diag.line, diag.msg);
  const char *cut = "two-hand-target-1";
  StoreFilter one = {.nkeys = 1, .keys = &cut, .hand = 3};
  StoreCursor *cursor = NULL;
  StoreRow row;
  assert_int_equal(store_cursor_open(store, &one, &cursor, &diag), 0);
  assert_int_equal(store_cursor_next(cursor, &row, &diag), 1);
  int64_t game_id = row.game_id;
  uint8_t dealer = row.events[0]; /* hand 3 cut after its dealer row: not replayed */
  store_cursor_close(cursor);
  assert_int_equal(store_hand_update_events(store, game_id, 3, &dealer, 1, &diag), 0);

  char (*keys)[256] = NULL;
  size_t n = 0, cap = 0;
  bool five_call = false;
  StoreFilter all = {.results_only = true};
  assert_int_equal(store_cursor_open(store, &all, &cursor, &diag), 0);
  while (store_cursor_next(cursor, &row, &diag) == 1)
    if (row.new_game) {
      assert_int_equal(PN_VEC_RESERVE(keys, cap, n + 1), 0);
      snprintf(keys[n++], sizeof keys[0], "%s", row.key);
      five_call = five_call || (strcmp(row.preset, "five-call") == 0 && report_winners(&row) != 0);
    }
  store_cursor_close(cursor);
  assert_true(five_call);
  assert_true(n > 10);
  for (size_t i = 0; i < n; i++) assert_game_value_is_the_printed_json(keys[i]);
  free(keys);
}

/* ------------------------------------------------------------- figures */

/* The players CSV parsed: rows of fields. */
typedef struct Parsed {
  char cells[16][24][64];    /* row, field */
  int nfields[16];
  int rows;                  /* rows filled, the header included */
  int field;                 /* field being read */
} Parsed;

static void on_field(void *data, size_t len, void *ctx) {
  Parsed *p = ctx;
  if (p->rows < 16 && p->field < 24) snprintf(p->cells[p->rows][p->field], 64, "%.*s", (int)len, (char *)data);
  p->field++;
}

static void on_row(int c, void *ctx) {
  (void)c;
  Parsed *p = ctx;
  if (p->rows < 16) p->nfields[p->rows] = p->field;
  p->rows++;
  p->field = 0;
}

static void parse_csv(const char *text, Parsed *p) {
  struct csv_parser parser;
  memset(p, 0, sizeof *p);
  assert_int_equal(csv_init(&parser, CSV_STRICT | CSV_APPEND_NULL), 0);
  assert_int_equal(csv_parse(&parser, text, strlen(text), on_field, on_row, p), strlen(text));
  csv_fini(&parser, on_field, on_row, p);
  csv_free(&parser);
}

/* The value of column `key` in the row whose kind, name and (when not
 * NULL) variant match. */
static const char *cell_in(const Parsed *p, const char *kind, const char *name, const char *variant,
                           const char *key) {
  int col = -1;
  for (int c = 0; c < p->nfields[0]; c++)
    if (strcmp(p->cells[0][c], key) == 0) col = c;
  if (col < 0) fail_msg("no column %s", key);
  for (int r = 1; r < p->rows; r++)
    if (strcmp(p->cells[r][0], kind) == 0 && strcmp(p->cells[r][1], name) == 0 &&
        (!variant || strcmp(p->cells[r][2], variant) == 0))
      return p->cells[r][col];
  fail_msg("no %s row for %s", kind, name);
  return NULL;
}

/* The same in the selection's only (or first) preset. */
static const char *cell(const Parsed *p, const char *kind, const char *name, const char *key) {
  return cell_in(p, kind, name, NULL, key);
}

/* Figures worked out by hand from the per-hand results:
 *
 *   game 1 (partnership-auction)  meld/counters/tricks/score per seat
 *            Zoë          O'Neil        Cal          Dee
 *   hand 1   50/140/6/-250  0/80/4/120   20/0/0/-250  10/30/2/120   bid 250 by Zoë, set
 *   hand 2   50/0/0/0       0/10/1/440   20/0/0/0     190/240/11/440 bid 250 by Dee, made
 *   hand 3   50/50/2/190    260/190/9/490 80/10/1/190 40/0/0/490    bid 300 by O'Neil, made
 *   (hand 2: side 1 took no trick, so its 70 meld was not saved)
 *   game 2 (three-hand)
 *            Cal            Zoë           Eve
 *   hand 1   80/40/3/120    70/70/6/140   30/140/7/170
 *   hand 2   150/170/10/320 30/10/1/40    70/70/5/140   (Zoë reneges: follow)
 *   hand 3   80/50/4/130    100/140/8/240 40/60/4/100
 *
 * The two games are of two presets, so Zoë and Cal have a row in each
 * (never pooled: a partnership hand's points are not a three-hand one's).
 */
static void test_report_players_figures_match_hand_computed_values(void **state) {
  (void)state;
  Run r = {.report = "players"};
  char *text = run_ok(&r, OUT_CSV);
  Parsed *p = malloc(sizeof *p);
  assert_non_null(p);
  parse_csv(text, p);
  assert_int_equal(p->rows, 1 + 7 + 2); /* header, 4 + 3 players by preset, 2 partnerships */
  const char *zoe = "Zoë Ångström", *pa = "partnership-auction", *th = "three-hand";
  /* Zoë in partnership-auction: 1 game, no win, 3 hands; tricks 6+0+2 */
  assert_string_equal(cell_in(p, "player", zoe, pa, "games"), "1");
  assert_string_equal(cell_in(p, "player", zoe, pa, "wins"), "0");
  assert_string_equal(cell_in(p, "player", zoe, pa, "win_pct"), "0.0");
  assert_string_equal(cell_in(p, "player", zoe, pa, "hands"), "3");
  assert_string_equal(cell_in(p, "player", zoe, pa, "tricks"), "8");
  /* counters (140+0+50)/3; meld 150/3; saved (50+0+50)/3 */
  assert_string_equal(cell_in(p, "player", zoe, pa, "counters_per_hand"), "63.3");
  assert_string_equal(cell_in(p, "player", zoe, pa, "meld_shown_per_hand"), "50.0");
  assert_string_equal(cell_in(p, "player", zoe, pa, "meld_saved_per_hand"), "33.3");
  /* one bid, 250, set: side total (50+140) + (20+0) = 210, margin -40 */
  assert_string_equal(cell_in(p, "player", zoe, pa, "bids_won"), "1");
  assert_string_equal(cell_in(p, "player", zoe, pa, "avg_winning_bid"), "250.0");
  assert_string_equal(cell_in(p, "player", zoe, pa, "bids_made"), "0");
  assert_string_equal(cell_in(p, "player", zoe, pa, "bids_set"), "1");
  assert_string_equal(cell_in(p, "player", zoe, pa, "make_pct"), "0.0");
  assert_string_equal(cell_in(p, "player", zoe, pa, "avg_margin"), "-40.0");
  assert_string_equal(cell_in(p, "player", zoe, pa, "reneges_follow"), "0");
  /* points (-250+0+190)/3 */
  assert_string_equal(cell_in(p, "player", zoe, pa, "points_per_hand"), "-20.0");
  /* Zoë in three-hand: tricks 6+1+8, counters 220/3, meld 200/3 all saved,
   * the renege, points (140+40+240)/3, no bid */
  assert_string_equal(cell_in(p, "player", zoe, th, "tricks"), "15");
  assert_string_equal(cell_in(p, "player", zoe, th, "counters_per_hand"), "73.3");
  assert_string_equal(cell_in(p, "player", zoe, th, "meld_saved_per_hand"), "66.7");
  assert_string_equal(cell_in(p, "player", zoe, th, "reneges_follow"), "1");
  assert_string_equal(cell_in(p, "player", zoe, th, "points_per_hand"), "140.0");
  assert_string_equal(cell_in(p, "player", zoe, th, "bids_won"), "0");
  /* Cal: won the three-hand game; saved meld (80+150+80)/3 there, (20+0+80)/3 in partnership */
  assert_string_equal(cell_in(p, "player", "Cal", th, "wins"), "1");
  assert_string_equal(cell_in(p, "player", "Cal", th, "win_pct"), "100.0");
  assert_string_equal(cell_in(p, "player", "Cal", th, "meld_saved_per_hand"), "103.3");
  assert_string_equal(cell_in(p, "player", "Cal", th, "points_per_hand"), "190.0");
  assert_string_equal(cell_in(p, "player", "Cal", pa, "wins"), "0");
  assert_string_equal(cell_in(p, "player", "Cal", pa, "meld_saved_per_hand"), "33.3");
  assert_string_equal(cell_in(p, "player", "Cal", pa, "avg_winning_bid"), ""); /* never bid: nothing to average */
  /* O'Neil: bid 300 and made it; side total (260+190) + (40+0) = 490 */
  assert_string_equal(cell(p, "player", "O'Neil, Pat", "wins"), "1");
  assert_string_equal(cell(p, "player", "O'Neil, Pat", "avg_margin"), "190.0");
  assert_string_equal(cell(p, "player", "O'Neil, Pat", "points_per_hand"), "350.0");
  /* Dee: bid 250 and made it; side total (190+240) + (0+10) = 440 */
  assert_string_equal(cell(p, "player", "Dee \"Ace\" Lee", "bids_made"), "1");
  assert_string_equal(cell(p, "player", "Dee \"Ace\" Lee", "avg_margin"), "190.0");
  assert_string_equal(cell(p, "player", "Eve", "counters_per_hand"), "90.0");
  /* partnerships, named in byte order */
  const char *side1 = "Cal & Zoë Ångström", *side2 = "Dee \"Ace\" Lee & O'Neil, Pat";
  assert_string_equal(cell(p, "partnership", side1, "games"), "1");
  assert_string_equal(cell(p, "partnership", side1, "wins"), "0");
  assert_string_equal(cell(p, "partnership", side1, "tricks"), "9");
  assert_string_equal(cell(p, "partnership", side1, "meld_shown_per_hand"), "90.0");  /* (70+70+130)/3 */
  assert_string_equal(cell(p, "partnership", side1, "meld_saved_per_hand"), "66.7"); /* (70+0+130)/3 */
  assert_string_equal(cell(p, "partnership", side1, "points_per_hand"), "-20.0");     /* (-250+0+190)/3 */
  assert_string_equal(cell(p, "partnership", side1, "reneges_follow"), "1");
  assert_string_equal(cell(p, "partnership", side2, "wins"), "1");
  assert_string_equal(cell(p, "partnership", side2, "tricks"), "27");
  assert_string_equal(cell(p, "partnership", side2, "counters_per_hand"), "183.3"); /* (110+250+190)/3 */
  assert_string_equal(cell(p, "partnership", side2, "bids_won"), "2");
  assert_string_equal(cell(p, "partnership", side2, "avg_winning_bid"), "275.0");
  assert_string_equal(cell(p, "partnership", side2, "make_pct"), "100.0");
  assert_string_equal(cell(p, "partnership", side2, "points_per_hand"), "350.0");
  free(p);
  free(text);
}

static void test_report_players_filters_select_games(void **state) {
  (void)state;
  Parsed *p = malloc(sizeof *p);
  assert_non_null(p);
  struct {
    ReportQuery q;
    int rows;                /* data rows expected */
    const char *zoe_games;   /* Zoë's games, "" when left out */
  } CASES[] = {
      {{.variant = "three-hand"}, 3, "1"},
      {{.variant = "partnership-auction"}, 4 + 2, "1"},
      {{.tag_name = "club", .tag_value = "north"}, 4 + 2, "1"},
      {{.since = "2026-03-02"}, 3, "1"},
      {{.until = "2026-03-01"}, 4 + 2, "1"},
      {{.since = "2026-03-01", .until = "2026-03-08"}, 7 + 2, "1"}, /* a row per player and preset */
      {{.since = "2027-01-01"}, 0, ""},
      {{.min_hands = 3}, 7 + 2, "1"},
      {{.min_hands = 4}, 0, ""}, /* Cal and Zoë have 6 hands, but 3 in each preset */
  };
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    Run r = {.report = "players", .q = CASES[i].q};
    char *text = run_ok(&r, OUT_CSV);
    parse_csv(text, p);
    assert_int_equal(p->rows - 1, CASES[i].rows);
    if (CASES[i].zoe_games[0]) assert_string_equal(cell(p, "player", "Zoë Ångström", "games"), CASES[i].zoe_games);
    free(text);
  }
  free(p);
}

static void test_report_hands_min_hands_keeps_only_those_players_rows(void **state) {
  (void)state;
  Run r = {.report = "hands", .q = {.min_hands = 4}};
  char *text = run_ok(&r, OUT_CSV);
  int lines = 0;
  for (const char *c = text; *c; c++) lines += *c == '\n';
  assert_int_equal(lines, 1 + 6 * 2); /* Cal and Zoë in each of the 6 hands */
  assert_null(strstr(text, "Eve"));
  free(text);
}

static void test_report_hands_csv_header_is_exact(void **state) {
  (void)state;
  Run r = {.report = "hands"};
  char *text = run_ok(&r, OUT_CSV);
  assert_int_equal(strncmp(text, REPORT_HANDS_HEADER "\n", strlen(REPORT_HANDS_HEADER) + 1), 0);
  assert_string_equal(REPORT_HANDS_HEADER,
                      "game,hand,seat,player,side,dealer,bidder,bid,trump,meld,counters,tricks,score,total");
  free(text);
}

/* Names with commas, quotes and accents come back whole from the CSV. */
static void test_report_csv_names_survive_commas_quotes_and_accents(void **state) {
  (void)state;
  Run r = {.report = "hands", .q = {.variant = "partnership-auction"}};
  char *text = run_ok(&r, OUT_CSV);
  Parsed *p = malloc(sizeof *p);
  assert_non_null(p);
  parse_csv(text, p);
  assert_string_equal(p->cells[1][3], "Zoë Ångström");
  assert_string_equal(p->cells[2][3], "O'Neil, Pat");
  assert_string_equal(p->cells[4][3], "Dee \"Ace\" Lee");
  assert_int_equal(p->nfields[2], 14);
  free(p);
  free(text);
}

/* A report CSV cell that a spreadsheet would run as a formula gets a
 * leading apostrophe; numbers, and the other formats, are left alone. */
static void test_report_csv_cells_that_look_like_formulas_are_written_as_text(void **state) {
  (void)state;
  assert_false(out_csv_formula_like("-250"));
  assert_false(out_csv_formula_like("-40.0"));
  assert_false(out_csv_formula_like("+3"));
  assert_false(out_csv_formula_like("Cal"));
  assert_false(out_csv_formula_like(""));
  assert_true(out_csv_formula_like("=1+2"));
  assert_true(out_csv_formula_like("@SUM(A1)"));
  assert_true(out_csv_formula_like("-"));
  assert_true(out_csv_formula_like("-2+3"));
  assert_true(out_csv_formula_like("+1."));

  /* game 2 of the history under a key and names a spreadsheet would run */
  char *log = read_file(GOLDEN "report_log.csv");
  assert_non_null(log);
  char path[] = "/tmp/pn-report-formula-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  assert_non_null(f);
  for (char *line = strtok(log, "\n"); line; line = strtok(NULL, "\n")) {
    if (strncmp(line, GAME2 ",", strlen(GAME2) + 1) != 0) {
      fprintf(f, "%s\n", line);
      continue;
    }
    const char *rest = line + strlen(GAME2);
    if (strcmp(rest, ",0,3,1,player,,Cal") == 0) rest = ",0,3,1,player,,\"=HYPERLINK(\"\"http://x\"\",\"\"a,b\"\")\"";
    else if (strcmp(rest, ",0,4,2,player,,Zoë Ångström") == 0) rest = ",0,4,2,player,,-Zoë";
    else if (strcmp(rest, ",0,5,3,player,,Eve") == 0) rest = ",0,5,3,player,,@Eve";
    fprintf(f, "+t2%s\n", rest);
  }
  assert_int_equal(fclose(f), 0);
  free(log);
  PnDiag diag = {0};
  ImportOptions opts = {0};
  ImportStats stats = {0};
  int rc = import_file(store, path, &opts, &stats, &diag);
  unlink(path);
  if (rc != 0) fail_msg("import: %ld: %s", diag.line, diag.msg);

  Parsed *p = malloc(sizeof *p);
  assert_non_null(p);
  Run three = {.report = "hands", .q = {.variant = "three-hand"}};
  char *text = run_ok(&three, OUT_CSV);
  assert_non_null(strstr(text, "\n'+t2,1,1,\"'=HYPERLINK(\"\"http://x\"\",\"\"a,b\"\")\","));
  parse_csv(text, p);
  assert_string_equal(p->cells[1][0], "'+t2");
  assert_string_equal(p->cells[1][3], "'=HYPERLINK(\"http://x\",\"a,b\")");
  assert_string_equal(p->cells[2][3], "'-Zoë");
  assert_string_equal(p->cells[3][3], "'@Eve");
  free(text);
  Run four = {.report = "hands", .q = {.variant = "partnership-auction"}};
  text = run_ok(&four, OUT_CSV);
  parse_csv(text, p);
  assert_string_equal(p->cells[0][12], "score");
  assert_string_equal(p->cells[1][12], "-250"); /* Zoë, set in hand 1: still a number */
  free(text);
  text = run_ok(&three, OUT_TEXT);
  assert_non_null(strstr(text, "@Eve"));
  assert_null(strstr(text, "'@Eve"));
  free(text);
  text = run_ok(&three, OUT_JSON);
  assert_non_null(strstr(text, "\"@Eve\""));
  free(text);
  free(p);
}

/* Every line of every text report fits 80 columns. */
static void test_report_text_fits_80_columns(void **state) {
  (void)state;
  Run runs[] = {
      {.report = "players"}, {.report = "hands"}, {.report = "game", .key = GAME1}, {.report = "game", .key = GAME2},
      {.report = "hand", .key = GAME1, .hand = 1}, {.report = "hand", .key = GAME1, .hand = 3},
      {.report = "hand", .key = GAME2, .hand = 2},
  };
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    char *text = run_ok(&runs[i], OUT_TEXT);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
      if (out_text_width(line) > REPORT_WIDTH) fail_msg("report %s: a line of %zu columns: %s", runs[i].report,
                                                     out_text_width(line), line);
      assert_true(line[strlen(line) - 1] != ' '); /* no trailing blanks */
    }
    free(text);
  }
}

static void test_report_unknown_game_or_hand_is_not_found(void **state) {
  (void)state;
  int rc;
  PnDiag diag;
  Run r = {.report = "game", .key = "no-such-game"};
  free(run(&r, OUT_TEXT, &rc, &diag));
  assert_int_equal(rc, REPORT_NOT_FOUND);
  assert_non_null(strstr(diag.msg, "no game 'no-such-game'"));
  Run h = {.report = "hand", .key = GAME1, .hand = 4};
  free(run(&h, OUT_TEXT, &rc, &diag));
  assert_int_equal(rc, REPORT_NOT_FOUND);
  assert_non_null(strstr(diag.msg, "no hand 4"));
  Run h2 = {.report = "hand", .key = "no-such-game", .hand = 1};
  free(run(&h2, OUT_JSON, &rc, &diag));
  assert_int_equal(rc, REPORT_NOT_FOUND);
}

static void test_report_hand_marks_the_renege_under_its_trick(void **state) {
  (void)state;
  Run r = {.report = "hand", .key = GAME1, .hand = 1};
  char *text = run_ok(&r, OUT_TEXT);
  const char *trick3 = strstr(text, "\n      3     1  1:AC 2:JC 3:KS 4:9C");
  assert_non_null(trick3);
  const char *mark = strstr(trick3 + 1, "\n");
  assert_non_null(mark);
  assert_int_equal(strncmp(mark + 1, "  ! Cal (seat 3) played KS to a club lead", 41), 0);
  free(text);
}

/* How many times needle occurs in text. */
static int occurrences(const char *text, const char *needle) {
  int n = 0;
  for (const char *at = strstr(text, needle); at; at = strstr(at + 1, needle)) n++;
  return n;
}

/* A review run of hand 1 of GAME1 (small: what is stored matters, not
 * the values) as CSV; caller frees. */
static char *review_csv(RvRunStats *stats) {
  const char *key = GAME1;
  StoreFilter filter = {.nkeys = 1, .keys = &key};
  RvRunOptions o = {.format = OUT_CSV, .worlds = 1, .budget = 100000, .seed = 7, .trump = true, .store_results = true};
  char *csv = NULL;
  size_t len = 0;
  PnDiag diag = {0};
  FILE *out = open_memstream(&csv, &len);
  assert_int_equal(review_run(store, &filter, 1, &o, out, stats, &diag), 0);
  fclose(out);
  return csv;
}

/* report hand shows a stored review: review_run stores it (read back by
 * a second run: the same CSV), review_costs_of_hand returns it as a list
 * (one entry per CSV row), text marks each decision with a fair cost
 * (as many as the CSV's rows with a cost above 0), and JSON lists every
 * decision with its fair cost; without one (the golden files) nothing. */
static void test_report_hand_shows_the_stored_review(void **state) {
  (void)state;
  PnDiag diag = {0};
  ImportOptions opts = {0};
  ImportStats istats = {0};
  assert_int_equal(import_file(store, GOLDEN "report_log.csv", &opts, &istats, &diag), 0);
  Run r = {.report = "hand", .key = GAME1, .hand = 1};
  char *before = run_ok(&r, OUT_TEXT);
  assert_null(strstr(before, "Fair review"));
  free(before);
  RvHandReview *rv = malloc(sizeof *rv);
  assert_non_null(rv);
  assert_int_equal(review_costs_of_hand(store, GAME1, 1, rv, &diag), 0);

  RvRunStats first, second;
  char *csv = review_csv(&first), *again = review_csv(&second);
  assert_int_equal(first.stored, 0);
  assert_int_equal(second.stored, 1);
  assert_string_equal(csv, again);
  int rows = occurrences(csv, "\n" GAME1 ",1,"), costly = 0;
  for (const char *line = strchr(csv, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
    const char *end = strchr(line + 1, '\n'), *cost = end;
    while (cost > line && *cost != ',') cost--; /* the last field: cost */
    costly += cost + 1 < end && strtod(cost + 1, NULL) > 0;
  }
  assert_int_equal(rows, first.decisions);
  assert_true(rows > 40);

  assert_int_equal(review_costs_of_hand(store, GAME1, 1, rv, &diag), 1);
  assert_int_equal(rv->n, rows);
  assert_int_equal(rv->made.worlds, 1);
  assert_true(rv->made.seed == 7);
  assert_int_equal(rv->made.budget, 100000);
  assert_int_equal(review_costs_of_hand(store, GAME1, 2, rv, &diag), 0);
  assert_int_equal(review_costs_of_hand(store, "nope", 1, rv, &diag), 0);

  char *text = run_ok(&r, OUT_TEXT);
  const char *section = strstr(text, "\nFair review (1 worlds, seed 7)\n");
  assert_non_null(section);
  assert_int_equal(occurrences(section, "\n  ! seq "), costly);
  char *json = run_ok(&r, OUT_JSON);
  assert_non_null(strstr(json, "\"review\": {\"worlds\": 1, \"seed\": 7, \"budget\": 100000, \"decisions\": ["));
  assert_int_equal(occurrences(json, "\"fair_cost\": "), rows);
  assert_int_equal(occurrences(json, "\"best_share\": "), rows);
  assert_int_equal(occurrences(json, "\"dd_cost\": null"), rows); /* not analysed */
  free(json);
  free(text);
  free(csv);
  free(again);
  free(rv);
}

/* Where double dummy and the fair review disagree, planted: a play
 * costly double dummy but best in most deals (or of fair cost 0), and one
 * free double dummy but of fair cost 5 or more, get a sentence naming the
 * player; agreeing ones, a play not analysed and a trump get none. */
static void test_report_hand_disagreement_planted(void **state) {
  (void)state;
  static RvHandReview rv;
  ReportHandEvent ev[6] = {0};
  ReportHand h = {.players = 4, .events = ev, .nevents = 6, .review = &rv};
  snprintf(h.seat[3].name, sizeof h.seat[3].name, "Dee");
  snprintf(h.seat[1].name, sizeof h.seat[1].name, "Bob");
  int dd[6] = {20, 20, 0, 0, 10, -1}; /* -1: not analysed */
  double fair[6] = {2.5, 7.5, 7.5, 2.5, 0, 9}, share[6] = {0.62, 0.3, 0.25, 0.5, 0.25, 0.1};
  rv.n = 7;
  for (int i = 0; i < 6; i++) {
    ev[i] = (ReportHandEvent){.seq = 20 + i, .dd = {.valued = dd[i] >= 0, .cost = dd[i] < 0 ? 0 : dd[i]}};
    rv.d[i] = (RvVerdict){.seq = 20 + i, .seat = i % 2 ? 2 : 4, .kind = RV_PLAY, .valued = true, .worlds = 8,
                          .nalts = 2, .chosen = 0, .best = 1, .cost = fair[i], .best_share = share[i]};
    snprintf(rv.d[i].label[0], RV_LABEL, "JS");
    snprintf(rv.d[i].label[1], RV_LABEL, "QH");
  }
  rv.d[6] = (RvVerdict){.seq = 9, .seat = 4, .kind = RV_TRUMP, .valued = true, .nalts = 4, .cost = 30};
  char buf[400];
  assert_true(report_hand_disagreement(&h, 20, buf, sizeof buf));
  assert_string_equal(buf, "double dummy says JS cost 20; with what Dee could see, JS was best in 62% of the deals");
  assert_false(report_hand_disagreement(&h, 21, buf, sizeof buf)); /* both costly */
  assert_true(report_hand_disagreement(&h, 22, buf, sizeof buf));
  assert_string_equal(buf, "double dummy says JS cost nothing; with what Dee could see, it cost 7.50 (QH was "
                           "better) and JS was best in 25% of the deals");
  assert_false(report_hand_disagreement(&h, 23, buf, sizeof buf)); /* a fair cost under 5 */
  assert_true(report_hand_disagreement(&h, 24, buf, sizeof buf)); /* fair cost 0, though best in few deals */
  assert_non_null(strstr(buf, "JS cost 10; with what Dee could see"));
  assert_false(report_hand_disagreement(&h, 25, buf, sizeof buf)); /* not analysed */
  assert_false(report_hand_disagreement(&h, 9, buf, sizeof buf));  /* a trump: no double-dummy cost */
  assert_false(report_hand_disagreement(&h, 99, buf, sizeof buf)); /* no such decision */
  h.review = NULL;
  assert_false(report_hand_disagreement(&h, 20, buf, sizeof buf)); /* no review stored */
}

/* report hand shows a stored double-dummy analysis: the par line, each
 * play's par before/after and cost in CSV, "analysis" in JSON, and the
 * costly plays marked in text; without one (the golden files) nothing. */
static void test_report_hand_shows_the_stored_analysis(void **state) {
  (void)state;
  PnDiag diag = {0};
  ImportOptions opts = {0};
  ImportStats stats = {0};
  assert_int_equal(import_file(store, GOLDEN "report_log.csv", &opts, &stats, &diag), 0);
  Run r = {.report = "hand", .key = GAME1, .hand = 1};
  char *before = run_ok(&r, OUT_TEXT);
  assert_null(strstr(before, "Double-dummy analysis"));
  free(before);

  const char *key = GAME1;
  StoreFilter filter = {.nkeys = 1, .keys = &key, .hand = 1};
  AnRunOptions aopts = {.format = OUT_CSV, .budget = 0, .table_bytes = 1u << 20, .store_results = true};
  AnRunStats astats;
  char *plays = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&plays, &len);
  assert_int_equal(analysis_run(store, &filter, &aopts, out, &astats, &diag), 0);
  fclose(out);
  assert_int_equal(astats.searched, 1);

  char *text = run_ok(&r, OUT_TEXT);
  const char *section = strstr(text, "\nDouble-dummy analysis\n  Par ");
  assert_non_null(section);
  assert_non_null(strstr(section, "the bid of"));
  assert_non_null(strstr(section, "with perfect play"));
  /* every play that cost something is marked, and only those */
  int costly = 0, marked = 0;
  for (const char *line = strchr(plays, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
    const char *end = strchr(line + 1, '\n'), *cost = end;
    while (cost > line && *cost != ',') cost--; /* the last field: cost */
    if (cost[1] >= '1' && cost[1] <= '9') costly++;
  }
  assert_true(costly > 0); /* the hand has a renege and a set: some play cost something */
  for (const char *m = strstr(section, "\n  ! trick "); m; m = strstr(m + 1, "\n  ! trick ")) marked++;
  assert_int_equal(marked, costly);
  free(text);

  char *csv = run_ok(&r, OUT_CSV);
  assert_int_equal(strncmp(csv, "seq,trick,seat,player,action,cards,value,points,winner,counters,par_before,par_after,cost,finding,detail\n", 101), 0);
  /* the first lead (seq 16 of the golden log) carries its values */
  const char *lead = strstr(csv, "\n16,1,1,");
  assert_non_null(lead);
  int commas = 0;
  const char *at = lead + 1;
  while (commas < 10 && *at) commas += *at++ == ',';
  assert_true(*at >= '0' && *at <= '9'); /* par_before is a number */
  free(csv);

  char *json = run_ok(&r, OUT_JSON);
  assert_non_null(strstr(json, "\"analysis\": {\"status\": \"analysed\", \"par\": "));
  free(json);
  free(plays);
}

static void test_report_text_helpers_clip_pad_and_wrap(void **state) {
  (void)state;
  char buf[64];
  assert_string_equal(report_clip(buf, sizeof buf, "Zoë Ångström", 12), "Zoë Ångström");
  assert_string_equal(report_clip(buf, sizeof buf, "Zoë Ångström", 5), "Zoë …");
  assert_int_equal(out_text_width(report_pad(buf, sizeof buf, "Zoë", 6)), 6);
  assert_string_equal(report_pair_name(buf, sizeof buf, "Zoë", "Cal"), "Cal & Zoë");
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  report_wrap(out, "> ", "  ", "one two three four", 9);
  fclose(out);
  assert_string_equal(text, "> one two\n  three\n  four\n");
  free(text);
  char tag[32];
  const char *const tags[] = {"club=north", "dates=no", "date=2026-03-01"};
  assert_string_equal(report_tag(tags, 3, "date", tag, sizeof tag), "2026-03-01");
  assert_string_equal(report_tag(tags, 1, "date", tag, sizeof tag), "");
}

/* The reports' table: every row can be found by its name, says what it
 * is, runs, writes the three formats, and its positional arguments agree
 * with its usage words (report_registry.h). */
static void test_report_registry_rows_are_complete(void **state) {
  (void)state;
  int n = 0;
  for (; report_def(n) != NULL; n++) {
    const ReportDef *r = report_def(n);
    assert_ptr_equal(report_find(r->name), r);
    assert_non_null(r->run);
    assert_true(r->summary && *r->summary && r->summary[strlen(r->summary) - 1] != '\n');
    assert_true(r->help && *r->help && r->help[strlen(r->help) - 1] == '\n');
    assert_true(r->formats & REPORT_FORMAT(OUT_TEXT));
    assert_true(r->formats & REPORT_FORMAT(OUT_CSV));
    assert_true(r->formats & REPORT_FORMAT(OUT_JSON));
    int words = 0;
    for (const char *p = r->args; p && *p; p++) words += (p == r->args || p[-1] == ' ') && *p != ' ';
    assert_int_equal(words, r->nargs);
    assert_true(r->nargs == 0 || (r->needs && *r->needs));
    assert_false(r->query && r->nargs > 0); /* a selection report takes no KEY */
  }
  assert_int_equal(n, 7); /* players, hands, ratings, insights, game, hand, night */
  assert_null(report_find("nope"));
  assert_ptr_equal(report_find("players")->columns, report_player_columns);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_report_players_matches_golden_files),
      cmocka_unit_test(test_report_players_pages_match_golden_files),
      cmocka_unit_test(test_report_hands_matches_golden_files),
      cmocka_unit_test(test_report_game_partnership_auction_matches_golden_files),
      cmocka_unit_test(test_report_game_three_hand_matches_golden_files),
      cmocka_unit_test_setup_teardown(test_report_game_shows_the_two_hand_target_as_raised, own_store,
                                      history_back),
      cmocka_unit_test_setup_teardown(test_report_game_still_shows_a_sheet_whose_hand_cannot_be_replayed, own_store,
                                      history_back),
      cmocka_unit_test(test_report_game_value_is_the_printed_json),
      cmocka_unit_test_setup_teardown(test_report_game_value_is_the_printed_json_in_every_preset, own_store,
                                      history_back),
      cmocka_unit_test(test_report_hand_with_a_set_bid_and_a_renege_matches_golden_files),
      cmocka_unit_test(test_report_hand_three_hand_with_dix_matches_golden_files),
      cmocka_unit_test(test_report_hand_compute_gives_the_hand_as_data),
      cmocka_unit_test(test_report_players_figures_match_hand_computed_values),
      cmocka_unit_test(test_report_players_filters_select_games),
      cmocka_unit_test(test_report_hands_min_hands_keeps_only_those_players_rows),
      cmocka_unit_test(test_report_hands_csv_header_is_exact),
      cmocka_unit_test(test_report_csv_names_survive_commas_quotes_and_accents),
      cmocka_unit_test_setup_teardown(test_report_csv_cells_that_look_like_formulas_are_written_as_text, own_store,
                                      history_back),
      cmocka_unit_test(test_report_text_fits_80_columns),
      cmocka_unit_test(test_report_unknown_game_or_hand_is_not_found),
      cmocka_unit_test(test_report_hand_marks_the_renege_under_its_trick),
      cmocka_unit_test_setup_teardown(test_report_hand_shows_the_stored_analysis, own_store, history_back),
      cmocka_unit_test_setup_teardown(test_report_hand_shows_the_stored_review, own_store, history_back),
      cmocka_unit_test(test_report_text_helpers_clip_pad_and_wrap),
      cmocka_unit_test(test_report_hand_disagreement_planted),
      cmocka_unit_test(test_report_registry_rows_are_complete),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
