#!/usr/bin/env bash
# device_unavailable.sh — a CUDA request on a machine (or build) without that device stops the program with
# "<file>.cnet:<line>: error: CUDA device 0 is not available: <reason>" at the line that asked for it.
# Usage: device_unavailable.sh CNETC SOURCE.cnet OUT 'LINE_TEXT' [ARGS...]
#        device_unavailable.sh --built PROGRAM SOURCE.cnet 'LINE_TEXT' [ARGS...]
#   builds SOURCE into OUT with cnetc (or takes PROGRAM, built from SOURCE by a model's own test), runs it with ARGS
#   in its directory, and expects the error at the first line containing LINE_TEXT. Exit 77 (skipped) when the
#   program ran to the end: a CUDA device is present.
set -uo pipefail
if [ "$1" = --built ]; then
  OUT=$2 SOURCE=$3 LINE_TEXT=$4
  shift 4
else
  CNETC=$1 SOURCE=$2 OUT=$3 LINE_TEXT=$4
  shift 4
  "$CNETC" build "$SOURCE" -o "$OUT" || { echo "FAIL: cnetc build $SOURCE"; exit 1; }
fi
line=$(grep -nF -- "$LINE_TEXT" "$SOURCE" | head -1 | cut -d: -f1)
[ -n "$line" ] || { echo "FAIL: no line of $SOURCE contains '$LINE_TEXT'"; exit 1; }
err=$(cd "$(dirname "$OUT")" && "$OUT" "$@" 2>&1 >/dev/null)
rc=$?
if [ $rc -eq 0 ]; then
  echo "SKIPPED: $(basename "$SOURCE") ran on a CUDA device (this test checks machines without one)"
  exit 77
fi
expected="$(basename "$SOURCE"):$line: error: CUDA device 0 is not available: "
case "$err" in
  "$expected"*) echo "ok: $err"; exit 0 ;;
  *) printf 'FAIL: exit %s, stderr:\n%s\nexpected it to start with:\n%s\n' "$rc" "$err" "$expected"; exit 1 ;;
esac
