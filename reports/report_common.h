/*
 * report_common.h - what the reports share: the query that selects games,
 * tables that print as text (folded to fit 80 columns), CSV or JSON, the
 * text helpers (display width, clipping, wrapping) and the sides of a
 * preset, and the roster of the players and partnerships met with the
 * seating of a game in it.
 *
 * A report entry point (report_players.h, report_game.h, report_hand.h,
 * report_hands.h) reads the store through a StoreCursor only, writes to
 * the caller's FILE, and returns 0, or a negative code with diag->msg
 * filled (REPORT_NOT_FOUND when the game or hand asked for is not there).
 * Nothing here prints to stderr or exits.
 */
#ifndef PN_REPORT_COMMON_H
#define PN_REPORT_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pinochle.h"
#include "pn_err.h"
#include "pn_set.h"
#include "store.h"
#include "writer.h"

#define REPORT_WIDTH 80 /* text output fits this many columns */

/* pn_err.h's codes under the reports' names. */
enum {
  REPORT_ERROR = PN_ERR_IO,          /* the store failed, or out of memory: diag says */
  REPORT_CORRUPT = PN_ERR_CORRUPT,   /* stored bytes that do not decode (= STORE_CORRUPT) */
  REPORT_NOT_FOUND = PN_ERR_NOT_FOUND /* no such game, or no such hand in it */
};

/* Which games the players and hands reports take; NULL/0 = no limit.
 * Strings are borrowed for the call. */
typedef struct ReportQuery {
  const char *variant;                /* preset name */
  const char *player;                 /* games this player sat in (the store's filter); insights:
                                         whose bids are set beside the club's (its filter clears it) */
  const char *since, *until;          /* the game's date tag, YYYY-MM-DD, inclusive */
  const char *tag_name, *tag_value;   /* a tag row name=value the game must have */
  long min_hands;                     /* leave out players with fewer hands */
  long min_plays;                     /* players: leave the play-accuracy cells of rows with fewer
                                         analysed plays empty (0 = no limit) */
  bool history;                       /* ratings: the rating after each period instead of the standings */
} ReportQuery;

/* The store filter for a query (strings stay borrowed from q). */
void report_query_filter(const ReportQuery *q, StoreFilter *filter);

/* ---------------------------------------------------------------- tables */

typedef enum {
  REPORT_STR, /* text: left-aligned; JSON string */
  REPORT_INT, /* whole number: right-aligned; JSON number, null when empty */
  REPORT_DEC  /* decimal number: the same */
} ReportKind;

typedef enum {
  REPORT_ALL,       /* in every format */
  REPORT_DATA_ONLY, /* CSV and JSON only */
  REPORT_TEXT_ONLY, /* text only (a compact form of data columns) */
  REPORT_HIDDEN     /* in no format (a placeholder) */
} ReportShow;

typedef struct ReportColumn {
  const char *key;   /* CSV header and JSON key */
  const char *title; /* text header (short) */
  ReportKind kind;   /* how the cell prints */
  ReportShow show;   /* which formats carry it */
} ReportColumn;

/* Rows of text cells kept until printed.  Empty numeric cells print as
 * "-" in text, empty in CSV and null in JSON. */
typedef struct ReportTable ReportTable;

/* cols is borrowed for the table's life; the first nkey columns are
 * repeated in every block of a folded text table.  Returns NULL when out
 * of memory; caller frees with report_table_free. */
ReportTable *report_table_new(const ReportColumn *cols, int ncols, int nkey);
void report_table_free(ReportTable *table);
/* Keeps columns first..first+count-1 in one block when the text table is
 * folded (e.g. one side's meld, counters, score and total); returns 0 or
 * -1 (memory). */
int report_table_keep(ReportTable *table, int first, int count);
/* Copies one row of ncols cells (NULL = empty); returns 0 or -1 (memory). */
int report_table_add(ReportTable *table, const char *const *cells);
size_t report_table_rows(const ReportTable *table);
/* One cell (row < rows, col < ncols), borrowed until the table changes. */
const char *report_table_cell(const ReportTable *table, size_t row, int col);
/* Replaces one cell (row < rows, col < ncols); returns 0 or -1 (memory). */
int report_table_set(ReportTable *table, size_t row, int col, const char *cell);
/* Aligned text, folded into blocks no wider than `width` (each block
 * repeats the key columns), a blank line between blocks.  Returns 0 or -1
 * (memory). */
int report_table_text(const ReportTable *table, FILE *out, int width);
/* CSV rows (the header first when `header`); with lead_key set, a first
 * column of that name holding lead_value in every row. */
void report_table_csv(const ReportTable *table, FILE *out, bool header, const char *lead_key,
                      const char *lead_value);
/* A JSON array of objects, one per line, each line starting with indent. */
void report_table_json(const ReportTable *table, FILE *out, const char *indent);

/* ------------------------------------------------------------- helpers */

/* Copies src into dst (size bytes), cut to max_width columns on a code
 * point boundary, with "…" marking a cut; returns dst. */
char *report_clip(char *dst, size_t size, const char *src, size_t max_width);
/* report_clip, then spaces up to exactly width columns; returns dst. */
char *report_pad(char *dst, size_t size, const char *src, size_t width);
/* Writes text word-wrapped to width columns: the first line starts with
 * `first`, the others with `rest` (both counted in the width). */
void report_wrap(FILE *out, const char *first, const char *rest, const char *text, int width);
/* A JSON value: a string for REPORT_STR, the number or null otherwise. */
void report_json_value(FILE *out, ReportKind kind, const char *cell);
/* "\"key\": " */
void report_json_key(FILE *out, const char *key);

