/*
 * test_hand.c - the hand and game state machine (pn_game_apply) driven by
 * scripted event rows, written like the event log (EVENT-LOG.md): the
 * bidding of every bidding preset, trump requirements, passing and the
 * called partner, the widow, turn-up and dix, two-hand progressive melding
 * with draws and the playoff, claims, scoring, game end, and the rows that
 * could not have happened at a table (RULES.md, ../shared/spec/).
 *
 * A row is one line of text: "[seat] action [cards] [= value]", e.g.
 * "1 bid 250", "3 give AD AD TD TD", "1 meld KS QS JD = 80",
 * "1 dix 9H = exchange", "1 meld KS KH KD KC = kings".  For bid, score and
 * trump the text after the action is the value.  A script is rows joined
 * by ';'.  Every row goes through pn_event_from_text, then pn_game_apply.
 *
 * Every deal is built so that who wins each trick follows from the rules
 * by hand (the comments say why); play_out() plays the rest of a hand with
 * each seat's first legal card in the canonical order (spades first, ace
 * first).  The peer-parity rounds (tests/data/peer-parity/) are read at
 * run time.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pinochle.h"

/* ------------------------------------------------------------------ rows */

/* One scripted row, split into the event log's fields. */
typedef struct Row {
  int seat;           /* 0 when the row has none */
  PnAction action;    /* the action word */
  char cards[256];    /* the cards field as written */
  char value[64];     /* the value field as written */
} Row;

static void trim_copy(char *dst, size_t size, const char *from, size_t len) {
  while (len > 0 && isspace((unsigned char)*from)) from++, len--;
  while (len > 0 && isspace((unsigned char)from[len - 1])) len--;
  if (len >= size) fail_msg("test data: field too long: \"%.*s\"", (int)len, from);
  memcpy(dst, from, len);
  dst[len] = '\0';
}

static void row_parse(const char *text, Row *row) {
  memset(row, 0, sizeof *row);
  const char *p = text;
  while (isspace((unsigned char)*p)) p++;
  if (isdigit((unsigned char)*p)) {
    char *end;
    row->seat = (int)strtol(p, &end, 10);
    p = end;
  }
  while (isspace((unsigned char)*p)) p++;
  size_t n = strcspn(p, " \t");
  char word[24];
  trim_copy(word, sizeof word, p, n);
  int action = pn_action_parse(word);
  if (action < 0) fail_msg("test data: unknown action in \"%s\"", text);
  row->action = (PnAction)action;
  p += n;
  const char *eq = strchr(p, '=');
  bool value_only = row->action == PN_EV_BID || row->action == PN_EV_SCORE || row->action == PN_EV_TRUMP;
  if (eq) {
    trim_copy(row->cards, sizeof row->cards, p, (size_t)(eq - p));
    trim_copy(row->value, sizeof row->value, eq + 1, strlen(eq + 1));
  } else if (value_only) {
    trim_copy(row->value, sizeof row->value, p, strlen(p));
  } else {
    trim_copy(row->cards, sizeof row->cards, p, strlen(p));
  }
}

static PnEvent row_event(const char *text) {
  Row row;
  row_parse(text, &row);
  PnEvent ev;
  int col = 0;
  char err[160] = "";
  if (pn_event_from_text(row.action, row.seat, row.cards, row.value, &ev, &col, err, sizeof err) != 0)
    fail_msg("row \"%s\" does not parse (column %d): %s", text, col, err);
  return ev;
}

static PnVerdict apply_row(PnGame *g, const char *text, PnOutcome *out) {
  PnEvent ev = row_event(text);
  return pn_game_apply(g, &ev, out);
}

static const char *describe(PnVerdict verdict, const PnOutcome *out, char *buf, size_t size) {
  if (verdict == PN_IMPOSSIBLE)
    snprintf(buf, size, "impossible (column %d): %s", out->col, out->reason);
  else if (verdict == PN_ACCEPTED_FINDING)
    snprintf(buf, size, "finding %s by seat %d", pn_finding_name(out->finding.kind), out->finding.seat);
  else
    snprintf(buf, size, "accepted");
  return buf;
}

/* Applies a row that must be accepted with no finding. */
static PnOutcome accept(PnGame *g, const char *text) {
  PnOutcome out;
  PnVerdict verdict = apply_row(g, text, &out);
  char buf[256];
  if (verdict != PN_ACCEPTED) fail_msg("row \"%s\": expected accepted, got %s", text, describe(verdict, &out, buf, sizeof buf));
  return out;
}

/* Applies every row of a ';'-separated script; each must be accepted. */
static void accept_all(PnGame *g, const char *script) {
  const char *p = script;
  while (*p) {
    size_t n = strcspn(p, ";");
    char text[320];
    trim_copy(text, sizeof text, p, n);
    if (text[0]) accept(g, text);
    p += n;
    if (*p == ';') p++;
  }
}

/* Applies a row that must be accepted with a finding of `kind` by `seat`. */
static PnFinding finds(PnGame *g, const char *text, PnFindingKind kind, int seat) {
  PnOutcome out;
  PnVerdict verdict = apply_row(g, text, &out);
  char buf[256];
  if (verdict != PN_ACCEPTED_FINDING || out.finding.kind != kind || out.finding.seat != seat)
    fail_msg("row \"%s\": expected finding %s by seat %d, got %s", text, pn_finding_name(kind), seat,
             describe(verdict, &out, buf, sizeof buf));
  return out.finding;
}

/* Applies a row that must be impossible, at column `col` (4 seat, 5
 * action, 6 cards, 7 value) for exactly `reason`, leaving the game
 * byte-for-byte as it was. */
static void refuse(PnGame *g, const char *text, int col, const char *reason) {
  PnGame *before = malloc(sizeof *before);
  assert_non_null(before);
  memcpy(before, g, sizeof *g);
  PnOutcome out;
  PnVerdict verdict = apply_row(g, text, &out);
  char buf[256];
  if (verdict != PN_IMPOSSIBLE) {
    free(before);
    fail_msg("row \"%s\": expected impossible, got %s", text, describe(verdict, &out, buf, sizeof buf));
  }
  size_t changed = 0;
  while (changed < sizeof *g && ((unsigned char *)before)[changed] == ((unsigned char *)g)[changed]) changed++;
  PnHand was = before->hand;
  free(before);
  assert_string_equal(out.reason, reason);
  assert_int_equal(out.col, col);
  if (changed < sizeof *g)
    fail_msg("row \"%s\" was impossible but changed the game (first at byte %zu; hand.phase %d -> %d,"
             " hand.turn %d -> %d, hand.leader %d -> %d)",
             text, changed, was.phase, g->hand.phase, was.turn, g->hand.turn, was.leader, g->hand.leader);
}

static void new_game(PnGame *g, const char *preset, const char *options) {
  PnRules rules;
  if (pn_rules_preset(&rules, preset) != 0) fail_msg("unknown preset %s", preset);
  char list[256], err[160];
  snprintf(list, sizeof list, "%s", options ? options : "");
  for (char *save = NULL, *opt = strtok_r(list, " ", &save); opt; opt = strtok_r(NULL, " ", &save))
    if (pn_rules_set_option(&rules, opt, err, sizeof err) != 0) fail_msg("option %s: %s", opt, err);
  pn_game_init(g, &rules);
}

static PnExpect expect(const PnGame *g) {
  PnExpect ex;
  pn_game_expect(g, &ex);
  return ex;
}

static PnCards cards_of(const char *text) {
  PnCard list[PN_MAX_EVENT_CARDS];
  size_t bad = 0;
  int n = pn_cards_parse(text, strlen(text), list, PN_MAX_EVENT_CARDS, &bad);
  if (n < 0) fail_msg("test data: bad cards \"%s\"", text);
  PnCards c = {{0}};
  pn_cards_add_list(&c, list, n);
  return c;
}

/* Asserts a multiset of cards, compared as canonical text. */
static void assert_cards(const PnCards *have, const char *want) {
  char a[256], b[256];
  PnCards w = cards_of(want);
  assert_string_equal(pn_cards_str(have, a, sizeof a), pn_cards_str(&w, b, sizeof b));
}

static int count_of(const PnCards *c, const char *card) {
  PnCard one;
  if (pn_card_parse(card, strlen(card), &one) == 0) fail_msg("test data: bad card %s", card);
  return c->n[one];
}

/* Plays out the hand: each seat to play plays its first legal card in the
 * canonical order (spades first, ace first), as pn_game_expect lists it. */
static void play_out(PnGame *g) {
  for (int guard = 0; g->hand.phase == PN_PHASE_PREPARE || g->hand.phase == PN_PHASE_PLAY; guard++) {
    if (guard > 200) fail_msg("play_out does not end");
    PnExpect ex = expect(g);
    int c = 0;
    while (c < PN_CARD_KINDS && !ex.legal.n[c]) c++;
    if (c == PN_CARD_KINDS || ex.seat == 0) fail_msg("play_out: no legal card (seat %d)", ex.seat);
    char text[32], buf[3];
    snprintf(text, sizeof text, "%d play %s", ex.seat, pn_card_str((PnCard)c, buf));
    accept(g, text);
  }
}

/* Deal rows made from a list of tricks "L: c1 c2 ..." (leader seat, then
 * the cards in play order from the leader): each seat is dealt exactly
 * the cards it plays. */
static void deal_from_tricks(PnGame *g, const char *const *tricks, int n) {
  int players = g->rules.players;
  char hands[PN_MAX_SEATS][256] = {{0}};
  for (int t = 0; t < n; t++) {
    int seat = tricks[t][0] - '0';
    for (const char *p = strchr(tricks[t], ':') + 1; *p;) {
      if (*p == ' ') {
        p++;
        continue;
      }
      size_t len = strlen(hands[seat - 1]);
      if (len + 4 > sizeof hands[0]) fail_msg("test data: too many cards for seat %d", seat);
      memcpy(hands[seat - 1] + len, p, 2);
      memcpy(hands[seat - 1] + len + 2, " ", 2);
      p += 2;
      seat = seat % players + 1;
    }
  }
  for (int s = 1; s <= players; s++) {
    char text[320];
    if (snprintf(text, sizeof text, "%d deal %s", s, hands[s - 1]) >= (int)sizeof text)
      fail_msg("test data: seat %d is dealt too many cards", s);
    accept(g, text);
  }
}

/* Plays tricks "L: c1 c2 ..." checking that the engine agrees that L leads. */
static void play_tricks(PnGame *g, const char *const *tricks, int n) {
  for (int t = 0; t < n; t++) {
    int seat = tricks[t][0] - '0';
    PnExpect ex = expect(g);
    if (ex.seat != seat) fail_msg("trick %d \"%s\": seat %d leads, not %d", t + 1, tricks[t], ex.seat, seat);
    for (const char *p = strchr(tricks[t], ':') + 1; *p;) {
      if (*p == ' ') {
        p++;
        continue;
      }
      char text[32];
      snprintf(text, sizeof text, "%d play %.2s", seat, p);
      accept(g, text);
      p += 2;
      seat = seat % g->rules.players + 1;
    }
  }
}

#define RESULT(g) (&(g)->hand.result)

/* ----------------------------------------------------------------- deals */

/* Four seats, each holding one whole suit: 1 spades, 2 hearts, 3 diamonds,
 * 4 clubs.  Whoever holds trump wins every trick: trump leads cannot be
 * followed or beaten, and on any other lead the trump holder is void and
 * must trump while nobody else holds one. */
#define SUITS4                                    \
  "1 deal AS AS TS TS KS KS QS QS JS JS 9S 9S;" \
  "2 deal AH AH TH TH KH KH QH QH JH JH 9H 9H;" \
  "3 deal AD AD TD TD KD KD QD QD JD JD 9D 9D;" \
  "4 deal AC AC TC TC KC KC QC QC JC JC 9C 9C;"

/* For clubs trump: seat 1 holds every club but one 9C, and a 9S; seat 2
 * every spade but one 9S, and that 9C.  Seat 1 (the bidder) leads its 9S
 * first (play_out order), seat 2 must head it with AS and wins that trick
 * (9S AS AH AD, 30); seat 1 trumps the next and then wins every trick with
 * clubs (seat 2 follows once with its 9C). */
#define SUITS4_ONE_TRICK_LOST                     \
  "1 deal AC AC TC TC KC KC QC QC JC JC 9C 9S;" \
  "2 deal AS AS TS TS KS KS QS QS JS JS 9S 9C;" \
  "3 deal AH AH TH TH KH KH QH QH JH JH 9H 9H;" \
  "4 deal AD AD TD TD KD KD QD QD JD JD 9D 9D;"

/* SUITS4 with a 9S and a 9D swapped between seats 1 and 3: seat 3 can
 * follow one spade lead. */
#define SUITS4_PARTNER_HOLDS_9S                   \
  "1 deal AS AS TS TS KS KS QS QS JS JS 9S 9D;" \
  "2 deal AH AH TH TH KH KH QH QH JH JH 9H 9H;" \
  "3 deal AD AD TD TD KD KD QD QD JD JD 9D 9S;" \
  "4 deal AC AC TC TC KC KC QC QC JC JC 9C 9C;"

/* two-hand-bid, 24 of the 48 cards dealt.  Seat 1 has A and T of every
 * suit it holds; seat 2 has only K Q J 9 of spades and K Q of clubs and no
 * hearts or diamonds, so seat 1 wins all 12 tricks whatever is trump
 * among hearts and diamonds: counters (unit) 11 of seat 1 + KS KS KC KC. */
#define TWO_BID_WITH_DIX                          \
  "1 deal AS AS TS TS AH AH TH 9H AD AD AC AC;" \
  "2 deal KS KS QS QS JS JS 9S 9S KC KC QC QC;"
#define TWO_BID_NO_HEART_MARRIAGE                 \
  "1 deal AS AS TS TS AH AH TH TH AD AD AC AC;" \
  "2 deal KS KS QS QS JS JS 9S 9S KC KC QC QC;"

/* auction: seat 1 holds only Q J 9 of spades, hearts and diamonds; the
 * widow is the clubs KC KC 9C.  With clubs trump and the widow discarded,
 * seat 1 can never win a trick. */
#define AUCTION_DEAL                                       \
  "1 deal JS JS 9S 9S JH JH 9H 9H JD JD 9D 9D QS QS QH;" \
  "2 deal AS AS TS TS KS KS AH AH TH TH KH KH QH AC AC;" \
  "3 deal AD AD TD TD KD KD QD QD TC TC QC QC JC JC 9C;" \
  "widow KC KC 9C;"

/* five-call, double deck: seat 1 holds every spade but the jacks (seat 2
 * has the four JS), so with spades trump seat 1 wins all 16 tricks.  KD is
 * held by seats 3 (one) and 4 (three). */
#define FIVE_DEAL                                                  \
  "1 deal AS AS AS AS TS TS TS TS KS KS KS KS QS QS QS QS;"    \
  "2 deal JS JS JS JS AH AH AH AH TH TH TH TH KH KH KH KH;"    \
  "3 deal QH QH QH QH JH JH JH JH AD AD AD AD TD TD TD KD;"    \
  "4 deal TD KD KD KD QD QD QD QD JD JD JD JD AC AC AC AC;"    \
  "5 deal TC TC TC TC KC KC KC KC QC QC QC QC JC JC JC JC;"

/* double-deck, each seat one whole suit. */
#define DOUBLE_SUITS4                                                      \
  "1 deal AS AS AS AS TS TS TS TS KS KS KS KS QS QS QS QS JS JS JS JS;" \
  "2 deal AH AH AH AH TH TH TH TH KH KH KH KH QH QH QH QH JH JH JH JH;" \
  "3 deal AD AD AD AD TD TD TD TD KD KD KD KD QD QD QD QD JD JD JD JD;" \
  "4 deal AC AC AC AC TC TC TC TC KC KC KC KC QC QC QC QC JC JC JC JC;"

/* three-hand, 16 each.  The dealer (2) holds hearts; the dixes (9H) are
 * with seats 1 and 2; seat 3 has no heart. */
#define THREE_DEAL                                                 \
  "2 dealer;"                                                      \
  "1 deal AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH 9H;"    \
  "2 deal TH KH KH QH QH JH JH 9H AD AD TD TD KD KD QD QD;"    \
  "3 deal JD JD 9D 9D AC AC TC TC KC KC QC QC JC JC 9C 9C;"

/* ---------------------------------------------------------------- bidding */

/* One deal for each bidding preset, without the dealer row. */
typedef struct BidPreset {
  const char *preset;  /* preset name */
  const char *deal;    /* deal rows */
  int min_bid;         /* RULES.md section 5 */
} BidPreset;

static const BidPreset BID_PRESETS[] = {
    {"two-hand-bid", TWO_BID_WITH_DIX, 10},
    {"auction", AUCTION_DEAL, 250},
    {"partnership-auction", SUITS4, 250},
    {"single-bid", SUITS4, 100},
    {"firehouse", SUITS4, 200},
    {"five-call", FIVE_DEAL, 250},
    {"double-deck", DOUBLE_SUITS4, 50},
};
enum { BID_PRESET_COUNT = sizeof BID_PRESETS / sizeof BID_PRESETS[0] };

