/*
 * replay_main.c - runs a fuzz harness's LLVMFuzzerTestOneInput once on
 * each file named (a directory: each file in it, sorted), without
 * libFuzzer.  It lets any compiler (gcc, valgrind builds) replay the
 * corpora in tests/fuzz/corpus/ as regression tests.
 *
 * usage: replay_TARGET FILE|DIR...   exit 0 when every input ran
 * (a broken invariant aborts, as under libFuzzer).
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

/* Runs the harness on one file; returns 0, or -1 when it cannot be read. */
static int run_file(const char *path) {
  FILE *fp = fopen(path, "rb");
  if (!fp) {
    fprintf(stderr, "replay: cannot open %s\n", path);
    return -1;
  }
  uint8_t *data = NULL;
  size_t size = 0, cap = 0, n;
  uint8_t chunk[65536];
  while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
    if (size + n > cap) {
      cap = (size + n) * 2;
      uint8_t *grown = realloc(data, cap);
      if (!grown) abort();
      data = grown;
    }
    memcpy(data + size, chunk, n);
    size += n;
  }
  fclose(fp);
  /* an exact-size copy, so ASan sees a read past the end */
  uint8_t *exact = malloc(size ? size : 1);
  if (!exact) abort();
  if (size) memcpy(exact, data, size);
  free(data);
  LLVMFuzzerTestOneInput(exact, size);
  free(exact);
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv) {
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  long runs = 0;
  int bad = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      fprintf(stderr, "replay: no such file %s\n", argv[i]);
      bad = 1;
      continue;
    }
    if (!S_ISDIR(st.st_mode)) {
      bad |= run_file(argv[i]) != 0;
      runs++;
      continue;
    }
    DIR *dir = opendir(argv[i]);
    if (!dir) {
      fprintf(stderr, "replay: cannot read %s\n", argv[i]);
      bad = 1;
      continue;
    }
    char **names = NULL;
    size_t count = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
      if (e->d_name[0] == '.') continue;
      char **grown = realloc(names, (count + 1) * sizeof *names);
      if (!grown) abort();
      names = grown;
      size_t len = strlen(argv[i]) + strlen(e->d_name) + 2;
      names[count] = malloc(len);
      if (!names[count]) abort();
      snprintf(names[count++], len, "%s/%s", argv[i], e->d_name);
    }
    closedir(dir);
    if (count > 1) qsort(names, count, sizeof *names, by_name);
    for (size_t k = 0; k < count; k++) {
      bad |= run_file(names[k]) != 0;
      runs++;
      free(names[k]);
    }
    free(names);
  }
  fprintf(stderr, "replay: %ld inputs\n", runs);
  return bad;
}
