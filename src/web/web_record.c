/*
 * web_record.c - the table recorder over HTTP (web_int.h, docs/WEB.md):
 * each table recording has a Recorder (src/record/record.h) kept by game
 * key; a line posted goes to rec_line() exactly as `pinochle record`
 * reads it from a terminal, so the syntax, the checks and what is stored
 * are the recorder's, not a copy of them.
 *
 * All of it runs on the daemon's one thread (web.h): the tables take
 * turns, and a hand is committed inside one rec_line() call, so two
 * tables' transactions never interleave on the shared Store.
 */
#define _DEFAULT_SOURCE /* strdup, open_memstream */
#include <ctype.h>
#include <jansson.h>
#include "web_mhd.h" /* libmicrohttpd, loaded when serve starts */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "codec.h"
#include "record.h"
#include "report_game.h"
#include "web.h"
#include "web_int.h"

#define MAX_TABLES 64  /* games recording at once in one server */
#define MAX_LIST 32    /* options or tags of a new game */

/* One table recording. */
typedef struct WebTable {
  Recorder *rec;       /* owned */
  char key[128];       /* the game's key (rec_key) */
  char variant[64];    /* its preset */
  PnDeck deck;         /* the preset's deck: the card buttons */
  int nplayers;        /* seats */
  bool pending;        /* a renege awaits yes or no */
  bool done;           /* quit, or the game is over: kept only for its state */
} WebTable;

struct WebRecorders {
  WebTable tables[MAX_TABLES];
  int n;
  uint64_t seeds;      /* varies the seed of each `deal` shuffle */
};

WebRecorders *web_recorders_new(void) { return calloc(1, sizeof(WebRecorders)); }

void web_recorders_free(WebRecorders *w) {
  if (!w) return;
  for (int i = 0; i < w->n; i++) rec_free(w->tables[i].rec);
  free(w);
}

static WebTable *table_find(WebRecorders *w, const char *key) {
  for (int i = 0; i < w->n; i++)
    if (strcmp(w->tables[i].key, key) == 0) return &w->tables[i];
  return NULL;
}

/* A slot for a new table: a free one, or one whose game is done. */
static WebTable *table_slot(WebRecorders *w) {
  if (w->n < MAX_TABLES) return &w->tables[w->n++];
  for (int i = 0; i < w->n; i++)
    if (w->tables[i].done) {
      rec_free(w->tables[i].rec);
      memset(&w->tables[i], 0, sizeof w->tables[i]);
      return &w->tables[i];
    }
  return NULL;
}

static uint64_t next_seed(WebRecorders *w) {
  return (uint64_t)time(NULL) * 6364136223846793005ULL + ++w->seeds * 1442695040888963407ULL;
}

/* ---------------------------------------------------------------- answers */

static bool error_out(unsigned code, const char *message, unsigned *status, char **out, size_t *len) {
  *status = code;
  *out = web_json_error_text(message, len);
  return true;
}

