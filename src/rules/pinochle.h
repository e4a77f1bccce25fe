/*
 * pinochle.h - the rules engine: cards, rulesets and presets, tricks,
 * melds, counting, and the hand/game state machine.
 *
 * Pure C17: no I/O, no allocation, no globals with mutable state, no
 * exit().  Every object is a plain struct the caller owns; copying a
 * PnGame with memcpy is a complete snapshot (the recorder's undo uses it).
 * The contract is ../shared/spec/RULES.md; docs/RULES.md in this project
 * documents the readings chosen where that page is silent.
 */
#ifndef PINOCHLE_H
#define PINOCHLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PN_VERSION "0.1.0"
/* Bumped when a rules reading changes; each audit run records it.
 * 2: round robin is the name of its parts (24 in all); two-hand-bid is won
 *    only above the target, the higher score when both are over it. */
#define PN_RULES_VERSION 2

/* A diagnostic for input the caller must reject: where and why.  Filled
 * by the store, importers and CLI helpers; only src/cli prints it. */
typedef struct PnDiag {
  const char *file;   /* input name, or NULL */
  long line;          /* 1-based line where the record starts, 0 if none */
  int col;            /* 1-based field, 0 if unknown */
  char msg[240];      /* human text, no newline */
} PnDiag;

/* ---------------------------------------------------------------- cards */

enum { PN_SPADES, PN_HEARTS, PN_DIAMONDS, PN_CLUBS, PN_SUITS };
/* Rank index: 0 is the highest. */
enum { PN_ACE, PN_TEN, PN_KING, PN_QUEEN, PN_JACK, PN_NINE, PN_EIGHT, PN_SEVEN, PN_RANKS };

typedef uint8_t PnCard;               /* suit * 8 + rank */
#define PN_NO_CARD ((PnCard)0xFF)
#define PN_CARD(suit, rank) ((PnCard)((suit) * 8 + (rank)))
#define PN_SUIT(card) ((int)((card) >> 3))
#define PN_RANK(card) ((int)((card) & 7))
#define PN_CARD_KINDS 32              /* distinct rank/suit pairs */

/* A multiset of cards (identical copies are interchangeable). */
typedef struct PnCards {
  uint8_t n[PN_CARD_KINDS];           /* copies of each card */
} PnCards;

/* Parses one card token ("AS", "10h", "Q♠", "td"); returns bytes used
 * (> 0) or 0 when the text is not a card.  Stops at len or a space. */
size_t pn_card_parse(const char *text, size_t len, PnCard *out);
/* Parses a space-separated list into cards[] (at most max); returns the
 * count, or -1 with *bad_offset set to the byte offset of the bad token,
 * or -2 when there are more than max tokens. */
int pn_cards_parse(const char *text, size_t len, PnCard *cards, int max, size_t *bad_offset);
/* Writes the canonical two-letter form ("TH") into buf[3]. */
const char *pn_card_str(PnCard card, char buf[3]);
/* Writes cards space-separated, in the canonical order (suit S H D C,
 * rank high to low) into buf; returns buf ("" when empty). */
char *pn_cards_str(const PnCards *cards, char *buf, size_t size);
int pn_suit_parse(const char *text);  /* "S", "h", "♠" -> suit, or -1 */
char pn_suit_char(int suit);          /* 'S' 'H' 'D' 'C' */
/* How a card is shown to people, for every deck (two-hand-64 has 8s and
 * 7s): "A" "10" "K" ... "7" by rank, "?" for no rank; the black suit
 * symbol ("\u2660") and the suit's word ("spades"), "?" and "none" for
 * no suit.  Static strings. */
const char *pn_rank_label(int rank);
const char *pn_suit_symbol(int suit);
const char *pn_suit_word(int suit);

int pn_cards_total(const PnCards *cards);
void pn_cards_add_list(PnCards *cards, const PnCard *list, int count);
bool pn_cards_contains(const PnCards *have, const PnCards *want);
int pn_cards_of_suit(const PnCards *cards, int suit);

/* ---------------------------------------------------------------- rules */

