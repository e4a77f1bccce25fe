/*
 * report_night.c - a club night: start, seating, the tables' games and
 * the standings (report_night.h).  The seating is recomputed from the
 * stored definition (movement.h is deterministic); the standings are
 * computed once into a NightResult and rendered as text, CSV or JSON.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "codec.h"
#include "replay.h"
#include "report_html.h"
#include "report_night.h"

static int fail(PnDiag *diag, int code, const char *msg, const char *what) {
  snprintf(diag->msg, sizeof diag->msg, msg, what);
  return code;
}

/* ------------------------------------------------------------ the night */

static bool name_ok(const char *name) {
  if (!*name || strlen(name) >= NIGHT_NAME_MAX) return false;
  for (const char *c = name; *c; c++)
    if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_' && *c != '.') return false;
  return true;
}

static bool date_ok(const char *d) {
  if (strlen(d) != 10 || d[4] != '-' || d[7] != '-') return false;
  for (int i = 0; i < 10; i++)
    if (i != 4 && i != 7 && !isdigit((unsigned char)d[i])) return false;
  return true;
}

/* Splits the '\n'- or ','-joined names into night->names: 0 or
 * PN_ERR_USAGE (an empty, overlong or repeated name, too many). */
static int names_split(Night *night, const char *list, char sep, PnDiag *diag) {
  night->nplayers = 0;
  const char *at = list;
  while (true) {
    size_t len = strcspn(at, sep == ',' ? ",\n" : "\n");
    if (len == 0 || len >= NIGHT_NAME_MAX)
      return fail(diag, PN_ERR_USAGE, "--players: a name is empty or longer than 63 bytes in '%s'", list);
    if (night->nplayers >= MOVE_MAX_PLAYERS) return fail(diag, PN_ERR_USAGE, "%s", "--players: more than 64 players");
    char *name = night->names[night->nplayers];
    memcpy(name, at, len);
    name[len] = '\0';
    for (int i = 0; i < night->nplayers; i++)
      if (strcasecmp(night->names[i], name) == 0) return fail(diag, PN_ERR_USAGE, "--players: '%s' is listed twice", name);
    night->nplayers++;
    if (at[len] == '\0') break;
    if (at[len] == '\n' && sep == ',') return fail(diag, PN_ERR_USAGE, "%s", "--players: a name holds a line break");
    at += len + 1;
  }
  return 0;
}

/* Fills rules, teams, names and the seating from night->def. */
static int night_prepare(Night *night, PnDiag *diag) {
  if (pn_rules_preset(&night->rules, night->def.preset) != 0)
    return fail(diag, PN_ERR_USAGE, "unknown variant '%s'", night->def.preset);
  night->teams = night->rules.sides == PN_SIDES_TEAMS;
  int rc = names_split(night, night->def.players, night->owned ? '\n' : ',', diag);
  if (rc < 0) return rc;
  int kind = move_kind_parse(night->def.movement);
  if (kind < 0) return fail(diag, PN_ERR_USAGE, "--movement takes progressive, fixed or rotate, not '%s'", night->def.movement);
  if ((kind == MOVE_ROTATE) == night->teams)
    return fail(diag, PN_ERR_USAGE,
                night->teams ? "%s is a partnership preset: --movement progressive or fixed"
                             : "%s seats players alone: --movement rotate",
                night->def.preset);
  night->spec = (MoveSpec){.players = night->nplayers, .table_size = night->rules.players, .kind = (MoveKind)kind,
                           .rounds = night->def.rounds};
  const char *why = move_check(&night->spec);
  if (why != NULL) {
    snprintf(diag->msg, sizeof diag->msg, "%d players, tables of %d, %d rounds: %s", night->nplayers,
             night->rules.players, night->def.rounds, why);
    return PN_ERR_USAGE;
  }
  move_seat(&night->spec, night->rounds);
  return 0;
}

void night_free(Night *night) {
  if (night == NULL) return;
  free(night->owned);
  free(night);
}

