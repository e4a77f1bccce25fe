/* test_audit.c - the audit catches every finding where it happened.
 *
 * For every preset, simulated games with planted findings (sim.h:
 * renege_rate and plant_rate) are stored through the codec, exactly as
 * the importer stores them; replaying the stored hands (replay_hand, what
 * `pinochle audit` runs) must report the very findings the engine
 * reported while the games were generated: same kind, hand, seq, trick,
 * seat and card, with a sentence that names the evidence.  Seeds are
 * tried until every finding kind the preset can produce (RULES.md) has
 * been caught at least once.  Clean games give no findings; tampered
 * stored results give exactly one stored-result finding, which the
 * --fix-results path repairs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "pinochle.h"
#include "replay.h"
#include "sim.h"
#include "store.h"

#define BIT(kind) (1u << (kind))
#define RENEGES3 (BIT(PN_FIND_RENEGE_FOLLOW) | BIT(PN_FIND_RENEGE_HEAD) | BIT(PN_FIND_RENEGE_TRUMP))
#define RENEGES4 (RENEGES3 | BIT(PN_FIND_RENEGE_OVERTRUMP))
#define BIDS (BIT(PN_FIND_BID_TOO_LOW) | BIT(PN_FIND_BID_AFTER_PASS))
#define CLAIMS (BIT(PN_FIND_MELD_CLAIM) | BIT(PN_FIND_SCORE_CLAIM))

/*
 * The finding kinds each preset can produce, from RULES.md:
 *  - reneges by the preset's follow/head/trump_rule (section 2): two-hand
 *    only in the playoff (follow, trump-lead head, trump always: no
 *    overtrump, which needs head=always); two-hand-bid follow only;
 *    trump-lead presets follow, head, trump; head=always presets all four;
 *  - bid-too-low and bid-after-pass in every bidding preset (section 5).
 *    In the one-bid presets the engine reports a passed player's later
 *    bid as bid-after-pass; in two-hand-bid the bidding is still open
 *    after a pass only when the high bidder passed over a too-low bid
 *    from the other player, and the engine reports a bid from the passed
 *    high bidder then;
 *  - trump-without-marriage where a trump requirement exists (two-hand-bid,
 *    double-deck);
 *  - meld-claim and score-claim everywhere (stored-result is tested apart).
 */
static const struct {
  const char *preset;
  unsigned kinds;
} EXPECTED[] = {
    {"two-hand", RENEGES3 | CLAIMS},
    {"two-hand-64", RENEGES3 | CLAIMS},
    {"two-hand-bid", BIT(PN_FIND_RENEGE_FOLLOW) | BIDS | BIT(PN_FIND_TRUMP_WITHOUT_MARRIAGE) | CLAIMS},
    {"three-hand", RENEGES3 | CLAIMS},
    {"auction", RENEGES3 | BIDS | CLAIMS},
    {"cutthroat-four", RENEGES3 | CLAIMS},
    {"partnership", RENEGES3 | CLAIMS},
    {"partnership-auction", RENEGES4 | BIDS | CLAIMS},
    {"single-bid", RENEGES3 | BIDS | CLAIMS},
    {"firehouse", RENEGES3 | BIDS | CLAIMS},
    {"five-call", RENEGES4 | BIDS | CLAIMS},
    {"double-deck", RENEGES4 | BIDS | BIT(PN_FIND_TRUMP_WITHOUT_MARRIAGE) | CLAIMS},
};
enum { PRESETS = sizeof EXPECTED / sizeof EXPECTED[0] };

enum {
  MAX_HANDS = 40,         /* hands stored per game (long random games are cut) */
  MIN_GAMES = 24,         /* planted games per preset at least */
  MAX_GAMES = 600,        /* ... and at most, looking for every kind */
  CLEAN_GAMES = 6         /* clean games per preset */
};

static const char *const NAMES[PN_MAX_SEATS] = {"Ann", "Bob", "Cal", "Dee", "Eve"};

/* ------------------------------------------------------------- findings */

/* A finding as the engine reported it while the game was generated. */
typedef struct Found {
  int hand, seq, trick, seat;  /* where: as the audit numbers them */
  PnFindingKind kind;          /* what */
  PnCard card;                 /* the card played, or PN_NO_CARD */
  PnCards evidence;            /* reneges: the cards the rule required */
  int claimed, computed;       /* bids and claims */
  bool planted;                /* the simulator planted it (else a natural one) */
  PnEvent event;               /* the event itself */
  int trump;                   /* trump when it happened */
  bool progressive;            /* two-hand: melds are named, one at a time */
} Found;

typedef struct FoundList {
  Found *items;                /* malloc'd */
  int n, cap;
} FoundList;

static Found *found_push(FoundList *list) {
  if (list->n == list->cap) {
    list->cap = list->cap ? 2 * list->cap : 64;
    list->items = realloc(list->items, (size_t)list->cap * sizeof *list->items);
    assert_non_null(list->items);
  }
  Found *f = &list->items[list->n++];
  memset(f, 0, sizeof *f);
  return f;
}

typedef struct ReplayList {
  ReplayFinding *items;        /* malloc'd */
  int n, cap;
  int stale;                   /* stored-result findings so far */
} ReplayList;

