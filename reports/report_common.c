/* report_common.c - tables, text helpers, sides and the roster of players
 * shared by the reports (report_common.h). */
#include "report_common.h"

#include <stdlib.h>
#include <string.h>

void report_query_filter(const ReportQuery *q, StoreFilter *f) {
  memset(f, 0, sizeof *f);
  f->preset = q->variant;
  f->player = q->player;
  f->since = q->since;
  f->until = q->until;
  f->tag_name = q->tag_name;
  f->tag_value = q->tag_value;
}

/* ---------------------------------------------------------------- tables */

struct ReportTable {
  const ReportColumn *cols; /* borrowed */
  int nkey;                 /* key columns, repeated in text blocks */
  OutGrid grid;             /* the cells */
  bool *joined;             /* column c stays in the block of column c-1; NULL = none */
};

ReportTable *report_table_new(const ReportColumn *cols, int ncols, int nkey) {
  ReportTable *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->cols = cols;
  t->grid.ncols = ncols;
  t->nkey = nkey < ncols ? nkey : ncols;
  return t;
}

int report_table_keep(ReportTable *t, int first, int count) {
  if (!t->joined && !(t->joined = calloc((size_t)t->grid.ncols, sizeof *t->joined))) return -1;
  for (int c = first + 1; c < first + count && c < t->grid.ncols; c++) t->joined[c] = true;
  return 0;
}

void report_table_free(ReportTable *t) {
  if (!t) return;
  free(t->joined);
  out_grid_free(&t->grid);
  free(t);
}

int report_table_add(ReportTable *t, const char *const *cells) { return out_grid_add(&t->grid, cells); }

size_t report_table_rows(const ReportTable *t) { return t->grid.rows; }

const char *report_table_cell(const ReportTable *t, size_t row, int col) { return out_grid_cell(&t->grid, row, col); }

int report_table_set(ReportTable *t, size_t row, int col, const char *cell) {
  return out_grid_set(&t->grid, row, col, cell);
}

static bool in_text(const ReportColumn *col) { return col->show == REPORT_ALL || col->show == REPORT_TEXT_ONLY; }
static bool in_data(const ReportColumn *col) { return col->show == REPORT_ALL || col->show == REPORT_DATA_ONLY; }

/* The text of a cell: "-" for an empty number. */
static const char *text_cell(const ReportTable *t, size_t r, int c) {
  const char *cell = out_grid_cell(&t->grid, r, c);
  return !cell[0] && t->cols[c].kind != REPORT_STR ? "-" : cell;
}

/* Prints the columns cols[0..n) of every row through the writer's table. */
static int print_block(const ReportTable *t, FILE *out, const int *cols, int n) {
  const char **cells = malloc((size_t)n * sizeof *cells);
  bool *numeric = malloc((size_t)n * sizeof *numeric);
  OutTable *table = NULL;
  int rc = -1;
  if (!cells || !numeric) goto done;
  for (int i = 0; i < n; i++) {
    cells[i] = t->cols[cols[i]].title;
    numeric[i] = t->cols[cols[i]].kind != REPORT_STR;
  }
  table = out_table_new(n, cells, numeric);
  if (!table) goto done;
  for (size_t r = 0; r < t->grid.rows; r++) {
    for (int i = 0; i < n; i++) cells[i] = text_cell(t, r, cols[i]);
    if (out_table_add(table, cells) != 0) goto done;
  }
  out_table_print(table, out);
  rc = 0;
done:
  out_table_free(table);
  free(cells);
  free(numeric);
  return rc;
}

int report_table_text(const ReportTable *t, FILE *out, int width) {
  size_t *widths = calloc((size_t)t->grid.ncols, sizeof *widths);
  int *cols = malloc((size_t)t->grid.ncols * sizeof *cols);
  int rc = -1;
  if (!widths || !cols) goto done;
  for (int c = 0; c < t->grid.ncols; c++) {
    widths[c] = out_text_width(t->cols[c].title);
    for (size_t r = 0; r < t->grid.rows; r++) {
      size_t w = out_text_width(text_cell(t, r, c));
      if (w > widths[c]) widths[c] = w;
    }
  }
  size_t key_width = 0;
  for (int c = 0; c < t->nkey; c++) key_width += widths[c] + (c ? 2 : 0);
  rc = 0;
  int next = t->nkey, blocks = 0;
  do { /* greedy: as many columns after the keys as fit */
    int n = 0;
    for (int c = 0; c < t->nkey; c++) cols[n++] = c;
    size_t used = key_width;
    while (next < t->grid.ncols) {
      if (!in_text(&t->cols[next])) {
        next++;
        continue;
      }
      /* the width of the column and of those that must stay with it */
      size_t add = 0;
      int end = next;
      do {
        if (in_text(&t->cols[end])) add += widths[end] + 2;
        end++;
      } while (end < t->grid.ncols && t->joined && t->joined[end]);
      if (n > t->nkey && used + add > (size_t)width) break;
      used += add;
      for (; next < end; next++)
        if (in_text(&t->cols[next])) cols[n++] = next;
    }
    if (blocks++) fputc('\n', out);
    if (print_block(t, out, cols, n) != 0) rc = -1;
    while (next < t->grid.ncols && !in_text(&t->cols[next])) next++;
  } while (next < t->grid.ncols && rc == 0);
done:
  free(widths);
  free(cols);
  return rc;
}

