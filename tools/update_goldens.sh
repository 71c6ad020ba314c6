#!/usr/bin/env bash
# update_goldens.sh — regenerates every golden file of the compiler tests after an intended change: the tokens and
# AST dumps (tests/compiler/golden), the C++ of the codegen cases (tests/compiler/codegen/golden) and the C++ and IR
# of every program in models/ (tests/compiler/codegen/models). Review the result with `git diff tests/`.
# Usage: tools/update_goldens.sh [BUILD_DIR]   (default: build; cnetc and the test binaries are rebuilt there)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
if ! log=$(ninja -C "$BUILD" -j"${CNET_JOBS:-2}" cnetc compiler_golden_test compiler_codegen_test 2>&1); then
  echo "$log"
  exit 1
fi
CNET_UPDATE_GOLDEN=1 "$BUILD/tests/compiler/compiler_golden_test" > /dev/null
CNET_UPDATE_GOLDEN=1 "$BUILD/tests/compiler/codegen/compiler_codegen_test" --gtest_filter='*GoldenCpp*' > /dev/null
python3 tests/compiler/codegen/models_golden.py "$BUILD/compiler/cnetc" . --update
git status --short -- tests/compiler
