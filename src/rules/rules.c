/* rules.c - the twelve presets and every parameter, settable by name. */
#include "pinochle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Defaults shared by most presets; each preset's function changes what differs. */
static const PnRules BASE_RULES = {
    .players = 4, .deck = PN_DECK_SINGLE, .hand_size = 12, .widow = 0, .flow = PN_FLOW_BID,
    .bidding = PN_BIDDING_OPEN, .sides = PN_SIDES_TEAMS, .exchange = PN_EXCHANGE_NONE,
    .dealt_all = true, .table = PN_TABLE_TENS, .dix_in_meld = true, .target = 1000,
    .target_step = 0, .min_bid = 250, .bid_step = 10, .bid_fine_until = 0, .moon = 0,
    .renege_set = false, .all_pass_redeal = false, .follow = true, .head = PN_HEAD_TRUMP_LEAD,
    .trump_rule = PN_TRUMP_ALWAYS, .head_led = false, .phase1_free = false,
    .count = PN_COUNT_TENS, .run_royal = false, .meld_needs_trick = true, .pass_cards = 0,
    .pass_together = false, .lose_at_on = false, .lose_at = 0, .trump_req = PN_TRUMPREQ_NONE,
    .side_minimum = 0, .no_trick_no_score = false, .target_exceed = false,
    .both_over_higher = false,
};

static void two_hand(PnRules *r) {
  r->players = 2;
  r->flow = PN_FLOW_TWO_HAND;
  r->bidding = PN_BIDDING_NONE;
  r->sides = PN_SIDES_SOLO;
  r->exchange = PN_EXCHANGE_DIX;
  r->table = PN_TABLE_CLASSIC;
  r->dix_in_meld = false;
  r->target_step = 250;
  r->min_bid = 0;
  r->phase1_free = true;
  r->count = PN_COUNT_CLASSIC;
  r->meld_needs_trick = false;
}

static void two_hand_64(PnRules *r) {
  two_hand(r);
  r->deck = PN_DECK_SINGLE64;
}

static void two_hand_bid(PnRules *r) {
  r->players = 2;
  r->bidding = PN_BIDDING_TWO_HAND;
  r->sides = PN_SIDES_SOLO;
  r->dealt_all = false;
  r->table = PN_TABLE_UNIT;
  r->target = 100;
  r->min_bid = 10;
  r->bid_step = 1;
  r->head = PN_HEAD_NEVER;
  r->trump_rule = PN_TRUMP_NO;
  r->count = PN_COUNT_UNIT;
  r->trump_req = PN_TRUMPREQ_MARRIAGE_OR_DIX;
  r->no_trick_no_score = true;
  r->target_exceed = true;    /* "a score higher than the pre-set game limit" */
  r->both_over_higher = true; /* "both above: the one with the higher score" */
}

static void turn_up(PnRules *r, int players, int hand_size, PnSides sides) {
  r->players = players;
  r->hand_size = hand_size;
  r->flow = PN_FLOW_TURNUP;
  r->bidding = PN_BIDDING_NONE;
  r->sides = sides;
  r->exchange = PN_EXCHANGE_DIX;
  r->dix_in_meld = false;
  r->min_bid = 0;
}

static void three_hand(PnRules *r) { turn_up(r, 3, 16, PN_SIDES_SOLO); }
static void cutthroat_four(PnRules *r) { turn_up(r, 4, 12, PN_SIDES_SOLO); }
static void partnership(PnRules *r) { turn_up(r, 4, 12, PN_SIDES_TEAMS); }

static void auction(PnRules *r) {
  r->players = 3;
  r->hand_size = 15;
  r->widow = 3;
  r->sides = PN_SIDES_SOLO;
  r->exchange = PN_EXCHANGE_WIDOW;
}

static void partnership_auction(PnRules *r) {
  r->target = 1500;
  r->moon = 1500;
  r->head = PN_HEAD_ALWAYS;
  r->trump_rule = PN_TRUMP_IF_CAN_WIN;
  r->exchange = PN_EXCHANGE_PASS;
  r->pass_cards = 4;
}

