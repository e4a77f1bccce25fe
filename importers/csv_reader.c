/*
 * csv_reader.c - the event log's CSV layer (csv_reader.h): libcsv does
 * the quoting; this file feeds it, knows which line each record starts
 * on, skips comments, and turns every malformed input into a diagnostic.
 *
 * How the start line is known: libcsv reports a row only when it meets
 * the row's terminator (CR or LF) or at csv_fini, and reports nothing
 * about positions.  So the reader hands libcsv one physical line at a
 * time (a segment ending just after a '\n', or at the end of a block):
 * a row can then only end at the last byte of the segment being parsed.
 * Between two rows the reader itself looks for the first byte that is not
 * blank (space, tab, CR, LF: exactly what libcsv skips before a row); the
 * line of that byte is the line the next record starts on, and if that
 * byte is '#' the rest of the line is a comment, skipped without parsing.
 *
 * Reading ahead: parsing (libcsv goes byte by byte) costs about as much
 * as everything the importer does with a row, so for a regular file a
 * second thread parses while the caller works.  Parsed rows travel in
 * batches (a text arena plus row records) through a ring of BATCHES, the
 * work queue of src/util (pn_queue.h); the parsing side owns the libcsv
 * state, the stream and the batch it fills, the reading side only the
 * batch it reads, and each batch's state (free or ready) in the queue is
 * the only shared state.  An error travels as the
 * end of the last batch, after the rows before it, so the caller meets
 * rows and errors in file order either way.  Standard input and other
 * streams are parsed on the caller's thread when it needs a batch: a
 * thread blocked on a pipe could not be stopped when the caller gives up.
 */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include "csv_reader.h"

#include <csv.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "codec.h"
#include "pn_buf.h"
#include "pn_queue.h"

const char *const csv_reader_columns[CSV_READER_FIELDS] = {
    "game", "hand", "seq", "seat", "action", "cards", "value",
};

/* Batches: filled until BATCH_TEXT bytes of fields or BATCH_ROWS rows
 * (the arena grows past BATCH_TEXT only for the one row that crosses it).
 * The ring holds about 500 deals: the reading side works in bursts (a
 * game's rows, then the game stored at once), and with 4 batches of 512
 * rows the two threads stopped to wait for each other (import 0.85x the
 * time with this ring, measured on 100,000 deals; BATCHES is at most
 * PN_QUEUE_MAX_SLOTS). */
enum { BATCHES = 16, BATCH_TEXT = 64 * 1024, BATCH_ROWS = 2048 };
_Static_assert((int)BATCHES <= (int)PN_QUEUE_MAX_SLOTS, "a larger ring would quietly parse on the caller's thread");

/* A parsed row: its fields are NUL-terminated strings in the batch's text. */
typedef struct RowRef {
  long line;                               /* line where the record starts */
  uint32_t off[CSV_READER_FIELDS];         /* field offsets in the text, each field NUL-terminated */
  uint32_t len[CSV_READER_FIELDS];         /* their lengths */
} RowRef;

typedef struct Batch {
  char *text;                              /* the rows' fields back to back */
  size_t text_len, text_cap;
  RowRef rows[BATCH_ROWS];
  unsigned char *slots;                    /* the prepare hook's, slot_size per row; NULL without */
  bool prepare_here;                       /* the parsing side runs the hook (else the reading side) */
  int nrows;
  int end;                                 /* after the rows: 0 more batches, 1 end of file, -1 error */
  PnDiag error;                            /* the error when end is -1 */
} Batch;

