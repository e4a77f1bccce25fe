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
#   - a stored hand edited on its editor page (a bad line refused, a
#     corrected one stored);
#   - screenshots of every page at 1024 and 390 (phone) wide are kept in
#     ARTEFACT_DIR.
#
# Exits 77 (ctest SKIP_RETURN_CODE) when chromium or chromedriver is not
# installed, saying so; CI installs both (`apt-get install chromium
# chromium-driver`).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" browser "$@"

# ------------------------------------------------------------ the server
"$PINOCHLE" import "$WORK/club.db" "$SRC/sample-data/disputed-hand.csv" 2>/dev/null || { echo "import failed"; exit 1; }
# Hand 1 analysed (pinochle analyze): its page shows the par line and the
# one costly play (Dee's JD at trick 7, cost 10); hand 5 is left unanalysed.
"$PINOCHLE" analyze "$WORK/club.db" --game club-2026-11-20-t3 --hand 1 --budget 20000000 --quiet >/dev/null \
  || { echo "analyze failed"; exit 1; }
TOKEN=browser-test-token-42
web_serve "$WORK/club.db" "$TOKEN"
web_browser 1024 900

shot() { # NAME [SELECTOR]: a screenshot at each width into ART (SELECTOR scrolled into view)
  local w
  for w in 820 390; do
    size "$w" 900
    [[ -n ${2:-} ]] && js "var e = document.querySelector('$2'); if (e) e.scrollIntoView({block: 'center'}); return 1" >/dev/null
    web_screenshot "$ART/$1-$w.png" || fail "screenshot $1 at $w"
  done
  size 1024 900
}
key() { # a WebDriver key code, e.g. \uE014 (ArrowRight)
  wd POST /actions "{\"actions\": [{\"type\": \"key\", \"id\": \"k\", \"actions\": [{\"type\": \"keyDown\", \"value\": \"$1\"}, {\"type\": \"keyUp\", \"value\": \"$1\"}]}]}" >/dev/null
}

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
[[ $(js 'return document.querySelectorAll("figure.chart svg, figure.timechart svg").length') -ge 5 ]] \
  && ok "a player's page: five charts" || fail "player charts"
shot player
go /ratings
[[ $(js 'return document.querySelectorAll("#ratings svg circle.dot").length + ":" + document.querySelector("table.ratings").querySelectorAll("tbody tr").length') == 4:4 ]] \
  && ok "the ratings page: a dot per player, the standings" || fail "ratings page"
shot ratings

