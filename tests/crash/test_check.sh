#!/usr/bin/env bash
# test_check.sh PINOCHLE - `pinochle check DB` on sound and damaged
# databases: exit 0 and an "ok" line when sound; exit 1 with one line per
# problem (stored results that differ from the replay, a stored winner
# that differs, an event that does not decode, a row whose game is gone,
# an older schema, a damaged file); exit 2 for usage errors and files it
# cannot open.  check never changes the database.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

out=$tmp/out err=$tmp/err
run() { # EXPECTED_EXIT ARGS...
  local want=$1
  shift
  checks=$((checks + 1))
  pn "$@" >"$out" 2>"$err"
  rc=$?
  [[ $rc -eq $want ]] || fail "exit $rc, expected $want; stdout: $(head -3 "$out"); stderr: $(head -3 "$err")"
}
out_has() { grep -Eq -- "$1" "$out" || fail "stdout lacks /$1/: $(head -5 "$out")"; }
err_has() { grep -Eq -- "$1" "$err" || fail "stderr lacks /$1/: $(head -3 "$err")"; }
sum() { sha256sum "$1" | cut -d' ' -f1; }

db=$tmp/club.db
"$PN" import -q "$db" "$ROOT/tests/import/base.csv" "$ROOT/sample-data/club-two-hand.csv" \
  "$ROOT/sample-data/club-five-call.csv" || fail "setup"
ngames=$(games "$db") nhands=$(hands "$db")
# copy NAME: a copy of the sound database to damage
copy() { cp "$db" "$tmp/$1.db"; echo "$tmp/$1.db"; }

section "help and usage"
name=help; run 0 check --help
out_has '^usage: pinochle check DB'
out_has 'Exit codes:'
name=help-lists-check; run 0 help
out_has '^  check '
name=no-db; run 2 check
err_has 'missing DB'
name=two-dbs; run 2 check "$db" "$db"
err_has "unexpected argument"
name=unknown-option; run 2 check --frobnicate "$db"
err_has "unknown option '--frobnicate'"
name=missing-db; run 2 check "$tmp/nothing.db"
err_has 'no such database'
[[ ! -e $tmp/nothing.db ]] || fail "check created the database"
echo 'not a database' >"$tmp/text.db"
name=not-sqlite; run 2 check "$tmp/text.db"
err_has 'is not a pinochle database'
sqlite3 "$tmp/other.db" "CREATE TABLE t(x); INSERT INTO t VALUES (1);"
name=other-program; run 2 check "$tmp/other.db"
err_has 'is not a pinochle database'

section "a sound database"
before=$(sum "$db")
name=sound; run 0 check "$db"
out_has "^$db: ok: schema 9, integrity_check and foreign_key_check ok, $ngames games, $nhands hands replayed"
name=sound-quiet; run 0 check --quiet "$db"
[[ ! -s $out ]] || fail "--quiet printed: $(head -2 "$out")"
[[ $(sum "$db") == "$before" ]] || fail "check changed the database"
# a recorded game still in progress (a header, no hands) is sound too
printf '%s\n' deal quit | "$PN" record "$db" --variant two-hand --players A,B --game rec-open --seed 1 >/dev/null 2>&1
name=game-without-hands; run 0 check "$db"

section "damaged databases"
d=$(copy results)
sqlite3 "$d" "UPDATE hands SET results = (SELECT results FROM hands h2 WHERE h2.game_id = hands.game_id AND h2.number = 2)
              WHERE number = 1 AND game_id = (SELECT id FROM games WHERE key = 'club-2026-11-20-t3')"
name=stored-results; run 1 check "$d"
out_has "^$d: game club-2026-11-20-t3, hand 1: stored results differ from the replay: .*\(stored-result\)$"
out_has "^$d: 1 problem "

d=$(copy winner)
sqlite3 "$d" "UPDATE games SET winner = 3 - coalesce(winner, 1) WHERE key = 'club-2026-11-20-t3'"
name=stored-winner; run 1 check "$d"
out_has "^$d: game club-2026-11-20-t3: stored winner is seat [0-9], the replay's is seat [0-9]$"

d=$(copy events)
key=$(sqlite3 "$d" "SELECT key FROM games WHERE preset = 'two-hand' ORDER BY id LIMIT 1")
sqlite3 "$d" "UPDATE hands SET events = X'FF' WHERE number = 2 AND game_id = (SELECT id FROM games WHERE key = '$key')"
name=events-do-not-decode; run 1 check "$d"
out_has "^$d: game $key hand 2: stored event 1 does not decode: the game's later hands cannot be replayed$"

# results bytes a fuzzer found: a trump varint far out of range (once an
# integer overflow in codec_results_decode)
d=$(copy results-bytes)
sqlite3 "$d" "UPDATE hands SET results = X'0100008080808080808080808080808080808080808080808080808080D83BABAB'
              WHERE number = 2 AND game_id = (SELECT id FROM games WHERE key = 'club-2026-11-20-t3')"
name=results-do-not-decode; run 1 check "$d"
out_has "^$d: game club-2026-11-20-t3, hand 2: the stored results do not decode \(stored-result\)$"

d=$(copy truncated-hand)
sqlite3 "$d" "UPDATE hands SET events = substr(events, 1, length(events) - 2)
              WHERE number = 1 AND game_id = (SELECT id FROM games WHERE key = 'club-2026-11-20-t3')"
name=hand-incomplete; run 1 check "$d"
out_has "^$d: game club-2026-11-20-t3 hand 1: .*later hands cannot be replayed$"

d=$(copy options)
sqlite3 "$d" "UPDATE games SET options = 'moonshot=off' WHERE key = 'club-2026-11-20-t3'"
name=stored-option; run 1 check "$d"
out_has "^$d: game club-2026-11-20-t3: stored option: unknown option 'moonshot': its hands cannot be replayed$"

d=$(copy foreign-key)
sqlite3 "$d" "PRAGMA foreign_keys = OFF; DELETE FROM games WHERE key = 'club-2026-11-20-t3'"
name=foreign-key; run 1 check "$d"
out_has "^$d: foreign_key_check: a [a-z]+ row refers to a missing games row$"

# (an older schema is a problem too, "open it read-write once to upgrade
# it"; there is no older schema than 1 to test with yet)
d=$(copy newer)
sqlite3 "$d" "PRAGMA user_version = 99"
name=newer-schema; run 2 check "$d"
err_has "was written by a newer pinochle \(schema 99, this one knows 9\)"

d=$(copy pages)
sqlite3 "$d" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
pages=$(sqlite3 "$d" "PRAGMA page_count")
# overwrite the middle of the file, page headers included
dd if=/dev/urandom of="$d" bs=4096 seek=$((pages / 2)) count=4 conv=notrunc 2>/dev/null
name=damaged-pages; run 1 check "$d"
out_has "^$d: [0-9]+ problems? "
echo "   $(head -1 "$out")"

d=$(copy cut)
sqlite3 "$d" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
truncate -s $(($(size "$d") / 3)) "$d"
name=truncated-file; run 1 check "$d"
out_has "^$d: .*(malformed|corrupt)"

finish
