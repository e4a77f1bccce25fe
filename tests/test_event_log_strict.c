/*
 * test_event_log_strict.c - `pinochle sim` output read strictly against
 * the event-log contract (EVENT-LOG.md), row by row.
 *
 * The reader here is independent of importers/: libcsv parses the file
 * (CSV_STRICT: no stray quotes), and every rule below is written from the
 * contract's text, not from the importer's code, so that a writer and a
 * reader that drift together are still caught.  For every preset, several
 * seeds and a few games each (some runs with planted reneges and findings,
 * which must still be well-formed rows), it checks:
 *   - the header exactly game,hand,seq,seat,action,cards,value; 7 fields
 *     in every row;
 *   - a game key unique per file, the rows of a game together;
 *   - hand 0 rows first: variant first (the preset asked for), then
 *     option, player (one per seat 1..N, a name) and tag rows
 *     (name=value);
 *   - hand numbers 1, 2, ... in order; seq 1, 2, ... within (game, hand);
 *   - each hand starts with its dealer row, has one deal row per seat;
 *   - actions from the contract's list; the seat empty or 1..N as the
 *     action's row of the table says;
 *   - the cards column: canonical card tokens (two ASCII letters, single
 *     spaces) of the preset's deck, as many as the action takes (one for
 *     turnup, call, play and dix: a dix row carries its card);
 *   - the value by action: a suit letter for trump, a whole number for
 *     bid and score, exchange or show for dix, a number, a two-hand meld
 *     name or nothing for meld, nothing for the rest.
 *
 * The binary is the pinochle built beside this test (../pinochle from
 * this executable's folder), run through popen.  A first test feeds the
 * checker a small good log and one-row breaches of it, so that a checker
 * that lets everything through fails.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <csv.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pinochle.h"

/* ------------------------------------------------------------ reading */

enum { FIELDS = 7, MAX_ROWS = 400000 };

typedef struct Row {
  char *f[FIELDS];               /* malloc'd fields ("" when absent) */
  int nfields;                   /* fields the row had */
} Row;

typedef struct Rows {
  Row *row;                      /* malloc'd */
  int n, cap;
  Row cur;                       /* the row being parsed */
} Rows;

static void on_field(void *data, size_t len, void *ctx) {
  Rows *r = ctx;
  if (r->cur.nfields < FIELDS) {
    char *s = malloc(len + 1);
    assert_non_null(s);
    if (len) memcpy(s, data, len);
    s[len] = '\0';
    r->cur.f[r->cur.nfields] = s;
  }
  r->cur.nfields++;
}

static void on_row(int c, void *ctx) {
  (void)c;
  Rows *r = ctx;
  if (r->n == r->cap) {
    r->cap = r->cap ? 2 * r->cap : 1024;
    r->row = realloc(r->row, (size_t)r->cap * sizeof *r->row);
    assert_non_null(r->row);
  }
  for (int i = r->cur.nfields; i < FIELDS; i++) r->cur.f[i] = NULL;
  r->row[r->n++] = r->cur;
  memset(&r->cur, 0, sizeof r->cur);
}

static void rows_free(Rows *r) {
  for (int i = 0; i < r->n; i++)
    for (int k = 0; k < FIELDS; k++) free(r->row[i].f[k]);
  free(r->row);
}

/* Parses the whole stream strictly (a malformed quote fails the test). */
static void read_rows(FILE *in, Rows *rows) {
  struct csv_parser p;
  assert_int_equal(csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL), 0);
  char buf[65536];
  size_t n;
  memset(rows, 0, sizeof *rows);
  while ((n = fread(buf, 1, sizeof buf, in)) > 0)
    if (csv_parse(&p, buf, n, on_field, on_row, rows) != n) fail_msg("libcsv: %s", csv_strerror(csv_error(&p)));
  if (csv_fini(&p, on_field, on_row, rows) != 0) fail_msg("libcsv at the end: %s", csv_strerror(csv_error(&p)));
  csv_free(&p);
}

/* ------------------------------------------------------------ checking */

/* What a check is looking at: the row (1 = header) and its fields. */
typedef struct Ctx {
  int row;                       /* 1-based row number */
  const Row *r;                  /* that row */
} Ctx;

