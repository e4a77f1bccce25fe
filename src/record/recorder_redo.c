/*
 * recorder_redo.c - `--redo N`: hand N of a stored game entered again and
 * replaced in place (record.h).
 *
 * The stored hand's lines are typed in first, as the scorekeeper would
 * type them (in table order when the preset has no stock and the hand was
 * played, else its deal first), so only what is wrong needs correcting
 * (`lines`, `edit`, `insert`, `delete`, `undo`).  The hand is held, complete
 * or not, until `done`; then, in one transaction, hand N's row is replaced
 * (store_hand_replace: its analysis and audit findings go), the later
 * hands get their new running scores, and the game its end and content
 * hash.  The game keeps its id and key, and the other hands their
 * findings and analyses.  Until `done` the database is not touched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "codec.h"
#include "replay.h"

#include "recorder_int.h"

/* ------------------------------------------------------------- writing */

static void no_finding(void *ctx, const StoreRow *row, const ReplayFinding *finding) {
  (void)ctx, (void)row, (void)finding;
}

/* Says why a later hand refuses the one re-entered (diag holds it). */
static int later_refuses(int n, int redo, PnDiag *diag) {
  char why[160];
  snprintf(why, sizeof why, "%.*s", (int)sizeof why - 1, diag->msg);
  snprintf(diag->msg, sizeof diag->msg, "hand %d does not play after hand %d as re-entered: %s", n, redo, why);
  return PN_ERR_INPUT; /* the hand typed, not the database, is what the later hands refuse */
}

/* Replaces hand r->redo by r->events in one transaction: every hand is
 * replayed for its results (the later ones take the new standing), hand
 * N's row is replaced, the later hands' results and the game's end
 * updated.  Refused, with nothing changed, when a later hand no longer
 * plays (PN_ERR_INPUT); PN_ERR_IO when out of memory or the store fails. */
static int redo_write(Recorder *r, PnDiag *diag) {
  uint8_t *mine = malloc((size_t)r->nevents * CODEC_MAX_EVENT);
  PnGame *g = malloc(sizeof *g);
  int rc = PN_ERR_IO; /* out of memory or a store failure, unless said below */
  if (!mine || !g) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  size_t mine_len = rec_encode_hand(r, mine);
  pn_game_init(g, &r->game.rules);
  uint64_t hash = r->hash_header;
  if (store_begin(r->store, diag) != STORE_OK) goto done;
  for (int n = 1; n <= r->nstored; n++) {
    StoreRow row = {.game_id = r->game_id, .key = r->key, .preset = r->preset, .hand = n};
    row.events = n == r->redo ? mine : r->stored[n - 1].events;
    row.events_len = n == r->redo ? mine_len : r->stored[n - 1].len;
    CodecResults res;
    if (replay_hand(g, &row, no_finding, NULL, &res, diag) != 0) {
      rc = later_refuses(n, r->redo, diag);
      goto rollback;
    }
    hash = codec_hash(hash, row.events, row.events_len);
    if (n < r->redo) continue; /* the hands before it are as they were */
    uint8_t results[CODEC_MAX_RESULTS];
    size_t rlen = codec_results_encode(&res, results);
    const PnHandResult *hr = &g->hand.result;
    StoreHand hand = {n, g->hand.dealer, row.events, row.events_len, results, rlen, hr->bidder, hr->bid, hr->trump};
    int stored = n == r->redo ? store_hand_replace(r->store, r->game_id, &hand, diag)
                              : store_hand_update_results(r->store, r->game_id, n, results, rlen, diag);
    if (stored != STORE_OK) goto rollback;
  }
  StoreGameEnd end = {g->hands_played, g->over, g->winner, hash, g->winners};
  if (store_game_update_end(r->store, r->game_id, &end, diag) != STORE_OK) goto rollback;
  if (store_commit(r->store, diag) != STORE_OK) goto done;
  rc = 0;
  goto done;
rollback:
  store_rollback(r->store);
done:
  free(mine);
  free(g);
  return rc;
}

