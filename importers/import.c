/*
 * import.c - event-log files into the store (import.h).
 *
 * One Importer per file.  Records come from csv_reader; each is checked
 * (key, hand and seq order, seat, action), then either builds the game's
 * header (hand 0) or goes through the engine (hand >= 1) and is encoded
 * into the game's buffers.  When the game ends (another key, or the end
 * of the file) it is checked for completeness, hashed, and written:
 * skipped if stored with the same content, refused or replaced if stored
 * with other content, else inserted.  Nothing reaches the store before
 * the whole game is known to be valid; the file's transaction (and with
 * --keep-going one savepoint per game) makes the file all or nothing.
 */
#include "import.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "csv_reader.h"
#include "pn_buf.h"
#include "pn_set.h"

/* ------------------------------------------------------------ buffers */

/* Offsets of strings in the game's text (a PnBuf), in file order. */
typedef struct Strs {
  size_t *off;                   /* malloc'd */
  int n;                         /* used */
  size_t cap;                    /* allocated */
} Strs;

static int strs_add(Strs *s, size_t off) {
  if (PN_VEC_RESERVE(s->off, s->cap, (size_t)s->n + 1) != 0) return PN_ERR_IO;
  s->off[s->n++] = off;
  return 0;
}

/* ------------------------------------------------------------- state */

/* One hand of the game being read. */
typedef struct HandRec {
  int number;                    /* 1-based */
  int dealer;                    /* seat */
  size_t ev_off, ev_len;         /* its events in Game.events */
  size_t res_off, res_len;       /* its results in Game.results (when done) */
  bool done;                     /* the engine completed it */
  int bidder, bid, trump;        /* from the results */
} HandRec;

/* The game being read: everything needed to store it, nothing more. */
typedef struct Game {
  PnBuf key;                     /* the key, NUL-terminated */
  bool active;                   /* a game is being read */
  bool bad;                      /* --keep-going: invalid; its rows are skipped */
  long first_line;               /* line of its first record */
  long hand_line;                /* line of the last record of the current hand (or header) */
  int hand;                      /* current hand number, 0 = header */
  int seq;                       /* last seq seen in it */
  int rows;                      /* records read */
  bool has_variant;              /* the variant row was read */
  PnRules rules;                 /* the preset with the option rows applied */
  PnBuf text;                    /* the header's strings */
  size_t preset_off;             /* variant name in text */
  Strs options, tags;            /* option and tag rows in text, file order */
  size_t player_off[PN_MAX_SEATS]; /* names by seat in text */
  long player_line[PN_MAX_SEATS];  /* their lines, 0 = no row yet */
  PnGame *pn;                    /* the engine's game (heap: large) */
  PnBuf events, results;         /* every hand's encoded events and results */
  HandRec *hands;                /* hands read */
  int nhands;                    /* used */
  size_t hands_cap;              /* allocated */
  long findings;                 /* findings in its rows */
  long by_kind[PN_FIND_KINDS];   /* by kind */
} Game;

typedef struct Importer {
  Store *store;                  /* where games go */
  const ImportOptions *opts;     /* as given */
  const char *name;              /* file name for diagnostics */
  ImportStats total;             /* the caller's stats plus this file's so far */
  Game game;                     /* the game being read */
  PnSet seen;                    /* keys met in the file */
  PnDiag err;                    /* the last error */
  long rows_since_progress;      /* rows since the last progress call */
} Importer;

static void game_free(Game *g) {
  pn_buf_free(&g->key);
  pn_buf_free(&g->text);
  free(g->options.off);
  free(g->tags.off);
  free(g->pn);
  pn_buf_free(&g->events);
  pn_buf_free(&g->results);
  free(g->hands);
}

/* Clears the game for the next one, keeping the buffers. */
static void game_reset(Game *g) {
  g->key.len = 0;
  g->active = false;
  g->bad = false;
  g->first_line = g->hand_line = 0;
  g->hand = g->seq = g->rows = 0;
  g->has_variant = false;
  g->text.len = 0;
  g->options.n = g->tags.n = 0;
  memset(g->player_line, 0, sizeof g->player_line);
  g->events.len = g->results.len = 0;
  g->nhands = 0;
  g->findings = 0;
  memset(g->by_kind, 0, sizeof g->by_kind);
}

static const char *game_key(const Game *g) { return (const char *)g->key.data; }

/* ------------------------------------------------------------ errors */

