/*
 * main.c - the pinochle command: the command table, global options and
 * the help command.
 *
 * Every command is one row of `commands` below: its name, handler, usage
 * line, one-line summary and long help.  `pinochle --help`, `pinochle help
 * CMD` and `pinochle CMD --help` are all printed from that row, so the help
 * cannot drift from the registration.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cmd_man.h"

/* Every command's exit codes, for `pinochle --help`.  A command's own
 * help lists only the codes it can return: audit and check spell theirs
 * out; help, meld, rules and sim never find anything (never exit 1). */
#define CLI_EXIT_CODES                                                       \
  "Exit codes:\n"                                                            \
  "  0  success\n"                                                           \
  "  1  findings reported (commands that audit input)\n"                     \
  "  2  usage error or bad input; nothing was done\n"
#define CLI_EXIT_CODES_NO_FINDINGS                                           \
  "Exit codes:\n"                                                            \
  "  0  success\n"                                                           \
  "  2  usage error or bad input; nothing was done\n"

static const CliCommand commands[] = {
    {
        "help", cmd_help, "pinochle help [COMMAND]",
        "Show the list of commands, or one command's help",
        "Without COMMAND, lists the commands.  With it, prints that command's\n"
        "usage, options, examples and exit codes (the same as\n"
        "`pinochle COMMAND --help`).\n"
        "\n"
        "Examples:\n"
        "  pinochle help\n"
        "  pinochle help meld\n"
        "\n" CLI_EXIT_CODES_NO_FINDINGS,
    },
    /* Later commands go here, in this order: init, import, export, record,
     * audit, report, sim, check. */
    {
        "init", cmd_init, "pinochle init DB",
        "Create a pinochle database",
        "Creates DB, an SQLite file, with pinochle's tables (games, players,\n"
        "seats, tags, hands, audits, findings) and the views that unfold the\n"
        "stored hands for sqlite3 users (events_v, plays_v, hand_results_v; see\n"
        "docs/SCHEMA.md).  The file is marked as pinochle's (PRAGMA\n"
        "application_id) with its schema version (PRAGMA user_version) and uses\n"
        "write-ahead logging.  `pinochle import` and `pinochle record` also\n"
        "create a missing DB; init makes an empty one ready to open in sqlite3.\n"
        "\n"
        "It says what it did on standard error.  If DB is already a pinochle\n"
        "database, nothing is changed: init says \"already initialized\" and\n"
        "exits 0 (a database of an older pinochle is upgraded to this one's\n"
        "schema first).  If DB exists and is anything else (another program's\n"
        "SQLite database, a file that is not SQLite, a database written by a\n"
        "newer pinochle), it is left untouched and init exits 2.  An empty file\n"
        "is initialized.\n"
        "\n"
        "Options:\n"
        "  -h, --help  show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle init club.db\n"
        "  sqlite3 club.db '.tables'\n"
        "\n"
        "Exit codes:\n"
        "  0  DB created, upgraded, or already a pinochle database\n"
        "  2  usage error, or DB could not be created or is not a pinochle\n"
        "     database this program can use; nothing was done\n",
    },
    {
        "import", cmd_import, "pinochle import DB FILE... [--keep-going] [--replace] [--quiet | --verbose]",
        "Read event logs (CSV) into the database, checking every row",
        "Reads each FILE, an event log (the CSV whose header is\n"
        "game,hand,seq,seat,action,cards,value), and stores its games in DB,\n"
        "which is created if missing (and kept only if a game is stored: a\n"
        "failed import leaves no new empty DB).  FILE '-' reads standard input.\n"
        "Blank lines and lines starting with '#' are comments; a UTF-8\n"
        "byte-order mark, CRLF line ends and quoted fields spanning lines are\n"
        "fine.\n"
        "\n"
        "Every row goes through the rules engine.  A row that could not have\n"
        "happened at a table is an error and its game is not stored: an unknown\n"
        "card, a card the seat does not hold, a deal that does not add up, a play\n"
        "out of turn, a bid after the bidding closed, a missing row (a player, the\n"
        "rest of a hand), a seq or hand number out of order, an unknown action,\n"
        "variant or option.  A rule broken at the table (a renege, a low bid, a\n"
        "wrong meld or score claim) is a finding: the row is stored as it\n"
        "happened, the summary counts it and `pinochle audit` reports it.\n"
        "\n"
        "Errors are printed as FILE:LINE:COL: error: REASON, where LINE is the\n"
        "line the record starts on and COL the field (1 game, 2 hand, 3 seq,\n"
        "4 seat, 5 action, 6 cards, 7 value; 0 the whole row).\n"
        "\n"
        "Each FILE is one transaction.  On an error nothing of that FILE is\n"
        "stored and the import stops; the files before it stay imported.  A game\n"
        "already stored with the same content is skipped (a note says so); one\n"
        "stored under the same key with other content is an error, or with\n"
        "--replace is replaced.  A summary (files, games imported, replaced and\n"
        "skipped, hands, findings by kind, seconds) ends the run on stderr; on\n"
        "a terminal a progress line shows the games so far.\n"
        "\n"
        "Options:\n"
        "  -k, --keep-going  store the valid games of a FILE that also has bad\n"
        "                    ones (each bad game is reported and left out), and\n"
        "                    go on with the next FILE after one that fails\n"
        "  --replace         replace a stored game with the same key and other\n"
        "                    content (its hands and results go with it)\n"
        "  -q, --quiet       print errors only: no notes, progress or summary\n"
        "  -v, --verbose     a note for every game skipped as already imported (by\n"
        "                    default the first five, then only the count)\n"
        "  -h, --help        show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle import club.db season-2026.csv\n"
        "  pinochle import club.db jan.csv feb.csv mar.csv --keep-going\n"
        "  pinochle import --replace club.db corrected-t3.csv\n"
        "  pinochle sim --variant two-hand --games 100 | pinochle import test.db -\n"
        "\n"
        "Exit codes:\n"
        "  0  every game was imported or skipped as already there (findings do\n"
        "     not change this: `pinochle audit` reports them)\n"
        "  2  usage error, or an error in a FILE or the database: that FILE's\n"
        "     games were not stored (with --keep-going: the bad games were not\n"
        "     stored, the valid ones were)\n",
    },
    {
        "export", cmd_export, "pinochle export DB [--game KEY]... [-o FILE]",
        "Write stored games as an event log (CSV)",
        "Writes the games of DB, in the order they were stored, as an event log:\n"
        "the header row game,hand,seq,seat,action,cards,value, then for each\n"
        "game its variant, option, player (by seat) and tag rows (hand 0), then\n"
        "the rows of each hand as they were recorded.\n"
        "\n"
        "The output is canonical, so importing it and exporting again gives the\n"
        "same bytes: LF line ends, a field quoted only when it must be, cards as\n"
        "two-letter tokens (TH, not 10H or T♥), seq numbered from 1.\n"
        "\n"
        "Options:\n"
        "  --game KEY           only this game (repeatable); an unknown KEY is an\n"
        "                       error and nothing is written\n"
        "  -o, --output FILE    write to FILE instead of standard output\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle export club.db > club.csv\n"
        "  pinochle export club.db --game club-2026-11-20-t3 -o t3.csv\n"
        "  pinochle export old.db | pinochle import new.db -\n"
        "\n"
        "Exit codes:\n"
        "  0  success\n"
        "  2  usage error, a --game KEY not in DB, or a database or write error\n"
        "     (with -o, FILE is not left behind)\n",
    },
    {
        "report", cmd_report,
        "pinochle report DB players|hands [--variant PRESET] [--since DATE]\n"
        "                     [--until DATE] [--tag NAME=VALUE] [--min-hands N]\n"
        "                     [--format F] [-o FILE]\n"
        "       pinochle report DB game KEY [--format F] [-o FILE]\n"
        "       pinochle report DB hand KEY N [--format F] [-o FILE]",
        "Player statistics, score sheets and hand replays from the database",
        "Reports on the games stored in DB (which is only read):\n"
        "\n"
        "  players  each player's record over the selected games and, in\n"
        "           partnership presets, each partnership's (two players who sat\n"
        "           opposite each other), by name\n"
        "  hands    one row per hand and seat of the selected games\n"
        "  game     the score sheet of game KEY, hand by hand, and its winner\n"
        "  hand     hand N of game KEY replayed through the rules engine, trick\n"
        "           by trick, with each finding (a renege, a wrong claim, ...)\n"
        "           under the row where it happened\n"
        "\n"
        "Each prints as an aligned text table readable at 80 columns (a wide\n"
        "table is folded into blocks that repeat its first column) or, with\n"
        "--format, as CSV (RFC 4180, a header row) or JSON.\n"
        "\n"
        "Columns of `players` (CSV header and JSON key, text heading, meaning):\n"
        "  name                 player     the player; a partnership is \"A & B\"\n"
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
        "CSV starts each row with `kind` (player or partnership); JSON has the\n"
        "arrays \"players\" and \"partnerships\".  A ratio over nothing is empty\n"
        "(text -, JSON null).\n"
        "\n"
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
        "trump, counters and tricks.\n"
        "\n"
        "`game` gives per hand the dealer, bidder and bid, trump, then per side\n"
        "(partnership presets) or seat: meld shown (CSV and JSON also meld\n"
        "saved), counters, the hand's score and the running total, then the\n"
        "bidding as it went (2:pass 3:340 4:pass 1:pass); the winner ends it\n"
        "(CSV: the winner column of the last hand).\n"
        "\n"
        "`hand` gives the deal, the bidding, trump, passes, widow and discards,\n"
        "each seat's meld and its value, each trick (leader, the cards in order\n"
        "with who played them, winner, counters in it), the findings marked !,\n"
        "and the result per seat.  CSV and JSON list the hand's rows: seq,\n"
        "trick, seat, player, action, cards, value, points, winner, counters,\n"
        "par_before, par_after, cost, finding, detail; JSON adds the tricks,\n"
        "the result, the analysis and the findings.  A hand that `pinochle\n"
        "analyze` has analysed also shows its par line and each play's cost,\n"
        "the costly plays marked !.\n"
        "\n"
        "Options:\n"
        "  --variant PRESET     only games of this preset\n"
        "  --since DATE         only games whose date tag is DATE (YYYY-MM-DD)\n"
        "                       or later\n"
        "  --until DATE         only games whose date tag is DATE or earlier (not\n"
        "                       before --since's DATE: that is a usage error)\n"
        "  --tag NAME=VALUE     only games with this tag row (e.g. club=north)\n"
        "  --min-hands N        leave out players (and partnerships) with fewer\n"
        "                       than N hands in the selection\n"
        "  --format FORMAT      text (default), csv or json\n"
        "  -o, --output FILE    write to FILE instead of standard output\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle report club.db players --variant partnership-auction \\\n"
        "      --since 2026-01-01 --min-hands 50\n"
        "  pinochle report club.db players --format csv -o players.csv\n"
        "  pinochle report club.db hands --tag club=north --format json\n"
        "  pinochle report club.db game club-2026-11-20-t3\n"
        "  pinochle report club.db hand club-2026-11-20-t3 4\n"
        "\n"
        "Exit codes:\n"
        "  0  success\n"
        "  2  usage error, no such game or hand, or a database or write error\n"
        "     (with -o, FILE is not left behind)\n",
    },
    {
        "record", cmd_record,
        "pinochle record DB --variant PRESET --players NAME,NAME,... [--option NAME=VALUE]...\n"
        "                     [--tag NAME=VALUE]... [--game KEY] [--dealer SEAT] [--seed S] [--yes]\n"
        "       pinochle record DB --variant PRESET --player NAME --player NAME ... [...]\n"
        "       pinochle record DB --resume KEY [--redo N] [--yes]",
        "Record a game live at the table, one event per line",
        "Records a game as it is played.  It shows whose turn it is and what is\n"
        "expected, and reads one line at a time from the terminal or a script\n"
        "(the same lines from a pipe: scriptable).  Every line goes through the\n"
        "rules engine: an impossible event is refused with the reason and not\n"
        "recorded; a renege is reported and recorded as played only after you\n"
        "answer `yes` (`no` drops it); other findings (a low bid, a wrong meld\n"
        "claim) are recorded and reported.  Each completed hand is committed at\n"
        "once, so a crash loses at most the hand in progress; --resume continues\n"
        "a game.\n"
        "\n"
        "Table order (every preset but the two-hand family): type no deal rows,\n"
        "only what the table sees as it happens: the bids, trump, the meld shown,\n"
        "and each trick as one line of cards from its leader (`AH 9D KH QH`).\n"
        "The cards passed and the bidder's discard may come at any time before\n"
        "the last trick.  The recorder says who won each trick, reports a renege\n"
        "as soon as later plays or meld prove it, and after the last trick works\n"
        "out each seat's dealt hand, checks it is a whole deck dealt as the\n"
        "preset deals, and stores the hand as if the deal had been typed first.\n"
        "When the cards do not add up it says which card and seat, and stores\n"
        "nothing: `undo` takes back the last line.\n"
        "\n"
        "Lines (SEAT is a seat number or a player's name in any case; without it,\n"
        "the seat whose turn it is):\n"
        "  deal                      the program shuffles and deals (from --seed)\n"
        "  [SEAT] deal CARD...       one seat's dealt cards, entered by hand\n"
        "  turnup CARD | stock CARD... | widow CARD...\n"
        "  dealer SEAT               who deals the next hand (default: rotates)\n"
        "  [SEAT] bid N | [SEAT] pass\n"
        "  [SEAT] trump S            S H D C, or spades hearts diamonds clubs\n"
        "  [SEAT] call CARD          five-call: the called card\n"
        "  [SEAT] discard C C C      auction: the bidder's discards\n"
        "  [SEAT] give CARD...       passing: the partner's row, then the bidder's\n"
        "  [SEAT] dix exchange|show\n"
        "  [SEAT] meld CARD... [N]   the cards shown, and optionally the points\n"
        "                            claimed (two-hand: the meld's name instead)\n"
        "  [SEAT] CARD...            plays: a trick, or as many plays as cards\n"
        "  [SEAT] play CARD          one play\n"
        "  [SEAT] moon | [SEAT] out | [SEAT] score N\n"
        "  draw CARD                 two-hand entered without a stock row: each\n"
        "                            card drawn, winner first; the stored hand is\n"
        "                            the same as if the stock row had been given\n"
        "  undo                      take back the last line of this hand\n"
        "  status | help | quit      (quit in mid-hand asks first)\n"
        "\n"
        "Options:\n"
        "  --variant PRESET     the preset (`pinochle rules` lists them)\n"
        "  --players NAMES      the players by seat, comma-separated, clockwise\n"
        "  --player NAME        one player, repeated in seat order (a name may\n"
        "                       hold a comma); spaces around a name are dropped\n"
        "  --option NAME=VALUE  a house rule (repeatable)\n"
        "  --tag NAME=VALUE     free metadata: date=, club=, table=, event= (repeatable)\n"
        "  --game KEY           the game's key (default rec-YYYYMMDD-HHMMSS, -2 ...\n"
        "                       added when taken)\n"
        "  --dealer SEAT        who deals hand 1 (default 1)\n"
        "  --seed S             seed for `deal` shuffles (default: the game's key,\n"
        "                       so a resumed hand deals again the same cards)\n"
        "  --yes                record reneges without asking (for scripts)\n"
        "  --resume KEY         continue an unfinished game\n"
        "  --redo N             with --resume: enter hand N again; it replaces the\n"
        "                       stored one when complete (later hands are replayed\n"
        "                       on the new scores); until then nothing changes\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle record club.db --variant partnership-auction \\\n"
        "      --players Ann,Bob,Cal,Dee --tag date=2026-11-20 --game club-2026-11-20-t3\n"
        "  pinochle record club.db --resume club-2026-11-20-t3 < rest-of-game.txt\n"
        "  pinochle record club.db --resume club-2026-11-20-t3 --redo 4\n"
        "\n"
        "Exit codes:\n"
        "  0  the session ended (the game may be unfinished: see --resume)\n"
        "  2  usage error, or the database could not be written\n",
    },
    {
        "audit", cmd_audit,
        "pinochle audit DB [--game KEY]... [--hand N] [--player NAME] [--variant PRESET]\n"
        "                     [--format text|csv|json] [-o FILE] [--fix-results] [--no-record]",
        "Replay stored hands with the rules engine and report every finding",
        "Rebuilds every selected hand from its stored events with the rules\n"
        "engine, independently of what was derived when it was recorded, and\n"
        "reports each finding with the trick so far, the card, the rule broken\n"
        "and the evidence (the cards the player held that the rule required):\n"
        "\n"
        "  renege-follow      held the suit led and played another\n"
        "  renege-head        followed but did not beat the winning card when able\n"
        "  renege-trump       void in the suit led, held a required trump, did not trump\n"
        "  renege-overtrump   trumped low when able to beat the winning trump\n"
        "  bid-too-low        below the minimum, off the steps, or not above the bid\n"
        "  bid-after-pass     a bid by a player who had passed (it does not count)\n"
        "  meld-claim         a claimed meld value that differs, or an invalid\n"
        "                     two-hand meld\n"
        "  trump-without-marriage  the bidder lacked the marriage (or dix) in trump\n"
        "  score-claim        a claimed hand score that differs from the rules\n"
        "  stored-result      the stored results differ from the replay (tampering\n"
        "                     or a rules change; see --fix-results)\n"
        "\n"
        "Each run is recorded in the database (time, rules version, counts and\n"
        "findings) so reports can count reneges by player and season.\n"
        "\n"
        "Options:\n"
        "  --game KEY        audit this game (repeatable); default: every game; a\n"
        "                    KEY not in DB is an error\n"
        "  --hand N          report only hand N of the selected games\n"
        "  --player NAME     games NAME played in; report only NAME's findings\n"
        "                    (any case: ann finds Ann; a NAME not in DB is an error)\n"
        "  --variant PRESET  games of this preset only\n"
        "  --format FORMAT   text (default): one sentence per finding;\n"
        "                    csv: header game,hand,seq,trick,seat,player,kind,card,detail\n"
        "                    (seq: the event's number in the hand, as in the log);\n"
        "                    json: {\"findings\": [{...same fields...}], \"games\": G,\n"
        "                    \"hands\": H, \"count\": N}\n"
        "  -o, --output FILE write the findings to FILE instead of standard output\n"
        "  --fix-results     rewrite stale stored results with the replay's, in one\n"
        "                    transaction (after a confirmed rules change)\n"
        "  --no-record       do not record this run in the database\n"
        "  -h, --help        show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle audit club.db\n"
        "  pinochle audit club.db --game club-2026-11-20-t3 --hand 4\n"
        "  pinochle audit club.db --player Cal --format csv -o cal.csv\n"
        "\n"
        "Exit codes:\n"
        "  0  no findings\n"
        "  1  findings reported\n"
        "  2  usage error, a --game KEY or --player NAME not in DB, or a database\n"
        "     that cannot be read or replayed; nothing was recorded\n",
    },
    {
        "analyze", cmd_analyze,
        "pinochle analyze DB [--game KEY [--hand N]] [--format text|csv|json] [-o FILE]\n"
        "                     [--budget NODES] [--quiet]",
        "Double-dummy analysis: could the bid have been made, what each play cost",
        "Analyses every selected hand with all four (three, five) holdings known,\n"
        "as if every player saw every card (double dummy), under the game's own\n"
        "rules: each preset and house rule is analysed as it is played.\n"
        "\n"
        "Per hand: the par of the bidding side from the first lead (the most\n"
        "counters it can be sure to take, last-trick bonus included, no rounding,\n"
        "when every other side plays together against it), the counters it took,\n"
        "its meld that would count, and whether the bid could have been made with\n"
        "perfect play (meld + par >= bid).  Per play: the par of the player's side\n"
        "just before and just after it, and its cost (before - after: counters\n"
        "given up against the best card; 0 for a best play).  A hand without a\n"
        "bidder is analysed for the side of seat 1.\n"
        "\n"
        "Text gives a block per hand, a costly play marked !.  CSV has one row\n"
        "per play: game,hand,seq,seat,card,par_before,par_after,cost (seq as in\n"
        "the event log; the values empty for a play not analysed).  JSON has\n"
        "\"hands\": [{game, hand, status, bidder, bid, par, meld, taken,\n"
        "could_make, made, plays: [{seq, seat, card, par_before, par_after,\n"
        "cost}]}]; status is analysed, budget (stopped by --budget: unanalysed),\n"
        "unsupported (the two-hand stock phase: cards to be drawn are unknown)\n"
        "or no-play.\n"
        "\n"
        "Each analysis is kept in DB, keyed by the rules version and a hash of\n"
        "the hand's events and the game's rules: a second run reads it back at\n"
        "once, and a hand whose events change is analysed again.  A hand stopped\n"
        "by the budget is read back by a run with no more budget, searched again\n"
        "by one with more.  On a terminal a progress bar is drawn on\n"
        "standard error; a summary line follows (not with --quiet).\n"
        "\n"
        "Options:\n"
        "  --game KEY           only this game\n"
        "  --hand N             only hand N of that game\n"
        "  --format FORMAT      text (default), csv or json\n"
        "  --budget NODES       solver nodes per hand (default 10000000, a\n"
        "                       few seconds; 0 = no limit); past it the hand\n"
        "                       is marked unanalysed\n"
        "  --quiet              no progress bar and no summary\n"
        "  -o, --output FILE    write to FILE instead of standard output\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle analyze club.db --format csv -o plays.csv\n"
        "  pinochle analyze club.db --game club-2026-11-20-t3 --hand 4\n"
        "\n"
        "Exit codes:\n"
        "  0  success (hands left unanalysed by the budget included)\n"
        "  2  usage error, no such game or hand, or a database or write error\n"
        "     (with -o, FILE is not left behind; no analysis is kept)\n",
    },
    {
        "sim", cmd_sim,
        "pinochle sim --variant PRESET [--games N | --hands N] [--seed S] [--players NAME,...]\n"
        "                     [--renege-rate R] [--plant-rate R] [--option NAME=VALUE]...\n"
        "                     [--tag NAME=VALUE]... [--start-date YYYY-MM-DD] [--key-prefix TEXT]\n"
        "                     [--random-play] [-o FILE]",
        "Play complete games with simulated players and write the event log",
        "Plays N complete games of PRESET with simulated players and writes them\n"
        "as an event log (the CSV that `pinochle import` reads).  The players bid\n"
        "from their meld and strength, pass trumps and aces to the bidder, choose\n"
        "trump by meld and length, lead aces, win tricks cheaply, feed counters\n"
        "to a partner who is winning and throw low cards on lost tricks.  Every\n"
        "play is legal unless --renege-rate plants reneges, and every bid, meld,\n"
        "trump and score row keeps the rules unless --plant-rate plants findings.\n"
        "The same seed gives the same file on every machine.\n"
        "\n"
        "Options:\n"
        "  --variant PRESET     the preset (required)\n"
        "  --games N            games to play (default 1)\n"
        "  --hands N            instead: play until N hands are complete (the\n"
        "                       last game may stop before it is won)\n"
        "  --seed S             the random seed (default 1)\n"
        "  --players NAMES      comma-separated club members, at least one per\n"
        "                       seat; each game seats a random table of them\n"
        "                       (default Seat1, Seat2, ...)\n"
        "  --renege-rate R      chance (0 to 1) that a play is a planted renege,\n"
        "                       when the player could renege (default 0)\n"
        "  --plant-rate R       chance (0 to 1), at each opportunity, of planting\n"
        "                       another finding for `pinochle audit` to catch: a\n"
        "                       bid too low, a bid after passing, trump without\n"
        "                       the marriage, a wrong meld claim or two-hand meld,\n"
        "                       a wrong score row (default 0: none; the same seed\n"
        "                       then gives the same games as without the option)\n"
        "  --option NAME=VALUE  a house rule, written into each game (repeatable)\n"
        "  --tag NAME=VALUE     a tag written into each game (repeatable)\n"
        "  --start-date DATE    the first game's date tag (default 2026-01-06);\n"
        "                       two games a week after that\n"
        "  --key-prefix TEXT    game keys are TEXT and the game's number (default\n"
        "                       sim-PRESET-SEED-, as in sim-two-hand-1-1)\n"
        "  --random-play        choose uniformly among legal moves instead\n"
        "  -o, --output FILE    write to FILE instead of standard output\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle sim --variant partnership-auction --games 20 --seed 7 \\\n"
        "      --players Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal -o club.csv\n"
        "  pinochle sim --variant two-hand --games 1000 --renege-rate 0.01 | pinochle import t.db -\n"
        "  pinochle sim --variant auction --games 50 --plant-rate 0.05 -o planted.csv\n"
        "\n" CLI_EXIT_CODES_NO_FINDINGS,
    },
    {
        "check", cmd_check, "pinochle check DB [--quiet]",
        "Check that a database is sound and its hands replay to their results",
        "Checks DB without changing it (it is opened read-only):\n"
        "\n"
        "  - that it is a pinochle database of this program's schema version\n"
        "    (an older one is a problem: `pinochle init DB` upgrades it);\n"
        "  - SQLite's PRAGMA integrity_check (pages, indexes, the file itself)\n"
        "    and PRAGMA foreign_key_check (no hand, seat, tag or finding that\n"
        "    refers to a missing game, player or audit);\n"
        "  - that every stored hand, rebuilt from its stored events by the rules\n"
        "    engine (as `pinochle audit` does), decodes, completes, and gives the\n"
        "    results stored with it (bidder, bid, trump, meld, counters, tricks,\n"
        "    scores and running totals), and that each game's stored winner is\n"
        "    the replay's.\n"
        "\n"
        "Each problem is one line on standard output, \"DB: ...\", naming the game\n"
        "and hand; a hand that cannot be replayed stops the replay of its game.\n"
        "The last line sums up.  Findings of the table (reneges, wrong claims)\n"
        "are not problems of the database: `pinochle audit` reports those.\n"
        "Stored results that differ after a deliberate rules change are fixed by\n"
        "`pinochle audit --fix-results`.\n"
        "\n"
        "Options:\n"
        "  -q, --quiet  print nothing when DB is sound (problems are still listed)\n"
        "  -h, --help   show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle check club.db\n"
        "  pinochle check --quiet club.db || echo 'club.db needs attention'\n"
        "\n"
        "Exit codes:\n"
        "  0  DB is sound\n"
        "  1  problems found (listed on standard output)\n"
        "  2  usage error, or DB cannot be opened: missing, not a pinochle\n"
        "     database, written by a newer pinochle, or unreadable\n",
    },
    {
        "meld", cmd_meld,
        "pinochle meld --variant PRESET --trump SUIT [--format text|json]\n"
        "                     [--option NAME=VALUE]... CARD...",
        "Score the best meld of a set of cards under a preset's rules",
        "Computes the best meld the cards can show with SUIT as trump: every\n"
        "way of grouping the cards is tried, class by class, with the meld\n"
        "table of PRESET (and the dix if that preset scores it inside a meld).\n"
        "\n"
        "Cards are rank then suit, case-insensitive: ranks A T K Q J 9 8 7\n"
        "(10 for T), suits S H D C (or ♠ ♥ ♦ ♣).  Give them as separate\n"
        "arguments or as one quoted argument separated by spaces.  Every card\n"
        "must exist in the preset's deck (no 9s in five-call or double-deck;\n"
        "8s and 7s only in two-hand-64), at most as many copies as it has.\n"
        "\n"
        "Options:\n"
        "  --variant PRESET     the preset (required); `pinochle rules` lists them\n"
        "  --trump SUIT         trump suit: S H D C or ♠ ♥ ♦ ♣ (required)\n"
        "  --format FORMAT      text (default): one line per meld with its count\n"
        "                       and points, then the total; json: one line,\n"
        "                       {\"total\": N, \"melds\": [{\"name\": ..., \"count\": ...,\n"
        "                       \"points\": ...}, ...]}\n"
        "  --option NAME=VALUE  override one rule parameter (repeatable, applied\n"
        "                       in order); `pinochle rules --variant PRESET` lists\n"
        "                       them, e.g. run_royal=yes\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle meld --variant partnership-auction --trump S AS TS KS QS JS\n"
        "  pinochle meld --variant partnership-auction --trump S --option run_royal=yes \\\n"
        "      'AS 10S KS QS JS'\n"
        "  pinochle meld --variant double-deck --trump H --format json \\\n"
        "      AS AH AD AC AS AH AD AC\n"
        "  pinochle meld --variant two-hand --trump D 'Q♠ J♦ Q♠ J♦'\n"
        "\n" CLI_EXIT_CODES_NO_FINDINGS,
    },
    {
        "rules", cmd_rules, "pinochle rules [--variant PRESET [--option NAME=VALUE]...]",
        "List the presets, or every rule parameter of one preset",
        "Without --variant, lists each preset with a one-line summary of how it\n"
        "is played: players, deal, bidding, meld table.  With it, lists every\n"
        "rule parameter of PRESET: its name, its value, and what it means.  The\n"
        "names are those a game's `option name=value` rows and --option use.\n"
        "\n"
        "Options:\n"
        "  --variant PRESET     show this preset's parameters\n"
        "  --option NAME=VALUE  override one parameter first (repeatable; needs\n"
        "                       --variant), to see the result\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle rules\n"
        "  pinochle rules --variant partnership-auction\n"
        "  pinochle rules --variant partnership-auction --option pass_cards=3\n"
        "\n" CLI_EXIT_CODES_NO_FINDINGS,
    },
};

