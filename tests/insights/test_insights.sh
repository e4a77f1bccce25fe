#!/usr/bin/env bash
# test_insights.sh PINOCHLE - `pinochle report DB insights` on the sample
# data against figures recomputed here with awk from `report hands --format
# csv` (one row per hand and seat), a path that shares none of the
# insights code: per hand, the bidder's side (the rows whose side is the
# bidder's), its counters and meld shown summed, made when the bidder's
# score is not negative.  Each insights row's hands, made and avg_counters
# must be those of the hands whose bid (or side meld) lies in its band.
# Also: the CSV header exactly, the band widths of two presets, --variant,
# the empty selection (a sentence, exit 0), JSON's empty array.
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

# Per hand of the hands CSV on stdin: "bid,made,counters,meld".
per_hand() {
  awk -F, 'NR > 1 && $8 != "" {
      k = $1 SUBSEP $2
      if (!(k in bid)) { order[++n] = k; bid[k] = $8; bidder[k] = $7 }
      side[k, $3] = $5; ctr[k, $3] = $11; meld[k, $3] = $10; score[k, $3] = $13; seats[k] = $3 + 0 > seats[k] ? $3 + 0 : seats[k]
    }
    END {
      for (i = 1; i <= n; i++) {
        k = order[i]; b = bidder[k]; c = 0; m = 0
        for (s = 1; s <= seats[k]; s++) if (side[k, s] == side[k, b]) { c += ctr[k, s]; m += meld[k, s] }
        print bid[k] "," (score[k, b] >= 0 ? 1 : 0) "," c "," m
      }
    }'
}

echo "-- every row recomputed from report hands"
for p in auction double-deck five-call partnership-auction; do
  t "hands $p" 0 report "$db" hands --variant "$p" --format csv
  per_hand <"$tmp/out" >"$tmp/hands-$p"
  [[ -s $tmp/hands-$p ]] || fail "no bids in $p"
  grep "^$p," "$tmp/ins.csv" >"$tmp/rows-$p"
  awk -F, -v p="$p" 'FNR == NR { bid[NR] = $1; made[NR] = $2; ctr[NR] = $3; meld[NR] = $4; n = NR; next }
    { split($3, band, "-"); lo = band[1] + 0; hi = band[2] + 0; h = 0; m = 0; c = 0
      for (i = 1; i <= n; i++) {
        v = $2 == "bid" ? bid[i] : meld[i]
        if (v >= lo && v <= hi) { h++; m += made[i]; c += ctr[i] }
      }
      want = sprintf("%d,%d,%.1f", h, m, c / h)
      got = $5 "," $6 "," $9
      if (want != got) { print p, $2, $3, "want", want, "got", got; bad = 1 }
      total[$2] += h
    }
    END { if (total["bid"] != n || total["meld"] != n) { print p, "bands cover", total["bid"], total["meld"], "of", n; bad = 1 }
          exit bad }' "$tmp/hands-$p" "$tmp/rows-$p" >"$tmp/diff" || fail "$(cat "$tmp/diff")"
done

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