int night_start(Store *store, const NightStart *start, Night **out, PnDiag *diag) {
  *out = NULL;
  if (!name_ok(start->name))
    return fail(diag, PN_ERR_USAGE, "the night's name is letters, digits, '-', '_' and '.' (at most 63), not '%s'",
                start->name);
  if (start->date && !date_ok(start->date)) return fail(diag, PN_ERR_USAGE, "--date takes YYYY-MM-DD, not '%s'", start->date);
  Night *night = calloc(1, sizeof *night);
  if (night == NULL) return fail(diag, REPORT_ERROR, "%s", "out of memory");
  PnRules probe;
  bool teams = pn_rules_preset(&probe, start->preset) == 0 && probe.sides == PN_SIDES_TEAMS;
  night->def = (StoreNight){.name = start->name, .preset = start->preset,
                            .movement = start->movement ? start->movement : teams ? "progressive" : "rotate",
                            .rounds = start->rounds, .hands_per_round = start->hands_per_round,
                            .date = start->date ? start->date : "", .players = start->players};
  int rc = night_prepare(night, diag);
  if (rc < 0) goto done;
  /* stored with '\n' between the names, as trimmed by names_split */
  char *joined = malloc((size_t)night->nplayers * NIGHT_NAME_MAX);
  if (joined == NULL) {
    rc = fail(diag, REPORT_ERROR, "%s", "out of memory");
    goto done;
  }
  joined[0] = '\0';
  for (int i = 0; i < night->nplayers; i++) {
    if (i) strcat(joined, "\n");
    strcat(joined, night->names[i]);
  }
  night->def.players = joined;
  StoreNight old;
  char *old_owned = NULL;
  rc = store_night_get(store, start->name, &old, &old_owned, diag);
  free(old_owned);
  if (rc == 1) rc = fail(diag, PN_ERR_CONFLICT, "a night called '%s' exists already", start->name);
  else if (rc == 0) rc = store_night_insert(store, &night->def, diag);
  free(joined);
  if (rc < 0) goto done;
  night_free(night);
  night = NULL;
  rc = night_load(store, start->name, out, diag);
done:
  night_free(night);
  return rc;
}

int night_load(Store *store, const char *name, Night **out, PnDiag *diag) {
  *out = NULL;
  Night *night = calloc(1, sizeof *night);
  if (night == NULL) return fail(diag, REPORT_ERROR, "%s", "out of memory");
  int rc = store_night_get(store, name, &night->def, &night->owned, diag);
  if (rc == 0) rc = fail(diag, REPORT_NOT_FOUND, "no night called '%s'", name);
  if (rc < 0) goto done;
  if ((rc = night_prepare(night, diag)) < 0) {
    char why[sizeof diag->msg];
    snprintf(why, sizeof why, "%s", diag->msg);
    snprintf(diag->msg, sizeof diag->msg, "night %.60s as stored: %.90s", name, why);
    rc = REPORT_CORRUPT;
    goto done;
  }
  *out = night;
  night = NULL;
done:
  night_free(night);
  return rc < 0 ? rc : 0;
}

/* ------------------------------------------------------------- seating */

void night_game_key(const Night *night, int round, int table, char *buf, size_t size) {
  snprintf(buf, size, "%s-r%d-t%d", night->def.name, round, table);
}

int night_table_players(const Night *night, int round, int table, const char *players[PN_MAX_SEATS], PnDiag *diag) {
  if (round < 1 || round > night->spec.rounds) {
    snprintf(diag->msg, sizeof diag->msg, "night %s has rounds 1 to %d, not %d", night->def.name, night->spec.rounds,
             round);
    return PN_ERR_USAGE;
  }
  const MoveRound *r = &night->rounds[round - 1];
  if (table < 1 || table > r->tables) {
    snprintf(diag->msg, sizeof diag->msg, "night %s has tables 1 to %d, not %d", night->def.name, r->tables, table);
    return PN_ERR_USAGE;
  }
  for (int s = 0; s < night->spec.table_size; s++) players[s] = night->names[r->at[table - 1][s]];
  return 0;
}

int night_next_round(Store *store, const Night *night, int table, PnDiag *diag) {
  for (int r = 1; r <= night->spec.rounds; r++) {
    char key[NIGHT_NAME_MAX + 32];
    int64_t id;
    uint64_t hash;
    night_game_key(night, r, table, key, sizeof key);
    int got = store_game_lookup(store, key, &id, &hash, diag);
    if (got < 0) return got;
    if (got == 0) return r;
  }
  return 0;
}

static void seating_html(const Night *night, int first, int last, FILE *out) {
  ReportHtml html = {.served = false};
  char title[160];
  snprintf(title, sizeof title, "%s: table cards", night->def.name);
  report_html_begin(out, &html, title);
  fputs("<h1>", out);
  report_html_text(out, title);
  fputs("</h1>\n<div class=\"table-cards\">\n", out);
  for (int r = first; r <= last; r++) {
    const MoveRound *round = &night->rounds[r - 1];
    for (int t = 0; t < round->tables; t++) {
      fprintf(out, "<section class=\"table-card\"><h2>Round %d, table %d</h2>\n<ol>\n", r, t + 1);
      for (int s = 0; s < night->spec.table_size; s++) {
        fputs("<li>", out);
        report_html_text(out, night->names[round->at[t][s]]);
        if (night->teams) fprintf(out, " <small>(side %d)</small>", s % 2 + 1);
        fputs("</li>\n", out);
      }
      fputs("</ol></section>\n", out);
    }
    if (round->nout > 0) {
      fprintf(out, "<p class=\"sit-out\">Round %d sitting out: ", r);
      for (int i = 0; i < round->nout; i++) {
        if (i) fputs(", ", out);
        report_html_text(out, night->names[round->out[i]]);
      }
      fputs("</p>\n", out);
    }
  }
  fputs("</div>\n", out);
  report_html_end(out, &html);
}

