/*
 * dd.h - the double-dummy solver: with every holding known, the most
 * counters a side can take from a point of the play when every other side
 * plays together against it (its "par"), and what each play cost.
 *
 * Part of the rules library: pure C, no I/O, no allocation, no globals
 * with mutable state.  Every legal card comes from the engine's own
 * obligations (judge_play, the code behind pn_legal_plays, with
 * pn_obligation of the game), counters from pn_counter_value and
 * pn_last_trick_bonus, sides from pn_side_of: each preset and house rule
 * is analysed as it is played.
 *
 * What can be analysed: a game in PN_PHASE_PLAY, or in PN_PHASE_PREPARE
 * once the first lead may be made (par from the first lead), for every
 * preset with 2..5 seats.  For the two-hand family only the 12-trick
 * playoff (including the position whose pending draws start it); the
 * stock phase, where the cards to be drawn are unknown, is not analysed.
 *
 * Memory.  The caller owns everything: the PnDdSolver struct (about
 * 675 KiB: the shape table 512 KiB, the cut memo 128 KiB, the memo of
 * suits 32 KiB; no pointers into itself: allocate it, or make it static,
 * rather than put it on a small stack) and one
 * transposition table of
 * `bytes` bytes handed to pn_dd_init, which the solver uses until the
 * caller frees it; at most floor(bytes / 16) entries (rounded down to a
 * power of two, buckets of four) are used and nothing else is touched
 * (aligned to 64 bytes, a bucket is one cache line; malloc's 16 splits
 * every bucket over two: docs/SOLVER.md);
 * a hand starts in PN_DD_TT_START bytes of them, which the caches keep
 * better, and takes more as it needs (dd_table.c).
 * 1 MiB (65536 entries) is plenty for the end of a hand.  For a whole
 * single-deck partnership hand PN_DD_TT_BYTES (16 MiB) searches 1.7%
 * fewer nodes than 4 MiB and 21% fewer than 1 MiB; a three-hand auction
 * hand fills it, and 64 MiB searches 12% fewer nodes there
 * (docs/SOLVER.md, 2026-11-27).  The search recurses at most one frame
 * per card left (80 in a double deck), a few hundred bytes each, over
 * about 2 KiB of search state (pn_dd_play holds two: the positions
 * before and after a play), all on the caller's stack.
 *
 * Correctness of the table: positions are told apart by a 64-bit hash of
 * every seat's cards (read as relative ranks: which low cards are gone
 * does not matter), the leader, the side searched and the rules that
 * decide legality and counters; two different positions sharing a hash
 * (chance about 2^-40 per hand analysed) would share bounds.  The shape
 * table's entries are told apart the same way, by a hash of the
 * position's shape (the same, but for which cards count; dd_table.c).
 */
#ifndef PN_DD_H
#define PN_DD_H

#include "pinochle.h"

#define PN_DD_TT_BYTES (16u << 20) /* the benchmark's table: 16 MiB, 1048576 entries */
#define PN_DD_TT_START (2u << 20)  /* what of it a hand starts with (dd_table.c) */
#define PN_DD_MOVE_MEMO_BITS 14    /* the cut memo: 2^14 cards that cut (slots of two), 128 KiB of the solver */
#define PN_DD_SHAPE_BITS 14        /* the shape table: 2^14 entries, 512 KiB of the solver */
#define PN_DD_SUIT_MEMO 1024       /* suits' canonical hashes remembered, 32 KiB of the solver */

/* The search's generation: raised by every change that lets a hand take
 * fewer nodes (the values never change: they are exact), the analysis's
 * too (6: a hand without a bidder whose seats are sides of their own
 * analysed for the first lead's seat, whose par needs no search of its
 * own; 7: bounds from the tricks a side can still win; 8: a sound fix,
 * below; 9: the tricks won by trumps that are not all top).  A hand
 * that a node budget stopped is kept with it, and a later generation
 * searches it again, since the same budget may now be enough
 * (analysis.c). */
#define PN_DD_GENERATION 9
/* Values stored by a generation before this one may be wrong (generation
 * 2's table partition lost what the search of a play's known value
 * compared: issue 31; generation 4's, what a par found at its window's
 * bound, a trick's winner judged before the search and a dominated card
 * dropped unsearched compared; generation 7's, what a par found at its
 * window's bound with no question asked owed to its card's being legal:
 * docs/SOLVER.md), so such a hand is searched again, whatever it kept. */
#define PN_DD_SOUND_SINCE 8

