/* test_util.c - the shared containers (src/util): growable arrays and
 * bytes, the set of byte strings, the work queue; and the one set of
 * error codes (pn_err.h) that the modules' names alias. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "export.h"
#include "import.h"
#include "pn_buf.h"
#include "pn_queue.h"
#include "pn_set.h"
#include "report_common.h"
#include "store.h"

static void test_util_vec_reserve_keeps_items_and_doubles(void **state) {
  (void)state;
  long *items = NULL;
  size_t n = 0, cap = 0;
  for (long i = 0; i < 1000; i++) {
    assert_int_equal(PN_VEC_RESERVE(items, cap, n + 1), 0);
    assert_true(cap >= n + 1);
    items[n++] = i * 7;
  }
  assert_int_equal(cap, 1024); /* 16 doubled six times: growth is geometric, not one at a time */
  for (long i = 0; i < 1000; i++) assert_int_equal(items[i], i * 7);
  size_t before = cap;
  assert_int_equal(PN_VEC_RESERVE(items, cap, 10), 0); /* room already there: nothing moves */
  assert_int_equal(cap, before);
  free(items);
}

static void test_util_vec_reserve_refuses_an_overflowing_size_unchanged(void **state) {
  (void)state;
  int *items = NULL;
  size_t cap = 0;
  assert_int_equal(PN_VEC_RESERVE(items, cap, 4), 0);
  int *kept = items;
  size_t kept_cap = cap;
  assert_int_equal(PN_VEC_RESERVE(items, cap, SIZE_MAX / 2), -1);
  assert_ptr_equal(items, kept);
  assert_int_equal(cap, kept_cap);
  free(items);
}

/* The modules' return codes come from one set: codes for different
 * failures differ whichever modules return them, so a code passed up
 * (store -> import or report -> CLI or web) cannot be mistaken for
 * another module's; codes for the same failure are the same code. */
static void test_util_module_error_codes_cannot_collide(void **state) {
  (void)state;
  const struct { const char *name; int code; } failures[] = {
      {"STORE_ERROR", STORE_ERROR},       {"STORE_BUSY", STORE_BUSY},         {"STORE_NEWER", STORE_NEWER},
      {"STORE_NOT_OURS", STORE_NOT_OURS}, {"STORE_CORRUPT", STORE_CORRUPT},   {"STORE_OLDER", STORE_OLDER},
      {"IMPORT_BAD_INPUT", IMPORT_BAD_INPUT}, {"EXPORT_NOT_FOUND", EXPORT_NOT_FOUND},
      {"EXPORT_WRITE", EXPORT_WRITE},
  };
  size_t n = sizeof failures / sizeof failures[0];
  for (size_t i = 0; i < n; i++) {
    assert_true(failures[i].code < 0);
    for (size_t j = i + 1; j < n; j++)
      if (failures[i].code == failures[j].code)
        fail_msg("%s and %s are both %d", failures[i].name, failures[j].name, failures[i].code);
  }
  /* one failure, one code, whatever the module calls it */
  assert_int_equal(IMPORT_STORE, STORE_ERROR);
  assert_int_equal(EXPORT_STORE, STORE_ERROR);
  assert_int_equal(REPORT_ERROR, STORE_ERROR);
  assert_int_equal(EXPORT_CORRUPT, STORE_CORRUPT);
  assert_int_equal(REPORT_CORRUPT, STORE_CORRUPT);
  assert_int_equal(REPORT_NOT_FOUND, EXPORT_NOT_FOUND);
  assert_int_equal(AUDIT_NOT_FOUND, EXPORT_NOT_FOUND);
}

static void test_util_buf_appends_return_offsets_that_survive_growth(void **state) {
  (void)state;
  PnBuf b = {0};
  size_t first, off = 0;
  assert_int_equal(pn_buf_append_str(&b, "alpha", &first), 0);
  assert_int_equal(first, 0);
  char word[32];
  for (int i = 0; i < 2000; i++) { /* far past the first allocation */
    snprintf(word, sizeof word, "w%d", i);
    assert_int_equal(pn_buf_append_str(&b, word, &off), 0);
  }
  assert_string_equal((const char *)b.data + first, "alpha");
  assert_string_equal((const char *)b.data + off, "w1999");
  assert_int_equal(pn_buf_append(&b, NULL, 0, &off), 0); /* nothing added at the end */
  assert_int_equal(off, b.len);
  assert_int_equal(pn_buf_append_str(&b, NULL, &off), 0); /* NULL reads as "" */
  assert_int_equal(b.data[off], '\0');
  size_t cap = b.cap;
  pn_buf_clear(&b);
  assert_int_equal(b.len, 0);
  assert_int_equal(b.cap, cap);
  pn_buf_free(&b);
  assert_null(b.data);
  assert_int_equal(b.cap, 0);
  pn_buf_free(&b); /* twice is harmless */
}

static void test_util_set_numbers_members_in_the_order_first_added(void **state) {
  (void)state;
  PnSet set = {0};
  int added;
  assert_int_equal(pn_set_find_str(&set, "g1"), -1); /* an empty set has nothing */
  assert_int_equal(pn_set_add_str(&set, "g1", &added), 0);
  assert_int_equal(added, 1);
  assert_int_equal(pn_set_add_str(&set, "g2", &added), 1);
  assert_int_equal(pn_set_add_str(&set, "g1", &added), 0);
  assert_int_equal(added, 0);
  assert_int_equal(set.n, 2);
  assert_int_equal(pn_set_find_str(&set, "g2"), 1);
  assert_int_equal(pn_set_find_str(&set, "g3"), -1);
  assert_string_equal(pn_set_key(&set, 0), "g1");
  pn_set_free(&set);
  assert_int_equal(set.n, 0);
}

