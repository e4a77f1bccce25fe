/*
 * report_game.c - a game's score sheet (report_game.h).
 *
 * The columns depend on the game: one group of meld, saved meld,
 * counters, score and running total per side in partnership presets
 * (side 1 = seats 1 and 3, side 2 = seats 2 and 4), per seat otherwise
 * (five-call included: its sides change every hand, its scores are
 * individual).  The hands are replayed through the engine, as the
 * audit replays them, for two things the stored results do not hold: the
 * target as it stood at the end (two-hand raises it while both players
 * are over it) and which hands have findings.
 */
#include "report_game.h"

#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "pn_buf.h"
#include "replay.h"

enum { C_HANDTEXT, C_HAND, C_DEALER, C_BIDDER, C_BID, C_BIDTEXT, C_TRUMP, C_FIXED };
enum { U_MELD, U_SAVED, U_COUNTERS, U_SCORE, U_TOTAL, U_COLUMNS };

#define MAX_COLUMNS (C_FIXED + PN_MAX_SEATS * U_COLUMNS + 3)
#define BIDDING_SIZE 1024

/* Column names made for this game's sides. */
typedef struct Sheet {
  ReportColumn cols[MAX_COLUMNS]; /* the table's columns */
  char keys[MAX_COLUMNS][16];     /* "meld_1" ... */
  char titles[MAX_COLUMNS][16];   /* "meld1" ... */
  int ncols;                      /* columns used */
  int bidding_col, winner_col;    /* after the side groups */
  int findings_col;               /* last: the hand's findings (data) */
} Sheet;

static void column(Sheet *s, const char *key, const char *title, ReportKind kind, ReportShow show) {
  int c = s->ncols++;
  snprintf(s->keys[c], sizeof s->keys[c], "%s", key);
  snprintf(s->titles[c], sizeof s->titles[c], "%s", title);
  s->cols[c] = (ReportColumn){s->keys[c], s->titles[c], kind, show};
}

static void sheet_columns(Sheet *s, int units, bool bidding) {
  static const char *const UNIT_KEY[U_COLUMNS] = {"meld", "saved", "counters", "score", "total"};
  static const char *const UNIT_TITLE[U_COLUMNS] = {"meld", "saved", "ctr", "score", "total"};
  s->ncols = 0;
  column(s, "hand", "hand", REPORT_INT, REPORT_TEXT_ONLY); /* "2*": the hand has findings */
  column(s, "hand", "hand", REPORT_INT, REPORT_DATA_ONLY);
  column(s, "dealer", "dlr", REPORT_INT, REPORT_ALL);
  column(s, "bidder", "bidder", REPORT_INT, REPORT_DATA_ONLY);
  column(s, "bid", "bid", REPORT_INT, REPORT_DATA_ONLY);
  if (bidding) column(s, "bid", "bid", REPORT_STR, REPORT_TEXT_ONLY); /* "3:340" */
  else column(s, "bid", "bid", REPORT_STR, REPORT_HIDDEN);
  column(s, "trump", "tr", REPORT_STR, REPORT_ALL);
  for (int u = 1; u <= units; u++)
    for (int k = 0; k < U_COLUMNS; k++) {
      char key[16], title[16];
      snprintf(key, sizeof key, "%s_%d", UNIT_KEY[k], u);
      snprintf(title, sizeof title, "%s%d", UNIT_TITLE[k], u);
      column(s, key, title, REPORT_INT, k == U_SAVED ? REPORT_DATA_ONLY : REPORT_ALL);
    }
  s->bidding_col = s->ncols;
  column(s, "bidding", "bidding", REPORT_STR, REPORT_DATA_ONLY); /* text: wrapped lines after the table */
  s->winner_col = s->ncols;
  column(s, "winner", "winner", REPORT_STR, REPORT_DATA_ONLY);
  s->findings_col = s->ncols;
  column(s, "findings", "findings", REPORT_INT, REPORT_DATA_ONLY);
}

