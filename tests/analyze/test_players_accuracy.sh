#!/usr/bin/env bash
# test_players_accuracy.sh PINOCHLE - the play-accuracy columns of
# `pinochle report DB players` against `pinochle analyze --format csv`.
#
# A small database: a simulated two-hand-bid game of three hands (Hal and
# Eve; analysed completely with a node budget that suffices), a simulated
# two-hand game of two hands (Hal and Eve again; its stock phase cannot be
# analysed, so a hand counts with its 12-trick playoff, the last 24
# plays, valued: status unsupported) and one
# partnership-auction game of the sample data (Hal, Fay, Ida, Cal), whose
# hand 3 is analysed completely and hand 1 with a budget too small to
# finish (so it is stored unanalysed and must be left out).  The expected
# figures are computed here with awk from the analyze CSV (one row per
# play: game,hand,seq,seat,card,par_before,par_after,cost) and the event
# logs (who sat in each seat, which preset): per player and per
# partnership in each preset (never pooled over presets), over the
# hands whose every play has a value, the plays, the share of cost-0
# plays, the mean cost per play and per hand.  Also: without analyses the
# columns are absent and stderr says to run analyze first; --min-plays
# leaves out small samples; a stale analysis (its key no longer the
# hand's) is not counted; the note on stderr (and on the HTML page)
# names the hands left out (stopped by the budget, or stale) and what to
# run.
#
# PINOCHLE_WRAPPER (e.g. "valgrind -q --error-exitcode=99") wraps each run.
# The runner (t, fail, out_has, ...), $PN, $tmp and the tally: tests/lib.sh.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SAMPLE="$HERE/../../sample-data/club-partnership-auction.csv"

# The columns name,variant,plays_analysed,best_play_pct,cost_per_play,
# cost_per_hand of a players CSV (stdin), prefixed by kind, in the
# report's order.
accuracy_columns() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { print $col["kind"] "," $col["name"] "," $col["variant"] "," $col["plays_analysed"] "," $col["best_play_pct"] "," \
        $col["cost_per_play"] "," $col["cost_per_hand"] }'
}

# The expected accuracy rows, from the event logs ($1, seats by game) and
# the analyze CSVs (the rest): players and partnerships (seats 1+3 and 2+4
# of a four-seat game, named "A & B" in byte order) by preset, sorted by
# name then preset.
expected() {
  local logs=$1
  shift
  LC_ALL=C awk -F, -v logs="$logs" '
    BEGIN {
      while ((getline line < logs) > 0) {
        split(line, f, ",")
        if (f[5] == "player") { seat[f[1], f[4]] = f[7]; if (f[4] > seats[f[1]]) seats[f[1]] = f[4] }
        if (f[5] == "variant") variant[f[1]] = f[7]
        if (f[5] == "variant" && f[7] ~ /^two-hand(-64)?$/) stock[f[1]] = 1
      }
    }
    FNR == 1 { next }               # a header
    { k = $1 SUBSEP $2; rows[k] = rows[k] $0 "\n"; if ($8 == "") { partial[k] = 1; if (valued[k]) late[k] = 1 } else valued[k]++ }
    END {
      for (k in rows) {
        split(k, gh, SUBSEP); g = gh[1]
        # a hand not analysed completely; in a two-hand game with a stock,
        # complete when the playoff (the last 24 plays, nothing after an
        # unvalued one) is
        if ((k in partial) && !(stock[g] && valued[k] == 24 && !(k in late))) continue
        for (s = 1; s <= seats[g]; s++) hands["player," seat[g, s] "," variant[g]]++
        if (seats[g] == 4) for (side = 1; side <= 2; side++) hands["partnership," pair(g, side) "," variant[g]]++
        n = split(rows[k], play, "\n")
        for (i = 1; i < n; i++) {
          split(play[i], f, ",")
          if (f[8] == "") continue  # a play of the stock phase: no value
          add("player," seat[g, f[4]] "," variant[g], f[8])
          if (seats[g] == 4) add("partnership," pair(g, (f[4] - 1) % 2 + 1) "," variant[g], f[8])
        }
      }
      for (e in hands)
        printf "%s,%d,%.1f,%.2f,%.1f\n", e, plays[e], best[e] * 100 / plays[e], cost[e] / plays[e], cost[e] / hands[e]
    }
    function pair(g, side,   a, b) { a = seat[g, side]; b = seat[g, side + 2]; return a < b ? a " & " b : b " & " a }
    function add(e, c) { plays[e]++; best[e] += c == 0; cost[e] += c }
  ' "$@" | LC_ALL=C sort -t, -k1,1r -k2,2 -k3,3
}

