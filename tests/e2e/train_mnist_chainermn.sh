#!/usr/bin/env bash
# train_mnist_chainermn.sh — models/mnist_chainermn.cnet (ChainerMN's MNIST example) built with cnetc and trained
# by `mpirun -np 2` on this host for one epoch on Fashion-MNIST: the accuracy beats chance by a wide margin, rank
# 0 alone printed the report, both ranks end with bitwise identical parameters; then the job is resumed from rank
# 0's snapshot for a second epoch (the log continues, the ranks still agree).
# Usage: train_mnist_chainermn.sh CNETC MPIEXEC REPO_DIR WORK_DIR   (exit 77 = skipped: no Fashion-MNIST)
set -euo pipefail
CNETC=$1 MPIEXEC=$2 REPO=$3 WORK=$4
if [ ! -e /usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz ] && [ -z "${CNET_DATASET_ROOT:-}" ] \
   && [ -z "${FASHION_MNIST_DIR:-}" ]; then
  echo "SKIPPED: Fashion-MNIST not found (apt-get install dataset-fashion-mnist)"
  exit 77
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMP_NUM_THREADS=1
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK"
"$CNETC" build "$REPO/models/mnist_chainermn.cnet" -o mnist_chainermn
run() { timeout 300 "$MPIEXEC" -np 2 --oversubscribe ./mnist_chainermn --communicator naive --unit 100 --save-model "$@"; }
run --epoch 1 --out run1 > run1.txt
run --epoch 2 --out run2 --resume run1/snapshot_iter_300 > run2.txt

python3 - "$WORK" <<'PY'
import json, sys
import numpy as np
work = sys.argv[1]
def fail(msg):
    print("FAIL:", msg); sys.exit(1)
def same_on_both_ranks(run):
    a, b = np.load(f"{work}/{run}/model_rank0.npz"), np.load(f"{work}/{run}/model_rank1.npz")
    if sorted(a.files) != sorted(b.files) or not a.files: fail(f"{run}: the ranks saved different parameter sets")
    for k in a.files:
        if a[k].shape != b[k].shape or a[k].tobytes() != b[k].tobytes(): fail(f"{run}: {k} differs between ranks")
    return len(a.files)
# 60000 training examples, 30000 per rank, 100 per batch: 300 iterations per epoch.
log1 = json.load(open(f"{work}/run1/log"))
if len(log1) != 1 or log1[0]["epoch"] != 1 or log1[0]["iteration"] != 300: fail(f"run1 log: {log1}")
acc = log1[0]["validation/main/accuracy"]
if not acc > 0.75: fail(f"validation accuracy after one epoch is {acc}")  # chance 0.10; ~0.84 expected
n = same_on_both_ranks("run1")
out1 = open(f"{work}/run1.txt").read()
if out1.count("Num process (COMM_WORLD): 2") != 1: fail("the banner is not printed once (by rank 0):\n" + out1[:600])
if out1.count("validation/main/accuracy") != 1: fail("the PrintReport header is not printed once:\n" + out1[:600])
log2 = json.load(open(f"{work}/run2/log"))
if [e["epoch"] for e in log2] != [1, 2] or log2[1]["iteration"] != 600: fail(f"resumed log: {log2}")
if log2[0] != log1[0]: fail("the resumed log does not start with the first run's entry")
if not log2[1]["main/loss"] < log1[0]["main/loss"]: fail("training loss did not fall in the resumed epoch")
same_on_both_ranks("run2")
print(f"ok: 2 ranks, epoch-1 validation accuracy {acc:.4f}, {n} parameter arrays bitwise equal on both ranks, "
      f"resumed to iteration {log2[1]['iteration']} (validation accuracy {log2[1]['validation/main/accuracy']:.4f})")
PY
