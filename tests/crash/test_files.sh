#!/usr/bin/env bash
# test_files.sh PINOCHLE - a user's files are never destroyed (issue 29):
#   - an output (-o) that is the database itself (the same file, its -wal,
#     a hard link, a symbolic link) is refused, exit 2, the database byte
#     for byte as before;
#   - a command that fails leaves an existing -o file as it was;
#   - SIGINT, SIGTERM, SIGHUP end a command with a message, exit 130 or 2,
#     and leave no partial output and no new database (an existing one
#     keeps what it held);
#   - a file-size limit (ulimit -f) is a write error with a message, exit
#     2, and no partial output (it used to kill the command with SIGXFSZ);
#   - a read-only database file in a writable folder: audit and analyze
#     fail and leave no -wal or -shm beside it.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

sum() { sha256sum "$1" | cut -d' ' -f1; }
# no_temp DIR: no temporary output file (NAME.tmp-XXXXXX) left in DIR
no_temp() { ! compgen -G "$1/*.tmp-*" >/dev/null || fail "temporary files left: $(ls "$1"/*.tmp-*)"; }
# run WANT ARGS...: pinochle ARGS, stderr in $tmp/err; checks the exit code
run() {
  local want=$1 rc
  shift
  pn "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [[ $rc -eq $want ]] || fail "exit $rc, expected $want: $(head -2 "$tmp/err")"
}
err_says() { grep -Eq -- "$1" "$tmp/err" || fail "stderr lacks /$1/: $(head -2 "$tmp/err")"; }

d=$tmp/w
mkdir "$d"
db=$d/club.db
pn import -q "$db" "$ROOT/tests/import/base.csv" || fail "setup: import"
G=$(sqlite3 "$db" "SELECT key FROM games LIMIT 1")

# ------------------------------------------------- -o onto the database
section "-o that is the database is refused before anything is written"
cp "$db" "$tmp/pristine.db"
before=$(sum "$db")
# each case on a fresh copy, with a hard link and a symbolic link to it
fresh() {
  rm -rf "$tmp/o"
  mkdir "$tmp/o"
  cp "$tmp/pristine.db" "$tmp/o/club.db"
  ln "$tmp/o/club.db" "$tmp/o/hard.db"
  ln -s club.db "$tmp/o/link.db"
}
for target in club.db club.db-wal club.db-shm hard.db link.db; do
  for line in "export @" "report @ players" "report @ game $G" "analyze @ --quiet --budget 1000" \
    "audit @" "audit @ --no-record"; do
    fresh
    read -r -a words <<<"${line//@/$tmp/o/club.db}"
    check "${words[0]}-onto-$target"
    run 2 "${words[@]}" -o "$tmp/o/$target"
    err_says "^pinochle: ${words[0]}: -o $tmp/o/$target is the database $tmp/o/club.db"
    [[ -f $tmp/o/club.db && $(sum "$tmp/o/club.db") == "$before" ]] || fail "the database changed or is gone"
    [[ $target != club.db-* || ! -e $tmp/o/$target ]] || fail "$target was written"
    [[ $target != link.db || -L $tmp/o/link.db ]] || fail "the symbolic link was replaced"
    no_temp "$tmp/o"
  done
done

# ------------------------------------------- a failure keeps the old file
section "a command that fails leaves an existing -o file as it was"
kept=$(printf 'keep\nthis\n' | sha256sum | cut -d' ' -f1)
for line in "export @ --game nope" "report @ game nope" "report @ hand $G 99" "audit @ --game nope" \
  "analyze @ --game $G --hand 99 --quiet --budget 1000"; do
  printf 'keep\nthis\n' >"$d/keep.txt"
  chmod 640 "$d/keep.txt"
  read -r -a words <<<"${line//@/$db}"
  check "${words[0]}-failure-keeps-file: $line"
  run 2 "${words[@]}" -o "$d/keep.txt"
  [[ $(sum "$d/keep.txt") == "$kept" ]] || fail "keep.txt changed: $(head -c 80 "$d/keep.txt")"
done
no_temp "$d"
# success replaces it whole, keeping its mode; a symbolic link stays one
check success-replaces-keeping-mode
run 0 export "$db" -o "$d/keep.txt"
cmp -s "$d/keep.txt" "$ROOT/tests/import/base.expected.csv" || fail "export -o differs"
[[ $(stat -c %a "$d/keep.txt") == 640 ]] || fail "mode $(stat -c %a "$d/keep.txt"), expected 640"
check new-file-mode-follows-umask
(umask 027 && exec "${wrap[@]}" "$PN" export "$db" -o "$d/new.csv") || fail "export -o new.csv"
[[ $(stat -c %a "$d/new.csv") == 640 ]] || fail "mode $(stat -c %a "$d/new.csv"), expected 640 (umask 027)"
check devices-written-directly
run 0 export "$db" -o /dev/null
[[ -c /dev/null ]] || fail "/dev/null is no longer a device"
check success-through-a-link
ln -s keep.txt "$d/keep.link"
run 0 report "$db" players -o "$d/keep.link"
[[ -L $d/keep.link ]] || fail "the link was replaced by a file"
grep -q . "$d/keep.txt" && ! cmp -s "$d/keep.txt" "$ROOT/tests/import/base.expected.csv" \
  || fail "the file the link names was not written"
