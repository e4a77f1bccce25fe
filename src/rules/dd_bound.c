/* dd_bound.c - quick bounds of the double-dummy solver (dd.c) at a
 * trick start: counters a side is sure to take whatever is played.  Each
 * is a strategy of the side (or a fact no play changes), so it is a
 * lower bound for the side and, taken from the rest, an upper bound for
 * the others; a bound counting one card too many gives wrong pars
 * (tests/test_dd.c compares thousands of positions with a minimax). */
#include "dd_int.h"

#include <string.h>

/* The least counters `seat` can give to `rounds` tricks of `suit` it
 * must follow: its `rounds` cheapest cards there (all, if it has fewer).
 * Counters depend on the rank alone and, in every count of RULES.md, no
 * rank is worth less than a lower one (`by_rank`), so the cheapest cards
 * are the lowest; were it otherwise, nothing is counted (0 is sure). */
static int forced_counters(const DdSearch *d, int seat, int suit, int rounds, bool by_rank) {
  int sum = 0;
  if (!by_rank) return 0;
  for (unsigned held = d->held_mask[seat][suit]; held && rounds > 0; held &= ~(1u << (31 - __builtin_clz(held)))) {
    PnCard c = PN_CARD(suit, 31 - __builtin_clz(held)); /* the lowest rank left */
    int k = d->hold[seat].n[c] < rounds ? d->hold[seat].n[c] : rounds;
    sum += k * d->value[c];
    rounds -= k;
  }
  return sum;
}

/* How many cards of `suit` `seat` holds. */
static inline int suit_length(const DdSearch *d, int seat, int suit) {
  uint64_t counts; /* the suit's eight counts, at most 4 each: their sum fits the top byte */
  memcpy(&counts, d->hold[seat].n + suit * PN_RANKS, sizeof counts);
  return (int)((counts * 0x0101010101010101ull) >> 56);
}

/* The leader's cards of `suit` that win the tricks they are led to, for
 * up to `rounds` rounds: from the top down, each rank it holds while no
 * other seat holds a better one.  A copy of a rank another seat also
 * holds still wins when led (of identical cards the first played wins;
 * heading asks for a better card, which nobody has), but the leader's
 * cards below it do not.  Adds their counters to *sure, except for the
 * `counted` best ranks (counted already); returns how many rounds they
 * make. */
static int cash_run(const DdSearch *d, int leader, int suit, int rounds, int counted, int *sure) {
  int cashed = 0;
  unsigned mine = d->held_mask[leader][suit], others = 0;
  for (int p = 0; p < d->players; p++)
    if (p != leader) others |= d->held_mask[p][suit];
  for (int r = 0; r < PN_RANKS && cashed < rounds; r++) {
    if (mine & (1u << r)) {
      PnCard c = PN_CARD(suit, r);
      int k = d->hold[leader].n[c];
      if (k > rounds - cashed) k = rounds - cashed;
      if (r >= counted) *sure += k * d->value[c];
      cashed += k;
    }
    if (others & (1u << r)) break;
  }
  return cashed;
}

/* Rounds of plain `suit` that `seat` can lead with no seat ruffing:
 * while every other seat that may still hold a trump (`ruffers`, a bit
 * per seat) has cards of the suit to follow with (it must follow, so
 * cannot ruff; a partner void could be made to trump and take the lead
 * away from the cards still to cash). */
static int plain_rounds(const DdSearch *d, int seat, int suit, unsigned ruffers) {
  int rounds = PN_MAX_HAND;
  ruffers &= ~(1u << seat);
  for (; ruffers; ruffers &= ruffers - 1) {
    int len = suit_length(d, __builtin_ctz(ruffers), suit);
    if (len < rounds) rounds = len;
  }
  return rounds;
}

/* Counters a side (the one searched, or the others together) is sure to
 * take at a trick start, whatever is played:
 *   - its top trumps: from the highest trump still held down, each rank
 *     whose copies are all the side's; such a card loses to nothing, so
 *     the trick it falls in is the side's;
 *   - the last-trick bonus when the others hold no trump and a seat of
 *     the side holds nothing but trumps: that seat plays a trump to every
 *     trick, the last one included, and no other side can beat it there;
 *   - when the side leads and suits must be followed, the cards its
 *     leader can cash, trumps first: its winning trumps (cash_run) for as
 *     many rounds as it has them, every other seat following with a
 *     trump while it holds one; then in each plain suit its winning cards
 *     for as many rounds as every other seat still holding a trump after
 *     those rounds has cards of the suit to follow with (it must follow,
 *     so cannot ruff; a partner must not be made to trump either, or the
 *     leader loses the lead).
 *     Every other seat must follow to those tricks while it holds the
 *     suit, so its cheapest cards of the suit, as many as the rounds
 *     cashed, are the side's too: a seat's card of the suit that it
 *     throws earlier, void in another suit being cashed, lands in a
 *     trick of the side all the same.  (In the trump rounds only the
 *     other sides' seats are counted so: a partner's trumps may be top
 *     trumps counted already.)  A leader's trump counted among the top
 *     trumps is not counted again.
 * Otherwise each card counts only its own counters (what the others add
 * is not sure). */
int dd_sure_counters(const DdSearch *d, bool searched) {
  int sure = 0, top_ranks = 0; /* the side's top trumps are the ranks above top_ranks */
  int trump = d->trump;
  if (trump >= 0) {
    unsigned side = 0, enemy = 0;
    for (int p = 0; p < d->players; p++) {
      if (d->maxi[p] == searched) side |= d->held_mask[p][trump];
      else enemy |= d->held_mask[p][trump];
    }
    for (; top_ranks < PN_RANKS; top_ranks++) {
      int r = top_ranks;
      if (enemy & (1u << r)) break;
      if (!(side & (1u << r))) continue;
      PnCard c = PN_CARD(trump, r);
      for (int p = 0; p < d->players; p++) sure += d->hold[p].n[c] * d->value[c];
    }
    if (!enemy && side && d->cards_left > 0)
      for (int p = 0; p < d->players; p++)
        if (d->maxi[p] == searched && suit_length(d, p, trump) * d->players == d->cards_left) {
          sure += d->bonus;
          break;
        }
  }
  int leader = d->leader;
  if (d->maxi[leader] != searched || !d->ob.follow) return sure;
  bool by_rank = true; /* no rank worth less than a lower one (forced_counters) */
  for (int r = 1; r < PN_RANKS; r++)
    if (d->value[PN_CARD(0, r)] > d->value[PN_CARD(0, r - 1)]) by_rank = false;
  int drawn = 0;         /* trump rounds the leader cashes first */
  unsigned ruffers = 0;  /* seats that may hold a trump after them */
  if (trump >= 0) {
    drawn = cash_run(d, leader, trump, PN_MAX_HAND, top_ranks, &sure);
    for (int p = 0; p < d->players; p++) {
      if (drawn && d->maxi[p] != searched) sure += forced_counters(d, p, trump, drawn, by_rank);
      if (suit_length(d, p, trump) > drawn) ruffers |= 1u << p;
    }
  }
  for (int suit = 0; suit < PN_SUITS; suit++) {
    if (suit == trump) continue;
    int cashed = cash_run(d, leader, suit, plain_rounds(d, leader, suit, ruffers), 0, &sure);
    for (int p = 0; p < d->players && cashed; p++)
      if (p != leader) sure += forced_counters(d, p, suit, cashed, by_rank);
  }
  return sure;
}
