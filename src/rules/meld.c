/* meld.c - meld tables and the best grouping of a hand's cards. */
#include "pinochle.h"

#include <string.h>

static const char *const MELD_NAMES[PN_MELD_KINDS] = {
    "run",   "royal-marriage", "marriage", "round-robin", "aces",
    "kings", "queens",         "jacks",    "pinochle",    "double-pinochle", "dix",
};

const char *pn_meld_name(PnMeldKind kind) {
  return (kind >= 0 && kind < PN_MELD_KINDS) ? MELD_NAMES[kind] : "unknown";
}

int pn_meld_parse(const char *name) {
  for (int k = 0; k < PN_MELD_KINDS; k++)
    if (strcmp(MELD_NAMES[k], name) == 0) return k;
  return -1;
}

int pn_meld_class(PnMeldKind kind) {
  switch (kind) {
  case PN_MELD_RUN:
  case PN_MELD_ROYAL_MARRIAGE:
  case PN_MELD_MARRIAGE:
  case PN_MELD_ROUND_ROBIN: return 0;
  case PN_MELD_ACES:
  case PN_MELD_KINGS:
  case PN_MELD_QUEENS:
  case PN_MELD_JACKS: return 1;
  default: return 2;
  }
}

/* Values of 1, 2, 3 and 4 sets, by table (RULES.md section 3).  The tens
 * table has no third or fourth set in a single deck; should a house rule
 * pair it with the double deck, n sets count as full doubles plus a single. */
typedef struct SetValues {
  int v[4]; /* points for 1..4 sets */
} SetValues;

enum { SET_RUN, SET_ACES, SET_KINGS, SET_QUEENS, SET_JACKS, SET_PINOCHLE, SET_KINDS };

static const SetValues TENS[SET_KINDS] = {
    {{150, 1500, 1650, 3000}}, {{100, 1000, 1100, 2000}}, {{80, 800, 880, 1600}},
    {{60, 600, 660, 1200}},    {{40, 400, 440, 800}},     {{40, 300, 340, 600}},
};
static const SetValues CLASSIC[SET_KINDS] = {
    {{150, 300, 450, 600}}, {{100, 200, 300, 400}}, {{80, 160, 240, 320}},
    {{60, 120, 180, 240}},  {{40, 80, 120, 160}},   {{40, 300, 340, 600}},
};
static const SetValues UNIT[SET_KINDS] = {
    {{15, 150, 165, 300}}, {{10, 100, 110, 200}}, {{8, 80, 88, 160}},
    {{6, 60, 66, 120}},    {{4, 40, 44, 80}},     {{4, 30, 34, 60}},
};
static const SetValues DOUBLE[SET_KINDS] = {
    {{15, 150, 300, 600}}, {{10, 100, 200, 400}}, {{8, 80, 160, 320}},
    {{6, 60, 120, 240}},   {{4, 40, 80, 160}},    {{4, 30, 90, 270}},
};

/* Multiplier applied to the whole table: the tens family is 10x the unit
 * family for marriages and dix. */
static int table_scale(PnTable table) {
  return (table == PN_TABLE_UNIT || table == PN_TABLE_DOUBLE) ? 1 : 10;
}

static int set_value(PnTable table, int set, int n) {
  if (n <= 0) return 0;
  if (n > 4) n = 4;
  switch (table) {
  case PN_TABLE_TENS: return TENS[set].v[n - 1];
  case PN_TABLE_CLASSIC: return CLASSIC[set].v[n - 1];
  case PN_TABLE_UNIT: return UNIT[set].v[n - 1];
  case PN_TABLE_DOUBLE: return DOUBLE[set].v[n - 1];
  case PN_TABLE_DOUBLE10: return DOUBLE[set].v[n - 1] * 10;
  }
  return 0;
}

static int royal_value(PnTable t) { return 4 * table_scale(t); }
static int marriage_value(PnTable t) { return 2 * table_scale(t); }
static int dix_value(PnTable t) { return table_scale(t); }

