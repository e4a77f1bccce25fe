/*
 * cmd_record.c - `pinochle record`: the scorekeeper's live recorder.
 *
 * Parses the arguments, opens the database and feeds the recorder
 * (src/record) one line of standard input at a time, printing what it
 * says.  The state machine, the hashing and resuming live there.
 */
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "codec.h"
#include "record.h"
#include "report_night.h"
#include "store.h"

/* `pinochle record`: usage, summary and help, kept next to the handler they
 * describe; main.c's table lists this row. */
const CliCommand cmd_record_def = {
    .name = "record",
    .run = cmd_record,
    .usage =
        "pinochle record DB --variant PRESET --players NAME,NAME,... [--option NAME=VALUE]...\n"
        "                     [--tag NAME=VALUE]... [--game KEY] [--dealer SEAT] [--seed S] [--yes]\n"
        "       pinochle record DB --night NAME --table T [--round R] [...]\n"
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
        "  lines | edit N LINE | insert N LINE | delete N\n"
        "                            the hand's lines numbered; any one corrected\n"
        "  done                      --redo: replace the stored hand\n"
        "  status | help | quit      (quit in mid-hand asks first)\n"
        "\n"
        "Options:\n"
        "  --variant PRESET     the preset (`pinochle rules` lists them)\n"
        "  --players NAMES      the players by seat, comma-separated, clockwise\n"
        "  --player NAME        one player, repeated in seat order (a name may\n"
        "                       hold a comma); spaces around a name are dropped\n"
        "  --option NAME=VALUE  a house rule (repeatable)\n"
        "  --tag NAME=VALUE     free metadata: date=, club=, table=, event= (repeatable)\n"
        "  --night NAME --table T [--round R]\n"
        "                       a table's game of a club night (`pinochle night`):\n"
        "                       variant, players and the tags night=, round=,\n"
        "                       table= from its seating; R: the table's next round\n"
        "  --game KEY           the game's key (default rec-YYYYMMDD-HHMMSS, -2 ...\n"
        "                       added when taken)\n"
        "  --dealer SEAT        who deals hand 1 (default 1)\n"
        "  --seed S             seed for `deal` shuffles (default: the game's key,\n"
        "                       so a resumed hand deals again the same cards)\n"
        "  --yes                record reneges without asking (for scripts)\n"
        "  --resume KEY         continue an unfinished game\n"
        "  --redo N             with --resume: hand N's lines typed in again, to be\n"
        "                       corrected (edit, insert, delete, undo); `done`\n"
        "                       replaces it in place (the game's id and the other\n"
        "                       hands' findings kept); until then nothing changes\n"
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


enum { OPT_VARIANT = 256, OPT_PLAYERS, OPT_OPTION, OPT_TAG, OPT_RESUME, OPT_GAME, OPT_SEED, OPT_DEALER, OPT_YES, OPT_REDO, OPT_PLAYER,
       OPT_NIGHT, OPT_TABLE, OPT_ROUND };

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
    {"night", required_argument, NULL, OPT_NIGHT},
    {"table", required_argument, NULL, OPT_TABLE},
    {"round", required_argument, NULL, OPT_ROUND},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* What the command line asks for (strings borrowed from argv). */
typedef struct RecordArgs {
  const char *db;                            /* DB */
  const char *variant, *players_arg, *resume, *key; /* --variant, --players, --resume, --game */
  const char *tags[32];                      /* --tag name=value */
  int ntags;
  const char *player_args[PN_MAX_SEATS + 1]; /* --player NAME, in seat order */
  int nplayer_args;
  int dealer, redo;                          /* --dealer (default 1), --redo (0: none) */
  bool auto_yes;                             /* --yes */
  uint64_t seed;                             /* --seed; 0: the shuffles come from the game's key */
  CliOptions opts;                           /* --option */
  const char *night;                         /* --night NAME: players, variant and tags from its seating */
  long table, round;                         /* --table T, --round R (0: the table's next round) */
  char night_text[4][80];                    /* --night: the tags night=, round=, table=, date= */
  char night_key[160];                       /* --night: the game key NAME-rR-tT */
  char night_players[MOVE_MAX_PLAYERS * NIGHT_NAME_MAX]; /* --night: the names by seat, commas between */
  char night_variant[64];                    /* --night: its preset */
} RecordArgs;

/* One option into *a; returns CLI_GO_ON to go on, else the exit code. */
static int parse_option(const CliCommand *self, int c, RecordArgs *a) {
  char *end, why[160] = "";
  switch (c) {
  case OPT_VARIANT: a->variant = optarg; break;
  case OPT_PLAYERS: a->players_arg = optarg; break;
  case OPT_PLAYER: /* one name, commas and all */
    if (a->nplayer_args == PN_MAX_SEATS) return cli_usage_error(self, "at most %d --player", PN_MAX_SEATS);
    a->player_args[a->nplayer_args++] = optarg;
    break;
  case OPT_OPTION:
    if (cli_options_add(self, &a->opts, optarg) != 0) return CLI_USAGE;
    break;
  case OPT_TAG:
    if (!strchr(optarg, '=') || a->ntags == 32) return cli_usage_error(self, "--tag takes name=value");
    if (codec_header_check(CODEC_FIELD_TAG, optarg, why, sizeof why) != 0) /* the importer's check */
      return cli_usage_error(self, "--tag: %s", why);
    a->tags[a->ntags++] = optarg;
    break;
  case OPT_RESUME: a->resume = optarg; break;
  case OPT_GAME:
    if (codec_header_check(CODEC_FIELD_KEY, optarg, why, sizeof why) != 0) return cli_usage_error(self, "--game: %s", why);
    a->key = optarg;
    break;
  case OPT_SEED:
    a->seed = strtoull(optarg, &end, 10);
    if (*end || !*optarg) return cli_usage_error(self, "--seed takes a whole number");
    break;
  case OPT_DEALER:
    a->dealer = (int)strtol(optarg, &end, 10);
    if (*end || a->dealer < 1 || a->dealer > PN_MAX_SEATS) return cli_usage_error(self, "--dealer takes a seat number");
    break;
  case OPT_YES: a->auto_yes = true; break;
  case OPT_REDO:
    a->redo = (int)strtol(optarg, &end, 10);
    if (*end || a->redo < 1) return cli_usage_error(self, "--redo takes a hand number");
    break;
  case OPT_NIGHT: a->night = optarg; break;
  case OPT_TABLE:
    if (!cli_parse_long(optarg, 1, MOVE_MAX_TABLES, &a->table)) return cli_usage_error(self, "--table takes a table number");
    break;
  case OPT_ROUND:
    if (!cli_parse_long(optarg, 1, MOVE_MAX_ROUNDS, &a->round)) return cli_usage_error(self, "--round takes a round number");
    break;
  case 'h': cli_print_help(stdout, self); return CLI_OK;
  default: return CLI_USAGE;
  }
  return CLI_GO_ON;
}

/* --night NAME --table T [--round R]: the variant, the players by seat,
 * the tags night=, round=, table= (and date=) and the game key from the
 * night's seating (reports/report_night.h).  Returns CLI_GO_ON, else the
 * exit code. */
static int night_fill(const CliCommand *self, RecordArgs *a) {
  if (a->players_arg || a->nplayer_args || a->variant || a->resume)
    return cli_usage_error(self, "--night takes the variant and the players from the night: no --variant, --players or --resume");
  if (!a->table) return cli_usage_error(self, "--night needs --table T");
  if (a->ntags + 4 > 32) return cli_usage_error(self, "too many --tag with --night");
  Store *store = NULL;
  Night *night = NULL;
  PnDiag diag = {0};
  const char *players[PN_MAX_SEATS];
  int rc = store_open(a->db, STORE_READONLY | STORE_MUST_EXIST, &store, &diag);
  if (rc == 0) rc = night_load(store, a->night, &night, &diag);
  if (rc == 0 && !a->round) {
    int next = night_next_round(store, night, (int)a->table, &diag);
    if (next < 0) rc = next;
    else if (next == 0)
      snprintf(diag.msg, sizeof diag.msg, "every round at table %ld of night %s has its game (--resume KEY continues one)",
               a->table, a->night);
    a->round = next > 0 ? next : 0;
  }
  if (rc == 0 && a->round > 0) rc = night_table_players(night, (int)a->round, (int)a->table, players, &diag);
  if (rc == 0 && a->round > 0) {
    snprintf(a->night_variant, sizeof a->night_variant, "%s", night->def.preset);
    a->variant = a->night_variant;
    a->night_players[0] = '\0';
    for (int s = 0; s < night->spec.table_size; s++) {
      if (s) strcat(a->night_players, ",");
      strcat(a->night_players, players[s]);
    }
    a->players_arg = a->night_players;
    snprintf(a->night_text[0], 80, "night=%s", night->def.name);
    snprintf(a->night_text[1], 80, "round=%ld", a->round);
    snprintf(a->night_text[2], 80, "table=%ld", a->table);
    for (int i = 0; i < 3; i++) a->tags[a->ntags++] = a->night_text[i];
    if (night->def.date[0]) {
      snprintf(a->night_text[3], 80, "date=%s", night->def.date);
      a->tags[a->ntags++] = a->night_text[3];
    }
    if (!a->key) {
      night_game_key(night, (int)a->round, (int)a->table, a->night_key, sizeof a->night_key);
      a->key = a->night_key;
    }
  }
  night_free(night);
  store_close(store);
  if (rc < 0 || a->round <= 0) {
    cli_error(self, "%s", diag.msg);
    return CLI_USAGE;
  }
  return CLI_GO_ON;
}

/* The options and DB into *a, checked together; returns CLI_GO_ON to go on, else
 * the exit code. */
static int parse_args(const CliCommand *self, int argc, char **argv, RecordArgs *a) {
  int c, rc;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":h", record_options)) != -1)
    if ((rc = parse_option(self, c, a)) >= 0) return rc;
  if (optind != argc - 1) return cli_usage_error(self, "give exactly one database");
  a->db = argv[optind];
  if (a->redo && !a->resume) return cli_usage_error(self, "--redo N goes with --resume KEY");
  if ((a->table || a->round) && !a->night) return cli_usage_error(self, "--table and --round go with --night NAME");
  if (a->night && (rc = night_fill(self, a)) >= 0) return rc;
  if (a->players_arg && a->nplayer_args)
    return cli_usage_error(self, "give the players with --players or with --player, not both");
  if (!a->resume && (!a->variant || (!a->players_arg && !a->nplayer_args)))
    return cli_usage_error(self, "a new game needs --variant and --players (or --player NAME per seat, or --resume KEY)");
  return CLI_GO_ON;
}

