/* test_record.c - the recorder module (src/record): a line of text in,
 * what happened out, nothing printed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pinochle.h"
#include "record.h"
#include "store.h"

/* ------------------------------------------------------------- helpers */

typedef struct Fixture {
  Store *store;
  Recorder *rec;
} Fixture;

static const char *const four[] = {"Ann", "Bob", "Cal", "Dee"};

/* A new partnership-auction game in a database in memory. */
static int setup(void **state) {
  Fixture *f = calloc(1, sizeof *f);
  PnDiag diag = {0};
  assert_non_null(f);
  assert_int_equal(store_open(":memory:", STORE_CREATE, &f->store, &diag), STORE_OK);
  PnRules rules;
  assert_int_equal(pn_rules_preset(&rules, "partnership-auction"), 0);
  RecGame game = {.key = "t1", .variant = "partnership-auction", .rules = &rules, .nplayers = 4,
                  .players = four, .dealer = 1};
  assert_int_equal(rec_start(f->store, &game, 5, false, &f->rec, &diag), 0);
  *state = f;
  return 0;
}

static int teardown(void **state) {
  Fixture *f = *state;
  rec_free(f->rec);
  store_close(f->store);
  free(f);
  return 0;
}

static RecResult line(Fixture *f, const char *text) {
  PnDiag diag = {0};
  return rec_line(f->rec, text, &diag);
}

/* ---------------------------------------------------------------- tests */

/* Each kind of line says what it did; the words are in rec_text(). */
static void test_record_line_results(void **state) {
  Fixture *f = *state;
  assert_int_equal(line(f, ""), REC_NOTHING);
  assert_int_equal(line(f, "# a comment"), REC_NOTHING);
  assert_int_equal(line(f, "help"), REC_INFO);
  assert_non_null(strstr(rec_text(f->rec), "  undo                      take back the last line of the hand, whole\n"));
  assert_int_equal(line(f, "frobnicate"), REC_REFUSED);
  assert_string_equal(rec_text(f->rec), "error: unknown command 'frobnicate' (help lists them)\n");
  char longer[400] = "1 meld"; /* 70 cards: 216 characters */
  for (int i = 0; i < 70; i++) strcat(longer, " AS");
  assert_int_equal(line(f, longer), REC_REFUSED);
  assert_string_equal(rec_text(f->rec), "error: a line is at most 199 characters\n");
  longer[150] = 0;
  strcat(longer, " AS AS AS AS AS AS AS AS AS AS AS AS AS AS"); /* 64 words, 192 characters */
  assert_int_equal(line(f, longer), REC_REFUSED);
  assert_string_equal(rec_text(f->rec), "error: a line has at most 52 words\n");
  assert_int_equal(line(f, "deal\n"), REC_ACCEPTED);
  assert_non_null(strstr(rec_text(f->rec), "Ann"));
  assert_int_equal(line(f, "undo"), REC_ACCEPTED); /* the whole deal, one line */
  assert_string_equal(rec_text(f->rec), "undone: deal deal deal deal\n");
  assert_int_equal(line(f, "deal"), REC_ACCEPTED);
  assert_int_equal(line(f, "quit"), REC_PENDING); /* a hand in progress: quit asks */
  assert_int_equal(line(f, "yes"), REC_QUIT);
}

/* The words of one call do not carry into the next (say_reset). */
static void test_record_status_once(void **state) {
  Fixture *f = *state;
  assert_int_equal(line(f, "status"), REC_INFO);
  const char *text = rec_text(f->rec);
  const char *first = strstr(text, "hand 1: Ann deals, Bob bids first");
  assert_non_null(first);
  assert_null(strstr(first + 1, "hand 1: "));
  assert_int_equal(line(f, ""), REC_NOTHING);
  assert_string_equal(rec_text(f->rec), "");
}

/* Two games started without a key in the same second get different keys. */
static void test_record_default_keys_differ(void **state) {
  Fixture *f = *state;
  PnRules rules;
  PnDiag diag = {0};
  assert_int_equal(pn_rules_preset(&rules, "two-hand"), 0);
  const char *const two[] = {"A", "B"};
  RecGame game = {.variant = "two-hand", .rules = &rules, .nplayers = 2, .players = two, .dealer = 1};
  Recorder *a = NULL, *b = NULL;
  assert_int_equal(rec_start(f->store, &game, 1, false, &a, &diag), 0);
  assert_int_equal(rec_start(f->store, &game, 1, false, &b, &diag), 0);
  assert_string_not_equal(rec_key(a), rec_key(b));
  rec_free(a);
  rec_free(b);
  /* a key given twice is refused */
  game.key = "t1";
  assert_int_equal(rec_start(f->store, &game, 1, false, &a, &diag), PN_ERR_CONFLICT);
  assert_null(a);
  assert_non_null(strstr(diag.msg, "game t1 already exists"));
  /* a tag import would refuse is refused here too, whoever calls */
  const char *const bad_date[] = {"date=2026-02-30"};
  game.key = "t2";
  game.ntags = 1;
  game.tags = bad_date;
  assert_int_equal(rec_start(f->store, &game, 1, false, &a, &diag), PN_ERR_INPUT);
  assert_null(a);
  assert_non_null(strstr(diag.msg, "2026-02-30"));
}

/* rec_resume says which failure it was (pn_err.h), not one -1 for all:
 * a game that is not there, a hand --redo names that it does not have. */
static void test_record_resume_failures_have_their_codes(void **state) {
  Fixture *f = *state;
  PnDiag diag = {0};
  Recorder *r = NULL;
  assert_int_equal(rec_resume(f->store, "no-such-game", 0, 1, false, &r, &diag), PN_ERR_NOT_FOUND);
  assert_null(r);
  assert_non_null(strstr(diag.msg, "no game no-such-game in the database"));
  assert_int_equal(rec_resume(f->store, "t1", 3, 1, false, &r, &diag), PN_ERR_NOT_FOUND);
  assert_null(r);
  assert_non_null(strstr(diag.msg, "game t1 has no hand 3"));
  assert_int_equal(rec_resume(f->store, "t1", 0, 1, false, &r, &diag), 0); /* the game itself resumes */
  rec_free(r);
}

/* ------------------------------------------------------- table order */

/* Hand 1 of sample-data/club-partnership-auction.csv (game ...-2026-1), as
 * the table sees it: no deal rows, a trick per line. */
static const char *const hand1[] = {
    "dealer 1", "2 pass", "3 pass", "4 pass", "1 pass", "1 trump hearts", "3 give AS QH JH JH",
    "1 give JS 9S 9D 9C", "1 meld AH TH KH QH JH 150", "2 meld 9H KC QC 30", "3 meld KS QS JD", "4 meld 9H",
    "AS AS KS JS", "AC JC QC 9C", "JH KH 9S TH", "AD KD AD 9D", "AC KC TC 9C", "9H JH AH 9S", "9H 9D TS QH",
    "QS QD QS KS", "JD QH QD TD", "KH QC KD JC", "TH KC JS TS", "AH TD JD TC"};
enum { HAND1_LINES = sizeof hand1 / sizeof hand1[0] };

/* Types lines[0..n) and returns what the last one did; every line before
 * it must be accepted. */
static RecResult type_lines(Fixture *f, const char *const *lines, int n) {
  RecResult rc = REC_NOTHING;
  for (int i = 0; i < n; i++) {
    rc = line(f, lines[i]);
    if (i < n - 1 && rc != REC_ACCEPTED) fail_msg("line %d '%s': %d: %s", i + 1, lines[i], rc, rec_text(f->rec));
  }
  return rc;
}

