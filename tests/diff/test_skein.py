#!/usr/bin/env python3
"""Randomized differential tests of qed's Skein family (include/qed/skein.h).

    .venv/bin/python tests/diff/test_skein.py      (usually: make test-diff-skein)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a run;
the seed is printed first), QED_DIFF_SCALE (multiply the case counts).

Reference: pyskein 1.0 (tests/skein/requirements.txt), a C extension written
independently of qed from the Skein team's code: Skein-256/512/1024 with any
output length, MAC key, personalization, nonce, tree mode, bit-length
messages, and Threefish-256/512/1024.  pyskein has no public-key field: a
plain UBI model written here on pyskein's Threefish (checked first against
pyskein's own hashes with the other fields) is the reference for it.

Cases: every output length 1..300 for each state size, every message length
around 1..4 blocks, random lengths, keys, fields, splits of the streaming
calls, bit lengths, tree parameters, and Threefish encrypt/decrypt.  Each
case also checks that the output was not written past its end.  The last
line is `N passed, M failed`; the exit status is 1 on any failure.
"""

import ctypes
import os
import random
import struct
import sys

import skein

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))

lib = ctypes.CDLL(os.environ.get("QED_LIB", os.path.join(ROOT, "build", "libqed.so")))
u8p = ctypes.c_char_p
sz = ctypes.c_size_t
vp = ctypes.c_void_p


class Params(ctypes.Structure):
    _fields_ = [("key", u8p), ("keylen", sz), ("pers", u8p), ("perslen", sz),
                ("pubkey", u8p), ("pubkeylen", sz), ("nonce", u8p),
                ("noncelen", sz), ("tree_leaf", ctypes.c_uint8),
                ("tree_fan", ctypes.c_uint8), ("tree_max", ctypes.c_uint8)]


SIGS = [("qed_skein_init", [vp, ctypes.c_uint, sz, ctypes.POINTER(Params)], ctypes.c_int),
        ("qed_skein_update", [vp, u8p, sz], ctypes.c_int),
        ("qed_skein_update_bits", [vp, u8p, sz], ctypes.c_int),
        ("qed_skein_final", [vp, vp], ctypes.c_int),
        ("qed_skein_tree_init", [vp, ctypes.c_uint, sz, ctypes.POINTER(Params)], ctypes.c_int),
        ("qed_skein_tree_update", [vp, u8p, sz], ctypes.c_int),
        ("qed_skein_tree_final", [vp, vp], ctypes.c_int)]
for bits in (256, 512, 1024):
    SIGS += [("qed_skein%d" % bits, [vp, sz, u8p, sz], ctypes.c_int),
             ("qed_skein%d_mac" % bits, [vp, sz, u8p, sz, u8p, sz], ctypes.c_int),
             ("qed_threefish%d_encrypt" % bits, [vp, u8p, u8p, u8p], None),
             ("qed_threefish%d_decrypt" % bits, [vp, u8p, u8p, u8p], None)]
for name, args, res in SIGS:
    f = getattr(lib, name)
    f.argtypes = args
    f.restype = res

CANARY = 0xA5
CTX = ctypes.create_string_buffer(4096)           # qed_skein_ctx (~300 bytes)
TREE_CTX = ctypes.create_string_buffer(64 * 1024)  # qed_skein_tree_ctx (~19 KiB)
HASHERS = {256: skein.skein256, 512: skein.skein512, 1024: skein.skein1024}


class Out:
    """An output buffer with canary bytes after its end."""
    def __init__(self, n):
        self.n = n
        self.buf = ctypes.create_string_buffer(bytes([CANARY]) * (n + 16), n + 16)

    def value(self):
        raw = self.buf.raw
        return raw[:self.n], all(b == CANARY for b in raw[self.n:])


# ---- qed through the public API ---------------------------------------------

def qed_oneshot(bits, outlen, msg, key=None):
    o = Out(outlen)
    if key is None:
        r = getattr(lib, "qed_skein%d" % bits)(o.buf, outlen, msg, len(msg))
    else:
        r = getattr(lib, "qed_skein%d_mac" % bits)(o.buf, outlen, key, len(key), msg, len(msg))
    v, ok = o.value()
    return (v if r == 0 else None), ok


