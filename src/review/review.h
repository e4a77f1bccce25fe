/*
 * review.h - decisions judged on what the deciding seat could see (issue
 * 34): for each decision, deals consistent with that seat's knowledge are
 * sampled uniformly, each is solved double dummy for every alternative,
 * and the chosen alternative's mean value is compared with the best's.
 *
 * Three parts: the sampler (a space of deals built from a PnKnown and the
 * cards each holder cannot hold, counted exactly and sampled uniformly:
 * docs/REVIEW.md), the seat's knowledge read from a replayed hand, and
 * the play review on top of the solver (dd.h, its public API only).
 *
 * Ownership: an RvSpace, RvHistory and Reviewer are allocated with their
 * _new and freed with their _free (NULL is a no-op).  Errors are values.
 */
#ifndef PN_REVIEW_H
#define PN_REVIEW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "known.h"
#include "pinochle.h"
#include "pn_err.h"
#include "sim.h"
#include "store.h"

#define RV_MAX_PLAYS 80            /* plays in a hand: a double deck */
#define RV_MAX_EVENTS 400          /* events of one hand kept */
#define RV_DEFAULT_WORLDS 16       /* deals per decision, at most (plays: see below): docs/REVIEW.md says why */
#define RV_MIN_WORLDS 4            /* plays: deals first drawn; more, 4 at a time, while ... */
#define RV_SE_TARGET 2.5           /* ... the cost's standard error exceeds this (counters): docs/REVIEW.md */
#define RV_MAX_JOBS 8              /* reviewers working at once on one run */
#define RV_DEFAULT_BUDGET 20000000L /* solver nodes per solve (one deal, one card or suit), 0 = no limit: docs/REVIEW.md, budget */

/* ----------------------------------------------------------- the sampler */

typedef struct RvSpace RvSpace;

/* The deals consistent with `k` in which holder h holds no unplaced copy
 * of a card kind c with bit c of forbid[h] set (forbid may be NULL).  A
 * deal is an assignment of every physical card not placed by `k` to a
 * holder with room: copies are told apart by their history (a widow card
 * seen is that copy), so each shuffle consistent with the facts is
 * equally likely.  Returns NULL when out of memory; review_space_count
 * is 0 when no deal fits. */
RvSpace *review_space_new(const PnKnown *k, const uint32_t forbid[PN_KNOWN_HOLDERS]);
void review_space_free(RvSpace *sp);
/* How many deals (exact up to a double's precision). */
double review_space_count(RvSpace *sp);
/* One deal, uniformly: out[h] what holder h held at the start of the
 * play (placed cards included).  Returns 0, or -1 when no deal fits. */
int review_space_sample(RvSpace *sp, SimRng *rng, PnCards out[PN_KNOWN_HOLDERS]);

/* ----------------------------------------------- a hand and what was seen */

/* One replayed hand: its events and the game before each play. */
typedef struct RvHistory {
  PnRules rules;                        /* the hand's rules */
  int nevents;                          /* events[] used */
  PnEvent events[RV_MAX_EVENTS];        /* in order */
  int seqs[RV_MAX_EVENTS];              /* their sequence numbers */
  int nplays;                           /* single-card plays */
  int play_event[RV_MAX_PLAYS];         /* index in events[] of each play */
  bool renege[RV_MAX_PLAYS];            /* the engine found it illegal */
  PnGame before[RV_MAX_PLAYS];          /* the game just before each play */
  int trump_event;                      /* index in events[] of the bidder's trump row, -1 none */
  PnGame before_trump;                  /* the game just before it */
} RvHistory;

/* Hand 1 of a game of `rules` played by the sensible bots of src/sim
 * from `seed`, kept as review_history keeps a stored hand (tests and
 * bench/bench_review).  Returns 0, or -1 when it had no play. */
int review_history_sim(const PnRules *rules, uint64_t seed, RvHistory *h);

/* What `seat` (1-based) knew just before play `p` of h: the PnKnown and
 * the card kinds each holder cannot have held at the start of the play
 * (forbid[h] bit c), read from its past legal plays.  Returns 0, or -1
 * for a hand the review does not take (the two-hand family). */
int review_knowledge(const RvHistory *h, int p, int seat, PnKnown *k, uint32_t forbid[PN_KNOWN_HOLDERS]);

/* -------------------------------------------------------- the decisions */

