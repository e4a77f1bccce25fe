/*
 * store.c - the neutral front of the deal-log database (store.h): picks a
 * backend by the name given to store_open, then hands every call to it
 * (store_backend.h).  Holds no SQL and knows no database: what is here
 * is true of every backend.
 */
#include "store_backend.h"

#include "codec.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- backends */

/* Which backend a name calls for: the first row whose prefix starts the
 * name (ASCII case ignored, as URI schemes are); the last row, with no
 * prefix, takes every other name.  open NULL: a backend this build does
 * not have. */
typedef struct StoreBackendRow {
  const char *prefix;              /* "postgresql://"; NULL: anything */
  const char *label;               /* "PostgreSQL", for messages */
  StoreOpenFn *open;               /* NULL: not built in */
} StoreBackendRow;

#ifdef PN_HAVE_POSTGRESQL /* CMake defines it when libpq is found */
#define PN_PG_OPEN store_pg_open
#else
#define PN_PG_OPEN NULL
#endif

static const StoreBackendRow BACKENDS[] = {
    {"postgresql://", "PostgreSQL", PN_PG_OPEN}, /* libpq: store_pg*.c */
    {"postgres://", "PostgreSQL", PN_PG_OPEN},
    {NULL, "SQLite", store_sqlite_open},   /* a file path */
};

static bool starts_with_nocase(const char *s, const char *prefix) {
  for (; *prefix; s++, prefix++) {
    char c = *s >= 'A' && *s <= 'Z' ? (char)(*s - 'A' + 'a') : *s;
    if (c != *prefix)
      return false;
  }
  return true;
}

/* The name as messages may show it: a URI's password (user:PASSWORD@)
 * and its query (?password=... and other settings) left out. */
void store_name_shown(const char *name, char *out, size_t size) {
  const char *scheme = strstr(name, "://");
  if (scheme == NULL) {
    snprintf(out, size, "%s", name);
    return;
  }
  const char *host = scheme + 3;
  size_t authority = strcspn(host, "/?#");
  const char *at = memchr(host, '@', authority);
  const char *colon = at ? memchr(host, ':', (size_t)(at - host)) : NULL;
  size_t rest = strcspn(host, "?#");
  if (colon != NULL)
    snprintf(out, size, "%.*s:***%.*s", (int)(colon - name), name, (int)(host + rest - at), at);
  else
    snprintf(out, size, "%.*s", (int)(host + rest - name), name);
}

int store_open(const char *name, int flags, Store **out, PnDiag *diag) {
  const StoreBackendRow *row = BACKENDS;
  while (row->prefix != NULL && !starts_with_nocase(name, row->prefix))
    row++;
  *out = NULL;
  if (row->open == NULL) {
    char shown[200];
    store_name_shown(name, shown, sizeof shown);
    store_set_msg(diag, "%s: this build of pinochle has no %s backend", shown, row->label);
    return STORE_ERROR;
  }
  return row->open(name, flags, out, diag);
}

/* ------------------------------------------------------------- dispatch */

void store_close(Store *store) {
  if (store != NULL)
    store->ops->close(store);
}

int store_schema_found(const Store *store) {
  return store->found_version;
}

int store_begin(Store *store, PnDiag *diag) {
  return store->ops->begin(store, diag);
}

int store_commit(Store *store, PnDiag *diag) {
  return store->ops->commit(store, diag);
}

void store_rollback(Store *store) {
  store->ops->rollback(store);
}

int store_savepoint(Store *store, PnDiag *diag) {
  return store->ops->savepoint(store, diag);
}

int store_release(Store *store, PnDiag *diag) {
  return store->ops->release(store, diag);
}

void store_rollback_savepoint(Store *store) {
  store->ops->rollback_savepoint(store);
}

int store_game_lookup(Store *store, const char *key, int64_t *id, uint64_t *hash, PnDiag *diag) {
  return store->ops->game_lookup(store, key, id, hash, diag);
}

int store_player_count(Store *store, const char *name, PnDiag *diag) {
  return store->ops->player_count(store, name, diag);
}

int store_game_insert(Store *store, const StoreGame *game, int64_t *id, PnDiag *diag) {
  return store->ops->game_insert(store, game, id, diag);
}

