#!/usr/bin/env bash
# make_seeds.sh PINOCHLE OUTDIR - writes starting inputs for the three
# harnesses into OUTDIR/{import,notation,engine}.  The kept corpora in
# tests/fuzz/corpus/ began as these, then were fuzzed and minimized
# (`fuzz_TARGET -merge=1 corpus/TARGET NEW...`, see README.md); rerun this
# only to start over.
#
#   import    the first hand of the first game of every sample-data file
#             (a one-hand game is complete), one short sim game per preset,
#             the worked examples, and tests/import/{ok,bad} as they are
#   notation  a selector byte (fuzz_notation.c) and text: cards, card
#             lists, names, event rows, option lines, stored event and
#             results bytes from a database
#   engine    per preset: the simulated players through a whole game, and
#             the same with options, mutations, raw and expected events
set -euo pipefail
pn=$1
out=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$here/../..
mkdir -p "$out"/{import,notation,engine}

# ---------------------------------------------------------------- import
for f in "$root"/sample-data/*.csv; do
  base=$(basename "$f" .csv)
  # header row + the first game's header and hand 1
  awk -F, 'NR == 1 { print; next } key == "" { key = $1 } $1 != key || $2 >= 2 { exit } { print }' "$f" \
    > "$out/import/slice-$base.csv"
done
for preset in $("$pn" rules | awk '{ print $1 }'); do
  "$pn" sim --variant "$preset" --games 1 --seed 7 --option target=200 --renege-rate 0.05 \
    -o "$out/import/sim-$preset.csv"
done
cp "$root"/tests/import/base.csv "$out/import/base.csv"
for f in "$root"/tests/import/ok/*.csv "$root"/tests/import/bad/*.csv; do
  cp "$f" "$out/import/$(basename "$(dirname "$f")")-$(basename "$f")"
done

# -------------------------------------------------------------- notation
n=0
seed() { # SELECTOR-BYTE TEXT
  printf "\\x$(printf %02x "$1")%s" "$2" > "$out/notation/seed-$n"
  n=$((n + 1))
}
for t in AS 10h 'Q♠' td 'K♥' 9c 8D 7s AHX 1 '' ; do seed 0 "$t"; done
seed 1 "$(printf '\x0c')AS AS TS KS QS JD 9H KH QH TC 9C AD"
seed 1 "$(printf '\x03')AS  10H	q♦ XD"
seed 1 "$(printf '\x30')KS KH KD KC QS QH QD QC AS AD AC 9H 9S 9S 9D 9D 9C 9C JS JS JD JD JC JC"
for t in S h '♠' '♣' X spades bid pass meld play run royal-marriage double-pinochle dix \
         two-hand partnership-auction five-call double-deck; do seed 2 "$t"; done
seed 3 "$(printf '\x01\x01')AS AS TS KS QS JD 9H KH QH TC 9C AD|"
seed 3 "$(printf '\x05\x02')|250"
seed 3 "$(printf '\x07\x03')|H"
seed 3 "$(printf '\x0b\x01')9D|exchange"
seed 3 "$(printf '\x0c\x02')KS QS JD|40"
seed 3 "$(printf '\x0c\x01')AH TH KH QH JH|run"
seed 3 "$(printf '\x10\x04')|-340"
seed 4 "$(printf '\x07')target=1000
moon=off
pass_cards=3
head=always
lose_at=-500
meld_table=double10"
{ printf '\x04\x00'; printf 'target_step=0\nphase1_free=no\nrenege_penalty=set'; } > "$out/notation/seed-$n"
n=$((n + 1))
seed 4 "$(printf '\x0b')bid_fine_until=60
side_minimum=20
trump_needs=marriage"
db=$(mktemp -d)/seeds.db
"$pn" import -q "$db" "$root/tests/import/base.csv" "$root/sample-data/seed-examples.csv"
sqlite3 "$db" "SELECT hex(events) FROM hands LIMIT 4" | while read -r hex; do
  { printf '\x05'; echo "$hex" | xxd -r -p; } > "$out/notation/events-$n"; n=$((n + 1))
done
sqlite3 "$db" "SELECT hex(results) FROM hands LIMIT 4" | while read -r hex; do
  { printf '\x06'; echo "$hex" | xxd -r -p; } > "$out/notation/results-$n"; n=$((n + 1))
done
rm -rf "$(dirname "$db")"

# ---------------------------------------------------------------- engine
# byte 0 preset, 1 options, 2-3 seed, 4 style, 5 renege/plant, then ops
npresets=$("$pn" rules | wc -l)
for ((p = 0; p < npresets; p++)); do
  hexp=$(printf %02x $p)
  # the players alone, long runs (op 6, 255 events at a time)
  printf "\\x$hexp\\x00\\x01\\x00\\x00\\x00$(printf '\\x06\\xff%.0s' {1..12})" > "$out/engine/sim-$p"
  # random style, reneges and plants, one option (target=250)
  printf "\\x$hexp\\x01\\x00\\x0b\\x07\\x02\\x03\\x19$(printf '\\x06\\xff%.0s' {1..8})" > "$out/engine/opt-$p"
  # expected events only (op 7), with some of the players' between
  printf "\\x$hexp\\x00\\x05\\x00\\x01\\x00$(printf '\\x00\\x06\\x10%.0s' {1..3})$(printf '\\x07\\x03\\x01%.0s' {1..60})" \
    > "$out/engine/expect-$p"
  # mutations and raw events in the middle of a hand
  printf "\\x$hexp\\x00\\x09\\x00\\x00\\x00\\x06\\x20\\x04\\x01\\x03\\x04\\x03\\x11\\x05\\x0e\\x01\\x01\\x05\\x00\\x00\\x00\\x06\\x40" \
    > "$out/engine/mix-$p"
done
echo "seeds: $(ls "$out/import" | wc -l) import, $(ls "$out/notation" | wc -l) notation, $(ls "$out/engine" | wc -l) engine"