typedef enum { RV_BID, RV_TRUMP, RV_PASS, RV_PLAY } RvKind;
const char *review_kind_name(RvKind kind); /* "bid", "trump", "pass", "play" */

#define RV_MAX_ALTS 24 /* alternatives of one decision */
#define RV_MAX_PASS_ALTS 6 /* a pass's: the pass made, the bots', four rules (docs/REVIEW.md) */

/* One decision judged. */
typedef struct RvDecision {
  int seq;                  /* the event's sequence number in the hand */
  int seat;                 /* who decided */
  RvKind kind;              /* what */
  bool valued;              /* the values below are known (false: the budget stopped a solve) */
  int worlds;               /* deals sampled */
  int nalts;                /* alternatives (equivalent cards once) */
  PnCard alt[RV_MAX_ALTS];  /* play: each alternative's card */
  double value[RV_MAX_ALTS];/* ... its mean value */
  bool bound[RV_MAX_ALTS];   /* value[a] not its mean over every deal, and a is not best (docs/REVIEW.md): a play's
                               upper bound, at most the chosen's; a trump's or pass's mean of the deals it was
                               solved in before it fell clearly behind (review_drop_behind) */
  int chosen, best;         /* indexes in alt[] */
  double cost;              /* value[best] - value[chosen], >= 0 */
  uint32_t members[RV_MAX_ALTS]; /* play: the legal card kinds (bit c) each alternative stands for */
  int amount[RV_MAX_ALTS];  /* bid: each alternative's bid, 0 = pass */
  PnCards cards[RV_MAX_ALTS]; /* pass: each alternative's cards */
  double p_make;            /* bid: share of the deals in which the side reaches the bid made */
  double cost_se;           /* its standard error: the spread over the deals of
                               best's value less chosen's, over sqrt(worlds) */
  int best_worlds;          /* deals in which the chosen was best or tied (a bound never beats it) */
  double best_share;        /* best_worlds / worlds */
} RvDecision;

typedef struct Reviewer Reviewer;

/* A reviewer: a solver with its table, `worlds` deals per decision, at
 * most `budget` nodes per solve (0 = no limit).  NULL when out of memory. */
Reviewer *review_new(int worlds, long budget);
void review_free(Reviewer *r);
/* Every play's alternatives solved exactly in every deal (`all`), rather
 * than only those that may be best (the default: the same chosen, best
 * and cost; the others get bounds, RvDecision.bound); and the trump, bid
 * and pass reviews' totals exact in a contract set (the default asks only
 * "set?" there: the same values). */
void review_set_all_values(Reviewer *r, bool all);
/* Plays: `min_worlds` deals first, then 4 more at a time up to the
 * reviewer's worlds until the cost's standard error is at most
 * `se_target` (review_new: RV_MIN_WORLDS, RV_SE_TARGET).  min_worlds at
 * least the worlds: always that many (a fixed sample). */
void review_set_sequential(Reviewer *r, int min_worlds, double se_target);
/* The reviewers (crew[0..n), r among them or not) that value the deals
 * of r's bid, trump and pass decisions beside r, each on its own thread;
 * none of them may be busy while r reviews one.  The values do not
 * depend on the crew. */
void review_set_crew(Reviewer *r, Reviewer *const *crew, int n);
/* Solver nodes searched since review_new (bench/bench_review). */
long review_nodes(const Reviewer *r);

/* Play `p` of h judged from its seat, with deals drawn from rng (in
 * batches: review_set_sequential; d->worlds says how many).  Returns 0,
 * or -1 when no deal fits what the seat saw or a solve stopped
 * (d->valued false). */
int review_play(Reviewer *r, const RvHistory *h, int p, SimRng *rng, RvDecision *d);

/* The bidder's trump judged from its seat (docs/REVIEW.md, trump): each
 * suit's mean hand result for the bidding side over deals of the cards it
 * did not see, the passing and melding played out by src/sim's bots and
 * the play solved double dummy from the first lead.  alt[] holds suits.
 * Returns 0, 1 when the hand has no trump decision reviewed (no trump
 * row, or a preset without partnership passing), or -1 when a solve
 * stopped or no deal fits (d->valued false). */
int review_trump(Reviewer *r, const RvHistory *h, SimRng *rng, RvDecision *d);