static bool json_out(json_t *j, unsigned code, unsigned *status, char **out, size_t *len) {
  char *text = j ? json_dumps(j, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL;
  json_decref(j);
  *status = code;
  *out = NULL;
  if (!text) return true;
  size_t n = strlen(text);
  *out = malloc(n + 2);
  if (*out) {
    memcpy(*out, text, n);
    (*out)[n] = '\n';
    (*out)[n + 1] = '\0';
    *len = n + 1;
  }
  free(text);
  return true;
}

/* The game's score sheet (as report_game's JSON), or null. */
static json_t *sheet_of(Store *store, const char *key) {
  ReportGame game;
  PnDiag diag = {0};
  if (report_game_compute(store, key, &game, &diag) != 0) return json_null();
  json_t *j = report_game_json(&game);
  report_game_free(&game);
  return j ? j : json_null();
}

static const char *result_name(RecResult r) {
  switch (r) {
  case REC_NOTHING: return "nothing";
  case REC_INFO: return "info";
  case REC_ACCEPTED: return "accepted";
  case REC_PENDING: return "pending";
  case REC_REFUSED: return "refused";
  case REC_STORED: return "stored";
  case REC_QUIT: return "quit";
  default: return "failed";
  }
}

static const char *stage_name(RecStage s) {
  static const char *const names[] = {"dealer", "bid", "trump", "play", "done", "over", "deal"};
  return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "deal";
}

/* The cards of *cards as an array of their two-letter names, each as
 * often as it is there. */
static json_t *cards_json(const PnCards *cards) {
  json_t *a = json_array();
  for (int c = 0; c < PN_CARD_KINDS; c++)
    for (int k = 0; k < cards->n[c]; k++) {
      char two[3];
      json_array_append_new(a, json_string(pn_card_str((PnCard)c, two)));
    }
  return a;
}

/* A run with the other K and Q of trump beside it: the commonest meld
 * of two, one tap (its value by the rules, run_royal or not). */
static void append_run_royal(json_t *a, const PnRules *ru, int trump) {
  PnCard run[10], royal[10];
  int nrun = pn_meld_cards(ru, PN_MELD_RUN, trump, 0, run), nroyal = pn_meld_cards(ru, PN_MELD_ROYAL_MARRIAGE, trump, 0, royal);
  PnCards both = {{0}};
  for (int i = 0; i < nrun; i++) both.n[run[i]]++;
  for (int i = 0; i < nroyal; i++) both.n[royal[i]]++;
  PnMeldResult best;
  int points = nrun > 0 && nroyal > 0 ? pn_meld_best(ru, trump, &both, &best) : 0;
  if (points > 0)
    json_array_append_new(a, json_pack("{s:s, s:o, s:i}", "name", "run + royal marriage", "cards", cards_json(&both), "points", points));
}

/* The melds of the rules' table that a tap may pick whole (trump named):
 * [{"name", "cards", "points"}], a marriage once per other suit; the run
 * with a royal marriage beside it too; none before trump. */
static json_t *melds_of(const Recorder *rec, int trump) {
  json_t *a = json_array();
  if (trump < 0) return a;
  const PnRules *ru = rec_rules(rec);
  for (int k = 0; k < PN_MELD_KINDS; k++) {
    if (k == PN_MELD_DOUBLE_PINOCHLE || k == PN_MELD_ROUND_ROBIN) continue; /* made of the others */
    for (int suit = 0; suit < 4; suit++) {
      if (k == PN_MELD_MARRIAGE ? suit == trump : suit > 0) continue;
      PnCard cards[10];
      int n = pn_meld_cards(ru, (PnMeldKind)k, trump, suit, cards);
      if (n <= 0) continue;
      PnCards set = {{0}};
      for (int i = 0; i < n; i++) set.n[cards[i]]++;
      char name[48];
      snprintf(name, sizeof name, "%s%s%s", pn_meld_name((PnMeldKind)k), k == PN_MELD_MARRIAGE ? " " : "",
               k == PN_MELD_MARRIAGE ? pn_suit_symbol(suit) : "");
      for (char *p = name; *p; p++) *p = *p == '-' ? ' ' : *p;
      json_array_append_new(a, json_pack("{s:s, s:o, s:i}", "name", name, "cards", cards_json(&set), "points",
                                         pn_meld_value(ru, (PnMeldKind)k)));
      if (k == PN_MELD_RUN) append_run_royal(a, ru, trump);
    }
  }
  return a;
}

/* What the page shows of the hand (rec_view): the stage, whose turn it
 * is, the bids to offer, who passes or discards, the trick in progress,
 * the cards the deck still has to play ("left": the card buttons) and
 * the hand's numbered lines. */
static json_t *view_of(WebTable *t) {
  RecView v;
  rec_view(t->rec, &v);
  json_t *trick = json_array(), *lines = json_array(), *gives = json_array();
  for (int i = 0; i < v.ntrick; i++) {
    char two[3];
    json_array_append_new(trick, json_pack("{s:i, s:s}", "seat", v.trick_seat[i], "card", pn_card_str(v.trick[i], two)));
  }
  for (int n = 1; n <= v.lines; n++) {
    const char *text = rec_line_text(t->rec, n);
    json_array_append_new(lines, json_string(text ? text : ""));
  }
  for (int i = 0; i < 2; i++)
    if (v.gives[i]) json_array_append_new(gives, json_integer(v.gives[i]));
  PnCards left;
  pn_deck_cards(t->deck, &left);
  for (int c = 0; c < PN_CARD_KINDS; c++) left.n[c] = left.n[c] > v.played.n[c] ? left.n[c] - v.played.n[c] : 0;
  char suit[2] = {v.trump >= 0 ? pn_suit_char(v.trump) : '\0', '\0'};
  json_t *j = json_pack("{s:s, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:s, s:o, s:i, s:i, s:b, s:i, s:o, s:o, s:o}", "stage",
                   stage_name(v.stage), "hand", v.hand, "dealer", v.dealer, "seat", v.seat, "min_bid", v.min_bid,
                   "lowest_bid", v.lowest_bid,
                   "bid_step", v.bid_step, "high_bid", v.high_bid, "high_bidder", v.high_bidder, "trump", suit, "gives",
                   gives, "gives_done", v.gives_done, "discard", v.discard, "discard_done", v.discard_done,
                   "tricks_done", v.tricks_done, "trick", trick, "left", cards_json(&left), "lines", lines);
  if (j) json_object_set_new(j, "melds", melds_of(t->rec, v.trump));
  char forced[3] = "";
  if (v.forced >= 0) pn_card_str((PnCard)v.forced, forced);
  if (j) json_object_set_new(j, "forced", v.forced >= 0 ? json_string(forced) : json_null());
  json_t *bidders = json_array();
  for (int i = 0; i < v.nbidders; i++)
    json_array_append_new(bidders, json_pack("{s:i, s:i}", "seat", v.bidders[i], "min_bid", v.bidder_min[i]));
  if (j) json_object_set_new(j, "bidders", bidders);
  else json_decref(bidders);
  if (j) json_object_set_new(j, "tricks_total", json_integer(v.tricks_total));
  if (j) json_object_set_new(j, "widow", json_integer(v.widow));
  if (j) json_object_set_new(j, "widow_done", json_boolean(v.widow_done));
  if (j) json_object_set_new(j, "pass_cards", json_integer(v.gives[0] ? rec_rules(t->rec)->pass_cards : 0));
  return j;
}

/*
 * The recorder's state: the game, its players and deck (the card buttons:
 * each card as often as the deck has it), what the last line did and
 * what the recorder said about it, the renege awaiting confirmation, the
 * status (whose turn, what comes next, the scores), the hands stored and
 * the score sheet.
 */
static json_t *state_of(WebTable *t, Store *store, const char *result, const char *said) {
  json_t *players = json_array(), *deck = json_array(), *labels = json_object();
  for (int s = 1; s <= t->nplayers; s++) json_array_append_new(players, json_string(rec_player(t->rec, s)));
  PnCards cards;
  pn_deck_cards(t->deck, &cards);
  char text[1024];
  pn_cards_str(&cards, text, sizeof text);
  for (char *p = text; *p;) {
    char card[3] = {p[0], p[1], '\0'};
    json_array_append_new(deck, json_string(card));
    p += 2;
    while (*p == ' ') p++;
  }
  /* each card as shown ("10\u2660"): the page takes the deck's alphabet
   * from here, the rules library's, and keeps no copy of its own */
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    if (!cards.n[c]) continue;
    char card[3], label[16];
    snprintf(label, sizeof label, "%s%s", pn_rank_label(PN_RANK(c)), pn_suit_symbol(PN_SUIT(c)));
    json_object_set_new(labels, pn_card_str((PnCard)c, card), json_string(label));
  }
  json_t *j = json_pack("{s:s, s:s, s:o, s:o, s:s, s:s, s:b, s:o}", "game", t->key, "variant", t->variant, "players",
                        players, "deck", deck, "result", result, "said", said ? said : "", "pending", t->pending,
                        "finding", t->pending && said ? json_string(said) : json_null());
  if (!j) {
    json_decref(labels);
    return NULL;
  }
  if (!t->done) {
    rec_show_status(t->rec);
    json_object_set_new(j, "status", json_string(rec_text(t->rec)));
    json_object_set_new(j, "view", view_of(t));
  } else json_object_set_new(j, "status", json_string("the game is over, or the table quit"));
  json_object_set_new(j, "labels", labels);
  json_object_set_new(j, "recording", json_boolean(!t->done));
  json_object_set_new(j, "hands_stored", json_integer(rec_hands_played(t->rec)));
  json_object_set_new(j, "sheet", sheet_of(store, t->key));
  return j;
}

