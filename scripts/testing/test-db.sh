#!/usr/bin/env bash
# npm run test:db — the pgTAP suite (supabase/tests/) on a REAL PostgreSQL 15,
# twice: once per setting of hosted Supabase's "Default privileges for new
# entities" (the CLI's `[api] auto_expose_new_tables`):
#
#   auto-expose-off  new tables, sequences and functions in public are NOT
#                    granted to the API roles (hosted default since
#                    2026-10-30): a missing GRANT fails a test;
#   auto-expose-on   they are granted to anon, authenticated and service_role
#                    (the earlier default): a missing REVOKE fails a test.
#
# For each mode, a throwaway cluster (scripts/testing/test-db/cluster.sh) with pg_cron
# preloaded, as on the platform:
#   1. scripts/testing/test-db/supabase-platform.sql: API roles, auth, storage,
#      extensions schema, and stand-ins for pg_net and Vault; for
#      auto-expose-on also scripts/testing/test-db/auto-expose-on.sql;
#   2. supabase/migrations with the official CLI (`supabase migration up`);
#   3. the pgTAP files: `supabase test db` when a Docker daemon is reachable,
#      else pg_prove directly (see run_tests for why).
# After the auto-expose-off run, the Database types are regenerated from that
# cluster and compared with the committed file (scripts/db/gen-types.ts --check).
#
# Usage: bash scripts/testing/test-db.sh [test paths...]   (default: supabase/tests)
# Env:   TEST_DB_MODES   modes to run (default "auto-expose-off auto-expose-on")
#        TEST_DB_RUNNER  auto|cli|pg_prove (default auto)
#        TEST_DB_KEEP=1  leaves the clusters running (prints their URLs)
#        PG_BIN          PostgreSQL binaries (default /usr/lib/postgresql/15/bin)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
export DO_NOT_TRACK=1 SUPABASE_TELEMETRY_DISABLED=1
CLUSTER_LOG_PREFIX=test-db
# shellcheck source=scripts/testing/test-db/cluster.sh
source scripts/testing/test-db/cluster.sh

RUNNER="${TEST_DB_RUNNER:-auto}"
read -r -a MODES <<<"${TEST_DB_MODES:-auto-expose-off auto-expose-on}"
paths=("$@")
[ "${#paths[@]}" -gt 0 ] || paths=(supabase/tests)

cluster_require_packages "postgresql-${PG_MAJOR}-pgtap" "postgresql-${PG_MAJOR}-cron" libtap-parser-sourcehandler-pgtap-perl
cluster_require_pgvector

docker_ok() { command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; }
if [ "$RUNNER" = auto ]; then
  if docker_ok; then RUNNER=cli; else RUNNER=pg_prove; fi
fi
case "$RUNNER" in cli | pg_prove) ;; *) cluster_die "TEST_DB_RUNNER must be auto, cli or pg_prove (got $RUNNER)" ;; esac

prepare_database() {
  local mode="$1"
  cluster_log "[$mode] bootstrapping the Supabase platform (roles, auth, storage, extensions, pg_net and Vault stand-ins)"
  psql_cluster -f scripts/testing/test-db/supabase-platform.sql >/dev/null
  case "$mode" in
  auto-expose-off) ;;
  auto-expose-on) psql_cluster -f scripts/testing/test-db/auto-expose-on.sql >/dev/null ;;
  *) cluster_die "unknown mode $mode (auto-expose-off or auto-expose-on)" ;;
  esac
  # The mode really is what it says: default grants to the API roles in public or none.
  local default_grants
  default_grants="$(psql_cluster -At -c "select count(*) from pg_default_acl d, aclexplode(d.defaclacl) a
    where d.defaclnamespace = 'public'::regnamespace and a.grantee::regrole::text in ('anon', 'authenticated', 'service_role')")"
  if { [ "$mode" = auto-expose-off ] && [ "$default_grants" != 0 ]; } || { [ "$mode" = auto-expose-on ] && [ "$default_grants" = 0 ]; }; then
    cluster_die "[$mode] unexpected default privileges in public ($default_grants grants to the API roles)"
  fi

  cluster_log "[$mode] supabase migration up"
  if ! npx --no-install supabase migration up --yes --db-url "$CLUSTER_URL" >"$CLUSTER_DIR/migration-up.log" 2>&1; then
    cat "$CLUSTER_DIR/migration-up.log" >&2
    cluster_die "[$mode] supabase migration up failed"
  fi
  grep -E '^(Applying|Remote database)' "$CLUSTER_DIR/migration-up.log" >&2 || true
}

run_tests() {
  local mode="$1"
  if [ "$RUNNER" = cli ]; then
    # The CLI enables pgtap in `extensions`, runs pg_prove from its
    # supabase/pg_prove container, and drops pgtap again.
    cluster_log "[$mode] supabase test db ${paths[*]}"
    npx --no-install supabase test db --db-url "$CLUSTER_URL" "${paths[@]}"
  else
    # The default where Docker is not available: `supabase test db` runs
    # pg_prove only inside its `supabase/pg_prove:3.36` Docker image, or
    # (SUPABASE_EXPERIMENTAL_STACK=1) from a PostgreSQL bundle it downloads
    # from GitHub; neither works offline without Docker. We do exactly what
    # it does: create pgtap in `extensions`, then
    # `pg_prove --ext .pg --ext .sql -r <paths>` with the system pg_prove
    # (Debian's is the same 3.36).
    cluster_log "[$mode] pg_prove ${paths[*]} (no Docker daemon: running pg_prove as supabase test db would)"
    psql_cluster -c 'create extension if not exists pgtap with schema extensions' >/dev/null
    PGHOST=127.0.0.1 PGPORT="$CLUSTER_PORT" PGUSER=postgres PGPASSWORD="$CLUSTER_PASSWORD" PGDATABASE=postgres \
      pg_prove --ext .pg --ext .sql -r ${TEST_DB_VERBOSE:+--verbose} "${paths[@]}"
  fi
}

results=()
status=0
for mode in "${MODES[@]}"; do
  cluster_start -c shared_preload_libraries=pg_cron -c cron.database_name=postgres
  prepare_database "$mode"
  if run_tests "$mode"; then results+=("ok    pgTAP, $mode"); else results+=("FAIL  pgTAP, $mode"); status=1; fi
  if [ "$mode" = auto-expose-off ] && [ "${#paths[@]}" -eq 1 ] && [ "${paths[0]}" = supabase/tests ]; then
    cluster_log "[$mode] generated Database types match the migrations"
    if node_modules/.bin/deno run -A scripts/db/gen-types.ts --check --db-url "$CLUSTER_URL"; then
      results+=("ok    generated types up to date")
    else
      results+=("FAIL  generated types up to date (run npm run gen:types)")
      status=1
    fi
    cluster_log "[$mode] supabase/schema.sql matches the migrations"
    if PG_BIN="$PG_BIN" node_modules/.bin/deno run -A scripts/db/schema-dump.ts --check --db-url "$CLUSTER_URL"; then
      results+=("ok    supabase/schema.sql up to date")
    else
      results+=("FAIL  supabase/schema.sql up to date (run npm run gen:types)")
      status=1
    fi
  fi
  cluster_stop
done

printf '\n'
for line in "${results[@]}"; do cluster_log "$line"; done
exit "$status"
