#!/usr/bin/env bash
# run_private_dir.sh — `cnetc run` executes cached builds from $TMPDIR/cnet-run-UID, so it must own that directory:
# created 0700 when absent; refused (exit 2, nothing run) when it is open to others, a symlink, or not owned by
# the user (checked when the test runs as root, by handing the directory to another uid).
# Usage: run_private_dir.sh CNETC SOURCE.cnet EXPECTED_OUTPUT WORK_DIR
set -euo pipefail
CNETC=$1 SOURCE=$2 EXPECTED=$3 WORK=$4
rm -rf "$WORK" && mkdir -p "$WORK"
export TMPDIR=$WORK/tmp
mkdir -p "$TMPDIR"
DIR=$TMPDIR/cnet-run-$(id -u)
fail() { echo "FAIL: $*"; exit 1; }

# Absent: created private, and the program runs.
"$CNETC" run "$SOURCE" > "$WORK/out.txt" || fail "cnetc run failed in a fresh TMPDIR"
cmp -s "$WORK/out.txt" "$EXPECTED" || fail "cnetc run printed something else than $EXPECTED"
[ "$(stat -c %a "$DIR")" = 700 ] || fail "$DIR has mode $(stat -c %a "$DIR"), expected 700"

refused() {  # refused WHAT EXPECTED_REASON
  local rc=0
  "$CNETC" run "$SOURCE" > "$WORK/out.txt" 2> "$WORK/err.txt" || rc=$?
  [ "$rc" -eq 2 ] || fail "$1: cnetc run exited with $rc, expected 2 (refusal): $(cat "$WORK/err.txt")"
  grep -q -F "cnetc: error: refusing to build in '$DIR': $2" "$WORK/err.txt" ||
    fail "$1: expected the refusal '$2', got: $(cat "$WORK/err.txt")"
  [ ! -s "$WORK/out.txt" ] || fail "$1: something ran: $(cat "$WORK/out.txt")"
}

# Open to others (a planted, world-writable cache): refused, even with an up-to-date build inside.
chmod 0777 "$DIR"
refused "mode 0777" "other users can write or read it (mode 0777, expected 0700)"
chmod 0700 "$DIR"

# A symlink to a directory someone else prepared: refused.
mv "$DIR" "$WORK/elsewhere"
ln -s "$WORK/elsewhere" "$DIR"
refused "symlink" "it is a symbolic link"
rm "$DIR"
mv "$WORK/elsewhere" "$DIR"

# Owned by another user (needs root to arrange).
if [ "$(id -u)" -eq 0 ]; then
  chown 65534 "$DIR"
  refused "foreign owner" "it is owned by uid 65534, not by you (uid 0)"
  chown 0 "$DIR"
else
  echo "note: not root; the foreign-owner case is not exercised"
fi
"$CNETC" run "$SOURCE" > "$WORK/out.txt" || fail "cnetc run failed once the directory was private again"
echo "ok: cnetc run builds only in a private directory it owns"
