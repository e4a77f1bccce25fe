/*
 * report_players.c - per-player and per-partnership statistics
 * (report_players.h).
 *
 * One pass over the cursor; per hand only the results blob is decoded.
 * Players are found in a roster (report_common.h) once per game (the
 * game's seats are resolved to roster numbers when its first row arrives), so a hand
 * costs one decode and a few additions, and nothing is allocated per hand.
 */
#include "report_players.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "codec.h"

const ReportColumn report_player_columns[REPORT_PLAYER_COLUMNS + REPORT_PLAYER_ACCURACY_COLUMNS] = {
    {"name", "player", REPORT_STR, REPORT_ALL},
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
};

#define ALL_COLUMNS (REPORT_PLAYER_COLUMNS + REPORT_PLAYER_ACCURACY_COLUMNS)

/* What a player (or a partnership) did over the selection. */
typedef struct Tally {
  long games, wins;          /* games sat in, games won */
  long hands, tricks;        /* hands played, tricks won */
  long counters;             /* counting points won */
  long meld_shown, meld_saved; /* meld shown; meld that counted */
  long score;                /* sum of what the hands added */
  long bids, bid_sum;        /* bids won and their amounts */
  long made, set;            /* of those, made and set */
  long margin;               /* sum of (bidding side's total - bid) */
  long moons, moons_made;    /* moons declared by the bidder, and made */
  long reneges[4];           /* follow, head, trump, overtrump */
  long an_hands;             /* analysed hands played */
  long plays, best;          /* plays in them, and of those the best (cost 0) */
  long cost;                 /* the sum of their costs */
} Tally;

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
 * these rules for these events) and complete: every play the solver can
 * take is valued.  That is a hand analysed whole, or one of the two-hand
 * family whose playoff is (status unsupported: the plays of the stock
 * phase, whose draws are unknown, cannot be); a hand the node budget
 * stopped is left out. */
static bool analysed(const StoreRow *row, AnHand *an) {
  if (!row->analysis || row->analysis_rules != PN_RULES_VERSION || row->analysis_key != analysis_key(row) ||
      analysis_decode(row->analysis, row->analysis_len, an) != 0)
    return false;
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

/* ---------------------------------------------------------------- output */

/* A roster entry as a table row: its name and figures, both borrowed. */
typedef struct Row {
  const char *name;
  const Tally *t;
} Row;

static int by_name(const void *a, const void *b) {
  return strcmp(((const Row *)a)->name, ((const Row *)b)->name);
}

/* The entries of m with at least min_hands hands and min_plays analysed
 * plays, as table rows by name (the table takes as many of the columns as
 * it was made with). */
static int fill_table(const ReportRoster *m, long min_hands, long min_plays, ReportTable *table) {
  Row *order = malloc((m->n ? m->n : 1) * sizeof *order);
  if (!order) return -1;
  size_t n = 0;
  for (size_t i = 0; i < m->n; i++) {
    const Tally *t = report_roster_item(m, i);
    if (t->hands >= min_hands && t->plays >= min_plays) order[n++] = (Row){m->names[i], t};
  }
  qsort(order, n, sizeof *order, by_name);
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    const Tally *t = order[i].t;
    char v[ALL_COLUMNS][32];
    int c = 1;
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
    const char *cells[ALL_COLUMNS];
    cells[0] = order[i].name;
    for (c = 1; c < ALL_COLUMNS; c++) cells[c] = v[c];
    rc = report_table_add(table, cells);
  }
  free(order);
  return rc;
}

int report_players(Store *store, const ReportQuery *q, OutFormat format, FILE *out, long *hands,
                   PnDiag *diag) {
  ReportRoster players, pairs;
  report_roster_init(&players, sizeof(Tally), NULL);
  report_roster_init(&pairs, sizeof(Tally), NULL);
  StoreCursor *cursor = NULL;
  ReportTable *ptable = NULL, *pairtable = NULL;
  ReportColumn pair_columns[ALL_COLUMNS];
  long nhands = 0, nanalysed = 0;
  bool any_teams = false;
  StoreFilter filter;
  report_query_filter(q, &filter);
  filter.results_only = true; /* the players report needs no events ... */
  filter.with_analysis = true; /* ... but those of an analysed hand, for its key */
  int rc = store_cursor_open(store, &filter, &cursor, diag);
  if (rc < 0) goto done;
  Game game = {0};
  StoreRow row;
  while ((rc = store_cursor_next(cursor, &row, diag)) == 1) {
    if (row.new_game) {
      if ((rc = start_game(&game, &row, &players, &pairs, diag)) != 0) goto done;
      any_teams = any_teams || game.teams;
    }
    if (row.hand < 1) continue;
    CodecResults res;
    if (codec_results_decode(row.results, row.results_len, &res) != 0 || res.players != game.players) {
      snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: the stored results do not decode", row.key, row.hand);
      rc = REPORT_CORRUPT;
      goto done;
    }
    add_hand(&game, &res, &players, &pairs);
    nhands++;
    AnHand an;
    if (analysed(&row, &an)) {
      add_analysis(&game, &an, &players, &pairs);
      nanalysed++;
    }
  }
  if (rc < 0) goto done;
  memcpy(pair_columns, report_player_columns, sizeof pair_columns);
  pair_columns[0].title = "partnership";
  /* the play-accuracy columns only when there is something in them: a
   * database never analysed prints as it always did */
  int ncols = nanalysed > 0 ? ALL_COLUMNS : REPORT_PLAYER_COLUMNS;
  ptable = report_table_new(report_player_columns, ncols, 1);
  pairtable = report_table_new(pair_columns, ncols, 1);
  long min_hands = q->min_hands > 0 ? q->min_hands : 0, min_plays = q->min_plays > 0 ? q->min_plays : 0;
  if (!ptable || !pairtable || fill_table(&players, min_hands, min_plays, ptable) != 0 ||
      fill_table(&pairs, min_hands, min_plays, pairtable) != 0 ||
      report_roster_tables(out, format, ptable, pairtable, any_teams, "none in the selection", NULL, NULL) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
    goto done;
  }
  rc = 0;
  if (nanalysed == 0 && min_plays > 0) /* asked about accuracy: say why nothing shows (not on every run) */
    snprintf(diag->msg, sizeof diag->msg,
             "no hand of the selection is analysed, so there are no play-accuracy columns: run pinochle analyze "
             "first");
done:
  if (hands) *hands = nhands;
  store_cursor_close(cursor);
  report_table_free(ptable);
  report_table_free(pairtable);
  report_roster_free(&players);
  report_roster_free(&pairs);
  return rc;
}