static void replay_collect(void *ctx, const StoreRow *row, const ReplayFinding *f) {
  ReplayList *list = ctx;
  if (list->n == list->cap) {
    list->cap = list->cap ? 2 * list->cap : 64;
    list->items = realloc(list->items, (size_t)list->cap * sizeof *list->items);
    assert_non_null(list->items);
  }
  (void)row;
  list->items[list->n++] = *f;
  if (f->kind == PN_FIND_STORED_RESULT) list->stale++;
}

/* ---------------------------------------------------------- generating */

static Store *open_store(void) {
  Store *store = NULL;
  PnDiag diag = {0};
  if (store_open(":memory:", STORE_CREATE, &store, &diag) != STORE_OK) fail_msg("store_open: %s", diag.msg);
  return store;
}

/* The hand being encoded for the store. */
typedef struct HandBuf {
  uint8_t events[1 << 16];     /* codec encoding */
  size_t len;
  int number, dealer, seq;     /* 0 = no hand open */
} HandBuf;

static void store_hand(Store *store, int64_t game_id, const PnGame *game, HandBuf *hb) {
  CodecResults res;
  uint8_t bytes[CODEC_MAX_RESULTS];
  codec_results_from_game(game, &res);
  size_t n = codec_results_encode(&res, bytes);
  StoreHand sh = {.number = hb->number, .dealer = hb->dealer, .events = hb->events, .events_len = hb->len,
                  .results = bytes, .results_len = n, .bidder = res.result.bidder, .bid = res.result.bid,
                  .trump = res.result.trump};
  PnDiag diag = {0};
  if (store_hand_insert(store, game_id, &sh, &diag) != STORE_OK) fail_msg("store_hand_insert: %s", diag.msg);
  hb->number = 0;
}

/* What a play's renege evidence must look like, checked independently of
 * the engine's classification: the cards the player held, the card played
 * not among them, and of the suit the rule is about. */
static void check_renege_evidence(const Found *f, const PnCards *held, int led) {
  char buf[3];
  assert_true(pn_cards_total(&f->evidence) > 0);
  assert_int_equal(f->evidence.n[f->card], 0);
  assert_true(pn_cards_contains(held, &f->evidence));
  int suit = f->kind == PN_FIND_RENEGE_FOLLOW || f->kind == PN_FIND_RENEGE_HEAD ? led : f->trump;
  for (int c = 0; c < PN_CARD_KINDS; c++)
    if (f->evidence.n[c] && PN_SUIT(c) != suit)
      fail_msg("%s: evidence card %s is not of suit %d", pn_finding_name(f->kind), pn_card_str((PnCard)c, buf),
               suit);
  if (f->kind == PN_FIND_RENEGE_TRUMP) assert_int_equal(pn_cards_of_suit(held, led), 0);
}

/*
 * The findings the simulator makes without planting them:
 *  - trump-without-marriage: the random style names any suit, and a
 *    sensible bidder may hold no suit that meets the requirement;
 *  - bid-too-low from the random style in double-deck: it bids the lowest
 *    good bid plus 0..2 steps of 1 while that bid is under 60, which can
 *    cross 60 onto a number off the steps of 5 (59 + 2 = 61).  Kept as
 *    it is: `pinochle sim` output must not change when nothing is planted.
 */
static bool natural_finding(const PnRules *rules, const SimConfig *config, const PnEvent *ev,
                            const PnFinding *f) {
  if (f->kind == PN_FIND_TRUMP_WITHOUT_MARRIAGE) return true;
  return f->kind == PN_FIND_BID_TOO_LOW && config->style == SIM_RANDOM && rules->bid_fine_until > 0 &&
         ev->value > rules->bid_fine_until && ev->value < rules->bid_fine_until + rules->bid_step &&
         f->computed <= rules->bid_fine_until + rules->bid_step;
}

/*
 * Plays one game of `preset` with `config` and stores it as `key`, at
 * most MAX_HANDS hands.  Every finding the engine reports is appended to
 * *found; each planted event must give the finding it was planted for,
 * and the only others allowed are natural_finding()'s.
 * Returns the hands stored.
 */
