/*
 * bench_pipeline.c - the whole pipeline on partnership-auction deals:
 * simulate, import, audit and the players report, each as the `pinochle`
 * command a user runs, with wall time, hands per second and peak memory
 * (RSS), the database's bytes per deal, and SQLite's own CSV import of
 * the same file (`sqlite3 :memory: ".import --csv FILE t"`) as a yardstick.
 *
 *   build/bench/bench_pipeline [-p PINOCHLE] [-d DIR] [-k PREFIX] [--pg URI] [HANDS...]
 *
 * With --pg URI (a database on a server where that role may CREATE
 * DATABASE: tests/pg/pg_tmp.sh start prints one) the same file is also
 * imported into a new PostgreSQL database made beside it (dropped after),
 * the players report read from it, and its bytes per deal given: its
 * tables with their indexes and TOAST, the server's catalog left out.
 *
 * PINOCHLE defaults to the pinochle next to this program's folder
 * (build/pinochle), DIR to /tmp, HANDS to 100000 1000000.  Games are keyed
 * PREFIX1, PREFIX2, ... (`sim --key-prefix`; default "g"; "-" keeps the
 * simulator's own keys, sim-partnership-auction-1-N): the key is in every
 * row, so it sets much of the file's size.  Files are left in DIR
 * (pipeline-N.csv, pipeline-N.db) for a second look.
 */
