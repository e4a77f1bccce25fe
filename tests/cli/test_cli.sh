#!/usr/bin/env bash
# test_cli.sh - the pinochle command as a user sees it: exit codes, what
# goes to stdout and stderr, and whole outputs where they are stable.
#
# usage: tests/cli/test_cli.sh PATH/TO/pinochle
# PINOCHLE_WRAPPER (e.g. "valgrind -q --error-exitcode=99") wraps each run.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" "$@"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
HEADER=$HERE/../../src/rules/pinochle.h

# out_is: stdout equals this function's standard input, byte for byte.
out_is() {
  cat >"$tmp/want"
  diff -u "$tmp/want" "$tmp/out" >"$tmp/diff" || fail "stdout differs: $(cat "$tmp/diff")"
}
# An error: nothing on stdout, a "pinochle: " line on stderr matching $1.
bad() {
  out_empty
  err_has "^pinochle: .*$1"
}

PA=(meld --variant partnership-auction --trump S)

# --------------------------------------------------------------- global
rules_version=$(sed -n 's/^#define PN_RULES_VERSION \([0-9]*\).*/\1/p' "$HEADER")
version=$(sed -n 's/^#define PN_VERSION "\(.*\)".*/\1/p' "$HEADER")
t version 0 --version
out_is <<<"pinochle $version (rules version $rules_version)"
err_empty
t version_short 0 -V
out_is <<<"pinochle $version (rules version $rules_version)"
t version_extra_arg 2 --version now
bad "unexpected argument 'now'"

t no_arguments 2
out_empty
err_has '^usage: pinochle COMMAND'
t unknown_command 2 frobnicate
bad "unknown command 'frobnicate'"
t unknown_global_option 2 --frobnicate
bad "unknown option '--frobnicate'"

t help_lists_commands 0 --help
out_has '^usage: pinochle COMMAND'
out_has '^  meld +Score the best meld'
out_has '^  rules +List the presets'
out_has '^  help '
out_has '^Exit codes:'
err_empty
cp "$tmp/out" "$tmp/overview"
t help_command_same_overview 0 help
diff -q "$tmp/overview" "$tmp/out" >/dev/null || fail "'help' differs from '--help'"

for cmd in meld rules help; do
  t "${cmd}_help" 0 "$cmd" --help
  out_has "^usage: pinochle $cmd"
  out_has '^Exit codes:'
  out_has '^  2  usage error'
  err_empty
  cp "$tmp/out" "$tmp/cmdhelp"
  t "help_$cmd" 0 help "$cmd"
  diff -q "$tmp/cmdhelp" "$tmp/out" >/dev/null || fail "'help $cmd' differs from '$cmd --help'"
  t "help_option_$cmd" 0 --help "$cmd"
  diff -q "$tmp/cmdhelp" "$tmp/out" >/dev/null || fail "'--help $cmd' differs from '$cmd --help'"
done
# Each command's help lists exactly the exit codes it can return: 1 only
# for those that report findings (audit, check; src/cli/main.c's table).
for cmd in help init import export record audit report sim check meld rules; do
  t "${cmd}_help_exit_codes" 0 "$cmd" --help
  sed -n '/^Exit codes:/,$p' "$tmp/out" >"$tmp/codes"
  grep -q '^  0  ' "$tmp/codes" || fail "no exit 0 in its Exit codes"
  grep -q '^  2  ' "$tmp/codes" || fail "no exit 2 in its Exit codes"
  case $cmd in
  audit | check) grep -q '^  1  ' "$tmp/codes" || fail "exit 1 missing from its Exit codes" ;;
  *) ! grep -q '^  1  ' "$tmp/codes" || fail "lists exit 1, which $cmd never returns" ;;
  esac
done
t overview_lists_exit_1 0 --help
out_has '^  1  findings reported'

t meld_help_short 0 meld -h
out_has '^usage: pinochle meld'
t meld_help_lists_options 0 meld --help
for opt in --variant --trump --format --option --help Examples:; do out_has "$opt"; done
t help_unknown_command 2 help frobnicate
bad "help: unknown command 'frobnicate'"

# ------------------------------------------------------------------ meld
t meld_run_json 0 "${PA[@]}" --format json AS TS KS QS JS
out_is <<<'{"total": 150, "melds": [{"name": "run", "count": 1, "points": 150}]}'
err_empty

