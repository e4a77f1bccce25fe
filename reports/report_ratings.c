/*
 * report_ratings.c - Glicko-2 ratings of players and partnerships from
 * game results (report_ratings.h).
 *
 * One pass over the cursor keeps, per game, its date, seats, winner and
 * final totals (the results of its hands are decoded for the totals
 * only); the games are then sorted by date and key and rated one date
 * (one rating period) at a time: every result of a period is taken
 * against the ratings as they stood before it, so the order of the games
 * inside a date does not matter.
 */
#include "report_ratings.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"

/* ------------------------------------------------------------ Glicko-2 */

/* Glicko-2's scale factor between the Glicko scale and its own (173.7178
 * = 400 / ln 10) and its convergence tolerance (Glickman: 0.000001). */
#define GLICKO_SCALE 173.7178
#define GLICKO_EPSILON 0.000001

/* g(phi): how much an opponent's uncertainty damps a result. */
#define GLICKO_PI 3.14159265358979323846
static double glicko_g(double phi) { return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (GLICKO_PI * GLICKO_PI)); }

/* The function of step 5 whose root is the new volatility's log. */
static double volatility_f(double x, double delta, double phi, double v, double a, double tau) {
  double ex = exp(x), d = phi * phi + v + ex;
  return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm as the paper
 * gives it. */
static double new_volatility(double sigma, double delta, double phi, double v, double tau) {
  double a = log(sigma * sigma), A = a, B;
  if (delta * delta > phi * phi + v) {
    B = log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (volatility_f(a - k * tau, delta, phi, v, a, tau) < 0 && k < 1000) k++;
    B = a - k * tau;
  }
  double fA = volatility_f(A, delta, phi, v, a, tau), fB = volatility_f(B, delta, phi, v, a, tau);
  for (int i = 0; fabs(B - A) > GLICKO_EPSILON && i < 200; i++) {
    double C = A + (A - B) * fA / (fB - fA), fC = volatility_f(C, delta, phi, v, a, tau);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2.0;
    }
    B = C;
    fB = fC;
  }
  return exp(A / 2.0);
}

void report_glicko2_update(const RatingGlicko *before, const RatingOutcome *results, int n, double tau,
                           double max_deviation, RatingGlicko *after) {
  double mu = (before->rating - RATING_INITIAL) / GLICKO_SCALE, phi = before->deviation / GLICKO_SCALE;
  double sigma = before->volatility;
  RatingGlicko next = *before;
  if (n <= 0) { /* step 6 alone: the deviation grows with the volatility */
    next.deviation = fmin(GLICKO_SCALE * sqrt(phi * phi + sigma * sigma), max_deviation);
    *after = next;
    return;
  }
  /* steps 3 and 4: the estimated variance v and improvement delta */
  double inv_v = 0, sum = 0;
  for (int j = 0; j < n; j++) {
    double mu_j = (results[j].rating - RATING_INITIAL) / GLICKO_SCALE, g = glicko_g(results[j].deviation / GLICKO_SCALE);
    double e = 1.0 / (1.0 + exp(-g * (mu - mu_j)));
    inv_v += g * g * e * (1.0 - e);
    sum += g * (results[j].score - e);
  }
  double v = 1.0 / inv_v, delta = v * sum;
  double sigma2 = new_volatility(sigma, delta, phi, v, tau);
  /* steps 6 to 8 */
  double phi_star = sqrt(phi * phi + sigma2 * sigma2);
  double phi2 = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  next.rating = RATING_INITIAL + GLICKO_SCALE * (mu + phi2 * phi2 * sum);
  next.deviation = fmin(GLICKO_SCALE * phi2, max_deviation);
  next.volatility = sigma2;
  *after = next;
}

/* ------------------------------------------------------------- columns */

const ReportColumn report_rating_columns[REPORT_RATING_COLUMNS] = {
    {"name", "player", REPORT_STR, REPORT_ALL},
    {"games", "games", REPORT_INT, REPORT_ALL},
    {"wins", "wins", REPORT_INT, REPORT_ALL},
    {"rating", "rating", REPORT_DEC, REPORT_ALL},
    {"deviation", "RD", REPORT_DEC, REPORT_ALL},
    {"volatility", "vol", REPORT_DEC, REPORT_ALL},
    {"hands", "hands", REPORT_INT, REPORT_ALL},
    {"last_date", "last date", REPORT_STR, REPORT_ALL},
};

