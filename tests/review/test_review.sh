#!/usr/bin/env bash
# test_review.sh PINOCHLE - `pinochle review` as a user runs it: the CSV
# columns exactly, one row per play with seq, seat and card as in the
# event log, every cost >= 0 and equal to best_value - chosen_value, a
# forced play (the hand's last trick) costing 0, a seeded run repeated
# exactly (CSV and JSON agree), a row for the last bid, one for the trump and one per pass (the cards given,
# space-separated), a solve stopped by --budget leaving its
# values empty, and the exit codes of bad usage.  The review kept in the
# database (schema 6): read back by a run with the same worlds, seed and
# budget (the same output), reviewed again and replaced by one with
# another seed or for another rules version; a run without --budget
# stored with the default budget.  On a terminal (script) a
# progress line ends at every decision of the hand; none in a file.
#
# PINOCHLE_WRAPPER (e.g. "valgrind -q --error-exitcode=99") wraps each run.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SAMPLE="$HERE/../../sample-data/club-partnership-auction.csv"

db=$tmp/club.db
G=sim-partnership-auction-2026-1
"$PN" import "$db" "$SAMPLE" >/dev/null 2>&1 || { echo "FAIL: cannot import $SAMPLE"; exit 1; }

echo "-- help and usage"
t help 0 review --help
out_has '^usage: pinochle review DB'
out_has 'game,hand,seq,seat,decision,chosen,chosen_value,best,best_value,cost'
t missing-db 2 review
err_has 'missing DB'
t hand-without-game 2 review "$db" --hand 3
err_has -- '--hand needs --game'
t bad-format 2 review "$db" --format xml
err_has -- '--format takes text, csv or json'
t bad-worlds 2 review "$db" --worlds 0
err_has -- '--worlds takes a number of deals'
t bad-seed 2 review "$db" --seed -1
t bad-jobs 2 review "$db" --jobs 9
err_has -- '--jobs takes a number from 1 to 8'
t no-such-game 2 review "$db" --game nope
err_has "no game 'nope'"
t no-such-hand 2 review "$db" --game "$G" --hand 99
err_has "has no hand 99"
echo keep >"$tmp/kept.csv"
t no-such-game-output-untouched 2 review "$db" --game nope -o "$tmp/kept.csv"
[[ $(cat "$tmp/kept.csv") == keep ]] || fail "-o FILE touched for an unknown game"

cp "$db" "$tmp/pristine.db" # never reviewed: each run on a copy of it reviews afresh
fresh() { cp "$tmp/pristine.db" "$tmp/fresh.db"; }

echo "-- one hand as CSV"
opts=(--game "$G" --hand 5 --worlds 3 --seed 5 --budget 300000)
run=(review "$db" "${opts[@]}")
t csv 0 "${run[@]}" --format csv -o "$tmp/a.csv"
[[ $(head -1 "$tmp/a.csv") == "game,hand,seq,seat,decision,chosen,chosen_value,best,best_value,cost" ]] ||
  fail "CSV header: $(head -1 "$tmp/a.csv")"
awk -F, -v g="$G" '$1 == g && $2 == 5 && $5 == "play" {print $1 "," $2 "," $3 "," $4 ",play," $6}' "$SAMPLE" >"$tmp/plays.want"
tail -n +2 "$tmp/a.csv" | awk -F, '$5 == "play"' | cut -d, -f1-6 >"$tmp/plays.got"
cmp -s "$tmp/plays.want" "$tmp/plays.got" || fail "rows are not the log's plays: $(diff "$tmp/plays.want" "$tmp/plays.got" | head -3)"
bad=$(tail -n +2 "$tmp/a.csv" | awk -F, '$7 != "" && ($10 < 0 || ($9 - $7) - $10 > 0.011 || $10 - ($9 - $7) > 0.011) {n++} END {print n + 0}')
[[ $bad -eq 0 ]] || fail "$bad rows break cost >= 0, cost = best_value - chosen_value"
valued=$(tail -n +2 "$tmp/a.csv" | awk -F, '$7 != ""' | wc -l)
empty=$(tail -n +2 "$tmp/a.csv" | awk -F, '$7 == "" && $8 == "" && $10 == ""' | wc -l)
[[ $valued -gt 30 && $empty -gt 0 ]] || fail "$valued rows valued, $empty left empty by --budget: expected most valued, the first ones empty"
trump=$(awk -F, -v g="$G" '$1 == g && $2 == 5 && $5 == "trump" {print $1 "," $2 "," $3 "," $4 ",trump," $7}' "$SAMPLE")
grep -q "^$trump," "$tmp/a.csv" || fail "no trump row $trump"
bid=$(awk -F, -v g="$G" '$1 == g && $2 == 5 && $5 == "bid" {s = $4; v = $7; q = $3} END {print q "," s ",bid," v}' "$SAMPLE")
grep -q "^$G,5,$bid," "$tmp/a.csv" || fail "no row for the last bid ($bid)"
gives=$(awk -F, -v g="$G" '$1 == g && $2 == 5 && $5 == "give" {print $1 "," $2 "," $3 "," $4 ",pass," $6}' "$SAMPLE")
passes=$(tail -n +2 "$tmp/a.csv" | awk -F, '$5 == "pass"' | cut -d, -f1-6)
[[ -n $gives && $gives == "$passes" ]] || fail "pass rows are not the log's gives (cards space-separated): $passes"
last=$(tail -n 4 "$tmp/a.csv" | awk -F, '$10 != "0.00" || $6 != $8' | wc -l)
[[ $last -eq 0 ]] || fail "the last trick's forced plays do not cost 0: $(tail -n 4 "$tmp/a.csv")"