static int reject(Importer *imp, long line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Fills imp->err with an input error; returns IMPORT_BAD_INPUT. */
static int reject(Importer *imp, long line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  imp->err.file = imp->name;
  imp->err.line = line;
  imp->err.col = col;
  vsnprintf(imp->err.msg, sizeof imp->err.msg, fmt, ap);
  va_end(ap);
  return IMPORT_BAD_INPUT;
}

static int out_of_memory(Importer *imp, long line) {
  reject(imp, line, 0, "out of memory");
  return IMPORT_STORE; /* not the input's fault: ends the import */
}

/* A store failure: diag's message, with which game. */
static int store_failed(Importer *imp, const PnDiag *sd, const char *what) {
  imp->err.file = NULL;
  imp->err.line = 0;
  imp->err.col = 0;
  snprintf(imp->err.msg, sizeof imp->err.msg, "%s game '%.40s': %.150s", what, game_key(&imp->game),
           sd->msg[0] ? sd->msg : "database error");
  return IMPORT_STORE;
}

static void note(Importer *imp, ImportNote kind, const PnDiag *d) {
  if (imp->opts->note) imp->opts->note(imp->opts->ctx, kind, d);
}

static void progress(Importer *imp) {
  imp->rows_since_progress = 0;
  if (imp->opts->progress) imp->opts->progress(imp->opts->ctx, imp->name, &imp->total);
}

/* The --keep-going policy for an input error of the current game: with
 * it, the game is reported, marked bad (its remaining rows are skipped)
 * and the import goes on (0); without it, the error ends the import. */
static int policy(Importer *imp, int rc) {
  if (rc != IMPORT_BAD_INPUT || !imp->opts->keep_going) return rc;
  imp->total.games_bad++;
  note(imp, IMPORT_NOTE_BAD_GAME, &imp->err);
  imp->game.bad = true;
  return 0;
}

/* ------------------------------------------------------------ fields */

/* A whole number 0..1e9 in decimal digits only. */
static bool parse_count(const char *s, long *out) {
  if (*s == '\0') return false;
  long v = 0;
  for (; *s; s++) {
    if (*s < '0' || *s > '9' || v > 100000000L) return false;
    v = v * 10 + (*s - '0');
  }
  *out = v;
  return true;
}

/* The header actions (hand 0). */
typedef enum { HDR_VARIANT, HDR_OPTION, HDR_PLAYER, HDR_TAG, HDR_NONE } HeaderAction;

static HeaderAction header_action(const char *s) {
  static const char *const names[] = {"variant", "option", "player", "tag"};
  for (int i = 0; i < 4; i++)
    if (strcmp(s, names[i]) == 0) return (HeaderAction)i;
  return HDR_NONE;
}

/* "two-hand, two-hand-64, ..." for messages. */
static void preset_list(char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; pn_preset_name(i) != NULL && used < size; i++) {
    int n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", pn_preset_name(i));
    if (n < 0) break;
    used += (size_t)n;
  }
}

/* Does the action's stored form keep a value / cards?  (codec.h: the
 * bare actions keep neither, a play keeps one card, and only bid, score,
 * trump, dix and meld have a value.)  A row giving what would be dropped
 * is refused rather than silently changed. */
static bool takes_value(PnAction a) { return pn_action_shape(a) & PN_SHAPE_VALUE; }
static bool takes_cards(PnAction a) { return pn_action_shape(a) & PN_SHAPE_CARDS; }

/* What the parsing thread makes of each row (csv_reader_prepare), so that
 * turning text into numbers and cards runs beside the engine and the
 * database: the checks stay here, in their order, and use these.  Kept
 * small (40 bytes, not a PnEvent's 80 and more): every slot is written on
 * one core and read on the other, and those cache lines, not the parsing,
 * were most of the reading thread's time.  An event with more cards than
 * fit is made again here (a few rows of a deal at most). */
enum { PREP_CARDS = 20 };
typedef struct RowPrep {
  int32_t hand, seq;             /* -1: not a whole number */
  int32_t value;                 /* the event's (when event_ok) */
  int8_t seat;                   /* 0: empty; -1: not a whole number (or past any seat) */
  int8_t action;                 /* a hand's action (PnAction), -1: none (or a header row) */
  bool event_ok;                 /* the row's event is below: pn_event_from_text made it, and its cards fit */
  bool has_value;
  int8_t suit, meld, dix;        /* the event's (when event_ok) */
  uint8_t ncards;
  PnCard cards[PREP_CARDS];
} RowPrep;

/* The event into the slot (its action and seat are there already):
 * false, the slot untouched, when its cards do not fit. */
