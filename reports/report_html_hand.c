/*
 * report_html_hand.c - the hand viewer (/games/KEY/hands/N) as HTML
 * (report_html.h), drawn from the computed hand (ReportHand,
 * report_hand.h): nothing is printed and read back.
 */
#define _POSIX_C_SOURCE 200809L
#include "report_html_int.h"

#include <stdlib.h>
#include <string.h>

#include "report_hand.h"
#include "review_store.h"

/* ------------------------------------------------------------ the hand */

#define MAX_HELD REPORT_HAND_MAX_HELD /* cards one seat can hold or play in any preset */

/* A card as the page's helpers take it ("AS", "TH"). */
static const char *card_text(PnCard card, char two[3]) { return pn_card_str(card, two); }

/* Cards inline in text, in the order given. */
static void cards_inline(FILE *out, const PnCard *cards, int n) {
  char text[PN_MAX_EVENT_CARDS * 3 + 1] = "";
  size_t at = 0;
  for (int i = 0; i < n && i < PN_MAX_EVENT_CARDS; i++) {
    char two[3];
    at += (size_t)snprintf(text + at, sizeof text - at, "%s%s", i ? " " : "", card_text(cards[i], two));
  }
  html_cards(out, text);
}

/* The width in SVG units a name takes at the diagram's 14px bold: a
 * generous 10 units a character (code point), so that an estimate never
 * falls short of what the browser draws. */
static int name_units(const char *name) {
  int n = 0;
  for (const unsigned char *p = (const unsigned char *)name; *p; p++) n += (*p & 0xC0) != 0x80;
  return n * 10;
}

/* A diagram of each seat's cards, one block per seat: the seat's number
 * and name on a line of their own (any length: the diagram widens to it),
 * the cards under it grouped by suit.  held[s] has count[s] cards. */
static void svg_hands(FILE *out, const char *id, const char *title, const ReportHand *h, char held[][MAX_HELD][3],
                      const int *count) {
  enum { SEAT_H = 66, CARDS_Y = 22, DEALER_W = 64 };
  int width = 8;
  for (int s = 0; s < h->players; s++) {
    int cards = count[s] * 30 + 3 * 8 + 8, name = 24 + name_units(h->seat[s].name) + DEALER_W;
    if (cards > width) width = cards;
    if (name > width) width = name;
  }
  int height = h->players * SEAT_H + 4;
  fprintf(out, "<figure class=\"hands\" id=\"%s\"><svg viewBox=\"0 0 %d %d\" style=\"max-width:%dpx\" role=\"img\" aria-label=\"", id,
          width, height, width * 5 / 4);
  report_html_text(out, title);
  fputs("\"><title>", out);
  report_html_text(out, title);
  fputs("</title>\n", out);
  for (int s = 0; s < h->players; s++) {
    int y = 2 + s * SEAT_H;
    qsort(held[s], (size_t)count[s], sizeof held[s][0], html_card_cmp);
    fprintf(out, "<g class=\"seat\" data-seat=\"%d\"><text class=\"name\" x=\"0\" y=\"%d\">%d ", s + 1, y + 15, s + 1);
    report_html_text(out, h->seat[s].name);
    fputs("</text>", out);
    if (s + 1 == h->dealer) fprintf(out, "<text class=\"dealer\" x=\"%d\" y=\"%d\">dealer</text>", width - 4, y + 15);
    int x = 0;
    for (int i = 0; i < count[s]; i++) {
      if (i > 0 && held[s][i][1] != held[s][i - 1][1]) x += 8;
      html_svg_card(out, held[s][i], x, y + CARDS_Y, s + 1, NULL);
      x += 30;
    }
    fputs("</g>\n", out);
  }
  fputs("</svg><figcaption>", out);
  report_html_text(out, title);
  fputs("</figcaption></figure>\n", out);
}

/* How the page is written and what it draws. */
typedef struct HandPage {
  const ReportHtml *html; /* how the page is written */
  const ReportHand *h;    /* the computed hand (borrowed) */
} HandPage;