static int generate_game(Store *store, const char *preset, const char *key, const SimConfig *config,
                         uint64_t seed, FoundList *found) {
  static PnGame game;
  static HandBuf hb;
  PnRules rules;
  PnDiag diag = {0};
  assert_int_equal(pn_rules_preset(&rules, preset), 0);
  StoreGame sg = {.key = key, .preset = preset, .nplayers = rules.players};
  for (int s = 0; s < rules.players; s++) sg.players[s] = NAMES[s];
  int64_t game_id = 0;
  if (store_game_insert(store, &sg, &game_id, &diag) != STORE_OK) fail_msg("store_game_insert: %s", diag.msg);

  SimDriver driver;
  sim_driver_init(&driver, config, seed, rules.players);
  pn_game_init(&game, &rules);
  memset(&hb, 0, sizeof hb);
  int hands = 0;
  PnEvent ev;
  for (;;) {
    bool more = sim_next_event(&driver, &game, &ev);
    if (hb.number && (!more || ev.action == PN_EV_DEALER)) {
      store_hand(store, game_id, &game, &hb);
      hands++;
    }
    if (!more || (ev.action == PN_EV_DEALER && hands == MAX_HANDS)) break;

    PnCards held = {{0}};
    int led = -1;
    if (ev.action == PN_EV_PLAY) {
      pn_held_next(&game, ev.seat, &held);
      if (game.hand.phase == PN_PHASE_PLAY && game.hand.ntrick > 0) led = PN_SUIT(game.hand.trick[0]);
    }
    int trump = game.hand.trump;
    PnOutcome out;
    PnVerdict verdict = pn_game_apply(&game, &ev, &out);
    if (verdict == PN_IMPOSSIBLE)
      fail_msg("%s seed %llu: the simulator wrote an impossible %s: %s", preset, (unsigned long long)seed,
               pn_action_name(ev.action), out.reason);
    if (ev.action == PN_EV_DEALER) {
      hb.number = game.hand.number;
      hb.dealer = ev.seat;
      hb.seq = 0;
      hb.len = 0;
    }
    hb.seq++;
    assert_true(hb.len + CODEC_MAX_EVENT <= sizeof hb.events);
    hb.len += codec_event_encode(&ev, hb.events + hb.len);

    if (driver.plant != PN_FIND_NONE) { /* planted: caught as planted */
      if (verdict != PN_ACCEPTED_FINDING || out.finding.kind != driver.plant)
        fail_msg("%s seed %llu hand %d seq %d: planted %s, the engine says %s", preset, (unsigned long long)seed,
                 hb.number, hb.seq, pn_finding_name(driver.plant),
                 verdict == PN_ACCEPTED_FINDING ? pn_finding_name(out.finding.kind) : "nothing");
    }
    if (verdict != PN_ACCEPTED_FINDING) continue;
    if (driver.plant == PN_FIND_NONE && !natural_finding(&rules, config, &ev, &out.finding))
      fail_msg("%s seed %llu hand %d seq %d: an unplanted %s", preset, (unsigned long long)seed, hb.number, hb.seq,
               pn_finding_name(out.finding.kind));
    Found *f = found_push(found);
    f->hand = hb.number;
    f->seq = hb.seq;
    f->trick = out.finding.trick;
    f->seat = out.finding.seat;
    f->kind = out.finding.kind;
    f->card = out.finding.card;
    f->evidence = out.finding.evidence;
    f->claimed = out.finding.claimed;
    f->computed = out.finding.computed;
    f->planted = driver.plant != PN_FIND_NONE;
    f->event = ev;
    f->trump = trump;
    f->progressive = rules.flow == PN_FLOW_TWO_HAND;
    if (f->kind >= PN_FIND_RENEGE_FOLLOW && f->kind <= PN_FIND_RENEGE_OVERTRUMP) {
      assert_int_equal(f->card, ev.cards[0]);
      assert_true(f->trick >= 1);
      check_renege_evidence(f, &held, led);
    } else {
      assert_int_equal(f->trick, 0);
    }
  }
  StoreGameEnd end = {.hands = hands, .finished = true, .winner = game.winner};
  if (store_game_update_end(store, game_id, &end, &diag) != STORE_OK) fail_msg("update_end: %s", diag.msg);
  return hands;
}

/* ------------------------------------------------------------- replaying */

/* Replays the games of `store` (one key, or all when key is NULL) as
 * `pinochle audit` does, collecting the findings; with fix, a hand with
 * a stored-result finding gets the replay's results (--fix-results).
 * Returns the hands replayed. */
static int audit_store(Store *store, const char *key, bool fix, ReplayList *list) {
  static PnGame game;
  StoreFilter filter = {0};
  const char *keys[1] = {key};
  if (key) {
    filter.nkeys = 1;
    filter.keys = keys;
  }
  StoreCursor *cursor = NULL;
  PnDiag diag = {0};
  if (store_cursor_open(store, &filter, &cursor, &diag) != STORE_OK) fail_msg("cursor: %s", diag.msg);
  StoreRow row;
  int got, hands = 0;
  while ((got = store_cursor_next(cursor, &row, &diag)) == 1) {
    if (row.new_game) {
      PnRules rules;
      if (replay_rules(row.preset, row.options, row.noptions, &rules, &diag) != 0) fail_msg("replay_rules: %s", diag.msg);
      pn_game_init(&game, &rules);
    }
    if (row.hand == 0) continue;
    hands++;
    int stale_before = list->stale;
    CodecResults derived;
    if (replay_hand(&game, &row, replay_collect, list, &derived, &diag) != 0) fail_msg("replay: %s", diag.msg);
    if (fix && list->stale > stale_before) {
      uint8_t bytes[CODEC_MAX_RESULTS];
      size_t n = codec_results_encode(&derived, bytes);
      if (store_hand_update_results(store, row.game_id, row.hand, bytes, n, &diag) != STORE_OK)
        fail_msg("update_results: %s", diag.msg);
    }
  }
  assert_int_equal(got, 0);
  store_cursor_close(cursor);
  return hands;
}

static void contains(const char *detail, const char *what, const Found *f) {
  if (!strstr(detail, what))
    fail_msg("hand %d seq %d %s: the sentence \"%s\" lacks \"%s\"", f->hand, f->seq, pn_finding_name(f->kind), detail,
             what);
}

static void contains_number(const char *detail, const char *fmt, int value, const Found *f) {
  char want[64];
  snprintf(want, sizeof want, fmt, value);
  contains(detail, want, f);
}

