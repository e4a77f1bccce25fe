/* dd_bound.c - quick bounds of the double-dummy solver (dd.c) at a
 * trick start. */
#include "dd_int.h"

/* The least counters `seat` can give to `rounds` tricks of `suit` it
 * must follow: its `rounds` cheapest cards there (all, if it has fewer). */
static int forced_counters(const DdSearch *d, int seat, int suit, int rounds) {
  int values[PN_MAX_HAND], n = 0;
  for (int r = 0; r < PN_RANKS; r++)
    for (int k = 0; k < d->hold[seat].n[PN_CARD(suit, r)] && n < PN_MAX_HAND; k++) {
      int v = d->value[PN_CARD(suit, r)], j = n++;
      for (; j > 0 && values[j - 1] > v; j--) values[j] = values[j - 1]; /* ascending */
      values[j] = v;
    }
  int sum = 0;
  for (int i = 0; i < n && i < rounds; i++) sum += values[i];
  return sum;
}

/* Counters a side (the one searched, or the others together) is sure to
 * take at a trick start, whatever is played:
 *   - its top trumps: from the highest trump still held down, each rank
 *     whose copies are all the side's; such a card loses to nothing, so
 *     the trick it falls in is the side's;
 *   - when the side leads, the top cards the leader can cash in a plain
 *     suit: its own run of top cards (all copies its own), for as many
 *     rounds as every other seat holding a trump still has cards of the
 *     suit to follow with (it must follow, so cannot ruff; a partner must
 *     not be made to trump, or the leader loses the lead).
 *     Every other seat must follow to those tricks while it holds the
 *     suit, so its cheapest cards of the suit, as many as the rounds
 *     cashed, are the side's too: a seat's card of the suit that it
 *     throws earlier, void in another suit being cashed, lands in a
 *     trick of the side all the same.
 * Otherwise each card counts only its own counters (what the others add
 * is not sure). */
int dd_sure_counters(const DdSearch *d, bool searched) {
  int sure = 0;
  uint8_t side_mask[PN_SUITS] = {0}, enemy_mask[PN_SUITS] = {0};
  for (int p = 0; p < d->players; p++)
    for (int suit = 0; suit < PN_SUITS; suit++) {
      if (d->maxi[p] == searched) side_mask[suit] |= d->held_mask[p][suit];
      else enemy_mask[suit] |= d->held_mask[p][suit];
    }
  if (d->trump >= 0) {
    unsigned side = side_mask[d->trump], enemy = enemy_mask[d->trump];
    for (int r = 0; r < PN_RANKS; r++) {
      if (enemy & (1u << r)) break;
      if (!(side & (1u << r))) continue;
      PnCard c = PN_CARD(d->trump, r);
      for (int p = 0; p < d->players; p++) sure += d->hold[p].n[c] * d->value[c];
    }
  }
  int leader = d->leader;
  if (d->maxi[leader] != searched || !d->ob.follow) return sure;
  for (int suit = 0; suit < PN_SUITS; suit++) {
    if (suit == d->trump) continue;
    /* Rounds while every other seat holding a trump can still follow: an
     * enemy void could ruff, a partner void could be made to trump and
     * take the lead away from the cards still to cash. */
    int rounds = PN_MAX_HAND;
    for (int p = 0; p < d->players; p++) {
      if (p == leader || d->trump < 0 || !d->held_mask[p][d->trump]) continue;
      int len = 0;
      for (int r = 0; r < PN_RANKS; r++) len += d->hold[p].n[PN_CARD(suit, r)];
      if (len < rounds) rounds = len;
    }
    unsigned mine = d->held_mask[leader][suit];
    unsigned others = 0;
    for (int p = 0; p < d->players; p++)
      if (p != leader) others |= d->held_mask[p][suit];
    int cashed = 0;
    for (int r = 0; r < PN_RANKS && rounds > 0; r++) {
      if (others & (1u << r)) break;
      if (!(mine & (1u << r))) continue;
      PnCard c = PN_CARD(suit, r);
      int k = d->hold[leader].n[c];
      if (k > rounds) k = rounds;
      sure += k * d->value[c];
      rounds -= k;
      cashed += k;
    }
    for (int p = 0; p < d->players && cashed; p++)
      if (p != leader) sure += forced_counters(d, p, suit, cashed);
  }
  return sure;
}

