/* dd_search.c - the double-dummy solver's search (dd.c): the moves of a
 * seat, in a likely-best-first order, and the null-window alpha-beta
 * search over them. */
#include "dd_int.h"

#include <limits.h>
#include <string.h>

/* The seat `k` places after the leader, k < players: a compare, not the
 * division of `%`, on the search's hottest paths. */
static inline int seat_after_leader(const DdSearch *d, int k) {
  int seat = d->leader + k;
  return seat >= d->players ? seat - d->players : seat;
}

/* The cards that beat `winning`, the trick's winning card (of the suit
 * led or a trump), a word as DdSearch.held: what judge_strength ranks
 * higher (a better card of its suit, or any trump when it is not one),
 * once a node rather than a judge_strength comparison a move. */
static inline uint32_t beating_cards(const DdSearch *d, PnCard winning) {
  int suit = PN_SUIT(winning);
  uint32_t better = dd_above(PN_RANK(winning)) << (8 * suit);
  /* no branch: whether the winner is a trump is not predictable */
  return better | (d->trump_cards & -(uint32_t)(suit != d->trump));
}

/* The cards other than `seat`'s still in play: the other seats' and the
 * trick's, a word as DdSearch.held.  They tell `seat`'s cards apart. */
static inline uint32_t others_in_play(const DdSearch *d, int seat) {
  uint32_t others_all = d->trick_cards;
  for (int p = 0; p < d->players; p++)
    if (p != seat) others_all |= d->held[p];
  return others_all;
}

/* Could `seat`, playing later in this trick, beat `best`?  (Ordering
 * only: obligations are read roughly.) */
static inline bool can_beat(const DdSearch *d, int seat, PnCard best, int led) {
  int bsuit = PN_SUIT(best), brank = PN_RANK(best);
  unsigned in_led = judge_suit_ranks(d->held[seat], led);
  if (in_led && bsuit == led && (in_led & dd_above(brank))) return true;
  if ((in_led && d->ob.follow) || d->trump < 0 || led == d->trump) return false;
  unsigned trumps = judge_suit_ranks(d->held[seat], d->trump);
  return bsuit == d->trump ? (trumps & dd_above(brank)) != 0 : trumps != 0;
}

/* Is some later seat of the side not `ours` able to take the trick from
 * `best`?  (The trick's winner is then still in doubt.)  `last`: the
 * seat is the trick's last, so there is none. */
static inline bool contested(const DdSearch *d, int seat, bool ours, PnCard best, int led, bool last) {
  if (last) return false;
  for (int k = d->ntrick + 1; k < d->players; k++) {
    int later = seat_after_leader(d, k);
    if ((d->maxi[later] == d->maxi[seat]) != ours && can_beat(d, later, best, led)) return true;
  }
  return false;
}

/* What lead_score reads of a lead of `suit` by the seat to play, the
 * same for each of its cards there: worked out once a suit and node,
 * not once a move (callgrind: this was most of the ordering's cost). */
typedef struct DdLeadSuit {
  unsigned others; /* the suit's ranks in others_in_play of the seat to play */
  bool safe;       /* no enemy can ruff it (holds none of it but a trump) */
  bool trump;      /* it is the trump suit */
  bool partnered;  /* the seat to play has a partner */
  int partner_top; /* -1: not worked out yet; else a partner's card there is a top card */
  bool partner_ruffs; /* partnerships: a partner holds none of it but a trump, and no enemy can ruff */
} DdLeadSuit;

/* What follow_score reads of a follow, the same for every card. */
typedef struct DdFollow {
  int led;
  PnCard win_card;
  bool partner_wins;
  int lose_decided; /* -1: not worked out yet; else no card that does not beat leaves the trick open */
  bool last;        /* the trick's last seat plays */
} DdFollow;

/* Does a partner of `seat` hold a card of `suit` no other seat beats? */
static bool partner_has_top(const DdSearch *d, int seat, int suit) {
  for (int p = 0; p < d->players; p++) {
    if (p == seat || d->maxi[p] != d->maxi[seat]) continue;
    unsigned mine = judge_suit_ranks(d->held[p], suit), others = judge_suit_ranks(others_in_play(d, p), suit);
    if (mine && !(others & dd_above(__builtin_ctz(mine)))) return true;
  }
  return false;
}

/* Ordering score of a lead of `c` for `seat`: a lead of a top card no
 * enemy can ruff comes first, then a lead to a partner's top card. */
static inline int lead_score(const DdSearch *d, int seat, PnCard c, DdLeadSuit *f) {
  int r = PN_RANK(c), v = d->vscale[c];
  unsigned higher = f->others & dd_above(r);
  /* A seat with a partner tries its top trumps after its safe plain
   * top cards and its partner's, among the low leads (measured, see
   * docs/SOLVER.md: drawing trumps first is rarely what decides the par
   * there). */
  if (!higher && f->safe && f->trump && f->partnered) return 4 * v - 30;
  if (!higher && f->safe) return 100 + 4 * v - (f->trump ? 2 : 0);
  /* A lead for a partner to ruff (no enemy can), low and without
   * counters first, comes just after the safe top cards with counters
   * (partnerships only; measured, see docs/SOLVER.md). */
  if (f->partner_ruffs) return 101 + r - 4 * v;
  if (f->partner_top < 0) f->partner_top = partner_has_top(d, seat, PN_SUIT(c));
  return (f->partner_top && f->safe ? 60 : 0) + r - 4 * v - (f->trump ? 3 : 0);
}

