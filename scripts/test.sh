#!/usr/bin/env bash
# npm test: every check and every test tier, in order, stopping at the first failure.
#
#   npm test                   everything (what CI runs)
#   npm test -- unit e2e       only the named steps (system packages and dependencies always run)
#
# Steps: typecheck, lint, migrations, cycles, map, i18n, unit, integration, cluster, build, e2e.
# The last line of output is always "<n> passed, <n> failed".
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh

# id | title | command
STEPS=(
  "system|System packages|bash scripts/ensure-system.sh test"
  "deps|npm dependencies|bash scripts/ensure-deps.sh"
  "typecheck|Type check|npm run typecheck"
  "lint|Lint (ESLint) and formatting (Prettier)|npm run lint"
  "migrations|Migrations match the schema|node scripts/check-migrations.ts"
  "cycles|No import cycle|node scripts/check-cycles.ts"
  "map|The folder map lists every folder|node scripts/check-map.ts"
  "i18n|Translations in both languages|node scripts/check-i18n.ts"
  "unit|Unit tests|npm run test:unit"
  "integration|Integration tests (PGlite and PostgreSQL)|npm run test:integration"
  "cluster|Cluster tier (several nodes on PostgreSQL, killed and restarted)|npm run test:cluster"
  "build|Web client build|npm run build --workspace @palabre/web"
  "e2e|End-to-end tests (Playwright, Chromium)|npm run test:e2e"
)
ALWAYS=" system deps "

selected=" $* "
for wanted in "$@"; do
  known=0
  for step in "${STEPS[@]}"; do [ "${step%%|*}" = "$wanted" ] && known=1; done
  if [ "$known" = 0 ]; then
    echo "Unknown step: $wanted (steps: typecheck lint migrations cycles map i18n unit integration cluster build e2e)" >&2
    exit 2
  fi
done

# An npm script named by a step must exist: a missing one is a failure, never a silent skip.
npm_script_missing() { # npm_script_missing <command…>; prints why when the script is not defined
  [ "$1" = npm ] && [ "$2" = run ] || return 1
  local name="$3" manifest=package.json
  if [ "${4:-}" = --workspace ]; then
    manifest="$(node -e '
      const fs = require("node:fs"), path = require("node:path");
      for (const base of ["apps", "packages"]) for (const dir of fs.existsSync(base) ? fs.readdirSync(base) : []) {
        const file = path.join(base, dir, "package.json");
        if (fs.existsSync(file) && JSON.parse(fs.readFileSync(file, "utf8")).name === process.argv[1]) { console.log(file); process.exit(0); }
      }' "$5")"
    [ -n "$manifest" ] || { echo "workspace $5 does not exist"; return 0; }
  fi
  if node -e 'process.exit(JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).scripts?.[process.argv[2]] ? 0 : 1)' "$manifest" "$name"; then
    return 1
  fi
  echo "the npm script \"$name\" is not defined in $manifest"
}

passed=0
failed=0
results=()
total=0
for step in "${STEPS[@]}"; do
  id="${step%%|*}"
  if [ $# -eq 0 ] || [[ "$ALWAYS" == *" $id "* || "$selected" == *" $id "* ]]; then total=$((total + 1)); fi
done

record() { # record <id> <title> <status> <elapsed>
  if [ "$3" -eq 0 ]; then
    passed=$((passed + 1))
    results+=("  passed  $2 (${4}s)")
    echo "--- passed: $2 (${4}s)"
  else
    failed=$((failed + 1))
    results+=("  FAILED  $2 (exit $3, ${4}s)")
    echo "--- FAILED: $2 (exit $3, ${4}s)" >&2
  fi
}

index=0
built=0
for step in "${STEPS[@]}"; do
  IFS='|' read -r id title command <<<"$step"
  if [ $# -gt 0 ] && [[ "$ALWAYS" != *" $id "* && "$selected" != *" $id "* ]]; then continue; fi
  index=$((index + 1))
  # `npm run test:e2e` builds the web client first; after this run's build step, Playwright alone.
  if [ "$id" = e2e ] && [ "$built" = 1 ]; then command="bash scripts/with-node.sh playwright test -c apps/web/playwright.config.ts"; fi
  echo
  echo "=============================================================================="
  echo "==> [$index/$total] $title: $command"
  echo "=============================================================================="
  started=$SECONDS
  read -r -a argv <<<"$command"
  if reason="$(npm_script_missing "${argv[@]}")"; then
    echo "FAILED: $reason" >&2
    status=1
  else
    "${argv[@]}"
    status=$?
  fi
  record "$id" "$title" "$status" $((SECONDS - started))
  [ "$id" = build ] && [ "$status" -eq 0 ] && built=1
  [ "$status" -eq 0 ] || break
done

echo
echo "=============================================================================="
printf '%s\n' "${results[@]}"
not_run=$((total - passed - failed))
[ "$not_run" -gt 0 ] && echo "  ($not_run later step(s) not run)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
