/*
 * fuzz_engine.c - libFuzzer harness for the rules engine's event
 * application (pn_game_apply, pn_game_expect and the queries beside them).
 *
 * The input is a small program that drives one game:
 *
 *   byte 0      preset (index mod pn_preset_count())
 *   byte 1      options: low 2 bits = how many (0..3); each takes two
 *               bytes, a parameter index and an index into VALUES below
 *               (an option the rules refuse is simply not applied)
 *   bytes 2..5  the simulated players' seed, style, renege and plant rates
 *   then ops    one byte each, with operands:
 *     0-3   the players' next event, applied as it is
 *     4     the players' next event with one field changed (2 operands)
 *     5     a raw event: every field from the input, in the domain a
 *           parsed or stored (codec) event can have: action <
 *           PN_EV_KINDS, seat 0..7, up to PN_MAX_EVENT_CARDS cards of kind
 *           0..31, suit -1..3, meld -1..PN_MELD_KINDS-1, dix 0..2 (the
 *           engine trusts suit and meld: a suit of 4 reads past a PnCards,
 *           reported in issue 7)
 *     6     the players' next N events (1 operand: N)
 *     7     an event built from pn_game_expect(): an allowed action for
 *           the seat to act, a legal card for a play (2 operands)
 *
 * Invariants checked after every apply (a violation aborts: a crash):
 *   - PN_IMPOSSIBLE leaves the game byte-identical (memcmp of a copy)
 *     and gives a reason; an accepted event has no reason;
 *   - pn_game_expect() names a seat in range, legal plays are held, and
 *     a play the engine lists as legal is never refused as impossible;
 *   - no seat holds more copies of a card than the deck has;
 *   - hands_played never decreases, hand_done only when it grows;
 *   - while only the simulated players' own events have been applied,
 *     none of them is refused (sim and engine agree).
 *
 * Build: tests/fuzz/build.sh (or cmake -DPINOCHLE_FUZZ=ON with clang).
 * Without libFuzzer, replay_main.c replays files through the same entry.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pinochle.h"
#include "sim.h"

/* Option values worth trying: every choice word and some numbers. */
static const char *const VALUES[] = {
    "0",        "1",          "2",          "3",          "4",       "5",      "8",
    "10",       "20",         "50",         "100",        "250",     "1000",   "1000000",
    "-1000000", "off",        "yes",        "no",         "none",    "set",    "dealer",
    "redeal",   "never",      "trump-lead", "always",     "if-can-win", "classic", "tens",
    "tens20",   "unit",       "unit2",      "winning",    "led",     "partner-first", "together",
    "double",   "double10",   "marriage-or-dix", "marriage", "-50",
};
#define NVALUES ((int)(sizeof VALUES / sizeof VALUES[0]))

/* A cursor over the input; reads past the end give 0. */
typedef struct Input {
  const uint8_t *data;
  size_t size, at;
} Input;

static uint8_t next_byte(Input *in) { return in->at < in->size ? in->data[in->at++] : 0; }
static bool more(const Input *in) { return in->at < in->size; }

static void fail(const char *what, const PnGame *g, const PnEvent *ev) {
  fprintf(stderr, "fuzz_engine: invariant broken: %s (preset %s, phase %d, hand %d, action %d, seat %d)\n", what,
          g->rules.preset, (int)g->hand.phase, g->hand.number, ev ? (int)ev->action : -1, ev ? ev->seat : -1);
  abort();
}

/* The domain of a stored event (codec_event_decode can produce these). */
static bool in_domain(const PnEvent *ev) {
  if ((int)ev->action < 0 || ev->action >= PN_EV_KINDS || ev->seat < 0 || ev->seat > 7) return false;
  if (ev->ncards < 0 || ev->ncards > PN_MAX_EVENT_CARDS) return false;
  for (int i = 0; i < ev->ncards; i++)
    if (ev->cards[i] >= PN_CARD_KINDS) return false;
  return true;
}

static void check_state(const PnGame *g, const PnCards *deck) {
  PnExpect ex;
  pn_game_expect(g, &ex);
  if (ex.seat < 0 || ex.seat > g->rules.players) fail("expect: seat out of range", g, NULL);
  if (ex.actions & ~((1u << PN_EV_KINDS) - 1)) fail("expect: unknown action bit", g, NULL);
  for (int s = 1; s <= g->rules.players; s++) {
    PnCards held;
    pn_held(g, s, &held);
    for (int c = 0; c < PN_CARD_KINDS; c++)
      if (held.n[c] > deck->n[c]) fail("a seat holds more copies of a card than the deck has", g, NULL);
  }
  if ((ex.actions & (1u << PN_EV_PLAY)) && ex.seat) {
    PnCards next;
    pn_held_next(g, ex.seat, &next);
    for (int c = 0; c < PN_CARD_KINDS; c++)
      if (ex.legal.n[c] && !next.n[c]) fail("expect: a legal play the seat does not hold", g, NULL);
  }
  PnObligation ob;
  pn_obligation(g, &ob);
  for (int s = 1; s <= g->rules.players; s++) (void)pn_side_of(g, s);
  int sides = pn_side_count(g);
  if (sides < 1 || sides > PN_MAX_SEATS) fail("side count out of range", g, NULL);
}

