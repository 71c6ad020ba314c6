#!/usr/bin/env bash
# train_custom_loop.sh — models/custom_loop.cnet (Chainer's MNIST custom training loop on generated data) built with
# cnetc and run for 3 epochs: one report per epoch, the training loss falls every epoch, the test accuracy ends
# above 0.9, and the saved model and optimizer are npz files holding the MLP's parameters. Then --gpu 0 where no
# CUDA device can be used stops at its line.
# Usage: train_custom_loop.sh CNETC REPO_DIR WORK_DIR
set -euo pipefail
CNETC=$1 REPO=$2 WORK=$3
rm -rf "$WORK" && mkdir -p "$WORK"
"$CNETC" build "$REPO/models/custom_loop.cnet" -o "$WORK/custom_loop"
(cd "$WORK" && ./custom_loop --epoch 3 > run.txt)

python3 - "$WORK" <<'PY'
import re, sys, zipfile
work = sys.argv[1]
out = open(f"{work}/run.txt").read()
def fail(msg):
    print("FAIL:", msg); print(out); sys.exit(1)
epochs = [int(e) for e in re.findall(r"^epoch: (\d+)$", out, re.M)]
train = [float(v) for v in re.findall(r"^train mean loss: ([0-9.]+)$", out, re.M)]
test = re.findall(r"^test mean  loss: ([0-9.]+), accuracy: ([0-9.]+)$", out, re.M)
if epochs != [1, 2, 3] or len(train) != 3 or len(test) != 3: fail("one report per epoch expected")
if not (train[0] > train[1] > train[2]): fail(f"training loss did not fall every epoch: {train}")
if not float(test[-1][1]) > 0.9: fail(f"final test accuracy {test[-1][1]} (chance is 0.1)")
names = set(zipfile.ZipFile(f"{work}/mlp.model").namelist())
for p in ("predictor/l1/W.npy", "predictor/l1/b.npy", "predictor/l3/W.npy"):
    if p not in names: fail(f"mlp.model lacks {p}: {sorted(names)}")
if not zipfile.ZipFile(f"{work}/mlp.state").namelist(): fail("mlp.state is empty")
print(f"ok: train loss {train}, final test accuracy {test[-1][1]}")
PY
bash "$REPO/tests/e2e/device_unavailable.sh" --built "$WORK/custom_loop" "$REPO/models/custom_loop.cnet" \
  "get_device_from_id(gpu).use()" --gpu 0 || [ $? -eq 77 ]
