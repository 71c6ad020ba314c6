#!/usr/bin/env bash
# gpu_check.sh — verifies the CUDA backend on a machine with a GPU in one command: builds with CUDA (all
# cores), runs every test labelled `cuda`, then the GPU benchmarks (cnet and, where PyTorch with CUDA is
# installed, the PyTorch peer on the same GPU) and the default model's time per epoch on the GPU, and prints
# a summary. Exit status: 0 when the build and every `cuda` test passed with none skipped for want of a device,
# and the cnet GPU benchmark ran.
#
# Usage: bash tools/gpu_check.sh [BUILD_DIR]          (default build-gpu)
# Environment (optional):
#   CNET_CUDNN_ROOT  a cuDNN install (include/, lib/) when cuDNN is not in the CUDA toolkit; found from the
#                    Python package nvidia-cudnn when unset
#   GPU              the device id (default 0)
#   GPU_CHECK_LOGS   a folder to keep the logs in (tests, benchmarks, model run)
#   NO_BUILD=1       use an existing BUILD_DIR (binaries built elsewhere and carried here)
#   BUNDLE=FILE      use the archive tools/gpu_bundle.sh made elsewhere (its binaries and libraries) instead of
#                    building: for a GPU machine without this project's build dependencies
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build-gpu}
GPU=${GPU:-0}
JOBS=$(nproc)
LOG=$(mktemp -d)
summary=()
note() { summary+=("$1"); echo "gpu_check: $1"; }

command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

# cuDNN (and cuBLAS) may come with Python packages instead of the toolkit.
if [ -z "${CNET_CUDNN_ROOT:-}" ]; then
  CNET_CUDNN_ROOT=$(python3 -c 'import nvidia.cudnn, os; print(os.path.dirname(nvidia.cudnn.__file__))' 2>/dev/null || true)
  [ -n "$CNET_CUDNN_ROOT" ] && export CNET_CUDNN_ROOT
fi
. tools/gpu_env.sh
gpu_library_path

TESTS_BIN=$BUILD/tests/runtime/runtime_cuda_tests
BENCH_BIN=$BUILD/bench/bench_cnet_bench
if [ -n "${BUNDLE:-}" ]; then
  unpack_bundle "$BUNDLE" "$LOG/bundle" || { echo "gpu_check: FAILED: unpack $BUNDLE"; exit 1; }
  TESTS_BIN=$LOG/bundle/bin/runtime_cuda_tests
  BENCH_BIN=$LOG/bundle/bin/bench_cnet_bench
  note "bundle $BUNDLE unpacked: $(ls "$LOG/bundle/bin" | tr '\n' ' ')"
  NO_BUILD=1
fi

if [ "${NO_BUILD:-0}" != 1 ]; then
  start=$(date +%s)
  if ! cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCNET_WERROR=ON >"$LOG/configure" 2>&1; then
    tail -30 "$LOG/configure"; echo "gpu_check: FAILED: configure"; exit 1
  fi
  grep -q "CUDA backend: ON" "$LOG/configure" || { grep "CUDA" "$LOG/configure"; echo "gpu_check: FAILED: no CUDA backend"; exit 1; }
  if ! ninja -C "$BUILD" -j"$JOBS" runtime_cuda_tests bench_cnet_bench >"$LOG/build" 2>&1; then
    tail -40 "$LOG/build"; echo "gpu_check: FAILED: build"; exit 1
  fi
  note "built runtime_cuda_tests and bench_cnet_bench with CUDA in $(( $(date +%s) - start )) s on $JOBS cores"
  ninja -C "$BUILD" -j"$JOBS" cnetc >/dev/null 2>&1 && note "built cnetc (default model benchmark enabled)"
fi

# A library the binaries cannot find would make every test skip as "no device": say which.
missing=$(ldd "$TESTS_BIN" 2>/dev/null | grep "not found" | tr -s ' \t' ' ')
[ -n "$missing" ] && note "WARNING: libraries not found: $missing"

# Tests labelled cuda, four processes at a time (device time is short: each test is its own process, which pays
# CUDA's and cuDNN's start-up); skips counted from ctest's log, the reason read from one test's own output. A
# bundle has no ctest files: its test binary runs once, all tests in one process.
if [ -n "${BUNDLE:-}" ]; then
  timeout "${TESTS_TIMEOUT:-300}" "$TESTS_BIN" >"$LOG/ctest" 2>&1
  test_rc=$?
  grep -E "^\[  (FAILED|SKIPPED) +\]|^\[  PASSED  \]|^\[==========\]" "$LOG/ctest" | tail -40
  passed=$(grep -oP '^\[  PASSED  \] \K[0-9]+' "$LOG/ctest" || echo 0)
  skipped=$(grep -oP '^\[  SKIPPED \] \K[0-9]+(?= test)' "$LOG/ctest" || echo 0)
  failed=$(grep -oP '^\[  FAILED  \] \K[0-9]+(?= test)' "$LOG/ctest" || echo 0)
  no_device=0
  grep -m1 "CUDA device $GPU is not available" "$LOG/ctest" && no_device=1 && note "WARNING: tests were skipped: no usable CUDA device"
  note "cuda tests (one process, rc $test_rc): $passed passed, $failed failed, $skipped skipped"
