/*
 * cmd_record.c - `pinochle record`: the scorekeeper's live recorder.
 *
 * One event per line, from a terminal or a script.  Every line goes
 * through the rules engine first: impossible events are refused with the
 * reason, reneges are recorded only after confirmation, other findings
 * are recorded and reported.  Each completed hand is committed at once,
 * so a crash loses at most the hand in progress; --resume continues a
 * game.  In two-hand the stock may be entered as it is drawn (`draw`);
 * the stored hand is then the same as if its stock row had been given.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "codec.h"
#include "replay.h"
#include "sim.h"
#include "store.h"

#define MAX_HAND_EVENTS 256

enum { OPT_VARIANT = 256, OPT_PLAYERS, OPT_OPTION, OPT_TAG, OPT_RESUME, OPT_GAME, OPT_SEED, OPT_DEALER, OPT_YES };

static const struct option record_options[] = {
    {"variant", required_argument, NULL, OPT_VARIANT},
    {"players", required_argument, NULL, OPT_PLAYERS},
    {"option", required_argument, NULL, OPT_OPTION},
    {"tag", required_argument, NULL, OPT_TAG},
    {"resume", required_argument, NULL, OPT_RESUME},
    {"game", required_argument, NULL, OPT_GAME},
    {"seed", required_argument, NULL, OPT_SEED},
    {"dealer", required_argument, NULL, OPT_DEALER},
    {"yes", no_argument, NULL, OPT_YES},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

typedef struct Recorder {
  const CliCommand *cmd;          /* for messages */
  Store *store;                   /* the database */
  int64_t game_id;                /* the game being recorded */
  char key[128];                  /* its key */
  char *players[PN_MAX_SEATS];    /* names by seat (owned) */
  PnGame game;                    /* the live state */
  PnGame hand_start;              /* the state before this hand's dealer row */
  PnEvent events[MAX_HAND_EVENTS];/* this hand's events so far */
  int nevents;
  int next_dealer;                /* dealer of the next hand */
  uint64_t hash;                  /* content hash: header and stored hands */
  uint64_t hash_before_hand;      /* the same before this hand */
  bool committed;                 /* this hand is stored (score rows may follow) */
  SimRng rng;                     /* shuffles for `deal` */
  int stock_event;                /* index of a provisional stock row, -1 none */
  int stock_known;                /* stock cards confirmed by `draw` */
  bool pending;                   /* a renege awaits yes/no */
  PnEvent pending_event;
  bool auto_yes;                  /* --yes: confirm reneges without asking */
  bool interactive;               /* stdin is a terminal */
} Recorder;

static const char *name_of(const Recorder *r, int seat) {
  return seat >= 1 && seat <= r->game.rules.players ? r->players[seat - 1] : "?";
}

/* -------------------------------------------------------------- display */

static void show_cards(const PnCards *cards) {
  char buf[PN_MAX_EVENT_CARDS * 4];
  printf("%s", pn_cards_str(cards, buf, sizeof buf));
}

static void show_scores(const Recorder *r) {
  printf("scores:");
  for (int s = 1; s <= r->game.rules.players; s++) {
    if (r->game.rules.sides == PN_SIDES_TEAMS && s > 2) break;
    if (r->game.rules.sides == PN_SIDES_TEAMS)
      printf("  %s+%s %d", name_of(r, s), name_of(r, s + 2), r->game.running[s - 1]);
    else
      printf("  %s %d", name_of(r, s), r->game.running[s - 1]);
  }
  printf("  (target %d)\n", r->game.target);
}

