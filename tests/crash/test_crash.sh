#!/usr/bin/env bash
# test_crash.sh PINOCHLE - crash consistency: `kill -9` in the middle of a
# large import and of a recorded game.  Afterwards the database opens,
# passes PRAGMA integrity_check and `pinochle check`, and holds exactly
# what was committed before the kill:
#   - import (one transaction per file): nothing of the file, or all of it
#     when the kill came after the commit;
#   - record (one transaction per completed hand): exactly the completed
#     hands, each whole; --resume then finishes the game as if nothing
#     had happened.
# CRASH_GAMES (default 3000; 300 under PINOCHLE_WRAPPER, valgrind) sets
# the size of the large import.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

# ------------------------------------------------------------ import
games_n=${CRASH_GAMES:-$([[ ${#wrap[@]} -gt 0 ]] && echo 300 || echo 3000)}
section "kill -9 during an import of $games_n games"
"$PN" sim --variant partnership-auction --games "$games_n" --seed 17 -o "$tmp/big.csv" || fail "sim"
db=$tmp/import.db
"$PN" import -q "$db" "$ROOT/tests/import/base.csv" || fail "setup import"
"$PN" export "$db" >"$tmp/before.csv"

# The byte offset the process has read its input up to (Linux /proc).
read_pos() { # PID FILE
  local fd
  for fd in /proc/"$1"/fd/*; do
    if [[ $(readlink "$fd" 2>/dev/null) == "$2" ]]; then
      awk '/^pos:/ { print $2 }' "/proc/$1/fdinfo/${fd##*/}" 2>/dev/null
      return
    fi
  done
  echo 0
}
past_half() { (($(read_pos "$1" "$2") > $(size "$2") / 2)) || ! kill -0 "$1" 2>/dev/null; }

# import_killed DB FILE: `import DB FILE`, killed -9 once it has read half
# of FILE (or, on a machine too fast to catch, after it finished); its
# exit status in $status
import_killed() {
  "$PN" import -q "$1" "$2" &
  local pid=$!
  bg_pids+=("$pid")
  wait_for 120 past_half "$pid" "$2" || fail "the import never got half way"
  kill -9 "$pid" 2>/dev/null
  { wait "$pid"; } 2>/dev/null
  status=$?
}

# a) a file import, killed once it has read half the file (or after it
# finished: then all of it is there)
import_killed "$db" "$tmp/big.csv"
check import-file-killed
sound "$db"
n=$(games "$db")
if [[ $status -eq 137 && $n -eq 1 ]]; then
  pn export "$db" >"$tmp/after.csv" && cmp -s "$tmp/before.csv" "$tmp/after.csv" \
    || fail "the games stored before the import changed"
  echo "   killed mid-import: nothing of the file stored"
elif [[ $n -eq $((games_n + 1)) ]]; then
  echo "   the import had committed (exit $status): all of it stored"
else
  fail "exit $status and $n games stored: neither nothing nor all of the file"
fi

# b) standard input from a pipe held open: the import cannot have
# committed, so nothing of it may be stored
if [[ $n -eq 1 ]]; then
  mkfifo "$tmp/feed"
  "$PN" import -q "$db" - <"$tmp/feed" &
  pid=$!
  bg_pids+=("$pid")
  exec 3>"$tmp/feed"
  head -c $(($(size "$tmp/big.csv") * 2 / 3)) "$tmp/big.csv" >&3
  sleep 0.3
  kill -9 "$pid" 2>/dev/null
  exec 3>&-
  { wait "$pid"; } 2>/dev/null
  status=$?
  check import-stdin-killed
  [[ $status -eq 137 ]] || fail "exit $status, expected 137 (killed)"
  sound "$db"
  [[ $(games "$db") -eq 1 ]] || fail "$(games "$db") games stored, expected only the one before"
  pn export "$db" >"$tmp/after.csv" && cmp -s "$tmp/before.csv" "$tmp/after.csv" \
    || fail "the games stored before the import changed"
fi

# c) after the crashes the same file imports whole
check import-after-crash
"$PN" import -q "$db" "$tmp/big.csv" || fail "the import after the crashes failed"
[[ $(games "$db") -eq $((games_n + 1)) ]] || fail "$(games "$db") games after the import, expected $((games_n + 1))"
sound "$db"
rm -f "$tmp/big.csv"

# d) an import that creates its database writes it with a rollback
# journal until it ends (STORE_BULK).  Killed once it has read half a
# file larger than its page cache (16 MiB, so pages have gone to the
# file and the journal is hot), the file rolls back to its empty schema
# when next opened; the same file then imports whole and the database
# is left in WAL mode.
bulk_n=$([[ ${#wrap[@]} -gt 0 ]] && echo 300 || echo 10000)
section "kill -9 during an import of $bulk_n games that creates its database"
check import-new-wal
"$PN" import -q "$tmp/small.db" "$ROOT/tests/import/base.csv" || fail "import"
mode=$(sqlite3 "$tmp/small.db" "PRAGMA journal_mode")
[[ $mode == wal ]] || fail "a new database is left in $mode mode, not WAL"
[[ ! -e $tmp/small.db-journal ]] || fail "its journal is left beside it"
"$PN" sim --variant partnership-auction --games "$bulk_n" --seed 19 -o "$tmp/bulk.csv" || fail "sim"
new=$tmp/new.db
import_killed "$new" "$tmp/bulk.csv"
check import-new-killed
if [[ $status -eq 137 ]]; then
  journal=$([[ -s $new-journal ]] && echo "a hot journal rolled back" || echo "no journal beside it")
  sound "$new"
  [[ $(games "$new") -eq 0 ]] || fail "$(games "$new") games stored, expected none"
  echo "   killed mid-import ($journal): an empty database"
else
  [[ $(games "$new") -eq $bulk_n ]] || fail "exit $status and $(games "$new") games stored"
  echo "   the import had finished (exit $status): all of it stored"
fi
check import-new-after-crash
"$PN" import -q "$new" "$tmp/bulk.csv" || fail "the import after the crash failed"
[[ $(games "$new") -eq $bulk_n ]] || fail "$(games "$new") games after the import, expected $bulk_n"
mode=$(sqlite3 "$new" "PRAGMA journal_mode")
[[ $mode == wal ]] || fail "the database is left in $mode mode, not WAL"
sound "$new"
rm -f "$tmp/bulk.csv"

# ------------------------------------------------------------ record
section "kill -9 during a recorded game"
"$PN" sim --variant partnership-auction --games 1 --seed 23 --players Ann,Bob,Cal,Dee -o "$tmp/game.csv"
key=$(awk -F, 'NR == 2 { print $1 }' "$tmp/game.csv")
players=$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = "," }' "$tmp/game.csv")
date=$(awk -F, '$5 == "tag" && $7 ~ /^date=/ { print substr($7, 6); exit }' "$tmp/game.csv")
nhands=$(awk -F, 'NR > 1 { h = $2 } END { print h }' "$tmp/game.csv")
[[ $nhands -ge 5 ]] || fail "the game has only $nhands hands"
# record lines, each prefixed with its hand number and a tab
awk -F, 'NR > 1 && $2 > 0 {
  line = $5 == "dealer" ? "dealer " $4 : ($4 != "" ? $4 " " : "") $5
  if ($6 != "") line = line " " $6
  if ($7 != "") line = line " " $7
  print $2 "\t" line }' "$tmp/game.csv" >"$tmp/game.rec"
# lines HAND_FROM HAND_TO: the record lines of those hands
lines() { awk -F'\t' -v a="$1" -v b="$2" '$1 >= a && $1 <= b { print $2 }' "$tmp/game.rec"; }
# the log cut after hand K
upto() { awk -F, -v k="$1" 'NR == 1 || $2 <= k' "$tmp/game.csv" >"$tmp/upto-$1.csv"; echo "$tmp/upto-$1.csv"; }
# slowly LINES...: one line at a time, a pause every few (a scorekeeper)
slowly() {
  local i=0 line
  while IFS= read -r line; do
    printf '%s\n' "$line"
    if ((++i % 8 == 0)); then sleep 0.01; fi
  done
}
start_record() { # DB
  rm -f "$tmp/feed"
  mkfifo "$tmp/feed"
  "$PN" record "$1" --variant partnership-auction --players "$players" --game "$key" --tag "date=$date" \
    --yes <"$tmp/feed" >"$tmp/record.out" 2>&1 &
  pid=$!
  bg_pids+=("$pid")
  exec 4>"$tmp/feed"
}
hands_are() { [[ $(hands "$1" 2>/dev/null) -eq $2 ]]; }
hands_at_least() { [[ $(hands "$1" 2>/dev/null) -ge $2 ]]; }

# a) two hands complete and half of the third typed in, then the kill
k=2
rdb=$tmp/record.db
start_record "$rdb"
lines 1 "$k" | slowly >&4
third=$(lines $((k + 1)) $((k + 1)) | wc -l)
lines $((k + 1)) $((k + 1)) | head -n $((third / 2)) | slowly >&4
wait_for 30 hands_are "$rdb" "$k" || fail "hand $k was never committed"
sleep 0.2
kill -9 "$pid" 2>/dev/null
exec 4>&-
{ wait "$pid"; } 2>/dev/null
status=$?
check record-killed-mid-hand
[[ $status -eq 137 ]] || fail "exit $status, expected 137 (killed)"
sound "$rdb"
[[ $(hands "$rdb") -eq $k ]] || fail "$(hands "$rdb") hands stored, expected exactly the $k completed"
pn export "$rdb" >"$tmp/rec.csv"
export_of "$(upto $k)" >"$tmp/imp.csv"
cmp -s "$tmp/rec.csv" "$tmp/imp.csv" || fail "the stored hands differ from the log's first $k"

# b) --resume finishes the game: the same as importing the whole log
check record-resumed
lines $((k + 1)) "$nhands" >"$tmp/rest.rec"
pn record "$rdb" --resume "$key" --yes <"$tmp/rest.rec" >"$tmp/resume.out" 2>&1 \
  || fail "--resume: exit $?: $(tail -2 "$tmp/resume.out")"
sound "$rdb"
pn export "$rdb" >"$tmp/rec.csv"
export_of "$tmp/game.csv" >"$tmp/imp.csv"
cmp -s "$tmp/rec.csv" "$tmp/imp.csv" || fail "the resumed game differs from the log"

# c) kills at moments nobody chose, while lines keep coming: whatever is
# stored is whole hands, the log's first ones
for delay in 0.05 0.21 0.43; do
  rdb=$tmp/record-$delay.db
  start_record "$rdb"
  (lines 1 "$nhands" | slowly >&4) &
  feeder=$!
  bg_pids+=("$feeder")
  wait_for 30 hands_at_least "$rdb" 1 || fail "no hand was ever committed"
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null
  { wait "$pid"; } 2>/dev/null
  kill "$feeder" 2>/dev/null
  wait "$feeder" 2>/dev/null
  exec 4>&-
  check "record-killed-after-$delay-s"
  sound "$rdb"
  h=$(hands "$rdb")
  ((h >= 1 && h <= nhands)) || fail "$h hands stored"
  pn export "$rdb" >"$tmp/rec.csv"
  same_as_prefix "$tmp/rec.csv" "$tmp/game.csv" "$h" || fail "the $h stored hands differ from the log's first $h"
  echo "   killed after $delay s: $h of $nhands hands stored, each whole"
done

finish