typedef enum { PN_DECK_SINGLE, PN_DECK_SINGLE64, PN_DECK_DOUBLE } PnDeck;
typedef enum { PN_COUNT_CLASSIC, PN_COUNT_TENS, PN_COUNT_TENS20, PN_COUNT_UNIT, PN_COUNT_UNIT2 } PnCount;
typedef enum { PN_HEAD_NEVER, PN_HEAD_TRUMP_LEAD, PN_HEAD_ALWAYS } PnHead;
typedef enum { PN_TRUMP_NO, PN_TRUMP_ALWAYS, PN_TRUMP_IF_CAN_WIN } PnTrumpRule;
typedef enum {
  PN_TABLE_TENS,      /* 000/001: doubles 1500/1000/800/600/400/300 */
  PN_TABLE_CLASSIC,   /* two-hand (000): no doubles but double pinochle 300 */
  PN_TABLE_UNIT,      /* 002, which names a round robin (worth its parts) */
  PN_TABLE_DOUBLE,    /* 004: 1/2/3/4 sets */
  PN_TABLE_DOUBLE10   /* five-call: 004's table x10 */
} PnTable;
typedef enum { PN_FLOW_TWO_HAND, PN_FLOW_TURNUP, PN_FLOW_BID } PnFlow;
typedef enum { PN_BIDDING_NONE, PN_BIDDING_OPEN, PN_BIDDING_ONCE, PN_BIDDING_TWO_HAND } PnBidding;
typedef enum { PN_SIDES_SOLO, PN_SIDES_TEAMS, PN_SIDES_CALLED } PnSides;
typedef enum { PN_EXCHANGE_NONE, PN_EXCHANGE_DIX, PN_EXCHANGE_WIDOW, PN_EXCHANGE_PASS, PN_EXCHANGE_CALL_PASS } PnExchange;
typedef enum { PN_TRUMPREQ_NONE, PN_TRUMPREQ_MARRIAGE_OR_DIX, PN_TRUMPREQ_MARRIAGE } PnTrumpReq;

#define PN_MAX_SEATS 5
#define PN_MAX_HAND 20   /* double-deck deals 20 */
#define PN_MAX_EVENT_CARDS 48

#define PN_MAX_PASS_CARDS 8 /* the most cards a rule set may pass each way (pass_cards) */

/* One consistent set of rules.  The first block is fixed by the preset;
 * the second holds the parameters a game may override by name. */
typedef struct PnRules {
  const char *preset;        /* preset name (static string) */
  int players;               /* seats, 2..5 */
  PnDeck deck;               /* which deck */
  int hand_size;             /* cards dealt to each seat */
  int widow;                 /* widow cards (auction 3) */
  PnFlow flow;               /* two-hand stock, turn-up, or bid for trump */
  PnBidding bidding;         /* how the auction runs */
  PnSides sides;             /* solo, fixed teams (1+3, 2+4), called partner */
  PnExchange exchange;       /* dix, widow, passing, call-and-pass */
  bool dealt_all;            /* false: two-hand-bid leaves 24 cards unused */

  PnTable table;             /* meld table */
  bool dix_in_meld;          /* the dix is part of a shown meld (class C) */
  int target;                /* game target */
  int target_step;           /* two-hand: raise by this while both over */
  int min_bid;               /* minimum and forced bid */
  int bid_step;              /* bids are multiples of this ... */
  int bid_fine_until;        /* ... above this; any whole number up to it */
  int moon;                  /* shoot-the-moon value; 0 = off */
  bool renege_set;           /* renege_penalty=set */
  bool all_pass_redeal;      /* all_pass=redeal */
  bool follow;               /* must follow suit */
  PnHead head;               /* must beat the winning card */
  PnTrumpRule trump_rule;    /* must trump when void */
  bool head_led;             /* head_suit=led */
  bool phase1_free;          /* two-hand: no obligations while stock lasts */
  PnCount count;             /* counting scheme */
  bool run_royal;            /* run's K-Q also a royal marriage */
  bool meld_needs_trick;     /* meld counts only if the side takes a trick */
  int pass_cards;            /* cards passed each way, 0 .. PN_MAX_PASS_CARDS */
  bool pass_together;        /* pass_order=together */
  bool lose_at_on;           /* lose_at is set */
  int lose_at;               /* at or below this a side loses */
  PnTrumpReq trump_req;      /* what the bidder must hold in trump */
  int side_minimum;          /* double-deck: 20 counters / 20 meld; 0 = none */
  bool no_trick_no_score;    /* two-hand-bid: no trick, no score at all */
  bool target_exceed;        /* target_rule=exceed: win only above the target (002) */
  bool both_over_higher;     /* both_over=higher: higher score wins, tie to the bidder (002) */
} PnRules;

