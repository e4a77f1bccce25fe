/*
 * store_pg_copy.c - COPY buffers, the queue of COPYs that go to the
 * server while the caller goes on, and the games (with their tags) that
 * wait in buffers inside a transaction: ids reserved from the sequence a
 * block at a time, the rows sent in one COPY per table when something
 * needs them (store_pg.h).
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "pn_buf.h"
#include "store_pg.h"

/* Games waiting are sent at the latest when this many wait; ids are
 * reserved up to PG_IDS_MAX at a time: a reservation is a statement, which
 * waits for the COPYs under way, so a long import makes few. */
enum { PG_GAMES_FLUSH = 1024, PG_IDS_MAX = 8192 };

bool store_pg_copy_append(PgCopy *c, const char *text, size_t len) {
  if (c->len + len > c->cap) {
    size_t cap = c->cap ? c->cap : 1 << 16;
    while (cap < c->len + len)
      cap *= 2;
    char *p = realloc(c->buf, cap);
    if (p == NULL)
      return false;
    c->buf = p;
    c->cap = cap;
  }
  memcpy(c->buf + c->len, text, len);
  c->len += len;
  return true;
}

/* Text in COPY's text format: backslash, tab, newline and carriage
 * return escaped (NULL: "\N"), then sep. */
static bool copy_text(PgCopy *c, const char *v, size_t len, char sep) {
  if (v == NULL)
    return store_pg_copy_append(c, "\\N", 2) && store_pg_copy_append(c, &sep, 1);
  size_t from = 0;
  for (size_t i = 0; i < len; i++) {
    const char *esc = v[i] == '\\' ? "\\\\" : v[i] == '\t' ? "\\t" : v[i] == '\n' ? "\\n" : v[i] == '\r' ? "\\r" : NULL;
    if (esc == NULL)
      continue;
    if (!store_pg_copy_append(c, v + from, i - from) || !store_pg_copy_append(c, esc, 2))
      return false;
    from = i + 1;
  }
  return store_pg_copy_append(c, v + from, len - from) && store_pg_copy_append(c, &sep, 1);
}

static bool copy_str(PgCopy *c, const char *v, char sep) {
  return copy_text(c, v, v ? strlen(v) : 0, sep);
}

/* The COPYs sent without waiting, by PG_SENT_*: statement, and what a
 * failure says it was doing. */
static const struct {
  const char *sql;  /* COPY ... FROM STDIN */
  const char *what; /* for messages */
} SENT[] = {
    [PG_SENT_GAMES] = {"COPY games(id, key, preset, options, tags, hands, finished, winner, hash, winners) FROM STDIN",
                       "adding games (COPY)"},
    [PG_SENT_TAGS] = {"COPY tags(name, value, game_id) FROM STDIN", "adding tags (COPY)"},
    [PG_SENT_SEATS] = {"COPY seats(game_id, seat, player_id) FROM STDIN", "adding seats (COPY)"},
    [PG_SENT_HANDS] = {"COPY hands(game_id, number, dealer, bidder, bid, trump, events, results) FROM STDIN"
                       " (FORMAT binary)",
                       "adding hands (COPY)"},
    /* the sequence looked up once, not once a row: perf gave the look-ups
     * 3% of the server's samples in an import of 100,000 deals, which
     * takes 0.957x the time without them (11 pairs) */
    [PG_SENT_IDS] = {"WITH q AS MATERIALIZED (SELECT pg_get_serial_sequence('games', 'id')::regclass AS seq)"
                     " SELECT nextval(q.seq) FROM q, generate_series(1, $1)",
                     "reserving game ids"},
};

/* The key a unique violation's detail names ("Key (key)=(K) already
 * exists."), into out; "?" when it names none. */
static void conflict_key(const char *detail, char *out, size_t size) {
  const char *p = detail ? strstr(detail, ")=(") : NULL;
  const char *q = p ? strstr(p, ") already exists") : NULL;
  if (q == NULL)
    snprintf(out, size, "?");
  else
    snprintf(out, size, "%.*s", (int)(q - p - 3), p + 3);
}

