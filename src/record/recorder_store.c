/*
 * recorder_store.c - the recorder and the store: committing hands, starting,
 * resuming and redoing games (record.h).  Split from recorder.c, which reads
 * the lines; what the two share is in recorder_int.h.
 */
#define _POSIX_C_SOURCE 200809L /* strdup, strtok_r, strcasecmp */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "codec.h"
#include "record.h"
#include "replay.h"
#include "sim.h"

#include "recorder_int.h"

/* ------------------------------------------------------------ the store */

/* The hand's rows encoded in the event log's order (EVENT-LOG.md: the
 * deal rows, then the turn-up): a turn-up typed before a deal row is
 * stored after the last one, where a log has it.  Returns the bytes
 * written to out (r->nevents * CODEC_MAX_EVENT room). */
size_t rec_encode_hand(const Recorder *r, uint8_t *out) {
  int last_deal = -1, turnup = -1;
  for (int i = 0; i < r->nevents; i++) {
    if (r->events[i].action == PN_EV_DEAL) last_deal = i;
    if (r->events[i].action == PN_EV_TURNUP && turnup < 0) turnup = i;
  }
  bool move = turnup >= 0 && turnup < last_deal;
  size_t len = 0;
  for (int i = 0; i < r->nevents; i++) {
    if (!move || i != turnup) len += codec_event_encode(&r->events[i], out + len);
    if (move && i == last_deal) len += codec_event_encode(&r->events[turnup], out + len);
  }
  return len;
}

/* Stores the completed hand (or, after a score row, its events again)
 * and the game's standing, in one transaction.  Returns 0, or PN_ERR_IO
 * with diag (out of memory, the store failed). */
static int store_new_hand(Recorder *r, PnDiag *diag) {
  uint8_t *events = malloc((size_t)r->nevents * CODEC_MAX_EVENT);
  if (!events) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return PN_ERR_IO;
  }
  size_t len = rec_encode_hand(r, events);
  CodecResults res;
  codec_results_from_game(&r->game, &res);
  uint8_t results[CODEC_MAX_RESULTS];
  size_t rlen = codec_results_encode(&res, results);
  const PnHandResult *hr = &r->game.hand.result;
  StoreHand hand = {r->game.hand.number, r->game.hand.dealer, events, len, results, rlen, hr->bidder, hr->bid,
                    hr->trump};
  uint64_t hash = codec_hash(r->hash_before_hand, events, len);
  StoreGameEnd end = {r->game.hands_played, r->game.over, r->game.winner, hash, r->game.winners};
  int rc = PN_ERR_IO; /* a store failure below: diag says which */
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

static bool new_final(const Recorder *r) { return r->committed; }

static bool new_unsaved(const Recorder *r) { return r->mode->typed(r) && !r->committed; }

static void new_say_quit(Recorder *r) {
  rec_say(r, "hand %d is not finished (its lines are kept: --resume goes on after them): quit? (yes/no)\n",
          r->game.hand.number);
}

static bool new_say_end(Recorder *r) {
  if (r->nevents > 1 && !r->committed && r->game.hand.phase == PN_PHASE_DONE)
    rec_say(r, "hand %d was finished but could not be stored; `--resume %s` continues from the hand before\n",
        r->game.hand.number, r->key);
  else if (r->journal_count > 0)
    rec_say(r, "hand %d is not finished: its %d line%s %s kept; `--resume %s` goes on after the last\n",
            r->game.hands_played + 1, r->journal_count, r->journal_count == 1 ? "" : "s",
            r->journal_count == 1 ? "is" : "are", r->key);
  else if (r->nevents > 1 && !r->committed)
    rec_say(r, "hand %d was not finished and is not stored; `--resume %s` continues\n", r->game.hand.number, r->key);
  else return false;
  return true;
}

static bool new_may_start(Recorder *r) {
  (void)r;
  return true;
}

/* A new game, or one resumed: each hand stored when complete, the lines of
 * the one in progress kept as they are typed. */
const RecKeep rec_keep_new = {
    .commit = store_new_hand,
    .journal = true,
    .final = new_final,
    .unsaved = new_unsaved,
    .say_quit = new_say_quit,
    .say_end = new_say_end,
    .may_start = new_may_start,
};

/* ------------------------------------------------------------- setup */

/* Keeps a stored hand's events for --redo. */
static int keep_stored(Recorder *r, const StoreRow *row, PnDiag *diag) {
  struct RedoHand *grown = realloc(r->stored, sizeof *grown * (size_t)(r->nstored + 1));
  uint8_t *copy = malloc(row->events_len ? row->events_len : 1);
  if (!grown || !copy) {
    if (grown) r->stored = grown;
    free(copy);
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return PN_ERR_IO;
  }
  r->stored = grown;
  memcpy(copy, row->events, row->events_len);
  r->stored[r->nstored++] = (struct RedoHand){copy, row->events_len};
  return 0;
}

