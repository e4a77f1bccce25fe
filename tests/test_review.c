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
#include "review_int.h"

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

/* ------------------------------------------------ a simulated hand */

static void sim_hand(uint64_t seed, const char *preset, RvHistory *h) {
  PnRules rules;
  assert_int_equal(pn_rules_preset(&rules, preset), 0);
  assert_int_equal(review_history_sim(&rules, seed, h), 0);
}

/* The game at play p of h with the start-of-play holdings `start` (as
 * review_play builds each deal's). */
static void world_of(const RvHistory *h, int p, const PnCards start[H], PnGame *w) {
  *w = h->before[p];
  for (int s = 0; s < h->rules.players; s++) w->hand.held[s] = start[s];
  for (int q = 0; q < p; q++) {
    const PnEvent *ev = &h->events[h->play_event[q]];
    w->hand.held[ev->seat - 1].n[ev->cards[0]]--;
  }
}

/* The true start-of-play holdings of h. */
static void true_start(const RvHistory *h, PnCards start[H]) {
  memset(start, 0, sizeof(PnCards) * H);
  for (int s = 0; s < h->rules.players; s++) start[s] = h->before[0].hand.held[s];
}

/* ------------------------------------------------ the knowledge */

/* At every play of several hands, the true deal is one the seat's
 * knowledge allows: it holds what is known placed and no forbidden card. */
static void test_knowledge_admits_the_true_deal(void **state) {
  (void)state;
  static RvHistory h;
  const char *presets[] = {"partnership-auction", "five-call", "auction", "partnership"};
  for (int pi = 0; pi < 4; pi++)
    for (uint64_t seed = 1; seed <= 3; seed++) {
      sim_hand(seed, presets[pi], &h);
      PnCards start[H];
      true_start(&h, start);
      for (int p = 0; p < h.nplays; p++) {
        int seat = h.events[h.play_event[p]].seat;
        PnKnown k;
        uint32_t forbid[H];
        assert_int_equal(review_knowledge(&h, p, seat, &k, forbid), 0);
        PnCards base[H], unplaced;
        int extra[PN_KNOWN_GROUPS];
        pn_known_placed(&k, base, extra, &unplaced);
        for (int s = 0; s < h.rules.players; s++) {
          assert_true(pn_cards_contains(&start[s], &base[s]));
          for (int c = 0; c < PN_CARD_KINDS; c++)
            if (start[s].n[c] > base[s].n[c]) assert_false(forbid[s] >> c & 1u);
        }
        RvSpace *sp = review_space_new(&k, forbid);
        assert_true(review_space_count(sp) >= 1);
        review_space_free(sp);
      }
    }
}

/* ------------------------------------------------ the exact check */

/* Every deal of an end position solved: the exact mean (and spread) of
 * each alternative's value. */
typedef struct Exact {
  const RvHistory *h;
  int p;
  const RvDecision *d;      /* the alternatives */
  PnDdSolver *solver;
  double sum[RV_MAX_ALTS], sum2[RV_MAX_ALTS];
  long n;
} Exact;

static void exact_deal(void *ctx, const PnCards deal[H]) {
  Exact *x = ctx;
  PnGame w;
  world_of(x->h, x->p, deal, &w);
  for (int a = 0; a < x->d->nalts; a++) {
    PnDdPlay out;
    assert_int_equal(pn_dd_play(x->solver, &w, x->d->alt[a], &out), 0);
    x->sum[a] += out.par_after;
    x->sum2[a] += (double)out.par_after * out.par_after;
  }
  x->n++;
}

/* On the position before the last three tricks, the sampled means lie
 * within 5 standard errors (the exact spread over sqrt(worlds)) of the
 * exact expectation over every consistent deal. */
