/* dd.c - the double-dummy solver of dd.h.
 *
 * The search answers one question at a time: "can the side take at least
 * T more counters from here?" (a null-window search on the score); the
 * par is found by asking it for a few T around a guess.  Each question is
 * a fail-soft alpha-beta search over single cards in which
 *   - cards of one hand that no other card still in play tells apart (the
 *     same card, or neighbours in rank with only gone cards between them
 *     and the same counter value) are searched once;
 *   - moves are tried in a likely-best-first order, the table's best lead
 *     first;
 *   - at every trick start (two tricks or more to go) the transposition
 *     table keeps a lower and an upper bound of what the side takes from
 *     that trick on, keyed by every seat's cards up to relabelling of the
 *     ranks (dd_canonical_key) and the leader; bounds are valid for any T,
 *     so the questions of one par, and the pars along a hand, share them;
 *     the move that decided a node is kept and tried first next time;
 *   - a trick start is cut short when the side already has T, or when all
 *     the counters left cannot make T, or when the table's bounds decide,
 *     or else when the quick bounds decide (dd_sure_counters: what a side
 *     is sure of from its top trumps, from the winners its leader cashes,
 *     trumps first, with the cards the other seats must follow with, and
 *     from the last trick when the others hold no trump and one of its
 *     seats nothing else);
 *   - the last trick is scored without a search.
 *
 * Measured on ten single-deck partnership-auction hands, par from the
 * first lead (bench/bench_dd.c, nodes): without the table no hand ends
 * within 100M nodes; without the move ordering 3.5 times the nodes,
 * without merging equivalent cards 1.7 times, without the sure-counter
 * bounds 1.03 times.  An enhanced transposition cutoff on the last card
 * of a trick saved 15% of the nodes but cost more time in keys than it
 * saved, and is not used.
 *
 * Measured for issue 17's speed goal (bench_dd, first 30 partnership-
 * auction hands, whole hand = par from the first lead + every play's
 * cost; nodes are exact, CPU ms are medians of 3 runs on a shared
 * machine, so +-15%; the two "again" rows were run the same day, on the
 * same machine, one after the other):
 *
 *   change                                nodes/hand   median ms   p95 ms
 *   as merged                              8,180,257         951     5993
 *   fail-soft bounds + table at 2 tricks   6,816,311   (not timed alone)
 *   + per-suit memo of the canonical key   6,816,311   (not timed alone)
 *   + table bucket prefetched              6,816,311         731     4985
 *     (the same, again)                    6,816,311         652     4864
 *   + follows ordered by whether the side
 *     losing the trick can still beat it,
 *     the cheapest card that beats first   6,380,606   (not timed alone)
 *   + cashing bound counts the cards the
 *     others must follow with              6,355,966   (not timed alone)
 *   + a partnered seat's top trumps led
 *     after its plain top cards (again)    4,680,326         332     3355
 *   issue 17's quick bounds, on another day, before the cost-per-node
 *   changes below were merged (binaries alternated, 3 runs each, median
 *   of the 3 medians, one session):
 *     (the row above, again)               4,680,326         285     3400
 *   + quick bounds worked out after the
 *     table probe, and stronger (below)    4,544,651         208     2573
 *
 * Fail-soft alone saved 3% of the nodes (the bounds found are mostly the
 * target itself), the table at two tricks left 14% more; dd_canonical_key
 * and its mixing were a quarter of the profile, which the memo mostly
 * removes (the nodes are unchanged).  The top-trump lead order was tuned
 * on the first 10 hands (par only; the trump lead's place: just below
 * the plain top cards 6.88M, among the low leads 4.79M, below every lead
 * 5.08M) and checked on the 30 and on other presets (par only:
 * partnership 7%, cutthroat-four 3%, auction 3% fewer nodes; a seat
 * without a partner keeps the old order: for it, the same change cost
 * 25 to 30% more nodes in cutthroat-four and two-hand-bid).  A lead for
 * a partner to ruff placed before the top cards without counters saved
 * 9% of the nodes on the 30 hands (4,253,718 a hand, 302 ms median,
 * 2814 ms p95) and 10% in partnership, but the cutthroat-four hands of
 * test_analysis's sample then no longer finish within its 300,000-node
 * budget, so it is not used.  Working out the ordering's per-suit facts
 * once a node instead of once a move was first dropped as not measurably
 * faster in CPU seconds (+-10%); counted in instructions it saves 7%
 * (below) and is used.
 * Tried on the first 8 hands, par only, and dropped: a history heuristic
 * (per trick position and card, as a tie-break or mixed into the score:
 * 1.1 to 3.5 times the nodes), killer moves per depth (1.4 to 1.6
 * times), probing the par one step at a time (MTD(f) style) instead of
 * halving (1.03 times; again with the fail-soft bounds, jumping to the
 * bound returned: 1.09 times on 10 hands), a 64 MiB table (0.96 times
 * the nodes for four times the memory).  On 10 hands, par only, no
 * change: a bigger or smaller bonus for leading to a partner's top card,
 * a bigger penalty for low trump leads, ducking when a partner plays
 * later in the trick (under the heading rules every legal follow beats
 * or none does, so it never reorders).
 * Partition search, tried and dropped: entries keyed by the leader and
 * the counter values each seat holds per suit, matching per suit only
 * the top groups down to the lowest rank the proof relied on (cards of a
 * suit compared in a trick: the running best of each suit played twice
 * or more; the ranks a bound read; a trump winner that a void seat's
 * obligation to overtrump compared with its trumps; a whole class of
 * equivalent cards once one of it mattered), 32-byte entries.  Correct
 * (test_dd passed), but on partnership-auction it found as many
 * decisive table answers as the exact key (277,048 against 282,419 on
 * hand 1): with two copies of six ranks, the cards below the relevant
 * ones are already merged by the equivalence classes and the key's
 * relabelling.  With four-way buckets the coarse key crowds one bucket
 * (41.9M nodes a hand on the first 3 hands, par only, against 9.2M for
 * the exact key in the same 32-byte entries); with 32-way buckets 8.7M
 * either way.
 * The quick bounds (dd_bound.c), measured with a cut counter first (10
 * hands, par only; bounds then worked out before the table probe): at 5
 * tricks left 4.31M trick starts, 3.21M cut by the table, 0.30M by the
 * bounds (4 left: 5.31M, 4.20M, 0.30M).  They cost a quarter of all
 * instructions (callgrind, first 3 hands, par only: 2.6G of 10.85G), at
 * every trick start, though the table decides three in four.  Worked
 * out after the probe instead (the bucket then is not fetched while
 * they are worked out; the cost-per-node work below made the same
 * change on its own): 8.85G instructions for about the same nodes (30
 * hands, par only: 4,151,583 -> 4,139,008).  Then made stronger,
 * each a strategy of the side or a fact no play changes (argued in
 * dd_bound.c, and the minimax of test_dd agrees on its ~7,100 random
 * positions):
 *   - the leader draws trumps with its winning trumps first: the others
 *     follow with their cheapest trumps, and a seat left without trumps
 *     no longer limits the plain winners cashed next (0.7% fewer nodes,
 *     10 hands, par only, each measured by switching it off);
 *   - a led card wins against its later copies, so a leader's winners
 *     run down to a rank another seat also holds (1.6%);
 *   - the last-trick bonus is sure to a side one of whose seats holds
 *     nothing but trumps when the others hold none (1.2%);
 *   - tried and dropped: a partner holding the one best card of a suit
 *     the leader still holds, reached by a low lead, cashing its own
 *     winners (0.3% fewer nodes on 10 hands, 0.1% on the first 3 for
 *     1.7% more instructions);
 *   - the stronger bounds (the partner's too) worked out before the
 *     table probe, as the old ones were: 25% more CPU than as merged
 *     (median ms of 3 runs each), for 3% fewer nodes.
 * Kept: 4,151,583 -> 4,030,326 nodes a hand on the 30 (par only), and
 * 8.81G instructions on the first 3 hands (10.85G as merged); whole
 * hands, 10 each: cutthroat-four 26,361,875 -> 25,083,002, two-hand-bid
 * 16,375 -> 15,714, partnership 6,575,640 -> 6,410,719.  Of the starts
 * the table leaves the bounds now decide about a third (10 hands, par
 * only: 5 tricks left 0.33M of 1.09M, 4 left 0.44M of 1.19M); measured
 * before the change, the starts searched were mostly 10 to 40 counters
 * away from either bound, which no bound tried here closes.
 * On top of the cost-per-node changes (callgrind, Ir): first 10 hands,
 * par only, 4,771,006 -> 4,626,936 nodes a hand and 34.47G -> 34.32G;
 * `bench_dd 2` (whole hands) 3,261,530 -> 3,246,641 nodes and 4.82G ->
 * 4.92G; whole hands, nodes a hand: the 30 4,063,024 -> 4,000,276,
 * cutthroat-four (10) 25,248,130 -> 24,113,496, two-hand-bid (10)
 * 14,364 -> 13,867, partnership (10) 5,677,625 -> 5,583,158.  So the
 * stronger bounds about pay for what they cost now that a node costs
 * less; a bound costing more than this would not.
 *
 * The goal (20 ms median, 200 ms p95) is not reached: the hard hands
 * spend 10M nodes or more proving the par itself.
 *
 * The cost of a node, the nodes unchanged (every row searches the same
 * 4,680,326 nodes a hand, same best plays; cutthroat-four, two-hand-bid
 * and par-only counts unchanged too).  Ir: instructions of
 * `bench_dd 2` under callgrind (exact); ms: bench_dd 30, medians of 3
 * runs, all rows in turns in the same minutes, +-20% on the shared
 * machine, so only the first and last rows differ beyond the noise:
 *
 *   change                                  Ir (bench_dd 2)  median ms  p95 ms
 *   before                                           10.03G        229    2422
 *   + ordering facts once a suit and node             9.32G        233    2220
 *   + dd_sure_counters by words, lengths by a
 *     multiply, cheap cards sorted per rank           8.38G        211    2180
 *   + others' ranks a word a node, enemy ruffs a
 *     node, a follow's beating ranks a suit           8.26G        201    2163
 *   + the trick's winner kept as it grows             8.16G        216    2385
 *   + seat after the leader without %, a
 *     follow's legal suit only                        8.10G        210    2148
 *   + cashing rounds only for suits with a run        8.01G        212    2120
 *
 * Tried and dropped (more instructions): the later seats' beating cards
 * (contested tricks) gathered once a follow node rather than on demand
 * (8.16G -> 8.29G); answering a trick-ending card's at-once cutoffs
 * before playing it (8.01G -> 8.13G: they are rare there).
 *
 * No allocation: the search state lives on the caller's stack, the table
 * in the caller's memory.
 *
 * Files: dd.c (this: loading a game, the par, the value of a play),
 * dd_search.c (moves and search), dd_table.c (the table and its key),
 * dd_bound.c (quick bounds at a trick start), dd_int.h (what they share).
 */
