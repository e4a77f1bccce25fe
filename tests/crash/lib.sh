# lib.sh - what the tests/crash scripts share (sourced, not run), on top
# of tests/lib.sh ($PN, wrap, $tmp, the tally).
#
# The caller sets nothing; after `source lib.sh PINOCHLE` it has:
#   $PN           the pinochle binary (absolute path)
#   $HERE         tests/crash,  $ROOT the source tree
#   $tmp          a scratch folder, removed on exit (after killing the
#                 background jobs in bg_pids and unmounting mounts)
#   pn ARGS...    pinochle under $PINOCHLE_WRAPPER (valgrind), if set
#   fail MSG      counts a failure under the current $name
#   section NAME  starts a group of checks (prints it)
#   finish        prints the tally; returns 0 or 1 (the script's last line)
#   games DB      the number of games stored (sqlite3)
#   hands DB      the number of hands stored
#   integrity DB  "ok" when PRAGMA integrity_check says so
#
# Under `ctest -T memcheck` (the valgrind target) bash itself runs under
# valgrind: a subshell that does not exec (a function in a pipeline) exits
# 1 for bash's own leaks.  So a command whose exit status is checked reads
# its input from a file, never from `function | command`.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
if ! command -v sqlite3 >/dev/null; then
  echo "$(basename "$0"): sqlite3 (the shell) is needed: apt-get install sqlite3" >&2
  exit 1
fi
bg_pids=()
mounts=()
# before tests/lib.sh removes $tmp: what the script left running or mounted
lib_on_exit() {
  local p m
  for p in "${bg_pids[@]}"; do kill -9 "$p" 2>/dev/null; done
  wait 2>/dev/null
  for m in "${mounts[@]}"; do umount "$m" 2>/dev/null; done
  chmod -R u+w "$tmp" 2>/dev/null
}

checks=0 failures=0 name=""
fail() {
  failures=$((failures + 1))
  echo "FAIL: $name: $*"
}
check() { name=$1 checks=$((checks + 1)); }
section() { echo "-- $*"; }
# (the last line of a script: its status is the script's; no `exit` in a
# function, which leaks a parsed command that valgrind reports)
finish() {
  echo "$(basename "$0" .sh): $checks checks, $failures failures"
  [[ $failures -eq 0 ]]
}
pn() { "${wrap[@]}" "$PN" "$@"; }
# the sqlite3 shell waits for a lock as pinochle does (5 s) instead of
# failing at once: a pinochle that closes the database last takes it
# for a moment to checkpoint it
sq() { sqlite3 -cmd ".timeout 5000" "$@"; }
games() { sq "$1" "SELECT count(*) FROM games"; }
hands() { sq "$1" "SELECT count(*) FROM hands"; }
integrity() { sq "$1" "PRAGMA integrity_check" 2>&1 | head -3 | tr '\n' ' ' | sed 's/ $//'; }

# sound DB: integrity_check and `pinochle check` pass.
sound() {
  local got
  got=$(integrity "$1")
  [[ $got == ok ]] || fail "integrity_check: $got"
  pn check "$1" >"$tmp/check.out" 2>&1 || fail "pinochle check: $(head -3 "$tmp/check.out")"
}

# wait_for SECONDS COMMAND...: polls COMMAND every 0.05 s until it
# succeeds; returns 1 on timeout.
wait_for() {
  local limit=$1 i
  shift
  for ((i = 0; i < limit * 20; i++)); do
    "$@" && return 0
    sleep 0.05
  done
  return 1
}

# File size (0 when missing).
size() { stat -c %s "$1" 2>/dev/null || echo 0; }

# export_of CSV: what a database holding exactly CSV's games exports.
export_of() {
  local d
  d=$(mktemp -p "$tmp" -d)
  "$PN" import -q "$d/x.db" "$1" && "$PN" export "$d/x.db"
  rm -rf "$d"
}

# same_as_prefix EXPORT LOG H: EXPORT (of one game) is LOG's game cut
# after hand H, where hand H may lack some of its trailing score rows:
# the recorder commits a hand at its last play and adds each score row
# that follows in a commit of its own.  Sets prefix_dropped to the
# number of score rows missing.
prefix_dropped=0
same_as_prefix() {
  local export=$1 log=$2 h=$3 scores j
  scores=$(awk -F, -v k="$h" '$2 == k && $5 == "score"' "$log" | wc -l)
  for ((j = 0; j <= scores; j++)); do
    without_scores "$log" "$h" "$j" | awk -F, -v k="$h" 'NR == 1 || $2 <= k' >"$tmp/prefix.csv"
    export_of "$tmp/prefix.csv" >"$tmp/prefix.export"
    prefix_dropped=$j
    cmp -s "$export" "$tmp/prefix.export" && return 0
  done
  return 1
}

# without_scores LOG H N: LOG without the last N score rows of hand H.
without_scores() {
  awk -F, -v k="$2" -v drop="$3" '{ line[NR] = $0; hand[NR] = $2; act[NR] = $5 }
    $2 == k { last = NR }
    END { for (i = last; drop > 0 && i > 0 && hand[i] == k && act[i] == "score"; i--) { skip[i] = 1; drop-- }
          for (i = 1; i <= NR; i++) if (!skip[i]) print line[i] }' "$1"
}
