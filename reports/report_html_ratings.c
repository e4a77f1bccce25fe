/*
 * report_html_ratings.c - the ratings (/ratings) as HTML (report_html.h),
 * drawn from report_ratings's JSON: the standings of players and
 * partnerships and a line chart of each player's rating after each date.
 */
#define _POSIX_C_SOURCE 200809L
#include "report_html_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_ratings.h"

#define CHART_PLAYERS 10 /* lines in the chart: the best rated, one colour each */

/* The chart's data: the dates of the history (x) and per charted player
 * the rating after each date (y), carried over the dates the player sat
 * out (Glicko-2 leaves an idle rating where it was), NaN before the
 * player's first date. */
typedef struct RatingChart {
  const char **dates; /* borrowed from the JSON, in period order; "" undated */
  const char **labels; /* dates as shown on the x axis: borrowed from the JSON, or from year */
  size_t ndates;
  double *y;          /* nplayers x ndates */
  char year[5];       /* the year of every dated date (labels show MM-DD), "" when they differ */
  HtmlSeries series[CHART_PLAYERS];
  int nplayers;       /* series */
} RatingChart;

static void rating_chart_free(RatingChart *rc) {
  free(rc->dates);
  free(rc->labels);
  free(rc->y);
}

/* The index of date among the first n of dates, or n. */
static size_t date_index(const char *const *dates, size_t n, const char *date) {
  size_t d = 0;
  while (d < n && strcmp(dates[d], date) != 0) d++;
  return d;
}

/* The x labels: "2026-01-06" is wider than a slot of a dozen dates, so
 * when every dated date is of one year the labels are "01-06" and the
 * year goes into the title. */
static void date_labels(RatingChart *rc) {
  bool one_year = true;
  rc->year[0] = '\0';
  for (size_t d = 0; d < rc->ndates; d++) {
    if (strlen(rc->dates[d]) != 10) continue;
    if (!rc->year[0]) {
      memcpy(rc->year, rc->dates[d], 4);
      rc->year[4] = '\0';
    } else if (memcmp(rc->year, rc->dates[d], 4) != 0) one_year = false;
  }
  if (!one_year) rc->year[0] = '\0';
  for (size_t d = 0; d < rc->ndates; d++) {
    const char *date = rc->dates[d];
    rc->labels[d] = !*date ? "undated" : rc->year[0] && strlen(date) == 10 ? date + 5 : date;
  }
}

/* Fills rc from the standings (players, best first) and the history.
 * Returns 0, or -1 out of memory. */
static int rating_chart(RatingChart *rc, const json_t *players, const json_t *history) {
  size_t nhist = json_array_size(history), m = nhist ? nhist : 1;
  memset(rc, 0, sizeof *rc);
  rc->dates = calloc(m, sizeof *rc->dates);
  rc->labels = calloc(m, sizeof *rc->labels);
  if (!rc->dates || !rc->labels) return -1;
  for (size_t h = 0; h < nhist; h++) { /* history rows are in period order */
    const char *date = html_js(json_array_get(history, h), "date");
    if (date_index(rc->dates, rc->ndates, date) == rc->ndates) rc->dates[rc->ndates++] = date;
  }
  date_labels(rc);
  size_t np = json_array_size(players);
  rc->nplayers = np < CHART_PLAYERS ? (int)np : CHART_PLAYERS;
  rc->y = calloc((size_t)(rc->nplayers ? rc->nplayers : 1) * (rc->ndates ? rc->ndates : 1), sizeof *rc->y);
  if (!rc->y) return -1;
  for (int p = 0; p < rc->nplayers; p++) {
    const char *name = html_js(json_array_get(players, (size_t)p), "name");
    double *y = rc->y + (size_t)p * rc->ndates;
    for (size_t d = 0; d < rc->ndates; d++) y[d] = NAN;
    for (size_t h = 0; h < nhist; h++) {
      const json_t *row = json_array_get(history, h);
      if (strcmp(html_js(row, "player"), name) == 0)
        y[date_index(rc->dates, rc->ndates, html_js(row, "date"))] = html_jd(row, "rating");
    }
    for (size_t d = 1; d < rc->ndates; d++)
      if (isnan(y[d])) y[d] = y[d - 1];
    rc->series[p] = (HtmlSeries){name, y, NULL, rc->ndates};
  }
  return 0;
}

/* The heading and what the numbers are. */
static void ratings_heading(FILE *out, const ReportHtml *html) {
  fputs("<h1>Ratings</h1>\n<p class=\"meta\">Glicko-2 ratings from the games' results: a newcomer starts at 1500 "
        "with a deviation (RD) of 350, which shrinks as they play; all the games of one date are one rating period, "
        "undated games last. Best rated first.",
        out);
  if (html->served) fputs(" <a href=\"/players\">Players' statistics</a>.", out);
  fputs("</p>\n", out);
}

int report_html_ratings(Store *store, const ReportHtml *html, const ReportQuery *q, FILE *out, PnDiag *diag) {
  HtmlCapture cap;
  RatingChart chart = {0};
  json_t *j = NULL;
  int rc;
  if (!html_capture_open(&cap, diag)) return REPORT_ERROR;
  if ((rc = report_ratings(store, q, OUT_JSON, cap.f, diag)) != 0) {
    html_capture_drop(&cap);
    return rc;
  }
  if (!(j = html_capture_json(&cap, diag))) return REPORT_ERROR;
  const json_t *players = json_object_get(j, "players"), *pairs = json_object_get(j, "partnerships");
  if (rating_chart(&chart, players, json_object_get(j, "history")) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
    goto done;
  }
  report_html_begin(out, html, "Pinochle ratings");
  ratings_heading(out, html);
  char title[80];
  snprintf(title, sizeof title, "Rating after each date%s%s%s", chart.year[0] ? " of " : "", chart.year,
           json_array_size(players) > CHART_PLAYERS ? ", the best rated players" : "");
  html_svg_chart_fit(out, "ratings", title, chart.series, chart.nplayers, chart.labels);
  fputs("<h2>Players</h2>\n", out);
  html_table(out, html, "ratings", report_rating_columns, REPORT_RATING_COLUMNS, players, true);
  if (json_array_size(pairs) > 0) {
    fputs("<h2>Partnerships</h2>\n", out);
    html_table(out, html, "ratings", report_rating_columns, REPORT_RATING_COLUMNS, pairs, false);
  }
  report_html_end(out, html);
done:
  rating_chart_free(&chart);
  json_decref(j);
  return rc;
}