static void start_bidding(PnGame *g, const BidPreset *p, int dealer, const char *options) {
  char text[32];
  new_game(g, p->preset, options);
  snprintf(text, sizeof text, "%d dealer", dealer);
  accept(g, text);
  accept_all(g, p->deal);
}

static void test_bidding_starts_left_of_the_dealer_in_every_bidding_preset(void **state) {
  (void)state;
  PnGame g;
  for (int i = 0; i < BID_PRESET_COUNT; i++)
    for (int dealer = 1; dealer <= 2; dealer++) {
      start_bidding(&g, &BID_PRESETS[i], dealer, NULL);
      PnExpect ex = expect(&g);
      assert_int_equal(g.hand.phase, PN_PHASE_BID);
      assert_int_equal(ex.actions, (1u << PN_EV_BID) | (1u << PN_EV_PASS));
      assert_int_equal(ex.seat, dealer % g.rules.players + 1);
      assert_int_equal(ex.min_bid, BID_PRESETS[i].min_bid);
    }
}

static void test_bidding_all_pass_gives_the_dealer_the_minimum_in_every_preset(void **state) {
  (void)state;
  PnGame g;
  char text[32];
  for (int i = 0; i < BID_PRESET_COUNT; i++) {
    const BidPreset *p = &BID_PRESETS[i];
    int dealer = 2;
    start_bidding(&g, p, dealer, NULL);
    int passes = 0;
    while (g.hand.phase == PN_PHASE_BID) {
      snprintf(text, sizeof text, "%d pass", expect(&g).seat);
      accept(&g, text);
      passes++;
    }
    /* two-hand-bid: the opener's pass at once drops the bid on the dealer */
    assert_int_equal(passes, strcmp(p->preset, "two-hand-bid") == 0 ? 1 : g.rules.players);
    assert_int_equal(g.hand.phase, PN_PHASE_PREPARE);
    assert_int_equal(g.hand.high_bidder, dealer);
    assert_int_equal(g.hand.high_bid, p->min_bid);
    PnExpect ex = expect(&g);
    assert_true(ex.actions & (1u << PN_EV_TRUMP));
    assert_int_equal(ex.seat, dealer);
  }
}

/* In each open-auction preset: the first seat bids, the second passes,
 * the others bid; on the next round the second seat is skipped. */
static void test_bidding_goes_clockwise_skipping_passed_players(void **state) {
  (void)state;
  PnGame g;
  char text[32];
  static const char *const OPEN[] = {"auction", "partnership-auction", "five-call", "double-deck"};
  for (size_t k = 0; k < sizeof OPEN / sizeof OPEN[0]; k++) {
    const BidPreset *p = NULL;
    for (int i = 0; i < BID_PRESET_COUNT; i++)
      if (strcmp(BID_PRESETS[i].preset, OPEN[k]) == 0) p = &BID_PRESETS[i];
    int dealer = 2;
    start_bidding(&g, p, dealer, NULL);
    int n = g.rules.players, first = dealer % n + 1, second = first % n + 1;
    int seat = first;
    for (int turn = 0; turn < n; turn++) { /* one round */
      assert_int_equal(expect(&g).seat, seat);
      if (seat == second) snprintf(text, sizeof text, "%d pass", seat);
      else snprintf(text, sizeof text, "%d bid %d", seat, expect(&g).min_bid);
      accept(&g, text);
      seat = seat % n + 1;
    }
    assert_int_equal(expect(&g).seat, first);
    snprintf(text, sizeof text, "%d bid %d", first, expect(&g).min_bid);
    accept(&g, text);
    assert_int_equal(expect(&g).seat, second % n + 1); /* the passed seat is skipped */
  }
}

static void test_bidding_a_pass_is_final_and_a_later_bid_is_a_finding_with_no_effect(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, "4 dealer;" SUITS4 "1 bid 250; 2 pass; 3 bid 260");
  PnFinding f = finds(&g, "2 bid 300", PN_FIND_BID_AFTER_PASS, 2);
  assert_int_equal(f.claimed, 300);
  assert_int_equal(g.hand.high_bid, 260);
  assert_int_equal(g.hand.high_bidder, 3);
  assert_int_equal(expect(&g).seat, 4);
  assert_int_equal(expect(&g).min_bid, 270);
  accept_all(&g, "4 pass; 1 pass");
  assert_int_equal(g.hand.phase, PN_PHASE_PREPARE);
  assert_int_equal(g.hand.high_bidder, 3);
  assert_int_equal(g.hand.high_bid, 260);
}

static void test_bidding_below_the_minimum_is_too_low_but_becomes_the_high_bid(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, "4 dealer;" SUITS4);
  PnFinding f = finds(&g, "1 bid 240", PN_FIND_BID_TOO_LOW, 1);
  assert_int_equal(f.claimed, 240);
  assert_int_equal(f.computed, 250);
  assert_int_equal(g.hand.high_bid, 240);
  assert_int_equal(g.hand.high_bidder, 1);
  accept_all(&g, "2 pass; 3 pass; 4 pass");
  assert_int_equal(g.hand.phase, PN_PHASE_PREPARE);
  assert_int_equal(g.hand.high_bidder, 1);
  assert_int_equal(g.hand.high_bid, 240);
}

static void test_bidding_off_the_steps_is_too_low_but_becomes_the_high_bid(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, "4 dealer;" SUITS4 "1 bid 250");
  PnFinding f = finds(&g, "2 bid 265", PN_FIND_BID_TOO_LOW, 2);
  assert_int_equal(f.claimed, 265);
  assert_int_equal(f.computed, 260);
  assert_int_equal(g.hand.high_bid, 265);
  assert_int_equal(g.hand.high_bidder, 2);
  assert_int_equal(expect(&g).min_bid, 270);
}

static void test_bidding_not_above_the_current_bid_is_too_low_and_ignored(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, "4 dealer;" SUITS4 "1 bid 300");
  PnFinding f = finds(&g, "2 bid 280", PN_FIND_BID_TOO_LOW, 2);
  assert_int_equal(f.claimed, 280);
  assert_int_equal(f.computed, 310);
  assert_int_equal(g.hand.high_bid, 300);
  assert_int_equal(g.hand.high_bidder, 1);
  assert_int_equal(expect(&g).seat, 3);
  /* a too-low bid is no pass: seat 2 is still in the auction */
  accept_all(&g, "3 pass; 4 pass; 1 bid 310");
  assert_int_equal(g.hand.phase, PN_PHASE_BID);
  assert_int_equal(expect(&g).seat, 2);
  accept(&g, "2 pass");
  assert_int_equal(g.hand.phase, PN_PHASE_PREPARE);
  assert_int_equal(g.hand.high_bidder, 1);
  assert_int_equal(g.hand.high_bid, 310);
}

static void test_bidding_ends_when_every_other_player_has_passed(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, "4 dealer;" SUITS4 "1 bid 250; 2 bid 260; 3 pass; 4 pass");
  assert_int_equal(g.hand.phase, PN_PHASE_BID);
  assert_int_equal(expect(&g).seat, 1);
  accept(&g, "1 pass");
  assert_int_equal(g.hand.phase, PN_PHASE_PREPARE);
  assert_int_equal(g.hand.high_bidder, 2);
  assert_int_equal(g.hand.high_bid, 260);
  PnExpect ex = expect(&g);
  assert_int_equal(ex.actions, 1u << PN_EV_TRUMP);
  assert_int_equal(ex.seat, 2);
}

static void test_bidding_all_pass_redeal_ends_the_hand_without_scores(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", "all_pass=redeal");
  accept_all(&g, "4 dealer;" SUITS4 "1 pass; 2 pass; 3 pass");
  PnOutcome out = accept(&g, "4 pass");
  assert_true(out.hand_done);
  assert_false(out.game_over);
  assert_int_equal(g.hand.phase, PN_PHASE_DONE);
  assert_true(RESULT(&g)->redeal);
  assert_int_equal(g.hands_played, 1);
  for (int s = 0; s < 4; s++) {
    assert_int_equal(RESULT(&g)->seat[s].score, 0);
    assert_int_equal(g.running[s], 0);
  }
  refuse(&g, "4 trump C", 5, "trump after the hand is over");
  accept(&g, "1 score 0");
  accept(&g, "1 dealer");
  assert_int_equal(g.hand.phase, PN_PHASE_DEAL);
  assert_int_equal(g.hand.number, 2);
}

static void test_single_bid_gives_each_seat_exactly_one_turn(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "single-bid", NULL);
  accept_all(&g, "4 dealer;" SUITS4 "1 pass; 2 bid 100; 3 bid 150");
  assert_int_equal(g.hand.phase, PN_PHASE_BID);
  assert_int_equal(expect(&g).seat, 4);
  /* seat 2 has bid and not passed, yet its turn is over */
  refuse(&g, "2 bid 200", 4, "out of turn: seat 4 is to bid");
  accept(&g, "4 pass");
  assert_int_equal(g.hand.phase, PN_PHASE_PREPARE);
  assert_int_equal(g.hand.high_bidder, 3);
  assert_int_equal(g.hand.high_bid, 150);
}

static void test_single_bid_bid_after_own_pass_is_a_finding(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "single-bid", NULL);
  accept_all(&g, "4 dealer;" SUITS4 "1 pass");
  PnFinding f = finds(&g, "1 bid 120", PN_FIND_BID_AFTER_PASS, 1);
  assert_int_equal(f.claimed, 120);
  assert_int_equal(g.hand.high_bid, 0);
  assert_int_equal(expect(&g).seat, 2);
}

static void test_firehouse_one_bid_each_and_all_pass_gives_the_dealer_200(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "firehouse", NULL);
  accept_all(&g, "4 dealer;" SUITS4);
  PnFinding f = finds(&g, "1 bid 150", PN_FIND_BID_TOO_LOW, 1);
  assert_int_equal(f.computed, 200);
  accept_all(&g, "2 pass; 3 bid 250; 4 pass");
  assert_int_equal(g.hand.phase, PN_PHASE_PREPARE);
  assert_int_equal(g.hand.high_bidder, 3);
  assert_int_equal(g.hand.high_bid, 250);

  new_game(&g, "firehouse", NULL);
  accept_all(&g, "3 dealer;" SUITS4 "4 pass; 1 pass; 2 pass");
  assert_int_equal(g.hand.phase, PN_PHASE_BID);
  accept(&g, "3 pass");
  assert_int_equal(g.hand.phase, PN_PHASE_PREPARE);
  assert_int_equal(g.hand.high_bidder, 3);
  assert_int_equal(g.hand.high_bid, 200);
}

static void test_two_hand_bid_opener_is_the_dealers_left(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand-bid", NULL);
  accept_all(&g, "2 dealer;" TWO_BID_WITH_DIX);
  assert_int_equal(expect(&g).seat, 1);
  refuse(&g, "2 bid 10", 4, "out of turn: seat 1 is to bid");
  new_game(&g, "two-hand-bid", NULL);
  accept_all(&g, "1 dealer;" TWO_BID_WITH_DIX);
  assert_int_equal(expect(&g).seat, 2);
}

static void test_two_hand_bid_opener_passing_at_once_drops_the_bid_on_the_other_at_10(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand-bid", NULL);
  accept_all(&g, "2 dealer;" TWO_BID_WITH_DIX);
  accept(&g, "1 pass");
  assert_int_equal(g.hand.phase, PN_PHASE_PREPARE);
  assert_int_equal(g.hand.high_bidder, 2);
  assert_int_equal(g.hand.high_bid, 10);
  refuse(&g, "2 bid 11", 5, "a bid after the bidding closed");
}

static void test_two_hand_bid_bids_go_up_by_one_from_10(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand-bid", NULL);
  accept_all(&g, "2 dealer;" TWO_BID_WITH_DIX);
  PnFinding f = finds(&g, "1 bid 9", PN_FIND_BID_TOO_LOW, 1);
  assert_int_equal(f.computed, 10);
  accept_all(&g, "2 bid 10; 1 bid 11; 2 bid 12");
  assert_int_equal(expect(&g).min_bid, 13);
  accept(&g, "1 pass");
  assert_int_equal(g.hand.phase, PN_PHASE_PREPARE);
  assert_int_equal(g.hand.high_bidder, 2);
  assert_int_equal(g.hand.high_bid, 12);
}

static void test_double_deck_bids_by_one_to_60_then_by_five(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "double-deck", NULL);
  accept_all(&g, "4 dealer;" DOUBLE_SUITS4);
  PnFinding f = finds(&g, "1 bid 49", PN_FIND_BID_TOO_LOW, 1);
  assert_int_equal(f.computed, 50);
  accept_all(&g, "2 bid 50; 3 bid 51; 4 bid 59");
  assert_int_equal(expect(&g).min_bid, 60);
  accept(&g, "1 bid 60");
  assert_int_equal(expect(&g).min_bid, 65);
  f = finds(&g, "2 bid 61", PN_FIND_BID_TOO_LOW, 2);
  assert_int_equal(f.claimed, 61);
  assert_int_equal(f.computed, 65);
  assert_int_equal(g.hand.high_bid, 61); /* higher, so still the high bid */
  accept_all(&g, "3 bid 65; 4 bid 70");
  assert_int_equal(expect(&g).min_bid, 75);
  f = finds(&g, "1 bid 72", PN_FIND_BID_TOO_LOW, 1);
  assert_int_equal(f.computed, 75);
}

static void test_bid_out_of_turn_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, "2 dealer;" SUITS4);
  refuse(&g, "1 bid 250", 4, "out of turn: seat 3 is to bid");
  refuse(&g, "2 pass", 4, "out of turn: seat 3 is to bid");
  refuse(&g, "5 bid 250", 4, "bid needs a seat from 1 to 4");
  accept(&g, "3 bid 250");
  refuse(&g, "3 bid 260", 4, "out of turn: seat 4 is to bid");
}

static void test_bid_after_the_bidding_closed_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, "4 dealer;" SUITS4 "1 bid 250; 2 pass; 3 pass; 4 pass");
  refuse(&g, "2 bid 300", 5, "a bid after the bidding closed");
  refuse(&g, "1 pass", 5, "a bid after the bidding closed");
  accept_all(&g, "1 trump S; 3 give AD AD TD TD; 1 give AD AD TD TD; 1 play AS");
  refuse(&g, "2 bid 300", 5, "a bid after the bidding closed");
}

/* ------------------------------------------------------ trump requirements */

static void test_two_hand_bid_trump_without_marriage_or_dix_sets_the_bidder(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand-bid", NULL);
  accept_all(&g, "2 dealer;" TWO_BID_NO_HEART_MARRIAGE "1 bid 20; 2 pass");
  finds(&g, "1 trump H", PN_FIND_TRUMP_WITHOUT_MARRIAGE, 1);
  accept(&g, "1 meld AS AS AH AH AD AD AC AC = 100");
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->bidder, 1);
  assert_int_equal(r->bid, 20);
  assert_false(r->made);
  assert_int_equal(r->seat[0].tricks, 12);     /* won everything ... */
  assert_int_equal(r->seat[0].counters, 16);   /* AS AS TS TS AH AH TH TH AD AD AC AC KS KS KC KC */
  assert_int_equal(r->seat[0].meld_shown, 100);
  assert_int_equal(r->seat[0].score, -20);     /* ... and is set all the same */
  assert_int_equal(r->seat[1].score, 0);
  assert_int_equal(g.running[0], -20);
}

static void test_two_hand_bid_player_without_a_trick_scores_nothing(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand-bid", NULL);
  accept_all(&g, "2 dealer;" TWO_BID_WITH_DIX "1 bid 20; 2 pass; 1 trump H;"
                 "2 meld KS KS QS QS KC KC QC QC = 8"); /* four marriages, 2 each */
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->seat[1].tricks, 0);
  assert_int_equal(r->seat[1].meld_shown, 8);
  assert_int_equal(r->seat[1].meld_counted, 0);
  assert_int_equal(r->seat[1].score, 0);
  assert_int_equal(g.running[1], 0);
}

/* 002: no trick, no score at all, even where the meld would count
 * without a trick. */
static void test_two_hand_bid_no_trick_no_score_holds_with_meld_needs_trick_off(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand-bid", "meld_needs_trick=no");
  accept_all(&g, "2 dealer;" TWO_BID_WITH_DIX "1 bid 20; 2 pass; 1 trump H;"
                 "2 meld KS KS QS QS KC KC QC QC = 8");
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->seat[1].tricks, 0);
  assert_int_equal(r->seat[1].meld_counted, 0);
  assert_int_equal(r->seat[1].score, 0);
}

static void test_two_hand_bid_trump_with_only_the_dix_is_fine(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand-bid", NULL);
  accept_all(&g, "2 dealer;" TWO_BID_WITH_DIX "1 bid 20; 2 pass");
  accept(&g, "1 trump H"); /* 9H, no KH or QH */
  accept(&g, "1 meld AS AS AH AH AD AD AC AC 9H = 101"); /* double aces 100, dix 1 */
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_true(r->made);
  assert_int_equal(r->seat[0].counters, 15);
  assert_int_equal(r->seat[0].score, 116);
  assert_int_equal(r->seat[1].score, 0);
  assert_true(g.over); /* 116 >= 100 */
  assert_int_equal(g.winner, 1);
}