static void seating_row(FILE *out, OutFormat format, bool *first_row, int round, int table, int seat, const char *name) {
  char r[16], t[16] = "", s[16] = "";
  snprintf(r, sizeof r, "%d", round);
  if (table) snprintf(t, sizeof t, "%d", table), snprintf(s, sizeof s, "%d", seat);
  if (format == OUT_CSV) {
    const char *cells[4] = {r, t, s, name};
    out_csv_cells(out, 4, cells);
    return;
  }
  fputs(*first_row ? "[\n  {" : ",\n  {", out);
  *first_row = false;
  fprintf(out, "\"round\": %s, \"table\": %s, \"seat\": %s, \"player\": ", r, table ? t : "null", table ? s : "null");
  out_json_string(out, name);
  fputc('}', out);
}

static void seating_text(const Night *night, int r, FILE *out) {
  const MoveRound *round = &night->rounds[r - 1];
  fprintf(out, "Round %d of %d\n", r, night->spec.rounds);
  for (int t = 0; t < round->tables; t++) {
    fprintf(out, "  table %d:", t + 1);
    for (int s = 0; s < night->spec.table_size; s++) fprintf(out, "%s %d %s", s ? "," : "", s + 1, night->names[round->at[t][s]]);
    if (night->teams)
      fprintf(out, "   (%s & %s v %s & %s)", night->names[round->at[t][0]], night->names[round->at[t][2]],
              night->names[round->at[t][1]], night->names[round->at[t][3]]);
    fputc('\n', out);
  }
  if (round->nout > 0) {
    fputs("  sitting out:", out);
    for (int i = 0; i < round->nout; i++) fprintf(out, "%s %s", i ? "," : "", night->names[round->out[i]]);
    fputc('\n', out);
  }
}

int night_seating(const Night *night, int round, OutFormat format, bool html, FILE *out, PnDiag *diag) {
  if (round < 0 || round > night->spec.rounds) {
    snprintf(diag->msg, sizeof diag->msg, "night %s has rounds 1 to %d, not %d", night->def.name, night->spec.rounds,
             round);
    return PN_ERR_USAGE;
  }
  int first = round ? round : 1, last = round ? round : night->spec.rounds;
  if (html) {
    seating_html(night, first, last, out);
    return 0;
  }
  if (format == OUT_CSV) fputs("round,table,seat,player\n", out);
  bool first_row = true;
  for (int r = first; r <= last; r++) {
    const MoveRound *mr = &night->rounds[r - 1];
    if (format == OUT_TEXT) {
      if (r > first) fputc('\n', out);
      seating_text(night, r, out);
      continue;
    }
    for (int t = 0; t < mr->tables; t++)
      for (int s = 0; s < night->spec.table_size; s++)
        seating_row(out, format, &first_row, r, t + 1, s + 1, night->names[mr->at[t][s]]);
    for (int i = 0; i < mr->nout; i++) seating_row(out, format, &first_row, r, 0, 0, night->names[mr->out[i]]);
  }
  if (format == OUT_JSON) fputs(first_row ? "[]\n" : "\n]\n", out);
  return 0;
}

/* ------------------------------------------------------------ standings */

/* One player's round: what the recap lists. */
typedef struct NightPlay {
  int round, table;                  /* from the game's tags */
  char key[NIGHT_NAME_MAX + 32];     /* the game */
  int partner;                       /* standing index, -1 none */
  int opp[PN_MAX_SEATS];             /* standing indexes of the opponents */
  int nopp;                          /* how many */
  int score;                         /* the side's (or own) score of the round */
  int hands;                         /* hands counted */
  bool win;                          /* won the round's game */
  int game;                          /* its NightResult.game index, -1 not kept */
} NightPlay;

/* One player's line of the standings. */
typedef struct NightStanding {
  char name[NIGHT_NAME_MAX];         /* the player */
  int games, wins;                   /* rounds played, won */
  long points;                       /* scores summed */
  int high_round;                    /* best round score */
  int high_round_no;                 /* the round it was in */
  int rank;                          /* 1-based, after the tie-breaks */
  int nplays;                        /* rounds in plays[] */
  NightPlay plays[MOVE_MAX_ROUNDS];  /* round by round */
} NightStanding;

/* What one game of the night is, read from its rows. */
typedef struct NightGame {
  int round, table;                  /* tags */
  char key[NIGHT_NAME_MAX + 32];     /* game key */
  PnRules rules;                     /* its preset */
  int nplayers;                      /* seats */
  int who[PN_MAX_SEATS];             /* standing index by seat-1 */
  int total[PN_MAX_SEATS];           /* running score after the last hand counted */
  int hands;                         /* hands counted */
  int winner;                        /* stored winner seat, 0 none */
  bool finished;                     /* stored: the game ended */
} NightGame;

#define NIGHT_MAX_GAMES 512     /* games of one night kept for the live tables */
#define NIGHT_MAX_FINDINGS 2048 /* findings of one night's games kept for the recaps */

/* A finding of a night's game (the audit's), for the recaps. */
typedef struct NightFinding {
  int game;                          /* NightResult.game index */
  int hand;                          /* hand number */
  int who;                           /* the offender's standing index, -1 none */
  PnFindingKind kind;                /* what was found */
} NightFinding;

