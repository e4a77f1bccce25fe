/*
 * writer.h - the output formats every report and the audit share: CSV
 * (RFC 4180 through libcsv, quoting only fields that need it), JSON
 * strings, and aligned text tables.
 */
#ifndef PN_WRITER_H
#define PN_WRITER_H

#include <stdbool.h>
#include <stdio.h>

typedef enum { OUT_TEXT, OUT_CSV, OUT_JSON } OutFormat;

/* "text", "csv", "json" -> format, or -1. */
int out_format_parse(const char *name);

/* One CSV record of n fields, ended with "\r\n"-free LF (spreadsheets
 * accept it; RFC 4180's CRLF is optional in practice). */
void out_csv_row(FILE *out, int n, const char *const *fields);
/* One field, preceded by a comma unless first. */
void out_csv_field(FILE *out, const char *field, bool first);

/* A JSON string literal, quotes included. */
void out_json_string(FILE *out, const char *s);

/* An aligned text table: columns sized to their widest cell (UTF-8 aware),
 * numbers right-aligned.  Rows are kept until out_table_print. */
typedef struct OutTable OutTable;
/* Returns NULL when out of memory; caller frees with out_table_free. */
OutTable *out_table_new(int ncols, const char *const *headers, const bool *numeric);
/* Copies the cells; returns 0, or -1 when out of memory. */
int out_table_add(OutTable *table, const char *const *cells);
void out_table_print(const OutTable *table, FILE *out);
void out_table_free(OutTable *table);

#endif
