/*
 * review_play.c - a play judged over deals consistent with what its seat
 * saw: every legal card (equivalent cards once) valued double dummy in
 * each deal, the same deals for every card, exactly where it may be best
 * (solve_fast), on 4 deals and more while the cost is unclear (review.h;
 * docs/REVIEW.md, cost and the default worlds).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dd.h"
#include "review_int.h"

#define RV_TABLE_BYTES (16u << 20) /* the solver's table: a card solved over every deal in turn finds its deal's entries again (docs/REVIEW.md) */

Reviewer *review_new(int worlds, long budget) {
  Reviewer *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->table = aligned_alloc(64, RV_TABLE_BYTES);
  if (!r->table || pn_dd_init(&r->solver, r->table, RV_TABLE_BYTES) != 0) {
    review_free(r);
    return NULL;
  }
  r->worlds = worlds > 0 ? worlds : RV_DEFAULT_WORLDS;
  r->min_worlds = RV_MIN_WORLDS;
  r->se_target = RV_SE_TARGET;
  r->budget = budget;
  return r;
}

void review_free(Reviewer *r) {
  if (!r) return;
  free(r->table);
  free(r);
}

void review_set_all_values(Reviewer *r, bool all) { r->all_values = all; }

long review_nodes(const Reviewer *r) {
  long n = r->solver.total_nodes;
  for (int j = 0; j < r->ncrew; j++) n += r->crew[j]->solver.total_nodes;
  return n;
}