/* The keys the browser's chart reads: keep them. */
const ReportColumn report_rating_history_columns[REPORT_RATING_HISTORY_COLUMNS] = {
    {"player", "player", REPORT_STR, REPORT_ALL},
    {"date", "date", REPORT_STR, REPORT_ALL},
    {"rating", "rating", REPORT_DEC, REPORT_ALL},
    {"deviation", "RD", REPORT_DEC, REPORT_ALL},
    {"games", "games", REPORT_INT, REPORT_ALL},
};

bool report_rating_provisional(long games, double deviation) {
  return deviation > RATING_PROVISIONAL_DEVIATION || games < RATING_PROVISIONAL_GAMES;
}

/* ------------------------------------------------------------ entities */

/* A player, or a partnership (two players as one rated entity): the
 * item of a roster entry (report_common.h). */
typedef struct Entity {
  const char *name;          /* the roster's name of it, borrowed (set once all games are read) */
  RatingGlicko now;          /* after the last period rated */
  long games, wins, hands;   /* rated games, of those won, their hands */
  char last[11];             /* the last date it played, "" none (or only undated) */
  long period;               /* the last period it played in, -1 none */
  long rank;                 /* its place by name (byte order) among its kind */
} Entity;

/* A new entity: at the initial rating, not yet in a period. */
static void entity_init(void *item) {
  Entity *e = item;
  e->now = (RatingGlicko){RATING_INITIAL, RATING_INITIAL_DEVIATION, RATING_INITIAL_VOLATILITY};
  e->period = -1;
}

static Entity *entity(const ReportRoster *m, long i) { return report_roster_item(m, (size_t)i); }

/* --------------------------------------------------------------- games */

/* What a game contributes: who sat where and how it ended. */
typedef struct GameRec {
  size_t key;                /* its key's number in Ratings.keys */
  const char *name;          /* that key, borrowed from Ratings.keys once all are read */
  char date[11];             /* YYYY-MM-DD, "" undated */
  int players;               /* seats */
  bool teams;                /* fixed partnerships 1+3, 2+4 */
  long seat[PN_MAX_SEATS];   /* players' entity by seat-1 */
  long pair[2];              /* partnerships' entity of seats 1+3 and 2+4 (teams) */
  int winner;                /* the stored winner seat (a side's lowest), 0 none */
  unsigned winners;          /* the winning side's seats (report_winners), 0 none */
  int total[PN_MAX_SEATS];   /* final running score by seat-1 */
  int hands;                 /* hands stored */
} GameRec;

struct Ratings {
  ReportRoster players, pairs; /* the rated entities, each item an Entity */
  PnSet keys;                /* the games' keys, numbered as games[] */
  GameRec *games;            /* in the order read */
  size_t ngames, cap;
  bool any_teams;            /* a partnership game was rated */
  RatingPoint *history;      /* the rating after each period, players only */
  size_t nhistory, hcap;     /* used, allocated */
};

/* A date tag's day: its first ten characters when they read YYYY-MM-DD
 * (a time may follow), else "" (undated). */
static void game_date(const StoreRow *row, char out[11]) {
  char tag[64];
  report_tag(row->tags, row->ntags, "date", tag, sizeof tag);
  bool ok = strlen(tag) >= 10 && tag[4] == '-' && tag[7] == '-';
  for (int i = 0; ok && i < 10; i++) ok = i == 4 || i == 7 || (tag[i] >= '0' && tag[i] <= '9');
  if (ok) memcpy(out, tag, 10);
  out[ok ? 10 : 0] = '\0';
}

/* Records the game of row (its first row) as games[ngames]. */
static int start_game(Ratings *r, const StoreRow *row, PnDiag *diag) {
  ReportSeating seating;
  int rc = report_seating(row, &r->players, &r->pairs, &seating, diag);
  if (rc != 0) return rc;
  if (PN_VEC_RESERVE(r->games, r->cap, r->ngames + 1) != 0) goto memory;
  GameRec *g = &r->games[r->ngames];
  memset(g, 0, sizeof *g);
  long key = pn_set_add_str(&r->keys, row->key, NULL);
  if (key < 0) goto memory;
  g->key = (size_t)key;
  game_date(row, g->date);
  g->players = seating.players;
  g->teams = seating.teams;
  g->winner = row->winner;
  g->winners = report_winners(row);
  memcpy(g->seat, seating.seat, sizeof g->seat);
  memcpy(g->pair, seating.pair, sizeof g->pair);
  r->ngames++;
  return 0;
memory:
  snprintf(diag->msg, sizeof diag->msg, "out of memory");
  return REPORT_ERROR;
}

