/*
 * report_hand.c - one hand replayed trick by trick (report_hand.h).
 *
 * Two passes over the game's events, all through the engine:
 *   1. hands 1..N-1 are replayed to rebuild the state hand N starts from;
 *   2. hand N is replayed once by replay_hand_observed(), which reports
 *      each finding with its sequence number (and compares the stored
 *      results) and shows each event with the state before and after it
 *      to observe(), which notes what the row did (the trick it belongs
 *      to, who won it, the counters and meld points it added), so that
 *      every finding can be printed under the row that caused it.
 * Then the analysis `pinochle analyze` stored for the hand, if any, is
 * read (load_analysis) to show its par line and each play's cost, and the
 * review `pinochle review` stored, if any (load_review), for each
 * decision's fair cost beside it.
 */
#include "report_hand.h"

#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "codec.h"
#include "pn_buf.h"
#include "replay.h"
#include "review_store.h"

/* One event of the hand and what applying it did. */
typedef struct Step {
  int seq;                   /* 1-based row of the hand */
  PnEvent ev;                /* the event */
  char value[64];            /* its value text as stored */
  int trick;                 /* play: 1-based trick, else 0 */
  int leader;                /* play: who led that trick */
  bool completes;            /* play: the trick's last card */
  int winner;                /* completes: the seat that won the trick */
  int counters;              /* counters the row added (a trick, the auction discards) */
  int points;                /* meld points the row added (meld, dix, a turned-up dix) */
  int recipient;             /* give: the seat receiving the cards */
  bool in_play;              /* the row comes after the first lead */
} Step;

/* Everything the writers need, copied out of the borrowed row. */
typedef struct View {
  char key[256], preset[64], date[32]; /* the game */
  int hand, players, dealer;           /* the hand */
  char names[PN_MAX_SEATS][160];       /* players by seat */
  PnRules rules;                       /* the game's rules */
  Step *steps;                         /* the rows, in order */
  size_t nsteps, cap;
  ReplayFinding *found;                /* findings in the order reported */
  size_t nfound, found_cap;
  bool oom;                            /* a finding or step could not be kept */
  int leader;                          /* observe: who led the trick in play */
  bool played;                         /* observe: the first lead is in */
  CodecResults result;                 /* the replay's results */
  bool analysed;                       /* `pinochle analyze` stored an analysis of the hand */
  AnHand an;                           /* ... that one */
  RvHandReview *rv;                    /* `pinochle review` stored a review of the hand (owned), or NULL */
} View;

static void collect(void *ctx, const StoreRow *row, const ReplayFinding *f) {
  (void)row;
  View *v = ctx;
  if (PN_VEC_RESERVE(v->found, v->found_cap, v->nfound + 1) != 0) {
    v->oom = true;
    return;
  }
  v->found[v->nfound++] = *f;
}

/* The replay's observer (replay_hand_observed): each event of the hand
 * with the state before and after it, kept as a step. */
static void observe(void *ctx, int seq, const PnEvent *ev, const char *value, const PnGame *g, const PnGame *after,
                    const PnOutcome *out) {
  (void)out;
  View *v = ctx;
  if (v->oom || PN_VEC_RESERVE(v->steps, v->cap, v->nsteps + 1) != 0) {
    v->oom = true;
    return;
  }
  Step *st = &v->steps[v->nsteps++];
  memset(st, 0, sizeof *st);
  st->ev = *ev;
  st->seq = seq;
  snprintf(st->value, sizeof st->value, "%s", value);
  const PnHand *h = &g->hand, *ha = &after->hand;
  if (ev->action == PN_EV_PLAY) {
    if (h->ntrick == 0) v->leader = ev->seat;
    st->trick = h->trick_no + 1;
    st->leader = v->leader;
    v->played = true;
  }
  if (ev->action == PN_EV_GIVE) {
    int bidder = h->high_bidder;
    if (ev->seat != bidder) st->recipient = bidder;
    else if (g->rules.sides == PN_SIDES_TEAMS) st->recipient = pn_team_partner(&g->rules, ev->seat);
    else st->recipient = h->partner;
  }
  st->in_play = v->played;
  if (ev->action != PN_EV_DEALER)
    for (int s = 0; s < PN_MAX_SEATS; s++) {
      st->points += pn_meld_shown(after, s + 1) - pn_meld_shown(g, s + 1);
      st->counters += ha->counters[s] - h->counters[s];
    }
  if (ev->action == PN_EV_PLAY && ha->trick_no > h->trick_no) {
    st->completes = true;
    st->winner = ha->trick_winner[ha->trick_no - 1];
  }
}

/* ------------------------------------------------------------- helpers */

static const char *name_of(const View *v, int seat) {
  return seat >= 1 && seat <= v->players ? v->names[seat - 1] : "";
}

/* "seat 2, O'Neil, Pat" */
static char *who(const View *v, int seat, char *buf, size_t size) {
  snprintf(buf, size, "seat %d, %s", seat, name_of(v, seat));
  return buf;
}