# ------------------------------------------------------------ the recorder
# Hand 1 of tests/web/data/table-a.csv, recorded by taps alone (no key
# pressed): the dealer kept, a bid button per bid (the next good values)
# or pass, a trump button, each pass and meld by tapping its cards and
# then the seat (the meld's value by the rules shown, and the claim), the
# first trick picked then played, every other card one tap as it is
# played, and the scores confirmed with one tap.  The stored log must be
# that hand of the log, row for row.  The taps are counted (the page
# counts clicks on its buttons, window.pnTaps) and printed.
DATA=$SRC/tests/web/data
go /record
field() { # CSS selector, text: types into a form field (the new game's header only)
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
tap() { click "$1" && wait_idle; }
view() { js "var v = window.pnView(); return $1"; }
players=$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = ", " }' "$DATA/table-a.csv")
start_game() { # KEY: a new partnership-auction game of table-a's players
  go /record
  wait_idle
  js 'document.querySelector("#rec-start select[name=variant]").value = "partnership-auction"; return 1' >/dev/null
  field "#rec-start input[name='players']" "$players"
  field "#rec-start input[name='game']" "$1"
  field "#rec-start input[name='options']" "target=500"
  field "#rec-start input[name='tags']" "date=2026-01-06"
  click "#rec-start-button"
  wait_idle
  js 'window.pnTaps = 0; return 1' >/dev/null
}
# Taps one line of a .tab file; with MISTAP=1 a wrong tap first, then
# its correction by tapping the line in the hand's list.
tap_line() { # LINE
  local line=$1 words seat card c v
  words=($line)
  case $line in
    "dealer "*) [[ $(view 'v.dealer') == "${words[1]}" ]] || tap "#rec-dealer button[data-seat='${words[1]}']" ;;
    *" bid "*) # the seat's own row (the passes before it go with it), or the one row offered
      local row="#rec-bids div[data-seat='${words[0]}'] button[data-bid='${words[2]}']"
      for _ in 1 2 3 4 5; do
        [[ $(view 'v.seat') == "${words[0]}" || $(js "return String(!!document.querySelector(\"$row\"))") == true ]] && break
        tap "#rec-bids button[data-bid='pass']"
      done
      if [[ $(js "return String(!!document.querySelector(\"$row\"))") == true ]]; then tap "$row"
      else tap "#rec-bids button[data-bid='${words[2]}']"; fi ;;
    *" pass") tap "#rec-bids button[data-bid='pass']" ;;
    *" trump "*) tap "#rec-trump button[data-trump='${words[2]}']" ;;
    *" give "*) # the pass goes with its last card
      for card in "${words[@]:2}"; do tap "#rec-cards button[data-card='$card']:not([disabled])"; done ;;
    *" meld "*) # a tap per meld in the seat's row, when the line is the rules' melds (sharing cards they may share)
      seat=${words[0]}
      local cards=("${words[@]:2}") taps
      [[ ${cards[-1]} == [AKQJT9][SHDC] ]] || unset 'cards[-1]'
      taps=$(js "var want = '${cards[*]}'.split(' '), left = want.slice(), out = [], pts = 0; var ms = window.pnView().melds.slice().sort(function (a, b) { return b.cards.length - a.cards.length; }); function take(from, cs) { var rest = from.slice(); return cs.every(function (c) { var i = rest.indexOf(c); if (i < 0) return false; rest.splice(i, 1); return true; }) ? rest : null; } ms.forEach(function (m) { for (var r; (r = take(left, m.cards));) { left = r; out.push(m.name); pts += m.points; } }); ms.forEach(function (m) { if (left.length && take(want, m.cards) && m.cards.some(function (c) { return left.indexOf(c) >= 0; })) { left = left.filter(function (c) { return m.cards.indexOf(c) < 0; }); out.push(m.name); pts += m.points; } }); return left.length || ('${words[-1]}' !== '${cards[-1]}' && String(pts) !== '${words[-1]}') ? '' : out.join(';')")
      if [[ -n $taps ]]; then
        IFS=';' read -ra taps <<<"$taps"
        for card in "${taps[@]}"; do tap "#rec-meld-rows div[data-seat='$seat'] button[data-meld='$card']"; done
        if [[ -n $SHOT_PICK ]]; then shot "$SHOT_PICK" "#rec-meld-rows"; SHOT_PICK=; fi
        return
      fi
      taps=$(js "var left = '${cards[*]}'.split(' '), out = []; var ms = window.pnView().melds.slice().sort(function (a, b) { return b.cards.length - a.cards.length; }); ms.forEach(function (m) { for (;;) { var rest = left.slice(); if (!m.cards.every(function (c) { var i = rest.indexOf(c); if (i < 0) return false; rest.splice(i, 1); return true; })) break; left = rest; out.push('meld=' + m.name); } }); return out.concat(left).join(';')")
      IFS=';' read -ra taps <<<"$taps"
      for card in "${taps[@]}"; do
        if [[ $card == meld=* ]]; then tap "#rec-picked button[data-meld='${card#meld=}']"
        else tap "#rec-cards button[data-card='$card']:not([disabled])"; fi
      done
      if [[ ${words[-1]} != [AKQJT9][SHDC] ]]; then # a claim: changed from the rules' value
        for _ in $(seq 20); do
          v=$(js 'var c = document.querySelector("#rec-picked .claim"); return c ? c.textContent.split(" ")[1] : "x"')
          [[ $v == "${words[-1]}" || $v == x ]] && break
          if ((v < words[-1])); then tap "#rec-picked button[data-claim='+10']"; else tap "#rec-picked button[data-claim='-10']"; fi
        done
      fi
      if [[ -n $SHOT_PICK ]]; then shot "$SHOT_PICK" "#rec-picked .tray"; SHOT_PICK=; fi # the cards picked, their value, the seats
      tap "#rec-picked button[data-act='meld'][data-seat='$seat']" ;;
    *" score "*) ;; # with the next tap, or the confirm button
    "widow "*|*" discard "*) # the cards picked, then what they are
      local what=widow; [[ $line == "widow "* ]] || what=discard
      for card in "${words[@]:1}"; do [[ $card == [AKQJT9][SHDC] ]] && tap "#rec-cards button[data-card='$card']:not([disabled])"; done
      tap "#rec-picked button[data-act='$what']" ;;
    [AKQJT9][SHDC]" "*)
      if [[ $(js 'return String(window.pnPicking())') == true ]]; then # the first trick while meld may come: picked, then Play
        for c in "${words[@]}"; do tap "#rec-cards button[data-card='$c']:not([disabled])"; done
        tap "#rec-picked button[data-act='play']"
      else # the last trick plays the cards the server proves itself: only the others are tapped
        local td0 i=0
        if [[ $(pending) == true ]]; then # a renege asked at the last trick's end: this tap records it as played
          tap "#rec-cards button[data-card='${words[0]}']:not([disabled])"
          i=1
        fi
        td0=$(view 'v.tricks_done')
        for c in "${words[@]:$i}"; do
          [[ $(view 'v.stage + ":" + v.tricks_done + ":" + (v.trick.length > '$i')') == "play:$td0:false" ]] \
            && tap "#rec-cards button[data-card='$c']:not([disabled])"
          [[ $(pending) == true ]] && RENEGES_ASKED=$((RENEGES_ASKED + 1)) # answered by the next tap
          i=$((i + 1))
        done
      fi ;;
    *) fail "no taps for '$line'" ;;
  esac
}
js_err() { js 'return document.getElementById("rec-error").textContent'; }
pending() { js 'return String(document.getElementById("rec-pending").hidden === false)'; }
RENEGES_ASKED=0
phase_of() { # LINE: the phase its taps are counted in
  local w=($1)
  case $1 in
    "dealer "*) echo dealer ;;
    *" bid "*|*" pass") echo bids ;;
    *" trump "*) echo trump ;;
    *" give "*) echo passing ;;
    *" meld "*) echo meld ;;
    *" score "*) echo score ;;
    *) if [[ $(view 'v.tricks_done') == 0 ]]; then echo trick-1; else echo tricks; fi ;;
  esac
}
start_game web-click
[[ $(js 'return document.getElementById("rec-table").hidden') == false ]] && ok "the recorder starts a game" || fail "start: $(js_err)"
[[ $(js 'return document.querySelectorAll("#rec-title bdi").length') == 5 ]] \
  && ok "the recorder's title: the game and its four players each in a <bdi>" || fail "rec-title: $(js 'return document.getElementById("rec-title").innerHTML')"
