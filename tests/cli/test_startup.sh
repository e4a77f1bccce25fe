#!/usr/bin/env bash
# test_startup.sh - pinochle loads libpq and libmicrohttpd only when a
# command needs them (src/util/pn_dl.h): not for --version or a SQLite
# database, yes for a postgresql:// name and for serve.  Linked at start-up
# they cost every run about 6 ms.  glibc's LD_DEBUG=files names each
# library the loader opens.
#   test_startup.sh PATH/TO/pinochle
source "$(dirname "$0")/../crash/lib.sh"

# The libraries the dynamic loader opened for one run, one per line.
loaded() { LD_DEBUG=files "$PN" "$@" 2>&1 >/dev/null | sed -n 's/.*file=\([^ ;]*\).*/\1/p' | sort -u; }

section "start-up"
check "--version loads neither libpq nor libmicrohttpd"
libs=$(loaded --version)
[[ $libs == *libsqlite3* ]] || fail "LD_DEBUG shows no library at all (glibc?): $libs"
[[ $libs != *libpq* && $libs != *libmicrohttpd* ]] || fail "loaded: $(tr '\n' ' ' <<<"$libs")"

check "a SQLite database loads neither"
"$PN" import "$tmp/g.db" "$ROOT/sample-data/club-single-bid.csv" >/dev/null 2>&1 || fail "import failed"
libs=$(loaded report "$tmp/g.db" players)
[[ $libs != *libpq* && $libs != *libmicrohttpd* ]] || fail "loaded: $(tr '\n' ' ' <<<"$libs")"

check "serve loads libmicrohttpd"
libs=$(loaded serve --listen not-an-address "$tmp/g.db")
[[ $libs == *libmicrohttpd* ]] || fail "serve did not load libmicrohttpd: $(tr '\n' ' ' <<<"$libs")"

if [[ ${PINOCHLE_HAS_POSTGRESQL:-0} == 1 ]]; then
  check "a postgresql:// name loads libpq and reaches it"
  uri="postgresql://nobody@127.0.0.1:1/nothing"
  libs=$(loaded audit "$uri")
  [[ $libs == *libpq* ]] || fail "libpq not loaded: $(tr '\n' ' ' <<<"$libs")"
  "$PN" audit "$uri" >/dev/null 2>"$tmp/err"
  grep -q 'cannot connect' "$tmp/err" || fail "libpq's own error expected: $(cat "$tmp/err")"
fi
finish