/* Ordering score of a follow of `c` for `seat` (`beaters`: the ranks of
 * its suit that beat the trick's winner): a side winning a
 * decided trick loads it with counters, a side losing one throws its
 * least (decided: no later seat of the side losing it can beat the
 * winner; a partner overtaking does not matter); a card that takes a
 * contested trick is the cheapest that beats. */
static inline int follow_score(const DdSearch *d, int seat, PnCard c, unsigned beaters, DdFollow *f) {
  int r = PN_RANK(c), v = d->vscale[c];
  bool beats = beaters & (1u << r);
  bool ours = beats || f->partner_wins;
  bool decided;
  if (beats) {
    decided = !contested(d, seat, true, c, f->led, f->last);
  } else { /* the same for every card that does not beat */
    if (f->lose_decided < 0) f->lose_decided = !contested(d, seat, ours, f->win_card, f->led, f->last);
    decided = f->lose_decided;
  }
  if (decided) return ours ? 200 + 4 * v + r : 100 + r - 4 * v;
  if (ours && beats) return 80 + r - 2 * v; /* contest with the cheapest card that beats */
  return 60 + r - 4 * v;                     /* keep counters off a doubtful trick */
}

/* The cards of `legal` that no other card in play (`others_all`) splits
 * from a neighbour: a class of equivalent cards is a run of these. */
static inline uint32_t alone_cards(const DdSearch *d, uint32_t legal, uint32_t others_all) {
  return legal & ~others_all & d->equiv_mask;
}

/* The next better card of c's suit in `present`, -1 none: its suit's
 * bits from the suit's first up to c. */
static inline int next_better(uint32_t present, int c) {
  uint32_t better = present & ((1u << c) - (1u << (c & ~7)));
  return better ? 31 - __builtin_clz(better) : -1;
}

/* The next better card in play when card c is as strong as it (both
 * alone: alone_cards), else -1. */
static inline int as_strong_better(int c, uint32_t alone, uint32_t present) {
  if (!(alone & (1u << c))) return -1;
  int q = next_better(present, c);
  return q >= 0 && (alone & (1u << q)) ? q : -1;
}

/* Does card c join the class of the next better card in play?  As
 * strong as it, and of one counter value. */
static inline bool joins_better(const DdSearch *d, int c, uint32_t alone, uint32_t present) {
  int q = as_strong_better(c, alone, present);
  return q >= 0 && d->value[c] == d->value[q];
}

/* The legal cards `legal` of `seat`, one per class of equivalent cards,
 * into moves (unscored), in suit then rank order.  Returns their number.
 * A class: cards of a suit that no other card in play (`others_all`: the
 * other seats' and the trick's) tells apart, so neighbours among the
 * ranks still in play, each held by this seat alone, with one counter
 * value; gone ranks do not split it.  Walked over the word of legal
 * cards: a card's bit is the card, its suit's better ranks the bits
 * from the suit's first up to it. */
__attribute__((always_inline)) static inline int legal_classes(const DdSearch *d, uint32_t legal, uint32_t others_all,
                                                              DdMove *moves, uint32_t *split) {
  uint32_t alone = alone_cards(d, legal, others_all), present = legal | others_all;
  int n = 0;
  *split = 0;
  for (uint32_t w = legal; w; w &= w - 1) {
    int c = __builtin_ctz(w);
    int q = as_strong_better(c, alone, present);
    if (q >= 0) {
      if (d->value[c] == d->value[q]) {
        moves[n - 1].card = (PnCard)c; /* stood for by its lowest card */
        continue;
      }
      *split |= 1u << n; /* another class of the same run (drop_dominated) */
    }
    moves[n++].card = (PnCard)c;
  }
  return n;
}

/* Does legal_classes give c, a card of `legal`, as a move: is it the
 * lowest card of its class (the next worse card in play does not join
 * it)? */
static inline bool stands_for_class(const DdSearch *d, int c, uint32_t legal, uint32_t others_all) {
  if (!(legal & (1u << c))) return false;
  uint32_t alone = alone_cards(d, legal, others_all), present = legal | others_all;
  uint32_t worse = present & (0xFFu << (c & ~7)) & ~((2u << c) - 1u); /* its suit's, below it */
  return !worse || !joins_better(d, __builtin_ctz(worse), alone, present);
}

/* Drops the moves that another move of `seat` dominates: of cards that
 * are equally strong (a run of the seat's that only counter values split
 * into classes, as legal_classes reads them) played to a trick whose
 * winning side no later seat can change (no later seat of the other side
 * holds a card that beats the winning card, whichever of the run is
 * played: a partner may overtake, and then nobody can beat it either),
 * the seat's side is best served by the most counters when that side is
 * its own and by the fewest otherwise.  Played, the two cards leave positions that differ
 * only by the two swapped (one in the trick, one in the hand): the
 * trick's counters go to its sure winner, the card kept goes wherever
 * the rest of the play takes it, so along every line the side's take
 * differs by the difference of their values, one way.  Returns the moves
 * left (in the same order).  `win_seat`: the seat of trick[win]; `last`:
 * the seat is the trick's last; `others_all` the other seats' cards in
 * play; *dep gets the suits whose low cards a drop depended on. */