void report_table_csv(const ReportTable *t, FILE *out, bool header, const char *lead_key,
                      const char *lead_value) {
  bool first = true;
  if (header) {
    if (lead_key) out_csv_cell(out, lead_key, first), first = false;
    for (int c = 0; c < t->grid.ncols; c++)
      if (in_data(&t->cols[c])) out_csv_cell(out, t->cols[c].key, first), first = false;
    fputc('\n', out);
  }
  for (size_t r = 0; r < t->grid.rows; r++) {
    first = true;
    if (lead_key) out_csv_cell(out, lead_value, first), first = false;
    for (int c = 0; c < t->grid.ncols; c++)
      if (in_data(&t->cols[c]))
        out_csv_cell(out, out_grid_cell(&t->grid, r, c), first), first = false;
    fputc('\n', out);
  }
}

void report_table_json(const ReportTable *t, FILE *out, const char *indent) {
  if (t->grid.rows == 0) {
    fputs("[]", out);
    return;
  }
  fputs("[\n", out);
  for (size_t r = 0; r < t->grid.rows; r++) {
    fprintf(out, "%s  {", indent);
    bool first = true;
    for (int c = 0; c < t->grid.ncols; c++) {
      if (!in_data(&t->cols[c])) continue;
      if (!first) fputs(", ", out);
      first = false;
      report_json_key(out, t->cols[c].key);
      report_json_value(out, t->cols[c].kind, out_grid_cell(&t->grid, r, c));
    }
    fprintf(out, "}%s\n", r + 1 < t->grid.rows ? "," : "");
  }
  fprintf(out, "%s]", indent);
}

/* ------------------------------------------------------------- helpers */

char *report_clip(char *dst, size_t size, const char *src, size_t max_width) {
  if (size == 0) return dst;
  if (out_text_width(src) <= max_width) {
    snprintf(dst, size, "%s", src);
    return dst;
  }
  /* keep max_width - 1 code points, then the ellipsis (3 bytes) */
  size_t at = 0, points = 0;
  while (src[at]) {
    size_t len = 1;
    while ((src[at + len] & 0xC0) == 0x80) len++;
    if (points + 1 >= max_width || at + len + 4 > size) break;
    at += len;
    points++;
  }
  memcpy(dst, src, at);
  snprintf(dst + at, size - at, "%s", max_width ? "…" : "");
  return dst;
}

char *report_pad(char *dst, size_t size, const char *src, size_t width) {
  report_clip(dst, size, src, width);
  size_t at = strlen(dst);
  for (size_t w = out_text_width(dst); w < width && at + 1 < size; w++) dst[at++] = ' ';
  dst[at] = '\0';
  return dst;
}

void report_wrap(FILE *out, const char *first, const char *rest, const char *text, int width) {
  const char *lead = first;
  const char *p = text;
  while (*p == ' ') p++;
  do {
    size_t room = (size_t)width > out_text_width(lead) ? (size_t)width - out_text_width(lead) : 1;
    /* take words while they fit (a word longer than the room goes alone) */
    const char *end = p, *cut = NULL;
    size_t used = 0;
    while (*end) {
      const char *w = end;
      size_t ww = 0;
      while (*w && *w != ' ') {
        ww += (*w & 0xC0) != 0x80;
        w++;
      }
      size_t need = used + (used ? 1 : 0) + ww;
      if (used && need > room) break;
      used = need;
      cut = w;
      end = w;
      while (*end == ' ') end++;
      if (!*end) break;
    }
    if (!cut) cut = end;
    fprintf(out, "%s%.*s\n", lead, (int)(cut - p), p);
    p = cut;
    while (*p == ' ') p++;
    lead = rest;
  } while (*p);
}