db=$tmp/club.db
G=sim-partnership-auction-2026-1
awk -F, -v g="$G" 'NR == 1 || $1 == g' "$SAMPLE" >"$tmp/pa.csv"
"$PN" sim --variant two-hand-bid --hands 3 --seed 3 --players Hal,Eve --key-prefix acc- -o "$tmp/th.csv" 2>/dev/null ||
  { echo "FAIL: cannot simulate the two-hand-bid game"; exit 1; }
"$PN" sim --variant two-hand --hands 2 --seed 5 --players Hal,Eve --key-prefix acc2- -o "$tmp/stock.csv" 2>/dev/null ||
  { echo "FAIL: cannot simulate the two-hand game"; exit 1; }
"$PN" import "$db" "$tmp/pa.csv" "$tmp/th.csv" "$tmp/stock.csv" >/dev/null 2>&1 ||
  { echo "FAIL: cannot import the fixture"; exit 1; }
TH=$(awk -F, 'NR == 2 {print $1}' "$tmp/th.csv")
ST=$(awk -F, 'NR == 2 {print $1}' "$tmp/stock.csv")
{ cat "$tmp/pa.csv"; tail -n +2 "$tmp/th.csv"; tail -n +2 "$tmp/stock.csv"; } >"$tmp/logs.csv"

echo "-- no analysis yet: no accuracy columns; a note on stderr only when --min-plays asks about accuracy"
t none 0 report "$db" players --format csv
out_has '^kind,name,variant,games,wins,.*,points_per_hand$'
grep -q plays_analysed "$tmp/out" && fail "accuracy columns without analyses"
err_empty
t none_min_plays 0 report "$db" players --format csv --min-plays 1
err_has '^pinochle: report: note: .*run pinochle analyze first'
# the HTML page shows the fixed columns only: no note for it
t none_html 0 report "$db" players --format html -o "$tmp/players.html"
err_empty
grep -q "<p class=\"hint\">" "$tmp/players.html" && fail "a note on the page with nothing analysed and nothing asked"

echo "-- analyse: the two-hand-bid game, hand 3 of $G whole, hand 1 stopped by the budget"
t analyze_two_hand 0 analyze "$db" --game "$TH" --budget 5000000 --format csv
cp "$tmp/out" "$tmp/an1.csv"
err_has '3 hands \(3 searched, 0 stored before, 0 unanalysed'
t analyze_hand1_budget 0 analyze "$db" --game "$G" --hand 1 --budget 1000 --format csv
cp "$tmp/out" "$tmp/an3.csv"
err_has '1 unanalysed: budget'
# the preset's only analysis stopped: no columns, and the note says why
t only_stopped 0 report "$db" players --variant partnership-auction --format csv
grep -q plays_analysed "$tmp/out" && fail "accuracy columns without a hand analysed whole"
err_has '^pinochle: report: note: no hand of the selection is analysed whole, .*: the node budget stopped 1; a larger'
t analyze_hand3 0 analyze "$db" --game "$G" --hand 3 --budget 5000000 --format csv
cp "$tmp/out" "$tmp/an2.csv"
err_has '0 unanalysed'
t analyze_stock 0 analyze "$db" --game "$ST" --budget 0 --format csv
cp "$tmp/out" "$tmp/an4.csv"
err_has '2 hands \(2 searched, 0 stored before, 0 unanalysed: budget, 2 not analysable from the first lead'
[[ $(tail -n +2 "$tmp/an4.csv" | awk -F, '$6 != ""' | wc -l) -eq 48 ]] || fail "the two-hand game's playoffs are not valued"

echo "-- the report's figures are the CSV's"
t players_csv 0 report "$db" players --format csv
# hand 1 is left out, and the note says so (the figures are the easier hands')
err_has '^pinochle: report: note: play accuracy counts 6 analysed hands and leaves out 1 the node budget stopped \(the hardest\): a larger pinochle analyze --budget'
accuracy_columns <"$tmp/out" >"$tmp/got"
expected "$tmp/logs.csv" "$tmp/an1.csv" "$tmp/an2.csv" "$tmp/an3.csv" "$tmp/an4.csv" >"$tmp/want"
# the page's reader sees no stderr: the note is on the page, above the tables
t players_html 0 report "$db" players --format html -o "$tmp/players.html"
grep -q '<p class="hint">Play accuracy counts 6 analysed hands and leaves out 1 the node budget stopped (the hardest): a larger pinochle analyze --budget values more of them, slowly.</p>' "$tmp/players.html" ||
  fail "the HTML page does not say which hands play accuracy leaves out"