/* The names by seat from --players or --player into players[] (owned:
 * the caller frees each); returns how many were given (more than
 * PN_MAX_SEATS are counted, not kept). */
static int split_players(const RecordArgs *a, char *players[PN_MAX_SEATS]) {
  int np = 0;
  if (a->players_arg) {
    char *list = strdup(a->players_arg);
    for (char *save, *name = list ? strtok_r(list, ",", &save) : NULL; name; name = strtok_r(NULL, ",", &save))
      if (np < PN_MAX_SEATS) players[np++] = strdup(name);
      else np++;
    free(list);
  }
  for (int i = 0; i < a->nplayer_args; i++) players[np++] = strdup(a->player_args[i]);
  return np;
}

/* A new game: the rules, the players, then the store (created) and the
 * recorder.  Returns CLI_GO_ON with *store and *r set, else the exit code. */
static int start_new(const CliCommand *self, const RecordArgs *a, Store **store, Recorder **r) {
  PnRules rules;
  PnDiag diag = {0};
  char *players[PN_MAX_SEATS] = {0}; /* names by seat (owned) */
  int rc = CLI_USAGE;
  if (cli_rules_load(self, &rules, a->variant, &a->opts) != 0) goto done;
  if (a->dealer > rules.players) {
    cli_usage_error(self, "--dealer must be a seat of %s", a->variant);
    goto done;
  }
  int np = split_players(a, players);
  if (np != rules.players) {
    cli_usage_error(self, "%s needs %d players, not %d", a->variant, rules.players, np);
    goto done;
  }
  char why[160];
  for (int s = 0; s < np; s++)
    if (!players[s]) {
      cli_error(self, "out of memory");
      goto done;
    } else if (codec_header_check(CODEC_FIELD_PLAYER, players[s], why, sizeof why) != 0) {
      cli_usage_error(self, "seat %d: %s", s + 1, why); /* before the database is created */
      goto done;
    }
  int first, second;
  if (codec_player_repeat((const char *const *)players, np, &first, &second)) {
    cli_usage_error(self, "--players names '%s' in seats %d and %d: one player, one seat", players[second], first + 1,
                    second + 1);
    goto done;
  }
  RecGame game = {.key = a->key, .variant = a->variant, .rules = &rules, .noptions = a->opts.n,
                  .options = a->opts.text, .nplayers = np, .players = (const char *const *)players,
                  .ntags = a->ntags, .tags = a->tags, .dealer = a->dealer};
  if (store_open(a->db, STORE_CREATE, store, &diag) != STORE_OK ||
      rec_start(*store, &game, a->seed, a->auto_yes, r, &diag) != 0) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  printf("recording %s (%s):", rec_key(*r), a->variant);
  for (int s = 0; s < np; s++) printf("%s %s", s ? "," : "", rec_player(*r, s + 1));
  printf("\n");
  rc = CLI_GO_ON;
done:
  for (int s = 0; s < PN_MAX_SEATS; s++) free(players[s]);
  return rc;
}

