#!/usr/bin/env bash
# test_pages.sh PINOCHLE - the pages this directory owns, written by
# `pinochle report ... --format html` from the database of make_db.sh:
#
#   - golden files (tests/pages/golden/): the insights page, the same for
#     one player, the ratings page, a hand with long names, the score
#     sheets (`report game --format html`) of a game of each preset, and a
#     night of two rounds, one played (`night seating --format html`, the
#     table cards, and /nights/NAME as served), compared
#     whole but for the inline stylesheet and script (the shared assets:
#     tests/web checks them), so a change to what a page says or draws
#     shows as a diff.  PN_UPDATE_GOLDEN=1 rewrites them (then look
#     at the diff and at the screenshots of test_pages_browser.sh); a
#     change planted in the night page and in a score sheet must differ;
#   - the ratings chart's x axis is the date: the dots of 2026-02-24 and
#     2026-11-03 stand 36 weeks apart and those of 02-17 and 02-24 one
#     week, so their distances are in the ratio 252 : 7 (within 1 %); the
#     gap's segment is dashed; the October tick stands inside the gap;
#   - the provisional rule: Quinn (1 game, rated highest) is marked 1661?
#     and listed after every established player;
#   - the hand diagram: each seat's name is on its own line above its cards
#     (the name's baseline above the cards' top), and the diagram is at
#     least as wide as the 40-letter name's estimate.
#
# PINOCHLE_WRAPPER (e.g. "valgrind -q --error-exitcode=99") wraps each run.
# The runner (t, fail, out_has, ...), $PN, $tmp and the tally: tests/lib.sh.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
db=$tmp/pages.db
bash "$HERE/make_db.sh" "$1" "$HERE/../.." "$db" || fail "make_db.sh"
GAME=club-2026-11-20-t3

# The page without the inline stylesheet and script.
strip_assets() { awk '/^<style>$/ || /^<script>$/ { skip = 1 } !skip { print } /^<\/style>$/ || /^<\/script>$/ { skip = 0 }' "$1"; }

golden() { # NAME: $tmp/out against golden/NAME.html
  strip_assets "$tmp/out" >"$tmp/$1.html"
  if [[ ${PN_UPDATE_GOLDEN:-} == 1 ]]; then cp "$tmp/$1.html" "$HERE/golden/$1.html"; fi
  diff -u "$HERE/golden/$1.html" "$tmp/$1.html" >"$tmp/diff" || fail "$1 differs from golden/$1.html: $(head -20 "$tmp/diff")"
}

echo "-- golden pages"
t insights 0 report "$db" insights --format html
golden insights
t insights-player 0 report "$db" insights --player "wolfgang amadeus" --format html
golden insights-player
t ratings 0 report "$db" ratings --format html
golden ratings
cp "$tmp/out" "$tmp/ratings-page.html"
t hand 0 report "$db" hand "$GAME" 1 --format html
golden hand
cp "$tmp/out" "$tmp/hand-page.html"

echo "-- golden score sheets: a game of each preset of the database"
for key in sim-auction-2026-1 sim-double-deck-2026-1 sim-five-call-2026-1 "$GAME"; do
  t "game $key" 0 report "$db" game "$key" --format html
  golden "game-$key"
done

echo "-- golden night pages: /nights/NAME as served and the table cards"
# a night of two rounds (tests/night's flow, shortened): round 1's two
# tables played by simulated games that join it by their tags
ndb=$tmp/night.db
"$PN" night "$ndb" start fri --variant partnership --players Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal --rounds 2 \
  --date 2026-11-27 >/dev/null || fail "night start"
"$PN" night "$ndb" seating fri --format csv >"$tmp/seating.csv" || fail "night seating"
for table in 1 2; do
  names=$(awk -F, -v t=$table '$1 == 1 && $2 == t { printf "%s%s", s, $4; s = "," }' "$tmp/seating.csv")
  "$PN" sim --variant partnership --games 1 --seed $((20 + table)) --players A,B,C,D --key-prefix "fri-r1-t$table" \
    --tag night=fri --tag round=1 --tag table=$table --tag date=2026-11-27 -o "$tmp/sim.csv" || fail "sim"
  awk -F, -v OFS=, -v names="$names" 'BEGIN { split(names, n, ",") } $5 == "player" { $7 = n[$4] } { print }' \
    "$tmp/sim.csv" >"$tmp/table$table.csv"
  "$PN" import "$ndb" "$tmp/table$table.csv" >/dev/null 2>&1 || fail "import table $table"
