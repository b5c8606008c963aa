#!/usr/bin/env python3
"""Randomized differential tests of qed's AES family (include/qed/aes.h).

    .venv/bin/python tests/diff/test_aes.py      (usually: make test-diff-aes)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (replay a run;
the seed is printed first), QED_DIFF_SCALE (multiply the case counts),
QED_BACKEND (test only this backend; unset: every backend up to the best
the CPU has, each from a private copy of the library, as test_diff.py does).

References, both on every case:
    pycryptodome          (tests/diff/requirements.txt)
    pyca/cryptography     (tests/aes/requirements.txt; OpenSSL underneath)

Per backend, key size (128/192/256) and mode, CASES random cases
(default 1000): ECB and CBC (encrypt and decrypt, random block counts,
random IVs), CBC-PKCS#7 (random lengths both ways; random ciphertexts
whose padding is mostly bad must be refused exactly when the references
refuse them, with *outlen = 0 and out unchanged), CTR (random lengths and
initial counters, a quarter of them within a few blocks of 2^32, 2^64 or
2^128), streaming CTR at random splits, GCM (random lengths of message, AD
and IV, one-shot and streaming at random splits; every case also decrypts
a forged copy, which must be refused with a zeroed plaintext).  Every output
buffer has canary bytes after its end.  A tenth of the ECB/CBC, CTR and
GCM cases are long (up to 300 blocks, 5000 bytes, AD up to 1000 bytes), so
that the hardware backends run many of their 8- and 16-block groups.  The
last line is
`N passed, M failed`; the exit status is 1 on any failure.
"""

import atexit
import ctypes
import os
import random
import shutil
import sys
import tempfile

from Crypto.Cipher import AES as PCD_AES
from Crypto.Util import Counter as PCD_Counter
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives import padding as crypto_padding

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))
CASES = max(1, int(1000 * SCALE))
BACKENDS = ("portable", "avx2", "avx512")

vp = ctypes.c_void_p
sz = ctypes.c_size_t
CTX_ALLOC = 4096        # qed_aes_ctx is 1448 bytes on LP64; generous
STATE_ALLOC = 2048      # qed_aes_gcm_state, qed_aes_ctr_state
CANARY = 0xA5

PROTOS = {
    "qed_aes_init": ([vp, vp, sz], ctypes.c_int),
    "qed_aes_ecb_encrypt": ([vp, vp, vp, sz], None),
    "qed_aes_ecb_decrypt": ([vp, vp, vp, sz], None),
    "qed_aes_cbc_encrypt": ([vp, vp, vp, vp, sz], ctypes.c_int),
    "qed_aes_cbc_decrypt": ([vp, vp, vp, vp, sz], ctypes.c_int),
    "qed_aes_cbc_pkcs7_encrypt": ([vp, vp, vp, ctypes.POINTER(sz), vp, sz], ctypes.c_int),
    "qed_aes_cbc_pkcs7_decrypt": ([vp, vp, vp, ctypes.POINTER(sz), vp, sz], ctypes.c_int),
    "qed_aes_ctr_xor": ([vp, vp, vp, vp, sz], None),
    "qed_aes_ctr_init": ([vp, vp], None),
    "qed_aes_ctr_update": ([vp, vp, vp, vp, sz], None),
    "qed_aes_gcm_encrypt": ([vp, vp, vp, vp, sz, vp, sz, vp, sz], ctypes.c_int),
    "qed_aes_gcm_decrypt": ([vp, vp, vp, sz, vp, vp, sz, vp, sz], ctypes.c_int),
    "qed_aes_gcm_init": ([vp, vp, vp, sz], ctypes.c_int),
    "qed_aes_gcm_update_ad": ([vp, vp, sz], ctypes.c_int),
    "qed_aes_gcm_encrypt_update": ([vp, vp, vp, vp, sz], ctypes.c_int),
    "qed_aes_gcm_decrypt_update": ([vp, vp, vp, vp, sz], ctypes.c_int),
    "qed_aes_gcm_encrypt_final": ([vp, vp], ctypes.c_int),
    "qed_aes_gcm_decrypt_final": ([vp, vp], ctypes.c_int),
    "qed_backend_name": ([], ctypes.c_char_p),
}


def declare(lib):
    for name, (args, res) in PROTOS.items():
        fn = getattr(lib, name)
        fn.argtypes, fn.restype = args, res
    return lib


