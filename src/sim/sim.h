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

typedef enum {
  SIM_SENSIBLE, /* bids from meld and strength, plays with card sense */
  SIM_RANDOM    /* any legal choice, uniformly: for tests */
} SimStyle;

typedef struct SimConfig {
  SimStyle style;       /* how the players choose */
  double renege_rate;   /* chance that a play is a planted renege, when one is possible */
  double claim_rate;    /* chance of writing claimed meld values and score rows */
  int first_dealer;     /* seat dealing hand 1 (1..players) */
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
} SimDriver;

void sim_driver_init(SimDriver *driver, const SimConfig *config, uint64_t seed, int players);

/* Shuffles a deck for the hand `game` has just started (after its dealer
 * row) and writes every deal-phase event (deal rows by seat, then the
 * turn-up, stock or widow the preset has) into events[]; returns their
 * number (at most SIM_MAX_DEAL_EVENTS). */
int sim_deal_events(SimRng *rng, const PnGame *game, PnEvent events[SIM_MAX_DEAL_EVENTS]);

/* Chooses the next event of `game`.  Returns 1 with *event filled, or 0
 * when the game is over and nothing more is to be written. */
int sim_next_event(SimDriver *driver, const PnGame *game, PnEvent *event);

#endif
