/*
 * report_html_games.c - the games list (/) and a game's score sheet
 * (/games/KEY) as HTML (report_html.h).
 *
 * The games list walks the store itself, one header per game
 * (report_game_header, as the score sheet's); the score sheet draws the
 * computed ReportGame (report_game_compute).
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
  ReportGameHeader head; /* the game (report_game_header) */
  int hands;             /* hands stored */
  long order;            /* stored order */
} GameItem;

static int game_item_cmp(const void *a, const void *b) {
  const GameItem *x = a, *y = b;
  int c = strcmp(y->head.date, x->head.date); /* newest date first; undated last */
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
      PnDiag ignore = {0}; /* an unknown preset: the list shows the winner seat's player */
      report_game_header(&row, &g->head, NULL, &ignore);
      g->order = (long)n;
      g->hands = 0;
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
    out_json_string(out, g->head.key);
    fputs(", ", out);
    report_json_key(out, "variant");
    out_json_string(out, g->head.preset);
    fputs(", ", out);
    report_json_key(out, "date");
    out_json_string(out, g->head.date);
    fputs(", \"players\": [", out);
    for (int s = 0; s < g->head.nplayers; s++) {
      if (s) fputs(", ", out);
      out_json_string(out, g->head.players[s]);
    }
    fprintf(out, "], \"hands\": %d, \"finished\": %s, ", g->hands, g->head.finished ? "true" : "false");
    report_json_key(out, "winner");
    out_json_string(out, g->head.winner);
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
    report_html_text(out, g->head.date);
    fputs("</td><td>", out);
    html_link_open(out, html, "/games/", g->head.key, NULL);
    report_html_name(out, g->head.key);
    html_link_close(out, html);
    fputs("</td><td>", out);
    report_html_text(out, g->head.preset);
    fputs("</td><td>", out);
    for (int p = 0; p < g->head.nplayers; p++) {
      if (p) fputs(", ", out);
      html_link_open(out, html, "/players/", g->head.players[p], NULL);
      report_html_name(out, g->head.players[p]);
      html_link_close(out, html);
    }
    fprintf(out, "</td><td class=\"n\">%d</td><td>", g->hands);
    report_html_name(out, g->head.winner);
    fputs("</td></tr>\n", out);
  }
  fputs("</tbody></table></div>\n", out);
  report_html_end(out, html);
  free(items);
  return 0;
}

/* ------------------------------------------------------------ the game */

/* The heading, the game's line (preset, date, target) and its winner. */
static void game_heading(FILE *out, const ReportGame *g) {
  const ReportSides *sides = &g->head.sides;
  fputs("<h1>Game ", out);
  report_html_name(out, g->head.key);
  fputs("</h1>\n<p class=\"meta\">", out);
  report_html_text(out, g->head.preset);
  if (g->head.date[0]) {
    fputs(", ", out);
    report_html_text(out, g->head.date);
  }
  fprintf(out, ", game to %d</p>\n", g->target);
  int units[PN_MAX_SEATS], seats[2], n = report_winner_units(sides, g->head.winners, units);
  if (n == 0) {
    fputs("<p class=\"winner\">Not finished.</p>\n", out);
    return;
  }
  fputs("<p class=\"winner\">Won by ", out);
  report_html_name(out, n == 1 ? sides->name[units[0]] : g->head.winner);
  fputs(" with ", out);
  for (int i = 0; i < n; i++) { /* several: a side of several seats (five-call) */
    report_game_unit_seats(sides, units[i], seats);
    fprintf(out, "%s%d", i == 0 ? "" : i + 1 == n ? " and " : ", ", g->total[seats[0] - 1]);
  }
  fputs(".</p>\n", out);
}

/* The running totals, one line per side, over the hands.  Returns 0, or
 * REPORT_ERROR with diag (out of memory: no chart drawn). */
static int game_chart(FILE *out, const ReportGame *g, PnDiag *diag) {
  size_t nsides = (size_t)g->head.sides.units, nhands = (size_t)g->nhands;
  double *totals = calloc(nsides * (nhands ? nhands : 1), sizeof *totals);
  char (*labels)[16] = calloc(nhands ? nhands : 1, sizeof *labels);
  const char **label = calloc(nhands ? nhands : 1, sizeof *label);
  HtmlSeries series[PN_MAX_SEATS] = {{0}};
  int rc = REPORT_ERROR;
  if (!totals || !labels || !label) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  for (size_t h = 0; h < nhands; h++) {
    snprintf(labels[h], sizeof labels[h], "%d", g->hands[h].hand);
    label[h] = labels[h];
    for (size_t s = 0; s < nsides; s++) totals[s * nhands + h] = (double)g->hands[h].unit[s].total;
  }
  for (size_t s = 0; s < nsides; s++) series[s] = (HtmlSeries){g->head.sides.name[s], totals + s * nhands, NULL, nhands};
  html_svg_chart(out, "running", "Running score by hand", HTML_CHART_LINE, series, (int)nsides, label);
  rc = 0;
done:
  free(label);
  free(labels);
  free(totals);
  return rc;
}

