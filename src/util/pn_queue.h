/*
 * pn_queue.h - the work queue the reading-ahead and replaying threads
 * share: a ring of slots (the caller's batches, by index), each in a
 * state the caller names (0 = free), moved between threads under one
 * mutex and one condition variable.
 *
 * Who does what is the caller's protocol; the queue only makes each
 * state change visible and lets a thread wait for one:
 *   - csv_reader: the parsing thread waits for slot k free, fills it,
 *     marks it ready; the reader waits for slot k ready, reads it, frees it.
 *   - replay_run: the caller fills slots in turn and marks them filled; any
 *     worker claims a filled slot, replays it, marks it done; the caller
 *     waits for the oldest to be done, reports it, frees it.
 * A queue made without threads (threaded false) takes no lock: the same
 * calls then run the protocol on one thread (a wait must already hold).
 */
#ifndef PN_QUEUE_H
#define PN_QUEUE_H

#include <pthread.h>
#include <stdbool.h>

enum { PN_QUEUE_MAX_SLOTS = 16 };

typedef struct PnQueue {
  int nslots;                          /* slots in use, <= PN_QUEUE_MAX_SLOTS */
  bool threaded;                       /* lock and wait (else one thread, no lock) */
  bool stop;                           /* pn_queue_stop was called */
  int state[PN_QUEUE_MAX_SLOTS];       /* each slot's state; 0 at first */
  pthread_mutex_t lock;                /* guards stop and state[] */
  pthread_cond_t changed;              /* a state changed, or stop */
} PnQueue;

/* nslots slots, all in state 0.  Returns 0, or -1 (too many slots, or
 * the mutex or condition could not be made: the caller runs on one
 * thread, with threaded false, which cannot fail). */
int pn_queue_init(PnQueue *queue, int nslots, bool threaded);
/* Releases the mutex and condition; every other thread has finished. */
void pn_queue_destroy(PnQueue *queue);

/* The slot's state now. */
int pn_queue_state(PnQueue *queue, int slot);
/* Sets the slot's state and wakes every waiting thread. */
void pn_queue_set(PnQueue *queue, int slot, int state);
/* Waits until the slot is in `state` (true) or the queue is stopped
 * (false, even for a slot already there: a stopped queue starts nothing).
 * Without threads it does not wait: true if the slot is there. */
bool pn_queue_wait(PnQueue *queue, int slot, int state);
/* Waits for any slot in state `from` (the lowest-numbered), moves it to
 * `to` and returns it; -1 once the queue is stopped and none is left. */
int pn_queue_claim(PnQueue *queue, int from, int to);
/* The number of slots in `state`. */
int pn_queue_count(PnQueue *queue, int state);
/* Stops the queue: slots in state `drop` (-1: none) go to state 0, so
 * that work not yet claimed is not started; waiting threads wake. */
void pn_queue_stop(PnQueue *queue, int drop);

#endif
