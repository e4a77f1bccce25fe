#!/usr/bin/env bash
# test_pg.sh PINOCHLE - the CLI against PostgreSQL (issue 16), beside
# SQLite: every sample log (all the presets) imported into both, then
# audit, export, every report and the views (events_v, plays_v,
# hand_results_v) compared byte for byte; the audit golden
# files (tests/audit/planted.audit.*) from a PostgreSQL database; and the
# recorder (a game typed in, exported as its log imports); and the
# faults, each a clear error, exit 2 and nothing half-stored:
#   - a unique-key race: two importers of the same file at once;
#   - a read-only role;
#   - a database of a newer schema;
#   - the server stopped mid-import (a throwaway server of its own,
#     tests/pg/pg_tmp.sh, stopped while a large import runs).
#
# Needs PINOCHLE_TEST_PG_URI (a database on a server where that role may
# CREATE DATABASE and CREATE ROLE: tests/pg/pg_tmp.sh start prints one);
# without it the test is skipped (exit 77, ctest's SKIP_RETURN_CODE).
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
pg_required
BASE=$PINOCHLE_TEST_PG_URI
own_server=""
made=()
# before lib.sh removes $tmp: the server this test started, its databases and role
lib_on_exit() {
  [[ -n $own_server ]] && "$HERE/pg_tmp.sh" stop "$own_server"
  for db in "${made[@]}"; do psql -q "$BASE" -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1; done
  psql -q "$BASE" -c "DROP ROLE IF EXISTS pn_reader_$$" >/dev/null 2>&1
}

checks=0 failures=0 name=""
check() { name=$*; checks=$((checks + 1)); }
fail() { failures=$((failures + 1)); echo "FAIL: $name: $*"; }
section() { echo "-- $*"; }

# A new empty database on the server; prints its URI.
new_db() {
  local db=pn_test_$$_$1
  psql -q "$BASE" -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" \
    >/dev/null || exit 2
  made+=("$db")
  # the same URI with the database name replaced
  sed -E "s|^(postgres(ql)?://[^/]*)/[^?]*|\1/$db|" <<<"$BASE"
}
count() { psql -At "$1" -c "$2"; }

section "every preset: SQLite and PostgreSQL byte for byte"
pg=$(new_db same)
lite=$tmp/same.db
# the sample logs, and a simulated log of each of the twelve presets
# (with reneges and planted claims, so the audit has findings to compare)
presets=$("$PN" rules | awk '{print $1}')
for p in $presets; do
  "$PN" sim --variant "$p" --games 6 --seed 3 --renege-rate 0.05 --plant-rate 0.05 --key-prefix "sim-$p-" \
    -o "$tmp/sim-$p.csv" 2>/dev/null || { check "sim $p"; fail "pinochle sim --variant $p failed"; }
