#!/usr/bin/env python3
"""Randomized differential tests of qed's MonkeyDuplex, MonkeyWrap and Ketje
(include/qed/ketje.h, src/keccak/monkey*.c, src/keccak/ketje.c).

    .venv/bin/python tests/diff/test_ketje.py      (usually: make test-diff-ketje)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a run;
the seed is printed first), QED_DIFF_SCALE (multiply the case counts).

Reference: no Ketje implementation is published on PyPI, so the reference is
tests/diff/ketje_ref.py, a plain model written from the Ketje v2 document
and FIPS 202 that shares nothing with src/.  Before it is trusted, the model
must reproduce every entry of the four official KAT files
(tests/vectors/ketje/, XKCP's vectors, whole sessions) and the four
SUPERCOP self-test vectors of the CAESAR API.

What is compared (every output buffer is also checked for writes past its
end):
  * MonkeyDuplex, every width 25 .. 1600, twisted or not, random rate and
    round counts: start, step and stride with random bit lengths, and the
    -1 paths (lengths past the rate or the width, bad parameters);
  * MonkeyWrap, every width, random rho, round counts, key and nonce
    lengths: sessions of several messages, associated data and body fed in
    random pieces, tags of any length (0 included), unwrap with the right
    tag on a second instance;
  * Ketje Jr/Sr/Minor/Major through the public API: sessions of qed_ketje_wrap
    and qed_ketje_unwrap (in place at random), the streaming functions with
    random splits, random tag lengths, forgeries (a flipped bit of the tag,
    the ciphertext or the associated data; a truncated tag): -1, plaintext
    zeroed, and the session over; messages without a tag (taglen 0) inside
    sessions; tags of 1 .. 7 bytes refused; the one-shot functions with the
    CAESAR parameters.
"""

import ctypes
import os
import random
import sys

import ketje_ref as ref

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))
CASES = max(1, int(400 * SCALE))

lib = ctypes.CDLL(os.environ.get("QED_LIB", os.path.join(ROOT, "build", "libqed.so")))
vp = ctypes.c_void_p
u8p = ctypes.c_char_p
sz = ctypes.c_size_t
ui = ctypes.c_uint
I = ctypes.c_int
for name, args, res in [
    ("qed_monkey_duplex_init", [vp, ui, ui, ui, ui, ui, ui], I),
    ("qed_monkey_duplex_start", [vp, u8p, sz], I),
    ("qed_monkey_duplex_step", [vp, u8p, sz, vp, sz], I),
    ("qed_monkey_duplex_stride", [vp, u8p, sz, vp, sz], I),
    ("qed_monkey_wrap_init", [vp, ui, ui, ui, ui, ui, ui, u8p, sz, u8p, sz], I),
    ("qed_monkey_wrap_ad", [vp, u8p, sz], I),
    ("qed_monkey_wrap_encrypt", [vp, vp, u8p, sz], I),
    ("qed_monkey_wrap_decrypt", [vp, vp, u8p, sz], I),
    ("qed_monkey_wrap_tag", [vp, vp, sz], I),
    ("qed_monkey_wrap_verify", [vp, u8p, sz], I),
    ("qed_ketje_init", [vp, I, u8p, sz, u8p, sz], I),
    ("qed_ketje_wrap", [vp, vp, vp, sz, u8p, sz, u8p, sz], I),
    ("qed_ketje_unwrap", [vp, vp, u8p, sz, vp, sz, u8p, sz], I),
    ("qed_ketje_ad_update", [vp, u8p, sz], I),
    ("qed_ketje_encrypt_update", [vp, vp, u8p, sz], I),
    ("qed_ketje_encrypt_final", [vp, vp, sz], I),
    ("qed_ketje_decrypt_update", [vp, vp, u8p, sz], I),
    ("qed_ketje_decrypt_final", [vp, u8p, sz], I),
    ("qed_ketje_wipe", [vp], None),
]:
    f = getattr(lib, name)
    f.argtypes = args
    f.restype = res

