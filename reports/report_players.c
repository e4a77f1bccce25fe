/*
 * report_players.c - per-player and per-partnership statistics
 * (report_players.h).
 *
 * One pass over the cursor; per hand only the results blob is decoded.
 * Players are found in a roster (report_common.h) once per game (the
 * game's seats are resolved to roster numbers when its first row arrives), so a hand
 * costs one decode and a few additions, and nothing is allocated per hand.
 */
#define _POSIX_C_SOURCE 200809L
#include "report_players.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "codec.h"
#include "review_store.h"

const ReportColumn
    report_player_columns[REPORT_PLAYER_COLUMNS + REPORT_PLAYER_ACCURACY_COLUMNS + REPORT_PLAYER_FAIR_COLUMNS] = {
    {"name", "player", REPORT_STR, REPORT_ALL},
    {"variant", "variant", REPORT_STR, REPORT_ALL},
    {"games", "games", REPORT_INT, REPORT_ALL},
    {"wins", "wins", REPORT_INT, REPORT_ALL},
    {"win_pct", "win%", REPORT_DEC, REPORT_ALL},
    {"hands", "hands", REPORT_INT, REPORT_ALL},
    {"tricks", "tricks", REPORT_INT, REPORT_ALL},
    {"counters_per_hand", "ctr/h", REPORT_DEC, REPORT_ALL},
    {"meld_shown_per_hand", "meld/h", REPORT_DEC, REPORT_ALL},
    {"meld_saved_per_hand", "saved/h", REPORT_DEC, REPORT_ALL},
    {"bids_won", "bids", REPORT_INT, REPORT_ALL},
    {"avg_winning_bid", "avg bid", REPORT_DEC, REPORT_ALL},
    {"bids_made", "made", REPORT_INT, REPORT_ALL},
    {"bids_set", "set", REPORT_INT, REPORT_ALL},
    {"make_pct", "make%", REPORT_DEC, REPORT_ALL},
    {"avg_margin", "margin", REPORT_DEC, REPORT_ALL},
    {"moons_tried", "moons", REPORT_INT, REPORT_ALL},
    {"moons_made", "moon made", REPORT_INT, REPORT_ALL},
    {"reneges_follow", "rn-follow", REPORT_INT, REPORT_ALL},
    {"reneges_head", "rn-head", REPORT_INT, REPORT_ALL},
    {"reneges_trump", "rn-trump", REPORT_INT, REPORT_ALL},
    {"reneges_overtrump", "rn-over", REPORT_INT, REPORT_ALL},
    {"points_per_hand", "pts/h", REPORT_DEC, REPORT_ALL},
    /* play accuracy: only when the selection has analysed hands */
    {"plays_analysed", "plays", REPORT_INT, REPORT_ALL},
    {"best_play_pct", "best%", REPORT_DEC, REPORT_ALL},
    {"cost_per_play", "cost/p", REPORT_DEC, REPORT_ALL},
    {"cost_per_hand", "cost/h", REPORT_DEC, REPORT_ALL},
    /* fair accuracy: only when the selection has reviewed hands */
    {"fair_decisions", "f-dec", REPORT_INT, REPORT_ALL},
    {"fair_play_best_pct", "f-play%", REPORT_DEC, REPORT_ALL},
    {"fair_play_cost", "f-play c", REPORT_DEC, REPORT_ALL},
    {"fair_trump_best_pct", "f-trump%", REPORT_DEC, REPORT_ALL},
    {"fair_trump_cost", "f-trump c", REPORT_DEC, REPORT_ALL},
    {"fair_bid_best_pct", "f-bid%", REPORT_DEC, REPORT_ALL},
    {"fair_bid_cost", "f-bid c", REPORT_DEC, REPORT_ALL},
    {"fair_pass_best_pct", "f-pass%", REPORT_DEC, REPORT_ALL},
    {"fair_pass_cost", "f-pass c", REPORT_DEC, REPORT_ALL},
};

