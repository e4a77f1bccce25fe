/*
 * cli.h - what the pinochle commands share: the command table's row, exit
 * codes, and the helpers that print diagnostics and help.
 *
 * Only src/cli prints or exits.  Data goes to stdout, diagnostics to
 * stderr as "pinochle: ...".  A handler returns its exit code; main()
 * returns it.
 */
#ifndef PN_CLI_H
#define PN_CLI_H

#include <stdio.h>

#include "out_file.h"
#include "pinochle.h"
#include "writer.h"

/* Exit codes, the same for every command. */
enum {
  CLI_OK = 0,        /* done, nothing to report */
  CLI_FINDINGS = 1,  /* done, and the input has findings (audit, check) */
  CLI_USAGE = 2      /* bad usage or bad input: nothing was done */
};

/* Not an exit code: what one step of a handler (parse the options, open
 * the database, ...) returns when the next step is to run; any other
 * value is the exit code the handler returns at once.  Negative, so
 * `if (rc < 0) rc = next_step(...)` chains the steps. */
enum { CLI_GO_ON = -1 };

typedef struct CliCommand CliCommand;

/* A command's handler.  argv[0] is the command's name and argv[argc] is
 * NULL, as for main(); returns the exit code. */
typedef int CliHandler(const CliCommand *self, int argc, char **argv);

/* One row of the command table (main.c lists the rows; each cmd_X.c
 * defines its own, cmd_X_def). */
struct CliCommand {
  const char *name;          /* "meld" */
  CliHandler *run;           /* the handler */
  const char *usage;         /* usage line(s) after "usage: ", no newline */
  const char *summary;       /* one line for `pinochle --help` */
  const char *help;          /* long help: options, examples, exit codes */
  /* NULL, or writes the usage (or the long help) in place of the string
   * above: for a command whose text lists a table of its own (report's
   * reports), so the text cannot drift from that table. */
  void (*write_usage)(FILE *out);
  void (*write_help)(FILE *out);
};

/* The table, in the order `pinochle --help` lists it; NULL past the end. */
const CliCommand *cli_command(int index);
/* The row named `name`, or NULL. */
const CliCommand *cli_find(const char *name);