/* "2:pass 3:340 4:pass 1:pass" from the hand's bid and pass events. */
static int bidding_text(const StoreRow *row, char *buf, size_t size, PnDiag *diag) {
  CodecEvents it = {row->events, row->events_len, 0};
  size_t at = 0;
  buf[0] = '\0';
  PnEvent ev;
  int got;
  while ((got = codec_events_next(&it, &ev, NULL, 0)) == 1) {
    if (ev.action != PN_EV_BID && ev.action != PN_EV_PASS) continue;
    char one[32];
    if (ev.action == PN_EV_BID) snprintf(one, sizeof one, "%d:%d", ev.seat, ev.value);
    else snprintf(one, sizeof one, "%d:pass", ev.seat);
    int n = snprintf(buf + at, size - at, "%s%s", at ? " " : "", one);
    if (n > 0 && (size_t)n < size - at) at += (size_t)n;
  }
  return got < 0 ? report_events_corrupt(row, diag) : 0;
}

int report_game_unit_seats(const ReportSides *sides, int u, int seats[2]) {
  if (sides->units == 2 && sides->sides == PN_SIDES_TEAMS) {
    seats[0] = u + 1;
    seats[1] = u + 3;
    return 2;
  }
  seats[0] = u + 1;
  return 1;
}

static void count_finding(void *ctx, const StoreRow *row, const ReplayFinding *f) {
  (void)row;
  (void)f;
  (*(int *)ctx)++;
}

/* One hand of the sheet from its stored row; `findings` is what the
 * replay of the hand found, -1 when it could not be replayed. */
static int hand_of(const ReportSides *sides, const PnRules *rules, const StoreRow *row, int findings,
                   ReportGameHand *out, int total[PN_MAX_SEATS], PnDiag *diag) {
  CodecResults res;
  memset(out, 0, sizeof *out);
  int rc = bidding_text(row, out->bidding, sizeof out->bidding, diag);
  if (rc < 0) return rc;
  if (codec_results_decode(row->results, row->results_len, &res) != 0 || res.players != rules->players) {
    snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: the stored results do not decode", row->key, row->hand);
    return REPORT_CORRUPT;
  }
  const PnHandResult *h = &res.result;
  out->hand = row->hand;
  out->dealer = row->dealer;
  if (rules->bidding != PN_BIDDING_NONE && !h->redeal && h->bidder >= 1) {
    out->bidder = h->bidder;
    out->bid = h->bid;
  }
  out->trump = h->redeal ? -1 : h->trump;
  for (int u = 0; u < sides->units; u++) {
    int seats[2], n = report_game_unit_seats(sides, u, seats);
    ReportGameUnit *unit = &out->unit[u];
    for (int i = 0; i < n; i++) {
      unit->meld += h->seat[seats[i] - 1].meld_shown;
      unit->saved += h->seat[seats[i] - 1].meld_counted;
      unit->counters += h->seat[seats[i] - 1].counters;
    }
    unit->score = h->seat[seats[0] - 1].score;
    unit->total = res.total[seats[0] - 1];
  }
  out->findings = findings;
  memcpy(total, res.total, sizeof res.total);
  return 0;
}

/* ------------------------------------------------------------ the model */

int report_game_header(const StoreRow *row, ReportGameHeader *h, PnRules *rules, PnDiag *diag) {
  PnRules own;
  if (!rules) rules = &own;
  memset(h, 0, sizeof *h);
  snprintf(h->key, sizeof h->key, "%s", row->key);
  snprintf(h->preset, sizeof h->preset, "%s", row->preset);
  report_tag(row->tags, row->ntags, "date", h->date, sizeof h->date);
  h->nplayers = row->nplayers;
  for (int s = 0; s < row->nplayers; s++) snprintf(h->players[s], sizeof h->players[s], "%s", row->players[s]);
  h->winners = report_winners(row);
  h->finished = row->finished;
  PnDiag ignore = {0};
  if (replay_rules(row->preset, row->options, row->noptions, rules, &ignore) != 0 || rules->players != row->nplayers) {
    snprintf(diag->msg, sizeof diag->msg, "game %s: stored variant '%s' with %d players is not known", row->key,
             row->preset, row->nplayers);
    if (h->winners) snprintf(h->winner, sizeof h->winner, "%s", row->players[row->winner >= 1 ? row->winner - 1 : 0]);
    return REPORT_CORRUPT;
  }
  h->rules_known = true;
  report_sides(&h->sides, rules, row->players);
  if (h->winners) report_winners_name(&h->sides, h->winners, h->winner, sizeof h->winner);
  return 0;
}

/* The stored results make the sheet; the replay only adds the target and
 * the marks, so a hand it cannot rebuild (a damaged database, as the
 * audit and `pinochle check` report) does not hide the sheet.  Returns the
 * hand's findings, or -1 when it was not replayed (this hand or an
 * earlier one could not be). */