/* The store code and message of a failed COPY of this kind. */
static int sent_fail(PgStore *s, int kind, const PGresult *res, PnDiag *diag) {
  int rc = store_pg_fail(s, res, SENT[kind].what, diag);
  const char *detail = res ? PQresultErrorField(res, PG_DIAG_MESSAGE_DETAIL) : NULL;
  if (rc == STORE_CONFLICT && kind == PG_SENT_GAMES) {
    /* the one unique key of games besides its id: stored meanwhile by
     * another writer (look-ups saw the others), as game_rows_insert says */
    char key[200];
    conflict_key(detail, key, sizeof key);
    store_set_msg(diag, "game '%s' is already stored", key);
  } else if (rc == STORE_CONFLICT && kind == PG_SENT_HANDS) {
    store_set_msg(diag, "%s: a hand is stored twice (%s)", s->shown, detail ? detail : "");
  }
  return rc;
}

/* COPYs queued at most before the caller waits for the server; bytes of
 * a COPY's rows given to libpq at a time (feed_rows). */
enum { PG_QUEUE_MAX = 8, PG_FEED_BYTES = 1 << 16 };

/* Waits until the connection has an answer to read, or takes more of
 * the rows libpq holds or that wait to be given to it. */
static void wait_socket(PgStore *s) {
  int pending = PQflush(s->conn);
  bool more = pending == 1 || s->feeding.buf != NULL;
  struct pollfd p = {.fd = PQsocket(s->conn), .events = POLLIN | (more ? POLLOUT : 0)};
  if (pending >= 0 && p.fd >= 0)
    poll(&p, 1, -1);
}

/* Records the first failure of the COPYs under way (kept for
 * store_pg_collect); those queued after it are dropped: the transaction
 * is lost. */
static void sent_failed(PgStore *s, const PGresult *res) {
  if (s->sent_rc == STORE_OK) {
    PnDiag d = {0};
    s->sent_rc = sent_fail(s, s->sent, res, &d);
    snprintf(s->sent_msg, sizeof s->sent_msg, "%s", d.msg);
  }
  for (size_t i = 0; i < s->nqueue; i++)
    free(s->queue[i].rows.buf);
  s->nqueue = 0;
  free(s->feeding.buf);
  s->feeding = (PgCopy){0};
  s->ids_asked = false; /* dropped, or the one that failed */
}

/* Starts the first statement queued: a COPY, whose rows follow once the
 * server asks for them, or the ids' query, which is answered whole. */
static void start_next(PgStore *s) {
  s->sent = s->queue[0].kind;
  s->flowing = false;
  bool sent;
  if (s->sent == PG_SENT_IDS) {
    PgNum n;
    const char *values[1] = {store_pg_num(&n, s->queue[0].rows.rows)};
    memmove(s->queue, s->queue + 1, --s->nqueue * sizeof *s->queue);
    s->flowing = true; /* nothing to give: its result, then NULL */
    sent = PQsetnonblocking(s->conn, 1) == 0 &&
           PQsendQueryParams(s->conn, SENT[PG_SENT_IDS].sql, 1, NULL, values, NULL, NULL, 0) == 1;
  } else {
    sent = PQsetnonblocking(s->conn, 1) == 0 && PQsendQuery(s->conn, SENT[s->sent].sql) == 1;
  }
  if (!sent) {
    sent_failed(s, NULL);
    s->sent = PG_SENT_NONE;
  }
}

/* The ids' query answered: its ids wait in ids_ahead for next_id. */
static void ids_arrived(PgStore *s, const PGresult *res) {
  size_t n = (size_t)PQntuples(res);
  int64_t *ids = n ? realloc(s->ids_ahead, n * sizeof *ids) : NULL;
  if (ids != NULL) {
    for (size_t i = 0; i < n; i++)
      ids[i] = strtoll(PQgetvalue(res, (int)i, 0), NULL, 10);
    s->ids_ahead = ids;
    s->nids_ahead = n;
  }
  s->ids_asked = false; /* none given, or no memory: next_id asks itself */
}

/* The rows being fed are all given (or libpq refused some, !ok): the
 * COPY ends. */
static void end_feed(PgStore *s, bool ok) {
  free(s->feeding.buf);
  s->feeding = (PgCopy){0};
  if (!ok || PQputCopyEnd(s->conn, NULL) != 1)
    sent_failed(s, NULL); /* the connection's error; its results drain in the pump */
}