/* num / den * scale with one decimal, or "" when den is 0; returns buf. */
char *report_ratio(char *buf, size_t size, double num, long den, double scale);
/* A whole number as text; returns buf. */
char *report_int(char *buf, size_t size, long value);

/* The suit letter of a trump, or "" for none (-1); returns buf[2]. */
const char *report_trump(int trump, char buf[2]);

/* How a game's seats form the columns of a score sheet: two sides in
 * partnership presets (seats 1+3, 2+4), otherwise one per seat. */
typedef struct ReportSides {
  PnSides sides;                     /* the preset's sides */
  int players;                       /* seats */
  int units;                         /* columns: 2 for teams, else players */
  char name[PN_MAX_SEATS][160];      /* "Ann & Cal", or the seat's player */
} ReportSides;

/* Fills *sides for a game with these rules and players (by seat). */
void report_sides(ReportSides *sides, const PnRules *rules, const char *const *players);
/* The side column of a seat in a hand: the team (1 = seats 1 and 3, 2 =
 * seats 2 and 4) in partnership presets, the seat in solo presets, and in
 * five-call 1 for the bidder and partner, 2 for the others. */
int report_side_number(const PnRules *rules, const PnHandResult *hand, int seat);
/* The winning side's seats of a stored game (StoreRow.winners), seat s
 * as bit s-1, within its players; a row with only a winner seat (written
 * without them) has that seat's fixed team, or the seat; 0 when it has
 * no winner. */
unsigned report_winners(const StoreRow *row);

/* Says row's events do not decode ("game K hand N: a stored event does
 * not decode"); returns REPORT_CORRUPT. */
int report_events_corrupt(const StoreRow *row, PnDiag *diag);
/* The sheet units (0-based columns of *sides) the seats of `winners`
 * sit in, each once, in order; returns how many. */
int report_winner_units(const ReportSides *sides, unsigned winners, int units[PN_MAX_SEATS]);
/* Those units' names joined by " & " ("Eve & Cal" when five-call's
 * bidder and partner win; one team's or seat's name alone); returns buf. */
char *report_winners_name(const ReportSides *sides, unsigned winners, char *buf, size_t size);
/* "A & B" with the two names in byte order (a stable order whatever the
 * seats); returns buf. */
char *report_pair_name(char *buf, size_t size, const char *a, const char *b);
/* The value of the first tag `name` ("date") among tags[0..ntags)
 * ("name=value" each), or "" when absent; returns buf. */
const char *report_tag(const char *const *tags, int ntags, const char *name, char *buf, size_t size);

/* ---------------------------------------------------------------- roster */

/* The players (or partnerships) a report meets, numbered in the order
 * first seen, each with the report's own item of item_size bytes (its
 * figures).  An entry is (a, b): a player id and 0, or a partnership's two
 * ids with a < b.  Set up with report_roster_init; the holder frees it
 * with report_roster_free.  Numbers stay valid for the roster's life;
 * item pointers only until the next report_roster_get. */
typedef struct ReportRoster {
  PnSet ids;                   /* (a, b) as 16 bytes, numbered as the entries */
  char **names;                /* by number: the player's name or "A & B"; owned */
  unsigned char *items;        /* by number, item_size bytes each; owned */
  size_t item_size;            /* the report's item */
  void (*init)(void *item);    /* sets up a new (zeroed) item; NULL = zeroed is right */
  size_t n;                    /* entries */
  size_t names_cap, items_cap; /* room in names[] and items[] (in entries) */
} ReportRoster;

/* An empty roster whose entries carry item_size bytes each, zeroed and
 * then given to init (when not NULL) when an entry is new. */
void report_roster_init(ReportRoster *roster, size_t item_size, void (*init)(void *item));
/* The number of (a, b), added with a copy of `name` when new; -1 when out
 * of memory (the roster unchanged). */
long report_roster_get(ReportRoster *roster, int64_t a, int64_t b, const char *name);
void report_roster_free(ReportRoster *roster);
/* The item of entry i (i < n), borrowed until the roster grows. */
static inline void *report_roster_item(const ReportRoster *roster, size_t i) {
  return roster->items + i * roster->item_size;
}

/* A game's seats resolved to roster numbers. */
typedef struct ReportSeating {
  PnRules rules;               /* the stored preset's */
  int players;                 /* seats */
  bool teams;                  /* fixed partnerships 1+3, 2+4 */
  long seat[PN_MAX_SEATS];     /* the players roster's number by seat-1 */
  long pair[2];                /* teams: the pairs roster's number of seats 1+3 and 2+4 */
} ReportSeating;

/* Resolves the seats of row (a game's first row) into *seating, adding
 * the players (and in a partnership game the two partnerships, named by
 * report_pair_name) to the rosters when new.  Returns 0, REPORT_CORRUPT
 * (a stored variant not known, or not with its players) or REPORT_ERROR
 * (memory), with diag->msg filled. */
int report_seating(const StoreRow *row, ReportRoster *players, ReportRoster *pairs, ReportSeating *seating,
                   PnDiag *diag);

/* "title", then the table as text; only "title: none" when it has no
 * rows (none: e.g. "none in the selection").  Returns 0 or -1 (memory). */
int report_titled_text(FILE *out, const char *title, const char *none, const ReportTable *table);
/* The players and partnerships tables of a report in one format: CSV
 * rows with a first column kind (player, partnership); a JSON object of
 * the two arrays ("players", "partnerships"), then `more` under more_key
 * when more is not NULL; text, each under its title (report_titled_text
 * with none), the partnerships only when any_teams.  Tables borrowed;
 * returns 0 or -1 (memory). */
int report_roster_tables(FILE *out, OutFormat format, const ReportTable *players, const ReportTable *pairs,
                         bool any_teams, const char *none, const char *more_key, const ReportTable *more);

#endif