static bool prep_keep_event(RowPrep *p, const PnEvent *ev) {
  if (ev->ncards > PREP_CARDS) return false;
  p->value = ev->value;
  p->has_value = ev->has_value;
  p->suit = (int8_t)ev->suit;
  p->meld = (int8_t)ev->meld;
  p->dix = (int8_t)ev->dix;
  p->ncards = (uint8_t)ev->ncards;
  memcpy(p->cards, ev->cards, (size_t)ev->ncards);
  return true;
}

/* The prepared event back in full (prep_keep_event's inverse). */
static void prep_event(const RowPrep *p, PnEvent *ev) {
  *ev = (PnEvent){.action = (PnAction)p->action,
                  .seat = p->seat,
                  .ncards = p->ncards,
                  .has_value = p->has_value,
                  .value = p->value,
                  .suit = p->suit,
                  .meld = p->meld,
                  .dix = p->dix};
  memcpy(ev->cards, p->cards, p->ncards);
}

/* The seat field (read by prepare_row): empty (0) or 1..players.
 * Returns 0 or IMPORT_BAD_INPUT. */
static int parse_seat(Importer *imp, const CsvRecord *rec, int players, int *seat) {
  const char *text = rec->field[CSV_COL_SEAT - 1];
  long v = ((const RowPrep *)rec->prepared)->seat; /* -1: not a whole number, or past any seat */
  *seat = 0;
  if (*text == '\0') return 0;
  if (v < 1 || v > players)
    return reject(imp, rec->line, CSV_COL_SEAT, "seat must be empty or 1 to %d, not '%.20s'", players, text);
  *seat = (int)v;
  return 0;
}

static void prepare_row(const CsvRecord *rec, void *slot) {
  RowPrep *p = slot;
  const char *seat = rec->field[CSV_COL_SEAT - 1];
  const char *action = rec->field[CSV_COL_ACTION - 1];
  long hand, seq, seat_no = 0;
  p->hand = parse_count(rec->field[CSV_COL_HAND - 1], &hand) ? (int32_t)hand : -1; /* at most 1e9: fits */
  p->seq = parse_count(rec->field[CSV_COL_SEQ - 1], &seq) ? (int32_t)seq : -1;
  p->seat = *seat == '\0' ? 0 : parse_count(seat, &seat_no) && seat_no <= PN_MAX_SEATS ? (int8_t)seat_no : -1;
  p->action = -1;
  p->event_ok = false;
  if (p->hand <= 0) return;
  bool is_play = rec->len[CSV_COL_ACTION - 1] == 4 && memcmp(action, "play", 4) == 0; /* most rows are */
  p->action = (int8_t)(is_play ? (int)PN_EV_PLAY : pn_action_parse(action));
  if (p->action < 0 || p->seat < 0) return;
  int col;
  char err[160];
  PnEvent ev;
  p->event_ok = pn_event_from_text((PnAction)p->action, p->seat, rec->field[CSV_COL_CARDS - 1],
                                   rec->field[CSV_COL_VALUE - 1], &ev, &col, err, sizeof err) == 0 &&
                prep_keep_event(p, &ev);
}

/* ------------------------------------------------------------ header */

/* The player row of `seat` (at `line`) was just read: nobody may sit in
 * two seats of one game (codec_same_player: case and spaces around the
 * name do not make another player).  Returns 0 or IMPORT_BAD_INPUT. */
static int player_once(Importer *imp, int seat, long line) {
  const Game *g = &imp->game;
  const char *names[PN_MAX_SEATS] = {0};
  for (int s = 0; s < g->rules.players; s++)
    if (g->player_line[s]) names[s] = (const char *)g->text.data + g->player_off[s];
  int first, second;
  if (!codec_player_repeat(names, g->rules.players, &first, &second)) return 0;
  int other = first == seat - 1 ? second : first; /* the rows before were distinct: seat is one of the two */
  return reject(imp, line, CSV_COL_VALUE,
                "player '%.40s' already sits in seat %d as '%.40s' (line %ld): one player, one seat",
                names[seat - 1], other + 1, names[other], g->player_line[other]);
}

