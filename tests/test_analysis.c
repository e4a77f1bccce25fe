/*
 * test_analysis.c - src/analysis on the sample data: every play valued on
 * the last three tricks of stored hands equals an exhaustive minimax
 * written here (each distinct legal card tried, no pruning); a hand's
 * analysis survives its stored form; the key changes with the events;
 * the best card named for a costly play keeps the side's par (minimax on
 * the last three tricks, the solver earlier in the hand).
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis.h"
#include "dd.h"
#include "codec.h"
#include "replay.h"
#include "store.h"
#include "test_store_util.h" /* scratch_store_with */

#define SAMPLE PN_SOURCE_DIR "/sample-data/"

static int side_counters(const PnGame *g, int side) {
  int sum = 0;
  for (int s = 1; s <= g->rules.players; s++)
    if (pn_side_of(g, s) == side) sum += g->hand.counters[s - 1];
  return sum;
}

/* What `side` takes from here on when every other seat plays against it:
 * every legal card of the seat to play, to the end of the hand. */
static int minimax(const PnGame *g, int side) {
  if (g->hand.phase != PN_PHASE_PLAY) return 0;
  PnExpect ex;
  pn_game_expect(g, &ex);
  bool maxi = pn_side_of(g, ex.seat) == side;
  int best = maxi ? INT_MIN : INT_MAX;
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    if (!ex.legal.n[c]) continue;
    PnGame next = *g;
    PnEvent ev = {.action = PN_EV_PLAY, .seat = ex.seat, .ncards = 1, .cards = {(PnCard)c}};
    PnOutcome out;
    assert_int_not_equal(pn_game_apply(&next, &ev, &out), PN_IMPOSSIBLE);
    int v = side_counters(&next, side) - side_counters(g, side) + minimax(&next, side);
    if (maxi ? v > best : v < best) best = v;
  }
  return best;
}

/* What the best-card checks saw: costly plays whose best card was
 * checked, and of those the ones whose first legal card (in card order)
 * loses counters, where naming the first legal card would be wrong. */
typedef struct BestSeen {
  int named, first_loses;
} BestSeen;

/* A costly play `a` at `walk` (the last three tricks): its best card is
 * named (no budget: `complete`), legal, not the card played, and its
 * minimax value is par_before. */
static void check_best(const PnGame *walk, const AnPlay *a, bool complete, BestSeen *seen) {
  if (a->best == PN_NO_CARD) {
    assert_false(complete);
    return;
  }
  PnExpect ex;
  pn_game_expect(walk, &ex);
  int side = pn_side_of(walk, a->seat);
  int first = -1, value_of_first = 0;
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    if (!ex.legal.n[c] || (c != a->best && first >= 0)) continue;
    static PnGame next;
    next = *walk;
    PnEvent ev = {.action = PN_EV_PLAY, .seat = a->seat, .ncards = 1, .cards = {(PnCard)c}};
    PnOutcome out;
    assert_int_not_equal(pn_game_apply(&next, &ev, &out), PN_IMPOSSIBLE);
    int v = side_counters(&next, side) - side_counters(walk, side) + minimax(&next, side);
    if (first < 0) first = c, value_of_first = v;
    if (c == a->best && v != a->par_before)
      fail_msg("best %d is worth %d, par before %d", a->best, v, a->par_before);
  }
  assert_int_not_equal(a->best, a->card);
  assert_int_equal(ex.legal.n[a->best] > 0, true);
  seen->named++;
  if (value_of_first < a->par_before) seen->first_loses++;
}

/* Imports one sample file into a scratch store and, for its first
 * `hands` hands with a play, checks the analysis of every play of the
 * last three tricks against the minimax.  Returns the plays checked. */
