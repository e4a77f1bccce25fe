/*
 * review_store.c - a hand's review encoded for hands.review and read back
 * (review_store.h).
 *
 * The form: a byte RV_METHOD, a byte of flags (1: the bid and trump were
 * reviewed), skipped and the number of decisions as 16-bit; then each
 * decision: seq (16-bit), seat, kind, valued, nalts, chosen, best (a byte
 * each), worlds (32-bit), cost, cost_se, p_make, best_share (64-bit doubles, their
 * bits), then each alternative: its label (a length byte and the bytes)
 * and its value.  Little-endian; doubles bit for bit, so a review read
 * back writes exactly what it wrote when made.
 */
#include "review_store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

static uint8_t *put_u(uint8_t *p, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; i++) *p++ = (uint8_t)(v >> (8 * i));
  return p;
}

static uint8_t *put_double(uint8_t *p, double d) {
  uint64_t v;
  memcpy(&v, &d, sizeof v);
  return put_u(p, v, 8);
}

size_t review_encode(const RvHandReview *r, uint8_t *out) {
  uint8_t *p = out;
  *p++ = RV_METHOD;
  *p++ = r->trump ? 1 : 0;
  p = put_u(p, (uint64_t)r->skipped, 2);
  p = put_u(p, (uint64_t)r->n, 2);
  for (int i = 0; i < r->n; i++) {
    const RvVerdict *v = &r->d[i];
    p = put_u(p, (uint64_t)v->seq, 2);
    uint8_t small[6] = {(uint8_t)v->seat, (uint8_t)v->kind, v->valued, (uint8_t)v->nalts, (uint8_t)v->chosen,
                        (uint8_t)v->best};
    memcpy(p, small, sizeof small);
    p += sizeof small;
    p = put_u(p, (uint64_t)v->worlds, 4);
    p = put_double(p, v->cost);
    p = put_double(p, v->cost_se);
    p = put_double(p, v->p_make);
    p = put_double(p, v->best_share);
    for (int a = 0; a < v->nalts; a++) {
      size_t len = strlen(v->label[a]); /* < RV_LABEL: written by snprintf */
      *p++ = (uint8_t)len;
      memcpy(p, v->label[a], len);
      p += len;
      p = put_double(p, v->value[a]);
    }
  }
  return (size_t)(p - out);
}

/* A reader that fails once past the end. */
typedef struct Reader {
  const uint8_t *p, *end; /* the next byte, the end */
  bool bad;               /* read past the end */
} Reader;

static uint64_t get_u(Reader *r, int bytes) {
  if (r->end - r->p < bytes) {
    r->bad = true;
    return 0;
  }
  uint64_t v = 0;
  for (int i = 0; i < bytes; i++) v |= (uint64_t)r->p[i] << (8 * i);
  r->p += bytes;
  return v;
}

static double get_double(Reader *r) {
  uint64_t v = get_u(r, 8);
  double d;
  memcpy(&d, &v, sizeof d);
  return d;
}

static int decode_one(Reader *rd, RvVerdict *v) {
  memset(v, 0, sizeof *v);
  v->seq = (int)get_u(rd, 2);
  v->seat = (int)get_u(rd, 1);
  v->kind = (RvKind)get_u(rd, 1);
  v->valued = get_u(rd, 1) != 0;
  v->nalts = (int)get_u(rd, 1);
  v->chosen = (int)get_u(rd, 1);
  v->best = (int)get_u(rd, 1);
  v->worlds = (int)get_u(rd, 4);
  v->cost = get_double(rd);
  v->cost_se = get_double(rd);
  v->p_make = get_double(rd);
  v->best_share = get_double(rd);
  if (rd->bad || v->kind > RV_PLAY || v->nalts > RV_MAX_ALTS || (v->nalts && (v->chosen >= v->nalts ||
                                                                               v->best >= v->nalts)))
    return -1;
  for (int a = 0; a < v->nalts; a++) {
    size_t len = (size_t)get_u(rd, 1);
    if (rd->bad || len >= RV_LABEL || (size_t)(rd->end - rd->p) < len) return -1;
    memcpy(v->label[a], rd->p, len);
    rd->p += len;
    v->value[a] = get_double(rd);
  }
  return rd->bad ? -1 : 0;
}

int review_decode(const uint8_t *data, size_t len, RvHandReview *r) {
  Reader rd = {data, data + len, false};
  if (get_u(&rd, 1) != RV_METHOD) return -1;
  r->trump = get_u(&rd, 1) & 1;
  r->skipped = (int)get_u(&rd, 2);
  r->n = (int)get_u(&rd, 2);
  if (rd.bad || r->n > RV_MAX_DECISIONS) return -1;
  for (int i = 0; i < r->n; i++)
    if (decode_one(&rd, &r->d[i]) != 0) return -1;
  return rd.p == rd.end ? 0 : -1;
}

int review_costs_of_row(Store *store, const StoreRow *row, RvHandReview *r, PnDiag *diag) {
  uint8_t *buf = malloc(RV_STORE_MAX_BYTES); /* too big for the stack */
  if (!buf) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return PN_ERR_IO;
  }
  StoreReviewKey k = {.rules_version = PN_RULES_VERSION, .key = analysis_key(row)};
  size_t len = 0;
  int got = store_review_get(store, row->game_id, row->hand, &k, buf, RV_STORE_MAX_BYTES, &len, diag);
  if (got == 1 && review_decode(buf, len, r) != 0) got = 0;
  if (got == 1) r->made = k;
  free(buf);
  return got;
}

int review_costs_of_hand(Store *store, const char *key, int hand, RvHandReview *r, PnDiag *diag) {
  StoreFilter filter = {.nkeys = 1, .keys = &key, .hand = hand};
  StoreCursor *c = NULL;
  StoreRow row;
  int rc = store_cursor_open(store, &filter, &c, diag);
  int got = 0;
  while (rc == 0 && got == 0 && (rc = store_cursor_next(c, &row, diag)) == 1)
    if (row.hand == hand) got = review_costs_of_row(store, &row, r, diag);
  store_cursor_close(c);
  return rc < 0 ? rc : got;
}

bool review_of_row(const StoreRow *row, RvHandReview *r) {
  if (!row->review || row->review_rules != PN_RULES_VERSION || row->review_key != analysis_key(row) ||
      review_decode(row->review, row->review_len, r) != 0)
    return false;
  r->made = (StoreReviewKey){.rules_version = row->review_rules, .key = row->review_key};
  return true;
}
