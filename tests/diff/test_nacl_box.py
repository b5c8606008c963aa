#!/usr/bin/env python3
"""Randomized differential tests of qed's Salsa20, XSalsa20, secretbox and
box (include/qed/nacl.h).

    .venv/bin/python tests/diff/test_nacl_box.py   (usually: make test-diff-nacl-box,
                                                    once per CPU backend)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a run;
the seed is printed first), QED_DIFF_SCALE (multiply the case counts).

References (tests/nacl/requirements.txt, tests/diff/requirements.txt):
    pycryptodome  Crypto.Cipher.Salsa20 (Salsa20/20, 8-byte nonce; no seek,
                  so the counter offset is taken from a longer stream)
    HSalsa20      written here in Python integers from the XSalsa20 paper;
                  XSalsa20 = pycryptodome's Salsa20 under its subkey
    PyNaCl        nacl.bindings (libsodium): crypto_secretbox(_open) and
                  crypto_box(_open), whose output is tag || ciphertext (qed's
                  easy form), crypto_box_beforenm, crypto_box_afternm,
                  crypto_box_seed_keypair

Lengths are drawn around the block sizes (0..300, around multiples of 64
and 512, up to 5000), buffers at random offsets; every output is checked,
with nothing written past its end; forged boxes (one flipped bit) must give
-1 and an all-zero output.  The last line is `N passed, M failed`; the exit
status is 1 on any failure.
"""

import ctypes
import os
import random
import sys

import nacl.bindings as nb
import nacl.exceptions
from Crypto.Cipher import Salsa20

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))
CASES = max(1, int(1500 * SCALE))

lib = ctypes.CDLL(os.environ.get("QED_LIB", os.path.join(ROOT, "build", "libqed.so")))
vp = ctypes.c_void_p
sz = ctypes.c_size_t
for name, args in [
    ("qed_crypto_core_hsalsa20", [vp, vp, vp, vp]),
    ("qed_crypto_stream_salsa20_xor_ic", [vp, vp, sz, vp, ctypes.c_uint64, vp]),
    ("qed_crypto_stream_xsalsa20_xor", [vp, vp, sz, vp, vp]),
    ("qed_crypto_stream_xsalsa20", [vp, sz, vp, vp]),
    ("qed_crypto_secretbox_easy", [vp, vp, sz, vp, vp]),
    ("qed_crypto_secretbox_open_easy", [vp, vp, sz, vp, vp]),
    ("qed_crypto_secretbox", [vp, vp, sz, vp, vp]),
    ("qed_crypto_secretbox_open", [vp, vp, sz, vp, vp]),
    ("qed_crypto_box_easy", [vp, vp, sz, vp, vp, vp]),
    ("qed_crypto_box_open_easy", [vp, vp, sz, vp, vp, vp]),
    ("qed_crypto_box_beforenm", [vp, vp, vp]),
    ("qed_crypto_box_seed_keypair", [vp, vp, vp]),
]:
    if not hasattr(lib, name):   # seed_keypair comes with SHA-512
        continue
    f = getattr(lib, name)
    f.argtypes = args
    f.restype = ctypes.c_int

CANARY = 0xA5
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 20:
            print("FAIL:", what)


def M32(x):
    return x & 0xFFFFFFFF


def rotl(x, n):
    return M32((x << n) | (x >> (32 - n)))


def hsalsa20(k, n16):
    """HSalsa20 from the XSalsa20 paper: 20 rounds, no feed-forward, words
    0, 5, 10, 15, 6, 7, 8, 9."""
    le = lambda b, i: int.from_bytes(b[4 * i:4 * i + 4], "little")
    c = b"expand 32-byte k"
    x = [0] * 16
    x[0], x[5], x[10], x[15] = (le(c, i) for i in range(4))
    x[1:5] = [le(k, i) for i in range(4)]
    x[11:15] = [le(k, i) for i in range(4, 8)]
    x[6:10] = [le(n16, i) for i in range(4)]

    def qr(a, b, cc, d):
        x[b] ^= rotl(M32(x[a] + x[d]), 7)
        x[cc] ^= rotl(M32(x[b] + x[a]), 9)
        x[d] ^= rotl(M32(x[cc] + x[b]), 13)
        x[a] ^= rotl(M32(x[d] + x[cc]), 18)

    for _ in range(10):
        qr(0, 4, 8, 12); qr(5, 9, 13, 1); qr(10, 14, 2, 6); qr(15, 3, 7, 11)
        qr(0, 1, 2, 3); qr(5, 6, 7, 4); qr(10, 11, 8, 9); qr(15, 12, 13, 14)
    return b"".join(x[i].to_bytes(4, "little") for i in (0, 5, 10, 15, 6, 7, 8, 9))


def salsa20_ref(k, n8, ic, data):
    """pycryptodome's Salsa20 from block ic on (it has no seek: encrypt
    64*ic zero bytes first)."""
    ci = Salsa20.new(key=k, nonce=n8)
    if ic:
        ci.encrypt(bytes(64 * ic))
    return ci.encrypt(data)


def rnd_len(r):
    pick = r.randrange(4)
    if pick == 0:
        return r.randrange(301)
    if pick == 1:
        return max(0, 64 * r.randrange(1, 40) + r.randrange(-2, 3))
    if pick == 2:
        return max(0, 512 * r.randrange(1, 10) + r.randrange(-65, 66))
    return r.randrange(5001)


