/*
 * movement.c - the seating of a club night, round by round (movement.h
 * says what each movement guarantees).  Pure: fixed-size arrays on the
 * stack, no allocation, the same answer for the same spec.
 */
#include <string.h>

#include "movement.h"

static const char *const KIND_NAMES[] = {"progressive", "fixed", "rotate"};

const char *move_kind_name(MoveKind kind) {
  return (unsigned)kind < 3 ? KIND_NAMES[kind] : "?";
}

int move_kind_parse(const char *name) {
  for (int i = 0; i < 3; i++)
    if (strcmp(name, KIND_NAMES[i]) == 0) return i;
  return -1;
}

const char *move_check(const MoveSpec *spec) {
  if (spec->table_size < 2 || spec->table_size > MOVE_MAX_SEATS) return "a table seats 2 to 6 players";
  if (spec->players < spec->table_size) return "fewer players than one table seats";
  if (spec->players > MOVE_MAX_PLAYERS) return "more than 64 players";
  if (spec->rounds < 1 || spec->rounds > MOVE_MAX_ROUNDS) return "the rounds are 1 to 64";
  if ((spec->kind == MOVE_PROGRESSIVE || spec->kind == MOVE_FIXED) && spec->table_size != 4)
    return "the progressive and fixed movements are for partnership tables of four";
  if (spec->kind == MOVE_FIXED && spec->players % 2 != 0)
    return "fixed partnerships need an even number of players";
  if ((unsigned)spec->kind > MOVE_ROTATE) return "no such movement";
  return NULL;
}

/* What the rounds so far add up to: the balance the next round keeps. */
typedef struct History {
  int met[MOVE_MAX_PLAYERS][MOVE_MAX_PLAYERS];  /* rounds at one table (solo) or as opponents */
  int outs[MOVE_MAX_PLAYERS];                    /* rounds sat out */
} History;

/* Factor r of the circle method's round robin over m (even) items:
 * pair[i][0..1], m/2 pairs; item m-1 stays at the centre. */
static void circle_factor(int m, int r, int pair[][2]) {
  int ring = m - 1;
  r %= ring;
  pair[0][0] = m - 1;
  pair[0][1] = r;
  for (int i = 1; i < m / 2; i++) {
    pair[i][0] = (r + i) % ring;
    pair[i][1] = (r - i + ring) % ring;
  }
}

/* --------------------------------------------------------- grouping */

/* Units (players, or pairs of players) put into groups (tables) of g so
 * that the weight inside the groups (w[u][v]: meetings so far) is small:
 * greedy, then swaps between groups while one lowers the total. */
typedef struct Grouping {
  int n, g;                                     /* units, units a group */
  int start;                                    /* the greedy's first unit (turns with the rounds) */
  int w[MOVE_MAX_PLAYERS][MOVE_MAX_PLAYERS];    /* weight between two units */
  int group[MOVE_MAX_TABLES][MOVE_MAX_SEATS];   /* unit by group and place */
} Grouping;

/* The weight unit u adds to group k, leaving out place skip (-1 none). */
static int weight_in(const Grouping *gr, int u, int k, int skip) {
  int sum = 0;
  for (int j = 0; j < gr->g; j++)
    if (j != skip) sum += gr->w[u][gr->group[k][j]];
  return sum;
}

static void group_greedy(Grouping *gr) {
  bool used[MOVE_MAX_PLAYERS] = {false};
  for (int k = 0; k < gr->n / gr->g; k++)
    for (int j = 0; j < gr->g; j++) {
      int best = -1, best_w = 0;
      for (int x = 0; x < gr->n; x++) {
        int u = (gr->start + x) % gr->n;
        if (used[u]) continue;
        int wsum = 0;
        for (int i = 0; i < j; i++) wsum += gr->w[u][gr->group[k][i]];
        if (best < 0 || wsum < best_w) best = u, best_w = wsum;
      }
      used[best] = true;
      gr->group[k][j] = best;
    }
}

/* One pass of swaps; true when one lowered the total. */
static bool group_improve(Grouping *gr) {
  int groups = gr->n / gr->g;
  bool better = false;
  for (int a = 0; a < groups; a++)
    for (int b = a + 1; b < groups; b++)
      for (int i = 0; i < gr->g; i++)
        for (int j = 0; j < gr->g; j++) {
          int u = gr->group[a][i], v = gr->group[b][j];
          int before = weight_in(gr, u, a, i) + weight_in(gr, v, b, j);
          int after = weight_in(gr, v, a, i) + weight_in(gr, u, b, j);
          if (after < before) {
            gr->group[a][i] = v;
            gr->group[b][j] = u;
            better = true;
          }
        }
  return better;
}

