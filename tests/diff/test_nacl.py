#!/usr/bin/env python3
"""Randomized differential tests of qed's X25519 (include/qed/nacl.h).

    .venv/bin/python tests/diff/test_nacl.py      (usually: make test-diff-nacl)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a run;
the seed is printed first), QED_DIFF_SCALE (multiply the case counts).

References (tests/nacl/requirements.txt):
    PyNaCl        nacl.bindings.crypto_scalarmult / crypto_scalarmult_base
                  (libsodium; raises on an all-zero result, as qed returns -1)
    cryptography  X25519PrivateKey.exchange (OpenSSL; raises on all-zero)
    big integers  RFC 7748's ladder written here in Python integers, also
                  used on the field itself: qed_fe25519_frombytes / tobytes /
                  invert (exported, internal) on random and edge values

Each case checks the output, the return code (0, or -1 with 32 zero bytes
when the result is zero) and that nothing was written past 32 bytes.  The
last line is `N passed, M failed`; the exit status is 1 on any failure.
"""

import ctypes
import os
import random
import sys

import nacl.bindings
import nacl.exceptions
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PublicKey

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))
CASES = max(1, int(3000 * SCALE))

lib = ctypes.CDLL(os.environ.get("QED_LIB", os.path.join(ROOT, "build", "libqed.so")))
u8p = ctypes.c_char_p


class Fe(ctypes.Structure):
    _fields_ = [("v%d" % i, ctypes.c_uint64) for i in range(5)]


for name, args, res in [
    ("qed_crypto_scalarmult", [ctypes.c_void_p, u8p, u8p], ctypes.c_int),
    ("qed_crypto_scalarmult_base", [ctypes.c_void_p, u8p], ctypes.c_int),
    ("qed_fe25519_frombytes", [u8p], Fe),
    ("qed_fe25519_tobytes", [ctypes.c_void_p, Fe], None),
    ("qed_fe25519_invert", [Fe], Fe),
    ("qed_fe25519_freeze", [Fe], Fe),
]:
    f = getattr(lib, name)
    f.argtypes = args
    f.restype = res

P = 2**255 - 19
CANARY = 0xA5


def out32():
    return ctypes.create_string_buffer(bytes([CANARY]) * 48, 48)


def qed_scalarmult(n, p):
    buf = out32()
    r = lib.qed_crypto_scalarmult(buf, n, p)
    raw = buf.raw
    return r, raw[:32], all(b == CANARY for b in raw[32:])


def qed_base(n):
    buf = out32()
    r = lib.qed_crypto_scalarmult_base(buf, n)
    raw = buf.raw
    return r, raw[:32], all(b == CANARY for b in raw[32:])


# ---- RFC 7748 in Python integers -------------------------------------------

def decode_u(u):
    return int.from_bytes(u, "little") & ((1 << 255) - 1)


def decode_scalar(k):
    b = bytearray(k)
    b[0] &= 248
    b[31] &= 127
    b[31] |= 64
    return int.from_bytes(b, "little")


def x25519_int(k, u):
    k = decode_scalar(k)
    x1 = decode_u(u) % P
    x2, z2, x3, z3, swap = 1, 0, x1, 1, 0
    for t in range(254, -1, -1):
        kt = (k >> t) & 1
        swap ^= kt
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = kt
        A = (x2 + z2) % P; AA = A * A % P
        B = (x2 - z2) % P; BB = B * B % P
        E = (AA - BB) % P
        C = (x3 + z3) % P; D = (x3 - z3) % P
        DA = D * A % P; CB = C * B % P
        x3 = (DA + CB) ** 2 % P
        z3 = x1 * (DA - CB) ** 2 % P
        x2 = AA * BB % P
        z2 = E * (AA + 121665 * E) % P
    if swap:
        x2, x3, z2, z3 = x3, x2, z3, z2
    return (x2 * pow(z2, P - 2, P) % P).to_bytes(32, "little")


# ---- the tally ---------------------------------------------------------------

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 40:
            print("FAIL:", what)


def sodium_scalarmult(n, p):
    try:
        return nacl.bindings.crypto_scalarmult(n, p)
    except (nacl.exceptions.RuntimeError, nacl.exceptions.CryptoError, ValueError):
        return bytes(32)


def openssl_x25519(n, p):
    try:
        return X25519PrivateKey.from_private_bytes(n).exchange(
            X25519PublicKey.from_public_bytes(p))
    except ValueError:              # all-zero shared secret
        return bytes(32)


