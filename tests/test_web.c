/*
 * test_web.c - `pinochle serve` through HTTP (src/web/web.h): a server
 * started in this process on 127.0.0.1 with a free port (its own thread),
 * spoken to with plain sockets, so every request is exactly the bytes
 * written here.  The database is sample-data/disputed-hand.csv imported
 * into a temporary file (club-2026-11-20-t3, hand 5 has a renege).
 *
 * Access (token, cookie, Bearer, Host, CSRF), bounds (body size),
 * errors as JSON (bad JSON, unknown games 404, path tricks), every page
 * 200 with SVG where a picture belongs, the JSON endpoints, and the
 * recorder API (two tables at once, a hidden log stored as the log).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <arpa/inet.h>
#include <jansson.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <sqlite3.h>

#include "analysis.h"
#include "audit.h"
#include "export.h"
#include "import.h"
#include "record.h"
#include "store.h"
#include "web.h"

#define TOKEN "test-token-0123456789"
#define GAME "club-2026-11-20-t3"

static char db_dir[] = "/tmp/pn-test-web-XXXXXX";
static char db_path[256];
static WebServer *server;
static unsigned port;

/* One HTTP exchange. */
typedef struct Reply {
  int status;       /* 0: no answer */
  char head[4096];  /* status line and headers */
  char *body;       /* malloc'd, NUL-terminated */
  size_t len;
} Reply;

static void reply_free(Reply *r) {
  free(r->body);
  r->body = NULL;
}

/* Sends `head` (request line and headers, without the blank line; a
 * Connection: close is added) and `body` (len bytes), reads the whole
 * answer. */
static Reply exchange(const char *head, const char *body, size_t len) {
  Reply r = {0};
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  assert_true(fd >= 0);
  struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
  sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
  size_t size = strlen(head) + 32;
  char *request = malloc(size);
  assert_non_null(request);
  int n = snprintf(request, size, "%s\r\nConnection: close\r\n\r\n", head);
  assert_true(n > 0 && (size_t)n < size);
  assert_int_equal(send(fd, request, (size_t)n, MSG_NOSIGNAL), n);
  free(request);
  size_t sent = 0;
  while (sent < len) {
    ssize_t k = send(fd, body + sent, len - sent, MSG_NOSIGNAL);
    if (k <= 0) break; /* the server may answer 413 and close before reading it all */
    sent += (size_t)k;
  }
  size_t cap = 65536, got = 0;
  char *all = malloc(cap);
  assert_non_null(all);
  for (;;) {
    if (got + 4096 > cap) {
      cap *= 2;
      all = realloc(all, cap);
      assert_non_null(all);
    }
    ssize_t k = recv(fd, all + got, cap - got - 1, 0);
    if (k <= 0) break;
    got += (size_t)k;
  }
  close(fd);
  all[got] = '\0';
  char *end = strstr(all, "\r\n\r\n");
  if (end && sscanf(all, "HTTP/1.%*d %d", &r.status) == 1) {
    size_t h = (size_t)(end - all);
    if (h >= sizeof r.head) h = sizeof r.head - 1;
    memcpy(r.head, all, h);
    r.head[h] = '\0';
    r.len = got - (size_t)(end + 4 - all);
    r.body = malloc(r.len + 1);
    assert_non_null(r.body);
    memcpy(r.body, end + 4, r.len);
    r.body[r.len] = '\0';
  }
  free(all);
  return r;
}

/* GET path with the Host and extra header lines given. */
static Reply get_with(const char *path, const char *host, const char *extra) {
  size_t size = strlen(path) + strlen(host) + (extra ? strlen(extra) : 0) + 64;
  char *head = malloc(size);
  assert_non_null(head);
  snprintf(head, size, "GET %s HTTP/1.1\r\nHost: %s%s%s", path, host, extra ? "\r\n" : "", extra ? extra : "");
  Reply r = exchange(head, NULL, 0);
  free(head);
  return r;
}

static char host_ok[64];

/* GET with the right Host and the token as Bearer. */
static Reply get(const char *path) { return get_with(path, host_ok, "Authorization: Bearer " TOKEN); }

/* POST a body with the right Host and `auth` header lines. */
static Reply post_with(const char *path, const char *auth, const char *body) {
  char head[4096];
  snprintf(head, sizeof head,
           "POST %s HTTP/1.1\r\nHost: %s\r\n%s%sContent-Type: application/json\r\nContent-Length: %zu", path, host_ok,
           auth ? auth : "", auth ? "\r\n" : "", strlen(body));
  return exchange(head, body, strlen(body));
}
static Reply post(const char *path, const char *body) {
  return post_with(path, "Authorization: Bearer " TOKEN, body);
}

/* The body is {"error": "..."} (an error answer is JSON, never a page). */
static void assert_json_error(const Reply *r) {
  assert_non_null(r->body);
  assert_true(strncmp(r->body, "{\"error\":", 9) == 0);
  assert_non_null(strstr(r->head, "Content-Type: application/json"));
}

static const WebConfig config = {.db = db_path, .listen = "127.0.0.1:0", .token = TOKEN, .max_body = 4096};

static int setup(void **state) {
  (void)state;
  if (!mkdtemp(db_dir)) return -1;
  snprintf(db_path, sizeof db_path, "%s/club.db", db_dir);
  Store *store = NULL;
  PnDiag diag = {0};
  ImportOptions opts = {0};
  ImportStats stats = {0};
  if (store_open(db_path, STORE_CREATE, &store, &diag) != 0) return -1;
  int rc = import_file(store, PN_SOURCE_DIR "/sample-data/disputed-hand.csv", &opts, &stats, &diag);
  store_close(store);
  if (rc != 0) {
    fprintf(stderr, "import: %s\n", diag.msg);
    return -1;
  }
  if (web_start(&config, &server, &diag) != 0) {
    fprintf(stderr, "web_start: %s\n", diag.msg);
    return -1;
  }
  port = web_port(server);
  snprintf(host_ok, sizeof host_ok, "127.0.0.1:%u", port);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  web_stop(server);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", db_dir);
  return system(cmd) == 0 ? 0 : -1;
}

/* ------------------------------------------------------------- access */

static void test_web_url_names_port_and_token(void **state) {
  (void)state;
  char want[200];
  snprintf(want, sizeof want, "http://127.0.0.1:%u/?token=" TOKEN, port);
  assert_string_equal(web_url(server, 0), want);
  assert_null(web_url(server, 1)); /* loopback: one URL */
  assert_false(web_exposed(server));
  assert_true(port > 0);
}

static void test_web_without_token_is_401_and_nothing_else(void **state) {
  (void)state;
  static const char *const PATHS[] = {"/", ("/games/" GAME), "/api/games", "/assets/style.css", "/players"};
  for (size_t i = 0; i < sizeof PATHS / sizeof PATHS[0]; i++) {
    Reply r = get_with(PATHS[i], host_ok, NULL);
    assert_int_equal(r.status, 401);
    assert_json_error(&r);
    assert_null(strstr(r.body, GAME));
    reply_free(&r);
  }
  Reply wrong = get_with("/", host_ok, "Authorization: Bearer test-token-0123456788");
  assert_int_equal(wrong.status, 401);
  reply_free(&wrong);
  Reply wrong_query = get_with("/?token=nope", host_ok, NULL);
  assert_int_equal(wrong_query.status, 401);
  reply_free(&wrong_query);
}

/* GET ?token=T sets the cookie and answers 303 to the same URL without
 * the token (out of the address bar and the history), other parameters
 * kept in their order. */
static void test_web_query_token_sets_httponly_strict_cookie(void **state) {
  (void)state;
  Reply r = get_with("/?token=" TOKEN, host_ok, NULL);
  assert_int_equal(r.status, 303);
  assert_non_null(strstr(r.head, "Set-Cookie: pinochle_token=" TOKEN "; Path=/; HttpOnly; SameSite=Strict"));
  assert_non_null(strstr(r.head, "Location: /\r\n"));
  assert_null(strstr(r.body, TOKEN));
  reply_free(&r);
  Reply q = get_with("/players?variant=two-hand&token=" TOKEN "&since=2026-01-01&tokens=1", host_ok, NULL);
  assert_int_equal(q.status, 303);
  assert_non_null(strstr(q.head, "Location: /players?variant=two-hand&since=2026-01-01&tokens=1\r\n"));
  reply_free(&q);
  /* never to another site: a target naming a host redirects to / */
  static const char *const ELSEWHERE[] = {"//evil.example/?token=" TOKEN, "/\\evil.example/?token=" TOKEN,
                                          "http://evil.example/?token=" TOKEN};
  for (size_t i = 0; i < sizeof ELSEWHERE / sizeof ELSEWHERE[0]; i++) {
    Reply e = get_with(ELSEWHERE[i], host_ok, NULL);
    assert_int_equal(e.status, 303);
    assert_non_null(strstr(e.head, "Location: /\r\n"));
    reply_free(&e);
  }
  Reply cookie = get_with("/players", host_ok, "Cookie: pinochle_token=" TOKEN);
  assert_int_equal(cookie.status, 200);
  assert_null(strstr(cookie.head, "Set-Cookie")); /* set once, by the query */
  reply_free(&cookie);
}

