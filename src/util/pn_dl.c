/*
 * pn_dl.c - libraries loaded on first use (pn_dl.h says why).
 */
#include "pn_dl.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static void load(PnDlLib *lib) {
  void *handle = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    snprintf(lib->why, sizeof lib->why, "cannot load %s (apt-get install %s): %s", lib->soname, lib->package,
             dlerror());
    return;
  }
  for (size_t i = 0; i < lib->count; i++) {
    void *symbol = dlsym(handle, lib->names[i]);
    if (symbol == NULL) {
      snprintf(lib->why, sizeof lib->why, "%s has no %s (too old a version?)", lib->soname, lib->names[i]);
      return;
    }
    /* POSIX lets an object pointer from dlsym become a function pointer;
     * copying its bytes says so without the cast ISO C forbids. */
    memcpy(lib->slots[i], &symbol, sizeof symbol);
  }
}

const char *pn_dl_need(PnDlLib *lib) {
  pthread_mutex_lock(&lib->lock);
  if (!lib->tried) load(lib);
  lib->tried = true;
  pthread_mutex_unlock(&lib->lock);
  return lib->why[0] ? lib->why : NULL;
}
