/*
 * report_html_players.c - the players (/players) and one player's page
 * (/players/NAME) as HTML (report_html.h), drawn from the JSON of
 * report_players and report_hands.
 */
#define _POSIX_C_SOURCE 200809L
#include "report_html_int.h"

#include <stdlib.h>
#include <string.h>

#include "report_hands.h"
#include "report_players.h"

/* ------------------------------------------------------------- players */

/* Rows of the players report (players or partnerships) as a table. */
static void players_table(FILE *out, const ReportHtml *html, const json_t *rows, bool links) {
  html_table(out, html, "players", report_player_columns, REPORT_PLAYER_COLUMNS, rows, links);
}

/* A bar chart of one column of the players table, one bar per player. */
static int players_chart(FILE *out, const json_t *rows, const char *id, const char *key, const char *title) {
  size_t n = json_array_size(rows);
  double *y = calloc(n ? n : 1, sizeof *y);
  const char **labels = calloc(n ? n : 1, sizeof *labels);
  if (!y || !labels) {
    free(y);
    free(labels);
    return -1;
  }
  for (size_t r = 0; r < n; r++) {
    y[r] = html_jd(json_array_get(rows, r), key);
    labels[r] = html_js(json_array_get(rows, r), "name");
  }
  HtmlSeries s = {title, y, NULL, n};
  html_svg_chart(out, id, title, HTML_CHART_BARS, &s, 1, labels);
  free(y);
  free(labels);
  return 0;
}

int report_html_players(Store *store, const ReportHtml *html, const ReportQuery *q, FILE *out, PnDiag *diag) {
  HtmlCapture cap;
  int rc;
  if (!html_capture_open(&cap, diag)) return REPORT_ERROR;
  if ((rc = report_players(store, q, OUT_JSON, cap.f, NULL, diag)) != 0) {
    html_capture_drop(&cap);
    return rc;
  }
  json_t *j = html_capture_json(&cap, diag);
  if (!j) return REPORT_ERROR;
  const json_t *players = json_object_get(j, "players"), *pairs = json_object_get(j, "partnerships");
  report_html_begin(out, html, "Pinochle players");
  fputs("<h1>Players</h1>\n", out);
  if (html->served) fputs("<p class=\"meta\">Who wins against whom: the <a href=\"/ratings\">ratings</a>.</p>\n", out);
  rc = 0;
  if (players_chart(out, players, "points", "points_per_hand", "Points per hand") != 0 ||
      players_chart(out, players, "makes", "make_pct", "Bids made, per cent of bids won") != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
  }
  players_table(out, html, players, true);
  if (json_array_size(pairs) > 0) {
    fputs("<h2>Partnerships</h2>\n", out);
    players_table(out, html, pairs, false);
  }
  report_html_end(out, html);
  json_decref(j);
  return rc;
}

/* The rows of one player in the hands report, in game and hand order. */
typedef struct PlayerHands {
  size_t n;              /* rows */
  double *score, *meld, *counters, *bid; /* per row; bid only where the player bid */
  int *set;              /* per bid: 1 when the bid was set (a negative score) */
  size_t nbids;
  const char **bid_label;  /* "game/hand" of each bid */
  const char **hand_label; /* the game of each row */
  size_t ngames;
  double **running;      /* per game: the total after each hand */
  size_t *game_len;
  const char **game_key;
} PlayerHands;

static void player_hands_free(PlayerHands *p) {
  free(p->score);
  free(p->meld);
  free(p->counters);
  free(p->bid);
  free(p->set);
  free(p->bid_label);
  free(p->hand_label);
  if (p->running)
    for (size_t g = 0; g < p->ngames; g++) free(p->running[g]);
  free(p->running);
  free(p->game_len);
  free(p->game_key);
}

static int player_hands(const json_t *rows, const char *name, PlayerHands *p) {
  size_t n = json_array_size(rows);
  memset(p, 0, sizeof *p);
  size_t m = n ? n : 1;
  p->score = calloc(m, sizeof *p->score);
  p->meld = calloc(m, sizeof *p->meld);
  p->counters = calloc(m, sizeof *p->counters);
  p->bid = calloc(m, sizeof *p->bid);
  p->set = calloc(m, sizeof *p->set);
  p->bid_label = calloc(m, sizeof *p->bid_label);
  p->hand_label = calloc(m, sizeof *p->hand_label);
  p->running = calloc(m, sizeof *p->running);
  p->game_len = calloc(m, sizeof *p->game_len);
  p->game_key = calloc(m, sizeof *p->game_key);
  if (!p->score || !p->meld || !p->counters || !p->bid || !p->set || !p->bid_label || !p->hand_label || !p->running ||
      !p->game_len || !p->game_key)
    return -1;
  for (size_t r = 0; r < n; r++) {
    const json_t *row = json_array_get(rows, r);
    if (strcmp(html_js(row, "player"), name) != 0) continue;
    const char *game = html_js(row, "game");
    size_t i = p->n++;
    p->score[i] = (double)html_ji(row, "score");
    p->meld[i] = (double)html_ji(row, "meld");
    p->counters[i] = (double)html_ji(row, "counters");
    p->hand_label[i] = game;
    if (!html_jnull(row, "bidder") && html_ji(row, "bidder") == html_ji(row, "seat")) {
      p->bid[p->nbids] = (double)html_ji(row, "bid");
      p->set[p->nbids] = html_ji(row, "score") < 0;
      p->bid_label[p->nbids++] = game;
    }
    if (p->ngames == 0 || strcmp(p->game_key[p->ngames - 1], game) != 0) {
      p->game_key[p->ngames] = game;
      p->running[p->ngames] = calloc(m, sizeof **p->running);
      if (!p->running[p->ngames]) return -1;
      p->ngames++;
    }
    size_t g = p->ngames - 1;
    p->running[g][p->game_len[g]++] = (double)html_ji(row, "total");
  }
  return 0;
}

