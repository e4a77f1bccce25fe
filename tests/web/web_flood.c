/*
 * web_flood.c PORT TOKEN - what a club's Wi-Fi may send to `pinochle
 * serve` without the token, and whether a token holder is still served.
 * Every socket goes to 127.0.0.1:PORT (loopback only), bound to a source
 * address of 127.0.0.0/8 so that one attacker and many look different to
 * the server's per-address limit:
 *
 *   idle-one   300 connections from 127.0.0.1 that send nothing, 10 s
 *   idle-many  300 connections from 300 addresses (127.0.1.1 on), 10 s
 *   slow       64 connections from 64 addresses sending a request's
 *              header a byte a second, 10 s; each must be closed by the
 *              server by then (the header deadline), not kept forever
 *
 * During each, a token holder (127.0.0.2) asks GET /api/players every
 * 250 ms.  Prints each phase's probe latencies (median, max, count) and
 * fails (exit 1) when a probe is not answered 200 within a second, or a
 * slow connection is still open at the end.  Exit 2: usage or setup.
 */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define PHASE_SECONDS 10
#define MAX_CONNS 300
#define MAX_PROBES 64

static unsigned short port;
static const char *token;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* A socket from source address 127.a.b.c to 127.0.0.1:port, or -1. */
static int connect_from(unsigned a, unsigned b, unsigned c) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  struct sockaddr_in src = {.sin_family = AF_INET};
  src.sin_addr.s_addr = htonl((127u << 24) | (a << 16) | (b << 8) | c);
  struct sockaddr_in dst = {.sin_family = AF_INET, .sin_port = htons(port)};
  dst.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  struct timeval tv = {.tv_sec = 3};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  if (bind(fd, (struct sockaddr *)&src, sizeof src) != 0 || connect(fd, (struct sockaddr *)&dst, sizeof dst) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

/* One token holder's request from 127.0.0.2; its time in ms, or -1 when
 * it was not answered 200. */
static double probe(void) {
  double t0 = now_ms();
  int fd = connect_from(0, 0, 2);
  if (fd < 0) return -1;
  char req[512], buf[4096];
  int n = snprintf(req, sizeof req,
                   "GET /api/players HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nAuthorization: Bearer %s\r\nConnection: close\r\n\r\n",
                   port, token);
  int status = 0;
  if (send(fd, req, (size_t)n, MSG_NOSIGNAL) == n) {
    ssize_t k, got = 0;
    while ((k = recv(fd, buf + (got < 64 ? got : 0), got < 64 ? sizeof buf - (size_t)got - 1 : sizeof buf, 0)) > 0) {
      if (got < 64) buf[got + k] = '\0';
      got += k;
    }
    if (got >= 12) sscanf(buf, "HTTP/1.%*d %d", &status);
  }
  close(fd);
  return status == 200 ? now_ms() - t0 : -1;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* A connection still open: nothing to read, no end of stream. */
static bool still_open(int fd) {
  struct pollfd p = {.fd = fd, .events = POLLIN};
  if (poll(&p, 1, 0) == 0) return true;
  char c;
  ssize_t k = recv(fd, &c, 1, MSG_DONTWAIT);
  return k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
}

/* Runs one phase: opens n connections (from 127.0.0.1 when one, from n
 * addresses otherwise), trickles a header a byte a second on them when
 * slow, probes every 250 ms.  Returns the failures. */
static int phase(const char *name, int n, bool one, bool slow) {
  static int fds[MAX_CONNS];
  static const char header[] = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
  int opened = 0, failures = 0;
  for (int i = 0; i < n; i++) {
    unsigned k = (unsigned)i + 1;
    fds[i] = one ? connect_from(0, 0, 1) : connect_from(slow ? 3 : 1, k / 250, k % 250 + 1);
    opened += fds[i] >= 0;
  }
  double lat[MAX_PROBES];
  int nlat = 0, bad = 0, probes = 0;
  double start = now_ms(), next_byte = start, next_probe = start + 100;
  while (now_ms() - start < PHASE_SECONDS * 1000.0) {
    if (slow && now_ms() >= next_byte) {
      size_t at = (size_t)((next_byte - start) / 1000.0) % (sizeof header - 1);
      for (int i = 0; i < n; i++)
        if (fds[i] >= 0) send(fds[i], header + at, 1, MSG_NOSIGNAL | MSG_DONTWAIT);
      next_byte += 1000;
    }
    if (now_ms() >= next_probe && probes < MAX_PROBES) {
      double ms = probe();
      probes++;
      if (ms < 0 || ms > 1000) bad++;
      if (ms >= 0) lat[nlat++] = ms; /* answered 200 */
      next_probe += 250;
    }
    usleep(10000);
  }
  int open = 0;
  for (int i = 0; i < n; i++)
    if (fds[i] >= 0) {
      open += still_open(fds[i]);
      close(fds[i]);
    }
  qsort(lat, (size_t)nlat, sizeof *lat, by_value);
  printf("%-9s %3d connections opened, %3d still open after %d s; probes: %d, answered 200: %d, median %.2f ms, "
         "max %.2f ms, over 1 s or not answered: %d\n",
         name, opened, open, PHASE_SECONDS, probes, nlat, nlat ? lat[nlat / 2] : 0.0, nlat ? lat[nlat - 1] : 0.0, bad);
  if (bad > 0 || probes == 0) failures++;
  if (slow && open > 0) {
    printf("FAIL: %d slow connections still open after %d s\n", open, PHASE_SECONDS);
    failures++;
  }
  return failures;
}

int main(int argc, char **argv) {
  if (argc != 3 || atoi(argv[1]) <= 0 || atoi(argv[1]) > 65535) {
    fprintf(stderr, "usage: web_flood PORT TOKEN\n");
    return 2;
  }
  port = (unsigned short)atoi(argv[1]);
  token = argv[2];
  if (probe() < 0) {
    fprintf(stderr, "web_flood: the server does not answer the token holder at all\n");
    return 2;
  }
  int failures = phase("idle-one", 300, true, false);
  failures += phase("idle-many", 300, false, false);
  failures += phase("slow", 64, false, true);
  return failures ? 1 : 0;
}
