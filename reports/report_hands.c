/*
 * report_hands.c - one row per hand and seat, streamed (report_hands.h).
 *
 * Nothing is kept between rows but the current game's rules, so the
 * output of a million hands needs no more memory than one: CSV and JSON
 * rows are written as they are read, and the text form uses fixed column
 * widths (80 columns) instead of measuring the whole table first.
 */
#include "report_hands.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"

enum { H_GAME, H_HAND, H_SEAT, H_PLAYER, H_SIDE, H_DEALER, H_BIDDER, H_BID, H_TRUMP, H_MELD, H_COUNTERS,
       H_TRICKS, H_SCORE, H_TOTAL, H_COLUMNS };

static const ReportColumn COLUMNS[H_COLUMNS] = {
    {"game", "game", REPORT_STR, REPORT_ALL}, {"hand", "hand", REPORT_INT, REPORT_ALL},
    {"seat", "seat", REPORT_INT, REPORT_ALL}, {"player", "player", REPORT_STR, REPORT_ALL},
    {"side", "side", REPORT_INT, REPORT_ALL}, {"dealer", "dlr", REPORT_INT, REPORT_ALL},
    {"bidder", "bdr", REPORT_INT, REPORT_ALL}, {"bid", "bid", REPORT_INT, REPORT_ALL},
    {"trump", "tr", REPORT_STR, REPORT_ALL}, {"meld", "meld", REPORT_INT, REPORT_ALL},
    {"counters", "ctr", REPORT_INT, REPORT_ALL}, {"tricks", "trk", REPORT_INT, REPORT_ALL},
    {"score", "score", REPORT_INT, REPORT_ALL}, {"total", "total", REPORT_INT, REPORT_ALL},
};

/* Text widths of the columns after the game (which heads each game). */
static const int TEXT_WIDTH[H_COLUMNS] = {0, 4, 4, 12, 4, 3, 3, 4, 2, 4, 3, 3, 5, 5};

/* ------------------------------------------------ hands per player id */

/* How many hands each player id has in the selection (--min-hands). */
typedef struct Counts {
  int64_t *ids;              /* 0 = empty slot */
  long *hands;               /* by slot */
  size_t nslots, n;          /* a power of two; used */
} Counts;

static size_t counts_slot(const Counts *c, int64_t id) {
  size_t mask = c->nslots - 1, i = (size_t)(((uint64_t)id * 0x9E3779B97F4A7C15ull) >> 17) & mask;
  while (c->ids[i] && c->ids[i] != id) i = (i + 1) & mask;
  return i;
}

static int counts_grow(Counts *c) {
  Counts bigger = {calloc(c->nslots ? c->nslots * 2 : 256, sizeof(int64_t)), NULL,
                   c->nslots ? c->nslots * 2 : 256, c->n};
  bigger.hands = calloc(bigger.nslots, sizeof(long));
  if (!bigger.ids || !bigger.hands) {
    free(bigger.ids);
    free(bigger.hands);
    return -1;
  }
  for (size_t i = 0; i < c->nslots; i++)
    if (c->ids[i]) {
      size_t j = counts_slot(&bigger, c->ids[i]);
      bigger.ids[j] = c->ids[i];
      bigger.hands[j] = c->hands[i];
    }
  free(c->ids);
  free(c->hands);
  *c = bigger;
  return 0;
}

static int counts_add(Counts *c, int64_t id) {
  if ((c->n + 1) * 2 > c->nslots && counts_grow(c) != 0) return -1;
  size_t i = counts_slot(c, id);
  if (!c->ids[i]) {
    c->ids[i] = id;
    c->n++;
  }
  c->hands[i]++;
  return 0;
}

static long counts_get(const Counts *c, int64_t id) {
  if (!c->nslots) return 0;
  size_t i = counts_slot(c, id);
  return c->ids[i] ? c->hands[i] : 0;
}

