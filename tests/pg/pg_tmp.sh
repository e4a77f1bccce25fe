#!/bin/bash
# pg_tmp.sh - a throwaway PostgreSQL server for the tests (issue 16).
#
#   tests/pg/pg_tmp.sh start [DIR]   initdb + pg_ctl start in DIR (default: a
#                                     new /tmp/pn-pg-XXXXXX); prints the URI
#                                     postgresql:///pinochle?host=DIR
#   tests/pg/pg_tmp.sh stop DIR      pg_ctl stop, then DIR removed
#   tests/pg/pg_tmp.sh crash DIR     pg_ctl stop -m immediate, DIR kept (a fault test)
#   tests/pg/pg_tmp.sh restart DIR   starts the server in DIR again
#
# The server listens on a Unix socket in DIR only (listen_addresses ''):
# no TCP port, no system service, nothing outside DIR.  Postgres refuses
# to run as root, so under root it runs as `nobody` (DIR is chowned to
# it, and the socket is world-connectable); as any other user it runs as
# that user.  Trust authentication: only local sockets in DIR reach it.
# PG_BINDIR overrides where initdb and pg_ctl are found.
set -euo pipefail

bindir=${PG_BINDIR:-}
if [ -z "$bindir" ]; then
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && bindir=$d
  done
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "pg_tmp.sh: no initdb found (apt-get install postgresql, or set PG_BINDIR)" >&2
  exit 2
fi

# Runs a command as the server's user.
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u nobody -- "$@"
  else
    "$@"
  fi
}

case "${1:-}" in
crash)
  dir=${2:?usage: pg_tmp.sh crash DIR}
  as_pg "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
  ;;
restart)
  dir=${2:?usage: pg_tmp.sh restart DIR}
  as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c unix_socket_permissions=0777 -c fsync=off -c max_connections=40" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 2; }
  ;;
start)
  dir=${2:-$(mktemp -d /tmp/pn-pg-XXXXXX)}
  mkdir -p "$dir"
  chmod 755 "$dir"
  [ "$(id -u)" = 0 ] && chown nobody "$dir"
  as_pg "$bindir/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 2; }
  as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c unix_socket_permissions=0777 -c fsync=off -c max_connections=40" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 2; }
  as_pg "$bindir/psql" -q -h "$dir" -U postgres -d postgres \
    -c "CREATE ROLE pinochle LOGIN SUPERUSER" -c "CREATE DATABASE pinochle OWNER pinochle" >/dev/null
  echo "postgresql:///pinochle?host=$dir&user=pinochle"
  ;;
stop)
  dir=${2:?usage: pg_tmp.sh stop DIR}
  if [ -d "$dir/data" ]; then
    as_pg "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
  ;;
*)
  echo "usage: pg_tmp.sh start [DIR] | stop DIR | crash DIR | restart DIR" >&2
  exit 2
  ;;
esac
