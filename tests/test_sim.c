/* test_sim.c - seeded random simulation of every preset, checking the
 * engine's invariants on thousands of complete hands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "pinochle.h"
#include "sim.h"

enum { HANDS_PER_PRESET = 2000 };

/* An independent reading of RULES.md section 2, written as the four
 * questions a director asks in order, to check pn_classify_play. */
static PnFindingKind oracle_renege(const PnObligation *ob, const PnCards *held, const PnCard *trick,
                                   int count, int trump, PnCard played) {
  if (count == 0) return PN_FIND_NONE;
  int led = PN_SUIT(trick[0]);
  int w = pn_trick_winner(trick, count, trump);
  bool holds_led = pn_cards_of_suit(held, led) > 0;
  if (holds_led) {
    if (!ob->follow) return PN_FIND_NONE;
    if (PN_SUIT(played) != led) return PN_FIND_RENEGE_FOLLOW;
    bool heading = ob->head == PN_HEAD_ALWAYS || (ob->head == PN_HEAD_TRUMP_LEAD && led == trump);
    if (!heading) return PN_FIND_NONE;
    /* the card to beat */
    PnCard target = trick[w];
    if (ob->head_led) {
      target = PN_NO_CARD;
      for (int i = 0; i < count; i++)
        if (PN_SUIT(trick[i]) == led && (target == PN_NO_CARD || PN_RANK(trick[i]) < PN_RANK(target)))
          target = trick[i];
    } else if (PN_SUIT(target) != led) {
      return PN_FIND_NONE; /* trumped: no led-suit card can head it */
    }
    bool could = false;
    for (int r = 0; r < PN_RANKS; r++)
      if (held->n[PN_CARD(led, r)] && r < PN_RANK(target)) could = true;
    return could && PN_RANK(played) >= PN_RANK(target) ? PN_FIND_RENEGE_HEAD : PN_FIND_NONE;
  }
  if (ob->trump_rule == PN_TRUMP_NO || pn_cards_of_suit(held, trump) == 0) return PN_FIND_NONE;
  bool trump_in_trick = PN_SUIT(trick[w]) == trump;
  bool can_beat = false;
  for (int r = 0; r < PN_RANKS; r++)
    if (held->n[PN_CARD(trump, r)] && (!trump_in_trick || r < PN_RANK(trick[w]))) can_beat = true;
  if (ob->trump_rule == PN_TRUMP_IF_CAN_WIN && !can_beat) return PN_FIND_NONE;
  if (PN_SUIT(played) != trump) return PN_FIND_RENEGE_TRUMP;
  bool must_beat = ob->head == PN_HEAD_ALWAYS && (trump_in_trick || ob->trump_rule == PN_TRUMP_IF_CAN_WIN);
  bool beats = !trump_in_trick || PN_RANK(played) < PN_RANK(trick[w]);
  return must_beat && can_beat && !beats ? PN_FIND_RENEGE_OVERTRUMP : PN_FIND_NONE;
}

typedef struct Tally {
  int hands, games, reneges, findings, redeals, outs;
} Tally;

