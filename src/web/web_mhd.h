/*
 * web_mhd.h - libmicrohttpd, loaded when `serve` starts instead of when
 * pinochle starts (private to src/web).
 *
 * libmicrohttpd brings in GnuTLS and its dozen libraries, which every
 * other command would load for nothing (pn_dl.h).  The server reaches it
 * through one table of function pointers filled once; the MHD names
 * below are macros over that table, so the server's code reads as plain
 * libmicrohttpd, and microhttpd.h still checks every call's types.
 *
 * web_mhd_load() must succeed before any MHD call (web_start calls it
 * first); it is safe to call from several threads.
 */
#ifndef PN_WEB_MHD_H
#define PN_WEB_MHD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <microhttpd.h>

#include "pinochle.h"

/* Every libmicrohttpd function the server calls: X(name). */
#define WEB_MHD_FUNCTIONS(X)                                                                                  \
  X(MHD_add_response_header) X(MHD_create_response_from_buffer) X(MHD_destroy_response) X(MHD_get_daemon_info) \
  X(MHD_get_connection_info) X(MHD_get_connection_values) X(MHD_lookup_connection_value) X(MHD_queue_response)  \
  X(MHD_run_wait) X(MHD_start_daemon) X(MHD_stop_daemon)

typedef struct WebMhd {
#define WEB_MHD_MEMBER(name) __typeof__(name) *name;
  WEB_MHD_FUNCTIONS(WEB_MHD_MEMBER)
#undef WEB_MHD_MEMBER
} WebMhd;

/* Loads libmicrohttpd once; PN_OK, or PN_ERR_IO with a message saying
 * what to install. */
int web_mhd_load(PnDiag *diag);

/* The loaded table; only after web_mhd_load succeeded. */
const WebMhd *web_mhd(void);

/* From here on, MHD_x(...) calls through the table (not in the loader,
 * which names the table's members). */
#ifndef WEB_MHD_LOADER
#define MHD_add_response_header (web_mhd()->MHD_add_response_header)
#define MHD_create_response_from_buffer (web_mhd()->MHD_create_response_from_buffer)
#define MHD_destroy_response (web_mhd()->MHD_destroy_response)
#define MHD_get_daemon_info (web_mhd()->MHD_get_daemon_info)
#define MHD_get_connection_info (web_mhd()->MHD_get_connection_info)
#define MHD_get_connection_values (web_mhd()->MHD_get_connection_values)
#define MHD_lookup_connection_value (web_mhd()->MHD_lookup_connection_value)
#define MHD_queue_response (web_mhd()->MHD_queue_response)
#define MHD_run_wait (web_mhd()->MHD_run_wait)
#define MHD_start_daemon (web_mhd()->MHD_start_daemon)
#define MHD_stop_daemon (web_mhd()->MHD_stop_daemon)
#endif

#endif
