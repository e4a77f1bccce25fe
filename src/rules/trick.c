/* trick.c - trick winner, legal plays, and renege classification. */
#include "pinochle.h"

#include <string.h>

bool pn_card_beats(PnCard card, PnCard best, int led_suit, int trump) {
  int suit = PN_SUIT(card), best_suit = PN_SUIT(best);
  if (suit == trump) return best_suit != trump || PN_RANK(card) < PN_RANK(best);
  if (suit != led_suit || best_suit == trump) return false;
  return best_suit != led_suit || PN_RANK(card) < PN_RANK(best);
}

int pn_trick_winner(const PnCard *cards, int count, int trump) {
  int best = 0;
  for (int i = 1; i < count; i++)
    if (pn_card_beats(cards[i], cards[best], PN_SUIT(cards[0]), trump)) best = i;
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

/* The held cards of one suit: one 8-byte slice of the multiset. */
static void suit_cards(const PnCards *held, int suit, PnCards *out) {
  memset(out, 0, sizeof *out);
  memcpy(out->n + suit * 8, held->n + suit * 8, 8);
}

/* The held cards of `suit` that beat `target` under (led, trump).  Within
 * a suit the cards that beat form a prefix of the ranks (high first), so
 * this is a slice of the suit's bytes. */
static void beating_cards(const PnCards *held, int suit, PnCard target, int led, int trump,
                          PnCards *out) {
  int target_suit = PN_SUIT(target);
  int ranks; /* how many of the suit's highest ranks beat the target */
  if (suit == trump) ranks = target_suit == trump ? PN_RANK(target) : PN_RANKS;
  else if (suit == led && target_suit != trump) ranks = target_suit == led ? PN_RANK(target) : PN_RANKS;
  else ranks = 0;
  memset(out, 0, sizeof *out);
  memcpy(out->n + suit * 8, held->n + suit * 8, (size_t)ranks);
}

static bool is_empty(const PnCards *cards) {
  uint64_t words[4];
  memcpy(words, cards->n, sizeof words);
  return (words[0] | words[1] | words[2] | words[3]) == 0;
}

/*
 * One pass over RULES.md section 2, in the order the renege kinds are
 * checked: follow, head, trump, overtrump.  Fills *legal with what may be
 * played; when `played` is a card, returns the first obligation it breaks
 * and fills *evidence with the cards that obligation allowed.
 */
static PnFindingKind judge(const PnObligation *ob, const PnCards *held, const PnCard *trick,
                           int count, int trump, int played, PnCards *legal, PnCards *evidence) {
  PnCards scratch;
  if (!evidence) evidence = &scratch;
  memset(evidence, 0, sizeof *evidence);
  *legal = *held;
  if (count == 0) return PN_FIND_NONE;

  int led = PN_SUIT(trick[0]);
  PnCard winning = trick[pn_trick_winner(trick, count, trump)];
  PnCards led_cards;
  suit_cards(held, led, &led_cards);
  bool can_follow = !is_empty(&led_cards);

  if (can_follow) {
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
    PnCards beaters;
    /* Under head_suit=winning a trump winning a plain-suit trick cannot be
     * beaten by the led suit: beating_cards() finds none then. */
    beating_cards(held, led, target, led, ob->head_led ? -1 : trump, &beaters);
    if (is_empty(&beaters)) return PN_FIND_NONE;
    *legal = beaters;
    if (played >= 0 && !beaters.n[played]) {
      *evidence = beaters;
      return PN_FIND_RENEGE_HEAD;
    }
    return PN_FIND_NONE;
  }

  /* Void in the suit led. */
  if (trump < 0 || ob->trump_rule == PN_TRUMP_NO) return PN_FIND_NONE;
  PnCards trumps, beaters;
  suit_cards(held, trump, &trumps);
  if (is_empty(&trumps)) return PN_FIND_NONE;
  beating_cards(held, trump, winning, led, trump, &beaters);
  bool trump_in_trick = PN_SUIT(winning) == trump;
  bool must_overtrump = ob->head == PN_HEAD_ALWAYS && trump_in_trick && !is_empty(&beaters);

  if (ob->trump_rule == PN_TRUMP_IF_CAN_WIN) {
    if (is_empty(&beaters)) return PN_FIND_NONE;
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
  if (played >= 0 && !legal->n[played]) {
    *evidence = beaters;
    return PN_FIND_RENEGE_OVERTRUMP;
  }
  return PN_FIND_NONE;
}

int pn_legal_plays(const PnObligation *ob, const PnCards *held, const PnCard *trick, int count,
                   int trump, PnCards *legal) {
  judge(ob, held, trick, count, trump, -1, legal, NULL);
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
  PnCards legal;
  return judge(ob, held, trick, count, trump, played, &legal, evidence);
}
