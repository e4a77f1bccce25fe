#!/usr/bin/env bash
# make_db.sh PINOCHLE SOURCE_DIR DB - the database the pages' tests draw:
# the auction, double-deck and five-call samples with their last two dates moved from March to November
# (2026-03-03 -> 2026-11-03, 2026-03-10 -> 2026-11-10: an eight-month gap
# a date axis must show as such) and the disputed hand (2026-11-20), with
# two players renamed long: Ann is "Wolfgang Amadeus" (16 letters) and Bob
# "Maximiliana Wolkenstein-Rodenegg-Trostbu" (40); in the disputed hand Dee
# is Quinn, a newcomer whose one win rates above the established players
# but is provisional.  Made from the
# repository's sample-data at each run; nothing else is read.
set -eu
PINOCHLE=$1 SRC=$2 DB=$3
work=$(mktemp -d /tmp/pn-pages-XXXXXX)
trap 'rm -rf "$work"' EXIT
rename='s/,player,,Ann$/,player,,Wolfgang Amadeus/; s/,player,,Bob$/,player,,Maximiliana Wolkenstein-Rodenegg-Trostbu/'
for p in auction double-deck five-call; do
  sed -e "$rename" -e 's/date=2026-03-03/date=2026-11-03/; s/date=2026-03-10/date=2026-11-10/' \
    "$SRC/sample-data/club-$p.csv" >"$work/$p.csv"
done
sed -e "$rename" -e 's/,player,,Dee$/,player,,Quinn/' "$SRC/sample-data/disputed-hand.csv" >"$work/disputed.csv"
rm -f "$DB"
"$PINOCHLE" import "$DB" "$work/auction.csv" "$work/double-deck.csv" "$work/five-call.csv" "$work/disputed.csv" 2>/dev/null