/* Applies ev and checks the invariants; returns the verdict (*out
 * gets the outcome). */
static PnVerdict apply(PnGame *g, PnGame *copy, const PnEvent *ev, const PnCards *deck, PnOutcome *outp) {
  memcpy(copy, g, sizeof *g);
  PnOutcome out;
  PnVerdict v = pn_game_apply(g, ev, &out);
  *outp = out;
  if (v != out.verdict) fail("returned verdict differs from out->verdict", g, ev);
  if (v == PN_IMPOSSIBLE) {
    if (memcmp(copy, g, sizeof *g) != 0) fail("PN_IMPOSSIBLE changed the game", copy, ev);
    if (out.reason[0] == '\0') fail("PN_IMPOSSIBLE without a reason", g, ev);
    if (memchr(out.reason, '\0', sizeof out.reason) == NULL) fail("reason not terminated", g, ev);
    if (out.col < 0 || out.col > 7) fail("impossible: column out of range", g, ev);
    return v;
  }
  if (v != PN_ACCEPTED && v != PN_ACCEPTED_FINDING) fail("unknown verdict", g, ev);
  if (v == PN_ACCEPTED_FINDING &&
      (out.finding.kind <= PN_FIND_NONE || out.finding.kind >= PN_FIND_KINDS))
    fail("finding of no kind", g, ev);
  if (g->hands_played < copy->hands_played) fail("hands_played went back", g, ev);
  if (out.hand_done != (g->hands_played != copy->hands_played)) fail("hand_done disagrees with hands_played", g, ev);
  if (out.game_over && !g->over) fail("game_over but the game is not over", g, ev);
  check_state(g, deck);
  return v;
}

/* Disagreements between the simulated players and the engine that are
 * reported (issue 7) and wait for a rules decision; the harness lets them
 * pass so that fuzzing can go on past them:
 *   - `min_bid=0` is accepted for a bidding preset, the players then open
 *     with 0, and the engine refuses that bid ("a bid must be a positive
 *     number"). */
static bool known_disagreement(const PnRules *rules, const PnEvent *ev) {
  return ev->action == PN_EV_BID && ev->value <= 0 && rules->min_bid <= 0;
}

/* Changes one field of ev, chosen and valued by two input bytes. */
static void mutate(PnEvent *ev, uint8_t which, uint8_t value) {
  switch (which % 9) {
  case 0: ev->action = (PnAction)(value % PN_EV_KINDS); break;
  case 1: ev->seat = value % 8; break;
  case 2: ev->ncards = value % (PN_MAX_EVENT_CARDS + 1); break;
  case 3:
    if (ev->ncards > 0) ev->cards[value % ev->ncards] = (PnCard)((value >> 3) % PN_CARD_KINDS);
    break;
  case 4: ev->has_value = !ev->has_value; break;
  case 5: ev->value = (int)(int8_t)value * 37; break;
  case 6: ev->suit = (int)(value % 5) - 1; break;
  case 7: ev->meld = (int)(value % (PN_MELD_KINDS + 1)) - 1; break;
  default: ev->dix = value % 3; break;
  }
}

static void raw_event(Input *in, PnEvent *ev) {
  memset(ev, 0, sizeof *ev);
  ev->action = (PnAction)(next_byte(in) % PN_EV_KINDS);
  ev->seat = next_byte(in) % 8;
  ev->ncards = next_byte(in) % (PN_MAX_EVENT_CARDS + 1);
  for (int i = 0; i < ev->ncards; i++) ev->cards[i] = (PnCard)(next_byte(in) % PN_CARD_KINDS);
  uint8_t flags = next_byte(in);
  ev->has_value = flags & 1;
  ev->value = (int)(int16_t)(next_byte(in) | next_byte(in) << 8);
  ev->suit = (int)((flags >> 1) % 5) - 1;
  ev->meld = (int)(next_byte(in) % (PN_MELD_KINDS + 1)) - 1;
  ev->dix = (flags >> 4) % 3;
}

