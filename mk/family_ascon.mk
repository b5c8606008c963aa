# The Ascon family (include/qed/ascon.h, src/ascon/).
#
#   build/tests/test_ascon   KATs (ascon-c LWC vectors for SP 800-232,
#                            libkeccak's for v1.2), streaming = one-shot at
#                            every split, boundary lengths, in-place AEAD,
#                            rejection (every bit flip of tag, ciphertext,
#                            AD, nonce, key; truncations), misuse
#                            (tests/test_ascon.c, vectors tests/vectors/ascon)
#   make test-diff-ascon     randomized differential tests against the
#                            designers' pure-Python `ascon` package (v1.2
#                            functions and the permutation) and a
#                            pure-Python SP 800-232 model built on it
#                            (tests/diff/test_ascon.py)

# $(BUILD)/tests, not $(TESTS_DIR): this file is read before mk/tests.mk
# defines TESTS_DIR, and FAMILY_TESTS is expanded at once.
FAMILY_TESTS  += $(BUILD)/tests/test_ascon
FAMILY_CHECKS += test-diff-ascon

.PHONY: test-diff-ascon
test-diff-ascon: lib $(VENV_STAMP)
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_ascon.py
