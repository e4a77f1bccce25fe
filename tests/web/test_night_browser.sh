#!/usr/bin/env bash
# test_night_browser.sh PINOCHLE SOURCE_DIR ARTEFACT_DIR - a club night in
# a real headless Chromium (chromedriver, as tests/web/test_browser.sh):
# 8 players at 2 tables of partnership, 3 rounds.  Five games recorded
# with `record --night`; the sixth (round 3, table 2) started with one tap
# on the director's page /nights/fri, its hands then sent through the
# recorder's HTTP API as a tablet does; the page, left open, shows the
# table done and the new standings without being reloaded, and its
# standings match the games' scores recomputed with awk; the TV view
# shows the standings alone.  Screenshots in ARTEFACT_DIR.
# Exits 77 without chromium and chromedriver.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" night "$@"

# ------------------------------------------------------------ the night
DB=$WORK/club.db
"$PINOCHLE" night "$DB" start fri --variant partnership --players Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal \
  --rounds 3 --date 2026-11-27 >/dev/null || { echo "night start failed"; exit 1; }
"$PINOCHLE" night "$DB" seating fri --format csv >"$WORK/seating.csv"
game_lines() { # seed -> the recorder lines of a simulated game
  "$PINOCHLE" sim --variant partnership --games 1 --seed "$1" --players A,B,C,D -o "$WORK/sim.csv" 2>/dev/null
  awk -f "$SRC/tests/record/log2rec.awk" "$WORK/sim.csv"
}
seed=40
for rt in 1:1 1:2 2:1 2:2 3:1; do
  seed=$((seed + 1))
  game_lines $seed >"$WORK/lines"
  "$PINOCHLE" record "$DB" --night fri --table "${rt#*:}" <"$WORK/lines" >/dev/null 2>&1 || fail "record round ${rt%:*} table ${rt#*:}"
done

TOKEN=night-browser-token-7
web_serve "$DB" "$TOKEN"

shot() { # NAME: a screenshot at 1024 and 390 wide
  local w
  for w in 1024 390; do
    size "$w" 900
    web_screenshot "$ART/$1-$w.png" || fail "screenshot $1 at $w"
  done
  size 1024 900
}
until_js() { # SCRIPT EXPECTED [SECONDS]: polls until the script returns EXPECTED
  local i
  for i in $(seq $((${3:-10} * 10))); do
    [[ $(js "$1") == "$2" ]] && return 0
    sleep 0.1
  done
  return 1
}
web_browser 1024 900

# ------------------------------------------------------------ the page
wd POST /url "{\"url\": \"$URL\"}" >/dev/null # the token URL sets the cookie
click "nav a[href='/nights']"
until_js 'return document.querySelectorAll("ul.nights a").length + ":" + document.querySelector("ul.nights a").textContent' "1:fri" \
  && ok "Nights in the navigation lists the night" || fail "the nights list"
click "ul.nights a"
until_js 'return location.pathname' "/nights/fri" || fail "the night's link"
[[ $(js 'return document.querySelector("#night-live h2").textContent') == "Round 3 of 3" ]] \
  && ok "the director's page: round 3 in play" || fail "round in play: $(js 'return document.querySelector("#night-live h2").textContent')"
[[ $(js 'return document.querySelectorAll(".table-card.done").length + ":" + document.querySelectorAll(".table-card a.button").length') == 1:1 ]] \
  && ok "table 1 done, table 2 with its start button" || fail "table cards"
[[ $(js 'return document.querySelectorAll("table.standings tr").length') == 9 ]] && ok "8 players in the standings" || fail "standings rows"
shot night-page
expected=$(awk -F, '$1 == 3 && $2 == 2 { printf "%s%s", s, $4; s = ", " }' "$WORK/seating.csv")
click ".table-card[data-table='2'] a.button"
until_js 'return document.getElementById("rec-table").hidden === false ? document.getElementById("rec-title").textContent : ""' \
  "fri-r3-t2 (partnership): $expected" \
  && ok "one tap starts table 2's game with its players" || fail "one-tap start: $(js 'return document.getElementById("rec-title").textContent + document.getElementById("rec-error").textContent')"
shot night-record

# The page left open while the tablet records the game.
go /nights/fri
js 'window.notReloaded = 1; return 1' >/dev/null
seed=$((seed + 1))
game_lines $seed >"$WORK/lines"
sent=0
while IFS= read -r line; do
  body=$(printf '{"line": "%s"}' "$line")
  resp=$(curl -s -X POST -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d "$body" "$BASE/api/games/fri-r3-t2/lines")
  grep -q '"pending": *true' <<<"$resp" && resp=$(curl -s -X POST -H "Authorization: Bearer $TOKEN" \
    -H 'Content-Type: application/json' -d '{"confirm": true}' "$BASE/api/games/fri-r3-t2/lines")
  grep -q '"result": *"refused"' <<<"$resp" && { fail "line '$line' refused: $resp"; break; }
  sent=$((sent + 1))
done <"$WORK/lines"
until_js 'return document.querySelectorAll(".table-card.done").length + ":" + window.notReloaded' "0:1" 15 \
  && ok "the page moved to the end of the night without a reload ($sent lines recorded)" \
  || fail "no live update: $(js 'return document.querySelector("#night-live h2").textContent + " polls " + window.pollsDone')"
[[ $(js 'return document.querySelector("#night-live h2").textContent') == "All 3 rounds played" ]] \
  && ok "all 3 rounds played" || fail "end of the night"
shot night-done

# The standings on the page against the games' scores, recomputed.
"$PINOCHLE" report "$DB" hands --tag night=fri --format csv 2>/dev/null >"$WORK/hands.csv"
awk -F, 'NR > 1 { last[$1 "," $4] = $14 } END { for (k in last) { split(k, a, ","); pts[a[2]] += last[k] }
  for (p in pts) print p ":" pts[p] }' "$WORK/hands.csv" | sort >"$WORK/expect"
(js 'return Array.prototype.map.call(document.querySelectorAll("table.standings tr"), function (tr) { return tr.cells[1].textContent + ":" + tr.cells[4].textContent; }).slice(1).sort().join(" ")' \
  | tr ' ' '\n'; echo) >"$WORK/got"
[[ $(wc -l <"$WORK/expect") == 8 ]] && cmp -s "$WORK/expect" "$WORK/got" \
  && ok "the page's points are the games' final scores summed" || { fail "standings differ"; diff "$WORK/expect" "$WORK/got"; }

go "/nights/fri?view=tv"
[[ $(js 'return document.querySelectorAll(".night.tv table.standings tr").length + ":" + document.querySelectorAll(".table-card").length + ":" + (parseFloat(getComputedStyle(document.querySelector("table.standings")).fontSize) >= 30)') == "9:0:true" ]] \
  && ok "the TV view: the standings alone, large" || fail "tv view"
shot night-tv

echo "screenshots in $ART"
((failures > 0)) && { echo "$failures failure(s)"; exit 1; }
echo "night browser test passed"
