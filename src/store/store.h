/*
 * store.h - the deal-log database behind a narrow interface.
 *
 * The contract of a pinochle database, whatever keeps it: games, their
 * seats and tags, hands (events and results in the codec.h encoding),
 * audits and their findings, the logical schema of docs/SCHEMA.md at a
 * schema version.  store.c is the neutral front: store_open picks a
 * backend by the name it is given, and every other call goes to that
 * backend (store_backend.h says what a backend provides).  Today's
 * backend keeps the database in one SQLite file (store_sqlite*.c,
 * schema/sqlite/); a PostgreSQL one (issue 16) comes next.  All SQL lives
 * in src/store and schema/: importers, replay, reports and the CLI see
 * only these functions.  Errors are values: a function that can fail
 * returns 0 or a negative code (pn_err.h; the STORE_ names below are
 * aliases of its codes) and fills the caller's PnDiag (msg; file/line/col
 * unset).
 *
 * Ownership: Store and StoreCursor are opaque; store_close(NULL) and
 * store_cursor_close(NULL) are no-ops.  Text and blobs inside a
 * StoreRow are borrowed until the next store_cursor_next() or close.
 */
#ifndef PN_STORE_H
#define PN_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pinochle.h"
#include "pn_err.h"

/* The version of the schema (docs/SCHEMA.md) this program reads and
 * writes: every backend's migrations (schema/BACKEND/) end at it. */
#define STORE_SCHEMA_VERSION 9

/* A name store_open gives a new, empty database that lives only until
 * store_close, private to that Store: for tests. */
#define STORE_SCRATCH ":memory:"

typedef struct Store Store;

enum {
  STORE_CREATE = 1,    /* create the database if missing (init: the database is what is wanted) */
  STORE_READONLY = 2,  /* open for reading only: no migration, nothing written, nothing left beside it */
  STORE_MUST_EXIST = 4, /* refuse to create: "DB: no such database" */
  /* Create the database if missing, but only keep it if something is
   * stored: when store_close finds that this open created it and that it
   * still holds no game, player or audit (a failed import, a recorder
   * that stopped before its first commit), it removes it again, so a
   * failed command leaves nothing behind.  It does so only when nothing
   * else has it open.  A crash before the first commit leaves the empty
   * database.  For import and record. */
  STORE_CREATE_IF_STORED = 8,
  /* A bulk writer (import): an SQLite database this open creates keeps a
   * rollback journal until store_close, which puts it in WAL mode.  New
   * pages need no journal, so the rows are written once instead of to
   * the write-ahead log and again at its checkpoint.  Others reading the
   * new file meanwhile may wait for the writer.  PostgreSQL ignores it. */
  STORE_BULK = 16
};

/* What the store's functions return (pn_err.h's codes under the store's
 * names): no other code comes out of src/store. */
enum {
  STORE_OK = PN_OK,
  STORE_ERROR = PN_ERR_IO,         /* the database's error, I/O, full disk, out of memory, no such backend: diag says */
  STORE_BUSY = PN_ERR_BUSY,        /* locked by another writer past the busy timeout */
  STORE_NEWER = PN_ERR_NEWER,      /* the database's schema is newer than this program */
  STORE_NOT_OURS = PN_ERR_NOT_OURS, /* not a pinochle database */
  STORE_CORRUPT = PN_ERR_CORRUPT,  /* stored bytes that do not decode */
  STORE_OLDER = PN_ERR_OLDER,      /* READONLY: the database's schema is older; open it read-write once */
  STORE_CONFLICT = PN_ERR_CONFLICT /* a unique key taken (SQLite's constraint code, PostgreSQL's SQLSTATE 23505): a game or hand stored already */
};

/* Opens (and migrates to STORE_SCHEMA_VERSION) the database `name`
 * names, with the backend that name calls for:
 *   postgresql://... or postgres://...  a PostgreSQL database (a libpq
 *                       URI); a build without that backend says so
 *                       (STORE_ERROR, the URI's password not shown);
 *   anything else       a file path: an SQLite database (STORE_SCRATCH
 *                       for a scratch database).
 * *out is NULL on failure.  Its messages name the database ("club.db was
 * written by a newer pinochle (schema 2, this one knows 1)"): print them
 * as they are.  What each backend does at open (files beside the
 * database, locks, timeouts) is in its own file. */
