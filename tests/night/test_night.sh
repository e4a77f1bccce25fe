#!/usr/bin/env bash
# test_night.sh PINOCHLE - a club night through the CLI: 8 players at 2
# tables of partnership, 3 rounds.  Five games recorded with
# `record --night --table` (players and tags from the seating), one
# imported with the night's tags; then the standings' points and games
# recomputed independently from the games' scores (report hands) with awk.
set -u
pinochle=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
db=$work/club.db
die() { echo "FAIL $*"; fail=1; }

"$pinochle" night "$db" start fri --variant partnership --players Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal \
  --rounds 3 --date 2026-11-27 > "$work/start.txt" || die "night start"
grep -q "^Round 1 of 3" "$work/start.txt" || die "start prints round 1"
"$pinochle" night "$db" seating fri --format csv > "$work/seating.csv" || die "seating"
[ "$(head -1 "$work/seating.csv")" = "round,table,seat,player" ] || die "seating header"
# everyone seated once a round: 8 rows a round, 8 distinct names
for r in 1 2 3; do
  n=$(awk -F, -v r=$r '$1 == r' "$work/seating.csv" | cut -d, -f4 | sort -u | wc -l)
  [ "$n" = 8 ] || die "round $r seats $n players"
done
# no partnership twice (seats 1+3, 2+4)
dups=$(awk -F, 'NR > 1 { p[$1 "," $2 "," ($3 % 2)] = p[$1 "," $2 "," ($3 % 2)] ? p[$1 "," $2 "," ($3 % 2)] "+" $4 : $4 }
  END { for (k in p) { split(p[k], a, "+"); x = a[1] < a[2] ? a[1] "&" a[2] : a[2] "&" a[1]; print x } }' \
  "$work/seating.csv" | sort | uniq -d)
[ -z "$dups" ] || die "a partnership twice: $dups"
"$pinochle" night "$db" seating fri --format html > "$work/cards.html" || die "table cards"
[ "$(grep -c 'class="table-card"' "$work/cards.html")" = 6 ] || die "6 table cards"
"$pinochle" night "$db" start fri --variant partnership --players A,B,C,D --rounds 1 2> "$work/err" && die "a second fri"
grep -q "exists already" "$work/err" || die "second fri message"
"$pinochle" night "$db" start bad --variant three-hand --players A,B,C --rounds 2 --movement fixed 2> "$work/err"
[ $? = 2 ] && grep -q "rotate" "$work/err" || die "fixed on a solo preset refused"

# bad input: exit 2 and the reason, nothing stored
expect_usage() { # WHAT PATTERN ARGS...: exit 2 with PATTERN on stderr
  local what=$1 pattern=$2
  shift 2
  "$pinochle" "$@" > /dev/null 2> "$work/err"
  local rc=$?
  [ $rc = 2 ] && grep -q "$pattern" "$work/err" || die "$what: exit $rc, $(head -1 "$work/err")"
}
expect_usage "no such night" "no night called 'sun'" night "$db" seating sun
expect_usage "round past the last" "rounds 1 to 3, not 9" night "$db" seating fri --round 9
expect_usage "a player twice" "'ann' is listed twice" night "$db" start two --variant partnership --players Ann,Bob,ann,Dee --rounds 1
expect_usage "too few players" "fewer players than one table" night "$db" start few --variant partnership --players Ann,Bob --rounds 1
expect_usage "a bad name" "the night's name" night "$db" start "a b" --variant partnership --players A,B,C,D --rounds 1
expect_usage "no --rounds" "needs --variant, --players and --rounds" night "$db" start x --variant partnership --players A,B,C,D
expect_usage "--table alone" "go with --night" record "$db" --variant partnership --players A,B,C,D --table 1
expect_usage "--night and --players" "no --variant, --players" record "$db" --night fri --table 1 --players A,B,C,D
expect_usage "a table not in the night" "tables 1 to 2, not 3" record "$db" --night fri --table 3 --round 1
[ "$("$pinochle" night "$db" seating two 2>&1 | grep -c "no night")" = 1 ] || die "a refused night was stored"

# a game of round R at table T: a simulated log with the seating's names
game_log() { # round table seed [--tag ...] -> $work/rRtT.csv
  local names r=$1 t=$2 seed=$3
  shift 3
  names=$(awk -F, -v r=$r -v t=$t '$1 == r && $2 == t { printf "%s%s", s, $4; s = "," }' "$work/seating.csv")
  "$pinochle" sim --variant partnership --games 1 --seed $seed --players A,B,C,D --key-prefix "imported-r$r-t$t" "$@" \
    -o "$work/sim.csv" || die sim
  awk -F, -v OFS=, -v names="$names" 'BEGIN { split(names, n, ",") } $5 == "player" { $7 = n[$4] } { print }' \
    "$work/sim.csv" > "$work/r${r}t$t.csv"
}
seed=11
for r in 1 2 3; do
  for t in 1 2; do
    seed=$((seed + 1))
    if [ "$r$t" = 32 ]; then # imported, joining the night by its tags
      game_log $r $t $seed --tag night=fri --tag round=3 --tag table=2 --renege-rate 0.05
      "$pinochle" import "$db" "$work/r3t2.csv" > /dev/null 2>&1 || die "import round 3 table 2"
      continue
    fi
    game_log $r $t $seed
    awk -f "$here/../record/log2rec.awk" "$work/r${r}t$t.csv" > "$work/r${r}t$t.rec"
    "$pinochle" record "$db" --night fri --table $t < "$work/r${r}t$t.rec" > "$work/rec.out" 2>&1 || {
      die "record round $r table $t"; cat "$work/rec.out"; }
    grep -q "^recording fri-r$r-t$t " "$work/rec.out" || die "round $r table $t: key fri-r$r-t$t"
  done
done
"$pinochle" record "$db" --night fri --table 1 < /dev/null 2> "$work/err" && die "a 4th round at table 1"
grep -q "every round at table 1" "$work/err" || die "every round recorded: message"

"$pinochle" report "$db" night fri --format csv > "$work/standings.csv" || die "report night"
"$pinochle" report "$db" night fri > "$work/standings.txt" || die "report night text"
"$pinochle" report "$db" night fri --format json > "$work/standings.json" || die "report night json"
grep -q "3 of 3 rounds played, 6 games" "$work/standings.txt" || die "6 games counted"
grep -q "^  high total" "$work/standings.txt" || die "prizes"
# independently: each game's last hand's total per player, summed
"$pinochle" report "$db" hands --tag night=fri --format csv > "$work/hands.csv"
awk -F, 'NR > 1 { last[$1 "," $4] = $14; game[$1 "," $4] = 1 }
  END { for (k in last) { split(k, a, ","); pts[a[2]] += last[k]; g[a[2]]++ }
        for (p in pts) print p "," g[p] "," pts[p] }' "$work/hands.csv" | sort > "$work/expect.txt"
awk -F, 'NR > 1 { print $2 "," $3 "," $5 }' "$work/standings.csv" | sort > "$work/got.txt"
diff "$work/expect.txt" "$work/got.txt" > /dev/null || { die "standings differ from the games' scores"; diff "$work/expect.txt" "$work/got.txt"; }
[ "$(wc -l < "$work/got.txt")" = 8 ] || die "8 players in the standings"
# the recaps list the hands with findings: each finding of the night's
# games (the audit's) under each of the 4 players at that table
games=()
for k in $(awk -F, 'NR > 1 { print $1 }' "$work/hands.csv" | sort -u); do games+=(--game "$k"); done
"$pinochle" audit "$db" "${games[@]}" --no-record --format csv > "$work/audit.csv" 2>/dev/null
nfind=$(($(wc -l < "$work/audit.csv") - 1))
[ "$nfind" -gt 0 ] || die "the imported game has no planted finding"
nrecap=$(grep -cE '^      hand [0-9]+: [A-Za-z]+ renege-' "$work/standings.txt")
[ "$nrecap" = $((4 * nfind)) ] || die "recaps list $nrecap findings, the audit $nfind (x4 players)"
# pinochle copy takes the nights along: the same standings from the copy
"$pinochle" copy "$db" "$work/copy.db" 2> "$work/err" || die "copy: $(head -1 "$work/err")"
grep -q "verified; club nights: 1" "$work/err" || die "copy: $(head -1 "$work/err")"
"$pinochle" report "$work/copy.db" night fri --format csv | cmp -s - "$work/standings.csv" || die "copy's standings differ"
# ranks follow points
awk -F, 'NR > 2 && $5 > prev { bad = 1 } NR > 1 { prev = $5 } END { exit bad }' "$work/standings.csv" || die "ranks by points"
# ties: a one-round night whose partners score alike, listed by name
"$pinochle" night "$db" start sat --variant partnership --players Zed,Amy,Yan,Bea --rounds 1 > /dev/null || die "night sat"
"$pinochle" sim --variant partnership --games 1 --seed 5 --players Zed,Amy,Yan,Bea --tag night=sat --tag round=1 \
  --tag table=1 --key-prefix sat -o "$work/sat.csv" 2>/dev/null
"$pinochle" import "$db" "$work/sat.csv" > /dev/null 2>&1 || die "import sat"
"$pinochle" report "$db" night sat --format csv > "$work/sat-standings.csv"
awk -F, 'NR > 2 && $5 == p5 && ($4 > p4 || ($4 == p4 && ($6 > p6 || ($6 == p6 && $2 < p2)))) { bad = 1 }
  NR > 1 { p2 = $2; p4 = $4; p5 = $5; p6 = $6 } END { exit bad }' "$work/sat-standings.csv" || die "tie-breaks"
ties=$(awk -F, 'NR > 2 && $5 == p5 && $4 == p4 && $6 == p6 { n++ } NR > 1 { p4 = $4; p5 = $5; p6 = $6 } END { print n + 0 }' \
  "$work/sat-standings.csv")
[ "$ties" = 2 ] || die "sat: partners tie ($ties ties)"
[ $fail = 0 ] && { cat "$work/standings.txt"; echo "night: ok"; }
exit $fail
