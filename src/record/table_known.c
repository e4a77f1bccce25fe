/*
 * table_known.c - each line of a hand typed in table order checked at once
 * against every deal still possible (src/rules/known.h), and the gives and
 * discards checked for their size and seat.
 *
 * What the rows say of the hands at the start of the play: a seat held
 * the meld it showed, the cards it received less those it passed on, and
 * every card it plays; the auction widow is the bidder's or among the
 * discards; the turn-up is the dealer's or the dix exchanger's; a seat
 * that did not follow holds none of the suit led (unless it plays one
 * later: then the renege is proved at that play, and the void is not
 * kept), and a seat that did not head (or overtrump) where it had to
 * holds none of the cards that would have (unless it plays one later).
 * When no deal fits, the line is refused with what it contradicts; when
 * a deal fits only if a seat that showed out still held the suit, that
 * is a renege, asked about as the others are.
 */
#include <stdio.h>
#include <string.h>

#include "known.h"
#include "replay.h"
#include "table_int.h"

/* The trick (1-based) at which each seat last showed out of each suit
 * with no later play of it, 0 none. */
typedef int VoidTricks[PN_MAX_SEATS][PN_SUITS];

/* What the plays showed each seat does not hold. */
typedef struct Shown {
  VoidTricks voids;                          /* suits shown out of */
  int lack[PN_MAX_SEATS][PN_CARD_KINDS];     /* the trick (1-based) whose play showed the card is not held, 0 none */
  PnCard by[PN_MAX_SEATS][PN_CARD_KINDS];    /* the card played then */
} Shown;

static void count_cards(const PnEvent *ev, int counts[PN_CARD_KINDS]) {
  for (int i = 0; i < ev->ncards; i++) counts[ev->cards[i]]++;
}

/* The seat a give goes to (0: not known yet). */
static int give_to(const PnGame *g, const PnEvent *gives[2], int ngives, int i) {
  int from = gives[i]->seat, bidder = g->hand.high_bidder;
  if (ngives == 2) return gives[1 - i]->seat;
  if (!bidder) return 0;
  if (from != bidder) return bidder;
  return g->rules.sides == PN_SIDES_TEAMS ? pn_team_partner(&g->rules, from) : 0;
}

/* The give rows typed (the first two). */
static int typed_gives(const Recorder *r, const PnEvent *gives[2]) {
  int ngives = 0;
  for (int i = 0; i < r->ntyped && ngives < 2; i++)
    if (r->typed[i].action == PN_EV_GIVE) gives[ngives++] = &r->typed[i];
  return ngives;
}

/* The seat the give row ev goes to, 0 when not known yet. */
static int give_target(const Recorder *r, const PnGame *g, const PnEvent *ev) {
  const PnEvent *gives[2];
  int ngives = typed_gives(r, gives);
  for (int i = 0; i < ngives; i++)
    if (gives[i] == ev) return give_to(g, gives, ngives, i);
  return 0;
}

/* The cards received: each seat held them at the start of the play, less
 * any it passed on. */
static void known_gives(const Recorder *r, const PnGame *g, PnKnown *k) {
  const PnEvent *gives[2];
  int ngives = typed_gives(r, gives);
  int in[PN_MAX_SEATS][PN_CARD_KINDS] = {{0}}, out[PN_MAX_SEATS][PN_CARD_KINDS] = {{0}};
  for (int i = 0; i < ngives; i++) {
    int to = give_to(g, gives, ngives, i);
    if (to < 1) continue;
    count_cards(gives[i], in[to - 1]);
    count_cards(gives[i], out[gives[i]->seat - 1]);
  }
  for (int s = 0; s < g->rules.players; s++)
    for (int c = 0; c < PN_CARD_KINDS; c++)
      if (in[s][c] > out[s][c]) pn_known_hold(k, s, (PnCard)c, in[s][c] - out[s][c]);
}

/* The widow: the bidder's or discarded in an auction (anyone's while the
 * bidding goes on), else the pile's. */
static void known_widow(const PnGame *g, const PnEvent *widow, PnKnown *k) {
  unsigned pile = 1u << PN_KNOWN_PILE, mask = pile;
  if (g->rules.exchange == PN_EXCHANGE_WIDOW && g->hand.phase == PN_PHASE_BID)
    mask |= (1u << g->rules.players) - 1;
  else if (g->rules.exchange == PN_EXCHANGE_WIDOW && g->hand.high_bidder)
    mask |= 1u << (g->hand.high_bidder - 1);
  int counts[PN_CARD_KINDS] = {0};
  count_cards(widow, counts);
  for (int c = 0; c < PN_CARD_KINDS; c++)
    if (counts[c]) pn_known_among(k, (PnCard)c, counts[c], mask);
}

