/*
 * report_html_players.c - the players (/players) and one player's page
 * (/players/NAME) as HTML (report_html.h), drawn from the players report's
 * data (report_players_compute) and, for one player, their own hands read
 * once with the store's filter on the player.
 */
#define _POSIX_C_SOURCE 200809L
#include "report_html_int.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart_time.h"
#include "report_hands.h"
#include "report_players.h"

/* The players page's charts rank only the rows with at least a quarter
 * of the most games anyone has in the selection: 5 games are not 100
 * (the tables keep every row). */
static long chart_min_games(const ReportPlayers *r) {
  long most = 0;
  for (size_t i = 0; i < r->nplayers; i++)
    if (r->players[i].s->games > most) most = r->players[i].s->games;
  return most / 4 > 1 ? most / 4 : 1;
}
/* The running-score chart's games: the latest played, one colour each. */
#define RUNNING_GAMES 6

/* ------------------------------------------------------------- players */

static const ReportColumn *pair_cols(void) {
  static ReportColumn cols[REPORT_PLAYER_COLUMNS + REPORT_PLAYER_ACCURACY_COLUMNS + REPORT_PLAYER_FAIR_COLUMNS];
  if (!cols[0].key) {
    memcpy(cols, report_player_columns, sizeof cols);
    cols[0].title = "partnership";
  }
  return cols;
}

/* One bar per row with chart_min_games games, best first, labelled by
 * name. */
typedef struct Bar {
  const char *label; /* the player (borrowed) */
  double v;          /* the value */
} Bar;

static int by_value(const void *a, const void *b) {
  double x = ((const Bar *)a)->v, y = ((const Bar *)b)->v;
  return x < y ? 1 : x > y ? -1 : strcmp(((const Bar *)a)->label, ((const Bar *)b)->label);
}

/* A bar chart of one figure (what `figure` returns) of the rows of one
 * preset, ranked: presets are never ranked together (a five-call point is
 * not a partnership one). */
static int players_chart(FILE *out, const ReportPlayers *r, const char *preset, const char *id, const char *title,
                         double (*figure)(const ReportPlayerStats *s, bool *has)) {
  Bar *bars = calloc(r->nplayers ? r->nplayers : 1, sizeof *bars);
  const char **labels = calloc(r->nplayers ? r->nplayers : 1, sizeof *labels);
  double *v = calloc(r->nplayers ? r->nplayers : 1, sizeof *v);
  if (!bars || !labels || !v) {
    free(bars), free(labels), free(v);
    return -1;
  }
  size_t n = 0;
  long min_games = chart_min_games(r);
  for (size_t i = 0; i < r->nplayers; i++) {
    const ReportPlayerRow *row = &r->players[i];
    bool has = true;
    double value = figure(row->s, &has);
    if (strcmp(row->variant, preset) != 0 || row->s->games < min_games || !has) continue;
    bars[n].label = row->name;
    bars[n++].v = value;
  }
  qsort(bars, n, sizeof *bars, by_value);
  for (size_t i = 0; i < n; i++) labels[i] = bars[i].label, v[i] = bars[i].v;
  char full_id[200];
  snprintf(full_id, sizeof full_id, "%s-%s", id, preset); /* preset names are [a-z0-9-] */
  html_svg_hbars(out, full_id, title, labels, v, n);
  free(bars), free(labels), free(v);
  return 0;
}

