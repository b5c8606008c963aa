"""qed.integers against Python's int arithmetic and gmpy2 (GMP) on random
numbers up to the 16384-bit limit, and every error path."""
import gmpy2
import pytest

integers = pytest.importorskip("qed.integers", exc_type=ImportError)

N = 300


def _num(rng, maxbits=4096, signed=True):
    v = rng.getrandbits(rng.randrange(0, maxbits + 1))
    return -v if signed and rng.random() < 0.5 else v


def _trunc_divmod(a, d):
    q = abs(a) // abs(d)
    if (a < 0) != (d < 0):
        q = -q
    return q, a - q * d


def test_arithmetic(rng):
    for _ in range(N):
        a, b = _num(rng), _num(rng)
        assert integers.add(a, b) == a + b
        assert integers.sub(a, b) == a - b
        assert integers.mul(a, b) == a * b
        assert integers.sqr(a) == a * a
        if b:
            assert integers.divmod_trunc(a, b) == _trunc_divmod(a, b)
        assert integers.gcd(a, b) == int(gmpy2.gcd(a, b))
        g, s, t = integers.gcdext(a, b)
        assert g == int(gmpy2.gcd(a, b)) and s * a + t * b == g


def test_modular(rng):
    for _ in range(N):
        m = _num(rng, 2048, signed=False) | 1
        if m < 3:
            m = 3
        b, e = rng.randrange(0, m), _num(rng, 1024, signed=False)
        assert integers.powm_sec(b, e, m) == int(gmpy2.powmod(b, e, m))
        bb = _num(rng, 2048)
        me = m + rng.randrange(0, 2)  # even moduli too
        assert integers.powm(bb, e, me) == pow(bb, e, me)
        a = rng.randrange(0, m)
        if gmpy2.gcd(a, m) == 1:
            assert integers.modinv(a, m) == pow(a, -1, m)
        else:
            with pytest.raises(ValueError, match="not invertible"):
                integers.modinv(a, m)
        x, y = rng.randrange(0, m), rng.randrange(0, m)
        n = (m.bit_length() + 63) // 64
        r = pow(2, 64 * n, m)
        assert integers.mont_mul(x, y, m) == x * y * pow(r, -1, m) % m


def test_limits():
    big = (1 << 16384) - 1
    assert integers.add(big, 0) == big
    with pytest.raises(ValueError, match="16384"):
        integers.add(big, 1)
    with pytest.raises(ValueError, match="16384"):
        integers.mul(big, big)
    with pytest.raises(ValueError, match="more than 16384"):
        integers.add(1 << 16384, 0)
    m = (1 << 16383) + 1
    assert integers.powm_sec(3, 5, m) == pow(3, 5, m)


def test_error_paths():
    with pytest.raises(TypeError):
        integers.add(1.5, 2)
    with pytest.raises(TypeError):
        integers.add(True, 2)
    with pytest.raises(TypeError):
        integers.powm_sec("3", 5, 7)
    with pytest.raises(ZeroDivisionError):
        integers.divmod_trunc(5, 0)
    with pytest.raises(ValueError, match="odd"):
        integers.powm_sec(3, 5, 8)
    with pytest.raises(ValueError, match="odd"):
        integers.powm_sec(0, 5, 1)
    with pytest.raises(ValueError, match=r"\[0, m\)"):
        integers.powm_sec(7, 5, 7)
    with pytest.raises(ValueError, match=r"\[0, m\)"):
        integers.powm_sec(-1, 5, 7)
    with pytest.raises(ValueError, match=">= 0"):
        integers.powm_sec(2, -1, 7)
    with pytest.raises(ValueError, match=">= 0"):
        integers.powm(2, -1, 7)
    with pytest.raises(ValueError, match=">= 1"):
        integers.powm(2, 1, 0)
    with pytest.raises(ValueError, match=">= 2"):
        integers.modinv(1, 1)
    with pytest.raises(ValueError):
        integers.mont_mul(1, 2, 10)
    with pytest.raises(ValueError):
        integers.mont_mul(11, 2, 11)
