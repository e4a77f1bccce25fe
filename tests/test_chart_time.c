/*
 * test_chart_time.c - the date-axis chart (reports/chart_time.c): day
 * numbers of dates (known days, leap years, a round trip over eighty
 * years, what is not a date), and the SVG: x proportional to the date
 * (a week and eight months keep their ratio), a long gap dashed (a
 * polyline per run of solid or dashed segments), a
 * faint point hollow, at most ten series each of its own colour, a
 * sentence instead of an empty chart or series, ticks by week, month,
 * quarter or year after the span, dots alone, a bad point red, an axis
 * through 0 and a value's decimals, a dense line's dots thinned to the
 * telling ones.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_time.h"

static void test_chart_time_day_of_known_dates(void **state) {
  (void)state;
  assert_int_equal(chart_time_day("1970-01-01"), 0);
  assert_int_equal(chart_time_day("2000-03-01") - chart_time_day("2000-02-28"), 2); /* 2000 is a leap year */
  assert_int_equal(chart_time_day("1900-03-01") - chart_time_day("1900-02-28"), 1); /* 1900 is not */
  assert_int_equal(chart_time_day("2026-11-03") - chart_time_day("2026-02-24"), 252);
  assert_int_equal(chart_time_day("2026-11-28T10:00"), chart_time_day("2026-11-28")); /* a time may follow */
  assert_int_equal(chart_time_day(""), -1);
  assert_int_equal(chart_time_day("2026-13-01"), -1);
  assert_int_equal(chart_time_day("2026/11/28"), -1);
  assert_int_equal(chart_time_day(NULL), -1);
}

static void test_chart_time_date_round_trips(void **state) {
  (void)state;
  char buf[11], want[11];
  for (long day = -3650; day < 30000; day += 37) {
    chart_time_date(day, buf);
    assert_int_equal(chart_time_day(buf), day);
  }
  assert_string_equal(chart_time_date(chart_time_day("2024-02-29"), buf), "2024-02-29");
  snprintf(want, sizeof want, "%s", "1970-01-01");
  assert_string_equal(chart_time_date(0, buf), want);
}

/* A chart drawn into memory. */
typedef struct Drawn {
  char *text; /* open_memstream's buffer; freed by the test */
  size_t len; /* its bytes */
} Drawn;

/* The chart of s with text into d->text (caller frees); returns d->text. */
static char *draw_text(Drawn *d, const ChartTimeText *text, const ChartTimeSeries *s, int ns) {
  FILE *out = open_memstream(&d->text, &d->len);
  assert_non_null(out);
  chart_time_svg(out, text, s, ns);
  fclose(out);
  return d->text;
}

/* The same with the ratings' words: provisional, fitted, whole numbers. */
static char *draw(Drawn *d, const ChartTimeSeries *s, int ns) {
  return draw_text(d, &(ChartTimeText){"t", "a title", "provisional", "Nothing to draw yet.", NULL, false, 0}, s, ns);
}

/* The cx of the dot whose tooltip starts "NAME DATE:". */
static double dot_x(const char *svg, const char *name, const char *date) {
  char key[64];
  snprintf(key, sizeof key, "><title>%s %s:", name, date);
  const char *at = strstr(svg, key);
  assert_non_null(at);
  const char *cx = at;
  while (cx > svg && strncmp(cx, "cx=\"", 4) != 0) cx--;
  return strtod(cx + 4, NULL);
}

static void test_chart_time_x_is_the_date(void **state) {
  (void)state;
  ChartTimePoint p[] = {{chart_time_day("2026-02-17"), 1500, true, false},
                        {chart_time_day("2026-02-24"), 1520, false, false},
                        {chart_time_day("2026-11-03"), 1480, false, false}};
  ChartTimeSeries s[] = {{"Ann", p, 3, false}};
  Drawn d = {0};
  char *svg = draw(&d, s, 1);
  double a = dot_x(svg, "Ann", "2026-02-17"), b = dot_x(svg, "Ann", "2026-02-24"), c = dot_x(svg, "Ann", "2026-11-03");
  double ratio = (c - b) / (b - a);
  assert_true(ratio > 36 * 0.99 && ratio < 36 * 1.01); /* 252 days : 7 days */
  char want[160]; /* the week solid, the eight months dashed: a polyline each, meeting at 02-24 */
  snprintf(want, sizeof want, "<polyline class=\"series\" stroke=\"#2b6cb0\" fill=\"none\" points=\"%.1f,", a);
  assert_non_null(strstr(svg, want));
  snprintf(want, sizeof want, " %.1f,", b);
  assert_non_null(strstr(strstr(svg, "<polyline class=\"series\""), want));
  snprintf(want, sizeof want, "<polyline class=\"series gap\" stroke=\"#2b6cb0\" fill=\"none\" points=\"%.1f,", b);
  assert_non_null(strstr(svg, want));
  snprintf(want, sizeof want, " %.1f,", c);
  assert_non_null(strstr(strstr(svg, "<polyline class=\"series gap\""), want));
  int lines = 0;
  for (const char *at = svg; (at = strstr(at, "<polyline")); at++) lines++;
  assert_int_equal(lines, 2);
  assert_non_null(strstr(svg, "<circle class=\"dot faint\" r=\"3.5\" stroke=\"#2b6cb0\" fill=\"#fff\""));
  assert_non_null(strstr(svg, ">Oct</text>"));
  free(svg);
}

