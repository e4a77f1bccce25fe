/*
 * review_store.h - a hand's review as written and as stored (issue 34):
 * each decision with its alternatives as labels ("JS", "H", "280",
 * "pass"), so the stored form and the output never depend on how a
 * decision kind keeps its alternatives; its encoding for the hands.review
 * column (schema 006); and a hand's stored fair costs read back for the
 * reports and the hand viewer.
 *
 * Ownership: an RvHandReview is the caller's (large: allocate it); the
 * functions fill it in place.  Errors are values.
 */
#ifndef PN_REVIEW_STORE_H
#define PN_REVIEW_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "review.h"
#include "store.h"

/* What the review computes, as a number: a stored review made by another
 * method is stale (reviewed again).  Bump it when the sampler, the values
 * or the decisions reviewed change. */
#define RV_METHOD 11 /* 2: best_share; 3: a bid, trump or pass stops when settled; 4: the bid and trump of every bidding preset; 5: an alternative clearly behind is dropped; 6: each solve as on a cleared table (where a budget stops it); 7: a pass's alternatives all solved, a deal at a time (no drops); 8: the solver's values sound again (PN_DD_SOUND_SINCE 5); 9: and again (PN_DD_SOUND_SINCE 8); 10: a par from nothing, and a deal's first search of a play, asked first what the bots take (where a budget stops it); 11: a trump's other suits and a pass's other passes asked only whether they beat the chosen until they may lead (the bounded ones null) */
#define RV_LABEL 24                       /* an alternative's label, NUL included */
#define RV_MAX_DECISIONS (RV_MAX_PLAYS + 8) /* decisions of one hand: the plays, the bid, trump, passes */

/* One decision as written (review_run) and stored. */
typedef struct RvVerdict {
  int seq;                          /* the event's sequence number in the hand */
  int seat;                         /* who decided */
  RvKind kind;                      /* bid, trump, pass, play */
  bool valued;                      /* the values are known (false: the budget stopped a solve) */
  int worlds;                       /* deals sampled */
  int nalts;                        /* alternatives */
  int chosen, best;                 /* indexes in label[] */
  char label[RV_MAX_ALTS][RV_LABEL];/* each alternative as written */
  double value[RV_MAX_ALTS];        /* its mean value (valued); NaN for a card only bounded (RvDecision.bound) */
  double cost, cost_se;             /* value[best] - value[chosen], and its standard error */
  double p_make;                    /* bid: share of deals reaching the bid made */
  double best_share;                /* share of deals in which the chosen was best or tied */
} RvVerdict;

/* A hand's review: its decisions in the order written. */
typedef struct RvHandReview {
  StoreReviewKey made;              /* what it is valid for and was made with */
  bool trump;                       /* the bid and trump were reviewed (RvRunOptions.trump) */
  int skipped;                      /* plays not reviewed (a renege, no legal card) */
  int n;                            /* decisions */
  RvVerdict d[RV_MAX_DECISIONS];
} RvHandReview;

/* The stored form: at most RV_STORE_MAX_BYTES.  encode returns its length;
 * decode returns 0, or -1 for bytes that are not one of this RV_METHOD
 * (stale or damaged: reviewed again). */
#define RV_STORE_MAX_BYTES (8 + RV_MAX_DECISIONS * (48 + RV_MAX_ALTS * (RV_LABEL + 9)))
size_t review_encode(const RvHandReview *r, uint8_t *out);
int review_decode(const uint8_t *data, size_t len, RvHandReview *r);

/* The review stored with the hand in `row` (a cursor's row with events),
 * when it is current (this PN_RULES_VERSION, the hand's content key) and
 * of this RV_METHOD, whatever its worlds, seed and budget: 1 with *r
 * filled, 0 none, < 0 the store's error with diag. */
int review_costs_of_row(Store *store, const StoreRow *row, RvHandReview *r, PnDiag *diag);

/* The same for hand `hand` of game `key` (for the hand viewer): 1 with *r
 * filled, 0 when none is stored (or no such game or hand), < 0 on error. */
int review_costs_of_hand(Store *store, const char *key, int hand, RvHandReview *r, PnDiag *diag);

/* The same from the review columns a cursor row carries (with_analysis),
 * without a query: true with *r filled when current (r->made then holds
 * only the rules version and key: the row does not carry the rest). */
bool review_of_row(const StoreRow *row, RvHandReview *r);

#endif
