#!/usr/bin/env python3
"""compile_time.py — CPU time of `cnetc build` (cnetc, the C++ compiler and the linker together), with and without
the precompiled runtime API (Note [Program PCH] in cmake/CnetProgramPch.cmake). One JSON line per figure.

Cases, each in a fresh copy of the model under a temporary directory, with ccache off unless said:
  cold        the first build of the program (nothing built for it yet)
  warm        the rebuild after an edit (a line inserted at the top: every statement moves, the C++ changes)
  ccache-hit  the rebuild with ccache on (as configured for cnetc) after deleting the executable; the C++ is
              unchanged, so the compile is a cache hit where a launcher is configured (the link still runs)

Variants: no-pch (`cnetc build --no-pch`), pch (the default build), as-is (no flag: for a cnetc that predates the
PCH, e.g. the "before" figure of docs/performance.md).

Usage: bench/compile_time.py [--cnetc build/compiler/cnetc] [--repeats 3] [--variants no-pch,pch] [MODEL.cnet ...]
       (default models: models/mlp.cnet models/convnet.cnet)
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def timed_build(cnetc, source, output, variant, ccache):
    env = dict(os.environ)
    if not ccache:
        env["CCACHE_DISABLE"] = "1"
    command = [cnetc, "build", source, "-o", output] + (["--no-pch"] if variant == "no-pch" else [])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def one_round(cnetc, model, variant, work):
    """Returns {case: (cpu, wall)} for one fresh copy of `model`."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    source = os.path.join(work, os.path.basename(model))
    shutil.copyfile(model, source)
    exe = os.path.join(work, "program")
    figures = {"cold": timed_build(cnetc, source, exe, variant, ccache=False)}
    with open(model, encoding="utf-8") as f:
        text = f.read()
    with open(source, "w", encoding="utf-8") as f:
        f.write("# edited\n" + text)
    figures["warm"] = timed_build(cnetc, source, exe, variant, ccache=False)
    os.remove(exe)  # else cnetc finds the program up to date and compiles nothing
    timed_build(cnetc, source, exe, variant, ccache=True)  # fills the cache for this C++
    os.remove(exe)
    figures["ccache-hit"] = timed_build(cnetc, source, exe, variant, ccache=True)
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cnetc", default="build/compiler/cnetc")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--variants", default="no-pch,pch")
    parser.add_argument("models", nargs="*", default=["models/mlp.cnet", "models/convnet.cnet"])
    args = parser.parse_args()
    cnetc = os.path.abspath(args.cnetc)
    with tempfile.TemporaryDirectory(prefix="cnet-compile-time-") as tmp:
        for model in args.models:
            name = os.path.splitext(os.path.basename(model))[0]
            for variant in args.variants.split(","):
                rounds = [one_round(cnetc, model, variant, os.path.join(tmp, name)) for _ in range(args.repeats)]
                for case in rounds[0]:
                    cpu = [r[case][0] for r in rounds]
                    wall = [r[case][1] for r in rounds]
                    print(json.dumps({"model": name, "variant": variant, "case": case, "metric": "cpu_s",
                                      "value": round(statistics.median(cpu), 3), "best": round(min(cpu), 3),
                                      "worst": round(max(cpu), 3), "wall_s": round(statistics.median(wall), 3),
                                      "repeats": args.repeats}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