/* ------------------------------------------------ events as stored
 * Every backend stores a hand's events packed (codec.h, form 2) and
 * every reader gets them unpacked (form 1), whatever form the row holds:
 * the front does both, so the content hash, analysis keys and every
 * reader see the bytes they always saw. */

/* A hand's events packed for storing: in `small` when they fit. */
typedef struct StorePacked {
  uint8_t small[2048];             /* most hands (a partnership-auction deal packs to ~130 bytes) */
  uint8_t *heap;                   /* a longer one, freed by packed_free */
  const uint8_t *data;             /* the packed bytes: small, heap or NULL */
  size_t len;                      /* their size */
} StorePacked;

/* Packs events[0..len) into p; STORE_ERROR when out of memory. */
static int packed_make(StorePacked *p, const uint8_t *events, size_t len, PnDiag *diag) {
  uint8_t *out = p->small;
  p->heap = NULL;
  p->data = events;
  p->len = len;
  if (events == NULL) return STORE_OK;
  if (len + 1 > sizeof p->small && (out = p->heap = malloc(len + 1)) == NULL) {
    store_set_msg(diag, "out of memory");
    return STORE_ERROR;
  }
  p->len = codec_events_pack(events, len, out);
  p->data = out;
  return STORE_OK;
}

static void packed_free(StorePacked *p) { free(p->heap); }

/* Runs a backend's hand write with hand's events packed. */
static int hand_write(Store *store, int64_t game_id, const StoreHand *hand, PnDiag *diag,
                      int (*write)(Store *, int64_t, const StoreHand *, PnDiag *)) {
  StorePacked p;
  if (packed_make(&p, hand->events, hand->events_len, diag) != STORE_OK) return STORE_ERROR;
  StoreHand packed = *hand;
  packed.events = p.data;
  packed.events_len = p.len;
  int rc = write(store, game_id, &packed, diag);
  packed_free(&p);
  return rc;
}

/* row's events unpacked into the cursor's buffer.  Packed bytes that are
 * not valid records unpack to the records before the damage and a byte
 * no record starts with (codec_events_unpack), so a reader meets them as
 * the damaged events they are (check, export and analyze name the hand
 * and the event) rather than as fewer events. */
static int row_unpack(StoreCursor *cursor, StoreRow *row, PnDiag *diag) {
  if (row->events == NULL || !codec_events_packed(row->events, row->events_len)) return STORE_OK;
  size_t need = CODEC_UNPACKED_MAX(row->events_len), len;
  if (need > cursor->events_cap) {
    uint8_t *grown = realloc(cursor->events, need);
    if (grown == NULL) {
      store_set_msg(diag, "out of memory");
      return STORE_ERROR;
    }
    cursor->events = grown;
    cursor->events_cap = need;
  }
  (void)codec_events_unpack(row->events, row->events_len, cursor->events, &len);
  row->events = cursor->events;
  row->events_len = len;
  return STORE_OK;
}

int store_hand_insert(Store *store, int64_t game_id, const StoreHand *hand, PnDiag *diag) {
  return hand_write(store, game_id, hand, diag, store->ops->hand_insert);
}

int store_hand_update_results(Store *store, int64_t game_id, int number, const uint8_t *results,
                              size_t len, PnDiag *diag) {
  return store->ops->hand_update_results(store, game_id, number, results, len, diag);
}

int store_hand_update_events(Store *store, int64_t game_id, int number, const uint8_t *events,
                             size_t len, PnDiag *diag) {
  StorePacked p;
  if (packed_make(&p, events, len, diag) != STORE_OK) return STORE_ERROR;
  int rc = store->ops->hand_update_events(store, game_id, number, p.data, p.len, diag);
  packed_free(&p);
  return rc;
}

int store_hand_replace(Store *store, int64_t game_id, const StoreHand *hand, PnDiag *diag) {
  return hand_write(store, game_id, hand, diag, store->ops->hand_replace);
}

int store_game_update_end(Store *store, int64_t game_id, const StoreGameEnd *end, PnDiag *diag) {
  return store->ops->game_update_end(store, game_id, end, diag);
}