static void single_bid(PnRules *r) {
  r->bidding = PN_BIDDING_ONCE;
  r->min_bid = 100;
}

static void firehouse(PnRules *r) {
  r->bidding = PN_BIDDING_ONCE;
  r->min_bid = 200;
}

static void five_call(PnRules *r) {
  r->players = 5;
  r->deck = PN_DECK_DOUBLE;
  r->hand_size = 16;
  r->sides = PN_SIDES_CALLED;
  r->exchange = PN_EXCHANGE_CALL_PASS;
  r->table = PN_TABLE_DOUBLE10;
  r->dix_in_meld = false;
  r->target = 1500;
  r->moon = 1500;
  r->head = PN_HEAD_ALWAYS;
  r->trump_rule = PN_TRUMP_IF_CAN_WIN;
  r->count = PN_COUNT_TENS20;
  r->pass_cards = 3;
}

static void double_deck(PnRules *r) {
  r->deck = PN_DECK_DOUBLE;
  r->hand_size = 20;
  r->table = PN_TABLE_DOUBLE;
  r->dix_in_meld = false;
  r->target = 500;
  r->min_bid = 50;
  r->bid_step = 5;
  r->bid_fine_until = 60;
  r->head = PN_HEAD_ALWAYS;
  r->count = PN_COUNT_UNIT2;
  r->trump_req = PN_TRUMPREQ_MARRIAGE;
  r->side_minimum = 20;
}

/* The presets (RULES.md section 5), in `pinochle rules` order: each sets
 * what differs from BASE_RULES.  A new preset is one function above and
 * one row here. */
static const struct {
  const char *name;          /* preset name */
  const char *summary;       /* one line for `pinochle rules` */
  void (*set)(PnRules *r);   /* changes BASE_RULES into the preset */
} PRESETS[] = {
    {"two-hand", "2 players, stock and draws, progressive meld, two-hand (classic) meld table and count", two_hand},
    {"two-hand-64", "two-hand with the 64-card deck (8s and 7s; the dix is the 7)", two_hand_64},
    {"two-hand-bid", "2 players, 12 each (24 unused), bid from 10 by 1, unit table and count", two_hand_bid},
    {"three-hand", "3 players, 16 each, dealer's last card turned up for trump, dix exchange", three_hand},
    {"auction", "3 players, 15 each and a widow of 3, open bidding from 250", auction},
    {"cutthroat-four", "4 players each alone, 12 each, turned-up trump", cutthroat_four},
    {"partnership", "2 teams (1+3, 2+4), 12 each, turned-up trump", partnership},
    {"partnership-auction", "2 teams, open bidding from 250, partners pass 4 each way, to 1500",
     partnership_auction},
    {"single-bid", "2 teams, one bid each, minimum 100", single_bid},
    {"firehouse", "2 teams, one bid each, minimum 200; all pass: the dealer takes 200", firehouse},
    {"five-call", "5 players, double deck, bidder calls a card for a partner, pass 3", five_call},
    {"double-deck", "2 teams, double deck, 20 each, bid 50..60 by 1 then by 5, 20/20 minimums", double_deck},
};
enum { PRESET_COUNT = sizeof PRESETS / sizeof PRESETS[0] };

int pn_preset_count(void) { return PRESET_COUNT; }

const char *pn_preset_name(int index) {
  return (index >= 0 && index < PRESET_COUNT) ? PRESETS[index].name : NULL;
}

const char *pn_preset_summary(int index) {
  return (index >= 0 && index < PRESET_COUNT) ? PRESETS[index].summary : NULL;
}

int pn_rules_preset(PnRules *rules, const char *name) {
  for (int i = 0; i < PRESET_COUNT; i++)
    if (strcmp(PRESETS[i].name, name) == 0) {
      *rules = BASE_RULES;
      rules->preset = PRESETS[i].name;
      PRESETS[i].set(rules);
      return 0;
    }
  return -1;
}

/* ----------------------------------------------------------- parameters */

typedef enum { P_INT, P_BOOL, P_CHOICE, P_INT_OR_OFF } ParamType;

/* One word of a P_CHOICE parameter and the value it stores (an enum
 * constant, or 0/1 for a bool field): a table, so no list has to stay
 * in an enum's order. */
