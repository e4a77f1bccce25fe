/*
 * record.h - the scorekeeper's recorder: a game entered one line of text
 * at a time, checked by the rules engine, each completed hand stored.
 *
 * The recorder prints nothing.  rec_line() takes one line (as typed at a
 * table, without or with its newline) and returns what happened; the words
 * for the scorekeeper (errors, findings, trick and hand results) are in
 * rec_text() until the next call.  `pinochle record` (src/cli) drives it
 * from a terminal; a browser recorder can drive it the same way.
 *
 * The recorder borrows the Store: the caller opens it first and closes it
 * after rec_free().
 */
#ifndef PN_RECORD_H
#define PN_RECORD_H

#include <stdbool.h>
#include <stdint.h>

#include "pinochle.h"
#include "pn_err.h"
#include "store.h"

typedef struct Recorder Recorder;

/* What one line did. */
typedef enum RecResult {
  REC_NOTHING,  /* a blank line or a # comment */
  REC_INFO,     /* help or status: words only, nothing recorded */
  REC_ACCEPTED, /* recorded (the hand goes on) */
  REC_PENDING,  /* a renege awaits the scorekeeper's yes or no */
  REC_REFUSED,  /* not recorded; rec_text() says why */
  REC_STORED,   /* recorded, and it completed a hand (or a score row after
                   one), which is now stored */
  REC_QUIT,     /* quit or exit */
  REC_FAILED    /* the database failed (diag says why): stop */
} RecResult;

/* A new game's header (every pointer borrowed for the call). */
typedef struct RecGame {
  const char *key;            /* NULL: rec-YYYYMMDD-HHMMSS, made unique */
  const char *variant;        /* the preset's name */
  const PnRules *rules;       /* the preset with the options applied */
  int noptions;
  const char *const *options; /* "name=value" */
  int nplayers;               /* rules->players */
  const char *const *players; /* names by seat (spaces around them are dropped;
                                 a line names a seat by any case) */
  int ntags;
  const char *const *tags;    /* "name=value" */
  int dealer;                 /* the first hand's dealer */
} RecGame;

/* Starts a new game: stores its header (refused when the key exists).
 * `seed` seeds the shuffles of `deal` (hand N's from the seed and N); 0
 * seeds them from the game's key, so a resumed hand deals the same cards.
 * Returns 0, or with diag filled (*out NULL) PN_ERR_INPUT (a key, player
 * name, option or tag that codec_header_check refuses: the importer's
 * checks), PN_ERR_CONFLICT (the key given exists, or no
 * free key is left), PN_ERR_IO (out of memory) or the store's code. */
int rec_start(Store *store, const RecGame *game, uint64_t seed, bool auto_yes, Recorder **out, PnDiag *diag);
/* Continues the stored, unfinished game `key` after its last stored hand;
 * with redo N (> 0), re-enters hand N of the game, finished or not: its
 * stored lines are typed in (rec_text() lists them) and held, to be
 * corrected; the line `done` replaces hand N in place, in one transaction
 * (later hands take the new standing; the game's id and the other hands'
 * findings and analyses stay), and until then the database keeps the old
 * one.  Returns 0, or a
 * negative code with diag filled (*out NULL): PN_ERR_NOT_FOUND (no such
 * game, or no hand N), PN_ERR_CONFLICT (the game is over and no redo),
 * PN_ERR_CORRUPT (a stored hand does not replay), PN_ERR_IO (out of
 * memory) or the store's. */
int rec_resume(Store *store, const char *key, int redo, uint64_t seed, bool auto_yes, Recorder **out,
               PnDiag *diag);
void rec_free(Recorder *r);
/* Is line a recorder command (`done`, `edit`, `quit` ...) rather than a row
 * of the hand?  rec_redo_hand refuses those. */
bool rec_is_command(const char *line);
/* Replaces hand `hand` of the stored game `key` by the hand typed as
 * lines[0..nlines) (the whole hand, as rec_line takes it: reneges are
 * recorded as played; the stored score rows kept unless score rows are
 * among the lines; a recorder command among them is refused), as `--redo N` and `done` do: in one transaction,
 * the game keeping its id and the other hands their findings and
 * analyses.  All or nothing.  Returns 0, or with diag: PN_ERR_INPUT (a
 * line refused, diag->line its number; the hand not complete; a later
 * hand that no longer plays), PN_ERR_NOT_FOUND (no such game or hand),
 * PN_ERR_CORRUPT, PN_ERR_IO or the store's code. */