/* double-deck hands made from their tricks (deal_from_tricks): every
 * trick is one suit that everybody follows, so trump never decides one.
 * Seat 1 bids 50; seats 1+3 are the bidding side, 2+4 the other.  Counters
 * (unit2: A T K 1 each, last trick 2) of the other side: 18, 20, 25, 32. */
static const char *const DD_OTHERS_18[20] = {
    "1: AS AS AS AS", "1: TS TS TS TS", "1: KS KS KS KS", "1: QS QS QS QS", "1: JS JS JS JS",
    "1: AH AH AH AH", "1: TH TH TH TH", "1: KH KH KH KH", "1: QH QH QH QH", "1: JH JH JH JH",
    "1: AD AD AD AD", "1: TD TD TD TD", "1: QD KD KD KD", /* seat 2: 3 */
    "2: KD QD QD QD", /* 1 */ "2: JD JD JD JD",
    "2: AC AC AC AC", "2: TC TC TC TC", "2: KC KC KC KC", "2: QC QC QC QC", "2: JC JC JC JC", /* 12 + 2 */
};
static const char *const DD_OTHERS_20[20] = {
    "1: AS AS AS AS", "1: TS TS TS TS", "1: KS KS KS KS", "1: QS QS QS QS", "1: JS JS JS JS",
    "1: AH AH AH AH", "1: TH TH TH TH", "1: KH KH KH KH", "1: QH JH JH JH", "1: JH QH QH QH",
    "2: AD AD AD AD", "2: TD TD TD TD", "2: KD KD KD KD", "2: QD QD QD QD", "2: JD JD JD JD", /* 12 */
    "2: AC AC AC AC", "2: TC TC TC TC", /* 8 */ "2: QC KC KC KC", "3: KC QC QC QC", "3: JC JC JC JC",
};
static const char *const DD_OTHERS_25[20] = {
    "1: AS AS AS AS", "1: TS TS TS TS", "1: KS KS KS KS", "1: QS QS QS QS", "1: JS JS JS JS",
    "1: AH AH AH AH", "1: TH TH TH TH", "1: QH KH KH KH", /* 3 */ "2: KH QH QH QH", /* 1 */
    "2: JH JH JH JH",
    "2: AD AD AD AD", "2: TD TD TD TD", "2: KD KD KD KD", "2: QD QD QD QD", "2: JD JD JD JD", /* 12 */
    "2: AC AC AC AC", "2: TC TC TC TC", "2: KC QC QC QC", /* 9 */ "2: JC KC KC KC", "3: QC JC JC JC",
};
static const char *const DD_OTHERS_32[20] = {
    "1: AS AS AS AS", "1: TS TS TS TS", "1: KS KS KS KS", "1: QS JS JS JS", "1: JS QS QS QS",
    "2: AH AH AH AH", "2: TH TH TH TH", "2: KH KH KH KH", "2: QH QH QH QH", "2: JH JH JH JH", /* 12 */
    "2: AD AD AD AD", "2: TD TD TD TD", "2: KD KD KD KD", "2: QD QD QD QD", "2: JD JD JD JD", /* 12 */
    "2: AC AC AC AC", "2: TC TC TC TC", /* 8 */ "2: QC KC KC KC", "3: KC QC QC QC", "3: JC JC JC JC",
};

/* Bidding side's meld in the made hands: aces and a run (25) + aces (10). */
#define DD_BIDDERS_MELD "1 meld AS AH AD AC TS KS QS JS = 25; 3 meld AS AH AD AC = 10;"
#define DD_OTHERS_MELD_25 "2 meld AS AH AD AC TS KS QS JS = 25;"
#define DD_OTHERS_MELD_18 "2 meld AS AH AD AC KS KH KD KC = 18;"

static void dd_start(PnGame *g, const char *const tricks[20]) {
  new_game(g, "double-deck", NULL);
  accept(g, "4 dealer");
  deal_from_tricks(g, tricks, 20);
  accept_all(g, "1 bid 50; 2 pass; 3 pass; 4 pass");
}

static int side_counters(const PnHandResult *r, int seat) {
  return r->seat[seat - 1].counters + r->seat[seat + 1].counters;
}

static void test_double_deck_trump_without_marriage_sets_the_bidding_side(void **state) {
  (void)state;
  PnGame g;
  dd_start(&g, DD_OTHERS_18);
  finds(&g, "1 trump D", PN_FIND_TRUMP_WITHOUT_MARRIAGE, 1); /* seat 1: QD QD, no KD */
  accept_all(&g, "1 meld AS AH AD AC = 10; 3 meld AS AH AD AC TD KD QD JD = 25");
  play_tricks(&g, DD_OTHERS_18, 20);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(side_counters(r, 1), 32); /* 35 meld + 32 would make 50 */
  assert_false(r->made);
  assert_int_equal(r->seat[0].score, -50);
  assert_int_equal(r->seat[2].score, -50);
}

static void test_double_deck_bidding_side_with_meld_under_20_is_set(void **state) {
  (void)state;
  PnGame g;
  dd_start(&g, DD_OTHERS_18);
  accept_all(&g, "1 trump S; 1 meld AS AH AD AC JS JH JD JC QS = 18"); /* aces, jacks, pinochle */
  play_tricks(&g, DD_OTHERS_18, 20);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(side_counters(r, 1), 32);
  assert_int_equal(r->seat[0].meld_shown, 18); /* 18 + 32 reaches the bid, yet */
  assert_false(r->made);
  assert_int_equal(r->seat[0].score, -50);
}

static void test_double_deck_bidding_side_with_counters_under_20_is_set(void **state) {
  (void)state;
  PnGame g;
  dd_start(&g, DD_OTHERS_32);
  accept_all(&g, "1 trump S;" DD_BIDDERS_MELD);
  play_tricks(&g, DD_OTHERS_32, 20);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(side_counters(r, 1), 18); /* 35 + 18 reaches the bid, yet */
  assert_false(r->made);
  assert_int_equal(r->seat[0].score, -50);
  assert_int_equal(side_counters(r, 2), 32);
  assert_int_equal(r->seat[1].score, 32); /* no meld shown: counters only */
}

/* Seed 004's four examples, for the side that did not bid. */
static void test_double_deck_other_side_25_meld_18_counters_scores_0(void **state) {
  (void)state;
  PnGame g;
  dd_start(&g, DD_OTHERS_18);
  accept_all(&g, "1 trump S;" DD_BIDDERS_MELD DD_OTHERS_MELD_25);
  play_tricks(&g, DD_OTHERS_18, 20);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(side_counters(r, 2), 18);
  assert_int_equal(r->seat[1].meld_shown, 25);
  assert_int_equal(r->seat[1].score, 0);
  assert_int_equal(r->seat[3].score, 0);
  assert_true(r->made);
  assert_int_equal(r->seat[0].score, 67); /* 35 + 32 */
}

static void test_double_deck_other_side_25_meld_20_counters_scores_45(void **state) {
  (void)state;
  PnGame g;
  dd_start(&g, DD_OTHERS_20);
  accept_all(&g, "1 trump S;" DD_BIDDERS_MELD DD_OTHERS_MELD_25);
  play_tricks(&g, DD_OTHERS_20, 20);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(side_counters(r, 2), 20);
  assert_int_equal(r->seat[1].score, 45);
  assert_int_equal(r->seat[3].score, 45);
  assert_int_equal(g.running[1], 45);
  assert_int_equal(r->seat[0].score, 65); /* 35 + 30 */
}

/* Exactly 20 of each is enough: aces 10, queens 6, pinochle 4 = 20 meld. */
static void test_double_deck_other_side_with_exactly_20_meld_and_20_counters_scores_40(void **state) {
  (void)state;
  PnGame g;
  dd_start(&g, DD_OTHERS_20);
  accept_all(&g, "1 trump S;" DD_BIDDERS_MELD "2 meld AS AH AD AC QS QH QD QC JD = 20");
  play_tricks(&g, DD_OTHERS_20, 20);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(side_counters(r, 2), 20);
  assert_int_equal(r->seat[1].meld_counted, 20);
  assert_int_equal(r->seat[1].score, 40);
}

static void test_double_deck_other_side_18_meld_18_counters_scores_0(void **state) {
  (void)state;
  PnGame g;
  dd_start(&g, DD_OTHERS_18);
  accept_all(&g, "1 trump S;" DD_BIDDERS_MELD DD_OTHERS_MELD_18);
  play_tricks(&g, DD_OTHERS_18, 20);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(side_counters(r, 2), 18);
  assert_int_equal(r->seat[1].meld_shown, 18);
  assert_int_equal(r->seat[1].score, 0);
}

static void test_double_deck_other_side_18_meld_25_counters_scores_25(void **state) {
  (void)state;
  PnGame g;
  dd_start(&g, DD_OTHERS_25);
  accept_all(&g, "1 trump S;" DD_BIDDERS_MELD DD_OTHERS_MELD_18);
  play_tricks(&g, DD_OTHERS_25, 20);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(side_counters(r, 2), 25);
  assert_int_equal(r->seat[1].meld_counted, 0);
  assert_int_equal(r->seat[1].score, 25);
  assert_int_equal(r->seat[0].score, 60); /* 35 + 25 */
}

/* ---------------------------------------------------------------- passing */

/* partnership-auction on SUITS4: seat 1 bids 250 and names spades; the
 * partner is seat 3. */
#define PA_SPADES "4 dealer;" SUITS4 "1 bid 250; 2 pass; 3 pass; 4 pass; 1 trump S;"

static void test_pass_partner_first_then_the_bidder_passes_back(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_SPADES);
  PnExpect ex = expect(&g);
  assert_int_equal(ex.actions, 1u << PN_EV_GIVE);
  assert_int_equal(ex.seat, 3);
  assert_int_equal(ex.need_cards, 4);
  accept(&g, "3 give AD AD TD TD");
  assert_cards(&g.hand.held[0], "AS AS TS TS KS KS QS QS JS JS 9S 9S AD AD TD TD");
  assert_cards(&g.hand.held[2], "KD KD QD QD JD JD 9D 9D");
  assert_int_equal(expect(&g).seat, 1);
  accept(&g, "1 give AD KS QS 9S"); /* may pass back a card just received */
  assert_cards(&g.hand.held[0], "AS AS TS TS KS QS JS JS 9S AD TD TD");
  assert_cards(&g.hand.held[2], "KS QS 9S AD KD KD QD QD JD JD 9D 9D");
  ex = expect(&g);
  assert_int_equal(ex.actions, (1u << PN_EV_MELD) | (1u << PN_EV_PLAY) | (1u << PN_EV_MOON));
  assert_int_equal(ex.seat, 1);
}

static void test_pass_by_the_bidder_first_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_SPADES);
  refuse(&g, "1 give AS AS TS TS", 4, "the partner (seat 3) passes first");
}

static void test_pass_by_an_opponent_or_a_third_time_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_SPADES);
  refuse(&g, "2 give AH AH TH TH", 4, "only the bidder and partner pass cards");
  accept(&g, "3 give AD AD TD TD");
  refuse(&g, "3 give KD KD QD QD", 4, "seat 3 already passed");
  accept(&g, "1 give AS AS TS TS");
  refuse(&g, "1 give KS KS QS QS", 5, "the partners have already passed");
}

static void test_pass_before_trump_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, "4 dealer;" SUITS4 "1 bid 250; 2 pass; 3 pass; 4 pass");
  refuse(&g, "3 give AD AD TD TD", 5, "cards are passed after trump is named");
}

static void test_pass_of_the_wrong_number_of_cards_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_SPADES);
  refuse(&g, "3 give AD AD TD", 6, "pass 4 cards, not 3");
  refuse(&g, "3 give AD AD TD TD KD", 6, "pass 4 cards, not 5");
  new_game(&g, "partnership-auction", "pass_cards=3");
  accept_all(&g, PA_SPADES);
  refuse(&g, "3 give AD AD TD TD", 6, "pass 3 cards, not 4");
  accept_all(&g, "3 give AD AD TD; 1 give AS AS TS");
}

static void test_pass_of_a_card_not_held_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_SPADES);
  refuse(&g, "3 give AD AD TD AS", 6, "seat 3 does not hold AS");
  refuse(&g, "3 give AD AD AD TD", 6, "seat 3 does not hold AD");
}

static void test_meld_and_play_wait_for_the_passing(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_SPADES);
  refuse(&g, "1 meld AS TS KS QS JS", 5, "meld before the hand is ready: the partners have not passed their cards");
  refuse(&g, "1 play AS", 5, "play before the hand is ready: the partners have not passed their cards");
  accept(&g, "3 give AD AD TD TD");
  refuse(&g, "1 play AS", 5, "play before the hand is ready: the partners have not passed their cards");
}

static void test_pass_together_either_order_from_the_hand_as_dealt(void **state) {
  (void)state;
  PnGame g;
  for (int bidder_first = 0; bidder_first <= 1; bidder_first++) {
    new_game(&g, "partnership-auction", "pass_order=together");
    accept_all(&g, PA_SPADES);
    assert_int_equal(expect(&g).seat, 0); /* either may pass first */
    accept(&g, bidder_first ? "1 give AS AS TS TS" : "3 give AD AD TD TD");
    /* nothing moves until both have passed */
    assert_cards(&g.hand.held[0], "AS AS TS TS KS KS QS QS JS JS 9S 9S");
    assert_cards(&g.hand.held[2], "AD AD TD TD KD KD QD QD JD JD 9D 9D");
    assert_int_equal(expect(&g).seat, bidder_first ? 3 : 1);
    accept(&g, bidder_first ? "3 give AD AD TD TD" : "1 give AS AS TS TS");
    assert_cards(&g.hand.held[0], "KS KS QS QS JS JS 9S 9S AD AD TD TD");
    assert_cards(&g.hand.held[2], "AS AS TS TS KD KD QD QD JD JD 9D 9D");
  }
}

static void test_pass_together_bidder_may_not_pass_a_card_just_received(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", "pass_order=together");
  accept_all(&g, PA_SPADES "3 give AD AD TD TD");
  refuse(&g, "1 give AD KS QS 9S", 6, "seat 1 does not hold AD");
  accept(&g, "1 give KS KS QS 9S");
}

/* five-call: dealer 5, seat 1 bids 250 and names spades. */
#define FIVE_SPADES "5 dealer;" FIVE_DEAL "1 bid 250; 2 pass; 3 pass; 4 pass; 5 pass; 1 trump S;"

static void test_five_call_partner_is_the_first_holder_clockwise_from_the_bidders_left(void **state) {
  (void)state;
  PnGame g;
  /* bidder 1: seats 2, 3, ... ; seat 3 holds one KD, seat 4 three */
  new_game(&g, "five-call", NULL);
  accept_all(&g, FIVE_SPADES "1 call KD");
  assert_int_equal(g.hand.partner, 3);
  PnExpect ex = expect(&g);
  assert_int_equal(ex.actions, 1u << PN_EV_GIVE);
  assert_int_equal(ex.seat, 3);
  assert_int_equal(ex.need_cards, 3);
  assert_int_equal(pn_side_of(&g, 1), 0);
  assert_int_equal(pn_side_of(&g, 3), 0);
  assert_int_equal(pn_side_of(&g, 2), 1);
  assert_int_equal(pn_side_of(&g, 4), 1);
  assert_int_equal(pn_side_of(&g, 5), 1);
  /* bidder 3 holds a KD itself: the partner is the next holder, seat 4 */
  new_game(&g, "five-call", NULL);
  accept_all(&g, "2 dealer;" FIVE_DEAL "3 bid 250; 4 pass; 5 pass; 1 pass; 2 pass; 3 trump S; 3 call KD");
  assert_int_equal(g.hand.partner, 4);
  /* bidder 5: seats 1, 2, 3 (holds KD), 4 */
  new_game(&g, "five-call", NULL);
  accept_all(&g, "4 dealer;" FIVE_DEAL "5 bid 250; 1 pass; 2 pass; 3 pass; 4 pass; 5 trump S; 5 call KD");
  assert_int_equal(g.hand.partner, 3);
}

static void test_five_call_called_card_must_be_among_the_partners_passed_cards(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "five-call", NULL);
  accept_all(&g, FIVE_SPADES);
  refuse(&g, "2 give AH TH KH", 5, "cards are passed after the bidder calls a card");
  accept(&g, "1 call AH");
  assert_int_equal(g.hand.partner, 2);
  refuse(&g, "2 give TH TH TH", 6, "the called card AH is not among the cards passed");
  refuse(&g, "1 give AS TS KS", 4, "the partner (seat 2) passes first");
  accept(&g, "2 give AH TH KH");
  assert_int_equal(count_of(&g.hand.held[0], "AH"), 1);
}

