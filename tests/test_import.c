/*
 * test_import.c - event logs in and out: the CSV reader, import_file and
 * export_games, on whole files.
 *
 * Golden files live in tests/import/: base.csv (a two-hand club game with
 * comments, quoted names and non-canonical cards) and its canonical export
 * base.expected.csv; ok/ holds valid variants of it (CRLF, BOM, no final
 * newline, a name spanning lines, keep-going, other content); bad/ holds
 * one file per error class and bad/errors.golden the exact diagnostic of
 * each, FILE:LINE:COL: error: REASON.  The 40-game parity file is
 * tests/data/peer-parity/pinochle_parity.csv (see the README.md there).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codec.h"
#include "csv_reader.h"
#include "export.h"
#include "import.h"
#include "pinochle.h"
#include "sim.h"
#include "store.h"

#define PARITY PN_SOURCE_DIR "/tests/data/peer-parity/pinochle_parity.csv"
#define GOLDEN PN_SOURCE_DIR "/tests/import/"
#define CONTRACT PN_SOURCE_DIR "/tests/contract/"

static char tmpdir[64];

/* ------------------------------------------------------------- helpers */

static const char *tmp_path(const char *name) {
  static char buf[4][256];
  static int next;
  char *p = buf[next++ % 4];
  int n = snprintf(p, sizeof buf[0], "%s/%s", tmpdir, name);
  if (n < 0 || (size_t)n >= sizeof buf[0]) fail_msg("path too long: %s", name);
  return p;
}

/* The whole file; caller frees.  *len gets its size. */
static char *slurp(const char *path, size_t *len) {
  FILE *fp = fopen(path, "rb");
  if (fp == NULL) fail_msg("cannot open %s", path);
  char *buf = NULL;
  size_t size = 0, n;
  char chunk[65536];
  while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
    buf = realloc(buf, size + n + 1);
    memcpy(buf + size, chunk, n);
    size += n;
  }
  fclose(fp);
  if (buf == NULL) buf = calloc(1, 1);
  buf[size] = '\0';
  if (len) *len = size;
  return buf;
}

static void spill(const char *path, const char *data, size_t len) {
  FILE *fp = fopen(path, "wb");
  assert_non_null(fp);
  assert_int_equal(fwrite(data, 1, len, fp), len);
  assert_int_equal(fclose(fp), 0);
}

static Store *open_store(const char *path) {
  Store *store = NULL;
  PnDiag diag = {0};
  if (store_open(path, STORE_CREATE, &store, &diag) != 0) fail_msg("store_open %s: %s", path, diag.msg);
  return store;
}

/* A fresh database file in the temporary folder. */
static Store *fresh_store(const char *name) {
  const char *path = tmp_path(name);
  unlink(path);
  char side[300];
  snprintf(side, sizeof side, "%s-wal", path);
  unlink(side);
  snprintf(side, sizeof side, "%s-shm", path);
  unlink(side);
  return open_store(path);
}

typedef struct Notes {
  int skipped, replaced, bad;           /* notes received by kind */
  char last_bad[400];                   /* the last bad game's diagnostic */
} Notes;

static void format_diag(const PnDiag *d, char *buf, size_t size) {
  snprintf(buf, size, "%s:%ld:%d: error: %s", d->file ? d->file : "?", d->line, d->col, d->msg);
}

static void on_note(void *ctx, ImportNote note, const PnDiag *diag) {
  Notes *n = ctx;
  if (note == IMPORT_NOTE_SKIPPED) n->skipped++;
  if (note == IMPORT_NOTE_REPLACED) n->replaced++;
  if (note == IMPORT_NOTE_BAD_GAME) {
    n->bad++;
    format_diag(diag, n->last_bad, sizeof n->last_bad);
  }
}

/* Imports path, naming it `name` in diagnostics (NULL: the path). */
static int import_as(Store *store, const char *path, const char *name, bool keep_going, bool replace,
                     ImportStats *stats, PnDiag *diag, Notes *notes) {
  ImportOptions opts = {.keep_going = keep_going, .replace = replace, .name = name, .note = on_note, .ctx = notes};
  static Notes ignored;
  if (notes == NULL) opts.ctx = &ignored;
  memset(diag, 0, sizeof *diag);
  return import_file(store, path, &opts, stats, diag);
}

static void import_ok(Store *store, const char *path, ImportStats *stats) {
  PnDiag diag;
  int rc = import_as(store, path, NULL, false, false, stats, &diag, NULL);
  if (rc != 0) fail_msg("%s:%ld:%d: %s", diag.file, diag.line, diag.col, diag.msg);
}

/* The export of the selected games (NULL: all) as a string; caller frees. */
static char *export_text(Store *store, const char *const *keys, int nkeys, int *rc) {
  char *buf = NULL;
  size_t size = 0;
  FILE *mem = open_memstream(&buf, &size);
  assert_non_null(mem);
  ExportOptions opts = {.nkeys = nkeys, .keys = keys};
  ExportStats stats = {0};
  PnDiag diag = {0};
  int got = export_games(store, &opts, mem, &stats, &diag);
  fclose(mem);
  if (rc) *rc = got;
  else if (got != 0) fail_msg("export: %s", diag.msg);
  return buf;
}

/* A digest of every row of every table, through a connection of its own:
 * equal digests before and after mean the file's content is unchanged. */
static uint64_t db_digest(const char *path) {
  sqlite3 *db = NULL;
  assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
  sqlite3_stmt *tables = NULL;
  assert_int_equal(sqlite3_prepare_v2(db,
                                      "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name",
                                      -1, &tables, NULL),
                   SQLITE_OK);
  uint64_t h = CODEC_HASH_SEED;
  long rows = 0;
  while (sqlite3_step(tables) == SQLITE_ROW) {
    const char *name = (const char *)sqlite3_column_text(tables, 0);
    h = codec_hash_text(h, name);
    char *sql = sqlite3_mprintf("SELECT * FROM \"%w\"", name);
    sqlite3_stmt *st = NULL;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    sqlite3_free(sql);
    while (sqlite3_step(st) == SQLITE_ROW) {
      rows++;
      for (int c = 0; c < sqlite3_column_count(st); c++) {
        int type = sqlite3_column_type(st, c);
        h = codec_hash(h, &type, sizeof type);
        const void *blob = sqlite3_column_blob(st, c);
        h = codec_hash(h, blob ? blob : "", (size_t)sqlite3_column_bytes(st, c));
      }
    }
    sqlite3_finalize(st);
  }
  sqlite3_finalize(tables);
  sqlite3_close(db);
  return codec_hash(h, &rows, sizeof rows);
}

