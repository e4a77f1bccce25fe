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
#     each chart over time on a true date axis (a dot's x is its date on
#     one scale, uneven gaps kept) with date ticks, the running score of the
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
# every dated chart (chart_time.c): each dot's x is its tooltip's date on
# one scale (within half a unit), uneven gaps included (at least one chart
# has them, or the check would not tell a date axis from an even one),
# and the ticks are dates ("9 Mar", "Mar", "Jan 2026", "2026")
DATED='var ok = 0, uneven = 0, bad = ""; document.querySelectorAll("[id^=points-], [id^=meld-], [id^=bids-]").forEach(f => { var d = [...f.querySelectorAll("circle")].map(c => [Date.parse(c.textContent.match(/[0-9]{4}-[0-9]{2}-[0-9]{2}/)[0]) / 864e5, +c.getAttribute("cx")]); if (d.length < 2) return; var lo = d.reduce((a, b) => b[0] < a[0] ? b : a), hi = d.reduce((a, b) => b[0] > a[0] ? b : a); if (hi[0] == lo[0]) return; var k = (hi[1] - lo[1]) / (hi[0] - lo[0]); d.forEach(p => { if (Math.abs(lo[1] + k * (p[0] - lo[0]) - p[1]) > 0.5) bad += f.id + " "; }); var days = [...new Set(d.map(p => p[0]))].sort((a, b) => a - b), gaps = new Set(days.slice(1).map((v, i) => v - days[i])); if (gaps.size > 1) uneven++; var t = [...f.querySelectorAll("text.xtick")]; if (t.length == 0 || !t.every(x => /^([0-9]{1,2} )?[A-Z][a-z]{2}( [0-9]{4})?$|^[0-9]{4}$/.test(x.textContent))) bad += f.id + ":ticks "; ok++; }); return ok + ":" + uneven + ":" + bad'
dated=$(js "$DATED")
[[ $dated =~ ^[1-9][0-9]*:[1-9][0-9]*:$ ]] \
  && ok "the dated charts: x is the date, uneven gaps kept, date ticks (charts:uneven $dated)" || fail "date axis (charts:uneven:bad $dated)"
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
