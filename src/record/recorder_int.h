/*
 * recorder_int.h - what the recorder's files share (src/record only):
 * the Recorder itself and the helpers that say things and apply events.
 */
#ifndef PN_RECORDER_INT_H
#define PN_RECORDER_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "pinochle.h"
#include "record.h"
#include "sim.h"
#include "store.h"

#define MAX_HAND_EVENTS 256

/* The one question that may await a yes or no. */
typedef enum RecQuestion {
  REC_ASK_NONE,         /* none */
  REC_ASK_RENEGE,       /* record pending_event, a renege, as played? */
  REC_ASK_RENEGE_LINE,  /* keep the last table-order line, which proved a renege? */
  REC_ASK_QUIT          /* quit with the hand in progress not stored? */
} RecQuestion;
#define REC_LINE_MAX 200           /* a hand's line kept as typed (cards spread) */

struct Recorder {
  Store *store;                   /* the database (borrowed) */
  int64_t game_id;                /* the game being recorded */
  char *key;                      /* its key, whole (owned) */
  char *players[PN_MAX_SEATS];    /* names by seat (owned) */
  PnGame game;                    /* the live state */
  PnGame hand_start;              /* the state before this hand's dealer row */
  PnEvent events[MAX_HAND_EVENTS];/* this hand's events so far */
  int nevents;
  int next_dealer;                /* dealer of the next hand */
  uint64_t hash;                  /* content hash: header and stored hands */
  uint64_t hash_before_hand;      /* the same before this hand */
  bool committed;                 /* this hand is stored (score rows may follow) */
  SimRng rng;                     /* shuffles for `deal` */
  uint64_t seed;                  /* --seed, 0: from the key */
  int stock_event;                /* index of a provisional stock row, -1 none */
  int stock_known;                /* stock cards confirmed by `draw` */
  int draw_at[sizeof ((PnHand *)0)->stock]; /* nevents when each stock card was drawn */
  RecQuestion question;           /* what awaits the scorekeeper's yes or no */
  PnEvent pending_event;          /* REC_ASK_RENEGE: the event */
  bool auto_yes;                  /* --yes: confirm reneges without asking */
  /* Table order: the hand's rows as the table sees them, no deal rows;
   * r->events holds only its dealer row until the deal is inferred. */
  bool table;                     /* this hand is typed in table order */
  PnEvent typed[MAX_HAND_EVENTS]; /* its rows so far, as typed (plays one each) */
  int typed_line[MAX_HAND_EVENTS];/* the line each came from: undo takes back a line */
  int told[MAX_HAND_EVENTS];      /* typed[i] is a renege reported by this line, 0 not */
  int ntyped;
  int lines;                      /* lines typed in this hand */
  int voids_waived;               /* the line whose renege made a void untrue (the
                                     deal check then ignores voids), 0 none */
  char line_now[REC_LINE_MAX];    /* the line being handled, as rec_line spread it */
  int line_seq;                   /* rec_line calls so far: which line an event came from */
  char *journal;                  /* the hand in progress's lines kept (owned; "" none) */
  size_t journal_len, journal_cap;
  int journal_count;              /* lines in it */
  char journal_pending[REC_LINE_MAX]; /* a renege's line awaiting yes, "" none */
  bool journal_off;               /* typing the journal again: nothing written */
  bool hold_finish;               /* edit re-types lines: a hand complete before the last is not stored */
  int event_line[MAX_HAND_EVENTS];/* deal first: the line_seq of each of r->events (undo
                                     takes back a whole line) */
  char line_text[MAX_HAND_EVENTS + 1][REC_LINE_MAX]; /* table order: line N as typed, by N */
  /* --redo N: the game as stored, to be written again with hand N new */
  int redo;                       /* N, 0 when not redoing */
  uint64_t hash_header;           /* the content hash of the header alone */
  char *preset;                   /* the header (owned) */
  StoreEntries options, tags;     /* ... its options and tags (owned) */
  int nstored;                    /* stored hands */
  struct RedoHand *stored;        /* their events (owned), by number - 1 */
  char *text;                     /* what the last call said (owned) */
  size_t text_len, text_cap;
  bool text_lost;                 /* out of memory for the words */
};

