#!/usr/bin/env bash
# test_browser.sh PINOCHLE SOURCE_DIR ARTEFACT_DIR - the pages of
# `pinochle serve` in a real headless Chromium, driven through WebDriver
# (chromedriver) with curl: no browser or driver is downloaded, Debian's
# chromium and chromium-driver are used as installed.
#
#   - the token URL opens the games list, and sets the cookie the other
#     pages then use;
#   - the hand viewer of a hand with a renege: the Next button and the
#     arrow keys step through the tricks; at trick 1 the renege card is
#     drawn on the diagram with the evidence cards;
#   - an analysed hand shows its par line and each play's cost, the costly
#     play marked; an unanalysed one says so;
#   - the players page and a player's page show SVG charts, the ratings
#     page its chart and standings;
#   - the recorder: a complete hand recorded by clicking (bids, trump, the
#     card buttons trick by trick, meld and score lines), its stored log
#     exported and compared with the log it was typed from;
#   - screenshots of every page at 1024 and 390 (phone) wide are kept in
#     ARTEFACT_DIR.
#
# Exits 77 (ctest SKIP_RETURN_CODE) when chromium or chromedriver is not
# installed, saying so; CI installs both (`apt-get install chromium
# chromium-driver`).
set -u

PINOCHLE=$1
SRC=$2
ART=$3

CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
DRIVER=$(command -v chromedriver || true)
if [[ -z $CHROMIUM || -z $DRIVER ]]; then
  echo "SKIP: chromium and chromedriver are needed (apt-get install chromium chromium-driver)"
  exit 77
fi
command -v curl >/dev/null || { echo "SKIP: curl is needed"; exit 77; }