/* The whole hand typed in table order is stored at its last trick, and
 * each trick says who won it. */
static void test_table_hand_stored(void **state) {
  Fixture *f = *state;
  assert_int_equal(type_lines(f, hand1, HAND1_LINES - 1), REC_ACCEPTED);
  assert_int_equal(rec_hands_played(f->rec), 0);
  assert_int_equal(line(f, "status"), REC_INFO); /* the contract, the tricks so far, the scores */
  assert_string_equal(rec_text(f->rec), "scores:  Ann+Cal 0  Bob+Dee 0  (target 1500)\n"
                                        "contract: Ann bid 250, trump hearts\n"
                                        "tricks won: Ann 6 Bob 1 Cal 0 Dee 4\n"
                                        "hand 1 (table order): 11 of 12 tricks in; Ann (seat 1) to play\n");
  assert_int_equal(line(f, hand1[HAND1_LINES - 1]), REC_STORED);
  assert_non_null(strstr(rec_text(f->rec), "trick 12: Ann AH, Bob TD, Cal JD, Dee TC: Ann wins"));
  assert_non_null(strstr(rec_text(f->rec), "hand 1 over: Ann bid 250 in hearts, made it"));
  assert_int_equal(rec_hands_played(f->rec), 1);
  rec_show_status(f->rec); /* between hands: not "hand 1, next: dealer score" */
  assert_string_equal(rec_text(f->rec), "hand 1 is over; next: hand 2 (Bob deals, Cal bids first), or a score row "
                                        "for hand 1\n");
}

/* A card typed twice (TD for the last trick's TC): a third TD is refused
 * at once, with where the other two were typed; the right line stores the
 * hand. */
static void test_table_card_twice(void **state) {
  Fixture *f = *state;
  assert_int_equal(type_lines(f, hand1, HAND1_LINES - 1), REC_ACCEPTED);
  assert_int_equal(line(f, "AH TD JD TD"), REC_REFUSED);
  assert_string_equal(rec_text(f->rec), "error: a third TD, the deck has 2: Cal played it at trick 9; "
                                        "Bob played it at trick 12; Dee played it at trick 12\n");
  assert_int_equal(rec_hands_played(f->rec), 0);
  assert_int_equal(line(f, "AH TD JD TC"), REC_STORED);
  assert_int_equal(rec_hands_played(f->rec), 1);
}

/* A card passed mistyped (JD for JH): a JH is then nowhere, so Bob's QD
 * under QS at trick 8 (he must trump, hearts, if he can) asks if it was a
 * renege, naming why; recorded as played, Dee's JD at trick 9 is a third
 * JD (Ann holds the one passed, Cal shows the other): refused at that
 * line, the pass named. */
static void test_table_card_missing(void **state) {
  Fixture *f = *state;
  const char *lines[HAND1_LINES];
  memcpy(lines, hand1, sizeof lines);
  lines[6] = "3 give AS QH JH JD";
  assert_int_equal(type_lines(f, lines, 19), REC_ACCEPTED);
  assert_int_equal(line(f, lines[19]), REC_PENDING);
  assert_string_equal(rec_text(f->rec), "renege: Bob (seat 2) played QD at trick 8 and holds no hearts, Cal (seat 3) "
                                        "showed out of hearts at trick 3, Dee (seat 4) showed out of hearts at trick "
                                        "7, yet the 1 hearts not yet seen can only be with Ann, with room for 0\n"
                                        "trick 8: Ann QS, Bob QD, Cal QS, Dee KS: Dee wins 10\n"
                                        "that is a renege: record it as played? (yes/no)\n");
  assert_int_equal(line(f, "yes"), REC_ACCEPTED);
  assert_int_equal(line(f, lines[20]), REC_REFUSED);
  assert_string_equal(rec_text(f->rec), "error: a third JD, the deck has 2: Cal passed it to Ann; Cal showed it in "
                                        "meld; Dee played it at trick 9\n");
  assert_int_equal(rec_hands_played(f->rec), 0);
}

/* Bob's JC under Ann's JC at trick 2 (a partnership auction heads every
 * trick) shows he holds no club above it, yet he showed KC QC in meld:
 * said once, as the finding stored (renege-head), not a second time as
 * the deal check's "holds no ..., yet holds KC", and asked as a renege. */
static void test_table_head_lack_renege(void **state) {
  Fixture *f = *state;
  const char *lines[14];
  memcpy(lines, hand1, sizeof(char *) * 13);
  lines[13] = "JC JC QC 9C";
  assert_int_equal(type_lines(f, lines, 13), REC_ACCEPTED);
  assert_int_equal(line(f, lines[13]), REC_PENDING);
  assert_string_equal(rec_text(f->rec), "trick 2: Ann JC, Bob JC, Cal QC, Dee 9C: Cal wins 0\n"
                                        "trick 2: finding: renege-head by Bob (seat 2) playing JC while holding KC QC\n"
                                        "that is a renege: record it as played? (yes/no)\n");
}

/* A line of cards is one trick: five cards, or a line running past the
 * end of the trick begun, are refused (and nothing of them is kept). */
static void test_table_trick_size(void **state) {
  Fixture *f = *state;
  assert_int_equal(type_lines(f, hand1, 5), REC_ACCEPTED); /* all passed: the dealer names trump */
  assert_int_equal(line(f, "status"), REC_INFO);
  assert_non_null(strstr(rec_text(f->rec), "hand 1 (table order), Ann (seat 1) to act: trump\n"));
  assert_int_equal(type_lines(f, hand1 + 5, 7), REC_ACCEPTED);
  assert_int_equal(line(f, "status"), REC_INFO);
  assert_non_null(strstr(rec_text(f->rec), "hand 1 (table order): the meld shown, the cards passed or discarded, "
                                           "then the tricks; Ann (seat 1) leads\n"));
  assert_int_equal(line(f, "AS AS KS JS AC"), REC_REFUSED);
  assert_string_equal(rec_text(f->rec), "error: a trick is 4 cards, not 5\n");
  assert_int_equal(line(f, "2 dealer"), REC_REFUSED); /* a row's "SEAT dealer" is `dealer SEAT` */
  assert_string_equal(rec_text(f->rec), "error: the hand already has a dealer (it may be changed until the first bid "
                                        "or row)\n");
  assert_int_equal(line(f, "AS AS KS"), REC_ACCEPTED); /* three plays */
  assert_int_equal(line(f, "JS AC"), REC_REFUSED);
  assert_string_equal(rec_text(f->rec), "error: trick 1 has 1 play left (Dee next): a line of cards is one trick\n");
  assert_int_equal(line(f, "Bob JS"), REC_REFUSED); /* not Bob's turn */
  assert_string_equal(rec_text(f->rec), "error: it is Dee's turn (seat 4) to play\n");
  assert_int_equal(line(f, "JS"), REC_ACCEPTED);
  assert_non_null(strstr(rec_text(f->rec), "trick 1: Ann AS, Bob AS, Cal KS, Dee JS: Ann wins 30\n"));
  assert_int_equal(type_lines(f, hand1 + 13, HAND1_LINES - 13), REC_STORED);
}

/* Typed with its deal first, the same hand: a meld line says its value by
 * the rules next to the claim, a trick who won it and its counters, a line
 * of bare cards is that many plays, and the forced last trick is filled
 * in. */
