#!/usr/bin/env python3
"""dp_cost_model.py — the data-parallel cost model of docs/distributed.md, as numbers.

Per synchronous step (weak scaling: every worker keeps its batch), with no overlap of the allreduce and the
backward pass (cnet's multi-node optimizer reduces after backward, as ChainerMN's communicators do):

    T_step(N)   = T_compute + T_allreduce(N)
    T_allreduce = 2 (N - 1) alpha + 2 (N - 1) / N * S / B          (ring allreduce of S gradient bytes)
    efficiency  = T_compute / T_step(N)                             (throughput(N) / (N * throughput(1)))

S comes from each model's parameter count (float32 gradients); T_compute from its training FLOPs per step
(3x the forward's multiply-adds x 2) at an assumed achieved GPU rate plus a per-step launch floor; alpha and
B per interconnect are stated below. Usage: python3 bench/dp_cost_model.py [--cpu-step-ms A_MS --cpu-allreduce-ms MS]
(the optional measured figures of workload A on this host are added as a row).
"""
import argparse

# Interconnects: (name, N workers, alpha seconds per ring hop, B bytes/s per link (NCCL bus bandwidth)).
# Multi-node rows are hierarchical (NCCL inside each 8-GPU node, then a ring over the nodes' InfiniBand
# links): the inter-node ring carries S over n_nodes, which is the slower term.
LINKS = [
    ("8 GPUs, NVLink (H100 SXM)", 8, 5e-6, 360e9),
    ("8 GPUs, PCIe 4.0 x16", 8, 10e-6, 20e9),
    ("4 nodes x 8 GPUs, IB HDR 200 Gb/s", 4, 10e-6, 25e9),
    ("16 nodes x 8 GPUs, IB HDR 200 Gb/s", 16, 10e-6, 25e9),
]
GPU_FLOPS = 10e12      # achieved fp32 rate on these small GEMMs (an H100's peak is ~60 TFLOP/s)
LAUNCH_FLOOR = 0.1e-3  # kernel launches and host work per step, whatever the FLOPs

# Models in models/ at their own default sizes: (name, parameters, training FLOPs per step, step, examples
# per step).
MODELS = [
    ("mlp / mnist_chainermn (784-1000-1000-10)", 1_796_010, 3 * 2 * 1_794_000 * 100, "batch 100", 100),
    ("convnet (32 channels)", 824_650, 3 * 9.3e6 * 100, "batch 100", 100),
    ("ptb_lm (650 units, 10k words)", 19_791_000, 3 * 26.5e6 * 20 * 35, "20 x 35 tokens", 20),
    ("seq2seq (2 x 64 units)", 135_000, 3 * 2 * 135_000 * 32 * 7, "batch 32, ~7 steps", 32),
    ("tree_rnn (32 units)", 34_000, 3 * 2 * 2_200 * 39, "one 20-leaf tree", 1),
    ("mushrooms (22-44-44-1)", 3_037, 3 * 2 * 3_000 * 100, "batch 100", 100),
]


def allreduce_s(nbytes, n, alpha, bandwidth):
    return 2 * (n - 1) * alpha + 2 * (n - 1) / n * nbytes / bandwidth


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cpu-step-ms", type=float)
    parser.add_argument("--cpu-allreduce-ms", type=float)
    args = parser.parse_args()
    short = ["8 GPU NVLink", "8 GPU PCIe", "4 nodes IB", "16 nodes IB"]
    print("| model | step | gradient MB | compute ms | " + " | ".join(f"{s}: allreduce ms, efficiency" for s in short) + " |")
    print("|---|---|---:|---:|" + "---:|" * len(LINKS))
    for name, params, flops, step, examples in MODELS:
        nbytes = 4 * params
        compute = flops / GPU_FLOPS + LAUNCH_FLOOR
        cells = []
        for _, n, alpha, bandwidth in LINKS:
            t = allreduce_s(nbytes, n, alpha, bandwidth)
            cells.append(f"{t * 1e3:.2f}, {compute / (compute + t):.2f}")
        print(f"| {name} | {step} | {nbytes / 1e6:.2f} | {compute * 1e3:.2f} | " + " | ".join(cells) + " |")
    # The per-GPU batch at which the step's compute is 9x the allreduce (90% efficiency).
    print("\n| model | per-GPU examples per step for 90% efficiency: " + " | ".join(short) + " |")
    print("|---|" + "---:|" * len(LINKS))
    for name, params, flops, step, examples in MODELS:
        per_example = flops / examples / GPU_FLOPS
        cells = []
        for _, n, alpha, bandwidth in LINKS:
            need = 9 * allreduce_s(4 * params, n, alpha, bandwidth) - LAUNCH_FLOOR
            cells.append(f"{max(1, round(need / per_example)):,}")
        print(f"| {name} | " + " | ".join(cells) + " |")
    if args.cpu_step_ms and args.cpu_allreduce_ms:
        compute = args.cpu_step_ms - args.cpu_allreduce_ms
        print(f"\nMeasured here (workload A, 2 processes on 2 cores, shared memory): compute "
              f"{compute:.2f} ms + allreduce {args.cpu_allreduce_ms:.2f} ms per step -> efficiency "
              f"{compute / args.cpu_step_ms:.2f}")


if __name__ == "__main__":
    main()
