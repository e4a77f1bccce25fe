#!/usr/bin/env bash
# test_web_cli.sh PINOCHLE SOURCE_DIR - `pinochle serve` and `report
# --format html` as a user runs them: the URL printed on standard output,
# answers through curl, SIGTERM stops it with 0, usage errors exit 2, and
# the HTML reports are single self-contained files.
set -u
PINOCHLE=$1
SRC=$2
WORK=$(mktemp -d /tmp/pn-web-cli-XXXXXX)
SERVE_PID=
cleanup() {
  [[ -n $SERVE_PID ]] && kill "$SERVE_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

"$PINOCHLE" import "$WORK/club.db" "$SRC/sample-data/disputed-hand.csv" 2>/dev/null || { echo "import failed"; exit 1; }
KEY=club-2026-11-20-t3

# ---------------------------------------------------------- report --format html
for what in "players" "game $KEY" "hand $KEY 5"; do
  name=${what%% *}
  # shellcheck disable=SC2086
  if "$PINOCHLE" report "$WORK/club.db" $what --format html -o "$WORK/$name.html" 2>"$WORK/err"; then
    f=$WORK/$name.html
    grep -q '^<!DOCTYPE html>' "$f" && grep -q '<svg' "$f" && grep -q '<style>' "$f" && grep -q '</html>' "$f" \
      && ok "report $name --format html: a page with inline SVG and CSS" || fail "report $name html content"
    # self-contained: no src= or href= at all, nothing fetched
    if grep -Eq '(src|href)=' "$f"; then fail "report $name html refers to another file: $(grep -Eo '(src|href)="[^"]*"' "$f" | head -1)"
    else ok "report $name --format html refers to no other file"; fi
  else
    fail "report $name --format html: $(cat "$WORK/err")"
  fi
done
grep -q 'class="card red renege" data-seat="3" data-card="KD"' "$WORK/hand.html" \
  && ok "the hand file marks the renege" || fail "renege in the hand file"
"$PINOCHLE" report "$WORK/club.db" hands --format html >/dev/null 2>"$WORK/err"
[[ $? -eq 2 ]] && grep -q "no html format" "$WORK/err" && ok "report hands --format html: usage error" || fail "hands html"
"$PINOCHLE" report "$WORK/club.db" hand nope 1 --format html -o "$WORK/none.html" 2>/dev/null
[[ $? -eq 2 && ! -e $WORK/none.html ]] && ok "an unknown game: exit 2, no file" || fail "unknown game html"

# ---------------------------------------------------------- serve usage
"$PINOCHLE" serve 2>"$WORK/err"; [[ $? -eq 2 ]] && grep -q "missing DB" "$WORK/err" && ok "serve without DB: 2" || fail "serve no DB"
"$PINOCHLE" serve "$WORK/club.db" --listen nowhere 2>"$WORK/err"
[[ $? -eq 2 ]] && grep -q -- "--listen takes ADDR:PORT" "$WORK/err" && ok "serve --listen nowhere: 2" || fail "bad listen"
"$PINOCHLE" serve "$WORK/club.db" --token 'a b' 2>"$WORK/err"
[[ $? -eq 2 ]] && grep -q -- "--token takes" "$WORK/err" && ok "serve --token with a space: 2" || fail "bad token"
"$PINOCHLE" serve --help | grep -q "Authorization: Bearer" && ok "serve --help" || fail "serve --help"

# ---------------------------------------------------------- serve
"$PINOCHLE" serve "$WORK/club.db" --listen 127.0.0.1:0 >"$WORK/url" 2>"$WORK/serve.err" &
SERVE_PID=$!
for _ in $(seq 50); do [[ -s $WORK/url ]] && break; sleep 0.1; done
URL=$(head -1 "$WORK/url")
[[ $URL =~ ^http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]{32}$ ]] && ok "serve prints the URL with a random token" || fail "URL '$URL'"
TOKEN=${URL##*=}
BASE=${URL%%/\?token=*}
code=$(curl -s -o /dev/null -w '%{http_code}' "$BASE/")
[[ $code == 401 ]] && ok "no token: 401" || fail "no token: $code"
code=$(curl -s -o "$WORK/page" -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$BASE/games/$KEY/hands/5")
[[ $code == 200 ]] && grep -q '<svg' "$WORK/page" && ok "the hand page with the token" || fail "hand page: $code"
code=$(curl -s -o /dev/null -w '%{http_code}' -H "Host: rebound.example" -H "Authorization: Bearer $TOKEN" "$BASE/")
[[ $code == 403 ]] && ok "a foreign Host: 403" || fail "foreign host: $code"
code=$(curl -s -o /dev/null -w '%{http_code}' -c "$WORK/jar" "$URL")
code2=$(curl -s -o /dev/null -w '%{http_code}' -b "$WORK/jar" "$BASE/players")
[[ $code == 200 && $code2 == 200 ]] && grep -q "#HttpOnly_127.0.0.1" "$WORK/jar" && ok "the URL's cookie opens the other pages" || fail "cookie: $code $code2"
kill -TERM "$SERVE_PID"
wait "$SERVE_PID"
rc=$?
SERVE_PID=
[[ $rc -eq 0 ]] && grep -q "stopped" "$WORK/serve.err" && ok "SIGTERM stops serve with 0" || fail "SIGTERM: $rc"

# A second server on a taken port fails with 2.
"$PINOCHLE" serve "$WORK/club.db" --listen 127.0.0.1:0 >"$WORK/url2" 2>/dev/null &
SERVE_PID=$!
for _ in $(seq 50); do [[ -s $WORK/url2 ]] && break; sleep 0.1; done
taken=$(sed -n 's|^http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$WORK/url2")
"$PINOCHLE" serve "$WORK/club.db" --listen "127.0.0.1:$taken" >/dev/null 2>"$WORK/err"
[[ $? -eq 2 ]] && grep -q "cannot listen" "$WORK/err" && ok "a taken port: 2" || fail "taken port"

if ((failures > 0)); then echo "$failures failure(s)"; exit 1; fi
echo "web_cli passed"