/* A game's last hand seen so far: its results, decoded only when the game
 * ends (the totals after the last hand are all a rating needs). */
typedef struct LastHand {
  uint8_t results[CODEC_MAX_RESULTS]; /* a copy: the row's bytes do not outlive the next row */
  size_t len;                         /* bytes in results, 0 none (a game without hands) */
  int hand;                           /* its number, for the message */
} LastHand;

/* The final totals of the latest game from its last hand; resets last. */
static int game_totals(Ratings *r, LastHand *last, PnDiag *diag) {
  if (last->len == 0) return 0;
  GameRec *g = &r->games[r->ngames - 1];
  CodecResults res;
  size_t len = last->len;
  last->len = 0;
  if (codec_results_decode(last->results, len, &res) != 0 || res.players != g->players) {
    snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: the stored results do not decode",
             pn_set_key(&r->keys, g->key), last->hand);
    return REPORT_CORRUPT;
  }
  memcpy(g->total, res.total, sizeof g->total);
  return 0;
}

/* Reads every selected game: seats, winner, date, hands and final totals. */
static int read_games(Store *store, const ReportQuery *q, Ratings *r, PnDiag *diag) {
  StoreCursor *cursor = NULL;
  StoreFilter filter;
  report_query_filter(q, &filter);
  filter.results_only = true; /* the totals are in the results */
  int rc = store_cursor_open(store, &filter, &cursor, diag);
  StoreRow row;
  LastHand last = {.len = 0};
  while (rc == 0 && (rc = store_cursor_next(cursor, &row, diag)) == 1) {
    rc = row.new_game ? game_totals(r, &last, diag) : 0;
    if (rc == 0 && row.new_game) rc = start_game(r, &row, diag);
    if (rc != 0 || row.hand < 1) continue;
    if (row.results_len == 0 || row.results_len > sizeof last.results) {
      snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: the stored results do not decode", row.key, row.hand);
      rc = REPORT_CORRUPT;
      continue;
    }
    r->games[r->ngames - 1].hands++;
    memcpy(last.results, row.results, row.results_len);
    last.len = row.results_len;
    last.hand = row.hand;
  }
  if (rc == 0) rc = game_totals(r, &last, diag);
  store_cursor_close(cursor);
  return rc < 0 ? rc : 0;
}

/* Dated games first, by date, then undated; ties by key. */
static int by_date_then_key(const void *x, const void *y) {
  const GameRec *a = x, *b = y;
  if (!a->date[0] != !b->date[0]) return a->date[0] ? -1 : 1;
  int c = strcmp(a->date, b->date);
  return c ? c : strcmp(a->name, b->name);
}

/* -------------------------------------------------------------- rating */

/* One result of a period for entity `who`. */
typedef struct Result {
  long who;                  /* entity number */
  long rank;                 /* its Entity.rank: a period's results go by name */
  bool pair;                 /* in pairs, not players */
  RatingOutcome o;           /* against whom (as before the period), and the score */
} Result;

typedef struct Period {
  Result *r;                 /* this period's results */
  size_t n, cap;
} Period;

static int add_result(Ratings *r, Period *p, bool pair, long who, const RatingGlicko *opp, double score) {
  if (PN_VEC_RESERVE(p->r, p->cap, p->n + 1) != 0) return -1;
  long rank = entity(pair ? &r->pairs : &r->players, who)->rank;
  p->r[p->n++] = (Result){who, rank, pair, {opp->rating, opp->deviation, score}};
  return 0;
}

static bool won(const GameRec *g, int seat) { return g->winners >> (seat - 1) & 1u; }

/* The place of seat s in a solo game: the winners first (five-call: the
 * bidder and the called partner), then by final score.  Returns 1 when s
 * beat o, 0.5 drawn, 0 lost. */