struct CsvReader {
  /* the parsing side */
  FILE *fp;                                /* the input */
  bool own_fp;                             /* opened here: closed here */
  const char *name;                        /* for diagnostics (borrowed) */
  struct csv_parser parser;                /* libcsv's state */
  unsigned char *block;                    /* the current block of input */
  size_t blen, bpos;                       /* bytes in block, next byte to look at */
  size_t nul_at;                           /* offset of the block's first NUL, blen if none */
  size_t cr_at;                            /* offset of the block's next CR (blen: none) ... */
  bool cr_known;                           /* ... if looked for in this block */
  size_t odd_at;                           /* first byte at or after it that is not plain text */
  bool odd_known;                          /* odd_at is for this block */
  bool record_plain;                       /* the record so far is plain text: nothing to check */
  bool started;                            /* first block read (BOM checked) */
  bool eof;                                /* fread reached the end */
  bool finished;                           /* csv_fini done: nothing more to come */
  bool header_done;                        /* the header row was read and checked */
  long line;                               /* line of the byte at bpos */
  bool between;                            /* between records: looking for the next start */
  bool at_start;                           /* at the record's first byte: libcsv has none of it */
  bool in_comment;                         /* skipping the rest of a comment line */
  long rec_line;                           /* line where the record being parsed starts */
  int nfields;                             /* fields seen in the record being parsed */
  bool row_ready;                          /* a whole row has been parsed */
  Batch *filling;                          /* where on_field puts the fields */
  int bad_col;                             /* a field the callback refused, 0 none */
  char bad_msg[160];                       /* why */

  CsvPrepareFn *prepare;                   /* run on each data row, or NULL */
  size_t slot_size;                        /* bytes of its slot */

  /* the ring: batches[k % BATCHES] is the k-th batch, FREE or READY in the queue */
  Batch *batches[BATCHES];
  int nbatches;                            /* allocated: BATCHES to read ahead, else 1 */
  bool begun;                              /* the first csv_reader_next came: no more setup */
  bool threaded;                           /* a parsing thread fills the ring */
  pthread_t thread;
  PnQueue queue;                           /* the batches' states, when threaded */
  long produced;                           /* batches filled (the parsing thread's own) */
  long consumed;                           /* batches given back (the reading side's own) */

  /* the reading side */
  Batch *reading;                          /* the batch rows come from, NULL before the first */
  int next_row;                            /* its next row */
  bool failed;                             /* an error was reported: repeat it */
  PnDiag error;                            /* that error */
};

/* libcsv grows its field buffer through this; refusing past the limit
 * makes csv_parse stop with CSV_ENOMEM instead of buffering a huge field.
 * (libcsv's realloc hook takes no context: the limit is a constant.) */
enum { PARSER_BLOCK = 4096, PARSER_LIMIT = CSV_READER_MAX_FIELD + PARSER_BLOCK };

static void *capped_realloc(void *ptr, size_t size) {
  if (size > PARSER_LIMIT) return NULL;
  return realloc(ptr, size);
}

static void set_error(CsvReader *r, PnDiag *diag, long line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Fills diag with a message about this reader's file. */
static void set_error(CsvReader *r, PnDiag *diag, long line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag->file = r->name;
  diag->line = line;
  diag->col = col;
  vsnprintf(diag->msg, sizeof diag->msg, fmt, ap);
  va_end(ap);
}

/* The offset in p[0..len) of the first byte that is not plain text
 * (printable ASCII, tab, CR, LF), len if none.  Eight bytes at a time:
 * a word with no byte under 0x20, at 0x7F or over needs no closer look,
 * and most of an event log is such words. */
static size_t first_odd(const unsigned char *p, size_t len) {
  const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
  size_t i = 0;
  for (; i + 8 <= len; i += 8) {
    uint64_t x;
    memcpy(&x, p + i, 8);
    uint64_t del = x ^ (0x7F * ones);
    uint64_t odd = (x & highs) | ((x - 0x20 * ones) & ~x & highs) | ((del - ones) & ~del & highs);
    if (odd == 0) continue;
    for (size_t k = i; k < i + 8; k++) {
      unsigned char c = p[k];
      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c >= 0x7F) return k;
    }
  }
  for (; i < len; i++) {
    unsigned char c = p[i];
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c >= 0x7F) return i;
  }
  return len;
}

