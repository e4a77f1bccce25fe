/*
 * report_html_night.c - the director's page of a club night (/nights/NAME)
 * and its TV view, drawn from the computed NightLive (report_night.h), as
 * GET /api/nights/NAME's tables are, so the two cannot disagree.
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
static void start_link(FILE *out, const NightLive *live, const NightLiveTable *table) {
  const StoreNight *def = &live->night->def;
  if (table->started) {
    if (table->done) return;
    fputs(" <a class=\"button\" href=\"/record", out);
    query_value(out, "resume", table->game, true);
    fputs("\">Resume</a>", out);
    return;
  }
  char players[512] = "", tags[256];
  for (int i = 0; i < table->nplayers; i++) {
    size_t len = strlen(players);
    snprintf(players + len, sizeof players - len, "%s%s", i ? "," : "", table->players[i]);
  }
  const char *date = def->date ? def->date : "";
  snprintf(tags, sizeof tags, "night=%s,round=%d,table=%d%s%s", def->name, live->round_in_play, table->table,
           date[0] ? ",date=" : "", date);
  fputs(" <a class=\"button primary\" href=\"/record", out);
  query_value(out, "variant", def->preset, true);
  query_value(out, "players", players, false);
  query_value(out, "game", table->game, false);
  query_value(out, "tags", tags, false);
  fputs("&amp;start=1\">Start</a>", out);
}

static void tables_section(FILE *out, const ReportHtml *html, const NightLive *live) {
  int round = live->round_in_play, rounds = live->night->spec.rounds;
  if (round > rounds) {
    fprintf(out, "<h2>All %d rounds played</h2>\n", rounds);
    return;
  }
  fprintf(out, "<h2>Round %d of %d</h2>\n<div class=\"night-tables\">\n", round, rounds);
  for (int i = 0; i < live->ntables; i++) {
    const NightLiveTable *t = &live->table[i];
    fprintf(out, "<section class=\"table-card%s\" data-table=\"%d\"><h3>Table %d", t->done ? " done" : "", t->table,
            t->table);
    if (html->served) start_link(out, live, t);
    fputs("</h3>\n<ol>", out);
    for (int k = 0; k < t->nplayers; k++) {
      fputs("<li>", out);
      report_html_text(out, t->players[k]);
      fputs("</li>", out);
    }
    fputs("</ol>\n", out);
    if (t->started) {
      fprintf(out, "<p class=\"progress\">%s after hand %d: ", t->done ? "Done" : "Playing", t->hands);
      for (int k = 0; k < t->nsides; k++) {
        if (k) fputs(", ", out);
        report_html_text(out, t->side[k]);
        fprintf(out, " <b>%d</b>", t->score[k]);
      }
      fputs("</p>\n", out);
    } else fputs("<p class=\"progress\">Not started</p>\n", out);
    fputs("</section>\n", out);
  }
  fputs("</div>\n", out);
}

static void standings_section(FILE *out, const ReportHtml *html, const NightLive *live) {
  fprintf(out, "<h2>Standings after %d of %d rounds</h2>\n<table class=\"standings\"><tr><th>rank</th><th>player</th>"
          "<th>games</th><th>wins</th><th>points</th><th>high round</th></tr>\n",
          live->rounds_played, live->night->spec.rounds);
  for (int i = 0; i < live->nrows; i++) {
    const NightLiveRow *s = &live->row[i];
    fprintf(out, "<tr><td class=\"n\">%d</td><td>", s->rank);
    html_link_open(out, html, "/players/", s->player, NULL);
    report_html_text(out, s->player);
    html_link_close(out, html);
    fprintf(out, "</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n total\">%ld</td>"
            "<td class=\"n\">%d</td></tr>\n",
            s->games, s->wins, s->points, s->high_round);
  }
  fputs("</table>\n<p class=\"prizes\">", out);
  for (int i = 0; i < 3; i++) {
    if (i) fputs(" &middot; ", out);
    report_html_text(out, night_prize_names[i]);
    fputs(": ", out);
    report_html_text(out, live->prize[i] ? live->prize[i] : "none yet");
  }
  fputs("</p>\n", out);
}

static void names_list(FILE *out, const Night *night, const int *who, int n) {
  for (int k = 0; k < n; k++) {
    if (k) fputs(", ", out);
    report_html_text(out, night->names[who[k]]);
  }
}

static void next_section(FILE *out, const NightLive *live) {
  const Night *night = live->night;
  int round = live->round_in_play + 1;
  if (round > night->spec.rounds) return;
  const MoveRound *mr = &night->rounds[round - 1];
  fprintf(out, "<h2>Next: round %d</h2>\n<ul class=\"next-round\">\n", round);
  for (int t = 0; t < mr->tables; t++) {
    fprintf(out, "<li>Table %d: ", t + 1);
    names_list(out, night, mr->at[t], night->spec.table_size);
    fputs("</li>\n", out);
  }
  if (mr->nout) {
    fputs("<li>Sitting out: ", out);
    names_list(out, night, mr->out, mr->nout);
    fputs("</li>\n", out);
  }
  fputs("</ul>\n", out);
}

int report_html_night(Store *store, const ReportHtml *html, const char *name, bool tv, FILE *out, PnDiag *diag) {
  NightLive *live = NULL;
  int rc = report_night_live_compute(store, name, &live, diag);
  if (rc != 0) return rc;
  const StoreNight *def = &live->night->def;
  const char *date = def->date ? def->date : "";
  char title[160];
  snprintf(title, sizeof title, "%s%s", def->name, tv ? ": standings" : "");
  report_html_begin(out, html, title);
  fprintf(out, "<div class=\"night%s\">\n<h1>", tv ? " tv" : "");
  report_html_text(out, def->name);
  fputs("</h1>\n<p class=\"meta\">", out);
  report_html_text(out, def->preset);
  fputs(", ", out);
  report_html_text(out, def->movement);
  fputs(" movement", out);
  if (date[0]) {
    fputs(", ", out);
    report_html_text(out, date);
  }
  if (!tv && html->served) {
    fputs(" &middot; ", out);
    html_link_open(out, html, "/nights/", def->name, "?view=tv");
    fputs("TV view", out);
    html_link_close(out, html);
  }
  /* the part the script reloads (data-poll: seconds) */
  fprintf(out, "</p>\n<div id=\"night-live\"%s>\n", html->served ? " data-poll=\"5\"" : "");
  if (!tv) tables_section(out, html, live);
  standings_section(out, html, live);
  if (!tv) next_section(out, live);
  fputs("</div>\n</div>\n", out);
  report_html_end(out, html);
  report_night_live_free(live);
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
