/*
 * cmd_sim.c - `pinochle sim`: play complete games with the simulated
 * players and write them as an event log.  The same seed gives the same
 * file on every machine.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "export.h"
#include "sim.h"
#include "writer.h"

enum {
  OPT_VARIANT = 256, OPT_GAMES, OPT_SEED, OPT_PLAYERS, OPT_RENEGE, OPT_OPTION, OPT_TAG, OPT_START, OPT_RANDOM,
  OPT_PLANT, OPT_HANDS, OPT_KEY_PREFIX
};

static const struct option sim_options[] = {
    {"variant", required_argument, NULL, OPT_VARIANT},
    {"games", required_argument, NULL, OPT_GAMES},
    {"hands", required_argument, NULL, OPT_HANDS},
    {"seed", required_argument, NULL, OPT_SEED},
    {"players", required_argument, NULL, OPT_PLAYERS},
    {"renege-rate", required_argument, NULL, OPT_RENEGE},
    {"plant-rate", required_argument, NULL, OPT_PLANT},
    {"option", required_argument, NULL, OPT_OPTION},
    {"tag", required_argument, NULL, OPT_TAG},
    {"start-date", required_argument, NULL, OPT_START},
    {"key-prefix", required_argument, NULL, OPT_KEY_PREFIX},
    {"random-play", no_argument, NULL, OPT_RANDOM},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

#define MAX_NAMES 64

/* Days since 1970-01-01 of a civil date, and back (proleptic Gregorian). */
static long days_from_civil(int y, int m, int d) {
  y -= m <= 2;
  long era = (y >= 0 ? y : y - 399) / 400;
  long yoe = y - era * 400;
  long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

static void civil_from_days(long z, char out[48]) {
  z += 719468;
  long era = (z >= 0 ? z : z - 146096) / 146097;
  long doe = z - era * 146097;
  long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  long y = yoe + era * 400, doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  long mp = (5 * doy + 2) / 153, d = doy - (153 * mp + 2) / 5 + 1, m = mp + (mp < 10 ? 3 : -9);
  snprintf(out, 48, "%04d-%02d-%02d", (int)(y + (m <= 2)), (int)m, (int)d);
}

int cmd_sim(const CliCommand *self, int argc, char **argv) {
  const char *variant = NULL, *output = NULL, *players_arg = NULL, *start = "2026-01-06", *key_prefix = NULL;
  const char *tags[32];
  int ntags = 0;
  long games = 1, max_hands = 0;
  uint64_t seed = 1;
  double renege_rate = 0, plant_rate = 0;
  bool random_play = false;
  CliOptions opts = {0};
  int c;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":ho:", sim_options)) != -1) {
    char *end;
    switch (c) {
    case OPT_VARIANT: variant = optarg; break;
    case OPT_KEY_PREFIX:
      if (strlen(optarg) > 40) return cli_usage_error(self, "--key-prefix takes at most 40 bytes");
      key_prefix = optarg;
      break;
    case OPT_GAMES:
      games = strtol(optarg, &end, 10);
      if (*end || games < 1 || games > 100000000) return cli_usage_error(self, "--games takes a positive number");
      break;
    case OPT_HANDS:
      max_hands = strtol(optarg, &end, 10);
      if (*end || max_hands < 1 || max_hands > 1000000000) return cli_usage_error(self, "--hands takes a positive number");
      games = 1000000000; /* as many as it takes */
      break;
    case OPT_SEED:
      seed = strtoull(optarg, &end, 10);
      if (*end || !*optarg) return cli_usage_error(self, "--seed takes a whole number");
      break;
    case OPT_PLAYERS: players_arg = optarg; break;
    case OPT_RENEGE:
      renege_rate = strtod(optarg, &end);
      if (*end || renege_rate < 0 || renege_rate > 1) return cli_usage_error(self, "--renege-rate takes 0 to 1");
      break;
    case OPT_PLANT:
      plant_rate = strtod(optarg, &end);
      if (*end || end == optarg || !(plant_rate >= 0 && plant_rate <= 1))
        return cli_usage_error(self, "--plant-rate takes 0 to 1");
      break;
    case OPT_OPTION:
      if (cli_options_add(self, &opts, optarg) != 0) return CLI_USAGE;
      break;
    case OPT_TAG:
      if (!strchr(optarg, '=') || ntags == 32) return cli_usage_error(self, "--tag takes name=value");
      tags[ntags++] = optarg;
      break;
    case OPT_START: start = optarg; break;
    case OPT_RANDOM: random_play = true; break;
    case 'o': output = optarg; break;
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  if (optind != argc) return cli_usage_error(self, "unexpected argument '%s'", argv[optind]);
  if (!variant) return cli_usage_error(self, "--variant is required");
  PnRules rules;
  if (cli_rules_load(self, &rules, variant, &opts) != 0) return CLI_USAGE;
  int year, month, day;
  if (sscanf(start, "%4d-%2d-%2d", &year, &month, &day) != 3 || month < 1 || month > 12 || day < 1 || day > 31)
    return cli_usage_error(self, "--start-date takes YYYY-MM-DD");

  /* The club: names from --players (at least one per seat), else Seat1.. */
  char *names_buf = NULL;
  const char *names[MAX_NAMES];
  int nnames = 0;
  if (players_arg) {
    names_buf = strdup(players_arg);
    if (!names_buf) return CLI_USAGE;
    for (char *save, *name = strtok_r(names_buf, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
      if (nnames == MAX_NAMES) {
        free(names_buf);
        return cli_usage_error(self, "at most %d players", MAX_NAMES);
      }
      names[nnames++] = name;
    }
    if (nnames < rules.players) {
      free(names_buf);
      return cli_usage_error(self, "%s needs at least %d players", variant, rules.players);
    }
  }

  FILE *out = cli_output_open(self, output);
  if (!out) {
    free(names_buf);
    return CLI_USAGE;
  }
  PnGame *game = malloc(sizeof *game);
  if (!game) {
    free(names_buf);
    cli_output_close(out, output);
    return CLI_USAGE;
  }
  SimConfig config = {.style = random_play ? SIM_RANDOM : SIM_SENSIBLE, .renege_rate = renege_rate,
                      .claim_rate = 0.5, .first_dealer = 1, .plant_rate = plant_rate};
  SimRng seating;
  sim_rng_seed(&seating, seed ^ 0x5EA7u);
  long first_day = days_from_civil(year, month, day);
  int rc = CLI_OK;
  export_header(out);
  long hands_done = 0;
  for (long g = 0; g < games && rc == CLI_OK && (!max_hands || hands_done < max_hands); g++) {
    char key[64], date[48], tag[80];
    if (key_prefix) snprintf(key, sizeof key, "%s%ld", key_prefix, g + 1);
    else snprintf(key, sizeof key, "sim-%s-%llu-%ld", variant, (unsigned long long)seed, g + 1);
    ExportWriter w = {0};
    if (export_writer_game(&w, out, key) != 0) {
      cli_error(self, "out of memory");
      rc = CLI_USAGE;
      break;
    }
    export_writer_row(&w, 0, "variant", NULL, 0, variant);
    for (int i = 0; i < opts.n; i++) export_writer_row(&w, 0, "option", NULL, 0, opts.text[i]);
    int order[MAX_NAMES];
    for (int i = 0; i < nnames; i++) order[i] = i;
    for (int i = nnames - 1; i > 0; i--) { /* a fresh table each game */
      int j = sim_rng_below(&seating, i + 1), t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    for (int s = 1; s <= rules.players; s++) {
      char fallback[16];
      snprintf(fallback, sizeof fallback, "Seat%d", s);
      export_writer_row(&w, s, "player", NULL, 0, nnames ? names[order[s - 1]] : fallback);
    }
    civil_from_days(first_day + 7 * (g / 2), date); /* two games a club night, weekly */
    snprintf(tag, sizeof tag, "date=%s", date);
    export_writer_row(&w, 0, "tag", NULL, 0, tag);
    for (int i = 0; i < ntags; i++) export_writer_row(&w, 0, "tag", NULL, 0, tags[i]);

    SimDriver driver;
    config.first_dealer = 1 + (int)(g % rules.players);
    sim_driver_init(&driver, &config, seed * 1000003u + (uint64_t)g, rules.players);
    pn_game_init(game, &rules);
    PnEvent ev;
    while (sim_next_event(&driver, game, &ev)) {
      PnOutcome outcome;
      if (ev.action == PN_EV_DEALER) export_writer_hand(&w, w.hand + 1);
      if (pn_game_apply(game, &ev, &outcome) == PN_IMPOSSIBLE) {
        cli_error(self, "simulator produced an impossible %s: %s", pn_action_name(ev.action), outcome.reason);
        rc = CLI_USAGE;
        break;
      }
      export_writer_event(&w, &ev); /* a write error shows when the output is closed */
      if (!outcome.hand_done) continue;
      hands_done++;
      if (max_hands && hands_done == max_hands && !game->over) break; /* the last game stops short */
      if (game->hand.number >= 200 && !game->over) break; /* a runaway game */
    }
    export_writer_end(&w);
  }
  free(game);
  free(names_buf);
  if (!cli_output_close(out, output)) {
    cli_error(self, "%s: write error", output ? output : "standard output");
    rc = CLI_USAGE;
  }
  return rc;
}