static void test_play_review_converges_to_exact_expectation(void **state) {
  (void)state;
  static RvHistory h;
  static PnDdSolver solver;
  static uint64_t table[1u << 17];
  assert_int_equal(pn_dd_init(&solver, table, sizeof table), 0);
  int checked = 0;
  for (uint64_t seed = 1; seed <= 6; seed++) {
    sim_hand(seed, "partnership-auction", &h);
    /* the last play before which the seat's knowledge leaves 50 to
     * 5000 deals: an end position with few unknown cards */
    PnKnown k;
    uint32_t forbid[H];
    int p = h.nplays - 1;
    for (; p > 0; p--) {
      assert_int_equal(review_knowledge(&h, p, h.events[h.play_event[p]].seat, &k, forbid), 0);
      RvSpace *sp = review_space_new(&k, forbid);
      double n = review_space_count(sp);
      review_space_free(sp);
      if (n >= 50 && n <= 5000) break;
    }
    if (p == 0) continue;
    Reviewer *r = review_new(400, 0);
    review_set_all_values(r, true); /* every alternative's mean is checked */
    review_set_sequential(r, 400, 0);  /* all 400 deals */
    RvDecision d;
    SimRng rng;
    sim_rng_seed(&rng, seed);
    assert_int_equal(review_play(r, &h, p, &rng, &d), 0);
    review_free(r);
    Exact x = {.h = &h, .p = p, .d = &d, .solver = &solver};
    Enum e;
    enum_init(&e, &k, forbid);
    e.fn = exact_deal;
    e.ctx = &x;
    enum_rec(&e, 0);
    assert_true(x.n >= 50);
    for (int a = 0; a < d.nalts; a++) {
      double mean = x.sum[a] / x.n, var = x.sum2[a] / x.n - mean * mean;
      double tol = 5 * sqrt(var > 0 ? var : 0) / sqrt(d.worlds) + 1e-9;
      assert_true(fabs(d.value[a] - mean) <= tol);
    }
    checked += d.nalts > 1;
  }
  assert_true(checked > 0);
}

/* ------------------------------------------------ costs and seeds */

static void test_play_review_costs_forced_zero_and_seeded(void **state) {
  (void)state;
  static RvHistory h;
  sim_hand(7, "partnership-auction", &h);
  Reviewer *r = review_new(8, 0);
  int forced = 0;
  for (int p = h.nplays / 2; p < h.nplays; p++) {
    RvDecision a, b;
    SimRng rng;
    sim_rng_seed(&rng, 99);
    assert_int_equal(review_play(r, &h, p, &rng, &a), 0);
    sim_rng_seed(&rng, 99);
    assert_int_equal(review_play(r, &h, p, &rng, &b), 0);
    assert_memory_equal(a.value, b.value, sizeof a.value); /* the same seed, the same values */
    assert_true(a.cost >= 0);
    assert_true(a.value[a.best] - a.value[a.chosen] == a.cost);
    for (int i = 0; i < a.nalts; i++) assert_true(a.value[i] <= a.value[a.best]);
    if (a.nalts == 1) {
      assert_true(a.cost == 0);
      forced++;
    }
  }
  review_free(r);
  assert_true(forced > 0);
}

/* Cards the review counts as one alternative are worth the same double
 * dummy in the true deal, at every play of several hands (a twin of the
 * higher card still out makes A and 10 differ: the first of two
 * identical cards wins the trick). */
static void test_equivalent_cards_have_equal_values(void **state) {
  (void)state;
  static RvHistory h;
  static PnDdSolver solver;
  static uint64_t table[1u << 17];
  assert_int_equal(pn_dd_init(&solver, table, sizeof table), 0);
  Reviewer *r = review_new(1, 0);
  int merged = 0;
  for (uint64_t seed = 1; seed <= 4; seed++) {
    sim_hand(seed, "partnership-auction", &h);
    for (int p = h.nplays - 24; p < h.nplays; p++) {
      RvDecision d;
      SimRng rng;
      sim_rng_seed(&rng, 1);
      assert_int_equal(review_play(r, &h, p, &rng, &d), 0);
      for (int a = 0; a < d.nalts; a++) {
        PnDdPlay rep, other;
        assert_int_equal(pn_dd_play(&solver, &h.before[p], d.alt[a], &rep), 0);
        for (int c = 0; c < PN_CARD_KINDS; c++) {
          if (!(d.members[a] >> c & 1u) || c == d.alt[a]) continue;
          assert_int_equal(pn_dd_play(&solver, &h.before[p], (PnCard)c, &other), 0);
          assert_int_equal(other.par_after, rep.par_after);
          merged++;
        }
      }
    }
  }
  review_free(r);
  assert_true(merged > 0);
}

/* pn_dd_play_window gives pn_dd_play's par_after clamped to the window,
 * for either side, at every play of a hand, windows around the value and
 * beside it. */
