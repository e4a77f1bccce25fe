/*
 * web.c - the daemon, access checks and routing of `pinochle serve`
 * (web.h).  HTTP itself is libmicrohttpd's: nothing here parses a request
 * line or a header.  The pages come from reports/report_html.h, the JSON
 * from the reports' own JSON, the recorder endpoints from web_record.c.
 */
#define _DEFAULT_SOURCE /* getifaddrs, gethostname, open_memstream */
#include "web.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <ifaddrs.h>
#include <jansson.h>
#include "web_mhd.h" /* libmicrohttpd, loaded when serve starts */
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "report_game.h"
#include "report_hand.h"
#include "report_hands.h"
#include "report_html.h"
#include "report_insights.h"
#include "report_night.h"
#include "pn_buf.h"
#include "report_players.h"
#include "report_ratings.h"
#include "codec.h"
#include "web_int.h"

#define WEB_COOKIE "pinochle_token"
#define MAX_HOSTS 64
#define MAX_URLS 8
/* libmicrohttpd's buffer for one connection: room for a request past
 * WEB_MAX_HEADER, so that this file, not the library, answers it (JSON). */
#define MHD_BUFFER (64 * 1024)

/* One connection, from its opening to its closing (on the server's thread). */
typedef struct WebConn {
  struct MHD_Connection *c;     /* libmicrohttpd's */
  struct timespec since;        /* opened, or its last request answered */
  bool waiting;                 /* no request's headers complete since `since` */
  bool cut;                     /* shut down for being too slow: the library closes it */
  struct WebConn *prev, *next;  /* WebServer.conns */
} WebConn;

struct WebServer {
  struct MHD_Daemon *daemon;
  Store *store;                  /* used by the server's thread only */
  char token[128];               /* the access token */
  char urls[MAX_URLS][400];      /* web_url */
  int nurls;                     /* in urls */
  bool exposed;                  /* web_exposed */
  unsigned port;                 /* bound */
  size_t max_body;               /* bytes */
  char hosts[MAX_HOSTS][80];     /* Host names accepted (lower case, no port) */
  int nhosts;                    /* in hosts */
  WebRecorders *recorders;       /* the tables recording (web_record.c) */
  WebConn *conns;                /* the connections open (server's thread) */
  pthread_t thread;              /* runs libmicrohttpd's loop */
  bool running;                  /* thread started */
  atomic_bool stop;              /* web_stop asks the thread to end */
};

/* One request in progress: its body as it arrives. */
typedef struct Request {
  char *raw;         /* the request target as sent (path and query, not decoded); malloc'd */
  bool started;      /* the access handler has been called (headers complete) */
  PnBuf body;        /* the bytes so far, NUL after them (pn_buf.h) */
  bool too_big;      /* the body passed max_body: the rest is dropped */
  bool checked;      /* access checks passed on the first call */
  bool header_token; /* the token came in a header (writes need it) */
  bool query_token;  /* the right token came in the query: the cookie and a 303 without it */
  struct timespec start; /* the headers arrived (Server-Timing counts from here) */
} Request;

/* ------------------------------------------------------------ answers */

