#!/usr/bin/env bash
# setup.sh — installs every dependency from Debian's packages (idempotent) and builds cnet into build/.
# Usage: bash tools/setup.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  cmake ninja-build g++ pkg-config
  default-jre-headless antlr4 libantlr4-runtime-dev uuid-dev
  libeigen3-dev libgtest-dev libgmock-dev
  zlib1g-dev nlohmann-json3-dev libfmt-dev libcli11-dev libcairo2-dev libdnnl-dev libpng-dev libjpeg-dev libarchive-dev
  dataset-fashion-mnist python3 python3-numpy
  fortunes-min
  openmpi-bin libopenmpi-dev
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

[ "${1:-}" = "--no-build" ] && exit 0
# CUDA is optional: found at /usr/local/cuda when present, skipped otherwise.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release ${CNET_CMAKE_ARGS:-}
ninja -C build -j"${CNET_JOBS:-2}"