static void test_deal_first_progress(void **state) {
  Fixture *f = *state;
  static const char *const deal[] = {
      "1 deal QS JS 9S AH TH KH QH KD 9D AC KC 9C", "2 deal AS AH KH 9H AD TD QD QD TC KC QC JC",
      "3 deal AS KS QS 9S QH JH JH TD KD JD 9D QC", "4 deal TS TS KS JS TH 9H AD JD AC TC JC 9C"};
  assert_int_equal(type_lines(f, deal, 4), REC_ACCEPTED);
  assert_int_equal(type_lines(f, hand1 + 1, 7), REC_ACCEPTED); /* the bidding and the passes */
  assert_int_equal(line(f, hand1[8]), REC_ACCEPTED);
  assert_string_equal(rec_text(f->rec), "meld: Ann shows 150 by the rules (claimed 150)\n");
  assert_int_equal(line(f, hand1[9]), REC_ACCEPTED);
  assert_int_equal(line(f, "3 meld KS QS JD 40"), REC_ACCEPTED); /* the claim is 20 short */
  assert_non_null(strstr(rec_text(f->rec), "meld: Cal shows 60 by the rules (claimed 40)\n"));
  assert_int_equal(type_lines(f, hand1 + 11, 1), REC_ACCEPTED);
  assert_int_equal(line(f, "AS AS KS JS"), REC_ACCEPTED);
  assert_string_equal(rec_text(f->rec), "trick 1: Ann AS, Bob AS, Cal KS, Dee JS: Ann wins 30\n");
  assert_int_equal(line(f, "undo"), REC_ACCEPTED); /* the whole line, not its last card */
  assert_string_equal(rec_text(f->rec), "undone: AS AS KS JS\n");
  assert_int_equal(line(f, "AS AS KS JS"), REC_ACCEPTED);
  assert_int_equal(type_lines(f, hand1 + 13, HAND1_LINES - 14), REC_ACCEPTED); /* all but the last trick */
  /* the last trick is forced: status leaves it, the next other line plays it out first */
  assert_int_equal(line(f, "status"), REC_INFO);
  assert_non_null(strstr(rec_text(f->rec), "contract: Ann bid 250, trump hearts\n"
                                           "tricks won: Ann 6 Bob 1 Cal 0 Dee 4 (11 of 12)\n"));
  assert_int_equal(rec_hands_played(f->rec), 0);
  assert_int_equal(line(f, "1 score 360"), REC_STORED);
  assert_non_null(strstr(rec_text(f->rec), "the last trick is forced: Ann AH, Bob TD, Cal JD, Dee TC\n"
                                           "trick 12: Ann AH, Bob TD, Cal JD, Dee TC: Ann wins"));
  assert_int_equal(rec_hands_played(f->rec), 1);
}

/* Hand 4 of `pinochle sim --variant partnership-auction --seed 31
 * --renege-rate 0.02` (players renamed): Dee trumps a diamond lead with
 * QH at trick 2 while holding 9D.  Nothing shows it until Dee leads 9D at
 * trick 5: the renege is reported, and asked about, at that line. */
static void test_table_renege_when_provable(void **state) {
  Fixture *f = *state;
  static const char *const hand4[] = {
      "dealer 4", "1 bid 250", "2 pass", "3 pass", "4 pass", "1 trump H", "3 give AS TH QH JH", "1 give AS TS TC JC",
      "1 meld QS QS QH 9H QD JD JD QC", "2 meld KD QD 20", "3 meld KC QC 20", "4 meld KH QH 9H 50",
      "9H AH JS 9H", "AD AD QH JD", "AS QS JS KS", "AC QC KC JC", "9D JD QD QC", "9S TS KS QS", "AS KH TH 9S",
      "JH AH KC KH", "9D TS TD QD", "9C JH 9C AC", "QH JC TC KD", "TH KD TC TD"};
  assert_int_equal(type_lines(f, hand4, 16), REC_ACCEPTED); /* up to trick 4: no renege is provable */
  assert_int_equal(line(f, hand4[16]), REC_PENDING);      /* trick 5: Dee leads 9D */
  assert_string_equal(rec_text(f->rec), "trick 5: Dee 9D, Ann JD, Bob QD, Cal QC: Bob wins 0\n"
                                        "trick 2: finding: renege-follow by Dee (seat 4) playing QH while holding 9D\n"
                                        "that is a renege: record it as played? (yes/no)\n");
  /* `no` takes the line back, and the renege is unproved again: typed
   * once more, the line proves it once more */
  assert_int_equal(line(f, "no"), REC_REFUSED);
  assert_string_equal(rec_text(f->rec), "not recorded (the line is taken back)\n");
  assert_int_equal(line(f, hand4[16]), REC_PENDING);
  assert_non_null(strstr(rec_text(f->rec), "renege-follow by Dee (seat 4) playing QH while holding 9D\n"));
  assert_int_equal(line(f, "yes"), REC_ACCEPTED);
  assert_int_equal(type_lines(f, hand4 + 17, 7), REC_STORED);
  /* the engine's finding on the inferred deal, with all the evidence */
  assert_non_null(strstr(rec_text(f->rec), "finding: renege-follow by Dee (seat 4) playing QH while holding TD TD KD 9D"));
}

/* all_pass=redeal: when everyone passes there is no play to infer the deal
 * from; the last pass is refused, and once the table rows are undone the
 * deal may be typed first. */
static void test_table_all_pass_redeal(void **state) {
  Fixture *f = *state;
  PnRules rules;
  PnDiag diag = {0};
  char err[80];
  assert_int_equal(pn_rules_preset(&rules, "partnership-auction"), 0);
  assert_int_equal(pn_rules_set_option(&rules, "all_pass=redeal", err, sizeof err), 0);
  const char *const options[] = {"all_pass=redeal"};
  RecGame game = {.key = "redeal", .variant = "partnership-auction", .rules = &rules, .noptions = 1,
                  .options = options, .nplayers = 4, .players = four, .dealer = 1};
  Recorder *rec = NULL;
  assert_int_equal(rec_start(f->store, &game, 5, true, &rec, &diag), 0);
  assert_int_equal(rec_line(rec, "2 pass", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "3 pass", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "4 pass", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "1 pass", &diag), REC_REFUSED);
  assert_non_null(strstr(rec_text(rec), "error: everyone passed and the hand is redealt"));
  for (int i = 0; i < 3; i++) assert_int_equal(rec_line(rec, "undo", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "undo", &diag), REC_REFUSED); /* back to the dealer row */
  assert_int_equal(rec_line(rec, "deal", &diag), REC_ACCEPTED);
  rec_free(rec);
}

/* The stored events of game `key`, hand 1 (copied into buf). */
static size_t stored_hand(Store *store, const char *key, uint8_t *buf, size_t size) {
  const char *keys[1] = {key};
  StoreFilter filter = {.nkeys = 1, .keys = keys, .hand = 1};
  StoreCursor *cursor = NULL;
  StoreRow row;
  PnDiag diag = {0};
  assert_int_equal(store_cursor_open(store, &filter, &cursor, &diag), STORE_OK);
  assert_int_equal(store_cursor_next(cursor, &row, &diag), 1);
  assert_true(row.events_len <= size);
  memcpy(buf, row.events, row.events_len);
  size_t len = row.events_len;
  store_cursor_close(cursor);
  return len;
}

