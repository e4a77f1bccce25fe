/*
 * report_html_games.c - the games list (/) and a game's score sheet
 * (/games/KEY) as HTML (report_html.h).
 *
 * The games list walks the store itself (it needs the winner, which no
 * report prints as a row); the score sheet draws report_game's JSON.
 */
#define _POSIX_C_SOURCE 200809L
#include "report_html_int.h"

#include <stdlib.h>
#include <string.h>

#include "pn_buf.h"
#include "replay.h"
#include "report_game.h"

/* ----------------------------------------------------------- games list */

/* One game of the list. */
typedef struct GameItem {
  char key[256], preset[64], date[32]; /* the game */
  int nplayers;                         /* seats */
  char names[PN_MAX_SEATS][160];        /* players by seat */
  bool finished;                        /* the game ended */
  char winner[160];                     /* the winner's name, "" none */
  int hands;                            /* hands stored */
  long order;                           /* stored order */
} GameItem;

static int game_item_cmp(const void *a, const void *b) {
  const GameItem *x = a, *y = b;
  int c = strcmp(y->date, x->date); /* newest date first; undated last */
  if (c) return c;
  return (y->order > x->order) - (y->order < x->order);
}

/* The games q and player select, newest first, into *items (caller
 * frees) and *count.  Returns 0 or a negative code with diag. */
static int games_collect(Store *store, const ReportQuery *q, const char *player, GameItem **items_out, size_t *count,
                         PnDiag *diag) {
  StoreCursor *cursor = NULL;
  GameItem *items = NULL;
  size_t n = 0, cap = 0;
  int rc;
  StoreFilter filter;
  report_query_filter(q, &filter);
  filter.player = player && *player ? player : NULL;
  filter.results_only = true;
  if ((rc = store_cursor_open(store, &filter, &cursor, diag)) < 0) goto done;
  StoreRow row;
  while ((rc = store_cursor_next(cursor, &row, diag)) == 1) {
    if (row.new_game) {
      if (PN_VEC_RESERVE(items, cap, n + 1) != 0) {
        snprintf(diag->msg, sizeof diag->msg, "out of memory");
        rc = REPORT_ERROR;
        goto done;
      }
      GameItem *g = &items[n];
      memset(g, 0, sizeof *g);
      g->order = (long)n;
      snprintf(g->key, sizeof g->key, "%s", row.key);
      snprintf(g->preset, sizeof g->preset, "%s", row.preset);
      report_tag(row.tags, row.ntags, "date", g->date, sizeof g->date);
      g->nplayers = row.nplayers;
      for (int s = 0; s < row.nplayers; s++) snprintf(g->names[s], sizeof g->names[s], "%s", row.players[s]);
      unsigned winners = report_winners(&row);
      if (winners) { /* a team, a seat, or five-call's bidder and partner */
        PnRules rules;
        PnDiag ignore = {0};
        ReportSides sides;
        if (replay_rules(row.preset, row.options, row.noptions, &rules, &ignore) == 0 && rules.players == row.nplayers) {
          report_sides(&sides, &rules, row.players);
          report_winners_name(&sides, winners, g->winner, sizeof g->winner);
        } else snprintf(g->winner, sizeof g->winner, "%s", row.players[row.winner >= 1 ? row.winner - 1 : 0]);
      }
      g->finished = row.finished;
      n++;
    }
    if (row.hand > 0) items[n - 1].hands++;
  }
  if (rc < 0) goto done;
  rc = 0;
  qsort(items, n, sizeof *items, game_item_cmp);
  *items_out = items;
  *count = n;
  items = NULL;
done:
  store_cursor_close(cursor);
  free(items);
  return rc;
}

