/*
 * report_game.h - `pinochle report DB game KEY`: a game's score sheet,
 * hand by hand (docs/REPORTS.md lists the columns), computed once as
 * data (ReportGame) and rendered from it: text, CSV and JSON here, the
 * page in report_html_games.c, the recorder's sheet as a JSON value.
 */
#ifndef PN_REPORT_GAME_H
#define PN_REPORT_GAME_H

#include <jansson.h>
#include <stdio.h>

#include "report_common.h"

/* What a game is, from its first stored row: the one home of the header
 * the games list and the score sheet both show. */
typedef struct ReportGameHeader {
  char key[256], preset[64], date[32];  /* the game, its preset and date tag ("" none) */
  int nplayers;                         /* seats */
  char players[PN_MAX_SEATS][160];      /* players by seat - 1 */
  ReportSides sides;                    /* the sheet's sides (valid when rules_known) */
  bool rules_known;                     /* the stored preset and options make rules */
  unsigned winners;                     /* the winning side's seats (report_winners), 0 none */
  char winner[sizeof ((ReportSides *)0)->name]; /* the winners' name, "" none */
  bool finished;                        /* the game ended or its log did */
} ReportGameHeader;

/* A side's (partnership presets) or a seat's figures in one hand. */
typedef struct ReportGameUnit {
  int meld;     /* meld shown */
  int saved;    /* meld that counted */
  int counters; /* counters taken */
  int score;    /* the hand's score */
  int total;    /* the running total after the hand */
} ReportGameUnit;

/* One hand of the sheet. */
typedef struct ReportGameHand {
  int hand;                         /* its number */
  int dealer;                       /* the dealer's seat */
  int bidder, bid;                  /* the bid won; bidder 0 when none (redeal, no bidding) */
  int trump;                        /* PnSuit, -1 none (a redeal) */
  ReportGameUnit unit[PN_MAX_SEATS]; /* by side / seat (ReportSides.units) */
  char bidding[1024];               /* "2:pass 3:340 4:pass 1:pass" */
  int findings;                     /* what the replay found; -1 not replayed */
} ReportGameHand;

/* A game's score sheet. */
typedef struct ReportGame {
  ReportGameHeader head;               /* the game */
  int target;                          /* the target at the end (two-hand raises it) */
  int start_target;                    /* the rules' target, before any raise */
  bool bidding;                        /* the preset bids (the text shows "3:340") */
  bool any_findings;                   /* a hand has findings */
  int unreplayed;                      /* first hand the replay could not rebuild, 0 none */
  char why[sizeof ((PnDiag *)0)->msg]; /* and why (a damaged database) */
  int total[PN_MAX_SEATS];             /* running totals by seat after the last hand */
  ReportGameHand *hands;               /* the hands in order */
  int nhands;                          /* hands in the sheet */
} ReportGame;

/* Fills *h from a game's first row (rules, when not NULL, gets its rules).
 * Returns 0, or REPORT_CORRUPT with diag when the stored preset is not
 * known (the header is still filled; the winner is then the winner seat's
 * player). */
int report_game_header(const StoreRow *row, ReportGameHeader *h, PnRules *rules, PnDiag *diag);

/* Computes the score sheet of the game `key` into *game (free it with
 * report_game_free).  Returns 0, REPORT_NOT_FOUND when there is no such
 * game, or REPORT_ERROR / REPORT_CORRUPT with diag->msg. */
int report_game_compute(Store *store, const char *key, ReportGame *game, PnDiag *diag);
void report_game_free(ReportGame *game);

/* Writes a computed sheet as text, CSV or JSON.  Returns 0 or REPORT_ERROR. */
int report_game_write(const ReportGame *game, OutFormat format, FILE *out, PnDiag *diag);
/* The sheet as the JSON value report_game_write prints (a new reference),
 * NULL when out of memory. */
json_t *report_game_json(const ReportGame *game);

/* The unit's seats (u 0-based); returns their number. */
int report_game_unit_seats(const ReportSides *sides, int u, int seats[2]);

/*
 * Writes the score sheet of the game `key`: per hand the dealer, the
 * bidding as it went ("2:pass 3:340 4:pass 1:pass"), bidder, bid and
 * trump, then per side (partnership presets) or per seat the meld shown,
 * the meld saved, the counters, the hand's score and the running total;
 * then the winner.  Returns 0, REPORT_NOT_FOUND when there is no such
 * game, or REPORT_ERROR / REPORT_CORRUPT with diag->msg.
 */
int report_game(Store *store, const char *key, OutFormat format, FILE *out, PnDiag *diag);

#endif
