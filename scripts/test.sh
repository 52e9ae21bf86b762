#!/usr/bin/env bash
# The whole test suite: the SDK's generated types and build, lint, types, folder-cycle check, configuration docs, docs lint, migrations in sync, OpenAPI lint, production build,
# unit and API tests on PostgreSQL, API tests again on embedded PGlite, then browser tests of the
# console (screenshots in e2e-artifacts/).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/services.sh

ensure_dependencies
ensure_services
if [ -z "${DATABASE_URL:-}" ]; then
  export DATABASE_URL="$(create_test_database)"
  trap 'drop_test_database "$DATABASE_URL"' EXIT
fi
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
export NEXT_TELEMETRY_DISABLED=1 REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
echo "DATABASE_URL=$DATABASE_URL REDIS_URL=$REDIS_URL"

reports=.data/test-reports
rm -rf "$reports" && mkdir -p "$reports"
# Each stage's time goes to stages.tsv, for the summary.
stage="" stage_started=$SECONDS
end_stage() { [ -z "$stage" ] || printf '%s\t%s\n' "$((SECONDS - stage_started))" "$stage" >>"$reports/stages.tsv"; }
step() { end_stage; stage="$*" stage_started=$SECONDS; echo; echo "── $* ──"; }
json_report() { echo "--reporter=default --reporter=json --outputFile.json=$reports/$1.json"; }
step "SDK: types generated from the OpenAPI document are current; the package builds and would publish"
bash scripts/sdk-types.sh --check
npm run --silent build --workspace @agent-settlement/sdk
npm run sdk:release -- --dry-run 2>&1 | grep -E "^npm notice (name|version|total files)|^\+ "
step "lint and types (the SDK's client and verifiers without Node's types: they run anywhere)"
npx biome ci .
npx tsc --noEmit -p .
npx tsc --noEmit -p sdk
npm run --silent deps:check
step "configuration: docs generated from the schema, no process.env outside config/"
npm run --silent config:docs -- --check
check_config_reads
step "docs: markdown lint, relative links, README size"
npm run --silent docs:lint
step "migrations match the schema"
check_migrations_in_sync
step "OpenAPI document"
npm run --silent openapi:lint
step "production build, and the standalone server the container image runs"
bash scripts/build-standalone.sh
step "unit, API and standalone-server tests on PostgreSQL"
if ! command -v go >/dev/null || [ ! -d /usr/share/gocode/src/golang.org/x/mod/sumdb ]; then
  echo "installing Go and golang.org/x/mod (the outside check of the attest log, tests/go)"
  sudo_if_needed=$([ "$(id -u)" = 0 ] || echo sudo)
  $sudo_if_needed apt-get update -qq
  $sudo_if_needed apt-get install -y -qq golang-go golang-golang-x-mod-dev
fi
npx vitest run $(json_report postgres)
step "API tests on embedded PGlite"
TEST_DB=pglite npx vitest run --project api $(json_report pglite)
step "browser tests on PostgreSQL (Playwright in Debian's Chromium)"
if [ ! -x /usr/bin/chromium ]; then
  echo "installing Chromium (Playwright's own browser download cannot work here)"
  sudo_if_needed=$([ "$(id -u)" = 0 ] || echo sudo)
  $sudo_if_needed apt-get update -qq && $sudo_if_needed apt-get install -y -qq chromium
fi
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/browser.json" npx playwright test --reporter=list,json
end_stage
echo
node scripts/test-summary.mjs "$reports"
