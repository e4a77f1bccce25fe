#!/usr/bin/env bash
# test_insights.sh PINOCHLE - `pinochle report DB insights` on the sample
# data against figures recomputed here with awk from `report hands --format
# csv` (one row per hand and seat) and from the deal rows of the sample
# event logs themselves, a path that shares none of the insights code: per
# hand, the bidder's side (the rows whose side is the bidder's), its
# counters and meld shown summed, made when the bidder's score is not
# negative; the bidder's trumps and aces counted in the cards of its deal
# rows.  Each insights row's hands, made and avg_counters must be those of
# the hands whose bid (side meld, trumps, aces) lies in its band, and with
# --player NAME the player_ columns those of NAME's bids alone.
# Also: the CSV header exactly, the band widths of two presets, --variant,
# --player's presets and an unknown player, the empty selection (a
# sentence, exit 0), JSON's empty array.
#
# PINOCHLE_WRAPPER (e.g. "valgrind -q --error-exitcode=99") wraps each run.
# The runner (t, fail, out_has, ...), $PN, $tmp and the tally: tests/lib.sh.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
db=$tmp/s.db
for f in auction double-deck five-call partnership-auction single-bid; do
  t "import $f" 0 import "$db" "$HERE/../../sample-data/club-$f.csv"
done

echo "-- the CSV header, exactly"
t csv 0 report "$db" insights --format csv
cp "$tmp/out" "$tmp/ins.csv"
[[ $(head -1 "$tmp/ins.csv") == "variant,by,band,band_low,hands,made,make_pct,avg_margin,avg_counters" ]] ||
  fail "header: $(head -1 "$tmp/ins.csv")"

echo "-- band widths: 50 in auction (from 250), 25 in double-deck (from 50)"
grep -q '^auction,bid,250-299,250,' "$tmp/ins.csv" || fail "auction's first bid band"
grep -q '^double-deck,bid,50-74,50,' "$tmp/ins.csv" || fail "double-deck's first bid band"

# The deal rows of the sample logs: "game hand seat" -> the cards dealt.
awk -F, '$5 == "deal" { print $1 "," $2 "," $4 "," $6 }' "$HERE"/../../sample-data/club-*.csv >"$tmp/deals"

# Per hand of the hands CSV on stdin (after the deals file):
# "bid,made,counters,meld,trumps,aces,bidder's name" (trumps empty when no trump).
per_hand() {
  awk -F, 'FNR == NR { cards[$1, $2, $3] = cards[$1, $2, $3] " " $4; next }
    FNR > 1 && $8 != "" {
      k = $1 SUBSEP $2
      if (!(k in bid)) { order[++n] = k; bid[k] = $8; bidder[k] = $7; trump[k] = $9 }
      side[k, $3] = $5; ctr[k, $3] = $11; meld[k, $3] = $10; score[k, $3] = $13; name[k, $3] = $4
      seats[k] = $3 + 0 > seats[k] ? $3 + 0 : seats[k]
    }
    END {
      for (i = 1; i <= n; i++) {
        k = order[i]; b = bidder[k]; c = 0; m = 0
        for (s = 1; s <= seats[k]; s++) if (side[k, s] == side[k, b]) { c += ctr[k, s]; m += meld[k, s] }
        split(k, gh, SUBSEP); nc = split(cards[gh[1], gh[2], b], card, " "); t = 0; a = 0
        for (j = 1; j <= nc; j++) { a += substr(card[j], 1, 1) == "A"; t += substr(card[j], 2, 1) == trump[k] }
        print bid[k] "," (score[k, b] >= 0 ? 1 : 0) "," c "," m "," (trump[k] == "" ? "" : t) "," a "," name[k, b]
      }
    }' "$tmp/deals" -
}

# Checks the rows on stdin against the hands file $1: columns $2 (hands),
# $3 (made), $4 (avg_counters) from the bids whose bidder is $5 (any: "").
check_rows() {
  awk -F, -v p="$1" -v ch="$2" -v cm="$3" -v cc="$4" -v who="$5" '
    FNR == NR { v[1, NR] = $1; made[NR] = $2; ctr[NR] = $3; v[3, NR] = $4; v[4, NR] = $5; v[5, NR] = $6
                nm[NR] = $7; n = NR; next }
    { col = $2 == "bid" ? 1 : $2 == "meld" ? 3 : $2 == "trumps" ? 4 : 5
      nb = split($3, band, "-"); lo = band[1] + 0; hi = nb > 1 ? band[2] + 0 : lo; h = 0; m = 0; c = 0
      for (i = 1; i <= n; i++) {
        if (who != "" && nm[i] != who) continue
        x = v[col, i]
        if (x != "" && x >= lo && x <= hi) { h++; m += made[i]; c += ctr[i] }
      }
      want = h ? sprintf("%d,%d,%.1f", h, m, c / h) : "0,0,"
      got = $ch "," $cm "," $cc
      if (want != got) { print p, who, $2, $3, "want", want, "got", got; bad = 1 }
      total[$2] += h
    }
    END { for (i = 1; i <= n; i++) if (who == "" || nm[i] == who) { all++; if (v[4, i] != "") trumps++ }
          if (total["bid"] != all || total["meld"] != all || total["aces"] != all || total["trumps"] != trumps) {
            print p, who, "bands cover", total["bid"], total["meld"], total["trumps"], total["aces"], "of", all, trumps; bad = 1 }
          exit bad }' "$tmp/hands-$1" -
}

