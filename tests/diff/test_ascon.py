#!/usr/bin/env python3
"""Randomized differential tests of qed's Ascon family (include/qed/ascon.h).

    .venv/bin/python tests/diff/test_ascon.py      (usually: make test-diff-ascon)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a run;
the seed is printed first), QED_DIFF_SCALE (multiply the case counts).

References:
    permutation, Ascon-Hash v1.2, Ascon-Xof v1.2
                 the designers' pure-Python `ascon` package (pyascon 0.0.9,
                 tests/ascon/requirements.txt)
    Ascon-AEAD128, Ascon-Hash256, Ascon-XOF128, Ascon-CXOF128
                 no PyPI release implements SP 800-232 yet, so a plain model
                 of the standard's algorithms written here on top of the
                 package's permutation (little-endian lanes, 0x01 padding,
                 the SP 800-232 IVs); the model is first checked against a
                 few ascon-c KAT values.

Each case also checks that the output was not written past its end.  The
last line is `N passed, M failed`; the exit status is 1 on any failure.
"""

import ctypes
import os
import random
import sys

from ascon._ascon import ascon_hash
from ascon._ascon import ascon_permutation

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))
CASES = max(1, int(1000 * SCALE))

lib = ctypes.CDLL(os.environ.get("QED_LIB", os.path.join(ROOT, "build", "libqed.so")))
u8p = ctypes.c_char_p
sz = ctypes.c_size_t
for name, args, res in [
    ("qed_ascon_permute", [ctypes.POINTER(ctypes.c_uint64), ctypes.c_uint], None),
    ("qed_ascon_hash_v12", [ctypes.c_void_p, u8p, sz], None),
    ("qed_ascon_xof_v12", [ctypes.c_void_p, sz, u8p, sz], None),
    ("qed_ascon_hash256", [ctypes.c_void_p, u8p, sz], None),
    ("qed_ascon_xof128", [ctypes.c_void_p, sz, u8p, sz], None),
    ("qed_ascon_cxof128", [ctypes.c_void_p, sz, u8p, sz, u8p, sz], ctypes.c_int),
    ("qed_ascon_aead128_encrypt", [ctypes.c_void_p, ctypes.c_void_p, u8p, sz, u8p, sz, u8p, u8p], ctypes.c_int),
    ("qed_ascon_aead128_decrypt", [ctypes.c_void_p, u8p, sz, u8p, u8p, sz, u8p, u8p], ctypes.c_int),
    ("qed_ascon_hash256_init", [ctypes.c_void_p], None),
    ("qed_ascon_hash256_update", [ctypes.c_void_p, u8p, sz], ctypes.c_int),
    ("qed_ascon_hash256_final", [ctypes.c_void_p, ctypes.c_void_p], ctypes.c_int),
    ("qed_ascon_xof128_init", [ctypes.c_void_p], None),
    ("qed_ascon_cxof128_init", [ctypes.c_void_p, u8p, sz], ctypes.c_int),
    ("qed_ascon_xof_update", [ctypes.c_void_p, u8p, sz], ctypes.c_int),
    ("qed_ascon_xof_squeeze", [ctypes.c_void_p, ctypes.c_void_p, sz], ctypes.c_int),
]:
    f = getattr(lib, name)
    f.argtypes = args
    f.restype = res

CANARY = 0xA5


class Out:
    """An output buffer with canary bytes after its end."""
    def __init__(self, n):
        self.n = n
        self.buf = ctypes.create_string_buffer(bytes([CANARY]) * (n + 16), n + 16)

    def value(self):
        raw = self.buf.raw
        return raw[:self.n], all(b == CANARY for b in raw[self.n:])


# ---- the SP 800-232 model ----------------------------------------------------

M64 = (1 << 64) - 1
IV_AEAD128 = 0x00001000808C0001
IV_HASH256 = 0x0000080100CC0002
IV_XOF128 = 0x0000080000CC0003
IV_CXOF128 = 0x0000080000CC0004


def le(b):
    return int.from_bytes(b, "little")


def pad(s, rate):
    s = s + b"\x01"
    return s + b"\x00" * (-len(s) % rate)


