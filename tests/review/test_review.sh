#!/usr/bin/env bash
# test_review.sh PINOCHLE - `pinochle review` as a user runs it: the CSV
# columns exactly, one row per play with seq, seat and card as in the
# event log, every cost >= 0 and equal to best_value - chosen_value, a
# forced play (the hand's last trick) costing 0, a seeded run repeated
# exactly (CSV and JSON agree), a row for the last bid and one for the trump, a solve stopped by --budget leaving its
# values empty, and the exit codes of bad usage.
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
t no-such-game 2 review "$db" --game nope
err_has "no game 'nope'"
t no-such-hand 2 review "$db" --game "$G" --hand 99
err_has "has no hand 99"
echo keep >"$tmp/kept.csv"
t no-such-game-output-untouched 2 review "$db" --game nope -o "$tmp/kept.csv"
[[ $(cat "$tmp/kept.csv") == keep ]] || fail "-o FILE touched for an unknown game"

echo "-- one hand as CSV"
run=(review "$db" --game "$G" --hand 5 --worlds 3 --seed 5 --budget 300000)
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
last=$(tail -n 4 "$tmp/a.csv" | awk -F, '$10 != "0.00" || $6 != $8' | wc -l)
[[ $last -eq 0 ]] || fail "the last trick's forced plays do not cost 0: $(tail -n 4 "$tmp/a.csv")"

echo "-- a seeded run repeats; JSON says the same"
t csv-again 0 "${run[@]}" --format csv -o "$tmp/b.csv"
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
t text 0 "${run[@]}"
out_has "^game $G hand 5$"
err_has '^review: 1 hands, 50 decisions'

echo "test_review: $checks checks, $failures failures"
[[ $failures -eq 0 ]]