/* Rows nobody sees during the play may be typed when they are known: the
 * cards passed after the last trick (the hand waits for them), the
 * auction widow after the bidding and the discard at the end.  The hand
 * stored is the one typed in the log's order. */
static void test_table_late_rows(void **state) {
  Fixture *f = *state;
  PnDiag diag = {0};
  uint8_t want[4096], got[4096];
  /* partnership-auction: the gives after the last trick */
  assert_int_equal(type_lines(f, hand1, HAND1_LINES), REC_STORED);
  size_t want_len = stored_hand(f->store, "t1", want, sizeof want);
  PnRules rules;
  assert_int_equal(pn_rules_preset(&rules, "partnership-auction"), 0);
  RecGame game = {.key = "t2", .variant = "partnership-auction", .rules = &rules, .nplayers = 4, .players = four,
                  .dealer = 1};
  Recorder *rec = NULL;
  assert_int_equal(rec_start(f->store, &game, 5, true, &rec, &diag), 0);
  for (int i = 0; i < HAND1_LINES; i++)
    if (i != 6 && i != 7) assert_int_equal(rec_line(rec, hand1[i], &diag), REC_ACCEPTED);
  assert_non_null(strstr(rec_text(rec), "the last trick is in: enter the cards passed"));
  assert_int_equal(rec_line(rec, hand1[6], &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, hand1[7], &diag), REC_STORED);
  rec_free(rec);
  assert_int_equal(stored_hand(f->store, "t2", got, sizeof got), want_len);
  assert_memory_equal(got, want, want_len);

  /* auction (hand 1 of sample-data/club-auction.csv, game ...-2026-1) */
  static const char *const auction[] = {
      "dealer 1", "widow TS AC TC", "2 pass", "3 pass", "1 pass", "1 trump H", "1 discard 9S 9D 9C",
      "1 meld KH QH KD QD 60", "2 meld 9H KC QC 30", "3 meld KS QS JS JH 9H JD JC", "AC JC 9C", "AC QC JC",
      "JS AS JS", "AS QS QS", "AD JD QD", "9S KS TS", "QH KH TH", "AD KD 9D", "9H KH 9H", "KC TC JH", "QH TH JH",
      "TD JD KD", "TC QC KS", "AH QD TS", "AH KC TD"};
  enum { AUCTION_LINES = sizeof auction / sizeof auction[0] };
  assert_int_equal(pn_rules_preset(&rules, "auction"), 0);
  const char *const three[] = {"Hal", "Fay", "Ida"};
  RecGame a = {.key = "a1", .variant = "auction", .rules = &rules, .nplayers = 3, .players = three, .dealer = 1};
  assert_int_equal(rec_start(f->store, &a, 5, true, &rec, &diag), 0);
  for (int i = 0; i < AUCTION_LINES; i++) assert_int_equal(rec_line(rec, auction[i], &diag), i + 1 < AUCTION_LINES ? REC_ACCEPTED : REC_STORED);
  rec_free(rec);
  want_len = stored_hand(f->store, "a1", want, sizeof want);
  a.key = "a2";
  assert_int_equal(rec_start(f->store, &a, 5, true, &rec, &diag), 0);
  assert_int_equal(rec_line(rec, auction[0], &diag), REC_ACCEPTED);
  for (int i = 2; i <= 4; i++) assert_int_equal(rec_line(rec, auction[i], &diag), REC_ACCEPTED); /* the bidding */
  assert_int_equal(rec_line(rec, auction[1], &diag), REC_ACCEPTED);                               /* the widow */
  assert_int_equal(rec_line(rec, auction[5], &diag), REC_ACCEPTED);
  for (int i = 7; i < AUCTION_LINES; i++) assert_int_equal(rec_line(rec, auction[i], &diag), REC_ACCEPTED);
  assert_non_null(strstr(rec_text(rec), "the last trick is in: enter the bidder's discard"));
  assert_int_equal(rec_line(rec, "discard 9S 9D 9C", &diag), REC_STORED); /* the bidder's, without a seat */
  rec_free(rec);
  assert_int_equal(stored_hand(f->store, "a2", got, sizeof got), want_len);
  assert_memory_equal(got, want, want_len);
}


/* Types lines (NULL-terminated) into a new partnership-auction game `key`
 * of the fixture's store; every line but the last must be accepted.
 * Returns what the last line did. */
static RecResult type_hand1(Fixture *f, Recorder **rec, const char *key, const char *const *lines) {
  PnRules rules;
  PnDiag diag = {0};
  assert_int_equal(pn_rules_preset(&rules, "partnership-auction"), 0);
  RecGame game = {.key = key, .variant = "partnership-auction", .rules = &rules, .nplayers = 4, .players = four,
                  .dealer = 1};
  assert_int_equal(rec_start(f->store, &game, 5, false, rec, &diag), 0);
  RecResult rc = REC_NOTHING;
  for (int i = 0; lines[i]; i++) {
    rc = rec_line(*rec, lines[i], &diag);
    if (lines[i + 1] && rc != REC_ACCEPTED && rc != REC_INFO)
      fail_msg("line '%s': %d: %s", lines[i], rc, rec_text(*rec));
  }
  return rc;
}

/* rec_redo_hand, the redo for programs: a hand's lines replace stored
 * hand 1 in place (the game keeps its id; its content hash follows the
 * new hand).  A line refused, a recorder command among the lines, or a
 * hand left without its last trick, changes nothing and says which. */
static void test_record_redo_hand_in_place(void **state) {
  Fixture *f = *state;
  PnDiag diag = {0};
  uint8_t before[4096], after[4096];
  assert_int_equal(type_lines(f, hand1, HAND1_LINES), REC_STORED);
  int64_t id, id_after;
  uint64_t hash, hash_after;
  assert_int_equal(store_game_lookup(f->store, "t1", &id, &hash, &diag), 1);
  size_t before_len = stored_hand(f->store, "t1", before, sizeof before);
  const char *lines[HAND1_LINES];
  memcpy(lines, hand1, sizeof lines);
  lines[12] = "KS AS AS AS";
  assert_int_equal(rec_redo_hand(f->store, "t1", 1, lines, HAND1_LINES, &diag), PN_ERR_INPUT);
  assert_int_equal(diag.line, 13);
  assert_non_null(strstr(diag.msg, "line 13 (KS AS AS AS): error: a third AS"));
  assert_int_equal(rec_redo_hand(f->store, "t1", 1, hand1, HAND1_LINES - 1, &diag), PN_ERR_INPUT);
  assert_string_equal(diag.msg, "hand 1 has 11 of 12 tricks in: it is not complete");
  assert_int_equal(rec_redo_hand(f->store, "t1", 2, hand1, HAND1_LINES, &diag), PN_ERR_NOT_FOUND);
  /* a `done` among the lines would store the hand half typed: refused, by its line */
  lines[12] = hand1[12];
  lines[6] = "done";
  assert_int_equal(rec_redo_hand(f->store, "t1", 1, lines, HAND1_LINES, &diag), PN_ERR_INPUT);
  assert_int_equal(diag.line, 7);
  assert_non_null(strstr(diag.msg, "line 7 (done): a recorder command"));
  lines[6] = hand1[6];
  assert_int_equal(stored_hand(f->store, "t1", after, sizeof after), before_len);
  assert_memory_equal(after, before, before_len);
  assert_int_equal(store_game_lookup(f->store, "t1", &id_after, &hash_after, &diag), 1);
  assert_true(hash_after == hash);
  lines[12] = hand1[12];
  lines[9] = "2 meld 9H KC QC 40"; /* the claim as Bob made it */
  assert_int_equal(rec_redo_hand(f->store, "t1", 1, lines, HAND1_LINES, &diag), 0);
  assert_int_equal(store_game_lookup(f->store, "t1", &id_after, &hash_after, &diag), 1);
  assert_int_equal(id_after, id);
  assert_true(hash_after != hash);
  size_t after_len = stored_hand(f->store, "t1", after, sizeof after);
  assert_true(after_len == before_len + 0 && memcmp(after, before, before_len) != 0);
}