/* ---------------------------------------------------------- validation */

/* Text a header field may hold: 1..max bytes, no control character. */
static bool plain(const char *s, size_t max) {
  size_t n = s ? strlen(s) : 0;
  if (n == 0 || n > max) return false;
  for (size_t i = 0; i < n; i++)
    if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f) return false;
  return true;
}

/* A key addressable as one path segment. */
static bool key_ok(const char *key) {
  if (!plain(key, 120) || strcmp(key, ".") == 0 || strcmp(key, "..") == 0) return false;
  for (const char *p = key; *p; p++)
    if (*p == '/' || *p == '?' || *p == '#' || *p == '%' || isspace((unsigned char)*p)) return false;
  return true;
}

/* What a list's strings are: a player's name, an option or a tag. */
typedef enum { LIST_NAMES, LIST_OPTIONS, LIST_TAGS } ListKind;

/* Whether s may be an item of a `kind` list.  A tag is what the event
 * log and `record --tag` take (rec_start asks codec_tag_check, the one
 * home of that rule): any text with a name before its '=', a line break
 * included, so it is not held to plain(). */
static bool list_item_ok(ListKind kind, const char *s) {
  bool eq = s && strchr(s, '=') && s[0] != '=';
  switch (kind) {
  case LIST_NAMES: return plain(s, 200);
  case LIST_OPTIONS: return plain(s, 200) && eq;
  case LIST_TAGS: return eq;
  }
  return false;
}

/* An array of strings, at most max, each list_item_ok for kind; false
 * after filling msg. */
static bool string_list(const json_t *v, const char *what, ListKind kind, int max, const char **items, int *n,
                        char *msg, size_t size) {
  *n = 0;
  if (!v) return true;
  if (!json_is_array(v) || (int)json_array_size(v) > max) {
    snprintf(msg, size, "\"%s\" is an array of at most %d strings", what, max);
    return false;
  }
  size_t i;
  json_t *item;
  json_array_foreach(v, i, item) {
    const char *s = json_string_value(item);
    if (!list_item_ok(kind, s)) {
      snprintf(msg, size, "\"%s\" holds %s", what,
               kind == LIST_NAMES ? "names (1 to 200 characters)" : "\"name=value\" strings");
      return false;
    }
    items[(*n)++] = s;
  }
  return true;
}

/* ----------------------------------------------------------- endpoints */

