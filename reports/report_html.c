/*
 * report_html.c - the reports as HTML with inline SVG (report_html.h).
 *
 * Every view but the games list runs its report with --format json into
 * memory, reads that JSON back (jansson) and draws it: one source of the
 * numbers, so the page, its JSON endpoint and `report --format json`
 * agree.  The games list walks the store itself (it needs the winner,
 * which no report prints as a row).
 */
#define _POSIX_C_SOURCE 200809L
#include "report_html.h"

#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report_game.h"
#include "report_hand.h"
#include "report_hands.h"
#include "pn_buf.h"
#include "report_players.h"
#include "replay.h"

const ReportAsset *report_asset_find(const char *name) {
  for (int i = 0; i < report_asset_count; i++)
    if (strcmp(report_assets[i].name, name) == 0) return &report_assets[i];
  return NULL;
}

/* ------------------------------------------------------------ the page */

void report_html_text(FILE *out, const char *text) {
  for (const char *p = text ? text : ""; *p; p++) {
    switch (*p) {
    case '&': fputs("&amp;", out); break;
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '"': fputs("&quot;", out); break;
    case '\'': fputs("&#39;", out); break;
    default: fputc(*p, out); break;
    }
  }
}

void report_html_url(FILE *out, const char *segment) {
  for (const unsigned char *p = (const unsigned char *)segment; *p; p++) {
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("._~-", *p))
      fputc(*p, out);
    else fprintf(out, "%%%02X", *p);
  }
}

static void asset_inline(FILE *out, const char *name) {
  const ReportAsset *a = report_asset_find(name);
  if (a) fwrite(a->data, 1, a->len, out);
}

void report_html_begin(FILE *out, const ReportHtml *html, const char *title) {
  fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
        out);
  report_html_text(out, title);
  fputs("</title>\n", out);
  if (html->served) {
    if (html->token) {
      fputs("<meta name=\"pn-token\" content=\"", out);
      report_html_text(out, html->token);
      fputs("\">\n", out);
    }
    fputs("<link rel=\"stylesheet\" href=\"/assets/style.css\">\n</head>\n<body>\n"
          "<nav><a href=\"/\">Games</a> <a href=\"/players\">Players</a> <a href=\"/record\">Record</a></nav>\n",
          out);
  } else {
    fputs("<style>\n", out);
    asset_inline(out, "style.css");
    fputs("</style>\n</head>\n<body>\n", out);
  }
  fputs("<main>\n", out);
}

void report_html_end(FILE *out, const ReportHtml *html) {
  fputs("</main>\n", out);
  if (html->served) fputs("<script src=\"/assets/app.js\"></script>\n", out);
  else {
    fputs("<script>\n", out);
    asset_inline(out, "app.js");
    fputs("</script>\n", out);
  }
  fputs("</body>\n</html>\n", out);
}

/* A link to path when served, plain text otherwise (a file has nowhere to go). */
static void link_open(FILE *out, const ReportHtml *html, const char *prefix, const char *segment, const char *suffix) {
  if (!html->served) return;
  fprintf(out, "<a href=\"%s", prefix);
  if (segment) report_html_url(out, segment);
  fprintf(out, "%s\">", suffix ? suffix : "");
}
static void link_close(FILE *out, const ReportHtml *html) {
  if (html->served) fputs("</a>", out);
}

/* ------------------------------------------------------- report -> JSON */

/* A report written into memory and read back. */
typedef struct Capture {
  char *buf;  /* open_memstream's buffer; freed by capture_json */
  size_t len;
  FILE *f;
} Capture;

static FILE *capture_open(Capture *c, PnDiag *diag) {
  c->buf = NULL;
  c->len = 0;
  c->f = open_memstream(&c->buf, &c->len);
  if (!c->f) snprintf(diag->msg, sizeof diag->msg, "out of memory");
  return c->f;
}

/* Closes the capture; returns the parsed JSON (caller json_decref's) or
 * NULL with diag (only a failure of ours: the reports write valid JSON). */
static json_t *capture_json(Capture *c, PnDiag *diag) {
  json_t *j = NULL;
  if (fclose(c->f) != 0) snprintf(diag->msg, sizeof diag->msg, "out of memory");
  else {
    json_error_t err;
    j = json_loadb(c->buf, c->len, 0, &err);
    if (!j) snprintf(diag->msg, sizeof diag->msg, "report JSON unreadable at %d: %s", err.line, err.text);
  }
  free(c->buf);
  c->buf = NULL;
  c->f = NULL;
  return j;
}

static void capture_drop(Capture *c) {
  if (c->f) fclose(c->f);
  free(c->buf);
  c->f = NULL;
  c->buf = NULL;
}

static const char *js(const json_t *o, const char *key) {
  const char *s = json_string_value(json_object_get(o, key));
  return s ? s : "";
}
static long ji(const json_t *o, const char *key) { return (long)json_integer_value(json_object_get(o, key)); }
static double jd(const json_t *o, const char *key) { return json_number_value(json_object_get(o, key)); }
static bool jnull(const json_t *o, const char *key) {
  const json_t *v = json_object_get(o, key);
  return !v || json_is_null(v);
}
/* A cell of a JSON object as text: strings as they are, numbers printed, null empty. */
static const char *jcell(const json_t *v, char *buf, size_t size) {
  buf[0] = '\0';
  if (json_is_string(v)) return json_string_value(v);
  if (json_is_integer(v)) snprintf(buf, size, "%lld", (long long)json_integer_value(v));
  else if (json_is_real(v)) snprintf(buf, size, "%.1f", json_real_value(v));
  else if (json_is_true(v)) snprintf(buf, size, "yes");
  else if (json_is_false(v)) snprintf(buf, size, "no");
  return buf;
}

/* ------------------------------------------------------------- cards */