/* Queues a response owning `body` (malloc'd, freed by MHD). */
static enum MHD_Result answer(struct MHD_Connection *c, WebServer *srv, Request *req, unsigned status, const char *type,
                              char *body, size_t len) {
  struct MHD_Response *r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
  if (!r) {
    free(body);
    return MHD_NO;
  }
  MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
  MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
  MHD_add_response_header(r, "X-Frame-Options", "DENY");
  MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
  MHD_add_response_header(r, "Cache-Control", "no-store");
  MHD_add_response_header(r, "Content-Security-Policy",
                          "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                          "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  if (req && req->query_token && srv) {
    char cookie[256];
    snprintf(cookie, sizeof cookie, WEB_COOKIE "=%s; Path=/; HttpOnly; SameSite=Strict", srv->token);
    MHD_add_response_header(r, MHD_HTTP_HEADER_SET_COOKIE, cookie);
  }
  if (req) { /* the time the server spent, for the browser's network panel and docs/WEB.md */
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double ms = (double)(now.tv_sec - req->start.tv_sec) * 1e3 + (double)(now.tv_nsec - req->start.tv_nsec) / 1e6;
    char timing[64];
    snprintf(timing, sizeof timing, "app;dur=%.2f", ms);
    MHD_add_response_header(r, "Server-Timing", timing);
  }
  if (status == MHD_HTTP_UNAUTHORIZED) MHD_add_response_header(r, MHD_HTTP_HEADER_WWW_AUTHENTICATE, "Bearer");
  enum MHD_Result ok = MHD_queue_response(c, status, r);
  MHD_destroy_response(r);
  return ok;
}

char *web_json_error_text(const char *message, size_t *len) {
  json_t *j = json_pack("{s:s}", "error", message);
  char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
  json_decref(j);
  if (!text) return NULL;
  size_t n = strlen(text);
  char *body = malloc(n + 2);
  if (body) {
    memcpy(body, text, n);
    body[n] = '\n';
    body[n + 1] = '\0';
    *len = n + 1;
  }
  free(text);
  return body;
}

static enum MHD_Result answer_error(struct MHD_Connection *c, WebServer *srv, Request *req, unsigned status,
                                    const char *message) {
  size_t len = 0;
  char *body = web_json_error_text(message, &len);
  if (!body) return MHD_NO;
  return answer(c, srv, req, status, "application/json", body, len);
}

/* 303 to req->raw without its token parameters, with the cookie: the
 * token leaves the address bar, the history and the Referer at once. */
static enum MHD_Result answer_without_token(struct MHD_Connection *c, WebServer *srv, Request *req) {
  size_t n = strlen(req->raw);
  char *location = malloc(n + 1);
  if (!location) return MHD_NO;
  const char *q = strchr(req->raw, '?');
  size_t at = q ? (size_t)(q - req->raw) : n;
  /* Only a path of this server: "//host", "/\\host" or "http://host/" would
   * send the browser elsewhere (an open redirect). */
  bool local = req->raw[0] == '/' && req->raw[1] != '/' && req->raw[1] != '\\';
  if (!local) at = 1;
  memcpy(location, local ? req->raw : "/", at);
  char sep = '?';
  for (const char *p = q ? q + 1 : ""; *p;) { /* keep every parameter but token */
    size_t len = strcspn(p, "&");
    bool token = strncmp(p, "token", 5) == 0 && (len == 5 || p[5] == '=');
    if (!token && len > 0) {
      location[at++] = sep;
      memcpy(location + at, p, len);
      at += len;
      sep = '&';
    }
    p += len + (p[len] == '&');
  }
  location[at] = '\0';
  size_t blen = 0;
  char *body = web_json_error_text("the token is kept in a cookie: see Location", &blen);
  struct MHD_Response *r = body ? MHD_create_response_from_buffer(blen, body, MHD_RESPMEM_MUST_FREE) : NULL;
  if (!r) {
    free(body);
    free(location);
    return MHD_NO;
  }
  char cookie[256];
  snprintf(cookie, sizeof cookie, WEB_COOKIE "=%s; Path=/; HttpOnly; SameSite=Strict", srv->token);
  MHD_add_response_header(r, MHD_HTTP_HEADER_SET_COOKIE, cookie);
  MHD_add_response_header(r, MHD_HTTP_HEADER_LOCATION, location);
  MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
  MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
  MHD_add_response_header(r, "Cache-Control", "no-store");
  free(location);
  enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_SEE_OTHER, r);
  MHD_destroy_response(r);
  return ok;
}

/* ------------------------------------------------------------- access */

/* Equal tokens, in time that does not depend on where they differ. */
static bool token_equal(const char *given, const char *token) {
  size_t a = strlen(given), b = strlen(token);
  unsigned char diff = (unsigned char)(a != b);
  for (size_t i = 0; i < b; i++) diff |= (unsigned char)(given[i < a ? i : 0] ^ token[i]);
  return diff == 0 && a == b;
}

static void host_add(WebServer *srv, const char *host) {
  if (srv->nhosts >= MAX_HOSTS || !host || !*host || strlen(host) >= sizeof srv->hosts[0]) return;
  char *h = srv->hosts[srv->nhosts++];
  for (size_t i = 0; host[i]; i++) h[i] = (char)tolower((unsigned char)host[i]);
  h[strlen(host)] = '\0';
}

/* The Host header names this server (web.h, step 1). */
static bool host_ok(const WebServer *srv, const char *host) {
  if (!host || !*host) return false;
  char name[128];
  size_t len = strlen(host);
  if (len >= sizeof name) return false;
  const char *colon = host[0] == '[' ? strstr(host, "]:") : strrchr(host, ':');
  if (colon && host[0] == '[') colon++;
  size_t n = colon ? (size_t)(colon - host) : len;
  if (colon) {
    char *end;
    unsigned long port = strtoul(colon + 1, &end, 10);
    if (*end || colon[1] == '\0' || port != srv->port) return false;
  }
  for (size_t i = 0; i < n; i++) name[i] = (char)tolower((unsigned char)host[i]);
  name[n] = '\0';
  for (int i = 0; i < srv->nhosts; i++)
    if (strcmp(srv->hosts[i], name) == 0) return true;
  return false;
}

/* What the first call learns of a request's headers. */
typedef struct HeaderScan {
  size_t bytes; /* names, values and their separators */
  int hosts;    /* Host headers */
  int lengths;  /* Content-Length headers */
  bool chunked; /* a Transfer-Encoding */
} HeaderScan;

static enum MHD_Result header_scan(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
  (void)kind;
  HeaderScan *h = cls;
  h->bytes += strlen(key) + (value ? strlen(value) : 0) + 4; /* ": " and CRLF */
  if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0) h->hosts++;
  if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0) h->lengths++;
  if (strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING) == 0) h->chunked = true;
  return MHD_YES;
}

/* Step 0 of web.h: the request's size and framing.  Two Host headers
 * could name two servers, and two lengths or a length beside chunked
 * encoding two bodies (request smuggling behind a proxy): none is
 * guessed at. */