/* Only 002's unit table names a round robin. */
static bool has_round_robin(PnTable t) { return t == PN_TABLE_UNIT; }

/* A round robin (002) is one K-Q of every suit.  RULES.md section 3: its
 * 24 is the name of what those eight cards already score (kings around,
 * queens around, the royal marriage and three marriages), never a bonus on
 * top of them, so its value is derived from those parts. */
static int round_robin_value(PnTable t) {
  if (!has_round_robin(t)) return 0;
  return set_value(t, SET_KINGS, 1) + set_value(t, SET_QUEENS, 1) + royal_value(t) +
         (PN_SUITS - 1) * marriage_value(t);
}

static int min_int(int a, int b) { return a < b ? a : b; }

static void add_line(PnMeldResult *out, PnMeldKind kind, int count, int points) {
  if (count <= 0) return;
  PnMeldLine *line = &out->lines[out->nlines++];
  line->kind = kind;
  line->count = count;
  line->points = points;
  out->total += points;
}

static void use(PnMeldResult *out, PnCard card, int copies) {
  if (copies > out->used.n[card]) out->used.n[card] = (uint8_t)copies;
}

/* Class A: runs, royal marriages and marriages.  Every run is worth more
 * than the royal marriage it contains, so the search is only over how many
 * runs to form; the rest pair greedily.  pairs[s] gets the K-Q pairs of
 * suit s that count as (royal) marriages, for naming a round robin. */
static void class_a(const PnRules *rules, int trump, const PnCards *c, PnMeldResult *out,
                    int pairs[PN_SUITS]) {
  PnTable table = rules->table;
  int kings[PN_SUITS], queens[PN_SUITS];
  for (int s = 0; s < PN_SUITS; s++) {
    kings[s] = c->n[PN_CARD(s, PN_KING)];
    queens[s] = c->n[PN_CARD(s, PN_QUEEN)];
  }
  int max_runs = 0;
  if (trump >= 0) {
    max_runs = 99;
    for (int r = PN_ACE; r <= PN_JACK; r++) max_runs = min_int(max_runs, c->n[PN_CARD(trump, r)]);
  }
  int best = -1, best_runs = 0;
  for (int runs = 0; runs <= max_runs; runs++) {
    int value = set_value(table, SET_RUN, runs);
    if (rules->run_royal) value += runs * royal_value(table);
    for (int s = 0; s < PN_SUITS; s++) {
      int used = s == trump ? runs : 0;
      value += min_int(kings[s] - used, queens[s] - used) *
               (s == trump ? royal_value(table) : marriage_value(table));
    }
    if (value > best) {
      best = value;
      best_runs = runs;
    }
  }
  int royals = rules->run_royal ? best_runs : 0;
  int marriages = 0;
  for (int s = 0; s < PN_SUITS; s++) {
    int used = s == trump ? best_runs : 0;
    pairs[s] = min_int(kings[s] - used, queens[s] - used);
    if (s == trump) royals += pairs[s];
    else marriages += pairs[s];
    if (pairs[s] > 0) {
      use(out, PN_CARD(s, PN_KING), used + pairs[s]);
      use(out, PN_CARD(s, PN_QUEEN), used + pairs[s]);
    }
  }
  if (rules->run_royal && trump >= 0) pairs[trump] += best_runs;
  if (best_runs > 0)
    for (int r = PN_ACE; r <= PN_JACK; r++) use(out, PN_CARD(trump, r), best_runs);
  add_line(out, PN_MELD_RUN, best_runs, set_value(table, SET_RUN, best_runs));
  add_line(out, PN_MELD_ROYAL_MARRIAGE, royals, royals * royal_value(table));
  add_line(out, PN_MELD_MARRIAGE, marriages, marriages * marriage_value(table));
}

/* Reports one K-Q of every suit under the name "round robin" (002): the
 * royal marriage, three marriages, kings around and queens around that its
 * eight cards form leave their lines for one round-robin line worth their
 * sum, so the total is unchanged.  Named only where kings and queens around
 * are single sets: a double around is one meld of eight cards and keeps its
 * own line.  The lines stay in table (PnMeldKind) order. */