/* recorder.c */
/* Appends to what this call says (rec_text). */
void rec_say(Recorder *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *rec_name(const Recorder *r, int seat);   /* a seat's player, "?" */
void rec_show_cards(Recorder *r, const PnCards *cards);
void rec_report_finding(Recorder *r, const PnOutcome *out);
/* Says a completed trick: who played which card, who won, its counters
 * ("trick 4: Ann KS, Bob TS, Cal AS, Dee JS: Cal wins 30"). */
void rec_say_trick(Recorder *r, int number, const PnCard *cards, const int *seats, int n, int winner, int points);
bool rec_is_renege(PnFindingKind kind);
/* Replays this hand's events from its start. */
void rec_rebuild_hand(Recorder *r);
/* Applies one event through the engine (asks about a renege unless
 * `confirmed` or --yes); may complete and store the hand. */
RecResult rec_record_event(Recorder *r, const PnEvent *ev, bool confirmed, PnDiag *diag);
/* Parses the words after the action into an event for `seat`: cards,
 * then a value (a suit word for trump).  REC_ACCEPTED, or REC_REFUSED
 * after saying why. */
RecResult rec_parse_event(Recorder *r, PnAction action, int seat, char **words, int n, PnEvent *ev);

/* Handles one line's text (cut up in place), as rec_line does after
 * spreading its cards: edit, insert and delete re-type lines with it. */
RecResult rec_handle_text(Recorder *r, char *line, PnDiag *diag);

/* recorder_journal.c */
/* After rec_line handled `line` with result rc: keeps it in the journal
 * when it changed the hand in progress, clears the journal when the hand
 * was stored.  Returns rc, or REC_FAILED with diag (the store failed). */
RecResult journal_note(Recorder *r, const char *line, RecResult rc, PnDiag *diag);
/* rec_resume: types the stored journal's lines again (a stale one is
 * dropped); rec_text() then says what was kept.  Returns 0, or a negative
 * code with diag. */
int rec_journal_resume(Recorder *r, PnDiag *diag);

/* recorder_words.c */
/* A copy of line with cards typed without spaces spread out, one word a
 * card (a player's name stays a name); caller frees.  NULL: out of memory. */
char *spread_card_runs(const Recorder *r, const char *line);

/* recorder_store.c */
/* Stores the completed hand (or, after a score row, its events again)
 * and the game's standing, in one transaction.  Returns 0, or with diag
 * PN_ERR_INPUT (--redo: a later hand does not play after the one
 * re-entered) or PN_ERR_IO (out of memory, the store failed). */
int commit_hand(Recorder *r, PnDiag *diag);

/* table.c: a hand typed in table order (no deal rows) */
/* Can this hand be typed in table order (every preset without a stock)? */
bool table_possible(const Recorder *r);
/* Starts table order for the hand just begun: its deal-phase rows typed
 * so far (turn-up, widow) become table rows. */
void table_begin(Recorder *r);
/* One line in table order: an event, or plays (`cards`, n of them, with
 * `seat` typed first or 0). */
RecResult table_event(Recorder *r, const PnEvent *ev, PnDiag *diag);
RecResult table_plays(Recorder *r, int seat, const PnCard *cards, int n, PnDiag *diag);
RecResult table_undo(Recorder *r);
/* Takes back every line from `line` on (lines before it stay). */
void table_truncate(Recorder *r, int line);
/* table_lines.c: `lines`, `edit N LINE`, `insert N LINE`, `delete N` */
RecResult table_show_lines(Recorder *r);
/* Replaces `drop` lines from line `at` by `text` (NULL: none) and types
 * every later line again; the first that no longer fits is named and
 * nothing changes then. */
RecResult table_rewrite(Recorder *r, int at, int drop, const char *text, PnDiag *diag);
RecResult table_answer(Recorder *r, bool yes, PnDiag *diag);
void table_status(Recorder *r);
/* The stand-in game of the rows typed so far (caller frees), or NULL. */
PnGame *table_standin_now(const Recorder *r);
/* The seat a row without one is for (bidding turn, bidder), or 0. */
int table_default_seat(Recorder *r, PnAction action);

#endif
