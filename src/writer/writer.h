/*
 * writer.h - the output formats every report, the audit and the event
 * log's export share: CSV (RFC 4180 through libcsv, quoting only fields
 * that need it), JSON strings, and aligned text tables.  Its own library
 * (pnwriter, under both reports and importers): writing CSV does not
 * pull in the importers.
 */
#ifndef PN_WRITER_H
#define PN_WRITER_H

#include <stdbool.h>
#include <stdio.h>

#include "pn_err.h"

typedef enum { OUT_TEXT, OUT_CSV, OUT_JSON } OutFormat;

/* "text", "csv", "json" -> format, or -1. */
int out_format_parse(const char *name);

/* One CSV record of n fields (NULL = empty), ended with "\r\n"-free LF
 * (spreadsheets accept it; RFC 4180's CRLF is optional in practice).
 * The event log's rows (export_row) are written with it. */
void out_csv_row(FILE *out, int n, const char *const *fields);
/* One field, preceded by a comma unless first, quoted only where it must
 * be to read back as the same text (libcsv's csv_fwrite quotes it and
 * doubles its quotes): a comma, quote or line break in it, a space or
 * tab at either end, or (first field of a row) a leading '#', which would
 * make the line a comment of an event log. */
void out_csv_field(FILE *out, const char *field, bool first);
/* Must the field be quoted to read back as the same text (the rule
 * out_csv_field follows)? */
bool out_csv_needs_quotes(const char *field, bool first);

/* A report's CSV cell (not the event log's, which must read back as it
 * was): like out_csv_field, but a cell that starts with '=', '+', '-' or
 * '@' and is not a number ("-250", "+3", "-40.0" are) is written with a
 * leading apostrophe ("'=HYPERLINK(...)"), so that a spreadsheet shows it
 * as text instead of running it as a formula (REPORTS.md). */
void out_csv_cell(FILE *out, const char *cell, bool first);
/* One report CSV record of n cells (NULL = empty), LF-ended. */
void out_csv_cells(FILE *out, int n, const char *const *cells);
/* Would a spreadsheet read the text as a formula: a leading '=', '+',
 * '-' or '@' on anything but a plain decimal number? */
bool out_csv_formula_like(const char *text);

/* A JSON string literal, quotes included. */
void out_json_string(FILE *out, const char *s);

/* Display width of UTF-8 text: one column per code point. */
size_t out_text_width(const char *s);

/* Rows of copied strings, ncols wide, grown a row at a time: the cells of
 * OutTable and of the reports' tables.  Start from {.ncols = N}. */
typedef struct OutGrid {
  int ncols;
  char **cells;     /* rows * ncols copies */
  size_t rows, cap; /* rows stored and room */
} OutGrid;
/* Copies a row (a NULL cell is ""); returns 0, or PN_ERR_IO (out of memory). */
int out_grid_add(OutGrid *grid, const char *const *cells);
/* Replaces one cell with a copy; 0, or PN_ERR_IO (out of memory). */
int out_grid_set(OutGrid *grid, size_t row, int col, const char *cell);
static inline const char *out_grid_cell(const OutGrid *grid, size_t row, int col) {
  return grid->cells[row * (size_t)grid->ncols + (size_t)col];
}
/* Frees the cells; the grid is empty after. */
void out_grid_free(OutGrid *grid);

/* An aligned text table: columns sized to their widest cell (UTF-8 aware),
 * numbers right-aligned.  Rows are kept until out_table_print. */
typedef struct OutTable OutTable;
/* Returns NULL when out of memory; caller frees with out_table_free. */
OutTable *out_table_new(int ncols, const char *const *headers, const bool *numeric);
/* Copies the cells; returns 0, or PN_ERR_IO (out of memory). */
int out_table_add(OutTable *table, const char *const *cells);
void out_table_print(const OutTable *table, FILE *out);
void out_table_free(OutTable *table);

#endif
