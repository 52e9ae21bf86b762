#!/usr/bin/env bash
# Starts the standalone server (scripts/build-standalone.sh first) from this checkout. It runs
# in .next/standalone, so a relative DATA_DIR is made absolute: the embedded database stays in
# the checkout's .data across builds.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="$(realpath -m "${DATA_DIR:-.data}")"
exec node .next/standalone/server.js
