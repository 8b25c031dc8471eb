#!/usr/bin/env bash
# What the tests need that npm cannot install, installed with Debian's apt when
# missing: `chromium` (the browser tests), `postgresql` (the integration tests'
# second database; test/support/postgres.ts runs its server binaries in a
# throwaway data directory) and `pgbouncer` (the same tests through a
# transaction-mode pooler; test/support/pgbouncer.ts runs it in a throwaway
# directory). Run by `npm test` and by CI.
# Where installing is impossible (not root, no apt) it stops at once, naming
# exactly what to install.
set -euo pipefail

missing=()
for package in "$@"; do
  case "$package" in
    chromium) [[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]] || missing+=(chromium) ;;
    postgresql) compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null || missing+=(postgresql) ;;
    pgbouncer) [[ -x "${PGBOUNCER_PATH:-/usr/sbin/pgbouncer}" ]] || missing+=(pgbouncer) ;;
    *) echo "system-packages.sh: unknown package '$package'" >&2; exit 2 ;;
  esac
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
  hint=""
  [[ " ${missing[*]} " == *" chromium "* ]] && hint=", or set CHROMIUM_PATH to a Chromium binary"
  [[ " ${missing[*]} " == *" pgbouncer "* ]] && hint="${hint}, or set PGBOUNCER_PATH to a PgBouncer binary"
  echo "The tests need Debian's ${missing[*]}: install with sudo apt-get install ${missing[*]}${hint}." >&2
  exit 1
fi
echo "Installing ${missing[*]} with apt-get (the tests need it; this happens once)…"
if [[ " ${missing[*]} " == *" postgresql "* && ! -e /etc/postgresql-common/createcluster.conf ]]; then
  # The tests start their own server; no system-wide cluster left running on port 5432.
  mkdir -p /etc/postgresql-common
  echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf
fi
if [[ " ${missing[*]} " == *" pgbouncer "* && ! -e /usr/sbin/policy-rc.d ]]; then
  # The tests start their own pooler; the package's service is not started (Debian's policy-rc.d
  # convention: 101 = action forbidden), for this install only.
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
