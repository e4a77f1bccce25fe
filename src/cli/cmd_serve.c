/*
 * cmd_serve.c - `pinochle serve DB [--listen ADDR:PORT] [--token TOKEN]`:
 * starts the web server (src/web/web.h), prints the URL to open (with its
 * token) on standard output, and answers until SIGINT or SIGTERM.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "web.h"

enum { OPT_LISTEN = 256, OPT_TOKEN };

static const struct option serve_options[] = {
    {"listen", required_argument, NULL, OPT_LISTEN},
    {"token", required_argument, NULL, OPT_TOKEN},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

static volatile sig_atomic_t serve_stop;

static void on_signal(int sig) {
  (void)sig;
  serve_stop = 1;
}

int cmd_serve(const CliCommand *self, int argc, char **argv) {
  WebConfig config = {0};
  int c;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":h", serve_options)) != -1) {
    switch (c) {
    case OPT_LISTEN: config.listen = optarg; break;
    case OPT_TOKEN: config.token = optarg; break;
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  if (argc - optind < 1) return cli_usage_error(self, "missing DB");
  if (argc - optind > 1) return cli_usage_error(self, "unexpected argument '%s'", argv[optind + 1]);
  config.db = argv[optind];

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
  printf("%s\n", web_url(server));
  fflush(stdout);
  fprintf(stderr, "pinochle: serve: %s on port %u; Ctrl-C stops\n", config.db, web_port(server));
  while (!serve_stop) sigsuspend(&old);
  sigprocmask(SIG_SETMASK, &old, NULL);
  web_stop(server);
  fprintf(stderr, "pinochle: serve: stopped\n");
  return CLI_OK;
}