/* ------------------------------------------------------ setup/teardown */

static int make_tmpdir(void **state) {
  (void)state;
  snprintf(tmpdir, sizeof tmpdir, "/tmp/pn-test-import-XXXXXX");
  return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state) {
  (void)state;
  DIR *dir = opendir(tmpdir);
  if (dir == NULL) return 0;
  struct dirent *e;
  while ((e = readdir(dir)) != NULL)
    if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) unlink(tmp_path(e->d_name));
  closedir(dir);
  rmdir(tmpdir);
  return 0;
}

/* ------------------------------------------------------------- reader */

/* Records come with the line they START on, past comments, blank lines,
 * a BOM, CRLF and fields spanning lines. */
static void test_reader_reports_the_line_where_each_record_starts(void **state) {
  (void)state;
  static const char text[] = "\xEF\xBB\xBF# comment with a \"stray quote\r\n"
                             "game,hand,seq,seat,action,cards,value\r\n"
                             "\r\n"
                             "  \t\r\n"
                             "g,0,1,,variant,,two-hand\r\n"
                             "g,0,2,1,player,,\"Ann\r\nof two\r\nlines\"\r\n"
                             "   # indented comment\n"
                             "g,0,3,2,player,, Bob \n"
                             "\"#g\",0,4,,tag,,\" x=1 \"";
  FILE *fp = fmemopen((void *)text, sizeof text - 1, "rb");
  CsvReader *r = NULL;
  PnDiag diag = {0};
  assert_int_equal(csv_reader_new(fp, "mem", &r, &diag), 0);
  static const struct {
    long line;
    const char *key, *value;
  } WANT[] = {{5, "g", "two-hand"}, {6, "g", "Ann\r\nof two\r\nlines"}, {10, "g", "Bob"}, {11, "#g", " x=1 "}};
  CsvRecord rec;
  for (size_t i = 0; i < sizeof WANT / sizeof WANT[0]; i++) {
    assert_int_equal(csv_reader_next(r, &rec, &diag), 1);
    assert_int_equal(rec.line, WANT[i].line);
    assert_string_equal(rec.field[0], WANT[i].key);
    assert_string_equal(rec.field[6], WANT[i].value);
  }
  assert_int_equal(csv_reader_next(r, &rec, &diag), 0);
  csv_reader_close(r);
  fclose(fp);
}

/* Most lines are split without libcsv (plain text, no quote, no CR):
 * each such line gives what libcsv gives for the same line with its key
 * quoted (which sends it through libcsv): the same fields, blanks around
 * each trimmed, or the same error with the same column. */
static void read_one(const char *line, int *got, CsvRecord *rec, PnDiag *diag, char *fields, size_t size) {
  char text[512];
  /* the line after it (not read) is commas only: none of them may count as the line's */
  int n = snprintf(text, sizeof text, "game,hand,seq,seat,action,cards,value\n%s\n,,,,,,,,,,,,,,,,\n", line);
  FILE *fp = fmemopen(text, (size_t)n, "rb");
  CsvReader *r = NULL;
  assert_int_equal(csv_reader_new(fp, "mem", &r, diag), 0);
  *got = csv_reader_next(r, rec, diag);
  fields[0] = '\0';
  for (int f = 0; *got == 1 && f < CSV_READER_FIELDS; f++) {
    size_t used = strlen(fields);
    snprintf(fields + used, size - used, "[%s:%zu]", rec->field[f], rec->len[f]);
  }
  csv_reader_close(r);
  fclose(fp);
}

/* The line "g" + tail, plain and with its key quoted, reads the same. */
static void assert_split_as_libcsv(const char *tail) {
  char plain[256], quoted[256], a[512], b[512];
  snprintf(plain, sizeof plain, "g%s", tail);
  snprintf(quoted, sizeof quoted, "\"g\"%s", tail);
  int got_a, got_b;
  CsvRecord ra, rb;
  PnDiag da = {0}, db = {0};
  read_one(plain, &got_a, &ra, &da, a, sizeof a);
  read_one(quoted, &got_b, &rb, &db, b, sizeof b);
  assert_int_equal(got_a, got_b);
  assert_string_equal(a, b);
  if (got_a < 0) {
    assert_int_equal(da.line, db.line);
    assert_int_equal(da.col, db.col);
    assert_string_equal(da.msg, db.msg);
  }
}

static void test_reader_splits_plain_lines_as_libcsv_does(void **state) {
  (void)state;
  static const char *const TAILS[] = {
      ",1,2,3,play,AS,",           ",0,1,,variant,,two-hand",   ", 0 ,\t1\t, ,tag , ,x=1 \t",
      ",1,2,3,play,AS,,",          ",1,2,3,play,AS",            ",1,2,3,play,AS,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,",
      ",1,2,3,pl\"ay,AS,",         ",1,2,3,play,AS,x \t ",      ",,,,,,",
      ",-1,-,-3,-,-,--",           ",1,#,!\"\"-,play,AS,",   /* the bytes one above ',' and '"' */
  };
  for (size_t i = 0; i < sizeof TAILS / sizeof TAILS[0]; i++) assert_split_as_libcsv(TAILS[i]);
  /* The plain lines are looked at eight bytes at a time: a comma, a blank
   * or a quote at every place in a word, and lines ending anywhere in one. */
  for (int k = 0; k < 20; k++) {
    char tail[128];
    snprintf(tail, sizeof tail, ",1,%.*s,3,play, AS,%.*s", k, "xxxxxxxxxxxxxxxxxxxx", k % 9, " v v v v v");
    assert_split_as_libcsv(tail);
    snprintf(tail, sizeof tail, ",1,%.*s\",3,play,AS,", k, "xxxxxxxxxxxxxxxxxxxx");
    assert_split_as_libcsv(tail);
    snprintf(tail, sizeof tail, ",1,2,3,play,AS,%.*s\t", k, ",,,,,,,,,,,,,,,,,,,,");
    assert_split_as_libcsv(tail);
  }
  /* and what they give, for two of them */
  int got;
  CsvRecord rec;
  PnDiag diag = {0};
  char f[512];
  read_one("g, 0 ,\t1\t, ,tag , ,x=1 \t", &got, &rec, &diag, f, sizeof f);
  assert_int_equal(got, 1);
  assert_string_equal(f, "[g:1][0:1][1:1][:0][tag:3][:0][x=1:3]");
  read_one("g,1,2,3,play,AS,,", &got, &rec, &diag, f, sizeof f);
  assert_int_equal(got, -1);
  assert_int_equal(diag.col, 8);
  assert_non_null(strstr(diag.msg, "8 fields, expected 7"));
}

