/*
 * pn_err.h - the application's one set of error codes.
 *
 * The convention, for every layer but src/rules (whose verdicts and
 * findings are data, not errors): a function that can fail returns int,
 * PN_OK (0) or a negative PnErr, and puts the words in the caller's
 * PnDiag.  A positive return is never an error: it is a count or a
 * "found" that the function's comment describes.
 *
 * The codes are one set so that they cannot collide: a code that travels
 * up (from the store through the importer or a report to the CLI or the
 * web server) means the same thing at every level, and a caller can tell
 * "no such game" from "the database failed" from "the file is invalid"
 * whichever module it came from.  A module that wants its own names for
 * the codes it returns (STORE_BUSY, IMPORT_BAD_INPUT, REPORT_NOT_FOUND)
 * defines them as aliases of these, never as new numbers, and documents
 * which of them it returns.  A new kind of failure that a caller must
 * treat differently gets a new code here.
 *
 * Callers compare codes by name, never by number; no message shows one.
 * Header only, no dependencies: any layer but the rules may include it.
 */
#ifndef PN_ERR_H
#define PN_ERR_H

typedef enum PnErr {
  PN_OK = 0,
  PN_ERR_IO = -1,        /* the system failed (the database, a file, memory, no such backend), or a
                            failure no caller treats apart from those: diag says which */
  PN_ERR_BUSY = -2,      /* the database is locked by another writer past the busy timeout */
  PN_ERR_NEWER = -3,     /* the database's schema is newer than this program */
  PN_ERR_NOT_OURS = -4,  /* the database is not a pinochle database */
  PN_ERR_CORRUPT = -5,   /* stored bytes that do not decode or replay (a damaged database) */
  PN_ERR_OLDER = -6,     /* opened read-only, the database's schema is older: open it read-write once */
  PN_ERR_INPUT = -8,     /* the input is invalid: a malformed file, an impossible game, a bad line */
  PN_ERR_WRITE = -9,     /* the output could not be written */
  PN_ERR_CONFLICT = -10, /* what was to be created exists already, or is in a state that refuses it */
  PN_ERR_NOT_FOUND = -16, /* what was asked for (a game, a hand, a player) is not in the database */
  PN_ERR_USAGE = -22      /* the arguments a caller passed on are wrong: diag says how */
} PnErr;

#endif
