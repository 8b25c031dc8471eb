#!/usr/bin/env bash
# What the tests need that npm cannot install, installed with Debian's apt when
# missing: `chromium` (the browser tests). Run by `npm test` and by CI.
# Where installing is impossible (not root, no apt) it stops at once, naming
# exactly what to install.
set -euo pipefail

missing=()
for package in "$@"; do
  case "$package" in
    chromium) [[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]] || missing+=(chromium) ;;
    *) echo "system-packages.sh: unknown package '$package'" >&2; exit 2 ;;
  esac
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
  echo "The tests need Debian's ${missing[*]}: install it (sudo apt-get install ${missing[*]}), or set CHROMIUM_PATH to a Chromium binary." >&2
  exit 1
fi
echo "Installing ${missing[*]} with apt-get (the tests need it; this happens once)…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