/* Stages field i (0-based, < CSV_READER_FIELDS) of the row being read in
 * the batch being filled, NUL-terminated; out of memory sets bad_col. */
static void stage_field(CsvReader *r, int i, const unsigned char *s, size_t len) {
  Batch *b = r->filling;
  if (b->text_len + len + 1 > b->text_cap && pn_vec_reserve(&b->text, &b->text_cap, b->text_len + len + 1, 1) != 0) {
    r->bad_col = i + 1;
    snprintf(r->bad_msg, sizeof r->bad_msg, "out of memory");
    return;
  }
  RowRef *row = &b->rows[b->nrows];
  row->off[i] = (uint32_t)b->text_len;
  row->len[i] = (uint32_t)len;
  memcpy(b->text + b->text_len, s, len);
  b->text[b->text_len + len] = '\0';
  b->text_len += len + 1;
}

/* libcsv: one field.  Keeps the first seven, in the batch being filled,
 * as the staged row rows[nrows]; counts the rest. */
static void on_field(void *data, size_t len, void *ctx) {
  CsvReader *r = ctx;
  int i = r->nfields++;
  if (i >= CSV_READER_FIELDS || r->bad_col) return;
  const unsigned char *s = data ? data : (const unsigned char *)"";
  if (data == NULL) len = 0;
  const char *bad = r->record_plain ? NULL : codec_text_fault((const char *)s, len); /* the one text rule */
  if (bad) {
    r->bad_col = i + 1;
    snprintf(r->bad_msg, sizeof r->bad_msg, "%s in the %s field (the event log is UTF-8 text)", bad,
             csv_reader_columns[i]);
    return;
  }
  stage_field(r, i, s, len);
}

/* Is a blank that libcsv trims from both ends of an unquoted field. */
static bool is_blank(unsigned char c) { return c == ' ' || c == '\t'; }

/* Eight bytes at p as a word whose lowest byte is p[0], whatever the
 * machine's byte order. */
static uint64_t load_word(const char *p) {
  uint64_t x;
  memcpy(&x, p, sizeof x);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  x = __builtin_bswap64(x);
#endif
  return x;
}

/* Bit k set where byte k of the word equals c: the bytes of word ^ c
 * that are zero, found exactly (no borrow between bytes), then gathered
 * into the low eight bits by one multiplication. */
static unsigned match_bits(uint64_t word, unsigned char c) {
  const uint64_t low7 = 0x7F7F7F7F7F7F7F7Fu;
  uint64_t v = word ^ (0x0101010101010101u * c);
  uint64_t zero = ~(((v & low7) + low7) | v | low7); /* 0x80 in each byte of v that is 0 */
  return (unsigned)(((zero >> 7) * 0x0102040810204080u) >> 56);
}

/* Field f of the row: line[a..z), its blanks trimmed, at the same place
 * in the batch's copy of the line (`text`, at offset `base` of the
 * arena), with a NUL after it (where its comma or LF was). */
static void plain_field(RowRef *row, int f, const char *line, char *text, size_t base, size_t a, size_t z) {
  while (a < z && is_blank((unsigned char)line[a])) a++;
  while (z > a && is_blank((unsigned char)line[z - 1])) z--;
  text[z] = '\0';
  if (f < CSV_READER_FIELDS) {
    row->off[f] = (uint32_t)(base + a);
    row->len[f] = (uint32_t)(z - a);
  }
}

/* The fast path of read_row: a whole record on one line of plain text
 * without quotes or CR, from its first byte to its LF, split here the way
 * libcsv would (fields between commas, blanks around each trimmed) at a
 * fraction of libcsv's byte-by-byte cost.  Most rows of an event log are
 * such lines.  The line is looked at eight bytes at a time in the block
 * (which has room for a word past its end), not in the copy just made:
 * a loop over bytes mispredicted a branch at every comma, and loading
 * words of the copy waited for the copy's stores.  Returns false, having
 * staged nothing, for a line with a quote: that one goes through libcsv. */