void report_json_key(FILE *out, const char *key) {
  out_json_string(out, key);
  fputs(": ", out);
}

void report_json_value(FILE *out, ReportKind kind, const char *cell) {
  if (kind == REPORT_STR) out_json_string(out, cell);
  else fputs(cell[0] ? cell : "null", out);
}

char *report_ratio(char *buf, size_t size, double num, long den, double scale) {
  if (den == 0) buf[0] = '\0';
  else snprintf(buf, size, "%.1f", num * scale / (double)den);
  if (strcmp(buf, "-0.0") == 0) snprintf(buf, size, "0.0");
  return buf;
}

char *report_int(char *buf, size_t size, long value) {
  snprintf(buf, size, "%ld", value);
  return buf;
}

const char *report_trump(int trump, char buf[2]) {
  buf[0] = trump >= 0 && trump < PN_SUITS ? pn_suit_char(trump) : '\0';
  buf[1] = '\0';
  return buf;
}

int report_side_number(const PnRules *rules, const PnHandResult *h, int seat) {
  /* a redealt hand has no bidding side */
  return pn_side_of_seat(rules, h->redeal ? 0 : h->bidder, h->redeal ? 0 : h->partner, seat) + 1;
}

char *report_pair_name(char *buf, size_t size, const char *a, const char *b) {
  if (strcmp(a, b) > 0) {
    const char *t = a;
    a = b;
    b = t;
  }
  snprintf(buf, size, "%s & %s", a, b);
  return buf;
}

void report_sides(ReportSides *s, const PnRules *rules, const char *const *players) {
  memset(s, 0, sizeof *s);
  s->sides = rules->sides;
  s->players = rules->players;
  if (rules->sides == PN_SIDES_TEAMS && rules->players == 4) {
    s->units = 2;
    report_pair_name(s->name[0], sizeof s->name[0], players[0], players[2]);
    report_pair_name(s->name[1], sizeof s->name[1], players[1], players[3]);
    return;
  }
  s->units = rules->players;
  for (int i = 0; i < rules->players; i++) snprintf(s->name[i], sizeof s->name[i], "%s", players[i]);
}

unsigned report_winners(const StoreRow *row) {
  unsigned all = (1u << row->nplayers) - 1;
  if (row->winners & all) return row->winners & all;
  if (row->winner < 1 || row->winner > row->nplayers) return 0;
  /* only the winner seat: its fixed team, else the seat (a called side
   * cannot be told without the hand) */
  PnRules rules;
  int seats[PN_MAX_SEATS], n = 0;
  if (pn_rules_preset(&rules, row->preset) == 0 && rules.sides == PN_SIDES_TEAMS && rules.players == row->nplayers)
    n = pn_side_seats(&rules, 0, 0, pn_side_of_seat(&rules, 0, 0, row->winner), seats);
  unsigned winners = 1u << (row->winner - 1);
  for (int i = 0; i < n; i++) winners |= 1u << (seats[i] - 1);
  return winners;
}

int report_winner_units(const ReportSides *sides, unsigned winners, int units[PN_MAX_SEATS]) {
  int seats[PN_MAX_SEATS], n = pn_winner_seats(winners, seats), count = 0;
  for (int i = 0; i < n; i++) {
    if (seats[i] > sides->players) continue;
    int u = sides->units == 2 && sides->sides == PN_SIDES_TEAMS ? (seats[i] - 1) % 2 : seats[i] - 1;
    bool seen = false;
    for (int k = 0; k < count; k++) seen = seen || units[k] == u;
    if (!seen) units[count++] = u;
  }
  return count;
}

char *report_winners_name(const ReportSides *sides, unsigned winners, char *buf, size_t size) {
  int units[PN_MAX_SEATS], n = report_winner_units(sides, winners, units);
  size_t at = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && at < size; i++) {
    int w = snprintf(buf + at, size - at, "%s%s", i ? " & " : "", sides->name[units[i]]);
    at += w > 0 ? (size_t)w : 0;
  }
  return buf;
}

const char *report_tag(const char *const *tags, int ntags, const char *name, char *buf, size_t size) {
  size_t nlen = strlen(name);
  buf[0] = '\0';
  for (int i = 0; i < ntags; i++)
    if (strncmp(tags[i], name, nlen) == 0 && tags[i][nlen] == '=') {
      snprintf(buf, size, "%s", tags[i] + nlen + 1);
      break;
    }
  return buf;
}

