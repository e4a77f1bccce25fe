/*
 * store_pg_lib.c - libpq loaded on first use (store_pg_lib.h says why).
 */
#include <pthread.h>

#define PG_LIB_LOADER /* the PQ names stay libpq's own here */
#include "pn_dl.h"
#include "store_pg_lib.h"

/* Written once under load_once, read-only after: the only state here. */
static PgLib pg_lib_table;
static char pg_lib_error[200];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
#define PG_LIB_NAME(name) #name,
#define PG_LIB_SLOT(name) &pg_lib_table.name,
  static const char *const names[] = {PG_LIB_FUNCTIONS(PG_LIB_NAME)};
  void *const slots[] = {PG_LIB_FUNCTIONS(PG_LIB_SLOT)};
#undef PG_LIB_NAME
#undef PG_LIB_SLOT
  /* libpq.so.5: the soname of Debian's libpq5 and of every libpq since 8.x */
  pn_dl_load("libpq.so.5", "libpq5", names, slots, sizeof names / sizeof *names, pg_lib_error, sizeof pg_lib_error);
}

int store_pg_lib_load(PnDiag *diag) {
  pthread_once(&load_once, load);
  if (pg_lib_error[0]) {
    store_set_msg(diag, "PostgreSQL: %s", pg_lib_error);
    return STORE_ERROR;
  }
  return STORE_OK;
}

const PgLib *store_pg_lib(void) { return &pg_lib_table; }
