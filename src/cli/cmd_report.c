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

/* `pinochle report`: usage, summary and help, kept next to the handler they
 * describe; main.c's table lists this row. */
const CliCommand cmd_report_def = {
    "report", cmd_report,
    "pinochle report DB players|hands [--variant PRESET] [--since DATE]\n"
    "                     [--until DATE] [--tag NAME=VALUE] [--min-hands N]\n"
    "                     [--format F] [-o FILE]\n"
    "       pinochle report DB game KEY [--format F] [-o FILE]\n"
    "       pinochle report DB hand KEY N [--format F] [-o FILE]",
    "Player statistics, score sheets and hand replays from the database",
    "Reports on the games stored in DB (which is only read):\n"
    "\n"
    "  players  each player's record over the selected games and, in\n"
    "           partnership presets, each partnership's (two players who sat\n"
    "           opposite each other), by name\n"
    "  hands    one row per hand and seat of the selected games\n"
    "  game     the score sheet of game KEY, hand by hand, and its winner\n"
    "  hand     hand N of game KEY replayed through the rules engine, trick\n"
    "           by trick, with each finding (a renege, a wrong claim, ...)\n"
    "           under the row where it happened\n"
    "\n"
    "Each prints as an aligned text table readable at 80 columns (a wide\n"
    "table is folded into blocks that repeat its first column) or, with\n"
    "--format, as CSV (RFC 4180, a header row) or JSON.\n"
    "\n"
    "Columns of `players` (CSV header and JSON key, text heading, meaning):\n"
    "  name                 player     the player; a partnership is \"A & B\"\n"
    "  games                games      games sat in\n"
    "  wins                 wins       games won (in partnership presets:\n"
    "                                  games the player's side won)\n"
    "  win_pct              win%       wins / games x 100\n"
    "  hands                hands      hands played\n"
    "  tricks               tricks     tricks won (a partnership: both's)\n"
    "  counters_per_hand    ctr/h      counting points won per hand\n"
    "  meld_shown_per_hand  meld/h     meld points shown per hand\n"
    "  meld_saved_per_hand  saved/h    meld points that counted per hand\n"
    "                                  (the side took a trick)\n"
    "  bids_won             bids       hands in which the player won the bid\n"
    "  avg_winning_bid      avg bid    the average of those bids\n"
    "  bids_made            made       of those, made\n"
    "  bids_set             set        of those, set\n"
    "  make_pct             make%      bids_made / bids_won x 100\n"
    "  avg_margin           margin     average of the bidding side's hand\n"
    "                                  total (meld saved + counters) minus\n"
    "                                  the bid, over the bids won\n"
    "  moons_tried          moons      moons declared as the bidder\n"
    "  moons_made           moon made  of those, made\n"
    "  reneges_follow       rn-follow  reneges by kind: did not follow suit,\n"
    "  reneges_head         rn-head    did not beat the winning card, did not\n"
    "  reneges_trump        rn-trump   trump when void, did not overtrump\n"
    "  reneges_overtrump    rn-over\n"
    "  points_per_hand      pts/h      what the hands added to the running\n"
    "                                  score, per hand\n"
    "CSV starts each row with `kind` (player or partnership); JSON has the\n"
    "arrays \"players\" and \"partnerships\".  A ratio over nothing is empty\n"
    "(text -, JSON null).\n"
    "\n"
    "Columns of `hands`:\n"
    "  game,hand,seat,player,side,dealer,bidder,bid,trump,meld,counters,\n"
    "  tricks,score,total\n"
    "  side      the team in partnership presets (1 = seats 1 and 3, 2 =\n"
    "            seats 2 and 4), the seat in solo presets, and in five-call\n"
    "            1 for the bidder and partner, 2 for the others\n"
    "  dealer, bidder  seats; bidder and bid are empty without bidding and\n"
    "            in a redealt hand\n"
    "  trump     the trump suit letter (S H D C), empty when none\n"
    "  meld      meld points shown (melded in two-hand), dix included\n"
    "  counters  counting points won    tricks  tricks won\n"
    "  score     what the hand added to the seat's running score (negative\n"
    "            when set)              total   the running score after it\n"
    "Text shows a table per game; dlr bdr tr ctr trk are dealer, bidder,\n"
    "trump, counters and tricks.\n"
    "\n"
    "`game` gives per hand the dealer, bidder and bid, trump, then per side\n"
    "(partnership presets) or seat: meld shown (CSV and JSON also meld\n"
    "saved), counters, the hand's score and the running total, then the\n"
    "bidding as it went (2:pass 3:340 4:pass 1:pass); the winner ends it\n"
    "(CSV: the winner column of the last hand).\n"
    "\n"
    "`hand` gives the deal, the bidding, trump, passes, widow and discards,\n"
    "each seat's meld and its value, each trick (leader, the cards in order\n"
    "with who played them, winner, counters in it), the findings marked !,\n"
    "and the result per seat.  CSV and JSON list the hand's rows: seq,\n"
    "trick, seat, player, action, cards, value, points, winner, counters,\n"
    "finding, detail; JSON adds the tricks, the result and the findings.\n"
    "\n"
    "Options:\n"
    "  --variant PRESET     only games of this preset\n"
    "  --since DATE         only games whose date tag is DATE (YYYY-MM-DD)\n"
    "                       or later\n"
    "  --until DATE         only games whose date tag is DATE or earlier (not\n"
    "                       before --since's DATE: that is a usage error)\n"
    "  --tag NAME=VALUE     only games with this tag row (e.g. club=north)\n"
    "  --min-hands N        leave out players (and partnerships) with fewer\n"
    "                       than N hands in the selection\n"
    "  --format FORMAT      text (default), csv or json\n"
    "  -o, --output FILE    write to FILE instead of standard output\n"
    "  -h, --help           show this help\n"
    "\n"
    "Examples:\n"
    "  pinochle report club.db players --variant partnership-auction \\\n"
    "      --since 2026-01-01 --min-hands 50\n"
    "  pinochle report club.db players --format csv -o players.csv\n"
    "  pinochle report club.db hands --tag club=north --format json\n"
    "  pinochle report club.db game club-2026-11-20-t3\n"
    "  pinochle report club.db hand club-2026-11-20-t3 4\n"
    "\n"
    "Exit codes:\n"
    "  0  success\n"
    "  2  usage error, no such game or hand, or a database or write error\n"
    "     (with -o, FILE is not left behind)\n",
};


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
    if (got != 0) cli_error(self, "%s: %s", db, diag.msg);
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