/* ---------------------------------------------------------------- roster */

void report_roster_init(ReportRoster *r, size_t item_size, void (*init)(void *item)) {
  memset(r, 0, sizeof *r);
  r->item_size = item_size;
  r->init = init;
}

long report_roster_get(ReportRoster *r, int64_t a, int64_t b, const char *name) {
  int64_t id[2] = {a, b};
  long found = pn_set_find(&r->ids, id, sizeof id);
  if (found >= 0) return found;
  /* room first, so that a failure leaves the roster as it was */
  if (PN_VEC_RESERVE(r->names, r->names_cap, r->n + 1) != 0 ||
      pn_vec_reserve(&r->items, &r->items_cap, r->n + 1, r->item_size) != 0)
    return -1;
  size_t len = strlen(name) + 1;
  char *copy = malloc(len);
  if (!copy) return -1;
  if (pn_set_add(&r->ids, id, sizeof id, NULL) != (long)r->n) {
    free(copy);
    return -1;
  }
  memcpy(copy, name, len);
  r->names[r->n] = copy;
  void *item = report_roster_item(r, r->n);
  memset(item, 0, r->item_size);
  if (r->init) r->init(item);
  return (long)r->n++;
}

void report_roster_free(ReportRoster *r) {
  for (size_t i = 0; i < r->n; i++) free(r->names[i]);
  free(r->names);
  free(r->items);
  pn_set_free(&r->ids);
  r->names = NULL;
  r->items = NULL;
  r->n = r->names_cap = r->items_cap = 0;
}

int report_seating(const StoreRow *row, ReportRoster *players, ReportRoster *pairs, ReportSeating *g, PnDiag *diag) {
  memset(g, 0, sizeof *g);
  if (pn_rules_preset(&g->rules, row->preset) != 0 || row->nplayers != g->rules.players) {
    snprintf(diag->msg, sizeof diag->msg, "game %s: stored variant '%s' with %d players is not known", row->key,
             row->preset, row->nplayers);
    return REPORT_CORRUPT;
  }
  g->players = g->rules.players;
  g->teams = g->rules.sides == PN_SIDES_TEAMS && g->rules.players == 4;
  for (int s = 1; s <= g->players; s++)
    if ((g->seat[s - 1] = report_roster_get(players, row->player_ids[s - 1], 0, row->players[s - 1])) < 0)
      goto memory;
  for (int side = 0; g->teams && side < 2; side++) {
    /* the ids in order, so that a partnership is one entry whoever sits 1 or 3 */
    int64_t a = row->player_ids[side], b = row->player_ids[side + 2];
    char name[2 * 160];
    report_pair_name(name, sizeof name, row->players[side], row->players[side + 2]);
    if ((g->pair[side] = report_roster_get(pairs, a < b ? a : b, a < b ? b : a, name)) < 0) goto memory;
  }
  return 0;
memory:
  snprintf(diag->msg, sizeof diag->msg, "out of memory");
  return REPORT_ERROR;
}

int report_titled_text(FILE *out, const char *title, const char *none, const ReportTable *table) {
  if (report_table_rows(table) == 0) {
    fprintf(out, "%s: %s\n", title, none);
    return 0;
  }
  fprintf(out, "%s\n", title);
  return report_table_text(table, out, REPORT_WIDTH);
}

int report_roster_tables(FILE *out, OutFormat format, const ReportTable *players, const ReportTable *pairs,
                         bool any_teams, const char *none, const char *more_key, const ReportTable *more) {
  switch (format) {
  case OUT_CSV:
    report_table_csv(players, out, true, "kind", "player");
    report_table_csv(pairs, out, false, "kind", "partnership");
    return 0;
  case OUT_JSON:
    fputs("{\n  \"players\": ", out);
    report_table_json(players, out, "  ");
    fputs(",\n  \"partnerships\": ", out);
    report_table_json(pairs, out, "  ");
    if (more) {
      fputs(",\n  ", out);
      report_json_key(out, more_key);
      report_table_json(more, out, "  ");
    }
    fputs("\n}\n", out);
    return 0;
  case OUT_TEXT: break;
  }
  if (report_titled_text(out, "Players", none, players) != 0) return -1;
  if (!any_teams) return 0;
  fputc('\n', out);
  return report_titled_text(out, "Partnerships", none, pairs);
}

int report_events_corrupt(const StoreRow *row, PnDiag *diag) {
  snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: a stored event does not decode", row->key, row->hand);
  return REPORT_CORRUPT;
}