CTX = 512                 # bytes; every qed_monkey_* and qed_ketje_ctx fits
CANARY = 0xA5
VARIANTS = ["Jr", "Sr", "Minor", "Major"]
MAXKN = {"Jr": 22, "Sr": 47, "Minor": 97, "Major": 197}
CAESAR = {  # key, nonce, tag bytes of the one-shot functions
    "Jr": (12, 10, 12), "Sr": (16, 31, 16), "Minor": (16, 81, 16), "Major": (16, 181, 16),
}
for v in VARIANTS:
    for d in ("encrypt", "decrypt"):
        f = getattr(lib, "qed_ketje_%s_%s" % (v.lower(), d))
        f.argtypes = [vp, u8p, sz, u8p, u8p, sz, u8p, u8p] if d == "decrypt" else \
            [vp, vp, u8p, sz, u8p, sz, u8p, u8p]
        f.restype = I


class Out:
    """An output buffer with canary bytes after its end."""
    def __init__(self, n, init=None):
        self.n = n
        data = (init if init is not None else bytes([CANARY]) * n) + bytes([CANARY]) * 16
        self.buf = ctypes.create_string_buffer(data, n + 16)

    def value(self):
        raw = self.buf.raw
        return raw[:self.n], all(b == CANARY for b in raw[self.n:self.n + 16])


passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 30:
            print("FAIL:", what)


def splits(rng, n):
    cuts = sorted(rng.randrange(0, n + 1) for _ in range(rng.randrange(0, 5)))
    prev, parts = 0, []
    for c in cuts + [n]:
        parts.append((prev, c))
        prev = c
    return parts


def rand_len(rng, block, hi=None):
    """Lengths that cross block boundaries: around multiples of the block
    most of the time, anything up to hi otherwise."""
    if rng.random() < 0.6:
        k = rng.randrange(0, 5)
        return max(0, k * block + rng.randrange(-2, 3))
    return rng.randrange(0, (hi or 8 * block + 40) + 1)


# ---- the model against the official vectors --------------------------------

def model_selfcheck():
    vdir = os.path.join(ROOT, "tests", "vectors", "ketje")
    for name, count in [("Jr", 678), ("Sr", 2681), ("Minor", 1631), ("Major", 1584)]:
        try:
            n = ref.check_kat(name, os.path.join(vdir, "Ketje_%s.txt" % name))
            check(n == count, "model KAT %s: %d entries, expected %d" % (name, n, count))
        except AssertionError as e:
            check(False, "model KAT: %s" % e)
    key = bytes.fromhex("5a4b3c2d1e0f00f1e2d3c4b5a6978879")
    n16 = bytes.fromhex("6b4c2d0eefd0b192725334" "15f6d7b899")
    ad, pt = bytes.fromhex("32f3b47535f6"), bytes.fromhex("e465e566e667e7")
    for name, nl, exp in [
            ("Sr", 31, "ebe3e3a5bd18626ec7b6e1d13435262faf8413f0b0d2ab"),
            ("Minor", 81, "6c89447e8076b0b286ed2b020be0d4a876fea36bfe3d2e"),
            ("Major", 181, "0c20013708b7db7ce047acd469b75cc1f2c306765bb598")]:
        w = ref.ketje(name)
        w.initialize(key, n16 + bytes(nl - 16))
        c, t = w.wrap(ad, pt, 16)
        check((c + t).hex() == exp, "model SUPERCOP self-test %s" % name)
    w = ref.ketje("Jr")
    w.initialize(bytes.fromhex("145ea8f23d87d11c66b0fa45"), bytes.fromhex("1570cb2782dd3994ef4b"))
    c, t = w.wrap(bytes.fromhex("0c78e451bd2a"), bytes.fromhex("0e8b09860481fe"), 12)
    check((c + t).hex() == "9d09582bceffd6447b5eeb2ba55a8511bcd006", "model SUPERCOP self-test Jr")


# ---- MonkeyDuplex ------------------------------------------------------------

WIDTHS = [25, 50, 100, 200, 400, 800, 1600]


