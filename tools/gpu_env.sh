# gpu_env.sh — sourced by tools/gpu_check.sh and tools/gpu_profile.sh: where a GPU machine's CUDA libraries are,
# and how a bundle made by tools/gpu_bundle.sh is unpacked.

# LD_LIBRARY_PATH gains the libraries of the Python packages nvidia-* (cuDNN and cuBLAS may come only with them)
# and of the CUDA toolkit.
gpu_library_path() {
  local libs d
  libs=$(python3 -c 'import nvidia, os; p = list(nvidia.__path__)[0]; print(":".join(os.path.join(p, d, "lib") for d in sorted(os.listdir(p)) if os.path.isdir(os.path.join(p, d, "lib"))))' 2>/dev/null || true)
  for d in /usr/local/cuda/lib64 /usr/local/cuda/lib /usr/local/cuda/targets/x86_64-linux/lib; do
    [ -d "$d" ] && libs="${libs:+$libs:}$d"
  done
  [ -n "$libs" ] && export LD_LIBRARY_PATH="${libs}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  return 0
}

# unpack_bundle ARCHIVE DIR: DIR/bin holds the binaries; LD_LIBRARY_PATH gains DIR/lib, and DIR/fallback (the
# bundle's libstdc++) only where this machine's is older than the one the binaries were built with.
unpack_bundle() {
  mkdir -p "$2" || return 1
  python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' "$1" "$2" || return 1
  export LD_LIBRARY_PATH="$2/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  if ldd "$2"/bin/* | grep -q "GLIBCXX.*not found\|libstdc++.*not found"; then
    export LD_LIBRARY_PATH="$2/fallback:$LD_LIBRARY_PATH"
  fi
}
