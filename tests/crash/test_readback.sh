#!/usr/bin/env bash
# test_readback.sh PINOCHLE - what is stored reads back, or is refused by
# name (issue 29): `check` names a game whose stored text is damaged
# (exit 1); export and copy refuse it (exit 2, naming it) rather than
# write an altered log or copy; and over seeded random one-byte changes of stored blobs
# and text (events, results, options, tags, player names), export either
# writes the sound database's bytes or fails naming a game, never exit 0
# with other bytes, while check reports every change but those that
# decode to the same hand (none is expected: the figures are printed).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

db=$tmp/club.db
pn import -q "$db" "$ROOT/tests/import/base.csv" "$ROOT/sample-data/club-two-hand.csv" \
  "$ROOT/sample-data/club-five-call.csv" || fail "setup"
pn export "$db" -o "$tmp/sound.csv" || fail "setup: export"
key=club-2026-11-20-t3

# A row's number in each table (hands has no rowid).
declare -A row_of=([hands]="game_id * 1000 + number" [games]=id [players]=id)

# flip DB TABLE COLUMN ROW OFFSET BYTE_HEX: byte OFFSET (0-based) of the
# column's stored bytes in row ROW (row_of) set to BYTE_HEX, the column
# kept as text or blob
flip() {
  local cast=TEXT
  [[ $3 == events || $3 == results ]] && cast=BLOB
  sqlite3 "$1" "UPDATE $2 SET $3 = CAST(substr(CAST($3 AS BLOB), 1, $5) || X'$6' ||
                substr(CAST($3 AS BLOB), $5 + 2) AS $cast) WHERE ${row_of[$2]} = $4" || fail "sqlite3 UPDATE"
}

section "a date tag turned into bytes that are not UTF-8"
check date-not-utf8
cp "$db" "$tmp/date.db"
id=$(sqlite3 "$db" "SELECT id FROM games WHERE key = '$key'")
flip "$tmp/date.db" games tags "$id" 5 FF # date=2026-... -> date=\xff026-...
pn check "$tmp/date.db" >"$tmp/out" 2>&1
rc=$?
[[ $rc -eq 1 ]] || fail "check: exit $rc, expected 1: $(head -3 "$tmp/out")"
grep -q "^$tmp/date.db: game $key: stored text: tag 1 ('date=\\\\xff026-11-20'): a tag holds text that is not UTF-8$" \
  "$tmp/out" || fail "check does not name the game and the tag: $(head -3 "$tmp/out")"
check date-not-utf8-export
pn export "$tmp/date.db" >"$tmp/out" 2>"$tmp/err"
rc=$?
[[ $rc -eq 2 ]] || fail "export: exit $rc, expected 2"
grep -q "game '$key': the stored text does not read back: tag 1" "$tmp/err" ||
  fail "export does not name the game: $(head -3 "$tmp/err")"
check date-not-utf8-export-o
pn export "$tmp/date.db" -o "$tmp/date.csv" >/dev/null 2>&1
[[ ! -e $tmp/date.csv ]] || fail "export -o left $tmp/date.csv"

section "a player's name changed to other valid text"
check renamed-player
cp "$db" "$tmp/name.db"
pid=$(sqlite3 "$db" "SELECT id FROM players WHERE name = 'Bob'")
flip "$tmp/name.db" players name "$pid" 0 43 # Bob -> Cob: valid text, another content hash
pn check "$tmp/name.db" >"$tmp/out" 2>&1
rc=$?
[[ $rc -eq 1 ]] || fail "check: exit $rc, expected 1"
grep -q "game $key: its header and events read back to content hash [0-9a-f]*, stored [0-9a-f]*" "$tmp/out" ||
  fail "check does not name the game: $(head -3 "$tmp/out")"
check renamed-player-export
pn export "$tmp/name.db" >"$tmp/out" 2>"$tmp/err"
rc=$?
[[ $rc -eq 2 ]] || fail "export: exit $rc, expected 2"
grep -q "game '$key': the stored header and events do not match its stored content hash" "$tmp/err" ||
  fail "export does not name the game: $(head -3 "$tmp/err")"

