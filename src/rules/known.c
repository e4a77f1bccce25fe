/*
 * known.c - the knowledge of the hidden hands and its feasibility check
 * (known.h).
 *
 * The check is a transportation problem: the copies of each card not yet
 * placed go to holders with room left, each to the holders that may hold
 * it.  With at most six holders Hall's condition is cheaper than a flow
 * and names the trouble itself: every card whose holders all lie in a set
 * T must fit in T's room; if that holds for every T, a deal exists (Gale's
 * supply-demand theorem; edges of unlimited capacity).
 */
#include "known.h"

#include <string.h>

#define MASKS (1u << PN_KNOWN_HOLDERS)

void pn_known_init(PnKnown *k, const PnRules *rules) {
  memset(k, 0, sizeof *k);
  k->players = rules->players;
  pn_deck_cards(rules->deck, &k->deck);
  for (int s = 0; s < rules->players; s++) k->size[s] = rules->hand_size;
  k->size[PN_KNOWN_PILE] = rules->widow;
}

void pn_known_hold(PnKnown *k, int holder, PnCard card, int copies) {
  if (holder < 0 || holder >= PN_KNOWN_HOLDERS || card >= PN_CARD_KINDS || copies <= k->held[holder].n[card]) return;
  k->held[holder].n[card] = (uint8_t)copies;
}

void pn_known_play(PnKnown *k, int holder, PnCard card) {
  if (holder >= 0 && holder < PN_KNOWN_HOLDERS && card < PN_CARD_KINDS) k->played[holder].n[card]++;
}

void pn_known_void(PnKnown *k, int holder, int suit) {
  if (holder >= 0 && holder < PN_KNOWN_HOLDERS && suit >= 0 && suit < PN_SUITS) k->voids[holder] |= (uint8_t)(1u << suit);
}

void pn_known_lack(PnKnown *k, int holder, PnCard card) {
  if (holder >= 0 && holder < PN_KNOWN_HOLDERS && card < PN_CARD_KINDS) k->lacks[holder].n[card] = 1;
}

int pn_known_among(PnKnown *k, PnCard card, int copies, unsigned holders) {
  if (card >= PN_CARD_KINDS || copies <= 0) return 0;
  for (int i = 0; i < k->ngroups; i++)
    if (k->groups[i].card == card && k->groups[i].holders == holders) {
      k->groups[i].copies += copies;
      return 0;
    }
  if (k->ngroups == PN_KNOWN_GROUPS) return -1;
  k->groups[k->ngroups++] = (PnKnownGroup){.card = card, .copies = copies, .holders = holders};
  return 0;
}

/* The holders: the seats and the pile (with no room when there is none). */
static unsigned holders_all(const PnKnown *k) { return ((1u << k->players) - 1) | 1u << PN_KNOWN_PILE; }

/* The copies of a card a holder certainly had at the start of the play:
 * those known held, or played if more. */
static int base_of(const PnKnown *k, int h, int c) {
  int held = k->held[h].n[c], played = k->played[h].n[c];
  return held > played ? held : played;
}

/* How many copies of each card are placed: held or played by a holder, or
 * among a group beyond the copies its holders are known to have. */
static void count_seen(const PnKnown *k, unsigned all, int seen[PN_CARD_KINDS], int extra[PN_KNOWN_GROUPS]) {
  memset(seen, 0, sizeof(int) * PN_CARD_KINDS);
  for (int h = 0; h < PN_KNOWN_HOLDERS; h++)
    if (all & (1u << h))
      for (int c = 0; c < PN_CARD_KINDS; c++) seen[c] += base_of(k, h, c);
  for (int i = 0; i < k->ngroups; i++) {
    const PnKnownGroup *g = &k->groups[i];
    int known = 0;
    for (int h = 0; h < PN_KNOWN_HOLDERS; h++)
      if (g->holders & all & (1u << h)) known += base_of(k, h, g->card);
    extra[i] = g->copies > known ? g->copies - known : 0;
    seen[g->card] += extra[i];
  }
}

/* Does holder h hold no copy of card by its void or its lacks (either
 * ignored for holders in `ignore` and suits in `suits`)? */
static bool barred(const PnKnown *k, int h, int card, unsigned ignore, unsigned suits) {
  int suit = PN_SUIT(card);
  if ((ignore & (1u << h)) && (suits & (1u << suit))) return false;
  return ((k->voids[h] >> suit) & 1u) || k->lacks[h].n[card];
}

/* Holders (bit h) that may still take a copy of card: those with a size
 * not barred from it. */
static unsigned may_take(const PnKnown *k, unsigned holders, int card, unsigned ignore, unsigned suits) {
  unsigned out = 0;
  for (int h = 0; h < PN_KNOWN_HOLDERS; h++)
    if ((holders & (1u << h)) && k->size[h] != 0 && !barred(k, h, card, ignore, suits)) out |= 1u << h;
  return out;
}

