#!/usr/bin/env bash
# test_faults.sh PINOCHLE - the file system says no: a database in a
# missing directory, a read-only database file, a read-only directory, a
# full disk.  Each gives exit 2 and a clear message naming the database,
# and stores no partial game: the database stays byte for byte as it was
# (an import), or keeps exactly the hands committed before (a recorded
# game).
#
# Permissions mean nothing to root: run as root, the read-only cases run
# pinochle as `nobody` (setpriv); the full disk is a 4 MiB tmpfs, which
# needs root.  Cases that cannot be set up here are skipped with a note.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

sum() { sha256sum "$1" | cut -d' ' -f1; }
"$PN" sim --variant partnership-auction --games 2 --seed 41 -o "$tmp/two.csv" || fail "sim"

# as_user CMD...: runs CMD as an unprivileged user: ourselves, or nobody
# when we are root.
as_user=()
if [[ $(id -u) -eq 0 ]]; then
  if command -v setpriv >/dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null \
    && setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$PN"; then
    as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    chmod 755 "$tmp"
    chmod 644 "$tmp/two.csv"
  else
    as_user=(none)
  fi
fi
user_pn() { "${as_user[@]}" "${wrap[@]}" "$PN" "$@"; }

# readers_ok RUN DB: every command that only reads DB (report, export,
# check, audit --no-record) succeeds when run by RUN (pn or user_pn), and
# none leaves a -wal or -shm file beside DB.
readers_ok() {
  local run=$1 db=$2 rc line j
  local -a words
  for line in "report @ players" "report @ hands" "export @" "check @" "audit --no-record @"; do
    read -r -a words <<<"$line"
    for j in "${!words[@]}"; do [[ ${words[j]} == @ ]] && words[j]=$db; done
    "$run" "${words[@]}" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    # base.csv has no findings: audit exits 0 too
    [[ $rc -eq 0 ]] || fail "$line: exit $rc: $(head -2 "$tmp/err")"
    [[ ! -e $db-wal && ! -e $db-shm ]] || fail "$line left $(ls "$db"-* | tr '\n' ' ')"
  done
}

