/* pn_buf.c - the growable array and byte buffer (pn_buf.h). */
#include "pn_buf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { FIRST_ITEMS = 16 }; /* small enough for a game's tags, large enough to skip the first doublings */

int pn_vec_reserve(void *items, size_t *cap, size_t need, size_t size) {
  if (need <= *cap) return 0;
  if (size == 0 || need > SIZE_MAX / 2 / size) return PN_ERR_IO;
  size_t n = *cap ? *cap : FIRST_ITEMS;
  while (n < need) n *= 2;
  /* items points at the caller's T*: read and write it as bytes, so any
   * object pointer type works without a cast through void ** */
  void *old;
  memcpy(&old, items, sizeof old);
  void *grown = realloc(old, n * size);
  if (grown == NULL) return PN_ERR_IO;
  memcpy(items, &grown, sizeof grown);
  *cap = n;
  return 0;
}

int pn_buf_grow_(PnBuf *buf, size_t more) {
  if (more > SIZE_MAX / 2 - buf->len) return PN_ERR_IO;
  size_t need = buf->len + more;
  if (need < 256) need = 256; /* bytes come as strings and blobs: skip the tiny sizes */
  return pn_vec_reserve(&buf->data, &buf->cap, need, 1);
}

int pn_buf_append(PnBuf *buf, const void *data, size_t len, size_t *off) {
  if (pn_buf_reserve(buf, len) != 0) return PN_ERR_IO;
  if (off) *off = buf->len;
  if (len) memcpy(buf->data + buf->len, data, len);
  buf->len += len;
  return 0;
}

int pn_buf_append_str(PnBuf *buf, const char *s, size_t *off) {
  if (s == NULL) s = "";
  return pn_buf_append(buf, s, strlen(s) + 1, off);
}

void pn_buf_free(PnBuf *buf) {
  free(buf->data);
  buf->data = NULL;
  buf->len = buf->cap = 0;
}
