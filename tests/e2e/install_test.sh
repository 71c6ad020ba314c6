#!/usr/bin/env bash
# install_test.sh — `cmake --install` into a fresh prefix, then the INSTALLED cnetc builds and runs a program
# against the installed runtime (no build tree involved): its output must match the expected file.
# Usage: install_test.sh CMAKE BUILD_DIR PREFIX PROGRAM.cnet EXPECTED
set -euo pipefail
CMAKE=$1 BUILD=$2 PREFIX=$3 PROGRAM=$4 EXPECTED=$5
rm -rf "$PREFIX"
"$CMAKE" --install "$BUILD" --prefix "$PREFIX" > /dev/null
test -x "$PREFIX/bin/cnetc" && test -f "$PREFIX/lib/libcnet_runtime.a" && test -f "$PREFIX/include/cnet/core/array.h"
"$PREFIX/bin/cnetc" build "$PROGRAM" -o "$PREFIX/work/program"
"$PREFIX/work/program" > "$PREFIX/work/output.txt"
diff -u "$EXPECTED" "$PREFIX/work/output.txt"
echo "ok: installed cnetc built and ran $(basename "$PROGRAM")"
