/*
 * out_file.c - an output file that appears whole or not at all
 * (out_file.h).
 */
#define _XOPEN_SOURCE 700 /* mkstemp, fchmod, fsync, realpath (XSI), pthread_sigmask */

#include "out_file.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pn_cleanup.h"

enum { BUFFER_SIZE = 1 << 16 }; /* rows are small: written in big blocks */

struct OutFile {
  FILE *fp;     /* the stream written */
  char *shown;  /* the name in messages: the path as given, or "standard output" */
  char *target; /* the file the commit replaces; NULL: written directly */
  char *temp;   /* the temporary file beside target; NULL: none */
  int slot;     /* temp's pn_cleanup slot, -1 none */
  char *buffer; /* fp's buffer, freed after fp is closed; NULL for standard output */
};

static char *copy(const char *s) {
  char *c = malloc(strlen(s) + 1);
  return c ? strcpy(c, s) : NULL;
}

static void set_msg(PnDiag *diag, const char *shown, const char *what, int err) {
  snprintf(diag->msg, sizeof diag->msg, "%s: %s%s%s", shown, what, err ? ": " : "", err ? strerror(err) : "");
}

/* Is path (when it exists) the file `other` names? */
static bool same_file(const struct stat *st, const char *other) {
  struct stat ot;
  return stat(other, &ot) == 0 && ot.st_dev == st->st_dev && ot.st_ino == st->st_ino;
}

int out_file_check_not_db(const char *path, const char *db, PnDiag *diag) {
  static const char *const suffixes[] = {"", "-wal", "-shm", "-journal"};
  if (!path || !db) return 0;
  struct stat st;
  bool exists = stat(path, &st) == 0;
  size_t len = strlen(db);
  for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
    char name[PATH_MAX + 16];
    if (len + strlen(suffixes[i]) >= sizeof name) continue;
    snprintf(name, sizeof name, "%s%s", db, suffixes[i]);
    if (strcmp(path, name) == 0 || (exists && same_file(&st, name))) {
      snprintf(diag->msg, sizeof diag->msg, "-o %s is the database %s%s: writing it would destroy it", path, db,
               suffixes[i][0] ? suffixes[i] : "");
      diag->msg[sizeof diag->msg - 1] = '\0';
      return PN_ERR_USAGE;
    }
  }
  return 0;
}

/* The mode a new file gets from open(..., 0666): the umask read back. */
static mode_t new_file_mode(void) {
  mode_t mask = umask(022);
  umask(mask);
  return 0666 & ~mask;
}

/* Creates f->temp beside f->target (registered with pn_cleanup, with the
 * signals that run it blocked meanwhile so no temporary file escapes it)
 * and opens f->fp on it.  Returns 0 or an errno. */
static int open_temp(OutFile *f, const struct stat *old) {
  size_t len = strlen(f->target);
  if (!(f->temp = malloc(len + sizeof ".tmp-XXXXXX"))) return ENOMEM;
  memcpy(f->temp, f->target, len);
  memcpy(f->temp + len, ".tmp-XXXXXX", sizeof ".tmp-XXXXXX");
  sigset_t fatal, before;
  sigemptyset(&fatal);
  sigaddset(&fatal, SIGINT);
  sigaddset(&fatal, SIGTERM);
  sigaddset(&fatal, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &fatal, &before);
  int fd = mkstemp(f->temp), err = fd < 0 ? errno : 0;
  if (fd >= 0) f->slot = pn_cleanup_add(f->temp, PN_CLEANUP_FILE);
  pthread_sigmask(SIG_SETMASK, &before, NULL);
  if (fd < 0) {
    free(f->temp);
    f->temp = NULL;
    return err;
  }
  if (fchmod(fd, old ? old->st_mode & 07777 : new_file_mode()) != 0 || !(f->fp = fdopen(fd, "w"))) {
    err = errno;
    close(fd);
    return err;
  }
  return 0;
}