static int replay_marks(PnGame *play, ReportGame *g, const StoreRow *row) {
  if (g->unreplayed) return -1;
  PnDiag why = {0};
  int findings = 0;
  if (replay_hand(play, row, count_finding, &findings, NULL, &why) != 0) {
    g->unreplayed = row->hand;
    snprintf(g->why, sizeof g->why, "%s", why.msg);
    return -1;
  }
  g->target = play->target;
  g->any_findings = g->any_findings || findings > 0;
  return findings;
}

/* Reads the game's rows into *g (zeroed by the caller); play is the replay. */
static int game_read(StoreCursor *cursor, ReportGame *g, PnGame *play, PnDiag *diag) {
  PnRules rules;
  StoreRow row;
  bool found = false;
  size_t cap = 0;
  int rc;
  while ((rc = store_cursor_next(cursor, &row, diag)) == 1) {
    if (!found) {
      found = true;
      if ((rc = report_game_header(&row, &g->head, &rules, diag)) < 0) return rc;
      g->target = g->start_target = rules.target;
      g->bidding = rules.bidding != PN_BIDDING_NONE;
      pn_game_init(play, &rules);
    }
    if (row.hand < 1) continue;
    if (PN_VEC_RESERVE(g->hands, cap, (size_t)g->nhands + 1) != 0) {
      snprintf(diag->msg, sizeof diag->msg, "out of memory");
      return REPORT_ERROR;
    }
    int findings = replay_marks(play, g, &row);
    if ((rc = hand_of(&g->head.sides, &rules, &row, findings, &g->hands[g->nhands], g->total, diag)) < 0) return rc;
    g->nhands++;
  }
  if (rc < 0) return rc;
  if (!found) return REPORT_NOT_FOUND;
  return 0;
}

int report_game_compute(Store *store, const char *key, ReportGame *game, PnDiag *diag) {
  StoreCursor *cursor = NULL;
  PnGame *play = malloc(sizeof *play); /* the replay: large, so not on the stack */
  StoreFilter filter = {.nkeys = 1, .keys = &key};
  int rc = REPORT_ERROR;
  memset(game, 0, sizeof *game);
  if (!play) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  if ((rc = store_cursor_open(store, &filter, &cursor, diag)) < 0) goto done;
  rc = game_read(cursor, game, play, diag);
  if (rc == REPORT_NOT_FOUND) snprintf(diag->msg, sizeof diag->msg, "no game '%s' in the database", key);
done:
  store_cursor_close(cursor);
  free(play);
  if (rc < 0) report_game_free(game);
  return rc;
}

void report_game_free(ReportGame *game) {
  free(game->hands);
  game->hands = NULL;
  game->nhands = 0;
}

/* --------------------------------------------------------------- output */

/* The table text, CSV and JSON print: one row per hand. */
static int add_hand(ReportTable *table, const Sheet *sh, const ReportGame *g, int r) {
  const ReportGameHand *h = &g->hands[r];
  char v[MAX_COLUMNS][32], found[16] = "";
  const char *cells[MAX_COLUMNS];
  memset(v, 0, sizeof v);
  report_int(v[C_HAND], 32, h->hand);
  if (g->any_findings) snprintf(v[C_HANDTEXT], 32, "%d%s", h->hand, h->findings > 0 ? "*" : " ");
  else report_int(v[C_HANDTEXT], 32, h->hand);
  report_int(v[C_DEALER], 32, h->dealer);
  if (h->bidder >= 1) {
    report_int(v[C_BIDDER], 32, h->bidder);
    report_int(v[C_BID], 32, h->bid);
    snprintf(v[C_BIDTEXT], 32, "%d:%d", h->bidder, h->bid);
  }
  report_trump(h->trump, v[C_TRUMP]);
  for (int u = 0; u < g->head.sides.units; u++) {
    int c = C_FIXED + u * U_COLUMNS;
    report_int(v[c + U_MELD], 32, h->unit[u].meld);
    report_int(v[c + U_SAVED], 32, h->unit[u].saved);
    report_int(v[c + U_COUNTERS], 32, h->unit[u].counters);
    report_int(v[c + U_SCORE], 32, h->unit[u].score);
    report_int(v[c + U_TOTAL], 32, h->unit[u].total);
  }
  for (int c = 0; c < sh->ncols; c++) cells[c] = v[c];
  cells[sh->bidding_col] = h->bidding;
  /* the winners' names go in the row of the hand that ended the game */
  cells[sh->winner_col] = g->head.winners && r == g->nhands - 1 ? g->head.winner : "";
  if (h->findings >= 0) report_int(found, sizeof found, h->findings);
  cells[sh->findings_col] = found;
  return report_table_add(table, cells);
}

