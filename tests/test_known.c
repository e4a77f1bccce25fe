/* test_known.c - the knowledge of the hidden hands and its feasibility
 * check (src/rules/known.c), cross-checked against brute force. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "known.h"
#include "pinochle.h"

static PnKnown partnership_auction(void) {
  PnRules rules;
  PnKnown k;
  assert_int_equal(pn_rules_preset(&rules, "partnership-auction"), 0);
  pn_known_init(&k, &rules);
  return k;
}

/* Nothing known: a deal fits. */
static void test_known_empty_fits(void **state) {
  (void)state;
  PnKnown k = partnership_auction();
  PnKnownWhy why;
  assert_true(pn_known_check(&k, &why));
}

/* A third AS in a 48-card deck: two played and one shown. */
static void test_known_third_copy(void **state) {
  (void)state;
  PnKnown k = partnership_auction();
  PnCard as = PN_CARD(PN_SPADES, PN_ACE);
  pn_known_play(&k, 1, as);
  pn_known_play(&k, 2, as);
  assert_true(pn_known_check(&k, NULL));
  pn_known_hold(&k, 0, as, 1);
  PnKnownWhy why;
  assert_false(pn_known_check(&k, &why));
  assert_int_equal(why.kind, PN_KNOWN_TOO_MANY_COPIES);
  assert_int_equal(why.card, as);
  assert_int_equal(why.count, 3);
  assert_int_equal(why.limit, 2);
}

/* A card shown in meld and later played counts once. */
static void test_known_meld_then_play_once(void **state) {
  (void)state;
  PnKnown k = partnership_auction();
  PnCard as = PN_CARD(PN_SPADES, PN_ACE);
  pn_known_hold(&k, 0, as, 1);
  pn_known_play(&k, 0, as);
  pn_known_play(&k, 1, as);
  assert_true(pn_known_check(&k, NULL));
}

/* A seat known to hold more than a hand. */
static void test_known_overfull(void **state) {
  (void)state;
  PnKnown k = partnership_auction();
  for (int c = 0; c < 13; c++) pn_known_hold(&k, 2, (PnCard)(c / 6 * 8 + c % 6), 1);
  PnKnownWhy why;
  assert_false(pn_known_check(&k, &why));
  assert_int_equal(why.kind, PN_KNOWN_OVERFULL);
  assert_int_equal(why.holder, 2);
  assert_int_equal(why.count, 13);
  assert_int_equal(why.limit, 12);
}

/* Three seats out of spades: the 12 spades must all be with the fourth,
 * whose hand is 12, which fits; once it has played a heart the 12 spades
 * have 11 places, and the trouble is named: spades, seat 0. */
static void test_known_voids_name_the_suit(void **state) {
  (void)state;
  PnKnown k = partnership_auction();
  for (int s = 1; s < 4; s++) pn_known_void(&k, s, PN_SPADES);
  assert_true(pn_known_check(&k, NULL)); /* seat 0 holds all 12 spades */
  pn_known_play(&k, 0, PN_CARD(PN_HEARTS, PN_ACE)); /* it had a heart too: 11 places left */
  PnKnownWhy why;
  assert_false(pn_known_check(&k, &why));
  assert_int_equal(why.kind, PN_KNOWN_NO_ROOM);
  assert_int_equal(why.holders, 1u);
  assert_int_equal(why.suit, PN_SPADES);
  assert_int_equal(why.count, 12);
  assert_int_equal(why.limit, 11);
  /* without seat 3's void the spades fit */
  assert_true(pn_known_check_ignoring(&k, 1u << 3, 1u << PN_SPADES, NULL));
  assert_false(pn_known_check_ignoring(&k, 1u << 3, 1u << PN_HEARTS, NULL));
}

