/*
 * web_mhd.c - libmicrohttpd loaded on first use (web_mhd.h says why).
 */
#include <pthread.h>
#include <stdio.h>

#define WEB_MHD_LOADER /* the MHD names stay the library's own here */
#include "pn_dl.h"
#include "web_mhd.h"

/* Written once under load_once, read-only after: the only state here. */
static WebMhd mhd_table;
static char mhd_error[200];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
#define WEB_MHD_NAME(name) #name,
#define WEB_MHD_SLOT(name) &mhd_table.name,
  static const char *const names[] = {WEB_MHD_FUNCTIONS(WEB_MHD_NAME)};
  void *const slots[] = {WEB_MHD_FUNCTIONS(WEB_MHD_SLOT)};
#undef WEB_MHD_NAME
#undef WEB_MHD_SLOT
  /* libmicrohttpd.so.12: the soname of Debian 12's libmicrohttpd12 */
  pn_dl_load("libmicrohttpd.so.12", "libmicrohttpd12", names, slots, sizeof names / sizeof *names, mhd_error,
             sizeof mhd_error);
}

int web_mhd_load(PnDiag *diag) {
  pthread_once(&load_once, load);
  if (mhd_error[0]) {
    snprintf(diag->msg, sizeof diag->msg, "serve: %s", mhd_error);
    return -1;
  }
  return 0;
}

const WebMhd *web_mhd(void) { return &mhd_table; }
