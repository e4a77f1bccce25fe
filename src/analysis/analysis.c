/* analysis.c - stored hands valued by the double-dummy solver (analysis.h). */
#include "analysis.h"

#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "dd.h"
#include "replay.h"

struct Analyzer {
  PnDdSolver solver;  /* owned */
  void *table;        /* owned: the solver's transposition table */
  long budget;        /* nodes per hand, 0 = no limit */
  PnGame line[AN_MAX_PLAYS]; /* the hand being analysed, just before each
                                of its plays (the solver's positions) */
};

Analyzer *analysis_new(size_t table_bytes, long budget) {
  Analyzer *a = calloc(1, sizeof *a);
  if (!a) return NULL;
  /* a bucket of the table to a cache line (dd.h); aligned_alloc wants a
   * whole number of lines */
  a->table = aligned_alloc(64, (table_bytes + 63) / 64 * 64);
  if (!a->table || pn_dd_init(&a->solver, a->table, table_bytes) != 0) {
    analysis_free(a);
    return NULL;
  }
  a->budget = budget;
  return a;
}

void analysis_free(Analyzer *a) {
  if (!a) return;
  free(a->table);
  free(a);
}

const char *analysis_status_name(AnStatus status) {
  switch (status) {
  case AN_ANALYSED: return "analysed";
  case AN_BUDGET: return "budget";
  case AN_UNSUPPORTED: return "unsupported";
  case AN_NO_PLAY: return "no-play";
  }
  return "?";
}

int analysis_valued_plays(const AnHand *h) {
  int valued = 0;
  for (int i = 0; i < h->nplays; i++) valued += h->plays[i].valued;
  return valued;
}

uint64_t analysis_key(const StoreRow *row) {
  uint64_t h = CODEC_HASH_SEED;
  int version = PN_RULES_VERSION;
  h = codec_hash(h, &version, sizeof version);
  h = codec_hash_text(h, row->preset ? row->preset : "");
  for (int i = 0; i < row->noptions; i++) { /* the options as their column joins them (an option is one line), */
    if (i) h = codec_hash(h, "\n", 1);         /* so stored keys stay current */
    h = codec_hash(h, row->options[i], strlen(row->options[i]));
  }
  h = codec_hash(h, "", 1);
  return codec_hash(h, row->events, row->events_len);
}

/* The solver's budget for its next call: what is left of the hand's.
 * Returns false when nothing is left. */
static bool budget_left(Analyzer *a, const AnHand *out) {
  if (a->budget <= 0) {
    a->solver.node_limit = 0;
    return true;
  }
  long left = a->budget - out->nodes;
  a->solver.node_limit = left;
  return left > 0;
}

/* Sets out->status from a solver code below zero; stops valuing. */
static void solver_stopped(AnHand *out, int code) {
  out->status = code == PN_DD_BUDGET ? AN_BUDGET : AN_UNSUPPORTED;
}

/* For a costly play at `game`: the first legal card (in card order) of
 * the same position whose value keeps the side's par; the played card is
 * known not to.  Returns false when the budget or the solver stopped it
 * (best stays unknown). */
static bool find_best(Analyzer *a, const PnGame *game, AnHand *out, AnPlay *play) {
  PnExpect ex;
  pn_game_expect(game, &ex);
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    if (!ex.legal.n[c] || (PnCard)c == play->card) continue;
    if (!budget_left(a, out)) return false;
    PnDdPlay p;
    int rc = pn_dd_play(&a->solver, game, (PnCard)c, &p);
    out->nodes += a->solver.nodes;
    if (rc < 0) return false;
    if (p.par_after == play->par_before) {
      play->best = (PnCard)c;
      return true;
    }
  }
  return true;
}

/* After the plays are valued: the best card of each costly play the
 * search did not name on its way (PnDdPlay.best: nearly all do), from
 * what is left of the hand's budget.  A second pass, so that the search
 * for best cards never leaves a play unvalued that the budget would have
 * let through: when the budget runs out here the remaining costly plays
 * keep best = PN_NO_CARD and the hand keeps its status. */
static void best_cards(Analyzer *a, AnHand *out) {
  for (int k = 0; k < out->nplays; k++) {
    AnPlay *play = &out->plays[k];
    if (play->valued && play->cost > 0 && play->best == PN_NO_CARD && !find_best(a, &a->line[k], out, play)) return;
  }
}

/* Values a play.  Returns false when the solver stopped (status set). */
static bool value_play(Analyzer *a, const PnGame *game, AnHand *out, AnPlay *play) {
  if (!budget_left(a, out)) {
    out->status = AN_BUDGET;
    return false;
  }
  PnDdPlay p;
  int rc = pn_dd_play(&a->solver, game, play->card, &p);
  out->nodes += a->solver.nodes;
  if (rc == PN_DD_BAD_CARD) return true; /* a renege: no legal card to compare it with; the other plays are valued */
  if (rc < 0) {
    solver_stopped(out, rc);
    return false;
  }
  play->valued = true;
  play->par_before = p.par_before;
  play->par_after = p.par_after;
  play->cost = p.cost;
  play->best = p.best; /* the card the search settled the par with, when it did */
  return true;
}

