/*
 * report_insights.c - what bids pay, per preset (report_insights.h).
 *
 * A result is data, a format is a renderer: the store is read once into
 * an array of Insight rows (numbers as numbers), then the rows become a
 * ReportTable that the shared table writers render.
 */
#include "report_insights.h"

#include <stdlib.h>
#include <string.h>

#include "codec.h"

typedef enum { BY_BID, BY_MELD } InsightBy;

typedef struct Insight {
  char preset[32];           /* the game's preset */
  InsightBy by;              /* the dimension the band is of */
  int band_low, band_high;   /* the band, inclusive */
  long hands;                /* bids won in the band */
  long made;                 /* of those, made */
  long margin;               /* sum of (bidding side's meld saved + counters - bid) */
  long counters;             /* sum of the bidding side's counters */
} Insight;

typedef struct Insights {
  Insight *rows;             /* the result */
  size_t n, cap;             /* used, allocated */
} Insights;

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

static Insight *insight_row(Insights *in, const char *preset, InsightBy by, int low, int width) {
  for (size_t i = 0; i < in->n; i++)
    if (in->rows[i].by == by && in->rows[i].band_low == low && strcmp(in->rows[i].preset, preset) == 0)
      return &in->rows[i];
  if (in->n == in->cap) {
    size_t cap = in->cap ? in->cap * 2 : 32;
    Insight *rows = realloc(in->rows, cap * sizeof *rows);
    if (!rows) return NULL;
    in->rows = rows;
    in->cap = cap;
  }
  Insight *r = &in->rows[in->n++];
  *r = (Insight){.by = by, .band_low = low, .band_high = low + width - 1};
  snprintf(r->preset, sizeof r->preset, "%s", preset);
  return r;
}

/* Adds one hand's bid to its bid band and its meld band. */
static int add_hand(Insights *in, const StoreRow *row, const PnRules *rules, PnDiag *diag) {
  CodecResults res;
  if (codec_results_decode(row->results, row->results_len, &res) != 0 || res.players != row->nplayers) {
    snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: the stored results do not decode", row->key, row->hand);
    return REPORT_CORRUPT;
  }
  const PnHandResult *h = &res.result;
  if (rules->bidding == PN_BIDDING_NONE || h->redeal || h->bidder < 1 || h->bidder > row->nplayers) return 0;
  int seats[PN_MAX_SEATS], side = pn_side_of_seat(rules, h->bidder, h->partner, h->bidder);
  int n = pn_side_seats(rules, h->bidder, h->partner, side, seats);
  long counters = 0, saved = 0, meld = 0;
  for (int i = 0; i < n; i++) {
    const PnSeatResult *sr = &h->seat[seats[i] - 1];
    counters += sr->counters;
    saved += sr->meld_counted;
    meld += sr->meld_shown;
  }
  int width = band_width(rules);
  int low[2] = {band_low(h->bid, rules->min_bid, width), band_low((int)meld, 0, width)};
  for (int k = 0; k < 2; k++) {
    /* one row at a time: finding the next may move the array */
    Insight *r = insight_row(in, row->preset, k == 0 ? BY_BID : BY_MELD, low[k], width);
    if (!r) {
      snprintf(diag->msg, sizeof diag->msg, "out of memory");
      return REPORT_ERROR;
    }
    r->hands++;
    r->made += h->made;
    r->margin += saved + counters - h->bid;
    r->counters += counters;
  }
  return 0;
}

static int insight_cmp(const void *a, const void *b) {
  const Insight *x = a, *y = b;
  int c = strcmp(x->preset, y->preset);
  if (c) return c;
  if (x->by != y->by) return x->by < y->by ? -1 : 1;
  return (x->band_low > y->band_low) - (x->band_low < y->band_low);
}

/* The typed result of the selection, sorted by preset, dimension, band. */
static int insights_read(Store *store, const ReportQuery *q, Insights *in, PnDiag *diag) {
  StoreFilter filter;
  report_query_filter(q, &filter);
  StoreCursor *cursor = NULL;
  int rc = store_cursor_open(store, &filter, &cursor, diag);
  PnRules rules = {0};
  StoreRow row;
  while (rc >= 0 && (rc = store_cursor_next(cursor, &row, diag)) == 1) {
    if (row.new_game && (pn_rules_preset(&rules, row.preset) != 0 || rules.players != row.nplayers)) {
      snprintf(diag->msg, sizeof diag->msg, "game %s: stored variant '%s' with %d players is not known", row.key,
               row.preset, row.nplayers);
      rc = REPORT_CORRUPT;
    } else if (row.hand >= 1) {
      rc = add_hand(in, &row, &rules, diag);
      if (rc == 0) rc = 1;
    }
  }
  store_cursor_close(cursor);
  if (rc < 0) return rc;
  if (in->n) qsort(in->rows, in->n, sizeof *in->rows, insight_cmp);
  return 0;
}

/* ------------------------------------------------------------ renderers */

enum { I_VARIANT, I_BY, I_BAND, I_LOW, I_HANDS, I_MADE, I_MAKE, I_MARGIN, I_COUNTERS, I_COLUMNS };

static const ReportColumn COLUMNS[I_COLUMNS] = {
    {"variant", "variant", REPORT_STR, REPORT_ALL},     {"by", "by", REPORT_STR, REPORT_ALL},
    {"band", "band", REPORT_STR, REPORT_ALL},           {"band_low", "low", REPORT_INT, REPORT_DATA_ONLY},
    {"hands", "hands", REPORT_INT, REPORT_ALL},         {"made", "made", REPORT_INT, REPORT_ALL},
    {"make_pct", "make%", REPORT_DEC, REPORT_ALL},      {"avg_margin", "margin", REPORT_DEC, REPORT_ALL},
    {"avg_counters", "ctr", REPORT_DEC, REPORT_ALL},
};

static int table_fill(ReportTable *t, const Insights *in) {
  for (size_t i = 0; i < in->n; i++) {
    const Insight *r = &in->rows[i];
    char v[I_COLUMNS][32];
    const char *cell[I_COLUMNS];
    for (int c = 0; c < I_COLUMNS; c++) cell[c] = v[c];
    cell[I_VARIANT] = r->preset;
    cell[I_BY] = r->by == BY_BID ? "bid" : "meld";
    snprintf(v[I_BAND], 32, "%d-%d", r->band_low, r->band_high);
    report_int(v[I_LOW], 32, r->band_low);
    report_int(v[I_HANDS], 32, r->hands);
    report_int(v[I_MADE], 32, r->made);
    report_ratio(v[I_MAKE], 32, (double)r->made, r->hands, 100);
    report_ratio(v[I_MARGIN], 32, (double)r->margin, r->hands, 1);
    report_ratio(v[I_COUNTERS], 32, (double)r->counters, r->hands, 1);
    if (report_table_add(t, cell) != 0) return -1;
  }
  return 0;
}

static int render(const Insights *in, OutFormat format, FILE *out) {
  if (format == OUT_TEXT && in->n == 0) {
    fputs("No bids won in the selection.\n", out);
    return 0;
  }
  ReportTable *t = report_table_new(COLUMNS, I_COLUMNS, 3);
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
  default: rc = report_table_text(t, out, 80); break;
  }
  report_table_free(t);
  return rc;
}

int report_insights(Store *store, const ReportQuery *q, OutFormat format, FILE *out, PnDiag *diag) {
  Insights in = {0};
  int rc = insights_read(store, q, &in, diag);
  if (rc == 0 && render(&in, format, out) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
  }
  free(in.rows);
  return rc;
}