/* The standings, computed once and rendered in each format. */
typedef struct NightResult {
  const Night *night;                      /* borrowed */
  int rounds_played;                       /* the highest round with a game */
  int games;                               /* games of the night counted */
  int n;                                   /* standings */
  NightStanding st[MOVE_MAX_PLAYERS * 2];  /* listed players first, then others met in the games */
  int order[MOVE_MAX_PLAYERS * 2];         /* standing indexes, best first */
  int prize[3];                            /* high total, most wins, high round: standing index, -1 none */
  int ngames;                              /* games kept */
  NightGame game[NIGHT_MAX_GAMES];         /* the night's games (with a round tag), as stored */
  int nfindings;                           /* findings kept */
  NightFinding finding[NIGHT_MAX_FINDINGS]; /* the games' findings, in game and hand order */
} NightResult;

static int standing_of(NightResult *res, const char *name) {
  for (int i = 0; i < res->n; i++)
    if (strcasecmp(res->st[i].name, name) == 0) return i;
  if (res->n >= MOVE_MAX_PLAYERS * 2) return -1;
  NightStanding *s = &res->st[res->n];
  snprintf(s->name, sizeof s->name, "%s", name);
  s->high_round_no = 0;
  return res->n++;
}


static bool same_side(const NightGame *g, int a, int b) {
  if (g->rules.sides != PN_SIDES_TEAMS) return a == b;
  return pn_side_of_seat(&g->rules, 0, 0, a) == pn_side_of_seat(&g->rules, 0, 0, b);
}

/* A round won: the stored winner's side when the game was played out;
 * when the night counts a fixed number of hands, the highest score at
 * the table alone (equal highest: nobody). */
static bool won(const NightGame *g, int seat, int hands_per_round) {
  if (hands_per_round == 0) return g->finished && g->winner > 0 && same_side(g, seat, g->winner);
  for (int s = 1; s <= g->nplayers; s++)
    if (!same_side(g, s, seat) && g->total[s - 1] >= g->total[seat - 1]) return false;
  return true;
}

static void game_count(NightResult *res, const NightGame *g) {
  int kept = -1;
  if (g->round >= 1 && res->ngames < NIGHT_MAX_GAMES) {
    kept = res->ngames++;
    res->game[kept] = *g;
  }
  if (g->round < 1 || g->hands == 0) return;
  res->games++;
  if (g->round > res->rounds_played) res->rounds_played = g->round;
  for (int seat = 1; seat <= g->nplayers; seat++) {
    if (g->who[seat - 1] < 0) continue;
    NightStanding *s = &res->st[g->who[seat - 1]];
    if (s->nplays >= MOVE_MAX_ROUNDS) continue;
    NightPlay *p = &s->plays[s->nplays++];
    *p = (NightPlay){.round = g->round, .table = g->table, .partner = -1, .score = g->total[seat - 1],
                     .hands = g->hands, .win = won(g, seat, res->night->def.hands_per_round),
                     .game = kept};
    snprintf(p->key, sizeof p->key, "%s", g->key);
    for (int o = 1; o <= g->nplayers; o++) {
      if (o == seat) continue;
      if (same_side(g, o, seat)) p->partner = g->who[o - 1];
      else p->opp[p->nopp++] = g->who[o - 1];
    }
    s->games++;
    s->wins += p->win;
    s->points += p->score;
    if (s->high_round_no == 0 || p->score > s->high_round) s->high_round = p->score, s->high_round_no = g->round;
  }
}

/* Standings order: points, then wins, then high round, then name. */
static int standing_cmp(const NightStanding *x, const NightStanding *y) {
  if (x->points != y->points) return x->points > y->points ? -1 : 1;
  if (x->wins != y->wins) return y->wins - x->wins;
  if (x->high_round != y->high_round) return y->high_round - x->high_round;
  return strcmp(x->name, y->name);
}

/* res->order by standing_cmp: an insertion sort (a night has at most a
 * few dozen players), so no comparator needs res through a global. */
static void standings_sort(NightResult *res) {
  for (int i = 0; i < res->n; i++) {
    int v = res->order[i] = i, k = i;
    for (; k > 0 && standing_cmp(&res->st[v], &res->st[res->order[k - 1]]) < 0; k--) res->order[k] = res->order[k - 1];
    res->order[k] = v;
  }
}

/* Prizes (docs/NIGHT.md): high total to rank 1; most games won to the
 * player with most wins, then the better rank; high round to the best
 * round score, then the earlier round, then the better rank.  A player
 * takes one prize at most: a later prize goes to the next in line. */
