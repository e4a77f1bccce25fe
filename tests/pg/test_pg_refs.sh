#!/usr/bin/env bash
# test_pg_refs.sh PINOCHLE - the references of hands, seats and tags in
# PostgreSQL, kept by statement-level triggers since schema 9
# (schema/postgresql/009_pgfk.sql, issue 35), each rule both ways:
#   - a hand, seat or tag whose game is not stored, or a seat whose player
#     is not, is refused (COPY and INSERT) with SQLSTATE 23503 and the
#     constraint's old name; rows that refer to stored ones go in;
#   - a deleted game takes its hands, seats and tags with it;
#   - a player a seat refers to is not deleted; one no seat refers to is;
#   - the columns that refer, and the ids referred to, do not change;
#     TRUNCATE of games is refused while hands refer to them; a delete
#     from games outside READ COMMITTED is refused;
#   - two sessions at once: a game deleted while another transaction adds
#     hands to it waits for that one and takes its hands; a hand added to
#     a game being deleted waits and is refused; a player being given a
#     seat is not deleted.  No orphan row is left.
#
# Needs PINOCHLE_TEST_PG_URI (tests/pg/pg_tmp.sh start prints one);
# without it the test is skipped (exit 77).
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
pg_required
BASE=$PINOCHLE_TEST_PG_URI
db_name=pn_test_$$_refs
lib_on_exit() {
  jobs -p | xargs -r kill 2>/dev/null
  psql -q "$BASE" -c "DROP DATABASE IF EXISTS $db_name" >/dev/null 2>&1
}

checks=0 failures=0 name=""
check() { name=$*; checks=$((checks + 1)); }
fail() { failures=$((failures + 1)); echo "FAIL: $name: $*"; }
count() { psql -At "$db" -c "$1"; }
# sql SQL...: runs the statements in one session, verbose errors (with
# the SQLSTATE) in $tmp/err; the exit code is psql's.
sql() {
  local a=()
  for s in "$@"; do a+=(-c "$s"); done
  psql -q -v ON_ERROR_STOP=1 -v VERBOSITY=verbose "$db" "${a[@]}" >/dev/null 2>"$tmp/err"
}
# refused CONSTRAINT: the last sql failed by that foreign key, SQLSTATE 23503.
refused() {
  grep -q "ERROR: *23503: .*\"$1\"" "$tmp/err" || fail "not refused by $1 (23503): $(head -2 "$tmp/err")"
}
orphans() {
  count "SELECT (SELECT count(*) FROM hands x WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = x.game_id))
              + (SELECT count(*) FROM seats x WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = x.game_id))
              + (SELECT count(*) FROM seats x WHERE NOT EXISTS (SELECT 1 FROM players WHERE id = x.player_id))
              + (SELECT count(*) FROM tags x WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = x.game_id))"
}
# until_seen APP WHAT: waits (at most 10 s) until the session APP is doing
# WHAT: 'sleeping' (in its pg_sleep) or 'waiting' (for a lock).
until_seen() {
  local cond="query LIKE 'SELECT pg_sleep%'"
  [[ $2 == waiting ]] && cond="wait_event_type = 'Lock'"
  for _ in $(seq 100); do
    [[ $(count "SELECT count(*) FROM pg_stat_activity WHERE application_name = '$1' AND $cond") == 1 ]] && return 0
    sleep 0.1
  done
  fail "session $1 never seen $2"
  return 1
}

psql -q "$BASE" -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $db_name" \
  -c "CREATE DATABASE $db_name" >/dev/null || exit 2
db=$(sed -E "s|^(postgres(ql)?://[^/]*)/[^?]*|\1/$db_name|" <<<"$BASE")
"$PN" import "$db" "$ROOT/sample-data/club-partnership.csv" >/dev/null 2>"$tmp/err" || {
  echo "import failed: $(head -2 "$tmp/err")"
  exit 1
}
g1=$(count "SELECT min(id) FROM games")
g2=$(count "SELECT min(id) FROM games WHERE id > $g1")
p1=$(count "SELECT min(player_id) FROM seats")
nogame=$(count "SELECT max(id) + 1000 FROM games")
[[ $(count "SELECT count(*) FROM tags WHERE game_id = $g1") -gt 0 ]] || { echo "game $g1 has no tags"; exit 1; }