/* A meld typed after the first tricks is put before the first lead: the
 * hand stored is the one typed in order. */
static void test_table_late_meld_stored_in_place(void **state) {
  Fixture *f = *state;
  uint8_t want[4096], got[4096];
  assert_int_equal(type_lines(f, hand1, HAND1_LINES), REC_STORED);
  size_t want_len = stored_hand(f->store, "t1", want, sizeof want);
  const char *lines[HAND1_LINES + 1];
  int n = 0;
  for (int i = 0; i < HAND1_LINES; i++) {
    if (i != 11) lines[n++] = hand1[i]; /* "4 meld 9H" ... */
    if (i == 13) lines[n++] = hand1[11]; /* ... typed after trick 2 */
  }
  lines[n] = NULL;
  Recorder *rec = NULL;
  assert_int_equal(type_hand1(f, &rec, "late", lines), REC_STORED);
  rec_free(rec);
  assert_int_equal(stored_hand(f->store, "late", got, sizeof got), want_len);
  assert_memory_equal(got, want, want_len);
}

/* The lines are numbered; a mistyped pass found 14 lines later is edited
 * in place, the later lines re-checked, and the hand stored is the right
 * one.  An edit that a later line contradicts names that line and changes
 * nothing; insert and delete do the same. */
static void test_table_edit_insert_delete(void **state) {
  Fixture *f = *state;
  uint8_t want[4096], got[4096];
  assert_int_equal(type_lines(f, hand1, HAND1_LINES), REC_STORED);
  size_t want_len = stored_hand(f->store, "t1", want, sizeof want);
  const char *lines[HAND1_LINES + 1];
  memcpy(lines, hand1, sizeof(char *) * 20); /* up to trick 8 */
  lines[6] = "3 give AS QH JH JD";
  lines[20] = NULL;
  Recorder *rec = NULL;
  PnDiag diag = {0};
  assert_int_equal(type_hand1(f, &rec, "edit", lines), REC_PENDING); /* Bob's QD: the JH nowhere (above) */
  assert_int_equal(rec_line(rec, "yes", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, hand1[20], &diag), REC_REFUSED); /* a third JD */
  assert_int_equal(rec_line(rec, "lines", &diag), REC_INFO);
  assert_non_null(strstr(rec_text(rec), "  1  2 pass\n"));
  assert_non_null(strstr(rec_text(rec), "  6  3 give AS QH JH JD\n"));
  assert_non_null(strstr(rec_text(rec), " 19  QS QD QS KS\n"));
  assert_int_equal(rec_line(rec, "edit 6 3 give AS QH JH JH", &diag), REC_ACCEPTED);
  assert_string_equal(rec_text(rec), "edited line 6; the 13 lines after it still fit\n");
  /* the wrong pass again: a later line no longer fits, and is named */
  assert_int_equal(rec_line(rec, "edit 6 3 give AS QH JD JD", &diag), REC_REFUSED);
  assert_string_equal(rec_text(rec), "error: line 10 (3 meld KS QS JD) no longer fits: a third JD, the deck has 2: "
                                     "Cal passed it to Ann (2 times); Cal showed it in meld; nothing is changed\n");
  assert_int_equal(rec_line(rec, "lines", &diag), REC_INFO);
  assert_non_null(strstr(rec_text(rec), "  6  3 give AS QH JH JH\n"));
  /* delete Bob's meld and insert it again */
  assert_int_equal(rec_line(rec, "delete 9", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "lines", &diag), REC_INFO);
  assert_non_null(strstr(rec_text(rec), "  9  3 meld KS QS JD\n"));
  assert_int_equal(rec_line(rec, "insert 9 2 meld 9H KC QC 30", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "delete 40", &diag), REC_REFUSED);
  assert_string_equal(rec_text(rec), "error: delete takes a line number from 1 to 19 (`lines` lists them)\n");
  for (int i = 20; i < HAND1_LINES; i++)
    assert_int_equal(rec_line(rec, hand1[i], &diag), i + 1 < HAND1_LINES ? REC_ACCEPTED : REC_STORED);
  rec_free(rec);
  assert_int_equal(stored_hand(f->store, "edit", got, sizeof got), want_len);
  assert_memory_equal(got, want, want_len);
}

/* A trick too many inserted (its cards typed twice) is refused at the
 * first line it contradicts; nothing changes and nothing is stored until
 * the hand is whole. */
static void test_table_insert_never_stores_early(void **state) {
  Fixture *f = *state;
  const char *lines[HAND1_LINES + 1];
  int n = 0;
  for (int i = 0; i < HAND1_LINES; i++)
    if (i != 6 && i != 7) lines[n++] = hand1[i]; /* the passes not typed: the hand waits for them */
  lines[n] = NULL;
  Recorder *rec = NULL;
  PnDiag diag = {0};
  assert_int_equal(type_hand1(f, &rec, "early", lines), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "insert 6 3 give AS QH JH JH", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "insert 11 AS AS KS JS", &diag), REC_REFUSED); /* a 13th trick */
  assert_string_equal(rec_text(rec), "error: line 11 (AS AS KS JS) no longer fits: a third AS, the deck has 2: Cal "
                                     "passed it to Ann; Ann played it at trick 1; Bob played it at trick 1; Ann played "
                                     "it at trick 2; Bob played it at trick 2; nothing is changed\n");
  assert_int_equal(rec_hands_played(rec), 0);
  assert_int_equal(rec_line(rec, hand1[7], &diag), REC_STORED); /* Ann's pass, and the hand is whole */
  assert_int_equal(rec_hands_played(rec), 1);
  rec_free(rec);
}

/* Hand 1 (hand1) typed with its deal first: the deal rows, then the rest. */
static const char *const dealt_hand1[] = {
    "1 deal QS JS 9S AH TH KH QH KD 9D AC KC 9C", "2 deal AS AH KH 9H AD TD QD QD TC KC QC JC",
    "3 deal AS KS QS 9S QH JH JH TD KD JD 9D QC", "4 deal TS TS KS JS TH 9H AD JD AC TC JC 9C",
    "2 pass", "3 pass", "4 pass", "1 pass", "1 trump hearts", "3 give AS QH JH JH", "1 give JS 9S 9D 9C",
    "1 meld AH TH KH QH JH 150", "2 meld 9H KC QC 30", "3 meld KS QS JD", "4 meld 9H", "AS AS KS JS",
    "AC JC QC 9C", "JH KH 9S TH", "AD KD AD 9D", "AC KC TC 9C", "9H JH AH 9S", "9H 9D TS QH", "QS QD QS KS",
    "JD QH QD TD", "KH QC KD JC", "TH KC JS TS", "AH TD JD TC"};
