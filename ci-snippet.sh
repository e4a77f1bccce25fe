# ci-snippet.sh - the lines .ci/run needs for the PostgreSQL backend
# (issue 16); applied to .ci/run on branch pg.
#
# 1. In the package list (libpq-dev: the backend is built; postgresql: the
#    throwaway server; its binaries are in /usr/lib/postgresql/15/bin):
packages=(cmake gcc make pkg-config libsqlite3-dev libcsv-dev libcmocka-dev sqlite3 clang libclang-rt-14-dev
          libpq-dev postgresql)

# 2. After the sanitizer stage, before the fuzz stage:
# The store tests, the CLI against PostgreSQL beside SQLite, the audit and
# report goldens and the PostgreSQL faults (tests/pg/test_pg.sh), against
# a throwaway server (tests/pg/pg_tmp.sh: initdb + pg_ctl as a non-root
# user, a Unix socket in a temporary folder, no TCP, no system service).
stage "PostgreSQL: store, CLI, golden and fault tests against a throwaway server"
pg_uri=$(tests/pg/pg_tmp.sh start) || exit 1
pg_dir=$(sed -E 's/.*host=([^&]*).*/\1/' <<<"$pg_uri")
PINOCHLE_TEST_PG_URI=$pg_uri ctest --test-dir build-asan -R '^(test_store|pg|cli|audit_cli|test_report)$' \
  --output-on-failure || { tests/pg/pg_tmp.sh stop "$pg_dir"; exit 1; }
tests/pg/pg_tmp.sh stop "$pg_dir"