else
  ctest --test-dir "$BUILD" -L cuda --output-on-failure -j4 >"$LOG/ctest" 2>&1
  test_rc=$?
  tail -5 "$LOG/ctest"
  skipped=$(grep -c "\*\*\*Skipped" "$LOG/ctest" || true)
  total=$(grep -cE "Test +#[0-9]+: " "$LOG/ctest" || true)
  no_device=0
  "$TESTS_BIN" --gtest_filter=CudaDeviceTest.FillsEveryDtypeThroughViews >"$LOG/gtest" 2>&1
  grep -m1 "is not available" "$LOG/gtest" && no_device=1 && note "WARNING: tests were skipped: no usable CUDA device"
  note "cuda tests: $(grep -E 'tests passed|tests failed' "$LOG/ctest" | tail -1) ($skipped of $total skipped)"
fi

# Benchmarks: cnet on the GPU, then the PyTorch peer on the same GPU (A and B: MLPs; R: ResNet-18 on cuDNN).
bench_rc=0
if timeout 240 "$BENCH_BIN" --gpu "$GPU" --workloads A,B,R >"$LOG/bench" 2>&1; then
  cat "$LOG/bench"; note "cnet bench: $(tr '\n' ' ' <"$LOG/bench")"
else
  bench_rc=1; tail -5 "$LOG/bench"; note "cnet bench FAILED"
fi
if python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
  timeout 240 python3 bench/torch_gpu_peer.py --gpu "$GPU" --workloads A,B,R >"$LOG/torch" 2>&1 && cat "$LOG/torch" \
    && note "torch bench: $(tr '\n' ' ' <"$LOG/torch")" || note "torch bench FAILED: $(tail -1 "$LOG/torch")"
  # Same math: R's first five losses from both peers.
  timeout 120 "$BENCH_BIN" --gpu "$GPU" --workloads R --check >"$LOG/check_cnet" 2>&1
  timeout 120 python3 bench/torch_gpu_peer.py --gpu "$GPU" --workloads R --check >"$LOG/check_torch" 2>&1
  note "R losses: cnet $(grep -o '\[.*\]' "$LOG/check_cnet"), torch $(grep -m1 -o '\[.*\]' "$LOG/check_torch")"
else
  note "torch bench skipped: PyTorch with CUDA is not importable"
fi

# The default model (models/mlp.cnet) on the GPU: time per epoch from its log (built here, or the bundle's).
mlp_bin=""
if [ -n "${BUNDLE:-}" ]; then
  [ -x "$LOG/bundle/bin/mlp" ] && mlp_bin=$LOG/bundle/bin/mlp
elif [ -x "$BUILD/compiler/cnetc" ] && "$BUILD/compiler/cnetc" build models/mlp.cnet -o "$LOG/mlp" >"$LOG/cnetc" 2>&1; then
  mlp_bin=$LOG/mlp
fi
if [ -n "$mlp_bin" ]; then
  if timeout 300 "$mlp_bin" --gpu "$GPU" --epoch 2 --noplot --out "$LOG/mlp_out" >"$LOG/mlp_run" 2>&1; then
    note "default model on GPU: $(python3 -c 'import json,sys; l=json.load(open(sys.argv[1])); print(", ".join("epoch %d %.2f s, validation/main/accuracy %.4f" % (e["epoch"], e["elapsed_time"] - (l[i-1]["elapsed_time"] if i else 0), e["validation/main/accuracy"]) for i, e in enumerate(l)))' "$LOG/mlp_out/log")"
  else
    note "default model on GPU FAILED: $(cat "$LOG/cnetc" "$LOG/mlp_run" 2>/dev/null | grep -m1 "error")"
  fi
fi

# A bundle's model, models/mushrooms.cnet built by cnetc, trained on the GPU and on the CPU: the last epoch's
# validation figures of both (the same seed; the GPU's random stream differs, so they agree only roughly).
if [ -n "${BUNDLE:-}" ] && [ -x "$LOG/bundle/bin/mushrooms" ]; then
  for dev in "$GPU" -1; do
    if timeout 120 "$LOG/bundle/bin/mushrooms" --gpu "$dev" --epoch 5 --noplot --out "$LOG/mushrooms_$dev" \
         >"$LOG/mushrooms_run_$dev" 2>&1; then
      note "mushrooms.cnet --gpu $dev: $(python3 -c 'import json,sys; e=json.load(open(sys.argv[1]))[-1]; print("epoch %d, %.2f s, main/loss %.4f, validation/main/accuracy %.4f" % (e["epoch"], e["elapsed_time"], e["main/loss"], e["validation/main/accuracy"]))' "$LOG/mushrooms_$dev/log")"
    else
      note "mushrooms.cnet --gpu $dev FAILED: $(tail -3 "$LOG/mushrooms_run_$dev" | tr '\n' ' ')"
    fi
  done
fi

echo
echo "================ gpu_check summary ================"
for line in "${summary[@]}"; do echo "  $line"; done
if [ -n "${GPU_CHECK_LOGS:-}" ]; then
  mkdir -p "$GPU_CHECK_LOGS" && for f in ctest bench torch check_cnet check_torch mushrooms_run_$GPU mlp_run; do
    [ -f "$LOG/$f" ] && cp "$LOG/$f" "$GPU_CHECK_LOGS/$f.log"; done
fi
rm -rf "$LOG"
[ "$test_rc" -eq 0 ] && [ "$no_device" -eq 0 ] && [ "$bench_rc" -eq 0 ]
