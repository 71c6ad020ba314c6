#!/usr/bin/env python3
"""run_python_case.py — one Python-semantics case: SOURCE is run by CPython and built and run by cnet; the
outputs (stdout and exit status) must be identical. The expected output is CPython's, computed at test time.

Usage: run_python_case.py CNETC SOURCE WORK_DIR
"""
import os
import subprocess
import sys


def main():
    cnetc, source, work = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    os.makedirs(work, exist_ok=True)
    python = subprocess.run([sys.executable, source], capture_output=True, text=True, cwd=work)
    exe = os.path.join(work, os.path.splitext(os.path.basename(source))[0])
    build = subprocess.run([cnetc, "build", source, "-o", exe], capture_output=True, text=True)
    if build.returncode != 0:
        print(f"cnetc build {source} failed ({build.returncode}):\n{build.stdout}{build.stderr}")
        return 1
    cnet = subprocess.run([exe], capture_output=True, text=True, cwd=work)
    if (cnet.stdout, cnet.returncode) != (python.stdout, python.returncode):
        print(f"{source}: cnet and CPython differ\n--- cnet (exit {cnet.returncode})\n{cnet.stdout}{cnet.stderr}"
              f"--- CPython (exit {python.returncode})\n{python.stdout}{python.stderr}")
        return 1
    print(f"{source}: same output as CPython ({len(python.stdout.splitlines())} lines)")
    os.remove(exe)  # a passing case's program is not needed; sanitized builds are ~100 MB each (a failing one stays)
    return 0


if __name__ == "__main__":
    sys.exit(main())
