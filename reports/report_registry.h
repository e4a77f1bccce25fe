/*
 * report_registry.h - the reports `pinochle report` runs, one row each:
 * name, positional arguments, whether the selection options apply, the
 * formats, the run function, the fixed columns and the help.  The command
 * (src/cli/cmd_report.c) parses its arguments, finds the row and calls
 * its run function; its usage line and --help are made from the rows, so
 * adding a report is one new file and one row (report_registry.c).
 */
#ifndef PN_REPORT_REGISTRY_H
#define PN_REPORT_REGISTRY_H

#include <stdbool.h>
#include <stdio.h>

#include "report_common.h"

enum {
  REPORT_USAGE = PN_ERR_USAGE /* the report's arguments are wrong: diag->msg says how (pn_err.h) */
};

/* The options only some reports take (ReportDef.options). */
enum {
  REPORT_OPT_HISTORY = 1,   /* --history (ReportQuery.history) */
  REPORT_OPT_MIN_PLAYS = 2, /* --min-plays N (ReportQuery.min_plays) */
  REPORT_OPT_PLAYER = 4     /* --player NAME (ReportQuery.player) */
};

/* The bit of a format in ReportDef.formats. */
#define REPORT_FORMAT(format) (1u << (format))

/* Runs a report: args holds the row's nargs positional arguments (after
 * the report's name, checked by the row's check), q the selection (all
 * NULL/0 unless the row takes it).  Returns 0 (diag->msg "", or a note
 * the command shows on stderr), or a REPORT_* code with diag->msg
 * (REPORT_NOT_FOUND: no such game or hand). */
typedef int ReportRun(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                      PnDiag *diag);

typedef struct ReportDef {
  const char *name;        /* "players": the word after DB */
  const char *args;        /* its positional arguments for the usage line ("KEY N"), NULL = none */
  int nargs;               /* how many */
  const char *needs;       /* what is missing when they are not given ("a game KEY") */
  bool query;              /* takes --variant, --since, --until, --tag, --min-hands */
  unsigned formats;        /* REPORT_FORMAT(OUT_TEXT) | ...: the formats it writes */
  unsigned options;        /* REPORT_OPT_*: the report's own options it takes */
  /* NULL, or checks the arguments before the store opens: 0 or REPORT_USAGE with diag. */
  int (*check)(const char *const *args, PnDiag *diag);
  ReportRun *run;          /* writes the report */
  ReportRun *html;         /* writes it as one self-contained HTML page (--format html), NULL = none */
  const ReportColumn *columns; /* its columns when fixed (CSV header, JSON keys), NULL when they depend on the game */
  int ncolumns;            /* how many */
  const char *summary;     /* what it is, for --help's list: lines without indent, no final newline */
  const char *help;        /* its section of --help (columns, layout), lines ending in newline */
} ReportDef;

/* The reports in --help's order; NULL past the end. */
const ReportDef *report_def(int index);
/* The report named `name`, or NULL. */
const ReportDef *report_find(const char *name);

#endif
