/*
 * store_pg_night.c - the PostgreSQL backend's club nights (the nights
 * table, schema/postgresql/004_nights.sql; store.h, nights): the same
 * contract as store_sqlite_night.c.
 */
#include <stdlib.h>

#include "store_pg.h"

int store_pg_night_insert(Store *store, const StoreNight *night, PnDiag *diag) {
  PgStore *s = pg_store(store);
  int rc;
  PgNum rounds, hands;
  const char *values[7] = {night->name, night->preset, night->movement, store_pg_num(&rounds, night->rounds),
                           store_pg_num(&hands, night->hands_per_round), night->date ? night->date : "",
                           night->players};
  PGresult *res = store_pg_run(s, PG_NIGHT_INSERT,
                               "INSERT INTO nights (name, preset, movement, rounds, hands_per_round, date, players)\n"
                               "VALUES ($1, $2, $3, $4, $5, $6, $7)",
                               7, values, NULL, NULL, false, "storing a night", &rc, diag);
  if (res == NULL) return rc;
  PQclear(res);
  return STORE_OK;
}

int store_pg_night_get(Store *store, const char *name, StoreNight *out, char **owned, PnDiag *diag) {
  PgStore *s = pg_store(store);
  int rc;
  const char *values[1] = {name};
  PGresult *res = store_pg_run(s, PG_NIGHT_GET,
                               "SELECT name, preset, movement, date, players, rounds, hands_per_round\n"
                               "  FROM nights WHERE name = $1",
                               1, values, NULL, NULL, false, "reading a night", &rc, diag);
  if (res == NULL) return rc;
  int found = 0;
  rc = STORE_OK;
  if (PQntuples(res) > 0) {
    const char *text[5];
    for (int i = 0; i < 5; i++) text[i] = PQgetvalue(res, 0, i);
    rc = store_night_fill(text, atoi(PQgetvalue(res, 0, 5)), atoi(PQgetvalue(res, 0, 6)), out, owned, diag);
    found = 1;
  }
  PQclear(res);
  return rc != STORE_OK ? rc : found;
}

int store_pg_night_names(Store *store, char **owned, PnDiag *diag) {
  PgStore *s = pg_store(store);
  int rc;
  PGresult *res = store_pg_run(s, PG_NIGHT_NAMES, "SELECT name FROM nights ORDER BY name COLLATE \"C\"", 0, NULL,
                               NULL, NULL, false, "listing the nights", &rc, diag);
  if (res == NULL) return rc;
  char *list = NULL;
  size_t len = 0;
  int n = PQntuples(res);
  rc = STORE_OK;
  for (int i = 0; i < n && rc == STORE_OK; i++) rc = store_night_append(&list, &len, PQgetvalue(res, i, 0), diag);
  PQclear(res);
  if (rc != STORE_OK) return rc;
  if (list == NULL && (list = calloc(1, 1)) == NULL) {
    store_set_msg(diag, "out of memory listing the nights");
    return STORE_ERROR;
  }
  *owned = list;
  return n;
}