/* Gives libpq the rows being fed, PG_FEED_BYTES at a time, each when it
 * has sent the last (never more than the socket takes: libpq moves what
 * it could not send to the front of its buffer at every flush, so a COPY
 * of megabytes given at once was copied over and over, 6% of the client's
 * samples in an import, and held whole in libpq's buffer besides ours),
 * then ends the COPY. */
static void feed_rows(PgStore *s) {
  while (s->feeding.buf != NULL && PQflush(s->conn) == 0) {
    size_t n = s->feeding.len - s->feed_off;
    if (n > PG_FEED_BYTES)
      n = PG_FEED_BYTES;
    bool ok = n == 0 || PQputCopyData(s->conn, s->feeding.buf + s->feed_off, (int)n) == 1;
    s->feed_off += n;
    if (!ok || s->feed_off == s->feeding.len)
      end_feed(s, ok);
  }
}

/* The first COPY's rows go to libpq (the server asked for them). */
static void put_rows(PgStore *s) {
  PgSend head = s->queue[0];
  memmove(s->queue, s->queue + 1, --s->nqueue * sizeof *s->queue);
  s->flowing = true;
  s->feeding = head.rows;
  s->feed_off = 0;
  if (s->feeding.buf == NULL) /* no rows (none allocated): the COPY ends at once */
    end_feed(s, true);
  else
    feed_rows(s);
}

void store_pg_copy_pump(PgStore *s) {
  while (s->sent != PG_SENT_NONE || s->nqueue > 0) {
    if (s->sent == PG_SENT_NONE) {
      if (s->sent_rc != STORE_OK) { /* a COPY failed: the rest would too */
        sent_failed(s, NULL);
        return;
      }
      start_next(s);
      continue;
    }
    if (PQflush(s->conn) < 0 || PQconsumeInput(s->conn) == 0) {
      sent_failed(s, NULL);
      s->sent = PG_SENT_NONE;
      return;
    }
    feed_rows(s);
    if (s->feeding.buf != NULL || PQisBusy(s->conn))
      return; /* rows still to give, when the socket takes them; or no answer yet */
    PGresult *res = PQgetResult(s->conn);
    if (res == NULL) {
      s->sent = PG_SENT_NONE;
      continue;
    }
    if (!s->flowing && PQresultStatus(res) == PGRES_COPY_IN) {
      put_rows(s);
    } else if (s->sent == PG_SENT_IDS && PQresultStatus(res) == PGRES_TUPLES_OK) {
      ids_arrived(s, res);
    } else { /* the COPY's end (or a refusal to start it): then NULL */
      if (PQresultStatus(res) != PGRES_COMMAND_OK)
        sent_failed(s, res);
      s->flowing = true;
    }
    PQclear(res);
  }
}

void store_pg_copy_settle(PgStore *s) {
  if (s->conn == NULL || !PQisnonblocking(s->conn))
    return; /* no COPY started since the last settle */
  for (;;) {
    store_pg_copy_pump(s);
    if (s->sent == PG_SENT_NONE && s->nqueue == 0)
      break;
    wait_socket(s);
  }
  PQsetnonblocking(s->conn, 0);
}

int store_pg_collect(PgStore *s, PnDiag *diag) {
  store_pg_settle(s);
  int rc = s->sent_rc;
  if (rc != STORE_OK) {
    store_set_msg(diag, "%s", s->sent_msg);
    s->sent_rc = STORE_OK;
  }
  return rc;
}

/* Queued, the rows go to the server COPY after COPY as it takes them
 * (non-blocking; store_pg_copy_pump, called every 32 hands), so the
 * client parses on while the server stores what came before: the
 * server's work is no longer added to the client's (issue 35). */
int store_pg_copy_send(PgStore *s, int kind, PgCopy *c, PnDiag *diag) {
  if (s->sent_rc != STORE_OK)
    return store_pg_collect(s, diag);
  if (PN_VEC_RESERVE(s->queue, s->queue_cap, s->nqueue + 1) != 0) {
    store_set_msg(diag, "out of memory");
    return STORE_ERROR;
  }
  s->queue[s->nqueue++] = (PgSend){.kind = kind, .rows = *c};
  *c = (PgCopy){0};
  store_pg_copy_pump(s);
  while (s->nqueue >= PG_QUEUE_MAX) { /* the server is behind: wait for it */
    wait_socket(s);
    store_pg_copy_pump(s);
  }
  return s->sent_rc != STORE_OK ? store_pg_collect(s, diag) : STORE_OK;
}

