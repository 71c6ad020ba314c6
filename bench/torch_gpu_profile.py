"""torch_gpu_profile.py — PyTorch's CUDA time per kernel over three steps of bench/torch_gpu_peer.py's R (ResNet-18,
float32 without TF32, after five warm-up steps), for comparison with `tools/ncu_summary.py` on bench_cnet_bench's
R (tools/gpu_profile.sh runs both).
Usage: python3 bench/torch_gpu_profile.py [--gpu 0] [--out FILE]     (--gpu -1: CPU time, to try it without a GPU)"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torch  # noqa: E402
from torch.profiler import ProfilerActivity, profile  # noqa: E402

import torch_gpu_peer as peer  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--gpu', type=int, default=0)
    p.add_argument('--out')
    args = p.parse_args()
    torch.backends.cudnn.allow_tf32 = False
    torch.manual_seed(0)
    on_gpu = args.gpu >= 0
    step = peer.resnet_step_fn(torch.device('cuda', args.gpu) if on_gpu else torch.device('cpu'))
    sync = torch.cuda.synchronize if on_gpu else (lambda: None)
    for _ in range(5 if on_gpu else 1):
        step()
    sync()
    with profile(activities=[ProfilerActivity.CUDA if on_gpu else ProfilerActivity.CPU]) as prof:
        for _ in range(3 if on_gpu else 1):
            step()
        sync()
    table = prof.key_averages().table(sort_by='self_cuda_time_total' if on_gpu else 'self_cpu_time_total',
                                      row_limit=50, max_name_column_width=120)
    if args.out:
        with open(args.out, 'w') as f:
            f.write(table)
    print(table)


if __name__ == '__main__':
    main()