/* Fills *rules with a preset; returns 0, or -1 for an unknown name. */
int pn_rules_preset(PnRules *rules, const char *name);
int pn_preset_count(void);
const char *pn_preset_name(int index);       /* NULL past the end */
const char *pn_preset_summary(int index);    /* one line */

/* Sets a parameter by name; returns 0, or -1 with err filled. */
int pn_rules_set(PnRules *rules, const char *name, const char *value, char *err, size_t errlen);
/* "name=value" form of pn_rules_set. */
int pn_rules_set_option(PnRules *rules, const char *option, char *err, size_t errlen);
int pn_param_count(void);
const char *pn_param_name(int index);        /* NULL past the end */
const char *pn_param_help(int index);        /* one line: values and meaning */
/* Writes the current value of parameter index as text; returns buf. */
const char *pn_param_value(const PnRules *rules, int index, char *buf, size_t size);

int pn_deck_size(PnDeck deck);               /* 48, 64, 80 */
void pn_deck_cards(PnDeck deck, PnCards *out);
int pn_deck_copies(PnDeck deck);             /* copies of each card it has: 2, 4 */
int pn_dix_rank(PnDeck deck);                /* PN_NINE, PN_SEVEN, or -1 */

/* --------------------------------------------------------------- tricks */

/* Does `card` beat `best` (already played earlier in the trick)? */
bool pn_card_beats(PnCard card, PnCard best, int led_suit, int trump);
/* Index of the winning card among cards[0..count) (first of identical). */
int pn_trick_winner(const PnCard *cards, int count, int trump);

typedef enum {
  PN_FIND_NONE,
  PN_FIND_RENEGE_FOLLOW,
  PN_FIND_RENEGE_HEAD,
  PN_FIND_RENEGE_TRUMP,
  PN_FIND_RENEGE_OVERTRUMP,
  PN_FIND_BID_TOO_LOW,
  PN_FIND_BID_AFTER_PASS,
  PN_FIND_MELD_CLAIM,
  PN_FIND_TRUMP_WITHOUT_MARRIAGE,
  PN_FIND_SCORE_CLAIM,
  PN_FIND_STORED_RESULT,
  PN_FIND_KINDS
} PnFindingKind;
const char *pn_finding_name(PnFindingKind kind);   /* "renege-follow" ... */

/* The obligations in force for one play. */
typedef struct PnObligation {
  bool follow;               /* follow suit */
  PnHead head;               /* beat when following */
  PnTrumpRule trump_rule;    /* trump when void */
  bool head_led;             /* beat the best led-suit card, not the winner */
} PnObligation;

/* Legal cards for the next play to a trick holding cards[0..count)
 * (count 0 = a lead: everything held).  Returns the number of distinct
 * legal cards; *legal gets one copy of each. */
int pn_legal_plays(const PnObligation *ob, const PnCards *held, const PnCard *trick, int count,
                   int trump, PnCards *legal);
/* Classifies a play: PN_FIND_NONE when legal, else the renege kind, with
 * *evidence = the cards held that the player was obliged to choose from. */
PnFindingKind pn_classify_play(const PnObligation *ob, const PnCards *held, const PnCard *trick,
                               int count, int trump, PnCard played, PnCards *evidence);