#define ACCURACY_COLUMNS (REPORT_PLAYER_COLUMNS + REPORT_PLAYER_ACCURACY_COLUMNS)
#define ALL_COLUMNS (ACCURACY_COLUMNS + REPORT_PLAYER_FAIR_COLUMNS)
/* The fair columns' kinds, in column order. */
static const RvKind FAIR_ORDER[4] = {RV_PLAY, RV_TRUMP, RV_BID, RV_PASS};

typedef ReportPlayerStats Tally;

/* The current game: its seats resolved to roster numbers (each entry's
 * item a Tally). */
typedef ReportSeating Game;

/* Did the player in `seat` win the game whose winning side's seats are
 * `winners` (report_winners: a team's two, five-call's bidder and
 * partner)? */
static bool won(int seat, unsigned winners) { return winners >> (seat - 1) & 1u; }

static Tally *tally(const ReportRoster *m, long i) { return report_roster_item(m, (size_t)i); }

/* Seats the game of row (its first row) and counts it for its players
 * and partnerships. */
static int start_game(Game *g, const StoreRow *row, ReportRoster *players, ReportRoster *pairs, PnDiag *diag) {
  int rc = report_seating(row, players, pairs, g, diag);
  if (rc != 0) return rc;
  for (int s = 1; s <= g->players; s++) {
    bool again = false; /* the same player in two seats counts the game once */
    for (int o = 1; o < s; o++) again = again || g->seat[o - 1] == g->seat[s - 1];
    if (again) continue;
    tally(players, g->seat[s - 1])->games++;
    tally(players, g->seat[s - 1])->wins += won(s, report_winners(row));
  }
  for (int side = 0; g->teams && side < 2; side++) {
    tally(pairs, g->pair[side])->games++;
    tally(pairs, g->pair[side])->wins += won(side + 1, report_winners(row));
  }
  return 0;
}

/* Adds what the seats seats[0..n) of one side did in a hand. */
static void add_side(Tally *t, const PnHandResult *h, const int *seats, int n) {
  t->hands++;
  if (h->redeal) return;
  for (int i = 0; i < n; i++) {
    const PnSeatResult *sr = &h->seat[seats[i] - 1];
    t->tricks += sr->tricks;
    t->counters += sr->counters;
    t->meld_shown += sr->meld_shown;
    t->meld_saved += sr->meld_counted;
    for (int k = 0; k < 4; k++) t->reneges[k] += sr->reneges[k];
  }
  t->score += h->seat[seats[0] - 1].score; /* a side's seats share its score */
}

static void add_bid(Tally *t, const PnHandResult *h, int side_total) {
  t->bids++;
  t->bid_sum += h->bid;
  t->made += h->made;
  t->set += !h->made;
  t->margin += side_total - h->bid;
  t->moons += h->moon;
  t->moons_made += h->moon && h->made;
}

static void add_hand(const Game *g, const CodecResults *res, const ReportRoster *players, const ReportRoster *pairs) {
  const PnHandResult *h = &res->result;
  for (int s = 1; s <= g->players; s++) add_side(tally(players, g->seat[s - 1]), h, &s, 1);
  int bidder = h->redeal ? 0 : h->bidder;
  int side_total = 0;
  if (bidder >= 1 && bidder <= g->players) {
    int seats[PN_MAX_SEATS], bid_side = pn_side_of_seat(&g->rules, bidder, h->partner, bidder);
    int n = pn_side_seats(&g->rules, bidder, h->partner, bid_side, seats);
    for (int i = 0; i < n; i++) side_total += h->seat[seats[i] - 1].meld_counted + h->seat[seats[i] - 1].counters;
    add_bid(tally(players, g->seat[bidder - 1]), h, side_total);
  }
  if (!g->teams) return;
  for (int side = 0; side < 2; side++) {
    Tally *t = tally(pairs, g->pair[side]);
    int seats[PN_MAX_SEATS], n = pn_side_seats(&g->rules, 0, 0, side, seats);
    add_side(t, h, seats, n);
    if (bidder >= 1 && pn_side_of_seat(&g->rules, bidder, 0, bidder) == side) add_bid(t, h, side_total);
  }
}

