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
 * Adding a backend: store_BACKEND*.c with its open function and StoreOps
 * (made from store_ops.def, as store_sqlite_open.c does), its functions
 * declared from store_ops.def (as store_sqlite.h does), a row in
 * store.c's table of names, schema/BACKEND/ with its migrations
 * (pn_embed_schema in CMakeLists.txt), its open function declared here.
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
  uint8_t *events;                 /* the front's: the row's events unpacked (NULL until one is) */
  size_t events_cap;               /* bytes at events */
};

/* A backend's operations: one per function of store.h after store_open,
 * with the same arguments and the same contract (the list: store_ops.def). */
struct StoreOps {
  const char *check_names;         /* store_check_names() */
#define STORE_OP(ret, name, params) ret(*name) params;
#include "store_ops.def"
#undef STORE_OP
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

/* Player ids by name, for the names met in the current write transaction
 * (a game names four or five people, a club a few dozen): a direct-mapped
 * cache in front of the players table.  A backend empties it when a
 * transaction starts or anything rolls back, so an id is never one a
 * rollback took away, and uses it only inside a transaction. */
enum { STORE_PLAYER_CACHE = 64, STORE_PLAYER_NAME_MAX = 48 };
typedef struct StorePlayerCache {
  struct {
    int64_t id;                    /* 0: empty */
    char name[STORE_PLAYER_NAME_MAX];
  } slot[STORE_PLAYER_CACHE];
} StorePlayerCache;

void store_players_forget(StorePlayerCache *c);
/* The id kept for `name`, or 0. */
int64_t store_players_get(const StorePlayerCache *c, const char *name);
/* Keeps name -> id (a name too long to keep is not kept). */
void store_players_put(StorePlayerCache *c, const char *name, int64_t id);

/* A night read back (store_night_get): its four text columns name,
 * preset, movement, date and players (text[0..4]) copied into one block
 * *owned that *out points into.  Returns STORE_OK or STORE_ERROR (memory). */
/* Appends name and a '\n' before it unless first to the malloc'd *list
 * (*len bytes so far): STORE_OK or STORE_ERROR (memory, *list freed). */
int store_night_append(char **list, size_t *len, const char *name, PnDiag *diag);
int store_night_fill(const char *const text[5], int rounds, int hands_per_round, StoreNight *out, char **owned,
                     PnDiag *diag);

#endif