int store_open(const char *name, int flags, Store **out, PnDiag *diag);
/* The name as messages may show it (a command's own messages too): a
 * URI without its password (user:***@) and its query (?password=...,
 * sslmode...); a file path as it is.  Truncated to size. */
void store_name_shown(const char *name, char *out, size_t size);
/* Close every cursor first. */
void store_close(Store *store);
/* The schema version store_open found, before migrating: 0 for a new or
 * empty database, STORE_SCHEMA_VERSION when nothing was to do. */
int store_schema_found(const Store *store);

/* One write transaction around many puts (taking the write lock at
 * once), and nested savepoints (one per game with --keep-going). */
int store_begin(Store *store, PnDiag *diag);
int store_commit(Store *store, PnDiag *diag);
void store_rollback(Store *store);
int store_savepoint(Store *store, PnDiag *diag);
int store_release(Store *store, PnDiag *diag);
void store_rollback_savepoint(Store *store);

/* ---------------------------------------------------------------- write */

/* A game's header, as the event log gives it.  Strings are borrowed. */
typedef struct StoreGame {
  const char *key;                       /* game key, unique */
  const char *preset;                    /* variant name */
  int noptions;                          /* option rows */
  const char *const *options;            /* "name=value", in file order */
  int nplayers;                          /* seats */
  const char *players[PN_MAX_SEATS];     /* name by seat (index seat-1) */
  int ntags;                             /* tag rows */
  const char *const *tags;               /* "name=value", in file order */
  const struct StoreGameEnd *end;        /* how it ends, when known already (an imported
                                            game); NULL: store_game_update_end tells later */
} StoreGame;

/* One completed (or, recording live, stored-so-far) hand. */
typedef struct StoreHand {
  int number;                            /* 1-based */
  int dealer;                            /* seat */
  const uint8_t *events;                 /* codec.h encoding */
  size_t events_len;
  const uint8_t *results;                /* codec.h encoding */
  size_t results_len;
  int bidder, bid, trump;                /* also inside results: kept as columns for queries */
} StoreHand;

/* How a game stands after its last stored hand. */
typedef struct StoreGameEnd {
  int hands;                             /* hands stored */
  bool finished;                         /* the game ended (a winner) or the log ended */
  int winner;                            /* seat (a side's lowest seat), 0 = none */
  uint64_t hash;                         /* content hash (codec_hash) */
  unsigned winners;                      /* the winning side's seats, bit s-1 for seat s
                                            (PnGame.winners), 0 = none */
} StoreGameEnd;

/* Finds a game by key: returns 1 with *id and *hash filled, 0 when not
 * there, < 0 on error. */
int store_game_lookup(Store *store, const char *key, int64_t *id, uint64_t *hash, PnDiag *diag);
/* How many players are called name, ignoring ASCII case ("ann" finds Ann
 * and ANN; names are unique as written): > 0 found, 0 none, < 0 error. */
int store_player_count(Store *store, const char *name, PnDiag *diag);
/* Inserts the header (players are found or created by name).  Outside a
 * transaction it is all or nothing; inside one, a failure may leave part
 * of the header: the caller rolls the transaction (or its savepoint) back. */
int store_game_insert(Store *store, const StoreGame *game, int64_t *id, PnDiag *diag);
int store_hand_insert(Store *store, int64_t game_id, const StoreHand *hand, PnDiag *diag);
/* Replaces a stored hand's results (audit --fix-results). */
int store_hand_update_results(Store *store, int64_t game_id, int number, const uint8_t *results,
                              size_t len, PnDiag *diag);
/* Replaces a stored hand's events (the recorder's score rows, which come
 * after the hand was committed). */
int store_hand_update_events(Store *store, int64_t game_id, int number, const uint8_t *events,
                             size_t len, PnDiag *diag);
