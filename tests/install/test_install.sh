#!/usr/bin/env bash
# test_install.sh - `cmake --install` as a user runs it, into a temporary
# prefix: bin/pinochle, the man page and the bash completion are there;
# the man page renders (man -l, else groff, else read as text) and has a
# section for every command `pinochle --help` lists, holding every option
# that command's --help lists (and the global options); the completion
# script, sourced into bash and called as bash calls it, completes
# commands, each command's options exactly as its --help lists them, and
# the presets after --variant.
#
# usage: tests/install/test_install.sh PATH/TO/cmake BUILD_DIR
set -uo pipefail

if [[ $# -ne 2 || ! -x $1 || ! -d $2 ]]; then
  echo "usage: $0 PATH/TO/cmake BUILD_DIR" >&2
  exit 2
fi
CMAKE=$1
BUILD=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

checks=0
failures=0
fail() {
  failures=$((failures + 1))
  echo "FAIL: $*"
}
check() { checks=$((checks + 1)); }

# ------------------------------------------------------------- install
prefix=$tmp/prefix
check
if ! "$CMAKE" --install "$BUILD" --prefix "$prefix" >"$tmp/install.log" 2>&1; then
  fail "cmake --install failed:"
  sed 's/^/    | /' "$tmp/install.log"
  exit 1
fi
PN=$prefix/bin/pinochle
PAGE=$prefix/share/man/man1/pinochle.1
COMPLETION=$prefix/share/bash-completion/completions/pinochle
for file in "$PN" "$PAGE" "$COMPLETION"; do
  check
  [[ -s $file ]] || fail "not installed: ${file#"$prefix"/}"
done
check
[[ -x $PN ]] || fail "bin/pinochle is not executable"
if ((failures > 0)); then
  echo "$failures of $checks checks failed"
  exit 1
fi
check
"$PN" --version | grep -q '^pinochle ' || fail "the installed pinochle does not run"

# ------------------------------------------------------------ man page
# Rendered to plain text at a width that folds nothing.
rendered=$tmp/pinochle.txt
if command -v man >/dev/null; then
  renderer="man -l"
  env -u MAN_KEEP_FORMATTING MANWIDTH=200 man -l "$PAGE" >"$rendered" 2>"$tmp/render.err"
elif command -v groff >/dev/null; then
  renderer="groff -man -Tutf8"
  groff -man -Tutf8 -rLL=200n -ww "$PAGE" >"$rendered" 2>"$tmp/render.err"
else
  renderer="sed (neither man nor groff is installed)"
  sed -e '/^\.\\"/d' -e 's/^\.SS /   /' -e 's/^\.[A-Za-z]* *//' -e 's/\\-/-/g' -e 's/\\&//g' -e 's/\\(aq/'"'"'/g' \
    -e 's/\\(ga/`/g' -e 's/\\e/\\/g' "$PAGE" >"$rendered" 2>"$tmp/render.err"
fi
rc=$?
# man and groff overstrike bold on some setups: keep the letters only
sed -i 's/.\x08//g' "$rendered"
check
[[ $rc -eq 0 && ! -s $tmp/render.err ]] || {
  fail "$renderer: exit $rc"
  sed 's/^/    | /' "$tmp/render.err"
}
check
if ! grep -q '^NAME' "$rendered" || ! grep -q 'pinochle - keep' "$rendered"; then
  fail "$renderer: no NAME section"
fi

# The names and options that `--help` text lists: the first word of each
# line under "Commands:", the option words of each line under "Options:".
commands() { awk '/^Commands:/ {f = 1; next} f && /^$/ {f = 0} f {print $1}'; }
options() {
  awk '/^Options:/ {f = 1; next} f && /^$/ {f = 0}
       f && /^  -/ {sub(/^  /, ""); n = split($0, w, /[ ,]+/)
                    for (i = 1; i <= n && w[i] ~ /^-/; i++) print w[i]}'
}

"$PN" --help >"$tmp/help" || fail "pinochle --help failed"
mapfile -t cmds < <(commands <"$tmp/help")
check
((${#cmds[@]} >= 10)) || fail "pinochle --help lists ${#cmds[@]} commands: ${cmds[*]}"
mapfile -t global < <(options <"$tmp/help")
check
[[ " ${global[*]} " == *" --version "* ]] || fail "pinochle --help lists no --version: ${global[*]}"
for opt in "${global[@]}"; do
  check
  grep -qF -- "$opt" "$rendered" || fail "man page lacks the global option $opt"
done

# Each command's part of the man page: from its heading to the next.
section() {
  awk -v cmd="$1" '$0 ~ /^   [a-z]+$/ {f = ($1 == cmd); next} f' "$rendered"
}
for cmd in "${cmds[@]}"; do
  check
  section "$cmd" >"$tmp/section"
  if [[ ! -s $tmp/section ]]; then
    fail "man page has no section for $cmd"
    continue
  fi
  check
  grep -qF -- "usage: pinochle $cmd" "$tmp/section" || fail "man page: $cmd's section lacks its usage"
  "$PN" "$cmd" --help >"$tmp/cmdhelp" || fail "pinochle $cmd --help failed"
  while read -r opt; do
    check
    grep -qF -- "$opt" "$tmp/section" || fail "man page: $cmd's section lacks $opt"
  done < <(options <"$tmp/cmdhelp")
done

# ----------------------------------------------------- bash completion
# complete WORD...: the completions bash would offer for the last WORD of
# `pinochle WORD...`, one per line, sorted.
complete_words() {
  bash --norc --noprofile -c '
    source "$1" || exit 3
    shift
    COMP_WORDS=(pinochle "$@")
    COMP_CWORD=$#
    COMP_LINE="${COMP_WORDS[*]}"
    COMP_POINT=${#COMP_LINE}
    _pinochle pinochle "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}" || exit 4
    complete -p pinochle >/dev/null || exit 5
    printf "%s\n" "${COMPREPLY[@]}"' bash "$COMPLETION" "$@" | sort
}
# expect_completion "WANT..." WORD...: the completions are exactly WANT.
expect_completion() {
  local want=$1
  shift
  check
  local got
  got=$(complete_words "$@" | paste -sd' ')
  [[ $got == "$want" ]] || fail "pinochle $* <TAB>: got '$got', expected '$want'"
}

expect_completion "import" imp
expect_completion "partnership partnership-auction" report club.db players --variant p
expect_completion "partnership partnership-auction" sim --variant p
expect_completion "--keep-going" import --kee
expect_completion "record report review" help re
expect_completion "--version" --ver
# A DB or FILE argument is left to bash's file names: no words offered.
expect_completion "" import clu

# Every command, at the first word; every option of a command after it,
# the same as its --help lists (the script is written from that text).
mapfile -t first < <(complete_words "")
for cmd in "${cmds[@]}"; do
  check
  [[ " ${first[*]} " == *" $cmd "* ]] || fail "pinochle <TAB> does not offer $cmd"
done
for cmd in "${cmds[@]}"; do
  [[ $cmd == help ]] && continue
  check
  want=$("$PN" "$cmd" --help | options | sort | paste -sd' ')
  got=$(complete_words "$cmd" - | paste -sd' ')
  [[ $got == "$want" ]] || fail "pinochle $cmd -<TAB>: got '$got', expected '$want'"
done
mapfile -t presets < <("$PN" rules | awk '{print $1}')
check
want=$(printf '%s\n' "${presets[@]}" | sort | paste -sd' ')
got=$(complete_words meld --variant "" | paste -sd' ')
[[ $got == "$want" ]] || fail "pinochle meld --variant <TAB>: got '$got', expected '$want'"

if ((failures > 0)); then
  echo "$failures of $checks checks failed"
  exit 1
fi
echo "install: $checks checks passed (man page rendered with $renderer)"
