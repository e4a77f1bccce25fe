/* codec.c - the stored byte encoding of events and results (codec.h). */
#include "codec.h"

#include <stdio.h>
#include <string.h>

/* Writes v in decimal, as "%d" would, into buf[0..size); returns buf. */
static char *int_text(int v, char *buf, size_t size) {
  char digits[12]; /* "-2147483648" and a NUL */
  size_t n = sizeof digits;
  unsigned magnitude = v < 0 ? 0u - (unsigned)v : (unsigned)v;
  digits[--n] = '\0';
  do digits[--n] = (char)('0' + magnitude % 10);
  while ((magnitude /= 10) > 0);
  if (v < 0) digits[--n] = '-';
  size_t len = sizeof digits - 1 - n;
  if (len >= size) len = size - 1; /* truncated as snprintf truncates */
  memcpy(buf, digits + n, len);
  buf[len] = '\0';
  return buf;
}

/* Copies text into buf[0..size), truncated as snprintf truncates. */
static char *copy_text(const char *text, char *buf, size_t size) {
  size_t len = strlen(text);
  if (len >= size) len = size - 1;
  memcpy(buf, text, len);
  buf[len] = '\0';
  return buf;
}

const char *codec_value_text(const PnEvent *ev, char *buf, size_t size) {
  /* No snprintf: the importer writes the value of every row it stores. */
  buf[0] = '\0';
  if (size < 2) return buf; /* room for no character */
  switch (ev->action) {
  case PN_EV_BID:
  case PN_EV_SCORE: int_text(ev->value, buf, size); break;
  case PN_EV_TRUMP: copy_text((char[]){pn_suit_char(ev->suit), '\0'}, buf, size); break;
  case PN_EV_DIX: copy_text(ev->dix == PN_DIX_EXCHANGE ? "exchange" : "show", buf, size); break;
  case PN_EV_MELD:
    if (ev->has_value) int_text(ev->value, buf, size);
    else if (ev->meld >= 0) copy_text(pn_meld_name((PnMeldKind)ev->meld), buf, size);
    break;
  default: break;
  }
  return buf;
}

/* An action whose record is the first byte alone: it carries neither
 * cards nor a value. */
static bool bare(PnAction a) { return !(pn_action_shape(a) & (PN_SHAPE_CARDS | PN_SHAPE_VALUE)); }

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

/* Reads a whole decimal number (optional sign) from text[0..len). */
static bool parse_value_number(const char *text, size_t len, int *out) {
  size_t i = 0;
  bool negative = len > 0 && text[0] == '-';
  if (negative || (len > 0 && text[0] == '+')) i = 1;
  if (i == len || len - i > 9) return false;
  int v = 0;
  for (; i < len; i++) {
    if (text[i] < '0' || text[i] > '9') return false;
    v = v * 10 + (text[i] - '0');
  }
  *out = negative ? -v : v;
  return true;
}

/* Reads an event's value bytes into its fields, as strictly as
 * pn_event_from_text checks a log's value column; false when they are
 * not a valid value for the action. */
static bool decode_value(PnAction action, const char *text, size_t vlen, PnEvent *ev) {
  char word[64]; /* the value as a C string (vlen < 64); it ends at a NUL byte, as text would */
  switch (action) {
  case PN_EV_BID:
  case PN_EV_SCORE:
    if (!parse_value_number(text, vlen, &ev->value)) return false;
    ev->has_value = true;
    return true;
  case PN_EV_TRUMP: {
    size_t n = vlen < 7 ? vlen : 7; /* longer than any suit: still not one */
    memcpy(word, text, n);
    word[n] = '\0';
    ev->suit = pn_suit_parse(word);
    return ev->suit >= 0;
  }
  case PN_EV_DIX:
    if (vlen == 8 && memcmp(text, "exchange", 8) == 0) ev->dix = PN_DIX_EXCHANGE;
    else if (vlen == 4 && memcmp(text, "show", 4) == 0) ev->dix = PN_DIX_SHOW;
    else return false;
    return true;
  case PN_EV_MELD:
    if (vlen == 0) return true;
    if (parse_value_number(text, vlen, &ev->value)) {
      ev->has_value = true;
      return true;
    }
    memcpy(word, text, vlen);
    word[vlen] = '\0';
    ev->meld = pn_meld_parse(word);
    return ev->meld >= 0;
  default:
    return true;
  }
}

