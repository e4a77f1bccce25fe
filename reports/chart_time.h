/*
 * chart_time.h - an SVG line chart on a true date axis: x is the date
 * itself, so March to November takes eight months of width and a week a
 * week's, whatever the number of points between.  The one date-axis chart
 * of the pages: the ratings' history and a player's games (points, meld
 * and counters per hand, bids won).
 */
#ifndef PN_CHART_TIME_H
#define PN_CHART_TIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define CHART_TIME_MAX_SERIES 10 /* one colour each, none reused: more are not drawn */
#define CHART_TIME_GAP_DAYS 28   /* a line over a longer gap without a point is dashed */

/* One value on one day. */
typedef struct ChartTimePoint {
  long day;   /* days since 1970-01-01 (chart_time_day) */
  double y;   /* the value */
  bool faint; /* drawn hollow (e.g. a provisional rating) */
  bool bad;   /* drawn in the "bad" colour (e.g. a bid set) */
} ChartTimePoint;

/* One line: its points in date order. */
typedef struct ChartTimeSeries {
  const char *name;           /* legend (a user's name: escaped here) */
  const ChartTimePoint *p;    /* borrowed for the call */
  size_t n;                   /* points */
  bool dots;                  /* dots only, not joined (values of separate events) */
} ChartTimeSeries;

/* What a chart says besides its lines. */
typedef struct ChartTimeText {
  const char *id;     /* the figure's id */
  const char *title;  /* caption and accessible name */
  const char *faint;  /* legend of a hollow point ("provisional"), NULL when none is */
  const char *empty;  /* the sentence shown instead of a chart with no point */
  const char *bad;    /* legend of a point in the "bad" colour ("set"), NULL when none is */
  bool zero;          /* the y axis reaches 0 (amounts compared with none), else fits the values */
  int decimals;       /* of a value in a dot's tooltip */
} ChartTimeText;

/* The day number of "YYYY-MM-DD" (a time may follow), or -1 when it is
 * not a date. */
long chart_time_day(const char *date);
/* The date of a day number into buf[11] ("2026-03-10"); returns buf. */
char *chart_time_date(long day, char buf[11]);

/* The colour of series k (0 .. CHART_TIME_MAX_SERIES - 1): the pages'
 * one palette, every chart's. */
const char *chart_time_colour(int k);

/*
 * Writes the chart as a <figure>: 640 x 240 units scaled to its box (in a
 * div.plot, which the stylesheet lets scroll on a phone, the legend not), the
 * y axis fitted to the values with round gridlines, the x axis from the
 * first date to the last with ticks at whole weeks, months, quarters, half years or years
 * (labels "Mar", the year at each January and at the first), each series
 * a line of its own colour (or dots alone) with a dot per point (hollow
 * when faint, red when bad, the date and value as its tooltip; on a line
 * too dense to tell its dots apart, only the hollow, the red and the
 * latest), dashed
 * over a gap longer than CHART_TIME_GAP_DAYS, and a legend where a series
 * without a point is named with a sentence instead of a colour.  With no
 * point at all, only the sentence text->empty in a <p>.
 */
void chart_time_svg(FILE *out, const ChartTimeText *text, const ChartTimeSeries *s, int ns);

#endif
