#!/usr/bin/env python3
"""qed_rsa_generate (include/qed/rsa.h) checked from outside: keys made by
qed are exported as PKCS #1 DER, loaded by pyca/cryptography (OpenSSL checks
the key as it loads it) and their numbers checked with gmpy2: p and q prime
(gmpy2.is_prime, 50 rounds), of bits/2 bits with their top two bits set,
n = p q of exactly `bits` bits, |p - q| >= 2^(bits/2 - 99), e = 65537,
d = e^-1 mod (p - 1)(q - 1) (qed's choice, see src/rsa/keygen.c), hence
e d = 1 mod lcm(p - 1, q - 1), d > 2^(bits/2), dp, dq, qinv; signatures
(PKCS #1 v1.5 and PSS) made by cryptography with the key verify in qed and
the other way round; every key differs from every other; bad sizes give -1
with both keys zeroed.

    .venv/bin/python tests/diff/test_rsa_keygen.py  (make test-diff-rsa-keygen)

Environment: QED_LIB (default build/libqed.so), QED_DIFF_SEED (the messages),
QED_DIFF_SCALE (number of keys).  The last line is `N passed, M failed`.
"""

import ctypes
import os
import random
import sys

import gmpy2
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = float(os.environ.get("QED_DIFF_SCALE", "1"))
SEED = int(os.environ.get("QED_DIFF_SEED", random.randrange(1 << 32)))
print("seed", SEED)
rng = random.Random(SEED)

lib = ctypes.CDLL(os.environ.get("QED_LIB", os.path.join(ROOT, "build", "libqed.so")))
vp, sz, u8p = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p
for name, args in [
    ("qed_rsa_generate", [vp, vp, ctypes.c_uint]),
    ("qed_rsa_public_from_der", [vp, u8p, sz]),
    ("qed_rsa_public_to_der", [vp, sz, ctypes.POINTER(sz), vp]),
    ("qed_rsa_private_to_der", [vp, sz, ctypes.POINTER(sz), vp]),
    ("qed_rsa_pkcs1v15_sign", [vp, sz, vp, ctypes.c_int, u8p, sz]),
    ("qed_rsa_pkcs1v15_verify", [vp, ctypes.c_int, u8p, sz, u8p, sz]),
    ("qed_rsa_pss_verify", [vp, ctypes.c_int, sz, u8p, sz, u8p, sz]),
]:
    if hasattr(lib, name):
        getattr(lib, name).argtypes = args
        getattr(lib, name).restype = ctypes.c_int
# PSS is checked when the library has it (src/rsa/pss.c)
HAVE_PSS = hasattr(lib, "qed_rsa_pss_verify")

SK_SIZE, PK_SIZE = 32768, 8192      # above sizeof of the two key structs
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed < 30:
            print("FAIL", what)


def export(fn, key):
    buf = ctypes.create_string_buffer(8192)
    n = sz(0)
    st = fn(buf, 8192, ctypes.byref(n), key)
    return st, buf.raw[: n.value]


def generate(bits):
    sk = ctypes.create_string_buffer(b"\xa5" * SK_SIZE, SK_SIZE)
    pk = ctypes.create_string_buffer(b"\xa5" * PK_SIZE, PK_SIZE)
    return lib.qed_rsa_generate(sk, pk, bits), sk, pk


def check_numbers(bits, pn):
    pub = pn.public_numbers
    n, e, p, q, d = pub.n, pub.e, pn.p, pn.q, pn.d
    half = bits // 2
    check(n.bit_length() == bits and p * q == n, f"{bits}: n = pq, {bits} bits")
    check(e == 65537, f"{bits}: e")
    check(gmpy2.is_prime(p, 50) and gmpy2.is_prime(q, 50), f"{bits}: p, q prime")
    for x in (p, q):
        check(x.bit_length() == half and x >> (half - 2) == 3,
              f"{bits}: {half} bits, top two set")
        check(gmpy2.gcd(x - 1, e) == 1, f"{bits}: gcd(e, p - 1) = 1")
    check(p > q and p - q >= 1 << (half - 99), f"{bits}: p > q, p - q large")
    phi = (p - 1) * (q - 1)
    lam = phi // gmpy2.gcd(p - 1, q - 1)
    check(d == gmpy2.invert(e, phi), f"{bits}: d = e^-1 mod phi")
    check(e * d % lam == 1 and (1 << half) < d < n, f"{bits}: e d = 1 mod lcm")
    check(pn.dmp1 == d % (p - 1) and pn.dmq1 == d % (q - 1), f"{bits}: dp, dq")
    check(pn.iqmp == gmpy2.invert(q, p), f"{bits}: qinv")
    return n


