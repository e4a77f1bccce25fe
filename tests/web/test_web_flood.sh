#!/usr/bin/env bash
# test_web_flood.sh PINOCHLE WEB_FLOOD SOURCE_DIR - `pinochle serve` on
# loopback under idle and slow-header connections without the token
# (tests/web/web_flood.c says what it sends and what must hold).
set -u
PINOCHLE=$1
FLOOD=$2
SRC=$3
WORK=$(mktemp -d /tmp/pn-web-flood-XXXXXX)
SERVE_PID=
cleanup() {
  [[ -n $SERVE_PID ]] && kill "$SERVE_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
"$PINOCHLE" import "$WORK/club.db" "$SRC/sample-data/disputed-hand.csv" 2>/dev/null || { echo "import failed"; exit 1; }
PINOCHLE_TOKEN=flood-token-0123456789 "$PINOCHLE" serve "$WORK/club.db" --listen 127.0.0.1:0 >"$WORK/url" 2>"$WORK/err" &
SERVE_PID=$!
for _ in $(seq 50); do [[ -s $WORK/url ]] && break; sleep 0.1; done
URL=$(head -1 "$WORK/url")
PORT=$(sed -n 's|^http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' <<<"$URL")
[[ -n $PORT ]] || { echo "serve printed no URL: $(cat "$WORK/err")"; exit 1; }
"$FLOOD" "$PORT" flood-token-0123456789
rc=$?
kill -0 "$SERVE_PID" 2>/dev/null || { echo "FAIL: the server died"; exit 1; }
((rc == 0)) && echo "web_flood passed"
exit $rc