/* Values every play, last to first, then the par from the first lead.
 * In that order each position's par is searched knowing the par after
 * it (most plays are best, so it is usually the same), and the first
 * lead's par is known by the end: 13% fewer nodes than the par first and
 * the plays in order (bench/bench_dd).  When the solver stops (the
 * budget, or the two-hand stock phase, whose draws are unknown) the plays
 * valued by then, the hand's last, keep their values; the par from the
 * first lead stays unknown. */
static void value_hand(Analyzer *a, AnHand *out) {
  bool stopped = false;
  for (int k = out->nplays - 1; k >= 0 && !stopped; k--)
    stopped = !value_play(a, &a->line[k], out, &out->plays[k]);
  if (!stopped && !budget_left(a, out)) {
    out->status = AN_BUDGET;
    stopped = true;
  }
  if (!stopped) {
    int par = pn_dd_par(&a->solver, &a->line[0], out->side);
    out->nodes += a->solver.nodes;
    if (par < 0) solver_stopped(out, par);
    else out->par = par;
  }
}

/* What the analysed side took and the meld that would count for it
 * with perfect play: its meld shown, unless meld needs a trick and the
 * side took none and could take none (par 0). */
static void finish(const PnGame *game, AnHand *out) {
  const PnRules *r = &game->rules;
  const PnHandResult *res = &game->hand.result;
  int meld = 0, tricks = 0;
  out->taken = 0;
  for (int s = 1; s <= r->players; s++) {
    if (pn_side_of(game, s) != out->side) continue;
    out->taken += res->seat[s - 1].counters;
    tricks += res->seat[s - 1].tricks;
    meld += res->seat[s - 1].meld_shown;
  }
  bool counts = !r->meld_needs_trick || r->flow == PN_FLOW_TWO_HAND || tricks > 0 || out->par > 0;
  out->meld = counts ? meld : 0;
  out->made = res->made;
  out->could_make = out->status == AN_ANALYSED && out->bid > 0 && !game->hand.trump_failed &&
                    out->meld + out->par >= out->bid;
}

/* What the replay shows analysis_hand: each single-card play, with the
 * position before it kept for the solver. */
typedef struct Collect {
  Analyzer *a; /* NULL: no positions kept */
  AnHand *out;
} Collect;

/* Seat 1's side would be a search of its own where every seat is a side
 * of its own, a proof against every seat but one, the hand's costliest
 * (docs/SOLVER.md: three-hand 46% of the nodes, cutthroat-four 23%). */
int analysis_unbid_seat(const PnGame *before, int leader) {
  return before->rules.sides == PN_SIDES_SOLO && pn_side_count(before) > 2 ? leader : 1;
}

static void collect_play(void *ctx, int seq, const PnEvent *ev, const char *value, const PnGame *before,
                         const PnGame *after, const PnOutcome *res) {
  (void)value, (void)after, (void)res;
  Collect *c = ctx;
  AnHand *out = c->out;
  if (ev->action != PN_EV_PLAY || ev->ncards != 1 || out->nplays >= AN_MAX_PLAYS) return;
  if (out->nplays == 0) {
    const PnHand *h = &before->hand;
    out->bidder = h->high_bidder > 0 && h->high_bid > 0 ? h->high_bidder : 0;
    out->bid = out->bidder ? h->high_bid : 0;
    out->side = pn_side_of(before, out->bidder ? out->bidder : analysis_unbid_seat(before, ev->seat));
  }
  if (c->a) c->a->line[out->nplays] = *before;
  out->plays[out->nplays++] = (AnPlay){.seq = seq, .seat = ev->seat, .card = ev->cards[0], .best = PN_NO_CARD};
}

int analysis_hand(Analyzer *a, PnGame *game, const StoreRow *row, AnHand *out, PnDiag *diag) {
  memset(out, 0, sizeof *out);
  out->hand = row->hand;
  out->par = -1;
  out->status = AN_ANALYSED;
  out->budget = a ? a->budget : 0;
  out->generation = PN_DD_GENERATION;
  Collect collect = {a, out};
  ReplayObserver obs = {collect_play, &collect};
  int rc = replay_hand_observed(game, row, NULL, NULL, NULL, &obs, diag);
  if (rc != 0) return rc;
  if (out->nplays == 0) {
    out->status = AN_NO_PLAY;
  } else if (a) {
    pn_dd_new_hand(&a->solver); /* another hand's entries would change the nodes, so the budget's verdict */
    value_hand(a, out);
  }
  if (out->par < 0 && out->status == AN_ANALYSED) out->status = AN_UNSUPPORTED;
  finish(game, out);
  if (a) best_cards(a, out);
  return 0;
}

