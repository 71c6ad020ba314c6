"""PyTorch CUDA peer of `bench_cnet_bench --gpu N`: workloads A and B trained on one GPU from the shared
harness's parameters and data (CNET_PEER_BENCH_DIR, default ../shared/bench next to the repository), one step
being zero_grad, forward, cross entropy, backward, optimizer step and loss.item(), as the CPU peer's; and R,
bench_cnet_bench's ResNet-18 (its parameters and data from the same generator), in full float32 as cnet computes
it ("R_resnet": torch.backends.cudnn.allow_tf32 = False) and with PyTorch's default TF32 convolutions
("R_resnet_tf32", for reference).
Usage: python3 bench/torch_gpu_peer.py [--gpu 0] [--workloads A,B,R] [--check] [--repeats R] [--scale F]
       (--gpu -1: on the CPU, to check R's losses against bench_cnet_bench's on a machine without a GPU)
Prints one JSON line per workload (the harness's report format, with "device")."""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get('CNET_PEER_BENCH_DIR', os.path.join(HERE, '..', '..', 'shared', 'bench')))
import common as cm  # noqa: E402

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402


def classifier_step_fn(model, opt, x, t, dev, before_update=None):
    """One training step of `model` on the next of the batches x, t (cycled): zero_grad, forward, cross entropy,
    backward, before_update(step count) if given, optimizer step; returns the loss."""
    xs = [torch.from_numpy(np.ascontiguousarray(a)).to(dev) for a in x]
    ts = [torch.from_numpy(a.astype(np.int64)).to(dev) for a in t]
    it = [0]

    def step():
        i = it[0] % cm.N_BATCHES
        it[0] += 1
        opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(model(xs[i]), ts[i])
        loss.backward()
        if before_update is not None:
            before_update(it[0])
        opt.step()
        return loss.item()
    return step


def mlp_step_fn(cfg, dev):
    layers = []
    ps = cm.mlp_params(cfg['units'])
    for i, (W, b) in enumerate(ps):
        lin = nn.Linear(W.shape[1], W.shape[0])
        with torch.no_grad():
            lin.weight.copy_(torch.from_numpy(np.ascontiguousarray(W)))
            lin.bias.copy_(torch.from_numpy(np.ascontiguousarray(b)))
        layers.append(lin)
        if i < len(ps) - 1:
            layers.append(nn.ReLU())
    model = nn.Sequential(*layers).to(dev)
    adam = cfg['optimizer'] == 'adam'
    if adam:
        opt = torch.optim.Adam(model.parameters(), lr=cfg['alpha'], betas=(cfg['beta1'], cfg['beta2']), eps=cfg['eps'])
    else:
        opt = torch.optim.SGD(model.parameters(), lr=cfg['lr'], momentum=cfg['momentum'])
    x, t = cm.mlp_data(cfg['units'], cfg['batch'])

    def chainer_eps(step_count):  # Chainer's eps placement (see the CPU peer)
        opt.param_groups[0]['eps'] = cfg['eps'] / (1 - cfg['beta2'] ** step_count) ** 0.5
    return classifier_step_fn(model, opt, x, t, dev, chainer_eps if adam else None)


RESNET_BATCH = 128


class BasicBlock(nn.Module):
    """bench_cnet_bench's BasicBlock: conv-BN-ReLU-conv-BN plus the input (a 1x1 projection where the shape
    changes), then ReLU; BatchNormalization with Chainer's eps and decay."""

    def __init__(self, cin, cout, stride, conv):
        super().__init__()
        self.c1, self.b1 = conv(cin, cout, 3, stride), bn(cout)
        self.c2, self.b2 = conv(cout, cout, 3, 1), bn(cout)
        self.proj = None
        if stride != 1 or cin != cout:
            self.proj = nn.Sequential(conv(cin, cout, 1, stride), bn(cout))

    def forward(self, x):
        h = self.b2(self.c2(F.relu(self.b1(self.c1(x)))))
        return F.relu(h + (self.proj(x) if self.proj is not None else x))


def bn(c):
    return nn.BatchNorm2d(c, eps=2e-5, momentum=0.1)  # Chainer: eps 2e-5, decay 0.9


def resnet_step_fn(dev):
    stream = [500]

    def conv(cin, cout, k, stride):  # weights from streams 500, 501, ... in construction order
        c = nn.Conv2d(cin, cout, k, stride, k // 2, bias=False)
        with torch.no_grad():
            c.weight.copy_(torch.from_numpy(cm.param(stream[0], (cout, cin, k, k), cin * k * k)))
        stream[0] += 1
        return c

    layers = [conv(3, 64, 3, 1), bn(64), nn.ReLU()]
    cin = 64
    for stage in range(4):
        cout = 64 << stage
        for b in range(2):
            layers.append(BasicBlock(cin, cout, 2 if stage > 0 and b == 0 else 1, conv))
            cin = cout
    fc = nn.Linear(512, 10)
    with torch.no_grad():
        fc.weight.copy_(torch.from_numpy(cm.param(stream[0], (10, 512), 512)))
        fc.bias.zero_()
    layers += [nn.AvgPool2d(4), nn.Flatten(), fc]
    model = nn.Sequential(*layers).to(dev)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    n = RESNET_BATCH * 3 * 32 * 32
    x = cm.uniform01(600, cm.N_BATCHES * n).astype(np.float32).reshape(cm.N_BATCHES, RESNET_BATCH, 3, 32, 32)
    t = cm.ints(601, cm.N_BATCHES * RESNET_BATCH, 10).reshape(cm.N_BATCHES, RESNET_BATCH)
    return classifier_step_fn(model, opt, x, t, dev)


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--gpu', type=int, default=0)
    p.add_argument('--workloads', default='A,B')
    p.add_argument('--check', action='store_true')
    p.add_argument('--scale', type=float, default=1.0)
    p.add_argument('--repeats', type=int, default=5)
    args = p.parse_args()
    dev = torch.device('cuda', args.gpu) if args.gpu >= 0 else torch.device('cpu')
    want = set(args.workloads.split(','))
    # Warm-up and iteration counts of bench_cnet_bench (A: 3 and 10, B: 20 and 100), times 10 on a GPU.
    for key, cfg, warm, iters in (('A', cm.A, 30, 100), ('B', cm.B, 200, 1000)):
        if key not in want and cfg['name'] not in want:
            continue
        torch.manual_seed(0)
        step = mlp_step_fn(cfg, dev)
        if args.check:
            cm.emit(peer='torch', workload=cfg['name'], device=str(dev), check=[step() for _ in range(5)])
            continue
        per = cm.time_it(step, warm, max(1, int(iters * args.scale)), args.repeats)
        cm.report('torch', cfg['name'], 0, per, cfg['batch'], device=str(dev))
    if 'R' in want or 'R_resnet' in want:
        # bench_cnet_bench's counts for R: 5 and 20 on a GPU, 1 and 2 on the CPU.
        warm, iters = (5, 20) if args.gpu >= 0 else (1, 2)
        for name, tf32 in (('R_resnet', False), ('R_resnet_tf32', True)):
            torch.backends.cudnn.allow_tf32 = tf32
            torch.manual_seed(0)
            step = resnet_step_fn(dev)
            if args.check:
                cm.emit(peer='torch', workload=name, device=str(dev), check=[step() for _ in range(5)])
                continue
            per = cm.time_it(step, warm, max(1, int(iters * args.scale)), args.repeats)
            cm.report('torch', name, 0, per, RESNET_BATCH, device=str(dev))


if __name__ == '__main__':
    main()
