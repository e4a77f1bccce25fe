/*
 * report_players.h - `pinochle report DB players`: each player's record,
 * and each partnership's in partnership presets (docs/REPORTS.md lists
 * every column).
 */
#ifndef PN_REPORT_PLAYERS_H
#define PN_REPORT_PLAYERS_H

#include <stdbool.h>
#include <stdio.h>

#include "report_common.h"

/* The players' columns in order (CSV header and JSON keys), for --help
 * and the tests: REPORT_PLAYER_COLUMNS always, then the
 * REPORT_PLAYER_ACCURACY_COLUMNS of play accuracy, present when a hand of
 * the selection has a stored analysis (`pinochle analyze`) or review, then
 * the REPORT_PLAYER_FAIR_COLUMNS of fair accuracy, present only when a
 * hand of the selection has a stored review (`pinochle review`). */
#define REPORT_PLAYER_COLUMNS 23
#define REPORT_PLAYER_ACCURACY_COLUMNS 4
#define REPORT_PLAYER_FAIR_COLUMNS 9
extern const ReportColumn
    report_player_columns[REPORT_PLAYER_COLUMNS + REPORT_PLAYER_ACCURACY_COLUMNS + REPORT_PLAYER_FAIR_COLUMNS];

/* Fair accuracy of one decision kind (review.h's RvKind): the stored
 * reviews' valued decisions. */
typedef struct ReportFair {
  long n;                      /* decisions valued */
  long best;                   /* of those, the best alternative chosen (cost 0) */
  double cost;                 /* the sum of their costs */
} ReportFair;

/* What a player (or a partnership) did over the selection, in one preset. */
typedef struct ReportPlayerStats {
  long games, wins;            /* games sat in, games won */
  long hands, tricks;          /* hands played, tricks won */
  long counters;               /* counting points won */
  long meld_shown, meld_saved; /* meld shown; meld that counted */
  long score;                  /* sum of what the hands added */
  long bids, bid_sum;          /* bids won and their amounts */
  long made, set;              /* of those, made and set */
  long margin;                 /* sum of (bidding side's total - bid) */
  long moons, moons_made;      /* moons declared by the bidder, and made */
  long reneges[4];             /* follow, head, trump, overtrump */
  long an_hands;               /* analysed hands played */
  long plays, best;            /* plays in them, and of those the best (cost 0) */
  long cost;                   /* the sum of their costs */
  ReportFair fair[4];          /* by RvKind (bid, trump, pass, play), from the stored reviews */
} ReportPlayerStats;

/* One row: a player (or partnership) in one preset. */
typedef struct ReportPlayerRow {
  const char *name;            /* the player, or "A & B"; owned by the result */
  const char *variant;         /* the preset; owned by the result */
  const ReportPlayerStats *s;  /* the figures; owned by the result */
} ReportPlayerRow;

/* The players report as data: computed once (report_players_compute),
 * then written in any format (report_players_write) or drawn as HTML. */
typedef struct ReportPlayers {
  ReportPlayerRow *players;    /* by name, then preset; only those with min_hands and min_plays */
  size_t nplayers;
  ReportPlayerRow *pairs;      /* the partnerships, the same way */
  size_t npairs;
  bool any_teams;              /* a game of the selection has fixed partnerships */
  long hands;                  /* hands read */
  long analysed;               /* of those, with a current stored analysis */
  long stopped;                /* of those, analysed only in part: the node budget stopped the search */
  long stale;                  /* of those, with a stored analysis no longer current (an older
                                  pinochle, or the hand changed since): not counted */
  long reviewed;               /* of those, with a current stored review */
  int npresets;                /* presets in the selection */
  void *own;                   /* the rosters the rows borrow from */
} ReportPlayers;

/* Reads the hands q selects once (q->player and q->variant go into the
 * store's query), decoding only their results and stored analyses, into
 * *r: one row per player and preset.  Returns 0 (free with
 * report_players_free, also after an error) or REPORT_ERROR /
 * REPORT_CORRUPT with diag->msg. */
int report_players_compute(Store *store, const ReportQuery *q, ReportPlayers *r, PnDiag *diag);
void report_players_free(ReportPlayers *r);
/* A row's cells as the table shows them (cells[c] for every column of
 * report_player_columns), written into buf. */
void report_player_cells(const ReportPlayerRow *row, char buf[][32], const char *cells[]);
/* The result as tables (players, partnerships: the accuracy columns only
 * when r->analysed or r->reviewed, the fair ones only when r->reviewed);
 * NULL on memory. */
int report_players_tables(const ReportPlayers *r, ReportTable **players, ReportTable **pairs);
/* How many of report_player_columns those tables (and the pages) show. */
int report_players_ncols(const ReportPlayers *r);
/* One player's rows (exactly `name`; one per preset), no partnership:
 * the store's filter on the player, then the others seated in their
 * games left out.  Returns 0, REPORT_NOT_FOUND (no such player) or
 * report_players_compute's error, with diag->msg; free *r with
 * report_players_free whatever it returns. */
int report_players_of(Store *store, const char *name, ReportPlayers *r, PnDiag *diag);
/* What the play-accuracy columns leave out, and what to run about it,
 * written into note (empty when nothing): hands whose analysis an older
 * pinochle made (or made before the hand changed), and hands the node
 * budget stopped, which leave the figures to the easier hands.  With no
 * analysis at all, only for a query that asked about accuracy
 * (q->min_plays).  True when there is a note. */
bool report_players_note(const ReportPlayers *r, const ReportQuery *q, char *note, size_t size);
/* Writes r in `format` (the text, CSV and JSON of report_players). */
int report_players_write(const ReportPlayers *r, OutFormat format, FILE *out, PnDiag *diag);

/*
 * Streams the hands q selects once, decoding only their results (and the
 * stored analyses of the hands that have one), and writes the players
 * table (then the partnerships table when any game of the selection has
 * fixed partnerships) to out in `format`.  *hands (may be NULL) gets the
 * number of hands read.  Returns 0, with diag->msg a note for the user
 * when no hand of the selection is analysed ("" otherwise), or
 * REPORT_ERROR / REPORT_CORRUPT with diag->msg.
 */
int report_players(Store *store, const ReportQuery *q, OutFormat format, FILE *out, long *hands,
                   PnDiag *diag);

#endif