static int drop_dominated(const DdSearch *d, int seat, int win, int win_seat, uint32_t beat, uint32_t split,
                          uint32_t others_all, DdMove *moves, int n, bool last, unsigned *dep) {
  uint32_t later[2] = {0, 0}; /* the cards of the later seats of the other side, of the side searched */
  for (int j = d->ntrick + 1; !last && j < d->players; j++) {
    int p = seat_after_leader(d, j);
    later[d->maxi[p]] |= d->held[p];
  }
  int out = 0;
  for (int i = 0; i < n;) {
    int j = i + 1;
    while (j < n && (split & (1u << j))) j++;
    PnCard c = moves[i].card;
    bool beats = d->ntrick == 0 || (beat & (1u << c));
    PnCard winning = beats ? c : d->trick[win];
    bool winner_maxi = d->maxi[beats ? seat : win_seat];
    /* (a later seat of the winner's side may overtake: the side still wins) */
    if (j - i == 1 || (later[!winner_maxi] & beating_cards(d, winning))) {
      while (i < j) moves[out++] = moves[i++];
      continue;
    }
    bool most = winner_maxi == d->maxi[seat];
    /* a run down to a low card, another seat holding low cards of its
     * suit: whether it is a run, and what the card kept meets later,
     * depend on their ranks (the partition's dependence) */
    if (PN_RANK(moves[j - 1].card) >= d->low_rank && (judge_suit_ranks(others_all, PN_SUIT(c)) & dd_low_ranks(d)))
      *dep |= 1u << PN_SUIT(c);
    int pick = i;
    for (int x = i + 1; x < j; x++)
      if (most ? d->value[moves[x].card] > d->value[moves[pick].card]
               : d->value[moves[x].card] < d->value[moves[pick].card])
        pick = x;
    moves[out++] = moves[pick];
    i = j;
  }
  return out;
}

/* Scores the moves of a lead by `seat` (lead_score), in suit order as
 * legal_classes gives them; `others_all`: the ranks the other seats hold. */
static void score_leads(const DdSearch *d, int seat, uint32_t others_all, DdMove *moves, int n) {
  /* Per node: whether the seat has a partner and which suits an enemy
   * (or, in partnerships, a partner) can ruff. */
  bool partnered = false;
  unsigned ruffed = 0; /* bit s: an enemy holds no card of suit s but a trump */
  unsigned pruffs = 0; /* bit s: a partner holds no card of plain suit s but a trump */
  for (int p = 0; p < d->players; p++) {
    if (p == seat) continue;
    bool partner = d->maxi[p] == d->maxi[seat];
    partnered |= partner;
    if (d->trump < 0 || !judge_suit_ranks(d->held[p], d->trump) || (partner && !d->partnerships)) continue;
    unsigned voids = 0; /* the suits p could ruff: it holds none of them but a trump */
    for (int suit = 0; suit < PN_SUITS; suit++)
      if (!judge_suit_ranks(d->held[p], suit)) voids |= 1u << suit;
    if (partner) pruffs |= voids;
    else ruffed |= voids;
  }
  DdLeadSuit facts = {0}; /* set at the first move */
  for (int i = 0, suit = -1; i < n; i++) {
    if (PN_SUIT(moves[i].card) != suit) { /* a suit's facts once, at its first move */
      suit = PN_SUIT(moves[i].card);
      bool safe = suit == d->trump || !(ruffed & (1u << suit));
      facts = (DdLeadSuit){judge_suit_ranks(others_all, suit), safe, suit == d->trump, partnered, -1,
                           (pruffs & (1u << suit)) && !(ruffed & (1u << suit))};
    }
    moves[i].score = lead_score(d, seat, moves[i].card, &facts);
  }
}

/* Scores the moves of a follow by `seat` (follow_score), `win` being the
 * index of the trick's winning card so far (played by `win_seat`), `beat`
 * the cards that beat it (beating_cards), `last` whether the seat is the
 * trick's last. */
__attribute__((always_inline)) static inline void score_follows(const DdSearch *d, int seat, int win, int win_seat,
                                                               uint32_t beat, DdMove *moves, int n, bool last) {
  bool partner_wins = d->maxi[win_seat] == d->maxi[seat];
  DdFollow follow = {PN_SUIT(d->trick[0]), d->trick[win], partner_wins, -1, last};
  for (int i = 0; i < n; i++)
    moves[i].score = follow_score(d, seat, moves[i].card, judge_suit_ranks(beat, PN_SUIT(moves[i].card)), &follow);
}

/* The legal plays `legal` of `seat`, one per class of equivalent cards,
 * best first; returns their number.  `win`: the index of the trick's
 * winning card so far, `win_seat` its seat (the search keeps them as the
 * trick grows: no judge_winner a node); `lead`, `last`: the seat leads,
 * or is the trick's last (search_node's kinds).  The ordering's facts
 * are worked out only when there is a choice: a seat with one class of
 * legal cards (most follows late in a hand) costs only the classes. */
__attribute__((always_inline)) static inline int gen_moves(DdSearch *d, int seat, int win, int win_seat,
                                                          uint32_t beat, uint32_t legal, uint32_t others_all, bool lead,
                                                          bool last, DdMove *moves) {
  uint32_t split;
  int n = legal_classes(d, legal, others_all, moves, &split);
  if (split) n = drop_dominated(d, seat, win, win_seat, beat, split, others_all, moves, n, last, &d->dep);
  if (d->options & PN_DD_NO_ORDER) {
    for (int i = 0; i < n; i++) moves[i].score = -i;
    return n; /* already in that order */
  }
  if (n < 2) return n;
  if (lead) score_leads(d, seat, others_all, moves, n);
  else score_follows(d, seat, win, win_seat, beat, moves, n, last);
  for (int i = 1; i < n; i++) { /* insertion sort, best first */
    DdMove m = moves[i];
    int j = i;
    while (j > 0 && moves[j - 1].score < m.score) moves[j] = moves[j - 1], j--;
    moves[j] = m;
  }
  return n;
}

