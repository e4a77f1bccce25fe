/* replay.c - stored hands through the engine, findings in words (replay.h). */
#include "replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const SUIT_NAMES[PN_SUITS] = {"spades", "hearts", "diamonds", "clubs"};
static const char *const SUIT_SINGULAR[PN_SUITS] = {"spade", "heart", "diamond", "club"};

const char *replay_suit_name(int suit) { return suit >= 0 && suit < PN_SUITS ? SUIT_NAMES[suit] : "?"; }
const char *replay_suit_singular(int suit) {
  return suit >= 0 && suit < PN_SUITS ? SUIT_SINGULAR[suit] : "?";
}

int replay_rules(const char *preset, const char *const *options, int noptions, PnRules *rules, PnDiag *diag) {
  if (pn_rules_preset(rules, preset) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "unknown variant '%s'", preset);
    return PN_ERR_CORRUPT;
  }
  for (int i = 0; i < noptions; i++) { /* each option whole, as the cursor gives it */
    char err[160];
    if (pn_rules_set_option(rules, options[i], err, sizeof err) != 0) {
      snprintf(diag->msg, sizeof diag->msg, "stored option: %s", err);
      return PN_ERR_CORRUPT;
    }
  }
  return 0;
}

/* Every sentence below fits ReplayFinding.detail whole, so none is cut
 * short: each part is held in a buffer sized from the engine's limits
 * (the name, the players' own words, is cut at NAME_SIZE - 1 bytes), and
 * the longest sentence, a two-hand meld that scores nothing (the name,
 * 48 cards, the longest meld name and 149 bytes of words), is shorter
 * than detail.  GCC's -Wformat-truncation checks the same sums. */
enum {
  NAME_SIZE = 88,                           /* "NAME (seat N)" */
  SO_FAR_SIZE = PN_MAX_SEATS * 3 + 1,       /* the trick before the play */
  EVIDENCE_SIZE = PN_MAX_HAND * 3 + 1,      /* cards held: at most a hand */
  CARDS_SIZE = PN_MAX_EVENT_CARDS * 3 + 1,  /* the cards of one event */
  MELD_NAME_MAX = 15,                       /* "double-pinochle" */
  MELD_WORDS = 149,                         /* the words of that sentence */
};
_Static_assert(NAME_SIZE + CARDS_SIZE + MELD_NAME_MAX + MELD_WORDS <= sizeof ((ReplayFinding *)0)->detail,
               "a finding's sentence must fit ReplayFinding.detail");

/* "Cal (seat 3)" */
static void who(const StoreRow *row, int seat, char *buf, size_t size) {
  const char *name = seat >= 1 && seat <= row->nplayers ? row->players[seat - 1] : NULL;
  if (name && *name) snprintf(buf, size, "%s (seat %d)", name, seat);
  else snprintf(buf, size, "seat %d", seat);
}

static void list_cards(const PnCard *cards, int n, char *buf, size_t size) {
  size_t at = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && at + 4 < size; i++) {
    char two[3];
    at += (size_t)snprintf(buf + at, size - at, "%s%s", i ? " " : "", pn_card_str(cards[i], two));
  }
}

/* The sentence for a renege, from the trick as it stood before the play. */
static void describe_renege(const StoreRow *row, const PnEvent *ev, const PnFinding *f, const PnCard *trick,
                            int ntrick, bool head_led, char *out, size_t size) {
  char name[NAME_SIZE], so_far[SO_FAR_SIZE], evidence[EVIDENCE_SIZE], card[3];
  who(row, ev->seat, name, sizeof name);
  list_cards(trick, ntrick, so_far, sizeof so_far);
  pn_cards_str(&f->evidence, evidence, sizeof evidence);
  pn_card_str(ev->cards[0], card);
  int led = PN_SUIT(trick[0]);
  const char *lead = replay_suit_singular(led);
  switch (f->kind) {
  case PN_FIND_RENEGE_FOLLOW:
    snprintf(out, size, "%s played %s to a %s lead (%s so far) while holding %s: must follow suit (renege-follow)",
             name, card, lead, so_far, evidence);
    break;
  case PN_FIND_RENEGE_HEAD:
    snprintf(out, size, "%s played %s to a %s lead (%s so far) while holding %s: must beat the %s (renege-head)",
             name, card, lead, so_far, evidence, head_led ? "best card of the suit led" : "winning card");
    break;
  case PN_FIND_RENEGE_TRUMP:
    snprintf(out, size,
             "%s played %s to a %s lead (%s so far), void in %s, while holding trump %s: must trump (renege-trump)",
             name, card, lead, so_far, replay_suit_name(led), evidence);
    break;
  default:
    snprintf(out, size, "%s played %s to a %s lead (%s so far) while holding %s: must overtrump (renege-overtrump)",
             name, card, lead, so_far, evidence);
    break;
  }
}

