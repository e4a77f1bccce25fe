#!/usr/bin/env bash
# test_badinput.sh PINOCHLE - hostile and broken event logs through
# `pinochle import`, as a user meets them.  Every bad file must give
#   - exit 2,
#   - one diagnostic FILE:LINE:COL: error: REASON on stderr, exactly the
#     line expected (LINE where the record starts, COL the field),
#   - a database byte for byte as before (sha256 of the file), with no
#     write-ahead log left behind with anything in it.
# The files: tests/import/bad/*.csv (their diagnostics in errors.golden),
# tests/badinput/cases/* (in expected.txt), and some made here (a 10 MB
# field, standard input, a missing file, a directory).  A UTF-8 BOM, CRLF
# line ends and a header with no games import fine.
#
# PINOCHLE_WRAPPER (e.g. "valgrind -q --error-exitcode=99") wraps each run.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
IMPORT=$HERE/../import

fail() {
  failures=$((failures + 1))
  echo "FAIL: $name: $*"
  echo "  stderr:"; head -5 "$tmp/err" | cut -c1-300 | sed 's/^/    | /'
}

db=$tmp/club.db
sum() { sha256sum "$db" | cut -d' ' -f1; }
# use DB: the database of the cases that follow, as it is now
use() {
  db=$1
  before=$(sum)
  [[ ! -e $db-wal ]] || { echo "FAIL: $db-wal left after setup"; exit 1; }
}
# club.db holds two games (not the base game's key, so that the bad
# variants of base.csv fail at their bad row); base.db holds the base game.
"$PN" sim --variant two-hand --games 1 --seed 3 -o "$tmp/two.csv" \
  && "$PN" sim --variant partnership-auction --games 1 --seed 3 -o "$tmp/four.csv" \
  && "$PN" import -q "$db" "$tmp/two.csv" "$tmp/four.csv" || { echo "FAIL: setup"; exit 1; }
"$PN" import -q "$tmp/base.db" "$IMPORT/base.csv" || { echo "FAIL: setup base.db"; exit 1; }
use "$tmp/club.db"

# import_in DIR FILE [STDIN]: runs `pinochle import DB FILE` in DIR, so the
# diagnostics name FILE as given; stdout and stderr to $tmp/out, $tmp/err.
import_in() {
  checks=$((checks + 1))
  (cd "$1" && "${wrap[@]}" "$PN" import "$db" "$2" <"${3:-/dev/null}" >"$tmp/out" 2>"$tmp/err")
  rc=$?
}

# db_unchanged: the database file as before, no -wal with content.
db_unchanged() {
  [[ $(sum) == "$before" ]] || fail "the database changed"
  [[ ! -s $db-wal ]] || fail "a write-ahead log with content was left: $(stat -c %s "$db-wal") bytes"
}