/* The sheet's table with its columns made for the game's sides, or NULL
 * when out of memory. */
static ReportTable *sheet_table(const ReportGame *g, Sheet *sh, bool bidding) {
  const ReportSides *sides = &g->head.sides;
  sheet_columns(sh, sides->units, bidding);
  ReportTable *table = report_table_new(sh->cols, sh->ncols, 1);
  for (int u = 0; table && u < sides->units; u++)
    if (report_table_keep(table, C_FIXED + u * U_COLUMNS, U_COLUMNS) != 0) {
      report_table_free(table);
      return NULL;
    }
  for (int r = 0; table && r < g->nhands; r++)
    if (add_hand(table, sh, g, r) != 0) {
      report_table_free(table);
      return NULL;
    }
  return table;
}

/* "4 and 5" (the units' numbers), or with totals_of their running
 * totals ("2350 and 2350"), of units[0..n) into buf. */
static void list_units(const ReportSides *sides, const ReportGame *g, const int *units, int n, bool totals_of,
                       char *buf, size_t size) {
  size_t at = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && at < size; i++) {
    int seats[2];
    report_game_unit_seats(sides, units[i], seats);
    int w = snprintf(buf + at, size - at, "%s%d", i == 0 ? "" : i == n - 1 ? " and " : ", ",
                     totals_of ? g->total[seats[0] - 1] : units[i] + 1);
    at += w > 0 ? (size_t)w : 0;
  }
}

static const char *unit_word(const ReportSides *sides) {
  return sides->units == 2 && sides->sides == PN_SIDES_TEAMS ? "side" : "seat";
}

static void write_text(FILE *out, const ReportTable *table, const Sheet *sh, const ReportGame *g) {
  const ReportSides *sides = &g->head.sides;
  char line[1024];
  int at = snprintf(line, sizeof line, "Game %s: %s%s%s, target %d", g->head.key, g->head.preset,
                    g->head.date[0] ? ", " : "", g->head.date, g->target);
  if (g->target != g->start_target && at > 0 && (size_t)at < sizeof line)
    snprintf(line + at, sizeof line - (size_t)at, " (raised from %d)", g->start_target);
  report_wrap(out, "", "  ", line, REPORT_WIDTH);
  for (int u = 0; u < sides->units; u++) {
    int seats[2], n = report_game_unit_seats(sides, u, seats);
    if (n == 2) snprintf(line, sizeof line, "Side %d: %s (seats %d and %d)", u + 1, sides->name[u], seats[0], seats[1]);
    else snprintf(line, sizeof line, "Seat %d: %s", u + 1, sides->name[u]);
    report_wrap(out, "", "  ", line, REPORT_WIDTH);
  }
  fputc('\n', out);
  if (g->nhands == 0) fputs("No hands stored.\n", out);
  else report_table_text(table, out, REPORT_WIDTH);
  fputc('\n', out);
  if (g->unreplayed) {
    snprintf(line, sizeof line,
             "Hand %d could not be replayed (%s): from it on, findings are not marked and the target is the "
             "last known.", g->unreplayed, g->why);
    report_wrap(out, "", "  ", line, REPORT_WIDTH);
    fputc('\n', out);
  }
  if (g->any_findings) {
    snprintf(line, sizeof line, "* hand with findings: see `pinochle report DB hand %s N`.", g->head.key);
    report_wrap(out, "", "  ", line, REPORT_WIDTH);
    fputc('\n', out);
  }
  bool any_bids = false;
  for (int r = 0; r < g->nhands; r++) any_bids = any_bids || g->hands[r].bidding[0];
  if (any_bids) {
    fputs("hand  bidding\n", out);
    for (size_t r = 0; r < report_table_rows(table); r++) {
      char lead[16];
      snprintf(lead, sizeof lead, "%4s  ", report_table_cell(table, r, C_HAND));
      report_wrap(out, lead, "      ", report_table_cell(table, r, sh->bidding_col), REPORT_WIDTH);
    }
    fputc('\n', out);
  }
  int units[PN_MAX_SEATS], n = report_winner_units(sides, g->head.winners, units);
  if (n == 1) {
    int seats[2];
    report_game_unit_seats(sides, units[0], seats);
    snprintf(line, sizeof line, "Winner: %s %d, %s, with %d.", unit_word(sides), units[0] + 1,
             sides->name[units[0]], g->total[seats[0] - 1]);
  } else if (n > 1) { /* five-call: the bidder and the called partner */
    char seats[64], totals[64];
    list_units(sides, g, units, n, false, seats, sizeof seats);
    list_units(sides, g, units, n, true, totals, sizeof totals);
    snprintf(line, sizeof line, "Winners: %ss %s, %s, with %s.", unit_word(sides), seats, g->head.winner, totals);
  } else {
    snprintf(line, sizeof line, "No winner: %s.",
             g->head.finished ? "the log ends before anyone reached the target" : "the game is still being played");
  }
  report_wrap(out, "", "  ", line, REPORT_WIDTH);
}