static void name_round_robin(const PnRules *rules, int trump, const int pairs[PN_SUITS],
                             PnMeldResult *out) {
  if (!has_round_robin(rules->table) || trump < 0) return;
  for (int s = 0; s < PN_SUITS; s++)
    if (pairs[s] < 1) return;
  int count[PN_MELD_KINDS] = {0}, points[PN_MELD_KINDS] = {0};
  for (int i = 0; i < out->nlines; i++) {
    count[out->lines[i].kind] = out->lines[i].count;
    points[out->lines[i].kind] = out->lines[i].points;
  }
  if (count[PN_MELD_KINGS] != 1 || count[PN_MELD_QUEENS] != 1) return;
  PnTable t = rules->table;
  count[PN_MELD_ROYAL_MARRIAGE] -= 1;
  points[PN_MELD_ROYAL_MARRIAGE] -= royal_value(t);
  count[PN_MELD_MARRIAGE] -= PN_SUITS - 1;
  points[PN_MELD_MARRIAGE] -= (PN_SUITS - 1) * marriage_value(t);
  count[PN_MELD_KINGS] = points[PN_MELD_KINGS] = 0;
  count[PN_MELD_QUEENS] = points[PN_MELD_QUEENS] = 0;
  count[PN_MELD_ROUND_ROBIN] = 1;
  points[PN_MELD_ROUND_ROBIN] = round_robin_value(t);
  out->nlines = 0;
  out->total = 0; /* add_line sums it again: the same total */
  for (int k = 0; k < PN_MELD_KINDS; k++) add_line(out, (PnMeldKind)k, count[k], points[k]);
}

/* Class B: one card of the rank in every suit, counted in sets. */
static void class_b(const PnRules *rules, const PnCards *c, PnMeldResult *out) {
  static const struct { int rank, set; PnMeldKind kind; } AROUND[] = {
      {PN_ACE, SET_ACES, PN_MELD_ACES},
      {PN_KING, SET_KINGS, PN_MELD_KINGS},
      {PN_QUEEN, SET_QUEENS, PN_MELD_QUEENS},
      {PN_JACK, SET_JACKS, PN_MELD_JACKS},
  };
  for (size_t i = 0; i < sizeof AROUND / sizeof AROUND[0]; i++) {
    int sets = 99;
    for (int s = 0; s < PN_SUITS; s++) sets = min_int(sets, c->n[PN_CARD(s, AROUND[i].rank)]);
    if (sets == 0) continue;
    for (int s = 0; s < PN_SUITS; s++) use(out, PN_CARD(s, AROUND[i].rank), sets);
    add_line(out, AROUND[i].kind, sets, set_value(rules->table, AROUND[i].set, sets));
  }
}

/* Class C: pinochles (Q of spades + J of diamonds) and the dix. */
static void class_c(const PnRules *rules, int trump, const PnCards *c, PnMeldResult *out) {
  PnCard qs = PN_CARD(PN_SPADES, PN_QUEEN), jd = PN_CARD(PN_DIAMONDS, PN_JACK);
  int sets = min_int(c->n[qs], c->n[jd]);
  if (sets > 0) {
    use(out, qs, sets);
    use(out, jd, sets);
    add_line(out, PN_MELD_PINOCHLE, sets, set_value(rules->table, SET_PINOCHLE, sets));
  }
  int dix_rank = pn_dix_rank(rules->deck);
  if (rules->dix_in_meld && trump >= 0 && dix_rank >= 0) {
    PnCard dix = PN_CARD(trump, dix_rank);
    if (c->n[dix]) {
      use(out, dix, c->n[dix]);
      add_line(out, PN_MELD_DIX, c->n[dix], c->n[dix] * dix_value(rules->table));
    }
  }
}

int pn_meld_best(const PnRules *rules, int trump, const PnCards *cards, PnMeldResult *out) {
  memset(out, 0, sizeof *out);
  int pairs[PN_SUITS];
  class_a(rules, trump, cards, out, pairs);
  class_b(rules, cards, out);
  class_c(rules, trump, cards, out);
  name_round_robin(rules, trump, pairs, out);
  return out->total;
}

