#!/usr/bin/env bash
# test_players_browser.sh PINOCHLE SOURCE_DIR ARTEFACT_DIR - the players
# page and a player's page (issue 32) on the whole sample data (every
# preset) in headless Chromium through chromedriver, at 390 (phone), 820
# (tablet) and 1,366 (laptop) px wide, screenshots kept in ARTEFACT_DIR:
#
#   - at 820 and 1,366 px nothing is wider than the window (no column
#     hidden behind a scroll bar): the tables fold into blocks;
#   - /players labels every bar of its charts;
#   - /players/Hal has one section per preset Hal played (never pooled),
#     each chart over time with date ticks, the running score of the
#     latest games at most 6 lines, each of its own colour.
#
# Exits 77 when chromium or chromedriver is not installed.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" players-browser "$@"

"$PINOCHLE" import "$WORK/club.db" "$SRC"/sample-data/club-*.csv >/dev/null 2>&1 || { echo "import failed"; exit 1; }
TOKEN=players-browser-token-42
web_serve "$WORK/club.db" "$TOKEN"

# NAME: at each width, a screenshot into ART and, from 820 up, no
# horizontal overflow of the page nor of a scrolling box in it (a column
# hidden behind a scroll bar).
shot() {
  local w
  for w in 390 820 1366; do
    size "$w" 1000
    web_screenshot "$ART/$1-$w.png" || fail "screenshot $1 at $w"
    if [[ $w -ge 820 ]]; then
      local over
      over=$(js 'var o = document.documentElement.scrollWidth - document.documentElement.clientWidth; document.querySelectorAll("div.scroll, div.grid").forEach(d => { o = Math.max(o, d.scrollWidth - d.clientWidth); }); return o')
      [[ $over -le 0 ]] && ok "$1 fits $w px" || fail "$1 at $w px: $over px wider than the window"
    fi
  done
  size 1366 1000
}

web_browser 1366 1000
wd POST /url "{\"url\": \"$URL\"}" >/dev/null

go /players
[[ $(js 'var f = document.querySelector("[id^=points-]"), n = f.querySelectorAll("rect").length; return n > 0 && n == f.querySelectorAll("text.ylabel").length') == true ]] \
  && ok "every bar of the players chart is labelled" || fail "bar labels: $(js 'var f = document.querySelector("[id^=points-]"); return f.querySelectorAll("rect").length + ":" + f.querySelectorAll("text.ylabel").length')"
[[ $(js 'return document.querySelectorAll("table.players")[0].rows[0].cells[1].textContent') == variant ]] \
  && ok "the players table has a variant column" || fail "variant column"
shot players

presets=$("$PINOCHLE" report "$WORK/club.db" players --format csv | awk -F, '$1 == "player" && $2 == "Hal"' | wc -l)
go /players/Hal
[[ $(js 'return document.querySelectorAll("section.preset").length') == "$presets" ]] \
  && ok "Hal's page: one section per preset ($presets)" || fail "preset sections: $(js 'return document.querySelectorAll("section.preset").length') for $presets"
[[ $(js 'return [...document.querySelectorAll("[id^=points-] text.xtick")].every(t => /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(t.textContent)) + ":" + (document.querySelectorAll("[id^=points-] text.xtick").length > 0)') == true:true ]] \
  && ok "the points chart has a date axis" || fail "date axis"
[[ $(js 'var ok = true; document.querySelectorAll("[id^=running-]").forEach(f => { var c = [...f.querySelectorAll("polyline")].map(p => p.getAttribute("stroke")); ok = ok && c.length <= 6 && new Set(c).size == c.length; }); return ok') == true ]] \
  && ok "the running score: at most 6 games, a colour each" || fail "running score series"
shot player
# the charts: the first preset's section at the top of the window
for w in 390 820 1366; do
  size "$w" 1000
  js 'document.querySelector("section.preset").scrollIntoView(); return 1' >/dev/null
  web_screenshot "$ART/player-charts-$w.png"
done

# a score sheet of four sides (cutthroat-four: 27 columns) fits too
go /games/sim-cutthroat-four-2026-1
shot sheet

echo "screenshots in $ART"
[[ $failures -eq 0 ]] && echo "players browser: all checks passed" || echo "players browser: $failures failed"
[[ $failures -eq 0 ]]