# bad DIR FILE 'EXPECTED DIAGNOSTIC' [STDIN]
bad() {
  name=$2
  import_in "$1" "$2" "${4:-}"
  [[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
  local first
  first=$(head -1 "$tmp/err")
  [[ $first =~ ^[^:]+:[0-9]+:[0-9]+:\ error:\ . || $first =~ ^[^:]+:\ error:\ . ]] \
    || fail "not FILE:LINE:COL: error: REASON: '$first'"
  [[ $first == "$3" ]] || fail "diagnostic differs: expected '$3'"
  grep -q '1 file failed: nothing of it stored' "$tmp/err" || fail "the summary does not say nothing was stored"
  db_unchanged
}

# good DIR FILE: imports with exit 0 and (the game being there already)
# changes nothing either.
good_unchanged() {
  name=$2
  import_in "$1" "$2"
  [[ $rc -eq 0 ]] || fail "exit $rc, expected 0"
  ! grep -q 'error:' "$tmp/err" || fail "an error was printed"
  db_unchanged
}

# ---------------------------------------------- tests/import/bad/*.csv
while IFS= read -r line; do
  file=${line%%:*}
  bad "$IMPORT/bad" "$file" "$line"
done <"$IMPORT/bad/errors.golden"
[[ $checks -ge 30 ]] || { echo "FAIL: errors.golden lists only $checks files"; failures=$((failures + 1)); }

# ------------------------------------------- tests/badinput/cases/*
while IFS= read -r line; do
  [[ -z $line || $line == \#* ]] && continue
  file=${line%%:*}
  bad "$HERE/cases" "$file" "$line"
done <"$HERE/expected.txt"

# a game key already stored, with other content (and within one file:
# game-rows-apart.csv above)
use "$tmp/base.db"
bad "$IMPORT/ok" other-content.csv \
  "other-content.csv:3:1: error: game 'club-2026-11-20-t3' is already stored with other content (--replace replaces it)"
bad "$IMPORT/bad" game-rows-apart.csv \
  "game-rows-apart.csv:3:1: error: game 'club-2026-11-20-t3' is already stored with other content (--replace replaces it)"
use "$tmp/club.db"

# a 10 MB field, quoted and not: refused at 64 KiB, memory stays small
head -3 "$IMPORT/base.csv" >"$tmp/big-quoted.csv"
{ printf 'club-2026-11-20-t3,0,2,,tag,,"note='; head -c 10485760 /dev/zero | tr '\0' x; printf '"\n'; } >>"$tmp/big-quoted.csv"
head -3 "$IMPORT/base.csv" >"$tmp/big-plain.csv"
{ printf 'club-2026-11-20-t3,0,2,,tag,,note='; head -c 10485760 /dev/zero | tr '\0' y; printf '\n'; } >>"$tmp/big-plain.csv"
for f in big-quoted.csv big-plain.csv; do
  bad "$tmp" "$f" "$f:4:7: error: field longer than 65536 bytes (a quote left open?)"
  if [[ ${#wrap[@]} -eq 0 && -x /usr/bin/time ]]; then
    (cd "$tmp" && /usr/bin/time -f %M -o "$tmp/rss" "$PN" import "$db" "$f" >/dev/null 2>&1)
    rss=$(tail -1 "$tmp/rss")
    [[ $rss -lt 65536 ]] || fail "importing a 10 MB field took $rss KiB"
  fi
done
rm -f "$tmp"/big-*.csv

# standard input, a missing file, a directory
bad "$IMPORT/bad" - "<stdin>:17:5: error: unknown action 'passes'" "$IMPORT/bad/unknown-action.csv"
bad "$tmp" no-such-file.csv "no-such-file.csv: error: cannot open: No such file or directory"
mkdir -p "$tmp/a-directory.csv"
bad "$tmp" a-directory.csv "a-directory.csv:1:0: error: read error: Is a directory"

# ------------------------------------------------------- fine inputs
# BOM, CRLF: the base game again, so skipped: exit 0, nothing changes
use "$tmp/base.db"
good_unchanged "$IMPORT/ok" bom.csv
grep -q "already imported, skipped" "$tmp/err" || fail "not skipped as the same game"
good_unchanged "$IMPORT/ok" crlf.csv
grep -q "already imported, skipped" "$tmp/err" || fail "not skipped as the same game"
# a header and no games: nothing to store, not an error (an empty
# database exports as just the header, and that must import)
good_unchanged "$HERE/cases" header-only.csv
grep -q "1 file, 0 games imported" "$tmp/err" || fail "the summary does not say 0 games"
# ... and into a new database, BOM and CRLF give the same game as base.csv
for f in bom.csv crlf.csv; do
  name=fresh-$f checks=$((checks + 1))
  rm -f "$tmp/fresh.db"
  "${wrap[@]}" "$PN" import -q "$tmp/fresh.db" "$IMPORT/ok/$f" 2>"$tmp/err" || fail "exit $?"
  "${wrap[@]}" "$PN" export "$tmp/fresh.db" >"$tmp/out" 2>"$tmp/err" || fail "export failed"
  cmp -s "$tmp/out" "$IMPORT/base.expected.csv" || fail "export differs from base.expected.csv"
done

# the database went through it all unharmed
name=check checks=$((checks + 1))
"${wrap[@]}" "$PN" check "$db" >"$tmp/out" 2>"$tmp/err" || fail "pinochle check: exit $?: $(cat "$tmp/out")"

echo "badinput: $checks runs, $failures failures"
[[ $failures -eq 0 ]]