t meld_run_text 0 "${PA[@]}" AS TS KS QS JS
out_is <<'END'
run    1  150
total     150
END

t meld_run_royal 0 "${PA[@]}" --format json --option run_royal=yes AS TS KS QS JS
out_has '^\{"total": 190, "melds": \[.*"run".*\]\}$'

t meld_one_quoted_argument 0 "${PA[@]}" --format=json 'AS TS  KS QS JS'
out_is <<<'{"total": 150, "melds": [{"name": "run", "count": 1, "points": 150}]}'
t meld_ten_and_symbols 0 meld --variant partnership-auction --trump ♠ --format json 'A♠ 10♠' k♠ q♠ js
out_is <<<'{"total": 150, "melds": [{"name": "run", "count": 1, "points": 150}]}'
t meld_options_after_cards 0 meld AS TS KS QS JS --trump S --variant partnership-auction --format json
out_is <<<'{"total": 150, "melds": [{"name": "run", "count": 1, "points": 150}]}'

t meld_nothing 0 "${PA[@]}" --format json 9H TC
out_is <<<'{"total": 0, "melds": []}'
t meld_nothing_text 0 "${PA[@]}" 9H TC
out_is <<<'total     0'

# Totals the spec fixes (RULES.md section 3).
total_is() { out_has "^\\{\"total\": $1, "; }
t meld_royal_marriage 0 "${PA[@]}" --format json KS QS
total_is 40
t meld_aces_around 0 "${PA[@]}" --format json AS AH AD AC
total_is 100
t meld_double_pinochle 0 meld --variant partnership-auction --trump H --format json QS JD QS JD
total_is 300
t meld_unit_table 0 meld --variant two-hand-bid --trump S --format json AS TS KS QS JS
total_is 15
# RULES.md 3: round robin (K Q of every suit) is the name of the 24 those
# eight cards already meld, not a bonus on top of kings and queens around
t meld_round_robin_is_24 0 meld --variant two-hand-bid --trump S KH QH KD QD KC QC KS QS
out_is <<'END'
round-robin  1  24
total           24
END
err_empty
t meld_round_robin_json 0 meld --variant two-hand-bid --trump S --format json KH QH KD QD KC QC KS QS
out_is <<<'{"total": 24, "melds": [{"name": "round-robin", "count": 1, "points": 24}]}'
t meld_double_deck_sets 0 meld --variant double-deck --trump H --format json \
  AS AH AD AC AS AH AD AC
total_is 100
t meld_four_copies_in_double_deck 0 meld --variant double-deck --trump H --format json AS AS AS AS
total_is 0
t meld_eight_in_single64 0 meld --variant two-hand-64 --trump S --format json 8S 7H
out_is <<<'{"total": 0, "melds": []}'

t meld_bad_card 2 "${PA[@]}" AS XS KS
bad "'XS' is not a card"
t meld_bad_card_in_quoted 2 "${PA[@]}" 'AS 1S'
bad "'1S' is not a card"
t meld_nine_in_five_call 2 meld --variant five-call --trump S 9S AS
bad "9S is not in the 80-card double deck that five-call uses"
t meld_nine_in_double_deck 2 meld --variant double-deck --trump S 9S
bad "9S is not in the"
t meld_eight_outside_single64 2 "${PA[@]}" 8S
bad "8S is not in the 48-card single deck"
t meld_seven_in_two_hand 2 meld --variant two-hand --trump S 7D
bad "7D is not in the"
t meld_three_copies 2 "${PA[@]}" AS AS AS
bad "more than 2 copies of AS"
t meld_five_copies_double 2 meld --variant double-deck --trump S AS AS AS AS AS
bad "more than 4 copies of AS"
t meld_unknown_variant 2 meld --variant pinochle-royale --trump S AS
bad "unknown variant 'pinochle-royale' \(presets: .*partnership-auction"
t meld_unknown_suit 2 meld --variant auction --trump X AS
bad "unknown suit 'X'"
t meld_missing_variant 2 meld --trump S AS
bad '--variant is required'
err_has '^usage: pinochle meld'
t meld_missing_trump 2 meld --variant auction AS
bad '--trump is required'
t meld_no_cards 2 "${PA[@]}"
bad 'no cards given'
t meld_blank_cards 2 "${PA[@]}" '  '
bad 'no cards given'
t meld_bad_format 2 "${PA[@]}" --format xml AS
bad "unknown format 'xml'"
t meld_unknown_option 2 "${PA[@]}" --colour AS
bad "unknown option '--colour'"
t meld_option_missing_value 2 "${PA[@]}" AS --trump
bad "option '--trump' needs a value"
t meld_option_not_pair 2 "${PA[@]}" --option run_royal AS
bad "expected NAME=VALUE"
t meld_option_bad_value 2 "${PA[@]}" --option run_royal=maybe AS
bad "--option 'run_royal=maybe': "
t meld_option_unknown_name 2 "${PA[@]}" --option colour=red AS
bad "--option 'colour=red': "

