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
for what in "players" "ratings" "game $KEY" "hand $KEY 5"; do
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

# ---------------------------------------------------------- every deck's cards
# A two-hand-64 hand plays all 64 cards, its 8s and 7s among them: the
# page draws them as 8 and 7 (the rules library's alphabet), never "?".
"$PINOCHLE" sim --variant two-hand-64 --seed 3 -o "$WORK/64.csv" && "$PINOCHLE" import "$WORK/64.db" "$WORK/64.csv" 2>/dev/null \
  || fail "sim and import two-hand-64"
"$PINOCHLE" report "$WORK/64.db" hand sim-two-hand-64-3-1 1 --format html -o "$WORK/64.html" || fail "report two-hand-64 hand html"
grep -qF '<text x="14" y="17">7</text>' "$WORK/64.html" && grep -qF '<text x="14" y="17">8</text>' "$WORK/64.html" \
  && grep -qF '<title>7 of clubs</title>' "$WORK/64.html" && ok "two-hand-64: 7s and 8s drawn" || fail "two-hand-64 7s and 8s"
! grep -qE '>\?(</text>|<| of )' "$WORK/64.html" && ok "two-hand-64: no card drawn as ?" \
  || fail "two-hand-64 card as ?: $(grep -oE '.{40}>\?(</text>|<| of ).{20}' "$WORK/64.html" | head -2)"

# ---------------------------------------------------------- the analysis in the hand viewer
# Hand 4 of sim-partnership-auction-2026-7 (sample-data, the README's
# example): Dee bid 260 with 100 meld, par 170, took 150; her JS lead at
# trick 3 cost 20.  Analysed, the page has the par line, each play's cost
# under its card and the costly play marked; hand 3, never analysed, says
# so; hand 5, stopped by a budget of one node, says why.
PA=sim-partnership-auction-2026-7
"$PINOCHLE" import "$WORK/pa.db" "$SRC/sample-data/club-partnership-auction.csv" 2>/dev/null || fail "import partnership-auction"
"$PINOCHLE" analyze "$WORK/pa.db" --game $PA --hand 4 --budget 20000000 --quiet >/dev/null || fail "analyze hand 4"
"$PINOCHLE" analyze "$WORK/pa.db" --game $PA --hand 5 --budget 1 --quiet >/dev/null || fail "analyze hand 5, budget 1"
"$PINOCHLE" report "$WORK/pa.db" hand $PA 4 --format html -o "$WORK/an4.html" || fail "report hand 4 html"
"$PINOCHLE" report "$WORK/pa.db" hand $PA 3 --format html -o "$WORK/an3.html" || fail "report hand 3 html"
"$PINOCHLE" report "$WORK/pa.db" hand $PA 5 --format html -o "$WORK/an5.html" || fail "report hand 5 html"
grep -qF "<p class=\"par\">Par 170 for <bdi>Dee</bdi>'s side from the first lead; bid 260, meld 100: <strong>could be made</strong>; took 150: <strong class=\"bad\">set by 10</strong>.</p>" "$WORK/an4.html" \
  && ok "an analysed hand: the par line" || fail "par line: $(grep -o '<p class="par">.*' "$WORK/an4.html")"
grep -qF '<g class="card costly" data-seat="1" data-card="JS"' "$WORK/an4.html" \
  && grep -qF '<text class="cost costly" x="26" y="74">cost 20<title>par 130 ' "$WORK/an4.html" \
  && ok "Dee's JS at trick 3: marked costly, cost 20 under the card" || fail "costly JS"