/* Return values below zero. */
enum {
  PN_DD_UNSUPPORTED = -1, /* not a position of the trick play (see above) */
  PN_DD_BUDGET = -2,      /* the node budget ran out: unanalysed, nothing cached */
  PN_DD_BAD_CARD = -3     /* pn_dd_play: the card is not a legal play */
};

/* One transposition table entry; 16 bytes. */
typedef struct PnDdEntry {
  uint64_t key;   /* position hash, 0 = empty */
  int16_t lower;  /* the side takes at least this from the trick on */
  int16_t upper;  /* ... and at most this */
  uint8_t age;    /* generation that last used the entry */
  uint8_t work;   /* log2 of the nodes spent proving the bounds */
  uint8_t hand;   /* the hand (pn_dd_new_hand) it belongs to: another's is empty */
  uint8_t dep;    /* a suit a bit: the suits whose low cards the searches behind it
                     compared; 0x80: an abstract entry (dd_table.c, partition) */
} PnDdEntry;

/* One entry of the shape table (dd.c): bounds of a trick start that hold,
 * shifted, for every position of the same shape; 32 bytes. */
typedef struct PnDdShapeEntry {
  uint64_t key;     /* shape hash, 0 = empty */
  uint64_t sig[2];  /* per suit (two a word), which of its slots hold a counter */
  int16_t lower;    /* the side takes at least this from the trick on */
  int16_t upper;    /* ... and at most this */
  uint8_t hand;     /* the hand it belongs to (as PnDdEntry) */
  uint8_t work;     /* log2 of the nodes its search took */
  uint8_t dep;      /* as PnDdEntry's: the suits whose low cards its bounds compared */
} PnDdShapeEntry;

/* The solver: configuration, counters and the caller's table.  Fields are
 * internal except those marked "in" or "out". */
typedef struct PnDdSolver {
  PnDdEntry *table;     /* the caller's table, borrowed until it is freed */
  uint32_t mask;        /* bucket index mask in use: a hand starts small and grows (dd_table.c) */
  uint32_t full_mask;   /* ... of the whole table (entries / 4 - 1) */
  long pressure;        /* this hand's entries pushed out since the table last grew */
  uint8_t age;          /* current generation */
  uint8_t hand;         /* current hand: entries of another are not read */
  long node_limit;      /* in: nodes allowed per pn_dd_par / pn_dd_play call, 0 = no limit */
  long nodes;           /* out: nodes searched by the last call */
  long total_nodes;     /* out: nodes searched since pn_dd_init */
  unsigned options;     /* in: PN_DD_NO_* bits, for measuring what each technique brings */
  uint64_t zobrist[PN_MAX_SEATS][PN_CARD_KINDS]; /* a seat's copy of a card: added to its suit's hash a copy */
  uint64_t memo_key[4]; /* last exact values: position hash (trick included) ... */
  int memo_value[4];    /* ... and the par found for it */
  uint8_t memo_dep[4];  /* ... and the suits whose low cards its search compared (dd_int.h's dep) */
  int memo_next;        /* next memo slot to overwrite */
  uint64_t last_rules;  /* rules and trump of the last call ... */
  int last_cards;       /* ... and the cards then left: a new hand ages the table */
  uint64_t move_memo[1u << PN_DD_MOVE_MEMO_BITS]; /* a seat's cards and the trick (hashed, low byte 0) | the card that cut */
  PnDdShapeEntry shapes[1u << PN_DD_SHAPE_BITS];   /* the shape table (slots of two) */
  struct PnDdSuitMemo {
    uint64_t key, canon, shape, abs; /* a suit's hash (salted) -> its canonical hash, its shape's, its abstract one */
    uint32_t split;                  /* ... whether its low cards are in two seats or more */
    uint32_t sig;                    /* ... and its slots holding a counter */
  } suit_memo[PN_DD_SUIT_MEMO]; /* most suits of a trick start did not change since one seen before */
} PnDdSolver;

/* Techniques that can be switched off (options), to measure them. */
#define PN_DD_NO_EQUIV 1u   /* search every distinct card, not one per equivalence class */
#define PN_DD_NO_ORDER 2u   /* moves in card order, no heuristic and no cut memo */
#define PN_DD_NO_TABLE 4u   /* no transposition table */
#define PN_DD_NO_BOUNDS 8u  /* no quick upper/lower bounds at trick starts */
#define PN_DD_NO_SHAPES 16u /* no shape table (bounds from positions of the same shape) */
#define PN_DD_NO_PARTITION 32u /* no abstract entries (bounds for every position alike but in low cards) */
#define PN_DD_NO_TRICK_LIMITS 64u /* no bounds from the tricks a side can still win (dd_trick_limits) */