/* The cards of an event in the order given, or sorted by suit and rank. */
static char *cards_text(const PnEvent *ev, bool sorted, char *buf, size_t size) {
  buf[0] = '\0';
  if (sorted) {
    PnCards set = {{0}};
    pn_cards_add_list(&set, ev->cards, ev->ncards);
    return pn_cards_str(&set, buf, size);
  }
  size_t at = 0;
  for (int i = 0; i < ev->ncards && at + 4 < size; i++) {
    char two[3];
    at += (size_t)snprintf(buf + at, size - at, "%s%s", i ? " " : "", pn_card_str(ev->cards[i], two));
  }
  return buf;
}

static const char *kind_name(PnFindingKind kind) { return pn_finding_name(kind); }

/* ----------------------------------------------------------------- text */

typedef enum { SEC_NONE, SEC_DEAL, SEC_BID, SEC_PREP, SEC_MELD, SEC_PLAY, SEC_CLAIM } Section;

static Section section_of(const Step *st) {
  switch (st->ev.action) {
  case PN_EV_DEALER: return SEC_NONE;
  case PN_EV_DEAL:
  case PN_EV_TURNUP:
  case PN_EV_STOCK:
  case PN_EV_WIDOW: return SEC_DEAL;
  case PN_EV_BID:
  case PN_EV_PASS: return SEC_BID;
  case PN_EV_MELD: return st->in_play ? SEC_PLAY : SEC_MELD;
  case PN_EV_SCORE: return SEC_CLAIM;
  case PN_EV_PLAY:
  case PN_EV_OUT: return SEC_PLAY;
  default: return st->in_play ? SEC_PLAY : SEC_PREP;
  }
}

static void text_findings(FILE *out, const View *v, int seq) {
  for (size_t i = 0; i < v->nfound; i++)
    if (v->found[i].seq == seq) report_wrap(out, "  ! ", "    ", v->found[i].detail, REPORT_WIDTH);
}

static const char *const SECTION_TITLE[] = {"", "Deal", "", "Before play", "Meld", "Tricks", "Claimed scores"};

/* Width of the cards column of a trick line: "1:AS 2:9S ..." */
static int trick_cards_width(const View *v) { return v->players * 5 - 1; }

static void text_trick_header(FILE *out, const View *v) {
  fprintf(out, "  %5s  %4s  %-*s  %-16s  %8s\n", "trick", "lead", trick_cards_width(v), "cards", "won by",
          "counters");
}

/* The trick that steps[last] completes, then the findings of its plays. */
static void text_trick(FILE *out, const View *v, size_t last) {
  size_t first = last;
  while (first > 0 && v->steps[first - 1].ev.action == PN_EV_PLAY && v->steps[first - 1].trick == v->steps[last].trick)
    first--;
  char plays[64] = "", by[200], pad[200];
  size_t at = 0;
  for (size_t i = first; i <= last; i++) {
    char two[3];
    at += (size_t)snprintf(plays + at, sizeof plays - at, "%s%d:%s", i > first ? " " : "", v->steps[i].ev.seat,
                           pn_card_str(v->steps[i].ev.cards[0], two));
  }
  const Step *st = &v->steps[last];
  snprintf(by, sizeof by, "%d %s", st->winner, name_of(v, st->winner));
  fprintf(out, "  %5d  %4d  %-*s  %s  %8d\n", st->trick, st->leader, trick_cards_width(v), plays,
          report_pad(pad, sizeof pad, by, 16), st->counters);
  for (size_t i = first; i <= last; i++) text_findings(out, v, v->steps[i].seq);
}

/* A line of the "before play" or "tricks" part for one row. */
static void text_event_line(FILE *out, const View *v, const Step *st, const char *lead) {
  char line[600], name[200], cards[160];
  const PnEvent *ev = &st->ev;
  who(v, ev->seat, name, sizeof name);
  cards_text(ev, false, cards, sizeof cards);
  switch (ev->action) {
  case PN_EV_TRUMP:
    snprintf(line, sizeof line, "%s names %s (%c) trump", name, replay_suit_name(ev->suit), pn_suit_char(ev->suit));
    break;
  case PN_EV_CALL: snprintf(line, sizeof line, "%s calls %s", name, cards); break;
  case PN_EV_DISCARD:
    snprintf(line, sizeof line, "%s discards %s (%d counters, a trick of the bidder's)", name, cards, st->counters);
    break;
  case PN_EV_GIVE: snprintf(line, sizeof line, "%s passes %s to seat %d", name, cards, st->recipient); break;
  case PN_EV_DIX:
    snprintf(line, sizeof line, "%s %s the dix%s%s%s (+%d)", name, ev->dix == PN_DIX_EXCHANGE ? "exchanges" : "shows",
             cards[0] ? " " : "", cards, ev->dix == PN_DIX_EXCHANGE ? " for the turned-up card" : "", st->points);
    break;
  case PN_EV_MOON: snprintf(line, sizeof line, "%s shoots the moon", name); break;
  case PN_EV_OUT: snprintf(line, sizeof line, "%s declares out", name); break;
  case PN_EV_MELD:
    snprintf(line, sizeof line, "%s melds %s%s%s%s (+%d)", name, cards, st->value[0] ? " (" : "", st->value,
             st->value[0] ? ")" : "", st->points);
    break;
  case PN_EV_SCORE: snprintf(line, sizeof line, "%s claims a hand score of %s", name, st->value); break;
  default: snprintf(line, sizeof line, "%s: %s %s %s", name, pn_action_name(ev->action), cards, st->value); break;
  }
  report_wrap(out, lead, "      ", line, REPORT_WIDTH);
}

