/*
 * chart_time.c - an SVG line chart on a true date axis (chart_time.h).
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "chart_time.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pn_date.h"
#include "report_html.h"
#include "report_html_int.h"

/* Ten colours told apart at a glance, one per series: every chart of the
 * pages draws with these (chart_time_colour). */
static const char *const COLORS[CHART_TIME_MAX_SERIES] = {"#2b6cb0", "#c05621", "#2f855a", "#9b2c2c", "#6b46c1",
                                                          "#b7791f", "#0987a0", "#d53f8c", "#1a202c", "#718096"};
static const char *const MONTHS[12] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

#define BAD_COLOR "#c53030" /* a point flagged bad (a bid set) */
#define DOT_ROOM 6.0        /* SVG units a line's dots need apart on average (r 3.5: closer, a smear) */

const char *chart_time_colour(int k) { return COLORS[((k % CHART_TIME_MAX_SERIES) + CHART_TIME_MAX_SERIES) % CHART_TIME_MAX_SERIES]; }

/* The box in SVG units and the plot area inside it. */
static const double W = 640, H = 240, L = 52, R = 14, T = 12, B = 34;

long chart_time_day(const char *date) {
  if (!date || strlen(date) < 10 || date[4] != '-' || date[7] != '-') return -1;
  for (int i = 0; i < 10; i++)
    if (i != 4 && i != 7 && (date[i] < '0' || date[i] > '9')) return -1;
  long y = (date[0] - '0') * 1000 + (date[1] - '0') * 100 + (date[2] - '0') * 10 + (date[3] - '0');
  int m = (date[5] - '0') * 10 + (date[6] - '0'), d = (date[8] - '0') * 10 + (date[9] - '0');
  if (m < 1 || m > 12 || d < 1 || d > 31) return -1;
  return pn_days_from_civil(y, m, d);
}

char *chart_time_date(long day, char buf[11]) {
  long y;
  int m, d;
  pn_civil_from_days(day, &y, &m, &d);
  int v[3] = {(int)(((y % 10000) + 10000) % 10000), m, d}, w[3] = {4, 2, 2}, at = 0;
  for (int k = 0; k < 3; k++) { /* digits written out: snprintf cannot tell they fit */
    for (int i = w[k] - 1, x = v[k]; i >= 0; i--, x /= 10) buf[at + i] = (char)('0' + x % 10);
    at += w[k];
    if (k < 2) buf[at++] = '-';
  }
  buf[10] = '\0';
  return buf;
}

/* Where the values go. */
typedef struct Frame {
  long d0, d1;          /* the x axis: first and last day (d1 > d0) */
  double lo, hi, step;  /* the y axis: round bounds and gridline step */
} Frame;

/* The frame over every point (and 0 when zero); false when there is none. */
static bool frame_of(Frame *f, const ChartTimeSeries *s, int ns, bool zero) {
  bool any = false;
  double lo = 0, hi = 0;
  for (int k = 0; k < ns; k++)
    for (size_t i = 0; i < s[k].n; i++) {
      const ChartTimePoint *p = &s[k].p[i];
      if (!any) {
        f->d0 = f->d1 = p->day;
        lo = hi = p->y;
        any = true;
      }
      if (p->day < f->d0) f->d0 = p->day;
      if (p->day > f->d1) f->d1 = p->day;
      if (p->y < lo) lo = p->y;
      if (p->y > hi) hi = p->y;
    }
  if (!any) return false;
  if (zero && lo > 0) lo = 0;
  if (zero && hi < 0) hi = 0;
  long pad = (f->d1 - f->d0) / 40 + 1; /* the first and last dots clear of the axes */
  f->d0 -= pad;
  f->d1 += pad;
  if (hi == lo) { /* one value: a round band around it, not steps of 0.2 */
    double band = html_nice_step(fabs(lo)) / 2;
    lo -= band;
    hi += band;
  }
  f->step = html_nice_step(hi - lo);
  f->lo = f->step * floor(lo / f->step);
  f->hi = f->step * ceil(hi / f->step);
  if (f->hi == f->lo) f->hi = f->lo + f->step;
  return true;
}

static double x_of(const Frame *f, long day) { return L + (W - L - R) * (double)(day - f->d0) / (double)(f->d1 - f->d0); }
static double y_of(const Frame *f, double v) { return T + (H - T - B) * (1 - (v - f->lo) / (f->hi - f->lo)); }

/* The horizontal gridlines and their values, the one at 0 darker. */
static void grid_y(FILE *out, const Frame *f) {
  for (double v = f->lo; v <= f->hi + f->step / 1000; v += f->step)
    fprintf(out, "<line class=\"grid%s\" x1=\"%g\" x2=\"%g\" y1=\"%.1f\" y2=\"%.1f\"/><text class=\"ytick\" x=\"%g\" y=\"%.1f\">%g</text>\n",
            fabs(v) < f->step / 1000 ? " zero" : "", L, W - R, y_of(f, v), y_of(f, v), L - 4, y_of(f, v) + 4,
            fabs(v) < f->step / 1000 ? 0 : v);
}

