#!/usr/bin/env bash
# hand_outputs.sh OLD NEW DB - `report DB hand KEY N` of every stored hand
# in every format (text, csv, json, html), written by two builds and
# compared byte for byte; prints the hands that differ and a count.
# Used to show a change of report_hand*.c or report_html_hand.c keeps its
# output (e.g. the sample data: pinochle import DB sample-data/*.csv,
# some hands analysed with pinochle analyze DB --game KEY).
set -u
old=$1 new=$2 db=$3
n=0 bad=0
while IFS='|' read -r key hand; do
  for f in text csv json html; do
    n=$((n + 1))
    cmp -s <("$old" report "$db" hand "$key" "$hand" --format "$f" 2>&1; echo "exit $?") \
      <("$new" report "$db" hand "$key" "$hand" --format "$f" 2>&1; echo "exit $?") ||
      { bad=$((bad + 1)); echo "differs: $key $hand $f"; }
  done
done < <(sqlite3 "$db" "SELECT g.key, h.number FROM hands h JOIN games g ON g.id = h.game_id ORDER BY g.key, h.number")
echo "$n outputs compared, $bad differ"
[[ $bad -eq 0 ]]
