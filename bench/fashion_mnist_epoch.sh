#!/usr/bin/env bash
# fashion_mnist_epoch.sh — time per epoch and accuracy of the default model (models/mlp.cnet) for cnet, Chainer
# and PyTorch, one after the other on this machine. Needs build/ (tools/setup.sh) and, for the peers, Debian's
# python3-torch and pip's chainer 7.8.1 for /usr/bin/python3. Usage: bash bench/fashion_mnist_epoch.sh [EPOCHS]
set -euo pipefail
cd "$(dirname "$0")/.."
EPOCHS=${1:-2}
PY=${PYTHON:-/usr/bin/python3}
OUT=$(mktemp -d)
build/compiler/cnetc build models/mlp.cnet -o "$OUT/mlp" >/dev/null
OMP_NUM_THREADS=${THREADS:-2} "$OUT/mlp" --epoch "$EPOCHS" --noplot --out "$OUT/cnet" >/dev/null
python3 - "$OUT/cnet/log" <<'PY'
import json, sys
prev = 0.0
for e in json.load(open(sys.argv[1])):
    print(json.dumps({"peer": "cnet", "epoch": e["epoch"], "seconds": e["elapsed_time"] - prev,
                      "main/loss": e["main/loss"], "validation/main/accuracy": e["validation/main/accuracy"]}))
    prev = e["elapsed_time"]
PY
"$PY" bench/fashion_mnist_epoch.py --peer torch --epoch "$EPOCHS" --threads "${THREADS:-2}" || echo '{"peer": "torch", "error": "not available"}'
# Debian's torch spins libgomp workers that starve OpenBLAS's on 2 cores; the passive run shows its best.
OMP_WAIT_POLICY=PASSIVE "$PY" bench/fashion_mnist_epoch.py --peer torch --label "torch(passive)" --epoch "$EPOCHS" \
  --threads "${THREADS:-2}" || true
"$PY" bench/fashion_mnist_epoch.py --peer chainer --epoch "$EPOCHS" --threads "${THREADS:-2}" --out "$OUT/chainer" \
  || echo '{"peer": "chainer", "error": "not available"}'
rm -rf "$OUT"