# ----------------------------------------------------- readers write nothing
section "reading commands write nothing"
check readers-leave-no-files
mkdir "$tmp/rw"
"$PN" import -q "$tmp/rw/club.db" "$ROOT/tests/import/base.csv" || fail "setup"
[[ ! -e $tmp/rw/club.db-wal ]] || fail "setup: import left a -wal file"
before=$(sum "$tmp/rw/club.db")
readers_ok pn "$tmp/rw/club.db"
[[ $(sum "$tmp/rw/club.db") == "$before" ]] || fail "the database changed"
# audit without recording only reads: it does not turn an empty file into
# a database (a migration is a write)
check audit-no-record-does-not-migrate
: >"$tmp/rw/empty.db"
pn audit --no-record "$tmp/rw/empty.db" >/dev/null 2>"$tmp/err"
rc=$?
[[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
grep -q "^pinochle: audit: $tmp/rw/empty.db is an empty database" "$tmp/err" || fail "unclear message: $(head -2 "$tmp/err")"
[[ ! -s $tmp/rw/empty.db ]] || fail "the empty file was written"

# ------------------------------------------------------ missing directory
section "a database in a directory that does not exist"
for cmd in import record export check; do
  check "missing-dir-$cmd"
  case $cmd in
  import) pn import "$tmp/no/such/dir/club.db" "$tmp/two.csv" >/dev/null 2>"$tmp/err" ;;
  record) pn record "$tmp/no/such/dir/club.db" --variant two-hand --players A,B </dev/null >/dev/null 2>"$tmp/err" ;;
  *) pn "$cmd" "$tmp/no/such/dir/club.db" >/dev/null 2>"$tmp/err" ;;
  esac
  rc=$?
  [[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
  grep -Eq "^pinochle: $cmd: $tmp/no/such/dir/club.db: (cannot create or open: No such file or directory|no such database)" \
    "$tmp/err" || fail "unclear message: $(head -2 "$tmp/err")"
  [[ ! -e $tmp/no ]] || fail "created $tmp/no"
done

# -------------------------------------------------------------- read-only
if [[ ${as_user[0]:-} == none ]]; then
  echo "   skipped: read-only cases (root, and setpriv cannot run pinochle as nobody)"
else
  section "a read-only database file"
  ro=$tmp/ro
  mkdir "$ro"
  "$PN" import -q "$ro/club.db" "$ROOT/tests/import/base.csv" || fail "setup"
  chmod 444 "$ro/club.db"
  [[ ${#as_user[@]} -gt 0 ]] && chmod 777 "$ro" # the directory is writable; the file is not
  before=$(sum "$ro/club.db")
  check readonly-file-import
  user_pn import "$ro/club.db" "$tmp/two.csv" >/dev/null 2>"$tmp/err"
  rc=$?
  [[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
  grep -q "^pinochle: import: .*attempt to write a readonly database" "$tmp/err" \
    || fail "unclear message: $(head -2 "$tmp/err")"
  echo "   $(head -1 "$tmp/err")"
  [[ $(sum "$ro/club.db") == "$before" ]] || fail "the database changed"
  check readonly-file-record
  echo quit >"$tmp/quit.rec"
  user_pn record "$ro/club.db" --variant two-hand --players A,B --game r1 <"$tmp/quit.rec" >/dev/null 2>"$tmp/err"
  rc=$?
  [[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
  grep -q "^pinochle: record: .*attempt to write a readonly database" "$tmp/err" \
    || fail "unclear message: $(head -2 "$tmp/err")"
  echo "   $(head -1 "$tmp/err")"
  [[ $(sum "$ro/club.db") == "$before" ]] || fail "the database changed"
  check readonly-file-readers
  rm -f "$ro"/club.db-*
  user_pn export "$ro/club.db" >"$tmp/out" 2>"$tmp/err" || fail "export of a read-only file: $(head -1 "$tmp/err")"
  cmp -s "$tmp/out" "$ROOT/tests/import/base.expected.csv" || fail "export differs"
  user_pn check "$ro/club.db" >"$tmp/out" 2>&1 || fail "check of a read-only file: $(head -1 "$tmp/out")"
  readers_ok user_pn "$ro/club.db"
  [[ $(sum "$ro/club.db") == "$before" ]] || fail "the database changed"

  section "a read-only directory"
  chmod 644 "$ro/club.db"
  rm -f "$ro"/club.db-*
  [[ ${#as_user[@]} -gt 0 ]] && chown 65534 "$ro/club.db"
  chmod 555 "$ro"
  before=$(sum "$ro/club.db")
  check readonly-dir-import
  user_pn import "$ro/club.db" "$tmp/two.csv" >/dev/null 2>"$tmp/err"
  rc=$?
  [[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
  grep -q "^pinochle: import: $ro/club.db: " "$tmp/err" || fail "the message does not name the database: $(head -2 "$tmp/err")"
  [[ $(sum "$ro/club.db") == "$before" ]] || fail "the database changed"
  echo "   $(head -1 "$tmp/err")"
  check readonly-dir-new-database
  user_pn import "$ro/new.db" "$tmp/two.csv" >/dev/null 2>"$tmp/err"
  rc=$?
  [[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
  grep -q "^pinochle: import: $ro/new.db: cannot create or open: Permission denied" "$tmp/err" \
    || fail "unclear message: $(head -2 "$tmp/err")"
  [[ ! -e $ro/new.db ]] || fail "created $ro/new.db"
  # Readers of a WAL database need its -shm file, which a read-only
  # directory cannot hold: they open the file as immutable instead, and
  # read it all the same.
  check readonly-dir-readers
  readers_ok user_pn "$ro/club.db"
  [[ $(sum "$ro/club.db") == "$before" ]] || fail "the database changed"
  # a name that is not a plain URI path: '?', '#', '%' and a space
  odd='a?b#%c d.db'
  chmod 755 "$ro"
  cp "$ro/club.db" "$ro/$odd"
  chmod 555 "$ro"
  check readonly-dir-readers-odd-name
  readers_ok user_pn "$ro/$odd"
  [[ $(sum "$ro/$odd") == "$before" ]] || fail "the database changed"
  chmod 755 "$ro"
fi

# -------------------------------------------------------------- full disk
section "a full disk"
full=$tmp/full
mkdir "$full"
if [[ $(id -u) -ne 0 ]] || ! mount -t tmpfs -o size=4M tmpfs "$full" 2>/dev/null; then
  echo "   skipped: cannot mount a 4 MiB tmpfs here (needs root)"
else
  mounts+=("$full")
  "$PN" import -q "$full/club.db" "$ROOT/tests/import/base.csv" || fail "setup"
  "$PN" sim --variant partnership-auction --games 3000 --seed 43 -o "$tmp/many.csv" || fail "sim"
  before=$(sum "$full/club.db")
  check full-disk-import
  pn import "$full/club.db" "$tmp/many.csv" >/dev/null 2>"$tmp/err"
  rc=$?
  [[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
  grep -q "disk is full" "$tmp/err" || fail "unclear message: $(head -2 "$tmp/err")"
  grep -q '1 file failed: nothing of it stored' "$tmp/err" || fail "the summary does not say nothing was stored"
  [[ $(sum "$full/club.db") == "$before" ]] || fail "the database changed"
  sound "$full/club.db"
  echo "   $(head -1 "$tmp/err")"

  # a recorded game on a disk that fills while it is recorded (with the
  # room below, during its first hand, before the write-ahead log's
  # first checkpoint): the hands stored, if any, are whole and the log's
  # first ones; with room again, --resume finishes the game from the
  # lines its journal kept
  check full-disk-record
  "$PN" sim --variant partnership-auction --games 1 --seed 23 -o "$tmp/game.csv"
  key=$(awk -F, 'NR == 2 { print $1 }' "$tmp/game.csv")
  players=$(awk -F, '$5 == "player" { printf "%s%s", sep, $7; sep = "," }' "$tmp/game.csv")
  date=$(awk -F, '$5 == "tag" && $7 ~ /^date=/ { print substr($7, 6); exit }' "$tmp/game.csv")
  awk -F, 'NR > 1 && $2 > 0 {
    line = $5 == "dealer" ? "dealer " $4 : ($4 != "" ? $4 " " : "") $5
    if ($6 != "") line = line " " $6
    if ($7 != "") line = line " " $7
    print $2 "\t" line }' "$tmp/game.csv" >"$tmp/game.rec"
  rm -f "$full"/club.db*
  "$PN" import -q "$full/club.db" "$ROOT/tests/import/base.csv" || fail "setup"
  free=$(df -k --output=avail "$full" | tail -1)
  page_kib=$(($(sqlite3 "$full/club.db" "PRAGMA page_size") / 1024))
  # room for the write-ahead log's index (32 KiB) and a few commits of
  # a few pages each (the 4 MiB disk leaves room for the log's 64 pages
  # once the filler is gone)
  head -c $(((free - 32 - 10 * page_kib) * 1024)) /dev/zero >"$full/filler" 2>/dev/null
  cut -f2 "$tmp/game.rec" >"$tmp/all.rec"
  pn record "$full/club.db" --variant partnership-auction --players "$players" <"$tmp/all.rec" \
    --game "$key" --tag "date=$date" --yes >"$tmp/out" 2>"$tmp/err"
  rc=$?
  h=$(hands "$full/club.db")
  h=$((h - 2)) # the base game's two hands
  if [[ $rc -eq 0 ]]; then
    echo "   skipped: the recorded game fitted on the disk"
  else
    [[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
    grep -Eq "disk is full|No space left on device" "$tmp/err" || fail "unclear message: $(head -2 "$tmp/err")"
    rm -f "$full/filler"
    h=$(($(hands "$full/club.db") - 2))
    sound "$full/club.db"
    "$PN" export "$full/club.db" --game "$key" >"$tmp/rec.csv"
    same_as_prefix "$tmp/rec.csv" "$tmp/game.csv" "$h" || fail "the $h stored hands differ from the log's first $h"
    echo "   $(head -1 "$tmp/err"); $h hands stored, each whole"
    check full-disk-resume
    # the journal kept the lines of hand h+1 accepted before the disk
    # filled: --resume types them again, and the rest follows them
    kept=$(pn record "$full/club.db" --resume "$key" </dev/null 2>/dev/null |
      sed -n 's/^hand [0-9]* in progress: \([0-9]*\) lines\{0,1\} kept.*/\1/p')
    awk -F'\t' -v k="$h" -v kept="${kept:-0}" '$1 > k { if ($1 == k + 1 && n++ < kept) next; print $2 }' \
      "$tmp/game.rec" >"$tmp/rest.rec"
    pn record "$full/club.db" --resume "$key" --yes <"$tmp/rest.rec" >"$tmp/out" 2>"$tmp/err" || fail "--resume: exit $?: $(head -3 "$tmp/err") (kept ${kept:-0}) $(grep -m2 error "$tmp/out")"
    "$PN" export "$full/club.db" --game "$key" >"$tmp/rec.csv"
    # score rows lost with the failed commit stay lost
    without_scores "$tmp/game.csv" "$h" "$prefix_dropped" >"$tmp/expected.csv"
    export_of "$tmp/expected.csv" >"$tmp/imp.csv"
    cmp -s "$tmp/rec.csv" "$tmp/imp.csv" || fail "the resumed game differs from the log"
    sound "$full/club.db"
  fi
fi


# ------------------------------------- a PostgreSQL URI it cannot reach
# A PostgreSQL URI names a database of the PostgreSQL backend (issue 16).
# A build without it says so; a build with it (PINOCHLE_HAS_POSTGRESQL=1,
# set by CMakeLists.txt) says it cannot connect (to a socket folder that
# does not exist).  Either way every command that takes DB exits 2 with
# one line naming the URI without its password or settings, and creates
# nothing (not a folder "postgresql:" for an SQLite file).
if [[ ${PINOCHLE_HAS_POSTGRESQL:-0} == 1 ]]; then
  section "a PostgreSQL URI whose server is not there"
  uri='postgresql://club:secret@/pinochle?host=/nonexistent-pn-dir&password=secret'
  shown='postgresql://club:***@/pinochle'
  why='cannot connect: '
else
  section "a PostgreSQL URI in a build without that backend"
  uri='postgresql://club:secret@db.example/pinochle?sslmode=require&password=secret'
  shown='postgresql://club:***@db.example/pinochle'
  why='this build of pinochle has no PostgreSQL backend'
fi
mkdir "$tmp/pg"
for line in "init @" "import @ $ROOT/tests/import/base.csv" "export @" "check @" "audit @" \
  "audit --no-record @" "report @ players" "record @ --variant partnership --players A,B,C,D"; do
  check "postgresql-uri: ${line%% *}"
  read -r -a words <<<"$line"
  for j in "${!words[@]}"; do [[ ${words[j]} == @ ]] && words[j]=$uri; done
  (cd "$tmp/pg" && pn "${words[@]}" </dev/null >"$tmp/out" 2>"$tmp/err")
  rc=$?
  [[ $rc -eq 2 ]] || fail "$line: exit $rc, not 2: $(head -2 "$tmp/err")"
  want="pinochle: ${words[0]}: $shown: $why"
  [[ $(wc -l <"$tmp/err") -eq 1 && $(cat "$tmp/err") == "$want"* ]] ||
    fail "$line: stderr $(head -2 "$tmp/err"), not: $want..."
  [[ ! -s $tmp/out ]] || fail "$line: wrote to stdout: $(head -2 "$tmp/out")"
  ! grep -q secret "$tmp/out" "$tmp/err" || fail "$line: printed the password"
  [[ -z $(ls -A "$tmp/pg") ]] || fail "$line: created $(ls -A "$tmp/pg" | tr '\n' ' ')"
done
check postgresql-uri: postgres-scheme
if [[ ${PINOCHLE_HAS_POSTGRESQL:-0} == 1 ]]; then
  upper='POSTGRES:///pinochle?host=/nonexistent-pn-dir' upper_shown='POSTGRES:///pinochle'
else
  upper='POSTGRES://club@db.example/pinochle' upper_shown=$upper
fi
(cd "$tmp/pg" && pn report "$upper" players >"$tmp/out" 2>"$tmp/err")
rc=$?
[[ $rc -eq 2 ]] || fail "postgres://: exit $rc, not 2"
[[ $(cat "$tmp/err") == "pinochle: report: $upper_shown: $why"* ]] || fail "postgres://: $(head -2 "$tmp/err")"

finish