static void test_web_foreign_host_is_403_even_with_token(void **state) {
  (void)state;
  char wrong_port[64], localhost[64];
  snprintf(wrong_port, sizeof wrong_port, "127.0.0.1:%u", port + 1);
  snprintf(localhost, sizeof localhost, "LocalHost:%u", port);
  const char *bad[] = {"evil.example", "evil.example:8080", wrong_port, "127.0.0.1.evil.example", ""};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    Reply r = get_with("/api/games", bad[i], "Authorization: Bearer " TOKEN);
    assert_int_equal(r.status, 403);
    assert_json_error(&r);
    reply_free(&r);
  }
  Reply ok = get_with("/api/games", localhost, "Authorization: Bearer " TOKEN);
  assert_int_equal(ok.status, 200);
  reply_free(&ok);
}

static void test_web_write_with_cookie_only_is_403(void **state) {
  (void)state;
  Reply r = post_with("/api/games", "Cookie: pinochle_token=" TOKEN,
                      "{\"game\": \"csrf\", \"variant\": \"two-hand\", \"players\": [\"A\", \"B\"]}");
  assert_int_equal(r.status, 403);
  assert_json_error(&r);
  assert_non_null(strstr(r.body, "header"));
  reply_free(&r);
  Reply q = post_with("/api/games?token=" TOKEN, NULL, "{}");
  assert_int_equal(q.status, 403);
  reply_free(&q);
}

/* ------------------------------------------------------------- bounds */

static void test_web_oversize_body_is_413(void **state) {
  (void)state;
  size_t len = 5000; /* max_body is 4096 here */
  char *big = malloc(len + 1);
  assert_non_null(big);
  memset(big, ' ', len);
  big[len] = '\0';
  Reply declared = post("/api/games", big);
  assert_int_equal(declared.status, 413);
  assert_json_error(&declared);
  reply_free(&declared);
  /* No Content-Length: chunked, so the size shows only as it arrives. */
  char head[512], chunk[5100];
  snprintf(head, sizeof head,
           "POST /api/games HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer " TOKEN "\r\nTransfer-Encoding: chunked", host_ok);
  int n = snprintf(chunk, sizeof chunk, "%zx\r\n%s\r\n0\r\n\r\n", len, big);
  Reply chunked = exchange(head, chunk, (size_t)n);
  assert_int_equal(chunked.status, 413);
  reply_free(&chunked);
  free(big);
}

/* No route reads a file: assets come from the table compiled in, by exact
 * name.  Dot segments, encoded slashes and stray slashes find nothing. */
static void test_web_path_tricks_are_404(void **state) {
  (void)state;
  static const char *const PATHS[] = {"/assets/../../etc/passwd", "/assets/%2e%2e/%2e%2e/etc/passwd",
                                      "/assets/..%2fweb.c",       "/assets/",
                                      "/assets/style.css/",        "//etc/passwd",
                                      ("/games/" GAME "/../../x"), ("/games/" GAME "/hands/0"),
                                      ("/games/" GAME "/hands/-1"), ("/games/" GAME "/hands/1x")};
  for (size_t i = 0; i < sizeof PATHS / sizeof PATHS[0]; i++) {
    Reply r = get(PATHS[i]);
    assert_int_equal(r.status, 404);
    assert_json_error(&r);
    assert_null(strstr(r.body, "root:"));
    reply_free(&r);
  }
}

static void test_web_unknown_game_hand_player_are_404(void **state) {
  (void)state;
  static const char *const PATHS[] = {"/games/no-such-game", "/games/no-such-game/hands/1", ("/games/" GAME "/hands/99"),
                                      "/api/games/no-such-game/hands/1", "/players/Nobody", "/api/players/Nobody",
                                      "/no/such/page"};
  for (size_t i = 0; i < sizeof PATHS / sizeof PATHS[0]; i++) {
    Reply r = get(PATHS[i]);
    assert_int_equal(r.status, 404);
    assert_json_error(&r);
    reply_free(&r);
  }
}

static void test_web_bad_filter_is_400(void **state) {
  (void)state;
  Reply r = get("/?variant=no-such-variant");
  assert_int_equal(r.status, 400);
  assert_json_error(&r);
  reply_free(&r);
  Reply d = get("/api/games?since=yesterday");
  assert_int_equal(d.status, 400);
  reply_free(&d);
  static const char *const NO_SUCH_DAY[] = {"/api/games?since=2026-13-45", "/?until=2026-02-30", "/players?since=2026-00-10"};
  for (size_t i = 0; i < sizeof NO_SUCH_DAY / sizeof NO_SUCH_DAY[0]; i++) {
    Reply r2 = get(NO_SUCH_DAY[i]); /* the shape of a date, not a day of the calendar */
    assert_int_equal(r2.status, 400);
    assert_json_error(&r2);
    reply_free(&r2);
  }
}

/* A request the server will not guess at is 400 before anything else;
 * one too large is 431 or 414; every one of them JSON. */
static void test_web_malformed_requests_are_400_431_414_in_json(void **state) {
  (void)state;
  char head[1024];
  static const char *const FRAMING[] = {
      "GET /api/players HTTP/1.1\r\nHost: %s\r\nHost: evil.example\r\nAuthorization: Bearer " TOKEN,
      "POST /api/games HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer " TOKEN
      "\r\nContent-Length: 5\r\nTransfer-Encoding: chunked",
      "POST /api/games HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer " TOKEN "\r\nContent-Length: 2\r\nContent-Length: 7",
      "GET /players/Ca%%00l HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer " TOKEN,
      "GET /games/%%zz HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer " TOKEN,
  };
  for (size_t i = 0; i < sizeof FRAMING / sizeof FRAMING[0]; i++) {
    snprintf(head, sizeof head, FRAMING[i], host_ok);
    Reply r = exchange(head, i == 1 ? "0\r\n\r\n" : i == 2 ? "{}" : NULL, i == 1 ? 5 : i == 2 ? 2 : 0);
    if (r.status != 400) fprintf(stderr, "case %zu: %d %s\n", i, r.status, r.body);
    assert_int_equal(r.status, 400);
    assert_json_error(&r);
    reply_free(&r);
  }
  char *big = malloc(40 * 1024);
  assert_non_null(big);
  memset(big, 'a', 40 * 1024 - 1);
  big[40 * 1024 - 1] = '\0';
  memcpy(big, "X-Big: ", 7);
  big[20 * 1024] = '\0'; /* 20 KiB of one header: past the 16 KiB of them all */
  Reply h = get_with("/api/players", host_ok, big);
  assert_int_equal(h.status, 431);
  assert_json_error(&h);
  reply_free(&h);
  big[20 * 1024] = 'a';
  big[0] = '/';
  big[10 * 1024] = '\0'; /* a 10 KiB path: past 8 KiB */
  Reply u = get(big);
  assert_int_equal(u.status, 414);
  assert_json_error(&u);
  reply_free(&u);
  free(big);
}

static void test_web_favicon_is_an_icon(void **state) {
  (void)state;
  Reply r = get("/favicon.ico");
  assert_int_equal(r.status, 200);
  assert_non_null(strstr(r.head, "Content-Type: image/x-icon"));
  assert_int_equal(r.len, 6 + 16 + 40 + 16 * 16 * 4 + 16 * 4);
  assert_memory_equal(r.body, "\0\0\1\0\1\0\20\20", 8); /* an icon, one image, 16 x 16 */
  reply_free(&r);
}

/* -------------------------------------------------------------- pages */

