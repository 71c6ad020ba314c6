#!/usr/bin/env bash
# gpu_bundle.sh — packs what tools/gpu_check.sh runs on a GPU machine, built here, into one archive, for a GPU
# machine that has the CUDA libraries but not this project's build dependencies (Eigen, oneDNN, ...) or the time
# to build: the cuda test binary, the benchmark, models/mushrooms.cnet (its data is in the repository) and the
# default model models/mlp.cnet (with Fashion-MNIST's files, when this machine has them) built by cnetc, the shared libraries they need that are neither glibc's nor CUDA's, and the
# peer harness's common.py for bench/torch_gpu_peer.py. Then, on the GPU machine:
#     BUNDLE=.gpu/cnet-gpu.tar.xz CNET_PEER_BENCH_DIR=.gpu/peer FASHION_MNIST_DIR=.gpu/fashion-mnist \
#         bash tools/gpu_check.sh
#
# Usage: bash tools/gpu_bundle.sh [BUILD_DIR] [OUT_DIR]     (defaults build and .gpu; BUILD_DIR built with CUDA)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
OUT=${2:-.gpu}
grep -q "CNET_ENABLE_CUDA:BOOL=ON" "$BUILD/CMakeCache.txt" || { echo "gpu_bundle: $BUILD is not a CUDA build"; exit 1; }
ninja -C "$BUILD" -j2 runtime_cuda_tests bench_cnet_bench cnetc >/dev/null

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/lib" "$stage/fallback" "$OUT/peer"
cp "$BUILD/tests/runtime/runtime_cuda_tests" "$BUILD/bench/bench_cnet_bench" "$stage/bin/"
for model in mushrooms mlp; do  # mlp.cnet: the default model, on Fashion-MNIST (copied below)
    "$BUILD/compiler/cnetc" build "models/$model.cnet" -o "$stage/$model" >/dev/null
    mv "$stage/$model" "$stage/bin/" && rm -rf "$stage/$model.cnet-build"
done
strip "$stage/bin/"*

# Libraries found here that a GPU machine's image may lack; glibc's come from that machine, CUDA's from its
# toolkit or Python packages. libstdc++ and libgcc_s go to fallback/: used only where that machine's are older.
for lib in $(ldd "$stage/bin/"* | awk '/=> \// {print $3}' | sort -u); do
    case "$(basename "$lib")" in
        libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|ld-linux*) ;;
        libcuda*|libcublas*|libcudnn*|libcurand*) ;;
        libstdc++.so*|libgcc_s.so*) cp -L "$lib" "$stage/fallback/" ;;
        *) cp -L "$lib" "$stage/lib/" ;;
    esac
done
for lib in $(ldd "$stage/lib/"* | awk '/=> \// {print $3}' | sort -u); do
    case "$(basename "$lib")" in
        libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|ld-linux*|libstdc++.so*|libgcc_s.so*) ;;
        *) [ -e "$stage/lib/$(basename "$lib")" ] || cp -L "$lib" "$stage/lib/" ;;
    esac
done

tar -C "$stage" -cf - . | xz -T2 -6 >"$OUT/cnet-gpu.tar.xz"
# Fashion-MNIST's four files (31 MB, already compressed) for the default model, from where its loader looks first.
fashion=${FASHION_MNIST_DIR:-/usr/share/datasets/fashion-mnist}
if [ -f "$fashion/train-images-idx3-ubyte.gz" ]; then
    mkdir -p "$OUT/fashion-mnist" && cp "$fashion"/*-ubyte.gz "$OUT/fashion-mnist/"
fi
peer_dir=${CNET_PEER_BENCH_DIR:-../shared/bench}
[ -f "$peer_dir/common.py" ] && cp "$peer_dir/common.py" "$OUT/peer/"
echo "gpu_bundle: $OUT/cnet-gpu.tar.xz ($(du -h "$OUT/cnet-gpu.tar.xz" | cut -f1)): $(cd "$stage" && ls bin/* lib/* | tr "\n" " ")"
