/*
 * report_html.c - the reports as HTML with inline SVG (report_html.h):
 * the parts every view shares (report_html_int.h).
 *
 * Every view draws its report's computed result (ReportPlayers,
 * ReportGame, ReportHand, ...), the one its text, CSV and JSON are
 * written from, so the page, its JSON endpoint and `report --format json`
 * agree; none prints a report and reads it back.  The views are in
 * report_html_games.c, report_html_hand.c, report_html_players.c and
 * the other report_html_*.c.
 */
#define _POSIX_C_SOURCE 200809L
#include "report_html_int.h"
#include "chart_time.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>


const ReportAsset *report_asset_find(const char *name) {
  for (int i = 0; i < report_asset_count; i++)
    if (strcmp(report_assets[i].name, name) == 0) return &report_assets[i];
  return NULL;
}

/* ------------------------------------------------------------ the page */

/* The bidi controls still open in a text: 'E' an embedding or override
 * (closed by PDF), 'I' an isolate (closed by PDI, with the embeddings
 * inside it), innermost last. */
typedef struct BidiOpen {
  char kind[64]; /* 'E' or 'I' */
  int n;         /* open; past 64 a further opener is dropped */
} BidiOpen;

/* Tracks the bidi control at p (UTF-8); false when it is to be dropped
 * (nested past BidiOpen's depth). */
static bool bidi_track(BidiOpen *b, const unsigned char *p) {
  if (p[0] != 0xE2) return true;
  bool embed = p[1] == 0x80 && (p[2] == 0xAA || p[2] == 0xAB || p[2] == 0xAD || p[2] == 0xAE);
  bool isolate = p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA8;
  if (embed || isolate) {
    if (b->n == (int)sizeof b->kind) return false;
    b->kind[b->n++] = embed ? 'E' : 'I';
  } else if (p[1] == 0x80 && p[2] == 0xAC) { /* PDF: the innermost embedding, not past an isolate */
    if (b->n > 0 && b->kind[b->n - 1] == 'E') b->n--;
  } else if (p[1] == 0x81 && p[2] == 0xA9) { /* PDI: the innermost isolate and what is inside it */
    int i = b->n - 1;
    while (i >= 0 && b->kind[i] != 'I') i--;
    if (i >= 0) b->n = i;
  }
  return true;
}

void report_html_text(FILE *out, const char *text) {
  BidiOpen open = {.n = 0};
  for (const char *p = text ? text : ""; *p; p++) {
    switch (*p) {
    case '&': fputs("&amp;", out); break;
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '"': fputs("&quot;", out); break;
    case '\'': fputs("&#39;", out); break;
    default:
      if (!bidi_track(&open, (const unsigned char *)p)) p += 2; /* too deep: dropped */
      else fputc(*p, out);
      break;
    }
  }
  while (open.n > 0) fputs(open.kind[--open.n] == 'E' ? "\xE2\x80\xAC" : "\xE2\x81\xA9", out); /* PDF, PDI */
}

void report_html_name(FILE *out, const char *name) {
  fputs("<bdi>", out);
  report_html_text(out, name);
  fputs("</bdi>", out);
}

void report_html_url(FILE *out, const char *segment) {
  for (const unsigned char *p = (const unsigned char *)segment; *p; p++) {
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("._~-", *p))
      fputc(*p, out);
    else fprintf(out, "%%%02X", *p);
  }
}

static void asset_inline(FILE *out, const char *name) {
  const ReportAsset *a = report_asset_find(name);
  if (a) fwrite(a->data, 1, a->len, out);
}

void report_html_begin(FILE *out, const ReportHtml *html, const char *title) {
  fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
        out);
  report_html_text(out, title);
  fputs("</title>\n", out);
  if (html->served) {
    if (html->token) {
      fputs("<meta name=\"pn-token\" content=\"", out);
      report_html_text(out, html->token);
      fputs("\">\n", out);
    }
    fputs("<link rel=\"stylesheet\" href=\"/assets/style.css\">\n</head>\n<body>\n"
          "<nav><a href=\"/\">Games</a> <a href=\"/players\">Players</a> <a href=\"/ratings\">Ratings</a> <a href=\"/insights\">Insights</a> <a href=\"/nights\">Nights</a> "
          "<a href=\"/record\">Record</a></nav>\n",
          out);
  } else {
    fputs("<style>\n", out);
    asset_inline(out, "style.css");
    fputs("</style>\n</head>\n<body>\n", out);
  }
  fputs("<main>\n", out);
}

