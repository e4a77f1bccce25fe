/*
 * web_mhd.c - libmicrohttpd loaded on first use (web_mhd.h says why).
 */
#include <stdio.h>

#define WEB_MHD_LOADER /* the MHD names stay the library's own here */
#include "pn_dl.h"
#include "pn_err.h"
#include "web_mhd.h"

static WebMhd mhd_table; /* filled once by pn_dl_need, read-only after */

#define WEB_MHD_NAME(name) #name,
#define WEB_MHD_SLOT(name) &mhd_table.name,
static const char *const names[] = {WEB_MHD_FUNCTIONS(WEB_MHD_NAME)};
static void *const slots[] = {WEB_MHD_FUNCTIONS(WEB_MHD_SLOT)};

/* libmicrohttpd.so.12: the soname of Debian 12's libmicrohttpd12 */
static PnDlLib libmicrohttpd = {.soname = "libmicrohttpd.so.12", .package = "libmicrohttpd12", .names = names,
                                .slots = slots, .count = sizeof names / sizeof *names,
                                .lock = PTHREAD_MUTEX_INITIALIZER};

int web_mhd_load(PnDiag *diag) {
  const char *why = pn_dl_need(&libmicrohttpd);
  if (why) {
    snprintf(diag->msg, sizeof diag->msg, "serve: %.200s", why);
    return PN_ERR_IO;
  }
  return PN_OK;
}

const WebMhd *web_mhd(void) { return &mhd_table; }