/* The hand's stored analysis into *an when it is current (made with
 * these rules for these events, by a search whose values are sound:
 * analysis_decode_sound) and complete: every play the solver can
 * take is valued.  That is a hand analysed whole, or one of the two-hand
 * family whose playoff is (status unsupported: the plays of the stock
 * phase, whose draws are unknown, cannot be); a hand the node budget
 * stopped is left out. */
static bool analysed(const StoreRow *row, AnHand *an, ReportPlayers *r) {
  if (!row->analysis) return false;
  if (row->analysis_rules != PN_RULES_VERSION || row->analysis_key != analysis_key(row) ||
      analysis_decode_sound(row->analysis, row->analysis_len, an) != 0) {
    r->stale++;
    return false;
  }
  if (an->status == AN_BUDGET) r->stopped++;
  return an->status == AN_ANALYSED || (an->status == AN_UNSUPPORTED && analysis_valued_plays(an) > 0);
}

/* Adds an analysed hand's plays to their players and partnerships. */
static void add_analysis(const Game *g, const AnHand *an, const ReportRoster *players, const ReportRoster *pairs) {
  for (int s = 1; s <= g->players; s++) {
    bool again = false; /* the same player in two seats counts the hand once */
    for (int o = 1; o < s; o++) again = again || g->seat[o - 1] == g->seat[s - 1];
    if (!again) tally(players, g->seat[s - 1])->an_hands++;
  }
  for (int side = 0; g->teams && side < 2; side++) tally(pairs, g->pair[side])->an_hands++;
  for (int i = 0; i < an->nplays; i++) {
    const AnPlay *p = &an->plays[i];
    if (!p->valued || p->seat < 1 || p->seat > g->players) continue;
    Tally *t[2] = {tally(players, g->seat[p->seat - 1]),
                   g->teams ? tally(pairs, g->pair[pn_side_of_seat(&g->rules, 0, 0, p->seat)]) : NULL};
    for (int k = 0; k < 2 && t[k]; k++) {
      t[k]->plays++;
      t[k]->best += p->cost == 0;
      t[k]->cost += p->cost;
    }
  }
}

/* Adds a reviewed hand's valued decisions to their players and
 * partnerships, by kind. */
static void add_review(const Game *g, const RvHandReview *rv, const ReportRoster *players, const ReportRoster *pairs) {
  for (int i = 0; i < rv->n; i++) {
    const RvVerdict *d = &rv->d[i];
    if (!d->valued || d->seat < 1 || d->seat > g->players || d->kind > RV_PLAY) continue;
    Tally *t[2] = {tally(players, g->seat[d->seat - 1]),
                   g->teams ? tally(pairs, g->pair[pn_side_of_seat(&g->rules, 0, 0, d->seat)]) : NULL};
    for (int k = 0; k < 2 && t[k]; k++) {
      ReportFair *f = &t[k]->fair[d->kind];
      f->n++;
      f->best += d->chosen == d->best;
      f->cost += d->cost;
    }
  }
}

/* ------------------------------------------------------------- model */

/* The players and partnerships of one preset. */
typedef struct Bucket {
  char *preset;              /* the preset's name; owned */
  ReportRoster players, pairs; /* each entry's item a Tally */
} Bucket;

/* The rosters, one pair per preset met. */
typedef struct Own {
  Bucket *b;                 /* by first met */
  int n, cap;                /* buckets; room */
} Own;

