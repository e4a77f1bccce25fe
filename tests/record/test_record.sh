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

check() { # preset [draws] [implied-dix] [early-turnup]: a simulated game of preset
  local name=$1${2:+-draws}${3:+-implied}${4:+-early}
  "$pinochle" sim --variant "$1" --games 1 --seed 31 --renege-rate 0.02 \
    --players Ann,Bob,Cal,Dee,Eve -o "$work/$name.csv" || { echo "FAIL $name: sim"; fail=$((fail + 1)); return; }
  check_log "$name" "$work/$name.csv" "${2:-0}" "${3:-0}" "${4:-0}"
}

# The log as the recorder stores it: a turn-up typed without a seat (the
# two-hand logs leave it empty) is the dealer's, as EVENT-LOG.md has it.
dealer_turnup() {
  awk -F, -v OFS=, '$5 == "dealer" { d[$1 FS $2] = $4 } $5 == "turnup" && $4 == "" { $4 = d[$1 FS $2] } 1' "$1"
}

# Each hand's `turnup` line typed right after its `dealer` line, before
# the deal rows: it is stored after them all the same.
turnup_first() {
  awk 'held && /^turnup / { print dealer; print; printf "%s", rest; held = 0; next }
       /^dealer / { if (held) { print dealer; printf "%s", rest } dealer = $0; rest = ""; held = 1; next }
       held { rest = rest $0 "\n"; next }
       { print }
       END { if (held) { print dealer; printf "%s", rest } }' "$1"
}

check_log() { # name log draws implied-dix [early-turnup]: one game's log typed and imported
  local name=$1 log=$2 draws=$3 implied=$4 early=${5:-0} key variant header=()
  key=$(awk -F, 'NR == 2 { print $1 }' "$log")
  variant=$(awk -F, '$5 == "variant" { print $7 }' "$log")
  header+=(--players "$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = "," }' "$log")")
  while IFS= read -r option; do header+=(--option "$option"); done < <(awk -F, '$2 == 0 && $5 == "option" { print $7 }' "$log")
  while IFS= read -r tag; do header+=(--tag "$tag"); done < <(awk -F, '$2 == 0 && $5 == "tag" { print $7 }' "$log")
  awk -v draws="$draws" -f "$here/log2rec.awk" "$log" > "$work/$name.rec"
  # implied-dix: the dix typed without its card ("1 dix exchange"), as the
  # log may leave it implied; it must be stored with the card all the same
  if ((implied)); then sed -i -E 's/^([0-9]+ dix) [^ ]+ /\1 /' "$work/$name.rec"; fi
  if ((early)); then
    turnup_first "$work/$name.rec" > "$work/$name.early" && mv "$work/$name.early" "$work/$name.rec"
    grep -A1 -m1 '^dealer ' "$work/$name.rec" | grep -q '^turnup ' || { echo "FAIL $name: no early turnup typed"; fail=$((fail + 1)); return; }
  fi
  "$pinochle" record "$work/$name-rec.db" --variant "$variant" "${header[@]}" --game "$key" \
    --yes < "$work/$name.rec" > "$work/$name.out" 2>&1
  dealer_turnup "$log" > "$work/$name-log.csv"
  "$pinochle" import "$work/$name-imp.db" "$work/$name-log.csv" 2> /dev/null
  "$pinochle" export "$work/$name-rec.db" -o "$work/$name-rec.csv"
  "$pinochle" export "$work/$name-imp.db" -o "$work/$name-imp.csv"
  if ! cmp -s "$work/$name-rec.csv" "$work/$name-imp.csv"; then
    echo "FAIL $name: recorded and imported games differ"
    diff "$work/$name-rec.csv" "$work/$name-imp.csv" | head -5
    grep -m3 error "$work/$name.out"
    fail=$((fail + 1))
    return
  fi
  if ! "$pinochle" import "$work/$name-imp.db" "$work/$name-rec.csv" 2>&1 | grep -q "(0 replaced, 1 skipped as already there)"; then
    echo "FAIL $name: the recorded game's content hash differs from the imported one"
    fail=$((fail + 1))
    return
  fi
  pass=$((pass + 1))
}

for preset in $("$pinochle" rules | awk '{ print $1 }'); do check "$preset"; done
check two-hand 1
check two-hand-64 1
check two-hand 0 1
# a turn-up typed without a seat, before the deal rows: stored as the
# dealer's, after the deal, as the log with the dealer's seat has it
check two-hand 0 0 1
check two-hand-64 1 0 1
# two-hand: an out declared after the last trick re-scores the stored hand
# (tests/contract/README.md says where the log comes from)
# as the last row: without the score rows that would store the hand again
awk -F, '$5 != "score"' "$here/../contract/two-hand-out-after-last-trick.csv" > "$work/out-last.csv"
check_log out-after-last-trick "$work/out-last.csv" 0 0

