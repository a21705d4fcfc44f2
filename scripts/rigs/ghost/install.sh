#!/usr/bin/env bash
# Installs what scripts/rigs/ghost/ needs to run a real Ghost: the Debian build tools
# (better-sqlite3 and re2 compile from source here, their prebuilt downloads
# being out of reach), then Ghost itself on its own Node from the npm registry
# into the cache (npm run ghost -- install). Idempotent: skips what is there.
# Run after `npm ci` (it uses the project's deno). Installing Debian packages
# needs root or sudo.
set -euo pipefail
cd "$(dirname "$0")/../../.."

PACKAGES=(build-essential python3)

missing=()
for pkg in "${PACKAGES[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
  if [[ "$status" != "install ok installed" ]]; then
    missing+=("$pkg")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "ghost build tools: all present"
else
  SUDO=()
  if [[ "$(id -u)" -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then SUDO=(sudo); else
      echo "install.sh: need root to install: ${missing[*]}" >&2
      exit 1
    fi
  fi
  echo "ghost build tools: installing ${missing[*]}"
  "${SUDO[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

exec node_modules/.bin/deno run -A scripts/rigs/ghost/main.ts install