static void test_play_window_clamps_par_after(void **state) {
  (void)state;
  static RvHistory h;
  static PnDdSolver solver;
  static uint64_t table[1u << 17];
  assert_int_equal(pn_dd_init(&solver, table, sizeof table), 0);
  int clamped = 0;
  for (uint64_t seed = 1; seed <= 2; seed++) {
    sim_hand(seed, "partnership-auction", &h);
    for (int p = h.nplays - 1; p >= h.nplays - 20; p--) {
      PnExpect ex;
      pn_game_expect(&h.before[p], &ex);
      for (int c = 0; c < PN_CARD_KINDS; c++) {
        if (!ex.legal.n[c]) continue;
        PnDdPlay out;
        assert_int_equal(pn_dd_play(&solver, &h.before[p], (PnCard)c, &out), 0);
        int t = out.par_after;
        const int win[][2] = {{0, 250}, {t - 10, t + 10}, {t, t}, {t + 10, t + 20}, {t - 20, t - 10}, {0, t - 10}};
        for (size_t i = 0; i < sizeof win / sizeof win[0]; i++) {
          int lo = win[i][0] < 0 ? 0 : win[i][0], hi = win[i][1] < lo ? lo : win[i][1], v = -1;
          pn_dd_clear(&solver); /* searched afresh, not read from the memory of pars */
          assert_int_equal(pn_dd_play_window(&solver, &h.before[p], (PnCard)c, lo, hi, &v), 0);
          assert_int_equal(v, t < lo ? lo : t > hi ? hi : t);
          clamped += t < lo || t > hi;
        }
      }
    }
  }
  assert_true(clamped > 0);
}

/* pn_dd_par_window gives pn_dd_par clamped to the window, for both
 * sides, from the first lead (the trump and bid reviews' question) and
 * later in the hand; pn_dd_par_guess the same whatever its guess. */
static void test_par_window_clamps_par(void **state) {
  (void)state;
  static RvHistory h;
  static PnDdSolver solver;
  static uint64_t table[1u << 17];
  assert_int_equal(pn_dd_init(&solver, table, sizeof table), 0);
  int clamped = 0;
  for (uint64_t seed = 1; seed <= 2; seed++) {
    sim_hand(seed, "partnership-auction", &h);
    const int at[] = {0, 20, 30, 36, 44};
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
      const PnGame *g = &h.before[at[k]];
      for (int side = 0; side < 2; side++) {
        int t = pn_dd_par(&solver, g, side);
        assert_true(t >= 0);
        const int win[][2] = {{0, 32767}, {t - 1, 32767}, {t, 32767}, {t + 1, 32767}, {t - 20, t + 20}, {0, t - 5}};
        for (size_t i = 0; i < sizeof win / sizeof win[0]; i++) {
          int lo = win[i][0] < 0 ? 0 : win[i][0], hi = win[i][1] < lo ? lo : win[i][1], v = -1;
          pn_dd_clear(&solver); /* searched afresh, not read from the memory of pars */
          assert_int_equal(pn_dd_par_window(&solver, g, side, lo, hi, &v), 0);
          assert_int_equal(v, t < lo ? lo : t > hi ? hi : t);
          clamped += t < lo || t > hi;
          /* a first guess, right or wrong or outside the window, changes
           * the questions, never the value */
          const int guesses[] = {t, t - 10, t + 10, t - 40, t + 40, lo, hi, -1};
          for (size_t k2 = 0; k2 < sizeof guesses / sizeof guesses[0]; k2++) {
            int gv = -1;
            pn_dd_clear(&solver);
            assert_int_equal(pn_dd_par_guess(&solver, g, side, lo, hi, guesses[k2], &gv), 0);
            assert_int_equal(gv, v);
          }
        }
      }
    }
  }
  assert_true(clamped > 0);
}

/* The default (only the cards that may be best solved exactly) gives the
 * chosen and best cards, their values, the cost, its standard error and the
 * share of deals the chosen card was best in, as solving every card in
 * every deal does, and each other card a bound at
 * least its mean and at most the chosen card's, on the same deals; at
 * plays from the second trick on of three hands, seeded. */
