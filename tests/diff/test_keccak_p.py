#!/usr/bin/env python3
"""Randomized differential tests of Keccak-p[b, nr] for every width and of
the bit-granular sponge and duplex (include/qed/keccak_p.h).

    .venv/bin/python tests/diff/test_keccak_p.py   (usually: make test-diff-keccak-p)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a run;
the seed is printed first), QED_DIFF_SCALE (multiply the case counts).

References:
    every width, every round count, sponge, duplex
        tests/diff/keccak_p_ref.py: FIPS 202 written out in Python over bit
        strings, with computed rho offsets and round constants (no code or
        table shared with src/).  Before it is trusted, it is checked here
        against the Keccak team's published values: Keccak-f[200/400/800] of
        the zero state (XKCP intermediate values), Keccak[r=40, c=160] and
        Keccak[r=640, c=160] (XKCP ShortMsgKAT) and the duplex r = 1026
        (DuplexKAT), read from tests/vectors/keccak_p_widths;
    width 1600
        hashlib (SHA3-*, SHAKE*: the suffix bits are appended to the message
        by the test) and pycryptodome (Keccak-224..512 = Keccak[r, c]).

Each case also checks that nothing was written past the output.  The last
line is `N passed, M failed`; the exit status is 1 on any failure.
"""

import ctypes
import hashlib
import os
import random
import sys

from Crypto.Hash import keccak as pycryptodome_keccak

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from keccak_p_ref import (WIDTHS, Duplex, bits_of, bytes_of,  # noqa: E402
                          keccak_p_bytes, max_rounds, sponge)

SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))
VEC = os.path.join(ROOT, "tests", "vectors", "keccak_p_widths")

lib = ctypes.CDLL(os.environ.get("QED_LIB", os.path.join(ROOT, "build", "libqed.so")))
u8p = ctypes.c_char_p
vp = ctypes.c_void_p
sz = ctypes.c_size_t
ui = ctypes.c_uint
for name, args in [
    ("qed_keccak_p", [vp, sz, ui]),
    ("qed_keccak_p_sponge", [vp, sz, u8p, sz, sz, sz, ui]),
    ("qed_keccak_rc", [vp, sz, u8p, sz, sz, sz]),
    ("qed_keccak_p_sponge_init", [vp, sz, sz, ui]),
    ("qed_keccak_p_sponge_absorb_bits", [vp, u8p, sz]),
    ("qed_keccak_p_sponge_absorb", [vp, u8p, sz]),
    ("qed_keccak_p_sponge_squeeze_bits", [vp, vp, sz]),
    ("qed_keccak_p_sponge_squeeze", [vp, vp, sz]),
    ("qed_keccak_p_duplex_init", [vp, sz, sz, ui]),
    ("qed_keccak_p_duplexing", [vp, vp, sz, u8p, sz]),
]:
    f = getattr(lib, name)
    f.argtypes = args
    f.restype = ctypes.c_int

CANARY = 0xA5
CTX_BYTES = 512          # more than sizeof the sponge and duplex contexts


class Out:
    """An output buffer with canary bytes after its end."""

    def __init__(self, n, fill=CANARY):
        self.n = n
        self.buf = ctypes.create_string_buffer(bytes([fill]) * (n + 16), n + 16)

    def value(self):
        raw = self.buf.raw
        return raw[:self.n], all(b == CANARY for b in raw[self.n:])


passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 20:
            print("FAIL", what)


def nbytes(bits):
    return (bits + 7) // 8


def random_bits(rng, n):
    """n random bits as ceil(n/8) bytes, with random junk above bit n (the
    library must ignore it)."""
    data = bytearray(rng.randbytes(nbytes(n)))
    return bytes(data)


def clean(data, n):
    """The bytes of an n-bit string with the bits above n cleared."""
    return bytes_of(bits_of(data, n))


# ---- the reference, against published values ---------------------------------

def kat_records(path, keys):
    recs, cur = [], {}
    with open(path) as f:
        for line in f:
            if "=" not in line or line.startswith("#"):
                continue
            k, v = [s.strip() for s in line.split("=", 1)]
            cur[k] = v
            if k == keys[-1]:
                recs.append(cur)
                cur = {}
    return recs


