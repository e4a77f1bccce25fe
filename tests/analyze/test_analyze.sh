#!/usr/bin/env bash
# test_analyze.sh PINOCHLE - `pinochle analyze` as a user runs it: the CSV
# columns, one row per play with seq as in the event log, the invariants
# of every play's values (cost >= 0, before - cost = after) and of a hand
# (the bidding side's par minus its own costs plus its opponents' costs is
# what it took; without a bidder where every seat is a side of its own,
# the side of the first lead's seat), the verdict line, the analysis kept
# in the database (a second run searches nothing and prints the same; a
# stale key or rules version is searched again), the best card named for
# a costly play (text, JSON, report hand; a format-1 analysis without it
# is searched again), the node budget marking a hand unanalysed (kept for
# runs of the same search with no more budget), and the exit codes of bad
# usage.
#
# PINOCHLE_WRAPPER (e.g. "valgrind -q --error-exitcode=99") wraps each run.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SAMPLE="$HERE/../../sample-data/club-partnership-auction.csv"

db=$tmp/club.db
G=sim-partnership-auction-2026-1
"$PN" import "$db" "$SAMPLE" >/dev/null 2>&1 || { echo "FAIL: cannot import $SAMPLE"; exit 1; }

echo "-- help and usage"
t help 0 analyze --help
out_has '^usage: pinochle analyze DB'
out_has 'game,hand,seq,seat,card,par_before,par_after,cost'
t missing-db 2 analyze
err_has 'missing DB'
t hand-without-game 2 analyze "$db" --hand 3
err_has -- '--hand needs --game'
t bad-format 2 analyze "$db" --format xml
err_has -- '--format takes text, csv or json'
t bad-budget 2 analyze "$db" --budget lots
t bad-jobs 2 analyze "$db" --jobs 0
err_has -- '--jobs takes a number from 1 to 8'
t too-many-jobs 2 analyze "$db" -j 9
t no-such-game 2 analyze "$db" --game nope
err_has "no game 'nope'"
t no-such-hand 2 analyze "$db" --game "$G" --hand 99
err_has "has no hand 99"
t no-such-db 2 analyze "$tmp/none.db"
[[ ! -e $tmp/none.db ]] || fail "analyze created $tmp/none.db"
# the output is opened only once the game is known, and removed when the
# run fails after that; a write error keeps no analysis
echo keep >"$tmp/kept.csv"
t no-such-game-output-untouched 2 analyze "$db" --game nope -o "$tmp/kept.csv"
[[ $(cat "$tmp/kept.csv") == keep ]] || fail "-o FILE touched for an unknown game"
t no-such-hand-output-removed 2 analyze "$db" --game "$G" --hand 99 -o "$tmp/gone.csv"
[[ ! -e $tmp/gone.csv ]] || fail "-o FILE left behind after a failed run"
if [[ -w /dev/full ]]; then
  t write-error 2 analyze "$db" --game "$G" --hand 2 --budget 1000 -o /dev/full --quiet
  err_has '/dev/full: write error'
  t write-error-kept-nothing 0 analyze "$db" --game "$G" --hand 2 --budget 1000
  err_has '1 searched, 0 stored before'
fi

echo "-- one hand as CSV"
t csv 0 analyze "$db" --game "$G" --hand 3 --format csv --budget 0
[[ $(head -1 "$tmp/out") == "game,hand,seq,seat,card,par_before,par_after,cost" ]] || fail "CSV header: $(head -1 "$tmp/out")"
cp "$tmp/out" "$tmp/first.csv"
err_has '1 hands \(1 searched, 0 stored before'
# one row per play, with the log's seq, seat and card
awk -F, -v g="$G" '$1 == g && $2 == 3 && $5 == "play" {print $1 "," $2 "," $3 "," $4 "," $6}' "$SAMPLE" >"$tmp/plays.want"
tail -n +2 "$tmp/out" | cut -d, -f1-5 >"$tmp/plays.got"
cmp -s "$tmp/plays.want" "$tmp/plays.got" || fail "rows are not the log's plays: $(diff "$tmp/plays.want" "$tmp/plays.got" | head -3)"
[[ $(wc -l <"$tmp/plays.got") -eq 48 ]] || fail "$(wc -l <"$tmp/plays.got") plays, expected 48"
bad=$(tail -n +2 "$tmp/out" | awk -F, '$6 == "" || $8 < 0 || $6 - $8 != $7 || $6 < 0 || $6 > 250 {n++} END {print n + 0}')
[[ $bad -eq 0 ]] || fail "$bad rows break 0 <= par <= 250, cost >= 0, before - cost = after"

