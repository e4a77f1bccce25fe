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
  const uint8_t *p = row->events;
  size_t left = row->events_len, at = 0;
  buf[0] = '\0';
  while (left > 0) {
    PnEvent ev;
    size_t used = codec_event_decode(p, left, &ev, NULL, 0);
    if (used == 0) {
      snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: a stored event does not decode", row->key, row->hand);
      return REPORT_CORRUPT;
    }
    p += used;
    left -= used;
    if (ev.action != PN_EV_BID && ev.action != PN_EV_PASS) continue;
    char one[32];
    if (ev.action == PN_EV_BID) snprintf(one, sizeof one, "%d:%d", ev.seat, ev.value);
    else snprintf(one, sizeof one, "%d:pass", ev.seat);
    int n = snprintf(buf + at, size - at, "%s%s", at ? " " : "", one);
    if (n > 0 && (size_t)n < size - at) at += (size_t)n;
  }
  return 0;
}

/* The seats of side/seat column u (0-based); returns their number. */
static int unit_seats(const ReportSides *sides, int u, int seats[2]) {
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

/* One row of the sheet; `findings` is what the replay of the hand found,
 * -1 when it could not be replayed (left empty). */
static int add_hand(ReportTable *table, const Sheet *sh, const ReportSides *sides, const PnRules *rules,
                    const StoreRow *row, int findings, CodecResults *res, PnDiag *diag) {
  char bidding[BIDDING_SIZE];
  int rc = bidding_text(row, bidding, sizeof bidding, diag);
  if (rc < 0) return rc;
  if (codec_results_decode(row->results, row->results_len, res) != 0 || res->players != rules->players) {
    snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: the stored results do not decode", row->key, row->hand);
    return REPORT_CORRUPT;
  }
  const PnHandResult *h = &res->result;
  char v[MAX_COLUMNS][32];
  const char *cells[MAX_COLUMNS];
  memset(v, 0, sizeof v);
  report_int(v[C_HAND], 32, row->hand);
  report_int(v[C_HANDTEXT], 32, row->hand); /* marked when the game is known (mark_hands) */
  report_int(v[C_DEALER], 32, row->dealer);
  if (rules->bidding != PN_BIDDING_NONE && !h->redeal && h->bidder >= 1) {
    report_int(v[C_BIDDER], 32, h->bidder);
    report_int(v[C_BID], 32, h->bid);
    snprintf(v[C_BIDTEXT], 32, "%d:%d", h->bidder, h->bid);
  }
  if (!h->redeal) report_trump(h->trump, v[C_TRUMP]);
  for (int u = 0; u < sides->units; u++) {
    int seats[2], n = unit_seats(sides, u, seats);
    long meld = 0, saved = 0, counters = 0;
    for (int i = 0; i < n; i++) {
      meld += h->seat[seats[i] - 1].meld_shown;
      saved += h->seat[seats[i] - 1].meld_counted;
      counters += h->seat[seats[i] - 1].counters;
    }
    int c = C_FIXED + u * U_COLUMNS;
    report_int(v[c + U_MELD], 32, meld);
    report_int(v[c + U_SAVED], 32, saved);
    report_int(v[c + U_COUNTERS], 32, counters);
    report_int(v[c + U_SCORE], 32, h->seat[seats[0] - 1].score);
    report_int(v[c + U_TOTAL], 32, res->total[seats[0] - 1]);
  }
  for (int c = 0; c < sh->ncols; c++) cells[c] = v[c];
  cells[sh->bidding_col] = bidding;
  cells[sh->winner_col] = "";
  char found[16] = "";
  if (findings >= 0) report_int(found, sizeof found, findings);
  cells[sh->findings_col] = found;
  if (report_table_add(table, cells) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return REPORT_ERROR;
  }
  return 0;
}

/* --------------------------------------------------------------- output */

/* What the sheet needs to know about the game besides its hands. */
typedef struct GameInfo {
  char key[256], preset[64], date[32]; /* copied from the first row */
  int target;                          /* the target at the end (two-hand raises it) */
  int start_target;                    /* the rules' target, before any raise */
  bool any_findings;                   /* a hand has findings: the text explains the mark */
  int unreplayed;                      /* first hand the replay could not rebuild, 0 none */
  char why[sizeof ((PnDiag *)0)->msg]; /* and why (a damaged database) */
  unsigned winners;                    /* the winning side's seats (report_winners), 0 none */
  bool finished;                       /* the game ended or its log did */
  int total[PN_MAX_SEATS];             /* running totals after the last hand */
  int hands;                           /* rows in the sheet */
} GameInfo;

/* "4 and 5" (the units' numbers), or with totals_of their running
 * totals ("2350 and 2350"), of units[0..n) into buf. */
static void list_units(const ReportSides *sides, const GameInfo *g, const int *units, int n, bool totals_of,
                       char *buf, size_t size) {
  size_t at = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && at < size; i++) {
    int seats[2];
    unit_seats(sides, units[i], seats);
    int w = snprintf(buf + at, size - at, "%s%d", i == 0 ? "" : i == n - 1 ? " and " : ", ",
                     totals_of ? g->total[seats[0] - 1] : units[i] + 1);
    at += w > 0 ? (size_t)w : 0;
  }
}

