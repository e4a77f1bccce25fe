/*
 * review_run.c - every play of the selected hands reviewed and written as
 * text, CSV or JSON (review.h; docs/REPORTS.md, review); each hand's
 * review read back from the store when it was made with the same worlds,
 * seed and budget, else made and stored (review_store.h).
 */
#define _POSIX_C_SOURCE 200809L /* sysconf */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "codec.h"
#include "replay.h"
#include "review_int.h"
#include "review_store.h"
#include "writer.h"

/* The jobs to run: `jobs`, or with 0 one per core, 1 to RV_MAX_JOBS. */
static int review_jobs(int jobs) {
  if (jobs <= 0) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    jobs = cores > 0 ? (int)cores : 1;
  }
  return jobs < RV_MAX_JOBS ? jobs : RV_MAX_JOBS;
}

static const char *const CSV_HEADER[] = {"game", "hand", "seq", "seat", "decision",
                                         "chosen", "chosen_value", "best", "best_value", "cost"};

/* A decision's generator: the run's seed, the game, hand and seq, so a
 * decision gets the same deals whichever hands are selected with it. */
static void decision_rng(const RvRunOptions *o, const char *key, int hand, int seq, SimRng *rng) {
  uint64_t h = codec_hash(CODEC_HASH_SEED, &o->seed, sizeof o->seed);
  h = codec_hash_text(h, key);
  h = codec_hash(h, &hand, sizeof hand);
  h = codec_hash(h, &seq, sizeof seq);
  sim_rng_seed(rng, h);
}

static void fmt_value(char *buf, size_t size, bool known, double v) {
  if (known) snprintf(buf, size, "%.2f", v);
  else buf[0] = '\0';
}

/* Every pass fits a stored label: two characters a card, a space
 * between. */
_Static_assert(PN_MAX_PASS_CARDS * 3 <= RV_LABEL, "the most cards passed fit a label");

/* Alternative a as written into its label: a card, a trump's suit
 * letter, a bid or the cards passed (space-separated). */
static void label_alt(const RvDecision *d, int a, char label[RV_LABEL]) {
  if (d->kind == RV_BID) {
    if (d->amount[a]) snprintf(label, RV_LABEL, "%d", d->amount[a]);
    else snprintf(label, RV_LABEL, "pass");
  } else if (d->kind == RV_PASS) {
    pn_cards_str(&d->cards[a], label, RV_LABEL);
  } else if (d->kind == RV_TRUMP) {
    label[0] = pn_suit_char(d->alt[a]);
    label[1] = '\0';
  } else {
    pn_card_str(d->alt[a], label);
  }
}

/* A decision as written and stored: its alternatives as labels. */
static void verdict_of(const RvDecision *d, RvVerdict *v) {
  memset(v, 0, sizeof *v);
  v->seq = d->seq;
  v->seat = d->seat;
  v->kind = d->kind;
  v->valued = d->valued;
  v->worlds = d->worlds;
  v->nalts = d->nalts;
  v->chosen = d->chosen;
  v->best = d->best;
  for (int a = 0; a < d->nalts && a < RV_MAX_ALTS; a++) {
    label_alt(d, a, v->label[a]);
    v->value[a] = d->bound[a] ? NAN : d->value[a]; /* not a mean of every deal: kept as "none" */
  }
  v->cost = d->cost;
  v->cost_se = d->cost_se;
  v->p_make = d->p_make;
  v->best_share = d->best_share;
}

