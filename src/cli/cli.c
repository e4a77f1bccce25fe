/*
 * cli.c - helpers every command uses: diagnostics, help, option parsing,
 * JSON strings, and loading a preset with --option overrides.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "pn_cleanup.h"

static void verror(const CliCommand *cmd, const char *fmt, va_list ap) {
  fputs("pinochle: ", stderr);
  if (cmd != NULL)
    fprintf(stderr, "%s: ", cmd->name);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
}

void cli_error(const CliCommand *cmd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verror(cmd, fmt, ap);
  va_end(ap);
}

int cli_usage_error(const CliCommand *cmd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verror(cmd, fmt, ap);
  va_end(ap);
  if (cmd != NULL) {
    fputs("usage: ", stderr);
    cli_print_usage(stderr, cmd);
    fprintf(stderr, "\nTry 'pinochle %s --help'.\n", cmd->name);
  } else
    fputs("Try 'pinochle --help'.\n", stderr);
  return CLI_USAGE;
}

const char *cli_db_operand(const CliCommand *cmd, int argc, char **argv) {
  if (argc - optind < 1) {
    cli_usage_error(cmd, "missing DB");
    return NULL;
  }
  if (argc - optind > 1) {
    cli_usage_error(cmd, "unexpected argument '%s'", argv[optind + 1]);
    return NULL;
  }
  return argv[optind];
}

void cli_print_usage(FILE *out, const CliCommand *cmd) {
  if (cmd->write_usage) cmd->write_usage(out);
  else fputs(cmd->usage, out);
}

void cli_print_help(FILE *out, const CliCommand *cmd) {
  fputs("usage: ", out);
  cli_print_usage(out, cmd);
  fprintf(out, "\n\n%s.\n\n", cmd->summary);
  if (cmd->write_help) cmd->write_help(out);
  else fputs(cmd->help, out);
}

OutFile *cli_output_open(const CliCommand *cmd, const char *path) {
  OutFile *out = NULL;
  PnDiag diag = {0};
  if (out_file_open(path, &out, &diag) != 0) cli_error(cmd, "%s", diag.msg);
  return out;
}

bool cli_output_close(const CliCommand *cmd, OutFile *out, bool keep) {
  PnDiag diag = {0};
  if (out == NULL) return keep;
  if (!keep) {
    out_file_discard(out);
    return false;
  }
  if (out_file_commit(out, &diag) == 0) return true;
  cli_error(cmd, "%s", diag.msg);
  return false;
}

int cli_output_check(const CliCommand *cmd, const char *path, const char *db) {
  PnDiag diag = {0};
  if (out_file_check_not_db(path, db, &diag) == 0) return CLI_GO_ON;
  cli_error(cmd, "%s", diag.msg);
  return CLI_USAGE;
}

/* The handler of SIGINT, SIGTERM and SIGHUP.  It removes what pn_cleanup
 * holds (a temporary output file, a database this command created and has
 * not committed to) and ends the process with _exit(): it calls only
 * async-signal-safe functions (unlink, open, fcntl, close, write, _exit)
 * and reads only what pn_cleanup_add finished writing.  The other
 * way, a flag that the command's loops check, would have to reach every
 * loop that can run long (the CSV reader, the replay and solver threads,
 * a read blocked on standard input) and would still leave a command that
 * ignores it running; an existing database needs nothing from the
 * handler, since SQLite rolls back the interrupted transaction at the
 * next open, as after a crash. */
static void on_fatal_signal(int sig) {
  static const char interrupted[] = "pinochle: interrupted (SIGINT): stopped; nothing unfinished kept\n";
  static const char terminated[] = "pinochle: terminated (SIGTERM): stopped; nothing unfinished kept\n";
  static const char hangup[] = "pinochle: hung up (SIGHUP): stopped; nothing unfinished kept\n";
  pn_cleanup_run();
  const char *msg = sig == SIGINT ? interrupted : sig == SIGTERM ? terminated : hangup;
  size_t len = sig == SIGINT ? sizeof interrupted - 1 : sig == SIGTERM ? sizeof terminated - 1 : sizeof hangup - 1;
  ssize_t ignored = write(STDERR_FILENO, msg, len);
  (void)ignored;
  _exit(sig == SIGINT ? 128 + SIGINT : CLI_USAGE);
}

