#!/usr/bin/env bash
# train_seq2seq.sh CNETC REPO OUT — models/seq2seq.cnet (seq2seq.py's structure: NStepLSTM encoder-decoder, a
# converter returning a dict of lists of arrays, nltk's BLEU as an extension, Trainer with LogReport and
# PrintReport) built and trained at tiny settings on the program's own translation task: the perplexity must fall
# well below the first report's, BLEU is reported at each validation, the sample translation is printed, and
# the LogReport file holds the same entries. Then --gpu 0 where no CUDA device can be used stops at its line.
set -euo pipefail
CNETC=$1 REPO=$2 OUT=$3
mkdir -p "$OUT"
"$CNETC" build "$REPO/models/seq2seq.cnet" -o "$OUT/seq2seq"
cd "$OUT"
rm -rf result
./seq2seq --train-size 320 --batchsize 32 --epoch 6 --log-interval 10 --validation-interval 30 --out result | tee log.txt
python3 - log.txt result/log <<'PY'
import json, sys
lines = [l.replace('\x1b[J', '') for l in open(sys.argv[1]).read().split('\n')]
header = [l for l in lines if l.startswith('epoch')]
assert header and header[0].split() == ['epoch', 'iteration', 'main/loss', 'main/perp', 'validation/main/bleu',
                                        'elapsed_time'], header
rows = [l.split() for l in lines if l[:1].isdigit()]
assert [int(r[1]) for r in rows] == [10, 20, 30, 40, 50, 60], rows
perp = [float(r[3]) for r in rows]
assert perp[-1] < 0.7 * perp[0], perp
bleu = {int(r[1]): float(r[4]) for r in rows if len(r) == 6}
assert sorted(bleu) == [30, 60] and all(0 <= b <= 1 for b in bleu.values()), bleu
assert sum(l.startswith('# source : s') for l in lines) == 2, lines
assert sum(l.startswith('# expect : t') for l in lines) == 2, lines
log = json.load(open(sys.argv[2]))
assert [e['iteration'] for e in log] == [10, 20, 30, 40, 50, 60], log
assert abs(log[-1]['main/perp'] - perp[-1]) < 1e-3 * perp[-1], (log[-1], perp[-1])
assert abs(log[2]['validation/main/bleu'] - bleu[30]) < 1e-4, (log[2], bleu)
print('seq2seq: perplexity', perp[0], '->', perp[-1], 'bleu', bleu)
PY
bash "$REPO/tests/e2e/device_unavailable.sh" --built ./seq2seq "$REPO/models/seq2seq.cnet" \
  "get_device_from_id(args.gpu).use()" --gpu 0 || [ $? -eq 77 ]
