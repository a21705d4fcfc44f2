#!/usr/bin/env bash
# Builds and installs pgvector into the PostgreSQL 15 server the test suites
# use (npm run test:db, test:integration:pg, gen:types), which the
# `site_content_embeddings` migration needs (`create extension vector`).
# Debian bookworm packages no pgvector, so it is built from the source Debian
# trixie ships (pgvector 0.8.0, the pristine upstream tarball), verified by
# its sha256. Hosted Supabase and PGlite have `vector` already.
#
# Idempotent: does nothing when the server already has the extension.
# Needs root (apt-get, make install); otherwise says what to run.
#
# Env: PG_BIN (default /usr/lib/postgresql/15/bin)
#      PGVECTOR_TARBALL  a local copy of the tarball (skips the download)
set -euo pipefail

PG_MAJOR=15
PG_BIN="${PG_BIN:-/usr/lib/postgresql/${PG_MAJOR}/bin}"
PGVECTOR_VERSION=0.8.0
PGVECTOR_URL="http://deb.debian.org/debian/pool/main/p/pgvector/pgvector_${PGVECTOR_VERSION}.orig.tar.gz"
PGVECTOR_SHA256=867a2c328d4928a5a9d6f052cd3bc78c7d60228a9b914ad32aa3db88e9de27b0

log() { printf '\033[1m[pgvector]\033[0m %s\n' "$*" >&2; }
die() { printf '[pgvector] error: %s\n' "$*" >&2; exit 1; }

sharedir() {
  if [ -x "$PG_BIN/pg_config" ]; then "$PG_BIN/pg_config" --sharedir; else echo "/usr/share/postgresql/${PG_MAJOR}"; fi
}

if [ -f "$(sharedir)/extension/vector.control" ]; then
  log "already installed ($(sharedir)/extension/vector.control)"
  exit 0
fi
[ "$(id -u)" -eq 0 ] || die "pgvector is not installed for PostgreSQL ${PG_MAJOR}; run this script as root: sudo bash $0"
command -v apt-get >/dev/null 2>&1 || die "apt-get not found: install pgvector ${PGVECTOR_VERSION} for PostgreSQL ${PG_MAJOR} by hand"

build_packages=("postgresql-server-dev-${PG_MAJOR}" build-essential curl ca-certificates)
missing=()
for package in "${build_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/pgvector-build.XXXXXX")"
trap 'rm -rf "$work"' EXIT
tarball="$work/pgvector.tar.gz"
if [ -n "${PGVECTOR_TARBALL:-}" ]; then
  cp "$PGVECTOR_TARBALL" "$tarball"
else
  log "downloading $PGVECTOR_URL"
  curl -fsSL --retry 3 -o "$tarball" "$PGVECTOR_URL"
fi
echo "$PGVECTOR_SHA256  $tarball" | sha256sum -c --quiet - || die "the tarball's sha256 is not $PGVECTOR_SHA256"

tar -xzf "$tarball" -C "$work"
source_dir="$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 'pgvector*' | head -n 1)"
[ -n "$source_dir" ] || die "no source folder in the tarball"
log "building pgvector ${PGVECTOR_VERSION} for PostgreSQL ${PG_MAJOR}"
# OPTFLAGS="": no -march=native, so the build runs on any x86-64 machine.
make -s -C "$source_dir" PG_CONFIG="$PG_BIN/pg_config" OPTFLAGS="" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; die "make failed"; }
make -s -C "$source_dir" PG_CONFIG="$PG_BIN/pg_config" OPTFLAGS="" install >>"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; die "make install failed"; }
[ -f "$(sharedir)/extension/vector.control" ] || die "installed, but $(sharedir)/extension/vector.control is missing"
log "installed pgvector ${PGVECTOR_VERSION}"
