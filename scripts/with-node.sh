#!/usr/bin/env bash
# Runs a command with the project's Node.js (see node-env.sh).
set -euo pipefail
source "$(dirname "$0")/node-env.sh"
exec "$@"