static void pending_forget(PgStore *s) {
  for (size_t i = 0; i < s->npending; i++)
    free(s->pending[i].key);
  s->npending = 0;
}

void store_pg_drop_games(PgStore *s) {
  s->games.len = s->tags.len = 0;
  s->games.rows = s->tags.rows = 0;
  pending_forget(s);
}

int store_pg_flush_games(PgStore *s, PnDiag *diag) {
  if (s->games.rows == 0)
    return STORE_OK;
  int rc = store_pg_copy_send(s, PG_SENT_GAMES, &s->games, diag);
  if (rc == STORE_OK && s->tags.rows > 0)
    rc = store_pg_copy_send(s, PG_SENT_TAGS, &s->tags, diag);
  store_pg_drop_games(s);
  /* their seats with them, but in a savepoint at its end (seats_mark) */
  return rc == STORE_OK && !s->in_savepoint ? store_pg_flush_seats(s, diag) : rc;
}

static uint64_t key_hash(const char *key) {
  uint64_t h = 14695981039346656037ULL;
  for (const unsigned char *p = (const unsigned char *)key; *p; p++)
    h = (h ^ *p) * 1099511628211ULL;
  return h;
}

int store_pg_pending_find(const PgStore *s, const char *key, int64_t *id, uint64_t *hash) {
  uint64_t h = key_hash(key);
  for (size_t i = 0; i < s->npending; i++)
    if (s->pending[i].khash == h && strcmp(s->pending[i].key, key) == 0) {
      *id = s->pending[i].id;
      *hash = s->pending[i].hash;
      return 1;
    }
  return 0;
}

/* The next reserved game id.  Ids come a block at a time (1, 2, 4 ...
 * PG_IDS_MAX, so that a short import leaves few unused); a statement
 * waits for the COPYs under way, so each block after the first is asked
 * for behind them as soon as the one before is taken (PG_SENT_IDS), and
 * is there when needed: an import of 100,000 deals waited 0.11 to 0.14 s
 * for its 14 blocks.  Ids a sequence gave are never given again: those
 * left over serve the next transaction. */
static int next_id(PgStore *s, int64_t *id, PnDiag *diag) {
  if (s->ids_next == s->nids) {
    for (;;) { /* the block asked for, behind the COPYs: it comes */
      store_pg_copy_pump(s);
      if (!s->ids_asked || s->sent_rc != STORE_OK)
        break;
      wait_socket(s);
    }
    if (s->nids_ahead > 0) {
      int64_t *spent = s->ids;
      s->ids = s->ids_ahead;
      s->nids = s->nids_ahead;
      s->ids_ahead = spent;
      s->nids_ahead = 0;
    } else {
      size_t want = s->ids_block ? s->ids_block : 1;
      int64_t *ids = realloc(s->ids, want * sizeof *ids);
      if (ids == NULL) {
        store_set_msg(diag, "out of memory");
        return STORE_ERROR;
      }
      s->ids = ids;
      int rc;
      PgNum n;
      const char *values[1] = {store_pg_num(&n, (int64_t)want)};
      PGresult *res = store_pg_run(s, PG_GAME_IDS, SENT[PG_SENT_IDS].sql, 1, values, NULL, NULL, false,
                                   SENT[PG_SENT_IDS].what, &rc, diag);
      if (res == NULL)
        return rc;
      s->nids = (size_t)PQntuples(res) < want ? (size_t)PQntuples(res) : want;
      for (size_t i = 0; i < s->nids; i++)
        s->ids[i] = strtoll(PQgetvalue(res, (int)i, 0), NULL, 10);
      PQclear(res);
    }
    s->ids_next = 0;
    size_t took = s->nids;
    s->ids_block = took < PG_IDS_MAX ? took * 2 : PG_IDS_MAX;
    if (s->nids == 0) {
      store_set_msg(diag, "%s: reserving game ids: none given", s->shown);
      return STORE_ERROR;
    }
    if (s->sent_rc == STORE_OK) { /* the next block, asked for now behind the COPYs */
      if (PN_VEC_RESERVE(s->queue, s->queue_cap, s->nqueue + 1) != 0) {
        store_set_msg(diag, "out of memory");
        return STORE_ERROR;
      }
      s->queue[s->nqueue++] = (PgSend){.kind = PG_SENT_IDS, .rows = {.rows = (long)s->ids_block}};
      s->ids_asked = true;
      store_pg_copy_pump(s);
    }
  }
  *id = s->ids[s->ids_next++];
  return STORE_OK;
}

