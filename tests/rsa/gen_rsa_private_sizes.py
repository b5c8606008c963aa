"""Make tests/vectors/rsa/rsa_private_sizes.txt: RSA private keys whose
primes have limb counts the AVX-512 IFMA path supports (8, 16, 32 limbs of
64 bits) and does not (9, 12, 17, 24), primes of different limb counts or
bit lengths, each with three raw private operations m = c^d mod n computed
here by Python's pow (tests/test_rsa.c checks qed's CRT private operation
against them on every backend).

Run from the repository root with the project's .venv (cryptography,
gmpy2):  .venv/bin/python tests/rsa/gen_rsa_private_sizes.py
Lines: `key <pbits> <qbits> <RSAPrivateKey DER hex>`, then `op <c hex> <m
hex>` (both k bytes, k the modulus length)."""
import random

import gmpy2
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

E = 65537
# (bits of p, bits of q): 8/8, 9/9, 12/12, 16/16 with a short p, 17/17,
# 24/24, 32/32 limbs, and 8/9, 16/17 limbs (the halves' sizes differ)
SIZES = [(512, 512), (516, 516), (768, 768), (1000, 1024), (1028, 1028),
         (1536, 1536), (2048, 2048), (512, 576), (1024, 1088)]


def prime(rng, bits):
    while True:
        x = rng.getrandbits(bits) | (1 << (bits - 1)) | (3 << (bits - 2) if bits > 2 else 0)
        p = int(gmpy2.next_prime(x))
        if p.bit_length() == bits and gmpy2.gcd(E, p - 1) == 1:
            return p


def main():
    rng = random.Random(20261125)
    out = []
    for pb, qb in SIZES:
        p, q = prime(rng, pb), prime(rng, qb)
        if p < q:          # cryptography wants no order; keep p the larger one
            p, q = q, p
        n = p * q
        d = pow(E, -1, (p - 1) * (q - 1))
        nums = rsa.RSAPrivateNumbers(p, q, d, d % (p - 1), d % (q - 1),
                                     pow(q, -1, p),
                                     rsa.RSAPublicNumbers(E, n))
        der = nums.private_key().private_bytes(
            serialization.Encoding.DER, serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption())
        k = (n.bit_length() + 7) // 8
        out.append("key %d %d %s" % (pb, qb, der.hex()))
        for c in (rng.randrange(n), n - 1, 2):
            out.append("op %s %s" % (c.to_bytes(k, "big").hex(),
                                     pow(c, d, n).to_bytes(k, "big").hex()))
    with open("tests/vectors/rsa/rsa_private_sizes.txt", "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
