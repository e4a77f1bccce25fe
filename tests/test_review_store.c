/*
 * test_review_store.c - a hand's review in its stored form
 * (src/review/review_store.h): encoded and decoded bit for bit, and bytes
 * that are not one (another method, cut short, trailing, out of range)
 * refused, so a damaged or stale review is reviewed again.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "review_store.h"

/* A review of three decisions: a trump, a bid with P(make), an unvalued play. */
static void sample(RvHandReview *r) {
  memset(r, 0, sizeof *r);
  r->trump = true;
  r->skipped = 2;
  r->n = 3;
  RvVerdict *t = &r->d[0];
  *t = (RvVerdict){.seq = 10, .seat = 3, .kind = RV_TRUMP, .valued = true, .worlds = 16, .nalts = 4, .chosen = 1,
                   .best = 2, .cost = 60.0 / 7.0, .cost_se = 74.25, .best_share = 0.3125};
  const char *suits[4] = {"S", "H", "D", "C"};
  for (int a = 0; a < 4; a++) {
    snprintf(t->label[a], RV_LABEL, "%s", suits[a]);
    t->value[a] = -250.0 + a / 3.0;
  }
  RvVerdict *b = &r->d[1];
  *b = (RvVerdict){.seq = 9, .seat = 2, .kind = RV_BID, .valued = true, .worlds = 16, .nalts = 3, .chosen = 0,
                   .best = 1, .cost = 69.375, .cost_se = 46.91, .p_make = 0.8125, .best_share = 1.0 / 3};
  snprintf(b->label[0], RV_LABEL, "280");
  snprintf(b->label[1], RV_LABEL, "270");
  snprintf(b->label[2], RV_LABEL, "pass");
  b->value[0] = 241.875, b->value[1] = 311.25, b->value[2] = 0;
  RvVerdict *p = &r->d[2];
  *p = (RvVerdict){.seq = 400, .seat = 1, .kind = RV_PLAY, .valued = false, .worlds = 16, .nalts = 2};
  snprintf(p->label[0], RV_LABEL, "AS");
  snprintf(p->label[1], RV_LABEL, "AS KS QS JS 9S TS AH"); /* a long label (a pass) */
}

static void test_review_store_round_trips_bit_for_bit(void **state) {
  (void)state;
  RvHandReview *r = malloc(sizeof *r), *back = malloc(sizeof *back);
  uint8_t *buf = malloc(RV_STORE_MAX_BYTES);
  assert_non_null(r);
  assert_non_null(back);
  assert_non_null(buf);
  sample(r);
  size_t len = review_encode(r, buf);
  assert_true(len > 0 && len <= RV_STORE_MAX_BYTES);
  memset(back, 0xAB, sizeof *back);
  assert_int_equal(review_decode(buf, len, back), 0);
  assert_true(back->trump);
  assert_int_equal(back->skipped, 2);
  assert_int_equal(back->n, 3);
  for (int i = 0; i < 3; i++) {
    const RvVerdict *a = &r->d[i], *b = &back->d[i];
    assert_int_equal(a->seq, b->seq);
    assert_int_equal(a->seat, b->seat);
    assert_int_equal(a->kind, b->kind);
    assert_int_equal(a->valued, b->valued);
    assert_int_equal(a->worlds, b->worlds);
    assert_int_equal(a->nalts, b->nalts);
    assert_int_equal(a->chosen, b->chosen);
    assert_int_equal(a->best, b->best);
    assert_memory_equal(&a->cost, &b->cost, sizeof a->cost); /* the bits, not approximately */
    assert_memory_equal(&a->cost_se, &b->cost_se, sizeof a->cost_se);
    assert_memory_equal(&a->p_make, &b->p_make, sizeof a->p_make);
    assert_memory_equal(&a->best_share, &b->best_share, sizeof a->best_share);
    for (int k = 0; k < a->nalts; k++) {
      assert_string_equal(a->label[k], b->label[k]);
      assert_memory_equal(&a->value[k], &b->value[k], sizeof a->value[k]);
    }
  }
  free(r);
  free(back);
  free(buf);
}

/* The largest hand: every decision with every alternative and the
 * longest label fits in RV_STORE_MAX_BYTES. */
static void test_review_store_largest_review_fits(void **state) {
  (void)state;
  RvHandReview *r = calloc(1, sizeof *r), *back = malloc(sizeof *back);
  uint8_t *buf = malloc(RV_STORE_MAX_BYTES);
  assert_non_null(r);
  assert_non_null(back);
  assert_non_null(buf);
  r->n = RV_MAX_DECISIONS;
  for (int i = 0; i < r->n; i++) {
    r->d[i] = (RvVerdict){.seq = 65535, .seat = 6, .kind = RV_PASS, .valued = true, .worlds = 100000,
                          .nalts = RV_MAX_ALTS, .chosen = RV_MAX_ALTS - 1, .best = 0};
    for (int a = 0; a < RV_MAX_ALTS; a++) memset(r->d[i].label[a], 'x', RV_LABEL - 1);
  }
  size_t len = review_encode(r, buf);
  assert_true(len <= RV_STORE_MAX_BYTES);
  assert_int_equal(review_decode(buf, len, back), 0);
  assert_int_equal(back->n, RV_MAX_DECISIONS);
  assert_int_equal(strlen(back->d[RV_MAX_DECISIONS - 1].label[RV_MAX_ALTS - 1]), RV_LABEL - 1);
  free(r);
  free(back);
  free(buf);
}

/* Another method's review, a review cut short or with bytes after it,
 * and a chosen index out of range are not reviews. */
static void test_review_store_refuses_what_is_not_one(void **state) {
  (void)state;
  RvHandReview *r = malloc(sizeof *r), *back = malloc(sizeof *back);
  uint8_t *buf = malloc(RV_STORE_MAX_BYTES + 1);
  assert_non_null(r);
  assert_non_null(back);
  assert_non_null(buf);
  sample(r);
  size_t len = review_encode(r, buf);
  for (size_t cut = 0; cut < len; cut++) assert_int_equal(review_decode(buf, cut, back), -1);
  buf[len] = 0;
  assert_int_equal(review_decode(buf, len + 1, back), -1);
  buf[0] = RV_METHOD + 1;
  assert_int_equal(review_decode(buf, len, back), -1);
  buf[0] = RV_METHOD;
  assert_int_equal(review_decode(buf, len, back), 0);
  /* the first decision's chosen (after method, flags, skipped, n, seq, seat, kind, valued, nalts) */
  buf[6 + 2 + 4] = 9;
  assert_int_equal(review_decode(buf, len, back), -1);
  free(r);
  free(back);
  free(buf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_review_store_round_trips_bit_for_bit),
      cmocka_unit_test(test_review_store_largest_review_fits),
      cmocka_unit_test(test_review_store_refuses_what_is_not_one),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
