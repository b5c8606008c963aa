"""An independent, deliberately plain pure-Python model of Ketje v2.

Written from the specifications, for the differential tests of qed's
MonkeyDuplex, MonkeyWrap and Ketje (tests/diff/test_ketje.py); it shares no
code and no table with src/ or with tests/diff/keccak_ref.py:

  * Keccak-p[b, nr] for every width b = 25 * 2^l (FIPS 202, sections 3.2
    and 3.3): the five step mappings follow the text index by index, the rho
    offsets and the round constants are *computed* by Algorithms 2 and 5;
    Keccak-p[b, nr] is the last nr rounds of Keccak-f[b] (rounds
    12 + 2l - nr .. 12 + 2l - 1);
  * the Ketje v2 twist (Ketje v2, section 2): Ketje uses
    Keccak-p*[b, nr] = pi o Keccak-p[b, nr] o pi^-1, i.e. the outer part of
    the duplex is read and written in the coordinates obtained by applying
    the step mapping pi; pi is taken from FIPS 202 (Algorithm 3:
    A'[x, y] = A[(x + 3y) mod 5, x]) and inverted here by search, not by a
    hand-written table;
  * MonkeyDuplex (start / step / stride) and MonkeyWrap (initialize, wrap,
    unwrap; sessions) as the Ketje v2 document defines them, on bit strings:
    a bit string is a pair (value, length) whose bit i is (value >> i) & 1,
    and a byte string is the bit string of its bytes, least significant bit
    of each byte first (the convention of FIPS 202, B.1, and of Ketje).

Frame bits (Ketje v2, MonkeyWrap): associated-data blocks but the last get
"00", the last one "01"; message blocks but the last get "11", the last "10";
the tag's later blocks are squeezed with step("0").  pad10*1 to the duplex
rate r = rho + 4 follows.

It is slow (a state is one big Python integer; each permutation call
converts it to lanes and back), which is fine for a few thousand cases.
"""


# ---- Keccak-p[b, nr] (FIPS 202) -------------------------------------------

def _rc_bit(t):
    """Algorithm 5: rc(t), the output of the LFSR x^8 + x^6 + x^5 + x^4 + 1."""
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(1, t % 255 + 1):
        r = [0] + r
        r[0] ^= r[8]
        r[4] ^= r[8]
        r[5] ^= r[8]
        r[6] ^= r[8]
        r = r[:8]
    return r[0]