static int header_row(Importer *imp, const CsvRecord *rec, long seq) {
  Game *g = &imp->game;
  int seat = 0;
  char err[160] = "";
  const char *action = rec->field[CSV_COL_ACTION - 1];
  const char *cards = rec->field[CSV_COL_CARDS - 1];
  const char *value = rec->field[CSV_COL_VALUE - 1];
  const char *seat_text = rec->field[CSV_COL_SEAT - 1];
  long line = rec->line;
  HeaderAction what = header_action(action);
  if (what == HDR_NONE) {
    if (pn_action_parse(action) >= 0)
      return reject(imp, line, CSV_COL_ACTION,
                    "'%s' belongs to a hand (hand 1 or more), not to the game header (hand 0)", action);
    return reject(imp, line, CSV_COL_ACTION,
                  "unknown action '%.40s' (header rows, hand 0: variant, option, player, tag)", action);
  }
  if (seq == 1 && what != HDR_VARIANT)
    return reject(imp, line, CSV_COL_ACTION,
                  "a game starts with its variant row (hand 0, seq 1), not %s", action);
  if (what == HDR_VARIANT && g->has_variant)
    return reject(imp, line, CSV_COL_ACTION, "a second variant row: the variant comes once, first");
  if (*cards) return reject(imp, line, CSV_COL_CARDS, "%s rows take no cards", action);
  if (what != HDR_PLAYER && *seat_text)
    return reject(imp, line, CSV_COL_SEAT, "%s rows take no seat", action);

  switch (what) {
  case HDR_VARIANT:
    if (pn_rules_preset(&g->rules, value) != 0) {
      char names[400];
      preset_list(names, sizeof names);
      return reject(imp, line, CSV_COL_VALUE, "unknown variant '%.40s' (presets: %s)", value, names);
    }
    g->has_variant = true;
    if (pn_buf_append_str(&g->text, value, &g->preset_off) != 0) return out_of_memory(imp, line);
    return 0;
  case HDR_OPTION: {
    if (codec_header_check(CODEC_FIELD_OPTION, value, err, sizeof err) != 0)
      return reject(imp, line, CSV_COL_VALUE, "%s", err);
    if (pn_rules_set_option(&g->rules, value, err, sizeof err) != 0)
      return reject(imp, line, CSV_COL_VALUE, "option '%.60s': %s", value, err[0] ? err : "not accepted");
    size_t off;
    if (pn_buf_append_str(&g->text, value, &off) != 0 || strs_add(&g->options, off) != 0)
      return out_of_memory(imp, line);
    return 0;
  }
  case HDR_PLAYER:
    if (parse_seat(imp, rec, g->rules.players, &seat) != 0) return IMPORT_BAD_INPUT;
    if (seat == 0)
      return reject(imp, line, CSV_COL_SEAT, "a player row needs the seat, 1 to %d", g->rules.players);
    if (g->player_line[seat - 1])
      return reject(imp, line, CSV_COL_SEAT, "seat %d already has a player (line %ld)", seat,
                    g->player_line[seat - 1]);
    if (*value == '\0') return reject(imp, line, CSV_COL_VALUE, "a player row needs the player's name");
    if (codec_header_check(CODEC_FIELD_PLAYER, value, err, sizeof err) != 0)
      return reject(imp, line, CSV_COL_VALUE, "%s", err);
    if (pn_buf_append_str(&g->text, value, &g->player_off[seat - 1]) != 0) return out_of_memory(imp, line);
    g->player_line[seat - 1] = line;
    return player_once(imp, seat, line);
  case HDR_TAG: {
    if (codec_header_check(CODEC_FIELD_TAG, value, err, sizeof err) != 0) return reject(imp, line, CSV_COL_VALUE, "%s", err);
    size_t off;
    if (pn_buf_append_str(&g->text, value, &off) != 0 || strs_add(&g->tags, off) != 0)
      return out_of_memory(imp, line);
    return 0;
  }
  case HDR_NONE: break;
  }
  return 0;
}

/* The header is over (first row of hand 1, or the game's end): every
 * seat needs its player.  Starts the engine's game. */
static int header_done(Importer *imp) {
  Game *g = &imp->game;
  for (int s = 1; s <= g->rules.players; s++)
    if (!g->player_line[s - 1])
      return reject(imp, g->hand_line, 0,
                    "game '%.60s' has no player row for seat %d (%s needs one per seat, 1 to %d)",
                    game_key(g), s, g->rules.preset, g->rules.players);
  if (g->pn == NULL && (g->pn = malloc(sizeof *g->pn)) == NULL) return out_of_memory(imp, g->hand_line);
  pn_game_init(g->pn, &g->rules);
  return 0;
}

/* ------------------------------------------------------------- hands */

/* "play by seat 3" or "deal, turnup": what the engine waits for. */
static void describe_expect(const PnGame *game, char *buf, size_t size) {
  PnExpect ex;
  pn_game_expect(game, &ex);
  size_t used = 0;
  buf[0] = '\0';
  for (int a = 0; a < PN_EV_KINDS && used < size; a++)
    if (ex.actions & (1u << a)) {
      int n = snprintf(buf + used, size - used, "%s%s", used ? " or " : "", pn_action_name((PnAction)a));
      if (n < 0) return;
      used += (size_t)n;
    }
  if (ex.seat && used < size) snprintf(buf + used, size - used, " by seat %d", ex.seat);
}