# Table order (tests/record/log2table.awk): no deal rows, a trick per line
# without seats, every other row with its seat, --yes.  Each game of LOG is
# typed into one database; it must export byte for byte as importing LOG
# does, and audit both the same.  Prints the bytes typed per hand.
table_log() { # name log [terse]
  local name=$1 log=$2 terse=${3:-0} key variant players np hands
  local rec=$work/$name-trec.db imp=$work/$name-timp.db
  rm -f "$rec" "$imp" "$work/$name.tab"
  for key in $(awk -F, 'NR > 1 && $2 == 0 && $5 == "variant" { print $1 }' "$log"); do
    awk -F, -v k="$key" 'NR == 1 || $1 == k' "$log" > "$work/game.csv"
    variant=$(awk -F, '$5 == "variant" { print $7 }' "$work/game.csv")
    players=$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = "," }' "$work/game.csv")
    np=$(awk -F, '$5 == "player"' "$work/game.csv" | wc -l)
    local args=()
    while IFS= read -r tag; do args+=(--tag "$tag"); done < <(awk -F, '$2 == 0 && $5 == "tag" { print $7 }' "$work/game.csv")
    while IFS= read -r opt; do args+=(--option "$opt"); done < <(awk -F, '$2 == 0 && $5 == "option" { print $7 }' "$work/game.csv")
    awk -v players="$np" -v terse="$terse" -f "$here/log2table.awk" "$work/game.csv" > "$work/game.tab"
    cat "$work/game.tab" >> "$work/$name.tab"
    "$pinochle" record "$rec" --variant "$variant" --players "$players" --game "$key" "${args[@]}" --yes \
      < "$work/game.tab" > "$work/$name-$key.out" 2>&1
  done
  "$pinochle" import "$imp" "$log" 2> /dev/null
  "$pinochle" export "$rec" -o "$work/$name-trec.csv"
  "$pinochle" export "$imp" -o "$work/$name-timp.csv"
  if ! cmp -s "$work/$name-trec.csv" "$work/$name-timp.csv"; then
    echo "FAIL table $name: typed in table order and imported differ"
    diff "$work/$name-trec.csv" "$work/$name-timp.csv" | head -5
    cat "$work/$name"-*.out | grep -m3 "error"
    return 1
  fi
  "$pinochle" audit "$rec" --no-record --format csv > "$work/$name-trec.audit" 2> /dev/null
  "$pinochle" audit "$imp" --no-record --format csv > "$work/$name-timp.audit" 2> /dev/null
  if ! cmp -s "$work/$name-trec.audit" "$work/$name-timp.audit"; then
    echo "FAIL table $name: the audits differ"
    return 1
  fi
  hands=$(awk -F, 'NR > 1 && $5 == "dealer"' "$log" | wc -l)
  echo "table $name: $(wc -c < "$work/$name.tab") bytes typed for $hands hands," \
    "$(( $(wc -c < "$work/$name.tab") / hands )) per hand"
}
stockless=$("$pinochle" rules | awk '$1 !~ /^two-hand/ { print $1 }')
for preset in $stockless; do
  "$pinochle" sim --variant "$preset" --games 1 --seed 31 --renege-rate 0.02 \
    --players Ann,Bob,Cal,Dee,Eve -o "$work/$preset-table.csv"
  if table_log "sim-$preset" "$work/$preset-table.csv"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
for preset in $stockless; do
  if table_log "sample-$preset" "$here/../../sample-data/club-$preset.csv"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
# the same without the seats the recorder knows (bids, passes, trump, call,
# discard: whose turn it is, or the bidder's)
for preset in partnership-auction auction five-call; do
  if table_log "terse-$preset" "$here/../../sample-data/club-$preset.csv" 1; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
# ... and with each line's cards typed without spaces ("ASASKSJS") and the
# dealer left to go round
for preset in partnership-auction cutthroat-four double-deck; do
  if table_log "compact-$preset" "$here/../../sample-data/club-$preset.csv" 2; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
# Keystrokes (bytes typed, each line's Enter included) per partnership-auction
# hand in the terminal, typed compactly: at most 250 (issue 30).
pa_hands=$(awk -F, 'NR > 1 && $5 == "dealer"' "$here/../../sample-data/club-partnership-auction.csv" | wc -l)
pa_keys=$(( $(wc -c < "$work/compact-partnership-auction.tab") / pa_hands ))
echo "keystrokes: $pa_keys per partnership-auction hand ($pa_hands hands of the sample, typed compactly)"
if ((pa_keys <= 250)); then pass=$((pass + 1)); else
  echo "FAIL keystrokes: $pa_keys per partnership-auction hand, more than 250"; fail=$((fail + 1)); fi
# A player whose name spells cards run together (Adah: AD AH) is still the
# player at the start of a line, in any case.
printf 'pass\npass\npass\npass\ntrump H\nadah meld KH QH\n' |
  "$pinochle" record "$work/adah.db" --variant partnership-auction --players Adah,Bob,Cal,Dee --game adah \
  > "$work/adah.out" 2>&1
if grep -q "^meld: Adah shows 40 by the rules" "$work/adah.out" && ! grep -q error "$work/adah.out"; then
  pass=$((pass + 1)); else echo "FAIL name spelling cards"; cat "$work/adah.out"; fail=$((fail + 1)); fi
# against the lines of the same hands with their deal (log2rec.awk)
awk -f "$here/log2rec.awk" "$here/../../sample-data/club-partnership-auction.csv" > "$work/pa-dealt.rec"
echo "dealt first, sample partnership-auction: $(( $(wc -c < "$work/pa-dealt.rec") /
  $(awk -F, 'NR > 1 && $5 == "dealer"' "$here/../../sample-data/club-partnership-auction.csv" | wc -l) )) bytes per hand"

