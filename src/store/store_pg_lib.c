/*
 * store_pg_lib.c - libpq loaded on first use (store_pg_lib.h says why).
 */
#define PG_LIB_LOADER /* the PQ names stay libpq's own here */
#include "pn_dl.h"
#include "store_pg_lib.h"

static PgLib pg_lib_table; /* filled once by pn_dl_need, read-only after */

#define PG_LIB_NAME(name) #name,
#define PG_LIB_SLOT(name) &pg_lib_table.name,
static const char *const names[] = {PG_LIB_FUNCTIONS(PG_LIB_NAME)};
static void *const slots[] = {PG_LIB_FUNCTIONS(PG_LIB_SLOT)};

/* libpq.so.5: the soname of Debian's libpq5 and of every libpq since 8.x */
static PnDlLib libpq = {.soname = "libpq.so.5", .package = "libpq5", .names = names, .slots = slots,
                        .count = sizeof names / sizeof *names, .lock = PTHREAD_MUTEX_INITIALIZER};

int store_pg_lib_load(PnDiag *diag) {
  const char *why = pn_dl_need(&libpq);
  if (why) {
    store_set_msg(diag, "PostgreSQL: %s", why);
    return STORE_ERROR;
  }
  return STORE_OK;
}

const PgLib *store_pg_lib(void) { return &pg_lib_table; }
