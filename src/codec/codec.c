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
