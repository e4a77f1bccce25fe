/* dd_bound.c - quick bounds of the double-dummy solver (dd.c) at a
 * trick start. */
#include "dd_int.h"

#include <string.h>

/* A seat's rank masks of every suit as one word: suit s in byte s, so a
 * card's bit is the card itself (PN_CARD is suit * 8 + rank). */
static inline uint32_t held_word(const DdSearch *d, int seat) {
  uint32_t w;
  memcpy(&w, d->held_mask[seat], sizeof w);
  return w;
}

/* How many cards of `suit` `seat` holds: the sum of the suit's eight
 * counts (each at most 4, so no byte overflows) in one multiply. */
static inline int suit_length(const DdSearch *d, int seat, int suit) {
  uint64_t counts;
  memcpy(&counts, d->hold[seat].n + suit * 8, sizeof counts);
  return (int)((counts * 0x0101010101010101ull) >> 56);
}

/* The least counters `seat` can give to `rounds` tricks of `suit` it
 * must follow: its `rounds` cheapest cards there (all, if it has fewer).
 * Sorted per rank held, not per copy. */
static int forced_counters(const DdSearch *d, int seat, int suit, int rounds) {
  int values[PN_RANKS], copies[PN_RANKS], n = 0;
  unsigned held = d->held_mask[seat][suit];
  while (held) {
    PnCard c = PN_CARD(suit, __builtin_ctz(held));
    held &= held - 1;
    int v = d->value[c], k = d->hold[seat].n[c], j = n++;
    for (; j > 0 && values[j - 1] > v; j--) values[j] = values[j - 1], copies[j] = copies[j - 1]; /* ascending */
    values[j] = v;
    copies[j] = k;
  }
  int sum = 0;
  for (int i = 0; i < n && rounds > 0; i++) {
    int k = copies[i] < rounds ? copies[i] : rounds;
    sum += k * values[i];
    rounds -= k;
  }
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
  uint32_t side_mask = 0, enemy_mask = 0, all_but_leader = 0;
  int leader = d->leader;
  for (int p = 0; p < d->players; p++) {
    uint32_t w = held_word(d, p);
    if (d->maxi[p] == searched) side_mask |= w;
    else enemy_mask |= w;
    if (p != leader) all_but_leader |= w;
  }
  if (d->trump >= 0) {
    unsigned side = (side_mask >> (8 * d->trump)) & 0xFF, enemy = (enemy_mask >> (8 * d->trump)) & 0xFF;
    /* the side's trumps above the enemy's best */
    unsigned top = enemy ? side & dd_above(__builtin_ctz(enemy)) : side;
    while (top) {
      PnCard c = PN_CARD(d->trump, __builtin_ctz(top));
      top &= top - 1;
      for (int p = 0; p < d->players; p++) sure += d->hold[p].n[c] * d->value[c];
    }
  }
  if (d->maxi[leader] != searched || !d->ob.follow) return sure;
  for (int suit = 0; suit < PN_SUITS; suit++) {
    if (suit == d->trump) continue;
    unsigned mine = d->held_mask[leader][suit];
    unsigned others = (all_but_leader >> (8 * suit)) & 0xFF;
    /* the leader's run of top cards: its ranks above everyone else's best */
    unsigned run = mine & (others ? dd_above(__builtin_ctz(others)) : 0xFFu);
    if (!run) continue; /* nothing to cash: the rounds are not needed */
    /* Rounds while every other seat holding a trump can still follow: an
     * enemy void could ruff, a partner void could be made to trump and
     * take the lead away from the cards still to cash. */
    int rounds = PN_MAX_HAND;
    for (int p = 0; p < d->players && d->trump >= 0; p++) {
      if (p == leader || !d->held_mask[p][d->trump]) continue;
      int len = suit_length(d, p, suit);
      if (len < rounds) rounds = len;
    }
    int cashed = 0;
    while (run && rounds > 0) {
      PnCard c = PN_CARD(suit, __builtin_ctz(run));
      run &= run - 1;
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