first=${players%%,*} second=${players#*, }; second=${second%%,*}
[[ $(js 'return document.querySelector("#rec-turn .now").textContent') == "Tap the dealer if not $first; then $second bids first" ]] \
  && ok "the turn panel names the dealer and the first bidder" || fail "turn: $(js 'return document.getElementById("rec-turn").textContent')"
shot record-start
# The lines as tapped: the passes before a bid go with the bid (a later
# seat's row), those that end the bidding with the trump tap, a hand's
# score rows with the next hand's first tap.
as_tapped() { # HAND
  awk '/^dealer/ { n++ } n == '"$1" "$DATA/table-a.tab" | awk '
    / pass$/ { held = held $0 "\n"; next }
    / trump | bid / { held = "" }
    { printf "%s", held; held = ""; if ($2 != "score") print }
    END { printf "%s", held }'
}
record_hand() { # HAND: taps it, counting the taps per phase; prints them
  local line t0 ph typed=0 taps0
  declare -A PHASE=()
  taps0=$(js 'return String(window.pnTaps)')
  while IFS= read -r line; do
    [[ $1 == 1 && $typed == 7 ]] && SHOT_PICK=record-meld
    t0=$(js 'return String(window.pnTaps)') ph=$(phase_of "$line")
    tap_line "$line"
    PHASE[$ph]=$(( ${PHASE[$ph]:-0} + $(js 'return String(window.pnTaps)') - t0 ))
    err=$(js_err)
    [[ -z $err ]] || fail "hand $1: line '$line' refused: $err"
    typed=$((typed + 1))
    case $1:$typed in
      1:2) shot record-bidding ;;
      1:4) shot record-trump ;;
    esac
  done < <(as_tapped "$1")
  [[ $(pending) == true ]] && tap "#rec-yes" # a renege asked at the hand's last tap
  TAPS=$(( $(js 'return String(window.pnTaps)') - taps0 ))
  echo "taps per phase, hand $1: $(for ph in dealer bids trump passing meld trick-1 tricks score; do printf '%s %s, ' "$ph" "${PHASE[$ph]:-0}"; done)"
  echo "taps per hand: $TAPS taps, 0 keystrokes (hand $1 of table-a, partnership-auction, $typed taps' lines)"
}
SHOT_PICK=
record_hand 1
((TAPS <= 60)) && ok "hand 1 recorded in $TAPS taps" || fail "hand 1 took $TAPS taps"
shot record-hand
[[ $(js 'return document.querySelectorAll("#rec-bids button[data-bid]").length + ":" + document.querySelector("#rec-bids button[data-bid]:not([data-bid=pass])").textContent') == "7:250" ]] \
  && ok "the next hand's bid buttons start at the lowest bid again (no 270 carried)" || fail "bids after a hand: $(js 'return document.getElementById("rec-bids").textContent')"
