# multiprocess_parallel_updater_reference.py — what multiprocess_parallel_updater.cnet must print, computed the
# way one process would train: StandardUpdater with MomentumSGD(lr=0.2) on batches of 8 that are the two halves'
# batches of 4 put together (rows 0-3 and 8-11, then 4-7 and 12-15). Run under CPython with Chainer 7.8.1 to
# regenerate multiprocess_parallel_updater.expected (Chainer's MultiprocessParallelUpdater needs GPUs and NCCL).
import numpy as np
import chainer
import chainer.links as L
from chainer import training


def main():
    X = (np.arange(48, dtype=np.float32).reshape(16, 3) % 7) / 7.0 - 0.5
    Y = (X.sum(axis=1) > -0.2).astype(np.int32)
    order = [0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15]
    data = chainer.datasets.TupleDataset(X[order], Y[order])
    W0 = (np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5) / 5.0
    linear = L.Linear(3, 2, initialW=W0)
    model = L.Classifier(linear)
    optimizer = chainer.optimizers.MomentumSGD(lr=0.2)
    optimizer.setup(model)
    updater = training.updaters.StandardUpdater(chainer.iterators.SerialIterator(data, 8, shuffle=False), optimizer)
    trainer = training.Trainer(updater, (3, 'epoch'), out='multiprocess_parallel_updater_out')
    trainer.run()
    print('iteration', updater.iteration, 'epoch', updater.epoch)
    W = linear.W.array
    b = linear.b.array
    for i in range(2):
        print('W[{}] {:.4f} {:.4f} {:.4f}  b[{}] {:.4f}'.format(i, float(W[i, 0]), float(W[i, 1]), float(W[i, 2]),
                                                                i, float(b[i])))


if __name__ == '__main__':
    main()
