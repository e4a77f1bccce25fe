/*
 * store_sqlite_journal.c - the SQLite backend's recorder journal (a column
 * of games, schema/sqlite/005_journal.sql; store.h, journal).
 */
#include <string.h>

#include "store_sqlite.h"

int store_sqlite_journal_put(Store *store, int64_t game_id, const char *text, PnDiag *diag) {
  Stmt q = stmt_cached(sqlite_store(store), ST_JOURNAL_PUT, "UPDATE games SET journal = :text WHERE id = :game");
  stmt_text(&q, ":text", text, -1);
  stmt_int(&q, ":game", game_id);
  stmt_step(&q);
  return stmt_finish_change(&q, diag, "keeping the journal", "no game %lld", (long long)game_id);
}

int store_sqlite_journal_get(Store *store, int64_t game_id, char *buf, size_t size, PnDiag *diag) {
  SqliteStore *s = sqlite_store(store);
  Stmt q = stmt_cached(s, ST_JOURNAL_GET, "SELECT journal FROM games WHERE id = :game AND journal IS NOT NULL");
  stmt_int(&q, ":game", game_id);
  int found = 0;
  if (stmt_step(&q) == SQLITE_ROW) {
    int bytes = sqlite3_column_bytes(q.st, 0);
    const unsigned char *text = sqlite3_column_text(q.st, 0);
    if (bytes < 0 || (size_t)bytes >= size || text == NULL) {
      stmt_reset(&q);
      store_set_msg(diag, "%s: the journal of game %lld is %d bytes, more than a hand's lines take", s->path,
                    (long long)game_id, bytes);
      return STORE_CORRUPT;
    }
    memcpy(buf, text, (size_t)bytes);
    buf[bytes] = 0;
    found = 1;
  }
  int rc = stmt_finish(&q, diag, "reading the journal");
  return rc != STORE_OK ? rc : found;
}