static void test_web_every_page_is_200_with_svg(void **state) {
  (void)state;
  static const struct {
    const char *path, *must;
  } PAGES[] = {
      {"/", GAME},
      {"/games/" GAME, "<svg"},
      {"/games/" GAME "/hands/5", "<svg"},
      {"/players", "<svg"},
      {"/players/Cal", "<svg"},
  };
  for (size_t i = 0; i < sizeof PAGES / sizeof PAGES[0]; i++) {
    Reply r = get(PAGES[i].path);
    assert_int_equal(r.status, 200);
    assert_non_null(strstr(r.head, "Content-Type: text/html"));
    assert_non_null(strstr(r.body, PAGES[i].must));
    assert_non_null(strstr(r.body, "</html>"));
    /* nothing from elsewhere: the only script and stylesheet are ours */
    assert_null(strstr(r.body, "http://"));
    assert_null(strstr(r.body, "https://"));
    reply_free(&r);
  }
}

/* The score sheet names the dealer and the bidder (seat numbers only in a
 * tooltip), and every page says its server time (Server-Timing). */
static void test_web_score_sheet_names_dealer_and_bidder(void **state) {
  (void)state;
  Reply r = get("/games/" GAME);
  assert_int_equal(r.status, 200);
  /* hand 1: Ann (seat 1) deals */
  assert_non_null(strstr(r.body, "/hands/1\">1</a></td><td title=\"seat 1\"><bdi>Ann</bdi></td>"));
  assert_null(strstr(r.body, "</a></td><td class=\"n\">1</td>")); /* no bare dealer number */
  reply_free(&r);
  static const char *const PAGES[] = {"/", "/players", "/players/Cal", "/ratings", ("/games/" GAME), "/api/players/Cal"};
  for (size_t i = 0; i < sizeof PAGES / sizeof PAGES[0]; i++) {
    Reply p = get(PAGES[i]);
    assert_non_null(strstr(p.head, "Server-Timing: app;dur="));
    reply_free(&p);
  }
}

static void test_web_hand_page_marks_renege_with_evidence(void **state) {
  (void)state;
  Reply r = get("/games/" GAME "/hands/5");
  assert_int_equal(r.status, 200);
  /* trick 1: Cal (seat 3) played KD to a spade lead holding KS JS 9S */
  assert_non_null(strstr(r.body, "class=\"card red renege\" data-seat=\"3\" data-card=\"KD\""));
  assert_non_null(strstr(r.body, "data-evidence=\"KS JS 9S\""));
  assert_non_null(strstr(r.body, "class=\"card evidence\" data-seat=\"3\" data-card=\"KS\""));
  assert_non_null(strstr(r.body, "renege-follow"));
  assert_non_null(strstr(r.body, "id=\"dealt\""));
  assert_non_null(strstr(r.body, "data-plays=\"1:AS 2:9S 3:KD 4:JS\""));
  reply_free(&r);
}

static void test_web_assets_are_compiled_in(void **state) {
  (void)state;
  Reply css = get("/assets/style.css");
  assert_int_equal(css.status, 200);
  assert_non_null(strstr(css.head, "Content-Type: text/css"));
  reply_free(&css);
  Reply js = get("/assets/app.js");
  assert_int_equal(js.status, 200);
  assert_non_null(strstr(js.head, "Content-Type: text/javascript"));
  assert_non_null(strstr(js.body, "ArrowRight"));
  reply_free(&js);
}

static void test_web_json_endpoints_are_the_reports_json(void **state) {
  (void)state;
  Reply games = get("/api/games");
  assert_int_equal(games.status, 200);
  assert_non_null(strstr(games.head, "Content-Type: application/json"));
  assert_non_null(strstr(games.body, "\"game\": \"" GAME "\""));
  reply_free(&games);
  Reply hand = get("/api/games/" GAME "/hands/5");
  assert_int_equal(hand.status, 200);
  assert_non_null(strstr(hand.body, "\"kind\": \"renege-follow\""));
  reply_free(&hand);
  Reply players = get("/api/players");
  assert_int_equal(players.status, 200);
  assert_non_null(strstr(players.body, "\"name\": \"Cal\""));
  reply_free(&players);
  Reply cal = get("/api/players/Cal");
  assert_int_equal(cal.status, 200);
  assert_non_null(strstr(cal.body, "\"hands\""));
  reply_free(&cal);
}

/* /ratings draws the ratings report: the chart of each player's rating
 * on a date axis (one game, one date: a dot per player, hollow as every
 * rating is provisional on one game), the standings linked to the players'
 * pages with the provisional ones marked, the partnerships, why the game
 * counts differ from the players page; /api/ratings is the report's JSON;
 * the navigation links to it. */
static void test_web_ratings_page_chart_tables_and_json(void **state) {
  (void)state;
  Reply r = get("/ratings");
  assert_int_equal(r.status, 200);
  assert_non_null(strstr(r.head, "Content-Type: text/html"));
  const char *chart = strstr(r.body, "<figure class=\"timechart\" id=\"ratings\">");
  assert_non_null(chart);
  int dots = 0;
  for (const char *at = chart; (at = strstr(at, "<circle class=\"dot faint\"")) && at < strstr(chart, "</figure>"); at++)
    dots++;
  assert_int_equal(dots, 4);
  assert_non_null(strstr(r.body, "Bob 2026-11-20: 1662</title>"));
  assert_non_null(strstr(r.body, "<table class=\"ratings\">"));
  assert_non_null(strstr(r.body, "<tr class=\"provisional\"><td class=\"n\">1</td><td><a href=\"/players/Bob\"><bdi>Bob</bdi></a>"
                                 "</td><td class=\"n\">1662?</td><td class=\"n\">290</td><td class=\"n\">1</td>"));
  assert_non_null(strstr(r.body, "The players page counts every game sat in"));
  assert_non_null(strstr(r.body, "<h2>Partnerships</h2>"));
  assert_non_null(strstr(r.body, "<td><bdi>Bob &amp; Dee</bdi></td>"));
  reply_free(&r);
  Reply j = get("/api/ratings");
  assert_int_equal(j.status, 200);
  assert_non_null(strstr(j.head, "Content-Type: application/json"));
  assert_non_null(strstr(j.body, "\"history\": ["));
  reply_free(&j);
  Reply bad = get("/ratings?variant=no-such-variant");
  assert_int_equal(bad.status, 400);
  assert_json_error(&bad);
  reply_free(&bad);
  Reply players = get("/players");
  assert_non_null(strstr(players.body, "<a href=\"/ratings\">Ratings</a>"));         /* the navigation */
  assert_non_null(strstr(players.body, "the <a href=\"/ratings\">ratings</a>.</p>")); /* the players page's own link */
  reply_free(&players);
}

/* Pages that only read do not carry the token (a saved or printed page
 * must not give access); the recorder's page does, for its script. */
static void test_web_token_only_in_the_recorder_page(void **state) {
  (void)state;
  static const char *const READ[] = {"/", ("/games/" GAME), ("/games/" GAME "/hands/5"), "/players", "/players/Cal"};
  for (size_t i = 0; i < sizeof READ / sizeof READ[0]; i++) {
    Reply r = get(READ[i]);
    assert_int_equal(r.status, 200);
    assert_null(strstr(r.body, TOKEN));
    reply_free(&r);
  }
  Reply rec = get("/record");
  assert_int_equal(rec.status, 200);
  assert_non_null(strstr(rec.body, "<meta name=\"pn-token\" content=\"" TOKEN "\">"));
  reply_free(&rec);
}

/* ----------------------------------------------------------- recording */

#define DATA PN_SOURCE_DIR "/tests/web/data/"

/* A log's game header as the body of POST /api/games; fills key. */
static char *header_body(const char *csv, char *key, size_t size) {
  FILE *f = fopen(csv, "r");
  assert_non_null(f);
  char row[512], players[256] = "", options[256] = "", tags[256] = "", variant[64] = "";
  key[0] = '\0';
  while (fgets(row, sizeof row, f)) {
    char *field[7] = {0}, *p = row;
    row[strcspn(row, "\n")] = '\0';
    for (int i = 0; i < 7; i++) { /* the fixtures quote nothing */
      field[i] = p;
      p = strchr(p, ',');
      if (!p) break;
      *p++ = '\0';
    }
    if (!field[6] || strcmp(field[1], "0") != 0) continue;
    snprintf(key, size, "%.120s", field[0]);
    char *list = strcmp(field[4], "player") == 0 ? players : strcmp(field[4], "option") == 0 ? options
               : strcmp(field[4], "tag") == 0    ? tags
                                                 : NULL;
    if (strcmp(field[4], "variant") == 0) snprintf(variant, sizeof variant, "%.60s", field[6]);
    if (list) snprintf(list + strlen(list), 256 - strlen(list), "%s\"%.60s\"", list[0] ? ", " : "", field[6]);
  }
  fclose(f);
  char *body = malloc(1024);
  assert_non_null(body);
  snprintf(body, 1024, "{\"game\": \"%s\", \"variant\": \"%s\", \"players\": [%s], \"options\": [%s], \"tags\": [%s]}", key,
           variant, players, options, tags);
  return body;
}