static int popcount(unsigned x) {
  int n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

/* Hall's condition over the holder sets: supply[suit][mask] copies can go
 * only to the holders in mask.  Returns true, or false with *why. */
static bool hall(const int supply[PN_SUITS][MASKS], const int room[PN_KNOWN_HOLDERS], unsigned all,
                 PnKnownWhy *why) {
  bool fits = true;
  int best_size = PN_KNOWN_HOLDERS + 1;
  for (unsigned t = 0; t < MASKS; t++) {
    if (t & ~all) continue;
    int cap = 0, need = 0, suit = -1, suits = 0;
    for (int h = 0; h < PN_KNOWN_HOLDERS; h++)
      if (t & (1u << h)) cap += room[h];
    for (int s = 0; s < PN_SUITS; s++) {
      int of_suit = 0;
      for (unsigned m = t;; m = (m - 1) & t) { /* every subset m of t, t itself first, 0 last */
        of_suit += supply[s][m];
        if (m == 0) break;
      }
      if (of_suit) {
        suit = s;
        suits++;
      }
      need += of_suit;
    }
    if (need <= cap || popcount(t) >= best_size) continue;
    fits = false;
    best_size = popcount(t); /* the smallest set says the most */
    if (why)
      *why = (PnKnownWhy){.kind = PN_KNOWN_NO_ROOM, .card = PN_NO_CARD, .holder = -1, .holders = t,
                          .suit = suits == 1 ? suit : -1, .count = need, .limit = cap};
  }
  return fits;
}

bool pn_known_check_ignoring(const PnKnown *k, unsigned ignore, unsigned suits, PnKnownWhy *why) {
  unsigned all = holders_all(k);
  int seen[PN_CARD_KINDS], extra[PN_KNOWN_GROUPS];
  count_seen(k, all, seen, extra);
  for (int c = 0; c < PN_CARD_KINDS; c++)
    if (seen[c] > k->deck.n[c]) {
      if (why)
        *why = (PnKnownWhy){.kind = PN_KNOWN_TOO_MANY_COPIES, .card = (PnCard)c, .holder = -1, .suit = -1,
                            .count = seen[c], .limit = k->deck.n[c]};
      return false;
    }
  int room[PN_KNOWN_HOLDERS] = {0};
  for (int h = 0; h < PN_KNOWN_HOLDERS; h++) {
    if (!(all & (1u << h))) continue;
    int have = 0;
    for (int c = 0; c < PN_CARD_KINDS; c++) have += base_of(k, h, c);
    if (have > k->size[h]) {
      if (why)
        *why = (PnKnownWhy){.kind = PN_KNOWN_OVERFULL, .card = PN_NO_CARD, .holder = h, .suit = -1, .count = have,
                            .limit = k->size[h]};
      return false;
    }
    room[h] = k->size[h] - have;
    for (int c = 0; c < PN_CARD_KINDS; c++) /* a void or lack, yet the card still held */
      if (k->held[h].n[c] > k->played[h].n[c] && k->size[h] != 0 && barred(k, h, c, ignore, suits)) {
        bool of_void = (k->voids[h] >> PN_SUIT(c)) & 1u;
        if (why)
          *why = (PnKnownWhy){.kind = of_void ? PN_KNOWN_VOID_HELD : PN_KNOWN_LACK_HELD, .card = (PnCard)c,
                              .holder = h, .suit = PN_SUIT(c), .count = k->held[h].n[c] - k->played[h].n[c],
                              .limit = 0};
        return false;
      }
  }
  int supply[PN_SUITS][MASKS];
  memset(supply, 0, sizeof supply);
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    int s = PN_SUIT(c);
    supply[s][may_take(k, all, c, ignore, suits)] += k->deck.n[c] - seen[c];
  }
  for (int i = 0; i < k->ngroups; i++) {
    int s = PN_SUIT(k->groups[i].card);
    supply[s][may_take(k, k->groups[i].holders & all, k->groups[i].card, ignore, suits)] += extra[i];
  }
  return hall(supply, room, all, why);
}

bool pn_known_check(const PnKnown *k, PnKnownWhy *why) { return pn_known_check_ignoring(k, 0, 0, why); }

void pn_known_placed(const PnKnown *k, PnCards base[PN_KNOWN_HOLDERS], int extra[PN_KNOWN_GROUPS], PnCards *unplaced) {
  unsigned all = holders_all(k);
  int seen[PN_CARD_KINDS];
  count_seen(k, all, seen, extra);
  for (int h = 0; h < PN_KNOWN_HOLDERS; h++)
    for (int c = 0; c < PN_CARD_KINDS; c++) base[h].n[c] = (uint8_t)((all & (1u << h)) ? base_of(k, h, c) : 0);
  for (int c = 0; c < PN_CARD_KINDS; c++) unplaced->n[c] = (uint8_t)(k->deck.n[c] > seen[c] ? k->deck.n[c] - seen[c] : 0);
}
