/*
 * pn_dl.h - a shared library loaded when a feature first needs it, not
 * when pinochle starts.
 *
 * libpq (the PostgreSQL backend) and libmicrohttpd (`serve`) each pull in
 * a dozen or more libraries (TLS, Kerberos, LDAP...).  Linked normally
 * they cost every run of pinochle, --version included, about 6 ms of
 * start-up (8 ms against under 2; bench figures in the closing note of
 * issue 14).  Their users (store_pg_lib.h, web_mhd.h) keep a table of
 * function pointers that pn_dl_load fills once.
 */
#ifndef PN_DL_H
#define PN_DL_H

#include <stddef.h>

/* Opens SONAME (it stays loaded for the life of the process) and sets
 * *slots[i], a function pointer's address, to the symbol names[i], for
 * each of the count names.  0, or -1 with a one-line reason in why (what
 * to install, or which symbol is missing). */
int pn_dl_load(const char *soname, const char *package, const char *const names[], void *const slots[], size_t count,
               char *why, size_t why_size);

#endif