/* The card kinds a seat cannot have held when it played `played` legally
 * to trick[0..count): one copy of each (*lacks), those that beside it
 * would have made it a renege (heading, overtrumping, trumping).  A pair
 * decides it: holding more cards only adds obligations. */
void pn_play_lacks(const PnObligation *ob, const PnCard *trick, int count, int trump, PnCard played,
                   PnCards *lacks);

/* ---------------------------------------------------------------- melds */

typedef enum {
  PN_MELD_RUN,
  PN_MELD_ROYAL_MARRIAGE,
  PN_MELD_MARRIAGE,
  PN_MELD_ROUND_ROBIN,
  PN_MELD_ACES,
  PN_MELD_KINGS,
  PN_MELD_QUEENS,
  PN_MELD_JACKS,
  PN_MELD_PINOCHLE,
  PN_MELD_DOUBLE_PINOCHLE,   /* two-hand's named meld only */
  PN_MELD_DIX,
  PN_MELD_KINDS
} PnMeldKind;
const char *pn_meld_name(PnMeldKind kind);         /* "royal-marriage" ... */
int pn_meld_parse(const char *name);                /* kind, or -1 */
int pn_meld_class(PnMeldKind kind);                 /* 0 = A, 1 = B, 2 = C */

typedef struct PnMeldLine {
  PnMeldKind kind;           /* which meld */
  int count;                 /* how many (sets: 2 = double) */
  int points;                /* points for this line */
} PnMeldLine;

typedef struct PnMeldResult {
  int total;                 /* best total */
  int nlines;                /* lines used */
  PnMeldLine lines[PN_MELD_KINDS]; /* breakdown, table order */
  PnCards used;              /* cards taking part in some meld */
} PnMeldResult;

/* Best meld value of `cards` with `trump` under the rules' table
 * (classes independent, dix per rules->dix_in_meld). */
int pn_meld_best(const PnRules *rules, int trump, const PnCards *cards, PnMeldResult *out);
/* Points of one named meld (two-hand progressive melding).  A round robin
 * is the sum of the melds it names in the unit table (24), else 0. */
int pn_meld_value(const PnRules *rules, PnMeldKind kind);
/* The cards a named meld needs (two-hand); `suit` is the marriage's suit
 * (ignored for the other kinds).  Returns their number (0: none, e.g. a
 * marriage in trump or a round robin). */
int pn_meld_cards(const PnRules *rules, PnMeldKind kind, int trump, int suit, PnCard out[10]);
/* Which named meld cards[0..n) form exactly, or -1. */
int pn_meld_identify(const PnRules *rules, int trump, const PnCard *cards, int n);

/* ------------------------------------------------------------- counting */

int pn_counter_value(PnCount scheme, PnCard card);
/* The counting points of cards[0..count) (a trick, a discard). */
int pn_counters_of(PnCount scheme, const PnCard *cards, int count);
int pn_last_trick_bonus(PnCount scheme);
int pn_round_classic(int points);    /* 87 -> 90, 126 -> 120, 125 -> 120 */

/* --------------------------------------------------------------- events */

typedef enum {
  PN_EV_DEALER, PN_EV_DEAL, PN_EV_TURNUP, PN_EV_STOCK, PN_EV_WIDOW,
  PN_EV_BID, PN_EV_PASS, PN_EV_TRUMP, PN_EV_CALL, PN_EV_DISCARD, PN_EV_GIVE,
  PN_EV_DIX, PN_EV_MELD, PN_EV_MOON, PN_EV_PLAY, PN_EV_OUT, PN_EV_SCORE,
  PN_EV_KINDS
} PnAction;
const char *pn_action_name(PnAction action);        /* "deal" ... */
int pn_action_parse(const char *name);              /* action, or -1 */

/* What a row of each action carries (EVENT-LOG.md), from the one table in
 * event.c that the engine, the codec, the importer and the recorder read. */
#define PN_SHAPE_SEAT 1u   /* names the seat that acts, 1..players (a dealer
                              row names the dealer: the hand's start checks it) */
#define PN_SHAPE_CARDS 2u  /* may carry cards */
#define PN_SHAPE_VALUE 4u  /* may carry a value */
unsigned pn_action_shape(PnAction action);          /* PN_SHAPE_* bits; 0 for no action */

