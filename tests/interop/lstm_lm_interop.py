#!/usr/bin/env python3
"""lstm_lm_interop.py — an LSTM language model and an NStepLSTM between Chainer 7.8.1 and cnet, both ways.

    lstm_lm_interop.py --exe LSTM_LM_INTEROP --workdir DIR

Chainer builds RNNLM (embed = EmbedID(20, 8), lstm = LSTM(8, 8), out = Linear(8, 20), rnn = NStepLSTM(1, 8, 8,
0.0)) with random weights (forget-gate biases included), saves it (chainer_lm.npz), and computes the logits of
3 steps, an NStepLSTM run and one SGD(0.1) step. The cnet half (lstm_lm_interop.cc) loads the file with strict
keys, must produce the same logits/outputs/loss, takes the same step and saves cnet_lm.npz, which Chainer loads
(strict) and compares with its own stepped parameters. Exit 0 on success, 1 on a difference, 77 without chainer.
"""
import argparse
import json
import os
import subprocess
import sys

try:
    import numpy as np
    import chainer
    import chainer.functions as F
    import chainer.links as L
    from chainer import serializers
except Exception:  # noqa: BLE001 - no chainer here
    sys.exit(77)

RTOL, ATOL = 1e-4, 1e-5


class RNNLM(chainer.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.embed = L.EmbedID(20, 8)
            self.lstm = L.LSTM(8, 8)
            self.out = L.Linear(8, 20)
            self.rnn = L.NStepLSTM(1, 8, 8, 0.0)


def tokens():
    return [np.array([3 * t + 1, 3 * t + 2], dtype=np.int32) for t in range(4)]


def run(m):
    ts = tokens()
    m.lstm.reset_state()
    loss, logits = 0, []
    for t in range(3):
        y = m.out(m.lstm(m.embed(ts[t])))
        logits.extend(y.array.ravel().tolist())
        loss += F.softmax_cross_entropy(y, ts[t + 1])
    return loss, logits


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--exe', required=True)
    ap.add_argument('--workdir', required=True)
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    np.random.seed(7)
    model = RNNLM()
    for p in model.params():  # make every value matter, biases included
        p.array[...] = np.random.uniform(-0.5, 0.5, p.shape).astype(np.float32)
    serializers.save_npz(os.path.join(a.workdir, 'chainer_lm.npz'), model)

    loss, logits = run(model)
    xs = [model.embed(np.array([1, 2], dtype=np.int32)), model.embed(np.array([3, 4, 5], dtype=np.int32))]
    hy, cy, ys = model.rnn(None, None, xs)
    nstep = [v for y in ys for v in y.array.ravel().tolist()] + hy.array.ravel().tolist()
    opt = chainer.optimizers.SGD(0.1)
    opt.setup(model)
    total = loss + F.sum(ys[0]) * 0.5 + F.sum(ys[1]) + F.sum(cy)  # every output used: Chainer's
    # transpose_sequence cannot take a None gradient
    model.cleargrads()
    total.backward()
    opt.update()
    _, logits_after = run(model)

    out = subprocess.run([a.exe, a.workdir], check=True, stdout=subprocess.PIPE, text=True).stdout
    cn = json.loads(out.strip().splitlines()[-1])
    failures = []

    def compare(name, got, want):
        got, want = np.asarray(got), np.asarray(want)
        if got.shape != want.shape or not np.allclose(got, want, rtol=RTOL, atol=ATOL):
            failures.append('%s differs: max |diff| %s' % (
                name, np.max(np.abs(got - want)) if got.shape == want.shape else (got.shape, want.shape)))

    compare('logits (Chainer file loaded in cnet)', cn['logits'], logits)
    compare('loss', [cn['loss']], [float(loss.array)])
    compare('NStepLSTM ys and hy', cn['nstep'], nstep)
    compare('logits after one SGD step', cn['logits_after'], logits_after)

    loaded = RNNLM()
    serializers.load_npz(os.path.join(a.workdir, 'cnet_lm.npz'), loaded, strict=True)
    mine = dict(model.namedparams())
    for name, p in loaded.namedparams():
        compare('parameter %s (cnet file loaded in Chainer)' % name, p.array, mine[name].array)
    with np.load(os.path.join(a.workdir, 'cnet_lm.npz')) as f:
        keys = sorted(f.files)
    with np.load(os.path.join(a.workdir, 'chainer_lm.npz')) as f:
        if keys != sorted(f.files):
            failures.append('key sets differ: cnet %s, Chainer %s' % (keys, sorted(f.files)))
    for f in failures:
        print('FAIL', f)
    print('lstm_lm_interop: %d keys, %s' % (len(keys), 'OK' if not failures else '%d failures' % len(failures)))
    return 1 if failures else 0


sys.exit(main())