/* The engine scored the game's last hand read. */
static bool last_hand_done(const Game *g) { return g->nhands > 0 && g->hands[g->nhands - 1].done; }

/* The current hand must be complete (the engine scored it). */
static int hand_complete(Importer *imp) {
  Game *g = &imp->game;
  if (last_hand_done(g)) return 0;
  char next[120];
  describe_expect(g->pn, next, sizeof next);
  return reject(imp, g->hand_line, 0, "hand %d is incomplete: the next row would be %s", g->hand,
                next[0] ? next : "another row");
}

static int hand_start(Importer *imp, int number) {
  Game *g = &imp->game;
  if (PN_VEC_RESERVE(g->hands, g->hands_cap, (size_t)g->nhands + 1) != 0) return out_of_memory(imp, g->hand_line);
  HandRec *h = &g->hands[g->nhands++];
  memset(h, 0, sizeof *h);
  h->number = number;
  h->ev_off = g->events.len;
  return 0;
}

static int hand_row(Importer *imp, const CsvRecord *rec) {
  Game *g = &imp->game;
  int seat = 0;
  const char *action = rec->field[CSV_COL_ACTION - 1];
  const char *cards = rec->field[CSV_COL_CARDS - 1];
  const char *value = rec->field[CSV_COL_VALUE - 1];
  long line = rec->line;
  const RowPrep *prep = rec->prepared;
  int a = prep->action;
  if (a < 0) {
    if (header_action(action) != HDR_NONE)
      return reject(imp, line, CSV_COL_ACTION, "'%s' belongs to the game header (hand 0), not to hand %d",
                    action, g->hand);
    return reject(imp, line, CSV_COL_ACTION, "unknown action '%.40s'", action);
  }
  if (parse_seat(imp, rec, g->rules.players, &seat) != 0) return IMPORT_BAD_INPUT;
  if (!takes_cards((PnAction)a) && *cards)
    return reject(imp, line, CSV_COL_CARDS, "%s rows take no cards", action);
  if (!takes_value((PnAction)a) && *value)
    return reject(imp, line, CSV_COL_VALUE, "%s rows take no value", action);

  PnEvent event;
  if (prep->event_ok) {
    prep_event(prep, &event);
  } else { /* a bad row (read again for the message), or more cards than a slot holds */
    int col = 0;
    char err[160] = "";
    if (pn_event_from_text((PnAction)a, seat, cards, value, &event, &col, err, sizeof err) != 0)
      return reject(imp, line, col, "%s", err);
  }
  /* a dix row without its card stores the card it implies: the same event as with it */
  if (a == PN_EV_DIX && event.ncards == 0) pn_event_complete(g->pn, &event);
  PnOutcome out;
  PnVerdict verdict = pn_game_apply(g->pn, &event, &out);
  if (verdict == PN_IMPOSSIBLE) return reject(imp, line, out.col, "%s", out.reason);
  if (verdict == PN_ACCEPTED_FINDING && out.finding.kind > PN_FIND_NONE && out.finding.kind < PN_FIND_KINDS) {
    g->findings++;
    g->by_kind[out.finding.kind]++;
  }

  HandRec *h = &g->hands[g->nhands - 1];
  if (a == PN_EV_DEALER) h->dealer = seat;
  if (pn_buf_reserve(&g->events, CODEC_MAX_EVENT) != 0) return out_of_memory(imp, line);
  g->events.len += codec_event_encode(&event, g->events.data + g->events.len);
  h->ev_len = g->events.len - h->ev_off;
  /* an out after the last trick re-scores the completed hand: its results are stored anew */
  if (out.hand_done || (a == PN_EV_OUT && h->done)) {
    CodecResults res;
    codec_results_from_game(g->pn, &res);
    if (pn_buf_reserve(&g->results, CODEC_MAX_RESULTS) != 0) return out_of_memory(imp, line);
    h->res_off = g->results.len;
    h->res_len = codec_results_encode(&res, g->results.data + g->results.len);
    g->results.len += h->res_len;
    h->done = true;
    h->bidder = res.result.bidder;
    h->bid = res.result.bid;
    h->trump = res.result.trump;
  }
  return 0;
}

/* ------------------------------------------------------------- store */

/* The game's header as the store takes it.  The option and tag arrays are
 * the caller's to free (they point into g->text); returns 0, or
 * PN_ERR_IO (both NULL then). */
