/* review_int.h - what the review's files share (not part of review.h). */
#ifndef PN_REVIEW_INT_H
#define PN_REVIEW_INT_H

#include "dd.h"
#include "review.h"

struct Reviewer {
  PnDdSolver solver; /* owned */
  void *table;       /* owned: its transposition table */
  int worlds;        /* deals per decision */
  long budget;       /* nodes per solve, 0 = none */
};

#endif
