#!/usr/bin/env bash
# test.sh — sets up (if needed), builds, and runs every test with ctest. This is the command CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
ctest --test-dir build --output-on-failure -j"${CNET_JOBS:-2}" ${CNET_CTEST_ARGS:-}
