#!/usr/bin/env bash
# mpi_scaling.sh — data-parallel scaling of workload A on this host: bench_mpi_bench under `mpirun -np 1` and
# `-np 2` (one OpenMP thread per process, one process per core), plus one process with 2 threads (the same two
# cores used inside one process instead), and the scaling efficiency
#   efficiency = samples/s(2 processes) / (2 x samples/s(1 process)).
# Usage: bash bench/mpi_scaling.sh [BUILD_DIR] [extra bench_mpi_bench options]   (prints JSON lines, then a summary)
set -euo pipefail
BUILD=${1:-build}
shift || true
BIN="$BUILD/bench/bench_mpi_bench"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
# Waiting ranks and idle OpenMP workers yield the core instead of spinning: on a shared (or oversubscribed)
# host a spinning waiter steals the time the rank it waits for needs.
export OMPI_MCA_mpi_yield_when_idle=1 OMP_WAIT_POLICY=PASSIVE
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
one=$(OMP_NUM_THREADS=1 mpirun -np 1 --bind-to none "$BIN" "$@")
two=$(OMP_NUM_THREADS=1 mpirun -np 2 --bind-to none "$BIN" "$@")
threads=$(OMP_NUM_THREADS=2 mpirun -np 1 --bind-to none "$BIN" "$@")
printf '%s\n%s\n%s\n' "$one" "$two" "$threads"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
python3 - "$one" "$two" "$threads" <<'PY'
import json, sys
one, two, threads = (json.loads(s) for s in sys.argv[1:4])
eff = two["value"] / (2 * one["value"])
print(f"workload A, {one['batch_per_process']} examples per process and step, {one['communicator']} communicator:")
print(f"  1 process  x 1 thread : {one['value']:8.1f} samples/s  (step {one['step_ms']:.2f} ms)")
print(f"  2 processes x 1 thread: {two['value']:8.1f} samples/s  (step {two['step_ms']:.2f} ms, allreduce "
      f"{two['allreduce_ms']:.2f} ms of {two['grad_bytes'] / 1e6:.2f} MB)")
print(f"  1 process  x 2 threads: {threads['value']:8.1f} samples/s  (step {threads['step_ms']:.2f} ms)")
print(f"  scaling efficiency (2 processes): {eff:.2f}")
PY