static double solo_score(const GameRec *g, int s, int o) {
  if (won(g, s) != won(g, o)) return won(g, s) ? 1 : 0;
  return g->total[s - 1] > g->total[o - 1] ? 1 : g->total[s - 1] < g->total[o - 1] ? 0 : 0.5;
}

/* The results of one game, against the ratings before its period. */
static int game_results(Ratings *r, const GameRec *g, Period *p) {
  if (!g->teams) { /* every pair of seats: a game between the two */
    for (int s = 1; s <= g->players; s++)
      for (int o = 1; o <= g->players; o++) {
        if (o == s || g->seat[s - 1] == g->seat[o - 1]) continue;
        const RatingGlicko *opp = &entity(&r->players, g->seat[o - 1])->now;
        if (add_result(r, p, false, g->seat[s - 1], opp, solo_score(g, s, o)) != 0) return -1;
      }
    return 0;
  }
  int won = (g->winner - 1) % 2; /* the winning side: 0 = seats 1+3, 1 = seats 2+4 */
  for (int side = 0; side < 2; side++) {
    /* each member against one opponent standing for the other side: the
     * mean of its members' ratings, their deviations' root mean square */
    const RatingGlicko *x = &entity(&r->players, g->seat[1 - side])->now;
    const RatingGlicko *y = &entity(&r->players, g->seat[3 - side])->now;
    RatingGlicko opp = {(x->rating + y->rating) / 2,
                        sqrt((x->deviation * x->deviation + y->deviation * y->deviation) / 2), 0};
    double score = side == won ? 1 : 0;
    for (int m = side; m < 4; m += 2)
      if (add_result(r, p, false, g->seat[m], &opp, score) != 0) return -1;
    if (g->pair[side] != g->pair[1 - side] &&
        add_result(r, p, true, g->pair[side], &entity(&r->pairs, g->pair[1 - side])->now, score) != 0)
      return -1;
  }
  return 0;
}

/* Players before partnerships, each by name. */
static int by_entity(const void *x, const void *y) {
  const Result *a = x, *b = y;
  if (a->pair != b->pair) return a->pair ? 1 : -1;
  return (a->rank > b->rank) - (a->rank < b->rank);
}

static int by_name(const void *x, const void *y) {
  return strcmp((*(const Entity *const *)x)->name, (*(const Entity *const *)y)->name);
}

/* Sets every entity's name (the roster's, which no longer moves once all
 * games are read) and rank: its place by name. */
static int rank_by_name(ReportRoster *m) {
  Entity **order = malloc((m->n ? m->n : 1) * sizeof *order);
  if (!order) return -1;
  for (size_t i = 0; i < m->n; i++) {
    order[i] = entity(m, (long)i);
    order[i]->name = m->names[i];
  }
  qsort(order, m->n, sizeof *order, by_name);
  for (size_t i = 0; i < m->n; i++) order[i]->rank = (long)i;
  free(order);
  return 0;
}

/* The counts of a game (games, wins, hands, last date) for its entities. */
static void count_game(Ratings *r, const GameRec *g) {
  long seen[PN_MAX_SEATS];
  for (int s = 1; s <= g->players; s++) {
    bool again = false; /* the same player in two seats counts the game once */
    for (int o = 1; o < s; o++) again = again || seen[o - 1] == g->seat[s - 1];
    seen[s - 1] = g->seat[s - 1];
    if (again) continue;
    Entity *e = entity(&r->players, g->seat[s - 1]);
    e->games++;
    e->wins += won(g, s);
    e->hands += g->hands;
    if (g->date[0]) memcpy(e->last, g->date, sizeof e->last);
  }
  for (int side = 0; g->teams && side < 2 && g->pair[0] != g->pair[1]; side++) {
    Entity *e = entity(&r->pairs, g->pair[side]);
    e->games++;
    e->wins += won(g, side + 1);
    e->hands += g->hands;
    if (g->date[0]) memcpy(e->last, g->date, sizeof e->last);
  }
  r->any_teams = r->any_teams || g->teams;
}

/* Applies one period's results: every entity with results is updated
 * from them, every entity rated before and idle in it only has its
 * deviation grow.  History rows (players who played) go to hist. */