static jmp_buf *bail;            /* where bad() goes: check_log's */
static char problem[700];        /* what bad() found */

static void bad(const Ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/* Records the first breach of the contract and leaves check_log. */
static void bad(const Ctx *c, const char *fmt, ...) {
  char why[300];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  char text[300] = "";
  if (c->r)
    for (int i = 0; i < FIELDS; i++) {
      strncat(text, c->r->f[i] ? c->r->f[i] : "", sizeof text - strlen(text) - 2);
      if (i + 1 < FIELDS) strcat(text, ",");
    }
  snprintf(problem, sizeof problem, "row %d: %s\n  %s", c->row, why, text);
  longjmp(*bail, 1);
}

/* A whole number: an optional '-' (when allowed) then digits, no leading zero. */
static bool is_int(const char *s, bool negative_ok, long *out) {
  const char *p = s;
  if (negative_ok && *p == '-') p++;
  if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] != '\0') || strlen(p) > 9) return false;
  for (const char *q = p; *q; q++)
    if (*q < '0' || *q > '9') return false;
  *out = strtol(s, NULL, 10);
  return true;
}

/* The canonical tokens of the cards column, each a card of `deck`;
 * returns their number, or -1 (not canonical or not in the deck). */
static int card_tokens(const char *s, PnDeck deck) {
  static const char *const RANKS[] = {[PN_DECK_SINGLE] = "ATKQJ9", [PN_DECK_SINGLE64] = "ATKQJ987",
                                      [PN_DECK_DOUBLE] = "ATKQJ"};
  if (*s == '\0') return 0;
  int n = 0;
  for (const char *p = s;; p += 3) {
    if (p[0] == '\0' || !strchr(RANKS[deck], p[0]) || p[1] == '\0' || !strchr("SHDC", p[1])) return -1;
    n++;
    if (p[2] == '\0') return n;
    if (p[2] != ' ') return -1;
  }
}

static bool is_name_value(const char *s) {
  const char *eq = strchr(s, '=');
  return eq && eq != s; /* the value may span lines */
}

static bool is_meld_name(const char *s) {
  static const char *const NAMES[] = {"run",   "royal-marriage", "marriage", "aces",           "kings",
                                      "queens", "jacks",         "pinochle", "double-pinochle"};
  for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++)
    if (strcmp(s, NAMES[i]) == 0) return true;
  return false;
}

/* One game's state while its rows are read. */
typedef struct GameState {
  const char *key;               /* borrowed from the rows */
  PnRules rules;                 /* of its variant row */
  long hand;                     /* current hand, 0 = header */
  long seq;                      /* last seq in it */
  int dealer;                    /* the hand's dealer seat */
  bool player[PN_MAX_SEATS];     /* header: seats with a player row */
  bool dealt[PN_MAX_SEATS];      /* hand: seats with a deal row */
  int hands;                     /* hands seen */
} GameState;

/* The end of a hand (or the header): every seat dealt (or seated). */
static void close_part(const Ctx *c, const GameState *g) {
  for (int s = 1; s <= g->rules.players; s++) {
    if (g->hand == 0 && !g->player[s - 1]) bad(c, "game %s: no player row for seat %d", g->key, s);
    if (g->hand > 0 && !g->dealt[s - 1]) bad(c, "game %s hand %ld: no deal row for seat %d", g->key, g->hand, s);
  }
}

/* The seat column: required (1..N), empty, or either (turnup in two-hand). */
typedef enum { SEAT_REQUIRED, SEAT_EMPTY, SEAT_TURNUP } SeatRule;

static int check_seat(const Ctx *c, const GameState *g, const char *text, SeatRule rule) {
  long seat = 0;
  if (*text && (!is_int(text, false, &seat) || seat < 1 || seat > g->rules.players))
    bad(c, "seat must be empty or 1..%d", g->rules.players);
  if (rule == SEAT_REQUIRED && seat == 0) bad(c, "this action needs a seat");
  if (rule == SEAT_EMPTY && seat != 0) bad(c, "this action takes no seat");
  if (rule == SEAT_TURNUP && seat != 0 && seat != g->dealer) bad(c, "a turnup row names the dealer or no seat");
  if (rule == SEAT_TURNUP && seat == 0 && g->rules.flow != PN_FLOW_TWO_HAND)
    bad(c, "the turnup row names the dealer (empty only in two-hand)");
  return (int)seat;
}

