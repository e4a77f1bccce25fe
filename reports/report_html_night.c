/*
 * report_html_night.c - the director's page of a club night (/nights/NAME)
 * and its TV view, drawn from report_night_live's JSON (report_night.h),
 * so the page and GET /api/nights/NAME cannot disagree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_html_int.h"
#include "report_night.h"

/* A query value: percent-encoded (report_html_url encodes all but [A-Za-z0-9._~-]). */
static void query_value(FILE *out, const char *key, const char *value, bool first) {
  fprintf(out, "%s%s=", first ? "?" : "&amp;", key);
  report_html_url(out, value);
}

/* The recorder with this table's game filled in: started at once when
 * new (one tap), resumed when it is under way. */
static void start_link(FILE *out, const json_t *j, const json_t *table) {
  const char *game = html_js(table, "game");
  if (json_is_true(json_object_get(table, "started"))) {
    if (json_is_true(json_object_get(table, "done"))) return;
    fputs(" <a class=\"button\" href=\"/record", out);
    query_value(out, "resume", game, true);
    fputs("\">Resume</a>", out);
    return;
  }
  char players[512] = "", tags[256];
  size_t i;
  const json_t *p;
  json_array_foreach(json_object_get(table, "players"), i, p) {
    size_t len = strlen(players);
    snprintf(players + len, sizeof players - len, "%s%s", i ? "," : "", json_string_value(p));
  }
  snprintf(tags, sizeof tags, "night=%s,round=%ld,table=%ld%s%s", html_js(j, "night"), html_ji(j, "round_in_play"),
           html_ji(table, "table"), html_js(j, "date")[0] ? ",date=" : "", html_js(j, "date"));
  fputs(" <a class=\"button primary\" href=\"/record", out);
  query_value(out, "variant", html_js(j, "variant"), true);
  query_value(out, "players", players, false);
  query_value(out, "game", game, false);
  query_value(out, "tags", tags, false);
  fputs("&amp;start=1\">Start</a>", out);
}

static void tables_section(FILE *out, const ReportHtml *html, const json_t *j) {
  long round = html_ji(j, "round_in_play"), rounds = html_ji(j, "rounds");
  if (round > rounds) {
    fprintf(out, "<h2>All %ld rounds played</h2>\n", rounds);
    return;
  }
  fprintf(out, "<h2>Round %ld of %ld</h2>\n<div class=\"night-tables\">\n", round, rounds);
  size_t i;
  const json_t *t;
  json_array_foreach(json_object_get(j, "tables"), i, t) {
    bool started = json_is_true(json_object_get(t, "started")), done = json_is_true(json_object_get(t, "done"));
    fprintf(out, "<section class=\"table-card%s\" data-table=\"%ld\"><h3>Table %ld", done ? " done" : "",
            html_ji(t, "table"), html_ji(t, "table"));
    if (html->served) start_link(out, j, t);
    fputs("</h3>\n<ol>", out);
    size_t k;
    const json_t *p;
    json_array_foreach(json_object_get(t, "players"), k, p) {
      fputs("<li>", out);
      report_html_text(out, json_string_value(p));
      fputs("</li>", out);
    }
    fputs("</ol>\n", out);
    if (started) {
      fprintf(out, "<p class=\"progress\">%s after hand %ld: ", done ? "Done" : "Playing", html_ji(t, "hands"));
      const json_t *s;
      json_array_foreach(json_object_get(t, "scores"), k, s) {
        if (k) fputs(", ", out);
        report_html_text(out, html_js(s, "side"));
        fprintf(out, " <b>%ld</b>", html_ji(s, "score"));
      }
      fputs("</p>\n", out);
    } else fputs("<p class=\"progress\">Not started</p>\n", out);
    fputs("</section>\n", out);
  }
  fputs("</div>\n", out);
}

static void standings_section(FILE *out, const ReportHtml *html, const json_t *j) {
  fprintf(out, "<h2>Standings after %ld of %ld rounds</h2>\n<table class=\"standings\"><tr><th>rank</th><th>player</th>"
          "<th>games</th><th>wins</th><th>points</th><th>high round</th></tr>\n",
          html_ji(j, "rounds_played"), html_ji(j, "rounds"));
  size_t i;
  const json_t *s;
  json_array_foreach(json_object_get(j, "standings"), i, s) {
    fprintf(out, "<tr><td class=\"n\">%ld</td><td>", html_ji(s, "rank"));
    html_link_open(out, html, "/players/", html_js(s, "player"), NULL);
    report_html_text(out, html_js(s, "player"));
    html_link_close(out, html);
    fprintf(out, "</td><td class=\"n\">%ld</td><td class=\"n\">%ld</td><td class=\"n total\">%ld</td>"
            "<td class=\"n\">%ld</td></tr>\n",
            html_ji(s, "games"), html_ji(s, "wins"), html_ji(s, "points"), html_ji(s, "high_round"));
  }
  fputs("</table>\n<p class=\"prizes\">", out);
  const json_t *p;
  json_array_foreach(json_object_get(j, "prizes"), i, p) {
    if (i) fputs(" &middot; ", out);
    report_html_text(out, html_js(p, "prize"));
    fputs(": ", out);
    report_html_text(out, html_jnull(p, "player") ? "none yet" : html_js(p, "player"));
  }
  fputs("</p>\n", out);
}

