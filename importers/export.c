/*
 * export.c - stored games to the event log (export.h).
 */
#include "export.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "csv_reader.h"
#include "writer.h"

int export_row(FILE *out, const char *const field[7]) {
  out_csv_row(out, CSV_READER_FIELDS, field); /* the writer's quoting rule: one home */
  return ferror(out) ? EXPORT_WRITE : 0;
}

int export_header(FILE *out) { return export_row(out, csv_reader_columns); }

static int fail(PnDiag *diag, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int fail(PnDiag *diag, int rc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag->file = NULL;
  diag->line = 0;
  diag->col = 0;
  vsnprintf(diag->msg, sizeof diag->msg, fmt, ap);
  va_end(ap);
  return rc;
}

int export_writer_game(ExportWriter *w, FILE *out, const char *key) {
  size_t len = strlen(key);
  char *prefix = malloc(2 * len + 4); /* every byte a doubled quote, two quotes, the comma, NUL */
  if (!prefix) return PN_ERR_IO;
  char *p = prefix;
  if (out_csv_needs_quotes(key, true)) { /* the first field: a leading '#' is quoted too */
    *p++ = '"';
    for (const char *c = key; *c; c++) {
      if (*c == '"') *p++ = '"';
      *p++ = *c;
    }
    *p++ = '"';
  } else {
    memcpy(p, key, len);
    p += len;
  }
  *p++ = ',';
  *p = '\0';
  free(w->prefix);
  *w = (ExportWriter){.out = out, .prefix = prefix, .prefix_len = (size_t)(p - prefix)};
  return 0;
}

void export_writer_hand(ExportWriter *w, int hand) {
  w->hand = hand;
  w->seq = 0;
}

void export_writer_end(ExportWriter *w) {
  free(w->prefix);
  w->prefix = NULL;
}

static char *put_int(char *p, long v) {
  char digits[24];
  int n = 0;
  bool negative = v < 0;
  unsigned long u = negative ? 0UL - (unsigned long)v : (unsigned long)v;
  do digits[n++] = (char)('0' + u % 10);
  while ((u /= 10) > 0);
  if (negative) *p++ = '-';
  while (n) *p++ = digits[--n];
  return p;
}

int export_writer_row(ExportWriter *w, int seat, const char *action, const PnCard *cards, int ncards,
                      const char *value) {
  char line[384 + PN_MAX_EVENT_CARDS * 3]; /* a short key, numbers, an action name and the cards */
  char *p = line;
  if (w->prefix_len <= 256) { /* one fwrite a row: the simulator writes tens of millions */
    memcpy(p, w->prefix, w->prefix_len);
    p += w->prefix_len;
  } else {
    fwrite(w->prefix, 1, w->prefix_len, w->out);
  }
  p = put_int(p, w->hand);
  *p++ = ',';
  p = put_int(p, ++w->seq);
  *p++ = ',';
  if (seat) p = put_int(p, seat);
  *p++ = ',';
  size_t alen = strlen(action);
  memcpy(p, action, alen);
  p += alen;
  *p++ = ',';
  for (int i = 0; i < ncards && i < PN_MAX_EVENT_CARDS; i++) {
    char two[3];
    if (i) *p++ = ' ';
    pn_card_str(cards[i], two);
    *p++ = two[0];
    *p++ = two[1];
  }
  fwrite(line, 1, (size_t)(p - line), w->out);
  if (value && out_csv_needs_quotes(value, false)) {
    out_csv_field(w->out, value, false); /* the comma, then the field quoted */
  } else {
    fputc(',', w->out);
    if (value) fputs(value, w->out);
  }
  fputc('\n', w->out);
  return ferror(w->out) ? EXPORT_WRITE : 0;
}

int export_writer_event(ExportWriter *w, const PnEvent *ev) {
  char value[64];
  return export_writer_row(w, ev->seat, pn_action_name(ev->action), ev->cards, ev->ncards,
                           codec_value_text(ev, value, sizeof value));
}

/* One row per stored option or tag (a multi-line tag is one entry). */
static int header_lines(ExportWriter *w, const char *action, const char *const *lines, int n) {
  for (int i = 0; i < n; i++)
    if (export_writer_row(w, 0, action, NULL, 0, lines[i]) != 0) return EXPORT_WRITE;
  return 0;
}

static int write_game_header(ExportWriter *w, const StoreRow *row) {
  if (export_writer_row(w, 0, "variant", NULL, 0, row->preset) != 0) return EXPORT_WRITE;
  if (header_lines(w, "option", row->options, row->noptions) != 0) return EXPORT_WRITE;
  for (int s = 1; s <= row->nplayers; s++)
    if (export_writer_row(w, s, "player", NULL, 0, row->players[s - 1] ? row->players[s - 1] : "") != 0) return EXPORT_WRITE;
  return header_lines(w, "tag", row->tags, row->ntags);
}

/* A hand's rows on w (its game started). */
static long hand_rows(ExportWriter *w, int hand, int dix_rank, const uint8_t *events, size_t len) {
  char value[64];
  CodecEvents it = {events, len, 0};
  int trump = -1; /* the first turn-up's suit: the only presets with a dix turn trump up */
  export_writer_hand(w, hand);
  PnEvent ev;
  int got;
  while ((got = codec_events_next(&it, &ev, value, sizeof value)) == 1) {
    if (ev.action == PN_EV_TURNUP && ev.ncards == 1 && trump < 0) trump = PN_SUIT(ev.cards[0]);
    if (ev.action == PN_EV_DIX && ev.ncards == 0 && trump >= 0 && dix_rank >= 0) {
      ev.cards[0] = (PnCard)PN_CARD(trump, dix_rank); /* written logs carry the dix card */
      ev.ncards = 1;
    }
    if (export_writer_row(w, ev.seat, pn_action_name(ev.action), ev.cards, ev.ncards, value) != 0) return EXPORT_WRITE;
  }
  return got < 0 ? EXPORT_CORRUPT : w->seq;
}

long export_hand_rows(FILE *out, const char *key, int hand, int dix_rank, const uint8_t *events, size_t len) {
  ExportWriter w = {0};
  if (export_writer_game(&w, out, key) != 0) return EXPORT_WRITE;
  long rows = hand_rows(&w, hand, dix_rank, events, len);
  export_writer_end(&w);
  return rows;
}

/* What export checks of a game it writes: that it reads back as it was
 * stored (store_row_text_check, and the stored content hash). */
typedef struct GameCheck {
  char key[128];               /* the game's key, shown safely (codec_text_shown) */
  uint64_t hash, stored;       /* the content hash as read back, and as stored (0: none yet) */
  bool open;                   /* a game is being written */
} GameCheck;

/* A game's first row into *gc; EXPORT_CORRUPT (naming the game) when its
 * text is not what a way into the store writes, else 0 or < 0. */
static int game_check_start(Store *store, GameCheck *gc, const StoreRow *row, PnDiag *diag) {
  char why[320];
  int64_t id;
  *gc = (GameCheck){.open = true};
  codec_text_shown(row->key, strlen(row->key), gc->key, sizeof gc->key);
  if (store_row_text_check(row, why, sizeof why) != 0)
    return fail(diag, EXPORT_CORRUPT, "game '%s': the stored text does not read back: %.200s", gc->key, why);
  gc->hash = store_row_hash_header(row);
  int found = store_game_lookup(store, row->key, &id, &gc->stored, diag);
  return found < 0 ? EXPORT_STORE : 0;
}

/* The end of a game: EXPORT_CORRUPT (naming it) when what was written
 * does not hash to the stored content hash, else 0. */
static int game_check_end(GameCheck *gc, PnDiag *diag) {
  bool open = gc->open;
  gc->open = false;
  if (!open || gc->stored == 0 || gc->hash == gc->stored) return 0;
  return fail(diag, EXPORT_CORRUPT,
              "game '%s': the stored header and events do not match its stored content hash (%016llx, read back "
              "%016llx): the database is damaged (pinochle check)",
              gc->key, (unsigned long long)gc->stored, (unsigned long long)gc->hash);
}

int export_games(Store *store, const ExportOptions *opts, FILE *out, ExportStats *stats, PnDiag *diag) {
  StoreCursor *cursor = NULL;
  ExportWriter w = {0};
  int rc = 0;
  for (int i = 0; i < opts->nkeys; i++) {
    int64_t id;
    uint64_t hash;
    int found = store_game_lookup(store, opts->keys[i], &id, &hash, diag);
    if (found < 0) return EXPORT_STORE;
    if (found == 0) return fail(diag, EXPORT_NOT_FOUND, "no game '%.100s' in the database", opts->keys[i]);
  }
  StoreFilter filter = {.nkeys = opts->nkeys, .keys = opts->keys};
  if (store_cursor_open(store, &filter, &cursor, diag) != 0) return EXPORT_STORE;
  if (export_header(out) != 0) {
    rc = fail(diag, EXPORT_WRITE, "write error");
    goto done;
  }
  StoreRow row;
  int got;
  int dix_rank = -1; /* of the game being written */
  GameCheck gc = {0};
  while ((got = store_cursor_next(cursor, &row, diag)) == 1) {
    if (row.new_game) {
      if ((rc = game_check_end(&gc, diag)) != 0 || (rc = game_check_start(store, &gc, &row, diag)) != 0) goto done;
      PnRules rules;
      dix_rank = pn_rules_preset(&rules, row.preset) == 0 ? pn_dix_rank(rules.deck) : -1;
      if (export_writer_game(&w, out, row.key) != 0 || write_game_header(&w, &row) != 0) {
        rc = fail(diag, EXPORT_WRITE, "write error");
        goto done;
      }
      stats->games++;
    }
    if (row.hand == 0) continue;
    gc.hash = codec_hash(gc.hash, row.events, row.events_len);
    long rows = hand_rows(&w, row.hand, dix_rank, row.events, row.events_len);
    if (rows == EXPORT_CORRUPT) {
      rc = fail(diag, EXPORT_CORRUPT, "game '%s' hand %d: the stored events do not decode", gc.key, row.hand);
      goto done;
    }
    if (rows < 0) {
      rc = fail(diag, EXPORT_WRITE, "write error");
      goto done;
    }
    stats->hands++;
    stats->rows += rows;
  }
  if (got < 0) rc = EXPORT_STORE;
  else rc = game_check_end(&gc, diag);
done:
  export_writer_end(&w);
  store_cursor_close(cursor);
  return rc;
}