static void test_five_call_bidder_holding_every_copy_plays_alone(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "five-call", NULL);
  accept_all(&g, FIVE_SPADES "1 call AS");
  assert_int_equal(g.hand.partner, 0);
  refuse(&g, "2 give AH TH KH", 5, "no cards are passed in this hand (the bidder is alone)");
  PnExpect ex = expect(&g);
  assert_int_equal(ex.actions, (1u << PN_EV_MELD) | (1u << PN_EV_PLAY) | (1u << PN_EV_MOON));
  assert_int_equal(pn_side_of(&g, 1), 0);
  for (int s = 2; s <= 5; s++) assert_int_equal(pn_side_of(&g, s), 1);
  accept(&g, "1 meld KS KS KS KS QS QS QS QS = 160"); /* four royal marriages, 4 x 40 */
  play_out(&g); /* seat 1 wins all 16 tricks: 48 counters x 10 + 20 */
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->partner, 0);
  assert_int_equal(r->seat[0].tricks, 16);
  assert_int_equal(r->seat[0].counters, 500);
  assert_int_equal(r->seat[0].score, 660);
  for (int s = 1; s < 5; s++) assert_int_equal(r->seat[s].score, 0);
}

static void test_five_call_each_member_of_a_side_scores_the_side_result(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "five-call", "meld_needs_trick=no");
  accept_all(&g, FIVE_SPADES "1 call AH; 2 give AH TH KH; 1 give AH TH KH;"
                 "1 meld KS KS KS KS QS QS QS QS = 160;"
                 "4 meld KD KD KD QD QD QD = 60;"        /* three marriages, 3 x 20 */
                 "5 meld KC KC KC KC QC QC QC QC = 80"); /* four marriages */
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->partner, 2);
  assert_true(r->made);
  assert_int_equal(r->seat[0].counters + r->seat[1].counters, 500);
  /* the bidding side: 160 + 500, to each of its members */
  assert_int_equal(r->seat[0].score, 660);
  assert_int_equal(r->seat[1].score, 660);
  /* the other side: 60 + 80 meld, no trick, to each of its three members */
  for (int s = 2; s < 5; s++) assert_int_equal(r->seat[s].score, 140);
  int running[] = {660, 660, 140, 140, 140};
  for (int s = 0; s < 5; s++) assert_int_equal(g.running[s], running[s]);
}

/* ----------------------------------------------------------------- auction */

#define AUCTION_BID_320 "3 dealer;" AUCTION_DEAL "1 bid 320; 2 pass; 3 pass;"

static void test_auction_widow_goes_to_the_bidder(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "auction", NULL);
  accept_all(&g, AUCTION_BID_320);
  assert_int_equal(g.hand.high_bidder, 1);
  assert_int_equal(pn_cards_total(&g.hand.held[0]), 18);
  assert_int_equal(count_of(&g.hand.held[0], "KC"), 2);
  assert_int_equal(count_of(&g.hand.held[0], "9C"), 1);
  assert_int_equal(pn_cards_total(&g.hand.held[1]), 15);
  PnExpect ex = expect(&g);
  assert_int_equal(ex.actions, (1u << PN_EV_TRUMP) | (1u << PN_EV_DISCARD));
  assert_int_equal(ex.seat, 1);
  assert_int_equal(ex.need_cards, 3);
}

static void test_auction_discard_before_or_after_naming_trump(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "auction", NULL);
  accept_all(&g, AUCTION_BID_320 "1 discard KC KC 9C; 1 trump C");
  assert_int_equal(pn_cards_total(&g.hand.held[0]), 15);
  assert_int_equal(pn_cards_of_suit(&g.hand.held[0], PN_CLUBS), 0);
  assert_int_equal(g.hand.trump, PN_CLUBS);
  new_game(&g, "auction", NULL);
  accept_all(&g, AUCTION_BID_320 "1 trump C; 1 discard KC KC 9C");
  assert_int_equal(pn_cards_total(&g.hand.held[0]), 15);
  assert_cards(&g.hand.discards, "KC KC 9C");
}

static void test_auction_discard_rows_that_could_not_happen_are_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "auction", NULL);
  accept_all(&g, AUCTION_BID_320 "1 trump C");
  refuse(&g, "1 meld QS QS JD JD", 5, "meld before the hand is ready: the bidder has not discarded");
  refuse(&g, "1 discard KC KC", 6, "discard 3 cards, not 2");
  refuse(&g, "1 discard AS KC 9C", 6, "seat 1 does not hold AS");
  refuse(&g, "2 discard AS AS TS", 4, "only the bidder (seat 1) discards");
  accept(&g, "1 discard KC KC 9C");
  refuse(&g, "1 discard JS JS 9S", 5, "the bidder already discarded");
}

/* Seat 1 can win no trick (AUCTION_DEAL), yet its discards count as a
 * trick of its own: their counters (KC KC, 20) and its meld (double
 * pinochle, 300) make the bid of 320 exactly. */
static void test_auction_discards_count_for_the_bidder_and_save_its_meld_without_a_trick(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "auction", NULL);
  accept_all(&g, AUCTION_BID_320 "1 trump C; 1 discard KC KC 9C; 1 meld QS QS JD JD = 300");
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->seat[0].tricks, 0);
  assert_int_equal(r->seat[0].counters, 20);
  assert_int_equal(r->seat[0].meld_counted, 300);
  assert_true(r->made);
  assert_int_equal(r->seat[0].score, 320);
  assert_int_equal(g.running[0], 320);
  assert_int_equal(r->seat[1].tricks + r->seat[2].tricks, 15);
  assert_int_equal(r->seat[1].counters + r->seat[2].counters, 230);
}

/* ----------------------------------------------------------------- turn-up */

typedef struct TurnupCase {
  const char *preset;   /* preset name */
  const char *deal;     /* dealer and deal rows */
  int dealer;           /* the dealer */
  const char *turnup;   /* a good turnup row */
  const char *foreign;  /* a turnup of a card the dealer does not hold */
  const char *other;    /* a turnup row by another seat */
  int trump;            /* the suit of the good turnup */
} TurnupCase;

static const TurnupCase TURNUP_CASES[] = {
    {"three-hand", THREE_DEAL, 2, "2 turnup KH", "2 turnup AS", "1 turnup KH", PN_HEARTS},
    {"cutthroat-four", "4 dealer;" SUITS4, 4, "4 turnup KC", "4 turnup AS", "1 turnup KC", PN_CLUBS},
    {"partnership", "4 dealer;" SUITS4, 4, "4 turnup KC", "4 turnup AS", "1 turnup KC", PN_CLUBS},
};
enum { TURNUP_CASE_COUNT = sizeof TURNUP_CASES / sizeof TURNUP_CASES[0] };

static void test_turnup_must_be_a_card_of_the_dealers_hand_in_every_turnup_preset(void **state) {
  (void)state;
  PnGame g;
  char reason[80];
  for (int i = 0; i < TURNUP_CASE_COUNT; i++) {
    const TurnupCase *c = &TURNUP_CASES[i];
    new_game(&g, c->preset, NULL);
    accept_all(&g, c->deal);
    refuse(&g, c->foreign, 6, "the turned-up card AS is not in the dealer's hand");
    snprintf(reason, sizeof reason, "the turnup belongs to the dealer (seat %d)", c->dealer);
    refuse(&g, c->other, 4, reason);
    accept(&g, c->turnup);
  }
}

/* The deal is checked as a whole by the row that completes it, whichever
 * row that is: here the dealer's own deal row, after the turn-up. */
static void test_dealers_deal_row_completing_a_deal_without_the_turnup_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "three-hand", NULL);
  accept_all(&g, "2 dealer;"
                 "2 turnup KH;"
                 "1 deal AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH 9H;"
                 "3 deal JD JD 9D 9D AC AC TC TC KC KC QC QC JC JC KH KH");
  refuse(&g, "2 deal TH 9C QH QH JH JH 9H AD AD TD TD KD KD QD QD 9C", 6,
         "the turned-up card KH is not in the dealer's hand");
}

static void test_turnup_fixes_trump_and_the_dealers_left_leads(void **state) {
  (void)state;
  PnGame g;
  char reason[80], text[32], buf[3];
  for (int i = 0; i < TURNUP_CASE_COUNT; i++) {
    const TurnupCase *c = &TURNUP_CASES[i];
    new_game(&g, c->preset, NULL);
    accept_all(&g, c->deal);
    accept(&g, c->turnup);
    assert_int_equal(g.hand.trump, c->trump);
    assert_int_equal(g.hand.phase, PN_PHASE_PREPARE);
    PnExpect ex = expect(&g);
    int left = c->dealer % g.rules.players + 1;
    assert_int_equal(ex.seat, left);
    assert_int_equal(ex.actions, (1u << PN_EV_DIX) | (1u << PN_EV_MELD) | (1u << PN_EV_PLAY));
    snprintf(reason, sizeof reason, "trump is fixed by the turned-up card in %s", c->preset);
    snprintf(text, sizeof text, "%d trump S", left);
    refuse(&g, text, 5, reason);
    int card = 0;
    while (!ex.legal.n[card]) card++;
    snprintf(text, sizeof text, "%d play %s", left, pn_card_str((PnCard)card, buf));
    accept(&g, text);
    assert_int_equal(g.hand.leader, left);
  }
}

static void test_turnup_dix_scores_10_for_the_dealer_without_a_row(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "three-hand", NULL);
  accept_all(&g, THREE_DEAL "2 turnup 9H");
  refuse(&g, "1 dix 9H = exchange", 7, "there is no turned-up trump left to exchange for the dix");
  refuse(&g, "2 dix 9H = show", 4, "seat 2 holds no dix that has not been counted");
  accept(&g, "1 dix 9H = show"); /* the other dix */
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->seat[1].meld_shown, 10); /* the dealer, no row */
  assert_int_equal(r->seat[0].meld_shown, 10);
  assert_int_equal(r->seat[2].meld_shown, 0);
  assert_int_equal(r->seat[0].counters + r->seat[1].counters + r->seat[2].counters, 250);
  assert_int_equal(r->seat[0].tricks + r->seat[1].tricks + r->seat[2].tricks, 16);
}

static void test_dix_exchange_swaps_the_dix_and_the_turnup_between_player_and_dealer(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "three-hand", NULL);
  accept_all(&g, THREE_DEAL "2 turnup KH");
  accept(&g, "1 dix 9H = exchange");
  assert_int_equal(count_of(&g.hand.held[0], "9H"), 0);
  assert_int_equal(count_of(&g.hand.held[0], "KH"), 1);
  assert_int_equal(count_of(&g.hand.held[1], "KH"), 1);
  assert_int_equal(count_of(&g.hand.held[1], "9H"), 2);
  assert_int_equal(pn_cards_total(&g.hand.held[0]), 16);
  assert_int_equal(pn_cards_total(&g.hand.held[1]), 16);
  assert_int_equal(g.hand.turnup, PN_CARD(PN_HEARTS, PN_NINE));
  accept(&g, "2 dix 9H = show"); /* the dealer's own dix: shown for 10 */
  refuse(&g, "2 dix 9H = show", 4, "seat 2 holds no dix that has not been counted");
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->seat[0].meld_shown, 10);
  assert_int_equal(r->seat[1].meld_shown, 10);
}

static void test_second_dix_exchange_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "three-hand", NULL);
  accept_all(&g, THREE_DEAL "2 turnup KH; 1 dix 9H = exchange");
  refuse(&g, "2 dix 9H = exchange", 7, "there is no turned-up trump left to exchange for the dix");
  accept(&g, "2 dix 9H = show");
}

static void test_turnup_presets_do_not_count_the_dix_inside_a_shown_meld(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "three-hand", NULL);
  accept_all(&g, THREE_DEAL "2 turnup KH");
  PnFinding f = finds(&g, "2 meld KH QH 9H = 50", PN_FIND_MELD_CLAIM, 2);
  assert_int_equal(f.claimed, 50);
  assert_int_equal(f.computed, 40);
  accept(&g, "1 meld 9H = 0");
}

/* SUITS4 with clubs turned up: seat 4 (the dealer) holds every trump and
 * wins all 12 tricks (250); it turned up a dix (10) and shows the other. */
#define TURNUP_CLUBS_DIX "4 dealer;" SUITS4 "4 turnup 9C; 4 dix 9C = show; 2 meld KH QH = 20"

static void test_cutthroat_four_scores_each_player_alone(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "cutthroat-four", NULL);
  accept_all(&g, TURNUP_CLUBS_DIX);
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->bidder, 0);
  assert_int_equal(r->seat[3].tricks, 12);
  assert_int_equal(r->seat[3].counters, 250);
  assert_int_equal(r->seat[3].meld_shown, 20);
  assert_int_equal(r->seat[3].score, 270);
  assert_int_equal(r->seat[1].meld_shown, 20);
  assert_int_equal(r->seat[1].meld_counted, 0); /* no trick */
  assert_int_equal(r->seat[1].score, 0);
  int running[] = {0, 0, 0, 270};
  for (int s = 0; s < 4; s++) assert_int_equal(g.running[s], running[s]);
}

static void test_partnership_scores_the_team_together(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership", NULL);
  accept_all(&g, TURNUP_CLUBS_DIX);
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->seat[1].meld_counted, 20); /* seat 4's tricks save seat 2's meld */
  assert_int_equal(r->seat[1].score, 290);
  assert_int_equal(r->seat[3].score, 290);
  assert_int_equal(r->seat[0].score, 0);
  assert_int_equal(g.running[1], 290);
  assert_int_equal(g.running[3], 290);
}

/* --------------------------------------------------------------- two-hand */

/* Seat 1 (the non-dealer) holds kings and queens around and three aces to
 * lead; seat 2 holds nothing but 9s and jacks of spades, diamonds and
 * clubs, which it throws on seat 1's leads, so seat 1 wins all 12 stock
 * tricks.  Hearts are trump (JH turned up).  Seat 1 draws the even stock
 * cards AH TH AS AD 9H TD AC TC KD QD KC QC, seat 2 the odd ones TS TS KS
 * QS AH TH KH TD QH TC JH, and at the end the turned-up card. */
#define TWO_CARDS                                 \
  "1 deal KS KH KD KC QS QH QD QC AS AD AC 9H;" \
  "2 deal 9S 9S 9D 9D 9C 9C JS JS JD JD JC JC;" \
  "turnup JH;"                                    \
  "stock AH TS TH TS AS KS AD QS 9H AH TD TH AC KH TC TD KD QH QD TC KC JH QC;"
#define TWO_DEAL "2 dealer;" TWO_CARDS

/* The whole hand, one entry per trick with what follows it.  Seat 1 melds
 * 003's example (kings 80, royal marriage 40, marriage 20, marriage 20,
 * queens 60 = 220), exchanges its dix for the JH (10) and uses the JH for
 * the run on top of the royal marriage (150), then shows the other dix it
 * drew (10): 390.  Counters (classic), stock phase: seat 1 113.  Playoff:
 * seat 1 20, seat 2 117 with the last trick; 133 and 117 round to 130
 * and 120 (a units digit of 7 or more rounds up). */
static const char *const TWO_HAND[24] = {
    "1 play AS; 2 play 9S; 1 meld KS KH KD KC = kings",                       /* 1: 11 */
    "1 play AD; 2 play 9D; 1 meld KH QH = royal-marriage; 1 dix 9H = exchange", /* 11 */
    "1 play AC; 2 play 9C; 1 meld KS QS = marriage",                          /* 11 */
    "1 play AS; 2 play 9S; 1 meld KD QD = marriage",                          /* 11 */
    "1 play AD; 2 play 9D; 1 meld QS QH QD QC = queens",                      /* 5: 11 */
    "1 play KC; 2 play JS; 1 meld AH TH KH QH JH = run; 1 dix 9H = show",     /* 6 */
    "1 play TD; 2 play 9C",                                                   /* 10 */
    "1 play AC; 2 play JS",                                                   /* 13 */
    "1 play TC; 2 play JC",                                                   /* 12 */
    "1 play KD; 2 play JD",                                                   /* 10: 6 */
    "1 play QD; 2 play JD",                                                   /* 5 */
    "1 play KC; 2 play JC",                                                   /* 12: 6 */
    /* the playoff: follow, head when trump is led, trump when void */
    "1 play AH; 2 play 9H", /* 13: seat 1, 11 */
    "1 play TH; 2 play AH", /* seat 2, 21 */
    "2 play TS; 1 play QS", /* seat 2, 13 */
    "2 play TS; 1 play KS", /* seat 2, 14 */
    "2 play TC; 1 play QC", /* seat 2, 13 */
    "2 play TD; 1 play QD", /* 18: seat 2, 13 */
    "2 play KS; 1 play 9H", /* seat 1, 4 */
    "1 play KD; 2 play JH", /* seat 2, 6 */
    "2 play QS; 1 play JH", /* seat 1, 5 */
    "1 play QC; 2 play QH", /* seat 2, 6 */
    "2 play TH; 1 play QH", /* seat 2, 13 */
    "2 play KH; 1 play KH", /* 24: seat 2 (the first KH), 8 + 10 */
};

/* A two-hand game with TWO_DEAL and the first `tricks` entries of TWO_HAND. */
static void two_hand_to(PnGame *g, int tricks, const char *options) {
  new_game(g, "two-hand", options);
  accept_all(g, TWO_DEAL);
  for (int t = 0; t < tricks; t++) accept_all(g, TWO_HAND[t]);
}

