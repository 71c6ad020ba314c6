#!/usr/bin/env bash
# export_project.sh — `cnetc export` writes a CMake project (main.cc, model.h, CMakeLists.txt from templates/) that
# CMake configures and builds on its own, into a program printing what `cnetc build` of the same source prints.
# Usage: export_project.sh CNETC CMAKE PROGRAM.cnet EXPECTED WORK_DIR
set -euo pipefail
CNETC=$1 CMAKE=$2 PROGRAM=$3 EXPECTED=$4 WORK=$5
rm -rf "$WORK"
"$CNETC" export "$PROGRAM" -o "$WORK/project"
test -f "$WORK/project/main.cc" && test -f "$WORK/project/model.h" && test -f "$WORK/project/CMakeLists.txt"
grep -q '^#include "model.h"$' "$WORK/project/main.cc"
"$CMAKE" -S "$WORK/project" -B "$WORK/build" > "$WORK/configure.log"
"$CMAKE" --build "$WORK/build" > "$WORK/build.log"
target=$(basename "$PROGRAM" .cnet)
(cd "$WORK" && "$WORK/build/$target") > "$WORK/output.txt"
diff -u "$EXPECTED" "$WORK/output.txt"
echo "ok: the exported CMake project of $(basename "$PROGRAM") built and ran"
