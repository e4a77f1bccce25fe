# lib.sh - what the CLI test scripts share (sourced, not run):
#
#   source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
#
# It checks the one argument (the pinochle binary) and gives the script:
#   $PN           the pinochle binary (an absolute path: a script may cd)
#   wrap          the words of $PINOCHLE_WRAPPER (e.g. valgrind), run before it
#   $tmp          a scratch folder, removed on exit (after the script's own
#                 lib_on_exit, when it defines one: servers to stop...)
#   checks failures name rc args   the tally and the run being checked
#   t NAME EXPECTED_EXIT ARGS...   runs pinochle ARGS, stdout in $tmp/out and
#                 stderr in $tmp/err, stdin from the file $STDIN when set
#                 (else the script's own), and checks the exit code
#   fail MSG      counts a failure of the current run and shows that run
#   out_has RE, err_has RE   stdout / stderr has a line matching RE (grep -E)
#   out_empty, err_empty     stdout / stderr is empty
#   pg_required   a PostgreSQL test's first step: skipped (exit 77) without
#                 PINOCHLE_TEST_PG_URI or a pinochle built without the backend
# The script keeps its own checks of whole outputs and its own tally line.
set -uo pipefail

if [[ $# -ne 1 || ! -x $1 ]]; then
  echo "usage: $0 PATH/TO/pinochle" >&2
  exit 2
fi
PN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
wrap=()
if [[ -n ${PINOCHLE_WRAPPER:-} ]]; then read -r -a wrap <<<"$PINOCHLE_WRAPPER"; fi
tmp=$(mktemp -d)
lib_exit() {
  if declare -F lib_on_exit >/dev/null; then lib_on_exit; fi
  rm -rf "$tmp"
}
trap lib_exit EXIT

checks=0 failures=0 name="" rc=0 args=()

fail() {
  failures=$((failures + 1))
  echo "FAIL: $name: $*"
  echo "  command: pinochle ${args[*]}"
  echo "  exit $rc; stdout (first lines):"; head -20 "$tmp/out" 2>/dev/null | sed 's/^/    | /'
  echo "  stderr:"; sed 's/^/    | /' "$tmp/err" 2>/dev/null
}

t() {
  name=$1
  local want=$2
  shift 2
  args=("$@")
  checks=$((checks + 1))
  if [[ -n ${STDIN:-} ]]; then
    "${wrap[@]}" "$PN" "$@" <"$STDIN" >"$tmp/out" 2>"$tmp/err"
  else
    "${wrap[@]}" "$PN" "$@" >"$tmp/out" 2>"$tmp/err"
  fi
  rc=$?
  [[ $rc -eq $want ]] || fail "exit $rc, expected $want"
}
out_has() { grep -Eq -- "$1" "$tmp/out" || fail "stdout lacks /$1/"; }
err_has() { grep -Eq -- "$1" "$tmp/err" || fail "stderr lacks /$1/"; }
out_empty() { [[ ! -s $tmp/out ]] || fail "stdout not empty"; }
err_empty() { [[ ! -s $tmp/err ]] || fail "stderr not empty"; }

pg_required() {
  if [[ -z ${PINOCHLE_TEST_PG_URI:-} ]]; then
    echo "skipped: PINOCHLE_TEST_PG_URI is not set (tests/pg/pg_tmp.sh start prints one)"
    exit 77
  fi
  if [[ $("$PN" init 'postgresql:///x?host=/nonexistent-pn-dir' 2>&1) != *"cannot connect"* ]]; then
    echo "skipped: this pinochle has no PostgreSQL backend"
    exit 77
  fi
}