static const char *unit_word(const ReportSides *sides) {
  return sides->units == 2 && sides->sides == PN_SIDES_TEAMS ? "side" : "seat";
}

static void write_text(FILE *out, const ReportTable *table, const Sheet *sh, const GameInfo *g,
                       const ReportSides *sides) {
  char line[1024];
  int at = snprintf(line, sizeof line, "Game %s: %s%s%s, target %d", g->key, g->preset, g->date[0] ? ", " : "",
                    g->date, g->target);
  if (g->target != g->start_target && at > 0 && (size_t)at < sizeof line)
    snprintf(line + at, sizeof line - (size_t)at, " (raised from %d)", g->start_target);
  report_wrap(out, "", "  ", line, REPORT_WIDTH);
  for (int u = 0; u < sides->units; u++) {
    int seats[2], n = unit_seats(sides, u, seats);
    if (n == 2) snprintf(line, sizeof line, "Side %d: %s (seats %d and %d)", u + 1, sides->name[u], seats[0], seats[1]);
    else snprintf(line, sizeof line, "Seat %d: %s", u + 1, sides->name[u]);
    report_wrap(out, "", "  ", line, REPORT_WIDTH);
  }
  fputc('\n', out);
  if (g->hands == 0) fputs("No hands stored.\n", out);
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
    snprintf(line, sizeof line, "* hand with findings: see `pinochle report DB hand %s N`.", g->key);
    report_wrap(out, "", "  ", line, REPORT_WIDTH);
    fputc('\n', out);
  }
  bool any_bids = false;
  for (size_t r = 0; r < report_table_rows(table); r++) any_bids = any_bids || report_table_cell(table, r, sh->bidding_col)[0];
  if (any_bids) {
    fputs("hand  bidding\n", out);
    for (size_t r = 0; r < report_table_rows(table); r++) {
      char lead[16];
      snprintf(lead, sizeof lead, "%4s  ", report_table_cell(table, r, C_HAND));
      report_wrap(out, lead, "      ", report_table_cell(table, r, sh->bidding_col), REPORT_WIDTH);
    }
    fputc('\n', out);
  }
  int units[PN_MAX_SEATS], n = report_winner_units(sides, g->winners, units);
  if (n == 1) {
    int seats[2];
    unit_seats(sides, units[0], seats);
    snprintf(line, sizeof line, "Winner: %s %d, %s, with %d.", unit_word(sides), units[0] + 1,
             sides->name[units[0]], g->total[seats[0] - 1]);
  } else if (n > 1) { /* five-call: the bidder and the called partner */
    char names[sizeof sides->name], seats[64], totals[64];
    list_units(sides, g, units, n, false, seats, sizeof seats);
    list_units(sides, g, units, n, true, totals, sizeof totals);
    snprintf(line, sizeof line, "Winners: %ss %s, %s, with %s.", unit_word(sides), seats,
             report_winners_name(sides, g->winners, names, sizeof names), totals);
  } else {
    snprintf(line, sizeof line, "No winner: %s.",
             g->finished ? "the log ends before anyone reached the target" : "the game is still being played");
  }
  report_wrap(out, "", "  ", line, REPORT_WIDTH);
}