/* A void yet a card of the suit still known held. */
static void test_known_void_held(void **state) {
  (void)state;
  PnKnown k = partnership_auction();
  pn_known_hold(&k, 1, PN_CARD(PN_CLUBS, PN_KING), 1);
  pn_known_void(&k, 1, PN_CLUBS);
  PnKnownWhy why;
  assert_false(pn_known_check(&k, &why));
  assert_int_equal(why.kind, PN_KNOWN_VOID_HELD);
  assert_int_equal(why.holder, 1);
  assert_int_equal(why.card, PN_CARD(PN_CLUBS, PN_KING));
  pn_known_play(&k, 1, PN_CARD(PN_CLUBS, PN_KING)); /* played before it showed out */
  assert_true(pn_known_check(&k, NULL));
}

/* A lack is a void of one card: the card known held is named (and the
 * seat's other cards of the suit are not barred), the copies not seen go
 * to the others, and ignoring the seat's lacks of the suit lifts it. */
static void test_known_lack(void **state) {
  (void)state;
  PnKnown k = partnership_auction();
  PnCard ks = PN_CARD(PN_SPADES, PN_KING), qs = PN_CARD(PN_SPADES, PN_QUEEN);
  pn_known_hold(&k, 1, qs, 1);
  pn_known_lack(&k, 1, ks);
  assert_true(pn_known_check(&k, NULL)); /* QS is not barred */
  pn_known_hold(&k, 1, ks, 1);
  PnKnownWhy why;
  assert_false(pn_known_check(&k, &why));
  assert_int_equal(why.kind, PN_KNOWN_LACK_HELD);
  assert_int_equal(why.holder, 1);
  assert_int_equal(why.card, ks);
  assert_int_equal(why.suit, PN_SPADES);
  assert_true(pn_known_check_ignoring(&k, 1u << 1, 1u << PN_SPADES, NULL));
  /* the two KS not seen: seats 0, 2 and 3 lack them too, so nowhere */
  k = partnership_auction();
  for (int s = 0; s < 4; s++) pn_known_lack(&k, s, ks);
  assert_false(pn_known_check(&k, &why));
  assert_int_equal(why.kind, PN_KNOWN_NO_ROOM);
  assert_int_equal(why.holders, 0u);
  assert_int_equal(why.count, 2);
  pn_known_play(&k, 3, ks); /* played before: one copy left, still nowhere */
  pn_known_play(&k, 2, ks);
  assert_true(pn_known_check(&k, NULL));
}

/* The auction widow: its cards are the bidder's or discarded. */
static void test_known_widow_group(void **state) {
  (void)state;
  PnRules rules;
  PnKnown k;
  assert_int_equal(pn_rules_preset(&rules, "auction"), 0);
  pn_known_init(&k, &rules);
  PnCard tc = PN_CARD(PN_CLUBS, PN_TEN);
  assert_int_equal(pn_known_among(&k, tc, 1, 1u << 0 | 1u << PN_KNOWN_PILE), 0);
  pn_known_play(&k, 1, tc);
  assert_true(pn_known_check(&k, NULL));
  pn_known_play(&k, 2, tc); /* both TC with the others: the widow's has nowhere to be */
  PnKnownWhy why;
  assert_false(pn_known_check(&k, &why));
  assert_int_equal(why.kind, PN_KNOWN_TOO_MANY_COPIES);
  assert_int_equal(why.card, tc);
}

/* ------------------------------------------------ brute force cross-check */

enum { BF_KINDS = 5 };
/* The cards of the small deck: AS TS KS, AH TH (kind x is bf_card[x]). */
static const PnCard bf_card[BF_KINDS] = {0, 1, 2, 8, 9};

/* Is there a deal after[h][c] with the rows' sums the sizes, the columns'
 * the deck, and every fact kept?  Tries every split of every card. */