[[ $(js 'return document.getElementById("rec-confirm-box").hidden') == false ]] \
  && ok "the scores by the rules shown to confirm, or to go with the next tap" || fail "no score confirmation shown"
record_hand 2
((TAPS <= 60)) && ok "hand 2 (all pass, the dealer's; a renege recorded by the tap after it) recorded in $TAPS taps" || fail "hand 2 took $TAPS taps"
((RENEGES_ASKED == 1)) && ok "hand 2's renege asked once, and answered by the next card's tap" || fail "renege questions in hand 2: $RENEGES_ASKED"
"$PINOCHLE" export "$WORK/club.db" --game web-click 2>/dev/null | awk -F, 'NR > 1' >"$WORK/recorded.csv"
# Meld claims equal to their value by the rules (Cal's 20 in hand 1, 10
# and 60 in hand 2): a tap sends no claim then.  Hand 1's scores went
# with hand 2's first tap (its trump); hand 2 has none in the log.
awk -F, 'NR > 1 && $2 <= 2' "$DATA/table-a.csv" \
  | sed 's/^web-12-1,/web-click,/; s/^\(web-click,1,17,3,meld,KH QH,\)20$/\1/; s/^\(web-click,2,14,3,meld,9C,\)10$/\1/; s/^\(web-click,2,15,4,meld,KS QS JD,\)60$/\1/' \
  >"$WORK/expected.csv"
if cmp -s "$WORK/recorded.csv" "$WORK/expected.csv"; then
  ok "two hands recorded by taps alone are stored as their log, hand 1's scores with them"
else
  fail "the hands recorded by taps differ from their log"; diff "$WORK/recorded.csv" "$WORK/expected.csv" | head -5
fi