static void test_fast_path_matches_all_values(void **state) {
  (void)state;
  static RvHistory h;
  Reviewer *fast = review_new(4, 0), *all = review_new(4, 0);
  review_set_all_values(all, true);
  int bounded = 0, solved = 0, not_best = 0;
  for (uint64_t seed = 1; seed <= 3; seed++) {
    sim_hand(seed, "partnership-auction", &h);
    for (int p = 4; p < h.nplays; p += seed) {
      RvDecision a, b;
      SimRng rng;
      sim_rng_seed(&rng, seed * 100 + (uint64_t)p);
      assert_int_equal(review_play(fast, &h, p, &rng, &a), 0);
      sim_rng_seed(&rng, seed * 100 + (uint64_t)p);
      assert_int_equal(review_play(all, &h, p, &rng, &b), 0);
      assert_int_equal(a.nalts, b.nalts);
      assert_int_equal(a.chosen, b.chosen);
      assert_int_equal(a.best, b.best);
      assert_true(a.cost == b.cost && a.cost_se == b.cost_se);
      /* the share of deals the chosen card was best in: bounds never beat it */
      assert_int_equal(a.best_worlds, b.best_worlds);
      assert_true(a.best_share == (double)b.best_worlds / b.worlds);
      not_best += a.best_worlds < a.worlds;
      assert_false(a.bound[a.chosen] || a.bound[a.best]);
      for (int i = 0; i < a.nalts; i++) {
        assert_false(b.bound[i]);
        if (a.bound[i]) {
          assert_true(a.value[i] >= b.value[i] && a.value[i] <= a.value[a.best]); /* a bound: it cannot beat the best */
          bounded++;
        } else {
          assert_true(a.value[i] == b.value[i]);
          solved += i != a.chosen;
        }
      }
    }
  }
  review_free(fast);
  review_free(all);
  assert_true(bounded > 0 && solved > 0 && not_best > 0); /* both ways taken; a chosen card not always best */
}

/* Sequential worlds: a decision stops at the first batch when its cost's
 * standard error is small enough, never before the whole sample when no
 * error is, and a decision that stopped at n deals has the values of a
 * fixed sample of n deals from the same seed (the same deals). */
static void test_sequential_worlds_same_deals(void **state) {
  (void)state;
  static RvHistory h;
  sim_hand(2, "partnership-auction", &h);
  Reviewer *seq = review_new(12, 0);
  int stopped_early = 0, went_on = 0;
  for (int p = 8; p < 36; p++) {
    RvDecision a, b;
    SimRng rng;
    review_set_sequential(seq, 4, 1e9); /* any error will do: the first batch */
    sim_rng_seed(&rng, (uint64_t)p);
    assert_int_equal(review_play(seq, &h, p, &rng, &a), 0);
    assert_int_equal(a.worlds, 4);
    review_set_sequential(seq, 4, -1); /* none will: all 12 */
    sim_rng_seed(&rng, (uint64_t)p);
    assert_int_equal(review_play(seq, &h, p, &rng, &a), 0);
    assert_int_equal(a.worlds, 12);
    review_set_sequential(seq, 4, 2.5);
    sim_rng_seed(&rng, (uint64_t)p);
    assert_int_equal(review_play(seq, &h, p, &rng, &a), 0);
    assert_true(a.worlds == 4 || a.worlds == 8 || a.worlds == 12);
    assert_true(a.worlds == 12 || a.cost_se <= 2.5);
    stopped_early += a.worlds < 12;
    went_on += a.worlds > 4;
    Reviewer *fixed = review_new(a.worlds, 0);
    review_set_sequential(fixed, a.worlds, 0); /* a.worlds deals, whatever their error */
    sim_rng_seed(&rng, (uint64_t)p);
    assert_int_equal(review_play(fixed, &h, p, &rng, &b), 0);
    review_free(fixed);
    assert_int_equal(b.worlds, a.worlds);
    assert_memory_equal(a.value, b.value, sizeof a.value);
    assert_true(a.best == b.best && a.cost == b.cost && a.cost_se == b.cost_se);
    assert_int_equal(a.best_worlds, b.best_worlds); /* each batch counts its deals once */
    assert_true(a.best_worlds <= a.worlds);
  }
  review_free(seq);
  assert_true(stopped_early > 0 && went_on > 0);
}

