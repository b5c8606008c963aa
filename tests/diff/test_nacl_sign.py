#!/usr/bin/env python3
"""Randomized differential tests of qed's Ed25519 (include/qed/nacl.h).

    .venv/bin/python tests/diff/test_nacl_sign.py   (usually: make test-diff-nacl-sign)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a run;
the seed is printed first), QED_DIFF_SCALE (multiply the case counts).

References (tests/nacl/requirements.txt):
    PyNaCl        nacl.bindings.crypto_sign_seed_keypair / crypto_sign /
                  crypto_sign_open (libsodium 1.0.18+ rules: the verdicts
                  must be equal on every case)
    cryptography  Ed25519PrivateKey.sign / Ed25519PublicKey.verify
                  (OpenSSL): identical signatures; equal verdicts on valid
                  and randomly mutated signatures
    big integers  the scalar arithmetic mod L (qed_sc25519_reduce and
                  qed_sc25519_muladd, exported internals) against Python's
                  integers on random and edge values

The last line is `N passed, M failed`; the exit status is 1 on any failure.
"""

import ctypes
import os
import random
import sys

import nacl.bindings
import nacl.exceptions
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))

lib = ctypes.CDLL(os.environ.get("QED_LIB", os.path.join(ROOT, "build", "libqed.so")))
u8p = ctypes.c_char_p
szp = ctypes.POINTER(ctypes.c_size_t)
for name, args in [
    ("qed_crypto_sign_seed_keypair", [ctypes.c_void_p, ctypes.c_void_p, u8p]),
    ("qed_crypto_sign_detached", [ctypes.c_void_p, u8p, ctypes.c_size_t, u8p]),
    ("qed_crypto_sign", [ctypes.c_void_p, szp, u8p, ctypes.c_size_t, u8p]),
    ("qed_crypto_sign_verify_detached", [u8p, u8p, ctypes.c_size_t, u8p]),
    ("qed_crypto_sign_open", [ctypes.c_void_p, szp, u8p, ctypes.c_size_t, u8p]),
    ("qed_sc25519_reduce", [ctypes.c_void_p, u8p]),
    ("qed_sc25519_muladd", [ctypes.c_void_p, u8p, u8p, u8p]),
    ("qed_sc25519_is_canonical", [u8p]),
]:
    f = getattr(lib, name)
    f.argtypes = args
    f.restype = ctypes.c_int if "sc25519_re" not in name and "muladd" not in name else None

L = 2**252 + 27742317777372353535851937790883648493


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            if self.failed <= 20:
                print("FAIL:", what)


def q_keypair(seed):
    pk = ctypes.create_string_buffer(32)
    sk = ctypes.create_string_buffer(64)
    r = lib.qed_crypto_sign_seed_keypair(pk, sk, seed)
    return r, pk.raw, sk.raw


def q_sign(m, sk):
    sig = ctypes.create_string_buffer(64)
    r = lib.qed_crypto_sign_detached(sig, m, len(m), sk)
    return r, sig.raw


def q_verify(sig, m, pk):
    return lib.qed_crypto_sign_verify_detached(sig, m, len(m), pk)


def q_open(sm, pk):
    n = max(len(sm) - 64, 0)
    m = ctypes.create_string_buffer(b"\x5a" * n, n + 1)
    mlen = ctypes.c_size_t(12345)
    r = lib.qed_crypto_sign_open(m, ctypes.byref(mlen), sm, len(sm), pk)
    return r, m.raw[:n], mlen.value


def sodium_verify(sig, m, pk):
    try:
        nacl.bindings.crypto_sign_open(sig + m, pk)
        return 0
    except nacl.exceptions.BadSignatureError:
        return -1
    except ValueError:
        return -1


def ossl_verify(sig, m, pk):
    try:
        Ed25519PublicKey.from_public_bytes(pk).verify(sig, m)
        return 0
    except InvalidSignature:
        return -1
    except ValueError:
        return -1


def mutate(rng, b):
    b = bytearray(b)
    kind = rng.randrange(4)
    if kind == 0:
        i = rng.randrange(len(b) * 8)
        b[i // 8] ^= 1 << (i % 8)
    elif kind == 1:
        i = rng.randrange(len(b))
        b[i] = rng.randrange(256)
    elif kind == 2:
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(b))
            b[i] ^= rng.randrange(1, 256)
    else:
        b = bytearray(rng.randbytes(len(b)))
    return bytes(b)