int store_game_delete(Store *store, int64_t game_id, PnDiag *diag) {
  return store->ops->game_delete(store, game_id, diag);
}

int store_cursor_open(Store *store, const StoreFilter *filter, StoreCursor **out, PnDiag *diag) {
  return store->ops->cursor_open(store, filter, out, diag);
}

int store_cursor_next(StoreCursor *cursor, StoreRow *row, PnDiag *diag) {
  int rc = cursor->store->ops->cursor_next(cursor, row, diag);
  if (rc == 1 && row_unpack(cursor, row, diag) != STORE_OK) return STORE_ERROR;
  return rc;
}

void store_cursor_close(StoreCursor *cursor) {
  if (cursor == NULL) return;
  free(cursor->events);
  cursor->store->ops->cursor_close(cursor);
}

int store_count_hands(Store *store, const StoreFilter *filter, long *total, PnDiag *diag) {
  StoreFilter f = filter ? *filter : (StoreFilter){0};
  f.results_only = true;
  StoreCursor *c = NULL;
  StoreRow row;
  int rc = store_cursor_open(store, &f, &c, diag);
  *total = 0;
  if (rc == 0)
    while ((rc = store_cursor_next(c, &row, diag)) == 1)
      if (row.hand > 0) (*total)++;
  store_cursor_close(c);
  return rc;
}

int store_audit_begin(Store *store, int rules_version, int64_t *audit_id, PnDiag *diag) {
  return store->ops->audit_begin(store, rules_version, audit_id, diag);
}

int store_audit_finding(Store *store, int64_t audit_id, const StoreFinding *finding, PnDiag *diag) {
  return store->ops->audit_finding(store, audit_id, finding, diag);
}

/* The analyses are the one optional part of a backend (a new backend may
 * come before its analyses table): one without them says so. */
static int no_analyses(PnDiag *diag) {
  store_set_msg(diag, "this database's backend does not keep analyses");
  return STORE_ERROR;
}

int store_analysis_get(Store *store, int64_t game_id, int hand, int rules_version, uint64_t key, uint8_t *buf,
                       size_t size, size_t *len, PnDiag *diag) {
  if (store->ops->analysis_get == NULL)
    return no_analyses(diag);
  return store->ops->analysis_get(store, game_id, hand, rules_version, key, buf, size, len, diag);
}

int store_analysis_put(Store *store, int64_t game_id, int hand, int rules_version, uint64_t key,
                       const uint8_t *value, size_t len, PnDiag *diag) {
  if (store->ops->analysis_put == NULL)
    return no_analyses(diag);
  return store->ops->analysis_put(store, game_id, hand, rules_version, key, value, len, diag);
}

int store_review_get(Store *store, int64_t game_id, int hand, StoreReviewKey *k, uint8_t *buf, size_t size,
                     size_t *len, PnDiag *diag) {
  if (store->ops->review_get == NULL) {
    store_set_msg(diag, "this database's backend does not keep reviews");
    return STORE_ERROR;
  }
  return store->ops->review_get(store, game_id, hand, k, buf, size, len, diag);
}

int store_review_put(Store *store, int64_t game_id, int hand, const StoreReviewKey *k, const uint8_t *value,
                     size_t len, PnDiag *diag) {
  if (store->ops->review_put == NULL) {
    store_set_msg(diag, "this database's backend does not keep reviews");
    return STORE_ERROR;
  }
  return store->ops->review_put(store, game_id, hand, k, value, len, diag);
}

int store_journal_put(Store *store, int64_t game_id, const char *text, PnDiag *diag) {
  if (store->ops->journal_put == NULL) {
    store_set_msg(diag, "this database's backend does not keep a journal");
    return STORE_ERROR;
  }
  return store->ops->journal_put(store, game_id, text, diag);
}

int store_journal_get(Store *store, int64_t game_id, char *buf, size_t size, PnDiag *diag) {
  if (store->ops->journal_get == NULL) {
    store_set_msg(diag, "this database's backend does not keep a journal");
    return STORE_ERROR;
  }
  return store->ops->journal_get(store, game_id, buf, size, diag);
}

