/* event.c - one event-log row's text fields to a PnEvent. */
#include "pinochle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEAT PN_SHAPE_SEAT
#define CARDS PN_SHAPE_CARDS
#define VALUE PN_SHAPE_VALUE

/* Each action's name and what its row carries: the one table of them. */
static const struct {
  const char *name;
  unsigned shape;
} ACTIONS[PN_EV_KINDS] = {
    [PN_EV_DEALER] = {"dealer", 0},
    [PN_EV_DEAL] = {"deal", SEAT | CARDS},
    [PN_EV_TURNUP] = {"turnup", CARDS},
    [PN_EV_STOCK] = {"stock", CARDS},
    [PN_EV_WIDOW] = {"widow", CARDS},
    [PN_EV_BID] = {"bid", SEAT | VALUE},
    [PN_EV_PASS] = {"pass", SEAT},
    [PN_EV_TRUMP] = {"trump", SEAT | VALUE},
    [PN_EV_CALL] = {"call", SEAT | CARDS},
    [PN_EV_DISCARD] = {"discard", SEAT | CARDS},
    [PN_EV_GIVE] = {"give", SEAT | CARDS},
    [PN_EV_DIX] = {"dix", SEAT | CARDS | VALUE},
    [PN_EV_MELD] = {"meld", SEAT | CARDS | VALUE},
    [PN_EV_MOON] = {"moon", SEAT},
    [PN_EV_PLAY] = {"play", SEAT | CARDS},
    [PN_EV_OUT] = {"out", SEAT},
    [PN_EV_SCORE] = {"score", SEAT | VALUE},
};

const char *pn_action_name(PnAction action) {
  return (action >= 0 && action < PN_EV_KINDS) ? ACTIONS[action].name : "unknown";
}

int pn_action_parse(const char *name) {
  for (int a = 0; a < PN_EV_KINDS; a++) /* the first letter rules out most names without a call */
    if (ACTIONS[a].name[0] == name[0] && strcmp(ACTIONS[a].name, name) == 0) return a;
  return -1;
}

unsigned pn_action_shape(PnAction action) {
  return (action >= 0 && action < PN_EV_KINDS) ? ACTIONS[action].shape : 0;
}

static bool parse_number(const char *text, int *out) {
  char *end;
  if (!*text) return false;
  long v = strtol(text, &end, 10);
  if (*end || end == text || v < -100000000L || v > 100000000L) return false;
  *out = (int)v;
  return true;
}

int pn_event_from_text(PnAction action, int seat, const char *cards, const char *value,
                       PnEvent *ev, int *col, char *err, size_t errlen) {
  memset(ev, 0, sizeof *ev);
  ev->action = action;
  ev->seat = seat;
  ev->suit = -1;
  ev->meld = -1;
  size_t bad = 0;
  int n = pn_cards_parse(cards, strlen(cards), ev->cards, PN_MAX_EVENT_CARDS, &bad);
  if (n == -2) {
    *col = 6;
    snprintf(err, errlen, "more than %d cards", PN_MAX_EVENT_CARDS);
    return -1;
  }
  if (n < 0) {
    size_t len = strcspn(cards + bad, " \t");
    *col = 6;
    snprintf(err, errlen, "unknown card '%.*s'", (int)(len > 20 ? 20 : len), cards + bad);
    return -1;
  }
  ev->ncards = n;
  *col = 7;
  switch (action) {
  case PN_EV_BID:
  case PN_EV_SCORE:
    if (!parse_number(value, &ev->value)) {
      snprintf(err, errlen, "%s needs a whole number, not '%.40s'", pn_action_name(action), value);
      return -1;
    }
    ev->has_value = true;
    break;
  case PN_EV_TRUMP:
    ev->suit = pn_suit_parse(value);
    if (ev->suit < 0) {
      snprintf(err, errlen, "trump needs a suit letter S, H, D or C, not '%.40s'", value);
      return -1;
    }
    break;
  case PN_EV_DIX:
    if (strcmp(value, "exchange") == 0) ev->dix = PN_DIX_EXCHANGE;
    else if (strcmp(value, "show") == 0) ev->dix = PN_DIX_SHOW;
    else {
      snprintf(err, errlen, "dix value must be exchange or show, not '%.40s'", value);
      return -1;
    }
    break;
  case PN_EV_MELD:
    if (!*value) break;
    if (parse_number(value, &ev->value)) {
      ev->has_value = true;
    } else {
      ev->meld = pn_meld_parse(value);
      if (ev->meld < 0) {
        snprintf(err, errlen, "meld value must be points or a meld name, not '%.40s'", value);
        return -1;
      }
    }
    break;
  default:
    break;
  }
  *col = 0;
  return 0;
}

void pn_event_complete(const PnGame *game, PnEvent *ev) {
  if (ev->action != PN_EV_DIX || ev->ncards != 0) return;
  int rank = pn_dix_rank(game->rules.deck);
  int trump = game->hand.trump;
  if (rank < 0 || trump < 0 || trump >= PN_SUITS) return;
  ev->cards[0] = (PnCard)PN_CARD(trump, rank);
  ev->ncards = 1;
}

void pn_event_cards(const PnEvent *ev, PnCards *out) {
  memset(out, 0, sizeof *out);
  pn_cards_add_list(out, ev->cards, ev->ncards);
}
