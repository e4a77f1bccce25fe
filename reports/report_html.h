/*
 * report_html.h - the reports as HTML pages with inline SVG: the games
 * list, a game's score sheet, a hand diagram with its tricks, the players
 * table and one player's charts, the ratings with their chart.  `pinochle report ... --format html`
 * writes them as one self-contained file (CSS and script inline, no
 * external reference); `pinochle serve` answers the same views with links
 * between them (docs/WEB.md).
 *
 * Each view is drawn from the JSON of the report it shows (report_game,
 * report_hand, report_players, report_hands, report_ratings), so a page and its JSON
 * endpoint cannot disagree.  Like every report entry point, a view reads
 * the store through cursors, writes to the caller's FILE, and returns 0 or
 * a negative code with diag->msg (REPORT_NOT_FOUND for a game, hand or
 * player that is not there).  The charts are SVG drawn here: readable
 * without JavaScript; the script only steps through tricks.
 */
#ifndef PN_REPORT_HTML_H
#define PN_REPORT_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report_common.h"

/* One file of src/web/assets, compiled in (cmake/EmbedAssets.cmake). */
typedef struct ReportAsset {
  const char *name;  /* "style.css" */
  const char *type;  /* Content-Type */
  const char *data;  /* the bytes, NUL after the last */
  size_t len;        /* bytes, without that NUL */
} ReportAsset;
extern const ReportAsset report_assets[];
extern const int report_asset_count;
/* The asset called name (exactly), or NULL. */
const ReportAsset *report_asset_find(const char *name);

/* How a page is written. */
typedef struct ReportHtml {
  bool served;       /* links to the other pages and /assets/; false: one self-contained file */
  const char *token; /* served: the access token, given to the page's script for writes (NULL: none) */
} ReportHtml;

/* The HTML page around a view: doctype, head (title, CSS inline or
 * linked, the token as a meta tag), the navigation when served, and body
 * up to the view.  report_html_end closes it (script inline or linked). */
void report_html_begin(FILE *out, const ReportHtml *html, const char *title);
void report_html_end(FILE *out, const ReportHtml *html);
/* Text with & < > " ' escaped, and every bidi embedding, override or
 * isolate it opens (U+202A..U+202E, U+2066..U+2069) closed at its end:
 * a name holding U+202E reverses nothing written after it. */
void report_html_text(FILE *out, const char *text);
/* A user-supplied name (a player, a side, a game key) as HTML text in
 * <bdi>: isolated from the text around it, whatever its direction (not
 * inside SVG, which has no <bdi>: report_html_text there). */
void report_html_name(FILE *out, const char *name);
/* A path segment, percent-encoded (anything but [A-Za-z0-9._~-]). */
void report_html_url(FILE *out, const char *segment);

/* `/`: the games q selects (variant, since, until; player: a seated name),
 * newest first (by date tag, then the latest stored), with a filter form
 * when served. */
int report_html_games(Store *store, const ReportHtml *html, const ReportQuery *q, const char *player, FILE *out,
                      PnDiag *diag);
/* The same games as JSON: {"games": [{"game", "variant", "date",
 * "players": [...], "hands", "finished", "winner"}, ...]}. */
int report_games_json(Store *store, const ReportQuery *q, const char *player, FILE *out, PnDiag *diag);
/* `/games/KEY`: the score sheet, hands with findings marked, a chart of
 * the running totals. */
int report_html_game(Store *store, const ReportHtml *html, const char *key, FILE *out, PnDiag *diag);
/* `/games/KEY/hands/N`: the hand diagram, bidding, exchange, meld, the
 * tricks (stepped through by the script; all shown without it), the
 * findings drawn on their cards with the evidence, the result. */
int report_html_hand(Store *store, const ReportHtml *html, const char *key, int number, FILE *out, PnDiag *diag);
/* `/players`: the players (and partnerships) table and two bar charts. */
int report_html_players(Store *store, const ReportHtml *html, const ReportQuery *q, FILE *out, PnDiag *diag);
/* `/players/NAME`: one player's row of the players report and the charts
 * of their hands: running score per game, points per hand, bids made and
 * set, meld and counters per hand, reneges by kind. */
int report_html_player(Store *store, const ReportHtml *html, const char *name, FILE *out, PnDiag *diag);
/* `/ratings`: the ratings report q selects (report_ratings.h): a line
 * chart of each player's rating after each date (the 10 best rated), the
 * players' and the partnerships' standings. */
int report_html_ratings(Store *store, const ReportHtml *html, const ReportQuery *q, FILE *out, PnDiag *diag);

#endif