#include "dd_int.h"

#include <string.h>

int pn_dd_init(PnDdSolver *s, void *table, size_t bytes) {
  memset(s, 0, sizeof *s);
  size_t entries = bytes / sizeof(PnDdEntry);
  if (!table || entries < 4) return -1;
  size_t buckets = 1;
  while (buckets * 2 <= entries / 4 && buckets < ((size_t)1 << 30)) buckets *= 2;
  s->table = table;
  s->mask = (uint32_t)(buckets - 1);
  uint64_t seed = 0x5EEDull;
  for (int p = 0; p < PN_MAX_SEATS; p++)
    for (int c = 0; c < PN_CARD_KINDS; c++)
      for (int k = 1; k < 5; k++) s->zobrist[p][c][k] = dd_mix(seed++);
  pn_dd_clear(s);
  return 0;
}

void pn_dd_clear(PnDdSolver *s) {
  memset(s->table, 0, ((size_t)s->mask + 1) * 4 * sizeof(PnDdEntry));
  memset(s->memo_key, 0, sizeof s->memo_key);
  s->age = 0;
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

/* Fills the search state of `g`, the side searched being `side`.  Returns
 * 0, or PN_DD_UNSUPPORTED. */
static int dd_load(DdSearch *d, PnDdSolver *s, const PnGame *g, int side) {
  const PnRules *r = &g->rules;
  const PnHand *h = &g->hand;
  memset(d, 0, sizeof *d);
  d->s = s;
  d->players = r->players;
  d->limit = s->node_limit;
  d->options = s->options;
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
  pn_obligation(g, &d->ob);
  d->bonus = pn_last_trick_bonus(r->count);
  int unit = d->bonus, maxv = 1;
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    d->value[c] = (int8_t)pn_counter_value(r->count, (PnCard)c);
    unit = dd_gcd(unit, d->value[c]);
    if (d->value[c] > maxv) maxv = d->value[c];
  }
  for (int c = 0; c < PN_CARD_KINDS; c++) d->vscale[c] = d->value[c] * 8 / maxv;
  d->unit = unit > 0 ? unit : 1;
  unsigned side_bits = 0;
  for (int p = 0; p < d->players; p++) {
    d->maxi[p] = pn_side_of(g, p + 1) == side;
    if (d->maxi[p]) side_bits |= 1u << p;
    pn_held_next(g, p + 1, &d->hold[p]);
    for (int c = 0; c < PN_CARD_KINDS; c++) {
      int k = d->hold[p].n[c];
      if (!k) continue;
      if (k > 4) return PN_DD_UNSUPPORTED;
      d->held_mask[p][PN_SUIT(c)] |= (uint8_t)(1u << PN_RANK(c));
      d->hash ^= s->zobrist[p][c][k];
      d->suit_hash[PN_SUIT(c)] ^= s->zobrist[p][c][k];
      d->cards_left += k;
      d->counters_left += k * d->value[c];
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
  uint64_t rules = (uint64_t)d->trump ^ ((uint64_t)d->ob.follow << 3) ^ ((uint64_t)d->ob.head << 4) ^
                   ((uint64_t)d->ob.trump_rule << 6) ^ ((uint64_t)d->ob.head_led << 8) ^
                   ((uint64_t)r->count << 9) ^ ((uint64_t)d->players << 12) ^ 0xDDull << 40;
  d->context_rules = dd_mix(rules);
  d->context = dd_mix(rules ^ ((uint64_t)side_bits << 16));
  return 0;
}

/* Everything the side can still take from here, trick included. */
static int dd_remaining(const DdSearch *d) {
  return d->counters_left + d->trick_points + d->bonus;
}

/* The hash of the whole position, trick in progress included (memo). */
static uint64_t dd_full_key(const DdSearch *d) {
  uint64_t key = dd_position_key(d) ^ dd_mix(0x7121Cull + (uint64_t)d->ntrick);
  for (int i = 0; i < d->ntrick; i++) key ^= dd_mix(((uint64_t)i << 8 | d->trick[i]) + 0xC0DEull);
  return key ? key : 1;
}

static int memo_get(const PnDdSolver *s, uint64_t key) {
  for (int i = 0; i < 4; i++)
    if (s->memo_key[i] == key) return s->memo_value[i];
  return -1;
}

static void memo_put(PnDdSolver *s, uint64_t key, int value) {
  s->memo_key[s->memo_next] = key;
  s->memo_value[s->memo_next] = value;
  s->memo_next = (s->memo_next + 1) % 4;
}

/* The par of the side loaded in `d`, in [lo, hi], probing guess first.
 * Remembered by position.  Returns it, or PN_DD_BUDGET. */
static int dd_par_of(DdSearch *d, int lo, int hi, int guess) {
  uint64_t key = dd_full_key(d);
  int known = memo_get(d->s, key);
  if (known >= 0) return known;
  long before = d->nodes; /* the limit counts the nodes of the whole call */
  int value = dd_value(d, lo, hi, guess);
  d->s->nodes = d->nodes;
  d->s->total_nodes += d->nodes - before;
  if (value < 0) return PN_DD_BUDGET;
  memo_put(d->s, key, value);
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

int pn_dd_par(PnDdSolver *s, const PnGame *g, int side) {
  DdSearch d;
  s->nodes = 0;
  if (side < 0 || side >= pn_side_count(g)) return PN_DD_UNSUPPORTED;
  int searched = canonical_side(g, side);
  int rc = dd_load(&d, s, g, searched);
  if (rc < 0) return rc;
  new_generation(s, &d);
  int all = dd_remaining(&d);
  int v = dd_par_of(&d, 0, all, all / 2 / d.unit * d.unit);
  if (v < 0) return v;
  return searched == side ? v : all - v;
}

int pn_dd_play(PnDdSolver *s, const PnGame *g, PnCard card, PnDdPlay *out) {
  memset(out, 0, sizeof *out);
  s->nodes = 0;
  DdSearch d;
  int rc = dd_load(&d, s, g, 0);
  if (rc < 0) return rc;
  int seat = (d.leader + d.ntrick) % d.players;
  out->seat = seat + 1;
  out->side = pn_side_of(g, seat + 1);
  int searched = canonical_side(g, out->side);
  if (searched != 0 && (rc = dd_load(&d, s, g, searched)) < 0) return rc;
  if (card >= PN_CARD_KINDS || !d.hold[seat].n[card]) return PN_DD_BAD_CARD;
  if (d.ntrick > 0) {
    SuitSlice legal, unused;
    judge_play(&d.ob, &d.hold[seat], d.trick, d.ntrick, d.trump, -1, &legal, &unused);
    if (!judge_slice_has(&d.hold[seat], legal, card)) return PN_DD_BAD_CARD;
  }
  new_generation(s, &d);
  int all = dd_remaining(&d);
  DdSearch before_d = d; /* the position before the play, for its par */
  uint64_t before_key = dd_full_key(&d);
  int before = memo_get(s, before_key);
  bool mover_searched = d.maxi[seat];
  /* the position after the play */
  dd_take_card(&d, seat, card);
  d.trick[d.ntrick++] = card;
  d.trick_points += d.value[card];
  int won = 0;
  if (d.ntrick == d.players) {
    int winner = (d.leader + judge_winner(d.trick, d.players, d.trump)) % d.players;
    int points = d.trick_points + (d.cards_left == 0 ? d.bonus : 0);
    if (d.maxi[winner]) won = points;
    d.ntrick = 0;
    d.trick_points = 0;
    d.leader = winner;
  }
  int after;
  long nodes = 0;
  if (d.cards_left == 0 && d.ntrick == 0) {
    after = won;
  } else {
    int rest = dd_remaining(&d);
    int lo = 0, hi = rest, guess = rest / 2 / d.unit * d.unit;
    if (before >= 0) {
      /* A play of the side searched cannot raise its par, one against it
       * cannot lower it. */
      lo = mover_searched ? 0 : before - won;
      hi = mover_searched ? before - won : rest;
      if (lo < 0) lo = 0;
      if (hi > rest) hi = rest;
      if (lo > hi) lo = hi;
      guess = mover_searched ? hi : lo + d.unit;
    }
    int v = dd_par_of(&d, lo, hi, guess);
    nodes += d.nodes;
    if (v < 0) return v;
    after = won + v;
  }
  if (before < 0) {
    /* Valued last to first, a hand knows the par after the play first:
     * the par before is at least it (the mover searched) or at most it,
     * and usually equal (most plays are best). */
    int lo = mover_searched ? after : 0, hi = mover_searched ? all : after;
    before_d.nodes = nodes;
    before = dd_par_of(&before_d, lo, hi, mover_searched ? after + before_d.unit : after);
    if (before < 0) return before;
  }
  if (searched != out->side) { /* side 1 of two: the complement */
    before = all - before;
    after = all - after;
  }
  out->par_before = before;
  out->par_after = after;
  out->cost = before - after; /* >= 0: before is the par of the best card */
  return 0;
}