#define PN_DIX_EXCHANGE 1
#define PN_DIX_SHOW 2

/* One row of a hand, already parsed. */
typedef struct PnEvent {
  PnAction action;           /* what happened */
  int seat;                  /* 1..players, 0 when none */
  int ncards;                /* cards in cards[] */
  PnCard cards[PN_MAX_EVENT_CARDS]; /* in the order given */
  bool has_value;            /* value present */
  int value;                 /* bid, claimed points, claimed score */
  int suit;                  /* trump: the suit */
  int meld;                  /* two-hand meld: PnMeldKind, or -1 = infer */
  int dix;                   /* PN_DIX_EXCHANGE or PN_DIX_SHOW */
} PnEvent;

/* The cards an event carries, as a multiset. */
void pn_event_cards(const PnEvent *ev, PnCards *out);

/* Builds an event from the text fields of an event-log row (EVENT-LOG.md):
 * seat (0 = empty), cards and value as written.  Returns 0, or -1 with
 * *col set to the field at fault (6 cards, 7 value) and err filled. */
int pn_event_from_text(PnAction action, int seat, const char *cards, const char *value,
                       PnEvent *ev, int *col, char *err, size_t errlen);

/* ---------------------------------------------------------- hand / game */

typedef enum {
  PN_PHASE_DEALER,           /* before a hand: a dealer row starts one */
  PN_PHASE_DEAL,             /* deal / turnup / stock / widow rows */
  PN_PHASE_BID,              /* bidding */
  PN_PHASE_PREPARE,          /* trump, call, widow, passing, dix, meld, moon */
  PN_PHASE_PLAY,             /* tricks (two-hand: with melds between) */
  PN_PHASE_DONE,             /* hand scored; only score rows */
  PN_PHASE_GAME_OVER         /* the game has a winner */
} PnPhase;

#define PN_MAX_TABLE 24      /* two-hand: cards melded on the table */

/* A card melded on the table in two-hand, with what it has served in. */
typedef struct PnTableCard {
  PnCard card;               /* the card */
  int16_t best_in_class[3];  /* highest meld value it served in, by class; 0 none */
} PnTableCard;

typedef struct PnSeatResult {
  int meld_shown;            /* best value of the meld shown (incl. dix) */
  int meld_counted;          /* meld that counted toward the hand */
  int counters;              /* counting points won (raw, incl. bonuses) */
  int tricks;                /* tricks won */
  int score;                 /* what the hand added to the seat's running score */
  bool reneged;              /* a renege by this seat this hand */
  uint8_t reneges[4];        /* reneges by kind: follow, head, trump, overtrump */
} PnSeatResult;

typedef struct PnHandResult {
  bool redeal;               /* all passed and all_pass=redeal: no scores */
  int bidder;                /* seat, 0 = none */
  int bid;                   /* winning bid, 0 = none */
  int partner;               /* five-call partner seat, 0 = alone/none */
  int trump;                 /* suit, -1 = none */
  bool made;                 /* bidding side made the bid */
  bool moon;                 /* moon declared */
  int out_seat;              /* two-hand: seat that declared out, 0 none */
  PnSeatResult seat[PN_MAX_SEATS]; /* index seat-1 */
} PnHandResult;

