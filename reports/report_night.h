/*
 * report_night.h - a club night (issue 33): starting one, its seating
 * round by round (src/night/movement.h works it out from what the store
 * keeps), the game a table plays in a round, and the standings, prizes
 * and each player's recap from the night's games (those tagged
 * night=NAME, round=R, table=T).  docs/NIGHT.md is the director's guide.
 *
 * Errors as in report_common.h: 0, or a negative pn_err.h code with
 * diag->msg (PN_ERR_USAGE: a bad start; PN_ERR_CONFLICT: the name is
 * taken; REPORT_NOT_FOUND: no such night).
 */
#ifndef PN_REPORT_NIGHT_H
#define PN_REPORT_NIGHT_H

#include <stdbool.h>
#include <stdio.h>

#include "movement.h"
#include "report_common.h"

#define NIGHT_NAME_MAX 64 /* bytes of a player's or a night's name, with the NUL */

/* A night as loaded: its stored definition and its seating. */
typedef struct Night {
  StoreNight def;                              /* as stored; strings in owned */
  char *owned;                                 /* the strings of def */
  PnRules rules;                               /* the preset's */
  bool teams;                                  /* partnership tables (seats 1+3, 2+4) */
  int nplayers;                                /* players listed */
  char names[MOVE_MAX_PLAYERS][NIGHT_NAME_MAX]; /* by player number */
  MoveSpec spec;                               /* what the seating is worked out from */
  MoveRound rounds[MOVE_MAX_ROUNDS];           /* the seating, spec.rounds of them */
} Night;

/* What `pinochle night start` is given.  Strings borrowed. */
typedef struct NightStart {
  const char *name;       /* the night's name (letters, digits, - _ .) */
  const char *preset;     /* the variant every table plays */
  const char *players;    /* names joined by commas, in the director's order */
  const char *movement;   /* NULL: progressive for partnership presets, rotate otherwise */
  const char *date;       /* YYYY-MM-DD or NULL */
  int rounds;             /* 1..MOVE_MAX_ROUNDS */
  int hands_per_round;    /* 0: a game a round */
} NightStart;

/* Checks and stores a new night, and loads it into *out (caller frees
 * with night_free). */
int night_start(Store *store, const NightStart *start, Night **out, PnDiag *diag);
/* Loads the night `name` (REPORT_NOT_FOUND when there is none). */
int night_load(Store *store, const char *name, Night **out, PnDiag *diag);
void night_free(Night *night);

/* The seating of one round (1-based) or of every round (0): CSV columns
 * round,table,seat,player (a player sitting out: table and seat empty);
 * JSON an array of those objects; text one block per round; html (when
 * `html`, format ignored) a printable page of table cards, one card per
 * table and round. */
int night_seating(const Night *night, int round, OutFormat format, bool html, FILE *out, PnDiag *diag);

/* The game key of a table's game in a round: NAME-rR-tT. */
void night_game_key(const Night *night, int round, int table, char *buf, size_t size);
/* The players by seat at `table` (1-based) in `round` (1-based): names
 * borrowed from night.  Returns 0 or PN_ERR_USAGE (no such round or table). */
int night_table_players(const Night *night, int round, int table, const char *players[PN_MAX_SEATS], PnDiag *diag);
/* The first round whose game at `table` is not stored yet (the next to
 * record there), or 0 when every round has one. */
int night_next_round(Store *store, const Night *night, int table, PnDiag *diag);

/* `pinochle report DB night NAME`: the standings after the rounds
 * played (docs/NIGHT.md: columns, tie-breaks, prizes) and each player's
 * recap, in text, CSV (the standings) or JSON (all). */
int report_night(Store *store, const char *name, OutFormat format, FILE *out, PnDiag *diag);

/* GET /api/nights/NAME: the report's JSON (standings, prizes, recaps)
 * with the round in play ("round_in_play"), each of its tables' game and
 * progress ("tables": game, started, players by seat, scores by side,
 * hands, done) and the next round's seating ("next", null after the
 * last). */
int report_night_live(Store *store, const char *name, FILE *out, PnDiag *diag);

/* A table of the round in play, as the live view shows it. */
typedef struct NightLiveTable {
  int table;                                /* 1-based */
  char game[NIGHT_NAME_MAX + 32];           /* its game key (the one to start when not started) */
  bool started, done;                       /* a game stored; it ended or reached the night's hands */
  int hands;                                /* hands stored */
  int nplayers;                             /* seats */
  char players[MOVE_MAX_SEATS][NIGHT_NAME_MAX]; /* by seat */
  int nsides;                               /* sides with a score (started only) */
  char side[MOVE_MAX_SEATS][4 * NIGHT_NAME_MAX]; /* "Ann & Cal" */
  int score[MOVE_MAX_SEATS];                /* each side's running score */
} NightLiveTable;

/* A line of the standings, best first. */
typedef struct NightLiveRow {
  int rank;                                 /* 1-based, after the tie-breaks */
  char player[NIGHT_NAME_MAX];              /* the player */
  int games, wins;                          /* rounds played, won */
  long points;                              /* scores summed */
  int high_round;                           /* best round score */
} NightLiveRow;

/* The live view of a night, computed once: what the director's page and
 * GET /api/nights/NAME's "tables" show. */
typedef struct NightLive {
  Night *night;                             /* the night (owned: night_free) */
  int rounds_played;                        /* the highest round with a game */
  int round_in_play;                        /* rounds + 1 once the night is over */
  int ntables;                              /* tables of the round in play */
  NightLiveTable table[MOVE_MAX_TABLES];    /* by table */
  int nrows;                                /* standings */
  NightLiveRow row[MOVE_MAX_PLAYERS * 2];   /* best first */
  const char *prize[3];                     /* high total, most wins, high round: the player or NULL */
  char prize_player[3][NIGHT_NAME_MAX];     /* where prize[] points */
} NightLive;

/* The prizes' names, in NightLive.prize order. */
extern const char *const night_prize_names[3];
/* Computes the live view of the night `name` into *live (calloc'd; free
 * with report_night_live_free).  Errors as report_night. */
int report_night_live_compute(Store *store, const char *name, NightLive **live, PnDiag *diag);
void report_night_live_free(NightLive *live);

struct ReportHtml;
/* GET /nights (html) and /api/nights (html NULL: JSON {"nights": [names]}):
 * the club nights stored, by name, each linked to its page. */
int report_nights(Store *store, const struct ReportHtml *html, FILE *out, PnDiag *diag);
/* /nights/NAME: the director's page drawn from the NightLive
 * (the tables in play with a link that starts or resumes each table's
 * game in the recorder, the standings, the prizes, the next round); tv:
 * the standings alone, large, for a screen across the room.  The page's
 * script reloads the live part every few seconds (app.js). */
int report_html_night(Store *store, const struct ReportHtml *html, const char *name, bool tv, FILE *out,
                      PnDiag *diag);

#endif
