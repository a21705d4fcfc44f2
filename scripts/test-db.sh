#!/usr/bin/env bash
# npm run test:db — the pgTAP suite (supabase/tests/) on a REAL PostgreSQL 15.
#
# 1. Makes sure pgTAP and pg_prove are installed (apt-get, only when root).
# 2. Creates a throwaway cluster (initdb) in a temp dir, started on a free
#    127.0.0.1 port with its unix socket in that dir; stopped and removed on exit.
# 3. Recreates the part of hosted Supabase our migrations need
#    (scripts/test-db/supabase-platform.sql): API roles, auth, storage,
#    extensions — and on purpose NO default table grants to the API roles, so a
#    missing GRANT or policy fails here (the local @supabase/lite stack grants
#    every table by itself and cannot catch that).
# 4. Applies supabase/migrations with the official CLI: `supabase migration up`.
# 5. Runs the tests: `supabase test db` when a Docker daemon is reachable, else
#    pg_prove directly (see run_tests below for why).
#
# Usage: bash scripts/test-db.sh [test paths...]   (default: supabase/tests)
# Env:   PG_BIN (default /usr/lib/postgresql/15/bin)
#        TEST_DB_RUNNER=auto|cli|pg_prove (default auto)
#        TEST_DB_KEEP=1 keeps the cluster running at the end (prints its URL).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PG_MAJOR=15
PG_BIN="${PG_BIN:-/usr/lib/postgresql/${PG_MAJOR}/bin}"
RUNNER="${TEST_DB_RUNNER:-auto}"
export DO_NOT_TRACK=1 SUPABASE_TELEMETRY_DISABLED=1

log() { printf '\033[1m[test-db]\033[0m %s\n' "$*" >&2; }
die() { printf '[test-db] error: %s\n' "$*" >&2; exit 1; }