# --redo N re-enters hand N of a stored game: its lines are typed in, the
# scorekeeper corrects what is wrong, `done` replaces it in place.  Here
# hand 2 was recorded with Cal's JS and Ann's 9S of trick 1 swapped, and
# its bid 250 is to be 400 (set: the later totals change); corrected, the
# game is the edited log's (its export, and its content hash:
# importing it is a duplicate), the later hands replayed on the new
# standing (check), the game's id the same, and the audit findings and
# analyses and reviews of the other hands byte for byte the same (hand 2's
# analysis and review dropped).  A redo left
# unfinished, or whose `done` is refused, changes nothing.
redo_test() {
  local log=$work/partnership-auction-table.csv db=$work/redo.db key players id k
  local others="SELECT audit_id, n, game_id, hand, seq, trick, seat, kind, card, detail FROM findings WHERE hand <> 2
                ORDER BY 1, 2; SELECT number, analysis_rules, analysis_key, hex(analysis) FROM hands WHERE number <> 2;
                SELECT number, rules, key, worlds, seed, hex(review) FROM reviews WHERE number <> 2 ORDER BY 1"
  key=$(awk -F, 'NR == 2 { print $1 }' "$log")
  players=$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = "," }' "$log")
  awk -v players=4 -f "$here/log2table.awk" "$log" > "$work/redo-all.tab"
  awk '/^dealer/ { n++ } n == 2 && $0 == "AS JS TS 9S" { $0 = "AS 9S TS JS" } 1' "$work/redo-all.tab" \
    > "$work/redo-wrong.tab"
  ! cmp -s "$work/redo-all.tab" "$work/redo-wrong.tab" || { echo "FAIL redo: hand 2 has no trick to swap"; return 1; }
  "$pinochle" record "$db" --variant partnership-auction --players "$players" --game "$key" --tag date=2026-01-06 \
    --yes < "$work/redo-wrong.tab" > /dev/null 2>&1
  "$pinochle" audit "$db" > /dev/null 2>&1
  "$pinochle" analyze "$db" > /dev/null 2>&1
  for n in 2 3; do # small reviews: what is kept matters here, not their values
    "$pinochle" review "$db" --game "$key" --hand $n --worlds 1 --budget 100000 > /dev/null 2>&1
  done
  [ "$(sqlite3 "$db" "SELECT group_concat(number) FROM reviews")" = "2,3" ] \
    || { echo "FAIL redo: hands 2 and 3 not reviewed"; return 1; }
  id=$(sqlite3 "$db" "SELECT id FROM games")
  sqlite3 "$db" "$others" > "$work/redo-others-before.txt"
  [ "$(sqlite3 "$db" "SELECT count(*) FROM findings WHERE hand <> 2")" -gt 0 ] \
    && [ "$(sqlite3 "$db" "SELECT count(*) FROM hands WHERE analysis IS NOT NULL")" = 5 ] \
    || { echo "FAIL redo: no findings or analyses to keep"; return 1; }
  "$pinochle" export "$db" -o "$work/redo-before.csv"
  printf 'lines\nquit\nyes\n' | "$pinochle" record "$db" --resume "$key" --redo 2 > "$work/redo-lines.out" 2>&1
  k=$(awk '$2 " " $3 " " $4 " " $5 == "AS 9S TS JS" { print $1; exit }' "$work/redo-lines.out")
  grep -q "^  4  2 bid 250$" "$work/redo-lines.out" || { echo "FAIL redo: line 4 is not the bid 250: $(head -6 "$work/redo-lines.out")"; return 1; }
  [ -n "$k" ] || { echo "FAIL redo: the wrong trick is not among the lines typed in: $(head -3 "$work/redo-lines.out")"; return 1; }
  # corrected but not done, then done refused (a trick deleted): nothing changes
  printf 'edit %s AS JS TS 9S\n' "$k" | "$pinochle" record "$db" --resume "$key" --redo 2 > /dev/null 2>&1
  printf 'delete %s\ndone\n' "$k" | "$pinochle" record "$db" --resume "$key" --redo 2 > "$work/redo-refused.out" 2>&1
  grep -q "^error: hand 2 has 11 of 12 tricks in: it is not complete$" "$work/redo-refused.out" \
    || { echo "FAIL redo: done not refused: $(grep -m1 error "$work/redo-refused.out")"; return 1; }
  "$pinochle" export "$db" -o "$work/redo-half.csv"
  cmp -s "$work/redo-before.csv" "$work/redo-half.csv" || { echo "FAIL redo: an unfinished redo changed the game"; return 1; }
  printf 'edit %s AS JS TS 9S\nedit 4 2 bid 400\ndone\n' "$k" |
    "$pinochle" record "$db" --resume "$key" --redo 2 > "$work/redo.out" 2>&1
  grep -q "^hand 2 over: .* bid 400 in .*, set$" "$work/redo.out" && grep -q "^hand 2 of $key replaced" "$work/redo.out" \
    || { echo "FAIL redo: $(grep -m1 error "$work/redo.out")"; return 1; }
  awk -F, -v OFS=, '$2 == 2 && $5 == "bid" && $7 == 250 { $7 = 400 } 1' "$log" > "$work/redo-edited.csv"
  dealer_turnup "$work/redo-edited.csv" > "$work/redo-log.csv"
  "$pinochle" import "$work/redo-imp.db" "$work/redo-log.csv" 2> /dev/null
  "$pinochle" export "$db" -o "$work/redo-after.csv"
  "$pinochle" export "$work/redo-imp.db" -o "$work/redo-imp.csv"
  cmp -s "$work/redo-after.csv" "$work/redo-imp.csv" || { echo "FAIL redo: not the log"; diff "$work/redo-after.csv" "$work/redo-imp.csv" | head -5; return 1; }
  ! cmp -s "$work/redo-before.csv" "$work/redo-after.csv" || { echo "FAIL redo: the game did not change"; return 1; }
  "$pinochle" import "$work/redo-imp.db" "$work/redo-after.csv" 2>&1 | grep -q "(0 replaced, 1 skipped as already there)" \
    || { echo "FAIL redo: the content hash is not the log's"; return 1; }
  "$pinochle" check "$db" > /dev/null || { echo "FAIL redo: check"; return 1; }
  [ "$(sqlite3 "$db" "SELECT id FROM games")" = "$id" ] || { echo "FAIL redo: the game's id changed"; return 1; }
  sqlite3 "$db" "$others" > "$work/redo-others-after.txt"
  cmp -s "$work/redo-others-before.txt" "$work/redo-others-after.txt" \
    || { echo "FAIL redo: the other hands' findings or analyses changed"; return 1; }
  [ "$(sqlite3 "$db" "SELECT count(*) FROM hands WHERE number = 2 AND analysis IS NULL")" = 1 ] \
    || { echo "FAIL redo: hand 2 keeps its old analysis"; return 1; }
  [ "$(sqlite3 "$db" "SELECT count(*) FROM reviews WHERE number = 2")" = 0 ] \
    || { echo "FAIL redo: hand 2 keeps its old review"; return 1; }
  [ "$(sqlite3 "$db" "SELECT findings FROM audits")" = "$(sqlite3 "$db" "SELECT count(*) FROM findings")" ] \
    || { echo "FAIL redo: the audit's count is not its findings'"; return 1; }
  # a hand that is not there
  "$pinochle" record "$db" --resume "$key" --redo 99 < /dev/null > "$work/redo99.out" 2>&1
  grep -q "game $key has no hand 99" "$work/redo99.out" || { echo "FAIL redo 99: $(cat "$work/redo99.out")"; return 1; }
}
if redo_test; then pass=$((pass + 1)); else fail=$((fail + 1)); fi