void report_html_end(FILE *out, const ReportHtml *html) {
  fputs("</main>\n", out);
  if (html->served) fputs("<script src=\"/assets/app.js\"></script>\n", out);
  else {
    fputs("<script>\n", out);
    asset_inline(out, "app.js");
    fputs("</script>\n", out);
  }
  fputs("</body>\n</html>\n", out);
}

/* A link to path when served, plain text otherwise (a file has nowhere to go). */
void html_link_open(FILE *out, const ReportHtml *html, const char *prefix, const char *segment, const char *suffix) {
  if (!html->served) return;
  fprintf(out, "<a href=\"%s", prefix);
  if (segment) report_html_url(out, segment);
  fprintf(out, "%s\">", suffix ? suffix : "");
}
void html_link_close(FILE *out, const ReportHtml *html) {
  if (html->served) fputs("</a>", out);
}

/* ------------------------------------------------------------- cards */

/* The suit of a suit letter, -1 when it is none: the rules library's
 * alphabet, not a copy of it. */
static int suit_of(char letter) {
  char text[2] = {letter, '\0'};
  return pn_suit_parse(text);
}
const char *html_suit_glyph(char suit) { return pn_suit_symbol(suit_of(suit)); }
const char *html_suit_word(char suit) { return pn_suit_word(suit_of(suit)); }

/* A two-letter card as the rules read it; false when it is not one. */
static bool card_of(const char *card, PnCard *out) { return pn_card_parse(card, strlen(card), out) > 0; }

const char *html_card_rank(const char *card) {
  PnCard c;
  return card_of(card, &c) ? pn_rank_label(PN_RANK(c)) : "?";
}

/* Sort key: suits S H C D (black and red alternate), then rank high to
 * low in the rules' order (every deck's ranks, 7s included). */
static int card_order(const char *card) {
  static const int SUIT_PLACE[PN_SUITS] = {[PN_SPADES] = 0, [PN_HEARTS] = 1, [PN_CLUBS] = 2, [PN_DIAMONDS] = 3};
  PnCard c;
  if (!card_of(card, &c)) return PN_SUITS * PN_RANKS;
  return SUIT_PLACE[PN_SUIT(c)] * PN_RANKS + PN_RANK(c);
}
int html_card_cmp(const void *a, const void *b) {
  return card_order((const char *)a) - card_order((const char *)b);
}

/* Up to max two-letter cards of a space-separated list into cards[][3]. */
int html_cards_split(const char *text, char (*cards)[3], int max) {
  int n = 0;
  for (const char *p = text; *p && n < max;) {
    while (*p == ' ') p++;
    if (!p[0] || !p[1]) break;
    cards[n][0] = p[0];
    cards[n][1] = p[1];
    cards[n][2] = '\0';
    n++;
    p += 2;
    while (*p && *p != ' ') p++;
  }
  return n;
}

/* One card drawn at x,y (28 x 40); cls adds classes ("renege", "evidence"). */
void html_svg_card(FILE *out, const char *card, int x, int y, int seat, const char *cls) {
  bool red = card[1] == 'H' || card[1] == 'D';
  fprintf(out, "<g class=\"card%s%s%s\" data-seat=\"%d\" data-card=\"%s\" transform=\"translate(%d %d)\">", red ? " red" : "",
          cls && *cls ? " " : "", cls ? cls : "", seat, card, x, y);
  fprintf(out, "<rect width=\"28\" height=\"40\" rx=\"3\"/><text x=\"14\" y=\"17\">%s</text><text x=\"14\" y=\"34\">%s</text>"
               "<title>%s of %s</title></g>",
          html_card_rank(card), html_suit_glyph(card[1]), html_card_rank(card), html_suit_word(card[1]));
}

/* Cards inline in text: "A♠ 10♥". */
void html_cards(FILE *out, const char *text) {
  char cards[80][3];
  int n = html_cards_split(text, cards, 80);
  for (int i = 0; i < n; i++) {
    bool red = cards[i][1] == 'H' || cards[i][1] == 'D';
    fprintf(out, "%s<span class=\"c%s\">%s%s</span>", i ? " " : "", red ? " red" : "", html_card_rank(cards[i]),
            html_suit_glyph(cards[i][1]));
  }
}

/* ------------------------------------------------------------ charts */

/* One line or bar series of a chart. */

/* The pages' one palette: a colour per series, never two (chart_time.c). */
#define NCOLORS CHART_TIME_MAX_SERIES
#define COLORS(k) chart_time_colour(k)

