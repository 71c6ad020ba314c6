#!/usr/bin/env bash
# instructions_per_step.sh — instructions and simulated L1 data-cache misses per training step of one workload of
# bench_cnet_bench, from two cachegrind runs that differ only in the number of timed steps: start-up, set-up and
# warm-up cancel in the difference. A figure that, unlike this VM's timings, does not wander from run to run.
#
#   bench/instructions_per_step.sh [WORKLOAD] [BENCH_BINARY]      (defaults: D, build/bench/bench_cnet_bench)
#
# Needs valgrind. The simulated L1 is 32 KiB, 8-way, 64-byte lines (this machine's).
set -euo pipefail

workload=${1:-D}
bench=${2:-build/bench/bench_cnet_bench}
command -v valgrind >/dev/null || { echo "instructions_per_step.sh: valgrind is not installed" >&2; exit 1; }
[ -x "$bench" ] || { echo "instructions_per_step.sh: no benchmark binary at $bench (build the target bench_cnet_bench)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One run at --scale S: prints "<timed steps> <instructions> <L1 data misses>".
run() {
    valgrind --tool=cachegrind --cache-sim=yes --D1=32768,8,64 --cachegrind-out-file=/dev/null \
        "$bench" --threads 1 --workloads "$workload" --repeats 1 --scale "$1" >"$tmp/out" 2>"$tmp/err"
    local steps instr misses
    steps=$(sed -n 's/.*"iters": \([0-9]*\).*/\1/p' "$tmp/out" | head -1)
    instr=$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' "$tmp/err" | tr -d ,)
    misses=$(sed -n 's/.*D1 *misses: *\([0-9,]*\).*/\1/p' "$tmp/err" | tr -d ,)
    [ -n "$steps" ] && [ -n "$instr" ] && [ -n "$misses" ] || {
        echo "instructions_per_step.sh: no figures from the run at --scale $1:" >&2
        cat "$tmp/out" "$tmp/err" >&2
        exit 1
    }
    echo "$steps $instr $misses"
}

read -r s1 i1 m1 < <(run 1)
read -r s3 i3 m3 < <(run 3)
steps=$((s3 - s1))
[ "$steps" -gt 0 ] || { echo "instructions_per_step.sh: the two runs timed the same number of steps" >&2; exit 1; }
echo "{\"workload\": \"$workload\", \"steps\": $steps, \"instructions_per_step\": $(((i3 - i1) / steps)), \"l1d_misses_per_step\": $(((m3 - m1) / steps))}"