static bool split_plain(CsvReader *r, const unsigned char *seg, size_t len) {
  Batch *b = r->filling;
  if (b->text_len + len + 1 > b->text_cap && pn_vec_reserve(&b->text, &b->text_cap, b->text_len + len + 1, 1) != 0) {
    r->bad_col = 1;
    snprintf(r->bad_msg, sizeof r->bad_msg, "out of memory");
    r->row_ready = true;
    return true;
  }
  const char *line = (const char *)seg;
  char *text = b->text + b->text_len; /* the line goes in whole; each comma becomes its field's NUL */
  memcpy(text, line, len);
  RowRef *row = &b->rows[b->nrows];
  int f = 0;
  size_t from = 0;
  for (size_t w = 0; w < len; w += 8) {
    uint64_t word = load_word(line + w);
    unsigned in_line = len - w >= 8 ? 0xFFu : (1u << (len - w)) - 1; /* the bytes after the line are not its */
    if (match_bits(word, '"') & in_line) return false;
    for (unsigned commas = match_bits(word, ',') & in_line; commas; commas &= commas - 1) {
      size_t k = w + (size_t)__builtin_ctz(commas);
      plain_field(row, f++, line, text, b->text_len, from, k);
      from = k + 1;
    }
  }
  plain_field(row, f++, line, text, b->text_len, from, len);
  b->text_len += len + 1;
  r->nfields = f;
  r->row_ready = true;
  return true;
}

/* libcsv: the end of a row. */
static void on_row(int c, void *ctx) {
  (void)c;
  CsvReader *r = ctx;
  r->row_ready = true;
}

/* ------------------------------------------------------------------ reading */

/* Reads the next block.  Returns 1 with bytes, 0 at the end, -1 on an
 * I/O error (diag filled). */
static int read_block(CsvReader *r, PnDiag *diag) {
  size_t n = fread(r->block, 1, CSV_READER_BLOCK, r->fp);
  if (n == 0) {
    if (ferror(r->fp)) {
      set_error(r, diag, r->line, 0, "read error: %s", strerror(errno));
      return -1;
    }
    r->eof = true;
    return 0;
  }
  r->blen = n;
  r->bpos = 0;
  unsigned char *nul = memchr(r->block, '\0', n);
  r->nul_at = nul ? (size_t)(nul - r->block) : n;
  r->odd_known = r->cr_known = false;
  if (!r->started) {
    r->started = true;
    if (n >= 3 && memcmp(r->block, "\xEF\xBB\xBF", 3) == 0) r->bpos = 3; /* UTF-8 BOM */
    if (nul) { /* a binary file: say so before any other complaint */
      long line = 1;
      for (unsigned char *p = r->block; p < nul; p++) line += *p == '\n';
      set_error(r, diag, line, 0, "a NUL byte: this is not a text file");
      return -1;
    }
  }
  return 1;
}

/* The message for a libcsv failure while parsing a record. */
static void parse_failure(CsvReader *r, PnDiag *diag, long at_line) {
  int status = csv_error(&r->parser);
  int col = r->nfields + 1 > CSV_READER_FIELDS ? 0 : r->nfields + 1;
  if (status == CSV_ENOMEM || status == CSV_ETOOBIG) {
    set_error(r, diag, r->rec_line, col,
              "field longer than %d bytes (a quote left open?)", CSV_READER_MAX_FIELD);
  } else if (at_line != r->rec_line) {
    set_error(r, diag, r->rec_line, col,
              "bad quoting on line %ld: a quote inside an unquoted field, or text after a "
              "closing quote (write \"\" for a quote inside a quoted field)",
              at_line);
  } else {
    set_error(r, diag, r->rec_line, col,
              "bad quoting: a quote inside an unquoted field, or text after a closing quote "
              "(write \"\" for a quote inside a quoted field)");
  }
}

