#!/usr/bin/env python3
"""Randomized differential tests of qed's Keccak family (include/qed/keccak.h)
against independent implementations.

    .venv/bin/python tests/diff/test_diff.py      (usually: make test-diff)

Environment:
    QED_LIB         path of the shared library (default: build/libqed.so)
    QED_DIFF_SEED   seed to replay a run (default: a fresh random one; the
                    seed in use is printed first)
    QED_DIFF_ONLY   run only the functions whose label contains this text,
                    e.g. "rawshake128" or "stream:sha3_256"; every function
                    draws its cases from its own RNG, derived from the seed
                    and its label, so a filtered run replays the very cases
                    of the full run
    QED_DIFF_SCALE  multiply every case count (e.g. 0.1 for a quick run)
    QED_BACKEND     test only this backend (portable, avx2, avx512).  Unset,
                    every backend up to the best the CPU has is tested: the
                    library is loaded once per backend (a private copy of
                    the .so for each forced one) and each case runs on all.

References:
    SHA3-*       hashlib (OpenSSL) and pycryptodome Crypto.Hash.SHA3_*
    Keccak-*     pycryptodome Crypto.Hash.keccak
    SHAKE*       hashlib and pycryptodome Crypto.Hash.SHAKE128/256
    RawSHAKE*    no library offers it, so two references:
                 - keccak_ref.py, our own plain pure-Python Keccak written
                   from FIPS 202 (slow, so it sees RAW_PY_CASES cases);
                 - pycryptodome's C sponge: its SHAKE object with the private
                   padding byte set to 0x07 (RawSHAKE's "11" + pad10*1).
                 Both are first checked, in the "ref" section, against
                 hashlib/pycryptodome (SHA3, Keccak, SHAKE), FIPS 202 example
                 values, and each other (RawSHAKE).
    Keccak-p     qed_keccak_p1600_permute (an internal symbol; tested only
                 if the library exports it) against keccak_ref.keccak_p1600
                 for random states and round counts 1..24.

Besides equality with every reference, each case checks that the output was
not written past its end, that the input was not modified and, for the
streaming API, that nothing past the context struct was touched and that the
state lanes are wiped by final / qed_shake_wipe.
The last line is `N passed, M failed` (N counts cases, one per input, function
and backend); the exit status is 1 on any failure.
"""

import atexit
import ctypes
import hashlib
import os
import random
import shutil
import ssl
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

import Crypto
from Crypto.Hash import SHA3_224, SHA3_256, SHA3_384, SHA3_512
from Crypto.Hash import SHAKE128, SHAKE256
from Crypto.Hash import keccak as pyc_keccak

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import keccak_ref  # noqa: E402  (our pure-Python Keccak, next to this file)

# ---- how many cases -----------------------------------------------------------

SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))


def scaled(n):
    return max(1, int(n * SCALE))


ONESHOT_CASES = scaled(10_000)      # per one-shot function (and backend)
STREAM_CASES = scaled(2_500)        # per streaming function (and backend)
RAW_PY_CASES = scaled(2_000)        # RawSHAKE cases also checked in pure Python
REF_SELFCHECK_CASES = scaled(300)   # pure-Python reference vs libraries
PERMUTE_CASES = scaled(1_000)       # Keccak-p[1600, nr] states (per backend)
MAX_XOF_OUT = 600                   # XOF output lengths are drawn in 0..600
LONG_MAX = 6_000                    # the occasional long message (bytes)

# ---- the library under test -----------------------------------------------------

vp = ctypes.c_void_p                # we pass every buffer by address
size_t = ctypes.c_size_t


class Sponge(ctypes.Structure):
    """Mirror of qed_keccak_sponge, used ONLY for its size: the tests treat
    the context as opaque, but know where it ends so they can check that no
    function writes past it."""
    _fields_ = [("state", ctypes.c_uint64 * 25), ("rate", ctypes.c_uint32),
                ("pos", ctypes.c_uint32), ("suffix", ctypes.c_uint8),
                ("phase", ctypes.c_uint8), ("rounds", ctypes.c_uint8),
                ("outlen", ctypes.c_uint8)]


