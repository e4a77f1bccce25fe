/*
 * out_file.h - an output file that appears whole or not at all: the one
 * way every command writes -o FILE (sim, audit, export, report, analyze,
 * help --man).
 *
 * out_file_open writes into a temporary file beside the target (same
 * folder, so the rename is atomic; the target's mode when it exists,
 * else 0666 less the umask), registered with pn_cleanup so that a killed
 * command removes it.  out_file_commit flushes, syncs, closes and renames
 * it over the target; out_file_discard removes it.  Until the commit the
 * target is untouched: a failed command leaves an existing file as it
 * was and no partial one.  A target that exists and is not a regular
 * file (/dev/null, a pipe, a terminal) is written directly, as there is
 * nothing to replace; a symbolic link is followed (the file it names is
 * replaced, the link kept); a file the user may not write is refused, as
 * opening it for writing would be.  No path: standard output.
 *
 * Ownership: an OutFile is freed by out_file_commit or out_file_discard
 * (exactly one of them; discard(NULL) is a no-op).
 */
#ifndef PN_OUT_FILE_H
#define PN_OUT_FILE_H

#include <stdio.h>

#include "pinochle.h" /* PnDiag */
#include "pn_err.h"

typedef struct OutFile OutFile;

/* Refuses an output that is the database itself: the same file (by
 * device and inode, so a hard link or a symbolic link to it too) as db
 * or its -wal, -shm or -journal, or a path spelled as one of those.
 * Call before anything is opened.  Returns 0, or PN_ERR_USAGE with
 * "PATH is the database DB: ..." in diag.  path or db NULL: 0. */
int out_file_check_not_db(const char *path, const char *db, PnDiag *diag);

/* Opens the output for path (NULL: standard output), fully buffered.
 * Returns 0 with *out set, or PN_ERR_WRITE with "PATH: cannot write: why". */
int out_file_open(const char *path, OutFile **out, PnDiag *diag);
/* The stream to write to; borrowed until commit or discard. */
FILE *out_file_stream(OutFile *f);
/* Everything written so far has reached the file (flushed and synced)?
 * 0, or PN_ERR_WRITE with "PATH: write error: why" (standard output for
 * no path).  The file stays open: commit or discard it after. */
int out_file_finish(OutFile *f, PnDiag *diag);
/* out_file_finish, then the temporary file becomes the target.  Returns
 * 0, or PN_ERR_WRITE with the reason (then it was discarded).  Frees f. */
int out_file_commit(OutFile *f, PnDiag *diag);
/* Closes and removes the temporary file; the target is as it was.  For
 * standard output or a device, only flushes.  Frees f; NULL: no-op. */
void out_file_discard(OutFile *f);

#endif
