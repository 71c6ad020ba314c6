#!/usr/bin/env bash
# test.sh — sets up (if needed), builds, and runs every test with ctest. This is the command CI runs.
#
# test.sh --sanitize: the suite built with AddressSanitizer and UndefinedBehaviorSanitizer into build-asan/ (no
# CUDA, no benchmarks; -O1 -g1): the runtime, the compiler, the test binaries and the programs cnetc builds in the
# tests (cnetc passes the sanitizer flags on). Tests labelled `slow` (full training runs, ten times slower under
# ASan) are left out. Any report fails: it aborts the process that made it (so the test that ran it fails), and an
# ASan or LSan report goes to a file under build-asan/sanitizer-reports/ (printed at the end), which must stay empty,
# so one from a child process whose exit status a test does not look at still fails the step (GCC's UBSan runtime
# ignores log_path: its reports go to stderr and abort). Leaks are suppressed only in third-party libraries, by
# name (tools/sanitizer/lsan.supp). `bash .ci/run` runs this after the release suite
# (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--sanitize" ]; then
  bash tools/setup.sh --no-build
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1 -DNDEBUG" \
        -DCNET_SANITIZE=address,undefined -DCNET_ENABLE_CUDA=OFF -DCNET_BUILD_BENCH=OFF ${CNET_CMAKE_ARGS:-}
  ninja -C build-asan -j"${CNET_JOBS:-2}"
  reports=$PWD/build-asan/sanitizer-reports
  rm -rf "$reports" && mkdir -p "$reports"
  # abort_on_error: a report kills the process with SIGABRT, which no test mistakes for an ordinary exit status
  export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:log_path=$reports/asan"
  export LSAN_OPTIONS="suppressions=$PWD/tools/sanitizer/lsan.supp:print_suppressions=0"
  export UBSAN_OPTIONS="abort_on_error=1:halt_on_error=1:print_stacktrace=1"
  rc=0
  ctest --test-dir build-asan --output-on-failure -j"${CNET_JOBS:-2}" -LE slow ${CNET_CTEST_ARGS:-} || rc=$?
  if [ -n "$(ls -A "$reports")" ]; then
    for f in "$reports"/*; do echo "==== sanitizer report $f"; cat "$f"; done
    echo "test.sh --sanitize: $(ls "$reports" | wc -l) sanitizer report(s), listed above"
    rc=1
  fi
  exit "$rc"
fi
bash tools/setup.sh
ctest --test-dir build --output-on-failure -j"${CNET_JOBS:-2}" ${CNET_CTEST_ARGS:-}