static int rate_period(Ratings *r, Period *p, long period, const char *date) {
  qsort(p->r, p->n, sizeof *p->r, by_entity);
  RatingOutcome buf[64];
  for (size_t i = 0; i < p->n;) {
    size_t j = i;
    while (j < p->n && p->r[j].pair == p->r[i].pair && p->r[j].who == p->r[i].who) j++;
    Entity *e = entity(p->r[i].pair ? &r->pairs : &r->players, p->r[i].who);
    RatingOutcome *o = j - i <= 64 ? buf : malloc((j - i) * sizeof *o);
    if (!o) return -1;
    for (size_t k = i; k < j; k++) o[k - i] = p->r[k].o;
    report_glicko2_update(&e->now, o, (int)(j - i), RATING_TAU, RATING_INITIAL_DEVIATION, &e->now);
    if (o != buf) free(o);
    e->period = period;
    if (!p->r[i].pair) {
      if (PN_VEC_RESERVE(r->history, r->hcap, r->nhistory + 1) != 0) return -1;
      RatingPoint *pt = &r->history[r->nhistory++];
      *pt = (RatingPoint){.name = e->name, .rating = e->now.rating, .deviation = e->now.deviation,
                          .games = e->games}; /* rated so far, this date's included */
      snprintf(pt->date, sizeof pt->date, "%s", date);
    }
    i = j;
  }
  ReportRoster *both[2] = {&r->players, &r->pairs};
  for (int k = 0; k < 2; k++)
    for (size_t i = 0; i < both[k]->n; i++) {
      Entity *e = entity(both[k], (long)i);
      if (e->period >= 0 && e->period != period)
        report_glicko2_update(&e->now, NULL, 0, RATING_TAU, RATING_INITIAL_DEVIATION, &e->now);
    }
  p->n = 0;
  return 0;
}

/* Rates the games (sorted) period by period. */
static int rate_all(Ratings *r) {
  if (rank_by_name(&r->players) != 0 || rank_by_name(&r->pairs) != 0) return -1;
  for (size_t i = 0; i < r->ngames; i++) r->games[i].name = pn_set_key(&r->keys, r->games[i].key);
  qsort(r->games, r->ngames, sizeof *r->games, by_date_then_key);
  Period p = {0};
  long period = 0;
  int rc = 0;
  for (size_t i = 0; i < r->ngames && rc == 0;) {
    size_t j = i;
    for (; j < r->ngames && strcmp(r->games[j].date, r->games[i].date) == 0; j++) {
      const GameRec *g = &r->games[j];
      if (g->winner < 1 || g->winner > g->players) continue; /* no result to rate */
      count_game(r, g);
      if (game_results(r, g, &p) != 0) rc = -1;
    }
    if (rc == 0 && p.n > 0) rc = rate_period(r, &p, period++, r->games[i].date);
    i = j;
  }
  free(p.r);
  return rc;
}

/* ---------------------------------------------------------------- result */

static int by_rating(const void *x, const void *y) {
  const RatingStanding *a = x, *b = y;
  if (a->now.rating != b->now.rating) return a->now.rating > b->now.rating ? -1 : 1;
  return strcmp(a->name, b->name);
}

/* The rated entities of m with at least min_hands hands, best first. */
static int standings(const ReportRoster *m, long min_hands, RatingStanding **out, size_t *n) {
  *n = 0;
  *out = malloc((m->n ? m->n : 1) * sizeof **out);
  if (!*out) return -1;
  for (size_t i = 0; i < m->n; i++) {
    const Entity *e = entity(m, (long)i);
    if (e->games == 0 || e->hands < min_hands) continue;
    RatingStanding *s = &(*out)[(*n)++];
    *s = (RatingStanding){.name = e->name, .games = e->games, .wins = e->wins, .hands = e->hands, .now = e->now};
    memcpy(s->last, e->last, sizeof s->last);
  }
  qsort(*out, *n, sizeof **out, by_rating);
  return 0;
}

void report_ratings_free(RatingsResult *res) {
  Ratings *r = res->ratings;
  if (r) {
    report_roster_free(&r->players);
    report_roster_free(&r->pairs);
    pn_set_free(&r->keys);
    free(r->games);
    free(r->history);
    free(r);
  }
  free(res->players);
  free(res->pairs);
  memset(res, 0, sizeof *res);
}

