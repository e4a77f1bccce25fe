/*
 * cmd_copy.c - `pinochle copy SRC DST`: a whole database moved between
 * store backends (SQLite <-> PostgreSQL, or file to file), in one
 * transaction on DST, then read back and verified: the same games and
 * hands, and each game's content hash (codec.h: preset, options, players,
 * tags, each hand's events) the same on both sides.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "codec.h"
#include "pn_cleanup.h"
#include "store.h"

/* `pinochle copy`: its row of the command table (main.c lists it). */
const CliCommand cmd_copy_def = {
    .name = "copy",
    .run = cmd_copy,
    .usage = "pinochle copy SRC DST",
    .summary = "Copy a whole database to another, between SQLite and PostgreSQL",
    .help =
        "Copies every game of SRC (a file or a postgresql:// URI), with its\n"
        "players, tags and hands, into DST (a file or a URI; an empty pinochle\n"
        "database, created when it is a file that does not exist), in one\n"
        "transaction, then reads DST back and checks that it holds the same\n"
        "games and hands with the same content hashes.  Audit runs are not\n"
        "copied: run `pinochle audit DST` again.  Club nights (`pinochle night`)\n"
        "are copied with the games.\n"
        "\n"
        "Options:\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle copy club.db postgresql://club@db.example/pinochle\n"
        "  pinochle copy postgresql://club@db.example/pinochle backup.db\n"
        "\n"
        "Exit codes:\n"
        "  0  success: DST holds the same games, verified\n"
        "  2  usage error, DST not empty, or a database error (nothing is kept in\n"
        "     DST); or the copy read back differs from SRC (said so).  A DST file\n"
        "     the copy created is removed when it fails or is interrupted.\n",
};