def load_libraries():
    path = os.path.realpath(os.environ.get("QED_LIB") or
                            os.path.join(ROOT, "build", "libqed.so"))
    main = declare(ctypes.CDLL(path))
    best = main.qed_backend_name().decode()
    libs = [(best, main)]
    if os.environ.get("QED_BACKEND") or best not in BACKENDS:
        return libs
    tmp = tempfile.mkdtemp(prefix="qed-diff-aes-")
    atexit.register(shutil.rmtree, tmp, True)
    for want in BACKENDS[:BACKENDS.index(best)]:
        copy = os.path.join(tmp, "libqed-%s.so" % want)
        shutil.copyfile(path, copy)
        os.environ["QED_BACKEND"] = want
        lib = declare(ctypes.CDLL(copy))
        got = lib.qed_backend_name().decode()
        del os.environ["QED_BACKEND"]
        if got != want:
            sys.exit("test_aes: QED_BACKEND=%s gave backend %s" % (want, got))
        libs.insert(len(libs) - 1, (want, lib))
    return libs


passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 20:
            print("FAIL:", what)


class Buf:
    """A byte buffer with canary bytes after its end."""
    def __init__(self, n, init=None):
        self.n = n
        data = (init if init is not None else bytes([CANARY]) * n) + bytes([CANARY]) * 16
        self.buf = ctypes.create_string_buffer(data, n + 16)

    def value(self):
        raw = self.buf.raw
        return raw[:self.n]

    def canary_ok(self):
        return all(b == CANARY for b in self.buf.raw[self.n:self.n + 16])


def new_ctx(lib, key):
    ctx = ctypes.create_string_buffer(CTX_ALLOC)
    if lib.qed_aes_init(ctx, key, len(key)) != 0:
        raise RuntimeError("qed_aes_init refused a %d-byte key" % len(key))
    return ctx


def crypto_ecb(key, data, enc):
    c = Cipher(algorithms.AES(key), modes.ECB())
    o = c.encryptor() if enc else c.decryptor()
    return o.update(data) + o.finalize()


def crypto_cbc(key, iv, data, enc):
    c = Cipher(algorithms.AES(key), modes.CBC(iv))
    o = c.encryptor() if enc else c.decryptor()
    return o.update(data) + o.finalize()


def crypto_ctr(key, ctr, data):
    o = Cipher(algorithms.AES(key), modes.CTR(ctr)).encryptor()
    return o.update(data) + o.finalize()


def pcd_ctr(key, ctr, data):
    c = PCD_Counter.new(128, initial_value=int.from_bytes(ctr, "big"), allow_wraparound=True)
    return PCD_AES.new(key, PCD_AES.MODE_CTR, counter=c).encrypt(data)


def next_counter(ctr, nblocks):
    return ((int.from_bytes(ctr, "big") + nblocks) % (1 << 128)).to_bytes(16, "big")


def test_ecb_cbc(lib, rng, kl, tag):
    for _ in range(CASES):
        key = rng.randbytes(kl)
        ctx = new_ctx(lib, key)
        nb = rng.randrange(0, 40) if rng.random() < 0.9 else rng.randrange(40, 300)
        data = rng.randbytes(16 * nb)
        enc = rng.random() < 0.5
        # ECB
        out = Buf(16 * nb)
        (lib.qed_aes_ecb_encrypt if enc else lib.qed_aes_ecb_decrypt)(ctx, out.buf, data, nb)
        want = crypto_ecb(key, data, enc)
        pcd = PCD_AES.new(key, PCD_AES.MODE_ECB)
        want2 = pcd.encrypt(data) if enc else pcd.decrypt(data)
        check(out.value() == want == want2 and out.canary_ok(),
              "%s ECB key %d nb %d enc %d" % (tag, kl, nb, enc))
        # CBC, the IV updated
        iv = rng.randbytes(16)
        out = Buf(16 * nb)
        ivb = ctypes.create_string_buffer(iv, 16)
        rc = (lib.qed_aes_cbc_encrypt if enc else lib.qed_aes_cbc_decrypt)(
            ctx, ivb, out.buf, data, 16 * nb)
        want = crypto_cbc(key, iv, data, enc)
        pcd = PCD_AES.new(key, PCD_AES.MODE_CBC, iv=iv)
        want2 = pcd.encrypt(data) if enc else pcd.decrypt(data)
        last = (want if enc else data)[-16:] if nb else iv
        check(rc == 0 and out.value() == want == want2 and out.canary_ok() and ivb.raw[:16] == last,
              "%s CBC key %d nb %d enc %d" % (tag, kl, nb, enc))


