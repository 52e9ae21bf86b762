#!/usr/bin/env bash
# Starts the service from a fresh clone: installs dependencies, builds when the sources changed,
# and serves on PORT (default 3000). With no DATABASE_URL it runs on an embedded database.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/services.sh
ensure_dependencies
export NEXT_TELEMETRY_DISABLED=1
if [ ! -f .next/standalone/server.js ] || [ -n "$(find app components config lib db inngest startup instrumentation.ts next.config.ts package-lock.json -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
  bash scripts/build-standalone.sh
fi
exec bash scripts/start-standalone.sh