/* First pass of --min-hands: hands per player id. */
static int count_hands(Store *store, const StoreFilter *filter, Counts *counts, PnDiag *diag) {
  StoreCursor *cursor = NULL;
  int rc = store_cursor_open(store, filter, &cursor, diag);
  StoreRow row;
  while (rc >= 0 && (rc = store_cursor_next(cursor, &row, diag)) == 1) {
    if (row.hand < 1) continue;
    for (int s = 0; s < row.nplayers && rc >= 0; s++)
      if (counts_add(counts, row.player_ids[s]) != 0) {
        snprintf(diag->msg, sizeof diag->msg, "out of memory");
        rc = REPORT_ERROR;
      }
  }
  store_cursor_close(cursor);
  return rc < 0 ? rc : 0;
}

/* ----------------------------------------------------------------- rows */

typedef struct Writer {
  OutFormat format;          /* how */
  FILE *out;                 /* where */
  long rows;                 /* rows written */
  bool heading_done;         /* text: the current game's heading is out */
  int last_hand;             /* text: hand of the previous line in this game */
  int64_t game;              /* the game of the previous row (0 before the first) */
} Writer;

static void text_cell(FILE *out, const char *cell, int c) {
  int width = TEXT_WIDTH[c];
  if (c > H_HAND) fputs("  ", out);
  if (COLUMNS[c].kind == REPORT_STR) {
    char clip[96];
    report_clip(clip, sizeof clip, cell, (size_t)width);
    int pad = width - (int)out_text_width(clip);
    if (c == H_COLUMNS - 1) pad = 0;
    fprintf(out, "%s%*s", clip, pad > 0 ? pad : 0, "");
  } else {
    fprintf(out, "%*s", width, cell);
  }
}

static void text_heading(Writer *w, const StoreRow *row) {
  char date[32];
  report_tag(row->tags, row->ntags, "date", date, sizeof date);
  if (w->rows) fputc('\n', w->out);
  fprintf(w->out, "%s  (%s%s%s)\n", row->key, row->preset, date[0] ? ", " : "", date);
  for (int c = H_HAND; c < H_COLUMNS; c++) text_cell(w->out, COLUMNS[c].title, c);
  fputc('\n', w->out);
  w->heading_done = true;
  w->last_hand = 0;
}

static void write_row(Writer *w, const StoreRow *row, int seat, char cells[H_COLUMNS][48]) {
  const char *cell[H_COLUMNS];
  for (int c = 0; c < H_COLUMNS; c++) cell[c] = cells[c];
  cell[H_GAME] = row->key;
  cell[H_PLAYER] = row->players[seat - 1];
  switch (w->format) {
  case OUT_CSV: out_csv_cells(w->out, H_COLUMNS, cell); break;
  case OUT_JSON:
    fputs(w->rows ? ",\n  {" : "[\n  {", w->out);
    for (int c = 0; c < H_COLUMNS; c++) {
      if (c) fputs(", ", w->out);
      report_json_key(w->out, COLUMNS[c].key);
      report_json_value(w->out, COLUMNS[c].kind, cell[c]);
    }
    fputc('}', w->out);
    break;
  case OUT_TEXT: {
    if (!w->heading_done) text_heading(w, row);
    bool first = row->hand != w->last_hand; /* hand-level cells on a hand's first line only */
    w->last_hand = row->hand;
    for (int c = H_HAND; c < H_COLUMNS; c++) {
      bool hand_level = c == H_HAND || c == H_DEALER || c == H_BIDDER || c == H_BID || c == H_TRUMP;
      const char *text = hand_level && !first ? "" : cell[c];
      if (!text[0] && COLUMNS[c].kind != REPORT_STR && first) text = "-";
      text_cell(w->out, text, c);
    }
    fputc('\n', w->out);
    break;
  }
  }
  w->rows++;
}

/* The visitor of report_hands: a row's cells, written. */
static int write_visit(void *ctx, const ReportHandRow *r, PnDiag *diag) {
  (void)diag;
  Writer *w = ctx;
  if (r->row->game_id != w->game) { /* a new game: its heading first */
    w->game = r->row->game_id;
    w->heading_done = false;
  }
  char cells[H_COLUMNS][48] = {{0}};
  report_int(cells[H_HAND], 48, r->hand);
  report_int(cells[H_SEAT], 48, r->seat);
  report_int(cells[H_SIDE], 48, r->side);
  report_int(cells[H_DEALER], 48, r->dealer);
  if (r->bidder) {
    report_int(cells[H_BIDDER], 48, r->bidder);
    report_int(cells[H_BID], 48, r->bid);
  }
  if (r->trump >= 0) report_trump(r->trump, cells[H_TRUMP]);
  report_int(cells[H_MELD], 48, r->meld);
  report_int(cells[H_COUNTERS], 48, r->counters);
  report_int(cells[H_TRICKS], 48, r->tricks);
  report_int(cells[H_SCORE], 48, r->score);
  report_int(cells[H_TOTAL], 48, r->total);
  write_row(w, r->row, r->seat, cells);
  return 0;
}