/* The last trick, every seat holding one card: no choice left. */
static int last_trick_points_for_side(DdSearch *d) {
  PnCard cards[PN_MAX_SEATS] = {0};
  int points = d->bonus;
  for (int i = 0; i < d->players; i++) {
    int seat = seat_after_leader(d, i);
    cards[i] = (PnCard)__builtin_ctz(d->held[seat]); /* its one card: the word's bit is the card */
    points += d->value[cards[i]];
  }
  int win = judge_winner(cards, d->players, d->trump), winner = seat_after_leader(d, win);
  d->dep |= dd_winner_dep(d, cards, d->players, win); /* a low card taking it from another of its suit */
  return d->maxi[winner] ? points : 0;
}

/* The suits a word of cards (as DdSearch.held) has cards in, a bit a
 * suit: a byte's high bit set when the byte is not 0, gathered. */
static inline unsigned suits_held(uint32_t w) {
  uint32_t m = (((w & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | w) & 0x80808080u;
  return (m >> 7 | m >> 14 | m >> 21 | m >> 28) & 0xFu;
}

/* The cut memo's key of `seat` to play now (`lead`: it leads; `last`:
 * it is the trick's last): its cards and what of the rest its choice
 * turns on, with the rules, trump, side and seat; never 0, low byte 0
 * (the card goes there).
 *   - a lead: which other seats are void in which of its suits;
 *   - a follow: the suit led, which of its cards beat the winning card
 *     (`beat`: beating_cards of trick[win]), whether the winner is its
 *     side's, and whether a later seat of the other side holds a card
 *     that beats it.
 * The rest of the other seats' cards, and the trick's other cards, are
 * left out on purpose: the card that refuted (or reached the target)
 * with them is, measured, very often the card that does with others
 * (docs/SOLVER.md: 14% fewer nodes than a key of the seat's cards and the
 * trick's). */
static inline uint64_t cut_key(const DdSearch *d, int seat, int win_seat, uint32_t beat, bool lead, bool last) {
  uint64_t facts;
  if (!lead) {
    uint32_t enemies_later = 0;
    for (int k = d->ntrick + 1; !last && k < d->players; k++) {
      int p = seat_after_leader(d, k);
      if (d->maxi[p] != d->maxi[seat]) enemies_later |= d->held[p];
    }
    uint64_t led = (uint64_t)PN_SUIT(d->trick[0]) << 2 | (uint64_t)d->maxi[win_seat] << 1 |
                   ((enemies_later & beat) != 0);
    facts = (uint64_t)(beat & d->held[seat]) * 0xC2B2AE3D27D4EB4Full ^ led * 0x165667B19E3779F9ull;
  } else {
    unsigned mine = suits_held(d->held[seat]);
    uint64_t voids = 0;
    for (int k = 1; k < d->players; k++) /* the others in turn (the seat leads) */
      voids = voids << 4 | (mine & ~suits_held(d->held[seat_after_leader(d, k)]));
    facts = (voids + 1) * 0xC2B2AE3D27D4EB4Full;
  }
  uint64_t k = (uint64_t)d->held[seat] * 0x9E3779B97F4A7C15ull ^ facts;
  return ((k ^ d->leader_key[seat] ^ (uint64_t)d->ntrick << 56) | 0x100u) & ~(uint64_t)0xFF;
}

/* What a node is, which its caller knows: the root of a question (at a
 * trick start or in a trick), and below it a trick start, a follow
 * before the trick's last seat, and the last seat's.  search_node is
 * inlined into one function for each, so the tests that turn on where a
 * node is fold away: a follow does not check the target (its trick start
 * did, and a trick does not change it), a lead reads no obligations, the
 * last seat has no later seats and always ends the trick, and only the
 * root looks for the move whose value is known (fewer instructions, the
 * same nodes: docs/SOLVER.md). */
enum { NODE_ROOT, NODE_LEAD, NODE_MIDDLE, NODE_LAST };

/* Where a node of `kind` is (constants but at the root, which may be
 * anywhere in a trick): its seat leads; its seat is the trick's last; it
 * is the root, where one move's value may be known (dd_value). */
static inline bool node_leads(const DdSearch *d, int kind) {
  return kind == NODE_LEAD || (kind == NODE_ROOT && d->ntrick == 0);
}
static inline bool node_ends_trick(const DdSearch *d, int kind) {
  return kind == NODE_LAST || (kind == NODE_ROOT && d->ntrick + 1 == d->players);
}
static inline bool node_knows_a_move(const DdSearch *d, int kind) {
  return kind == NODE_ROOT && d->cards_left == d->known_cards;
}
static int search_root(DdSearch *d, int target, int win, int win_seat, int seat, const uint32_t *others);
static int search_lead(DdSearch *d, int target, int win, int win_seat, int seat, const uint32_t *others);
static int search_middle(DdSearch *d, int target, int win, int win_seat, int seat, const uint32_t *others);
static int search_last(DdSearch *d, int target, int win, int win_seat, int seat, const uint32_t *others);

/* Plays `c` for `seat`, searches on, and takes it back.  Returns the
 * bound dd_search gives, counted from before the play.  `win`: the index
 * of the trick's winning card before the play (judge_winner's: the
 * first of equally strong cards wins), `win_seat` its seat, `beat` the
 * cards that beat it; `others`, `kind`: as search_node's.  Always
 * inlined into search_node, whose two calls would otherwise keep it
 * apart (a call a node: 4.6% of the instructions, bench_dd 2). */
__attribute__((always_inline)) static inline int try_move(DdSearch *d, int seat, PnCard c, int target, int win,
                                                         int win_seat, uint32_t beat, const uint32_t *others,
                                                         const int kind) {
  int result;
  bool ends = node_ends_trick(d, kind);
  if (beat & (1u << c)) win = d->ntrick, win_seat = seat; /* (a lead: beat is 0, win 0) */
  uint32_t trick_cards = d->trick_cards; /* a copy of c may be in the trick already */
  dd_play_card(d, seat, c);
  if (ends) {
    int winner = win_seat;
    int leader = d->leader, trick_points = d->trick_points;
    PnCard trick[PN_MAX_SEATS];
    memcpy(trick, d->trick, sizeof trick);
    int won = dd_end_trick(d, winner);
    result = won + search_lead(d, target - won, 0, winner, winner, NULL);
    d->leader = leader;
    d->in_play += trick_points;
    d->trick_points = trick_points;
    memcpy(d->trick, trick, sizeof trick);
    d->ntrick = d->players;
  } else {
    d->trick_cards |= 1u << c;
    int next = seat + 1 == d->players ? 0 : seat + 1;
    result = d->ntrick + 1 == d->players ? search_last(d, target, win, win_seat, next, others)
                                         : search_middle(d, target, win, win_seat, next, others);
  }
  d->trick_cards = trick_cards;
  d->ntrick--;
  d->trick_points -= d->value[c];
  dd_give_card(d, seat, c);
  return result;
}

/* The bound of `c` played by `seat` (as try_move's): at the root, the
 * move whose value is known is not searched again, but what its search
 * compared is passed up all the same (d->known_dep): the entry of a trick
 * start stored with that value must not be read for a position whose low
 * cards differ where that search compared them (issue 31: three-hand,
 * 9D KH against JD, read for QD KH against JD). */
__attribute__((always_inline)) static inline int move_value(DdSearch *d, int seat, PnCard c, int target, int win,
                                                           int win_seat, uint32_t beat, const uint32_t *others,
                                                           const int kind) {
  if (node_knows_a_move(d, kind) && c == d->known_card) {
    d->dep |= d->known_dep;
    return d->known_value;
  }
  return try_move(d, seat, c, target, win, win_seat, beat, others, kind);
}

/* Can the side searched take at least `target` more counters from here,
 * the trick in progress included?  Fail-soft: the answer is a bound v of
 * what the side takes, v >= target meaning "at least v" (yes), v <
 * target "at most v" (no).  A bound beyond the target costs nothing more
 * to find and tightens the table, so the next question of the par starts
 * closer to the answer. */
int dd_search(DdSearch *d, int target) {
  d->trick_cards = 0; /* callers (dd.c) set up the trick as cards only */
  for (int i = 0; i < d->ntrick; i++) d->trick_cards |= 1u << d->trick[i];
  int win = d->ntrick ? judge_winner(d->trick, d->ntrick, d->trump) : 0;
  /* the dependence starts with the trick's winner so far, as a search
   * reaching this point would have judged it at its follows
   * (note_low_winner) */
  d->dep = d->ntrick ? dd_winner_dep(d, d->trick, d->ntrick, win) : 0;
  return search_root(d, target, win, seat_after_leader(d, win), seat_after_leader(d, d->ntrick), NULL);
}

/* What a trick start learns before any move. */
typedef struct DdStart {
  bool use_table;   /* looked up and stored in the table */
  uint64_t key;     /* its key there */
  uint64_t abs_key, canon[PN_SUITS]; /* its abstract key, each suit's canonical hash (dd_canonical_key) */
  unsigned split;   /* the suits whose low cards are in two seats or more: what the abstract key merges */
  int lower, upper; /* the quick bounds, which a new entry starts from */
  unsigned seed_dep; /* the suits whose low cards those bounds compared */
  DdShape shape;    /* its shape (key 0: none), kept for it when searched */
} DdStart;

/* Tightens [*lower, *upper] with the bounds of another position of the
 * trick start's shape (dd_shape_bounds; *dep: the suits whose low cards
 * they compared).  Returns true when they now decide `target`. */
static inline bool shape_decides(const DdSearch *d, const DdShape *shape, int target, int *lower, int *upper, unsigned *dep) {
  int lo, hi;
  *dep = 0;
  if (!dd_shape_bounds(d, shape, &lo, &hi, dep)) return false;
  if (lo > *lower) *lower = lo;
  if (hi < *upper) *upper = hi;
  return *lower >= target || *upper < target;
}

/* With the table's partition, the shape table serves trick starts with
 * this many tricks left or more: below, its bounds (read from positions
 * whose low cards may lie elsewhere) would tie the abstract entries to
 * more suits than they save (docs/SOLVER.md, the prototypes: on the 30,
 * 867,140 nodes from 5, 868,132 from 4, 878,555 from 6, 921,477 at every
 * trick start, 946,884 with no shape table). */
#define DD_SHAPE_FROM_TRICKS 5

/* Decides a trick start before any move when it can: the table first (it
 * decides three trick starts in four, and then the quick bounds need not
 * be worked out: 20% fewer instructions): its exact entry, then its
 * abstract ones (a bound for every position alike but in low cards,
 * dd_table.c; looked at second, as the exact entry decides most trick
 * starts: docs/SOLVER.md); else the bounds of the shape table, else the
 * quick bounds with them.  An entry holds the quick bounds too (a new one starts from
 * them, and a start they decide is stored), so when it does not decide
 * they would not either; the shape's bounds are written into it.  What
 * decides passes up the suits whose low cards it compared (d->dep).
 * Returns true with the answer in *value. */
__attribute__((always_inline)) static inline bool start_decides(DdSearch *d, int target, DdStart *st, int *value) {
  /* the last trick is scored without a search, so is never looked up */
  st->use_table = d->cards_left > d->players && !(d->options & PN_DD_NO_TABLE);
  st->key = 0;
  st->lower = 0;
  st->upper = INT16_MAX;
  st->shape.key = 0;
  st->seed_dep = 0;
  st->split = 0;
  bool shapes = !(d->options & PN_DD_NO_SHAPES) &&
                (d->low_rank == PN_RANKS || d->cards_left >= DD_SHAPE_FROM_TRICKS * d->players);
  if (st->use_table) {
    st->key = dd_canonical_key(d);
    st->abs_key = d->abs_key;
    memcpy(st->canon, d->cur_canon, sizeof st->canon);
    st->split = d->low_rank < PN_RANKS ? d->split_mask : 0;
    /* both buckets asked for at once, so that their cache misses overlap:
     * the abstract one is read whenever the exact entry does not decide
     * (docs/SOLVER.md, prefetch) */
    if (st->split) dd_abs_prefetch(d, st->abs_key);
    PnDdEntry *e = dd_tt_find(d, st->key);
    if (e && (e->lower >= target || e->upper < target)) {
      *value = e->lower >= target ? e->lower : e->upper;
      d->dep |= e->dep;
      return true;
    }
    if (st->split) { /* an abstract key that merges something */
      const PnDdEntry *a = dd_abs_find(d, st->abs_key, st->canon, target);
      if (a) {
        *value = a->lower >= target ? a->lower : a->upper;
        d->dep |= a->dep & DD_SUITS;
        return true;
      }
    }
    if (e) {
      if (!shapes) return false;
      dd_shape_of(d, &st->shape);
      int lower = e->lower, upper = e->upper;
      unsigned shape_dep;
      bool decided = shape_decides(d, &st->shape, target, &lower, &upper, &shape_dep);
      if (lower != e->lower || upper != e->upper) e->dep |= shape_dep;
      e->lower = (int16_t)lower;
      e->upper = (int16_t)upper;
      *value = lower >= target ? lower : upper;
      if (decided) d->dep |= e->dep;
      return decided;
    }
    if (shapes) dd_shape_of(d, &st->shape);
  }
  /* the shape's bounds first: cheaper than the quick bounds (0.8% fewer
   * instructions) */
  bool decided = shape_decides(d, &st->shape, target, &st->lower, &st->upper, &st->seed_dep);
  if (!decided && !(d->options & PN_DD_NO_BOUNDS)) {
    int sure[2];
    DdSureTricks sure_tricks;
    unsigned sure_dep;
    dd_sure_counters(d, sure, &sure_tricks, &sure_dep);
    st->seed_dep |= sure_dep;
    if (sure[1] > st->lower) st->lower = sure[1];
    int can = d->in_play + d->bonus - sure[0]; /* (no trick in progress) */
    if (can < st->upper) st->upper = can;
    if (!(d->options & PN_DD_NO_TRICK_LIMITS)) dd_trick_limits(d, &sure_tricks, &st->lower, &st->upper);
    decided = st->lower >= target || st->upper < target;
  }
  if (!decided) return false;
  d->dep |= st->seed_dep;
  if (st->use_table) dd_tt_store(d, st->key, true, st->lower, dd_work_log2(1), st->lower, st->upper)->dep |= st->seed_dep;
  *value = st->lower >= target ? st->lower : st->upper;
  return true;
}

/* What a trick start knows of its leads that surely lose the trick
 * (dd_lead_bounds), worked out at its first lead searched after the cut
 * memo's (which cuts at nine nodes in ten, needing none). */
typedef struct DdLeadBounds {
  bool known;                /* worked out */
  int bound[PN_SUITS];       /* dd_lead_bounds' */
  unsigned dep[PN_SUITS];    /* ... and the suits each compared low cards in */
} DdLeadBounds;

/* Is a lead `c` refuted without a search: a lead that surely loses the
 * trick, whose bound says it cannot reach `target` (the side searched
 * leads: an upper bound) or keep the side below it (another side leads:
 * a lower one)?  Then *value gets that bound.  Not the root's known move
 * (move_value), nor without the bounds or obligations to follow. */
static inline bool lead_refuted(DdSearch *d, DdLeadBounds *lb, PnCard c, int target, bool maxi, const int kind,
                                int *value) {
  if (!node_leads(d, kind) || !d->ob.follow || (d->options & PN_DD_NO_BOUNDS)) return false;
  if (node_knows_a_move(d, kind) && c == d->known_card) return false;
  if (!lb->known) {
    dd_lead_bounds(d, lb->bound, lb->dep);
    lb->known = true;
  }
  int suit = PN_SUIT(c);
  if (lb->bound[suit] == INT_MIN) return false;
  *value = maxi ? lb->bound[suit] - d->value[c] : lb->bound[suit] + d->value[c];
  if ((*value >= target) == maxi) return false;
  d->dep |= lb->dep[suit];
  return true;
}

/* The moves of `seat` when it has two legal cards or more (`legal`),
 * searched until one cuts; returns the bound.  The card that cut when
 * this seat last held these cards in a like trick (the cut memo,
 * cut_key) is tried before the others are generated and ordered: it cuts
 * at nine nodes in ten that have one (bench_dd 30), and those then cost
 * no ordering at all.  (Only when it stands for its class, as it would be
 * found among the moves: the search is the same, node for node.)  It
 * serves trick starts better than a best lead kept in the table, which
 * it replaced (2.5% fewer nodes); its slots hold two keys, the newest
 * first: 3% fewer than one (docs/SOLVER.md). */
__attribute__((always_inline)) static inline int search_moves(DdSearch *d, int seat, int target, int win,
                                                             int win_seat, uint32_t beat, uint32_t legal,
                                                             const uint32_t *others, const int kind) {
  uint32_t others_all = others[seat];
  bool order = !(d->options & PN_DD_NO_ORDER), maxi = d->maxi[seat];
  bool root = node_knows_a_move(d, kind), lead = node_leads(d, kind), last = node_ends_trick(d, kind);
  uint64_t cut = 0, *slot = NULL;
  PnCard first = PN_NO_CARD;
  if (order) {
    cut = cut_key(d, seat, win_seat, beat, lead, last);
    slot = &d->s->move_memo[(cut >> (64 - PN_DD_MOVE_MEMO_BITS)) & ~(uint64_t)1];
    if ((slot[0] & ~(uint64_t)0xFF) == cut) first = (PnCard)(slot[0] & 0xFF);
    else if ((slot[1] & ~(uint64_t)0xFF) == cut) first = (PnCard)(slot[1] & 0xFF);
    if (first != PN_NO_CARD && !stands_for_class(d, first, legal, others_all)) first = PN_NO_CARD;
  }
  /* no card reaching the target (maxi) or keeping the side below it
   * (mini): the bound is the best of the others' bounds */
  int result = maxi ? -1 : INT16_MAX;
  PnCard best = PN_NO_CARD;
  DdMove moves[PN_CARD_KINDS];
  DdLeadBounds lb = {.known = false};
  int n = 0;
  for (int i = first == PN_NO_CARD ? 0 : -1;; i++) {
    if (i == 0) n = gen_moves(d, seat, win, win_seat, beat, legal, others_all, lead, last, moves);
    if (i >= n) break;
    PnCard c = i < 0 ? first : moves[i].card;
    if (i >= 0 && c == first) continue; /* tried first */
    int v;
    if (i < 0 || !lead_refuted(d, &lb, c, target, maxi, kind, &v))
      v = move_value(d, seat, c, target, win, win_seat, beat, others, kind);
    if (d->aborted) return 0;
    if ((v >= target) == maxi) {
      result = v;
      best = c;
      if (root) d->root_cut = c; /* (dd_value: a best move) */
      break;
    }
    if (maxi ? v > result : v < result) result = v;
  }
  /* the memo keeps a cut only where there was a choice of classes */
  if (slot && best != PN_NO_CARD && *slot != (cut | best) &&
      (n > 1 || (n == 0 && legal_classes(d, legal, others_all, moves, &(uint32_t){0}) > 1))) {
    if ((slot[0] & ~(uint64_t)0xFF) != cut) slot[1] = slot[0];
    slot[0] = cut | best;
  }
  return result;
}

/* A follow by `seat` to a trick whose winning card is `winning`: when that
 * card is low and the seat holds low cards of its suit, whether the seat
 * must head it, and whether it can take the trick, compare low cards, so
 * the search depends on their ranks in that suit (the partition of the
 * table: dd_table.c).  A low card that beat another low card earlier in
 * the trick was noted then, at its own seat's follow. */
static inline void note_low_winner(DdSearch *d, int seat, PnCard winning) { d->dep |= dd_follow_dep(d, seat, winning); }

/* dd_search at a node of `kind` (NODE_*), `win` being the index of the
 * trick's winning card so far and `win_seat` its seat, `seat` the seat to
 * play (the search knows them: no seat_after_leader), `others` each
 * seat's others_in_play as its trick started (a follow's; a trick start
 * works them out). */
__attribute__((always_inline)) static inline int search_node(DdSearch *d, int target, int win, int win_seat, int seat,
                                                            const uint32_t *others, const int kind) {
  if (kind == NODE_ROOT || kind == NODE_LEAD) { /* (a follow's target and most are its trick start's) */
    if (target <= 0) return 0;
    int most = d->in_play + (d->cards_left || d->ntrick ? d->bonus : 0);
    if (target > most) return most;
    if (d->cards_left == 0) return 0;
  }
  if (d->nodes >= d->limit) {
    d->aborted = true;
    return 0;
  }
  d->nodes++;
  long nodes_before = d->nodes;
  DdStart st;
  st.use_table = false; /* the rest only at a trick start (start_decides) */
  bool start = node_leads(d, kind);
  unsigned outer_dep = d->dep; /* a trick start keeps its own, for its entry, and adds it after */
  if (start) {
    if (d->cards_left == d->players) return last_trick_points_for_side(d);
    int value;
    d->dep = 0;
    if (start_decides(d, target, &st, &value)) {
      d->dep |= outer_dep;
      return value;
    }
  } else {
    note_low_winner(d, seat, d->trick[win]);
  }
  /* A trick start (or the root) works out each seat's others_in_play
   * once: they stay the same for a seat at every follow of the trick
   * until it plays, since a card another seat plays stays in play, in the
   * trick. */
  uint32_t trick_others[PN_MAX_SEATS];
  if (kind == NODE_ROOT || kind == NODE_LEAD) {
    uint32_t before = d->trick_cards, after = 0; /* the seats before p, and after it */
    for (int p = 0; p < d->players; p++) trick_others[p] = before, before |= d->held[p];
    for (int p = d->players - 1; p >= 0; p--) trick_others[p] |= after, after |= d->held[p];
    others = trick_others;
  }
  uint32_t beat = start ? 0 : beating_cards(d, d->trick[win]);
  uint32_t legal = start ? d->held[seat] : dd_legal_cards(&d->ob, d->held[seat], d->trick, d->ntrick, win, d->trump);
  int result;
  if (!(legal & (legal - 1))) { /* one card to play (a third of the nodes): no classes, order or memo */
    PnCard c = (PnCard)__builtin_ctz(legal);
    result = move_value(d, seat, c, target, win, win_seat, beat, others, kind);
  } else {
    result = search_moves(d, seat, target, win, win_seat, beat, legal, others, kind);
  }
  if (d->aborted) return 0;
  if (st.use_table) {
    uint8_t w = dd_work_log2(d->nodes - nodes_before);
    unsigned dep = d->dep & DD_SUITS; /* what this search compared */
    PnDdEntry *e = dd_tt_store(d, st.key, result >= target, result, w, st.lower, st.upper);
    e->dep |= dep | st.seed_dep;
    /* an abstract entry too, when a suit it leaves abstract merges something */
    if (st.split & ~dep) dd_abs_store(d, st.abs_key, st.canon, dep, result >= target, result, w);
    dd_shape_store(d, &st.shape, e->lower, e->upper, w, e->dep);
  }
  if (start) d->dep |= outer_dep;
  return result;
}

/* The four kinds of node, each its own copy of the search. */
static int search_root(DdSearch *d, int target, int win, int win_seat, int seat, const uint32_t *others) {
  return search_node(d, target, win, win_seat, seat, others, NODE_ROOT);
}
static int search_lead(DdSearch *d, int target, int win, int win_seat, int seat, const uint32_t *others) {
  return search_node(d, target, win, win_seat, seat, others, NODE_LEAD);
}
static int search_middle(DdSearch *d, int target, int win, int win_seat, int seat, const uint32_t *others) {
  return search_node(d, target, win, win_seat, seat, others, NODE_MIDDLE);
}
static int search_last(DdSearch *d, int target, int win, int win_seat, int seat, const uint32_t *others) {
  return search_node(d, target, win, win_seat, seat, others, NODE_LAST);
}

/* The suits whose low cards the root's own facts compared: the trick in
 * progress's winner so far, and what the seat to play may play to it
 * (note_low_winner), as a search from here judges them first.  A value
 * the window alone decides, no question asked, depends on them still:
 * the move whose value is known (pn_dd_play) is one the seat may play
 * (a seat holding a low trump equal to the winning one need not trump
 * under if-can-win; holding a better one it must). */
unsigned dd_root_dep(const DdSearch *d) {
  if (d->ntrick == 0) return 0;
  int win = judge_winner(d->trick, d->ntrick, d->trump);
  return dd_winner_dep(d, d->trick, d->ntrick, win) | dd_follow_dep(d, seat_after_leader(d, d->ntrick), d->trick[win]);
}

/* The exact value, known to lie in [lo, hi], probing `guess` first.
 * `near`: a value along a hand (pn_dd_play), most likely a step or two
 * from the guess or from the bounds the probes find: they step from
 * those bounds; otherwise (pn_dd_par, a par from nothing) they halve what
 * is left.  Measured, nodes a hand: stepping saves 1.2% of a whole
 * partnership-auction hand (bench_dd 30) and 6% of a cutthroat-four one
 * (bench_dd 10 cutthroat-four), but costs 7% on the par alone.
 * Returns -1 when the node limit ran out. */
int dd_value(DdSearch *d, int lo, int hi, int guess, bool near) {
  int u = d->unit, probes = 0, last = guess;
  bool last_ok = false;
  /* A best move: the root move that cut in the last question answered
   * for the side to move there (yes for the side searched, no for the
   * others).  That answer set the bound the value ends at, to the cutting
   * move's own bound (fail-soft), so the move is worth the value.  None
   * when the table or the quick bounds answered it. */
  bool root_maxi = d->maxi[seat_after_leader(d, d->ntrick)];
  d->best_card = PN_NO_CARD;
  d->value_dep = dd_root_dep(d); /* (a search adds them again) */
  while (lo < hi) {
    int t;
    if (probes == 0) t = guess;
    else if (probes == 1) t = last_ok ? last + u : last - u; /* the guess is usually right */
    else if (near) t = last_ok ? lo + u : hi;                  /* then step */
    else t = lo + ((hi - lo) / u + 1) / 2 * u;                 /* or halve */
    if (t <= lo) t = lo + u;
    if (t > hi) t = hi;
    d->root_cut = PN_NO_CARD;
    int v = dd_search(d, t);
    if (d->aborted) return -1;
    d->value_dep |= d->dep;
    bool ok = v >= t;
    if (ok == root_maxi) d->best_card = d->root_cut;
    if (ok) lo = v < hi ? v : hi;
    else hi = v > lo ? v : lo;
    last = t;
    last_ok = ok;
    probes++;
  }
  return lo;
}