/* Prints "pinochle: [cmd: ]message\n" to stderr.  cmd may be NULL. */
void cli_error(const CliCommand *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* cli_error, then the usage line and a pointer to --help; returns
 * CLI_USAGE so a handler can `return cli_usage_error(...)`. */
int cli_usage_error(const CliCommand *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The one operand after the options, DB (argv[optind]), for a command
 * that takes nothing else; NULL after the usage error ("missing DB",
 * "unexpected argument 'X'"): the handler returns CLI_USAGE. */
const char *cli_db_operand(const CliCommand *cmd, int argc, char **argv);

/* An option's value as a whole number in [min, max] into *out: false (and
 * *out untouched) for anything else, the caller saying what it takes. */
bool cli_parse_long(const char *text, long min, long max, long *out);

/* --format of a command that also draws a page: text, csv or json into
 * *format, html setting *html.  CLI_OK, or CLI_USAGE after the usage error. */
int cli_page_format(const CliCommand *cmd, const char *text, OutFormat *format, bool *html);

/* -o FILE for a command's data (NULL: standard output), written whole or
 * not at all (out_file.h: a temporary file renamed over FILE at the
 * commit).  Returns NULL, with "FILE: cannot write: why" said, when it
 * cannot be opened. */
OutFile *cli_output_open(const CliCommand *cmd, const char *path);
/* keep: commits what cli_output_open gave (false, with "FILE: write
 * error: why" said, when not all of it reached FILE); !keep: discards it
 * (FILE stays as it was) and returns false.  NULL: returns keep. */
bool cli_output_close(const CliCommand *cmd, OutFile *out, bool keep);
/* Before anything is opened: CLI_GO_ON, or CLI_USAGE after saying that
 * -o FILE is the database DB itself (or its -wal, -shm, -journal). */
int cli_output_check(const CliCommand *cmd, const char *path, const char *db);
/* For main(): SIGINT, SIGTERM and SIGHUP remove the files registered with
 * pn_cleanup (a partial output, a new database) and end the command with
 * a message, exit 130 (SIGINT) or 2; SIGXFSZ is ignored, so a file-size
 * limit is a write error ("File too large") and not a silent death. */
void cli_signals_install(void);
/* The whole help of a command (usage, summary, long help) to `out`. */
void cli_print_help(FILE *out, const CliCommand *cmd);
/* The usage line(s) alone, no final newline. */
void cli_print_usage(FILE *out, const CliCommand *cmd);

/*
 * getopt_long for a command: resets getopt, keeps it quiet, and turns an
 * unknown option or a missing argument into a usage error.  `shortopts`
 * must start with ':'.  Returns the option, -1 at the end, or '?' after
 * it has reported a usage error (the handler returns CLI_USAGE).
 */
struct option;
int cli_getopt(const CliCommand *cmd, int argc, char **argv, const char *shortopts,
               const struct option *longopts);
/* Call once before the first cli_getopt of a command. */
void cli_getopt_reset(void);

/* Collected `--option name=value` arguments, applied after the preset. */
#define CLI_MAX_OPTIONS 32
typedef struct CliOptions {
  int n;                               /* options collected */
  const char *text[CLI_MAX_OPTIONS];   /* borrowed from argv */
} CliOptions;

/* Adds one --option argument; returns 0, or CLI_USAGE after reporting. */
int cli_options_add(const CliCommand *cmd, CliOptions *opts, const char *text);
/* Fills *rules from `variant` and applies opts in order.  Returns 0, or
 * CLI_USAGE after reporting an unknown variant or a bad option. */
int cli_rules_load(const CliCommand *cmd, PnRules *rules, const char *variant,
                   const CliOptions *opts);

/* Every command's exit codes, for `pinochle --help`.  A command's own
 * help lists only the codes it can return: audit and check spell theirs
 * out; help, meld, rules and sim never find anything (never exit 1). */
#define CLI_EXIT_CODES                                                       \
  "Exit codes:\n"                                                            \
  "  0  success\n"                                                           \
  "  1  findings reported (commands that audit input)\n"                     \
  "  2  usage error or bad input; nothing was done\n"
#define CLI_EXIT_CODES_NO_FINDINGS                                           \
  "Exit codes:\n"                                                            \
  "  0  success\n"                                                           \
  "  2  usage error or bad input; nothing was done\n"

/* The rows of the command table, each defined in its cmd_*.c file next to
 * its handler (help: main.c); main.c lists them in --help's order. */
extern const CliCommand cmd_help_def, cmd_init_def, cmd_import_def, cmd_export_def, cmd_report_def,
    cmd_record_def, cmd_audit_def, cmd_analyze_def, cmd_sim_def, cmd_check_def, cmd_serve_def,
    cmd_copy_def, cmd_meld_def, cmd_rules_def, cmd_night_def, cmd_review_def;

/* Command handlers, one per cmd_*.c file. */
int cmd_help(const CliCommand *self, int argc, char **argv);
int cmd_init(const CliCommand *self, int argc, char **argv);
int cmd_import(const CliCommand *self, int argc, char **argv);
int cmd_export(const CliCommand *self, int argc, char **argv);
int cmd_meld(const CliCommand *self, int argc, char **argv);
int cmd_report(const CliCommand *self, int argc, char **argv);
int cmd_rules(const CliCommand *self, int argc, char **argv);
int cmd_sim(const CliCommand *self, int argc, char **argv);
int cmd_audit(const CliCommand *self, int argc, char **argv);
int cmd_record(const CliCommand *self, int argc, char **argv);
int cmd_check(const CliCommand *self, int argc, char **argv);
int cmd_analyze(const CliCommand *self, int argc, char **argv);
int cmd_review(const CliCommand *self, int argc, char **argv);
int cmd_serve(const CliCommand *self, int argc, char **argv);
int cmd_copy(const CliCommand *self, int argc, char **argv);
int cmd_night(const CliCommand *self, int argc, char **argv);

#endif