/* POST /api/games: {"game", "variant", "players", "options", "tags"}. */
static bool start_game(WebRecorders *w, Store *store, const json_t *body, unsigned *status, char **out, size_t *len) {
  char msg[200];
  const char *options[MAX_LIST], *tags[MAX_LIST], *players[PN_MAX_SEATS + 1];
  int noptions, ntags, nplayers;
  const json_t *jkey = json_object_get(body, "game"), *jvariant = json_object_get(body, "variant");
  const char *key = json_string_value(jkey), *variant = json_string_value(jvariant);
  if (jkey && !json_is_null(jkey) && !key_ok(key))
    return error_out(400, "\"game\" is a key of 1 to 120 characters without spaces, '/', '?', '#' or '%'", status, out,
                     len);
  if (!variant) return error_out(400, "\"variant\" is needed (`pinochle rules` lists them)", status, out, len);
  PnRules rules;
  if (pn_rules_preset(&rules, variant) != 0) {
    snprintf(msg, sizeof msg, "unknown variant '%.60s' (`pinochle rules` lists them)", variant);
    return error_out(422, msg, status, out, len);
  }
  const json_t *jplayers = json_object_get(body, "players");
  if (!json_is_array(jplayers) || json_array_size(jplayers) > PN_MAX_SEATS)
    return error_out(400, "\"players\" is an array of names, by seat", status, out, len);
  if (!string_list(jplayers, "players", LIST_NAMES, PN_MAX_SEATS, players, &nplayers, msg, sizeof msg) ||
      !string_list(json_object_get(body, "options"), "options", LIST_OPTIONS, MAX_LIST, options, &noptions, msg, sizeof msg) ||
      !string_list(json_object_get(body, "tags"), "tags", LIST_TAGS, MAX_LIST, tags, &ntags, msg, sizeof msg))
    return error_out(400, msg, status, out, len);
  for (int i = 0; i < noptions; i++) {
    char err[160];
    if (pn_rules_set_option(&rules, options[i], err, sizeof err) != 0) return error_out(422, err, status, out, len);
  }
  if (nplayers != rules.players) {
    snprintf(msg, sizeof msg, "%s needs %d players, not %d", variant, rules.players, nplayers);
    return error_out(422, msg, status, out, len);
  }
  if (key) {
    int64_t id;
    uint64_t hash;
    PnDiag diag = {0};
    int found = store_game_lookup(store, key, &id, &hash, &diag);
    if (found < 0) return error_out(500, diag.msg, status, out, len);
    if (found > 0 || table_find(w, key)) {
      snprintf(msg, sizeof msg, "game '%s' exists: resume it with POST /api/games/KEY/resume", key);
      return error_out(409, msg, status, out, len);
    }
  }
  WebTable *t = table_slot(w);
  if (!t) return error_out(503, "too many tables recording at once", status, out, len);
  RecGame game = {.key = key, .variant = variant, .rules = &rules, .noptions = noptions, .options = options,
                  .nplayers = nplayers, .players = players, .ntags = ntags, .tags = tags, .dealer = 1};
  PnDiag diag = {0};
  int rc = rec_start(store, &game, next_seed(w), false, &t->rec, &diag);
  if (rc != 0) {
    memset(t, 0, sizeof *t);
    if (t == &w->tables[w->n - 1]) w->n--;
    /* a bad tag, the key taken since the check above, or the database failed */
    int code = rc == PN_ERR_CONFLICT ? 409 : rc == PN_ERR_BUSY ? 503 : rc == PN_ERR_INPUT ? 422 : 500;
    return error_out(code, diag.msg, status, out, len);
  }
  snprintf(t->key, sizeof t->key, "%s", rec_key(t->rec));
  snprintf(t->variant, sizeof t->variant, "%s", variant);
  t->deck = rules.deck;
  t->nplayers = rules.players;
  return json_out(state_of(t, store, "started", ""), 201, status, out, len);
}

/* The table of key: in memory, or the stored unfinished game resumed.
 * NULL after answering (404, or the game cannot be resumed). */
static WebTable *table_of(WebRecorders *w, Store *store, const char *key, unsigned *status, char **out, size_t *len,
                          bool *answered) {
  *answered = false;
  WebTable *t = table_find(w, key);
  if (t) return t;
  char msg[300];
  int64_t id;
  uint64_t hash;
  PnDiag diag = {0};
  int found = store_game_lookup(store, key, &id, &hash, &diag);
  if (found < 0) *answered = error_out(500, diag.msg, status, out, len);
  else if (found == 0) {
    snprintf(msg, sizeof msg, "no game '%.200s' in the database", key);
    *answered = error_out(404, msg, status, out, len);
  }
  if (*answered) return NULL;
  json_t *sheet = sheet_of(store, key);
  const char *variant = json_string_value(json_object_get(sheet, "preset"));
  PnRules rules;
  if (!variant || pn_rules_preset(&rules, variant) != 0) pn_rules_preset(&rules, "partnership-auction"); /* a stored game's preset is known: this is never used */
  if (!(t = table_slot(w))) {
    json_decref(sheet);
    *answered = error_out(503, "too many tables recording at once", status, out, len);
    return NULL;
  }
  if (rec_resume(store, key, 0, next_seed(w), false, &t->rec, &diag) != 0) {
    /* A finished game: nothing to record, but its state can be shown. */
    memset(t, 0, sizeof *t);
    if (t == &w->tables[w->n - 1]) w->n--;
    json_t *j = json_pack("{s:s, s:s, s:b, s:s, s:o}", "game", key, "variant", variant ? variant : "", "recording", 0,
                          "status", diag.msg, "sheet", sheet);
    *answered = json_out(j, 200, status, out, len);
    return NULL;
  }
  snprintf(t->key, sizeof t->key, "%s", rec_key(t->rec));
  snprintf(t->variant, sizeof t->variant, "%s", variant ? variant : "");
  json_decref(sheet); /* variant pointed into it */
  t->deck = rules.deck;
  t->nplayers = rules.players;
  return t;
}

