/*
 * codec.h - the compact byte encoding of a hand's events and of the
 * results the engine derived, as stored in hands.events and
 * hands.results.  Pure C (no SQLite): the importer encodes, export,
 * replay and reports decode, and schema/ views unfold the same bytes in
 * SQL.  docs/SCHEMA.md describes the format for users of sqlite3.
 *
 * Event record (one per event-log row, in order):
 *   byte 0   action (PnAction, bits 0-4) | seat << 5 (0 = empty)
 *   play     + 1 byte: the card (suit * 8 + rank)
 *   dealer, pass, moon, out: nothing more
 *   others   + 1 byte n, n card bytes, 1 byte v, v bytes of the value
 *            text as the event log writes it (canonical: "250", "S",
 *            "exchange", "royal-marriage", "-300", or empty)
 *
 * Results (varints: unsigned LEB128; signed values zigzag-encoded):
 *   version (1), flags (bit 0 redeal, 1 made, 2 moon), bidder, bid,
 *   partner, trump + 1, out_seat, players, then per seat: meld_shown,
 *   meld_counted, counters, tricks, score (signed), total (signed),
 *   reneges (a byte per kind in one varint: follow, head, trump,
 *   overtrump); then ntricks and one byte per trick: leader | winner << 4.
 */
#ifndef PN_CODEC_H
#define PN_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pinochle.h"

#define CODEC_MAX_EVENT 128     /* bytes one event can take */
#define CODEC_MAX_RESULTS 256   /* bytes the results can take */
#define CODEC_MAX_TRICKS 32     /* tricks in a hand (two-hand-64) */

/* The canonical value text of an event (what export writes); returns buf. */
const char *codec_value_text(const PnEvent *ev, char *buf, size_t size);

/* Appends the encoding of `ev` to out (at least CODEC_MAX_EVENT bytes
 * free); returns the bytes written. */
size_t codec_event_encode(const PnEvent *ev, uint8_t *out);

/* Decodes one event at data[0..len); returns the bytes used, or 0 when
 * the bytes are not a valid record.  value (may be NULL) gets the value
 * text. */
size_t codec_event_decode(const uint8_t *data, size_t len, PnEvent *ev, char *value, size_t vsize);

/* A walk over a hand's events (form 1), the loop every reader of them
 * needs: `CodecEvents it = {row->events, row->events_len, 0};` then
 * codec_events_next until it returns 0. */
typedef struct CodecEvents {
  const uint8_t *at; /* the next record */
  size_t left;       /* bytes from at to the end */
  int seq;           /* records read, the one that failed included: its number */
} CodecEvents;

/* The next event into *ev (its value text into value, when not NULL):
 * 1, or 0 past the last, or -1 when the next record does not decode. */
int codec_events_next(CodecEvents *it, PnEvent *ev, char *value, size_t vsize);

/* ---------------------------------------------- hands.events as stored
 * The events above (form 1) are what every reader and the content hash
 * see; the store writes them packed (form 2) and unpacks what it reads,
 * so form 1 is the canonical form and a row stored before form 2 is read
 * as it is.  A packed blob starts with the byte 17 | P << 5 (no form-1
 * record starts so: action 17 is none), P the highest seat its events
 * name, then records; a record's first byte b holds a code (b & 31) and
 * a seat (b >> 5):
 *   b >= 0xE0  a play of card b & 31 by the seat after the last play's
 *              (seat % P + 1)
 *   17         a deal to the seat of cards A..9 in card order: 6 bytes,
 *              a count per card (S A T K Q J 9, H ..., D ..., C ...), 2
 *              bits each from the low bits of the first byte up
 *   18, 19     a bid, a score: the value, 2 bytes signed little-endian
 *   20         a meld: n, n cards, the value in 2 bytes as above
 *   21         a trump: 1 byte, the suit (S H D C: 0..3)
 *   below 17   a form-1 record as it is
 * A record is packed only when it unpacks to the same bytes. */

/* The bytes out needs to unpack len stored bytes. */
#define CODEC_UNPACKED_MAX(len) (8 * (size_t)(len))

/* Packs form-1 events in[0..len) into out (len + 1 bytes free); returns
 * the bytes written.  Bytes that are not form-1 records are copied as
 * they are. */
size_t codec_events_pack(const uint8_t *in, size_t len, uint8_t *out);

/* Is data[0..len) packed (form 2)? */
bool codec_events_packed(const uint8_t *data, size_t len);

/* The form-1 events of stored bytes in[0..len), packed or not, into out
 * (CODEC_UNPACKED_MAX(len) bytes free); *out_len gets their size.
 * Returns 0, or -1 when packed bytes are not valid records: out then
 * holds the records before the first that is not, and a byte that no
 * form-1 record starts with, so a reader's "event N does not decode"
 * names the damaged one. */