/* The sentence names the evidence of the finding. */
static void check_detail(const Found *f, const ReplayFinding *r) {
  char buf[200], suffix[48];
  snprintf(suffix, sizeof suffix, "(%s)", pn_finding_name(f->kind));
  size_t len = strlen(r->detail), slen = strlen(suffix);
  if (len < slen || strcmp(r->detail + len - slen, suffix) != 0)
    fail_msg("hand %d seq %d: \"%s\" does not end with %s", f->hand, f->seq, r->detail, suffix);
  contains(r->detail, NAMES[f->seat - 1], f);
  switch (f->kind) {
  case PN_FIND_RENEGE_FOLLOW:
  case PN_FIND_RENEGE_HEAD:
  case PN_FIND_RENEGE_TRUMP:
  case PN_FIND_RENEGE_OVERTRUMP:
    snprintf(buf, sizeof buf, "played %s ", pn_card_str(f->card, (char[3]){0}));
    contains(r->detail, buf, f);
    contains(r->detail, pn_cards_str(&f->evidence, buf, sizeof buf), f);
    break;
  case PN_FIND_BID_TOO_LOW:
    contains_number(r->detail, " bid %d:", f->claimed, f);
    contains_number(r->detail, "lowest good bid was %d ", f->computed, f);
    break;
  case PN_FIND_BID_AFTER_PASS: contains_number(r->detail, " bid %d after passing", f->claimed, f); break;
  case PN_FIND_TRUMP_WITHOUT_MARRIAGE:
    snprintf(buf, sizeof buf, "named %s trump", replay_suit_name(f->event.suit));
    contains(r->detail, buf, f);
    break;
  case PN_FIND_SCORE_CLAIM:
    contains_number(r->detail, "hand score of %d;", f->claimed, f);
    contains_number(r->detail, "the rules give %d ", f->computed, f);
    break;
  case PN_FIND_MELD_CLAIM:
    if (f->event.action == PN_EV_DIX) {
      contains(r->detail, "second dix", f);
    } else if (!f->progressive || f->computed > 0) { /* a claimed value */
      contains_number(r->detail, "claimed %d ", f->claimed, f);
      contains_number(r->detail, "worth %d ", f->computed, f);
    } else { /* a two-hand meld that scores nothing: its cards, as written */
      for (int i = 0; i < f->event.ncards; i++) contains(r->detail, pn_card_str(f->event.cards[i], buf), f);
      contains(r->detail, "scores nothing", f);
    }
    break;
  default: fail_msg("unexpected kind %s", pn_finding_name(f->kind));
  }
}

/* The replayed findings are the generated ones, one for one. */
static void compare(const char *preset, uint64_t seed, const FoundList *gen, int from, const ReplayList *rep) {
  char card[3];
  for (int i = 0; i < rep->n; i++)
    if (rep->items[i].kind == PN_FIND_STORED_RESULT)
      fail_msg("%s seed %llu hand %d: %s", preset, (unsigned long long)seed, rep->items[i].hand,
               rep->items[i].detail);
  if (gen->n - from != rep->n)
    fail_msg("%s seed %llu: %d findings generated, %d replayed", preset, (unsigned long long)seed, gen->n - from,
             rep->n);
  for (int i = 0; i < rep->n; i++) {
    const Found *f = &gen->items[from + i];
    const ReplayFinding *r = &rep->items[i];
    if (r->kind != f->kind || r->hand != f->hand || r->seq != f->seq || r->trick != f->trick ||
        r->seat != f->seat)
      fail_msg("%s seed %llu: generated %s at hand %d seq %d trick %d seat %d, replayed %s at hand %d seq %d "
               "trick %d seat %d",
               preset, (unsigned long long)seed, pn_finding_name(f->kind), f->hand, f->seq, f->trick, f->seat,
               pn_finding_name(r->kind), r->hand, r->seq, r->trick, r->seat);
    assert_string_equal(r->card, f->card == PN_NO_CARD ? "" : pn_card_str(f->card, card));
    check_detail(f, r);
  }
}

/* ------------------------------------------------------------- planted */

static unsigned expected_kinds(const char *preset) {
  for (int i = 0; i < PRESETS; i++)
    if (strcmp(EXPECTED[i].preset, preset) == 0) return EXPECTED[i].kinds;
  fail_msg("no expected kinds for %s", preset);
  return 0;
}

/* Coverage of one preset, printed at the end: findings caught by kind. */
static long coverage[PRESETS][PN_FIND_KINDS];
static int coverage_games[PRESETS];