echo "-- every row recomputed from report hands and the deal rows"
t csv-hal 0 report "$db" insights --format csv --player Hal
cp "$tmp/out" "$tmp/hal.csv"
for p in auction double-deck five-call partnership-auction; do
  t "hands $p" 0 report "$db" hands --variant "$p" --format csv
  per_hand <"$tmp/out" >"$tmp/hands-$p"
  [[ -s $tmp/hands-$p ]] || fail "no bids in $p"
  grep -q '^[^,]*,[^,]*,[^,]*,[^,]*,[0-9]' "$tmp/hands-$p" || fail "no trumps counted in $p"
  grep "^$p," "$tmp/ins.csv" | check_rows "$p" 5 6 9 "" >"$tmp/diff" || fail "$(cat "$tmp/diff")"
  for d in trumps aces; do grep -q "^$p,$d," "$tmp/ins.csv" || fail "no $d rows in $p"; done
  echo "-- --player Hal in $p: the club's columns as without it, Hal's recomputed"
  grep "^$p," "$tmp/hal.csv" | cut -d, -f1-9 | diff - <(grep "^$p," "$tmp/ins.csv") >/dev/null ||
    fail "$p: the club's columns change with --player"
  grep "^$p," "$tmp/hal.csv" | check_rows "$p" 10 11 14 Hal >"$tmp/diff" || fail "$(cat "$tmp/diff")"
done
[[ $(head -1 "$tmp/hal.csv") == "variant,by,band,band_low,hands,made,make_pct,avg_margin,avg_counters,player_hands,player_made,player_make_pct,player_avg_margin,player_avg_counters" ]] ||
  fail "--player header: $(head -1 "$tmp/hal.csv")"
grep -q '^auction,trumps,7,7,16,13,81.2,109.4,145.0,0,0,,,$' "$tmp/hal.csv" || fail "a band Hal never bid in is not empty"

echo "-- --player lists only the presets the player sat in; an unknown player is an error"
db2=$tmp/two.db
t "import auction" 0 import "$db2" "$HERE/../../sample-data/club-auction.csv"
t "import disputed-hand" 0 import "$db2" "$HERE/../../sample-data/disputed-hand.csv" # Ann Bob Cal Dee
t all-presets 0 report "$db2" insights --format csv
[[ $(tail -n +2 "$tmp/out" | cut -d, -f1 | sort -u | tr '\n' ' ') == "auction partnership-auction " ]] || fail "both presets: $(cut -d, -f1 "$tmp/out" | sort -u)"
t hal 0 report "$db2" insights --format csv --player hal
[[ $(tail -n +2 "$tmp/out" | cut -d, -f1 | sort -u | tr '\n' ' ') == "auction " ]] || fail "Hal never sat in partnership-auction"
t hal-text 0 report "$db2" insights --player hal
out_has "^p\\. columns: Hal's own bids won"
awk 'length($0) > 80 { n++ } END { exit n > 0 }' "$tmp/out" || fail "a text line is wider than 80 columns"
t nobody 2 report "$db2" insights --player Zed
err_has "no player 'Zed' in the selected games"
t player-elsewhere 2 report "$db2" players --player Bob
err_has "player is for insights"

echo "-- --variant picks one preset"
t variant 0 report "$db" insights --variant double-deck --format csv
[[ $(cut -d, -f1 "$tmp/out" | sort -u | tr '\n' ' ') == "double-deck variant " ]] || fail "other presets listed"
grep '^double-deck,' "$tmp/ins.csv" | diff - <(tail -n +2 "$tmp/out") >/dev/null || fail "rows differ from the whole run's"

echo "-- the empty selection: a sentence, exit 0"
t empty-text 0 report "$db" insights --variant three-hand
out_has '^No bids won in the selection\.$'
t empty-csv 0 report "$db" insights --variant three-hand --format csv
[[ $(cat "$tmp/out") == "variant,by,band,band_low,hands,made,make_pct,avg_margin,avg_counters" ]] ||
  fail "CSV of nothing is the header alone"
t empty-json 0 report "$db" insights --variant three-hand --format json
[[ $(cat "$tmp/out") == "[]" ]] || fail "JSON of nothing is []"

if [[ $failures -eq 0 ]]; then
  echo "insights: all $checks runs passed"
else
  echo "insights: $failures failed checks in $checks runs"
fi
[[ $failures -eq 0 ]]