EDGE_U = [0, 1, 2, 9, P - 1, P, P + 1, P + 9, 2**255 - 1, 2**255 - 20,
          2**254, 2**255 + 9, 2**256 - 1, 2**256 - 19]
# the small-order points of Curve25519 (u = 0, 1, -1 and the order-8 ones)
SMALL_ORDER = [0, 1, P - 1,
               325606250916557431795983626356110631294008115727848805560023387167927233504,
               39382357235489614581723060781553021112529911719440698176882885853963445705823]


def one(n, u, rng):
    ups = u.to_bytes(32, "little") if u < 2**256 else None
    want = x25519_int(n, ups)
    r, q, clean = qed_scalarmult(n, ups)
    zero = want == bytes(32)
    check(q == want and clean and r == (-1 if zero else 0),
          "scalarmult n=%s u=%s: %s (%d), want %s" % (n.hex(), ups.hex(), q.hex(), r, want.hex()))
    check(sodium_scalarmult(n, ups) == want, "libsodium disagrees with the big-integer ladder")
    check(openssl_x25519(n, ups) == want, "OpenSSL disagrees with the big-integer ladder")


def main():
    seed = int(os.environ.get("QED_DIFF_SEED", random.SystemRandom().randrange(2**32)))
    print("test_nacl.py seed", seed)
    rng = random.Random(seed)

    # scalarmult: random scalars and points, and the edge points
    for i in range(CASES):
        n = bytes(rng.getrandbits(8) for _ in range(32))
        if i % 50 == 0:
            n = bytes([0xff] * 32) if i % 100 == 0 else bytes(32)
        if i % 7 == 0:
            u = rng.choice(EDGE_U + SMALL_ORDER)
            if rng.getrandbits(1):
                u |= 1 << 255 if u < 2**255 else 0
            u %= 2**256
        else:
            u = rng.getrandbits(256)
        one(n, u, rng)

    # scalarmult_base against PyNaCl's and cryptography's public keys
    for i in range(CASES):
        n = bytes(rng.getrandbits(8) for _ in range(32))
        r, q, clean = qed_base(n)
        want = nacl.bindings.crypto_scalarmult_base(n)
        check(r == 0 and clean and q == want, "scalarmult_base %s" % n.hex())
        from cryptography.hazmat.primitives import serialization
        pub = X25519PrivateKey.from_private_bytes(n).public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        check(pub == want, "OpenSSL public key disagrees")

    # Diffie-Hellman agreement with both libraries' keys
    for i in range(CASES // 10):
        a = bytes(rng.getrandbits(8) for _ in range(32))
        b = bytes(rng.getrandbits(8) for _ in range(32))
        pb = nacl.bindings.crypto_scalarmult_base(b)
        r, q, _ = qed_scalarmult(a, pb)
        check(r == 0 and q == nacl.bindings.crypto_scalarmult(b, qed_base(a)[1]),
              "DH agreement")

    # the field: decoding reduces mod p and drops bit 255, encoding is
    # canonical, inversion is x^(p-2)
    edges = [0, 1, 19, P - 2, P - 1, P, P + 1, 2**255 - 1, 2**255, 2**256 - 1,
             2**51 - 1, 2**51, 2**102 + 2**51 - 1]
    for i in range(CASES):
        x = rng.choice(edges) if i % 5 == 0 else rng.getrandbits(256)
        x %= 2**256
        s = x.to_bytes(32, "little")
        fe = lib.qed_fe25519_frombytes(s)
        limbs = [getattr(fe, "v%d" % k) for k in range(5)]
        val = sum(l << (51 * k) for k, l in enumerate(limbs))
        check(all(l < 2**51 for l in limbs) and val == x % 2**255,
              "frombytes %x" % x)
        buf = out32()
        lib.qed_fe25519_tobytes(buf, fe)
        check(buf.raw[:32] == ((x % 2**255) % P).to_bytes(32, "little")
              and all(b == CANARY for b in buf.raw[32:]), "tobytes %x" % x)
        inv = lib.qed_fe25519_invert(fe)
        fr = lib.qed_fe25519_freeze(inv)
        iv = sum(getattr(fr, "v%d" % k) << (51 * k) for k in range(5))
        check(iv == pow(x % 2**255, P - 2, P), "invert %x" % x)

    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