/* The heading, the game's line and the contract (bid, trump, made or set). */
static void hand_heading(FILE *out, const HandPage *hp) {
  const ReportHand *h = hp->h;
  const ReportHandContract *c = &h->contract;
  fputs("<h1>", out);
  html_link_open(out, hp->html, "/games/", h->key, NULL);
  fputs("Game ", out);
  report_html_name(out, h->key);
  html_link_close(out, hp->html);
  fprintf(out, ", hand %d</h1>\n", h->hand);
  if (hp->html->served) { /* the recorder corrects it (web_record.c) */
    char edit[40];
    snprintf(edit, sizeof edit, "/hands/%d/edit", h->hand);
    fputs("<p class=\"edit\">", out);
    html_link_open(out, hp->html, "/games/", h->key, edit);
    fputs("Edit this hand", out);
    html_link_close(out, hp->html);
    fputs("</p>\n", out);
  }
  fputs("<p class=\"meta\">", out);
  report_html_text(out, h->preset);
  if (h->date[0]) {
    fputs(", ", out);
    report_html_text(out, h->date);
  }
  fputs(". Dealer: ", out);
  report_html_name(out, report_hand_name(h, h->dealer));
  fputs(".</p>\n<p class=\"contract\">", out);
  char trump[2];
  report_trump(c->trump, trump);
  if (c->redeal) fputs("Everyone passed: the hand is dealt again.", out);
  else {
    if (c->bidder > 0) {
      fprintf(out, "Bid %d by ", c->bid);
      report_html_name(out, report_hand_name(h, c->bidder));
      fputs(", ", out);
    }
    fprintf(out, "trump <span class=\"c%s\">%s</span> %s", *trump == 'H' || *trump == 'D' ? " red" : "",
            *trump ? html_suit_glyph(*trump) : "", html_suit_word(*trump));
    if (c->partner > 0) {
      fputs(", partner ", out);
      report_html_name(out, report_hand_name(h, c->partner));
    }
    if (c->bidder > 0)
      fprintf(out, ": %s%s", c->moon ? "shot the moon, " : "",
              c->made ? "<strong>made</strong>" : "<strong class=\"bad\">set</strong>");
    fputs(".", out);
  }
  fputs("</p>\n", out);
}

/* ------------------------------------------------ double-dummy analysis
 * Shown from what `pinochle analyze` stored for this hand (the hand's
 * analysis and each play's value); the page never searches. */

/* Why a stored analysis has no par, in words. */
static const char *unanalysed_reason(AnStatus status) {
  switch (status) {
  case AN_BUDGET:
    return "the solver stopped at its node budget (the plays it valued before, the hand's last, show their "
           "cost) - run pinochle analyze with a larger --budget";
  case AN_UNSUPPORTED: return "the cards still to be drawn from the stock are unknown (the playoff's plays show their cost)";
  case AN_NO_PLAY: return "no card was played";
  default: return analysis_status_name(status);
  }
}

/* The par line: the par of the bidding side from the first lead, its
 * meld and the bid, whether the bid could have been made, what it took;
 * or why there is none.  Nothing for a hand without play or analysis. */
static void hand_par(FILE *out, const HandPage *hp) {
  const ReportHand *h = hp->h;
  const AnHand *an = &h->an;
  if (!h->analysed && h->ntricks == 0) return;
  fputs("<p class=\"par\">", out);
  if (!h->analysed) {
    fputs("Not analysed - run pinochle analyze DB --game ", out);
    report_html_text(out, h->key);
    fprintf(out, " --hand %d to see the par and what each play cost.</p>\n", h->hand);
    return;
  }
  if (an->status != AN_ANALYSED || an->par < 0) {
    fputs("Not analysed: ", out);
    report_html_text(out, unanalysed_reason(an->status));
    fputs(".</p>\n", out);
    return;
  }
  if (h->contract.bidder == 0 || an->bid <= 0) {
    int seat = analysis_side_seat(an);
    fprintf(out, "Par %d for the side of seat %d (", an->par, seat);
    report_html_name(out, report_hand_name(h, seat));
    fprintf(out, ") from the first lead; took %d.</p>\n", an->taken);
    return;
  }
  int bid = h->contract.bid, short_by = bid - an->meld - an->taken;
  fprintf(out, "Par %d for ", an->par);
  report_html_name(out, report_hand_name(h, h->contract.bidder));
  fprintf(out, "'s side from the first lead; bid %d, meld %d: <strong%s>%s</strong>; took %d: ", bid, an->meld,
          an->could_make ? "" : " class=\"bad\"", an->could_make ? "could be made" : "could not be made", an->taken);
  if (h->contract.made) fputs("made.</p>\n", out);
  else if (short_by > 0) fprintf(out, "<strong class=\"bad\">set by %d</strong>.</p>\n", short_by);
  else fputs("<strong class=\"bad\">set</strong>.</p>\n", out);
}