static int check_sample(const char *file, int hands, long budget, BestSeen *seen) {
  PnDiag diag = {0};
  Store *store = scratch_store_with(file);
  Analyzer *an = analysis_new(4u << 20, budget); /* hands past the budget are passed over */
  assert_non_null(an);
  static PnGame game, walk, mine;
  static AnHand h;
  StoreCursor *c = NULL;
  StoreRow row;
  StoreFilter all = {0};
  assert_int_equal(store_cursor_open(store, &all, &c, &diag), 0);
  int checked = 0, done = 0;
  while (done < hands && store_cursor_next(c, &row, &diag) == 1) {
    if (row.new_game) {
      PnRules rules;
      assert_int_equal(replay_rules(row.preset, row.options, row.noptions, &rules, &diag), 0);
      pn_game_init(&game, &rules);
    }
    if (row.hand <= 0) continue;
    walk = game; /* the state before this hand */
    assert_int_equal(analysis_hand(an, &game, &row, &h, &diag), 0);
    if (h.status != AN_ANALYSED) continue;
    done++;
    /* replay the same events on `walk`, checking the last three tricks */
    const uint8_t *p = row.events;
    size_t left = row.events_len;
    int seq = 0, k = 0;
    while (left > 0) {
      PnEvent ev;
      PnOutcome out;
      size_t used = codec_event_decode(p, left, &ev, NULL, 0);
      assert_true(used > 0);
      p += used, left -= used, seq++;
      if (ev.action == PN_EV_PLAY) {
        const AnPlay *a = &h.plays[k++];
        assert_int_equal(a->seq, seq);
        assert_int_equal(a->seat, ev.seat);
        assert_int_equal(a->card, ev.cards[0]);
        assert_true(a->cost >= 0 || !a->valued);
        if (a->valued && walk.hand.tricks_total - walk.hand.trick_no <= 3) {
          int side = pn_side_of(&walk, ev.seat);
          int before = minimax(&walk, side);
          mine = walk;
          assert_int_not_equal(pn_game_apply(&mine, &ev, &out), PN_IMPOSSIBLE);
          int after = side_counters(&mine, side) - side_counters(&walk, side) + minimax(&mine, side);
          if (before != a->par_before || after != a->par_after)
            fail_msg("%s hand %d seq %d: analysis %d -> %d, minimax %d -> %d", row.key, row.hand, seq,
                     a->par_before, a->par_after, before, after);
          if (a->cost > 0) check_best(&walk, a, budget == 0, seen);
          else assert_int_equal(a->best, PN_NO_CARD);
          checked++;
        }
      }
      assert_int_not_equal(pn_game_apply(&walk, &ev, &out), PN_IMPOSSIBLE);
    }
    assert_int_equal(k, h.nplays);
  }
  store_cursor_close(c);
  analysis_free(an);
  store_close(store);
  return checked;
}

static void test_analysis_last_three_tricks_equal_the_minimax(void **state) {
  (void)state;
  /* single deck, 4 hands in partnerships; three-hand cutthroat; the
   * two-hand family's playoff */
  BestSeen seen = {0};
  int plays = check_sample(SAMPLE "club-partnership-auction.csv", 3, 300000, &seen);
  print_message("partnership-auction: %d plays checked\n", plays);
  assert_true(plays >= 3 * 12);
  plays = check_sample(SAMPLE "club-cutthroat-four.csv", 2, 300000, &seen);
  print_message("cutthroat-four: %d plays checked\n", plays);
  assert_true(plays > 0);
}

/* With no budget every costly play of the last three tricks names a best
 * card worth par_before by the minimax; some of them have a first legal
 * card that loses, so a best card that were simply the first legal card
 * (or the card played) fails here. */
static void test_analysis_best_card_keeps_the_par(void **state) {
  (void)state;
  BestSeen seen = {0};
  check_sample(SAMPLE "club-partnership-auction.csv", 12, 0, &seen);
  print_message("best cards checked: %d, first legal card loses in %d\n", seen.named, seen.first_loses);
  assert_true(seen.named > 0);
  assert_true(seen.first_loses > 0);
}

/* A hand's search depends on that hand alone, not on the hands the
 * analyzer searched before it (analyze's jobs each see other hands): the
 * nodes of each hand of a game, searched in turn on one analyzer, equal
 * those of the same hand searched first on a fresh one.  A small table
 * (64 KiB), so that hands share its buckets: carried over, the entries of
 * earlier hands change the second hand's nodes. */
static void test_analysis_hand_does_not_depend_on_earlier_hands(void **state) {
  (void)state;
  PnDiag diag = {0};
  Store *store = scratch_store_with(SAMPLE "club-two-hand-bid.csv");
  Analyzer *warm = analysis_new(64u << 10, 0);
  assert_non_null(warm);
  static PnGame game, before, alone_game;
  static AnHand h, alone;
  StoreCursor *c = NULL;
  StoreRow row;
  StoreFilter all = {0};
  assert_int_equal(store_cursor_open(store, &all, &c, &diag), 0);
  int compared = 0;
  while (compared < 8 && store_cursor_next(c, &row, &diag) == 1) {
    if (row.new_game) {
      PnRules rules;
      assert_int_equal(replay_rules(row.preset, row.options, row.noptions, &rules, &diag), 0);
      pn_game_init(&game, &rules);
    }
    if (row.hand <= 0) continue;
    before = game;
    assert_int_equal(analysis_hand(warm, &game, &row, &h, &diag), 0);
    if (h.nplays == 0) continue;
    Analyzer *fresh = analysis_new(64u << 10, 0);
    assert_non_null(fresh);
    alone_game = before;
    assert_int_equal(analysis_hand(fresh, &alone_game, &row, &alone, &diag), 0);
    analysis_free(fresh);
    if (h.nodes != alone.nodes || h.status != alone.status)
      fail_msg("%s hand %d: %ld nodes (%s) after the hands before it, %ld alone (%s)", row.key, row.hand, h.nodes,
               analysis_status_name(h.status), alone.nodes, analysis_status_name(alone.status));
    compared++;
  }
  assert_int_equal(compared, 8);
  store_cursor_close(c);
  analysis_free(warm);
  store_close(store);
}

