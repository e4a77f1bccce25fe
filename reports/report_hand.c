/*
 * report_hand.c - one hand replayed trick by trick, computed as a
 * ReportHand (report_hand.h); report_hand_write.c renders it.
 *
 * Two passes over the game's events, all through the engine:
 *   1. hands 1..N-1 are replayed to rebuild the state hand N starts from;
 *   2. hand N is replayed once by replay_hand_observed(), which reports
 *      each finding with its sequence number (and compares the stored
 *      results) and shows each event with the state before and after it
 *      to observe(), which notes what the row did (the trick it belongs
 *      to, who won it, the counters and meld points it added), so that
 *      every finding can be shown under the row that caused it.
 * Then the analysis `pinochle analyze` stored for the hand, if any, is
 * read (load_analysis), and the review `pinochle review` stored, if any
 * (load_review), and the parts every view shows are gathered once
 * from the rows (hand_gather): the deal per seat, the bidding, the
 * tricks, the contract, each play's value and each finding's evidence.
 */
#include "report_hand.h"

#include <stdlib.h>
#include <string.h>

#include "pn_buf.h"
#include "review_store.h"

/* What the observer carries between rows. */
typedef struct Observing {
  ReportHand *h; /* the hand being filled */
  bool oom;      /* a finding or row could not be kept */
  int leader;    /* who led the trick in play */
  bool played;   /* the first lead is in */
} Observing;

static void collect(void *ctx, const StoreRow *row, const ReplayFinding *f) {
  (void)row;
  Observing *o = ctx;
  ReportHand *h = o->h;
  if (PN_VEC_RESERVE(h->findings, h->cap_findings, h->nfindings + 1) != 0) {
    o->oom = true;
    return;
  }
  ReportHandFinding *fd = &h->findings[h->nfindings++];
  memset(fd, 0, sizeof *fd);
  fd->f = *f;
}

/* The replay's observer (replay_hand_observed): each event of the hand
 * with the state before and after it, kept as a row. */
static void observe(void *ctx, int seq, const PnEvent *ev, const char *value, const PnGame *g, const PnGame *after,
                    const PnOutcome *out) {
  (void)out;
  Observing *o = ctx;
  ReportHand *h = o->h;
  if (o->oom || PN_VEC_RESERVE(h->events, h->cap_events, h->nevents + 1) != 0) {
    o->oom = true;
    return;
  }
  ReportHandEvent *st = &h->events[h->nevents++];
  memset(st, 0, sizeof *st);
  st->ev = *ev;
  st->seq = seq;
  st->dd.best = PN_NO_CARD;
  snprintf(st->value, sizeof st->value, "%s", value);
  const PnHand *hb = &g->hand, *ha = &after->hand;
  if (ev->action == PN_EV_PLAY) {
    if (hb->ntrick == 0) o->leader = ev->seat;
    st->trick = hb->trick_no + 1;
    st->leader = o->leader;
    o->played = true;
  }
  if (ev->action == PN_EV_GIVE) {
    int bidder = hb->high_bidder;
    if (ev->seat != bidder) st->recipient = bidder;
    else if (g->rules.sides == PN_SIDES_TEAMS) st->recipient = pn_team_partner(&g->rules, ev->seat);
    else st->recipient = hb->partner;
  }
  st->in_play = o->played;
  if (ev->action != PN_EV_DEALER)
    for (int s = 0; s < PN_MAX_SEATS; s++) {
      st->points += pn_meld_shown(after, s + 1) - pn_meld_shown(g, s + 1);
      st->counters += ha->counters[s] - hb->counters[s];
    }
  if (ev->action == PN_EV_PLAY && ha->trick_no > hb->trick_no) {
    st->completes = true;
    st->winner = ha->trick_winner[ha->trick_no - 1];
  }
}

const char *report_hand_name(const ReportHand *h, int seat) {
  return seat >= 1 && seat <= h->players ? h->seat[seat - 1].name : "";
}

