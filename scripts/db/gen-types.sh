#!/usr/bin/env bash
# npm run gen:types — regenerates supabase/functions/_shared/contracts/database.types.ts
# and supabase/schema.sql (the schema in one read-only file) from supabase/migrations: a throwaway PostgreSQL 15 with the hosted platform
# bootstrap (as npm run test:db), `supabase migration up`, then
# scripts/db/gen-types.ts (@supabase/postgres-meta, the generator of
# `supabase gen types typescript`) and scripts/db/schema-dump.ts (pg_dump).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
export DO_NOT_TRACK=1 SUPABASE_TELEMETRY_DISABLED=1
CLUSTER_LOG_PREFIX=gen-types
# shellcheck source=scripts/testing/test-db/cluster.sh
source scripts/testing/test-db/cluster.sh

cluster_require_packages "postgresql-${PG_MAJOR}-cron"
cluster_require_pgvector
cluster_start -c shared_preload_libraries=pg_cron -c cron.database_name=postgres
psql_cluster -f scripts/testing/test-db/supabase-platform.sql >/dev/null
if ! npx --no-install supabase migration up --yes --db-url "$CLUSTER_URL" >"$CLUSTER_DIR/migration-up.log" 2>&1; then
  cat "$CLUSTER_DIR/migration-up.log" >&2
  cluster_die "supabase migration up failed"
fi
node_modules/.bin/deno run -A scripts/db/gen-types.ts --db-url "$CLUSTER_URL" "$@"
PG_BIN="$PG_BIN" node_modules/.bin/deno run -A scripts/db/schema-dump.ts --db-url "$CLUSTER_URL" "$@"
