/* dd_bound.c - quick bounds of the double-dummy solver (dd.c) at a
 * trick start: counters a side is sure to take whatever is played.  Each
 * is a strategy of the side (or a fact no play changes), so it is a
 * lower bound for the side and, taken from the rest, an upper bound for
 * the others; a bound counting one card too many gives wrong pars
 * (tests/test_dd.c compares thousands of positions with a minimax). */
#include "dd_int.h"

#include <limits.h>
#include <string.h>

/* How many cards of `suit` `seat` holds: the sum of the suit's eight
 * counts (each at most 4, so no byte overflows) in one multiply. */
static inline int suit_length(const DdSearch *d, int seat, int suit) {
  uint64_t counts;
  memcpy(&counts, d->hold[seat].n + suit * 8, sizeof counts);
  return (int)((counts * 0x0101010101010101ull) >> 56);
}

/* The least counters `seat` can give to `rounds` tricks of `suit` it
 * must follow: its `rounds` cheapest cards there (all, if it has fewer),
 * read in the order of the suit's ranks by counter value (cheap_ranks,
 * fixed for a search: no sort a call). */
static int forced_counters(const DdSearch *d, int seat, int suit, int rounds) {
  unsigned held = judge_suit_ranks(d->held[seat], suit);
  int sum = 0;
  for (int i = 0; held && rounds > 0; i++) {
    int r = d->cheap_ranks[suit][i];
    if (!(held & (1u << r))) continue;
    held &= ~(1u << r);
    PnCard c = PN_CARD(suit, r);
    int k = d->hold[seat].n[c] < rounds ? d->hold[seat].n[c] : rounds;
    sum += k * d->value[c];
    rounds -= k;
  }
  return sum;
}

/* The leader's ranks of `suit` down to everyone else's best, that one
 * included (`others`: the other seats' ranks): the cards cash_run can
 * cash. */
static inline unsigned leader_winners(const DdSearch *d, int suit, unsigned others) {
  return judge_suit_ranks(d->held[d->leader], suit) & (others ? dd_above(__builtin_ctz(others) + 1) : 0xFFu);
}

/* The leader's cards of `suit` that win the tricks they are led to, for
 * up to `rounds` rounds: from the top down, each rank it holds while no
 * other seat holds a better one (`others`: the other seats' ranks).  A
 * copy of a rank another seat also holds still wins when led (of
 * identical cards the first played wins; heading asks for a better
 * card, which nobody has), but the leader's cards below it do not.
 * Adds their counters to *sure, except for the ranks in `counted`
 * (counted already); returns how many rounds they make. */
static int cash_run(const DdSearch *d, int suit, unsigned others, int rounds, unsigned counted, int *sure) {
  int leader = d->leader, cashed = 0;
  unsigned run = leader_winners(d, suit, others);
  while (run && cashed < rounds) {
    int r = __builtin_ctz(run);
    run &= run - 1;
    PnCard c = PN_CARD(suit, r);
    int k = d->hold[leader].n[c];
    if (k > rounds - cashed) k = rounds - cashed;
    if (!(counted & (1u << r))) *sure += k * d->value[c];
    cashed += k;
  }
  return cashed;
}

/* The side's top trumps' counters (`side`, `enemy`: the two sides'
 * trump ranks): from the highest trump down, each rank whose copies are
 * all the side's.  Returns the counters; *top gets the ranks. */
static int top_trumps(const DdSearch *d, unsigned side, unsigned enemy, unsigned *top) {
  int sure = 0;
  *top = enemy ? side & dd_above(__builtin_ctz(enemy)) : side;
  for (unsigned t = *top; t; t &= t - 1) {
    PnCard c = PN_CARD(d->trump, __builtin_ctz(t));
    for (int p = 0; p < d->players; p++) sure += d->hold[p].n[c] * d->value[c];
  }
  return sure;
}

/* The last-trick bonus, when the others hold no trump (`enemy`) and a
 * seat of side `maxi` holds nothing but trumps. */
