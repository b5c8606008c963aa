#!/usr/bin/env python3
"""Randomized differential tests of qed's integers (include/qed/bn.h).

    .venv/bin/python tests/diff/test_bn.py        (usually: make test-diff-bn)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a run;
the seed is printed first), QED_DIFF_SCALE (multiply the case counts).

References (tests/bn/requirements.txt): gmpy2 (GMP's mpz: gcdext, invert,
powm, tdiv_qr) and Python's own integers (divmod, pow, math.gcd).

Every integer function of qed/bn.h is run on random operands of 1 bit to
the 16384-bit capacity, skewed to small sizes, and on edge values (zero,
one, all-ones limbs, powers of two, m - 1, negative operands, divisors with
the top bit set and clear, results exactly at capacity and one past it,
which must give -1 with the output zeroed).  Outputs that alias inputs are
checked too.  Each qed_bn written is checked to be normalized (n limbs, top
limb nonzero, the limbs above zero, no negative zero).  The last line is
`N passed, M failed`; the exit status is 1 on any failure.
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
print("seed", SEED)
rng = random.Random(SEED)


lib = bn_ctypes.load()
bn_ctypes.declare(lib, [
        ("qed_bn_add", [P, P, P]), ("qed_bn_sub", [P, P, P]), ("qed_bn_mul", [P, P, P]),
        ("qed_bn_sqr", [P, P]), ("qed_bn_divmod", [P, P, P, P]),
        ("qed_bn_gcd", [P, P, P]), ("qed_bn_gcdext", [P, P, P, P, P]),
        ("qed_bn_modinv", [P, P, P]), ("qed_bn_powm", [P, P, P, P]),
        ("qed_bn_powm_sec", [P, P, P, P]),
        ("qed_bn_from_bytes", [P, ctypes.c_char_p, ctypes.c_size_t]),
        ("qed_bn_to_bytes", [ctypes.c_char_p, ctypes.c_size_t, P]),
        ("qed_bn_sign", [P]), ("qed_bn_cmp", [P, P]),
        ("qed_bn_to_u64", [ctypes.POINTER(ctypes.c_uint64), P]),
        ("qed_bn_mont_init", [ctypes.POINTER(MONT), P]),
        ("qed_bn_mont_mul", [ctypes.POINTER(MONT), P, P, P]),
        ("qed_bn_mont_to", [ctypes.POINTER(MONT), P, P]),
        ("qed_bn_mont_from", [ctypes.POINTER(MONT), P, P])])
lib.qed_bn_from_u64.argtypes = [P, ctypes.c_uint64]
lib.qed_bn_from_u64.restype = None
lib.qed_bn_bits.argtypes = [P]
lib.qed_bn_bits.restype = ctypes.c_size_t

tally = bn_ctypes.Tally()
check = tally.check


def mk(v):
    """A qed_bn holding v (|v| < 2^16384), garbage-free."""
    return bn_ctypes.mk(lib, v)


def val(x):
    """The value of a qed_bn, after checking its representation."""
    return bn_ctypes.val(x)


def junk():
    """An output object full of garbage (a valid but unrelated number)."""
    return mk(rng.getrandbits(rng.randrange(1, 300)) * rng.choice((1, -1)))


def rbits():
    r = rng.random()
    if r < 0.4:
        return rng.randrange(1, 200)
    if r < 0.7:
        return rng.randrange(1, 2100)
    if r < 0.9:
        return rng.randrange(1, 8300)
    return rng.randrange(1, MAXBITS + 1)


def edge(bits):
    """A random or edge value of at most `bits` bits."""
    k = rng.randrange(12)
    if k == 0:
        return 0
    if k == 1:
        return 1
    if k == 2:
        return (1 << (64 * max(1, bits // 64))) - 1          # all-ones limbs
    if k == 3:
        return 1 << (bits - 1)                                # top bit only
    if k == 4:
        return (1 << bits) - 1
    if k == 5:                                                # sparse limbs
        v = 0
        for i in range(0, bits, 64):
            v |= rng.choice((0, 1, (1 << 64) - 1, 1 << 63)) << i
        return v % (1 << bits)
    return rng.getrandbits(bits) | (1 << (bits - 1))


def operand():
    v = edge(rbits())
    return -v if rng.random() < 0.3 else v


def result(ret, out, want, what):
    """want is None for an expected -1 (output zero)."""
    try:
        got = val(out)
    except AssertionError as e:
        check(False, "%s: %s" % (what, e))
        return
    if want is None or not (-CAP < want < CAP):
        check(ret == -1 and got == 0, "%s: expected -1, got %d %x" % (what, ret, got))
    else:
        check(ret == 0 and got == want, "%s: ret %d got %x want %x" % (what, ret, got, want))


def tdiv(a, d):
    q = abs(a) // abs(d)
    if (a < 0) != (d < 0):
        q = -q
    return q, a - q * d


N = max(1, int(400 * SCALE))

# ---- bytes, u64, sign, cmp, bits ----
for _ in range(N):
    v = edge(rbits())
    x = mk(v)
    check(val(x) == v and lib.qed_bn_bits(ctypes.byref(x)) == v.bit_length(), "from_bytes/bits")
    ln = (v.bit_length() + 7) // 8
    for L in (ln, ln + rng.randrange(1, 9), max(0, ln - 1)):
        buf = ctypes.create_string_buffer(b"\xa5" * (L + 1), L + 1)
        r = lib.qed_bn_to_bytes(buf, L, ctypes.byref(x))
        if L >= ln:
            check(r == 0 and buf.raw[:L] == v.to_bytes(L, "big") and buf.raw[L] == 0xa5, "to_bytes %d" % L)
        else:
            check(r == -1 and buf.raw[:L] == b"\0" * L, "to_bytes refusal")
    # leading zero bytes accepted; too long refused
    b = b"\0" * rng.randrange(0, 40) + v.to_bytes(max(ln, 1), "big")
    y = junk()
    check(lib.qed_bn_from_bytes(ctypes.byref(y), b, len(b)) == 0 and val(y) == v, "from_bytes zeros")
for L in (2049, 2050, 3000):
    b = b"\x01" + b"\0" * (L - 1)
    y = junk()
    check(lib.qed_bn_from_bytes(ctypes.byref(y), b, L) == -1 and val(y) == 0, "from_bytes too big")
y = junk()
b = b"\xff" * 2048
check(lib.qed_bn_from_bytes(ctypes.byref(y), b, 2048) == 0 and val(y) == CAP - 1, "from_bytes capacity")
for v in (0, 1, (1 << 64) - 1, 1 << 64, -1, -5):
    u = ctypes.c_uint64(77)
    r = lib.qed_bn_to_u64(ctypes.byref(u), ctypes.byref(mk(v)))
    if 0 <= v < (1 << 64):
        check(r == 0 and u.value == v, "to_u64")
    else:
        check(r == -1 and u.value == 0, "to_u64 refusal")
    if 0 <= v < (1 << 64):
        x = junk()
        lib.qed_bn_from_u64(ctypes.byref(x), v)
        check(val(x) == v, "from_u64")
for _ in range(N):
    a, b = operand(), operand()
    if rng.random() < 0.2:
        b = a
    elif rng.random() < 0.2:
        b = -a
    check(lib.qed_bn_cmp(ctypes.byref(mk(a)), ctypes.byref(mk(b))) == (a > b) - (a < b), "cmp")
    check(lib.qed_bn_sign(ctypes.byref(mk(a))) == (a > 0) - (a < 0), "sign")

# ---- add, sub, mul, sqr (with aliasing) ----
for fn, op in (("qed_bn_add", lambda a, b: a + b), ("qed_bn_sub", lambda a, b: a - b),
               ("qed_bn_mul", lambda a, b: a * b)):
    f = getattr(lib, fn)
    for i in range(3 * N):
        a, b = operand(), operand()
        if fn == "qed_bn_mul" and rng.random() < 0.5:
            # products near the capacity
            ab = rng.randrange(1, MAXBITS)
            a = edge(ab)
            b = edge(max(1, MAXBITS - ab + rng.randrange(-2, 3)))
        if fn != "qed_bn_mul" and rng.random() < 0.1:
            a = CAP - 1 - rng.randrange(3)
            b = rng.randrange(0, 4) * rng.choice((1, -1))
        want = op(a, b)
        A, B, R = mk(a), mk(b), junk()
        result(f(ctypes.byref(R), ctypes.byref(A), ctypes.byref(B)), R, want, "%s %x %x" % (fn, a, b))
        mode = i % 3
        A, B = mk(a), mk(b)
        if mode == 0:
            r = f(ctypes.byref(A), ctypes.byref(A), ctypes.byref(B))
            result(r, A, want, fn + " r=a")
        elif mode == 1:
            r = f(ctypes.byref(B), ctypes.byref(A), ctypes.byref(B))
            result(r, B, want, fn + " r=b")
        else:
            r = f(ctypes.byref(A), ctypes.byref(A), ctypes.byref(A))
            result(r, A, op(a, a), fn + " r=a=b")
# exactly at capacity and one past
for a, b, fn, want in ((CAP - 2, 1, "qed_bn_add", CAP - 1), (CAP - 1, 1, "qed_bn_add", None),
                       (-(CAP - 1), -1, "qed_bn_add", None), (-(CAP - 1), 1, "qed_bn_sub", None),
                       ((1 << 8192) - 1, (1 << 8192) + 1, "qed_bn_mul", CAP - 1),
                       (1 << 8192, 1 << 8192, "qed_bn_mul", None),
                       (CAP - 1, CAP - 1, "qed_bn_mul", None), (CAP - 1, -1, "qed_bn_mul", -(CAP - 1))):
    R = junk()
    result(getattr(lib, fn)(ctypes.byref(R), ctypes.byref(mk(a)), ctypes.byref(mk(b))), R, want, fn + " capacity")
for i in range(2 * N):
    a = operand() if rng.random() < 0.7 else edge(rng.randrange(8100, 8200))
    A, R = mk(a), junk()
    result(lib.qed_bn_sqr(ctypes.byref(R), ctypes.byref(A)), R, a * a, "sqr %x" % a)
    result(lib.qed_bn_sqr(ctypes.byref(A), ctypes.byref(A)), A, a * a, "sqr r=a")
for a in ((1 << 8192) - 1, 1 << 8191, 1 << 8192, -(1 << 8192) + 1):
    R = junk()
    result(lib.qed_bn_sqr(ctypes.byref(R), ctypes.byref(mk(a))), R, a * a if a * a < CAP else None, "sqr capacity")

# ---- divmod ----
for i in range(4 * N):
    a = operand()
    k = rng.randrange(6)
    if k == 0:
        d = operand()
    elif k == 1:                       # top bit of the top limb set
        d = (1 << (64 * rng.randrange(1, 80) - 1)) | rng.getrandbits(64 * rng.randrange(1, 80) - 1)
    elif k == 2:                       # top limb small
        d = rng.getrandbits(rng.randrange(1, 5000))
    elif k == 3:                       # the top limbs of a and d alike (q-hat corrections)
        dl = rng.randrange(2, 60)
        d = rng.getrandbits(64 * dl) | (1 << (64 * dl - 1))
        a = d * rng.getrandbits(64 * rng.randrange(1, 60)) + rng.randrange(d)
        a %= CAP
    elif k == 4:
        d = rng.choice((1, 2, 3, (1 << 64) - 1, 1 << 63, (1 << 128) - 1))
    else:
        d = edge(rbits())
    if rng.random() < 0.3:
        d = -d
    if d == 0:
        d = 7
    q, r = tdiv(a, d)
    Q, R = junk(), junk()
    ret = lib.qed_bn_divmod(ctypes.byref(Q), ctypes.byref(R), ctypes.byref(mk(a)), ctypes.byref(mk(d)))
    check(ret == 0 and val(Q) == q and val(R) == r, "divmod %x / %x" % (a, d))
    # aliasing: q = a, r = d; and NULL outputs
    A, D = mk(a), mk(d)
    ret = lib.qed_bn_divmod(ctypes.byref(A), ctypes.byref(D), ctypes.byref(A), ctypes.byref(D))
    check(ret == 0 and val(A) == q and val(D) == r, "divmod aliased")
    R = junk()
    ret = lib.qed_bn_divmod(None, ctypes.byref(R), ctypes.byref(mk(a)), ctypes.byref(mk(d)))
    check(ret == 0 and val(R) == r, "divmod q NULL")
    Q = junk()
    ret = lib.qed_bn_divmod(ctypes.byref(Q), None, ctypes.byref(mk(a)), ctypes.byref(mk(d)))
    check(ret == 0 and val(Q) == q, "divmod r NULL")
    gq, gr = gmpy2.t_divmod(a, d)
    check(int(gq) == q and int(gr) == r, "gmpy2 agrees on tdiv")
Q, R = junk(), junk()
check(lib.qed_bn_divmod(ctypes.byref(Q), ctypes.byref(R), ctypes.byref(mk(5)), ctypes.byref(mk(0))) == -1
      and val(Q) == 0 and val(R) == 0, "divmod by zero")

# ---- gcd, gcdext, modinv ----
for i in range(2 * N):
    bits = rbits() if rng.random() < 0.8 else rng.randrange(1, 1200)
    a, b = edge(bits), edge(rng.choice((bits, rbits())))
    if rng.random() < 0.3:
        g0 = edge(rng.randrange(1, 300))
        a, b = (a * g0) % CAP, (b * g0) % CAP
    if rng.random() < 0.3:
        a = -a
    if rng.random() < 0.3:
        b = -b
    g = math.gcd(a, b)
    G = junk()
    result(lib.qed_bn_gcd(ctypes.byref(G), ctypes.byref(mk(a)), ctypes.byref(mk(b))), G, g, "gcd %x %x" % (a, b))
    A = mk(a)
    result(lib.qed_bn_gcd(ctypes.byref(A), ctypes.byref(A), ctypes.byref(mk(b))), A, g, "gcd aliased")
    if i % 2 == 0 or bits < 3000:
        G, S, T = junk(), junk(), junk()
        ret = lib.qed_bn_gcdext(ctypes.byref(G), ctypes.byref(S), ctypes.byref(T), ctypes.byref(mk(a)), ctypes.byref(mk(b)))
        gv, sv, tv = val(G), val(S), val(T)
        gg, gs, gt = gmpy2.gcdext(a, b)
        ok = ret == 0 and gv == int(gg) and sv * a + tv * b == gv
        if a != 0 and b != 0 and g != 0:
            ok = ok and abs(sv) <= max(1, abs(b) // g) and abs(tv) <= max(1, abs(a) // g)
        check(ok, "gcdext %x %x" % (a, b))
    # inverse modulo m >= 2
    m = abs(b) if abs(b) >= 2 else 2 + rng.randrange(100)
    R = junk()
    ret = lib.qed_bn_modinv(ctypes.byref(R), ctypes.byref(mk(a)), ctypes.byref(mk(m)))
    if math.gcd(a, m) == 1:
        result(ret, R, int(gmpy2.invert(a, m)), "modinv %x %x" % (a, m))
    else:
        result(ret, R, None, "modinv none")
for m in (0, 1, -7):
    R = junk()
    result(lib.qed_bn_modinv(ctypes.byref(R), ctypes.byref(mk(3)), ctypes.byref(mk(m))), R, None, "modinv m<2")

# ---- powm, powm_sec, Montgomery ----
def modulus(bits, odd):
    m = edge(bits) | (1 << (bits - 1))
    if odd:
        m |= 1
    elif m % 2 == 1:
        m ^= 1
    return m


for i in range(N):
    bits = rng.choice((rng.randrange(2, 300), rng.randrange(2, 2100), rng.randrange(2, 4200))) \
        if rng.random() < 0.97 else rng.randrange(8000, MAXBITS + 1)
    odd = rng.random() < 0.7
    m = modulus(bits, odd)
    if m < 2:
        m = 3
    b = operand() % CAP if rng.random() < 0.2 else rng.randrange(-m, 2 * m) % CAP * rng.choice((1, 1, -1))
    e = rng.choice((0, 1, 2, 3, 65537, rng.getrandbits(rng.randrange(1, 70)),
                    rng.getrandbits(min(bits, 2100) if bits < 5000 else 64)))
    R = junk()
    result(lib.qed_bn_powm(ctypes.byref(R), ctypes.byref(mk(b)), ctypes.byref(mk(e)), ctypes.byref(mk(m))),
           R, int(gmpy2.powmod(b, e, m)), "powm %x %x %x" % (b, e, m))
    if m % 2 == 1 and m >= 3 and i % 2 == 0 and bits < 4200:
        bs = rng.randrange(0, min(CAP, 1 << (64 * ((m.bit_length() + 63) // 64)))) if rng.random() < 0.5 else rng.randrange(m)
        if rng.random() < 0.1:
            bs = m - 1
        es = rng.choice((0, 1, 2, rng.getrandbits(rng.randrange(1, bits + 64))))
        R = junk()
        result(lib.qed_bn_powm_sec(ctypes.byref(R), ctypes.byref(mk(bs)), ctypes.byref(mk(es)), ctypes.byref(mk(m))),
               R, pow(bs, es, m), "powm_sec %x %x %x" % (bs, es, m))
        B = mk(bs)
        result(lib.qed_bn_powm_sec(ctypes.byref(B), ctypes.byref(B), ctypes.byref(mk(es)), ctypes.byref(mk(m))),
               B, pow(bs, es, m), "powm_sec aliased")
        # Montgomery
        ctx = MONT()
        check(lib.qed_bn_mont_init(ctypes.byref(ctx), ctypes.byref(mk(m))) == 0, "mont_init")
        n = (m.bit_length() + 63) // 64
        Rm = 1 << (64 * n)
        x, y = rng.randrange(m), rng.randrange(m)
        X, Y, Z = mk(x), mk(y), junk()
        result(lib.qed_bn_mont_mul(ctypes.byref(ctx), ctypes.byref(Z), ctypes.byref(X), ctypes.byref(Y)),
               Z, x * y * pow(Rm, -1, m) % m, "mont_mul")
        result(lib.qed_bn_mont_to(ctypes.byref(ctx), ctypes.byref(Z), ctypes.byref(X)), Z, x * Rm % m, "mont_to")
        result(lib.qed_bn_mont_from(ctypes.byref(ctx), ctypes.byref(Z), ctypes.byref(X)), Z, x * pow(Rm, -1, m) % m, "mont_from")
        result(lib.qed_bn_mont_mul(ctypes.byref(ctx), ctypes.byref(Z), ctypes.byref(mk(m)), ctypes.byref(Y)), Z, None, "mont_mul a = m")
# large ones and refusals
for bits in (8192, MAXBITS):
    m = modulus(bits, True)
    b, e = rng.randrange(m), rng.getrandbits(256)
    R = junk()
    result(lib.qed_bn_powm(ctypes.byref(R), ctypes.byref(mk(b)), ctypes.byref(mk(e)), ctypes.byref(mk(m))), R, pow(b, e, m), "powm big")
    R = junk()
    result(lib.qed_bn_powm_sec(ctypes.byref(R), ctypes.byref(mk(b)), ctypes.byref(mk(e)), ctypes.byref(mk(m))), R, pow(b, e, m), "powm_sec big")
for b, e, m in ((2, 5, 0), (2, -1, 7), (2, 5, -7)):
    R = junk()
    result(lib.qed_bn_powm(ctypes.byref(R), ctypes.byref(mk(b)), ctypes.byref(mk(e)), ctypes.byref(mk(m))), R, None, "powm refusal")
R = junk()
result(lib.qed_bn_powm(ctypes.byref(R), ctypes.byref(mk(5)), ctypes.byref(mk(3)), ctypes.byref(mk(1))), R, 0, "powm mod 1")
for b, e, m in ((2, 5, 8), (2, 5, 1), (-2, 5, 7), (2, -5, 7), (1 << 64, 3, 7), (2, 5, -7)):
    R = junk()
    result(lib.qed_bn_powm_sec(ctypes.byref(R), ctypes.byref(mk(b)), ctypes.byref(mk(e)), ctypes.byref(mk(m))), R, None, "powm_sec refusal")
ctx = MONT()
check(lib.qed_bn_mont_init(ctypes.byref(ctx), ctypes.byref(mk(10))) == -1 and ctx.n == 0, "mont_init even")

tally.finish()