# An auction hand (hand 1 of sample-data/club-auction.csv, three hands,
# in table order by tests/record/log2table.awk): the widow's cards tapped
# once the bidding is over, then "the widow"; the bidder's discards
# tapped, then "discards"; stored as its log (its rows, less the meld
# claims the rules' values stand for, and the widow where it was typed).
AUCTION=$SRC/sample-data/club-auction.csv
go /record
wait_idle
js 'document.querySelector("#rec-start select[name=variant]").value = "auction"; return 1' >/dev/null
AKEY=$(awk -F, 'NR == 2 { print $1 }' "$AUCTION") # its first game
field "#rec-start input[name='players']" "$(awk -F, -v k="$AKEY" '$1 == k && $5 == "player" { printf "%s%s", sep, $7; sep = ", " }' "$AUCTION")"
field "#rec-start input[name='game']" web-auction
click "#rec-start-button"
wait_idle
[[ $(js 'return document.getElementById("rec-table").hidden') == false ]] || fail "auction game not started: $(js_err)"
js 'window.pnTaps = 0; return 1' >/dev/null
while IFS= read -r line; do
  tap_line "$line"
  err=$(js_err)
  [[ -z $err ]] || fail "auction: line '$line' refused: $err"
  [[ $line == *" discard "* ]] && shot record-auction-discard "#rec-lines"
done < <(awk -v players=3 -f "$SRC/tests/record/log2table.awk" "$AUCTION" | awk '/^dealer/ { n++ } n == 1' \
         | awk '/^widow / { widow = $0; next } { print } / trump / { print widow }')
"$PINOCHLE" export "$WORK/club.db" --game web-auction 2>/dev/null | awk -F, '$2 == 1 && $5 != "deal" { print $4, $5, $6 }' | sort >"$WORK/auction.got"
awk -F, -v k="$AKEY" '$1 == k && $2 == 1 && $5 != "deal" { print $4, $5, $6 }' "$AUCTION" | sort >"$WORK/auction.want"
if cmp -s "$WORK/auction.got" "$WORK/auction.want" && [[ $(view 'v.stage') == done ]]; then
  ok "an auction hand's widow and discard by taps, stored as its log ($(js 'return String(window.pnTaps)') taps)"
else
  fail "the auction hand by taps: $(view 'v.stage') $(js_err)"; diff "$WORK/auction.got" "$WORK/auction.want" | head -5
fi

