/*
 * audit.h - `pinochle audit`'s work: replay the selected games
 * (replay_run), write each finding the director asked for (text, CSV or
 * JSON), record the run and its findings in the database, and fix stale
 * stored results on request.  The command (src/cli/cmd_audit.c) parses
 * its arguments, opens the store and the output, and calls audit_run.
 *
 * The audit's CSV is a report, not an event log: its cells go through
 * the writer's formula-safe out_csv_cells (a detail or name starting with
 * '=' is not run by a spreadsheet).  Nothing here prints to stderr
 * except through the caller's progress callback.
 */
#ifndef PN_AUDIT_H
#define PN_AUDIT_H

#include <stdbool.h>
#include <stdio.h>

#include "pn_err.h"
#include "replay.h"
#include "store.h"
#include "writer.h"

/* pn_err.h's codes under the audit's names. */
enum {
  AUDIT_ERROR = PN_ERR_IO,           /* the store or the replay failed: diag says */
  AUDIT_NOT_FOUND = PN_ERR_NOT_FOUND, /* a --game key or the --player is not in the database */
  AUDIT_WRITE = PN_ERR_WRITE          /* out has its error flag set: the caller says why */
};

typedef struct AuditOptions {
  const StoreFilter *filter; /* the games to replay (whole games: its hand is ignored) */
  int only_hand;             /* report only this hand, 0 = all */
  const char *player;        /* report only this player's findings (any case), NULL = all */
  OutFormat format;          /* how findings are written */
  bool record;               /* record the run and its findings in the database */
  bool fix;                  /* rewrite stale stored results with the replay's */
  /* NULL, or called after each batch of hands (a few hundred). */
  void (*progress)(void *ctx, const ReplayRunStats *stats);
  void *ctx;                 /* passed to progress */
} AuditOptions;

typedef struct AuditStats {
  long games, hands;    /* replayed */
  long findings;        /* reported (after --hand and --player) */
  long fixed;           /* hands whose stored results were fixed */
} AuditStats;

/* Checks that every key of the filter and the player (may be NULL) are in
 * the database, so that a mistyped one is an error, not a clean audit.
 * Returns 0, AUDIT_NOT_FOUND with diag->msg naming what is missing, or
 * AUDIT_ERROR. */
int audit_check_selection(Store *store, const StoreFilter *filter, const char *player, PnDiag *diag);

/*
 * Replays the games opts->filter selects and writes each reported finding
 * to out in opts->format (text: a sentence a line; CSV: a header and a row
 * per finding; JSON: one object with the findings and the counts).  With
 * opts->record or opts->fix it works in one transaction of the store (the
 * store must be writable), recording the run (rules version, counts) and
 * each reported finding; on failure it rolls back, so nothing is recorded
 * or fixed.  The findings are flushed before the commit: a write error
 * (AUDIT_WRITE) records nothing.  *stats gets the counts.  Returns 0,
 * AUDIT_WRITE, or AUDIT_ERROR with diag.
 */
int audit_run(Store *store, const AuditOptions *opts, FILE *out, AuditStats *stats, PnDiag *diag);

#endif
