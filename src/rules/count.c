/* count.c - counting the cards won in tricks (RULES.md section 4). */
#include "pinochle.h"

/* Points by rank A T K Q J 9 8 7, for a counting scheme. */
static const int *counter_table(PnCount scheme) {
  static const int CLASSIC[PN_RANKS] = {11, 10, 4, 3, 2, 0, 0, 0};
  static const int TENS[PN_RANKS] = {10, 10, 10, 0, 0, 0, 0, 0};
  static const int UNIT[PN_RANKS] = {1, 1, 1, 0, 0, 0, 0, 0};
  switch (scheme) {
  case PN_COUNT_CLASSIC: return CLASSIC;
  case PN_COUNT_TENS:
  case PN_COUNT_TENS20: return TENS;
  case PN_COUNT_UNIT:
  case PN_COUNT_UNIT2: return UNIT;
  }
  return NULL;
}

int pn_counter_value(PnCount scheme, PnCard card) {
  const int *points = counter_table(scheme);
  return points ? points[PN_RANK(card)] : 0;
}

int pn_counters_of(PnCount scheme, const PnCard *cards, int count) {
  const int *points = counter_table(scheme);
  int total = 0;
  for (int i = 0; points && i < count; i++) total += points[PN_RANK(cards[i])];
  return total;
}

int pn_last_trick_bonus(PnCount scheme) {
  switch (scheme) {
  case PN_COUNT_CLASSIC:
  case PN_COUNT_TENS: return 10;
  case PN_COUNT_TENS20: return 20;
  case PN_COUNT_UNIT: return 0;
  case PN_COUNT_UNIT2: return 2;
  }
  return 0;
}

int pn_round_classic(int points) {
  /* 000: "seven points or more count as 10": 87 -> 90, 126 -> 120. */
  int units = points % 10;
  return units >= 7 ? points - units + 10 : points - units;
}