static int by_string(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static double points_per_hand(const ReportPlayerStats *s, bool *has) {
  *has = s->hands > 0;
  return s->hands ? round((double)s->score / (double)s->hands * 10) / 10 : 0;
}

static double make_pct(const ReportPlayerStats *s, bool *has) {
  *has = s->bids > 0;
  return s->bids ? round((double)s->made / (double)s->bids * 1000) / 10 : 0;
}

/* The players and partnerships tables, the partnerships' first column
 * titled so. */
static int players_tables(FILE *out, const ReportHtml *html, const ReportPlayers *r, bool links) {
  ReportTable *players = NULL, *pairs = NULL;
  if (report_players_tables(r, &players, &pairs) != 0) return -1;
  char note[sizeof ((PnDiag *)0)->msg];
  if (report_players_note(r, &(ReportQuery){0}, note, sizeof note)) { /* the page's reader reads no stderr */
    note[0] = (char)toupper((unsigned char)note[0]);
    fputs("<p class=\"hint\">", out);
    report_html_text(out, note);
    fputs(".</p>\n", out);
  }
  int ncols = report_players_ncols(r); /* the fair columns too, once a hand is reviewed */
  html_grid(out, html, "players", report_player_columns, ncols, players, links);
  if (r->npairs > 0) {
    fputs("<h2>Partnerships</h2>\n", out);
    html_grid(out, html, "players", pair_cols(), ncols, pairs, false);
  }
  report_table_free(players);
  report_table_free(pairs);
  return 0;
}

/* Each preset's charts, side by side (by the preset's name). */
static int players_charts(FILE *out, const ReportPlayers *r) {
  const char *done[64]; /* the presets drawn so far */
  int ndone = 0;
  for (size_t i = 0; i < r->nplayers && ndone < 64; i++) {
    const char *preset = r->players[i].variant;
    bool seen = false;
    for (int k = 0; k < ndone; k++) seen = seen || strcmp(done[k], preset) == 0;
    if (seen) continue;
    done[ndone++] = preset;
  }
  qsort(done, (size_t)ndone, sizeof *done, by_string);
  for (int k = 0; k < ndone; k++) {
    fputs("<section class=\"preset\"><h2>", out);
    report_html_text(out, done[k]);
    fputs("</h2>\n", out);
    if (players_chart(out, r, done[k], "points", "Points per hand", points_per_hand) != 0 ||
        players_chart(out, r, done[k], "makes", "Bids made, per cent of bids won", make_pct) != 0)
      return -1;
    fputs("</section>\n", out);
  }
  return 0;
}

int report_html_players(Store *store, const ReportHtml *html, const ReportQuery *q, FILE *out, PnDiag *diag) {
  ReportPlayers r;
  int rc = report_players_compute(store, q, &r, diag);
  if (rc != 0) goto done;
  report_html_begin(out, html, "Pinochle players");
  fputs("<h1>Players</h1>\n", out);
  if (html->served) fputs("<p class=\"meta\">Who wins against whom: the <a href=\"/ratings\">ratings</a>.</p>\n", out);
  fprintf(out,
          "<p class=\"meta\">The charts rank the players with %ld games or more (a quarter of the most anyone "
          "played), each preset apart; the tables hold everyone.</p>\n",
          chart_min_games(&r));
  fputs("<div class=\"presets\">\n", out);
  int charts = players_charts(out, &r);
  fputs("</div>\n", out);
  if (charts != 0 || players_tables(out, html, &r, true) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
  }
  report_html_end(out, html);
done:
  report_players_free(&r);
  return rc;
}

/* ------------------------------------------------------------ a player */

/* One game of the player's, as the charts need it. */
typedef struct PGame {
  char *key;            /* the game; owned */
  long day;             /* its date tag as a day number (chart_time_day), -1 without one */
  long seq;             /* the order the store gave it */
  long hands;           /* hands the player played in it */
  long points, meld, counters; /* their sums */
  double *running;      /* the player's total after each hand; owned */
} PGame;

/* A bid the player won. */
typedef struct PBid {
  long day;             /* its game's date as a day number, -1 without one */
  double bid;           /* the amount */
  int set;              /* 1 when set */
} PBid;

/* The player's games and bids in one preset. */
typedef struct PPreset {
  char *preset;         /* owned */
  PGame *g;             /* by stored order, then sorted by date */
  size_t n, cap;
  PBid *b;              /* the bids won */
  size_t nb, bcap;
} PPreset;

typedef struct PHands {
  PPreset *p;           /* by first met */
  size_t n, cap;
} PHands;

static void phands_free(PHands *h) {
  for (size_t i = 0; i < h->n; i++) {
    for (size_t g = 0; g < h->p[i].n; g++) free(h->p[i].g[g].key), free(h->p[i].g[g].running);
    free(h->p[i].g), free(h->p[i].b), free(h->p[i].preset);
  }
  free(h->p);
}

/* Room for one more of size bytes in *a (n used, *cap room); 0 or -1. */
static int grow(void **a, size_t n, size_t *cap, size_t size) {
  if (n < *cap) return 0;
  size_t c = *cap ? *cap * 2 : 8;
  void *m = realloc(*a, c * size);
  if (!m) return -1;
  *a = m;
  *cap = c;
  return 0;
}

static PPreset *preset_of(PHands *h, const char *preset) {
  for (size_t i = 0; i < h->n; i++)
    if (strcmp(h->p[i].preset, preset) == 0) return &h->p[i];
  if (grow((void **)&h->p, h->n, &h->cap, sizeof *h->p) != 0) return NULL;
  PPreset *p = &h->p[h->n];
  memset(p, 0, sizeof *p);
  if (!(p->preset = strdup(preset))) return NULL;
  h->n++;
  return p;
}

/* A game's first row of the player's: a new PGame. */
static PGame *game_start(PHands *h, const StoreRow *row, long seq, PPreset **pp) {
  PPreset *p = preset_of(h, row->preset);
  if (!p || grow((void **)&p->g, p->n, &p->cap, sizeof *p->g) != 0) return NULL;
  PGame *g = &p->g[p->n];
  char date[32];
  memset(g, 0, sizeof *g);
  g->day = chart_time_day(report_tag(row->tags, row->ntags, "date", date, sizeof date));
  g->seq = seq;
  if (!(g->key = strdup(row->key)) || !(g->running = malloc(sizeof *g->running * 64))) {
    free(g->key), free(g->running);
    return NULL;
  }
  p->n++;
  *pp = p;
  return g;
}

/* Where the visitor of the player's hands is. */
typedef struct PWalk {
  PHands *h;            /* what is built */
  PPreset *p;           /* the current game's preset */
  PGame *g;             /* the current game */
  int64_t game_id;      /* its id (0 before the first) */
  long seq;             /* games so far */
} PWalk;

/* One row of the hands report (the player's: report_hands_each with
 * q.player) added to the player's games and bids. */
static int hand_visit(void *ctx, const ReportHandRow *r, PnDiag *diag) {
  PWalk *w = ctx;
  if (r->row->game_id != w->game_id) {
    w->game_id = r->row->game_id;
    if (!(w->g = game_start(w->h, r->row, w->seq++, &w->p))) goto memory;
  }
  PGame *g = w->g;
  if (g->hands >= 64 && (g->hands & (g->hands - 1)) == 0) { /* 64, 128, ...: double the room */
    double *m = realloc(g->running, sizeof *m * (size_t)g->hands * 2);
    if (!m) goto memory;
    g->running = m;
  }
  g->running[g->hands++] = (double)r->total;
  g->points += r->score;
  g->meld += r->meld;
  g->counters += r->counters;
  if (r->bidder == r->seat) {
    if (grow((void **)&w->p->b, w->p->nb, &w->p->bcap, sizeof *w->p->b) != 0) goto memory;
    w->p->b[w->p->nb++] = (PBid){g->day, (double)r->bid, r->score < 0};
  }
  return 0;
memory:
  snprintf(diag->msg, sizeof diag->msg, "out of memory");
  return REPORT_ERROR;
}

/* The player's hands: the hands report's rows of the player, read once
 * with the store's filter on the player. */
static int phands_read(Store *store, const char *name, PHands *h, PnDiag *diag) {
  ReportQuery q = {.player = name};
  PWalk w = {h, NULL, NULL, 0, 0};
  return report_hands_each(store, &q, hand_visit, &w, diag);
}

/* Date order, games without a date last, then the order stored. */
static int by_date(const void *a, const void *b) {
  const PGame *x = a, *y = b;
  bool nx = x->day < 0, ny = y->day < 0;
  if (nx != ny) return nx ? 1 : -1;
  if (!nx && x->day != y->day) return x->day < y->day ? -1 : 1;
  return (x->seq > y->seq) - (x->seq < y->seq);
}

/* A sentence where a chart would have nothing to draw. */
static void nothing(FILE *out, const char *what) { fprintf(out, "<p class=\"empty-chart\">%s</p>\n", what); }

/* The latest RUNNING_GAMES games played (by date), a line each. */
static void running_chart(FILE *out, const PPreset *p) {
  HtmlSeries run[RUNNING_GAMES];
  char names[RUNNING_GAMES][200];
  size_t first = p->n > RUNNING_GAMES ? p->n - RUNNING_GAMES : 0;
  int n = 0;
  for (size_t i = first; i < p->n; i++) {
    if (p->g[i].hands == 0) continue;
    snprintf(names[n], sizeof names[n], "%s", p->g[i].key);
    run[n] = (HtmlSeries){names[n], p->g[i].running, NULL, (size_t)p->g[i].hands};
    n++;
  }
  if (n == 0) {
    nothing(out, "No hands played in this preset.");
    return;
  }
  char title[80];
  if (n == 1) snprintf(title, sizeof title, "Running score by hand, the one game played");
  else snprintf(title, sizeof title, "Running score by hand, the latest %d games played", n);
  char id[100];
  snprintf(id, sizeof id, "running-%s", p->preset);
  html_svg_chart(out, id, title, HTML_CHART_LINE, run, n, NULL);
}

/* A value per hand to one decimal, as the tooltips show it. */
static double per_hand(long sum, long hands) { return round((double)sum / (double)hands * 10) / 10; }

/* Per game by date: points per hand; meld and counters per hand. */
static int game_charts(FILE *out, const PPreset *p) {
  size_t n = 0;
  ChartTimePoint *pts = calloc(p->n ? p->n * 3 : 1, sizeof *pts);
  if (!pts) return -1;
  ChartTimePoint *meld = pts + p->n, *ctr = meld + p->n; /* (no arithmetic on a NULL) */
  for (size_t i = 0; i < p->n; i++) { /* in date order: by_date */
    const PGame *g = &p->g[i];
    if (g->day < 0 || g->hands == 0) continue;
    pts[n] = (ChartTimePoint){g->day, per_hand(g->points, g->hands), false, false};
    meld[n] = (ChartTimePoint){g->day, per_hand(g->meld, g->hands), false, false};
    ctr[n++] = (ChartTimePoint){g->day, per_hand(g->counters, g->hands), false, false};
  }
  char id[2][100];
  snprintf(id[0], sizeof id[0], "points-%s", p->preset);
  snprintf(id[1], sizeof id[1], "meld-%s", p->preset);
  const char *none = "No dated game in this preset: nothing to draw over time.";
  ChartTimeSeries points = {"points per hand", pts, n, false};
  chart_time_svg(out, &(ChartTimeText){id[0], "Points per hand, game by game, by date", NULL, none, NULL, true, 1},
                 &points, 1);
  if (n > 0) {
    ChartTimeSeries mc[2] = {{"meld", meld, n, false}, {"counters", ctr, n, false}};
    chart_time_svg(out, &(ChartTimeText){id[1], "Meld and counters per hand, game by game, by date", NULL, none, NULL,
                                         true, 1},
                   mc, 2);
  }
  free(pts);
  return 0;
}

/* The bids won at their games' dates, set ones in red. */
static int bid_chart(FILE *out, const PPreset *p) {
  size_t n = 0;
  ChartTimePoint *bid = calloc(p->nb ? p->nb : 1, sizeof *bid);
  if (!bid) return -1;
  for (size_t i = 0; i < p->nb; i++)
    if (p->b[i].day >= 0) bid[n++] = (ChartTimePoint){p->b[i].day, p->b[i].bid, false, p->b[i].set != 0};
  char id[100];
  snprintf(id, sizeof id, "bids-%s", p->preset);
  ChartTimeSeries s = {"bid made", bid, n, true};
  chart_time_svg(out, &(ChartTimeText){id, "Bids won by date: made, and set in red", NULL,
                                       "No bid won in a dated game of this preset.", "bid set", false, 0},
                 &s, 1);
  free(bid);
  return 0;
}

/* Reneges by kind from the player's row, or a sentence when none. */
static void renege_chart(FILE *out, const ReportPlayerRow *me) {
  char id[100];
  snprintf(id, sizeof id, "reneges-%s", me->variant);
  static const char *const LABELS[] = {"follow", "head", "trump", "overtrump"};
  double v[4];
  long all = 0;
  for (int k = 0; k < 4; k++) all += me->s->reneges[k], v[k] = (double)me->s->reneges[k];
  if (all == 0) {
    nothing(out, "No reneges.");
    return;
  }
  html_svg_hbars(out, id, "Reneges by kind", LABELS, v, 4);
}

/* Served: links to the player's latest 30 games in this preset. */
static void preset_games(FILE *out, const ReportHtml *html, const PPreset *p) {
  if (!html->served || p->n == 0) return;
  fputs("<p>Games, latest last: ", out);
  for (size_t g = p->n > 30 ? p->n - 30 : 0; g < p->n; g++) {
    html_link_open(out, html, "/games/", p->g[g].key, NULL);
    report_html_name(out, p->g[g].key);
    html_link_close(out, html);
    fputc(' ', out);
  }
  fputs("</p>\n", out);
}

/* One preset's column of the page: its charts, never pooled with another's. */
static int preset_section(FILE *out, const ReportHtml *html, PPreset *p, const ReportPlayerRow *me) {
  qsort(p->g, p->n, sizeof *p->g, by_date);
  fputs("<section class=\"preset\"><h2>", out);
  report_html_text(out, p->preset);
  fputs("</h2>\n", out);
  running_chart(out, p);
  if (game_charts(out, p) != 0 || bid_chart(out, p) != 0) return -1;
  if (me) renege_chart(out, me);
  preset_games(out, html, p);
  fputs("</section>\n", out);
  return 0;
}

/* The page: the player's rows (one per preset) and a column per preset. */
static int player_page(FILE *out, const ReportHtml *html, const char *name, const ReportPlayers *r, PHands *h) {
  char title[300];
  snprintf(title, sizeof title, "Player %s", name);
  report_html_begin(out, html, title);
  fputs("<h1>", out);
  report_html_name(out, name);
  fputs("</h1>\n", out);
  ReportPlayers mine = *r;
  mine.npairs = 0;
  if (players_tables(out, html, &mine, false) != 0) return -1;
  fputs("<div class=\"presets\">\n", out);
  for (size_t i = 0; i < h->n; i++) {
    const ReportPlayerRow *me = NULL;
    for (size_t k = 0; k < r->nplayers; k++)
      if (strcmp(r->players[k].variant, h->p[i].preset) == 0) me = &r->players[k];
    if (preset_section(out, html, &h->p[i], me) != 0) return -1;
  }
  fputs("</div>\n", out);
  report_html_end(out, html);
  return 0;
}

int report_html_player(Store *store, const ReportHtml *html, const char *name, FILE *out, PnDiag *diag) {
  ReportPlayers r;
  PHands h = {0};
  int rc = report_players_of(store, name, &r, diag);
  if (rc != 0) goto done;
  if ((rc = phands_read(store, name, &h, diag)) != 0) goto done;
  if (player_page(out, html, name, &r, &h) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
  }
done:
  phands_free(&h);
  report_players_free(&r);
  return rc;
}