static const char *suit_glyph(char suit) {
  switch (suit) {
  case 'S': return "\xE2\x99\xA0";
  case 'H': return "\xE2\x99\xA5";
  case 'D': return "\xE2\x99\xA6";
  case 'C': return "\xE2\x99\xA3";
  default: return "?";
  }
}
static const char *suit_word(char suit) {
  switch (suit) {
  case 'S': return "spades";
  case 'H': return "hearts";
  case 'D': return "diamonds";
  case 'C': return "clubs";
  default: return "none";
  }
}
static const char *rank_text(char rank) {
  switch (rank) {
  case 'A': return "A";
  case 'T': return "10";
  case 'K': return "K";
  case 'Q': return "Q";
  case 'J': return "J";
  case '9': return "9";
  default: return "?";
  }
}

/* Sort key: suits S H C D (black and red alternate), ranks A T K Q J 9. */
static int card_order(const char *card) {
  static const char SUITS[] = "SHCD", RANKS[] = "ATKQJ9";
  const char *s = strchr(SUITS, card[1]), *r = strchr(RANKS, card[0]);
  return (s ? (int)(s - SUITS) : 4) * 8 + (r ? (int)(r - RANKS) : 7);
}
static int card_cmp(const void *a, const void *b) {
  return card_order((const char *)a) - card_order((const char *)b);
}

/* Up to max two-letter cards of a space-separated list into cards[][3]. */
static int cards_split(const char *text, char (*cards)[3], int max) {
  int n = 0;
  for (const char *p = text; *p && n < max;) {
    while (*p == ' ') p++;
    if (!p[0] || !p[1]) break;
    cards[n][0] = p[0];
    cards[n][1] = p[1];
    cards[n][2] = '\0';
    n++;
    p += 2;
    while (*p && *p != ' ') p++;
  }
  return n;
}

/* One card drawn at x,y (28 x 40); cls adds classes ("renege", "evidence"). */
static void svg_card(FILE *out, const char *card, int x, int y, int seat, const char *cls) {
  char rank[2] = {card[0], '\0'};
  bool red = card[1] == 'H' || card[1] == 'D';
  fprintf(out, "<g class=\"card%s%s%s\" data-seat=\"%d\" data-card=\"%s\" transform=\"translate(%d %d)\">", red ? " red" : "",
          cls && *cls ? " " : "", cls ? cls : "", seat, card, x, y);
  fprintf(out, "<rect width=\"28\" height=\"40\" rx=\"3\"/><text x=\"14\" y=\"17\">%s</text><text x=\"14\" y=\"34\">%s</text>"
               "<title>%s of %s</title></g>",
          rank_text(rank[0]), suit_glyph(card[1]), rank_text(rank[0]), suit_word(card[1]));
}

/* Cards inline in text: "A♠ 10♥". */
static void html_cards(FILE *out, const char *text) {
  char cards[80][3];
  int n = cards_split(text, cards, 80);
  for (int i = 0; i < n; i++) {
    bool red = cards[i][1] == 'H' || cards[i][1] == 'D';
    fprintf(out, "%s<span class=\"c%s\">%s%s</span>", i ? " " : "", red ? " red" : "", rank_text(cards[i][0]),
            suit_glyph(cards[i][1]));
  }
}

/* ------------------------------------------------------------ charts */

/* One line or bar series of a chart. */
typedef struct Series {
  const char *name;    /* legend */
  const double *y;     /* values */
  const int *flag;     /* NULL, or per value 1 = drawn with the "bad" colour (a set bid) */
  size_t n;
} Series;

static const char *const COLORS[] = {"#2b6cb0", "#c05621", "#2f855a", "#9b2c2c", "#6b46c1", "#b7791f"};