mkdir -p "$ART"
WORK=$(mktemp -d /tmp/pn-browser-XXXXXX)
SERVE_PID= DRIVER_PID= SESSION=
cleanup() {
  [[ -n $SESSION ]] && curl -s -X DELETE "$WD/session/$SESSION" >/dev/null
  [[ -n $SERVE_PID ]] && kill "$SERVE_PID" 2>/dev/null && wait "$SERVE_PID" 2>/dev/null
  [[ -n $DRIVER_PID ]] && kill "$DRIVER_PID" 2>/dev/null && wait "$DRIVER_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

# ------------------------------------------------------------ the server
"$PINOCHLE" import "$WORK/club.db" "$SRC/sample-data/disputed-hand.csv" 2>/dev/null || { echo "import failed"; exit 1; }
# Hand 1 analysed (pinochle analyze): its page shows the par line and the
# one costly play (Dee's JD at trick 7, cost 10); hand 5 is left unanalysed.
"$PINOCHLE" analyze "$WORK/club.db" --game club-2026-11-20-t3 --hand 1 --budget 20000000 --quiet >/dev/null \
  || { echo "analyze failed"; exit 1; }
TOKEN=browser-test-token-42
"$PINOCHLE" serve "$WORK/club.db" --listen 127.0.0.1:0 --token "$TOKEN" >"$WORK/url" 2>"$WORK/serve.err" &
SERVE_PID=$!
for _ in $(seq 200); do [[ -s $WORK/url ]] && break; sleep 0.1; done # a loaded machine: up to 20 s
URL=$(head -1 "$WORK/url")
BASE=${URL%%/\?token=*}
[[ $BASE == http://127.0.0.1:* ]] || { echo "serve printed no URL: $(cat "$WORK/serve.err")"; exit 1; }

# ------------------------------------------------------------ the driver
DPORT=$(( (RANDOM % 20000) + 30000 ))
"$DRIVER" --port="$DPORT" >"$WORK/driver.log" 2>&1 &
DRIVER_PID=$!
WD=http://127.0.0.1:$DPORT
for _ in $(seq 300); do curl -s "$WD/status" | grep -q '"ready":true' && break; sleep 0.1; done

# POST/GET to the session; prints the response.
wd() { # METHOD PATH [JSON]
  if [[ $# -ge 3 ]]; then curl -s -X "$1" -H 'Content-Type: application/json' -d "$3" "$WD/session/$SESSION$2"
  else curl -s -X "$1" "$WD/session/$SESSION$2"; fi
}
# Runs a script returning a string or number; prints the value.
js() {
  local body
  body=$(printf '{"script": %s, "args": []}' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$/"/')")
  wd POST /execute/sync "$body" | sed -n 's/^{"value":"\{0,1\}\([^"]*\)"\{0,1\}}$/\1/p'
}
go() { wd POST /url "{\"url\": \"$BASE$1\"}" >/dev/null; }
size() { wd POST /window/rect "{\"width\": $1, \"height\": $2}" >/dev/null; }
shot() { # NAME: a screenshot at each width into ART
  local w
  for w in 1024 390; do
    size "$w" 900
    wd GET /screenshot | sed -n 's/^{"value":"\(.*\)"}$/\1/p' | base64 -d >"$ART/$1-$w.png" 2>/dev/null
    [[ -s $ART/$1-$w.png ]] || fail "screenshot $1 at $w"
  done
  size 1024 900
}
click() { # CSS selector: a real click through WebDriver
  local id
  id=$(wd POST /element "{\"using\": \"css selector\", \"value\": \"$1\"}" | sed -n 's/.*"element-6066-11e4-a52e-4f735466cecf":"\([^"]*\)".*/\1/p')
  [[ -n $id ]] || { fail "no element $1"; return 1; }
  wd POST "/element/$id/click" '{}' >/dev/null
}
key() { # a WebDriver key code, e.g. \uE014 (ArrowRight)
  wd POST /actions "{\"actions\": [{\"type\": \"key\", \"id\": \"k\", \"actions\": [{\"type\": \"keyDown\", \"value\": \"$1\"}, {\"type\": \"keyUp\", \"value\": \"$1\"}]}]}" >/dev/null
}

CAPS='{"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {"binary": "'"$CHROMIUM"'", "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1024,900"]}}}}'
SESSION=$(curl -s -X POST -H 'Content-Type: application/json' -d "$CAPS" "$WD/session" | sed -n 's/.*"sessionId":"\([^"]*\)".*/\1/p')
[[ -n $SESSION ]] || { echo "chromedriver started no session: $(tail -5 "$WORK/driver.log")"; exit 1; }

# ------------------------------------------------------------ the pages
wd POST /url "{\"url\": \"$URL\"}" >/dev/null
[[ $(js 'return document.querySelectorAll("table.games tbody tr").length') -ge 1 ]] \
  && ok "the token URL opens the games list" || fail "games list"
shot games

go /games/club-2026-11-20-t3
[[ $(js 'return document.querySelectorAll("#running svg").length + ":" + document.querySelector("table.sheet").querySelectorAll("tr.finding").length') == 1:1 ]] \
  && ok "the score sheet: a chart, the renege hand marked" || fail "score sheet"
shot game

go /games/club-2026-11-20-t3/hands/5
[[ $(js 'return document.querySelector(".stepper").hidden + ":" + document.querySelector(".stepper .at").textContent') == "false:before the first lead" ]] \
  && ok "the hand viewer starts before the first lead" || fail "stepper start"
click ".stepper button[data-step='1']"
[[ $(js 'return document.querySelector(".stepper .at").textContent') == "trick 1 of 12" ]] \
  && ok "Next shows trick 1" || fail "Next"
[[ $(js 'return document.querySelectorAll("#inplay g.card.renege[data-seat=\"3\"][data-card=\"KD\"]").length + ":" + document.querySelectorAll("#inplay g.card.evidence[data-seat=\"3\"]").length') == 1:3 ]] \
  && ok "trick 1: the renege KD drawn on Cal's hand, KS JS 9S as evidence" || fail "renege drawn"
[[ $(js 'return Array.prototype.filter.call(document.querySelectorAll("li.trick"), function (li) { return !li.hidden; }).length') == 1 ]] \
  && ok "one trick shown at a time" || fail "one trick"
shot hand-trick1
key '\uE014'; key '\uE014'
[[ $(js 'return document.querySelector(".stepper .at").textContent') == "trick 3 of 12" ]] \
  && ok "ArrowRight steps on" || fail "ArrowRight"
key '\uE012'
[[ $(js 'return document.querySelector(".stepper .at").textContent + ":" + document.querySelectorAll("#inplay g.card.played").length') == "trick 2 of 12:4" ]] \
  && ok "ArrowLeft steps back; trick 1's cards greyed" || fail "ArrowLeft"
[[ $(js 'var r = document.querySelector(".stepper .running"); return r.querySelectorAll("bdi").length + ":" + /^counters: /.test(r.textContent)') =~ ^[1-4]:true$ ]] \
  && ok "the counters so far name each player in a <bdi>" || fail "counters: $(js 'return document.querySelector(".stepper .running").innerHTML')"

[[ $(js 'return document.querySelector("p.par").textContent') == "Not analysed - run pinochle analyze DB --game club-2026-11-20-t3 --hand 5 to see the par and what each play cost." ]] \
  && ok "hand 5, not analysed: the page says so" || fail "hand 5 par line"

go /games/club-2026-11-20-t3/hands/1
[[ $(js 'return document.querySelector("p.par").textContent') == "Par 210 for Dee's side from the first lead; bid 250, meld 280: could be made; took 200: made." ]] \
  && ok "hand 1, analysed: the par line" || fail "hand 1 par line: $(js 'return document.querySelector("p.par").textContent')"
click ".stepper button[data-step='all']"
[[ $(js 'var c = document.querySelectorAll("#trick-7 text.cost.costly"); return c.length + ":" + (c.length ? c[0].textContent.split("par")[0] : "") + ":" + document.querySelectorAll("#trick-7 g.card.costly[data-seat=\"4\"][data-card=\"JD\"]").length + ":" + document.querySelectorAll("text.cost").length') == "1:cost 10:1:48" ]] \
  && ok "trick 7: Dee's JD marked costly, cost 10; every play's cost shown" || fail "costly play"
[[ $(js 'var r = document.querySelector("#trick-7 g.card.costly rect"); return r ? getComputedStyle(r).strokeDasharray : "none"') != none ]] \
  && ok "the costly card is drawn dashed" || fail "costly style"
shot hand-analysed

go /players
[[ $(js 'return document.querySelectorAll("figure.chart svg rect").length > 0 ? document.querySelectorAll("figure.chart").length : 0') -ge 2 ]] \
  && ok "the players page draws its charts" || fail "players charts"
shot players
go /players/Cal
[[ $(js 'return document.querySelectorAll("figure.chart svg").length') -ge 5 ]] \
  && ok "a player's page: five charts" || fail "player charts"
shot player
go /ratings
[[ $(js 'return document.querySelectorAll("#ratings svg polyline.series").length + ":" + document.querySelector("table.ratings").querySelectorAll("tbody tr").length') == 4:4 ]] \
  && ok "the ratings page: a line per player, the standings" || fail "ratings page"
shot ratings

# ------------------------------------------------------------ the recorder
# Hand 1 of tests/web/data/table-a.csv, typed in table order by clicking:
# bid and pass buttons, a trump button, the line box for passes, meld and
# score rows, and each trick as four taps on the card buttons.  The
# stored log must be that hand of the log, row for row.
DATA=$SRC/tests/web/data
go /record
field() { # CSS selector, text: types into a form field
  local id
  id=$(wd POST /element "{\"using\": \"css selector\", \"value\": \"$1\"}" | sed -n 's/.*"element-6066-11e4-a52e-4f735466cecf":"\([^"]*\)".*/\1/p')
  [[ -n $id ]] || { fail "no field $1"; return 1; }
  wd POST "/element/$id/clear" '{}' >/dev/null
  wd POST "/element/$id/value" "{\"text\": \"$2\"}" >/dev/null
}
wait_idle() { # until the last request has answered (up to 10 s: a loaded machine)
  local i
  for i in $(seq 200); do
    [[ $(js 'return window.fetchesInFlight === undefined ? "x" : String(window.fetchesInFlight)') == 0 ]] && return 0
    sleep 0.05
  done
}
players=$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = ", " }' "$DATA/table-a.csv")
js 'document.querySelector("#rec-start select[name=variant]").value = "partnership-auction"; return 1' >/dev/null
field "#rec-start input[name='players']" "$players"
field "#rec-start input[name='game']" "web-click"
field "#rec-start input[name='options']" "target=500"
field "#rec-start input[name='tags']" "date=2026-01-06"
click "#rec-start-button"
wait_idle
[[ $(js 'return document.getElementById("rec-table").hidden') == false ]] && ok "the recorder starts a game" || fail "start: $(js 'return document.getElementById("rec-error").textContent')"
[[ $(js 'return document.querySelectorAll("#rec-title bdi").length') == 5 ]] \
  && ok "the recorder's title: the game and its four players each in a <bdi>" || fail "rec-title: $(js 'return document.getElementById("rec-title").innerHTML')"
shot record-start
typed=0
while IFS= read -r line; do
  words=($line)
  case $line in
    *" bid "*) js "document.getElementById('rec-bid-value').value = '${words[2]}'; return 1" >/dev/null
               click "#rec-bids button:nth-of-type(2)" ;;
    *" pass") click "#rec-bids button:nth-of-type(1)" ;;
    *" trump "*) click "#rec-trump button[data-trump='${words[2]}']" ;;
    [AKQJT9][SHDC]" "*)
      for card in "${words[@]}"; do
        click "#rec-cards button[data-card='$card']:not([disabled])"
      done ;;
    *) field "#rec-free" "$line"; click "#rec-free-send" ;;
  esac
  wait_idle
  err=$(js 'return document.getElementById("rec-error").textContent')
  [[ -z $err ]] || fail "line '$line' refused: $err"
  typed=$((typed + 1))