/* A deal-part line: a seat's cards, the turn-up, the stock or the widow. */
static void text_deal_line(FILE *out, const View *v, const Step *st) {
  char lead[256], name[200], cards[160], rest[32];
  const PnEvent *ev = &st->ev;
  snprintf(rest, sizeof rest, "%*s", 2 + 1 + 2 + 14 + 2, "");
  switch (ev->action) {
  case PN_EV_DEAL:
    snprintf(lead, sizeof lead, "  %d  %s  ", ev->seat, report_pad(name, sizeof name, name_of(v, ev->seat), 14));
    cards_text(ev, true, cards, sizeof cards);
    break;
  case PN_EV_TURNUP:
    snprintf(lead, sizeof lead, "  %-17s  ", "turn-up");
    cards_text(ev, false, cards, sizeof cards);
    if (st->points > 0) {
      size_t n = strlen(cards);
      snprintf(cards + n, sizeof cards - n, " (a dix: +%d for the dealer)", st->points);
    }
    break;
  default:
    snprintf(lead, sizeof lead, "  %-17s  ", pn_action_name(ev->action));
    cards_text(ev, ev->action != PN_EV_STOCK, cards, sizeof cards);
    break;
  }
  report_wrap(out, lead, rest, cards, REPORT_WIDTH);
}

static void text_meld_line(FILE *out, const View *v, const Step *st) {
  char lead[256], name[200], cards[160];
  snprintf(lead, sizeof lead, "  %d  %s  %5d  ", st->ev.seat, report_pad(name, sizeof name, name_of(v, st->ev.seat), 14),
           st->points);
  cards_text(&st->ev, false, cards, sizeof cards);
  report_wrap(out, lead, "                            ", cards, REPORT_WIDTH);
}

static void text_bidding(FILE *out, const View *v, size_t first, size_t end) {
  char line[2048];
  size_t at = (size_t)snprintf(line, sizeof line, "Bidding:");
  for (size_t i = first; i < end && at < sizeof line; i++) {
    const Step *st = &v->steps[i];
    if (st->ev.action == PN_EV_BID)
      at += (size_t)snprintf(line + at, sizeof line - at, " %d:%d", st->ev.seat, st->ev.value);
    else at += (size_t)snprintf(line + at, sizeof line - at, " %d:pass", st->ev.seat);
  }
  report_wrap(out, "", "  ", line, REPORT_WIDTH);
  for (size_t i = first; i < end; i++) text_findings(out, v, v->steps[i].seq);
}

/* The replayed result per seat. */
static int result_table(const View *v, ReportTable **out) {
  static const ReportColumn COLS[] = {
      {"seat", "seat", REPORT_INT, REPORT_ALL},         {"player", "player", REPORT_STR, REPORT_ALL},
      {"side", "side", REPORT_INT, REPORT_ALL},         {"meld", "meld", REPORT_INT, REPORT_ALL},
      {"saved", "saved", REPORT_INT, REPORT_ALL},       {"counters", "counters", REPORT_INT, REPORT_ALL},
      {"tricks", "tricks", REPORT_INT, REPORT_ALL},     {"score", "score", REPORT_INT, REPORT_ALL},
      {"total", "total", REPORT_INT, REPORT_ALL},
  };
  enum { N = sizeof COLS / sizeof COLS[0] };
  ReportTable *t = report_table_new(COLS, N, 2);
  if (!t) return -1;
  const PnHandResult *h = &v->result.result;
  for (int s = 1; s <= v->players; s++) {
    const PnSeatResult *sr = &h->seat[s - 1];
    char c[N][32];
    const char *cells[N];
    report_int(c[0], 32, s);
    report_int(c[2], 32, report_side_number(&v->rules, h, s));
    report_int(c[3], 32, sr->meld_shown);
    report_int(c[4], 32, sr->meld_counted);
    report_int(c[5], 32, sr->counters);
    report_int(c[6], 32, sr->tricks);
    report_int(c[7], 32, sr->score);
    report_int(c[8], 32, v->result.total[s - 1]);
    for (int i = 0; i < N; i++) cells[i] = c[i];
    cells[1] = v->names[s - 1];
    if (report_table_add(t, cells) != 0) {
      report_table_free(t);
      return -1;
    }
  }
  *out = t;
  return 0;
}