# Hal and Eve played two-hand-bid and two-hand: a row in each
[[ $(wc -l <"$tmp/want") -eq 10 ]] || fail "expected 8 player rows and 2 partnerships, computed $(wc -l <"$tmp/want") rows"
diff "$tmp/want" "$tmp/got" >"$tmp/diff" || fail "accuracy differs (want < > got): $(cat "$tmp/diff")"
# hand 1, stopped by the budget, is no analysed hand: Fay's cost per hand
# is hand 3's whole cost
fay_seat=$(awk -F, '$5 == "player" && $7 == "Fay" {print $4}' "$tmp/pa.csv")
fay_cost=$(awk -F, -v s="$fay_seat" 'FNR > 1 && $4 == s {c += $8} END {printf "%.1f", c}' "$tmp/an2.csv")
[[ $(awk -F, '$2 == "Fay" {print $7}' "$tmp/got") == "$fay_cost" ]] ||
  fail "Fay's cost per hand is not hand 3's $fay_cost: $(grep Fay "$tmp/got")"

t players_text 0 report "$db" players
out_has '^player .* +best% +cost/p +cost/h$'
out_has '^partnership .* +best% +cost/p +cost/h$'
t players_json 0 report "$db" players --format json
out_has '"plays_analysed": [0-9]+, "best_play_pct": [0-9.]+, "cost_per_play": [0-9.]+, "cost_per_hand": [0-9.]+\}'

echo "-- --min-plays leaves out small samples"
fay=$(awk -F, '$2 == "Fay" {print $4}' "$tmp/got")
hal=$(awk -F, '$2 == "Hal" && $3 == "two-hand" {print $4}' "$tmp/got")
t min_plays 0 report "$db" players --format csv --min-plays $((fay + 1))
grep -q '^player,Fay,' "$tmp/out" && fail "Fay has $fay analysed plays, fewer than --min-plays $((fay + 1))"
grep -q '^player,Hal,two-hand,' "$tmp/out" || fail "Hal has $hal analysed plays in two-hand and was left out"
t min_plays_bad 2 report "$db" players --min-plays many
err_has -- "--min-plays takes a whole number, not 'many'"
t min_plays_not_for_ratings 2 report "$db" ratings --min-plays 3
err_has -- '--min-plays is for players'

if command -v sqlite3 >/dev/null 2>&1; then
  echo "-- a stale analysis is not counted"
  sqlite3 "$db" "UPDATE hands SET analysis_key = analysis_key + 1 WHERE number = 3 AND game_id = (SELECT id FROM games WHERE key = '$G')"
  t stale 0 report "$db" players --format csv
  err_has '^pinochle: report: note: play accuracy leaves out 1 hand whose analysis is out of date .*: run pinochle analyze again$'
  accuracy_columns <"$tmp/out" >"$tmp/got"
  expected "$tmp/logs.csv" "$tmp/an1.csv" "$tmp/an3.csv" "$tmp/an4.csv" >"$tmp/want"
  grep -q '^player,Fay,partnership-auction,0,,,$' "$tmp/got" || fail "Fay's only analysed hand is stale: $(grep Fay "$tmp/got")"
  t stale_html 0 report "$db" players --format html -o "$tmp/players.html"
  grep -q '<p class="hint">Play accuracy leaves out 1 hand whose analysis is out of date (an older pinochle, or the hand changed since): run pinochle analyze again.</p>' "$tmp/players.html" ||
    fail "the HTML page does not say a stale analysis is left out"
  diff <(grep '^player,Eve,' "$tmp/want") <(grep '^player,Eve,' "$tmp/got") >/dev/null || fail "Eve's figures changed"
fi

if [[ $failures -eq 0 ]]; then
  echo "players accuracy: all $checks runs passed"
else
  echo "players accuracy: $failures failed checks in $checks runs"
fi
[[ $failures -eq 0 ]]
