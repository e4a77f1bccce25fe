/*
 * pn_buf.h - the one growable array and byte buffer of the application
 * (pure libc; every layer but src/rules, which allocates nothing).
 *
 * Growing works one way everywhere: capacity doubles from a first size
 * until the request fits, and a failed allocation leaves the array as it
 * was, so the caller can report "out of memory" and still free it.
 *
 * Typed arrays stay typed: a caller keeps `T *items; size_t n, cap;` and
 * asks for room with PN_VEC_RESERVE(items, cap, n + 1) before writing
 * items[n].  Bytes (text arenas, encoded blobs) use PnBuf, whose appends
 * return the offset of what they added: offsets stay valid when the
 * buffer moves, pointers do not.
 */
#ifndef PN_BUF_H
#define PN_BUF_H

#include <stddef.h>

#include "pn_err.h"

/* Makes *items (a pointer to an array of `size`-byte items, capacity
 * *cap, NULL when 0) hold at least `need` items.  The array is the
 * caller's: it frees it with free().  Returns 0, or PN_ERR_IO when out
 * of memory or when the size overflows (then *items and *cap are
 * unchanged). */
int pn_vec_reserve(void *items, size_t *cap, size_t need, size_t size);
#define PN_VEC_RESERVE(items, cap, need) pn_vec_reserve(&(items), &(cap), (need), sizeof *(items))
/* True when there is room for items[n] (the array holding n), grown if need be. */
#define PN_VEC_ROOM_FOR_ONE(items, cap, n) (PN_VEC_RESERVE(items, cap, (size_t)(n) + 1) == 0)

/* Growable bytes.  Start from {0}; owned by whoever holds the struct,
 * released with pn_buf_free. */
typedef struct PnBuf {
  unsigned char *data;         /* malloc'd, NULL until the first byte */
  size_t len, cap;             /* bytes used and allocated */
} PnBuf;

/* Room for `more` bytes after len; 0 or PN_ERR_IO (out of memory,
 * unchanged). */
int pn_buf_grow_(PnBuf *buf, size_t more);
static inline int pn_buf_reserve(PnBuf *buf, size_t more) {
  return buf->cap - buf->len >= more ? 0 : pn_buf_grow_(buf, more);
}
/* Appends len bytes (data may be NULL when len is 0); *off (if not NULL)
 * gets where they start.  Returns 0 or PN_ERR_IO (out of memory,
 * unchanged). */
int pn_buf_append(PnBuf *buf, const void *data, size_t len, size_t *off);
/* Appends s (NULL reads as "") and its NUL; *off as above.  0 or
 * PN_ERR_IO (out of memory). */
int pn_buf_append_str(PnBuf *buf, const char *s, size_t *off);
/* Empties the buffer, keeping its memory. */
static inline void pn_buf_clear(PnBuf *buf) { buf->len = 0; }
/* Frees the bytes; the buffer is {0} after.  NULL data is fine. */
void pn_buf_free(PnBuf *buf);

#endif