def qed_stream(bits, outlen, msg, nbits=None, key=b"", pers=b"", pubkey=b"",
               nonce=b"", tree=None, rng=None):
    """Streaming hash of msg (or of its first nbits bits) in random pieces."""
    p = Params(key, len(key), pers, len(pers), pubkey, len(pubkey), nonce,
               len(nonce), *(tree or (0, 0, 0)))
    o = Out(outlen)
    if nbits is None:
        nbits = 8 * len(msg)
    whole = nbits // 8
    if tree:
        init, update, final, ctx = (lib.qed_skein_tree_init, lib.qed_skein_tree_update,
                                    lib.qed_skein_tree_final, TREE_CTX)
    else:
        init, update, final, ctx = (lib.qed_skein_init, lib.qed_skein_update,
                                    lib.qed_skein_final, CTX)
    if init(ctx, bits, outlen, ctypes.byref(p)) != 0:
        return None, True
    at = 0
    while at < whole:
        take = min(whole - at, rng.randrange(0, 3 * bits // 8 + 2) if rng else whole)
        if update(ctx, msg[at:at + take], take) != 0:
            return None, True
        at += take
    if nbits % 8:
        if lib.qed_skein_update_bits(ctx, msg[whole:whole + 1], nbits % 8) != 0:
            return None, True
    r = final(ctx, o.buf)
    v, ok = o.value()
    return (v if r == 0 else None), ok


# ---- references -------------------------------------------------------------

def ref_hash(bits, outlen, msg, nbits=None, key=b"", pers=b"", nonce=b"", tree=None):
    h = HASHERS[bits](digest_bits=8 * outlen, key=key, pers=pers, nonce=nonce, tree=tree)
    if nbits is None:
        h.update(msg)
    else:
        h.update(msg[:nbits // 8])
        if nbits % 8:
            h.update(msg[nbits // 8:nbits // 8 + 1], bits=nbits % 8)
    return h.digest()


T_KEY, T_CFG, T_PRS, T_PK, T_NON, T_MSG, T_OUT = 0, 4, 8, 12, 20, 48, 63


def model_ubi(bits, g, msg, typ):
    """UBI(G, M, type 2^120) on pyskein's Threefish (specification 3.4)."""
    nb = bits // 8
    blocks = [msg[i:i + nb] for i in range(0, len(msg), nb)] or [b""]
    pos = 0
    for i, blk in enumerate(blocks):
        pos += len(blk)
        t1 = (typ << 56) | ((1 << 62) if i == 0 else 0) | ((1 << 63) if i == len(blocks) - 1 else 0)
        tweak = struct.pack("<QQ", pos & ((1 << 64) - 1), t1)
        blk = blk + bytes(nb - len(blk))
        c = skein.threefish(g, tweak).encrypt_block(blk)
        g = bytes(a ^ b for a, b in zip(c, blk))
    return g


def model_hash(bits, outlen, msg, key=b"", pers=b"", pubkey=b"", nonce=b""):
    nb = bits // 8
    g = bytes(nb)
    if key:
        g = model_ubi(bits, g, key, T_KEY)
    cfg = b"SHA3" + struct.pack("<HHQ", 1, 0, 8 * outlen) + bytes(16)
    g = model_ubi(bits, g, cfg, T_CFG)
    for field, typ in ((pers, T_PRS), (pubkey, T_PK), (nonce, T_NON)):
        if field:
            g = model_ubi(bits, g, field, typ)
    g = model_ubi(bits, g, msg, T_MSG)
    out = b""
    i = 0
    while len(out) < outlen:
        out += model_ubi(bits, g, struct.pack("<Q", i), T_OUT)
        i += 1
    return out[:outlen]


# ---- the run ----------------------------------------------------------------

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


def rbytes(rng, n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def main():
    seed = int(os.environ.get("QED_DIFF_SEED", random.SystemRandom().randrange(1 << 32)))
    print("seed", seed)
    rng = random.Random(seed)
    t = Tally()
    n = lambda k: max(1, int(k * SCALE))

    for bits in (256, 512, 1024):
        nb = bits // 8
        # every output length 1..300, one-shot and streaming
        for outlen in range(1, 301):
            msg = rbytes(rng, rng.randrange(0, 3 * nb))
            want = ref_hash(bits, outlen, msg)
            got, ok = qed_oneshot(bits, outlen, msg)
            t.check(got == want and ok, "Skein-%d outlen %d one-shot" % (bits, outlen))
            got, ok = qed_stream(bits, outlen, msg, rng=rng)
            t.check(got == want and ok, "Skein-%d outlen %d streaming" % (bits, outlen))
        # every message length around 1..4 blocks
        for blocks in range(0, 5):
            for mlen in range(max(0, blocks * nb - 3), blocks * nb + 4):
                msg = rbytes(rng, mlen)
                outlen = rng.choice((nb, 32, 64, nb + 1))
                want = ref_hash(bits, outlen, msg)
                got, ok = qed_oneshot(bits, outlen, msg)
                t.check(got == want and ok, "Skein-%d msglen %d" % (bits, mlen))
        # random: length, output, key, fields, bits, splits
        for _ in range(n(700)):
            mlen = rng.choice((rng.randrange(0, 4 * nb), rng.randrange(0, 5000)))
            msg = rbytes(rng, mlen + 1)
            nbits = 8 * mlen + (rng.randrange(8) if rng.random() < 0.3 else 0)
            outlen = rng.choice((rng.randrange(1, 300), nb))
            key = rbytes(rng, rng.randrange(0, 300)) if rng.random() < 0.5 else b""
            pers = rbytes(rng, rng.randrange(1, 100)) if rng.random() < 0.3 else b""
            nonce = rbytes(rng, rng.randrange(1, 100)) if rng.random() < 0.3 else b""
            want = ref_hash(bits, outlen, msg, nbits, key, pers, nonce)
            got, ok = qed_stream(bits, outlen, msg, nbits, key, pers, b"", nonce, None, rng)
            t.check(got == want and ok, "Skein-%d random msg %d bits key %d pers %d nonce %d out %d"
                    % (bits, nbits, len(key), len(pers), len(nonce), outlen))
            if nbits % 8 == 0 and not pers and not nonce:
                got, ok = qed_oneshot(bits, outlen, msg[:mlen], key if key else None)
                t.check(got == want and ok, "Skein-%d one-shot MAC random" % bits)
        # tree mode: messages of exactly k leaves (a leaf closes on its
        # last byte), around them, and random ones
        for yl in (1, 2):
            for k in (1, 2, 3, 4, 5, 8):
                for d in (-1, 0, 1):
                    mlen = k * nb * (1 << yl) + d
                    msg = rbytes(rng, mlen)
                    tree = (yl, 1, rng.choice((2, 3, 255)))
                    want = ref_hash(bits, nb, msg, None, b"", b"", b"", tree)
                    got, ok = qed_stream(bits, nb, msg, None, tree=tree, rng=rng)
                    t.check(got == want and ok, "Skein-%d tree %s msg %d (leaf multiple)"
                            % (bits, tree, mlen))
        for _ in range(n(120)):
            tree = (rng.randrange(1, 4), rng.randrange(1, 4), rng.choice((2, 3, 4, 5, 255)))
            mlen = rng.choice((0, 1, nb, rng.randrange(0, 30 * nb)))
            msg = rbytes(rng, mlen)
            outlen = rng.choice((nb, rng.randrange(1, 200)))
            key = rbytes(rng, 32) if rng.random() < 0.3 else b""
            want = ref_hash(bits, outlen, msg, None, key, b"", b"", tree)
            got, ok = qed_stream(bits, outlen, msg, None, key, tree=tree, rng=rng)
            t.check(got == want and ok, "Skein-%d tree %s msg %d out %d" % (bits, tree, mlen, outlen))
        # the model agrees with pyskein; then the public-key field
        for _ in range(n(20)):
            msg = rbytes(rng, rng.randrange(0, 3 * nb))
            key = rbytes(rng, rng.randrange(0, 80))
            pers = rbytes(rng, rng.randrange(0, 40))
            nonce = rbytes(rng, rng.randrange(0, 40))
            outlen = rng.randrange(1, 3 * nb)
            t.check(model_hash(bits, outlen, msg, key, pers, b"", nonce)
                    == ref_hash(bits, outlen, msg, None, key, pers, nonce),
                    "Skein-%d model = pyskein" % bits)
            pk = rbytes(rng, rng.randrange(1, 3 * nb))
            want = model_hash(bits, outlen, msg, key, pers, pk, nonce)
            got, ok = qed_stream(bits, outlen, msg, None, key, pers, pk, nonce, None, rng)
            t.check(got == want and ok, "Skein-%d public key %d bytes" % (bits, len(pk)))
        # Threefish
        for _ in range(n(1000)):
            key, tweak, pt = rbytes(rng, nb), rbytes(rng, 16), rbytes(rng, nb)
            tf = skein.threefish(key, tweak)
            o = Out(nb)
            getattr(lib, "qed_threefish%d_encrypt" % bits)(o.buf, pt, key, tweak)
            ct, ok = o.value()
            t.check(ct == tf.encrypt_block(pt) and ok, "Threefish-%d encrypt" % bits)
            o = Out(nb)
            getattr(lib, "qed_threefish%d_decrypt" % bits)(o.buf, ct, key, tweak)
            back, ok = o.value()
            t.check(back == pt and back == tf.decrypt_block(ct) and ok, "Threefish-%d decrypt" % bits)

    print("%d passed, %d failed" % (t.passed, t.failed))
    return 1 if t.failed or not t.passed else 0


if __name__ == "__main__":
    sys.exit(main())
