#!/usr/bin/env python3
"""models_golden.py — golden files for every program in models/: the C++ (`cnetc emit --stage=cpp`) and the bound IR
(`cnetc emit --stage=ir`) of models/NAME.cnet must equal tests/compiler/codegen/models/NAME.cc.golden and NAME.ir.golden
byte for byte. A difference fails with a unified diff; when the change is intended, regenerate every golden file of
the repository with tools/update_goldens.sh and review the diff like code.

Usage: models_golden.py CNETC REPO [--update]
"""
import difflib
import os
import subprocess
import sys

STAGES = (("cpp", ".cc.golden"), ("ir", ".ir.golden"))
MAX_DIFF_LINES = 120


def main():
    cnetc, repo = os.path.abspath(sys.argv[1]), sys.argv[2]
    update = "--update" in sys.argv[3:]
    golden_dir = os.path.join(repo, "tests", "compiler", "codegen", "models")
    models = sorted(f[:-5] for f in os.listdir(os.path.join(repo, "models")) if f.endswith(".cnet"))
    failures = []
    expected_files = set()
    for model in models:
        for stage, suffix in STAGES:
            golden = os.path.join(golden_dir, model + suffix)
            expected_files.add(model + suffix)
            # Run from the repository with a relative path, so nothing of this machine's layout is in the output.
            result = subprocess.run([cnetc, "emit", "--stage=" + stage, os.path.join("models", model + ".cnet")],
                                    cwd=repo, capture_output=True, text=True)
            if result.returncode != 0:
                failures.append(f"cnetc emit --stage={stage} models/{model}.cnet failed ({result.returncode}):\n"
                                f"{result.stderr}")
                continue
            if update:
                os.makedirs(golden_dir, exist_ok=True)
                with open(golden, "w", encoding="utf-8") as f:
                    f.write(result.stdout)
                continue
            if not os.path.exists(golden):
                failures.append(f"missing golden file tests/compiler/codegen/models/{model}{suffix}")
                continue
            with open(golden, encoding="utf-8") as f:
                want = f.read()
            if want != result.stdout:
                diff = list(difflib.unified_diff(want.splitlines(), result.stdout.splitlines(),
                                                 f"golden/{model}{suffix}", f"cnetc emit --stage={stage}", lineterm=""))
                shown = diff[:MAX_DIFF_LINES]
                if len(diff) > MAX_DIFF_LINES:
                    shown.append(f"... ({len(diff) - MAX_DIFF_LINES} more diff lines)")
                failures.append(f"models/{model}.cnet: --stage={stage} differs from its golden file:\n" + "\n".join(shown))
    stale = sorted(set(os.listdir(golden_dir)) - expected_files) if os.path.isdir(golden_dir) else []
    for name in stale:
        if update:
            os.remove(os.path.join(golden_dir, name))
        else:
            failures.append(f"tests/compiler/codegen/models/{name} belongs to no program in models/")
    if update:
        print(f"wrote the golden files of {len(models)} models")
        return 0
    for failure in failures:
        print(failure + "\n")
    if failures:
        print("If the new output is intended, regenerate all golden files with tools/update_goldens.sh and review "
              "the diff (git diff tests/).")
        return 1
    print(f"{len(models)} models: C++ and IR match their golden files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
