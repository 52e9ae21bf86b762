#!/usr/bin/env bash
# Generates the SDK's types (sdk/src/generated/openapi.ts) from the server's OpenAPI document.
# With --check it changes nothing and fails when the committed file is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
target=sdk/src/generated/openapi.ts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
npx tsx --tsconfig tsconfig.json scripts/write-openapi.ts "$work/openapi.json" > /dev/null
npx openapi-typescript "$work/openapi.json" --output "$work/openapi.ts" \
  --default-non-nullable false --root-types --root-types-no-schema-prefix --silent
if [ "${1:-}" = "--check" ]; then
  if ! diff -q "$target" "$work/openapi.ts" > /dev/null 2>&1; then
    echo "$target is stale: run 'npm run sdk:types' and commit the result" >&2
    exit 1
  fi
  echo "$target matches the OpenAPI document"
else
  cp "$work/openapi.ts" "$target"
  echo "wrote $target"
fi
