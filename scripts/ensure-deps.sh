#!/usr/bin/env bash
# Installs the npm dependencies exactly as locked (npm ci) when node_modules is missing or older
# than package-lock.json. Run with the project's Node.js on PATH (scripts/node-env.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.package-lock.json
if [ -e "$stamp" ] && [ ! package-lock.json -nt "$stamp" ]; then
  exit 0
fi
echo "palabre: installing npm dependencies (npm ci)" >&2
npm ci --no-audit --no-fund