static void test_two_hand_non_dealer_leads(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand", NULL);
  accept_all(&g, TWO_DEAL);
  assert_int_equal(g.hand.phase, PN_PHASE_PLAY);
  assert_int_equal(g.hand.trump, PN_HEARTS);
  assert_int_equal(expect(&g).seat, 1);
  refuse(&g, "2 play 9S", 4, "out of turn: seat 1 is to play");
  new_game(&g, "two-hand", NULL);
  accept_all(&g, "1 dealer;" TWO_CARDS);
  assert_int_equal(expect(&g).seat, 2);
}

static void test_two_hand_has_no_play_obligations_while_the_stock_lasts(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand", NULL);
  accept_all(&g, TWO_DEAL);
  PnObligation ob;
  pn_obligation(&g, &ob);
  assert_false(ob.follow);
  assert_int_equal(ob.head, PN_HEAD_NEVER);
  assert_int_equal(ob.trump_rule, PN_TRUMP_NO);
  accept(&g, "1 play AS");
  accept(&g, "2 play 9D"); /* holds 9S 9S, need not follow */
  assert_int_equal(g.hand.last_winner, 1);
}

static void test_two_hand_draws_after_each_trick_winner_first(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand", NULL);
  accept_all(&g, "1 dealer;" TWO_CARDS "2 play 9S; 1 play QD"); /* seat 2 wins */
  assert_int_equal(g.hand.last_winner, 2);
  PnCards next;
  pn_held_next(&g, 2, &next);
  assert_int_equal(count_of(&next, "AH"), 1); /* the top card */
  pn_held_next(&g, 1, &next);
  assert_int_equal(count_of(&next, "TS"), 1); /* the second */
  accept(&g, "2 play AH");                    /* the card it just drew */
  assert_int_equal(g.hand.stock_pos, 2);
  assert_int_equal(count_of(&g.hand.held[0], "TS"), 1);
  assert_int_equal(pn_cards_total(&g.hand.held[0]), 12);
  assert_int_equal(pn_cards_total(&g.hand.held[1]), 11);
}

static void test_two_hand_only_the_trick_winner_melds_before_the_draws(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand", NULL);
  accept_all(&g, TWO_DEAL);
  refuse(&g, "1 meld KS KH KD KC = kings", 4, "only the winner of the last trick may meld, before the draws");
  accept_all(&g, "1 play AS; 2 play 9S");
  refuse(&g, "2 meld JS JS = pinochle", 4, "only the winner of the last trick may meld, before the draws");
  refuse(&g, "2 dix 9H = show", 4, "only the winner of the last trick may count the dix, before the draws");
  accept(&g, "1 meld KS KH KD KC = kings");
  accept(&g, "1 play AD"); /* the draws are made */
  refuse(&g, "1 meld KH QH = royal-marriage", 4, "only the winner of the last trick may meld, before the draws");
  refuse(&g, "1 dix 9H = exchange", 4, "only the winner of the last trick may count the dix, before the draws");
}

static void test_two_hand_seed003_worked_example_scores_220_in_five_turns(void **state) {
  (void)state;
  PnGame g;
  static const int after[5] = {80, 120, 140, 160, 220};
  new_game(&g, "two-hand", NULL);
  accept_all(&g, TWO_DEAL);
  for (int t = 0; t < 5; t++) {
    accept_all(&g, TWO_HAND[t]);
    assert_int_equal(g.hand.meld_points[0], after[t]);
  }
  assert_int_equal(g.hand.ntable[0], 8); /* four kings, four queens */
  assert_int_equal(g.hand.dix_points[0], 10);
}

static void test_two_hand_royal_marriage_then_ace_ten_jack_adds_the_run(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand", NULL);
  accept_all(&g, TWO_DEAL "1 play AS; 2 play 9S; 1 meld KH QH = royal-marriage");
  assert_int_equal(g.hand.meld_points[0], 40);
  accept_all(&g, "1 play AD; 2 play 9D; 1 play AC; 2 play 9C; 1 dix 9H = exchange");
  accept(&g, "1 meld AH TH KH QH JH = run");
  assert_int_equal(g.hand.meld_points[0], 190);
  assert_int_equal(g.hand.ntable[0], 5); /* KH QH used again */
}

static void test_two_hand_run_then_its_king_and_queen_as_a_marriage_is_a_meld_claim(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand", NULL);
  accept_all(&g, TWO_DEAL "1 play AS; 2 play 9S; 1 play AD; 2 play 9D; 1 play AC; 2 play 9C;"
                          "1 dix 9H = exchange; 1 meld AH TH KH QH JH = run; 1 play AS; 2 play 9S");
  assert_int_equal(g.hand.meld_points[0], 150);
  finds(&g, "1 meld KH QH = royal-marriage", PN_FIND_MELD_CLAIM, 1);
  assert_int_equal(g.hand.meld_points[0], 150);
  assert_int_equal(g.hand.ntable[0], 5);
}

/* 003: after four kings and four queens, none of them can be married. */
static void test_two_hand_meld_taking_no_new_card_is_a_meld_claim(void **state) {
  (void)state;
  PnGame g;
  two_hand_to(&g, 5, NULL);
  accept_all(&g, "1 play 9H; 2 play JS");
  finds(&g, "1 meld KC QC = marriage", PN_FIND_MELD_CLAIM, 1);
  assert_int_equal(g.hand.meld_points[0], 220);
}

/* The KD and QD married at trick 4 cannot serve in a second marriage of
 * the same value: the second one takes the KD and QD drawn since. */
static void test_two_hand_second_marriage_in_a_suit_takes_its_own_king_and_queen(void **state) {
  (void)state;
  PnGame g;
  two_hand_to(&g, 6, NULL);
  accept_all(&g, "1 play TD; 2 play 9C; 1 play AC; 2 play JS; 1 play TC; 2 play JC;"
                 "1 play 9H; 2 play JD; 1 play KS; 2 play JD");
  int ntable = g.hand.ntable[0];
  assert_int_equal(g.hand.meld_points[0], 370);
  accept(&g, "1 meld KD QD = marriage");
  assert_int_equal(g.hand.meld_points[0], 390);
  assert_int_equal(g.hand.ntable[0], ntable + 2);
  assert_int_equal(g.hand.held[0].n[PN_CARD(PN_DIAMONDS, PN_KING)], 0);
}

static void test_two_hand_meld_that_does_not_form_the_named_meld_is_a_meld_claim(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand", NULL);
  accept_all(&g, TWO_DEAL "1 play AS; 2 play 9S");
  finds(&g, "1 meld KS QH = marriage", PN_FIND_MELD_CLAIM, 1);
  assert_int_equal(g.hand.meld_points[0], 0);
  assert_int_equal(g.hand.ntable[0], 0);
}

static void test_two_hand_second_meld_after_the_same_trick_is_a_meld_claim(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand", NULL);
  accept_all(&g, TWO_DEAL "1 play AS; 2 play 9S; 1 meld KS KH KD KC = kings");
  finds(&g, "1 meld KH QH = royal-marriage", PN_FIND_MELD_CLAIM, 1);
  assert_int_equal(g.hand.meld_points[0], 80);
  assert_int_equal(g.hand.ntable[0], 4);
  accept(&g, "1 dix 9H = exchange"); /* one meld plus the dix */
  assert_int_equal(g.hand.dix_points[0], 10);
  accept_all(&g, "1 play AD; 2 play 9D; 1 meld KH QH = royal-marriage");
  assert_int_equal(g.hand.meld_points[0], 120);
}

/* A two-hand meld row may give points instead of a meld name; a number
 * that is not what the meld is worth is a wrong claim (EVENT-LOG.md:
 * "optional claimed points"; "a meld claim that is wrong" is a finding). */
static void test_two_hand_meld_claimed_points_that_differ_are_a_meld_claim(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand", NULL);
  accept_all(&g, TWO_DEAL "1 play AS; 2 play 9S");
  accept(&g, "1 meld KS KH KD KC = 80");
  assert_int_equal(g.hand.meld_points[0], 80);
  new_game(&g, "two-hand", NULL);
  accept_all(&g, TWO_DEAL "1 play AS; 2 play 9S");
  /* ENGINE BUG? hand_apply_progressive_meld() never compares a numeric value
   * with the meld's points: "1 meld KS KH KD KC = 90" is accepted with no
   * finding (and the 80 scored).  Expected: meld-claim, claimed 90,
   * computed 80. */
  PnFinding f = finds(&g, "1 meld KS KH KD KC = 90", PN_FIND_MELD_CLAIM, 1);
  assert_int_equal(f.claimed, 90);
  assert_int_equal(f.computed, 80);
}

static void test_two_hand_dix_exchange_takes_the_turnup_for_use_at_once(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand", NULL);
  accept_all(&g, TWO_DEAL "1 play AS; 2 play 9S; 1 play AD; 2 play 9D; 1 play AC; 2 play 9C");
  accept(&g, "1 dix 9H = exchange");
  assert_int_equal(count_of(&g.hand.held[0], "9H"), 0);
  assert_int_equal(count_of(&g.hand.held[0], "JH"), 1);
  assert_int_equal(g.hand.turnup, PN_CARD(PN_HEARTS, PN_NINE));
  assert_int_equal(g.hand.dix_points[0], 10);
  accept(&g, "1 meld AH TH KH QH JH = run"); /* the JH just taken */
  assert_int_equal(g.hand.meld_points[0], 150);
}

static void test_two_hand_turned_up_dix_scores_10_for_the_dealer(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand", NULL);
  accept_all(&g, "2 dealer;"
                 "1 deal KS KH KD KC QS QH QD QC AS AD AC 9H;"
                 "2 deal 9S 9S 9D 9D 9C 9C JS JS JD JD JC JC;"
                 "turnup 9H;"
                 "stock AH TS TH TS AS KS AD QS JH AH TD TH AC KH TC TD KD QH QD TC KC JH QC;"
                 "1 play AS; 2 play 9S");
  refuse(&g, "1 dix 9H = exchange", 7, "there is no turned-up trump left to exchange for the dix");
  accept(&g, "1 dix 9H = show");
  PnOutcome out = accept(&g, "1 out");
  assert_true(out.hand_done);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->seat[1].meld_shown, 10); /* the dealer, with no row */
  assert_int_equal(r->seat[1].score, 10);
  assert_int_equal(r->seat[0].meld_shown, 10);
}

static void test_two_hand_last_stock_trick_winner_draws_the_last_card_and_the_loser_the_turnup(void **state) {
  (void)state;
  PnGame g;
  two_hand_to(&g, 12, NULL);
  assert_int_equal(g.hand.stock_pos, 22);
  /* the winner of the last stock trick may still meld before drawing */
  assert_int_equal(expect(&g).actions,
                   1u << PN_EV_PLAY | 1u << PN_EV_OUT | 1u << PN_EV_MELD | 1u << PN_EV_DIX);
  PnCards next;
  pn_held_next(&g, 1, &next); /* QC from the stock, the melds back in hand */
  assert_cards(&next, "9H AH JH KD KH KS QC QC QD QH QS TH");
  pn_held_next(&g, 2, &next); /* the 9H given for the turned-up JH */
  assert_cards(&next, "9H AH JH KH KS QH QS TC TD TH TS TS");
  accept(&g, "1 play AH");
  assert_true(g.hand.playoff);
  assert_int_equal(g.hand.stock_pos, 23);
  assert_int_equal(g.hand.turnup, PN_NO_CARD);
  assert_int_equal(g.hand.ntable[0], 0);
  assert_cards(&g.hand.held[0], "9H JH KD KH KS QC QC QD QH QS TH");
  assert_cards(&g.hand.held[1], "9H AH JH KH KS QH QS TC TD TH TS TS");
  PnExpect ex = expect(&g);
  assert_int_equal(ex.actions, 1u << PN_EV_PLAY | 1u << PN_EV_OUT); /* no more melds */
}

static void test_two_hand_playoff_obligations_follow_head_on_trump_lead_and_trump(void **state) {
  (void)state;
  PnGame g;
  two_hand_to(&g, 13, NULL);
  PnObligation ob;
  pn_obligation(&g, &ob);
  assert_true(ob.follow);
  assert_int_equal(ob.head, PN_HEAD_TRUMP_LEAD);
  assert_int_equal(ob.trump_rule, PN_TRUMP_ALWAYS);
  accept(&g, "1 play TH");
  PnExpect ex = expect(&g);
  assert_cards(&ex.legal, "AH"); /* must beat the TH */
  accept_all(&g, "2 play AH; 2 play TS");
  ex = expect(&g);
  assert_cards(&ex.legal, "KS QS"); /* follow; no heading on a plain lead */
  accept(&g, "1 play QS");
  accept_all(&g, TWO_HAND[15]);
  accept_all(&g, TWO_HAND[16]);
  accept_all(&g, TWO_HAND[17]);
  accept(&g, "2 play KS");
  ex = expect(&g);
  assert_cards(&ex.legal, "9H JH KH QH"); /* void: must trump */
}

static void test_two_hand_playoff_renege_head_is_found(void **state) {
  (void)state;
  PnGame g;
  two_hand_to(&g, 13, NULL);
  accept(&g, "1 play TH");
  PnFinding f = finds(&g, "2 play KH", PN_FIND_RENEGE_HEAD, 2);
  assert_int_equal(f.trick, 14);
  assert_int_equal(f.card, PN_CARD(PN_HEARTS, PN_KING));
  assert_cards(&f.evidence, "AH");
}

static void test_two_hand_playoff_renege_follow_is_found(void **state) {
  (void)state;
  PnGame g;
  two_hand_to(&g, 14, NULL);
  accept(&g, "2 play TS");
  PnFinding f = finds(&g, "1 play QC", PN_FIND_RENEGE_FOLLOW, 1);
  assert_int_equal(f.trick, 15);
  assert_cards(&f.evidence, "KS QS");
}

static void test_two_hand_playoff_renege_trump_is_found(void **state) {
  (void)state;
  PnGame g;
  two_hand_to(&g, 18, NULL);
  accept(&g, "2 play KS");
  PnFinding f = finds(&g, "1 play KD", PN_FIND_RENEGE_TRUMP, 1);
  assert_int_equal(f.trick, 19);
  assert_cards(&f.evidence, "9H JH KH QH");
}

static void test_two_hand_full_hand_rounds_each_players_counters(void **state) {
  (void)state;
  PnGame g;
  two_hand_to(&g, 23, NULL);
  accept(&g, "2 play KH");
  PnOutcome out = accept(&g, "1 play KH");
  assert_true(out.hand_done);
  assert_false(out.game_over);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->seat[0].tricks, 15);
  assert_int_equal(r->seat[1].tricks, 9);
  assert_int_equal(r->seat[0].counters, 130); /* 133 rounds down */
  assert_int_equal(r->seat[1].counters, 120); /* 117 rounds up */
  assert_int_equal(r->seat[0].meld_shown, 390);
  assert_int_equal(r->seat[0].score, 520);
  assert_int_equal(r->seat[1].meld_shown, 0);
  assert_int_equal(r->seat[1].score, 120);
  assert_int_equal(g.running[0], 520);
  assert_int_equal(g.running[1], 120);
  assert_int_equal(g.target, 1000);
  assert_false(g.over);
}

/* 000: a units digit of 7 or more rounds up, 6 or less down.  Seat 1's
 * counters after trick 9 are 96, after trick 11 107. */
static void test_two_hand_counters_round_6_down_and_7_up(void **state) {
  (void)state;
  PnGame g;
  two_hand_to(&g, 9, NULL);
  accept(&g, "1 out");
  assert_int_equal(RESULT(&g)->seat[0].counters, 90);
  two_hand_to(&g, 11, NULL);
  accept(&g, "1 out");
  assert_int_equal(RESULT(&g)->seat[0].counters, 110);
}

/* After trick 18: seat 1 has won 113 + 11 = 124, seat 2 74. */
static void test_two_hand_declaring_out_counts_only_the_declarers_tricks(void **state) {
  (void)state;
  PnGame g;
  two_hand_to(&g, 18, NULL);
  PnOutcome out = accept(&g, "2 out");
  assert_true(out.hand_done);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->out_seat, 2);
  assert_int_equal(r->seat[1].counters, 70); /* 74, rounded */
  assert_int_equal(r->seat[0].counters, 0);  /* 124 not counted */
  assert_int_equal(r->seat[0].score, 390);   /* melds stay scored */
  assert_int_equal(r->seat[1].score, 70);
  /* 70 is short of 1000: the declarer loses */
  assert_true(out.game_over);
  assert_int_equal(g.winner, 1);
  refuse(&g, "2 play KS", 5, "play after the hand is over");
}

static void test_two_hand_declaring_out_wins_on_reaching_the_target_even_when_behind(void **state) {
  (void)state;
  PnGame g;
  two_hand_to(&g, 18, "target=70");
  PnOutcome out = accept(&g, "2 out");
  assert_true(out.game_over);
  assert_int_equal(g.winner, 2); /* 70 against 390 */
  two_hand_to(&g, 18, "target=500");
  out = accept(&g, "1 out");
  assert_int_equal(RESULT(&g)->seat[0].counters, 120); /* 124, rounded */
  assert_int_equal(RESULT(&g)->seat[1].counters, 0);
  assert_int_equal(g.running[0], 510);
  assert_true(out.game_over);
  assert_int_equal(g.winner, 1);
}

