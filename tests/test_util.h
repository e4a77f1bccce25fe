/*
 * test_util.h - helpers the engine's unit tests share (test_dd.c,
 * test_meld.c, test_trick.c): two-letter ASCII cards decoded and printed
 * here, without the engine's parser or printer, so a test of the engine
 * does not depend on the engine to read its own data; and the splitting
 * of the peer-parity log's lines.  Include after
 * <cmocka.h> (fail_msg reports bad test data).  Header only: every
 * function is static inline, so a test that uses one does not warn about
 * the others.
 */
#ifndef PN_TEST_UTIL_H
#define PN_TEST_UTIL_H

#include <stdio.h>
#include <string.h>

#include "pinochle.h"

static const char RANK_CHARS[] = "ATKQJ987"; /* by PnRank */
static const char SUIT_CHARS[] = "SHDC";     /* by PnSuit */

/* The card of two letters, rank then suit ("TH"). */
static inline PnCard card_of(const char *t) {
  const char *r = t[0] ? strchr(RANK_CHARS, t[0]) : NULL;
  const char *s = t[1] ? strchr(SUIT_CHARS, t[1]) : NULL;
  if (r == NULL || s == NULL) fail_msg("test data: bad card \"%.2s\"", t);
  return PN_CARD((int)(s - SUIT_CHARS), (int)(r - RANK_CHARS));
}

/* "AS TH 9C" -> cards in order into out (at most max); returns the count. */
static inline int list_of(const char *text, PnCard *out, int max) {
  int n = 0;
  for (const char *p = text; *p;) {
    if (*p == ' ') {
      p++;
      continue;
    }
    if (n == max) fail_msg("test data: too many cards in \"%s\"", text);
    out[n++] = card_of(p);
    p += 2;
  }
  return n;
}

/* "AS AS TH" -> the multiset (any number of cards). */
static inline PnCards hand_of(const char *text) {
  PnCards c;
  memset(&c, 0, sizeof c);
  for (const char *p = text; *p;) {
    if (*p == ' ') {
      p++;
      continue;
    }
    c.n[card_of(p)]++;
    p += 2;
  }
  return c;
}

/* Canonical text of a multiset into buf (S H D C, A..7, one token per
 * copy); returns buf. */
static inline const char *fmt(const PnCards *c, char *buf, size_t size) {
  size_t len = 0;
  buf[0] = 0;
  for (int s = 0; s < PN_SUITS; s++)
    for (int r = 0; r < PN_RANKS; r++)
      for (int k = 0; k < c->n[PN_CARD(s, r)]; k++)
        len += (size_t)snprintf(buf + len, size - len, "%s%c%c", len ? " " : "", RANK_CHARS[r], SUIT_CHARS[s]);
  return buf;
}

/* Splits an event-log line of the peer-parity data (no quoted fields) at
 * its commas, in place, into field[0..7); returns how many fields it has
 * (at most 7; the caller skips a line with fewer). */
static inline int split_fields(char *line, char *field[7]) {
  int nf = 0;
  for (char *q = line; nf < 7;) {
    field[nf++] = q;
    char *comma = strchr(q, ',');
    if (comma == NULL) break;
    *comma = 0;
    q = comma + 1;
  }
  return nf;
}

#endif