enum { DEALT_LINES = sizeof dealt_hand1 / sizeof dealt_hand1[0] };

/* With the deal typed first the lines are numbered too, and any of them
 * edited, inserted or deleted, the later ones re-checked (the engine
 * checks each against the deal): a wrong meld claim found three tricks
 * later is edited in place and the hand stored is the one typed right; a
 * deal row edited so that a later row no longer fits names that row and
 * changes nothing. */
static void test_deal_first_lines_edit(void **state) {
  Fixture *f = *state;
  uint8_t want[4096], got[4096];
  const char *lines[DEALT_LINES + 1];
  memcpy(lines, dealt_hand1, sizeof dealt_hand1);
  lines[DEALT_LINES] = NULL;
  Recorder *rec = NULL;
  PnDiag diag = {0};
  assert_int_equal(type_hand1(f, &rec, "right", lines), REC_STORED);
  rec_free(rec);
  size_t want_len = stored_hand(f->store, "right", want, sizeof want);
  lines[13] = "3 meld KS QS JD 40"; /* line 14: the claim 20 short */
  lines[18] = NULL;                 /* up to trick 3 */
  assert_int_equal(type_hand1(f, &rec, "wrong", lines), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "lines", &diag), REC_INFO);
  assert_non_null(strstr(rec_text(rec), "  1  1 deal QS JS 9S AH TH KH QH KD 9D AC KC 9C\n"));
  assert_non_null(strstr(rec_text(rec), " 14  3 meld KS QS JD 40\n 15  4 meld 9H\n 16  AS AS KS JS\n"));
  assert_int_equal(rec_line(rec, "edit 14 3 meld KS QS JD", &diag), REC_ACCEPTED);
  assert_string_equal(rec_text(rec), "edited line 14; the 4 lines after it still fit\n");
  assert_int_equal(rec_line(rec, "edit 1 1 deal QS JS 9S AS TH KH QH KD 9D AC KC 9C", &diag), REC_REFUSED);
  assert_string_equal(rec_text(rec), "error: line 3 (3 deal AS KS QS 9S QH JH JH TD KD JD 9D QC) no longer fits: "
                                     "the deal does not add up: more than 2 copies of AS; nothing is changed\n");
  assert_int_equal(rec_line(rec, "delete 18", &diag), REC_ACCEPTED); /* the last line, typed again */
  assert_string_equal(rec_text(rec), "deleted line 18\n");
  assert_int_equal(rec_line(rec, "insert 18 JH KH 9S TH", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "undo", &diag), REC_ACCEPTED);
  assert_string_equal(rec_text(rec), "undone: JH KH 9S TH\n");
  for (int i = 17; i < DEALT_LINES; i++)
    assert_int_equal(rec_line(rec, dealt_hand1[i], &diag), i + 1 < DEALT_LINES ? REC_ACCEPTED : REC_STORED);
  rec_free(rec);
  assert_int_equal(stored_hand(f->store, "wrong", got, sizeof got), want_len);
  assert_memory_equal(got, want, want_len);
}

/* The start of a hand names its dealer and first bidder; the dealer may be
 * changed until a row depends on it (the widow typed first does not). */
static void test_record_dealer_until_first_bid(void **state) {
  Fixture *f = *state;
  PnRules rules;
  PnDiag diag = {0};
  static const char *const three[] = {"Hal", "Fay", "Ida"};
  assert_int_equal(pn_rules_preset(&rules, "auction"), 0);
  RecGame game = {.key = "d1", .variant = "auction", .rules = &rules, .nplayers = 3, .players = three, .dealer = 1};
  Recorder *rec = NULL;
  assert_int_equal(rec_start(f->store, &game, 5, false, &rec, &diag), 0);
  assert_int_equal(rec_line(rec, "widow TS AC TC", &diag), REC_ACCEPTED);
  assert_string_equal(rec_text(rec), "hand 1: Hal deals, Fay bids first\n");
  assert_int_equal(rec_line(rec, "dealer 2", &diag), REC_ACCEPTED);
  assert_string_equal(rec_text(rec), "hand 1: Fay deals, Ida bids first\n");
  assert_int_equal(rec_line(rec, "2 pass", &diag), REC_REFUSED); /* Ida's turn now */
  assert_int_equal(rec_line(rec, "3 pass", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "dealer 3", &diag), REC_REFUSED);
  rec_free(rec);
}

/* Two-hand: a line of plays applies whole or not at all (its first trick
 * was kept when the third card was refused), and undo takes back a trick
 * line whole (it took back one card). */
static void test_two_hand_line_whole(void **state) {
  Fixture *f = *state;
  PnRules rules;
  PnDiag diag = {0};
  static const char *const two[] = {"A", "B"};
  assert_int_equal(pn_rules_preset(&rules, "two-hand"), 0);
  RecGame game = {.key = "th", .variant = "two-hand", .rules = &rules, .nplayers = 2, .players = two, .dealer = 1};
  Recorder *rec = NULL;
  assert_int_equal(rec_start(f->store, &game, 5, false, &rec, &diag), 0);
  assert_int_equal(rec_line(rec, "1 deal TS TS QS QS KH KH QH AD QD JD 9D KC", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "2 deal JS JS 9S 9S QH TD TD KD JD AC JC 9C", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "turnup JH", &diag), REC_ACCEPTED);
  assert_int_equal(rec_line(rec, "2 AC QH JS TS", &diag), REC_REFUSED);
  assert_string_equal(rec_text(rec), "error: enter the draws first (draw CARD), A drawing first\n"
                                     "(none of the line is kept)\n");
  assert_int_equal(rec_line(rec, "2 AC QH", &diag), REC_ACCEPTED); /* the same trick is still to play */
  assert_int_equal(rec_line(rec, "undo", &diag), REC_ACCEPTED);
  assert_string_equal(rec_text(rec), "undone: AC QH\n");
  assert_int_equal(rec_line(rec, "undo", &diag), REC_ACCEPTED);
  assert_string_equal(rec_text(rec), "undone: turnup\n");
  rec_free(rec);
}

/* Bob's cards in a two-hand game `key` dealt by `deal` with this seed
 * (status lists them, Bob being to play first), into held. */
static void two_hand_dealt(Fixture *f, const char *key, uint64_t seed, PnCards *held, Recorder **keep) {
  PnRules rules;
  PnDiag diag = {0};
  static const char *const two[] = {"Ann", "Bob"};
  assert_int_equal(pn_rules_preset(&rules, "two-hand"), 0);
  RecGame game = {.key = key, .variant = "two-hand", .rules = &rules, .nplayers = 2, .players = two, .dealer = 1};
  Recorder *rec = NULL;
  assert_int_equal(rec_start(f->store, &game, seed, false, &rec, &diag), 0);
  assert_int_equal(rec_line(rec, "deal", &diag), REC_ACCEPTED);
  rec_show_status(rec);
  const char *at = strstr(rec_text(rec), "  holds ");
  assert_non_null(at);
  PnCard cards[PN_MAX_HAND];
  size_t bad;
  at += 8;
  int n = pn_cards_parse(at, strcspn(at, "\n"), cards, PN_MAX_HAND, &bad);
  assert_int_equal(n, 12);
  memset(held, 0, sizeof *held);
  pn_cards_add_list(held, cards, n);
  if (keep) *keep = rec;
  else rec_free(rec);
}

/* A kept line that no longer fits when --resume types it again (the
 * shuffle dealt from another --seed) is named, not dropped silently. */