# Mis-taps, each corrected by tapping: a wrong dealer tapped then the
# right one; a wrong bid replaced by tapping its line; a meld shown by the
# wrong seat deleted by tapping its line; a wrong card of a trick
# replaced by tapping its line.  The hand is then stored as its log.
start_game web-mistap
tap "#rec-dealer button[data-seat='3']"
[[ $(view 'v.dealer + ":" + v.seat') == 3:4 ]] && ok "mis-tap: Cal tapped as dealer, Dee bids first" || fail "dealer 3: $(view 'v.dealer')"
tap "#rec-dealer button[data-seat='1']"
[[ $(view 'v.dealer + ":" + v.seat') == 1:2 ]] && ok "the dealer corrected with a tap before the first bid" || fail "dealer back: $(view 'v.dealer')"
n=0
while IFS= read -r line; do
  n=$((n + 1))
  case $n in
    2) tap "#rec-bids button[data-bid='270']"
       tap "#rec-lines button[data-line='1']"; tap "#rec-fix button[data-fix='edit']"
       tap "#rec-bids button[data-bid='250']"
       [[ $(view 'v.lines[0]') == "bid 250" ]] && ok "a wrong bid replaced by tapping its line" || fail "bid fix: $(view 'v.lines.join("|")') $(js_err)"
       continue ;;
    3) # Ann's pass, but Bob's bid tapped (two passes sent before it): one Undo takes all three lines back
       tap "#rec-bids div[data-seat='1'] button[data-bid='260']"
       [[ $(view 'v.lines.join("|")') == "bid 250|pass|pass|bid 260" ]] \
         && ok "a later player's bid sends the passes before it" || fail "later bid: $(view 'v.lines.join("|")') $(js_err)"
       tap "#rec-undo"
       [[ $(view 'v.lines.join("|") + ":" + v.seat') == "bid 250:3" ]] \
         && ok "a later player's bid tapped by mistake undone in one tap" || fail "later bid undo: $(view 'v.lines.join("|")') $(js_err)" ;;
    10) tap "#rec-cards button[data-card='QS']:not([disabled])"; tap "#rec-cards button[data-card='JD']:not([disabled])"
        tap "#rec-picked button[data-act='meld'][data-seat='2']"
        k=$(view 'v.lines.length')
        tap "#rec-lines button[data-line='$k']"
        shot record-mistap "#rec-fix"
        tap "#rec-fix button[data-fix='delete']"
        [[ $(view 'v.lines.length') == $((k - 1)) ]] && ok "a meld by the wrong seat deleted by tapping its line" || fail "meld delete: $(js_err)"
        # the seats' meld rows, at phone width: pinochle tapped in Bob's
        # row (Ann's meld), then Undo; Dee's meld by her row, a marriage
        # too many tapped in it (her line replaced), then Undo
        k=$(view 'v.lines.length')
        size 390 900
        tap "#rec-meld-rows div[data-seat='2'] button[data-meld='pinochle']"
        [[ $(view 'v.lines.length + ":" + v.lines[v.lines.length - 1]') == "$((k + 1)):2 meld QS JD" ]] \
          && ok "a meld row's button: one tap sends that seat's meld" || fail "meld row: $(view 'v.lines.slice(-2).join("|")') $(js_err)"
        shot record-meld-rows "#rec-meld-rows"
        size 390 900
        tap "#rec-undo"
        [[ $(view 'v.lines.length + ":" + v.lines.some(function (l) { return /^2 meld /.test(l); })') == "$k:false" ]] \
          && ok "a meld tapped in the wrong seat's row undone in one tap" || fail "meld row undo: $(view 'v.lines.join("|")') $(js_err)"
        size 820 900
        tap_line "$line"
        tap "#rec-meld-rows div[data-seat='4'] button[data-meld='marriage \u2665']"
        [[ $(view 'v.lines.length + ":" + v.lines[v.lines.length - 1]') == "$((k + 1)):4 meld KS QS KH QH KD QD 9D 9D" ]] \
          && ok "a second tap in a seat's row replaces its line with both melds" || fail "meld row edit: $(view 'v.lines.slice(-2).join("|")') $(js_err)"
        tap "#rec-undo"
        [[ $(view 'v.lines.length + ":" + v.lines[v.lines.length - 1]') == "$((k + 1)):$line" ]] \
          && ok "Undo puts back the seat's meld line a row tap replaced" || fail "meld row edit undo: $(view 'v.lines.slice(-2).join("|")') $(js_err)"
        size 1024 900
        continue ;;
    16) words=($line)
        tap "#rec-cards button[data-card='${words[1]}']:not([disabled])" # the second card first: Bob's play is wrong
        k=$(view 'v.lines.length')
        tap "#rec-lines button[data-line='$k']"; tap "#rec-fix button[data-fix='edit']"
        tap "#rec-cards button[data-card='${words[0]}']:not([disabled])"
        [[ $(view 'v.lines[v.lines.length - 1] + ":" + v.trick.length') == "${words[0]}:1" ]] \
          && ok "a wrong card replaced by tapping its line (the trick goes on)" || fail "card fix: $(view 'v.lines.slice(-2).join("|")') $(js_err)"
        for c in "${words[@]:1}"; do tap "#rec-cards button[data-card='$c']:not([disabled])"; done
        continue ;;
    18) words=($line)
        tap "#rec-cards button[data-card='${words[0]}']:not([disabled])"
        [[ $(js 'return document.querySelector("#rec-turn .now").textContent') =~ ^Trick\ 5:\ .+\ —\ .+\ to\ play$ ]] \
          && ok "mid-trick the turn panel names who plays next: $(js 'return document.querySelector("#rec-turn .now").textContent')" \
          || fail "mid-trick turn: $(js 'return document.querySelector("#rec-turn .now").textContent')"
        shot record-midtrick "#rec-cards"
        for c in "${words[@]:1}"; do tap "#rec-cards button[data-card='$c']:not([disabled])"; done
        continue ;;
    25) words=($line) # the last trick: Dee's AD and Ann's QS played by themselves (5 cards marked: trick 9's TD, trick 11's AD and QD too)
        [[ $(view 'v.trick.map(function (t) { return t.card; }).join(" ")') == "${words[*]:0:2}" ]] \
          && ok "the last trick plays the cards the server proves (${words[*]:0:2})" || fail "last trick: $(view 'JSON.stringify(v.trick)')"
        [[ $(js 'return document.querySelectorAll("#rec-lines button.filled").length + ":" + /[(]filled in[)]/.test(document.querySelector("#rec-turn .now").textContent)') == 5:true ]] \
          && ok "the cards filled in are marked in the lines and the trick" || fail "filled-in marks: $(js 'return document.getElementById("rec-lines").textContent + " / " + document.querySelector("#rec-turn .now").textContent')"
        tap "#rec-undo"
        [[ $(view 'v.trick.length') == 1 ]] && ok "Undo takes back a card played by itself, which stays taken back" \
          || fail "undo in the last trick: $(view 'JSON.stringify(v.trick)')"
        for c in "${words[@]:1}"; do
          [[ $(view 'v.stage') == play ]] && tap "#rec-cards button[data-card='$c']:not([disabled])"
        done
        continue ;;
  esac
  tap_line "$line"
  err=$(js_err)
  [[ -z $err ]] || fail "mistap game: line '$line' refused: $err"