/* Whose turn, and what the engine expects next. */
static void show_status(const Recorder *r) {
  const PnGame *g = &r->game;
  const PnHand *h = &g->hand;
  PnExpect ex;
  pn_game_expect(g, &ex);
  if (g->over) {
    printf("game over: %s wins (score rows may still follow; quit ends)\n", name_of(r, g->winner));
    return;
  }
  if (h->phase == PN_PHASE_PLAY && h->ntrick > 0) {
    printf("trick %d so far:", h->trick_no + 1);
    for (int i = 0; i < h->ntrick; i++) {
      char two[3];
      printf(" %s %s", name_of(r, h->trick_seat[i]), pn_card_str(h->trick[i], two));
    }
    printf("\n");
  }
  printf("hand %d, ", h->phase == PN_PHASE_DEALER ? g->hands_played + 1 : h->number);
  if (ex.seat) printf("%s (seat %d) to act:", name_of(r, ex.seat), ex.seat);
  else printf("next:");
  for (int a = 0; a < PN_EV_KINDS; a++)
    if (ex.actions & (1u << a)) printf(" %s", pn_action_name((PnAction)a));
  if (ex.actions & (1u << PN_EV_BID)) printf(" (lowest good bid %d)", ex.min_bid);
  if (h->phase == PN_PHASE_DEALER || (h->phase == PN_PHASE_DONE && !g->over))
    printf(" (or `deal` to shuffle; dealer %d)", r->next_dealer);
  printf("\n");
  if ((ex.actions & (1u << PN_EV_PLAY)) && ex.seat) {
    printf("  holds ");
    PnCards held;
    pn_held_next(g, ex.seat, &held);
    show_cards(&held);
    printf("\n  legal ");
    show_cards(&ex.legal);
    printf("\n");
  }
}

static void show_help(void) {
  printf("Lines (SEAT is a seat number or player name; it defaults to whose turn it is):\n"
         "  deal                      shuffle and deal the hand (the program deals)\n"
         "  [SEAT] deal CARD...       enter one seat's dealt cards\n"
         "  turnup CARD | stock CARD... | widow CARD...\n"
         "  dealer SEAT               who deals this hand (default: the next seat)\n"
         "  [SEAT] bid N | pass       bidding\n"
         "  [SEAT] trump S            the bidder names trump (S H D C)\n"
         "  [SEAT] call CARD          five-call: the called card\n"
         "  [SEAT] discard C C C      auction: the bidder's discards\n"
         "  [SEAT] give CARD...       passing: the partner's cards, then the bidder's\n"
         "  [SEAT] dix exchange|show  count a dix\n"
         "  [SEAT] meld CARD... [N]   show meld (two-hand: a meld name or N last)\n"
         "  [SEAT] moon               shoot the moon\n"
         "  [SEAT] play CARD          play a card\n"
         "  draw CARD                 two-hand without a stock row: the card drawn\n"
         "  [SEAT] out                two-hand: declare out\n"
         "  [SEAT] score N            claim a hand score (after the last trick)\n"
         "  undo | status | help | quit\n");
}

/* ------------------------------------------------------------ the store */

/* Stores the completed hand (or, after a score row, its events again)
 * and the game's standing, in one transaction. */
static int commit_hand(Recorder *r, PnDiag *diag) {
  uint8_t *events = malloc((size_t)r->nevents * CODEC_MAX_EVENT);
  if (!events) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return -1;
  }
  size_t len = 0;
  for (int i = 0; i < r->nevents; i++) len += codec_event_encode(&r->events[i], events + len);
  CodecResults res;
  codec_results_from_game(&r->game, &res);
  uint8_t results[CODEC_MAX_RESULTS];
  size_t rlen = codec_results_encode(&res, results);
  const PnHandResult *hr = &r->game.hand.result;
  StoreHand hand = {r->game.hand.number, r->game.hand.dealer, events, len, results, rlen, hr->bidder, hr->bid,
                    hr->trump};
  uint64_t hash = codec_hash(r->hash_before_hand, events, len);
  StoreGameEnd end = {r->game.hands_played, r->game.over, r->game.winner, hash};
  int rc = -1;
  if (store_begin(r->store, diag) != STORE_OK) goto done;
  int stored = r->committed ? store_hand_update_events(r->store, r->game_id, hand.number, events, len, diag)
                            : store_hand_insert(r->store, r->game_id, &hand, diag);
  if (stored != STORE_OK || store_game_update_end(r->store, r->game_id, &end, diag) != STORE_OK) {
    store_rollback(r->store);
    goto done;
  }
  if (store_commit(r->store, diag) != STORE_OK) goto done;
  r->hash = hash;
  r->committed = true;
  rc = 0;