typedef struct Choice {
  const char *name;      /* the word, as in `option name=word` */
  int value;             /* what the field holds */
} Choice;

/* A Choice list ended by {NULL}. */
#define CHOICES(...) ((const Choice[]){__VA_ARGS__, {NULL, 0}})

typedef struct Param {
  const char *name;      /* the option's name */
  ParamType type;        /* how its value is written */
  const Choice *choices; /* P_CHOICE: the words, ended by {NULL} */
  int min, max;          /* P_INT bounds */
  size_t offset;         /* field in PnRules */
  size_t flag_offset;    /* P_INT_OR_OFF: bool "on" field, or NOFLAG */
  bool stored_bool;      /* the field is a bool (else an int or an enum) */
  const char *help;      /* one line */
} Param;

#define OFF(field) offsetof(PnRules, field)
#define NOFLAG ((size_t)-1)

static const Param PARAMS[] = {
    {"target", P_INT, NULL, 1, 1000000, OFF(target), NOFLAG, false, "game target score"},
    {"target_step", P_INT, NULL, 0, 100000, OFF(target_step), NOFLAG, false,
     "raise the target by this while both players are over it (two-hand 250; 0 = never)"},
    {"min_bid", P_INT, NULL, 0, 100000, OFF(min_bid), NOFLAG, false, "minimum (and forced) bid"},
    {"bid_step", P_INT, NULL, 1, 1000, OFF(bid_step), NOFLAG, false, "bids are multiples of this"},
    {"bid_fine_until", P_INT, NULL, 0, 100000, OFF(bid_fine_until), NOFLAG, false,
     "any whole number is a legal bid up to this (double-deck 60)"},
    {"moon", P_INT_OR_OFF, NULL, 1, 1000000, OFF(moon), NOFLAG, false,
     "shoot-the-moon value, or off"},
    {"renege_penalty", P_CHOICE, CHOICES({"none", 0}, {"set", 1}), 0, 0, OFF(renege_set), NOFLAG, true,
     "none: scores as played; set: a reneging side is set"},
    {"all_pass", P_CHOICE, CHOICES({"dealer", 0}, {"redeal", 1}), 0, 0, OFF(all_pass_redeal), NOFLAG, true,
     "all pass: the dealer takes the minimum bid, or the hand is redealt"},
    {"follow", P_BOOL, NULL, 0, 0, OFF(follow), NOFLAG, true, "must follow the suit led"},
    {"head", P_CHOICE, CHOICES({"never", PN_HEAD_NEVER}, {"trump-lead", PN_HEAD_TRUMP_LEAD}, {"always", PN_HEAD_ALWAYS}), 0, 0, OFF(head), NOFLAG, false,
     "must beat the winning card when following suit"},
    {"trump_rule", P_CHOICE, CHOICES({"no", PN_TRUMP_NO}, {"always", PN_TRUMP_ALWAYS}, {"if-can-win", PN_TRUMP_IF_CAN_WIN}), 0, 0, OFF(trump_rule), NOFLAG, false,
     "must play a trump when void in the suit led"},
    {"count", P_CHOICE, CHOICES({"classic", PN_COUNT_CLASSIC}, {"tens", PN_COUNT_TENS}, {"tens20", PN_COUNT_TENS20},
             {"unit", PN_COUNT_UNIT}, {"unit2", PN_COUNT_UNIT2}), 0, 0, OFF(count), NOFLAG, false,
     "counting scheme for cards won in tricks"},
    {"head_suit", P_CHOICE, CHOICES({"winning", 0}, {"led", 1}), 0, 0, OFF(head_led), NOFLAG, true,
     "heading beats the winning card, or the best card of the led suit"},
    {"run_royal", P_BOOL, NULL, 0, 0, OFF(run_royal), NOFLAG, true,
     "the run's K-Q also count as a royal marriage"},
    {"meld_needs_trick", P_BOOL, NULL, 0, 0, OFF(meld_needs_trick), NOFLAG, true,
     "meld counts only if the side takes a trick"},
    {"pass_cards", P_INT, NULL, 0, PN_MAX_PASS_CARDS, OFF(pass_cards), NOFLAG, false, "cards passed each way"},
    {"pass_order", P_CHOICE, CHOICES({"partner-first", 0}, {"together", 1}), 0, 0, OFF(pass_together), NOFLAG, true,
     "the partner passes first, or both pass at once from the hand as dealt"},
    {"lose_at", P_INT_OR_OFF, NULL, -1000000, 1000000, OFF(lose_at), OFF(lose_at_on), false,
     "a side at or below this running score loses, or off"},
    {"phase1_free", P_BOOL, NULL, 0, 0, OFF(phase1_free), NOFLAG, true,
     "two-hand: no play obligations while the stock lasts"},
    {"dix_in_meld", P_BOOL, NULL, 0, 0, OFF(dix_in_meld), NOFLAG, true,
     "the dix counts inside a shown meld (else only by dix rows)"},
    {"meld_table", P_CHOICE, CHOICES({"tens", PN_TABLE_TENS}, {"classic", PN_TABLE_CLASSIC}, {"unit", PN_TABLE_UNIT},
             {"double", PN_TABLE_DOUBLE}, {"double10", PN_TABLE_DOUBLE10}), 0, 0, OFF(table), NOFLAG, false,
     "meld values: tens (a double meld 10x), classic (two-hand: doubles 2x but double pinochle 300), "
     "unit (run 15, round robin), double (double deck, up to 4 sets), double10 (double x10)"},
    {"trump_needs", P_CHOICE, CHOICES({"none", PN_TRUMPREQ_NONE}, {"marriage-or-dix", PN_TRUMPREQ_MARRIAGE_OR_DIX},
             {"marriage", PN_TRUMPREQ_MARRIAGE}), 0, 0, OFF(trump_req), NOFLAG, false,
     "what the bidder must hold in the suit named trump, else set"},
    {"side_minimum", P_INT, NULL, 0, 1000, OFF(side_minimum), NOFLAG, false,
     "double-deck: counters needed to score, and meld needed for meld to count (0 = none)"},
    {"no_trick_no_score", P_BOOL, NULL, 0, 0, OFF(no_trick_no_score), NOFLAG, true,
     "a player who takes no trick scores nothing"},
    {"target_rule", P_CHOICE, CHOICES({"reach", 0}, {"exceed", 1}), 0, 0, OFF(target_exceed), NOFLAG, true,
     "a side wins on reaching the target, or only on passing it (two-hand-bid)"},
    {"both_over", P_CHOICE, CHOICES({"bidder", 0}, {"higher", 1}), 0, 0, OFF(both_over_higher), NOFLAG, true,
     "several sides over the target in one hand: the bidding side wins, or the higher score "
     "(a tie: the bidding side)"},
};
enum { PARAM_COUNT = sizeof PARAMS / sizeof PARAMS[0] };