echo "-- rows that refer to what is not stored are refused"
check "COPY of hands, one of them of no game: refused by hands_game_id_fkey, none stored"
before=$(count "SELECT count(*) FROM hands")
printf '%s\t900\t1\t\\\\x\n%s\t901\t1\t\\\\x\n' "$g1" "$nogame" >"$tmp/hands.copy"
psql -q -v ON_ERROR_STOP=1 -v VERBOSITY=verbose "$db" -c "COPY hands(game_id, number, dealer, events) FROM STDIN" \
    <"$tmp/hands.copy" >/dev/null 2>"$tmp/err" && fail "stored"
refused hands_game_id_fkey
grep -q "Key (game_id)=($nogame) is not present in table \"games\"" "$tmp/err" || fail "no key named: $(cat "$tmp/err")"
[[ $(count "SELECT count(*) FROM hands") == "$before" ]] || fail "hands stored"

check "COPY of hands of stored games: stored"
psql -q -v ON_ERROR_STOP=1 "$db" -c "COPY hands(game_id, number, dealer, events) FROM STDIN" \
  <<<"$(printf '%s\t900\t1\t\\\\x\n%s\t900\t1\t\\\\x' "$g1" "$g2")" >/dev/null 2>"$tmp/err" || fail "$(head -2 "$tmp/err")"
[[ $(count "SELECT count(*) FROM hands") == $((before + 2)) ]] || fail "not stored"

check "INSERT of a hand of no game: refused by hands_game_id_fkey"
sql "INSERT INTO hands(game_id, number, dealer, events) VALUES ($nogame, 1, 1, '')" && fail "stored"
refused hands_game_id_fkey
check "INSERT of a seat of no game: refused by seats_game_id_fkey"
sql "INSERT INTO seats(game_id, seat, player_id) VALUES ($nogame, 1, $p1)" && fail "stored"
refused seats_game_id_fkey
check "INSERT of a seat of no player: refused by seats_player_id_fkey"
sql "INSERT INTO seats(game_id, seat, player_id) VALUES ($g1, 9, 2147483647)" && fail "stored"
refused seats_player_id_fkey
grep -q 'Key (player_id)=(2147483647) is not present in table "players"' "$tmp/err" || fail "no key named"
check "INSERT of a tag of no game: refused by tags_game_id_fkey"
sql "INSERT INTO tags(name, value, game_id) VALUES ('t', 'v', $nogame)" && fail "stored"
refused tags_game_id_fkey
check "INSERT of a seat and a tag of a stored game and player: stored"
sql "INSERT INTO seats(game_id, seat, player_id) VALUES ($g1, 9, $p1)" \
  "INSERT INTO tags(name, value, game_id) VALUES ('t', 'v', $g1)" || fail "$(head -2 "$tmp/err")"
[[ $(orphans) == 0 ]] || fail "$(orphans) orphan rows"

echo "-- the columns that refer, and the ids, do not change"
for u in "UPDATE hands SET game_id = $nogame WHERE game_id = $g1|hands_game_id_fkey" \
  "UPDATE seats SET player_id = 2147483647 WHERE game_id = $g1|seats_player_id_fkey" \
  "UPDATE seats SET game_id = $nogame WHERE game_id = $g1|seats_game_id_fkey" \
  "UPDATE tags SET game_id = $nogame WHERE game_id = $g1|tags_game_id_fkey" \
  "UPDATE games SET id = $nogame WHERE id = $g1|hands_game_id_fkey" \
  "UPDATE players SET id = 2147483647 WHERE id = $p1|seats_player_id_fkey"; do
  check "${u%|*}: refused by ${u#*|}"
  sql "${u%|*}" && fail "changed"
  refused "${u#*|}"
done
check "an UPDATE of other columns goes on"
sql "UPDATE hands SET dealer = dealer WHERE game_id = $g1" "UPDATE games SET id = id WHERE id = $g1" ||
  fail "$(head -2 "$tmp/err")"
[[ $(orphans) == 0 ]] || fail "$(orphans) orphan rows"

