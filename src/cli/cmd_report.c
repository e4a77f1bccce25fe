/*
 * cmd_report.c - `pinochle report DB REPORT ...`: parses the arguments,
 * finds REPORT in the reports' table (reports/report_registry.h) and runs
 * it into standard output or a file.  The usage line and --help are made
 * from the same table, so a new report is listed wherever reports are.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report_registry.h"
#include "store.h"

static void write_usage(FILE *out);
static void write_help(FILE *out);

/* `pinochle report`: summary and the help around the reports' own rows;
 * main.c's table lists this row. */
const CliCommand cmd_report_def = {
    .name = "report",
    .run = cmd_report,
    .summary = "Player statistics, score sheets and hand replays from the database",
    .write_usage = write_usage,
    .write_help = write_help,
};

/* The help between the list of reports and their sections. */
static const char formats_help[] =
    "Each prints as an aligned text table readable at 80 columns (a wide\n"
    "table is folded into blocks that repeat its first column) or, with\n"
    "--format, as CSV (RFC 4180, a header row) or JSON.  players, ratings,\n"
    "insights, game and hand also print as one self-contained HTML page (--format\n"
    "html: inline SVG diagrams and charts, no external reference;\n"
    "docs/WEB.md).\n"
    "\n";

/* The help after the reports' sections. */
static const char options_help[] =
    "Options:\n"
    "  --variant PRESET     only games of this preset\n"
    "  --since DATE         only games whose date tag is DATE (YYYY-MM-DD)\n"
    "                       or later\n"
    "  --until DATE         only games whose date tag is DATE or earlier (not\n"
    "                       before --since's DATE: that is a usage error)\n"
    "  --tag NAME=VALUE     only games with this tag row (e.g. club=north)\n"
    "  --min-hands N        leave out players (and partnerships) with fewer\n"
    "                       than N hands in the selection\n"
    "  --min-plays N        players: leave out players (and partnerships) with\n"
    "                       fewer than N analysed plays (pinochle analyze)\n"
    "  --history            ratings: the rating after each date, not the\n"
    "                       standings (text and CSV; JSON has both)\n"
    "  --format FORMAT      text (default), csv, json, or html (players,\n"
    "                       ratings, game and hand)\n"
    "  -o, --output FILE    write to FILE instead of standard output\n"
    "  -h, --help           show this help\n"
    "\n"
    "Examples:\n"
    "  pinochle report club.db players --variant partnership-auction \\\n"
    "      --since 2026-01-01 --min-hands 50\n"
    "  pinochle report club.db players --format csv -o players.csv\n"
    "  pinochle report club.db hands --tag club=north --format json\n"
    "  pinochle report club.db ratings --since 2026-01-01\n"
    "  pinochle report club.db ratings --history --format csv -o history.csv\n"
    "  pinochle report club.db insights --player Ann --format html -o ann.html\n"
  "  pinochle report club.db game club-2026-11-20-t3\n"
    "  pinochle report club.db hand club-2026-11-20-t3 4\n"
    "\n"
    "Exit codes:\n"
    "  0  success\n"
    "  2  usage error, no such game or hand, or a database or write error\n"
    "     (with -o, FILE is left as it was: written whole or not at all)\n";

enum { OPT_VARIANT = 256, OPT_SINCE, OPT_UNTIL, OPT_TAG, OPT_MIN_HANDS, OPT_FORMAT, OPT_HISTORY, OPT_MIN_PLAYS, OPT_PLAYER };

static const struct option report_options[] = {
    {"variant", required_argument, NULL, OPT_VARIANT},
    {"since", required_argument, NULL, OPT_SINCE},
    {"until", required_argument, NULL, OPT_UNTIL},
    {"tag", required_argument, NULL, OPT_TAG},
    {"min-hands", required_argument, NULL, OPT_MIN_HANDS},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"history", no_argument, NULL, OPT_HISTORY},
    {"min-plays", required_argument, NULL, OPT_MIN_PLAYS},
    {"player", required_argument, NULL, OPT_PLAYER},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* The selection options' line, after the names of the reports that take them. */
#define QUERY_USAGE                                                           \
  " [--variant PRESET]\n"                                                     \
  "                     [--since DATE] [--until DATE] [--tag NAME=VALUE]\n"   \
  "                     [--min-hands N] [--min-plays N] [--history]\n"     \
  "                     [--player NAME]\n"                                    \
  "                     [--format F] [-o FILE]"

static void write_usage(FILE *out) {
  fputs("pinochle report DB ", out);
  for (int i = 0, n = 0; report_def(i) != NULL; i++)
    if (report_def(i)->query) fprintf(out, "%s%s", n++ ? "|" : "", report_def(i)->name);
  fputs(QUERY_USAGE, out);
  for (int i = 0; report_def(i) != NULL; i++) {
    const ReportDef *r = report_def(i);
    if (!r->query)
      fprintf(out, "\n       pinochle report DB %s%s%s [--format F] [-o FILE]", r->name, r->args ? " " : "",
              r->args ? r->args : "");
  }
}

