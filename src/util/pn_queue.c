/* pn_queue.c - the work queue of slots in states (pn_queue.h). */
#include "pn_queue.h"

#include <string.h>

static void lock(PnQueue *q) {
  if (q->threaded) pthread_mutex_lock(&q->lock);
}

static void unlock(PnQueue *q) {
  if (q->threaded) pthread_mutex_unlock(&q->lock);
}

int pn_queue_init(PnQueue *q, int nslots, bool threaded) {
  memset(q, 0, sizeof *q);
  if (nslots < 1 || nslots > PN_QUEUE_MAX_SLOTS) return -1;
  q->nslots = nslots;
  if (!threaded) return 0;
  if (pthread_mutex_init(&q->lock, NULL) != 0) return -1;
  if (pthread_cond_init(&q->changed, NULL) != 0) {
    pthread_mutex_destroy(&q->lock);
    return -1;
  }
  q->threaded = true;
  return 0;
}

void pn_queue_destroy(PnQueue *q) {
  if (!q->threaded) return;
  pthread_cond_destroy(&q->changed);
  pthread_mutex_destroy(&q->lock);
  q->threaded = false;
}

int pn_queue_state(PnQueue *q, int slot) {
  lock(q);
  int state = q->state[slot];
  unlock(q);
  return state;
}

void pn_queue_set(PnQueue *q, int slot, int state) {
  lock(q);
  q->state[slot] = state;
  if (q->threaded) pthread_cond_broadcast(&q->changed);
  unlock(q);
}

bool pn_queue_wait(PnQueue *q, int slot, int state) {
  lock(q);
  while (q->state[slot] != state && !q->stop && q->threaded) pthread_cond_wait(&q->changed, &q->lock);
  bool there = q->state[slot] == state && !q->stop;
  unlock(q);
  return there;
}

int pn_queue_claim(PnQueue *q, int from, int to) {
  lock(q);
  int slot = -1;
  for (;;) {
    for (int i = 0; i < q->nslots && slot < 0; i++)
      if (q->state[i] == from) slot = i;
    if (slot >= 0 || q->stop || !q->threaded) break;
    pthread_cond_wait(&q->changed, &q->lock);
  }
  if (slot >= 0) q->state[slot] = to;
  unlock(q);
  return slot;
}

int pn_queue_count(PnQueue *q, int state) {
  lock(q);
  int n = 0;
  for (int i = 0; i < q->nslots; i++) n += q->state[i] == state;
  unlock(q);
  return n;
}

void pn_queue_stop(PnQueue *q, int drop) {
  lock(q);
  q->stop = true;
  for (int i = 0; i < q->nslots; i++)
    if (drop >= 0 && q->state[i] == drop) q->state[i] = 0;
  if (q->threaded) pthread_cond_broadcast(&q->changed);
  unlock(q);
}
