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
#   make test-sha2-Os        test_sha2 with src/sha2 built at -Os, once per
#                            backend: QED_SHA2_UNROLLED is 0, so the
#                            dispatcher's non-vector SHA-512 (QED_BACKEND=
#                            portable) is the size-first form
#                            (sha2_blocks_small.c); the test also compares
#                            that form with the fast one directly

# $(BUILD)/tests, not $(TESTS_DIR): this file is read before mk/tests.mk
# defines TESTS_DIR, and FAMILY_TESTS is expanded at once.
FAMILY_TESTS  += $(BUILD)/tests/test_sha2
FAMILY_CHECKS += test-diff-sha2 test-sha2-Os

.PHONY: test-diff-sha2 test-sha2-Os
test-diff-sha2: lib $(VENV_STAMP)
	@st=0; for b in $(TESTS_BACKENDS); do \
	  QED_BACKEND=$$b QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_sha2.py || st=1; \
	done; exit $$st

# src/sha2's portable sources at -Os come before libqed.a on the link line
# (the x86-64-v3 and vector builds from the -O2 archive).
SHA2_OS_DIR := $(BUILD)/sha2-Os
test-sha2-Os: $(BUILD)/libqed.a
	@mkdir -p $(SHA2_OS_DIR)
	$(TESTS_CC) -Os tests/test_sha2.c tests/testutil.c \
	  $(filter-out %_x86v3.c,$(wildcard src/sha2/*.c)) $(BUILD)/libqed.a \
	  -o $(SHA2_OS_DIR)/test_sha2
	@st=0; for b in $(TESTS_BACKENDS); do \
	  QED_BACKEND=$$b $(SHA2_OS_DIR)/test_sha2 $(TESTS_VECTORS) || st=1; \
	done; exit $$st
