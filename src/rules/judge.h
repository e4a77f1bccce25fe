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
 * So it names sets by (suit, ranks) and reads the held counts in place;
 * a PnCards is built only for a set that is returned.
 */
typedef struct SuitSlice {
  int suit;  /* the suit, or JUDGE_ALL_HELD for every card held */
  int ranks; /* how many of the suit's highest ranks (0..8) */
} SuitSlice;

enum { JUDGE_ALL_HELD = -1 };

/* Does `held` have any card in the slice `ranks` of `suit`? */
static inline bool judge_slice_any(const PnCards *held, int suit, int ranks) {
  /* Masks with the first `ranks` bytes set, laid out as the counts are. */
  static const uint8_t RANK_PREFIX[PN_RANKS + 1][PN_RANKS] = {
      {0},
      {0xFF},
      {0xFF, 0xFF},
      {0xFF, 0xFF, 0xFF},
      {0xFF, 0xFF, 0xFF, 0xFF},
      {0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
      {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
      {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
      {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
  };
  uint64_t counts, mask;
  memcpy(&counts, held->n + suit * 8, sizeof counts);
  memcpy(&mask, RANK_PREFIX[ranks], sizeof mask);
  return (counts & mask) != 0;
}

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

/*
 * One pass over RULES.md section 2, in the order the renege kinds are
 * checked: follow, head, trump, overtrump.  Sets *legal to what may be
 * played; when `played` is a card, returns the first obligation it breaks
 * and sets *evidence to the cards that obligation allowed (no cards when
 * it breaks none).
 */
static inline PnFindingKind judge_play(const PnObligation *ob, const PnCards *held, const PnCard *trick,
                                       int count, int trump, int played, SuitSlice *legal,
                                       SuitSlice *evidence) {
  *evidence = (SuitSlice){PN_SPADES, 0}; /* no cards */
  *legal = (SuitSlice){JUDGE_ALL_HELD, PN_RANKS};
  if (count == 0) return PN_FIND_NONE;

  int led = PN_SUIT(trick[0]);
  int winning = trick[judge_winner(trick, count, trump)];
  const SuitSlice led_cards = {led, PN_RANKS};

  if (judge_slice_any(held, led, PN_RANKS)) { /* can follow */
    if (!ob->follow) return PN_FIND_NONE;
    *legal = led_cards;
    if (played >= 0 && PN_SUIT(played) != led) {
      *evidence = led_cards;
      return PN_FIND_RENEGE_FOLLOW;
    }
    bool heading = ob->head == PN_HEAD_ALWAYS || (ob->head == PN_HEAD_TRUMP_LEAD && led == trump);
    if (!heading) return PN_FIND_NONE;
    int target = winning; /* cards as int: no byte-sized spills */
    if (ob->head_led) { /* beat the best led-suit card, even under a trump */
      target = trick[0];
      for (int i = 1; i < count; i++)
        if (PN_SUIT(trick[i]) == led && PN_RANK(trick[i]) < PN_RANK(target)) target = trick[i];
    }
    /* Under head_suit=winning a trump winning a plain-suit trick cannot be
     * beaten by the led suit: judge_beating_ranks() is 0 then. */
    SuitSlice beaters = {led, judge_beating_ranks(led, target, led, ob->head_led ? -1 : trump)};
    if (!judge_slice_any(held, led, beaters.ranks)) return PN_FIND_NONE;
    *legal = beaters;
    if (played >= 0 && !judge_slice_has(held, beaters, played)) {
      *evidence = beaters;
      return PN_FIND_RENEGE_HEAD;
    }
    return PN_FIND_NONE;
  }

  /* Void in the suit led. */
  if (trump < 0 || ob->trump_rule == PN_TRUMP_NO) return PN_FIND_NONE;
  if (!judge_slice_any(held, trump, PN_RANKS)) return PN_FIND_NONE;
  const SuitSlice trumps = {trump, PN_RANKS};
  const SuitSlice beaters = {trump, judge_beating_ranks(trump, winning, led, trump)};
  bool can_beat = judge_slice_any(held, trump, beaters.ranks);
  bool trump_in_trick = PN_SUIT(winning) == trump;
  bool must_overtrump = ob->head == PN_HEAD_ALWAYS && trump_in_trick && can_beat;

  if (ob->trump_rule == PN_TRUMP_IF_CAN_WIN) {
    if (!can_beat) return PN_FIND_NONE;
    *legal = ob->head == PN_HEAD_ALWAYS ? beaters : trumps;
    if (played >= 0 && PN_SUIT(played) != trump) {
      *evidence = beaters;
      return PN_FIND_RENEGE_TRUMP;
    }
  } else {
    *legal = must_overtrump ? beaters : trumps;
    if (played >= 0 && PN_SUIT(played) != trump) {
      *evidence = trumps;
      return PN_FIND_RENEGE_TRUMP;
    }
  }
  if (played >= 0 && !judge_slice_has(held, *legal, played)) {
    *evidence = beaters;
    return PN_FIND_RENEGE_OVERTRUMP;
  }
  return PN_FIND_NONE;
}

#endif
