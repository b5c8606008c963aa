#!/usr/bin/env python3
"""Randomized differential tests of qed's Gimli family (include/qed/gimli.h).

    .venv/bin/python tests/diff/test_gimli.py      (usually: make test-diff-gimli)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a run;
the seed is printed first), QED_DIFF_SCALE (multiply the case counts),
QED_VECTORS (default tests/vectors).

Reference: tests/diff/gimli_ref.py, a pure-Python model written from the
specification (no Gimli implementation is on PyPI; libhydrogen, which uses
Gimli inside its own constructions and not Gimli-Hash, has no Python
binding there either, nor a Debian package).  The
model is first checked against the published vectors (the permutation's,
the designers' corrected Gimli-Hash vectors, libkeccak's, the LWC
submission's); then qed and the model are compared on random states,
messages of random and of every length 0..100, random output lengths and
random splits of the streaming calls.  Each case also checks that the
output was not written past its end.  The last line is `N passed, M
failed`; the exit status is 1 on any failure.
"""

import ctypes
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import gimli_ref  # noqa: E402

SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))
CASES = max(1, int(1000 * SCALE))
VECTORS = os.environ.get("QED_VECTORS", os.path.join(ROOT, "tests", "vectors"))

lib = ctypes.CDLL(os.environ.get("QED_LIB", os.path.join(ROOT, "build", "libqed.so")))
u8p = ctypes.c_char_p
sz = ctypes.c_size_t
vp = ctypes.c_void_p
for name, args, res in [
    ("qed_gimli_permute", [ctypes.POINTER(ctypes.c_uint32)], None),
    ("qed_gimli_permute_bytes", [vp], None),
    ("qed_gimli_hash", [vp, u8p, sz], None),
    ("qed_gimli_xof", [vp, sz, u8p, sz], None),
    ("qed_gimli24v1_hash", [vp, u8p, sz], None),
    ("qed_gimli_hash_init", [vp], None),
    ("qed_gimli24v1_hash_init", [vp], None),
    ("qed_gimli_hash_update", [vp, u8p, sz], ctypes.c_int),
    ("qed_gimli_hash_final", [vp, vp], ctypes.c_int),
    ("qed_gimli_xof_init", [vp], None),
    ("qed_gimli_xof_update", [vp, u8p, sz], ctypes.c_int),
    ("qed_gimli_xof_squeeze", [vp, vp, sz], ctypes.c_int),
    ("qed_gimli_xof_wipe", [vp], None),
]:
    f = getattr(lib, name)
    f.argtypes = args
    f.restype = res

CANARY = 0xA5
CTX_BYTES = 256   # larger than qed_gimli_hash_ctx / qed_gimli_xof_ctx


class Out:
    """An output buffer with canary bytes after its end."""
    def __init__(self, n):
        self.n = n
        self.buf = ctypes.create_string_buffer(bytes([CANARY]) * (n + 16), n + 16)

    def value(self):
        raw = self.buf.raw
        return raw[:self.n], all(b == CANARY for b in raw[self.n:])


passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 30:
            print("FAIL:", what)


def rand_len(rng, hi):
    return rng.randrange(0, 50) if rng.random() < 0.5 else rng.randrange(0, hi)


def splits(rng, n):
    cuts = sorted(rng.randrange(0, n + 1) for _ in range(rng.randrange(0, 5)))
    prev, parts = 0, []
    for c in cuts + [n]:
        parts.append((prev, c))
        prev = c
    return parts


# ---- qed, one-shot and streaming ------------------------------------------------

def q_hash(fn, msg):
    o = Out(32)
    fn(o.buf, msg, len(msg))
    return o.value()


def q_xof(msg, n):
    o = Out(n)
    lib.qed_gimli_xof(o.buf, n, msg, len(msg))
    return o.value()


def q_hash_stream(init, msg, parts):
    ctx = ctypes.create_string_buffer(CTX_BYTES)
    init(ctx)
    rc = 0
    for a, b in parts:
        rc |= lib.qed_gimli_hash_update(ctx, msg[a:b], b - a)
    o = Out(32)
    rc |= lib.qed_gimli_hash_final(ctx, o.buf)
    v, canary = o.value()
    return v, rc == 0 and canary


