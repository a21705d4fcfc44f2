#!/usr/bin/env bash
# npm run test:integration:pg — the integration suite (tests/integration, the
# real supabase-js) against the local backend in its DATABASE_URL mode: a
# throwaway, plain PostgreSQL 15 cluster (scripts/testing/test-db/cluster.sh), as a
# developer's own server would be, with lite creating the auth and storage
# schemas and applying the migrations itself.
#
# Usage: bash scripts/testing/test-db/integration-pg.sh [vitest args...]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT"
export DO_NOT_TRACK=1
CLUSTER_LOG_PREFIX=integration-pg
# shellcheck source=scripts/testing/test-db/cluster.sh
source scripts/testing/test-db/cluster.sh

cluster_require_packages
cluster_require_pgvector
cluster_start
psql_cluster -c 'create database inkpress_integration' >/dev/null
INTEGRATION_DATABASE_URL="${CLUSTER_URL/\/postgres\?/\/inkpress_integration?}" \
  node_modules/.bin/vitest run -c vitest.integration.config.ts "$@"
