#!/usr/bin/env bash
# Runs the tests that exercise the database again on a throwaway PostgreSQL cluster (same migrations as
# SQLite): every test file of tests/api, tests/conformance and server/, the folders where tests start
# servers or open a database (through tests/api/helpers.ts, which follows TEST_API_DATABASE_URL), except
# the files tagged `// @module-tag dialect-free` (a tag of vitest.config.ts), each saying beside the tag
# why its outcome is settled before or apart from the SQL the dialect changes (no database, headers,
# translations, the schemas' logic). So a new test file there runs on PostgreSQL unless it says it need
# not (docs/testing.md). Tagged files are not even loaded: --experimental.preParse reads that all their
# tests are skipped without running them.
# Needs Debian's postgresql package (installed when missing and running as root). Port 54329 on loopback
# (TEST_PG_PORT to choose another).
set -euo pipefail
cd "$(dirname "$0")/.."

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pgbin" ] || [ ! -x "$pgbin/postgres" ]; then
  echo "== installing Debian postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

# TEST_PG_PORT: another port, when 54329 is taken (another checkout's run on the same machine).
port=${TEST_PG_PORT:-54329}
cluster=$(mktemp -d /tmp/ecopermit-pg-XXXXXX)
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
# Removed however the run ends, a cluster that failed to start included (its log is printed then).
trap 'as_postgres "\"$pgbin/pg_ctl\" -D \"$cluster/data\" -m immediate stop" >/dev/null 2>&1 || true; rm -rf "$cluster"' EXIT
if [ "$(id -u)" = 0 ]; then chown postgres "$cluster"; fi
as_postgres "'$pgbin/initdb' -D '$cluster/data' -A trust -U postgres >/dev/null"
if ! as_postgres "'$pgbin/pg_ctl' -D '$cluster/data' -l '$cluster/log' -o '-p $port -k $cluster -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300' -w start >/dev/null"; then
  cat "$cluster/log" >&2
  exit 1
fi

url() { echo "postgres://postgres@127.0.0.1:$port/$1"; }
as_postgres "'$pgbin/createdb' -h 127.0.0.1 -p $port -U postgres ecopermit_migrations"
as_postgres "'$pgbin/createdb' -h 127.0.0.1 -p $port -U postgres ecopermit_api"

# One database for the migrations test, one for the API suite: each test server, and each file that
# starts server processes (crash, draining), creates a database of its own from it
# (tests/api/helpers.ts), so two files run at a time as in npm test (two servers' pools: more connections).
# Test files or folders may be named (npm run test:pg -- tests/api/x.test.ts): the three folders otherwise.
if [ $# -eq 0 ]; then set -- tests/api/ tests/conformance/ server/; fi
TEST_DATABASE_URL=$(url ecopermit_migrations) TEST_API_DATABASE_URL=$(url ecopermit_api) \
  npx vitest run --config vitest.config.ts "$@" --tags-filter='!dialect-free' --experimental.preParse