static void test_two_hand_target_rises_by_250_while_both_players_are_over_it(void **state) {
  (void)state;
  PnGame g;
  two_hand_to(&g, 24, "target=100"); /* 520 and 120: both over 100 */
  assert_int_equal(g.target, 350);
  assert_true(g.over);
  assert_int_equal(g.winner, 1);
  refuse(&g, "1 dealer", 5, "the game is over: it was won in hand 1");
  two_hand_to(&g, 24, "target=100 target_step=500");
  assert_int_equal(g.target, 600);
  assert_false(g.over);
  assert_int_equal(g.winner, 0);
}

static void test_two_hand_play_of_a_card_not_held_undoes_the_draws(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "two-hand", NULL);
  accept_all(&g, TWO_DEAL "1 play AS; 2 play 9S");
  refuse(&g, "1 play TS", 6, "seat 1 does not hold TS"); /* TS is the second card: seat 2's */
  assert_true(g.hand.draw_pending);
  assert_int_equal(g.hand.stock_pos, 0);
  accept(&g, "1 play AH"); /* the first card: seat 1's */
}

/* ------------------------------------------------ claims, scoring, game end */

/* partnership-auction on SUITS4, seat 1 bidding 250 in spades; the
 * partners pass the same four diamonds there and back.  Seat 1 wins all
 * 12 tricks (250). */
#define PA_READY PA_SPADES "3 give AD AD TD TD; 1 give AD AD TD TD;"
#define PA_MELDS "1 meld AS TS KS QS JS = 150; 2 meld KH QH = 20; 4 meld KC QC = 20;"

static void test_meld_claim_that_differs_reports_claimed_and_computed(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_READY);
  PnFinding f = finds(&g, "1 meld AS TS KS QS JS = 190", PN_FIND_MELD_CLAIM, 1);
  assert_int_equal(f.claimed, 190);
  assert_int_equal(f.computed, 150);
  assert_int_equal(g.hand.meld_shown[0], 150); /* the computed value counts */
  accept(&g, "2 meld KH QH = 20");
  refuse(&g, "1 meld KS QS = 40", 4, "seat 1 already showed meld");
  refuse(&g, "3 meld AS", 6, "seat 3 does not hold AS");
}

static void test_score_claim_that_differs_is_a_score_claim_finding(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_READY PA_MELDS);
  play_out(&g);
  accept_all(&g, "3 score 400; 4 score 0");
  PnFinding f = finds(&g, "2 score 40", PN_FIND_SCORE_CLAIM, 2);
  assert_int_equal(f.claimed, 40);
  assert_int_equal(f.computed, 0);
  f = finds(&g, "1 score 410", PN_FIND_SCORE_CLAIM, 1);
  assert_int_equal(f.claimed, 410);
  assert_int_equal(f.computed, 400);
}

/* One score row per seat and hand, whether the first claim was right or
 * wrong; the next hand starts afresh. */
static void test_second_score_row_for_a_seat_in_one_hand_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_READY PA_MELDS);
  play_out(&g);
  accept_all(&g, "1 score 400; 3 score 400");
  refuse(&g, "1 score 400", 4, "seat 1 already has a score row in hand 1");
  finds(&g, "2 score 40", PN_FIND_SCORE_CLAIM, 2);
  refuse(&g, "2 score 0", 4, "seat 2 already has a score row in hand 1");
  accept_all(&g, "4 score 0; 2 dealer");
  assert_false(g.hand.scored[0]);
}

static void test_rows_after_the_last_trick_are_impossible_except_score_and_the_next_dealer(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_READY PA_MELDS);
  refuse(&g, "1 score 400", 5, "score is not possible before play");
  accept(&g, "1 play AS");
  refuse(&g, "1 score 400", 5, "score rows come after the last play");
  play_out(&g);
  assert_int_equal(g.hand.phase, PN_PHASE_DONE);
  refuse(&g, "1 play AS", 5, "play after the hand is over");
  refuse(&g, "1 meld KS QS", 5, "meld after the hand is over");
  refuse(&g, "1 bid 300", 5, "bid after the hand is over");
  refuse(&g, "1 trump H", 5, "trump after the hand is over");
  refuse(&g, "1 moon", 5, "moon after the hand is over");
  refuse(&g, "1 deal AS AS TS TS KS KS QS QS JS JS 9S 9S", 5, "deal after the hand is over");
  accept(&g, "1 score 400");
  accept(&g, "1 dealer");
  assert_int_equal(g.hand.number, 2);
}

static void test_moon_taking_every_trick_scores_1500_and_wins(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_READY PA_MELDS "1 moon");
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_true(r->moon);
  assert_true(r->made);
  assert_int_equal(r->seat[0].tricks, 12);
  assert_int_equal(r->seat[0].score, 1500); /* the moon, not meld + counters */
  assert_int_equal(r->seat[2].score, 1500);
  assert_int_equal(r->seat[1].score, 0);
  assert_true(g.over); /* the first hand a side reaches 1500 */
  assert_int_equal(g.winner, 1);
  assert_int_equal(g.winner_side, 0);
  refuse(&g, "1 dealer", 5, "the game is over: it was won in hand 1");
}

static void test_moon_missing_a_trick_costs_the_bidding_side_1500(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, "4 dealer;" SUITS4_ONE_TRICK_LOST
                 "1 bid 250; 2 pass; 3 pass; 4 pass; 1 trump C; 3 give AH AH TH TH; 1 give AH AH TH TH;"
                 "1 meld KC QC = 40; 2 meld KS QS = 20; 4 meld KD QD = 20");
  refuse(&g, "2 moon", 4, "only the bidder (seat 1) shoots the moon");
  accept(&g, "1 moon");
  refuse(&g, "1 moon", 5, "the moon was already declared");
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_true(r->moon);
  assert_false(r->made);
  assert_int_equal(r->seat[0].tricks + r->seat[2].tricks, 11);
  assert_int_equal(r->seat[0].score, -1500);
  assert_int_equal(r->seat[2].score, -1500);
  /* the other side scores normally: 40 meld + 30 (9S AS AH AD) */
  assert_int_equal(r->seat[1].counters + r->seat[3].counters, 30);
  assert_int_equal(r->seat[1].score, 70);
  assert_int_equal(g.running[1], 70);
  assert_false(g.over);
}

static void test_moon_is_declared_after_meld_and_before_the_first_lead(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_SPADES);
  refuse(&g, "1 moon", 5, "moon before the hand is ready: the partners have not passed their cards");
  accept_all(&g, "3 give AD AD TD TD; 1 give AD AD TD TD; 1 play AS");
  refuse(&g, "1 moon", 5, "moon during the play of the tricks");
}

static void test_moon_off_makes_a_moon_row_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", "moon=off");
  accept_all(&g, PA_READY);
  refuse(&g, "1 moon", 5, "shooting the moon is off in this game");
  assert_int_equal(expect(&g).actions, (1u << PN_EV_MELD) | (1u << PN_EV_PLAY));
}

/* SUITS4_ONE_TRICK_LOST bid at 500 in clubs: seat 2 must head the 9S with
 * a higher spade but plays the other 9S; seat 1's 9S, first, wins. */
#define RENEGE_BY_OTHERS                                                                     \
  "4 dealer;" SUITS4_ONE_TRICK_LOST                                                          \
  "1 bid 500; 2 pass; 3 pass; 4 pass; 1 trump C; 3 give AH AH TH TH; 1 give AH AH TH TH;" \
  "1 meld KC QC = 40; 2 meld KS QS = 20; 1 play 9S"

static void test_renege_penalty_none_scores_the_hand_as_played(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, RENEGE_BY_OTHERS);
  PnFinding f = finds(&g, "2 play 9S", PN_FIND_RENEGE_HEAD, 2);
  assert_cards(&f.evidence, "AS AS TS TS KS KS QS QS JS JS"); /* every spade that beats 9S */
  assert_int_equal(f.trick, 1);
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_true(r->seat[1].reneged);
  assert_int_equal(r->seat[0].tricks, 12);
  assert_false(r->made); /* 40 + 250 < 500 */
  assert_int_equal(r->seat[0].score, -500);
  assert_int_equal(r->seat[1].score, 0);
}

static void test_renege_penalty_set_other_side_renege_leaves_bidders_their_total(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", "renege_penalty=set");
  accept_all(&g, RENEGE_BY_OTHERS);
  finds(&g, "2 play 9S", PN_FIND_RENEGE_HEAD, 2);
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_true(r->made); /* not set, though 290 < 500 */
  assert_int_equal(r->seat[0].score, 290);
  assert_int_equal(r->seat[2].score, 290);
  assert_int_equal(r->seat[1].score, 0); /* the reneging side scores nothing */
  assert_int_equal(r->seat[3].score, 0);
}

/* Seat 3 holds the 9S but throws the AD on seat 1's AS; the bidding side
 * takes every trick (40 + 250 >= 250) and is set all the same. */
static void test_renege_penalty_set_bidding_side_renege_is_set(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", "renege_penalty=set");
  accept_all(&g, "4 dealer;" SUITS4_PARTNER_HOLDS_9S
                 "1 bid 250; 2 pass; 3 pass; 4 pass; 1 trump S; 3 give AD AD TD TD; 1 give AD AD TD TD;"
                 "1 meld KS QS = 40; 1 play AS; 2 play AH");
  PnFinding f = finds(&g, "3 play AD", PN_FIND_RENEGE_FOLLOW, 3);
  assert_cards(&f.evidence, "9S");
  accept(&g, "4 play AC");
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->seat[0].tricks, 12);
  assert_false(r->made);
  assert_int_equal(r->seat[0].score, -250);
  assert_int_equal(r->seat[2].score, -250);
  assert_int_equal(r->seat[1].score, 0);
}

static void test_meld_needs_trick_side_without_a_trick_loses_its_meld(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_READY PA_MELDS);
  play_out(&g);
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->seat[1].tricks + r->seat[3].tricks, 0);
  assert_int_equal(r->seat[1].meld_shown, 20);
  assert_int_equal(r->seat[1].meld_counted, 0);
  assert_int_equal(r->seat[1].score, 0);
  assert_int_equal(r->seat[0].score, 400);

  new_game(&g, "partnership-auction", "meld_needs_trick=no");
  accept_all(&g, PA_READY PA_MELDS);
  play_out(&g);
  r = RESULT(&g);
  assert_int_equal(r->seat[1].meld_counted, 20);
  assert_int_equal(r->seat[1].score, 40);
  assert_int_equal(r->seat[3].score, 40);
}

/* Seat 2 bids 1000 and names spades, which seat 1 holds: set. */
#define LOSE_1000 "1 dealer;" SUITS4 "2 bid 1000; 3 pass; 4 pass; 1 pass; 2 trump S; 4 give AC AC TC TC; 2 give AC AC TC TC"

static void test_lose_at_a_side_at_or_below_it_loses(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", "lose_at=-1000");
  accept_all(&g, LOSE_1000);
  play_out(&g);
  assert_int_equal(RESULT(&g)->seat[1].score, -1000);
  assert_int_equal(RESULT(&g)->seat[0].score, 250);
  assert_true(g.over);
  assert_int_equal(g.winner, 1);
  assert_int_equal(g.winner_side, 0);

  new_game(&g, "partnership-auction", NULL); /* lose_at off by default */
  accept_all(&g, LOSE_1000);
  play_out(&g);
  assert_int_equal(g.running[1], -1000);
  assert_false(g.over);
}

/* Two hands to 400, meld_needs_trick=no.  Hand 1: seats 2+4 bid in hearts
 * and take all (330).  Hand 2: seat 3 bids in spades, its partner takes
 * all: 1+3 reach 400, 2+4 reach 410 with their melds. */
/* cutthroat-four has no bidder: seat 4 (270) and seat 2 (its 20 meld,
 * saved without a trick) both reach 20; the higher score wins. */
static void test_game_end_without_a_bidder_the_higher_score_wins(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "cutthroat-four", "target=20 meld_needs_trick=no");
  accept_all(&g, TURNUP_CLUBS_DIX);
  play_out(&g);
  assert_int_equal(g.running[1], 20);
  assert_int_equal(g.running[3], 270);
  assert_true(g.over);
  assert_int_equal(g.winner, 4);
}

static void test_game_end_bidding_side_counts_first_when_both_reach_the_target(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", "target=400 meld_needs_trick=no");
  accept_all(&g, "1 dealer;" SUITS4 "2 bid 250; 3 pass; 4 pass; 1 pass; 2 trump H;"
                 "4 give AC AC TC TC; 2 give AC AC TC TC; 2 meld KH KH QH QH = 80");
  play_out(&g);
  assert_int_equal(g.running[1], 330);
  assert_int_equal(g.running[0], 0);
  assert_false(g.over);
  accept_all(&g, "2 dealer;" SUITS4 "3 bid 250; 4 pass; 1 pass; 2 pass; 3 trump S;"
                 "1 give AS AS TS TS; 3 give AS AS TS TS; 1 meld AS TS KS QS JS = 150;"
                 "2 meld KH KH QH QH = 40; 4 meld KC KC QC QC = 40");
  play_out(&g);
  assert_int_equal(g.running[0], 400);
  assert_int_equal(g.running[1], 410);
  assert_true(g.over);
  assert_int_equal(g.winner_side, 0); /* the bidders, though 410 > 400 */
  assert_int_equal(g.winner, 1);
  refuse(&g, "3 dealer", 5, "the game is over: it was won in hand 2");
  assert_int_equal(expect(&g).actions, 1u << PN_EV_SCORE);
}

/* two-hand-bid game end (002, RULES.md 6).  In this deal both players take
 * tricks.  Seat 1 (AS AS TS TS KH QH 9H AD AD AC AC TC) bids 10 in hearts;
 * seat 2 (KS KS QS QS JS JS AH AH TH TH KC QC) passes.  Played out, seat 1
 * takes 7 tricks with 9 counters and seat 2 takes 5 with 8.  MELD1 and
 * MELD2 are the meld rows (royal marriage 4 + dix 1 = 5; three marriages 6),
 * so the hand scores 9 + MELD1 and 8 + MELD2. */
#define TWO_BID_SPLIT(MELD1, MELD2)                                               \
  "2 dealer;"                                                                      \
  "1 deal AS AS TS TS KH QH 9H AD AD AC AC TC;"                                    \
  "2 deal KS KS QS QS JS JS AH AH TH TH KC QC;"                                    \
  "1 bid 10; 2 pass; 1 trump H;" MELD1 ";" MELD2
/* The same deal with the seats swapped: seat 2 bids and leads. */
#define TWO_BID_SPLIT_SEAT2_BIDS(MELD1, MELD2)                                    \
  "1 dealer;"                                                                      \
  "1 deal KS KS QS QS JS JS AH AH TH TH KC QC;"                                    \
  "2 deal AS AS TS TS KH QH 9H AD AD AC AC TC;"                                    \
  "2 bid 10; 1 pass; 2 trump H;" MELD1 ";" MELD2

/* Plays one TWO_BID_SPLIT hand in a new two-hand-bid game with options;
 * checks the running scores it gives. */
static void two_bid_split(PnGame *g, const char *options, const char *script, int want1, int want2) {
  new_game(g, "two-hand-bid", options);
  accept_all(g, script);
  play_out(g);
  assert_true(g->hand.phase == PN_PHASE_DONE || g->hand.phase == PN_PHASE_GAME_OVER);
  assert_int_equal(g->running[0], want1);
  assert_int_equal(g->running[1], want2);
}

static void test_two_hand_bid_game_end_needs_a_score_higher_than_the_target(void **state) {
  (void)state;
  PnGame g;
  /* 14 each: exactly the target of 14 is not over it in two-hand-bid */
  two_bid_split(&g, "target=14", TWO_BID_SPLIT("1 meld KH QH 9H = 5", "2 meld KS QS KS QS KC QC = 6"), 14, 14);
  assert_false(g.over);
  assert_int_equal(g.winner, 0);
  assert_int_equal(expect(&g).actions & (1u << PN_EV_DEALER), 1u << PN_EV_DEALER);
  /* seat 1 at 13, seat 2 at 14, target 13: only seat 2 is over it and wins,
   * though seat 1 bid (reach would have let the bidder win at 13) */
  two_bid_split(&g, "target=13", TWO_BID_SPLIT("1 meld KH QH = 4", "2 meld KS QS KS QS KC QC = 6"), 13, 14);
  assert_true(g.over);
  assert_int_equal(g.winner, 2);
}

static void test_two_hand_bid_target_rule_reach_wins_at_the_target(void **state) {
  (void)state;
  PnGame g;
  two_bid_split(&g, "target=14 target_rule=reach",
                TWO_BID_SPLIT("1 meld KH QH 9H = 5", "2 meld KS QS KS QS KC QC = 6"), 14, 14);
  assert_true(g.over);
  assert_int_equal(g.winner, 1); /* both reach it, tie: the bidder */
}

