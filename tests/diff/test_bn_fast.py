#!/usr/bin/env python3
"""Randomized differential tests of the fast paths of qed's integers.

    .venv/bin/python tests/diff/test_bn_fast.py   (usually: make test-diff-bn-fast)

The paths: the Lehmer extended gcd (src/bn/mpn_gcdext.c, bn_gcdext.c), the
one-pass Lehmer matrix of the gcd (mpn_gcd.c) and the multiplication body
built twice (mpn_mul_body.h: portable and x86-64-v3, chosen at run time).
The Makefile target runs this file once with the default backend and once
with QED_BACKEND=portable.

References (tests/bn/requirements.txt): gmpy2 (GMP's mpz: gcd, gcdext,
mul, tdiv_qr) and Python's integers, including an extended Euclid written
here: qed's cofactors must be exactly Euclid's (its Lehmer rounds only take
quotients that Knuth's test proves are Euclid's), not only satisfy
g = s a + t b.

Sizes from one limb to the 16384-bit capacity, uniform in limbs, on random
operands and on: zero, one, all-ones limbs, equal operands, one a multiple
of the other, large common factors, consecutive Fibonacci numbers (every
quotient 1), quotients near 2^31, 2^62 and 2^64, negative operands,
divisors with the top bit set and clear.

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a
run; the seed is printed first), QED_DIFF_SCALE (multiply the case counts).
The last line is `N passed, M failed`; the exit status is 1 on any failure.
"""

import ctypes
import math
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
print("seed", SEED, "backend", os.environ.get("QED_BACKEND", "(default)"))
rng = random.Random(SEED)


lib = bn_ctypes.load()
bn_ctypes.declare(lib, [
        ("qed_bn_mul", [P, P, P]), ("qed_bn_divmod", [P, P, P, P]),
        ("qed_bn_gcd", [P, P, P]), ("qed_bn_gcdext", [P, P, P, P, P]),
        ("qed_bn_from_bytes", [P, ctypes.c_char_p, ctypes.c_size_t])])

tally = bn_ctypes.Tally()
check = tally.check


def mk(v):
    return bn_ctypes.mk(lib, v)


def val(x):
    return bn_ctypes.val(x)


def euclid_ext(a, b):
    """Euclid on |a|, |b| with both cofactors: (g, s, t), g = s a + t b."""
    r0, r1, s0, s1, t0, t1 = abs(a), abs(b), 1, 0, 0, 1
    while r1:
        q = r0 // r1
        r0, r1 = r1, r0 - q * r1
        s0, s1 = s1, s0 - q * s1
        t0, t1 = t1, t0 - q * t1
    return r0, (s0 if a >= 0 else -s0), (t0 if b >= 0 else -t0)


def rlimbs(k):
    """k limbs, random, with edge limbs mixed in"""
    v = 0
    mode = rng.randrange(4)
    for i in range(k):
        if mode == 0:
            l = (1 << 64) - 1
        elif mode == 1:
            l = rng.choice((0, 1, (1 << 64) - 1, 1 << 63, (1 << 64) - 2, rng.getrandbits(64)))
        else:
            l = rng.getrandbits(64)
        v |= l << (64 * i)
    return v


def rsize(lo=1, hi=LIMBS):
    return rng.randrange(lo, hi + 1)


def fib_pair(k):
    a, b = 1, 1
    for _ in range(k):
        a, b = b, a + b
    return b, a


def signs(a, b):
    return (a if rng.random() < 0.7 else -a), (b if rng.random() < 0.7 else -b)


# ---- extended gcd and gcd ----
def gcd_case(a, b, what):
    G, S, T = BN(), BN(), BN()
    ret = lib.qed_bn_gcdext(ctypes.byref(G), ctypes.byref(S), ctypes.byref(T),
                            ctypes.byref(mk(a)), ctypes.byref(mk(b)))
    g, s, t = euclid_ext(a, b)
    gv, sv, tv = val(G), val(S), val(T)
    check(ret == 0 and gv == g == int(gmpy2.gcd(a, b)) and sv == s and tv == t
          and sv * a + tv * b == gv,
          "gcdext %s %x %x: got %x %x %x" % (what, a, b, gv, sv, tv))
    G2 = BN()
    ret = lib.qed_bn_gcd(ctypes.byref(G2), ctypes.byref(mk(a)), ctypes.byref(mk(b)))
    check(ret == 0 and val(G2) == g, "gcd %s %x %x" % (what, a, b))


N = int(300 * SCALE)
for i in range(N):
    a, b = signs(rlimbs(rsize()), rlimbs(rsize()))
    gcd_case(a, b, "random")
    k = rsize()
    a = rlimbs(k)
    gcd_case(a, rlimbs(rng.randrange(1, k + 1)), "random, b no longer")
for i in range(int(100 * SCALE)):
    k = rng.randrange(1, 120)
    f = rlimbs(k) | 1
    a = rlimbs(rsize(1, LIMBS - k)) * f
    b = rlimbs(rsize(1, LIMBS - k)) * f
    gcd_case(*signs(a, b), "common factor")
for k in list(range(1, 200)) + [rng.randrange(200, 23000) for _ in range(int(40 * SCALE))]:
    a, b = fib_pair(k)
    if a < CAP:
        gcd_case(a, b, "Fibonacci")
        gcd_case(b, a, "Fibonacci reversed")
for q in (2**31 - 1, 2**31, 2**31 + 1, 2**62 - 1, 2**62, 2**62 + 1, 2**64 - 1, 2**64, 2**64 + 1):
    for _ in range(int(20 * SCALE)):
        b = rlimbs(rsize(1, LIMBS - 2)) or 1
        a = b * q + rng.randrange(0, 3)
        if a < CAP:
            gcd_case(*signs(a, b), "quotient %x" % q)
for _ in range(int(30 * SCALE)):
    a = rlimbs(rsize())
    m = (1 << (64 * rsize())) - 1
    for x, y in ((a, 0), (0, a), (a, a), (a, 1), (1, a), (m, a), (a, m), (0, 0),
                 (a, a * rng.randrange(1, 1000) % CAP)):
        gcd_case(*signs(x, y), "edge")

# ---- multiplication (both builds of the body, every size split) ----
for i in range(int(600 * SCALE)):
    an = rsize(1, LIMBS // 2) if rng.random() < 0.8 else rsize()
    bn = an if rng.random() < 0.5 else rsize(1, LIMBS - an + 1)
    a, b = signs(rlimbs(an), rlimbs(bn))
    R = BN()
    ret = lib.qed_bn_mul(ctypes.byref(R), ctypes.byref(mk(a)), ctypes.byref(mk(b)))
    p = a * b
    if abs(p) < CAP:
        check(ret == 0 and val(R) == p == int(gmpy2.mpz(a) * b), "mul %x %x" % (a, b))
    else:
        check(ret == -1 and val(R) == 0, "mul overflow")

# ---- division (divisors with the top bit set and clear) ----
for i in range(int(600 * SCALE)):
    dn = rsize()
    d = rlimbs(dn)
    if rng.random() < 0.5:
        d |= 1 << (64 * dn - 1)
    if d == 0:
        d = 1
    a = rlimbs(rsize(dn, LIMBS))
    a, d = signs(a, d)
    Q, R = BN(), BN()
    ret = lib.qed_bn_divmod(ctypes.byref(Q), ctypes.byref(R), ctypes.byref(mk(a)), ctypes.byref(mk(d)))
    gq, gr = gmpy2.t_divmod(a, d)
    check(ret == 0 and val(Q) == int(gq) and val(R) == int(gr), "divmod %x %x" % (a, d))

tally.finish()