done:
  free(events);
  return rc;
}

/* ------------------------------------------------------------ applying */

/* Replays this hand's events from its start (after undo, or a draw that
 * changed the provisional stock). */
static void rebuild_hand(Recorder *r) {
  r->game = r->hand_start;
  for (int i = 0; i < r->nevents; i++) {
    PnOutcome out;
    pn_game_apply(&r->game, &r->events[i], &out);
  }
}

static void report_finding(const Recorder *r, const PnOutcome *out) {
  const PnFinding *f = &out->finding;
  char card[3] = "";
  if (f->card != PN_NO_CARD) pn_card_str(f->card, card);
  printf("finding: %s by %s (seat %d)%s%s", pn_finding_name(f->kind), name_of(r, f->seat), f->seat,
         *card ? " playing " : "", card);
  if (pn_cards_total(&f->evidence)) {
    printf(" while holding ");
    show_cards(&f->evidence);
  }
  if (f->kind == PN_FIND_MELD_CLAIM || f->kind == PN_FIND_SCORE_CLAIM || f->kind == PN_FIND_BID_TOO_LOW)
    printf(" (given %d, rules say %d)", f->claimed, f->computed);
  printf("\n");
}

static bool is_renege(PnFindingKind k) {
  return k == PN_FIND_RENEGE_FOLLOW || k == PN_FIND_RENEGE_HEAD || k == PN_FIND_RENEGE_TRUMP ||
         k == PN_FIND_RENEGE_OVERTRUMP;
}

static void show_hand_result(const Recorder *r) {
  const PnHandResult *res = &r->game.hand.result;
  printf("hand %d over", r->game.hand.number);
  if (res->redeal) printf(": all passed, no score");
  else if (res->bidder)
    printf(": %s bid %d in %s, %s", name_of(r, res->bidder), res->bid, replay_suit_name(res->trump),
           res->moon ? (res->made ? "shot the moon" : "missed the moon") : res->made ? "made it" : "set");
  printf("\n");
  for (int s = 1; s <= r->game.rules.players; s++) {
    const PnSeatResult *sr = &res->seat[s - 1];
    printf("  %-12s meld %4d counted %4d  counters %4d  tricks %2d  score %5d  total %5d\n", name_of(r, s),
           sr->meld_shown, sr->meld_counted, sr->counters, sr->tricks, sr->score, r->game.running[s - 1]);
  }
  if (r->game.over) printf("game over: %s wins\n", name_of(r, r->game.winner));
}

/* Two-hand with a provisional stock: how many draws the next play needs
 * that have not been entered. */
static int draws_missing(const Recorder *r) {
  const PnHand *h = &r->game.hand;
  if (r->stock_event < 0 || !h->draw_pending) return 0;
  int needed = h->stock_pos + (h->stock_len - h->stock_pos >= 2 ? 2 : 1);
  return needed > r->stock_known ? needed - r->stock_known : 0;
}

/* Applies one event; returns 0 when recorded (or pending), 1 when refused.
 * `confirmed`: the scorekeeper already said yes to this event's renege.
 * May finish and commit the hand. */
