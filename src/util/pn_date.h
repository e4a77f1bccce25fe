/*
 * pn_date.h - civil dates as day numbers, for the simulator's dates and
 * the charts' date axes: days since 1970-01-01 in the proleptic Gregorian
 * calendar (Howard Hinnant's days_from_civil and civil_from_days).  Pure
 * libc.
 */
#ifndef PN_DATE_H
#define PN_DATE_H

/* The day number of year y, month m (1-12), day d (1-31). */
long pn_days_from_civil(long y, int m, int d);
/* The year, month (1-12) and day (1-31) of a day number. */
void pn_civil_from_days(long day, long *y, int *m, int *d);

#endif