def nr(b):
    return 12 + 2 * ((b // 25).bit_length() - 1)


def rbits(rng, n):
    """A random bit string of n bits: its bytes (high bits of the last byte
    random too: they must be ignored) and the model's (value, n)."""
    raw = rng.randbytes((n + 7) // 8)
    v = int.from_bytes(raw, "little") & ((1 << n) - 1)
    return raw, (v, n)


def test_duplex(rng):
    for _ in range(CASES):
        b = rng.choice(WIDTHS)
        twisted = rng.random() < 0.5
        rate = rng.choice([2, 3, b, b - 1, rng.randrange(2, b + 1), rng.randrange(2, b + 1)])
        ns, nst, nsr = (rng.randrange(1, nr(b) + 1) for _ in range(3))
        d = ctypes.create_string_buffer(CTX)
        rc = lib.qed_monkey_duplex_init(d, b, rate, ns, nst, nsr, int(twisted))
        check(rc == 0, "duplex init b %d rate %d" % (b, rate))
        m = ref.MonkeyDuplex(b, rate, ns, nst, nsr, twisted)
        inbits = rng.choice([0, b - 2, rng.randrange(0, b - 1)])
        raw, I_ = rbits(rng, inbits)
        check(lib.qed_monkey_duplex_start(d, raw, inbits) == 0, "duplex start b %d" % b)
        m.start(I_)
        what = "duplex b %d twisted %d rate %d rounds %d/%d/%d in %d" % (
            b, twisted, rate, ns, nst, nsr, inbits)
        for _ in range(rng.randrange(1, 6)):
            sb = rng.choice([0, rate - 2, rng.randrange(0, rate - 1)])
            zb = rng.choice([0, rate, rng.randrange(0, rate + 1)])
            raw, s = rbits(rng, sb)
            stride = rng.random() < 0.3
            o = Out((zb + 7) // 8)
            fn = lib.qed_monkey_duplex_stride if stride else lib.qed_monkey_duplex_step
            rc = fn(d, raw, sb, o.buf, zb)
            z = (m.stride if stride else m.step)(s, zb)
            v, canary = o.value()
            check(rc == 0 and v == z[0].to_bytes((zb + 7) // 8, "little") and canary,
                  "%s: %s sigma %d z %d" % (what, "stride" if stride else "step", sb, zb))
        # refusals: the state is left alone, z zeroed
        o = Out(2)
        check(lib.qed_monkey_duplex_step(d, bytes(300), rate - 1, o.buf, 8) == -1
              and o.value() == (bytes(1) + bytes([CANARY]), True), "%s: sigma past rate" % what)
        o = Out((rate + 8) // 8)
        check(lib.qed_monkey_duplex_step(d, b"", 0, o.buf, rate + 1) == -1
              and o.value()[0] == bytes((rate + 8) // 8), "%s: z past rate" % what)
        check(lib.qed_monkey_duplex_start(d, bytes(300), b - 1) == -1, "%s: start past b - 2" % what)
        # still in step with the model after the refusals
        o = Out((rate + 7) // 8)
        check(lib.qed_monkey_duplex_step(d, b"", 0, o.buf, rate) == 0
              and o.value()[0] == m.step((0, 0), rate)[0].to_bytes((rate + 7) // 8, "little"),
              "%s: after refusals" % what)
    # bad parameters
    d = ctypes.create_string_buffer(CTX)
    for args in [(24, 10, 1, 1, 1), (1601, 10, 1, 1, 1), (200, 1, 1, 1, 1), (200, 201, 1, 1, 1),
                 (200, 10, 0, 1, 1), (200, 10, 19, 1, 1), (200, 10, 1, 19, 1), (1600, 10, 1, 1, 25),
                 (25, 10, 13, 1, 1), (25, 26, 1, 1, 1)]:
        check(lib.qed_monkey_duplex_init(d, *args, 0) == -1, "duplex init refuses %s" % (args,))
        o = Out(1)
        check(lib.qed_monkey_duplex_step(d, b"", 0, o.buf, 1) == -1, "refused duplex stays unusable %s" % (args,))


# ---- MonkeyWrap --------------------------------------------------------------

def mw_params(rng):
    b = rng.choice(WIDTHS)
    rho = rng.choice([1, (b - 4) // 8, rng.randrange(1, (b - 4) // 8 + 1)])
    room = (b - 2) // 8 - 2          # keylen + noncelen
    keylen = rng.randrange(0, room + 1)
    noncelen = rng.randrange(0, room - keylen + 1)
    rounds = tuple(rng.randrange(1, nr(b) + 1) for _ in range(3))
    return b, rho, keylen, noncelen, rounds, rng.random() < 0.5


def c_wrap(w, ad, body, taglen, rng, decrypt=False, tag=None):
    """One message through the C MonkeyWrap in random pieces.  Returns
    (rc, output bytes, tag or verdict)."""
    rc = 0
    for a, b in splits(rng, len(ad)):
        rc |= lib.qed_monkey_wrap_ad(w, ad[a:b], b - a)
    out = b""
    for a, b in splits(rng, len(body)):
        o = Out(b - a)
        fn = lib.qed_monkey_wrap_decrypt if decrypt else lib.qed_monkey_wrap_encrypt
        rc |= fn(w, o.buf, body[a:b], b - a)
        v, canary = o.value()
        out += v
        rc |= 0 if canary else 1
    if decrypt:
        return rc, out, lib.qed_monkey_wrap_verify(w, tag, len(tag))
    o = Out(taglen)
    rc |= lib.qed_monkey_wrap_tag(w, o.buf, taglen)
    t, canary = o.value()
    return rc | (0 if canary else 1), out, t


def test_wrap(rng):
    for _ in range(CASES):
        b, rho, kl, nl, (ns, nst, nsr), tw = mw_params(rng)
        key, nonce = rng.randbytes(kl), rng.randbytes(nl)
        we, wd = ctypes.create_string_buffer(CTX), ctypes.create_string_buffer(CTX)
        rc = lib.qed_monkey_wrap_init(we, b, rho, ns, nst, nsr, int(tw), key, kl, nonce, nl)
        rc |= lib.qed_monkey_wrap_init(wd, b, rho, ns, nst, nsr, int(tw), key, kl, nonce, nl)
        m = ref.MonkeyWrap(ref.MonkeyDuplex(b, 8 * rho + 4, ns, nst, nsr, tw), 8 * rho)
        m.initialize(key, nonce)
        what = "wrap b %d rho %d key %d nonce %d rounds %d/%d/%d tw %d" % (
            b, rho, kl, nl, ns, nst, nsr, tw)
        check(rc == 0, what + ": init")
        for i in range(rng.randrange(1, 4)):
            ad = rng.randbytes(rand_len(rng, rho))
            body = rng.randbytes(rand_len(rng, rho))
            taglen = rng.choice([0, 1, rho, rho + 1, rng.randrange(0, 3 * rho + 20)])
            C, T = m.wrap(ad, body, taglen)
            rc, c, t = c_wrap(we, ad, body, taglen, rng)
            check(rc == 0 and (c, t) == (C, T),
                  "%s msg %d: ad %d body %d tag %d" % (what, i, len(ad), len(body), taglen))
            rc, p, verdict = c_wrap(wd, ad, C, taglen, rng, decrypt=True, tag=T)
            check(rc == 0 and p == body and verdict == 0, "%s msg %d: unwrap" % (what, i))
    # refusals of init: key pack and nonce too long, rho too large
    w = ctypes.create_string_buffer(CTX)
    for b, rho, kl, nl in [(200, 2, 23, 0), (200, 2, 0, 23), (200, 25, 0, 0), (200, 0, 0, 0),
                           (1600, 2, 100, 98), (25, 3, 0, 0), (1600, 200, 0, 0)]:
        check(lib.qed_monkey_wrap_init(w, b, rho, 12, 1, 6, 1, bytes(kl), kl, bytes(nl), nl) == -1,
              "wrap init refuses b %d rho %d key %d nonce %d" % (b, rho, kl, nl))
        check(lib.qed_monkey_wrap_ad(w, b"x", 1) == -1, "refused wrap stays unusable")
    # the largest key pack that fits is accepted
    for b in WIDTHS:
        room = (b - 2) // 8 - 2
        check(lib.qed_monkey_wrap_init(w, b, 1, 1, 1, 1, 0, bytes(room), room, b"", 0) == 0,
              "wrap init accepts b %d key+nonce %d" % (b, room))


# ---- Ketje --------------------------------------------------------------------

def ketje_params(rng, name):
    mx = MAXKN[name]
    kl = rng.choice([12, mx, rng.randrange(12, mx + 1)])
    nl = rng.choice([0, mx - kl, rng.randrange(0, mx - kl + 1)])
    return rng.randbytes(kl), rng.randbytes(nl)


def test_ketje(rng):
    for _ in range(CASES):
        name = rng.choice(VARIANTS)
        vi = VARIANTS.index(name)
        rho = ref.KETJE[name][1] // 8
        key, nonce = ketje_params(rng, name)
        ce, cd = ctypes.create_string_buffer(CTX), ctypes.create_string_buffer(CTX)
        rc = lib.qed_ketje_init(ce, vi, key, len(key), nonce, len(nonce))
        rc |= lib.qed_ketje_init(cd, vi, key, len(key), nonce, len(nonce))
        me, md = ref.ketje(name), ref.ketje(name)
        me.initialize(key, nonce)
        md.initialize(key, nonce)
        what = "Ketje %s key %d nonce %d" % (name, len(key), len(nonce))
        check(rc == 0, what + ": init")
        for i in range(rng.randrange(1, 5)):
            ad = rng.randbytes(rand_len(rng, rho))
            msg = rng.randbytes(rand_len(rng, rho))
            taglen = rng.choice([16, 8, 0, rng.randrange(8, 3 * rho + 20)])
            C, T = me.wrap(ad, msg, taglen)
            lbl = "%s msg %d: ad %d m %d tag %d" % (what, i, len(ad), len(msg), taglen)
            if rng.random() < 0.5:
                c, t = Out(len(msg)), Out(taglen)
                rc = lib.qed_ketje_wrap(ce, c.buf, t.buf, taglen, ad, len(ad), msg, len(msg))
                (cv, ok1), (tv, ok2) = c.value(), t.value()
            else:
                rc = 0
                for a, b in splits(rng, len(ad)):
                    rc |= lib.qed_ketje_ad_update(ce, ad[a:b], b - a)
                cv, ok1 = b"", True
                for a, b in splits(rng, len(msg)):
                    o = Out(b - a)
                    rc |= lib.qed_ketje_encrypt_update(ce, o.buf, msg[a:b], b - a)
                    v, ok = o.value()
                    cv, ok1 = cv + v, ok1 and ok
                t = Out(taglen)
                rc |= lib.qed_ketje_encrypt_final(ce, t.buf, taglen)
                tv, ok2 = t.value()
            check(rc == 0 and cv == C and tv == T and ok1 and ok2, lbl + ": wrap")
            # tags of 1 .. 7 bytes are refused, and change nothing
            bad_tl = rng.randrange(1, 8)
            o = Out(bad_tl)
            check(lib.qed_ketje_encrypt_final(ce, o.buf, bad_tl) == -1
                  and o.value() == (bytes(bad_tl), True), lbl + ": %d-byte tag refused" % bad_tl)
            # the receiver: sometimes a forgery, which ends its session
            forged = taglen > 0 and rng.random() < 0.2   # no tag: nothing to forge
            tag, cc, aa = bytearray(T), bytearray(C), bytearray(ad)
            if forged:
                kind = rng.randrange(4)
                if kind == 0:
                    tag[rng.randrange(len(tag))] ^= 1 << rng.randrange(8)
                elif kind == 1 and cc:
                    cc[rng.randrange(len(cc))] ^= 1 << rng.randrange(8)
                elif kind == 2 and aa:
                    aa[rng.randrange(len(aa))] ^= 1 << rng.randrange(8)
                else:
                    tag = tag[:-1] + bytes([tag[-1] ^ 0x80])
            if rng.random() < 0.5:
                inplace = rng.random() < 0.5
                p = Out(len(cc), bytes(cc) if inplace else None)
                src = p.buf if inplace else bytes(cc)
                rc = lib.qed_ketje_unwrap(cd, p.buf, bytes(aa), len(aa), src, len(cc),
                                          bytes(tag), len(tag))
                pv, ok = p.value()
            else:
                rc = 0
                for a, b in splits(rng, len(aa)):
                    rc |= lib.qed_ketje_ad_update(cd, bytes(aa[a:b]), b - a)
                pv, ok = b"", True
                for a, b in splits(rng, len(cc)):
                    o = Out(b - a)
                    rc |= lib.qed_ketje_decrypt_update(cd, o.buf, bytes(cc[a:b]), b - a)
                    v, k = o.value()
                    pv, ok = pv + v, ok and k
                r2 = lib.qed_ketje_decrypt_final(cd, bytes(tag), len(tag))
                rc = rc if r2 == 0 else r2
                if r2 != 0:
                    pv = bytes(len(pv))    # a streaming caller drops it
            if not forged:
                md.unwrap(ad, C, T)
                check(rc == 0 and pv == msg and ok, lbl + ": unwrap")
            else:
                check(rc == -1 and pv == bytes(len(cc)) and ok, lbl + ": forgery refused")
                o = Out(0)
                check(lib.qed_ketje_unwrap(cd, o.buf, b"", 0, b"", 0, bytes(16), 16) == -1
                      and lib.qed_ketje_ad_update(cd, b"x", 1) == -1,
                      lbl + ": session over after a forgery")
                break


def test_oneshot(rng):
    for _ in range(CASES):
        name = rng.choice(VARIANTS)
        kl, nl, tl = CAESAR[name]
        rho = ref.KETJE[name][1] // 8
        key, nonce = rng.randbytes(kl), rng.randbytes(nl)
        ad, msg = rng.randbytes(rand_len(rng, rho)), rng.randbytes(rand_len(rng, rho))
        w = ref.ketje(name)
        w.initialize(key, nonce)
        C, T = w.wrap(ad, msg, tl)
        enc = getattr(lib, "qed_ketje_%s_encrypt" % name.lower())
        dec = getattr(lib, "qed_ketje_%s_decrypt" % name.lower())
        c, t = Out(len(msg)), Out(tl)
        rc = enc(c.buf, t.buf, msg, len(msg), ad, len(ad), nonce, key)
        check(rc == 0 and c.value() == (C, True) and t.value() == (T, True),
              "%s one-shot encrypt ad %d m %d" % (name, len(ad), len(msg)))
        p = Out(len(msg))
        rc = dec(p.buf, C, len(C), T, ad, len(ad), nonce, key)
        check(rc == 0 and p.value() == (msg, True), "%s one-shot decrypt" % name)
        bad = bytearray(T)
        bad[rng.randrange(tl)] ^= 1 << rng.randrange(8)
        p = Out(len(msg))
        rc = dec(p.buf, C, len(C), bytes(bad), ad, len(ad), nonce, key)
        check(rc == -1 and p.value() == (bytes(len(msg)), True), "%s one-shot forgery" % name)


def main():
    seed = int(os.environ.get("QED_DIFF_SEED", random.SystemRandom().randrange(1 << 32)))
    print("seed", seed)
    model_selfcheck()
    if failed:
        print("the model fails the official vectors: not comparing")
        print("%d passed, %d failed" % (passed, failed))
        sys.exit(1)
    for i, t in enumerate([test_duplex, test_wrap, test_ketje, test_oneshot]):
        t(random.Random(seed * 8 + i))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed or not passed else 0)


if __name__ == "__main__":
    main()
