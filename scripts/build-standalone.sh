#!/usr/bin/env bash
# The deployable server: `next build`, then the files the standalone output leaves out (static
# assets, public files, SQL migrations, the guides the MCP server serves) copied next to .next/standalone/server.js, and the SDK's
# package, which every deployment serves at /sdk/agent-settlement-sdk.tgz (the SDK is not on the
# npm registry). The Dockerfile runs this script; so does CI, which then starts the result as the
# image does.
# --skip-build: only copy, after a `next build` that already ran.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${1:-}" = "--skip-build" ] || npx next build
out=.next/standalone
rm -rf "$out/.next/static" "$out/db/migrations" "$out/public" "$out/docs"
mkdir -p "$out/.next" "$out/db" "$out/public/sdk"
cp -R .next/static "$out/.next/static"
cp -R db/migrations "$out/db/migrations"
cp -R docs "$out/docs"
[ ! -d public ] || cp -R public/. "$out/public"
# `npm pack` builds the SDK first (its prepack script).
npm pack --silent --workspace @agent-settlement/sdk --pack-destination "$out/public/sdk" >/dev/null
mv "$out"/public/sdk/agent-settlement-sdk-*.tgz "$out/public/sdk/agent-settlement-sdk.tgz"
echo "standalone server: node $out/server.js"
