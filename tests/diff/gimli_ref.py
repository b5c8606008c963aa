"""An independent pure-Python model of Gimli and Gimli-Hash, written from
the specification for qed's differential tests (tests/diff/test_gimli.py).
No Gimli implementation is on PyPI, so this is the other side of the
comparison; it shares no code with src/gimli/ and is first checked against
the published vectors (selfcheck below, run by the test).

Specification followed:
  - the permutation: "Gimli: a cross-platform permutation", Bernstein et
    al., CHES 2017, Algorithm 1: the state is a 3 x 4 matrix s[i][j] of
    32-bit words (row i, column j; the reference code's word 4i + j);
    for round r = 24 down to 1: the SP-box on every column, then the small
    swap (r = 0 mod 4), the big swap (r = 2 mod 4), and s[0][0] ^=
    0x9e377900 ^ r (r = 0 mod 4);
  - Gimli-Hash of the paper's reference code (gimli-20170627, test_hash.c):
    a sponge on the 48 bytes of the state (word k = bytes 4k..4k+3,
    little-endian), rate 16 bytes, the message in 16-byte blocks; after the
    last (partial, maybe empty) block 0x1F is XORed into the next byte and
    0x80 into byte 15; output 16 bytes per permutation, any length;
  - Gimli-Hash of the NIST LWC submission (gimli24v1): the same with 0x01
    into the next byte and 0x01 into byte 47; 32 bytes out.
"""

MASK = 0xFFFFFFFF
ROUND_CONSTANT = 0x9E377900


def _rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & MASK


def permute_matrix(s, top_rotation=24):
    """Gimli on a 3 x 4 matrix of words (a list of three lists of four),
    in place.  top_rotation is 24 in Gimli; any other value only serves to
    reproduce what the 2017 paper printed (see the README of the vectors)."""
    for r in range(24, 0, -1):
        for j in range(4):
            x = _rotl(s[0][j], top_rotation)
            y = _rotl(s[1][j], 9)
            z = s[2][j]
            s[2][j] = (x ^ (z << 1) ^ ((y & z) << 2)) & MASK
            s[1][j] = (y ^ x ^ ((x | z) << 1)) & MASK
            s[0][j] = (z ^ y ^ ((x & y) << 3)) & MASK
        if r % 4 == 0:
            s[0] = [s[0][1], s[0][0], s[0][3], s[0][2]]
        elif r % 4 == 2:
            s[0] = [s[0][2], s[0][3], s[0][0], s[0][1]]
        if r % 4 == 0:
            s[0][0] ^= ROUND_CONSTANT ^ r


def permute_words(words, top_rotation=24):
    """Gimli on 12 words in the reference code's order; returns a new list."""
    m = [list(words[0:4]), list(words[4:8]), list(words[8:12])]
    permute_matrix(m, top_rotation)
    return m[0] + m[1] + m[2]


def permute_bytes(state, top_rotation=24):
    """Gimli on 48 bytes (words little-endian); returns new bytes."""
    words = [int.from_bytes(state[4 * k:4 * k + 4], "little") for k in range(12)]
    return b"".join(w.to_bytes(4, "little") for w in permute_words(words, top_rotation))


def _sponge(msg, outlen, pad_next, pad_pos, pad_byte, top_rotation=24):
    state = bytearray(48)
    full = len(msg) - len(msg) % 16
    for off in range(0, full, 16):
        for i in range(16):
            state[i] ^= msg[off + i]
        state = bytearray(permute_bytes(state, top_rotation))
    tail = msg[full:]
    for i, b in enumerate(tail):
        state[i] ^= b
    state[len(tail)] ^= pad_next
    state[pad_pos] ^= pad_byte
    state = bytearray(permute_bytes(state, top_rotation))
    out = bytearray()
    while True:
        out += state[:16]
        if len(out) >= outlen:
            return bytes(out[:outlen])
        state = bytearray(permute_bytes(state, top_rotation))


def xof(msg, outlen, top_rotation=24):
    """Gimli-Hash of the 2017 reference code with outlen bytes of output."""
    return _sponge(msg, outlen, 0x1F, 15, 0x80, top_rotation)


def hash(msg):  # noqa: A001 - the name of the function being modelled
    """Gimli-Hash of the 2017 reference code, 32 bytes."""
    return xof(msg, 32)


def hash_lwc(msg):
    """Gimli-Hash of the NIST LWC submission (gimli24v1), 32 bytes."""
    return _sponge(msg, 32, 0x01, 47, 0x01)


# ---- the model's own known answers --------------------------------------------

PERMUTATION_IN = [(i * i * i + i * 0x9E3779B9) & MASK for i in range(12)]
PERMUTATION_OUT = [0xBA11C85A, 0x91BAD119, 0x380CE880, 0xD24C2C68,
                   0x3ECEFFEA, 0x277A921C, 0x4F73A0BD, 0xDA5A9CD8,
                   0x84B673F0, 0x34E52FF7, 0x9E2BEF49, 0xF41BB8D6]


def read_kat(path):
    """(msg, md) pairs of a Len/Count + Msg + MD file."""
    out, msg = [], None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("Msg ="):
                msg = bytes.fromhex(line[5:].strip())
            elif line.startswith("MD ="):
                out.append((msg, bytes.fromhex(line[4:].strip())))
    return out


def selfcheck(vector_dir):
    """The model against the published vectors; a list of failures."""
    import os
    bad = []
    if permute_words(PERMUTATION_IN) != PERMUTATION_OUT:
        bad.append("permutation test vector")
    d = os.path.join(vector_dir, "gimli")
    for name, fn, count in [("gimli_hash_authors.txt", hash, 5),
                            ("gimli_hash.txt", hash, 4),
                            ("LWC_HASH_KAT_256_subset.txt", hash_lwc, 35)]:
        kat = read_kat(os.path.join(d, name))
        if len(kat) != count:
            bad.append("%s: %d records" % (name, len(kat)))
        for i, (m, md) in enumerate(kat):
            if fn(m) != md:
                bad.append("%s record %d" % (name, i + 1))
    # What the 2017 paper printed for the empty message is this sponge over
    # a Gimli whose top row turns by 16 instead of 24 (tests/vectors/gimli/
    # README.md): a check of that explanation, not of Gimli.
    paper = bytes.fromhex("bd2a1b1cdab81f9fea9d5fd513372ab9"
                          "d1481428385de2b2d3571d8504fdd703")
    if xof(b"", 32, top_rotation=16) != paper or hash(b"") == paper:
        bad.append("the 2017 paper's empty-message vector")
    return bad