/* "Bid 300 by seat 2, O'Neil, Pat, trump clubs: set." */
static void contract_text(const View *v, char *buf, size_t size) {
  const PnHandResult *h = &v->result.result;
  char name[200], partner[32] = "";
  const char *trump = h->trump >= 0 ? replay_suit_name(h->trump) : "none";
  if (v->rules.sides == PN_SIDES_CALLED)
    snprintf(partner, sizeof partner, h->partner ? ", partner seat %d" : ", alone", h->partner);
  if (h->redeal) snprintf(buf, size, "Everyone passed: the hand is dealt again.");
  else if (v->rules.bidding == PN_BIDDING_NONE || h->bidder < 1) snprintf(buf, size, "Trump: %s.", trump);
  else
    snprintf(buf, size, "Bid %d by %s, trump %s%s: %s%s.", h->bid, who(v, h->bidder, name, sizeof name), trump,
             partner, h->moon ? "shot the moon, " : "", h->made ? "made" : "set");
}

static void text_analysis(FILE *out, const View *v); /* below, with the other analysis parts */
static void text_review(FILE *out, const View *v);

static int write_text(FILE *out, const View *v) {
  char line[600], name[200];
  snprintf(line, sizeof line, "Game %s, hand %d: %s%s%s", v->key, v->hand, v->preset, v->date[0] ? ", " : "", v->date);
  report_wrap(out, "", "  ", line, REPORT_WIDTH);
  snprintf(line, sizeof line, "Dealer: %s", who(v, v->dealer, name, sizeof name));
  report_wrap(out, "", "  ", line, REPORT_WIDTH);
  contract_text(v, line, sizeof line);
  report_wrap(out, "", "  ", line, REPORT_WIDTH);
  Section current = SEC_NONE;
  for (size_t i = 0; i < v->nsteps; i++) {
    const Step *st = &v->steps[i];
    Section sec = section_of(st);
    if (sec == SEC_NONE) {
      text_findings(out, v, st->seq);
      continue;
    }
    if (sec != current) {
      fputc('\n', out);
      if (SECTION_TITLE[sec][0]) fprintf(out, "%s\n", SECTION_TITLE[sec]);
      if (sec == SEC_PLAY) text_trick_header(out, v);
      current = sec;
    }
    switch (sec) {
    case SEC_DEAL:
      text_deal_line(out, v, st);
      text_findings(out, v, st->seq);
      break;
    case SEC_BID: {
      size_t end = i;
      while (end < v->nsteps && section_of(&v->steps[end]) == SEC_BID) end++;
      text_bidding(out, v, i, end);
      i = end - 1;
      break;
    }
    case SEC_MELD:
      text_meld_line(out, v, st);
      text_findings(out, v, st->seq);
      break;
    case SEC_PLAY:
      if (st->ev.action == PN_EV_PLAY) {
        if (st->completes) text_trick(out, v, i);
      } else {
        text_event_line(out, v, st, "      ");
        text_findings(out, v, st->seq);
      }
      break;
    default:
      text_event_line(out, v, st, "  ");
      text_findings(out, v, st->seq);
      break;
    }
  }
  fputs("\nResult\n", out);
  ReportTable *t = NULL;
  if (result_table(v, &t) != 0) return -1;
  int rc = report_table_text(t, out, REPORT_WIDTH);
  report_table_free(t);
  bool whole = false;
  for (size_t i = 0; i < v->nfound; i++) whole = whole || v->found[i].seq == 0;
  if (whole) {
    fputs("\nFindings on the whole hand\n", out);
    text_findings(out, v, 0);
  }
  text_analysis(out, v);
  text_review(out, v);
  return rc;
}

/* ------------------------------------------------------------ CSV, JSON */

enum { E_SEQ, E_TRICK, E_SEAT, E_PLAYER, E_ACTION, E_CARDS, E_VALUE, E_POINTS, E_WINNER, E_COUNTERS, E_PAR_BEFORE,
       E_PAR_AFTER, E_COST, E_FINDING, E_DETAIL, E_COLUMNS };

static const ReportColumn EVENT_COLUMNS[E_COLUMNS] = {
    {"seq", "seq", REPORT_INT, REPORT_ALL},           {"trick", "trick", REPORT_INT, REPORT_ALL},
    {"seat", "seat", REPORT_INT, REPORT_ALL},         {"player", "player", REPORT_STR, REPORT_ALL},
    {"action", "action", REPORT_STR, REPORT_ALL},     {"cards", "cards", REPORT_STR, REPORT_ALL},
    {"value", "value", REPORT_STR, REPORT_ALL},       {"points", "points", REPORT_INT, REPORT_ALL},
    {"winner", "winner", REPORT_INT, REPORT_ALL},     {"counters", "counters", REPORT_INT, REPORT_ALL},
    {"par_before", "par_before", REPORT_INT, REPORT_ALL}, {"par_after", "par_after", REPORT_INT, REPORT_ALL},
    {"cost", "cost", REPORT_INT, REPORT_ALL},
    {"finding", "finding", REPORT_STR, REPORT_ALL},   {"detail", "detail", REPORT_STR, REPORT_ALL},
};