/* ------------------------------------------------------------ stored form
 * Little-endian: format byte AN_FORMAT (4), status, bidder, side, bid (2), par (2),
 * taken (2), meld (2), flags (could_make 1, made 2), nplays, the budget in
 * thousands of nodes (4, rounded up), the search's generation
 * (PN_DD_GENERATION, 1 byte); then per play
 * seq (2), seat, card, flags (valued 1), par_before (2), par_after (2),
 * cost (2), best (a card, PN_NO_CARD none).  Plays keep seq, seat and
 * card so a report needs no replay to show them.  Format 3 is the same
 * without the generation byte (read as generation 0, so a hand it kept
 * stopped by the budget is searched again).  Format 2 is format 3,
 * but a hand the solver stopped on kept no value then: such a hand is not
 * decoded (-1), so it is searched again for the values of its last plays.
 * Format 1 had a pad byte
 * where best is: it is not decoded (-1), so such a hand counts as not
 * analysed and `analyze` searches it again rather than showing no best
 * card for its costly plays. */

static void put16(uint8_t **at, int v) {
  (*at)[0] = (uint8_t)(v & 0xFF);
  (*at)[1] = (uint8_t)((v >> 8) & 0xFF);
  *at += 2;
}

static int get16(const uint8_t **at) {
  int v = (int16_t)((*at)[0] | ((*at)[1] << 8));
  *at += 2;
  return v;
}

size_t analysis_encode(const AnHand *h, uint8_t *out) {
  uint8_t *at = out;
  *at++ = AN_FORMAT;
  *at++ = (uint8_t)h->status;
  *at++ = (uint8_t)h->bidder;
  *at++ = (uint8_t)h->side;
  put16(&at, h->bid);
  put16(&at, h->par);
  put16(&at, h->taken);
  put16(&at, h->meld);
  *at++ = (uint8_t)((h->could_make ? 1 : 0) | (h->made ? 2 : 0));
  *at++ = (uint8_t)h->nplays;
  uint32_t budget = h->budget <= 0 ? 0 : (uint32_t)((h->budget + 999) / 1000);
  for (int i = 0; i < 4; i++) *at++ = (uint8_t)(budget >> (8 * i));
  *at++ = (uint8_t)h->generation;
  for (int i = 0; i < h->nplays; i++) {
    const AnPlay *p = &h->plays[i];
    put16(&at, p->seq);
    *at++ = (uint8_t)p->seat;
    *at++ = p->card;
    *at++ = p->valued ? 1 : 0;
    put16(&at, p->par_before);
    put16(&at, p->par_after);
    put16(&at, p->cost);
    *at++ = p->best;
  }
  return (size_t)(at - out);
}

int analysis_decode(const uint8_t *data, size_t len, AnHand *h) {
  memset(h, 0, sizeof *h);
  size_t header = len > 0 && data[0] == AN_FORMAT ? 19 : 18; /* format 4 added the generation */
  if (len < header || data[0] < 2 || data[0] > AN_FORMAT || data[1] > AN_NO_PLAY) return -1;
  if (data[0] == 2 && (data[1] == AN_BUDGET || data[1] == AN_UNSUPPORTED)) return -1; /* stopped: no values kept */
  const uint8_t *at = data + 1;
  h->status = (AnStatus)*at++;
  h->bidder = *at++;
  h->side = *at++;
  h->bid = get16(&at);
  h->par = get16(&at);
  h->taken = get16(&at);
  h->meld = get16(&at);
  h->could_make = (*at & 1) != 0;
  h->made = (*at++ & 2) != 0;
  h->nplays = *at++;
  uint32_t budget = 0;
  for (int i = 0; i < 4; i++) budget |= (uint32_t)*at++ << (8 * i);
  h->budget = (long)budget * 1000;
  if (header == 19) h->generation = *at++;
  if (h->nplays > AN_MAX_PLAYS || len != header + (size_t)h->nplays * 12) return -1;
  for (int i = 0; i < h->nplays; i++) {
    AnPlay *p = &h->plays[i];
    p->seq = get16(&at);
    p->seat = *at++;
    p->card = *at++;
    p->valued = (*at++ & 1) != 0;
    p->par_before = get16(&at);
    p->par_after = get16(&at);
    p->cost = get16(&at);
    p->best = *at++;
  }
  return 0;
}

int analysis_decode_sound(const uint8_t *data, size_t len, AnHand *h) {
  return analysis_decode(data, len, h) == 0 && h->generation >= PN_DD_SOUND_SINCE ? 0 : -1;
}
