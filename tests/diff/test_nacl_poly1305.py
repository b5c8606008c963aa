#!/usr/bin/env python3
"""Randomized differential tests of qed's Poly1305 / crypto_onetimeauth
(include/qed/nacl.h, section "Poly1305").

    .venv/bin/python tests/diff/test_nacl_poly1305.py   (make test-diff-nacl-poly1305)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a run;
the seed is printed first), QED_DIFF_SCALE (multiply the case counts),
QED_BACKEND (one backend; without it the script runs itself once per
backend the CPU has: portable, avx2, avx512).

References (tests/nacl/requirements.txt):
    PyNaCl        the libsodium inside the pinned PyNaCl wheel (nacl/_sodium*.so):
                  its crypto_onetimeauth_poly1305 / _verify, called through
                  ctypes (nacl.bindings does not wrap crypto_onetimeauth)
    cryptography  Poly1305.generate_tag / verify_tag (OpenSSL)
    big integers  RFC 8439 section 2.5.1 in Python integers (written here)

Each case: random or edge key, message of random length (mostly short,
some up to 70,000 bytes, to reach the wide paths), the one-shot tag against
all three references, the streaming tag over random pieces, verify on the
right tag (0) and on a tag with one random bit flipped (-1), and that
nothing is written past 16 bytes.  The last line is `N passed, M failed`;
the exit status is 1 on any failure.
"""

import ctypes
import os
import random
import subprocess
import sys

import nacl._sodium
from cryptography.hazmat.primitives.poly1305 import Poly1305

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))
CASES = max(1, int(3000 * SCALE))

if "QED_BACKEND" not in os.environ:
    # once per backend; a backend the CPU lacks falls back to a lower one,
    # which the child reports and skips
    st = 0
    for b in ("portable", "avx2", "avx512"):
        env = dict(os.environ, QED_BACKEND=b)
        print("== QED_BACKEND=%s" % b, flush=True)
        st |= subprocess.call([sys.executable] + sys.argv, env=env)
    sys.exit(1 if st else 0)

lib = ctypes.CDLL(os.environ.get("QED_LIB", os.path.join(ROOT, "build", "libqed.so")))
u8p = ctypes.c_char_p
lib.qed_backend_name.restype = ctypes.c_char_p
lib.qed_backend_name.argtypes = []
backend = lib.qed_backend_name().decode()
if backend != os.environ["QED_BACKEND"]:
    print("backend %s not available (got %s): skipped" % (os.environ["QED_BACKEND"], backend))
    sys.exit(0)


class Ctx(ctypes.Structure):
    _fields_ = [("r", ctypes.c_uint64 * 3), ("h", ctypes.c_uint64 * 3),
                ("pad", ctypes.c_uint64 * 2), ("buf", ctypes.c_uint8 * 16),
                ("buflen", ctypes.c_uint32), ("phase", ctypes.c_uint32)]


for name, args in [
    ("qed_crypto_onetimeauth", [ctypes.c_void_p, u8p, ctypes.c_size_t, u8p]),
    ("qed_crypto_onetimeauth_verify", [u8p, u8p, ctypes.c_size_t, u8p]),
    ("qed_poly1305_init", [ctypes.c_void_p, u8p]),
    ("qed_poly1305_update", [ctypes.c_void_p, u8p, ctypes.c_size_t]),
    ("qed_poly1305_final", [ctypes.c_void_p, ctypes.c_void_p]),
]:
    f = getattr(lib, name)
    f.argtypes = args
    f.restype = ctypes.c_int
lib.qed_poly1305_init.restype = None

CANARY = 0xA5
P = 2**130 - 5

sodium = ctypes.CDLL(nacl._sodium.__file__)
sodium.sodium_init.restype = ctypes.c_int
sodium.sodium_init()
for name, args in [
    ("crypto_onetimeauth_poly1305", [ctypes.c_void_p, u8p, ctypes.c_ulonglong, u8p]),
    ("crypto_onetimeauth_poly1305_verify", [u8p, u8p, ctypes.c_ulonglong, u8p]),
]:
    f = getattr(sodium, name)
    f.argtypes = args
    f.restype = ctypes.c_int


