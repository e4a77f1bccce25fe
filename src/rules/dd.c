/* dd.c - the double-dummy solver of dd.h.
 *
 * The search answers one question at a time: "can the side take at least
 * T more counters from here?" (a null-window search on the score); the
 * par is found by asking it for a few T around a guess.  Each question is
 * a fail-soft alpha-beta search over single cards in which
 *   - cards of one hand that no other card still in play tells apart (the
 *     same card, or neighbours in rank with only gone cards between them
 *     and the same counter value) are searched once, and of such
 *     neighbours of different values played to a trick whose winning
 *     side is settled, only the one the seat's side wants (most counters
 *     to its own side's trick, fewest to the other's);
 *   - moves are tried in a likely-best-first order, first the card that
 *     last cut for the same seat holding the same cards in a like trick
 *     (the cut memo: of the trick only what the seat's choice turns on,
 *     of the other seats' cards only their voids and whether a later
 *     enemy can beat the winner, so one refutation serves many
 *     positions), before the other moves are generated; a seat with one
 *     card to play just plays it;
 *   - at every trick start (two tricks or more to go) the transposition
 *     table keeps a lower and an upper bound of what the side takes from
 *     that trick on, keyed by every seat's cards up to relabelling of the
 *     ranks (dd_canonical_key) and the leader; bounds are valid for any T,
 *     so the questions of one par, and the pars along a hand, share them;
 *   - a trick start is cut short when the side already has T, or when all
 *     the counters left cannot make T, or when the table's bounds decide,
 *     or else when the bounds of a position of the same shape decide:
 *     the same cards to play but for which of them count (any line of
 *     play wins the same cards of both, so what the side takes differs
 *     by at most the counters where they differ; the shape table keeps
 *     the bounds of the trick starts searched, keyed by shape, for counts
 *     whose counters are all worth the same: all but classic, the count
 *     of two-hand and two-hand-64), or else when the quick bounds decide
 *     with them (dd_sure_counters: what a side is sure of from its top
 *     trumps, from the winners its leader cashes, trumps first, with the
 *     cards the other seats must follow with, and from the last trick
 *     when the others hold no trump and one of its seats nothing else;
 *     and from the tricks each side can still win: the others surely win
 *     as many as their top trumps or their leader's cashing make, so the
 *     side wins at most the rest, K, and takes at most each seat's K
 *     cards worth the most: dd_trick_limits);
 *     a new table entry starts from those bounds, so a position seen
 *     again does not work them out again;
 *   - a trick start whose search compared no two low cards of a suit (the
 *     ranks below every counter) is stored again as an abstract entry,
 *     which answers every position alike but in which of those low cards
 *     each seat holds (dd_table.c: the search records, suit by suit, where
 *     low cards met: a low winner against a seat holding low cards of its
 *     suit, the last trick, the quick bounds' cashing, the entries and
 *     shapes it read, and what the search of a play's value known to it
 *     compared: pn_dd_play); the shape table then serves trick starts with five
 *     tricks left or more;
 *   - a hand starts in a part of the table that the caches keep, and
 *     takes more of it when its entries are pushed out;
 *   - the last trick is scored without a search;
 *   - each kind of node (the root, a trick start, a follow, the trick's
 *     last seat) has its own copy of the search, in which what does not
 *     apply to it is left out, and what is not predictable (where a key
 *     sits in its bucket, whether a card was its last copy) is worked
 *     out without a branch.
 *
 * Along a hand (analysis.c, bench_dd) the plays are valued last to
 * first: each position's par is then searched knowing the par after the
 * play (pn_dd_play), usually the same, so one question settles it.
 *
 * What each technique is worth, what was tried and dropped, and the
 * speed measured against issue 17's goal: docs/SOLVER.md.
 *
 * No allocation: the search state lives on the caller's stack, the table
 * in the caller's memory.
 *
 * Files: dd.c (this: loading a game, the par, the value of a play),
 * dd_search.c (moves and search), dd_table.c (the table and its key),
 * dd_bound.c (quick bounds at a trick start), dd_int.h (what they share).
 */
#include "dd_int.h"