/* ------------------------------------------------- double-dummy analysis
 * Shown only from an analysis `pinochle analyze` stored for this very
 * hand (same rules version, same events): the report never searches. */

/* Reads the stored analysis of the hand in `row`, if any. */
static int load_analysis(Store *store, const StoreRow *row, View *v, PnDiag *diag) {
  uint8_t buf[AN_MAX_BYTES];
  size_t len = 0;
  int got = store_analysis_get(store, row->game_id, row->hand, PN_RULES_VERSION, analysis_key(row), buf, sizeof buf,
                               &len, diag);
  if (got < 0) return got;
  v->analysed = got == 1 && analysis_decode(buf, len, &v->an) == 0;
  return 0;
}

/* The valued analysis of a play row, or NULL. */
static const AnPlay *analysed_play(const View *v, const Step *st) {
  if (!v->analysed || st->ev.action != PN_EV_PLAY) return NULL;
  for (int i = 0; i < v->an.nplays; i++)
    if (v->an.plays[i].seq == st->seq) return v->an.plays[i].valued ? &v->an.plays[i] : NULL;
  return NULL;
}

/* "Double-dummy analysis" after the text report: the par line and the
 * plays that cost their side something. */
static void text_analysis(FILE *out, const View *v) {
  if (!v->analysed) return;
  const AnHand *h = &v->an;
  char line[400], name[200];
  fputs("\nDouble-dummy analysis\n", out);
  if (h->status != AN_ANALYSED || h->par < 0) {
    int valued = analysis_valued_plays(h);
    fprintf(out, "  unanalysed (%s): the par from the first lead is unknown", analysis_status_name(h->status));
    if (valued) fprintf(out, "; the last %d plays are valued", valued);
    fputs("\n", out);
  } else if (h->bid > 0) {
    snprintf(line, sizeof line,
             "Par %d for the bidder's side from the first lead, meld %d: the bid of %d %s with perfect play; "
             "it took %d and was %s.",
             h->par, h->meld, h->bid, h->could_make ? "could be made" : "could not be made", h->taken,
             h->made ? "made" : "set");
    report_wrap(out, "  ", "  ", line, REPORT_WIDTH);
  } else {
    snprintf(line, sizeof line, "Par %d for the side of seat 1 from the first lead; it took %d.", h->par, h->taken);
    report_wrap(out, "  ", "  ", line, REPORT_WIDTH);
  }
  int costly = 0;
  for (size_t i = 0; i < v->nsteps; i++) {
    const Step *st = &v->steps[i];
    const AnPlay *p = analysed_play(v, st);
    if (!p || p->cost <= 0) continue;
    char card[3], best[3];
    snprintf(line, sizeof line, "trick %d: %s played %s: cost %d (par %d -> %d)%s%s%s", st->trick,
             who(v, st->ev.seat, name, sizeof name), pn_card_str(st->ev.cards[0], card), p->cost, p->par_before,
             p->par_after, p->best != PN_NO_CARD ? "; " : "", p->best != PN_NO_CARD ? pn_card_str(p->best, best) : "",
             p->best != PN_NO_CARD ? " kept it" : "");
    report_wrap(out, "  ! ", "    ", line, REPORT_WIDTH);
    costly++;
  }
  if (costly == 0 && h->status == AN_ANALYSED) fputs("  every play was a best play\n", out);
}

/* "analysis": {...} or null in the JSON. */
static void json_analysis(FILE *out, const View *v) {
  const AnHand *h = &v->an;
  if (!v->analysed) {
    fputs("null", out);
    return;
  }
  bool known = h->status == AN_ANALYSED && h->par >= 0;
  fprintf(out, "{\"status\": \"%s\", \"par\": ", analysis_status_name(h->status));
  if (known) fprintf(out, "%d", h->par);
  else fputs("null", out);
  fprintf(out, ", \"meld\": %d, \"taken\": %d, \"could_make\": %s}", h->meld, h->taken,
          known && h->bid > 0 ? (h->could_make ? "true" : "false") : "null");
}

/* ------------------------------------------------------------ fair review
 * Shown only from a review `pinochle review` stored for this very hand
 * (same rules version, same events), whatever its worlds and seed. */

/* Reads the stored review of the hand in `row`, if any. */
static int load_review(Store *store, const StoreRow *row, View *v, PnDiag *diag) {
  RvHandReview *rv = malloc(sizeof *rv);
  if (!rv) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return REPORT_ERROR;
  }
  int got = review_costs_of_row(store, row, rv, diag);
  if (got == 1) v->rv = rv;
  else free(rv);
  return got < 0 ? got : 0;
}

/* The step of the event seq, or NULL. */
static const Step *step_at(const View *v, int seq) {
  for (size_t i = 0; i < v->nsteps; i++)
    if (v->steps[i].seq == seq) return &v->steps[i];
  return NULL;
}