static void test_record_resume_names_a_line_that_no_longer_fits(void **state) {
  Fixture *f = *state;
  PnCards five, six;
  Recorder *rec = NULL;
  PnDiag diag = {0};
  two_hand_dealt(f, "seed6", 6, &six, NULL);
  two_hand_dealt(f, "seed5", 5, &five, &rec);
  int card = -1;
  for (int c = 0; c < PN_CARD_KINDS && card < 0; c++)
    if (five.n[c] && !six.n[c]) card = c;
  assert_true(card >= 0);
  char two[3], text[32];
  snprintf(text, sizeof text, "2 play %s", pn_card_str((PnCard)card, two));
  assert_int_equal(rec_line(rec, text, &diag), REC_ACCEPTED);
  rec_free(rec);
  assert_int_equal(rec_resume(f->store, "seed5", 0, 6, false, &rec, &diag), 0);
  char want[96];
  snprintf(want, sizeof want, "warning: a kept line no longer fits and is dropped: `%s`: ", text);
  assert_non_null(strstr(rec_text(rec), want));
  rec_free(rec);
}

/* ------------------------------------------------- mistakes catalogue */

/* Hand 1 of sample-data/club-auction.csv (game ...-2026-1), as typed at
 * the table; names Hal, Fay, Ida. */
static const char *const auction1[] = {
    "dealer 1", "widow TS AC TC", "2 pass", "3 pass", "1 pass", "1 trump H", "1 discard 9S 9D 9C",
    "1 meld KH QH KD QD 60", "2 meld 9H KC QC 30", "3 meld KS QS JS JH 9H JD JC", "AC JC 9C"};
/* The same with the widow not yet typed. */
static const char *const auction1_late[] = {
    "dealer 1", "2 pass", "3 pass", "1 pass", "1 trump H", "1 discard 9S 9D 9C", "1 meld KH QH KD QD 60",
    "2 meld 9H KC QC 30", "3 meld KS QS JS JH 9H JD JC"};
/* Hand 1 of sample-data/club-five-call.csv up to the partner's pass. */
static const char *const five1[] = {
    "dealer 1", "2 bid 250", "3 bid 260", "4 bid 270", "5 bid 280", "1 bid 290", "2 bid 300", "3 bid 310",
    "4 bid 320", "5 bid 330", "1 bid 340", "2 pass", "3 bid 350", "4 bid 360", "5 bid 370", "1 bid 380", "3 bid 390",
    "4 bid 400", "5 bid 410", "1 bid 420", "3 bid 430", "4 bid 440", "5 pass", "1 bid 450", "3 bid 460", "4 bid 470",
    "1 pass", "3 pass", "4 trump D", "4 call AD", "2 give AD TD TD"};
/* The start of hand 1 of sample-data/club-partnership.csv. */
static const char *const turnup1[] = {"dealer 1", "1 turnup QH", "2 dix 9H exchange"};
/* A double-deck hand's bidding. */
static const char *const double1[] = {"dealer 1", "2 bid 50", "3 pass", "4 pass", "1 pass", "2 trump C"};

/* A hand typed with its deal first (shuffled by seed 5), up to trump. */
static const char *const dealt1[] = {"deal", "2 bid 250", "3 pass", "4 pass", "1 pass"};

/* One scorekeeper's mistake: after `nprefix` good lines of `prefix`, the
 * line `wrong` does `want` and says `says`. */
typedef struct Mistake {
  const char *preset;        /* the game's preset */
  const char *const *prefix; /* the good lines before it */
  int nprefix;               /* how many of them */
  const char *wrong;         /* the mistaken line */
  RecResult want;            /* what it does */
  const char *says;          /* words it must say */
} Mistake;

