#!/usr/bin/env bash
# training_safety.sh — a training program (safety/tiny_train.cnet) against kills and bad inputs:
# - killed at random moments and resumed from its newest snapshot each time: after every kill each snapshot
#   under its final name is complete (numpy reads every array), and the run finished from the last one logs
#   exactly the losses and accuracies of an uninterrupted run (the snapshot carries the random state);
# - temporary snapshot directories left by killed runs (tmp<name>.cnet-XXXXXX) are gone after the next snapshot,
#   and the temporaries of atomic writes (LogReport's .log.tmpXXXXXX) after the next write of that file;
# - bad inputs fail fast with a message naming the .cnet line: a snapshot whose iterator position is -1,
#   `--resume /dev/urandom`, `--epoch 0`, an empty training set, an exhausted iterator inside trainer.run().
# Usage: training_safety.sh CNETC WORK_DIR
set -euo pipefail
CNETC=$1 WORK=$2
SRC="$(cd "$(dirname "$0")" && pwd)/safety/tiny_train.cnet"
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK"
export OMP_NUM_THREADS=1  # the same thread count in every run: sums are then bit-identical
"$CNETC" build "$SRC" -o tiny_train
fail() { echo "FAIL: $*"; exit 1; }

start=$(date +%s%N)
./tiny_train --out ref > ref.txt
run_ns=$(( $(date +%s%N) - start ))

# Killed and resumed eight times, each a fraction of the uninterrupted run's time after its first snapshot
# (together about 40% of the run, so most kills land mid-run; snapshots every 3 iterations), then finished from
# the newest snapshot.
newest() { { ls "$1" 2>/dev/null || true; } | { grep -E '^snapshot_iter_[0-9]+$' || true; } | sort -t_ -k3 -n | tail -1; }
kills=0
for percent in 4 6 3 7 5 3 6 5; do
  delay=$(awk -v ns="$run_ns" -v p="$percent" 'BEGIN { printf "%.3f", ns * p / 100 / 1e9 }')
  snap=$(newest killed)
  args=(--out killed)
  [ -n "$snap" ] && args+=(--resume "killed/$snap")
  ./tiny_train "${args[@]}" > /dev/null 2>&1 &
  pid=$!
  # The delay counts from this run's first snapshot: on a loaded machine starting up can take longer than it.
  for _ in $(seq 6000); do
    [ "$(newest killed)" != "$snap" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.01
  done
  sleep "$delay"
  if kill -KILL "$pid" 2>/dev/null; then kills=$((kills + 1)); fi
  wait "$pid" 2>/dev/null || true
  python3 - killed <<'PY' || fail "a snapshot under its final name is incomplete after a kill"
import os, sys, numpy as np
d = sys.argv[1]
for name in os.listdir(d) if os.path.isdir(d) else []:
    if name.startswith('snapshot_iter_'):
        with np.load(os.path.join(d, name)) as f:
            for key in f.files:
                f[key]
PY
done
[ "$kills" -ge 3 ] || fail "only $kills of the runs were still running when killed (the run is too short to test)"

snap=$(newest killed)
[ -n "$snap" ] || fail "no snapshot was written before the kills"
./tiny_train --out killed --resume "killed/$snap" > resumed.txt
leftover=$(ls -a killed | grep -E '^tmp.*\.cnet-......$|^\..*\.tmp......$' || true)
[ -z "$leftover" ] || fail "temporary files of the killed runs left behind after the resumed run: $leftover"

# Litter as a killed run leaves it (a temporary snapshot directory and a temporary log nobody holds locked): the
# next run's first snapshot and first log write remove them.
mkdir -p litter/tmpsnapshot_iter_5.cnet-Xy12Zw && echo partial > litter/tmpsnapshot_iter_5.cnet-Xy12Zw/snapshot_iter_5
echo '[{"epoch": 1' > litter/.log.tmpQ7x2Lm
./tiny_train --out litter --epoch 1 > /dev/null
leftover=$(ls -a litter | grep -E '^tmp.*\.cnet-......$|^\..*\.tmp......$' || true)
[ -z "$leftover" ] || fail "temporary files left behind: $leftover"
[ -f litter/snapshot_iter_15 ] || fail "the litter run wrote no snapshots"

python3 - ref/log killed/log "$snap" <<'PY'
import json, sys
ref, got = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
keys = ('epoch', 'iteration', 'main/loss', 'main/accuracy')
a = [{k: e[k] for k in keys} for e in ref]
b = [{k: e[k] for k in keys} for e in got]
if a != b:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            print('FAIL: first difference at log entry %d:\n  uninterrupted %s\n  resumed       %s' % (i, x, y))
            break
    else:
        print('FAIL: %d log entries uninterrupted, %d resumed' % (len(a), len(b)))
    sys.exit(1)
print('ok: %d log entries identical after kills and resumes (last resume from %s)' % (len(a), sys.argv[3]))
PY

# Bad inputs: exit status 1 and the message, naming the .cnet line of the statement that raised it.
line_of() { grep -n -F "$1" "$SRC" | head -1 | cut -d: -f1; }
expect_error() {  # expect_error LINE_TEXT MESSAGE ARGS...
  local line msg rc=0
  line=$(line_of "$1") msg=$2
  shift 2
  timeout 20 ./tiny_train "$@" > out.txt 2> err.txt || rc=$?
  [ "$rc" -eq 1 ] || fail "tiny_train $* exited with $rc, expected 1: $(cat err.txt)"
  grep -q -F "tiny_train.cnet:$line: error: $msg" err.txt ||
    fail "tiny_train $*: expected 'tiny_train.cnet:$line: error: $msg', got: $(cat err.txt)"
}
python3 - ref/snapshot_iter_6 bad_position <<'PY'
import sys, numpy as np
with np.load(sys.argv[1]) as f:
    arrays = {k: f[k] for k in f.files}
arrays['updater/iterator:main/current_position'] = np.array(-1)
np.savez(sys.argv[2], **arrays)
PY
expect_error "load_npz(resume" "SerialIterator: the snapshot's current_position -1 is out of range for a dataset of 256 examples (batch size 16)" \
  --out bad --resume bad_position.npz
expect_error "load_npz(resume" "cannot read '/dev/urandom': not a regular file" --out bad --resume /dev/urandom
expect_error "training.Trainer(" "IntervalTrigger: the period must be positive, got (0, 'epoch')" --epoch 0
expect_error "trainer.run()" "SerialIterator: the dataset is empty (0 examples)" --examples 0 --out empty
expect_error "trainer.run()" "StopIteration: the main iterator of StandardUpdater is exhausted" --no-repeat --epoch 2 --out once
echo "ok: $kills kills; bad inputs rejected with their messages"
