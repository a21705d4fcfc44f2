# Throwaway PostgreSQL 15 clusters for the suites that need a real server
# (npm run test:db, test:integration:pg, gen:types). Source it from bash:
#
#   source scripts/testing/test-db/cluster.sh
#   cluster_require_packages postgresql-15-cron     # apt-get when root, else a clear error
#   cluster_start -c shared_preload_libraries=pg_cron -c cron.database_name=postgres
#   psql_cluster -c 'select 1'                      # as the postgres superuser
#   echo "$CLUSTER_URL"                             # postgresql://postgres:<pw>@127.0.0.1:<port>/postgres
#   cluster_stop                                    # also done on exit, for every cluster started
#
# Each cluster is an initdb in its own temp dir, listening on a free port on
# 127.0.0.1 only (socket in that dir), with password auth over TCP, fsync off,
# and is removed on exit. When run as root the server runs as the `postgres`
# OS user (initdb refuses root). TEST_DB_KEEP=1 leaves clusters running.
#
# Env: PG_BIN (default /usr/lib/postgresql/15/bin)

PG_MAJOR=15
PG_BIN="${PG_BIN:-/usr/lib/postgresql/${PG_MAJOR}/bin}"
CLUSTER_LOG_PREFIX="${CLUSTER_LOG_PREFIX:-cluster}"

cluster_log() { printf '\033[1m[%s]\033[0m %s\n' "$CLUSTER_LOG_PREFIX" "$*" >&2; }
cluster_die() { printf '[%s] error: %s\n' "$CLUSTER_LOG_PREFIX" "$*" >&2; exit 1; }

cluster_sharedir() {
  if [ -x "$PG_BIN/pg_config" ]; then "$PG_BIN/pg_config" --sharedir; else echo "/usr/share/postgresql/${PG_MAJOR}"; fi
}

# A package counts as present when what we use from it is there (so a server
# built or installed some other way, with PG_BIN, works too).
cluster_package_present() {
  case "$1" in
  "postgresql-${PG_MAJOR}-pgtap") [ -f "$(cluster_sharedir)/extension/pgtap.control" ] ;;
  "postgresql-${PG_MAJOR}-cron") [ -f "$(cluster_sharedir)/extension/pg_cron.control" ] ;;
  libtap-parser-sourcehandler-pgtap-perl) command -v pg_prove >/dev/null 2>&1 ;;
  *) dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed" ;;
  esac
}

