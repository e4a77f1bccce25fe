/*
 * export.h - the store back to the event log (EVENT-LOG.md), and the row
 * writer the tests and other writers of event logs share.
 *
 * Output is canonical, so that import -> export -> import -> export gives
 * the same bytes: LF line ends; a field is quoted only when it must be
 * (a comma, a quote, a CR or LF, a leading or trailing space or tab, or
 * a '#' starting the first field, which would read as a comment); seq
 * numbered 1..n in the header and in each hand; a seat written only when
 * there is one; cards as canonical two-letter tokens in the logged order;
 * values in the codec's canonical text.
 */
#ifndef PN_EXPORT_H
#define PN_EXPORT_H

#include <stdio.h>

#include "pinochle.h"
#include "pn_err.h"
#include "store.h"

/* Return codes of export_games: pn_err.h's codes under export's names. */
enum {
  EXPORT_NOT_FOUND = PN_ERR_NOT_FOUND, /* a --game key that is not stored (diag says which) */
  EXPORT_STORE = PN_ERR_IO,            /* the database failed */
  EXPORT_CORRUPT = PN_ERR_CORRUPT,     /* stored bytes that do not decode */
  EXPORT_WRITE = PN_ERR_WRITE          /* the output could not be written */
};

/* Writes the header row game,hand,seq,seat,action,cards,value. */
int export_header(FILE *out);
/* Writes one row of seven fields (NULL = empty), quoted as above (the
 * writer's out_csv_row: one quoting rule for every CSV the tool writes).
 * Returns 0, or EXPORT_WRITE (ferror(out)). */
int export_row(FILE *out, const char *const field[7]);

/* The event log's row writer for a stream of rows (export, sim): rows
 * formatted into one buffer and written with one fwrite, since a million
 * simulated hands are some 65 million rows and a printf per field would
 * dominate the run.  Quoting is export_row's: the key once per game, the
 * value where it must be; numbers, actions and cards never need it. */
typedef struct ExportWriter {
  FILE *out;          /* borrowed */
  char *prefix;       /* the game key as a CSV field and its comma (owned) */
  size_t prefix_len;
  int hand;           /* current hand (0: the header) */
  long seq;           /* last row's seq in it */
} ExportWriter;

/* Starts game `key` at hand 0 on out.  Returns 0, or PN_ERR_IO. */
int export_writer_game(ExportWriter *w, FILE *out, const char *key);
/* Starts hand `hand`: its rows number from 1. */
void export_writer_hand(ExportWriter *w, int hand);
/* One row (seat 0: none; value NULL: empty).  Returns 0, or
 * EXPORT_WRITE. */
int export_writer_row(ExportWriter *w, int seat, const char *action, const PnCard *cards, int ncards,
                      const char *value);
/* One event's row (its value in the codec's canonical text). */
int export_writer_event(ExportWriter *w, const PnEvent *ev);
/* Frees what the writer owns. */
void export_writer_end(ExportWriter *w);

/* Writes a hand's events (codec encoding) as rows game,hand,1..n,...
 * A dix row stored without its card (by an importer before the card was
 * filled in) is written with it: the dix of the turned-up card's suit,
 * rank pn_dix_rank(deck) (the game's deck; pass -1 for a preset without
 * a dix).  Returns the rows written, or EXPORT_CORRUPT / EXPORT_WRITE. */
long export_hand_rows(FILE *out, const char *key, int hand, int dix_rank, const uint8_t *events, size_t len);

typedef struct ExportOptions {
  int nkeys;                   /* games to write; 0 = every game */
  const char *const *keys;     /* borrowed for the call */
} ExportOptions;

typedef struct ExportStats {
  long games;                  /* games written */
  long hands;                  /* hands written */
  long rows;                   /* data rows written */
} ExportStats;

/* Writes the header row, then the selected games in the order they were
 * stored, streaming through a store cursor.  Every --game key is looked
 * up first: an unknown key writes nothing and returns EXPORT_NOT_FOUND.
 * Returns 0, or a negative code with diag filled (msg; file/line unset). */
int export_games(Store *store, const ExportOptions *opts, FILE *out, ExportStats *stats, PnDiag *diag);

#endif