static int game_header(const Game *g, StoreGame *sg) {
  const char *text = (const char *)g->text.data;
  const char **options = malloc((size_t)(g->options.n + 1) * sizeof *options);
  const char **tags = malloc((size_t)(g->tags.n + 1) * sizeof *tags);
  if (options == NULL || tags == NULL) {
    free(options);
    free(tags);
    return PN_ERR_IO;
  }
  for (int i = 0; i < g->options.n; i++) options[i] = text + g->options.off[i];
  for (int i = 0; i < g->tags.n; i++) tags[i] = text + g->tags.off[i];
  *sg = (StoreGame){
      .key = game_key(g),
      .preset = text + g->preset_off,
      .noptions = g->options.n,
      .options = options,
      .nplayers = g->rules.players,
      .ntags = g->tags.n,
      .tags = tags,
  };
  for (int s = 0; s < g->rules.players; s++) sg->players[s] = text + g->player_off[s];
  return 0;
}

/* The game's content hash (codec_game_hash_header, then its hands). */
static uint64_t game_hash(const Game *g, const StoreGame *sg) {
  uint64_t h = codec_game_hash_header(sg->preset, sg->options, sg->noptions, sg->players, sg->nplayers, sg->tags,
                                      sg->ntags);
  for (int i = 0; i < g->nhands; i++) h = codec_hash(h, g->events.data + g->hands[i].ev_off, g->hands[i].ev_len);
  return h;
}

/* Inserts the game (header sg, hands, end).  Returns 0 or IMPORT_STORE. */
static int insert_game(Importer *imp, StoreGame *sg, uint64_t hash) {
  Game *g = &imp->game;
  PnDiag sd = {0};
  StoreGameEnd end = {
      .hands = g->nhands,
      .finished = g->nhands > 0, /* the log ended: as complete as it will be, unless no hand was played */
      .winner = g->pn->winner,
      .hash = hash,
      .winners = g->pn->winners,
  };
  sg->end = &end; /* known before the hands go in: one INSERT, no UPDATE after */
  int64_t id = 0;
  int rc = store_game_insert(imp->store, sg, &id, &sd);
  sg->end = NULL; /* end lives on this stack only */
  if (rc != 0) return store_failed(imp, &sd, "storing");
  for (int i = 0; i < g->nhands; i++) {
    const HandRec *h = &g->hands[i];
    StoreHand sh = {
        .number = h->number,
        .dealer = h->dealer,
        .events = g->events.data + h->ev_off,
        .events_len = h->ev_len,
        .results = g->results.data + h->res_off,
        .results_len = h->res_len,
        .bidder = h->bidder,
        .bid = h->bid,
        .trump = h->trump,
    };
    if (store_hand_insert(imp->store, id, &sh, &sd) != 0) return store_failed(imp, &sd, "storing a hand of");
  }
  return 0;
}

/* A valid game: skip it, refuse it, replace it or insert it. */
static int store_game(Importer *imp) {
  Game *g = &imp->game;
  StoreGame sg;
  if (game_header(g, &sg) != 0) return out_of_memory(imp, g->first_line);
  uint64_t hash = game_hash(g, &sg), stored = 0;
  int64_t id = 0;
  PnDiag sd = {0};
  bool savepoint = false, replaced = false;
  int rc = 0;
  if (imp->opts->keep_going) {
    if (store_savepoint(imp->store, &sd) != 0) {
      rc = store_failed(imp, &sd, "starting");
      goto done;
    }
    savepoint = true;
  }
  int found = store_game_lookup(imp->store, game_key(g), &id, &stored, &sd);
  if (found < 0) {
    rc = store_failed(imp, &sd, "looking up");
    goto done;
  }
  if (found && stored == hash) {
    imp->total.games_skipped++;
    PnDiag d = {.file = imp->name, .line = g->first_line, .col = 0};
    snprintf(d.msg, sizeof d.msg, "game '%.100s' already imported, skipped", game_key(g));
    note(imp, IMPORT_NOTE_SKIPPED, &d);
    goto done;
  }
  if (found && !imp->opts->replace) {
    rc = reject(imp, g->first_line, CSV_COL_GAME,
                "game '%.100s' is already stored with other content (--replace replaces it)",
                game_key(g));
    goto done;
  }
  if (found) {
    if (store_game_delete(imp->store, id, &sd) != 0) {
      rc = store_failed(imp, &sd, "replacing");
      goto done;
    }
    replaced = true;
  }
  rc = insert_game(imp, &sg, hash);
  if (rc != 0) goto done;
  if (replaced) {
    imp->total.games_replaced++;
    PnDiag d = {.file = imp->name, .line = g->first_line, .col = 0};
    snprintf(d.msg, sizeof d.msg, "game '%.100s' replaced", game_key(g));
    note(imp, IMPORT_NOTE_REPLACED, &d);
  } else {
    imp->total.games_imported++;
  }
  imp->total.hands += g->nhands;
  imp->total.findings += g->findings;
  for (int k = 0; k < PN_FIND_KINDS; k++) imp->total.by_kind[k] += g->by_kind[k];
done:
  if (savepoint) {
    if (rc == 0 && store_release(imp->store, &sd) != 0) rc = store_failed(imp, &sd, "storing");
    if (rc != 0) store_rollback_savepoint(imp->store);
  }
  free((void *)sg.options); /* the arrays game_header allocated; their strings are g->text's */
  free((void *)sg.tags);
  return rc;
}

