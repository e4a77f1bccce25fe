/* cards.c - card text, multisets and decks. */
#include "pinochle.h"

#include <string.h>

static const char RANK_CHARS[PN_RANKS] = {'A', 'T', 'K', 'Q', 'J', '9', '8', '7'};
static const char SUIT_CHARS[PN_SUITS] = {'S', 'H', 'D', 'C'};
/* UTF-8 of the suit symbols, both the black and the white forms. */
static const char *const SUIT_SYMBOLS[PN_SUITS][2] = {
    {"\xE2\x99\xA0", "\xE2\x99\xA4"}, /* ♠ ♤ */
    {"\xE2\x99\xA5", "\xE2\x99\xA1"}, /* ♥ ♡ */
    {"\xE2\x99\xA6", "\xE2\x99\xA2"}, /* ♦ ♢ */
    {"\xE2\x99\xA3", "\xE2\x99\xA7"}, /* ♣ ♧ */
};

/* Rank + 1 of each byte that names a rank, either case ("10" aside); 0 for
 * the other bytes.  (Table look-ups: the importer parses every card.) */
static const uint8_t RANK_OF_BYTE[256] = {
    ['A'] = PN_ACE + 1,   ['a'] = PN_ACE + 1,   ['T'] = PN_TEN + 1,  ['t'] = PN_TEN + 1,
    ['K'] = PN_KING + 1,  ['k'] = PN_KING + 1,  ['Q'] = PN_QUEEN + 1, ['q'] = PN_QUEEN + 1,
    ['J'] = PN_JACK + 1,  ['j'] = PN_JACK + 1,  ['9'] = PN_NINE + 1, ['8'] = PN_EIGHT + 1,
    ['7'] = PN_SEVEN + 1,
};
/* Suit + 1 of each byte that names a suit by its letter, either case; 0
 * for the other bytes. */
static const uint8_t SUIT_OF_BYTE[256] = {
    ['S'] = PN_SPADES + 1,   ['s'] = PN_SPADES + 1, ['H'] = PN_HEARTS + 1, ['h'] = PN_HEARTS + 1,
    ['D'] = PN_DIAMONDS + 1, ['d'] = PN_DIAMONDS + 1, ['C'] = PN_CLUBS + 1, ['c'] = PN_CLUBS + 1,
};

/* Parses a suit at text[0..len); returns bytes used, 0 if none. */
static size_t suit_parse_at(const char *text, size_t len, int *suit) {
  if (len >= 1 && SUIT_OF_BYTE[(unsigned char)text[0]]) {
    *suit = SUIT_OF_BYTE[(unsigned char)text[0]] - 1;
    return 1;
  }
  if (len >= 3) {
    for (int s = 0; s < PN_SUITS; s++)
      for (int f = 0; f < 2; f++)
        if (memcmp(text, SUIT_SYMBOLS[s][f], 3) == 0) {
          *suit = s;
          return 3;
        }
  }
  return 0;
}

/* Reads a rank and a suit at text[0..len) into *card; returns the bytes
 * used, 0 when they are not a card (what follows is not looked at). */
static size_t card_prefix(const char *text, size_t len, PnCard *card) {
  size_t used;
  int rank, suit;
  if (len >= 2 && text[0] == '1' && text[1] == '0') {
    rank = PN_TEN;
    used = 2;
  } else if (len >= 1 && RANK_OF_BYTE[(unsigned char)text[0]]) {
    rank = RANK_OF_BYTE[(unsigned char)text[0]] - 1;
    used = 1;
  } else {
    return 0;
  }
  size_t s = suit_parse_at(text + used, len - used, &suit);
  if (s == 0) return 0;
  *card = PN_CARD(suit, rank);
  return used + s;
}

size_t pn_card_parse(const char *text, size_t len, PnCard *out) {
  PnCard card;
  size_t used = card_prefix(text, len, &card);
  if (used == 0) return 0;
  if (used < len && text[used] != ' ') return 0; /* trailing junk: "AHX" */
  *out = card;
  return used;
}

static bool is_separator(char c) { return c == ' ' || c == '\t'; }

int pn_cards_parse(const char *text, size_t len, PnCard *cards, int max, size_t *bad_offset) {
  int count = 0;
  size_t i = 0;
  while (i < len) {
    if (is_separator(text[i])) {
      i++;
      continue;
    }
    /* A token is a card when the card read at its start ends where it does. */
    PnCard card;
    size_t end = i + card_prefix(text + i, len - i, &card);
    if (end == i || (end < len && !is_separator(text[end]))) {
      if (bad_offset) *bad_offset = i;
      return -1;
    }
    if (count == max) return -2;
    cards[count++] = card;
    i = end;
  }
  return count;
}

