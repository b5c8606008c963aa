"""cffi (API mode) description of the qed extension ``qed._qed``.

The declarations are not written by hand: the public headers are run through
the C preprocessor (with empty stand-ins for <stdint.h> and <stddef.h>, so
only qed's own text remains) and every function that has a definition under
src/ is bound.  A header function whose family has not landed yet is left
out instead of breaking the import with an undefined symbol.

The library sources come from the repository this directory belongs to
(../src, ../include): the package is built from a clone of qed.
"""
import os
import re
import shlex
import subprocess
import sysconfig
import tempfile
from pathlib import Path

import cffi

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SRC = ROOT / "src"
INCLUDE = ROOT / "include"

# Headers bound in the extension, in include order (qed.h pulls in the rest).
HEADERS = ["qed/qed.h", "qed/rsa.h"]



def _compiler() -> list:
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shlex.split(cc)


def _preprocess(header: str) -> str:
    with tempfile.TemporaryDirectory() as fake:
        for name in ("stdint.h", "stddef.h"):
            Path(fake, name).write_text("")
        cmd = _compiler() + ["-E", "-P", "-nostdinc", "-I", fake,
                             "-I", str(INCLUDE), str(INCLUDE / header)]
        return subprocess.run(cmd, check=True, capture_output=True,
                              text=True).stdout


def _defined_functions() -> set:
    text = "".join(p.read_text() for p in sorted(SRC.rglob("*.c")))
    return set(re.findall(
        r"(?m)^(?:[A-Za-z_][\w \*]*?[\s\*])?(qed_\w+)\s*\([^;{]*?\)\s*\{",
        text))


def _split_declarations(text: str) -> list:
    """Top-level declarations (up to ';' at brace depth 0)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == ";" and depth == 0:
            out.append(text[start:i + 1].strip())
            start = i + 1
    return [d for d in out if d]


def _constants() -> str:
    """Integer #defines of the public headers (QED_*_BYTES and the like)."""
    lines = []
    seen = set()
    for h in sorted(INCLUDE.glob("qed/*.h")):
        for m in re.finditer(r"(?m)^#define\s+(QED_\w+)\s+\(?(\d+)u?\)?\s*(?:/\*.*)?$",
                             h.read_text()):
            if m.group(1) not in seen:
                seen.add(m.group(1))
                lines.append(f"#define {m.group(1)} ...")
    return "\n".join(lines)


def cdef_text() -> str:
    defined = _defined_functions()
    decls, seen = [], set()
    headers = [h for h in HEADERS if (INCLUDE / h).exists()]
    for h in headers:
        for d in _split_declarations(_preprocess(h)):
            if d in seen:
                continue
            seen.add(d)
            if d.startswith("typedef") or d.startswith("struct"):
                decls.append(d)
                continue
            names = re.findall(r"\b(qed_\w+)\s*\(", d)
            if names and names[0] in defined:
                decls.append(d)
    return "\n".join(decls) + "\n" + _constants()


def make_ffibuilder() -> cffi.FFI:
    ffi = cffi.FFI()
    ffi.cdef(cdef_text())
    includes = "".join(f'#include "{h}"\n' for h in HEADERS
                       if (INCLUDE / h).exists())
    ffi.set_source("qed._qed", includes,
                   include_dirs=[str(INCLUDE), str(SRC)],
                   extra_compile_args=["-std=c11"],
                   py_limited_api=True)
    return ffi


ffibuilder = make_ffibuilder()

if __name__ == "__main__":
    print(cdef_text())