echo "-- the hand's sum: par - own costs + opponents' costs = taken"
t json 0 analyze "$db" --game "$G" --hand 3 --format json --budget 0
if command -v python3 >/dev/null 2>&1; then
  python3 - "$tmp/out" <<'PY' || fail "the costs do not add up (above)"
import json, sys
h = json.load(open(sys.argv[1]))["hands"][0]
assert h["status"] == "analysed", h["status"]
side = lambda seat: (seat - 1) % 2
own = sum(p["cost"] for p in h["plays"] if side(p["seat"]) == side(h["bidder"]))
opp = sum(p["cost"] for p in h["plays"] if side(p["seat"]) != side(h["bidder"]))
if h["par"] - own + opp != h["taken"]:
    print("par %d - own %d + opponents %d != taken %d" % (h["par"], own, opp, h["taken"]))
    sys.exit(1)
if h["could_make"] != (h["meld"] + h["par"] >= h["bid"]):
    print("could_make disagrees with meld + par >= bid")
    sys.exit(1)
PY
fi

echo "-- text: the verdict line and costly plays marked"
t text 0 analyze "$db" --game "$G" --hand 3
out_has "^game $G hand 3: bid [0-9]+ by .* par [0-9]+ from the first lead, took [0-9]+, meld [0-9]+; could (not )?be made with perfect play, (made|set)"
cost_rows=$(tail -n +2 "$tmp/first.csv" | awk -F, '$8 > 0' | wc -l)
marked=$(grep -c ' !$' "$tmp/out")
[[ $marked -eq $cost_rows ]] || fail "$marked plays marked !, $cost_rows cost something"

echo "-- kept in the database"
t second-run 0 analyze "$db" --game "$G" --hand 3 --format csv
err_has '1 hands \(0 searched, 1 stored before'
cmp -s "$tmp/first.csv" "$tmp/out" || fail "the stored analysis prints differently"
if command -v sqlite3 >/dev/null 2>&1; then
  sqlite3 "$db" "UPDATE hands SET analysis_key = analysis_key + 1 WHERE number = 3 AND game_id = (SELECT id FROM games WHERE key = '$G')"
  t changed-hand 0 analyze "$db" --game "$G" --hand 3 --format csv --budget 0
  err_has '1 hands \(1 searched, 0 stored before'
  cmp -s "$tmp/first.csv" "$tmp/out" || fail "the re-analysed hand prints differently"
  sqlite3 "$db" "UPDATE hands SET analysis_rules = analysis_rules - 1 WHERE number = 3 AND game_id = (SELECT id FROM games WHERE key = '$G')"
  t other-rules-version 0 analyze "$db" --game "$G" --hand 3 --format csv --budget 0
  err_has '1 hands \(1 searched, 0 stored before'
fi

echo "-- the budget: unanalysed, exit 0, kept for runs with no more budget"
t budget 0 analyze "$db" --game "$G" --hand 1 --format json --budget 1000
out_has '"status": "budget"'
out_has '"par": null'
err_has '1 unanalysed: budget'
t budget-kept 0 analyze "$db" --game "$G" --hand 1 --format csv --budget 1000
err_has '1 hands \(0 searched, 1 stored before, 1 unanalysed'
# plays are valued last to first: the ones valued before the budget ran
# out are the hand's last, and keep their values; the earlier ones have none
tail -n +2 "$tmp/out" | awk -F, '$6 != "" {v++; if (v == 1) first = NR} $6 == "" && v {bad = 1}
  END {exit !(v > 0 && first > 1 && !bad)}' || fail "a stopped hand's valued plays are not its last ones"