/* The double-dummy cost of the play at seq as text ("" when not analysed). */
static void dd_cost_text(const View *v, int seq, char *buf, size_t size) {
  const Step *st = step_at(v, seq);
  const AnPlay *p = st ? analysed_play(v, st) : NULL;
  if (p) snprintf(buf, size, "; double dummy %d", p->cost);
  else buf[0] = '\0';
}

/* "Fair review" after the text report: each decision that cost something
 * on what its player could see or double dummy, both costs side by side. */
static void text_review(FILE *out, const View *v) {
  if (!v->rv) return;
  const RvHandReview *r = v->rv;
  char line[400], name[200], dd[48];
  fprintf(out, "\nFair review (%d worlds, seed %llu)\n", r->made.worlds, (unsigned long long)r->made.seed);
  int shown = 0;
  for (int i = 0; i < r->n; i++) {
    const RvVerdict *d = &r->d[i];
    const Step *st = step_at(v, d->seq);
    const AnPlay *p = st ? analysed_play(v, st) : NULL;
    if (!d->valued || (d->cost <= 0 && (!p || p->cost <= 0))) continue;
    dd_cost_text(v, d->seq, dd, sizeof dd);
    snprintf(line, sizeof line, "seq %d: %s's %s %s: fair cost %.2f (best %s, %.2f against %.2f)%s", d->seq,
             who(v, d->seat, name, sizeof name), review_kind_name(d->kind), d->label[d->chosen], d->cost,
             d->label[d->best], d->value[d->best], d->value[d->chosen], dd);
    report_wrap(out, d->cost > 0 ? "  ! " : "    ", "    ", line, REPORT_WIDTH);
    shown++;
  }
  if (shown == 0) fputs("  every decision reviewed was a best one\n", out);
}

/* "review": {...} or null in the JSON: each decision's fair cost and,
 * for a play analysed, its double-dummy cost. */
static void json_review(FILE *out, const View *v) {
  if (!v->rv) {
    fputs("null", out);
    return;
  }
  const RvHandReview *r = v->rv;
  fprintf(out, "{\"worlds\": %d, \"seed\": %llu, \"budget\": %ld, \"decisions\": [", r->made.worlds,
          (unsigned long long)r->made.seed, r->made.budget);
  for (int i = 0; i < r->n; i++) {
    const RvVerdict *d = &r->d[i];
    const Step *st = step_at(v, d->seq);
    const AnPlay *p = st ? analysed_play(v, st) : NULL;
    fprintf(out, "%s\n    {\"seq\": %d, \"seat\": %d, \"decision\": \"%s\", \"chosen\": ", i ? "," : "", d->seq,
            d->seat, review_kind_name(d->kind));
    out_json_string(out, d->label[d->chosen]);
    if (d->valued) {
      fputs(", \"best\": ", out);
      out_json_string(out, d->label[d->best]);
      fprintf(out, ", \"fair_cost\": %.2f, \"cost_se\": %.2f", d->cost, d->cost_se);
    } else {
      fputs(", \"best\": null, \"fair_cost\": null, \"cost_se\": null", out);
    }
    fputs(", \"dd_cost\": ", out);
    if (p) fprintf(out, "%d}", p->cost);
    else fputs("null}", out);
  }
  fputs(r->n ? "\n  ]}" : "]}", out);
}

/* The kinds and sentences of the findings at seq, joined. */
static void findings_at(const View *v, int seq, char *kinds, size_t ksize, char *details, size_t dsize) {
  size_t k = 0, d = 0;
  kinds[0] = details[0] = '\0';
  for (size_t i = 0; i < v->nfound; i++) {
    if (v->found[i].seq != seq) continue;
    int n = snprintf(kinds + k, ksize - k, "%s%s", k ? ";" : "", kind_name(v->found[i].kind));
    if (n > 0 && (size_t)n < ksize - k) k += (size_t)n;
    n = snprintf(details + d, dsize - d, "%s%s", d ? " " : "", v->found[i].detail);
    if (n > 0 && (size_t)n < dsize - d) d += (size_t)n;
  }
}

/* The row of step st (NULL: the hand-level findings). */
static void event_cells(const View *v, const Step *st, char c[E_COLUMNS][160], char *kinds, size_t ksize,
                        char *details, size_t dsize, const char *cells[E_COLUMNS]) {
  memset(c, 0, sizeof(char[E_COLUMNS][160]));
  for (int i = 0; i < E_COLUMNS; i++) cells[i] = c[i];
  if (!st) {
    report_int(c[E_SEQ], 160, 0);
    snprintf(c[E_ACTION], 160, "hand");
    findings_at(v, 0, kinds, ksize, details, dsize);
  } else {
    const PnEvent *ev = &st->ev;
    report_int(c[E_SEQ], 160, st->seq);
    if (st->trick) report_int(c[E_TRICK], 160, st->trick);
    if (ev->seat) report_int(c[E_SEAT], 160, ev->seat);
    cells[E_PLAYER] = name_of(v, ev->seat);
    snprintf(c[E_ACTION], 160, "%s", pn_action_name(ev->action));
    cards_text(ev, false, c[E_CARDS], 160);
    snprintf(c[E_VALUE], 160, "%s", st->value);
    if (st->points || ev->action == PN_EV_MELD || ev->action == PN_EV_DIX) report_int(c[E_POINTS], 160, st->points);
    if (st->completes) {
      report_int(c[E_WINNER], 160, st->winner);
      report_int(c[E_COUNTERS], 160, st->counters);
    } else if (ev->action == PN_EV_DISCARD) {
      report_int(c[E_COUNTERS], 160, st->counters);
    }
    const AnPlay *play = analysed_play(v, st);
    if (play) {
      report_int(c[E_PAR_BEFORE], 160, play->par_before);
      report_int(c[E_PAR_AFTER], 160, play->par_after);
      report_int(c[E_COST], 160, play->cost);
    }
    findings_at(v, st->seq, kinds, ksize, details, dsize);
  }
  cells[E_FINDING] = kinds;
  cells[E_DETAIL] = details;
}