int codec_events_unpack(const uint8_t *in, size_t len, uint8_t *out, size_t *out_len);

/* What a stored hand derived, beyond the events. */
typedef struct CodecResults {
  PnHandResult result;                   /* per hand and seat */
  int players;                           /* seats */
  int total[PN_MAX_SEATS];               /* running score per seat after the hand */
  int ntricks;                           /* tricks played */
  uint8_t leader[CODEC_MAX_TRICKS];      /* seat that led each trick */
  uint8_t winner[CODEC_MAX_TRICKS];      /* seat that won it */
} CodecResults;

/* Fills *out from a game whose hand has just been completed. */
void codec_results_from_game(const PnGame *game, CodecResults *out);
size_t codec_results_encode(const CodecResults *res, uint8_t out[CODEC_MAX_RESULTS]);
/* Returns 0, or -1 when the bytes are not valid results. */
int codec_results_decode(const uint8_t *data, size_t len, CodecResults *res);

/* FNV-1a, 64 bits: the content hash that spots a game imported twice. */
uint64_t codec_hash(uint64_t hash, const void *data, size_t len);
#define CODEC_HASH_SEED 0xcbf29ce484222325ull
/* codec_hash over s and its terminating NUL. */
uint64_t codec_hash_text(uint64_t hash, const char *s);
/* The content hash of a game's header, the one definition every way into
 * the store uses (the importer, the recorder starting or resuming a game):
 * codec_hash_text over the preset, the option lines, the player names by
 * seat and the tag lines, in that order, each entry whole (a tag may be
 * any length and hold a line break).  A game's content hash goes on with
 * codec_hash over each stored hand's events, in hand order.  Not the
 * game's key: the same key with other content is another game. */
uint64_t codec_game_hash_header(const char *preset, const char *const *options, int noptions,
                                const char *const *players, int nplayers, const char *const *tags, int ntags);

/* ------------------------------------------------ a game's header rows
 * The checks every way into the store shares (the importer, the
 * recorder's --players and --tag), so that one header is valid for all
 * of them alike. */

/* The longest text a header field holds (a key, a player's name, an
 * option or a tag): what the event log's reader takes in one field. */
#define CODEC_MAX_TEXT 65536

/* The event log's text rule, for s[0..len): UTF-8 with no NUL byte and no
 * control character but tab, CR and LF.  Returns NULL when s keeps it,
 * else the reason ("text that is not UTF-8", "a control character", "a
 * NUL byte"): static text.  The log's reader, the header checks below and
 * `check` reading a stored game all ask it. */
const char *codec_text_fault(const char *s, size_t len);

/* The fields of a game's header that codec_header_check knows. */
typedef enum CodecField {
  CODEC_FIELD_KEY,     /* the game's key */
  CODEC_FIELD_PLAYER,  /* a player's name */
  CODEC_FIELD_OPTION,  /* an option line, name=value */
  CODEC_FIELD_TAG      /* a tag, name=value (codec_tag_check) */
} CodecField;

/* The one check of a header field, whatever brings it (the importer, the
 * recorder, the web recorder, `check` and export reading it back): not
 * empty, at most CODEC_MAX_TEXT bytes, codec_text_fault clean, an option
 * one line, a tag codec_tag_check's.  Returns 0, or -1 with the reason
 * (one line, naming the field; no newline) in err[0..size). */
int codec_header_check(CodecField field, const char *text, char *err, size_t size);

/* text[0..len) for a terminal or a one-line message, into buf[0..size):
 * valid UTF-8 but control characters as it is, every other byte (a
 * control character, a byte that is not UTF-8) as \xHH, cut at a whole
 * character when buf is full.  Returns buf. */
char *codec_text_shown(const char *text, size_t len, char *buf, size_t size);

/* Is `text` a real calendar date written YYYY-MM-DD (Gregorian, year
 * 0001-9999): what the `date` tag holds and report --since/--until take?
 * "2026-02-30", "2026-2-3" and "2026-02-03 " are not. */
bool codec_date_valid(const char *text);

/* Checks a tag line: "name=value" with a name, and the `date` tag a
 * codec_date_valid date.  The importer, the recorder and sim all ask it,
 * so what one writes the others read.  Returns 0, or -1 with the reason
 * (no newline) in err[0..size). */
int codec_tag_check(const char *tag, char *err, size_t size);

/* Do two player names name the same player: equal but for ASCII case and
 * spaces or tabs around them ("Ann", " ann ")? */
bool codec_same_player(const char *a, const char *b);

/* The first player named twice among names[0..n) (by seat; a NULL entry,
 * a seat not yet known, is skipped): returns 0 when all differ, else 1
 * with *first < *second their indexes. */
int codec_player_repeat(const char *const *names, int n, int *first, int *second);

#endif
