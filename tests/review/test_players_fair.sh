#!/usr/bin/env bash
# test_players_fair.sh PINOCHLE - the fair-accuracy columns of `pinochle
# report DB players` against `pinochle review --format csv`.
#
# The sample partnership-auction game: hands 3 and 5 reviewed (small
# worlds, and for hand 5 a budget: what is counted matters here, not the
# values; the budget leaves some decisions unvalued, which must not
# count; hand 3's trump is valued).  The
# expected figures are computed here with awk from the review CSVs (one
# row per decision: game,hand,seq,seat,decision,chosen,chosen_value,best,
# best_value,cost) and the event log (who sat in each seat): per player
# and per partnership (seats 1+3 and 2+4), the valued decisions, and per
# decision kind (play, trump, bid, pass) the share whose chosen
# alternative is the best and the mean cost.  Also: without a stored
# review the columns are absent; a stale review (its key no longer the
# hand's) is not counted; JSON, text and the HTML players page carry the columns.
#
# PINOCHLE_WRAPPER (e.g. "valgrind -q --error-exitcode=99") wraps each run.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SAMPLE="$HERE/../../sample-data/club-partnership-auction.csv"
G=sim-partnership-auction-2026-1
db=$tmp/club.db
"$PN" import "$db" "$SAMPLE" >/dev/null 2>&1 || { echo "FAIL: cannot import $SAMPLE"; exit 1; }

# kind,name,variant and the fair columns of a players CSV (stdin), the
# rows with fair decisions only.
fair_columns() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["fair_decisions"] > 0 {
      printf "%s,%s,%s,%s", $col["kind"], $col["name"], $col["variant"], $col["fair_decisions"]
      split("play trump bid pass", k, " ")
      for (i = 1; i <= 4; i++) printf ",%s,%s", $col["fair_" k[i] "_best_pct"], $col["fair_" k[i] "_cost"]
      print ""
    }'
}

# The expected rows from the event log ($1) and the review CSVs (the rest).
expected() {
  local log=$1
  shift
  LC_ALL=C awk -F, -v logfile="$log" '
    BEGIN {
      while ((getline line < logfile) > 0) {
        split(line, f, ",")
        if (f[5] == "player") seat[f[1], f[4]] = f[7]
        if (f[5] == "variant") variant[f[1]] = f[7]
      }
    }
    FNR == 1 || $10 == "" { next }  # a header; a decision left unvalued
    {
      g = $1
      add("player," seat[g, $4] "," variant[g], $5, $6 == $8, $10)
      add("partnership," pair(g, ($4 - 1) % 2 + 1) "," variant[g], $5, $6 == $8, $10)
    }
    END {
      split("play trump bid pass", k, " ")
      for (e in total) {
        printf "%s,%d", e, total[e]
        for (i = 1; i <= 4; i++)
          if (n[e, k[i]]) printf ",%.1f,%.2f", best[e, k[i]] * 100 / n[e, k[i]], cost[e, k[i]] / n[e, k[i]]
          else printf ",,"
        print ""
      }
    }
    function pair(g, side,   a, b) { a = seat[g, side]; b = seat[g, side + 2]; return a < b ? a " & " b : b " & " a }
    function add(e, kind, isbest, c) { total[e]++; n[e, kind]++; best[e, kind] += isbest; cost[e, kind] += c }
  ' "$@" | LC_ALL=C sort -t, -k1,1r -k2,2 -k3,3
}

echo "-- never reviewed: no fair columns"
t none 0 report "$db" players --format csv
! grep -q fair_decisions "$tmp/out" || fail "fair columns without a stored review"
t none-html 0 report "$db" players --format html
! grep -q '<th>f-dec</th>' "$tmp/out" || fail "fair columns on the players page without a stored review"

echo "-- two hands reviewed"
t review3 0 review "$db" --game "$G" --hand 3 --worlds 1 --seed 3 --format csv -o "$tmp/r3.csv" # its trump valued
t review5 0 review "$db" --game "$G" --hand 5 --worlds 2 --seed 5 --budget 200000 --format csv -o "$tmp/r5.csv"
unvalued=$(cat "$tmp/r3.csv" "$tmp/r5.csv" | awk -F, '$5 != "decision" && $10 == ""' | wc -l)
[[ $unvalued -gt 0 ]] || fail "no unvalued decision to leave out (the budget no longer stops a solve)"
t players 0 report "$db" players --format csv
fair_columns <"$tmp/out" | LC_ALL=C sort -t, -k1,1r -k2,2 -k3,3 >"$tmp/got"
expected "$SAMPLE" "$tmp/r3.csv" "$tmp/r5.csv" >"$tmp/want"
[[ $(wc -l <"$tmp/want") -eq 6 ]] || fail "expected 4 players and 2 partnerships: $(cat "$tmp/want")"
awk -F, '$7 != ""' "$tmp/want" | grep -q . || fail "no trump decision counted: $(cat "$tmp/want")"
cmp -s "$tmp/want" "$tmp/got" || fail "fair columns differ: $(diff "$tmp/want" "$tmp/got" | head -6)"
t json 0 report "$db" players --format json
out_has '"fair_decisions": [0-9]+, "fair_play_best_pct": [0-9.]+, "fair_play_cost": [0-9.]+, "fair_trump_best_pct"'
t text 0 report "$db" players
out_has 'f-play%'
t html 0 report "$db" players --format html # the players page: both tables carry the fair columns
[[ $(grep -c '<th>f-pass c</th>' "$tmp/out") -eq 2 ]] || fail "the players page lacks the fair columns"

echo "-- a stale review is not counted"
sqlite3 "$db" "UPDATE reviews SET key = key + 1 WHERE number = 5"
t stale 0 report "$db" players --format csv
fair_columns <"$tmp/out" | LC_ALL=C sort -t, -k1,1r -k2,2 -k3,3 >"$tmp/got"
expected "$SAMPLE" "$tmp/r3.csv" >"$tmp/want"
cmp -s "$tmp/want" "$tmp/got" || fail "stale review counted: $(diff "$tmp/want" "$tmp/got" | head -6)"

echo "test_players_fair: $checks checks, $failures failures"
[[ $failures -eq 0 ]]