# Installs what is missing among the server and the named extra Debian
# packages (pgTAP, pg_cron, pg_prove, ...) when root with apt-get; otherwise
# exits with the command to run.
cluster_require_packages() {
  local missing=() package
  [ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/pg_ctl" ] && [ -x "$PG_BIN/psql" ] || missing+=("postgresql-${PG_MAJOR}")
  for package in "$@"; do
    cluster_package_present "$package" || missing+=("$package")
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    cluster_log "installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    cluster_die "missing ${missing[*]}; install them first (e.g. sudo apt-get install -y ${missing[*]}), or set PG_BIN"
  fi
  [ -x "$PG_BIN/initdb" ] || cluster_die "PostgreSQL ${PG_MAJOR} server binaries still not found in $PG_BIN; set PG_BIN"
  for package in "$@"; do
    cluster_package_present "$package" || cluster_die "$package is still missing for the server in $PG_BIN"
  done
}

# pgvector (the embeddings migration creates `vector`): Debian bookworm has
# no package, so scripts/testing/test-db/install-pgvector.sh builds it from source.
cluster_require_pgvector() {
  [ -f "$(cluster_sharedir)/extension/vector.control" ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    cluster_log "pgvector is missing for PostgreSQL ${PG_MAJOR}: building it (scripts/testing/test-db/install-pgvector.sh)"
    PG_BIN="$PG_BIN" bash "$(dirname "${BASH_SOURCE[0]}")/install-pgvector.sh" || cluster_die "installing pgvector failed"
  else
    cluster_die "pgvector is missing for the PostgreSQL ${PG_MAJOR} server in $PG_BIN (the migrations create the vector extension); install it first: sudo bash scripts/testing/test-db/install-pgvector.sh"
  fi
}

cluster_as_pg() { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
  cluster_as_pg() { runuser -u postgres -- "$@"; }
fi

cluster_free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

CLUSTER_DIRS=()

cluster_cleanup() {
  local status=$? dir
  for dir in "${CLUSTER_DIRS[@]}"; do
    [ -d "$dir" ] || continue
    if [ "${TEST_DB_KEEP:-0}" = 1 ]; then
      cluster_log "TEST_DB_KEEP=1: left running: $(cat "$dir/url" 2>/dev/null) (stop: $PG_BIN/pg_ctl -D $dir/data stop)"
      continue
    fi
    [ -f "$dir/data/postmaster.pid" ] && cluster_as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1
    rm -rf "$dir"
  done
  exit "$status"
}
trap cluster_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# cluster_start [postgres -c options...]: initdb + start; sets CLUSTER_DIR,
# CLUSTER_PORT, CLUSTER_PASSWORD, CLUSTER_URL (database `postgres`).
cluster_start() {
  [ "$(id -u)" -ne 0 ] || id -u postgres >/dev/null 2>&1 ||
    cluster_die "running as root but there is no 'postgres' OS user to run the server as"
  CLUSTER_DIR="$(mktemp -d "${TMPDIR:-/tmp}/inkpress-pg.XXXXXX")"
  CLUSTER_DIRS+=("$CLUSTER_DIR")
  chmod 700 "$CLUSTER_DIR"
  CLUSTER_PASSWORD="$(node -e 'console.log(require("crypto").randomBytes(18).toString("hex"))')"
  printf '%s\n' "$CLUSTER_PASSWORD" >"$CLUSTER_DIR/pwfile"
  [ "$(id -u)" -eq 0 ] && chown -R postgres: "$CLUSTER_DIR"

  cluster_as_pg "$PG_BIN/initdb" -D "$CLUSTER_DIR/data" -U postgres --pwfile="$CLUSTER_DIR/pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 --no-instructions >"$CLUSTER_DIR/initdb.log" 2>&1 ||
    { cat "$CLUSTER_DIR/initdb.log" >&2; cluster_die "initdb failed"; }
  rm -f "$CLUSTER_DIR/pwfile"

  local options=("$@") started=0
  for _ in 1 2 3 4 5; do
    CLUSTER_PORT="$(cluster_free_port)"
    if cluster_as_pg "$PG_BIN/pg_ctl" -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/server.log" -w -t 60 start -o \
      "-c listen_addresses=127.0.0.1 -p $CLUSTER_PORT -k $CLUSTER_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${options[*]}" >/dev/null; then
      started=1
      break
    fi
    cluster_log "could not start on port $CLUSTER_PORT, retrying"
  done
  [ "$started" = 1 ] || { cat "$CLUSTER_DIR/server.log" >&2; cluster_die "PostgreSQL did not start"; }
  CLUSTER_URL="postgresql://postgres:${CLUSTER_PASSWORD}@127.0.0.1:${CLUSTER_PORT}/postgres?sslmode=disable"
  printf '%s\n' "$CLUSTER_URL" >"$CLUSTER_DIR/url"
  cluster_log "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$CLUSTER_PORT"
}

# psql as the superuser on the current cluster (database postgres unless -d).
psql_cluster() {
  PGPASSWORD="$CLUSTER_PASSWORD" "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres -d postgres "$@"
}

# Stops and removes the current cluster now (instead of on exit).
cluster_stop() {
  [ -n "${CLUSTER_DIR:-}" ] && [ -d "$CLUSTER_DIR" ] || return 0
  [ "${TEST_DB_KEEP:-0}" = 1 ] && return 0
  cluster_as_pg "$PG_BIN/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$CLUSTER_DIR"
}