class KeccakP:
    """Keccak-p[b, nr] on a list of 25 lanes, lane (x, y) at index x + 5y."""

    def __init__(self, b):
        assert b in (25, 50, 100, 200, 400, 800, 1600)
        self.b = b
        self.w = b // 25
        self.l = self.w.bit_length() - 1
        self.mask = (1 << self.w) - 1
        self.nmax = 12 + 2 * self.l
        # Algorithm 2: offset (t+1)(t+2)/2 mod w along (x,y) <- (y, 2x+3y).
        self.rho = [0] * 25
        x, y = 1, 0
        for t in range(24):
            self.rho[x + 5 * y] = ((t + 1) * (t + 2) // 2) % self.w
            x, y = y, (2 * x + 3 * y) % 5
        # Algorithm 6: bit 2^j - 1 of RC[ir] is rc(j + 7 ir), j = 0..l.
        self.rc = []
        for ir in range(self.nmax):
            v = 0
            for j in range(self.l + 1):
                v |= _rc_bit(j + 7 * ir) << ((1 << j) - 1)
            self.rc.append(v)

    def rotl(self, v, n):
        n %= self.w
        return ((v << n) | (v >> (self.w - n))) & self.mask if n else v

    def round(self, A, ir):
        # theta
        C = [A[x] ^ A[x + 5] ^ A[x + 10] ^ A[x + 15] ^ A[x + 20] for x in range(5)]
        D = [C[(x - 1) % 5] ^ self.rotl(C[(x + 1) % 5], 1) for x in range(5)]
        A = [A[x + 5 * y] ^ D[x] for y in range(5) for x in range(5)]
        # rho
        A = [self.rotl(A[i], self.rho[i]) for i in range(25)]
        # pi
        A = pi(A)
        # chi
        A = [A[x + 5 * y] ^ ((A[(x + 1) % 5 + 5 * y] ^ self.mask) & A[(x + 2) % 5 + 5 * y])
             for y in range(5) for x in range(5)]
        # iota
        A[0] ^= self.rc[ir]
        return A

    def permute(self, A, nr):
        assert 1 <= nr <= self.nmax
        for ir in range(self.nmax - nr, self.nmax):
            A = self.round(A, ir)
        return A


def pi(A):
    """FIPS 202, Algorithm 3: A'[x, y] = A[(x + 3y) mod 5, x]."""
    return [A[((x + 3 * y) % 5) + 5 * x] for y in range(5) for x in range(5)]


def _pi_inverse_map():
    """The lane moves of pi^-1, found by applying pi to marked lanes."""
    image = pi(list(range(25)))        # image[i] = source lane of output i
    inv = [0] * 25
    for dst, src in enumerate(image):
        inv[src] = dst                 # pi^-1 sends lane dst back to src
    return inv


_PI_INV = _pi_inverse_map()


def pi_inverse(A):
    out = [0] * 25
    for i in range(25):
        out[i] = A[_PI_INV[i]]
    return out


# ---- bit strings --------------------------------------------------------------

def bits(data):
    """The bit string of a byte string."""
    return (int.from_bytes(data, "little"), 8 * len(data))


def cat(*parts):
    v, n = 0, 0
    for pv, pn in parts:
        assert pv >> pn == 0
        v |= pv << n
        n += pn
    return (v, n)


def bitstr(s):
    """"01" -> the two-bit string whose first bit is 0, second 1."""
    return (sum(int(c) << i for i, c in enumerate(s)), len(s))


def to_bytes(bs):
    v, n = bs
    assert n % 8 == 0
    return v.to_bytes(n // 8, "little")


def pad101(n, r):
    """pad10*1: the bits that bring a string of n bits to a multiple of r."""
    j = (-n - 2) % r
    return (1 | (1 << (j + 1)), j + 2)


# ---- MonkeyDuplex ------------------------------------------------------------

class MonkeyDuplex:
    """MonkeyDuplex[f, r, n_start, n_step, n_stride] on Keccak-p[b] (twisted
    for Ketje v2).  The state is one integer of b bits: bit i of the state
    string, in the coordinates the duplex reads and writes."""

    def __init__(self, b, r, n_start, n_step, n_stride, twisted):
        assert 2 <= r <= b
        self.p = KeccakP(b)
        self.b, self.r = b, r
        self.n_start, self.n_step, self.n_stride = n_start, n_step, n_stride
        self.twisted = twisted
        self.s = None

    def _f(self, nr):
        w = self.p.w
        A = [(self.s >> (w * i)) & self.p.mask for i in range(25)]
        if self.twisted:
            A = pi(self.p.permute(pi_inverse(A), nr))
        else:
            A = self.p.permute(A, nr)
        self.s = sum(A[i] << (w * i) for i in range(25))

    def start(self, I):
        assert I[1] <= self.b - 2
        P = cat(I, pad101(I[1], self.b))
        assert P[1] == self.b
        self.s = P[0]
        self._f(self.n_start)

    def _duplex(self, sigma, ell, nr):
        assert sigma[1] <= self.r - 2 and ell <= self.r
        P = cat(sigma, pad101(sigma[1], self.r))
        assert P[1] == self.r
        self.s ^= P[0]
        self._f(nr)
        return (self.s & ((1 << ell) - 1), ell)

    def step(self, sigma, ell):
        return self._duplex(sigma, ell, self.n_step)

    def stride(self, sigma, ell):
        return self._duplex(sigma, ell, self.n_stride)


# ---- MonkeyWrap --------------------------------------------------------------

def split(data, rho_bytes):
    """Blocks of rho bits, the last one possibly shorter; at least one block
    (the empty string gives one empty block)."""
    if not data:
        return [b""]
    return [data[i:i + rho_bytes] for i in range(0, len(data), rho_bytes)]


def keypack(K, ell):
    """keypack(K, l) = enc8(l / 8) || K || pad10*[l - 8](|K|)."""
    assert ell % 8 == 0 and 8 * len(K) + 8 + 1 <= ell
    enc = bits(bytes([ell // 8]))
    padlen = ell - 8 - 8 * len(K)
    return cat(enc, bits(K), (1, padlen))


def xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


class MonkeyWrap:
    def __init__(self, duplex, rho):
        assert rho % 8 == 0 and rho + 4 == duplex.r
        self.D = duplex
        self.rb = rho // 8

    def initialize(self, K, N):
        self.D.start(cat(keypack(K, 8 * len(K) + 16), bits(N)))

    def _ad(self, A, first_len):
        blocks = split(A, self.rb)
        for a in blocks[:-1]:
            self.D.step(cat(bits(a), bitstr("00")), 0)
        return self.D.step(cat(bits(blocks[-1]), bitstr("01")), 8 * first_len)

    def _tag(self, last, taglen):
        T = to_bytes(self.D.stride(cat(bits(last), bitstr("10")), 8 * self.rb))
        while len(T) < taglen:
            T += to_bytes(self.D.step(bitstr("0"), 8 * self.rb))
        return T[:taglen]

    def wrap(self, A, B, taglen):
        Bs = split(B, self.rb)
        Z = to_bytes(self._ad(A, len(Bs[0])))
        C = xor(Bs[0], Z)
        for i in range(len(Bs) - 1):
            Z = to_bytes(self.D.step(cat(bits(Bs[i]), bitstr("11")), 8 * len(Bs[i + 1])))
            C += xor(Bs[i + 1], Z)
        return C, self._tag(Bs[-1], taglen)

    def unwrap(self, A, C, T):
        """The plaintext, or None if the tag is wrong."""
        Cs = split(C, self.rb)
        Z = to_bytes(self._ad(A, len(Cs[0])))
        Bs = [xor(Cs[0], Z)]
        for i in range(len(Cs) - 1):
            Z = to_bytes(self.D.step(cat(bits(Bs[i]), bitstr("11")), 8 * len(Cs[i + 1])))
            Bs.append(xor(Cs[i + 1], Z))
        T2 = self._tag(Bs[-1], len(T))
        return b"".join(Bs) if T2 == T else None


# ---- Ketje v2 ----------------------------------------------------------------

# name: (b, rho); n_start = 12, n_step = 1, n_stride = 6 for all four.
KETJE = {
    "Jr": (200, 16),
    "Sr": (400, 32),
    "Minor": (800, 128),
    "Major": (1600, 256),
}


def ketje(name):
    b, rho = KETJE[name]
    return MonkeyWrap(MonkeyDuplex(b, rho + 4, 12, 1, 6, twisted=True), rho)


# ---- the official vectors ------------------------------------------------------

def read_kat(path):
    """Yields ("init", key, nonce) and ("wrap", ad, pt, ct, tag) in file order
    (libkeccak's rendering of XKCP's Ketje test vectors)."""
    cur = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#") or "=" not in line:
                continue
            k, v = (s.strip() for s in line.split("=", 1))
            cur[k] = bytes.fromhex(v)
            if k == "Nonce":
                yield ("init", cur["Key"], cur["Nonce"])
                cur = {}
            elif k == "Tag":
                yield ("wrap", cur["AAD"], cur["Plaintext"], cur["Ciphertext"], cur["Tag"])
                cur = {}


def check_kat(name, path):
    """Runs the model over a whole KAT file: consecutive entries after an
    initialization are consecutive wraps of one session.  Returns the number
    of entries checked; raises AssertionError on the first mismatch."""
    n = 0
    enc = dec = None
    for rec in read_kat(path):
        if rec[0] == "init":
            enc, dec = ketje(name), ketje(name)
            enc.initialize(rec[1], rec[2])
            dec.initialize(rec[1], rec[2])
            continue
        _, A, B, C, T = rec
        C2, T2 = enc.wrap(A, B, len(T))
        assert (C2, T2) == (C, T), "%s entry %d" % (name, n)
        assert dec.unwrap(A, C, T) == B, "%s unwrap entry %d" % (name, n)
        n += 1
    return n


if __name__ == "__main__":
    import os
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    vdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        here, "..", "vectors", "ketje")
    for nm in KETJE:
        print(nm, check_kat(nm, os.path.join(vdir, "Ketje_%s.txt" % nm)), "entries ok")
