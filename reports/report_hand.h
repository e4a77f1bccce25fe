/*
 * report_hand.h - `pinochle report DB hand KEY N`: one hand replayed
 * through the rules engine, trick by trick, with its findings marked
 * where they happened (docs/REPORTS.md), computed once as data
 * (ReportHand) and rendered from it: text, CSV and JSON here
 * (report_hand_write.c), the hand viewer page in report_html_hand.c.
 */
#ifndef PN_REPORT_HAND_H
#define PN_REPORT_HAND_H

#include <stdio.h>

#include "analysis.h"
#include "codec.h"
#include "replay.h"
#include "report_common.h"

#define REPORT_HAND_MAX_HELD 40 /* cards one seat is dealt in any preset (double deck: 20) */

/* A play's value from the analysis `pinochle analyze` stored for the hand. */
typedef struct ReportHandPar {
  bool valued;                     /* the values below are known */
  int par_before, par_after, cost; /* of the player's side, as AnPlay */
  PnCard best;                     /* cost > 0: a card that kept the par; PN_NO_CARD none known */
} ReportHandPar;

/* One row of the hand and what applying it did.  A judgement of one kind
 * of decision (a play's double-dummy value today) is a field of its own,
 * so that another (a fair review) is added beside it. */
typedef struct ReportHandEvent {
  int seq;          /* 1-based row of the hand, as in the event log */
  PnEvent ev;       /* the event (cards in the order given, a trump's suit) */
  char value[64];   /* its value text as stored */
  int trick;        /* play: 1-based trick, else 0 */
  int leader;       /* play: who led that trick */
  bool completes;   /* play: the trick's last card */
  int winner;       /* completes: the seat that won the trick */
  int counters;     /* counters the row added (a trick, the auction discards) */
  int points;       /* meld points the row added (meld, dix, a turned-up dix) */
  int recipient;    /* give: the seat receiving the cards */
  bool in_play;     /* the row comes after the first lead */
  ReportHandPar dd; /* play: its double-dummy value (dd.valued false: none stored) */
} ReportHandEvent;

/* One card of a trick. */
typedef struct ReportHandPlay {
  int seat;     /* who played it */
  PnCard card;  /* what */
  size_t event; /* its row: index into ReportHand.events */
} ReportHandPlay;

/* A trick as it was played. */
typedef struct ReportHandTrick {
  int trick;                           /* 1-based number */
  int leader;                          /* who led */
  int winner;                          /* who won it */
  int counters;                        /* counters in it (the last trick's bonus included) */
  int nplays;                          /* cards in plays */
  ReportHandPlay plays[PN_MAX_SEATS];  /* in the order played */
} ReportHandTrick;

/* A bid or a pass, in order. */
typedef struct ReportHandBid {
  int seat;     /* who spoke */
  int bid;      /* the bid, 0 a pass */
  size_t event; /* its row: index into ReportHand.events */
} ReportHandBid;

/* A finding of the replay, with the cards its sentence says the seat held
 * (what it should have played: the evidence the page draws). */
typedef struct ReportHandFinding {
  ReplayFinding f;                           /* kind, seq, trick, seat, card, sentence */
  int nevidence;                             /* cards in evidence */
  PnCard evidence[REPORT_HAND_MAX_HELD];     /* after "holding " in the sentence, in its order */
} ReportHandFinding;

/* One seat. */
typedef struct ReportHandSeat {
  char name[160];                      /* the player */
  int ndealt;                          /* cards in dealt */
  PnCard dealt[REPORT_HAND_MAX_HELD];  /* the deal rows' cards, in the order given */
  int side;                            /* report_side_number of the seat */
} ReportHandSeat;

/* The contract as the JSON and the page state it. */
typedef struct ReportHandContract {
  bool redeal;  /* everyone passed: the hand is dealt again */
  int bidder;   /* who won the bid, 0 none (no bidding, a redeal) */
  int bid;      /* for how much (bidder > 0) */
  int trump;    /* PnSuit, -1 none (a redeal) */
  int partner;  /* five-call's called partner, 0 none or alone */
  bool made;    /* bidder > 0 and the bid was made */
  bool moon;    /* the bidder shot the moon */
} ReportHandContract;

