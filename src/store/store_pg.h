/*
 * store_pg.h - the PostgreSQL backend of the store (issue 16), shared by
 * its files (private to src/store; built when libpq is found):
 *   store_pg_open.c   connect, identity, migrations, close, transactions,
 *                     the statement helpers and error codes
 *   store_pg_write.c  games, players, seats, tags and hands written (hands
 *                     through COPY inside a transaction)
 *   store_pg_copy.c   COPY buffers; games and tags batched for COPY
 *   store_pg_read.c   the cursor, audits and store_check
 *   store_pg_analysis.c  the stored double-dummy analyses
 *   store_pg_lib.c    libpq loaded on first open (store_pg_lib.h)
 *
 * One PgStore is one libpq connection.  Each statement is prepared on the
 * server the first time it is needed (PQprepare, named "pn<slot>"), its
 * SQL written at the call site, and run with bound parameters only.  The
 * schema comes from schema/postgresql/, embedded at build time (schema.h).
 * Messages name the database by its URI without password or settings
 * (store_name_shown).
 */
#ifndef PN_STORE_PG_H
#define PN_STORE_PG_H

#include <stdbool.h>
#include <stdint.h>

#include "store_backend.h"
#include "store_pg_lib.h" /* libpq, loaded on first open */

/* The prepared statements, one slot each. */
enum {
  PG_GAME_LOOKUP,
  PG_GAME_INSERT,
  PG_PLAYERS_ADD,
  PG_PLAYERS_IDS,
  PG_PLAYERS_LOCK,
  PG_PLAYER_COUNT,
  PG_HAND_INSERT,
  PG_HAND_RESULTS,
  PG_HAND_EVENTS,
  PG_GAME_END,
  PG_HAND_REPLACE,
  PG_HAND_FINDINGS_COUNT,
  PG_HAND_FINDINGS_DELETE,
  PG_GAME_DELETE,
  PG_AUDIT_BEGIN,
  PG_AUDIT_FINDING,
  PG_AUDIT_END,
  PG_ANALYSIS_GET,
  PG_ANALYSIS_PUT,
  PG_REVIEW_GET,
  PG_REVIEW_PUT,
  PG_HAND_REVIEW_DELETE,
  PG_NIGHT_INSERT,
  PG_NIGHT_GET,
  PG_NIGHT_NAMES,
  PG_JOURNAL_PUT,
  PG_JOURNAL_GET,
  PG_GAME_IDS,
  PG_KNOWN_READ,
  PG_COUNT
};

/* The statements sent without waiting for their result: the COPYs
 * (store_pg_copy_send), and the next block of game ids (PG_SENT_IDS,
 * whose PgCopy holds no rows: rows is the number of ids asked for). */
enum { PG_SENT_NONE, PG_SENT_GAMES, PG_SENT_TAGS, PG_SENT_SEATS, PG_SENT_HANDS, PG_SENT_IDS };

/* A COPY buffer: rows in COPY's format, sent in one COPY. */
typedef struct PgCopy {
  char *buf;                       /* the rows, malloc'd */
  size_t len, cap;                 /* bytes used, allocated */
  long rows;                       /* rows in buf */
} PgCopy;

/* A COPY queued. */
typedef struct PgSend {
  int kind;                        /* PG_SENT_* */
  PgCopy rows;                     /* owned */
} PgSend;

/* A game waiting in the games COPY: its key for store_pg_game_lookup. */
typedef struct PgPending {
  uint64_t khash;                  /* FNV-1a of key: compared first */
  char *key;                       /* the game's key, malloc'd */
  int64_t id;                      /* its reserved id */
  uint64_t hash;                   /* its content hash (0: none) */
} PgPending;