int rec_redo_hand(Store *store, const char *key, int hand, const char *const *lines, int nlines, PnDiag *diag);
/* The lines of hand `hand` of the stored game `key` as `--redo N` types
 * them in and lists them (its score rows, put back at `done`, not among
 * them).  *text is
 * malloc'd, each line ending in a newline.  Nothing is changed.  Returns
 * 0, or rec_resume's codes with diag (*text NULL). */
int rec_hand_lines(Store *store, const char *key, int hand, char **text, PnDiag *diag);

/* Handles one line; see RecResult.  diag is filled on REC_FAILED only. */
RecResult rec_line(Recorder *r, const char *line, PnDiag *diag);
/* The words of the last rec_line/rec_show_status/rec_finish call: whole
 * lines, each ending in a newline; "" when none.  Owned by r. */
const char *rec_text(const Recorder *r);
/* Puts the scores and whose turn it is, and what comes next, in rec_text(). */
void rec_show_status(Recorder *r);
/* At the end of the input: puts in rec_text() what became of a hand in
 * progress (not stored) and returns true when there was one. */
bool rec_finish(Recorder *r);

const char *rec_key(const Recorder *r);      /* the game's key */
int rec_hands_played(const Recorder *r);     /* hands stored */
const char *rec_player(const Recorder *r, int seat); /* a seat's name (trimmed) */

/* What a tablet shows of the game (rec_view): whose turn and what is
 * expected, from the same state the recorder checks lines against. */
typedef enum RecStage {
  REC_STAGE_DEALER,   /* a hand not begun: its dealer may change, a bid begins it */
  REC_STAGE_BID,      /* the bidding */
  REC_STAGE_TRUMP,    /* the bidder names trump (call, widow) */
  REC_STAGE_PLAY,     /* meld, passes, discards and the tricks */
  REC_STAGE_DONE,     /* the hand is stored: score rows, or the next hand */
  REC_STAGE_OVER,     /* the game has a winner */
  REC_STAGE_DEAL      /* a hand typed deal first (two-hand family): lines only */
} RecStage;

typedef struct RecView {
  RecStage stage;             /* what comes next */
  int hand;                   /* the hand's number */
  int dealer;                 /* its dealer (the next hand's before it begins) */
  int seat;                   /* whose turn it is, 0 when nobody's in particular */
  int min_bid;                /* the lowest good bid now */
  int lowest_bid;             /* the rules' lowest bid (a bid re-typed from the start) */
  int bid_step;               /* bids go up by this */
  int high_bid, high_bidder;  /* the contract so far (0: none) */
  int nbidders;               /* bidders[] used: 0 outside the bidding */
  int bidders[PN_MAX_SEATS];  /* the seats to bid, from `seat` on, each reached by the others' passes */
  int bidder_min[PN_MAX_SEATS]; /* the lowest good bid of each then */
  int trump;                  /* the trump suit, -1 none */
  int gives[2];               /* passing: who gives, in order (0: none) */
  int gives_done;             /* give rows typed */
  int widow;                  /* cards in the widow (0: none) */
  bool widow_done;            /* its widow row is typed */
  int discard;                /* cards the bidder discards (0: none) */
  bool discard_done;          /* its discard row is typed */
  int tricks_done;            /* tricks completed */
  int tricks_total;           /* tricks in the hand */
  int forced;                 /* the one card `seat` can play with a deal that fits (no renege), -1 when more */
  int ntrick;                 /* cards of the trick in progress */
  int trick_seat[PN_MAX_SEATS]; /* who played them */
  PnCard trick[PN_MAX_SEATS]; /* those cards */
  PnCards played;             /* the cards played in this hand's tricks so far */
  int lines;                  /* the hand's numbered lines (table order) */
} RecView;

/* Fills *v from the recorder's state (nothing is said or changed). */
void rec_view(Recorder *r, RecView *v);
/* The game's rules (its preset with its options); borrowed from r. */
const PnRules *rec_rules(const Recorder *r);
/* Line n (1..lines) of the hand in progress as typed, or NULL. */
const char *rec_line_text(const Recorder *r, int n);
/* The value by the rules of `cards` shown as meld with the hand's trump
 * (-1 before trump is named). */
int rec_meld_value(const Recorder *r, const PnCards *cards);

#endif
