/*
 * cmd_record.c - `pinochle record`: the scorekeeper's live recorder.
 *
 * Parses the arguments, opens the database and feeds the recorder
 * (src/record) one line of standard input at a time, printing what it
 * says.  The state machine, the hashing and resuming live there.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "codec.h"
#include "record.h"
#include "store.h"

/* `pinochle record`: usage, summary and help, kept next to the handler they
 * describe; main.c's table lists this row. */
const CliCommand cmd_record_def = {
    .name = "record",
    .run = cmd_record,
    .usage =
        "pinochle record DB --variant PRESET --players NAME,NAME,... [--option NAME=VALUE]...\n"
        "                     [--tag NAME=VALUE]... [--game KEY] [--dealer SEAT] [--seed S] [--yes]\n"
        "       pinochle record DB --variant PRESET --player NAME --player NAME ... [...]\n"
        "       pinochle record DB --resume KEY [--redo N] [--yes]",
    .summary =
        "Record a game live at the table, one event per line",
    .help =
        "Records a game as it is played.  It shows whose turn it is and what is\n"
        "expected, and reads one line at a time from the terminal or a script\n"
        "(the same lines from a pipe: scriptable).  Every line goes through the\n"
        "rules engine: an impossible event is refused with the reason and not\n"
        "recorded; a renege is reported and recorded as played only after you\n"
        "answer `yes` (`no` drops it); other findings (a low bid, a wrong meld\n"
        "claim) are recorded and reported.  Each completed hand is committed at\n"
        "once, so a crash loses at most the hand in progress; --resume continues\n"
        "a game.\n"
        "\n"
        "Table order (every preset but the two-hand family): type no deal rows,\n"
        "only what the table sees as it happens: the bids, trump, the meld shown,\n"
        "and each trick as one line of cards from its leader (`AH 9D KH QH`).\n"
        "The cards passed and the bidder's discard may come at any time before\n"
        "the last trick.  The recorder says who won each trick, reports a renege\n"
        "as soon as later plays or meld prove it, and after the last trick works\n"
        "out each seat's dealt hand, checks it is a whole deck dealt as the\n"
        "preset deals, and stores the hand as if the deal had been typed first.\n"
        "When the cards do not add up it says which card and seat, and stores\n"
        "nothing: `undo` takes back the last line.\n"
        "\n"
        "Lines (SEAT is a seat number or a player's name in any case; without it,\n"
        "the seat whose turn it is):\n"
        "  deal                      the program shuffles and deals (from --seed)\n"
        "  [SEAT] deal CARD...       one seat's dealt cards, entered by hand\n"
        "  turnup CARD | stock CARD... | widow CARD...\n"
        "  dealer SEAT               who deals the next hand (default: rotates)\n"
        "  [SEAT] bid N | [SEAT] pass\n"
        "  [SEAT] trump S            S H D C, or spades hearts diamonds clubs\n"
        "  [SEAT] call CARD          five-call: the called card\n"
        "  [SEAT] discard C C C      auction: the bidder's discards\n"
        "  [SEAT] give CARD...       passing: the partner's row, then the bidder's\n"
        "  [SEAT] dix exchange|show\n"
        "  [SEAT] meld CARD... [N]   the cards shown, and optionally the points\n"
        "                            claimed (two-hand: the meld's name instead)\n"
        "  [SEAT] CARD...            plays: a trick, or as many plays as cards\n"
        "  [SEAT] play CARD          one play\n"
        "  [SEAT] moon | [SEAT] out | [SEAT] score N\n"
        "  draw CARD                 two-hand entered without a stock row: each\n"
        "                            card drawn, winner first; the stored hand is\n"
        "                            the same as if the stock row had been given\n"
        "  undo                      take back the last line of this hand\n"
        "  status | help | quit      (quit in mid-hand asks first)\n"
        "\n"
        "Options:\n"
        "  --variant PRESET     the preset (`pinochle rules` lists them)\n"
        "  --players NAMES      the players by seat, comma-separated, clockwise\n"
        "  --player NAME        one player, repeated in seat order (a name may\n"
        "                       hold a comma); spaces around a name are dropped\n"
        "  --option NAME=VALUE  a house rule (repeatable)\n"
        "  --tag NAME=VALUE     free metadata: date=, club=, table=, event= (repeatable)\n"
        "  --game KEY           the game's key (default rec-YYYYMMDD-HHMMSS, -2 ...\n"
        "                       added when taken)\n"
        "  --dealer SEAT        who deals hand 1 (default 1)\n"
        "  --seed S             seed for `deal` shuffles (default: the game's key,\n"
        "                       so a resumed hand deals again the same cards)\n"
        "  --yes                record reneges without asking (for scripts)\n"
        "  --resume KEY         continue an unfinished game\n"
        "  --redo N             with --resume: enter hand N again; it replaces the\n"
        "                       stored one when complete (later hands are replayed\n"
        "                       on the new scores); until then nothing changes\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle record club.db --variant partnership-auction \\\n"
        "      --players Ann,Bob,Cal,Dee --tag date=2026-11-20 --game club-2026-11-20-t3\n"
        "  pinochle record club.db --resume club-2026-11-20-t3 < rest-of-game.txt\n"
        "  pinochle record club.db --resume club-2026-11-20-t3 --redo 4\n"
        "\n"
        "Exit codes:\n"
        "  0  the session ended (the game may be unfinished: see --resume)\n"
        "  2  usage error, or the database could not be written\n",
};


