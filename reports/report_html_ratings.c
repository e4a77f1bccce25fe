/*
 * report_html_ratings.c - the ratings (/ratings) as HTML (report_html.h),
 * drawn from report_ratings's JSON: the standings of players and
 * partnerships, established ratings first, provisional ones marked after
 * them, and each charted player's rating after each date on a true date
 * axis (chart_time.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "report_html_int.h"

#include <stdlib.h>
#include <string.h>

#include "chart_time.h"
#include "report_ratings.h"

/* Is the standings row provisional (report_rating_provisional's rule)? */
static bool row_provisional(const json_t *row) {
  return report_rating_provisional(html_ji(row, "games"), html_jd(row, "deviation"));
}

/* The rows of a standings array in the page's order: established first,
 * then provisional, each best rated first (the report's order kept).
 * Returns the number of rows, -1 when out of memory; caller frees *order. */
static long page_order(const json_t *rows, const json_t ***order) {
  size_t n = json_array_size(rows), k = 0;
  *order = malloc((n ? n : 1) * sizeof **order);
  if (!*order) return -1;
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < n; i++)
      if (row_provisional(json_array_get(rows, i)) == (pass == 1)) (*order)[k++] = json_array_get(rows, i);
  return (long)n;
}

/* The chart's series: the first CHART_TIME_MAX_SERIES of order, each
 * with its dated history rows (undated ones have no place on a date
 * axis); *undated tells whether any was left out. */
typedef struct RatingLines {
  ChartTimeSeries s[CHART_TIME_MAX_SERIES]; /* the lines */
  ChartTimePoint *points;                   /* all their points, one block */
  int n;                                    /* lines */
  bool undated;                             /* an undated period was left out */
} RatingLines;

static int rating_lines(RatingLines *rl, const json_t *const *order, long n, const json_t *history) {
  size_t nh = json_array_size(history), used = 0;
  memset(rl, 0, sizeof *rl);
  rl->points = malloc((nh ? nh : 1) * sizeof *rl->points);
  if (!rl->points) return -1;
  rl->n = n < CHART_TIME_MAX_SERIES ? (int)n : CHART_TIME_MAX_SERIES;
  for (int k = 0; k < rl->n; k++) {
    const char *name = html_js(order[k], "name");
    rl->s[k] = (ChartTimeSeries){name, rl->points + used, 0};
    for (size_t h = 0; h < nh; h++) { /* history rows are in date order */
      const json_t *row = json_array_get(history, h);
      if (strcmp(html_js(row, "player"), name) != 0) continue;
      long day = chart_time_day(html_js(row, "date"));
      if (day < 0) {
        rl->undated = true;
        continue;
      }
      rl->points[used++] = (ChartTimePoint){day, html_jd(row, "rating"),
                                            report_rating_provisional(html_ji(row, "games"), html_jd(row, "deviation"))};
      rl->s[k].n++;
    }
  }
  return 0;
}

/* The heading and what the numbers are, the provisional rule and why the
 * game counts may differ from the players page. */
static void ratings_heading(FILE *out, const ReportHtml *html) {
  fprintf(out,
          "<h1>Ratings</h1>\n<p class=\"meta\">Glicko-2 ratings from the games' results: a newcomer starts at 1500 "
          "with a deviation (RD) of 350, which shrinks as they play; all the games of one date are one rating period, "
          "undated games last. <strong>Provisional</strong> (shown as 1620?, after the others): a rating whose RD is "
          "above %.0f or that stands on fewer than %d rated games; it says little yet.</p>\n"
          "<p class=\"meta\">Games here are <em>rated</em> games: those that ended with a winner. The players page "
          "counts every game sat in, finished or not, so its counts are higher when some games were left "
          "unfinished.",
          RATING_PROVISIONAL_DEVIATION, RATING_PROVISIONAL_GAMES);
  if (html->served) fputs(" <a href=\"/players\">Players' statistics</a>.", out);
  fputs("</p>\n", out);
}

