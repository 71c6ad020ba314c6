#!/usr/bin/env bash
# train_seq2seq.sh CNETC REPO OUT — models/seq2seq.cnet (NStepLSTM encoder-decoder) built and trained at tiny
# settings on the sequence-reversal task: the perplexity must fall well below the first epoch's and the
# greedy decoder must run on the held-out sequences.
set -euo pipefail
CNETC=$1 REPO=$2 OUT=$3
mkdir -p "$OUT"
"$CNETC" build "$REPO/models/seq2seq.cnet" -o "$OUT/seq2seq"
cd "$OUT"
./seq2seq --epoch 10 --examples 300 --unit 64 --layer 1 | tee log.txt
python3 - log.txt <<'PY'
import sys
lines = open(sys.argv[1]).read().split('\n')
assert lines[0] == 'epoch main/loss main/perp', lines[0]
rows = [l.split() for l in lines if l[:1].isdigit()]
assert len(rows) == 10, rows
perp = [float(r[2]) for r in rows]
assert perp[-1] < 0.6 * perp[0], perp
exact = [l for l in lines if l.startswith('exact translations:')]
assert len(exact) == 1 and exact[0].split()[-1] == '50', exact
print('seq2seq: perplexity', perp[0], '->', perp[-1])
PY