done < <(awk '/^dealer/ { n++ } n == 1' "$DATA/table-a.tab")
tap "#rec-confirm-button" # the scores by the rules, with a tap of their own
"$PINOCHLE" export "$WORK/club.db" --game web-mistap 2>/dev/null | awk -F, 'NR > 1' >"$WORK/recorded2.csv"
awk -F, '$2 <= 1' "$WORK/expected.csv" | sed 's/^web-click,/web-mistap,/' >"$WORK/expected2.csv"
cmp -s "$WORK/recorded2.csv" "$WORK/expected2.csv" && ok "after the corrections the hand is stored as its log" \
  || { fail "the corrected hand differs from its log"; diff "$WORK/recorded2.csv" "$WORK/expected2.csv" | head -5; }

# A renege dropped: its card is offered again, as the server counts it.
# Hand 1 and hand 2 up to trick 9 of table-a go in through the API; the
# renege (Dee's JD at trick 9) is tapped on the page and dropped.
T="Authorization: Bearer $TOKEN"
curl -s -H "$T" -d '{"game": "web-renege", "variant": "partnership-auction", "players": ["Ann", "Bob", "Cal", "Dee"], "options": ["target=500"]}' "$BASE/api/games" >/dev/null
head -47 "$DATA/table-a.tab" | while IFS= read -r line; do
  curl -s -H "$T" -d "{\"line\": \"$line\", \"confirm\": true}" "$BASE/api/games/web-renege/lines" >/dev/null
done
go "/record?resume=web-renege"
wait_idle
tap "#rec-cards button[data-card='AS']:not([disabled])"
before=$(js 'return document.querySelector("#rec-cards button[data-card=JD]").textContent')
tap "#rec-cards button[data-card='JD']:not([disabled])"
[[ $(js 'return document.getElementById("rec-pending").hidden') == false ]] && ok "the renege awaits yes or no" || fail "no renege asked"
shot record-renege "#rec-pending"
tap "#rec-no"
[[ $(js 'var b = document.querySelector("#rec-cards button[data-card=JD]"); return b.disabled + ":" + b.textContent') == "false:$before" \
   && $(view 'String(v.left.filter(function (c) { return c === "JD"; }).length)') -ge 1 ]] \
  && ok "a dropped renege's card is offered again ($before), as the server counts it" \
  || fail "after the renege dropped: $(js 'return document.querySelector("#rec-cards button[data-card=JD]").outerHTML')"

