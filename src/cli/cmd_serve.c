/*
 * cmd_serve.c - `pinochle serve DB [--listen ADDR:PORT] [--token-file
 * FILE]`: starts the web server (src/web/web.h), prints the URLs to open
 * (with the token) on standard output, and answers until SIGINT or
 * SIGTERM.  The token comes from --token-file or PINOCHLE_TOKEN, so that
 * `ps` does not show it; --token stays for tests.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "web.h"

enum { OPT_LISTEN = 256, OPT_TOKEN, OPT_TOKEN_FILE };

/* `pinochle serve`: its row of the command table (main.c lists it). */
const CliCommand cmd_serve_def = {
    .name = "serve",
    .run = cmd_serve,
    .usage = "pinochle serve DB [--listen ADDR:PORT] [--token-file FILE]",
    .summary = "Serve the games, hand diagrams, charts and a table recorder to a browser",
    .help =
        "Answers HTTP on ADDR:PORT (default 127.0.0.1:8080, this machine only;\n"
        "--listen 0.0.0.0:8080 for tablets on the club's network) with the\n"
        "games (/), score sheets (/games/KEY), hand diagrams stepped trick by\n"
        "trick (/games/KEY/hands/N), players with SVG charts (/players), the\n"
        "table recorder (/record) and a JSON API (/api/...; docs/WEB.md).\n"
        "Everything is in this program: nothing is fetched from elsewhere.\n"
        "\n"
        "It prints the URL to open, with the access token, on standard output\n"
        "(http://127.0.0.1:8080/?token=...; listening on every address, one\n"
        "URL per address of this machine, for the tablets, and a warning: the\n"
        "HTTP is plain, the token crosses the Wi-Fi in clear).  Every request\n"
        "needs the token: the ?token= of that URL once (a cookie keeps it), or\n"
        "the header Authorization: Bearer TOKEN; without it the answer is 401.\n"
        "A request whose Host is not this machine is refused (403), and a write\n"
        "needs the token in a header, not only the cookie.  The token is random\n"
        "unless --token-file or the environment variable PINOCHLE_TOKEN gives\n"
        "one (not shown by ps, as an argument would be).  DB is created when\n"
        "the first game is recorded into it.  Ctrl-C (SIGINT) or SIGTERM stops it.\n"
        "\n"
        "Options:\n"
        "  --listen ADDR:PORT  the address and port to answer on: IPv4, or IPv6 in\n"
        "                      brackets ([::1]:8080; [::]:8080 takes IPv4 too);\n"
        "                      port 0: any free port, printed in the URL\n"
        "  --token-file FILE   the token: FILE's first line (8 to 127 letters,\n"
        "                      digits, '-', '_', '.' or '~')\n"
        "  --token TOKEN       the token on the command line, where ps shows it\n"
        "                      to every user of the machine: for tests\n"
        "  -h, --help          show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle serve club.db\n"
        "  PINOCHLE_TOKEN=$(cat ~/.club-token) pinochle serve club.db --listen 0.0.0.0:8080\n"
        "  curl -H 'Authorization: Bearer TOKEN' http://127.0.0.1:8080/api/games\n"
        "\n"
        "Exit codes:\n"
        "  0  stopped by a signal\n"
        "  2  usage error, the address cannot be listened on, or DB cannot be\n"
        "     opened; nothing was served\n",
};

static const struct option serve_options[] = {
    {"listen", required_argument, NULL, OPT_LISTEN},
    {"token", required_argument, NULL, OPT_TOKEN},
    {"token-file", required_argument, NULL, OPT_TOKEN_FILE},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

static volatile sig_atomic_t serve_stop;

static void on_signal(int sig) {
  (void)sig;
  serve_stop = 1;
}

/* The first line of path (without its line end) into buf; false after
 * saying why. */
static bool token_read(const CliCommand *self, const char *path, char *buf, size_t size) {
  FILE *f = fopen(path, "r");
  if (!f) {
    cli_error(self, "--token-file %s: cannot be read", path);
    return false;
  }
  bool ok = fgets(buf, (int)size, f) != NULL;
  fclose(f);
  buf[ok ? strcspn(buf, "\r\n") : 0] = '\0';
  if (!ok || !buf[0]) cli_error(self, "--token-file %s:1: no token on the first line", path);
  return ok && buf[0];
}

int cmd_serve(const CliCommand *self, int argc, char **argv) {
  WebConfig config = {0};
  const char *token_file = NULL;
  char token[256];
  int c;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":h", serve_options)) != -1) {
    switch (c) {
    case OPT_LISTEN: config.listen = optarg; break;
    case OPT_TOKEN: config.token = optarg; break;
    case OPT_TOKEN_FILE: token_file = optarg; break;
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  if (!(config.db = cli_db_operand(self, argc, argv))) return CLI_USAGE;
  if (config.token && token_file) {
    cli_error(self, "--token and --token-file: one of them");
    return CLI_USAGE;
  }
  if (token_file) {
    if (!token_read(self, token_file, token, sizeof token)) return CLI_USAGE;
    config.token = token;
  } else if (!config.token && getenv("PINOCHLE_TOKEN") && *getenv("PINOCHLE_TOKEN")) {
    config.token = getenv("PINOCHLE_TOKEN");
  }

  /* Block the signals first: a signal before the wait must not be lost. */
  struct sigaction sa = {0};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  sigprocmask(SIG_BLOCK, &block, &old);

  PnDiag diag = {0};
  WebServer *server = NULL;
  if (web_start(&config, &server, &diag) != 0) {
    sigprocmask(SIG_SETMASK, &old, NULL);
    cli_error(self, "%s", diag.msg);
    return CLI_USAGE;
  }
  for (int i = 0; web_url(server, i); i++) printf("%s\n", web_url(server, i));
  fflush(stdout);
  if (web_exposed(server))
    fprintf(stderr, "pinochle: serve: warning: other machines can reach this server; its HTTP is plain, so the token "
                    "crosses the network in clear: use it on a network you trust (the club's Wi-Fi, not a public one)\n");
  fprintf(stderr, "pinochle: serve: %s on port %u; Ctrl-C stops\n", config.db, web_port(server));
  while (!serve_stop) sigsuspend(&old);
  sigprocmask(SIG_SETMASK, &old, NULL);
  web_stop(server);
  fprintf(stderr, "pinochle: serve: stopped\n");
  return CLI_OK;
}