/* The lines of a .tab file (table order), NULL-terminated; caller frees. */
static char **tab_lines(const char *path, int *n) {
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char **lines = calloc(256, sizeof *lines), row[512];
  assert_non_null(lines);
  *n = 0;
  while (fgets(row, sizeof row, f) && *n < 255) {
    row[strcspn(row, "\n")] = '\0';
    lines[(*n)++] = strdup(row);
  }
  fclose(f);
  return lines;
}

/* {"line": LINE, "confirm": true} with LINE's quotes escaped (none here). */
static Reply post_line(const char *key, const char *line, const char *confirm) {
  char path[300], body[700];
  snprintf(path, sizeof path, "/api/games/%s/lines", key);
  if (line) snprintf(body, sizeof body, "{\"line\": \"%s\"%s%s}", line, confirm ? ", \"confirm\": " : "", confirm ? confirm : "");
  else snprintf(body, sizeof body, "{\"confirm\": %s}", confirm ? confirm : "true");
  return post(path, body);
}

/* Exports game key from db_path (a second connection beside the
 * server's), or, with csv, from that log imported into memory. */
static char *export_of(const char *key, const char *csv) {
  Store *store = NULL;
  PnDiag diag = {0};
  if (csv) {
    assert_int_equal(store_open(":memory:", STORE_CREATE, &store, &diag), 0);
    ImportOptions io = {0};
    ImportStats is = {0};
    assert_int_equal(import_file(store, csv, &io, &is, &diag), 0);
  } else {
    assert_int_equal(store_open(db_path, STORE_READONLY, &store, &diag), 0);
  }
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_non_null(f);
  ExportOptions eo = {.nkeys = 1, .keys = &key};
  ExportStats es = {0};
  assert_int_equal(export_games(store, &eo, f, &es, &diag), 0);
  fclose(f);
  store_close(store);
  return buf;
}

/* Two tables record at once, their lines interleaved, each a hidden log
 * typed in table order (no deal rows: tests/web/data/table-*.tab, made
 * from the .csv logs with tests/record/log2table.awk): each game is
 * stored exactly as importing its log stores it. */
static void test_web_two_tables_hidden_logs_stored_as_the_logs(void **state) {
  (void)state;
  const char *csv[2] = {DATA "table-a.csv", DATA "table-b.csv"}, *tab[2] = {DATA "table-a.tab", DATA "table-b.tab"};
  char key[2][128];
  char **lines[2];
  int n[2];
  for (int t = 0; t < 2; t++) {
    char *body = header_body(csv[t], key[t], sizeof key[t]);
    Reply r = post("/api/games", body);
    if (r.status != 201) fprintf(stderr, "%s\n", r.body);
    assert_int_equal(r.status, 201);
    assert_non_null(strstr(r.body, "\"deck\""));
    reply_free(&r);
    free(body);
    lines[t] = tab_lines(tab[t], &n[t]);
  }
  for (int i = 0; i < n[0] || i < n[1]; i++)
    for (int t = 0; t < 2; t++) {
      if (i >= n[t]) continue;
      Reply r = post_line(key[t], lines[t][i], "true");
      if (r.status != 200) fprintf(stderr, "table %d line %d '%s': %s\n", t, i + 1, lines[t][i], r.body);
      assert_int_equal(r.status, 200);
      assert_null(strstr(r.body, "\"pending\": true"));
      reply_free(&r);
    }
  for (int t = 0; t < 2; t++) {
    char *recorded = export_of(key[t], NULL), *logged = export_of(key[t], csv[t]);
    assert_string_equal(recorded, logged);
    free(recorded);
    free(logged);
    for (int i = 0; i < n[t]; i++) free(lines[t][i]);
    free(lines[t]);
  }
  Reply s = get("/api/games/web-12-1");
  assert_int_equal(s.status, 200);
  assert_non_null(strstr(s.body, "\"hands_stored\": 2"));
  reply_free(&s);
}

/* The view's bidders as "seat:min_bid ..." (a static buffer). */
static const char *bidders_of(const char *body) {
  static char out[128];
  out[0] = '\0';
  json_t *j = json_loads(body, 0, NULL);
  json_t *a = json_object_get(json_object_get(j, "view"), "bidders");
  for (size_t i = 0; i < json_array_size(a); i++) {
    json_t *b = json_array_get(a, i);
    size_t n = strlen(out);
    snprintf(out + n, sizeof out - n, "%s%d:%d", i ? " " : "", (int)json_integer_value(json_object_get(b, "seat")),
             (int)json_integer_value(json_object_get(b, "min_bid")));
  }
  json_decref(j);
  return out;
}

/* The state's "view" is the server's: whose turn (mid-trick too), the
 * bids from the lowest good one, who passes, the cards left and the
 * hand's lines; a meld's value comes from the rules; a bad meld body is
 * 400 with a JSON reason, and a view asks nothing of the recorder. */
static void test_web_recorder_view_and_meld_value(void **state) {
  (void)state;
  Reply r = post("/api/games", "{\"game\": \"web-view\", \"variant\": \"partnership-auction\", "
                               "\"players\": [\"Ann\", \"Bob\", \"Cal\", \"Dee\"]}");
  assert_int_equal(r.status, 201);
  assert_non_null(strstr(r.body, "\"stage\": \"dealer\""));
  assert_non_null(strstr(r.body, "\"min_bid\": 250"));
  assert_string_equal(bidders_of(r.body), "2:250 3:250 4:250 1:250"); /* all may bid as it starts */
  reply_free(&r);
  const char *lines[] = {"2 bid 250", "3 pass", "4 bid 270", "1 pass", "2 pass", "4 trump D", "2 give AS 9H AD AD",
                         "AS"};
  for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
    Reply l = post_line("web-view", lines[i], NULL);
    assert_int_equal(l.status, 200);
    if (i == 0) assert_string_equal(bidders_of(l.body), "3:260 4:260 1:260"); /* were all three to pass, Bob has it */
    if (i == 2) assert_non_null(strstr(l.body, "\"min_bid\": 280")); /* the next good bid, from the server */
    if (i == 2) assert_string_equal(bidders_of(l.body), "1:280 2:280"); /* Cal passed: out */
    if (i == 5) assert_non_null(strstr(l.body, "\"name\": \"run + royal marriage\"")); /* trump named: one tap for both */
    if (i == 5) assert_string_equal(bidders_of(l.body), "");
    reply_free(&l);
  }
  Reply v = get("/api/games/web-view");
  assert_int_equal(v.status, 200);
  assert_non_null(strstr(v.body, "\"stage\": \"play\""));
  assert_non_null(strstr(v.body, "\"seat\": 1,")); /* Dee led AS: Ann plays next, mid-trick */
  assert_non_null(strstr(v.body, "\"gives_done\": 1"));
  assert_non_null(strstr(v.body, "\"card\": \"AS\""));
  assert_non_null(strstr(v.body, "\"2 give AS 9H AD AD\"")); /* the hand's lines, as typed */
  reply_free(&v);
  Reply m = post("/api/games/web-view/meld", "{\"cards\": [\"KS\", \"QS\", \"KD\", \"QD\", \"9D\", \"9D\"]}");
  assert_int_equal(m.status, 200);
  assert_non_null(strstr(m.body, "\"value\": 80"));
  reply_free(&m);
  const char *bad[] = {"{\"cards\": [\"XX\"]}", "{\"cards\": \"KS\"}", "{\"cards\": [1]}", "[]",
                       ("{\"cards\": [\"KS\",\"KS\",\"KS\",\"KS\",\"KS\",\"KS\",\"KS\",\"KS\",\"KS\",\"KS\",\"KS\","
                        "\"KS\",\"KS\",\"KS\",\"KS\",\"KS\",\"KS\",\"KS\",\"KS\",\"KS\",\"KS\"]}")}; /* 21 > 20 */
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    Reply b = post("/api/games/web-view/meld", bad[i]);
    assert_int_equal(b.status, 400);
    assert_json_error(&b);
    reply_free(&b);
  }
  Reply au = post("/api/games", "{\"game\": \"web-view-auction\", \"variant\": \"auction\", "
                                "\"players\": [\"Ann\", \"Bob\", \"Cal\"]}");
  assert_int_equal(au.status, 201);
  assert_non_null(strstr(au.body, "\"widow\": 3")); /* the widow's cards: a tap each, then "the widow" */
  assert_non_null(strstr(au.body, "\"widow_done\": false"));
  reply_free(&au);
  Reply nf = post("/api/games/no-such-game/meld", "{\"cards\": []}");
  assert_int_equal(nf.status, 404);
  reply_free(&nf);
}