/* Rebuilds a stored game: header, then every stored hand (with `redo`,
 * the hands before that one; a finished game may be redone).  Returns 0,
 * or with diag: PN_ERR_NOT_FOUND (no such game, or no hand `redo` in it),
 * PN_ERR_CONFLICT (the game is over), PN_ERR_CORRUPT (a stored hand does
 * not replay), PN_ERR_IO or the store's code. */
static int resume_game(Recorder *r, const char *key, int redo, PnDiag *diag) {
  const char *keys[1] = {key};
  StoreFilter filter = {.nkeys = 1, .keys = keys};
  StoreCursor *cursor = NULL;
  StoreRow row;
  int got, rc, redo_dealer = 0;
  if ((rc = store_cursor_open(r->store, &filter, &cursor, diag)) != STORE_OK) return rc;
  bool found = false;
  while ((got = store_cursor_next(cursor, &row, diag)) == 1) {
    if (row.new_game) {
      found = true;
      PnRules rules;
      if ((rc = replay_rules(row.preset, row.options, row.noptions, &rules, diag)) != 0) goto done;
      pn_game_init(&r->game, &rules);
      r->game_id = row.game_id;
      r->key = strdup(row.key);
      r->preset = strdup(row.preset);
      if (!r->key || !r->preset || store_entries_copy(&r->options, row.options, row.noptions) != STORE_OK ||
          store_entries_copy(&r->tags, row.tags, row.ntags) != STORE_OK)
        goto oom;
      for (int s = 0; s < row.nplayers; s++)
        if (!(r->players[s] = strdup(row.players[s]))) goto oom;
      r->hash = store_row_hash_header(&row);
      r->hash_header = r->hash;
      if (row.finished && row.winner && !redo) {
        snprintf(diag->msg, sizeof diag->msg, "game %s is over: nothing to resume", key);
        rc = PN_ERR_CONFLICT;
        goto done;
      }
    }
    if (row.hand == 0) continue;
    if (redo && (rc = keep_stored(r, &row, diag)) != 0) goto done;
    if (redo && row.hand == redo) redo_dealer = row.dealer;
    if (redo && row.hand >= redo) continue;
    if ((rc = replay_hand(&r->game, &row, NULL, NULL, NULL, diag)) != 0) goto done;
    r->hash = codec_hash(r->hash, row.events, row.events_len);
    r->next_dealer = r->game.hand.dealer % r->game.rules.players + 1;
  }
  if (got < 0) {
    rc = got; /* the store's code */
    goto done;
  }
  rc = PN_ERR_NOT_FOUND;
  if (!found) {
    snprintf(diag->msg, sizeof diag->msg, "no game %s in the database", key);
    goto done;
  }
  if (redo && !redo_dealer) {
    snprintf(diag->msg, sizeof diag->msg, "game %s has no hand %d (it has %d)", key, redo, r->nstored);
    goto done;
  }
  if (redo) r->next_dealer = redo_dealer;
  r->redo = redo;
  if (redo) r->keep = &rec_keep_redo;
  rc = 0;
  goto done;
oom:
  snprintf(diag->msg, sizeof diag->msg, "out of memory");
  rc = PN_ERR_IO;
done:
  store_cursor_close(cursor);
  return rc;
}

/* ------------------------------------------------------------ interface */

static Recorder *rec_alloc(Store *store, uint64_t seed, bool auto_yes) {
  Recorder *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->store = store;
  r->stock_event = -1;
  r->mode = &rec_deal_first;
  r->keep = &rec_keep_new;
  r->next_dealer = 1; /* a resumed game with no hand stored: its first dealer is not stored either */
  r->auto_yes = auto_yes;
  r->seed = seed;
  return r;
}

/* The game's key: the one given, or rec-DATE-TIME with -2, -3 ... added
 * while that is taken (two games started in the same second).  Returns 0,
 * or with diag filled PN_ERR_CONFLICT (the key given exists, or no free
 * key) or the store's code (the lookup failed). */
static int choose_key(Recorder *r, const char *key, PnDiag *diag) {
  char base[64], made[80];
  if (!key) {
    time_t now = time(NULL);
    strftime(base, sizeof base, "rec-%Y%m%d-%H%M%S", localtime(&now));
  }
  for (int n = 1; n < 1000; n++) {
    const char *candidate = key ? key : made; /* a key given is kept whole */
    if (!key && n == 1) snprintf(made, sizeof made, "%s", base);
    else if (!key) snprintf(made, sizeof made, "%s-%d", base, n);
    int64_t existing;
    uint64_t old_hash;
    int found = store_game_lookup(r->store, candidate, &existing, &old_hash, diag);
    if (found < 0) return found;
    if (found == 0 && !(r->key = strdup(candidate))) {
      snprintf(diag->msg, sizeof diag->msg, "out of memory");
      return PN_ERR_IO;
    }
    if (found == 0) return 0;
    if (key) {
      snprintf(diag->msg, sizeof diag->msg, "game %s already exists (use --resume %s)", key, key);
      return PN_ERR_CONFLICT;
    }
  }
  snprintf(diag->msg, sizeof diag->msg, "no free game key after %s", base);
  return PN_ERR_CONFLICT;
}

