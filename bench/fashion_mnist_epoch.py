#!/usr/bin/env python3
"""fashion_mnist_epoch.py — the default model (models/mlp.cnet: MLP 784-1000-1000-10, ReLU, Adam, batch 100)
trained on Fashion-MNIST with Chainer's train_mnist.py setup or with PyTorch, to compare against the compiled
cnet executable on the same machine. Prints one JSON line per epoch:
  {"peer": ..., "epoch": n, "seconds": ..., "main/loss": ..., "validation/main/accuracy": ...}
The epoch time covers training and the per-epoch evaluation on the test set, as cnet's log elapsed_time does.

Usage: /usr/bin/python3 bench/fashion_mnist_epoch.py --peer chainer|torch [--epoch 2] [--threads 2]
"""
import argparse
import gzip
import json
import os
import struct
import sys
import time


def read_idx(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    ndim = data[3]
    dims = struct.unpack(">" + "I" * ndim, data[4:4 + 4 * ndim])
    import numpy as np
    return np.frombuffer(data, dtype=np.uint8, offset=4 + 4 * ndim).reshape(dims)


def load(root):
    import numpy as np
    def images(name):
        return (read_idx(os.path.join(root, name)).reshape(-1, 784).astype(np.float32) / 255.0)
    def labels(name):
        return read_idx(os.path.join(root, name)).astype(np.int32)
    return (images("train-images-idx3-ubyte.gz"), labels("train-labels-idx1-ubyte.gz"),
            images("t10k-images-idx3-ubyte.gz"), labels("t10k-labels-idx1-ubyte.gz"))


def run_chainer(args, data):
    import chainer
    import chainer.functions as F
    import chainer.links as L
    from chainer import training
    from chainer.training import extensions

    class MLP(chainer.Chain):
        def __init__(self, n_units, n_out):
            super(MLP, self).__init__()
            with self.init_scope():
                self.l1 = L.Linear(None, n_units)
                self.l2 = L.Linear(None, n_units)
                self.l3 = L.Linear(None, n_out)

        def forward(self, x):
            return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))

    xtr, ytr, xte, yte = data
    model = L.Classifier(MLP(args.unit, 10))
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    train = chainer.datasets.TupleDataset(xtr, ytr)
    test = chainer.datasets.TupleDataset(xte, yte)
    train_iter = chainer.iterators.SerialIterator(train, args.batchsize)
    test_iter = chainer.iterators.SerialIterator(test, args.batchsize, repeat=False, shuffle=False)
    updater = training.updaters.StandardUpdater(train_iter, optimizer, device=-1)
    trainer = training.Trainer(updater, (args.epoch, "epoch"), out=args.out)
    trainer.extend(extensions.Evaluator(test_iter, model, device=-1))
    trainer.extend(extensions.LogReport())
    trainer.run()
    prev = 0.0
    for entry in trainer.get_extension("LogReport").log:
        print(json.dumps({"peer": "chainer", "epoch": entry["epoch"], "seconds": entry["elapsed_time"] - prev,
                          "main/loss": entry["main/loss"],
                          "validation/main/accuracy": entry["validation/main/accuracy"]}), flush=True)
        prev = entry["elapsed_time"]


def run_torch(args, data):
    import numpy as np
    import torch
    import torch.nn as nn
    import torch.nn.functional as TF
    torch.set_num_threads(args.threads)
    xtr, ytr, xte, yte = (torch.from_numpy(np.ascontiguousarray(a)) for a in data)
    ytr, yte = ytr.long(), yte.long()
    model = nn.Sequential(nn.Linear(784, args.unit), nn.ReLU(), nn.Linear(args.unit, args.unit), nn.ReLU(),
                          nn.Linear(args.unit, 10))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3, betas=(0.9, 0.999), eps=1e-8)
    n = xtr.shape[0]
    for epoch in range(1, args.epoch + 1):
        start = time.perf_counter()
        model.train()
        order = torch.randperm(n)
        total_loss = 0.0
        for i in range(0, n, args.batchsize):
            idx = order[i:i + args.batchsize]
            loss = TF.cross_entropy(model(xtr[idx]), ytr[idx])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total_loss += loss.item()
        model.eval()
        correct = 0
        with torch.no_grad():
            for i in range(0, xte.shape[0], args.batchsize):
                correct += (model(xte[i:i + args.batchsize]).argmax(1) == yte[i:i + args.batchsize]).sum().item()
        seconds = time.perf_counter() - start
        print(json.dumps({"peer": args.label or "torch", "epoch": epoch, "seconds": seconds,
                          "main/loss": total_loss / (n // args.batchsize),
                          "validation/main/accuracy": correct / xte.shape[0]}), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", choices=["chainer", "torch"], required=True)
    parser.add_argument("--epoch", type=int, default=2)
    parser.add_argument("--unit", type=int, default=1000)
    parser.add_argument("--batchsize", type=int, default=100)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--label", default="", help="peer name printed in the JSON lines")
    parser.add_argument("--out", default="result/fashion_mnist_epoch", help="Chainer trainer output directory")
    parser.add_argument("--data", default=os.environ.get("FASHION_MNIST_DIR", "/usr/share/datasets/fashion-mnist"))
    args = parser.parse_args()
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, str(args.threads))
    data = load(args.data)
    (run_chainer if args.peer == "chainer" else run_torch)(args, data)


if __name__ == "__main__":
    sys.exit(main())
