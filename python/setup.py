"""Build of the qed extension: the library's C sources compiled into one
abi3 extension module ``qed._qed`` with cffi (API mode).

    pip install ./python        (from a clone of the qed repository)
    pip wheel ./python

Only a C compiler is needed.  Most files are compiled with the same flags
(the SIMD files carry per-function target attributes); the x86-64-v3 twins
(``*_x86v3.c``) need ``-march=x86-64-v3`` and are compiled separately here,
as the project's Makefile does, and linked in as extra objects.  The CPU is
inspected at run time, so one wheel per architecture is safe everywhere.
The extension's own C (csrc/: a second, portable-only build of the AES
modes for qed.aes's backend="portable") is compiled with the same flags.

    python -m build --sdist ./python

makes an sdist that builds on its own: the sdist command copies the
repository's src/ and include/ into the archive's vendor/ (qed_build.py
reads them from there when present).
"""
import os
import platform
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

sys.path.insert(0, str(Path(__file__).resolve().parent))
from qed_build import CSRC, INCLUDE, ROOT, SRC  # noqa: E402

BASE_FLAGS = ["-std=c11", "-O2", "-fvisibility=hidden"]
X86V3_FLAGS = ["-march=x86-64-v3", "-mtune=generic", "-O3", "-funroll-loops"]


def _is_x86_64() -> bool:
    return platform.machine().lower() in ("x86_64", "amd64")


def _library_sources() -> list:
    srcs = sorted(SRC.rglob("*.c"))
    if not _is_x86_64():
        srcs = [s for s in srcs
                if not s.name.endswith("_x86v3.c") and "simd" not in s.parts]
    return srcs + sorted(CSRC.glob("*.c"))


class BuildQed(build_ext):
    """Compiles libqed's objects (per-file flags), then the cffi module."""

    def build_extension(self, ext):
        if ext.name == "qed._qed":
            ext.extra_objects = list(ext.extra_objects or []) + \
                self._compile_library()
        super().build_extension(ext)

    def _compile_library(self) -> list:
        out_dir = os.path.join(self.build_temp, "qedlib")
        incs = [str(INCLUDE), str(SRC), str(CSRC)]

        def one(src: Path) -> list:
            flags = BASE_FLAGS + (X86V3_FLAGS if src.name.endswith("_x86v3.c")
                                  else [])
            return self.compiler.compile([str(src)], output_dir=out_dir,
                                         include_dirs=incs,
                                         extra_postargs=flags)

        workers = min(8, (os.cpu_count() or 1))
        with ThreadPoolExecutor(max_workers=workers) as pool:
            objs = [o for objs in pool.map(one, _library_sources())
                    for o in objs]
        return objs


class SdistQed(sdist):
    """The sdist with the C library in it: src/ and include/ copied to
    vendor/ (only what the build reads: .c and .h files)."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        for part in (SRC, INCLUDE):
            shutil.copytree(part, os.path.join(base_dir, "vendor", part.name),
                            ignore=_not_c_source)


def _not_c_source(folder, names):
    return [n for n in names if not os.path.isdir(os.path.join(folder, n))
            and not n.endswith((".c", ".h"))]


if not (SRC.is_dir() and INCLUDE.is_dir()):
    sys.exit(f"qed: the C sources are not at {ROOT}/src and {ROOT}/include; "
             "build the package from a clone of the qed repository "
             "(pip install ./python at its root)")

setup(
    cffi_modules=["qed_build.py:ffibuilder"],
    cmdclass={"build_ext": BuildQed, "sdist": SdistQed},
)
