/*
 * recorder_lines.c - the lines of the hand in progress, numbered, and any
 * of them replaced, inserted or deleted: `lines`, `edit N LINE`, `insert
 * N LINE`, `delete N`, whichever way the hand is typed (the deal first or
 * table order: r->mode takes the lines back).
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

#include "recorder_int.h"

/* Puts back the recorder as it was before a change (`snap`), but for the
 * words said since, which say why. */
static void snap_put(Recorder *r, const Recorder *snap) {
  char *text = r->text;
  size_t len = r->text_len, cap = r->text_cap;
  bool lost = r->text_lost;
  memcpy(r, snap, sizeof *r);
  r->text = text;
  r->text_len = len;
  r->text_cap = cap;
  r->text_lost = lost;
}

RecResult rec_show_lines(Recorder *r) {
  if (r->lines == 0 || r->keep->final(r)) {
    rec_say(r, "no lines yet in this hand\n");
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
  if (at < 1 || at > last) {
    if (last < 1 || r->keep->final(r)) rec_say(r, "error: no lines yet in this hand\n");
    else rec_say(r, "error: %s takes a line number from 1 to %d (`lines` lists them)\n", what, last);
    return false;
  }
  return true;
}

RecResult rec_rewrite(Recorder *r, int at, int drop, const char *text, PnDiag *diag) {
  const char *what = !text ? "delete" : drop ? "edit" : "insert";
  if (!check_at(r, at, r->keep->final(r) ? 0 : r->lines + (drop ? 0 : 1), what)) return REC_REFUSED;
  Recorder *snap = malloc(sizeof *snap);
  char (*texts)[REC_LINE_MAX] = malloc(sizeof(char[REC_LINE_MAX]) * (MAX_HAND_EVENTS + 1));
  RecResult rc = REC_FAILED;
  if (!snap || !texts) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  memcpy(snap, r, sizeof *snap);
  int n = 0;
  if (text) snprintf(texts[n++], REC_LINE_MAX, "%s", text);
  for (int line = at + drop; line <= r->lines; line++) snprintf(texts[n++], REC_LINE_MAX, "%s", r->line_text[line]);
  r->mode->truncate(r, at);
  char why[REC_LINE_MAX + 160] = "";
  rc = REC_ACCEPTED; /* deleting the last line types none again */
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