static bool request_ok(struct MHD_Connection *c, WebServer *srv, const Request *req, enum MHD_Result *result) {
  HeaderScan h = {0};
  MHD_get_connection_values(c, MHD_HEADER_KIND, header_scan, &h);
  size_t target = strlen(req->raw);
  unsigned status = MHD_HTTP_BAD_REQUEST;
  const char *why = NULL;
  if (target > WEB_MAX_TARGET) status = MHD_HTTP_URI_TOO_LONG, why = "the path and query are too long (8 KiB at most)";
  else if (target + h.bytes > WEB_MAX_HEADER)
    status = MHD_HTTP_REQUEST_HEADER_FIELDS_TOO_LARGE, why = "the request's headers are too large (16 KiB at most)";
  else if (h.hosts > 1) why = "a request has one Host header";
  else if (h.lengths > 1) why = "a request has one Content-Length";
  else if (h.lengths && h.chunked) why = "a request has a Content-Length or chunked encoding, not both";
  if (!why) return true;
  *result = answer_error(c, srv, NULL, status, why);
  return false;
}

/* Steps 1 to 3 of web.h; answers and returns false when refused. */
static bool access_ok(struct MHD_Connection *c, WebServer *srv, Request *req, const char *method,
                      enum MHD_Result *result) {
  const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
  if (!host_ok(srv, host)) {
    *result = answer_error(c, srv, NULL, MHD_HTTP_FORBIDDEN, "this server answers only to its own host name");
    return false;
  }
  const char *auth = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
  const char *header = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Pinochle-Token");
  const char *cookie = MHD_lookup_connection_value(c, MHD_COOKIE_KIND, WEB_COOKIE);
  const char *query = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
  bool ok = false;
  if (auth && strncasecmp(auth, "Bearer ", 7) == 0 && token_equal(auth + 7, srv->token)) ok = req->header_token = true;
  if (header && token_equal(header, srv->token)) ok = req->header_token = true;
  if (!ok && cookie && token_equal(cookie, srv->token)) ok = true;
  if (query && token_equal(query, srv->token)) ok = req->query_token = true;
  if (!ok) {
    *result = answer_error(c, srv, NULL, MHD_HTTP_UNAUTHORIZED,
                           "a token is needed: open the URL `pinochle serve` printed, or send Authorization: Bearer TOKEN");
    return false;
  }
  bool write = strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0;
  if (write && !req->header_token) {
    *result = answer_error(c, srv, NULL, MHD_HTTP_FORBIDDEN,
                           "a write needs the token in a header (Authorization: Bearer or X-Pinochle-Token), not only the cookie");
    return false;
  }
  return true;
}

/* ------------------------------------------------------------- routes */

/* A report written into memory. */
typedef struct Page {
  char *buf;
  size_t len;
  FILE *f;
} Page;

static bool page_open(Page *p) {
  p->buf = NULL;
  p->len = 0;
  p->f = open_memstream(&p->buf, &p->len);
  return p->f != NULL;
}

/* Answers what a report wrote, or the error it returned. */
static enum MHD_Result page_answer(struct MHD_Connection *c, WebServer *srv, Request *req, Page *p, int rc,
                                   const char *type, const PnDiag *diag) {
  if (fclose(p->f) != 0 && rc == 0) rc = REPORT_ERROR;
  if (rc == 0) return answer(c, srv, req, MHD_HTTP_OK, type, p->buf, p->len);
  free(p->buf);
  if (rc == REPORT_NOT_FOUND) return answer_error(c, srv, req, MHD_HTTP_NOT_FOUND, diag->msg);
  return answer_error(c, srv, req, MHD_HTTP_INTERNAL_SERVER_ERROR, diag->msg[0] ? diag->msg : "the report failed");
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Decodes the %XX of one path segment in place; false for a broken
 * escape or a NUL, which no name or key holds. */
static bool segment_decode(char *seg) {
  char *w = seg;
  for (const char *r = seg; *r; r++) {
    if (*r != '%') {
      *w++ = *r;
      continue;
    }
    int hi = hex_digit(r[1]), lo = hi < 0 ? -1 : hex_digit(r[2]);
    if (lo < 0 || (hi == 0 && lo == 0)) return false;
    *w++ = (char)(hi * 16 + lo);
    r += 2;
  }
  *w = '\0';
  return true;
}

/* Splits the raw path ("/a/b%2Fc", no query) at its slashes, then
 * decodes each segment, so an encoded slash stays inside its segment.
 * Returns how many (at most max), -1 when there are more, or an empty or
 * dot segment (no path tricks: 404), -2 for a bad escape or a NUL (400). */
static int split_path(char *path, char **seg, int max) {
  int n = 0;
  if (path[0] != '/') return -1;
  if (path[1] == '\0') return 0;
  for (char *p = path + 1;;) {
    char *slash = strchr(p, '/');
    if (slash) *slash = '\0';
    if (n == max) return -1;
    if (!segment_decode(p)) return -2;
    if (!*p || strcmp(p, ".") == 0 || strcmp(p, "..") == 0) return -1;
    seg[n++] = p;
    if (!slash) break;
    p = slash + 1;
  }
  return n;
}

/* A hand number in a path: 1..100000, digits only. */
static int hand_number(const char *s) {
  long v = 0;
  if (!*s || strlen(s) > 6) return 0;
  for (const char *p = s; *p; p++) {
    if (*p < '0' || *p > '9') return 0;
    v = v * 10 + (*p - '0');
  }
  return v >= 1 && v <= 100000 ? (int)v : 0;
}

/* A date argument: a calendar date YYYY-MM-DD (codec's, as report
 * --since takes), or empty (none). */
static bool date_ok(const char *s) { return !s || !*s || codec_date_valid(s); }

/* The filters of `/`, `/players` and their JSON; false after answering 400. */
static bool query_of(struct MHD_Connection *c, WebServer *srv, Request *req, ReportQuery *q, const char **player,
                     enum MHD_Result *result) {
  memset(q, 0, sizeof *q);
  const char *variant = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "variant");
  q->since = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "since");
  q->until = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "until");
  if (player) *player = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "player");
  if (variant && *variant) {
    PnRules rules;
    if (pn_rules_preset(&rules, variant) != 0) {
      *result = answer_error(c, srv, req, MHD_HTTP_BAD_REQUEST, "unknown variant (`pinochle rules` lists them)");
      return false;
    }
    q->variant = variant;
  }
  if (!date_ok(q->since) || !date_ok(q->until)) {
    *result = answer_error(c, srv, req, MHD_HTTP_BAD_REQUEST, "since and until take a date YYYY-MM-DD");
    return false;
  }
  if (q->since && !*q->since) q->since = NULL;
  if (q->until && !*q->until) q->until = NULL;
  return true;
}