#include <limits.h>
#include <string.h>

int pn_dd_init(PnDdSolver *s, void *table, size_t bytes) {
  memset(s, 0, sizeof *s);
  size_t entries = bytes / sizeof(PnDdEntry);
  if (!table || entries < 4) return -1;
  size_t buckets = 1;
  while (buckets * 2 <= entries / 4 && buckets < ((size_t)1 << 30)) buckets *= 2;
  s->table = table;
  s->full_mask = (uint32_t)(buckets - 1);
  uint64_t seed = 0x5EEDull;
  for (int p = 0; p < PN_MAX_SEATS; p++)
    for (int c = 0; c < PN_CARD_KINDS; c++)
      s->zobrist[p][c] = dd_mix(seed++);
  pn_dd_clear(s);
  return 0;
}

/* The memory of pars and the generations, and the table's growth: what
 * a hand starts without. */
static void forget_calls(PnDdSolver *s) {
  uint32_t start = PN_DD_TT_START / (4 * sizeof(PnDdEntry)) - 1;
  s->mask = start < s->full_mask ? start : s->full_mask;
  s->pressure = 0;
  memset(s->memo_key, 0, sizeof s->memo_key);
  memset(s->move_memo, 0, sizeof s->move_memo);
  s->age = 0;
  s->last_rules = 0;
  s->last_cards = 0;
}

void pn_dd_clear(PnDdSolver *s) {
  memset(s->table, 0, ((size_t)s->full_mask + 1) * 4 * sizeof(PnDdEntry));
  memset(s->shapes, 0, sizeof s->shapes);
  s->hand = 0;
  forget_calls(s);
}

void pn_dd_new_hand(PnDdSolver *s) {
  if (++s->hand == 0) pn_dd_clear(s); /* hand 0's entries could be read again */
  else forget_calls(s);
}

static int dd_gcd(int a, int b) {
  while (b) {
    int t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* ---------------------------------------------------------- from the game */

/* The counters of each card under `count`, the score step, and the
 * orders the ordering and the bounds read them in. */
static void load_counters(DdSearch *d, PnCount count) {
  d->bonus = pn_last_trick_bonus(count);
  int unit = d->bonus, maxv = 1;
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    d->value[c] = (int8_t)pn_counter_value(count, (PnCard)c);
    unit = dd_gcd(unit, d->value[c]);
    if (d->value[c] > maxv) maxv = d->value[c];
  }
  for (int c = 0; c < PN_CARD_KINDS; c++) d->vscale[c] = d->value[c] * 8 / maxv;
  for (int suit = 0; suit < PN_SUITS; suit++) /* insertion sort by value: dd_bound.c's cheapest cards */
    for (int rank = 0; rank < PN_RANKS; rank++) {
      int j = rank;
      for (; j > 0 && d->value[PN_CARD(suit, d->cheap_ranks[suit][j - 1])] > d->value[PN_CARD(suit, rank)]; j--)
        d->cheap_ranks[suit][j] = d->cheap_ranks[suit][j - 1];
      d->cheap_ranks[suit][j] = (uint8_t)rank;
    }
  /* the values above 0, most first, and their ranks (dd_trick_limits):
   * a value must be its rank's in every suit, as every count has it */
  d->value_classes = 0;
  for (int v = maxv; v > 0; v--) {
    uint64_t ranks = 0;
    for (int rank = 0; rank < PN_RANKS; rank++)
      if (d->value[PN_CARD(0, rank)] == v) ranks |= (uint64_t)0xFF << (8 * rank);
    if (ranks) {
      d->class_ranks[d->value_classes] = ranks;
      d->class_value[d->value_classes++] = v;
    }
  }
  for (int c = 0; c < PN_CARD_KINDS; c++)
    if (d->value[c] != d->value[PN_CARD(0, PN_RANK(c))]) d->value_classes = 0;
  d->unit = unit > 0 ? unit : 1;
  /* the low cards: the ranks below every counter (dd_table.c, partition) */
  d->low_rank = PN_RANKS;
  while (d->low_rank > 0 && d->value[PN_CARD(0, d->low_rank - 1)] == 0) d->low_rank--;
  /* the shape table needs every counter worth the same (dd_table.c) */
  d->shape_value = 0;
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    if (!d->value[c]) continue;
    if (d->shape_value && d->value[c] != d->shape_value) {
      d->shape_value = 0;
      break;
    }
    d->shape_value = d->value[c];
  }
}