/* Alternative a's values in deals 0..7: the 4 given, twice over. */
static void set_values(double *v, int a, const double four[4]) {
  for (int i = 0; i < 8; i++) v[i * RV_MAX_ALTS + a] = four[i % 4];
}

/* The rule that ends a bid's, trump's or pass's deals: the leader ahead
 * of every other alternative by Student's t standard errors of their
 * paired difference, or, from 8 deals, that difference's error at most
 * the target. */
static void test_settled_rule(void **state) {
  (void)state;
  double v[8 * RV_MAX_ALTS] = {0};
  const double made[4] = {300, 340, 280, 310}, set[4] = {-250, -250, -250, -250};
  set_values(v, 0, made);
  set_values(v, 1, set);
  assert_true(review_settled(v, 4, 2, 0, NULL, 2.5));  /* the chosen far ahead in every deal */
  assert_true(review_settled(v, 4, 2, 1, NULL, 2.5));  /* the same with the other chosen: its cost is clear */
  assert_false(review_settled(v, 1, 2, 0, NULL, 2.5)); /* one deal has no error */
  set_values(v, 1, made);
  assert_false(review_settled(v, 4, 2, 0, NULL, 2.5)); /* equal in 4 deals: maybe by chance */
  assert_true(review_settled(v, 8, 2, 0, NULL, 2.5));  /* equal in 8: tied */
  /* a third alternative that swings either way: not settled */
  const double swing[4] = {400, -250, 420, -250};
  set_values(v, 1, set);
  set_values(v, 2, swing);
  assert_false(review_settled(v, 8, 3, 0, NULL, 2.5));
  assert_true(review_settled(v, 8, 3, 0, NULL, 1e9)); /* any error will do */
  /* ahead by a little in each deal, with a spread: Student's t decides */
  const double near[4] = {290, 330, 275, 300}; /* 10, 10, 5, 10 behind */
  set_values(v, 2, near);
  assert_true(review_settled(v, 4, 3, 0, NULL, 0)); /* mean 8.75, s.e. 1.25: 7 s.e. */
  const double nearer[4] = {290, 320, 280, 300}; /* 10, 20, 0, 10 behind: mean 10, s.e. 4.08 */
  set_values(v, 2, nearer);
  assert_false(review_settled(v, 4, 3, 0, NULL, 2.5)); /* 2.45 s.e.: 1.96 would settle it, 3.18 (4 deals) not */
  assert_true(review_settled(v, 8, 3, 0, NULL, 2.5));  /* the same 4 deals twice: s.e. 2.67, t 2.36 */
}

/* An alternative clearly behind the leader is dropped (review_drop_behind:
 * the settled rule's test, alternative by alternative); the chosen and the
 * leader never are, nor one within Student's t; review_settled then
 * weighs the live ones only. */
static void test_drop_behind_rule(void **state) {
  (void)state;
  double v[8 * RV_MAX_ALTS] = {0};
  const double made[4] = {300, 340, 280, 310}, set[4] = {-250, -250, -250, -250};
  const double swing[4] = {400, -250, 420, -250}, nearer[4] = {290, 320, 280, 300};
  set_values(v, 0, made);
  set_values(v, 1, set);
  set_values(v, 2, swing);
  set_values(v, 3, nearer);
  bool live[RV_MAX_ALTS] = {true, true, true, true};
  assert_int_equal(review_drop_behind(v, 1, 4, 0, live), 0); /* one deal has no error */
  assert_int_equal(review_drop_behind(v, 4, 4, 0, live), 1);
  assert_true(live[0] && !live[1] && live[2] && live[3]); /* set in every deal: out; the swing and 2.45 s.e.: in */
  assert_false(review_settled(v, 4, 4, 0, live, 2.5));     /* the swing still might lead */
  assert_false(review_settled(v, 8, 4, 0, live, 2.5));
  live[2] = false;                                        /* as if the swing had been dropped too */
  assert_true(review_settled(v, 8, 4, 0, live, 2.5));     /* the 2.45 s.e. at 8 deals: 2.67 s.e. against t 2.36 */
  for (int a = 0; a < 4; a++) live[a] = true;
  assert_int_equal(review_drop_behind(v, 4, 4, 1, live), 0); /* the chosen far behind: kept (its cost is wanted) */
  assert_true(live[1]);
  set_values(v, 1, made);                                 /* the chosen now ties the leader: still none */
  assert_int_equal(review_drop_behind(v, 4, 4, 1, live), 0);
}