const char *pn_card_str(PnCard card, char buf[3]) {
  if (card >= PN_CARD_KINDS) {
    buf[0] = buf[1] = '?';
  } else {
    buf[0] = RANK_CHARS[PN_RANK(card)];
    buf[1] = SUIT_CHARS[PN_SUIT(card)];
  }
  buf[2] = '\0';
  return buf;
}

char *pn_cards_str(const PnCards *cards, char *buf, size_t size) {
  size_t at = 0;
  if (size == 0) return buf;
  buf[0] = '\0';
  for (int c = 0; c < PN_CARD_KINDS; c++)
    for (int k = 0; k < cards->n[c]; k++) {
      if (at + 4 > size) return buf; /* truncated at a card boundary */
      if (at) buf[at++] = ' ';
      char two[3];
      pn_card_str((PnCard)c, two);
      buf[at++] = two[0];
      buf[at++] = two[1];
      buf[at] = '\0';
    }
  return buf;
}

int pn_suit_parse(const char *text) {
  int suit;
  size_t len = strlen(text);
  size_t used = suit_parse_at(text, len, &suit);
  return (used && used == len) ? suit : -1;
}

char pn_suit_char(int suit) { return (suit >= 0 && suit < PN_SUITS) ? SUIT_CHARS[suit] : '?'; }

const char *pn_rank_label(int rank) {
  static const char *const LABELS[PN_RANKS] = {"A", "10", "K", "Q", "J", "9", "8", "7"};
  return rank >= 0 && rank < PN_RANKS ? LABELS[rank] : "?";
}

const char *pn_suit_symbol(int suit) { return suit >= 0 && suit < PN_SUITS ? SUIT_SYMBOLS[suit][0] : "?"; }

const char *pn_suit_word(int suit) {
  static const char *const WORDS[PN_SUITS] = {"spades", "hearts", "diamonds", "clubs"};
  return suit >= 0 && suit < PN_SUITS ? WORDS[suit] : "none";
}

int pn_cards_total(const PnCards *cards) {
  /* Eight counts per word, summed pairwise in 16-bit lanes (a lane
   * collects at most 8 counts, so it cannot overflow). */
  uint64_t sum = 0;
  for (int w = 0; w < PN_CARD_KINDS / 8; w++) {
    uint64_t word;
    memcpy(&word, cards->n + 8 * w, sizeof word);
    sum += (word & 0x00FF00FF00FF00FFull) + ((word >> 8) & 0x00FF00FF00FF00FFull);
  }
  sum = (sum & 0xFFFF0000FFFFull) + ((sum >> 16) & 0xFFFF0000FFFFull);
  return (int)((sum & 0xFFFFFFFFull) + (sum >> 32));
}

void pn_cards_add_list(PnCards *cards, const PnCard *list, int count) {
  for (int i = 0; i < count; i++) cards->n[list[i]]++;
}

bool pn_cards_contains(const PnCards *have, const PnCards *want) {
  /* No early exit: without one the compiler compares all 32 counts at
   * once in vector registers, cheaper than stopping at the first. */
  uint8_t short_of = 0;
  for (int c = 0; c < PN_CARD_KINDS; c++) short_of |= (uint8_t)(want->n[c] > have->n[c]);
  return !short_of;
}

int pn_cards_of_suit(const PnCards *cards, int suit) {
  int total = 0;
  for (int r = 0; r < PN_RANKS; r++) total += cards->n[PN_CARD(suit, r)];
  return total;
}

int pn_deck_size(PnDeck deck) {
  switch (deck) {
  case PN_DECK_SINGLE: return 48;
  case PN_DECK_SINGLE64: return 64;
  case PN_DECK_DOUBLE: return 80;
  }
  return 0;
}

int pn_deck_copies(PnDeck deck) { return deck == PN_DECK_DOUBLE ? 4 : 2; }

void pn_deck_cards(PnDeck deck, PnCards *out) {
  int lowest = deck == PN_DECK_SINGLE64 ? PN_SEVEN : deck == PN_DECK_DOUBLE ? PN_JACK : PN_NINE;
  int copies = pn_deck_copies(deck);
  memset(out, 0, sizeof *out);
  for (int s = 0; s < PN_SUITS; s++)
    for (int r = 0; r <= lowest; r++) out->n[PN_CARD(s, r)] = (uint8_t)copies;
}

int pn_dix_rank(PnDeck deck) {
  switch (deck) {
  case PN_DECK_SINGLE: return PN_NINE;
  case PN_DECK_SINGLE64: return PN_SEVEN;
  case PN_DECK_DOUBLE: return -1;
  }
  return -1;
}