static int trump_only_bonus(const DdSearch *d, bool maxi, unsigned side, unsigned enemy) {
  if (enemy || !side) return 0;
  for (int p = 0; p < d->players; p++)
    if (d->maxi[p] == maxi && suit_length(d, p, d->trump) * d->players == d->cards_left) return d->bonus;
  return 0;
}

/* Do cards `mine` (ranks of one suit), read against the best of `others`,
 * compare two low cards (dd_table.c, partition)?  Then which of them wins
 * depends on the low cards' ranks. */
static inline bool low_meet(const DdSearch *d, unsigned mine, unsigned others) {
  return others && __builtin_ctz(others) >= d->low_rank && (mine & dd_low_ranks(d));
}

/* The counters the leader's side surely gives the others in this trick
 * when its leader leads `suit` (-1: none sure): when the others hold a
 * better card of the suit than any of the side's (`mine`, `theirs`: the
 * two sides' ranks there) and no partner of the leader can ruff (each
 * holds the suit, so must follow, or no trump), the seat holding that
 * card plays it (it follows, and heads any card of the side) and wins,
 * unless another of the others wins already.  Then the lead's counters
 * and each other seat's cheapest card of the suit (every seat holding it
 * must follow) are the others'; in trumps only the partners' (the
 * others' may be top trumps, counted by top_trumps already).
 * `cheapest`: the lead's counters.  *dep gets the suit when its best
 * cards are low. */
static int lead_lost(const DdSearch *d, int suit, unsigned mine, unsigned theirs, int cheapest, unsigned *dep) {
  if (!theirs) return -1;
  /* which best wins compares low cards only when both are low */
  if (__builtin_ctz(mine) >= d->low_rank && __builtin_ctz(theirs) >= d->low_rank) *dep |= 1u << suit;
  if (__builtin_ctz(theirs) >= __builtin_ctz(mine)) return -1;
  int lost = cheapest;
  for (int p = 0; p < d->players; p++) {
    if (p == d->leader) continue;
    bool partner = d->maxi[p] == d->maxi[d->leader];
    if (suit_length(d, p, suit)) lost += partner || suit != d->trump ? forced_counters(d, p, suit, 1) : 0;
    else if (partner && d->trump >= 0 && suit_length(d, p, d->trump)) return -1;
  }
  return lost;
}

/* The tricks each side's top trumps (tricks->top, ranks) surely win: a
 * seat plays one card a trick, so each of its top trumps wins a trick of
 * its own, and the side takes at least as many tricks as its seat
 * holding the most of them (two seats' may fall in one trick). */
static void top_trump_tricks(const DdSearch *d, DdSureTricks *tricks) {
  for (int p = 0; p < d->players; p++) {
    bool x = d->maxi[p];
    int n = 0;
    for (unsigned b = tricks->top[x] & judge_suit_ranks(d->held[p], d->trump); b; b &= b - 1)
      n += d->hold[p].n[PN_CARD(d->trump, __builtin_ctz(b))];
    if (n > tricks->won[x]) tricks->won[x] = n;
  }
}

/* The tricks each side's trumps surely win, top or not (instead of
 * top_trump_tricks where the sides are not partnerships: auction's
 * nodes -21.6%, wall -15%; on the 30, nodes -1.8% but instructions
 * +1.2%, so not there: docs/SOLVER.md).  A trump of a seat loses its
 * trick only to a better trump of the other side, or to a copy of its
 * rank the other side played earlier in that trick; every card is
 * played, a seat's in tricks of their own, and each card of the other
 * side is in one trick.  So of a seat's trumps ranked r or better, all
 * but as many as the other side holds ranked r or better win (its top
 * trumps all), and the side takes at least as many tricks as any of its
 * seats so wins.  Counted down to a low rank while the other side holds
 * low trumps, which low trumps each seat holds matters (QS QS JS against
 * AS 9S win two, JS 9S 9S against AS QS one): *dep gets the trump suit
 * then.  (Without the other side's low trumps, the count down to a low
 * rank is the seat's trumps less the other side's high ones: counts
 * only.) */