/* Trumps of two-hand-bid (fast whole hands) reviewed sequentially up to 16
 * deals, once dropping the suits clearly behind and once (all_values)
 * solving every suit in every deal: where both drew as many deals, the
 * chosen, the best, their values, the cost and its error are the same; a
 * dropped suit is neither the chosen nor the best and is marked bound;
 * some suits are dropped, and fewer nodes are searched. */
static void test_dropped_alternatives_keep_the_verdict(void **state) {
  (void)state;
  static RvHistory h;
  Reviewer *drop = review_new(16, 0), *every = review_new(16, 0);
  review_set_all_values(every, true);
  int dropped = 0, compared = 0;
  for (uint64_t seed = 1; seed <= 12; seed++) {
    sim_hand(seed, "two-hand-bid", &h);
    RvDecision a, b;
    SimRng rng;
    sim_rng_seed(&rng, seed);
    assert_int_equal(review_trump(drop, &h, &rng, &a), 0);
    sim_rng_seed(&rng, seed);
    assert_int_equal(review_trump(every, &h, &rng, &b), 0);
    for (int s = 0; s < PN_SUITS; s++) {
      assert_false(b.bound[s]);
      if (!a.bound[s]) continue;
      dropped++;
      assert_true(s != a.chosen && s != a.best);
    }
    if (a.worlds != b.worlds) continue; /* the settled rule weighed other suits */
    compared++;
    assert_int_equal(a.best, b.best);
    assert_true(a.value[a.chosen] == b.value[b.chosen] && a.value[a.best] == b.value[b.best]);
    assert_true(a.cost == b.cost && a.cost_se == b.cost_se);
  }
  assert_true(dropped > 0 && compared >= 6);
  assert_true(review_nodes(drop) < review_nodes(every));
  review_free(drop);
  review_free(every);
}

/* The bid review takes deals in batches until settled (review_worlds,
 * as the trump and pass reviews): fewer than the worlds for some bids,
 * and then the values of a fixed sample of that many deals (the same
 * deals, in the same order).  Bids only: a deal is one solve. */
static void test_contract_worlds_stop_when_settled(void **state) {
  (void)state;
  static RvHistory h;
  Reviewer *seq = review_new(16, 0);
  int stopped_early = 0, decisions = 0;
  for (uint64_t seed = 1; seed <= 8 && !(stopped_early > 0 && decisions >= 2); seed++) {
    sim_hand(seed, "partnership-auction", &h);
    RvDecision a, b;
    SimRng rng;
    sim_rng_seed(&rng, seed);
    if (review_bid(seq, &h, &rng, &a) != 0) continue; /* a forced bid: no decision */
    decisions++;
    assert_true(a.worlds % 4 == 0 && a.worlds >= 4 && a.worlds <= 16);
    stopped_early += a.worlds < 16;
    Reviewer *fixed = review_new(a.worlds, 0);
    review_set_sequential(fixed, a.worlds, 0);
    sim_rng_seed(&rng, seed);
    assert_int_equal(review_bid(fixed, &h, &rng, &b), 0);
    review_free(fixed);
    assert_int_equal(b.worlds, a.worlds);
    assert_memory_equal(a.value, b.value, sizeof a.value);
    assert_true(a.best == b.best && a.cost == b.cost && a.cost_se == b.cost_se && a.best_worlds == b.best_worlds);
    assert_true(a.p_make == b.p_make);
  }
  review_free(seq);
  assert_true(decisions > 0 && stopped_early > 0);
}

/* A decision reviewed by a reviewer that has just reviewed others searches
 * the nodes a new reviewer searches, and gets the same values: each play
 * and each deal of a trump starts as on a cleared table, so whether a
 * budget stops a solve does not depend on which job did what before it
 * (review -j with --budget, test_review_jobs). */
