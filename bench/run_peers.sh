#!/usr/bin/env bash
# run_peers.sh — cnet against PyTorch and Chainer on the same training workloads, in ONE run.
#
# Builds bench_cnet_bench, checks that every peer computes the same first five losses, then runs the
# peers interleaved (for each round, workload and thread count the peers run back to back, in an order
# that rotates every round) and prints a side-by-side table (bench/table.py).
#
# The peer programs (torch_bench.py, chainer_bench.py, common.py, ...) live outside this repository, in
# the shared peer-baseline harness; point CNET_PEER_BENCH_DIR at it (default: ../shared/bench relative to
# the repository root). Its setup_peers.sh installs PyTorch (Debian python3-torch) and Chainer 7.8.1.
#
# Usage: bench/run_peers.sh
# Environment (all optional):
#   CNET_PEER_BENCH_DIR  the peer harness directory            (default <repo>/../shared/bench)
#   PYTHON               interpreter that imports torch+chainer (default: first of python3, /usr/bin/python3)
#   BUILD_DIR            CMake build directory                   (default <repo>/build-bench)
#   OUT                  where results go                        (default $BUILD_DIR/peers)
#   WORKLOADS            workload keys                           (default "A B C D")
#   THREADS              thread counts                           (default "1 2")
#   ROUNDS               interleaved rounds                      (default 3)
#   SCALE                multiplies iteration counts             (default 1)
#   PEERS                peers to run                            (default "cnet torch torch-passive chainer";
#                        "eigen" adds the harness's hand-written Eigen reference, built with $CXX;
#                        LABEL=PATH adds another cnet_bench binary, e.g. one built with a candidate runtime
#                        fix, reported as LABEL)
#   QUIET_WAIT           before each group of runs, wait up to this many seconds for the machine to have
#                        no other runnable process (default 0: do not wait); the load seen is logged
#   SKIP_CHECK=1         skip the identical-math check
# Output: $OUT/results.jsonl, $OUT/check.jsonl, $OUT/load.txt, $OUT/groups.txt, $OUT/table.md (printed).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PEER_DIR=${CNET_PEER_BENCH_DIR:-$ROOT/../shared/bench}
BUILD_DIR=${BUILD_DIR:-$ROOT/build-bench}
OUT=${OUT:-$BUILD_DIR/peers}
WORKLOADS=${WORKLOADS:-"A B C D"}
THREADS=${THREADS:-"1 2"}
ROUNDS=${ROUNDS:-3}
SCALE=${SCALE:-1}
PEERS=${PEERS:-"cnet torch torch-passive chainer"}

if [ ! -f "$PEER_DIR/torch_bench.py" ] || [ ! -f "$PEER_DIR/chainer_bench.py" ]; then
  echo "error: no peer harness in '$PEER_DIR' (set CNET_PEER_BENCH_DIR)" >&2
  exit 1
fi
PEER_DIR=$(cd "$PEER_DIR" && pwd)

has_peer() { case " $PEERS " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

if [ -z "${PYTHON:-}" ]; then
  for cand in python3 /usr/bin/python3; do
    if command -v "$cand" > /dev/null && "$cand" -c 'import torch, chainer' 2> /dev/null; then
      PYTHON=$cand
      break
    fi
  done
fi
if [ -z "${PYTHON:-}" ] || ! "$PYTHON" -c 'import numpy' 2> /dev/null; then
  echo "error: no python3 that imports torch and chainer; run $PEER_DIR/setup_peers.sh or set PYTHON" >&2
  exit 1
fi
# Thread pinning is done per run by --threads; do not inherit stray settings.
unset OMP_WAIT_POLICY GOMP_SPINCOUNT OMP_NUM_THREADS OPENBLAS_NUM_THREADS MKL_NUM_THREADS

echo "== build ($BUILD_DIR; log in $OUT/build.log)" >&2
mkdir -p "$OUT"
build() {
  if [ ! -f "$BUILD_DIR/build.ninja" ] && [ ! -f "$BUILD_DIR/Makefile" ]; then
    local gen=() launcher=()
    command -v ninja > /dev/null && gen=(-G Ninja)
    command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    cmake -S "$ROOT" -B "$BUILD_DIR" "${gen[@]}" "${launcher[@]}" -DCMAKE_BUILD_TYPE=Release || return 1
  fi
  cmake --build "$BUILD_DIR" --target bench_cnet_bench -j "${JOBS:-2}"
}
if ! build > "$OUT/build.log" 2>&1; then
  tail -n 40 "$OUT/build.log" >&2
  echo "error: building bench_cnet_bench failed (full log: $OUT/build.log)" >&2
  exit 1
fi
CNET_BIN=$BUILD_DIR/bench/bench_cnet_bench
if has_peer eigen; then
  # shellcheck disable=SC2046
  ${CXX:-g++} -O3 -march=native -fopenmp -DNDEBUG $(pkg-config --cflags eigen3) \
    "$PEER_DIR/eigen_ref/eigen_bench.cc" -o "$OUT/eigen_bench"
fi

# Workload keys as one comma list for the peers' --workloads.
WL_LIST=$(echo $WORKLOADS | tr ' ' ',')

run_peer() {  # peer workloads threads [extra args...]
  local peer=$1 w=$2 t=$3
  shift 3
  case $peer in
    cnet) "$CNET_BIN" --threads "$t" --workloads "$w" "$@" ;;
    eigen) "$OUT/eigen_bench" --threads "$t" --workloads "$w" "$@" ;;
    torch) "$PYTHON" "$PEER_DIR/torch_bench.py" --threads "$t" --workloads "$w" "$@" ;;
    torch-passive)  # libgomp workers sleep instead of spinning (matters with 2 threads on 2 cores)
      OMP_WAIT_POLICY=PASSIVE "$PYTHON" "$PEER_DIR/torch_bench.py" --threads "$t" --workloads "$w" \
        --label 'torch(passive)' "$@" ;;
    chainer) "$PYTHON" "$PEER_DIR/chainer_bench.py" --threads "$t" --workloads "$w" "$@" ;;
    *=*) "${peer#*=}" --label "${peer%%=*}" --threads "$t" --workloads "$w" "$@" ;;
    *) echo "unknown peer $peer" >&2; return 1 ;;
  esac
}