static void trump_tricks(const DdSearch *d, DdSureTricks *tricks, unsigned *dep) {
  /* A byte a rank, best first, as PnCards.n reads: a seat's copies, each
   * side's; times `ones`, each byte the sum of its own and the better
   * ranks' (at most 32: no carry). */
  const uint64_t ones = 0x0101010101010101ull;
  uint64_t seat[PN_MAX_SEATS], side[2] = {0, 0};
  for (int p = 0; p < d->players; p++) {
    memcpy(&seat[p], d->hold[p].n + d->trump * 8, sizeof seat[p]);
    side[d->maxi[p]] += seat[p];
  }
  uint64_t better[2] = {side[0] * ones, side[1] * ones}; /* each side's trumps ranked there or better */
  for (int p = 0; p < d->players; p++) {
    bool x = d->maxi[p];
    uint64_t mine = seat[p] * ones;
    if ((int)(mine >> 56) <= tricks->won[x]) continue; /* no more trumps than that: no more tricks */
    int best = 0;
    bool at_low = false;
    /* the best margin is at a rank the seat holds (below one it does not,
     * only the other side's count grows) */
    for (unsigned ranks = judge_suit_ranks(d->held[p], d->trump); ranks; ranks &= ranks - 1) {
      int r = __builtin_ctz(ranks);
      int m = (int)((mine >> (8 * r)) & 0xFF) - (int)((better[!x] >> (8 * r)) & 0xFF);
      if (m > best) {
        best = m;
        at_low = r >= d->low_rank;
      }
    }
    if (best <= tricks->won[x]) continue;
    if (at_low && (side[!x] >> (8 * d->low_rank))) *dep |= 1u << d->trump; /* at_low: low_rank <= 7 */
    tricks->won[x] = best;
  }
}

/* Counters each side (sure[1]: the one searched; sure[0]: the others
 * together) is sure to take at a trick start, whatever is played:
 *   - its top trumps: from the highest trump still held down, each rank
 *     whose copies are all the side's; such a card loses to nothing, so
 *     the trick it falls in is the side's;
 *   - the last-trick bonus when the others hold no trump and a seat of
 *     the side holds nothing but trumps: that seat plays a trump to every
 *     trick, the last one included, and no other side can beat it there;
 *   - when the side leads and suits must be followed, the cards its
 *     leader can cash, trumps first: its winning trumps (cash_run) for as
 *     many rounds as it has them, every other seat following with a
 *     trump while it holds one (heading cannot make a partner overtake:
 *     no other seat holds a better trump); then in each plain suit its
 *     winning cards for as many rounds as every other seat still holding
 *     a trump after those rounds has cards of the suit to follow with
 *     (it must follow, so cannot ruff; a partner must not be made to
 *     trump either, or the leader loses the lead).
 *     Every other seat must follow to those tricks while it holds the
 *     suit, so its cheapest cards of the suit, as many as the rounds
 *     cashed, are the side's too: a seat's card of the suit that it
 *     throws earlier, void in another suit being cashed, lands in a
 *     trick of the side all the same.  In the trump rounds only the other
 *     sides' seats are counted so (a partner's trumps may be top trumps,
 *     counted already), and a leader's top trump is not counted again.
 * Otherwise each card counts only its own counters (what the others add
 * is not sure).  Both sides at once: the seats' words are read once, and
 * only the leader's side cashes.  *dep gets the suits where the bounds
 * compared low cards: how many rounds the leader cashes, when a low card
 * is among its winners or the others' best (and, to be safe, the top
 * trumps, though a low one counts nothing); which low cards a seat gives
 * to a trick does not matter (they count nothing), only how many.
 * *tricks gets the tricks each side is so sure of (its top trumps', or
 * where the sides are not partnerships its trumps' (trump_tricks), or
 * its leader's cashing) and the top trumps' ranks (dd_trick_limits). */
