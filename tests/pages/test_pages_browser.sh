#!/usr/bin/env bash
# test_pages_browser.sh PINOCHLE SOURCE_DIR ARTEFACT_DIR - the insights,
# ratings and hand pages of `pinochle serve` (the database of make_db.sh)
# in a real headless Chromium driven through WebDriver (chromedriver) with
# curl, as tests/web/test_browser.sh does, at 1,366, 820 and 390 px wide:
#
#   - at 1,366 and 820 no page is wider than the window and no table is
#     wider than its box (no column hidden behind a scroll bar);
#   - at 390 the page itself is no wider than the window (a wide table
#     scrolls in its own box);
#   - the hand diagram: each seat's name, as the browser lays it out, ends
#     inside the diagram and stays above the seat's cards (14 and 40
#     letters); the insights page has its charts; the ratings page its
#     dots;
#   - a screenshot of every page at each width is kept in ARTEFACT_DIR
#     (PAGE-WIDTH.png, the whole page's height).
#
# Exits 77 (ctest SKIP_RETURN_CODE) when chromium or chromedriver is not
# installed, saying so.
source "$(dirname "${BASH_SOURCE[0]}")/../web/lib.sh" pages-browser "$@"

# ------------------------------------------------------------ the server
bash "$SRC/tests/pages/make_db.sh" "$PINOCHLE" "$SRC" "$WORK/club.db" || { echo "make_db.sh failed"; exit 1; }
TOKEN=pages-test-token-42
web_serve "$WORK/club.db" "$TOKEN"
web_browser 1366 900 --hide-scrollbars

# The viewport $1 x $2 (default 900) through the DevTools protocol: a
# window is never narrower than about 500 px, a viewport can be.
viewport() {
  wd POST /goog/cdp/execute "{\"cmd\": \"Emulation.setDeviceMetricsOverride\", \"params\": {\"width\": $1, \"height\": ${2:-900}, \"deviceScaleFactor\": 1, \"mobile\": false}}" >/dev/null
}
shot() { # NAME WIDTH: the whole page, into ART
  local h
  h=$(js 'return document.documentElement.scrollHeight')
  viewport "$2" $((h < 8000 ? h : 8000))
  wd GET /screenshot | sed -n 's/^{"value":"\(.*\)"}$/\1/p' | base64 -d >"$ART/$1-$2.png" 2>/dev/null
  [[ -s $ART/$1-$2.png ]] || fail "screenshot $1 at $2"
  viewport "$2"
}

wd POST /url "{\"url\": \"$URL\"}" >/dev/null # the token URL sets the cookie

# What overflows: "page" when the document is wider than the window, and
# each table (by its first header) wider than its box.
OVERFLOW='var o = []; if (document.documentElement.scrollWidth > window.innerWidth + 1) o.push("page " + document.documentElement.scrollWidth);
document.querySelectorAll(".scroll").forEach(function (d) { if (d.scrollWidth > d.clientWidth + 1) o.push("table " + d.querySelector("th").textContent + " " + d.scrollWidth + ">" + d.clientWidth); });
return o.join(", ") || "none"'
# Each seat of the deal: the name's box inside the svg and above the cards' top.
NAMES='var bad = []; var svg = document.querySelector("#dealt svg"), vb = svg.viewBox.baseVal;
document.querySelectorAll("#dealt g.seat").forEach(function (g) { var n = g.querySelector("text.name").getBBox(), top = 1e9;
g.querySelectorAll("g.card").forEach(function (c) { top = Math.min(top, c.transform.baseVal[0].matrix.f); });
if (n.x + n.width > vb.width || n.y + n.height > top + 1) bad.push(g.getAttribute("data-seat") + ":" + Math.round(n.x + n.width) + "/" + vb.width + "," + Math.round(n.y + n.height) + "/" + top); });
return bad.join(" ") || "fit"'

PAGES=("insights /insights" "insights-player /insights?player=Wolfgang%20Amadeus" "ratings /ratings" "hand /games/club-2026-11-20-t3/hands/1")
for w in 1366 820 390; do
  viewport "$w"
  for p in "${PAGES[@]}"; do
    name=${p%% *} path=${p#* }
    go "$path"
    [[ $(js 'return window.innerWidth') == "$w" ]] || fail "the viewport is $(js 'return window.innerWidth') wide, not $w"
    got=$(js "$OVERFLOW")
    if [[ $w -ge 820 ]]; then
      [[ $got == none ]] && ok "$name at $w: nothing wider than its box" || fail "$name at $w: $got"
    else
      [[ $got != page* ]] && ok "$name at $w: the page fits (tables scroll: ${got})" || fail "$name at $w: $got"
    fi
    case $name in
      hand) [[ $(js "$NAMES") == fit ]] && ok "hand at $w: every name inside the diagram, above its cards" || fail "hand names at $w: $(js "$NAMES")" ;;
      insights*) [[ $(js 'return document.querySelectorAll("figure.insight svg rect").length > 20') == true ]] && ok "$name at $w: charts" || fail "$name charts at $w" ;;
      ratings) [[ $(js 'return document.querySelectorAll("#ratings circle.dot").length > 50') == true ]] && ok "ratings at $w: the dots" || fail "ratings dots at $w"
        # a chart wider than the phone starts at its latest dates
        [[ $(js 'var f = document.querySelector("#ratings .plot"); return f.scrollWidth <= f.clientWidth || f.scrollLeft + f.clientWidth >= f.scrollWidth - 1') == true ]] \
          && ok "ratings at $w: the chart shows its latest dates" || fail "ratings at $w: the chart starts scrolled to the left" ;;
    esac
    shot "$name" "$w"
  done
done
# The tricks of the hand with long names: every label under a card no
# wider than the card's 52-unit slot (a long name is cut, whole in its tooltip).
viewport 820
go /games/club-2026-11-20-t3/hands/1
js 'document.querySelector(".stepper button[data-step=\"all\"]").click(); return 1' >/dev/null
WHO='var bad = []; document.querySelectorAll("li.trick text.who").forEach(function (t) { var w = t.getBBox().width; if (w > 52) bad.push(t.textContent + " " + Math.round(w)); }); return (document.querySelectorAll("li.trick text.who").length > 40 ? "" : "few ") + (bad.join(", ") || "fit")'
[[ $(js "$WHO") == fit ]] && ok "every trick's name labels fit under their cards" || fail "trick labels: $(js "$WHO")"
shot hand-tricks 820
[[ $(js 'return document.querySelector("nav a[href=\"/insights\"]") ? "linked" : "no"') == linked ]] \
  && ok "the navigation links to /insights" || fail "no /insights in the navigation"

# The JSON beside the page, and a player in no game: 404, not an empty page.
code() { curl -s -o "$WORK/body" -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$BASE$1"; }
[[ $(code "/api/insights?player=Wolfgang%20Amadeus") == 200 ]] && grep -q '"player_make_pct"' "$WORK/body" \
  && ok "/api/insights?player= is the report's JSON with the player's columns" || fail "/api/insights: $(head -c 200 "$WORK/body")"
[[ $(code "/insights?player=Nobody") == 404 ]] && grep -q "no player 'Nobody' in the selected games" "$WORK/body" \
  && ok "/insights?player=Nobody: 404 naming the player" || fail "/insights?player=Nobody: $(head -c 200 "$WORK/body")"

echo "screenshots in $ART"
if ((failures > 0)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "pages browser test passed"
