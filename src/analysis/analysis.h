/*
 * analysis.h - double-dummy analysis of stored hands (issue 17): per hand
 * the par of the bidding side from the first lead, what it took and
 * whether the bid could have been made; per play the par of the player's
 * side before and after it and its cost.  Built on the rules library's
 * solver (dd.h), so every preset and house rule is analysed as played.
 *
 * Ownership: an Analyzer owns its solver and transposition table
 * (analysis_new allocates both once; analysis_free frees them).  An
 * AnHand is the caller's, filled in place.  Errors are values: functions
 * that can fail return 0 or a negative code and fill the caller's PnDiag.
 */
#ifndef PN_ANALYSIS_H
#define PN_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pinochle.h"
#include "pn_err.h"
#include "store.h"

#define AN_MAX_PLAYS 80               /* cards played in a hand: a double deck */
#define AN_DEFAULT_BUDGET 10000000L   /* solver nodes per hand: about a second */
#define AN_TABLE_BYTES (16u << 20)    /* the solver's table: PN_DD_TT_BYTES */

typedef enum {
  AN_ANALYSED = 0,    /* every value below is known */
  AN_BUDGET = 1,      /* the node budget ran out: the par unknown; the plays
                         valued by then (the hand's last) keep their values */
  AN_UNSUPPORTED = 2, /* a position the solver does not take (the two-hand
                         stock phase ...): the par unknown; the plays after it
                         (the playoff) keep their values */
  AN_NO_PLAY = 3      /* no trick was played (a redeal, a hand thrown in) */
} AnStatus;

typedef struct AnPlay {
  int seq;            /* the event's sequence number in the hand, as in the log */
  int seat;           /* who played */
  PnCard card;        /* what */
  bool valued;        /* the values below are known */
  int par_before, par_after, cost; /* of the player's side, as PnDdPlay */
  PnCard best;        /* cost > 0: a legal card of the same position that
                         keeps par_before (the lowest such card in card
                         order); PN_NO_CARD for a best play or when unknown */
} AnPlay;

typedef struct AnHand {
  int hand;           /* hand number */
  AnStatus status;
  int bidder, bid;    /* 0 when the hand had no bidder */
  int side;           /* the side analysed: the bidder's; without a bidder seat 1's,
                         or where every seat is a side of its own (three-hand,
                         cutthroat-four) the first lead's (analysis_side_seat) */
  int par;            /* that side's par from the first lead, -1 unknown */
  int taken;          /* counters it took, last-trick bonus included */
  int meld;           /* the side's meld that would count with perfect play */
  bool could_make;    /* bid > 0, par known and meld + par >= bid */
  bool made;          /* the stored result: the bid was made */
  int nplays;
  AnPlay plays[AN_MAX_PLAYS];
  long nodes;         /* solver nodes spent (0 when read from the store) */
  long budget;        /* the node budget it was searched with (0 = none): a
                         stored AN_BUDGET hand stands for runs with no more */
  int generation;     /* PN_DD_GENERATION of the search (0: stored before it
                         was kept): a stored AN_BUDGET hand stands only for
                         its own generation */
} AnHand;

typedef struct Analyzer Analyzer;

/* A solver with a table of table_bytes and `budget` nodes per hand
 * (0 = no limit).  Returns NULL when out of memory. */
Analyzer *analysis_new(size_t table_bytes, long budget);
void analysis_free(Analyzer *a);

/* The key of a stored hand's analysis: a hash of PN_RULES_VERSION, the
 * game's preset and option lines, and the hand's encoded events.  A hand
 * whose events or rules change gets another key. */
uint64_t analysis_key(const StoreRow *row);

/* Replays the hand in `row` on `game` (the state after the game's
 * previous hand; pn_game_init before hand 1), valuing every play when
 * `a` is not NULL, on a cleared table (so the result, including whether
 * the budget stops it, depends on the hand alone) (NULL: only advances the game, for a hand whose
 * analysis is stored).  Returns 0, or PN_ERR_CORRUPT with diag when a
 * stored event does not decode or is impossible. */
int analysis_hand(Analyzer *a, PnGame *game, const StoreRow *row, AnHand *out, PnDiag *diag);

/* The stored form of an AnHand (store_analysis_put): at most
 * AN_MAX_BYTES bytes.  decode returns 0, or -1 for bytes that are not one. */
#define AN_MAX_BYTES (32 + AN_MAX_PLAYS * 12) /* a header of 19 bytes, 12 per play */
#define AN_FORMAT 4 /* the stored form's first byte; 3 decodes (generation 0), 2 too, but not a hand
                      the solver stopped on (it kept no value then), nor 1 (no best card): -1,
                      stale, re-analysed */
