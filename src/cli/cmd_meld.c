/*
 * cmd_meld.c - `pinochle meld`: the best meld of a set of cards.
 *
 * Pipeline: options -> rules (preset + --option) -> cards, checked against
 * the preset's deck -> pn_meld_best -> text or JSON on stdout.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "writer.h"

/* `pinochle meld`: usage, summary and help, kept next to the handler they
 * describe; main.c's table lists this row. */
const CliCommand cmd_meld_def = {
    .name = "meld",
    .run = cmd_meld,
    .usage =
        "pinochle meld --variant PRESET --trump SUIT [--format text|json]\n"
        "                     [--option NAME=VALUE]... CARD...",
    .summary =
        "Score the best meld of a set of cards under a preset's rules",
    .help =
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
        "\n" CLI_EXIT_CODES_NO_FINDINGS,
};


enum { OPT_VARIANT = 256, OPT_TRUMP, OPT_FORMAT, OPT_OPTION };

static const struct option meld_options[] = {
    {"variant", required_argument, NULL, OPT_VARIANT},
    {"trump", required_argument, NULL, OPT_TRUMP},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"option", required_argument, NULL, OPT_OPTION},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

static const char *deck_name(PnDeck deck) {
  switch (deck) {
  case PN_DECK_SINGLE: return "single";
  case PN_DECK_SINGLE64: return "single64";
  case PN_DECK_DOUBLE: return "double";
  }
  return "?";
}

/*
 * Adds the cards of one argument (one or more tokens separated by white
 * space) to *hand, refusing a token that is not a card, a card the deck
 * lacks, and more copies than the deck has.  Returns 0 or CLI_USAGE after
 * reporting.
 */
static int add_cards(const CliCommand *cmd, const PnRules *rules, const PnCards *deck,
                     const char *arg, PnCards *hand) {
  const char *p = arg;
  for (;;) {
    while (*p != '\0' && isspace((unsigned char)*p))
      p++;
    if (*p == '\0')
      return 0;
    size_t len = 0;
    while (p[len] != '\0' && !isspace((unsigned char)p[len]))
      len++;
    PnCard card = PN_NO_CARD;
    if (pn_card_parse(p, len, &card) != len || card == PN_NO_CARD ||
        card >= PN_CARD_KINDS) {
      cli_error(cmd,
                "'%.*s' is not a card (rank A T K Q J 9 8 7 or 10, then suit S H D C "
                "or ♠ ♥ ♦ ♣)",
                (int)len, p);
      return CLI_USAGE;
    }
    char name[3];
    pn_card_str(card, name);
    int have = deck->n[card];
    if (have == 0) {
      cli_error(cmd, "%s is not in the %d-card %s deck that %s uses", name,
                pn_deck_size(rules->deck), deck_name(rules->deck), rules->preset);
      return CLI_USAGE;
    }
    if (hand->n[card] >= have) {
      cli_error(cmd, "more than %d copies of %s: the %d-card %s deck that %s uses has %d",
                have, name, pn_deck_size(rules->deck), deck_name(rules->deck), rules->preset,
                have);
      return CLI_USAGE;
    }
    hand->n[card]++;
    p += len;
  }
}

/* pn_meld_name, never NULL. */
static const char *meld_name(PnMeldKind kind) {
  const char *name = pn_meld_name(kind);
  return name != NULL ? name : "?";
}

static int digits(int v) {
  char buf[16];
  return snprintf(buf, sizeof buf, "%d", v);
}

/* One line per meld, columns aligned, then the total under the points. */
static void print_text(const PnMeldResult *res) {
  int wname = (int)strlen("total"), wcount = 1, wpoints = digits(res->total);
  for (int i = 0; i < res->nlines; i++) {
    const PnMeldLine *l = &res->lines[i];
    int n = (int)strlen(meld_name(l->kind));
    if (n > wname)
      wname = n;
    if (digits(l->count) > wcount)
      wcount = digits(l->count);
    if (digits(l->points) > wpoints)
      wpoints = digits(l->points);
  }
  for (int i = 0; i < res->nlines; i++) {
    const PnMeldLine *l = &res->lines[i];
    printf("%-*s  %*d  %*d\n", wname, meld_name(l->kind), wcount, l->count, wpoints,
           l->points);
  }
  printf("%-*s  %*s  %*d\n", wname, "total", wcount, "", wpoints, res->total);
}

static void print_json(const PnMeldResult *res) {
  printf("{\"total\": %d, \"melds\": [", res->total);
  for (int i = 0; i < res->nlines; i++) {
    const PnMeldLine *l = &res->lines[i];
    fputs(i > 0 ? ", {\"name\": " : "{\"name\": ", stdout);
    out_json_string(stdout, meld_name(l->kind));
    printf(", \"count\": %d, \"points\": %d}", l->count, l->points);
  }
  fputs("]}\n", stdout);
}

int cmd_meld(const CliCommand *self, int argc, char **argv) {
  const char *variant = NULL, *trump_text = NULL, *format = "text";
  CliOptions opts = {0};
  int c;

  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":h", meld_options)) != -1) {
    switch (c) {
    case OPT_VARIANT: variant = optarg; break;
    case OPT_TRUMP: trump_text = optarg; break;
    case OPT_FORMAT: format = optarg; break;
    case OPT_OPTION:
      if (cli_options_add(self, &opts, optarg) != 0)
        return CLI_USAGE;
      break;
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  if (variant == NULL)
    return cli_usage_error(self, "--variant is required");
  if (trump_text == NULL)
    return cli_usage_error(self, "--trump is required");
  bool json = strcmp(format, "json") == 0;
  if (!json && strcmp(format, "text") != 0)
    return cli_usage_error(self, "unknown format '%s' (text or json)", format);
  if (optind >= argc)
    return cli_usage_error(self, "no cards given");

  PnRules rules;
  if (cli_rules_load(self, &rules, variant, &opts) != 0)
    return CLI_USAGE;
  int trump = pn_suit_parse(trump_text);
  if (trump < 0 || trump >= PN_SUITS) {
    cli_error(self, "unknown suit '%s' (S H D C or ♠ ♥ ♦ ♣)", trump_text);
    return CLI_USAGE;
  }

  PnCards deck, hand;
  memset(&hand, 0, sizeof hand);
  pn_deck_cards(rules.deck, &deck);
  for (int i = optind; i < argc; i++)
    if (add_cards(self, &rules, &deck, argv[i], &hand) != 0)
      return CLI_USAGE;
  if (pn_cards_total(&hand) == 0)
    return cli_usage_error(self, "no cards given");

  PnMeldResult res;
  memset(&res, 0, sizeof res);
  if (pn_meld_best(&rules, trump, &hand, &res) < 0) {
    cli_error(self, "the rules engine could not score these cards");
    return CLI_USAGE;
  }
  if (json)
    print_json(&res);
  else
    print_text(&res);
  return CLI_OK;
}