int report_games_json(Store *store, const ReportQuery *q, const char *player, FILE *out, PnDiag *diag) {
  GameItem *items = NULL;
  size_t n = 0;
  int rc = games_collect(store, q, player, &items, &n, diag);
  if (rc != 0) return rc;
  fputs("{\"games\": [", out);
  for (size_t i = 0; i < n; i++) {
    const GameItem *g = &items[i];
    fputs(i ? ",\n  {" : "\n  {", out);
    report_json_key(out, "game");
    out_json_string(out, g->key);
    fputs(", ", out);
    report_json_key(out, "variant");
    out_json_string(out, g->preset);
    fputs(", ", out);
    report_json_key(out, "date");
    out_json_string(out, g->date);
    fputs(", \"players\": [", out);
    for (int s = 0; s < g->nplayers; s++) {
      if (s) fputs(", ", out);
      out_json_string(out, g->names[s]);
    }
    fprintf(out, "], \"hands\": %d, \"finished\": %s, ", g->hands, g->finished ? "true" : "false");
    report_json_key(out, "winner");
    out_json_string(out, g->winner);
    fputc('}', out);
  }
  fputs(n ? "\n]}\n" : "]}\n", out);
  free(items);
  return 0;
}

int report_html_games(Store *store, const ReportHtml *html, const ReportQuery *q, const char *player, FILE *out,
                      PnDiag *diag) {
  GameItem *items = NULL;
  size_t n = 0;
  int rc = games_collect(store, q, player, &items, &n, diag);
  if (rc != 0) return rc;
  report_html_begin(out, html, "Pinochle games");
  fputs("<h1>Games</h1>\n", out);
  if (html->served) {
    fputs("<form class=\"filter\" method=\"get\" action=\"/\">"
          "<label>Player <input name=\"player\" value=\"",
          out);
    report_html_name(out, player);
    fputs("\"></label> <label>Variant <input name=\"variant\" value=\"", out);
    report_html_text(out, q->variant);
    fputs("\"></label> <label>From <input type=\"date\" name=\"since\" value=\"", out);
    report_html_text(out, q->since);
    fputs("\"></label> <label>To <input type=\"date\" name=\"until\" value=\"", out);
    report_html_text(out, q->until);
    fputs("\"></label> <button>Show</button></form>\n", out);
  }
  fprintf(out, "<p class=\"count\">%zu game%s</p>\n<div class=\"scroll\"><table class=\"games\">\n"
               "<thead><tr><th>date</th><th>game</th><th>variant</th><th>players</th><th>hands</th><th>winner</th></tr></thead>\n<tbody>\n",
          n, n == 1 ? "" : "s");
  for (size_t i = 0; i < n; i++) {
    const GameItem *g = &items[i];
    fputs("<tr><td>", out);
    report_html_text(out, g->date);
    fputs("</td><td>", out);
    html_link_open(out, html, "/games/", g->key, NULL);
    report_html_name(out, g->key);
    html_link_close(out, html);
    fputs("</td><td>", out);
    report_html_text(out, g->preset);
    fputs("</td><td>", out);
    for (int p = 0; p < g->nplayers; p++) {
      if (p) fputs(", ", out);
      html_link_open(out, html, "/players/", g->names[p], NULL);
      report_html_name(out, g->names[p]);
      html_link_close(out, html);
    }
    fprintf(out, "</td><td class=\"n\">%d</td><td>", g->hands);
    report_html_name(out, g->winner);
    fputs("</td></tr>\n", out);
  }
  fputs("</tbody></table></div>\n", out);
  report_html_end(out, html);
  free(items);
  return 0;
}

/* ------------------------------------------------------------ the game */

/* The heading, the game's line (preset, date, target) and its winner. */
static void game_heading(FILE *out, const json_t *j) {
  fputs("<h1>Game ", out);
  report_html_name(out, html_js(j, "game"));
  fputs("</h1>\n<p class=\"meta\">", out);
  report_html_text(out, html_js(j, "preset"));
  if (*html_js(j, "date")) {
    fputs(", ", out);
    report_html_text(out, html_js(j, "date"));
  }
  if (!html_jnull(j, "target")) fprintf(out, ", game to %ld", html_ji(j, "target"));
  fputs("</p>\n", out);
  const json_t *winner = json_object_get(j, "winner");
  const json_t *totals = json_object_get(winner, "totals"); /* a side of several seats (five-call) */
  if (json_is_object(winner)) {
    fputs("<p class=\"winner\">Won by ", out);
    report_html_name(out, html_js(winner, "name"));
    if (json_is_array(totals)) {
      fputs(" with ", out);
      for (size_t i = 0; i < json_array_size(totals); i++)
        fprintf(out, "%s%lld", i == 0 ? "" : i + 1 == json_array_size(totals) ? " and " : ", ",
                (long long)json_integer_value(json_array_get(totals, i)));
      fputs(".</p>\n", out);
    } else fprintf(out, " with %ld.</p>\n", html_ji(winner, "total"));
  } else fputs("<p class=\"winner\">Not finished.</p>\n", out);
}