typedef struct PnHand {
  PnPhase phase;             /* where the hand is */
  int number;                /* 1-based hand number in the game */
  int dealer;                /* seat */
  PnCards dealt[PN_MAX_SEATS];  /* as dealt (after turn-up exchange: no) */
  PnCards held[PN_MAX_SEATS];   /* in hand now (two-hand: not the table) */
  bool have_deal[PN_MAX_SEATS]; /* deal row seen */
  PnCard turnup;             /* turned-up card, PN_NO_CARD none */
  bool have_turnup, have_stock, have_widow;
  PnCard stock[40];          /* two-hand stock, top first */
  int stock_len, stock_pos;  /* size and next card to draw */
  PnCards widow;             /* auction widow */
  /* bidding */
  int turn;                  /* seat to act in bidding/play */
  int high_bid, high_bidder; /* current high bid */
  bool passed[PN_MAX_SEATS]; /* has passed */
  int bid_turns;             /* turns taken (one-bid presets) */
  int bids_made;             /* events seen in bidding */
  /* trump and exchange */
  int trump;                 /* suit or -1 */
  int called;                /* five-call called card or PN_NO_CARD */
  int partner;               /* five-call partner seat, 0 none/alone */
  bool discarded;            /* auction discard made */
  PnCards discards;          /* auction discards */
  int gives;                 /* give rows applied (0, 1, 2) */
  int give_first_seat;       /* seat of the first give (together) */
  PnCards give_pending;      /* together: first give's cards */
  bool trump_failed;         /* bidder lacked the trump requirement */
  bool exchanged;            /* dix exchange done */
  int dix_fresh[PN_MAX_SEATS];  /* dixes held and not yet scored */
  int dix_points[PN_MAX_SEATS]; /* dix points scored */
  int meld_shown[PN_MAX_SEATS]; /* shown-meld value, -1 = no meld row */
  int meld_points[PN_MAX_SEATS];/* two-hand progressive meld points */
  bool moon;                 /* moon declared */
  /* play */
  int trick_no;              /* tricks completed */
  int tricks_total;          /* tricks in the hand */
  int leader;                /* seat leading the current trick */
  int ntrick;                /* cards in the current trick */
  PnCard trick[PN_MAX_SEATS];/* the current trick */
  int trick_seat[PN_MAX_SEATS]; /* who played each */
  int last_winner;           /* winner of the last completed trick */
  uint8_t trick_leader[32];  /* seat that led each completed trick */
  uint8_t trick_winner[32];  /* seat that won it */
  int tricks_won[PN_MAX_SEATS];
  int counters[PN_MAX_SEATS];   /* raw counters won */
  bool reneged[PN_MAX_SEATS];
  uint8_t reneges[PN_MAX_SEATS][4]; /* by kind: follow, head, trump, overtrump */
  /* two-hand */
  bool playoff;              /* stock exhausted: the 12-trick playoff */
  bool draw_pending;         /* trick won, draws not yet made */
  int melds_this_turn;       /* meld rows since the last trick */
  int dix_this_turn;         /* dix rows since the last trick */
  PnTableCard table[PN_MAX_SEATS][PN_MAX_TABLE]; /* melded cards on the table */
  int ntable[PN_MAX_SEATS];
  int out_seat;              /* declared out */
  bool scored[PN_MAX_SEATS]; /* a score row seen: one claim per seat and hand */
  int target_before;         /* the game's target before this hand was scored */
  PnHandResult result;       /* filled when phase reaches DONE */
} PnHand;

typedef struct PnGame {
  PnRules rules;             /* copied in; the game owns it */
  int target;                /* current target (two-hand raises it) */
  int running[PN_MAX_SEATS]; /* running score per seat */
  int hands_played;          /* completed hands */
  int winner;                /* seat of the winner (a side's lowest seat), 0 none */
  int winner_side;           /* side index of the winner, -1 none */
  unsigned winners;          /* the winning side's seats, bit s-1 for seat s (five-call:
                                the bidder and the called partner), 0 none */
  bool over;                 /* the game has ended */
  PnHand hand;               /* the hand in progress or just finished */
} PnGame;

/* How many seats `winners` (PnGame.winners, games.winners) holds, and
 * their numbers in seats[] in seat order. */
int pn_winner_seats(unsigned winners, int seats[PN_MAX_SEATS]);

/* Fills in a card a row may leave implied (EVENT-LOG.md): a dix row with
 * an empty cards column gets the dix of the hand's trump.  Anything else,
 * or a dix row when the trump or the deck's dix is unknown, is left as it
 * is (pn_game_apply then judges it).  Writers call it so that the logs
 * they write carry the card; the importer, so that a row with the card
 * and one without store the same event. */
void pn_event_complete(const PnGame *game, PnEvent *ev);