/* The double-dummy value of a play, or NULL when it was not valued. */
static const ReportHandPar *play_value(const HandPage *hp, const ReportHandPlay *p) {
  const ReportHandPar *dd = &hp->h->events[p->event].dd;
  return hp->h->any_valued && dd->valued ? dd : NULL;
}

/* Under a trick's card: the play's cost, with the par before and after
 * as its tooltip; a costly one marked. */
static void trick_cost(FILE *out, const HandPage *hp, const ReportHandPlay *p, int k) {
  const ReportHandPar *dd = play_value(hp, p);
  if (!dd) return;
  fprintf(out, "<text class=\"cost%s\" x=\"%d\" y=\"74\">cost %d<title>par %d \xE2\x86\x92 %d</title></text>",
          dd->cost > 0 ? " costly" : "", k * 52 + 26, dd->cost, dd->par_before, dd->par_after);
}

/* Under a trick's card, below its double-dummy cost: its fair cost
 * (the stored review), the best alternative and the share of deals the
 * card was best in as its tooltip. */
static void trick_fair(FILE *out, const HandPage *hp, const ReportHandPlay *p, int k) {
  const RvVerdict *d = report_hand_verdict(hp->h, hp->h->events[p->event].seq);
  if (!d) return;
  fprintf(out, "<text class=\"fair%s\" x=\"%d\" y=\"87\">fair %.1f<title>fair cost %.2f: best ",
          d->cost > 0 ? " costly" : "", k * 52 + 26, d->cost, d->cost);
  report_html_text(out, d->label[d->best]);
  fputs(", ", out);
  report_html_text(out, d->label[d->chosen]);
  fprintf(out, " best in %d%% of the deals</title></text>", report_hand_best_percent(d));
}

/* After a decision: its fair cost, when the stored review valued it. */
static void fair_note(FILE *out, const ReportHand *h, int seq) {
  const RvVerdict *d = report_hand_verdict(h, seq);
  if (!d) return;
  fprintf(out, " <span class=\"fair%s\" title=\"best ", d->cost > 0 ? " costly" : "");
  report_html_text(out, d->label[d->best]);
  fprintf(out, "; best in %d%% of the deals\">fair cost %.1f</span>", report_hand_best_percent(d), d->cost);
}

/* After a trick's line: each play on which double dummy and the fair
 * review disagree, in words. */
static void trick_disagree(FILE *out, const HandPage *hp, const ReportHandTrick *t) {
  char sentence[400];
  for (int k = 0; k < t->nplays; k++)
    if (report_hand_disagreement(hp->h, hp->h->events[t->plays[k].event].seq, sentence, sizeof sentence)) {
      fputs(" <span class=\"disagree\">", out);
      report_html_text(out, sentence);
      fputs(".</span>", out);
    }
}

/* After a trick's line: each costly play of it in words. */
static void trick_costly(FILE *out, const HandPage *hp, const ReportHandTrick *t) {
  for (int k = 0; k < t->nplays; k++) {
    const ReportHandPlay *p = &t->plays[k];
    const ReportHandPar *dd = play_value(hp, p);
    if (!dd || dd->cost <= 0) continue;
    fputs(" <span class=\"costly\">", out);
    report_html_name(out, report_hand_name(hp->h, p->seat));
    fputs("'s ", out);
    cards_inline(out, &p->card, 1);
    fprintf(out, " cost %d (par %d \xE2\x86\x92 %d)", dd->cost, dd->par_before, dd->par_after);
    if (dd->best != PN_NO_CARD) { /* the card that would have kept the par */
      fputs("; ", out);
      cards_inline(out, &dd->best, 1);
      fputs(" kept it", out);
    }
    fputs(".</span>", out);
  }
}

/* The deal, then the cards each seat played (its hand at the first lead
 * when every card is played: the diagram the tricks step through). */
static void hand_diagrams(FILE *out, const HandPage *hp) {
  const ReportHand *h = hp->h;
  char held[PN_MAX_SEATS][MAX_HELD][3]; /* 1 KB: on the stack, not a static the server would share */
  int count[PN_MAX_SEATS] = {0};
  bool stock = false;
  for (size_t i = 0; i < h->nevents; i++) stock = stock || h->events[i].ev.action == PN_EV_STOCK;
  for (int s = 0; s < h->players; s++)
    for (int i = 0; i < h->seat[s].ndealt; i++) card_text(h->seat[s].dealt[i], held[s][count[s]++]);
  svg_hands(out, "dealt", "The deal", h, held, count);
  memset(count, 0, sizeof count);
  for (size_t t = 0; t < h->ntricks; t++)
    for (int k = 0; k < h->tricks[t].nplays; k++) {
      const ReportHandPlay *p = &h->tricks[t].plays[k];
      if (p->seat >= 1 && p->seat <= h->players && count[p->seat - 1] < MAX_HELD)
        card_text(p->card, held[p->seat - 1][count[p->seat - 1]++]);
    }
  if (h->ntricks > 0)
    svg_hands(out, "inplay", stock ? "The cards each seat played" : "The hands at the first lead (the cards each seat played)",
              h, held, count);
}