/* The bucket of preset, added when new; NULL on memory. */
static Bucket *bucket_of(Own *own, const char *preset) {
  for (int i = 0; i < own->n; i++)
    if (strcmp(own->b[i].preset, preset) == 0) return &own->b[i];
  if (own->n == own->cap) {
    int cap = own->cap ? own->cap * 2 : 4;
    Bucket *b = realloc(own->b, (size_t)cap * sizeof *b);
    if (!b) return NULL;
    own->b = b;
    own->cap = cap;
  }
  Bucket *b = &own->b[own->n];
  if (!(b->preset = strdup(preset))) return NULL;
  report_roster_init(&b->players, sizeof(Tally), NULL);
  report_roster_init(&b->pairs, sizeof(Tally), NULL);
  own->n++;
  return b;
}

static int by_name(const void *a, const void *b) {
  const ReportPlayerRow *x = a, *y = b;
  int c = strcmp(x->name, y->name);
  return c ? c : strcmp(x->variant, y->variant);
}

/* The entries of every bucket's roster (pairs or players) with at least
 * min_hands hands and min_plays analysed plays, by name then preset. */
static int collect(const Own *own, bool pairs, long min_hands, long min_plays, ReportPlayerRow **rows, size_t *n) {
  size_t total = 0;
  for (int i = 0; i < own->n; i++) total += pairs ? own->b[i].pairs.n : own->b[i].players.n;
  if (!(*rows = malloc((total ? total : 1) * sizeof **rows))) return -1;
  *n = 0;
  for (int i = 0; i < own->n; i++) {
    const ReportRoster *m = pairs ? &own->b[i].pairs : &own->b[i].players;
    for (size_t k = 0; k < m->n; k++) {
      const Tally *t = report_roster_item(m, k);
      if (t->hands >= min_hands && t->plays >= min_plays)
        (*rows)[(*n)++] = (ReportPlayerRow){m->names[k], own->b[i].preset, t};
    }
  }
  qsort(*rows, *n, sizeof **rows, by_name);
  return 0;
}

/* Adds one stored hand (not a game's empty row) of the game g seated. */
static int add_row(const Game *g, const StoreRow *row, Bucket *b, ReportPlayers *r, PnDiag *diag) {
  CodecResults res;
  if (codec_results_decode(row->results, row->results_len, &res) != 0 || res.players != g->players) {
    snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: the stored results do not decode", row->key, row->hand);
    return REPORT_CORRUPT;
  }
  add_hand(g, &res, &b->players, &b->pairs);
  r->hands++;
  AnHand an;
  if (analysed(row, &an, r)) {
    add_analysis(g, &an, &b->players, &b->pairs);
    r->analysed++;
  }
  if (row->review) {
    RvHandReview *rv = malloc(sizeof *rv); /* large; and rare: only a reviewed hand */
    if (!rv) {
      snprintf(diag->msg, sizeof diag->msg, "out of memory");
      return REPORT_ERROR;
    }
    if (review_of_row(row, rv)) {
      add_review(g, rv, &b->players, &b->pairs);
      r->reviewed++;
    }
    free(rv);
  }
  return 0;
}

int report_players_compute(Store *store, const ReportQuery *q, ReportPlayers *r, PnDiag *diag) {
  memset(r, 0, sizeof *r);
  Own *own = calloc(1, sizeof *own);
  StoreCursor *cursor = NULL;
  StoreFilter filter;
  report_query_filter(q, &filter);
  filter.results_only = true; /* the players report needs no events ... */
  filter.with_analysis = true; /* ... but those of an analysed or reviewed hand, for its key */
  int rc = REPORT_ERROR;
  snprintf(diag->msg, sizeof diag->msg, "out of memory");
  if (!(r->own = own) || (rc = store_cursor_open(store, &filter, &cursor, diag)) < 0) goto done;
  Game game = {0};
  Bucket *b = NULL;
  StoreRow row;
  while ((rc = store_cursor_next(cursor, &row, diag)) == 1) {
    if (row.new_game) {
      if (!(b = bucket_of(own, row.preset))) {
        snprintf(diag->msg, sizeof diag->msg, "out of memory");
        rc = REPORT_ERROR;
        goto done;
      }
      if ((rc = start_game(&game, &row, &b->players, &b->pairs, diag)) != 0) goto done;
      r->any_teams = r->any_teams || game.teams;
    }
    if (row.hand >= 1 && (rc = add_row(&game, &row, b, r, diag)) != 0) goto done;
  }
  if (rc < 0) goto done;
  r->npresets = own->n;
  long min_hands = q->min_hands > 0 ? q->min_hands : 0, min_plays = q->min_plays > 0 ? q->min_plays : 0;
  if (collect(own, false, min_hands, min_plays, &r->players, &r->nplayers) != 0 ||
      collect(own, true, min_hands, min_plays, &r->pairs, &r->npairs) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
    goto done;
  }
  rc = 0;
  diag->msg[0] = '\0';
done:
  store_cursor_close(cursor);
  return rc;
}