/* The player's charts: the running score of each of the last 12 games,
 * points per hand, the bids won (set in red), meld and counters per hand,
 * reneges by kind (from the player's row, me). */
static void player_charts(FILE *out, const PlayerHands *p, const json_t *me) {
  size_t first = p->ngames > 12 ? p->ngames - 12 : 0;
  HtmlSeries run[12];
  int nrun = 0;
  for (size_t g = first; g < p->ngames; g++) run[nrun++] = (HtmlSeries){p->game_key[g], p->running[g], NULL, p->game_len[g]};
  html_svg_chart(out, "running", p->ngames > 12 ? "Running score by hand, last 12 games" : "Running score by hand, per game",
                 HTML_CHART_LINE, run, nrun, NULL);
  HtmlSeries pts = {"score", p->score, NULL, p->n};
  html_svg_chart(out, "points", "Points per hand over time", HTML_CHART_LINE, &pts, 1, NULL);
  HtmlSeries bids = {"bid (red: set)", p->bid, p->set, p->nbids};
  html_svg_chart(out, "bids", "Bids won: made, and set in red", HTML_CHART_POINTS, &bids, 1, NULL);
  HtmlSeries mc[2] = {{"meld", p->meld, NULL, p->n}, {"counters", p->counters, NULL, p->n}};
  html_svg_chart(out, "meld", "Meld and counters per hand", HTML_CHART_STACKED, mc, 2, NULL);
  static const char *const RENEGES[] = {"reneges_follow", "reneges_head", "reneges_trump", "reneges_overtrump"};
  static const char *const RENEGE_LABELS[] = {"follow", "head", "trump", "overtrump"};
  double reneges[4];
  for (int k = 0; k < 4; k++) reneges[k] = html_jd(me, RENEGES[k]);
  HtmlSeries rs = {"reneges", reneges, NULL, 4};
  html_svg_chart(out, "reneges", "Reneges by kind", HTML_CHART_BARS, &rs, 1, RENEGE_LABELS);
}

/* Served: links to the player's last 30 games. */
static void player_games(FILE *out, const ReportHtml *html, const PlayerHands *p) {
  if (!html->served) return;
  fputs("<p>Games: ", out);
  for (size_t g = p->ngames > 30 ? p->ngames - 30 : 0; g < p->ngames; g++) {
    html_link_open(out, html, "/games/", p->game_key[g], NULL);
    report_html_name(out, p->game_key[g]);
    html_link_close(out, html);
    fputc(' ', out);
  }
  fputs("</p>\n", out);
}

int report_html_player(Store *store, const ReportHtml *html, const char *name, FILE *out, PnDiag *diag) {
  HtmlCapture cap;
  json_t *players = NULL, *hands = NULL;
  PlayerHands p = {0};
  int rc;
  ReportQuery q = {0};
  if (!html_capture_open(&cap, diag)) return REPORT_ERROR;
  if ((rc = report_players(store, &q, OUT_JSON, cap.f, NULL, diag)) != 0) {
    html_capture_drop(&cap);
    return rc;
  }
  if (!(players = html_capture_json(&cap, diag))) return REPORT_ERROR;
  const json_t *me = NULL, *list = json_object_get(players, "players");
  for (size_t r = 0; r < json_array_size(list); r++)
    if (strcmp(html_js(json_array_get(list, r), "name"), name) == 0) me = json_array_get(list, r);
  if (!me) {
    snprintf(diag->msg, sizeof diag->msg, "no player '%s' in the database", name);
    rc = REPORT_NOT_FOUND;
    goto done;
  }
  rc = REPORT_ERROR;
  if (!html_capture_open(&cap, diag)) goto done;
  if ((rc = report_hands(store, &q, OUT_JSON, cap.f, NULL, diag)) != 0) {
    html_capture_drop(&cap);
    goto done;
  }
  rc = REPORT_ERROR;
  if (!(hands = html_capture_json(&cap, diag))) goto done;
  if (player_hands(hands, name, &p) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  char title[300];
  snprintf(title, sizeof title, "Player %s", name);
  report_html_begin(out, html, title);
  fputs("<h1>", out);
  report_html_name(out, name);
  fputs("</h1>\n", out);
  json_t *one = json_array();
  json_array_append(one, (json_t *)me);
  players_table(out, html, one, false);
  json_decref(one);

  player_charts(out, &p, me);
  player_games(out, html, &p);
  report_html_end(out, html);
  rc = 0;
done:
  player_hands_free(&p);
  json_decref(players);
  json_decref(hands);
  return rc;
}