const struct RvVerdict *report_hand_verdict(const ReportHand *h, int seq) {
  for (int i = 0; h->review && i < h->review->n; i++)
    if (h->review->d[i].seq == seq && h->review->d[i].valued) return &h->review->d[i];
  return NULL;
}

int report_hand_best_percent(const RvVerdict *d) { return (int)(d->best_share * 100 + 0.5); }

bool report_hand_disagreement(const ReportHand *h, int seq, char *buf, size_t size) {
  const RvVerdict *d = report_hand_verdict(h, seq);
  const ReportHandPar *dd = NULL;
  for (size_t i = 0; i < h->nevents && !dd; i++)
    if (h->events[i].seq == seq && h->events[i].dd.valued) dd = &h->events[i].dd;
  if (!d || !dd || d->kind != RV_PLAY) return false;
  char name[200];
  const char *who = report_hand_name(h, d->seat), *card = d->label[d->chosen];
  if (!*who) who = (snprintf(name, sizeof name, "seat %d", d->seat), name);
  int pct = report_hand_best_percent(d);
  if (dd->cost > 0 && (d->cost <= 0 || d->best_share > 0.5))
    snprintf(buf, size, "double dummy says %s cost %d; with what %s could see, %s was best in %d%% of the deals",
             card, dd->cost, who, card, pct);
  else if (dd->cost == 0 && d->cost >= REPORT_FAIR_GAP)
    snprintf(buf, size, "double dummy says %s cost nothing; with what %s could see, it cost %.2f (%s was better) "
             "and %s was best in %d%% of the deals", card, who, d->cost, d->label[d->best], card, pct);
  else
    return false;
  return true;
}

/* --------------------------------------------------------- gathering */

/* The cards after "holding " in a finding's sentence: what the seat
 * should have played (the evidence); none when the sentence names none. */
static void finding_evidence(ReportHandFinding *fd) {
  const char *at = strstr(fd->f.detail, "holding ");
  fd->nevidence = 0;
  if (!at) return;
  at += strlen("holding ");
  PnCard card; /* the rules' alphabet: 8s and 7s too */
  while (fd->nevidence < REPORT_HAND_MAX_HELD && at[0] && at[1] && pn_card_parse(at, 2, &card) == 2 &&
         (at[2] == ' ' || at[2] == ':' || at[2] == ',' || at[2] == ')' || at[2] == '\0')) {
    fd->evidence[fd->nevidence++] = card;
    at += 2;
    if (*at != ' ') break;
    at++;
  }
}

/* Each play's value from the stored analysis, by its row's seq. */
static void hand_values(ReportHand *h) {
  if (!h->analysed) return;
  for (size_t i = 0; i < h->nevents; i++) {
    ReportHandEvent *st = &h->events[i];
    if (st->ev.action != PN_EV_PLAY) continue;
    for (int k = 0; k < h->an.nplays; k++) {
      const AnPlay *p = &h->an.plays[k];
      if (p->seq != st->seq) continue;
      if (p->valued)
        st->dd = (ReportHandPar){.valued = true, .par_before = p->par_before, .par_after = p->par_after,
                                 .cost = p->cost, .best = p->best};
      break;
    }
    h->any_valued = h->any_valued || st->dd.valued;
  }
}

/* The contract from the replayed result, as the views state it. */
static void hand_contract(ReportHand *h) {
  const PnHandResult *r = &h->result.result;
  ReportHandContract *c = &h->contract;
  c->redeal = r->redeal;
  bool bid = h->rules.bidding != PN_BIDDING_NONE && !r->redeal && r->bidder >= 1;
  c->bidder = bid ? r->bidder : 0;
  c->bid = bid ? r->bid : 0;
  c->trump = r->redeal ? -1 : r->trump;
  c->partner = h->rules.sides == PN_SIDES_CALLED ? r->partner : 0;
  c->made = bid && r->made;
  c->moon = r->moon;
}