static void test_chart_time_draws_ten_series_at_most(void **state) {
  (void)state;
  ChartTimePoint p = {chart_time_day("2026-05-01"), 1500, false, false};
  ChartTimeSeries s[12];
  const char *names[12] = {"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11"};
  for (int k = 0; k < 12; k++) s[k] = (ChartTimeSeries){names[k], &p, 1, false};
  Drawn d = {0};
  char *svg = draw(&d, s, 12);
  int dots = 0;
  char seen[CHART_TIME_MAX_SERIES][8] = {{0}}; /* each dot's colour, none twice */
  for (const char *at = svg; (at = strstr(at, "<circle ")); at++) {
    const char *stroke = strstr(at, "stroke=\"#");
    assert_non_null(stroke);
    assert_true(dots < CHART_TIME_MAX_SERIES);
    memcpy(seen[dots], stroke + 8, 7);
    for (int k = 0; k < dots; k++) assert_string_not_equal(seen[k], seen[dots]);
    dots++;
  }
  assert_int_equal(dots, CHART_TIME_MAX_SERIES);
  assert_null(strstr(svg, "<bdi>s10</bdi>"));
  free(svg);
}

static void test_chart_time_without_points_is_a_sentence(void **state) {
  (void)state;
  ChartTimeSeries s[] = {{"Ann", NULL, 0, false}};
  Drawn d = {0};
  char *svg = draw(&d, s, 1);
  assert_string_equal(svg, "<p class=\"empty-chart\" id=\"t\">Nothing to draw yet.</p>\n");
  free(svg);
}

/* The x tick labels of a chart from first to last with a point at each
 * end, joined by "|". */
static void ticks_of(const char *first, const char *last, char *labels, size_t size) {
  ChartTimePoint p[] = {{chart_time_day(first), 1, false, false}, {chart_time_day(last), 2, false, false}};
  ChartTimeSeries s[] = {{"Ann", p, 2, false}};
  Drawn d = {0};
  char *svg = draw(&d, s, 1);
  labels[0] = '\0';
  for (const char *at = svg; (at = strstr(at, "<text class=\"xtick\"")); at++) {
    const char *from = strchr(at, '>') + 1, *to = strchr(from, '<');
    size_t used = strlen(labels);
    snprintf(labels + used, size - used, "%s%.*s", used ? "|" : "", (int)(to - from), from);
  }
  free(svg);
}

static void test_chart_time_ticks_follow_the_span(void **state) {
  (void)state;
  char labels[512];
  ticks_of("2026-03-03", "2026-03-24", labels, sizeof labels); /* three weeks: Mondays */
  assert_string_equal(labels, "9 Mar|16 Mar|23 Mar");
  ticks_of("2026-03-04", "2026-03-06", labels, sizeof labels); /* no Monday: the middle day, with its year */
  assert_string_equal(labels, "5 Mar 2026");
  ticks_of("2026-01-10", "2026-06-20", labels, sizeof labels); /* five months: every month, the year on the first */
  assert_string_equal(labels, "Feb 2026|Mar|Apr|May|Jun");
  ticks_of("2026-02-10", "2027-03-20", labels, sizeof labels); /* thirteen months: quarters, the year at January */
  assert_string_equal(labels, "Apr 2026|Jul|Oct|Jan 2027");
  ticks_of("2020-05-01", "2026-06-01", labels, sizeof labels); /* six years: years */
  assert_string_equal(labels, "2021|2022|2023|2024|2025|2026");
}

