#!/usr/bin/env python3
"""line_directives.py — the emitted C++ carries `#line N "FILE"` before each statement, so the C++ compiler's
diagnostics name the .cnet file and line: the directive is right before the statement's own C++ line (an error
in the statement names its line, not the next). A C++ error planted after the directive of .cnet line 3 must be reported
at FILE:3 by the C++ compiler, for a plain file name and for one holding a quote, a backslash and a newline (escaped
by the one escaper, compiler/sema/cpp_names.h, so it stays a name). `--no-line-directives` gives `// FILE:N`
comments instead.

Usage: line_directives.py CNETC CXX RUNTIME_INCLUDE WORK_DIR
"""
import os
import re
import shutil
import subprocess
import sys

PROGRAM = "def main():\n    x = 1\n    print(x + 1)\n\nmain()\n"
DIRECTIVE = re.compile(r'^\s*#line (\d+) "((?:[^"\\\n]|\\.)*)"$')


def check(cnetc, cxx, include, work, name):
    source = os.path.join(work, name)
    with open(source, "w", encoding="utf-8") as f:
        f.write(PROGRAM)
    cpp = subprocess.run([cnetc, "emit", "--stage=cpp", source], capture_output=True, text=True, check=True).stdout
    lines = cpp.splitlines()
    directives = [i for i, line in enumerate(lines) if line.lstrip().startswith("#line")]
    if not directives or any(DIRECTIVE.match(lines[i]) is None for i in directives):
        return f"{name!r}: no well-formed #line directives in:\n{cpp}"
    at = next((i for i in directives if DIRECTIVE.match(lines[i]).group(1) == "3"), None)
    if at is None:
        return f"{name!r}: no #line for .cnet line 3"
    if "print" not in lines[at + 1]:  # the directive numbers the statement itself, not a line before it
        return f"{name!r}: the line after the #line for .cnet line 3 is not its statement: {lines[at + 1]!r}"
    planted = lines[:at + 1] + ['static_assert(sizeof(int) == 0, "planted");'] + lines[at + 1:]
    cc = os.path.join(work, "planted.cc")
    with open(cc, "w", encoding="utf-8") as f:
        f.write("\n".join(planted) + "\n")
    result = subprocess.run([cxx, "-std=c++17", "-fsyntax-only", "-I", include, cc], capture_output=True, text=True)
    if result.returncode == 0 or f"{name}:3:" not in result.stderr:
        return f"{name!r}: the planted error is not reported at {name}:3:\n{result.stderr[-2000:]}"
    plain = subprocess.run([cnetc, "emit", "--stage=cpp", "--no-line-directives", source], capture_output=True,
                           text=True, check=True).stdout
    if "#line" in plain or "// " not in plain:
        return f"{name!r}: --no-line-directives still emits #line"
    return None


def main():
    cnetc, cxx, include, work = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    failures = [f for f in (check(cnetc, cxx, include, work, n) for n in ("prog.cnet", 'odd "na\\me\n#x.cnet')) if f]
    for failure in failures:
        print(failure)
    if not failures:
        print("C++ errors point at the .cnet line, for plain and hostile file names")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
