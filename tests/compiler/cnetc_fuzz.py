#!/usr/bin/env python3
"""cnetc_fuzz.py — the whole compiler (front end, sema, codegen) on mutated programs: `cnetc emit --stage=cpp`
must answer every input with exit code 0 (accepted) or 1 (diagnosed), never crash (signal), report an internal
error (3) or hang. Deterministic: a fixed seed over the repository's .cnet programs.

Usage: cnetc_fuzz.py CNETC REPO_DIR WORK_DIR [COUNT] [SEED]
"""
import glob
import os
import random
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


def main():
    cnetc, repo, work = sys.argv[1:4]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 400
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 20261121)
    sources = sorted(glob.glob(os.path.join(repo, "models", "*.cnet")) +
                     glob.glob(os.path.join(repo, "tests", "e2e", "*.cnet")) +
                     glob.glob(os.path.join(repo, "tests", "compiler", "codegen", "**", "*.cnet"), recursive=True))
    corpus = [open(path, encoding="utf-8").read() for path in sources]
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, "fuzz.cnet")
    accepted = failures = 0
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
        if code not in (0, 1):
            failures += 1
            kept = os.path.join(work, f"failure_{failures}.cnet")
            with open(kept, "w", encoding="utf-8") as f:
                f.write(text)
            tail = r.stderr.decode(errors="replace")[-500:] if r is not None else ""
            print(f"FAIL: input {i} (kept as {kept}): exit {code}\n{tail}")
    print(f"{count} mutated programs: {accepted} accepted, {count - accepted - failures} diagnosed, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