/* The length of the segment at bpos (bytes are left in the block): up to
 * and including the next LF, or a CR not followed by LF (libcsv ends a
 * row at a lone CR too). */
static size_t segment_length(CsvReader *r) {
  unsigned char *seg = r->block + r->bpos;
  size_t avail = r->blen - r->bpos;
  unsigned char *lf = memchr(seg, '\n', avail);
  size_t seglen = lf ? (size_t)(lf - seg) + 1 : avail;
  if (!r->cr_known || r->cr_at < r->bpos) { /* the block's next CR: most files have none */
    unsigned char *next = memchr(seg, '\r', avail);
    r->cr_at = next ? (size_t)(next - r->block) : r->blen;
    r->cr_known = true;
  }
  unsigned char *cr = r->cr_at < r->bpos + seglen ? r->block + r->cr_at : NULL;
  if (cr && cr + 1 != lf) seglen = (size_t)(cr - seg) + 1;
  return seglen;
}

/*
 * Parses input until one whole row is ready (1), the input ends (0), or
 * an error (-1).  The row's first fields are staged in the batch being
 * filled, as rows[nrows]; r->nfields counts them all; it starts on
 * r->rec_line.
 */
static int read_row(CsvReader *r, PnDiag *diag) {
  r->nfields = 0;
  r->row_ready = false;
  r->bad_col = 0;
  for (;;) {
    if (r->bad_col) {
      set_error(r, diag, r->rec_line, r->bad_col, "%s", r->bad_msg);
      return -1;
    }
    if (r->row_ready) return 1;
    if (r->finished) return 0;
    if (r->bpos >= r->blen) {
      if (!r->eof) {
        int got = read_block(r, diag);
        if (got < 0) return -1;
        if (got > 0) continue;
      }
      /* the end: a last row without a newline, or a quote left open */
      r->finished = true;
      if (csv_fini(&r->parser, on_field, on_row, r) != 0) {
        set_error(r, diag, r->rec_line, r->nfields + 1 > CSV_READER_FIELDS ? 0 : r->nfields + 1,
                  "quoted field not closed: the file ends inside it (a quote left open?)");
        return -1;
      }
      continue;
    }
    unsigned char *seg = r->block + r->bpos;
    size_t seglen = segment_length(r);
    bool nl = seg[seglen - 1] == '\n';

    if (r->in_comment) {
      if (r->nul_at < r->bpos + seglen) {
        set_error(r, diag, r->line, 0, "a NUL byte: this is not a text file");
        return -1;
      }
      r->bpos += seglen;
      if (nl) r->line++;
      if (nl || seg[seglen - 1] == '\r') r->in_comment = false; /* LF, CRLF or a lone CR ends it */
      continue;
    }
    if (r->between) {
      size_t k = 0;
      while (k < seglen && (seg[k] == ' ' || seg[k] == '\t' || seg[k] == '\r' || seg[k] == '\n')) k++;
      if (k == seglen) { /* blank: nothing starts here */
        r->bpos += seglen;
        if (nl) r->line++;
        continue;
      }
      r->bpos += k;
      if (seg[k] == '#') {
        r->in_comment = true;
        continue;
      }
      r->between = false;
      r->at_start = true;
      r->rec_line = r->line;
      r->record_plain = true;
      continue; /* parse from the record's first byte */
    }
    if (r->nul_at < r->bpos + seglen) {
      set_error(r, diag, r->rec_line, 0, "a NUL byte: this is not a text file");
      return -1;
    }
    if (r->record_plain) { /* plain text needs no UTF-8 or control-character check per field */
      if (!r->odd_known || r->odd_at < r->bpos) {
        r->odd_at = r->bpos + first_odd(seg, r->blen - r->bpos);
        r->odd_known = true;
      }
      if (r->odd_at < r->bpos + seglen) r->record_plain = false;
    }
    if (r->at_start && r->record_plain && nl && seglen <= CSV_READER_MAX_FIELD && r->cr_at >= r->bpos + seglen &&
        split_plain(r, seg, seglen - 1)) {
      r->bpos += seglen;
      r->line++;
      r->between = true;
      continue;
    }
    r->at_start = false;
    size_t used = csv_parse(&r->parser, seg, seglen, on_field, on_row, r);
    if (used < seglen) {
      parse_failure(r, diag, r->line);
      return -1;
    }
    r->bpos += seglen;
    if (nl) r->line++;
    if (r->row_ready) r->between = true;
  }
}

