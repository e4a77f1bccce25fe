/*
 * replay.h - rebuild stored hands from their events with the rules engine,
 * independently of what was derived when they were recorded, and explain
 * every finding in a sentence a director can read aloud.
 */
#ifndef PN_REPLAY_H
#define PN_REPLAY_H

#include "codec.h"
#include "pinochle.h"
#include "store.h"

typedef struct ReplayFinding {
  int hand;              /* hand number */
  int seq;               /* the event's sequence number in the hand (as in the log); 0 = the hand */
  int trick;             /* 1-based trick of a play, else 0 */
  int seat;              /* offender, 0 = none */
  PnFindingKind kind;    /* what was found */
  char card[3];          /* the card played, or "" */
  char detail[400];      /* the sentence, without the "game, hand" prefix */
} ReplayFinding;

/* Called once per finding; ctx is the caller's. */
typedef void ReplayFindingFn(void *ctx, const StoreRow *row, const ReplayFinding *finding);

/* The rules of a stored game: its preset with its option lines applied. */
int replay_rules(const char *preset, const char *options, PnRules *rules, PnDiag *diag);

/* Replays the hand in `row` on `game` (the state after the game's previous
 * hand; pn_game_init() before hand 1), reporting each finding to fn, and
 * then compares the stored results with the replay's: each difference is
 * a stored-result finding.  *derived (may be NULL) gets the replay's
 * results.  Returns 0, or -1 with diag when a stored event does not decode
 * or is impossible (a damaged database). */
int replay_hand(PnGame *game, const StoreRow *row, ReplayFindingFn *fn, void *ctx,
                CodecResults *derived, PnDiag *diag);

/* English names for messages. */
const char *replay_suit_name(int suit);      /* "hearts" */
const char *replay_suit_singular(int suit);  /* "heart" */

#endif