no_temp "$d"

# ------------------------------------------------------------- signals
section "a signal ends a command: message, exit code, no new file"
pn sim --variant partnership-auction --games 150 --seed 29 -o "$tmp/big.csv" || fail "setup: sim"
head -c 1500000 "$tmp/big.csv" >"$tmp/half.csv"
mkfifo "$tmp/fifo"
# interrupted SIG WANT DB: `import DB -` reading half a log from a pipe
# that stays open (so the import is inside its transaction), then SIG;
# checks the exit code and the message.  A background job of a script
# ignores SIGINT: env --default-signal gives it back.
interrupted() {
  local sig=$1 want=$2 target=$3 pid rc
  env --default-signal=INT,TERM,HUP "${wrap[@]}" "$PN" import "$target" - <"$tmp/fifo" >/dev/null 2>"$tmp/err" &
  pid=$!
  bg_pids+=("$pid")
  exec 3>"$tmp/fifo"
  cat "$tmp/half.csv" >&3
  # inside its transaction: a -wal file beside the database, or a
  # -journal beside one it creates (STORE_BULK)
  wait_for 10 test -e "$target-wal" -o -e "$target-journal" || fail "the import did not start"
  sleep 0.3
  kill -"$sig" "$pid"
  wait "$pid"
  rc=$?
  exec 3>&-
  [[ $rc -eq $want ]] || fail "exit $rc, expected $want"
  err_says "^pinochle: .*\\(SIG$sig\\): stopped; nothing unfinished kept"
}
for sig in INT TERM HUP; do
  want=2
  [[ $sig == INT ]] && want=130
  check "SIG$sig-import-into-new-database"
  interrupted "$sig" "$want" "$d/new.db"
  [[ ! -e $d/new.db && ! -e $d/new.db-wal && ! -e $d/new.db-shm && ! -e $d/new.db-journal ]] \
    || fail "left $(ls "$d"/new.db*)"
done
check SIGTERM-import-into-existing-database
cp "$db" "$d/old.db"
interrupted TERM 2 "$d/old.db"
[[ -e $d/old.db && $(games "$d/old.db") -eq $(games "$db") && $(integrity "$d/old.db") == ok ]] \
  || fail "the existing database lost what it held"
check SIGINT-import-after-a-committed-file
has_games() { [[ $(games "$1" 2>/dev/null) -gt 0 ]]; }
env --default-signal=INT "${wrap[@]}" "$PN" import "$d/two.db" "$ROOT/tests/import/base.csv" - <"$tmp/fifo" \
  >/dev/null 2>"$tmp/err" &
pid=$!
bg_pids+=("$pid")
exec 3>"$tmp/fifo"
cat "$tmp/half.csv" >&3
wait_for 10 has_games "$d/two.db" || fail "base.csv was not imported"
sleep 0.3
kill -INT "$pid"
wait "$pid"
rc=$?
exec 3>&-
[[ $rc -eq 130 ]] || fail "exit $rc, expected 130"
[[ -e $d/two.db && $(games "$d/two.db") -eq $(games "$db") ]] \
  || fail "the games of the file committed before were removed"
# an output being written: the old file stays, no temporary file
for sig in INT TERM; do
  check "SIG$sig-sim-output-keeps-old-file"
  printf 'keep\n' >"$d/sim.csv"
  env --default-signal=INT,TERM "${wrap[@]}" "$PN" sim --variant partnership-auction --games 1000000 \
    -o "$d/sim.csv" 2>"$tmp/err" &
  pid=$!
  bg_pids+=("$pid")
  wait_for 10 compgen -G "$d/sim.csv.tmp-*" >/dev/null || fail "sim did not start writing"
  kill -"$sig" "$pid"
  wait "$pid"
  rc=$?
  want=2
  [[ $sig == INT ]] && want=130
  [[ $rc -eq $want ]] || fail "exit $rc, expected $want"
  err_says "^pinochle: .*\\(SIG$sig\\): stopped; nothing unfinished kept"
  [[ $(cat "$d/sim.csv") == keep ]] || fail "sim.csv changed"
  no_temp "$d"
done