/* The game's tag rows ("name=value"; no '=': the value is empty; a row
 * given twice is one row, as the key (name, value, game_id) wants). */
static bool tags_rows(PgStore *s, const StoreGame *game, const char *id_text) {
  for (int i = 0; i < game->ntags; i++) {
    const char *t = game->tags[i];
    bool seen = false;
    for (int j = 0; j < i && !seen; j++)
      seen = strcmp(game->tags[j], t) == 0;
    if (seen)
      continue;
    const char *eq = strchr(t, '=');
    size_t name_len = eq ? (size_t)(eq - t) : strlen(t);
    const char *value = eq ? eq + 1 : "";
    if (!copy_text(&s->tags, t, name_len, '\t') || !copy_str(&s->tags, value, '\t') ||
        !copy_str(&s->tags, id_text, '\n'))
      return false;
    s->tags.rows++;
  }
  return true;
}

/* The games row: id, key, preset, options, tags, hands, finished,
 * winner, hash, winners. */
static bool game_row(PgStore *s, const StoreGame *game, const char *id_text, const char *options, const char *tags) {
  const StoreGameEnd *end = game->end;
  PgNum hands, finished, winner, hash, winners;
  return copy_str(&s->games, id_text, '\t') && copy_str(&s->games, game->key, '\t') &&
         copy_str(&s->games, game->preset, '\t') && copy_str(&s->games, options, '\t') &&
         copy_str(&s->games, tags, '\t') && copy_str(&s->games, store_pg_num(&hands, end ? end->hands : 0), '\t') &&
         copy_str(&s->games, store_pg_num(&finished, end && end->finished ? 1 : 0), '\t') &&
         copy_str(&s->games, end && end->winner ? store_pg_num(&winner, end->winner) : NULL, '\t') &&
         copy_str(&s->games, end ? store_pg_num(&hash, (int64_t)end->hash) : NULL, '\t') &&
         copy_str(&s->games, end && end->winners ? store_pg_num(&winners, end->winners) : NULL, '\n');
}

static bool pending_add(PgStore *s, const StoreGame *game, int64_t id) {
  if (PN_VEC_RESERVE(s->pending, s->pending_cap, s->npending + 1) != 0)
    return false;
  char *key = strdup(game->key);
  if (key == NULL)
    return false;
  s->pending[s->npending++] =
      (PgPending){.khash = key_hash(key), .key = key, .id = id, .hash = game->end ? game->end->hash : 0};
  return true;
}

static bool known_add(PgStore *s, const char *key, int64_t id, uint64_t hash);

int store_pg_game_batch(PgStore *s, const StoreGame *game, int64_t *id, PnDiag *diag) {
  int rc = next_id(s, id, diag);
  if (rc != STORE_OK)
    return rc;
  PgNum id_text;
  store_pg_num(&id_text, *id);
  char *options = store_lines_join(game->options, game->noptions);
  char *tags = store_lines_join(game->tags, game->ntags);
  rc = STORE_ERROR;
  if (options == NULL || tags == NULL || !game_row(s, game, id_text.text, options, tags) ||
      !tags_rows(s, game, id_text.text) || !pending_add(s, game, *id) ||
      (s->known_state == 1 && !known_add(s, game->key, *id, game->end ? game->end->hash : 0))) {
    store_set_msg(diag, "out of memory");
    goto done;
  }
  s->games.rows++;
  rc = store_pg_seats_queue(s, game, *id, diag);
  if (rc == STORE_OK && s->games.rows >= PG_GAMES_FLUSH)
    rc = store_pg_flush_games(s, diag);
done:
  free(options);
  free(tags);
  return rc;
}

