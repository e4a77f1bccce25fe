/*
 * bench_report.c - how fast `pinochle report DB players` reads a large
 * database (the target: 1,000,000 hands in at most 2 seconds).
 *
 *   build/bench/bench_report [DB [HANDS]]
 *
 * DB (default /tmp/pinochle-bench-report.db) is used as it is when it
 * exists; otherwise it is built first with HANDS (default 1,000,000)
 * partnership-auction hands: a pool of games is simulated (src/sim) and
 * encoded (codec), then stored again and again under new keys with a new
 * table of four from a club of 40, through store_game_insert and
 * store_hand_insert in one transaction.  Then the players report (text,
 * to /dev/null) is timed, and for comparison the hands report as CSV.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "codec.h"
#include "pinochle.h"
#include "report_hands.h"
#include "report_players.h"
#include "sim.h"
#include "store.h"

#define POOL_GAMES 2000
#define CLUB 40

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU seconds of this process: steadier than the wall clock on a busy machine. */
static double cpu(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what, const PnDiag *diag) {
  fprintf(stderr, "bench_report: %s: %s\n", what, diag ? diag->msg : "out of memory");
  exit(2);
}

/* One simulated hand, encoded as the store keeps it. */
typedef struct Hand {
  int dealer, bidder, bid, trump;  /* columns */
  uint8_t *events, *results;       /* malloc'd */
  size_t events_len, results_len;
} Hand;

typedef struct Game {
  Hand *hands;                     /* malloc'd */
  int nhands, winner;              /* hands; winner seat */
} Game;

/* Simulates one game of the pool. */
static void simulate(Game *out, uint64_t seed) {
  static PnGame game;
  static uint8_t events[1 << 14];
  PnRules rules;
  pn_rules_preset(&rules, "partnership-auction");
  SimConfig config = {.style = SIM_SENSIBLE, .renege_rate = 0.002, .claim_rate = 0, .first_dealer = 1};
  SimDriver driver;
  sim_driver_init(&driver, &config, seed, rules.players);
  pn_game_init(&game, &rules);
  memset(out, 0, sizeof *out);
  int cap = 0;
  size_t len = 0;
  PnEvent ev;
  while (sim_next_event(&driver, &game, &ev)) {
    if (ev.action == PN_EV_DEALER) len = 0;
    PnOutcome outcome;
    if (pn_game_apply(&game, &ev, &outcome) == PN_IMPOSSIBLE) {
      fprintf(stderr, "bench_report: simulator made an impossible event: %s\n", outcome.reason);
      exit(2);
    }
    if (len + CODEC_MAX_EVENT > sizeof events) exit(2);
    len += codec_event_encode(&ev, events + len);
    if (!outcome.hand_done) continue;
    if (out->nhands == cap) {
      cap = cap ? cap * 2 : 16;
      out->hands = realloc(out->hands, (size_t)cap * sizeof *out->hands);
      if (!out->hands) die("pool", NULL);
    }
    Hand *h = &out->hands[out->nhands++];
    CodecResults res;
    uint8_t bytes[CODEC_MAX_RESULTS];
    codec_results_from_game(&game, &res);
    h->results_len = codec_results_encode(&res, bytes);
    h->results = malloc(h->results_len);
    h->events = malloc(len);
    if (!h->results || !h->events) die("pool", NULL);
    memcpy(h->results, bytes, h->results_len);
    memcpy(h->events, events, len);
    h->events_len = len;
    h->dealer = game.hand.dealer;
    h->bidder = res.result.bidder;
    h->bid = res.result.bid;
    h->trump = res.result.trump;
    if (game.hand.number >= 200) break;
  }
  out->winner = game.winner;
}

