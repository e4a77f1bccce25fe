/* trick.c - trick winner, legal plays, and renege classification. */
#include "pinochle.h"

#include <string.h>

bool pn_card_beats(PnCard card, PnCard best, int led_suit, int trump) {
  int suit = PN_SUIT(card), best_suit = PN_SUIT(best);
  if (suit == trump) return best_suit != trump || PN_RANK(card) < PN_RANK(best);
  if (suit != led_suit || best_suit == trump) return false;
  return best_suit != led_suit || PN_RANK(card) < PN_RANK(best);
}

/* What pn_card_beats() decides, as one number per card: a trump beats
 * any card of the suit led, a higher rank beats a lower one of its suit,
 * and the other suits beat nothing.  (The card winning so far is always
 * of the suit led or a trump, so "beats" is "has a higher strength".) */
static int strength(PnCard card, int led_suit, int trump) {
  int suit = PN_SUIT(card), from_low = PN_RANKS - 1 - PN_RANK(card);
  if (suit == trump) return 2 * PN_RANKS + from_low;
  if (suit == led_suit) return PN_RANKS + from_low;
  return 0;
}

int pn_trick_winner(const PnCard *cards, int count, int trump) {
  if (count < 1) return 0;
  int led = PN_SUIT(cards[0]);
  int best = 0, best_strength = strength(cards[0], led, trump);
  for (int i = 1; i < count; i++) {
    int s = strength(cards[i], led, trump);
    if (s > best_strength) { /* ties: the first of identical cards wins */
      best = i;
      best_strength = s;
    }
  }
  return best;
}

static const char *const FINDING_NAMES[PN_FIND_KINDS] = {
    "none",         "renege-follow", "renege-head", "renege-trump",
    "renege-overtrump", "bid-too-low", "bid-after-pass", "meld-claim",
    "trump-without-marriage", "score-claim", "stored-result",
};

const char *pn_finding_name(PnFindingKind kind) {
  return (kind >= 0 && kind < PN_FIND_KINDS) ? FINDING_NAMES[kind] : "unknown";
}

/*
 * Every set judge() deals in is "all the cards held" or "the cards held
 * in one suit among its `ranks` highest ranks" (within a suit the cards
 * that beat a given card are a prefix of the ranks, high first).  So it
 * names sets by (suit, ranks) and reads the held counts in place; the
 * callers build a PnCards only for the set they return.
 */
typedef struct SuitSlice {
  int suit;  /* the suit, or -1 for every card held */
  int ranks; /* how many of the suit's highest ranks (0..8) */
} SuitSlice;

enum { ALL_HELD = -1 };

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

/* Does `held` have any card in the slice of one suit? */
static bool slice_any(const PnCards *held, int suit, int ranks) {
  uint64_t counts, mask;
  memcpy(&counts, held->n + suit * 8, sizeof counts);
  memcpy(&mask, RANK_PREFIX[ranks], sizeof mask);
  return (counts & mask) != 0;
}

/* Is `card` held and inside the slice? */
static bool slice_has(const PnCards *held, SuitSlice slice, int card) {
  if (!held->n[card]) return false;
  return slice.suit == ALL_HELD || (PN_SUIT(card) == slice.suit && PN_RANK(card) < slice.ranks);
}

/* The held cards of the slice, as a multiset. */
static void slice_cards(const PnCards *held, SuitSlice slice, PnCards *out) {
  if (slice.suit == ALL_HELD) {
    *out = *held;
    return;
  }
  memset(out, 0, sizeof *out);
  memcpy(out->n + slice.suit * 8, held->n + slice.suit * 8, (size_t)slice.ranks);
}

/* How many of `suit`'s highest ranks beat `target` under (led, trump). */
static int beating_ranks(int suit, PnCard target, int led, int trump) {
  int target_suit = PN_SUIT(target);
  if (suit == trump) return target_suit == trump ? PN_RANK(target) : PN_RANKS;
  if (suit == led && target_suit != trump) return target_suit == led ? PN_RANK(target) : PN_RANKS;
  return 0;
}

