"""PyTorch CUDA peer of `bench_cnet_bench --gpu N`: workloads A and B trained on one GPU from the shared
harness's parameters and data (CNET_PEER_BENCH_DIR, default ../shared/bench next to the repository), one step
being zero_grad, forward, cross entropy, backward, optimizer step and loss.item(), as the CPU peer's.
Usage: python3 bench/torch_gpu_peer.py [--gpu 0] [--workloads A,B] [--check] [--repeats R] [--scale F]
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
    xs = [torch.from_numpy(np.ascontiguousarray(a)).to(dev) for a in x]
    ts = [torch.from_numpy(a.astype(np.int64)).to(dev) for a in t]
    it = [0]

    def step():
        i = it[0] % cm.N_BATCHES
        it[0] += 1
        opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(model(xs[i]), ts[i])
        loss.backward()
        if adam:  # Chainer's eps placement (see the CPU peer)
            opt.param_groups[0]['eps'] = cfg['eps'] / (1 - cfg['beta2'] ** it[0]) ** 0.5
        opt.step()
        return loss.item()
    return step


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--gpu', type=int, default=0)
    p.add_argument('--workloads', default='A,B')
    p.add_argument('--check', action='store_true')
    p.add_argument('--scale', type=float, default=1.0)
    p.add_argument('--repeats', type=int, default=5)
    args = p.parse_args()
    dev = torch.device('cuda', args.gpu)
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


if __name__ == '__main__':
    main()