CTX_SIZE = ctypes.sizeof(Sponge)    # 216 on the usual ABIs
CTX_ALLOC = 512                     # generous buffer; the rest is a canary
STATE_BYTES = 200                   # the 25 lanes at the start of the struct

FIXED_NAMES = ("sha3_224", "sha3_256", "sha3_384", "sha3_512",
               "keccak_224", "keccak_256", "keccak_384", "keccak_512")
XOF_NAMES = ("shake128", "shake256", "rawshake128", "rawshake256")
BACKENDS = ("portable", "avx2", "avx512")       # in increasing order


def declare(lib):
    """Give ctypes the prototypes of keccak.h (and of the optional extras)."""
    for name in FIXED_NAMES:
        getattr(lib, "qed_" + name).argtypes = [vp, vp, size_t]
        getattr(lib, "qed_" + name).restype = None
    for name in XOF_NAMES:
        getattr(lib, "qed_" + name).argtypes = [vp, size_t, vp, size_t]
        getattr(lib, "qed_" + name).restype = None
    for name in FIXED_NAMES + XOF_NAMES:
        getattr(lib, "qed_" + name + "_init").argtypes = [vp]
        getattr(lib, "qed_" + name + "_init").restype = None
    protos = {
        "qed_sha3_update": ([vp, vp, size_t], ctypes.c_int),
        "qed_sha3_final": ([vp, vp], ctypes.c_int),
        "qed_sha3_digest_bytes": ([vp], size_t),
        "qed_shake_update": ([vp, vp, size_t], ctypes.c_int),
        "qed_shake_squeeze": ([vp, vp, size_t], ctypes.c_int),
        "qed_shake_wipe": ([vp], None),
        # Optional: qed/common.h, and the internal permutation.
        "qed_backend_name": ([], ctypes.c_char_p),
        "qed_keccak_p1600_permute": ([vp, ctypes.c_uint], None),
    }
    for name, (args, res) in protos.items():
        if name in ("qed_backend_name", "qed_keccak_p1600_permute") \
                and not hasattr(lib, name):
            continue
        fn = getattr(lib, name)
        fn.argtypes, fn.restype = args, res
    return lib


def backend_name(lib):
    return lib.qed_backend_name().decode() if hasattr(
        lib, "qed_backend_name") else "default"


def load_libraries():
    """[(backend name, library)]: one entry per backend to test.

    The library picks its backend once, at the first call, from the CPU and
    QED_BACKEND.  To test several backends in one process we load a private
    copy of the .so per forced backend (a copy is a separate object for the
    dynamic loader, with its own cached choice) and set QED_BACKEND before
    its first call."""
    path = os.environ.get("QED_LIB") or os.path.join(ROOT, "build",
                                                     "libqed.so")
    path = os.path.realpath(path)
    main = declare(ctypes.CDLL(path))
    best = backend_name(main)
    libs = [(best, main)]
    if os.environ.get("QED_BACKEND") or best not in BACKENDS:
        return path, libs                  # forced from outside, or unknown
    tmp = tempfile.mkdtemp(prefix="qed-diff-")
    atexit.register(shutil.rmtree, tmp, True)
    for want in BACKENDS[:BACKENDS.index(best)]:
        copy = os.path.join(tmp, f"libqed-{want}.so")
        shutil.copyfile(path, copy)
        os.environ["QED_BACKEND"] = want
        lib = declare(ctypes.CDLL(copy))
        got = backend_name(lib)            # first call: the choice is made
        del os.environ["QED_BACKEND"]
        if got != want:
            sys.exit(f"test_diff: QED_BACKEND={want} gave backend {got}")
        libs.insert(0, (want, lib))
    return path, libs


# ---- references -------------------------------------------------------------------

def pyc_rawshake(cls):
    """RawSHAKE from pycryptodome's C sponge: its SHAKE objects keep the
    padding byte in the private attribute _padding (0x1F for SHAKE); 0x07
    is RawSHAKE's suffix "11" followed by the first bit of pad10*1."""
    def run(msg, outlen):
        h = cls.new(msg)
        if getattr(h, "_padding", None) != 0x1F:
            raise RuntimeError("pycryptodome changed: no SHAKE._padding")
        h._padding = 0x07
        return h.read(outlen)
    return run


