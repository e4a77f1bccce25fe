/*
 * web_record.c - the table recorder over HTTP (web_int.h): waits for the
 * recorder module (src/record) to reach this branch.
 */
#include <stdlib.h>

#include "web_int.h"

struct WebRecorders {
  int unused; /* no recorder yet */
};

WebRecorders *web_recorders_new(void) { return calloc(1, sizeof(WebRecorders)); }
void web_recorders_free(WebRecorders *recorders) { free(recorders); }

bool web_record_api(WebRecorders *recorders, Store *store, const char *method, int nseg, char **seg,
                    const char *body, size_t body_len, unsigned *status, char **out, size_t *len) {
  (void)recorders, (void)store, (void)method, (void)nseg, (void)seg, (void)body, (void)body_len, (void)status,
      (void)out, (void)len;
  return false;
}

void web_record_page(const ReportHtml *html, FILE *out) {
  report_html_begin(out, html, "Record a game");
  fputs("<h1>Record a game</h1>\n<p>Not available yet.</p>\n", out);
  report_html_end(out, html);
}