static void next_section(FILE *out, const json_t *j) {
  const json_t *next = json_object_get(j, "next");
  if (!json_is_object(next)) return;
  fprintf(out, "<h2>Next: round %ld</h2>\n<ul class=\"next-round\">\n", html_ji(next, "round"));
  size_t i, k;
  const json_t *t, *p;
  json_array_foreach(json_object_get(next, "tables"), i, t) {
    fprintf(out, "<li>Table %zu: ", i + 1);
    json_array_foreach(t, k, p) {
      if (k) fputs(", ", out);
      report_html_text(out, json_string_value(p));
    }
    fputs("</li>\n", out);
  }
  if (json_array_size(json_object_get(next, "out"))) {
    fputs("<li>Sitting out: ", out);
    json_array_foreach(json_object_get(next, "out"), k, p) {
      if (k) fputs(", ", out);
      report_html_text(out, json_string_value(p));
    }
    fputs("</li>\n", out);
  }
  fputs("</ul>\n", out);
}

int report_html_night(Store *store, const ReportHtml *html, const char *name, bool tv, FILE *out, PnDiag *diag) {
  HtmlCapture cap;
  json_t *j;
  int rc;
  if (!html_capture_open(&cap, diag)) return REPORT_ERROR;
  if ((rc = report_night_live(store, name, cap.f, diag)) != 0) {
    html_capture_drop(&cap);
    return rc;
  }
  if (!(j = html_capture_json(&cap, diag))) return REPORT_ERROR;
  char title[160];
  snprintf(title, sizeof title, "%s%s", html_js(j, "night"), tv ? ": standings" : "");
  report_html_begin(out, html, title);
  fprintf(out, "<div class=\"night%s\">\n<h1>", tv ? " tv" : "");
  report_html_text(out, html_js(j, "night"));
  fputs("</h1>\n<p class=\"meta\">", out);
  report_html_text(out, html_js(j, "variant"));
  fputs(", ", out);
  report_html_text(out, html_js(j, "movement"));
  fputs(" movement", out);
  if (html_js(j, "date")[0]) {
    fputs(", ", out);
    report_html_text(out, html_js(j, "date"));
  }
  if (!tv && html->served) {
    fputs(" &middot; ", out);
    html_link_open(out, html, "/nights/", html_js(j, "night"), "?view=tv");
    fputs("TV view", out);
    html_link_close(out, html);
  }
  /* the part the script reloads (data-poll: seconds) */
  fprintf(out, "</p>\n<div id=\"night-live\"%s>\n", html->served ? " data-poll=\"5\"" : "");
  if (!tv) tables_section(out, html, j);
  standings_section(out, html, j);
  if (!tv) next_section(out, j);
  fputs("</div>\n</div>\n", out);
  report_html_end(out, html);
  json_decref(j);
  return 0;
}

int report_nights(Store *store, const ReportHtml *html, FILE *out, PnDiag *diag) {
  char *names = NULL;
  int n = store_night_names(store, &names, diag);
  if (n < 0) return n;
  if (html) {
    report_html_begin(out, html, "Club nights");
    fputs("<h1>Club nights</h1>\n", out);
    if (n == 0) fputs("<p class=\"meta\">None yet: <code>pinochle night DB start NAME ...</code> starts one.</p>\n", out);
    else fputs("<ul class=\"nights\">\n", out);
  } else fputs("{\"nights\": [", out);
  int i = 0;
  for (char *name = n > 0 ? names : NULL, *next; name != NULL; name = next, i++) {
    next = strchr(name, '\n');
    if (next) *next++ = '\0';
    if (!html) {
      if (i) fputs(", ", out);
      out_json_string(out, name);
      continue;
    }
    fputs("<li>", out);
    html_link_open(out, html, "/nights/", name, NULL);
    report_html_text(out, name);
    html_link_close(out, html);
    fputs("</li>\n", out);
  }
  if (html) {
    if (n > 0) fputs("</ul>\n", out);
    report_html_end(out, html);
  } else fputs("]}\n", out);
  free(names);
  return 0;
}