/* --resume: the store (which must exist) and the recorder.  Returns
 * CLI_GO_ON with *store and *r set, else the exit code. */
static int start_resume(const CliCommand *self, const RecordArgs *a, Store **store, Recorder **r) {
  PnDiag diag = {0};
  if (store_open(a->db, STORE_MUST_EXIST, store, &diag) != STORE_OK ||
      rec_resume(*store, a->resume, a->redo, a->seed, a->auto_yes, r, &diag) != 0) {
    cli_error(self, "%s", diag.msg);
    return CLI_USAGE;
  }
  if (a->redo) printf("re-entering hand %d of %s (the stored one stays until `done`)\n", a->redo, rec_key(*r));
  else printf("resuming %s after hand %d\n", rec_key(*r), rec_hands_played(*r));
  fputs(rec_text(*r), stdout); /* the hand in progress, from the journal */
  return CLI_GO_ON;
}

/* The session: a line at a time from standard input until its end or quit;
 * returns the exit code. */
static void on_interrupt(int sig) { (void)sig; }

static int session(const CliCommand *self, Recorder *r) {
  PnDiag diag = {0};
  bool interactive = isatty(STDIN_FILENO);
  /* Ctrl-C ends the reading (no SA_RESTART): what was kept and how to
   * resume are said as at the end of the input. */
  struct sigaction interrupt = {.sa_handler = on_interrupt};
  sigemptyset(&interrupt.sa_mask);
  sigaction(SIGINT, &interrupt, NULL);
  rec_show_status(r);
  fputs(rec_text(r), stdout);
  char *line = NULL;
  size_t cap = 0;
  int rc = CLI_OK;
  for (;;) {
    if (interactive) {
      printf("> ");
      fflush(stdout);
    }
    ssize_t len = getline(&line, &cap, stdin);
    if (len < 0) break;
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) len--;
    /* the whole line, NUL bytes too, by the event log's text rule: a line
     * the recorder would echo holds no control byte */
    const char *fault = codec_text_fault(line, (size_t)len);
    if (fault || memchr(line, '\r', (size_t)len)) {
      printf("refused: the line holds %s\n", fault ? fault : "a control character");
      continue;
    }
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
  return rc;
}

int cmd_record(const CliCommand *self, int argc, char **argv) {
  RecordArgs a = {.dealer = 1};
  Store *store = NULL;
  Recorder *r = NULL;
  int rc = parse_args(self, argc, argv, &a);
  /* The database is opened only once the arguments are known to be good,
   * and --resume never creates one: a failed start leaves no file behind. */
  if (rc < 0) rc = a.resume ? start_resume(self, &a, &store, &r) : start_new(self, &a, &store, &r);
  if (rc < 0) rc = session(self, r);
  rec_free(r);
  store_close(store);
  return rc;
}