/* Gives the rows of one stored hand to visit. */
static int visit_hand(const StoreRow *row, const PnRules *rules, const Counts *counts, long min_hands,
                      const char *player, ReportHandVisit *visit, void *ctx, PnDiag *diag) {
  CodecResults res;
  if (codec_results_decode(row->results, row->results_len, &res) != 0 || res.players != row->nplayers) {
    snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: the stored results do not decode", row->key, row->hand);
    return REPORT_CORRUPT;
  }
  const PnHandResult *h = &res.result;
  bool has_bid = rules->bidding != PN_BIDDING_NONE && !h->redeal && h->bidder >= 1;
  for (int s = 1; s <= row->nplayers; s++) {
    if (min_hands > 0 && counts_get(counts, row->player_ids[s - 1]) < min_hands) continue;
    if (player && strcmp(row->players[s - 1], player) != 0) continue;
    const PnSeatResult *sr = &h->seat[s - 1];
    ReportHandRow r = {row,
                       row->hand,
                       s,
                       report_side_number(rules, h, s),
                       row->dealer,
                       has_bid ? h->bidder : 0,
                       has_bid ? h->bid : 0,
                       h->redeal ? -1 : h->trump,
                       sr->meld_shown,
                       sr->counters,
                       sr->tricks,
                       sr->score,
                       res.total[s - 1]};
    int rc = visit(ctx, &r, diag);
    if (rc != 0) return rc;
  }
  return 0;
}

int report_hands_each(Store *store, const ReportQuery *q, ReportHandVisit *visit, void *ctx, PnDiag *diag) {
  Counts counts = {0};
  StoreCursor *cursor = NULL;
  StoreFilter filter;
  report_query_filter(q, &filter);
  filter.results_only = true; /* the rows need the results only */
  long min_hands = q->min_hands > 0 ? q->min_hands : 0;
  int rc = 0;
  if (min_hands > 0 && (rc = count_hands(store, &filter, &counts, diag)) < 0) goto done;
  if ((rc = store_cursor_open(store, &filter, &cursor, diag)) < 0) goto done;
  PnRules rules = {0};
  StoreRow row;
  while ((rc = store_cursor_next(cursor, &row, diag)) == 1) {
    if (row.new_game && (pn_rules_preset(&rules, row.preset) != 0 || rules.players != row.nplayers)) {
      snprintf(diag->msg, sizeof diag->msg, "game %s: stored variant '%s' with %d players is not known", row.key,
               row.preset, row.nplayers);
      rc = REPORT_CORRUPT;
      goto done;
    }
    if (row.hand < 1) continue;
    if ((rc = visit_hand(&row, &rules, &counts, min_hands, q->player, visit, ctx, diag)) != 0) goto done;
  }
  if (rc > 0) rc = 0;
done:
  store_cursor_close(cursor);
  free(counts.ids);
  free(counts.hands);
  return rc;
}

int report_hands(Store *store, const ReportQuery *q, OutFormat format, FILE *out, long *rows, PnDiag *diag) {
  Writer w = {format, out, 0, false, 0, 0};
  if (format == OUT_CSV) fputs(REPORT_HANDS_HEADER "\n", out);
  int rc = report_hands_each(store, q, write_visit, &w, diag);
  if (rc == 0 && format == OUT_JSON) fputs(w.rows ? "\n]\n" : "[]\n", out);
  if (rc == 0 && format == OUT_TEXT && w.rows == 0) fputs("No hands in the selection.\n", out);
  if (rows) *rows = w.rows;
  return rc;
}
