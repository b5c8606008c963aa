#!/usr/bin/env python3
"""Make tests/vectors/rsa/rsa_pad_odd.txt: RSA keys whose modulus has
8j + 1 bits (1025 and 2049: PSS's emLen is then k - 1) and, for each, PSS
signatures and OAEP ciphertexts made by pyca/cryptography (OpenSSL), for
tests/test_rsa_pad.c.  Run once from the repository root with the test
virtualenv (.venv/bin/python tests/rsa/gen_rsa_pad_odd.py); the output is
committed, the test never runs this.

OpenSSL rounds a requested 2049 bits down to 2048, so the keys are built
from gmpy2 primes of unequal sizes and loaded through RSAPrivateNumbers.

Lines:
    key <bits> <RSAPrivateKey DER hex>
    pss <hash> <saltlen> <msg hex or -> <sig hex>
    oaep <hash> <label hex or -> <msg hex or -> <ciphertext hex>
(each pss/oaep line belongs to the key line above it)
"""

import os
import random

import gmpy2
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

rng = random.Random(2049)
OUT = os.path.join("tests", "vectors", "rsa", "rsa_pad_odd.txt")
HASHES = [("SHA-256", hashes.SHA256, 32), ("SHA-384", hashes.SHA384, 48),
          ("SHA-512", hashes.SHA512, 64)]


def make_key(bits):
    e = 65537
    hi, lo = bits - bits // 2, bits // 2
    while True:
        p = int(gmpy2.next_prime(rng.getrandbits(hi) | (3 << (hi - 2))))
        q = int(gmpy2.next_prime(rng.getrandbits(lo) | (3 << (lo - 2))))
        n = p * q
        if p == q or n.bit_length() != bits or gmpy2.gcd(e, (p - 1) * (q - 1)) != 1:
            continue
        d = pow(e, -1, (p - 1) * (q - 1))
        return rsa.RSAPrivateNumbers(p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p),
                                     rsa.RSAPublicNumbers(e, n)).private_key()


def hx(b):
    return b.hex() if b else "-"


def main():
    lines = []
    for bits in (1025, 2049):
        key = make_key(bits)
        der = key.private_bytes(serialization.Encoding.DER,
                                serialization.PrivateFormat.TraditionalOpenSSL,
                                serialization.NoEncryption())
        lines.append("key %d %s" % (bits, der.hex()))
        k = (bits + 7) // 8
        emlen = k - 1
        for name, hcls, hl in HASHES:
            smax = emlen - hl - 2
            for salt in sorted({0, 20, hl, smax}):
                if salt > smax:
                    continue
                msg = bytes(rng.getrandbits(8) for _ in range(rng.choice([0, 3, 100])))
                sig = key.sign(msg, padding.PSS(mgf=padding.MGF1(hcls()), salt_length=salt),
                               hcls())
                lines.append("pss %s %d %s %s" % (name, salt, hx(msg), sig.hex()))
            mmax = k - 2 * hl - 2
            if mmax < 0:
                continue
            for label, mlen in ((b"", 0), (b"", mmax), (b"qed label", 5), (b"", 1)):
                msg = bytes(rng.getrandbits(8) for _ in range(mlen))
                ct = key.public_key().encrypt(
                    msg, padding.OAEP(mgf=padding.MGF1(hcls()), algorithm=hcls(),
                                      label=label or None))
                lines.append("oaep %s %s %s %s" % (name, hx(label), hx(msg), ct.hex()))
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