static void test_a_decision_searches_the_same_nodes_after_others(void **state) {
  (void)state;
  static RvHistory h;
  sim_hand(2, "partnership-auction", &h);
  Reviewer *warm = review_new(4, 0);
  RvDecision d;
  SimRng rng;
  for (int p = 4; p < 8; p++) { /* trick 2: a table full of this hand's positions */
    sim_rng_seed(&rng, (uint64_t)p);
    assert_int_equal(review_play(warm, &h, p, &rng, &d), 0);
  }
  for (int kind = 0; kind < 2; kind++) { /* the next play, then the trump */
    Reviewer *fresh = review_new(4, 0);
    RvDecision a, b;
    long n_fresh = review_nodes(fresh), n_warm = review_nodes(warm);
    sim_rng_seed(&rng, 99);
    assert_int_equal(kind ? review_trump(fresh, &h, &rng, &a) : review_play(fresh, &h, 8, &rng, &a), 0);
    sim_rng_seed(&rng, 99);
    assert_int_equal(kind ? review_trump(warm, &h, &rng, &b) : review_play(warm, &h, 8, &rng, &b), 0);
    n_fresh = review_nodes(fresh) - n_fresh;
    n_warm = review_nodes(warm) - n_warm;
    assert_true(n_fresh > 1000);
    assert_int_equal(n_fresh, n_warm);
    assert_int_equal(a.worlds, b.worlds);
    assert_memory_equal(a.value, b.value, sizeof a.value);
    review_free(fresh);
  }
  review_free(warm);
}

/* The trump review: four suits, the chosen one among them, cost >= 0 and
 * the same values for the same seed; a turned-up trump is no decision. */
static void test_trump_review_values_each_suit(void **state) {
  (void)state;
  static RvHistory h;
  sim_hand(3, "partnership-auction", &h);
  assert_true(h.trump_event >= 0);
  Reviewer *r = review_new(2, 0);
  RvDecision a, b;
  SimRng rng;
  sim_rng_seed(&rng, 5);
  assert_int_equal(review_trump(r, &h, &rng, &a), 0);
  sim_rng_seed(&rng, 5);
  assert_int_equal(review_trump(r, &h, &rng, &b), 0);
  assert_int_equal(a.kind, RV_TRUMP);
  assert_int_equal(a.nalts, PN_SUITS);
  assert_int_equal(a.chosen, h.events[h.trump_event].suit);
  assert_int_equal(a.worlds, 2);
  assert_true(a.cost >= 0 && a.cost == a.value[a.best] - a.value[a.chosen]);
  assert_memory_equal(a.value, b.value, sizeof a.value);
  int bid = h.before_trump.hand.high_bid;
  for (int s = 0; s < PN_SUITS; s++) assert_true(a.value[s] >= -bid);
  sim_hand(3, "partnership", &h);
  assert_int_equal(review_trump(r, &h, &rng, &a), 1);
  assert_int_equal(review_bid(r, &h, &rng, &a), 1);
  review_free(r);
}

/* The bid review: the bid made, one step lower and passing (0); P(make)
 * a share; cost >= 0; a seed repeats; a forced bid is no decision. */
static void test_bid_review_p_make_and_alternatives(void **state) {
  (void)state;
  static RvHistory h;
  Reviewer *r = review_new(3, 0);
  int reviewed = 0;
  for (uint64_t seed = 1; seed <= 8; seed++) {
    sim_hand(seed, "partnership-auction", &h);
    RvDecision a, b;
    SimRng rng;
    sim_rng_seed(&rng, seed);
    int rc = review_bid(r, &h, &rng, &a);
    if (rc == 1) continue; /* a forced bid */
    assert_int_equal(rc, 0);
    sim_rng_seed(&rng, seed);
    assert_int_equal(review_bid(r, &h, &rng, &b), 0);
    assert_memory_equal(a.value, b.value, sizeof a.value);
    assert_true(a.p_make == b.p_make && a.p_make >= 0 && a.p_make <= 1);
    assert_int_equal(a.kind, RV_BID);
    assert_int_equal(a.amount[a.chosen], h.before_trump.hand.high_bid);
    assert_int_equal(a.amount[a.nalts - 1], 0);
    assert_true(a.value[a.nalts - 1] == 0); /* passing: valued 0 */
    assert_true(a.cost >= 0 && a.cost == a.value[a.best] - a.value[a.chosen]);
    reviewed++;
  }
  review_free(r);
  assert_true(reviewed > 0);
}

