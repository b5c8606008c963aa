# Keccak-p[b, nr] for every width b = 25 .. 1600 and any round count, and the
# bit-granular sponge and duplex over it: include/qed/keccak_p.h (public),
# src/keccak/keccak_p.h (the permutation interface of every mode).
#
#   build/tests/test_keccak_p   the Keccak team's intermediate values of
#                               Keccak-f[200/400/800/1600] (every nr), every
#                               width and nr against the Python reference,
#                               sponge KATs ShortMsgKAT_Keccak r40c160 ...
#                               r640c160 (bit-level), duplex KATs r1026/r1027,
#                               streaming = one-shot at every bit split,
#                               boundary lengths, access functions, rejection
#                               (tests/test_keccak_p.c, vectors
#                               tests/vectors/keccak_p_widths)
#   make test-diff-keccak-p     randomized differential tests against the
#                               pure-Python FIPS 202 model of every width
#                               (tests/diff/keccak_p_ref.py) and hashlib
#                               (tests/diff/test_keccak_p.py; QED_DIFF_SEED /
#                               QED_DIFF_SCALE as the other diff tests)

# $(BUILD)/tests is TESTS_DIR: this file is included before mk/tests.mk
# defines it, and FAMILY_TESTS (a simple variable) is expanded at once.
FAMILY_TESTS  += $(BUILD)/tests/test_keccak_p
FAMILY_CHECKS += test-diff-keccak-p

.PHONY: test-diff-keccak-p
test-diff-keccak-p: lib $(VENV_STAMP)
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_keccak_p.py
