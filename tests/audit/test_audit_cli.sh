#!/usr/bin/env bash
# test_audit_cli.sh PINOCHLE - `pinochle audit` as a director uses it:
# exit codes 0/1/2, the three formats (golden files of planted.csv), the
# --game/--hand/--player/--variant filters, the renege sentence, the
# audits table growing by one row per recorded run, and --fix-results
# repairing tampered stored results.
#
# PINOCHLE_WRAPPER (e.g. "valgrind -q --error-exitcode=99") wraps each run.
# Regenerate the goldens after a deliberate wording change with
#   pinochle import t.db tests/audit/planted.csv
#   pinochle audit t.db --no-record [--format csv|json] > tests/audit/planted.audit.{txt,csv,json}
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

out_is_file() { cmp -s "$1" "$tmp/out" || fail "stdout differs from $(basename "$1"): $(diff "$1" "$tmp/out" | head -5)"; }
# csv_rows: the data rows of a CSV audit on stdout (no field holds a newline).
csv_rows() { tail -n +2 "$tmp/out"; }
# golden_rows AWK_CONDITION: the golden CSV rows that satisfy it (fields by $N).
golden_rows() { tail -n +2 "$HERE/planted.audit.csv" | awk -F, "$1"; }
rows_are() { # EXPECTED_COUNT: the CSV rows on stdout are exactly that many
  local got
  got=$(csv_rows | wc -l)
  [[ $got -eq $1 ]] || fail "$got rows, expected $1"
}
json_ok() {
  if command -v python3 >/dev/null 2>&1; then
    python3 -m json.tool "$tmp/out" >/dev/null 2>&1 || fail "stdout is not JSON"
  else # structural: one object with the findings array and the counts
    grep -q '^{"findings": \[' "$tmp/out" && grep -Eq '\], "games": [0-9]+, "hands": [0-9]+, "count": [0-9]+}$' "$tmp/out" ||
      fail "stdout is not the JSON shape"
  fi
}
have_sqlite=0
if command -v sqlite3 >/dev/null 2>&1; then have_sqlite=1; fi
sql() { sqlite3 "$1" "$2"; }

db=$tmp/planted.db
"$PN" import "$db" "$HERE/planted.csv" -q || { echo "FAIL: importing planted.csv"; exit 1; }
total=$(golden_rows '1' | wc -l)

# ---------------------------------------------------------- exit codes
t findings_exit_1 1 audit "$db" --no-record
out_is_file "$HERE/planted.audit.txt"
err_has "^audited 3 games, 21 hands: $total findings$"

clean=$tmp/clean.db
"$PN" sim --variant partnership-auction --games 2 --seed 5 --players Ann,Bob,Cal,Dee -o "$tmp/clean.csv"
"$PN" import "$clean" "$tmp/clean.csv" -q
t clean_exit_0 0 audit "$clean" --no-record
out_empty
err_has '^audited 2 games, [0-9]+ hands: 0 findings$'
t clean_csv_header_only 0 audit "$clean" --no-record --format csv
[[ $(cat "$tmp/out") == "game,hand,seq,trick,seat,player,kind,card,detail" ]] || fail "not the header alone"
t clean_json 0 audit "$clean" --no-record --format json
json_ok
out_has '^\{"findings": \[\], "games": 2, "hands": [0-9]+, "count": 0\}$'

t usage_no_database 2 audit
err_has 'give exactly one database'
t usage_two_databases 2 audit "$db" "$clean"
t usage_bad_format 2 audit "$db" --format xml
err_has -- '--format takes text, csv or json'
t usage_bad_hand 2 audit "$db" --hand 0
t usage_bad_hand_text 2 audit "$db" --hand two
t usage_unknown_variant 2 audit "$db" --variant four-hand
err_has "unknown variant 'four-hand'"
t usage_unknown_option 2 audit "$db" --frobnicate
t missing_database 2 audit "$tmp/nowhere.db"
out_empty
[[ ! -e $tmp/nowhere.db ]] || fail "audit created the database"
echo "not a database" >"$tmp/text.db"
t not_a_database 2 audit "$tmp/text.db"
t help_exit_0 0 audit --help
out_has '^Exit codes:'

# -------------------------------------------------------------- formats
t csv_format 1 audit "$db" --no-record --format csv
[[ $(head -1 "$tmp/out") == "game,hand,seq,trick,seat,player,kind,card,detail" ]] || fail "CSV header: $(head -1 "$tmp/out")"
out_is_file "$HERE/planted.audit.csv"
rows_are "$total"