static void test_two_hand_bid_both_over_the_higher_score_wins(void **state) {
  (void)state;
  PnGame g;
  /* seat 1 bid and is over the target (13 > 12), seat 2 more so (14) */
  two_bid_split(&g, "target=12", TWO_BID_SPLIT("1 meld KH QH = 4", "2 meld KS QS KS QS KC QC = 6"), 13, 14);
  assert_true(g.over);
  assert_int_equal(g.winner, 2);
  assert_int_equal(g.winner_side, 1);
  /* both_over=bidder restores "the bidding side counts first" */
  two_bid_split(&g, "target=12 both_over=bidder",
                TWO_BID_SPLIT("1 meld KH QH = 4", "2 meld KS QS KS QS KC QC = 6"), 13, 14);
  assert_true(g.over);
  assert_int_equal(g.winner, 1);
}

static void test_two_hand_bid_both_over_a_tie_goes_to_the_bidder(void **state) {
  (void)state;
  PnGame g;
  two_bid_split(&g, "target=13", TWO_BID_SPLIT("1 meld KH QH 9H = 5", "2 meld KS QS KS QS KC QC = 6"), 14, 14);
  assert_true(g.over);
  assert_int_equal(g.winner, 1);
  /* the bidder is seat 2: the tie is the bidder's, not the lower seat's */
  two_bid_split(&g, "target=13",
                TWO_BID_SPLIT_SEAT2_BIDS("1 meld KS QS KS QS KC QC = 6", "2 meld KH QH 9H = 5"), 14, 14);
  assert_int_equal(g.hand.result.bidder, 2);
  assert_true(g.over);
  assert_int_equal(g.winner, 2);
  assert_int_equal(g.winner_side, 1);
}

/* both_over=higher on a preset with teams: the higher side wins even when
 * the other is the bidding side (the same two hands as the test above,
 * where the bidders win at 400 against 410). */
static void test_game_end_both_over_higher_in_partnership_auction(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", "target=400 meld_needs_trick=no both_over=higher");
  accept_all(&g, "1 dealer;" SUITS4 "2 bid 250; 3 pass; 4 pass; 1 pass; 2 trump H;"
                 "4 give AC AC TC TC; 2 give AC AC TC TC; 2 meld KH KH QH QH = 80");
  play_out(&g);
  accept_all(&g, "2 dealer;" SUITS4 "3 bid 250; 4 pass; 1 pass; 2 pass; 3 trump S;"
                 "1 give AS AS TS TS; 3 give AS AS TS TS; 1 meld AS TS KS QS JS = 150;"
                 "2 meld KH KH QH QH = 40; 4 meld KC KC QC QC = 40");
  play_out(&g);
  assert_int_equal(g.running[0], 400);
  assert_int_equal(g.running[1], 410);
  assert_true(g.over);
  assert_int_equal(g.winner_side, 1);
  assert_int_equal(g.winner, 2);
}

/* ------------------------------------------------------- impossible rows */

static void test_deal_with_the_wrong_number_of_cards_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept(&g, "4 dealer");
  refuse(&g, "1 deal AS AS TS", 6, "deal row has 3 cards, expected 12");
  new_game(&g, "auction", NULL);
  accept(&g, "3 dealer");
  refuse(&g, "widow KC KC", 6, "widow row has 2 cards, expected 3");
  new_game(&g, "two-hand", NULL);
  accept(&g, "2 dealer");
  refuse(&g, "stock AH TS TH TS AS KS AD QS 9H AH TD TH AC KH TC TD KD QH QD TC KC JH", 6,
         "stock row has 22 cards, expected 23");
  refuse(&g, "turnup JH JH", 6, "turnup row has 2 cards, expected 1");
}

static void test_deal_with_more_copies_than_the_deck_has_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept(&g, "4 dealer");
  refuse(&g, "1 deal AS AS AS TS TS KS KS QS QS JS JS 9S", 6,
         "the deal does not add up: more than 2 copies of AS");
}

static void test_deal_that_does_not_add_up_across_rows_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, "4 dealer; 1 deal AS AS TS TS KS KS QS QS JS JS 9S 9S");
  refuse(&g, "2 deal AS AH TH TH KH KH QH QH JH JH 9H 9H", 6,
         "the deal does not add up: more than 2 copies of AS");
  refuse(&g, "1 deal AH AH TH TH KH KH QH QH JH JH 9H 9H", 4, "seat 1 was already dealt");
  new_game(&g, "two-hand", NULL);
  accept_all(&g, "2 dealer;"
                 "1 deal KS KH KD KC QS QH QD QC AS AD AC 9H;"
                 "2 deal 9S 9S 9D 9D 9C 9C JS JS JD JD JC JC;"
                 "turnup JH");
  refuse(&g, "stock AH TS TH TS AS KS AD QS 9H AH TD TH AC KH TC TD KD QH QD TC KC JH JH", 6,
         "the deal does not add up: more than 2 copies of JH");
}

static void test_deal_of_a_card_not_in_the_deck_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "double-deck", NULL);
  accept(&g, "4 dealer");
  refuse(&g, "1 deal 9S AS AS AS TS TS TS TS KS KS KS KS QS QS QS QS JS JS JS JS", 6,
         "9S is not in the double-deck deck");
  new_game(&g, "two-hand", NULL);
  accept(&g, "2 dealer");
  refuse(&g, "turnup 8H", 6, "8H is not in the two-hand deck");
}

static void test_rows_before_the_deal_is_complete_are_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  refuse(&g, "1 deal AS AS TS TS KS KS QS QS JS JS 9S 9S", 5, "a hand starts with a dealer row, not deal");
  accept_all(&g, "4 dealer; 1 deal AS AS TS TS KS KS QS QS JS JS 9S 9S");
  refuse(&g, "1 bid 250", 5, "bid before the deal is complete");
  refuse(&g, "2 dealer", 5, "the hand already has a dealer");
  refuse(&g, "turnup 9H", 5, "partnership-auction has no turned-up trump");
}

static void test_play_out_of_turn_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_READY "1 play AS");
  refuse(&g, "3 play AD", 4, "out of turn: seat 2 is to play");
  refuse(&g, "1 play AS", 4, "out of turn: seat 2 is to play");
}

/* ENGINE BUG? pinochle.h promises "On PN_IMPOSSIBLE the game is
 * unchanged", but the first lead goes through begin_play() (hand.c,
 * dispatch, PN_PHASE_PREPARE), which sets hand.leader and hand.turn before
 * apply_play() judges the row; on refusal only hand.phase is put back.
 * Partnership-auction: hand.leader 0 -> 1; three-hand: hand.leader and
 * hand.turn 0 -> 3.  Expected: the game byte-for-byte as before. */
static void test_first_lead_out_of_turn_is_impossible_and_leaves_the_game_unchanged(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_READY);
  refuse(&g, "2 play AH", 4, "out of turn: seat 1 is to play");
  new_game(&g, "three-hand", NULL);
  accept_all(&g, THREE_DEAL "2 turnup KH");
  refuse(&g, "1 play AS", 4, "out of turn: seat 3 is to play");
}

static void test_play_of_a_card_not_held_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_READY "1 play AS");
  refuse(&g, "2 play AS", 6, "seat 2 does not hold AS");
  refuse(&g, "2 play AH AH", 6, "play names exactly one card");
}

/* ENGINE BUG? as above: refused, but hand.leader is left at 1. */
static void test_first_lead_of_a_card_not_held_is_impossible_and_leaves_the_game_unchanged(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, PA_READY);
  refuse(&g, "1 play AH", 6, "seat 1 does not hold AH");
}

static void test_play_before_trump_is_impossible(void **state) {
  (void)state;
  PnGame g;
  new_game(&g, "partnership-auction", NULL);
  accept_all(&g, "4 dealer;" SUITS4);
  refuse(&g, "1 play AS", 5, "play during the bidding: seat 1 is to bid");
  accept_all(&g, "1 bid 250; 2 pass; 3 pass; 4 pass");
  refuse(&g, "1 play AS", 5, "play before the hand is ready: trump has not been named");
  refuse(&g, "1 meld AS TS KS QS JS", 5, "meld before the hand is ready: trump has not been named");
  refuse(&g, "2 trump H", 4, "only the bidder (seat 1) names trump");
  accept(&g, "1 trump S");
  refuse(&g, "1 trump H", 5, "trump was already named");
}

static void test_unknown_card_or_value_in_a_row_is_rejected_with_its_column(void **state) {
  (void)state;
  PnEvent ev;
  int col = 0;
  char err[160];
  assert_int_equal(pn_event_from_text(PN_EV_PLAY, 1, "XS", "", &ev, &col, err, sizeof err), -1);
  assert_int_equal(col, 6);
  assert_string_equal(err, "unknown card 'XS'");
  assert_int_equal(pn_event_from_text(PN_EV_BID, 1, "", "lots", &ev, &col, err, sizeof err), -1);
  assert_int_equal(col, 7);
  assert_string_equal(err, "bid needs a whole number, not 'lots'");
  assert_int_equal(pn_event_from_text(PN_EV_TRUMP, 1, "", "X", &ev, &col, err, sizeof err), -1);
  assert_int_equal(col, 7);
}

/* ------------------------------------------------------------ peer parity */

/* The 40 partnership-auction rounds of tests/data/peer-parity/ (copied
 * unchanged from the shared folder, see its README.md): every row is
 * possible, no finding (every play legal, every meld and score claim
 * right).  The file has no quoted fields. */

typedef struct ParityRow {
  char game[48];      /* game key */
  int hand;           /* 0 header */
  char seat[4];       /* as written */
  char action[16];    /* action word */
  char cards[160];    /* cards field */
  char value[128];    /* value field */
} ParityRow;

typedef struct Parity {
  int n;              /* rows read */
  ParityRow *rows;    /* owned; free with free() */
} Parity;

static Parity parity_read(void) {
  char path[512];
  snprintf(path, sizeof path, "%s/tests/data/peer-parity/pinochle_parity.csv", PN_SOURCE_DIR);
  FILE *f = fopen(path, "r");
  if (f == NULL) fail_msg("cannot open %s", path);
  Parity p = {0, calloc(4000, sizeof(ParityRow))};
  assert_non_null(p.rows);
  char line[640];
  bool header = true;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = '\0';
    if (header || line[0] == '\0' || line[0] == '#') {
      header = false;
      continue;
    }
    char *field[7] = {0};
    int nf = 0;
    for (char *q = line; q && nf < 7; nf++) {
      field[nf] = q;
      q = strchr(q, ',');
      if (q) *q++ = '\0';
    }
    if (nf != 7) fail_msg("%s: a row without 7 fields", path);
    if (p.n == 4000) fail_msg("%s: more rows than expected", path);
    ParityRow *r = &p.rows[p.n++];
    trim_copy(r->game, sizeof r->game, field[0], strlen(field[0]));
    r->hand = atoi(field[1]);
    trim_copy(r->seat, sizeof r->seat, field[3], strlen(field[3]));
    trim_copy(r->action, sizeof r->action, field[4], strlen(field[4]));
    trim_copy(r->cards, sizeof r->cards, field[5], strlen(field[5]));
    trim_copy(r->value, sizeof r->value, field[6], strlen(field[6]));
  }
  fclose(f);
  return p;
}

/* Starts game `name` with its variant and option rows; returns the index
 * of its first hand row. */
static int parity_start(const Parity *p, const char *name, PnGame *g) {
  PnRules rules;
  int i = 0;
  while (i < p->n && strcmp(p->rows[i].game, name) != 0) i++;
  if (i == p->n) fail_msg("no game %s", name);
  char err[160];
  for (; i < p->n && strcmp(p->rows[i].game, name) == 0 && p->rows[i].hand == 0; i++) {
    if (strcmp(p->rows[i].action, "variant") == 0)
      assert_int_equal(pn_rules_preset(&rules, p->rows[i].value), 0);
    else if (strcmp(p->rows[i].action, "option") == 0 &&
             pn_rules_set_option(&rules, p->rows[i].value, err, sizeof err) != 0)
      fail_msg("%s: %s", name, err);
  }
  pn_game_init(g, &rules);
  return i;
}

static PnVerdict parity_apply(const ParityRow *r, PnGame *g, PnOutcome *out) {
  PnEvent ev;
  int col;
  char err[160];
  int action = pn_action_parse(r->action);
  if (action < 0) fail_msg("%s: unknown action %s", r->game, r->action);
  if (pn_event_from_text((PnAction)action, atoi(r->seat), r->cards, r->value, &ev, &col, err, sizeof err) != 0)
    fail_msg("%s: %s", r->game, err);
  return pn_game_apply(g, &ev, out);
}

static void test_peer_parity_rounds_replay_with_no_finding(void **state) {
  (void)state;
  Parity p = parity_read();
  PnGame g;
  int games = 0, scores = 0;
  for (int i = 0; i < p.n;) {
    char name[48];
    snprintf(name, sizeof name, "%s", p.rows[i].game);
    i = parity_start(&p, name, &g);
    for (; i < p.n && strcmp(p.rows[i].game, name) == 0; i++) {
      PnOutcome out;
      PnVerdict verdict = parity_apply(&p.rows[i], &g, &out);
      char buf[256];
      if (verdict != PN_ACCEPTED)
        fail_msg("%s: %s %s %s: %s", name, p.rows[i].seat, p.rows[i].action, p.rows[i].cards,
                 describe(verdict, &out, buf, sizeof buf));
      scores += strcmp(p.rows[i].action, "score") == 0;
    }
    assert_int_equal(g.hand.phase, PN_PHASE_DONE);
    games++;
  }
  assert_int_equal(games, 40);
  assert_int_equal(scores, 80);
  free(p.rows);
}

/* Replays game `name` up to (not including) its row with this action by
 * this seat (the `nth` such row, 1-based); returns that row's index. */
static int parity_replay_to(const Parity *p, const char *name, const char *seat, const char *action,
                            int nth, PnGame *g) {
  int i = parity_start(p, name, g);
  for (; i < p->n && strcmp(p->rows[i].game, name) == 0; i++) {
    if (strcmp(p->rows[i].seat, seat) == 0 && strcmp(p->rows[i].action, action) == 0 && --nth == 0)
      return i;
    PnOutcome out;
    if (parity_apply(&p->rows[i], g, &out) != PN_ACCEPTED) fail_msg("%s: row %d refused", name, i);
  }
  fail_msg("%s: no such row", name);
  return -1;
}

static void test_peer_parity_changed_score_claim_is_a_score_claim_finding(void **state) {
  (void)state;
  Parity p = parity_read();
  PnGame g;
  int i = parity_replay_to(&p, "slippedup42-s01", "1", "score", 1, &g);
  assert_string_equal(p.rows[i].value, "370");
  PnGame right = g; /* one score row per seat: the right claim on a copy */
  accept_all(&right, "1 score 370; 2 score 120");
  PnFinding f = finds(&g, "1 score 380", PN_FIND_SCORE_CLAIM, 1);
  assert_int_equal(f.claimed, 380);
  assert_int_equal(f.computed, 370);
  free(p.rows);
}

static void test_peer_parity_changed_meld_claim_is_a_meld_claim_finding(void **state) {
  (void)state;
  Parity p = parity_read();
  PnGame g;
  int i = parity_replay_to(&p, "slippedup42-s01", "3", "meld", 1, &g);
  assert_string_equal(p.rows[i].cards, "AS KS QS AH AD AC");
  PnFinding f = finds(&g, "3 meld AS KS QS AH AD AC = 150", PN_FIND_MELD_CLAIM, 3);
  assert_int_equal(f.claimed, 150);
  assert_int_equal(f.computed, 140);
  free(p.rows);
}

/* s01, trick 1: seat 3 leads AS; seat 4 holds TS JS 9S and throws AH. */
static void test_peer_parity_planted_renege_is_reported_with_evidence(void **state) {
  (void)state;
  Parity p = parity_read();
  PnGame g;
  int i = parity_replay_to(&p, "slippedup42-s01", "4", "play", 1, &g);
  assert_string_equal(p.rows[i].cards, "TS");
  PnFinding f = finds(&g, "4 play AH", PN_FIND_RENEGE_FOLLOW, 4);
  assert_int_equal(f.trick, 1);
  assert_int_equal(f.card, PN_CARD(PN_HEARTS, PN_ACE));
  assert_cards(&f.evidence, "TS JS 9S");
  free(p.rows);
}

/* ------------------------------------------------------------------- main */

/* ------------------------------------------- two-hand: out after the last trick */

/* The full two-hand hand of test_two_hand_full_hand_rounds_each_players_counters:
 * the last trick (2 KH, 1 KH: the first KH wins) is seat 2's, so seat 2's
 * 117 counters include the last-trick 10 (107 without it). */
static void two_hand_after_last_trick(PnGame *g, const char *options) {
  two_hand_to(g, 23, options);
  accept(g, "2 play KH");
  PnOutcome out = accept(g, "1 play KH");
  assert_true(out.hand_done);
}

