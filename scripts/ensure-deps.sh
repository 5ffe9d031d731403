#!/usr/bin/env bash
# Installs the npm dependencies exactly as locked when node_modules is missing or older than
# package-lock.json. Run with the project's Node.js on PATH (scripts/node-env.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.package-lock.json
if [ -e "$stamp" ] && [ ! package-lock.json -nt "$stamp" ]; then
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "palabre: installing npm dependencies (npm ci)" >&2
status=0
npm ci --no-audit --no-fund >"$work/ci.log" 2>&1 || status=$?
if [ "$status" -eq 0 ] || ! grep -q 'can only install packages when your package.json and package-lock.json' "$work/ci.log"; then
  cat "$work/ci.log"
  exit "$status"
fi

# npm ci also wants lock entries for other platforms' optional packages (e.g. rollup's native
# builds for macOS or Windows). A lock file written where the registry does not serve those cannot
# hold them, although nothing on this platform needs them. npm install copes with their absence;
# the lock file must come out of it unchanged, otherwise it really is out of date.
echo "palabre: npm ci refused package-lock.json ($(grep -c '^npm error Missing: ' "$work/ci.log") packages missing from it);" \
  "installing with npm install and checking that the lock file does not change" >&2
cp package-lock.json "$work/package-lock.json"
npm install --no-audit --no-fund
if ! cmp -s package-lock.json "$work/package-lock.json"; then
  cp "$work/package-lock.json" package-lock.json
  rm -f "$stamp" # what was installed does not match the committed lock file
  echo "palabre: package-lock.json does not match package.json: run npm install and commit package-lock.json" >&2
  exit 1
fi
