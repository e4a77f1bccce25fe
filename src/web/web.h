/*
 * web.h - `pinochle serve`: the club's database in a browser.  One
 * libmicrohttpd daemon answers the pages of reports/report_html.h, their
 * assets (compiled in) and a JSON API (docs/WEB.md) from one database.
 *
 * Access (every request, in this order):
 *   0. the request itself: its target at most WEB_MAX_TARGET bytes (414),
 *      its request line and headers WEB_MAX_HEADER (431), one Host, not
 *      Content-Length with chunked encoding (400), all of it within
 *      WEB_HEADER_SECONDS of the connection opening or its last answer
 *      (the connection is closed otherwise: slow headers hold nothing).
 *   1. the Host header must name this server: localhost, 127.0.0.1, [::1],
 *      the machine's name, the listening address, or (listening on
 *      0.0.0.0) one of the machine's own addresses; with a port, this
 *      port.  Otherwise 403: a page of another site that a DNS name was
 *      rebound to this machine cannot read anything.
 *   2. the token: `Authorization: Bearer TOKEN`, the cookie set by a
 *      first `GET ...?token=TOKEN` (HttpOnly, SameSite=Strict; answered
 *      303 to the same URL without the token), or that query itself.
 *      Otherwise 401.
 *   3. a write (any method but GET and HEAD) needs the token in a header
 *      (Authorization or X-Pinochle-Token), not only the cookie, which a
 *      browser would send for another site's form too (CSRF).  Otherwise 403.
 * Bodies, header lines and connections are bounded (WEB_MAX_PER_ADDRESS
 * from one address, so one client cannot take every connection); every
 * error is JSON {"error": "..."} with a 4xx or 5xx status.
 *
 * Paths are routed as they came, split at '/' before each segment is
 * percent-decoded: a game key or name holding '/' is one segment, %2F.
 *
 * The server runs one thread of its own, which alone uses the Store and
 * runs libmicrohttpd's loop (epoll): the handlers need no lock, the
 * recorders of several tables take their turns, and idle connections
 * cost a socket each, not a thread.  Nothing here prints;
 * src/cli/cmd_serve.c does.
 */
#ifndef PN_WEB_H
#define PN_WEB_H

#include <stdbool.h>
#include <stddef.h>

#include "pinochle.h"
#include "pn_err.h"

#define WEB_DEFAULT_LISTEN "127.0.0.1:8080"
#define WEB_MAX_BODY (64 * 1024)      /* bytes of a request body */
#define WEB_MAX_LINE 1024             /* bytes of one recorder line */
#define WEB_MAX_CONNECTIONS 512       /* connections at once */
#define WEB_MAX_PER_ADDRESS 16        /* connections at once from one client address */
#define WEB_HEADER_SECONDS 5          /* to send a request's headers, from the connection or the last answer */
#define WEB_MAX_HEADER (16 * 1024)    /* request line and headers, together */
#define WEB_MAX_TARGET (8 * 1024)     /* the request's path and query */

typedef struct WebConfig {
  const char *db;         /* the database (created when a game is first recorded into it) */
  const char *listen;     /* "ADDR:PORT" (IPv4) or "[ADDR]:PORT" (IPv6); NULL: WEB_DEFAULT_LISTEN; port 0: any free one */
  const char *token;      /* NULL: 32 random hex digits */
  size_t max_body;        /* 0: WEB_MAX_BODY */
  unsigned max_connections; /* 0: WEB_MAX_CONNECTIONS */
  unsigned max_per_address; /* 0: WEB_MAX_PER_ADDRESS */
} WebConfig;

typedef struct WebServer WebServer;

/* Opens the database and starts answering.  Returns 0 with *out, or with
 * diag PN_ERR_USAGE (a bad --listen or token), PN_ERR_IO (no random
 * token, the port taken, out of memory) or the store's code. */
int web_start(const WebConfig *config, WebServer **out, PnDiag *diag);
/* Stops answering (waits for the request in hand), closes the database,
 * frees.  web_stop(NULL) is a no-op. */
void web_stop(WebServer *server);
/* The port listened on (the one chosen when the config said 0). */
unsigned web_port(const WebServer *server);
/* The token; borrowed until web_stop. */
const char *web_token(const WebServer *server);
/* "http://HOST:PORT/?token=TOKEN" to open first: web_url(server, 0) is
 * the listening address, or (listening on every address) the first of
 * the machine's own addresses other than loopback, then the others, then
 * the loopback one (tablets may not resolve the machine's name); NULL
 * past the last.  Borrowed until web_stop. */
const char *web_url(const WebServer *server, int i);
/* Whether other machines can reach the server (not only loopback): the
 * token then travels in clear over the network (plain HTTP). */
bool web_exposed(const WebServer *server);

#endif