# --redo in two-hand: the stored hand typed in with its deal first (deal
# rows, turn-up, stock, a trick a line), numbered; `done` with nothing
# changed stores the same game.
redo_two_hand_test() {
  local db=$work/redo-th.db key
  "$pinochle" sim --variant two-hand --games 1 --seed 31 --players Ann,Bob -o "$work/redo-th.csv" 2> /dev/null
  key=$(awk -F, 'NR == 2 { print $1 }' "$work/redo-th.csv")
  awk -v draws=0 -f "$here/log2rec.awk" "$work/redo-th.csv" > "$work/redo-th.rec"
  "$pinochle" record "$db" --variant two-hand --players Ann,Bob --game "$key" --yes < "$work/redo-th.rec" > /dev/null 2>&1
  "$pinochle" export "$db" -o "$work/redo-th-before.csv"
  printf 'done\n' | "$pinochle" record "$db" --resume "$key" --redo 2 > "$work/redo-th.out" 2>&1
  grep -q "^  1  1 deal " "$work/redo-th.out" && grep -q "^  4  stock " "$work/redo-th.out" \
    && grep -q "^hand 2 of $key replaced" "$work/redo-th.out" || { echo "FAIL redo two-hand: $(grep -m1 error "$work/redo-th.out")"; return 1; }
  "$pinochle" export "$db" -o "$work/redo-th-after.csv"
  cmp -s "$work/redo-th-before.csv" "$work/redo-th-after.csv" || { echo "FAIL redo two-hand: the game changed"; return 1; }
  "$pinochle" check "$db" > /dev/null || { echo "FAIL redo two-hand: check"; return 1; }
}
if redo_two_hand_test; then pass=$((pass + 1)); else fail=$((fail + 1)); fi

# Every stockless preset: hands 1 and 2 of its simulated game (typed in
# table order above) entered again with nothing changed and `done`: the
# stored lines type in whole, and the game stays the same, byte for byte.
redo_same_test() {
  local db=$work/sim-$1-trec.db key out=$work/redo-same-$1.out
  key=$(awk -F, 'NR == 2 { print $1 }' "$work/$1-table.csv")
  "$pinochle" export "$db" -o "$work/redo-same-before.csv"
  for hand in 1 2; do
    echo done | "$pinochle" record "$db" --resume "$key" --redo "$hand" > "$out" 2>&1
    grep -q "^hand $hand of $key replaced" "$out" && ! grep -q "^warning" "$out" \
      || { echo "FAIL redo same $1 hand $hand: $(grep -m1 'error\|warning' "$out")"; return 1; }
  done
  "$pinochle" export "$db" -o "$work/redo-same-after.csv"
  cmp -s "$work/redo-same-before.csv" "$work/redo-same-after.csv" || { echo "FAIL redo same $1: the game changed"; return 1; }
}
for preset in $stockless; do
  if redo_same_test "$preset"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done

# The kind of a renege said when it is typed (table order: "trick 2:
# finding: renege-follow by Dee (seat 4) ...") is the kind stored and
# audited, for every kind: follow, head, trump and overtrump (a seat that
# did not follow with no card of the led suit known yet may still have
# held one: its renege is said once its plays show which).
renege_kinds_test() {
  local v seed name n players opts kinds=""
  for run in double-deck:4 double-deck:5 partnership-auction:4; do
    v=${run%:*} seed=${run#*:} name=kinds-$v-$seed
    "$pinochle" sim --variant "$v" --games 1 --seed "$seed" --renege-rate 0.15 --players Ann,Bob,Cal,Dee,Eve \
      -o "$work/$name.csv" 2> /dev/null
    n=$(awk -F, '$5 == "player"' "$work/$name.csv" | wc -l)
    players=$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = "," }' "$work/$name.csv")
    opts=(); while IFS= read -r o; do opts+=(--option "$o"); done < <(awk -F, '$2 == 0 && $5 == "option" { print $7 }' "$work/$name.csv")
    awk -v players="$n" -f "$here/log2table.awk" "$work/$name.csv" > "$work/$name.tab"
    "$pinochle" record "$work/$name.db" --variant "$v" --players "$players" "${opts[@]}" --game k --yes \
      < "$work/$name.tab" > "$work/$name.out" 2>&1
    awk '/^hand [0-9]+: / { h = $2 + 0 }
         /^trick [0-9]+: finding: renege/ { match($0, /renege-[a-z]+/); k = substr($0, RSTART, RLENGTH)
           match($0, /\(seat [0-9]+\)/); print h, $2 + 0, substr($0, RSTART + 6, RLENGTH - 7), k }' "$work/$name.out" \
      | sort -u > "$work/$name.typed"
    "$pinochle" audit "$work/$name.db" --no-record --format csv 2> /dev/null \
      | awk -F, 'NR > 1 && $7 ~ /^renege-/ { print $2, $4, $5, $7 }' | sort -u > "$work/$name.audit"
    [ -s "$work/$name.audit" ] || { echo "FAIL renege kinds $name: no renege stored"; return 1; }
    cmp -s "$work/$name.typed" "$work/$name.audit" \
      || { echo "FAIL renege kinds $name: typed and audited differ:"; diff "$work/$name.typed" "$work/$name.audit" | head -4; return 1; }
    kinds="$kinds $(awk '{ print $4 }' "$work/$name.audit" | sort -u | tr '\n' ' ')"
  done
  for k in follow head trump overtrump; do
    [[ " $kinds " == *" renege-$k "* ]] || { echo "FAIL renege kinds: no renege-$k among the games"; return 1; }
  done
}
if renege_kinds_test; then pass=$((pass + 1)); else fail=$((fail + 1)); fi