/* GET /api/players/NAME: the player's rows of the players report (one
 * per preset) and their rows of the hands report, both read with the
 * store's filter on the player. */
static int player_json(Store *store, const char *name, FILE *out, PnDiag *diag) {
  ReportPlayers r;
  ReportTable *players = NULL, *pairs = NULL;
  int rc = report_players_of(store, name, &r, diag);
  if (rc != 0) goto done;
  if (report_players_tables(&r, &players, &pairs) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = REPORT_ERROR;
    goto done;
  }
  fputs("{\n  \"name\": ", out);
  report_json_value(out, REPORT_STR, name);
  fputs(",\n  \"players\": ", out);
  report_table_json(players, out, "  ");
  fputs(",\n  \"hands\": ", out);
  ReportQuery q = {.player = name};
  if ((rc = report_hands(store, &q, OUT_JSON, out, NULL, diag)) == 0) fputs("}\n", out);
done:
  report_table_free(players);
  report_table_free(pairs);
  report_players_free(&r);
  return rc;
}

static const char TYPE_HTML[] = "text/html; charset=utf-8", TYPE_JSON[] = "application/json";

/* The reports' pages (HTML) and their JSON (api: under /api/): seg[0..n)
 * is the path.  An unknown path is 404, a bad filter 400. */
static enum MHD_Result route_page(struct MHD_Connection *c, WebServer *srv, Request *req, char **seg, int n, bool api,
                                  const ReportHtml *html) {
  ReportQuery q;
  const char *player = NULL;
  PnDiag diag = {0};
  Page p;
  enum MHD_Result result;
  if (!page_open(&p)) return MHD_NO;
  int rc = REPORT_NOT_FOUND;
  const char *type = api ? TYPE_JSON : TYPE_HTML;
  int at = api ? 1 : 0; /* the page's segments start here */
  int left = n - at;
  snprintf(diag.msg, sizeof diag.msg, "no such page");
  if (left == 0 && !api) {
    if (!query_of(c, srv, req, &q, &player, &result)) goto refused;
    rc = report_html_games(srv->store, html, &q, player, p.f, &diag);
  } else if (left >= 1 && strcmp(seg[at], "games") == 0) {
    if (left == 1 && api) {
      if (!query_of(c, srv, req, &q, &player, &result)) goto refused;
      rc = report_games_json(srv->store, &q, player, p.f, &diag);
    } else if (left == 2) {
      if (api) rc = report_game(srv->store, seg[at + 1], OUT_JSON, p.f, &diag);
      else rc = report_html_game(srv->store, html, seg[at + 1], p.f, &diag);
    } else if (left == 4 && strcmp(seg[at + 2], "hands") == 0) {
      int number = hand_number(seg[at + 3]);
      if (!number) snprintf(diag.msg, sizeof diag.msg, "a hand number is a whole number from 1");
      else if (api) rc = report_hand(srv->store, seg[at + 1], number, OUT_JSON, p.f, &diag);
      else rc = report_html_hand(srv->store, html, seg[at + 1], number, p.f, &diag);
    }
  } else if (left >= 1 && strcmp(seg[at], "players") == 0) {
    if (left == 1) {
      if (!query_of(c, srv, req, &q, NULL, &result)) goto refused;
      if (api) rc = report_players(srv->store, &q, OUT_JSON, p.f, NULL, &diag);
      else rc = report_html_players(srv->store, html, &q, p.f, &diag);
    } else if (left == 2) {
      if (api) rc = player_json(srv->store, seg[at + 1], p.f, &diag);
      else rc = report_html_player(srv->store, html, seg[at + 1], p.f, &diag);
    }
  } else if (left <= 2 && left >= 1 && strcmp(seg[at], "nights") == 0) {
    const char *view = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "view");
    if (left == 1) rc = report_nights(srv->store, api ? NULL : html, p.f, &diag);
    else if (api) rc = report_night_live(srv->store, seg[at + 1], p.f, &diag);
    else rc = report_html_night(srv->store, html, seg[at + 1], view && strcmp(view, "tv") == 0, p.f, &diag);
  } else if (left == 1 && strcmp(seg[at], "ratings") == 0) {
    if (!query_of(c, srv, req, &q, NULL, &result)) goto refused;
    if (api) rc = report_ratings(srv->store, &q, OUT_JSON, p.f, &diag);
    else rc = report_html_ratings(srv->store, html, &q, p.f, &diag);
  } else if (left == 1 && strcmp(seg[at], "insights") == 0) {
    if (!query_of(c, srv, req, &q, &player, &result)) goto refused;
    if (player && !*player) player = NULL;
    if (api) rc = report_insights(srv->store, &q, player, OUT_JSON, p.f, &diag);
    else rc = report_html_insights(srv->store, html, &q, player, p.f, &diag);
  }
  return page_answer(c, srv, req, &p, rc, type, &diag);
