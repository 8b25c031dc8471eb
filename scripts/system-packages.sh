#!/usr/bin/env bash
# What the tests need that npm cannot install, installed with Debian's apt when
# missing: `chromium` (the browser tests) and `postgresql` (the integration tests'
# second database; test/support/postgres.ts runs its server binaries in a
# throwaway data directory). Run by `npm test` and by CI.
# Where installing is impossible (not root, no apt) it stops at once, naming
# exactly what to install.
set -euo pipefail

missing=()
for package in "$@"; do
  case "$package" in
    chromium) [[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]] || missing+=(chromium) ;;
    postgresql) compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null || missing+=(postgresql) ;;
    *) echo "system-packages.sh: unknown package '$package'" >&2; exit 2 ;;
  esac
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
  hint=""
  [[ " ${missing[*]} " == *" chromium "* ]] && hint=", or set CHROMIUM_PATH to a Chromium binary"
  echo "The tests need Debian's ${missing[*]}: install with sudo apt-get install ${missing[*]}${hint}." >&2
  exit 1
fi
echo "Installing ${missing[*]} with apt-get (the tests need it; this happens once)…"
if [[ " ${missing[*]} " == *" postgresql "* && ! -e /etc/postgresql-common/createcluster.conf ]]; then
  # The tests start their own server; no system-wide cluster left running on port 5432.
  mkdir -p /etc/postgresql-common
  echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
