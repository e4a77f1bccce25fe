/*
 * store_pg_lib.h - libpq, loaded when a postgresql:// database is first
 * opened instead of when pinochle starts (private to src/store).
 *
 * Why: libpq brings in about twenty libraries (OpenSSL, Kerberos, LDAP,
 * SASL...) that every run of pinochle, SQLite only or --version, would
 * load (pn_dl.h).  So the backend reaches libpq through one table of
 * function pointers filled once, and the PQ names below are macros over
 * that table: the backend's code reads as plain libpq.  libpq-fe.h still
 * gives the types, so a prototype that does not match is a compile
 * error, not a crash.
 *
 * store_pg_lib_load() must succeed before any PQ call (store_pg_open
 * calls it first); it is safe to call from several threads.
 */
#ifndef PN_STORE_PG_LIB_H
#define PN_STORE_PG_LIB_H

#include <libpq-fe.h>

#include "store_backend.h"

/* Every libpq function the backend calls: X(name). */
#define PG_LIB_FUNCTIONS(X)                                                                                       \
  X(PQclear) X(PQcmdStatus) X(PQcmdTuples) X(PQconnectdb) X(PQconsumeInput) X(PQerrorMessage) X(PQexec) X(PQexecParams) X(PQexecPrepared)           \
  X(PQfinish) X(PQflush) X(PQgetisnull) X(PQgetlength) X(PQgetResult) X(PQgetvalue) X(PQisBusy) X(PQisnonblocking) X(PQntuples) X(PQprepare)                 \
  X(PQputCopyData) X(PQputCopyEnd) X(PQresultErrorField) X(PQresultErrorMessage) X(PQresultStatus)                 \
  X(PQsendQuery) X(PQsendQueryParams) X(PQsetNoticeProcessor) X(PQsetnonblocking) X(PQsocket) X(PQstatus)

typedef struct PgLib {
#define PG_LIB_MEMBER(name) __typeof__(name) *name;
  PG_LIB_FUNCTIONS(PG_LIB_MEMBER)
#undef PG_LIB_MEMBER
} PgLib;

/* Loads libpq once; STORE_OK, or STORE_ERROR with a message saying what
 * to install. */
int store_pg_lib_load(PnDiag *diag);

/* The loaded table; only after store_pg_lib_load succeeded. */
const PgLib *store_pg_lib(void);

/* From here on, PQx(...) calls through the table (not in the loader,
 * which names the table's members). */
#ifndef PG_LIB_LOADER
#define PG_LIB_CALL(name) (store_pg_lib()->name)
#define PQclear PG_LIB_CALL(PQclear)
#define PQcmdStatus PG_LIB_CALL(PQcmdStatus)
#define PQcmdTuples PG_LIB_CALL(PQcmdTuples)
#define PQconnectdb PG_LIB_CALL(PQconnectdb)
#define PQconsumeInput PG_LIB_CALL(PQconsumeInput)
#define PQerrorMessage PG_LIB_CALL(PQerrorMessage)
#define PQexec PG_LIB_CALL(PQexec)
#define PQexecParams PG_LIB_CALL(PQexecParams)
#define PQexecPrepared PG_LIB_CALL(PQexecPrepared)
#define PQfinish PG_LIB_CALL(PQfinish)
#define PQflush PG_LIB_CALL(PQflush)
#define PQgetisnull PG_LIB_CALL(PQgetisnull)
#define PQgetlength PG_LIB_CALL(PQgetlength)
#define PQgetResult PG_LIB_CALL(PQgetResult)
#define PQgetvalue PG_LIB_CALL(PQgetvalue)
#define PQisBusy PG_LIB_CALL(PQisBusy)
#define PQisnonblocking PG_LIB_CALL(PQisnonblocking)
#define PQntuples PG_LIB_CALL(PQntuples)
#define PQprepare PG_LIB_CALL(PQprepare)
#define PQsendQuery PG_LIB_CALL(PQsendQuery)
#define PQsendQueryParams PG_LIB_CALL(PQsendQueryParams)
#define PQputCopyData PG_LIB_CALL(PQputCopyData)
#define PQputCopyEnd PG_LIB_CALL(PQputCopyEnd)
#define PQresultErrorField PG_LIB_CALL(PQresultErrorField)
#define PQresultErrorMessage PG_LIB_CALL(PQresultErrorMessage)
#define PQresultStatus PG_LIB_CALL(PQresultStatus)
#define PQsetNoticeProcessor PG_LIB_CALL(PQsetNoticeProcessor)
#define PQsetnonblocking PG_LIB_CALL(PQsetnonblocking)
#define PQsocket PG_LIB_CALL(PQsocket)
#define PQstatus PG_LIB_CALL(PQstatus)
#endif

#endif