static int record_event(Recorder *r, const PnEvent *ev, bool confirmed, PnDiag *diag, bool *failed) {
  if (ev->action == PN_EV_PLAY && draws_missing(r)) {
    printf("error: enter the draws first (draw CARD), %s drawing first\n",
           name_of(r, r->game.hand.last_winner));
    return 1;
  }
  if (r->nevents == MAX_HAND_EVENTS) {
    printf("error: too many events in one hand\n");
    return 1;
  }
  PnGame *trial = malloc(sizeof *trial);
  if (!trial) {
    *failed = true;
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return 1;
  }
  *trial = r->game;
  PnOutcome out;
  int rc = 1;
  if (pn_game_apply(trial, ev, &out) == PN_IMPOSSIBLE) {
    printf("error: %s\n", out.reason);
    goto done;
  }
  if (out.verdict == PN_ACCEPTED_FINDING) report_finding(r, &out);
  if (out.verdict == PN_ACCEPTED_FINDING && is_renege(out.finding.kind) && !confirmed && !r->auto_yes) {
    r->pending = true;
    r->pending_event = *ev;
    printf("that is a renege: record it as played? (yes/no)\n");
    rc = 0;
    goto done;
  }
  r->game = *trial;
  r->events[r->nevents++] = *ev;
  rc = 0;
  if (out.hand_done || (r->committed && ev->action == PN_EV_SCORE)) {
    if (out.hand_done) show_hand_result(r);
    if (commit_hand(r, diag) != 0) {
      *failed = true;
      goto done;
    }
  } else if (draws_missing(r)) {
    printf("%s won the trick: enter the draws (draw CARD), %s first\n", name_of(r, r->game.hand.last_winner),
           name_of(r, r->game.hand.last_winner));
  }
done:
  free(trial);
  return rc;
}

/* Starts the hand with the next dealer when a deal row comes first. */
static int ensure_hand_started(Recorder *r, PnDiag *diag, bool *failed) {
  PnPhase phase = r->game.hand.phase;
  if (phase != PN_PHASE_DEALER && phase != PN_PHASE_DONE) return 0;
  PnEvent ev = {.action = PN_EV_DEALER, .seat = r->next_dealer, .suit = -1, .meld = -1};
  r->hand_start = r->game;
  r->nevents = 0;
  r->committed = false;
  r->stock_event = -1;
  r->hash_before_hand = r->hash;
  if (record_event(r, &ev, false, diag, failed) != 0) return 1;
  r->next_dealer = r->next_dealer % r->game.rules.players + 1;
  return 0;
}

/* Two-hand deal entered by hand without a stock: the rest of the deck in
 * any order, to be confirmed card by card by `draw`. */
static void add_provisional_stock(Recorder *r, PnDiag *diag, bool *failed) {
  const PnHand *h = &r->game.hand;
  if (r->game.rules.flow != PN_FLOW_TWO_HAND || h->phase != PN_PHASE_DEAL || h->have_stock || !h->have_turnup)
    return;
  for (int s = 0; s < r->game.rules.players; s++)
    if (!h->have_deal[s]) return;
  PnCards rest;
  pn_deck_cards(r->game.rules.deck, &rest);
  for (int s = 0; s < r->game.rules.players; s++)
    for (int c = 0; c < PN_CARD_KINDS; c++) rest.n[c] = (uint8_t)(rest.n[c] - h->dealt[s].n[c]);
  rest.n[h->turnup]--;
  PnEvent ev = {.action = PN_EV_STOCK, .suit = -1, .meld = -1};
  for (int c = 0; c < PN_CARD_KINDS; c++)
    for (int k = 0; k < rest.n[c]; k++) ev.cards[ev.ncards++] = (PnCard)c;
  int at = r->nevents;
  if (record_event(r, &ev, false, diag, failed) == 0 && r->nevents == at + 1) {
    r->stock_event = at;
    r->stock_known = 0;
    printf("the stock is unknown: enter each card as it is drawn (draw CARD)\n");
  }
}

static void record_draw(Recorder *r, const char *text) {
  PnCard card;
  if (pn_card_parse(text, strlen(text), &card) != strlen(text)) {
    printf("error: '%s' is not a card\n", text);
    return;
  }
  if (r->stock_event < 0 || !draws_missing(r)) {
    printf("error: no draw is due now\n");
    return;
  }
  PnEvent *stock = &r->events[r->stock_event];
  int found = -1;
  for (int i = r->stock_known; i < stock->ncards && found < 0; i++)
    if (stock->cards[i] == card) found = i;
  if (found < 0) {
    char two[3];
    printf("error: %s cannot be in the stock (it is dealt, turned up or drawn already)\n", pn_card_str(card, two));
    return;
  }
  stock->cards[found] = stock->cards[r->stock_known];
  stock->cards[r->stock_known++] = card;
  rebuild_hand(r); /* only the order of undrawn cards changed */
}