refused:
  fclose(p.f);
  free(p.buf);
  return result;
}

static enum MHD_Result route(struct MHD_Connection *c, WebServer *srv, Request *req, const char *method) {
  char path[WEB_MAX_TARGET + 1]; /* request_ok bounded it */
  char *seg[6];
  snprintf(path, sizeof path, "%.*s", (int)strcspn(req->raw, "?"), req->raw);
  int n = split_path(path, seg, 6);
  if (n == -2) return answer_error(c, srv, req, MHD_HTTP_BAD_REQUEST, "a bad %-escape or a NUL in the path");
  if (n < 0) return answer_error(c, srv, req, MHD_HTTP_NOT_FOUND, "no such page");
  bool get = strcmp(method, MHD_HTTP_METHOD_GET) == 0 || strcmp(method, MHD_HTTP_METHOD_HEAD) == 0;
  bool post = strcmp(method, MHD_HTTP_METHOD_POST) == 0;
  ReportHtml html = {.served = true, .token = NULL}; /* the token goes only into the recorder's page, whose script writes */
  PnDiag diag = {0};
  Page p;

  /* Writes (web_record.c). */
  bool api = n >= 1 && strcmp(seg[0], "api") == 0;
  bool hand_lines = get && n == 6 && strcmp(seg[3], "hands") == 0 && strcmp(seg[5], "lines") == 0;
  if (api && n >= 2 && strcmp(seg[1], "games") == 0 && (post || (get && n == 3) || hand_lines)) {
    if (req->too_big) return answer_error(c, srv, req, MHD_HTTP_CONTENT_TOO_LARGE, "the request body is too large");
    unsigned status = 0;
    size_t len = 0;
    char *body = NULL;
    size_t body_len = req->body.len ? req->body.len - 1 : 0; /* without the NUL */
    if (web_record_api(srv->recorders, srv->store, method, n - 2, seg + 2, (const char *)req->body.data, body_len,
                       &status, &body, &len))
      return body ? answer(c, srv, req, status, TYPE_JSON, body, len) : MHD_NO;
  }
  if (!get) return answer_error(c, srv, req, MHD_HTTP_METHOD_NOT_ALLOWED, "this method is not allowed here");

  if (n == 1 && strcmp(seg[0], "favicon.ico") == 0) {
    size_t len = 0;
    char *icon = web_favicon(&len);
    return icon ? answer(c, srv, req, MHD_HTTP_OK, "image/x-icon", icon, len) : MHD_NO;
  }
  if (n == 2 && strcmp(seg[0], "assets") == 0) {
    const ReportAsset *a = report_asset_find(seg[1]);
    if (!a) return answer_error(c, srv, req, MHD_HTTP_NOT_FOUND, "no such asset");
    char *copy = malloc(a->len + 1);
    if (!copy) return MHD_NO;
    memcpy(copy, a->data, a->len);
    return answer(c, srv, req, MHD_HTTP_OK, a->type, copy, a->len);
  }
  if (n == 1 && strcmp(seg[0], "record") == 0) {
    if (!page_open(&p)) return MHD_NO;
    html.token = srv->token;
    web_record_page(&html, p.f);
    return page_answer(c, srv, req, &p, 0, TYPE_HTML, &diag);
  }
  if (n == 5 && strcmp(seg[0], "games") == 0 && strcmp(seg[2], "hands") == 0 && strcmp(seg[4], "edit") == 0) {
    int number = hand_number(seg[3]);
    if (!number) return answer_error(c, srv, req, MHD_HTTP_NOT_FOUND, "a hand number is a whole number from 1");
    if (!page_open(&p)) return MHD_NO;
    html.token = srv->token; /* its script writes */
    int rc = web_record_edit_page(&html, srv->store, seg[1], number, p.f, &diag);
    return page_answer(c, srv, req, &p, rc == 0 || rc == PN_ERR_NOT_FOUND ? rc : REPORT_ERROR, TYPE_HTML, &diag);
  }
  return route_page(c, srv, req, seg, n, api, &html);
}

