/*
 * cmd_rules.c - `pinochle rules`: the presets, or one preset's parameters.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* `pinochle rules`: usage, summary and help, kept next to the handler they
 * describe; main.c's table lists this row. */
const CliCommand cmd_rules_def = {
    .name = "rules",
    .run = cmd_rules,
    .usage =
        "pinochle rules [--variant PRESET [--option NAME=VALUE]...]",
    .summary =
        "List the presets, or every rule parameter of one preset",
    .help =
        "Without --variant, lists each preset with a one-line summary of how it\n"
        "is played: players, deal, bidding, meld table.  With it, lists every\n"
        "rule parameter of PRESET: its name, its value, and what it means.  The\n"
        "names are those a game's `option name=value` rows and --option use.\n"
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
        "\n" CLI_EXIT_CODES_NO_FINDINGS,
};


enum { OPT_VARIANT = 256, OPT_OPTION };

static const struct option rules_options[] = {
    {"variant", required_argument, NULL, OPT_VARIANT},
    {"option", required_argument, NULL, OPT_OPTION},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* Each preset and its summary, names in one column. */
static void list_presets(void) {
  int width = 0;
  for (int i = 0; pn_preset_name(i) != NULL; i++) {
    int len = (int)strlen(pn_preset_name(i));
    if (len > width)
      width = len;
  }
  for (int i = 0; pn_preset_name(i) != NULL; i++) {
    const char *summary = pn_preset_summary(i);
    printf("%-*s  %s\n", width, pn_preset_name(i), summary != NULL ? summary : "");
  }
}

/* Every parameter: name, value, help, in three columns. */
static void list_params(const PnRules *rules) {
  enum { VALUE_SIZE = 64 };
  int wname = 0, wvalue = 0;
  char value[VALUE_SIZE];
  for (int i = 0; pn_param_name(i) != NULL; i++) {
    int len = (int)strlen(pn_param_name(i));
    if (len > wname)
      wname = len;
    len = (int)strlen(pn_param_value(rules, i, value, sizeof value));
    if (len > wvalue)
      wvalue = len;
  }
  for (int i = 0; pn_param_name(i) != NULL; i++) {
    const char *help = pn_param_help(i);
    pn_param_value(rules, i, value, sizeof value);
    printf("%-*s  %-*s  %s\n", wname, pn_param_name(i), wvalue, value,
           help != NULL ? help : "");
  }
}

int cmd_rules(const CliCommand *self, int argc, char **argv) {
  const char *variant = NULL;
  CliOptions opts = {0};
  int c;

  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":h", rules_options)) != -1) {
    switch (c) {
    case OPT_VARIANT: variant = optarg; break;
    case OPT_OPTION:
      if (cli_options_add(self, &opts, optarg) != 0)
        return CLI_USAGE;
      break;
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  if (optind < argc)
    return cli_usage_error(self, "unexpected argument '%s'", argv[optind]);
  if (variant == NULL) {
    if (opts.n > 0)
      return cli_usage_error(self, "--option needs --variant");
    list_presets();
    return CLI_OK;
  }
  PnRules rules;
  if (cli_rules_load(self, &rules, variant, &opts) != 0)
    return CLI_USAGE;
  list_params(&rules);
  return CLI_OK;
}
