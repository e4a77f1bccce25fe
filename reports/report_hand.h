/*
 * report_hand.h - `pinochle report DB hand KEY N`: one hand replayed
 * through the rules engine, trick by trick, with its findings marked
 * where they happened (docs/REPORTS.md).
 */
#ifndef PN_REPORT_HAND_H
#define PN_REPORT_HAND_H

#include <stdio.h>

#include "report_common.h"

/*
 * Replays hands 1..number-1 of the game `key` to reach the state before
 * hand `number`, replays that hand collecting its findings (replay_hand),
 * then walks its events again to write: the deal, the bidding, the
 * exchange (trump, call, widow, discards, passes, dix), each seat's meld
 * with its value, each trick (leader, the cards in order with who played
 * them, winner, counters in it), the findings after the row that caused
 * them, and the replayed result per seat.  Returns 0, REPORT_NOT_FOUND
 * when there is no such game or hand, or REPORT_ERROR / REPORT_CORRUPT
 * with diag->msg.
 */
int report_hand(Store *store, const char *key, int number, OutFormat format, FILE *out, PnDiag *diag);

#endif
