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
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "import.h"
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
  char request[8192];
  int n = snprintf(request, sizeof request, "%s\r\nConnection: close\r\n\r\n", head);
  assert_true(n > 0 && (size_t)n < sizeof request);
  assert_int_equal(send(fd, request, (size_t)n, MSG_NOSIGNAL), n);
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
  char head[4096];
  snprintf(head, sizeof head, "GET %s HTTP/1.1\r\nHost: %s%s%s", path, host, extra ? "\r\n" : "", extra ? extra : "");
  return exchange(head, NULL, 0);
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
  WebConfig config = {.db = db_path, .listen = "127.0.0.1:0", .token = TOKEN, .max_body = 4096};
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
  assert_string_equal(web_url(server), want);
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

static void test_web_query_token_sets_httponly_strict_cookie(void **state) {
  (void)state;
  Reply r = get_with("/?token=" TOKEN, host_ok, NULL);
  assert_int_equal(r.status, 200);
  assert_non_null(strstr(r.head, "Set-Cookie: pinochle_token=" TOKEN "; Path=/; HttpOnly; SameSite=Strict"));
  reply_free(&r);
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
      cmocka_unit_test(test_web_every_page_is_200_with_svg),
      cmocka_unit_test(test_web_hand_page_marks_renege_with_evidence),
      cmocka_unit_test(test_web_assets_are_compiled_in),
      cmocka_unit_test(test_web_json_endpoints_are_the_reports_json),
      cmocka_unit_test(test_web_token_only_in_the_recorder_page),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