static void write_csv(FILE *out, const View *v) {
  const char *cells[E_COLUMNS];
  char c[E_COLUMNS][160], kinds[256], details[2048];
  for (int i = 0; i < E_COLUMNS; i++) cells[i] = EVENT_COLUMNS[i].key;
  out_csv_cells(out, E_COLUMNS, cells);
  for (size_t i = 0; i < v->nsteps; i++) {
    event_cells(v, &v->steps[i], c, kinds, sizeof kinds, details, sizeof details, cells);
    out_csv_cells(out, E_COLUMNS, cells);
  }
  event_cells(v, NULL, c, kinds, sizeof kinds, details, sizeof details, cells);
  if (kinds[0]) out_csv_cells(out, E_COLUMNS, cells);
}

static void json_str_field(FILE *out, const char *key, const char *value, bool comma) {
  report_json_key(out, key);
  out_json_string(out, value);
  if (comma) fputs(", ", out);
}

static int write_json(FILE *out, const View *v) {
  const PnHandResult *h = &v->result.result;
  char buf[32];
  fputs("{\n  ", out);
  json_str_field(out, "game", v->key, true);
  json_str_field(out, "preset", v->preset, true);
  json_str_field(out, "date", v->date, false);
  fprintf(out, ",\n  \"hand\": %d, \"dealer\": %d,\n  \"players\": [", v->hand, v->dealer);
  for (int s = 1; s <= v->players; s++) {
    fprintf(out, "%s{\"seat\": %d, \"name\": ", s > 1 ? ", " : "", s);
    out_json_string(out, v->names[s - 1]);
    fputc('}', out);
  }
  bool bid = v->rules.bidding != PN_BIDDING_NONE && !h->redeal && h->bidder >= 1;
  fputs("],\n  \"bidder\": ", out);
  fputs(bid ? report_int(buf, sizeof buf, h->bidder) : "null", out);
  fputs(", \"bid\": ", out);
  fputs(bid ? report_int(buf, sizeof buf, h->bid) : "null", out);
  fputs(", \"trump\": ", out);
  report_json_value(out, REPORT_STR, report_trump(h->redeal ? -1 : h->trump, buf));
  fprintf(out, ", \"partner\": %s, \"made\": %s, \"moon\": %s, \"redeal\": %s,\n  \"events\": [\n",
          v->rules.sides == PN_SIDES_CALLED && h->partner ? report_int(buf, sizeof buf, h->partner) : "null", bid && h->made ? "true" : "false",
          h->moon ? "true" : "false", h->redeal ? "true" : "false");
  const char *cells[E_COLUMNS];
  char c[E_COLUMNS][160], kinds[256], details[2048];
  for (size_t i = 0; i < v->nsteps; i++) {
    event_cells(v, &v->steps[i], c, kinds, sizeof kinds, details, sizeof details, cells);
    fputs("    {", out);
    for (int k = 0; k < E_FINDING; k++) { /* findings are listed below */
      if (k) fputs(", ", out);
      report_json_key(out, EVENT_COLUMNS[k].key);
      report_json_value(out, EVENT_COLUMNS[k].kind, cells[k]);
    }
    const AnPlay *play = analysed_play(v, &v->steps[i]);
    char best[3];
    if (play && play->cost > 0 && play->best != PN_NO_CARD)
      fprintf(out, ", \"best\": \"%s\"", pn_card_str(play->best, best));
    fprintf(out, "}%s\n", i + 1 < v->nsteps ? "," : "");
  }
  fputs("  ],\n  \"tricks\": [", out);
  bool first_trick = true;
  for (size_t i = 0; i < v->nsteps; i++) {
    const Step *st = &v->steps[i];
    if (st->ev.action != PN_EV_PLAY || !st->completes) continue;
    size_t first = i;
    while (first > 0 && v->steps[first - 1].ev.action == PN_EV_PLAY && v->steps[first - 1].trick == st->trick) first--;
    fprintf(out, "%s\n    {\"trick\": %d, \"leader\": %d, \"plays\": [", first_trick ? "" : ",", st->trick, st->leader);
    for (size_t k = first; k <= i; k++) {
      char two[3];
      fprintf(out, "%s{\"seat\": %d, \"card\": \"%s\"}", k > first ? ", " : "", v->steps[k].ev.seat,
              pn_card_str(v->steps[k].ev.cards[0], two));
    }
    fprintf(out, "], \"winner\": %d, \"counters\": %d}", st->winner, st->counters);
    first_trick = false;
  }
  fputs(first_trick ? "],\n  \"result\": " : "\n  ],\n  \"result\": ", out);
  ReportTable *t = NULL;
  if (result_table(v, &t) != 0) return -1;
  report_table_json(t, out, "  ");
  report_table_free(t);
  fputs(",\n  \"analysis\": ", out);
  json_analysis(out, v);
  fputs(",\n  \"review\": ", out);
  json_review(out, v);
  fputs(",\n  \"findings\": [", out);
  for (size_t i = 0; i < v->nfound; i++) {
    const ReplayFinding *f = &v->found[i];
    fprintf(out, "%s\n    {\"seq\": %d, \"trick\": ", i ? "," : "", f->seq);
    fputs(f->trick ? report_int(buf, sizeof buf, f->trick) : "null", out);
    fputs(", \"seat\": ", out);
    fputs(f->seat ? report_int(buf, sizeof buf, f->seat) : "null", out);
    fputs(", ", out);
    json_str_field(out, "kind", kind_name(f->kind), true);
    json_str_field(out, "card", f->card, true);
    json_str_field(out, "detail", f->detail, false);
    fputc('}', out);
  }
  fputs(v->nfound ? "\n  ]\n}\n" : "]\n}\n", out);
  return 0;
}