static void build(const char *path, long want) {
  printf("building %s with %ld partnership-auction hands...\n", path, want);
  fflush(stdout);
  double t0 = now();
  Game *pool = calloc(POOL_GAMES, sizeof *pool);
  if (!pool) die("pool", NULL);
  for (int g = 0; g < POOL_GAMES; g++) simulate(&pool[g], 1000003u * (uint64_t)g + 17);
  double t1 = now();
  PnDiag diag = {0};
  Store *store = NULL;
  if (store_open(path, STORE_CREATE, &store, &diag) != 0) die(path, &diag);
  if (store_begin(store, &diag) != 0) die("begin", &diag);
  char names[CLUB][32];
  for (int i = 0; i < CLUB; i++) snprintf(names[i], sizeof names[i], "Member %02d", i + 1);
  SimRng rng;
  sim_rng_seed(&rng, 42);
  long hands = 0, games = 0;
  while (hands < want) {
    const Game *src = &pool[games % POOL_GAMES];
    char key[64], date[40];
    snprintf(key, sizeof key, "bench-%ld", games + 1);
    snprintf(date, sizeof date, "date=%04ld-%02ld-%02ld", 2020 + games / 20000 % 10, 1 + games / 1500 % 12,
             1 + games / 50 % 28);
    const char *tags[] = {date};
    StoreGame game = {.key = key, .preset = "partnership-auction", .nplayers = 4, .ntags = 1, .tags = tags};
    int seat[4];
    for (int s = 0; s < 4; s++) { /* four different members */
      bool again;
      do {
        seat[s] = sim_rng_below(&rng, CLUB);
        again = false;
        for (int o = 0; o < s; o++) again = again || seat[o] == seat[s];
      } while (again);
      game.players[s] = names[seat[s]];
    }
    uint64_t hash = codec_hash_text(CODEC_HASH_SEED, game.preset);
    for (int s = 0; s < 4; s++) hash = codec_hash_text(hash, game.players[s]);
    hash = codec_hash_text(hash, date);
    int64_t id;
    if (store_game_insert(store, &game, &id, &diag) != 0) die("game", &diag);
    for (int n = 0; n < src->nhands; n++) {
      const Hand *h = &src->hands[n];
      StoreHand sh = {.number = n + 1, .dealer = h->dealer, .events = h->events, .events_len = h->events_len,
                      .results = h->results, .results_len = h->results_len, .bidder = h->bidder, .bid = h->bid,
                      .trump = h->trump};
      if (store_hand_insert(store, id, &sh, &diag) != 0) die("hand", &diag);
      hash = codec_hash(hash, h->events, h->events_len);
    }
    StoreGameEnd end = {.hands = src->nhands, .finished = true, .winner = src->winner, .hash = hash};
    if (store_game_update_end(store, id, &end, &diag) != 0) die("game end", &diag);
    hands += src->nhands;
    games++;
  }
  if (store_commit(store, &diag) != 0) die("commit", &diag);
  store_close(store);
  printf("built %ld games, %ld hands: simulated the pool in %.1f s, stored in %.1f s\n", games, hands, t1 - t0,
         now() - t1);
  for (int g = 0; g < POOL_GAMES; g++) {
    for (int n = 0; n < pool[g].nhands; n++) {
      free(pool[g].hands[n].events);
      free(pool[g].hands[n].results);
    }
    free(pool[g].hands);
  }
  free(pool);
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "/tmp/pinochle-bench-report.db";
  long want = argc > 2 ? atol(argv[2]) : 1000000;
  FILE *probe = fopen(path, "rb");
  if (probe) fclose(probe);
  else build(path, want);

  PnDiag diag = {0};
  Store *store = NULL;
  if (store_open(path, STORE_READONLY | STORE_MUST_EXIST, &store, &diag) != 0) die(path, &diag);
  FILE *sink = fopen("/dev/null", "w");
  if (!sink) die("/dev/null", NULL);
  ReportQuery q = {0};
  for (int run = 1; run <= 3; run++) {
    long hands = 0;
    double t0 = now(), c0 = cpu();
    if (report_players(store, &q, OUT_TEXT, sink, &hands, &diag) != 0) die("players", &diag);
    double secs = now() - t0, cpu_secs = cpu() - c0;
    printf("players report, run %d: %ld hands in %.3f s (%.3f s CPU) = %.0f hands/s%s\n", run, hands, secs,
           cpu_secs, hands / secs, hands >= 1000000 && secs > 2.0 ? "  (over the 2 s budget)" : "");
  }
  long rows = 0;
  double t0 = now();
  if (report_hands(store, &q, OUT_CSV, sink, &rows, &diag) != 0) die("hands", &diag);
  printf("hands report (CSV): %ld rows in %.3f s\n", rows, now() - t0);
  fclose(sink);
  store_close(store);
  return 0;
}
