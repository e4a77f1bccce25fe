/*
 * report_insights.c - what bids pay, per preset (report_insights.h).
 *
 * A result is data, a format is a renderer: the store is read once into
 * an array of InsightRow (numbers as numbers), then the rows become a
 * ReportTable that the shared table writers render.
 */
#include "report_insights.h"

#include <stdlib.h>
#include <string.h>

#include "codec.h"

#define MAX_PRESETS 64 /* presets a player can have sat in (there are fewer) */

static const char *const BY_NAMES[INSIGHT_DIMENSIONS] = {"bid", "meld", "trumps", "aces"};

const char *report_insights_by_name(InsightBy by) { return BY_NAMES[by]; }

/* What one bid won adds, and to whom. */
typedef struct BidSeen {
  int value[INSIGHT_DIMENSIONS]; /* the bid, side meld, trumps, aces */
  bool has[INSIGHT_DIMENSIONS];  /* the dimension applies (no trumps without a trump) */
  bool made;                     /* the bidding side made it */
  long margin, counters;         /* the side's meld saved + counters - bid; its counters */
  bool players;                  /* the bidder is the compared player */
} BidSeen;

/* The presets the compared player sat in. */
typedef struct PlayerPresets {
  char name[MAX_PRESETS][32]; /* preset names */
  int n;                      /* used */
} PlayerPresets;

/* One band's width: five bid steps (50 in the tens presets, 5 in the
 * unit presets), so a band holds five bids. */
static int band_width(const PnRules *rules) {
  return 5 * (rules->bid_step > 0 ? rules->bid_step : 10);
}

/* The band of value: bids from the preset's minimum bid, meld from 0. */
static int band_low(int value, int start, int width) {
  if (value < start) return start - width * ((start - value + width - 1) / width);
  return start + width * ((value - start) / width);
}

static InsightRow *insight_row(InsightResult *in, const char *preset, InsightBy by, int low, int width) {
  for (size_t i = 0; i < in->n; i++)
    if (in->rows[i].by == by && in->rows[i].band_low == low && strcmp(in->rows[i].preset, preset) == 0)
      return &in->rows[i];
  if (in->n == in->cap) {
    size_t cap = in->cap ? in->cap * 2 : 32;
    InsightRow *rows = realloc(in->rows, cap * sizeof *rows);
    if (!rows) return NULL;
    in->rows = rows;
    in->cap = cap;
  }
  InsightRow *r = &in->rows[in->n++];
  *r = (InsightRow){.by = by, .band_low = low, .band_high = low + width - 1};
  snprintf(r->preset, sizeof r->preset, "%s", preset);
  return r;
}

static void figures_add(InsightFigures *f, const BidSeen *b) {
  f->hands++;
  f->made += b->made;
  f->margin += b->margin;
  f->counters += b->counters;
}

/* The cards the bidder was dealt (every deal row of its seat: before the
 * widow, a pass or a dix changes them): its trumps and aces into *b. */
static int dealt_counts(const StoreRow *row, int bidder, int trump, BidSeen *b, PnDiag *diag) {
  PnCards dealt = {0};
  CodecEvents it = {row->events, row->events_len, 0};
  PnEvent ev;
  int got;
  while ((got = codec_events_next(&it, &ev, NULL, 0)) == 1) {
    if (ev.action == PN_EV_DEAL && ev.seat == bidder) pn_cards_add_list(&dealt, ev.cards, ev.ncards);
    if (ev.action > PN_EV_WIDOW) break; /* the deal rows come first: the rest is not needed */
  }
  if (got < 0) return report_events_corrupt(row, diag);
  b->value[INSIGHT_ACES] = 0;
  for (int s = 0; s < PN_SUITS; s++) b->value[INSIGHT_ACES] += dealt.n[PN_CARD(s, PN_ACE)];
  b->has[INSIGHT_ACES] = pn_cards_total(&dealt) > 0;
  b->has[INSIGHT_TRUMPS] = b->has[INSIGHT_ACES] && trump >= 0 && trump < PN_SUITS;
  b->value[INSIGHT_TRUMPS] = b->has[INSIGHT_TRUMPS] ? pn_cards_of_suit(&dealt, trump) : 0;
  return 0;
}