static void prizes(NightResult *res) {
  bool taken[MOVE_MAX_PLAYERS * 2] = {false};
  res->prize[0] = res->prize[1] = res->prize[2] = -1;
  for (int p = 0; p < 3; p++) {
    for (int k = 0; k < res->n; k++) {
      int i = res->order[k];
      const NightStanding *s = &res->st[i];
      if (taken[i] || s->games == 0) continue;
      int cur = res->prize[p];
      if (cur < 0) {
        res->prize[p] = i;
        continue;
      }
      const NightStanding *c = &res->st[cur];
      if (p == 1 && s->wins > c->wins) res->prize[p] = i;
      if (p == 2 && (s->high_round > c->high_round ||
                     (s->high_round == c->high_round && s->high_round_no < c->high_round_no)))
        res->prize[p] = i;
    }
    if (res->prize[p] >= 0) taken[res->prize[p]] = true;
  }
}

static void game_begin(NightGame *g, NightResult *res, const StoreRow *row) {
  char buf[32];
  *g = (NightGame){.nplayers = row->nplayers, .winner = row->winner, .finished = row->finished};
  g->round = atoi(report_tag(row->tags, row->ntags, "round", buf, sizeof buf));
  g->table = atoi(report_tag(row->tags, row->ntags, "table", buf, sizeof buf));
  snprintf(g->key, sizeof g->key, "%s", row->key);
  if (pn_rules_preset(&g->rules, row->preset) != 0 || g->rules.players != row->nplayers) g->round = 0;
  for (int s = 0; s < row->nplayers; s++) g->who[s] = standing_of(res, row->players[s] ? row->players[s] : "?");
}

/* replay_run's emit: keeps a finding of one of the night's games. */
static bool finding_keep(void *ctx, const StoreRow *row, const ReplayFinding *f) {
  NightResult *res = ctx;
  if (res->nfindings >= NIGHT_MAX_FINDINGS || f->kind == PN_FIND_NONE) return true;
  for (int i = 0; i < res->ngames; i++) {
    if (strcmp(res->game[i].key, row->key) != 0) continue;
    int who = f->seat >= 1 && f->seat <= res->game[i].nplayers ? res->game[i].who[f->seat - 1] : -1;
    res->finding[res->nfindings++] = (NightFinding){.game = i, .hand = f->hand, .who = who, .kind = f->kind};
    break;
  }
  return true;
}

/* The findings of the night's games, replayed as the audit does. */
static int findings_collect(Store *store, NightResult *res, PnDiag *diag) {
  StoreFilter filter = {.tag_name = "night", .tag_value = res->night->def.name};
  StoreCursor *cur = NULL;
  int rc = store_cursor_open(store, &filter, &cur, diag);
  if (rc < 0) return rc;
  ReplayRunOptions opts = {.workers = -1, .emit = finding_keep, .ctx = res};
  ReplayRunStats stats;
  rc = replay_run(cur, &opts, &stats, diag);
  store_cursor_close(cur);
  return rc;
}

static int result_compute(Store *store, NightResult *res, PnDiag *diag) {
  const Night *night = res->night;
  for (int i = 0; i < night->nplayers; i++) standing_of(res, night->names[i]);
  StoreFilter filter = {.tag_name = "night", .tag_value = night->def.name, .results_only = true};
  StoreCursor *cur = NULL;
  int rc = store_cursor_open(store, &filter, &cur, diag);
  if (rc < 0) return rc;
  NightGame g = {.round = 0};
  bool any = false;
  StoreRow row;
  while ((rc = store_cursor_next(cur, &row, diag)) == 1) {
    if (row.new_game) {
      if (any) game_count(res, &g);
      game_begin(&g, res, &row);
      any = true;
    }
    int limit = night->def.hands_per_round;
    if (row.hand < 1 || (limit > 0 && row.hand > limit)) continue;
    CodecResults cr;
    if (codec_results_decode(row.results, row.results_len, &cr) != 0 || cr.players != row.nplayers) {
      snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: the stored results do not decode", row.key, row.hand);
      rc = REPORT_CORRUPT;
      break;
    }
    memcpy(g.total, cr.total, sizeof g.total);
    g.hands = row.hand;
  }
  store_cursor_close(cur);
  if (rc < 0) return rc;
  if (any) game_count(res, &g);
  if ((rc = findings_collect(store, res, diag)) < 0) return rc;
  standings_sort(res);
  for (int k = 0; k < res->n; k++) res->st[res->order[k]].rank = k + 1;
  prizes(res);
  return 0;
}

const char *const night_prize_names[3] = {"high total", "most games won", "high round"};
#define PRIZE_NAMES night_prize_names