static void write_help(FILE *out) {
  int width = 0;
  for (int i = 0; report_def(i) != NULL; i++)
    if ((int)strlen(report_def(i)->name) > width) width = (int)strlen(report_def(i)->name);
  fputs("Reports on the games stored in DB (which is only read):\n\n", out);
  for (int i = 0; report_def(i) != NULL; i++) {
    fprintf(out, "  %-*s  ", width, report_def(i)->name);
    for (const char *p = report_def(i)->summary; *p; p++) {
      fputc(*p, out);
      if (*p == '\n') fprintf(out, "%*s", width + 4, ""); /* under the summary's first word */
    }
    fputc('\n', out);
  }
  fputs("\n", out);
  fputs(formats_help, out);
  for (int i = 0; report_def(i) != NULL; i++) fprintf(out, "%s\n", report_def(i)->help);
  fputs(options_help, out);
}

/* The names of the reports (those taking the selection only, if
 * query_only) as "a, b or c" (`last` is "or" or "and"); returns buf. */
static char *report_names(char *buf, size_t size, bool query_only, const char *last) {
  int n = 0, count = 0;
  for (int i = 0; report_def(i) != NULL; i++) count += !query_only || report_def(i)->query;
  buf[0] = '\0';
  for (int i = 0; report_def(i) != NULL; i++) {
    if (query_only && !report_def(i)->query) continue;
    size_t used = strlen(buf);
    const char *sep = n == 0 ? "" : n == count - 1 ? last : ", ";
    snprintf(buf + used, size - used, "%s%s", sep, report_def(i)->name);
    n++;
  }
  return buf;
}

/* What the command line asks for. */
typedef struct ReportArgs {
  ReportQuery q;           /* the selection */
  bool filters;            /* a selection option was given */
  OutFormat format;        /* --format */
  bool html;               /* --format html: the row's html page instead */
  const char *output;      /* -o, NULL = standard output */
  unsigned options;        /* REPORT_OPT_* given (a report's own options) */
  char *tag;               /* --tag's copy, split at '=' (q's tag strings); freed by the caller */
  const char *db;          /* DB */
  const ReportDef *report; /* the report named */
  char **args;             /* its positional arguments, borrowed from argv */
} ReportArgs;