t budget-smaller 0 analyze "$db" --game "$G" --hand 1 --format csv --budget 500
err_has '1 hands \(0 searched, 1 stored before, 1 unanalysed'
t budget-larger 0 analyze "$db" --game "$G" --hand 1 --format csv --budget 2000
err_has '1 hands \(1 searched, 0 stored before, 1 unanalysed'
# stored by an older search (generation byte 0, after the 18-byte header):
# the same budget may now be enough, so the hand is searched again
sqlite3 "$db" "UPDATE hands SET analysis = substr(analysis, 1, 18) || X'00' || substr(analysis, 20)
  WHERE number = 1 AND game_id = (SELECT id FROM games WHERE key = '$G')"
t budget-older-search 0 analyze "$db" --game "$G" --hand 1 --format csv --budget 2000
err_has '1 hands \(1 searched, 0 stored before, 1 unanalysed'
t budget-same-search 0 analyze "$db" --game "$G" --hand 1 --format csv --budget 2000
err_has '1 hands \(0 searched, 1 stored before, 1 unanalysed'
t budget-none 0 analyze "$db" --game "$G" --hand 3 --format csv --budget 0
err_has '1 hands \(0 searched, 1 stored before, 0 unanalysed'
# analysed whole by a search whose values could be wrong (generation 7,
# the last before PN_DD_SOUND_SINCE): searched again, then kept
sqlite3 "$db" "UPDATE hands SET analysis = substr(analysis, 1, 18) || X'07' || substr(analysis, 20)
  WHERE number = 3 AND game_id = (SELECT id FROM games WHERE key = '$G')"
t unsound-search 0 analyze "$db" --game "$G" --hand 3 --format csv --budget 0
err_has '1 hands \(1 searched, 0 stored before, 0 unanalysed'
t sound-search 0 analyze "$db" --game "$G" --hand 3 --format csv --budget 0
err_has '1 hands \(0 searched, 1 stored before, 0 unanalysed'


G7=sim-partnership-auction-2026-7
echo "-- two-hand: the stock phase is not analysable, the playoff's plays are valued"
TWO="$HERE/../../sample-data/club-two-hand.csv"
"$PN" import "$tmp/two.db" "$TWO" >/dev/null 2>&1 || fail "cannot import $TWO"
t two-hand 0 analyze "$tmp/two.db" --game sim-two-hand-2026-1 --hand 1 --format json --budget 0
out_has '"status": "unsupported"'
out_has '"par": null'
python3 - "$tmp/out" <<'PY' || fail "the playoff's plays are not the valued ones (above)"
import json, sys
h = json.load(open(sys.argv[1]))["hands"][0]
valued = [p["par_before"] is not None for p in h["plays"]]
n = len(valued)
# the playoff: the last 12 tricks, two plays each
if n < 48 or valued != [False] * (n - 24) + [True] * 24:
    print("valued plays: %s" % "".join("v" if v else "." for v in valued))
    sys.exit(1)
for p in h["plays"][-24:]:
    if p["cost"] < 0 or p["par_before"] - p["cost"] != p["par_after"] or (p["cost"] > 0) != (p["best"] is not None):
        print("seq %d: %s" % (p["seq"], p))
        sys.exit(1)
PY
t two-hand-text 0 analyze "$tmp/two.db" --game sim-two-hand-2026-1 --hand 1
out_has '\(unanalysed: unsupported; the last 24 plays valued\)$'

echo "-- no bidder, every seat a side of its own: the hand analysed for the first lead's seat"
# sim-three-hand-2026-2 hand 4: seat 3 leads; seat 1's par from the first
# lead would be 0 (a search of its own), seat 3's is 60, the par before
# its lead; what it took, 60, is its counters in the stored result
SOLO="$HERE/../../sample-data/club-three-hand.csv"
"$PN" import "$tmp/solo.db" "$SOLO" >/dev/null 2>&1 || fail "cannot import $SOLO"
t solo-leader 0 analyze "$tmp/solo.db" --game sim-three-hand-2026-2 --hand 4 --format json --budget 0
python3 - "$tmp/out" <<'PY' || fail "the hand's par is not the first lead's seat's (above)"
import json, sys
h = json.load(open(sys.argv[1]))["hands"][0]
lead = h["plays"][0]
if h["status"] != "analysed" or h["bidder"] is not None or lead["seat"] != 3 or h["par"] != lead["par_before"] \
        or (h["par"], h["taken"]) != (60, 60):
    print("status %s bidder %s, first play %s, par %s, taken %s" % (h["status"], h["bidder"], lead, h["par"], h["taken"]))
    sys.exit(1)
