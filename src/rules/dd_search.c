/* dd_search.c - the double-dummy solver's search (dd.c): the moves of a
 * seat, in a likely-best-first order, and the null-window alpha-beta
 * search over them. */
#include "dd_int.h"

#include <string.h>

/* The ranks of `suit` held by some seat other than `seat` or lying in the
 * trick: the cards that can tell two of `seat`'s cards apart. */
static inline unsigned others_mask(const DdSearch *d, int seat, int suit) {
  unsigned m = 0;
  for (int p = 0; p < d->players; p++)
    if (p != seat) m |= d->held_mask[p][suit];
  for (int i = 0; i < d->ntrick; i++)
    if (PN_SUIT(d->trick[i]) == suit) m |= 1u << PN_RANK(d->trick[i]);
  return m;
}

/* Does some seat against `seat`'s side hold none of `suit` but a trump? */
static inline bool enemy_can_ruff(const DdSearch *d, int seat, int suit) {
  if (d->trump < 0 || suit == d->trump) return false;
  for (int p = 0; p < d->players; p++)
    if (d->maxi[p] != d->maxi[seat] && !d->held_mask[p][suit] && d->held_mask[p][d->trump]) return true;
  return false;
}

/* Could `seat`, playing later in this trick, beat `best`?  (Ordering
 * only: obligations are read roughly.) */
static inline bool can_beat(const DdSearch *d, int seat, PnCard best, int led) {
  int bsuit = PN_SUIT(best), brank = PN_RANK(best);
  unsigned in_led = d->held_mask[seat][led];
  if (in_led && bsuit == led && (in_led & dd_above(brank))) return true;
  if ((in_led && d->ob.follow) || d->trump < 0 || led == d->trump) return false;
  unsigned trumps = d->held_mask[seat][d->trump];
  return bsuit == d->trump ? (trumps & dd_above(brank)) != 0 : trumps != 0;
}

/* Ordering score of `c` for `seat`: a side winning a decided trick
 * loads it with counters, a side losing one throws its least (decided:
 * no later seat of the side losing it can beat the winner; a partner
 * overtaking does not matter); a card that takes a contested trick is
 * the cheapest that beats; a lead of a top card no enemy can ruff comes
 * first, then a lead to a partner's top card. */
static int move_score(const DdSearch *d, int seat, PnCard c) {
  int r = PN_RANK(c), suit = PN_SUIT(c), v = d->vscale[c];
  if (d->ntrick == 0) {
    unsigned higher = others_mask(d, seat, suit) & dd_above(r);
    bool safe = !enemy_can_ruff(d, seat, suit);
    bool partnered = false;
    for (int p = 0; p < d->players; p++)
      if (p != seat && d->maxi[p] == d->maxi[seat]) partnered = true;
    /* A seat with a partner tries its top trumps after its safe plain
     * top cards and its partner's, among the low leads (measured, see
     * dd.c: drawing trumps first is rarely what decides the par there). */
    if (!higher && safe && suit == d->trump && partnered) return 4 * v - 30;
    if (!higher && safe) return 100 + 4 * v - (suit == d->trump ? 2 : 0);
    bool partner_top = false;
    for (int p = 0; p < d->players && !partner_top; p++)
      if (p != seat && d->maxi[p] == d->maxi[seat] && d->held_mask[p][suit] &&
          !(others_mask(d, p, suit) & dd_above(__builtin_ctz(d->held_mask[p][suit]))))
        partner_top = true;
    return (partner_top && safe ? 60 : 0) + r - 4 * v - (suit == d->trump ? 3 : 0);
  }
  int led = PN_SUIT(d->trick[0]), win = judge_winner(d->trick, d->ntrick, d->trump);
  PnCard win_card = d->trick[win];
  bool partner_wins = d->maxi[(d->leader + win) % d->players] == d->maxi[seat];
  bool beats = judge_strength(c, led, d->trump) > judge_strength(win_card, led, d->trump);
  PnCard best = beats ? c : win_card;
  bool ours = beats || partner_wins;
  bool decided = true; /* no seat of the other side can take the trick from the winner */
  for (int k = d->ntrick + 1; k < d->players && decided; k++) {
    int later = (d->leader + k) % d->players;
    if ((d->maxi[later] == d->maxi[seat]) != ours && can_beat(d, later, best, led)) decided = false;
  }
  if (decided) return ours ? 200 + 4 * v + r : 100 + r - 4 * v;
  if (ours && beats) return 80 + r - 2 * v; /* contest with the cheapest card that beats */
  return 60 + r - 4 * v;                     /* keep counters off a doubtful trick */
}

