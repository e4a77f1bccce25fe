/* review_int.h - what the review's files share (not part of review.h). */
#ifndef PN_REVIEW_INT_H
#define PN_REVIEW_INT_H

#include "dd.h"
#include "review.h"

#define RV_BATCH_WORLDS 4 /* plays: deals added at a time after the first batch */

struct Reviewer {
  PnDdSolver solver; /* owned */
  void *table;       /* owned: its transposition table */
  int worlds;        /* deals per decision */
  long budget;       /* nodes per solve, 0 = none */
  bool all_values;   /* plays: every alternative exact (review_set_all_values) */
  int min_worlds;    /* plays: deals of the first batch (review_set_sequential) */
  double se_target;  /* plays: no more deals once the cost's standard error is at most this */
};

#endif
