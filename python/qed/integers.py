"""qed's multi-precision integers (qed_bn, up to 16384 bits) for Python
ints.  Every function takes and returns Python ints; values are checked in
Python (TypeError for a non-int, ValueError for a value out of range)
before the C call.

powm_sec is the constant-time modular exponentiation (Montgomery, fixed
window, whole-table reads): use it for secret exponents and bases.  The
other functions are variable time, for public numbers.
"""
from ._qed import ffi, lib

if not hasattr(lib, "qed_bn_powm_sec"):  # pragma: no cover
    raise ImportError("this build of qed has no integers (qed/bn.h)")

MAX_BITS = 16384

__all__ = ["MAX_BITS", "add", "sub", "mul", "sqr", "divmod_trunc", "gcd",
           "gcdext", "modinv", "powm", "powm_sec", "mont_mul"]


def _int(x, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise TypeError(f"{what} must be an int, got {type(x).__name__}")
    if abs(x).bit_length() > MAX_BITS:
        raise ValueError(f"{what} has more than {MAX_BITS} bits")
    return x


def _to_bn(x: int):
    bn = ffi.gc(ffi.new("qed_bn *"), lib.qed_bn_wipe)
    mag = abs(x).to_bytes((abs(x).bit_length() + 7) // 8 or 1, "big")
    if lib.qed_bn_from_bytes(bn, mag, len(mag)) != 0:  # pragma: no cover
        raise ValueError("integer too large")
    if x < 0:
        lib.qed_bn_negate(bn)
    return bn


def _from_bn(bn) -> int:
    nbytes = (lib.qed_bn_bits(bn) + 7) // 8 or 1
    buf = ffi.new("uint8_t[]", nbytes)
    lib.qed_bn_to_bytes(buf, nbytes, bn)
    v = int.from_bytes(bytes(ffi.buffer(buf, nbytes)), "big")
    lib.qed_zeroize(buf, nbytes)
    return -v if lib.qed_bn_sign(bn) < 0 else v


def _new():
    return ffi.gc(ffi.new("qed_bn *"), lib.qed_bn_wipe)


def _binary(fn, a: int, b: int, what: str) -> int:
    r = _new()
    if fn(r, _to_bn(a), _to_bn(b)) != 0:
        raise ValueError(f"{what}: the result does not fit in {MAX_BITS} "
                         "bits")
    return _from_bn(r)


def add(a: int, b: int) -> int:
    """a + b."""
    return _binary(lib.qed_bn_add, _int(a, "a"), _int(b, "b"), "add")


def sub(a: int, b: int) -> int:
    """a - b."""
    return _binary(lib.qed_bn_sub, _int(a, "a"), _int(b, "b"), "sub")


def mul(a: int, b: int) -> int:
    """a * b (constant time in the limb values for given sizes)."""
    return _binary(lib.qed_bn_mul, _int(a, "a"), _int(b, "b"), "mul")


def sqr(a: int) -> int:
    """a * a."""
    r = _new()
    if lib.qed_bn_sqr(r, _to_bn(_int(a, "a"))) != 0:
        raise ValueError(f"sqr: the result does not fit in {MAX_BITS} bits")
    return _from_bn(r)


def divmod_trunc(a: int, d: int) -> tuple:
    """(q, r) with q = a / d truncated toward zero and r = a - q d (C's / and
    %, not Python's floor division)."""
    _int(a, "a")
    if _int(d, "d") == 0:
        raise ZeroDivisionError("division by zero")
    q, r = _new(), _new()
    if lib.qed_bn_divmod(q, r, _to_bn(a), _to_bn(d)) != 0:  # pragma: no cover
        raise ValueError("divmod refused")
    return _from_bn(q), _from_bn(r)


def gcd(a: int, b: int) -> int:
    """gcd(|a|, |b|)."""
    return _binary(lib.qed_bn_gcd, _int(a, "a"), _int(b, "b"), "gcd")


def gcdext(a: int, b: int) -> tuple:
    """(g, s, t) with g = gcd(a, b) = s a + t b."""
    g, s, t = _new(), _new(), _new()
    if lib.qed_bn_gcdext(g, s, t, _to_bn(_int(a, "a")),
                         _to_bn(_int(b, "b"))) != 0:  # pragma: no cover
        raise ValueError("gcdext refused")
    return _from_bn(g), _from_bn(s), _from_bn(t)


def modinv(a: int, m: int) -> int:
    """a^-1 mod m in [0, m); ValueError when m < 2 or gcd(a, m) != 1."""
    _int(a, "a")
    if _int(m, "m") < 2:
        raise ValueError("modulus must be >= 2")
    r = _new()
    if lib.qed_bn_modinv(r, _to_bn(a), _to_bn(m)) != 0:
        raise ValueError("base is not invertible for the given modulus")
    return _from_bn(r)


def powm(b: int, e: int, m: int) -> int:
    """b^e mod m in [0, m), m >= 1, e >= 0 (variable time: public
    exponents)."""
    _int(b, "b")
    if _int(e, "e") < 0:
        raise ValueError("exponent must be >= 0")
    if _int(m, "m") < 1:
        raise ValueError("modulus must be >= 1")
    r = _new()
    if lib.qed_bn_powm(r, _to_bn(b), _to_bn(e), _to_bn(m)) != 0:
        raise ValueError("powm refused")  # pragma: no cover
    return _from_bn(r)


def powm_sec(b: int, e: int, m: int) -> int:
    """b^e mod m in constant time in b and e: m odd and >= 3, 0 <= b < m,
    e >= 0."""
    _int(b, "b")
    _int(e, "e")
    _int(m, "m")
    if m < 3 or m % 2 == 0:
        raise ValueError("modulus must be odd and >= 3")
    if not 0 <= b < m:
        raise ValueError("base must be in [0, m)")
    if e < 0:
        raise ValueError("exponent must be >= 0")
    r = _new()
    if lib.qed_bn_powm_sec(r, _to_bn(b), _to_bn(e), _to_bn(m)) != 0:
        raise ValueError("powm_sec refused")  # pragma: no cover
    return _from_bn(r)


def mont_mul(a: int, b: int, m: int) -> int:
    """a b R^-1 mod m (Montgomery product, R = 2^(64 n) for the n limbs of
    m), constant time in a and b: m odd >= 3, a and b in [0, m)."""
    for v, name in ((a, "a"), (b, "b")):
        _int(v, name)
    _int(m, "m")
    if m < 3 or m % 2 == 0:
        raise ValueError("modulus must be odd and >= 3")
    if not (0 <= a < m and 0 <= b < m):
        raise ValueError("a and b must be in [0, m)")
    ctx = ffi.gc(ffi.new("qed_bn_mont_ctx *"), lib.qed_bn_mont_wipe)
    if lib.qed_bn_mont_init(ctx, _to_bn(m)) != 0:  # pragma: no cover
        raise ValueError("modulus refused")
    r = _new()
    if lib.qed_bn_mont_mul(ctx, r, _to_bn(a), _to_bn(b)) != 0:
        raise ValueError("mont_mul refused")  # pragma: no cover
    return _from_bn(r)