int store_audit_end(Store *store, int64_t audit_id, long games, long hands, long findings, PnDiag *diag) {
  return store->ops->audit_end(store, audit_id, games, hands, findings, diag);
}

int store_night_fill(const char *const text[5], int rounds, int hands_per_round, StoreNight *out, char **owned,
                     PnDiag *diag) {
  size_t len[5], total = 0;
  for (int i = 0; i < 5; i++) total += (len[i] = strlen(text[i] ? text[i] : "")) + 1;
  char *block = malloc(total), *at = block;
  if (block == NULL) {
    store_set_msg(diag, "out of memory reading a night");
    return STORE_ERROR;
  }
  const char **field[5] = {&out->name, &out->preset, &out->movement, &out->date, &out->players};
  for (int i = 0; i < 5; i++) {
    memcpy(at, text[i] ? text[i] : "", len[i] + 1);
    *field[i] = at;
    at += len[i] + 1;
  }
  out->rounds = rounds;
  out->hands_per_round = hands_per_round;
  *owned = block;
  return STORE_OK;
}

int store_night_append(char **list, size_t *len, const char *name, PnDiag *diag) {
  size_t add = strlen(name) + (*len ? 1 : 0);
  char *grown = realloc(*list, *len + add + 1);
  if (grown == NULL) {
    free(*list);
    *list = NULL;
    store_set_msg(diag, "out of memory listing the nights");
    return STORE_ERROR;
  }
  if (*len) grown[(*len)++] = '\n';
  strcpy(grown + *len, name);
  *len += strlen(name);
  *list = grown;
  return STORE_OK;
}

int store_night_insert(Store *store, const StoreNight *night, PnDiag *diag) {
  return store->ops->night_insert(store, night, diag);
}

int store_night_get(Store *store, const char *name, StoreNight *out, char **owned, PnDiag *diag) {
  *owned = NULL;
  return store->ops->night_get(store, name, out, owned, diag);
}

int store_night_names(Store *store, char **owned, PnDiag *diag) {
  *owned = NULL;
  return store->ops->night_names(store, owned, diag);
}

int store_check(Store *store, PnDiag *diag) {
  return store->ops->check(store, diag);
}

const char *store_check_names(const Store *store) {
  return store->ops->check_names;
}

/* -------------------------------------------------------------- helpers */

void store_set_msg(PnDiag *diag, const char *fmt, ...) {
  if (diag == NULL)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(diag->msg, sizeof diag->msg, fmt, ap);
  va_end(ap);
}

/* A line break inside an entry (a multi-line tag: RFC 4180 allows it) is
 * kept, and the line after it starts with '=', which marks it as a
 * continuation: no entry starts with '=' (a name is never empty), so
 * store_lines_next can undo it. */
char *store_lines_join(const char *const *v, int n) {
  size_t len = 0;
  for (int i = 0; i < n; i++)
    for (const char *c = v[i]; *c; c++)
      len += *c == '\n' ? 2 : 1;
  char *out = malloc(len + (size_t)n + 1), *p = out;
  if (out == NULL)
    return NULL;
  for (int i = 0; i < n; i++) {
    for (const char *c = v[i]; *c; c++) {
      *p++ = *c;
      if (*c == '\n')
        *p++ = '=';
    }
    if (i + 1 < n)
      *p++ = '\n';
  }
  *p = '\0';
  return out;
}

bool store_lines_next(const char **at, char *buf, size_t size) {
  const char *p = *at;
  if (p == NULL || *p == '\0')
    return false;
  size_t used = 0;
  for (;;) {
    const char *end = strchr(p, '\n');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    size_t room = size > used ? size - used - 1 : 0;
    size_t take = len < room ? len : room;
    memcpy(buf + used, p, take);
    used += take;
    if (end == NULL || end[1] != '=') { /* the entry ends here */
      p = end ? end + 1 : p + len;
      break;
    }
    if (used + 1 < size) /* a continuation: the line break was part of the entry */
      buf[used++] = '\n';
    p = end + 2;
  }
  if (size > 0)
    buf[used] = '\0';
  *at = p;
  return true;
}

/* ------------------------------------------------- the players' ids */