static void test_analysis_stored_form_round_trips(void **state) {
  (void)state;
  static AnHand h, back;
  memset(&h, 0, sizeof h);
  h = (AnHand){.hand = 7, .status = AN_ANALYSED, .bidder = 3, .bid = 350, .side = 0, .par = 210, .taken = 190,
               .meld = 160, .could_make = true, .made = false, .nplays = 2, .budget = 2000000,
               .generation = PN_DD_GENERATION};
  h.plays[0] = (AnPlay){.seq = 17, .seat = 3, .card = PN_CARD(1, 0), .valued = true, .par_before = 210,
                        .par_after = 200, .cost = 10, .best = PN_CARD(1, 1)};
  h.plays[1] = (AnPlay){.seq = 18, .seat = 4, .card = PN_CARD(1, 2), .valued = false, .best = PN_NO_CARD};
  uint8_t buf[AN_MAX_BYTES];
  size_t len = analysis_encode(&h, buf);
  assert_true(len <= sizeof buf);
  assert_int_equal(analysis_decode(buf, len, &back), 0);
  back.hand = h.hand;
  assert_memory_equal(&h, &back, sizeof h);
  assert_int_equal(back.plays[0].best, PN_CARD(1, 1));
  assert_int_equal(analysis_decode(buf, len - 1, &back), -1); /* cut short */
  /* format 3: the same without the generation byte, read as generation 0 */
  memmove(buf + 18, buf + 19, len - 19);
  len--;
  buf[0] = 3;
  assert_int_equal(analysis_decode(buf, len, &back), 0);
  assert_int_equal(back.generation, 0);
  assert_int_equal(back.plays[1].seq, 18);
  assert_int_equal(back.plays[0].best, PN_CARD(1, 1));
  buf[0] = 2; /* format 2: the bytes of format 3 ... */
  assert_int_equal(analysis_decode(buf, len, &back), 0);
  buf[1] = AN_BUDGET; /* ... but a hand the solver stopped on kept no value then: stale */
  assert_int_equal(analysis_decode(buf, len, &back), -1);
  buf[1] = AN_UNSUPPORTED;
  assert_int_equal(analysis_decode(buf, len, &back), -1);
  buf[1] = AN_ANALYSED;
  buf[0] = 1;
  assert_int_equal(analysis_decode(buf, len, &back), -1); /* format 1 had no best card: stale */
  buf[0] = 9;
  assert_int_equal(analysis_decode(buf, len, &back), -1); /* unknown version */
}

static void test_analysis_key_follows_events_rules_and_options(void **state) {
  (void)state;
  uint8_t events[] = {1, 2, 3, 4};
  StoreRow row = {.key = "g", .preset = "partnership-auction", .events = events, .events_len = sizeof events};
  uint64_t k = analysis_key(&row);
  assert_int_equal(analysis_key(&row), k);
  events[3] = 5;
  assert_int_not_equal(analysis_key(&row), k);
  events[3] = 4;
  const char *const one[] = {"min_bid=300"};
  row.options = one;
  row.noptions = 1;
  assert_int_not_equal(analysis_key(&row), k);
  row.noptions = 0;
  row.preset = "partnership";
  assert_int_not_equal(analysis_key(&row), k);
}

/* The options as entries hash as their stored column did ("a\nb"): an
 * analysis stored before StoreRow gave them as an array stays current. */
static void test_analysis_key_of_options_is_the_joined_column(void **state) {
  (void)state;
  uint8_t events[] = {1, 2, 3, 4};
  const char *const two[] = {"target=1000", "moon=off"};
  StoreRow row = {.preset = "partnership-auction", .noptions = 2, .options = two, .events = events,
                  .events_len = sizeof events};
  int version = PN_RULES_VERSION;
  uint64_t h = codec_hash(CODEC_HASH_SEED, &version, sizeof version);
  h = codec_hash_text(h, "partnership-auction");
  h = codec_hash_text(h, "target=1000\nmoon=off");
  assert_true(analysis_key(&row) == codec_hash(h, events, sizeof events));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_analysis_stored_form_round_trips),
      cmocka_unit_test(test_analysis_key_follows_events_rules_and_options),
    cmocka_unit_test(test_analysis_key_of_options_is_the_joined_column),
      cmocka_unit_test(test_analysis_hand_does_not_depend_on_earlier_hands),
      cmocka_unit_test(test_analysis_last_three_tricks_equal_the_minimax),
      cmocka_unit_test(test_analysis_best_card_keeps_the_par),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