/* The hand complete: held until `done`; after it (a score row), written. */
static int redo_commit(Recorder *r, PnDiag *diag) {
  if (!r->redo_written) { /* held until `done` */
    r->committed = true;
    return 0;
  }
  return redo_write(r, diag);
}

static bool redo_final(const Recorder *r) { return r->redo_written; }

static bool redo_unsaved(const Recorder *r) { return !r->redo_written; }

static void redo_say_quit(Recorder *r) { /* --redo keeps no journal: the stored hand stays */
  rec_say(r, "hand %d is not replaced (`done` replaces it): quit, leaving the stored one as it is? (yes/no)\n",
          r->redo);
}

static bool redo_say_end(Recorder *r) {
  if (r->redo_written) return false;
  rec_say(r, "hand %d is not replaced: the stored one stays (`--resume %s --redo %d` enters it again)\n", r->redo,
          r->key, r->redo);
  return true;
}

static bool redo_may_start(Recorder *r) {
  if (!r->committed) return true;
  rec_say(r, "error: --redo enters hand %d alone (its score rows may follow): `done`, then quit\n", r->redo);
  return false;
}

/* --redo N: hand N held until `done`, then replaced in place; no journal
 * (the stored hand stays until then). */
const RecKeep rec_keep_redo = {
    .commit = redo_commit,
    .journal = false,
    .final = redo_final,
    .unsaved = redo_unsaved,
    .say_quit = redo_say_quit,
    .say_end = redo_say_end,
    .may_start = redo_may_start,
};

/* -------------------------------------------------------------- `done` */

/* Does this hand hold a score row already (typed in the redo)? */
static bool has_score_row(const Recorder *r) {
  for (int i = 0; i < r->nevents; i++)
    if (r->events[i].action == PN_EV_SCORE) return true;
  return false;
}

RecResult redo_done(Recorder *r, PnDiag *diag) {
  if (!r->redo) {
    rec_say(r, "error: `done` ends `--redo N` (a hand is stored at its last trick)\n");
    return REC_REFUSED;
  }
  if (r->redo_written) {
    rec_say(r, "error: hand %d is replaced already: quit\n", r->redo);
    return REC_REFUSED;
  }
  RecResult rc = REC_STORED;
  if (rec_in_table(r)) rc = table_finish(r, diag);
  else if (!r->committed) {
    rec_say(r, "error: hand %d is not complete: its last trick is not in\n", r->redo);
    rc = REC_REFUSED;
  }
  if (rc != REC_STORED) return rc;
  bool scores = !has_score_row(r); /* the stored claims, unless others were typed */
  for (int i = 0; scores && i < r->nredo_scores; i++)
    if ((rc = rec_record_event(r, &r->redo_scores[i], true, diag)) != REC_STORED) return rc == REC_FAILED ? rc : REC_REFUSED;
  r->redo_written = true;
  int written = redo_write(r, diag);
  if (written == PN_ERR_INPUT) { /* a later hand refuses it: say so, the hand stays held */
    r->redo_written = false;
    rec_say(r, "error: %s; nothing is changed\n", diag->msg);
    return REC_REFUSED;
  }
  if (written != 0) return REC_FAILED;
  r->redo_hold = false;
  rec_say(r, "hand %d of %s replaced (the game, its other hands and their findings and analyses kept)\n", r->redo,
          r->key);
  return REC_STORED;
}

/* ------------------------------------------------------------- prefill */

/* The text of one row as typed: "SEAT ACTION CARD... VALUE". */
static void row_text(const PnEvent *ev, char *out, size_t size) {
  size_t at = 0;
  char two[3], value[64];
  if (ev->seat > 0) at += (size_t)snprintf(out + at, size - at, "%d ", ev->seat);
  at += (size_t)snprintf(out + at, size - at, "%s", pn_action_name(ev->action));
  for (int i = 0; i < ev->ncards && at < size; i++)
    at += (size_t)snprintf(out + at, size - at, " %s", pn_card_str(ev->cards[i], two));
  codec_value_text(ev, value, sizeof value);
  if (*value && at < size) snprintf(out + at, size - at, " %s", value);
}