# What the plays show a seat lacks (src/rules/known.c: a suit shown out
# of, the cards that would have headed or overtrumped a trick) is sound:
# games played legally (no renege planted), typed in table order, have no
# line refused and no play asked about as a renege, for every stockless
# preset.
legal_never_asked_test() {
  local preset key name n players opts bad=0
  for preset in $stockless; do
    name=legal-$preset
    "$pinochle" sim --variant "$preset" --games 2 --seed 58 --renege-rate 0 --players Ann,Bob,Cal,Dee,Eve \
      -o "$work/$name.csv" 2> /dev/null || { echo "FAIL legal $preset: sim"; return 1; }
    for key in $(awk -F, 'NR > 1 && $2 == 0 && $5 == "variant" { print $1 }' "$work/$name.csv"); do
      awk -F, -v k="$key" 'NR == 1 || $1 == k' "$work/$name.csv" > "$work/$name-game.csv"
      n=$(awk -F, '$5 == "player"' "$work/$name-game.csv" | wc -l)
      players=$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = "," }' "$work/$name-game.csv")
      opts=(); while IFS= read -r o; do opts+=(--option "$o"); done < <(awk -F, '$2 == 0 && $5 == "option" { print $7 }' "$work/$name-game.csv")
      awk -v players="$n" -f "$here/log2table.awk" "$work/$name-game.csv" > "$work/$name-game.tab"
      "$pinochle" record "$work/$name.db" --variant "$preset" --players "$players" "${opts[@]}" --game "$key" \
        < "$work/$name-game.tab" > "$work/$name-$key.out" 2>&1
      if grep -q '^error: \|^renege: ' "$work/$name-$key.out"; then
        echo "FAIL legal $preset $key: $(grep -m1 '^error: \|^renege: ' "$work/$name-$key.out")"
        bad=1
      fi
    done
  done
  return $bad
}
if legal_never_asked_test; then pass=$((pass + 1)); else fail=$((fail + 1)); fi

# A game resumed after its first hand hashes its header as the importer
# does, whatever its tags hold: a tag longer than 256 bytes and a tag with
# a line break (stored with a '\n=' continuation) must not make the
# resumed game "already stored with other content" when its own export is
# imported into it again.
resume_tags_test() {
  local log=$work/partnership-auction-table.csv db=$work/tags.db key players long
  key=$(awk -F, 'NR == 2 { print $1 }' "$log")
  players=$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = "," }' "$log")
  long="note=$(printf '%0300d' 7)"
  awk -v players=4 -f "$here/log2table.awk" "$log" > "$work/tags-all.tab"
  awk '/^dealer/ { n++ } n == 1' "$work/tags-all.tab" > "$work/tags-1.tab"
  awk '/^dealer/ { n++ } n > 1' "$work/tags-all.tab" > "$work/tags-rest.tab"
  [ -s "$work/tags-1.tab" ] && [ -s "$work/tags-rest.tab" ] || { echo "FAIL resume tags: no hand 1 to split off"; return 1; }
  "$pinochle" record "$db" --variant partnership-auction --players "$players" --game "$key" \
    --tag "$long" --tag $'place=first line\nsecond line' --yes < "$work/tags-1.tab" > /dev/null 2>&1
  "$pinochle" record "$db" --resume "$key" --yes < "$work/tags-rest.tab" > "$work/tags.out" 2>&1 \
    || { echo "FAIL resume tags: $(grep -m1 error "$work/tags.out")"; return 1; }
  "$pinochle" export "$db" -o "$work/tags.csv"
  grep -q "$long" "$work/tags.csv" || { echo "FAIL resume tags: the long tag is not exported"; return 1; }
  [ "$(awk -F, '$5 == "dealer"' "$work/tags.csv" | wc -l)" -gt 1 ] || { echo "FAIL resume tags: no hand after the resume"; return 1; }
  "$pinochle" import "$db" "$work/tags.csv" > "$work/tags-imp.out" 2>&1
  grep -q "(0 replaced, 1 skipped as already there)" "$work/tags-imp.out" \
    || { echo "FAIL resume tags: the resumed game's content hash is not its log's: $(head -c 300 "$work/tags-imp.out")"; return 1; }
  # --redo keeps the header: the multi-line tag whole (a header written
  # again once split it at its line break, into a tag without a name)
  echo done | "$pinochle" record "$db" --resume "$key" --redo 1 --yes > "$work/tags-redo.out" 2>&1 \
    || { echo "FAIL redo tags: $(grep -m1 error "$work/tags-redo.out")"; return 1; }
  "$pinochle" export "$db" -o "$work/tags-redo.csv" 2> "$work/tags-redo.err" && cmp -s "$work/tags.csv" "$work/tags-redo.csv" \
    || { echo "FAIL redo tags: the game redone exports otherwise: $(head -2 "$work/tags-redo.err")"; return 1; }
  [ "$(sqlite3 "$db" "SELECT count(*) FROM tags WHERE name = 'place' AND value = 'first line' || char(10) || 'second line'")" = 1 ] \
    || { echo "FAIL redo tags: the tags table lacks place= whole: $(sqlite3 "$db" "SELECT name, value FROM tags" | head -4)"; return 1; }
}
if resume_tags_test; then pass=$((pass + 1)); else fail=$((fail + 1)); fi

