/* trick.c - trick winner, legal plays and renege classification: the public
 * API over the inline rules of judge.h. */
#include "pinochle.h"

#include <string.h>

#include "judge.h"

bool pn_card_beats(PnCard card, PnCard best, int led_suit, int trump) {
  int suit = PN_SUIT(card), best_suit = PN_SUIT(best);
  if (suit == trump) return best_suit != trump || PN_RANK(card) < PN_RANK(best);
  if (suit != led_suit || best_suit == trump) return false;
  return best_suit != led_suit || PN_RANK(card) < PN_RANK(best);
}

int pn_trick_winner(const PnCard *cards, int count, int trump) { return judge_winner(cards, count, trump); }

static const char *const FINDING_NAMES[PN_FIND_KINDS] = {
    "none",         "renege-follow", "renege-head", "renege-trump",
    "renege-overtrump", "bid-too-low", "bid-after-pass", "meld-claim",
    "trump-without-marriage", "score-claim", "stored-result",
};

const char *pn_finding_name(PnFindingKind kind) {
  return (kind >= 0 && kind < PN_FIND_KINDS) ? FINDING_NAMES[kind] : "unknown";
}

int pn_legal_plays(const PnObligation *ob, const PnCards *held, const PnCard *trick, int count,
                   int trump, PnCards *legal) {
  SuitSlice slice, unused;
  judge_play(ob, held, trick, count, trump, -1, &slice, &unused);
  judge_slice_cards(held, slice, legal);
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
  PnFindingKind kind = judge_play(ob, held, trick, count, trump, played, &legal, &obliged);
  if (evidence) judge_slice_cards(held, obliged, evidence);
  return kind;
}

void pn_play_lacks(const PnObligation *ob, const PnCard *trick, int count, int trump, PnCard played,
                   PnCards *lacks) {
  memset(lacks, 0, sizeof *lacks);
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    PnCards held = {{0}};
    held.n[played] = 1;
    held.n[c]++;
    if (pn_classify_play(ob, &held, trick, count, trump, played, NULL) != PN_FIND_NONE) lacks->n[c] = 1;
  }
}
