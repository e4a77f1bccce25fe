/*
 * import.h - event-log files (EVENT-LOG.md) into the store: the pipeline
 * csv_reader (records) -> checks (keys, hand and seq order, header rows)
 * -> engine (pn_event_from_text, pn_game_apply) -> codec -> store.
 *
 * A row that could not have happened at a table is an error: the game is
 * invalid and none of it is stored.  A rule broken at the table (a
 * renege, a wrong claim) is a finding: the row is stored as it happened
 * and the finding counted.  Every error carries the file, the line where
 * the record starts and the field (game=1 ... value=7, 0 = the row or
 * unknown).
 *
 * Memory is bounded by one game (its encoded hands), not by the file.
 */
#ifndef PN_IMPORT_H
#define PN_IMPORT_H

#include <stdbool.h>

#include "csv_reader.h"
#include "pinochle.h"
#include "pn_err.h"
#include "store.h"

/* Return codes of import_file (0 = the file was imported): pn_err.h's
 * codes under the importer's names. */
enum {
  IMPORT_BAD_INPUT = PN_ERR_INPUT, /* an invalid game or a malformed file: nothing of the file stored */
  IMPORT_STORE = PN_ERR_IO         /* the database failed (I/O, busy, full) or memory ran out: nothing of the file stored */
};

/* What import_file tells its caller while it works (the CLI prints). */
typedef enum {
  IMPORT_NOTE_SKIPPED,   /* a game already stored with the same content */
  IMPORT_NOTE_REPLACED,  /* a game stored with other content, replaced (--replace) */
  IMPORT_NOTE_BAD_GAME   /* --keep-going: an invalid game, reported and not stored */
} ImportNote;

/* Counts, accumulated over the files of one run (zero it once).  A file
 * that fails adds only to files_failed. */
typedef struct ImportStats {
  long files;                        /* files imported (wholly, or all valid games) */
  long files_failed;                 /* files of which nothing was stored */
  long games_imported;               /* new games stored */
  long games_replaced;               /* games stored over other content (--replace) */
  long games_skipped;                /* games already stored, identical */
  long games_bad;                    /* invalid games not stored (--keep-going) */
  long hands;                        /* hands stored */
  long rows;                         /* data rows read */
  long findings;                     /* findings in the games stored */
  long by_kind[PN_FIND_KINDS];       /* the same by PnFindingKind */
} ImportStats;

/* diag is borrowed for the call.  For IMPORT_NOTE_BAD_GAME it is the
 * error; for the others file and line name the game's first row. */
typedef void ImportNoteFn(void *ctx, ImportNote note, const PnDiag *diag);
/* Called after each game and every few thousand rows (drawing at most a
 * few times a second is the caller's business); `file` is the name
 * diagnostics use, stats the totals so far (this file's included). */
typedef void ImportProgressFn(void *ctx, const char *file, const ImportStats *stats);

typedef struct ImportOptions {
  bool keep_going;                   /* store the valid games of a file with bad ones */
  bool replace;                      /* a key stored with other content: replace it */
  const char *name;                  /* file name in diagnostics; NULL: the path ("<stdin>" for "-") */
  ImportNoteFn *note;                /* may be NULL */
  ImportProgressFn *progress;        /* may be NULL */
  void *ctx;                         /* passed to both */
} ImportOptions;

/*
 * Imports one event-log file (path "-" is standard input) in one
 * transaction of its own.  Returns 0 when the file was imported: every
 * game stored, skipped as already there, or (keep_going) reported
 * through opts->note as invalid and left out (stats->games_bad counts
 * them).  Otherwise returns IMPORT_BAD_INPUT or IMPORT_STORE with diag
 * filled (diag->file is borrowed from opts->name or path) and the
 * transaction rolled back: nothing of the file is stored.
 *
 * Without keep_going the first error ends the import.  With it, a bad
 * game is reported and skipped; a malformed CSV (a quote left open, a NUL
 * byte) ends the reading: the games before it are kept, the game it hit
 * is reported as bad, and the rest of the file is not read (also counted
 * in games_bad as one).
 */
int import_file(Store *store, const char *path, const ImportOptions *opts, ImportStats *stats,
                PnDiag *diag);

/* import_file in two steps, so that a file's parsing starts before the
 * database is open (a new database's schema, a lock to wait for):
 * import_open opens path and starts parsing it; returns 0, or
 * IMPORT_BAD_INPUT with diag filled.  import_reader then imports what
 * import_open gave, as import_file does, and closes it. */
int import_open(const char *path, const ImportOptions *opts, CsvReader **out, PnDiag *diag);
int import_reader(Store *store, CsvReader *reader, const ImportOptions *opts, ImportStats *stats,
                  PnDiag *diag);

#endif