/* A big file is parsed ahead on a second thread (a regular file) or on
 * the caller's (any other stream): both give the same rows with the same
 * lines across many batches (rows of every size, fields spanning lines),
 * and an error after them comes only after every row before it. */
/* A prepare hook for the test below: the row's line and seq field. */
typedef struct SeqSlot {
  long line;
  char seq[16];
} SeqSlot;

static void prepare_seq(const CsvRecord *rec, void *slot) {
  SeqSlot *s = slot;
  assert_null(rec->prepared);
  s->line = rec->line;
  snprintf(s->seq, sizeof s->seq, "%s", rec->field[CSV_COL_SEQ - 1]);
}

static void test_reader_reading_ahead_gives_the_rows_in_order_then_the_error(void **state) {
  (void)state;
  size_t cap = 8 << 20, len = 0;
  char *text = malloc(cap);
  len += (size_t)snprintf(text + len, cap - len, "game,hand,seq,seat,action,cards,value\n");
  enum { ROWS = 30000 };
  for (int i = 0; i < ROWS; i++) {
    if (i % 1000 == 7) len += (size_t)snprintf(text + len, cap - len, "# comment %d\n\n", i);
    int pad = i % 97 == 0 ? 3000 : i % 5; /* now and then a long field */
    len += (size_t)snprintf(text + len, cap - len, "g%d,%d,%d,,tag,,\"%s%0*d\"\n", i / 50, i % 7, i,
                            i % 11 == 0 ? "two\nlines " : "", pad, i);
  }
  len += (size_t)snprintf(text + len, cap - len, "g,0,1,,variant\n"); /* five fields */
  spill(tmp_path("ahead.csv"), text, len);

  FILE *mem = fmemopen(text, len, "rb");
  CsvReader *ahead = NULL, *inline_reader = NULL;
  PnDiag diag = {0}, diag2 = {0};
  assert_int_equal(csv_reader_open(tmp_path("ahead.csv"), "ahead.csv", &ahead, &diag), 0);
  assert_int_equal(csv_reader_new(mem, "ahead.csv", &inline_reader, &diag), 0);
  assert_int_equal(csv_reader_prepare(ahead, prepare_seq, sizeof(SeqSlot), &diag), 0);
  assert_int_equal(csv_reader_prepare(inline_reader, prepare_seq, sizeof(SeqSlot), &diag), 0);
  CsvRecord a, b;
  long line = 2;
  for (int i = 0; i < ROWS; i++) {
    assert_int_equal(csv_reader_next(ahead, &a, &diag), 1);
    assert_int_equal(csv_reader_next(inline_reader, &b, &diag2), 1);
    if (i % 1000 == 7) line += 2;
    assert_int_equal(a.line, line);
    assert_int_equal(b.line, line);
    line += i % 11 == 0 ? 2 : 1;
    char seq[16];
    snprintf(seq, sizeof seq, "%d", i);
    assert_string_equal(a.field[CSV_COL_SEQ - 1], seq);
    /* the hook ran on this row, on whichever side */
    const SeqSlot *pa = a.prepared, *pb = b.prepared;
    assert_int_equal(pa->line, line - (i % 11 == 0 ? 2 : 1));
    assert_string_equal(pa->seq, seq);
    assert_int_equal(pb->line, pa->line);
    assert_string_equal(pb->seq, seq);
    for (int f = 0; f < CSV_READER_FIELDS; f++) {
      assert_int_equal(a.len[f], b.len[f]);
      assert_string_equal(a.field[f], b.field[f]);
    }
  }
  assert_int_equal(csv_reader_next(ahead, &a, &diag), -1);
  assert_int_equal(csv_reader_next(inline_reader, &b, &diag2), -1);
  assert_int_equal(diag.line, line);
  assert_int_equal(diag2.line, line);
  assert_string_equal(diag.msg, diag2.msg);
  assert_non_null(strstr(diag.msg, "5 fields, expected 7"));
  csv_reader_close(ahead);
  csv_reader_close(inline_reader);
  fclose(mem);

  /* closing early stops the thread while it still has rows to give */
  assert_int_equal(csv_reader_open(tmp_path("ahead.csv"), "ahead.csv", &ahead, &diag), 0);
  assert_int_equal(csv_reader_next(ahead, &a, &diag), 1);
  csv_reader_close(ahead);

  /* started before any row is asked for (import_open, while the database
   * opens): the hook is fixed from then on, and closing without reading
   * (the database would not open) stops the thread */
  assert_int_equal(csv_reader_open(tmp_path("ahead.csv"), "ahead.csv", &ahead, &diag), 0);
  assert_int_equal(csv_reader_prepare(ahead, prepare_seq, sizeof(SeqSlot), &diag), 0);
  csv_reader_start(ahead);
  assert_int_equal(csv_reader_prepare(ahead, prepare_seq, sizeof(SeqSlot), &diag), -1);
  csv_reader_close(ahead);
  assert_int_equal(csv_reader_open(tmp_path("ahead.csv"), "ahead.csv", &ahead, &diag), 0);
  assert_int_equal(csv_reader_prepare(ahead, prepare_seq, sizeof(SeqSlot), &diag), 0);
  csv_reader_start(ahead);
  for (int i = 0; i < 3; i++) {
    assert_int_equal(csv_reader_next(ahead, &a, &diag), 1);
    assert_string_equal(((const SeqSlot *)a.prepared)->seq, a.field[CSV_COL_SEQ - 1]);
  }
  csv_reader_close(ahead);
  free(text);
}

/* Plain ASCII is checked eight bytes at a time: a control character, DEL
 * or a byte that is not UTF-8 is still found at every offset in a word,
 * and real UTF-8 still passes. */