/* The game's last row was read: check it is whole, then store it. */
static int finish_game(Importer *imp) {
  Game *g = &imp->game;
  int rc = 0;
  if (!g->active || g->bad) goto done;
  /* Header rows only: a game recorded before its first hand ended, as
   * export writes it.  EVENT-LOG.md requires the variant and player rows,
   * not a hand, so it is stored as it is (export -> import -> export). */
  rc = g->hand == 0 ? header_done(imp) : hand_complete(imp);
  if (rc == 0) rc = store_game(imp);
  progress(imp);
done:
  return rc;
}

/* ------------------------------------------------------------ records */

/* The game being read stops in the middle: a hand not played out, or a
 * header without all its players. */
static bool game_unfinished(const Game *g) {
  if (!g->active || g->bad) return false;
  if (g->hand > 0) return !last_hand_done(g);
  for (int s = 0; s < g->rules.players; s++)
    if (!g->player_line[s]) return true;
  return !g->has_variant;
}

/* A new key starts a game.  A key that cannot be stored (bad_key: why,
 * else NULL) makes it bad from its first row, so that under --keep-going
 * its rows are skipped together and reported once, and the game before it
 * is kept. */
static int start_game(Importer *imp, const char *key, const char *bad_key, long line) {
  Game *g = &imp->game;
  game_reset(g);
  size_t off;
  if (pn_buf_append_str(&g->key, key, &off) != 0) return out_of_memory(imp, line);
  g->active = true;
  g->first_line = g->hand_line = line;
  if (bad_key) return reject(imp, line, CSV_COL_GAME, "%s", bad_key);
  int added;
  if (pn_set_add_str(&imp->seen, key, &added) < 0) return out_of_memory(imp, line);
  if (!added)
    return reject(imp, line, CSV_COL_GAME,
                  "game '%.60s' appears again after other games: a game's rows must be together", key);
  return 0;
}

static int record(Importer *imp, const CsvRecord *rec) {
  Game *g = &imp->game;
  const char *key = rec->field[CSV_COL_GAME - 1];
  long line = rec->line;
  int rc = 0;
  size_t key_len = rec->len[CSV_COL_GAME - 1];
  if (!g->active || key_len + 1 != g->key.len || memcmp(key, g->key.data, key_len) != 0) {
    /* a new key.  One that cannot be stored, met while a hand or the
     * header is unfinished, is a row of this game that lost its key: an
     * error of this game.  Otherwise it starts a game (a bad one) */
    char why[160];
    bool bad_key = codec_header_check(CODEC_FIELD_KEY, key, why, sizeof why) != 0;
    if (bad_key && game_unfinished(g)) return reject(imp, line, CSV_COL_GAME, "%s", why);
    rc = policy(imp, finish_game(imp));
    if (rc != 0) return rc;
    rc = start_game(imp, key, bad_key ? why : NULL, line);
    if (rc != 0) return rc;
  }
  if (g->bad) return 0;

  const RowPrep *prep = rec->prepared;
  long hand = prep->hand, seq = prep->seq;
  if (hand < 0)
    return reject(imp, line, CSV_COL_HAND, "hand must be a whole number (0 for the game header), not '%.20s'",
                  rec->field[CSV_COL_HAND - 1]);
  if (seq < 1)
    return reject(imp, line, CSV_COL_SEQ, "seq must be a whole number from 1, not '%.20s'",
                  rec->field[CSV_COL_SEQ - 1]);

  if (g->rows == 0) {
    if (hand != 0)
      return reject(imp, line, CSV_COL_HAND,
                    "game '%.60s' starts with hand %ld: its header rows (hand 0, variant first) come first",
                    key, hand);
  } else if (hand == 0 && seq == 1) {
    /* a second variant row under the same key: the game written twice
     * (two files joined, a copy pasted), not a stray header row */
    return reject(imp, line, CSV_COL_GAME,
                  "game '%.60s' appears twice: lines %ld and %ld (a key is unique in the file)", key,
                  g->first_line, line);
  } else if (hand == g->hand) {
    if (seq <= g->seq)
      return reject(imp, line, CSV_COL_SEQ, "seq %ld repeats or goes back: hand %d is at seq %d, expected %d",
                    seq, g->hand, g->seq, g->seq + 1);
  } else if (hand == g->hand + 1) {
    rc = g->hand == 0 ? header_done(imp) : hand_complete(imp);
    if (rc != 0) return rc;
    g->hand = (int)hand;
    g->seq = 0;
    rc = hand_start(imp, g->hand);
    if (rc != 0) return rc;
  } else {
    return reject(imp, line, CSV_COL_HAND, "hand %ld out of order: after hand %d comes hand %d", hand,
                  g->hand, g->hand + 1);
  }
  if (seq != g->seq + 1)
    return reject(imp, line, CSV_COL_SEQ, "seq %ld skips: expected %d in hand %d", seq, g->seq + 1, g->hand);
  g->seq = (int)seq;
  g->rows++;
  g->hand_line = line;

  if (hand == 0) return header_row(imp, rec, seq);
  return hand_row(imp, rec);
}