/* ------------------------------------------------------------- parsing */

/* A seat number or a player's name, or 0. */
static int parse_seat(const Recorder *r, const char *word) {
  char *end;
  long n = strtol(word, &end, 10);
  if (!*end && n >= 1 && n <= r->game.rules.players) return (int)n;
  for (int s = 1; s <= r->game.rules.players; s++)
    if (strcasecmp(word, r->players[s - 1]) == 0) return s;
  return 0;
}

/* Handles one line; returns -1 to stop (quit or a storage failure). */
static int handle_line(Recorder *r, char *line, PnDiag *diag) {
  char *words[64];
  int n = 0;
  for (char *save, *w = strtok_r(line, " \t\r\n", &save); w && n < 64; w = strtok_r(NULL, " \t\r\n", &save))
    words[n++] = w;
  if (n == 0 || words[0][0] == '#') return 0;
  bool failed = false;

  if (r->pending) { /* only yes or no settles it: anything else asks again */
    bool yes = n == 1 && (strcasecmp(words[0], "yes") == 0 || strcasecmp(words[0], "y") == 0);
    bool no = n == 1 && (strcasecmp(words[0], "no") == 0 || strcasecmp(words[0], "n") == 0);
    if (!yes && !no) {
      printf("answer yes (record the renege as played) or no (drop the play)\n");
      return 0;
    }
    r->pending = false;
    if (no) {
      printf("not recorded\n");
      return 0;
    }
    record_event(r, &r->pending_event, true, diag, &failed);
    return failed ? -1 : 0;
  }
  const char *word = words[0];
  if (strcmp(word, "quit") == 0 || strcmp(word, "exit") == 0) return -1;
  if (strcmp(word, "help") == 0) {
    show_help();
    return 0;
  }
  if (strcmp(word, "status") == 0) {
    show_scores(r);
    show_status(r);
    return 0;
  }
  if (strcmp(word, "undo") == 0) {
    if (r->nevents <= 1 || r->committed) {
      printf("error: nothing to undo in this hand (stored hands are final)\n");
      return 0;
    }
    if (r->stock_event == r->nevents - 1) r->stock_event = -1;
    r->nevents--;
    rebuild_hand(r);
    printf("undone: %s\n", pn_action_name(r->events[r->nevents].action));
    return 0;
  }
  if (strcmp(word, "draw") == 0) {
    if (n != 2) printf("error: draw takes one card\n");
    else record_draw(r, words[1]);
    return 0;
  }
  if (strcmp(word, "dealer") == 0) {
    int seat = n == 2 ? parse_seat(r, words[1]) : 0;
    PnPhase phase = r->game.hand.phase;
    if (!seat) printf("error: dealer takes a seat\n");
    else if (phase != PN_PHASE_DEALER && phase != PN_PHASE_DONE) printf("error: the hand already has a dealer\n");
    else r->next_dealer = seat;
    return 0;
  }

  int seat = 0, at = 0;
  if (n >= 2 && pn_action_parse(words[0]) < 0 && (seat = parse_seat(r, words[0])) > 0) at = 1;
  int action = pn_action_parse(words[at]);
  if (action < 0) {
    printf("error: unknown command '%s' (help lists them)\n", words[at]);
    return 0;
  }
  if (action == PN_EV_DEAL && n == 1) { /* the program shuffles and deals */
    if (ensure_hand_started(r, diag, &failed) != 0) return failed ? -1 : 0;
    if (r->game.hand.phase != PN_PHASE_DEAL || r->nevents != 1) {
      printf("error: the deal has begun; enter the remaining rows\n");
      return 0;
    }
    PnEvent deal[SIM_MAX_DEAL_EVENTS];
    int count = sim_deal_events(&r->rng, &r->game, deal);
    for (int i = 0; i < count && !failed; i++) record_event(r, &deal[i], false, diag, &failed);
    for (int s = 1; s <= r->game.rules.players; s++) {
      printf("  %-12s ", name_of(r, s));
      show_cards(&r->game.hand.dealt[s - 1]);
      printf("\n");
    }
    return failed ? -1 : 0;
  }
  if (action == PN_EV_DEAL || action == PN_EV_TURNUP || action == PN_EV_STOCK || action == PN_EV_WIDOW)
    if (ensure_hand_started(r, diag, &failed) != 0) return failed ? -1 : 0;

  /* The rest of the words: cards, then maybe a value. */
  PnExpect ex;
  pn_game_expect(&r->game, &ex);
  if (!seat && action != PN_EV_TURNUP && action != PN_EV_STOCK && action != PN_EV_WIDOW) seat = ex.seat;
  if (action == PN_EV_TURNUP && r->game.rules.flow == PN_FLOW_TURNUP) seat = r->game.hand.dealer;
  char cards[PN_MAX_EVENT_CARDS * 4] = "", value[64] = "";
  size_t len = 0;
  for (int i = at + 1; i < n; i++) {
    PnCard card;
    bool is_card = pn_card_parse(words[i], strlen(words[i]), &card) == strlen(words[i]);
    bool takes_cards = action != PN_EV_BID && action != PN_EV_SCORE && action != PN_EV_TRUMP;
    if (is_card && takes_cards && !*value) {
      len += (size_t)snprintf(cards + len, sizeof cards - len, "%s%s", len ? " " : "", words[i]);
    } else if (!*value) {
      snprintf(value, sizeof value, "%s", words[i]);
    } else {
      printf("error: unexpected '%s'\n", words[i]);
      return 0;
    }
  }
  if (!seat && action != PN_EV_TURNUP && action != PN_EV_STOCK && action != PN_EV_WIDOW) {
    printf("error: whose %s? say `SEAT %s ...`\n", pn_action_name((PnAction)action), pn_action_name((PnAction)action));
    return 0;
  }
  PnEvent ev;
  int col;
  char err[160];
  if (pn_event_from_text((PnAction)action, seat, cards, value, &ev, &col, err, sizeof err) != 0) {
    printf("error: %s\n", err);
    return 0;
  }
  bool deal_row = action == PN_EV_DEAL || action == PN_EV_TURNUP || action == PN_EV_STOCK || action == PN_EV_WIDOW;
  if (!deal_row) add_provisional_stock(r, diag, &failed); /* play began without a stock row */
  if (!failed) record_event(r, &ev, false, diag, &failed);
  return failed ? -1 : 0;
}