/* The keys' salts: the rules that decide legality and counters, the
 * trump, the side searched (`side_bits`: its seats) and the leader. */
static void load_keys(DdSearch *d, PnCount count, unsigned side_bits) {
  uint64_t rules = (uint64_t)d->trump ^ ((uint64_t)d->ob.follow << 3) ^ ((uint64_t)d->ob.head << 4) ^
                   ((uint64_t)d->ob.trump_rule << 6) ^ ((uint64_t)d->ob.head_led << 8) ^
                   ((uint64_t)count << 9) ^ ((uint64_t)d->players << 12) ^ 0xDDull << 40;
  d->context_rules = dd_mix(rules);
  /* the suit memo's entries: a suit's cards read with these values,
   * seats and options (the options change the merging of ranks), and
   * these low cards (the abstract hash) */
  d->memo_salt = dd_mix(((uint64_t)d->low_rank << 16 | (uint64_t)count << 8 | (uint64_t)d->players << 4 |
                         (d->options & PN_DD_NO_EQUIV)) ^
                        0x3E3Aull << 32);
  uint64_t context = dd_mix(rules ^ ((uint64_t)side_bits << 16)); /* rules, trump and side */
  for (int p = 0; p < PN_MAX_SEATS; p++) d->leader_key[p] = context ^ dd_mix(0xA11CEull + (uint64_t)p);
}

/* Fills the search state of `g`, the side searched being `side`.  Returns
 * 0, or PN_DD_UNSUPPORTED. */
static int dd_load(DdSearch *d, PnDdSolver *s, const PnGame *g, int side) {
  const PnRules *r = &g->rules;
  const PnHand *h = &g->hand;
  memset(d, 0, sizeof *d);
  d->s = s;
  d->known_card = PN_NO_CARD;
  d->known_cards = -1;
  d->best_card = PN_NO_CARD;
  d->players = r->players;
  d->limit = s->node_limit ? s->node_limit : LONG_MAX; /* one compare a node */
  d->options = s->options;
  d->equiv_mask = s->options & PN_DD_NO_EQUIV ? 0 : UINT32_MAX;
  memcpy(d->zobrist, s->zobrist, sizeof d->zobrist);
  if (side < 0 || side >= pn_side_count(g)) return PN_DD_UNSUPPORTED;
  if (h->trump < 0 || h->out_seat) return PN_DD_UNSUPPORTED;
  int turn;
  if (h->phase == PN_PHASE_PLAY) {
    if (r->flow == PN_FLOW_TWO_HAND &&
        !(h->playoff || (h->draw_pending && h->stock_len - h->stock_pos <= 1)))
      return PN_DD_UNSUPPORTED; /* the stock phase: the draws are unknown */
    turn = h->turn;
    d->ntrick = h->ntrick;
    d->leader = h->leader - 1;
    memcpy(d->trick, h->trick, sizeof d->trick);
  } else if (h->phase == PN_PHASE_PREPARE) {
    PnExpect ex;
    pn_game_expect(g, &ex);
    if (!(ex.actions & (1u << PN_EV_PLAY)) || ex.seat < 1 || r->flow == PN_FLOW_TWO_HAND)
      return PN_DD_UNSUPPORTED;
    turn = ex.seat;
    d->ntrick = 0;
    d->leader = turn - 1;
  } else {
    return PN_DD_UNSUPPORTED;
  }
  if (turn < 1 || turn > d->players || (d->leader + d->ntrick) % d->players != turn - 1)
    return PN_DD_UNSUPPORTED;
  d->trump = h->trump;
  d->trump_cards = d->trump >= 0 ? 0xFFu << (8 * d->trump) : 0;
  pn_obligation(g, &d->ob);
  load_counters(d, r->count);
  /* Heading the best led card (not the winner) compares a low card of
   * the suit led under a trump with later ones, which the follows'
   * dependence does not record: no partition there. */
  if (d->ob.head_led || (d->options & PN_DD_NO_PARTITION)) d->low_rank = PN_RANKS;
  unsigned side_bits = 0;
  for (int p = 0; p < d->players; p++) {
    d->maxi[p] = pn_side_of(g, p + 1) == side;
    if (d->maxi[p]) side_bits |= 1u << p;
    pn_held_next(g, p + 1, &d->hold[p]);
    for (int c = 0; c < PN_CARD_KINDS; c++) {
      int k = d->hold[p].n[c];
      if (!k) continue;
      if (k > 4) return PN_DD_UNSUPPORTED;
      d->held[p] |= 1u << c;
      d->suit_hash[PN_SUIT(c)] += (uint64_t)k * s->zobrist[p][c];
      d->cards_left += k;
      d->in_play += k * d->value[c];
    }
  }
  int searched_seats = 0;
  for (int p = 0; p < d->players; p++) searched_seats += d->maxi[p];
  d->partnerships = searched_seats >= 2 && d->players - searched_seats >= 2;
  /* every seat still to play this trick holds one card more than the others */
  int per_seat = -1;
  for (int i = 0; i < d->players; i++) {
    int p = (d->leader + i) % d->players, k = pn_cards_total(&d->hold[p]) + (i < d->ntrick ? 1 : 0);
    if (per_seat >= 0 && k != per_seat) return PN_DD_UNSUPPORTED;
    per_seat = k;
  }
  if (d->cards_left == 0 && d->ntrick == 0) return PN_DD_UNSUPPORTED;
  for (int i = 0; i < d->ntrick; i++) d->trick_points += d->value[d->trick[i]];
  d->in_play += d->trick_points;
  load_keys(d, r->count, side_bits);
  return 0;
}