/* The header row (staged in b) must be the seven column names, exactly. */
static int check_header(CsvReader *r, const Batch *b, PnDiag *diag) {
  const RowRef *row = &b->rows[b->nrows];
  for (int i = 0; i < CSV_READER_FIELDS && i < r->nfields; i++) {
    const char *field = b->text + row->off[i];
    if (strcmp(field, csv_reader_columns[i]) != 0) {
      set_error(r, diag, r->rec_line, i + 1,
                "bad header: column %d must be '%s', not '%.40s' (the header is "
                "game,hand,seq,seat,action,cards,value)",
                i + 1, csv_reader_columns[i], field);
      return -1;
    }
  }
  if (r->nfields < CSV_READER_FIELDS) {
    set_error(r, diag, r->rec_line, r->nfields + 1,
              "bad header: column %d '%s' is missing (the header is "
              "game,hand,seq,seat,action,cards,value)",
              r->nfields + 1, csv_reader_columns[r->nfields]);
    return -1;
  }
  if (r->nfields > CSV_READER_FIELDS) {
    set_error(r, diag, r->rec_line, CSV_READER_FIELDS + 1,
              "bad header: %d columns, expected 7 (game,hand,seq,seat,action,cards,value)",
              r->nfields);
    return -1;
  }
  return 0;
}

/* Row i of b as a CsvRecord (prepared: its slot, if any). */
static void record_of(const Batch *b, int i, CsvRecord *rec) {
  const RowRef *row = &b->rows[i];
  rec->line = row->line;
  for (int f = 0; f < CSV_READER_FIELDS; f++) {
    rec->field[f] = b->text + row->off[f];
    rec->len[f] = row->len[f];
  }
  rec->prepared = NULL;
}

/* Parses rows into b until it is full, the input ends or an error. */
static void fill_rows(CsvReader *r, Batch *b) {
  b->nrows = 0;
  b->text_len = 0;
  b->end = 0;
  r->filling = b;
  while (b->nrows < BATCH_ROWS && b->text_len < BATCH_TEXT) {
    size_t row_start = b->text_len;
    int got = read_row(r, &b->error);
    if (got < 0) {
      b->end = -1;
      return;
    }
    if (got == 0) {
      if (!r->header_done) {
        set_error(r, &b->error, 1, 0, "no header row: the file is empty (the header is "
                                      "game,hand,seq,seat,action,cards,value)");
        b->end = -1;
        return;
      }
      b->end = 1;
      return;
    }
    if (!r->header_done) {
      if (check_header(r, b, &b->error) != 0) {
        b->end = -1;
        return;
      }
      r->header_done = true;
      b->text_len = row_start; /* the header is not a row */
      continue;
    }
    if (r->nfields != CSV_READER_FIELDS) {
      int col = r->nfields < CSV_READER_FIELDS ? r->nfields + 1 : CSV_READER_FIELDS + 1;
      set_error(r, &b->error, r->rec_line, col, "%d field%s, expected 7 (game,hand,seq,seat,action,cards,value)",
                r->nfields, r->nfields == 1 ? "" : "s");
      b->end = -1;
      return;
    }
    b->rows[b->nrows].line = r->rec_line;
    b->nrows++;
  }
}

