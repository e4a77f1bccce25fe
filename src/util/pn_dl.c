/*
 * pn_dl.c - libraries loaded on first use (pn_dl.h says why).
 */
#include "pn_dl.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int pn_dl_load(const char *soname, const char *package, const char *const names[], void *const slots[], size_t count,
               char *why, size_t why_size) {
  void *lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) {
    snprintf(why, why_size, "cannot load %s (apt-get install %s): %s", soname, package, dlerror());
    return -1;
  }
  for (size_t i = 0; i < count; i++) {
    void *symbol = dlsym(lib, names[i]);
    if (symbol == NULL) {
      snprintf(why, why_size, "%s has no %s (too old a version?)", soname, names[i]);
      return -1;
    }
    /* POSIX lets an object pointer from dlsym become a function pointer;
     * copying its bytes says so without the cast ISO C forbids. */
    memcpy(slots[i], &symbol, sizeof symbol);
  }
  return 0;
}