/* At the last trick the view names the one card a seat can hold (the
 * deal check of every line, each card tried): in table-a's hand 1 after
 * eleven tricks Dee can only hold AD, then Ann only QS; Bob may hold QC
 * or QH, so nothing is forced for him. */
static void test_web_view_names_a_forced_last_card(void **state) {
  (void)state;
  char key[128];
  char *body = header_body(DATA "table-a.csv", key, sizeof key);
  char *renamed = strstr(body, "web-12-1");
  assert_non_null(renamed);
  memcpy(renamed, "web-12-f", 8);
  Reply r = post("/api/games", body);
  assert_int_equal(r.status, 201);
  reply_free(&r);
  free(body);
  int n;
  char **lines = tab_lines(DATA "table-a.tab", &n);
  assert_true(n > 24);
  for (int i = 0; i < 24; i++) { /* the dealer, bidding, trump, passes, meld, eleven tricks */
    Reply l = post_line("web-12-f", lines[i], NULL);
    assert_int_equal(l.status, 200);
    if (i == 23) assert_non_null(strstr(l.body, "\"forced\": \"AD\""));
    reply_free(&l);
  }
  Reply a = post_line("web-12-f", "AD", NULL);
  assert_non_null(strstr(a.body, "\"forced\": \"QS\""));
  reply_free(&a);
  Reply q = post_line("web-12-f", "QS", NULL);
  assert_non_null(strstr(q.body, "\"forced\": null"));
  assert_non_null(strstr(q.body, "\"seat\": 2,"));
  reply_free(&q);
  for (int i = 0; i < n; i++) free(lines[i]);
  free(lines);
}

/* Without "confirm", a renege is not recorded: the answer names it and
 * waits; another line is refused (409) until {"confirm": true}. */
static void test_web_renege_awaits_confirmation(void **state) {
  (void)state;
  char key[128];
  char *body = header_body(DATA "table-a.csv", key, sizeof key);
  char *renamed = strstr(body, "web-12-1");
  assert_non_null(renamed);
  memcpy(renamed, "web-12-p", 8);
  Reply r = post("/api/games", body);
  assert_int_equal(r.status, 201);
  reply_free(&r);
  free(body);
  int n;
  char **lines = tab_lines(DATA "table-a.tab", &n);
  bool pended = false;
  for (int i = 0; i < n && !pended; i++) {
    Reply l = post_line("web-12-p", lines[i], NULL);
    assert_int_equal(l.status, 200);
    if (strstr(l.body, "\"pending\": true")) {
      pended = true;
      assert_non_null(strstr(l.body, "\"result\": \"pending\""));
      assert_non_null(strstr(l.body, "renege"));
      Reply busy = post_line("web-12-p", "status", NULL);
      assert_int_equal(busy.status, 409);
      assert_json_error(&busy);
      reply_free(&busy);
      Reply yes = post_line("web-12-p", NULL, "true");
      assert_int_equal(yes.status, 200);
      assert_non_null(strstr(yes.body, "\"pending\": false"));
      reply_free(&yes);
    }
    reply_free(&l);
  }
  assert_true(pended);
  for (int i = 0; i < n; i++) free(lines[i]);
  free(lines);
}

/* A server started again has no table in memory: GET /api/games/KEY
 * shows the stored unfinished game (web-12-p, left in its second hand by
 * the test before) without resuming it; POST /api/games/KEY/resume
 * resumes it after its last stored hand. */
static void test_web_restarted_server_resumes_unfinished_game(void **state) {
  (void)state;
  PnDiag diag = {0};
  web_stop(server);
  server = NULL;
  assert_int_equal(web_start(&config, &server, &diag), 0);
  port = web_port(server);
  snprintf(host_ok, sizeof host_ok, "127.0.0.1:%u", port);
  Reply shown = get("/api/games/web-12-p");
  assert_int_equal(shown.status, 200);
  assert_non_null(strstr(shown.body, "\"recording\": false"));
  assert_non_null(strstr(shown.body, "\"resumable\": true"));
  reply_free(&shown);
  Reply r = post("/api/games/web-12-p/resume", "");
  assert_int_equal(r.status, 200);
  assert_non_null(strstr(r.body, "\"variant\": \"partnership-auction\""));
  assert_non_null(strstr(r.body, "\"recording\": true"));
  assert_non_null(strstr(r.body, "\"hands_stored\": 1"));
  reply_free(&r);
  Reply again = get("/api/games/web-12-p"); /* now recording: the recorder's state */
  assert_int_equal(again.status, 200);
  assert_non_null(strstr(again.body, "\"recording\": true"));
  reply_free(&again);
  Reply done = get("/api/games/" GAME); /* imported, over: shown, not resumed */
  assert_int_equal(done.status, 200);
  assert_non_null(strstr(done.body, "\"recording\": false"));
  assert_non_null(strstr(done.body, "\"variant\": \"partnership-auction\""));
  reply_free(&done);
}

/* text with every `from` replaced by `to`; caller frees. */
static char *replace_all(const char *text, const char *from, const char *to) {
  size_t nf = strlen(from), nt = strlen(to), count = 0;
  for (const char *p = text; (p = strstr(p, from)); p += nf) count++;
  char *out = malloc(strlen(text) + count * nt + 1), *w = out;
  assert_non_null(out);
  for (const char *p = text;;) {
    const char *at = strstr(p, from);
    size_t k = at ? (size_t)(at - p) : strlen(p);
    memcpy(w, p, k);
    w += k;
    if (!at) break;
    memcpy(w, to, nt);
    w += nt;
    p = at + nf;
  }
  *w = '\0';
  return out;
}

/* Imports a fixture log, its hands up to last (0: all), with the n
 * replacements from[i] -> to[i] into the server's database, through a
 * connection of its own. */
static void import_renamed(const char *csv, int last, const char *const *from, const char *const *to, int n) {
  FILE *f = fopen(csv, "r");
  assert_non_null(f);
  char *text = calloc(1, 1 << 16), row[512];
  assert_non_null(text);
  size_t got = 0;
  while (fgets(row, sizeof row, f)) {
    const char *hand = strchr(row, ',');
    if (last && hand && atoi(hand + 1) > last) continue;
    assert_true(got + strlen(row) < (1 << 16));
    strcpy(text + got, row);
    got += strlen(row);
  }
  fclose(f);
  assert_true(got > 0);
  for (int i = 0; i < n; i++) {
    char *next = replace_all(text, from[i], to[i]);
    free(text);
    text = next;
  }
  char path[300];
  snprintf(path, sizeof path, "%s/renamed.csv", db_dir);
  f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  free(text);
  Store *store = NULL;
  PnDiag diag = {0};
  ImportOptions io = {0};
  ImportStats is = {0};
  assert_int_equal(store_open(db_path, STORE_MUST_EXIST, &store, &diag), 0);
  int rc = import_file(store, path, &io, &is, &diag);
  if (rc != 0) fprintf(stderr, "import: %s\n", diag.msg);
  assert_int_equal(rc, 0);
  store_close(store);
  remove(path);
}

/* GET /api/games/KEY changes nothing: 70 unfinished stored games looked
 * at take none of the 64 recorder slots, and a new game still starts. */
static void test_web_get_of_unfinished_games_takes_no_recorder_slot(void **state) {
  (void)state;
  char keys[70][24];
  for (int i = 0; i < 70; i++) {
    snprintf(keys[i], sizeof keys[i], "unf-%02d,", i);
    const char *from[] = {"web-12-1,"}, *to[] = {keys[i]};
    import_renamed(DATA "table-a.csv", 1, from, to, 1); /* its first hand: no winner yet */
    keys[i][strlen(keys[i]) - 1] = '\0';
  }
  for (int i = 0; i < 70; i++) {
    char path[64];
    snprintf(path, sizeof path, "/api/games/%.23s", keys[i]);
    Reply r = get(path);
    if (r.status != 200) fprintf(stderr, "%s: %d %s\n", keys[i], r.status, r.body);
    assert_int_equal(r.status, 200);
    assert_non_null(strstr(r.body, "\"recording\": false"));
    assert_non_null(strstr(r.body, "\"resumable\": true"));
    reply_free(&r);
  }
  Reply start = post("/api/games", "{\"game\": \"after-70-gets\", \"variant\": \"two-hand\", \"players\": [\"A\", \"B\"]}");
  assert_int_equal(start.status, 201);
  reply_free(&start);
}