/* Prepares a solver over the caller's table memory (bytes >= 64; the
 * memory must be aligned for uint64_t).  Returns 0, or -1 when the table
 * is too small. */
int pn_dd_init(PnDdSolver *s, void *table, size_t bytes);
/* Empties the table (entries from another hand are harmless but take room). */
void pn_dd_clear(PnDdSolver *s);
/* Starts another hand: everything the table and the memory of pars hold
 * is forgotten, so that the nodes a hand's calls search (and whether a
 * node_limit stops them) depend on that hand alone, as on a cleared
 * table.  Cheap: entries are marked with their hand, and the table is
 * cleared only once every 256 hands. */
void pn_dd_new_hand(PnDdSolver *s);

/* The par of `side` (0 .. pn_side_count-1) from this point of the play:
 * the counters of the trick in progress, every trick still to play and
 * the last-trick bonus that the side can be sure to take, no rounding.
 * Returns it (>= 0), or PN_DD_UNSUPPORTED / PN_DD_BUDGET. */
int pn_dd_par(PnDdSolver *s, const PnGame *g, int side);

/* The value of one play for the side of the seat whose turn it is. */
typedef struct PnDdPlay {
  int seat;        /* who plays */
  int side;        /* pn_side_of that seat */
  int par_before;  /* the side's par just before the play */
  int par_after;   /* its par just after, plus what it won in a trick the
                      play completed (so before and after count the same
                      cards) */
  int cost;        /* par_before - par_after: counters given up against
                      the best card, 0 for a best play */
  PnCard best;     /* for a costly play, a card worth par_before when the
                      search found one on its way (the root move that
                      decided the par), else PN_NO_CARD */
} PnDdPlay;

/* Values `card` played next in `g` (the game is not changed).  Called
 * along a hand, each position's par is remembered, so the next call's
 * par_before costs nothing.  Returns 0, or PN_DD_UNSUPPORTED,
 * PN_DD_BUDGET, PN_DD_BAD_CARD. */
int pn_dd_play(PnDdSolver *s, const PnGame *g, PnCard card, PnDdPlay *out);
/* pn_dd_play asking first, when the par before is not remembered,
 * whether par_after is at least `guess` (-1: none; the same values, other
 * nodes): a guess near it (what the bots take playing the deal out:
 * src/review) spares the questions far from it. */
int pn_dd_play_guess(PnDdSolver *s, const PnGame *g, PnCard card, int guess, PnDdPlay *out);

/* par_after of `card` played next in `g` (as pn_dd_play's, for the
 * mover's side), searched only within [lo, hi]: *value is the par when
 * it lies there, else lo ("at most lo") or hi ("at least hi").  No par
 * before the play is searched (many cards of one position, each worth
 * knowing only near a bound: the review, src/review).  Returns 0, or
 * PN_DD_UNSUPPORTED, PN_DD_BUDGET, PN_DD_BAD_CARD. */
int pn_dd_play_window(PnDdSolver *s, const PnGame *g, PnCard card, int lo, int hi, int *value);
/* The par of `side` (as pn_dd_par's) searched only within [lo, hi], the
 * first question "at least lo + 1?": *value is the par when it lies
 * there, else lo ("at most lo") or hi ("at least hi").  One question when
 * the par is at most lo (a contract set: src/review).  Returns 0, or
 * PN_DD_UNSUPPORTED, PN_DD_BUDGET. */
int pn_dd_par_window(PnDdSolver *s, const PnGame *g, int side, int lo, int hi, int *value);
/* pn_dd_par_window asking first whether the par is at least `guess` (in
 * (lo, hi]; else the floor's question), then stepping from the bounds
 * the answers give, as along a hand: a guess near the par (another
 * alternative's in the same deal, or what the bots take playing it out)
 * spares the questions far from it. */
int pn_dd_par_guess(PnDdSolver *s, const PnGame *g, int side, int lo, int hi, int guess, int *value);
/* One question of the par of `side`: "at least `target`?".  *bound
 * answers it and bounds the par: at least *bound when *bound >= target,
 * else at most *bound (fail-soft: a no far above the par is usually
 * cheap, and its bound may be well under the target).  For the review's
 * alternatives that only need to be shown no better than another
 * (src/review: a trump's suits, a pass's passes).  Returns 0, or
 * PN_DD_UNSUPPORTED, PN_DD_BUDGET. */
int pn_dd_par_ask(PnDdSolver *s, const PnGame *g, int side, int target, int *bound);

#endif