/* The bids and passes, in order. */
static void hand_bidding(FILE *out, const HandPage *hp) {
  const ReportHand *h = hp->h;
  if (h->nbids == 0) return;
  fputs("<h2>Bidding</h2>\n<ol class=\"bidding\">", out);
  for (size_t i = 0; i < h->nbids; i++) {
    const ReportHandBid *b = &h->bids[i];
    fputs("<li>", out);
    report_html_name(out, report_hand_name(h, b->seat));
    if (b->bid > 0) fprintf(out, " <strong>%d</strong>", b->bid);
    else fputs(" <span class=\"pass\">pass</span>", out);
    fair_note(out, h, h->events[b->event].seq);
    fputs("</li>", out);
  }
  fputs("</ol>\n", out);
}

/* Whether a row is shown under "Trump and exchange": what happened
 * besides the deal, the bidding, the meld, the play and the claims. */
static bool is_prep(PnAction action) {
  switch (action) {
  case PN_EV_DEALER:
  case PN_EV_DEAL:
  case PN_EV_BID:
  case PN_EV_PASS:
  case PN_EV_MELD:
  case PN_EV_PLAY:
  case PN_EV_SCORE: return false;
  default: return true;
  }
}

/* One row of "Trump and exchange". */
static void prep_item(FILE *out, const ReportHand *h, const ReportHandEvent *st) {
  const PnEvent *ev = &st->ev;
  fputs("<li>", out);
  report_html_name(out, report_hand_name(h, ev->seat));
  if (ev->action == PN_EV_TRUMP) {
    char suit = pn_suit_char(ev->suit);
    fprintf(out, " names <span class=\"c%s\">%s</span> %s trump", suit == 'H' || suit == 'D' ? " red" : "",
            html_suit_glyph(suit), html_suit_word(suit));
  } else {
    fputs(ev->action == PN_EV_GIVE ? " passes" : " ", out);
    if (ev->action != PN_EV_GIVE) report_html_text(out, pn_action_name(ev->action));
    fputc(' ', out);
    cards_inline(out, ev->cards, ev->ncards);
    if (st->value[0]) {
      fputc(' ', out);
      report_html_text(out, st->value);
    }
    if (st->points || ev->action == PN_EV_DIX) fprintf(out, " (+%d)", st->points);
  }
  fair_note(out, h, st->seq);
  fputs("</li>", out);
}

/* What happened between the bidding and the play: trump named, cards
 * passed, the widow taken, discards. */
static void hand_prep(FILE *out, const HandPage *hp) {
  const ReportHand *h = hp->h;
  bool prep = false;
  for (size_t i = 0; i < h->nevents; i++) {
    if (!is_prep(h->events[i].ev.action)) continue;
    if (!prep) fputs("<h2>Trump and exchange</h2>\n<ul class=\"prep\">", out);
    prep = true;
    prep_item(out, h, &h->events[i]);
  }
  if (prep) fputs("</ul>\n", out);
}

/* Each seat's meld and its points. */
static void hand_meld(FILE *out, const HandPage *hp) {
  const ReportHand *h = hp->h;
  bool meld = false;
  for (size_t i = 0; i < h->nevents; i++) {
    const ReportHandEvent *st = &h->events[i];
    if (st->ev.action != PN_EV_MELD) continue;
    if (!meld) fputs("<h2>Meld</h2>\n<div class=\"scroll\"><table class=\"meld\"><thead><tr><th>player</th><th>cards</th><th>points</th></tr></thead><tbody>\n", out);
    meld = true;
    fputs("<tr><td>", out);
    report_html_name(out, report_hand_name(h, st->ev.seat));
    fputs("</td><td>", out);
    cards_inline(out, st->ev.cards, st->ev.ncards);
    fprintf(out, "</td><td class=\"n\">%d</td></tr>\n", st->points);
  }
  if (meld) fputs("</tbody></table></div>\n", out);
}

