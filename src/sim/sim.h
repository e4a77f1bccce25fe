/*
 * sim.h - seeded players that drive the rules engine: deals, bids, passes,
 * melds and plays for every preset.  Used by `pinochle sim`, the random
 * simulation tests and the benchmarks.  Pure C on top of src/rules: no
 * I/O, no allocation.
 */
#ifndef PN_SIM_H
#define PN_SIM_H

#include "pinochle.h"

/* A small, fast, portable generator (splitmix64): the same seed gives the
 * same games on every machine. */
typedef struct SimRng {
  uint64_t state; /* advanced by every draw */
} SimRng;

void sim_rng_seed(SimRng *rng, uint64_t seed);
uint64_t sim_rng_next(SimRng *rng);
int sim_rng_below(SimRng *rng, int n);   /* uniform in [0, n) */
bool sim_rng_chance(SimRng *rng, double p);
/* Puts cards[0..n) in a uniformly random order (Fisher-Yates). */
void sim_shuffle_cards(SimRng *rng, PnCard *cards, int n);

typedef enum {
  SIM_SENSIBLE, /* bids from meld and strength, plays with card sense */
  SIM_RANDOM    /* any legal choice, uniformly: for tests */
} SimStyle;

typedef struct SimConfig {
  SimStyle style;       /* how the players choose */
  double renege_rate;   /* chance that a play is a planted renege, when one is possible */
  double claim_rate;    /* chance of writing claimed meld values and score rows */
  int first_dealer;     /* seat dealing hand 1 (1..players) */
  double plant_rate;    /* chance, at each opportunity, of planting a non-renege
                           finding (see sim_next_event); 0 = none */
} SimConfig;

#define SIM_MAX_DEAL_EVENTS 8 /* deal rows and turn-up, stock or widow */

/* One game's driver state (the shuffled deck between the deal rows). */
typedef struct SimDriver {
  SimConfig config;            /* as given */
  SimRng rng;                  /* the game's generator */
  PnEvent deal[SIM_MAX_DEAL_EVENTS]; /* the hand's deal-phase events */
  int ndeal, deal_pos;         /* made, and written so far */
  int next_dealer;             /* dealer of the next hand */
  int score_for_hand;          /* hand whose score rows were decided */
  int score_rows_left;         /* score rows still to write after it */
  int planted;                 /* reneges planted so far */
  int value_hand;              /* hand the cached bid values belong to */
  int bid_value[PN_MAX_SEATS]; /* what each seat's hand is worth, -1 unknown */
  uint8_t meld_checked;        /* seats whose meld need not be shown (bit seat-1) */
  PnFindingKind plant;         /* what the last event was planted to cause, PN_FIND_NONE if nothing */
  int plants[PN_FIND_KINDS];   /* events planted so far, by the finding they caused */
  int plant_bids;              /* bid plants in this hand (capped, so the bidding ends) */
  int plant_mark;              /* bidding: bids_made when a bid-after-pass was last considered */
  int plant_trick;             /* two-hand: trick after which a meld plant was last considered */
  int plant_pending;           /* two-hand: 1 plant a meld now, 2 after the real meld, 0 none */
  int score_wrong;             /* score row (0-based) to write wrong this hand, -1 none */
  int points[PN_RANKS];        /* counter points by rank ... */
  int points_scheme;           /* ... for this count scheme + 1 (0: not looked up yet) */
} SimDriver;

void sim_driver_init(SimDriver *driver, const SimConfig *config, uint64_t seed, int players);

/* Shuffles a deck for the hand `game` has just started (after its dealer
 * row) and writes every deal-phase event (deal rows by seat, then the
 * turn-up, stock or widow the preset has) into events[]; returns their
 * number (at most SIM_MAX_DEAL_EVENTS). */
int sim_deal_events(SimRng *rng, const PnGame *game, PnEvent events[SIM_MAX_DEAL_EVENTS]);

/* The sensible players' pass (SIM_SENSIBLE's rule): the cards `seat`,
 * the bidder or its partner, gives in `game` (five-call's called card
 * included).  The review compares it with other passes. */
void sim_pass_cards(const PnGame *game, int seat, PnCards *out);

/* Chooses the next event of `game`.  Returns 1 with *event filled, or 0
 * when the game is over and nothing more is to be written.
 *
 * Planting.  With renege_rate, a play is an illegal card (the engine
 * reports a renege).  With plant_rate, at each opportunity, the event is
 * one that breaks a rule a table can break (EVENT-LOG.md, findings):
 *   - a bid that is too low: below the minimum, off the steps, or not
 *     above the current bid (at most two per hand, so the bidding ends);
 *   - an extra bid by a player who has passed, while the bidding is open;
 *   - trump named without the required marriage (or dix), when the
 *     bidder holds a suit that lacks it (two-hand-bid, double-deck);
 *   - a shown meld with a wrong claimed value;
 *   - two-hand: a wrong progressive meld (named as a meld its cards do
 *     not form, the run's K-Q again as a marriage, a wrong claimed value,
 *     or a second meld after one trick), at most one per won trick;
 *   - a score row with a wrong claimed hand score.
 * Every planted event is checked on a copy of the game first: it is
 * written only if the engine accepts it with that finding (never
 * PN_IMPOSSIBLE); driver->plant then names the finding (reneges too).
 * With both rates 0 no random numbers are drawn for planting, so a seed
 * gives the same games as before planting existed. */
int sim_next_event(SimDriver *driver, const PnGame *game, PnEvent *event);

#endif