/* Fills b, then runs the prepare hook on its rows if this side is to.
 * After the batch, not after each row: perf put 58% of fill_batch's
 * samples on the loads of a row's offsets just after they were stored
 * (four at a time, stored one by one), and an import of 100,000 deals
 * takes 0.974x the time this way. */
static void fill_batch(CsvReader *r, Batch *b) {
  fill_rows(r, b);
  if (r->prepare && b->prepare_here) {
    CsvRecord rec;
    for (int i = 0; i < b->nrows; i++) {
      record_of(b, i, &rec);
      r->prepare(&rec, b->slots + (size_t)i * r->slot_size);
    }
  }
}

/* A batch in the queue: free to fill, or ready to read. */
enum { BATCH_FREE = 0, BATCH_READY = 1 };

/* The parsing thread: fills the ring until the end, an error, or stop. */
static void *parse_ahead(void *arg) {
  CsvReader *r = arg;
  for (;;) {
    int slot = (int)(r->produced % BATCHES);
    if (!pn_queue_wait(&r->queue, slot, BATCH_FREE)) break; /* the reading side closes */
    Batch *b = r->batches[slot];
    /* Who runs the prepare hook: this thread while it is ahead (batches
     * wait besides the one being read), else the reader, which would
     * only wait for this thread: the slower side sheds the work. */
    b->prepare_here = pn_queue_count(&r->queue, BATCH_READY) >= 2;
    fill_batch(r, b);
    r->produced++;
    pn_queue_set(&r->queue, slot, BATCH_READY);
    if (b->end != 0) break;
  }
  return NULL;
}

/* The reading side's next batch: handed over by the thread, or parsed now. */
static Batch *next_batch(CsvReader *r) {
  if (!r->threaded) {
    r->batches[0]->prepare_here = true;
    fill_batch(r, r->batches[0]);
    return r->batches[0];
  }
  if (r->reading) /* give the last one back */
    pn_queue_set(&r->queue, (int)(r->consumed++ % BATCHES), BATCH_FREE);
  int slot = (int)(r->consumed % BATCHES);
  pn_queue_wait(&r->queue, slot, BATCH_READY); /* only this side stops the queue: it comes */
  return r->batches[slot];
}

/* ------------------------------------------------------------- open/close */

static int new_reader(FILE *fp, const char *name, bool own_fp, CsvReader **out, PnDiag *diag) {
  *out = NULL;
  CsvReader *r = calloc(1, sizeof *r);
  if (r == NULL) goto nomem;
  r->block = calloc(1, CSV_READER_BLOCK + 8); /* a word may be read past the last byte (split_plain) */
  if (r->block == NULL) goto nomem;
  if (csv_init(&r->parser, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) goto nomem;
  csv_set_realloc_func(&r->parser, capped_realloc);
  csv_set_blk_size(&r->parser, PARSER_BLOCK);
  r->fp = fp;
  r->own_fp = own_fp;
  r->name = name;
  r->line = 1;
  r->between = true;

  /* read ahead only where reading never blocks for long: a regular file */
  struct stat st;
  bool regular = fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode);
  r->nbatches = regular ? BATCHES : 1;
  for (int i = 0; i < r->nbatches; i++) {
    r->batches[i] = calloc(1, sizeof *r->batches[i]);
    if (r->batches[i] == NULL) goto nomem;
    r->batches[i]->text_cap = BATCH_TEXT;
    r->batches[i]->text = malloc(BATCH_TEXT);
    if (r->batches[i]->text == NULL) goto nomem;
  }
  *out = r; /* the thread starts with the first csv_reader_next */
  return 0;
nomem:
  if (r) r->own_fp = false; /* the caller closes what it opened */
  csv_reader_close(r);
  diag->file = name;
  diag->line = 0;
  diag->col = 0;
  snprintf(diag->msg, sizeof diag->msg, "out of memory");
  return -1;
}

