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
#   make test-diff-aes       randomized differential tests against
#                            pycryptodome and pyca/cryptography, every mode
#                            and key size (tests/diff/test_aes.py)

FAMILY_TESTS  += $(BUILD)/tests/test_aes
FAMILY_CHECKS += test-diff-aes


.PHONY: test-diff-aes
test-diff-aes: lib $(VENV_STAMP)
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_aes.py