echo "-- deletes"
check "a deleted game takes its hands, seats and tags with it; the others stay"
total=$(count "SELECT (SELECT count(*) FROM hands) + (SELECT count(*) FROM seats) + (SELECT count(*) FROM tags)")
own=$(count "SELECT (SELECT count(*) FROM hands WHERE game_id = $g2) + (SELECT count(*) FROM seats WHERE game_id = $g2)
                  + (SELECT count(*) FROM tags WHERE game_id = $g2)")
sql "DELETE FROM games WHERE id = $g2" || fail "$(head -2 "$tmp/err")"
[[ $(count "SELECT (SELECT count(*) FROM hands) + (SELECT count(*) FROM seats) + (SELECT count(*) FROM tags)") == \
  $((total - own)) && $own -gt 5 ]] || fail "$total rows, $own of the game, left: not those"
[[ $(orphans) == 0 ]] || fail "$(orphans) orphan rows"

check "a player a seat refers to is not deleted (seats_player_id_fkey)"
sql "DELETE FROM players WHERE id = $p1" && fail "deleted"
refused seats_player_id_fkey
grep -q "Key (id)=($p1) is still referenced from table \"seats\"" "$tmp/err" || fail "no key named"
check "a player no seat refers to is deleted"
sql "INSERT INTO players(name) VALUES ('nobody-at-the-table')" \
  "DELETE FROM players WHERE name = 'nobody-at-the-table'" || fail "$(head -2 "$tmp/err")"

check "TRUNCATE games while hands refer to them: refused"
sql "TRUNCATE games CASCADE" && fail "truncated"
grep -q "cannot truncate a table referenced" "$tmp/err" || fail "$(head -2 "$tmp/err")"
[[ $(count "SELECT count(*) FROM games") -gt 0 ]] || fail "games gone"
check "DELETE FROM games in a REPEATABLE READ transaction: refused"
sql "BEGIN ISOLATION LEVEL REPEATABLE READ" "DELETE FROM games WHERE id = $g1" && fail "deleted"
grep -q "needs a READ COMMITTED transaction" "$tmp/err" || fail "$(head -2 "$tmp/err")"

echo "-- two sessions at once"
pick() { count "SELECT min(id) FROM games WHERE id > $1"; }
check "a game deleted while another transaction adds hands to it waits, then takes them"
g=$(pick "$g1")
PGAPPNAME=pn_refs_a psql -q "$db" -c "BEGIN" -c "INSERT INTO hands(game_id, number, dealer, events) VALUES ($g, 950, 1, '')" \
  -c "SELECT pg_sleep(4)" -c "COMMIT" >/dev/null 2>"$tmp/a.err" &
a=$!
until_seen pn_refs_a sleeping
PGAPPNAME=pn_refs_b psql -q "$db" -c "DELETE FROM games WHERE id = $g" >/dev/null 2>"$tmp/b.err" &
b=$!
until_seen pn_refs_b waiting
wait $a || fail "the insert failed: $(head -2 "$tmp/a.err")"
wait $b || fail "the delete failed: $(head -2 "$tmp/b.err")"
[[ $(count "SELECT count(*) FROM games WHERE id = $g") == 0 ]] || fail "the game stayed"
[[ $(orphans) == 0 ]] || fail "$(orphans) orphan rows"

check "a hand added to a game being deleted waits, then is refused"
g=$(pick "$g")
PGAPPNAME=pn_refs_b psql -q "$db" -c "BEGIN" -c "DELETE FROM games WHERE id = $g" -c "SELECT pg_sleep(4)" -c "COMMIT" \
  >/dev/null 2>"$tmp/b.err" &
b=$!
until_seen pn_refs_b sleeping
PGAPPNAME=pn_refs_a psql -q -v VERBOSITY=verbose "$db" \
  -c "INSERT INTO hands(game_id, number, dealer, events) VALUES ($g, 950, 1, '')" >/dev/null 2>"$tmp/err" &
a=$!
until_seen pn_refs_a waiting
wait $b || fail "the delete failed: $(head -2 "$tmp/b.err")"
wait $a && fail "the hand was stored"
refused hands_game_id_fkey
[[ $(orphans) == 0 ]] || fail "$(orphans) orphan rows"

check "a player given a seat by another transaction is not deleted: the delete waits, then is refused"
sql "INSERT INTO players(name) VALUES ('late-arrival')"
p=$(count "SELECT id FROM players WHERE name = 'late-arrival'")
PGAPPNAME=pn_refs_a psql -q "$db" -c "BEGIN" -c "INSERT INTO seats(game_id, seat, player_id) VALUES ($g1, 10, $p)" \
  -c "SELECT pg_sleep(4)" -c "COMMIT" >/dev/null 2>"$tmp/a.err" &
a=$!
until_seen pn_refs_a sleeping
PGAPPNAME=pn_refs_b psql -q -v VERBOSITY=verbose "$db" -c "DELETE FROM players WHERE id = $p" >/dev/null 2>"$tmp/err" &
b=$!
until_seen pn_refs_b waiting
wait $a || fail "the seat failed: $(head -2 "$tmp/a.err")"
wait $b && fail "the player was deleted"
refused seats_player_id_fkey
[[ $(orphans) == 0 ]] || fail "$(orphans) orphan rows"

echo "test_pg_refs: $checks checks, $failures failures"
[[ $failures -eq 0 ]]