/*
 * One pass over RULES.md section 2, in the order the renege kinds are
 * checked: follow, head, trump, overtrump.  Sets *legal to what may be
 * played; when `played` is a card, returns the first obligation it breaks
 * and sets *evidence to the cards that obligation allowed (none when it
 * breaks none).
 */
static PnFindingKind judge(const PnObligation *ob, const PnCards *held, const PnCard *trick,
                           int count, int trump, int played, SuitSlice *legal, SuitSlice *evidence) {
  *evidence = (SuitSlice){PN_SPADES, 0}; /* no cards */
  *legal = (SuitSlice){ALL_HELD, PN_RANKS};
  if (count == 0) return PN_FIND_NONE;

  int led = PN_SUIT(trick[0]);
  PnCard winning = trick[pn_trick_winner(trick, count, trump)];
  const SuitSlice led_cards = {led, PN_RANKS};

  if (slice_any(held, led, PN_RANKS)) { /* can follow */
    if (!ob->follow) return PN_FIND_NONE;
    *legal = led_cards;
    if (played >= 0 && PN_SUIT(played) != led) {
      *evidence = led_cards;
      return PN_FIND_RENEGE_FOLLOW;
    }
    bool heading = ob->head == PN_HEAD_ALWAYS || (ob->head == PN_HEAD_TRUMP_LEAD && led == trump);
    if (!heading) return PN_FIND_NONE;
    PnCard target = winning;
    if (ob->head_led) { /* beat the best led-suit card, even under a trump */
      target = trick[0];
      for (int i = 1; i < count; i++)
        if (PN_SUIT(trick[i]) == led && PN_RANK(trick[i]) < PN_RANK(target)) target = trick[i];
    }
    /* Under head_suit=winning a trump winning a plain-suit trick cannot be
     * beaten by the led suit: beating_ranks() is 0 then. */
    SuitSlice beaters = {led, beating_ranks(led, target, led, ob->head_led ? -1 : trump)};
    if (!slice_any(held, led, beaters.ranks)) return PN_FIND_NONE;
    *legal = beaters;
    if (played >= 0 && !slice_has(held, beaters, played)) {
      *evidence = beaters;
      return PN_FIND_RENEGE_HEAD;
    }
    return PN_FIND_NONE;
  }

  /* Void in the suit led. */
  if (trump < 0 || ob->trump_rule == PN_TRUMP_NO) return PN_FIND_NONE;
  if (!slice_any(held, trump, PN_RANKS)) return PN_FIND_NONE;
  const SuitSlice trumps = {trump, PN_RANKS};
  const SuitSlice beaters = {trump, beating_ranks(trump, winning, led, trump)};
  bool can_beat = slice_any(held, trump, beaters.ranks);
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
  if (played >= 0 && !slice_has(held, *legal, played)) {
    *evidence = beaters;
    return PN_FIND_RENEGE_OVERTRUMP;
  }
  return PN_FIND_NONE;
}

int pn_legal_plays(const PnObligation *ob, const PnCards *held, const PnCard *trick, int count,
                   int trump, PnCards *legal) {
  SuitSlice slice, unused;
  judge(ob, held, trick, count, trump, -1, &slice, &unused);
  slice_cards(held, slice, legal);
  /* One copy of each: a count (at most 4, three bits) becomes its low bit,
   * eight cards to a word. */
  int distinct = 0;
  for (int w = 0; w < PN_CARD_KINDS / 8; w++) {
    uint64_t word;
    memcpy(&word, legal->n + 8 * w, sizeof word);
    word = (word | word >> 1 | word >> 2) & 0x0101010101010101ull;
    memcpy(legal->n + 8 * w, &word, sizeof word);
    distinct += __builtin_popcountll(word);
  }
  return distinct;
}

PnFindingKind pn_classify_play(const PnObligation *ob, const PnCards *held, const PnCard *trick,
                               int count, int trump, PnCard played, PnCards *evidence) {
  SuitSlice legal, obliged;
  PnFindingKind kind = judge(ob, held, trick, count, trump, played, &legal, &obliged);
  if (evidence) slice_cards(held, obliged, evidence);
  return kind;
}
