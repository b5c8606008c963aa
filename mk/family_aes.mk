# The AES family (include/qed/aes.h, src/aes/).
#
#   build/tests/test_aes     KATs (FIPS 197, SP 800-38A, CAVP AESAVS KAT/MMT
#                            and the CBC Monte Carlo loop, RFC 3686,
#                            Wycheproof CBC-PKCS5, CAVP GCM), counter wrap
#                            across 2^32/2^64/2^96/2^128, every length
#                            0..300 of every mode against a textbook
#                            reference, streaming = one-shot at every split,
#                            in place, rejection and misuse
#                            (tests/test_aes.c, vectors tests/vectors/aes)
#   build/tests/test_aes_equiv
#                            the hardware backends (src/aes/simd/: AES-NI
#                            + PCLMULQDQ, VAES + VPCLMULQDQ) against the
#                            portable code: every bulk operation on
#                            thousands of random keys and lengths, counter
#                            wraps, GCM built on each backend, GCM's fused
#                            step (AES-NI) and output mask, misaligned and
#                            in place
#                            (tests/test_aes_equiv.c)
#   make test-diff-aes       randomized differential tests against
#                            pycryptodome and pyca/cryptography, every mode
#                            and key size (tests/diff/test_aes.py)

FAMILY_TESTS  += $(BUILD)/tests/test_aes $(BUILD)/tests/test_aes_equiv
FAMILY_CHECKS += test-diff-aes


.PHONY: test-diff-aes
test-diff-aes: lib $(VENV_STAMP)
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_aes.py
