#!/usr/bin/env python3
"""convnet_interop.py — a convnet with BatchNormalization between Chainer 7.8.1 and cnet, both ways.

    convnet_interop.py --exe CONVNET_INTEROP --workdir DIR

The network on both sides (tests/interop/convnet_interop.cc mirrors it):
    conv = L.Convolution2D(1, 4, 3, pad=1), bn = L.BatchNormalization(4), fc = L.Linear(64, 3)
    y = fc(max_pooling_2d(relu(bn(conv(x))), 2)),  x (8, 1, 8, 8)

1. Chainer: fixed seed, two train-mode forward passes (so avg_mean/avg_var move), saves chainer.npz and its
   test-mode output on x (chainer.config.train = False: BatchNormalization uses avg_mean/avg_var).
2. cnet (CONVNET_INTEROP DIR): load_npz(strict) of chainer.npz, test-mode output -> cnet_test_out.npz; then one
   train-mode pass (running statistics updated), save_npz -> cnet.npz, with the train-mode output and the
   test-mode output after it.
3. Chainer: compares cnet's test-mode output with its own; loads cnet.npz (strict) into a fresh model after
   checking that its keys are exactly Chainer's, and compares the statistics and outputs with one Chainer
   train-mode pass from chainer.npz.
Exit status: 0 on success, 1 on a difference, 77 when chainer/numpy cannot be imported.
"""
import argparse
import os
import subprocess
import sys

SKIP = 77
try:
    import numpy as np
    import chainer
    import chainer.functions as F
    import chainer.links as L
    from chainer import serializers
except Exception:  # noqa: BLE001 - no chainer here
    print('SKIPPED: chainer/numpy cannot be imported')
    sys.exit(SKIP)


class ConvBN(chainer.Chain):
    def __init__(self):
        super(ConvBN, self).__init__()
        with self.init_scope():
            self.conv = L.Convolution2D(1, 4, 3, pad=1)
            self.bn = L.BatchNormalization(4)
            self.fc = L.Linear(64, 3)

    def forward(self, x):
        return self.fc(F.max_pooling_2d(F.relu(self.bn(self.conv(x))), 2))


def data():
    rs = np.random.RandomState(7)
    return rs.uniform(-1, 1, (8, 1, 8, 8)).astype(np.float32)


def test_output(model, x):
    with chainer.using_config('train', False):
        return model(x).array


def close(name, a, b, failures):
    if a.shape != b.shape or not np.allclose(a, b, rtol=1e-4, atol=1e-5):
        failures.append('%s differs: max |diff| %s' % (name, np.max(np.abs(a - b)) if a.shape == b.shape else
                                                        (a.shape, b.shape)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--exe', required=True)
    ap.add_argument('--workdir', required=True)
    args = ap.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    x = data()
    np.random.seed(3)
    model = ConvBN()
    for _ in range(2):
        model(x * 2 + 0.5)
    serializers.save_npz(os.path.join(args.workdir, 'chainer.npz'), model)
    np.savez(os.path.join(args.workdir, 'input.npz'), x=x)
    want_test = test_output(model, x)

    subprocess.check_call([args.exe, args.workdir])

    failures = []
    cnet_out = np.load(os.path.join(args.workdir, 'cnet_out.npz'))
    close('test-mode output of the loaded Chainer model', cnet_out['test_before'], want_test, failures)

    keys_chainer = sorted(np.load(os.path.join(args.workdir, 'chainer.npz')).files)
    keys_cnet = sorted(np.load(os.path.join(args.workdir, 'cnet.npz')).files)
    if keys_chainer != keys_cnet:
        failures.append('npz keys differ: chainer %s, cnet %s' % (keys_chainer, keys_cnet))

    # Chainer's own train-mode pass from the same file, against cnet's.
    ref = ConvBN()
    serializers.load_npz(os.path.join(args.workdir, 'chainer.npz'), ref)
    close('train-mode output', cnet_out['train'], ref(x).array, failures)
    loaded = ConvBN()
    serializers.load_npz(os.path.join(args.workdir, 'cnet.npz'), loaded, strict=True)
    for name in ('avg_mean', 'avg_var'):
        close('bn/' + name, getattr(loaded.bn, name), getattr(ref.bn, name), failures)
    if int(loaded.bn.N) != int(ref.bn.N):
        failures.append('bn/N differs')
    for (n1, p1), (n2, p2) in zip(sorted(loaded.namedparams()), sorted(ref.namedparams())):
        close(n1, p1.array, p2.array, failures)
    close('test-mode output after the train-mode pass', cnet_out['test_after'], test_output(loaded, x), failures)
    close('test-mode output (Chainer vs loaded cnet file)', test_output(ref, x), test_output(loaded, x), failures)

    for f in failures:
        print('FAIL:', f)
    if failures:
        return 1
    print('ok: %d keys %s; outputs agree in both directions' % (len(keys_cnet), keys_cnet))
    return 0


if __name__ == '__main__':
    sys.exit(main())
