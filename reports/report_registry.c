/*
 * report_registry.c - the reports, one row each (report_registry.h).
 *
 * Adding a report: its file reports/report_NAME.c (a function of
 * ReportRun's shape, or one with its own signature and an adapter here)
 * and one row below.  The row's summary and help are what
 * `pinochle report --help` lists for it; its usage line is made from
 * the row too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_game.h"
#include "report_hand.h"
#include "report_hands.h"
#include "report_html.h"
#include "report_insights.h"
#include "report_night.h"
#include "report_players.h"
#include "report_ratings.h"
#include "report_registry.h"

/* Adapters from the reports' own signatures to ReportRun. */
static int run_players(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                       PnDiag *diag) {
  (void)args;
  return report_players(store, q, format, out, NULL, diag);
}

static int run_insights(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                        PnDiag *diag) {
  (void)args;
  return report_insights(store, q, q->player, format, out, diag);
}

static int run_ratings(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                       PnDiag *diag) {
  (void)args;
  return report_ratings(store, q, format, out, diag);
}

static int run_hands(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                     PnDiag *diag) {
  (void)args;
  return report_hands(store, q, format, out, NULL, diag);
}

static int run_game(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                    PnDiag *diag) {
  (void)q;
  return report_game(store, args[0], format, out, diag);
}

static int run_night(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                     PnDiag *diag) {
  (void)q;
  return report_night(store, args[0], format, out, diag);
}

/* The hand number: a whole number from 1 (checked before the store opens). */
static int check_hand(const char *const *args, PnDiag *diag) {
  char *end;
  long n = strtol(args[1], &end, 10);
  if (*args[1] && !*end && n >= 1 && n <= 100000) return 0;
  snprintf(diag->msg, sizeof diag->msg, "the hand number is a whole number from 1, not '%s'", args[1]);
  return REPORT_USAGE;
}

static int run_hand(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                    PnDiag *diag) {
  (void)q;
  return report_hand(store, args[0], (int)strtol(args[1], NULL, 10), format, out, diag);
}

/* The HTML pages (report_html.h): one self-contained file, as a row's html. */
static int html_players(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                        PnDiag *diag) {
  (void)args, (void)format;
  int rc = report_html_players(store, &(ReportHtml){.served = false}, q, out, diag);
  /* the page draws the fixed columns only: the players report's note
   * about the play-accuracy columns is not for it */
  if (rc == 0) diag->msg[0] = '\0';
  return rc;
}

static int html_game(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                     PnDiag *diag) {
  (void)q, (void)format;
  return report_html_game(store, &(ReportHtml){.served = false}, args[0], out, diag);
}

static int html_hand(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                     PnDiag *diag) {
  (void)q, (void)format;
  return report_html_hand(store, &(ReportHtml){.served = false}, args[0], (int)strtol(args[1], NULL, 10), out, diag);
}

static int html_ratings(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                        PnDiag *diag) {
  (void)args, (void)format;
  return report_html_ratings(store, &(ReportHtml){.served = false}, q, out, diag);
}

static int html_insights(Store *store, const ReportQuery *q, const char *const *args, OutFormat format, FILE *out,
                         PnDiag *diag) {
  (void)args, (void)format;
  return report_html_insights(store, &(ReportHtml){.served = false}, q, q->player, out, diag);
}

#define TEXT_CSV_JSON (REPORT_FORMAT(OUT_TEXT) | REPORT_FORMAT(OUT_CSV) | REPORT_FORMAT(OUT_JSON))

