/*
 * recorder_words.c - cards typed without spaces ("ASASKSJS") spread out
 * into one word a card before a line is read.  Split from recorder.c.
 */
#define _POSIX_C_SOURCE 200809L /* strncasecmp */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "recorder_int.h"

/* The length of the card at the start of text[0..len) when more follows
 * it directly ("AS" of "ASKS", "10H" of "10H9H", "Q♠" of "Q♠K♠"), else 0. */
static size_t card_run_head(const char *text, size_t len) {
  PnCard card;
  for (size_t k = 2; k <= 5 && k <= len; k++) /* "AS" .. "10♠" */
    if (pn_card_parse(text, k, &card) == k) return k;
  return 0;
}

/* Does `word` (len bytes) hold two or more cards run together, and is it
 * not a player's name (a name may spell cards: "Adah")? */
static bool is_card_run(const Recorder *r, const char *word, size_t len) {
  PnCard card;
  if (pn_card_parse(word, len, &card) == len) return false; /* one card */
  for (int s = 0; s < r->game.rules.players; s++)
    if (r->players[s] && strlen(r->players[s]) == len && strncasecmp(r->players[s], word, len) == 0) return false;
  size_t at = 0;
  while (at < len) {
    size_t k = card_run_head(word + at, len - at);
    if (k == 0) return false;
    at += k;
  }
  return true;
}

/* A copy of line in which cards typed without spaces ("ASASKSJS", a
 * trick in eight keystrokes) are spread out, one word a card; caller frees. */
char *spread_card_runs(const Recorder *r, const char *line) {
  size_t len = strlen(line);
  char *out = malloc(len + len / 2 + 1); /* at most one space per two bytes */
  if (!out) return NULL;
  size_t o = 0;
  for (size_t i = 0; i < len;) {
    size_t w = strcspn(line + i, " \t\r\n");
    if (w > 0 && is_card_run(r, line + i, w)) {
      for (size_t at = 0; at < w;) {
        size_t k = card_run_head(line + i + at, w - at);
        if (at) out[o++] = ' ';
        memcpy(out + o, line + i + at, k);
        o += k;
        at += k;
      }
    } else {
      memcpy(out + o, line + i, w);
      o += w;
    }
    i += w;
    if (i < len) out[o++] = line[i++];
  }
  out[o] = '\0';
  return out;
}