static void standings_text(const NightResult *res, FILE *out) {
  const Night *night = res->night;
  fprintf(out, "%s (%s, %s movement%s%s): %d of %d rounds played, %d games\n\n", night->def.name, night->def.preset,
          night->def.movement, night->def.date[0] ? ", " : "", night->def.date, res->rounds_played,
          night->spec.rounds, res->games);
  fprintf(out, "%4s  %-20s %5s %4s %7s %10s\n", "rank", "player", "games", "wins", "points", "high round");
  for (int k = 0; k < res->n; k++) {
    const NightStanding *s = &res->st[res->order[k]];
    char clip[96];
    fprintf(out, "%4d  %s %5d %4d %7ld %10d\n", s->rank, report_pad(clip, sizeof clip, s->name, 20), s->games, s->wins,
            s->points, s->high_round);
  }
  fputs("\nPrizes\n", out);
  for (int p = 0; p < 3; p++) {
    const NightStanding *s = res->prize[p] >= 0 ? &res->st[res->prize[p]] : NULL;
    if (s == NULL) fprintf(out, "  %-15s none yet\n", PRIZE_NAMES[p]);
    else if (p == 0) fprintf(out, "  %-15s %s, %ld points\n", PRIZE_NAMES[p], s->name, s->points);
    else if (p == 1) fprintf(out, "  %-15s %s, %d of %d\n", PRIZE_NAMES[p], s->name, s->wins, s->games);
    else fprintf(out, "  %-15s %s, %d in round %d\n", PRIZE_NAMES[p], s->name, s->high_round, s->high_round_no);
  }
  fputs("\nRecaps\n", out);
  for (int k = 0; k < res->n; k++) {
    const NightStanding *s = &res->st[res->order[k]];
    fprintf(out, "  %s\n", s->name);
    for (int i = 0; i < s->nplays; i++) {
      const NightPlay *p = &s->plays[i];
      fprintf(out, "    round %d, table %d: ", p->round, p->table);
      if (p->partner >= 0) fprintf(out, "with %s ", res->st[p->partner].name);
      fputs("against ", out);
      for (int o = 0; o < p->nopp; o++) fprintf(out, "%s%s", o ? (o + 1 == p->nopp ? " and " : ", ") : "", res->st[p->opp[o]].name);
      fprintf(out, ": %d%s (%s, %d hands)\n", p->score, p->win ? ", won" : "", p->key, p->hands);
      for (int f = 0; f < res->nfindings; f++) {
        const NightFinding *nf = &res->finding[f];
        if (nf->game != p->game) continue;
        fprintf(out, "      hand %d: %s%s%s\n", nf->hand, nf->who >= 0 ? res->st[nf->who].name : "",
                nf->who >= 0 ? " " : "", pn_finding_name(nf->kind));
      }
    }
    if (s->nplays == 0) fputs("    no round played\n", out);
  }
}

static void standings_csv(const NightResult *res, FILE *out) {
  fputs("rank,player,games,wins,points,high_round,high_round_no,prize\n", out);
  for (int k = 0; k < res->n; k++) {
    int i = res->order[k];
    const NightStanding *s = &res->st[i];
    char c[6][24];
    const char *prize = "";
    for (int p = 0; p < 3; p++)
      if (res->prize[p] == i) prize = PRIZE_NAMES[p];
    snprintf(c[0], 24, "%d", s->rank);
    snprintf(c[1], 24, "%d", s->games);
    snprintf(c[2], 24, "%d", s->wins);
    snprintf(c[3], 24, "%ld", s->points);
    snprintf(c[4], 24, "%d", s->high_round);
    snprintf(c[5], 24, "%d", s->high_round_no);
    const char *cells[8] = {c[0], s->name, c[1], c[2], c[3], c[4], s->games ? c[5] : "", prize};
    if (!s->games) cells[5] = "";
    out_csv_cells(out, 8, cells);
  }
}

static void play_json(const NightResult *res, const NightPlay *p, FILE *out) {
  fprintf(out, "{\"round\": %d, \"table\": %d, \"game\": ", p->round, p->table);
  out_json_string(out, p->key);
  fputs(", \"partner\": ", out);
  if (p->partner >= 0) out_json_string(out, res->st[p->partner].name);
  else fputs("null", out);
  fputs(", \"opponents\": [", out);
  for (int o = 0; o < p->nopp; o++) {
    if (o) fputs(", ", out);
    out_json_string(out, res->st[p->opp[o]].name);
  }
  fprintf(out, "], \"score\": %d, \"won\": %s, \"hands\": %d, \"findings\": [", p->score, p->win ? "true" : "false",
          p->hands);
  bool first = true;
  for (int f = 0; f < res->nfindings; f++) {
    const NightFinding *nf = &res->finding[f];
    if (nf->game != p->game) continue;
    fprintf(out, "%s{\"hand\": %d, \"player\": ", first ? "" : ", ", nf->hand);
    if (nf->who >= 0) out_json_string(out, res->st[nf->who].name);
    else fputs("null", out);
    fprintf(out, ", \"kind\": \"%s\"}", pn_finding_name(nf->kind));
    first = false;
  }
  fputs("]}", out);
}