/* ------------------------------------------------------ the keys read */

/* Look-ups in a transaction before the keys are read in one query, and
 * the most keys read (more: one look-up per key, as before). */
enum { PG_KNOWN_AFTER = 256, PG_KNOWN_MAX = 1000000 };

void store_pg_known_forget(PgStore *s, int state) {
  for (size_t i = 0; i < s->nknown; i++)
    free(s->known[i].key);
  s->nknown = 0;
  if (s->slots != NULL)
    memset(s->slots, 0, s->nslots * sizeof *s->slots);
  s->known_state = state;
  if (state == 0)
    s->lookups = 0;
}

static void slot_put(PgStore *s, size_t index) {
  size_t i = (size_t)s->known[index].khash & (s->nslots - 1);
  while (s->slots[i] != 0)
    i = (i + 1) & (s->nslots - 1);
  s->slots[i] = index + 1;
}

/* key joins the keys read (copied); false when out of memory. */
static bool known_add(PgStore *s, const char *key, int64_t id, uint64_t hash) {
  if (PN_VEC_RESERVE(s->known, s->known_cap, s->nknown + 1) != 0)
    return false;
  if (2 * (s->nknown + 1) >= s->nslots) {
    size_t n = s->nslots ? s->nslots * 2 : 1024;
    size_t *slots = calloc(n, sizeof *slots);
    if (slots == NULL)
      return false;
    free(s->slots);
    s->slots = slots;
    s->nslots = n;
    for (size_t i = 0; i < s->nknown; i++)
      slot_put(s, i);
  }
  char *copy = strdup(key);
  if (copy == NULL)
    return false;
  s->known[s->nknown] = (PgPending){.khash = key_hash(key), .key = copy, .id = id, .hash = hash};
  slot_put(s, s->nknown++);
  return true;
}

/* Reads the keys stored (the games waiting sent first), unless more
 * than PG_KNOWN_MAX: then the state is -1. */
static int known_read(PgStore *s, PnDiag *diag) {
  int rc = store_pg_flush_games(s, diag);
  if (rc != STORE_OK)
    return rc;
  PgNum max;
  const char *values[1] = {store_pg_num(&max, PG_KNOWN_MAX + 1)};
  PGresult *res = store_pg_run(s, PG_KNOWN_READ, "SELECT key, id, hash FROM games LIMIT $1", 1, values, NULL, NULL,
                               false, "reading the game keys", &rc, diag);
  if (res == NULL)
    return rc;
  int n = PQntuples(res);
  s->known_state = n > PG_KNOWN_MAX ? -1 : 1;
  for (int i = 0; i < n && s->known_state == 1; i++)
    if (!known_add(s, PQgetvalue(res, i, 0), strtoll(PQgetvalue(res, i, 1), NULL, 10),
                   (uint64_t)strtoll(PQgetvalue(res, i, 2), NULL, 10))) {
      PQclear(res);
      store_set_msg(diag, "out of memory");
      return STORE_ERROR;
    }
  PQclear(res);
  if (s->known_state == -1)
    store_pg_known_forget(s, -1);
  return STORE_OK;
}

int store_pg_known_find(PgStore *s, const char *key, int64_t *id, uint64_t *hash, PnDiag *diag) {
  if (!s->in_tx || s->in_savepoint || s->known_state < 0)
    return 2;
  if (s->known_state == 0) {
    if (++s->lookups <= PG_KNOWN_AFTER)
      return 2;
    int rc = known_read(s, diag);
    if (rc != STORE_OK)
      return rc;
    if (s->known_state < 0)
      return 2;
  }
  if (s->nslots == 0) /* none stored */
    return 0;
  uint64_t h = key_hash(key);
  for (size_t i = (size_t)h & (s->nslots - 1); s->slots[i] != 0; i = (i + 1) & (s->nslots - 1)) {
    const PgPending *k = &s->known[s->slots[i] - 1];
    if (k->khash == h && strcmp(k->key, key) == 0) {
      *id = k->id;
      *hash = k->hash;
      return 1;
    }
  }
  return 0;
}
