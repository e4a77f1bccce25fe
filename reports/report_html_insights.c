/*
 * report_html_insights.c - the insights page (/insights, report insights
 * --format html; report_insights.h), drawn from the typed result: per
 * preset, one bar chart per dimension (how often the bids of each band
 * were made, the player's bar under the club's) and the table of every
 * figure.
 */
#include <stdlib.h>
#include <string.h>

#include "report_insights.h"

#define FEW_BIDS 5 /* a band with fewer bids is drawn pale: too few to read much into */

/* The chart's frame in SVG units: band labels left, bars from BAR_L to
 * BAR_R for 0..100 %, the figures' text after. */
static const int SVG_W = 420, BAR_L = 74, BAR_R = 290, ROW_H = 22, ROW_H_PLAYER = 36, TOP = 24;

static const char *const TITLES[INSIGHT_DIMENSIONS] = {
    "By the bid", "By the meld the bidding side showed", "By trumps dealt to the bidder", "By aces dealt to the bidder"};

static double pct(long made, long hands) { return hands ? 100.0 * (double)made / (double)hands : 0; }

/* One bar of a band: its length by make %, pale when the bids are few,
 * and "made% of hands" after it. */
static void bar(FILE *out, const InsightFigures *f, int y, int h, const char *cls) {
  if (f->hands == 0) {
    fprintf(out, "<text class=\"fig\" x=\"%d\" y=\"%d\">no bids</text>\n", BAR_L + 4, y + h - 2);
    return;
  }
  double w = (BAR_R - BAR_L) * pct(f->made, f->hands) / 100.0;
  fprintf(out, "<rect class=\"%s%s\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\"><title>%ld of %ld made</title></rect>",
          cls, f->hands < FEW_BIDS ? " few" : "", BAR_L, y, w, h, f->made, f->hands);
  fprintf(out, "<text class=\"fig\" x=\"%d\" y=\"%d\">%.0f%% of %ld</text>\n", BAR_R + 6, y + h - 2,
          pct(f->made, f->hands), f->hands);
}

/* A band as shown: "250–299", or "5". */
static const char *band_shown(const InsightRow *r, char *buf, size_t size) {
  if (r->band_low == r->band_high) snprintf(buf, size, "%d", r->band_low);
  else snprintf(buf, size, "%d\xE2\x80\x93%d", r->band_low, r->band_high);
  return buf;
}

/* The chart's reading in words: of the bands with FEW_BIDS bids or more,
 * the one made most often and the one made least; nothing when fewer than
 * two bands have that many. */
static void reading(FILE *out, const InsightResult *in, size_t first, size_t end) {
  const InsightRow *best = NULL, *worst = NULL;
  int enough = 0;
  for (size_t i = first; i < end; i++) {
    const InsightFigures *f = &in->rows[i].club;
    if (f->hands < FEW_BIDS) continue;
    enough++;
    if (!best || pct(f->made, f->hands) > pct(best->club.made, best->club.hands)) best = &in->rows[i];
    if (!worst || pct(f->made, f->hands) < pct(worst->club.made, worst->club.hands)) worst = &in->rows[i];
  }
  if (enough < 2 || pct(best->club.made, best->club.hands) == pct(worst->club.made, worst->club.hands)) return;
  char a[32], b[32];
  fprintf(out, "<p class=\"reading\">Made most often: %s (%.0f%% of %ld); least: %s (%.0f%% of %ld).</p>",
          band_shown(best, a, sizeof a), pct(best->club.made, best->club.hands), best->club.hands,
          band_shown(worst, b, sizeof b), pct(worst->club.made, worst->club.hands), worst->club.hands);
}

/* The rows [first, end) of one preset and dimension as a bar chart. */
static void chart(FILE *out, const InsightResult *in, size_t first, size_t end) {
  InsightBy by = in->rows[first].by;
  int row_h = in->player ? ROW_H_PLAYER : ROW_H, n = (int)(end - first), h = TOP + n * row_h + 6;
  fprintf(out, "<figure class=\"insight\"><figcaption>%s: how often made, of how many bids won</figcaption>", TITLES[by]);
  fprintf(out, "<svg viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">\n", SVG_W, h,
          TITLES[by]);
  for (int p = 0; p <= 100; p += 50) {
    int x = BAR_L + (BAR_R - BAR_L) * p / 100;
    fprintf(out, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/><text class=\"xtick\" x=\"%d\" y=\"15\">%d%%</text>\n",
            x, x, TOP - 2, h - 4, x, p);
  }
  for (size_t i = first; i < end; i++) {
    const InsightRow *r = &in->rows[i];
    int y = TOP + (int)(i - first) * row_h;
    char band[32];
    fprintf(out, "<text class=\"band\" x=\"%d\" y=\"%d\">%s</text>", BAR_L - 6, y + (in->player ? 21 : 16),
            band_shown(r, band, sizeof band));
    bar(out, &r->club, y + 3, 15, "club");
    if (in->player) bar(out, &r->player, y + 19, 15, "mine");
  }
  fputs("</svg>", out);
  reading(out, in, first, end);
  fputs("</figure>\n", out);
}