static void write_decision(FILE *out, int format, const char *key, int hand, const RvVerdict *d, bool *first) {
  char cv[32], bv[32], cost[32], hs[16], seq[16], seat[16];
  const char *chosen = d->nalts ? d->label[d->chosen] : "", *best = d->valued ? d->label[d->best] : "";
  fmt_value(cv, sizeof cv, d->valued, d->value[d->chosen]);
  fmt_value(bv, sizeof bv, d->valued, d->value[d->best]);
  fmt_value(cost, sizeof cost, d->valued, d->cost);
  snprintf(hs, sizeof hs, "%d", hand);
  snprintf(seq, sizeof seq, "%d", d->seq);
  snprintf(seat, sizeof seat, "%d", d->seat);
  if (format == OUT_CSV) {
    const char *cells[10] = {key, hs, seq, seat, review_kind_name(d->kind), chosen, d->valued ? cv : NULL,
                             d->valued ? best : NULL, d->valued ? bv : NULL, d->valued ? cost : NULL};
    out_csv_cells(out, 10, cells);
  } else if (format == OUT_JSON) {
    fputs(*first ? "\n    {\"game\": " : ",\n    {\"game\": ", out);
    out_json_string(out, key);
    fprintf(out, ", \"hand\": %d, \"seq\": %d, \"seat\": %d, \"decision\": \"%s\", \"chosen\": \"%s\", \"worlds\": %d",
            hand, d->seq, d->seat, review_kind_name(d->kind), chosen, d->worlds);
    if (d->valued)
      fprintf(out, ", \"chosen_value\": %s, \"best\": \"%s\", \"best_value\": %s, \"cost\": %s, \"cost_se\": %.2f, "
                   "\"alternatives\": {", cv, best, bv, cost, d->cost_se);
    else
      fputs(", \"chosen_value\": null, \"best\": null, \"best_value\": null, \"cost\": null, \"cost_se\": null, "
            "\"alternatives\": {", out);
    for (int a = 0; d->valued && a < d->nalts; a++) {
      fprintf(out, "%s\"%s\": ", a ? ", " : "", d->label[a]);
      if (isnan(d->value[a])) fputs("null", out); /* cannot be best: not solved in every deal */
      else fprintf(out, "%.2f", d->value[a]);
    }
    fputs("}", out);
    if (d->valued) fprintf(out, ", \"best_share\": %.4f", d->best_share);
    if (d->kind == RV_BID && d->valued) fprintf(out, ", \"p_make\": %.4f", d->p_make);
    fputs("}", out);
  } else {
    fprintf(out, "  %3d %4d %-8s %-6s %7s %-4s %7s %6s%s\n", d->seq, d->seat, review_kind_name(d->kind), chosen,
            d->valued ? cv : "-", d->valued ? best : "-", d->valued ? bv : "-", d->valued ? cost : "-",
            d->valued && d->cost > 0 ? "  !" : "");
    if (d->kind == RV_BID && d->valued) fprintf(out, "           P(make %s) = %.2f\n", chosen, d->p_make);
  }
  *first = false;
}

/* The run's state. */
typedef struct Run {
  Store *store;
  const RvRunOptions *opts;
  int jobs;          /* reviewers, each on its own thread (the first on the caller's) */
  Reviewer *rv[RV_MAX_JOBS]; /* one a job: a solver and its table are not shared */
  RvHistory *h;
  RvHandReview *hr;  /* the hand's review: read back, or made and then stored */
  FILE *out;
  RvRunStats *stats;
  bool first;        /* nothing written yet (JSON's commas) */
  long hands;        /* for opts->progress: hands selected (stats->hands: those done) */
} Run;

/* Writes decision d of the hand and keeps it for the store. */
static void keep_decision(Run *run, const StoreRow *row, const RvDecision *d) {
  if (run->hr->n >= RV_MAX_DECISIONS) return; /* not reached: a hand's plays, bid and trump */
  RvVerdict *v = &run->hr->d[run->hr->n++];
  verdict_of(d, v);
  run->stats->decisions++;
  if (!v->valued) run->stats->unvalued++;
  write_decision(run->out, run->opts->format, row->key, row->hand, v, &run->first);
}

/* One decision of a hand to review: what, where, and what came of it. */
typedef struct Task {
  RvKind kind;       /* RV_BID, RV_TRUMP, RV_PASS (event `at`) or RV_PLAY (play `at`) */
  int at;            /* the pass's event index, or the play's index */
  int rc;            /* the review's return */
  RvDecision d;      /* its result */
} Task;

/* A hand's decisions for the jobs. */
typedef struct HandJobs {
  Run *run;
  const StoreRow *row;
  int ntasks;        /* tasks[] used */
  Task *tasks;       /* in the order written: bid, trump, passes, plays */
  atomic_int done;   /* tasks done, for opts->progress */
} HandJobs;

/* The task's decision, on reviewer rv.  Each decision has its own deals
 * (decision_rng), so which job reviews it does not change them. */