/* The cards of one trick, each with who played it; the winner's card and
 * a card a finding names are marked. */
static void trick_cards(FILE *out, const HandPage *hp, const ReportHandTrick *t) {
  const ReportHand *h = hp->h;
  int height = h->review ? 92 : h->any_valued ? 78 : 64; /* a line under the names for each cost */
  fprintf(out, "\"><svg viewBox=\"0 0 %d %d\" style=\"max-width:%dpx\" role=\"img\" aria-label=\"trick %d\">",
          t->nplays * 52 + 4, height, t->nplays * 52 * 3 / 2 + 6, t->trick);
  for (int k = 0; k < t->nplays; k++) {
    const ReportHandPlay *p = &t->plays[k];
    char card[3];
    card_text(p->card, card);
    const char *cls = p->seat == t->winner ? "winner" : NULL;
    for (size_t f = 0; f < h->nfindings; f++) {
      const ReplayFinding *fd = &h->findings[f].f;
      if (fd->trick == t->trick && fd->seat == p->seat && strcmp(fd->card, card) == 0) cls = "renege";
    }
    const ReportHandPar *dd = play_value(hp, p);
    bool costly = dd && dd->cost > 0;
    char classes[32]; /* "winner costly" at most */
    snprintf(classes, sizeof classes, "%s%s%s", cls ? cls : "", cls && costly ? " " : "", costly ? "costly" : "");
    html_svg_card(out, card, k * 52 + 12, 2, p->seat, *classes ? classes : NULL);
    /* under a card 52 units wide: a long name is cut (…), whole in its tooltip and the line below */
    char who[64];
    fprintf(out, "<text class=\"who\" x=\"%d\" y=\"60\"><title>", k * 52 + 26);
    report_html_text(out, report_hand_name(h, p->seat));
    fputs("</title>", out);
    report_html_text(out, report_clip(who, sizeof who, report_hand_name(h, p->seat), 8));
    fputs("</text>", out);
    trick_cost(out, hp, p, k);
    trick_fair(out, hp, p, k);
  }
}

/* The findings of trick number, each with the cards it says should have
 * been played (the evidence) drawn. */
static void trick_findings(FILE *out, const HandPage *hp, int number) {
  const ReportHand *h = hp->h;
  for (size_t f = 0; f < h->nfindings; f++) {
    const ReportHandFinding *fd = &h->findings[f];
    if (fd->f.trick != number) continue;
    char ev[3];
    fprintf(out, "<div class=\"finding\" data-seat=\"%d\" data-card=\"%s\" data-evidence=\"", fd->f.seat, fd->f.card);
    for (int e = 0; e < fd->nevidence; e++) fprintf(out, "%s%s", e ? " " : "", card_text(fd->evidence[e], ev));
    fputs("\"><strong>", out);
    report_html_text(out, pn_finding_name(fd->f.kind));
    fputs("</strong>: ", out);
    report_html_text(out, fd->f.detail);
    if (fd->nevidence > 0) {
      fprintf(out, "<br>Should have played one of: <svg class=\"evidence\" viewBox=\"0 0 %d 44\" style=\"max-width:%dpx\" role=\"img\" aria-label=\"the evidence\">",
              fd->nevidence * 32 + 2, (fd->nevidence * 32 + 2) * 3 / 2);
      for (int e = 0; e < fd->nevidence; e++)
        html_svg_card(out, card_text(fd->evidence[e], ev), e * 32 + 1, 2, fd->f.seat, "evidence");
      fputs("</svg>", out);
    }
    fputs("</div>\n", out);
  }
}

/* The tricks: all of them without the script; with it, one at a time
 * (the stepper's buttons are hidden until the script shows them). */
