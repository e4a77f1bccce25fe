/*
 * report_html_hand.c - the hand viewer (/games/KEY/hands/N) as HTML
 * (report_html.h), drawn from report_hand's JSON.
 */
#define _POSIX_C_SOURCE 200809L
#include "report_html_int.h"

#include <stdlib.h>
#include <string.h>

#include "report_hand.h"

/* ------------------------------------------------------------ the hand */

#define MAX_HELD 40 /* cards one seat can hold or play in any preset (double deck: 20) */

/* The cards after "holding " in a finding's sentence: what the seat
 * should have played (the evidence); 0 when the sentence names none. */
static int evidence_cards(const char *detail, char (*cards)[3], int max) {
  const char *at = strstr(detail, "holding ");
  if (!at) return 0;
  at += strlen("holding ");
  int n = 0;
  PnCard card; /* the rules' alphabet: 8s and 7s too */
  while (n < max && at[0] && at[1] && pn_card_parse(at, 2, &card) == 2 &&
         (at[2] == ' ' || at[2] == ':' || at[2] == ',' || at[2] == ')' || at[2] == '\0')) {
    cards[n][0] = at[0];
    cards[n][1] = at[1];
    cards[n][2] = '\0';
    n++;
    at += 2;
    if (*at != ' ') break;
    at++;
  }
  return n;
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
static void svg_hands(FILE *out, const char *id, const char *title, const json_t *players, char held[][MAX_HELD][3],
                      const int *count, int nseats, int dealer) {
  enum { SEAT_H = 66, CARDS_Y = 22, DEALER_W = 64 };
  int width = 8;
  for (int s = 0; s < nseats; s++) {
    int cards = count[s] * 30 + 3 * 8 + 8, name = 24 + name_units(html_js(json_array_get(players, (size_t)s), "name")) + DEALER_W;
    if (cards > width) width = cards;
    if (name > width) width = name;
  }
  int height = nseats * SEAT_H + 4;
  fprintf(out, "<figure class=\"hands\" id=\"%s\"><svg viewBox=\"0 0 %d %d\" style=\"max-width:%dpx\" role=\"img\" aria-label=\"", id,
          width, height, width * 5 / 4);
  report_html_text(out, title);
  fputs("\"><title>", out);
  report_html_text(out, title);
  fputs("</title>\n", out);
  for (int s = 0; s < nseats; s++) {
    int y = 2 + s * SEAT_H;
    qsort(held[s], (size_t)count[s], sizeof held[s][0], html_card_cmp);
    fprintf(out, "<g class=\"seat\" data-seat=\"%d\"><text class=\"name\" x=\"0\" y=\"%d\">%d ", s + 1, y + 15, s + 1);
    report_html_text(out, html_js(json_array_get(players, (size_t)s), "name"));
    fputs("</text>", out);
    if (s + 1 == dealer) fprintf(out, "<text class=\"dealer\" x=\"%d\" y=\"%d\">dealer</text>", width - 4, y + 15);
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

static const char *player_name(const json_t *players, long seat) {
  return seat >= 1 ? html_js(json_array_get(players, (size_t)(seat - 1)), "name") : "";
}

/* The parts of report_hand's JSON that every step of the page reads
 * (borrowed from the JSON, which outlives the page). */
typedef struct HandPage {
  const ReportHtml *html; /* how the page is written */
  const json_t *j;        /* the whole report */
  const json_t *players;  /* [{seat, name}] */
  const json_t *events;   /* the event rows */
  const json_t *tricks;   /* [{trick, leader, plays, winner, counters}] */
  const json_t *findings; /* [{seq, trick, seat, kind, card, detail}] */
  const json_t *analysis; /* {status, par, meld, taken, could_make}, or NULL: never analysed */
  bool costs;             /* some play carries its cost (an analysis stopped early may value none) */
  int nseats;             /* players, at most PN_MAX_SEATS */
  long dealer;            /* seat */
} HandPage;

static void hand_page_init(HandPage *hp, const ReportHtml *html, const json_t *j) {
  hp->html = html;
  hp->j = j;
  hp->players = json_object_get(j, "players");
  hp->events = json_object_get(j, "events");
  hp->tricks = json_object_get(j, "tricks");
  hp->findings = json_object_get(j, "findings");
  hp->analysis = json_object_get(j, "analysis");
  if (!json_is_object(hp->analysis)) hp->analysis = NULL;
  hp->costs = false;
  for (size_t i = 0; hp->analysis && i < json_array_size(hp->events); i++)
    if (!html_jnull(json_array_get(hp->events, i), "cost")) hp->costs = true;
  hp->nseats = (int)json_array_size(hp->players);
  if (hp->nseats > PN_MAX_SEATS) hp->nseats = PN_MAX_SEATS;
  hp->dealer = html_ji(j, "dealer");
}

/* The heading, the game's line and the contract (bid, trump, made or set). */
static void hand_heading(FILE *out, const HandPage *hp) {
  const json_t *j = hp->j;
  fputs("<h1>", out);
  html_link_open(out, hp->html, "/games/", html_js(j, "game"), NULL);
  fputs("Game ", out);
  report_html_name(out, html_js(j, "game"));
  html_link_close(out, hp->html);
  fprintf(out, ", hand %ld</h1>\n", html_ji(j, "hand"));
  if (hp->html->served) { /* the recorder corrects it (web_record.c) */
    char edit[40];
    snprintf(edit, sizeof edit, "/hands/%ld/edit", html_ji(j, "hand"));
    fputs("<p class=\"edit\">", out);
    html_link_open(out, hp->html, "/games/", html_js(j, "game"), edit);
    fputs("Edit this hand", out);
    html_link_close(out, hp->html);
    fputs("</p>\n", out);
  }
  fputs("<p class=\"meta\">", out);
  report_html_text(out, html_js(j, "preset"));
  if (*html_js(j, "date")) {
    fputs(", ", out);
    report_html_text(out, html_js(j, "date"));
  }
  fputs(". Dealer: ", out);
  report_html_name(out, player_name(hp->players, hp->dealer));
  fputs(".</p>\n<p class=\"contract\">", out);
  const char *trump = html_js(j, "trump");
  if (json_is_true(json_object_get(j, "redeal"))) fputs("Everyone passed: the hand is dealt again.", out);
  else {
    if (!html_jnull(j, "bidder")) {
      fprintf(out, "Bid %ld by ", html_ji(j, "bid"));
      report_html_name(out, player_name(hp->players, html_ji(j, "bidder")));
      fputs(", ", out);
    }
    fprintf(out, "trump <span class=\"c%s\">%s</span> %s", *trump == 'H' || *trump == 'D' ? " red" : "",
            *trump ? html_suit_glyph(*trump) : "", html_suit_word(*trump));
    if (!html_jnull(j, "partner")) {
      fputs(", partner ", out);
      report_html_name(out, player_name(hp->players, html_ji(j, "partner")));
    }
    if (!html_jnull(j, "bidder"))
      fprintf(out, ": %s%s", json_is_true(json_object_get(j, "moon")) ? "shot the moon, " : "",
              json_is_true(json_object_get(j, "made")) ? "<strong>made</strong>" : "<strong class=\"bad\">set</strong>");
    fputs(".", out);
  }
  fputs("</p>\n", out);
}

/* ------------------------------------------------ double-dummy analysis
 * Shown from what `pinochle analyze` stored for this hand (report_hand's
 * "analysis" and the plays' par_before, par_after and cost); the page
 * never searches. */

/* Why a stored analysis has no par, in words. */
static const char *unanalysed_reason(const char *status) {
  if (strcmp(status, "budget") == 0)
    return "the solver stopped at its node budget (the plays it valued before, the hand's last, show their "
           "cost) - run pinochle analyze with a larger --budget";
  if (strcmp(status, "unsupported") == 0)
    return "the cards still to be drawn from the stock are unknown (the playoff's plays show their cost)";
  if (strcmp(status, "no-play") == 0) return "no card was played";
  return status;
}

/* The par line: the par of the bidding side from the first lead, its
 * meld and the bid, whether the bid could have been made, what it took;
 * or why there is none.  Nothing for a hand without play or analysis. */
static void hand_par(FILE *out, const HandPage *hp) {
  const json_t *j = hp->j, *an = hp->analysis;
  if (!an && json_array_size(hp->tricks) == 0) return;
  fputs("<p class=\"par\">", out);
  if (!an) {
    fputs("Not analysed - run pinochle analyze DB --game ", out);
    report_html_text(out, html_js(j, "game"));
    fprintf(out, " --hand %ld to see the par and what each play cost.</p>\n", html_ji(j, "hand"));
    return;
  }
  if (html_jnull(an, "par")) {
    fputs("Not analysed: ", out);
    report_html_text(out, unanalysed_reason(html_js(an, "status")));
    fputs(".</p>\n", out);
    return;
  }
  long par = html_ji(an, "par"), meld = html_ji(an, "meld"), taken = html_ji(an, "taken");
  if (html_jnull(j, "bidder") || html_jnull(an, "could_make")) {
    fprintf(out, "Par %ld for the side of seat 1 (", par);
    report_html_name(out, player_name(hp->players, 1));
    fprintf(out, ") from the first lead; took %ld.</p>\n", taken);
    return;
  }
  long bid = html_ji(j, "bid"), short_by = bid - meld - taken;
  bool could = json_is_true(json_object_get(an, "could_make")), made = json_is_true(json_object_get(j, "made"));
  fprintf(out, "Par %ld for ", par);
  report_html_name(out, player_name(hp->players, html_ji(j, "bidder")));
  fprintf(out, "'s side from the first lead; bid %ld, meld %ld: <strong%s>%s</strong>; took %ld: ", bid, meld,
          could ? "" : " class=\"bad\"", could ? "could be made" : "could not be made", taken);
  if (made) fputs("made.</p>\n", out);
  else if (short_by > 0) fprintf(out, "<strong class=\"bad\">set by %ld</strong>.</p>\n", short_by);
  else fputs("<strong class=\"bad\">set</strong>.</p>\n", out);
}

/* The event row of the play of seat in trick number, or NULL. */
static const json_t *play_event(const HandPage *hp, long number, long seat) {
  for (size_t i = 0; i < json_array_size(hp->events); i++) {
    const json_t *ev = json_array_get(hp->events, i);
    if (strcmp(html_js(ev, "action"), "play") == 0 && html_ji(ev, "trick") == number && html_ji(ev, "seat") == seat)
      return ev;
  }
  return NULL;
}

/* What the play of seat in trick number cost its side: >= 0, or -1 when
 * the play was not valued (no analysis, or one that stopped before it). */
static long play_cost(const HandPage *hp, long number, long seat) {
  if (!hp->costs) return -1;
  const json_t *ev = play_event(hp, number, seat);
  return ev && !html_jnull(ev, "cost") ? html_ji(ev, "cost") : -1;
}

/* Under a trick's card: the play's cost, with the par before and after
 * as its tooltip; a costly one marked. */
static void trick_cost(FILE *out, const HandPage *hp, long number, long seat, size_t k) {
  long cost = play_cost(hp, number, seat);
  if (cost < 0) return;
  const json_t *ev = play_event(hp, number, seat);
  fprintf(out, "<text class=\"cost%s\" x=\"%zu\" y=\"74\">cost %ld<title>par %ld \xE2\x86\x92 %ld</title></text>",
          cost > 0 ? " costly" : "", k * 52 + 26, cost, html_ji(ev, "par_before"), html_ji(ev, "par_after"));
}

/* After a trick's line: each costly play of it in words. */
static void trick_costly(FILE *out, const HandPage *hp, const json_t *plays, long number) {
  for (size_t k = 0; k < json_array_size(plays); k++) {
    long seat = html_ji(json_array_get(plays, k), "seat"), cost = play_cost(hp, number, seat);
    if (cost <= 0) continue;
    const json_t *ev = play_event(hp, number, seat);
    fputs(" <span class=\"costly\">", out);
    report_html_name(out, player_name(hp->players, seat));
    fputs("'s ", out);
    html_cards(out, html_js(ev, "cards"));
    fprintf(out, " cost %ld (par %ld \xE2\x86\x92 %ld)", cost, html_ji(ev, "par_before"), html_ji(ev, "par_after"));
    if (!html_jnull(ev, "best")) { /* the card that would have kept the par */
      fputs("; ", out);
      html_cards(out, html_js(ev, "best"));
      fputs(" kept it", out);
    }
    fputs(".</span>", out);
  }
}

/* The deal, then the cards each seat played (its hand at the first lead
 * when every card is played: the diagram the tricks step through). */
static void hand_diagrams(FILE *out, const HandPage *hp) {
  char held[PN_MAX_SEATS][MAX_HELD][3]; /* 600 bytes: on the stack, not a static the server would share */
  int count[PN_MAX_SEATS] = {0};
  bool stock = false;
  for (size_t i = 0; i < json_array_size(hp->events); i++) {
    const json_t *ev = json_array_get(hp->events, i);
    const char *action = html_js(ev, "action");
    long seat = html_ji(ev, "seat");
    if (strcmp(action, "stock") == 0 || strcmp(action, "draw") == 0) stock = true;
    if (strcmp(action, "deal") == 0 && seat >= 1 && seat <= hp->nseats)
      count[seat - 1] += html_cards_split(html_js(ev, "cards"), held[seat - 1] + count[seat - 1], MAX_HELD - count[seat - 1]);
  }
  svg_hands(out, "dealt", "The deal", hp->players, held, count, hp->nseats, (int)hp->dealer);
  memset(count, 0, sizeof count);
  for (size_t t = 0; t < json_array_size(hp->tricks); t++) {
    const json_t *plays = json_object_get(json_array_get(hp->tricks, t), "plays");
    for (size_t k = 0; k < json_array_size(plays); k++) {
      const json_t *p = json_array_get(plays, k);
      long seat = html_ji(p, "seat");
      if (seat >= 1 && seat <= hp->nseats && count[seat - 1] < MAX_HELD)
        count[seat - 1] += html_cards_split(html_js(p, "card"), held[seat - 1] + count[seat - 1], 1);
    }
  }
  if (json_array_size(hp->tricks) > 0)
    svg_hands(out, "inplay", stock ? "The cards each seat played" : "The hands at the first lead (the cards each seat played)",
              hp->players, held, count, hp->nseats, (int)hp->dealer);
}

/* The bids and passes, in order. */
static void hand_bidding(FILE *out, const HandPage *hp) {
  bool bidding = false;
  for (size_t i = 0; i < json_array_size(hp->events); i++) {
    const json_t *ev = json_array_get(hp->events, i);
    const char *action = html_js(ev, "action");
    if (!html_jnull(ev, "trick")) continue;
    if (strcmp(action, "bid") == 0 || strcmp(action, "pass") == 0) {
      if (!bidding) fputs("<h2>Bidding</h2>\n<ol class=\"bidding\">", out);
      bidding = true;
      fputs("<li>", out);
      report_html_name(out, html_js(ev, "player"));
      fputs(strcmp(action, "bid") == 0 ? " <strong>" : " <span class=\"pass\">pass", out);
      if (strcmp(action, "bid") == 0) {
        report_html_text(out, html_js(ev, "value"));
        fputs("</strong>", out);
      } else fputs("</span>", out);
      fputs("</li>", out);
    }
  }
  if (bidding) fputs("</ol>\n", out);
}

/* What happened between the bidding and the play: trump named, cards
 * passed, the widow taken, discards. */
static void hand_prep(FILE *out, const HandPage *hp) {
  bool prep = false;
  for (size_t i = 0; i < json_array_size(hp->events); i++) {
    const json_t *ev = json_array_get(hp->events, i);
    const char *action = html_js(ev, "action");
    if (strcmp(action, "dealer") == 0 || strcmp(action, "deal") == 0 || strcmp(action, "bid") == 0 ||
        strcmp(action, "pass") == 0 || strcmp(action, "meld") == 0 || strcmp(action, "play") == 0 ||
        strcmp(action, "score") == 0)
      continue;
    if (!prep) fputs("<h2>Trump and exchange</h2>\n<ul class=\"prep\">", out);
    prep = true;
    fputs("<li>", out);
    report_html_name(out, html_js(ev, "player"));
    if (strcmp(action, "trump") == 0) {
      const char *suit = html_js(ev, "value");
      fprintf(out, " names <span class=\"c%s\">%s</span> %s trump", *suit == 'H' || *suit == 'D' ? " red" : "",
              html_suit_glyph(*suit), html_suit_word(*suit));
    } else {
      fputs(strcmp(action, "give") == 0 ? " passes" : " ", out);
      if (strcmp(action, "give") != 0) report_html_text(out, action);
      fputc(' ', out);
      html_cards(out, html_js(ev, "cards"));
      if (*html_js(ev, "value")) {
        fputc(' ', out);
        report_html_text(out, html_js(ev, "value"));
      }
      if (!html_jnull(ev, "points")) fprintf(out, " (+%ld)", html_ji(ev, "points"));
    }
    fputs("</li>", out);
  }
  if (prep) fputs("</ul>\n", out);
}

/* Each seat's meld and its points. */
static void hand_meld(FILE *out, const HandPage *hp) {
  bool meld = false;
  for (size_t i = 0; i < json_array_size(hp->events); i++) {
    const json_t *ev = json_array_get(hp->events, i);
    if (strcmp(html_js(ev, "action"), "meld") != 0) continue;
    if (!meld) fputs("<h2>Meld</h2>\n<div class=\"scroll\"><table class=\"meld\"><thead><tr><th>player</th><th>cards</th><th>points</th></tr></thead><tbody>\n", out);
    meld = true;
    fputs("<tr><td>", out);
    report_html_name(out, html_js(ev, "player"));
    fputs("</td><td>", out);
    html_cards(out, html_js(ev, "cards"));
    fprintf(out, "</td><td class=\"n\">%ld</td></tr>\n", html_ji(ev, "points"));
  }
  if (meld) fputs("</tbody></table></div>\n", out);
}

/* The cards of one trick, each with who played it; the winner's card and
 * a card a finding names are marked. */
static void trick_cards(FILE *out, const HandPage *hp, const json_t *plays, long number, long winner) {
  size_t nplays = json_array_size(plays);
  int height = hp->costs ? 78 : 64; /* a line under the names for the costs */
  fprintf(out, "\"><svg viewBox=\"0 0 %zu %d\" style=\"max-width:%zupx\" role=\"img\" aria-label=\"trick %ld\">", nplays * 52 + 4,
          height, nplays * 52 * 3 / 2 + 6, number);
  for (size_t k = 0; k < nplays; k++) {
    const json_t *p = json_array_get(plays, k);
    long seat = html_ji(p, "seat");
    const char *card = html_js(p, "card");
    const char *cls = seat == winner ? "winner" : NULL;
    for (size_t f = 0; f < json_array_size(hp->findings); f++) {
      const json_t *fd = json_array_get(hp->findings, f);
      if (html_ji(fd, "trick") == number && html_ji(fd, "seat") == seat && strcmp(html_js(fd, "card"), card) == 0)
        cls = "renege";
    }
    bool costly = play_cost(hp, number, seat) > 0;
    char classes[32]; /* "winner costly" at most */
    snprintf(classes, sizeof classes, "%s%s%s", cls ? cls : "", cls && costly ? " " : "", costly ? "costly" : "");
    html_svg_card(out, card, (int)k * 52 + 12, 2, (int)seat, *classes ? classes : NULL);
    /* under a card 52 units wide: a long name is cut (…), whole in its tooltip and the line below */
    char who[64];
    fprintf(out, "<text class=\"who\" x=\"%zu\" y=\"60\"><title>", k * 52 + 26);
    report_html_text(out, player_name(hp->players, seat));
    fputs("</title>", out);
    report_html_text(out, report_clip(who, sizeof who, player_name(hp->players, seat), 8));
    fputs("</text>", out);
    trick_cost(out, hp, number, seat, k);
  }
}

/* The findings of trick number, each with the cards it says should have
 * been played (the evidence) drawn. */
static void trick_findings(FILE *out, const HandPage *hp, long number) {
  for (size_t f = 0; f < json_array_size(hp->findings); f++) {
    const json_t *fd = json_array_get(hp->findings, f);
    if (html_ji(fd, "trick") != number) continue;
    char ev[MAX_HELD][3];
    int nev = evidence_cards(html_js(fd, "detail"), ev, MAX_HELD);
    fprintf(out, "<div class=\"finding\" data-seat=\"%ld\" data-card=\"%s\" data-evidence=\"", html_ji(fd, "seat"),
            html_js(fd, "card"));
    for (int e = 0; e < nev; e++) fprintf(out, "%s%s", e ? " " : "", ev[e]);
    fputs("\"><strong>", out);
    report_html_text(out, html_js(fd, "kind"));
    fputs("</strong>: ", out);
    report_html_text(out, html_js(fd, "detail"));
    if (nev > 0) {
      fprintf(out, "<br>Should have played one of: <svg class=\"evidence\" viewBox=\"0 0 %d 44\" style=\"max-width:%dpx\" role=\"img\" aria-label=\"the evidence\">",
              nev * 32 + 2, (nev * 32 + 2) * 3 / 2);
      for (int e = 0; e < nev; e++) html_svg_card(out, ev[e], e * 32 + 1, 2, (int)html_ji(fd, "seat"), "evidence");
      fputs("</svg>", out);
    }
    fputs("</div>\n", out);
  }
}

/* The tricks: all of them without the script; with it, one at a time
 * (the stepper's buttons are hidden until the script shows them). */
static void hand_tricks(FILE *out, const HandPage *hp) {
  size_t ntricks = json_array_size(hp->tricks);
  if (ntricks == 0) return;
  fprintf(out, "<h2>Tricks</h2>\n<div class=\"stepper\" hidden><button type=\"button\" data-step=\"-1\" aria-label=\"previous trick\">\xE2\x97\x80 Prev</button>"
               " <span class=\"at\">before the first lead</span> "
               "<button type=\"button\" data-step=\"1\" aria-label=\"next trick\">Next \xE2\x96\xB6</button>"
               " <button type=\"button\" data-step=\"all\">All</button>"
               " <span class=\"hint\">(arrow keys step)</span> <span class=\"running\"></span></div>\n<ol class=\"tricks\" data-seats=\"%d\">\n",
          hp->nseats);
  for (size_t t = 0; t < ntricks; t++) {
    const json_t *tr = json_array_get(hp->tricks, t), *plays = json_object_get(tr, "plays");
    long number = html_ji(tr, "trick"), winner = html_ji(tr, "winner");
    fprintf(out, "<li class=\"trick\" id=\"trick-%ld\" data-trick=\"%ld\" data-winner=\"%ld\" data-counters=\"%ld\" data-plays=\"", number,
            number, winner, html_ji(tr, "counters"));
    for (size_t k = 0; k < json_array_size(plays); k++)
      fprintf(out, "%s%ld:%s", k ? " " : "", html_ji(json_array_get(plays, k), "seat"), html_js(json_array_get(plays, k), "card"));
    trick_cards(out, hp, plays, number, winner);
    fprintf(out, "</svg><p>Trick %ld: won by ", number);
    report_html_name(out, player_name(hp->players, winner));
    fprintf(out, ", %ld counters.", html_ji(tr, "counters"));
    trick_costly(out, hp, plays, number);
    fputs("</p>\n", out);
    trick_findings(out, hp, number);
    fputs("</li>\n", out);
  }
  fputs("</ol>\n", out);
  if (hp->costs)
    fputs("<p class=\"legend\">cost: the counters a play gave up for its side against the best card it held, "
          "double dummy (every hand known); <span class=\"costly\">a costly play</span> is outlined in orange.</p>\n",
          out);
}

/* Findings not on a trick (bids, meld, claims, the whole hand). */
static void hand_other_findings(FILE *out, const HandPage *hp) {
  bool other = false;
  for (size_t f = 0; f < json_array_size(hp->findings); f++) {
    const json_t *fd = json_array_get(hp->findings, f);
    if (!html_jnull(fd, "trick")) continue;
    if (!other) fputs("<h2>Other findings</h2>\n<ul class=\"findings\">", out);
    other = true;
    fputs("<li class=\"finding\"><strong>", out);
    report_html_text(out, html_js(fd, "kind"));
    fputs("</strong>: ", out);
    report_html_text(out, html_js(fd, "detail"));
    fputs("</li>", out);
  }
  if (other) fputs("</ul>\n", out);
}

/* The result table: per seat meld, counters, tricks, score and total. */
static void hand_score(FILE *out, const HandPage *hp) {
  const json_t *result = json_object_get(hp->j, "result");
  char buf[64];
  fputs("<h2>Score</h2>\n<div class=\"scroll\"><table class=\"result\"><thead><tr>", out);
  static const char *const RESULT[] = {"seat", "player", "side", "meld", "saved", "counters", "tricks", "score", "total"};
  for (int c = 0; c < 9; c++) fprintf(out, "<th>%s</th>", RESULT[c]);
  fputs("</tr></thead><tbody>\n", out);
  for (size_t r = 0; r < json_array_size(result); r++) {
    const json_t *row = json_array_get(result, r);
    fputs("<tr>", out);
    for (int c = 0; c < 9; c++) {
      fprintf(out, "<td%s>", c == 1 ? "" : " class=\"n\"");
      if (c == 1) {
        html_link_open(out, hp->html, "/players/", html_js(row, "player"), NULL);
        report_html_name(out, html_js(row, "player"));
        html_link_close(out, hp->html);
      } else report_html_text(out, html_jcell(json_object_get(row, RESULT[c]), buf, sizeof buf));
      fputs("</td>", out);
    }
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table></div>\n", out);
}

int report_html_hand(Store *store, const ReportHtml *html, const char *key, int number, FILE *out, PnDiag *diag) {
  HtmlCapture cap;
  int rc;
  if (!html_capture_open(&cap, diag)) return REPORT_ERROR;
  if ((rc = report_hand(store, key, number, OUT_JSON, cap.f, diag)) != 0) {
    html_capture_drop(&cap);
    return rc;
  }
  json_t *j = html_capture_json(&cap, diag);
  if (!j) return REPORT_ERROR;
  char title[400];
  snprintf(title, sizeof title, "Game %s, hand %d", html_js(j, "game"), number);
  report_html_begin(out, html, title);
  HandPage hp;
  hand_page_init(&hp, html, j);
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
  json_decref(j);
  return 0;
}
