"""A small, deliberately plain pure-Python Keccak for differential testing.

This is an *independent* reference for the qed C library: it is written
straight from FIPS 202 (sections 3 to 6 and appendix B) and shares no code
or tables with src/.  It favours readability over speed:

  * the round constants and the rho offsets are *computed* by the algorithms
    of the standard (Algorithms 2 and 5), not copied from a table, so a typo
    in a table cannot hide here;
  * the five step mappings theta, rho, pi, chi, iota are separate functions
    that follow the text of section 3.2 index by index;
  * the domain-separation suffix is given as the bit string of the standard
    ("01" for SHA-3, "1111" for SHAKE, "11" for RawSHAKE, "" for the original
    Keccak) and turned into a byte here, instead of hard-coding 0x06 etc.

It is slow (roughly a millisecond per permutation), which is fine for a few
thousand test cases.  test_diff.py checks it against hashlib and
pycryptodome before trusting it for RawSHAKE, which no library offers.

Conventions (FIPS 202, 3.1 and B.1): the state is 5 x 5 lanes of w = 64
bits; lane (x, y) holds bytes 8*(x + 5y) .. 8*(x + 5y) + 7 of the state
string, little-endian.  We store the state as a flat list A of 25 Python
ints with A[x + 5*y] = lane (x, y).
"""

W = 64                      # lane size in bits (b = 1600 = 25 * w)
MASK = (1 << W) - 1
ROUNDS = 24                 # n_r = 12 + 2*l with l = log2(w) = 6
L = 6


def _idx(x, y):
    """Flat index of lane (x, y); coordinates are taken mod 5."""
    return (x % 5) + 5 * (y % 5)


def _rotl(v, n):
    """Rotate a 64-bit lane left by n bits, 0 <= n < 64 (lane bit z moves to
    z + n mod 64).  For n = 0, v >> 64 is 0 and the result is v."""
    return ((v << n) | (v >> (W - n))) & MASK


# ---- constants, computed as the standard specifies -------------------------