/* ------------------------------------------------------------- daemon */

/* The connection's WebConn, or NULL (untracked: out of memory). */
static WebConn *conn_of(struct MHD_Connection *c) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info ? info->socket_context : NULL;
}

/* A connection opens or closes: kept in srv->conns while open, so that
 * conns_cut finds the slow ones. */
static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe) {
  WebServer *srv = cls;
  WebConn *k = *socket_context;
  if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
    if (!(k = calloc(1, sizeof *k))) return; /* untracked: the library's idle timeout still ends it */
    k->c = c;
    k->waiting = true;
    clock_gettime(CLOCK_MONOTONIC, &k->since);
    k->next = srv->conns;
    if (srv->conns) srv->conns->prev = k;
    srv->conns = k;
    *socket_context = k;
  } else if (k) {
    if (k->prev) k->prev->next = k->next;
    else srv->conns = k->next;
    if (k->next) k->next->prev = k->prev;
    free(k);
    *socket_context = NULL;
  }
}

/* Shuts down every connection that has been waiting for a request's
 * headers longer than WEB_HEADER_SECONDS: a client sending nothing, or a
 * byte a second, holds a socket for that long and no more.  The library
 * then reads the end of the stream and closes the connection itself. */
static void conns_cut(WebServer *srv) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  for (WebConn *k = srv->conns; k; k = k->next) {
    long ms = (long)(now.tv_sec - k->since.tv_sec) * 1000 + (now.tv_nsec - k->since.tv_nsec) / 1000000;
    if (!k->waiting || k->cut || ms < WEB_HEADER_SECONDS * 1000L) continue;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(k->c, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (info) shutdown(info->connect_fd, SHUT_RDWR);
    k->cut = true;
  }
}

/* The server's one thread: libmicrohttpd's loop, and the cut of slow
 * connections at least every quarter second. */
static void *serve_loop(void *arg) {
  WebServer *srv = arg;
  while (!atomic_load(&srv->stop)) {
    MHD_run_wait(srv->daemon, 250);
    conns_cut(srv);
  }
  return NULL;
}

/* A request line has arrived: the Request starts, with the target as
 * sent (the access handler's url is decoded already, %2F and all). */
static void *on_uri(void *cls, const char *uri, struct MHD_Connection *c) {
  (void)cls;
  (void)c;
  Request *req = calloc(1, sizeof *req);
  if (req && !(req->raw = strdup(uri))) {
    free(req);
    req = NULL;
  }
  return req;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **con_cls) {
  (void)version;
  (void)url; /* decoded: routing reads req->raw */
  WebServer *srv = cls;
  Request *req = *con_cls;
  enum MHD_Result result;
  if (!req) return MHD_NO; /* on_uri ran out of memory */
  if (!req->started) { /* the first call: headers only */
    req->started = true;
    WebConn *k = conn_of(c);
    if (k) k->waiting = false;
    clock_gettime(CLOCK_MONOTONIC, &req->start);
    if (!request_ok(c, srv, req, &result)) return result;
    if (!access_ok(c, srv, req, method, &result)) return result;
    req->checked = true;
    bool get = strcmp(method, MHD_HTTP_METHOD_GET) == 0 || strcmp(method, MHD_HTTP_METHOD_HEAD) == 0;
    if (req->query_token && get) return answer_without_token(c, srv, req);
    const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (length && strtoull(length, NULL, 10) > srv->max_body)
      return answer_error(c, srv, req, MHD_HTTP_CONTENT_TOO_LARGE, "the request body is too large");
    return MHD_YES;
  }
  if (!req->checked) return MHD_NO;
  if (*upload_size > 0) { /* a piece of the body */
    size_t piece = *upload_size;
    *upload_size = 0;
    if (req->too_big || req->body.len + piece > srv->max_body) {
      req->too_big = true;
      return MHD_YES;
    }
    if (req->body.len > 0) req->body.len--; /* drop the NUL; append it again after the piece */
    if (pn_buf_append(&req->body, upload, piece, NULL) != 0 || pn_buf_append(&req->body, "", 1, NULL) != 0)
      return MHD_NO;
    return MHD_YES;
  }
  if (req->too_big) return answer_error(c, srv, req, MHD_HTTP_CONTENT_TOO_LARGE, "the request body is too large");
  return route(c, srv, req, method);
}

/* A request is over: the next one's headers are awaited from now. */
static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode code) {
  (void)cls;
  (void)code;
  Request *req = *con_cls;
  if (req) {
    pn_buf_free(&req->body);
    free(req->raw);
    free(req);
    *con_cls = NULL;
  }
  WebConn *k = conn_of(c);
  if (k) {
    k->waiting = true;
    clock_gettime(CLOCK_MONOTONIC, &k->since);
  }
}

