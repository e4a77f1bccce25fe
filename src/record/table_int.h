/*
 * table_int.h - what table.c and table_known.c share: the tricks of a
 * hand typed in table order, walked from its rows.
 */
#ifndef PN_TABLE_INT_H
#define PN_TABLE_INT_H

#include "recorder_int.h"

#define MAX_PLAYS (PN_MAX_HAND * PN_MAX_SEATS)

/* One play of the hand, with the trick as it stood before it. */
typedef struct Play {
  int index;                 /* in r->typed */
  int trick;                 /* 0-based */
  int seat;                  /* who played it */
  PnCard card;               /* the card */
  int count;                 /* cards in the trick before it */
  PnCard before[PN_MAX_SEATS]; /* those cards */
} Play;

/* The tricks as typed so far. */
typedef struct Tricks {
  int nplays;                /* plays[] used */
  Play plays[MAX_PLAYS];     /* every play, in order */
  int done;                  /* tricks completed */
  int next;                  /* seat to play next */
  int ntrick;                /* cards in the trick in progress */
  PnCard trick[PN_MAX_SEATS];/* its cards */
  int trick_seat[PN_MAX_SEATS]; /* who played each */
} Tricks;

/* table.c: the tricks of r->typed on the stand-in g. */
void table_walk_tricks(const Recorder *r, const PnGame *g, Tricks *t);

/* What is typed so far, as most table-order steps need it. */
typedef struct TableNow {
  PnGame game;   /* the stand-in of r->typed */
  Tricks tricks; /* its tricks, walked */
} TableNow;

/* table.c: the stand-in and its tricks in one allocation (free() it), or
 * NULL when memory runs out. */
TableNow *table_now(const Recorder *r);

/* table_known.c */
/* Checks everything typed so far (r->typed, on the stand-in g with the
 * tricks t) against every deal still possible.  Returns 0 when a deal
 * fits; 1 when one fits only if a seat that showed out of a suit still
 * held a card of it (a renege: said, to be confirmed); -1 when none fits
 * (said why: the line is to be refused).  *renege_seat (may be NULL):
 * bit s-1 when the renege said is seat s's holding a card it showed or
 * received, else 0. */
int table_check_known(Recorder *r, const PnGame *g, const Tricks *t, unsigned *renege_seat);
/* Checks a give, discard, widow or turn-up row before it is kept: its
 * size and seat, and that it is the first.
 * Returns 0, or -1 after saying why not. */
int table_check_exchange(Recorder *r, const PnGame *g, const PnEvent *ev);

#endif