static void write_json(FILE *out, const ReportTable *table, const ReportGame *g) {
  const ReportSides *sides = &g->head.sides;
  fputs("{\n  ", out);
  report_json_key(out, "game");
  out_json_string(out, g->head.key);
  fputs(",\n  ", out);
  report_json_key(out, "preset");
  out_json_string(out, g->head.preset);
  fputs(",\n  ", out);
  report_json_key(out, "date");
  report_json_value(out, REPORT_STR, g->head.date);
  fprintf(out, ",\n  \"target\": %d,\n  \"sides\": [\n", g->target);
  for (int u = 0; u < sides->units; u++) {
    int seats[2], n = report_game_unit_seats(sides, u, seats);
    fprintf(out, "    {\"%s\": %d, \"seats\": [%d%s", unit_word(sides), u + 1, seats[0], n == 2 ? ", " : "");
    if (n == 2) fprintf(out, "%d", seats[1]);
    fputs("], \"name\": ", out);
    out_json_string(out, sides->name[u]);
    fprintf(out, "}%s\n", u + 1 < sides->units ? "," : "");
  }
  fputs("  ],\n  \"hands\": ", out);
  report_table_json(table, out, "  ");
  fprintf(out, ",\n  \"finished\": %s,\n  \"winner\": ", g->head.finished ? "true" : "false");
  int units[PN_MAX_SEATS], n = report_winner_units(sides, g->head.winners, units);
  if (n == 1) {
    int seats[2];
    report_game_unit_seats(sides, units[0], seats);
    fprintf(out, "{\"%s\": %d, \"name\": ", unit_word(sides), units[0] + 1);
    out_json_string(out, sides->name[units[0]]);
    fprintf(out, ", \"total\": %d}", g->total[seats[0] - 1]);
  } else if (n > 1) { /* a side of several seats: each seat and its total */
    fprintf(out, "{\"%ss\": [", unit_word(sides));
    for (int i = 0; i < n; i++) fprintf(out, "%s%d", i ? ", " : "", units[i] + 1);
    fputs("], \"name\": ", out);
    out_json_string(out, g->head.winner);
    fputs(", \"totals\": [", out);
    for (int i = 0; i < n; i++) {
      int seats[2];
      report_game_unit_seats(sides, units[i], seats);
      fprintf(out, "%s%d", i ? ", " : "", g->total[seats[0] - 1]);
    }
    fputs("]}", out);
  } else {
    fputs("null", out);
  }
  fputs("\n}\n", out);
}

int report_game_write(const ReportGame *g, OutFormat format, FILE *out, PnDiag *diag) {
  Sheet *sheet = calloc(1, sizeof *sheet);
  ReportTable *table = sheet ? sheet_table(g, sheet, g->bidding) : NULL;
  if (!table) {
    free(sheet);
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return REPORT_ERROR;
  }
  switch (format) {
  case OUT_TEXT: write_text(out, table, sheet, g); break;
  case OUT_JSON: write_json(out, table, g); break;
  case OUT_CSV: report_table_csv(table, out, true, NULL, NULL); break;
  }
  report_table_free(table);
  free(sheet);
  return 0;
}