/* POST /api/games/KEY/lines: {"line": "...", "confirm": true|false}. */
static bool take_line(WebTable *t, Store *store, const json_t *body, unsigned *status, char **out, size_t *len) {
  const json_t *jline = json_object_get(body, "line"), *jconfirm = json_object_get(body, "confirm");
  const char *line = json_string_value(jline);
  if (!line && !jconfirm) return error_out(400, "\"line\" (a recorder line) or \"confirm\" is needed", status, out, len);
  if (jline && !line) return error_out(400, "\"line\" is a string", status, out, len);
  if (jconfirm && !json_is_boolean(jconfirm)) return error_out(400, "\"confirm\" is true or false", status, out, len);
  if (line && strlen(line) > WEB_MAX_LINE) return error_out(413, "a line is at most 1024 bytes", status, out, len);
  if (line && (strchr(line, '\n') || strchr(line, '\r')))
    return error_out(400, "one line at a time: no line break in \"line\"", status, out, len);
  if (line && strlen(line) != json_string_length(jline))
    return error_out(400, "\"line\" holds a NUL character", status, out, len);
  if (t->done) return error_out(409, "this game is over, or its table quit", status, out, len);
  PnDiag diag = {0};
  RecResult got = REC_NOTHING;
  if (line) {
    if (t->pending) return error_out(409, "a renege awaits confirmation: send {\"confirm\": true} or false", status, out, len);
    got = rec_line(t->rec, line, &diag);
    t->pending = got == REC_PENDING;
  }
  char *said = strdup(rec_text(t->rec));
  if (!said) return false;
  if (jconfirm && (t->pending || !line)) {
    if (!t->pending) {
      free(said);
      return error_out(409, "no renege awaits confirmation", status, out, len);
    }
    got = rec_line(t->rec, json_is_true(jconfirm) ? "yes" : "no", &diag);
    t->pending = got == REC_PENDING;
    size_t n = strlen(said);
    const char *more = rec_text(t->rec);
    char *joined = malloc(n + strlen(more) + 1);
    if (!joined) {
      free(said);
      return false;
    }
    memcpy(joined, said, n);
    strcpy(joined + n, more);
    free(said);
    said = joined;
  }
  bool done;
  if (got == REC_FAILED) done = error_out(500, diag.msg, status, out, len);
  else {
    if (got == REC_QUIT) t->done = true;
    json_t *j = state_of(t, store, result_name(got), said);
    if (got == REC_REFUSED && j) json_object_set_new(j, "error", json_string(said));
    done = json_out(j, got == REC_REFUSED ? 422 : 200, status, out, len);
  }
  free(said);
  return done;
}

/* POST /api/games/KEY/meld: {"cards": ["KS", "QS"]}: their value by the
 * rules with the hand's trump ({"value": N}; -1 before trump), so the
 * page shows the claim without a rule of its own.  Nothing changes. */
static bool meld_value(WebTable *t, const json_t *body, unsigned *status, char **out, size_t *len) {
  const json_t *jcards = json_object_get(body, "cards");
  if (!json_is_array(jcards) || json_array_size(jcards) > PN_MAX_HAND)
    return error_out(400, "\"cards\" is an array of at most 20 cards (\"KS\")", status, out, len);
  PnCards cards = {{0}};
  size_t i;
  json_t *item;
  json_array_foreach(jcards, i, item) {
    const char *text = json_string_value(item);
    PnCard card;
    size_t n = text ? strlen(text) : 0;
    if (n == 0 || n > 8 || pn_card_parse(text, n, &card) != n) {
      char msg[120];
      snprintf(msg, sizeof msg, "\"cards\"[%zu] is not a card", i);
      return error_out(400, msg, status, out, len);
    }
    cards.n[card]++;
  }
  return json_out(json_pack("{s:i}", "value", rec_meld_value(t->rec, &cards)), 200, status, out, len);
}

/* The lines the journal keeps of game id's hand in progress (0: none,
 * or a backend that keeps none). */
static int journal_lines(Store *store, int64_t id) {
  static char buf[64 * 1024]; /* the daemon's one thread (web.h) */
  PnDiag diag = {0};
  if (store_journal_get(store, id, buf, sizeof buf, &diag) != 1 || !buf[0]) return 0;
  int n = 1;
  for (const char *p = buf; *p; p++) n += *p == '\n' && p[1];
  return n;
}

/* GET /api/games/KEY of a game no table is recording: what is stored,
 * read only.  A GET takes no recorder slot and changes nothing; POST
 * /api/games/KEY/resume resumes. */
