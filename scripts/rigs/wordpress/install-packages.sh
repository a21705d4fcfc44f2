#!/usr/bin/env bash
# Installs the Debian packages that scripts/rigs/wordpress/main.ts needs to run a real
# WordPress (php -S + MariaDB) on 127.0.0.1. Idempotent: does nothing when every
# package is already installed. Needs root (or sudo) and a Debian/Ubuntu machine.
set -euo pipefail

PACKAGES=(
  wordpress
  wordpress-theme-twentytwentythree
  php-cli
  php-mysql
  php-gd
  php-curl
  php-xml
  php-mbstring
  mariadb-server
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
  if [[ "$status" != "install ok installed" ]]; then
    missing+=("$pkg")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "wordpress packages: all present"
  exit 0
fi

SUDO=()
if [[ "$(id -u)" -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=(sudo); else
    echo "install-packages.sh: need root to install: ${missing[*]}" >&2
    exit 1
  fi
fi

echo "wordpress packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Don't let the mariadb-server package start (or fail to start) a system-wide
# service: we run our own mariadbd per WordPress instance. policy-rc.d exit 101
# = "action forbidden"; only installed for the duration of this script.
policy=/usr/sbin/policy-rc.d
created_policy=0
if [[ ! -e "$policy" ]]; then
  printf '#!/bin/sh\nexit 101\n' | "${SUDO[@]}" tee "$policy" >/dev/null
  "${SUDO[@]}" chmod +x "$policy"
  created_policy=1
fi
cleanup() { if [[ $created_policy -eq 1 ]]; then "${SUDO[@]}" rm -f "$policy"; fi; }
trap cleanup EXIT

"${SUDO[@]}" apt-get update -q
"${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "wordpress packages: installed"
