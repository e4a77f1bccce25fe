/*
 * replay.h - rebuild stored hands from their events with the rules engine,
 * independently of what was derived when they were recorded, and explain
 * every finding in a sentence a director can read aloud.
 */
#ifndef PN_REPLAY_H
#define PN_REPLAY_H

#include "codec.h"
#include "pinochle.h"
#include "pn_err.h"
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

/* The rules of a stored game: its preset with its options[0..noptions)
 * (StoreRow's) applied.  Returns 0, or PN_ERR_CORRUPT with diag (a
 * preset or option this program does not know: the database is damaged
 * or newer). */
int replay_rules(const char *preset, const char *const *options, int noptions, PnRules *rules, PnDiag *diag);

/* Replays the hand in `row` on `game` (the state after the game's previous
 * hand; pn_game_init() before hand 1), reporting each finding to fn, and
 * then compares the stored results with the replay's: each difference is
 * a stored-result finding.  *derived (may be NULL) gets the replay's
 * results.  Returns 0, or with diag PN_ERR_CORRUPT when a stored event does
 * not decode or is impossible (a damaged database), PN_ERR_IO when out
 * of memory. */
int replay_hand(PnGame *game, const StoreRow *row, ReplayFindingFn *fn, void *ctx,
                CodecResults *derived, PnDiag *diag);

/* Sees each event of a replayed hand as it is applied: its 1-based seq,
 * the event and its stored value text, the game before and after it and
 * the engine's outcome (all borrowed for the call).  What a report that
 * explains a hand row by row is written on, without replaying it again. */
typedef void ReplayObserveFn(void *ctx, int seq, const PnEvent *ev, const char *value, const PnGame *before,
                             const PnGame *after, const PnOutcome *out);
typedef struct ReplayObserver {
  ReplayObserveFn *fn;
  void *ctx;
} ReplayObserver;

/* replay_hand, with obs (NULL: none) shown every event. */
int replay_hand_observed(PnGame *game, const StoreRow *row, ReplayFindingFn *fn, void *ctx, CodecResults *derived,
                         const ReplayObserver *obs, PnDiag *diag);

/* ------------------------------------------------------ a whole walk */

typedef struct ReplayRunStats {
  long games, hands;     /* walked so far */
  long fixed;            /* hands whose stored results were fixed */
} ReplayRunStats;

typedef struct ReplayRunOptions {
  int workers;           /* replaying threads: 0 = one per core (at most 4), < 0 none (the caller's) */
  /* Each finding, in walk order; returns whether it was reported (the
   * caller's filters), which decides whether a stored-result finding
   * fixes the hand. */
  bool (*emit)(void *ctx, const StoreRow *row, const ReplayFinding *finding);
  /* NULL, or stores the replayed results of a hand whose stored ones
   * differ (a reported stored-result finding): returns 0 or a negative
   * code (pn_err.h) with diag. */
  int (*fix)(void *ctx, const StoreRow *row, const uint8_t *results, size_t len, PnDiag *diag);
  /* NULL, or called after each batch of hands (a few hundred). */
  void (*progress)(void *ctx, const ReplayRunStats *stats);
  void *ctx;             /* passed to all three */
} ReplayRunOptions;

/*
 * Replays every row the cursor walks (whole games: a game's hands replay
 * in order on one state), on worker threads when the machine has more
 * than one core.  The callbacks run on the calling thread, in walk order,
 * as if the hands were replayed one by one there; the cursor and the
 * database are used only by the calling thread.  Returns 0, or PN_ERR_IO
 * with diag, whatever stopped the walk (the database failed, a stored hand
 * does not decode or is impossible, a fix failed, out of memory): the
 * findings before it were given.  One code for all, since no caller does
 * anything but report diag and stop.
 */
int replay_run(StoreCursor *cursor, const ReplayRunOptions *opts, ReplayRunStats *stats, PnDiag *diag);

/* ------------------------------------------------------- the check */

/* One problem of the database, as a line without "DB: " or newline
 * (borrowed for the call). */
typedef void ReplayProblemFn(void *ctx, const char *problem);

typedef struct ReplayCheckStats {
  long games, hands;     /* walked, and replayed */
  long skipped;          /* hands not replayed (their game cannot be) */
} ReplayCheckStats;

/*
 * Replays every stored hand, game by game, and gives fn each problem of
 * the database: a game whose rules cannot be loaded, a hand that does
 * not decode or replay (the game's later hands are then skipped), stored
 * results or a game winner that differ from the replay's, a store that
 * cannot be read.  The table's own findings (reneges, wrong claims) are
 * not problems: audit reports them.  Returns how many problems were
 * given (*stats gets the counts), or PN_ERR_IO with diag (out of memory).
 */
long replay_check(Store *store, ReplayProblemFn *fn, void *ctx, ReplayCheckStats *stats, PnDiag *diag);

/* English names for messages. */
const char *replay_suit_name(int suit);      /* "hearts" */
const char *replay_suit_singular(int suit);  /* "heart" */

#endif