/* The turn-up is the dealer's, or the dix exchanger's (whoever that is
 * while no exchange is typed); the dix exchanged is then the dealer's. */
static void known_turnup(const Recorder *r, const PnGame *g, PnCard up, PnKnown *k) {
  int dix_rank = pn_dix_rank(g->rules.deck), dealer = g->hand.dealer;
  unsigned seats = (1u << g->rules.players) - 1;
  for (int i = 0; i < r->ntyped; i++) {
    const PnEvent *ev = &r->typed[i];
    if (ev->action != PN_EV_DIX || g->hand.trump < 0 || dix_rank < 0) continue;
    PnCard dix = PN_CARD(g->hand.trump, dix_rank);
    if (ev->dix == PN_DIX_SHOW || ev->seat == dealer) {
      pn_known_hold(k, ev->seat - 1, dix, 1);
      continue;
    }
    pn_known_among(k, up, 1, 1u << (ev->seat - 1));
    pn_known_among(k, dix, 1, 1u << (dealer - 1));
    return;
  }
  pn_known_among(k, up, 1, seats);
}

/* The rows that are not plays. */
static void known_rows(const Recorder *r, const PnGame *g, PnKnown *k) {
  bool widow_seen = false; /* the first widow row is the widow */
  for (int i = 0; i < r->ntyped; i++) {
    const PnEvent *ev = &r->typed[i];
    int counts[PN_CARD_KINDS] = {0};
    count_cards(ev, counts);
    if (ev->action == PN_EV_MELD && ev->seat >= 1)
      for (int c = 0; c < PN_CARD_KINDS; c++) pn_known_hold(k, ev->seat - 1, (PnCard)c, counts[c]);
    if (ev->action == PN_EV_DISCARD)
      for (int c = 0; c < PN_CARD_KINDS; c++) pn_known_hold(k, PN_KNOWN_PILE, (PnCard)c, counts[c]);
    if (ev->action == PN_EV_WIDOW && !widow_seen && g->rules.widow > 0) known_widow(g, ev, k);
    widow_seen |= ev->action == PN_EV_WIDOW;
    if (ev->action == PN_EV_TURNUP && ev->ncards == 1 && g->rules.flow == PN_FLOW_TURNUP)
      known_turnup(r, g, ev->cards[0], k);
  }
  known_gives(r, g, k);
}

/* A seat's play of a card it was shown not to hold: what that trick's
 * play showed is not kept (the renege is proved at this play). */
static void drop_lacks(Shown *sh, int s, PnCard card) {
  int trick = sh->lack[s][card];
  if (!trick) return;
  for (int c = 0; c < PN_CARD_KINDS; c++)
    if (sh->lack[s][c] == trick) sh->lack[s][c] = 0;
}

/* What play p shows its seat lacks, beyond the suits it shows out of.
 * Not in two-hand: draws bring cards after a play. */
static void shown_lacks(const PnGame *g, const Play *p, Shown *sh) {
  if (g->rules.flow == PN_FLOW_TWO_HAND) return;
  PnObligation ob;
  pn_obligation(g, &ob);
  PnCards no, deck;
  pn_play_lacks(&ob, p->before, p->count, g->hand.trump, p->card, &no);
  pn_deck_cards(g->rules.deck, &deck);
  int s = p->seat - 1;
  for (int c = 0; c < PN_CARD_KINDS; c++)
    if (no.n[c] && deck.n[c] && !sh->lack[s][c]) {
      sh->lack[s][c] = p->trick + 1;
      sh->by[s][c] = p->card;
    }
}

/* The plays, and the suits (and cards) each seat has shown it does not
 * hold (and not played since: a later play proves a renege instead). */
