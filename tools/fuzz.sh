#!/usr/bin/env bash
# fuzz.sh — builds the libFuzzer targets with clang into build-fuzz/ and runs them, seeded with the repository's
# .cnet programs (see docs/fuzzing.md). Usage: tools/fuzz.sh [SECONDS] [frontend|sema ...]
# Each fuzzer runs SECONDS (default 3600) at low priority, both at once; corpora, logs and crash artifacts go to
# build-fuzz/fuzz/<name>/. Exits non-zero if any fuzzer found a crash, leak, timeout or internal compiler error.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-3600}
[ $# -gt 0 ] && shift
FUZZERS=("$@")
[ ${#FUZZERS[@]} -eq 0 ] && FUZZERS=(frontend sema)

CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCNET_ENABLE_CUDA=OFF \
  -DCNET_BUILD_FUZZERS=ON ${CNET_CMAKE_ARGS:-} > /dev/null
ninja -C build-fuzz -j"${CNET_JOBS:-2}" $(printf 'cnet_%s_fuzzer ' "${FUZZERS[@]}")

pids=()
for name in "${FUZZERS[@]}"; do
  dir=build-fuzz/fuzz/$name
  mkdir -p "$dir/corpus" "$dir/seeds" "$dir/artifacts"
  # Seeds: every .cnet program of the repository (models, e2e, golden and error cases), flattened.
  find models tests -name '*.cnet' -print0 | while IFS= read -r -d '' f; do cp "$f" "$dir/seeds/${f//\//_}"; done
  nice -n 15 "build-fuzz/tests/compiler/cnet_${name}_fuzzer" "$dir/corpus" "$dir/seeds" \
    -dict=tests/compiler/fuzz/cnet.dict -max_total_time="$SECONDS_EACH" -timeout=30 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$dir/artifacts/" > "$dir/log" 2>&1 &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
for name in "${FUZZERS[@]}"; do
  dir=build-fuzz/fuzz/$name
  echo "== $name: $(grep -E 'INITED' "$dir/log" | head -1)"
  echo "   $(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$dir/log" | tail -1)"
  grep -E '^stat::' "$dir/log" | sort -u || true
  # crash-, leak-, timeout-, oom- files are findings; slow-unit- files only mark inputs over 10 s (often load).
  findings=$(ls "$dir/artifacts" | grep -v '^slow-unit-' | wc -l)
  echo "   corpus: $(ls "$dir/corpus" | wc -l) files; findings: $findings; slow units: $(ls "$dir/artifacts" | grep -c '^slow-unit-' || true)"
  [ "$findings" -eq 0 ] || status=1
done
exit $status
