/* test_record.c - the recorder module (src/record): a line of text in,
 * what happened out, nothing printed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pinochle.h"
#include "record.h"
#include "store.h"

/* ------------------------------------------------------------- helpers */

typedef struct Fixture {
  Store *store;
  Recorder *rec;
} Fixture;

static const char *const four[] = {"Ann", "Bob", "Cal", "Dee"};

/* A new partnership-auction game in a database in memory. */
static int setup(void **state) {
  Fixture *f = calloc(1, sizeof *f);
  PnDiag diag = {0};
  assert_non_null(f);
  assert_int_equal(store_open(":memory:", STORE_CREATE, &f->store, &diag), STORE_OK);
  PnRules rules;
  assert_int_equal(pn_rules_preset(&rules, "partnership-auction"), 0);
  RecGame game = {.key = "t1", .variant = "partnership-auction", .rules = &rules, .nplayers = 4,
                  .players = four, .dealer = 1};
  assert_int_equal(rec_start(f->store, &game, 5, false, &f->rec, &diag), 0);
  *state = f;
  return 0;
}

static int teardown(void **state) {
  Fixture *f = *state;
  rec_free(f->rec);
  store_close(f->store);
  free(f);
  return 0;
}

static RecResult line(Fixture *f, const char *text) {
  PnDiag diag = {0};
  return rec_line(f->rec, text, &diag);
}

/* ---------------------------------------------------------------- tests */

/* Each kind of line says what it did; the words are in rec_text(). */
static void test_record_line_results(void **state) {
  Fixture *f = *state;
  assert_int_equal(line(f, ""), REC_NOTHING);
  assert_int_equal(line(f, "# a comment"), REC_NOTHING);
  assert_int_equal(line(f, "help"), REC_INFO);
  assert_non_null(strstr(rec_text(f->rec), "undo | status | help | quit"));
  assert_int_equal(line(f, "frobnicate"), REC_REFUSED);
  assert_string_equal(rec_text(f->rec), "error: unknown command 'frobnicate' (help lists them)\n");
  assert_int_equal(line(f, "deal\n"), REC_ACCEPTED);
  assert_non_null(strstr(rec_text(f->rec), "Ann"));
  assert_int_equal(line(f, "undo"), REC_ACCEPTED);
  assert_non_null(strstr(rec_text(f->rec), "undone: "));
  assert_int_equal(line(f, "quit"), REC_QUIT);
}

/* The words of one call do not carry into the next (say_reset). */
static void test_record_status_once(void **state) {
  Fixture *f = *state;
  assert_int_equal(line(f, "status"), REC_INFO);
  const char *text = rec_text(f->rec);
  const char *first = strstr(text, "hand 1, ");
  assert_non_null(first);
  assert_null(strstr(first + 1, "hand 1, "));
  assert_int_equal(line(f, ""), REC_NOTHING);
  assert_string_equal(rec_text(f->rec), "");
}

/* Two games started without a key in the same second get different keys. */
static void test_record_default_keys_differ(void **state) {
  Fixture *f = *state;
  PnRules rules;
  PnDiag diag = {0};
  assert_int_equal(pn_rules_preset(&rules, "two-hand"), 0);
  const char *const two[] = {"A", "B"};
  RecGame game = {.variant = "two-hand", .rules = &rules, .nplayers = 2, .players = two, .dealer = 1};
  Recorder *a = NULL, *b = NULL;
  assert_int_equal(rec_start(f->store, &game, 1, false, &a, &diag), 0);
  assert_int_equal(rec_start(f->store, &game, 1, false, &b, &diag), 0);
  assert_string_not_equal(rec_key(a), rec_key(b));
  rec_free(a);
  rec_free(b);
  /* a key given twice is refused */
  game.key = "t1";
  assert_int_equal(rec_start(f->store, &game, 1, false, &a, &diag), -1);
  assert_null(a);
  assert_non_null(strstr(diag.msg, "game t1 already exists"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_record_line_results, setup, teardown),
      cmocka_unit_test_setup_teardown(test_record_status_once, setup, teardown),
      cmocka_unit_test_setup_teardown(test_record_default_keys_differ, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