enum { OPT_VARIANT = 256, OPT_PLAYERS, OPT_OPTION, OPT_TAG, OPT_RESUME, OPT_GAME, OPT_SEED, OPT_DEALER, OPT_YES, OPT_REDO, OPT_PLAYER };

static const struct option record_options[] = {
    {"variant", required_argument, NULL, OPT_VARIANT},
    {"players", required_argument, NULL, OPT_PLAYERS},
    {"player", required_argument, NULL, OPT_PLAYER},
    {"option", required_argument, NULL, OPT_OPTION},
    {"tag", required_argument, NULL, OPT_TAG},
    {"resume", required_argument, NULL, OPT_RESUME},
    {"game", required_argument, NULL, OPT_GAME},
    {"seed", required_argument, NULL, OPT_SEED},
    {"dealer", required_argument, NULL, OPT_DEALER},
    {"yes", no_argument, NULL, OPT_YES},
    {"redo", required_argument, NULL, OPT_REDO},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

int cmd_record(const CliCommand *self, int argc, char **argv) {
  const char *variant = NULL, *players_arg = NULL, *resume = NULL, *key = NULL;
  const char *tags[32];
  const char *player_args[PN_MAX_SEATS + 1]; /* --player NAME, in seat order (borrowed) */
  int nplayer_args = 0;
  char *players[PN_MAX_SEATS] = {0}; /* names by seat (owned) */
  int ntags = 0, dealer = 1, redo = 0;
  bool auto_yes = false;
  uint64_t seed = 0; /* the shuffles come from the game's key */
  CliOptions opts = {0};
  Store *store = NULL;
  Recorder *r = NULL;
  int c, rc = CLI_USAGE;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":h", record_options)) != -1) {
    char *end;
    switch (c) {
    case OPT_VARIANT: variant = optarg; break;
    case OPT_PLAYERS: players_arg = optarg; break;
    case OPT_PLAYER: /* one name, commas and all */
      if (nplayer_args == PN_MAX_SEATS) {
        cli_usage_error(self, "at most %d --player", PN_MAX_SEATS);
        goto done;
      }
      player_args[nplayer_args++] = optarg;
      break;
    case OPT_OPTION:
      if (cli_options_add(self, &opts, optarg) != 0) goto done;
      break;
    case OPT_TAG: {
      char why[160] = "";
      if (!strchr(optarg, '=') || ntags == 32) {
        cli_usage_error(self, "--tag takes name=value");
        goto done;
      }
      if (codec_tag_check(optarg, why, sizeof why) != 0) { /* the importer's check: a log that imports */
        cli_usage_error(self, "%s", why);
        goto done;
      }
      tags[ntags++] = optarg;
      break;
    }
    case OPT_RESUME: resume = optarg; break;
    case OPT_GAME: key = optarg; break;
    case OPT_SEED:
      seed = strtoull(optarg, &end, 10);
      if (*end || !*optarg) {
        cli_usage_error(self, "--seed takes a whole number");
        goto done;
      }
      break;
    case OPT_DEALER:
      dealer = (int)strtol(optarg, &end, 10);
      if (*end || dealer < 1 || dealer > PN_MAX_SEATS) {
        cli_usage_error(self, "--dealer takes a seat number");
        goto done;
      }
      break;
    case OPT_YES: auto_yes = true; break;
    case OPT_REDO:
      redo = (int)strtol(optarg, &end, 10);
      if (*end || redo < 1) {
        cli_usage_error(self, "--redo takes a hand number");
        goto done;
      }
      break;
    case 'h':
      cli_print_help(stdout, self);
      rc = CLI_OK;
      goto done;
    default: goto done;
    }
  }
  if (optind != argc - 1) {
    cli_usage_error(self, "give exactly one database");
    goto done;
  }
  if (redo && !resume) {
    cli_usage_error(self, "--redo N goes with --resume KEY");
    goto done;
  }
  if (players_arg && nplayer_args) {
    cli_usage_error(self, "give the players with --players or with --player, not both");
    goto done;
  }
  if (!resume && (!variant || (!players_arg && !nplayer_args))) {
    cli_usage_error(self, "a new game needs --variant and --players (or --player NAME per seat, or --resume KEY)");
    goto done;
  }
  /* The database is opened only once the arguments are known to be good,
   * and --resume never creates one: a failed start leaves no file behind. */
  PnDiag diag = {0};
  if (resume) {
    if (store_open(argv[optind], STORE_MUST_EXIST, &store, &diag) != STORE_OK ||
        rec_resume(store, resume, redo, seed, auto_yes, &r, &diag) != 0) {
      cli_error(self, "%s", diag.msg);
      goto done;
    }
    if (redo) printf("re-entering hand %d of %s (the stored one stays until this one is complete)\n", redo, rec_key(r));
    else printf("resuming %s after hand %d\n", rec_key(r), rec_hands_played(r));
  } else {
    PnRules rules;
    if (cli_rules_load(self, &rules, variant, &opts) != 0) goto done;
    if (dealer > rules.players) {
      cli_usage_error(self, "--dealer must be a seat of %s", variant);
      goto done;
    }
    int np = 0;
    if (players_arg) {
      char *list = strdup(players_arg);
      for (char *save, *name = list ? strtok_r(list, ",", &save) : NULL; name; name = strtok_r(NULL, ",", &save))
        if (np < PN_MAX_SEATS) players[np++] = strdup(name);
        else np++;
      free(list);
    }
    for (int i = 0; i < nplayer_args; i++) players[np++] = strdup(player_args[i]);
    if (np != rules.players) {
      cli_usage_error(self, "%s needs %d players, not %d", variant, rules.players, np);
      goto done;
    }
    for (int s = 0; s < np; s++)
      if (!players[s]) {
        cli_error(self, "out of memory");
        goto done;
      }
    int first, second;
    if (codec_player_repeat((const char *const *)players, np, &first, &second)) {
      cli_usage_error(self, "--players names '%s' in seats %d and %d: one player, one seat", players[second],
                      first + 1, second + 1);
      goto done;
    }
    RecGame game = {.key = key, .variant = variant, .rules = &rules, .noptions = opts.n, .options = opts.text,
                    .nplayers = np, .players = (const char *const *)players, .ntags = ntags, .tags = tags,
                    .dealer = dealer};
    if (store_open(argv[optind], STORE_CREATE, &store, &diag) != STORE_OK ||
        rec_start(store, &game, seed, auto_yes, &r, &diag) != 0) {
      cli_error(self, "%s", diag.msg);
      goto done;
    }
    printf("recording %s (%s):", rec_key(r), variant);
    for (int s = 0; s < np; s++) printf("%s %s", s ? "," : "", rec_player(r, s + 1));
    printf("\n");
  }
  bool interactive = isatty(STDIN_FILENO);
  rec_show_status(r);
  fputs(rec_text(r), stdout);
  char *line = NULL;
  size_t cap = 0;
  rc = CLI_OK;
  for (;;) {
    if (interactive) {
      printf("> ");
      fflush(stdout);
    }
    if (getline(&line, &cap, stdin) < 0) break;
    RecResult got = rec_line(r, line, &diag);
    fputs(rec_text(r), stdout);
    if (got == REC_FAILED) {
      cli_error(self, "%s", diag.msg);
      rc = CLI_USAGE;
      break;
    }
    if (got == REC_QUIT) break;
    if (interactive && got != REC_INFO && got != REC_NOTHING && got != REC_PENDING) { /* status showed it */
      rec_show_status(r);
      fputs(rec_text(r), stdout);
    }
  }
  free(line);
  fflush(stdout);
  if (rec_finish(r)) fprintf(stderr, "pinochle: record: %s", rec_text(r));
done:
  rec_free(r);
  store_close(store);
  for (int s = 0; s < PN_MAX_SEATS; s++) free(players[s]);
  return rc;
}