static void check_header_row(const Ctx *c, GameState *g, const Row *r, long seq) {
  const char *action = r->f[4], *value = r->f[6];
  if (*r->f[5]) bad(c, "header rows take no cards");
  if (strcmp(action, "variant") == 0) {
    if (seq != 1) bad(c, "the variant row comes first");
    return; /* read when the game started */
  }
  if (seq == 1) bad(c, "the first row of a game is its variant");
  if (strcmp(action, "player") == 0) {
    int seat = check_seat(c, g, r->f[3], SEAT_REQUIRED);
    if (g->player[seat - 1]) bad(c, "a second player row for seat %d", seat);
    g->player[seat - 1] = true;
    if (*value == '\0') bad(c, "a player row names the player");
    return;
  }
  if (strcmp(action, "option") == 0 || strcmp(action, "tag") == 0) {
    check_seat(c, g, r->f[3], SEAT_EMPTY);
    if (!is_name_value(value)) bad(c, "%s value must be name=value", action);
    return;
  }
  bad(c, "'%s' is not a header action (variant, option, player, tag)", action);
}

static void check_hand_row(const Ctx *c, GameState *g, const Row *r, long seq) {
  const char *action = r->f[4], *cards = r->f[5], *value = r->f[6];
  int a = pn_action_parse(action);
  if (a < 0) bad(c, "unknown action '%s'", action);
  if (seq == 1 && a != PN_EV_DEALER) bad(c, "a hand starts with its dealer row");
  if (seq != 1 && a == PN_EV_DEALER) bad(c, "a second dealer row in the hand");
  const PnRules *rules = &g->rules;
  int ncards = card_tokens(cards, rules->deck);
  if (ncards < 0) bad(c, "cards column not canonical card tokens of the %s deck: '%s'", rules->preset, cards);
  int want = -1; /* cards the action takes; -1 some, -2 none */
  SeatRule seat_rule = SEAT_REQUIRED;
  switch ((PnAction)a) {
  case PN_EV_DEALER: want = -2; break;
  case PN_EV_DEAL: want = rules->hand_size; break;
  case PN_EV_TURNUP: want = 1, seat_rule = SEAT_TURNUP; break;
  case PN_EV_STOCK: want = pn_deck_size(rules->deck) - rules->players * rules->hand_size - 1, seat_rule = SEAT_EMPTY; break;
  case PN_EV_WIDOW: want = rules->widow, seat_rule = SEAT_EMPTY; break;
  case PN_EV_BID:
  case PN_EV_PASS:
  case PN_EV_TRUMP:
  case PN_EV_MOON:
  case PN_EV_OUT:
  case PN_EV_SCORE: want = -2; break;
  case PN_EV_CALL: want = 1; break;
  case PN_EV_DISCARD: want = rules->widow; break;
  case PN_EV_GIVE: want = rules->pass_cards; break;
  case PN_EV_DIX: want = 1; break; /* the dix card: written logs carry it */
  case PN_EV_MELD: want = -1; break;
  case PN_EV_PLAY: want = 1; break;
  default: bad(c, "action '%s' is not a hand action", action);
  }
  int seat = check_seat(c, g, r->f[3], seat_rule);
  if (want == -2 && ncards != 0) bad(c, "%s rows take no cards", action);
  if (want == -1 && ncards < 1) bad(c, "%s rows list their cards", action);
  if (want >= 0 && ncards != want) bad(c, "%s rows take %d card(s), not %d", action, want, ncards);

  long number = 0;
  switch ((PnAction)a) {
  case PN_EV_DEALER: g->dealer = seat; break;
  case PN_EV_DEAL:
    if (g->dealt[seat - 1]) bad(c, "a second deal row for seat %d", seat);
    g->dealt[seat - 1] = true;
    break;
  case PN_EV_BID:
    if (!is_int(value, false, &number) || number < 1) bad(c, "a bid's value is a positive whole number");
    return;
  case PN_EV_SCORE:
    if (!is_int(value, true, &number)) bad(c, "a score's value is a whole number");
    return;
  case PN_EV_TRUMP:
    if (strlen(value) != 1 || !strchr("SHDC", value[0])) bad(c, "trump's value is S, H, D or C");
    return;
  case PN_EV_DIX:
    if (strcmp(value, "exchange") != 0 && strcmp(value, "show") != 0) bad(c, "dix value is exchange or show");
    return;
  case PN_EV_MELD:
    if (*value && !is_int(value, false, &number) && !(rules->flow == PN_FLOW_TWO_HAND && is_meld_name(value)))
      bad(c, "a meld's value is empty, a number or (two-hand) a meld name");
    return;
  default: break;
  }
  if (*value) bad(c, "%s rows take no value", action);
}

