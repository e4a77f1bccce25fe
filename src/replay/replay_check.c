/*
 * replay_check.c - every stored hand through the engine, for `pinochle
 * check`: a hand that does not decode or replay, or whose stored results
 * or game winner differ from the replay's, is a problem of the database
 * (replay.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"

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

/* What of a game is checked at the end of its walk. */
typedef struct GameEnd {
  char key[256];               /* the game's key, shown safely (codec_text_shown) */
  int stored_winner;           /* as stored */
  unsigned stored_winners;     /* and its side's seats, as stored */
  uint64_t hash, stored_hash;  /* its content hash as read back, and as stored (0: none yet) */
} GameEnd;

/* The end of a game's walk: its stored winner and winning side against
 * the replay's, its stored content hash against the one its text and
 * events read back to. */
static void game_done(Check *c, const GameEnd *e, const PnGame *game, bool replayable) {
  if (replayable && game->winner != e->stored_winner)
    problem(c, "game %s: stored winner is seat %d, the replay's is seat %d", e->key, e->stored_winner, game->winner);
  char stored[32], replayed[32];
  if (replayable && game->winner == e->stored_winner && game->winners != e->stored_winners)
    problem(c, "game %s: the stored winning side is seats %s, the replay's is seats %s", e->key,
            seats_text(e->stored_winners, stored, sizeof stored), seats_text(game->winners, replayed, sizeof replayed));
  if (e->stored_hash != 0 && e->hash != e->stored_hash)
    problem(c, "game %s: its header and events read back to content hash %016llx, stored %016llx: the stored text "
               "or events changed", e->key, (unsigned long long)e->hash, (unsigned long long)e->stored_hash);
}

/* A game's first row: its text (codec_header_check), its header hash and
 * its stored hash into *e.  Returns 0, or the store's code with diag. */
static int game_start(Check *c, Store *store, const StoreRow *row, GameEnd *e, PnDiag *diag) {
  char why[320];
  int64_t id;
  *e = (GameEnd){.stored_winner = row->winner, .stored_winners = row->winners};
  codec_text_shown(row->key, strlen(row->key), e->key, sizeof e->key);
  if (store_row_text_check(row, why, sizeof why) != 0) problem(c, "game %s: stored text: %s", e->key, why);
  e->hash = store_row_hash_header(row);
  int found = store_game_lookup(store, row->key, &id, &e->stored_hash, diag);
  return found < 0 ? found : 0;
}

long replay_check(Store *store, ReplayProblemFn *fn, void *ctx, ReplayCheckStats *stats, PnDiag *oom) {
  Check ck = {.fn = fn, .ctx = ctx};
  StoreCursor *cursor = NULL;
  PnGame *game = malloc(sizeof *game);
  PnDiag diag = {0};
  GameEnd end = {0};           /* the game being walked (row text is borrowed) */
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
      if (stats->games > 0) game_done(&ck, &end, game, replayable);
      stats->games++;
      if (game_start(&ck, store, &row, &end, &diag) != 0) {
        problem(&ck, "reading game %s: %s", end.key, diag.msg);
        break;
      }
      PnRules rules;
      replayable = replay_rules(row.preset, row.options, row.noptions, &rules, &diag) == 0;
      if (replayable) pn_game_init(game, &rules);
      else problem(&ck, "game %s: %s: its hands cannot be replayed", row.key, diag.msg);
    }
    if (row.hand == 0) continue;
    end.hash = codec_hash(end.hash, row.events, row.events_len);
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
  else if (stats->games > 0) game_done(&ck, &end, game, replayable); /* all its hands were read */
  store_cursor_close(cursor);
  free(game);
  return ck.problems;
}