void dd_sure_counters(const DdSearch *d, int sure[2], DdSureTricks *tricks, unsigned *dep) {
  *dep = 0;
  *tricks = (DdSureTricks){{0, 0}, {0, 0}};
  uint32_t side_mask[2] = {0, 0}, all_but_leader = 0;
  int leader = d->leader, trump = d->trump;
  for (int p = 0; p < d->players; p++) {
    uint32_t w = d->held[p];
    side_mask[d->maxi[p]] |= w;
    if (p != leader) all_but_leader |= w;
  }
  sure[0] = sure[1] = 0;
  bool lead_side = d->maxi[leader];
  unsigned top = 0; /* the leader's side's top trumps */
  if (trump >= 0) {
    unsigned t0 = judge_suit_ranks(side_mask[0], trump), t1 = judge_suit_ranks(side_mask[1], trump), top0, top1;
    if (low_meet(d, t0, t1) || low_meet(d, t1, t0)) *dep |= 1u << trump;
    sure[0] = top_trumps(d, t0, t1, &top0) + trump_only_bonus(d, false, t0, t1);
    sure[1] = top_trumps(d, t1, t0, &top1) + trump_only_bonus(d, true, t1, t0);
    top = lead_side ? top1 : top0;
    tricks->top[0] = top0;
    tricks->top[1] = top1;
    if (d->partnerships) top_trump_tricks(d, tricks);
    else trump_tricks(d, tricks, dep);
  }
  if (!d->ob.follow) return;
  int *cash = &sure[lead_side];
  int drawn = 0;        /* trump rounds the leader cashes first */
  unsigned ruffers = 0; /* seats other than the leader that may hold a trump after them */
  if (trump >= 0) {
    if (low_meet(d, judge_suit_ranks(d->held[leader], trump), (all_but_leader >> (8 * trump)) & 0xFF)) *dep |= 1u << trump;
    drawn = cash_run(d, trump, (all_but_leader >> (8 * trump)) & 0xFF, PN_MAX_HAND, top, cash);
    for (int p = 0; p < d->players; p++) {
      if (drawn && d->maxi[p] != lead_side) *cash += forced_counters(d, p, trump, drawn);
      if (p != leader && suit_length(d, p, trump) > drawn) ruffers |= 1u << p;
    }
  }
  int cashed_tricks = drawn; /* every round cashed, each a trick of the side */
  for (int suit = 0; suit < PN_SUITS; suit++) {
    if (suit == trump) continue;
    unsigned others = (all_but_leader >> (8 * suit)) & 0xFF;
    if (low_meet(d, judge_suit_ranks(d->held[leader], suit), others)) *dep |= 1u << suit;
    if (!leader_winners(d, suit, others)) continue; /* nothing to cash: the rounds are not needed */
    /* Rounds while every other seat that may hold a trump can still
     * follow: an enemy void could ruff, a partner void could be made to
     * trump and take the lead away from the cards still to cash. */
    int rounds = PN_MAX_HAND;
    for (unsigned r = ruffers; r; r &= r - 1) {
      int len = suit_length(d, __builtin_ctz(r), suit);
      if (len < rounds) rounds = len;
    }
    int cashed = cash_run(d, suit, others, rounds, 0, cash);
    for (int p = 0; p < d->players && cashed; p++)
      if (p != leader) *cash += forced_counters(d, p, suit, cashed);
    cashed_tricks += cashed;
  }
  if (cashed_tricks > tricks->won[lead_side]) tricks->won[lead_side] = cashed_tricks;
}

/* Bounds of what the side searched takes after the leader leads a card
 * of each suit, when such a lead surely loses the trick (lead_lost):
 * the leader's side then gives the others its partners' cheapest cards
 * of the suit and the others' own (bound[suit] + or - the lead's
 * counters, which the caller adds), besides what the others are sure of
 * anyway (their top trumps and last-trick bonus, as dd_sure_counters: no
 * card of the leader's side, so nothing is counted twice).  Upper bounds
 * when the leader is of the side searched (take the lead's counters
 * off), else lower ones (add them); INT_MIN where a lead is not sure to
 * lose.  dep[suit] gets the suits each compared low cards in. */