/* A round step for about five gridlines over span. */
static double nice_step(double span) {
  if (span <= 0) return 1;
  double raw = span / 5, mag = 1;
  while (mag * 10 <= raw) mag *= 10;
  while (mag > raw) mag /= 10;
  double f = raw / mag;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

typedef enum { CHART_LINE, CHART_BARS, CHART_STACKED, CHART_POINTS } ChartKind;

/*
 * An SVG chart, 640 x 220 units scaled to the page's width: ns series of
 * values over the same x (line, bars side by side, stacked bars, or
 * points), axis with round gridlines through 0, a legend, x labels when
 * given (every one that fits).  Drawn here so that it reads without
 * JavaScript; the <title> and aria-label say what it shows.
 */
static void svg_chart(FILE *out, const char *id, const char *title, ChartKind kind, const Series *s, int ns,
                      const char *const *xlabels) {
  const double W = 640, H = 220, L = 58, R = 8, T = 22, B = 28;
  size_t n = 0;
  double lo = 0, hi = 0;
  for (int k = 0; k < ns; k++) {
    if (s[k].n > n) n = s[k].n;
    for (size_t i = 0; i < s[k].n; i++) {
      double v = s[k].y[i];
      if (kind == CHART_STACKED) {
        v = 0;
        for (int m = 0; m <= k; m++) v += i < s[m].n ? s[m].y[i] : 0;
      }
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (hi == lo) hi = lo + 1;
  double step = nice_step(hi - lo);
  lo = step * (double)(long)((lo - (lo < 0 ? step - 1e-9 : 0)) / step);
  hi = step * (double)(long)((hi + step - 1e-9) / step);
  double pw = W - L - R, ph = H - T - B;
#define YOF(v) (T + ph - ((v) - lo) / (hi - lo) * ph)
  fprintf(out, "<figure class=\"chart\" id=\"%s\"><svg viewBox=\"0 0 640 220\" role=\"img\" aria-label=\"", id);
  report_html_text(out, title);
  fputs("\"><title>", out);
  report_html_text(out, title);
  fputs("</title>\n", out);
  for (double v = lo; v <= hi + 1e-9; v += step)
    fprintf(out, "<line class=\"grid%s\" x1=\"%g\" x2=\"%g\" y1=\"%.1f\" y2=\"%.1f\"/><text class=\"ytick\" x=\"%g\" y=\"%.1f\">%g</text>\n",
            v == 0 ? " zero" : "", L, W - R, YOF(v), YOF(v), L - 4, YOF(v) + 4, v);
  double slot = n ? pw / (double)n : pw;
  if (n == 0) fprintf(out, "<text class=\"empty\" x=\"320\" y=\"110\">no data</text>\n");
  for (int k = 0; k < ns; k++) {
    const char *color = COLORS[k % 6];
    if (kind == CHART_LINE) {
      fprintf(out, "<polyline class=\"series\" stroke=\"%s\" points=\"", color);
      for (size_t i = 0; i < s[k].n; i++)
        fprintf(out, "%.1f,%.1f ", L + slot * ((double)i + 0.5), YOF(s[k].y[i]));
      fputs("\"/>\n", out);
      if (s[k].n <= 60)
        for (size_t i = 0; i < s[k].n; i++)
          fprintf(out, "<circle r=\"2.5\" fill=\"%s\" cx=\"%.1f\" cy=\"%.1f\"><title>%g</title></circle>", color,
                  L + slot * ((double)i + 0.5), YOF(s[k].y[i]), s[k].y[i]);
    } else {
      for (size_t i = 0; i < s[k].n; i++) {
        double v = s[k].y[i], base = 0, x, w;
        if (kind == CHART_STACKED)
          for (int m = 0; m < k; m++) base += i < s[m].n ? s[m].y[i] : 0;
        if (kind == CHART_BARS) {
          w = slot * 0.8 / ns;
          x = L + slot * (double)i + slot * 0.1 + w * k;
        } else {
          w = slot * 0.8;
          x = L + slot * (double)i + slot * 0.1;
        }
        const char *fill = s[k].flag && s[k].flag[i] ? "#c53030" : color;
        if (kind == CHART_POINTS) {
          fprintf(out, "<circle r=\"3\" fill=\"%s\" cx=\"%.1f\" cy=\"%.1f\"><title>%g</title></circle>", fill, x + w / 2,
                  YOF(v), v);
          continue;
        }
        double y0 = YOF(base), y1 = YOF(base + v);
        fprintf(out, "<rect fill=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"><title>%g</title></rect>", fill, x,
                y1 < y0 ? y1 : y0, w > 0.5 ? w : 0.5, y1 < y0 ? y0 - y1 : y1 - y0, v);
      }
      fputc('\n', out);
    }
  }
  if (xlabels && n) {
    size_t every = (size_t)((double)n * 64 / pw) + 1; /* labels about 64 units apart */
    for (size_t i = 0; i < n; i += every) {
      fprintf(out, "<text class=\"xtick\" x=\"%.1f\" y=\"%g\">", L + slot * ((double)i + 0.5), H - B + 14);
      report_html_text(out, xlabels[i]);
      fputs("</text>", out);
    }
    fputc('\n', out);
  }
  fputs("</svg><figcaption>", out);
  report_html_text(out, title);
  for (int k = 0; k < ns && ns > 1; k++) {
    fprintf(out, " <span class=\"key\" style=\"color:%s\">\xE2\x96\xA0</span> ", COLORS[k % 6]);
    report_html_text(out, s[k].name);
  }
  fputs("</figcaption></figure>\n", out);
#undef YOF
}

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
      report_tag(row.tags, "date", g->date, sizeof g->date);
      g->nplayers = row.nplayers;
      for (int s = 0; s < row.nplayers; s++) snprintf(g->names[s], sizeof g->names[s], "%s", row.players[s]);
      if (row.winner >= 1 && row.winner <= row.nplayers) {
        PnRules rules;
        PnDiag ignore = {0};
        if (replay_rules(row.preset, row.options, &rules, &ignore) == 0 && rules.sides == PN_SIDES_TEAMS &&
            row.nplayers == 4)
          report_pair_name(g->winner, sizeof g->winner, row.players[row.winner - 1], row.players[(row.winner + 1) % 4]);
        else snprintf(g->winner, sizeof g->winner, "%s", row.players[row.winner - 1]);
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
    report_html_text(out, player);
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
    link_open(out, html, "/games/", g->key, NULL);
    report_html_text(out, g->key);
    link_close(out, html);
    fputs("</td><td>", out);
    report_html_text(out, g->preset);
    fputs("</td><td>", out);
    for (int p = 0; p < g->nplayers; p++) {
      if (p) fputs(", ", out);
      link_open(out, html, "/players/", g->names[p], NULL);
      report_html_text(out, g->names[p]);
      link_close(out, html);
    }
    fprintf(out, "</td><td class=\"n\">%d</td><td>", g->hands);
    report_html_text(out, g->winner);
    fputs("</td></tr>\n", out);
  }
  fputs("</tbody></table></div>\n", out);
  report_html_end(out, html);
  free(items);
  return 0;
}

/* ------------------------------------------------------------ the game */

int report_html_game(Store *store, const ReportHtml *html, const char *key, FILE *out, PnDiag *diag) {
  Capture cap;
  json_t *j = NULL;
  double *totals = NULL;
  char **labels = NULL;
  int rc;
  if (!capture_open(&cap, diag)) return REPORT_ERROR;
  if ((rc = report_game(store, key, OUT_JSON, cap.f, diag)) != 0) {
    capture_drop(&cap);
    return rc;
  }
  if (!(j = capture_json(&cap, diag))) return REPORT_ERROR;
  rc = REPORT_ERROR;
  const json_t *sides = json_object_get(j, "sides"), *hands = json_object_get(j, "hands");
  size_t nsides = json_array_size(sides), nhands = json_array_size(hands);
  char title[400], buf[64];
  snprintf(title, sizeof title, "Game %s", js(j, "game"));
  report_html_begin(out, html, title);
  fputs("<h1>Game ", out);
  report_html_text(out, js(j, "game"));
  fputs("</h1>\n<p class=\"meta\">", out);
  report_html_text(out, js(j, "preset"));
  if (*js(j, "date")) {
    fputs(", ", out);
    report_html_text(out, js(j, "date"));
  }
  if (!jnull(j, "target")) fprintf(out, ", game to %ld", ji(j, "target"));
  fputs("</p>\n", out);
  const json_t *winner = json_object_get(j, "winner");
  if (json_is_object(winner)) {
    fputs("<p class=\"winner\">Won by ", out);
    report_html_text(out, js(winner, "name"));
    fprintf(out, " with %ld.</p>\n", ji(winner, "total"));
  } else fputs("<p class=\"winner\">Not finished.</p>\n", out);

  /* The running totals, one line per side. */
  totals = calloc(nsides * (nhands ? nhands : 1), sizeof *totals);
  labels = calloc(nhands ? nhands : 1, sizeof *labels);
  Series series[PN_MAX_SEATS] = {{0}};
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
    snprintf(labels[h], 16, "%ld", ji(row, "hand"));
    for (size_t s = 0; s < nsides; s++) {
      snprintf(buf, sizeof buf, "total_%zu", s + 1);
      totals[s * nhands + h] = (double)ji(row, buf);
    }
  }
  for (size_t s = 0; s < nsides; s++)
    series[s] = (Series){js(json_array_get(sides, s), "name"), totals + s * nhands, NULL, nhands};
  svg_chart(out, "running", "Running score by hand", CHART_LINE, series, (int)nsides, (const char *const *)labels);

  fputs("<div class=\"scroll\"><table class=\"sheet\">\n<thead><tr><th rowspan=\"2\">hand</th><th rowspan=\"2\">dealer</th>"
        "<th rowspan=\"2\">bidding</th><th rowspan=\"2\">bidder</th><th rowspan=\"2\">bid</th><th rowspan=\"2\">trump</th>",
        out);
  for (size_t s = 0; s < nsides; s++) {
    fputs("<th colspan=\"5\" class=\"side\">", out);
    report_html_text(out, js(json_array_get(sides, s), "name"));
    fputs("</th>", out);
  }
  fputs("<th rowspan=\"2\">findings</th></tr>\n<tr>", out);
  for (size_t s = 0; s < nsides; s++) fputs("<th>meld</th><th>saved</th><th>counters</th><th>score</th><th>total</th>", out);
  fputs("</tr></thead>\n<tbody>\n", out);
  char num[32];
  for (size_t h = 0; h < nhands; h++) {
    const json_t *row = json_array_get(hands, h);
    long findings = ji(row, "findings");
    fprintf(out, "<tr%s><td class=\"n\">", findings ? " class=\"finding\"" : "");
    snprintf(buf, sizeof buf, "/hands/%ld", ji(row, "hand"));
    link_open(out, html, "/games/", js(j, "game"), buf);
    fprintf(out, "%ld%s", ji(row, "hand"), findings ? "*" : "");
    link_close(out, html);
    fprintf(out, "</td><td class=\"n\">%ld</td><td>", ji(row, "dealer"));
    report_html_text(out, js(row, "bidding"));
    fprintf(out, "</td><td class=\"n\">%s</td>", jcell(json_object_get(row, "bidder"), num, sizeof num));
    fprintf(out, "<td class=\"n\">%s</td><td>", jcell(json_object_get(row, "bid"), num, sizeof num));
    const char *trump = js(row, "trump");
    if (*trump) fprintf(out, "<span class=\"c%s\">%s</span>", *trump == 'H' || *trump == 'D' ? " red" : "", suit_glyph(*trump));
    fputs("</td>", out);
    for (size_t s = 0; s < nsides; s++) {
      static const char *const COLS[] = {"meld", "saved", "counters", "score", "total"};
      for (int c = 0; c < 5; c++) {
        snprintf(buf, sizeof buf, "%s_%zu", COLS[c], s + 1);
        fprintf(out, "<td class=\"n%s\">%s</td>", c == 4 ? " total" : "", jcell(json_object_get(row, buf), num, sizeof num));
      }
    }
    fprintf(out, "<td class=\"n\">%s</td></tr>\n", findings ? jcell(json_object_get(row, "findings"), num, sizeof num) : "");
  }
  fputs("</tbody></table></div>\n<p class=\"legend\">* a hand with findings (a renege, a wrong claim): open it to see where.</p>\n", out);
  report_html_end(out, html);
  rc = 0;
done:
  if (labels)
    for (size_t h = 0; h < nhands; h++) free(labels[h]);
  free(labels);
  free(totals);
  json_decref(j);
  return rc;
}

/* ------------------------------------------------------------ the hand */

#define MAX_HELD 40 /* cards one seat can hold or play in any preset (double deck: 20) */

/* The cards after "holding " in a finding's sentence: what the seat
 * should have played (the evidence); 0 when the sentence names none. */
static int evidence_cards(const char *detail, char (*cards)[3], int max) {
  const char *at = strstr(detail, "holding ");
  if (!at) return 0;
  at += strlen("holding ");
  int n = 0;
  while (n < max && at[0] && at[1] && strchr("AKQJT9", at[0]) && strchr("SHDC", at[1]) &&
         (at[2] == ' ' || at[2] == ':' || at[2] == ',' || at[2] == ')' || at[2] == '\0')) {
    cards[n][0] = at[0];
    cards[n][1] = at[1];
    cards[n][2] = '\0';
    n++;
    at += 2;
    if (*at != ' ') break;
    at++;
  }
  return n;
}

/* A diagram of each seat's cards, one row per seat, grouped by suit.
 * held[s] has count[s] cards. */
static void svg_hands(FILE *out, const char *id, const char *title, const json_t *players, char held[][MAX_HELD][3],
                      const int *count, int nseats, int dealer) {
  int most = 1;
  for (int s = 0; s < nseats; s++)
    if (count[s] > most) most = count[s];
  int width = 110 + most * 30 + 3 * 8 + 8, height = nseats * 50 + 6;
  fprintf(out, "<figure class=\"hands\" id=\"%s\"><svg viewBox=\"0 0 %d %d\" style=\"max-width:%dpx\" role=\"img\" aria-label=\"", id,
          width, height, width * 5 / 4);
  report_html_text(out, title);
  fputs("\"><title>", out);
  report_html_text(out, title);
  fputs("</title>\n", out);
  for (int s = 0; s < nseats; s++) {
    int y = 4 + s * 50;
    qsort(held[s], (size_t)count[s], sizeof held[s][0], card_cmp);
    fprintf(out, "<g class=\"seat\" data-seat=\"%d\"><text class=\"name\" x=\"0\" y=\"%d\">%d ", s + 1, y + 18, s + 1);
    report_html_text(out, js(json_array_get(players, (size_t)s), "name"));
    fprintf(out, "</text>%s", s + 1 == dealer ? "<text class=\"dealer\" x=\"0\" y=\"" : "");
    if (s + 1 == dealer) fprintf(out, "%d\">dealer</text>", y + 34);
    int x = 110;
    for (int i = 0; i < count[s]; i++) {
      if (i > 0 && held[s][i][1] != held[s][i - 1][1]) x += 8;
      svg_card(out, held[s][i], x, y, s + 1, NULL);
      x += 30;
    }
    fputs("</g>\n", out);
  }
  fputs("</svg><figcaption>", out);
  report_html_text(out, title);
  fputs("</figcaption></figure>\n", out);
}

static const char *player_name(const json_t *players, long seat) {
  return seat >= 1 ? js(json_array_get(players, (size_t)(seat - 1)), "name") : "";
}

static void hand_body(FILE *out, const ReportHtml *html, const json_t *j) {
  const json_t *players = json_object_get(j, "players"), *events = json_object_get(j, "events"),
               *tricks = json_object_get(j, "tricks"), *findings = json_object_get(j, "findings"),
               *result = json_object_get(j, "result");
  int nseats = (int)json_array_size(players);
  if (nseats > PN_MAX_SEATS) nseats = PN_MAX_SEATS;
  long dealer = ji(j, "dealer");
  char buf[64];

  fputs("<h1>", out);
  link_open(out, html, "/games/", js(j, "game"), NULL);
  fputs("Game ", out);
  report_html_text(out, js(j, "game"));
  link_close(out, html);
  fprintf(out, ", hand %ld</h1>\n<p class=\"meta\">", ji(j, "hand"));
  report_html_text(out, js(j, "preset"));
  if (*js(j, "date")) {
    fputs(", ", out);
    report_html_text(out, js(j, "date"));
  }
  fputs(". Dealer: ", out);
  report_html_text(out, player_name(players, dealer));
  fputs(".</p>\n<p class=\"contract\">", out);
  const char *trump = js(j, "trump");
  if (json_is_true(json_object_get(j, "redeal"))) fputs("Everyone passed: the hand is dealt again.", out);
  else {
    if (!jnull(j, "bidder")) {
      fprintf(out, "Bid %ld by ", ji(j, "bid"));
      report_html_text(out, player_name(players, ji(j, "bidder")));
      fputs(", ", out);
    }
    fprintf(out, "trump <span class=\"c%s\">%s</span> %s", *trump == 'H' || *trump == 'D' ? " red" : "",
            *trump ? suit_glyph(*trump) : "", suit_word(*trump));
    if (!jnull(j, "partner")) {
      fputs(", partner ", out);
      report_html_text(out, player_name(players, ji(j, "partner")));
    }
    if (!jnull(j, "bidder"))
      fprintf(out, ": %s%s", json_is_true(json_object_get(j, "moon")) ? "shot the moon, " : "",
              json_is_true(json_object_get(j, "made")) ? "<strong>made</strong>" : "<strong class=\"bad\">set</strong>");
    fputs(".", out);
  }
  fputs("</p>\n", out);

  /* The deal, then the cards each seat played (its hand at the first lead
   * when every card is played: the diagram the tricks step through). */
  static char held[PN_MAX_SEATS][MAX_HELD][3];
  int count[PN_MAX_SEATS] = {0};
  bool stock = false;
  for (size_t i = 0; i < json_array_size(events); i++) {
    const json_t *ev = json_array_get(events, i);
    const char *action = js(ev, "action");
    long seat = ji(ev, "seat");
    if (strcmp(action, "stock") == 0 || strcmp(action, "draw") == 0) stock = true;
    if (strcmp(action, "deal") == 0 && seat >= 1 && seat <= nseats)
      count[seat - 1] += cards_split(js(ev, "cards"), held[seat - 1] + count[seat - 1], MAX_HELD - count[seat - 1]);
  }
  svg_hands(out, "dealt", "The deal", players, held, count, nseats, (int)dealer);
  memset(count, 0, sizeof count);
  for (size_t t = 0; t < json_array_size(tricks); t++) {
    const json_t *plays = json_object_get(json_array_get(tricks, t), "plays");
    for (size_t k = 0; k < json_array_size(plays); k++) {
      const json_t *p = json_array_get(plays, k);
      long seat = ji(p, "seat");
      if (seat >= 1 && seat <= nseats && count[seat - 1] < MAX_HELD)
        count[seat - 1] += cards_split(js(p, "card"), held[seat - 1] + count[seat - 1], 1);
    }
  }
  if (json_array_size(tricks) > 0)
    svg_hands(out, "inplay", stock ? "The cards each seat played" : "The hands at the first lead (the cards each seat played)",
              players, held, count, nseats, (int)dealer);

  /* Bidding and what happened before the play. */
  bool bidding = false, prep = false, meld = false;
  for (size_t i = 0; i < json_array_size(events); i++) {
    const json_t *ev = json_array_get(events, i);
    const char *action = js(ev, "action");
    if (!jnull(ev, "trick")) continue;
    if (strcmp(action, "bid") == 0 || strcmp(action, "pass") == 0) {
      if (!bidding) fputs("<h2>Bidding</h2>\n<ol class=\"bidding\">", out);
      bidding = true;
      fputs("<li>", out);
      report_html_text(out, js(ev, "player"));
      fputs(strcmp(action, "bid") == 0 ? " <strong>" : " <span class=\"pass\">pass", out);
      if (strcmp(action, "bid") == 0) {
        report_html_text(out, js(ev, "value"));
        fputs("</strong>", out);
      } else fputs("</span>", out);
      fputs("</li>", out);
    }
  }
  if (bidding) fputs("</ol>\n", out);
  for (size_t i = 0; i < json_array_size(events); i++) {
    const json_t *ev = json_array_get(events, i);
    const char *action = js(ev, "action");
    if (strcmp(action, "dealer") == 0 || strcmp(action, "deal") == 0 || strcmp(action, "bid") == 0 ||
        strcmp(action, "pass") == 0 || strcmp(action, "meld") == 0 || strcmp(action, "play") == 0 ||
        strcmp(action, "score") == 0)
      continue;
    if (!prep) fputs("<h2>Trump and exchange</h2>\n<ul class=\"prep\">", out);
    prep = true;
    fputs("<li>", out);
    report_html_text(out, js(ev, "player"));
    if (strcmp(action, "trump") == 0) {
      const char *suit = js(ev, "value");
      fprintf(out, " names <span class=\"c%s\">%s</span> %s trump", *suit == 'H' || *suit == 'D' ? " red" : "",
              suit_glyph(*suit), suit_word(*suit));
    } else {
      fputs(strcmp(action, "give") == 0 ? " passes" : " ", out);
      if (strcmp(action, "give") != 0) report_html_text(out, action);
      fputc(' ', out);
      html_cards(out, js(ev, "cards"));
      if (*js(ev, "value")) {
        fputc(' ', out);
        report_html_text(out, js(ev, "value"));
      }
      if (!jnull(ev, "points")) fprintf(out, " (+%ld)", ji(ev, "points"));
    }
    fputs("</li>", out);
  }
  if (prep) fputs("</ul>\n", out);
  for (size_t i = 0; i < json_array_size(events); i++) {
    const json_t *ev = json_array_get(events, i);
    if (strcmp(js(ev, "action"), "meld") != 0) continue;
    if (!meld) fputs("<h2>Meld</h2>\n<table class=\"meld\"><thead><tr><th>player</th><th>cards</th><th>points</th></tr></thead><tbody>\n", out);
    meld = true;
    fputs("<tr><td>", out);
    report_html_text(out, js(ev, "player"));
    fputs("</td><td>", out);
    html_cards(out, js(ev, "cards"));
    fprintf(out, "</td><td class=\"n\">%ld</td></tr>\n", ji(ev, "points"));
  }
  if (meld) fputs("</tbody></table>\n", out);

  /* The tricks: all of them without the script; with it, one at a time. */
  size_t ntricks = json_array_size(tricks);
  if (ntricks > 0) {
    fprintf(out, "<h2>Tricks</h2>\n<div class=\"stepper\" hidden><button type=\"button\" data-step=\"-1\" aria-label=\"previous trick\">\xE2\x97\x80 Prev</button>"
                 " <span class=\"at\">before the first lead</span> "
                 "<button type=\"button\" data-step=\"1\" aria-label=\"next trick\">Next \xE2\x96\xB6</button>"
                 " <button type=\"button\" data-step=\"all\">All</button>"
                 " <span class=\"hint\">(arrow keys step)</span> <span class=\"running\"></span></div>\n<ol class=\"tricks\" data-seats=\"%d\">\n",
            nseats);
    for (size_t t = 0; t < ntricks; t++) {
      const json_t *tr = json_array_get(tricks, t), *plays = json_object_get(tr, "plays");
      long number = ji(tr, "trick"), winner = ji(tr, "winner");
      fprintf(out, "<li class=\"trick\" id=\"trick-%ld\" data-trick=\"%ld\" data-winner=\"%ld\" data-counters=\"%ld\" data-plays=\"", number,
              number, winner, ji(tr, "counters"));
      for (size_t k = 0; k < json_array_size(plays); k++)
        fprintf(out, "%s%ld:%s", k ? " " : "", ji(json_array_get(plays, k), "seat"), js(json_array_get(plays, k), "card"));
      size_t nplays = json_array_size(plays);
      fprintf(out, "\"><svg viewBox=\"0 0 %zu 64\" style=\"max-width:%zupx\" role=\"img\" aria-label=\"trick %ld\">", nplays * 52 + 4,
              nplays * 52 * 3 / 2 + 6, number);
      for (size_t k = 0; k < nplays; k++) {
        const json_t *p = json_array_get(plays, k);
        long seat = ji(p, "seat");
        const char *card = js(p, "card");
        const char *cls = seat == winner ? "winner" : NULL;
        for (size_t f = 0; f < json_array_size(findings); f++) {
          const json_t *fd = json_array_get(findings, f);
          if (ji(fd, "trick") == number && ji(fd, "seat") == seat && strcmp(js(fd, "card"), card) == 0) cls = "renege";
        }
        svg_card(out, card, (int)k * 52 + 12, 2, (int)seat, cls);
        fprintf(out, "<text class=\"who\" x=\"%zu\" y=\"60\">", k * 52 + 26);
        report_html_text(out, player_name(players, seat));
        fputs("</text>", out);
      }
      fprintf(out, "</svg><p>Trick %ld: won by ", number);
      report_html_text(out, player_name(players, winner));
      fprintf(out, ", %ld counters.</p>\n", ji(tr, "counters"));
      for (size_t f = 0; f < json_array_size(findings); f++) {
        const json_t *fd = json_array_get(findings, f);
        if (ji(fd, "trick") != number) continue;
        char ev[MAX_HELD][3];
        int nev = evidence_cards(js(fd, "detail"), ev, MAX_HELD);
        fprintf(out, "<div class=\"finding\" data-seat=\"%ld\" data-card=\"%s\" data-evidence=\"", ji(fd, "seat"), js(fd, "card"));
        for (int e = 0; e < nev; e++) fprintf(out, "%s%s", e ? " " : "", ev[e]);
        fputs("\"><strong>", out);
        report_html_text(out, js(fd, "kind"));
        fputs("</strong>: ", out);
        report_html_text(out, js(fd, "detail"));
        if (nev > 0) {
          fprintf(out, "<br>Should have played one of: <svg class=\"evidence\" viewBox=\"0 0 %d 44\" style=\"max-width:%dpx\" role=\"img\" aria-label=\"the evidence\">",
                  nev * 32 + 2, (nev * 32 + 2) * 3 / 2);
          for (int e = 0; e < nev; e++) svg_card(out, ev[e], e * 32 + 1, 2, (int)ji(fd, "seat"), "evidence");
          fputs("</svg>", out);
        }
        fputs("</div>\n", out);
      }
      fputs("</li>\n", out);
    }
    fputs("</ol>\n", out);
  }

  /* Findings not on a trick (bids, meld, claims, the whole hand). */
  bool other = false;
  for (size_t f = 0; f < json_array_size(findings); f++) {
    const json_t *fd = json_array_get(findings, f);
    if (!jnull(fd, "trick")) continue;
    if (!other) fputs("<h2>Other findings</h2>\n<ul class=\"findings\">", out);
    other = true;
    fputs("<li class=\"finding\"><strong>", out);
    report_html_text(out, js(fd, "kind"));
    fputs("</strong>: ", out);
    report_html_text(out, js(fd, "detail"));
    fputs("</li>", out);
  }
  if (other) fputs("</ul>\n", out);

  fputs("<h2>Score</h2>\n<div class=\"scroll\"><table class=\"result\"><thead><tr>", out);
  static const char *const RESULT[] = {"seat", "player", "side", "meld", "saved", "counters", "tricks", "score", "total"};
  for (int c = 0; c < 9; c++) fprintf(out, "<th>%s</th>", RESULT[c]);
  fputs("</tr></thead><tbody>\n", out);
  for (size_t r = 0; r < json_array_size(result); r++) {
    const json_t *row = json_array_get(result, r);
    fputs("<tr>", out);
    for (int c = 0; c < 9; c++) {
      fprintf(out, "<td%s>", c == 1 ? "" : " class=\"n\"");
      if (c == 1) {
        link_open(out, html, "/players/", js(row, "player"), NULL);
        report_html_text(out, js(row, "player"));
        link_close(out, html);
      } else report_html_text(out, jcell(json_object_get(row, RESULT[c]), buf, sizeof buf));
      fputs("</td>", out);
    }
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table></div>\n", out);
}

int report_html_hand(Store *store, const ReportHtml *html, const char *key, int number, FILE *out, PnDiag *diag) {
  Capture cap;
  int rc;
  if (!capture_open(&cap, diag)) return REPORT_ERROR;
  if ((rc = report_hand(store, key, number, OUT_JSON, cap.f, diag)) != 0) {
    capture_drop(&cap);
    return rc;
  }
  json_t *j = capture_json(&cap, diag);
  if (!j) return REPORT_ERROR;
  char title[400];
  snprintf(title, sizeof title, "Game %s, hand %d", js(j, "game"), number);
  report_html_begin(out, html, title);
  hand_body(out, html, j);
  report_html_end(out, html);
  json_decref(j);
  return 0;
}

/* ------------------------------------------------------------- players */

static void players_table(FILE *out, const ReportHtml *html, const json_t *rows, bool links) {
  fputs("<div class=\"scroll\"><table class=\"players\"><thead><tr>", out);
  for (int c = 0; c < REPORT_PLAYER_COLUMNS; c++) {
    fputs("<th>", out);
    report_html_text(out, report_player_columns[c].title);
    fputs("</th>", out);
  }
  fputs("</tr></thead><tbody>\n", out);
  char buf[64];
  for (size_t r = 0; r < json_array_size(rows); r++) {
    const json_t *row = json_array_get(rows, r);
    fputs("<tr>", out);
    for (int c = 0; c < REPORT_PLAYER_COLUMNS; c++) {
      const ReportColumn *col = &report_player_columns[c];
      fprintf(out, "<td%s>", col->kind == REPORT_STR ? "" : " class=\"n\"");
      const char *cell = jcell(json_object_get(row, col->key), buf, sizeof buf);
      if (c == 0 && links) link_open(out, html, "/players/", cell, NULL);
      report_html_text(out, cell);
      if (c == 0 && links) link_close(out, html);
      fputs("</td>", out);
    }
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table></div>\n", out);
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
    y[r] = jd(json_array_get(rows, r), key);
    labels[r] = js(json_array_get(rows, r), "name");
  }
  Series s = {title, y, NULL, n};
  svg_chart(out, id, title, CHART_BARS, &s, 1, labels);
  free(y);
  free(labels);
  return 0;
}

int report_html_players(Store *store, const ReportHtml *html, const ReportQuery *q, FILE *out, PnDiag *diag) {
  Capture cap;
  int rc;
  if (!capture_open(&cap, diag)) return REPORT_ERROR;
  if ((rc = report_players(store, q, OUT_JSON, cap.f, NULL, diag)) != 0) {
    capture_drop(&cap);
    return rc;
  }
  json_t *j = capture_json(&cap, diag);
  if (!j) return REPORT_ERROR;
  const json_t *players = json_object_get(j, "players"), *pairs = json_object_get(j, "partnerships");
  report_html_begin(out, html, "Pinochle players");
  fputs("<h1>Players</h1>\n", out);
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
    if (strcmp(js(row, "player"), name) != 0) continue;
    const char *game = js(row, "game");
    size_t i = p->n++;
    p->score[i] = (double)ji(row, "score");
    p->meld[i] = (double)ji(row, "meld");
    p->counters[i] = (double)ji(row, "counters");
    p->hand_label[i] = game;
    if (!jnull(row, "bidder") && ji(row, "bidder") == ji(row, "seat")) {
      p->bid[p->nbids] = (double)ji(row, "bid");
      p->set[p->nbids] = ji(row, "score") < 0;
      p->bid_label[p->nbids++] = game;
    }
    if (p->ngames == 0 || strcmp(p->game_key[p->ngames - 1], game) != 0) {
      p->game_key[p->ngames] = game;
      p->running[p->ngames] = calloc(m, sizeof **p->running);
      if (!p->running[p->ngames]) return -1;
      p->ngames++;
    }
    size_t g = p->ngames - 1;
    p->running[g][p->game_len[g]++] = (double)ji(row, "total");
  }
  return 0;
}

int report_html_player(Store *store, const ReportHtml *html, const char *name, FILE *out, PnDiag *diag) {
  Capture cap;
  json_t *players = NULL, *hands = NULL;
  PlayerHands p = {0};
  int rc;
  ReportQuery q = {0};
  if (!capture_open(&cap, diag)) return REPORT_ERROR;
  if ((rc = report_players(store, &q, OUT_JSON, cap.f, NULL, diag)) != 0) {
    capture_drop(&cap);
    return rc;
  }
  if (!(players = capture_json(&cap, diag))) return REPORT_ERROR;
  const json_t *me = NULL, *list = json_object_get(players, "players");
  for (size_t r = 0; r < json_array_size(list); r++)
    if (strcmp(js(json_array_get(list, r), "name"), name) == 0) me = json_array_get(list, r);
  if (!me) {
    snprintf(diag->msg, sizeof diag->msg, "no player '%s' in the database", name);
    rc = REPORT_NOT_FOUND;
    goto done;
  }
  rc = REPORT_ERROR;
  if (!capture_open(&cap, diag)) goto done;
  if ((rc = report_hands(store, &q, OUT_JSON, cap.f, NULL, diag)) != 0) {
    capture_drop(&cap);
    goto done;
  }
  rc = REPORT_ERROR;
  if (!(hands = capture_json(&cap, diag))) goto done;
  if (player_hands(hands, name, &p) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  char title[300];
  snprintf(title, sizeof title, "Player %s", name);
  report_html_begin(out, html, title);
  fputs("<h1>", out);
  report_html_text(out, name);
  fputs("</h1>\n", out);
  json_t *one = json_array();
  json_array_append(one, (json_t *)me);
  players_table(out, html, one, false);
  json_decref(one);

  /* Running score per game: the last 12 games, one line each. */
  size_t first = p.ngames > 12 ? p.ngames - 12 : 0;
  Series run[12];
  int nrun = 0;
  for (size_t g = first; g < p.ngames; g++) run[nrun++] = (Series){p.game_key[g], p.running[g], NULL, p.game_len[g]};
  svg_chart(out, "running", p.ngames > 12 ? "Running score by hand, last 12 games" : "Running score by hand, per game",
            CHART_LINE, run, nrun, NULL);
  Series pts = {"score", p.score, NULL, p.n};
  svg_chart(out, "points", "Points per hand over time", CHART_LINE, &pts, 1, NULL);
  Series bids = {"bid (red: set)", p.bid, p.set, p.nbids};
  svg_chart(out, "bids", "Bids won: made, and set in red", CHART_POINTS, &bids, 1, NULL);
  Series mc[2] = {{"meld", p.meld, NULL, p.n}, {"counters", p.counters, NULL, p.n}};
  svg_chart(out, "meld", "Meld and counters per hand", CHART_STACKED, mc, 2, NULL);
  static const char *const RENEGES[] = {"reneges_follow", "reneges_head", "reneges_trump", "reneges_overtrump"};
  static const char *const RENEGE_LABELS[] = {"follow", "head", "trump", "overtrump"};
  double reneges[4];
  for (int k = 0; k < 4; k++) reneges[k] = jd(me, RENEGES[k]);
  Series rs = {"reneges", reneges, NULL, 4};
  svg_chart(out, "reneges", "Reneges by kind", CHART_BARS, &rs, 1, RENEGE_LABELS);
  if (html->served) {
    fputs("<p>Games: ", out);
    for (size_t g = p.ngames > 30 ? p.ngames - 30 : 0; g < p.ngames; g++) {
      link_open(out, html, "/games/", p.game_key[g], NULL);
      report_html_text(out, p.game_key[g]);
      link_close(out, html);
      fputc(' ', out);
    }
    fputs("</p>\n", out);
  }
  report_html_end(out, html);
  rc = 0;
done:
  player_hands_free(&p);
  json_decref(players);
  json_decref(hands);
  return rc;
}
