#!/usr/bin/env python3
"""differential.py — random programs from a small grammar of the Python subset .cnet shares with Python (ints,
floats, strings, lists, if/for/while, functions, print) run under CPython and built and run by cnet; their
outputs must be identical. Deterministic for a seed; failing programs are kept in WORK_DIR.

Usage: differential.py CNETC WORK_DIR [COUNT] [SEED]
"""
import os
import random
import shutil
import subprocess
import sys

# Ints stay far below 2**63 (cnet's int is int64_t): every stored int is reduced modulo M.
M = 100003


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.functions = []  # (name, [param types], return type)
        self.names = 0  # variables are numbered program-wide: one name, one type (cnet's locals are typed)

    def pick(self, *options):
        return self.rng.choice(options)

    # ---- expressions of a type, over the variables in scope (name -> type)
    def expr(self, t, env, depth=0):
        names = [n for n, nt in env.items() if nt == t]
        leaf = depth >= 2 or self.rng.random() < 0.3
        if t == "int":
            if leaf:
                return self.pick(*names) if names and self.rng.random() < 0.6 else str(self.rng.randint(-20, 20))
            a, b = self.expr("int", env, depth + 1), self.expr("int", env, depth + 1)
            choice = self.rng.randrange(10)
            if choice < 3:
                return f"({a} {self.pick('+', '-', '*')} {b})"
            if choice < 5:
                return f"({a} {self.pick('//', '%')} {self.pick('3', '-4', '7', '(abs(' + b + ') + 1)')})"
            if choice == 5:
                return f"len({self.expr('str', env, depth + 1)})"
            if choice == 6:
                return f"len({self.expr('list', env, depth + 1)})"
            if choice == 7:
                return f"{self.pick('min', 'max')}({a}, {b})"
            if choice == 8 and any(nt == "list" for nt in env.values()):
                xs = self.pick(*[n for n, nt in env.items() if nt == "list"])
                return f"({xs}[{a} % len({xs})] if len({xs}) > 0 else {b})"
            return self.call("int", env, depth) or f"(-{a})"
        if t == "float":
            if leaf:
                if names and self.rng.random() < 0.6:
                    return self.pick(*names)
                return self.pick("0.5", "1.25", "-2.0", "3.0", "0.1", "1e-3", "2.5e2")
            a, b = self.expr("float", env, depth + 1), self.expr("float", env, depth + 1)
            choice = self.rng.randrange(7)
            if choice < 3:
                return f"({a} {self.pick('+', '-', '*')} {b})"
            if choice == 3:
                return f"({a} / {self.pick('2.0', '-0.5', '(abs(' + b + ') + 1.0)')})"
            if choice == 4:
                return f"({a} {self.pick('//', '%')} {self.pick('1.5', '-2.0')})"
            if choice == 5:
                return f"({self.expr('int', env, depth + 1)} / {self.pick('4', '-3', '8')})"
            return self.call("float", env, depth) or f"abs({a})"
        if t == "str":
            if leaf:
                if names and self.rng.random() < 0.6:
                    return self.pick(*names)
                return self.pick("'a'", "'héllo'", "''", "'x y'", "'€'", "'ok!'")
            choice = self.rng.randrange(6)
            if choice < 2:
                return f"({self.expr('str', env, depth + 1)} + {self.expr('str', env, depth + 1)})"
            if choice == 2:
                return f"str({self.expr(self.pick('int', 'float'), env, depth + 1)})"
            if choice == 3:
                s = self.expr("str", env, depth + 1)
                return f"({s}[{self.expr('int', env, depth + 1)} % len({s})] if len({s}) > 0 else 'e')"
            if choice == 4:
                return f'f"{{{self.expr("int", env, depth + 1)}}}-{{{self.expr("str", env, depth + 1)}}}"'
            return f"({self.expr('str', env, depth + 1)} * {self.rng.randint(0, 3)})"
        if t == "list":
            if leaf:
                if names and self.rng.random() < 0.7:
                    return self.pick(*names)
                # (a bare `[]` needs an annotation in .cnet: its element type is not inferred)
                return "[" + ", ".join(str(self.rng.randint(-9, 9)) for _ in range(self.rng.randint(1, 3))) + "]"
            choice = self.rng.randrange(3)
            if choice == 0:
                return f"({self.expr('list', env, depth + 1)} + {self.expr('list', env, depth + 1)})"
            if choice == 1:
                return f"[x * {self.rng.randint(-3, 3)} for x in {self.expr('list', env, depth + 1)}]"
            return f"[i % {self.rng.randint(2, 5)} for i in range({self.rng.randint(0, 4)})]"
        if t == "bool":
            a, b = self.expr("int", env, depth + 1), self.expr("int", env, depth + 1)
            choice = self.rng.randrange(4)
            if choice < 2:
                return f"{a} {self.pick('<', '<=', '==', '!=', '>', '>=')} {b}"
            if choice == 2:
                return f"({a} > {b} and {self.expr('str', env, depth + 1)} != 'a')"
            return f"not ({a} == {b} or len({self.expr('list', env, depth + 1)}) > 2)"
        raise ValueError(t)

    def call(self, t, env, depth):
        candidates = [f for f in self.functions if f[2] == t]
        if not candidates or depth >= 2:
            return None
        name, params, _ = self.rng.choice(candidates)
        return f"{name}(" + ", ".join(self.expr(p, env, depth + 1) for p in params) + ")"

    # ---- statements
    def assign(self, env, indent, lines):
        t = self.pick("int", "int", "float", "str", "list")
        existing = [n for n, nt in env.items() if nt == t and n.startswith("v")]  # never a loop counter
        if existing and self.rng.random() < 0.5:
            name = self.rng.choice(existing)
        else:
            self.names += 1
            name = f"v{self.names}"
        value = self.expr(t, env)
        if t == "int":
            value = f"{value} % {M}"
        if t == "list":
            value = f"{value}[:6]"
        if t == "str":
            value = f"{value}[:12]"
        if t == "float":
            value = f"{value} % 1000.0"
        lines.append(f"{indent}{name} = {value}")
        env[name] = t

    def block(self, env, indent, lines, depth, budget):
        for _ in range(self.rng.randint(1, budget)):
            choice = self.rng.randrange(10)
            if choice < 3 or depth >= 2:
                self.assign(env, indent, lines)
            elif choice < 5:
                lines.append(f"{indent}print({', '.join(self.expr(self.pick('int', 'float', 'str', 'list', 'bool'), env) for _ in range(self.rng.randint(1, 3)))})")
            elif choice == 5:
                lines.append(f"{indent}if {self.expr('bool', env)}:")
                self.block(dict(env), indent + "    ", lines, depth + 1, 2)
                lines.append(f"{indent}else:")
                self.block(dict(env), indent + "    ", lines, depth + 1, 2)
            elif choice == 6:
                var = f"i{depth}"
                lines.append(f"{indent}for {var} in range({self.rng.randint(0, 4)}):")
                inner = dict(env)
                inner[var] = "int"
                self.block(inner, indent + "    ", lines, depth + 1, 2)
                # Python keeps the loop variable after the loop (when the loop ran).
            elif choice == 7 and any(nt == "list" for nt in env.values()):
                xs = self.pick(*[n for n, nt in env.items() if nt == "list"])
                var = f"e{depth}"
                lines.append(f"{indent}for {var} in {xs}:")
                inner = dict(env)
                inner[var] = "int"
                self.block(inner, indent + "    ", lines, depth + 1, 2)
            elif choice == 8:
                counter = f"w{depth}"
                lines.append(f"{indent}{counter} = 0")
                lines.append(f"{indent}while {counter} < {self.rng.randint(0, 3)}:")
                lines.append(f"{indent}    {counter} += 1")
                inner = dict(env)
                inner[counter] = "int"
                self.block(inner, indent + "    ", lines, depth + 1, 2)
            else:
                self.assign(env, indent, lines)

    def function(self, index):
        params = [self.pick("int", "float", "str", "list") for _ in range(self.rng.randint(0, 3))]
        ret = self.pick("int", "float", "str")
        name = f"f{index}"
        pyt = {"list": "list[int]"}
        lines = [f"def {name}(" + ", ".join(f"p{i}: {pyt.get(p, p)}" for i, p in enumerate(params)) + f") -> {ret}:"]
        env = {f"p{i}": p for i, p in enumerate(params)}
        self.block(env, "    ", lines, 1, 3)
        value = self.expr(ret, env)
        lines.append(f"    return {value} % {M}" if ret == "int" else f"    return {value}")
        self.functions.append((name, params, ret))
        return lines

    def program(self):
        lines = []
        for i in range(self.rng.randint(1, 3)):
            lines += self.function(i) + ["", ""]
        lines.append("def main():")
        env = {}
        self.block(env, "    ", lines, 0, 6)
        for n, t in env.items():
            lines.append(f"    print({n!r}, {n})")
        lines += ["", "", "main()", ""]
        return "\n".join(lines)