/* One x tick: a line down the plot and its label. */
static void tick(FILE *out, const Frame *f, long day, const char *label, bool major) {
  double x = x_of(f, day);
  fprintf(out, "<line class=\"grid%s\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%g\" y2=\"%g\"/>", major ? " major" : "", x, x, T,
          H - B + 4);
  fprintf(out, "<text class=\"xtick\" x=\"%.1f\" y=\"%g\">%s</text>\n", x, H - B + 18, label);
}

/* The x ticks: weeks (a short span), months, or years, about 80 units
 * apart at least; months and years labelled "Mar", "Jan 2027", the year
 * on the first tick and every January. */
static void grid_x(FILE *out, const Frame *f) {
  long span = f->d1 - f->d0, y;
  int m, d;
  double per_day = (W - L - R) / (double)span;
  char label[24];
  if (span <= 70) { /* a tick per week, or per two, labelled with the day */
    long every = per_day * 7 >= 70 ? 7 : 14, ticks = 0;
    for (long day = f->d0 + 1; day < f->d1; day++) {
      if ((day + 3) % every != 0) continue; /* Mondays: 1970-01-01 was a Thursday */
      pn_civil_from_days(day, &y, &m, &d);
      snprintf(label, sizeof label, "%d %s", d, MONTHS[m - 1]);
      tick(out, f, day, label, false);
      ticks++;
    }
    if (ticks == 0) { /* a few days, no Monday among them: the middle one, with its year */
      long day = f->d0 + span / 2;
      pn_civil_from_days(day, &y, &m, &d);
      snprintf(label, sizeof label, "%d %s %ld", d, MONTHS[m - 1], y);
      tick(out, f, day, label, false);
    }
    return;
  }
  int step = per_day * 30 >= 70 ? 1 : per_day * 91 >= 70 ? 3 : per_day * 182 >= 70 ? 6 : 12;
  pn_civil_from_days(f->d0, &y, &m, &d);
  bool first = true;
  for (long yy = y, mm = m + 1;; mm++) { /* each month start after the first day */
    if (mm > 12) mm = 1, yy++;
    long day = pn_days_from_civil(yy, (int)mm, 1);
    if (day >= f->d1) break;
    if ((mm - 1) % step != 0) continue;
    if (step == 12) snprintf(label, sizeof label, "%ld", yy);
    else if (first || mm == 1) snprintf(label, sizeof label, "%s %ld", MONTHS[mm - 1], yy);
    else snprintf(label, sizeof label, "%s", MONTHS[mm - 1]);
    tick(out, f, day, label, mm == 1);
    first = false;
  }
}

/* v with d (0 or 1) decimals at *at, as printf's "%.*f" writes it
 * (half to even on the binary value), without its cost: a 10,000-hand
 * ratings chart writes some 20,000 numbers.  A value whose scaled form is
 * too near a half to be sure of, or too large, goes to snprintf.
 * Returns the end of what was written (at most 32 bytes). */
static char *fixed(char *at, double v, int d) {
  double t = d == 1 ? v * 10 : v, n = nearbyint(t);
  if ((d != 0 && d != 1) || !(fabs(t) < 1e15) || fabs(fabs(t - n) - 0.5) < 1e-6)
    return at + snprintf(at, 32, "%.*f", d, v);
  char digits[24];
  int k = 0;
  unsigned long long u = (unsigned long long)fabs(n);
  do digits[k++] = (char)('0' + u % 10), u /= 10;
  while (u > 0 || k < d + 1); /* at least one digit before the point */
  if (signbit(v)) *at++ = '-';
  while (k > d) *at++ = digits[--k];
  if (d == 1) *at++ = '.', *at++ = digits[0];
  return at;
}

/* The SVG coordinates of a dot as its cx and cy attributes. */
static char *coords(char *at, const Frame *f, const ChartTimePoint *p) {
  at += sprintf(at, " cx=\"");
  at = fixed(at, x_of(f, p->day), 1);
  at += sprintf(at, "\" cy=\"");
  at = fixed(at, y_of(f, p->y), 1);
  *at++ = '"';
  return at;
}

/* The segments from point i on of the same kind (solid, or dashed over
 * a gap) as one polyline; returns the point the run ends at. */
static size_t run(FILE *out, const Frame *f, const ChartTimeSeries *s, size_t i, const char *color) {
  char buf[80];
  bool gap = s->p[i + 1].day - s->p[i].day > CHART_TIME_GAP_DAYS;
  fprintf(out, "<polyline class=\"series%s\" stroke=\"%s\" fill=\"none\" points=\"", gap ? " gap" : "", color);
  for (size_t k = i;; k++) {
    char *at = fixed(buf, x_of(f, s->p[k].day), 1);
    *at++ = ',';
    at = fixed(at, y_of(f, s->p[k].y), 1);
    fwrite(buf, 1, (size_t)(at - buf), out);
    if (k + 1 == s->n || (s->p[k + 1].day - s->p[k].day > CHART_TIME_GAP_DAYS) != gap) {
      fputs("\"/>", out);
      return k;
    }
    fputc(' ', out);
  }
}