# Nothing typed is lost: the recorder killed (-9) in the middle of hand 2,
# `--resume` types the journal's lines again and goes on after the last;
# the game is then the log's.  (stdbuf: the words of `status` are seen as
# soon as they are written, the sign that every line before it is in.)
kill_test() {
  local log=$work/partnership-auction-table.csv db=$work/kill.db key players args=() n1 pid
  key=$(awk -F, 'NR == 2 { print $1 }' "$log")
  players=$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = "," }' "$log")
  while IFS= read -r tag; do args+=(--tag "$tag"); done < <(awk -F, '$2 == 0 && $5 == "tag" { print $7 }' "$log")
  awk -v players=4 -f "$here/log2table.awk" "$log" > "$work/kill-all.tab"
  n1=$(awk '/^dealer/ { n++ } n <= 1 { c++ } END { print c }' "$work/kill-all.tab") # hand 1's lines
  head -n $((n1 + 10)) "$work/kill-all.tab" > "$work/kill-first.tab"
  tail -n +$((n1 + 11)) "$work/kill-all.tab" > "$work/kill-rest.tab"
  rm -f "$work/kill.fifo"; mkfifo "$work/kill.fifo"
  # (ASan wants to be first of the preloaded libraries; stdbuf preloads its own)
  ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
    stdbuf -oL "$pinochle" record "$db" --variant partnership-auction --players "$players" --game "$key" "${args[@]}" \
    --yes < "$work/kill.fifo" > "$work/kill1.out" 2>&1 &
  pid=$!
  exec 7> "$work/kill.fifo"
  { cat "$work/kill-first.tab"; echo status; } >&7
  for _ in $(seq 1200); do grep -q "^scores:" "$work/kill1.out" && break; sleep 0.05; done
  kill -9 "$pid"; wait "$pid" 2> /dev/null; exec 7>&-
  grep -q "^scores:" "$work/kill1.out" || { echo "FAIL kill -9: the recorder never answered"; return 1; }
  "$pinochle" record "$db" --resume "$key" --yes < "$work/kill-rest.tab" > "$work/kill2.out" 2>&1
  grep -q "^hand 2 in progress: 10 lines kept, the last \`$(sed -n "$((n1 + 10))p" "$work/kill-all.tab")\`; going on after it$" \
    "$work/kill2.out" || { echo "FAIL kill -9: $(head -3 "$work/kill2.out")"; return 1; }
  "$pinochle" import "$work/kill-imp.db" "$log" 2> /dev/null
  "$pinochle" export "$db" -o "$work/kill-rec.csv"
  "$pinochle" export "$work/kill-imp.db" -o "$work/kill-imp.csv"
  cmp -s "$work/kill-rec.csv" "$work/kill-imp.csv" || { echo "FAIL kill -9: not the log's game"; diff "$work/kill-rec.csv" "$work/kill-imp.csv" | head -5; return 1; }
}
if kill_test; then pass=$((pass + 1)); else fail=$((fail + 1)); fi

# Ctrl-C (SIGINT) in mid-hand ends the input and says what was kept and
# how to resume.
interrupt_test() {
  local pid
  rm -f "$work/int.fifo"; mkfifo "$work/int.fifo"
  "$pinochle" record "$work/int.db" --variant partnership-auction --players A,B,C,D --game ci \
    < "$work/int.fifo" > "$work/int.out" 2> "$work/int.err" &
  pid=$!
  exec 8> "$work/int.fifo"
  printf '2 pass\n3 bid 250\n' >&8
  for _ in $(seq 1200); do [[ -n $(sqlite3 "$work/int.db" "SELECT journal FROM games WHERE journal LIKE '%bid 250%'" 2>/dev/null) ]] && break; sleep 0.05; done
  kill -INT "$pid"; wait "$pid"; exec 8>&-
  grep -q '^pinochle: record: hand 1 is not finished: its 2 lines are kept; `--resume ci` goes on after the last$' \
    "$work/int.err" || { echo "FAIL Ctrl-C: $(cat "$work/int.err")"; return 1; }
}
if ! command -v sqlite3 > /dev/null; then echo "skipped: Ctrl-C (no sqlite3)"
elif interrupt_test; then pass=$((pass + 1)); else fail=$((fail + 1)); fi

# Without --yes a renege waits for an answer typed as the next line: `yes`
# records it as played (once: it is not asked again), `no` drops the play,
# and any other line asks again.  The first renege of this game gets
# `status` (asked again), `no` (dropped; the same play is then typed again)
# and `yes`; every later renege one `yes`.  The game stored is then the log.
confirm_game() {
  local log=$work/confirm.csv reneges players key
  "$pinochle" sim --variant partnership-auction --games 1 --seed 31 --renege-rate 0.02 \
    --players Ann,Bob,Cal,Dee -o "$log"
  "$pinochle" import "$work/confirm-imp.db" "$log" 2> /dev/null
  reneges=$("$pinochle" audit "$work/confirm-imp.db" --no-record --format csv 2> /dev/null |
    awk -F, 'NR > 1 && $7 ~ /^renege/ { printf "%s%s:%s", sep, $2, $3; sep = " " }')
  if [ "$(echo "$reneges" | wc -w)" -lt 2 ]; then echo "FAIL confirm: the game needs two reneges"; return 1; fi
  key=$(awk -F, 'NR == 2 { print $1 }' "$log")
  players=$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = "," }' "$log")
  awk -v reneges="$reneges" -v first='status\nno\n@\nyes' -f "$here/log2rec.awk" "$log" > "$work/confirm.rec"
  "$pinochle" record "$work/confirm-rec.db" --variant partnership-auction --players "$players" --game "$key" \
    --tag date=2026-01-06 < "$work/confirm.rec" > "$work/confirm.out" 2>&1
  "$pinochle" export "$work/confirm-rec.db" -o "$work/confirm-rec.csv"
  "$pinochle" export "$work/confirm-imp.db" -o "$work/confirm-imp.csv"
  if ! cmp -s "$work/confirm-rec.csv" "$work/confirm-imp.csv"; then
    echo "FAIL confirm: the game recorded with yes/no differs from the log"
    diff "$work/confirm-rec.csv" "$work/confirm-imp.csv" | head -5
    return 1
  fi
  local asked answered dropped
  asked=$(grep -c "that is a renege: record it as played" "$work/confirm.out")
  answered=$(grep -c "^answer yes (record the renege as played) or no (drop the play)$" "$work/confirm.out")
  dropped=$(grep -c "^not recorded$" "$work/confirm.out")
  # one question per renege, plus the first one's again after `no`
  if [ "$asked" -ne $(($(echo "$reneges" | wc -w) + 1)) ] || [ "$answered" -ne 1 ] || [ "$dropped" -ne 1 ]; then
    echo "FAIL confirm: asked $asked, asked again $answered, dropped $dropped"
    return 1
  fi
}
if confirm_game; then pass=$((pass + 1)); else fail=$((fail + 1)); fi

# undo takes back a line; a refused row says why.
db=$work/confirm.db
printf '%s\n' "deal" "undo" "status" | "$pinochle" record "$db" --variant partnership-auction \
  --players Ann,Bob,Cal,Dee --game t1 --seed 5 > "$work/undo.out" 2>&1
if grep -q "undone: " "$work/undo.out"; then pass=$((pass + 1)); else echo "FAIL undo"; fail=$((fail + 1)); fi
printf '%s\n' "1 deal AS" | "$pinochle" record "$db" --variant partnership-auction \
  --players Ann,Bob,Cal,Dee --game t2 > "$work/bad.out" 2>&1