/* The JSON value of one hand, keyed as write_json's rows. */
static json_t *hand_json(const ReportGame *g, int r) {
  static const char *const UNIT_KEY[U_COLUMNS] = {"meld", "saved", "counters", "score", "total"};
  const ReportGameHand *h = &g->hands[r];
  char trump[2], key[16];
  json_t *o = json_object();
  json_object_set_new(o, "hand", json_integer(h->hand));
  json_object_set_new(o, "dealer", json_integer(h->dealer));
  json_object_set_new(o, "bidder", h->bidder >= 1 ? json_integer(h->bidder) : json_null());
  json_object_set_new(o, "bid", h->bidder >= 1 ? json_integer(h->bid) : json_null());
  json_object_set_new(o, "trump", json_string(report_trump(h->trump, trump)));
  for (int u = 0; u < g->head.sides.units; u++) {
    const int v[U_COLUMNS] = {h->unit[u].meld, h->unit[u].saved, h->unit[u].counters, h->unit[u].score,
                              h->unit[u].total};
    for (int k = 0; k < U_COLUMNS; k++) {
      snprintf(key, sizeof key, "%s_%d", UNIT_KEY[k], u + 1);
      json_object_set_new(o, key, json_integer(v[k]));
    }
  }
  json_object_set_new(o, "bidding", json_string(h->bidding));
  json_object_set_new(o, "winner", json_string(g->head.winners && r == g->nhands - 1 ? g->head.winner : ""));
  json_object_set_new(o, "findings", h->findings >= 0 ? json_integer(h->findings) : json_null());
  return o;
}

/* The winner as write_json prints it: a unit, several, or null. */
static json_t *winner_json(const ReportGame *g) {
  const ReportSides *sides = &g->head.sides;
  int units[PN_MAX_SEATS], seats[2], n = report_winner_units(sides, g->head.winners, units);
  char word[8];
  if (n == 0) return json_null();
  json_t *o = json_object();
  if (n == 1) {
    report_game_unit_seats(sides, units[0], seats);
    json_object_set_new(o, unit_word(sides), json_integer(units[0] + 1));
    json_object_set_new(o, "name", json_string(sides->name[units[0]]));
    json_object_set_new(o, "total", json_integer(g->total[seats[0] - 1]));
    return o;
  }
  json_t *which = json_array(), *totals = json_array();
  for (int i = 0; i < n; i++) {
    report_game_unit_seats(sides, units[i], seats);
    json_array_append_new(which, json_integer(units[i] + 1));
    json_array_append_new(totals, json_integer(g->total[seats[0] - 1]));
  }
  snprintf(word, sizeof word, "%ss", unit_word(sides));
  json_object_set_new(o, word, which);
  json_object_set_new(o, "name", json_string(g->head.winner));
  json_object_set_new(o, "totals", totals);
  return o;
}

json_t *report_game_json(const ReportGame *g) {
  const ReportSides *sides = &g->head.sides;
  json_t *j = json_object(), *jsides = json_array(), *hands = json_array();
  if (!j || !jsides || !hands) {
    json_decref(j);
    json_decref(jsides);
    json_decref(hands);
    return NULL;
  }
  json_object_set_new(j, "game", json_string(g->head.key));
  json_object_set_new(j, "preset", json_string(g->head.preset));
  json_object_set_new(j, "date", json_string(g->head.date));
  json_object_set_new(j, "target", json_integer(g->target));
  for (int u = 0; u < sides->units; u++) {
    int seats[2], n = report_game_unit_seats(sides, u, seats);
    json_t *seat = json_array();
    for (int i = 0; i < n; i++) json_array_append_new(seat, json_integer(seats[i]));
    json_array_append_new(jsides, json_pack("{s:i, s:o, s:s}", unit_word(sides), u + 1, "seats", seat, "name",
                                            sides->name[u]));
  }
  json_object_set_new(j, "sides", jsides);
  for (int r = 0; r < g->nhands; r++) json_array_append_new(hands, hand_json(g, r));
  json_object_set_new(j, "hands", hands);
  json_object_set_new(j, "finished", json_boolean(g->head.finished));
  json_object_set_new(j, "winner", winner_json(g));
  return j;
}

int report_game(Store *store, const char *key, OutFormat format, FILE *out, PnDiag *diag) {
  ReportGame game;
  int rc = report_game_compute(store, key, &game, diag);
  if (rc != 0) return rc;
  rc = report_game_write(&game, format, out, diag);
  report_game_free(&game);
  return rc;
}