def main():
    cnetc, work = sys.argv[1:3]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 24
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 20261124
    os.makedirs(work, exist_ok=True)
    failures = skipped = 0
    for i in range(count):
        text = Gen(random.Random(seed * 1000 + i)).program()
        path = os.path.join(work, f"program_{i}.cnet")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        python = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=60)
        if python.returncode != 0:
            skipped += 1  # the generator's own limits; nothing to compare
            print(f"program {i}: CPython failed, skipped\n{python.stderr[-300:]}")
            continue
        exe = os.path.join(work, f"program_{i}")
        build = subprocess.run([cnetc, "build", path, "-o", exe], capture_output=True, text=True, timeout=300)
        problem = None
        if build.returncode != 0:
            problem = f"cnetc build exited {build.returncode}:\n{build.stdout}{build.stderr[-1500:]}"
        else:
            cnet = subprocess.run([exe], capture_output=True, text=True, timeout=60)
            if (cnet.stdout, cnet.returncode) != (python.stdout, 0):
                problem = (f"outputs differ\n--- cnet (exit {cnet.returncode})\n{cnet.stdout}{cnet.stderr}"
                           f"--- CPython\n{python.stdout}")
        shutil.rmtree(exe + ".cnet-build", ignore_errors=True)
        if problem is None:
            os.remove(exe)
            os.remove(path)
            continue
        failures += 1
        print(f"FAIL: {path}: {problem}")
    print(f"{count} generated programs: {count - failures - skipped} identical under CPython and cnet, "
          f"{skipped} skipped, {failures} failures")
    return 1 if failures or skipped > count // 4 else 0


if __name__ == "__main__":
    sys.exit(main())