check renamed-player-copy
pn copy "$tmp/name.db" "$tmp/name-copy.db" >"$tmp/out" 2>"$tmp/err"
rc=$?
[[ $rc -eq 2 ]] || fail "copy: exit $rc, expected 2"
grep -q "game '$key' reads back to content hash [0-9a-f]*, stored [0-9a-f]*: the database is damaged" "$tmp/err" ||
  fail "copy does not name the game: $(head -3 "$tmp/err")"
# (DST, created by copy, may be left without its schema: no game either way)
[[ $(sqlite3 "$tmp/name-copy.db" "SELECT count(*) FROM games" 2>/dev/null) =~ ^0?$ ]] || fail "copy kept games in DST"
check sound-copy
pn copy "$db" "$tmp/copy.db" 2>"$tmp/err" || fail "copy of the sound database: $(head -2 "$tmp/err")"
grep -q "41 games, 182 hands, content hash [0-9a-f]* verified" "$tmp/err" || fail "copy: $(head -2 "$tmp/err")"
pn export "$tmp/copy.db" -o "$tmp/copy.csv" && cmp -s "$tmp/copy.csv" "$tmp/sound.csv" || fail "the copy exports otherwise"

section "a stored option longer than 127 bytes is read whole"
check long-option
cp "$db" "$tmp/option.db"
# its first 127 bytes are a valid option (target=1000, zeros before): once
# cut there, and the rest read as another option
option="target=$(printf '0%.0s' {1..116})1000$(printf 'x%.0s' {1..73})"
sqlite3 "$tmp/option.db" "UPDATE games SET options = '$option' WHERE key = 'sim-two-hand-2026-1'"
pn check "$tmp/option.db" >"$tmp/out" 2>&1
grep -q "^$tmp/option.db: game sim-two-hand-2026-1: stored option: option target takes a whole number" "$tmp/out" ||
  fail "check does not read the option whole: $(head -2 "$tmp/out")"

section "seeded random one-byte changes"
RANDOM=29 # the same changes every run
flips=${PINOCHLE_READBACK_FLIPS:-100}
targets=("hands events" "hands results" "games tags" "games options" "players name")
refused=0 same=0 checked=0
for ((i = 1; i <= flips; i++)); do
  read -r table column <<<"${targets[RANDOM % ${#targets[@]}]}"
  at="${row_of[$table]}"
  mapfile -t ids < <(sqlite3 "$db" "SELECT $at FROM $table WHERE length(CAST($column AS BLOB)) > 0 ORDER BY 1")
  row=${ids[RANDOM % ${#ids[@]}]}
  len=$(sqlite3 "$db" "SELECT length(CAST($column AS BLOB)) FROM $table WHERE $at = $row")
  if [[ ! $len =~ ^[1-9][0-9]*$ ]]; then
    fail "no stored bytes in $table.$column row $row"
    continue
  fi
  off=$((RANDOM % len))
  old=$(sqlite3 "$db" "SELECT hex(substr(CAST($column AS BLOB), $off + 1, 1)) FROM $table WHERE $at = $row")
  step=$((1 + RANDOM % 255)) # drawn here: $RANDOM inside $(...) is reseeded in the subshell, not seeded
  byte=$(printf '%02X' $(((16#$old + step) % 256)))
  what="$table.$column row $row byte $off: $old -> $byte"
  check "flip $i ($what)"
  cp "$db" "$tmp/flip.db"
  flip "$tmp/flip.db" "$table" "$column" "$row" "$off" "$byte"
  pn export "$tmp/flip.db" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [[ $rc -eq 0 ]]; then
    cmp -s "$tmp/out" "$tmp/sound.csv" || fail "export exit 0 with an altered log"
    same=$((same + 1))
  else
    grep -q "game '" "$tmp/err" || fail "export exit $rc without naming the game: $(head -2 "$tmp/err")"
    refused=$((refused + 1))
  fi
  pn check -q "$tmp/flip.db" >"$tmp/out" 2>&1
  rc=$?
  if [[ $rc -eq 1 ]]; then checked=$((checked + 1)); else fail "check exit $rc, expected 1"; fi
done
echo "   $flips one-byte changes: export refused $refused (naming the game), wrote the sound bytes $same;" \
  "check reported $checked"

finish