int pn_meld_value(const PnRules *rules, PnMeldKind kind) {
  PnTable t = rules->table;
  switch (kind) {
  case PN_MELD_RUN: return set_value(t, SET_RUN, 1) + (rules->run_royal ? royal_value(t) : 0);
  case PN_MELD_ROYAL_MARRIAGE: return royal_value(t);
  case PN_MELD_MARRIAGE: return marriage_value(t);
  case PN_MELD_ROUND_ROBIN: return round_robin_value(t);
  case PN_MELD_ACES: return set_value(t, SET_ACES, 1);
  case PN_MELD_KINGS: return set_value(t, SET_KINGS, 1);
  case PN_MELD_QUEENS: return set_value(t, SET_QUEENS, 1);
  case PN_MELD_JACKS: return set_value(t, SET_JACKS, 1);
  case PN_MELD_PINOCHLE: return set_value(t, SET_PINOCHLE, 1);
  case PN_MELD_DOUBLE_PINOCHLE: return set_value(t, SET_PINOCHLE, 2);
  case PN_MELD_DIX: return dix_value(t);
  default: return 0;
  }
}

int pn_meld_cards(const PnRules *rules, PnMeldKind kind, int trump, int suit, PnCard out[10]) {
  int n = 0;
  switch (kind) {
  case PN_MELD_RUN:
    if (trump < 0) return 0;
    for (int r = PN_ACE; r <= PN_JACK; r++) out[n++] = PN_CARD(trump, r);
    return n;
  case PN_MELD_ROYAL_MARRIAGE:
  case PN_MELD_MARRIAGE:
    if (kind == PN_MELD_ROYAL_MARRIAGE) suit = trump;
    if (suit < 0 || suit >= PN_SUITS || (kind == PN_MELD_MARRIAGE && suit == trump)) return 0;
    out[n++] = PN_CARD(suit, PN_KING);
    out[n++] = PN_CARD(suit, PN_QUEEN);
    return n;
  case PN_MELD_ACES:
  case PN_MELD_KINGS:
  case PN_MELD_QUEENS:
  case PN_MELD_JACKS: {
    int rank = kind == PN_MELD_ACES ? PN_ACE
               : kind == PN_MELD_KINGS ? PN_KING
               : kind == PN_MELD_QUEENS ? PN_QUEEN
                                        : PN_JACK;
    for (int s = 0; s < PN_SUITS; s++) out[n++] = PN_CARD(s, rank);
    return n;
  }
  case PN_MELD_DOUBLE_PINOCHLE:
    out[n++] = PN_CARD(PN_SPADES, PN_QUEEN);
    out[n++] = PN_CARD(PN_DIAMONDS, PN_JACK);
    /* fall through */
  case PN_MELD_PINOCHLE:
    out[n++] = PN_CARD(PN_SPADES, PN_QUEEN);
    out[n++] = PN_CARD(PN_DIAMONDS, PN_JACK);
    return n;
  case PN_MELD_DIX: {
    int rank = pn_dix_rank(rules->deck);
    if (trump < 0 || rank < 0) return 0;
    out[n++] = PN_CARD(trump, rank);
    return n;
  }
  default: return 0;
  }
}

int pn_meld_identify(const PnRules *rules, int trump, const PnCard *cards, int n) {
  PnCards have = {{0}};
  pn_cards_add_list(&have, cards, n);
  for (int kind = 0; kind < PN_MELD_KINDS; kind++)
    for (int suit = 0; suit < PN_SUITS; suit++) {
      PnCard need[10];
      int m = pn_meld_cards(rules, (PnMeldKind)kind, trump, suit, need);
      if (m == 0 || m != n) continue;
      PnCards want = {{0}};
      pn_cards_add_list(&want, need, m);
      if (memcmp(&want, &have, sizeof want) == 0) return kind;
      if (kind != PN_MELD_MARRIAGE) break; /* only marriages depend on suit */
    }
  return -1;
}