/* Plays games of `preset` until `hands` hands are complete. */
static void simulate(const char *preset, SimStyle style, double renege_rate, uint64_t seed,
                     int hands, Tally *tally) {
  PnRules rules;
  assert_int_equal(pn_rules_preset(&rules, preset), 0);
  PnCards deck;
  pn_deck_cards(rules.deck, &deck);
  static PnGame game; /* large: keep it off the stack */
  memset(tally, 0, sizeof *tally);
  while (tally->hands < hands) {
    SimConfig config = {.style = style, .renege_rate = renege_rate, .claim_rate = 0.5, .first_dealer = 1};
    SimDriver driver;
    sim_driver_init(&driver, &config, seed + (uint64_t)tally->games, rules.players);
    pn_game_init(&game, &rules);
    tally->games++;
    PnCards dealt = {{0}}, gone = {{0}};
    int running[PN_MAX_SEATS] = {0};
    PnEvent ev;
    while (sim_next_event(&driver, &game, &ev)) {
      if (ev.action == PN_EV_DEALER) {
        memset(&dealt, 0, sizeof dealt);
        memset(&gone, 0, sizeof gone);
      }
      if (ev.action == PN_EV_DEAL || ev.action == PN_EV_STOCK || ev.action == PN_EV_WIDOW ||
          (ev.action == PN_EV_TURNUP && rules.flow == PN_FLOW_TWO_HAND))
        pn_cards_add_list(&dealt, ev.cards, ev.ncards);
      if (ev.action == PN_EV_DISCARD || ev.action == PN_EV_PLAY) pn_cards_add_list(&gone, ev.cards, ev.ncards);

      PnExpect ex;
      pn_game_expect(&game, &ex);
      PnObligation ob;
      PnCards held;
      PnCard trick[PN_MAX_SEATS];
      int count = 0, trump = game.hand.trump;
      if (ev.action == PN_EV_PLAY) {
        assert_true(ex.actions & (1u << PN_EV_PLAY));
        assert_int_equal(ev.seat, ex.seat);
        pn_held_next(&game, ev.seat, &held);
        if (game.hand.phase == PN_PHASE_PLAY) {
          count = game.hand.ntrick;
          memcpy(trick, game.hand.trick, sizeof trick);
        }
        pn_obligation(&game, &ob);
      }

      PnOutcome out;
      PnVerdict verdict = pn_game_apply(&game, &ev, &out);
      if (verdict == PN_IMPOSSIBLE) fail_msg("%s: impossible %s: %s", preset, pn_action_name(ev.action), out.reason);

      if (ev.action == PN_EV_PLAY) {
        bool legal = ex.legal.n[ev.cards[0]] > 0;
        PnFindingKind expected = oracle_renege(&ob, &held, trick, count, trump, ev.cards[0]);
        if (legal) {
          assert_int_equal(verdict, PN_ACCEPTED);
          assert_int_equal(expected, PN_FIND_NONE);
        } else {
          assert_int_equal(verdict, PN_ACCEPTED_FINDING);
          assert_int_equal(out.finding.kind, expected);
          assert_true(pn_cards_total(&out.finding.evidence) > 0);
          assert_int_equal(out.finding.evidence.n[ev.cards[0]], 0); /* the card played was not an option */
          tally->reneges++;
        }
      } else if (verdict == PN_ACCEPTED_FINDING) {
        tally->findings++;
      }

      if (out.hand_done) {
        const PnHand *h = &game.hand;
        const PnHandResult *res = &h->result;
        tally->hands++;
        if (rules.dealt_all) assert_memory_equal(&dealt, &deck, sizeof deck);
        else assert_true(pn_cards_contains(&deck, &dealt));
        if (res->redeal) {
          tally->redeals++;
        } else if (res->out_seat) {
          tally->outs++;
        } else {
          /* every card dealt was played or discarded exactly once */
          assert_memory_equal(&gone, &dealt, sizeof gone);
          int tricks = 0, counters = 0, expected_counters = pn_last_trick_bonus(rules.count);
          for (int c = 0; c < PN_CARD_KINDS; c++) expected_counters += dealt.n[c] * pn_counter_value(rules.count, (PnCard)c);
          for (int s = 0; s < rules.players; s++) {
            tricks += h->tricks_won[s];
            counters += h->counters[s];
          }
          assert_int_equal(tricks, h->tricks_total);
          assert_int_equal(counters, expected_counters);
          /* a side that did not bid scores what it shows plus what it takes */
          if (!rules.side_minimum && !rules.renege_set && !rules.no_trick_no_score)
            for (int s = 1; s <= rules.players; s++) {
              if (res->bidder && pn_side_of(&game, s) == pn_side_of(&game, res->bidder)) continue;
              int meld = 0, won = 0;
              for (int t = 1; t <= rules.players; t++)
                if (pn_side_of(&game, t) == pn_side_of(&game, s)) {
                  meld += res->seat[t - 1].meld_counted;
                  won += res->seat[t - 1].counters;
                }
              assert_int_equal(res->seat[s - 1].score, meld + won);
            }
          if (res->bidder && !res->moon && !rules.renege_set) {
            int score = res->seat[res->bidder - 1].score;
            assert_true(res->made ? score >= res->bid : score == -res->bid);
          }
        }
        for (int s = 0; s < rules.players; s++) {
          running[s] += res->seat[s].score;
          assert_int_equal(running[s], game.running[s]);
        }
        if (tally->hands >= hands) break;
      }
    }
  }
}