static void write_json(FILE *out, const ReportTable *table, const GameInfo *g, const ReportSides *sides) {
  fputs("{\n  ", out);
  report_json_key(out, "game");
  out_json_string(out, g->key);
  fputs(",\n  ", out);
  report_json_key(out, "preset");
  out_json_string(out, g->preset);
  fputs(",\n  ", out);
  report_json_key(out, "date");
  report_json_value(out, REPORT_STR, g->date);
  fprintf(out, ",\n  \"target\": %d,\n  \"sides\": [\n", g->target);
  for (int u = 0; u < sides->units; u++) {
    int seats[2], n = unit_seats(sides, u, seats);
    fprintf(out, "    {\"%s\": %d, \"seats\": [%d%s", unit_word(sides), u + 1, seats[0], n == 2 ? ", " : "");
    if (n == 2) fprintf(out, "%d", seats[1]);
    fputs("], \"name\": ", out);
    out_json_string(out, sides->name[u]);
    fprintf(out, "}%s\n", u + 1 < sides->units ? "," : "");
  }
  fputs("  ],\n  \"hands\": ", out);
  report_table_json(table, out, "  ");
  fprintf(out, ",\n  \"finished\": %s,\n  \"winner\": ", g->finished ? "true" : "false");
  int units[PN_MAX_SEATS], n = report_winner_units(sides, g->winners, units);
  if (n == 1) {
    int seats[2];
    unit_seats(sides, units[0], seats);
    fprintf(out, "{\"%s\": %d, \"name\": ", unit_word(sides), units[0] + 1);
    out_json_string(out, sides->name[units[0]]);
    fprintf(out, ", \"total\": %d}", g->total[seats[0] - 1]);
  } else if (n > 1) { /* a side of several seats: each seat and its total */
    char names[sizeof sides->name];
    fprintf(out, "{\"%ss\": [", unit_word(sides));
    for (int i = 0; i < n; i++) fprintf(out, "%s%d", i ? ", " : "", units[i] + 1);
    fputs("], \"name\": ", out);
    out_json_string(out, report_winners_name(sides, g->winners, names, sizeof names));
    fputs(", \"totals\": [", out);
    for (int i = 0; i < n; i++) {
      int seats[2];
      unit_seats(sides, units[i], seats);
      fprintf(out, "%s%d", i ? ", " : "", g->total[seats[0] - 1]);
    }
    fputs("]}", out);
  } else {
    fputs("null", out);
  }
  fputs("\n}\n", out);
}

/* "2*" for a hand with findings and "1 " for the others, so that the
 * numbers stay aligned; nothing when no hand has any. */
static int mark_hands(ReportTable *table, const Sheet *sh) {
  for (size_t r = 0; r < report_table_rows(table); r++) {
    char text[40];
    const char *n = report_table_cell(table, r, sh->findings_col);
    bool found = n[0] && strcmp(n, "0") != 0; /* "": not replayed */
    snprintf(text, sizeof text, "%s%s", report_table_cell(table, r, C_HAND), found ? "*" : " ");
    if (report_table_set(table, r, C_HANDTEXT, text) != 0) return -1;
  }
  return 0;
}

/* The game's first row: its rules, its header in *g, the replay started,
 * the sides and an empty sheet.  Returns 0, or REPORT_CORRUPT /
 * REPORT_ERROR with diag. */
