/*
 * judge.h - the play obligations of RULES.md section 2 and the trick
 * winner, as inline functions.  trick.c builds the public pn_trick_winner,
 * pn_legal_plays and pn_classify_play on them; hand.c judges every card
 * played with them directly, so the play loop pays no call and builds no
 * multiset unless a play breaks an obligation.  Private to src/rules.
 */
#ifndef PN_JUDGE_H
#define PN_JUDGE_H

#include <string.h>

#include "pinochle.h"

/* What pn_card_beats() decides, as one number per card: a trump beats
 * any card of the suit led, a higher rank beats a lower one of its suit,
 * and the other suits beat nothing.  (The card winning so far is always
 * of the suit led or a trump, so "beats" is "has a higher strength".) */
static inline int judge_strength(PnCard card, int led_suit, int trump) {
  int suit = PN_SUIT(card), from_low = PN_RANKS - 1 - PN_RANK(card);
  if (suit == trump) return 2 * PN_RANKS + from_low;
  if (suit == led_suit) return PN_RANKS + from_low;
  return 0;
}

/* pn_trick_winner(): the index of the winning card of cards[0..count). */
static inline int judge_winner(const PnCard *cards, int count, int trump) {
  if (count < 1) return 0;
  int led = PN_SUIT(cards[0]);
  int best = 0, best_strength = judge_strength(cards[0], led, trump);
  for (int i = 1; i < count; i++) {
    int s = judge_strength(cards[i], led, trump);
    if (s > best_strength) { /* ties: the first of identical cards wins */
      best = i;
      best_strength = s;
    }
  }
  return best;
}

/*
 * Every set judge_play() deals in is "all the cards held" or "the cards
 * held in one suit among its `ranks` highest ranks" (within a suit the
 * cards that beat a given card are a prefix of the ranks, high first).
 * So it names sets by (suit, ranks), decided on a word of the cards held
 * (judge_legal); a PnCards is built only for a set that is returned.
 */
typedef struct SuitSlice {
  int suit;  /* the suit, or JUDGE_ALL_HELD for every card held */
  int ranks; /* how many of the suit's highest ranks (0..8) */
} SuitSlice;

enum { JUDGE_ALL_HELD = -1 };

/* Is `card` held and inside the slice? */
static inline bool judge_slice_has(const PnCards *held, SuitSlice slice, int card) {
  if (!held->n[card]) return false;
  return slice.suit == JUDGE_ALL_HELD || (PN_SUIT(card) == slice.suit && PN_RANK(card) < slice.ranks);
}

/* The held cards of the slice, as a multiset. */
static inline void judge_slice_cards(const PnCards *held, SuitSlice slice, PnCards *out) {
  if (slice.suit == JUDGE_ALL_HELD) {
    *out = *held;
    return;
  }
  memset(out, 0, sizeof *out);
  memcpy(out->n + slice.suit * 8, held->n + slice.suit * 8, (size_t)slice.ranks);
}

/* How many of `suit`'s highest ranks beat `target` under (led, trump). */
static inline int judge_beating_ranks(int suit, int target, int led, int trump) {
  int target_suit = PN_SUIT(target);
  if (suit == trump) return target_suit == trump ? PN_RANK(target) : PN_RANKS;
  if (suit == led && target_suit != trump) return target_suit == led ? PN_RANK(target) : PN_RANKS;
  return 0;
}

/* The cards held, a bit a card (suit s in byte s, bit r of it = rank r,
 * so a card's bit is the card itself): the form judge_legal reads. */
static inline uint32_t judge_held_word(const PnCards *held) {
  uint32_t word = 0;
  for (int suit = 0; suit < PN_SUITS; suit++) {
    uint64_t counts; /* a byte a rank, each 0..4 */
    memcpy(&counts, held->n + suit * 8, sizeof counts);
    counts = (counts | counts >> 1 | counts >> 2) & 0x0101010101010101ull; /* a byte's low bit: held */
    word |= (uint32_t)((counts * 0x0102040810204080ull) >> 56) << (8 * suit); /* byte r's bit -> bit r */
  }
  return word;
}

/* The ranks of `suit` in a word of cards, bit r = rank r. */
static inline unsigned judge_suit_ranks(uint32_t word, int suit) { return (word >> (8 * suit)) & 0xFFu; }