def _rho_offsets():
    """Algorithm 2 (rho): offset[(x,y)] = (t+1)(t+2)/2 for the t-th lane
    visited from (1, 0) by (x, y) <- (y, (2x + 3y) mod 5); lane (0,0) is 0."""
    offsets = [0] * 25
    x, y = 1, 0
    for t in range(24):
        offsets[_idx(x, y)] = ((t + 1) * (t + 2) // 2) % W
        x, y = y, (2 * x + 3 * y) % 5
    return offsets


def _rc_bit(t):
    """Algorithm 5: rc(t), the output of an LFSR with x^8+x^6+x^5+x^4+1."""
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(1, t % 255 + 1):
        r = [0] + r                     # R = 0 || R
        r[0] ^= r[8]
        r[4] ^= r[8]
        r[5] ^= r[8]
        r[6] ^= r[8]
        r = r[:8]                       # R = Trunc8[R]
    return r[0]


def _round_constant(ir):
    """Algorithm 6, iota's constant: bit 2^j - 1 of RC is rc(j + 7*ir)."""
    rc = 0
    for j in range(L + 1):
        rc |= _rc_bit(j + 7 * ir) << ((1 << j) - 1)
    return rc


RHO = _rho_offsets()
RC = [_round_constant(ir) for ir in range(ROUNDS)]


# ---- the step mappings (section 3.2) ---------------------------------------
# Each index formula of the standard is evaluated once, here, into a table
# of flat indices; the step functions then just follow the tables.

# pi: A'[x, y] = A[(x + 3y) mod 5, x]
PI_SOURCE = [_idx(x + 3 * y, x) for y in range(5) for x in range(5)]
# chi: A'[x, y] = A[x, y] xor ((not A[x+1, y]) and A[x+2, y])
CHI_TERMS = [(_idx(x, y), _idx(x + 1, y), _idx(x + 2, y))
             for y in range(5) for x in range(5)]


def theta(a):
    # C[x] = xor of column x;  D[x] = C[x-1] xor rot(C[x+1], 1);
    # A'[x, y] = A[x, y] xor D[x]   (x = i mod 5 for flat index i)
    c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
    d = [c[(x - 1) % 5] ^ _rotl(c[(x + 1) % 5], 1) for x in range(5)]
    return [a[i] ^ d[i % 5] for i in range(25)]


def rho(a):
    # A'[x, y] = rot(A[x, y], offset[x, y])
    return [((v << n) | (v >> (W - n))) & MASK for v, n in zip(a, RHO)]


def pi(a):
    return [a[src] for src in PI_SOURCE]


def chi(a):
    return [a[i] ^ ((a[i1] ^ MASK) & a[i2]) for i, i1, i2 in CHI_TERMS]


def iota(a, ir):
    # A'[0, 0] = A[0, 0] xor RC[ir]
    a[0] ^= RC[ir]
    return a


def keccak_p1600(a, rounds):
    """Keccak-p[1600, n_r] (Algorithm 7): the LAST n_r rounds of
    Keccak-f[1600], i.e. round indices 24 - n_r .. 23 (for n_r <= 24)."""
    assert 1 <= rounds <= ROUNDS
    a = list(a)
    for ir in range(ROUNDS - rounds, ROUNDS):
        a = iota(chi(pi(rho(theta(a)))), ir)
    return a


def keccak_f1600(a):
    """Keccak-f[1600] = Keccak-p[1600, 24]: rounds 0 .. 23 of Rnd."""
    return keccak_p1600(a, ROUNDS)


# ---- the sponge (section 4) with pad10*1 and a domain suffix ---------------

def suffix_byte(bits):
    """The byte that starts the padding: the suffix bits (first bit = least
    significant, appendix B.2) followed by the first '1' of pad10*1.
    "01" -> 0x06 (SHA-3), "1111" -> 0x1F (SHAKE), "11" -> 0x07 (RawSHAKE),
    "" -> 0x01 (original Keccak)."""
    value = 0
    for i, b in enumerate(bits):
        value |= int(b) << i
    return value | (1 << len(bits))


def sponge(capacity_bits, suffix_bits, message, outlen):
    """Keccak[c](message || suffix_bits, outlen bytes).  Byte-aligned
    messages only; the final '1' of pad10*1 is the top bit of the block's
    last byte (0x80), as appendix B.2 describes."""
    assert capacity_bits % 64 == 0 and 0 < capacity_bits < 1600
    rate = (1600 - capacity_bits) // 8          # bytes per block
    first = suffix_byte(suffix_bits)
    assert first < 0x80, "suffix too long for a single padding byte"

    # Pad: message || first || 0x00 ... || 0x80, to a whole number of blocks.
    # When only one byte is left in the block, first and 0x80 share it.
    padded = bytearray(message)
    padded.append(first)
    while len(padded) % rate:
        padded.append(0)
    padded[-1] |= 0x80

    # Absorb.
    a = [0] * 25
    for off in range(0, len(padded), rate):
        block = padded[off:off + rate]
        for i in range(rate // 8):
            a[i] ^= int.from_bytes(block[8 * i:8 * i + 8], "little")
        a = keccak_f1600(a)

    # Squeeze: take the first `rate` bytes of the state, permute, repeat.
    out = bytearray()
    while True:
        state_bytes = b"".join(lane.to_bytes(8, "little") for lane in a)
        out += state_bytes[:rate]
        if len(out) >= outlen:
            return bytes(out[:outlen])
        a = keccak_f1600(a)


# ---- the named functions ---------------------------------------------------

def sha3(bits, message):
    """SHA3-224/256/384/512: Keccak[c = 2d](M || 01, d)."""
    return sponge(2 * bits, "01", message, bits // 8)


def keccak(bits, message):
    """Original Keccak-224/256/384/512 (no domain bits), as Ethereum uses."""
    return sponge(2 * bits, "", message, bits // 8)


def shake(strength, message, outlen):
    """SHAKE128/256: Keccak[c = 2*strength](M || 1111, outlen)."""
    return sponge(2 * strength, "1111", message, outlen)


def rawshake(strength, message, outlen):
    """RawSHAKE128/256: Keccak[c = 2*strength](M || 11, outlen)."""
    return sponge(2 * strength, "11", message, outlen)


if __name__ == "__main__":
    # A quick self-check against the FIPS 202 example values.
    assert sha3(256, b"abc").hex() == (
        "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532")
    assert shake(128, b"", 8).hex() == "7f9c2ba4e88f827d"
    assert keccak_f1600([0] * 25)[0] == 0xF1258F7940E1DDE7
    print("keccak_ref: ok")