static void standings_json_fields(const NightResult *res, FILE *out) {
  const Night *night = res->night;
  fputs("\"night\": ", out);
  out_json_string(out, night->def.name);
  fputs(", \"variant\": ", out);
  out_json_string(out, night->def.preset);
  fputs(", \"movement\": ", out);
  out_json_string(out, night->def.movement);
  fputs(", \"date\": ", out);
  out_json_string(out, night->def.date);
  fprintf(out, ", \"hands_per_round\": %d", night->def.hands_per_round);
  fprintf(out, ", \"rounds\": %d, \"rounds_played\": %d, \"games\": %d,\n \"standings\": [", night->spec.rounds,
          res->rounds_played, res->games);
  for (int k = 0; k < res->n; k++) {
    const NightStanding *s = &res->st[res->order[k]];
    fputs(k ? ",\n  {\"rank\": " : "\n  {\"rank\": ", out);
    fprintf(out, "%d, \"player\": ", s->rank);
    out_json_string(out, s->name);
    fprintf(out, ", \"games\": %d, \"wins\": %d, \"points\": %ld, \"high_round\": %d, \"recap\": [", s->games, s->wins,
            s->points, s->high_round);
    for (int i = 0; i < s->nplays; i++) {
      if (i) fputs(", ", out);
      play_json(res, &s->plays[i], out);
    }
    fputs("]}", out);
  }
  fputs("],\n \"prizes\": [", out);
  for (int p = 0; p < 3; p++) {
    fprintf(out, "%s{\"prize\": \"%s\", \"player\": ", p ? ", " : "", PRIZE_NAMES[p]);
    if (res->prize[p] >= 0) out_json_string(out, res->st[res->prize[p]].name);
    else fputs("null", out);
    fputc('}', out);
  }
  fputc(']', out);
}

static void standings_json(const NightResult *res, FILE *out) {
  fputc('{', out);
  standings_json_fields(res, out);
  fputs("}\n", out);
}

/* Loads the night and computes its result: *res (caller frees both with
 * result_free). */
static int result_load(Store *store, const char *name, NightResult **res, PnDiag *diag) {
  Night *night = NULL;
  *res = calloc(1, sizeof **res);
  if (*res == NULL) return fail(diag, REPORT_ERROR, "%s", "out of memory");
  int rc = night_load(store, name, &night, diag);
  (*res)->night = night;
  if (rc == 0) rc = result_compute(store, *res, diag);
  return rc;
}

static void result_free(NightResult *res) {
  if (res == NULL) return;
  night_free((Night *)res->night);
  free(res);
}

int report_night(Store *store, const char *name, OutFormat format, FILE *out, PnDiag *diag) {
  NightResult *res = NULL;
  int rc = result_load(store, name, &res, diag);
  if (rc == 0) {
    if (format == OUT_CSV) standings_csv(res, out);
    else if (format == OUT_JSON) standings_json(res, out);
    else standings_text(res, out);
  }
  result_free(res);
  return rc;
}

/* ------------------------------------------------------------ live view */

/* A game is done when it ended, or reached the night's hands a round. */
static bool game_done(const NightResult *res, const NightGame *g) {
  int limit = res->night->def.hands_per_round;
  return limit > 0 ? g->hands >= limit : g->finished;
}

static const NightGame *game_at(const NightResult *res, int round, int table) {
  for (int i = 0; i < res->ngames; i++)
    if (res->game[i].round == round && res->game[i].table == table) return &res->game[i];
  return NULL;
}

/* The round the tables play now: the latest round with a game, or the
 * next once all its tables are done (rounds + 1 when the night is over). */
static int round_in_play(const NightResult *res) {
  int latest = 0;
  for (int i = 0; i < res->ngames; i++)
    if (res->game[i].round > latest && res->game[i].round <= res->night->spec.rounds) latest = res->game[i].round;
  if (latest == 0) return 1;
  const MoveRound *mr = &res->night->rounds[latest - 1];
  for (int t = 1; t <= mr->tables; t++) {
    const NightGame *g = game_at(res, latest, t);
    if (g == NULL || !game_done(res, g)) return latest;
  }
  return latest + 1;
}

/* "Ann & Cal" or "Ann": the side of seat s (1-based) in game g. */
static void side_name(const NightResult *res, const NightGame *g, int s, char *buf, size_t size) {
  buf[0] = '\0';
  for (int o = 1; o <= g->nplayers; o++)
    if (same_side(g, o, s)) {
      size_t len = strlen(buf);
      snprintf(buf + len, size - len, "%s%s", len ? " & " : "", res->st[g->who[o - 1]].name);
    }
}

/* The seats that lead their side (each side once), in seat order. */
static int side_leads(const NightGame *g, int leads[PN_MAX_SEATS]) {
  int n = 0;
  for (int s = 1; s <= g->nplayers; s++) {
    bool first = true;
    for (int o = 1; o < s; o++)
      if (same_side(g, o, s)) first = false;
    if (first) leads[n++] = s;
  }
  return n;
}