# The unfinished games listed on /record, each resumed with a tap.
go /record
wait_idle
[[ $(js 'return document.querySelectorAll("#rec-unfinished button[data-resume]").length') -ge 2 ]] \
  && ok "the unfinished games are listed to resume" || fail "unfinished: $(js 'return document.getElementById("rec-unfinished").textContent')"
[[ $(js 'return document.getElementById("rec-unfinished").textContent') == *"lines kept"* ]] \
  && ok "a game's hand in progress shows its lines kept" || fail "no lines kept shown: $(js 'return document.getElementById("rec-unfinished").textContent')"
shot record-resume-list
js 'window.pnSent = []; var f = window.fetch; window.fetch = function (u, o) { window.pnSent.push(o.method + " " + u); return f.apply(this, arguments); }; return 1' >/dev/null
tap "#rec-unfinished button[data-resume='web-mistap']"
[[ $(js 'return window.pnSent.join(",") + ":" + document.getElementById("rec-table").hidden + ":" + document.getElementById("rec-error").textContent') == "POST /api/games/web-mistap/resume:false:" ]] \
  && ok "Resume POSTs /api/games/KEY/resume and reopens the table" || fail "resume: $(js 'return window.pnSent.join(",") + document.getElementById("rec-error").textContent')"

# ------------------------------------------------------------ a stored hand edited
# "Edit this hand" on hand 2's page: a box per stored line; a bad line is
# refused and marked (nothing stored), then the last trick's two cards
# swapped and Replace: the page goes back to the hand, which the API now
# lists with the corrected line.
go /games/club-2026-11-20-t3/hands/2
click "p.edit a"
[[ $(js 'return document.querySelectorAll("#redo-lines li input").length + ":" + document.querySelectorAll("#redo-lines li button").length') == 22:44 ]] \
  && ok "the hand editor lists the 22 stored lines, each with Insert and Delete" \
  || fail "editor: $(js 'return document.querySelectorAll("#redo-lines li").length')"
shot hand-edit
field "#redo-lines li:nth-child(5) input" "2 trump X"
click "#redo-send"
for _ in $(seq 100); do [[ -n $(js 'return document.getElementById("redo-error").textContent') ]] && break; sleep 0.05; done
[[ $(js 'return document.querySelectorAll("#redo-lines li.refused").length + ":" + /^line 5 /.test(document.getElementById("redo-error").textContent)') == 1:true ]] \
  && ok "a bad line is refused and marked" || fail "refusal: $(js 'return document.getElementById("redo-error").textContent')"
field "#redo-lines li:nth-child(5) input" "2 trump H"
field "#redo-lines li:nth-child(22) input" "TH TS TC QD"
click "#redo-send"
for _ in $(seq 100); do [[ $(js 'return location.pathname') == */hands/2 ]] && break; sleep 0.05; done
[[ $(js 'return location.pathname') == /games/club-2026-11-20-t3/hands/2 ]] && ok "Replace goes back to the hand" || fail "after Replace: $(js 'return location.pathname + document.getElementById("redo-error").textContent')"
curl -s -H "Authorization: Bearer $TOKEN" "$BASE/api/games/club-2026-11-20-t3/hands/2/lines" | grep -q '"TH TS TC QD"' \
  && ok "the hand is stored with the corrected line" || fail "the hand's lines after Replace"
# hand 2's score claims (160, 310) are not lines: rec_redo_hand puts the
# stored ones back when no score row is sent
claims=$("$PINOCHLE" export "$WORK/club.db" --game club-2026-11-20-t3 2>/dev/null | awk -F, '$2 == 2 && $5 == "score" { printf "%s:%s ", $4, $7 }')
[[ $claims == "1:160 2:310 " ]] && ok "the replaced hand keeps its stored score claims" || fail "score claims after Replace: '$claims'"

echo "screenshots in $ART"
if ((failures > 0)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "browser test passed"