static void test_chart_time_dots_bad_zero_and_decimals(void **state) {
  (void)state;
  ChartTimePoint p[] = {{chart_time_day("2026-03-03"), 12.25, false, false},
                        {chart_time_day("2026-03-10"), 18.5, false, true}};
  ChartTimeSeries s[] = {{"bid made", p, 2, true}, {"Bob", NULL, 0, false}};
  Drawn d = {0};
  char *svg = draw_text(&d, &(ChartTimeText){"b", "bids", NULL, "none", "bid set", true, 1}, s, 2);
  assert_null(strstr(svg, "class=\"series")); /* dots alone */
  assert_non_null(strstr(svg, "<circle class=\"dot bad\" r=\"3.5\" stroke=\"#c53030\" fill=\"#c53030\""));
  assert_non_null(strstr(svg, "<title>bid made 2026-03-03: 12.2</title>")); /* one decimal, rounded to even */
  assert_non_null(strstr(svg, "<title>bid made 2026-03-10: 18.5</title>"));
  assert_non_null(strstr(svg, "<line class=\"grid zero\"")); /* from 0 though the values start at 12 */
  assert_non_null(strstr(svg, "\">0</text>"));
  assert_non_null(strstr(svg, "<span class=\"legend-item empty\"><bdi>Bob</bdi>: no point to draw.</span>"));
  assert_non_null(strstr(svg, "<span class=\"key\" style=\"color:#c53030\">\xE2\x97\x8F</span> bid set</span>"));
  free(svg);
}

/* The tooltips' values are written as printf's "%.1f" and "%.0f" would,
 * halves and near-halves included (chart_time.c writes them itself). */
static void test_chart_time_values_as_printf(void **state) {
  (void)state;
  enum { N = 2000 };
  ChartTimePoint *p = calloc(N, sizeof *p);
  assert_non_null(p);
  srand(7);
  for (int i = 0; i < N; i++) {
    double v = i < 600 ? (i - 300) * 0.05 : i < 1200 ? (i - 900) * 0.25 + 1500 : (rand() / (double)RAND_MAX - 0.5) * 4000;
    p[i] = (ChartTimePoint){chart_time_day("2020-01-01") + i, v, false, false};
  }
  ChartTimeSeries s[] = {{"v", p, N, true}};
  for (int d = 0; d <= 1; d++) {
    Drawn dr = {0};
    char *svg = draw_text(&dr, &(ChartTimeText){"v", "values", NULL, "none", NULL, false, d}, s, 1);
    const char *at = svg;
    for (int i = 0; i < N; i++) {
      char want[80], date[11];
      snprintf(want, sizeof want, "<title>v %s: %.*f</title>", chart_time_date(p[i].day, date), d, p[i].y);
      at = strstr(at, want);
      if (!at) fail_msg("no %s (value %.17g)", want, p[i].y);
    }
    free(svg);
  }
  free(p);
}

/* A line of 300 daily points (under 2 units apart) keeps only the dots
 * that say something: its 5 provisional ones and the latest; 40 weekly
 * points (14 units apart) keep all 40. */
static void test_chart_time_dense_line_keeps_the_telling_dots(void **state) {
  (void)state;
  ChartTimePoint p[300];
  for (int i = 0; i < 300; i++) p[i] = (ChartTimePoint){chart_time_day("2025-01-01") + i, 1500 + i % 7, i < 5, false};
  for (int weekly = 0; weekly < 2; weekly++) {
    int n = weekly ? 40 : 300;
    if (weekly)
      for (int i = 0; i < n; i++) p[i].day = chart_time_day("2025-01-01") + 7 * i;
    ChartTimeSeries s[] = {{"Ann", p, (size_t)n, false}};
    Drawn d = {0};
    char *svg = draw(&d, s, 1);
    int dots = 0, faint = 0;
    for (const char *at = svg; (at = strstr(at, "<circle ")); at++) dots++, faint += strncmp(at, "<circle class=\"dot faint\" ", 26) == 0;
    assert_int_equal(dots, weekly ? 40 : 6);
    assert_int_equal(faint, 5);
    char last[40], date[11];
    snprintf(last, sizeof last, "<title>Ann %s:", chart_time_date(p[n - 1].day, date));
    assert_non_null(strstr(svg, last));
    free(svg);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_chart_time_day_of_known_dates),
      cmocka_unit_test(test_chart_time_date_round_trips),
      cmocka_unit_test(test_chart_time_x_is_the_date),
      cmocka_unit_test(test_chart_time_draws_ten_series_at_most),
      cmocka_unit_test(test_chart_time_without_points_is_a_sentence),
      cmocka_unit_test(test_chart_time_ticks_follow_the_span),
      cmocka_unit_test(test_chart_time_dots_bad_zero_and_decimals),
      cmocka_unit_test(test_chart_time_values_as_printf),
      cmocka_unit_test(test_chart_time_dense_line_keeps_the_telling_dots),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