static long group_cost(const Grouping *gr) {
  long cost = 0;
  for (int k = 0; k < gr->n / gr->g; k++)
    for (int j = 0; j < gr->g; j++) cost += weight_in(gr, gr->group[k][j], k, j);
  return cost;
}

/* The best of a few greedy starts, each improved by swaps. */
static void group_units(Grouping *gr) {
  int best[MOVE_MAX_TABLES][MOVE_MAX_SEATS], first = gr->start;
  long best_cost = -1;
  for (int attempt = 0; attempt < 8 && attempt < gr->n; attempt++) {
    gr->start = (first + attempt * (gr->n / 8 + 1)) % gr->n;
    group_greedy(gr);
    for (int pass = 0; pass < 32 && group_improve(gr); pass++) {
    }
    long cost = group_cost(gr);
    if (best_cost < 0 || cost < best_cost) {
      best_cost = cost;
      memcpy(best, gr->group, sizeof best);
    }
  }
  memcpy(gr->group, best, sizeof best);
}

/* What seating two together again costs after they met `met` times:
 * growing faster than the count, so that one third meeting costs more
 * than two second ones and the meetings spread out. */
static int spread_weight(int met) {
  return met >= 10 ? 1 << 20 : (1 << (2 * met)) - 1;
}

/* ---------------------------------------------------------- sitting out */

/* Marks `count` players out of round r: those who sat out least, ties
 * going round the list (round 1 the last players, round 2 the first). */
static void choose_out(const MoveSpec *spec, const History *h, int r, int count, bool out[]) {
  int n = spec->players;
  for (int c = 0; c < count; c++) {
    int best = -1;
    long best_key = 0;
    for (int i = 0; i < n; i++) {
      if (out[i]) continue;
      long turn = ((long)i - (n - count) - (long)count * r) % n;
      if (turn < 0) turn += n;
      long key = (long)h->outs[i] * n + turn;
      if (best < 0 || key < best_key) best = i, best_key = key;
    }
    out[best] = true;
  }
}

static void round_outs(MoveRound *round, const bool out[], int n, History *h) {
  round->nout = 0;
  for (int i = 0; i < n; i++)
    if (out[i]) {
      round->out[round->nout++] = i;
      h->outs[i]++;
    }
}

/* ----------------------------------------------------------- movements */

/* Seats pairs p and q at table t: p at seats 1 and 3, q at 2 and 4; each
 * player counts the other pair's two as opponents met. */
static void seat_pairs(MoveRound *round, int t, const int p[2], const int q[2], History *h) {
  round->at[t][0] = p[0];
  round->at[t][1] = q[0];
  round->at[t][2] = p[1];
  round->at[t][3] = q[1];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      h->met[p[i]][q[j]]++;
      h->met[q[j]][p[i]]++;
    }
}

/* Whist tournaments Wh(n) for n = 8, 12, ..., 24 players: the first
 * round over Z_(n-1) and a fixed point (n-1), each table as seats 1..4
 * (1+3 partners against 2+4); round r adds r mod (n-1) to every finite
 * element.  Each base round makes each difference class of Z_(n-1) once
 * a partnership and twice an opposition, so in n-1 rounds every player
 * partners every other once and opposes every other exactly twice.
 * Found by a small exhaustive search and checked by
 * tests/test_movement.c. */
static const struct {
  int players;
  int table[6][4];
} WHIST[] = {
    {8, {{7, 1, 0, 3}, {2, 4, 6, 5}}},
    {12, {{11, 1, 0, 3}, {2, 6, 9, 7}, {4, 5, 10, 8}}},
    {16, {{15, 1, 0, 2}, {3, 9, 6, 11}, {4, 8, 13, 12}, {5, 7, 10, 14}}},
    {20, {{19, 1, 0, 2}, {3, 9, 5, 15}, {4, 12, 14, 17}, {6, 10, 18, 13}, {7, 8, 11, 16}}},
    {24, {{23, 1, 0, 2}, {3, 7, 5, 17}, {4, 18, 12, 22}, {6, 10, 20, 13}, {8, 11, 19, 16}, {9, 14, 15, 21}}},
};