def model_sponge(iv, msg, outlen, custom=None):
    S = [iv, 0, 0, 0, 0]
    ascon_permutation(S, 12)
    if custom is not None:
        S[0] ^= 8 * len(custom)
        ascon_permutation(S, 12)
        p = pad(custom, 8)
        for i in range(0, len(p), 8):
            S[0] ^= le(p[i:i + 8])
            ascon_permutation(S, 12)
    p = pad(msg, 8)
    for i in range(0, len(p), 8):
        S[0] ^= le(p[i:i + 8])
        ascon_permutation(S, 12)
    out = b""
    while len(out) < outlen:
        out += S[0].to_bytes(8, "little")
        ascon_permutation(S, 12)
    return out[:outlen]


def model_aead(key, nonce, ad, m):
    k0, k1 = le(key[:8]), le(key[8:])
    S = [IV_AEAD128, k0, k1, le(nonce[:8]), le(nonce[8:])]
    ascon_permutation(S, 12)
    S[3] ^= k0
    S[4] ^= k1
    if ad:
        p = pad(ad, 16)
        for i in range(0, len(p), 16):
            S[0] ^= le(p[i:i + 8])
            S[1] ^= le(p[i + 8:i + 16])
            ascon_permutation(S, 8)
    S[4] ^= 1 << 63
    p = pad(m, 16)
    c = b""
    for i in range(0, len(p), 16):
        S[0] ^= le(p[i:i + 8])
        S[1] ^= le(p[i + 8:i + 16])
        c += S[0].to_bytes(8, "little") + S[1].to_bytes(8, "little")
        if i + 16 < len(p):
            ascon_permutation(S, 8)
    c = c[:len(m)]
    S[2] ^= k0
    S[3] ^= k1
    ascon_permutation(S, 12)
    tag = ((S[3] ^ k0) & M64).to_bytes(8, "little") + ((S[4] ^ k1) & M64).to_bytes(8, "little")
    return c, tag


# ---- the tests -----------------------------------------------------------------

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 30:
            print("FAIL:", what)


def model_selfcheck():
    # ascon-c KATs (tests/vectors/ascon), first records.
    h = bytes.fromhex("0B3BE5850F2F6B98CAF29F8FDEA89B64A1FA70AA249B8F839BD53BAA304D92B2")
    check(model_sponge(IV_HASH256, b"", 32) == h, "model Hash256('')")
    x = bytes.fromhex("473D5E6164F58B39DFD84AACDB8AE42EC2D91FED33388EE0D960D9B3993295C6")
    check(model_sponge(IV_XOF128, b"", 32) == x, "model XOF128('')")
    cx = bytes.fromhex("0C93A483E7D574D49FE52CCE03EE646117977D57A8AA57704AB4DAF44B501430")
    check(model_sponge(IV_CXOF128, b"", 32, b"\x10") == cx, "model CXOF128('', Z=10)")
    key = bytes(range(16))
    nonce = bytes(range(16, 32))
    c, t = model_aead(key, nonce, b"", b"")
    check(c + t == bytes.fromhex("4F9C278211BEC9316BF68F46EE8B2EC6"), "model AEAD128 KAT 1")
    c, t = model_aead(key, nonce, b"\x30", b"")
    check(c + t == bytes.fromhex("CCCB674FE18A09A285D6AB11B35675C0"), "model AEAD128 KAT 2")


def rand_len(rng, hi):
    r = rng.random()
    if r < 0.5:
        return rng.randrange(0, 50)
    return rng.randrange(0, hi)


def test_permutation(rng):
    for _ in range(CASES):
        S = [rng.getrandbits(64) for _ in range(5)]
        r = rng.randrange(1, 13)
        arr = (ctypes.c_uint64 * 5)(*S)
        lib.qed_ascon_permute(arr, r)
        ascon_permutation(S, r)
        check(list(arr) == S, "permute rounds %d" % r)


def test_v12(rng):
    for _ in range(CASES):
        msg = rng.randbytes(rand_len(rng, 600))
        o = Out(32)
        lib.qed_ascon_hash_v12(o.buf, msg, len(msg))
        v, canary = o.value()
        check(v == ascon_hash(msg, "Ascon-Hash", 32) and canary, "hash v1.2 len %d" % len(msg))
        n = rand_len(rng, 300)
        o = Out(n)
        lib.qed_ascon_xof_v12(o.buf, n, msg, len(msg))
        v, canary = o.value()
        check(v == ascon_hash(msg, "Ascon-Xof", n) and canary, "xof v1.2 len %d out %d" % (len(msg), n))


