/*
 * report_insights.h - `pinochle report DB insights`: what bids pay, per
 * preset, by bid band and by the band of the meld the bidding side showed
 * (docs/REPORTS.md gives the band rule and the columns).
 */
#ifndef PN_REPORT_INSIGHTS_H
#define PN_REPORT_INSIGHTS_H

#include <stdio.h>

#include "report_common.h"

/* The CSV header, exactly. */
#define REPORT_INSIGHTS_HEADER "variant,by,band,band_low,hands,made,make_pct,avg_margin,avg_counters"

/*
 * Reads the hands q selects once into a typed result (one row per preset,
 * dimension and band: hands, made, sums of margin and counters) and
 * renders it as text, CSV or JSON.  An empty selection is a sentence in
 * text, a header alone in CSV, [] in JSON.  Returns 0, or REPORT_ERROR /
 * REPORT_CORRUPT with diag->msg.
 */
int report_insights(Store *store, const ReportQuery *q, OutFormat format, FILE *out, PnDiag *diag);

#endif
