# RSA (include/qed/rsa.h, src/rsa/): PKCS #1 DER keys, the CRT private
# operation with blinding, PKCS #1 v1.5 signatures.
#
#   build/tests/test_rsa  Wycheproof RSA PKCS #1 v1.5 signature generation
#                         (2048 and 4096 bits, SHA-256/384/512: signatures
#                         equal to the expected ones, verified), DER import
#                         and re-encoding, every truncation and byte
#                         mutations of keys (-1 or an identical
#                         re-encoding), malformed DER, wrong lengths,
#                         tampered signatures, a faulty key refused by the
#                         check against the public operation; the raw
#                         private operation at prime sizes the IFMA path
#                         runs (8, 16, 32 limbs) and does not (9, 12, 17,
#                         24, unequal halves) against Python's pow
#                         (tests/test_rsa.c, vectors tests/vectors/rsa)
#   make test-diff-rsa    interoperability with the `cryptography` package:
#                         keys both ways, signatures both ways
#                         (tests/diff/test_rsa.py)

FAMILY_TESTS  += $(BUILD)/tests/test_rsa
FAMILY_CHECKS += test-diff-rsa

.PHONY: test-diff-rsa
test-diff-rsa: lib $(VENV_STAMP)
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_rsa.py

# The private operation's chain of calls frames the key's and the
# contexts' fields through each call: under load CVC4 needs up to ~30 s on
# a few of those goals.
WP_FLAGS_rsa_rsa_ops = -wp-timeout 60

# Key generation (src/rsa/keygen.c, src/rsa/prime.c).
#   build/tests/test_rsa_keygen   keys of 1024..1030 bits checked with qed_bn
#                                 (n = pq, bit lengths, |p - q|, e d = 1 mod
#                                 lcm, dp, dq, qinv), DER round trips, PKCS #1
#                                 v1.5, bad sizes; Miller-Rabin on Mersenne
#                                 primes, Wycheproof's composites, Carmichael
#                                 numbers, strong pseudoprimes
#   make test-rsa-keygen-long     the same on 2048-, 2050- and 3072-bit keys
#                                 (native only: too slow for qemu)
#   make test-diff-rsa-keygen     qed keys in `cryptography`, primes by gmpy2
FAMILY_TESTS  += $(BUILD)/tests/test_rsa_keygen
FAMILY_CHECKS += test-rsa-keygen-long test-diff-rsa-keygen

.PHONY: test-rsa-keygen-long test-diff-rsa-keygen
test-rsa-keygen-long: $(BUILD)/tests/test_rsa_keygen
	$(BUILD)/tests/test_rsa_keygen $(TESTS_VECTORS) --long

test-diff-rsa-keygen: lib $(VENV_STAMP)
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_rsa_keygen.py

# Goals that frame the key's or the candidates' numbers through several
# calls: under load CVC4 may need more than the default 10 s on a few.
WP_FLAGS_rsa_prime = -wp-timeout 30
WP_FLAGS_rsa_keygen = -wp-timeout 30

# PSS, OAEP and MGF1 (src/rsa/pss.c, oaep.c, mgf1.c):
#   build/tests/test_rsa_pad   NIST CAVP SigVerPSS/SigGenPSS (SHA-2 cases),
#                              OAEP SHA-2 vectors (pyca/cryptography) and
#                              BoringSSL's label vector, 1025/2049-bit keys
#                              with cryptography's signatures/ciphertexts,
#                              crafted faulty EMs, every bit flip, wrong
#                              lengths, hashes, labels (tests/test_rsa_pad.c)
#   make test-diff-rsa-pad     PSS and OAEP both ways with `cryptography`,
#                              1024..4096 bits incl. 8j+1 sizes; MGF1 vs
#                              hashlib (tests/diff/test_rsa_pad.py)
FAMILY_TESTS  += $(BUILD)/tests/test_rsa_pad
FAMILY_CHECKS += test-diff-rsa-pad

# It also checks the internal MGF1 through ctypes, so it loads the copy of
# the library with every symbol visible (mk/hardening.mk).
.PHONY: test-diff-rsa-pad
test-diff-rsa-pad: lib whitebox-lib $(VENV_STAMP)
	QED_LIB=$(QED_WHITEBOX_LIB) $(VENV_PYTHON) tests/diff/test_rsa_pad.py