/* Everything the side can still take from here, trick included. */
static int dd_remaining(const DdSearch *d) {
  return d->in_play + d->bonus;
}

/* The hash of the whole position, trick in progress included (memo). */
static uint64_t dd_full_key(const DdSearch *d) {
  uint64_t key = dd_position_key(d) ^ dd_mix(0x7121Cull + (uint64_t)d->ntrick);
  for (int i = 0; i < d->ntrick; i++) key ^= dd_mix(((uint64_t)i << 8 | d->trick[i]) + 0xC0DEull);
  return key ? key : 1;
}

/* The remembered par of the position `key`, or -1; *dep gets the suits
 * whose low cards its search compared. */
static int memo_get(const PnDdSolver *s, uint64_t key, unsigned *dep) {
  for (int i = 0; i < 4; i++)
    if (s->memo_key[i] == key) {
      *dep = s->memo_dep[i];
      return s->memo_value[i];
    }
  return -1;
}

static void memo_put(PnDdSolver *s, uint64_t key, int value, unsigned dep) {
  s->memo_key[s->memo_next] = key;
  s->memo_value[s->memo_next] = value;
  s->memo_dep[s->memo_next] = (uint8_t)dep;
  s->memo_next = (s->memo_next + 1) % 4;
}

/* The par of the side loaded in `d`, in [lo, hi], probing guess first
 * (`near`: as dd_value).  Remembered by position.  Returns it, or
 * PN_DD_BUDGET; *dep gets the suits whose low cards the search compared
 * (a play's value known to the search of the position before it:
 * DdSearch.known_dep) and those the window's bounds depend on
 * (`window_dep`): a par at a bound no question reached (a window of one
 * value, or every question answered on one side) is the par because the
 * window holds it. */
static int dd_par_of(DdSearch *d, int lo, int hi, int guess, bool near, unsigned window_dep, unsigned *dep) {
  uint64_t key = dd_full_key(d);
  int known = memo_get(d->s, key, dep);
  if (known >= 0) return known;
  long before = d->nodes; /* the limit counts the nodes of the whole call */
  int value = dd_value(d, lo, hi, guess, near);
  d->s->nodes = d->nodes;
  d->s->total_nodes += d->nodes - before;
  if (value < 0) return PN_DD_BUDGET;
  *dep = (d->value_dep | window_dep) & DD_SUITS;
  memo_put(d->s, key, value, *dep);
  return value;
}