static void run_planted(int index) {
  const char *preset = pn_preset_name(index);
  assert_non_null(preset);
  unsigned want = expected_kinds(preset), seen = 0;
  Store *store = open_store();
  FoundList gen = {0};
  ReplayList rep = {0};
  int games = 0;
  for (uint64_t seed = 1; games < MAX_GAMES && (games < MIN_GAMES || (seen & want) != want); seed++, games++) {
    /* random and sensible players by turns; the rates vary with the seed */
    SimConfig config = {.style = seed % 2 ? SIM_RANDOM : SIM_SENSIBLE,
                        .renege_rate = 0.02 + 0.02 * (double)(seed % 3),
                        .claim_rate = 0.5,
                        .first_dealer = 1 + (int)(seed % 5),
                        .plant_rate = 0.03 + 0.03 * (double)(seed % 4)};
    char key[64];
    snprintf(key, sizeof key, "%s-%llu", preset, (unsigned long long)seed);
    int from = gen.n;
    int hands = generate_game(store, preset, key, &config, seed * 7919u, &gen);
    rep.n = 0;
    assert_int_equal(audit_store(store, key, false, &rep), hands);
    compare(preset, seed, &gen, from, &rep);
    for (int i = from; i < gen.n; i++) {
      seen |= BIT(gen.items[i].kind);
      coverage[index][gen.items[i].kind]++;
    }
  }
  coverage_games[index] = games;
  for (int k = PN_FIND_RENEGE_FOLLOW; k < PN_FIND_KINDS; k++) {
    if ((want & BIT(k)) && !(seen & BIT(k)))
      fail_msg("%s: no %s caught in %d games", preset, pn_finding_name((PnFindingKind)k), games);
    if (!(want & BIT(k)) && (seen & BIT(k)))
      fail_msg("%s: a %s, which RULES.md says this preset cannot produce", preset, pn_finding_name((PnFindingKind)k));
  }
  free(gen.items);
  free(rep.items);
  store_close(store);
}

#define PRESET_TEST(fn, index) \
  static void fn(void **state) { (void)state; run_planted(index); }

PRESET_TEST(test_audit_catches_planted_two_hand, 0)
PRESET_TEST(test_audit_catches_planted_two_hand_64, 1)
PRESET_TEST(test_audit_catches_planted_two_hand_bid, 2)
PRESET_TEST(test_audit_catches_planted_three_hand, 3)
PRESET_TEST(test_audit_catches_planted_auction, 4)
PRESET_TEST(test_audit_catches_planted_cutthroat_four, 5)
PRESET_TEST(test_audit_catches_planted_partnership, 6)
PRESET_TEST(test_audit_catches_planted_partnership_auction, 7)
PRESET_TEST(test_audit_catches_planted_single_bid, 8)
PRESET_TEST(test_audit_catches_planted_firehouse, 9)
PRESET_TEST(test_audit_catches_planted_five_call, 10)
PRESET_TEST(test_audit_catches_planted_double_deck, 11)

/* The presets the tests above walk are all the engine has, in its order. */
static void test_audit_covers_every_preset(void **state) {
  (void)state;
  assert_int_equal(pn_preset_count(), PRESETS);
  for (int i = 0; i < PRESETS; i++) assert_string_equal(pn_preset_name(i), EXPECTED[i].preset);
  assert_null(pn_preset_name(PRESETS));
}

/* ---------------------------------------------------------------- clean */

/* Does the bidder hold what the trump requirement asks in some suit?
 * (If not, any trump named is a trump-without-marriage.) */
static bool any_suit_meets_trump_need(const PnRules *rules, const PnCards *hand) {
  int dix = pn_dix_rank(rules->deck);
  for (int s = 0; s < PN_SUITS; s++) {
    bool marriage = hand->n[PN_CARD(s, PN_KING)] && hand->n[PN_CARD(s, PN_QUEEN)];
    if (marriage || (rules->trump_req == PN_TRUMPREQ_MARRIAGE_OR_DIX && dix >= 0 && hand->n[PN_CARD(s, dix)]))
      return true;
  }
  return false;
}

/* Sensible players with nothing planted: no findings when generated, none
 * when replayed.  The one exception is a bidder who holds no suit that
 * meets the trump requirement (a dropped or forced bid, or a bid on
 * strength alone, in two-hand-bid and double-deck): whatever trump is
 * named is a true trump-without-marriage (next test). */
static void test_audit_finds_nothing_in_clean_games(void **state) {
  (void)state;
  for (int index = 0; index < PRESETS; index++) {
    const char *preset = pn_preset_name(index);
    PnRules rules;
    pn_rules_preset(&rules, preset);
    Store *store = open_store();
    FoundList gen = {0};
    ReplayList rep = {0};
    int hands = 0;
    for (uint64_t seed = 1; seed <= CLEAN_GAMES; seed++) {
      SimConfig config = {.style = SIM_SENSIBLE, .claim_rate = 0.5, .first_dealer = 1 + (int)(seed % 4)};
      char key[64];
      snprintf(key, sizeof key, "clean-%s-%llu", preset, (unsigned long long)seed);
      hands += generate_game(store, preset, key, &config, 1000 + seed, &gen);
    }
    assert_int_equal(audit_store(store, NULL, false, &rep), hands);
    for (int i = 0; i < gen.n; i++) {
      const Found *f = &gen.items[i];
      assert_false(f->planted);
      if (f->kind != PN_FIND_TRUMP_WITHOUT_MARRIAGE)
        fail_msg("%s: a %s in a clean game (hand %d seq %d)", preset, pn_finding_name(f->kind), f->hand, f->seq);
    }
    for (int i = 0; i < rep.n; i++) assert_int_equal(rep.items[i].kind, PN_FIND_TRUMP_WITHOUT_MARRIAGE);
    assert_int_equal(rep.n, gen.n);
    if (gen.n) print_message("%s: %d unavoidable trump-without-marriage in %d clean hands\n", preset, gen.n, hands);
    free(gen.items);
    free(rep.items);
    store_close(store);
  }
}

