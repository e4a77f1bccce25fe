/*
 * table_lines.c - the lines of a hand typed in table order, numbered, and
 * any of them replaced, inserted or deleted: `lines`, `edit N LINE`,
 * `insert N LINE`, `delete N`.
 *
 * A change takes back the lines from N on and types them again (the new
 * one first), each checked as when it was first typed, so every later
 * line is re-checked against the change.  When one no longer fits, it is
 * named with its error and the hand is left as it was.  Reneges found
 * while the lines are typed again are recorded as played (the lines were
 * confirmed once; the words say which).
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table_int.h"

/* What a change may have to put back. */
typedef struct TableSnap {
  PnEvent typed[MAX_HAND_EVENTS];           /* r->typed */
  int typed_line[MAX_HAND_EVENTS];          /* r->typed_line */
  int told[MAX_HAND_EVENTS];                /* r->told */
  int ntyped, lines, voids_waived;          /* the counts */
  char line_text[MAX_HAND_EVENTS + 1][REC_LINE_MAX]; /* r->line_text */
} TableSnap;

static void snap_take(const Recorder *r, TableSnap *s) {
  memcpy(s->typed, r->typed, sizeof s->typed);
  memcpy(s->typed_line, r->typed_line, sizeof s->typed_line);
  memcpy(s->told, r->told, sizeof s->told);
  memcpy(s->line_text, r->line_text, sizeof s->line_text);
  s->ntyped = r->ntyped;
  s->lines = r->lines;
  s->voids_waived = r->voids_waived;
}

static void snap_put(Recorder *r, const TableSnap *s) {
  memcpy(r->typed, s->typed, sizeof s->typed);
  memcpy(r->typed_line, s->typed_line, sizeof s->typed_line);
  memcpy(r->told, s->told, sizeof s->told);
  memcpy(r->line_text, s->line_text, sizeof s->line_text);
  r->ntyped = s->ntyped;
  r->lines = s->lines;
  r->voids_waived = s->voids_waived;
  r->table = true;
}

RecResult table_show_lines(Recorder *r) {
  if (!r->table || r->lines == 0) {
    rec_say(r, "no lines yet in this hand%s\n", r->table ? "" : " typed in table order");
    return REC_INFO;
  }
  for (int n = 1; n <= r->lines; n++) rec_say(r, "%3d  %s\n", n, r->line_text[n]);
  return REC_INFO;
}

/* Types `text` again as line r->lines + 1; on a refusal puts its words
 * (without "error: ") into why.  The words of an accepted line are
 * dropped, but for a hand it stored. */
static RecResult retype(Recorder *r, const char *text, char *why, size_t size, PnDiag *diag) {
  size_t mark = r->text_len;
  char *copy = spread_card_runs(r, text);
  if (!copy) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return REC_FAILED;
  }
  snprintf(r->line_now, sizeof r->line_now, "%s", text);
  RecResult rc = rec_handle_text(r, copy, diag);
  free(copy);
  if (rc == REC_REFUSED || rc == REC_PENDING) {
    const char *said = r->text ? r->text + mark : "";
    if (strncmp(said, "error: ", 7) == 0) said += 7;
    snprintf(why, size, "%s", said);
    why[strcspn(why, "\n")] = 0;
  }
  if (rc != REC_STORED && r->text) {
    r->text_len = mark;
    r->text[mark] = 0;
  }
  return rc;
}

/* Types the lines texts[0..n) again from line `at`; returns the index of
 * the first that does not fit (its words in why), or -1. */
static int retype_all(Recorder *r, char (*texts)[REC_LINE_MAX], int n, char *why, size_t size, RecResult *rc,
                      PnDiag *diag) {
  bool yes = r->auto_yes;
  r->auto_yes = true; /* reneges typed once were confirmed once */
  int bad = -1;
  for (int i = 0; i < n && bad < 0; i++) {
    r->hold_finish = i + 1 < n; /* a hand complete before its last line is not stored: that line is refused */
    *rc = retype(r, texts[i], why, size, diag);
    if (*rc != REC_ACCEPTED && *rc != REC_STORED && *rc != REC_NOTHING) bad = i;
  }
  r->hold_finish = false;
  r->auto_yes = yes;
  return bad;
}

static bool check_at(Recorder *r, int at, int last, const char *what) {
  if (!r->table) {
    rec_say(r, "error: %s works on a hand typed in table order (no deal rows): use undo\n", what);
    return false;
  }
  if (at < 1 || at > last) {
    if (last < 1) rec_say(r, "error: no lines yet in this hand\n");
    else rec_say(r, "error: %s takes a line number from 1 to %d (`lines` lists them)\n", what, last);
    return false;
  }
  return true;
}

RecResult table_rewrite(Recorder *r, int at, int drop, const char *text, PnDiag *diag) {
  const char *what = !text ? "delete" : drop ? "edit" : "insert";
  if (!check_at(r, at, r->lines + (drop ? 0 : 1), what)) return REC_REFUSED;
  TableSnap *snap = malloc(sizeof *snap);
  char (*texts)[REC_LINE_MAX] = malloc(sizeof(char[REC_LINE_MAX]) * (MAX_HAND_EVENTS + 1));
  RecResult rc = REC_FAILED;
  if (!snap || !texts) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  snap_take(r, snap);
  int n = 0;
  if (text) snprintf(texts[n++], REC_LINE_MAX, "%s", text);
  for (int line = at + drop; line <= r->lines; line++) snprintf(texts[n++], REC_LINE_MAX, "%s", r->line_text[line]);
  table_truncate(r, at);
  char why[REC_LINE_MAX + 160] = "";
  int bad = retype_all(r, texts, n, why, sizeof why, &rc, diag);
  if (rc == REC_FAILED) goto done;
  if (bad >= 0) {
    snap_put(r, snap);
    int line = text && bad == 0 ? at : at + drop + bad - (text ? 1 : 0);
    if (text && bad == 0) rec_say(r, "error: %s\n", why);
    else rec_say(r, "error: line %d (%s) no longer fits: %s; nothing is changed\n", line, snap->line_text[line], why);
    rc = REC_REFUSED;
    goto done;
  }
  if (rc != REC_STORED) {
    rec_say(r, "%s line %d", text ? (drop ? "edited" : "inserted") : "deleted", at);
    if (n > (text ? 1 : 0)) rec_say(r, "; the %d line%s after it still fit", n - (text ? 1 : 0), n - (text ? 1 : 0) == 1 ? "" : "s");
    rec_say(r, "\n");
    rc = REC_ACCEPTED;
  }
done:
  free(snap);
  free(texts);
  return rc;
}
