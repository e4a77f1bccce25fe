/*
 * main.c - the pinochle command: the command table, global options and
 * the help command.
 *
 * Every command is one row of `commands` below: its name, handler, usage
 * line, one-line summary and long help.  `pinochle --help`, `pinochle help
 * CMD` and `pinochle CMD --help` are all printed from that row, so the help
 * cannot drift from the registration.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

#define CLI_EXIT_CODES                                                       \
  "Exit codes:\n"                                                            \
  "  0  success\n"                                                           \
  "  1  findings reported (commands that audit input)\n"                     \
  "  2  usage error or bad input; nothing was done\n"

static const CliCommand commands[] = {
    {
        "help", cmd_help, "pinochle help [COMMAND]",
        "Show the list of commands, or one command's help",
        "Without COMMAND, lists the commands.  With it, prints that command's\n"
        "usage, options, examples and exit codes (the same as\n"
        "`pinochle COMMAND --help`).\n"
        "\n"
        "Examples:\n"
        "  pinochle help\n"
        "  pinochle help meld\n"
        "\n" CLI_EXIT_CODES,
    },
    /* Later commands go here, in this order: init, import, export, record,
     * audit, report, sim, check. */
    {
        "sim", cmd_sim,
        "pinochle sim --variant PRESET [--games N] [--seed S] [--players NAME,...]\n"
        "                     [--renege-rate R] [--option NAME=VALUE]... [--tag NAME=VALUE]...\n"
        "                     [--start-date YYYY-MM-DD] [--random-play] [-o FILE]",
        "Play complete games with simulated players and write the event log",
        "Plays N complete games of PRESET with simulated players and writes them\n"
        "as an event log (the CSV that `pinochle import` reads).  The players bid\n"
        "from their meld and strength, pass trumps and aces to the bidder, choose\n"
        "trump by meld and length, lead aces, win tricks cheaply, feed counters\n"
        "to a partner who is winning and throw low cards on lost tricks.  Every\n"
        "play is legal unless --renege-rate plants reneges.  The same seed gives\n"
        "the same file on every machine.\n"
        "\n"
        "Options:\n"
        "  --variant PRESET     the preset (required)\n"
        "  --games N            games to play (default 1)\n"
        "  --seed S             the random seed (default 1)\n"
        "  --players NAMES      comma-separated club members, at least one per\n"
        "                       seat; each game seats a random table of them\n"
        "                       (default Seat1, Seat2, ...)\n"
        "  --renege-rate R      chance (0 to 1) that a play is a planted renege,\n"
        "                       when the player could renege (default 0)\n"
        "  --option NAME=VALUE  a house rule, written into each game (repeatable)\n"
        "  --tag NAME=VALUE     a tag written into each game (repeatable)\n"
        "  --start-date DATE    the first game's date tag (default 2026-01-06);\n"
        "                       two games a week after that\n"
        "  --random-play        choose uniformly among legal moves instead\n"
        "  -o, --output FILE    write to FILE instead of standard output\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle sim --variant partnership-auction --games 20 --seed 7 \\\n"
        "      --players Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal -o club.csv\n"
        "  pinochle sim --variant two-hand --games 1000 --renege-rate 0.01 | pinochle import t.db -\n"
        "\n" CLI_EXIT_CODES,
    },
    {
        "meld", cmd_meld,
        "pinochle meld --variant PRESET --trump SUIT [--format text|json]\n"
        "                     [--option NAME=VALUE]... CARD...",
        "Score the best meld of a set of cards under a preset's rules",
        "Computes the best meld the cards can show with SUIT as trump: every\n"
        "way of grouping the cards is tried, class by class, with the meld\n"
        "table of PRESET (and the dix if that preset scores it inside a meld).\n"
        "\n"
        "Cards are rank then suit, case-insensitive: ranks A T K Q J 9 8 7\n"
        "(10 for T), suits S H D C (or ♠ ♥ ♦ ♣).  Give them as separate\n"
        "arguments or as one quoted argument separated by spaces.  Every card\n"
        "must exist in the preset's deck (no 9s in five-call or double-deck;\n"
        "8s and 7s only in two-hand-64), at most as many copies as it has.\n"
        "\n"
        "Options:\n"
        "  --variant PRESET     the preset (required); `pinochle rules` lists them\n"
        "  --trump SUIT         trump suit: S H D C or ♠ ♥ ♦ ♣ (required)\n"
        "  --format FORMAT      text (default): one line per meld with its count\n"
        "                       and points, then the total; json: one line,\n"
        "                       {\"total\": N, \"melds\": [{\"name\": ..., \"count\": ...,\n"
        "                       \"points\": ...}, ...]}\n"
        "  --option NAME=VALUE  override one rule parameter (repeatable, applied\n"
        "                       in order); `pinochle rules --variant PRESET` lists\n"
        "                       them, e.g. run_royal=yes\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle meld --variant partnership-auction --trump S AS TS KS QS JS\n"
        "  pinochle meld --variant partnership-auction --trump S --option run_royal=yes \\\n"
        "      'AS 10S KS QS JS'\n"
        "  pinochle meld --variant double-deck --trump H --format json \\\n"
        "      AS AH AD AC AS AH AD AC\n"
        "  pinochle meld --variant two-hand --trump D 'Q♠ J♦ Q♠ J♦'\n"
        "\n" CLI_EXIT_CODES,
    },
    {
        "rules", cmd_rules, "pinochle rules [--variant PRESET [--option NAME=VALUE]...]",
        "List the presets, or every rule parameter of one preset",
        "Without --variant, lists each preset with a one-line summary.  With it,\n"
        "lists every rule parameter of PRESET: its name, its value, and what it\n"
        "means.  The names are those a game's `option name=value` rows and\n"
        "--option use.\n"
        "\n"
        "Options:\n"
        "  --variant PRESET     show this preset's parameters\n"
        "  --option NAME=VALUE  override one parameter first (repeatable; needs\n"
        "                       --variant), to see the result\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle rules\n"
        "  pinochle rules --variant partnership-auction\n"
        "  pinochle rules --variant partnership-auction --option pass_cards=3\n"
        "\n" CLI_EXIT_CODES,
    },
};

#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

const CliCommand *cli_command(int index) {
  if (index < 0 || index >= NCOMMANDS)
    return NULL;
  return &commands[index];
}

const CliCommand *cli_find(const char *name) {
  for (int i = 0; i < NCOMMANDS; i++)
    if (strcmp(commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

static void print_version(FILE *out) {
  fprintf(out, "pinochle %s (rules version %d)\n", PN_VERSION, PN_RULES_VERSION);
}

/* The list of commands: `pinochle --help` and `pinochle help`. */
static void print_overview(FILE *out) {
  int width = 0;
  for (int i = 0; i < NCOMMANDS; i++) {
    int len = (int)strlen(commands[i].name);
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
    fprintf(out, "  %-*s  %s\n", width, commands[i].name, commands[i].summary);
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
  if (argc > 2)
    return cli_usage_error(self, "too many arguments");
  if (argc == 1) {
    print_overview(stdout);
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
    print_overview(stderr);
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
  return finish(cmd->run(cmd, argc - 1, argv + 1));
}
