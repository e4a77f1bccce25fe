/*
 * web_int.h - what web.c and web_record.c share (not for other modules).
 */
#ifndef PN_WEB_INT_H
#define PN_WEB_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report_html.h"
#include "store.h"

/* The recorders of the tables recording now, by game key. */
typedef struct WebRecorders WebRecorders;
/* NULL when out of memory; web_recorders_free(NULL) is a no-op. */
WebRecorders *web_recorders_new(void);
void web_recorders_free(WebRecorders *recorders);

/*
 * The recorder's API under /api/games (docs/WEB.md): nseg path segments
 * after "games" (0: POST /api/games; 1: GET /api/games/KEY, read only;
 * 2: POST /api/games/KEY/lines or /resume; 4: GET
 * /api/games/KEY/hands/N/lines, POST .../redo), the body (NUL-terminated,
 * may be NULL).  Returns
 * false when the request is not one of these (the caller routes it on);
 * true with *status and *body (JSON, malloc'd, *len bytes; NULL when out
 * of memory) otherwise.
 */
bool web_record_api(WebRecorders *recorders, Store *store, const char *method, int nseg, char **seg,
                    const char *body, size_t body_len, unsigned *status, char **out, size_t *len);

/* The page of /record. */
void web_record_page(const ReportHtml *html, FILE *out);

/* The editor page of stored hand `hand` of game key (/games/KEY/hands/N/edit);
 * 0, or PN_ERR_NOT_FOUND (no such game or hand) or another code with diag. */
int web_record_edit_page(const ReportHtml *html, Store *store, const char *key, int hand, FILE *out, PnDiag *diag);

/* /favicon.ico (*len bytes), malloc'd, or NULL. */
char *web_favicon(size_t *len);

/* {"error": message} and a newline, malloc'd (*len bytes), or NULL. */
char *web_json_error_text(const char *message, size_t *len);

#endif
