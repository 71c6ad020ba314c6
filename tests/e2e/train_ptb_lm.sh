#!/usr/bin/env bash
# train_ptb_lm.sh CNETC REPO OUT — models/ptb_lm.cnet built and trained at tiny settings on PTB-format files
# made from Debian's fortunes-min text (tools/text_to_ptb.py): the validation perplexity must fall below the
# first epoch's and far below the vocabulary size (what a uniform guess scores). With --gradclip 0 the
# example's GradientClipping hook scales every gradient to zero: the parameters keep their U(-0.1, 0.1) values,
# so the validation perplexity is the same after each epoch and near the vocabulary size (small weights give an
# almost uniform softmax). Exit 77 (skip) without the text.
set -euo pipefail
CNETC=$1 REPO=$2 OUT=$3
if [ ! -f /usr/share/games/fortunes/fortunes ]; then
  echo "fortunes-min is not installed; skipping" >&2
  exit 77
fi
mkdir -p "$OUT"
python3 "$REPO/tools/text_to_ptb.py" "$OUT/data/ptb" --vocab 500
"$CNETC" build "$REPO/models/ptb_lm.cnet" -o "$OUT/ptb_lm"
cd "$OUT"
CNET_DATASET_ROOT="$OUT/data" ./ptb_lm --epoch 3 --unit 32 --batchsize 10 --bproplen 10 | tee log.txt
python3 - log.txt <<'PY'
import sys
lines = open(sys.argv[1]).read().split('\n')
assert lines[0] == '#vocab = 500', lines[0]
rows = [l.split() for l in lines if l[:1].isdigit()]
assert len(rows) == 3, rows
val = [float(r[2]) for r in rows]
test = float([l for l in lines if l.startswith('test perplexity:')][0].split()[-1])
assert val[-1] < val[0] and val[-1] < 250 and test < 250, (val, test)
print('ptb_lm: validation perplexity', val, 'test', test)
PY
CNET_DATASET_ROOT="$OUT/data" ./ptb_lm --epoch 2 --unit 32 --batchsize 10 --bproplen 10 --gradclip 0 | tee clip0.txt
python3 - clip0.txt <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1]).read().split('\n') if l[:1].isdigit()]
val = [float(r[2]) for r in rows]
assert len(val) == 2 and val[0] == val[1] and 400 < val[0] < 600, val
print('ptb_lm --gradclip 0: validation perplexity unchanged', val)
PY
# --gpu 0 where no CUDA device can be used stops at the line that asks for it.
CNET_DATASET_ROOT="$OUT/data" bash "$REPO/tests/e2e/device_unavailable.sh" --built ./ptb_lm "$REPO/models/ptb_lm.cnet" \
  "train = chainer.dataset.to_device(gpu, train)" --epoch 1 --unit 32 --gpu 0 || [ $? -eq 77 ]
