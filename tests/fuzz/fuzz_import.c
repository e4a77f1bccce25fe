/*
 * fuzz_import.c - libFuzzer harness for the CSV event-log importer: the
 * input bytes are a file given to import_file(), into a fresh in-memory
 * store.  Errors are fine; a crash, a leak or a broken promise is not.
 *
 * Checked for every input:
 *   - import_file returns 0 or IMPORT_BAD_INPUT (an in-memory store has
 *     no reason to fail: IMPORT_STORE means the input reached SQLite in
 *     a shape the importer should have refused);
 *   - an error names the file, a line >= 0, a column 0..8, and a message
 *     of one line; after it the store holds no game at all;
 *   - with --keep-going into another fresh store: a file that imported
 *     cleanly imports the same games;
 *   - whatever was stored survives the round trip: export, import into a
 *     fresh store, export again gives the same bytes (EVENT-LOG.md);
 *   - importing the same file again skips every game already stored.
 *
 * The bytes reach import_file as a real file: a tmpfile() named through
 * /proc/self/fd (Linux), so the reader's own fopen/fread path runs.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "export.h"
#include "import.h"
#include "store.h"

static FILE *input;            /* the input file, rewritten per run */
static char input_path[64];    /* its /proc/self/fd name */

static void fail(const char *what, const PnDiag *d) {
  fprintf(stderr, "fuzz_import: invariant broken: %s", what);
  if (d) fprintf(stderr, " (%s:%ld:%d: %s)", d->file ? d->file : "-", d->line, d->col, d->msg);
  fputc('\n', stderr);
  abort();
}

static void put_file(FILE *fp, const uint8_t *data, size_t size) {
  if (ftruncate(fileno(fp), 0) != 0) abort();
  rewind(fp);
  if (size && fwrite(data, 1, size, fp) != size) abort();
  if (fflush(fp) != 0) abort();
}

static Store *open_memory(void) {
  Store *s = NULL;
  PnDiag d = {0};
  if (store_open(":memory:", STORE_CREATE, &s, &d) != STORE_OK) fail("cannot open :memory:", &d);
  return s;
}

/* Imports the current input file; checks the error promises. */
static int import(Store *s, bool keep_going, ImportStats *st) {
  ImportOptions opts = {.keep_going = keep_going, .name = "fuzz.csv"};
  PnDiag d = {0};
  memset(st, 0, sizeof *st);
  int rc = import_file(s, input_path, &opts, st, &d);
  if (rc == 0) return 0;
  if (rc == IMPORT_STORE) fail("the store failed on an in-memory database", &d);
  if (rc != IMPORT_BAD_INPUT) fail("unknown return code", &d);
  if (d.file == NULL || strcmp(d.file, "fuzz.csv") != 0) fail("an input error without the file name", &d);
  if (d.line < 0 || d.col < 0 || d.col > 8) fail("line or column out of range", &d);
  if (d.msg[0] == '\0' || memchr(d.msg, '\0', sizeof d.msg) == NULL || strpbrk(d.msg, "\r\n"))
    fail("the message is empty, unterminated or not one line", &d);
  return rc;
}

/* The store's export, in a malloc'd buffer (*len bytes). */
static char *export_all(Store *s, size_t *len) {
  char *buf = NULL;
  FILE *mem = open_memstream(&buf, len);
  if (!mem) abort();
  ExportOptions opts = {0};
  ExportStats st = {0};
  PnDiag d = {0};
  int rc = export_games(s, &opts, mem, &st, &d);
  fclose(mem);
  if (rc != 0) fail("export of an imported store failed", &d);
  return buf;
}

static long games_in(Store *s) {
  StoreCursor *c = NULL;
  StoreRow row;
  PnDiag d = {0};
  long games = 0;
  int got;
  if (store_cursor_open(s, NULL, &c, &d) != STORE_OK) fail("cursor", &d);
  while ((got = store_cursor_next(c, &row, &d)) == 1) games += row.new_game;
  if (got < 0) fail("cursor walk", &d);
  store_cursor_close(c);
  return games;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  input = tmpfile();
  if (!input) abort();
  snprintf(input_path, sizeof input_path, "/proc/self/fd/%d", fileno(input));
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!input) LLVMFuzzerInitialize(NULL, NULL);
  put_file(input, data, size);

  /* 1. the default: all or nothing */
  Store *s = open_memory();
  ImportStats plain;
  int rc = import(s, false, &plain);
  if (rc != 0 && games_in(s) != 0) fail("a failed import left games in the store", NULL);
  store_close(s);

  /* 2. --keep-going, into another fresh store */
  s = open_memory();
  ImportStats kept;
  int rc2 = import(s, true, &kept);
  if (rc == 0 && (rc2 != 0 || kept.games_imported != plain.games_imported || kept.hands != plain.hands))
    fail("a clean file imports differently with --keep-going", NULL);
  long games = games_in(s);
  if (rc2 != 0 && games != 0) fail("a failed --keep-going import left games in the store", NULL);
  if (games != kept.games_imported) fail("games stored differ from games counted", NULL);

  if (games > 0) {
    /* 3. the round trip: export, import, export */
    size_t len1 = 0, len2 = 0;
    char *first = export_all(s, &len1);
    put_file(input, (const uint8_t *)first, len1);
    Store *t = open_memory();
    ImportStats again;
    if (import(t, false, &again) != 0 || again.games_imported != games) fail("an export does not import", NULL);
    char *second = export_all(t, &len2);
    if (len1 != len2 || memcmp(first, second, len1) != 0) fail("export -> import -> export changed the bytes", NULL);
    store_close(t);
    free(first);
    free(second);

    /* 4. the same file again: every stored game is skipped */
    put_file(input, data, size);
    ImportStats dup;
    if (import(s, true, &dup) != 0 || dup.games_imported != 0 || dup.games_skipped != games)
      fail("importing a file twice does not skip its games", NULL);
  }
  store_close(s);
  return 0;
}
