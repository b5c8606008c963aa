#!/usr/bin/env python3
"""The functions the public headers declare, one "name header" line each.

usage: tools/public_decls.py [CC]

The compiler itself reads include/qed/qed.h (gcc -aux-info writes one
prototype per function declared in the translation unit, with the file and
line of its declaration), so macros, #if blocks and line breaks inside a
prototype are handled as a compiler handles them.  Used by
scripts/check_abi.sh (every exported symbol is declared here) and by
tools/budgets.py (a family is the header that declares a function).
"""
import os
import re
import subprocess
import sys
import tempfile

DECL = re.compile(r"^/\* (include/qed/[a-z0-9_]+\.h):\d+:\w+ \*/ "
                  r"(?:extern )?[^(]*?\b(qed_[A-Za-z0-9_]+) \(")


def public_decls(cc="gcc", root="."):
    """{function name: header path} for every function qed/qed.h declares."""
    with tempfile.TemporaryDirectory() as tmp:
        aux = os.path.join(tmp, "aux.txt")
        subprocess.run([cc, "-std=c11", "-Iinclude",
                        "-x", "c", "-", "-fsyntax-only", "-aux-info", aux],
                       input=b'#include "qed/qed.h"\n', check=True, cwd=root)
        with open(aux) as f:
            lines = f.readlines()
    decls = {}
    for line in lines:
        m = DECL.match(line)
        if m:
            decls.setdefault(m.group(2), m.group(1))
    return decls


def main():
    cc = sys.argv[1] if len(sys.argv) > 1 else "gcc"
    for name, header in sorted(public_decls(cc).items()):
        print(name, header)


if __name__ == "__main__":
    main()
