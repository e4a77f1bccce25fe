/*
 * fuzz_notation.c - libFuzzer harness for the text and byte parsers under
 * the importer and the store: cards (pn_card_parse, pn_cards_parse),
 * suits, actions, melds and presets by name, event rows
 * (pn_event_from_text), rule options (pn_rules_set_option, pn_rules_set),
 * and the stored-hand codec (codec_event_decode, codec_results_decode),
 * which reads whatever bytes a damaged database holds.
 *
 * The first byte chooses the parser; the rest is its input.  Each checks
 * what it can besides "no crash":
 *   0  pn_card_parse: bytes used <= length; a card parsed prints and
 *      parses back to itself
 *   1  pn_cards_parse: count <= max (max from the second byte), a bad
 *      offset inside the text, cards in 0..31
 *   2  pn_suit_parse, pn_action_parse, pn_meld_parse, pn_rules_preset on
 *      the text (NUL-terminated copy): results in range, names round-trip
 *   3  pn_event_from_text (action, seat, then "cards|value"): on success
 *      the event encodes and decodes (codec) to the same event; on
 *      failure a column 6 or 7 and a message
 *   4  pn_rules_set_option on a preset, one option per line: a refused
 *      option leaves the rules untouched; afterwards every parameter's
 *      printed value sets back to the same rules
 *   5  codec_event_decode over raw bytes, record after record: a decoded
 *      event re-encodes to the same bytes; the bytes as a stored blob
 *      (codec_events_unpack, packed or not): within CODEC_UNPACKED_MAX,
 *      and what unpacks packs and unpacks back to itself; the bytes
 *      packed (codec_events_pack): at most one byte longer, and unpacked
 *      back to themselves whenever they were packed
 *   6  codec_results_decode over raw bytes: decoded results re-encode and
 *      decode to the same results
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "pinochle.h"

static void fail(const char *what) {
  fprintf(stderr, "fuzz_notation: invariant broken: %s\n", what);
  abort();
}

/* A NUL-terminated copy of data[0..size); caller frees. */
static char *text_of(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (!s) abort();
  if (size) memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

static void card_parse(const uint8_t *data, size_t size) {
  PnCard card = PN_NO_CARD;
  size_t used = pn_card_parse((const char *)data, size, &card);
  if (used > size) fail("pn_card_parse used more than it was given");
  if (used == 0) return;
  if (card >= PN_CARD_KINDS) fail("pn_card_parse gave a card out of range");
  char two[3];
  PnCard again = PN_NO_CARD;
  if (pn_card_parse(pn_card_str(card, two), 2, &again) != 2 || again != card)
    fail("a card's canonical form does not parse back to it");
}

static void cards_parse(const uint8_t *data, size_t size) {
  if (size < 1) return;
  int max = data[0] % (PN_MAX_EVENT_CARDS + 1);
  PnCard *cards = malloc((size_t)(max ? max : 1) * sizeof *cards); /* exact size: ASan sees overruns */
  if (!cards) abort();
  size_t bad = (size_t)-1;
  int n = pn_cards_parse((const char *)data + 1, size - 1, cards, max, &bad);
  if (n > max || n < -2) fail("pn_cards_parse count out of range");
  if (n == -1 && bad >= size - 1) fail("pn_cards_parse bad offset outside the text");
  for (int i = 0; i < n; i++)
    if (cards[i] >= PN_CARD_KINDS) fail("pn_cards_parse card out of range");
  free(cards);
}

static void names(const uint8_t *data, size_t size) {
  char *s = text_of(data, size);
  int suit = pn_suit_parse(s);
  if (suit < -1 || suit >= PN_SUITS) fail("pn_suit_parse out of range");
  if (suit >= 0) {
    char letter[2] = {pn_suit_char(suit), '\0'};
    if (pn_suit_parse(letter) != suit) fail("a suit letter does not parse back");
  }
  int action = pn_action_parse(s);
  if (action < -1 || action >= PN_EV_KINDS) fail("pn_action_parse out of range");
  if (action >= 0 && pn_action_parse(pn_action_name((PnAction)action)) != action)
    fail("an action name does not parse back");
  int meld = pn_meld_parse(s);
  if (meld < -1 || meld >= PN_MELD_KINDS) fail("pn_meld_parse out of range");
  if (meld >= 0 && pn_meld_parse(pn_meld_name((PnMeldKind)meld)) != meld) fail("a meld name does not parse back");
  PnRules rules;
  if (pn_rules_preset(&rules, s) == 0 && strcmp(rules.preset, s) != 0) fail("a preset is not its own name");
  free(s);
}

static bool same_event(const PnEvent *a, const PnEvent *b) {
  if (a->action != b->action || a->seat != b->seat || a->ncards != b->ncards || a->has_value != b->has_value ||
      a->suit != b->suit || a->meld != b->meld || a->dix != b->dix)
    return false;
  if (a->has_value && a->value != b->value) return false;
  return memcmp(a->cards, b->cards, (size_t)a->ncards) == 0;
}

static void event_text(const uint8_t *data, size_t size) {
  if (size < 2) return;
  PnAction action = (PnAction)(data[0] % PN_EV_KINDS);
  int seat = data[1] % 8;
  char *s = text_of(data + 2, size - 2);
  char *bar = strchr(s, '|');
  const char *value = "";
  if (bar) {
    *bar = '\0';
    value = bar + 1;
  }
  PnEvent ev;
  int col = -1;
  char err[160];
  err[0] = '\0';
  if (pn_event_from_text(action, seat, s, value, &ev, &col, err, sizeof err) != 0) {
    if (col != 6 && col != 7) fail("pn_event_from_text: error column not 6 or 7");
    if (err[0] == '\0' || memchr(err, '\0', sizeof err) == NULL) fail("pn_event_from_text: no message");
    free(s);
    return;
  }
  if (ev.ncards < 0 || ev.ncards > PN_MAX_EVENT_CARDS) fail("event card count out of range");
  for (int i = 0; i < ev.ncards; i++)
    if (ev.cards[i] >= PN_CARD_KINDS) fail("event card out of range");
  /* The codec keeps what the action keeps: compare only those rows the
   * importer accepts (it refuses cards or a value on actions that drop them). */
  uint8_t bytes[CODEC_MAX_EVENT];
  size_t n = codec_event_encode(&ev, bytes);
  if (n == 0 || n > CODEC_MAX_EVENT) fail("codec_event_encode size");
  PnEvent back;
  char vtext[64];
  size_t used = codec_event_decode(bytes, n, &back, vtext, sizeof vtext);
  /* A play keeps one card: the codec writes "no card" for a play without
   * one, which the engine refuses anyway ("play names exactly one card");
   * and no seat is above PN_MAX_SEATS (the importer checks seats). */
  bool storable = (ev.action != PN_EV_PLAY || ev.ncards >= 1) && ev.seat <= PN_MAX_SEATS;
  if (used != n && storable) fail("an accepted event does not decode from its own encoding");
  bool bare = ev.action == PN_EV_DEALER || ev.action == PN_EV_PASS || ev.action == PN_EV_MOON || ev.action == PN_EV_OUT;
  bool kept = bare ? ev.ncards == 0 : ev.action != PN_EV_PLAY || ev.ncards == 1;
  if (kept && storable && !same_event(&ev, &back)) fail("an event the codec keeps whole changed in encode and decode");
  free(s);
}

static void rules_options(const uint8_t *data, size_t size) {
  if (size < 1) return;
  PnRules rules;
  if (pn_rules_preset(&rules, pn_preset_name(data[0] % pn_preset_count())) != 0) fail("preset by index");
  char *s = text_of(data + 1, size - 1);
  char *save = NULL;
  for (char *line = strtok_r(s, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    PnRules trial = rules;
    char err[160];
    err[0] = '\0';
    if (pn_rules_set_option(&trial, line, err, sizeof err) == 0) {
      rules = trial;
    } else {
      if (memcmp(&trial, &rules, sizeof rules) != 0) fail("a refused option changed the rules");
      if (err[0] == '\0') fail("a refused option without a message");
    }
  }
  free(s);
  for (int i = 0; i < pn_param_count(); i++) {
    char value[64], err[160];
    pn_param_value(&rules, i, value, sizeof value);
    PnRules again = rules;
    if (pn_rules_set(&again, pn_param_name(i), value, err, sizeof err) != 0) {
      fprintf(stderr, "fuzz_notation: %s=%s: %s\n", pn_param_name(i), value, err);
      fail("a parameter's printed value is refused");
    }
    if (memcmp(&again, &rules, sizeof rules) != 0) {
      fprintf(stderr, "fuzz_notation: %s=%s\n", pn_param_name(i), value);
      fail("setting a parameter to its printed value changed the rules");
    }
  }
}

/* data[0..size) as stored events: unpacked, and packed. */
static void codec_stored_events(const uint8_t *data, size_t size) {
  size_t cap = CODEC_UNPACKED_MAX(size) + 1, n = 0, m = 0, k = 0;
  uint8_t *out = malloc(cap), *packed = malloc(cap + size + 1), *back = malloc(8 * (cap + size + 1));
  if (!out || !packed || !back) abort();
  int rc = codec_events_unpack(data, size, out, &n);
  if (n > CODEC_UNPACKED_MAX(size)) fail("codec_events_unpack wrote more than CODEC_UNPACKED_MAX");
  if (rc == 0) { /* form-1 bytes: they pack and unpack to themselves */
    m = codec_events_pack(out, n, packed);
    if (m > n + 1) fail("codec_events_pack grew the events by more than a byte");
    if (codec_events_unpack(packed, m, back, &k) != 0 || k != n || (n && memcmp(back, out, n) != 0))
      fail("unpacked events do not survive pack and unpack");
  }
  m = codec_events_pack(data, size, packed);
  if (m > size + 1) fail("codec_events_pack grew the bytes by more than a byte");
  if (codec_events_packed(packed, m) && !codec_events_packed(data, size) &&
      (codec_events_unpack(packed, m, back, &k) != 0 || k != size || memcmp(back, data, size) != 0))
    fail("packed bytes do not unpack to themselves");
  free(out);
  free(packed);
  free(back);
}

static void codec_events(const uint8_t *data, size_t size) {
  codec_stored_events(data, size);
  size_t at = 0;
  while (at < size) {
    PnEvent ev;
    char value[64];
    size_t used = codec_event_decode(data + at, size - at, &ev, value, sizeof value);
    if (used == 0) return;
    if (used > size - at) fail("codec_event_decode used more than it was given");
    if (ev.ncards < 0 || ev.ncards > PN_MAX_EVENT_CARDS || ev.seat < 0 || ev.seat > PN_MAX_SEATS)
      fail("decoded event out of range");
    uint8_t bytes[CODEC_MAX_EVENT];
    size_t n = codec_event_encode(&ev, bytes);
    PnEvent again;
    if (codec_event_decode(bytes, n, &again, NULL, 0) != n || !same_event(&ev, &again))
      fail("a decoded event does not survive encode and decode");
    at += used;
  }
}

static void codec_results(const uint8_t *data, size_t size) {
  CodecResults res;
  if (codec_results_decode(data, size, &res) != 0) return;
  if (res.players < 0 || res.players > PN_MAX_SEATS || res.ntricks < 0 || res.ntricks > CODEC_MAX_TRICKS)
    fail("decoded results out of range");
  uint8_t bytes[CODEC_MAX_RESULTS];
  size_t n = codec_results_encode(&res, bytes);
  if (n == 0 || n > CODEC_MAX_RESULTS) fail("codec_results_encode size");
  CodecResults again;
  if (codec_results_decode(bytes, n, &again) != 0) fail("re-encoded results do not decode");
  uint8_t bytes2[CODEC_MAX_RESULTS];
  size_t n2 = codec_results_encode(&again, bytes2);
  if (n2 != n || memcmp(bytes, bytes2, n) != 0) fail("results do not survive encode and decode");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  const uint8_t *rest = data + 1;
  size_t n = size - 1;
  switch (data[0] % 7) {
  case 0: card_parse(rest, n); break;
  case 1: cards_parse(rest, n); break;
  case 2: names(rest, n); break;
  case 3: event_text(rest, n); break;
  case 4: rules_options(rest, n); break;
  case 5: codec_events(rest, n); break;
  default: codec_results(rest, n); break;
  }
  return 0;
}
