#!/usr/bin/env bash
# rules_symbols.sh LIBPNRULES - every name the rules library exports
# carries the engine's prefix: pn_ (the public API of pinochle.h, dd.h,
# judge.h), hand_ (what the hand_*.c files share through hand_int.h) or
# dd_ (what the solver's dd_*.c files share through dd_int.h).
# A helper with a generic name (apply_bid, score_hand) would otherwise
# collide with one of the same name in any program linking the engine.
# Skipped (77) when nm is not installed.
set -uo pipefail
lib=$1
command -v nm >/dev/null || { echo "skipped: nm is needed (binutils)"; exit 77; }
nm -g --defined-only "$lib" >"${TMPDIR:-/tmp}/rules_symbols.$$" || { echo "FAIL: nm $lib"; exit 1; }
bad=$(awk 'NF == 3 && $3 !~ /^(pn_|hand_|dd_)/ { print $3 }' "${TMPDIR:-/tmp}/rules_symbols.$$" | sort -u)
rm -f "${TMPDIR:-/tmp}/rules_symbols.$$"
if [[ -n $bad ]]; then
  echo "FAIL: the rules library exports names without pn_, hand_ or dd_:"
  echo "$bad" | sed 's/^/  /'
  exit 1
fi
echo "rules_symbols: every exported name is pn_, hand_ or dd_"