# ----------------------------------------------------------------- rules
t rules_lists_presets 0 rules
for p in two-hand two-hand-64 two-hand-bid three-hand auction cutthroat-four partnership \
  partnership-auction single-bid firehouse five-call double-deck; do
  out_has "^$p +[^ ]"
done
[[ $(wc -l <"$tmp/out") -eq 12 ]] || fail "expected 12 presets"
err_empty

# in terms of the rules: no numbers of the project's source texts (000..004)
! grep -Eq '\<00[0-4]\>' "$tmp/out" || fail "names a source text: $(grep -E '\<00[0-4]\>' "$tmp/out")"
out_has '^two-hand +.*two-hand \(classic\) meld table'
for v in two-hand two-hand-bid auction double-deck; do
  t "rules_params_plain_$v" 0 rules --variant "$v"
  ! grep -Eq '\<00[0-4]\>' "$tmp/out" || fail "names a source text: $(grep -E '\<00[0-4]\>' "$tmp/out")"
  out_has '^meld_table +[a-z0-9]+ +meld values: tens \('
done
t rules_help_plain 0 rules --help
! grep -Eq '\<00[0-4]\>' "$tmp/out" || fail "names a source text"

t rules_params 0 rules --variant partnership-auction
for p in target min_bid moon renege_penalty all_pass follow head trump_rule count head_suit \
  run_royal meld_needs_trick pass_cards pass_order lose_at; do
  out_has "^$p +[^ ]+ +[^ ]"
done
out_has '^run_royal +no +'
out_has '^pass_cards +4 +'
out_has '^target +1500 +'
out_has '^head +always +'
out_has '^trump_rule +if-can-win +'
# Columns line up: the value column starts at the same offset on every line.
cols=$(awk '{ match($0, /^[^ ]+ +/); print RLENGTH }' "$tmp/out" | sort -u | wc -l)
[[ $cols -eq 1 ]] || fail "value column not aligned"

t rules_option_applied 0 rules --variant partnership-auction --option run_royal=yes --option pass_cards=3
out_has '^run_royal +yes +'
out_has '^pass_cards +3 +'
# RULES.md 6-7: two-hand-bid wins only above the target, the higher score
# when both are over it; every other preset reaches it, bidder first
t rules_two_hand_bid_game_end 0 rules --variant two-hand-bid
out_has '^target_rule +exceed +'
out_has '^both_over +higher +'
t rules_game_end_defaults 0 rules --variant partnership-auction
out_has '^target_rule +reach +'
out_has '^both_over +bidder +'
t rules_game_end_option 0 rules --variant two-hand-bid --option target_rule=reach --option both_over=bidder
out_has '^target_rule +reach +'
out_has '^both_over +bidder +'
t rules_game_end_bad_option 2 rules --variant two-hand-bid --option both_over=lower
bad "both_over takes one of bidder\|higher, not 'lower'"
t rules_unknown_variant 2 rules --variant nope
bad "unknown variant 'nope'"
t rules_option_needs_variant 2 rules --option run_royal=yes
bad '--option needs --variant'
t rules_bad_option 2 rules --variant auction --option head=sometimes
bad "--option 'head=sometimes': "
t rules_extra_argument 2 rules auction
bad "unexpected argument 'auction'"

