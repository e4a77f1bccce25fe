/*
 * hand_score.c - scoring a hand and deciding the game.
 * Split from hand.c by concern; what the files share is in hand_int.h.
 */
#include "pinochle.h"

#include <string.h>

#include "hand_int.h"

/* --------------------------------------------------------------- scoring */

/* Has this running score won against the target?  target_rule=reach:
 * at or over it; exceed (002): strictly over it. */
static bool over_target(const PnRules *r, int score, int target) {
  return r->target_exceed ? score > target : score >= target;
}

/* Decides the game after a hand (RULES.md section 6, game end). */
static void decide_game(PnGame *g) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  int n = hand_competitor_count(g);
  int score[PN_MAX_SEATS], seat_of[PN_MAX_SEATS];
  for (int c = 0; c < n; c++) seat_of[c] = 0;
  for (int s = r->players; s >= 1; s--) seat_of[hand_competitor_of(g, s)] = s;
  for (int c = 0; c < n; c++) score[c] = g->running[seat_of[c] - 1];
  int winner = -1;
  if (h->out_seat) { /* declaring out decides the game either way */
    int c = hand_competitor_of(g, h->out_seat);
    winner = over_target(r, score[c], g->target) ? c : hand_competitor_of(g, next_seat(g, h->out_seat));
  } else {
    if (r->target_step > 0) {
      for (;;) {
        bool all_over = true;
        for (int c = 0; c < n; c++) all_over = all_over && over_target(r, score[c], g->target);
        if (!all_over) break;
        g->target += r->target_step;
      }
    }
    int bidder_c = h->high_bidder ? hand_competitor_of(g, h->high_bidder) : -1;
    int partner_c = h->partner ? hand_competitor_of(g, h->partner) : -1;
    /* how strongly a competitor's bid counts: bidder 2, partner 1, others 0 */
    int claim[PN_MAX_SEATS] = {0};
    if (partner_c >= 0) claim[partner_c] = 1;
    if (bidder_c >= 0) claim[bidder_c] = 2;
    if (r->both_over_higher) {
      /* both_over=higher (002): the higher score wins; a tie goes to the
       * bidding side, else (no bidder among them) to the lower seat */
      for (int c = 0; c < n; c++)
        if (over_target(r, score[c], g->target) &&
            (winner < 0 || score[c] > score[winner] ||
             (score[c] == score[winner] && claim[c] > claim[winner])))
          winner = c;
    } else if (bidder_c >= 0 && over_target(r, score[bidder_c], g->target)) {
      winner = bidder_c; /* bidders count first (003) */
    } else if (partner_c >= 0 && over_target(r, score[partner_c], g->target)) {
      winner = partner_c;
    } else {
      for (int c = 0; c < n; c++)
        if (over_target(r, score[c], g->target) && (winner < 0 || score[c] > score[winner]))
          winner = c;
    }
    if (winner < 0 && r->lose_at_on) {
      bool someone_lost = false;
      for (int c = 0; c < n; c++) someone_lost = someone_lost || score[c] <= r->lose_at;
      if (someone_lost)
        for (int c = 0; c < n; c++)
          if (score[c] > r->lose_at && (winner < 0 || score[c] > score[winner])) winner = c;
    }
  }
  if (winner >= 0) {
    g->over = true;
    g->winner_side = winner;
    g->winner = seat_of[winner];
    /* the side wins (RULES.md section 6), not one seat: in five-call the
     * winner's side of this hand, the bidder and the called partner */
    int seats[PN_MAX_SEATS];
    int nseats = pn_side_seats(r, h->high_bidder, h->partner, pn_side_of(g, g->winner), seats);
    g->winners = 0;
    for (int i = 0; i < nseats; i++) g->winners |= 1u << (seats[i] - 1);
  }
}

/* Scores the finished hand (RULES.md section 6) and moves to DONE. */
/* What each side has in this hand, summed over its seats. */
typedef struct {
  int meld[PN_MAX_SEATS], counters[PN_MAX_SEATS], tricks[PN_MAX_SEATS], score[PN_MAX_SEATS];
  bool reneged[PN_MAX_SEATS], meld_counts[PN_MAX_SEATS];
  bool any_renege;
} SideTally;

