/*
 * pn_cleanup.c - files to remove when a command is killed (pn_cleanup.h).
 */
#define _POSIX_C_SOURCE 200809L /* fcntl locks, unlink */

#include "pn_cleanup.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

enum {
  SLOTS = 8,       /* an output's temporary file and a database, with room to spare */
  PATH_MAX_LEN = 4000 /* longer paths are not registered */
};

/* One registered path.  `armed` is set after the path is written and
 * cleared before the slot is reused, so a handler never reads half a path. */
typedef struct Slot {
  char path[PATH_MAX_LEN + sizeof "-journal"]; /* room for a suffix appended in place */
  PnCleanupKind kind;                          /* how to remove it */
  volatile sig_atomic_t armed;                 /* to remove */
} Slot;

static Slot slots[SLOTS];

int pn_cleanup_add(const char *path, PnCleanupKind kind) {
  size_t len = strlen(path);
  if (len > PATH_MAX_LEN) return -1;
  for (int i = 0; i < SLOTS; i++) {
    if (slots[i].armed) continue;
    memcpy(slots[i].path, path, len + 1);
    slots[i].kind = kind;
    slots[i].armed = 1;
    return i;
  }
  return -1;
}

void pn_cleanup_forget(int slot) {
  if (slot >= 0 && slot < SLOTS) slots[slot].armed = 0;
}

/* Does another process hold a lock on the database file?  Every SQLite
 * connection of another process to a WAL database keeps a shared lock on
 * the bytes after SQLite's pending byte (0x40000000 + 2, 510 of them)
 * while it is open; fcntl(F_GETLK) reports only other processes' locks,
 * not this one's.  Unsure (cannot open it): yes, keep it. */
static int used_elsewhere(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) return 1;
  struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0x40000000 + 2, .l_len = 510};
  int used = fcntl(fd, F_GETLK, &lock) != 0 || lock.l_type != F_UNLCK;
  close(fd);
  return used;
}

/* Unlinks path, then path with each of SQLite's suffixes (appended in the
 * slot's own room and cut off again: no library call but unlink). */
static void remove_database(char *path) {
  static const char *const suffixes[] = {"-wal", "-shm", "-journal"};
  size_t len = strlen(path);
  unlink(path);
  for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
    size_t n = strlen(suffixes[i]);
    memcpy(path + len, suffixes[i], n + 1);
    unlink(path);
    path[len] = '\0';
  }
}

void pn_cleanup_remove(int slot) {
  if (slot < 0 || slot >= SLOTS || !slots[slot].armed) return;
  slots[slot].armed = 0;
  if (slots[slot].kind == PN_CLEANUP_FILE) unlink(slots[slot].path);
  else if (!used_elsewhere(slots[slot].path)) remove_database(slots[slot].path);
}

void pn_cleanup_run(void) {
  for (int i = 0; i < SLOTS; i++) pn_cleanup_remove(i);
}