static const struct option copy_options[] = {
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* The lines of an options or tags column, split (StoreGame wants an
 * array).  Owned by the struct. */
typedef struct Lines {
  int n;
  char **v;
} Lines;

static void lines_free(Lines *l) {
  for (int i = 0; i < l->n; i++)
    free(l->v[i]);
  free(l->v);
  l->n = 0;
  l->v = NULL;
}

/* Splits column text (store_lines_next); false when out of memory. */
static bool lines_split(Lines *l, const char *text) {
  lines_free(l);
  size_t len = strlen(text);
  char *buf = malloc(len + 1);
  l->v = calloc(len + 1, sizeof *l->v); /* at most one entry per byte */
  if (buf == NULL || l->v == NULL) {
    free(buf);
    return false;
  }
  const char *at = text;
  while (store_lines_next(&at, buf, len + 1)) {
    if ((l->v[l->n] = malloc(strlen(buf) + 1)) == NULL) {
      free(buf);
      return false;
    }
    strcpy(l->v[l->n++], buf);
  }
  free(buf);
  return true;
}

/* A game's content hash over its header (codec.h), from a cursor row. */
static uint64_t header_hash(const StoreRow *row, const Lines *options, const Lines *tags) {
  uint64_t h = codec_hash_text(CODEC_HASH_SEED, row->preset);
  for (int i = 0; i < options->n; i++)
    h = codec_hash_text(h, options->v[i]);
  for (int i = 0; i < row->nplayers; i++)
    h = codec_hash_text(h, row->players[i] ? row->players[i] : "");
  for (int i = 0; i < tags->n; i++)
    h = codec_hash_text(h, tags->v[i]);
  return h;
}

/* What a walk over a database adds up to: counts, and the games' content
 * hashes combined in game order. */
typedef struct Sums {
  long games, hands;
  uint64_t hash;
} Sums;

/* Walks db (every game and hand), copying into dst when dst is not NULL;
 * fills *sums.  Returns CLI_OK or CLI_USAGE with the message printed. */
static int walk(const CliCommand *self, Store *db, Store *dst, Sums *sums) {
  StoreCursor *cur = NULL;
  PnDiag diag = {0};
  Lines options = {0}, tags = {0};
  int rc = CLI_USAGE, got;
  int64_t dst_id = 0;
  uint64_t game_hash = 0;
  StoreGameEnd end = {0};
  *sums = (Sums){0};
  if (store_cursor_open(db, NULL, &cur, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    return CLI_USAGE;
  }
  StoreRow row;
  while ((got = store_cursor_next(cur, &row, &diag)) == 1) {
    if (row.new_game) {
      if (sums->games > 0) {
        sums->hash = codec_hash(sums->hash, &game_hash, sizeof game_hash);
        if (dst && store_game_update_end(dst, dst_id, &end, &diag) != STORE_OK)
          goto fail;
      }
      if (!lines_split(&options, row.options) || !lines_split(&tags, row.tags)) {
        cli_error(self, "out of memory");
        goto done;
      }
      game_hash = header_hash(&row, &options, &tags);
      sums->games++;
      int64_t src_id = 0;
      uint64_t stored_hash = 0;
      if (store_game_lookup(db, row.key, &src_id, &stored_hash, &diag) != 1)
        goto fail;
      end = (StoreGameEnd){.hands = 0, .finished = row.finished, .winner = row.winner, .hash = stored_hash,
                          .winners = row.winners};
      if (dst) {
        StoreGame g = {.key = row.key, .preset = row.preset, .noptions = options.n,
                       .options = (const char *const *)options.v, .nplayers = row.nplayers,
                       .ntags = tags.n, .tags = (const char *const *)tags.v, .end = NULL};
        for (int i = 0; i < row.nplayers; i++)
          g.players[i] = row.players[i];
        if (store_game_insert(dst, &g, &dst_id, &diag) != STORE_OK)
          goto fail;
      }
    }
    if (row.hand == 0)
      continue;
    sums->hands++;
    end.hands++;
    game_hash = codec_hash(game_hash, row.events, row.events_len);
    if (dst) {
      CodecResults res;
      StoreHand h = {.number = row.hand, .dealer = row.dealer, .events = row.events,
                     .events_len = row.events_len, .results = row.results, .results_len = row.results_len,
                     .trump = -1};
      if (row.results != NULL && codec_results_decode(row.results, row.results_len, &res) == 0) {
        h.bidder = res.result.bidder;
        h.bid = res.result.bid;
        h.trump = res.result.trump;
      }
      if (store_hand_insert(dst, dst_id, &h, &diag) != STORE_OK)
        goto fail;
    }
  }
  if (got < 0)
    goto fail;
  if (sums->games > 0) {
    sums->hash = codec_hash(sums->hash, &game_hash, sizeof game_hash);
    if (dst && store_game_update_end(dst, dst_id, &end, &diag) != STORE_OK)
      goto fail;
  }
  rc = CLI_OK;
  goto done;
fail:
  cli_error(self, "%s", diag.msg);
done:
  store_cursor_close(cur);
  lines_free(&options);
  lines_free(&tags);
  return rc;
}

/* Copies every club night of src into dst (store.h, nights); returns how
 * many, or < 0 with diag. */
static int copy_nights(Store *src, Store *dst, PnDiag *diag) {
  char *names = NULL;
  int n = store_night_names(src, &names, diag);
  for (char *name = n > 0 ? names : NULL, *next; name != NULL && n >= 0; name = next) {
    next = strchr(name, '\n');
    if (next) *next++ = '\0';
    StoreNight night;
    char *owned = NULL;
    int got = store_night_get(src, name, &night, &owned, diag);
    if (got == 1 && store_night_insert(dst, &night, diag) != STORE_OK) got = -1;
    if (got < 0) n = got;
    free(owned);
  }
  free(names);
  return n;
}

int cmd_copy(const CliCommand *self, int argc, char **argv) {
  int rc = CLI_USAGE, c;
  Store *src = NULL, *dst = NULL;
  PnDiag diag = {0};
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":h", copy_options)) != -1) {
    switch (c) {
    case 'h':
      cli_print_help(stdout, self);
      return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  if (argc - optind != 2)
    return cli_usage_error(self, argc - optind < 2 ? "missing SRC or DST" : "unexpected argument '%s'",
                           argv[optind + 2]);
  const char *from = argv[optind], *to = argv[optind + 1];
  char from_shown[256], to_shown[256]; /* a URI's password is never printed */
  store_name_shown(from, from_shown, sizeof from_shown);
  store_name_shown(to, to_shown, sizeof to_shown);
  /* A DST file this copy creates is kept only once the copy is verified:
   * removed (with its -wal, -shm, -journal) if it fails or is killed.  A
   * file that appeared at the name when DST was opened is one (nothing
   * appears for a URI); an existing DST is never removed. */
  bool absent = access(to, F_OK) != 0 && errno == ENOENT;
  int created = -1;
  if (store_open(from, STORE_READONLY | STORE_MUST_EXIST, &src, &diag) != STORE_OK ||
      store_open(to, STORE_CREATE_IF_STORED, &dst, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  if (absent && access(to, F_OK) == 0)
    created = pn_cleanup_add(to, PN_CLEANUP_DATABASE);
  /* DST must hold no game: a copy is the whole database, not a merge
   * (import merges event logs). */
  StoreCursor *probe = NULL;
  StoreRow row;
  int any = store_cursor_open(dst, NULL, &probe, &diag) == STORE_OK ? store_cursor_next(probe, &row, &diag) : -1;
  store_cursor_close(probe);
  if (any < 0) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  if (any > 0) {
    cli_error(self, "%s already holds games: copy into an empty database", to_shown);
    goto done;
  }
  Sums from_sums, to_sums;
  if (store_begin(dst, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  if (walk(self, src, dst, &from_sums) != CLI_OK) {
    store_rollback(dst);
    goto done;
  }
  int nights = copy_nights(src, dst, &diag);
  if (nights < 0) {
    cli_error(self, "%s", diag.msg);
    store_rollback(dst);
    goto done;
  }
  if (store_commit(dst, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  if (walk(self, dst, NULL, &to_sums) != CLI_OK)
    goto done;
  if (from_sums.games != to_sums.games || from_sums.hands != to_sums.hands || from_sums.hash != to_sums.hash) {
    cli_error(self, "%s: the copy differs from %s (%ld games, %ld hands, hash %016llx; read back %ld, %ld, %016llx)",
              to_shown, from_shown, from_sums.games, from_sums.hands, (unsigned long long)from_sums.hash,
              to_sums.games, to_sums.hands, (unsigned long long)to_sums.hash);
    goto done;
  }
  char *dst_names = NULL;
  int dst_nights = store_night_names(dst, &dst_names, &diag);
  free(dst_names);
  if (dst_nights != nights) {
    cli_error(self, "%s: %d club nights copied, %d read back", to_shown, nights, dst_nights);
    goto done;
  }
  fprintf(stderr, "pinochle: copy: %s -> %s: %ld games, %ld hands, content hash %016llx verified; club nights: %d\n",
          from_shown, to_shown, to_sums.games, to_sums.hands, (unsigned long long)to_sums.hash, nights);
  rc = CLI_OK;
done:
  store_close(src);
  store_close(dst);
  if (rc == CLI_OK)
    pn_cleanup_forget(created);
  else
    pn_cleanup_remove(created);
  return rc;
}