int report_ratings_read(Store *store, const ReportQuery *q, RatingsResult *res, PnDiag *diag) {
  memset(res, 0, sizeof *res);
  Ratings *r = res->ratings = calloc(1, sizeof *r);
  if (!r) goto memory;
  report_roster_init(&r->players, sizeof(Entity), entity_init);
  report_roster_init(&r->pairs, sizeof(Entity), entity_init);
  int rc = read_games(store, q, r, diag);
  if (rc != 0) return rc;
  long min_hands = q->min_hands > 0 ? q->min_hands : 0;
  if (rate_all(r) != 0 || standings(&r->players, min_hands, &res->players, &res->nplayers) != 0 ||
      standings(&r->pairs, min_hands, &res->pairs, &res->npairs) != 0)
    goto memory;
  res->history = r->history;
  res->nhistory = r->nhistory;
  res->any_teams = r->any_teams;
  return 0;
memory:
  snprintf(diag->msg, sizeof diag->msg, "out of memory");
  return REPORT_ERROR;
}

/* ---------------------------------------------------------------- output */

static int fill_table(const RatingStanding *s, size_t n, ReportTable *table) {
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    char v[REPORT_RATING_COLUMNS][32];
    report_int(v[1], 32, s[i].games);
    report_int(v[2], 32, s[i].wins);
    snprintf(v[3], 32, "%.1f", s[i].now.rating);
    snprintf(v[4], 32, "%.1f", s[i].now.deviation);
    snprintf(v[5], 32, "%.5f", s[i].now.volatility);
    report_int(v[6], 32, s[i].hands);
    rc = report_table_add(table, (const char *[]){s[i].name, v[1], v[2], v[3], v[4], v[5], v[6], s[i].last});
  }
  return rc;
}

static int fill_history(const RatingsResult *res, ReportTable *table) {
  int rc = 0;
  for (size_t i = 0; i < res->nhistory && rc == 0; i++) {
    const RatingPoint *pt = &res->history[i];
    char rating[32], dev[32], games[32];
    snprintf(rating, sizeof rating, "%.1f", pt->rating);
    snprintf(dev, sizeof dev, "%.1f", pt->deviation);
    report_int(games, sizeof games, pt->games);
    rc = report_table_add(table, (const char *[]){pt->name, pt->date, rating, dev, games});
  }
  return rc;
}

/* The tables in one format: --history prints only the history in text
 * and CSV; JSON always carries all three. */
static int write_all(bool any_teams, const ReportTable *players, const ReportTable *pairs, const ReportTable *hist,
                     bool history, OutFormat format, FILE *out) {
  const char *none = "none rated in the selection";
  if (history && format == OUT_CSV) {
    report_table_csv(hist, out, true, NULL, NULL);
    return 0;
  }
  if (history && format == OUT_TEXT) return report_titled_text(out, "Rating after each date (players)", none, hist);
  return report_roster_tables(out, format, players, pairs, any_teams, none, "history", hist);
}

int report_ratings(Store *store, const ReportQuery *q, OutFormat format, FILE *out, PnDiag *diag) {
  RatingsResult res;
  ReportTable *ptable = NULL, *pairtable = NULL, *hist = NULL;
  ReportColumn pair_columns[REPORT_RATING_COLUMNS];
  memcpy(pair_columns, report_rating_columns, sizeof pair_columns);
  pair_columns[0].title = "partnership";
  int rc = report_ratings_read(store, q, &res, diag);
  if (rc != 0) goto done;
  ptable = report_table_new(report_rating_columns, REPORT_RATING_COLUMNS, 1);
  pairtable = report_table_new(pair_columns, REPORT_RATING_COLUMNS, 1);
  hist = report_table_new(report_rating_history_columns, REPORT_RATING_HISTORY_COLUMNS, 1);
  if (!ptable || !pairtable || !hist || fill_table(res.players, res.nplayers, ptable) != 0 ||
      fill_table(res.pairs, res.npairs, pairtable) != 0 || fill_history(&res, hist) != 0 ||
      write_all(res.any_teams, ptable, pairtable, hist, q->history, format, out) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
  }
done:
  report_table_free(ptable);
  report_table_free(pairtable);
  report_table_free(hist);
  report_ratings_free(&res);
  return rc;
}