[[ $(grep -o '<text class="cost costly"' "$WORK/an4.html" | wc -l) -eq 1 && $(grep -o '<text class="cost"' "$WORK/an4.html" | wc -l) -eq 47 ]] \
  && ok "one costly play, the other 47 plays cost 0" || fail "cost markers: $(grep -o '<text class="cost[^"]*"' "$WORK/an4.html" | sort | uniq -c)"
grep -qF "<bdi>Dee</bdi>'s <span class=\"c\">J" "$WORK/an4.html" && grep -qF 'cost 20 (par 130 ' "$WORK/an4.html" \
  && grep -qF '<p class="legend">cost: ' "$WORK/an4.html" && ok "the costly play in words, and the legend" || fail "costly words/legend"
grep -qF "<p class=\"par\">Not analysed - run pinochle analyze DB --game $PA --hand 3" "$WORK/an3.html" \
  && ! grep -q 'class="cost' "$WORK/an3.html" && ok "a hand never analysed says so, no costs" || fail "not analysed: $(grep -o '<p class="par">.*' "$WORK/an3.html")"
grep -qF '<p class="par">Not analysed: the solver stopped at its node budget' "$WORK/an5.html" \
  && ok "a hand stopped by the budget says so" || fail "budget: $(grep -o '<p class="par">.*' "$WORK/an5.html")"

# ---------------------------------------------------------- the ratings page
# The partnership-auction sample: ten players over ten weekly dates.  The
# chart is on a date axis (reports/chart_time.c): a dot per player and
# date played (61; Bob's first on 01-27), a segment between each two of a
# player's dates (61 - 10 = 51), ticks at Mondays labelled with the day;
# the y axis spans the ratings, not 0.  The standings: the report's first
# row; every rating here is provisional (RD above 110 on this one preset's
# games), so all are marked, in the report's order.
"$PINOCHLE" report "$WORK/pa.db" ratings --format html -o "$WORK/ratings.html" || fail "report ratings html"
R=$WORK/ratings.html
segments() { # the segments of the chart's lines: a polyline of n points draws n - 1
  grep -o 'class="series[^"]*" stroke="[^"]*" fill="none" points="[^"]*"' "$R" | sed 's/.*points="//; s/"$//' |
    awk '{ s += NF - 1 } END { print s + 0 }'
}
[[ $(grep -o '<circle class="dot' "$R" | wc -l) -eq 61 && $(segments) -eq 51 ]] \
  && ok "ratings chart: 61 dots, 51 segments (none before a player's first date)" \
  || fail "ratings dots/segments: $(grep -o '<circle class="dot' "$R" | wc -l) $(segments)"
[[ $(grep -o '<title>Bob 2026-[0-9-]*: ' "$R" | head -1) == '<title>Bob 2026-01-27: ' ]] \
  && ok "Bob's line starts at his first date, 01-27" || fail "Bob's line: $(grep -o '<title>Bob [0-9-]*' "$R" | head -1)"
grep -qF '>12 Jan</text>' "$R" && ! grep -q 'class="ytick" x="48" y="[0-9.]*">0</text>' "$R" && ! grep -qi 'nan' "$R" \
  && ok "ratings chart: day ticks, no 0 on the y axis" || fail "ratings axes"
first=$("$PINOCHLE" report "$WORK/pa.db" ratings --format csv | sed -n '2p' | cut -d, -f2)
grep -qF "<tr class=\"provisional\"><td class=\"n\">1</td><td><bdi>$first</bdi>" "$R" && ok "the standings' first row is the report's" \
  || fail "standings row '$first'"
grep -qF 'fewer than 10 rated games' "$R" && grep -qF 'class="provisional"' "$R" && ok "the provisional rule stated, rows marked" \
  || fail "provisional"

# ---------------------------------------------------------- serve usage
"$PINOCHLE" serve 2>"$WORK/err"; [[ $? -eq 2 ]] && grep -q "missing DB" "$WORK/err" && ok "serve without DB: 2" || fail "serve no DB"
"$PINOCHLE" serve "$WORK/club.db" --listen nowhere 2>"$WORK/err"
[[ $? -eq 2 ]] && grep -q -- "--listen takes ADDR:PORT" "$WORK/err" && ok "serve --listen nowhere: 2" || fail "bad listen"
"$PINOCHLE" serve "$WORK/club.db" --token 'a b' 2>"$WORK/err"
[[ $? -eq 2 ]] && grep -q -- "--token) takes 8 to 127" "$WORK/err" && ok "serve --token with a space: 2" || fail "bad token"
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
grep -qF '<p class="par">Not analysed - run pinochle analyze' "$WORK/page" && ok "the served hand page: not analysed" \
  || fail "served hand page lacks the par line"
code=$(curl -s -o /dev/null -w '%{http_code}' -H "Host: rebound.example" -H "Authorization: Bearer $TOKEN" "$BASE/")
[[ $code == 403 ]] && ok "a foreign Host: 403" || fail "foreign host: $code"
code=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' -c "$WORK/jar" "$URL")
code2=$(curl -s -o /dev/null -w '%{http_code}' -b "$WORK/jar" "$BASE/players")
[[ $code == "303 $BASE/" && $code2 == 200 ]] && grep -q "#HttpOnly_127.0.0.1" "$WORK/jar" \
  && ok "the URL sets the cookie, 303 to / without the token; the cookie opens the other pages" || fail "cookie: $code $code2"
kill -TERM "$SERVE_PID"
wait "$SERVE_PID"
rc=$?
SERVE_PID=
[[ $rc -eq 0 ]] && grep -q "stopped" "$WORK/serve.err" && ok "SIGTERM stops serve with 0" || fail "SIGTERM: $rc"

grep -q "warning" "$WORK/serve.err" && fail "a warning on loopback: $(cat "$WORK/serve.err")" || ok "loopback: no warning"

# ---------------------------------------------------------- the token out of ps
# --token-file FILE and PINOCHLE_TOKEN give the token without putting it
# on the command line, which every user of the machine can read.
start_serve() { # start_serve OUT ERR ARGS...: serve in the background, its URL awaited
  local out=$1 err=$2
  shift 2
  "$PINOCHLE" serve "$WORK/club.db" "$@" >"$out" 2>"$err" &
  SERVE_PID=$!
  for _ in $(seq 50); do [[ -s $out ]] && break; sleep 0.1; done
}
stop_serve() { kill -TERM "$SERVE_PID"; wait "$SERVE_PID" 2>/dev/null; SERVE_PID=; }
printf 'file-token-0123\n' >"$WORK/token"
start_serve "$WORK/urlf" "$WORK/errf" --listen 127.0.0.1:0 --token-file "$WORK/token"
[[ $(head -1 "$WORK/urlf") =~ ^http://127\.0\.0\.1:[0-9]+/\?token=file-token-0123$ ]] \
  && ! grep -q "file-token" "/proc/$SERVE_PID/cmdline" && ok "--token-file: the URL has its token, the command line not" \
  || fail "--token-file: $(cat "$WORK/urlf" "$WORK/errf")"
stop_serve
PINOCHLE_TOKEN=env-token-0123 start_serve "$WORK/urle" "$WORK/erre" --listen 127.0.0.1:0
[[ $(head -1 "$WORK/urle") =~ /\?token=env-token-0123$ ]] && ! grep -q "env-token" "/proc/$SERVE_PID/cmdline" \
  && ok "PINOCHLE_TOKEN: the URL has its token, the command line not" || fail "PINOCHLE_TOKEN: $(cat "$WORK/urle" "$WORK/erre")"
stop_serve
"$PINOCHLE" serve "$WORK/club.db" --token-file "$WORK/no-such-file" 2>"$WORK/err"
[[ $? -eq 2 ]] && grep -q -- "--token-file $WORK/no-such-file: cannot be read" "$WORK/err" && ok "--token-file missing: 2" \
  || fail "token file missing: $(cat "$WORK/err")"
: >"$WORK/empty"
"$PINOCHLE" serve "$WORK/club.db" --token-file "$WORK/empty" 2>"$WORK/err"
[[ $? -eq 2 ]] && grep -q "empty:1: no token" "$WORK/err" && ok "--token-file empty: 2" || fail "token file empty: $(cat "$WORK/err")"
"$PINOCHLE" serve "$WORK/club.db" --token-file "$WORK/token" --token abcdefgh1 2>"$WORK/err"
[[ $? -eq 2 ]] && ok "--token and --token-file: 2" || fail "both tokens"
"$PINOCHLE" serve --help | grep -q -- "--token-file FILE" && ! "$PINOCHLE" serve --help | grep -q "serve club.db --token" \
  && ok "serve --help: --token-file, no example with --token" || fail "help on the token"

# ---------------------------------------------------------- every address
# Listening on 0.0.0.0 (for a moment, no request sent): a warning that the
# token crosses the network in clear, and one URL per address of the
# machine (tablets may not resolve its name), loopback last.
start_serve "$WORK/urla" "$WORK/erra" --listen 0.0.0.0:0 --token-file "$WORK/token"
sleep 0.2
stop_serve
grep -q "warning: other machines can reach this server; its HTTP is plain" "$WORK/erra" \
  && ok "--listen 0.0.0.0: the warning on plain HTTP" || fail "no warning: $(cat "$WORK/erra")"
if grep -Evq '^http://(\[[0-9a-f:]+\]|[0-9.]+):[0-9]+/\?token=file-token-0123$' "$WORK/urla"; then
  fail "a URL not by address: $(cat "$WORK/urla")"
else ok "--listen 0.0.0.0: $(wc -l <"$WORK/urla") URLs, each by address"; fi
[[ $(tail -1 "$WORK/urla") =~ ^http://127\.0\.0\.1: ]] && ok "the loopback URL last" || fail "last URL: $(cat "$WORK/urla")"

# A second server on a taken port fails with 2.
"$PINOCHLE" serve "$WORK/club.db" --listen 127.0.0.1:0 >"$WORK/url2" 2>/dev/null &
SERVE_PID=$!
for _ in $(seq 50); do [[ -s $WORK/url2 ]] && break; sleep 0.1; done
taken=$(sed -n 's|^http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$WORK/url2")
"$PINOCHLE" serve "$WORK/club.db" --listen "127.0.0.1:$taken" >/dev/null 2>"$WORK/err"
[[ $? -eq 2 ]] && grep -q "cannot listen" "$WORK/err" && ok "a taken port: 2" || fail "taken port"

kill -TERM "$SERVE_PID"; wait "$SERVE_PID" 2>/dev/null; SERVE_PID=

# IPv6: "[ADDR]:PORT".  Checked where the machine has an IPv6 loopback.
"$PINOCHLE" serve "$WORK/club.db" --listen '[::1' 2>"$WORK/err"
[[ $? -eq 2 ]] && grep -q -- "--listen takes ADDR:PORT" "$WORK/err" && ok "serve --listen '[::1': 2" || fail "bad v6 listen"
if grep -qi '^0\{31\}1 .* lo$' /proc/net/if_inet6 2>/dev/null; then
  "$PINOCHLE" serve "$WORK/club.db" --listen '[::1]:0' --token v6-token-123 >"$WORK/url6" 2>"$WORK/serve6.err" &
  SERVE_PID=$!
  for _ in $(seq 100); do [[ -s $WORK/url6 ]] && break; sleep 0.1; done
  URL6=$(head -1 "$WORK/url6")
  [[ $URL6 =~ ^http://\[::1\]:[0-9]+/\?token=v6-token-123$ ]] && ok "serve --listen [::1]:0 prints an IPv6 URL" \
    || fail "v6 URL '$URL6' $(cat "$WORK/serve6.err")"
  B6=${URL6%%/\?token=*}
  code=$(curl -g -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer v6-token-123" "$B6/players")
  [[ $code == 200 ]] && ok "IPv6: the players page with the token, Host [::1]:PORT" || fail "v6 page: $code"
  code=$(curl -g -s -o /dev/null -w '%{http_code}' -H "Host: rebound.example" -H "Authorization: Bearer v6-token-123" "$B6/")
  [[ $code == 403 ]] && ok "IPv6: a foreign Host: 403" || fail "v6 foreign host: $code"
  kill -TERM "$SERVE_PID"; wait "$SERVE_PID" 2>/dev/null; SERVE_PID=
else
  echo "skip: no IPv6 loopback here"
fi

if ((failures > 0)); then echo "$failures failure(s)"; exit 1; fi
echo "web_cli passed"
