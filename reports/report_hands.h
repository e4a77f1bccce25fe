/*
 * report_hands.h - `pinochle report DB hands`: one row per hand and seat,
 * streamed as the cursor walks (docs/REPORTS.md lists the columns).
 */
#ifndef PN_REPORT_HANDS_H
#define PN_REPORT_HANDS_H

#include <stdio.h>

#include "report_common.h"

/* The CSV header, exactly. */
#define REPORT_HANDS_HEADER "game,hand,seat,player,side,dealer,bidder,bid,trump,meld,counters,tricks,score,total"

/* One row of the hands report as data: numbers as numbers. */
typedef struct ReportHandRow {
  const StoreRow *row;   /* the stored hand (its game, tags, players), borrowed for the call */
  int hand, seat, side;  /* the hand's number, the seat, its side column (report_side_number) */
  int dealer;            /* the dealer's seat */
  int bidder, bid;       /* the bid won and by whom; 0, 0 when none (no bidding, a redeal) */
  int trump;             /* PnSuit, or -1 for none (a redeal) */
  int meld, counters, tricks; /* the seat's meld shown, counting points, tricks */
  int score, total;      /* what the hand added, and the total after it */
} ReportHandRow;

/* Called with each row in order; returns 0 to go on, or a negative
 * REPORT_* code with diag to stop. */
typedef int ReportHandVisit(void *ctx, const ReportHandRow *row, PnDiag *diag);

/* The rows q selects (q->min_hands and q->player as report_hands says)
 * given to visit one at a time, as the store's cursor walks: the one
 * computation behind report_hands and the player's page.  Returns 0, a
 * visitor's code, or REPORT_ERROR / REPORT_CORRUPT with diag->msg. */
int report_hands_each(Store *store, const ReportQuery *q, ReportHandVisit *visit, void *ctx, PnDiag *diag);

/*
 * Writes a row per hand and seat of the hands q selects, in game then
 * hand then seat order, as they are read: CSV and JSON (an array, one
 * object per line) as rows come, text as fixed-width lines under a
 * heading per game.  With q->min_hands the store is read twice: first to
 * count each player's hands, then to write the rows of the players with
 * enough.  With q->player only the games that player sat in are read
 * (the store's filter) and only their rows written.  *rows (may be NULL) gets the rows written.  Returns 0, or
 * REPORT_ERROR / REPORT_CORRUPT with diag->msg.
 */
int report_hands(Store *store, const ReportQuery *q, OutFormat format, FILE *out, long *rows, PnDiag *diag);

#endif
