#!/usr/bin/env python3
"""Randomized differential tests of qed's constant-time fixed-length
Montgomery interface (include/qed/bn.h: qed_bn_mont_init_sec, mul, to,
from, add, sub, reduce, qed_bn_mont_powm_sec, qed_bn_powm_sec,
qed_bn_to_bytes_sec) against gmpy2 (GMP) and Python integers.

    .venv/bin/python tests/diff/test_bn_mont.py   (usually: make test-diff-bn-mont)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a
run), QED_DIFF_SCALE (multiply the case counts).

Moduli of every limb count 1..64 (and some up to 256), random and the edge
values 2^k + 1, 2^(64n) - 1; operands 0, 1, m - 1, random below m and
below R; exponents 0, 1, all ones, random, with tight and loose public bit
lengths; the refusals (m even, m = 1, top limb zero, m >= 2^bits, operands
out of range), each with the output zeroed.  Every qed_bn written is
checked to be normalized.  The last line is `N passed, M failed`.
"""

import ctypes
import os
import random
import sys

import gmpy2

import bn_ctypes
from bn_ctypes import BN, CAP, LIMBS, M, MAXBITS, MONT, P, SZ  # noqa: F401

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))
SEED = int(os.environ.get("QED_DIFF_SEED", random.randrange(1 << 32)))
print("seed", SEED)
rng = random.Random(SEED)


lib = bn_ctypes.load()
bn_ctypes.declare(lib, [
        ("qed_bn_from_bytes", [P, ctypes.c_char_p, SZ]),
        ("qed_bn_mont_init_sec", [M, P, SZ]),
        ("qed_bn_mont_mul", [M, P, P, P]), ("qed_bn_mont_to", [M, P, P]),
        ("qed_bn_mont_from", [M, P, P]), ("qed_bn_mont_add", [M, P, P, P]),
        ("qed_bn_mont_sub", [M, P, P, P]), ("qed_bn_mont_reduce", [M, P, P, SZ]),
        ("qed_bn_mont_powm_sec", [M, P, P, P, SZ]),
        ("qed_bn_powm_sec", [P, P, P, P]),
        ("qed_bn_to_bytes_sec", [ctypes.c_char_p, SZ, P])])

tally = bn_ctypes.Tally()
check = tally.check


def mk(v):
    return bn_ctypes.mk(lib, v)


def val(x):
    return bn_ctypes.val(x)


def junk():
    return mk(rng.getrandbits(rng.randrange(1, 300)))


def result(ret, out, want, what):
    """want None: refusal (-1, output zero)"""
    try:
        v = val(out)
    except AssertionError as e:
        check(False, "%s: %s" % (what, e))
        return
    if want is None:
        check(ret == -1 and v == 0, "%s: refusal ret=%d v=%x" % (what, ret, v))
    else:
        check(ret == 0 and v == want, "%s: ret=%d got %x want %x" % (what, ret, v, want))


def modulus(n):
    kind = rng.random()
    if kind < 0.1:
        return (1 << (64 * n)) - 1
    if kind < 0.2:
        return (1 << rng.randrange(64 * (n - 1), 64 * n)) + 1 if n > 1 else (1 << rng.randrange(1, 64)) + 1
    lo = 1 << (64 * (n - 1))
    m = rng.randrange(lo, 1 << (64 * n)) | 1
    return m if m >= 3 else 3