def splits(rng, n):
    cuts = sorted(rng.randrange(0, n + 1) for _ in range(rng.randrange(0, 4)))
    prev, parts = 0, []
    for c in cuts + [n]:
        parts.append((prev, c))
        prev = c
    return parts


def test_final(rng):
    ctx = ctypes.create_string_buffer(256)
    for _ in range(CASES):
        msg = rng.randbytes(rand_len(rng, 600))
        # Hash256, one-shot and streaming
        ref = model_sponge(IV_HASH256, msg, 32)
        o = Out(32)
        lib.qed_ascon_hash256(o.buf, msg, len(msg))
        v, canary = o.value()
        check(v == ref and canary, "hash256 len %d" % len(msg))
        lib.qed_ascon_hash256_init(ctx)
        rc = 0
        for a, b in splits(rng, len(msg)):
            rc |= lib.qed_ascon_hash256_update(ctx, msg[a:b], b - a)
        o = Out(32)
        rc |= lib.qed_ascon_hash256_final(ctx, o.buf)
        v, canary = o.value()
        check(rc == 0 and v == ref and canary, "hash256 stream len %d" % len(msg))
        # XOF128 / CXOF128, one-shot and streaming
        n = rand_len(rng, 300)
        custom = rng.randbytes(rng.randrange(0, 257)) if rng.random() < 0.5 else None
        if custom is None:
            ref = model_sponge(IV_XOF128, msg, n)
            o = Out(n)
            lib.qed_ascon_xof128(o.buf, n, msg, len(msg))
            rc = 0
        else:
            ref = model_sponge(IV_CXOF128, msg, n, custom)
            o = Out(n)
            rc = lib.qed_ascon_cxof128(o.buf, n, msg, len(msg), custom, len(custom))
        v, canary = o.value()
        label = "cxof128" if custom is not None else "xof128"
        check(rc == 0 and v == ref and canary, "%s len %d out %d" % (label, len(msg), n))
        if custom is None:
            lib.qed_ascon_xof128_init(ctx)
            rc = 0
        else:
            rc = lib.qed_ascon_cxof128_init(ctx, custom, len(custom))
        for a, b in splits(rng, len(msg)):
            rc |= lib.qed_ascon_xof_update(ctx, msg[a:b], b - a)
        got = b""
        for a, b in splits(rng, n):
            o = Out(b - a)
            rc |= lib.qed_ascon_xof_squeeze(ctx, o.buf, b - a)
            v, canary = o.value()
            got += v
            rc |= 0 if canary else 1
        check(rc == 0 and got == ref, "%s stream len %d out %d" % (label, len(msg), n))


def test_aead(rng):
    for _ in range(CASES):
        key, nonce = rng.randbytes(16), rng.randbytes(16)
        ad = rng.randbytes(rand_len(rng, 200))
        m = rng.randbytes(rand_len(rng, 400))
        rc_, rt = model_aead(key, nonce, ad, m)
        c, t = Out(len(m)), Out(16)
        rc = lib.qed_ascon_aead128_encrypt(c.buf, t.buf, m, len(m), ad, len(ad), nonce, key)
        cv, ok1 = c.value()
        tv, ok2 = t.value()
        check(rc == 0 and cv == rc_ and tv == rt and ok1 and ok2,
              "aead128 encrypt mlen %d adlen %d" % (len(m), len(ad)))
        p = Out(len(m))
        rc = lib.qed_ascon_aead128_decrypt(p.buf, rc_, len(m), rt, ad, len(ad), nonce, key)
        pv, ok = p.value()
        check(rc == 0 and pv == m and ok, "aead128 decrypt mlen %d adlen %d" % (len(m), len(ad)))
        bad = bytearray(rt)
        bad[rng.randrange(16)] ^= 1 << rng.randrange(8)
        p = Out(len(m))
        rc = lib.qed_ascon_aead128_decrypt(p.buf, rc_, len(m), bytes(bad), ad, len(ad), nonce, key)
        pv, ok = p.value()
        check(rc == -1 and pv == bytes(len(m)) and ok, "aead128 forged tag mlen %d" % len(m))


def main():
    seed = int(os.environ.get("QED_DIFF_SEED", random.SystemRandom().randrange(1 << 32)))
    print("seed", seed)
    model_selfcheck()
    for i, t in enumerate([test_permutation, test_v12, test_final, test_aead]):
        t(random.Random(seed * 8 + i))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed or not passed else 0)


if __name__ == "__main__":
    main()
