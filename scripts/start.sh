#!/usr/bin/env bash
# npm start: from a fresh clone to a running Palabre (http://localhost:8080 by default) in one command.
# Installs what is missing (Node.js 24, ffmpeg, npm dependencies), builds the web client when its
# sources changed, applies the database migrations, then runs the all-in-one server.
# Settings come from the environment and, for variables not already set, from ./.env (see .env.example).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh

# KEY=VALUE lines of .env; the real environment wins, as with process.loadEnvFile().
load_env_file() {
  local line key value
  [ -f "$1" ] || return 0
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line#"${line%%[![:space:]]*}"}"
    case "$line" in '' | '#'*) continue ;; esac
    line="${line#export }"
    key="${line%%=*}"
    [[ "$key" =~ ^[A-Za-z_][A-Za-z0-9_]*$ && "$line" == *=* ]] || continue
    [ -n "${!key+set}" ] && continue
    value="${line#*=}"
    case "$value" in
      \"*\") value="${value:1:${#value}-2}" ;;
      \'*\') value="${value:1:${#value}-2}" ;;
      *)
        value="${value%%[[:space:]]#*}"
        value="${value%"${value##*[![:space:]]}"}"
        ;;
    esac
    export "$key=$value"
  done <"$1"
}
load_env_file .env

bash scripts/ensure-system.sh start
bash scripts/ensure-deps.sh

# The web client is rebuilt when anything it is built from is newer than the last build.
web_build_stale() {
  local stamp=apps/web/dist/index.html sources=()
  [ -f "$stamp" ] || return 0
  for input in apps/web/src apps/web/public apps/web/index.html apps/web/package.json apps/web/vite.config.* \
    apps/web/tsconfig*.json apps/web/postcss.config.* packages/shared/src package-lock.json; do
    [ -e "$input" ] && sources+=("$input")
  done
  [ -n "$(find "${sources[@]}" -newer "$stamp" -print -quit)" ]
}
if web_build_stale; then
  echo "palabre: building the web client" >&2
  npm run build --workspace @palabre/web
fi

bin/palabre migrate
echo "palabre: to create the first administrator, stop the server (Ctrl-C) and run:" >&2
echo "palabre:   bin/palabre admin create-user --email you@example.com --password '<password>'" >&2
exec bin/palabre serve
