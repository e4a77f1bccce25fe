/*
 * store_copy.c - a whole database copied into another, whatever their
 * backends, and verified by reading the copy back (store.h: store_copy).
 * The games' content hashes are the codec's (codec_game_hash_header via
 * store_row_hash_header, then codec_hash over each hand's events): the
 * one definition the importer and the recorder store.
 */
#include "store_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"

/* The game being walked. */
typedef struct CopyGame {
  int64_t dst_id;              /* its id in the copy (dst only) */
  uint64_t hash;               /* its content hash so far */
  uint64_t stored;             /* the hash stored with it in the walked database (0: none) */
  StoreGameEnd end;            /* how it ends, for the copy */
  bool open;                   /* a game is being walked */
} CopyGame;

/* The walked game is over: its hash into the sums, checked against the
 * stored one, and its end into the copy.  Returns STORE_OK or a code. */
static int game_end(Store *dst, CopyGame *g, const char *key, StoreCopySums *sums, PnDiag *diag) {
  if (!g->open) return STORE_OK;
  g->open = false;
  sums->hash = codec_hash(sums->hash, &g->hash, sizeof g->hash);
  if (g->stored != 0 && g->hash != g->stored) {
    char shown[128];
    store_set_msg(diag, "game '%s' reads back to content hash %016llx, stored %016llx: the database is damaged "
                        "(pinochle check)",
                  codec_text_shown(key, strlen(key), shown, sizeof shown), (unsigned long long)g->hash,
                  (unsigned long long)g->stored);
    return STORE_CORRUPT;
  }
  return dst ? store_game_update_end(dst, g->dst_id, &g->end, diag) : STORE_OK;
}

/* A game's first row: its header hashed, and copied into dst (when not
 * NULL). */
static int game_start(Store *db, Store *dst, const StoreRow *row, CopyGame *g, PnDiag *diag) {
  int64_t src_id = 0;
  *g = (CopyGame){.open = true, .end = {.finished = row->finished, .winner = row->winner, .winners = row->winners},
                  .hash = store_row_hash_header(row)};
  int found = store_game_lookup(db, row->key, &src_id, &g->stored, diag);
  if (found <= 0) return found < 0 ? found : STORE_CORRUPT;
  g->end.hash = g->stored;
  if (!dst) return STORE_OK;
  StoreGame header = {.key = row->key, .preset = row->preset, .noptions = row->noptions, .options = row->options,
                      .nplayers = row->nplayers, .ntags = row->ntags, .tags = row->tags, .end = NULL};
  for (int i = 0; i < row->nplayers; i++) header.players[i] = row->players[i];
  return store_game_insert(dst, &header, &g->dst_id, diag);
}

/* One hand into dst, its columns from its results. */
static int hand_copy(Store *dst, int64_t dst_id, const StoreRow *row, PnDiag *diag) {
  CodecResults res;
  StoreHand h = {.number = row->hand, .dealer = row->dealer, .events = row->events, .events_len = row->events_len,
                 .results = row->results, .results_len = row->results_len, .trump = -1};
  if (row->results != NULL && codec_results_decode(row->results, row->results_len, &res) == 0) {
    h.bidder = res.result.bidder;
    h.bid = res.result.bid;
    h.trump = res.result.trump;
  }
  return store_hand_insert(dst, dst_id, &h, diag);
}

/* Walks db, every game and hand, copying into dst when dst is not NULL;
 * fills *sums.  Returns STORE_OK or a code with diag. */
static int walk(Store *db, Store *dst, StoreCopySums *sums, PnDiag *diag) {
  StoreCursor *cur = NULL;
  CopyGame g = {0};
  char key[4096] = ""; /* the walked game's key, for a message (row text is borrowed) */
  StoreRow row;
  int rc, got;
  *sums = (StoreCopySums){0};
  if ((rc = store_cursor_open(db, NULL, &cur, diag)) != STORE_OK) return rc;
  while ((got = store_cursor_next(cur, &row, diag)) == 1) {
    if (row.new_game) {
      if ((rc = game_end(dst, &g, key, sums, diag)) != STORE_OK) goto done;
      snprintf(key, sizeof key, "%s", row.key);
      if ((rc = game_start(db, dst, &row, &g, diag)) != STORE_OK) goto done;
      sums->games++;
    }
    if (row.hand == 0) continue;
    sums->hands++;
    g.end.hands++;
    g.hash = codec_hash(g.hash, row.events, row.events_len);
    if (dst && (rc = hand_copy(dst, g.dst_id, &row, diag)) != STORE_OK) goto done;
  }
  rc = got < 0 ? got : game_end(dst, &g, key, sums, diag);
done:
  store_cursor_close(cur);
  return rc;
}

/* Copies every club night of src into dst (store.h, nights); returns how
 * many, or < 0 with diag. */
static int copy_nights(Store *src, Store *dst, PnDiag *diag) {
  char *names = NULL;
  int n = store_night_names(src, &names, diag);
  for (char *name = n > 0 ? names : NULL, *next; name != NULL && n >= 0; name = next) {
    next = strchr(name, '\n');
    if (next) *next++ = '\0';
    StoreNight night;
    char *owned = NULL;
    int got = store_night_get(src, name, &night, &owned, diag);
    if (got == 1 && store_night_insert(dst, &night, diag) != STORE_OK) got = -1;
    if (got < 0) n = got;
    free(owned);
  }
  free(names);
  return n;
}

int store_copy(Store *src, Store *dst, StoreCopySums *from, StoreCopySums *to, PnDiag *diag) {
  StoreCursor *probe = NULL;
  StoreRow row;
  int rc = store_cursor_open(dst, NULL, &probe, diag);
  int any = rc == STORE_OK ? store_cursor_next(probe, &row, diag) : rc;
  store_cursor_close(probe);
  if (any < 0) return any;
  if (any > 0) {
    store_set_msg(diag, "the destination already holds games: copy into an empty database");
    return PN_ERR_CONFLICT;
  }
  if ((rc = store_begin(dst, diag)) != STORE_OK) return rc;
  if ((rc = walk(src, dst, from, diag)) == STORE_OK && (from->nights = copy_nights(src, dst, diag)) < 0)
    rc = from->nights;
  if (rc != STORE_OK) {
    store_rollback(dst);
    return rc;
  }
  if ((rc = store_commit(dst, diag)) != STORE_OK || (rc = walk(dst, NULL, to, diag)) != STORE_OK) return rc;
  char *names = NULL;
  to->nights = store_night_names(dst, &names, diag);
  free(names);
  if (to->nights < 0) return to->nights;
  if (to->nights != from->nights) {
    store_set_msg(diag, "%d club nights copied, %d read back", from->nights, to->nights);
    return STORE_CORRUPT;
  }
  if (from->games != to->games || from->hands != to->hands || from->hash != to->hash) {
    store_set_msg(diag,
                  "the copy differs from the source (%ld games, %ld hands, hash %016llx; read back %ld, %ld, %016llx)",
                  from->games, from->hands, (unsigned long long)from->hash, to->games, to->hands,
                  (unsigned long long)to->hash);
    return STORE_CORRUPT;
  }
  return STORE_OK;
}
