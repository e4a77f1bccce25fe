#!/usr/bin/env bash
# page_times.sh OLD NEW DB [ROUNDS] - the server time (Server-Timing) of
# every page, median of ROUNDS requests, for two builds serving the same
# database in the same run, their requests interleaved (the machine is
# shared: compare the ratio).
# Prints a Markdown table: page, old ms, new ms, new/old.  PN_BENCH_PORT
# (default 18301) and the next port are the two servers' ports.
set -u
old=$1 new=$2 db=$3 rounds=${4:-15}
tok=bench-token-0123456789abcdef
work=$(mktemp -d)
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT
pids=()
start() { # BINARY PORT
  PINOCHLE_TOKEN=$tok "$1" serve "$db" --listen "127.0.0.1:$2" >"$work/$2.out" 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$2/" -H "Authorization: Bearer $tok" && return; sleep 0.1; done
}
p1=${PN_BENCH_PORT:-18301} p2=$((${PN_BENCH_PORT:-18301} + 1))
start "$old" "$p1"
start "$new" "$p2"
game=$(sqlite3 "$db" "SELECT key FROM games ORDER BY id DESC LIMIT 1")
player=$(sqlite3 "$db" "SELECT name FROM players ORDER BY id LIMIT 1")
pages=(/ /players "/players/$player" /ratings "/games/$game" "/games/$game/hands/1" /nights /api/players
  "/api/players/$player" "/api/games/$game")
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
one() { # PORT PATH: the Server-Timing of one request
  curl -s -o /dev/null -D - "http://127.0.0.1:$1$2" -H "Authorization: Bearer $tok" |
    sed -n 's/^Server-Timing: app;dur=\([0-9.]*\).*/\1/p'
}
times_of() { # PATH: old and new requests interleaved, so that both see the same load; "OLD NEW" medians
  : >"$work/a"
  : >"$work/b"
  for _ in $(seq "$rounds"); do
    one "$p1" "$1" >>"$work/a"
    one "$p2" "$1" >>"$work/b"
  done
  echo "$(median <"$work/a") $(median <"$work/b")"
}
echo "| page | old ms | new ms | new/old |"
echo "|---|---:|---:|---:|"
for p in "${pages[@]}"; do
  read -r a b < <(times_of "$p")
  printf '| %s | %s | %s | %s |\n' "$p" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { if (a > 0) printf "%.2f", b / a }')"
done
