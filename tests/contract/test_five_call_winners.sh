#!/usr/bin/env bash
# test_five_call_winners.sh PINOCHLE - in five-call a side wins, not one
# seat (RULES.md section 6; issue 29): tests/contract/five-call-side-wins.csv
# ends with Eve (seat 4, the bidder) and Cal (seat 5, her called partner)
# both on 2350.  games.winners, the game report in text, CSV and JSON,
# the HTML score sheet and the players' wins name both; `copy` keeps them
# and `check` finds a stored side that is not the replay's; the same game
# recorded hidden (table order, no deal rows) stores the
# same; a database of schema 2 gets its games' winners when upgraded,
# and exports the same bytes as before.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LOG=$HERE/five-call-side-wins.csv
KEY=five-call-side-wins
db=$tmp/fc.db
# one SQL value of a database (sqlite3 shell)
q() { sqlite3 "$1" "$2"; }

t import 0 import "$db" "$LOG"
[[ $(q "$db" "SELECT winner || ':' || winners FROM games WHERE key = '$KEY'") == 4:24 ]] \
  || fail "games.winner:winners is $(q "$db" "SELECT winner || ':' || winners FROM games")), not 4:24 (seats 4 and 5)"

t report_text 0 report "$db" game "$KEY"
out_has '^Winners: seats 4 and 5, Eve & Cal, with 2350 and 2350\.$'
t report_csv 0 report "$db" game "$KEY" --format csv
[[ $(tail -1 "$tmp/out" | awk -F, '{ print $(NF - 1) }') == "Eve & Cal" ]] || fail "the last hand's winner cell"
t report_json 0 report "$db" game "$KEY" --format json
out_has '^  "winner": \{"seats": \[4, 5\], "name": "Eve & Cal", "totals": \[2350, 2350\]\}$'
t report_html 0 report "$db" game "$KEY" --format html
out_has '<p class="winner">Won by <bdi>Eve &amp; Cal</bdi> with 2350 and 2350\.</p>'
t players 0 report "$db" players --format csv
for who in Eve Cal; do
  col=$(head -1 "$tmp/out" | tr ',' '\n' | grep -nx wins | cut -d: -f1)
  [[ $(awk -F, -v p="$who" -v c="$col" '$1 == "player" && $2 == p { print $c }' "$tmp/out") == 1 ]] || fail "$who has no win"
done
[[ $(awk -F, -v c="$col" '$1 == "player" { n += $c } END { print n }' "$tmp/out") == 2 ]] || fail "wins are not 2"

# copied, the side goes along; a stored side that is not the replay's is
# a problem of the database
t copy 0 copy "$db" "$tmp/copy.db"
[[ $(q "$tmp/copy.db" "SELECT winners FROM games") == 24 ]] || fail "copied: not 24"
q "$tmp/copy.db" "UPDATE games SET winners = 8"
t check_wrong_side 1 check "$tmp/copy.db"
out_has "game $KEY: the stored winning side is seats 4, the replay's is seats 4 and 5"

# the same game recorded hidden: table order, no deal rows
awk -v players=5 -f "$HERE/../record/log2table.awk" "$LOG" >"$tmp/fc.tab"
STDIN=$tmp/fc.tab t record_hidden 0 record "$tmp/rec.db" --variant five-call --players Bob,Dee,Ann,Eve,Cal \
  --tag date=2026-01-20 --game "$KEY" --yes
out_has '^game over: Eve and Cal win$'
[[ $(q "$tmp/rec.db" "SELECT winner || ':' || winners FROM games") == 4:24 ]] || fail "recorded: not 4:24"
"$PN" export "$tmp/rec.db" -o "$tmp/rec.csv" && "$PN" export "$db" -o "$tmp/imp.csv"
cmp -s "$tmp/rec.csv" "$tmp/imp.csv" || fail "the recorded game is not the log's"

# a database written before games.winners: the column and every later migration's table dropped, schema 2
old=$tmp/old.db
"$PN" import "$old" "$LOG" "$HERE/multiline-tag.csv" "$HERE/two-hand-bid-example.csv" 2>/dev/null
q "$old" "SELECT key || ':' || winners FROM games ORDER BY key" >"$tmp/want"
"$PN" export "$old" -o "$tmp/before.csv"
q "$old" "ALTER TABLE games DROP COLUMN winners; ALTER TABLE games DROP COLUMN journal; DROP TABLE nights; DROP TABLE reviews; PRAGMA user_version = 2"
t upgrade 0 init "$old"
err_has 'upgraded from schema 2 to 9'
q "$old" "SELECT key || ':' || winners FROM games ORDER BY key" >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" || fail "upgraded winners $(tr '\n' ' ' <"$tmp/got"), not $(tr '\n' ' ' <"$tmp/want")"
grep -qx "$KEY:24" "$tmp/got" || fail "five-call: not seats 4 and 5"
t check_upgraded 0 check "$old"
t export_upgraded 0 export "$old" -o "$tmp/after.csv"
cmp -s "$tmp/before.csv" "$tmp/after.csv" || fail "the export changed"

if [[ $failures -eq 0 ]]; then echo "five-call winners: all $checks runs passed"
else echo "five-call winners: $failures failed checks in $checks runs"; fi
[[ $failures -eq 0 ]]