/* One standings table: rank, name (linked when a player and served),
 * rating (with ? when provisional), RD, games, wins, hands, last date,
 * volatility. */
static void standings(FILE *out, const ReportHtml *html, const json_t *const *order, long n, bool players) {
  fprintf(out, "<div class=\"scroll\"><table class=\"ratings\"><thead><tr><th>#</th><th>%s</th><th>rating</th>"
               "<th>RD</th><th>games</th><th>wins</th><th>hands</th><th>last date</th><th>vol</th></tr></thead><tbody>\n",
          players ? "player" : "partnership");
  for (long i = 0; i < n; i++) {
    const json_t *row = order[i];
    bool prov = row_provisional(row);
    fprintf(out, "<tr%s><td class=\"n\">%ld</td><td>", prov ? " class=\"provisional\"" : "", i + 1);
    if (players) html_link_open(out, html, "/players/", html_js(row, "name"), NULL);
    report_html_name(out, html_js(row, "name"));
    if (players) html_link_close(out, html);
    fprintf(out, "</td><td class=\"n\">%.0f%s</td><td class=\"n\">%.0f</td><td class=\"n\">%ld</td>"
                 "<td class=\"n\">%ld</td><td class=\"n\">%ld</td><td>",
            html_jd(row, "rating"), prov ? "?" : "", html_jd(row, "deviation"), html_ji(row, "games"),
            html_ji(row, "wins"), html_ji(row, "hands"));
    report_html_text(out, html_js(row, "last_date"));
    fprintf(out, "</td><td class=\"n\">%.3f</td></tr>\n", html_jd(row, "volatility"));
  }
  fputs("</tbody></table></div>\n", out);
}

/* The page from the report's JSON. */
static int ratings_page(FILE *out, const ReportHtml *html, const json_t *j) {
  const json_t *players = json_object_get(j, "players"), *pairs = json_object_get(j, "partnerships");
  const json_t **pl = NULL, **pa = NULL;
  RatingLines rl = {0};
  int rc = -1;
  long np = page_order(players, &pl), npa = page_order(pairs, &pa);
  if (np < 0 || npa < 0 || rating_lines(&rl, pl, np, json_object_get(j, "history")) != 0) goto done;
  report_html_begin(out, html, "Pinochle ratings");
  ratings_heading(out, html);
  char title[160];
  snprintf(title, sizeof title, "Rating after each date played%s%s",
           np > CHART_TIME_MAX_SERIES ? ", the first ten of the standings" : "",
           rl.undated ? " (undated games are rated last and have no place on the dates)" : "");
  chart_time_svg(out, &(ChartTimeText){"ratings", title, "provisional", "No dated game has been rated yet."}, rl.s,
                 rl.n);
  fputs("<h2>Players</h2>\n", out);
  if (np == 0) fputs("<p>None rated in the selection.</p>\n", out);
  else standings(out, html, pl, np, true);
  if (npa > 0) {
    fputs("<h2>Partnerships</h2>\n", out);
    standings(out, html, pa, npa, false);
  }
  report_html_end(out, html);
  rc = 0;
done:
  free(pl);
  free(pa);
  free(rl.points);
  return rc;
}

int report_html_ratings(Store *store, const ReportHtml *html, const ReportQuery *q, FILE *out, PnDiag *diag) {
  HtmlCapture cap;
  json_t *j = NULL;
  int rc;
  if (!html_capture_open(&cap, diag)) return REPORT_ERROR;
  if ((rc = report_ratings(store, q, OUT_JSON, cap.f, diag)) != 0) {
    html_capture_drop(&cap);
    return rc;
  }
  if (!(j = html_capture_json(&cap, diag))) return REPORT_ERROR;
  if (ratings_page(out, html, j) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
  }
  json_decref(j);
  return rc;
}