int pn_param_count(void) { return PARAM_COUNT; }
const char *pn_param_name(int index) {
  return (index >= 0 && index < PARAM_COUNT) ? PARAMS[index].name : NULL;
}
const char *pn_param_help(int index) {
  return (index >= 0 && index < PARAM_COUNT) ? PARAMS[index].help : NULL;
}

/* Enum fields are stored as int; the assertion keeps that honest. */
_Static_assert(sizeof(PnHead) == sizeof(int), "enum fields are stored as int");

static int field_get(const PnRules *rules, const Param *p) {
  const char *field = (const char *)rules + p->offset;
  return p->stored_bool ? *(const bool *)field : *(const int *)field;
}

static void field_set(PnRules *rules, const Param *p, int value) {
  char *field = (char *)rules + p->offset;
  if (p->stored_bool) *(bool *)field = value != 0;
  else *(int *)field = value;
}

/* The choice named word, or NULL. */
static const Choice *choice_named(const Choice *choices, const char *word) {
  for (const Choice *c = choices; c->name; c++)
    if (strcmp(c->name, word) == 0) return c;
  return NULL;
}

/* The choice whose value is v, or NULL. */
static const Choice *choice_valued(const Choice *choices, int v) {
  for (const Choice *c = choices; c->name; c++)
    if (c->value == v) return c;
  return NULL;
}