# name, digest bytes, rate, [(reference name, function(msg) -> digest)]
FIXED = [
    ("sha3_224", 28, 144, [("hashlib", lambda m: hashlib.sha3_224(m).digest()),
                           ("pycryptodome", lambda m: SHA3_224.new(m).digest())]),
    ("sha3_256", 32, 136, [("hashlib", lambda m: hashlib.sha3_256(m).digest()),
                           ("pycryptodome", lambda m: SHA3_256.new(m).digest())]),
    ("sha3_384", 48, 104, [("hashlib", lambda m: hashlib.sha3_384(m).digest()),
                           ("pycryptodome", lambda m: SHA3_384.new(m).digest())]),
    ("sha3_512", 64, 72, [("hashlib", lambda m: hashlib.sha3_512(m).digest()),
                          ("pycryptodome", lambda m: SHA3_512.new(m).digest())]),
    ("keccak_224", 28, 144, [("pycryptodome", lambda m: pyc_keccak.new(
        digest_bits=224, data=m).digest())]),
    ("keccak_256", 32, 136, [("pycryptodome", lambda m: pyc_keccak.new(
        digest_bits=256, data=m).digest())]),
    ("keccak_384", 48, 104, [("pycryptodome", lambda m: pyc_keccak.new(
        digest_bits=384, data=m).digest())]),
    ("keccak_512", 64, 72, [("pycryptodome", lambda m: pyc_keccak.new(
        digest_bits=512, data=m).digest())]),
]

# name, rate, [(reference name, function(msg, outlen) -> output)]
XOFS = [
    ("shake128", 168, [("hashlib", lambda m, n: hashlib.shake_128(m).digest(n)),
                       ("pycryptodome", lambda m, n: SHAKE128.new(m).read(n))]),
    ("shake256", 136, [("hashlib", lambda m, n: hashlib.shake_256(m).digest(n)),
                       ("pycryptodome", lambda m, n: SHAKE256.new(m).read(n))]),
    ("rawshake128", 168, [("pycryptodome-sponge", pyc_rawshake(SHAKE128))]),
    ("rawshake256", 136, [("pycryptodome-sponge", pyc_rawshake(SHAKE256))]),
]

# The pure-Python reference for every function: (msg, outlen) -> output.
PY_REFS = {
    "sha3_224": lambda m, n: keccak_ref.sha3(224, m),
    "sha3_256": lambda m, n: keccak_ref.sha3(256, m),
    "sha3_384": lambda m, n: keccak_ref.sha3(384, m),
    "sha3_512": lambda m, n: keccak_ref.sha3(512, m),
    "keccak_224": lambda m, n: keccak_ref.keccak(224, m),
    "keccak_256": lambda m, n: keccak_ref.keccak(256, m),
    "keccak_384": lambda m, n: keccak_ref.keccak(384, m),
    "keccak_512": lambda m, n: keccak_ref.keccak(512, m),
    "shake128": lambda m, n: keccak_ref.shake(128, m, n),
    "shake256": lambda m, n: keccak_ref.shake(256, m, n),
    "rawshake128": lambda m, n: keccak_ref.rawshake(128, m, n),
    "rawshake256": lambda m, n: keccak_ref.rawshake(256, m, n),
}


def py_ref(job):
    """Pure-Python reference output for job = (function name, msg, outlen).
    Module-level so that worker processes can run it."""
    name, msg, outlen = job
    return PY_REFS[name](msg, outlen)


def py_ref_many(jobs):
    """py_ref over many jobs, spread over the machine's cores (the pure-
    Python permutation is the slow part of this whole test)."""
    if len(jobs) < 64:
        return [py_ref(j) for j in jobs]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return list(pool.map(py_ref, jobs, chunksize=16))


# ---- random inputs ------------------------------------------------------------------