/* The deal per seat, the bidding and the tricks from the rows.  Returns 0
 * or -1 (memory). */
static int hand_gather(ReportHand *h) {
  size_t nbids = 0, ntricks = 0;
  for (size_t i = 0; i < h->nevents; i++) {
    const PnEvent *ev = &h->events[i].ev;
    nbids += ev->action == PN_EV_BID || ev->action == PN_EV_PASS;
    ntricks += ev->action == PN_EV_PLAY && h->events[i].completes;
  }
  h->bids = calloc(nbids ? nbids : 1, sizeof *h->bids);
  h->tricks = calloc(ntricks ? ntricks : 1, sizeof *h->tricks);
  if (!h->bids || !h->tricks) return -1;
  for (size_t i = 0; i < h->nevents; i++) {
    const ReportHandEvent *st = &h->events[i];
    const PnEvent *ev = &st->ev;
    if (ev->action == PN_EV_DEAL && ev->seat >= 1 && ev->seat <= h->players) {
      ReportHandSeat *s = &h->seat[ev->seat - 1];
      for (int k = 0; k < ev->ncards && s->ndealt < REPORT_HAND_MAX_HELD; k++) s->dealt[s->ndealt++] = ev->cards[k];
    }
    if (ev->action == PN_EV_BID || ev->action == PN_EV_PASS)
      h->bids[h->nbids++] = (ReportHandBid){ev->seat, ev->action == PN_EV_BID ? ev->value : 0, i};
    if (ev->action != PN_EV_PLAY || !st->completes) continue;
    size_t first = i;
    while (first > 0 && h->events[first - 1].ev.action == PN_EV_PLAY && h->events[first - 1].trick == st->trick &&
           i - first + 1 < PN_MAX_SEATS)
      first--;
    ReportHandTrick *t = &h->tricks[h->ntricks++];
    *t = (ReportHandTrick){.trick = st->trick, .leader = st->leader, .winner = st->winner, .counters = st->counters};
    for (size_t k = first; k <= i; k++)
      t->plays[t->nplays++] = (ReportHandPlay){h->events[k].ev.seat, h->events[k].ev.cards[0], k};
  }
  for (size_t i = 0; i < h->nfindings; i++) finding_evidence(&h->findings[i]);
  for (int s = 1; s <= h->players; s++)
    h->seat[s - 1].side = report_side_number(&h->rules, &h->result.result, s);
  hand_contract(h);
  hand_values(h);
  return 0;
}

/* ----------------------------------------------------------------- entry */

/* Reads the stored analysis of the hand in `row`, if any (made by a
 * search whose values are sound: analysis_decode_sound). */
static int load_analysis(Store *store, const StoreRow *row, ReportHand *h, PnDiag *diag) {
  uint8_t buf[AN_MAX_BYTES];
  size_t len = 0;
  int got = store_analysis_get(store, row->game_id, row->hand, PN_RULES_VERSION, analysis_key(row), buf, sizeof buf,
                               &len, diag);
  if (got < 0) return got;
  h->analysed = got == 1 && analysis_decode_sound(buf, len, &h->an) == 0;
  return 0;
}

/* Reads the current fair review stored with the hand in `row`, if any. */
static int load_review(Store *store, const StoreRow *row, ReportHand *h, PnDiag *diag) {
  RvHandReview *rv = malloc(sizeof *rv);
  if (!rv) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return REPORT_ERROR;
  }
  int got = review_costs_of_row(store, row, rv, diag);
  if (got == 1) h->review = rv;
  else free(rv);
  return got < 0 ? got : 0;
}

void report_hand_free(ReportHand *h) {
  if (!h) return;
  free(h->review);
  free(h->events);
  free(h->findings);
  free(h->bids);
  free(h->tricks);
  free(h);
}

/* The game's first row: its rules (the game started on them) and header
 * into h.  Returns 0, or REPORT_CORRUPT with diag. */