int csv_reader_new(FILE *fp, const char *name, CsvReader **out, PnDiag *diag) {
  return new_reader(fp, name, false, out, diag);
}

int csv_reader_open(const char *path, const char *name, CsvReader **out, PnDiag *diag) {
  bool is_stdin = strcmp(path, "-") == 0;
  if (name == NULL) name = is_stdin ? "<stdin>" : path;
  *out = NULL;
  FILE *fp = is_stdin ? stdin : fopen(path, "rb");
  if (fp == NULL) {
    diag->file = name;
    diag->line = 0;
    diag->col = 0;
    snprintf(diag->msg, sizeof diag->msg, "cannot open: %s", strerror(errno));
    return -1;
  }
  if (new_reader(fp, name, !is_stdin, out, diag) != 0) {
    if (!is_stdin) fclose(fp);
    return -1;
  }
  return 0;
}

void csv_reader_close(CsvReader *r) {
  if (r == NULL) return;
  if (r->threaded) {
    pn_queue_stop(&r->queue, -1);
    pthread_join(r->thread, NULL); /* it finishes the batch it fills: a regular file never blocks */
    pn_queue_destroy(&r->queue);
  }
  csv_free(&r->parser);
  if (r->own_fp) fclose(r->fp);
  for (int i = 0; i < BATCHES; i++) {
    if (r->batches[i]) {
      free(r->batches[i]->text);
      free(r->batches[i]->slots);
    }
    free(r->batches[i]);
  }
  free(r->block);
  free(r);
}

const char *csv_reader_name(const CsvReader *r) { return r->name; }

int csv_reader_prepare(CsvReader *r, CsvPrepareFn *fn, size_t slot_size, PnDiag *diag) {
  if (r->begun || slot_size == 0) { /* a caller's bug: say so rather than race the thread */
    set_error(r, diag, 0, 0, "csv_reader_prepare: too late, or a slot of 0 bytes");
    return -1;
  }
  for (int i = 0; i < r->nbatches; i++) {
    size_t cap = 0; /* a fixed BATCH_ROWS slots: made (or remade) here, once */
    if (pn_vec_reserve(&r->batches[i]->slots, &cap, BATCH_ROWS, slot_size) != 0) {
      set_error(r, diag, 0, 0, "out of memory");
      return -1;
    }
  }
  r->prepare = fn;
  r->slot_size = slot_size;
  return 0;
}

/* Starts the parsing thread when the file is regular (else, or if it
 * cannot start, batches are parsed on the caller's thread). */
static void begin(CsvReader *r) {
  r->begun = true;
  if (r->nbatches < BATCHES || pn_queue_init(&r->queue, BATCHES, true) != 0) return;
  if (pthread_create(&r->thread, NULL, parse_ahead, r) == 0) {
    r->threaded = true;
    return;
  }
  pn_queue_destroy(&r->queue);
}

void csv_reader_start(CsvReader *r) {
  if (!r->begun) begin(r);
}

int csv_reader_next(CsvReader *r, CsvRecord *rec, PnDiag *diag) {
  if (r->failed) {
    *diag = r->error;
    return -1;
  }
  for (;;) {
    Batch *b = r->reading;
    if (b && r->next_row < b->nrows) {
      int i = r->next_row++;
      record_of(b, i, rec);
      if (b->slots) rec->prepared = b->slots + (size_t)i * r->slot_size;
      return 1;
    }
    if (b && b->end > 0) return 0;
    if (b && b->end < 0) {
      r->error = b->error;
      r->failed = true;
      *diag = r->error;
      return -1;
    }
    if (!r->begun) begin(r);
    r->reading = b = next_batch(r);
    r->next_row = 0;
    if (r->prepare && !b->prepare_here) /* the parsing side left it to this one */
      for (int i = 0; i < b->nrows; i++) {
        record_of(b, i, rec);
        r->prepare(rec, b->slots + (size_t)i * r->slot_size);
      }
  }
}