/* The lines of a stored hand, as the scorekeeper types them, into
 * lines[] (REC_LINE_MAX each, MAX_HAND_EVENTS at most); its score rows
 * into r->redo_scores.  In table order no deal or stock rows; plays a
 * trick a line, from whoever's turn it is.  Returns how many lines. */
static int hand_lines(Recorder *r, const PnEvent *evs, int nevs, bool table, char (*lines)[REC_LINE_MAX]) {
  int n = 0, plays = 0, players = r->game.rules.players;
  bool open = false; /* lines[n - 1] is a trick still taking cards */
  for (int i = 0; i < nevs; i++) {
    const PnEvent *ev = &evs[i];
    char two[3];
    if (ev->action == PN_EV_DEALER) continue; /* the hand's dealer is r->next_dealer */
    if (table && (ev->action == PN_EV_DEAL || ev->action == PN_EV_STOCK)) continue;
    if (ev->action == PN_EV_SCORE && r->nredo_scores < (int)(sizeof r->redo_scores / sizeof r->redo_scores[0])) {
      r->redo_scores[r->nredo_scores++] = *ev;
      continue;
    }
    if (ev->action != PN_EV_PLAY) {
      open = false;
      if (n < MAX_HAND_EVENTS) row_text(ev, lines[n++], REC_LINE_MAX);
      continue;
    }
    if (!open && n < MAX_HAND_EVENTS) lines[n++][0] = 0;
    size_t len = strlen(lines[n - 1]);
    snprintf(lines[n - 1] + len, REC_LINE_MAX - len, "%s%s", len ? " " : "", pn_card_str(ev->cards[0], two));
    open = ++plays % players != 0;
  }
  return n;
}

/* Decodes stored hand N into evs[] (MAX_HAND_EVENTS); returns how many,
 * -1 when its bytes do not decode. */
static int stored_events(const Recorder *r, PnEvent *evs) {
  const struct RedoHand *h = &r->stored[r->redo - 1];
  CodecEvents it = {h->events, h->len, 0};
  int n = 0, got = 0;
  char value[64];
  while (n < MAX_HAND_EVENTS && (got = codec_events_next(&it, &evs[n], value, sizeof value)) == 1)
    n++;
  return got < 0 ? -1 : n;
}

/* Was the hand played (a play row), so that table order can work its
 * deal out? */
static bool was_played(const PnEvent *evs, int n) {
  for (int i = 0; i < n; i++)
    if (evs[i].action == PN_EV_PLAY) return true;
  return false;
}

int redo_prefill(Recorder *r, PnDiag *diag) {
  PnEvent *evs = malloc(sizeof(PnEvent) * MAX_HAND_EVENTS);
  char (*lines)[REC_LINE_MAX] = malloc(sizeof(char[REC_LINE_MAX]) * MAX_HAND_EVENTS);
  int rc = PN_ERR_IO;
  if (!evs || !lines) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  int nevs = stored_events(r, evs);
  if (nevs < 0) {
    snprintf(diag->msg, sizeof diag->msg, "hand %d of %s does not decode", r->redo, r->key);
    rc = PN_ERR_CORRUPT;
    goto done;
  }
  int n = hand_lines(r, evs, nevs, table_possible(r) && was_played(evs, nevs), lines);
  bool yes = r->auto_yes;
  r->auto_yes = true; /* its reneges were confirmed when it was stored */
  r->journal_off = true;
  r->redo_hold = true;
  char bad[REC_LINE_MAX + 200] = "";
  rc = 0;
  for (int i = 0; i < n && rc == 0; i++) {
    RecResult got = rec_line(r, lines[i], diag);
    if (got == REC_FAILED) rc = PN_ERR_IO;
    else if (got != REC_ACCEPTED && got != REC_STORED && !*bad) {
      snprintf(bad, sizeof bad, "`%s`: %s", lines[i], rec_text(r));
      bad[strcspn(bad, "\n")] = 0;
    }
  }
  r->auto_yes = yes;
  r->journal_off = false;
  r->text_len = 0;
  if (r->text) r->text[0] = 0;
  if (rc != 0) goto done;
  rec_say(r, "hand %d as stored, typed in: correct it with edit N LINE, insert N LINE, delete N or undo, then "
             "`done` replaces it (quit leaves it as it is)\n", r->redo);
  if (*bad) rec_say(r, "warning: a stored line does not fit and is left out: %s\n", bad);
  rec_show_lines(r);
done:
  free(evs);
  free(lines);
  return rc;
}