def gen_len(rng, rate):
    """A message length, biased towards the edges that break sponges: 0, 1,
    and k*rate + d for k = 0..4 and small d (d = -1 puts the padding's two
    bits in one byte; d = 0 needs a whole block of padding)."""
    r = rng.random()
    if r < 0.08:
        return 0
    if r < 0.13:
        return 1
    if r < 0.63:
        return max(0, rng.randint(0, 4) * rate + rng.randint(-3, 3))
    if r < 0.95:
        return rng.randint(0, 4 * rate + 8)
    return rng.randint(4 * rate, LONG_MAX)


def gen_outlen(rng, rate):
    """An XOF output length in 0..MAX_XOF_OUT, biased to 0, 1 and the
    squeeze-block edges k*rate + d."""
    r = rng.random()
    if r < 0.05:
        return 0
    if r < 0.10:
        return 1
    if r < 0.50:
        k = rng.randint(1, MAX_XOF_OUT // rate)
        return min(MAX_XOF_OUT, max(0, k * rate + rng.randint(-3, 3)))
    return rng.randint(0, MAX_XOF_OUT)


def gen_msg(rng, rate):
    n = gen_len(rng, rate)
    r = rng.random()
    if r < 0.05:
        return bytes(n)                  # all zero
    if r < 0.10:
        return b"\xff" * n               # all ones: overlaps the pad bits
    return rng.randbytes(n)


def gen_chunks(rng, total, rate):
    """Split `total` bytes into chunk lengths for update/squeeze calls, with
    cut points at random or near block edges, and empty chunks now and then
    (a repeated cut point)."""
    r = rng.random()
    if r < 0.10:
        return [total]                                   # a single call
    if r < 0.15 and total <= 3 * rate:
        return [1] * total                               # byte by byte
    cuts = []
    for _ in range(rng.randint(1, 12)):
        if rng.random() < 0.5:
            cuts.append(rng.randint(0, total))
        else:                                            # near a block edge
            c = rng.randint(0, total // rate + 1) * rate + rng.randint(-2, 2)
            cuts.append(min(total, max(0, c)))
    cuts.sort()
    bounds = [0] + cuts + [total]
    return [b - a for a, b in zip(bounds, bounds[1:])]


# ---- bookkeeping ----------------------------------------------------------------------

MAX_REPORTS_PER_FUNCTION = 10


def short_hex(b, limit=64):
    return b.hex() if len(b) <= limit else \
        b[:limit].hex() + f"... ({len(b)} bytes)"


class Tally:
    def __init__(self, seed):
        self.seed = seed
        self.passed = 0
        self.failed = 0
        self.reported = {}

    def record(self, label, backend, problems, describe):
        """Count one case: it passes when `problems` is empty; otherwise
        print the problems and describe() (a list of lines), at most
        MAX_REPORTS_PER_FUNCTION times per function."""
        if not problems:
            self.passed += 1
            return
        self.failed += 1
        key = (label, backend)
        n = self.reported.get(key, 0)
        self.reported[key] = n + 1
        if n < MAX_REPORTS_PER_FUNCTION:
            print(f"MISMATCH {label} [backend {backend}] (seed {self.seed})")
            for line in problems + describe():
                print("    " + line)
            force = f"QED_BACKEND={backend} " if backend in BACKENDS else ""
            print(f"    replay: {force}QED_DIFF_SEED={self.seed} "
                  f"QED_DIFF_ONLY={label} .venv/bin/python "
                  f"tests/diff/test_diff.py")
        elif n == MAX_REPORTS_PER_FUNCTION:
            print(f"MISMATCH {label} [backend {backend}]: "
                  f"further failures not shown")

    def summary(self):
        """Failures per function and backend, for the end of the log."""
        for (label, backend), n in sorted(self.reported.items()):
            print(f"FAILED {label} [backend {backend}]: {n} cases")


def case_lines(msg, outlen, got, refs, extra=()):
    lines = [f"message ({len(msg)} bytes) {short_hex(msg)}"]
    if outlen is not None:
        lines.append(f"output length {outlen}")
    lines.append(f"{'qed':<19} {got.hex()}")
    lines.extend(f"{rname:<19} {rout.hex()}" for rname, rout in refs)
    lines.extend(extra)
    return lines


def compare(got, refs):
    return [f"differs from {rn}" for rn, r in refs if r != got]


# ---- buffers ------------------------------------------------------------------------------

GUARD = 16                                   # canary bytes after each output


def in_buffer(msg):
    """A private copy of the message, so we can check qed does not write
    to its input."""
    return (ctypes.c_ubyte * len(msg)).from_buffer_copy(msg)


def out_buffer(fill_rng, n):
    """n bytes for qed to write, and GUARD more that it must not touch; all
    random, so a byte qed forgets to write shows as a mismatch."""
    fill = fill_rng.randbytes(n + GUARD)
    return (ctypes.c_ubyte * (n + GUARD)).from_buffer_copy(fill), fill[n:]


def new_ctx(fill_rng):
    """An opaque context full of random junk (as on a dirty stack), and the
    junk past the real struct, which must stay untouched."""
    junk = fill_rng.randbytes(CTX_ALLOC)
    return (ctypes.c_ubyte * CTX_ALLOC).from_buffer_copy(junk), junk[CTX_SIZE:]


def addr(buf):
    return ctypes.addressof(buf)


def buffer_problems(out, n, guard, inb, msg, who=""):
    problems = []
    if bytes(out)[n:] != guard:
        problems.append(f"{who}wrote past the end of the output")
    if bytes(inb) != msg:
        problems.append(f"{who}modified its input")
    return problems


def ctx_problems(ctx, tail, who):
    return [] if bytes(ctx)[CTX_SIZE:] == tail else [
        f"{who} wrote past the end of the context ({CTX_SIZE} bytes)"]


# ---- sections ---------------------------------------------------------------------------

def func_rng(seed, label):
    """Each function draws its cases from its own RNG, so QED_DIFF_ONLY
    replays them.  The cases are drawn before any backend runs, from this
    RNG only, so a run with QED_BACKEND set replays them too."""
    return random.Random(f"{seed}/{label}")


def fill_rng(seed, label):
    """The junk that fills output buffers and contexts comes from a second
    RNG, whose use depends on the number of backends."""
    return random.Random(f"{seed}/{label}/fill")


def selected(label):
    only = os.environ.get("QED_DIFF_ONLY")
    return not only or only in label


def report_time(label, count, t0, note=""):
    print(f"  {label}: {count} cases{note} in {time.time() - t0:.1f}s")


def section_ref_selfcheck(tally, seed):
    """Check the pure-Python reference (and pycryptodome's sponge with
    RawSHAKE padding) before either is used as an oracle."""
    t0 = time.time()
    jobs, expect = [], []
    for name, dlen, rate, refs in FIXED:
        label = f"ref:{name}"
        if selected(label):
            rng = func_rng(seed, label)
            for _ in range(REF_SELFCHECK_CASES):
                msg = gen_msg(rng, rate)
                jobs.append((name, msg, dlen))
                expect.append((label, [(rn, f(msg)) for rn, f in refs]))
    for name, rate, refs in XOFS:
        label = f"ref:{name}"
        if selected(label):
            rng = func_rng(seed, label)
            for _ in range(REF_SELFCHECK_CASES):
                msg, outlen = gen_msg(rng, rate), gen_outlen(rng, rate)
                jobs.append((name, msg, outlen))
                expect.append((label, [(rn, f(msg, outlen)) for rn, f in refs]))
    # Fixed answers too: FIPS 202 example values, and the empty Keccak-256
    # that every Ethereum tool knows.
    known = [
        ("sha3_256", b"abc", 32, "3a985da74fe225b2045c172d6bd390bd"
         "855f086e3e9d525b46bfe24511431532"),
        ("sha3_512", b"", 64, "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859"
         "e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e3017585"
         "86281dcd26"),
        ("keccak_256", b"", 32, "c5d2460186f7233c927e7db2dcc703c0"
         "e500b653ca82273b7bfad8045d85a470"),
        ("shake128", b"", 16, "7f9c2ba4e88f827d616045507605853e"),
        ("shake256", b"", 16, "46b9dd2b0ba88d13233b3feb743eeb24"),
    ]
    for name, msg, outlen, hexout in known:
        label = f"ref:{name}"
        if selected(label):
            jobs.append((name, msg, outlen))
            expect.append((label, [("known answer", bytes.fromhex(hexout))]))
    if selected("ref:keccak_f1600"):
        # Keccak-f[1600] of the zero state (XKCP's intermediate values).
        lanes = keccak_ref.keccak_f1600([0] * 25)[:4]
        want = [0xF1258F7940E1DDE7, 0x84D5CCF933C0478A,
                0xD598261EA65AA9EE, 0xBD1547306F80494D]
        tally.record("ref:keccak_f1600", "-", [] if lanes == want else
                     ["Keccak-f[1600](0) differs from the known answer"],
                     lambda: [f"got  {[hex(v) for v in lanes]}",
                              f"want {[hex(v) for v in want]}"])
    if not jobs:
        return
    got = py_ref_many(jobs)
    for (name, msg, outlen), out, (label, refs) in zip(jobs, got, expect):
        tally.record(label, "-", compare(out, refs),
                     lambda: case_lines(msg, outlen, out, refs))
    report_time("ref self-check", len(jobs), t0)


def section_permute(tally, seed, libs):
    """Keccak-p[1600, nr] itself, through the internal (but exported)
    dispatched permutation, against keccak_ref.keccak_p1600."""
    label = "permute:keccak_p1600"
    if not selected(label):
        return
    if not all(hasattr(lib, "qed_keccak_p1600_permute") for _, lib in libs):
        print(f"  {label}: not exported by the library, not tested")
        return
    t0 = time.time()
    rng = func_rng(seed, label)
    cases = []
    for _ in range(PERMUTE_CASES):
        r = rng.random()
        rounds = 24 if r < 0.3 else 12 if r < 0.4 else 1 if r < 0.45 else \
            rng.randint(1, 24)
        state = [0] * 25 if rng.random() < 0.05 else \
            [rng.getrandbits(64) for _ in range(25)]
        cases.append((state, rounds))
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        want = list(pool.map(keccak_ref.keccak_p1600, *zip(*cases),
                             chunksize=16))
    for (state, rounds), expect in zip(cases, want):
        for be, lib in libs:
            st = (ctypes.c_uint64 * 25)(*state)
            lib.qed_keccak_p1600_permute(addr(st), rounds)
            got = list(st)
            tally.record(label, be, [] if got == expect else
                         [f"Keccak-p[1600, {rounds}] differs from keccak_ref"],
                         lambda: [f"rounds {rounds}",
                                  f"in   {[f'{v:016x}' for v in state]}",
                                  f"qed  {[f'{v:016x}' for v in got]}",
                                  f"ref  {[f'{v:016x}' for v in expect]}"])
    report_time(label, len(cases) * len(libs), t0)


def section_oneshot(tally, seed, libs):
    for name, dlen, rate, refs in FIXED:
        label = f"oneshot:{name}"
        if not selected(label):
            continue
        t0 = time.time()
        rng, fill = func_rng(seed, label), fill_rng(seed, label)
        for _ in range(ONESHOT_CASES):
            msg = gen_msg(rng, rate)
            outs = [(rn, f(msg)) for rn, f in refs]
            for be, lib in libs:
                inb = in_buffer(msg)
                out, guard = out_buffer(fill, dlen)
                getattr(lib, "qed_" + name)(addr(out), addr(inb), len(msg))
                got = bytes(out)[:dlen]
                tally.record(label, be, compare(got, outs) +
                             buffer_problems(out, dlen, guard, inb, msg),
                             lambda: case_lines(msg, None, got, outs))
        report_time(label, ONESHOT_CASES * len(libs), t0)

    for name, rate, refs in XOFS:
        label = f"oneshot:{name}"
        if not selected(label):
            continue
        t0 = time.time()
        rng, fill = func_rng(seed, label), fill_rng(seed, label)
        cases = [(gen_msg(rng, rate), gen_outlen(rng, rate))
                 for _ in range(ONESHOT_CASES)]
        # RawSHAKE: the first RAW_PY_CASES cases are also checked against
        # the pure-Python reference (computed up front, in parallel).
        py = []
        if name.startswith("rawshake"):
            py = py_ref_many([(name, m, n) for m, n in cases[:RAW_PY_CASES]])
        for i, (msg, outlen) in enumerate(cases):
            outs = [(rn, f(msg, outlen)) for rn, f in refs]
            if i < len(py):
                outs.append(("keccak_ref", py[i]))
            for be, lib in libs:
                inb = in_buffer(msg)
                out, guard = out_buffer(fill, outlen)
                getattr(lib, "qed_" + name)(addr(out), outlen, addr(inb),
                                            len(msg))
                got = bytes(out)[:outlen]
                tally.record(label, be, compare(got, outs) +
                             buffer_problems(out, outlen, guard, inb, msg),
                             lambda: case_lines(msg, outlen, got, outs))
        note = f" ({len(py)} inputs also vs keccak_ref)" if py else ""
        report_time(label, len(cases) * len(libs), t0, note)


def stream_fixed_case(lib, fill, name, dlen, msg, chunks):
    """One streaming SHA3/Keccak run: init on a dirty context, update by
    chunks, final.  Returns (digest, problems)."""
    ctx, tail = new_ctx(fill)
    problems = []
    getattr(lib, "qed_" + name + "_init")(addr(ctx))
    n = lib.qed_sha3_digest_bytes(addr(ctx))
    if n != dlen:
        problems.append(f"digest_bytes after init is {n}, not {dlen}")
    inb, off = in_buffer(msg), 0
    for c in chunks:
        rc = lib.qed_sha3_update(addr(ctx), addr(inb) + off, c)
        if rc != 0:
            problems.append(f"update({c} bytes at {off}) returned {rc}")
        off += c
    out, guard = out_buffer(fill, dlen)
    rc = lib.qed_sha3_final(addr(ctx), addr(out))
    if rc != 0:
        problems.append(f"final returned {rc}")
    problems += buffer_problems(out, dlen, guard, inb, msg, "final ")
    problems += ctx_problems(ctx, tail, "init/update/final")
    # keccak.h: "After final, the context is wiped".  (Only the lanes are
    # checked here: the rest of the contract after final, e.g. that the
    # digest length outlives the wipe, is tests/test_stream.c's business.)
    if bytes(ctx)[:STATE_BYTES] != bytes(STATE_BYTES):
        problems.append("state lanes not wiped by final")
    return bytes(out)[:dlen], problems


def section_stream_fixed(tally, seed, libs):
    for name, dlen, rate, refs in FIXED:
        label = f"stream:{name}"
        if not selected(label):
            continue
        t0 = time.time()
        rng, fill = func_rng(seed, label), fill_rng(seed, label)
        for _ in range(STREAM_CASES):
            msg = gen_msg(rng, rate)
            chunks = gen_chunks(rng, len(msg), rate)
            outs = [(rn, f(msg)) for rn, f in refs]
            for be, lib in libs:
                got, problems = stream_fixed_case(lib, fill, name, dlen, msg,
                                                  chunks)
                tally.record(label, be, compare(got, outs) + problems,
                             lambda: case_lines(msg, None, got, outs,
                                                [f"update chunks {chunks}"]))
        report_time(label, STREAM_CASES * len(libs), t0)


def stream_xof_case(lib, fill, name, msg, outlen, in_chunks, out_chunks,
                    late_update):
    """One streaming SHAKE/RawSHAKE run: init on a dirty context, update by
    chunks, squeeze by chunks, wipe.  If late_update is k, an update is tried
    just before squeeze chunk k (k = len(out_chunks): after the last): it
    must be refused (-1) without disturbing the stream.  (Only once at least
    one byte has come out: whether an empty squeeze starts the squeezing
    phase is left open by the header.)  Returns (output, problems)."""
    ctx, tail = new_ctx(fill)
    problems = []
    getattr(lib, "qed_" + name + "_init")(addr(ctx))
    inb, off = in_buffer(msg), 0
    for c in in_chunks:
        rc = lib.qed_shake_update(addr(ctx), addr(inb) + off, c)
        if rc != 0:
            problems.append(f"update({c} bytes at {off}) returned {rc}")
        off += c
    out, guard = out_buffer(fill, outlen)
    off = 0
    for k, c in enumerate(out_chunks + [None]):
        if k == late_update and off > 0:
            junk = in_buffer(fill.randbytes(fill.randint(1, 200)))
            rc = lib.qed_shake_update(addr(ctx), addr(junk), len(junk))
            if rc != -1:
                problems.append(f"update after squeezing {off} bytes "
                                f"returned {rc}, not -1")
        if c is None:
            break
        rc = lib.qed_shake_squeeze(addr(ctx), addr(out) + off, c)
        if rc != 0:
            problems.append(f"squeeze({c} bytes at {off}) returned {rc}")
        off += c
    problems += buffer_problems(out, outlen, guard, inb, msg, "squeeze ")
    problems += ctx_problems(ctx, tail, "init/update/squeeze")
    lib.qed_shake_wipe(addr(ctx))
    if bytes(ctx)[:STATE_BYTES] != bytes(STATE_BYTES):
        problems.append("state lanes not zero after qed_shake_wipe")
    problems += ctx_problems(ctx, tail, "wipe")
    return bytes(out)[:outlen], problems


def section_stream_xof(tally, seed, libs):
    for name, rate, refs in XOFS:
        label = f"stream:{name}"
        if not selected(label):
            continue
        t0 = time.time()
        rng, fill = func_rng(seed, label), fill_rng(seed, label)
        cases = []
        for _ in range(STREAM_CASES):
            msg, outlen = gen_msg(rng, rate), gen_outlen(rng, rate)
            in_chunks = gen_chunks(rng, len(msg), rate)
            out_chunks = gen_chunks(rng, outlen, rate)
            # A quarter of the runs try an update between two squeezes.
            late = rng.randint(1, max(1, len(out_chunks))) \
                if rng.random() < 0.25 else None
            cases.append((msg, outlen, in_chunks, out_chunks, late))
        py = []
        if name.startswith("rawshake"):
            py = py_ref_many([(name, m, n) for m, n, _, _, _ in
                              cases[:RAW_PY_CASES]])
        for i, (msg, outlen, in_chunks, out_chunks, late) in enumerate(cases):
            outs = [(rn, f(msg, outlen)) for rn, f in refs]
            if i < len(py):
                outs.append(("keccak_ref", py[i]))
            for be, lib in libs:
                got, problems = stream_xof_case(lib, fill, name, msg, outlen,
                                                in_chunks, out_chunks, late)
                tally.record(label, be, compare(got, outs) + problems,
                             lambda: case_lines(
                                 msg, outlen, got, outs,
                                 [f"update chunks {in_chunks}",
                                  f"squeeze chunks {out_chunks}",
                                  f"refused update before squeeze {late}"]))
        note = f" ({len(py)} inputs also vs keccak_ref)" if py else ""
        report_time(label, len(cases) * len(libs), t0, note)


def main():
    seed_env = os.environ.get("QED_DIFF_SEED")
    seed = int(seed_env) if seed_env else int.from_bytes(os.urandom(4), "big")
    path, libs = load_libraries()
    print(f"test_diff: seed {seed} (replay with QED_DIFF_SEED={seed})")
    print(f"test_diff: {path}, backends {', '.join(be for be, _ in libs)}")
    print(f"test_diff: references: {ssl.OPENSSL_VERSION} (hashlib), "
          f"pycryptodome {Crypto.__version__}, keccak_ref.py; "
          f"Python {sys.version.split()[0]}")
    tally = Tally(seed)
    t0 = time.time()
    print("reference self-check (keccak_ref.py vs hashlib/pycryptodome)")
    section_ref_selfcheck(tally, seed)
    print("Keccak-p[1600] permutation")
    section_permute(tally, seed, libs)
    print("one-shot functions")
    section_oneshot(tally, seed, libs)
    print("streaming SHA3/Keccak")
    section_stream_fixed(tally, seed, libs)
    print("streaming SHAKE/RawSHAKE")
    section_stream_xof(tally, seed, libs)
    print(f"test_diff: {time.time() - t0:.1f}s, seed {seed}")
    tally.summary()
    print(f"{tally.passed} passed, {tally.failed} failed")
    return 1 if tally.failed or not tally.passed else 0


if __name__ == "__main__":
    sys.exit(main())