static size_t player_slot(const char *name) {
  return (size_t)(codec_hash_text(CODEC_HASH_SEED, name) % STORE_PLAYER_CACHE);
}

void store_players_forget(StorePlayerCache *c) { memset(c, 0, sizeof *c); }

int64_t store_players_get(const StorePlayerCache *c, const char *name) {
  size_t i = player_slot(name);
  return c->slot[i].id != 0 && strcmp(c->slot[i].name, name) == 0 ? c->slot[i].id : 0;
}

void store_players_put(StorePlayerCache *c, const char *name, int64_t id) {
  size_t len = strlen(name);
  if (len >= STORE_PLAYER_NAME_MAX) return;
  size_t i = player_slot(name);
  c->slot[i].id = id;
  memcpy(c->slot[i].name, name, len + 1);
}

/* ------------------------------------------------ reading a game back */

void store_entries_free(StoreEntries *e) {
  free(e->v);
  e->v = NULL;
  e->n = 0;
}

int store_entries_copy(StoreEntries *e, const char *const *v, int n) {
  store_entries_free(e);
  size_t room = 0;
  for (int i = 0; i < n; i++) room += strlen(v[i]) + 1;
  const char **copy = malloc((size_t)n * sizeof *copy + room + 1);
  if (copy == NULL) return STORE_ERROR;
  char *buf = (char *)(copy + n);
  for (int i = 0; i < n; i++) {
    size_t len = strlen(v[i]) + 1;
    copy[i] = memcpy(buf, v[i], len);
    buf += len;
  }
  e->v = copy;
  e->n = n;
  return STORE_OK;
}

int store_entries_split(StoreEntries *e, const char *column) {
  store_entries_free(e);
  const char *text = column ? column : "";
  int count = 0;
  char probe[1];
  for (const char *at = text; store_lines_next(&at, probe, sizeof probe);) count++;
  size_t room = strlen(text) + 1; /* an entry never reads back longer than its column */
  const char **v = malloc((size_t)count * sizeof *v + room);
  if (v == NULL) return STORE_ERROR;
  char *buf = (char *)(v + count);
  const char *at = text;
  for (int i = 0; i < count && store_lines_next(&at, buf, room); i++) {
    v[i] = buf;
    size_t used = strlen(buf) + 1;
    buf += used;
    room -= used;
  }
  e->v = v;
  e->n = count;
  return STORE_OK;
}

/* One field through codec_header_check; fills why naming it. */
static int field_check(CodecField field, const char *what, int index, const char *text, char *why, size_t size) {
  char err[160], shown[48];
  if (codec_header_check(field, text ? text : "", err, sizeof err) == 0) return 0;
  codec_text_shown(text ? text : "", strlen(text ? text : ""), shown, sizeof shown);
  if (index) snprintf(why, size, "%s %d ('%s'): %s", what, index, shown, err);
  else snprintf(why, size, "%s: %s", what, err);
  return -1;
}

int store_row_text_check(const StoreRow *row, char *why, size_t size) {
  const char *fault = codec_text_fault(row->preset, strlen(row->preset));
  if (field_check(CODEC_FIELD_KEY, "key", 0, row->key, why, size) != 0) return -1;
  if (fault) {
    snprintf(why, size, "variant: %s", fault);
    return -1;
  }
  for (int s = 0; s < row->nplayers; s++)
    if (field_check(CODEC_FIELD_PLAYER, "player in seat", s + 1, row->players[s], why, size) != 0) return -1;
  for (int i = 0; i < row->noptions; i++)
    if (field_check(CODEC_FIELD_OPTION, "option", i + 1, row->options[i], why, size) != 0) return -1;
  for (int i = 0; i < row->ntags; i++)
    if (field_check(CODEC_FIELD_TAG, "tag", i + 1, row->tags[i], why, size) != 0) return -1;
  return 0;
}

uint64_t store_row_hash_header(const StoreRow *row) {
  const char *players[PN_MAX_SEATS];
  for (int s = 0; s < row->nplayers && s < PN_MAX_SEATS; s++) players[s] = row->players[s] ? row->players[s] : "";
  return codec_game_hash_header(row->preset, row->options, row->noptions, players, row->nplayers, row->tags,
                                row->ntags);
}
