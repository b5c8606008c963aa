"""A plain pure-Python Keccak-p[b, nr] for every width, with the bit-level
sponge and duplex of the Keccak team, for differential testing.

Independent of qed's C code (it shares no code or table with src/): written
from FIPS 202 sections 3 to 5 and from "Cryptographic sponge functions"
(Bertoni, Daemen, Peeters, Van Assche), section on the duplex construction.

  * w = b / 25, l = log2(w), Keccak-f[b] has n_r = 12 + 2l rounds and
    Keccak-p[b, n_r] is its LAST n_r rounds (round indices 12+2l-n_r ..
    12+2l-1, FIPS 202 Algorithm 7);
  * the rho offsets and the round constants are *computed* by Algorithms 2
    and 5/6 for the width at hand (iota sets bit 2^j - 1 of the lane for
    j = 0 .. l), not truncated from a 64-bit table;
  * strings are lists of bits (0/1), as in the standard; bit i of the state
    string is A[x, y, z] with i = w(5y + x) + z (section 3.1.2);
  * bytes <-> bits: bit j of a byte string is bit j % 8 of byte j // 8
    (least significant first, FIPS 202 B.1); a message of n bits is given as
    ceil(n/8) bytes with the last byte's bits in its low positions.

It is slow (milliseconds per permutation), fine for thousands of cases.
"""

__all__ = ["keccak_p", "keccak_p_bytes", "sponge", "Duplex", "bits_of",
           "bytes_of", "round_constant", "WIDTHS", "max_rounds"]

WIDTHS = (25, 50, 100, 200, 400, 800, 1600)


def _log2(w):
    l = 0
    while (1 << l) < w:
        l += 1
    assert (1 << l) == w
    return l


