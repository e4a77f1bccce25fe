/*
 * report_ratings.h - `pinochle report DB ratings`: a Glicko-2 rating per
 * player and per partnership from the results of the selected games, one
 * rating period per date (docs/REPORTS.md says how a game becomes
 * results), and the rating after each period for the browser's chart.
 *
 * The arithmetic of one rating period (report_glicko2_update) is pure:
 * no I/O, no allocation, no state; the tests check it against the worked
 * example of Glickman's paper.
 */
#ifndef PN_REPORT_RATINGS_H
#define PN_REPORT_RATINGS_H

#include <stdbool.h>
#include <stdio.h>

#include "report_common.h"

/* The documented parameters (Glickman, "Example of the Glicko-2 system",
 * 2012): a new entity's rating, deviation and volatility, and tau, the
 * constraint on how fast the volatility moves. */
#define RATING_INITIAL 1500.0
#define RATING_INITIAL_DEVIATION 350.0
#define RATING_INITIAL_VOLATILITY 0.06
#define RATING_TAU 0.5

/* A rating on the Glicko scale (1500 for a new entity). */
typedef struct RatingGlicko {
  double rating;               /* r */
  double deviation;            /* RD: the uncertainty of r */
  double volatility;           /* sigma: how erratic the entity's results are */
} RatingGlicko;

/* One game result of a rating period, against an opponent as the
 * opponent stood before the period. */
typedef struct RatingOutcome {
  double rating, deviation;    /* the opponent's r and RD */
  double score;                /* 1 won, 0.5 drawn, 0 lost */
} RatingOutcome;

/*
 * Glicko-2's steps 2 to 8 for one entity and one rating period: *after
 * gets the rating, deviation and volatility after the n results (n = 0:
 * only the deviation grows, as for an entity that did not play).  The
 * deviation never exceeds `max_deviation` (the initial 350: an entity
 * long absent is as uncertain as a new one, not more).  Pure: before and
 * after may be the same struct.
 */
void report_glicko2_update(const RatingGlicko *before, const RatingOutcome *results, int n, double tau,
                           double max_deviation, RatingGlicko *after);

/* A rating is provisional while it is this unsure or stands on this few
 * rated games: its deviation above 110 (lichess's threshold, about a
 * third of a newcomer's 350) or fewer than 10 rated games.  The pages
 * mark it and rank it after the established ones. */
#define RATING_PROVISIONAL_DEVIATION 110.0
#define RATING_PROVISIONAL_GAMES 10
bool report_rating_provisional(long games, double deviation);

/* The standings' columns (CSV header and JSON keys) and the history's. */
#define REPORT_RATING_COLUMNS 8
extern const ReportColumn report_rating_columns[REPORT_RATING_COLUMNS];
#define REPORT_RATING_HISTORY_COLUMNS 5
extern const ReportColumn report_rating_history_columns[REPORT_RATING_HISTORY_COLUMNS];

/* One rated player or partnership of the standings. */
typedef struct RatingStanding {
  const char *name;            /* the player, or "A & B"; borrowed from the result */
  long games, wins, hands;     /* rated games, of those won, their hands */
  RatingGlicko now;            /* after the last period */
  char last[11];               /* the last date it played, "" none (or only undated) */
} RatingStanding;

/* A player's rating after a period it played in. */
typedef struct RatingPoint {
  const char *name;            /* the player; borrowed from the result */
  char date[11];               /* the period's date, "" the undated period */
  double rating, deviation;    /* after the period */
  long games;                  /* rated games so far, the period's included */
} RatingPoint;

typedef struct Ratings Ratings; /* the games and entities behind a result (report_ratings.c) */

/* The typed result: computed once, rendered as text, CSV, JSON (report_ratings)
 * and HTML (report_html_ratings). */
typedef struct RatingsResult {
  RatingStanding *players, *pairs; /* best rated first; q->min_hands applied; owned */
  size_t nplayers, npairs;         /* rows */
  const RatingPoint *history;      /* in period order, within a period by name; owned by ratings */
  size_t nhistory;                 /* points */
  bool any_teams;                  /* a partnership game was rated */
  Ratings *ratings;                /* owns the names and the history */
} RatingsResult;

/* Reads and rates the games q selects into *res.  Returns 0, or
 * REPORT_ERROR / REPORT_CORRUPT with diag->msg; *res is to be freed with
 * report_ratings_free either way (report_ratings_free of a zeroed result
 * is a no-op). */
int report_ratings_read(Store *store, const ReportQuery *q, RatingsResult *res, PnDiag *diag);
void report_ratings_free(RatingsResult *res);

/*
 * Streams the games q selects once, orders their results by the games'
 * date tags (ties by game key, undated games last), rates them and writes
 * to out in `format`: text and CSV the standings (players, then
 * partnerships when a partnership game was rated) or, with q->history,
 * the history; JSON an object with "players", "partnerships" and
 * "history".  Returns 0, or REPORT_ERROR / REPORT_CORRUPT with diag->msg.
 */
int report_ratings(Store *store, const ReportQuery *q, OutFormat format, FILE *out, PnDiag *diag);

#endif
