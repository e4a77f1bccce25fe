/*
 * csv_reader.h - a streaming reader of the event log (EVENT-LOG.md) on
 * libcsv: one record at a time, each with the physical line where it
 * starts.
 *
 * The file is read in blocks (64 KiB), never whole.  A regular file is
 * parsed ahead on a second thread (csv_reader.c says how), in batches of
 * 512 rows or about 16 KiB of fields, at most four at a time: memory stays
 * bounded by those and one record (seven fields of at most
 * CSV_READER_MAX_FIELD bytes).  Records and errors come in file order
 * either way.
 * Handled here, so the importer sees only clean records:
 *   - a UTF-8 byte-order mark at the start is skipped;
 *   - LF and CRLF line ends; a last line without its newline;
 *   - blank lines, and lines whose first character (after blanks) is '#',
 *     are comments: skipped without being parsed as CSV;
 *   - quoted fields with commas, doubled quotes and line breaks; the line
 *     reported for a record is the one where it STARTS (like the SQLite
 *     shell's importer), whatever lines its fields span;
 *   - the header row must be exactly game,hand,seq,seat,action,cards,value.
 * Refused with a diagnostic (file, line where the record starts, column):
 * a bad header, a row without exactly seven fields, a quote left open at
 * the end of the file, malformed quoting, a NUL byte or other control
 * character, text that is not UTF-8, a field longer than
 * CSV_READER_MAX_FIELD bytes (the parser's buffer is capped: a 10 MB field
 * costs no more memory than a 64 KiB one).
 *
 * Line numbers count '\n' bytes: a lone CR ends a row (as libcsv has it)
 * but does not start a new line number.
 */
#ifndef PN_CSV_READER_H
#define PN_CSV_READER_H

#include <stdio.h>

#include "pinochle.h"
#include "codec.h"

#define CSV_READER_FIELDS 7              /* game,hand,seq,seat,action,cards,value */
#define CSV_READER_MAX_FIELD CODEC_MAX_TEXT /* bytes in one field, at most (codec.h) */
#define CSV_READER_BLOCK 65536           /* bytes read at a time */

/* Field numbers (1-based, as diagnostics report them). */
enum {
  CSV_COL_GAME = 1,
  CSV_COL_HAND,
  CSV_COL_SEQ,
  CSV_COL_SEAT,
  CSV_COL_ACTION,
  CSV_COL_CARDS,
  CSV_COL_VALUE
};

/* The column names of the header row, in order (index 0 = game). */
extern const char *const csv_reader_columns[CSV_READER_FIELDS];

typedef struct CsvReader CsvReader;

/* One data row.  The strings are NUL-terminated and borrowed until the
 * next csv_reader_next() or csv_reader_close(). */
typedef struct CsvRecord {
  long line;                               /* 1-based line where the record starts */
  const char *field[CSV_READER_FIELDS];    /* the fields, index col-1 */
  size_t len[CSV_READER_FIELDS];           /* their lengths in bytes */
  const void *prepared;                    /* what the prepare hook made of it; NULL without one */
} CsvRecord;

/* Work done for each data row where it is parsed, before the caller sees
 * it: on the parsing thread when there is one, so the two threads share
 * the work.  It fills `slot` from `rec` (whose `prepared` is NULL) and
 * must touch nothing else: it runs beside the caller. */
typedef void CsvPrepareFn(const CsvRecord *rec, void *slot);

/* Opens path for reading ("-" is standard input).  `name` is what
 * diagnostics call the file (NULL: path, or "<stdin>"); it is borrowed
 * for the reader's life.  Returns 0, or -1 with diag filled and *out
 * NULL.  Caller closes with csv_reader_close(). */
int csv_reader_open(const char *path, const char *name, CsvReader **out, PnDiag *diag);
/* Reads from an open stream the caller keeps owning (tests: fmemopen). */
int csv_reader_new(FILE *fp, const char *name, CsvReader **out, PnDiag *diag);
/* Closes the file it opened (not a stream given to csv_reader_new) and
 * frees everything; NULL is a no-op. */
void csv_reader_close(CsvReader *reader);

/* Sets the prepare hook and the size of its slot, before the first
 * csv_reader_next.  Returns 0, or -1 with diag filled (out of memory). */
int csv_reader_prepare(CsvReader *reader, CsvPrepareFn *fn, size_t slot_size, PnDiag *diag);

/* Starts reading ahead now (a regular file's parsing thread) rather than
 * at the first csv_reader_next, so that the parsing overlaps what the
 * caller does first; no more csv_reader_prepare after it. */
void csv_reader_start(CsvReader *reader);

/* Reads the next data row (the header is checked on the first call).
 * Returns 1 with *rec filled, 0 at the end of the file, or -1 with diag
 * filled (file, line, col, msg); after -1 every call returns -1 again. */
int csv_reader_next(CsvReader *reader, CsvRecord *rec, PnDiag *diag);

/* The name diagnostics use for this reader's file. */
const char *csv_reader_name(const CsvReader *reader);

#endif