def one_modulus(n, bits_exact):
    m = modulus(n)
    bits = m.bit_length() if bits_exact else 64 * n
    ctx = MONT()
    ok = lib.qed_bn_mont_init_sec(ctypes.byref(ctx), ctypes.byref(mk(m)), bits) == 0
    check(ok and ctx.n == n, "init_sec %x" % m)
    if not ok:
        return
    R = 1 << (64 * n)
    rr = sum(l << (64 * i) for i, l in enumerate(list(ctx.rr)[:n]))
    check(rr == R * R % m, "R^2 mod m %x" % m)
    check((ctx.minv * m) % (1 << 64) == (1 << 64) - 1, "minv %x" % m)
    C = ctypes.byref(ctx)
    pick = lambda: rng.choice((0, 1, m - 1, rng.randrange(m), rng.randrange(m)))
    a, b = pick(), pick()
    Rinv = int(gmpy2.invert(R, m))
    Z = junk()
    result(lib.qed_bn_mont_mul(C, ctypes.byref(Z), ctypes.byref(mk(a)), ctypes.byref(mk(b))), Z, a * b * Rinv % m, "mul")
    result(lib.qed_bn_mont_to(C, ctypes.byref(Z), ctypes.byref(mk(a))), Z, a * R % m, "to")
    result(lib.qed_bn_mont_from(C, ctypes.byref(Z), ctypes.byref(mk(a))), Z, a * Rinv % m, "from")
    result(lib.qed_bn_mont_add(C, ctypes.byref(Z), ctypes.byref(mk(a)), ctypes.byref(mk(b))), Z, (a + b) % m, "add")
    A = mk(a)
    result(lib.qed_bn_mont_sub(C, ctypes.byref(A), ctypes.byref(A), ctypes.byref(mk(b))), A, (a - b) % m, "sub aliased")
    xl = rng.randrange(1, min(LIMBS, 2 * n + 3) + 1)
    x = rng.getrandbits(64 * xl)
    result(lib.qed_bn_mont_reduce(C, ctypes.byref(Z), ctypes.byref(mk(x)), xl), Z, x % m, "reduce xl=%d" % xl)
    base = rng.choice((0, 1, m - 1, rng.randrange(m), rng.randrange(R)))
    eb = rng.choice((0, 1, rng.randrange(1, 70), rng.randrange(1, 64 * n + 65)))
    e = rng.choice((0, 1, (1 << eb) - 1, rng.getrandbits(eb) if eb else 0)) % (1 << eb) if eb else 0
    want = int(gmpy2.powmod(base, e, m))
    result(lib.qed_bn_mont_powm_sec(C, ctypes.byref(Z), ctypes.byref(mk(base)), ctypes.byref(mk(e)), eb + rng.choice((0, 0, 5))),
           Z, want, "powm_sec %x^%x mod %x" % (base, e, m))
    # refusals on the good context
    result(lib.qed_bn_mont_mul(C, ctypes.byref(Z), ctypes.byref(mk(m + rng.randrange(3))), ctypes.byref(mk(b))), Z, None, "mul a >= m")
    result(lib.qed_bn_mont_add(C, ctypes.byref(Z), ctypes.byref(mk(a)), ctypes.byref(mk(-1 - rng.randrange(5)))), Z, None, "add b < 0")
    result(lib.qed_bn_mont_powm_sec(C, ctypes.byref(Z), ctypes.byref(mk(R + base)), ctypes.byref(mk(e)), eb), Z, None, "powm b >= R")
    result(lib.qed_bn_mont_powm_sec(C, ctypes.byref(Z), ctypes.byref(mk(base)), ctypes.byref(mk(e + (1 << eb))), eb), Z, None, "powm e >= 2^ebits")
    result(lib.qed_bn_mont_reduce(C, ctypes.byref(Z), ctypes.byref(mk(x + (1 << (64 * xl)))), xl), Z, None, "reduce x >= 2^(64 xl)")
    # the API
    if base < R:
        result(lib.qed_bn_powm_sec(ctypes.byref(Z), ctypes.byref(mk(base)), ctypes.byref(mk(e)), ctypes.byref(mk(m))), Z, want, "powm_sec api")


reps = max(1, int(12 * SCALE))
for n in range(1, 65):
    for _ in range(reps):
        one_modulus(n, rng.random() < 0.5)
for _ in range(max(1, int(10 * SCALE))):
    one_modulus(rng.randrange(65, LIMBS + 1), rng.random() < 0.5)

# refusals of init_sec, and every function then refuses the context
for _ in range(max(1, int(100 * SCALE))):
    n = rng.randrange(1, 9)
    m = modulus(n)
    case = rng.randrange(5)
    bits = 64 * n
    if case == 0:
        m ^= 1                       # even
    elif case == 1:
        m, bits = 1, rng.choice((1, 64))
    elif case == 2:
        bits = 64 * n + rng.randrange(1, 64)   # limb n-1 zero
    elif case == 3:
        bits = m.bit_length() - 1    # m >= 2^bits
    else:
        m = -m
    ctx = MONT()
    if bits < 1:
        continue
    ret = lib.qed_bn_mont_init_sec(ctypes.byref(ctx), ctypes.byref(mk(m)), bits)
    check(ret == -1 and ctx.n == (bits + 63) // 64 and not any(ctx.m) and not any(ctx.rr) and ctx.minv == 0,
          "init_sec refusal case %d m=%x bits=%d" % (case, m, bits))
    Z = junk()
    result(lib.qed_bn_mont_powm_sec(ctypes.byref(ctx), ctypes.byref(Z), ctypes.byref(mk(2)), ctypes.byref(mk(3)), 2), Z, None, "powm on refused ctx")
    Z = junk()
    result(lib.qed_bn_mont_reduce(ctypes.byref(ctx), ctypes.byref(Z), ctypes.byref(mk(2)), 1), Z, None, "reduce on refused ctx")

# to_bytes_sec against Python's to_bytes
for _ in range(max(1, int(2000 * SCALE))):
    x = rng.getrandbits(rng.randrange(0, 4200))
    need = (x.bit_length() + 7) // 8
    ln = max(0, need + rng.randrange(-3, 4))
    buf = ctypes.create_string_buffer(ln + 1)
    ret = lib.qed_bn_to_bytes_sec(buf, ln, ctypes.byref(mk(x)))
    if ln >= need:
        check(ret == 0 and buf.raw[:ln] == x.to_bytes(ln, "big"), "to_bytes_sec %d" % ln)
    else:
        check(ret == -1 and buf.raw[:ln] == bytes(ln), "to_bytes_sec refusal %d" % ln)

tally.finish()