/* A new hand (other rules or trump, or more cards than the last call
 * saw) makes the table's entries old: they are replaced first. */
static void new_generation(PnDdSolver *s, const DdSearch *d) {
  uint64_t rules = d->context_rules;
  int cards = d->cards_left + d->ntrick;
  if (rules != s->last_rules || cards > s->last_cards) s->age++;
  s->last_rules = rules;
  s->last_cards = cards;
}

/* Two sides: the par of side 1 is what side 0 cannot keep from it, so
 * side 0 is searched for both and one table serves the whole hand. */
static int canonical_side(const PnGame *g, int side) { return pn_side_count(g) == 2 ? 0 : side; }

/* A par's search of `side` loaded into d: returns the side searched
 * (canonical_side), or PN_DD_UNSUPPORTED. */
static int load_side(DdSearch *d, PnDdSolver *s, const PnGame *g, int side) {
  s->nodes = 0;
  if (side < 0 || side >= pn_side_count(g)) return PN_DD_UNSUPPORTED;
  int searched = canonical_side(g, side);
  int rc = dd_load(d, s, g, searched);
  return rc < 0 ? rc : searched;
}

int pn_dd_par(PnDdSolver *s, const PnGame *g, int side) {
  DdSearch d;
  int searched = load_side(&d, s, g, side);
  if (searched < 0) return searched;
  new_generation(s, &d);
  int all = dd_remaining(&d);
  unsigned dep;
  int v = dd_par_of(&d, 0, all, all / 2 / d.unit * d.unit, false, 0, &dep);
  if (v < 0) return v;
  return searched == side ? v : all - v;
}

/* Loads the position of `g` before `card` is played, for the side of the
 * seat to play (or, of two sides, side 0: canonical_side), into `d`;
 * fills out->seat and out->side.  Returns 0, or PN_DD_UNSUPPORTED,
 * PN_DD_BAD_CARD. */
static int load_play(DdSearch *d, PnDdSolver *s, const PnGame *g, PnCard card, PnDdPlay *out) {
  int rc = dd_load(d, s, g, 0);
  if (rc < 0) return rc;
  int seat = (d->leader + d->ntrick) % d->players;
  out->seat = seat + 1;
  out->side = pn_side_of(g, seat + 1);
  int searched = canonical_side(g, out->side);
  if (searched != 0 && (rc = dd_load(d, s, g, searched)) < 0) return rc;
  if (card >= PN_CARD_KINDS || !d->hold[seat].n[card]) return PN_DD_BAD_CARD;
  if (d->ntrick > 0) {
    SuitSlice legal, unused;
    judge_play(&d->ob, &d->hold[seat], d->trick, d->ntrick, d->trump, -1, &legal, &unused);
    if (!judge_slice_has(&d->hold[seat], legal, card)) return PN_DD_BAD_CARD;
  }
  return 0;
}