static void describe(const StoreRow *row, const PnGame *before, const PnEvent *ev, const PnFinding *f,
                     char *out, size_t size) {
  char name[NAME_SIZE], cards[CARDS_SIZE];
  who(row, f->seat ? f->seat : ev->seat, name, sizeof name);
  list_cards(ev->cards, ev->ncards, cards, sizeof cards);
  switch (f->kind) {
  case PN_FIND_BID_TOO_LOW:
    snprintf(out, size, "%s bid %d: the lowest good bid was %d (bid-too-low)", name, f->claimed, f->computed);
    break;
  case PN_FIND_BID_AFTER_PASS:
    snprintf(out, size, "%s bid %d after passing: the bid does not count (bid-after-pass)", name, f->claimed);
    break;
  case PN_FIND_MELD_CLAIM:
    if (ev->action == PN_EV_DIX)
      snprintf(out, size, "%s counted a second dix after one trick: it scores nothing (meld-claim)", name);
    else if (before->rules.flow == PN_FLOW_TWO_HAND && f->computed > 0)
      snprintf(out, size, "%s claimed %d for the meld %s; it is worth %d (meld-claim)", name, f->claimed, cards,
               f->computed);
    else if (before->rules.flow == PN_FLOW_TWO_HAND)
      snprintf(out, size,
               "%s melded %s%s%s: it scores nothing (not that meld, no new card from the hand, a card "
               "reused in its class, or a second meld after one trick) (meld-claim)",
               name, cards, ev->meld >= 0 ? " as " : "", ev->meld >= 0 ? pn_meld_name((PnMeldKind)ev->meld) : "");
    else
      snprintf(out, size, "%s claimed %d meld for %s; it is worth %d (meld-claim)", name, f->claimed, cards,
               f->computed);
    break;
  case PN_FIND_TRUMP_WITHOUT_MARRIAGE:
    snprintf(out, size, "%s named %s trump without %s in %s: the bidder is set (trump-without-marriage)", name,
             replay_suit_name(ev->suit),
             before->rules.trump_req == PN_TRUMPREQ_MARRIAGE_OR_DIX ? "a marriage or the dix" : "a marriage",
             replay_suit_name(ev->suit));
    break;
  case PN_FIND_SCORE_CLAIM:
    snprintf(out, size, "%s claimed a hand score of %d; the rules give %d (score-claim)", name, f->claimed,
             f->computed);
    break;
  default:
    snprintf(out, size, "%s: %s", name, pn_finding_name(f->kind));
    break;
  }
}

/* A trump as the event log writes it: "S", "H", "D", "C"; "none" when
 * no trump was named (-1), "?" for anything else a damaged row holds. */
static const char *trump_text(int suit, char buf[2]) {
  if (suit == -1) return "none";
  buf[0] = pn_suit_char(suit);
  buf[1] = '\0';
  return buf;
}

/* Lists the differences between stored and replayed results. */
static int compare_results(const CodecResults *stored, const CodecResults *replayed, int players, char *out,
                           size_t size) {
  size_t at = 0;
  int differences = 0;
#define DIFF(label, seat, a, b)                                                                           \
  do {                                                                                                    \
    if ((a) != (b)) {                                                                                     \
      if (differences++ < 4 && at < size)                                                                 \
        at += (size_t)snprintf(out + at, size - at, "%s%s%s stored %d, replayed %d", differences > 1 ? "; " : "", \
                               seat, label, (int)(a), (int)(b));                                          \
    }                                                                                                     \
  } while (0)
  const PnHandResult *s = &stored->result, *r = &replayed->result;
  DIFF("bidder", "", s->bidder, r->bidder);
  DIFF("bid", "", s->bid, r->bid);
  if (s->trump != r->trump && differences++ < 4 && at < size) { /* in letters, not suit numbers */
    char a[2], b[2];
    at += (size_t)snprintf(out + at, size - at, "%strump stored %s, replayed %s", differences > 1 ? "; " : "",
                           trump_text(s->trump, a), trump_text(r->trump, b));
  }
  DIFF("made", "", s->made, r->made);
  for (int i = 0; i < players; i++) {
    if (memcmp(&s->seat[i], &r->seat[i], sizeof s->seat[i]) == 0 && stored->total[i] == replayed->total[i])
      continue; /* the common case: nothing to word */
    char seat[24];
    snprintf(seat, sizeof seat, "seat %d ", i + 1);
    DIFF("meld", seat, s->seat[i].meld_shown, r->seat[i].meld_shown);
    DIFF("meld counted", seat, s->seat[i].meld_counted, r->seat[i].meld_counted);
    DIFF("counters", seat, s->seat[i].counters, r->seat[i].counters);
    DIFF("tricks", seat, s->seat[i].tricks, r->seat[i].tricks);
    DIFF("score", seat, s->seat[i].score, r->seat[i].score);
    DIFF("total", seat, stored->total[i], replayed->total[i]);
  }
  DIFF("tricks played", "", stored->ntricks, replayed->ntricks);
#undef DIFF
  if (differences > 4 && at < size) snprintf(out + at, size - at, "; and %d more", differences - 4);
  return differences;
}