void cli_signals_install(void) {
  struct sigaction sa = {0};
  sa.sa_handler = on_fatal_signal;
  sigemptyset(&sa.sa_mask);
  sigaddset(&sa.sa_mask, SIGINT); /* one handler at a time */
  sigaddset(&sa.sa_mask, SIGTERM);
  sigaddset(&sa.sa_mask, SIGHUP);
  const int fatal[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
    struct sigaction old;
    /* a signal ignored by whoever started us (nohup, a background job)
     * stays ignored */
    if (sigaction(fatal[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN) sigaction(fatal[i], &sa, NULL);
  }
  signal(SIGXFSZ, SIG_IGN);
}

bool cli_parse_long(const char *text, long min, long max, long *out) {
  char *end;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (!*text || *end || errno || v < min || v > max) return false;
  *out = v;
  return true;
}

int cli_page_format(const CliCommand *cmd, const char *text, OutFormat *format, bool *html) {
  if (strcmp(text, "html") == 0)
    *html = true;
  else if (out_format_parse(text) >= 0)
    *format = (OutFormat)out_format_parse(text);
  else
    return cli_usage_error(cmd, "--format takes text, csv, json or html, not '%s'", text);
  return CLI_OK;
}

void cli_getopt_reset(void) {
  optind = 1;
  opterr = 0;
}

/* The option as the user wrote it, without an attached "=value". */
static void option_text(char *buf, size_t size, const char *arg, int opt) {
  if (arg != NULL && strncmp(arg, "--", 2) == 0) {
    size_t len = strcspn(arg, "=");
    snprintf(buf, size, "%.*s", (int)len, arg);
  } else if (opt > 0 && opt < 128) {
    snprintf(buf, size, "-%c", opt);
  } else {
    snprintf(buf, size, "%s", arg != NULL ? arg : "?");
  }
}

int cli_getopt(const CliCommand *cmd, int argc, char **argv, const char *shortopts,
               const struct option *longopts) {
  opterr = 0;
  int c = getopt_long(argc, argv, shortopts, longopts, NULL);
  if (c != '?' && c != ':')
    return c;
  const char *arg = optind - 1 < argc ? argv[optind - 1] : NULL;
  char name[64];
  option_text(name, sizeof name, arg, optopt);
  if (c == ':')
    cli_usage_error(cmd, "option '%s' needs a value", name);
  else
    cli_usage_error(cmd, "unknown option '%s'", name);
  return '?';
}

int cli_options_add(const CliCommand *cmd, CliOptions *opts, const char *text) {
  if (strchr(text, '=') == NULL || text[0] == '=')
    return cli_usage_error(cmd, "--option '%s': expected NAME=VALUE", text);
  if (opts->n >= CLI_MAX_OPTIONS)
    return cli_usage_error(cmd, "more than %d --option arguments", CLI_MAX_OPTIONS);
  opts->text[opts->n++] = text;
  return 0;
}

/* "two-hand, two-hand-64, ..." for an unknown-variant message. */
static void preset_list(char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; pn_preset_name(i) != NULL && used < size; i++) {
    int n = snprintf(buf + used, size - used, "%s%s", i > 0 ? ", " : "", pn_preset_name(i));
    if (n < 0)
      break;
    used += (size_t)n;
  }
}

int cli_rules_load(const CliCommand *cmd, PnRules *rules, const char *variant,
                   const CliOptions *opts) {
  if (pn_rules_preset(rules, variant) != 0) {
    char names[512];
    preset_list(names, sizeof names);
    cli_error(cmd, "unknown variant '%s' (presets: %s)", variant, names);
    return CLI_USAGE;
  }
  for (int i = 0; i < opts->n; i++) {
    char err[160] = "";
    if (pn_rules_set_option(rules, opts->text[i], err, sizeof err) != 0) {
      cli_error(cmd, "--option '%s': %s", opts->text[i], err[0] ? err : "not accepted");
      return CLI_USAGE;
    }
  }
  return 0;
}
