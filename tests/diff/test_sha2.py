#!/usr/bin/env python3
"""Randomized differential tests of qed's SHA-2 family (include/qed/sha2.h).

    .venv/bin/python tests/diff/test_sha2.py      (usually: make test-diff-sha2,
                                                   which runs it per backend)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a run;
the seed is printed first), QED_DIFF_SCALE (multiply the case counts),
QED_BACKEND (the CPU backend qed uses).

References: Python's hashlib (OpenSSL's SHA-2) for SHA-224, SHA-256,
SHA-384, SHA-512 and SHA-512/256, and pycryptodome's SHA-2 (its own C code;
tests/diff/requirements.txt) as a second, independent implementation.
crypto_hash_sha512 also against PyNaCl's nacl.hash.sha512 (libsodium's
SHA-512, pinned in tests/nacl/requirements.txt) as a third.

Per case: the one-shot, streaming in random pieces (empty ones included),
the NaCl names (crypto_hash, crypto_hash_sha512/256), crypto_hashblocks on
a message padded here, and that no output was written past its end.  The
lengths favour the block boundaries.  The last line is `N passed, M failed`;
the exit status is 1 on any failure.
"""

import ctypes
import hashlib
import os
import random
import struct
import sys

import nacl.encoding
import nacl.hash
from Crypto.Hash import SHA224, SHA256, SHA384, SHA512

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))
CASES = max(1, int(2000 * SCALE))

lib = ctypes.CDLL(os.environ.get("QED_LIB", os.path.join(ROOT, "build", "libqed.so")))
u8p = ctypes.c_char_p
vp = ctypes.c_void_p
sz = ctypes.c_size_t
for name, args, res in [
    ("qed_sha224", [vp, u8p, sz], None),
    ("qed_sha256", [vp, u8p, sz], None),
    ("qed_sha384", [vp, u8p, sz], None),
    ("qed_sha512", [vp, u8p, sz], None),
    ("qed_sha512_256", [vp, u8p, sz], None),
    ("qed_sha224_init", [vp], None),
    ("qed_sha256_init", [vp], None),
    ("qed_sha256_update", [vp, u8p, sz], ctypes.c_int),
    ("qed_sha256_final", [vp, vp], ctypes.c_int),
    ("qed_sha384_init", [vp], None),
    ("qed_sha512_init", [vp], None),
    ("qed_sha512_256_init", [vp], None),
    ("qed_sha512_update", [vp, u8p, sz], ctypes.c_int),
    ("qed_sha512_final", [vp, vp], ctypes.c_int),
    ("qed_crypto_hash", [vp, u8p, sz], ctypes.c_int),
    ("qed_crypto_hash_sha512", [vp, u8p, sz], ctypes.c_int),
    ("qed_crypto_hash_sha256", [vp, u8p, sz], ctypes.c_int),
    ("qed_crypto_hashblocks_sha512", [vp, u8p, sz], ctypes.c_int),
    ("qed_crypto_hashblocks_sha256", [vp, u8p, sz], ctypes.c_int),
]:
    f = getattr(lib, name)
    f.argtypes = args
    f.restype = res

CTX_BYTES = 512  # larger than either context type

# name, digest bytes, block bytes, one-shot, init, update, final, hashlib
# name, pycryptodome constructor
ALGS = [
    ("SHA-224", 28, 64, lib.qed_sha224, lib.qed_sha224_init, lib.qed_sha256_update,
     lib.qed_sha256_final, "sha224", lambda: SHA224.new()),
    ("SHA-256", 32, 64, lib.qed_sha256, lib.qed_sha256_init, lib.qed_sha256_update,
     lib.qed_sha256_final, "sha256", lambda: SHA256.new()),
    ("SHA-384", 48, 128, lib.qed_sha384, lib.qed_sha384_init, lib.qed_sha512_update,
     lib.qed_sha512_final, "sha384", lambda: SHA384.new()),
    ("SHA-512", 64, 128, lib.qed_sha512, lib.qed_sha512_init, lib.qed_sha512_update,
     lib.qed_sha512_final, "sha512", lambda: SHA512.new()),
    ("SHA-512/256", 32, 128, lib.qed_sha512_256, lib.qed_sha512_256_init,
     lib.qed_sha512_update, lib.qed_sha512_final, "sha512_256",
     lambda: SHA512.new(truncate="256")),
]

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 20:
            print("FAIL", what)


GUARD = b"\xa5" * 16