static void known_plays(const PnGame *g, const Tricks *t, PnKnown *k, Shown *sh) {
  memset(sh, 0, sizeof *sh);
  int (*voids)[PN_SUITS] = sh->voids;
  int trump = g->hand.trump;
  for (int i = 0; i < t->nplays; i++) {
    const Play *p = &t->plays[i];
    int s = p->seat - 1, suit = PN_SUIT(p->card);
    pn_known_play(k, s, p->card);
    voids[s][suit] = 0;
    drop_lacks(sh, s, p->card);
    if (p->count == 0 || !g->rules.follow) continue;
    shown_lacks(g, p, sh);
    int led = PN_SUIT(p->before[0]);
    if (suit == led) continue;
    if (!voids[s][led]) voids[s][led] = p->trick + 1;
    if (g->rules.trump_rule == PN_TRUMP_ALWAYS && trump >= 0 && suit != trump && !voids[s][trump])
      voids[s][trump] = p->trick + 1;
  }
  for (int s = 0; s < g->rules.players; s++) {
    for (int suit = 0; suit < PN_SUITS; suit++)
      if (voids[s][suit]) pn_known_void(k, s, suit);
    for (int c = 0; c < PN_CARD_KINDS; c++)
      if (sh->lack[s][c] && !voids[s][PN_SUIT(c)]) pn_known_lack(k, s, (PnCard)c);
  }
}

/* ---------------------------------------------------------------- words */

static const char *suit_plural(int suit) {
  static const char *const names[] = {"spades", "hearts", "diamonds", "clubs"};
  return suit >= 0 && suit < PN_SUITS ? names[suit] : "cards";
}

static void say_ordinal(Recorder *r, int n) {
  static const char *const words[] = {"", "first", "second", "third", "fourth", "fifth", "sixth"};
  if (n >= 1 && n <= 6) rec_say(r, "%s", words[n]);
  else rec_say(r, "%dth", n);
}

static void say_holder(Recorder *r, const PnGame *g, int h) {
  if (h == PN_KNOWN_PILE)
    rec_say(r, "%s", g->rules.exchange == PN_EXCHANGE_WIDOW && g->hand.high_bidder ? "the discards" : "the widow");
  else rec_say(r, "%s", rec_name(r, h + 1));
}

/* Where card was typed: each row that shows, passes, discards or plays it. */
static void say_sources(Recorder *r, const PnGame *g, const Tricks *t, PnCard card) {
  const char *sep = "";
  for (int i = 0; i < r->ntyped; i++) {
    const PnEvent *ev = &r->typed[i];
    int n = 0;
    for (int j = 0; j < ev->ncards; j++) n += ev->cards[j] == card;
    if (!n || ev->action == PN_EV_PLAY) continue;
    rec_say(r, "%s", sep);
    sep = "; ";
    if (ev->action == PN_EV_MELD) rec_say(r, "%s showed it in meld", rec_name(r, ev->seat));
    else if (ev->action == PN_EV_GIVE && give_target(r, g, ev))
      rec_say(r, "%s passed it to %s", rec_name(r, ev->seat), rec_name(r, give_target(r, g, ev)));
    else if (ev->action == PN_EV_GIVE) rec_say(r, "%s passed it", rec_name(r, ev->seat));
    else if (ev->action == PN_EV_DISCARD) rec_say(r, "%s discarded it", rec_name(r, ev->seat));
    else if (ev->action == PN_EV_WIDOW) rec_say(r, "it is in the widow");
    else if (ev->action == PN_EV_TURNUP) rec_say(r, "it is the turn-up");
    else rec_say(r, "%s (%s)", rec_name(r, ev->seat), pn_action_name(ev->action));
    if (n > 1) rec_say(r, " (%d times)", n);
  }
  for (int i = 0; i < t->nplays; i++)
    if (t->plays[i].card == card) {
      rec_say(r, "%s%s played it at trick %d", sep, rec_name(r, t->plays[i].seat), t->plays[i].trick + 1);
      sep = "; ";
    }
}

/* "Cal (seat 3) played QS at trick 4 and holds no AS or TS": what the
 * play at `trick` showed seat s lacks, of suit ("no hearts": all of it). */
static void say_lack(Recorder *r, const PnGame *g, const Shown *sh, int s, int suit, int trick) {
  char two[3];
  PnCard by = PN_NO_CARD;
  PnCards deck;
  pn_deck_cards(g->rules.deck, &deck);
  int n = 0, total = 0, in_deck = 0;
  for (int c = PN_CARD(suit, 0); c < PN_CARD(suit, 0) + PN_RANKS; c++) {
    in_deck += deck.n[c] > 0;
    if (sh->lack[s][c] == trick) total++, by = sh->by[s][c];
  }
  rec_say(r, "%s (seat %d) played %s at trick %d and holds no ", rec_name(r, s + 1), s + 1, pn_card_str(by, two), trick);
  if (total == in_deck) {
    rec_say(r, "%s", suit_plural(suit));
    return;
  }
  for (int c = 0; c < PN_CARD_KINDS; c++)
    if (sh->lack[s][c] == trick && PN_SUIT(c) == suit) {
      n++;
      rec_say(r, "%s%s", n == 1 ? "" : n == total ? " or " : ", ", pn_card_str((PnCard)c, two));
    }
}