# --------------------------------------------------------------------------
# 1. Prerequisites
# --------------------------------------------------------------------------
need_packages=()
[ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/pg_ctl" ] && [ -x "$PG_BIN/psql" ] || need_packages+=("postgresql-${PG_MAJOR}")
PG_SHAREDIR="/usr/share/postgresql/${PG_MAJOR}"
[ -x "$PG_BIN/pg_config" ] && PG_SHAREDIR="$("$PG_BIN/pg_config" --sharedir)"
[ -f "$PG_SHAREDIR/extension/pgtap.control" ] || need_packages+=("postgresql-${PG_MAJOR}-pgtap")
command -v pg_prove >/dev/null 2>&1 || need_packages+=("libtap-parser-sourcehandler-pgtap-perl")
if [ "${#need_packages[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing ${need_packages[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_packages[@]}" >/dev/null
  else
    die "missing ${need_packages[*]}; install them first (e.g. sudo apt-get install -y ${need_packages[*]}), or set PG_BIN"
  fi
  [ -x "$PG_BIN/initdb" ] || die "PostgreSQL ${PG_MAJOR} server binaries still not found in $PG_BIN; set PG_BIN"
  [ -x "$PG_BIN/pg_config" ] && PG_SHAREDIR="$("$PG_BIN/pg_config" --sharedir)"
  [ -f "$PG_SHAREDIR/extension/pgtap.control" ] || die "pgTAP is not installed for the server in $PG_BIN"
fi

# initdb and postgres refuse to run as root: run the server as the postgres
# OS user (created by the postgresql packages) in that case.
as_pg() { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
  id -u postgres >/dev/null 2>&1 || die "running as root but there is no 'postgres' OS user to run the server as"
  as_pg() { runuser -u postgres -- "$@"; }
fi

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# --------------------------------------------------------------------------
# 2. Throwaway cluster
# --------------------------------------------------------------------------
TMP="$(mktemp -d "${TMPDIR:-/tmp}/inkpress-test-db.XXXXXX")"
chmod 700 "$TMP"
DATA="$TMP/data"
STARTED=0

cleanup() {
  local status=$?
  if [ "${TEST_DB_KEEP:-0}" = 1 ] && [ "$STARTED" = 1 ]; then
    log "TEST_DB_KEEP=1: cluster left running: $DB_URL (stop: ${PG_BIN}/pg_ctl -D $DATA stop)"
    exit "$status"
  fi
  if [ "$STARTED" = 1 ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$TMP"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

PASSWORD="$(node -e 'console.log(require("crypto").randomBytes(18).toString("hex"))')"
printf '%s\n' "$PASSWORD" >"$TMP/pwfile"
[ "$(id -u)" -eq 0 ] && chown -R postgres: "$TMP"

log "initdb in $TMP"
as_pg "$PG_BIN/initdb" -D "$DATA" -U postgres --pwfile="$TMP/pwfile" \
  --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 --no-instructions >"$TMP/initdb.log" 2>&1 ||
  { cat "$TMP/initdb.log" >&2; die "initdb failed"; }
rm -f "$TMP/pwfile"

PORT=""
for _ in 1 2 3 4 5; do
  PORT="$(free_port)"
  if as_pg "$PG_BIN/pg_ctl" -D "$DATA" -l "$TMP/server.log" -w -t 60 start -o \
    "-c listen_addresses=127.0.0.1 -p $PORT -k $TMP -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >/dev/null; then
    STARTED=1
    break
  fi
  log "could not start on port $PORT, retrying"
done
[ "$STARTED" = 1 ] || { cat "$TMP/server.log" >&2; die "PostgreSQL did not start"; }

DB_URL="postgresql://postgres:${PASSWORD}@127.0.0.1:${PORT}/postgres?sslmode=disable"
log "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"

psql_db() { PGPASSWORD="$PASSWORD" "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U postgres -d postgres "$@"; }

# --------------------------------------------------------------------------
# 3. The hosted platform our migrations build on
# --------------------------------------------------------------------------
log "bootstrapping the Supabase platform (roles, auth, storage, extensions)"
psql_db -f scripts/test-db/supabase-platform.sql >/dev/null

# --------------------------------------------------------------------------
# 4. Migrations, with the official CLI (creates supabase_migrations.schema_migrations)
# --------------------------------------------------------------------------
log "supabase migration up"
if ! npx --no-install supabase migration up --yes --db-url "$DB_URL" >"$TMP/migration-up.log" 2>&1; then
  cat "$TMP/migration-up.log" >&2
  die "supabase migration up failed"
fi
grep -E '^(Applying|Remote database)' "$TMP/migration-up.log" >&2 || true

# --------------------------------------------------------------------------
# 5. pgTAP
# --------------------------------------------------------------------------
paths=("$@")
[ "${#paths[@]}" -gt 0 ] || paths=(supabase/tests)

docker_ok() { command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; }
if [ "$RUNNER" = auto ]; then
  if docker_ok; then RUNNER=cli; else RUNNER=pg_prove; fi
fi

case "$RUNNER" in
cli)
  # The CLI enables pgtap in `extensions`, runs pg_prove from its
  # supabase/pg_prove container, and drops pgtap again.
  log "supabase test db ${paths[*]}"
  npx --no-install supabase test db --db-url "$DB_URL" "${paths[@]}"
  ;;
pg_prove)
  # Fallback, and the default where Docker is not available: `supabase test db`
  # runs pg_prove only inside its `supabase/pg_prove:3.36` Docker image, or
  # (SUPABASE_EXPERIMENTAL_STACK=1) from a PostgreSQL bundle it downloads from
  # GitHub; neither works offline without Docker. We do exactly what it does:
  # create pgtap in `extensions`, then `pg_prove --ext .pg --ext .sql -r <paths>`
  # with the system pg_prove (Debian's is the same 3.36).
  log "pg_prove ${paths[*]} (no Docker daemon: running pg_prove as supabase test db would)"
  psql_db -c 'create extension if not exists pgtap with schema extensions' >/dev/null
  PGHOST=127.0.0.1 PGPORT="$PORT" PGUSER=postgres PGPASSWORD="$PASSWORD" PGDATABASE=postgres \
    pg_prove --ext .pg --ext .sql -r ${TEST_DB_VERBOSE:+--verbose} "${paths[@]}"
  ;;
*) die "TEST_DB_RUNNER must be auto, cli or pg_prove (got $RUNNER)" ;;
esac
