/*
 * web.h - `pinochle serve`: the club's database in a browser.  One
 * libmicrohttpd daemon answers the pages of reports/report_html.h, their
 * assets (compiled in) and a JSON API (docs/WEB.md) from one database.
 *
 * Access (every request, in this order):
 *   1. the Host header must name this server: localhost, 127.0.0.1, [::1],
 *      the machine's name, the listening address, or (listening on
 *      0.0.0.0) one of the machine's own addresses; with a port, this
 *      port.  Otherwise 403: a page of another site that a DNS name was
 *      rebound to this machine cannot read anything.
 *   2. the token: `Authorization: Bearer TOKEN`, the cookie set by a
 *      first `?token=TOKEN` (HttpOnly, SameSite=Strict), or that query
 *      itself.  Otherwise 401.
 *   3. a write (any method but GET and HEAD) needs the token in a header
 *      (Authorization or X-Pinochle-Token), not only the cookie, which a
 *      browser would send for another site's form too (CSRF).  Otherwise 403.
 * Bodies, header lines and connections are bounded; every error is JSON
 * {"error": "..."} with a 4xx or 5xx status.
 *
 * The daemon runs one thread of its own, which alone uses the Store: the
 * handlers need no lock and the recorders of several tables take their
 * turns.  Nothing here prints; src/cli/cmd_serve.c does.
 */
#ifndef PN_WEB_H
#define PN_WEB_H

#include <stddef.h>

#include "pinochle.h"
#include "pn_err.h"

#define WEB_DEFAULT_LISTEN "127.0.0.1:8080"
#define WEB_MAX_BODY (64 * 1024)      /* bytes of a request body */
#define WEB_MAX_LINE 1024             /* bytes of one recorder line */
#define WEB_MAX_CONNECTIONS 64        /* connections at once */
#define WEB_MAX_HEADER (16 * 1024)    /* request line and headers, together */

typedef struct WebConfig {
  const char *db;         /* the database (created when a game is first recorded into it) */
  const char *listen;     /* "ADDR:PORT" (IPv4) or "[ADDR]:PORT" (IPv6); NULL: WEB_DEFAULT_LISTEN; port 0: any free one */
  const char *token;      /* NULL: 32 random hex digits */
  size_t max_body;        /* 0: WEB_MAX_BODY */
  unsigned max_connections; /* 0: WEB_MAX_CONNECTIONS */
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
/* "http://HOST:PORT/?token=TOKEN" to open first (HOST: 127.0.0.1, or the
 * machine's name when listening on every address); borrowed until web_stop. */
const char *web_url(const WebServer *server);

#endif