/* "a|b|c" for a message; returns buf. */
static const char *choice_list(const Choice *choices, char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (const Choice *c = choices; c->name && used < size; c++) {
    int n = snprintf(buf + used, size - used, "%s%s", c == choices ? "" : "|", c->name);
    if (n < 0) break;
    used += (size_t)n;
  }
  return buf;
}

static bool parse_int(const char *text, int *out) {
  char *end;
  if (!*text) return false;
  long v = strtol(text, &end, 10);
  if (*end || v < -1000000000L || v > 1000000000L) return false;
  *out = (int)v;
  return true;
}

int pn_rules_set(PnRules *rules, const char *name, const char *value, char *err, size_t errlen) {
  const Param *p = NULL;
  for (int i = 0; i < PARAM_COUNT; i++)
    if (strcmp(PARAMS[i].name, name) == 0) p = &PARAMS[i];
  if (!p) {
    snprintf(err, errlen, "unknown option '%s'", name);
    return -1;
  }
  int v;
  switch (p->type) {
  case P_BOOL:
    if (strcmp(value, "yes") == 0) v = 1;
    else if (strcmp(value, "no") == 0) v = 0;
    else goto bad;
    break;
  case P_CHOICE: {
    const Choice *c = choice_named(p->choices, value);
    if (!c) goto bad;
    v = c->value;
    break;
  }
  case P_INT_OR_OFF:
    if (strcmp(value, "off") == 0) {
      if (p->flag_offset != NOFLAG) *(bool *)((char *)rules + p->flag_offset) = false;
      else field_set(rules, p, 0);
      return 0;
    }
    /* fall through */
  case P_INT:
    if (!parse_int(value, &v) || v < p->min || v > p->max) goto bad;
    if (p->flag_offset != NOFLAG) *(bool *)((char *)rules + p->flag_offset) = true;
    break;
  default:
    goto bad;
  }
  field_set(rules, p, v);
  return 0;
bad:
  if (p->type == P_BOOL) snprintf(err, errlen, "option %s takes yes or no, not '%s'", name, value);
  else if (p->type == P_CHOICE) {
    char words[160];
    snprintf(err, errlen, "option %s takes one of %s, not '%s'", name, choice_list(p->choices, words, sizeof words),
             value);
  }
  else if (p->type == P_INT_OR_OFF)
    snprintf(err, errlen, "option %s takes a whole number or off, not '%s'", name, value);
  else
    snprintf(err, errlen, "option %s takes a whole number from %d to %d, not '%s'", name, p->min,
             p->max, value);
  return -1;
}

int pn_rules_set_option(PnRules *rules, const char *option, char *err, size_t errlen) {
  const char *eq = strchr(option, '=');
  char name[64];
  if (!eq || eq == option || (size_t)(eq - option) >= sizeof name) {
    snprintf(err, errlen, "option '%s' is not name=value", option);
    return -1;
  }
  memcpy(name, option, (size_t)(eq - option));
  name[eq - option] = '\0';
  return pn_rules_set(rules, name, eq + 1, err, errlen);
}

const char *pn_param_value(const PnRules *rules, int index, char *buf, size_t size) {
  if (index < 0 || index >= PARAM_COUNT) {
    snprintf(buf, size, "?");
    return buf;
  }
  const Param *p = &PARAMS[index];
  int v = field_get(rules, p);
  switch (p->type) {
  case P_BOOL: snprintf(buf, size, "%s", v ? "yes" : "no"); break;
  case P_CHOICE: {
    const Choice *c = choice_valued(p->choices, v);
    snprintf(buf, size, "%s", c ? c->name : "?");
    break;
  }
  case P_INT_OR_OFF: {
    bool on = p->flag_offset != NOFLAG ? *(const bool *)((const char *)rules + p->flag_offset)
                                       : v != 0;
    if (on) snprintf(buf, size, "%d", v);
    else snprintf(buf, size, "off");
    break;
  }
  case P_INT: snprintf(buf, size, "%d", v); break;
  }
  return buf;
}