/* What the hand's winning bid adds (b->has all false: no bid won). */
static int bid_seen(const StoreRow *row, const PnRules *rules, const char *player, BidSeen *b, PnDiag *diag) {
  CodecResults res;
  memset(b, 0, sizeof *b);
  if (codec_results_decode(row->results, row->results_len, &res) != 0 || res.players != row->nplayers) {
    snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: the stored results do not decode", row->key, row->hand);
    return REPORT_CORRUPT;
  }
  const PnHandResult *h = &res.result;
  if (rules->bidding == PN_BIDDING_NONE || h->redeal || h->bidder < 1 || h->bidder > row->nplayers) return 0;
  int seats[PN_MAX_SEATS], side = pn_side_of_seat(rules, h->bidder, h->partner, h->bidder);
  int n = pn_side_seats(rules, h->bidder, h->partner, side, seats);
  long saved = 0, meld = 0;
  for (int i = 0; i < n; i++) {
    const PnSeatResult *sr = &h->seat[seats[i] - 1];
    b->counters += sr->counters;
    saved += sr->meld_counted;
    meld += sr->meld_shown;
  }
  b->made = h->made;
  b->margin = saved + b->counters - h->bid;
  b->value[INSIGHT_BID] = h->bid;
  b->value[INSIGHT_MELD] = (int)meld;
  b->has[INSIGHT_BID] = b->has[INSIGHT_MELD] = true;
  b->players = player && codec_same_player(row->players[h->bidder - 1], player);
  return dealt_counts(row, h->bidder, h->trump, b, diag);
}

/* Adds one hand's winning bid to its band of each dimension. */
static int add_hand(InsightResult *in, const StoreRow *row, const PnRules *rules, PnDiag *diag) {
  BidSeen b;
  int rc = bid_seen(row, rules, in->player, &b, diag);
  if (rc != 0) return rc;
  int width = band_width(rules);
  for (int k = 0; k < INSIGHT_DIMENSIONS; k++) {
    if (!b.has[k]) continue;
    int low = k == INSIGHT_BID ? band_low(b.value[k], rules->min_bid, width)
              : k == INSIGHT_MELD ? band_low(b.value[k], 0, width)
                                  : b.value[k];
    /* one row at a time: finding the next may move the array */
    InsightRow *r = insight_row(in, row->preset, (InsightBy)k, low, k <= INSIGHT_MELD ? width : 1);
    if (!r) {
      snprintf(diag->msg, sizeof diag->msg, "out of memory");
      return REPORT_ERROR;
    }
    figures_add(&r->club, &b);
    if (b.players) figures_add(&r->player, &b);
  }
  return 0;
}

static int insight_cmp(const void *a, const void *b) {
  const InsightRow *x = a, *y = b;
  int c = strcmp(x->preset, y->preset);
  if (c) return c;
  if (x->by != y->by) return x->by < y->by ? -1 : 1;
  return (x->band_low > y->band_low) - (x->band_low < y->band_low);
}

/* A game's first row: notes its preset when the compared player sits in it. */
static void note_player(InsightResult *in, PlayerPresets *pp, const StoreRow *row) {
  for (int s = 0; in->player && s < row->nplayers; s++) {
    if (!codec_same_player(row->players[s], in->player)) continue;
    if (!in->player_name[0]) snprintf(in->player_name, sizeof in->player_name, "%s", row->players[s]);
    int i = 0;
    while (i < pp->n && strcmp(pp->name[i], row->preset) != 0) i++;
    if (i == pp->n && pp->n < MAX_PRESETS) snprintf(pp->name[pp->n++], sizeof pp->name[0], "%s", row->preset);
    return;
  }
}

/* Keeps only the rows of the presets the player sat in. */
static void keep_player_presets(InsightResult *in, const PlayerPresets *pp) {
  size_t kept = 0;
  for (size_t i = 0; i < in->n; i++) {
    int k = 0;
    while (k < pp->n && strcmp(pp->name[k], in->rows[i].preset) != 0) k++;
    if (k < pp->n) in->rows[kept++] = in->rows[i];
  }
  in->n = kept;
}

int report_insights_read(Store *store, const ReportQuery *q, const char *player, InsightResult *in, PnDiag *diag) {
  memset(in, 0, sizeof *in);
  in->player = player;
  StoreFilter filter;
  report_query_filter(q, &filter);
  filter.player = NULL; /* the club's figures are of every game selected */
  StoreCursor *cursor = NULL;
  PlayerPresets pp = {.n = 0};
  int rc = store_cursor_open(store, &filter, &cursor, diag);
  PnRules rules = {0};
  StoreRow row;
  while (rc >= 0 && (rc = store_cursor_next(cursor, &row, diag)) == 1) {
    if (row.new_game && (pn_rules_preset(&rules, row.preset) != 0 || rules.players != row.nplayers)) {
      snprintf(diag->msg, sizeof diag->msg, "game %s: stored variant '%s' with %d players is not known", row.key,
               row.preset, row.nplayers);
      rc = REPORT_CORRUPT;
      break;
    }
    if (row.new_game) note_player(in, &pp, &row);
    if (row.hand >= 1) {
      rc = add_hand(in, &row, &rules, diag);
      if (rc == 0) rc = 1;
    }
  }
  store_cursor_close(cursor);
  if (rc < 0) return rc;
  if (player && !in->player_name[0]) {
    snprintf(diag->msg, sizeof diag->msg, "no player '%s' in the selected games", player);
    return REPORT_NOT_FOUND;
  }
  if (player) keep_player_presets(in, &pp);
  if (in->n) qsort(in->rows, in->n, sizeof *in->rows, insight_cmp);
  return 0;
}