static const ReportDef reports[] = {
    {
        .name = "players", .query = true, .formats = TEXT_CSV_JSON, .options = REPORT_OPT_MIN_PLAYS,
        .run = run_players, .html = html_players,
        .columns = report_player_columns, .ncolumns = REPORT_PLAYER_COLUMNS,
        .summary = "each player's record over the selected games and, in\n"
                   "partnership presets, each partnership's (two players who sat\n"
                   "opposite each other), by name",
        .help =
            "Columns of `players` (CSV header and JSON key, text heading, meaning):\n"
            "  name                 player     the player; a partnership is \"A & B\"\n"
            "  variant              variant    the preset: a row per player and preset\n"
            "  games                games      games sat in\n"
            "  wins                 wins       games won (in partnership presets:\n"
            "                                  games the player's side won)\n"
            "  win_pct              win%       wins / games x 100\n"
            "  hands                hands      hands played\n"
            "  tricks               tricks     tricks won (a partnership: both's)\n"
            "  counters_per_hand    ctr/h      counting points won per hand\n"
            "  meld_shown_per_hand  meld/h     meld points shown per hand\n"
            "  meld_saved_per_hand  saved/h    meld points that counted per hand\n"
            "                                  (the side took a trick)\n"
            "  bids_won             bids       hands in which the player won the bid\n"
            "  avg_winning_bid      avg bid    the average of those bids\n"
            "  bids_made            made       of those, made\n"
            "  bids_set             set        of those, set\n"
            "  make_pct             make%      bids_made / bids_won x 100\n"
            "  avg_margin           margin     average of the bidding side's hand\n"
            "                                  total (meld saved + counters) minus\n"
            "                                  the bid, over the bids won\n"
            "  moons_tried          moons      moons declared as the bidder\n"
            "  moons_made           moon made  of those, made\n"
            "  reneges_follow       rn-follow  reneges by kind: did not follow suit,\n"
            "  reneges_head         rn-head    did not beat the winning card, did not\n"
            "  reneges_trump        rn-trump   trump when void, did not overtrump\n"
            "  reneges_overtrump    rn-over\n"
            "  points_per_hand      pts/h      what the hands added to the running\n"
            "                                  score, per hand\n"
            "Play accuracy, only when `pinochle analyze` has analysed hands of the\n"
            "selection (over the hands it analysed completely; a note on stderr,\n"
            "and on the HTML page, counts the hands the node budget stopped or\n"
            "whose analysis is out of date, which are left out):\n"
            "  plays_analysed       plays      plays analysed (a partnership: both's)\n"
            "  best_play_pct        best%      plays that cost nothing (a best card)\n"
            "                                  / plays_analysed x 100\n"
            "  cost_per_play        cost/p     mean cost of a play: counters its side\n"
            "                                  gave up against its best card\n"
            "  cost_per_hand        cost/h     the costs per analysed hand played\n"
            "Fair accuracy, only when `pinochle review` has reviewed hands of the\n"
            "selection (each decision judged on what its player could see; the\n"
            "valued decisions of the current reviews):\n"
            "  fair_decisions       f-dec      decisions reviewed and valued\n"
            "  fair_play_best_pct   f-play%    plays whose card was the best on what\n"
            "                                  the player saw x 100 / plays reviewed\n"
            "  fair_play_cost       f-play c   mean fair cost of a play\n"
            "  fair_trump_best_pct, fair_trump_cost, fair_bid_best_pct,\n"
            "  fair_bid_cost, fair_pass_best_pct, fair_pass_cost: the same for\n"
            "                                  the trump, the last bid, the pass\n"
            "--min-plays N leaves out rows with fewer than N analysed plays.\n"
            "CSV starts each row with `kind` (player or partnership); JSON has the\n"
            "arrays \"players\" and \"partnerships\".  A ratio over nothing is empty\n"
            "(text -, JSON null).\n",
    },
    {
        .name = "hands", .query = true, .formats = TEXT_CSV_JSON, .run = run_hands,
        .summary = "one row per hand and seat of the selected games",
        .help =
            "Columns of `hands`:\n"
            "  game,hand,seat,player,side,dealer,bidder,bid,trump,meld,counters,\n"
            "  tricks,score,total\n"
            "  side      the team in partnership presets (1 = seats 1 and 3, 2 =\n"
            "            seats 2 and 4), the seat in solo presets, and in five-call\n"
            "            1 for the bidder and partner, 2 for the others\n"
            "  dealer, bidder  seats; bidder and bid are empty without bidding and\n"
            "            in a redealt hand\n"
            "  trump     the trump suit letter (S H D C), empty when none\n"
            "  meld      meld points shown (melded in two-hand), dix included\n"
            "  counters  counting points won    tricks  tricks won\n"
            "  score     what the hand added to the seat's running score (negative\n"
            "            when set)              total   the running score after it\n"
            "Text shows a table per game; dlr bdr tr ctr trk are dealer, bidder,\n"
            "trump, counters and tricks.\n",
    },
    {
        .name = "ratings", .query = true, .formats = TEXT_CSV_JSON, .options = REPORT_OPT_HISTORY,
        .run = run_ratings, .html = html_ratings, .columns = report_rating_columns, .ncolumns = REPORT_RATING_COLUMNS,
        .summary = "a Glicko-2 rating per player and per partnership from the\n"
                   "results of the selected games, one rating period per date",
        .help =
            "Columns of `ratings` (best rated first):\n"
            "  name        player     the player; a partnership is \"A & B\"\n"
            "  games       games      rated games (those with a winner)\n"
            "  wins        wins       of those, won (by the player's side)\n"
            "  rating      rating     Glicko-2 rating (a newcomer starts at 1500)\n"
            "  deviation   RD         its deviation: 350 unknown, lower is surer\n"
            "  volatility  vol        how erratic the results are (starts at 0.06)\n"
            "  hands       hands      hands of the rated games\n"
            "  last_date   last date  the last date it played (empty: only undated)\n"
            "Games are rated in the order of their date tags, all games of one date\n"
            "as one rating period, undated games last as one period.  A game whose\n"
            "players each play alone is a game between each two of them (the\n"
            "winner beats all, the others rank by final score, equal scores draw);\n"
            "a partnership game is one result for each member against the other\n"
            "side's mean rating and one for the partnership against the other.\n"
            "--history gives instead the rating after each date a player played:\n"
            "player,date,rating,deviation,games (rated so far).  A rating is\n"
            "provisional while its deviation is above 110 or it stands on fewer\n"
            "than 10 rated games: the HTML page marks it (1620?) and ranks it after\n"
            "the established ones.  JSON has \"players\", \"partnerships\"\n"
            "and \"history\".  --min-hands applies to the standings.\n",
    },
    {
        .name = "insights", .query = true, .formats = TEXT_CSV_JSON, .options = REPORT_OPT_PLAYER,
        .run = run_insights, .html = html_insights,
        .summary = "what bids pay, per preset: the bids won by bid band, by\n"
                   "the meld the bidding side showed, by the bidder's trump\n"
                   "length and aces; --player NAME sets NAME's beside the club's",
        .help =
            "Columns of `insights` (one row per preset, dimension and band):\n"
            "  variant       the preset\n"
            "  by            bid, meld (the bidding side's, shown), trumps or aces\n"
            "                (in the bidder's hand as dealt)\n"
            "  band          e.g. 250-299, or 5 (trumps, aces); band_low (CSV,\n"
            "                JSON) its first value\n"
            "  hands         bids won in the band      made  of those, made\n"
            "  make_pct      made / hands x 100\n"
            "  avg_margin    the bidding side's meld saved + counters - bid, average\n"
            "  avg_counters  the bidding side's counters, average\n"
            "A band is five bid steps wide (50 in the tens presets); bid bands start\n"
            "at the preset's minimum bid, meld bands at 0.  Presets without bidding\n"
            "and redealt hands have no row.  --player NAME adds player_hands,\n"
            "player_made, player_make_pct, player_avg_margin, player_avg_counters\n"
            "(text: p.hands ...): NAME's own bids won; the club's columns stay those\n"
            "of every bidder; only the presets NAME played are listed.\n",
    },
    {
        .name = "game", .args = "KEY", .nargs = 1, .needs = "a game KEY", .formats = TEXT_CSV_JSON,
        .run = run_game, .html = html_game,
        .summary = "the score sheet of game KEY, hand by hand, and its winner",
        .help =
            "`game` gives per hand the dealer, bidder and bid, trump, then per side\n"
            "(partnership presets) or seat: meld shown (CSV and JSON also meld\n"
            "saved), counters, the hand's score and the running total, then the\n"
            "bidding as it went (2:pass 3:340 4:pass 1:pass); the winner ends it\n"
            "(CSV: the winner column of the last hand).\n",
    },
    {
        .name = "hand", .args = "KEY N", .nargs = 2, .needs = "a game KEY and a hand number",
        .formats = TEXT_CSV_JSON, .check = check_hand, .run = run_hand, .html = html_hand,
        .summary = "hand N of game KEY replayed through the rules engine, trick\n"
                   "by trick, with each finding (a renege, a wrong claim, ...)\n"
                   "under the row where it happened",
        .help =
            "`hand` gives the deal, the bidding, trump, passes, widow and discards,\n"
            "each seat's meld and its value, each trick (leader, the cards in order\n"
            "with who played them, winner, counters in it), the findings marked !,\n"
            "and the result per seat.  CSV and JSON list the hand's rows: seq,\n"
            "trick, seat, player, action, cards, value, points, winner, counters,\n"
            "par_before, par_after, cost, finding, detail; JSON adds the tricks,\n"
            "the result, the analysis and the findings.  A hand that `pinochle\n"
            "analyze` has analysed also shows its par line and each play's cost,\n"
            "the costly plays marked !.\n",
    },
    {
        .name = "night", .args = "NAME", .nargs = 1, .needs = "a night's NAME", .formats = TEXT_CSV_JSON,
        .run = run_night,
        .summary = "a club night's standings after the rounds played, its prizes\n"
                   "and each player's recap (docs/NIGHT.md)",
        .help =
            "`night` reads the games tagged night=NAME (round=R, table=T): CSV\n"
            "rank,player,games,wins,points,high_round,high_round_no,prize, where\n"
            "points sum the player's side's final score of each round (five-call:\n"
            "the player's own); ties go by wins, then high round, then name.  Text\n"
            "adds the prizes and each player's recap (round by round: table,\n"
            "partner, opponents, score, and the hands with findings); JSON holds\n"
            "all three.\n",
    },
};

#define NREPORTS ((int)(sizeof reports / sizeof reports[0]))

const ReportDef *report_def(int index) {
  return index >= 0 && index < NREPORTS ? &reports[index] : NULL;
}

const ReportDef *report_find(const char *name) {
  for (int i = 0; i < NREPORTS; i++)
    if (strcmp(reports[i].name, name) == 0) return &reports[i];
  return NULL;
}