/* The whist tournament for spec's player count, or -1 when none. */
static int whist_of(const MoveSpec *spec) {
  for (int i = 0; i < (int)(sizeof WHIST / sizeof WHIST[0]); i++)
    if (WHIST[i].players == spec->players) return i;
  return -1;
}

/* Round r of whist tournament w; players numbered so that round 1 seats
 * them in the order listed (table 1: players 1-4, partners 1+3). */
static void round_whist(int w, int r, History *h, MoveRound *round) {
  int n = WHIST[w].players, m = n - 1, player[MOVE_MAX_PLAYERS], next = 0;
  for (int t = 0; t < n / 4; t++)
    for (int s = 0; s < 4; s++) player[WHIST[w].table[t][s]] = next++;
  round->tables = n / 4;
  for (int t = 0; t < n / 4; t++) {
    int seat[4];
    for (int s = 0; s < 4; s++) {
      int e = WHIST[w].table[t][s];
      seat[s] = player[e == m ? m : (e + r) % m];
    }
    int p[2] = {seat[0], seat[2]}, q[2] = {seat[1], seat[3]};
    seat_pairs(round, t, p, q, h);
  }
  round->nout = 0;
}

static void round_progressive(const MoveSpec *spec, int r, History *h, Grouping *gr, MoveRound *round) {
  int w = whist_of(spec);
  if (w >= 0) {
    round_whist(w, r, h, round);
    return;
  }
  int n = spec->players, m = n + n % 2, pairs[MOVE_MAX_PLAYERS / 2][2], real[MOVE_MAX_PLAYERS / 2][2], nreal = 0;
  bool out[MOVE_MAX_PLAYERS] = {false};
  circle_factor(m, r, pairs);
  for (int i = 0; i < m / 2; i++) {
    if (pairs[i][0] >= n || pairs[i][1] >= n) { /* the phantom's partner sits out */
      out[pairs[i][0] < n ? pairs[i][0] : pairs[i][1]] = true;
      continue;
    }
    real[nreal][0] = pairs[i][0];
    real[nreal][1] = pairs[i][1];
    nreal++;
  }
  int tables = n / 4;
  /* Whole pairs sit out beyond two a table: those who sat out least. */
  bool pair_out[MOVE_MAX_PLAYERS / 2] = {false};
  for (int extra = nreal - 2 * tables; extra > 0; extra--) {
    int best = -1, best_key = 0;
    for (int i = 0; i < nreal; i++) {
      int key = h->outs[real[i][0]] + h->outs[real[i][1]];
      if (!pair_out[i] && (best < 0 || key < best_key)) best = i, best_key = key;
    }
    pair_out[best] = true;
    out[real[best][0]] = out[real[best][1]] = true;
  }
  int in[MOVE_MAX_PLAYERS / 2], nin = 0;
  for (int i = 0; i < nreal; i++)
    if (!pair_out[i]) in[nin++] = i;
  gr->n = nin;
  gr->g = 2;
  gr->start = r % nin;
  for (int a = 0; a < nin; a++)
    for (int b = 0; b < nin; b++) {
      const int *p = real[in[a]], *q = real[in[b]];
      gr->w[a][b] = spread_weight(h->met[p[0]][q[0]]) + spread_weight(h->met[p[0]][q[1]]) +
                    spread_weight(h->met[p[1]][q[0]]) + spread_weight(h->met[p[1]][q[1]]);
    }
  group_units(gr);
  round->tables = tables;
  for (int t = 0; t < tables; t++) seat_pairs(round, t, real[in[gr->group[t][0]]], real[in[gr->group[t][1]]], h);
  round_outs(round, out, n, h);
}

static void round_fixed(const MoveSpec *spec, int r, History *h, MoveRound *round) {
  int n = spec->players, npairs = n / 2, m = npairs + npairs % 2, match[MOVE_MAX_PLAYERS / 2][2];
  bool out[MOVE_MAX_PLAYERS] = {false};
  circle_factor(m, r, match);
  round->tables = 0;
  for (int i = 0; i < m / 2; i++) {
    int a = match[i][0], b = match[i][1];
    if (a >= npairs || b >= npairs) { /* the bye */
      int bye = a < npairs ? a : b;
      out[2 * bye] = out[2 * bye + 1] = true;
      continue;
    }
    int lo = a < b ? a : b, hi = a < b ? b : a;
    int p[2] = {2 * lo, 2 * lo + 1}, q[2] = {2 * hi, 2 * hi + 1};
    seat_pairs(round, round->tables++, p, q, h);
  }
  round_outs(round, out, n, h);
}