typedef struct PgStore {
  Store base;                      /* first: a Store * is a PgStore * */
  PGconn *conn;                    /* the connection, owned */
  char shown[256];                 /* the URI as messages show it */
  bool in_tx;                      /* store_begin ran, no commit or rollback yet */
  int next_cursor;                 /* number for the next cursor's name */
  bool readonly;                   /* opened STORE_READONLY: no transaction of ours commits */
  int walk_cursors;                /* cursors open in the read transaction they began (walk_begin) */
  struct PgCursor *fetching;       /* the walk cursor whose next FETCH is sent and not yet read, NULL none */
  bool prepared[PG_COUNT];
  /* COPYs go to the server one after the other while the caller goes on
   * (the connection non-blocking until the last result is read, by the
   * next statement: store_pg_settle); a failure waits here for the next
   * call that can report it (store_pg_collect). */
  struct PgSend *queue;            /* COPYs not started yet, in order; owned */
  size_t nqueue, queue_cap;         /* COPYs queued, room for */
  int sent;                        /* PG_SENT_* of the COPY started whose result is not read yet */
  bool flowing;                    /* its rows are libpq's: results (then NULL) to read */
  PgCopy feeding;                  /* its rows still to give libpq, from feed_off (buf NULL: none) */
  size_t feed_off;
  int sent_rc;                     /* its failure (STORE_OK: none or reported) */
  char sent_msg[240];              /* its message, as PnDiag.msg */
  bool players_locked;             /* this transaction holds the players lock (store_pg_write.c) */
  PgCopy hands;                    /* hands waiting for COPY (binary rows), sent before any other statement */
  long tx_hands;                   /* hands COPYed in this transaction: many are analysed after its commit */
  StorePlayerCache players;        /* ids of the names met in this write transaction */
  /* Seats waiting: sent with their block of games, or in a savepoint at
   * commit or before any statement that could read them
   * (store_pg_flush_seats); their new players are made first, under a
   * lock that one writer at a time holds to its end, so that two writers
   * never wait for each other's new players (no deadlock).  Owned. */
  struct PgSeat *seats;
  size_t nseats, seats_cap;
  size_t seats_mark;               /* nseats when the savepoint was taken */
  /* Games inside a transaction and outside a savepoint wait for COPY with
   * their tags, ids reserved from the sequence a block at a time: no
   * round trip per game (store_pg_flush_games sends them, before any
   * other COPY or statement that could read them).  Owned. */
  PgCopy games, tags;
  struct PgPending *pending;       /* the games waiting, for look-ups */
  size_t npending, pending_cap;
  int64_t *ids;                    /* reserved game ids not used yet */
  size_t ids_next, nids;           /* next to use, reserved */
  size_t ids_block;                /* ids the next reservation takes */
  int64_t *ids_ahead;              /* the block after, reserved while COPYs flowed (PG_SENT_IDS) */
  size_t nids_ahead;               /* its ids; 0 none yet */
  bool ids_asked;                  /* that block is asked for and not yet read */
  bool in_savepoint;               /* a savepoint is open: games go in one by one */
  /* The keys of the games stored, read in one query once a transaction
   * has looked up PG_KNOWN_AFTER keys (store_pg_known_find): then no
   * round trip per look-up.  Owned; forgotten when the transaction ends. */
  struct PgPending *known;         /* the keys read and those added since */
  size_t nknown, known_cap;
  size_t *slots;                   /* open addressing: index + 1 into known, 0 empty */
  size_t nslots;                   /* a power of two, > 2 * nknown */
  int known_state;                 /* 0 not read yet, 1 read, -1 not used in this transaction */
  long lookups;                    /* look-ups in this transaction */
} PgStore;

/* A seat waiting to be written. */
typedef struct PgSeat {
  int64_t game_id;                 /* the game's row */
  int seat;                        /* 1-based */
  char *name;                      /* the player's name, malloc'd */
} PgSeat;

static inline PgStore *pg_store(Store *store) {
  return (PgStore *)store;
}

/* ------------------------------------------------------- store_pg_open.c */

/* Runs prepared statement `id` (prepared from sql on first use) with
 * n parameters: values as text, except those with formats[i] == 1 (binary:
 * bytea), lengths for those.  A NULL value is SQL NULL.  Result rows in
 * text (binary_result false) or binary.  Returns the result (caller
 * PQclears it) or NULL with diag "what: server's message" and *rc set. */
PGresult *store_pg_run(PgStore *s, int id, const char *sql, int n, const char *const *values,
                       const int *lengths, const int *formats, bool binary_result, const char *what,
                       int *rc, PnDiag *diag);
/* Ends an UPDATE or DELETE of one row (store_pg_write.c): res and rc as
 * store_pg_run left them; STORE_ERROR with `missing` when it changed
 * none.  Clears res. */
