#!/usr/bin/env bash
# test_import_cli.sh - `pinochle import` and `pinochle export` as a user
# sees them: exit codes, stderr diagnostics and summary, stdout data,
# standard input, -o files, and the round trip through the shell.
#
# usage: tests/import/test_import_cli.sh PATH/TO/pinochle
# PINOCHLE_WRAPPER (e.g. "valgrind -q --error-exitcode=99") wraps each run.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PARITY=$HERE/../data/peer-parity/pinochle_parity.csv
STDIN=/dev/null # t's standard input unless a run names another (STDIN=FILE t ...)

out_same_as() { cmp -s "$tmp/out" "$1" || fail "stdout differs from $1"; }

db=$tmp/club.db

# ----------------------------------------------------------------- help
t import_help 0 import --help
out_has '^usage: pinochle import DB FILE'
out_has 'Exit codes:'
out_has '--keep-going'
t export_help 0 export --help
out_has '^usage: pinochle export DB'
t help_lists_both 0 help
out_has '^  import '
out_has '^  export '

# ---------------------------------------------------------------- usage
t import_no_args 2 import
err_has 'missing DB'
t import_no_file 2 import "$db"
err_has 'missing FILE'
t import_unknown_option 2 import --frobnicate "$db" x.csv
err_has "unknown option '--frobnicate'"
t import_two_stdins 2 import "$db" - -
err_has 'more than once'
t export_no_db 2 export
err_has 'missing DB'
t export_missing_db 2 export "$tmp/nothing.db"
err_has '^pinochle: export: '
[[ ! -e $tmp/nothing.db ]] || fail "export created the database"

# --------------------------------------------------------------- import
t import_parity 0 import "$db" "$PARITY"
out_empty
err_has '^pinochle: import: 1 file, 40 games imported \(0 replaced, 0 skipped as already there\), 40 hands, 0 findings, [0-9.]+ s$'
t import_again_skips 0 import "$db" "$PARITY"
err_has "pinochle_parity.csv:2:0: note: game 'slippedup42-s01' already imported, skipped"
err_has '0 games imported \(0 replaced, 40 skipped'
t import_quiet 0 import --quiet "$db" "$PARITY"
err_empty

t import_bad_file 2 import "$db" "$HERE/base.csv" "$HERE/bad/unknown-card.csv" "$HERE/ok/crlf.csv"
err_has 'bad/unknown-card.csv:14:6: error: unknown card .XD.$'
err_has '1 file, 1 game imported'
err_has '1 file failed: nothing of it stored'
err_has '^pinochle: import: ' # the summary, after the error
t import_base_skipped_crlf_not_read 0 import "$db" "$HERE/ok/crlf.csv"
err_has 'already imported, skipped'

t keep_going 2 import "$tmp/k.db" --keep-going "$HERE/ok/keep-going.csv"
err_has 'keep-going.csv:152:6: error: unknown card'
err_has '2 games imported'
err_has '1 game with errors not stored'

t other_content 2 import "$db" "$HERE/ok/other-content.csv"
err_has 'other-content.csv:3:1: error: .* already stored with other content'
t other_content_replace 0 import "$db" --replace "$HERE/ok/other-content.csv"
err_has "note: game 'club-2026-11-20-t3' replaced"
err_has '1 finding \(meld-claim 1\)'

STDIN=$HERE/base.csv t import_stdin 0 import "$tmp/stdin.db" -
err_has '1 game imported'
STDIN=$HERE/bad/seq-gap.csv t import_stdin_error 2 import "$tmp/stdin2.db" -
err_has '^<stdin>:18:3: error: seq 8 skips'

# --------------------------------------------------------------- export
t export_all 0 export "$tmp/stdin.db"
out_same_as "$HERE/base.expected.csv"
err_empty
t export_one_to_file 0 export "$db" --game slippedup42-s07 -o "$tmp/s07.csv"
out_empty
[[ $(grep -c '^slippedup42-s07,' "$tmp/s07.csv") -gt 60 ]] || fail "s07.csv lacks the game"
[[ $(grep -vc '^slippedup42-s07,' "$tmp/s07.csv") -eq 1 ]] || fail "s07.csv has other rows"
t export_unknown_game 2 export "$db" --game nope -o "$tmp/nope.csv"
err_has "^pinochle: export: .*no game 'nope'"
[[ ! -e $tmp/nope.csv ]] || fail "export left nope.csv behind"

# the round trip through the shell: export | import | export
t export_parity 0 export "$db" --game slippedup42-s01 --game slippedup42-s40
cp "$tmp/out" "$tmp/first.csv"
STDIN=$tmp/first.csv t import_exported 0 import "$tmp/round.db" -
t export_again 0 export "$tmp/round.db"
out_same_as "$tmp/first.csv"

# a game recorded and quit before its first hand ended: its export (header
# rows only) imports, and exports again to the same bytes
printf 'deal\nquit\n' >"$tmp/quit.rec"
STDIN=$tmp/quit.rec t record_quit_before_a_hand 0 record "$tmp/rec.db" --variant two-hand-bid --players Ann,Bob \
  --game rec-1 --tag date=2026-11-20 --seed 3
t export_no_hands 0 export "$tmp/rec.db"
cp "$tmp/out" "$tmp/no-hands.csv"
[[ $(wc -l <"$tmp/no-hands.csv") -eq 5 ]] || fail "expected the header and 4 header rows"
STDIN=$tmp/no-hands.csv t import_no_hands 0 import "$tmp/no-hands.db" -
err_has '1 game imported .*, 0 hands'
t export_no_hands_again 0 export "$tmp/no-hands.db"
out_same_as "$tmp/no-hands.csv"

echo "import/export CLI: $checks checks, $failures failures"
[[ $failures -eq 0 ]]