static void no_log(void *cls, const char *fmt, va_list ap) {
  (void)cls;
  (void)fmt;
  (void)ap;
}

/* Where serve listens: --listen's "ADDR:PORT" (IPv4) or "[ADDR]:PORT"
 * (IPv6). */
typedef struct Listen {
  struct sockaddr_storage sa;
  unsigned port;  /* as given: 0 = any free one */
  bool v6;
  bool any;       /* 0.0.0.0 or [::]: every address of the machine */
  char host[72];  /* the address as a Host header or a URL names it: 10.0.0.5, [::1] */
} Listen;

/* false when `text` is not an address and a port. */
static bool parse_listen(const char *text, Listen *l) {
  memset(l, 0, sizeof *l);
  l->v6 = text[0] == '[';
  const char *start = l->v6 ? text + 1 : text;
  const char *colon = l->v6 ? strstr(text, "]:") : strrchr(text, ':');
  if (!colon) return false;
  size_t n = (size_t)(colon - start);
  if (l->v6) colon++;
  char addr[64];
  if (n == 0 || n >= sizeof addr) return false;
  memcpy(addr, start, n);
  addr[n] = '\0';
  char *end;
  errno = 0;
  unsigned long port = strtoul(colon + 1, &end, 10);
  if (!colon[1] || *end || errno || port > 65535) return false;
  l->port = (unsigned)port;
  char canon[INET6_ADDRSTRLEN];
  if (l->v6) {
    struct sockaddr_in6 *sa = (struct sockaddr_in6 *)&l->sa;
    sa->sin6_family = AF_INET6;
    sa->sin6_port = htons((uint16_t)port);
    if (inet_pton(AF_INET6, addr, &sa->sin6_addr) != 1) return false;
    l->any = IN6_IS_ADDR_UNSPECIFIED(&sa->sin6_addr);
    inet_ntop(AF_INET6, &sa->sin6_addr, canon, sizeof canon); /* lower case, shortest: as a Host header has it */
    snprintf(l->host, sizeof l->host, "[%s]", canon);
  } else {
    struct sockaddr_in *sa = (struct sockaddr_in *)&l->sa;
    sa->sin_family = AF_INET;
    sa->sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, addr, &sa->sin_addr) != 1) return false;
    l->any = sa->sin_addr.s_addr == htonl(INADDR_ANY);
    snprintf(l->host, sizeof l->host, "%s", addr);
  }
  return true;
}

/* One more URL to open (web_url), host as a Host header names it. */
static void url_add(WebServer *srv, const char *host) {
  if (srv->nurls < MAX_URLS)
    snprintf(srv->urls[srv->nurls++], sizeof srv->urls[0], "http://%s:%u/?token=%s", host, srv->port, srv->token);
}

/* Listening on every address: each address of the machine's interfaces
 * (IPv6 ones too when listening on [::], which takes IPv4 as well) is
 * a Host the server answers to, and each but loopback (and IPv6
 * link-local, which needs a zone) a URL a tablet can open. */
static void host_add_interfaces(WebServer *srv, bool v6) {
  struct ifaddrs *ifs = NULL;
  if (getifaddrs(&ifs) != 0) return;
  for (struct ifaddrs *i = ifs; i; i = i->ifa_next) {
    char text[INET6_ADDRSTRLEN], host[INET6_ADDRSTRLEN + 2];
    if (!i->ifa_addr) continue;
    if (i->ifa_addr->sa_family == AF_INET) {
      const struct in_addr *a = &((struct sockaddr_in *)(void *)i->ifa_addr)->sin_addr;
      if (!inet_ntop(AF_INET, a, text, sizeof text)) continue;
      host_add(srv, text);
      if ((ntohl(a->s_addr) >> 24) != 127) url_add(srv, text);
    }
    if (v6 && i->ifa_addr->sa_family == AF_INET6) {
      const struct in6_addr *a = &((struct sockaddr_in6 *)(void *)i->ifa_addr)->sin6_addr;
      if (!inet_ntop(AF_INET6, a, text, sizeof text)) continue;
      snprintf(host, sizeof host, "[%s]", text);
      host_add(srv, host);
      if (!IN6_IS_ADDR_LOOPBACK(a) && !IN6_IS_ADDR_LINKLOCAL(a) && !IN6_IS_ADDR_V4MAPPED(a)) url_add(srv, host);
    }
  }
  freeifaddrs(ifs);
}

/* A loopback address: 127.0.0.0/8 or ::1 (this machine only). */
static bool listen_loopback(const Listen *l) {
  if (l->v6) return IN6_IS_ADDR_LOOPBACK(&((const struct sockaddr_in6 *)&l->sa)->sin6_addr);
  return (ntohl(((const struct sockaddr_in *)&l->sa)->sin_addr.s_addr) >> 24) == 127;
}

