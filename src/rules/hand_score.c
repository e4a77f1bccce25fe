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
  int n = competitor_count(g);
  int score[PN_MAX_SEATS], seat_of[PN_MAX_SEATS];
  for (int c = 0; c < n; c++) seat_of[c] = 0;
  for (int s = r->players; s >= 1; s--) seat_of[competitor_of(g, s)] = s;
  for (int c = 0; c < n; c++) score[c] = g->running[seat_of[c] - 1];
  int winner = -1;
  if (h->out_seat) { /* declaring out decides the game either way */
    int c = competitor_of(g, h->out_seat);
    winner = over_target(r, score[c], g->target) ? c : competitor_of(g, next_seat(g, h->out_seat));
  } else {
    if (r->target_step > 0) {
      for (;;) {
        bool all_over = true;
        for (int c = 0; c < n; c++) all_over = all_over && over_target(r, score[c], g->target);
        if (!all_over) break;
        g->target += r->target_step;
      }
    }
    int bidder_c = h->high_bidder ? competitor_of(g, h->high_bidder) : -1;
    int partner_c = h->partner ? competitor_of(g, h->partner) : -1;
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
  }
}

/* Scores the finished hand (RULES.md section 6) and moves to DONE. */
void score_hand(PnGame *g) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  PnHandResult *res = &h->result;
  int nsides = pn_side_count(g);
  int side_meld[PN_MAX_SEATS] = {0}, side_counters[PN_MAX_SEATS] = {0};
  int side_tricks[PN_MAX_SEATS] = {0}, side_score[PN_MAX_SEATS] = {0};
  bool side_reneged[PN_MAX_SEATS] = {false}, side_meld_counts[PN_MAX_SEATS] = {false};
  bool any_renege = false;
  int bidder = h->high_bidder, bid_side = bidder ? pn_side_of(g, bidder) : -1;

  h->target_before = g->target; /* decide_game may raise it; an out after the last trick undoes that */
  res->bidder = bidder;
  res->bid = h->high_bid;
  res->partner = h->partner;
  res->trump = h->trump;
  res->moon = h->moon;
  res->out_seat = h->out_seat;

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
    side_meld[side] += sr->meld_shown;
    side_counters[side] += counters;
    side_tricks[side] += sr->tricks;
    side_reneged[side] = side_reneged[side] || sr->reneged;
    any_renege = any_renege || sr->reneged;
  }
  if (res->redeal) {
    memset(res->seat, 0, sizeof res->seat);
  } else {
    for (int side = 0; side < nsides; side++) {
      bool took_trick = side_tricks[side] > 0 ||
                        (side == bid_side && r->exchange == PN_EXCHANGE_WIDOW && h->discarded);
      bool meld_counts = !r->meld_needs_trick || took_trick || r->flow == PN_FLOW_TWO_HAND;
      int counters = side_counters[side], meld = meld_counts ? side_meld[side] : 0;
      int total = meld + counters;
      int minimum = r->side_minimum;
      if (minimum && !(r->renege_set && any_renege)) {
        if (counters < minimum) total = 0, meld = 0;
        else if (meld < minimum) total = counters, meld = 0;
      }
      side_meld_counts[side] = meld > 0;
      bool bidding = side == bid_side;
      if (r->renege_set && any_renege) {
        if (side_reneged[side]) total = bidding ? -h->high_bid : 0;
        else total = meld_counts ? side_meld[side] + counters : counters;
        if (bidding) res->made = !side_reneged[side];
      } else if (bidding && h->moon) {
        res->made = side_tricks[side] == h->tricks_total;
        total = res->made ? r->moon : -r->moon;
      } else if (bidding) {
        bool set = h->trump_failed || (meld_counts ? side_meld[side] : 0) + counters < h->high_bid;
        if (minimum) set = set || counters < minimum || side_meld[side] < minimum;
        res->made = !set;
        if (set) total = -h->high_bid;
      }
      side_score[side] = total;
    }
    for (int s = 1; s <= r->players; s++) {
      PnSeatResult *sr = &res->seat[s - 1];
      int side = pn_side_of(g, s);
      sr->meld_counted = side_meld_counts[side] ? sr->meld_shown : 0;
      sr->score = side_score[side];
      if (r->no_trick_no_score && sr->tricks == 0 && side != bid_side) sr->score = 0;
      if (r->no_trick_no_score && sr->tricks == 0) sr->meld_counted = 0;
      g->running[s - 1] += sr->score;
    }
  }
  h->phase = PN_PHASE_DONE;
  g->hands_played++;
  decide_game(g);
}