static int hand_start(ReportHand *h, PnGame *game, const StoreRow *row, PnDiag *diag) {
  if (replay_rules(row->preset, row->options, row->noptions, &h->rules, diag) != 0 || h->rules.players != row->nplayers) {
    snprintf(diag->msg, sizeof diag->msg, "game %s: stored variant '%s' with %d players is not known", row->key,
             row->preset, row->nplayers);
    return REPORT_CORRUPT;
  }
  pn_game_init(game, &h->rules);
  snprintf(h->key, sizeof h->key, "%s", row->key);
  snprintf(h->preset, sizeof h->preset, "%s", row->preset);
  report_tag(row->tags, row->ntags, "date", h->date, sizeof h->date);
  h->players = row->nplayers;
  for (int s = 0; s < row->nplayers; s++) snprintf(h->seat[s].name, sizeof h->seat[s].name, "%s", row->players[s]);
  return 0;
}

/* Hand `number` of the row: replayed with its findings, its analysis read,
 * its parts gathered.  Returns 0, or REPORT_* with diag. */
static int hand_replay(Store *store, ReportHand *h, PnGame *game, const StoreRow *row, PnDiag *diag) {
  Observing o = {.h = h};
  h->hand = row->hand;
  h->dealer = row->dealer;
  ReplayObserver obs = {observe, &o};
  if (replay_hand_observed(game, row, collect, &o, &h->result, &obs, diag) != 0) return REPORT_CORRUPT;
  int rc = o.oom ? -1 : load_analysis(store, row, h, diag);
  if (rc == 0 && !o.oom) rc = load_review(store, row, h, diag);
  if (rc < 0) return rc;
  if (o.oom || hand_gather(h) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return REPORT_ERROR;
  }
  return 0;
}

int report_hand_compute(Store *store, const char *key, int number, ReportHand **out, PnDiag *diag) {
  StoreCursor *cursor = NULL;
  ReportHand *h = calloc(1, sizeof *h);
  PnGame *game = malloc(sizeof *game);
  int rc = REPORT_ERROR, hands = 0;
  bool found_game = false, found_hand = false;
  *out = NULL;
  if (!h || !game) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  StoreFilter filter = {.nkeys = 1, .keys = &key};
  if ((rc = store_cursor_open(store, &filter, &cursor, diag)) < 0) goto done;
  StoreRow row;
  while (!found_hand && (rc = store_cursor_next(cursor, &row, diag)) == 1) {
    if (!found_game) {
      found_game = true;
      if ((rc = hand_start(h, game, &row, diag)) != 0) goto done;
    }
    if (row.hand < 1 || row.hand > number) continue;
    hands = row.hand;
    if (row.hand < number) { /* pass 1 */
      if (replay_hand(game, &row, NULL, NULL, NULL, diag) != 0) {
        rc = REPORT_CORRUPT;
        goto done;
      }
      continue;
    }
    found_hand = true;
    if ((rc = hand_replay(store, h, game, &row, diag)) != 0) goto done; /* pass 2, the only one */
  }
  if (rc < 0) goto done;
  if (!found_game) {
    snprintf(diag->msg, sizeof diag->msg, "no game '%s' in the database", key);
    rc = REPORT_NOT_FOUND;
    goto done;
  }
  if (!found_hand) {
    snprintf(diag->msg, sizeof diag->msg, "game '%s' has no hand %d (it has %d)", key, number, hands);
    rc = REPORT_NOT_FOUND;
    goto done;
  }
  *out = h;
  h = NULL;
  rc = 0;
done:
  store_cursor_close(cursor);
  report_hand_free(h);
  free(game);
  return rc;
}

int report_hand(Store *store, const char *key, int number, OutFormat format, FILE *out, PnDiag *diag) {
  ReportHand *h = NULL;
  int rc = report_hand_compute(store, key, number, &h, diag);
  if (rc == 0) rc = report_hand_write(h, format, out, diag);
  report_hand_free(h);
  return rc;
}