/* The header's key, options and tags through the importer's checks
 * (codec_header_check): what the recorder stores exports and imports
 * again.  Returns 0, or PN_ERR_INPUT with diag. */
static int header_check(const RecGame *game, PnDiag *diag) {
  char *why = diag->msg;
  size_t size = sizeof diag->msg;
  if (game->key && codec_header_check(CODEC_FIELD_KEY, game->key, why, size) != 0) return PN_ERR_INPUT;
  for (int i = 0; i < game->noptions; i++)
    if (codec_header_check(CODEC_FIELD_OPTION, game->options[i], why, size) != 0) return PN_ERR_INPUT;
  for (int i = 0; i < game->ntags; i++)
    if (codec_header_check(CODEC_FIELD_TAG, game->tags[i], why, size) != 0) return PN_ERR_INPUT;
  return 0;
}

int rec_start(Store *store, const RecGame *game, uint64_t seed, bool auto_yes, Recorder **out, PnDiag *diag) {
  *out = NULL;
  if (header_check(game, diag) != 0) return PN_ERR_INPUT;
  int rc = PN_ERR_IO; /* out of memory, unless said below */
  Recorder *r = rec_alloc(store, seed, auto_yes);
  if (!r) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return PN_ERR_IO;
  }
  for (int s = 0; s < game->nplayers && s < PN_MAX_SEATS; s++) {
    const char *name = game->players[s];
    size_t len = strlen(name);
    while (len && isspace((unsigned char)name[len - 1])) len--; /* " Ann " is Ann */
    while (len && isspace((unsigned char)*name)) name++, len--;
    if (!(r->players[s] = strndup(name, len))) {
      snprintf(diag->msg, sizeof diag->msg, "out of memory");
      goto fail;
    }
    if (codec_header_check(CODEC_FIELD_PLAYER, r->players[s], diag->msg, sizeof diag->msg) != 0) {
      rc = PN_ERR_INPUT; /* the name as stored: trimmed */
      goto fail;
    }
  }
  if ((rc = choose_key(r, game->key, diag)) != 0) goto fail;
  StoreGame header = {.key = r->key, .preset = game->variant, .noptions = game->noptions, .options = game->options,
                      .nplayers = game->nplayers, .ntags = game->ntags, .tags = game->tags}; /* its end comes with its hands */
  for (int s = 0; s < game->nplayers; s++) header.players[s] = r->players[s];
  if ((rc = store_begin(store, diag)) != STORE_OK) goto fail;
  if ((rc = store_game_insert(store, &header, &r->game_id, diag)) != STORE_OK ||
      (rc = store_commit(store, diag)) != STORE_OK) {
    store_rollback(store);
    goto fail;
  }
  pn_game_init(&r->game, game->rules);
  r->hash = codec_game_hash_header(game->variant, game->options, game->noptions, (const char *const *)r->players,
                                   game->nplayers, game->tags, game->ntags);
  r->next_dealer = game->dealer;
  r->hand_start = r->game;
  *out = r;
  return 0;
fail:
  rec_free(r);
  return rc;
}

int rec_resume(Store *store, const char *key, int redo, uint64_t seed, bool auto_yes, Recorder **out, PnDiag *diag) {
  *out = NULL;
  Recorder *r = rec_alloc(store, seed, auto_yes);
  if (!r) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return PN_ERR_IO;
  }
  int rc = resume_game(r, key, redo, diag);
  if (rc != 0) {
    rec_free(r);
    return rc;
  }
  r->hand_start = r->game;
  rc = redo ? redo_prefill(r, diag) : rec_journal_resume(r, diag); /* the hand's lines, typed in again */
  if (rc != 0) {
    rec_free(r);
    return rc;
  }
  *out = r;
  return 0;
}

void rec_free(Recorder *r) {
  if (!r) return;
  for (int i = 0; i < r->nstored; i++) free(r->stored[i].events);
  free(r->stored);
  free(r->key);
  free(r->preset);
  store_entries_free(&r->options);
  store_entries_free(&r->tags);
  for (int s = 0; s < PN_MAX_SEATS; s++) free(r->players[s]);
  free(r->text);
  free(r->journal);
  free(r);
}