/* Game keys met so far (left to check_log to free, even after bad()). */
typedef struct Seen {
  const char **keys;             /* malloc'd, borrowed strings */
  int n;
} Seen;

static long check_rows(const char *preset, const Rows *rows, Seen *seen) {
  static const char *const HEADER[FIELDS] = {"game", "hand", "seq", "seat", "action", "cards", "value"};
  Ctx c = {.row = 1, .r = rows->n ? &rows->row[0] : NULL};
  if (rows->n < 2) bad(&c, "no data rows");
  for (int i = 0; i < FIELDS; i++)
    if (rows->row[0].nfields != FIELDS || strcmp(rows->row[0].f[i], HEADER[i]) != 0)
      bad(&c, "the header is exactly game,hand,seq,seat,action,cards,value");
  GameState g = {0};
  long games = 0;
  for (int i = 1; i < rows->n; i++) {
    const Row *r = &rows->row[i];
    c.row = i + 1;
    c.r = r;
    if (r->nfields != FIELDS) bad(&c, "%d fields, not 7", r->nfields);
    const char *key = r->f[0];
    long hand = 0, seq = 0;
    if (*key == '\0') bad(&c, "an empty game key");
    if (!is_int(r->f[1], false, &hand)) bad(&c, "hand is a whole number");
    if (!is_int(r->f[2], false, &seq) || seq < 1) bad(&c, "seq is a whole number from 1");
    if (g.key == NULL || strcmp(key, g.key) != 0) { /* a new game */
      for (int k = 0; k < seen->n; k++)
        if (strcmp(seen->keys[k], key) == 0) bad(&c, "game %s again after other games: not unique, not together", key);
      if (g.key) {
        close_part(&c, &g);
        if (g.hands < 1) bad(&c, "game %s has no hands", g.key);
      }
      const char **grown = realloc(seen->keys, (size_t)(seen->n + 1) * sizeof *grown);
      assert_non_null(grown);
      seen->keys = grown;
      seen->keys[seen->n++] = key;
      memset(&g, 0, sizeof g);
      g.key = key;
      games++;
      if (hand != 0 || seq != 1 || strcmp(r->f[4], "variant") != 0)
        bad(&c, "a game starts with hand 0, seq 1, its variant row");
      if (strcmp(r->f[6], preset) != 0 || pn_rules_preset(&g.rules, r->f[6]) != 0)
        bad(&c, "variant '%s', not the preset %s", r->f[6], preset);
      if (*r->f[3]) bad(&c, "the variant row takes no seat");
      g.seq = 0;
    }
    if (hand == g.hand) {
      if (seq != g.seq + 1) bad(&c, "seq %ld, expected %ld in hand %ld", seq, g.seq + 1, g.hand);
    } else if (hand == g.hand + 1) {
      close_part(&c, &g);
      if (seq != 1) bad(&c, "hand %ld starts at seq %ld, not 1", hand, seq);
      g.hand = hand;
      g.hands++;
      memset(g.dealt, 0, sizeof g.dealt);
    } else {
      bad(&c, "hand %ld after hand %ld: hands go 0, 1, 2, ... in order", hand, g.hand);
    }
    g.seq = seq;
    if (hand == 0) check_header_row(&c, &g, r, seq);
    else check_hand_row(&c, &g, r, seq);
  }
  c.row = rows->n;
  close_part(&c, &g);
  if (g.hands < 1) bad(&c, "game %s has no hands", g.key);
  return games;
}

/* Checks every row of one file made for `preset`: returns the games, or
 * -1 with `problem` naming the first row that breaks the contract. */