static bool stored_state(Store *store, const char *key, unsigned *status, char **out, size_t *len) {
  char msg[300];
  int64_t id;
  uint64_t hash;
  PnDiag diag = {0};
  int found = store_game_lookup(store, key, &id, &hash, &diag); /* any stored key: %2F routes it */
  if (found < 0) return error_out(500, diag.msg, status, out, len);
  if (found == 0) {
    snprintf(msg, sizeof msg, "no game '%.200s' in the database", key);
    return error_out(404, msg, status, out, len);
  }
  json_t *sheet = sheet_of(store, key);
  /* over as the recorder sees it: ended with a winner (rec_resume refuses it) */
  bool over = json_is_true(json_object_get(sheet, "finished")) && json_is_object(json_object_get(sheet, "winner"));
  const char *variant = json_string_value(json_object_get(sheet, "preset"));
  json_t *j = json_pack("{s:s, s:s, s:b, s:b, s:i, s:s, s:o}", "game", key, "variant", variant ? variant : "",
                        "recording", 0, "resumable", !over, "lines_kept", journal_lines(store, id), "status",
                        over ? "the game is over" : "not recording: POST /api/games/KEY/resume to go on", "sheet", sheet);
  return json_out(j, 200, status, out, len);
}

/* ------------------------------------------------------ a stored hand */

#define MAX_REDO_LINES 256 /* lines of one hand sent back (the recorder's MAX_HAND_EVENTS) */

/* Hand number text: 1..99999, digits only; 0 when not. */
static int hand_of(const char *s) {
  long n = 0;
  for (const char *p = s; *p; p++) {
    if (*p < '0' || *p > '9' || p - s >= 5) return 0;
    n = n * 10 + (*p - '0');
  }
  return (int)n;
}

/* The HTTP status of a recorder code: unknown game or hand 404, a line
 * that does not fit 422, the database 500. */
static unsigned status_of(int rc) {
  return rc == PN_ERR_NOT_FOUND ? 404 : rc == PN_ERR_INPUT ? 422 : rc == PN_ERR_BUSY ? 503 : 500;
}

/* GET /api/games/KEY/hands/N/lines: {"game", "hand", "lines": [...]}, the
 * stored hand as `--redo N` types it in (rec_hand_lines). */
static bool hand_lines_get(Store *store, const char *key, int hand, unsigned *status, char **out, size_t *len) {
  char *text = NULL;
  PnDiag diag = {0};
  int rc = rec_hand_lines(store, key, hand, &text, &diag);
  if (rc != 0) return error_out(status_of(rc), diag.msg, status, out, len);
  json_t *lines = json_array();
  for (char *p = text, *end; *p; p = end + 1) {
    end = strchr(p, '\n');
    json_array_append_new(lines, json_stringn(p, (size_t)(end - p)));
  }
  free(text);
  return json_out(json_pack("{s:s, s:i, s:o}", "game", key, "hand", hand, "lines", lines), 200, status, out, len);
}

/* The strings of body's "lines" into lines[] (borrowed from body); false
 * with *code and msg when they are not an array of at most MAX_REDO_LINES
 * single lines of at most WEB_MAX_LINE bytes. */
static bool redo_lines_of(const json_t *body, const char **lines, int *n, unsigned *code, char *msg, size_t size) {
  const json_t *jlines = json_object_get(body, "lines"), *item;
  size_t i;
  *code = 400;
  if (!json_is_array(jlines)) {
    snprintf(msg, size, "\"lines\" is an array of recorder lines");
    return false;
  }
  if (json_array_size(jlines) > MAX_REDO_LINES) {
    *code = 413;
    snprintf(msg, size, "a hand is at most %d lines", MAX_REDO_LINES);
    return false;
  }
  json_array_foreach(jlines, i, item) {
    const char *line = json_string_value(item);
    if (line && strlen(line) > WEB_MAX_LINE) *code = 413;
    if (!line) snprintf(msg, size, "\"lines\"[%zu] is not a string", i);
    else if (*code == 413) snprintf(msg, size, "\"lines\"[%zu]: a line is at most %d bytes", i, WEB_MAX_LINE);
    else if (strlen(line) != json_string_length(item) || strchr(line, '\n') || strchr(line, '\r'))
      snprintf(msg, size, "\"lines\"[%zu] holds a line break or a NUL", i);
    else {
      lines[i] = line;
      continue;
    }
    return false;
  }
  *n = (int)json_array_size(jlines);
  return true;
}

/* Forgets the table of key (the next request resumes it from the
 * database, its kept lines typed again). */
static void table_drop(WebRecorders *w, WebTable *t) {
  rec_free(t->rec);
  *t = w->tables[--w->n];
  memset(&w->tables[w->n], 0, sizeof w->tables[w->n]);
}

/* POST /api/games/KEY/hands/N/redo {"lines": [...]}: hand N replaced by
 * the lines, all or nothing; a table recording the game is resumed
 * afresh from the database after it. */