def max_rounds(b):
    """n_r of Keccak-f[b] = 12 + 2l."""
    return 12 + 2 * _log2(b // 25)


def _rc_bit(t):
    """Algorithm 5: rc(t), the LFSR x^8 + x^6 + x^5 + x^4 + 1."""
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(t % 255):
        r = [0] + r
        r[0] ^= r[8]
        r[4] ^= r[8]
        r[5] ^= r[8]
        r[6] ^= r[8]
        r = r[:8]
    return r[0]


def round_constant(ir, w):
    """Algorithm 6: RC for round ir of Keccak-p over lanes of w bits."""
    l = _log2(w)
    rc = 0
    for j in range(l + 1):
        rc |= _rc_bit(j + 7 * ir) << ((1 << j) - 1)
    return rc


class _Geometry:
    """The constants of one width."""

    def __init__(self, b):
        assert b in WIDTHS
        self.b = b
        self.w = b // 25
        self.mask = (1 << self.w) - 1
        self.nr = max_rounds(b)
        # Algorithm 2 (rho): offsets (t+1)(t+2)/2 mod w along the walk
        # (x, y) <- (y, 2x + 3y) starting from (1, 0).
        self.rho = {(0, 0): 0}
        x, y = 1, 0
        for t in range(24):
            self.rho[(x, y)] = ((t + 1) * (t + 2) // 2) % self.w
            x, y = y, (2 * x + 3 * y) % 5
        self.rc = [round_constant(ir, self.w) for ir in range(self.nr)]

    def rot(self, v, n):
        n %= self.w
        return ((v << n) | (v >> (self.w - n))) & self.mask


_GEOM = {}


def _geom(b):
    if b not in _GEOM:
        _GEOM[b] = _Geometry(b)
    return _GEOM[b]


def _rnd(g, A, ir):
    """Rnd(A, ir) on A[x][y] (lanes as ints of w bits), section 3.2."""
    # theta
    C = [A[x][0] ^ A[x][1] ^ A[x][2] ^ A[x][3] ^ A[x][4] for x in range(5)]
    D = [C[(x - 1) % 5] ^ g.rot(C[(x + 1) % 5], 1) for x in range(5)]
    A = [[A[x][y] ^ D[x] for y in range(5)] for x in range(5)]
    # rho
    A = [[g.rot(A[x][y], g.rho[(x, y)]) for y in range(5)] for x in range(5)]
    # pi: A'[x, y] = A[(x + 3y) mod 5, x]
    A = [[A[(x + 3 * y) % 5][x] for y in range(5)] for x in range(5)]
    # chi: A'[x, y] = A[x, y] ^ ((A[x+1, y] ^ 1) & A[x+2, y])
    A = [[A[x][y] ^ ((A[(x + 1) % 5][y] ^ g.mask) & A[(x + 2) % 5][y])
          for y in range(5)] for x in range(5)]
    # iota
    A[0][0] ^= g.rc[ir]
    return A


def keccak_p(bits, nr):
    """Keccak-p[b, nr] on a list of b bits (b = len(bits))."""
    b = len(bits)
    g = _geom(b)
    assert 1 <= nr <= g.nr
    w = g.w
    A = [[0] * 5 for _ in range(5)]
    for x in range(5):
        for y in range(5):
            v = 0
            for z in range(w):
                v |= bits[w * (5 * y + x) + z] << z
            A[x][y] = v
    for ir in range(g.nr - nr, g.nr):
        A = _rnd(g, A, ir)
    out = [0] * b
    for x in range(5):
        for y in range(5):
            for z in range(w):
                out[w * (5 * y + x) + z] = (A[x][y] >> z) & 1
    return out


def bits_of(data, n=None):
    """The first n bits of a byte string (all of them by default)."""
    if n is None:
        n = 8 * len(data)
    return [(data[j // 8] >> (j % 8)) & 1 for j in range(n)]


def bytes_of(bits):
    """Bits to ceil(n/8) bytes, the unused high bits of the last byte 0."""
    out = bytearray((len(bits) + 7) // 8)
    for j, bit in enumerate(bits):
        out[j // 8] |= bit << (j % 8)
    return bytes(out)


def keccak_p_bytes(state, b, nr):
    """Keccak-p[b, nr] on the ceil(b/8)-byte state string; the high bits of
    the last byte that are not state bits are kept as they were."""
    out = bytearray(bytes_of(keccak_p(bits_of(state, b), nr)))
    if b % 8:
        keep = state[-1] & (0xFF << (b % 8)) & 0xFF
        out[-1] |= keep
    return bytes(out)


def _pad101(r, m):
    """pad10*1(r, m): 1, then j = (-m - 2) mod r zeros, then 1."""
    j = (-m - 2) % r
    return [1] + [0] * j + [1]


def sponge(b, r, nr, msg_bits, out_bits):
    """SPONGE[Keccak-p[b, nr], pad10*1, r](M, d), section 4, M a list of
    bits; returns a list of out_bits bits."""
    assert 1 <= r <= b
    P = msg_bits + _pad101(r, len(msg_bits))
    assert len(P) % r == 0
    S = [0] * b
    for i in range(0, len(P), r):
        block = P[i:i + r] + [0] * (b - r)
        S = keccak_p([s ^ p for s, p in zip(S, block)], nr)
    Z = []
    while True:
        Z += S[:r]
        if len(Z) >= out_bits:
            return Z[:out_bits]
        S = keccak_p(S, nr)


class Duplex:
    """DUPLEX[Keccak-p[b, nr], pad10*1, r]: each duplexing call pads sigma
    (at most r - 2 bits) to one r-bit block, XORs it into the state,
    applies the permutation and returns the first l <= r bits."""

    def __init__(self, b, r, nr):
        assert 2 <= r <= b
        self.b, self.r, self.nr = b, r, nr
        self.S = [0] * b

    def duplexing(self, sigma, l):
        assert len(sigma) <= self.r - 2 and l <= self.r
        P = sigma + _pad101(self.r, len(sigma))
        assert len(P) == self.r
        block = P + [0] * (self.b - self.r)
        self.S = keccak_p([s ^ p for s, p in zip(self.S, block)], self.nr)
        return self.S[:l]
