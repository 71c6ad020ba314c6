#!/usr/bin/env python3
"""cnetc_fuzz.py — the whole compiler (front end, sema, codegen) on mutated programs: `cnetc emit --stage=cpp`
must answer every input with exit code 0 (accepted) or 1 (diagnosed), never crash (signal), report an internal
error (3) or hang. A sample of the accepted programs is also built with `cnetc build` (an accepted program the
C++ compiler rejects is an internal compiler error) and run briefly (it may fail with a message, never crash).
Deterministic: a fixed seed over the repository's .cnet programs.

Usage: cnetc_fuzz.py CNETC REPO_DIR WORK_DIR [COUNT] [SEED] [BUILD]
  BUILD: how many accepted programs to build, spread over the run (default 8; "all" builds every one).
"""
import glob
import os
import random
import shutil
import subprocess
import sys

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


def main():
    cnetc, repo, work = sys.argv[1:4]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 400
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 20261121)
    build_arg = sys.argv[6] if len(sys.argv) > 6 else "8"
    # Build every accepted program up to the quota, spaced out: about count/5 mutants are accepted.
    build_every = 1 if build_arg == "all" else max(1, count // (5 * max(1, int(build_arg))))
    build_quota = count if build_arg == "all" else int(build_arg)
    sources = sorted(glob.glob(os.path.join(repo, "models", "*.cnet")) +
                     glob.glob(os.path.join(repo, "tests", "e2e", "*.cnet")) +
                     glob.glob(os.path.join(repo, "tests", "compiler", "codegen", "**", "*.cnet"), recursive=True))
    corpus = [open(path, encoding="utf-8").read() for path in sources]
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, "fuzz.cnet")
    accepted = failures = built = build_failures = 0
    for i in range(count):
        text = mutate(rng.choice(corpus), rng)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            r = subprocess.run([cnetc, "emit", "--stage=cpp", path], capture_output=True, timeout=20)
            code = r.returncode
        except subprocess.TimeoutExpired:
            code, r = "timeout", None
        if code == 0:
            accepted += 1
            if built < build_quota and (accepted - 1) % build_every == 0:
                built += 1
                problem = build_and_run(cnetc, path, work, i)
                if problem is not None:
                    build_failures += 1
                    failures += 1
                    kept = os.path.join(work, f"build_failure_{build_failures}.cnet")
                    with open(kept, "w", encoding="utf-8") as f:
                        f.write(text)
                    print(f"FAIL: input {i} (kept as {kept}): {problem}")
        if code not in (0, 1):
            failures += 1
            kept = os.path.join(work, f"failure_{failures}.cnet")
            with open(kept, "w", encoding="utf-8") as f:
                f.write(text)
            tail = r.stderr.decode(errors="replace")[-500:] if r is not None else ""
            print(f"FAIL: input {i} (kept as {kept}): exit {code}\n{tail}")
    print(f"{count} mutated programs: {accepted} accepted, {count - accepted - (failures - build_failures)} diagnosed, "
          f"{failures - build_failures} front-end failures; {built} accepted programs built, {build_failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