done
[[ $(wc -w <<<"$presets") -eq 12 ]] || { check presets; fail "$(wc -w <<<"$presets") presets, not 12"; }
for f in "$ROOT"/sample-data/*.csv "$tmp"/sim-*.csv; do
  check "import $(basename "$f")"
  "$PN" import "$pg" "$f" >"$tmp/pg.out" 2>"$tmp/pg.err"; a=$?
  "$PN" import "$lite" "$f" >"$tmp/lite.out" 2>"$tmp/lite.err"; b=$?
  [[ $a -eq $b ]] || fail "exit $a on PostgreSQL, $b on SQLite: $(head -2 "$tmp/pg.err")"
  cmp -s "$tmp/pg.out" "$tmp/lite.out" || fail "stdout differs"
done
key=$(sed -n 2p "$ROOT/sample-data/club-partnership.csv" | cut -d, -f1)
for cmd in "audit --no-record" "audit --no-record --format csv" "audit --no-record --format json" "export" \
  "report @ players" "report @ hands" "report @ players --variant partnership" "report @ players --format csv" \
  "report @ players --format json" "report @ game $key" "report @ hand $key 1" "report @ game $key --format json" \
  "check"; do
  check "$cmd"
  read -r -a words <<<"$cmd"
  [[ " ${words[*]} " == *" @ "* ]] || words=("${words[0]}" @ "${words[@]:1}")
  pw=() lw=()
  for w in "${words[@]}"; do
    if [[ $w == @ ]]; then pw+=("$pg"); lw+=("$lite"); else pw+=("$w"); lw+=("$w"); fi
  done
  "$PN" "${pw[@]}" >"$tmp/pg.out" 2>"$tmp/pg.err"; a=$?
  "$PN" "${lw[@]}" >"$tmp/lite.out" 2>"$tmp/lite.err"; b=$?
  [[ $a -eq $b ]] || fail "exit $a on PostgreSQL, $b on SQLite: $(head -2 "$tmp/pg.err")"
  if [[ ${words[0]} == check ]]; then # the first line names the database and its checks
    [[ $(grep -c 'hands replayed to their stored results' "$tmp/pg.out") -eq 1 ]] || fail "$(head -2 "$tmp/pg.out")"
  else
    cmp -s "$tmp/pg.out" "$tmp/lite.out" || fail "stdout differs: $(diff "$tmp/pg.out" "$tmp/lite.out" | head -3)"
  fi
done

section "analyze: one hand searched, stored and read back on both backends"
# A small hand (0.05 s): its analysis written through store_analysis_put,
# the second run and the hand report read it back through
# store_analysis_get (schema 2's columns on each backend).
akey=$(sed -n 2p "$ROOT/sample-data/club-partnership-auction.csv" | cut -d, -f1)
for cmd in "analyze --format csv --budget 0" "analyze --format json" "report hand" "report hand --format json"; do
  check "$cmd (game $akey, hand 3)"
  read -r -a words <<<"$cmd"
  if [[ ${words[0]} == analyze ]]; then
    pw=(analyze "$pg" --game "$akey" --hand 3 "${words[@]:1}") lw=(analyze "$lite" --game "$akey" --hand 3 "${words[@]:1}")
  else
    pw=(report "$pg" hand "$akey" 3 "${words[@]:2}") lw=(report "$lite" hand "$akey" 3 "${words[@]:2}")
  fi
  "$PN" "${pw[@]}" >"$tmp/pg.out" 2>"$tmp/pg.err"; a=$?
  "$PN" "${lw[@]}" >"$tmp/lite.out" 2>"$tmp/lite.err"; b=$?
  [[ $a -eq 0 && $b -eq 0 ]] || fail "exit $a on PostgreSQL, $b on SQLite: $(head -2 "$tmp/pg.err")"
  cmp -s "$tmp/pg.out" "$tmp/lite.out" || fail "stdout differs: $(diff "$tmp/pg.out" "$tmp/lite.out" | head -3)"
  case $cmd in
  "analyze --format json") # the second run searched nothing: it read the stored analysis
    grep -q '0 searched, 1 stored before' "$tmp/pg.err" || fail "not read back: $(cat "$tmp/pg.err")" ;;
  "report hand --format json")
    grep -q '"par_before": *[0-9]' "$tmp/pg.out" || fail "no analysed play in the report: $(head -c 300 "$tmp/pg.out")" ;;
  esac
done
[[ $(count "$pg" "SELECT count(*) FROM hands WHERE analysis IS NOT NULL") -eq 1 ]] ||
  { check "one stored analysis"; fail "$(count "$pg" "SELECT count(*) FROM hands WHERE analysis IS NOT NULL") rows"; }
# report players reads the stored analyses through the cursor
# (StoreFilter.with_analysis): the same play-accuracy columns on both.
for fmt in csv json; do
  check "report players --format $fmt: play accuracy from the stored analysis"
  "$PN" report "$pg" players --format $fmt >"$tmp/pg.out" 2>"$tmp/pg.err"; a=$?
  "$PN" report "$lite" players --format $fmt >"$tmp/lite.out" 2>"$tmp/lite.err"; b=$?
  [[ $a -eq 0 && $b -eq 0 ]] || fail "exit $a on PostgreSQL, $b on SQLite: $(head -2 "$tmp/pg.err")"
  cmp -s "$tmp/pg.out" "$tmp/lite.out" || fail "stdout differs: $(diff "$tmp/pg.out" "$tmp/lite.out" | head -3)"
  grep -Eq 'plays_analysed(,|": [1-9])' "$tmp/pg.out" || fail "no analysed plays: $(head -c 300 "$tmp/pg.out")"
done

section "review: one hand reviewed, stored and read back on both backends"
# schema 6's reviews table through store_review_put/get and the cursor:
# the same review, read back by a second run, the same fair columns and
# hand report on both.
rv=(--game "$akey" --hand 3 --worlds 1 --seed 3 --budget 200000 --format csv)
for run in first second; do
  check "review ($run run)"
  "$PN" review "$pg" "${rv[@]}" >"$tmp/pg.out" 2>"$tmp/pg.err"; a=$?
  "$PN" review "$lite" "${rv[@]}" >"$tmp/lite.out" 2>"$tmp/lite.err"; b=$?
  [[ $a -eq 0 && $b -eq 0 ]] || fail "exit $a on PostgreSQL, $b on SQLite: $(head -2 "$tmp/pg.err")"
  cmp -s "$tmp/pg.out" "$tmp/lite.out" || fail "stdout differs: $(diff "$tmp/pg.out" "$tmp/lite.out" | head -3)"
  want=$([[ $run == first ]] && echo 0 || echo 1)
  grep -q "($want stored before)" "$tmp/pg.err" || fail "not $want stored before: $(cat "$tmp/pg.err")"
done
[[ $(count "$pg" "SELECT count(*) FROM reviews WHERE worlds = 1 AND seed = 3 AND budget = 200000") -eq 1 ]] ||
  { check "one stored review"; fail "$(count "$pg" "SELECT count(*) FROM reviews") rows"; }
for cmd in "players --format csv" "hand $akey 3 --format json"; do
  check "report $cmd: the stored review"
  read -r -a words <<<"$cmd"
  "$PN" report "$pg" "${words[@]}" >"$tmp/pg.out" 2>"$tmp/pg.err"; a=$?
  "$PN" report "$lite" "${words[@]}" >"$tmp/lite.out" 2>"$tmp/lite.err"; b=$?
  [[ $a -eq 0 && $b -eq 0 ]] || fail "exit $a on PostgreSQL, $b on SQLite: $(head -2 "$tmp/pg.err")"
  cmp -s "$tmp/pg.out" "$tmp/lite.out" || fail "stdout differs: $(diff "$tmp/pg.out" "$tmp/lite.out" | head -3)"
  grep -Eq 'fair_decisions|"fair_cost": [0-9]' "$tmp/pg.out" || fail "no fair costs: $(head -c 300 "$tmp/pg.out")"
done

# a club night (schema 4's nights table): the same seating and standings on both
check "night start, seating and report night: the same on both"
for db in "$pg" "$lite"; do
  "$PN" night "$db" start fri --variant partnership --players Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal,Ike,Jo --rounds 4 \
    >/dev/null 2>"$tmp/err" || fail "night start: $(head -2 "$tmp/err")"
done
"$PN" night "$pg" seating fri --format json >"$tmp/pg.out" 2>&1
"$PN" night "$lite" seating fri --format json >"$tmp/lite.out" 2>&1
cmp -s "$tmp/pg.out" "$tmp/lite.out" || fail "seating differs: $(diff "$tmp/pg.out" "$tmp/lite.out" | head -3)"
"$PN" report "$pg" night fri --format csv >"$tmp/pg.out" 2>&1
"$PN" report "$lite" night fri --format csv >"$tmp/lite.out" 2>&1
cmp -s "$tmp/pg.out" "$tmp/lite.out" || fail "report night differs: $(diff "$tmp/pg.out" "$tmp/lite.out" | head -3)"
"$PN" night "$pg" start fri --variant partnership --players A,B,C,D --rounds 1 2>"$tmp/err" && fail "a second night fri"
grep -q "exists already" "$tmp/err" || fail "second night: $(head -2 "$tmp/err")"

check "a schema-1 database is migrated to the last schema (2: the analysis columns, 3: games.winners, 4: the nights table, 5: the journal, 6: the reviews table, 7: packed events, 8: narrower hands and seats, 9: references checked by statement triggers) when opened"
old=$(new_db old)
psql -q "$old" -v ON_ERROR_STOP=1 -f "$ROOT/schema/postgresql/001_init.sql" >/dev/null 2>&1 || fail "001_init.sql did not run"
[[ $(count "$old" "SELECT version FROM pinochle_meta") == 1 ]] || fail "not a schema-1 database to begin with"
"$PN" import "$old" "$ROOT/sample-data/club-partnership-auction.csv" 2>"$tmp/err" || fail "import: $(head -2 "$tmp/err")"
[[ $(count "$old" "SELECT version FROM pinochle_meta") == 9 ]] || fail "version $(count "$old" "SELECT version FROM pinochle_meta")"
"$PN" analyze "$old" --game "$akey" --hand 3 --quiet >/dev/null 2>"$tmp/err" || fail "analyze: $(head -2 "$tmp/err")"
[[ $(count "$old" "SELECT count(*) FROM hands WHERE analysis_rules IS NOT NULL AND analysis_key IS NOT NULL") -eq 1 ]] ||
  fail "the analysis was not stored"

check "a schema-2 database gets each game's winning side (five-call: bidder and partner) when upgraded"
w2=$(new_db winners)
"$PN" import "$w2" "$ROOT/tests/contract/five-call-side-wins.csv" "$ROOT/tests/contract/multiline-tag.csv" 2>/dev/null ||
  fail "import into $w2"
want=$(count "$w2" "SELECT string_agg(key || ':' || winners, ' ' ORDER BY key COLLATE \"C\") FROM games")
psql -q "$w2" -c "ALTER TABLE games DROP COLUMN winners; ALTER TABLE games DROP COLUMN journal; DROP TABLE nights; DROP TABLE reviews; CREATE INDEX seats_player ON seats(player_id); UPDATE pinochle_meta SET version = 2" >/dev/null
# and schema 9's triggers back to schema 2's foreign keys
psql -q "$w2" -c "DROP FUNCTION pn_games_referenced, pn_players_referenced, pn_games_deleted, pn_players_deleted,
    pn_reference_fixed, pn_truncated CASCADE; DROP FUNCTION pn_delete_read_committed;
  ALTER TABLE hands ADD FOREIGN KEY (game_id) REFERENCES games(id) ON DELETE CASCADE;
  ALTER TABLE seats ADD FOREIGN KEY (game_id) REFERENCES games(id) ON DELETE CASCADE, ADD FOREIGN KEY (player_id) REFERENCES players(id);
  ALTER TABLE tags ADD FOREIGN KEY (game_id) REFERENCES games(id) ON DELETE CASCADE" >/dev/null
"$PN" init "$w2" 2>"$tmp/err" || fail "init: $(head -2 "$tmp/err")"
got=$(count "$w2" "SELECT string_agg(key || ':' || winners, ' ' ORDER BY key COLLATE \"C\") FROM games")
[[ $got == "$want" && $got == *five-call-side-wins:24* ]] || fail "winners after the upgrade: $got, not $want"
"$PN" check "$w2" >/dev/null 2>"$tmp/err" || fail "check: $(head -2 "$tmp/err")"

section "the views: the same rows from psql as from sqlite3"
for q in "SELECT * FROM events_v ORDER BY game, hand, seq" "SELECT * FROM plays_v ORDER BY game, hand, seq" \
  "SELECT * FROM hand_results_v ORDER BY game, hand, seat"; do
  check "view: $q"
  if ! command -v sqlite3 >/dev/null; then echo "   (no sqlite3 shell: not compared)"; break; fi
  # COLLATE "C": the order of keys as SQLite's binary order, whatever the
  # database's collation
  psql -At -F'|' "$pg" -c "${q/ORDER BY game/ORDER BY game COLLATE \"C\"}" >"$tmp/v_pg.txt" 2>&1
  sqlite3 -separator '|' "$lite" "$q" >"$tmp/v_lite.txt" 2>&1
  [[ -s $tmp/v_lite.txt ]] || fail "no rows from SQLite"
  cmp -s "$tmp/v_pg.txt" "$tmp/v_lite.txt" || fail "differs: $(diff "$tmp/v_pg.txt" "$tmp/v_lite.txt" | head -3)"
done

section "pinochle copy: SQLite -> PostgreSQL -> SQLite, verified"
check "copy there and back"
cp_pg=$(new_db copy)
"$PN" copy "$lite" "$cp_pg" >/dev/null 2>"$tmp/err" || fail "to PostgreSQL: $(head -2 "$tmp/err")"
grep -q "verified" "$tmp/err" || fail "no verification line: $(head -2 "$tmp/err")"
"$PN" copy "$cp_pg" "$tmp/back.db" >/dev/null 2>"$tmp/err" || fail "back to SQLite: $(head -2 "$tmp/err")"
"$PN" export "$lite" >"$tmp/lite.csv"
"$PN" export "$tmp/back.db" >"$tmp/back.csv"
cmp -s "$tmp/lite.csv" "$tmp/back.csv" || fail "the round trip's export differs"
"$PN" check "$tmp/back.db" >/dev/null 2>&1 || fail "the copy back does not check"
check "copy there and back: the club nights too"
grep -q "verified; club nights: 1" "$tmp/err" || fail "$(head -2 "$tmp/err")"
"$PN" night "$lite" seating fri --format csv >"$tmp/lite.out" 2>&1
"$PN" night "$tmp/back.db" seating fri --format csv >"$tmp/back.out" 2>&1
cmp -s "$tmp/lite.out" "$tmp/back.out" || fail "night fri differs: $(diff "$tmp/lite.out" "$tmp/back.out" | head -3)"
check "copy into a database that holds games: refused"
"$PN" copy "$lite" "$cp_pg" >/dev/null 2>"$tmp/err"; rc=$?
[[ $rc -eq 2 ]] || fail "exit $rc, not 2"
grep -q "already holds games" "$tmp/err" || fail "$(head -2 "$tmp/err")"

section "pinochle record into PostgreSQL"
# one simulated game of each of three presets typed into the recorder
# (tests/record/log2rec.awk), exported: the same bytes as its log imported
rec=$(new_db rec)
for p in partnership-auction auction five-call; do
  check "record $p"
  "$PN" sim --variant "$p" --games 1 --seed 31 --players Ann,Bob,Cal,Dee,Eve -o "$tmp/rec-$p.csv" 2>/dev/null
  log=$tmp/rec-$p.csv
  key=$(awk -F, 'NR == 2 { print $1 }' "$log")
  header=(--players "$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = "," }' "$log")")
  while IFS= read -r o; do header+=(--option "$o"); done < <(awk -F, '$2 == 0 && $5 == "option" { print $7 }' "$log")
  while IFS= read -r t; do header+=(--tag "$t"); done < <(awk -F, '$2 == 0 && $5 == "tag" { print $7 }' "$log")
  awk -v draws=0 -f "$ROOT/tests/record/log2rec.awk" "$log" >"$tmp/rec.in"
  "$PN" record "$rec" --variant "$p" "${header[@]}" --game "$key" --yes <"$tmp/rec.in" >"$tmp/rec.out" 2>&1 ||
    fail "record: $(grep -m2 error "$tmp/rec.out")"
  "$PN" export "$rec" --game "$key" >"$tmp/rec-export.csv" 2>"$tmp/err" || fail "export: $(head -2 "$tmp/err")"
  "$PN" import "$tmp/rec-$p.db" "$log" 2>/dev/null
  "$PN" export "$tmp/rec-$p.db" >"$tmp/imp-export.csv"
  cmp -s "$tmp/rec-export.csv" "$tmp/imp-export.csv" || fail "the recorded game differs from its log imported"
done
check "record --redo: hand 2 replaced in place (its review dropped), the game's id and the other hands' findings and reviews kept"
key=$(awk -F, 'NR == 2 { print $1 }' "$tmp/rec-partnership-auction.csv")
"$PN" audit "$rec" >/dev/null 2>&1
for n in 2 3; do "$PN" review "$rec" --game "$key" --hand $n --worlds 1 --budget 100000 >/dev/null 2>&1; done
[[ $(psql -Atq "$rec" -c "SELECT string_agg(number::text, ',' ORDER BY number) FROM reviews") == 2,3 ]] ||
  fail "hands 2 and 3 not reviewed"
others="SELECT f.audit_id, f.n, f.hand, f.kind, f.detail FROM findings f JOIN games g ON g.id = f.game_id
        WHERE g.key = '$key' AND f.hand <> 2 ORDER BY 1, 2"
psql -Atq "$rec" -c "SELECT id FROM games WHERE key = '$key'" -c "$others" >"$tmp/redo-before.txt"
"$PN" export "$rec" --game "$key" >"$tmp/redo-before.csv" 2>/dev/null
printf 'lines\nedit 1 2 pass\n' | "$PN" record "$rec" --resume "$key" --redo 2 >"$tmp/redo.out" 2>&1
"$PN" export "$rec" --game "$key" >"$tmp/redo-half.csv" 2>/dev/null
cmp -s "$tmp/redo-before.csv" "$tmp/redo-half.csv" || fail "a redo without done changed the game"
echo done | "$PN" record "$rec" --resume "$key" --redo 2 >"$tmp/redo.out" 2>&1
grep -q "^hand 2 of $key replaced" "$tmp/redo.out" || fail "$(grep -m1 error "$tmp/redo.out")"
psql -Atq "$rec" -c "SELECT id FROM games WHERE key = '$key'" -c "$others" >"$tmp/redo-after.txt"
cmp -s "$tmp/redo-before.txt" "$tmp/redo-after.txt" || fail "the game's id or the other hands' findings changed"
"$PN" export "$rec" --game "$key" >"$tmp/redo-after.csv" 2>/dev/null
cmp -s "$tmp/redo-before.csv" "$tmp/redo-after.csv" || fail "the hand typed in again unchanged is not the same"
[[ $(psql -Atq "$rec" -c "SELECT string_agg(number::text, ',' ORDER BY number) FROM reviews") == 3 ]] ||
  fail "hand 2's review not dropped, or hand 3's not kept"
[[ $(psql -Atq "$rec" -c "SELECT sum(findings) FROM audits") == $(psql -Atq "$rec" -c "SELECT count(*) FROM findings") ]] ||
  fail "the audits' counts are not their findings'"
check "record: the journal keeps a hand in progress, and --resume goes on after it"
jdb=$(new_db journal)
printf '2 pass\n3 pass\n' | "$PN" record "$jdb" --variant partnership-auction --players A,B,C,D --game jr >/dev/null 2>&1
echo status | "$PN" record "$jdb" --resume jr >"$tmp/jr.out" 2>&1
grep -q '^hand 1 in progress: 2 lines kept, the last `3 pass`; going on after it$' "$tmp/jr.out" ||
  fail "$(head -3 "$tmp/jr.out")"

section "the audit golden files from PostgreSQL"
gold=$(new_db gold)
"$PN" import "$gold" "$ROOT/tests/audit/planted.csv" >/dev/null 2>&1
for fmt in txt csv json; do
  check "audit planted.csv --format $fmt"
  "$PN" audit "$gold" --no-record --format "$([[ $fmt == txt ]] && echo text || echo "$fmt")" >"$tmp/out" 2>/dev/null
  cmp -s "$tmp/out" "$ROOT/tests/audit/planted.audit.$fmt" || fail "differs from tests/audit/planted.audit.$fmt"
done

section "games, tags and hands in COPY batches: the same as SQLite, a failure leaves nothing"
# Inside an import's transaction games wait for COPY, their ids reserved a
# block at a time (store_pg_copy.c): the rows, messages and failures are
# those of SQLite, whose rows go in one statement each.
# Both backends run the same import; its exit, stdout and stderr must
# match, then the database's export and row counts.
both_import() {
  "$PN" import "$@" "$bpg" "$f" >"$tmp/pg.out" 2>"$tmp/pg.err"; a=$?
  "$PN" import "$@" "$blite" "$f" >"$tmp/lite.out" 2>"$tmp/lite.err"; b=$?
  [[ $a -eq $b ]] || fail "exit $a on PostgreSQL, $b on SQLite: $(head -2 "$tmp/pg.err")"
  cmp -s "$tmp/pg.out" "$tmp/lite.out" || fail "stdout differs: $(diff "$tmp/pg.out" "$tmp/lite.out" | head -3)"
  # the summary's seconds left out
  sed -E "s|$bpg|DB|g; s/[0-9]+\.[0-9]+ s\b/T s/" "$tmp/pg.err" >"$tmp/pg.err2"
  sed -E "s|$blite|DB|g; s/[0-9]+\.[0-9]+ s\b/T s/" "$tmp/lite.err" >"$tmp/lite.err2"
  cmp -s "$tmp/pg.err2" "$tmp/lite.err2" || fail "stderr differs: $(diff "$tmp/pg.err2" "$tmp/lite.err2" | head -3)"
}
both_export() {
  "$PN" export "$bpg" >"$tmp/pg.exp" 2>&1; "$PN" export "$blite" >"$tmp/lite.exp" 2>&1
  cmp -s "$tmp/pg.exp" "$tmp/lite.exp" || fail "export differs: $(diff "$tmp/pg.exp" "$tmp/lite.exp" | head -3)"
}
rows() { count "$bpg" "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM hands), (SELECT count(*) FROM tags),
  (SELECT count(*) FROM seats), (SELECT count(*) FROM players)"; }
bpg=$(new_db batch)
blite=$tmp/batch.db
"$PN" sim --variant partnership --games 1 --seed 5 --key-prefix first- -o "$tmp/first.csv" 2>/dev/null
check "batch: a first game"
f=$tmp/first.csv both_import
# tags that COPY's text format must escape (backslash, tab, newline, a
# second '='), one given twice (one row), on a few games of a batch
check "batch: tags with backslash, tab, newline and '=' in the value, one twice"
"$PN" sim --variant three-hand --games 3 --seed 6 --key-prefix tagged- --tag 'path=C:\x\t=1' \
  --tag $'note=a\tb\nc\r' --tag 'path=C:\x\t=1' -o "$tmp/tags.csv" 2>/dev/null
f=$tmp/tags.csv both_import
[[ $(count "$bpg" "SELECT count(*) FROM tags WHERE name = 'path' AND value = 'C:\x\t=1'") -eq 3 ]] ||
  fail "tags: $(count "$bpg" "SELECT name, value FROM tags" | head -3)"
[[ $(count "$bpg" "SELECT count(*) FROM tags WHERE value = E'a\tb\nc\r'") -eq 3 ]] || fail "tab, newline: not stored as given"
both_export
before=$(rows)
check "batch: a bad line after 1,100 games (more than one COPY batch of 1,024): exit 2, the database unchanged"
"$PN" sim --variant partnership --games 1100 --seed 12 --key-prefix many- -o "$tmp/many.csv" 2>/dev/null
cp "$tmp/many.csv" "$tmp/manybad.csv"
echo "many-last,1,1,1,bid,,not-a-number" >>"$tmp/manybad.csv"
f=$tmp/manybad.csv both_import
[[ $a -eq 2 ]] || fail "exit $a, not 2"
[[ $(rows) == "$before" ]] || fail "rows $(rows), not $before"
check "batch: a game stored with other content after 300 new games: exit 2, the database unchanged"
{ sed -n 1p "$tmp/many.csv"; awk -F, '$1 ~ /^many-([1-9]|[1-9][0-9]|[12][0-9][0-9]|300)$/' "$tmp/many.csv"; sed 1d "$tmp/first.csv" | sed 's/,player,,\([^,]*\)$/,player,,\1x/'; } >"$tmp/clash.csv"
f=$tmp/clash.csv both_import
[[ $a -eq 2 ]] || fail "exit $a, not 2"
grep -q "already stored with other content" "$tmp/pg.err" || fail "$(head -2 "$tmp/pg.err")"
[[ $(rows) == "$before" ]] || fail "rows $(rows), not $before"
check "batch: the same with --keep-going: the new games land, the clash is refused, as on SQLite"
f=$tmp/clash.csv both_import --keep-going
both_export
check "batch: the whole file again: the games stored skipped, the rest added, as on SQLite"
f=$tmp/many.csv both_import
both_export
[[ $(count "$bpg" "SELECT count(*) FROM games") -eq 1104 ]] ||
  fail "$(count "$bpg" "SELECT count(*) FROM games") games"
[[ $(count "$bpg" "SELECT count(*) FROM hands") -eq $(count "$bpg" "SELECT sum(hands) FROM games") ]] ||
  fail "hands half-stored"
check "batch: --replace after 256 look-ups (the stored keys read once, then a game deleted): as on SQLite"
awk -F, -v OFS=, '$1 ~ /^many-(2[6-9][0-9]|3[0-9][0-9])$/ && $5 == "player" { $7 = $7 "r" } { print }' "$tmp/many.csv" >"$tmp/repl.csv"
f=$tmp/repl.csv both_import --replace
grep -q "replaced" "$tmp/pg.err" || fail "nothing replaced: $(head -2 "$tmp/pg.err")"
both_export
[[ $(count "$bpg" "SELECT count(*) FROM games") -eq 1104 ]] || fail "$(count "$bpg" "SELECT count(*) FROM games") games"

section "two importers of one file at once: the key's constraint picks one"
race=$(new_db race)
"$PN" init "$race" 2>/dev/null
"$PN" sim --variant partnership --games 300 --seed 7 -o "$tmp/race.csv" 2>/dev/null ||
  "$PN" sim --variant partnership --games 300 --seed 7 >"$tmp/race.csv" 2>/dev/null
games=$(cut -d, -f1 "$tmp/race.csv" | sed 1d | sort -u | wc -l)
check "race: exactly one lands"
"$PN" import "$race" "$tmp/race.csv" >/dev/null 2>"$tmp/r1" & p1=$!
"$PN" import "$race" "$tmp/race.csv" >/dev/null 2>"$tmp/r2" & p2=$!
wait $p1; a=$?; wait $p2; b=$?
stored=$(count "$race" "SELECT count(*) FROM games")
# either the second waits for the first's key and stops (exit 2, a clear
# message), or it started after the first committed and skips every game
if [[ $a -eq 2 || $b -eq 2 ]]; then
  [[ $((a + b)) -eq 2 ]] || fail "exits $a and $b: $(cat "$tmp/r1" "$tmp/r2" | head -3)"
  grep -q "already stored" "$tmp/r1" "$tmp/r2" || fail "no clear message: $(cat "$tmp/r1" "$tmp/r2" | head -3)"
else
  [[ $a -eq 0 && $b -eq 0 ]] || fail "exits $a and $b"
fi
[[ $stored -eq $games ]] || fail "$stored games stored, not $games"
[[ $(count "$race" "SELECT count(*) FROM hands") -eq $(count "$race" "SELECT sum(hands) FROM games") ]] ||
  fail "hands half-stored"

check "two different files at once both land (into a new database: both migrate it, once)"
"$PN" sim --variant partnership --games 200 --seed 8 -o "$tmp/a.csv" 2>/dev/null
"$PN" sim --variant cutthroat-four --games 200 --seed 9 -o "$tmp/b.csv" 2>/dev/null
both=$(new_db both)
"$PN" import "$both" "$tmp/a.csv" >/dev/null 2>"$tmp/r1" & p1=$!
"$PN" import "$both" "$tmp/b.csv" >/dev/null 2>"$tmp/r2" & p2=$!
wait $p1; a=$?; wait $p2; b=$?
[[ $a -eq 0 && $b -eq 0 ]] || fail "exits $a and $b: $(cat "$tmp/r1" "$tmp/r2" | head -3)"
[[ $(count "$both" "SELECT count(*) FROM games") -eq 400 ]] || fail "$(count "$both" "SELECT count(*) FROM games") games, not 400"

check "two importers creating the same players in opposite orders: both land, no deadlock"
# 1,100 games of four new players each (two blocks of games, players made
# with each); the second file seats them in the opposite order.  Players
# made as each game came deadlocked (issue 35): a writer makes them under
# a lock it holds to its end, so neither waits on the other's new players.
"$PN" sim --variant partnership --games 1 --seed 3 -o "$tmp/tpl.csv" 2>/dev/null
opposite() {
  awk -F, -v OFS=, -v n=1100 -v rev="$1" -v pre="$2" 'NR == 1 { print; next } { rows[++m] = $0 }
    END { for (i = 0; i < n; i++) { gi = rev ? n - 1 - i : i
            for (r = 1; r <= m; r++) { split(rows[r], f, ","); line = rows[r]; sub(/^[^,]*/, pre i, line)
              if (f[5] == "player") sub(/,[^,]*$/, "," sprintf("dl%05d", gi * 4 + f[4]), line)
              print line } } }' "$tmp/tpl.csv"
}
opposite 0 a >"$tmp/dla.csv"
opposite 1 b >"$tmp/dlb.csv"
for round in 1 2; do
  dl=$(new_db "deadlock$round")
  "$PN" init "$dl" 2>/dev/null
  "$PN" import "$dl" "$tmp/dla.csv" >/dev/null 2>"$tmp/r1" & p1=$!
  "$PN" import "$dl" "$tmp/dlb.csv" >/dev/null 2>"$tmp/r2" & p2=$!
  wait $p1; a=$?; wait $p2; b=$?
  [[ $a -eq 0 && $b -eq 0 ]] || fail "round $round: exits $a and $b: $(cat "$tmp/r1" "$tmp/r2" | head -3)"
  [[ $(count "$dl" "SELECT count(*) FROM seats") -eq 8800 ]] || fail "round $round: $(count "$dl" "SELECT count(*) FROM seats") seats, not 8800"
  [[ $(count "$dl" "SELECT count(*) FROM players") -eq 4400 ]] || fail "round $round: $(count "$dl" "SELECT count(*) FROM players") players, not 4400"