static void test_reader_finds_an_odd_byte_at_every_offset(void **state) {
  (void)state;
  static const char *const ODD[] = {"\x01", "\x7F", "\xC3", "\x1B"};
  for (int odd = 0; odd < 4; odd++)
    for (int at = 0; at < 17; at++) {
      char text[512];
      int len = snprintf(text, sizeof text,
                         "game,hand,seq,seat,action,cards,value\n"
                         "g,0,1,,variant,,two-hand\n"
                         "g,0,2,1,player,,Ren\xC3\xA9\n"
                         "g,0,3,,tag,,note=%.*s%s%s\n",
                         at, "abcdefghijklmnopq", ODD[odd], "rest of it");
      FILE *fp = fmemopen(text, (size_t)len, "rb");
      CsvReader *r = NULL;
      PnDiag diag = {0};
      CsvRecord rec;
      assert_int_equal(csv_reader_new(fp, "odd", &r, &diag), 0);
      assert_int_equal(csv_reader_next(r, &rec, &diag), 1);
      assert_int_equal(csv_reader_next(r, &rec, &diag), 1);
      assert_string_equal(rec.field[CSV_COL_VALUE - 1], "Ren\xC3\xA9");
      assert_int_equal(csv_reader_next(r, &rec, &diag), -1);
      assert_int_equal(diag.line, 4);
      assert_int_equal(diag.col, CSV_COL_VALUE);
      assert_non_null(strstr(diag.msg, odd == 2 ? "not UTF-8" : "control character"));
      csv_reader_close(r);
      fclose(fp);
    }
}

/* A 10 MB field is refused at the line its record starts on, and the
 * parser's buffer stops growing at the limit. */
static void test_reader_refuses_a_10mb_field(void **state) {
  (void)state;
  static const char head[] = "game,hand,seq,seat,action,cards,value\ng,0,1,,variant,,two-hand\ng,0,2,,tag,,\"x=";
  size_t len = strlen(head) + 10 * 1024 * 1024;
  char *data = malloc(len);
  memcpy(data, head, strlen(head));
  memset(data + strlen(head), 'a', len - strlen(head));
  spill(tmp_path("huge.csv"), data, len);
  free(data);

  CsvReader *r = NULL;
  PnDiag diag = {0};
  CsvRecord rec;
  assert_int_equal(csv_reader_open(tmp_path("huge.csv"), "huge.csv", &r, &diag), 0);
  assert_int_equal(csv_reader_next(r, &rec, &diag), 1);
  assert_int_equal(csv_reader_next(r, &rec, &diag), -1);
  assert_int_equal(diag.line, 3);
  assert_int_equal(diag.col, CSV_COL_VALUE);
  assert_non_null(strstr(diag.msg, "longer than 65536 bytes"));
  assert_int_equal(csv_reader_next(r, &rec, &diag), -1); /* and stays failed */
  csv_reader_close(r);

  /* through import_file: nothing stored */
  Store *store = fresh_store("huge.db");
  ImportStats stats = {0};
  assert_int_equal(import_as(store, tmp_path("huge.csv"), "huge.csv", false, false, &stats, &diag, NULL),
                   IMPORT_BAD_INPUT);
  assert_int_equal(stats.files_failed, 1);
  assert_int_equal(stats.games_imported, 0);
  store_close(store);
}

/* ------------------------------------------------------------- import */

/* The other program's 40 rounds: 40 games of one hand, no findings, and
 * the export gives the file back byte for byte. */
static void test_import_parity_file_40_games_40_hands_no_findings(void **state) {
  (void)state;
  Store *store = open_store(":memory:");
  ImportStats stats = {0};
  import_ok(store, PARITY, &stats);
  assert_int_equal(stats.files, 1);
  assert_int_equal(stats.games_imported, 40);
  assert_int_equal(stats.hands, 40);
  assert_int_equal(stats.findings, 0);
  assert_int_equal(stats.games_bad, 0);
  char *exported = export_text(store, NULL, 0, NULL);
  char *original = slurp(PARITY, NULL);
  assert_string_equal(exported, original);
  free(exported);
  free(original);
  store_close(store);
}

/* Comments and blank lines dropped, "10H" and "as" written canonically,
 * quoted names and tags kept: the golden export. */
static void test_import_export_of_base_matches_golden(void **state) {
  (void)state;
  Store *store = open_store(":memory:");
  ImportStats stats = {0};
  import_ok(store, GOLDEN "base.csv", &stats);
  assert_int_equal(stats.games_imported, 1);
  assert_int_equal(stats.hands, 2);
  char *exported = export_text(store, NULL, 0, NULL);
  char *golden = slurp(GOLDEN "base.expected.csv", NULL);
  assert_string_equal(exported, golden);
  free(exported);
  free(golden);
  store_close(store);
}

/* CRLF line ends, a byte-order mark, a last line without newline: the
 * same game as base.csv. */
static void test_import_crlf_bom_and_truncated_last_line_read_as_base(void **state) {
  (void)state;
  static const char *const FILES[] = {"ok/crlf.csv", "ok/bom.csv", "ok/no-final-newline.csv"};
  char *golden = slurp(GOLDEN "base.expected.csv", NULL);
  for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; i++) {
    char path[512];
    snprintf(path, sizeof path, GOLDEN "%s", FILES[i]);
    Store *store = open_store(":memory:");
    ImportStats stats = {0};
    import_ok(store, path, &stats);
    char *exported = export_text(store, NULL, 0, NULL);
    assert_string_equal(exported, golden);
    free(exported);
    store_close(store);
  }
  free(golden);
}

/* A name spanning three lines survives import -> export -> import. */
static void test_import_multiline_field_round_trips(void **state) {
  (void)state;
  Store *store = open_store(":memory:");
  ImportStats stats = {0};
  import_ok(store, GOLDEN "ok/multiline-name.csv", &stats);
  char *first = export_text(store, NULL, 0, NULL);
  assert_non_null(strstr(first, ",3,player,,\"Cal\n\"\"the card\"\"\nJones\"\n"));
  store_close(store);
  spill(tmp_path("multiline.csv"), first, strlen(first));
  store = open_store(":memory:");
  import_ok(store, tmp_path("multiline.csv"), &stats);
  char *second = export_text(store, NULL, 0, NULL);
  assert_string_equal(first, second);
  free(first);
  free(second);
  store_close(store);
}

/* A game with header rows only (the recorder stores one when it is quit
 * before the first hand ends): its export imports, as a game with no
 * hands that is not finished, and exports to the same bytes. */