def call_out(fn, n, *args):
    """Calls fn(out, *args) with an n-byte output followed by a guard."""
    buf = (ctypes.c_char * (n + 16)).from_buffer_copy(b"\xa5" * (n + 16))
    rc = fn(buf, *args)
    raw = bytes(buf)
    return rc, raw[:n], raw[n:] == GUARD


def rand_len(rng, block):
    r = rng.random()
    if r < 0.5:  # near a block boundary, the padding's edge included
        k = rng.randrange(0, 5)
        edge = rng.choice([0, block - block // 8 - 1])
        return max(0, k * block + edge + rng.randrange(-3, 4))
    if r < 0.85:
        return rng.randrange(0, 4 * block + 2)
    return rng.randrange(0, 20000)


def pad(msg, block):
    """FIPS 180-4 5.1: 0x80, zeros, the bit length in block/8 bytes."""
    lf = block // 8
    p = msg + b"\x80"
    p += b"\x00" * ((-len(p) - lf) % block)
    return p + (8 * len(msg)).to_bytes(lf, "big")


IV512 = struct.pack(">8Q", 0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                    0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                    0x1f83d9abfb41bd6b, 0x5be0cd19137e2179)
IV256 = struct.pack(">8I", 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)


def test_alg(alg, rng):
    name, d, block, oneshot, init, update, final, hl, pcd = alg
    for i in range(CASES):
        n = rand_len(rng, block)
        msg = rng.randbytes(n)
        want = hashlib.new(hl, msg).digest()
        h2 = pcd()
        h2.update(msg)
        check(h2.digest() == want, "%s references disagree, len %d" % (name, n))
        rc, got, guard = call_out(oneshot, d, msg, n)
        check(got == want and guard, "%s one-shot len %d" % (name, n))
        # streaming in random pieces
        ctx = ctypes.create_string_buffer(CTX_BYTES)
        init(ctx)
        pos, ok = 0, True
        while pos < n or rng.random() < 0.2:
            k = min(n - pos, rng.choice([0, 1, rng.randrange(0, 2 * block + 3),
                                         rng.randrange(0, n + 1)]))
            ok &= update(ctx, msg[pos:pos + k], k) == 0
            pos += k
        rc, got, guard = call_out(lambda o: final(ctx, o), d)
        check(ok and rc == 0 and got == want and guard,
              "%s streaming len %d" % (name, n))
        # a final after final refuses and zeroes the digest
        rc, got, guard = call_out(lambda o: final(ctx, o), d)
        check(rc == -1 and got == bytes(d) and guard, "%s second final" % name)
        if i % 4 == 0:
            # crypto_hashblocks on the padded message (plus a partial block)
            p = pad(msg, block)
            extra = rng.randrange(0, block)
            data = p + rng.randbytes(extra)
            hb = lib.qed_crypto_hashblocks_sha512 if block == 128 else lib.qed_crypto_hashblocks_sha256
            iv = IV512 if block == 128 else IV256
            if name in ("SHA-512", "SHA-256"):
                st = (ctypes.c_char * len(iv)).from_buffer_copy(iv)
                r = hb(st, data, len(data))
                check(r == extra and bytes(st)[:len(iv)] == want,
                      "%s hashblocks len %d" % (name, n))
    # the NaCl names
    for i in range(CASES // 4):
        n = rand_len(rng, 128)
        msg = rng.randbytes(n)
        rc, got, guard = call_out(lib.qed_crypto_hash, 64, msg, n)
        check(rc == 0 and got == hashlib.sha512(msg).digest() and guard,
              "crypto_hash len %d" % n)
        rc, got, guard = call_out(lib.qed_crypto_hash_sha512, 64, msg, n)
        check(rc == 0 and got == hashlib.sha512(msg).digest() and guard,
              "crypto_hash_sha512 len %d" % n)
        # libsodium's SHA-512 (through PyNaCl) as a third reference
        check(got == nacl.hash.sha512(msg, encoder=nacl.encoding.RawEncoder),
              "crypto_hash_sha512 vs PyNaCl len %d" % n)
        rc, got, guard = call_out(lib.qed_crypto_hash_sha256, 32, msg, n)
        check(rc == 0 and got == hashlib.sha256(msg).digest() and guard,
              "crypto_hash_sha256 len %d" % n)


def main():
    seed = int(os.environ.get("QED_DIFF_SEED", random.SystemRandom().randrange(1 << 32)))
    print("seed", seed, "backend", os.environ.get("QED_BACKEND", "(default)"))
    for i, alg in enumerate(ALGS):
        test_alg(alg, random.Random(seed * 8 + i))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed or not passed else 0)


if __name__ == "__main__":
    main()