/* One hand of a game, replayed. */
typedef struct ReportHand {
  char key[256], preset[64], date[32]; /* the game, its preset and date tag ("" none) */
  int hand;                            /* the hand's number */
  int players;                         /* seats */
  int dealer;                          /* the dealer's seat */
  PnRules rules;                       /* the game's rules */
  ReportHandSeat seat[PN_MAX_SEATS];   /* by seat - 1 */
  ReportHandContract contract;         /* bid, trump, partner, made */
  ReportHandEvent *events;             /* the rows, in order */
  size_t nevents;                      /* rows in events */
  ReportHandBid *bids;                 /* the bidding, in order */
  size_t nbids;                        /* entries in bids */
  ReportHandTrick *tricks;             /* the tricks played, in order */
  size_t ntricks;                      /* entries in tricks */
  ReportHandFinding *findings;         /* the findings in the order reported */
  size_t nfindings;                    /* entries in findings */
  bool any_valued;                     /* some play has its double-dummy value */
  CodecResults result;                 /* the replay's results (per seat, running totals) */
  bool analysed;                       /* `pinochle analyze` stored an analysis of the hand */
  AnHand an;                           /* ... that one (analysed) */
  struct RvHandReview *review;         /* `pinochle review` stored a current review of the hand (owned), or NULL */
  size_t cap_events, cap_findings;     /* allocated entries (compute's) */
} ReportHand;

/*
 * Replays hands 1..number-1 of the game `key` to reach the state before
 * hand `number`, replays that hand collecting its findings, and reads the
 * analysis and the fair review stored for it, into *out (caller frees with report_hand_free).
 * Returns 0, REPORT_NOT_FOUND when there is no such game or hand, or
 * REPORT_ERROR / REPORT_CORRUPT with diag->msg.
 */
int report_hand_compute(Store *store, const char *key, int number, ReportHand **out, PnDiag *diag);
/* Frees a computed hand; NULL is a no-op. */
void report_hand_free(ReportHand *h);

/*
 * Writes a computed hand: the deal, the bidding, the exchange (trump,
 * call, widow, discards, passes, dix), each seat's meld with its value,
 * each trick (leader, the cards in order with who played them, winner,
 * counters in it), the findings after the row that caused them, and the
 * replayed result per seat; as text, CSV or JSON.  Returns 0 or
 * REPORT_ERROR with diag (memory).
 */
int report_hand_write(const ReportHand *h, OutFormat format, FILE *out, PnDiag *diag);

/* The player at seat, "" for none or out of range (borrowed from h). */
const char *report_hand_name(const ReportHand *h, int seat);

#define REPORT_FAIR_GAP 5.0 /* a fair cost this large where double dummy says 0: they disagree */

/* The stored review's verdict of the decision at row seq, or NULL (no
 * review stored, or that row is not a decision reviewed). */
const struct RvVerdict *report_hand_verdict(const ReportHand *h, int seq);

/* The share of deals in which the chosen alternative was best, as the
 * whole percent every view prints (half up: 62.5 is 63). */
int report_hand_best_percent(const struct RvVerdict *d);

/* Whether double dummy and the fair review disagree on the play at row
 * seq: it cost something double dummy yet its fair cost is 0 or it was
 * best in most deals, or it cost nothing double dummy yet its fair cost
 * is at least REPORT_FAIR_GAP.  True with the sentence in buf ("double
 * dummy says JS cost 20; with what Dee could see, JS was best in 62% of
 * the deals"). */
bool report_hand_disagreement(const ReportHand *h, int seq, char *buf, size_t size);

/* report_hand_compute, then report_hand_write. */
int report_hand(Store *store, const char *key, int number, OutFormat format, FILE *out, PnDiag *diag);

#endif