static void run_task(const HandJobs *hj, Reviewer *rv, Task *t) {
  const Run *run = hj->run;
  const RvHistory *h = run->h;
  SimRng rng;
  int seq = t->kind == RV_PLAY ? h->seqs[h->play_event[t->at]] : t->kind == RV_PASS ? h->seqs[t->at]
          : h->seqs[h->trump_event] + (t->kind == RV_BID ? 100000 : 0); /* the bid's deals apart from the trump's */
  decision_rng(run->opts, hj->row->key, hj->row->hand, seq, &rng);
  memset(&t->d, 0, sizeof t->d);
  switch (t->kind) {
  case RV_BID: t->rc = review_bid(rv, h, &rng, &t->d); break;
  case RV_TRUMP: t->rc = review_trump(rv, h, &rng, &t->d); break;
  case RV_PASS: t->rc = review_pass(rv, h, t->at, &rng, &t->d); break;
  case RV_PLAY: t->rc = h->renege[t->at] ? -1 : review_play(rv, h, t->at, &rng, &t->d); break;
  }
}

/* Tells opts->progress, if any, how far the hand is: from the calling
 * thread only (the one with run->rv[0]). */
static void tell_progress(HandJobs *hj, int done) {
  const Run *run = hj->run;
  if (run->opts->progress) run->opts->progress(run->opts->ctx, run->stats->hands, run->hands, done, hj->ntasks);
}

/* Task u of the hand (review_crew_run's unit). */
static void task_unit(Reviewer *rv, int u, void *arg) {
  HandJobs *hj = arg;
  run_task(hj, rv, &hj->tasks[u]);
  int done = atomic_fetch_add(&hj->done, 1) + 1;
  if (rv == hj->run->rv[0]) tell_progress(hj, done);
}

/* The hand's decisions in the order written: the bid, trump and each
 * pass in the order made (opts->trump), then every play. */
static int hand_tasks(const Run *run, Task *tasks) {
  const RvHistory *h = run->h;
  int n = 0;
  if (run->opts->trump && h->trump_event >= 0) {
    tasks[n++] = (Task){.kind = RV_BID};
    tasks[n++] = (Task){.kind = RV_TRUMP};
    for (int i = h->trump_event; i < h->nevents; i++)
      if (h->events[i].action == PN_EV_GIVE && n < RV_MAX_DECISIONS - RV_MAX_PLAYS) tasks[n++] = (Task){.kind = RV_PASS, .at = i};
  }
  for (int p = 0; p < h->nplays; p++) tasks[n++] = (Task){.kind = RV_PLAY, .at = p};
  return n;
}

/* Reviews the hand's decisions on run->jobs threads, then keeps and
 * writes them in order: the output does not depend on the jobs.  False
 * when out of memory. */
static bool review_decisions(Run *run, const StoreRow *row) {
  HandJobs hj = {.run = run, .row = row, .tasks = malloc(RV_MAX_DECISIONS * sizeof *hj.tasks)};
  if (!hj.tasks) return false;
  hj.ntasks = hand_tasks(run, hj.tasks);
  atomic_init(&hj.done, 0);
  tell_progress(&hj, 0);
  /* the bid, trump and passes side by side, each with its deals valued
   * on every job's thread; the plays, a job each, in between */
  int plays_from = 0;
  while (plays_from < hj.ntasks && hj.tasks[plays_from].kind != RV_PLAY) plays_from++;
  review_crew_run_all(run->rv[0], 0, plays_from, hj.ntasks, task_unit, &hj);
  tell_progress(&hj, hj.ntasks); /* the last play may have been another job's */
  for (int i = 0; i < hj.ntasks; i++) {
    Task *t = &hj.tasks[i];
    if (t->kind != RV_PLAY && t->rc == 1) continue; /* no such decision in this hand */
    if (t->kind == RV_PLAY && t->rc != 0 && (run->h->renege[t->at] || t->d.nalts == 0)) {
      run->hr->skipped++; /* a renege has no legal card to compare with */
      run->stats->unvalued++;
      continue;
    }
    t->d.valued = t->d.valued && t->rc == 0;
    keep_decision(run, row, &t->d);
  }
  free(hj.tasks);
  return true;
}

/* The hand's stored review, when one was made with this run's worlds,
 * seed, budget and decisions: 1 (in run->hr), 0 none, < 0 on error. */
static int stored_review(Run *run, const StoreRow *row, PnDiag *diag) {
  int got = review_costs_of_row(run->store, row, run->hr, diag);
  if (got != 1) return got;
  const StoreReviewKey *k = &run->hr->made;
  return k->worlds == run->opts->worlds && k->seed == run->opts->seed && k->budget == run->opts->budget &&
         run->hr->trump == run->opts->trump;
}

