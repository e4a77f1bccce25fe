#!/bin/sh
# Regenerates the simulated club histories in this folder.  The simulator
# is seeded, so the files come out byte for byte the same on every machine.
#   sample-data/generate.sh [path/to/pinochle]
set -eu
here=$(dirname "$0")
pinochle=${1:-$here/../build/pinochle}
club="Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal,Ida,Jon"
seed=2026

sim() { # preset games [extra options...]
  preset=$1 games=$2
  shift 2
  "$pinochle" sim --variant "$preset" --games "$games" --seed "$seed" --players "$club" \
    --tag club=Riverside --start-date 2026-01-06 "$@" -o "$here/club-$preset.csv"
}

sim two-hand 20
sim two-hand-64 10
sim two-hand-bid 20
sim three-hand 20
sim auction 20
sim cutthroat-four 20
sim partnership 20
sim partnership-auction 20
sim single-bid 20
sim firehouse 20
sim five-call 20
sim double-deck 20