/* The clean-game exception above is unavoidable: each such bidder held no
 * suit that met the requirement. */
static void test_audit_clean_trump_findings_are_forced(void **state) {
  (void)state;
  for (int index = 0; index < PRESETS; index++) {
    const char *preset = pn_preset_name(index);
    PnRules rules;
    pn_rules_preset(&rules, preset);
    if (rules.trump_req == PN_TRUMPREQ_NONE) continue;
    static PnGame game;
    for (uint64_t seed = 1; seed <= CLEAN_GAMES; seed++) {
      SimConfig config = {.style = SIM_SENSIBLE, .claim_rate = 0.5, .first_dealer = 1 + (int)(seed % 4)};
      SimDriver driver;
      sim_driver_init(&driver, &config, 1000 + seed, rules.players);
      pn_game_init(&game, &rules);
      PnEvent ev;
      int hands = 0;
      while (sim_next_event(&driver, &game, &ev) && hands < MAX_HANDS) {
        bool forced = ev.action == PN_EV_TRUMP &&
                      !any_suit_meets_trump_need(&rules, &game.hand.held[game.hand.high_bidder - 1]);
        PnOutcome out;
        assert_int_not_equal(pn_game_apply(&game, &ev, &out), PN_IMPOSSIBLE);
        if (out.verdict == PN_ACCEPTED_FINDING) {
          assert_int_equal(out.finding.kind, PN_FIND_TRUMP_WITHOUT_MARRIAGE);
          assert_true(forced);
        }
        hands += out.hand_done;
      }
    }
  }
}

/* -------------------------------------------------------- stored result */

/* A stored hand whose results were changed gives exactly one
 * stored-result finding naming the difference; the --fix-results path
 * rewrites it and the next audit is clean. */
static void test_audit_reports_and_fixes_a_tampered_result(void **state) {
  (void)state;
  for (int index = 0; index < PRESETS; index++) {
    const char *preset = pn_preset_name(index);
    Store *store = open_store();
    FoundList gen = {0};
    ReplayList rep = {0};
    SimConfig config = {.style = SIM_SENSIBLE, .claim_rate = 0.5, .first_dealer = 1};
    char key[64];
    snprintf(key, sizeof key, "tamper-%s", preset);
    int hands = generate_game(store, preset, key, &config, 77, &gen);
    assert_true(hands >= 1);
    assert_int_equal(audit_store(store, NULL, false, &rep), hands);
    int before = rep.n; /* clean, but for a forced trump-without-marriage */
    assert_int_equal(rep.stale, 0);

    /* change seat 1's score in the middle hand */
    int number = (hands + 1) / 2;
    StoreFilter filter = {.nkeys = 1, .keys = (const char *[]){key}, .hand = number};
    StoreCursor *cursor = NULL;
    PnDiag diag = {0};
    StoreRow row;
    assert_int_equal(store_cursor_open(store, &filter, &cursor, &diag), STORE_OK);
    assert_int_equal(store_cursor_next(cursor, &row, &diag), 1);
    assert_int_equal(row.hand, number);
    CodecResults res;
    assert_int_equal(codec_results_decode(row.results, row.results_len, &res), 0);
    int64_t game_id = row.game_id;
    store_cursor_close(cursor);
    int score = res.result.seat[0].score;
    res.result.seat[0].score += 10;
    uint8_t bytes[CODEC_MAX_RESULTS];
    size_t n = codec_results_encode(&res, bytes);
    assert_int_equal(store_hand_update_results(store, game_id, number, bytes, n, &diag), STORE_OK);

    rep.n = rep.stale = 0;
    assert_int_equal(audit_store(store, NULL, true, &rep), hands); /* report and fix */
    assert_int_equal(rep.n, before + 1);
    int stale = 0;
    for (int i = 0; i < rep.n; i++) {
      const ReplayFinding *f = &rep.items[i];
      if (f->kind != PN_FIND_STORED_RESULT) continue;
      stale++;
      assert_int_equal(f->hand, number);
      assert_int_equal(f->seq, 0);
      assert_int_equal(f->seat, 0);
      char want[96];
      snprintf(want, sizeof want, "seat 1 score stored %d, replayed %d", score + 10, score);
      if (!strstr(f->detail, want)) fail_msg("%s: \"%s\" lacks \"%s\"", preset, f->detail, want);
      assert_null(strchr(f->detail, ';')); /* the only difference */
    }
    assert_int_equal(stale, 1);

    rep.n = rep.stale = 0;
    assert_int_equal(audit_store(store, NULL, false, &rep), hands); /* fixed */
    assert_int_equal(rep.n, before);
    assert_int_equal(rep.stale, 0);
    free(gen.items);
    free(rep.items);
    store_close(store);
  }
}

/* A stored trump that differs from the replay is named by its letter,
 * as the event log writes it, not by the engine's suit number. */