void report_insights_free(InsightResult *in) {
  free(in->rows);
  in->rows = NULL;
  in->n = in->cap = 0;
}

/* ------------------------------------------------------------ renderers */

enum { I_VARIANT, I_BY, I_BAND, I_LOW, I_HANDS, I_MADE, I_MAKE, I_MARGIN, I_COUNTERS,
       I_P_HANDS, I_P_MADE, I_P_MAKE, I_P_MARGIN, I_P_COUNTERS, I_COLUMNS };

static const ReportColumn COLUMNS[I_COLUMNS] = {
    {"variant", "variant", REPORT_STR, REPORT_ALL},     {"by", "by", REPORT_STR, REPORT_ALL},
    {"band", "band", REPORT_STR, REPORT_ALL},           {"band_low", "low", REPORT_INT, REPORT_DATA_ONLY},
    {"hands", "hands", REPORT_INT, REPORT_ALL},         {"made", "made", REPORT_INT, REPORT_ALL},
    {"make_pct", "make%", REPORT_DEC, REPORT_ALL},      {"avg_margin", "margin", REPORT_DEC, REPORT_ALL},
    {"avg_counters", "ctr", REPORT_DEC, REPORT_ALL},    {"player_hands", "p.hands", REPORT_INT, REPORT_ALL},
    {"player_made", "p.made", REPORT_INT, REPORT_ALL},  {"player_make_pct", "p.make%", REPORT_DEC, REPORT_ALL},
    {"player_avg_margin", "p.margin", REPORT_DEC, REPORT_ALL},
    {"player_avg_counters", "p.ctr", REPORT_DEC, REPORT_ALL},
};

/* A band as text: "250-299", or "5" for a band of one value. */
static void band_text(char *buf, size_t size, const InsightRow *r) {
  if (r->band_low == r->band_high) snprintf(buf, size, "%d", r->band_low);
  else snprintf(buf, size, "%d-%d", r->band_low, r->band_high);
}

/* Five cells of figures from first on: hands, made, make %, margin and
 * counters averaged; all empty when `empty`. */
static void figure_cells(char (*v)[32], const char **cell, int first, const InsightFigures *f, bool empty) {
  report_int(v[first], 32, f->hands);
  report_int(v[first + 1], 32, f->made);
  report_ratio(v[first + 2], 32, (double)f->made, f->hands, 100);
  report_ratio(v[first + 3], 32, (double)f->margin, f->hands, 1);
  report_ratio(v[first + 4], 32, (double)f->counters, f->hands, 1);
  for (int c = first; c < first + 5; c++) cell[c] = empty ? NULL : v[c];
}

static int table_fill(ReportTable *t, const InsightResult *in) {
  for (size_t i = 0; i < in->n; i++) {
    const InsightRow *r = &in->rows[i];
    char v[I_COLUMNS][32];
    const char *cell[I_COLUMNS];
    cell[I_VARIANT] = r->preset;
    cell[I_BY] = report_insights_by_name(r->by);
    band_text(v[I_BAND], 32, r);
    cell[I_BAND] = v[I_BAND];
    cell[I_LOW] = report_int(v[I_LOW], 32, r->band_low);
    figure_cells(v, cell, I_HANDS, &r->club, false);
    figure_cells(v, cell, I_P_HANDS, &r->player, !in->player);
    if (report_table_add(t, cell) != 0) return -1;
  }
  return 0;
}

static int render(const InsightResult *in, OutFormat format, FILE *out) {
  if (format == OUT_TEXT && in->n == 0) {
    fputs("No bids won in the selection.\n", out);
    return 0;
  }
  ReportColumn cols[I_COLUMNS];
  memcpy(cols, COLUMNS, sizeof cols);
  for (int c = I_P_HANDS; c < I_COLUMNS && !in->player; c++) cols[c].show = REPORT_HIDDEN;
  ReportTable *t = report_table_new(cols, I_COLUMNS, 3);
  if (!t || table_fill(t, in) != 0) {
    report_table_free(t);
    return -1;
  }
  int rc = 0;
  switch (format) {
  case OUT_CSV: report_table_csv(t, out, true, NULL, NULL); break;
  case OUT_JSON:
    report_table_json(t, out, "");
    fputc('\n', out);
    break;
  default:
    if (in->player) {
      char note[300];
      snprintf(note, sizeof note, "p. columns: %s's own bids won; the others: the club's (every bidder, %s included).",
               in->player_name, in->player_name);
      report_wrap(out, "", "", note, REPORT_WIDTH);
      fputc('\n', out);
    }
    rc = report_table_text(t, out, 80);
    break;
  }
  report_table_free(t);
  return rc;
}

int report_insights(Store *store, const ReportQuery *q, const char *player, OutFormat format, FILE *out,
                    PnDiag *diag) {
  InsightResult in;
  int rc = report_insights_read(store, q, player, &in, diag);
  if (rc == 0 && render(&in, format, out) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
  }
  report_insights_free(&in);
  return rc;
}