done

section "COPYs whose result is read later: a refusal still stops the import"
# An import's COPYs go on while the client parses on (store_pg_copy.c);
# one the server refuses late in the file must still fail the import
# with the server's message and leave nothing (a trigger refuses a row
# of the 1,050th game, after one block of 1,024 has gone).
for table in hands seats tags; do
  check "the server refuses a $table row of the 1,050th game: exit 2, its message, nothing stored"
  rf=$(new_db "refuse$table")
  "$PN" init "$rf" 2>/dev/null
  psql -q "$rf" -c "CREATE FUNCTION pn_refuse() RETURNS trigger LANGUAGE plpgsql AS \$\$
    BEGIN IF (SELECT key FROM games WHERE id = NEW.game_id) = 'many-1050' THEN
      RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END \$\$" \
    -c "CREATE TRIGGER pn_refuse BEFORE INSERT ON $table FOR EACH ROW EXECUTE FUNCTION pn_refuse()" >/dev/null
  "$PN" import "$rf" "$tmp/many.csv" >/dev/null 2>"$tmp/err"; rc=$?
  [[ $rc -eq 2 ]] || fail "exit $rc, not 2"
  grep -q "adding $table (COPY): ERROR: *refused by the test" "$tmp/err" || fail "no clear message: $(head -2 "$tmp/err")"
  n=$(count "$rf" "SELECT (SELECT count(*) FROM games) + (SELECT count(*) FROM hands) + (SELECT count(*) FROM seats)
    + (SELECT count(*) FROM tags) + (SELECT count(*) FROM players)")
  [[ $n == 0 ]] || fail "$n rows stored"
done
check "a seat whose player is not stored is refused (its foreign key, now that seats go by COPY)"
psql -q "$bpg" -c "INSERT INTO seats(game_id, seat, player_id) SELECT min(id), 9, 2147483647 FROM games" \
  >/dev/null 2>"$tmp/err" && fail "stored"
grep -q "seats_player_id_fkey" "$tmp/err" || fail "not by its foreign key: $(head -2 "$tmp/err")"

section "a read-only role"
check "read-only role: import refused, reports work"
psql -q "$BASE" -c "CREATE ROLE pn_reader_$$ LOGIN" >/dev/null
psql -q "$gold" -c "GRANT SELECT ON ALL TABLES IN SCHEMA public TO pn_reader_$$" >/dev/null
ro=$(sed -E "s/([?&])user=[^&]*/\1user=pn_reader_$$/" <<<"$gold")
[[ $ro == *user=pn_reader_$$* ]] || ro="$ro&user=pn_reader_$$"
before=$(count "$gold" "SELECT count(*) FROM games")
"$PN" import "$ro" "$ROOT/sample-data/club-auction.csv" >/dev/null 2>"$tmp/err"; rc=$?
[[ $rc -eq 2 ]] || fail "import exit $rc, not 2"
grep -q "permission denied" "$tmp/err" || fail "no clear message: $(head -2 "$tmp/err")"
[[ $(count "$gold" "SELECT count(*) FROM games") -eq $before ]] || fail "something was stored"
"$PN" report "$ro" players >/dev/null 2>"$tmp/err" || fail "report as the reader: $(head -2 "$tmp/err")"

section "a database of a newer schema"
check "newer schema: every command refuses"
newer=$(new_db newer)
"$PN" init "$newer" 2>/dev/null
psql -q "$newer" -c "UPDATE pinochle_meta SET version = version + 1" >/dev/null
for cmd in "import @ $ROOT/sample-data/club-auction.csv" "audit @" "report @ players" "export @" "init @"; do
  read -r -a words <<<"$cmd"
  for j in "${!words[@]}"; do [[ ${words[j]} == @ ]] && words[j]=$newer; done
  "$PN" "${words[@]}" >/dev/null 2>"$tmp/err"; rc=$?
  [[ $rc -eq 2 ]] || fail "$cmd: exit $rc, not 2"
  grep -q "written by a newer pinochle (schema 10, this one knows 9)" "$tmp/err" || fail "$cmd: $(head -2 "$tmp/err")"
done
[[ $(count "$newer" "SELECT count(*) FROM games") -eq 0 ]] || fail "something was stored"

section "the server stopped mid-import"
check "server stopped: exit 2, nothing of the file stored"
if own=$("$HERE/pg_tmp.sh" start 2>"$tmp/err"); then
  own_server=$(sed -E 's/.*host=([^&]*).*/\1/' <<<"$own")
  "$PN" init "$own" 2>/dev/null
  "$PN" sim --variant partnership --games 4000 --seed 11 -o "$tmp/big.csv" 2>/dev/null
  # The file comes through a pipe held open, so the import cannot finish
  # before the server is stopped, however fast it is: half the file, the
  # crash, then the rest.
  mkfifo "$tmp/big.fifo"
  "$PN" import "$own" "$tmp/big.fifo" >/dev/null 2>"$tmp/err" & p=$!
  exec {feed}>"$tmp/big.fifo"
  half=$(($(wc -l <"$tmp/big.csv") / 2))
  head -n "$half" "$tmp/big.csv" >&"$feed"
  sleep 1
  "$HERE/pg_tmp.sh" crash "$own_server"
  tail -n +"$((half + 1))" "$tmp/big.csv" >&"$feed" 2>/dev/null
  exec {feed}>&-
  wait $p; rc=$?
  [[ $rc -eq 2 ]] || fail "import exit $rc, not 2"
  grep -qE "connection|terminat|server closed" "$tmp/err" || fail "no clear message: $(head -2 "$tmp/err")"
  "$HERE/pg_tmp.sh" restart "$own_server" >/dev/null 2>&1
  n=$(count "$own" "SELECT count(*) FROM games" 2>/dev/null)
  [[ $n == 0 ]] || fail "$n games stored after the server came back"
else
  echo "   (no throwaway server: $(head -1 "$tmp/err"))"
fi

echo "test_pg: $checks checks, $failures failures"
[[ $failures -eq 0 ]]
