"""qed_bn and qed_bn_mont_ctx through ctypes, shared by the integer
differential tests (test_bn.py, test_bn_fast.py, test_bn_mont.py).

    lib = load()                  build/libqed.so, or $QED_LIB
    declare(lib, [(name, argtypes), ...])   functions returning int
    x = mk(lib, v)                a qed_bn holding v (|v| < 2^16384)
    v = val(x)                    its value, after checking that x is
                                  normalized (limb[n-1] != 0, zero above n,
                                  no negative zero)
    t = Tally(); t.check(ok, what); t.finish()
                                  counts, prints the first 30 failures, and
                                  ends with `N passed, M failed` and exit
                                  status 1 on any failure
"""

import ctypes
import os
import sys

LIMBS = 256
MAXBITS = 64 * LIMBS
CAP = 1 << MAXBITS
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class BN(ctypes.Structure):
    _fields_ = [("limb", ctypes.c_uint64 * LIMBS), ("n", ctypes.c_size_t),
                ("neg", ctypes.c_int)]


class MONT(ctypes.Structure):
    _fields_ = [("m", ctypes.c_uint64 * LIMBS), ("rr", ctypes.c_uint64 * LIMBS),
                ("minv", ctypes.c_uint64), ("n", ctypes.c_size_t)]


P = ctypes.POINTER(BN)
M = ctypes.POINTER(MONT)
SZ = ctypes.c_size_t


def load():
    """The library, with qed_bn_from_bytes and qed_bn_negate declared."""
    lib = ctypes.CDLL(os.environ.get("QED_LIB",
                                     os.path.join(ROOT, "build", "libqed.so")))
    declare(lib, [("qed_bn_from_bytes", [P, ctypes.c_char_p, SZ])])
    lib.qed_bn_negate.argtypes = [P]
    lib.qed_bn_negate.restype = None
    return lib


def declare(lib, table):
    for name, args in table:
        f = getattr(lib, name)
        f.argtypes = args
        f.restype = ctypes.c_int


def mk(lib, v):
    x = BN()
    mag = abs(v)
    b = mag.to_bytes(max(1, (mag.bit_length() + 7) // 8), "big")
    assert lib.qed_bn_from_bytes(ctypes.byref(x), b, len(b)) == 0
    if v < 0:
        lib.qed_bn_negate(ctypes.byref(x))
    return x


def val(x):
    n = x.n
    limbs = list(x.limb)
    assert n <= LIMBS, "n out of range"
    assert n == 0 or limbs[n - 1] != 0, "not normalized"
    assert all(l == 0 for l in limbs[n:]), "limbs above n not zero"
    assert x.neg in (0, 1) and not (n == 0 and x.neg), "bad sign"
    mag = sum(l << (64 * i) for i, l in enumerate(limbs[:n]))
    return -mag if x.neg else mag


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            if self.failed <= 30:
                print("FAIL", what[:400])

    def finish(self):
        print("%d passed, %d failed" % (self.passed, self.failed))
        sys.exit(1 if self.failed else 0)