static void test_import_game_without_hands_round_trips(void **state) {
  (void)state;
  Store *store = open_store(":memory:");
  const char *tags[] = {"date=2026-11-20"};
  StoreGame header = {.key = "rec-1", .preset = "two-hand-bid", .nplayers = 2, .ntags = 1, .tags = tags};
  header.players[0] = "Ann";
  header.players[1] = "Bob";
  int64_t id = 0;
  PnDiag diag = {0};
  assert_int_equal(store_game_insert(store, &header, &id, &diag), 0); /* no end: as the recorder starts */
  char *first = export_text(store, NULL, 0, NULL);
  store_close(store);
  assert_string_equal(first, "game,hand,seq,seat,action,cards,value\n"
                             "rec-1,0,1,,variant,,two-hand-bid\n"
                             "rec-1,0,2,1,player,,Ann\n"
                             "rec-1,0,3,2,player,,Bob\n"
                             "rec-1,0,4,,tag,,date=2026-11-20\n");
  spill(tmp_path("no-hands.csv"), first, strlen(first));
  store = open_store(":memory:");
  ImportStats stats = {0};
  import_ok(store, tmp_path("no-hands.csv"), &stats);
  assert_int_equal(stats.games_imported, 1);
  assert_int_equal(stats.hands, 0);
  StoreCursor *cursor = NULL;
  StoreRow row;
  StoreFilter all = {0};
  assert_int_equal(store_cursor_open(store, &all, &cursor, &diag), 0);
  assert_int_equal(store_cursor_next(cursor, &row, &diag), 1);
  assert_int_equal(row.hand, 0);
  assert_false(row.finished); /* still to be played, as it was where it was recorded */
  store_cursor_close(cursor);
  char *second = export_text(store, NULL, 0, NULL);
  assert_string_equal(first, second);
  import_ok(store, GOLDEN "ok/no-hands.csv", &stats); /* the club's file: header rows only */
  assert_int_equal(stats.games_imported, 2);
  free(first);
  free(second);
  store_close(store);
}

/* A tag whose quoted value spans lines (one of them starting with '=',
 * the store's continuation mark) imports, is stored whole (the tags
 * table holds the value with its line breaks), and exports as the same
 * bytes; import -> export -> import -> export changes nothing. */