/* RULES.md "Declaring out": declared after the last trick, the
 * declarer's tricks count with the last-trick 10 (all tricks were played),
 * the opponent's do not, and the declarer wins on reaching the target;
 * the target is not raised although both were over it. */
static void test_two_hand_out_after_the_last_trick_rescores_and_wins_on_the_target(void **state) {
  (void)state;
  PnGame g;
  two_hand_after_last_trick(&g, "target=100");
  /* as scored at the last trick: both over 100, target raised to 350, seat 1 wins */
  assert_int_equal(g.target, 350);
  assert_true(g.over);
  assert_int_equal(g.winner, 1);
  PnExpect ex = expect(&g);
  assert_true(ex.actions & (1u << PN_EV_OUT));
  PnOutcome out = accept(&g, "2 out");
  assert_false(out.hand_done); /* the hand was complete already: re-scored, not completed again */
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->out_seat, 2);
  assert_int_equal(r->seat[1].counters, 120); /* 117 with the last trick's 10; 107 would round to 110 */
  assert_int_equal(r->seat[0].counters, 0);   /* the opponent's tricks are not counted */
  assert_int_equal(r->seat[0].score, 390);    /* melds stay scored */
  assert_int_equal(r->seat[1].score, 120);
  assert_int_equal(g.running[0], 390);
  assert_int_equal(g.running[1], 120);
  assert_int_equal(g.hands_played, 1);
  assert_int_equal(g.target, 100);
  assert_true(g.over);
  assert_int_equal(g.winner, 2);
  accept(&g, "2 score 120"); /* score rows follow the declaration */
  refuse(&g, "1 out", 5, "out after the hand is over: seat 2 already declared out");
}

/* Short of the target, the declarer after the last trick loses. */
static void test_two_hand_out_after_the_last_trick_short_of_the_target_loses(void **state) {
  (void)state;
  PnGame g;
  two_hand_after_last_trick(&g, NULL);
  assert_false(g.over); /* 520 and 120 of 1000: the game would go on */
  accept(&g, "1 out");
  const PnHandResult *r = RESULT(&g);
  assert_int_equal(r->seat[0].counters, 130);
  assert_int_equal(r->seat[1].counters, 0);
  assert_int_equal(r->seat[0].score, 520);
  assert_int_equal(r->seat[1].score, 0);
  assert_int_equal(g.running[0], 520);
  assert_int_equal(g.running[1], 0);
  assert_true(g.over);
  assert_int_equal(g.winner, 2);
  refuse(&g, "1 dealer", 5, "the game is over: it was won in hand 1");
}

/* Once a score row is read the hand is counted: no out after it, and
 * pn_game_expect stops offering one. */
static void test_two_hand_out_after_the_score_rows_is_impossible(void **state) {
  (void)state;
  PnGame g;
  two_hand_after_last_trick(&g, NULL);
  accept(&g, "1 score 520");
  assert_false(expect(&g).actions & (1u << PN_EV_OUT));
  refuse(&g, "2 out", 5, "out after the score rows: the hand is counted");
}

/* Each action's row shape, from the engine's one table: the importer
 * refuses what it does not carry and the codec stores nothing more. */
static void test_action_shapes(void **state) {
  (void)state;
  assert_int_equal(pn_action_shape(PN_EV_DEALER), 0);
  assert_int_equal(pn_action_shape(PN_EV_PASS), PN_SHAPE_SEAT);
  assert_int_equal(pn_action_shape(PN_EV_TURNUP), PN_SHAPE_CARDS);
  assert_int_equal(pn_action_shape(PN_EV_BID), PN_SHAPE_SEAT | PN_SHAPE_VALUE);
  assert_int_equal(pn_action_shape(PN_EV_MELD), PN_SHAPE_SEAT | PN_SHAPE_CARDS | PN_SHAPE_VALUE);
  assert_int_equal(pn_action_shape(PN_EV_PLAY), PN_SHAPE_SEAT | PN_SHAPE_CARDS);
  assert_int_equal(pn_action_shape(PN_EV_KINDS), 0);
  for (int a = 0; a < PN_EV_KINDS; a++) assert_int_equal(pn_action_parse(pn_action_name((PnAction)a)), a);
}

/* The seats of a side: fixed teams alternate seats, a called game puts the
 * bidder and partner together, solo seats stand alone. */
static void test_side_seats_by_preset(void **state) {
  (void)state;
  PnRules r;
  int seats[PN_MAX_SEATS];
  assert_int_equal(pn_rules_preset(&r, "partnership-auction"), 0);
  assert_int_equal(pn_side_seats(&r, 2, 0, 1, seats), 2);
  assert_int_equal(seats[0], 2);
  assert_int_equal(seats[1], 4);
  assert_int_equal(pn_team_partner(&r, 1), 3);
  assert_int_equal(pn_team_partner(&r, 4), 2);
  assert_int_equal(pn_rules_preset(&r, "five-call"), 0);
  assert_int_equal(pn_side_seats(&r, 4, 2, 0, seats), 2);
  assert_int_equal(seats[0], 2);
  assert_int_equal(seats[1], 4);
  assert_int_equal(pn_side_seats(&r, 4, 0, 0, seats), 1); /* alone */
  assert_int_equal(pn_side_seats(&r, 0, 0, 0, seats), 0); /* a redeal: no bidding side */
  assert_int_equal(pn_side_of_seat(&r, 4, 2, 5), 1);
  assert_int_equal(pn_rules_preset(&r, "auction"), 0);
  assert_int_equal(pn_side_seats(&r, 2, 0, 2, seats), 1);
  assert_int_equal(seats[0], 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_side_seats_by_preset),
      cmocka_unit_test(test_action_shapes),
      /* bidding */
      cmocka_unit_test(test_bidding_starts_left_of_the_dealer_in_every_bidding_preset),
      cmocka_unit_test(test_bidding_all_pass_gives_the_dealer_the_minimum_in_every_preset),
      cmocka_unit_test(test_bidding_goes_clockwise_skipping_passed_players),
      cmocka_unit_test(test_bidding_a_pass_is_final_and_a_later_bid_is_a_finding_with_no_effect),
      cmocka_unit_test(test_bidding_below_the_minimum_is_too_low_but_becomes_the_high_bid),
      cmocka_unit_test(test_bidding_off_the_steps_is_too_low_but_becomes_the_high_bid),
      cmocka_unit_test(test_bidding_not_above_the_current_bid_is_too_low_and_ignored),
      cmocka_unit_test(test_bidding_ends_when_every_other_player_has_passed),
      cmocka_unit_test(test_bidding_all_pass_redeal_ends_the_hand_without_scores),
      cmocka_unit_test(test_single_bid_gives_each_seat_exactly_one_turn),
      cmocka_unit_test(test_single_bid_bid_after_own_pass_is_a_finding),
      cmocka_unit_test(test_firehouse_one_bid_each_and_all_pass_gives_the_dealer_200),
      cmocka_unit_test(test_two_hand_bid_opener_is_the_dealers_left),
      cmocka_unit_test(test_two_hand_bid_opener_passing_at_once_drops_the_bid_on_the_other_at_10),
      cmocka_unit_test(test_two_hand_bid_bids_go_up_by_one_from_10),
      cmocka_unit_test(test_double_deck_bids_by_one_to_60_then_by_five),
      cmocka_unit_test(test_bid_out_of_turn_is_impossible),
      cmocka_unit_test(test_bid_after_the_bidding_closed_is_impossible),
      /* trump requirements */
      cmocka_unit_test(test_two_hand_bid_trump_without_marriage_or_dix_sets_the_bidder),
      cmocka_unit_test(test_two_hand_bid_trump_with_only_the_dix_is_fine),
      cmocka_unit_test(test_two_hand_bid_no_trick_no_score_holds_with_meld_needs_trick_off),
      cmocka_unit_test(test_two_hand_bid_player_without_a_trick_scores_nothing),
      cmocka_unit_test(test_double_deck_trump_without_marriage_sets_the_bidding_side),
      cmocka_unit_test(test_double_deck_bidding_side_with_meld_under_20_is_set),
      cmocka_unit_test(test_double_deck_bidding_side_with_counters_under_20_is_set),
      cmocka_unit_test(test_double_deck_other_side_25_meld_18_counters_scores_0),
      cmocka_unit_test(test_double_deck_other_side_25_meld_20_counters_scores_45),
      cmocka_unit_test(test_double_deck_other_side_with_exactly_20_meld_and_20_counters_scores_40),
      cmocka_unit_test(test_double_deck_other_side_18_meld_18_counters_scores_0),
      cmocka_unit_test(test_double_deck_other_side_18_meld_25_counters_scores_25),
      /* passing */
      cmocka_unit_test(test_pass_partner_first_then_the_bidder_passes_back),
      cmocka_unit_test(test_pass_by_the_bidder_first_is_impossible),
      cmocka_unit_test(test_pass_by_an_opponent_or_a_third_time_is_impossible),
      cmocka_unit_test(test_pass_before_trump_is_impossible),
      cmocka_unit_test(test_pass_of_the_wrong_number_of_cards_is_impossible),
      cmocka_unit_test(test_pass_of_a_card_not_held_is_impossible),
      cmocka_unit_test(test_meld_and_play_wait_for_the_passing),
      cmocka_unit_test(test_pass_together_either_order_from_the_hand_as_dealt),
      cmocka_unit_test(test_pass_together_bidder_may_not_pass_a_card_just_received),
      cmocka_unit_test(test_five_call_partner_is_the_first_holder_clockwise_from_the_bidders_left),
      cmocka_unit_test(test_five_call_called_card_must_be_among_the_partners_passed_cards),
      cmocka_unit_test(test_five_call_bidder_holding_every_copy_plays_alone),
      cmocka_unit_test(test_five_call_each_member_of_a_side_scores_the_side_result),
      /* auction */
      cmocka_unit_test(test_auction_widow_goes_to_the_bidder),
      cmocka_unit_test(test_auction_discard_before_or_after_naming_trump),
      cmocka_unit_test(test_auction_discard_rows_that_could_not_happen_are_impossible),
      cmocka_unit_test(test_auction_discards_count_for_the_bidder_and_save_its_meld_without_a_trick),
      /* turn-up */
      cmocka_unit_test(test_turnup_must_be_a_card_of_the_dealers_hand_in_every_turnup_preset),
      cmocka_unit_test(test_dealers_deal_row_completing_a_deal_without_the_turnup_is_impossible),
      cmocka_unit_test(test_turnup_fixes_trump_and_the_dealers_left_leads),
      cmocka_unit_test(test_turnup_dix_scores_10_for_the_dealer_without_a_row),
      cmocka_unit_test(test_dix_exchange_swaps_the_dix_and_the_turnup_between_player_and_dealer),
      cmocka_unit_test(test_second_dix_exchange_is_impossible),
      cmocka_unit_test(test_turnup_presets_do_not_count_the_dix_inside_a_shown_meld),
      cmocka_unit_test(test_cutthroat_four_scores_each_player_alone),
      cmocka_unit_test(test_partnership_scores_the_team_together),
      /* two-hand */
      cmocka_unit_test(test_two_hand_non_dealer_leads),
      cmocka_unit_test(test_two_hand_has_no_play_obligations_while_the_stock_lasts),
      cmocka_unit_test(test_two_hand_draws_after_each_trick_winner_first),
      cmocka_unit_test(test_two_hand_only_the_trick_winner_melds_before_the_draws),
      cmocka_unit_test(test_two_hand_seed003_worked_example_scores_220_in_five_turns),
      cmocka_unit_test(test_two_hand_royal_marriage_then_ace_ten_jack_adds_the_run),
      cmocka_unit_test(test_two_hand_run_then_its_king_and_queen_as_a_marriage_is_a_meld_claim),
      cmocka_unit_test(test_two_hand_meld_taking_no_new_card_is_a_meld_claim),
      cmocka_unit_test(test_two_hand_second_marriage_in_a_suit_takes_its_own_king_and_queen),
      cmocka_unit_test(test_two_hand_meld_that_does_not_form_the_named_meld_is_a_meld_claim),
      cmocka_unit_test(test_two_hand_second_meld_after_the_same_trick_is_a_meld_claim),
      cmocka_unit_test(test_two_hand_meld_claimed_points_that_differ_are_a_meld_claim),
      cmocka_unit_test(test_two_hand_dix_exchange_takes_the_turnup_for_use_at_once),
      cmocka_unit_test(test_two_hand_turned_up_dix_scores_10_for_the_dealer),
      cmocka_unit_test(test_two_hand_last_stock_trick_winner_draws_the_last_card_and_the_loser_the_turnup),
      cmocka_unit_test(test_two_hand_playoff_obligations_follow_head_on_trump_lead_and_trump),
      cmocka_unit_test(test_two_hand_playoff_renege_head_is_found),
      cmocka_unit_test(test_two_hand_playoff_renege_follow_is_found),
      cmocka_unit_test(test_two_hand_playoff_renege_trump_is_found),
      cmocka_unit_test(test_two_hand_full_hand_rounds_each_players_counters),
      cmocka_unit_test(test_two_hand_counters_round_6_down_and_7_up),
      cmocka_unit_test(test_two_hand_declaring_out_counts_only_the_declarers_tricks),
      cmocka_unit_test(test_two_hand_declaring_out_wins_on_reaching_the_target_even_when_behind),
      cmocka_unit_test(test_two_hand_target_rises_by_250_while_both_players_are_over_it),
      cmocka_unit_test(test_two_hand_play_of_a_card_not_held_undoes_the_draws),
      /* claims, scoring, game end */
      cmocka_unit_test(test_meld_claim_that_differs_reports_claimed_and_computed),
      cmocka_unit_test(test_score_claim_that_differs_is_a_score_claim_finding),
    cmocka_unit_test(test_second_score_row_for_a_seat_in_one_hand_is_impossible),
      cmocka_unit_test(test_rows_after_the_last_trick_are_impossible_except_score_and_the_next_dealer),
      cmocka_unit_test(test_moon_taking_every_trick_scores_1500_and_wins),
      cmocka_unit_test(test_moon_missing_a_trick_costs_the_bidding_side_1500),
      cmocka_unit_test(test_moon_is_declared_after_meld_and_before_the_first_lead),
      cmocka_unit_test(test_moon_off_makes_a_moon_row_impossible),
      cmocka_unit_test(test_renege_penalty_none_scores_the_hand_as_played),
      cmocka_unit_test(test_renege_penalty_set_other_side_renege_leaves_bidders_their_total),
      cmocka_unit_test(test_renege_penalty_set_bidding_side_renege_is_set),
      cmocka_unit_test(test_meld_needs_trick_side_without_a_trick_loses_its_meld),
      cmocka_unit_test(test_lose_at_a_side_at_or_below_it_loses),
      cmocka_unit_test(test_game_end_without_a_bidder_the_higher_score_wins),
      cmocka_unit_test(test_game_end_bidding_side_counts_first_when_both_reach_the_target),
      cmocka_unit_test(test_two_hand_bid_game_end_needs_a_score_higher_than_the_target),
      cmocka_unit_test(test_two_hand_bid_target_rule_reach_wins_at_the_target),
      cmocka_unit_test(test_two_hand_bid_both_over_the_higher_score_wins),
      cmocka_unit_test(test_two_hand_bid_both_over_a_tie_goes_to_the_bidder),
      cmocka_unit_test(test_game_end_both_over_higher_in_partnership_auction),
      /* impossible rows */
      cmocka_unit_test(test_deal_with_the_wrong_number_of_cards_is_impossible),
      cmocka_unit_test(test_deal_with_more_copies_than_the_deck_has_is_impossible),
      cmocka_unit_test(test_deal_that_does_not_add_up_across_rows_is_impossible),
      cmocka_unit_test(test_deal_of_a_card_not_in_the_deck_is_impossible),
      cmocka_unit_test(test_rows_before_the_deal_is_complete_are_impossible),
      cmocka_unit_test(test_play_out_of_turn_is_impossible),
      cmocka_unit_test(test_first_lead_out_of_turn_is_impossible_and_leaves_the_game_unchanged),
      cmocka_unit_test(test_play_of_a_card_not_held_is_impossible),
      cmocka_unit_test(test_first_lead_of_a_card_not_held_is_impossible_and_leaves_the_game_unchanged),
      cmocka_unit_test(test_play_before_trump_is_impossible),
      cmocka_unit_test(test_unknown_card_or_value_in_a_row_is_rejected_with_its_column),
      /* peer parity */
      cmocka_unit_test(test_peer_parity_rounds_replay_with_no_finding),
      cmocka_unit_test(test_peer_parity_changed_score_claim_is_a_score_claim_finding),
      cmocka_unit_test(test_peer_parity_changed_meld_claim_is_a_meld_claim_finding),
      cmocka_unit_test(test_peer_parity_planted_renege_is_reported_with_evidence),
      /* two-hand: out after the last trick */
      cmocka_unit_test(test_two_hand_out_after_the_last_trick_rescores_and_wins_on_the_target),
      cmocka_unit_test(test_two_hand_out_after_the_last_trick_short_of_the_target_loses),
      cmocka_unit_test(test_two_hand_out_after_the_score_rows_is_impossible),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