if grep -q "error: deal row has 1 cards, expected 12" "$work/bad.out"; then pass=$((pass + 1)); else
  echo "FAIL refused row"; cat "$work/bad.out"; fail=$((fail + 1)); fi

# A game started without --game whose default key (rec-DATE-TIME) is taken
# already (another game started in the same second) gets rec-DATE-TIME-2.
# The keys of the next two minutes are taken first, by one import of
# header-only games, so the clock cannot slip past the collision even on a
# loaded machine under a sanitizer.  The seconds count from one reading of
# the clock: read again each time, a loop crossing a second would skip one.
db=$work/keys.db
first=$(date +%s)
{
  echo "game,hand,seq,seat,action,cards,value"
  for i in $(seq 0 119); do
    k=$(date -d "@$((first + i))" +rec-%Y%m%d-%H%M%S)
    printf '%s,0,1,,variant,,two-hand\n%s,0,2,1,player,,A\n%s,0,3,2,player,,B\n' "$k" "$k" "$k"
  done
} > "$work/keys-taken.csv"
"$pinochle" import "$db" "$work/keys-taken.csv" 2> /dev/null
echo quit | "$pinochle" record "$db" --variant two-hand --players A,B > "$work/key.out" 2>&1
if grep -q "^recording rec-[0-9]*-[0-9]*-2 " "$work/key.out" &&
  [ "$("$pinochle" export "$db" | awk -F, 'NR > 1 { print $1 }' | sort -u | wc -l)" -eq 121 ]; then pass=$((pass + 1)); else
  echo "FAIL default keys: $(head -1 "$work/key.out")"; fail=$((fail + 1)); fi

# At a terminal, `status` shows whose turn it is once (it was shown again
# after every line, status included).
if command -v script > /dev/null; then
  printf '%s\n' status quit > "$work/tty.in"
  script -qec "'$pinochle' record '$work/tty.db' --variant two-hand --players A,B --game g < /dev/tty" /dev/null \
    < "$work/tty.in" | tr -d '\r' > "$work/tty.out"
  shown=$(grep -c "^hand 1, next: dealer" "$work/tty.out")
  if [ "$shown" -eq 2 ]; then pass=$((pass + 1)); else # once at the start, once for status
    echo "FAIL status at a terminal: shown $shown times"; cat "$work/tty.out"; fail=$((fail + 1)); fi
fi

# --resume of a game with no hand stored: the first dealer is seat 1 (it
# said "dealer 0" and refused `deal`).
echo quit | "$pinochle" record "$work/nohand.db" --variant partnership --players A,B,C,D --game q > /dev/null 2>&1
printf '%s\n' deal quit | "$pinochle" record "$work/nohand.db" --resume q > "$work/nohand.out" 2>&1
if grep -q "^hand 1: A deals, B leads first (" "$work/nohand.out" && ! grep -q "error" "$work/nohand.out" && grep -q "^  A  " "$work/nohand.out"; then
  pass=$((pass + 1)); else echo "FAIL resume without hands:"; cat "$work/nohand.out"; fail=$((fail + 1)); fi

# --player NAME per seat: a name may hold a comma; names are trimmed, and a
# line names a seat in any case (`cal` is Cal).
printf '%s\n' "dealer 1" "BOB pass" "cal pass" status quit | "$pinochle" record "$work/names.db" \
  --variant partnership-auction --player "Lee, Ann " --player Bob --player " Cal" --player Dee --game n \
  > "$work/names.out" 2>&1
"$pinochle" export "$work/names.db" | awk -F, '$5 == "player"' > "$work/names.csv"
if grep -q '^n,0,2,1,player,,"Lee, Ann"$' "$work/names.csv" && grep -q '^n,0,4,3,player,,Cal$' "$work/names.csv" &&
  grep -q "^hand 1 (table order), Dee (seat 4) to act: bid pass" "$work/names.out" && ! grep -q error "$work/names.out"; then
  pass=$((pass + 1)); else echo "FAIL --player:"; cat "$work/names.csv" "$work/names.out"; fail=$((fail + 1)); fi

# `help` offers `deal` (a shuffle) and deal rows only while the hand may
# still take them: once it is typed in table order they are refused, so
# not offered (it listed them all the same).
printf '%s\n' help "dealer 1" "2 bid 250" help quit | "$pinochle" record "$work/help.db" --variant partnership-auction \
  --players A,B,C,D --game h > "$work/help.out" 2>&1
awk '/^hand 1: A deals, B bids first$/ { later = 1 } /shuffle and deal|deal CARD/ { n[later + 0]++ }
     END { exit !(n[0] == 2 && n[1] == 0) }' "$work/help.out" && pass=$((pass + 1)) || {
  echo "FAIL help in table order offers deal:"; cat "$work/help.out"; fail=$((fail + 1)); }

# A deal line names its bad card, and extra words after a deal are refused
# (they were taken as a count gone wrong, or silently dropped).
printf '%s\n' "1 deal TS TS QS XX KH KH QH AD QD JD 9D KC" "1 deal TS TS QS QS KH KH QH AD QD JD 9D KC hello" \
  "1 deal TS TS QS QS KH KH QH AD QD JD 9D KC" | "$pinochle" record "$work/dealwords.db" --variant two-hand \
  --players A,B --game d > "$work/dealwords.out" 2>&1
if grep -q "^error: 'XX' is not a card (deal takes cards only)$" "$work/dealwords.out" &&
  grep -q "^error: 'hello' is not a card (deal takes cards only)$" "$work/dealwords.out" &&
  [ "$(grep -c error "$work/dealwords.out")" -eq 2 ]; then pass=$((pass + 1)); else
  echo "FAIL bad deal words:"; cat "$work/dealwords.out"; fail=$((fail + 1)); fi