/* The table of one preset's rows [first, end). */
static void table(FILE *out, const InsightResult *in, size_t first, size_t end) {
  fputs("<div class=\"scroll\"><table class=\"insights\"><thead>", out);
  if (in->player) {
    fputs("<tr><th colspan=\"2\"></th><th colspan=\"4\">the club</th><th colspan=\"4\" class=\"mine\">", out);
    report_html_name(out, in->player_name);
    fputs("</th></tr>", out);
  }
  fputs("<tr><th>by</th><th>band</th><th>bids</th><th>make%</th><th>margin</th><th>counters</th>", out);
  if (in->player)
    fputs("<th class=\"mine\">bids</th><th class=\"mine\">make%</th><th class=\"mine\">margin</th>"
          "<th class=\"mine\">counters</th>",
          out);
  fputs("</tr></thead><tbody>\n", out);
  for (size_t i = first; i < end; i++) {
    const InsightRow *r = &in->rows[i];
    const InsightFigures *f[2] = {&r->club, &r->player};
    fprintf(out, "<tr><td>%s</td><td class=\"n\">%d", report_insights_by_name(r->by), r->band_low);
    if (r->band_high != r->band_low) fprintf(out, "\xE2\x80\x93%d", r->band_high);
    fputs("</td>", out);
    for (int k = 0; k < (in->player ? 2 : 1); k++) {
      fprintf(out, "<td class=\"n\">%ld</td>", f[k]->hands);
      if (f[k]->hands)
        fprintf(out, "<td class=\"n\">%.1f</td><td class=\"n\">%.1f</td><td class=\"n\">%.1f</td>",
                pct(f[k]->made, f[k]->hands), (double)f[k]->margin / (double)f[k]->hands,
                (double)f[k]->counters / (double)f[k]->hands);
      else fputs("<td class=\"n\">-</td><td class=\"n\">-</td><td class=\"n\">-</td>", out);
    }
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table></div>\n", out);
}

/* One preset's rows [first, end): its charts, then its table. */
static void preset(FILE *out, const InsightResult *in, size_t first, size_t end) {
  fputs("<section class=\"preset\"><h2>", out);
  report_html_text(out, in->rows[first].preset);
  fputs("</h2>\n<div class=\"insight-charts\">\n", out);
  for (size_t i = first; i < end;) {
    size_t j = i;
    while (j < end && in->rows[j].by == in->rows[i].by) j++;
    chart(out, in, i, j);
    i = j;
  }
  fputs("</div>\n", out);
  table(out, in, first, end);
  fputs("</section>\n", out);
}

/* The heading, what the bars are, and (served) the form that picks a player. */
static void heading(FILE *out, const ReportHtml *html, const InsightResult *in, const ReportQuery *q) {
  fputs("<h1>What bids pay", out);
  if (in->player) {
    fputs(": ", out);
    report_html_name(out, in->player_name);
    fputs(" against the club", out);
  }
  fputs("</h1>\n<p class=\"meta\">For each preset, the bids won grouped four ways: by the bid, by the meld the "
        "bidding side showed, and by how many trumps and aces the bidder was dealt (before any widow, pass or "
        "dix). A bar is how often those bids were made; the figure after it is how many there were. "
        "Pale bars stand on fewer than 5 bids. Margin: the bidding side's meld saved and counters minus the bid, "
        "on average.",
        out);
  if (in->player) {
    fputs(" <span class=\"key mine\">\xE2\x96\xA0</span> ", out);
    report_html_name(out, in->player_name);
    fputs("'s own bids, <span class=\"key club\">\xE2\x96\xA0</span> the club's (every bidder).", out);
  }
  fputs("</p>\n", out);
  if (!html->served) return;
  fputs("<form class=\"filter\" method=\"get\" action=\"/insights\"><label>Player <input name=\"player\" value=\"", out);
  if (in->player) report_html_text(out, in->player);
  fputs("\"></label> <label>Preset <input name=\"variant\" value=\"", out);
  if (q->variant) report_html_text(out, q->variant);
  fputs("\"></label> <button type=\"submit\">Show</button></form>\n", out);
}

int report_html_insights(Store *store, const ReportHtml *html, const ReportQuery *q, const char *player, FILE *out,
                         PnDiag *diag) {
  InsightResult in;
  int rc = report_insights_read(store, q, player && *player ? player : NULL, &in, diag);
  if (rc == 0) {
    report_html_begin(out, html, in.player ? "Pinochle insights: a player against the club" : "Pinochle insights");
    heading(out, html, &in, q);
    if (in.n == 0) fputs("<p>No bids won in the selection.</p>\n", out);
    for (size_t i = 0; i < in.n;) {
      size_t j = i;
      while (j < in.n && strcmp(in.rows[j].preset, in.rows[i].preset) == 0) j++;
      preset(out, &in, i, j);
      i = j;
    }
    report_html_end(out, html);
  }
  report_insights_free(&in);
  return rc;
}