static bool bf_fits(const PnKnown *k, int after[PN_KNOWN_HOLDERS][BF_KINDS], int c, const int *holders, int nh) {
  if (c == BF_KINDS) {
    for (int i = 0; i < nh; i++) {
      int h = holders[i], sum = 0;
      for (int x = 0; x < BF_KINDS; x++) {
        sum += after[h][x];
        PnCard card = bf_card[x];
        if (after[h][x] < k->held[h].n[card] || after[h][x] < k->played[h].n[card]) return false;
        if (((k->voids[h] >> PN_SUIT(card)) & 1u) && after[h][x] != k->played[h].n[card]) return false;
        if (k->lacks[h].n[card] && after[h][x] != k->played[h].n[card]) return false;
      }
      if (sum != k->size[h]) return false;
    }
    for (int g = 0; g < k->ngroups; g++) {
      int in = 0;
      for (int i = 0; i < nh; i++)
        for (int x = 0; x < BF_KINDS; x++)
          if ((k->groups[g].holders & (1u << holders[i])) && bf_card[x] == k->groups[g].card) in += after[holders[i]][x];
      if (in < k->groups[g].copies) return false;
    }
    return true;
  }
  /* split deck[c] copies among the holders */
  int copies = k->deck.n[bf_card[c]];
  if (nh == 3) {
    for (int a = 0; a <= copies; a++)
      for (int b = 0; a + b <= copies; b++) {
        after[holders[0]][c] = a;
        after[holders[1]][c] = b;
        after[holders[2]][c] = copies - a - b;
        if (bf_fits(k, after, c + 1, holders, nh)) return true;
      }
  }
  return false;
}

/* Seeded random small instances (5 cards of two suits, 1..2 copies each,
 * two seats and a pile of 0..2; holds, plays, voids, lacks and groups):
 * the check agrees with brute force every time. */
static void test_known_matches_brute_force(void **state) {
  (void)state;
  srand(20261128);
  int fits = 0, not = 0;
  for (int round = 0; round < 3000; round++) {
    PnKnown k;
    memset(&k, 0, sizeof k);
    k.players = 2;
    int total = 0;
    for (int x = 0; x < BF_KINDS; x++) total += k.deck.n[bf_card[x]] = (uint8_t)(1 + rand() % 2);
    k.size[PN_KNOWN_PILE] = rand() % 3;
    k.size[0] = (total - k.size[PN_KNOWN_PILE]) / 2;
    k.size[1] = total - k.size[PN_KNOWN_PILE] - k.size[0];
    int facts = rand() % 5;
    for (int f = 0; f < facts; f++) {
      int h = rand() % 3 == 2 ? PN_KNOWN_PILE : rand() % 2;
      PnCard c = bf_card[rand() % BF_KINDS];
      switch (rand() % 5) {
        case 0: pn_known_hold(&k, h, c, 1 + rand() % 2); break;
        case 1: pn_known_play(&k, h, c); break;
        case 2: if (h != PN_KNOWN_PILE) pn_known_void(&k, h, rand() % 2 ? PN_SPADES : PN_HEARTS); break;
        case 3: if (h != PN_KNOWN_PILE) pn_known_lack(&k, h, c); break;
        default: {
          bool dup = false; /* one group per card: the recorder keeps no more */
          for (int g = 0; g < k.ngroups; g++) dup |= k.groups[g].card == c;
          unsigned m = (unsigned)(1 + rand() % 7), mask = (m & 3u) | ((m & 4u) ? 1u << PN_KNOWN_PILE : 0);
          if (!dup) assert_int_equal(pn_known_among(&k, c, 1 + rand() % 2, mask), 0);
        }
      }
    }
    int after[PN_KNOWN_HOLDERS][BF_KINDS];
    memset(after, 0, sizeof after);
    const int holders[3] = {0, 1, PN_KNOWN_PILE};
    bool want = bf_fits(&k, after, 0, holders, 3);
    PnKnownWhy why = {0};
    bool got = pn_known_check(&k, &why);
    if (want != got) fail_msg("round %d: brute force %d, check %d (kind %d)", round, want, got, why.kind);
    want ? fits++ : not++;
  }
  assert_true(fits > 300 && not > 300); /* both answers were tried often */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_known_empty_fits),
      cmocka_unit_test(test_known_third_copy),
      cmocka_unit_test(test_known_meld_then_play_once),
      cmocka_unit_test(test_known_overfull),
      cmocka_unit_test(test_known_voids_name_the_suit),
      cmocka_unit_test(test_known_void_held),
      cmocka_unit_test(test_known_lack),
      cmocka_unit_test(test_known_widow_group),
      cmocka_unit_test(test_known_matches_brute_force),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