static void test_util_set_keeps_every_member_through_rehashing(void **state) {
  (void)state;
  PnSet set = {0};
  char key[32];
  for (int i = 0; i < 50000; i++) {
    snprintf(key, sizeof key, "game-%d", i);
    assert_int_equal(pn_set_add_str(&set, key, NULL), i);
  }
  assert_true(set.nslots >= 2 * set.n); /* at most half full */
  for (int i = 0; i < 50000; i++) {
    snprintf(key, sizeof key, "game-%d", i);
    assert_int_equal(pn_set_find_str(&set, key), i);
    assert_string_equal(pn_set_key(&set, (size_t)i), key);
  }
  assert_int_equal(pn_set_find_str(&set, "game-50000"), -1);
  pn_set_free(&set);
}

static void test_util_set_keys_are_bytes_not_strings(void **state) {
  (void)state;
  PnSet set = {0};
  int64_t a[2] = {7, 0}, b[2] = {7, 9}, c[2] = {0, 7}; /* ids with NUL bytes in them */
  assert_int_equal(pn_set_add(&set, a, sizeof a, NULL), 0);
  assert_int_equal(pn_set_add(&set, b, sizeof b, NULL), 1);
  assert_int_equal(pn_set_add(&set, c, sizeof c, NULL), 2);
  assert_int_equal(pn_set_find(&set, b, sizeof b), 1);
  assert_int_equal(pn_set_find(&set, a, sizeof a / 2), -1); /* a prefix is another key */
  assert_int_equal(pn_set_add(&set, "", 0, NULL), 3);      /* so is the empty one */
  assert_int_equal(pn_set_find(&set, "", 0), 3);
  pn_set_free(&set);
}

enum { FREE = 0, READY = 1, TAKEN = 2, DONE = 3 };

static void test_util_queue_without_threads_runs_the_protocol_inline(void **state) {
  (void)state;
  PnQueue q;
  assert_int_equal(pn_queue_init(&q, 2, false), 0);
  assert_true(pn_queue_wait(&q, 0, FREE));
  assert_false(pn_queue_wait(&q, 0, READY)); /* nobody else could make it so: no waiting forever */
  pn_queue_set(&q, 1, READY);
  assert_int_equal(pn_queue_claim(&q, READY, TAKEN), 1);
  assert_int_equal(pn_queue_claim(&q, READY, TAKEN), -1);
  assert_int_equal(pn_queue_count(&q, TAKEN), 1);
  pn_queue_set(&q, 0, READY);
  pn_queue_stop(&q, READY); /* work not claimed is dropped */
  assert_int_equal(pn_queue_state(&q, 0), FREE);
  assert_int_equal(pn_queue_state(&q, 1), TAKEN);
  assert_false(pn_queue_wait(&q, 0, FREE)); /* stopped: nothing more starts */
  pn_queue_destroy(&q);
  assert_int_equal(pn_queue_init(&q, PN_QUEUE_MAX_SLOTS + 1, false), -1);
}

/* Workers square numbers slot by slot; the producer reads results back
 * strictly in order, as replay_run does. */
typedef struct Work {
  PnQueue q;
  long value[4];
} Work;

static void *square_worker(void *arg) {
  Work *w = arg;
  int slot;
  while ((slot = pn_queue_claim(&w->q, READY, TAKEN)) >= 0) {
    w->value[slot] *= w->value[slot];
    pn_queue_set(&w->q, slot, DONE);
  }
  return NULL;
}

static void test_util_queue_hands_work_to_threads_and_back_in_order(void **state) {
  (void)state;
  Work w;
  assert_int_equal(pn_queue_init(&w.q, 4, true), 0);
  pthread_t threads[3];
  for (int i = 0; i < 3; i++) assert_int_equal(pthread_create(&threads[i], NULL, square_worker, &w), 0);
  long produced = 0, consumed = 0, sum = 0;
  while (consumed < 1000) {
    int slot = (int)(produced % 4);
    if (produced < 1000 && pn_queue_state(&w.q, slot) == FREE) {
      w.value[slot] = produced++;
      pn_queue_set(&w.q, slot, READY);
      continue;
    }
    slot = (int)(consumed % 4);
    assert_true(pn_queue_wait(&w.q, slot, DONE));
    assert_int_equal(w.value[slot], consumed * consumed); /* its own result, in order */
    sum += w.value[slot];
    consumed++;
    pn_queue_set(&w.q, slot, FREE);
  }
  pn_queue_stop(&w.q, READY);
  for (int i = 0; i < 3; i++) pthread_join(threads[i], NULL);
  pn_queue_destroy(&w.q);
  assert_int_equal(sum, 999L * 1000 * 1999 / 6);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_util_vec_reserve_keeps_items_and_doubles),
      cmocka_unit_test(test_util_vec_reserve_refuses_an_overflowing_size_unchanged),
      cmocka_unit_test(test_util_buf_appends_return_offsets_that_survive_growth),
      cmocka_unit_test(test_util_set_numbers_members_in_the_order_first_added),
      cmocka_unit_test(test_util_set_keeps_every_member_through_rehashing),
      cmocka_unit_test(test_util_set_keys_are_bytes_not_strings),
      cmocka_unit_test(test_util_queue_without_threads_runs_the_protocol_inline),
      cmocka_unit_test(test_util_queue_hands_work_to_threads_and_back_in_order),
      cmocka_unit_test(test_util_module_error_codes_cannot_collide),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