/* The running totals, one line per side, over the hands.  Returns 0, or
 * REPORT_ERROR with diag (out of memory: no chart drawn). */
static int game_chart(FILE *out, const json_t *j, PnDiag *diag) {
  const json_t *sides = json_object_get(j, "sides"), *hands = json_object_get(j, "hands");
  size_t nsides = json_array_size(sides), nhands = json_array_size(hands);
  double *totals = calloc(nsides * (nhands ? nhands : 1), sizeof *totals);
  char **labels = calloc(nhands ? nhands : 1, sizeof *labels), buf[64];
  HtmlSeries series[PN_MAX_SEATS] = {{0}};
  int rc = REPORT_ERROR;
  if (!totals || !labels || nsides > PN_MAX_SEATS) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  for (size_t h = 0; h < nhands; h++) {
    const json_t *row = json_array_get(hands, h);
    labels[h] = malloc(16);
    if (!labels[h]) {
      snprintf(diag->msg, sizeof diag->msg, "out of memory");
      goto done;
    }
    snprintf(labels[h], 16, "%ld", html_ji(row, "hand"));
    for (size_t s = 0; s < nsides; s++) {
      snprintf(buf, sizeof buf, "total_%zu", s + 1);
      totals[s * nhands + h] = (double)html_ji(row, buf);
    }
  }
  for (size_t s = 0; s < nsides; s++)
    series[s] = (HtmlSeries){html_js(json_array_get(sides, s), "name"), totals + s * nhands, NULL, nhands};
  html_svg_chart(out, "running", "Running score by hand", HTML_CHART_LINE, series, (int)nsides,
                 (const char *const *)labels);
  rc = 0;
done:
  if (labels)
    for (size_t h = 0; h < nhands; h++) free(labels[h]);
  free(labels);
  free(totals);
  return rc;
}

/* The score sheet is folded into blocks, as the text tables are, so that
 * it fits a tablet without a hidden column: block 0 holds each hand's
 * dealer, bidding, bidder, bid, trump and findings; block k (1..sides)
 * the hand and side k's meld, saved, counters, score and total.  Blocks
 * sit side by side where the page is wide enough. */
static void game_sheet_head(FILE *out, const json_t *sides, size_t block) {
  if (block == 0) {
    fputs("<table class=\"sheet\">\n<thead><tr><th colspan=\"7\" class=\"side\">the hand</th></tr>\n<tr><th>hand</th><th>dealer</th><th>bidding</th><th>bidder</th><th>bid</th>"
          "<th>trump</th><th>findings</th></tr></thead>\n<tbody>\n",
          out);
    return;
  }
  fputs("<table class=\"sheet\">\n<thead><tr><th></th><th colspan=\"5\" class=\"side\">", out);
  report_html_name(out, html_js(json_array_get(sides, block - 1), "name"));
  fputs("</th></tr>\n<tr><th>hand</th><th>meld</th><th>saved</th><th>counters</th><th>score</th><th>total</th></tr></thead>\n<tbody>\n",
        out);
}

/* The players of a game by seat (names[s-1], "" when unknown), read from
 * the store's first row of the game: the score sheet names the dealer and
 * the bidder rather than numbering their seats. */
typedef struct SeatNames {
  int n;                              /* seats */
  char name[PN_MAX_SEATS][128];       /* by seat - 1 */
} SeatNames;

static int seat_names(Store *store, const char *key, SeatNames *names, PnDiag *diag) {
  StoreFilter filter = {.nkeys = 1, .keys = &key, .results_only = true, .hand = 1};
  StoreCursor *cursor = NULL;
  StoreRow row;
  memset(names, 0, sizeof *names);
  int rc = store_cursor_open(store, &filter, &cursor, diag);
  if (rc >= 0 && (rc = store_cursor_next(cursor, &row, diag)) == 1) {
    names->n = row.nplayers;
    for (int s = 0; s < row.nplayers; s++) snprintf(names->name[s], sizeof names->name[s], "%s", row.players[s]);
  }
  store_cursor_close(cursor);
  return rc < 0 ? rc : 0;
}