def sodium_tag(m, key):
    buf = ctypes.create_string_buffer(16)
    sodium.crypto_onetimeauth_poly1305(buf, m, len(m), key)
    return buf.raw


def ref_poly1305(m, key):
    """RFC 8439 section 2.5.1, in Python integers."""
    r = int.from_bytes(key[:16], "little") & 0x0ffffffc0ffffffc0ffffffc0fffffff
    s = int.from_bytes(key[16:], "little")
    a = 0
    for i in range(0, len(m), 16):
        a = (a + int.from_bytes(m[i:i + 16] + b"\x01", "little")) * r % P
    return ((a + s) % 2**128).to_bytes(16, "little")


def qed_tag(m, key):
    buf = ctypes.create_string_buffer(bytes([CANARY]) * 32, 32)
    rc = lib.qed_crypto_onetimeauth(buf, m, len(m), key)
    raw = buf.raw
    return rc, raw[:16], all(b == CANARY for b in raw[16:])


def qed_stream(m, key, rng):
    ctx = Ctx()
    lib.qed_poly1305_init(ctypes.byref(ctx), key)
    pos = 0
    while pos < len(m):
        n = rng.choice([0, 1, 15, 16, 17, 64, rng.randrange(0, 300), rng.randrange(0, 5000)])
        n = min(n, len(m) - pos)
        piece = m[pos:pos + n]
        if lib.qed_poly1305_update(ctypes.byref(ctx), piece, n) != 0:
            return None
        pos += n
    buf = ctypes.create_string_buffer(16)
    if lib.qed_poly1305_final(ctypes.byref(ctx), buf) != 0:
        return None
    return buf.raw


def key_for(rng, i):
    k = i % 10
    if k == 0:
        return b"\xff" * 32
    if k == 1:
        return b"\xff" * 16 + bytes(16)
    if k == 2:
        return bytes([rng.choice([0, 0xff]) for _ in range(32)])
    return rng.randbytes(32)


def msg_for(rng, i):
    k = i % 7
    if k == 6 and i % 21 == 6:
        n = rng.choice([65536, 65535, 65537, rng.randrange(4096, 70000)])
    elif k == 5:
        n = rng.randrange(256, 4200)
    else:
        n = rng.randrange(0, 200)
    kind = (i // 7) % 4
    if kind == 0:
        return b"\xff" * n
    if kind == 1:
        return bytes(n)
    return rng.randbytes(n)


def main():
    seed = int(os.environ.get("QED_DIFF_SEED", random.SystemRandom().randrange(2**63)))
    print("seed %d, backend %s, %d cases" % (seed, backend, CASES), flush=True)
    rng = random.Random(seed)
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            if failed <= 20:
                print("FAIL:", what, flush=True)

    for i in range(CASES):
        key = key_for(rng, i)
        m = msg_for(rng, i)
        want = sodium_tag(m, key)
        rc, tag, clean = qed_tag(m, key)
        check(rc == 0 and tag == want and clean, "case %d: one-shot vs PyNaCl, len %d" % (i, len(m)))
        check(Poly1305.generate_tag(key, m) == tag, "case %d: vs cryptography, len %d" % (i, len(m)))
        check(ref_poly1305(m, key) == tag, "case %d: vs big integers, len %d" % (i, len(m)))
        check(qed_stream(m, key, rng) == want, "case %d: streaming, len %d" % (i, len(m)))
        check(lib.qed_crypto_onetimeauth_verify(want, m, len(m), key) == 0,
              "case %d: verify right tag" % i)
        bit = rng.randrange(128)
        bad = bytearray(want)
        bad[bit // 8] ^= 1 << (bit % 8)
        bad = bytes(bad)
        check(lib.qed_crypto_onetimeauth_verify(bad, m, len(m), key) == -1,
              "case %d: verify flipped tag bit %d" % (i, bit))
        check(sodium.crypto_onetimeauth_poly1305_verify(bad, m, len(m), key) == -1,
              "case %d: PyNaCl's libsodium agrees the flipped tag is wrong" % i)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


sys.exit(main())