/* What the review of this hand is valid for and made with. */
static StoreReviewKey review_key_of(const Run *run, const StoreRow *row) {
  return (StoreReviewKey){.rules_version = PN_RULES_VERSION, .key = analysis_key(row), .worlds = run->opts->worlds,
                          .seed = run->opts->seed, .budget = run->opts->budget};
}

static int review_hand(Run *run, const StoreRow *row, PnDiag *diag) {
  if (run->opts->format == OUT_TEXT)
    fprintf(run->out, "game %s hand %d\n  seq seat decision chosen   value best    best   cost\n", row->key, row->hand);
  int got = stored_review(run, row, diag);
  if (got < 0) return got;
  if (got == 1) { /* read back: written as it was when made */
    for (int i = 0; i < run->hr->n; i++) {
      const RvVerdict *v = &run->hr->d[i];
      run->stats->decisions++;
      run->stats->unvalued += !v->valued;
      write_decision(run->out, run->opts->format, row->key, row->hand, v, &run->first);
    }
    run->stats->unvalued += run->hr->skipped;
    run->stats->stored++;
  } else {
    memset(run->hr, 0, sizeof *run->hr);
    run->hr->trump = run->opts->trump;
    if (!review_decisions(run, row)) {
      snprintf(diag->msg, sizeof diag->msg, "out of memory");
      return PN_ERR_IO;
    }
    if (run->opts->store_results) {
      /* each hand kept as it is made (not one transaction for the run):
       * a run stopped after an hour keeps the hours' hands */
      StoreReviewKey k = review_key_of(run, row);
      uint8_t *buf = malloc(RV_STORE_MAX_BYTES);
      int rc = buf ? store_review_put(run->store, row->game_id, row->hand, &k, buf,
                                      review_encode(run->hr, buf), diag)
                   : PN_ERR_IO;
      if (!buf) snprintf(diag->msg, sizeof diag->msg, "out of memory");
      free(buf);
      if (rc != 0) return rc;
    }
  }
  if (run->opts->format == OUT_TEXT) fputc('\n', run->out);
  run->stats->hands++;
  return 0;
}

static int run_rows(Run *run, StoreCursor *c, int hand, PnDiag *diag) {
  PnGame *game = malloc(sizeof *game);
  if (!game) return PN_ERR_IO;
  StoreRow row;
  int rc;
  while ((rc = store_cursor_next(c, &row, diag)) == 1) {
    if (row.new_game) {
      PnRules rules;
      if ((rc = replay_rules(row.preset, row.options, row.noptions, &rules, diag)) != 0) break;
      pn_game_init(game, &rules);
    }
    if (row.hand == 0) continue;
    if ((rc = review_history(game, &row, run->h, diag)) != 0) break;
    if ((hand == 0 || row.hand == hand) && (rc = review_hand(run, &row, diag)) != 0) break;
  }
  free(game);
  return rc < 0 ? rc : 0;
}

int review_run(Store *store, const StoreFilter *filter, int hand, const RvRunOptions *opts, FILE *out,
               RvRunStats *stats, PnDiag *diag) {
  memset(stats, 0, sizeof *stats);
  Run run = {.store = store, .opts = opts, .out = out, .stats = stats, .first = true};
  StoreCursor *c = NULL;
  int rc = PN_ERR_IO;
  run.jobs = review_jobs(opts->jobs);
  bool made = true;
  for (int j = 0; j < run.jobs; j++) made = made && (run.rv[j] = review_new(opts->worlds, opts->budget)) != NULL;
  if (made) review_set_crew(run.rv[0], run.rv, run.jobs);
  run.h = malloc(sizeof *run.h);
  run.hr = malloc(sizeof *run.hr);
  if (!made || !run.h || !run.hr) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  if (opts->progress) {
    StoreFilter counted = filter ? *filter : (StoreFilter){0};
    counted.hand = hand;
    if ((rc = store_count_hands(store, &counted, &run.hands, diag)) != 0) goto done;
  }
  if ((rc = store_cursor_open(store, filter, &c, diag)) != 0) goto done;
  if (opts->format == OUT_CSV) out_csv_cells(out, 10, CSV_HEADER);
  if (opts->format == OUT_JSON) fputs("{\n  \"decisions\": [", out);
  rc = run_rows(&run, c, hand, diag);
  if (opts->format == OUT_JSON) fputs(run.first ? "]\n}\n" : "\n  ]\n}\n", out);
done:
  store_cursor_close(c);
  free(run.h);
  free(run.hr);
  for (int j = 0; j < run.jobs; j++) review_free(run.rv[j]);
  return rc;
}