def signatures(bits, key, pk, sk):
    k = (bits + 7) // 8
    pub = key.public_key()
    for i in range(int(12 * SCALE) or 1):
        msg = rng.randbytes(rng.randrange(0, 300))
        # cryptography signs, qed verifies
        sig = key.sign(msg, padding.PKCS1v15(), hashes.SHA256())
        check(lib.qed_rsa_pkcs1v15_verify(pk, 1, msg, len(msg), sig, len(sig)) == 0,
              f"{bits}: qed verifies cryptography's v1.5 signature")
        bad = bytearray(sig)
        bad[rng.randrange(k)] ^= 1 << rng.randrange(8)
        check(lib.qed_rsa_pkcs1v15_verify(pk, 1, msg, len(msg), bytes(bad), k) == -1,
              f"{bits}: tampered v1.5 signature refused")
        if HAVE_PSS:
            sig = key.sign(msg, padding.PSS(padding.MGF1(hashes.SHA256()), 32),
                           hashes.SHA256())
            check(lib.qed_rsa_pss_verify(pk, 1, 32, msg, len(msg), sig,
                                         len(sig)) == 0,
                  f"{bits}: qed verifies cryptography's PSS signature")
        # qed signs, cryptography verifies
        out = ctypes.create_string_buffer(k)
        st = lib.qed_rsa_pkcs1v15_sign(out, k, sk, 1, msg, len(msg))
        try:
            pub.verify(out.raw, msg, padding.PKCS1v15(), hashes.SHA256())
            ok = st == 0
        except InvalidSignature:
            ok = False
        check(ok, f"{bits}: cryptography verifies qed's signature")


def one_key(bits, seen):
    st, sk, pk = generate(bits)
    if not check(st == 0, f"generate {bits}") and st != 0:
        return
    st, der = export(lib.qed_rsa_private_to_der, sk)
    check(st == 0, f"{bits}: private DER")
    key = serialization.load_der_private_key(der, password=None)
    check(key.key_size == bits, f"{bits}: key size in cryptography")
    n = check_numbers(bits, key.private_numbers())
    check(n not in seen, f"{bits}: a new modulus")
    seen.add(n)
    st, pder = export(lib.qed_rsa_public_to_der, pk)
    check(st == 0 and pder == key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.PKCS1),
        f"{bits}: public DER equal to cryptography's")
    # the private DER is canonical: cryptography writes the same bytes
    check(der == key.private_bytes(serialization.Encoding.DER,
                                   serialization.PrivateFormat.TraditionalOpenSSL,
                                   serialization.NoEncryption()),
          f"{bits}: private DER equal to cryptography's")
    signatures(bits, key, pk, sk)


def bad_sizes():
    for bits in (0, 1, 1022, 1023, 1025, 2047, 8191, 8193, 8194, 16384,
                 2**32 - 1):
        st, sk, pk = generate(bits)
        # zeroed: every byte the key structs use (their sizes from C are at
        # most SK_SIZE / PK_SIZE; the padding of a qed_bn may keep 0xa5)
        check(st == -1, f"bad size {bits} refused")
        st2, der = export(lib.qed_rsa_private_to_der, sk)
        st3, pder = export(lib.qed_rsa_public_to_der, pk)
        check(st2 == -1 and st3 == -1, f"bad size {bits}: keys empty")


def main():
    seen = set()
    bad_sizes()
    sizes = [1024] * int(24 * SCALE) + [1026, 1030, 1536] + \
            [2048] * int(4 * SCALE) + [2050, 3072]
    if SCALE >= 1:
        sizes.append(4096)
    for bits in sizes:
        one_key(bits, seen)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