/* YYYY-MM-DD with a plausible month and day. */
static bool is_date(const char *s) {
  if (strlen(s) != 10 || s[4] != '-' || s[7] != '-') return false;
  for (int i = 0; i < 10; i++)
    if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9')) return false;
  int month = (s[5] - '0') * 10 + (s[6] - '0'), day = (s[8] - '0') * 10 + (s[9] - '0');
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/* --tag NAME=VALUE into a->q; returns CLI_GO_ON to go on, else the exit code. */
static int parse_tag(const CliCommand *self, ReportArgs *a, const char *text) {
  const char *eq = strchr(text, '=');
  if (a->tag) return cli_usage_error(self, "--tag may be given once");
  if (!eq || eq == text) return cli_usage_error(self, "--tag takes NAME=VALUE, not '%s'", text);
  a->tag = malloc(strlen(text) + 1);
  if (!a->tag) {
    cli_error(self, "out of memory");
    return CLI_USAGE;
  }
  strcpy(a->tag, text);
  a->tag[eq - text] = '\0';
  a->q.tag_name = a->tag;
  a->q.tag_value = a->tag + (eq - text) + 1;
  return CLI_GO_ON;
}

/* The options into *a; returns CLI_GO_ON to go on, else the exit code (after
 * --help or a usage error). */
static int parse_options(const CliCommand *self, int argc, char **argv, ReportArgs *a) {
  int c, rc = CLI_GO_ON;
  cli_getopt_reset();
  while (rc < 0 && (c = cli_getopt(self, argc, argv, ":ho:", report_options)) != -1) {
    a->filters |= c == OPT_VARIANT || c == OPT_SINCE || c == OPT_UNTIL || c == OPT_TAG || c == OPT_MIN_HANDS;
    switch (c) {
    case OPT_VARIANT:
      if (pn_rules_preset(&(PnRules){0}, optarg) != 0)
        return cli_usage_error(self, "unknown variant '%s' (`pinochle rules` lists them)", optarg);
      a->q.variant = optarg;
      break;
    case OPT_SINCE:
    case OPT_UNTIL:
      if (!is_date(optarg))
        return cli_usage_error(self, "--%s takes a date YYYY-MM-DD, not '%s'", c == OPT_SINCE ? "since" : "until",
                               optarg);
      *(c == OPT_SINCE ? &a->q.since : &a->q.until) = optarg;
      break;
    case OPT_TAG: rc = parse_tag(self, a, optarg); break;
    case OPT_MIN_HANDS:
      if (!cli_parse_long(optarg, 0, 1000000000L, &a->q.min_hands))
        return cli_usage_error(self, "--min-hands takes a whole number, not '%s'", optarg);
      break;
    case OPT_FORMAT:
      if (cli_page_format(self, optarg, &a->format, &a->html) != CLI_OK) return CLI_USAGE;
      break;
    case OPT_HISTORY:
      a->q.history = true;
      a->options |= REPORT_OPT_HISTORY;
      break;
    case OPT_MIN_PLAYS:
      if (!cli_parse_long(optarg, 0, 1000000000L, &a->q.min_plays))
        return cli_usage_error(self, "--min-plays takes a whole number, not '%s'", optarg);
      a->options |= REPORT_OPT_MIN_PLAYS;
      break;
    case OPT_PLAYER:
      if (!*optarg) return cli_usage_error(self, "--player takes a player's name");
      a->q.player = optarg;
      a->options |= REPORT_OPT_PLAYER;
      break;
    case 'o': a->output = optarg; break;
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  return rc;
}

/* DB, the report and its arguments, checked against the report's row;
 * returns CLI_GO_ON to go on, else the exit code. */
static int parse_positional(const CliCommand *self, int npos, char **pos, ReportArgs *a) {
  char names[256];
  if (npos < 1) return cli_usage_error(self, "missing DB");
  if (npos < 2) return cli_usage_error(self, "missing the report: %s", report_names(names, sizeof names, false, " or "));
  const ReportDef *r = a->report = report_find(pos[1]);
  if (r == NULL)
    return cli_usage_error(self, "unknown report '%s' (%s)", pos[1], report_names(names, sizeof names, false, " or "));
  a->db = pos[0];
  a->args = pos + 2;
  if (npos - 2 < r->nargs) return cli_usage_error(self, "report %s needs %s", r->name, r->needs);
  if (npos - 2 > r->nargs) return cli_usage_error(self, "unexpected argument '%s'", pos[2 + r->nargs]);
  if (a->q.since && a->q.until && strcmp(a->q.since, a->q.until) > 0) /* YYYY-MM-DD sorts as text */
    return cli_usage_error(self, "--since %s is after --until %s: no game could match", a->q.since, a->q.until);
  if (!r->query && a->filters)
    return cli_usage_error(self, "--variant, --since, --until, --tag and --min-hands are for %s",
                           report_names(names, sizeof names, true, " and "));
  if ((a->options & REPORT_OPT_HISTORY) && !(r->options & REPORT_OPT_HISTORY))
    return cli_usage_error(self, "--history is for ratings");
  if ((a->options & REPORT_OPT_MIN_PLAYS) && !(r->options & REPORT_OPT_MIN_PLAYS))
    return cli_usage_error(self, "--min-plays is for players");
  if ((a->options & REPORT_OPT_PLAYER) && !(r->options & REPORT_OPT_PLAYER))
    return cli_usage_error(self, "--player is for insights");
  if (a->html ? !r->html : !(r->formats & REPORT_FORMAT(a->format)))
    return cli_usage_error(self, "report %s has no %s format", r->name,
                           a->html ? "html" : a->format == OUT_CSV ? "csv" : a->format == OUT_JSON ? "json" : "text");
  PnDiag diag = {0};
  if (r->check && r->check((const char *const *)a->args, &diag) != 0) return cli_usage_error(self, "%s", diag.msg);
  return CLI_GO_ON;
}

/* Opens the store and the output and runs the report; the exit code. */
static int run(const CliCommand *self, const ReportArgs *a) {
  if (cli_output_check(self, a->output, a->db) != CLI_GO_ON) return CLI_USAGE;
  PnDiag diag = {0};
  Store *store = NULL;
  if (store_open(a->db, STORE_READONLY | STORE_MUST_EXIST, &store, &diag) != 0) {
    cli_error(self, "%s", diag.msg); /* it names the database (a URI without its password) */
    return CLI_USAGE;
  }
  OutFile *out = cli_output_open(self, a->output);
  int rc = CLI_USAGE;
  if (out) {
    int got = (a->html ? a->report->html : a->report->run)(store, &a->q, (const char *const *)a->args, a->format,
                                                          out_file_stream(out), &diag);
    char shown[256]; /* a URI's password is never printed */
    store_name_shown(a->db, shown, sizeof shown);
    if (got != 0) cli_error(self, "%s: %s", shown, diag.msg);
    if (cli_output_close(self, out, got == 0)) rc = CLI_OK; /* kept only when whole */
    if (rc == CLI_OK && diag.msg[0]) cli_error(self, "note: %s", diag.msg); /* a report's note, not an error */
  }
  store_close(store);
  return rc;
}

int cmd_report(const CliCommand *self, int argc, char **argv) {
  ReportArgs a = {.format = OUT_TEXT};
  int rc = parse_options(self, argc, argv, &a);
  if (rc < 0) rc = parse_positional(self, argc - optind, argv + optind, &a);
  if (rc < 0) rc = run(self, &a);
  free(a.tag);
  return rc;
}