/* A round step for about five gridlines over span. */
double html_nice_step(double span) {
  if (span <= 0) return 1;
  double raw = span / 5, mag = 1;
  while (mag * 10 <= raw) mag *= 10;
  while (mag > raw) mag /= 10;
  double f = raw / mag;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/* The chart's box in SVG units: 640 x 220, the plot area inside margins
 * left for the y labels (left), the title (top) and the x labels (bottom). */
static const double CHART_W = 640, CHART_H = 220, CHART_L = 58, CHART_R = 8, CHART_T = 22, CHART_B = 28;

/* Where a chart's values go. */
typedef struct ChartFrame {
  double lo, hi; /* the y axis: round bounds, 0 between them */
  double step;   /* between gridlines */
  size_t n;      /* x positions: the longest series */
  double slot;   /* the width of one x position */
} ChartFrame;

/* The y range over every series (stacked: over the sums), widened to
 * round gridlines through 0 (fit: through the values only), and the x
 * slots.  A NaN value (a gap in a line) is left out. */
static void chart_frame(ChartFrame *f, HtmlChartKind kind, const HtmlSeries *s, int ns, bool fit) {
  size_t n = 0;
  double lo = 0, hi = 0;
  bool first = fit; /* the first value sets lo and hi rather than widening 0 */
  for (int k = 0; k < ns; k++) {
    if (s[k].n > n) n = s[k].n;
    for (size_t i = 0; i < s[k].n; i++) {
      double v = s[k].y[i];
      if (isnan(v)) continue;
      if (first) {
        lo = hi = v;
        first = false;
      }
      if (kind == HTML_CHART_STACKED) {
        v = 0;
        for (int m = 0; m <= k; m++) v += i < s[m].n ? s[m].y[i] : 0;
      }
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (hi == lo) hi = lo + 1;
  double step = html_nice_step(hi - lo);
  f->lo = step * (double)(long)((lo - (lo < 0 ? step - 1e-9 : 0)) / step);
  f->hi = step * (double)(long)((hi + step - 1e-9) / step);
  f->step = step;
  f->n = n;
  double pw = CHART_W - CHART_L - CHART_R;
  f->slot = n ? pw / (double)n : pw;
}

/* The SVG y of value v; the x of the middle of slot i. */
static double chart_y(const ChartFrame *f, double v) {
  double ph = CHART_H - CHART_T - CHART_B;
  return CHART_T + ph - (v - f->lo) / (f->hi - f->lo) * ph;
}
static double chart_x(const ChartFrame *f, size_t i) { return CHART_L + f->slot * ((double)i + 0.5); }

/* The horizontal gridlines with their values; the one at 0 darker. */
static void chart_grid(FILE *out, const ChartFrame *f) {
  for (double v = f->lo; v <= f->hi + 1e-9; v += f->step)
    fprintf(out, "<line class=\"grid%s\" x1=\"%g\" x2=\"%g\" y1=\"%.1f\" y2=\"%.1f\"/><text class=\"ytick\" x=\"%g\" y=\"%.1f\">%g</text>\n",
            v == 0 ? " zero" : "", CHART_L, CHART_W - CHART_R, chart_y(f, v), chart_y(f, v), CHART_L - 4, chart_y(f, v) + 4, v);
}

/* One series as a line (broken where a value is NaN), with a dot (and
 * its value as a tooltip) at each point when there are few enough to tell
 * apart. */
static void chart_line(FILE *out, const ChartFrame *f, const HtmlSeries *s, const char *color) {
  size_t i = 0;
  while (i < s->n && isnan(s->y[i])) i++;
  do { /* one polyline per run of values (one, maybe empty, without gaps) */
    fprintf(out, "<polyline class=\"series\" stroke=\"%s\" points=\"", color);
    for (; i < s->n && !isnan(s->y[i]); i++) fprintf(out, "%.1f,%.1f ", chart_x(f, i), chart_y(f, s->y[i]));
    fputs("\"/>\n", out);
    while (i < s->n && isnan(s->y[i])) i++;
  } while (i < s->n);
  if (s->n <= 60)
    for (size_t k = 0; k < s->n; k++)
      if (!isnan(s->y[k]))
        fprintf(out, "<circle r=\"2.5\" fill=\"%s\" cx=\"%.1f\" cy=\"%.1f\"><title>%g</title></circle>", color,
                chart_x(f, k), chart_y(f, s->y[k]), s->y[k]);
}

/* Series k of s as bars (side by side with the other series, or stacked
 * on them) or as points; a flagged value in the "bad" colour. */
static void chart_bars(FILE *out, const ChartFrame *f, HtmlChartKind kind, const HtmlSeries *s, int ns, int k,
                       const char *color) {
  for (size_t i = 0; i < s[k].n; i++) {
    double v = s[k].y[i], base = 0, x, w;
    if (kind == HTML_CHART_STACKED)
      for (int m = 0; m < k; m++) base += i < s[m].n ? s[m].y[i] : 0;
    if (kind == HTML_CHART_BARS) {
      w = f->slot * 0.8 / ns;
      x = CHART_L + f->slot * (double)i + f->slot * 0.1 + w * k;
    } else {
      w = f->slot * 0.8;
      x = CHART_L + f->slot * (double)i + f->slot * 0.1;
    }
    const char *fill = s[k].flag && s[k].flag[i] ? "#c53030" : color;
    if (kind == HTML_CHART_POINTS) {
      fprintf(out, "<circle r=\"3\" fill=\"%s\" cx=\"%.1f\" cy=\"%.1f\"><title>%g</title></circle>", fill, x + w / 2,
              chart_y(f, v), v);
      continue;
    }
    double y0 = chart_y(f, base), y1 = chart_y(f, base + v);
    fprintf(out, "<rect fill=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"><title>%g</title></rect>", fill, x,
            y1 < y0 ? y1 : y0, w > 0.5 ? w : 0.5, y1 < y0 ? y0 - y1 : y1 - y0, v);
  }
  fputc('\n', out);
}

/* The x labels: every one that fits, about 64 units apart. */
static void chart_xlabels(FILE *out, const ChartFrame *f, const char *const *xlabels) {
  double pw = CHART_W - CHART_L - CHART_R;
  size_t every = (size_t)((double)f->n * 64 / pw) + 1;
  for (size_t i = 0; i < f->n; i += every) {
    fprintf(out, "<text class=\"xtick\" x=\"%.1f\" y=\"%g\">", chart_x(f, i), CHART_H - CHART_B + 14);
    report_html_text(out, xlabels[i]);
    fputs("</text>", out);
  }
  fputc('\n', out);
}

/*
 * An SVG chart, 640 x 220 units scaled to the page's width: ns series of
 * values over the same x (line, bars side by side, stacked bars, or
 * points), axis with round gridlines through 0 (fit: around the values),
 * a legend, x labels when given (every one that fits).  Drawn here so that
 * it reads without JavaScript; the <title> and aria-label say what it
 * shows.
 */
static void chart_draw(FILE *out, const char *id, const char *title, HtmlChartKind kind, const HtmlSeries *s, int ns,
                       const char *const *xlabels, bool fit) {
  ChartFrame f;
  if (ns > NCOLORS) ns = NCOLORS; /* a colour stands for one series only */
  chart_frame(&f, kind, s, ns, fit);
  fprintf(out, "<figure class=\"chart\" id=\"%s\"><svg viewBox=\"0 0 640 220\" role=\"img\" aria-label=\"", id);
  report_html_text(out, title);
  fputs("\"><title>", out);
  report_html_text(out, title);
  fputs("</title>\n", out);
  chart_grid(out, &f);
  if (f.n == 0) fprintf(out, "<text class=\"empty\" x=\"320\" y=\"110\">no data</text>\n");
  for (int k = 0; k < ns; k++) {
    if (kind == HTML_CHART_LINE) chart_line(out, &f, &s[k], COLORS(k));
    else chart_bars(out, &f, kind, s, ns, k, COLORS(k));
  }
  if (xlabels && f.n) chart_xlabels(out, &f, xlabels);
  fputs("</svg><figcaption>", out);
  report_html_text(out, title);
  for (int k = 0; k < ns && ns > 1; k++) {
    fprintf(out, " <span class=\"key\" style=\"color:%s\">\xE2\x96\xA0</span> ", COLORS(k));
    report_html_name(out, s[k].name);
  }
  fputs("</figcaption></figure>\n", out);
}

void html_svg_chart(FILE *out, const char *id, const char *title, HtmlChartKind kind, const HtmlSeries *s, int ns,
                    const char *const *xlabels) {
  chart_draw(out, id, title, kind, s, ns, xlabels, false);
}

void html_svg_chart_fit(FILE *out, const char *id, const char *title, const HtmlSeries *s, int ns,
                        const char *const *xlabels) {
  chart_draw(out, id, title, HTML_CHART_LINE, s, ns, xlabels, true);
}

/* ------------------------------------------------------------- tables */

/* Columns of a block of a folded HTML table beside its key columns: a
 * block of them and the keys fit an 820 px tablet without scrolling. */
#define GRID_BLOCK 7

/* One block of html_grid: the key columns [0, nkey) and [first, last). */
static void grid_block(FILE *out, const ReportHtml *html, const char *cls, const ReportColumn *cols, int nkey,
                       int first, int last, const ReportTable *table, bool links) {
  fprintf(out, "<table class=\"%s grid\"><thead><tr>", cls);
  for (int c = 0; c < last; c = c + 1 == nkey ? first : c + 1) {
    fputs("<th>", out);
    report_html_text(out, cols[c].title);
    fputs("</th>", out);
  }
  fputs("</tr></thead><tbody>\n", out);
  for (size_t r = 0; r < report_table_rows(table); r++) {
    fputs("<tr>", out);
    for (int c = 0; c < last; c = c + 1 == nkey ? first : c + 1) {
      const char *cell = report_table_cell(table, r, c);
      fprintf(out, "<td%s>", cols[c].kind == REPORT_STR ? "" : " class=\"n\"");
      if (c == 0 && links) html_link_open(out, html, "/players/", cell, NULL);
      if (c == 0) report_html_name(out, cell); /* a player or a side */
      else report_html_text(out, cell[0] || cols[c].kind == REPORT_STR ? cell : "-");
      if (c == 0 && links) html_link_close(out, html);
      fputs("</td>", out);
    }
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table>\n", out);
}

void html_grid(FILE *out, const ReportHtml *html, const char *cls, const ReportColumn *cols, int ncols,
               const ReportTable *table, bool links) {
  int nkey = 0;
  while (nkey < ncols && cols[nkey].kind == REPORT_STR) nkey++;
  if (nkey == 0 || nkey == ncols) nkey = 1;
  fputs("<div class=\"grid\">\n", out);
  for (int first = nkey; first < ncols; first += GRID_BLOCK) {
    int last = first + GRID_BLOCK < ncols ? first + GRID_BLOCK : ncols;
    grid_block(out, html, cls, cols, nkey, first, last, table, links);
  }
  fputs("</div>\n", out);
}

void html_svg_hbars(FILE *out, const char *id, const char *title, const char *const *labels, const double *v,
                    size_t n) {
  const double left = 130, right = 50, width = 420, row = 22; /* label room, value room; a bar's row */
  if (n == 0) { /* an empty chart says so in words, with no axes drawn */
    fputs("<p class=\"empty-chart\">", out);
    report_html_text(out, title);
    fputs(": nobody to show.</p>\n", out);
    return;
  }
  double lo = 0, hi = 0;
  for (size_t i = 0; i < n; i++) {
    if (v[i] < lo) lo = v[i];
    if (v[i] > hi) hi = v[i];
  }
  if (hi == lo) hi = lo + 1;
  double scale = (width - left - right) / (hi - lo), zero = left - lo * scale, height = row * (double)n + 8;
  fprintf(out, "<figure class=\"chart\" id=\"%s\"><svg viewBox=\"0 0 420 %g\" role=\"img\" aria-label=\"", id,
          height);
  report_html_text(out, title);
  fputs("\"><title>", out);
  report_html_text(out, title);
  fputs("</title>\n", out);
  for (size_t i = 0; i < n; i++) {
    double y = 4 + row * (double)i, x = v[i] < 0 ? zero + v[i] * scale : zero, w = (v[i] < 0 ? -v[i] : v[i]) * scale;
    fprintf(out, "<text class=\"ylabel\" x=\"%g\" y=\"%.1f\">", left - 6, y + 15);
    char clip[120];
    report_html_text(out, report_clip(clip, sizeof clip, labels[i], 14)); /* the whole name in the table */
    fprintf(out, "</text><rect fill=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%g\"/>", COLORS(0), x, y + 3,
            w > 0.5 ? w : 0.5, row - 6);
    fprintf(out, "<text class=\"value\" x=\"%.1f\" y=\"%.1f\">%g</text>\n", (v[i] < 0 ? zero : x + w) + 4, y + 15,
            v[i]);
  }
  fprintf(out, "<line class=\"grid zero\" x1=\"%.1f\" x2=\"%.1f\" y1=\"0\" y2=\"%g\"/>\n", zero, zero, height);
  fputs("</svg><figcaption>", out);
  report_html_text(out, title);
  fputs("</figcaption></figure>\n", out);
}

int html_chart_colours(void) { return NCOLORS; }
