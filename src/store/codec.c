/* codec.c - the stored byte encoding of events and results (codec.h). */
#include "codec.h"

#include <stdio.h>
#include <string.h>

const char *codec_value_text(const PnEvent *ev, char *buf, size_t size) {
  buf[0] = '\0';
  switch (ev->action) {
  case PN_EV_BID:
  case PN_EV_SCORE: snprintf(buf, size, "%d", ev->value); break;
  case PN_EV_TRUMP: snprintf(buf, size, "%c", pn_suit_char(ev->suit)); break;
  case PN_EV_DIX: snprintf(buf, size, "%s", ev->dix == PN_DIX_EXCHANGE ? "exchange" : "show"); break;
  case PN_EV_MELD:
    if (ev->has_value) snprintf(buf, size, "%d", ev->value);
    else if (ev->meld >= 0) snprintf(buf, size, "%s", pn_meld_name((PnMeldKind)ev->meld));
    break;
  default: break;
  }
  return buf;
}

static bool bare(PnAction a) {
  return a == PN_EV_DEALER || a == PN_EV_PASS || a == PN_EV_MOON || a == PN_EV_OUT;
}

size_t codec_event_encode(const PnEvent *ev, uint8_t *out) {
  size_t n = 0;
  out[n++] = (uint8_t)(ev->action | ev->seat << 5);
  if (ev->action == PN_EV_PLAY) {
    out[n++] = ev->ncards > 0 ? ev->cards[0] : PN_NO_CARD;
    return n;
  }
  if (bare(ev->action)) return n;
  out[n++] = (uint8_t)ev->ncards;
  memcpy(out + n, ev->cards, (size_t)ev->ncards);
  n += (size_t)ev->ncards;
  char value[32];
  size_t v = strlen(codec_value_text(ev, value, sizeof value));
  out[n++] = (uint8_t)v;
  memcpy(out + n, value, v);
  return n + v;
}

size_t codec_event_decode(const uint8_t *data, size_t len, PnEvent *ev, char *value, size_t vsize) {
  char text[64] = "", cards[PN_MAX_EVENT_CARDS * 3 + 1] = "";
  if (len < 1) return 0;
  int action = data[0] & 31, seat = data[0] >> 5;
  if (action >= PN_EV_KINDS) return 0;
  size_t n = 1;
  if (action == PN_EV_PLAY) {
    if (len < 2 || data[1] >= PN_CARD_KINDS) return 0;
    char two[3];
    snprintf(cards, sizeof cards, "%s", pn_card_str(data[1], two));
    n = 2;
  } else if (!bare((PnAction)action)) {
    if (len < 2) return 0;
    size_t count = data[1];
    if (count > PN_MAX_EVENT_CARDS || len < 2 + count + 1) return 0;
    size_t at = 0;
    for (size_t i = 0; i < count; i++) {
      if (data[2 + i] >= PN_CARD_KINDS) return 0;
      char two[3];
      at += (size_t)snprintf(cards + at, sizeof cards - at, "%s%s", i ? " " : "", pn_card_str(data[2 + i], two));
    }
    size_t vlen = data[2 + count];
    if (vlen >= sizeof text || len < 3 + count + vlen) return 0;
    memcpy(text, data + 3 + count, vlen);
    text[vlen] = '\0';
    n = 3 + count + vlen;
  }
  int col;
  char err[160];
  if (pn_event_from_text((PnAction)action, seat, cards, text, ev, &col, err, sizeof err) != 0) return 0;
  if (value) snprintf(value, vsize, "%s", text);
  return n;
}

/* ------------------------------------------------------------- results */

static size_t put_uvarint(uint8_t *out, uint64_t v) {
  size_t n = 0;
  while (v >= 0x80) {
    out[n++] = (uint8_t)(v | 0x80);
    v >>= 7;
  }
  out[n++] = (uint8_t)v;
  return n;
}

static size_t put_svarint(uint8_t *out, int64_t v) {
  return put_uvarint(out, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
}

typedef struct Reader {
  const uint8_t *data; /* the bytes */
  size_t len, at;      /* size and position */
  bool bad;            /* ran past the end or overflowed */
} Reader;

static uint64_t get_uvarint(Reader *r) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (r->at >= r->len) break;
    uint8_t b = r->data[r->at++];
    v |= (uint64_t)(b & 0x7F) << shift;
    if (!(b & 0x80)) return v;
  }
  r->bad = true;
  return 0;
}