static void hand_tricks(FILE *out, const HandPage *hp) {
  const ReportHand *h = hp->h;
  if (h->ntricks == 0) return;
  fprintf(out, "<h2>Tricks</h2>\n<div class=\"stepper\" hidden><button type=\"button\" data-step=\"-1\" aria-label=\"previous trick\">\xE2\x97\x80 Prev</button>"
               " <span class=\"at\">before the first lead</span> "
               "<button type=\"button\" data-step=\"1\" aria-label=\"next trick\">Next \xE2\x96\xB6</button>"
               " <button type=\"button\" data-step=\"all\">All</button>"
               " <span class=\"hint\">(arrow keys step)</span> <span class=\"running\"></span></div>\n<ol class=\"tricks\" data-seats=\"%d\">\n",
          h->players);
  for (size_t i = 0; i < h->ntricks; i++) {
    const ReportHandTrick *t = &h->tricks[i];
    fprintf(out, "<li class=\"trick\" id=\"trick-%d\" data-trick=\"%d\" data-winner=\"%d\" data-counters=\"%d\" data-plays=\"",
            t->trick, t->trick, t->winner, t->counters);
    for (int k = 0; k < t->nplays; k++) {
      char two[3];
      fprintf(out, "%s%d:%s", k ? " " : "", t->plays[k].seat, card_text(t->plays[k].card, two));
    }
    trick_cards(out, hp, t);
    fprintf(out, "</svg><p>Trick %d: won by ", t->trick);
    report_html_name(out, report_hand_name(h, t->winner));
    fprintf(out, ", %d counters.", t->counters);
    trick_costly(out, hp, t);
    trick_disagree(out, hp, t);
    fputs("</p>\n", out);
    trick_findings(out, hp, t->trick);
    fputs("</li>\n", out);
  }
  fputs("</ol>\n", out);
  if (h->any_valued)
    fputs("<p class=\"legend\">cost: the counters a play gave up for its side against the best card it held, "
          "double dummy (every hand known); <span class=\"costly\">a costly play</span> is outlined in orange.</p>\n",
          out);
  if (h->review)
    fputs("<p class=\"legend\">fair: the mean cost over deals consistent with what the player could see "
          "(pinochle review), <span class=\"fair costly\">in purple</span> when it is more than 0; "
          "where double dummy and the fair review disagree, a sentence under the trick says so.</p>\n",
          out);
}

/* Findings not on a trick (bids, meld, claims, the whole hand). */
static void hand_other_findings(FILE *out, const HandPage *hp) {
  const ReportHand *h = hp->h;
  bool other = false;
  for (size_t f = 0; f < h->nfindings; f++) {
    const ReplayFinding *fd = &h->findings[f].f;
    if (fd->trick) continue;
    if (!other) fputs("<h2>Other findings</h2>\n<ul class=\"findings\">", out);
    other = true;
    fputs("<li class=\"finding\"><strong>", out);
    report_html_text(out, pn_finding_name(fd->kind));
    fputs("</strong>: ", out);
    report_html_text(out, fd->detail);
    fputs("</li>", out);
  }
  if (other) fputs("</ul>\n", out);
}

/* The result table: per seat meld, counters, tricks, score and total. */
static void hand_score(FILE *out, const HandPage *hp) {
  const ReportHand *h = hp->h;
  static const char *const RESULT[] = {"seat", "player", "side", "meld", "saved", "counters", "tricks", "score", "total"};
  fputs("<h2>Score</h2>\n<div class=\"scroll\"><table class=\"result\"><thead><tr>", out);
  for (int c = 0; c < 9; c++) fprintf(out, "<th>%s</th>", RESULT[c]);
  fputs("</tr></thead><tbody>\n", out);
  for (int s = 1; s <= h->players; s++) {
    const PnSeatResult *sr = &h->result.result.seat[s - 1];
    fprintf(out, "<tr><td class=\"n\">%d</td><td>", s);
    html_link_open(out, hp->html, "/players/", h->seat[s - 1].name, NULL);
    report_html_name(out, h->seat[s - 1].name);
    html_link_close(out, hp->html);
    fputs("</td>", out);
    const int cells[] = {h->seat[s - 1].side, sr->meld_shown, sr->meld_counted, sr->counters, sr->tricks, sr->score,
                         h->result.total[s - 1]};
    for (size_t c = 0; c < sizeof cells / sizeof cells[0]; c++) fprintf(out, "<td class=\"n\">%d</td>", cells[c]);
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table></div>\n", out);
}

int report_html_hand(Store *store, const ReportHtml *html, const char *key, int number, FILE *out, PnDiag *diag) {
  ReportHand *h = NULL;
  int rc = report_hand_compute(store, key, number, &h, diag);
  if (rc != 0) return rc;
  char title[400];
  snprintf(title, sizeof title, "Game %s, hand %d", h->key, number);
  report_html_begin(out, html, title);
  HandPage hp = {html, h};
  hand_heading(out, &hp);
  hand_par(out, &hp);
  hand_diagrams(out, &hp);
  hand_bidding(out, &hp);
  hand_prep(out, &hp);
  hand_meld(out, &hp);
  hand_tricks(out, &hp);
  hand_other_findings(out, &hp);
  hand_score(out, &hp);
  report_html_end(out, html);
  report_hand_free(h);
  return 0;
}