/*
 * RULES.md section 2, the one place it is written: what a hand holding
 * `held` (judge_held_word) may play to the trick trick[0..count), whose
 * winning card is trick[win].  judge_play below (the engine's every
 * play) and the double-dummy solver's move generator (on its own words,
 * at every follow of a search) both read it.
 */
static inline SuitSlice judge_legal(const PnObligation *ob, uint32_t held, const PnCard *trick, int count, int win,
                                    int trump) {
  const SuitSlice all = {JUDGE_ALL_HELD, PN_RANKS};
  if (count == 0) return all;
  int led = PN_SUIT(trick[0]);
  unsigned in_led = judge_suit_ranks(held, led);
  if (in_led) { /* can follow */
    if (!ob->follow) return all;
    bool heading = ob->head == PN_HEAD_ALWAYS || (ob->head == PN_HEAD_TRUMP_LEAD && led == trump);
    if (!heading) return (SuitSlice){led, PN_RANKS};
    int ranks; /* how many of the led suit's top ranks beat what must be beaten */
    if (ob->head_led) { /* the best led-suit card, even under a trump */
      ranks = PN_RANK(trick[0]);
      for (int i = 1; i < count; i++)
        if (PN_SUIT(trick[i]) == led && PN_RANK(trick[i]) < ranks) ranks = PN_RANK(trick[i]);
    } else { /* the winner: a trump winning a plain-suit trick cannot be beaten by the led suit (0) */
      ranks = judge_beating_ranks(led, trick[win], led, trump);
    }
    bool can_head = (in_led & ((1u << ranks) - 1u)) != 0;
    return (SuitSlice){led, can_head ? ranks : PN_RANKS};
  }
  /* void in the suit led */
  if (trump < 0 || ob->trump_rule == PN_TRUMP_NO) return all;
  unsigned trumps = judge_suit_ranks(held, trump);
  if (!trumps) return all;
  int ranks = judge_beating_ranks(trump, trick[win], led, trump); /* all of them when no trump is in the trick */
  bool can_beat = (trumps & ((1u << ranks) - 1u)) != 0;
  if (ob->trump_rule == PN_TRUMP_IF_CAN_WIN) {
    if (!can_beat) return all;
    return (SuitSlice){trump, ob->head == PN_HEAD_ALWAYS ? ranks : PN_RANKS};
  }
  /* must trump, and overtrump when heading is always required and it can */
  return (SuitSlice){trump, ob->head == PN_HEAD_ALWAYS && can_beat ? ranks : PN_RANKS};
}

/*
 * One pass over RULES.md section 2 (judge_legal), in the order the
 * renege kinds are checked: follow, head, trump, overtrump.  Sets *legal
 * to what may be played; when `played` is a card, returns the first
 * obligation it breaks and sets *evidence to the cards that obligation
 * allowed (no cards when it breaks none).
 */
static inline PnFindingKind judge_play(const PnObligation *ob, const PnCards *held, const PnCard *trick,
                                       int count, int trump, int played, SuitSlice *legal,
                                       SuitSlice *evidence) {
  *evidence = (SuitSlice){PN_SPADES, 0}; /* no cards */
  *legal = (SuitSlice){JUDGE_ALL_HELD, PN_RANKS};
  if (count == 0) return PN_FIND_NONE;
  int win = judge_winner(trick, count, trump);
  *legal = judge_legal(ob, judge_held_word(held), trick, count, win, trump);
  if (played < 0 || judge_slice_has(held, *legal, played)) return PN_FIND_NONE;
  /* Not a legal card: the first obligation it breaks.  A slice of the
   * led suit is the obligation to follow (and to head); of the trump
   * suit, with the led suit void, to trump (and to overtrump). */
  int led = PN_SUIT(trick[0]);
  if (legal->suit == led) {
    if (PN_SUIT(played) != led) {
      *evidence = (SuitSlice){led, PN_RANKS};
      return PN_FIND_RENEGE_FOLLOW;
    }
    *evidence = *legal; /* the cards that head the trick */
    return PN_FIND_RENEGE_HEAD;
  }
  const SuitSlice beaters = {trump, judge_beating_ranks(trump, trick[win], led, trump)};
  if (PN_SUIT(played) != trump) {
    *evidence = ob->trump_rule == PN_TRUMP_IF_CAN_WIN ? beaters : (SuitSlice){trump, PN_RANKS};
    return PN_FIND_RENEGE_TRUMP;
  }
  *evidence = beaters;
  return PN_FIND_RENEGE_OVERTRUMP;
}

#endif
