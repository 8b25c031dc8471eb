#!/usr/bin/env bash
# Prettier's check (`npm run lint`), naming the file and the lines of each difference: Prettier's own
# --check names only the file. A file Prettier cannot parse fails with Prettier's message.
set -uo pipefail
cd "$(dirname "$0")/.."
prettier=node_modules/.bin/prettier
listed=$("$prettier" --list-different .)
status=$?
[[ $status -eq 0 ]] && exit 0
[[ $status -eq 1 ]] || exit "$status"
while IFS= read -r file; do
  "$prettier" --log-level warn "$file" | diff -U0 "$file" - | awk -v file="$file" '
    /^@@/ { split($2, from, ","); line = substr(from[1], 2); if (from[2] == "0") line++
            print file ":" line ": not as Prettier writes it (npm run format fixes it)" }'
done <<<"$listed"
echo "format-check: $(wc -l <<<"$listed") file(s) differ from Prettier's formatting" >&2
exit 1
