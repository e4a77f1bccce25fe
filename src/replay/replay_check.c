/*
 * replay_check.c - every stored hand through the engine, for `pinochle
 * check`: a hand that does not decode or replay, or whose stored results
 * or game winner differ from the replay's, is a problem of the database
 * (replay.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "replay.h"

typedef struct Check {
  ReplayProblemFn *fn;       /* the caller's */
  void *ctx;                 /* passed to fn */
  long problems;             /* given so far */
} Check;

static void problem(Check *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void problem(Check *c, const char *fmt, ...) {
  char text[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  c->fn(c->ctx, text);
  c->problems++;
}

/* replay_hand's findings: only a stored-result finding is a problem of the
 * database; the rest are the table's (audit). */
static void on_finding(void *ctx, const StoreRow *row, const ReplayFinding *f) {
  Check *c = ctx;
  if (f->kind != PN_FIND_STORED_RESULT) return;
  problem(c, "game %s, hand %d: %s", row->key, f->hand, f->detail);
}

/* "4 and 5" for a winners mask (pn_winner_seats), "none" for 0. */
static const char *seats_text(unsigned winners, char *buf, size_t size) {
  int seats[PN_MAX_SEATS], n = pn_winner_seats(winners, seats);
  size_t at = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && at < size; i++) {
    int w = snprintf(buf + at, size - at, "%s%d", i == 0 ? "" : i == n - 1 ? " and " : ", ", seats[i]);
    at += w > 0 ? (size_t)w : 0;
  }
  return n ? buf : "none";
}

/* The end of a game's walk: its stored winner and winning side against
 * the replay's. */
static void game_done(Check *c, const char *key, int stored_winner, unsigned stored_winners, const PnGame *game,
                      bool replayable) {
  if (replayable && game->winner != stored_winner)
    problem(c, "game %s: stored winner is seat %d, the replay's is seat %d", key, stored_winner, game->winner);
  char stored[32], replayed[32];
  if (replayable && game->winner == stored_winner && game->winners != stored_winners)
    problem(c, "game %s: the stored winning side is seats %s, the replay's is seats %s", key,
            seats_text(stored_winners, stored, sizeof stored), seats_text(game->winners, replayed, sizeof replayed));
}

long replay_check(Store *store, ReplayProblemFn *fn, void *ctx, ReplayCheckStats *stats, PnDiag *oom) {
  Check ck = {.fn = fn, .ctx = ctx};
  StoreCursor *cursor = NULL;
  PnGame *game = malloc(sizeof *game);
  PnDiag diag = {0};
  char key[256] = "";          /* the game being walked (row text is borrowed) */
  int stored_winner = 0;
  unsigned stored_winners = 0; /* and its side's seats */
  bool replayable = false;     /* its hands can still be replayed */
  *stats = (ReplayCheckStats){0};
  if (game == NULL) {
    snprintf(oom->msg, sizeof oom->msg, "out of memory");
    return PN_ERR_IO;
  }
  if (store_cursor_open(store, NULL, &cursor, &diag) != STORE_OK) {
    problem(&ck, "cannot read the games: %s", diag.msg);
    free(game);
    return ck.problems;
  }
  StoreRow row;
  int got;
  while ((got = store_cursor_next(cursor, &row, &diag)) == 1) {
    if (row.new_game) {
      if (stats->games > 0) game_done(&ck, key, stored_winner, stored_winners, game, replayable);
      stats->games++;
      snprintf(key, sizeof key, "%s", row.key);
      stored_winner = row.winner;
      stored_winners = row.winners;
      PnRules rules;
      replayable = replay_rules(row.preset, row.options, &rules, &diag) == 0;
      if (replayable) pn_game_init(game, &rules);
      else problem(&ck, "game %s: %s: its hands cannot be replayed", row.key, diag.msg);
    }
    if (row.hand == 0) continue;
    if (!replayable) {
      stats->skipped++;
      continue;
    }
    if (replay_hand(game, &row, on_finding, &ck, NULL, &diag) != 0) {
      problem(&ck, "%s: the game's later hands cannot be replayed", diag.msg);
      replayable = false;
      continue;
    }
    stats->hands++;
  }
  if (got < 0) problem(&ck, "reading the hands: %s", diag.msg);
  else if (stats->games > 0) /* all its hands were read */
    game_done(&ck, key, stored_winner, stored_winners, game, replayable);
  store_cursor_close(cursor);
  free(game);
  return ck.problems;
}
