#!/usr/bin/env bash
# The deployable server: `next build`, then the files the standalone output leaves out (static
# assets, public files, SQL migrations) copied next to .next/standalone/server.js. The Dockerfile
# runs this script; so does CI, which then starts the result as the image does.
# --skip-build: only copy, after a `next build` that already ran.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${1:-}" = "--skip-build" ] || npx next build
out=.next/standalone
rm -rf "$out/.next/static" "$out/db/migrations"
mkdir -p "$out/.next" "$out/db"
cp -R .next/static "$out/.next/static"
cp -R db/migrations "$out/db/migrations"
[ ! -d public ] || cp -R public "$out/public"
echo "standalone server: node $out/server.js"