static void test_audit_stored_result_names_the_trump_by_its_letter(void **state) {
  (void)state;
  Store *store = open_store();
  FoundList gen = {0};
  ReplayList rep = {0};
  SimConfig config = {.style = SIM_SENSIBLE, .first_dealer = 1};
  int hands = generate_game(store, "partnership-auction", "trump-letter", &config, 77, &gen);
  StoreCursor *cursor = NULL;
  PnDiag diag = {0};
  StoreRow row;
  CodecResults res = {0};
  int64_t game_id = 0;
  int number = 0;
  assert_int_equal(store_cursor_open(store, &(StoreFilter){0}, &cursor, &diag), STORE_OK);
  while (number == 0 && store_cursor_next(cursor, &row, &diag) == 1) { /* the first hand with a trump */
    assert_int_equal(codec_results_decode(row.results, row.results_len, &res), 0);
    if (res.result.trump >= 0) number = row.hand, game_id = row.game_id;
  }
  store_cursor_close(cursor);
  assert_true(number > 0);
  int trump = res.result.trump;
  res.result.trump = (trump + 1) % PN_SUITS;
  uint8_t bytes[CODEC_MAX_RESULTS];
  size_t n = codec_results_encode(&res, bytes);
  assert_int_equal(store_hand_update_results(store, game_id, number, bytes, n, &diag), STORE_OK);

  assert_int_equal(audit_store(store, NULL, false, &rep), hands);
  char want[64];
  snprintf(want, sizeof want, "trump stored %c, replayed %c", pn_suit_char((trump + 1) % PN_SUITS),
           pn_suit_char(trump));
  int stale = 0;
  for (int i = 0; i < rep.n; i++)
    if (rep.items[i].kind == PN_FIND_STORED_RESULT) {
      stale++;
      if (!strstr(rep.items[i].detail, want)) fail_msg("\"%s\" lacks \"%s\"", rep.items[i].detail, want);
    }
  assert_int_equal(stale, 1);
  free(gen.items);
  free(rep.items);
  store_close(store);
}

/* ------------------------------------------------------- replay_run */

typedef struct RunLog {
  ReplayList list;             /* what emit was given, in order */
  Store *store;                /* for fix */
  int fixes;                   /* fix calls */
} RunLog;

static bool run_emit(void *ctx, const StoreRow *row, const ReplayFinding *f) {
  replay_collect(&((RunLog *)ctx)->list, row, f);
  return true;
}

static int run_fix(void *ctx, const StoreRow *row, const uint8_t *results, size_t len, PnDiag *diag) {
  RunLog *log = ctx;
  log->fixes++;
  return store_hand_update_results(log->store, row->game_id, row->hand, results, len, diag) == STORE_OK ? 0 : -1;
}

/* replay_run over the whole store; returns its result, *log filled. */
static int run_all(Store *store, int workers, bool fix, RunLog *log, ReplayRunStats *stats, PnDiag *diag) {
  StoreCursor *cursor = NULL;
  log->list.n = log->list.stale = 0;
  log->fixes = 0;
  log->store = store;
  *stats = (ReplayRunStats){0};
  if (store_cursor_open(store, &(StoreFilter){0}, &cursor, diag) != STORE_OK) fail_msg("cursor: %s", diag->msg);
  ReplayRunOptions opts = {.workers = workers, .emit = run_emit, .fix = fix ? run_fix : NULL, .ctx = log};
  int rc = replay_run(cursor, &opts, stats, diag);
  store_cursor_close(cursor);
  return rc;
}

static void same_findings(const ReplayList *want, const ReplayList *got, int n) {
  for (int i = 0; i < n; i++) {
    const ReplayFinding *a = &want->items[i], *b = &got->items[i];
    assert_int_equal(a->hand, b->hand);
    assert_int_equal(a->seq, b->seq);
    assert_int_equal(a->trick, b->trick);
    assert_int_equal(a->seat, b->seat);
    assert_int_equal(a->kind, b->kind);
    assert_string_equal(a->card, b->card);
    assert_string_equal(a->detail, b->detail);
  }
}

/* Replaying on worker threads, in batches of whole games, gives the same
 * findings in the same order as replaying hand by hand, fixes the same
 * hands, and stops at a damaged hand after everything before it. */