def call_out(fn, outlen, *args):
    """Run fn(out, *args) with out at a random offset in a canary-filled
    buffer; returns (result, out bytes, canaries intact)."""
    off = random.randrange(16)
    buf = ctypes.create_string_buffer(bytes([CANARY]) * (outlen + off + 16))
    r = fn(ctypes.byref(buf, off), *args)
    raw = buf.raw
    intact = raw[:off] == bytes([CANARY]) * off and \
        raw[off + outlen:off + outlen + 16] == bytes([CANARY]) * 16
    return r, raw[off:off + outlen], intact


def main():
    seed = int(os.environ.get("QED_DIFF_SEED", random.SystemRandom().randrange(2**32)))
    print("QED_DIFF_SEED=%d" % seed)
    r = random.Random(seed)
    random.seed(seed + 1)
    rb = lambda n: bytes(r.getrandbits(8) for _ in range(n))

    # HSalsa20 against the Python model
    for _ in range(200):
        k, n = rb(32), rb(16)
        out = ctypes.create_string_buffer(32)
        lib.qed_crypto_core_hsalsa20(out, n, k, None)
        check(out.raw == hsalsa20(k, n), "hsalsa20")

    for i in range(CASES):
        k, n24 = rb(32), rb(24)
        mlen = rnd_len(r)
        m = rb(mlen)
        # Salsa20 from block ic, ic small (pycryptodome has no seek)
        ic = r.randrange(8)
        res, out, ok = call_out(lib.qed_crypto_stream_salsa20_xor_ic, mlen, m, mlen, n24[:8], ic, k)
        check(res == 0 and ok and out == salsa20_ref(k, n24[:8], ic, m), "salsa20 len %d ic %d" % (mlen, ic))
        # XSalsa20 = Salsa20 under HSalsa20's subkey
        want = salsa20_ref(hsalsa20(k, n24[:16]), n24[16:], 0, m)
        res, out, ok = call_out(lib.qed_crypto_stream_xsalsa20_xor, mlen, m, mlen, n24, k)
        check(res == 0 and ok and out == want, "xsalsa20 xor len %d" % mlen)
        res, out, ok = call_out(lib.qed_crypto_stream_xsalsa20, mlen, mlen, n24, k)
        check(res == 0 and ok and out == salsa20_ref(hsalsa20(k, n24[:16]), n24[16:], 0, bytes(mlen)),
              "xsalsa20 keystream len %d" % mlen)
        # secretbox: PyNaCl's output is tag || ciphertext
        want = nb.crypto_secretbox(m, n24, k)
        res, out, ok = call_out(lib.qed_crypto_secretbox_easy, mlen + 16, m, mlen, n24, k)
        check(res == 0 and ok and out == want, "secretbox_easy len %d" % mlen)
        res, out, ok = call_out(lib.qed_crypto_secretbox, mlen + 32, bytes(32) + m, mlen + 32, n24, k)
        check(res == 0 and ok and out == bytes(16) + want, "secretbox (NaCl form) len %d" % mlen)
        res, out, ok = call_out(lib.qed_crypto_secretbox_open_easy, mlen, want, mlen + 16, n24, k)
        check(res == 0 and ok and out == m, "secretbox_open_easy len %d" % mlen)
        # a forged box: one bit flipped anywhere
        bad = bytearray(want)
        bit = r.randrange(8 * len(bad))
        bad[bit // 8] ^= 1 << (bit % 8)
        res, out, ok = call_out(lib.qed_crypto_secretbox_open_easy, mlen, bytes(bad), mlen + 16, n24, k)
        check(res == -1 and ok and out == bytes(mlen), "forged secretbox len %d bit %d" % (mlen, bit))
        res, out, ok = call_out(lib.qed_crypto_secretbox_open, mlen + 32, bytes(16) + bytes(bad), mlen + 32, n24, k)
        check(res == -1 and ok and out == bytes(mlen + 32), "forged secretbox (NaCl form) len %d" % mlen)
        try:
            nb.crypto_secretbox_open(bytes(bad), n24, k)
            check(False, "PyNaCl accepted a forged box")
        except nacl.exceptions.CryptoError:
            pass
        if i % 5:
            continue
        # box: seed key pairs, beforenm, easy box both ways
        sa, sb = rb(32), rb(32)
        apk, ask = nb.crypto_box_seed_keypair(sa)
        bpk, bsk = nb.crypto_box_seed_keypair(sb)
        pk = ctypes.create_string_buffer(32)
        sk = ctypes.create_string_buffer(32)
        if hasattr(lib, "qed_crypto_box_seed_keypair"):
            res = lib.qed_crypto_box_seed_keypair(pk, sk, sa)
            check(res == 0 and pk.raw == apk and sk.raw == ask, "box_seed_keypair")
        kk = ctypes.create_string_buffer(32)
        res = lib.qed_crypto_box_beforenm(kk, bpk, ask)
        check(res == 0 and kk.raw == nb.crypto_box_beforenm(bpk, ask), "box_beforenm")
        want = nb.crypto_box(m, n24, bpk, ask)
        res, out, ok = call_out(lib.qed_crypto_box_easy, mlen + 16, m, mlen, n24, bpk, ask)
        check(res == 0 and ok and out == want, "box_easy len %d" % mlen)
        check(nb.crypto_box_afternm(m, n24, kk.raw) == want, "PyNaCl afternm")
        res, out, ok = call_out(lib.qed_crypto_box_open_easy, mlen, want, mlen + 16, n24, apk, bsk)
        check(res == 0 and ok and out == m, "box_open_easy len %d" % mlen)
        fb = bytearray(want)
        fb[r.randrange(len(fb))] ^= 1 << r.randrange(8)
        res, out, ok = call_out(lib.qed_crypto_box_open_easy, mlen, bytes(fb), mlen + 16, n24, apk, bsk)
        check(res == -1 and ok and out == bytes(mlen), "forged box len %d" % mlen)

    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