/* The score sheet is folded into blocks, as the text tables are, so that
 * it fits a tablet without a hidden column: block 0 holds each hand's
 * dealer, bidding, bidder, bid, trump and findings; block k (1..sides)
 * the hand and side k's meld, saved, counters, score and total.  Blocks
 * sit side by side where the page is wide enough. */
static void game_sheet_head(FILE *out, const ReportSides *sides, int block) {
  if (block == 0) {
    fputs("<table class=\"sheet\">\n<thead><tr><th colspan=\"7\" class=\"side\">the hand</th></tr>\n<tr><th>hand</th><th>dealer</th><th>bidding</th><th>bidder</th><th>bid</th>"
          "<th>trump</th><th>findings</th></tr></thead>\n<tbody>\n",
          out);
    return;
  }
  fputs("<table class=\"sheet\">\n<thead><tr><th></th><th colspan=\"5\" class=\"side\">", out);
  report_html_name(out, sides->name[block - 1]);
  fputs("</th></tr>\n<tr><th>hand</th><th>meld</th><th>saved</th><th>counters</th><th>score</th><th>total</th></tr></thead>\n<tbody>\n",
        out);
}

/* A seat as its player's name, the seat number in a tooltip (or the
 * number alone when the name is unknown; nothing for none): the score
 * sheet names the dealer and the bidder rather than numbering their seats. */
static void seat_cell(FILE *out, const ReportGameHeader *head, int s) {
  if (s < 1) {
    fputs("<td></td>", out);
    return;
  }
  if (s > head->nplayers || !head->players[s - 1][0]) {
    fprintf(out, "<td class=\"n\">%d</td>", s);
    return;
  }
  fprintf(out, "<td title=\"seat %d\">", s);
  report_html_name(out, head->players[s - 1]);
  fputs("</td>", out);
}

/* One hand's row of block `block` of the score sheet (game_sheet_head);
 * the hand links to its viewer, a hand with findings is marked. */
static void game_sheet_row(FILE *out, const ReportHtml *html, const ReportGame *g, const ReportGameHand *h,
                           int block) {
  char buf[64];
  bool found = h->findings > 0; /* -1: not replayed */
  fprintf(out, "<tr%s><td class=\"n\">", found ? " class=\"finding\"" : "");
  snprintf(buf, sizeof buf, "/hands/%d", h->hand);
  html_link_open(out, html, "/games/", g->head.key, buf);
  fprintf(out, "%d%s", h->hand, found ? "*" : "");
  html_link_close(out, html);
  fputs("</td>", out);
  if (block > 0) {
    const ReportGameUnit *u = &h->unit[block - 1];
    fprintf(out, "<td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td>"
                 "<td class=\"n total\">%d</td></tr>\n", u->meld, u->saved, u->counters, u->score, u->total);
    return;
  }
  seat_cell(out, &g->head, h->dealer);
  fputs("<td>", out);
  report_html_text(out, h->bidding);
  fputs("</td>", out);
  seat_cell(out, &g->head, h->bidder);
  if (h->bidder >= 1) fprintf(out, "<td class=\"n\">%d</td><td>", h->bid);
  else fputs("<td class=\"n\"></td><td>", out);
  if (h->trump >= 0 && h->trump < PN_SUITS) {
    char t = pn_suit_char(h->trump);
    fprintf(out, "<span class=\"c%s\">%s</span>", t == 'H' || t == 'D' ? " red" : "", html_suit_glyph(t));
  }
  if (found) fprintf(out, "</td><td class=\"n\">%d</td></tr>\n", h->findings);
  else fputs("</td><td class=\"n\"></td></tr>\n", out);
}

int report_html_game(Store *store, const ReportHtml *html, const char *key, FILE *out, PnDiag *diag) {
  ReportGame g;
  int rc = report_game_compute(store, key, &g, diag);
  if (rc != 0) return rc;
  char title[400];
  snprintf(title, sizeof title, "Game %s", g.head.key);
  report_html_begin(out, html, title);
  game_heading(out, &g);
  if ((rc = game_chart(out, &g, diag)) != 0) goto done;
  fputs("<div class=\"grid sheet\">\n", out);
  for (int block = 0; block <= g.head.sides.units; block++) {
    game_sheet_head(out, &g.head.sides, block);
    for (int h = 0; h < g.nhands; h++) game_sheet_row(out, html, &g, &g.hands[h], block);
    fputs("</tbody></table>\n", out);
  }
  fputs("</div>\n<p class=\"legend\">* a hand with findings (a renege, a wrong claim): open it to see where.</p>\n", out);
  report_html_end(out, html);
done:
  report_game_free(&g);
  return rc;
}