/* ----------------------------------------------------------------- entry */

static void view_free(View *v) {
  if (!v) return;
  free(v->steps);
  free(v->found);
  free(v->rv);
  free(v);
}

/* The game's first row: its rules (the game started on them) and header
 * into v.  Returns 0, or REPORT_CORRUPT with diag. */
static int view_start(View *v, PnGame *game, const StoreRow *row, PnDiag *diag) {
  if (replay_rules(row->preset, row->options, row->noptions, &v->rules, diag) != 0 || v->rules.players != row->nplayers) {
    snprintf(diag->msg, sizeof diag->msg, "game %s: stored variant '%s' with %d players is not known", row->key,
             row->preset, row->nplayers);
    return REPORT_CORRUPT;
  }
  pn_game_init(game, &v->rules);
  snprintf(v->key, sizeof v->key, "%s", row->key);
  snprintf(v->preset, sizeof v->preset, "%s", row->preset);
  report_tag(row->tags, row->ntags, "date", v->date, sizeof v->date);
  v->players = row->nplayers;
  for (int s = 0; s < row->nplayers; s++) snprintf(v->names[s], sizeof v->names[s], "%s", row->players[s]);
  return 0;
}

/* The view in `format`.  Returns 0, or REPORT_ERROR with diag. */
static int view_write(View *v, OutFormat format, FILE *out, PnDiag *diag) {
  int rc = 0;
  switch (format) {
  case OUT_TEXT: rc = write_text(out, v); break;
  case OUT_CSV: write_csv(out, v); break;
  case OUT_JSON: rc = write_json(out, v); break;
  }
  if (rc == 0) return 0;
  snprintf(diag->msg, sizeof diag->msg, "out of memory");
  return REPORT_ERROR;
}

int report_hand(Store *store, const char *key, int number, OutFormat format, FILE *out, PnDiag *diag) {
  StoreCursor *cursor = NULL;
  View *v = calloc(1, sizeof *v);
  PnGame *game = malloc(sizeof *game);
  int rc = REPORT_ERROR, hands = 0;
  bool found_game = false, found_hand = false;
  if (!v || !game) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  StoreFilter filter = {.nkeys = 1, .keys = &key};
  if ((rc = store_cursor_open(store, &filter, &cursor, diag)) < 0) goto done;
  StoreRow row;
  while (!found_hand && (rc = store_cursor_next(cursor, &row, diag)) == 1) {
    if (!found_game) {
      found_game = true;
      if ((rc = view_start(v, game, &row, diag)) != 0) goto done;
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
    v->hand = row.hand;
    v->dealer = row.dealer;
    ReplayObserver obs = {observe, v};
    if (replay_hand_observed(game, &row, collect, v, &v->result, &obs, diag) != 0) { /* pass 2, the only one */
      rc = REPORT_CORRUPT;
      goto done;
    }
    if (v->oom) {
      snprintf(diag->msg, sizeof diag->msg, "out of memory");
      rc = REPORT_ERROR;
      goto done;
    }
    if ((rc = load_analysis(store, &row, v, diag)) < 0) goto done;
    if ((rc = load_review(store, &row, v, diag)) < 0) goto done;
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
  rc = view_write(v, format, out, diag);
done:
  store_cursor_close(cursor);
  view_free(v);
  free(game);
  return rc;
}