# Two-hand entered with draws: after the turn-up a bare `play` is the
# next seat's; before the draws `status` lists no card of the stock; undo
# takes back a draw.
printf '%s\n' "1 deal TS TS QS QS KH KH QH AD QD JD 9D KC" "2 deal JS JS 9S 9S QH TD TD KD JD AC JC 9C" "turnup JH" \
  "play AC" "play QH" status "draw 9H" undo status | "$pinochle" record "$work/draws.db" --variant two-hand \
  --players A,B --game d > "$work/draws.out" 2>&1
if ! grep -q error "$work/draws.out" && grep -q "^trick 1: B AC, A QH: A wins 14$" "$work/draws.out" &&
  [ "$(grep -c "^  holds TS TS QS QS KH KH AD QD JD 9D KC and the draws to come$" "$work/draws.out")" -eq 2 ] &&
  grep -q "^undone: draw 9H$" "$work/draws.out"; then pass=$((pass + 1)); else
  echo "FAIL two-hand draws:"; cat "$work/draws.out"; fail=$((fail + 1)); fi

# quit in mid-hand asks first; anything but yes goes on.
printf '%s\n' deal quit no quit yes status | "$pinochle" record "$work/quit.db" --variant partnership \
  --players A,B,C,D --game q --seed 3 > "$work/quit.out" 2>&1
if [ "$(grep -c "^hand 1 is not finished (its lines are kept: --resume goes on after them): quit? (yes/no)$" "$work/quit.out")" -eq 2 ] &&
  grep -q "^going on with hand 1$" "$work/quit.out" && ! grep -q "^scores:" "$work/quit.out"; then
  pass=$((pass + 1)); else echo "FAIL quit in mid-hand:"; cat "$work/quit.out"; fail=$((fail + 1)); fi

# A shuffled hand interrupted (not stored) is kept by the journal, and
# dealt again (undo, deal) after --resume it has the same cards: the
# shuffle comes from the stored key and the hand's number (it came from
# the clock).
echo deal | "$pinochle" record "$work/reshuffle.db" --variant partnership --players A,B,C,D --game s \
  2> /dev/null | grep "^  [ABCD] " > "$work/deal1.out"
sleep 1
printf 'undo\ndeal\n' | "$pinochle" record "$work/reshuffle.db" --resume s > "$work/deal2.all" 2> /dev/null
grep "^  [ABCD] " "$work/deal2.all" > "$work/deal2.out"
if [ -s "$work/deal1.out" ] && cmp -s "$work/deal1.out" "$work/deal2.out" &&
  grep -q '^hand 1 in progress: 1 line kept, the last `deal`; going on after it$' "$work/deal2.all"; then
  pass=$((pass + 1)); else
  echo "FAIL a resumed hand dealt again:"; cat "$work/deal1.out" "$work/deal2.all"; fail=$((fail + 1)); fi

# A record that fails to start creates nothing: bad arguments are refused
# before the database is opened, and --resume never creates one.
nofile() { # what-is-checked expected-message args...
  local what=$1 want=$2; shift 2
  rm -f "$work/none.db"
  "$pinochle" record "$work/none.db" "$@" < /dev/null > "$work/none.out" 2>&1
  local rc=$?
  if [ "$rc" -ne 2 ] || [ -e "$work/none.db" ] || ! grep -q -- "$want" "$work/none.out"; then
    echo "FAIL $what: exit $rc, $(ls "$work/none.db" 2>&1 | head -1), $(head -1 "$work/none.out")"
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
}
nofile "unknown variant" "unknown variant 'foo'" --variant foo --players A,B
nofile "resume of a missing file" "none.db: no such database" --resume nokey
nofile "wrong number of players" "two-hand needs 2 players, not 3" --variant two-hand --players A,B,C
nofile "dealer out of range" "dealer must be a seat of partnership" --variant partnership --players A,B,C,D --dealer 5
nofile "unknown option" "unknown option 'foo'" --variant two-hand --players A,B --option foo=1
# The header is refused by the importer's own checks (codec_header_check),
# before a database is created: what the recorder stores imports again.
nofile "control character in a tag" "--tag: a tag holds a control character" --variant two-hand --players A,B \
  --tag $'note=a\x01b'
nofile "tag not UTF-8" "--tag: a tag holds text that is not UTF-8" --variant two-hand --players A,B --tag $'note=\xff'
nofile "over-long tag" "--tag: a tag is longer than 65536 bytes" --variant two-hand --players A,B \
  --tag "note=$(head -c 65536 /dev/zero | tr '\0' x)"
nofile "name not UTF-8" "seat 2: a player's name holds text that is not UTF-8" --variant two-hand --players $'A,B\xc3'
nofile "control character in a name" "seat 1: a player's name holds a control character" --variant two-hand \
  --players $'A\x1b[31m,B'
nofile "empty key" "--game: the game key is empty" --variant two-hand --players A,B --game ""
# A key longer than 127 bytes is stored whole, and resumes.
db=$work/long-key.db long_key=club-$(printf 'k%.0s' $(seq 1 200))
echo quit | "$pinochle" record "$db" --variant two-hand --players A,B --game "$long_key" > /dev/null 2>&1
if echo quit | "$pinochle" record "$db" --resume "$long_key" > "$work/long-key.out" 2>&1 &&
  [ "$("$pinochle" export "$db" | awk -F, 'NR == 2 { print $1 }')" = "$long_key" ]; then pass=$((pass + 1)); else
  echo "FAIL long key: $(head -2 "$work/long-key.out")"; fail=$((fail + 1)); fi
# A NUL byte in a line refuses the line (it is not its end); a control
# byte typed is never echoed back raw to the terminal.
printf 'deal\0 AS\nbid \033[2J\nquit\n' > "$work/odd.rec"
"$pinochle" record "$work/odd.db" --variant two-hand --players A,B --seed 1 < "$work/odd.rec" > "$work/odd.out" 2>&1
if grep -q "^refused: the line holds a NUL byte$" "$work/odd.out" && grep -q "^refused: the line holds a control character$" "$work/odd.out" &&
  ! grep -q $'\033' "$work/odd.out" && ! grep -q "^deal" "$work/odd.out"; then pass=$((pass + 1)); else
  echo "FAIL NUL and control bytes: $(head -5 "$work/odd.out" | cat -v)"; fail=$((fail + 1)); fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