RES=$OUT/results.jsonl
CHK=$OUT/check.jsonl
: > "$RES"
: > "$CHK"
: > "$OUT/groups.txt"
{
  echo "machine: $(lscpu 2> /dev/null | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) CPUs"
  echo "load before: $(uptime | sed 's/.*load average: //')"
} | tee "$OUT/load.txt" >&2

if [ "${SKIP_CHECK:-0}" != 1 ]; then
  echo "== identical-math check (losses of the first 5 iterations)" >&2
  for p in $PEERS; do
    [ "$p" = torch-passive ] && continue
    run_peer "$p" "$WL_LIST" 1 --check >> "$CHK"
  done
fi

# Other runnable processes: /proc/loadavg's 4th field counts running tasks, this shell included; the minimum
# of 5 samples, so that a kernel thread or a short-lived process seen once does not count.
others_running() {
  local min=999 n rq
  for _ in 1 2 3 4 5; do
    read -r _ _ _ rq _ < /proc/loadavg   # a builtin: no extra process is counted
    n=$((${rq%%/*} - 1))
    [ "$n" -lt "$min" ] && min=$n
    sleep 0.2
  done
  echo "$min"
}
wait_quiet() {  # label
  local waited=0 busy
  busy=$(others_running)
  while [ "$busy" -gt 0 ] && [ "$waited" -lt "${QUIET_WAIT:-0}" ]; do
    sleep 4
    waited=$((waited + 5))
    busy=$(others_running)
  done
  echo "$1: $busy other runnable process(es) after waiting ${waited} s; load $(cut -d' ' -f1-3 /proc/loadavg)" \
    >> "$OUT/groups.txt"
}

echo "== workloads: $WORKLOADS, threads: $THREADS, rounds: $ROUNDS" >&2
start=$(date +%s)
for r in $(seq 1 "$ROUNDS"); do
  for w in $WORKLOADS; do
    for t in $THREADS; do
      peers=()
      for p in $PEERS; do
        [ "$p" = torch-passive ] && [ "$t" -le 1 ] && continue   # identical to torch with one thread
        peers+=("$p")
      done
      n=${#peers[@]}
      wait_quiet "round $r $w threads=$t"
      for i in $(seq 0 $((n - 1))); do   # rotate the order every round
        p=${peers[$(((i + r) % n))]}
        run_peer "$p" "$w" "$t" --scale "$SCALE" | tee -a "$RES" >&2
      done
    done
  done
  echo "-- round $r done after $(($(date +%s) - start)) s, load $(uptime | sed 's/.*load average: //')" >&2
done
echo "load after: $(uptime | sed 's/.*load average: //')" | tee -a "$OUT/load.txt" >&2

{
  echo "## Training throughput (one interleaved run)"
  echo
  cat "$OUT/load.txt"
  echo
  "$PYTHON" "$ROOT/bench/table.py" "$RES"
  if [ -s "$CHK" ]; then
    echo
    echo "## Identical-math check"
    echo
    "$PYTHON" "$ROOT/bench/table.py" --check "$CHK"
  fi
  echo
  echo "## Other runnable processes before each group of runs"
  echo
  sed 's/^/    /' "$OUT/groups.txt"
} | tee "$OUT/table.md"