def q_xof_stream(msg, parts, n, oparts):
    ctx = ctypes.create_string_buffer(CTX_BYTES)
    lib.qed_gimli_xof_init(ctx)
    rc = 0
    for a, b in parts:
        rc |= lib.qed_gimli_xof_update(ctx, msg[a:b], b - a)
    got, ok = b"", True
    for a, b in oparts:
        o = Out(b - a)
        rc |= lib.qed_gimli_xof_squeeze(ctx, o.buf, b - a)
        v, canary = o.value()
        got += v
        ok &= canary
    lib.qed_gimli_xof_wipe(ctx)
    return got, rc == 0 and ok


# ---- the tests ------------------------------------------------------------------

def test_model():
    bad = gimli_ref.selfcheck(VECTORS)
    for b in bad:
        check(False, "model: " + b)
    check(not bad, "model passes the published vectors")


def test_permutation(rng):
    for _ in range(CASES):
        words = [rng.getrandbits(32) for _ in range(12)]
        arr = (ctypes.c_uint32 * 12)(*words)
        lib.qed_gimli_permute(arr)
        check(list(arr) == gimli_ref.permute_words(words), "permute words")
        state = rng.randbytes(48)
        o = ctypes.create_string_buffer(state + bytes([CANARY]) * 16, 64)
        lib.qed_gimli_permute_bytes(o)
        raw = o.raw
        check(raw[:48] == gimli_ref.permute_bytes(state) and
              all(b == CANARY for b in raw[48:]), "permute bytes")


def test_every_length(rng):
    """Every length 0..100 (every position in the 16-byte block, six blocks
    over): one-shot and streaming against the model."""
    for n in range(101):
        msg = rng.randbytes(n)
        want = gimli_ref.hash(msg)
        v, ok = q_hash(lib.qed_gimli_hash, msg)
        check(v == want and ok, "hash len %d" % n)
        v, ok = q_hash_stream(lib.qed_gimli_hash_init, msg, splits(rng, n))
        check(v == want and ok, "hash stream len %d" % n)
        want = gimli_ref.hash_lwc(msg)
        v, ok = q_hash(lib.qed_gimli24v1_hash, msg)
        check(v == want and ok, "gimli24v1 len %d" % n)
        v, ok = q_hash_stream(lib.qed_gimli24v1_hash_init, msg, splits(rng, n))
        check(v == want and ok, "gimli24v1 stream len %d" % n)
        for out in (n, 101 - n):
            want = gimli_ref.xof(msg, out)
            v, ok = q_xof(msg, out)
            check(v == want and ok, "xof len %d out %d" % (n, out))
            v, ok = q_xof_stream(msg, splits(rng, n), out, splits(rng, out))
            check(v == want and ok, "xof stream len %d out %d" % (n, out))


def test_random(rng):
    for _ in range(CASES):
        msg = rng.randbytes(rand_len(rng, 700))
        want = gimli_ref.hash(msg)
        v, ok = q_hash(lib.qed_gimli_hash, msg)
        check(v == want and ok, "hash len %d" % len(msg))
        v, ok = q_hash_stream(lib.qed_gimli_hash_init, msg, splits(rng, len(msg)))
        check(v == want and ok, "hash stream len %d" % len(msg))
        want = gimli_ref.hash_lwc(msg)
        v, ok = q_hash(lib.qed_gimli24v1_hash, msg)
        check(v == want and ok, "gimli24v1 len %d" % len(msg))
        v, ok = q_hash_stream(lib.qed_gimli24v1_hash_init, msg, splits(rng, len(msg)))
        check(v == want and ok, "gimli24v1 stream len %d" % len(msg))
        n = rand_len(rng, 300)
        want = gimli_ref.xof(msg, n)
        v, ok = q_xof(msg, n)
        check(v == want and ok, "xof len %d out %d" % (len(msg), n))
        v, ok = q_xof_stream(msg, splits(rng, len(msg)), n, splits(rng, n))
        check(v == want and ok, "xof stream len %d out %d" % (len(msg), n))


def main():
    seed = int(os.environ.get("QED_DIFF_SEED", random.SystemRandom().randrange(1 << 32)))
    print("seed", seed)
    test_model()
    for i, t in enumerate([test_permutation, test_every_length, test_random]):
        t(random.Random(seed * 8 + i))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed or not passed else 0)


if __name__ == "__main__":
    main()