/* The rest of a record that lists cards and a value (data[0] is read).
 * Not inlined: its frame would then be set up for every play too. */
__attribute__((noinline)) static size_t decode_listed(const uint8_t *data, size_t len, PnEvent *ev,
                                                      char *value, size_t vsize) {
  if (len < 2) return 0;
  size_t count = data[1];
  if (count > PN_MAX_EVENT_CARDS || len < 2 + count + 1) return 0;
  for (size_t i = 0; i < count; i++) {
    if (data[2 + i] >= PN_CARD_KINDS) return 0;
    ev->cards[i] = data[2 + i];
  }
  ev->ncards = (int)count;
  size_t vlen = data[2 + count];
  if (len < 3 + count + vlen || vlen >= 64) return 0;
  const char *text = (const char *)data + 3 + count;
  if (value && vsize) snprintf(value, vsize, "%.*s", (int)vlen, text);
  if (!decode_value(ev->action, text, vlen, ev)) return 0;
  return 3 + count + vlen;
}

/* Decodes straight into the event (audit and reports decode every stored
 * event, so no text round trip).  Plays, three records in four, end here. */
size_t codec_event_decode(const uint8_t *data, size_t len, PnEvent *ev, char *value, size_t vsize) {
  if (len < 1) return 0;
  int action = data[0] & 31, seat = data[0] >> 5;
  if (action >= PN_EV_KINDS || seat > PN_MAX_SEATS) return 0;
  ev->action = (PnAction)action;
  ev->seat = seat;
  ev->ncards = 0;
  ev->has_value = false;
  ev->value = 0;
  ev->suit = -1;
  ev->meld = -1;
  ev->dix = 0;
  if (value && vsize) value[0] = '\0';
  if (action == PN_EV_PLAY) {
    if (len < 2 || data[1] >= PN_CARD_KINDS) return 0;
    ev->cards[0] = data[1];
    ev->ncards = 1;
    return 2;
  }
  if (bare((PnAction)action)) return 1;
  return decode_listed(data, len, ev, value, vsize);
}

int codec_events_next(CodecEvents *it, PnEvent *ev, char *value, size_t vsize) {
  if (it->left == 0) return 0;
  it->seq++;
  size_t used = codec_event_decode(it->at, it->left, ev, value, vsize);
  if (used == 0) return -1;
  it->at += used;
  it->left -= used;
  return 1;
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
  return put_uvarint(out, ((uint64_t)v << 1) ^ -(uint64_t)(v < 0)); /* zigzag; no signed shift */
}

typedef struct Reader {
  const uint8_t *data; /* the bytes */
  size_t len, at;      /* size and position */
  bool bad;            /* ran past the end or overflowed */
} Reader;