/* Tables of two: the circle method over the players, a true round robin. */
static void round_heads_up(const MoveSpec *spec, int r, History *h, MoveRound *round) {
  int n = spec->players, m = n + n % 2, pairs[MOVE_MAX_PLAYERS / 2][2];
  bool out[MOVE_MAX_PLAYERS] = {false};
  circle_factor(m, r, pairs);
  round->tables = 0;
  for (int i = 0; i < m / 2; i++) {
    int a = pairs[i][0], b = pairs[i][1];
    if (a >= n || b >= n) {
      out[a < n ? a : b] = true;
      continue;
    }
    int t = round->tables++;
    round->at[t][(r % 2)] = a < b ? a : b; /* who sits first alternates by round */
    round->at[t][1 - r % 2] = a < b ? b : a;
    h->met[a][b]++;
    h->met[b][a]++;
  }
  round_outs(round, out, n, h);
}

static void round_rotate(const MoveSpec *spec, int r, History *h, Grouping *gr, MoveRound *round) {
  int n = spec->players, k = spec->table_size, tables = n / k, in[MOVE_MAX_PLAYERS], nin = 0;
  bool out[MOVE_MAX_PLAYERS] = {false};
  choose_out(spec, h, r, n - tables * k, out);
  for (int i = 0; i < n; i++)
    if (!out[i]) in[nin++] = i;
  gr->n = nin;
  gr->g = k;
  gr->start = r % nin;
  for (int a = 0; a < nin; a++)
    for (int b = 0; b < nin; b++) gr->w[a][b] = a == b ? 0 : spread_weight(h->met[in[a]][in[b]]);
  group_units(gr);
  round->tables = tables;
  for (int t = 0; t < tables; t++)
    for (int s = 0; s < k; s++) {
      int p = in[gr->group[t][(s + r) % k]]; /* seats turn with the rounds */
      round->at[t][s] = p;
      for (int s2 = 0; s2 < s; s2++) {
        h->met[p][round->at[t][s2]]++;
        h->met[round->at[t][s2]][p]++;
      }
    }
  round_outs(round, out, n, h);
}

/* Renumbers the players so that round 1 seats them in the order listed
 * (table 1 seats 1..k, table 2, ..., then those sitting out): the same
 * movement under other names, so its guarantees hold as they were. */
static void number_as_listed(const MoveSpec *spec, MoveRound *rounds) {
  int to[MOVE_MAX_PLAYERS], next = 0;
  const MoveRound *first = &rounds[0];
  for (int t = 0; t < first->tables; t++)
    for (int s = 0; s < spec->table_size; s++) to[first->at[t][s]] = next++;
  for (int i = 0; i < first->nout; i++) to[first->out[i]] = next++;
  for (int r = 0; r < spec->rounds; r++) {
    MoveRound *round = &rounds[r];
    for (int t = 0; t < round->tables; t++)
      for (int s = 0; s < spec->table_size; s++) round->at[t][s] = to[round->at[t][s]];
    bool out[MOVE_MAX_PLAYERS] = {false};
    for (int i = 0; i < round->nout; i++) out[to[round->out[i]]] = true;
    round->nout = 0;
    for (int p = 0; p < spec->players; p++)
      if (out[p]) round->out[round->nout++] = p;
  }
}

int move_seat(const MoveSpec *spec, MoveRound *rounds) {
  if (move_check(spec) != NULL) return -1;
  History h;   /* about 16 KB each */
  Grouping gr;
  memset(&h, 0, sizeof h);
  for (int r = 0; r < spec->rounds; r++) {
    MoveRound *round = &rounds[r];
    memset(round, 0, sizeof *round);
    if (spec->kind == MOVE_PROGRESSIVE) round_progressive(spec, r, &h, &gr, round);
    else if (spec->kind == MOVE_FIXED) round_fixed(spec, r, &h, round);
    else if (spec->table_size == 2) round_heads_up(spec, r, &h, round);
    else round_rotate(spec, r, &h, &gr, round);
  }
  if (spec->kind == MOVE_PROGRESSIVE) number_as_listed(spec, rounds);
  return 0;
}