static long check_log(const char *preset, const Rows *rows) {
  Seen *seen = calloc(1, sizeof *seen); /* on the heap: still valid after the jump */
  assert_non_null(seen);
  jmp_buf here;
  long games = -1;
  bail = &here;
  if (setjmp(here) == 0) games = check_rows(preset, rows, seen);
  bail = NULL;
  free(seen->keys);
  free(seen);
  return games;
}

/* ------------------------------------------------------------- running */

static char binary[PATH_MAX + 32];

/* The pinochle next to this test's folder (build/tests/ -> build/). */
static int find_binary(void **state) {
  (void)state;
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return -1;
  self[n] = '\0';
  char *slash = strrchr(self, '/');
  if (slash == NULL) return -1;
  *slash = '\0';
  snprintf(binary, sizeof binary, "%s/../pinochle", self);
  if (access(binary, X_OK) != 0) {
    fprintf(stderr, "test_event_log_strict: no pinochle binary at %s (build it first)\n", binary);
    return -1;
  }
  return 0;
}

/* Runs one `pinochle sim` and checks its whole output; returns its games. */
static long check_run(const char *preset, int seed, int games, const char *extra) {
  char cmd[PATH_MAX + 300];
  snprintf(cmd, sizeof cmd, "'%s' sim --variant %s --seed %d --games %d %s", binary, preset, seed, games, extra);
  FILE *in = popen(cmd, "r");
  assert_non_null(in);
  Rows rows;
  read_rows(in, &rows);
  int status = pclose(in);
  if (status != 0) fail_msg("%s: exit status %d", cmd, status);
  long checked = check_log(preset, &rows);
  if (checked < 0) fail_msg("%s\n  %s", cmd, problem);
  if (checked != games) fail_msg("%s: %ld games, not %d", cmd, checked, games);
  rows_free(&rows);
  return checked;
}

/* Every preset, three seeds, two games each; one run in three with
 * planted reneges and findings (claims, wrong melds, score rows). */
static void test_sim_output_of_every_preset_follows_the_event_log_contract(void **state) {
  (void)state;
  long games = 0;
  int presets = 0;
  for (int p = 0; pn_preset_name(p) != NULL; p++, presets++)
    for (int seed = 1; seed <= 3; seed++)
      games += check_run(pn_preset_name(p), seed, 2,
                         seed == 3 ? "--renege-rate 0.05 --plant-rate 0.2 --tag club=Elm" : "");
  assert_int_equal(presets, 12);
  assert_int_equal(games, 12 * 3 * 2);
}

/* A log the checker accepts (its shape only: the checker does not play
 * the hand), and one-row changes of it, each breaking one rule of the
 * contract: the checker must refuse every one, for that reason. */
static const char GOOD[] =
    "game,hand,seq,seat,action,cards,value\n"
    "g,0,1,,variant,,three-hand\n"
    "g,0,2,1,player,,Ann\n"
    "g,0,3,2,player,,Bob\n"
    "g,0,4,3,player,,Cal\n"
    "g,0,5,,tag,,\"note=two\nlines\"\n"
    "g,1,1,1,dealer,,\n"
    "g,1,2,1,deal,AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH QC,\n"
    "g,1,3,2,deal,TH KH KH QH QH JH JH 9H 9H AD AD TD TD KD KD QD,\n"
    "g,1,4,3,deal,QD JD JD 9D 9D AC AC TC TC KC KC QC JC JC 9C 9C,\n"
    "g,1,5,1,turnup,QC,\n"
    "g,1,6,3,dix,9C,exchange\n"
    "g,1,7,2,meld,KH QH,20\n"
    "g,1,8,2,play,AD,\n";

static long check_text(const char *text, const char *preset) {
  FILE *in = fmemopen((void *)text, strlen(text), "r");
  assert_non_null(in);
  Rows rows;
  read_rows(in, &rows);
  fclose(in);
  long games = check_log(preset, &rows);
  rows_free(&rows);
  return games;
}

