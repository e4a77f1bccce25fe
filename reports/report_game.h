/*
 * report_game.h - `pinochle report DB game KEY`: a game's score sheet,
 * hand by hand (docs/REPORTS.md lists the columns).
 */
#ifndef PN_REPORT_GAME_H
#define PN_REPORT_GAME_H

#include <stdio.h>

#include "report_common.h"

/*
 * Writes the score sheet of the game `key`: per hand the dealer, the
 * bidding as it went ("2:pass 3:340 4:pass 1:pass"), bidder, bid and
 * trump, then per side (partnership presets) or per seat the meld shown,
 * the meld saved, the counters, the hand's score and the running total;
 * then the winner.  Returns 0, REPORT_NOT_FOUND when there is no such
 * game, or REPORT_ERROR / REPORT_CORRUPT with diag->msg.
 */
int report_game(Store *store, const char *key, OutFormat format, FILE *out, PnDiag *diag);

#endif