/* ------------------------------------------------------------- setup */

/* Rebuilds a stored, unfinished game: header, then every stored hand. */
static int resume_game(Recorder *r, const char *key, PnDiag *diag) {
  const char *keys[1] = {key};
  StoreFilter filter = {.nkeys = 1, .keys = keys};
  StoreCursor *cursor = NULL;
  StoreRow row;
  int got, rc = -1;
  if (store_cursor_open(r->store, &filter, &cursor, diag) != STORE_OK) return -1;
  bool found = false;
  while ((got = store_cursor_next(cursor, &row, diag)) == 1) {
    if (row.new_game) {
      found = true;
      PnRules rules;
      if (replay_rules(row.preset, row.options, &rules, diag) != 0) goto done;
      pn_game_init(&r->game, &rules);
      r->game_id = row.game_id;
      snprintf(r->key, sizeof r->key, "%s", row.key);
      r->hash = codec_hash_text(CODEC_HASH_SEED, row.preset);
      for (const char *at = row.options; *at;) { /* the header hashes as the importer's does */
        size_t l = strcspn(at, "\n");
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)l, at);
        r->hash = codec_hash_text(r->hash, line);
        at += l + (at[l] == '\n');
      }
      for (int s = 0; s < row.nplayers; s++) {
        r->players[s] = strdup(row.players[s]);
        if (!r->players[s]) goto done;
        r->hash = codec_hash_text(r->hash, row.players[s]);
      }
      for (const char *at = row.tags; *at;) {
        size_t l = strcspn(at, "\n");
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)l, at);
        r->hash = codec_hash_text(r->hash, line);
        at += l + (at[l] == '\n');
      }
      if (row.finished && row.winner) {
        snprintf(diag->msg, sizeof diag->msg, "game %s is over: nothing to resume", key);
        goto done;
      }
    }
    if (row.hand == 0) continue;
    if (replay_hand(&r->game, &row, NULL, NULL, NULL, diag) != 0) goto done;
    r->hash = codec_hash(r->hash, row.events, row.events_len);
    r->next_dealer = r->game.hand.dealer % r->game.rules.players + 1;
  }
  if (got < 0) goto done;
  if (!found) {
    snprintf(diag->msg, sizeof diag->msg, "no game %s in the database", key);
    goto done;
  }
  rc = 0;