/* Replaces stored hand hand->number of a game in place (record --redo):
 * its dealer, bidder, bid, trump, events and results; its stored analysis,
 * its stored review and the audit findings of that hand go (each audit's count of findings
 * with them); the game's id, its other hands and their findings and
 * analyses stay.  Returns STORE_OK, or STORE_ERROR with diag (no such
 * hand).  Inside the caller's transaction. */
int store_hand_replace(Store *store, int64_t game_id, const StoreHand *hand, PnDiag *diag);
int store_game_update_end(Store *store, int64_t game_id, const StoreGameEnd *end, PnDiag *diag);
/* Deletes a game and everything under it (import --replace). */
int store_game_delete(Store *store, int64_t game_id, PnDiag *diag);

/* ----------------------------------------------------------------- read */

/* Which games a cursor walks; zero/NULL fields select everything. */
typedef struct StoreFilter {
  int nkeys;                             /* game keys to take */
  const char *const *keys;
  const char *preset;                    /* variant */
  const char *player;                    /* a player's name, seated in the game (any ASCII case) */
  const char *tag_name, *tag_value;      /* a tag row name=value */
  const char *since, *until;             /* the game's `date` tag, inclusive, YYYY-MM-DD */
  int hand;                              /* one hand number, 0 = all */
  bool results_only;                     /* rows without events (faster; events NULL) */
  /* Rows carry the hand's stored analysis and review (StoreRow.analysis...,
   * .review...; see store_analysis_get); with results_only, a hand that has one still
   * carries its events, which the caller needs to tell whether the
   * analysis is current (analysis.h: analysis_key). */
  bool with_analysis;
} StoreFilter;

/* One hand, with its game. */
typedef struct StoreRow {
  bool new_game;                         /* first row of this game */
  int64_t game_id;
  const char *key, *preset;              /* borrowed */
  int noptions;                          /* option entries */
  const char *const *options;            /* "name=value" each, whole, in stored order (borrowed) */
  int ntags;                             /* tag entries */
  const char *const *tags;               /* "name=value" each, whole (a tag may hold a line break) */
  int nplayers;
  const char *players[PN_MAX_SEATS];     /* names by seat */
  int64_t player_ids[PN_MAX_SEATS];
  int winner;                            /* stored winner seat, 0 none */
  unsigned winners;                      /* stored winning side's seats (bit s-1), 0 none */
  bool finished;
  int hand;                              /* hand number; 0 for a game with no hands */
  int dealer;
  const uint8_t *events;                 /* codec encoding, borrowed */
  size_t events_len;
  const uint8_t *results;
  size_t results_len;
  /* with_analysis: the analysis stored with the hand as it was stored,
   * current or stale (NULL, 0 none; always NULL without with_analysis) */
  const uint8_t *analysis;               /* analysis_encode's bytes, borrowed */
  size_t analysis_len;
  int analysis_rules;                    /* the rules version it was made with */
  uint64_t analysis_key;                 /* the content key it was made for */
  /* with_analysis: the fair review stored with the hand, the same way */
  const uint8_t *review;                 /* review_store.c's bytes, borrowed */
  size_t review_len;
  int review_rules;                      /* the rules version it was made with */
  uint64_t review_key;                   /* the content key it was made for */
} StoreRow;

/* Reads the next entry of a games.options or games.tags column (entries
 * joined by '\n', a line break inside an entry kept and followed by '=',
 * docs/SCHEMA.md) from *at into buf,
 * truncated to size - 1 bytes and NUL-terminated, and moves *at past it.
 * Returns false (nothing copied) when no entry is left. */
bool store_lines_next(const char **at, char *buf, size_t size);

/* The entries of a games.options or games.tags column, whole (the one
 * splitter: store_lines_next, each entry any length), as the cursors give
 * them in StoreRow.  v[0..n) point into one block owned by the struct;
 * store_entries_free releases it. */
typedef struct StoreEntries {
  int n;                                 /* entries */
  const char **v;                        /* each NUL-terminated */
} StoreEntries;
/* Fills *e from column (a previous content is freed first); returns 0,
 * or STORE_ERROR when out of memory (*e then empty). */
int store_entries_split(StoreEntries *e, const char *column);
void store_entries_free(StoreEntries *e);
/* Fills *e with copies of v[0..n) (a previous content is freed first);
 * returns 0, or STORE_ERROR when out of memory (*e then empty). */
