#!/usr/bin/env bash
# run.sh [SECONDS] - builds the libFuzzer harnesses with clang (CMake,
# -DPINOCHLE_FUZZ=ON, into build-fuzz/), replays every input of
# tests/fuzz/corpus/TARGET through fuzz_TARGET, then fuzzes each target
# for SECONDS (default 20; 0 replays only).  New inputs go to a scratch
# copy, not into the kept corpus; a crash fails the run and leaves its
# input in build-fuzz/artifacts/TARGET/ (README.md: what to do with it).
# Without clang it says so and exits 0 (.ci/run calls it).
#
#   tests/fuzz/run.sh          # what CI runs
#   tests/fuzz/run.sh 600      # ten minutes per target
#   FUZZ_BUILD=/tmp/bf tests/fuzz/run.sh 0
set -uo pipefail
seconds=${1:-20}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${FUZZ_BUILD:-$root/build-fuzz}
here=$root/tests/fuzz
targets=(import notation engine)

if ! command -v clang >/dev/null; then
  echo "fuzz: clang not found: skipped (apt-get install clang)"
  exit 0
fi
CC=clang cmake -S "$root" -B "$build" -DPINOCHLE_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null \
  && cmake --build "$build" -j2 --target "${targets[@]/#/fuzz_}" >/dev/null \
  || { echo "fuzz: the clang build failed"; exit 1; }

# Per target: the longest input worth trying, and a dictionary if any.
declare -A max_len=([import]=20000 [notation]=1024 [engine]=4096)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
for t in "${targets[@]}"; do
  exe=$build/tests/fuzz/fuzz_$t
  corpus=$here/corpus/$t
  artifacts=$build/artifacts/$t
  mkdir -p "$artifacts"
  dict=()
  [[ -f $here/$t.dict ]] && dict=(-dict="$here/$t.dict")
  common=(-max_len="${max_len[$t]}" -timeout=20 -rss_limit_mb=2048 -artifact_prefix="$artifacts/" "${dict[@]}")
  n=$(find "$corpus" -type f | wc -l)
  if ! "$exe" "${common[@]}" -runs=0 "$corpus" >"$build/replay-$t.log" 2>&1; then
    echo "fuzz: $t: replaying its $n corpus inputs FAILED (log: $build/replay-$t.log)"
    tail -30 "$build/replay-$t.log"
    status=1
    continue
  fi
  echo "fuzz: $t: $n corpus inputs replayed"
  ((seconds > 0)) || continue
  scratch=$(mktemp -d)
  "$exe" "${common[@]}" -max_total_time="$seconds" -print_final_stats=1 "$scratch" "$corpus" \
    >"$build/fuzz-$t.log" 2>&1
  rc=$?
  runs=$(awk '/stat::number_of_executed_units/ { print $NF }' "$build/fuzz-$t.log")
  rm -rf "$scratch"
  if [[ $rc -ne 0 ]]; then
    echo "fuzz: $t: FAILED after ${runs:-?} runs (log: $build/fuzz-$t.log); the input:"
    ls "$artifacts"
    grep -m5 -E 'ERROR|runtime error|invariant broken' "$build/fuzz-$t.log"
    status=1
  else
    echo "fuzz: $t: ${seconds} s, ${runs:-?} runs, nothing found"
  fi
done
exit $status