size_t analysis_encode(const AnHand *h, uint8_t *out);
int analysis_decode(const uint8_t *data, size_t len, AnHand *h);
/* analysis_decode, and 0 only when the values can be trusted: made by a
 * search since PN_DD_SOUND_SINCE (an older one's may be wrong: shown and
 * counted as not analysed until analyze searches the hand again). */
int analysis_decode_sound(const uint8_t *data, size_t len, AnHand *h);

/* "analysed", "budget", "unsupported", "no-play" */
const char *analysis_status_name(AnStatus status);

/* The seat whose side a hand without a bidder is analysed for, from the
 * position before its first lead (`before`, led by `leader`): seat 1's,
 * except where every seat of three or more is a side of its own
 * (three-hand, cutthroat-four): there the leader's, whose par from the
 * first lead is the par before its own play, valued with the plays.
 * Either way the side's lowest seat is side + 1 (analysis_side_seat). */
int analysis_unbid_seat(const PnGame *before, int leader);

/* The seat whose side the hand is analysed for (AnHand.side): the
 * bidder; without one, the side's lowest seat, side + 1 (the side of seat
 * 1 of two teams, or of the first lead where every seat is a side of its
 * own: analysis.c). */
static inline int analysis_side_seat(const AnHand *h) { return h->bidder > 0 ? h->bidder : h->side + 1; }

/* How many of the hand's plays have values (all of them when analysed;
 * in a hand the solver stopped, the last ones it reached). */
int analysis_valued_plays(const AnHand *h);

/* ------------------------------------------------------ a whole walk */

typedef struct AnRunOptions {
  int format;            /* OUT_TEXT, OUT_CSV, OUT_JSON (writer.h) */
  long budget;           /* solver nodes per hand, 0 = no limit */
  size_t table_bytes;    /* the solver's table (one per job) */
  int jobs;              /* hands searched at once, each on a thread with its
                            own solver: 0 = one per core (at most
                            WALK_MAX_WORKERS, 8), 1 = on the calling thread */
  bool store_results;    /* keep new analyses in the store (the caller's
                            transaction around the run) */
  /* NULL, or called after each hand with hands done and the total. */
  void (*progress)(void *ctx, long done, long total);
  void *ctx;
} AnRunOptions;

typedef struct AnRunStats {
  long games, hands;     /* walked (hands with a play and without) */
  long searched;         /* hands searched in this run */
  long stored;           /* hands whose analysis was read from the store */
  long unanalysed;       /* stopped by the budget */
  long unsupported;      /* not positions of the trick play */
  long nodes;            /* solver nodes of this run */
} AnRunStats;

/* Analyses every hand the filter selects, in game then hand order, and
 * writes the result to out in opts->format (docs/REPORTS.md, analyze).
 * Games are searched on opts->jobs threads (walk.h); the output, the
 * store and the progress calls are the calling thread's, in order, and
 * the same for any number of jobs.
 * Returns 0, or a negative code (pn_err.h) with diag: the store's,
 * PN_ERR_CORRUPT (a stored hand does not replay) or PN_ERR_IO (out of
 * memory).  An unknown --game is the caller's check. */
int analysis_run(Store *store, const StoreFilter *filter, const AnRunOptions *opts, FILE *out,
                 AnRunStats *stats, PnDiag *diag);

/* What `pinochle analyze` asks for, and where its output goes. */
typedef struct AnRequest {
  const char *key;       /* only this game; NULL: every game */
  int hand;              /* with key: only this hand; 0 = all */
  AnRunOptions run;      /* format, budget, table, progress (store_results is set) */
  /* Opens the output: called once the game is known to be there, so an
   * unknown --game leaves no file.  NULL when it cannot be opened (the
   * caller has said why). */
  FILE *(*open_output)(void *ctx);
  /* Closes it (called once whenever it was opened); false when not all of
   * it reached its file: then nothing of the run is kept. */
  bool (*close_output)(void *ctx, FILE *out);
  void *io_ctx;          /* passed to both */
} AnRequest;

/* The analyze command's work on an open, writable store: checks that the
 * game (and the hand) asked for exist, then analysis_run in one
 * transaction, committed only when the output was written whole, so a run
 * stopped half way keeps nothing and readers see all of a run's analyses
 * or none.  Returns 0, or with diag: PN_ERR_NOT_FOUND (no game `key`, or
 * no hand `hand` in it), PN_ERR_USAGE (open_output failed: nothing in
 * diag), PN_ERR_WRITE (close_output failed: nothing in diag), or the
 * store's or analysis_run's code. */
int analysis_analyze(Store *store, const AnRequest *req, AnRunStats *stats, PnDiag *diag);

#endif
