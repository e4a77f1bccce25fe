#!/usr/bin/env bash
# test_record.sh PINOCHLE - a scripted `pinochle record` session of a game
# of every preset stores the same game as importing that game's log: the
# two exports are byte for byte equal, and importing one into the other's
# database is a duplicate.  Two-hand games are also entered with their
# stock drawn card by card.
set -u
pinochle=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0 pass=0

check() { # preset [draws]
  local preset=$1 draws=${2:-0} name=$1${2:+-draws}
  local log=$work/$name.csv
  "$pinochle" sim --variant "$preset" --games 1 --seed 31 --renege-rate 0.02 \
    --players Ann,Bob,Cal,Dee,Eve -o "$log" || { echo "FAIL $name: sim"; fail=$((fail + 1)); return; }
  local key players
  key=$(awk -F, 'NR == 2 { print $1 }' "$log")
  players=$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = "," }' "$log")
  awk -v draws="$draws" -f "$here/log2rec.awk" "$log" > "$work/$name.rec"
  "$pinochle" record "$work/$name-rec.db" --variant "$preset" --players "$players" --game "$key" \
    --tag date=2026-01-06 --yes < "$work/$name.rec" > "$work/$name.out" 2>&1
  "$pinochle" import "$work/$name-imp.db" "$log" 2> /dev/null
  "$pinochle" export "$work/$name-rec.db" -o "$work/$name-rec.csv"
  "$pinochle" export "$work/$name-imp.db" -o "$work/$name-imp.csv"
  if ! cmp -s "$work/$name-rec.csv" "$work/$name-imp.csv"; then
    echo "FAIL $name: recorded and imported games differ"
    diff "$work/$name-rec.csv" "$work/$name-imp.csv" | head -5
    grep -m3 error "$work/$name.out"
    fail=$((fail + 1))
    return
  fi
  if ! "$pinochle" import "$work/$name-imp.db" "$work/$name-rec.csv" 2>&1 | grep -q "skipped as already there"; then
    echo "FAIL $name: the recorded game's content hash differs from the imported one"
    fail=$((fail + 1))
    return
  fi
  pass=$((pass + 1))
}

for preset in $("$pinochle" rules | awk '{ print $1 }'); do check "$preset"; done
check two-hand 1
check two-hand-64 1

# A renege is recorded only after `yes`; `no` drops it; undo takes back a line.
db=$work/confirm.db
printf '%s\n' "deal" "undo" "status" | "$pinochle" record "$db" --variant partnership-auction \
  --players Ann,Bob,Cal,Dee --game t1 --seed 5 > "$work/undo.out" 2>&1
if grep -q "undone: " "$work/undo.out"; then pass=$((pass + 1)); else echo "FAIL undo"; fail=$((fail + 1)); fi
printf '%s\n' "1 deal AS" | "$pinochle" record "$db" --variant partnership-auction \
  --players Ann,Bob,Cal,Dee --game t2 > "$work/bad.out" 2>&1
if grep -q "error: deal row has 1 cards, expected 12" "$work/bad.out"; then pass=$((pass + 1)); else
  echo "FAIL refused row"; cat "$work/bad.out"; fail=$((fail + 1)); fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