static bool hand_redo(WebRecorders *w, Store *store, const char *key, int hand, const json_t *body, unsigned *status,
                      char **out, size_t *len) {
  static const char *lines[MAX_REDO_LINES];
  char msg[400];
  unsigned code;
  int n = 0, bad = 0;
  if (!redo_lines_of(body, lines, &n, &code, msg, sizeof msg)) return error_out(code, msg, status, out, len);
  WebTable *t = table_find(w, key);
  if (t && t->pending) return error_out(409, "a renege awaits confirmation at this game's table", status, out, len);
  PnDiag diag = {0};
  int rc = rec_redo_hand(store, key, hand, lines, n, &diag);
  code = rc == 0 ? 0 : status_of(rc);
  bad = rc == PN_ERR_INPUT ? diag.line : 0;
  snprintf(msg, sizeof msg, "%s", diag.msg);
  if (code && !bad) return error_out(code, msg, status, out, len);
  if (code) { /* {"error": ..., "line": N}, compact as every error answer */
    json_t *j = json_pack("{s:s, s:i}", "error", msg, "line", bad);
    char *text = j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(j);
    *status = code;
    *out = text ? realloc(text, strlen(text) + 2) : NULL;
    if (!*out) free(text);
    else {
      *len = strlen(*out);
      strcpy(*out + (*len)++, "\n");
    }
    return true;
  }
  if (t) table_drop(w, t);
  return json_out(json_pack("{s:s, s:i, s:s}", "game", key, "hand", hand, "result", "replaced"), 200, status, out, len);
}

/* The routes under /api/games/KEY/hands/N/ (seg: KEY, "hands", N, what). */
static bool hand_api(WebRecorders *w, Store *store, bool get, bool post, char **seg, const char *body,
                     size_t body_len, unsigned *status, char **out, size_t *len) {
  bool lines = get && strcmp(seg[3], "lines") == 0, redo = post && strcmp(seg[3], "redo") == 0;
  if (strcmp(seg[1], "hands") != 0 || (!lines && !redo)) return false;
  int hand = hand_of(seg[2]);
  if (!hand) return error_out(404, "a hand number is a whole number from 1", status, out, len);
  if (lines) return hand_lines_get(store, seg[0], hand, status, out, len);
  json_error_t err;
  json_t *j = json_loadb(body ? body : "", body_len, JSON_REJECT_DUPLICATES, &err);
  bool answered;
  if (!json_is_object(j)) {
    char msg[300];
    if (j) snprintf(msg, sizeof msg, "the body is a JSON object");
    else snprintf(msg, sizeof msg, "bad JSON at line %d, column %d: %s", err.line, err.column, err.text);
    answered = error_out(400, msg, status, out, len);
  } else answered = hand_redo(w, store, seg[0], hand, j, status, out, len);
  json_decref(j);
  return answered;
}

bool web_record_api(WebRecorders *w, Store *store, const char *method, int nseg, char **seg, const char *body,
                    size_t body_len, unsigned *status, char **out, size_t *len) {
  bool post = strcmp(method, MHD_HTTP_METHOD_POST) == 0;
  bool get = strcmp(method, MHD_HTTP_METHOD_GET) == 0 || strcmp(method, MHD_HTTP_METHOD_HEAD) == 0;
  bool start = post && nseg == 0, lines = post && nseg == 2 && strcmp(seg[1], "lines") == 0, state = get && nseg == 1;
  bool resume = post && nseg == 2 && strcmp(seg[1], "resume") == 0;
  bool meld = post && nseg == 2 && strcmp(seg[1], "meld") == 0;
  if (nseg == 4) return hand_api(w, store, get, post, seg, body, body_len, status, out, len);
  if (!start && !lines && !state && !resume && !meld) return false;
  if (state && !table_find(w, seg[0])) return stored_state(store, seg[0], status, out, len);
  json_t *j = NULL;
  if (start || lines || meld) { /* resume takes no body */
    json_error_t err;
    j = json_loadb(body ? body : "", body_len, JSON_REJECT_DUPLICATES, &err);
    if (!j || !json_is_object(j)) {
      char msg[300];
      if (j) snprintf(msg, sizeof msg, "the body is a JSON object");
      else snprintf(msg, sizeof msg, "bad JSON at line %d, column %d: %s", err.line, err.column, err.text);
      json_decref(j);
      return error_out(400, msg, status, out, len);
    }
  }
  bool answered;
  if (start) answered = start_game(w, store, j, status, out, len);
  else {
    WebTable *t = table_of(w, store, seg[0], status, out, len, &answered);
    if (t && meld) answered = meld_value(t, j, status, out, len);
    else if (t) answered = lines ? take_line(t, store, j, status, out, len)
                            : json_out(state_of(t, store, resume ? "resumed" : "state", ""), 200, status, out, len);
  }
  json_decref(j);
  return answered;
}

/* ---------------------------------------------------------------- page */

