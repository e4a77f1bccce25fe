/*
 * report_html_int.h - the parts the HTML views share (private to
 * reports/report_html*.c and chart_time.c; report_html.h is the public side).
 *
 * report_html.c has the page (begin/end, links), the card glyphs, the
 * tables and the SVG charts; the views are report_html_games.c (the
 * games list and a game's score sheet), report_html_hand.c (the hand
 * viewer), report_html_players.c (the players and one player) and the
 * other report_html_*.c.  Each draws its report's computed result.  Every name here
 * starts with html_ (Html for types) so that no short name such as js()
 * leaks into a file that includes it.
 */
#ifndef PN_REPORT_HTML_INT_H
#define PN_REPORT_HTML_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report_html.h"

/* ------------------------------------------------------------ links */

/* A link to prefix + segment (percent-encoded) + suffix when served,
 * nothing otherwise (a file has nowhere to go); html_link_close ends it. */
void html_link_open(FILE *out, const ReportHtml *html, const char *prefix, const char *segment, const char *suffix);
void html_link_close(FILE *out, const ReportHtml *html);

/* ------------------------------------------------------------- cards */

/* The glyph (UTF-8) and the word of a suit letter, and the rank as shown
 * of a two-letter card ("10" for "TH", "7" for "7S"), all from the rules
 * library's card alphabet (pn_card_parse, pn_rank_label). */
const char *html_suit_glyph(char suit);
const char *html_suit_word(char suit);
const char *html_card_rank(const char *card);
/* qsort order of two-letter cards: suits S H C D, ranks high to low. */
int html_card_cmp(const void *a, const void *b);
/* Up to max two-letter cards of a space-separated list into cards[][3]. */
int html_cards_split(const char *text, char (*cards)[3], int max);
/* One card drawn at x,y (28 x 40); cls adds classes ("renege", "evidence"). */
void html_svg_card(FILE *out, const char *card, int x, int y, int seat, const char *cls);
/* Cards inline in text: "A♠ 10♥". */
void html_cards(FILE *out, const char *text);

/* ------------------------------------------------------------ charts */

/* One line or bar series of a chart. */
typedef struct HtmlSeries {
  const char *name;    /* legend */
  const double *y;     /* values */
  const int *flag;     /* NULL, or per value 1 = drawn with the "bad" colour (a set bid) */
  size_t n;            /* values in y */
} HtmlSeries;

typedef enum { HTML_CHART_LINE, HTML_CHART_BARS, HTML_CHART_STACKED, HTML_CHART_POINTS } HtmlChartKind;

/* An SVG chart of ns series (report_html.c says how it is drawn);
 * xlabels: NULL or one label per x. */
void html_svg_chart(FILE *out, const char *id, const char *title, HtmlChartKind kind, const HtmlSeries *s, int ns,
                    const char *const *xlabels);

/* The same as a line chart whose y axis spans the values, not 0 (ratings
 * around 1500); a NaN value is a gap in its line (a player not yet rated). */
void html_svg_chart_fit(FILE *out, const char *id, const char *title, const HtmlSeries *s, int ns,
                        const char *const *xlabels);

/* ------------------------------------------------------------- tables */

/* The one HTML writer of a report's table (the cells its text, CSV and
 * JSON print): a table of class cls headed by the columns' titles,
 * numbers right-aligned (an empty one as a dash), wrapped in a box that
 * lets the page fold it to the screen's width; links: the first column
 * links to /players/NAME when served. */
void html_grid(FILE *out, const ReportHtml *html, const char *cls, const ReportColumn *cols, int ncols,
               const ReportTable *table, bool links);

/* A round step (1, 2 or 5 times a power of ten) for about five gridlines over span. */
double html_nice_step(double span);
/* How many series a chart draws at most: one colour each. */
int html_chart_colours(void);

/* Horizontal bars, one per label, every label shown (the chart grows
 * with the rows). */
void html_svg_hbars(FILE *out, const char *id, const char *title, const char *const *labels, const double *v,
                    size_t n);

#endif