#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

const CliCommand *cli_command(int index) {
  if (index < 0 || index >= NCOMMANDS)
    return NULL;
  return &commands[index];
}

const CliCommand *cli_find(const char *name) {
  for (int i = 0; i < NCOMMANDS; i++)
    if (strcmp(commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

static void print_version(FILE *out) {
  fprintf(out, "pinochle %s (rules version %d)\n", PN_VERSION, PN_RULES_VERSION);
}

/* The list of commands: `pinochle --help` and `pinochle help` (and the
 * man page, cmd_man.c). */
void cli_print_overview(FILE *out) {
  int width = 0;
  for (int i = 0; i < NCOMMANDS; i++) {
    int len = (int)strlen(commands[i].name);
    if (len > width)
      width = len;
  }
  fputs("usage: pinochle COMMAND [ARGS]...\n"
        "       pinochle --help | --version\n"
        "\n"
        "Keeps, checks and reports Pinochle deal logs.\n"
        "\n"
        "Commands:\n",
        out);
  for (int i = 0; i < NCOMMANDS; i++)
    fprintf(out, "  %-*s  %s\n", width, commands[i].name, commands[i].summary);
  fputs("\n"
        "Options:\n"
        "  -h, --help     show this list\n"
        "  -V, --version  show the program and rules versions\n"
        "\n"
        "`pinochle help COMMAND` or `pinochle COMMAND --help` shows a command's\n"
        "options and examples.\n"
        "\n" CLI_EXIT_CODES,
        out);
}

int cmd_help(const CliCommand *self, int argc, char **argv) {
  if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
    cli_print_help(stdout, self);
    return CLI_OK;
  }
  /* Hidden, for the build: the man page and the bash completion script,
   * written from this table (cmd_man.c). */
  if (argc == 2 && strcmp(argv[1], "--man") == 0)
    return cli_man_write(stdout);
  if (argc == 2 && strcmp(argv[1], "--bash-completion") == 0)
    return cli_completion_write(stdout);
  if (argc > 2)
    return cli_usage_error(self, "too many arguments");
  if (argc == 1) {
    cli_print_overview(stdout);
    return CLI_OK;
  }
  const CliCommand *cmd = cli_find(argv[1]);
  if (cmd == NULL)
    return cli_usage_error(self, "unknown command '%s'", argv[1]);
  cli_print_help(stdout, cmd);
  return CLI_OK;
}

/* Flushes stdout and reports a failed write (a full disk, a closed pipe)
 * as an error, so a truncated output never exits 0. */
static int finish(int rc) {
  if (fflush(stdout) != 0 || ferror(stdout)) {
    cli_error(NULL, "error writing standard output");
    return CLI_USAGE;
  }
  return rc;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    cli_print_overview(stderr);
    return CLI_USAGE;
  }
  const char *first = argv[1];
  if (strcmp(first, "-h") == 0 || strcmp(first, "--help") == 0) {
    /* `pinochle --help [COMMAND]` is `pinochle help [COMMAND]`. */
    const CliCommand *help = cli_find("help");
    return finish(help->run(help, argc - 1, argv + 1));
  }
  if (strcmp(first, "-V") == 0 || strcmp(first, "--version") == 0) {
    if (argc > 2) {
      cli_error(NULL, "unexpected argument '%s'", argv[2]);
      fputs("Try 'pinochle --help'.\n", stderr);
      return CLI_USAGE;
    }
    print_version(stdout);
    return finish(CLI_OK);
  }
  if (first[0] == '-') {
    cli_error(NULL, "unknown option '%s'", first);
    fputs("Try 'pinochle --help'.\n", stderr);
    return CLI_USAGE;
  }
  const CliCommand *cmd = cli_find(first);
  if (cmd == NULL) {
    cli_error(NULL, "unknown command '%s'", first);
    fputs("Try 'pinochle --help'.\n", stderr);
    return CLI_USAGE;
  }
  return finish(cmd->run(cmd, argc - 1, argv + 1));
}