/* The legal plays of `seat`, one per class of equivalent cards, best
 * first.  Returns their number. */
int dd_gen_moves(const DdSearch *d, int seat, DdMove *moves) {
  SuitSlice slice = {JUDGE_ALL_HELD, PN_RANKS}, unused;
  if (d->ntrick > 0) judge_play(&d->ob, &d->hold[seat], d->trick, d->ntrick, d->trump, -1, &slice, &unused);
  bool merge = !(d->options & PN_DD_NO_EQUIV);
  int n = 0;
  for (int suit = 0; suit < PN_SUITS; suit++) {
    if (slice.suit != JUDGE_ALL_HELD && slice.suit != suit) continue;
    unsigned cand = d->held_mask[seat][suit];
    if (slice.suit != JUDGE_ALL_HELD) cand &= dd_above(slice.ranks);
    if (!cand) continue;
    unsigned others = others_mask(d, seat, suit);
    unsigned present = others | d->held_mask[seat][suit];
    bool prev_own = false;
    int prev_value = -1;
    for (int r = 0; r < PN_RANKS; r++) {
      if (!(present & (1u << r))) continue; /* gone: does not split a class */
      PnCard c = PN_CARD(suit, r);
      bool mine = cand & (1u << r);
      if (!mine || (others & (1u << r))) { /* another copy in play splits here */
        prev_own = false;
        if (mine) moves[n++].card = c;
        continue;
      }
      if (merge && prev_own && d->value[c] == prev_value) {
        moves[n - 1].card = c; /* the class is stood for by its lowest card */
        continue;
      }
      moves[n++].card = c;
      prev_own = true;
      prev_value = d->value[c];
    }
  }
  for (int i = 0; i < n; i++) moves[i].score = d->options & PN_DD_NO_ORDER ? -i : move_score(d, seat, moves[i].card);
  for (int i = 1; i < n; i++) { /* insertion sort, best first */
    DdMove m = moves[i];
    int j = i;
    while (j > 0 && moves[j - 1].score < m.score) moves[j] = moves[j - 1], j--;
    moves[j] = m;
  }
  return n;
}

/* The last trick, every seat holding one card: no choice left. */
static int last_trick_points_for_side(const DdSearch *d) {
  PnCard cards[PN_MAX_SEATS];
  int points = d->bonus;
  for (int i = 0; i < d->players; i++) {
    int seat = (d->leader + i) % d->players;
    for (int suit = 0; suit < PN_SUITS; suit++)
      if (d->held_mask[seat][suit]) cards[i] = PN_CARD(suit, __builtin_ctz(d->held_mask[seat][suit]));
    points += d->value[cards[i]];
  }
  int winner = (d->leader + judge_winner(cards, d->players, d->trump)) % d->players;
  return d->maxi[winner] ? points : 0;
}

/* Plays `c` for `seat`, searches on, and takes it back.  Returns the
 * bound dd_search gives, counted from before the play. */
static int try_move(DdSearch *d, int seat, PnCard c, int target) {
  int result;
  dd_take_card(d, seat, c);
  d->trick[d->ntrick++] = c;
  d->trick_points += d->value[c];
  if (d->ntrick == d->players) {
    int winner = (d->leader + judge_winner(d->trick, d->players, d->trump)) % d->players;
    int points = d->trick_points + (d->cards_left == 0 ? d->bonus : 0);
    int leader = d->leader, trick_points = d->trick_points;
    PnCard trick[PN_MAX_SEATS];
    memcpy(trick, d->trick, sizeof trick);
    d->ntrick = 0;
    d->trick_points = 0;
    d->leader = winner;
    int won = d->maxi[winner] ? points : 0;
    result = won + dd_search(d, target - won);
    d->leader = leader;
    d->trick_points = trick_points;
    memcpy(d->trick, trick, sizeof trick);
    d->ntrick = d->players;
  } else {
    result = dd_search(d, target);
  }
  d->ntrick--;
  d->trick_points -= d->value[c];
  dd_give_card(d, seat, c);
  return result;
}

