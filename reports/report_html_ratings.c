/*
 * report_html_ratings.c - the ratings (/ratings) as HTML (report_html.h),
 * drawn from report_ratings's typed result: the standings of players and
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

static bool provisional(const RatingStanding *r) { return report_rating_provisional(r->games, r->now.deviation); }

/* The rows of a standings array in the page's order: established first,
 * then provisional, each best rated first (the report's order kept).
 * Returns 0, -1 when out of memory; caller frees *order. */
static int page_order(const RatingStanding *rows, size_t n, const RatingStanding ***order) {
  size_t k = 0;
  *order = malloc((n ? n : 1) * sizeof **order);
  if (!*order) return -1;
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < n; i++)
      if (provisional(&rows[i]) == (pass == 1)) (*order)[k++] = &rows[i];
  return 0;
}

/* The chart's series: the first CHART_TIME_MAX_SERIES of order, each
 * with its dated history points (undated ones have no place on a date
 * axis; undated tells whether any was left out). */
typedef struct RatingLines {
  ChartTimeSeries s[CHART_TIME_MAX_SERIES]; /* the lines */
  ChartTimePoint *points;                   /* all their points, one block */
  int n;                                    /* lines */
  bool undated;                             /* an undated period was left out */
} RatingLines;

static int rating_lines(RatingLines *rl, const RatingStanding *const *order, size_t n, const RatingsResult *res) {
  size_t used = 0;
  memset(rl, 0, sizeof *rl);
  rl->points = malloc((res->nhistory ? res->nhistory : 1) * sizeof *rl->points);
  if (!rl->points) return -1;
  rl->n = n < CHART_TIME_MAX_SERIES ? (int)n : CHART_TIME_MAX_SERIES;
  for (int k = 0; k < rl->n; k++) {
    rl->s[k] = (ChartTimeSeries){order[k]->name, rl->points + used, 0, false};
    for (size_t h = 0; h < res->nhistory; h++) { /* in period order */
      const RatingPoint *pt = &res->history[h];
      if (pt->name != order[k]->name) continue; /* both the roster's one copy */
      long day = chart_time_day(pt->date);
      if (day < 0) {
        rl->undated = true;
        continue;
      }
      rl->points[used++] = (ChartTimePoint){day, pt->rating, report_rating_provisional(pt->games, pt->deviation), false};
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
static void standings(FILE *out, const ReportHtml *html, const RatingStanding *const *order, size_t n, bool players) {
  fprintf(out, "<div class=\"scroll\"><table class=\"ratings\"><thead><tr><th>#</th><th>%s</th><th>rating</th>"
               "<th>RD</th><th>games</th><th>wins</th><th>hands</th><th>last date</th><th>vol</th></tr></thead><tbody>\n",
          players ? "player" : "partnership");
  for (size_t i = 0; i < n; i++) {
    const RatingStanding *r = order[i];
    bool prov = provisional(r);
    fprintf(out, "<tr%s><td class=\"n\">%zu</td><td>", prov ? " class=\"provisional\"" : "", i + 1);
    if (players) html_link_open(out, html, "/players/", r->name, NULL);
    report_html_name(out, r->name);
    if (players) html_link_close(out, html);
    fprintf(out, "</td><td class=\"n\">%.0f%s</td><td class=\"n\">%.0f</td><td class=\"n\">%ld</td>"
                 "<td class=\"n\">%ld</td><td class=\"n\">%ld</td><td>%s</td><td class=\"n\">%.3f</td></tr>\n",
            r->now.rating, prov ? "?" : "", r->now.deviation, r->games, r->wins, r->hands, r->last, r->now.volatility);
  }
  fputs("</tbody></table></div>\n", out);
}

/* The page from the result. */
static int ratings_page(FILE *out, const ReportHtml *html, const RatingsResult *res) {
  const RatingStanding **pl = NULL, **pa = NULL;
  RatingLines rl = {0};
  int rc = -1;
  if (page_order(res->players, res->nplayers, &pl) != 0 || page_order(res->pairs, res->npairs, &pa) != 0 ||
      rating_lines(&rl, pl, res->nplayers, res) != 0)
    goto done;
  report_html_begin(out, html, "Pinochle ratings");
  ratings_heading(out, html);
  char title[160];
  snprintf(title, sizeof title, "Rating after each date played%s%s",
           res->nplayers > CHART_TIME_MAX_SERIES ? ", the first ten of the standings" : "",
           rl.undated ? " (undated games are rated last and have no place on the dates)" : "");
  chart_time_svg(out, &(ChartTimeText){"ratings", title, "provisional", "No dated game has been rated yet.", NULL, false, 0}, rl.s,
                 rl.n);
  fputs("<h2>Players</h2>\n", out);
  if (res->nplayers == 0) fputs("<p>None rated in the selection.</p>\n", out);
  else standings(out, html, pl, res->nplayers, true);
  if (res->npairs > 0) {
    fputs("<h2>Partnerships</h2>\n", out);
    standings(out, html, pa, res->npairs, false);
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
  RatingsResult res;
  int rc = report_ratings_read(store, q, &res, diag);
  if (rc == 0 && ratings_page(out, html, &res) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
  }
  report_ratings_free(&res);
  return rc;
}