PY
t solo-leader-text 0 analyze "$tmp/solo.db" --game sim-three-hand-2026-2 --hand 4
out_has '^game sim-three-hand-2026-2 hand 4: no bid; side of seat 3; par 60 from the first lead, took 60$'
t solo-leader-report 0 report "$tmp/solo.db" hand sim-three-hand-2026-2 4
out_has '^  Par 60 for the side of seat 3 from the first lead; it took 60\.$'

echo "-- the best card of a costly play: Dee's JS lead at trick 3 of $G7 hand 4"
t best-json 0 analyze "$db" --game "$G7" --hand 4 --format json --budget 0
out_has '"seq": 26, "seat": 1, "card": "JS", "par_before": 130, "par_after": 110, "cost": 20, "best": "AS"'
python3 - "$tmp/out" <<'PY' || fail "a costly play without a best card, or a best card on a play that cost nothing (above)"
import json, sys
for h in json.load(open(sys.argv[1]))["hands"]:
    for p in h["plays"]:
        if (p["cost"] > 0) != (p["best"] is not None) or p["best"] == p["card"]:
            print("seq %d: cost %d, best %s" % (p["seq"], p["cost"], p["best"]))
            sys.exit(1)
PY
t best-text 0 analyze "$db" --game "$G7" --hand 4
out_has '^   26    1   JS    130   110   20  best AS  !$'
t best-report-hand 0 report "$db" hand "$G7" 4
out_has 'trick 3: seat 1, Dee played JS: cost 20 \(par 130 -> 110\); AS kept it'
t best-report-hand-json 0 report "$db" hand "$G7" 4 --format json
out_has '"seq": 26, .*"cost": 20, "best": "AS"\}'
t best-report-hand-html 0 report "$db" hand "$G7" 4 --format html
out_has 'cost 20 \(par 130 → 110\); <span class="c">A♠</span> kept it\.'
if command -v sqlite3 >/dev/null 2>&1; then
  # an analysis stored in format 1 (no best card) is stale: searched again
  sqlite3 "$db" "UPDATE hands SET analysis = X'01' || substr(analysis, 2) WHERE number = 4 AND game_id = (SELECT id FROM games WHERE key = '$G7')"
  t best-format-1-stale 0 analyze "$db" --game "$G7" --hand 4 --format json
  err_has '1 hands \(1 searched, 0 stored before'
  out_has '"cost": 20, "best": "AS"'
  # one stored by a search whose values could be wrong (generation 7):
  # the reports show the hand as not analysed until analyze searches it
  sqlite3 "$db" "UPDATE hands SET analysis = substr(analysis, 1, 18) || X'07' || substr(analysis, 20)
    WHERE number = 4 AND game_id = (SELECT id FROM games WHERE key = '$G7')"
  t unsound-report-hand 0 report "$db" hand "$G7" 4 --format json
  out_has '"analysis": null'
  grep -q '"cost": 20' "$tmp/out" && fail "report hand shows an analysis of an unsound search"
  t unsound-research 0 analyze "$db" --game "$G7" --hand 4 --format json
  err_has '1 hands \(1 searched, 0 stored before'
  t unsound-report-hand-again 0 report "$db" hand "$G7" 4 --format json
  out_has '"analysis": \{"status": "analysed"'
fi

