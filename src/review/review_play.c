/*
 * review_play.c - a play judged over deals consistent with what its seat
 * saw: every legal card (equivalent cards once) solved double dummy in
 * each deal, the same deals for every card (review.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dd.h"
#include "review_int.h"

#define RV_TABLE_BYTES (4u << 20) /* the solver's table: the end of a hand fits in far less */

Reviewer *review_new(int worlds, long budget) {
  Reviewer *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->table = aligned_alloc(64, RV_TABLE_BYTES);
  if (!r->table || pn_dd_init(&r->solver, r->table, RV_TABLE_BYTES) != 0) {
    review_free(r);
    return NULL;
  }
  r->worlds = worlds > 0 ? worlds : RV_DEFAULT_WORLDS;
  r->budget = budget;
  return r;
}

void review_free(Reviewer *r) {
  if (!r) return;
  free(r->table);
  free(r);
}

const char *review_kind_name(RvKind kind) {
  static const char *const names[] = {"bid", "trump", "pass", "play"};
  return kind <= RV_PLAY ? names[kind] : "?";
}

/* Cards of one suit that nobody but `seat` can hold from rank hi down to
 * lo, both included: every copy of each is in its hand or in a completed
 * trick.  Then two of its cards there, of the same counter value, are
 * interchangeable in every deal.  The ends count too: with the other AS
 * still out, AS and TS differ (the first of two identical cards wins). */
static bool nothing_between(const PnGame *g, int seat, PnCard lo, PnCard hi, const PnCards *gone) {
  PnCards deck;
  pn_deck_cards(g->rules.deck, &deck);
  for (int c = hi; c <= lo; c++)
    if (deck.n[c] && g->hand.held[seat - 1].n[c] + gone->n[c] < deck.n[c]) return false;
  return true;
}

/* The cards played in completed tricks before play p. */
static void completed(const RvHistory *h, int p, PnCards *gone) {
  memset(gone, 0, sizeof *gone);
  int in_trick = h->before[p].hand.ntrick;
  for (int q = 0; q < p - in_trick; q++) gone->n[h->events[h->play_event[q]].cards[0]]++;
}

/* The alternatives: one legal card per class of equivalent ones (the
 * played card stands for its own class).  Fills d->alt, nalts, chosen. */
static void alternatives(const RvHistory *h, int p, RvDecision *d) {
  const PnGame *g = &h->before[p];
  PnCard played = h->events[h->play_event[p]].cards[0];
  PnExpect ex;
  pn_game_expect(g, &ex);
  PnCards gone;
  completed(h, p, &gone);
  d->nalts = 0;
  d->chosen = -1;
  for (int c = 0; c < PN_CARD_KINDS && d->nalts < RV_MAX_ALTS; c++) {
    if (!ex.legal.n[c] && c != played) continue;
    int same = -1;
    for (int a = 0; a < d->nalts && same < 0; a++) {
      PnCard o = d->alt[a];
      if (PN_SUIT(o) == PN_SUIT(c) && pn_counter_value(g->rules.count, o) == pn_counter_value(g->rules.count, (PnCard)c) &&
          nothing_between(g, d->seat, (PnCard)c, o, &gone))
        same = a;
    }
    if (same < 0) {
      same = d->nalts;
      d->alt[d->nalts++] = (PnCard)c;
    }
    d->members[same] |= 1u << c;
    if (c == played) {
      d->alt[same] = played;
      d->chosen = same;
    }
  }
}

/* The game at play p with the hidden hands of one deal: each seat's cards
 * at the start of the play, less what it has played since. */
static void world_game(const RvHistory *h, int p, const PnCards start[PN_KNOWN_HOLDERS], PnGame *w) {
  *w = h->before[p];
  for (int s = 0; s < h->rules.players; s++) w->hand.held[s] = start[s];
  for (int q = 0; q < p; q++) {
    const PnEvent *ev = &h->events[h->play_event[q]];
    PnCards *held = &w->hand.held[ev->seat - 1];
    if (held->n[ev->cards[0]]) held->n[ev->cards[0]]--;
  }
}

/* Solves every alternative in one deal, adding each par_after to sum[].
 * Returns false when the solver stopped. */
static bool solve_world(Reviewer *r, const PnGame *w, RvDecision *d, double sum[RV_MAX_ALTS],
                        double diff2[RV_MAX_ALTS]) {
  r->solver.node_limit = r->budget;
  int v[RV_MAX_ALTS];
  for (int a = 0; a < d->nalts; a++) {
    PnDdPlay out;
    if (pn_dd_play(&r->solver, w, d->alt[a], &out) != 0) return false;
    v[a] = out.par_after;
  }
  for (int a = 0; a < d->nalts; a++) {
    sum[a] += v[a];
    diff2[a] += (double)(v[a] - v[d->chosen]) * (v[a] - v[d->chosen]);
  }
  return true;
}

int review_play(Reviewer *r, const RvHistory *h, int p, SimRng *rng, RvDecision *d) {
  const PnEvent *ev = &h->events[h->play_event[p]];
  memset(d, 0, sizeof *d);
  d->seq = h->seqs[h->play_event[p]];
  d->seat = ev->seat;
  d->kind = RV_PLAY;
  alternatives(h, p, d);
  PnKnown k;
  uint32_t forbid[PN_KNOWN_HOLDERS];
  if (d->chosen < 0 || review_knowledge(h, p, d->seat, &k, forbid) != 0) return -1;
  RvSpace *sp = review_space_new(&k, forbid);
  if (!sp) return -1;
  double sum[RV_MAX_ALTS] = {0}, diff2[RV_MAX_ALTS] = {0};
  bool ok = review_space_count(sp) > 0;
  for (int i = 0; i < r->worlds && ok; i++) {
    PnCards start[PN_KNOWN_HOLDERS];
    PnGame w;
    ok = review_space_sample(sp, rng, start) == 0;
    if (!ok) break;
    world_game(h, p, start, &w);
    ok = solve_world(r, &w, d, sum, diff2);
    d->worlds++;
  }
  review_space_free(sp);
  if (!ok) return -1;
  d->valued = true;
  d->best = d->chosen;
  for (int a = 0; a < d->nalts; a++) {
    d->value[a] = sum[a] / d->worlds;
    if (sum[a] > sum[d->best]) d->best = a; /* ties keep the chosen card, then the first */
  }
  d->cost = d->value[d->best] - d->value[d->chosen];
  if (d->worlds > 1) {
    double var = (diff2[d->best] / d->worlds - d->cost * d->cost) * d->worlds / (d->worlds - 1);
    d->cost_se = var > 0 ? sqrt(var / d->worlds) : 0;
  }
  return 0;
}