void dd_lead_bounds(const DdSearch *d, int bound[PN_SUITS], unsigned dep[PN_SUITS]) {
  uint32_t side_mask[2] = {0, 0};
  for (int p = 0; p < d->players; p++) side_mask[d->maxi[p]] |= d->held[p];
  bool ls = d->maxi[d->leader];
  int others = 0; /* what the others are sure of besides */
  unsigned trump_dep = 0;
  if (d->trump >= 0) {
    unsigned t_mine = judge_suit_ranks(side_mask[ls], d->trump), t_theirs = judge_suit_ranks(side_mask[!ls], d->trump), top;
    if (low_meet(d, t_mine, t_theirs) || low_meet(d, t_theirs, t_mine)) trump_dep = 1u << d->trump;
    others = top_trumps(d, t_theirs, t_mine, &top) + trump_only_bonus(d, !ls, t_theirs, t_mine);
  }
  for (int suit = 0; suit < PN_SUITS; suit++) {
    dep[suit] = trump_dep;
    bound[suit] = INT_MIN;
    if (!judge_suit_ranks(d->held[d->leader], suit)) continue;
    int lost = lead_lost(d, suit, judge_suit_ranks(side_mask[ls], suit), judge_suit_ranks(side_mask[!ls], suit), 0,
                         &dep[suit]);
    if (lost >= 0) bound[suit] = ls ? d->in_play + d->bonus - others - lost : others + lost;
  }
}

/* The most counters `k` tricks can hold of the cards `counts` (a seat's,
 * its suits' counts added byte by byte: a byte a rank): its k cards
 * worth the most (a seat gives one card a trick). */
static int most_in_tricks(const DdSearch *d, uint64_t counts, int k) {
  int sum = 0;
  for (int i = 0; i < d->value_classes && k > 0; i++) {
    int n = (int)(((counts & d->class_ranks[i]) * 0x0101010101010101ull) >> 56);
    if (n > k) n = k;
    sum += n * d->class_value[i];
    k -= n;
  }
  return sum;
}

/* Bounds from the tricks a side can still win: the others surely win
 * `tricks->won[0]` of the tricks left (dd_sure_counters), so the side
 * searched wins at most the rest, K, and takes at most each seat's K
 * cards worth the most, with the last-trick bonus if K > 0, leaving
 * out the others' top trumps, which are never in its tricks: an upper
 * bound; the same of the others, taken from what is in play, a lower
 * one.  Tightens *lower and *upper. */
void dd_trick_limits(const DdSearch *d, const DdSureTricks *tricks, int *lower, int *upper) {
  if (d->value_classes == 0 || (tricks->won[0] == 0 && tricks->won[1] == 0)) return;
  int left = d->cards_left / d->players, k[2], most[2];
  for (int x = 0; x < 2; x++) {
    k[x] = left - tricks->won[!x];
    most[x] = k[x] > 0 ? d->bonus : 0;
  }
  for (int p = 0; p < d->players; p++) {
    /* a seat's cards by rank, its suits added (at most 16 copies a byte) */
    uint64_t all = 0;
    for (int suit = 0; suit < PN_SUITS; suit++) {
      uint64_t counts;
      memcpy(&counts, d->hold[p].n + suit * 8, sizeof counts);
      all += counts;
    }
    int y = d->maxi[p];
    if (tricks->won[!y]) most[y] += most_in_tricks(d, all, k[y]);
    if (!tricks->won[y]) continue;
    unsigned top = d->trump >= 0 ? tricks->top[y] & judge_suit_ranks(d->held[p], d->trump) : 0;
    for (; top; top &= top - 1) { /* its top trumps are in its own side's tricks */
      int r = __builtin_ctz(top);
      all -= (uint64_t)d->hold[p].n[PN_CARD(d->trump, r)] << (8 * r);
    }
    most[!y] += most_in_tricks(d, all, k[!y]);
  }
  if (tricks->won[0] && most[1] < *upper) *upper = most[1];
  if (tricks->won[1] && d->in_play + d->bonus - most[0] > *lower) *lower = d->in_play + d->bonus - most[0];
}