static void test_strict_reader_refuses_each_breach_of_the_contract(void **state) {
  (void)state;
  assert_int_equal(check_text(GOOD, "three-hand"), 1);
  static const struct {
    const char *from, *to, *why;
  } CASES[] = {
      {"g,1,6,3,dix,9C,exchange", "g,1,6,3,dix,,exchange", "dix rows take 1 card(s), not 0"},
      {"g,1,8,2,play,AD,", "g,1,8,2,play,ad,", "not canonical card tokens"},
      {"g,1,8,2,play,AD,", "g,1,8,2,play,10H,", "not canonical card tokens"},
      {"g,1,8,2,play,AD,", "g,1,8,2,play,7D,", "not canonical card tokens of the three-hand deck"},
      {"g,1,8,2,play,AD,", "g,1,8,2,play,AD  AD,", "not canonical card tokens"},
      {"g,1,8,2,play,AD,", "g,1,9,2,play,AD,", "seq 9, expected 8 in hand 1"},
      {"g,1,8,2,play,AD,", "g,1,8,,play,AD,", "this action needs a seat"},
      {"g,1,8,2,play,AD,", "g,1,8,4,play,AD,", "seat must be empty or 1..3"},
      {"g,1,8,2,play,AD,", "g,1,8,2,play,AD,x", "play rows take no value"},
      {"g,1,8,2,play,AD,", "g,1,8,2,trump,,X", "trump's value is S, H, D or C"},
      {"g,1,8,2,play,AD,", "g,1,8,2,bid,,ten", "a bid's value is a positive whole number"},
      {"g,1,8,2,play,AD,", "g,1,8,2,score,,+5", "a score's value is a whole number"},
      {"g,1,8,2,play,AD,", "g,1,8,2,deal,TH KH KH QH QH JH JH 9H 9H AD AD TD TD KD KD QD,",
       "a second deal row for seat 2"},
      {"g,1,8,2,play,AD,", "g,1,8,2,shuffle,,", "unknown action 'shuffle'"},
      {"g,1,8,2,play,AD,", "g,1,8,2,play,AD", "6 fields, not 7"},
      {"g,1,8,2,play,AD,", "g,3,1,2,dealer,,", "hand 3 after hand 1"},
      {"g,1,8,2,play,AD,", "h,0,1,,variant,,three-hand\ng,1,8,2,play,AD,", "game g again after other games"},
      {"g,1,7,2,meld,KH QH,20", "g,1,7,2,meld,KH QH,marriage", "a meld's value is empty, a number"},
      {"g,1,6,3,dix,9C,exchange", "g,1,6,3,dix,9C,swap", "dix value is exchange or show"},
      {"g,1,5,1,turnup,QC,", "g,1,5,,turnup,QC,", "the turnup row names the dealer"},
      {"g,1,3,2,deal,TH KH KH QH QH JH JH 9H 9H AD AD TD TD KD KD QD,", "g,1,3,2,deal,TH KH,",
       "deal rows take 16 card(s), not 2"},
      {"g,1,2,1,deal,", "g,1,1,1,deal,", "seq 1, expected 2 in hand 1"},
      {"g,1,1,1,dealer,,", "g,1,1,1,pass,,", "a hand starts with its dealer row"},
      {"g,0,4,3,player,,Cal", "g,0,4,2,player,,Cal", "a second player row for seat 2"},
      {"g,0,5,,tag,,\"note=two\nlines\"", "g,0,5,,tag,,note", "tag value must be name=value"},
      {"g,0,1,,variant,,three-hand", "g,0,1,,variant,,auction", "variant 'auction', not the preset three-hand"},
      {"game,hand,seq,seat,action,cards,value", "game,hand,seq,seat,action,card,value", "the header is exactly"},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    const char *at = strstr(GOOD, CASES[i].from);
    if (at == NULL) fail_msg("case %zu: '%s' is not in the good log", i, CASES[i].from);
    char text[4096];
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - GOOD), GOOD, CASES[i].to, at + strlen(CASES[i].from));
    problem[0] = '\0';
    if (check_text(text, "three-hand") >= 0) fail_msg("case %zu (%s): accepted", i, CASES[i].why);
    if (strstr(problem, CASES[i].why) == NULL) fail_msg("case %zu: want '%s', got %s", i, CASES[i].why, problem);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_strict_reader_refuses_each_breach_of_the_contract),
      cmocka_unit_test(test_sim_output_of_every_preset_follows_the_event_log_contract),
  };
  return cmocka_run_group_tests(tests, find_binary, NULL);
}