def test_pkcs7(lib, rng, kl, tag):
    for i in range(CASES):
        key = rng.randbytes(kl)
        ctx = new_ctx(lib, key)
        iv = rng.randbytes(16)
        n = rng.randrange(0, 300)
        m = rng.randbytes(n)
        # encrypt
        olen = sz(0)
        out = Buf(n + 16 - n % 16)
        rc = lib.qed_aes_cbc_pkcs7_encrypt(ctx, iv, out.buf, ctypes.byref(olen), m, n)
        p = crypto_padding.PKCS7(128).padder()
        want = crypto_cbc(key, iv, p.update(m) + p.finalize(), True)
        from Crypto.Util.Padding import pad as pcd_pad
        want2 = PCD_AES.new(key, PCD_AES.MODE_CBC, iv=iv).encrypt(pcd_pad(m, 16))
        check(rc == 0 and olen.value == len(want) and out.value() == want == want2 and out.canary_ok(),
              "%s PKCS7 encrypt key %d len %d" % (tag, kl, n))
        # decrypt a genuine ciphertext, or a random one (bad padding mostly),
        # or one whose last block is tampered with
        kind = i % 3
        if kind == 0:
            c = want
        elif kind == 1:
            c = rng.randbytes(16 * rng.randrange(1, 10))
        else:
            c = bytearray(want)
            c[-17 if len(c) > 16 else rng.randrange(16)] ^= 1 << rng.randrange(8)
            c = bytes(c)
        fill = rng.randbytes(len(c))
        out = Buf(len(c), fill)
        olen = sz(777)
        rc = lib.qed_aes_cbc_pkcs7_decrypt(ctx, iv, out.buf, ctypes.byref(olen), c, len(c))
        try:
            u = crypto_padding.PKCS7(128).unpadder()
            ref = u.update(crypto_cbc(key, iv, c, False)) + u.finalize()
        except ValueError:
            ref = None
        try:
            from Crypto.Util.Padding import unpad as pcd_unpad
            ref2 = pcd_unpad(PCD_AES.new(key, PCD_AES.MODE_CBC, iv=iv).decrypt(c), 16)
        except ValueError:
            ref2 = None
        if ref is None:
            check(ref2 is None and rc == -1 and olen.value == 0 and out.value() == fill and out.canary_ok(),
                  "%s PKCS7 bad padding accepted or written, key %d len %d" % (tag, kl, len(c)))
        else:
            got = out.value()
            check(ref == ref2 and rc == 0 and olen.value == len(ref) and got[:len(ref)] == ref and
                  got[len(ref):] == fill[len(ref):] and out.canary_ok(),
                  "%s PKCS7 decrypt key %d len %d" % (tag, kl, len(c)))


def random_counter(rng):
    r = rng.random()
    if r < 0.75:
        return rng.randbytes(16)
    width = rng.choice((32, 64, 128))
    low = (1 << width) - rng.randrange(1, 6)
    high = rng.getrandbits(128 - width) << width if width < 128 else 0
    return (high | low).to_bytes(16, "big")


