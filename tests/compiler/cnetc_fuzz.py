#!/usr/bin/env python3
"""cnetc_fuzz.py — the whole compiler (front end, sema, codegen) on mutated programs: `cnetc emit --stage=cpp`
must answer every input with exit code 0 (accepted) or 1 (diagnosed), never crash (signal), report an internal
error (3) or hang. A sample of the accepted programs is also built with `cnetc build` (an accepted program the
C++ compiler rejects is an internal compiler error) and run briefly (it may fail with a message, never crash).
Deterministic: a fixed seed over the repository's .cnet programs.

Usage: cnetc_fuzz.py CNETC REPO_DIR WORK_DIR [COUNT] [SEED] [BUILD] [JOBS]
  BUILD: how many accepted programs to build, spread over the run (default 8; "all" builds every one).
  JOBS: how many inputs at a time (default 1); the mutants and which of them are built do not depend on it.
"""
import concurrent.futures
import glob
import hashlib
import os
import random
import shutil
import subprocess
import sys
import time

TOKENS = ["(", ")", ":", ",", ".", "self", "x", "F.relu", "None", "1", "'s'", "[", "]", "=", "+", "return", "def",
          "class", "\n", "    ", "for", "in", "if", "not", "lambda", "**", "@", "yield", "L.Linear(3)", "super()"]


def mutate(text, rng):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        op, i = rng.random(), rng.randrange(len(lines))
        if op < 0.3 and lines[i]:
            j = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:j] + rng.choice(TOKENS) + lines[i][j:]
        elif op < 0.5 and lines[i]:
            j = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:j] + lines[i][min(len(lines[i]), j + rng.randint(1, 6)):]
        elif op < 0.7:
            lines.insert(i, rng.choice(lines))
        elif op < 0.85 and len(lines) > 1:
            del lines[i]
        else:
            words = rng.choice(lines).split()
            if words:
                lines[i] = lines[i].replace(rng.choice(words), rng.choice(words + TOKENS), 1)
    return "\n".join(lines)


def build_and_run(cnetc, path, work, index):
    """Builds an accepted program and runs it for a moment; returns a failure message or None."""
    exe = os.path.join(work, f"program_{index}")
    try:
        r = subprocess.run([cnetc, "build", path, "-o", exe], capture_output=True, timeout=300)
    except subprocess.TimeoutExpired:
        return "cnetc build timed out"
    if r.returncode != 0:
        return f"cnetc build exited {r.returncode} (internal compiler error)\n" + r.stderr.decode(errors="replace")[-800:]
    try:
        # Models train for minutes and want data files: a moment's run, any exit status but a signal.
        run = subprocess.run([exe, "--epoch", "1"] if b"--epoch" in open(path, "rb").read() else [exe],
                             capture_output=True, timeout=5, cwd=work)
        if run.returncode < 0:
            return f"the built program crashed (signal {-run.returncode})\n" + run.stderr.decode(errors="replace")[-500:]
    except subprocess.TimeoutExpired:
        pass
    finally:
        shutil.rmtree(exe + ".cnet-build", ignore_errors=True)
        shutil.rmtree(os.path.splitext(path)[0] + ".cnet-build", ignore_errors=True)
        if os.path.exists(exe):
            os.remove(exe)
    return None


def emit(cnetc, text, work, index):
    """Writes mutant `index` into its own directory and runs `cnetc emit`; returns (exit code or "timeout", stderr,
    hash of the C++)."""
    os.makedirs(os.path.join(work, f"input_{index}"), exist_ok=True)
    path = os.path.join(work, f"input_{index}", "fuzz.cnet")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    try:
        r = subprocess.run([cnetc, "emit", "--stage=cpp", path], capture_output=True, timeout=20)
        return r.returncode, r.stderr.decode(errors="replace")[-500:], hashlib.sha256(r.stdout).hexdigest()
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def main():
    cnetc, repo, work = sys.argv[1:4]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 400
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 20261121)
    build_arg = sys.argv[6] if len(sys.argv) > 6 else "8"
    jobs = int(sys.argv[7]) if len(sys.argv) > 7 else 1
    # Build every accepted program up to the quota, spaced out: about count/5 mutants are accepted.
    build_every = 1 if build_arg == "all" else max(1, count // (5 * max(1, int(build_arg))))
    build_quota = count if build_arg == "all" else int(build_arg)
    sources = sorted(glob.glob(os.path.join(repo, "models", "*.cnet")) +
                     glob.glob(os.path.join(repo, "tests", "e2e", "*.cnet")) +
                     glob.glob(os.path.join(repo, "tests", "compiler", "codegen", "**", "*.cnet"), recursive=True))
    corpus = [open(path, encoding="utf-8").read() for path in sources]
    os.makedirs(work, exist_ok=True)
    started = time.monotonic()
    # The mutants first (the random sequence alone decides them), then emit and build them, `jobs` at a time.
    texts = [mutate(rng.choice(corpus), rng) for _ in range(count)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        codes = list(pool.map(lambda i: emit(cnetc, texts[i], work, i), range(count)))
        accepted_inputs = [i for i, (code, _, _) in enumerate(codes) if code == 0]
        # Which accepted programs are built depends only on their order (as in a sequential run).
        to_build = [i for n, i in enumerate(accepted_inputs) if n % build_every == 0][:build_quota]
        # Mutants that differ only where the C++ does not (a comment, a docstring) build and run alike: one of
        # each distinct C++ program is built and run, and its result stands for all of them.
        first_of = {}
        for i in to_build:
            first_of.setdefault(codes[i][2], i)
        distinct = sorted(first_of.values())
        print(f"{count} mutants emitted in {time.monotonic() - started:.0f} s: {len(accepted_inputs)} accepted, "
              f"building {len(to_build)} ({len(distinct)} distinct C++ programs)", flush=True)
        done = []

        def build(i):
            problem = build_and_run(cnetc, os.path.join(work, f"input_{i}", "fuzz.cnet"),
                                    os.path.join(work, f"input_{i}"), i)
            done.append(problem)
            if problem is not None:  # as soon as it is known: a long run can be watched
                print(f"found: input {i}: {problem.splitlines()[0]}", flush=True)
            if len(done) % 10 == 0:
                print(f"progress: {len(done)}/{len(distinct)} built, {sum(p is not None for p in done)} failed, "
                      f"{time.monotonic() - started:.0f} s", flush=True)
            return problem

        built = dict(zip(distinct, pool.map(build, distinct)))
        problems = {i: built[first_of[codes[i][2]]] for i in to_build}
    failures = ices = crashes = 0
    for i, (code, tail, _) in enumerate(codes):
        problem = problems.get(i)
        if code not in (0, 1):
            problem = f"cnetc emit exit {code}\n{tail}"
        if problem is not None:
            failures += 1
            ices += "internal compiler error" in problem
            crashes += "crashed" in problem
            kept = os.path.join(work, f"failure_{failures}.cnet")
            with open(kept, "w", encoding="utf-8") as f:
                f.write(texts[i])
            print(f"FAIL: input {i} (kept as {kept}): {problem}")
        shutil.rmtree(os.path.join(work, f"input_{i}"), ignore_errors=True)
    front_end = failures - len([i for i in to_build if problems[i] is not None])
    print(f"{count} mutated programs: {len(accepted_inputs)} accepted, {count - len(accepted_inputs) - front_end} "
          f"diagnosed, {front_end} front-end failures; {len(to_build)} accepted programs built "
          f"({len(distinct)} distinct C++ programs compiled and run): {ices} did not compile (internal compiler "
          f"error), {crashes} crashed when run; {time.monotonic() - started:.0f} s with {jobs} job(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