/* Two reviews of one decision on the same deals, b's every value exact:
 * the same values (where a's only bounds an alternative, neither the
 * chosen nor the best, its mean is at least b's), cost, error, P(make),
 * best and deals. */
static void assert_same_verdict(const RvDecision *a, const RvDecision *b) {
  for (int k = 0; k < a->nalts; k++) {
    assert_false(b->bound[k]);
    if (!a->bound[k]) assert_true(a->value[k] == b->value[k]);
    else assert_true(a->value[k] >= b->value[k] && k != a->chosen && k != a->best);
  }
  assert_true(a->p_make == b->p_make && a->cost == b->cost && a->cost_se == b->cost_se);
  assert_int_equal(a->best, b->best);
  assert_int_equal(a->worlds, b->worlds);
}

/* The trump, bid and pass reviews ask only "set?" where a contract is
 * set (pn_dd_par_guess from bid - meld - taken - 1; a pass's made
 * contracts first at the counters of the deal's pass before), and the
 * trump's other suits and the other passes only "better than the
 * chosen?" until they may lead (pn_dd_par_ask): the same verdict as the
 * totals solved exactly (review_set_all_values), on the same deals, in
 * fewer nodes (the questions cut something); some suits and some passes
 * are left bounded. */
static void test_trump_bid_window_matches_exact(void **state) {
  (void)state;
  static RvHistory h;
  Reviewer *win = review_new(4, 0), *exact = review_new(4, 0);
  review_set_all_values(exact, true);
  int reviewed = 0, passes = 0, bounded = 0, bounded_passes = 0;
  for (uint64_t seed = 1; seed <= 6; seed++) {
    sim_hand(seed, "partnership-auction", &h);
    int (*const kinds[])(Reviewer *, const RvHistory *, SimRng *, RvDecision *) = {review_trump, review_bid};
    for (int k = 0; k < 2; k++) {
      RvDecision a, b;
      SimRng rng;
      sim_rng_seed(&rng, seed);
      int rc = kinds[k](win, &h, &rng, &a);
      sim_rng_seed(&rng, seed);
      assert_int_equal(kinds[k](exact, &h, &rng, &b), rc);
      if (rc != 0) continue;
      assert_same_verdict(&a, &b);
      for (int s = 0; s < a.nalts; s++) bounded += a.bound[s];
      reviewed++;
    }
    for (int at = h.trump_event; at >= 0 && at < h.nevents; at++) {
      RvDecision a, b;
      SimRng rng;
      sim_rng_seed(&rng, seed + 100);
      int rc = review_pass(win, &h, at, &rng, &a);
      sim_rng_seed(&rng, seed + 100);
      assert_int_equal(review_pass(exact, &h, at, &rng, &b), rc);
      if (rc != 0) continue;
      assert_same_verdict(&a, &b);
      for (int k = 0; k < a.nalts; k++) bounded_passes += a.bound[k];
      passes++;
    }
  }
  assert_true(reviewed >= 6 && passes >= 6 && bounded > 0 && bounded_passes > 0);
  assert_true(review_nodes(win) < review_nodes(exact));
  review_free(win);
  review_free(exact);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sampler_uniform_over_shuffles),
      cmocka_unit_test(test_sampler_no_deal_counts_zero),
      cmocka_unit_test(test_knowledge_admits_the_true_deal),
      cmocka_unit_test(test_play_review_converges_to_exact_expectation),
      cmocka_unit_test(test_play_review_costs_forced_zero_and_seeded),
      cmocka_unit_test(test_equivalent_cards_have_equal_values),
      cmocka_unit_test(test_play_window_clamps_par_after),
      cmocka_unit_test(test_par_window_clamps_par),
      cmocka_unit_test(test_fast_path_matches_all_values),
      cmocka_unit_test(test_sequential_worlds_same_deals),
      cmocka_unit_test(test_settled_rule),
      cmocka_unit_test(test_drop_behind_rule),
      cmocka_unit_test(test_dropped_alternatives_keep_the_verdict),
      cmocka_unit_test(test_contract_worlds_stop_when_settled),
      cmocka_unit_test(test_a_decision_searches_the_same_nodes_after_others),
      cmocka_unit_test(test_trump_review_values_each_suit),
      cmocka_unit_test(test_bid_review_p_make_and_alternatives),
      cmocka_unit_test(test_trump_bid_window_matches_exact),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