/* Table t of `round` as the live view shows it. */
static void live_table(const NightResult *res, int round, int t, NightLiveTable *lt) {
  const Night *night = res->night;
  const NightGame *g = game_at(res, round, t);
  memset(lt, 0, sizeof *lt);
  lt->table = t;
  if (g) snprintf(lt->game, sizeof lt->game, "%s", g->key);
  else night_game_key(night, round, t, lt->game, sizeof lt->game);
  lt->started = g != NULL;
  lt->nplayers = night->spec.table_size;
  for (int s = 0; s < night->spec.table_size; s++)
    snprintf(lt->players[s], sizeof lt->players[s], "%s",
             g ? res->st[g->who[s]].name : night->names[night->rounds[round - 1].at[t - 1][s]]);
  if (g) {
    int leads[PN_MAX_SEATS];
    lt->nsides = side_leads(g, leads);
    for (int i = 0; i < lt->nsides; i++) {
      side_name(res, g, leads[i], lt->side[i], sizeof lt->side[i]);
      lt->score[i] = g->total[leads[i] - 1];
    }
  }
  lt->hands = g ? g->hands : 0;
  lt->done = g && game_done(res, g);
}

static void live_table_json(const NightLiveTable *lt, FILE *out) {
  fprintf(out, "{\"table\": %d, \"game\": ", lt->table);
  out_json_string(out, lt->game);
  fprintf(out, ", \"started\": %s, \"players\": [", lt->started ? "true" : "false");
  for (int s = 0; s < lt->nplayers; s++) {
    if (s) fputs(", ", out);
    out_json_string(out, lt->players[s]);
  }
  fputs("], \"scores\": [", out);
  for (int i = 0; i < lt->nsides; i++) {
    fputs(i ? ", {\"side\": " : "{\"side\": ", out);
    out_json_string(out, lt->side[i]);
    fprintf(out, ", \"score\": %d}", lt->score[i]);
  }
  fprintf(out, "], \"hands\": %d, \"done\": %s}", lt->hands, lt->done ? "true" : "false");
}

/* The live view's tables and standings from the computed result. */
static void live_fill(const NightResult *res, NightLive *live) {
  live->rounds_played = res->rounds_played;
  live->round_in_play = round_in_play(res);
  if (live->round_in_play <= res->night->spec.rounds)
    for (int t = 1; t <= res->night->rounds[live->round_in_play - 1].tables; t++)
      live_table(res, live->round_in_play, t, &live->table[live->ntables++]);
  for (int k = 0; k < res->n; k++) {
    const NightStanding *s = &res->st[res->order[k]];
    NightLiveRow *r = &live->row[live->nrows++];
    r->rank = s->rank;
    snprintf(r->player, sizeof r->player, "%s", s->name);
    r->games = s->games;
    r->wins = s->wins;
    r->points = s->points;
    r->high_round = s->high_round;
  }
  for (int p = 0; p < 3; p++) {
    if (res->prize[p] < 0) continue;
    snprintf(live->prize_player[p], sizeof live->prize_player[p], "%s", res->st[res->prize[p]].name);
    live->prize[p] = live->prize_player[p];
  }
}

static void live_round_json(const NightResult *res, int round, FILE *out) {
  const Night *night = res->night;
  if (round > night->spec.rounds) {
    fputs("null", out);
    return;
  }
  const MoveRound *mr = &night->rounds[round - 1];
  fprintf(out, "{\"round\": %d, \"tables\": [", round);
  for (int t = 0; t < mr->tables; t++) {
    fputs(t ? ", [" : "[", out);
    for (int s = 0; s < night->spec.table_size; s++) {
      if (s) fputs(", ", out);
      out_json_string(out, night->names[mr->at[t][s]]);
    }
    fputc(']', out);
  }
  fputs("], \"out\": [", out);
  for (int i = 0; i < mr->nout; i++) {
    if (i) fputs(", ", out);
    out_json_string(out, night->names[mr->out[i]]);
  }
  fputs("]}", out);
}

int report_night_live_compute(Store *store, const char *name, NightLive **live, PnDiag *diag) {
  NightResult *res = NULL;
  *live = calloc(1, sizeof **live);
  if (*live == NULL) return fail(diag, REPORT_ERROR, "%s", "out of memory");
  int rc = result_load(store, name, &res, diag);
  if (rc == 0) {
    live_fill(res, *live);
    (*live)->night = (Night *)res->night; /* the live view owns it now */
    res->night = NULL;
  }
  result_free(res);
  if (rc != 0) {
    report_night_live_free(*live);
    *live = NULL;
  }
  return rc;
}

void report_night_live_free(NightLive *live) {
  if (live == NULL) return;
  night_free(live->night);
  free(live);
}

int report_night_live(Store *store, const char *name, FILE *out, PnDiag *diag) {
  NightResult *res = NULL;
  NightLive *live = calloc(1, sizeof *live);
  if (live == NULL) return fail(diag, REPORT_ERROR, "%s", "out of memory");
  int rc = result_load(store, name, &res, diag);
  if (rc == 0) {
    live_fill(res, live);
    fputc('{', out);
    standings_json_fields(res, out);
    fprintf(out, ",\n \"round_in_play\": %d, \"tables\": [", live->round_in_play);
    for (int t = 0; t < live->ntables; t++) {
      if (t > 0) fputs(",\n  ", out);
      live_table_json(&live->table[t], out);
    }
    fputs("],\n \"next\": ", out);
    live_round_json(res, live->round_in_play + 1, out);
    fputs("}\n", out);
  }
  result_free(res);
  free(live);
  return rc;
}