void web_record_page(const ReportHtml *html, FILE *out) {
  report_html_begin(out, html, "Record a game");
  fputs("<h1>Record a game</h1>\n"
        "<div class=\"rec-grid\">\n"
        "<form id=\"rec-start\" class=\"rec-panel\"><h2>New game</h2>\n"
        "<label>Variant <select name=\"variant\">",
        out);
  for (int i = 0; pn_preset_name(i); i++) {
    fputs("<option>", out);
    report_html_text(out, pn_preset_name(i));
    fputs("</option>", out);
  }
  fputs("</select></label>\n"
        "<label>Players, by seat <input name=\"players\" placeholder=\"Ann, Bob, Cal, Dee\" required></label>\n"
        "<label>Game key <input name=\"game\" placeholder=\"(made from the clock)\"></label>\n"
        "<label>House rules <input name=\"options\" placeholder=\"name=value, ...\"></label>\n"
        "<label>Tags <input name=\"tags\" placeholder=\"date=2026-11-20, table=3\"></label>\n"
        "<button class=\"primary\" id=\"rec-start-button\">Start</button></form>\n"
        "<form id=\"rec-resume\" class=\"rec-panel\"><h2>Resume</h2>\n"
        "<div id=\"rec-unfinished\"></div>\n"
        "<label>Game key <input name=\"game\" required></label> <button id=\"rec-resume-button\">Resume</button></form>\n"
        "<section id=\"rec-table\" class=\"rec-panel\" hidden>\n"
        "<h2 id=\"rec-title\"></h2>\n"
        "<div id=\"rec-turn\" class=\"rec-turn\" aria-live=\"polite\"></div>\n"
        "<p id=\"rec-error\" role=\"alert\"></p>\n"
        "<div id=\"rec-said\" class=\"rec-said\"></div>\n"
        "<div id=\"rec-pending\" hidden><span id=\"rec-finding\"></span> "
        "<button id=\"rec-yes\" class=\"primary\">Yes, record it</button> <button id=\"rec-no\">No, drop it</button></div>\n"
        "<div id=\"rec-confirm-box\" hidden><h3>Score</h3><div id=\"rec-confirm\" class=\"rec-buttons\"></div></div>\n"
        "<div id=\"rec-dealer-box\" hidden><h3>Dealer</h3><div id=\"rec-dealer\" class=\"rec-buttons\"></div></div>\n"
        "<div id=\"rec-bid-box\" hidden><h3>Bid</h3><div id=\"rec-bids\" class=\"rec-buttons\"></div></div>\n"
        "<div id=\"rec-trump-box\" hidden><h3>Trump</h3><div id=\"rec-trump\" class=\"rec-buttons\"></div></div>\n"
        "<div id=\"rec-picked-box\" hidden><div id=\"rec-picked\"></div>"
        "<p><button id=\"rec-pick-toggle\" type=\"button\">Meld or pass cards</button></p></div>\n"
        "<div id=\"rec-cards-box\" hidden><h3>Cards <small id=\"rec-cards-how\"></small></h3>\n"
        "<div id=\"rec-cards\" class=\"rec-buttons\"></div></div>\n"
        "<div id=\"rec-lines-box\" hidden><h3>This hand's lines <small>(tap one to correct it)</small></h3>\n"
        "<div id=\"rec-lines\" class=\"rec-lines\"></div><div id=\"rec-fix\" class=\"rec-fix\" hidden></div></div>\n"
        "<p><button id=\"rec-undo\" type=\"button\">Undo the last line</button></p>\n"
        "<details><summary>Type a line</summary><p><input id=\"rec-free\" placeholder=\"Cal meld KD QD, give AS KS QS JS\" "
        "size=\"28\"> <button id=\"rec-free-send\">Send</button></p></details>\n"
        "<h3>Score</h3><div id=\"rec-score\" class=\"scroll\"></div>\n"
        "<p><a href=\"/record\">Another game</a></p>\n"
        "</section>\n</div>\n",
        out);
  report_html_end(out, html);
}

/* The editor of a stored hand (/games/KEY/hands/N/edit): its lines as
 * `--redo N` types them in, a box each (app.js: delete, insert, send to
 * POST /api/games/KEY/hands/N/redo).  Returns 0, or rec_hand_lines's code
 * with diag (nothing written). */
int web_record_edit_page(const ReportHtml *html, Store *store, const char *key, int hand, FILE *out, PnDiag *diag) {
  char *text = NULL;
  int rc = rec_hand_lines(store, key, hand, &text, diag);
  if (rc != 0) return rc;
  char title[300];
  snprintf(title, sizeof title, "Edit game %.200s, hand %d", key, hand);
  report_html_begin(out, html, title);
  fputs("<h1>Edit <a href=\"/games/", out);
  report_html_url(out, key);
  fputs("\">game ", out);
  report_html_name(out, key);
  fputs("</a>", out);
  fprintf(out, ", hand %d</h1>\n<p>The hand's lines as the recorder takes them (<a href=\"/record\">Record</a>"
               " has their syntax). Correct a line in its box, delete or insert lines, then replace the stored hand: "
               "the game and its other hands stay as they are.</p>\n<section id=\"redo\" data-game=\"", hand);
  report_html_text(out, key);
  fprintf(out, "\" data-hand=\"%d\">\n<ol id=\"redo-lines\" class=\"redo-lines\">\n", hand);
  for (char *p = text, *end; *p; p = end + 1) {
    end = strchr(p, '\n');
    *end = '\0';
    fputs("<li><input size=\"32\" value=\"", out);
    report_html_text(out, p);
    fputs("\"></li>\n", out);
  }
  fprintf(out, "</ol>\n<p><button id=\"redo-add\" type=\"button\">Add a line</button> "
               "<button id=\"redo-send\" class=\"primary\" type=\"button\">Replace hand %d</button></p>\n"
               "<p id=\"redo-error\" role=\"alert\"></p>\n</section>\n", hand);
  report_html_end(out, html);
  free(text);
  return 0;
}