t json_format 1 audit "$db" --no-record --format json
json_ok
out_is_file "$HERE/planted.audit.json"
out_has "\"games\": 3, \"hands\": 21, \"count\": $total\}$"
[[ $(grep -c '^  {"game": ' "$tmp/out") -eq $total ]] || fail "not $total finding objects"

t output_file 1 audit "$db" --no-record --format csv -o "$tmp/audit.csv"
out_empty
cmp -s "$tmp/audit.csv" "$HERE/planted.audit.csv" || fail "-o FILE differs from the golden CSV"

# --------------------------------------------------------- the sentence
# KEY, hand N, trick T: NAME (seat S) played CARD to a SUIT lead (CARDS so far)
# while holding CARDS: must follow suit (renege-follow)
C='[AKQJT987][SHDC]'
FOLLOW="^[^,]+, hand [0-9]+, trick [0-9]+: [A-Za-z]+ \(seat [1-5]\) played $C to a (spade|heart|diamond|club) lead \($C( $C)* so far\) while holding $C( $C)*: must follow suit \(renege-follow\)$"
t renege_follow_sentence 1 audit "$db" --no-record
follows=$(grep -c 'renege-follow' "$tmp/out")
[[ $follows -gt 0 ]] || fail "no renege-follow in the planted games"
[[ $(grep -Ec -- "$FOLLOW" "$tmp/out") -eq $follows ]] ||
  fail "a renege-follow sentence of another shape: $(grep 'renege-follow' "$tmp/out" | grep -Ev -- "$FOLLOW" | head -1)"
# the suit led is the first card's, and the evidence is of that suit
grep 'renege-follow' "$tmp/out" | while IFS= read -r line; do
  led=$(sed -E 's/.* to a ([a-z]+) lead \(([AKQJT987])([SHDC]).*/\1 \3/' <<<"$line")
  held=$(sed -E 's/.* while holding ([^:]+):.*/\1/' <<<"$line")
  played=$(sed -E 's/.* played ([AKQJT987][SHDC]) .*/\1/' <<<"$line")
  word=${led% *} letter=${led#* }
  [[ ${word:0:1} == "$(tr 'SHDC' 'shdc' <<<"$letter")" ]] || echo "led suit: $line"
  for card in $held; do [[ ${card:1} == "$letter" ]] || echo "evidence: $line"; done
  [[ ${played:1} != "$letter" ]] || echo "followed: $line"
done >"$tmp/bad"
[[ ! -s $tmp/bad ]] || fail "renege-follow sentences that do not add up: $(head -1 "$tmp/bad")"

# -------------------------------------------------------------- filters
t hand_filter 1 audit "$db" --no-record --format csv --hand 2
rows_are "$(golden_rows '$2 == 2' | wc -l)"
[[ -z $(csv_rows | awk -F, '$2 != 2') ]] || fail "a finding of another hand"
t hand_filter_none 0 audit "$db" --no-record --format csv --hand 99
rows_are 0

t player_filter 1 audit "$db" --no-record --format csv --player Ann
rows_are "$(golden_rows '$6 == "Ann"' | wc -l)"
[[ -z $(csv_rows | awk -F, '$6 != "Ann"') ]] || fail "another player's finding"
# names match in any case, as the recorder's do: "ann" finds Ann
cp "$tmp/out" "$tmp/ann.csv"
t player_filter_any_case 1 audit "$db" --no-record --format csv --player aNN
cmp -s "$tmp/ann.csv" "$tmp/out" || fail "--player aNN differs from --player Ann"
# an unknown player is a mistake in the command, not a clean audit
t player_filter_unknown 2 audit "$db" --no-record --player Zed
out_empty
err_has "^pinochle: audit: $db: no player 'Zed' in the database$"

key=sim-firehouse-10-1
t game_filter 1 audit "$db" --no-record --format csv --game "$key"
rows_are "$(golden_rows "\$1 == \"$key\"" | wc -l)"
[[ -z $(csv_rows | awk -F, -v k="$key" '$1 != k') ]] || fail "another game's finding"
err_has '^audited 1 game, '
t game_filter_two 1 audit "$db" --no-record --format csv --game "$key" --game sim-single-bid-3-1
rows_are "$(golden_rows "\$1 == \"$key\" || \$1 == \"sim-single-bid-3-1\"" | wc -l)"
t game_filter_unknown 2 audit "$db" --no-record --game no-such-game
out_empty
err_has "^pinochle: audit: $db: no game 'no-such-game' in the database$"
t game_filter_one_unknown 2 audit "$db" --no-record --game "$key" --game no-such-game
out_empty
err_has "no game 'no-such-game' in the database"