done < <(awk '/^dealer/ { n++ } n == 1' "$DATA/table-a.tab")
shot record-hand
"$PINOCHLE" export "$WORK/club.db" --game web-click 2>/dev/null | awk -F, 'NR > 1' >"$WORK/recorded.csv"
awk -F, 'NR > 1 && $2 <= 1' "$DATA/table-a.csv" | sed 's/^web-12-1,/web-click,/' >"$WORK/expected.csv"
if cmp -s "$WORK/recorded.csv" "$WORK/expected.csv"; then
  ok "a hand recorded by clicking ($typed lines) is stored as its log"
else
  fail "the hand recorded by clicking differs from its log"; diff "$WORK/recorded.csv" "$WORK/expected.csv" | head -5
fi

# Resumed in a fresh page: the Resume form POSTs .../resume (a GET
# changes nothing, docs/WEB.md), and the table is shown again.
go /record
wait_idle
js 'window.pnSent = []; var f = window.fetch; window.fetch = function (u, o) { window.pnSent.push(o.method + " " + u); return f.apply(this, arguments); }; return 1' >/dev/null
field "#rec-resume input[name='game']" "web-click"
click "#rec-resume-button"
wait_idle
[[ $(js 'return window.pnSent.join(",") + ":" + document.getElementById("rec-table").hidden + ":" + document.getElementById("rec-error").textContent') == "POST /api/games/web-click/resume:false:" ]] \
  && ok "Resume POSTs /api/games/KEY/resume and reopens the table" || fail "resume: $(js 'return window.pnSent.join(",") + document.getElementById("rec-error").textContent')"

echo "screenshots in $ART"
if ((failures > 0)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "browser test passed"