echo "-- jobs: the same output on any number of threads"
# Every hand of the two-hand-bid sample (20 games, 209 hands) searched
# with a budget that stops about a third of them, on one thread and on
# three, each on a fresh import (nothing read back): the same bytes, the
# same summary.
for j in 1 3; do
  "$PN" import "$tmp/j$j.db" "$HERE/../../sample-data/club-two-hand-bid.csv" >/dev/null 2>&1 || fail "cannot import"
  t jobs-$j 0 analyze "$tmp/j$j.db" --budget 10000 -j $j --format json -o "$tmp/jobs-$j.json"
  sed 's/ in [0-9.]* s$//' "$tmp/err" >"$tmp/jobs-$j.sum"
done
cmp -s "$tmp/jobs-1.json" "$tmp/jobs-3.json" || fail "-j 1 and -j 3 differ: $(diff "$tmp/jobs-1.json" "$tmp/jobs-3.json" | head -3)"
cmp -s "$tmp/jobs-1.sum" "$tmp/jobs-3.sum" || fail "-j 1 and -j 3 summaries differ"
grep -q '"status": "budget"' "$tmp/jobs-1.json" || fail "no hand stopped by the budget: the check is blind"
grep -q '"status": "analysed"' "$tmp/jobs-1.json" || fail "no hand analysed: the check is blind"

# A hand whose stored events no longer decode (game 2, hand 3, cut short
# by hand: 21 bytes of its packed events end inside event 5, the second
# bid) stops the run there on any number of threads: exit 2, that
# hand named, every hand before it written and none after (the hands of a
# game are searched at once, so later ones may have been searched), and
# nothing kept.
if command -v sqlite3 >/dev/null 2>&1; then
  G2="(SELECT id FROM games WHERE key = 'sim-two-hand-bid-2026-2')"
  before=$(sqlite3 "$tmp/j1.db" "SELECT count(*) FROM hands WHERE game_id < $G2 OR (game_id = $G2 AND number < 3)")
  for j in 1 3; do
    cp "$tmp/j1.db" "$tmp/broken$j.db"
    sqlite3 "$tmp/broken$j.db" "UPDATE hands SET events = substr(events, 1, 21) WHERE number = 3 AND game_id = $G2;
                                UPDATE hands SET analysis = NULL, analysis_rules = NULL, analysis_key = NULL"
    t broken-$j 2 analyze "$tmp/broken$j.db" --budget 10000 -j $j --quiet
    err_has 'game sim-two-hand-bid-2026-2 hand 3: stored event 5 does not decode'
    written=$(grep -c '^game' "$tmp/out")
    [[ $written -eq $before ]] || fail "-j $j: $written hands written, expected the $before before the broken one"
    [[ $(grep '^game' "$tmp/out" | tail -1) == "game sim-two-hand-bid-2026-2 hand 2:"* ]] ||
      fail "-j $j: the last hand written is not the one before the broken one"
    kept=$(sqlite3 "$tmp/broken$j.db" "SELECT count(*) FROM hands WHERE analysis IS NOT NULL")
    [[ $kept -eq 0 ]] || fail "-j $j: a failed run kept $kept analyses"
  done
fi

echo "-- -o and --quiet"
t output 0 analyze "$db" --game "$G" --hand 3 --format csv -o "$tmp/plays.csv" --quiet
out_empty
[[ ! -s $tmp/err ]] || fail "--quiet printed to stderr"
cmp -s "$tmp/first.csv" "$tmp/plays.csv" || fail "-o wrote something else"

echo "-- a progress bar on a terminal, ending at every hand of the game"
if command -v script >/dev/null 2>&1; then
  name=progress-bar args=(analyze "$db" --game "$G" -o /dev/null)
  checks=$((checks + 1))
  nhands=$(awk -F, -v g="$G" '$1 == g && $2 > 0 {print $2}' "$SAMPLE" | sort -u | wc -l)
  script -qec "$PN analyze '$db' --game '$G' --budget 1000 -o /dev/null" /dev/null >"$tmp/out" 2>&1 </dev/null
  grep -q "analyze: \[#*\] 100% $nhands/$nhands hands" "$tmp/out" || fail "no bar ending at $nhands/$nhands hands"
fi

echo "test_analyze: $checks checks, $failures failures"
[[ $failures -eq 0 ]]
