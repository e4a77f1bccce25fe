/*
 * main.c - the pinochle command: the command table, global options and
 * the help command.
 *
 * Every command is one row of `commands` below, a CliCommand defined in
 * its own cmd_X.c next to its handler: name, handler, usage line, one-line
 * summary and long help.  `pinochle --help`, `pinochle help
 * CMD` and `pinochle CMD --help` are all printed from that row, so the help
 * cannot drift from the registration.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cmd_man.h"

const CliCommand cmd_help_def = {
    .name = "help",
    .run = cmd_help,
    .usage =
        "pinochle help [COMMAND]",
    .summary =
        "Show the list of commands, or one command's help",
    .help =
        "Without COMMAND, lists the commands.  With it, prints that command's\n"
        "usage, options, examples and exit codes (the same as\n"
        "`pinochle COMMAND --help`).\n"
        "\n"
        "Examples:\n"
        "  pinochle help\n"
        "  pinochle help meld\n"
        "\n" CLI_EXIT_CODES_NO_FINDINGS,
};

/* The command table, in the order `pinochle --help` lists it.  Each row
 * lives in its command's file (cmd_X.c), next to the handler. */
static const CliCommand *const commands[] = {
    &cmd_help_def,
    &cmd_init_def,
    &cmd_import_def,
    &cmd_export_def,
    &cmd_report_def,
    &cmd_record_def,
    &cmd_night_def,
    &cmd_audit_def,
    &cmd_analyze_def,
    &cmd_review_def,
    &cmd_sim_def,
    &cmd_check_def,
    &cmd_serve_def,
    &cmd_copy_def,
    &cmd_meld_def,
    &cmd_rules_def,
};

#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

const CliCommand *cli_command(int index) {
  if (index < 0 || index >= NCOMMANDS)
    return NULL;
  return commands[index];
}

const CliCommand *cli_find(const char *name) {
  for (int i = 0; i < NCOMMANDS; i++)
    if (strcmp(commands[i]->name, name) == 0)
      return commands[i];
  return NULL;
}

static void print_version(FILE *out) {
  fprintf(out, "pinochle %s (rules version %d)\n", PN_VERSION, PN_RULES_VERSION);
}

/* The list of commands: `pinochle --help` and `pinochle help` (and the
 * man page, cmd_man.c). */
void cli_print_overview(FILE *out) {
  int width = 0;
  for (int i = 0; i < NCOMMANDS; i++) {
    int len = (int)strlen(commands[i]->name);
    if (len > width)
      width = len;
  }
  fputs("usage: pinochle COMMAND [ARGS]...\n"
        "       pinochle --help | --version\n"
        "\n"
        "Keeps, checks and reports Pinochle deal logs.\n"
        "\n"
        "Commands:\n",
        out);
  for (int i = 0; i < NCOMMANDS; i++)
    fprintf(out, "  %-*s  %s\n", width, commands[i]->name, commands[i]->summary);
  fputs("\n"
        "Options:\n"
        "  -h, --help     show this list\n"
        "  -V, --version  show the program and rules versions\n"
        "\n"
        "`pinochle help COMMAND` or `pinochle COMMAND --help` shows a command's\n"
        "options and examples.\n"
        "\n" CLI_EXIT_CODES,
        out);
}

int cmd_help(const CliCommand *self, int argc, char **argv) {
  if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
    cli_print_help(stdout, self);
    return CLI_OK;
  }
  /* Hidden, for the build: the man page and the bash completion script,
   * written from this table (cmd_man.c), to standard output or whole into
   * FILE (-o FILE: a failed build step leaves no half page). */
  if ((argc == 2 || (argc == 4 && strcmp(argv[2], "-o") == 0)) &&
      (strcmp(argv[1], "--man") == 0 || strcmp(argv[1], "--bash-completion") == 0)) {
    OutFile *out = cli_output_open(self, argc == 4 ? argv[3] : NULL);
    if (out == NULL) return CLI_USAGE;
    int rc = (strcmp(argv[1], "--man") == 0 ? cli_man_write : cli_completion_write)(out_file_stream(out));
    return cli_output_close(self, out, rc == CLI_OK) ? rc : CLI_USAGE;
  }
  if (argc > 2)
    return cli_usage_error(self, "too many arguments");
  if (argc == 1) {
    cli_print_overview(stdout);
    return CLI_OK;
  }
  const CliCommand *cmd = cli_find(argv[1]);
  if (cmd == NULL)
    return cli_usage_error(self, "unknown command '%s'", argv[1]);
  cli_print_help(stdout, cmd);
  return CLI_OK;
}

/* Flushes stdout and reports a failed write (a full disk, a closed pipe)
 * as an error, so a truncated output never exits 0. */
static int finish(int rc) {
  if (fflush(stdout) != 0 || ferror(stdout)) {
    cli_error(NULL, "error writing standard output");
    return CLI_USAGE;
  }
  return rc;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    cli_print_overview(stderr);
    return CLI_USAGE;
  }
  const char *first = argv[1];
  if (strcmp(first, "-h") == 0 || strcmp(first, "--help") == 0) {
    /* `pinochle --help [COMMAND]` is `pinochle help [COMMAND]`. */
    const CliCommand *help = cli_find("help");
    return finish(help->run(help, argc - 1, argv + 1));
  }
  if (strcmp(first, "-V") == 0 || strcmp(first, "--version") == 0) {
    if (argc > 2) {
      cli_error(NULL, "unexpected argument '%s'", argv[2]);
      fputs("Try 'pinochle --help'.\n", stderr);
      return CLI_USAGE;
    }
    print_version(stdout);
    return finish(CLI_OK);
  }
  if (first[0] == '-') {
    cli_error(NULL, "unknown option '%s'", first);
    fputs("Try 'pinochle --help'.\n", stderr);
    return CLI_USAGE;
  }
  const CliCommand *cmd = cli_find(first);
  if (cmd == NULL) {
    cli_error(NULL, "unknown command '%s'", first);
    fputs("Try 'pinochle --help'.\n", stderr);
    return CLI_USAGE;
  }
  cli_signals_install(); /* serve installs its own after */
  return finish(cmd->run(cmd, argc - 1, argv + 1));
}
