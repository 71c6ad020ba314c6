#!/usr/bin/env bash
# test.sh — sets up (if needed), builds, and runs every test with ctest. This is the command CI runs.
#
# test.sh --sanitize: the suite built with AddressSanitizer and UndefinedBehaviorSanitizer into build-asan/ (no
# CUDA, no benchmarks; -O1): the runtime, the compiler, the test binaries and the programs cnetc builds in the
# tests (cnetc passes the sanitizer flags on). Any report fails the test that triggered it. Tests labelled `slow`
# (full training runs, ten times slower under ASan) are left out. Leaks are suppressed only in third-party
# libraries, by name (tools/sanitizer/lsan.supp).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--sanitize" ]; then
  bash tools/setup.sh --no-build
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1 -DNDEBUG" \
        -DCNET_SANITIZE=address,undefined -DCNET_ENABLE_CUDA=OFF -DCNET_BUILD_BENCH=OFF ${CNET_CMAKE_ARGS:-}
  ninja -C build-asan -j"${CNET_JOBS:-2}"
  # abort_on_error: a report kills the process with SIGABRT, which no test mistakes for an ordinary exit status
  export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1"
  export LSAN_OPTIONS="suppressions=$PWD/tools/sanitizer/lsan.supp:print_suppressions=0"
  export UBSAN_OPTIONS="abort_on_error=1:halt_on_error=1:print_stacktrace=1"
  ctest --test-dir build-asan --output-on-failure -j"${CNET_JOBS:-2}" -LE slow ${CNET_CTEST_ARGS:-}
  exit 0
fi
bash tools/setup.sh
ctest --test-dir build --output-on-failure -j"${CNET_JOBS:-2}" ${CNET_CTEST_ARGS:-}