/* 32 hex digits from /dev/urandom. */
static int random_token(char *out, size_t size, PnDiag *diag) {
  unsigned char bytes[16];
  FILE *f = fopen("/dev/urandom", "rb");
  bool ok = f && fread(bytes, 1, sizeof bytes, f) == sizeof bytes;
  if (f) fclose(f);
  if (!ok || size < 33) {
    snprintf(diag->msg, sizeof diag->msg, "cannot read /dev/urandom for a token: give one with --token-file or PINOCHLE_TOKEN");
    return -1;
  }
  for (int i = 0; i < 16; i++) snprintf(out + 2 * i, 3, "%02x", bytes[i]);
  return 0;
}

int web_start(const WebConfig *config, WebServer **out, PnDiag *diag) {
  *out = NULL;
  if (web_mhd_load(diag) != 0) return -1;
  WebServer *srv = calloc(1, sizeof *srv);
  Listen where;
  if (!srv) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return -1;
  }
  const char *listen = config->listen ? config->listen : WEB_DEFAULT_LISTEN;
  if (!parse_listen(listen, &where)) {
    snprintf(diag->msg, sizeof diag->msg,
             "--listen takes ADDR:PORT, an IPv4 address or an IPv6 one in brackets (127.0.0.1:8080, [::1]:8080), "
             "not '%s'",
             listen);
    goto fail;
  }
  if (config->token) {
    size_t len = strlen(config->token);
    bool ok = len >= 8 && len < sizeof srv->token;
    for (size_t i = 0; ok && i < len; i++) ok = isalnum((unsigned char)config->token[i]) || strchr("-_.~", config->token[i]);
    if (!ok) {
      snprintf(diag->msg, sizeof diag->msg, "the token (--token-file, PINOCHLE_TOKEN or --token) takes 8 to 127 letters, digits, '-', '_', '.' or '~'");
      goto fail;
    }
    strcpy(srv->token, config->token);
  } else if (random_token(srv->token, sizeof srv->token, diag) != 0) {
    goto fail;
  }
  srv->max_body = config->max_body ? config->max_body : WEB_MAX_BODY;
  if (store_open(config->db, STORE_CREATE_IF_STORED, &srv->store, diag) != 0) goto fail;
  if (!(srv->recorders = web_recorders_new())) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto fail;
  }
  /* External polling (epoll) run by serve_loop: one thread, as the
   * Store wants, that also cuts the connections too slow to send their
   * headers, which libmicrohttpd's idle timeout alone does not (a byte a
   * second is not idle). */
  srv->daemon = MHD_start_daemon(
      MHD_USE_EPOLL | (where.v6 ? (where.any ? MHD_USE_DUAL_STACK : MHD_USE_IPv6) : 0), 0, NULL, NULL, on_request, srv,
      MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&where.sa, MHD_OPTION_CONNECTION_LIMIT,
      (unsigned)(config->max_connections ? config->max_connections : WEB_MAX_CONNECTIONS),
      MHD_OPTION_PER_IP_CONNECTION_LIMIT,
      (unsigned)(config->max_per_address ? config->max_per_address : WEB_MAX_PER_ADDRESS),
      MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)MHD_BUFFER,
      MHD_OPTION_URI_LOG_CALLBACK, on_uri, srv, MHD_OPTION_NOTIFY_CONNECTION, on_connection, srv,
      MHD_OPTION_NOTIFY_COMPLETED, on_completed, srv, MHD_OPTION_EXTERNAL_LOGGER, no_log, NULL, MHD_OPTION_END);
  if (!srv->daemon) {
    snprintf(diag->msg, sizeof diag->msg, "cannot listen on %s (taken, or not an address of this machine)", listen);
    goto fail;
  }
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(srv->daemon, MHD_DAEMON_INFO_BIND_PORT);
  srv->port = info ? info->port : where.port;

  char hostname[256] = "";
  if (gethostname(hostname, sizeof hostname - 1) != 0) hostname[0] = '\0';
  host_add(srv, "localhost");
  host_add(srv, "127.0.0.1");
  host_add(srv, "[::1]");
  host_add(srv, hostname);
  if (where.any) {
    host_add_interfaces(srv, where.v6);
    url_add(srv, "127.0.0.1");
  } else {
    host_add(srv, where.host);
    url_add(srv, where.host);
  }
  srv->exposed = !listen_loopback(&where);
  if (pthread_create(&srv->thread, NULL, serve_loop, srv) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "cannot start the server's thread");
    goto fail;
  }
  srv->running = true;
  *out = srv;
  return 0;
fail:
  web_stop(srv);
  return -1;
}

void web_stop(WebServer *srv) {
  if (!srv) return;
  if (srv->running) {
    atomic_store(&srv->stop, true);
    pthread_join(srv->thread, NULL);
  }
  if (srv->daemon) MHD_stop_daemon(srv->daemon); /* closes the connections left: on_connection frees theirs */
  web_recorders_free(srv->recorders);
  store_close(srv->store);
  free(srv);
}

unsigned web_port(const WebServer *srv) { return srv->port; }
const char *web_token(const WebServer *srv) { return srv->token; }
const char *web_url(const WebServer *srv, int i) { return i >= 0 && i < srv->nurls ? srv->urls[i] : NULL; }
bool web_exposed(const WebServer *srv) { return srv->exposed; }
