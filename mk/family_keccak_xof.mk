# SP 800-185 (cSHAKE, KMAC, TupleHash, ParallelHash), RFC 9861 (TurboSHAKE,
# KT128, KT256) and MarsupilamiFourteen: include/qed/keccak_xof.h.
#
#   tests/test_keccak_xof.c       KATs (tests/vectors/sp800_185, rfc9861),
#                                 tree modes vs a naive reference around every
#                                 8192-byte boundary, streaming == one-shot,
#                                 rejection paths (run by test-families)
#   make test-diff-keccak-xof     randomized differential tests against
#                                 pycryptodome (tests/diff/test_keccak_xof.py;
#                                 QED_DIFF_SEED / QED_DIFF_SCALE as test-diff)

# $(BUILD)/tests is TESTS_DIR: this file is included before mk/tests.mk
# defines it, and FAMILY_TESTS (a simple variable) is expanded at once.
FAMILY_TESTS  += $(BUILD)/tests/test_keccak_xof
FAMILY_CHECKS += test-diff-keccak-xof

.PHONY: test-diff-keccak-xof
test-diff-keccak-xof: lib $(VENV_STAMP)
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_keccak_xof.py
