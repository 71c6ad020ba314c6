#!/usr/bin/env python3
"""macro_names.py — every macro the runtime's headers (and the standard headers they include) define, used as a
.cnet variable and as a .cnet function name, must build and run as in CPython: no user name may be spelled as a
macro in the generated C++ (Note [Hygienic names] in compiler/sema/cpp_names.h). The macro list comes from the
C++ compiler itself (-dM), so a macro added to a header later is tested too.

Usage: macro_names.py CNETC CXX RUNTIME_INCLUDE_DIR WORK_DIR
"""
import glob
import keyword
import os
import re
import subprocess
import sys


def macros(cxx, include_dir, work):
    headers = sorted(os.path.relpath(h, include_dir) for h in glob.glob(os.path.join(include_dir, "cnet", "**", "*.h"),
                                                                      recursive=True))
    source = os.path.join(work, "all_headers.cc")
    with open(source, "w") as f:
        for h in headers:
            if "/cuda/" not in h:
                f.write(f'#include "{h}"\n')
        for h in ("cstdint", "iostream", "memory", "string", "vector", "cmath", "cstdlib", "cstdio", "cassert"):
            f.write(f"#include <{h}>\n")
    out = subprocess.run([cxx, "-std=c++17", "-dM", "-E", "-I", include_dir, source], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{cxx} -dM failed:\n{out.stderr[-2000:]}")
    names = set()
    for line in out.stdout.splitlines():
        m = re.match(r"#define ([A-Za-z_][A-Za-z0-9_]*)", line)
        # __x and _X are reserved to the implementation: no user name maps to such a spelling anyway.
        if m and not m.group(1).startswith("__") and not re.match(r"_[A-Z]", m.group(1)):
            names.add(m.group(1))
    return sorted(n for n in names if not keyword.iskeyword(n))


def main():
    cnetc, cxx, include_dir, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    names = macros(cxx, include_dir, work)
    lines = [f"# {len(names)} macros of the runtime's headers as names", ""]
    for n in names:
        lines += [f"def {n}() -> int:", "    return 1", ""]
    lines += ["def locals_named_like_macros() -> int:", "    total = 0"]
    for n in names:
        lines += [f"    {n} = 2", f"    total += {n}"]
    lines += ["    return total", "", "def main():", "    total = 0"]
    for n in names:
        lines.append(f"    total += {n}()")
    lines += ["    print(total, locals_named_like_macros())", "", "main()", ""]
    source = os.path.join(work, "macro_names.cnet")
    with open(source, "w") as f:
        f.write("\n".join(lines))
    expected = f"{len(names)} {2 * len(names)}\n"
    python = subprocess.run([sys.executable, source], capture_output=True, text=True)
    if python.stdout != expected:
        print(f"CPython printed {python.stdout!r}, expected {expected!r}\n{python.stderr[-1000:]}")
        return 1
    exe = os.path.join(work, "macro_names")
    build = subprocess.run([cnetc, "build", source, "-o", exe], capture_output=True, text=True)
    if build.returncode != 0:
        print(f"cnetc build failed ({build.returncode}):\n{build.stderr[-3000:]}")
        return 1
    run = subprocess.run([exe], capture_output=True, text=True)
    if run.stdout != expected:
        print(f"the program printed {run.stdout!r}, expected {expected!r}\n{run.stderr[-1000:]}")
        return 1
    print(f"{len(names)} macro names used as functions and variables: built, same output as CPython")
    return 0


if __name__ == "__main__":
    sys.exit(main())