def test_ctr(lib, rng, kl, tag):
    for _ in range(CASES):
        key = rng.randbytes(kl)
        ctx = new_ctx(lib, key)
        ctr = random_counter(rng)
        n = rng.randrange(0, 600) if rng.random() < 0.9 else rng.randrange(600, 5000)
        m = rng.randbytes(n)
        want = crypto_ctr(key, ctr, m)
        want2 = pcd_ctr(key, ctr, m)
        out = Buf(n)
        cb = ctypes.create_string_buffer(ctr, 16)
        lib.qed_aes_ctr_xor(ctx, cb, out.buf, m, n)
        check(out.value() == want == want2 and out.canary_ok() and
              cb.raw[:16] == next_counter(ctr, (n + 15) // 16),
              "%s CTR key %d len %d ctr %s" % (tag, kl, n, ctr.hex()))
        # streaming at random splits
        st = ctypes.create_string_buffer(STATE_ALLOC)
        lib.qed_aes_ctr_init(st, ctr)
        out = Buf(n)
        done = 0
        while done < n:
            k = min(n - done, rng.randrange(0, 50))
            src = ctypes.create_string_buffer(m[done:done + k], max(k, 1))
            dst = ctypes.create_string_buffer(max(k, 1))
            lib.qed_aes_ctr_update(st, ctx, dst, src, k)
            ctypes.memmove(ctypes.addressof(out.buf) + done, dst, k)
            done += k
        check(out.value() == want and out.canary_ok(), "%s CTR stream key %d len %d" % (tag, kl, n))


def test_gcm(lib, rng, kl, tag):
    for _ in range(CASES):
        key = rng.randbytes(kl)
        ctx = new_ctx(lib, key)
        n = rng.randrange(0, 600) if rng.random() < 0.9 else rng.randrange(600, 5000)
        adl = rng.randrange(0, 80) if rng.random() < 0.9 else rng.randrange(80, 1000)
        ivl = 12 if rng.random() < 0.5 else rng.randrange(1, 80)
        m, ad, iv = rng.randbytes(n), rng.randbytes(adl), rng.randbytes(ivl)
        pcd = PCD_AES.new(key, PCD_AES.MODE_GCM, nonce=iv, mac_len=16)
        pcd.update(ad)
        c2, t2 = pcd.encrypt_and_digest(m)
        # pyca/cryptography takes IVs of 8..128 bytes; pycryptodome any
        ref = AESGCM(key).encrypt(iv, m, ad) if 8 <= ivl <= 128 else c2 + t2
        c = Buf(n)
        t = Buf(16)
        rc = lib.qed_aes_gcm_encrypt(ctx, c.buf, t.buf, m, n, ad, adl, iv, ivl)
        check(rc == 0 and c.value() + t.value() == ref == c2 + t2 and c.canary_ok() and t.canary_ok(),
              "%s GCM encrypt key %d len %d ad %d iv %d" % (tag, kl, n, adl, ivl))
        # decrypt, genuine and forged
        p = Buf(n)
        rc = lib.qed_aes_gcm_decrypt(ctx, p.buf, ref[:n], n, ref[n:], ad, adl, iv, ivl)
        check(rc == 0 and p.value() == m and p.canary_ok(), "%s GCM decrypt key %d len %d" % (tag, kl, n))
        forged = bytearray(ref)
        forged[rng.randrange(len(forged))] ^= 1 << rng.randrange(8)
        p = Buf(n)
        rc = lib.qed_aes_gcm_decrypt(ctx, p.buf, bytes(forged[:n]), n, bytes(forged[n:]), ad, adl, iv, ivl)
        check(rc == -1 and p.value() == bytes(n) and p.canary_ok(),
              "%s GCM forgery accepted key %d len %d" % (tag, kl, n))
        # streaming at random splits, encrypt
        st = ctypes.create_string_buffer(STATE_ALLOC)
        ok = lib.qed_aes_gcm_init(st, ctx, iv, ivl) == 0
        done = 0
        while done < adl:
            k = min(adl - done, rng.randrange(0, 30))
            ok &= lib.qed_aes_gcm_update_ad(st, ad[done:done + k], k) == 0
            done += k
        out = ctypes.create_string_buffer(n + 1)
        done = 0
        while done < n:
            k = min(n - done, rng.randrange(0, 100))
            dst = ctypes.create_string_buffer(k + 1)
            ok &= lib.qed_aes_gcm_encrypt_update(st, ctx, dst, m[done:done + k], k) == 0
            ctypes.memmove(ctypes.addressof(out) + done, dst, k)
            done += k
        tb = ctypes.create_string_buffer(16)
        ok &= lib.qed_aes_gcm_encrypt_final(st, tb) == 0
        check(ok and out.raw[:n] + tb.raw[:16] == ref, "%s GCM stream key %d len %d" % (tag, kl, n))


def main():
    seed = int(os.environ.get("QED_DIFF_SEED", random.SystemRandom().randrange(1 << 32)))
    print("seed", seed)
    for backend, lib in load_libraries():
        before = passed
        for kl in (16, 24, 32):
            for i, t in enumerate([test_ecb_cbc, test_pkcs7, test_ctr, test_gcm]):
                t(lib, random.Random(seed * 64 + kl * 4 + i), kl, backend)
        print("backend %s: %d checks" % (backend, passed - before))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed or not passed else 0)


if __name__ == "__main__":
    main()