/* Can the side searched take at least `target` more counters from here,
 * the trick in progress included?  Fail-soft: the answer is a bound v of
 * what the side takes, v >= target meaning "at least v" (yes), v <
 * target "at most v" (no).  A bound beyond the target costs nothing more
 * to find and tightens the table, so the next question of the par starts
 * closer to the answer. */
int dd_search(DdSearch *d, int target) {
  if (target <= 0) return 0;
  int most = d->counters_left + d->trick_points + (d->cards_left || d->ntrick ? d->bonus : 0);
  if (target > most) return most;
  if (d->cards_left == 0) return 0;
  if (d->limit && d->nodes >= d->limit) {
    d->aborted = true;
    return 0;
  }
  d->nodes++;
  bool at_start = d->ntrick == 0;
  if (at_start && d->cards_left == d->players) return last_trick_points_for_side(d);
  uint64_t key = 0;
  PnCard table_lead = PN_NO_CARD;
  long nodes_before = d->nodes;
  /* the last trick is scored without a search, so is never looked up */
  bool use_table = at_start && d->cards_left > d->players && !(d->options & PN_DD_NO_TABLE);
  /* The table first: it decides three trick starts in four, and then the
   * bounds below need not be worked out (20% fewer instructions). */
  if (use_table) {
    key = dd_canonical_key(d);
    const PnDdEntry *e = dd_tt_find(d, key);
    if (e) {
      if (e->lower >= target) return e->lower;
      if (e->upper < target) return e->upper;
      table_lead = e->lead;
    }
  }
  if (at_start && !(d->options & PN_DD_NO_BOUNDS)) {
    int sure = dd_sure_counters(d, true);
    if (sure >= target) return sure;
    int can = d->counters_left + d->bonus - dd_sure_counters(d, false);
    if (can < target) return can;
  }
  int seat = (d->leader + d->ntrick) % d->players;
  DdMove moves[PN_CARD_KINDS];
  int n = dd_gen_moves(d, seat, moves);
  if (table_lead != PN_NO_CARD && !(d->options & PN_DD_NO_ORDER))
    for (int i = 1; i < n; i++)
      if (moves[i].card == table_lead) {
        DdMove m = moves[i];
        memmove(&moves[1], &moves[0], (size_t)i * sizeof *moves);
        moves[0] = m;
        break;
      }
  bool maxi = d->maxi[seat];
  /* no card reaching the target (maxi) or keeping the side below it
   * (mini): the bound is the best of the others' bounds */
  int result = maxi ? -1 : INT16_MAX;
  PnCard best = PN_NO_CARD;
  for (int i = 0; i < n; i++) {
    int v = try_move(d, seat, moves[i].card, target);
    if (d->aborted) return 0;
    if ((v >= target) == maxi) {
      result = v;
      best = moves[i].card;
      break;
    }
    if (maxi ? v > result : v < result) result = v;
  }
  if (use_table) dd_tt_store(d, key, result >= target, result, best, d->nodes - nodes_before);
  return result;
}

/* The exact value, known to lie in [lo, hi], probing `guess` first.
 * Returns -1 when the node limit ran out. */
int dd_value(DdSearch *d, int lo, int hi, int guess) {
  int u = d->unit, probes = 0, last = guess;
  bool last_ok = false;
  while (lo < hi) {
    int t;
    if (probes == 0) t = guess;
    else if (probes == 1) t = last_ok ? last + u : last - u; /* the guess is usually right */
    else t = lo + ((hi - lo) / u + 1) / 2 * u;                 /* then halve */
    if (t <= lo) t = lo + u;
    if (t > hi) t = hi;
    int v = dd_search(d, t);
    if (d->aborted) return -1;
    bool ok = v >= t;
    if (ok) lo = v < hi ? v : hi;
    else hi = v > lo ? v : lo;
    last = t;
    last_ok = ok;
    probes++;
  }
  return lo;
}
