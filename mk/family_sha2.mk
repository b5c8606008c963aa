# The SHA-2 family (include/qed/sha2.h, src/sha2/): SHA-224, SHA-256,
# SHA-384, SHA-512, SHA-512/256 and NaCl's crypto_hash / crypto_hashblocks.
#
#   build/tests/test_sha2    NIST CAVP SHAVS (ShortMsg, LongMsg, Monte) for
#                            the five, the CAVP SHA-512 set in Crypto++'s
#                            format, libsodium's hash/hash3 tests, FIPS 180-4
#                            examples, hashblocks against the one-shot,
#                            streaming = one-shot at every split of every
#                            length 0 .. 3 blocks + 1, refusals
#                            (tests/test_sha2.c, vectors tests/vectors/sha2)
#   make test-diff-sha2      randomized differential tests against hashlib
#                            and pycryptodome, once per backend
#                            (tests/diff/test_sha2.py)

# $(BUILD)/tests, not $(TESTS_DIR): this file is read before mk/tests.mk
# defines TESTS_DIR, and FAMILY_TESTS is expanded at once.
FAMILY_TESTS  += $(BUILD)/tests/test_sha2
FAMILY_CHECKS += test-diff-sha2

.PHONY: test-diff-sha2
test-diff-sha2: lib $(VENV_STAMP)
	@st=0; for b in $(TESTS_BACKENDS); do \
	  QED_BACKEND=$$b QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_sha2.py || st=1; \
	done; exit $$st