/* The seats that showed out of suit, with the trick, and those whose
 * plays showed they lack cards of it. */
static void say_voids(Recorder *r, const PnGame *g, const Shown *sh, int suit, unsigned except) {
  const char *sep = "";
  for (int s = 0; s < g->rules.players; s++) {
    if (except & (1u << s)) continue;
    if (sh->voids[s][suit]) {
      rec_say(r, "%s%s (seat %d) showed out of %s at trick %d", sep, rec_name(r, s + 1), s + 1, suit_plural(suit),
              sh->voids[s][suit]);
      sep = ", ";
      continue;
    }
    bool said[PN_MAX_HAND + 2] = {false}; /* a trick's lacks said once */
    for (int c = PN_CARD(suit, 0); c < PN_CARD(suit, 0) + PN_RANKS; c++)
      if (sh->lack[s][c] && !said[sh->lack[s][c]]) {
        said[sh->lack[s][c]] = true;
        rec_say(r, "%s", sep);
        say_lack(r, g, sh, s, suit, sh->lack[s][c]);
        sep = ", ";
      }
  }
}

static void say_no_room(Recorder *r, const PnGame *g, const PnKnownWhy *why) {
  rec_say(r, "the %d %s not yet seen ", why->count, why->suit >= 0 ? suit_plural(why->suit) : "cards");
  if (!why->holders) {
    rec_say(r, "can be with no one");
    return;
  }
  rec_say(r, "can only be with ");
  for (int h = 0, n = 0; h < PN_KNOWN_HOLDERS; h++)
    if (why->holders & (1u << h)) {
      rec_say(r, "%s", n++ ? " or " : "");
      say_holder(r, g, h);
    }
  rec_say(r, ", with room for %d", why->limit);
}

/* Why no deal fits, as the line's error. */
static void say_refusal(Recorder *r, const PnGame *g, const Tricks *t, const PnKnownWhy *why) {
  char two[3];
  rec_say(r, "error: ");
  switch (why->kind) {
    case PN_KNOWN_TOO_MANY_COPIES:
      rec_say(r, "a ");
      say_ordinal(r, why->limit + 1);
      rec_say(r, " %s, the deck has %d: ", pn_card_str(why->card, two), why->limit);
      say_sources(r, g, t, why->card);
      break;
    case PN_KNOWN_OVERFULL:
      say_holder(r, g, why->holder);
      if (why->holder == PN_KNOWN_PILE) rec_say(r, " would be %d cards, not %d", why->count, why->limit);
      else
        rec_say(r, " (seat %d) would hold %d cards (played, shown in meld and received), a hand is %d", why->holder + 1,
                why->count, why->limit);
      break;
    case PN_KNOWN_NO_ROOM: say_no_room(r, g, why); break;
    default: rec_say(r, "no deal agrees with the cards typed"); break;
  }
  rec_say(r, "\n");
}

/* A deal fits only if a seat that showed out still held the suit. */
static void say_void_renege(Recorder *r, const PnGame *g, const Shown *sh, const PnKnownWhy *why) {
  char two[3];
  rec_say(r, "renege: ");
  if (why->kind == PN_KNOWN_VOID_HELD) {
    rec_say(r, "%s (seat %d) showed out of %s at trick %d, yet holds %s (shown in meld or received)\n",
            rec_name(r, why->holder + 1), why->holder + 1, suit_plural(why->suit), sh->voids[why->holder][why->suit],
            pn_card_str(why->card, two));
    return;
  }
  if (why->kind == PN_KNOWN_LACK_HELD) {
    say_lack(r, g, sh, why->holder, why->suit, sh->lack[why->holder][why->card]);
    rec_say(r, ", yet holds %s (shown in meld or received)\n", pn_card_str(why->card, two));
    return;
  }
  if (why->kind == PN_KNOWN_NO_ROOM && why->suit >= 0) {
    say_voids(r, g, sh, why->suit, why->holders);
    rec_say(r, ", yet ");
    say_no_room(r, g, why);
    rec_say(r, "\n");
    return;
  }
  rec_say(r, "a seat that showed out of a suit (or did not head a trick) still held a card of it\n");
}

