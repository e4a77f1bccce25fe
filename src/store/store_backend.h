/*
 * store_backend.h - what a store backend provides to the neutral front
 * (store.c), and the helpers the front lends every backend.  Private to
 * src/store.
 *
 * A backend is one open function (listed in store.c's table of names)
 * and one StoreOps table.  Its own Store struct begins with a `Store`
 * (and its cursor with a `StoreCursor`), so the front's pointer is also a
 * pointer to the backend's struct.  Every operation keeps the contract
 * written in store.h; the front adds nothing but the dispatch, so a
 * backend's function may assume its arguments are the ones store.h
 * allows (a non-NULL store, a cursor of its own).
 *
 * Adding a backend: store_BACKEND*.c with its open function and StoreOps,
 * a row in store.c's table of names, schema/BACKEND/ with its migrations
 * (pn_embed_schema in CMakeLists.txt), its declarations here.
 */
#ifndef PN_STORE_BACKEND_H
#define PN_STORE_BACKEND_H

#include "store.h"

typedef struct StoreOps StoreOps;

/* The first member of every backend's store. */
struct Store {
  const StoreOps *ops;             /* the backend's functions, static */
  int found_version;               /* schema version at open (0: new or empty) */
};

/* The first member of every backend's cursor. */
struct StoreCursor {
  Store *store;                    /* borrowed: the store it reads */
};

/* A backend's operations: one per function of store.h after store_open,
 * with the same arguments and the same contract. */
struct StoreOps {
  const char *check_names;         /* store_check_names() */
  void (*close)(Store *store);     /* frees the store itself too */
  int (*begin)(Store *store, PnDiag *diag);
  int (*commit)(Store *store, PnDiag *diag);
  void (*rollback)(Store *store);
  int (*savepoint)(Store *store, PnDiag *diag);
  int (*release)(Store *store, PnDiag *diag);
  void (*rollback_savepoint)(Store *store);
  int (*game_lookup)(Store *store, const char *key, int64_t *id, uint64_t *hash, PnDiag *diag);
  int (*player_count)(Store *store, const char *name, PnDiag *diag);
  int (*game_insert)(Store *store, const StoreGame *game, int64_t *id, PnDiag *diag);
  int (*hand_insert)(Store *store, int64_t game_id, const StoreHand *hand, PnDiag *diag);
  int (*hand_update_results)(Store *store, int64_t game_id, int number, const uint8_t *results, size_t len,
                             PnDiag *diag);
  int (*hand_update_events)(Store *store, int64_t game_id, int number, const uint8_t *events, size_t len,
                            PnDiag *diag);
  int (*game_update_end)(Store *store, int64_t game_id, const StoreGameEnd *end, PnDiag *diag);
  int (*game_delete)(Store *store, int64_t game_id, PnDiag *diag);
  int (*cursor_open)(Store *store, const StoreFilter *filter, StoreCursor **out, PnDiag *diag);
  int (*cursor_next)(StoreCursor *cursor, StoreRow *row, PnDiag *diag);
  void (*cursor_close)(StoreCursor *cursor); /* never given NULL */
  int (*audit_begin)(Store *store, int rules_version, int64_t *audit_id, PnDiag *diag);
  int (*audit_finding)(Store *store, int64_t audit_id, const StoreFinding *finding, PnDiag *diag);
  int (*audit_end)(Store *store, int64_t audit_id, long games, long hands, long findings, PnDiag *diag);
  int (*analysis_get)(Store *store, int64_t game_id, int hand, int rules_version, uint64_t key, uint8_t *buf,
                      size_t size, size_t *len, PnDiag *diag);
  int (*analysis_put)(Store *store, int64_t game_id, int hand, int rules_version, uint64_t key,
                      const uint8_t *value, size_t len, PnDiag *diag);
  int (*check)(Store *store, PnDiag *diag);
};

/* A backend's store_open for the names it takes (store.c's table). */
typedef int StoreOpenFn(const char *name, int flags, Store **out, PnDiag *diag);

/* The SQLite backend (store_sqlite_open.c): a file path, or STORE_SCRATCH. */
StoreOpenFn store_sqlite_open;
/* The PostgreSQL backend (store_pg_open.c), in a build with libpq
 * (PN_HAVE_POSTGRESQL): a postgresql:// or postgres:// URI. */
StoreOpenFn store_pg_open;

/* --------------------------------------------- helpers for the backends */

/* printf into diag->msg (diag may be NULL). */
void store_set_msg(PnDiag *diag, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The entries of v[0..n) joined by '\n', as the games.options and .tags
 * columns keep them (store_lines_next reads them back); caller frees.
 * NULL: no memory. */
char *store_lines_join(const char *const *v, int n);

#endif