int store_entries_copy(StoreEntries *e, const char *const *v, int n);

/* Reading a game back: does the first row of a game (new_game) hold what
 * a way into the store may write?  Key, players, options and tags through
 * codec_header_check, the preset's name through codec_text_fault.
 * Returns 0, or -1 with what is wrong (one line, the bytes shown safely:
 * codec_text_shown) in why[0..size). */
int store_row_text_check(const StoreRow *row, char *why, size_t size);
/* The content hash of the game's header as it reads back
 * (codec_game_hash_header over the row's preset, options, players and
 * tags), to compare with the stored one once its hands are hashed on. */
uint64_t store_row_hash_header(const StoreRow *row);

typedef struct StoreCursor StoreCursor;

/* Walks the selected hands in game then hand order (games in the order
 * they were stored).  A game with no hands gives one row with hand 0. */
int store_cursor_open(Store *store, const StoreFilter *filter, StoreCursor **out, PnDiag *diag);
/* Returns 1 with *row filled, 0 at the end, < 0 on error. */
int store_cursor_next(StoreCursor *cursor, StoreRow *row, PnDiag *diag);
void store_cursor_close(StoreCursor *cursor);
/* How many hands the filter selects (a walk of their results only: for
 * a progress bar).  Returns 0 or the cursor's error. */
int store_count_hands(Store *store, const StoreFilter *filter, long *total, PnDiag *diag);

/* -------------------------------------------------------------- audits */

/* One finding of an audit run (issue 4's CSV columns). */
typedef struct StoreFinding {
  int64_t game_id;
  int hand, seq, trick, seat;
  const char *kind;                      /* "renege-follow" ... */
  const char *card;                      /* "9C" or "" */
  const char *detail;                    /* human text */
} StoreFinding;

int store_audit_begin(Store *store, int rules_version, int64_t *audit_id, PnDiag *diag);
int store_audit_finding(Store *store, int64_t audit_id, const StoreFinding *finding, PnDiag *diag);
int store_audit_end(Store *store, int64_t audit_id, long games, long hands, long findings, PnDiag *diag);

/* ----------------------------------------------------------- analyses */

/* A hand's stored double-dummy analysis (`pinochle analyze`), valid for
 * one rules version and one content key (analysis.h: analysis_key).
 * get: copies the stored bytes into buf (at most size) and sets *len;
 * returns 1 when a row for (game_id, hand) has this rules_version and
 * key, 0 when there is none or it is stale (another version or key),
 * < 0 on error (a stored value longer than size: STORE_CORRUPT; a
 * backend that keeps no analyses: STORE_ERROR, saying so). */
int store_analysis_get(Store *store, int64_t game_id, int hand, int rules_version, uint64_t key, uint8_t *buf,
                       size_t size, size_t *len, PnDiag *diag);
/* Stores (or replaces) the analysis of (game_id, hand); STORE_ERROR,
 * saying so, from a backend that keeps no analyses. */
int store_analysis_put(Store *store, int64_t game_id, int hand, int rules_version, uint64_t key,
                       const uint8_t *value, size_t len, PnDiag *diag);

/* ------------------------------------------------------------- reviews */

/* What a stored fair review (`pinochle review`) is valid for and what it
 * was made with: one review a hand. */
typedef struct StoreReviewKey {
  int rules_version;                     /* PN_RULES_VERSION it was made with */
  uint64_t key;                          /* the hand's content key (analysis.h: analysis_key) */
  int worlds;                            /* deals per decision */
  uint64_t seed;                         /* the run's seed */
  long budget;                           /* solver nodes per solve, 0 = none */
} StoreReviewKey;

/* get: when (game_id, hand) has a review made for k->rules_version and
 * k->key, whatever its worlds, seed and budget, copies its bytes into buf
 * (at most size), sets *len and those three in *k and returns 1; 0 when
 * there is none or it is stale; < 0 on error (a stored value longer than
 * size: STORE_CORRUPT).  put: stores (or replaces) the review of
 * (game_id, hand).  A backend that keeps no reviews: STORE_ERROR, saying so. */
