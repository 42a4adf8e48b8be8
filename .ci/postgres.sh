#!/usr/bin/env bash
# Install (if needed) and start a local PostgreSQL server for the test suite, then print the URL
# the tests use (CAMPAIGN_TEST_POSTGRES). Needs root; the server itself runs as `postgres`.
set -euo pipefail

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi

version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$version main$"; then
  pg_createcluster "$version" main >&2
fi
pg_ctlcluster "$version" main start >&2 2>/dev/null || true
for _ in $(seq 1 30); do
  su postgres -c "psql -qtAc 'select 1'" >/dev/null 2>&1 && break
  sleep 1
done
port=$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $3}')

su postgres -c "psql -qtAc \"do \\\$\\\$ begin
  if not exists (select from pg_roles where rolname = 'ledger') then
    create role ledger login password 'ledger' createdb;
  end if; end \\\$\\\$;\"" >&2
su postgres -c "psql -qtAc \"select 1 from pg_database where datname = 'ledger_test'\"" | grep -q 1 \
  || su postgres -c "createdb -O ledger ledger_test" >&2

# A role named as the user running this script and the tests (root in CI), with no password:
# over the server's Unix socket, peer authentication (pg_hba.conf's `local all all peer`, as
# Debian installs it) lets the tests connect as libpq does by default, naming no host and no
# user (tests/system/test_postgres_as_libpq_connects.py). It may create schemas in ledger_test.
me=$(id -un)
if [ "$me" != postgres ]; then
  su postgres -c "psql -qtAc \"select 1 from pg_roles where rolname = '$me'\"" | grep -q 1 \
    || su postgres -c "createuser --login '$me'" >&2
  su postgres -c "psql -qtAc 'grant connect, create on database ledger_test to \"$me\"'" >&2
fi

echo "postgresql+psycopg://ledger:ledger@127.0.0.1:${port}/ledger_test"
