#!/usr/bin/env bash
# run.sh — fusion of elementwise chains, measured on the CPU: fusion_bench.cnet built twice (fused, the default,
# and `cnetc build --no-fusion`), each workload run REPEATS times, the smallest CPU time kept.
# Usage: bench/fusion/run.sh CNETC [REPEATS]   (prints a table; OMP_NUM_THREADS/CNET threads as set by the caller)
set -euo pipefail
cnetc=${1:?usage: run.sh CNETC [REPEATS]}
repeats=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/fusion_bench.cnet" "$work/"
"$cnetc" build "$work/fusion_bench.cnet" -o "$work/fused" >/dev/null
"$cnetc" build --no-fusion "$work/fusion_bench.cnet" -o "$work/unfused" >/dev/null

# best_ms EXE ARGS...: the smallest CPU time (user + system, milliseconds) of $repeats runs, and the checksum of
# the last run. CPU time, not wall time: the programs are single-threaded and the machine may be shared.
best_ms() {
    local best="" out ms
    for ((r = 0; r < repeats; r++)); do
        out=$(/usr/bin/time -o "$work/time" -f '%U %S' "$@")
        ms=$(awk '{ printf "%d", ($1 + $2) * 1000 }' "$work/time")
        if [[ -z "$best" || $ms -lt $best ]]; then best=$ms; fi
    done
    echo "$best ${out##* }"
}

printf '%-34s %12s %12s %10s  %s\n' workload unfused_ms fused_ms speedup "checksums (unfused / fused)"
row() {
    local name=$1 iters=$2; shift 2
    read -r u cu < <(best_ms "$work/unfused" "$@" --iters "$iters")
    read -r f cf < <(best_ms "$work/fused" "$@" --iters "$iters")
    printf '%-34s %12.2f %12.2f %9.2fx  %s / %s\n' "$name" "$(echo "$u / $iters" | bc -l)" \
        "$(echo "$f / $iters" | bc -l)" "$(echo "$u / $f" | bc -l)" "$cu" "$cf"
}
row "cell 64x1024 fwd+bwd (per iter)" 200 --workload cell --batch 64 --units 1024
row "cell 8x64 fwd+bwd (per iter)" 2000 --workload cell --batch 8 --units 64
row "C_lstm_lm, hand cell (per batch)" 100 --workload lm
row "C_lstm_lm, L.LSTM (per batch)" 100 --workload builtin