# ------------------------------------------------------- file-size limit
section "a file-size limit is a write error, not a silent death"
# limited BLOCKS WANT ARGS...: pinochle ARGS under ulimit -f BLOCKS (1 KiB)
limited() {
  local blocks=$1 want=$2 rc
  shift 2
  (ulimit -f "$blocks" && exec "${wrap[@]}" "$PN" "$@") >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [[ $rc -eq $want ]] || fail "exit $rc, expected $want (153 is SIGXFSZ): $(head -2 "$tmp/err")"
}
pn import -q "$d/big.db" "$tmp/big.csv" || fail "setup: import big"
pn sim --variant partnership-auction --games 30 --seed 7 --renege-rate 0.3 -o "$tmp/reneges.csv" || fail "setup"
pn import -q "$d/reneges.db" "$tmp/reneges.csv" || fail "setup: import reneges"
printf 'keep\n' >"$d/keep.csv"
for line in "sim --variant partnership-auction --games 40" "export $d/big.db" "report $d/big.db hands" \
  "audit $d/reneges.db --no-record --format csv"; do
  read -r -a words <<<"$line"
  check "ulimit-${words[0]}"
  limited 64 2 "${words[@]}" -o "$d/limited.csv"
  err_says "^pinochle: ${words[0]}: $d/limited.csv: write error: File too large"
  [[ ! -e $d/limited.csv ]] || fail "a partial output was left ($(size "$d/limited.csv") bytes)"
  check "ulimit-${words[0]}-keeps-old-file"
  limited 64 2 "${words[@]}" -o "$d/keep.csv"
  [[ $(cat "$d/keep.csv") == keep ]] || fail "keep.csv changed"
  no_temp "$d"
done
check ulimit-audit-records-nothing
limited 64 2 audit "$d/reneges.db" --format csv -o "$d/limited.csv"
[[ $(sqlite3 "$d/reneges.db" "SELECT count(*) FROM audits") -eq 0 ]] || fail "a run was recorded"
[[ ! -e $d/limited.csv ]] || fail "a partial output was left"
# (SQLite says "disk I/O error": its errno is not kept)
check ulimit-import-into-new-database
limited 200 2 import "$d/limited.db" "$tmp/big.csv"
err_says "^pinochle: import: .*error"
[[ ! -e $d/limited.db && ! -e $d/limited.db-wal && ! -e $d/limited.db-shm ]] || fail "left $(ls "$d"/limited.db*)"
check ulimit-copy-into-new-database
limited 200 2 copy "$d/big.db" "$d/limited.db"
err_says "^pinochle: copy: .*error"
[[ ! -e $d/limited.db && ! -e $d/limited.db-wal && ! -e $d/limited.db-shm ]] || fail "left $(ls "$d"/limited.db*)"
if [[ -c /dev/full && -w /dev/full ]]; then
  check export-to-full-standard-output
  pn export "$d/big.db" >/dev/full 2>"$tmp/err"
  rc=$?
  [[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
  err_says "^pinochle: .*(standard output|writing)"
fi

# ------------------------------------------------- a read-only database
# Permissions mean nothing to root: as root, pinochle runs as nobody.
as_user=()
if [[ $(id -u) -eq 0 ]]; then
  if command -v setpriv >/dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$PN"; then
    as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    chmod 755 "$tmp"
  else
    as_user=(none)
  fi
fi
if [[ ${as_user[0]:-} == none ]]; then
  echo "   skipped: read-only file (root, and setpriv cannot run pinochle as nobody)"
else
  section "a read-only database file in a writable folder"
  ro=$tmp/ro
  mkdir "$ro"
  chmod 777 "$ro"
  pn import -q "$ro/club.db" "$ROOT/tests/import/base.csv" || fail "setup"
  chmod 444 "$ro/club.db"
  before=$(sum "$ro/club.db")
  for line in "audit @" "analyze @ --quiet --budget 1000" "import @ $tmp/reneges.csv"; do
    read -r -a words <<<"${line//@/$ro/club.db}"
    check "readonly-file-${words[0]}"
    chmod 644 "$tmp/reneges.csv"
    "${as_user[@]}" "${wrap[@]}" "$PN" "${words[@]}" >/dev/null 2>"$tmp/err"
    rc=$?
    [[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
    err_says "readonly database"
    [[ ! -e $ro/club.db-wal && ! -e $ro/club.db-shm ]] || fail "left $(ls "$ro"/club.db-* | tr '\n' ' ')"
    rm -f "$ro"/club.db-*
    [[ $(sum "$ro/club.db") == "$before" ]] || fail "the database changed"
  done
  # renaming over a file needs only the folder's permission: a file the
  # user may not write is refused all the same
  check readonly-output-file-refused
  printf 'keep\n' >"$ro/out.csv"
  chmod 444 "$ro/out.csv"
  "${as_user[@]}" "${wrap[@]}" "$PN" export "$ro/club.db" -o "$ro/out.csv" >/dev/null 2>"$tmp/err"
  rc=$?
  [[ $rc -eq 2 ]] || fail "exit $rc, expected 2"
  err_says "out.csv: cannot write: Permission denied"
  [[ $(cat "$ro/out.csv") == keep ]] || fail "out.csv was replaced"
fi

finish
