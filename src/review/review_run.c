/*
 * review_run.c - every play of the selected hands reviewed and written as
 * text, CSV or JSON (review.h; docs/REPORTS.md, review).
 */
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "replay.h"
#include "review.h"
#include "writer.h"

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

/* An alternative as written: a card, or a trump's suit letter. */
static const char *alt_str(const RvDecision *d, int a, char buf[12]) {
  if (d->kind == RV_BID) {
    if (d->amount[a]) snprintf(buf, 12, "%d", d->amount[a]);
    else snprintf(buf, 12, "pass");
    return buf;
  }
  if (d->kind != RV_TRUMP) return pn_card_str(d->alt[a], buf);
  buf[0] = pn_suit_char(d->alt[a]);
  buf[1] = '\0';
  return buf;
}

static void write_decision(FILE *out, int format, const char *key, int hand, const RvDecision *d, bool *first) {
  char chosen[12] = "", best[12] = "", cv[32], bv[32], cost[32], hs[16], seq[16], seat[16];
  if (d->nalts) alt_str(d, d->chosen, chosen);
  if (d->valued) alt_str(d, d->best, best);
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
      char c[12];
      fprintf(out, "%s\"%s\": ", a ? ", " : "", alt_str(d, a, c));
      if (d->bound[a]) fputs("null", out); /* no better than chosen: not solved exactly */
      else fprintf(out, "%.2f", d->value[a]);
    }
    fputs("}", out);
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
  const RvRunOptions *opts;
  Reviewer *rv;
  RvHistory *h;
  FILE *out;
  RvRunStats *stats;
  bool first;        /* nothing written yet (JSON's commas) */
} Run;

/* The bid or trump decision, when the hand has one the review takes. */
static void review_hand_trump(Run *run, const StoreRow *row, RvKind kind) {
  RvDecision d;
  SimRng rng;
  if (run->h->trump_event < 0) return;
  /* the bid's deals apart from the trump's: seeded as a seq no hand reaches */
  int seq = run->h->seqs[run->h->trump_event] + (kind == RV_BID ? 100000 : 0);
  decision_rng(run->opts, row->key, row->hand, seq, &rng);
  int rc = kind == RV_BID ? review_bid(run->rv, run->h, &rng, &d) : review_trump(run->rv, run->h, &rng, &d);
  if (rc == 1) return;
  if (rc != 0) run->stats->unvalued++;
  run->stats->decisions++;
  write_decision(run->out, run->opts->format, row->key, row->hand, &d, &run->first);
}

static void review_hand(Run *run, const StoreRow *row) {
  if (run->opts->format == OUT_TEXT)
    fprintf(run->out, "game %s hand %d\n  seq seat decision chosen   value best    best   cost\n", row->key, row->hand);
  if (run->opts->trump) review_hand_trump(run, row, RV_BID);
  if (run->opts->trump) review_hand_trump(run, row, RV_TRUMP);
  for (int p = 0; p < run->h->nplays; p++) {
    RvDecision d;
    SimRng rng;
    decision_rng(run->opts, row->key, row->hand, run->h->seqs[run->h->play_event[p]], &rng);
    if (run->h->renege[p] || review_play(run->rv, run->h, p, &rng, &d) != 0) {
      run->stats->unvalued++;
      if (run->h->renege[p] || d.nalts == 0) continue; /* a renege has no legal card to compare with */
    }
    run->stats->decisions++;
    write_decision(run->out, run->opts->format, row->key, row->hand, &d, &run->first);
  }
  if (run->opts->format == OUT_TEXT) fputc('\n', run->out);
  run->stats->hands++;
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
    if (hand == 0 || row.hand == hand) review_hand(run, &row);
  }
  free(game);
  return rc < 0 ? rc : 0;
}

int review_run(Store *store, const StoreFilter *filter, int hand, const RvRunOptions *opts, FILE *out,
               RvRunStats *stats, PnDiag *diag) {
  memset(stats, 0, sizeof *stats);
  Run run = {.opts = opts, .out = out, .stats = stats, .first = true};
  StoreCursor *c = NULL;
  int rc = PN_ERR_IO;
  run.rv = review_new(opts->worlds, opts->budget);
  run.h = malloc(sizeof *run.h);
  if (!run.rv || !run.h) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  if ((rc = store_cursor_open(store, filter, &c, diag)) != 0) goto done;
  if (opts->format == OUT_CSV) out_csv_cells(out, 10, CSV_HEADER);
  if (opts->format == OUT_JSON) fputs("{\n  \"decisions\": [", out);
  rc = run_rows(&run, c, hand, diag);
  if (opts->format == OUT_JSON) fputs(run.first ? "]\n}\n" : "\n  ]\n}\n", out);
done:
  store_cursor_close(c);
  free(run.h);
  review_free(run.rv);
  return rc;
}