void report_players_free(ReportPlayers *r) {
  Own *own = r->own;
  for (int i = 0; own && i < own->n; i++) {
    free(own->b[i].preset);
    report_roster_free(&own->b[i].players);
    report_roster_free(&own->b[i].pairs);
  }
  if (own) free(own->b);
  free(own);
  free(r->players);
  free(r->pairs);
  memset(r, 0, sizeof *r);
}

/* ---------------------------------------------------------------- output */

void report_player_cells(const ReportPlayerRow *row, char v[][32], const char *cells[]) {
  const Tally *t = row->s;
  int c = 2;
  report_int(v[c++], 32, t->games);
  report_int(v[c++], 32, t->wins);
  report_ratio(v[c++], 32, (double)t->wins, t->games, 100);
  report_int(v[c++], 32, t->hands);
  report_int(v[c++], 32, t->tricks);
  report_ratio(v[c++], 32, (double)t->counters, t->hands, 1);
  report_ratio(v[c++], 32, (double)t->meld_shown, t->hands, 1);
  report_ratio(v[c++], 32, (double)t->meld_saved, t->hands, 1);
  report_int(v[c++], 32, t->bids);
  report_ratio(v[c++], 32, (double)t->bid_sum, t->bids, 1);
  report_int(v[c++], 32, t->made);
  report_int(v[c++], 32, t->set);
  report_ratio(v[c++], 32, (double)t->made, t->bids, 100);
  report_ratio(v[c++], 32, (double)t->margin, t->bids, 1);
  report_int(v[c++], 32, t->moons);
  report_int(v[c++], 32, t->moons_made);
  for (int k = 0; k < 4; k++) report_int(v[c++], 32, t->reneges[k]);
  report_ratio(v[c++], 32, (double)t->score, t->hands, 1);
  report_int(v[c++], 32, t->plays);
  report_ratio(v[c++], 32, (double)t->best, t->plays, 100);
  if (t->plays > 0) snprintf(v[c++], 32, "%.2f", (double)t->cost / (double)t->plays); /* costs are small */
  else v[c++][0] = '\0';
  report_ratio(v[c++], 32, (double)t->cost, t->an_hands, 1);
  long fair = 0;
  for (int k = 0; k < 4; k++) fair += t->fair[k].n;
  report_int(v[c++], 32, fair);
  for (int k = 0; k < 4; k++) {
    const ReportFair *f = &t->fair[FAIR_ORDER[k]];
    report_ratio(v[c++], 32, (double)f->best, f->n, 100);
    if (f->n > 0) snprintf(v[c++], 32, "%.2f", f->cost / (double)f->n); /* costs are small */
    else v[c++][0] = '\0';
  }
  cells[0] = row->name;
  cells[1] = row->variant;
  for (c = 2; c < ALL_COLUMNS; c++) cells[c] = v[c];
}

static const ReportColumn *pair_columns(void) {
  static ReportColumn cols[ALL_COLUMNS];
  if (!cols[0].key) {
    memcpy(cols, report_player_columns, sizeof cols);
    cols[0].title = "partnership";
  }
  return cols;
}