t game_hand_player 1 audit "$db" --no-record --format csv --game "$key" --hand 2 --player Cal
rows_are "$(golden_rows "\$1 == \"$key\" && \$2 == 2 && \$6 == \"Cal\"" | wc -l)"
t variant_filter 1 audit "$db" --no-record --format csv --variant two-hand-bid
rows_are "$(golden_rows '$1 ~ /^sim-two-hand-bid-/' | wc -l)"

# The audit CSV is a report: a cell a spreadsheet would run as a formula
# (a player named '@Bob', and the detail that starts with the name) is
# written with a leading apostrophe, as the reports' CSV is (REPORTS.md).
"$PN" sim --variant single-bid --games 1 --seed 3 --renege-rate 0.2 \
  --players '=SUM(A1),@Bob,+Cal,-Dee' >"$tmp/formula.csv"
"$PN" import -q "$tmp/formula.db" "$tmp/formula.csv" 2>/dev/null
t csv_formula_safe 1 audit "$tmp/formula.db" --no-record --format csv --player @Bob
out_has "^sim-single-bid-3-1,1,15,1,4,'@Bob,renege-follow,KC,'@Bob \\(seat 4\\) played KC"
! grep -q ',@Bob' "$tmp/out" || fail "a cell starts with @ unguarded"

# ------------------------------------------------------------ recording
if [[ $have_sqlite -eq 1 ]]; then
  audits=$(sql "$db" 'SELECT count(*) FROM audits')
  found=$(sql "$db" 'SELECT count(*) FROM findings')
  t recorded_run 1 audit "$db"
  [[ $(sql "$db" 'SELECT count(*) FROM audits') -eq $((audits + 1)) ]] || fail "no audits row added"
  [[ $(sql "$db" 'SELECT count(*) FROM findings') -eq $((found + total)) ]] || fail "the findings were not recorded"
  row=$(sql "$db" 'SELECT games, hands, findings, finished IS NOT NULL FROM audits ORDER BY id DESC LIMIT 1')
  [[ $row == "3|21|$total|1" ]] || fail "audits row: $row"
  t recorded_filtered_run 1 audit "$db" --player Ann
  [[ $(sql "$db" 'SELECT count(*) FROM audits') -eq $((audits + 2)) ]] || fail "the second run was not recorded"
  ann=$(golden_rows '$6 == "Ann"' | wc -l)
  [[ $(sql "$db" 'SELECT findings FROM audits ORDER BY id DESC LIMIT 1') -eq $ann ]] || fail "filtered run's count"
  t unknown_player_not_recorded 2 audit "$db" --player Zed
  t unknown_game_not_recorded 2 audit "$db" --game no-such-game
  [[ $(sql "$db" 'SELECT count(*) FROM audits') -eq $((audits + 2)) ]] || fail "a refused run was recorded"
  t not_recorded 1 audit "$db" --no-record
  [[ $(sql "$db" 'SELECT count(*) FROM audits') -eq $((audits + 2)) ]] || fail "--no-record recorded a run"
  t clean_recorded 0 audit "$clean"
  [[ $(sql "$clean" 'SELECT count(*) FROM audits') -eq 1 ]] || fail "the clean run was not recorded"

  # ------------------------------------------------------- fix-results
  # hand 2 of the first game gets hand 1's results: a stored-result finding
  game_id=$(sql "$clean" "SELECT id FROM games ORDER BY id LIMIT 1")
  sql "$clean" "UPDATE hands SET results = (SELECT results FROM hands WHERE game_id = $game_id AND number = 1)
                WHERE game_id = $game_id AND number = 2"
  t tampered 1 audit "$clean" --no-record --format csv
  rows_are 1
  [[ $(csv_rows | cut -d, -f2,7) == "2,stored-result" ]] || fail "not one stored-result for hand 2"
  out_has ',stored-result,,"?stored results differ from the replay: .*stored [-0-9]+, replayed [-0-9]+'
  t fix_results 1 audit "$clean" --fix-results
  out_has 'hand 2: stored results differ from the replay'
  err_has "1 hand's stored results fixed"
  t fixed 0 audit "$clean"
  out_empty
else
  echo "note: sqlite3 not found: the recording and --fix-results checks were skipped"
fi

echo "audit_cli: $checks runs, $failures failures"
[[ $failures -eq 0 ]]
