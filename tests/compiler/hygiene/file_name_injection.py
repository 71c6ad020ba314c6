#!/usr/bin/env python3
"""file_name_injection.py — a .cnet file whose name holds a newline and C++ (`#include <cstdlib>` and a call of
std::system) must build into a harmless program: the name appears in the generated C++ only escaped (inside
comments and string literals), never as a line of its own, and the built program runs nothing but the .cnet code.

Usage: file_name_injection.py CNETC WORK_DIR
"""
import os
import shutil
import subprocess
import sys

# Written unescaped into `// <file>:<line>` comments, this would run a shell command at start-up: the guard makes
# every copy after the first (one per statement marker) vanish, and the last line swallows the rest of the comment.
PAYLOAD = ("\n#ifndef CNET_INJECTED\n#define CNET_INJECTED\n#include <cstdlib>\n"
           "static int injected = std::system(\"echo INJECTED > injected.txt\");\n#endif\n#define CNET_REST \\\" ")
PROGRAM = "def main():\n    print('hello', 6 * 7)\n\nmain()\n"


def main():
    cnetc, work = sys.argv[1:3]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    source = os.path.join(work, "evil" + PAYLOAD + ".cnet")
    with open(source, "w", encoding="utf-8") as f:
        f.write(PROGRAM)
    cpp = subprocess.run([cnetc, "emit", "--stage=cpp", source], capture_output=True, text=True)
    if cpp.returncode != 0:
        print(f"cnetc emit failed ({cpp.returncode}):\n{cpp.stderr}")
        return 1
    for line in cpp.stdout.splitlines():
        stripped = line.strip()
        if stripped.startswith("#include <cstdlib>") or stripped.startswith("static int injected"):
            print(f"the file name became code: {line!r}")
            return 1
    exe = os.path.join(work, "program")
    build = subprocess.run([cnetc, "build", source, "-o", exe], capture_output=True, text=True)
    if build.returncode != 0:
        print(f"cnetc build failed ({build.returncode}):\n{build.stdout}{build.stderr}")
        return 1
    run = subprocess.run([exe], capture_output=True, text=True, cwd=work)
    if run.returncode != 0 or run.stdout != "hello 42\n":
        print(f"the program printed {run.stdout!r} (exit {run.returncode}), expected 'hello 42\\n'\n{run.stderr}")
        return 1
    if os.path.exists(os.path.join(work, "injected.txt")):
        print("the injected std::system call ran")
        return 1
    print("file name with a newline and C++ in it: escaped, built, ran harmlessly")
    return 0


if __name__ == "__main__":
    sys.exit(main())