/* An allowed action for the seat to act; a play takes a legal card. */
static void expect_event(const PnGame *g, Input *in, PnEvent *ev) {
  PnExpect ex;
  pn_game_expect(g, &ex);
  uint8_t pick = next_byte(in), card = next_byte(in);
  memset(ev, 0, sizeof *ev);
  ev->suit = -1;
  ev->meld = -1;
  ev->action = PN_EV_PLAY;
  int allowed = 0;
  for (int a = 0; a < PN_EV_KINDS; a++) allowed += (ex.actions >> a) & 1;
  if (allowed) {
    int k = pick % allowed;
    for (int a = 0; a < PN_EV_KINDS; a++)
      if ((ex.actions >> a) & 1 && k-- == 0) ev->action = (PnAction)a;
  }
  ev->seat = ex.seat ? ex.seat : 1 + pick % (g->rules.players ? g->rules.players : 1);
  switch (ev->action) {
  case PN_EV_PLAY: {
    int total = pn_cards_total(&ex.legal);
    if (total == 0) break;
    int k = card % total;
    for (int c = 0; c < PN_CARD_KINDS; c++)
      if (ex.legal.n[c] && k-- == 0) ev->cards[ev->ncards++] = (PnCard)c;
    break;
  }
  case PN_EV_BID:
    ev->has_value = true;
    ev->value = ex.min_bid + (card % 4) * 10;
    break;
  case PN_EV_TRUMP: ev->suit = card % PN_SUITS; break;
  case PN_EV_DIX: ev->dix = 1 + card % 2; break;
  case PN_EV_SCORE:
    ev->has_value = true;
    ev->value = (int)(int8_t)card * 10;
    break;
  default: break;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2) return 0;
  Input in = {data, size, 0};
  PnRules rules;
  int npresets = pn_preset_count();
  if (pn_rules_preset(&rules, pn_preset_name(next_byte(&in) % npresets)) != 0) abort();
  int nopts = next_byte(&in) & 3;
  for (int i = 0; i < nopts; i++) {
    const char *name = pn_param_name(next_byte(&in) % pn_param_count());
    const char *value = VALUES[next_byte(&in) % NVALUES];
    char option[96], err[160];
    snprintf(option, sizeof option, "%s=%s", name, value);
    PnRules trial = rules;
    if (pn_rules_set_option(&trial, option, err, sizeof err) == 0) rules = trial;
    else if (memcmp(&trial, &rules, sizeof rules) != 0) {
      fprintf(stderr, "fuzz_engine: a refused option '%s' changed the rules\n", option);
      abort();
    }
  }
  uint16_t seed = (uint16_t)(next_byte(&in) | next_byte(&in) << 8);
  uint8_t style = next_byte(&in), renege = next_byte(&in);
  SimConfig config = {
      .style = style & 1 ? SIM_RANDOM : SIM_SENSIBLE,
      .renege_rate = (renege % 8) / 20.0,
      .claim_rate = ((style >> 1) % 4) / 3.0,
      .first_dealer = 1 + (style >> 3) % rules.players,
      .plant_rate = ((renege >> 3) % 4) / 10.0,
  };
  /* Heap copies: ASan then sees any overrun of a PnGame. */
  PnGame *g = malloc(sizeof *g), *copy = malloc(sizeof *copy);
  SimDriver *driver = malloc(sizeof *driver);
  if (!g || !copy || !driver) abort();
  pn_game_init(g, &rules);
  sim_driver_init(driver, &config, seed, rules.players);
  PnCards deck;
  pn_deck_cards(rules.deck, &deck);
  check_state(g, &deck);

  bool pure = true; /* only the players' own events, verbatim, so far */
  int applied = 0;
  while (more(&in) && applied < 4000) {
    uint8_t op = next_byte(&in) % 8;
    PnEvent ev;
    int steps = 1;
    if (op == 6) steps = 1 + next_byte(&in);
    for (int k = 0; k < steps && applied < 4000; k++, applied++) {
      if (op <= 4 || op == 6) {
        if (sim_next_event(driver, g, &ev) == 0) break;
        if (!in_domain(&ev)) {
          if (pure) fail("the simulated players wrote an event out of its domain", g, &ev);
          break;
        }
        if (op == 4) {
          uint8_t which = next_byte(&in), value = next_byte(&in);
          mutate(&ev, which, value);
          pure = false;
        }
      } else if (op == 5) {
        raw_event(&in, &ev);
      } else {
        expect_event(g, &in, &ev);
      }
      PnOutcome out;
      PnVerdict v = apply(g, copy, &ev, &deck, &out);
      if (v == PN_IMPOSSIBLE && pure && (op <= 3 || op == 6) && known_disagreement(&rules, &ev)) {
        pure = false; /* reported, not yet decided: see known_disagreement() */
      } else if (v == PN_IMPOSSIBLE && pure && (op <= 3 || op == 6)) {
        fprintf(stderr, "fuzz_engine: refused: %s (value %d)\n", out.reason, ev.value);
        fail("the engine refused the simulated players' own event", g, &ev);
      }
      if (v == PN_IMPOSSIBLE && op == 7 && ev.action == PN_EV_PLAY && ev.ncards == 1) {
        fprintf(stderr, "fuzz_engine: refused: %s\n", out.reason);
        fail("the engine refused a play it listed as legal", g, &ev);
      }
      if (v != PN_IMPOSSIBLE && (op == 5 || op == 7)) pure = false;
    }
  }
  if (getenv("FUZZ_ENGINE_VERBOSE"))
    fprintf(stderr, "fuzz_engine: %s: %d events tried, %d hands played%s%s\n", rules.preset, applied,
            g->hands_played, g->over ? ", game over" : "", pure ? " (the players' events only)" : "");
  free(g);
  free(copy);
  free(driver);
  return 0;
}