/* ------------------------------------------------------------- files */

int import_open(const char *path, const ImportOptions *opts, CsvReader **out, PnDiag *diag) {
  const char *name = opts->name ? opts->name : (strcmp(path, "-") == 0 ? "<stdin>" : path);
  if (csv_reader_open(path, name, out, diag) != 0) return IMPORT_BAD_INPUT;
  if (csv_reader_prepare(*out, prepare_row, sizeof(RowPrep), diag) != 0) {
    csv_reader_close(*out);
    *out = NULL;
    return IMPORT_BAD_INPUT;
  }
  csv_reader_start(*out);
  return 0;
}

int import_file(Store *store, const char *path, const ImportOptions *opts, ImportStats *stats,
                PnDiag *diag) {
  CsvReader *reader = NULL;
  if (import_open(path, opts, &reader, diag) != 0) {
    stats->files_failed++;
    return IMPORT_BAD_INPUT;
  }
  return import_reader(store, reader, opts, stats, diag);
}

int import_reader(Store *store, CsvReader *reader, const ImportOptions *opts, ImportStats *stats,
                  PnDiag *diag) {
  Importer imp = {.store = store, .opts = opts, .total = *stats};
  imp.name = csv_reader_name(reader);
  bool began = false;
  int rc = 0;
  PnDiag sd = {0};
  if (store_begin(store, &sd) != 0) {
    imp.err = sd;
    imp.err.file = NULL;
    rc = IMPORT_STORE;
    goto done;
  }
  began = true;
  CsvRecord rec;
  int got;
  while ((got = csv_reader_next(reader, &rec, &imp.err)) == 1) {
    imp.total.rows++;
    rc = policy(&imp, record(&imp, &rec));
    if (rc != 0) goto done;
    if (++imp.rows_since_progress >= 4096) progress(&imp);
  }
  if (got < 0) {
    /* a malformed file: with --keep-going the games before it stay */
    rc = IMPORT_BAD_INPUT;
    if (!opts->keep_going || imp.total.rows == (stats->rows)) goto done;
    size_t len = strlen(imp.err.msg);
    if (imp.game.active && !imp.game.bad) {
      snprintf(imp.err.msg + len, sizeof imp.err.msg - len,
               "; game '%.40s' is not stored, and the rest of the file was not read", game_key(&imp.game));
      imp.total.games_bad++;
    } else {
      snprintf(imp.err.msg + len, sizeof imp.err.msg - len, "; the rest of the file was not read");
    }
    note(&imp, IMPORT_NOTE_BAD_GAME, &imp.err);
    rc = 0;
  } else {
    rc = policy(&imp, finish_game(&imp));
    if (rc != 0) goto done;
  }
  if (store_commit(store, &sd) != 0) {
    imp.err = sd;
    imp.err.file = NULL;
    rc = IMPORT_STORE;
    goto done;
  }
  began = false;
done:
  if (began) store_rollback(store);
  if (rc == 0) {
    imp.total.files++;
    *stats = imp.total;
  } else {
    stats->files_failed++;
    *diag = imp.err;
  }
  csv_reader_close(reader);
  game_free(&imp.game);
  pn_set_free(&imp.seen);
  return rc;
}