static int get_int(Reader *r) {
  uint64_t u = get_uvarint(r);
  int64_t v = (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
  if (v < -1000000000 || v > 1000000000) r->bad = true;
  return (int)v;
}

static int get_small(Reader *r, int max) {
  uint64_t v = get_uvarint(r);
  if (v > (uint64_t)max) r->bad = true;
  return (int)v;
}

void codec_results_from_game(const PnGame *game, CodecResults *out) {
  const PnHand *h = &game->hand;
  memset(out, 0, sizeof *out);
  out->result = h->result;
  out->players = game->rules.players;
  for (int s = 0; s < game->rules.players; s++) out->total[s] = game->running[s];
  out->ntricks = h->trick_no;
  memcpy(out->leader, h->trick_leader, (size_t)h->trick_no);
  memcpy(out->winner, h->trick_winner, (size_t)h->trick_no);
}

size_t codec_results_encode(const CodecResults *res, uint8_t out[CODEC_MAX_RESULTS]) {
  const PnHandResult *r = &res->result;
  size_t n = 0;
  n += put_uvarint(out + n, 1);
  n += put_uvarint(out + n, (uint64_t)(r->redeal | r->made << 1 | r->moon << 2));
  n += put_uvarint(out + n, (uint64_t)r->bidder);
  n += put_svarint(out + n, r->bid);
  n += put_uvarint(out + n, (uint64_t)r->partner);
  n += put_uvarint(out + n, (uint64_t)(r->trump + 1));
  n += put_uvarint(out + n, (uint64_t)r->out_seat);
  n += put_uvarint(out + n, (uint64_t)res->players);
  for (int s = 0; s < res->players; s++) {
    const PnSeatResult *sr = &r->seat[s];
    n += put_svarint(out + n, sr->meld_shown);
    n += put_svarint(out + n, sr->meld_counted);
    n += put_svarint(out + n, sr->counters);
    n += put_uvarint(out + n, (uint64_t)sr->tricks);
    n += put_svarint(out + n, sr->score);
    n += put_svarint(out + n, res->total[s]);
    /* reneges by kind, a byte apiece in one varint: one 0 byte in a clean hand */
    uint64_t packed = 0;
    for (int k = 0; k < 4; k++) packed |= (uint64_t)sr->reneges[k] << (8 * k);
    n += put_uvarint(out + n, packed);
  }
  n += put_uvarint(out + n, (uint64_t)res->ntricks);
  for (int t = 0; t < res->ntricks; t++) out[n++] = (uint8_t)(res->leader[t] | res->winner[t] << 4);
  return n;
}

int codec_results_decode(const uint8_t *data, size_t len, CodecResults *res) {
  Reader r = {data, len, 0, false};
  memset(res, 0, sizeof *res);
  PnHandResult *h = &res->result;
  if (get_uvarint(&r) != 1) return -1;
  int flags = get_small(&r, 7);
  h->redeal = flags & 1;
  h->made = (flags >> 1) & 1;
  h->moon = (flags >> 2) & 1;
  h->bidder = get_small(&r, PN_MAX_SEATS);
  h->bid = get_int(&r);
  h->partner = get_small(&r, PN_MAX_SEATS);
  h->trump = get_small(&r, PN_SUITS) - 1;
  h->out_seat = get_small(&r, PN_MAX_SEATS);
  res->players = get_small(&r, PN_MAX_SEATS);
  for (int s = 0; s < res->players && !r.bad; s++) {
    PnSeatResult *sr = &h->seat[s];
    sr->meld_shown = get_int(&r);
    sr->meld_counted = get_int(&r);
    sr->counters = get_int(&r);
    sr->tricks = get_small(&r, CODEC_MAX_TRICKS);
    sr->score = get_int(&r);
    res->total[s] = get_int(&r);
    uint64_t packed = get_uvarint(&r);
    if (packed > 0xFFFFFFFFu) r.bad = true;
    for (int k = 0; k < 4; k++) sr->reneges[k] = (uint8_t)(packed >> (8 * k));
    sr->reneged = packed != 0;
  }
  res->ntricks = get_small(&r, CODEC_MAX_TRICKS);
  if (r.bad || r.len - r.at != (size_t)res->ntricks) return -1;
  for (int t = 0; t < res->ntricks; t++) {
    res->leader[t] = data[r.at + (size_t)t] & 15;
    res->winner[t] = data[r.at + (size_t)t] >> 4;
  }
  return 0;
}

uint64_t codec_hash(uint64_t hash, const void *data, size_t len) {
  const uint8_t *p = data;
  for (size_t i = 0; i < len; i++) {
    hash ^= p[i];
    hash *= 0x100000001b3ull;
  }
  return hash;
}

uint64_t codec_hash_text(uint64_t hash, const char *s) { return codec_hash(hash, s, strlen(s) + 1); }
