#!/usr/bin/env bash
# test_hand_views.sh PINOCHLE - `pinochle report DB hand KEY N` in every
# format (text, csv, json, html) against golden files, on a set of sample
# hands that between them show every part of the ReportHand model:
#
#   club-2026-11-20-t3 5        partnership-auction: cards passed, a renege
#                               with its evidence, analysed (par, costs, best)
#   sim-five-call-2026-1 1      five-call: a called card and partner, an
#                               analysis stopped by its budget (the last plays valued)
#   sim-two-hand-2026-1 3       two-hand: the stock, a dix, melds between
#                               tricks, an analysis of the playoff only
#   sim-auction-2026-1 1        auction: widow, discards, not analysed
#   sim-double-deck-2026-1 6    double-deck: a trump-without-marriage
#                               finding (not on a trick)
#   sim-three-hand-2026-1 1     three seats
#   seed003-two-hand-meld-220 1 the rules' worked example (progressive melds)
#
# and the first again with a stored fair review (`pinochle review`, two
# deals a decision: its fair costs beside the double-dummy ones, and the
# sentence where they disagree) as *.reviewed.{txt,json,html}.
#
# The golden files were written by main's binary before the report was
# computed as a ReportHand; the HTML is compared without its inline
# stylesheet and script (tests/web checks those).  PN_UPDATE_GOLDEN=1
# rewrites them (then read the diff).
# The runner (t, fail, ...), $PN, $tmp and the tally: tests/lib.sh.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SAMPLE=$HERE/../../sample-data
db=$tmp/hands.db
t import 0 import "$db" "$SAMPLE/disputed-hand.csv" "$SAMPLE/club-five-call.csv" "$SAMPLE/club-two-hand.csv" \
  "$SAMPLE/club-auction.csv" "$SAMPLE/club-double-deck.csv" "$SAMPLE/club-three-hand.csv" "$SAMPLE/seed-examples.csv"
t analyze-disputed 0 analyze "$db" --game club-2026-11-20-t3 --hand 5
t analyze-five-call 0 analyze "$db" --game sim-five-call-2026-1 --hand 1 --budget 20000
t analyze-two-hand 0 analyze "$db" --game sim-two-hand-2026-1 --hand 3

# The page without the inline stylesheet and script.
strip_assets() { awk '/^<style>$/ || /^<script>$/ { skip = 1 } !skip { print } /^<\/style>$/ || /^<\/script>$/ { skip = 0 }' "$1"; }

HANDS=("club-2026-11-20-t3 5" "sim-five-call-2026-1 1" "sim-two-hand-2026-1 3" "sim-auction-2026-1 1"
  "sim-double-deck-2026-1 6" "sim-three-hand-2026-1 1" "seed003-two-hand-meld-220 1")
declare -A EXT=([text]=txt [csv]=csv [json]=json [html]=html)
echo "-- ${#HANDS[@]} hands x text, csv, json, html against tests/hand/golden"
for hand in "${HANDS[@]}"; do
  read -r key n <<<"$hand"
  for f in text csv json html; do
    file=$key.$n.${EXT[$f]}
    t "$file" 0 report "$db" hand "$key" "$n" --format "$f"
    if [[ $f == html ]]; then strip_assets "$tmp/out" >"$tmp/got"; else cp "$tmp/out" "$tmp/got"; fi
    if [[ ${PN_UPDATE_GOLDEN:-} == 1 ]]; then cp "$tmp/got" "$HERE/golden/$file"; fi
    diff -u "$HERE/golden/$file" "$tmp/got" >"$tmp/diff" || fail "differs from golden/$file: $(head -20 "$tmp/diff")"
  done
done

echo "-- the disputed hand with a stored fair review (2 worlds, seed 1, no budget: exact and repeatable)"
t review-disputed 0 review "$db" --game club-2026-11-20-t3 --hand 5 --worlds 2 --seed 1 --budget 0 --format csv -o "$tmp/review.csv"
for f in text json html; do
  file=club-2026-11-20-t3.5.reviewed.${EXT[$f]}
  t "$file" 0 report "$db" hand club-2026-11-20-t3 5 --format "$f"
  if [[ $f == html ]]; then strip_assets "$tmp/out" >"$tmp/got"; else cp "$tmp/out" "$tmp/got"; fi
  if [[ ${PN_UPDATE_GOLDEN:-} == 1 ]]; then cp "$tmp/got" "$HERE/golden/$file"; fi
  diff -u "$HERE/golden/$file" "$tmp/got" >"$tmp/diff" || fail "differs from golden/$file: $(head -20 "$tmp/diff")"
done

echo "-- the set shows what it says it shows"
g=$HERE/golden
grep -q '"status": "analysed"' "$g/club-2026-11-20-t3.5.json" || fail "the disputed hand is not analysed"
grep -q 'data-evidence="KS JS 9S"' "$g/club-2026-11-20-t3.5.html" || fail "the renege's evidence is not drawn"
grep -q '"best": "' "$g/club-2026-11-20-t3.5.json" || fail "no costly play with its best card"
grep -q '"status": "budget"' "$g/sim-five-call-2026-1.1.json" || fail "the five-call hand's analysis did not stop at its budget"
grep -q '"partner": [1-5]' "$g/sim-five-call-2026-1.1.json" || fail "no called partner"
grep -q '"status": "unsupported"' "$g/sim-two-hand-2026-1.3.json" || fail "the two-hand analysis is not the playoff's"
grep -q '"action": "stock"' "$g/sim-two-hand-2026-1.3.json" || fail "no stock"
grep -q '"action": "discard"' "$g/sim-auction-2026-1.1.json" || fail "no discards"
grep -q 'Not analysed - run pinochle analyze' "$g/sim-auction-2026-1.1.html" || fail "the auction hand says nothing of its analysis"
grep -q '<h2>Other findings</h2>' "$g/sim-double-deck-2026-1.6.html" || fail "no finding off the tricks"
r=$g/club-2026-11-20-t3.5.reviewed
grep -q 'class="fair" x="[0-9]*" y="87">fair 0.0<title>' "$r.html" || fail "no play's fair cost under its card"
grep -q 'names <span class="c red">.*trump <span class="fair' "$r.html" || fail "the trump without its fair cost"
grep -q 'passes .*<span class="fair' "$r.html" || fail "a pass without its fair cost"
grep -q '<span class="disagree">double dummy says AD cost 20; with what Ann could see, AD was best in 100% of the deals.</span>' \
  "$r.html" || fail "no sentence where double dummy and the fair review disagree"
grep -q '"best_share": 0.5000' "$r.json" || fail "no best_share in the JSON"
grep -q 'AS best in 50% of the deals' "$r.txt" || fail "no share in the text line"

if [[ $failures -eq 0 ]]; then
  echo "hand_views: all $checks runs passed"
else
  echo "hand_views: $failures failed checks in $checks runs"
fi
[[ $failures -eq 0 ]]