/* One series: its lines (one polyline per run of solid or dashed
 * segments) unless dots only, then its dots (name: the series' name
 * escaped, or NULL); a line whose dots would overlap (closer than
 * DOT_ROOM on average) keeps only those that say something: hollow, bad,
 * and the latest. */
static void series(FILE *out, const Frame *f, const ChartTimeSeries *s, const char *color, int decimals,
                   const char *name) {
  char buf[256];
  bool dense = !s->dots && s->n > 1 &&
               x_of(f, s->p[s->n - 1].day) - x_of(f, s->p[0].day) < DOT_ROOM * (double)(s->n - 1);
  if (!s->dots && s->n > 1) {
    for (size_t i = 0; i + 1 < s->n;) i = run(out, f, s, i, color);
    fputc('\n', out);
  }
  for (size_t i = 0; i < s->n; i++) {
    char date[11];
    const ChartTimePoint *p = &s->p[i];
    if (dense && !p->faint && !p->bad && i + 1 < s->n) continue;
    const char *ink = p->bad ? BAD_COLOR : color;
    char *at = buf + sprintf(buf, "<circle class=\"dot%s%s\" r=\"3.5\" stroke=\"%s\" fill=\"%s\"", p->faint ? " faint" : "",
                             p->bad ? " bad" : "", ink, p->faint ? "#fff" : ink);
    at = coords(at, f, p);
    at += sprintf(at, "><title>");
    fwrite(buf, 1, (size_t)(at - buf), out);
    if (name) fputs(name, out);
    else report_html_text(out, s->name); /* out of memory for the copy */
    at = buf + sprintf(buf, " %s: ", chart_time_date(p->day, date));
    at = fixed(at, p->y, decimals);
    at += sprintf(at, "</title></circle>");
    fwrite(buf, 1, (size_t)(at - buf), out);
  }
  fputc('\n', out);
}

/* One key of the caption: a mark (coloured unless color is NULL) and what
 * it stands for, a user's name or the page's own words. */
static void key(FILE *out, const char *color, const char *mark, const char *what, bool name) {
  fputs("<span class=\"legend-item\"><span class=\"key\"", out);
  if (color) fprintf(out, " style=\"color:%s\"", color);
  fprintf(out, ">%s</span> ", mark);
  if (name) report_html_name(out, what);
  else report_html_text(out, what);
  fputs("</span>", out);
}

/* The caption: the title, each series' colour and name (a series with no
 * point named with a sentence, no colour), the hollow and the bad dot. */
static void legend(FILE *out, const ChartTimeText *text, const ChartTimeSeries *s, int ns) {
  fputs("<figcaption>", out);
  report_html_text(out, text->title);
  fputs("<br>", out);
  for (int k = 0; k < ns; k++) {
    if (s[k].n > 0) key(out, COLORS[k], "\xE2\x97\x8F", s[k].name, true);
    else {
      fputs("<span class=\"legend-item empty\">", out);
      report_html_name(out, s[k].name);
      fputs(": no point to draw.</span>", out);
    }
    fputc(' ', out);
  }
  if (text->bad) key(out, BAD_COLOR, "\xE2\x97\x8F", text->bad, false);
  if (text->bad && text->faint) fputc(' ', out);
  if (text->faint) key(out, NULL, "\xE2\x97\x8B", text->faint, false);
  fputs("</figcaption>", out);
}

/* text as report_html_text writes it, malloc'd (NULL when out of memory):
 * written once for a series' every tooltip. */
static char *escaped(const char *text) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (!m) return NULL;
  report_html_text(m, text);
  if (fclose(m) != 0) return NULL;
  return buf;
}

void chart_time_svg(FILE *out, const ChartTimeText *text, const ChartTimeSeries *s, int ns) {
  Frame f;
  if (ns > CHART_TIME_MAX_SERIES) ns = CHART_TIME_MAX_SERIES;
  if (!frame_of(&f, s, ns, text->zero)) {
    fprintf(out, "<p class=\"empty-chart\" id=\"%s\">", text->id);
    report_html_text(out, text->empty);
    fputs("</p>\n", out);
    return;
  }
  fprintf(out, "<figure class=\"timechart\" id=\"%s\"><div class=\"plot\"><svg viewBox=\"0 0 %g %g\" role=\"img\" aria-label=\"", text->id,
          W, H);
  report_html_text(out, text->title);
  fputs("\">\n", out);
  grid_y(out, &f);
  grid_x(out, &f);
  for (int k = 0; k < ns; k++) {
    char *name = escaped(s[k].name);
    series(out, &f, &s[k], COLORS[k], text->decimals, name);
    free(name);
  }
  fputs("</svg></div>", out); /* the plot scrolls on a phone, the legend stays */
  legend(out, text, s, ns);
  fputs("</figure>\n", out);
}
