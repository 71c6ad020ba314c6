#!/usr/bin/env bash
# train_convnet.sh — models/convnet.cnet compiled with cnetc and trained at tiny settings (1000 Fashion-MNIST
# images, 8 channels, 2 epochs): the log parses, the training loss falls, the accuracy is well above chance
# and PrintReport printed its table.
# Usage: train_convnet.sh CNETC REPO_DIR WORK_DIR      (exit 77 = skipped: Fashion-MNIST is not installed)
set -euo pipefail
CNETC=$1 REPO=$2 WORK=$3
if [ ! -e /usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz ] && [ -z "${CNET_DATASET_ROOT:-}" ] \
   && [ -z "${FASHION_MNIST_DIR:-}" ]; then
  echo "SKIPPED: Fashion-MNIST not found (apt-get install dataset-fashion-mnist)"
  exit 77
fi
rm -rf "$WORK" && mkdir -p "$WORK"
"$CNETC" build "$REPO/models/convnet.cnet" -o "$WORK/convnet"
OMP_NUM_THREADS=1 "$WORK/convnet" --epoch 2 --channels 8 --train-size 1000 --test-size 300 --out "$WORK/run" \
  > "$WORK/run.txt"

python3 - "$WORK" <<'PY'
import json, sys
work = sys.argv[1]
def fail(msg):
    print("FAIL:", msg); sys.exit(1)
log = json.load(open(f"{work}/run/log"))
if [e["epoch"] for e in log] != [1, 2] or log[1]["iteration"] != 20:
    fail(f"log: {log}")
for key in ("main/loss", "main/accuracy", "validation/main/loss", "validation/main/accuracy"):
    if key not in log[0]: fail(f"log lacks {key}")
if not log[1]["main/loss"] < log[0]["main/loss"]: fail(f"training loss did not fall: {log}")
acc = log[1]["validation/main/accuracy"]
if not acc > 0.5:  # chance is 0.10
    fail(f"validation accuracy after two tiny epochs is {acc}")
out = open(f"{work}/run.txt").read()
header = "epoch       main/loss   validation/main/loss  main/accuracy  validation/main/accuracy  elapsed_time"
if header not in out: fail("PrintReport header missing:\n" + out[:400])
print(f"ok: loss {log[0]['main/loss']:.4f} -> {log[1]['main/loss']:.4f}, validation accuracy {acc:.4f}")
PY