/* Opens f for path: a temporary file beside a regular (or new) target,
 * the target itself when it is something else.  Returns 0 or an errno. */
static int open_path(OutFile *f, const char *path) {
  struct stat st;
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
    char *resolved = realpath(path, NULL); /* NULL: a dangling link, replaced itself */
    f->target = resolved ? resolved : copy(path);
  } else {
    f->target = copy(path);
  }
  if (!f->target) return ENOMEM;
  bool exists = stat(f->target, &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) { /* a device or a pipe: nothing to replace */
    free(f->target);
    f->target = NULL;
    return (f->fp = fopen(path, "w")) ? 0 : errno;
  }
  /* a file the user may not write stays protected: renaming over it
   * needs only the folder's permission */
  if (exists && access(f->target, W_OK) != 0) return errno;
  return open_temp(f, exists ? &st : NULL);
}

int out_file_open(const char *path, OutFile **out, PnDiag *diag) {
  *out = NULL;
  OutFile *f = calloc(1, sizeof *f);
  int err = f ? 0 : ENOMEM;
  if (f) {
    f->slot = -1;
    f->shown = copy(path ? path : "standard output");
    f->buffer = path ? malloc(BUFFER_SIZE) : NULL;
    err = !f->shown || (path && !f->buffer) ? ENOMEM : 0;
  }
  if (!err && path) err = open_path(f, path);
  else if (!err) f->fp = stdout;
  if (err) {
    set_msg(diag, path ? path : "standard output", "cannot write", err);
    out_file_discard(f);
    return PN_ERR_WRITE;
  }
  /* standard output keeps its buffer after f is gone: a static one */
  static char stdout_buffer[BUFFER_SIZE];
  setvbuf(f->fp, f->buffer ? f->buffer : stdout_buffer, _IOFBF, BUFFER_SIZE);
  *out = f;
  return 0;
}

FILE *out_file_stream(OutFile *f) { return f->fp; }

/* Why writing the temporary file failed, when stdio no longer knows (an
 * earlier flush failed and errno has moved on since): one more byte is
 * written to it (it is discarded anyway) and its error is the reason; a
 * file-size limit or a full disk says so again.  0 when it goes through. */
static int probe_error(OutFile *f) {
  if (!f->temp) return 0;
  return write(fileno(f->fp), "\n", 1) < 0 ? errno : 0;
}

int out_file_finish(OutFile *f, PnDiag *diag) {
  bool failed = ferror(f->fp) != 0;
  int err = 0;
  if (fflush(f->fp) != 0) {
    failed = true;
    err = errno;
  }
  if (failed && !err) err = probe_error(f);
  if (!failed && f->temp && fsync(fileno(f->fp)) != 0) {
    failed = true;
    err = errno;
  }
  if (!failed) return 0;
  set_msg(diag, f->shown, "write error", err);
  return PN_ERR_WRITE;
}

/* Frees f's memory (its stream closed or standard output); the
 * temporary file, if any, is the caller's to have renamed or removed. */
static void release(OutFile *f) {
  pn_cleanup_forget(f->slot);
  free(f->buffer);
  free(f->temp);
  free(f->target);
  free(f->shown);
  free(f);
}

int out_file_commit(OutFile *f, PnDiag *diag) {
  int rc = out_file_finish(f, diag);
  if (rc != 0) {
    out_file_discard(f);
    return rc;
  }
  int err = 0;
  if (f->fp != stdout && fclose(f->fp) != 0) err = errno;
  f->fp = NULL;
  if (!err && f->temp && rename(f->temp, f->target) != 0) err = errno;
  if (err) {
    set_msg(diag, f->shown, "write error", err);
    if (f->temp) unlink(f->temp);
    rc = PN_ERR_WRITE;
  }
  release(f);
  return rc;
}

void out_file_discard(OutFile *f) {
  if (!f) return;
  if (f->fp == stdout) fflush(stdout);
  else if (f->fp) fclose(f->fp);
  if (f->temp) unlink(f->temp);
  release(f);
}