# ---------------------------------------------------------- sim game keys
t sim_default_keys 0 sim --variant two-hand --games 2 --seed 9
out_has '^sim-two-hand-9-2,0,1,,variant,,two-hand$'
# a prefix is written so that it reads back: quoted where a bare '#' or
# comma would make the row a comment or split it
t sim_key_prefix 0 sim --variant partnership --games 2 --key-prefix '#t, ' -o "$tmp/keys.csv"
t sim_key_prefix_init 0 init "$tmp/keys.db"
t sim_key_prefix_import 0 import "$tmp/keys.db" "$tmp/keys.csv"
err_has '2 games imported'
t sim_key_prefix_export 0 export "$tmp/keys.db" --game '#t, 2'
out_has '^"#t, 2",0,1,,variant,,partnership$'
# sim writes its rows as export does (one row writer): the same game
# exported again is the same bytes, a player or tag with a leading '#',
# a comma or a line break included
t sim_as_export 0 sim --variant partnership --games 1 --seed 4 --players '#Ann,Bob,"Cal",Dee' \
  --tag $'note=#a, b\nc' -o "$tmp/asexp.csv"
t sim_as_export_import 0 import "$tmp/asexp.db" "$tmp/asexp.csv"
t sim_as_export_export 0 export "$tmp/asexp.db" -o "$tmp/asexp-out.csv"
cmp -s "$tmp/asexp.csv" "$tmp/asexp-out.csv" || fail "sim and export write the same game differently"
# sim, record and import share one tag check (codec_tag_check): sim never
# writes a log that import refuses, nor record a game export cannot round-trip
t sim_tag_without_name 2 sim --variant two-hand --games 1 --tag =x -o "$tmp/noname.csv"
err_has "a tag is name=value \(e\.g\. date=2026-11-20\), not '=x'"
[[ -e $tmp/noname.csv ]] && fail "a refused sim left its output behind"
t sim_tag_bad_date 2 sim --variant two-hand --games 1 --tag date=2026-02-30
err_has "the date tag takes a real date"
t record_tag_without_name 2 record "$tmp/noname.db" --variant two-hand --players A,B --tag =x
err_has "a tag is name=value"
t sim_key_prefix_too_long 2 sim --variant two-hand --key-prefix "$(printf 'k%.0s' {1..41})"
bad 'key-prefix takes at most 40 bytes'

# ---------------------------------------------------------------- record
# One player, one seat: the same name twice (case and spaces around it
# aside) is refused before any game is stored.
t record_same_player_twice 2 record "$tmp/rec.db" --variant two-hand --players Ann,Ann --game r1
bad "--players names 'Ann' in seats 1 and 2: one player, one seat"
t record_same_player_other_case 2 record "$tmp/rec.db" --variant partnership --players "Ann,Bob, bob ,Dee" --game r2
bad "--players names ' bob ' in seats 2 and 3"
# ... and nothing was created: the refusal comes before the database is opened
[[ ! -e $tmp/rec.db ]] || fail "record_no_game_stored: a refused start created $tmp/rec.db"

# ------------------------------------------------------------------ init
# what init did is a message (stderr); it has no data for stdout
t init_creates 0 init "$tmp/init.db"
out_empty
err_has "^$tmp/init.db: created a pinochle database \(schema [0-9]+\)$"
t init_again 0 init "$tmp/init.db"
out_empty
err_has "^$tmp/init.db: already initialized \(schema [0-9]+\)$"

# ------------------------------------------------- databases not there
# A command that fails creates nothing: a bad import leaves no empty
# database behind, and a reading command on a missing one says so.
printf 'game,hand,seq,seat,action,cards,value\nx,0,1,,variant,,nope\n' >"$tmp/bad.csv"
t import_bad_creates_nothing 2 import "$tmp/new.db" "$tmp/bad.csv"
err_has "bad.csv:2:7: error: unknown variant 'nope'"
[[ ! -e $tmp/new.db && ! -e $tmp/new.db-wal && ! -e $tmp/new.db-shm ]] || fail "created $(ls "$tmp"/new.db*)"
t import_bad_keep_going_creates_nothing 2 import -k "$tmp/new.db" "$tmp/bad.csv" "$tmp/bad.csv"
[[ ! -e $tmp/new.db ]] || fail "created $tmp/new.db"
t import_good_after_bad_creates 2 import "$tmp/new.db" "$tmp/keys.csv" "$tmp/bad.csv"
[[ -e $tmp/new.db ]] || fail "the games stored before the bad file are gone"
t import_bad_into_existing_keeps_it 2 import "$tmp/keys.db" "$tmp/bad.csv"
[[ -e $tmp/keys.db ]] || fail "removed an existing database"
for cmd in "report @ players" "report @ game k" "export @" "check @" "audit @" "audit --no-record @"; do
  read -r -a words <<<"$cmd"
  for j in "${!words[@]}"; do [[ ${words[j]} == @ ]] && words[j]=$tmp/missing.db; done
  t "missing_db_${words[0]}" 2 "${words[@]}"
  bad "$tmp/missing.db: no such database"
  [[ ! -e $tmp/missing.db ]] || { fail "created $tmp/missing.db"; rm -f "$tmp"/missing.db*; }