#define RLO "\xE2\x80\xAE" /* U+202E RIGHT-TO-LEFT OVERRIDE */
#define PDF "\xE2\x80\xAC" /* U+202C POP DIRECTIONAL FORMATTING */

/* The disputed hand again as club/t3, Ann as "Ann/B", Bob as "Bob" RLO. */
static void import_odd_names(void) {
  const char *from[] = {"club-2026-11-20-t3,", ",player,,Ann\n", ",player,,Bob\n"};
  const char *to[] = {"club/t3,", ",player,,Ann/B\n", ",player,,Bob" RLO "\n"};
  import_renamed(PN_SOURCE_DIR "/sample-data/disputed-hand.csv", 0, from, to, 3);
}

/* A key and a name holding '/' are one path segment, %2F: the server
 * routes the path as sent (split, then decoded) and the pages link so. */
static void test_web_encoded_slash_in_key_and_name_routes(void **state) {
  (void)state;
  import_odd_names();
  static const char *const PATHS[] = {"/games/club%2Ft3", "/games/club%2Ft3/hands/5", "/api/games/club%2Ft3",
                                      "/api/games/club%2Ft3/hands/5", "/players/Ann%2FB", "/api/players/Ann%2FB",
                                      "/games/club%2ft3"};
  for (size_t i = 0; i < sizeof PATHS / sizeof PATHS[0]; i++) {
    Reply r = get(PATHS[i]);
    if (r.status != 200) fprintf(stderr, "%s: %d %s\n", PATHS[i], r.status, r.body);
    assert_int_equal(r.status, 200);
    assert_non_null(strstr(r.body, strstr(PATHS[i], "players") ? "Ann/B" : "club/t3"));
    reply_free(&r);
  }
  Reply list = get("/");
  assert_non_null(strstr(list.body, "<a href=\"/games/club%2Ft3\">"));
  assert_non_null(strstr(list.body, "<a href=\"/players/Ann%2FB\">"));
  reply_free(&list);
  Reply two = get("/games/club/t3"); /* two segments: not the game */
  assert_int_equal(two.status, 404);
  reply_free(&two);
}

/* Every RLO in body is closed (PDF) before the next tag: no override
 * reaches text written after the name. */
static void assert_overrides_closed(const char *body) {
  int seen = 0;
  for (const char *p = body; (p = strstr(p, RLO)); p += 3, seen++) {
    const char *pdf = strstr(p, PDF), *tag = strchr(p, '<');
    assert_non_null(pdf);
    assert_true(!tag || pdf < tag);
  }
  assert_true(seen > 0);
}

/* A name holding U+202E reverses nothing around it: each name on the
 * pages is in <bdi>, and the override is closed where the name ends
 * ("Bob" RLO " bid 250" no longer shows "052"). */
static void test_web_bidi_override_in_a_name_is_isolated(void **state) {
  (void)state;
  static const char *const PAGES[] = {"/games/club%2Ft3", "/games/club%2Ft3/hands/5", "/players/Bob%E2%80%AE", "/",
                                      "/players"};
  for (size_t i = 0; i < sizeof PAGES / sizeof PAGES[0]; i++) {
    Reply r = get(PAGES[i]);
    assert_int_equal(r.status, 200);
    assert_overrides_closed(r.body);
    reply_free(&r);
  }
  Reply hand = get("/games/club%2Ft3/hands/5");
  assert_non_null(strstr(hand.body, "<li><bdi>Bob" RLO PDF "</bdi> <span class=\"pass\">pass"));
  assert_non_null(strstr(hand.body, "Dealer: <bdi>Ann/B</bdi>."));
  reply_free(&hand);
  Reply player = get("/players/Bob%E2%80%AE");
  assert_non_null(strstr(player.body, "<h1><bdi>Bob" RLO PDF "</bdi></h1>"));
  reply_free(&player);
  Reply sheet = get("/games/club%2Ft3");
  assert_non_null(strstr(sheet.body, "<bdi>Bob" RLO " &amp; Dee" PDF "</bdi>"));
  reply_free(&sheet);
}

static void test_web_bad_requests_to_the_recorder(void **state) {
  (void)state;
  static const struct {
    const char *path, *body;
    int status;
  } CASES[] = {
      {"/api/games", "{", 400},
      {"/api/games", "[]", 400},
      {"/api/games", "{\"variant\": \"two-hand\", \"variant\": \"two-hand\", \"players\": [\"A\", \"B\"]}", 400},
      {"/api/games", "{\"variant\": \"no-such\", \"players\": [\"A\", \"B\"]}", 422},
      {"/api/games", "{\"variant\": \"two-hand\", \"players\": [\"A\"]}", 422},
      {"/api/games", "{\"variant\": \"two-hand\", \"players\": [\"A\", \"B\"], \"options\": [\"nope=1\"]}", 422},
      {"/api/games", "{\"variant\": \"two-hand\", \"players\": [\"A\", \"B\"], \"tags\": [\"date=2026-02-30\"]}", 422},
      {"/api/games", "{\"variant\": \"two-hand\", \"players\": [\"A\", 7]}", 400},
      {"/api/games", "{\"game\": \"a/b\", \"variant\": \"two-hand\", \"players\": [\"A\", \"B\"]}", 400},
      {"/api/games", "{\"game\": \"" GAME "\", \"variant\": \"two-hand\", \"players\": [\"A\", \"B\"]}", 409},
      {"/api/games/no-such-game/lines", "{\"line\": \"pass\"}", 404},
      {"/api/games/web-bad/lines", "{\"line\": 5}", 400},
      {"/api/games/web-bad/lines", "{\"line\": \"pass\\nbid 300\"}", 400},
      {"/api/games/web-bad/lines", "{\"line\": \"bid 250\\u0000x\"}", 400},
      {"/api/games/web-bad/lines", "{\"line\": \"play ZZ\"}", 422},
      {"/api/games/web-bad/lines", "{\"confirm\": true}", 409},
  };
  Reply start = post("/api/games", "{\"game\": \"web-bad\", \"variant\": \"partnership-auction\", \"players\": "
                                   "[\"Ann\", \"Bob\", \"Cal\", \"Dee\"]}");
  assert_int_equal(start.status, 201);
  reply_free(&start);
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    Reply r = post(CASES[i].path, CASES[i].body);
    if (r.status != CASES[i].status) fprintf(stderr, "case %zu: %d %s\n", i, r.status, r.body);
    assert_int_equal(r.status, CASES[i].status);
    assert_non_null(strstr(r.body, "\"error\""));
    reply_free(&r);
  }
  char line[1200] = "{\"line\": \"";
  memset(line + strlen(line), 'x', 1100);
  strcpy(line + strlen("{\"line\": \"") + 1100, "\"}");
  Reply long_line = post("/api/games/web-bad/lines", line);
  assert_int_equal(long_line.status, 413);
  reply_free(&long_line);
}

/* A tag holding a line break is a tag the event log and `record --tag`
 * take (EVENT-LOG.md: tag rows are free name=value text): POST /api/games
 * takes it too, and the game stores it whole, as its export shows. */
static void test_web_tag_with_a_line_break_is_taken(void **state) {
  (void)state;
  Reply r = post("/api/games", "{\"game\": \"web-tag-nl\", \"variant\": \"two-hand\", \"players\": [\"Ann\", "
                               "\"Bob\"], \"tags\": [\"note=first line\\nsecond line\"]}");
  if (r.status != 201) fprintf(stderr, "%d %s\n", r.status, r.body);
  assert_int_equal(r.status, 201);
  reply_free(&r);
  char *log = export_of("web-tag-nl", NULL);
  assert_non_null(strstr(log, "web-tag-nl,0,4,,tag,,\"note=first line\nsecond line\"\n"));
  free(log);
}

/* The recorder page shows the deck's cards as the state's "labels" say
 * (app.js keeps no card alphabet of its own): a two-hand-64 table's
 * state names its 8s and 7s. */
static void test_web_recorder_state_labels_every_card_of_the_deck(void **state) {
  (void)state;
  Reply r = post("/api/games", "{\"game\": \"web-64\", \"variant\": \"two-hand-64\", \"players\": [\"Ann\", \"Bob\"]}");
  assert_int_equal(r.status, 201);
  json_t *j = json_loads(r.body, 0, NULL);
  assert_non_null(j);
  json_t *labels = json_object_get(j, "labels");
  assert_int_equal(json_object_size(labels), 32);
  assert_string_equal(json_string_value(json_object_get(labels, "7S")), "7\xE2\x99\xA0");
  assert_string_equal(json_string_value(json_object_get(labels, "8H")), "8\xE2\x99\xA5");
  assert_string_equal(json_string_value(json_object_get(labels, "TD")), "10\xE2\x99\xA6");
  json_decref(j);
  reply_free(&r);
}