def check_reference():
    # Keccak-f[b] of the zero state, "State after permutation" of the first
    # example of the XKCP intermediate values.
    for b in (200, 400, 800):
        with open(os.path.join(VEC, "KeccakF-%d-IntermediateValues.txt" % b)) as f:
            lines = f.read().split("State after permutation:")[1].split("\n")
        want = bytes.fromhex(lines[1].strip().replace(" ", ""))
        check(keccak_p_bytes(bytes(b // 8), b, max_rounds(b)) == want,
              "reference Keccak-f[%d] vs XKCP" % b)
    for r, c in ((40, 160), (640, 160)):
        recs = kat_records(os.path.join(VEC, "ShortMsgKAT_Keccakr%dc%d.txt" % (r, c)),
                           ("Len", "Msg", "Squeezed"))
        for rec in recs[:12] + recs[-3:]:
            n = int(rec["Len"])
            got = bytes_of(sponge(r + c, r, max_rounds(r + c),
                                  bits_of(bytes.fromhex(rec["Msg"]), n), 4096))
            check(got == bytes.fromhex(rec["Squeezed"]),
                  "reference Keccak[r=%d, c=%d] Len %d" % (r, c, n))
    recs = kat_records(os.path.join(VEC, "DuplexKAT_r1026c574.txt"),
                       ("InLen", "In", "OutLen", "Out"))
    d = Duplex(1600, 1026, 24)
    for rec in recs[:20]:
        n = int(rec["InLen"])
        got = bytes_of(d.duplexing(bits_of(bytes.fromhex(rec["In"]), n), int(rec["OutLen"])))
        check(got == bytes.fromhex(rec["Out"]), "reference duplex call InLen %d" % n)
    for m in (b"", b"abc", bytes(range(200))):
        check(bytes_of(sponge(1600, 1088, 24, bits_of(m) + [0, 1], 256))
              == hashlib.sha3_256(m).digest(), "reference SHA3-256")


# ---- the library against the reference -----------------------------------------

def t_permutation(rng):
    """Every width, every round count, random states (the high bits of the
    last byte for b = 25, 50, 100 are random too and must be kept)."""
    reps = max(1, int(6 * SCALE))
    for b in WIDTHS:
        for nr in range(1, max_rounds(b) + 1):
            for _ in range(reps):
                st = rng.randbytes(nbytes(b))
                buf = Out(len(st))
                ctypes.memmove(buf.buf, st, len(st))
                rc = lib.qed_keccak_p(buf.buf, b, nr)
                got, canary = buf.value()
                check(rc == 0 and canary and got == keccak_p_bytes(st, b, nr),
                      "Keccak-p[%d, %d] on %s" % (b, nr, st.hex()))


def random_params(rng):
    b = rng.choice(WIDTHS)
    kind = rng.random()
    if kind < 0.15:
        r = rng.choice([1, 2, 3, b - 1, b - 2 if b > 3 else 1])
    elif kind < 0.5:
        r = 8 * rng.randint(1, (b - 1) // 8) if b >= 16 else rng.randint(1, b - 1)
    else:
        r = rng.randint(1, b - 1)
    nr = max_rounds(b) if rng.random() < 0.5 else rng.randint(1, max_rounds(b))
    return b, r, nr


def message_length(rng, r):
    """Lengths near the block multiples, or anywhere up to 3 blocks."""
    if rng.random() < 0.5:
        return max(0, rng.randint(0, 3) * r + rng.randint(-3, 3))
    return rng.randint(0, 3 * r + 9)


def t_sponge(rng):
    cases = max(1, int(1500 * SCALE))
    for i in range(cases):
        b, r, nr = random_params(rng)
        n = message_length(rng, r)
        ob = min(4096, message_length(rng, r))
        msg = random_bits(rng, n)
        want = bytes_of(sponge(b, r, nr, bits_of(msg, n), ob))
        out = Out(nbytes(ob), fill=rng.choice([0, 0xFF, CANARY]))
        rc = lib.qed_keccak_p_sponge(out.buf, ob, msg, n, b, r, nr)
        got = out.buf.raw[:nbytes(ob)]
        tail_ok = all(x == out.buf.raw[nbytes(ob)] for x in out.buf.raw[nbytes(ob):])
        check(rc == 0 and got == want and tail_ok,
              "sponge b %d r %d nr %d in %d out %d" % (b, r, nr, n, ob))
        if nr == max_rounds(b):
            out2 = Out(nbytes(ob))
            rc = lib.qed_keccak_rc(out2.buf, ob, msg, n, r, b - r)
            got, canary = out2.value()
            check(rc == 0 and canary and got == want,
                  "Keccak[r=%d, c=%d] in %d out %d" % (r, b - r, n, ob))
        if i % 3 == 0:
            check(streamed(rng, b, r, nr, msg, n, ob) == want,
                  "streamed sponge b %d r %d nr %d in %d out %d" % (b, r, nr, n, ob))


def streamed(rng, b, r, nr, msg, n, ob):
    """The sponge through init / absorb(_bits) / squeeze(_bits) in random
    pieces; returns the output bytes (or None on an error)."""
    ctx = ctypes.create_string_buffer(CTX_BYTES)
    if lib.qed_keccak_p_sponge_init(ctx, b, r, nr) != 0:
        return None
    bits = bits_of(msg, n)
    done = 0
    while done < n:
        take = min(n - done, rng.randint(0, 2 * r + 9))
        if done % 8 == 0 and take % 8 == 0 and rng.random() < 0.5:
            rc = lib.qed_keccak_p_sponge_absorb(ctx, msg[done // 8:(done + take) // 8], take // 8)
        else:
            piece = bytearray(bytes_of(bits[done:done + take]))
            if take % 8:
                piece[-1] |= (0xFF << (take % 8)) & 0xFF   # junk above the piece
            rc = lib.qed_keccak_p_sponge_absorb_bits(ctx, bytes(piece), take)
        if rc != 0:
            return None
        done += take
    out_bits = []
    while len(out_bits) < ob:
        take = min(ob - len(out_bits), rng.randint(0, 2 * r + 9))
        buf = Out(nbytes(take))
        if len(out_bits) % 8 == 0 and take % 8 == 0 and rng.random() < 0.5:
            rc = lib.qed_keccak_p_sponge_squeeze(ctx, buf.buf, take // 8)
        else:
            rc = lib.qed_keccak_p_sponge_squeeze_bits(ctx, buf.buf, take)
        got, canary = buf.value()
        if rc != 0 or not canary or clean(got, take) != got:
            return None
        out_bits += bits_of(got, take)
    return bytes_of(out_bits)


def t_duplex(rng):
    sessions = max(1, int(150 * SCALE))
    for _ in range(sessions):
        b, r, nr = random_params(rng)
        r = max(r, 2)
        ref = Duplex(b, r, nr)
        ctx = ctypes.create_string_buffer(CTX_BYTES)
        check(lib.qed_keccak_p_duplex_init(ctx, b, r, nr) == 0, "duplex init")
        for call in range(rng.randint(1, 12)):
            sl = rng.choice([0, r - 2, rng.randint(0, r - 2)])
            ol = rng.choice([0, r, rng.randint(0, r)])
            sigma = random_bits(rng, sl)
            want = bytes_of(ref.duplexing(bits_of(sigma, sl), ol))
            out = Out(nbytes(ol))
            rc = lib.qed_keccak_p_duplexing(ctx, out.buf, ol, sigma, sl)
            got, canary = out.value()
            check(rc == 0 and canary and got == want,
                  "duplex b %d r %d nr %d call %d sigma %d out %d" % (b, r, nr, call, sl, ol))
            if rng.random() < 0.1:   # a rejected call changes nothing
                out = Out(2)
                rc = lib.qed_keccak_p_duplexing(ctx, out.buf, 16, bytes(nbytes(r)), r - 1)
                got, canary = out.value()
                check(rc == -1 and canary and got == bytes(2), "duplex sigma of r - 1 bits")
                out = Out(nbytes(r + 1))
                rc = lib.qed_keccak_p_duplexing(ctx, out.buf, r + 1, b"", 0)
                got, canary = out.value()
                check(rc == -1 and canary and got == bytes(nbytes(r + 1)), "duplex output of r + 1 bits")


def t_width_1600(rng):
    """The generic sponge at b = 1600 is FIPS 202 (suffix bits appended by
    the caller) and the original Keccak."""
    cases = max(1, int(300 * SCALE))
    fips = [("sha3_224", 1152, [0, 1], 224), ("sha3_256", 1088, [0, 1], 256),
            ("sha3_384", 832, [0, 1], 384), ("sha3_512", 576, [0, 1], 512),
            ("shake_128", 1344, [1, 1, 1, 1], None), ("shake_256", 1088, [1, 1, 1, 1], None)]
    for _ in range(cases):
        name, r, suffix, ob = rng.choice(fips)
        m = rng.randbytes(rng.choice([0, 1, r // 8 - 1, r // 8, r // 8 + 1, rng.randint(0, 600)]))
        if ob is None:
            outlen = rng.randint(0, 700)
            want = getattr(hashlib, name)(m).digest(outlen)
            ob = 8 * outlen
        else:
            want = getattr(hashlib, name)(m).digest()
        data = bytes_of(bits_of(m) + suffix)
        out = Out(nbytes(ob))
        rc = lib.qed_keccak_p_sponge(out.buf, ob, data, 8 * len(m) + len(suffix), 1600, r, 24)
        got, canary = out.value()
        check(rc == 0 and canary and got == want, "%s via the generic sponge, %d bytes" % (name, len(m)))
        bits = rng.choice([224, 256, 384, 512])
        h = pycryptodome_keccak.new(digest_bits=bits)
        h.update(m)
        out = Out(bits // 8)
        rc = lib.qed_keccak_rc(out.buf, bits, m, 8 * len(m), 1600 - 2 * bits, 2 * bits)
        got, canary = out.value()
        check(rc == 0 and canary and got == h.digest(), "Keccak-%d = Keccak[r, c], %d bytes" % (bits, len(m)))


def t_rejection(rng):
    cases = max(1, int(300 * SCALE))
    for _ in range(cases):
        b = rng.choice(WIDTHS)
        bad = rng.choice(["width", "rate0", "rate_b", "rate_big", "rounds0", "rounds_big"])
        width, r, nr = b, rng.randint(1, b - 1), rng.randint(1, max_rounds(b))
        if bad == "width":
            width = rng.choice([0, 1, 24, 26, 99, 101, 1599, 1601, 3200, 2 ** 64 - 1])
        elif bad == "rate0":
            r = 0
        elif bad == "rate_b":
            r = b
        elif bad == "rate_big":
            r = rng.randint(b + 1, 2 ** 64 - 1)
        elif bad == "rounds0":
            nr = 0
        else:
            nr = rng.randint(max_rounds(b) + 1, 2 ** 32 - 1)
        ob = rng.randint(1, 300)
        out = Out(nbytes(ob))
        rc = lib.qed_keccak_p_sponge(out.buf, ob, b"\x01\x02", 13, width, r, nr)
        got, canary = out.value()
        check(rc == -1 and canary and got == bytes(nbytes(ob)),
              "sponge rejects %s (b %d r %d nr %d)" % (bad, width, r, nr))
        ctx = ctypes.create_string_buffer(CTX_BYTES)
        out = Out(nbytes(ob))
        rcs = (lib.qed_keccak_p_sponge_init(ctx, width, r, nr),
               lib.qed_keccak_p_sponge_absorb_bits(ctx, b"\x01", 3),
               lib.qed_keccak_p_sponge_squeeze_bits(ctx, out.buf, ob))
        got, canary = out.value()
        check(rcs == (-1, -1, -1) and canary and got == bytes(nbytes(ob)),
              "streaming sponge rejects %s" % bad)
        rd = r if bad != "rate0" else rng.choice([0, 1])
        check(lib.qed_keccak_p_duplex_init(ctx, width, rd, nr) == -1, "duplex init rejects %s" % bad)
        st = rng.randbytes(nbytes(b) + 4)
        buf = ctypes.create_string_buffer(st, len(st))
        if bad in ("width", "rounds0", "rounds_big"):
            w2 = width if bad == "width" else b
            rc = lib.qed_keccak_p(buf, w2, nr) if w2 < 4000 else lib.qed_keccak_p(buf, w2, 1)
            check(rc == -1 and buf.raw[:len(st)] == st, "qed_keccak_p rejects %s" % bad)
        cap = rng.choice([0, b - r, rng.randint(1, 1600)])
        rr = r if bad in ("rate0", "rate_big") else rng.choice([0, r])
        if cap == 0 or rr == 0 or (rr + cap) not in WIDTHS:
            out = Out(4)
            rc = lib.qed_keccak_rc(out.buf, 32, b"", 0, rr, cap)
            got, canary = out.value()
            check(rc == -1 and canary and got == bytes(4), "Keccak[r=%d, c=%d] rejected" % (rr, cap))


def main():
    seed = int(os.environ.get("QED_DIFF_SEED", random.SystemRandom().randrange(1 << 32)))
    print("seed", seed)
    check_reference()
    ref_ok = failed == 0
    print("reference vs published values: %d passed, %d failed" % (passed, failed))
    if ref_ok:
        for i, t in enumerate((t_permutation, t_sponge, t_duplex, t_width_1600, t_rejection)):
            p0, f0 = passed, failed
            t(random.Random(seed * 8 + i))
            print("%-14s %d passed, %d failed" % (t.__name__, passed - p0, failed - f0))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed or not passed else 0)


if __name__ == "__main__":
    main()