int store_pg_changed_one(PGresult *res, int rc, PnDiag *diag, const char *missing);
/* Runs trusted SQL text without parameters (BEGIN, a migration): never
 * built from data. */
int store_pg_exec(PgStore *s, const char *sql, const char *what, PnDiag *diag);
/* Reads the rows of a FETCH a walk cursor sent ahead into that cursor,
 * and the result of a COPY in flight, so the connection is free for
 * another statement: every statement but a cursor's own FETCH is sent
 * after it (store_pg_read.c). */
void store_pg_settle(PgStore *s);
/* The store code and message for a failed result (or the connection's
 * error when res is NULL). */
int store_pg_fail(PgStore *s, const PGresult *res, const char *what, PnDiag *diag);
/* Sends the seats waiting (store_pg_flush_seats), then the hands waiting
 * for COPY (nothing when none wait), and waits for every COPY's result. */
int store_pg_flush(PgStore *s, PnDiag *diag);
/* Sends the games and their tags waiting for COPY. */
int store_pg_flush_games(PgStore *s, PnDiag *diag);
/* Forgets the games and tags waiting (rolled back). */
void store_pg_drop_games(PgStore *s);
/* Queues one COPY (kind PG_SENT_*) of c's rows, which it takes (c is
 * left empty), and starts it if none is under way: the caller goes on
 * while the server takes it.  A failure to queue, or one a COPY before it
 * met, is returned; its own verdict comes with a later call
 * (store_pg_collect): a unique violation as STORE_CONFLICT. */
int store_pg_copy_send(PgStore *s, int kind, PgCopy *c, PnDiag *diag);
/* Moves the COPYs under way on as far as the connection allows now,
 * never waiting. */
void store_pg_copy_pump(PgStore *s);
/* Waits until every COPY queued is done (store_pg_settle does). */
void store_pg_copy_settle(PgStore *s);
/* store_pg_settle, then the failure of a COPY sent earlier (once), or
 * STORE_OK. */
int store_pg_collect(PgStore *s, PnDiag *diag);
/* The game with this key among those read (PgStore.known): 1 (id and
 * hash set), 0 none, 2 not known here (ask the server), or a store
 * error (< 0, diag set). */
int store_pg_known_find(PgStore *s, const char *key, int64_t *id, uint64_t *hash, PnDiag *diag);
/* Forgets the keys read; off (-1) for the rest of the transaction or 0. */
void store_pg_known_forget(PgStore *s, int state);
/* A game waiting for COPY with this key: 1 (id and hash set) or 0. */
int store_pg_pending_find(const PgStore *s, const char *key, int64_t *id, uint64_t *hash);
/* The game's rows and tags join those waiting for COPY, its seats those
 * waiting (inside a transaction, outside a savepoint); *id its id. */
int store_pg_game_batch(PgStore *s, const StoreGame *game, int64_t *id, PnDiag *diag);
/* The game's seats join those waiting (store_pg_write.c). */
int store_pg_seats_queue(PgStore *s, const StoreGame *game, int64_t id, PnDiag *diag);
/* Appends len bytes to c; false when out of memory. */
bool store_pg_copy_append(PgCopy *c, const char *text, size_t len);
/* Sends only the hands waiting for COPY (the games first). */
int store_pg_flush_hands(PgStore *s, PnDiag *diag);
/* Sends the seats waiting (after the games waiting): their players not
 * stored yet are made first, under the players lock. */
int store_pg_flush_seats(PgStore *s, PnDiag *diag);
/* Forgets the seats waiting from index `from` on. */
void store_pg_drop_seats(PgStore *s, size_t from);
/* Forgets the player cache (a rollback may have taken ids away). */
void store_pg_forget_players(PgStore *s);
/* Integers as parameter text. */
typedef struct PgNum {
  char text[24];
} PgNum;
const char *store_pg_num(PgNum *buf, int64_t v);
/* A binary int8 or int4 column of a binary result, as int64. */
int64_t store_pg_int(const PGresult *res, int row, int col);

/* One store_pg_NAME per operation of store_ops.def: the transactions and
 * close in store_pg_open.c, the writes in store_pg_write.c, the cursor,
 * audits and check in store_pg_read.c, the analyses in
 * store_pg_analysis.c. */
#define STORE_OP(ret, name, params) ret store_pg_##name params;
#include "store_ops.def"
#undef STORE_OP

#endif