def main():
    seed = int(os.environ.get("QED_DIFF_SEED", random.SystemRandom().randrange(2**32)))
    print("QED_DIFF_SEED=%d" % seed)
    rng = random.Random(seed)
    t = Tally()

    n_sign = max(1, int(3000 * SCALE))
    for i in range(n_sign):
        sd = rng.randbytes(32)
        mlen = rng.choice([0, 1, 31, 32, 63, 64, 65, 111, 112, 127, 128, 129, 255, 256, rng.randrange(2048)])
        m = rng.randbytes(mlen)
        r, pk, sk = q_keypair(sd)
        spk, ssk = nacl.bindings.crypto_sign_seed_keypair(sd)
        t.check(r == 0 and pk == spk and sk == ssk, "keypair %d" % i)
        r, sig = q_sign(m, sk)
        ssig = nacl.bindings.crypto_sign(m, ssk)[:64]
        osig = Ed25519PrivateKey.from_private_bytes(sd).sign(m)
        t.check(r == 0 and sig == ssig == osig, "signature %d (mlen %d)" % (i, mlen))
        t.check(q_verify(sig, m, pk) == 0, "verify %d" % i)
        ro, mo, molen = q_open(sig + m, pk)
        t.check(ro == 0 and mo == m and molen == mlen, "open %d" % i)
        # mutations of the signature, the message, the public key
        for _ in range(3):
            what = rng.randrange(3)
            s2, m2, pk2 = sig, m, pk
            if what == 0:
                s2 = mutate(rng, sig)
            elif what == 1 and mlen > 0:
                m2 = mutate(rng, m)
            else:
                pk2 = mutate(rng, pk)
            v = q_verify(s2, m2, pk2)
            vs = sodium_verify(s2, m2, pk2)
            t.check(v == vs, "mutated case %d/%d: qed %d, libsodium %d" % (i, what, v, vs))
            vo = ossl_verify(s2, m2, pk2)
            # OpenSSL differs from libsodium only on small-order keys / R,
            # which random mutations essentially never produce
            t.check(v == vo, "mutated case %d/%d: qed %d, OpenSSL %d" % (i, what, v, vo))
            ro, mo, molen = q_open(s2 + m2, pk2)
            t.check(ro == v and (ro == 0 or (molen == 0 and mo == b"\0" * len(m2))),
                    "open mutated %d" % i)

    # S + k L (k = 1..15 while it fits in 256 bits): rejected by all three
    for i in range(max(1, int(200 * SCALE))):
        sd = rng.randbytes(32)
        m = rng.randbytes(rng.randrange(100))
        _, pk, sk = q_keypair(sd)
        _, sig = q_sign(m, sk)
        s = int.from_bytes(sig[32:], "little")
        k = rng.randrange(1, 16)
        if s + k * L < 2**256:
            s2 = sig[:32] + (s + k * L).to_bytes(32, "little")
            t.check(q_verify(s2, m, pk) == -1 and sodium_verify(s2, m, pk) == -1,
                    "S + %d L accepted (case %d)" % (k, i))

    # the scalar arithmetic against Python integers
    n_sc = max(1, int(5000 * SCALE))
    edges = [0, 1, L - 1, L, L + 1, 2 * L, 2**252, 2**253 - 1, 2**256 - 1, 2**512 - 1,
             2**512 - L, L * L, (2**256 - 1) * (2**256 - 1)]
    for i in range(n_sc + len(edges)):
        x = edges[i] if i < len(edges) else rng.randrange(2**rng.choice([64, 253, 256, 300, 512]))
        out = ctypes.create_string_buffer(32)
        lib.qed_sc25519_reduce(out, x.to_bytes(64, "little"))
        t.check(int.from_bytes(out.raw, "little") == x % L, "reduce %x" % x)
    e256 = [0, 1, L - 1, L, 2**255 - 1, 2**256 - 1]
    for i in range(n_sc):
        a, b, c = (rng.choice(e256) if rng.randrange(8) == 0 else rng.randrange(2**256)
                   for _ in range(3))
        out = ctypes.create_string_buffer(32)
        lib.qed_sc25519_muladd(out, a.to_bytes(32, "little"), b.to_bytes(32, "little"),
                               c.to_bytes(32, "little"))
        t.check(int.from_bytes(out.raw, "little") == (a * b + c) % L,
                "muladd %x %x %x" % (a, b, c))
    for x in [0, 1, L - 1, L, L + 1, 2**256 - 1] + [rng.randrange(2**256) for _ in range(1000)]:
        t.check(lib.qed_sc25519_is_canonical(x.to_bytes(32, "little")) == (1 if x < L else 0),
                "is_canonical %x" % x)

    print("%d passed, %d failed" % (t.passed, t.failed))
    return 1 if t.failed else 0


if __name__ == "__main__":
    sys.exit(main())
