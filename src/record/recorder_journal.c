/*
 * recorder_journal.c - nothing typed is lost: every line that changed the
 * hand in progress is kept in the database as it is accepted (the game's
 * journal, store.h), and `--resume` types them again.
 *
 * The journal is the text "hand N" and then the lines, one a line, as
 * rec_line spread them.  A line kept is one that was accepted (a row, an
 * undo, an edit, a dealer); a renege is kept with its line once the
 * scorekeeper says yes, and typed again with --yes's effect.  When the
 * hand is stored the journal is cleared (a line that also began the next
 * hand starts it again).  A journal whose hand is stored already (the
 * program stopped between the two writes) is stale and dropped.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "recorder_int.h"

#define JOURNAL_MAX (MAX_HAND_EVENTS * REC_LINE_MAX + 64) /* the most a hand's lines take */

/* Is a hand in progress (rows typed and not stored)? */
static bool in_progress(const Recorder *r) {
  return !r->committed && r->mode->typed(r);
}

/* Appends to the journal text; false when out of memory. */
static bool journal_add(Recorder *r, const char *text) {
  size_t len = strlen(text);
  if (r->journal_len + len + 2 > r->journal_cap) {
    size_t cap = (r->journal_cap ? r->journal_cap * 2 : 4096) + len;
    char *grown = realloc(r->journal, cap);
    if (!grown) return false;
    r->journal = grown;
    r->journal_cap = cap;
  }
  memcpy(r->journal + r->journal_len, text, len);
  r->journal_len += len;
  r->journal[r->journal_len++] = '\n';
  r->journal[r->journal_len] = 0;
  return true;
}

/* Keeps `line` (starting the journal with its hand when empty) and
 * writes the journal; REC_FAILED with diag when that fails. */
static RecResult journal_keep(Recorder *r, const char *line, RecResult rc, PnDiag *diag) {
  char head[32];
  snprintf(head, sizeof head, "hand %d", r->game.hands_played + 1);
  if ((r->journal_len == 0 && !journal_add(r, head)) || !journal_add(r, line)) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return REC_FAILED;
  }
  r->journal_count++;
  if (r->journal_off) return rc;
  if (store_journal_put(r->store, r->game_id, r->journal, diag) != 0) return REC_FAILED;
  return rc;
}

static RecResult journal_clear(Recorder *r, RecResult rc, PnDiag *diag) {
  r->journal_len = 0;
  r->journal_count = 0;
  if (r->journal) r->journal[0] = 0;
  if (r->journal_off) return rc;
  return store_journal_put(r->store, r->game_id, NULL, diag) != 0 ? REC_FAILED : rc;
}

RecResult journal_note(Recorder *r, const char *line, RecResult rc, PnDiag *diag) {
  if (!r->keep->journal || rc == REC_FAILED) return rc; /* --redo keeps the stored hand until `done` */
  if (rc == REC_PENDING) {
    if ((r->question == REC_ASK_RENEGE || r->question == REC_ASK_RENEGE_LINE) && !r->journal_pending[0]) /* the renege's line, kept if the answer is yes */
      snprintf(r->journal_pending, sizeof r->journal_pending, "%s", line);
    return rc;
  }
  char kept[REC_LINE_MAX];
  snprintf(kept, sizeof kept, "%s", r->journal_pending[0] ? r->journal_pending : line);
  bool answered = r->journal_pending[0] != 0;
  r->journal_pending[0] = 0;
  if (rc == REC_STORED) {
    rc = journal_clear(r, rc, diag);
    return rc == REC_STORED && !answered && in_progress(r) ? journal_keep(r, kept, rc, diag) : rc;
  }
  if (rc != REC_ACCEPTED) return rc;
  return journal_keep(r, kept, rc, diag);
}

/* Types the journal's lines again (the journal text, without its head);
 * the first that no longer fits (a shuffle from another --seed) goes into
 * lost, with why. */
static int journal_retype(Recorder *r, char *lines, int *count, char *last, char *lost, size_t size,
                          PnDiag *diag) {
  bool yes = r->auto_yes;
  r->auto_yes = true;
  r->journal_off = true;
  int rc = 0;
  for (char *save, *line = strtok_r(lines, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    RecResult got = rec_line(r, line, diag);
    if (got == REC_FAILED) {
      rc = PN_ERR_IO;
      break;
    }
    if (got == REC_ACCEPTED || got == REC_STORED) {
      (*count)++;
      snprintf(last, REC_LINE_MAX, "%s", line);
    } else if (!*lost) {
      snprintf(lost, size, "`%s`: %s", line, rec_text(r));
      lost[strcspn(lost, "\n")] = 0;
    }
  }
  r->auto_yes = yes;
  r->journal_off = false;
  return rc;
}

int rec_journal_resume(Recorder *r, PnDiag *diag) {
  if (!r->keep->journal) return 0;
  char *text = malloc(JOURNAL_MAX);
  if (!text) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return PN_ERR_IO;
  }
  int rc = store_journal_get(r->store, r->game_id, text, JOURNAL_MAX, diag);
  int hand = 0, count = 0;
  char last[REC_LINE_MAX] = "";
  if (rc < 0) goto done;
  char *body = rc == 1 ? strchr(text, '\n') : NULL;
  if (rc == 0 || sscanf(text, "hand %d", &hand) != 1 || hand != r->game.hands_played + 1 || !body) {
    rc = rc == 1 ? store_journal_put(r->store, r->game_id, NULL, diag) : 0; /* stale: its hand is stored */
    goto done;
  }
  char lost[REC_LINE_MAX + 200] = "";
  rc = journal_retype(r, body + 1, &count, last, lost, sizeof lost, diag);
  if (rc == 0 && r->journal_len) rc = store_journal_put(r->store, r->game_id, r->journal, diag);
  r->text_len = 0;
  if (r->text) r->text[0] = 0;
  if (rc == 0 && count)
    rec_say(r, "hand %d in progress: %d line%s kept, the last `%s`; going on after it\n", hand, count,
            count == 1 ? "" : "s", last);
  if (rc == 0 && *lost) rec_say(r, "warning: a kept line no longer fits and is dropped: %s\n", lost);
done:
  free(text);
  return rc < 0 ? rc : 0;
}