static const Mistake MISTAKES[] = {
    /* a card more times than the deck holds */
    {"partnership-auction", hand1, 12, "KS AS AS AS", REC_REFUSED,
     "error: a third AS, the deck has 2: Cal passed it to Ann; Bob played it at trick 1; Cal played it at trick 1; "
     "Dee played it at trick 1\n"},
    {"partnership-auction", hand1, 12, "AS AS AS JS", REC_REFUSED, "error: a third AS, the deck has 2"},
    {"partnership-auction", hand1, 8, "1 meld AS AS AS", REC_REFUSED, "error: a third AS, the deck has 2"},
    {"partnership-auction", hand1, 12, "AS AH AH JS", REC_REFUSED,
     "error: a third AH, the deck has 2: Ann showed it in meld; Bob played it at trick 1; Cal played it at trick 1\n"},
    {"partnership-auction", hand1, 6, "3 give AS AS AS QH", REC_REFUSED,
     "error: a third AS, the deck has 2: Cal passed it to Ann (3 times)\n"},
    {"partnership-auction", hand1, 10, "3 meld AS AS KS", REC_REFUSED,
     "error: a third AS, the deck has 2: Cal passed it to Ann; Cal showed it in meld (2 times)\n"},
    {"auction", auction1, 10, "AC TC TC", REC_REFUSED,
     "error: a third TC, the deck has 2: it is in the widow; Fay played it at trick 1; Ida played it at trick 1\n"},
    {"auction", auction1, 6, "1 discard KH KH KH", REC_REFUSED,
     "error: a third KH, the deck has 2: Hal discarded it (3 times)\n"},
    {"auction", auction1_late, 9, "widow QS QS TC", REC_REFUSED,
     "error: a third QS, the deck has 2: Ida showed it in meld; it is in the widow (2 times)\n"},
    {"auction", auction1, 10, "widow QS QS TC", REC_REFUSED, "error: the widow is typed already\n"},
    {"partnership", turnup1, 3, "AS QH QH 9S", REC_REFUSED,
     "error: a third QH, the deck has 2: it is the turn-up; Cal played it at trick 1; Dee played it at trick 1\n"},
    {"five-call", five1, 31, "JC JC JC JC JC", REC_REFUSED, "error: a fifth JC, the deck has 4"},
    {"double-deck", double1, 6, "2 meld AS AS AS AS AS", REC_REFUSED, "error: a fifth AS, the deck has 4"},
    /* a hand that cannot hold what is typed */
    {"partnership-auction", hand1, 8, "1 meld AH TH KH QH JH AS AS KS QS TS TD KD QD", REC_REFUSED,
     "error: Ann (seat 1) would hold 14 cards (played, shown in meld and received), a hand is 12\n"},
    /* a give or discard of the wrong size, by a seat that does not give */
    {"partnership-auction", hand1, 6, "3 give AS QH JH", REC_REFUSED, "error: a pass is 4 cards, not 3\n"},
    {"partnership-auction", hand1, 6, "2 give AS QH JH JD", REC_REFUSED,
     "error: Bob (seat 2) does not pass cards: only the bidder (Ann) and partner (Cal) do\n"},
    {"partnership-auction", hand1, 7, "3 give AS QH JH JH", REC_REFUSED, "error: Cal (seat 3) has already passed\n"},
    {"partnership-auction", hand1, 6, "1 discard 9S 9D 9C", REC_REFUSED,
     "error: no one discards in partnership-auction\n"},
    {"auction", auction1, 6, "2 give AS QH JH JH", REC_REFUSED,
     "error: Fay (seat 2) does not pass cards: auction has no passing\n"},
    {"auction", auction1, 6, "discard 9S 9D", REC_REFUSED, "error: a discard is 3 cards, not 2\n"},
    {"auction", auction1, 6, "2 discard 9S 9D 9C", REC_REFUSED,
     "error: Fay (seat 2) does not discard: only the bidder (Hal) does\n"},
    {"auction", auction1, 7, "1 discard 9S 9D 9C", REC_REFUSED, "error: the discard is typed already\n"},
    {"five-call", five1, 30, "2 give AD TD", REC_REFUSED, "error: a pass is 3 cards, not 2\n"},
    {"double-deck", double1, 6, "1 give AS KS QS", REC_REFUSED,
     "error: Ann (seat 1) does not pass cards: double-deck has no passing\n"},
    /* a seat that showed out yet holds the suit: a renege, asked about */
    {"partnership-auction", hand1, 12, "AS AS TC JS", REC_PENDING,
     "trick 1: Ann AS, Bob AS, Cal TC, Dee JS: Ann wins 30\n"
     "trick 1: finding: renege-follow by Cal (seat 3) playing TC while holding KS QS\n"
     "that is a renege: record it as played? (yes/no)\n"},
    /* a low bid is said at once */
    {"partnership-auction", hand1, 1, "2 bid 245", REC_ACCEPTED,
     "finding: bid 245 by Bob (seat 2) is below the lowest good bid 250\n"},
    /* the wrong word is named */
    {"partnership-auction", hand1, 8, "1 meld AX KH", REC_REFUSED,
     "error: 'AX' is not a card (meld takes cards, then a value)\n"},
    /* a line for another phase says what comes now */
    {"partnership-auction", hand1, 2, "AS AS KS JS", REC_REFUSED,
     "error: the play comes after the bidding: now Cal (seat 3) to bid or pass\n"},
    {"partnership-auction", hand1, 3, "3 give AS QH JH JH", REC_REFUSED,
     "error: give comes after the bidding: now Dee (seat 4) to bid or pass\n"},
    {"partnership-auction", hand1, 12, "AS AS KS JS AC", REC_REFUSED, "error: a trick is 4 cards, not 5\n"},
    {"partnership-auction", hand1, 13, "Bob JS", REC_REFUSED, "error: it is Ann's turn (seat 1) to play\n"},
    {"partnership-auction", hand1, 5, "2 bid 260", REC_REFUSED,
     "error: a bid after the bidding closed: now Ann (seat 1) to trump\n"},
    {"partnership-auction", hand1, 8, "1 trump S", REC_REFUSED,
     "error: trump was already named: now Ann (seat 1) to play, or the meld, cards passed or discarded\n"},
    {"partnership-auction", dealt1, 5, "2 bid 300", REC_REFUSED,
     "error: a bid after the bidding closed: now Bob (seat 2) to trump\n"},
    {"partnership-auction", dealt1, 1, "AS AS KS JS", REC_REFUSED, "error: play during the bidding: seat 2 is to bid\n"},
    /* with the deal typed first, each line is checked against it at once */
    {"partnership-auction", dealt_hand1, 2, "3 deal AS AS QS 9S QH JH JH TD KD JD 9D QC", REC_REFUSED,
     "error: the deal does not add up: more than 2 copies of AS\n"},
    {"partnership-auction", dealt_hand1, 3, "4 deal TS TS KS JS TH 9H AD JD AC TC JC", REC_REFUSED,
     "error: deal row has 11 cards, expected 12\n"},
    {"partnership-auction", dealt_hand1, 9, "3 give AS QH JH", REC_REFUSED, "error: pass 4 cards, not 3\n"},
    {"partnership-auction", dealt_hand1, 11, "1 meld AH TH KH QH JH AS AS 150", REC_REFUSED,
     "error: seat 1 does not hold AS\n"},
    {"partnership-auction", dealt_hand1, 15, "AS AS KS 9D", REC_REFUSED, "(none of the line is kept)\n"},
    /* a seat or a line number that is not one is named */
    {"partnership-auction", hand1, 1, "Zed pass", REC_REFUSED,
     "error: 'Zed' is not a seat (1 to 4, or Ann, Bob, Cal or Dee)\n"},
    {"partnership-auction", hand1, 1, "dealer Zed", REC_REFUSED,
     "error: 'Zed' is not a seat (1 to 4, or Ann, Bob, Cal or Dee)\n"},
    {"partnership-auction", hand1, 3, "edit x 2 pass", REC_REFUSED,
     "error: 'x' is not a line number (`lines` lists them)\n"},
};
enum { NMISTAKES = sizeof MISTAKES / sizeof MISTAKES[0] };

/* Every mistake of the catalogue is caught at the line that makes it, with
 * its words; the line is not kept (the next good line still fits). */
static void test_record_mistakes_catalogue(void **state) {
  Fixture *f = *state;
  static const char *const names[] = {"Ann", "Bob", "Cal", "Dee", "Eve"};
  static const char *const three[] = {"Hal", "Fay", "Ida"};
  int wrong = 0;
  for (int i = 0; i < NMISTAKES; i++) {
    const Mistake *m = &MISTAKES[i];
    PnRules rules;
    PnDiag diag = {0};
    char key[32];
    assert_int_equal(pn_rules_preset(&rules, m->preset), 0);
    snprintf(key, sizeof key, "mistake-%d", i + 1);
    RecGame game = {.key = key, .variant = m->preset, .rules = &rules, .nplayers = rules.players,
                    .players = rules.players == 3 ? three : names, .dealer = 1};
    Recorder *rec = NULL;
    assert_int_equal(rec_start(f->store, &game, 5, false, &rec, &diag), 0);
    for (int j = 0; j < m->nprefix; j++) {
      RecResult rc = rec_line(rec, m->prefix[j], &diag);
      if (rc != REC_ACCEPTED) fail_msg("mistake %d, line '%s': %d: %s", i + 1, m->prefix[j], rc, rec_text(rec));
    }
    RecResult rc = rec_line(rec, m->wrong, &diag);
    if (rc != m->want || !strstr(rec_text(rec), m->says)) {
      print_message("mistake %d '%s': %d, said: %s", i + 1, m->wrong, rc, rec_text(rec));
      wrong++;
    }
    rec_free(rec);
  }
  assert_int_equal(wrong, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_record_line_results, setup, teardown),
      cmocka_unit_test_setup_teardown(test_record_status_once, setup, teardown),
      cmocka_unit_test_setup_teardown(test_record_default_keys_differ, setup, teardown),
      cmocka_unit_test_setup_teardown(test_record_resume_failures_have_their_codes, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_hand_stored, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_card_twice, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_card_missing, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_head_lack_renege, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_trick_size, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_renege_when_provable, setup, teardown),
      cmocka_unit_test_setup_teardown(test_deal_first_progress, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_all_pass_redeal, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_late_rows, setup, teardown),
      cmocka_unit_test_setup_teardown(test_record_mistakes_catalogue, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_late_meld_stored_in_place, setup, teardown),
      cmocka_unit_test_setup_teardown(test_record_redo_hand_in_place, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_edit_insert_delete, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_insert_never_stores_early, setup, teardown),
      cmocka_unit_test_setup_teardown(test_deal_first_lines_edit, setup, teardown),
      cmocka_unit_test_setup_teardown(test_record_dealer_until_first_bid, setup, teardown),
      cmocka_unit_test_setup_teardown(test_two_hand_line_whole, setup, teardown),
      cmocka_unit_test_setup_teardown(test_record_resume_names_a_line_that_no_longer_fits, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