/* v kept within [lo, hi]. */
static int within(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Plays `card` for `seat` in `d` and searches the par after it: what the
 * side took in a trick the play completed, plus its par from there (the
 * bounds: `before`, the par before, when known, -1 if not, and
 * `before_dep` the suits its search compared; `guess`, counted as the
 * result, asked first when the par before is not known, -1 none).
 * Returns it, or PN_DD_BUDGET; *dep: the suits whose low cards the
 * search compared, and who won a trick the play completed (all of them
 * when no search said). */
static int par_after_play(DdSearch *d, int seat, PnCard card, int before, unsigned before_dep, int guess,
                          unsigned *dep) {
  bool mover_searched = d->maxi[seat];
  dd_play_card(d, seat, card);
  int won = 0;
  unsigned trick_dep = 0; /* the suit whose low cards decided a trick the play completed */
  if (d->ntrick == d->players) {
    int win = judge_winner(d->trick, d->players, d->trump);
    trick_dep = dd_winner_dep(d, d->trick, d->players, win);
    won = dd_end_trick(d, (d->leader + win) % d->players);
  }
  *dep = DD_SUITS;
  if (d->cards_left == 0 && d->ntrick == 0) return won;
  int rest = dd_remaining(d);
  /* The par before unknown (sides of one seat: the last call searched
   * another side; a review's deal): the first question at the caller's
   * guess, else at the top, whose fail-soft answer
   * is then a close upper bound to step down from (cutthroat-four, 3
   * hands: 10.9M nodes a hand against 12.1M from the middle, 14.1M
   * halving; docs/SOLVER.md). */
  int lo = 0, hi = rest, first = guess >= 0 ? within(guess - won, 0, rest) : rest;
  if (before >= 0) {
    /* A play of the side searched cannot raise its par, one against it
     * cannot lower it. */
    lo = mover_searched ? 0 : before - won;
    hi = mover_searched ? before - won : rest;
    if (lo < 0) lo = 0;
    if (hi > rest) hi = rest;
    if (lo > hi) lo = hi;
    first = mover_searched ? hi : lo + d->unit;
  }
  int v = dd_par_of(d, lo, hi, first, true, before >= 0 ? before_dep : 0, dep);
  *dep |= trick_dep;
  return v < 0 ? v : won + v;
}

int pn_dd_play(PnDdSolver *s, const PnGame *g, PnCard card, PnDdPlay *out) {
  return pn_dd_play_guess(s, g, card, -1, out);
}

int pn_dd_play_guess(PnDdSolver *s, const PnGame *g, PnCard card, int guess, PnDdPlay *out) {
  memset(out, 0, sizeof *out);
  out->best = PN_NO_CARD;
  s->nodes = 0;
  DdSearch d;
  int rc = load_play(&d, s, g, card, out);
  if (rc < 0) return rc;
  int seat = out->seat - 1, all = dd_remaining(&d);
  new_generation(s, &d);
  unsigned dep = 0, before_dep = 0;
  int before = memo_get(s, dd_full_key(&d), &before_dep);
  DdSearch before_d; /* the position before the play, for its par when it is not remembered */
  if (before < 0) before_d = d;
  bool mover_searched = d.maxi[seat];
  /* a window from the par before holds the par after only for a card the
   * seat may play: what that compared goes with it (dd_root_dep) */
  bool flip = canonical_side(g, out->side) != out->side; /* side 1 of two: side 0 searched, complemented */
  if (guess >= 0 && flip) guess = within(all - guess, 0, all);
  int after = par_after_play(&d, seat, card, before, before_dep | dd_root_dep(&d), guess, &dep);
  if (after < 0) return after;
  if (before < 0) {
    /* Valued last to first, a hand knows the par after the play first:
     * the par before is at least it (the mover searched) or at most it,
     * and usually equal (most plays are best). */
    int lo = mover_searched ? after : 0, hi = mover_searched ? all : after;
    before_d.nodes = d.nodes; /* the call's limit counts the search after the play too (0 if none) */
    /* the play's own value is known exactly: not searched again */
    before_d.known_card = card; /* (when it stands for its class: nearly always) */
    before_d.known_value = after;
    before_d.known_cards = before_d.cards_left;
    before_d.known_dep = dep;
    before = dd_par_of(&before_d, lo, hi, mover_searched ? after + before_d.unit : after, true, before_d.known_dep,
                       &dep);
    if (before < 0) return before;
    if (before != after && before_d.best_card != card) out->best = before_d.best_card;
  }
  if (flip) { /* side 1 of two: the complement */
    before = all - before;
    after = all - after;
  }
  out->par_before = before;
  out->par_after = after;
  out->cost = before - after; /* >= 0: before is the par of the best card */
  return 0;
}

/* The value of the loaded position within [l, h] (clamped to it), first
 * guess `guess`, the mover's top first when `top_first`: a remembered
 * par if there is one, else a search whose result is remembered only
 * when exact (strictly inside the window).  Returns it, or PN_DD_BUDGET. */
static int window_value(PnDdSolver *s, DdSearch *d, int l, int h, int guess, bool top_first) {
  unsigned dep;
  int v = memo_get(s, dd_full_key(d), &dep);
  if (v >= 0) return within(v, l, h);
  v = dd_value(d, l, h, guess, top_first);
  s->nodes = d->nodes;
  s->total_nodes += d->nodes;
  if (v < 0) return PN_DD_BUDGET;
  if (v > l && v < h) memo_put(s, dd_full_key(d), v, d->value_dep & DD_SUITS);
  return v;
}

/* pn_dd_play_window: the position after the play searched within the
 * window, not remembered unless exact (memo_put keeps pars). */
int pn_dd_play_window(PnDdSolver *s, const PnGame *g, PnCard card, int lo, int hi, int *value) {
  PnDdPlay out;
  DdSearch d;
  s->nodes = 0;
  int rc = load_play(&d, s, g, card, &out);
  if (rc < 0) return rc;
  int seat = out.seat - 1, all = dd_remaining(&d);
  new_generation(s, &d);
  bool flip = canonical_side(g, out.side) != out.side; /* side 1 of two: side 0 searched, complemented */
  int slo = flip ? all - hi : lo, shi = flip ? all - lo : hi;
  dd_play_card(&d, seat, card);
  int won = 0;
  if (d.ntrick == d.players)
    won = dd_end_trick(&d, (d.leader + judge_winner(d.trick, d.players, d.trump)) % d.players);
  int v = 0;
  if (d.cards_left > 0 || d.ntrick > 0) {
    int rest = dd_remaining(&d), l = within(slo - won, 0, rest), h = within(shi - won, l, rest);
    v = window_value(s, &d, l, h, flip ? l : h, true); /* the mover's top: alternatives near the best */
    if (v < 0) return v;
  }
  v += won;
  v = flip ? all - v : v;
  *value = within(v, lo, hi);
  return 0;
}

/* pn_dd_par_window: as pn_dd_par, within the window, not remembered
 * unless exact. */
int pn_dd_par_window(PnDdSolver *s, const PnGame *g, int side, int lo, int hi, int *value) {
  return pn_dd_par_guess(s, g, side, lo, hi, -1, value);
}

int pn_dd_par_guess(PnDdSolver *s, const PnGame *g, int side, int lo, int hi, int guess, int *value) {
  DdSearch d;
  int searched = load_side(&d, s, g, side);
  if (searched < 0) return searched;
  new_generation(s, &d);
  int all = dd_remaining(&d);
  bool flip = searched != side; /* side 1 of two: side 0 searched, complemented */
  int l = within(flip ? all - hi : lo, 0, all), h = within(flip ? all - lo : hi, l, all);
  int first = flip ? h : l + 1; /* the floor's question */
  bool guessed = guess > lo && guess <= hi;
  if (guessed) first = within(flip ? all - guess + 1 : guess, l + 1, h);
  /* from a guess, step from the bounds its answers give (a guess is
   * usually near the par); from the floor, halve */
  int v = window_value(s, &d, l, h, first, guessed);
  if (v < 0) return v;
  v = flip ? all - v : v;
  *value = within(v, lo, hi);
  return 0;
}

int pn_dd_par_ask(PnDdSolver *s, const PnGame *g, int side, int target, int *bound) {
  DdSearch d;
  int searched = load_side(&d, s, g, side);
  if (searched < 0) return searched;
  int all = dd_remaining(&d);
  if (target <= 0 || target > all) { /* answered by the counters left */
    *bound = target <= 0 ? 0 : all;
    return 0;
  }
  new_generation(s, &d);
  bool flip = searched != side; /* side 1 of two: "side 0 at least all - target + 1?" answers the other way */
  int t = flip ? all - target + 1 : target;
  unsigned dep;
  int v = memo_get(s, dd_full_key(&d), &dep);
  if (v < 0) {
    d.root_cut = PN_NO_CARD;
    v = dd_search(&d, t);
    s->nodes = d.nodes;
    s->total_nodes += d.nodes;
    if (d.aborted) return PN_DD_BUDGET;
  }
  v = within(v, 0, all); /* fail-soft: at least v when v >= t, else at most v */
  *bound = flip ? all - v : v;
  return 0;
}