int store_review_get(Store *store, int64_t game_id, int hand, StoreReviewKey *k, uint8_t *buf, size_t size,
                     size_t *len, PnDiag *diag);
int store_review_put(Store *store, int64_t game_id, int hand, const StoreReviewKey *k, const uint8_t *value,
                     size_t len, PnDiag *diag);

/* -------------------------------------------------------------- nights */

/* A club night as the director started it (`pinochle night start`):
 * what its seating is worked out from (src/night/movement.h).  Its
 * games are the games tagged night=NAME.  Strings borrowed. */
typedef struct StoreNight {
  const char *name;                      /* unique: the night=NAME tag */
  const char *preset;                    /* the variant every table plays */
  const char *movement;                  /* "progressive", "fixed", "rotate" */
  int rounds;                            /* rounds planned */
  int hands_per_round;                   /* hands a round; 0: a game a round */
  const char *date;                      /* YYYY-MM-DD, "" none */
  const char *players;                   /* names in the director's order, joined by '\n' */
} StoreNight;

/* Stores a new night (the caller has checked that the name is free:
 * another night of that name makes STORE_ERROR). */
int store_night_insert(Store *store, const StoreNight *night, PnDiag *diag);
/* Finds the night `name`: returns 1 with *out filled, its strings in one
 * block *owned that the caller frees with free(); 0 when there is none
 * (*owned NULL); < 0 on error. */
int store_night_get(Store *store, const char *name, StoreNight *out, char **owned, PnDiag *diag);
/* The nights' names in byte order, joined by '\n', into *owned (caller
 * frees with free(); "" when there is none): returns how many, or < 0 on
 * error (*owned NULL). */
int store_night_names(Store *store, char **owned, PnDiag *diag);

/* ----------------------------------------------------------------- copy */

/* What a walk over a database adds up to: counts, and the games' content
 * hashes (codec_game_hash_header, then codec_hash over each hand's
 * events) combined in game order. */
typedef struct StoreCopySums {
  long games, hands;                     /* walked */
  uint64_t hash;                         /* the games' hashes, combined */
  int nights;                            /* club nights copied / read back */
} StoreCopySums;

/* Copies every game of src (players, tags, hands; not the audits) and
 * every club night into dst, which must hold no game, in one transaction
 * on dst, then reads dst back: the same games, hands, content hashes and
 * nights, and each game's hash on both sides the one stored with it.
 * Fills *from and *to.  Returns 0, or with diag: PN_ERR_CONFLICT (dst holds games), STORE_CORRUPT (a game
 * of src does not hash to its stored hash, or the copy reads back
 * otherwise: nothing is kept in dst in the first case) or the store's
 * code (rolled back when it failed during the copy). */
int store_copy(Store *src, Store *dst, StoreCopySums *from, StoreCopySums *to, PnDiag *diag);

/* ------------------------------------------------------------ journal */

/* The recorder's journal of game_id: the lines of its hand in progress as
 * typed, joined by '\n' (record.h), written as each line is accepted so
 * that nothing typed is lost.  put: replaces it (NULL clears it); a game
 * that is not there is STORE_ERROR.  get: copies it with a NUL into buf
 * (size bytes) and returns 1, or 0 when there is none, < 0 on error (one
 * longer than size: STORE_CORRUPT).  A backend that keeps no journal:
 * STORE_ERROR, saying so. */
int store_journal_put(Store *store, int64_t game_id, const char *text, PnDiag *diag);
int store_journal_get(Store *store, int64_t game_id, char *buf, size_t size, PnDiag *diag);

/* ---------------------------------------------------------------- check */

/* The backend's own checks of the stored data (its pages or files,
 * indexes, and that every row refers to rows that exist): returns 0 when
 * clean, 1 with diag->msg naming the first problem, < 0 on error.
 * Whether the hands replay is the caller's question (replay.h). */
int store_check(Store *store, PnDiag *diag);
/* What store_check examines, named as the backend names its checks, for
 * a summary line ("check: ok: schema 1, NAMES ok, ...").  Static text. */
const char *store_check_names(const Store *store);

#endif
