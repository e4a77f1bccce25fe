/*
 * pn_cleanup.h - files a command is making, to remove if it is killed.
 *
 * A command registers the temporary file of an output it writes (see
 * src/writer/out_file.h) and a database file it has just created and not
 * yet committed to; the CLI's handler of SIGINT, SIGTERM and SIGHUP calls
 * pn_cleanup_run() and ends the process, so an interrupted command leaves
 * no partial file and no new empty database.  An existing database is
 * never registered: its interrupted transaction is rolled back by SQLite
 * at the next open, as after a crash.
 *
 * Registration happens on one thread at a time (the command's own);
 * pn_cleanup_run() is async-signal-safe: it only reads what registration
 * finished writing (the slot is armed last) and calls unlink(), open(),
 * fcntl() and close().
 */
#ifndef PN_CLEANUP_H
#define PN_CLEANUP_H

typedef enum PnCleanupKind {
  PN_CLEANUP_FILE,     /* a file: unlinked */
  PN_CLEANUP_DATABASE  /* an SQLite file with its -wal, -shm, -journal: unlinked
                          unless another process has it open (its lock) */
} PnCleanupKind;

/* Registers path (copied); returns a slot for pn_cleanup_forget, or -1
 * when the path is too long or every slot is taken (then nothing will be
 * removed for it: the caller goes on, as before this module). */
int pn_cleanup_add(const char *path, PnCleanupKind kind);
/* The path of slot is not to be removed any more (committed, or removed
 * by its owner); -1 is a no-op. */
void pn_cleanup_forget(int slot);
/* Removes the path of slot now, as pn_cleanup_run would, and forgets it
 * (a command that failed: its new database goes); -1 is a no-op. */
void pn_cleanup_remove(int slot);
/* Removes every registered path.  Async-signal-safe: for a signal handler. */
void pn_cleanup_run(void);

#endif
