/*
 * export.c - stored games to the event log (export.h).
 */
#include "export.h"

#include <stdarg.h>
#include <string.h>

#include "codec.h"
#include "csv_reader.h"
#include "writer.h"

int export_row(FILE *out, const char *const field[7]) {
  out_csv_row(out, CSV_READER_FIELDS, field); /* the writer's quoting rule: one home */
  return ferror(out) ? -1 : 0;
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

/* A header row: hand 0, seq, seat ("" none), action, value. */
static int header_row(FILE *out, const char *key, int seq, int seat, const char *action, const char *value) {
  char seq_text[16], seat_text[16] = "";
  snprintf(seq_text, sizeof seq_text, "%d", seq);
  if (seat) snprintf(seat_text, sizeof seat_text, "%d", seat);
  const char *field[7] = {key, "0", seq_text, seat_text, action, "", value};
  return export_row(out, field);
}

/* One row per entry of a stored options or tags column (store_lines_next:
 * a multi-line tag comes back whole); advances *seq. */
static int header_lines(FILE *out, const char *key, int *seq, const char *action, const char *lines) {
  char buf[CSV_READER_MAX_FIELD + 1];
  const char *at = lines;
  while (store_lines_next(&at, buf, sizeof buf))
    if (header_row(out, key, ++*seq, 0, action, buf) != 0) return -1;
  return 0;
}

static int write_game_header(FILE *out, const StoreRow *row) {
  int seq = 0;
  if (header_row(out, row->key, ++seq, 0, "variant", row->preset) != 0) return -1;
  if (header_lines(out, row->key, &seq, "option", row->options) != 0) return -1;
  for (int s = 1; s <= row->nplayers; s++)
    if (header_row(out, row->key, ++seq, s, "player", row->players[s - 1] ? row->players[s - 1] : "") != 0)
      return -1;
  return header_lines(out, row->key, &seq, "tag", row->tags);
}

long export_hand_rows(FILE *out, const char *key, int hand, int dix_rank, const uint8_t *events, size_t len) {
  char hand_text[24], seq_text[24], seat_text[24], value[64];
  char cards[PN_MAX_EVENT_CARDS * 3 + 1];
  snprintf(hand_text, sizeof hand_text, "%d", hand);
  size_t at = 0;
  long seq = 0;
  int trump = -1; /* the first turn-up's suit: the only presets with a dix turn trump up */
  while (at < len) {
    PnEvent ev;
    size_t used = codec_event_decode(events + at, len - at, &ev, value, sizeof value);
    if (used == 0) return EXPORT_CORRUPT;
    at += used;
    if (ev.action == PN_EV_TURNUP && ev.ncards == 1 && trump < 0) trump = PN_SUIT(ev.cards[0]);
    if (ev.action == PN_EV_DIX && ev.ncards == 0 && trump >= 0 && dix_rank >= 0) {
      ev.cards[0] = (PnCard)PN_CARD(trump, dix_rank); /* written logs carry the dix card */
      ev.ncards = 1;
    }
    snprintf(seq_text, sizeof seq_text, "%ld", ++seq);
    seat_text[0] = '\0';
    if (ev.seat) snprintf(seat_text, sizeof seat_text, "%d", ev.seat);
    size_t c = 0;
    cards[0] = '\0';
    for (int i = 0; i < ev.ncards; i++) {
      char two[3];
      pn_card_str(ev.cards[i], two);
      if (i) cards[c++] = ' ';
      cards[c++] = two[0];
      cards[c++] = two[1];
      cards[c] = '\0';
    }
    const char *field[7] = {key, hand_text, seq_text, seat_text, pn_action_name(ev.action), cards, value};
    if (export_row(out, field) != 0) return EXPORT_WRITE;
  }
  return seq;
}

int export_games(Store *store, const ExportOptions *opts, FILE *out, ExportStats *stats, PnDiag *diag) {
  StoreCursor *cursor = NULL;
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
  while ((got = store_cursor_next(cursor, &row, diag)) == 1) {
    if (row.new_game) {
      PnRules rules;
      dix_rank = pn_rules_preset(&rules, row.preset) == 0 ? pn_dix_rank(rules.deck) : -1;
      if (write_game_header(out, &row) != 0) {
        rc = fail(diag, EXPORT_WRITE, "write error");
        goto done;
      }
      stats->games++;
    }
    if (row.hand == 0) continue;
    long rows = export_hand_rows(out, row.key, row.hand, dix_rank, row.events, row.events_len);
    if (rows == EXPORT_CORRUPT) {
      rc = fail(diag, EXPORT_CORRUPT, "game '%.100s' hand %d: the stored events do not decode", row.key,
                row.hand);
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
done:
  store_cursor_close(cursor);
  return rc;
}