static int fill_table(const ReportPlayerRow *rows, size_t n, ReportTable *table) {
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    char v[ALL_COLUMNS][32];
    const char *cells[ALL_COLUMNS];
    report_player_cells(&rows[i], v, cells);
    rc = report_table_add(table, cells);
  }
  return rc;
}

int report_players_ncols(const ReportPlayers *r) {
  /* the play-accuracy and fair columns only when there is something in
   * them: a database never analysed or reviewed prints as it always did */
  return r->reviewed > 0 ? ALL_COLUMNS : r->analysed > 0 ? ACCURACY_COLUMNS : REPORT_PLAYER_COLUMNS;
}

int report_players_tables(const ReportPlayers *r, ReportTable **players, ReportTable **pairs) {
  int ncols = report_players_ncols(r);
  *players = report_table_new(report_player_columns, ncols, 2);
  *pairs = report_table_new(pair_columns(), ncols, 2);
  if (!*players || !*pairs || fill_table(r->players, r->nplayers, *players) != 0 ||
      fill_table(r->pairs, r->npairs, *pairs) != 0) {
    report_table_free(*players);
    report_table_free(*pairs);
    *players = *pairs = NULL;
    return -1;
  }
  return 0;
}

int report_players_write(const ReportPlayers *r, OutFormat format, FILE *out, PnDiag *diag) {
  ReportTable *ptable = NULL, *pairtable = NULL;
  if (report_players_tables(r, &ptable, &pairtable) != 0 ||
      report_roster_tables(out, format, ptable, pairtable, r->any_teams, "none in the selection", NULL, NULL) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    report_table_free(ptable);
    report_table_free(pairtable);
    return REPORT_ERROR;
  }
  report_table_free(ptable);
  report_table_free(pairtable);
  return 0;
}

bool report_players_note(const ReportPlayers *r, const ReportQuery *q, char *note, size_t size) {
  static const char more_budget[] = "a larger pinochle analyze --budget values more of them, slowly";
  note[0] = '\0';
  if (r->stale > 0)
    snprintf(note, size,
             "play accuracy leaves out %ld hand%s whose analysis is out of date (an older pinochle, or the hand "
             "changed since): run pinochle analyze again",
             r->stale, r->stale == 1 ? "" : "s");
  else if (r->stopped > 0 && r->analysed == 0)
    snprintf(note, size,
             "no hand of the selection is analysed whole, so there are no play-accuracy columns: the node budget "
             "stopped %ld; %s",
             r->stopped, more_budget);
  else if (r->stopped > 0)
    snprintf(note, size,
             "play accuracy counts %ld analysed hand%s and leaves out %ld the node budget stopped (the hardest): %s",
             r->analysed, r->analysed == 1 ? "" : "s", r->stopped, more_budget);
  else if (r->analysed == 0 && q->min_plays > 0)
    snprintf(note, size,
             "no hand of the selection is analysed, so there are no play-accuracy columns: run pinochle analyze "
             "first");
  return note[0] != '\0';
}

int report_players(Store *store, const ReportQuery *q, OutFormat format, FILE *out, long *hands,
                   PnDiag *diag) {
  ReportPlayers r;
  int rc = report_players_compute(store, q, &r, diag);
  if (rc == 0) rc = report_players_write(&r, format, out, diag);
  if (rc == 0) report_players_note(&r, q, diag->msg, sizeof diag->msg);
  if (hands) *hands = r.hands;
  report_players_free(&r);
  return rc;
}

int report_players_of(Store *store, const char *name, ReportPlayers *r, PnDiag *diag) {
  ReportQuery q = {.player = name};
  int rc = report_players_compute(store, &q, r, diag);
  if (rc != 0) return rc;
  size_t n = 0;
  for (size_t i = 0; i < r->nplayers; i++)
    if (strcmp(r->players[i].name, name) == 0) r->players[n++] = r->players[i];
  r->nplayers = n;
  r->npairs = 0;
  if (n > 0) return 0;
  snprintf(diag->msg, sizeof diag->msg, "no player '%s' in the database", name);
  return REPORT_NOT_FOUND;
}