done

# ------------------------------------------------------------ date ranges
t report_since_after_until 2 report "$tmp/keys.db" players --since 2026-03-01 --until 2026-02-01
bad "--since 2026-03-01 is after --until 2026-02-01"
err_has '^usage: pinochle report'
t report_since_equals_until 0 report "$tmp/keys.db" hands --since 2026-01-06 --until 2026-01-06
out_has '^#t, 1  \(partnership, 2026-01-06\)'

# ------------------------------------------------------------ ratings
# The sample club's partnership and cutthroat games: every player of
# them is rated, from fewer than 350 deviation, within a plausible band;
# the history lists dates in order; --history belongs to ratings only.
SAMPLE=$HERE/../../sample-data
"$PN" import "$tmp/club.db" "$SAMPLE/club-partnership-auction.csv" "$SAMPLE/club-cutthroat-four.csv" >/dev/null 2>&1 ||
  { name=ratings_import; fail "cannot import the sample data"; }
t ratings_sample 0 report "$tmp/club.db" ratings --format csv
err_empty
out_has '^kind,name,games,wins,rating,deviation,volatility,hands,last_date$'
want=$(cut -d, -f5,7 "$SAMPLE/club-partnership-auction.csv" "$SAMPLE/club-cutthroat-four.csv" |
  awk -F, '$1 == "player" {print $2}' | sort -u | tr '\n' ' ')
got=$(awk -F, '$1 == "player" {print $2}' "$tmp/out" | sort | tr '\n' ' ')
[[ $want == "$got" ]] || fail "rated players '$got', expected '$want'"
awk -F, 'NR > 1 && ($5 < 1000 || $5 > 2000 || $6 <= 0 || $6 >= 350 || $3 < 1 || $4 > $3) {n++} END {exit n > 0}' \
  "$tmp/out" || fail "a rating, deviation or count out of range"
out_has '^partnership,[^,]+ & [^,]+,[0-9]+,'
t ratings_sample_history 0 report "$tmp/club.db" ratings --history --format csv
[[ $(head -1 "$tmp/out") == "player,date,rating,deviation,games" ]] || fail "history header: $(head -1 "$tmp/out")"
tail -n +2 "$tmp/out" | cut -d, -f2 | sort -c 2>/dev/null || fail "history dates are not in order"
t ratings_sample_json 0 report "$tmp/club.db" ratings --format json
out_has '^  "players": \['
out_has '^  "partnerships": \['
out_has '^  "history": \['
t ratings_text 0 report "$tmp/club.db" ratings --variant cutthroat-four
out_has '^player +games +wins +rating +RD +vol +hands +last date$'
t history_is_for_ratings 2 report "$tmp/club.db" players --history
bad "--history is for ratings"

# ------------------------------------------------------------ output errors
if [[ -w /dev/full ]]; then
  name=write_error_is_reported checks=$((checks + 1))
  args=(rules)
  "${wrap[@]}" "$PN" rules >/dev/full 2>"$tmp/err"
  rc=$?
  : >"$tmp/out"
  [[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
  err_has '^pinochle: error writing standard output'
fi
# a failed -o FILE is removed when it is a partial file, never when it is a
# device (as root, removing /dev/full would delete the device)
if [[ -c /dev/full && -w /dev/full ]]; then
  t export_to_full_device 2 export "$tmp/keys.db" -o /dev/full
  bad '/dev/full: write error'
  [[ -c /dev/full ]] || { fail "/dev/full is gone"; mknod -m 666 /dev/full c 1 7 2>/dev/null; }
  t report_to_full_device 2 report "$tmp/keys.db" players -o /dev/full
  bad '/dev/full: write error'
  [[ -c /dev/full ]] || { fail "/dev/full is gone"; mknod -m 666 /dev/full c 1 7 2>/dev/null; }
fi

if [[ $failures -eq 0 ]]; then
  echo "cli: all $checks runs passed"
else
  echo "cli: $failures failed checks in $checks runs"
fi
[[ $failures -eq 0 ]]