/* The bidder's last bid judged from its seat (docs/REVIEW.md, bid): over
 * deals of the cards it did not see, the trump, passes and melds chosen by
 * src/sim's bots and the play solved from the first lead, the side's
 * meld + counters T; the bid made, one step lower and passing valued as
 * T if T reaches the bid, else minus the bid (passing: 0), each assumed to
 * win the auction; d->p_make the share of deals reaching the bid made.
 * Returns 0, 1 when there is no such decision (a forced bid, no
 * partnership passing), -1 when a solve stopped (d->valued false). */
int review_bid(Reviewer *r, const RvHistory *h, SimRng *rng, RvDecision *d);

/* The cards passed at h->events[at] (a give: partnership-auction's,
 * five-call's) judged from the passing seat (docs/REVIEW.md, pass): the
 * pass made (alternative 0), the bots' pass and the passes of a few rules
 * (review_pass_alternatives), each valued by the bidding side's mean hand
 * result over deals of the cards that seat did not see, the bots passing
 * back and melding and the play solved from the first lead.  d->cards
 * holds the passes.  Returns 0, 1 when events[at] is no pass reviewed, or
 * -1 when a solve stopped or no deal fits (d->valued false). */
int review_pass(Reviewer *r, const RvHistory *h, int at, SimRng *rng, RvDecision *d);

/* What the seat passing at h->events[at] knew (review_pass): each
 * holder's size, its own cards placed, and in five-call the called card
 * forbidden to the seats the call passed over.  Returns 0, or 1 when
 * events[at] is no pass reviewed. */
int review_pass_knowledge(const RvHistory *h, int at, PnKnown *k, uint32_t forbid[PN_KNOWN_HOLDERS]);

/* The alternatives of the pass `give` in `game` (the game just before it)
 * into d->cards, nalts (at most RV_MAX_PASS_ALTS, each pass once) and
 * chosen (0, the pass made).  Returns nalts. */
int review_pass_alternatives(const PnGame *game, const PnEvent *give, RvDecision *d);

/* What the bidder knew at its last bid (kind RV_BID: the cards dealt to
 * it; in an auction the widow not turned yet) or when it named trump
 * (RV_TRUMP: the cards it held then, the widow taken, its discards if
 * made): each seat's and the pile's size and the bidder's cards placed.
 * Returns 0, or 1 for a hand whose bid and trump are not reviewed. */
int review_bidder_knowledge(const RvHistory *h, RvKind kind, PnKnown *k);

/* Replays the hand in `row` on `game` (as analysis_hand) and keeps its
 * events in h.  Returns 0 or PN_ERR_CORRUPT with diag. */
int review_history(PnGame *game, const StoreRow *row, RvHistory *h, PnDiag *diag);

/* ------------------------------------------------------- a whole run */

typedef struct RvRunOptions {
  int format;       /* OUT_TEXT, OUT_CSV, OUT_JSON */
  int worlds;       /* deals per decision */
  long budget;      /* solver nodes per solve */
  uint64_t seed;    /* the deals' seed: each decision's generator is seeded from it, the game, hand and seq */
  bool trump;       /* review the bidder's bid, trump and the passes too (review_bid, review_trump, review_pass) */
  bool store_results; /* keep each hand's new review in the store (review_store.h) */
  int jobs;         /* a hand's decisions reviewed at once, each job on its own thread with its own
                       solver (0: one per core, at most RV_MAX_JOBS); the output does not depend on
                       it, with a budget too (each solve starts as on a cleared table) */
  /* NULL, or called on the calling thread as the run goes: the hands done
   * of those selected, and the decisions done of the hand under review */
  void (*progress)(void *ctx, long hands_done, long hands, int decisions_done, int decisions);
  void *ctx;        /* progress's */
} RvRunOptions;

typedef struct RvRunStats {
  long hands, decisions, unvalued; /* hands and decisions reviewed; decisions the budget stopped */
  long stored;                     /* hands whose review was read back from the store */
} RvRunStats;

/* Reviews the bid, trump and passes (opts->trump) and every play of the hands the filter selects (and `hand` of them
 * when > 0) and writes them to out.  A hand whose review is stored for
 * its content, made with these worlds, seed, budget and trump, is read
 * back instead (the same output); another is reviewed and, with
 * opts->store_results, stored (each hand on its own, as it is made).  Returns 0, or the store's or the
 * replay's code with diag; PN_ERR_NOT_FOUND when nothing matched. */
int review_run(Store *store, const StoreFilter *filter, int hand, const RvRunOptions *opts, FILE *out,
               RvRunStats *stats, PnDiag *diag);

#endif
