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
