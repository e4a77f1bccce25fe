/*
 * cmd_report.c - `pinochle report DB REPORT ...`: player statistics, a
 * game's score sheet, one hand replayed, and every hand by seat
 * (reports/report_*.h), as text, CSV or JSON, on standard output or into
 * a file.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report_game.h"
#include "report_hand.h"
#include "report_hands.h"
#include "report_players.h"
#include "store.h"

enum { OPT_VARIANT = 256, OPT_SINCE, OPT_UNTIL, OPT_TAG, OPT_MIN_HANDS, OPT_FORMAT };

static const struct option report_options[] = {
    {"variant", required_argument, NULL, OPT_VARIANT},
    {"since", required_argument, NULL, OPT_SINCE},
    {"until", required_argument, NULL, OPT_UNTIL},
    {"tag", required_argument, NULL, OPT_TAG},
    {"min-hands", required_argument, NULL, OPT_MIN_HANDS},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* YYYY-MM-DD with a plausible month and day. */
static bool is_date(const char *s) {
  if (strlen(s) != 10 || s[4] != '-' || s[7] != '-') return false;
  for (int i = 0; i < 10; i++)
    if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9')) return false;
  int month = (s[5] - '0') * 10 + (s[6] - '0'), day = (s[8] - '0') * 10 + (s[9] - '0');
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/* A whole number in [min, max]. */
static bool parse_long(const char *s, long min, long max, long *out) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (!*s || *end || errno || v < min || v > max) return false;
  *out = v;
  return true;
}

int cmd_report(const CliCommand *self, int argc, char **argv) {
  ReportQuery q = {0};
  const char *output = NULL;
  char *tag = NULL;
  bool filters = false;
  int format = OUT_TEXT, rc = CLI_USAGE, c;
  Store *store = NULL;
  FILE *out = NULL;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":ho:", report_options)) != -1) {
    switch (c) {
    case OPT_VARIANT: {
      PnRules rules;
      if (pn_rules_preset(&rules, optarg) != 0) {
        cli_usage_error(self, "unknown variant '%s' (`pinochle rules` lists them)", optarg);
        goto done;
      }
      q.variant = optarg;
      filters = true;
      break;
    }
    case OPT_SINCE:
    case OPT_UNTIL:
      if (!is_date(optarg)) {
        cli_usage_error(self, "--%s takes a date YYYY-MM-DD, not '%s'", c == OPT_SINCE ? "since" : "until", optarg);
        goto done;
      }
      if (c == OPT_SINCE) q.since = optarg;
      else q.until = optarg;
      filters = true;
      break;
    case OPT_TAG: {
      const char *eq = strchr(optarg, '=');
      if (tag) {
        cli_usage_error(self, "--tag may be given once");
        goto done;
      }
      if (!eq || eq == optarg) {
        cli_usage_error(self, "--tag takes NAME=VALUE, not '%s'", optarg);
        goto done;
      }
      tag = malloc(strlen(optarg) + 1);
      if (!tag) {
        cli_error(self, "out of memory");
        goto done;
      }
      strcpy(tag, optarg);
      tag[eq - optarg] = '\0';
      q.tag_name = tag;
      q.tag_value = tag + (eq - optarg) + 1;
      filters = true;
      break;
    }
    case OPT_MIN_HANDS:
      if (!parse_long(optarg, 0, 1000000000L, &q.min_hands)) {
        cli_usage_error(self, "--min-hands takes a whole number, not '%s'", optarg);
        goto done;
      }
      filters = true;
      break;
    case OPT_FORMAT:
      format = out_format_parse(optarg);
      if (format < 0) {
        cli_usage_error(self, "--format takes text, csv or json, not '%s'", optarg);
        goto done;
      }
      break;
    case 'o': output = optarg; break;
    case 'h':
      cli_print_help(stdout, self);
      rc = CLI_OK;
      goto done;
    default: goto done;
    }
  }
  int npos = argc - optind;
  char **pos = argv + optind;
  if (npos < 1) {
    cli_usage_error(self, "missing DB");
    goto done;
  }
  if (npos < 2) {
    cli_usage_error(self, "missing the report: players, hands, game or hand");
    goto done;
  }
  const char *db = pos[0], *which = pos[1];
  int want; /* positional arguments after the report's name */
  long hand = 0;
  if (strcmp(which, "players") == 0 || strcmp(which, "hands") == 0) want = 0;
  else if (strcmp(which, "game") == 0) want = 1;
  else if (strcmp(which, "hand") == 0) want = 2;
  else {
    cli_usage_error(self, "unknown report '%s' (players, hands, game or hand)", which);
    goto done;
  }
  if (npos - 2 < want) {
    cli_usage_error(self, "report %s needs %s", which, want == 1 ? "a game KEY" : "a game KEY and a hand number");
    goto done;
  }
  if (npos - 2 > want) {
    cli_usage_error(self, "unexpected argument '%s'", pos[2 + want]);
    goto done;
  }
  if (q.since && q.until && strcmp(q.since, q.until) > 0) { /* YYYY-MM-DD sorts as text */
    cli_usage_error(self, "--since %s is after --until %s: no game could match", q.since, q.until);
    goto done;
  }
  if (want > 0 && filters) {
    cli_usage_error(self, "--variant, --since, --until, --tag and --min-hands are for players and hands");
    goto done;
  }
  if (want == 2 && !parse_long(pos[3], 1, 100000, &hand)) {
    cli_usage_error(self, "the hand number is a whole number from 1, not '%s'", pos[3]);
    goto done;
  }

  PnDiag diag = {0};
  if (store_open(db, STORE_READONLY | STORE_MUST_EXIST, &store, &diag) != 0) {
    cli_error(self, "%s", diag.msg); /* it names the database (a URI without its password) */
    goto done;
  }
  out = cli_output_open(self, output);
  if (!out) goto done;
  int got;
  if (strcmp(which, "players") == 0) got = report_players(store, &q, (OutFormat)format, out, NULL, &diag);
  else if (strcmp(which, "hands") == 0) got = report_hands(store, &q, (OutFormat)format, out, NULL, &diag);
  else if (want == 1) got = report_game(store, pos[2], (OutFormat)format, out, &diag);
  else got = report_hand(store, pos[2], (int)hand, (OutFormat)format, out, &diag);
  bool write_error = !cli_output_close(out, output);
  if (got != 0 || write_error) {
    if (got != 0) {
      char shown[256]; /* a URI's password is never printed */
      store_name_shown(db, shown, sizeof shown);
      cli_error(self, "%s: %s", shown, diag.msg);
    }
    else cli_error(self, "%s: write error", output ? output : "standard output");
    cli_output_discard(output);
    goto done;
  }
  rc = CLI_OK;
done:
  store_close(store);
  free(tag);
  return rc;
}