static int sheet_start(const StoreRow *row, GameInfo *g, PnRules *rules, PnGame *game, ReportSides *sides,
                       Sheet *sheet, ReportTable **table, PnDiag *diag) {
  if (replay_rules(row->preset, row->options, row->noptions, rules, diag) != 0 || rules->players != row->nplayers) {
    snprintf(diag->msg, sizeof diag->msg, "game %s: stored variant '%s' with %d players is not known", row->key,
             row->preset, row->nplayers);
    return REPORT_CORRUPT;
  }
  snprintf(g->key, sizeof g->key, "%s", row->key);
  snprintf(g->preset, sizeof g->preset, "%s", row->preset);
  report_tag(row->tags, row->ntags, "date", g->date, sizeof g->date);
  g->target = g->start_target = rules->target;
  pn_game_init(game, rules);
  g->winners = report_winners(row);
  g->finished = row->finished;
  report_sides(sides, rules, row->players);
  sheet_columns(sheet, sides->units, rules->bidding != PN_BIDDING_NONE);
  *table = report_table_new(sheet->cols, sheet->ncols, 1);
  for (int u = 0; *table && u < sides->units; u++)
    if (report_table_keep(*table, C_FIXED + u * U_COLUMNS, U_COLUMNS) != 0) {
      report_table_free(*table);
      *table = NULL;
    }
  if (!*table) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return REPORT_ERROR;
  }
  return 0;
}

/* The stored results make the sheet; the replay only adds the target and
 * the marks, so a hand it cannot rebuild (a damaged database, as the
 * audit and `pinochle check` report) does not hide the sheet.  Returns the
 * hand's findings, or -1 when it was not replayed (this hand or an
 * earlier one could not be). */
static int replay_marks(PnGame *game, GameInfo *g, const StoreRow *row) {
  if (g->unreplayed) return -1;
  PnDiag why = {0};
  int findings = 0;
  if (replay_hand(game, row, count_finding, &findings, NULL, &why) != 0) {
    g->unreplayed = row->hand;
    snprintf(g->why, sizeof g->why, "%s", why.msg);
    return -1;
  }
  g->target = game->target;
  g->any_findings = g->any_findings || findings > 0;
  return findings;
}

int report_game(Store *store, const char *key, OutFormat format, FILE *out, PnDiag *diag) {
  StoreCursor *cursor = NULL;
  ReportTable *table = NULL;
  Sheet *sheet = calloc(1, sizeof *sheet);
  PnGame *game = malloc(sizeof *game); /* the replay: large, so not on the stack */
  GameInfo g = {0};
  ReportSides sides;
  PnRules rules;
  int rc = REPORT_ERROR;
  if (!sheet || !game) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  StoreFilter filter = {.nkeys = 1, .keys = &key};
  if ((rc = store_cursor_open(store, &filter, &cursor, diag)) < 0) goto done;
  StoreRow row;
  bool found = false;
  while ((rc = store_cursor_next(cursor, &row, diag)) == 1) {
    if (!found) {
      found = true;
      if ((rc = sheet_start(&row, &g, &rules, game, &sides, sheet, &table, diag)) < 0) goto done;
    }
    if (row.hand < 1) continue;
    int findings = replay_marks(game, &g, &row);
    CodecResults res;
    if ((rc = add_hand(table, sheet, &sides, &rules, &row, findings, &res, diag)) < 0) goto done;
    memcpy(g.total, res.total, sizeof g.total);
    g.hands++;
  }
  if (rc < 0) goto done;
  if (!found) {
    snprintf(diag->msg, sizeof diag->msg, "no game '%s' in the database", key);
    rc = REPORT_NOT_FOUND;
    goto done;
  }
  /* the winners' names go in the row of the hand that ended the game */
  char names[sizeof sides.name];
  if ((g.winners && g.hands > 0 &&
       report_table_set(table, (size_t)g.hands - 1, sheet->winner_col,
                        report_winners_name(&sides, g.winners, names, sizeof names)) != 0) ||
      (g.any_findings && mark_hands(table, sheet) != 0)) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
    goto done;
  }
  switch (format) {
  case OUT_TEXT: write_text(out, table, sheet, &g, &sides); break;
  case OUT_JSON: write_json(out, table, &g, &sides); break;
  case OUT_CSV: report_table_csv(table, out, true, NULL, NULL); break;
  }
  rc = 0;
done:
  store_cursor_close(cursor);
  report_table_free(table);
  free(sheet);
  free(game);
  return rc;
}
