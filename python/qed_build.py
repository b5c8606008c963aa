"""cffi (API mode) description of the qed extension ``qed._qed``.

The declarations are not written by hand: the public headers are run through
the C preprocessor (with empty stand-ins for <stdint.h> and <stddef.h>, so
only qed's own text remains) and every function that has a definition under
src/ is bound.  A header function whose family has not landed yet is left
out instead of breaking the import with an undefined symbol.

The library sources come from the repository this directory belongs to
(../src, ../include) when the package is built from a clone of qed, or
from the copy an sdist carries (vendor/src, vendor/include: setup.py's
sdist command puts it there).

Besides the public API, the extension binds a second, portable-only build
of the AES modes (csrc/, names qedpy_portable_aes_*): qed.aes's
backend="portable" in a process whose library runs AES-NI or VAES.
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
# An sdist carries its own copy of the C sources; a clone has them above.
VENDOR = HERE / "vendor"
ROOT = VENDOR if (VENDOR / "src").is_dir() else HERE.parent
SRC = ROOT / "src"
INCLUDE = ROOT / "include"
CSRC = HERE / "csrc"  # the extension's own C: the portable AES build

# The public AES mode functions of the portable-only build (csrc/
# aes_portable_names.h renames each qed_aes_X to qedpy_portable_aes_X).
PORTABLE_AES = [
    "ecb_encrypt", "ecb_decrypt", "cbc_encrypt", "cbc_decrypt",
    "cbc_pkcs7_encrypt", "cbc_pkcs7_decrypt", "ctr_xor", "ctr_init",
    "ctr_update", "ctr_wipe", "gcm_init", "gcm_update_ad",
    "gcm_encrypt_update", "gcm_decrypt_update", "gcm_encrypt_final",
    "gcm_decrypt_final", "gcm_encrypt", "gcm_decrypt",
]

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


def _portable_aes_declarations(decls: list) -> list:
    """The public AES mode declarations, renamed to the portable build's
    names (the same prototypes: only the name changes)."""
    out = []
    for d in decls:
        m = re.search(r"\bqed_aes_(\w+)\s*\(", d)
        if m and m.group(1) in PORTABLE_AES:
            out.append(d[:m.start()] + "qedpy_portable_aes_" + d[m.start(1):])
    if len(out) != len(PORTABLE_AES):
        raise RuntimeError("qed_build: the AES declarations of qed/aes.h "
                           "do not match PORTABLE_AES")
    return out


def _declarations() -> list:
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
    return decls


def cdef_text(decls: list = None) -> str:
    decls = _declarations() if decls is None else decls
    return "\n".join(decls + _portable_aes_declarations(decls)) + "\n" + \
        _constants()


def make_ffibuilder() -> cffi.FFI:
    ffi = cffi.FFI()
    decls = _declarations()
    ffi.cdef(cdef_text(decls))
    includes = "".join(f'#include "{h}"\n' for h in HEADERS
                       if (INCLUDE / h).exists())
    # the portable build's prototypes (its objects are linked by setup.py)
    includes += "\n".join(_portable_aes_declarations(decls)) + "\n"
    ffi.set_source("qed._qed", includes,
                   include_dirs=[str(INCLUDE), str(SRC)],
                   extra_compile_args=["-std=c11"],
                   py_limited_api=True)
    return ffi


ffibuilder = make_ffibuilder()

if __name__ == "__main__":
    print(cdef_text())