/* Fills each seat's result from the hand and sums it by side. */
static void tally_seats(const PnGame *g, PnHandResult *res, SideTally *t) {
  const PnRules *r = &g->rules;
  const PnHand *h = &g->hand;
  for (int s = 1; s <= r->players; s++) {
    PnSeatResult *sr = &res->seat[s - 1];
    int side = pn_side_of(g, s);
    int counters = h->counters[s - 1];
    if (r->count == PN_COUNT_CLASSIC) counters = pn_round_classic(counters);
    if (h->out_seat && s != h->out_seat) counters = 0; /* only the declarer's tricks count */
    sr->meld_shown = pn_meld_shown(g, s);
    sr->counters = counters;
    sr->tricks = h->tricks_won[s - 1];
    sr->reneged = h->reneged[s - 1];
    memcpy(sr->reneges, h->reneges[s - 1], sizeof sr->reneges);
    t->meld[side] += sr->meld_shown;
    t->counters[side] += counters;
    t->tricks[side] += sr->tricks;
    t->reneged[side] = t->reneged[side] || sr->reneged;
    t->any_renege = t->any_renege || sr->reneged;
  }
}

/* Each side's score for the hand (and whether the bidder made it). */
static void score_sides(const PnGame *g, PnHandResult *res, SideTally *t, int bid_side) {
  const PnRules *r = &g->rules;
  const PnHand *h = &g->hand;
  int nsides = pn_side_count(g);
  for (int side = 0; side < nsides; side++) {
    bool took_trick = t->tricks[side] > 0 || (side == bid_side && r->exchange == PN_EXCHANGE_WIDOW && h->discarded);
    bool meld_counts = !r->meld_needs_trick || took_trick || r->flow == PN_FLOW_TWO_HAND;
    int counters = t->counters[side], meld = meld_counts ? t->meld[side] : 0;
    int total = meld + counters;
    int minimum = r->side_minimum;
    if (minimum && !(r->renege_set && t->any_renege)) {
      if (counters < minimum) total = 0, meld = 0;
      else if (meld < minimum) total = counters, meld = 0;
    }
    t->meld_counts[side] = meld > 0;
    bool bidding = side == bid_side;
    if (r->renege_set && t->any_renege) {
      if (t->reneged[side]) total = bidding ? -h->high_bid : 0;
      else total = meld_counts ? t->meld[side] + counters : counters;
      if (bidding) res->made = !t->reneged[side];
    } else if (bidding && h->moon) {
      res->made = t->tricks[side] == h->tricks_total;
      total = res->made ? r->moon : -r->moon;
    } else if (bidding) {
      bool set = h->trump_failed || (meld_counts ? t->meld[side] : 0) + counters < h->high_bid;
      if (minimum) set = set || counters < minimum || t->meld[side] < minimum;
      res->made = !set;
      if (set) total = -h->high_bid;
    }
    t->score[side] = total;
  }
}

void hand_score(PnGame *g) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  PnHandResult *res = &h->result;
  SideTally t = {0};
  int bidder = h->high_bidder, bid_side = bidder ? pn_side_of(g, bidder) : -1;

  h->target_before = g->target; /* decide_game may raise it; an out after the last trick undoes that */
  res->bidder = bidder;
  res->bid = h->high_bid;
  res->partner = h->partner;
  res->trump = h->trump;
  res->moon = h->moon;
  res->out_seat = h->out_seat;

  tally_seats(g, res, &t);
  if (res->redeal) {
    memset(res->seat, 0, sizeof res->seat);
  } else {
    score_sides(g, res, &t, bid_side);
    for (int s = 1; s <= r->players; s++) {
      PnSeatResult *sr = &res->seat[s - 1];
      int side = pn_side_of(g, s);
      sr->meld_counted = t.meld_counts[side] ? sr->meld_shown : 0;
      sr->score = t.score[side];
      if (r->no_trick_no_score && sr->tricks == 0 && side != bid_side) sr->score = 0;
      if (r->no_trick_no_score && sr->tricks == 0) sr->meld_counted = 0;
      g->running[s - 1] += sr->score;
    }
  }
  h->phase = PN_PHASE_DONE;
  g->hands_played++;
  decide_game(g);
}