int replay_hand(PnGame *game, const StoreRow *row, ReplayFindingFn *fn, void *ctx, CodecResults *derived,
                PnDiag *diag) {
  return replay_hand_observed(game, row, fn, ctx, derived, NULL, diag);
}

/* Replays the events of `row` on game, showing each to obs (may be NULL)
 * and each finding to fn.  Returns 0, or PN_ERR_CORRUPT with diag. */
static int replay_events(PnGame *game, const StoreRow *row, ReplayFindingFn *fn, void *ctx,
                         const ReplayObserver *obs, PnGame *prev, PnDiag *diag) {
  CodecEvents it = {row->events, row->events_len, 0};
  PnOutcome out;
  for (;;) {
    PnEvent ev;
    char value[64] = "";
    int got = codec_events_next(&it, &ev, obs ? value : NULL, obs ? sizeof value : 0);
    if (got == 0) break;
    int seq = it.seq;
    if (got < 0) {
      snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: stored event %d does not decode", row->key,
               row->hand, seq);
      return PN_ERR_CORRUPT;
    }
    PnCard trick[PN_MAX_SEATS];
    int ntrick = game->hand.phase == PN_PHASE_PLAY ? game->hand.ntrick : 0;
    memcpy(trick, game->hand.trick, sizeof trick);
    PnGame *before = game; /* describe() reads only the rules, unchanged by apply */
    if (obs) memcpy(prev, game, sizeof *prev);
    if (pn_game_apply(game, &ev, &out) == PN_IMPOSSIBLE) {
      snprintf(diag->msg, sizeof diag->msg, "game %s hand %d event %d: %s", row->key, row->hand, seq, out.reason);
      return PN_ERR_CORRUPT;
    }
    if (obs) obs->fn(obs->ctx, seq, &ev, value, prev, game, &out);
    if (out.verdict != PN_ACCEPTED_FINDING || !fn) continue;
    ReplayFinding f = {.hand = row->hand, .seq = seq, .trick = out.finding.trick, .seat = out.finding.seat,
                       .kind = out.finding.kind};
    if (out.finding.card != PN_NO_CARD) pn_card_str(out.finding.card, f.card);
    if (ev.action == PN_EV_PLAY)
      describe_renege(row, &ev, &out.finding, trick, ntrick, game->rules.head_led, f.detail,
                      sizeof f.detail);
    else
      describe(row, before, &ev, &out.finding, f.detail, sizeof f.detail);
    fn(ctx, row, &f);
  }
  return 0;
}

int replay_hand_observed(PnGame *game, const StoreRow *row, ReplayFindingFn *fn, void *ctx, CodecResults *derived,
                         const ReplayObserver *obs, PnDiag *diag) {
  PnGame *prev = NULL; /* the state before each event, for obs only: a game is large */
  if (obs && !(prev = malloc(sizeof *prev))) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return PN_ERR_IO;
  }
  int rc = replay_events(game, row, fn, ctx, obs, prev, diag);
  free(prev);
  if (rc != 0) return rc;
  if (game->hand.phase != PN_PHASE_DONE || game->hand.number != row->hand) {
    snprintf(diag->msg, sizeof diag->msg, "game %s hand %d: the stored events do not complete the hand", row->key,
             row->hand);
    return PN_ERR_CORRUPT;
  }
  /* Built in place (no copies): the finding only when there is one. */
  CodecResults own, stored;
  CodecResults *replayed = derived ? derived : &own;
  codec_results_from_game(game, replayed);
  if (!fn) return 0;
  if (codec_results_decode(row->results, row->results_len, &stored) != 0) {
    ReplayFinding f = {.hand = row->hand, .kind = PN_FIND_STORED_RESULT};
    snprintf(f.detail, sizeof f.detail, "the stored results do not decode (stored-result)");
    fn(ctx, row, &f);
    return 0;
  }
  char diff[300];
  uint8_t bytes[CODEC_MAX_RESULTS];
  if (compare_results(&stored, replayed, game->rules.players, diff, sizeof diff) > 0) {
    ReplayFinding f = {.hand = row->hand, .kind = PN_FIND_STORED_RESULT};
    snprintf(f.detail, sizeof f.detail, "stored results differ from the replay: %s (stored-result)", diff);
    fn(ctx, row, &f);
  } else if (codec_results_encode(replayed, bytes) != row->results_len ||
             memcmp(bytes, row->results, row->results_len) != 0) { /* what compare_results does not word */
    ReplayFinding f = {.hand = row->hand, .kind = PN_FIND_STORED_RESULT};
    snprintf(f.detail, sizeof f.detail,
             "stored results differ from the replay in a trick's leader or winner, the partner, the flags or "
             "the reneges (stored-result)");
    fn(ctx, row, &f);
  }
  return 0;
}