static void test_import_multiline_tag_is_stored_and_exported_byte_identical(void **state) {
  (void)state;
  static const char NOTE[] = "game 1, line one\nline two, with \"quotes\"\n=a line that starts with =\n";
  char *input = slurp(CONTRACT "multiline-tag.csv", NULL);
  const char *db = tmp_path("mltag.db");
  Store *store = fresh_store("mltag.db");
  ImportStats stats = {0};
  import_ok(store, CONTRACT "multiline-tag.csv", &stats);
  assert_int_equal(stats.games_imported, 1);
  char *first = export_text(store, NULL, 0, NULL);
  store_close(store);
  assert_string_equal(first, input); /* the input is canonical */

  sqlite3 *sql = NULL;
  sqlite3_stmt *st = NULL;
  assert_int_equal(sqlite3_open_v2(db, &sql, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_prepare_v2(sql, "SELECT value FROM tags WHERE name = 'note'", -1, &st, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(st), SQLITE_ROW);
  assert_string_equal((const char *)sqlite3_column_text(st, 0), NOTE);
  sqlite3_finalize(st);
  sqlite3_close(sql);

  spill(tmp_path("mltag.csv"), first, strlen(first));
  store = open_store(":memory:");
  import_ok(store, tmp_path("mltag.csv"), &stats);
  char *second = export_text(store, NULL, 0, NULL);
  assert_string_equal(first, second);
  free(first);
  free(second);
  free(input);
  store_close(store);
}

/* Dix rows with an empty cards column (the card implied) import; the
 * export writes each dix card (EVENT-LOG.md), and that export imported
 * again is the same game: skipped as a duplicate in the same database,
 * exported as the same bytes from a fresh one. */
static void test_import_implied_dix_card_is_written_on_export(void **state) {
  (void)state;
  char *expected = slurp(CONTRACT "dix-implied.expected.csv", NULL);
  assert_non_null(strstr(expected, ",1,6,3,dix,9C,exchange\n"));
  Store *store = open_store(":memory:");
  ImportStats stats = {0};
  import_ok(store, CONTRACT "dix-implied.csv", &stats);
  char *first = export_text(store, NULL, 0, NULL);
  assert_string_equal(first, expected);
  Notes notes = {0};
  PnDiag diag;
  assert_int_equal(import_as(store, CONTRACT "dix-implied.expected.csv", NULL, false, false, &stats, &diag, &notes), 0);
  assert_int_equal(notes.skipped, 1); /* the card given or implied: the same content */
  store_close(store);

  store = open_store(":memory:");
  import_ok(store, CONTRACT "dix-implied.expected.csv", &stats);
  char *second = export_text(store, NULL, 0, NULL);
  assert_string_equal(second, expected);
  free(first);
  free(second);
  free(expected);
  store_close(store);
}

/* A dix event stored without its card (as importers before this one
 * stored an implied card) is exported with the dix of the turned-up
 * suit. */
static void test_export_fills_the_dix_card_of_a_stored_event_without_it(void **state) {
  (void)state;
  uint8_t events[4 * CODEC_MAX_EVENT];
  size_t len = 0;
  PnEvent turnup = {.action = PN_EV_TURNUP, .seat = 1, .ncards = 1, .suit = -1, .meld = -1};
  turnup.cards[0] = PN_CARD(pn_suit_parse("H"), PN_KING);
  PnEvent dix = {.action = PN_EV_DIX, .seat = 2, .dix = PN_DIX_EXCHANGE, .suit = -1, .meld = -1};
  len += codec_event_encode(&turnup, events + len);
  len += codec_event_encode(&dix, events + len);
  char *buf = NULL;
  size_t size = 0;
  FILE *mem = open_memstream(&buf, &size);
  assert_non_null(mem);
  assert_int_equal(export_hand_rows(mem, "g", 1, pn_dix_rank(PN_DECK_SINGLE), events, len), 2);
  fclose(mem);
  assert_string_equal(buf, "g,1,1,1,turnup,KH,\ng,1,2,2,dix,9H,exchange\n");
  free(buf);
}

/* Two-hand: seat 1 declares out after the last trick (which seat 1 won),
 * before the score rows.  The import stores the re-scored hand: seat 1's
 * counters with the last-trick 10 (157, rounded 160; 147 without it would
 * be 150), seat 2's not counted, and seat 1 the winner with 240 of the
 * target 200 (RULES.md "Declaring out"). */
static void test_import_two_hand_out_after_the_last_trick_stores_the_rescored_hand(void **state) {
  (void)state;
  Store *store = open_store(":memory:");
  ImportStats stats = {0};
  import_ok(store, CONTRACT "two-hand-out-after-last-trick.csv", &stats);
  assert_int_equal(stats.findings, 0); /* the score rows claim the re-scored 240 and 20 */
  StoreFilter filter = {0};
  StoreCursor *cursor = NULL;
  PnDiag diag = {0};
  assert_int_equal(store_cursor_open(store, &filter, &cursor, &diag), 0);
  StoreRow row;
  assert_int_equal(store_cursor_next(cursor, &row, &diag), 1);
  assert_int_equal(row.hand, 1);
  assert_int_equal(row.winner, 1);
  CodecResults res;
  assert_int_equal(codec_results_decode(row.results, row.results_len, &res), 0);
  assert_int_equal(res.result.out_seat, 1);
  assert_int_equal(res.result.seat[0].counters, 160);
  assert_int_equal(res.result.seat[1].counters, 0);
  assert_int_equal(res.result.seat[0].score, 240);
  assert_int_equal(res.result.seat[1].score, 20);
  assert_int_equal(res.total[0], 240);
  assert_int_equal(res.total[1], 20);
  assert_int_equal(store_cursor_next(cursor, &row, &diag), 0);
  store_cursor_close(cursor);
  store_close(store);
}

/* tests/contract/: complete logs showing EVENT-LOG.md's examples (its
 * two-hand-bid example completed to a whole game, a multi-line tag, out
 * after the last trick, dix rows with their card and with it implied).
 * Each imports; its export equals the file (or X.expected.csv where the
 * file is not canonical); that export imported into a fresh database
 * exports as the same bytes. */
static void test_contract_examples_import_and_round_trip(void **state) {
  (void)state;
  DIR *dir = opendir(CONTRACT);
  assert_non_null(dir);
  static const char *const MUST[] = {"two-hand-bid-example.csv", "multiline-tag.csv",
                                     "two-hand-out-after-last-trick.csv", "dix-implied.csv"};
  int found[4] = {0}, checked = 0;
  struct dirent *e;
  while ((e = readdir(dir)) != NULL) {
    const char *name = e->d_name;
    size_t n = strlen(name);
    if (n < 5 || strcmp(name + n - 4, ".csv") != 0) continue;
    if (n > 13 && strcmp(name + n - 13, ".expected.csv") == 0) continue;
    for (int i = 0; i < 4; i++) found[i] |= strcmp(name, MUST[i]) == 0;
    char path[512], expected_path[512];
    snprintf(path, sizeof path, CONTRACT "%s", name);
    snprintf(expected_path, sizeof expected_path, CONTRACT "%.*s.expected.csv", (int)(n - 4), name);
    FILE *probe = fopen(expected_path, "rb");
    if (probe) fclose(probe);
    char *expected = slurp(probe ? expected_path : path, NULL);

    Store *store = open_store(":memory:");
    ImportStats stats = {0};
    import_ok(store, path, &stats);
    if (stats.games_imported < 1) fail_msg("%s: no game imported", name);
    char *first = export_text(store, NULL, 0, NULL);
    store_close(store);
    if (strcmp(first, expected) != 0) fail_msg("%s: the export differs from %s", name, probe ? expected_path : path);

    spill(tmp_path("contract.csv"), first, strlen(first));
    store = open_store(":memory:");
    import_ok(store, tmp_path("contract.csv"), &stats);
    char *second = export_text(store, NULL, 0, NULL);
    store_close(store);
    if (strcmp(first, second) != 0) fail_msg("%s: the second export differs from the first", name);
    free(first);
    free(second);
    free(expected);
    checked++;
  }
  closedir(dir);
  for (int i = 0; i < 4; i++)
    if (!found[i]) fail_msg("tests/contract/%s is missing", MUST[i]);
  assert_true(checked >= 4);
}

/* Writes one simulated game of `preset` (up to max_hands hands) as an
 * event log with export_row; returns the hands and counts the findings
 * the engine reported while playing it. */
static int write_sim_game(FILE *out, const char *preset, const char *key, uint64_t seed, int max_hands,
                          long *findings) {
  PnRules rules;
  assert_int_equal(pn_rules_preset(&rules, preset), 0);
  static const char *const NAMES[] = {"O'Brien, Pat", " Lead Space", "Quote \"Q\" Quinn", "#hashtag", "Eve"};
  char seq[16], seat[16], hand[16], cards[PN_MAX_EVENT_CARDS * 3 + 1], value[32];
  int n = 0;
  const char *f0[7] = {key, "0", seq, "", "variant", "", preset};
  snprintf(seq, sizeof seq, "%d", ++n);
  assert_int_equal(export_row(out, f0), 0);
  for (int s = 1; s <= rules.players; s++) {
    snprintf(seq, sizeof seq, "%d", ++n);
    snprintf(seat, sizeof seat, "%d", s);
    const char *f[7] = {key, "0", seq, seat, "player", "", NAMES[s - 1]};
    export_row(out, f);
  }
  snprintf(seq, sizeof seq, "%d", ++n);
  const char *ft[7] = {key, "0", seq, "", "tag", "", "note=commas, \"quotes\" and a trailing space "};
  export_row(out, ft);

  static PnGame game;
  pn_game_init(&game, &rules);
  SimConfig config = {.style = SIM_RANDOM, .renege_rate = 0.05, .claim_rate = 0.5, .first_dealer = 1};
  SimDriver driver;
  sim_driver_init(&driver, &config, seed, rules.players);
  PnEvent ev;
  int hands = 0;
  while (hands < max_hands && sim_next_event(&driver, &game, &ev)) {
    if (ev.action == PN_EV_DEALER) n = 0;
    PnOutcome outcome;
    PnVerdict verdict = pn_game_apply(&game, &ev, &outcome);
    if (verdict == PN_IMPOSSIBLE) fail_msg("%s: the simulator made an impossible event: %s", preset, outcome.reason);
    if (verdict == PN_ACCEPTED_FINDING) (*findings)++;
    snprintf(hand, sizeof hand, "%d", game.hand.number);
    snprintf(seq, sizeof seq, "%d", ++n);
    seat[0] = '\0';
    if (ev.seat) snprintf(seat, sizeof seat, "%d", ev.seat);
    cards[0] = '\0';
    for (int i = 0; i < ev.ncards; i++) {
      char two[3];
      strcat(cards, i ? " " : "");
      strcat(cards, pn_card_str(ev.cards[i], two));
    }
    codec_value_text(&ev, value, sizeof value);
    const char *f[7] = {key, hand, seq, seat, pn_action_name(ev.action), cards, value};
    assert_int_equal(export_row(out, f), 0);
    if (outcome.hand_done) hands++;
  }
  /* score rows may follow the last hand: the driver writes them before
   * the next dealer row, so stop only at a hand boundary */
  return hands;
}

/* Every preset: a simulated game (with planted reneges, claims, names
 * that need quoting and a key starting with '#') goes through
 * import -> export -> import -> export, and the two exports are the same
 * bytes. */
static void test_import_round_trip_every_preset_is_byte_identical(void **state) {
  (void)state;
  for (int p = 0; p < pn_preset_count(); p++) {
    const char *preset = pn_preset_name(p);
    char key[64];
    snprintf(key, sizeof key, "%s%s", p % 2 ? "#" : "club-", preset);
    FILE *out = fopen(tmp_path("sim.csv"), "wb");
    assert_non_null(out);
    assert_int_equal(export_header(out), 0);
    long findings = 0;
    int hands = write_sim_game(out, preset, key, 1000 + (uint64_t)p, 6, &findings);
    assert_int_equal(fclose(out), 0);
    assert_true(hands >= 1);

    Store *store = open_store(":memory:");
    ImportStats stats = {0};
    import_ok(store, tmp_path("sim.csv"), &stats);
    assert_int_equal(stats.games_imported, 1);
    assert_int_equal(stats.hands, hands);
    assert_int_equal(stats.findings, findings);
    char *first = export_text(store, NULL, 0, NULL);
    store_close(store);

    spill(tmp_path("sim-export.csv"), first, strlen(first));
    store = open_store(":memory:");
    memset(&stats, 0, sizeof stats);
    import_ok(store, tmp_path("sim-export.csv"), &stats);
    assert_int_equal(stats.hands, hands);
    assert_int_equal(stats.findings, findings);
    char *second = export_text(store, NULL, 0, NULL);
    store_close(store);
    if (strcmp(first, second) != 0) fail_msg("%s: the second export differs from the first", preset);
    free(first);
    free(second);
  }
}

/* Every error class of EVENT-LOG.md, one file each: the exact message of
 * bad/errors.golden (line where the record starts, field), the return
 * value, and a database left as it was. */
static void test_import_each_bad_file_gives_its_golden_error_and_changes_nothing(void **state) {
  (void)state;
  const char *db = tmp_path("bad.db");
  Store *store = fresh_store("bad.db");
  ImportStats stats = {0};
  import_ok(store, PARITY, &stats);
  store_close(store);
  uint64_t before = db_digest(db);

  char *golden = slurp(GOLDEN "bad/errors.golden", NULL);
  int checked = 0;
  for (char *line = strtok(golden, "\n"); line; line = strtok(NULL, "\n")) {
    char name[128], path[512], got[400];
    size_t n = strcspn(line, ":");
    snprintf(name, sizeof name, "%.*s", (int)n, line);
    snprintf(path, sizeof path, GOLDEN "bad/%s", name);
    store = open_store(db);
    ImportStats st = stats;
    PnDiag diag;
    int rc = import_as(store, path, name, false, false, &st, &diag, NULL);
    store_close(store);
    format_diag(&diag, got, sizeof got);
    if (strcmp(got, line) != 0) fail_msg("%s:\n  got  %s\n  want %s", name, got, line);
    assert_int_equal(rc, IMPORT_BAD_INPUT);
    assert_int_equal(st.files_failed, stats.files_failed + 1);
    assert_int_equal(st.games_imported, stats.games_imported);
    if (db_digest(db) != before) fail_msg("%s: the database changed", name);
    checked++;
  }
  free(golden);
  assert_true(checked >= 30);
}

/* The same file twice: the second import skips the game and stores
 * nothing. */
static void test_import_duplicate_is_skipped(void **state) {
  (void)state;
  const char *db = tmp_path("dup.db");
  Store *store = fresh_store("dup.db");
  ImportStats stats = {0};
  import_ok(store, GOLDEN "base.csv", &stats);
  store_close(store);
  uint64_t before = db_digest(db);
  store = open_store(db);
  Notes notes = {0};
  PnDiag diag;
  memset(&stats, 0, sizeof stats);
  assert_int_equal(import_as(store, GOLDEN "ok/crlf.csv", NULL, false, false, &stats, &diag, &notes), 0);
  store_close(store);
  assert_int_equal(stats.games_skipped, 1);
  assert_int_equal(stats.games_imported, 0);
  assert_int_equal(stats.hands, 0);
  assert_int_equal(notes.skipped, 1);
  assert_int_equal(db_digest(db), before);
}

/* The same key with other content is refused (nothing changes) unless
 * --replace, which replaces the game. */
static void test_import_same_key_other_content_is_an_error_unless_replace(void **state) {
  (void)state;
  const char *db = tmp_path("other.db");
  Store *store = fresh_store("other.db");
  ImportStats stats = {0};
  import_ok(store, GOLDEN "base.csv", &stats);
  store_close(store);
  uint64_t before = db_digest(db);

  store = open_store(db);
  PnDiag diag;
  char got[400];
  memset(&stats, 0, sizeof stats);
  assert_int_equal(import_as(store, GOLDEN "ok/other-content.csv", "other-content.csv", false, false, &stats,
                             &diag, NULL),
                   IMPORT_BAD_INPUT);
  store_close(store);
  format_diag(&diag, got, sizeof got);
  assert_string_equal(got, "other-content.csv:3:1: error: game 'club-2026-11-20-t3' is already stored with "
                           "other content (--replace replaces it)");
  assert_int_equal(db_digest(db), before);

  store = open_store(db);
  Notes notes = {0};
  assert_int_equal(import_as(store, GOLDEN "ok/other-content.csv", NULL, false, true, &stats, &diag, &notes), 0);
  assert_int_equal(stats.games_replaced, 1);
  assert_int_equal(stats.hands, 2);
  assert_int_equal(stats.by_kind[PN_FIND_MELD_CLAIM], 1); /* the changed claim is a finding */
  assert_int_equal(notes.replaced, 1);
  char *exported = export_text(store, NULL, 0, NULL);
  assert_non_null(strstr(exported, "club-2026-11-20-t3,1,14,1,meld,KH QH,30\n"));
  free(exported);
  store_close(store);
  assert_true(db_digest(db) != before);
}

/* A bad game between two good ones: by default nothing is stored; with
 * keep_going the bad game is reported and the good ones are stored. */
static void test_import_keep_going_stores_the_good_games(void **state) {
  (void)state;
  const char *db = tmp_path("keep.db");
  Store *store = fresh_store("keep.db");
  store_close(store);
  uint64_t empty = db_digest(db);

  store = open_store(db);
  ImportStats stats = {0};
  PnDiag diag;
  assert_int_equal(import_as(store, GOLDEN "ok/keep-going.csv", "keep-going.csv", false, false, &stats, &diag,
                             NULL),
                   IMPORT_BAD_INPUT);
  store_close(store);
  assert_int_equal(diag.line, 152);
  assert_int_equal(db_digest(db), empty);

  store = open_store(db);
  Notes notes = {0};
  memset(&stats, 0, sizeof stats);
  assert_int_equal(import_as(store, GOLDEN "ok/keep-going.csv", "keep-going.csv", true, false, &stats, &diag,
                             &notes),
                   0);
  assert_int_equal(stats.games_imported, 2);
  assert_int_equal(stats.games_bad, 1);
  assert_int_equal(stats.hands, 4);
  assert_int_equal(notes.bad, 1);
  assert_string_equal(notes.last_bad, "keep-going.csv:152:6: error: unknown card 'XD'");
  static const char *const GOOD[] = {"club-2026-11-20-t3", "club-2026-11-20-t5"};
  int rc;
  char *two = export_text(store, GOOD, 2, &rc);
  assert_int_equal(rc, 0);
  static const char *const BAD[] = {"club-2026-11-20-t4"};
  char *none = export_text(store, BAD, 1, &rc);
  assert_int_equal(rc, EXPORT_NOT_FOUND);
  assert_string_equal(none, ""); /* nothing written for an unknown key */
  free(two);
  free(none);
  store_close(store);
}

/* --keep-going and a game whose every row lost its key: that game is one
 * bad game, reported once at its first row; the games before and after it
 * are stored (the game before was lost, and every row reported, when the
 * key was checked before the game before was finished). */
static void test_import_keep_going_a_game_without_its_key_is_one_bad_game(void **state) {
  (void)state;
  Store *store = open_store(":memory:");
  ImportStats stats = {0};
  PnDiag diag;
  Notes notes = {0};
  assert_int_equal(import_as(store, GOLDEN "ok/keep-going-key.csv", "keep-going-key.csv", true, false, &stats,
                             &diag, &notes),
                   0);
  assert_int_equal(stats.games_imported, 2);
  assert_int_equal(stats.games_bad, 1);
  assert_int_equal(stats.hands, 4);
  assert_int_equal(notes.bad, 1);
  assert_string_equal(notes.last_bad, "keep-going-key.csv:141:1: error: the game key is empty");
  static const char *const GOOD[] = {"club-2026-11-20-t3", "club-2026-11-20-t5"};
  int rc;
  char *two = export_text(store, GOOD, 2, &rc);
  assert_int_equal(rc, 0);
  free(two);
  store_close(store);
}

/* Each file is its own transaction: a good file stays when a later one
 * fails. */
static void test_import_each_file_is_its_own_transaction(void **state) {
  (void)state;
  Store *store = open_store(":memory:");
  ImportStats stats = {0};
  import_ok(store, GOLDEN "base.csv", &stats);
  PnDiag diag;
  assert_int_equal(import_as(store, GOLDEN "bad/unknown-card.csv", NULL, false, false, &stats, &diag, NULL),
                   IMPORT_BAD_INPUT);
  assert_int_equal(stats.files, 1);
  assert_int_equal(stats.files_failed, 1);
  assert_int_equal(stats.games_imported, 1);
  char *exported = export_text(store, NULL, 0, NULL);
  char *golden = slurp(GOLDEN "base.expected.csv", NULL);
  assert_string_equal(exported, golden);
  free(exported);
  free(golden);
  store_close(store);
}

/* ------------------------------------------------------------- export */

static void test_export_row_quotes_only_when_needed(void **state) {
  (void)state;
  static const struct {
    const char *field[7];
    const char *line;
  } CASES[] = {
      {{"g", "1", "2", "", "play", "AS", ""}, "g,1,2,,play,AS,\n"},
      {{"#g", "0", "1", "1", "player", "", "Smith, Ann"}, "\"#g\",0,1,1,player,,\"Smith, Ann\"\n"},
      {{"g#", "0", "1", "", "tag", "", "x=\"y\""}, "g#,0,1,,tag,,\"x=\"\"y\"\"\"\n"},
      {{" g", "0", "1", "", "tag", "", "x=1 "}, "\" g\",0,1,,tag,,\"x=1 \"\n"},
      {{"g", "0", "1", "", "tag", "", "a\nb"}, "g,0,1,,tag,,\"a\nb\"\n"},
      {{"g", "0", "1", "", "tag", "", "a\tb"}, "g,0,1,,tag,,a\tb\n"},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    char *buf = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&buf, &size);
    assert_int_equal(export_row(mem, CASES[i].field), 0);
    fclose(mem);
    assert_string_equal(buf, CASES[i].line);
    free(buf);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_reader_reports_the_line_where_each_record_starts),
      cmocka_unit_test(test_reader_reading_ahead_gives_the_rows_in_order_then_the_error),
      cmocka_unit_test(test_reader_splits_plain_lines_as_libcsv_does),
      cmocka_unit_test(test_reader_finds_an_odd_byte_at_every_offset),
      cmocka_unit_test(test_reader_refuses_a_10mb_field),
      cmocka_unit_test(test_import_parity_file_40_games_40_hands_no_findings),
      cmocka_unit_test(test_import_export_of_base_matches_golden),
      cmocka_unit_test(test_import_crlf_bom_and_truncated_last_line_read_as_base),
      cmocka_unit_test(test_import_multiline_field_round_trips),
      cmocka_unit_test(test_import_game_without_hands_round_trips),
      cmocka_unit_test(test_import_multiline_tag_is_stored_and_exported_byte_identical),
      cmocka_unit_test(test_import_implied_dix_card_is_written_on_export),
      cmocka_unit_test(test_export_fills_the_dix_card_of_a_stored_event_without_it),
      cmocka_unit_test(test_import_two_hand_out_after_the_last_trick_stores_the_rescored_hand),
      cmocka_unit_test(test_contract_examples_import_and_round_trip),
      cmocka_unit_test(test_import_round_trip_every_preset_is_byte_identical),
      cmocka_unit_test(test_import_each_bad_file_gives_its_golden_error_and_changes_nothing),
      cmocka_unit_test(test_import_duplicate_is_skipped),
      cmocka_unit_test(test_import_same_key_other_content_is_an_error_unless_replace),
      cmocka_unit_test(test_import_keep_going_stores_the_good_games),
      cmocka_unit_test(test_import_keep_going_a_game_without_its_key_is_one_bad_game),
      cmocka_unit_test(test_import_each_file_is_its_own_transaction),
      cmocka_unit_test(test_export_row_quotes_only_when_needed),
  };
  return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
