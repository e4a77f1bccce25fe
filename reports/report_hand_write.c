/*
 * report_hand_write.c - a computed hand (report_hand.h) as text, CSV or
 * JSON.  Every figure comes from the ReportHand; nothing is replayed or
 * read here.  The JSON goes through the reports' one emitter
 * (report_json_key, report_json_value, report_table_json).
 */
#include "report_hand.h"

#include <string.h>

#include "review.h"
#include "review_store.h"
#include "writer.h"

/* ------------------------------------------------------------- helpers */

/* "seat 2, O'Neil, Pat" */
static char *who(const ReportHand *v, int seat, char *buf, size_t size) {
  snprintf(buf, size, "seat %d, %s", seat, report_hand_name(v, seat));
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

static Section section_of(const ReportHandEvent *st) {
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

static void text_findings(FILE *out, const ReportHand *v, int seq) {
  for (size_t i = 0; i < v->nfindings; i++)
    if (v->findings[i].f.seq == seq) report_wrap(out, "  ! ", "    ", v->findings[i].f.detail, REPORT_WIDTH);
}

static const char *const SECTION_TITLE[] = {"", "Deal", "", "Before play", "Meld", "Tricks", "Claimed scores"};

/* Width of the cards column of a trick line: "1:AS 2:9S ..." */
static int trick_cards_width(const ReportHand *v) { return v->players * 5 - 1; }

static void text_trick_header(FILE *out, const ReportHand *v) {
  fprintf(out, "  %5s  %4s  %-*s  %-16s  %8s\n", "trick", "lead", trick_cards_width(v), "cards", "won by",
          "counters");
}

/* A trick's line, then the findings of its plays. */
static void text_trick(FILE *out, const ReportHand *v, const ReportHandTrick *t) {
  char plays[64] = "", by[200], pad[200];
  size_t at = 0;
  for (int k = 0; k < t->nplays; k++) {
    char two[3];
    at += (size_t)snprintf(plays + at, sizeof plays - at, "%s%d:%s", k ? " " : "", t->plays[k].seat,
                           pn_card_str(t->plays[k].card, two));
  }
  snprintf(by, sizeof by, "%d %s", t->winner, report_hand_name(v, t->winner));
  fprintf(out, "  %5d  %4d  %-*s  %s  %8d\n", t->trick, t->leader, trick_cards_width(v), plays,
          report_pad(pad, sizeof pad, by, 16), t->counters);
  for (int k = 0; k < t->nplays; k++) text_findings(out, v, v->events[t->plays[k].event].seq);
}

/* A line of the "before play" or "tricks" part for one row. */
static void text_event_line(FILE *out, const ReportHand *v, const ReportHandEvent *st, const char *lead) {
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
static void text_deal_line(FILE *out, const ReportHand *v, const ReportHandEvent *st) {
  char lead[256], name[200], cards[160], rest[32];
  const PnEvent *ev = &st->ev;
  snprintf(rest, sizeof rest, "%*s", 2 + 1 + 2 + 14 + 2, "");
  switch (ev->action) {
  case PN_EV_DEAL:
    snprintf(lead, sizeof lead, "  %d  %s  ", ev->seat, report_pad(name, sizeof name, report_hand_name(v, ev->seat), 14));
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

static void text_meld_line(FILE *out, const ReportHand *v, const ReportHandEvent *st) {
  char lead[256], name[200], cards[160];
  snprintf(lead, sizeof lead, "  %d  %s  %5d  ", st->ev.seat, report_pad(name, sizeof name, report_hand_name(v, st->ev.seat), 14),
           st->points);
  cards_text(&st->ev, false, cards, sizeof cards);
  report_wrap(out, lead, "                            ", cards, REPORT_WIDTH);
}

static void text_bidding(FILE *out, const ReportHand *v, size_t first, size_t end) {
  char line[2048];
  size_t at = (size_t)snprintf(line, sizeof line, "Bidding:");
  for (size_t i = first; i < end && at < sizeof line; i++) {
    const ReportHandEvent *st = &v->events[i];
    if (st->ev.action == PN_EV_BID)
      at += (size_t)snprintf(line + at, sizeof line - at, " %d:%d", st->ev.seat, st->ev.value);
    else at += (size_t)snprintf(line + at, sizeof line - at, " %d:pass", st->ev.seat);
  }
  report_wrap(out, "", "  ", line, REPORT_WIDTH);
  for (size_t i = first; i < end; i++) text_findings(out, v, v->events[i].seq);
}

/* The replayed result per seat. */
static int result_table(const ReportHand *v, ReportTable **out) {
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
    report_int(c[2], 32, v->seat[s - 1].side);
    report_int(c[3], 32, sr->meld_shown);
    report_int(c[4], 32, sr->meld_counted);
    report_int(c[5], 32, sr->counters);
    report_int(c[6], 32, sr->tricks);
    report_int(c[7], 32, sr->score);
    report_int(c[8], 32, v->result.total[s - 1]);
    for (int i = 0; i < N; i++) cells[i] = c[i];
    cells[1] = v->seat[s - 1].name;
    if (report_table_add(t, cells) != 0) {
      report_table_free(t);
      return -1;
    }
  }
  *out = t;
  return 0;
}

/* "Bid 300 by seat 2, O'Neil, Pat, trump clubs: set." */
static void contract_text(const ReportHand *v, char *buf, size_t size) {
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

static void text_analysis(FILE *out, const ReportHand *v); /* below, with the other analysis parts */
static void text_review(FILE *out, const ReportHand *v);

static int write_text(FILE *out, const ReportHand *v) {
  char line[600], name[200];
  snprintf(line, sizeof line, "Game %s, hand %d: %s%s%s", v->key, v->hand, v->preset, v->date[0] ? ", " : "", v->date);
  report_wrap(out, "", "  ", line, REPORT_WIDTH);
  snprintf(line, sizeof line, "Dealer: %s", who(v, v->dealer, name, sizeof name));
  report_wrap(out, "", "  ", line, REPORT_WIDTH);
  contract_text(v, line, sizeof line);
  report_wrap(out, "", "  ", line, REPORT_WIDTH);
  Section current = SEC_NONE;
  size_t ntrick = 0; /* the next trick of v->tricks */
  for (size_t i = 0; i < v->nevents; i++) {
    const ReportHandEvent *st = &v->events[i];
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
      while (end < v->nevents && section_of(&v->events[end]) == SEC_BID) end++;
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
        if (st->completes && ntrick < v->ntricks) text_trick(out, v, &v->tricks[ntrick++]);
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
  for (size_t i = 0; i < v->nfindings; i++) whole = whole || v->findings[i].f.seq == 0;
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

/* The double-dummy value of a play row, or NULL. */
static const ReportHandPar *analysed_play(const ReportHandEvent *st) { return st->dd.valued ? &st->dd : NULL; }

/* "Double-dummy analysis" after the text report: the par line and the
 * plays that cost their side something. */
static void text_analysis(FILE *out, const ReportHand *v) {
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
    snprintf(line, sizeof line, "Par %d for the side of seat %d from the first lead; it took %d.", h->par,
             analysis_side_seat(h), h->taken);
    report_wrap(out, "  ", "  ", line, REPORT_WIDTH);
  }
  int costly = 0;
  for (size_t i = 0; i < v->nevents; i++) {
    const ReportHandEvent *st = &v->events[i];
    const ReportHandPar *p = analysed_play(st);
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
static void json_analysis(FILE *out, const ReportHand *v) {
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

/* The row of seq, or NULL. */
static const ReportHandEvent *event_at(const ReportHand *v, int seq) {
  for (size_t i = 0; i < v->nevents; i++)
    if (v->events[i].seq == seq) return &v->events[i];
  return NULL;
}

/* The double-dummy value of the play at seq, or NULL. */
static const ReportHandPar *analysed_seq(const ReportHand *v, int seq) {
  const ReportHandEvent *st = event_at(v, seq);
  return st ? analysed_play(st) : NULL;
}

/* "Fair review" after the text report: each decision that cost something
 * on what its player could see or double dummy, both costs side by side. */
static void text_review(FILE *out, const ReportHand *v) {
  if (!v->review) return;
  const RvHandReview *r = v->review;
  char line[600], name[200], dd[48];
  fprintf(out, "\nFair review (%d worlds, seed %llu)\n", r->made.worlds, (unsigned long long)r->made.seed);
  int shown = 0;
  for (int i = 0; i < r->n; i++) {
    const RvVerdict *d = &r->d[i];
    const ReportHandPar *p = analysed_seq(v, d->seq);
    if (!d->valued || (d->cost <= 0 && (!p || p->cost <= 0))) continue;
    if (p) snprintf(dd, sizeof dd, "; double dummy %d", p->cost);
    else dd[0] = '\0';
    snprintf(line, sizeof line, "seq %d: %s's %s %s: fair cost %.2f (best %s, %.2f against %.2f; %s best in %d%% "
             "of the deals)%s", d->seq, who(v, d->seat, name, sizeof name), review_kind_name(d->kind),
             d->label[d->chosen], d->cost, d->label[d->best], d->value[d->best], d->value[d->chosen],
             d->label[d->chosen], report_hand_best_percent(d), dd);
    report_wrap(out, d->cost > 0 ? "  ! " : "    ", "    ", line, REPORT_WIDTH);
    if (report_hand_disagreement(v, d->seq, line, sizeof line)) report_wrap(out, "    ", "    ", line, REPORT_WIDTH);
    shown++;
  }
  if (shown == 0) fputs("  every decision reviewed was a best one\n", out);
}

/* "review": {...} or null in the JSON: each decision's fair cost and,
 * for a play analysed, its double-dummy cost. */
static void json_review(FILE *out, const ReportHand *v) {
  if (!v->review) {
    fputs("null", out);
    return;
  }
  const RvHandReview *r = v->review;
  fprintf(out, "{\"worlds\": %d, \"seed\": %llu, \"budget\": %ld, \"decisions\": [", r->made.worlds,
          (unsigned long long)r->made.seed, r->made.budget);
  for (int i = 0; i < r->n; i++) {
    const RvVerdict *d = &r->d[i];
    const ReportHandPar *p = analysed_seq(v, d->seq);
    fprintf(out, "%s\n    {\"seq\": %d, \"seat\": %d, \"decision\": \"%s\", \"chosen\": ", i ? "," : "", d->seq,
            d->seat, review_kind_name(d->kind));
    out_json_string(out, d->label[d->chosen]);
    if (d->valued) {
      fputs(", \"best\": ", out);
      out_json_string(out, d->label[d->best]);
      fprintf(out, ", \"fair_cost\": %.2f, \"cost_se\": %.2f, \"best_share\": %.4f", d->cost, d->cost_se,
              d->best_share);
    } else {
      fputs(", \"best\": null, \"fair_cost\": null, \"cost_se\": null, \"best_share\": null", out);
    }
    fputs(", \"dd_cost\": ", out);
    if (p) fprintf(out, "%d}", p->cost);
    else fputs("null}", out);
  }
  fputs(r->n ? "\n  ]}" : "]}", out);
}

/* The kinds and sentences of the findings at seq, joined. */
static void findings_at(const ReportHand *v, int seq, char *kinds, size_t ksize, char *details, size_t dsize) {
  size_t k = 0, d = 0;
  kinds[0] = details[0] = '\0';
  for (size_t i = 0; i < v->nfindings; i++) {
    if (v->findings[i].f.seq != seq) continue;
    int n = snprintf(kinds + k, ksize - k, "%s%s", k ? ";" : "", kind_name(v->findings[i].f.kind));
    if (n > 0 && (size_t)n < ksize - k) k += (size_t)n;
    n = snprintf(details + d, dsize - d, "%s%s", d ? " " : "", v->findings[i].f.detail);
    if (n > 0 && (size_t)n < dsize - d) d += (size_t)n;
  }
}

/* The row of step st (NULL: the hand-level findings). */
static void event_cells(const ReportHand *v, const ReportHandEvent *st, char c[E_COLUMNS][160], char *kinds, size_t ksize,
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
    cells[E_PLAYER] = report_hand_name(v, ev->seat);
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
    const ReportHandPar *play = analysed_play(st);
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

static void write_csv(FILE *out, const ReportHand *v) {
  const char *cells[E_COLUMNS];
  char c[E_COLUMNS][160], kinds[256], details[2048];
  for (int i = 0; i < E_COLUMNS; i++) cells[i] = EVENT_COLUMNS[i].key;
  out_csv_cells(out, E_COLUMNS, cells);
  for (size_t i = 0; i < v->nevents; i++) {
    event_cells(v, &v->events[i], c, kinds, sizeof kinds, details, sizeof details, cells);
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

/* A number, or null when absent (0 stands for none: a seat, a trick, a bidder). */
static void json_int_or_null(FILE *out, const char *key, int value, bool present) {
  char buf[32];
  report_json_key(out, key);
  fputs(present ? report_int(buf, sizeof buf, value) : "null", out);
}

/* The game, the seats and the contract. */
static void json_head(FILE *out, const ReportHand *v) {
  const ReportHandContract *c = &v->contract;
  char buf[2];
  fputs("{\n  ", out);
  json_str_field(out, "game", v->key, true);
  json_str_field(out, "preset", v->preset, true);
  json_str_field(out, "date", v->date, false);
  fprintf(out, ",\n  \"hand\": %d, \"dealer\": %d,\n  \"players\": [", v->hand, v->dealer);
  for (int s = 1; s <= v->players; s++) {
    fprintf(out, "%s{\"seat\": %d, \"name\": ", s > 1 ? ", " : "", s);
    out_json_string(out, v->seat[s - 1].name);
    fputc('}', out);
  }
  fputs("],\n  ", out);
  json_int_or_null(out, "bidder", c->bidder, c->bidder > 0);
  fputs(", ", out);
  json_int_or_null(out, "bid", c->bid, c->bidder > 0);
  fputs(", \"trump\": ", out);
  report_json_value(out, REPORT_STR, report_trump(c->trump, buf));
  fputs(", ", out);
  json_int_or_null(out, "partner", c->partner, c->partner > 0);
  fprintf(out, ", \"made\": %s, \"moon\": %s, \"redeal\": %s", c->made ? "true" : "false",
          c->moon ? "true" : "false", c->redeal ? "true" : "false");
}

/* "events": a row per event, as the CSV's columns but the findings. */
static void json_events(FILE *out, const ReportHand *v) {
  const char *cells[E_COLUMNS];
  char c[E_COLUMNS][160], kinds[256], details[2048];
  fputs(",\n  \"events\": [\n", out);
  for (size_t i = 0; i < v->nevents; i++) {
    event_cells(v, &v->events[i], c, kinds, sizeof kinds, details, sizeof details, cells);
    fputs("    {", out);
    for (int k = 0; k < E_FINDING; k++) { /* findings are listed below */
      if (k) fputs(", ", out);
      report_json_key(out, EVENT_COLUMNS[k].key);
      report_json_value(out, EVENT_COLUMNS[k].kind, cells[k]);
    }
    const ReportHandPar *play = analysed_play(&v->events[i]);
    char best[3];
    if (play && play->cost > 0 && play->best != PN_NO_CARD) {
      fputs(", ", out);
      report_json_key(out, "best");
      report_json_value(out, REPORT_STR, pn_card_str(play->best, best));
    }
    fprintf(out, "}%s\n", i + 1 < v->nevents ? "," : "");
  }
  fputs("  ]", out);
}

/* "tricks": [{trick, leader, plays: [{seat, card}], winner, counters}]. */
static void json_tricks(FILE *out, const ReportHand *v) {
  fputs(",\n  \"tricks\": [", out);
  for (size_t i = 0; i < v->ntricks; i++) {
    const ReportHandTrick *t = &v->tricks[i];
    fprintf(out, "%s\n    {\"trick\": %d, \"leader\": %d, \"plays\": [", i ? "," : "", t->trick, t->leader);
    for (int k = 0; k < t->nplays; k++) {
      char two[3];
      fprintf(out, "%s{\"seat\": %d, \"card\": \"%s\"}", k ? ", " : "", t->plays[k].seat,
              pn_card_str(t->plays[k].card, two));
    }
    fprintf(out, "], \"winner\": %d, \"counters\": %d}", t->winner, t->counters);
  }
  fputs(v->ntricks ? "\n  ]" : "]", out);
}

/* "findings": [{seq, trick, seat, kind, card, detail}]. */
static void json_findings(FILE *out, const ReportHand *v) {
  fputs(",\n  \"findings\": [", out);
  for (size_t i = 0; i < v->nfindings; i++) {
    const ReplayFinding *f = &v->findings[i].f;
    fprintf(out, "%s\n    {\"seq\": %d, ", i ? "," : "", f->seq);
    json_int_or_null(out, "trick", f->trick, f->trick != 0);
    fputs(", ", out);
    json_int_or_null(out, "seat", f->seat, f->seat != 0);
    fputs(", ", out);
    json_str_field(out, "kind", kind_name(f->kind), true);
    json_str_field(out, "card", f->card, true);
    json_str_field(out, "detail", f->detail, false);
    fputc('}', out);
  }
  fputs(v->nfindings ? "\n  ]" : "]", out);
}

static int write_json(FILE *out, const ReportHand *v) {
  json_head(out, v);
  json_events(out, v);
  json_tricks(out, v);
  fputs(",\n  \"result\": ", out);
  ReportTable *t = NULL;
  if (result_table(v, &t) != 0) return -1;
  report_table_json(t, out, "  ");
  report_table_free(t);
  fputs(",\n  \"analysis\": ", out);
  json_analysis(out, v);
  fputs(",\n  \"review\": ", out);
  json_review(out, v);
  json_findings(out, v);
  fputs("\n}\n", out);
  return 0;
}


int report_hand_write(const ReportHand *h, OutFormat format, FILE *out, PnDiag *diag) {
  int rc = 0;
  switch (format) {
  case OUT_TEXT: rc = write_text(out, h); break;
  case OUT_CSV: write_csv(out, h); break;
  case OUT_JSON: rc = write_json(out, h); break;
  }
  if (rc == 0) return 0;
  snprintf(diag->msg, sizeof diag->msg, "out of memory");
  return REPORT_ERROR;
}
