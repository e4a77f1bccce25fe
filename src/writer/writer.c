/* writer.c - CSV, JSON and text-table output (writer.h). */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "writer.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

#include "pn_buf.h"

int out_format_parse(const char *name) {
  if (strcmp(name, "text") == 0) return OUT_TEXT;
  if (strcmp(name, "csv") == 0) return OUT_CSV;
  if (strcmp(name, "json") == 0) return OUT_JSON;
  return -1;
}

bool out_csv_needs_quotes(const char *s, bool first) {
  size_t n = strlen(s);
  if (n == 0) return false;
  if (first && s[0] == '#') return true; /* would read as a comment line */
  if (s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' || s[n - 1] == '\t') return true; /* trimmed */
  return strpbrk(s, ",\"\r\n") != NULL;
}

void out_csv_field(FILE *out, const char *field, bool first) {
  if (!first) fputc(',', out);
  if (out_csv_needs_quotes(field, first)) csv_fwrite(out, field, strlen(field)); /* libcsv quotes and doubles quotes */
  else fputs(field, out);
}

void out_csv_row(FILE *out, int n, const char *const *fields) {
  for (int i = 0; i < n; i++) out_csv_field(out, fields[i] ? fields[i] : "", i == 0);
  fputc('\n', out);
}

/* A decimal number as reports write them: an optional sign, digits, and
 * at most one '.' between digits. */
static bool plain_number(const char *s) {
  if (*s == '+' || *s == '-') s++;
  if (*s < '0' || *s > '9') return false;
  while (*s >= '0' && *s <= '9') s++;
  if (*s == '.') {
    s++;
    if (*s < '0' || *s > '9') return false;
    while (*s >= '0' && *s <= '9') s++;
  }
  return *s == '\0';
}

bool out_csv_formula_like(const char *text) {
  return (*text == '=' || *text == '+' || *text == '-' || *text == '@') && !plain_number(text);
}

void out_csv_cell(FILE *out, const char *cell, bool first) {
  if (!out_csv_formula_like(cell)) {
    out_csv_field(out, cell, first);
    return;
  }
  if (!first) fputc(',', out);
  /* The apostrophe goes inside the quotes when there are quotes; it does
   * not change whether they are needed (the cell starts with neither a
   * blank nor '#'), so the event log's rule decides. */
  bool quoted = out_csv_needs_quotes(cell, first);
  fputs(quoted ? "\"'" : "'", out);
  for (const char *p = cell; *p; p++) {
    if (quoted && *p == '"') fputc('"', out);
    fputc(*p, out);
  }
  if (quoted) fputc('"', out);
}

void out_csv_cells(FILE *out, int n, const char *const *cells) {
  for (int i = 0; i < n; i++) out_csv_cell(out, cells[i] ? cells[i] : "", i == 0);
  fputc('\n', out);
}

void out_json_string(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    size_t plain = 0; /* a run that needs no escape goes out in one write (a served page's stream locks per call) */
    while (p[plain] >= 0x20 && p[plain] != '"' && p[plain] != '\\') plain++;
    if (plain) {
      fwrite(p, 1, plain, out);
      p += plain - 1;
      continue;
    }
    switch (*p) {
    case '"': fputs("\\\"", out); break;
    case '\\': fputs("\\\\", out); break;
    case '\n': fputs("\\n", out); break;
    case '\r': fputs("\\r", out); break;
    case '\t': fputs("\\t", out); break;
    default:
      if (*p < 0x20) fprintf(out, "\\u%04x", *p);
      else fputc(*p, out);
    }
  }
  fputc('"', out);
}

int out_grid_add(OutGrid *g, const char *const *cells) {
  /* a row is the item: room counts rows, each ncols cells wide */
  if (pn_vec_reserve(&g->cells, &g->cap, g->rows + 1, (size_t)g->ncols * sizeof *g->cells) != 0)
    return PN_ERR_IO;
  char **row = g->cells + g->rows * (size_t)g->ncols;
  for (int c = 0; c < g->ncols; c++) {
    row[c] = strdup(cells[c] ? cells[c] : "");
    if (!row[c]) {
      while (c-- > 0) free(row[c]);
      return PN_ERR_IO;
    }
  }
  g->rows++;
  return 0;
}

int out_grid_set(OutGrid *g, size_t row, int col, const char *cell) {
  char *copy = strdup(cell);
  if (!copy) return PN_ERR_IO;
  char **at = &g->cells[row * (size_t)g->ncols + (size_t)col];
  free(*at);
  *at = copy;
  return 0;
}

void out_grid_free(OutGrid *g) {
  for (size_t i = 0; i < g->rows * (size_t)g->ncols; i++) free(g->cells[i]);
  free(g->cells);
  g->cells = NULL;
  g->rows = g->cap = 0;
}

struct OutTable {
  OutGrid grid;     /* headers first */
  bool *numeric;    /* right-align column */
};

OutTable *out_table_new(int ncols, const char *const *headers, const bool *numeric) {
  OutTable *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->grid.ncols = ncols;
  t->numeric = calloc((size_t)ncols, sizeof *t->numeric);
  if (!t->numeric) {
    free(t);
    return NULL;
  }
  if (numeric) memcpy(t->numeric, numeric, (size_t)ncols * sizeof *numeric);
  if (out_table_add(t, headers) != 0) {
    out_table_free(t);
    return NULL;
  }
  return t;
}

int out_table_add(OutTable *t, const char *const *cells) { return out_grid_add(&t->grid, cells); }

size_t out_text_width(const char *s) {
  size_t w = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) w += (*p & 0xC0) != 0x80;
  return w;
}

void out_table_print(const OutTable *t, FILE *out) {
  const OutGrid *g = &t->grid;
  size_t *widths = calloc((size_t)g->ncols, sizeof *widths);
  if (!widths) return;
  for (size_t r = 0; r < g->rows; r++)
    for (int c = 0; c < g->ncols; c++) {
      size_t w = out_text_width(out_grid_cell(g, r, c));
      if (w > widths[c]) widths[c] = w;
    }
  for (size_t r = 0; r < g->rows; r++) {
    for (int c = 0; c < g->ncols; c++) {
      const char *cell = out_grid_cell(g, r, c);
      size_t pad = widths[c] - out_text_width(cell);
      bool last = c == g->ncols - 1;
      if (c) fputs("  ", out);
      if (t->numeric[c]) fprintf(out, "%*s%s", (int)pad, "", cell);
      else if (last) fputs(cell, out);
      else fprintf(out, "%s%*s", cell, (int)pad, "");
    }
    fputc('\n', out);
  }
  free(widths);
}

void out_table_free(OutTable *t) {
  if (!t) return;
  out_grid_free(&t->grid);
  free(t->numeric);
  free(t);
}
