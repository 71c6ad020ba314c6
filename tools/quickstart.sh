#!/usr/bin/env bash
# quickstart.sh — the README's first command: installs everything, builds cnet, compiles the default model
# (models/mlp.cnet, trained as Chainer's MNIST example trains) with cnetc and trains it on Fashion-MNIST.
# Usage: bash tools/quickstart.sh [MODEL_ARGS...]   (default: --epoch 3 --out result/mlp)
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
mkdir -p build/models
build/compiler/cnetc build models/mlp.cnet -o build/models/mlp
if [ $# -eq 0 ]; then set -- --epoch 3 --out result/mlp; fi
exec build/models/mlp "$@"
