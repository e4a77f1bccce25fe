/*
 * report_insights.h - `pinochle report DB insights`: what bids pay, per
 * preset, by bid band, by the band of the meld the bidding side showed,
 * by the bidder's trump length and by its aces (as dealt), and with a
 * player the player's bids against the club's (docs/REPORTS.md gives the
 * band rule and the columns).
 *
 * The store is read once into a typed result (InsightResult); text, CSV,
 * JSON (report_insights) and the HTML page (report_html_insights) render
 * that one result.
 */
#ifndef PN_REPORT_INSIGHTS_H
#define PN_REPORT_INSIGHTS_H

#include <stdbool.h>
#include <stdio.h>

#include "report_common.h"
#include "report_html.h"

/* The CSV header, exactly (without a player). */
#define REPORT_INSIGHTS_HEADER "variant,by,band,band_low,hands,made,make_pct,avg_margin,avg_counters"
/* With --player NAME: these columns follow, the player's own bids. */
#define REPORT_INSIGHTS_PLAYER_HEADER "player_hands,player_made,player_make_pct,player_avg_margin,player_avg_counters"

/* What a row groups the bids by. */
typedef enum {
  INSIGHT_BID,    /* the winning bid, in bands of five bid steps */
  INSIGHT_MELD,   /* the meld the bidding side showed, same bands from 0 */
  INSIGHT_TRUMPS, /* trump cards the bidder was dealt (one band per count) */
  INSIGHT_ACES,   /* aces the bidder was dealt (one band per count) */
  INSIGHT_DIMENSIONS
} InsightBy;

/* The sums over some bids won. */
typedef struct InsightFigures {
  long hands;    /* bids won */
  long made;     /* of those, made */
  long margin;   /* sum of (bidding side's meld saved + counters - bid) */
  long counters; /* sum of the bidding side's counters */
} InsightFigures;

/* One preset, dimension and band. */
typedef struct InsightRow {
  char preset[32];        /* the games' preset */
  InsightBy by;           /* the dimension */
  int band_low, band_high; /* the band, inclusive (equal for trumps and aces) */
  InsightFigures club;    /* every bid won in the selection (the player's included) */
  InsightFigures player;  /* the player's own (all 0 without a player) */
} InsightRow;

/* The typed result: rows sorted by preset, dimension, band. */
typedef struct InsightResult {
  InsightRow *rows;       /* owned; report_insights_free */
  size_t n, cap;          /* used, allocated */
  const char *player;     /* borrowed: the player compared, NULL none */
  char player_name[80];   /* the player's name as stored (the first seat matched) */
} InsightResult;

/* The dimension's word in CSV/JSON ("bid", "meld", "trumps", "aces"). */
const char *report_insights_by_name(InsightBy by);

/*
 * Reads the hands q selects once into *res.  With player (not NULL), the
 * player's bids are counted apart too, and only the presets of games the
 * player sat in are kept; REPORT_NOT_FOUND when the player sat in none.
 * Returns 0, or REPORT_ERROR / REPORT_CORRUPT / REPORT_NOT_FOUND with
 * diag->msg; *res is to be freed with report_insights_free either way.
 */
int report_insights_read(Store *store, const ReportQuery *q, const char *player, InsightResult *res, PnDiag *diag);
void report_insights_free(InsightResult *res);

/*
 * Reads and renders as text, CSV or JSON.  An empty selection is a
 * sentence in text, a header alone in CSV, [] in JSON.  Returns as
 * report_insights_read.
 */
int report_insights(Store *store, const ReportQuery *q, const char *player, OutFormat format, FILE *out,
                    PnDiag *diag);

/* The page (`/insights`, --format html): per preset, bar charts of the
 * make % by band of each dimension (the player's beside the club's) and
 * the table.  Returns as report_insights_read. */
int report_html_insights(Store *store, const ReportHtml *html, const ReportQuery *q, const char *player, FILE *out,
                         PnDiag *diag);

#endif