/* ------------------------------------------------- a stored hand edited */

/* The rows of `sql` run on db_path (a connection of its own), a row a
 * line, columns split by '|'; caller frees. */
static char *sql_rows(const char *sql) {
  sqlite3 *db = NULL;
  sqlite3_stmt *st = NULL;
  assert_int_equal(sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_non_null(f);
  while (sqlite3_step(st) == SQLITE_ROW) {
    for (int c = 0; c < sqlite3_column_count(st); c++) {
      const unsigned char *v = sqlite3_column_text(st, c);
      fprintf(f, "%s%s", c ? "|" : "", v ? (const char *)v : "NULL");
    }
    fputc('\n', f);
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  fclose(f);
  return buf;
}

/* The stored hand's lines from GET /api/games/KEY/hands/N/lines, as a
 * JSON array (caller decrefs). */
static json_t *hand_lines_of(const char *key, int hand) {
  char path[200];
  snprintf(path, sizeof path, "/api/games/%s/hands/%d/lines", key, hand);
  Reply r = get(path);
  if (r.status != 200) fprintf(stderr, "%s: %d %s\n", path, r.status, r.body);
  assert_int_equal(r.status, 200);
  json_t *j = json_loads(r.body, 0, NULL);
  assert_non_null(j);
  json_t *lines = json_incref(json_object_get(j, "lines"));
  assert_true(json_is_array(lines));
  json_decref(j);
  reply_free(&r);
  return lines;
}

/* POST /api/games/KEY/hands/N/redo with {"lines": lines}. */
static Reply post_redo(const char *key, int hand, const json_t *lines) {
  char path[200];
  snprintf(path, sizeof path, "/api/games/%s/hands/%d/redo", key, hand);
  json_t *body = json_pack("{s:O}", "lines", lines);
  char *text = json_dumps(body, JSON_COMPACT);
  Reply r = post(path, text);
  free(text);
  json_decref(body);
  return r;
}

/* Stores hand `hand` of key as `lines` through the recorder's library
 * (rec_redo_hand, as `--redo` does), on a connection of the test's. */
static void redo_direct(const char *key, int hand, const json_t *lines) {
  const char *v[300];
  size_t n = json_array_size(lines);
  assert_true(n <= 300);
  for (size_t i = 0; i < n; i++) v[i] = json_string_value(json_array_get(lines, i));
  Store *store = NULL;
  PnDiag diag = {0};
  assert_int_equal(store_open(db_path, STORE_MUST_EXIST, &store, &diag), 0);
  int rc = rec_redo_hand(store, key, hand, v, (int)n, &diag);
  if (rc != 0) fprintf(stderr, "rec_redo_hand: %s\n", diag.msg);
  assert_int_equal(rc, 0);
  store_close(store);
}

static FILE *open_null(void *ctx) { return (void)ctx, fopen("/dev/null", "w"); }
static bool close_null(void *ctx, FILE *f) { return (void)ctx, fclose(f) == 0; }

/* Records an audit of game key and analyses every hand of it. */
static void audit_and_analyse(const char *key) {
  Store *store = NULL;
  PnDiag diag = {0};
  assert_int_equal(store_open(db_path, STORE_MUST_EXIST, &store, &diag), 0);
  StoreFilter filter = {.nkeys = 1, .keys = &key};
  AuditOptions ao = {.filter = &filter, .format = OUT_TEXT, .record = true};
  AuditStats as = {0};
  FILE *null = fopen("/dev/null", "w");
  assert_non_null(null);
  assert_int_equal(audit_run(store, &ao, null, &as, &diag), 0);
  fclose(null);
  AnRequest req = {.key = key, .run = {.format = OUT_TEXT, .table_bytes = AN_TABLE_BYTES, .jobs = 1}, .open_output = open_null, .close_output = close_null};
  AnRunStats rs = {0};
  int rc = analysis_analyze(store, &req, &rs, &diag);
  if (rc != 0) fprintf(stderr, "analyse: %s\n", diag.msg);
  assert_int_equal(rc, 0);
  store_close(store);
}

/* The other hands' audit findings and analyses, and the game's id and
 * key, of game key (hand 2 excepted). */
static char *kept_of(const char *key) {
  char sql[1000];
  snprintf(sql, sizeof sql,
           "SELECT g.id, g.key, f.audit_id, f.n, f.hand, f.seq, f.trick, f.seat, f.kind, f.card, f.detail FROM findings f "
           "JOIN games g ON g.id = f.game_id WHERE g.key = '%s' AND f.hand <> 2 "
           "UNION ALL SELECT g.id, g.key, h.number, h.analysis_rules, h.analysis_key, hex(h.analysis), 0, 0, 0, 0, 0 "
           "FROM hands h JOIN games g ON g.id = h.game_id WHERE g.key = '%s' AND h.number <> 2 ORDER BY 1, 3, 4, 5",
           key, key);
  return sql_rows(sql);
}

/* Issue 30: a stored hand with a wrong card (its last trick's last two
 * cards the wrong way round, seats 3 and 4) fixed through POST
 * /api/games/KEY/hands/2/redo with the lines GET .../lines gave: the game
 * keeps its id and key, the other hands their audit findings and
 * analyses, and hand 2 is stored as the corrected lines store it (the
 * export the same as a copy of the game given those lines directly); a
 * bad line is 422 naming it, the database byte for byte the same; bad
 * bodies 400 or 413; an unknown game or hand 404. */
static void test_web_hand_redo_replaces_that_hand_alone(void **state) {
  (void)state;
  const char *from[] = {"club-2026-11-20-t3,"}, *to_t3[] = {"redo-t3,"}, *to_ref[] = {"redo-ref,"};
  import_renamed(PN_SOURCE_DIR "/sample-data/disputed-hand.csv", 0, from, to_t3, 1);
  import_renamed(PN_SOURCE_DIR "/sample-data/disputed-hand.csv", 0, from, to_ref, 1);
  json_t *right = hand_lines_of("redo-t3", 2);
  size_t n = json_array_size(right);
  assert_int_equal(n, 22); /* the score rows are not lines: `done` puts them back */
  assert_string_equal(json_string_value(json_array_get(right, 0)), "3 pass");
  assert_string_equal(json_string_value(json_array_get(right, 21)), "TH TS QD TC"); /* the last trick */
  json_t *wrong = json_deep_copy(right);
  json_array_set_new(wrong, 21, json_string("TH TS TC QD"));
  redo_direct("redo-t3", 2, wrong); /* the hand stored with the wrong card */
  redo_direct("redo-ref", 2, right);
  audit_and_analyse("redo-t3");
  char *kept = kept_of("redo-t3"), *before = export_of("redo-t3", NULL);
  char *counts = sql_rows("SELECT (SELECT count(*) FROM findings f JOIN games g ON g.id = f.game_id WHERE g.key = 'redo-t3' "
                          "AND f.hand <> 2), (SELECT count(*) FROM hands h JOIN games g ON g.id = h.game_id "
                          "WHERE g.key = 'redo-t3' AND h.number <> 2 AND h.analysis IS NOT NULL)");
  assert_string_equal(counts, "1|5\n"); /* hand 5's renege; hands 1, 3-6 analysed: something to keep */
  free(counts);
  json_t *got = hand_lines_of("redo-t3", 2);
  assert_string_equal(json_string_value(json_array_get(got, 21)), "TH TS TC QD");
  json_decref(got);

  json_t *bad = json_deep_copy(right);
  json_array_set_new(bad, 4, json_string("2 trump X"));
  Reply r = post_redo("redo-t3", 2, bad);
  assert_int_equal(r.status, 422);
  json_t *j = json_loads(r.body, 0, NULL);
  assert_int_equal(json_integer_value(json_object_get(j, "line")), 5);
  assert_non_null(strstr(json_string_value(json_object_get(j, "error")), "line 5 (2 trump X)"));
  json_decref(j);
  reply_free(&r);
  json_decref(bad);
  json_t *half = json_pack("[s, s]", "3 pass", "4 pass");
  r = post_redo("redo-t3", 2, half); /* not a whole hand */
  assert_int_equal(r.status, 422);
  reply_free(&r);
  json_decref(half);
  static const struct {
    const char *path, *body;
    int status;
  } CASES[] = {
      {"/api/games/redo-t3/hands/2/redo", "{", 400},
      {"/api/games/redo-t3/hands/2/redo", "[]", 400},
      {"/api/games/redo-t3/hands/2/redo", "{\"lines\": \"3 pass\"}", 400},
      {"/api/games/redo-t3/hands/2/redo", "{\"lines\": [\"3 pass\", 7]}", 400},
      {"/api/games/redo-t3/hands/2/redo", "{\"lines\": [\"3 pass\\n4 pass\"]}", 400},
      {"/api/games/redo-t3/hands/2/redo", "{\"lines\": [\"3 pass\\u0000\"]}", 400},
      {"/api/games/redo-t3/hands/2/redo", "{\"lines\": [], \"lines\": []}", 400},
      {"/api/games/redo-t3/hands/2/redo", "{\"lines\": [\"3 pass\", \"done\"]}", 422},
      {"/api/games/redo-t3/hands/99/redo", "{\"lines\": [\"3 pass\"]}", 404},
      {"/api/games/redo-t3/hands/0/redo", "{\"lines\": [\"3 pass\"]}", 404},
      {"/api/games/no-such-game/hands/1/redo", "{\"lines\": [\"3 pass\"]}", 404},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    r = post(CASES[i].path, CASES[i].body);
    if (r.status != CASES[i].status) fprintf(stderr, "case %zu: %d %s\n", i, r.status, r.body);
    assert_int_equal(r.status, CASES[i].status);
    assert_json_error(&r);
    reply_free(&r);
  }
  char body[4000] = "{\"lines\": [";
  for (int i = 0; i < 300; i++) strcat(body, i ? ",\"\"" : "\"\"");
  strcat(body, "]}");
  r = post("/api/games/redo-t3/hands/2/redo", body); /* too many lines */
  assert_int_equal(r.status, 413);
  reply_free(&r);
  snprintf(body, sizeof body, "{\"lines\": [\"%01100d\"]}", 0);
  r = post("/api/games/redo-t3/hands/2/redo", body); /* a line too long */
  assert_int_equal(r.status, 413);
  reply_free(&r);
  Reply unknown[] = {get("/api/games/no-such-game/hands/1/lines"), get("/api/games/redo-t3/hands/99/lines")};
  for (int i = 0; i < 2; i++) {
    assert_int_equal(unknown[i].status, 404);
    assert_json_error(&unknown[i]);
    reply_free(&unknown[i]);
  }
  char *still = export_of("redo-t3", NULL), *kept_still = kept_of("redo-t3");
  assert_string_equal(still, before); /* nothing refused changed anything */
  assert_string_equal(kept_still, kept);
  free(still);
  free(kept_still);

  r = post_redo("redo-t3", 2, right);
  if (r.status != 200) fprintf(stderr, "%s\n", r.body);
  assert_int_equal(r.status, 200);
  assert_non_null(strstr(r.body, "\"replaced\""));
  reply_free(&r);
  char *after = export_of("redo-t3", NULL), *kept_after = kept_of("redo-t3"), *ref = export_of("redo-ref", NULL);
  char *ref_as_t3 = replace_all(ref, "redo-ref,", "redo-t3,");
  assert_string_not_equal(after, before);
  assert_string_equal(after, ref_as_t3); /* hand 2 as the right lines store it */
  assert_string_equal(kept_after, kept); /* the same id and key, the other hands' findings and analyses */
  char *hand2 = sql_rows("SELECT count(*) FROM hands h JOIN games g ON g.id = h.game_id WHERE g.key = 'redo-t3' "
                         "AND h.number = 2 AND h.analysis IS NULL");
  assert_string_equal(hand2, "1\n"); /* its old analysis went with it */
  got = hand_lines_of("redo-t3", 2);
  assert_true(json_equal(got, right));
  json_decref(got);
  free(hand2);
  free(after);
  free(kept_after);
  free(ref);
  free(ref_as_t3);
  free(kept);
  free(before);
  json_decref(wrong);
  json_decref(right);
}

/* A hand replaced while a table records its game is 200, and the
 * table's next line is answered, still after hand 1 (the server resumes
 * the game from the database; under ASan this also runs table_drop's
 * freeing).  That the old table is not kept is not visible here: the
 * same lines are sent back. */
static void test_web_hand_redo_while_a_table_records(void **state) {
  (void)state;
  const char *from[] = {"web-12-1,"}, *to[] = {"redo-live,"};
  import_renamed(DATA "table-a.csv", 1, from, to, 1);
  Reply r = post("/api/games/redo-live/resume", "");
  assert_int_equal(r.status, 200);
  assert_non_null(strstr(r.body, "\"hands_stored\": 1"));
  reply_free(&r);
  json_t *lines = hand_lines_of("redo-live", 1);
  assert_true(json_array_size(lines) > 10);
  r = post_redo("redo-live", 1, lines);
  if (r.status != 200) fprintf(stderr, "%s\n", r.body);
  assert_int_equal(r.status, 200);
  reply_free(&r);
  r = post_line("redo-live", "status", NULL);
  assert_int_equal(r.status, 200);
  assert_non_null(strstr(r.body, "\"hands_stored\": 1"));
  reply_free(&r);
  json_decref(lines);
}

/* The hand page links to its editor, and the editor page is served with
 * the token for its script (it writes). */
static void test_web_hand_page_links_to_its_editor(void **state) {
  (void)state;
  Reply hand = get("/games/" GAME "/hands/5");
  assert_int_equal(hand.status, 200);
  assert_non_null(strstr(hand.body, "<a href=\"/games/" GAME "/hands/5/edit\">Edit this hand</a>"));
  reply_free(&hand);
  Reply edit = get("/games/" GAME "/hands/5/edit");
  assert_int_equal(edit.status, 200);
  assert_non_null(strstr(edit.body, "id=\"redo\""));
  assert_non_null(strstr(edit.body, "data-game=\"" GAME "\" data-hand=\"5\""));
  assert_non_null(strstr(edit.body, "name=\"pn-token\""));
  reply_free(&edit);
  Reply none = get("/games/no-such-game/hands/1/edit");
  assert_int_equal(none.status, 404);
  reply_free(&none);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_web_url_names_port_and_token),
      cmocka_unit_test(test_web_without_token_is_401_and_nothing_else),
      cmocka_unit_test(test_web_query_token_sets_httponly_strict_cookie),
      cmocka_unit_test(test_web_foreign_host_is_403_even_with_token),
      cmocka_unit_test(test_web_write_with_cookie_only_is_403),
      cmocka_unit_test(test_web_oversize_body_is_413),
      cmocka_unit_test(test_web_path_tricks_are_404),
      cmocka_unit_test(test_web_unknown_game_hand_player_are_404),
      cmocka_unit_test(test_web_bad_filter_is_400),
      cmocka_unit_test(test_web_malformed_requests_are_400_431_414_in_json),
      cmocka_unit_test(test_web_favicon_is_an_icon),
      cmocka_unit_test(test_web_every_page_is_200_with_svg),
      cmocka_unit_test(test_web_score_sheet_names_dealer_and_bidder),
      cmocka_unit_test(test_web_hand_page_marks_renege_with_evidence),
      cmocka_unit_test(test_web_assets_are_compiled_in),
      cmocka_unit_test(test_web_json_endpoints_are_the_reports_json),
      cmocka_unit_test(test_web_ratings_page_chart_tables_and_json),
      cmocka_unit_test(test_web_token_only_in_the_recorder_page),
      cmocka_unit_test(test_web_two_tables_hidden_logs_stored_as_the_logs),
      cmocka_unit_test(test_web_renege_awaits_confirmation),
      cmocka_unit_test(test_web_recorder_view_and_meld_value),
      cmocka_unit_test(test_web_view_names_a_forced_last_card),
      cmocka_unit_test(test_web_restarted_server_resumes_unfinished_game),
      cmocka_unit_test(test_web_bad_requests_to_the_recorder),
      cmocka_unit_test(test_web_get_of_unfinished_games_takes_no_recorder_slot),
      cmocka_unit_test(test_web_encoded_slash_in_key_and_name_routes),
      cmocka_unit_test(test_web_bidi_override_in_a_name_is_isolated),
      cmocka_unit_test(test_web_hand_redo_replaces_that_hand_alone),
      cmocka_unit_test(test_web_hand_page_links_to_its_editor),
      cmocka_unit_test(test_web_hand_redo_while_a_table_records),
      cmocka_unit_test(test_web_tag_with_a_line_break_is_taken),
      cmocka_unit_test(test_web_recorder_state_labels_every_card_of_the_deck),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