#define _DEFAULT_SOURCE /* wait4 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct Run {
  double seconds;  /* wall clock */
  long max_rss_kb; /* peak resident set of the child */
  int status;      /* exit status, or -1 */
} Run;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs argv with stdout to /dev/null (or `out`), stderr to /dev/null. */
static Run run(char *const argv[], const char *out) {
  Run r = {0, 0, -1};
  double t0 = now();
  pid_t pid = fork();
  if (pid < 0) return r;
  if (pid == 0) {
    int fd = open(out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int null = open("/dev/null", O_WRONLY);
    if (fd >= 0) dup2(fd, STDOUT_FILENO);
    if (null >= 0) dup2(null, STDERR_FILENO);
    execvp(argv[0], argv);
    _exit(127);
  }
  int status;
  struct rusage ru;
  if (wait4(pid, &status, 0, &ru) < 0) return r;
  r.seconds = now() - t0;
  r.max_rss_kb = ru.ru_maxrss;
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

/* uri with its database name replaced by db, into out. */
static void uri_with_db(const char *uri, const char *db, char *out, size_t size) {
  const char *p = strstr(uri, "://");
  p = p ? strchr(p + 3, '/') : NULL;
  if (p == NULL) {
    snprintf(out, size, "%s", uri);
    return;
  }
  const char *q = strchr(p, '?');
  snprintf(out, size, "%.*s/%s%s", (int)(p - uri), uri, db, q ? q : "");
}

/* The first value psql prints for sql on uri, as a number (-1: none). */
static double psql_number(const char *uri, const char *sql) {
  char tmp[] = "/tmp/bench-pipeline-XXXXXX";
  int fd = mkstemp(tmp);
  if (fd < 0) return -1;
  close(fd);
  char *argv[] = {"psql", "-qAt", (char *)uri, "-c", (char *)sql, NULL};
  Run r = run(argv, tmp);
  double v = -1;
  FILE *fp = fopen(tmp, "r");
  if (fp && r.status == 0 && fscanf(fp, "%lf", &v) != 1) v = -1;
  if (fp) fclose(fp);
  unlink(tmp);
  return v;
}

static void row(const char *step, long hands, Run r) {
  printf("  %-16s %8.2f s %11.0f hands/s %8.1f MiB peak RSS%s\n", step, r.seconds,
         r.seconds > 0 ? (double)hands / r.seconds : 0.0, (double)r.max_rss_kb / 1024.0,
         r.status == 0 || r.status == 1 ? "" : "  (FAILED)");
}

/* Import and the players report on PostgreSQL, in a database of its own
 * made on the server of `uri` and dropped after; ratios to SQLite's. */
static void bench_pg(const char *uri, char *pinochle, char *csv, long hands, Run lite_import, Run lite_players) {
  char name[64], db[2048], create[128], drop[128];
  snprintf(name, sizeof name, "pn_bench_%ld_%ld", (long)getpid(), hands);
  uri_with_db(uri, name, db, sizeof db);
  snprintf(create, sizeof create, "CREATE DATABASE %s", name); /* name is ours: digits and letters */
  snprintf(drop, sizeof drop, "DROP DATABASE IF EXISTS %s", name);
  char *make[] = {"psql", "-q", (char *)uri, "-c", drop, "-c", create, NULL};
  if (run(make, NULL).status != 0) {
    printf("  PostgreSQL: cannot create a database on %s (psql installed, CREATE DATABASE allowed?)\n", uri);
    return;
  }
  char *import[] = {pinochle, "import", db, csv, NULL};
  Run imp = run(import, NULL);
  row("import (PG)", hands, imp);
  char *players[] = {pinochle, "report", db, "players", NULL};
  Run rep = run(players, NULL);
  row("players (PG)", hands, rep);
  double bytes = psql_number(db, "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c"
                                 " JOIN pg_namespace n ON n.oid = c.relnamespace"
                                 " WHERE c.relkind = 'r' AND n.nspname = 'public'");
  if (bytes > 0) printf("  PostgreSQL %.1f MiB = %.0f bytes per deal\n", bytes / 1048576.0, bytes / (double)hands);
  if (lite_import.seconds > 0 && lite_players.seconds > 0)
    printf("  PostgreSQL / SQLite: import %.2fx, players report %.2fx the time\n", imp.seconds / lite_import.seconds,
           rep.seconds / lite_players.seconds);
  char *gone[] = {"psql", "-q", (char *)uri, "-c", drop, NULL};
  run(gone, NULL);
}

int main(int argc, char **argv) {
  char pinochle[4096] = "", dir[1024] = "/tmp";
  const char *prefix = "g";
  const char *pg = NULL;
  static const struct option longs[] = {{"pg", required_argument, NULL, 'g'}, {NULL, 0, NULL, 0}};
  int c;
  while ((c = getopt_long(argc, argv, "p:d:k:h", longs, NULL)) != -1) {
    if (c == 'g') pg = optarg;
    else if (c == 'p') snprintf(pinochle, sizeof pinochle, "%s", optarg);
    else if (c == 'd') snprintf(dir, sizeof dir, "%s", optarg);
    else if (c == 'k') prefix = strcmp(optarg, "-") == 0 ? NULL : optarg;
    else {
      fprintf(stderr, "usage: bench_pipeline [-p PINOCHLE] [-d DIR] [-k PREFIX] [--pg URI] [HANDS...]\n");
      return c == 'h' ? 0 : 2;
    }
  }
  if (!*pinochle) { /* build/bench/bench_pipeline -> build/pinochle */
    snprintf(pinochle, sizeof pinochle, "%s", argv[0]);
    char *slash = strrchr(pinochle, '/');
    if (slash) *slash = '\0';
    else snprintf(pinochle, sizeof pinochle, ".");
    strncat(pinochle, "/../pinochle", sizeof pinochle - strlen(pinochle) - 1);
  }
  long sizes[8] = {100000, 1000000};
  int nsizes = 2;
  if (optind < argc) {
    nsizes = 0;
    for (int i = optind; i < argc && nsizes < 8; i++) sizes[nsizes++] = atol(argv[i]);
  }
  printf("pinochle pipeline benchmark: %s\n", pinochle);
  for (int i = 0; i < nsizes; i++) {
    long hands = sizes[i];
    char csv[2048], db[2048], count[32], import_cmd[2200];
    snprintf(csv, sizeof csv, "%s/pipeline-%ld.csv", dir, hands);
    snprintf(db, sizeof db, "%s/pipeline-%ld.db", dir, hands);
    snprintf(count, sizeof count, "%ld", hands);
    snprintf(import_cmd, sizeof import_cmd, ".import --csv %s t", csv);
    unlink(db);
    const char *keys = prefix ? prefix : "sim-partnership-auction-1-";
    printf("\n%ld partnership-auction hands, game keys %s1, %s2, ...\n", hands, keys, keys);
    char *sim[] = {pinochle, "sim", "--variant", "partnership-auction", "--hands", count, "--seed", "1",
                   "--players", "Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal", "-o", csv,
                   prefix ? "--key-prefix" : NULL, (char *)prefix, NULL};
    row("simulate", hands, run(sim, NULL));
    char *import[] = {pinochle, "import", db, csv, NULL};
    Run imp = run(import, NULL);
    row("import", hands, imp);
    char *audit[] = {pinochle, "audit", db, "--no-record", NULL};
    row("audit", hands, run(audit, NULL));
    char *players[] = {pinochle, "report", db, "players", NULL};
    Run rep = run(players, NULL);
    row("players report", hands, rep);
    char *sqlite[] = {"sqlite3", ":memory:", import_cmd, NULL};
    Run ref = run(sqlite, NULL);
    row("sqlite3 .import", hands, ref);
    struct stat st_db, st_csv;
    if (stat(db, &st_db) == 0 && stat(csv, &st_csv) == 0)
      printf("  database %.1f MiB = %.0f bytes per deal; CSV %.1f MiB = %.0f bytes per deal\n",
             (double)st_db.st_size / 1048576.0, (double)st_db.st_size / (double)hands,
             (double)st_csv.st_size / 1048576.0, (double)st_csv.st_size / (double)hands);
    if (ref.seconds > 0 && ref.status == 0)
      printf("  import / sqlite3 .import = %.2fx the time\n", imp.seconds / ref.seconds);
    else
      printf("  sqlite3 .import did not run (is sqlite3 installed?)\n");
    if (pg) bench_pg(pg, pinochle, csv, hands, imp, rep);
  }
  return 0;
}