done:
  store_cursor_close(cursor);
  return rc;
}

int cmd_record(const CliCommand *self, int argc, char **argv) {
  const char *variant = NULL, *players_arg = NULL, *resume = NULL, *key = NULL;
  const char *tags[32];
  int ntags = 0, dealer = 1;
  uint64_t seed = (uint64_t)time(NULL);
  CliOptions opts = {0};
  Recorder *r = calloc(1, sizeof *r);
  if (!r) return CLI_USAGE;
  r->cmd = self;
  r->stock_event = -1;
  int c, rc = CLI_USAGE;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":h", record_options)) != -1) {
    char *end;
    switch (c) {
    case OPT_VARIANT: variant = optarg; break;
    case OPT_PLAYERS: players_arg = optarg; break;
    case OPT_OPTION:
      if (cli_options_add(self, &opts, optarg) != 0) goto done;
      break;
    case OPT_TAG:
      if (!strchr(optarg, '=') || ntags == 32) {
        cli_usage_error(self, "--tag takes name=value");
        goto done;
      }
      tags[ntags++] = optarg;
      break;
    case OPT_RESUME: resume = optarg; break;
    case OPT_GAME: key = optarg; break;
    case OPT_SEED:
      seed = strtoull(optarg, &end, 10);
      if (*end || !*optarg) {
        cli_usage_error(self, "--seed takes a whole number");
        goto done;
      }
      break;
    case OPT_DEALER:
      dealer = (int)strtol(optarg, &end, 10);
      if (*end || dealer < 1 || dealer > PN_MAX_SEATS) {
        cli_usage_error(self, "--dealer takes a seat number");
        goto done;
      }
      break;
    case OPT_YES: r->auto_yes = true; break;
    case 'h':
      cli_print_help(stdout, self);
      rc = CLI_OK;
      goto done;
    default: goto done;
    }
  }
  if (optind != argc - 1) {
    cli_usage_error(self, "give exactly one database");
    goto done;
  }
  if (!resume && (!variant || !players_arg)) {
    cli_usage_error(self, "a new game needs --variant and --players (or --resume KEY)");
    goto done;
  }
  /* The database is opened only once the arguments are known to be good,
   * and --resume never creates one: a failed start leaves no file behind. */
  PnDiag diag = {0};
  sim_rng_seed(&r->rng, seed);
  r->interactive = isatty(STDIN_FILENO);
  if (resume) {
    if (store_open(argv[optind], STORE_MUST_EXIST, &r->store, &diag) != STORE_OK) {
      cli_error(self, "%s", diag.msg);
      goto done;
    }
    if (resume_game(r, resume, &diag) != 0) {
      cli_error(self, "%s", diag.msg);
      goto done;
    }
    printf("resuming %s after hand %d\n", r->key, r->game.hands_played);
  } else {
    PnRules rules;
    if (cli_rules_load(self, &rules, variant, &opts) != 0) goto done;
    if (dealer > rules.players) {
      cli_usage_error(self, "--dealer must be a seat of %s", variant);
      goto done;
    }
    char *list = strdup(players_arg);
    int np = 0;
    for (char *save, *name = list ? strtok_r(list, ",", &save) : NULL; name; name = strtok_r(NULL, ",", &save))
      if (np < PN_MAX_SEATS) r->players[np++] = strdup(name);
      else np++;
    free(list);
    if (np != rules.players) {
      cli_usage_error(self, "%s needs %d players, not %d", variant, rules.players, np);
      goto done;
    }
    if (key) snprintf(r->key, sizeof r->key, "%s", key);
    else {
      time_t now = time(NULL);
      strftime(r->key, sizeof r->key, "rec-%Y%m%d-%H%M%S", localtime(&now));
    }
    StoreGame header = {.key = r->key, .preset = variant, .noptions = opts.n, .options = opts.text,
                        .nplayers = np, .ntags = ntags, .tags = tags}; /* its end comes with its hands */
    for (int s = 0; s < np; s++) header.players[s] = r->players[s];
    if (store_open(argv[optind], STORE_CREATE, &r->store, &diag) != STORE_OK) {
      cli_error(self, "%s", diag.msg);
      goto done;
    }
    int64_t existing;
    uint64_t old_hash;
    int found = store_game_lookup(r->store, r->key, &existing, &old_hash, &diag);
    if (found != 0) {
      cli_error(self, found > 0 ? "game %s already exists (use --resume %s)" : "%s", found > 0 ? r->key : diag.msg,
                r->key);
      goto done;
    }
    if (store_begin(r->store, &diag) != STORE_OK || store_game_insert(r->store, &header, &r->game_id, &diag) != STORE_OK ||
        store_commit(r->store, &diag) != STORE_OK) {
      store_rollback(r->store);
      cli_error(self, "%s", diag.msg);
      goto done;
    }
    pn_game_init(&r->game, &rules);
    r->hash = codec_hash_text(CODEC_HASH_SEED, variant);
    for (int i = 0; i < opts.n; i++) r->hash = codec_hash_text(r->hash, opts.text[i]);
    for (int s = 0; s < np; s++) r->hash = codec_hash_text(r->hash, r->players[s]);
    for (int i = 0; i < ntags; i++) r->hash = codec_hash_text(r->hash, tags[i]);
    r->next_dealer = dealer;
    printf("recording %s (%s): %s\n", r->key, variant, players_arg);
  }
  r->hand_start = r->game;
  show_status(r);
  char *line = NULL;
  size_t cap = 0;
  rc = CLI_OK;
  for (;;) {
    if (r->interactive) {
      printf("> ");
      fflush(stdout);
    }
    if (getline(&line, &cap, stdin) < 0) break;
    if (handle_line(r, line, &diag) < 0) {
      if (diag.msg[0]) {
        cli_error(self, "%s", diag.msg);
        rc = CLI_USAGE;
      }
      break;
    }
    if (r->interactive) show_status(r);
  }
  free(line);
  if (r->nevents > 1 && !r->committed && r->game.hand.phase == PN_PHASE_DONE)
    fprintf(stderr, "pinochle: record: hand %d was finished but could not be stored; `--resume %s` continues "
            "from the hand before\n", r->game.hand.number, r->key);
  else if (r->nevents > 1 && !r->committed)
    fprintf(stderr, "pinochle: record: hand %d was not finished and is not stored; `--resume %s` continues\n",
            r->game.hand.number, r->key);
  fflush(stdout);
done:
  if (r) {
    store_close(r->store);
    for (int s = 0; s < PN_MAX_SEATS; s++) free(r->players[s]);
    free(r);
  }
  return rc;
}
