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

typedef struct RecMode RecMode;
typedef struct RecKeep RecKeep;

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
  const RecMode *mode;            /* how this hand is typed: the deal first, or table order */
  const RecKeep *keep;            /* how a complete hand is kept: stored, or held for --redo */
  /* Table order: the hand's rows as the table sees them, no deal rows;
   * r->events holds only its dealer row until the deal is inferred. */
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
  char line_text[MAX_HAND_EVENTS + 1][REC_LINE_MAX]; /* line N of the hand as typed, by N */
  int line_end[MAX_HAND_EVENTS + 1];  /* deal first: r->nevents after line N */
  int line_stock[MAX_HAND_EVENTS + 1];/* deal first: r->stock_known after line N */
  char line_asked[REC_LINE_MAX];  /* deal first: the line whose renege awaits yes */
  /* --redo N: the game as stored, to be written again with hand N new */
  int redo;                       /* N, 0 when not redoing */
  uint64_t hash_header;           /* the content hash of the header alone */
  char *preset;                   /* the header (owned) */
  StoreEntries options, tags;     /* ... its options and tags (owned) */
  int nstored;                    /* stored hands */
  struct RedoHand *stored;        /* their events (owned), by number - 1 */
  bool redo_hold;                 /* hand N is held, complete or not, until `done` */
  bool redo_written;              /* `done` wrote it: a later score row writes again */
  PnEvent redo_scores[2 * PN_MAX_SEATS]; /* the stored hand's score rows, put back at `done` */
  int nredo_scores;
  char *text;                     /* what the last call said (owned) */
  size_t text_len, text_cap;
  bool text_lost;                 /* out of memory for the words */
};

/* One way of typing a hand, behind one table (r->mode): the deal first
 * (recorder.c) or table order (table.c).  Where they differ, the recorder
 * calls through it rather than testing which it is. */
struct RecMode {
  const char *name;               /* "deal first", "table order" */
  bool deal_rows;                 /* may deal rows (and `deal`) be typed? */
  /* The seat of a row typed with `seat` (0: none): whose turn it is, after
   * what must come before the row; 0 none known, < 0 failed (diag). */
  int (*seat_for)(Recorder *r, PnAction action, int seat, bool deal_row, PnDiag *diag);
  RecResult (*row)(Recorder *r, const PnEvent *ev, PnDiag *diag);                      /* a row, not a play */
  RecResult (*plays)(Recorder *r, int seat, const PnCard *cards, int n, PnDiag *diag); /* a line of cards */
  RecResult (*before_line)(Recorder *r, PnDiag *diag); /* before a line that is no play (a forced trick) */
  RecResult (*undo)(Recorder *r);                      /* the last line taken back, whole */
  void (*truncate)(Recorder *r, int line);             /* every line from `line` on taken back */
  bool (*typed)(const Recorder *r);                    /* has a row of this hand been typed? */
  bool (*dealer_fixed)(const Recorder *r);             /* does a row typed depend on the dealer? */
  void (*status)(Recorder *r);                         /* whose turn it is, what comes next */
};
extern const RecMode rec_deal_first, rec_table_order;

/* How a complete hand is kept (r->keep): stored as a new hand
 * (recorder_store.c), or held for --redo's `done` (recorder_redo.c). */
struct RecKeep {
  int (*commit)(Recorder *r, PnDiag *diag); /* the hand complete (or a score row after it): stored or held */
  bool journal;                            /* are the lines of the hand in progress kept as typed? */
  bool (*final)(const Recorder *r);        /* is the hand stored for good (no undo, no edit)? */
  bool (*unsaved)(const Recorder *r);      /* would quitting now lose what was typed? */
  void (*say_quit)(Recorder *r);           /* the question quit then asks */
  bool (*say_end)(Recorder *r);            /* at the end of the input, what became of it (false: nothing) */
  bool (*may_start)(Recorder *r);          /* may a new hand begin now?  (says why not) */
};
extern const RecKeep rec_keep_new, rec_keep_redo;

/* Is this hand typed in table order? */
static inline bool rec_in_table(const Recorder *r) { return r->mode == &rec_table_order; }

/* recorder.c */
/* Appends to what this call says (rec_text). */
void rec_say(Recorder *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Takes back what was said in text[from, to) (a report said twice). */
void rec_unsay(Recorder *r, size_t from, size_t to);
const char *rec_name(const Recorder *r, int seat);   /* a seat's player, "?" */
void rec_show_cards(Recorder *r, const PnCards *cards);
void rec_report_finding(Recorder *r, const PnOutcome *out);
/* Says a completed trick: who played which card, who won, its counters
 * ("trick 4: Ann KS, Bob TS, Cal AS, Dee JS: Cal wins 30"). */
void rec_say_trick(Recorder *r, int number, const PnCard *cards, const int *seats, int n, int winner, int points);
bool rec_is_renege(PnFindingKind kind);
/* Ends an error for a line of another phase with what is expected now
 * (": now Cal (seat 3) to bid or pass"). */
void rec_say_expected(Recorder *r, const PnGame *g);
/* "error: REASON" for the row ev the engine refused on g, with what is
 * expected now when ev is not (past the bidding: the engine's words
 * within it say whose bid it is). */
void rec_say_refusal(Recorder *r, const PnGame *g, const PnEvent *ev, const char *reason);
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

/* A stored hand kept for --redo. */
struct RedoHand {
  uint8_t *events;                /* its encoded events (owned) */
  size_t len;                     /* their bytes */
};

/* recorder_redo.c: --redo N, one stored hand entered again in place */
/* Types the stored hand N's lines in (held until `done`) and lists them
 * in rec_text().  Returns 0, or a negative code with diag. */
int redo_prefill(Recorder *r, PnDiag *diag);
/* `done`: completes the hand held (the table-order deal worked out, the
 * stored score rows put back) and replaces hand N in the store. */
RecResult redo_done(Recorder *r, PnDiag *diag);

/* recorder_lines.c: `lines`, `edit N LINE`, `insert N LINE`, `delete N`,
 * whichever way the hand is typed */
RecResult rec_show_lines(Recorder *r);
/* Replaces `drop` lines from line `at` by `text` (NULL: none) and types
 * every later line again; the first that no longer fits is named and
 * nothing changes then. */
RecResult rec_rewrite(Recorder *r, int at, int drop, const char *text, PnDiag *diag);

/* recorder_store.c */
/* The hand's rows encoded in the event log's order; returns the bytes
 * written to out (r->nevents * CODEC_MAX_EVENT room). */
size_t rec_encode_hand(const Recorder *r, uint8_t *out);

/* table.c: a hand typed in table order (no deal rows) */
/* Can this hand be typed in table order (every preset without a stock)? */
bool table_possible(const Recorder *r);
/* Starts table order for the hand just begun: its deal-phase rows typed
 * so far (turn-up, widow) become table rows. */
void table_begin(Recorder *r);
RecResult table_answer(Recorder *r, bool yes, PnDiag *diag);
/* --redo's `done`: the hand held, finished now if its tricks are all in
 * (REC_STORED), else says what is missing (REC_REFUSED). */
RecResult table_finish(Recorder *r, PnDiag *diag);
/* The stand-in game of the rows typed so far (caller frees), or NULL. */
PnGame *table_standin_now(const Recorder *r);

#endif
