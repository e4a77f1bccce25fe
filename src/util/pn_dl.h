/*
 * pn_dl.h - a shared library loaded when a feature first needs it, not
 * when pinochle starts.
 *
 * libpq (the PostgreSQL backend) and libmicrohttpd (`serve`) each pull in
 * a dozen or more libraries (TLS, Kerberos, LDAP...).  Linked normally
 * they cost every run of pinochle, --version included, about 6 ms of
 * start-up (8 ms against under 2).  Their users (store_pg_lib.c,
 * web_mhd.c) describe the library and a table of function pointers in a
 * PnDlLib, which pn_dl_need fills once.
 */
#ifndef PN_DL_H
#define PN_DL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct PnDlLib {
  const char *soname;        /* "libpq.so.5" */
  const char *package;       /* the Debian package that has it, for the message */
  const char *const *names;  /* the functions wanted, count of them */
  void *const *slots;        /* where each goes: a function pointer's address */
  size_t count;
  pthread_mutex_t lock;      /* PTHREAD_MUTEX_INITIALIZER */
  bool tried;                /* under lock: loading was tried */
  char why[200];             /* under lock: "" loaded, else why not */
} PnDlLib;

/* Loads lib the first time (from any thread; it then stays loaded for the
 * life of the process) and fills its slots.  NULL when every function is
 * there, else a one-line reason: what to install, or which symbol is
 * missing. */
const char *pn_dl_need(PnDlLib *lib);

#endif