echo "-- a seeded run repeats (on a database without the stored review); JSON says the same"
fresh
t csv-again 0 review "$tmp/fresh.db" "${opts[@]}" --format csv -o "$tmp/b.csv"
err_has '^review: 1 hands \(0 stored before\)'
cmp -s "$tmp/a.csv" "$tmp/b.csv" || fail "the same seed gave another output: $(diff "$tmp/a.csv" "$tmp/b.csv" | head -3)"
t json 0 "${run[@]}" --format json
if command -v python3 >/dev/null 2>&1; then
  python3 - "$tmp/out" "$tmp/a.csv" <<'PY' || fail "JSON and CSV differ (above)"
import csv, json, sys
js = json.load(open(sys.argv[1]))["decisions"]
rows = list(csv.DictReader(open(sys.argv[2])))
assert len(js) == len(rows), (len(js), len(rows))
for j, r in zip(js, rows):
    assert str(j["seq"]) == r["seq"] and j["chosen"] == r["chosen"], (j, r)
    if j["cost"] is None:
        assert r["cost"] == "", r
    else:
        assert "%.2f" % j["cost"] == r["cost"] and j["best"] == r["best"], (j, r)
        exact = {k: v for k, v in j["alternatives"].items() if v is not None}
        assert max(exact.values()) == j["best_value"], j  # null: no better than chosen, not solved
        assert j["best"] in exact and j["chosen"] in exact, j
PY
fi
cp "$tmp/out" "$tmp/stored.json" # read back from the store: a bounded card's null must survive it
fresh
t json-fresh 0 review "$tmp/fresh.db" "${opts[@]}" --format json
cmp -s "$tmp/out" "$tmp/stored.json" || fail "the stored review writes another JSON: $(diff "$tmp/out" "$tmp/stored.json" | head -3)"
grep -Eq '"alternatives": {[^}]*: null' "$tmp/stored.json" || fail "no alternative left bounded (null) in the JSON: the check above tests nothing"
t text 0 "${run[@]}"
out_has "^game $G hand 5$"
err_has '^review: 1 hands \(1 stored before\), 52 decisions'
cp "$tmp/out" "$tmp/stored.txt"
fresh
t text-fresh 0 review "$tmp/fresh.db" "${opts[@]}"
cmp -s "$tmp/out" "$tmp/stored.txt" || fail "the stored review writes another text: $(diff "$tmp/out" "$tmp/stored.txt" | head -3)"

echo "-- stored: reused with the same worlds, seed and budget, replaced with others"
q() { sqlite3 "$1" "$2"; }
fresh
t default-budget 0 review "$tmp/fresh.db" --game "$G" --hand 5 --worlds 1 --format csv -o /dev/null
err_has 'at 1 worlds, budget 20000000, in'
[[ $(q "$tmp/fresh.db" "SELECT budget FROM reviews") == 20000000 ]] ||
  fail "a run without --budget stored budget $(q "$tmp/fresh.db" "SELECT budget FROM reviews"), not the default 20000000"
[[ $(q "$db" "SELECT count(*) FROM reviews") -eq 1 ]] || fail "not one stored review: $(q "$db" "SELECT count(*) FROM reviews")"
[[ $(q "$db" "SELECT number, worlds, seed, budget FROM reviews") == "5|3|5|300000" ]] ||
  fail "stored with $(q "$db" "SELECT number, worlds, seed, budget FROM reviews")"
start=$(date +%s%N)
t csv-stored 0 "${run[@]}" --format csv -o "$tmp/c.csv"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
err_has '^review: 1 hands \(1 stored before\), 52 decisions'
cmp -s "$tmp/a.csv" "$tmp/c.csv" || fail "the stored review reads back otherwise: $(diff "$tmp/a.csv" "$tmp/c.csv" | head -3)"
echo "   read back in $ms ms"
t other-seed 0 review "$db" --game "$G" --hand 5 --worlds 3 --seed 6 --budget 300000 --format csv -o "$tmp/d.csv"
err_has '^review: 1 hands \(0 stored before\)'
[[ $(q "$db" "SELECT number, worlds, seed, budget FROM reviews") == "5|3|6|300000" ]] ||
  fail "not replaced: $(q "$db" "SELECT number, worlds, seed, budget FROM reviews")"
q "$db" "UPDATE reviews SET rules = rules + 1" # another rules version: stale
t stale 0 review "$db" --game "$G" --hand 5 --worlds 3 --seed 6 --budget 300000 --format csv -o "$tmp/e.csv"
err_has '^review: 1 hands \(0 stored before\)'
cmp -s "$tmp/d.csv" "$tmp/e.csv" || fail "a stale review reviewed again gave another output"

echo "-- progress: a line on a terminal, ending at every decision of the hand; none in a file"
grep -q $'\r' "$tmp/err" && fail "progress written to a stderr that is not a terminal"
if command -v script >/dev/null 2>&1; then
  name=progress-line args=(review "$db" --game "$G" --hand 5 --worlds 2 --seed 9)
  checks=$((checks + 1))
  script -qec "$PN review '$db' --game '$G' --hand 5 --worlds 2 --seed 9 --budget 300000 -o /dev/null" /dev/null \
    >"$tmp/out" 2>&1 </dev/null
  grep -qE 'review: hand 1 of 1, ([0-9]+) of \1 decisions' "$tmp/out" ||
    fail "no line ending at every decision of hand 5: $(tr '\r' '\n' <"$tmp/out" | tail -3)"
fi

echo "test_review: $checks checks, $failures failures"
[[ $failures -eq 0 ]]