static uint64_t get_uvarint(Reader *r) {
  if (r->at < r->len && r->data[r->at] < 0x80) return r->data[r->at++]; /* one byte: most values */
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
  if (v > (uint64_t)max) {
    r->bad = true;
    return 0; /* not (int)v: the caller may compute with it (trump - 1) */
  }
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

uint64_t codec_game_hash_header(const char *preset, const char *const *options, int noptions,
                                const char *const *players, int nplayers, const char *const *tags, int ntags) {
  uint64_t h = codec_hash_text(CODEC_HASH_SEED, preset);
  for (int i = 0; i < noptions; i++) h = codec_hash_text(h, options[i]);
  for (int s = 0; s < nplayers; s++) h = codec_hash_text(h, players[s]);
  for (int i = 0; i < ntags; i++) h = codec_hash_text(h, tags[i]);
  return h;
}

/* ------------------------------------------------ a game's header rows */

/* n decimal digits at s, into *out; false when one is not a digit. */
static bool digits(const char *s, int n, int *out) {
  int v = 0;
  for (int i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  *out = v;
  return true;
}

bool codec_date_valid(const char *text) {
  static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int y, m, d;
  if (strlen(text) != 10 || text[4] != '-' || text[7] != '-') return false;
  if (!digits(text, 4, &y) || !digits(text + 5, 2, &m) || !digits(text + 8, 2, &d)) return false;
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return d <= days[m - 1] + (m == 2 && leap);
}

int codec_tag_check(const char *tag, char *err, size_t size) {
  static const char date[] = "date=";
  const char *eq = strchr(tag, '=');
  if (eq == NULL || eq == tag) { /* the message quotes the first line: a diagnostic is one line */
    size_t line = strcspn(tag, "\r\n");
    snprintf(err, size, "a tag is name=value (e.g. date=2026-11-20), not '%.*s'", (int)(line < 40 ? line : 40), tag);
    return -1;
  }
  if (strncmp(tag, date, sizeof date - 1) != 0 || codec_date_valid(tag + sizeof date - 1)) return 0;
  snprintf(err, size, "the date tag takes a real date YYYY-MM-DD (e.g. date=2026-11-20), not '%.40s'",
           tag + sizeof date - 1);
  return -1;
}

/* The name without the spaces and tabs around it: *len bytes from the
 * return value. */
static const char *name_core(const char *s, size_t *len) {
  while (*s == ' ' || *s == '\t') s++;
  size_t n = strlen(s);
  while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
  *len = n;
  return s;
}

static int ascii_lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

bool codec_same_player(const char *a, const char *b) {
  size_t na, nb;
  a = name_core(a, &na);
  b = name_core(b, &nb);
  if (na != nb) return false;
  for (size_t i = 0; i < na; i++)
    if (ascii_lower((unsigned char)a[i]) != ascii_lower((unsigned char)b[i])) return false;
  return true;
}

int codec_player_repeat(const char *const *names, int n, int *first, int *second) {
  for (int j = 1; j < n; j++)
    for (int i = 0; i < j && names[j]; i++)
      if (names[i] && codec_same_player(names[i], names[j])) {
        *first = i;
        *second = j;
        return 1;
      }
  return 0;
}

/* ------------------------------------------------------- header text */

/* The bytes of the one UTF-8 character at s[0..len) (s[0] >= 0x80), or 0
 * when they are not one: overlong forms, surrogates and code points past
 * U+10FFFF are not. */
static size_t utf8_width(const unsigned char *s, size_t len) {
  unsigned char c = s[0];
  size_t n;
  uint32_t cp;
  if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1F;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0F;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07;
  else return 0;
  if (len < n) return 0;
  for (size_t k = 1; k < n; k++) {
    if ((s[k] & 0xC0) != 0x80) return 0;
    cp = cp << 6 | (s[k] & 0x3F);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
}

const char *codec_text_fault(const char *text, size_t len) {
  const unsigned char *s = (const unsigned char *)text;
  size_t i = 0;
  while (i < len && s[i] >= 0x20 && s[i] < 0x7F) i++; /* the usual case: printable ASCII */
  while (i < len) {
    unsigned char c = s[i];
    if (c < 0x80) {
      if (c == 0) return "a NUL byte";
      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) return "a control character";
      i++;
      continue;
    }
    size_t n = utf8_width(s + i, len - i);
    if (n == 0) return "text that is not UTF-8";
    i += n;
  }
  return NULL;
}

int codec_header_check(CodecField field, const char *text, char *err, size_t size) {
  static const char *const what[] = {"the game key", "a player's name", "an option", "a tag"};
  size_t len = strlen(text);
  const char *fault = codec_text_fault(text, len);
  if (len == 0) snprintf(err, size, "%s is empty", what[field]);
  else if (len > CODEC_MAX_TEXT) snprintf(err, size, "%s is longer than %d bytes", what[field], CODEC_MAX_TEXT);
  else if (fault) snprintf(err, size, "%s holds %s", what[field], fault);
  else if (field == CODEC_FIELD_OPTION && strpbrk(text, "\r\n")) snprintf(err, size, "an option is one line: name=value");
  else if (field == CODEC_FIELD_TAG) return codec_tag_check(text, err, size);
  else return 0;
  return -1;
}

char *codec_text_shown(const char *text, size_t len, char *buf, size_t size) {
  static const char hex[] = "0123456789abcdef";
  const unsigned char *s = (const unsigned char *)text;
  size_t out = 0;
  if (size == 0) return buf;
  for (size_t i = 0; i < len;) {
    size_t n = s[i] >= 0x20 && s[i] < 0x7F ? 1 : s[i] >= 0x80 ? utf8_width(s + i, len - i) : 0;
    size_t need = n ? n : 4; /* the character, or \xHH */
    if (out + need >= size) break;
    if (n) memcpy(buf + out, s + i, n);
    else buf[out] = '\\', buf[out + 1] = 'x', buf[out + 2] = hex[s[i] >> 4], buf[out + 3] = hex[s[i] & 15];
    out += need;
    i += n ? n : 1;
  }
  buf[out] = '\0';
  return buf;
}

/* ------------------------------------------------ packed stored events
 * codec.h: form 2 of hands.events.  The records a packed blob holds
 * beside form 1's, by the code in bits 0-4 of their first byte (17 and
 * up: no form-1 action), the seat in bits 5-7. */
enum {
  PACK_FORM = 17,  /* the first byte of a packed blob: 17 | P << 5 */
  PACK_DEAL = 17,  /* a deal as a count per card (2 bits, 24 cards) */
  PACK_BID = 18,   /* a bid, its value in 2 bytes */
  PACK_SCORE = 19, /* a score, its value in 2 bytes */
  PACK_MELD = 20,  /* a meld: n, n cards, its value in 2 bytes */
  PACK_TRUMP = 21, /* a trump: the suit in 1 byte */
  PACK_NEXT = 0xE0 /* a play by the seat after the last play's: 0xE0 | card */
};
#define PACK_TALLY 6 /* bytes of a deal's counts: 24 cards, 2 bits each */
static const char SUITS[] = "SHDC"; /* a trump's value text, by suit: pn_suit_char's */

/* The bytes of the form-1 record at in[0..len), or 0 when it runs past
 * the end; *vat gets the offset of its value length byte (0: none). */
static size_t record_size(const uint8_t *in, size_t len, size_t *vat) {
  *vat = 0;
  int action = in[0] & 31;
  if (action >= PN_EV_KINDS) return 0;
  if (action == PN_EV_PLAY) return len >= 2 ? 2 : 0;
  if (bare((PnAction)action)) return 1;
  if (len < 2 || len < 3 + (size_t)in[1]) return 0;
  *vat = 2 + (size_t)in[1];
  size_t size = 3 + (size_t)in[1] + in[*vat];
  return size <= len ? size : 0;
}

/* The value text v[0..n) as an int when it is one that int_text writes
 * back the same ("%d": a '-' only before a nonzero number, no leading
 * zero) and fits in 2 bytes.  No parse and print: the importer packs
 * every hand it stores. */
static bool short_value(const uint8_t *v, size_t n, int *out) {
  size_t i = n > 0 && v[0] == '-';
  if (n == i || n - i > 5 || (v[i] == '0' && n - i > 1)) return false;
  int x = 0;
  for (size_t k = i; k < n; k++) {
    if (v[k] < '0' || v[k] > '9') return false;
    x = x * 10 + (v[k] - '0');
  }
  if (i && x == 0) return false; /* "-0" */
  *out = i ? -x : x;
  return *out >= -32768 && *out <= 32767;
}

static size_t put_short(uint8_t *out, int v) {
  out[0] = (uint8_t)((unsigned)v & 0xFF);
  out[1] = (uint8_t)(((unsigned)v >> 8) & 0xFF);
  return 2;
}

/* The 24-card tally of cards[0..n) into out[0..PACK_TALLY), when they are
 * in card order, each an A..9 and at most 3 of a kind. */
static bool tally(const uint8_t *cards, size_t n, uint8_t out[PACK_TALLY]) {
  memset(out, 0, PACK_TALLY);
  for (size_t i = 0; i < n; i++) {
    if (cards[i] >= PN_CARD_KINDS || PN_RANK(cards[i]) > PN_NINE || (i > 0 && cards[i] < cards[i - 1])) return false;
    int k = PN_SUIT(cards[i]) * 6 + PN_RANK(cards[i]);
    int count = (out[k / 4] >> (2 * (k % 4))) & 3;
    if (count == 3) return false;
    out[k / 4] = (uint8_t)(out[k / 4] + (1 << (2 * (k % 4))));
  }
  return true;
}

/* One form-1 record r[0..size) other than a play packed into out;
 * returns the bytes written. */
static size_t pack_record(const uint8_t *r, size_t size, size_t vat, uint8_t *out) {
  int action = r[0] & 31, seat = r[0] >> 5, v;
  size_t n = size > 1 ? r[1] : 0, vlen = vat ? r[vat] : 0;
  const uint8_t *value = r + vat + 1;
  uint8_t counts[PACK_TALLY];
  if (action == PN_EV_DEAL && vlen == 0 && n + 3 > 1 + PACK_TALLY && n <= PN_MAX_EVENT_CARDS &&
             tally(r + 2, n, counts)) {
    out[0] = (uint8_t)(PACK_DEAL | seat << 5);
    memcpy(out + 1, counts, PACK_TALLY);
    return 1 + PACK_TALLY;
  } else if ((action == PN_EV_BID || action == PN_EV_SCORE) && n == 0 && short_value(value, vlen, &v)) {
    out[0] = (uint8_t)((action == PN_EV_BID ? PACK_BID : PACK_SCORE) | seat << 5);
    return 1 + put_short(out + 1, v);
  } else if (action == PN_EV_MELD && n <= PN_MAX_EVENT_CARDS && short_value(value, vlen, &v)) {
    out[0] = (uint8_t)(PACK_MELD | seat << 5);
    memcpy(out + 1, r + 1, 1 + n);
    return 2 + n + put_short(out + 2 + n, v);
  } else if (action == PN_EV_TRUMP && n == 0 && vlen == 1 && value[0] && strchr(SUITS, value[0])) {
    out[0] = (uint8_t)(PACK_TRUMP | seat << 5);
    out[1] = (uint8_t)(strchr(SUITS, value[0]) - SUITS);
    return 2;
  }
  memcpy(out, r, size);
  return size;
}

size_t codec_events_pack(const uint8_t *in, size_t len, uint8_t *out) {
  int players = 0;
  size_t vat;
  for (size_t at = 0, size; at < len; at += size) {
    /* plays, three records in four, sized here: no call */
    size = (in[at] & 31) == PN_EV_PLAY ? (len - at >= 2 ? 2 : 0) : record_size(in + at, len - at, &vat);
    if (size == 0 || in[at] >> 5 > PN_MAX_SEATS) { /* not form 1: kept as it is */
      if (len) memcpy(out, in, len);
      return len;
    }
    if (in[at] >> 5 > players) players = in[at] >> 5;
  }
  if (len == 0) return 0;
  if (players == 0) players = 1;
  size_t n = 0;
  out[n++] = (uint8_t)(PACK_FORM | players << 5);
  int last = 0;
  for (size_t at = 0, size; at < len; at += size) {
    if ((in[at] & 31) == PN_EV_PLAY) { /* pack_record's play, inline */
      int seat = in[at] >> 5, next = last == 0 ? 0 : last >= players ? 1 : last + 1; /* last <= players */
      last = seat;
      size = 2;
      if (next > 0 && seat == next && in[at + 1] < PN_CARD_KINDS) out[n++] = (uint8_t)(PACK_NEXT | in[at + 1]);
      else out[n] = in[at], out[n + 1] = in[at + 1], n += 2;
      continue;
    }
    size = record_size(in + at, len - at, &vat);
    n += pack_record(in + at, size, vat, out + n);
  }
  return n;
}

bool codec_events_packed(const uint8_t *data, size_t len) { return len > 0 && (data[0] & 31) == PACK_FORM; }

/* Appends the form-1 value bytes of v (length, text) at out. */
static size_t put_value_text(uint8_t *out, int v) {
  char text[12];
  size_t n = strlen(int_text(v, text, sizeof text));
  out[0] = (uint8_t)n;
  memcpy(out + 1, text, n);
  return 1 + n;
}

static int get_short(const uint8_t *in) {
  int v = in[0] | in[1] << 8;
  return v >= 32768 ? v - 65536 : v;
}

/* Unpacks the record at in[0..len) into out; returns the bytes read, 0
 * when they are not a record, and *wrote the bytes written. */
static size_t unpack_record(const uint8_t *in, size_t len, int players, int *last, uint8_t *out, size_t *wrote) {
  int code = in[0] & 31, seat = in[0] >> 5;
  size_t vat;
  if (in[0] >= PACK_NEXT) {
    if (*last == 0) return 0;
    *last = *last % players + 1;
    out[0] = (uint8_t)(PN_EV_PLAY | *last << 5);
    out[1] = (uint8_t)(in[0] & 31);
    *wrote = 2;
    return 1;
  }
  switch (code) {
  case PACK_DEAL: {
    if (len < 1 + PACK_TALLY) return 0;
    size_t n = 2;
    for (int k = 0; k < 24; k++)
      for (int c = (in[1 + k / 4] >> (2 * (k % 4))) & 3; c > 0; c--) {
        if (n - 2 == PN_MAX_EVENT_CARDS) return 0;
        out[n++] = (uint8_t)(k / 6 * 8 + k % 6);
      }
    out[0] = (uint8_t)(PN_EV_DEAL | seat << 5);
    out[1] = (uint8_t)(n - 2);
    out[n++] = 0;
    *wrote = n;
    return 1 + PACK_TALLY;
  }
  case PACK_BID:
  case PACK_SCORE:
    if (len < 3) return 0;
    out[0] = (uint8_t)((code == PACK_BID ? PN_EV_BID : PN_EV_SCORE) | seat << 5);
    out[1] = 0;
    *wrote = 2 + put_value_text(out + 2, get_short(in + 1));
    return 3;
  case PACK_MELD:
    if (len < 2 || len < 4 + (size_t)in[1] || in[1] > PN_MAX_EVENT_CARDS) return 0;
    out[0] = (uint8_t)(PN_EV_MELD | seat << 5);
    memcpy(out + 1, in + 1, 1 + (size_t)in[1]);
    *wrote = 2 + in[1] + put_value_text(out + 2 + in[1], get_short(in + 2 + in[1]));
    return 4 + (size_t)in[1];
  case PACK_TRUMP:
    if (len < 2 || in[1] >= PN_SUITS) return 0;
    out[0] = (uint8_t)(PN_EV_TRUMP | seat << 5);
    out[1] = 0;
    out[2] = 1;
    out[3] = (uint8_t)pn_suit_char(in[1]);
    *wrote = 4;
    return 2;
  default: {
    size_t size = record_size(in, len, &vat);
    if (size == 0) return 0;
    if (code == PN_EV_PLAY) *last = seat;
    memcpy(out, in, size);
    *wrote = size;
    return size;
  }
  }
}

int codec_events_unpack(const uint8_t *in, size_t len, uint8_t *out, size_t *out_len) {
  *out_len = 0;
  if (!codec_events_packed(in, len)) {
    if (len) memcpy(out, in, len);
    *out_len = len;
    return 0;
  }
  int players = in[0] >> 5, last = 0;
  size_t n = 0;
  for (size_t at = 1, used; at < len; at += used) {
    size_t wrote = 0;
    used = players ? unpack_record(in + at, len - at, players, &last, out + n, &wrote) : 0;
    if (used == 0) { /* the records before the damage, then a byte no record starts with */
      out[n++] = PACK_FORM;
      *out_len = n;
      return -1;
    }
    n += wrote;
  }
  *out_len = n;
  return 0;
}