static void test_audit_replay_run_on_threads_matches_one_by_one(void **state) {
  (void)state;
  Store *store = open_store();
  FoundList gen = {0};
  ReplayList want = {0};
  int hands = 0;
  for (uint64_t seed = 1; seed <= 90; seed++) { /* about 600 hands: several batches */
    SimConfig config = {.style = seed % 3 ? SIM_SENSIBLE : SIM_RANDOM, .renege_rate = 0.03, .claim_rate = 0.5,
                        .first_dealer = 1 + (int)(seed % 4), .plant_rate = 0.05};
    char key[64];
    snprintf(key, sizeof key, "run-%llu", (unsigned long long)seed);
    hands += generate_game(store, seed % 2 ? "partnership-auction" : "five-call", key, &config, seed, &gen);
  }
  assert_true(hands > 600);
  assert_int_equal(audit_store(store, NULL, false, &want), hands);
  assert_true(want.n > 100);

  static const int WORKERS[] = {-1, 1, 2, 4};
  RunLog log = {0};
  ReplayRunStats stats;
  PnDiag diag = {0};
  for (size_t w = 0; w < sizeof WORKERS / sizeof WORKERS[0]; w++) {
    assert_int_equal(run_all(store, WORKERS[w], false, &log, &stats, &diag), 0);
    if (stats.games != 90) fail_msg("workers %d: %ld games, %ld hands of %d", WORKERS[w], stats.games, stats.hands, hands);
    assert_int_equal(stats.hands, hands);
    assert_int_equal(log.list.n, want.n);
    same_findings(&want, &log.list, want.n);
  }

  /* a tampered result in game 45: one stored-result finding, fixed once */
  StoreFilter filter = {.nkeys = 1, .keys = (const char *[]){"run-45"}, .hand = 2};
  StoreCursor *cursor = NULL;
  StoreRow row;
  assert_int_equal(store_cursor_open(store, &filter, &cursor, &diag), STORE_OK);
  assert_int_equal(store_cursor_next(cursor, &row, &diag), 1);
  CodecResults res;
  assert_int_equal(codec_results_decode(row.results, row.results_len, &res), 0);
  int64_t game_id = row.game_id;
  store_cursor_close(cursor);
  res.total[0] += 10;
  uint8_t bytes[CODEC_MAX_RESULTS];
  size_t n = codec_results_encode(&res, bytes);
  assert_int_equal(store_hand_update_results(store, game_id, 2, bytes, n, &diag), STORE_OK);
  assert_int_equal(run_all(store, 2, true, &log, &stats, &diag), 0);
  assert_int_equal(log.list.stale, 1);
  assert_int_equal(log.fixes, 1);
  assert_int_equal(stats.fixed, 1);
  assert_int_equal(run_all(store, 2, true, &log, &stats, &diag), 0);
  assert_int_equal(log.list.stale, 0);
  assert_int_equal(log.fixes, 0);
  same_findings(&want, &log.list, want.n);

  /* damaged events in game 60: what comes before it, then the error */
  assert_int_equal(store_cursor_open(store, &(StoreFilter){.nkeys = 1, .keys = (const char *[]){"run-60"}},
                                     &cursor, &diag), STORE_OK);
  assert_int_equal(store_cursor_next(cursor, &row, &diag), 1);
  game_id = row.game_id;
  store_cursor_close(cursor);
  static const uint8_t garbage[] = {0xFF, 0xFF, 0xFF};
  assert_int_equal(store_hand_update_events(store, game_id, 1, garbage, sizeof garbage, &diag), STORE_OK);
  ReplayList one = {0};
  for (size_t w = 0; w < sizeof WORKERS / sizeof WORKERS[0]; w++) {
    assert_int_equal(run_all(store, WORKERS[w], false, &log, &stats, &diag), -1);
    assert_non_null(strstr(diag.msg, "run-60"));
    if (w == 0) {
      one = log.list;
      log.list = (ReplayList){0};
      continue;
    }
    assert_int_equal(log.list.n, one.n); /* the same findings before it, however many threads */
    same_findings(&one, &log.list, one.n);
  }
  assert_true(one.n > 0 && one.n < want.n);
  same_findings(&want, &one, one.n);
  free(one.items);
  free(log.list.items);
  free(gen.items);
  free(want.items);
  store_close(store);
}

/* ---------------------------------------------------------------- report */

static int print_coverage(void **state) {
  (void)state;
  static const char *const SHORT[PN_FIND_KINDS] = {"", "follow", "head", "trump", "overtr", "low-bid",
                                                   "aft-pass", "meld", "no-marr", "score", ""};
  printf("%-20s %5s", "coverage", "games");
  for (int k = PN_FIND_RENEGE_FOLLOW; k < PN_FIND_STORED_RESULT; k++) printf(" %8s", SHORT[k]);
  printf("\n");
  for (int i = 0; i < PRESETS; i++) {
    if (!coverage_games[i]) continue;
    unsigned want = EXPECTED[i].kinds;
    printf("%-20s %5d", EXPECTED[i].preset, coverage_games[i]);
    for (int k = PN_FIND_RENEGE_FOLLOW; k < PN_FIND_STORED_RESULT; k++) {
      if (want & BIT(k)) printf(" %8ld", coverage[i][k]);
      else printf(" %8s", "-");
    }
    printf("\n");
  }
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_audit_covers_every_preset),
      cmocka_unit_test(test_audit_replay_run_on_threads_matches_one_by_one),
      cmocka_unit_test(test_audit_catches_planted_two_hand),
      cmocka_unit_test(test_audit_catches_planted_two_hand_64),
      cmocka_unit_test(test_audit_catches_planted_two_hand_bid),
      cmocka_unit_test(test_audit_catches_planted_three_hand),
      cmocka_unit_test(test_audit_catches_planted_auction),
      cmocka_unit_test(test_audit_catches_planted_cutthroat_four),
      cmocka_unit_test(test_audit_catches_planted_partnership),
      cmocka_unit_test(test_audit_catches_planted_partnership_auction),
      cmocka_unit_test(test_audit_catches_planted_single_bid),
      cmocka_unit_test(test_audit_catches_planted_firehouse),
      cmocka_unit_test(test_audit_catches_planted_five_call),
      cmocka_unit_test(test_audit_catches_planted_double_deck),
      cmocka_unit_test(test_audit_finds_nothing_in_clean_games),
      cmocka_unit_test(test_audit_clean_trump_findings_are_forced),
      cmocka_unit_test(test_audit_reports_and_fixes_a_tampered_result),
      cmocka_unit_test(test_audit_stored_result_names_the_trump_by_its_letter),
  };
  return cmocka_run_group_tests(tests, NULL, print_coverage);
}