int table_check_known(Recorder *r, const PnGame *g, const Tricks *t, unsigned *renege_seat) {
  PnKnown k;
  Shown sh;
  pn_known_init(&k, &g->rules);
  known_rows(r, g, &k);
  known_plays(g, t, &k, &sh);
  unsigned every = (1u << PN_KNOWN_HOLDERS) - 1, suits = (1u << PN_SUITS) - 1;
  PnKnownWhy why, plain;
  if (renege_seat) *renege_seat = 0;
  bool fits = r->voids_waived ? pn_known_check_ignoring(&k, every, suits, &why) : pn_known_check(&k, &why);
  if (fits) return 0;
  if (r->voids_waived || !pn_known_check_ignoring(&k, every, suits, &plain)) {
    say_refusal(r, g, t, r->voids_waived ? &why : &plain);
    return -1;
  }
  say_void_renege(r, g, &sh, &why);
  if (renege_seat && (why.kind == PN_KNOWN_VOID_HELD || why.kind == PN_KNOWN_LACK_HELD)) *renege_seat = 1u << why.holder;
  return 1;
}

/* ------------------------------------------------------------ exchanges */

/* The row of this action typed before, or NULL. */
static const PnEvent *typed_before(const Recorder *r, PnAction action, int seat) {
  for (int i = 0; i < r->ntyped; i++)
    if (r->typed[i].action == action && (!seat || r->typed[i].seat == seat)) return &r->typed[i];
  return NULL;
}

static int check_give(Recorder *r, const PnGame *g, const PnEvent *ev) {
  const PnRules *ru = &g->rules;
  int bidder = g->hand.high_bidder, seat = ev->seat;
  if (ru->exchange != PN_EXCHANGE_PASS && ru->exchange != PN_EXCHANGE_CALL_PASS) {
    rec_say(r, "error: %s (seat %d) does not pass cards: %s has no passing\n", rec_name(r, seat), seat, ru->preset);
    return -1;
  }
  int partner = ru->sides == PN_SIDES_TEAMS && bidder ? pn_team_partner(ru, bidder) : 0;
  if (partner && seat != bidder && seat != partner) {
    rec_say(r, "error: %s (seat %d) does not pass cards: only the bidder (%s) and partner (%s) do\n",
            rec_name(r, seat), seat, rec_name(r, bidder), rec_name(r, partner));
    return -1;
  }
  if (ev->ncards != ru->pass_cards) {
    rec_say(r, "error: a pass is %d cards, not %d\n", ru->pass_cards, ev->ncards);
    return -1;
  }
  if (typed_before(r, PN_EV_GIVE, seat)) {
    rec_say(r, "error: %s (seat %d) has already passed\n", rec_name(r, seat), seat);
    return -1;
  }
  return 0;
}

static int check_discard(Recorder *r, const PnGame *g, const PnEvent *ev) {
  const PnRules *ru = &g->rules;
  int bidder = g->hand.high_bidder;
  if (ru->exchange != PN_EXCHANGE_WIDOW || ru->widow == 0) {
    rec_say(r, "error: no one discards in %s\n", ru->preset);
    return -1;
  }
  if (bidder && ev->seat != bidder) {
    rec_say(r, "error: %s (seat %d) does not discard: only the bidder (%s) does\n", rec_name(r, ev->seat), ev->seat,
            rec_name(r, bidder));
    return -1;
  }
  if (ev->ncards != ru->widow) {
    rec_say(r, "error: a discard is %d cards, not %d\n", ru->widow, ev->ncards);
    return -1;
  }
  if (typed_before(r, PN_EV_DISCARD, 0)) {
    rec_say(r, "error: the discard is typed already\n");
    return -1;
  }
  return 0;
}

int table_check_exchange(Recorder *r, const PnGame *g, const PnEvent *ev) {
  if ((ev->action == PN_EV_WIDOW || ev->action == PN_EV_TURNUP) && typed_before(r, ev->action, 0)) {
    rec_say(r, "error: the %s is typed already\n", ev->action == PN_EV_WIDOW ? "widow" : "turn-up");
    return -1;
  }
  if (ev->action == PN_EV_GIVE) return check_give(r, g, ev);
  if (ev->action == PN_EV_DISCARD) return check_discard(r, g, ev);
  return 0;
}
