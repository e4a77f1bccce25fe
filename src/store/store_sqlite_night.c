/*
 * store_sqlite_night.c - the SQLite backend's club nights (the nights
 * table, schema/sqlite/004_nights.sql; store.h, nights).
 */
#include <stdlib.h>

#include "store_sqlite.h"

int store_sqlite_night_insert(Store *store, const StoreNight *night, PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_NIGHT_INSERT,
                       "INSERT INTO nights (name, preset, movement, rounds, hands_per_round, date, players)\n"
                       "VALUES (:name, :preset, :movement, :rounds, :hands, :date, :players)");
  stmt_text(&q, ":name", night->name, -1);
  stmt_text(&q, ":preset", night->preset, -1);
  stmt_text(&q, ":movement", night->movement, -1);
  stmt_int(&q, ":rounds", night->rounds);
  stmt_int(&q, ":hands", night->hands_per_round);
  stmt_text(&q, ":date", night->date ? night->date : "", -1);
  stmt_text(&q, ":players", night->players, -1);
  stmt_step(&q);
  return stmt_finish(&q, diag, "storing a night");
}

int store_sqlite_night_get(Store *store, const char *name, StoreNight *out, char **owned, PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_NIGHT_GET,
                       "SELECT name, preset, movement, date, players, rounds, hands_per_round\n"
                       "  FROM nights WHERE name = :name");
  stmt_text(&q, ":name", name, -1);
  int found = 0, rc = STORE_OK;
  if (stmt_step(&q) == SQLITE_ROW) {
    const char *text[5];
    for (int i = 0; i < 5; i++) text[i] = (const char *)sqlite3_column_text(q.st, i);
    rc = store_night_fill(text, sqlite3_column_int(q.st, 5), sqlite3_column_int(q.st, 6), out, owned, diag);
    found = 1;
  }
  if (rc != STORE_OK) {
    stmt_reset(&q);
    return rc;
  }
  rc = stmt_finish(&q, diag, "reading a night");
  if (rc != STORE_OK) {
    free(*owned);
    *owned = NULL;
    return rc;
  }
  return found;
}

int store_sqlite_night_names(Store *store, char **owned, PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_NIGHT_NAMES, "SELECT name FROM nights ORDER BY name");
  char *list = NULL;
  size_t len = 0;
  int n = 0, rc = STORE_OK;
  while (rc == STORE_OK && stmt_step(&q) == SQLITE_ROW) {
    rc = store_night_append(&list, &len, (const char *)sqlite3_column_text(q.st, 0), diag);
    n++;
  }
  if (rc != STORE_OK) {
    stmt_reset(&q);
    return rc;
  }
  if ((rc = stmt_finish(&q, diag, "listing the nights")) != STORE_OK) {
    free(list);
    return rc;
  }
  if (list == NULL && (list = calloc(1, 1)) == NULL) {
    store_set_msg(diag, "out of memory listing the nights");
    return STORE_ERROR;
  }
  *owned = list;
  return n;
}