typedef enum { PN_ACCEPTED = 0, PN_ACCEPTED_FINDING = 1, PN_IMPOSSIBLE = -1 } PnVerdict;

typedef struct PnFinding {
  PnFindingKind kind;        /* PN_FIND_NONE when none */
  int seat;                  /* offender */
  PnCard card;               /* card played, or PN_NO_CARD */
  PnCards evidence;          /* cards that were obliged (reneges) */
  int trick;                 /* 1-based trick number for plays, 0 otherwise */
  int claimed, computed;     /* meld/score claims, bids */
} PnFinding;

typedef struct PnOutcome {
  PnVerdict verdict;         /* accepted, finding, impossible */
  PnFinding finding;         /* when verdict is PN_ACCEPTED_FINDING */
  int col;                   /* impossible: 1-based event field at fault
                                (seat=4, action=5, cards=6, value=7), 0 = row */
  char reason[160];          /* impossible: why, no newline */
  bool hand_done;            /* this event completed the hand (an out after the
                                last trick re-scores a completed hand: false) */
  bool game_over;            /* ... and ended the game */
} PnOutcome;

/* Starts a game with these rules (copied). */
void pn_game_init(PnGame *game, const PnRules *rules);
/* Applies one event of a hand.  On PN_IMPOSSIBLE the game is unchanged. */
PnVerdict pn_game_apply(PnGame *game, const PnEvent *event, PnOutcome *out);
/* The side index of a seat in the current hand (teams: 0 for 1+3, 1 for
 * 2+4; solo: seat-1; called: 0 bidder and partner, 1 the others). */
int pn_side_of(const PnGame *game, int seat);
/* Which seats form a side, the one definition the engine, reports and
 * recorder share: the side index of `seat` under rules->sides in a hand
 * whose high bidder is `bidder` and called partner `partner` (0: none
 * yet, or a redeal).  Fixed teams alternate seats (1+3, 2+4); solo seats
 * are their own side; a called game has the bidder and partner (side 0)
 * against the others (side 1). */
int pn_side_of_seat(const PnRules *rules, int bidder, int partner, int seat);
/* The seats of side `side` in that hand into seats[] (PN_MAX_SEATS room),
 * in seat order; returns how many. */
int pn_side_seats(const PnRules *rules, int bidder, int partner, int side, int seats[PN_MAX_SEATS]);
/* Under fixed teams, the next seat after `seat` in play order on its own
 * team (in four-hand the partner across the table). */
int pn_team_partner(const PnRules *rules, int seat);
int pn_side_count(const PnGame *game);
/* The meld points `seat` (1..PN_MAX_SEATS) has shown so far in the current
 * hand: its meld row's points, its dix and its two-hand melds (what the
 * hand's result reports as meld_shown). */
int pn_meld_shown(const PnGame *game, int seat);
/* Cards a seat holds now, table cards included (two-hand stock phase). */
void pn_held(const PnGame *game, int seat, PnCards *out);
/* Cards a seat will hold for its next play: pn_held() after the two-hand
 * draws that the next play triggers. */
void pn_held_next(const PnGame *game, int seat, PnCards *out);
/* The obligations for the next play. */
void pn_obligation(const PnGame *game, PnObligation *out);
/* The seat after `seat` round the table (seats 1..rules->players): the
 * next to bid or play, the next dealer. */
int pn_next_seat(const PnRules *rules, int seat);
/* Who leads the first trick of a stock-less hand once the preparation is
 * done: the bidder, otherwise the dealer's left.  Needs no hands. */
int pn_first_leader(const PnGame *game);

/* What may come next. */
typedef struct PnExpect {
  uint32_t actions;          /* bit (1u << PnAction) for each action allowed */
  int seat;                  /* seat whose turn it is, 0 when several/none */
  PnCards legal;             /* play: legal cards for that seat */
  int min_bid;               /* bid: the lowest bid that is not too low */
  int need_cards;            /* deal/give/discard: how many cards */
} PnExpect;
void pn_game_expect(const PnGame *game, PnExpect *out);

#endif
