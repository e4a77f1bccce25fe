#!/usr/bin/env bash
# test_concurrency.sh PINOCHLE - several pinochle processes on one
# database at once:
#   - imports at the same moment all complete (SQLite's busy timeout
#     makes each wait for the other), or one fails with a clear message
#     and stores nothing;
#   - an import that cannot get the write lock within the busy timeout
#     fails cleanly (exit 2, "database is locked", nothing stored); one
#     that gets it in time completes;
#   - export, audit --no-record, report and check running during an
#     import see a consistent snapshot: none of the file's games, or all.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

db=$tmp/club.db
"$PN" import -q "$db" "$ROOT/tests/import/base.csv" || fail "setup"
for seed in 1 2 3 4; do
  "$PN" sim --variant partnership-auction --games 300 --seed $((100 + seed)) -o "$tmp/s$seed.csv" || fail "sim"
done
# stored SEED: how many games of file s$SEED.csv are stored
stored() { sq "$db" "SELECT count(*) FROM games WHERE key LIKE 'sim-partnership-auction-$((100 + $1))-%'"; }
# stored_in FILE SEED: the same, counted in an export
stored_in() { grep -c "^sim-partnership-auction-$((100 + $2))-[0-9]*,0,1," "$1"; }

# ------------------------------------------------ imports side by side
section "imports at the same moment"
pids=()
for seed in 1 2 3; do
  "$PN" import -q "$db" "$tmp/s$seed.csv" 2>"$tmp/err$seed" &
  pids+=($!)
  bg_pids+=($!)
done
ok=0
for i in 0 1 2; do
  seed=$((i + 1))
  wait "${pids[$i]}"
  rc=$?
  check "import-$seed-of-3"
  n=$(stored $seed)
  if [[ $rc -eq 0 ]]; then
    ok=$((ok + 1))
    [[ $n -eq 300 ]] || fail "exit 0 but $n of its 300 games stored"
  else
    [[ $rc -eq 2 ]] || fail "exit $rc"
    grep -Eq 'database is locked|busy' "$tmp/err$seed" || fail "unclear message: $(head -2 "$tmp/err$seed")"
    [[ $n -eq 0 ]] || fail "failed, yet $n of its games stored"
    echo "   import $seed gave up waiting: $(head -1 "$tmp/err$seed")"
  fi
done
check imports-at-once
[[ $ok -ge 1 ]] || fail "no import completed"
echo "   $ok of 3 imports completed"
sound "$db"

# -------------------------------------------------- the write lock held
section "an import waits for the write lock, up to the busy timeout"
# hold DB's write lock for SECONDS (in the background); returns once held
hold_lock() {
  rm -f "$tmp/locked"
  sqlite3 "$db" "BEGIN IMMEDIATE;" ".shell touch $tmp/locked" ".shell sleep $1" "ROLLBACK;" >/dev/null 2>&1 &
  bg_pids+=($!)
  lock_pid=$!
  wait_for 10 test -e "$tmp/locked" || fail "could not take the write lock"
}
sum() { sha256sum "$db" | cut -d' ' -f1; }
sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
before=$(sum)
hold_lock 8
check import-locked-out
start=$SECONDS
pn import "$db" "$tmp/s4.csv" 2>"$tmp/err" >/dev/null
rc=$?
[[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
grep -q 'database is locked; another program is writing it' "$tmp/err" || fail "unclear message: $(head -2 "$tmp/err")"
grep -q '1 file failed: nothing of it stored' "$tmp/err" || fail "the summary does not say nothing was stored"
((SECONDS - start >= 4)) || fail "gave up after $((SECONDS - start)) s, before the busy timeout"
wait "$lock_pid"
[[ $(stored 4) -eq 0 ]] || fail "$(stored 4) games stored"
sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
[[ $(sum) == "$before" ]] || fail "the database changed"
echo "   $(head -1 "$tmp/err")"

hold_lock 1
check import-waits-for-lock
pn import -q "$db" "$tmp/s4.csv" 2>"$tmp/err" || fail "exit $?: $(head -2 "$tmp/err")"
[[ $(stored 4) -eq 300 ]] || fail "$(stored 4) games stored, expected 300"
wait "$lock_pid"
sound "$db"

# --------------------------------------------- readers during an import
section "reports during an import see none or all of its games"
"$PN" sim --variant partnership-auction --games 600 --seed 105 -o "$tmp/s5.csv" || fail "sim"
# a) deterministic: the import reads standard input, held open half way
committed=$(games "$db")
mkfifo "$tmp/feed"
"$PN" import -q "$db" - <"$tmp/feed" 2>"$tmp/err" &
import_pid=$!
bg_pids+=($import_pid)
exec 3>"$tmp/feed"
head -n $(($(wc -l <"$tmp/s5.csv") / 2)) "$tmp/s5.csv" >&3
sleep 0.5
check export-mid-import
pn export "$db" >"$tmp/export.csv" || fail "export failed during the import"
[[ $(stored_in "$tmp/export.csv" 5) -eq 0 ]] || fail "export saw $(stored_in "$tmp/export.csv" 5) uncommitted games"
[[ $(grep -c ',0,1,,variant,' "$tmp/export.csv") -eq $committed ]] || fail "export lost committed games"
check audit-mid-import
pn audit "$db" --no-record --format csv >"$tmp/audit.csv" 2>"$tmp/audit.err"
rc=$?
[[ $rc -le 1 ]] || fail "audit --no-record exit $rc: $(head -2 "$tmp/audit.err")"
grep -q "^audited $committed games" "$tmp/audit.err" || fail "audit saw: $(tail -1 "$tmp/audit.err")"
check report-mid-import
pn report "$db" players --format csv >"$tmp/report.csv" 2>"$tmp/report.err" || fail "report players: exit $?"
check check-mid-import
pn check "$db" >"$tmp/check.out" 2>&1 || fail "check during the import: $(head -2 "$tmp/check.out")"
grep -q " $committed games" "$tmp/check.out" || fail "check saw: $(tail -1 "$tmp/check.out")"
tail -n +$(($(wc -l <"$tmp/s5.csv") / 2 + 1)) "$tmp/s5.csv" >&3
exec 3>&-
wait "$import_pid"
rc=$?
check import-completes
[[ $rc -eq 0 ]] || fail "the import failed: $(head -2 "$tmp/err")"
[[ $(stored 5) -eq 600 ]] || fail "$(stored 5) games stored, expected 600"

# b) timing left to chance: exports over and over during a file import
"$PN" sim --variant partnership-auction --games 600 --seed 106 -o "$tmp/s6.csv" || fail "sim"
"$PN" import -q "$db" "$tmp/s6.csv" &
import_pid=$!
bg_pids+=($import_pid)
seen=""
for i in $(seq 1 40); do
  "$PN" export "$db" >"$tmp/export.csv" 2>"$tmp/err" || { fail "export $i failed: $(head -1 "$tmp/err")"; break; }
  n=$(stored_in "$tmp/export.csv" 6)
  check "export-$i-during-import"
  [[ $n -eq 0 || $n -eq 600 ]] || fail "export saw $n of the file's 600 games"
  seen="$seen $n"
  [[ $n -eq 600 ]] && break
done
wait "$import_pid" || fail "the import failed"
echo "   games of the file seen by successive exports:$seen"
sound "$db"

finish