done
t "night cards" 0 night "$ndb" seating fri --format html
golden night-cards
port=$(( (RANDOM % 20000) + 30000 ))
PINOCHLE_TOKEN=pages-token-0123456789 "$PN" serve "$ndb" --listen "127.0.0.1:$port" >"$tmp/serve.out" 2>&1 &
serve_pid=$!
for _ in $(seq 50); do curl -s -o "$tmp/out" "http://127.0.0.1:$port/nights/fri" -H "Authorization: Bearer pages-token-0123456789" && break; sleep 0.1; done
kill "$serve_pid" 2>/dev/null
wait "$serve_pid" 2>/dev/null
grep -q '<h2>Standings after 1 of 2 rounds' "$tmp/out" || fail "/nights/fri is not the night's page: $(head -c 300 "$tmp/out")"
golden night

echo "-- a planted change fails the golden comparison"
planted() { # NAME FILE: FILE, the page with one change planted, must differ from golden/NAME.html
  cmp -s "$tmp/$1.html" "$2" && fail "$1: nothing was planted"
  strip_assets "$2" | cmp -s - "$HERE/golden/$1.html" && fail "$1: a planted change matches the golden file"
}
sed 's/<h2>Standings after 1 of 2 rounds/<h2>Standings after 2 of 2 rounds/' "$tmp/night.html" >"$tmp/planted"
planted night "$tmp/planted"
sed 's/<tr><td class="n">3<\/td><td title="seat [0-9]">/<tr><td class="n">3<\/td><td title="seat 9">/' \
  "$tmp/game-sim-auction-2026-1.html" >"$tmp/planted" # hand 3's dealer
planted game-sim-auction-2026-1 "$tmp/planted"

echo "-- the ratings chart's x axis is the date"
# "cx cy" of a player's dot of a date, from its tooltip.
dot_x() { grep -o "cx=\"[0-9.]*\" cy=\"[0-9.]*\"><title>$1 $2: " "$tmp/ratings-page.html" | head -1 | sed 's/cx="\([0-9.]*\)".*/\1/'; }
a=$(dot_x Dee 2026-02-17) b=$(dot_x Dee 2026-02-24) c=$(dot_x Dee 2026-11-03)
[[ -n $a && -n $b && -n $c ]] || fail "Dee's dots of 02-17, 02-24, 11-03: '$a' '$b' '$c'"
awk -v a="$a" -v b="$b" -v c="$c" 'BEGIN { r = (c - b) / (b - a); exit !(r > 36 * 0.99 && r < 36 * 1.01) }' ||
  fail "the gaps' ratio is not 252 : 7 (x $a $b $c)"
grep -q '<polyline class="series gap" stroke="[^"]*" fill="none" points="'"$b"',' "$tmp/ratings-page.html" || fail "the gap after 02-24 is not dashed"
oct=$(grep -o '<text class="xtick" x="[0-9.]*" y="[0-9]*">Oct</text>' "$tmp/ratings-page.html" | sed 's/.*x="\([0-9.]*\)".*/\1/')
awk -v o="$oct" -v b="$b" -v c="$c" 'BEGIN { exit !(o != "" && o > b && o < c) }' || fail "no October tick inside the gap ('$oct')"

echo "-- provisional: Quinn marked and after the established"
grep -q '<tr class="provisional"><td class="n">11</td><td><bdi>Quinn</bdi></td><td class="n">1661?</td>' "$tmp/ratings-page.html" ||
  fail "Quinn is not the provisional 11th"
[[ $(grep -c '^<tr><td class="n">' "$tmp/ratings-page.html") -eq 10 ]] || fail "not ten established players first"

echo "-- the hand diagram: names on their own line, the diagram as wide as the longest"
# every seat: the name's baseline (y) is above its first card's top (translate's y)
awk 'match($0, /<g class="seat" data-seat="[0-9]"><text class="name" x="0" y="[0-9]+"/) {
       s = substr($0, RSTART, RLENGTH); sub(/.*y="/, "", s); name_y = s + 0
       if (match($0, /transform="translate\([0-9]+ [0-9]+\)"/)) {
         t = substr($0, RSTART, RLENGTH); sub(/.* /, "", t); card_y = t + 0
         if (name_y > card_y) { print "a name runs into its cards: name y", name_y, "cards y", card_y; bad = 1 }
         seats++
       }
     }
     END { if (seats != 8) { print "seats seen", seats; bad = 1 } exit bad }' "$tmp/hand-page.html" >"$tmp/diff" ||
  fail "$(cat "$tmp/diff")"
w=$(grep -o '<figure class="hands" id="dealt"><svg viewBox="0 0 [0-9]*' "$tmp/hand-page.html" | sed 's/.* //')
[[ -n $w && $w -ge 424 ]] || fail "the diagram is $w wide: the 40-letter name needs 424 (24 + 40 x 10)"
grep -q '<text class="name" x="0" y="[0-9]*">2 Maximiliana Wolkenstein-Rodenegg-Trostbu</text>' "$tmp/hand-page.html" ||
  fail "the 40-letter name is not whole"

if [[ $failures -eq 0 ]]; then
  echo "pages: all $checks runs passed"
else
  echo "pages: $failures failed checks in $checks runs"
fi
[[ $failures -eq 0 ]]
