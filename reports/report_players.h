/*
 * report_players.h - `pinochle report DB players`: each player's record,
 * and each partnership's in partnership presets (docs/REPORTS.md lists
 * every column).
 */
#ifndef PN_REPORT_PLAYERS_H
#define PN_REPORT_PLAYERS_H

#include <stdio.h>

#include "report_common.h"

/* The players' columns in order (CSV header and JSON keys), for --help
 * and the tests: REPORT_PLAYER_COLUMNS always, then the
 * REPORT_PLAYER_ACCURACY_COLUMNS of play accuracy, present only when a
 * hand of the selection has a stored analysis (`pinochle analyze`). */
#define REPORT_PLAYER_COLUMNS 22
#define REPORT_PLAYER_ACCURACY_COLUMNS 4
extern const ReportColumn report_player_columns[REPORT_PLAYER_COLUMNS + REPORT_PLAYER_ACCURACY_COLUMNS];

/*
 * Streams the hands q selects once, decoding only their results (and the
 * stored analyses of the hands that have one), and writes the players
 * table (then the partnerships table when any game of the selection has
 * fixed partnerships) to out in `format`.  *hands (may be NULL) gets the
 * number of hands read.  Returns 0, with diag->msg a note for the user
 * when no hand of the selection is analysed ("" otherwise), or
 * REPORT_ERROR / REPORT_CORRUPT with diag->msg.
 */
int report_players(Store *store, const ReportQuery *q, OutFormat format, FILE *out, long *hands,
                   PnDiag *diag);

#endif
