/* test_review.c - the review's sampler (uniform over consistent deals,
 * checked against exhaustive enumeration) and the play review (exact
 * expectations on end positions, forced plays, costs, seeds). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dd.h"
#include "review.h"

#define H PN_KNOWN_HOLDERS

/* ------------------------------------------------ exhaustive enumeration */

/* Every labelled deal of the free cards (each copy its own card) into
 * the holders' room, the forbidden kinds kept out: fn sees each one. */
typedef struct Enum {
  PnCard free[64];          /* the free cards, a copy each */
  int nfree;
  int room[H];              /* room left */
  const uint32_t *forbid;   /* as review_space_new's */
  PnCards deal[H];          /* the deal being built (placed cards included) */
  void (*fn)(void *ctx, const PnCards deal[H]);
  void *ctx;
  long deals;               /* deals seen */
} Enum;

static void enum_rec(Enum *e, int i) {
  if (i == e->nfree) {
    e->deals++;
    e->fn(e->ctx, e->deal);
    return;
  }
  PnCard c = e->free[i];
  for (int h = 0; h < H; h++) {
    if (e->room[h] == 0 || (e->forbid && (e->forbid[h] >> c & 1u))) continue;
    e->room[h]--;
    e->deal[h].n[c]++;
    enum_rec(e, i + 1);
    e->deal[h].n[c]--;
    e->room[h]++;
  }
}

/* Free cards and room as the sampler reads them from k (groups: none here). */
static void enum_init(Enum *e, const PnKnown *k, const uint32_t *forbid) {
  memset(e, 0, sizeof *e);
  int extra[PN_KNOWN_GROUPS];
  PnCards unplaced;
  pn_known_placed(k, e->deal, extra, &unplaced);
  for (int c = 0; c < PN_CARD_KINDS; c++)
    for (int j = 0; j < unplaced.n[c]; j++) e->free[e->nfree++] = (PnCard)c;
  for (int h = 0; h < H; h++) e->room[h] = k->size[h] - pn_cards_total(&e->deal[h]);
  e->forbid = forbid;
}

/* ------------------------------------------------ uniformity (chi-square) */

#define MAX_OUTCOMES 4096

typedef struct Tally {
  int n;                          /* outcomes seen */
  PnCards key[MAX_OUTCOMES][H];   /* each outcome (a deal of multisets) */
  double exact[MAX_OUTCOMES];     /* labelled deals giving it */
  long got[MAX_OUTCOMES];         /* times sampled */
} Tally;

static int tally_find(Tally *t, const PnCards deal[H]) {
  for (int i = 0; i < t->n; i++)
    if (memcmp(t->key[i], deal, sizeof(PnCards) * H) == 0) return i;
  return -1;
}

static void tally_exact(void *ctx, const PnCards deal[H]) {
  Tally *t = ctx;
  int i = tally_find(t, deal);
  if (i < 0) {
    assert_true(t->n < MAX_OUTCOMES);
    i = t->n++;
    memcpy(t->key[i], deal, sizeof(PnCards) * H);
  }
  t->exact[i]++;
}

/* The chi-square critical value for df degrees of freedom at p = 1e-6
 * (Wilson-Hilferty: z = 4.753). */
static double chi2_critical(int df) {
  double a = 2.0 / (9.0 * df);
  return df * pow(1 - a + 4.753 * sqrt(a), 3);
}

/* A small case: three seats and a pile; seat 1 (index 0) known; two
 * identical aces among the free cards (so a sampler uniform over
 * multisets rather than over shuffles fails); seat 2 forbidden hearts. */
static void small_case(PnKnown *k, uint32_t forbid[H]) {
  PnRules rules;
  assert_int_equal(pn_rules_preset(&rules, "three-hand"), 0);
  pn_known_init(k, &rules);
  memset(&k->deck, 0, sizeof k->deck);
  k->deck.n[PN_CARD(PN_SPADES, PN_ACE)] = 2;
  k->deck.n[PN_CARD(PN_SPADES, PN_TEN)] = 1;
  k->deck.n[PN_CARD(PN_HEARTS, PN_KING)] = 1;
  k->deck.n[PN_CARD(PN_HEARTS, PN_QUEEN)] = 1;
  k->deck.n[PN_CARD(PN_CLUBS, PN_NINE)] = 1;
  k->deck.n[PN_CARD(PN_CLUBS, PN_JACK)] = 1;
  k->size[0] = 1;
  k->size[1] = 3;
  k->size[2] = 2;
  k->size[PN_KNOWN_PILE] = 1;
  pn_known_hold(k, 0, PN_CARD(PN_CLUBS, PN_JACK), 1);
  memset(forbid, 0, sizeof(uint32_t) * H);
  forbid[1] = 1u << PN_CARD(PN_HEARTS, PN_KING) | 1u << PN_CARD(PN_HEARTS, PN_QUEEN);
}

static void test_sampler_uniform_over_shuffles(void **state) {
  (void)state;
  PnKnown k;
  uint32_t forbid[H];
  small_case(&k, forbid);
  static Tally t;
  memset(&t, 0, sizeof t);
  Enum e;
  enum_init(&e, &k, forbid);
  e.fn = tally_exact;
  e.ctx = &t;
  enum_rec(&e, 0);
  RvSpace *sp = review_space_new(&k, forbid);
  assert_non_null(sp);
  assert_true(e.deals > 10);
  assert_true(fabs(review_space_count(sp) - (double)e.deals) < 0.5); /* the count is exact */
  SimRng rng;
  sim_rng_seed(&rng, 42);
  const long samples = 200000;
  for (long s = 0; s < samples; s++) {
    PnCards deal[H];
    assert_int_equal(review_space_sample(sp, &rng, deal), 0);
    int i = tally_find(&t, deal);
    assert_true(i >= 0); /* every deal drawn is consistent */
    t.got[i]++;
  }
  review_space_free(sp);
  double chi2 = 0;
  for (int i = 0; i < t.n; i++) {
    double expect = samples * t.exact[i] / (double)e.deals;
    chi2 += (t.got[i] - expect) * (t.got[i] - expect) / expect;
  }
  assert_true(t.n > 3);
  assert_true(chi2 < chi2_critical(t.n - 1));
}

static void test_sampler_no_deal_counts_zero(void **state) {
  (void)state;
  PnKnown k;
  uint32_t forbid[H];
  small_case(&k, forbid);
  forbid[2] = forbid[1];             /* hearts neither with seat 2 nor seat 3 ... */
  k.size[PN_KNOWN_PILE] = 1;         /* ... and the pile holds one: two hearts cannot go anywhere */
  RvSpace *sp = review_space_new(&k, forbid);
  assert_non_null(sp);
  assert_true(review_space_count(sp) == 0);
  PnCards deal[H];
  SimRng rng;
  sim_rng_seed(&rng, 1);
  assert_int_equal(review_space_sample(sp, &rng, deal), -1);
  review_space_free(sp);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sampler_uniform_over_shuffles),
      cmocka_unit_test(test_sampler_no_deal_counts_zero),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