/* A seat as its player's name, the seat number in a tooltip (or the
 * number alone when the name is unknown; nothing for none). */
static void seat_cell(FILE *out, const SeatNames *names, const json_t *seat) {
  long s = json_is_integer(seat) ? (long)json_integer_value(seat) : 0;
  if (s < 1) {
    fputs("<td></td>", out);
    return;
  }
  if (s > names->n || !names->name[s - 1][0]) {
    fprintf(out, "<td class=\"n\">%ld</td>", s);
    return;
  }
  fprintf(out, "<td title=\"seat %ld\">", s);
  report_html_name(out, names->name[s - 1]);
  fputs("</td>", out);
}

/* One hand's row of block `block` of the score sheet (game_sheet_head);
 * the hand links to its viewer, a hand with findings is marked. */
static void game_sheet_row(FILE *out, const ReportHtml *html, const char *game, const json_t *row, size_t block,
                           const SeatNames *names) {
  char buf[64], num[32];
  long findings = html_ji(row, "findings");
  fprintf(out, "<tr%s><td class=\"n\">", findings ? " class=\"finding\"" : "");
  snprintf(buf, sizeof buf, "/hands/%ld", html_ji(row, "hand"));
  html_link_open(out, html, "/games/", game, buf);
  fprintf(out, "%ld%s", html_ji(row, "hand"), findings ? "*" : "");
  html_link_close(out, html);
  fputs("</td>", out);
  if (block > 0) {
    static const char *const COLS[] = {"meld", "saved", "counters", "score", "total"};
    for (int c = 0; c < 5; c++) {
      snprintf(buf, sizeof buf, "%s_%zu", COLS[c], block);
      fprintf(out, "<td class=\"n%s\">%s</td>", c == 4 ? " total" : "", html_jcell(json_object_get(row, buf), num, sizeof num));
    }
    fputs("</tr>\n", out);
    return;
  }
  seat_cell(out, names, json_object_get(row, "dealer"));
  fputs("<td>", out);
  report_html_text(out, html_js(row, "bidding"));
  fputs("</td>", out);
  seat_cell(out, names, json_object_get(row, "bidder"));
  fprintf(out, "<td class=\"n\">%s</td><td>", html_jcell(json_object_get(row, "bid"), num, sizeof num));
  const char *trump = html_js(row, "trump");
  if (*trump) fprintf(out, "<span class=\"c%s\">%s</span>", *trump == 'H' || *trump == 'D' ? " red" : "", html_suit_glyph(*trump));
  fprintf(out, "</td><td class=\"n\">%s</td></tr>\n", findings ? html_jcell(json_object_get(row, "findings"), num, sizeof num) : "");
}

int report_html_game(Store *store, const ReportHtml *html, const char *key, FILE *out, PnDiag *diag) {
  HtmlCapture cap;
  json_t *j = NULL;
  int rc;
  if (!html_capture_open(&cap, diag)) return REPORT_ERROR;
  if ((rc = report_game(store, key, OUT_JSON, cap.f, diag)) != 0) {
    html_capture_drop(&cap);
    return rc;
  }
  if (!(j = html_capture_json(&cap, diag))) return REPORT_ERROR;
  const json_t *sides = json_object_get(j, "sides"), *hands = json_object_get(j, "hands");
  SeatNames names;
  if ((rc = seat_names(store, key, &names, diag)) != 0) goto done;
  char title[400];
  snprintf(title, sizeof title, "Game %s", html_js(j, "game"));
  report_html_begin(out, html, title);
  game_heading(out, j);
  if ((rc = game_chart(out, j, diag)) != 0) goto done;
  fputs("<div class=\"grid sheet\">\n", out);
  for (size_t block = 0; block <= json_array_size(sides); block++) {
    game_sheet_head(out, sides, block);
    for (size_t h = 0; h < json_array_size(hands); h++)
      game_sheet_row(out, html, html_js(j, "game"), json_array_get(hands, h), block, &names);
    fputs("</tbody></table>\n", out);
  }
  fputs("</div>\n<p class=\"legend\">* a hand with findings (a renege, a wrong claim): open it to see where.</p>\n", out);
  report_html_end(out, html);
done:
  json_decref(j);
  return rc;
}