static void run_preset(const char *preset) {
  Tally random_play, sensible, planted;
  simulate(preset, SIM_RANDOM, 0.0, 1000, HANDS_PER_PRESET, &random_play);
  assert_int_equal(random_play.reneges, 0);
  simulate(preset, SIM_SENSIBLE, 0.0, 2000, HANDS_PER_PRESET / 4, &sensible);
  assert_int_equal(sensible.reneges, 0);
  simulate(preset, SIM_RANDOM, 0.05, 3000, HANDS_PER_PRESET / 4, &planted);
  assert_true(planted.reneges > 0); /* every preset has a renege to plant */
}

#define PRESET_TEST(fn, name) \
  static void fn(void **state) { (void)state; run_preset(name); }

PRESET_TEST(test_sim_two_hand, "two-hand")
PRESET_TEST(test_sim_two_hand_64, "two-hand-64")
PRESET_TEST(test_sim_two_hand_bid, "two-hand-bid")
PRESET_TEST(test_sim_three_hand, "three-hand")
PRESET_TEST(test_sim_auction, "auction")
PRESET_TEST(test_sim_cutthroat_four, "cutthroat-four")
PRESET_TEST(test_sim_partnership, "partnership")
PRESET_TEST(test_sim_partnership_auction, "partnership-auction")
PRESET_TEST(test_sim_single_bid, "single-bid")
PRESET_TEST(test_sim_firehouse, "firehouse")
PRESET_TEST(test_sim_five_call, "five-call")
PRESET_TEST(test_sim_double_deck, "double-deck")

/* The same seed gives the same game, event for event. */
static void test_sim_same_seed_same_game(void **state) {
  (void)state;
  PnRules rules;
  pn_rules_preset(&rules, "partnership-auction");
  SimConfig config = {.style = SIM_SENSIBLE, .claim_rate = 0.5, .first_dealer = 1};
  static PnGame a, b;
  SimDriver da, db;
  sim_driver_init(&da, &config, 42, 4);
  sim_driver_init(&db, &config, 42, 4);
  pn_game_init(&a, &rules);
  pn_game_init(&b, &rules);
  PnEvent ea, eb;
  int events = 0;
  PnOutcome out;
  while (sim_next_event(&da, &a, &ea)) {
    assert_int_equal(sim_next_event(&db, &b, &eb), 1);
    assert_memory_equal(&ea, &eb, sizeof ea);
    assert_int_not_equal(pn_game_apply(&a, &ea, &out), PN_IMPOSSIBLE);
    assert_int_not_equal(pn_game_apply(&b, &eb, &out), PN_IMPOSSIBLE);
    events++;
  }
  assert_true(a.over);
  assert_true(events > 100);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sim_two_hand),
      cmocka_unit_test(test_sim_two_hand_64),
      cmocka_unit_test(test_sim_two_hand_bid),
      cmocka_unit_test(test_sim_three_hand),
      cmocka_unit_test(test_sim_auction),
      cmocka_unit_test(test_sim_cutthroat_four),
      cmocka_unit_test(test_sim_partnership),
      cmocka_unit_test(test_sim_partnership_auction),
      cmocka_unit_test(test_sim_single_bid),
      cmocka_unit_test(test_sim_firehouse),
      cmocka_unit_test(test_sim_five_call),
      cmocka_unit_test(test_sim_double_deck),
      cmocka_unit_test(test_sim_same_seed_same_game),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
