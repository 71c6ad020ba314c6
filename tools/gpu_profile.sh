#!/usr/bin/env bash
# gpu_profile.sh — where workload R's GPU time goes, in one call on a GPU machine: bench_cnet_bench's R under
# cuDNN's workspace limit and autotune variants, the GPU time per kernel of two of its steps (ncu), and PyTorch's
# per kernel over three steps of the same network (bench/torch_gpu_profile.py). Run from a bundle made by
# tools/gpu_bundle.sh (or a CUDA build: BENCH_BIN=path).
#
# Usage: BUNDLE=.gpu/cnet-gpu.tar.xz CNET_PEER_BENCH_DIR=.gpu/peer bash tools/gpu_profile.sh [OUT_DIR]
#        (OUT_DIR, default a temporary folder: variants.log, ncu_cnet.csv, ncu_cnet.txt, torch_profile.txt)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT_DIR=${1:-$(mktemp -d)}
mkdir -p "$OUT_DIR"
export PYTHONUNBUFFERED=1

. tools/gpu_env.sh
gpu_library_path
if [ -n "${BUNDLE:-}" ]; then
  unpacked=$(mktemp -d)
  unpack_bundle "$BUNDLE" "$unpacked" || exit 1
  BENCH_BIN=$unpacked/bin/bench_cnet_bench
fi
BENCH_BIN=${BENCH_BIN:-build/bench/bench_cnet_bench}

# cuDNN's choices: Chainer's 8 MiB workspace limit against 1 GiB, heuristics against timing (autotune).
for variant in "" "--cudnn-workspace-mib 1024" "--autotune" "--autotune --cudnn-workspace-mib 1024"; do
  echo "== R ${variant:-(defaults)}"
  # shellcheck disable=SC2086
  timeout 90 "$BENCH_BIN" --gpu 0 --workloads R --repeats 3 $variant
done 2>&1 | tee "$OUT_DIR/variants.log"

# GPU time per kernel: 1,200 launches (two steps and more) after the warm-up and the first timed steps.
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
if [ -n "$NCU" ]; then
  timeout 240 "$NCU" --clock-control none --csv --metrics gpu__time_duration.sum --launch-skip 6000 \
    --launch-count 1200 "$BENCH_BIN" --gpu 0 --workloads R --repeats 1 >"$OUT_DIR/ncu_cnet.csv" 2>"$OUT_DIR/ncu.err"
  echo "ncu exit status $?"
  python3 tools/ncu_summary.py "$OUT_DIR/ncu_cnet.csv" --top 40 | tee "$OUT_DIR/ncu_cnet.txt" || tail -5 "$OUT_DIR/ncu.err"
else
  echo "gpu_profile: no ncu on this machine"
fi

timeout 180 python3 bench/torch_gpu_profile.py --out "$OUT_DIR/torch_profile.txt" | head -45
echo "gpu_profile: logs in $OUT_DIR"