/* ------------------------------------------------------- for programs */

/* Back to the start of hand N, none of its lines typed (its dealer kept). */
static void hand_clear(Recorder *r) {
  if (r->nevents > 0) r->next_dealer = r->events[0].seat;
  r->game = r->hand_start;
  r->nevents = 0;
  r->committed = false;
  r->stock_event = -1;
  r->stock_known = 0;
  r->mode = &rec_deal_first;
  r->ntyped = 0;
  r->lines = 0;
  r->voids_waived = 0;
  r->question = REC_ASK_NONE;
}

bool rec_is_command(const char *line) {
  static const char *const WORDS[] = {"undo", "lines", "edit", "insert", "delete", "done", "status", "help", "quit", "exit"};
  line += strspn(line, " \t");
  size_t n = strcspn(line, " \t");
  for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
    if (n == strlen(WORDS[i]) && strncasecmp(line, WORDS[i], n) == 0) return true;
  return false;
}

int rec_redo_hand(Store *store, const char *key, int hand, const char *const *lines, int nlines, PnDiag *diag) {
  Recorder *r = NULL;
  int rc = rec_resume(store, key, hand, 0, true, &r, diag);
  if (rc != 0) return rc;
  hand_clear(r); /* the stored claims stay, put back at `done` unless score rows are typed */
  for (int i = 0; i < nlines && rc == 0; i++) {
    bool command = rec_is_command(lines[i]); /* `done` mid-list would store the hand early */
    RecResult got = command ? REC_REFUSED : rec_line(r, lines[i], diag);
    if (got == REC_FAILED) rc = PN_ERR_IO;
    else if (got == REC_REFUSED || got == REC_PENDING || got == REC_QUIT) {
      snprintf(diag->msg, sizeof diag->msg, "line %d (%.40s): %.100s", i + 1, lines[i],
               command ? "a recorder command, not a line of the hand" : rec_text(r));
      diag->msg[strcspn(diag->msg, "\n")] = 0;
      diag->line = i + 1;
      rc = PN_ERR_INPUT;
    }
  }
  r->text_len = 0; /* only what `done` says */
  if (r->text) r->text[0] = 0;
  RecResult got = rc == 0 ? redo_done(r, diag) : REC_FAILED;
  if (rc == 0 && got == REC_REFUSED) {
    const char *why = rec_text(r);
    if (strncmp(why, "error: ", 7) == 0) why += 7;
    snprintf(diag->msg, sizeof diag->msg, "%.150s", why);
    diag->msg[strcspn(diag->msg, "\n")] = 0;
    rc = PN_ERR_INPUT;
  } else if (rc == 0 && got != REC_STORED) rc = PN_ERR_IO;
  rec_free(r);
  return rc;
}

int rec_hand_lines(Store *store, const char *key, int hand, char **text, PnDiag *diag) {
  Recorder *r = NULL;
  *text = NULL;
  int rc = rec_resume(store, key, hand, 0, true, &r, diag);
  if (rc != 0) return rc;
  size_t cap = (size_t)(r->lines + 1) * (REC_LINE_MAX + 1), at = 0;
  char *out = malloc(cap);
  if (!out) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rec_free(r);
    return PN_ERR_IO;
  }
  out[0] = 0;
  for (int n = 1; n <= r->lines; n++) at += (size_t)snprintf(out + at, cap - at, "%s\n", r->line_text[n]);
  rec_free(r);
  *text = out;
  return 0;
}