void review_set_sequential(Reviewer *r, int min_worlds, double se_target) {
  r->min_worlds = min_worlds > 0 ? min_worlds : 1;
  r->se_target = se_target;
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

/* One decision's deals and the values found in them. */
typedef struct Deals {
  int n;                                /* deals drawn */
  PnCards (*start)[PN_KNOWN_HOLDERS];   /* each deal's holdings at the start of the play */
  int *v;                               /* v[w * RV_MAX_ALTS + a]: a's value in deal w, exact when sure[a] */
  uint32_t *exact;                      /* exact[w]: a bit an alternative, v exact in deal w */
  uint32_t *tested;                     /* tested[w]: ... asked "more than the chosen card?" in deal w */
  bool sure[RV_MAX_ALTS];               /* every v of a is exact (else: each an upper bound) */
} Deals;

/* Room for r->worlds deals.  False when out of memory. */
static bool deals_alloc(const Reviewer *r, Deals *dl) {
  dl->start = calloc((size_t)r->worlds, sizeof *dl->start);
  dl->v = calloc((size_t)r->worlds * RV_MAX_ALTS, sizeof *dl->v);
  dl->exact = calloc((size_t)r->worlds, sizeof *dl->exact);
  dl->tested = calloc((size_t)r->worlds, sizeof *dl->tested);
  return dl->start && dl->v && dl->exact && dl->tested;
}

static void deals_free(Deals *dl) {
  free(dl->start);
  free(dl->v);
  free(dl->exact);
  free(dl->tested);
}

/* The alternative standing for card c (d->members), or -1. */
static int alt_of(const RvDecision *d, PnCard c) {
  for (int a = 0; c < PN_CARD_KINDS && a < d->nalts; a++)
    if (d->members[a] >> c & 1u) return a;
  return -1;
}

/* What the bots take for the mover's side in deal w after `card`, counted
 * as pn_dd_play's par_after: the guess its search of the position after
 * starts from (a deal's first search knows no par there: docs/REVIEW.md).
 * The bots' seed is fixed: a deal's nodes depend on the deal alone. */
static int bots_guess(const PnGame *w, PnCard card) {
  SimConfig config = {.style = SIM_SENSIBLE, .first_dealer = 1};
  SimDriver driver;
  sim_driver_init(&driver, &config, 1, w->rules.players);
  PnExpect expect;
  pn_game_expect(w, &expect);
  return review_bots_take(&driver, w, card, pn_side_of(w, expect.seat));
}

/* Every alternative solved exactly in every deal (--all-values, and the
 * check of the fast path: tests/test_review.c).  False when a solve
 * stopped. */
static bool solve_all(Reviewer *r, const RvHistory *h, int p, RvDecision *d, Deals *dl, int from) {
  PnGame w;
  for (int i = from; i < dl->n; i++) {
    world_game(h, p, dl->start[i], &w);
    for (int a = 0; a < d->nalts; a++) {
      PnDdPlay out;
      if (pn_dd_play(&r->solver, &w, d->alt[a], &out) != 0) return false;
      dl->v[i * RV_MAX_ALTS + a] = out.par_after;
    }
  }
  for (int a = 0; a < d->nalts; a++) dl->sure[a] = true;
  return true;
}

/* In each deal where the chosen card is not best, each card that may
 * yet be best is asked one question: "more than the chosen card?"; a no
 * makes the chosen card's value its bound there.  False when a solve
 * stopped. */
static bool ask_better(Reviewer *r, const RvHistory *h, int p, RvDecision *d, Deals *dl) {
  PnGame w;
  for (int i = 0; i < dl->n; i++) {
    int *v = &dl->v[i * RV_MAX_ALTS], c = v[d->chosen];
    bool built = false;
    for (int a = 0; a < d->nalts; a++) {
      if (dl->sure[a] || (dl->exact[i] | dl->tested[i]) >> a & 1u || v[a] <= c) continue;
      if (!built) world_game(h, p, dl->start[i], &w);
      built = true;
      int more;
      if (pn_dd_play_window(&r->solver, &w, d->alt[a], c, c + 1, &more) != 0) return false;
      if (more == c) v[a] = c;
      dl->tested[i] |= 1u << a;
    }
  }
  return true;
}

/* Alternative a exactly in every deal where it is not yet (searched
 * down from its bound there).  False when a solve stopped. */
static bool solve_exact(Reviewer *r, const RvHistory *h, int p, const RvDecision *d, Deals *dl, int a) {
  PnGame w;
  for (int i = 0; i < dl->n; i++) {
    int *v = &dl->v[i * RV_MAX_ALTS];
    if (dl->exact[i] >> a & 1u) continue;
    world_game(h, p, dl->start[i], &w);
    if (pn_dd_play_window(&r->solver, &w, d->alt[a], 0, v[a], &v[a]) != 0) return false;
    dl->exact[i] |= 1u << a;
  }
  return true;
}

/* The chosen card exactly in every deal, with the par before it (the best
 * card's value there: pn_dd_play proves it in one root search that tries
 * every other card against the chosen one's value).  That par bounds
 * every other card; the card the search found best is exact; in the
 * deals where the chosen card is not best, the others are asked whether
 * they beat it (ask_better).  Then the cards whose bounds, summed,
 * exceed the best exact sum so far are solved exactly, the highest bound
 * first; the others cannot be best (docs/REVIEW.md, cost).  Deals from..n
 * are new.  False when a solve stopped. */
static bool solve_fast(Reviewer *r, const RvHistory *h, int p, RvDecision *d, Deals *dl, int from) {
  PnGame w;
  for (int i = from; i < dl->n; i++) {
    int *v = &dl->v[i * RV_MAX_ALTS];
    PnDdPlay out;
    world_game(h, p, dl->start[i], &w);
    if (pn_dd_play_guess(&r->solver, &w, d->alt[d->chosen], bots_guess(&w, d->alt[d->chosen]), &out) != 0) return false;
    for (int a = 0; a < d->nalts; a++) v[a] = out.par_before;
    v[d->chosen] = out.par_after;
    dl->exact[i] = 1u << d->chosen;
    int b = out.best == PN_NO_CARD ? -1 : alt_of(d, out.best);
    if (b >= 0) dl->exact[i] |= 1u << b;
  }
  if (!ask_better(r, h, p, d, dl)) return false;
  dl->sure[d->chosen] = true;
  /* Those already exact in earlier deals, then the others that may be
   * best, highest bound first, until the best exact sum beats every
   * bound left (a tie keeps the first in card order, as summarise) */
  for (int a = 0; a < d->nalts; a++)
    if (dl->sure[a] && !solve_exact(r, h, p, d, dl, a)) return false;
  for (;;) {
    long sum[RV_MAX_ALTS] = {0};
    for (int i = 0; i < dl->n; i++)
      for (int a = 0; a < d->nalts; a++) sum[a] += dl->v[i * RV_MAX_ALTS + a];
    int best = d->chosen, next = -1;
    for (int a = 0; a < d->nalts; a++)
      if (dl->sure[a] && sum[a] > sum[best]) best = a;
    for (int a = 0; a < d->nalts; a++) {
      bool may_beat = sum[a] > sum[best] || (sum[a] == sum[best] && best != d->chosen && a < best);
      if (!dl->sure[a] && may_beat && (next < 0 || sum[a] > sum[next])) next = a;
    }
    if (next < 0) return true;
    dl->sure[next] = true;
    if (!solve_exact(r, h, p, d, dl, next)) return false;
  }
}

/* The means, best, cost and its standard error from the deals' values;
 * an alternative not solved exactly keeps its bound's mean (at most the
 * chosen card's) and is marked d->bound. */
static void summarise(const Deals *dl, RvDecision *d) {
  double sum[RV_MAX_ALTS] = {0}, diff2[RV_MAX_ALTS] = {0};
  d->best_worlds = 0; /* every batch counts all its deals again */
  for (int i = 0; i < dl->n; i++) {
    const int *v = &dl->v[i * RV_MAX_ALTS];
    double vd[RV_MAX_ALTS];
    for (int a = 0; a < d->nalts; a++) {
      vd[a] = v[a];
      sum[a] += v[a];
      diff2[a] += (double)(v[a] - v[d->chosen]) * (v[a] - v[d->chosen]);
    }
    d->best_worlds += review_chosen_best(vd, d->nalts, d->chosen);
  }
  d->worlds = dl->n;
  d->best_share = (double)d->best_worlds / d->worlds;
  d->valued = true;
  d->best = d->chosen;
  for (int a = 0; a < d->nalts; a++) {
    d->value[a] = sum[a] / d->worlds;
    d->bound[a] = !dl->sure[a];
    if (dl->sure[a] && sum[a] > sum[d->best]) d->best = a; /* ties keep the chosen card, then the first */
  }
  d->cost = d->value[d->best] - d->value[d->chosen];
  if (d->worlds > 1) {
    double var = (diff2[d->best] / d->worlds - d->cost * d->cost) * d->worlds / (d->worlds - 1);
    d->cost_se = var > 0 ? sqrt(var / d->worlds) : 0;
  }
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
  Deals dl = {0};
  review_fresh_table(r);
  bool ok = deals_alloc(r, &dl) && review_space_count(sp) > 0;
  /* Deals in batches until the cost's standard error is small enough
   * (docs/REVIEW.md, cost and the default worlds); the same deals, in
   * the same order, whatever the batches. */
  while (ok && dl.n < r->worlds) {
    int from = dl.n, to = from ? from + RV_BATCH_WORLDS : r->min_worlds;
    if (to > r->worlds) to = r->worlds;
    for (; dl.n < to && ok; dl.n++) ok = review_space_sample(sp, rng, dl.start[dl.n]) == 0;
    ok = ok && (r->all_values ? solve_all : solve_fast)(r, h, p, d, &dl, from);
    if (ok) summarise(&dl, d);
    if (ok && d->cost_se <= r->se_target) break;
  }
  review_space_free(sp);
  deals_free(&dl);
  if (!ok) d->valued = false; /* a later batch stopped: no values */
  return ok ? 0 : -1;
}
