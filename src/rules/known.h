/*
 * known.h - what is known of the hidden hands while a hand is typed in
 * table order, and whether at least one deal agrees with all of it.
 *
 * The model is the hand at the start of the play (after the passing, the
 * widow and the dix exchange), less the cards played since: each holder
 * (the seats, then the pile: the widow, or the auction bidder's discards)
 * holds `size` cards then.  What is known:
 *   - cards a holder certainly held then (meld shown, cards received),
 *     and the cards it has played since;
 *   - cards among a set of holders (the widow: the bidder's or discarded;
 *     the turn-up: the dealer's, or the dix exchanger's);
 *   - suits a holder holds none of now (it showed out).
 * pn_known_check asks whether the cards not yet placed can be dealt into
 * the room left: a transportation problem (card kinds -> holders, each
 * holder taking only what it may hold), decided by Hall's condition over
 * the subsets of holders (at most 2^6), which also names what does not
 * fit.  Pure C: no allocation, no I/O; a PnKnown is a plain struct.
 */
#ifndef PN_KNOWN_H
#define PN_KNOWN_H

#include "pinochle.h"

#define PN_KNOWN_HOLDERS (PN_MAX_SEATS + 1) /* the seats, then the pile */
#define PN_KNOWN_PILE PN_MAX_SEATS          /* holder index of the pile */
#define PN_KNOWN_GROUPS PN_MAX_EVENT_CARDS  /* "among" facts kept */

/* Copies of a card known to be among some holders only. */
typedef struct PnKnownGroup {
  PnCard card;               /* the card */
  int copies;                /* at least this many copies ... */
  unsigned holders;          /* ... among these holders (bit h), known ones included */
} PnKnownGroup;

typedef struct PnKnown {
  int players;                              /* seats 0..players-1; holder PN_KNOWN_PILE is the pile */
  PnCards deck;                             /* copies of each card in the deck */
  int size[PN_KNOWN_HOLDERS];               /* cards each held at the start of the play */
  PnCards held[PN_KNOWN_HOLDERS];           /* known held then (at least these copies) */
  PnCards played[PN_KNOWN_HOLDERS];         /* played since */
  uint8_t voids[PN_KNOWN_HOLDERS];          /* bit s: holds no card of suit s now */
  PnCards lacks[PN_KNOWN_HOLDERS];          /* n[c] 1: holds no copy of card c now */
  int ngroups;                              /* groups[] used */
  PnKnownGroup groups[PN_KNOWN_GROUPS];     /* cards known among some holders */
} PnKnown;

/* Why no deal fits. */
typedef enum {
  PN_KNOWN_FITS,             /* at least one deal agrees with everything */
  PN_KNOWN_TOO_MANY_COPIES,  /* `card` is seen `count` times, the deck has `limit` */
  PN_KNOWN_OVERFULL,         /* holder `holder` holds at least `count`, its size is `limit` */
  PN_KNOWN_VOID_HELD,        /* holder `holder` holds no `suit` but is known to hold `card` */
  PN_KNOWN_LACK_HELD,        /* holder `holder` holds no `card` (pn_known_lack) but is known to */
  PN_KNOWN_NO_ROOM           /* `count` cards can only go to `holders`, which have room
                                for `limit` (`suit` >= 0: all of that suit; -1 mixed) */
} PnKnownKind;

typedef struct PnKnownWhy {
  PnKnownKind kind;          /* what does not fit */
  PnCard card;               /* TOO_MANY_COPIES, VOID_HELD, LACK_HELD: the card */
  int holder;                /* OVERFULL, VOID_HELD, LACK_HELD: the holder */
  unsigned holders;          /* NO_ROOM: the holders (bit h) the cards could go to */
  int suit;                  /* NO_ROOM: the suit of every such card, or -1; VOID_HELD, LACK_HELD: the suit */
  int count, limit;          /* how many, and the most there is room for */
} PnKnownWhy;

/* An empty model for these rules: the deck, each seat's hand size, the
 * pile's (rules->widow) size. */
void pn_known_init(PnKnown *k, const PnRules *rules);
/* Holder h held at least `copies` of card at the start of the play. */
void pn_known_hold(PnKnown *k, int holder, PnCard card, int copies);
/* Holder h played one copy of card. */
void pn_known_play(PnKnown *k, int holder, PnCard card);
/* Holder h holds no card of suit now. */
void pn_known_void(PnKnown *k, int holder, int suit);
/* Holder h holds no copy of card now (a void of one card: a seat that
 * did not head a trick lacks the cards that would have headed it). */
void pn_known_lack(PnKnown *k, int holder, PnCard card);
/* At least `copies` of card were among `holders` (bit h) at the start of
 * the play, the copies known held there included.  Returns 0, or -1 when
 * the groups are full (the fact is then not kept). */
int pn_known_among(PnKnown *k, PnCard card, int copies, unsigned holders);
/* Does at least one deal agree with everything known?  Returns true, or
 * false with *why saying what does not fit (why may be NULL). */
bool pn_known_check(const PnKnown *k, PnKnownWhy *why);
/* The same question without the voids and lacks of the holders in
 * `ignore` (bit h) for suits in `suits` (bit s): the recorder asks it to
 * tell a renege (a void or lack that is not) from a card mistyped. */
bool pn_known_check_ignoring(const PnKnown *k, unsigned ignore, unsigned suits, PnKnownWhy *why);
/* What is placed, as the check counts it: base[h] the copies holder h
 * certainly held at the start of the play (known held, or played if
 * more), extra[i] the copies of group i beyond those its holders are
 * known to have, and *unplaced the deck's copies that are neither (the
 * cards a deal consistent with `k` is free to place). */
void pn_known_placed(const PnKnown *k, PnCards base[PN_KNOWN_HOLDERS], int extra[PN_KNOWN_GROUPS], PnCards *unplaced);

#endif
