# The Gimli family (include/qed/gimli.h, src/gimli/).
#
#   build/tests/test_gimli   the permutation's test vector and random states
#                            against a plain reference, the Gimli-Hash KATs
#                            (the designers' corrected vectors, libkeccak's,
#                            35 records of the NIST LWC submission's),
#                            streaming = one-shot at every split, every length
#                            0..100 against a reference sponge, XOF prefixes,
#                            misuse (tests/test_gimli.c, vectors
#                            tests/vectors/gimli)
#   make test-diff-gimli     randomized differential tests against an
#                            independent pure-Python model written from the
#                            specification (tests/diff/gimli_ref.py; no Gimli
#                            implementation is on PyPI), which first passes
#                            the KATs itself (tests/diff/test_gimli.py)

# $(BUILD)/tests, not $(TESTS_DIR): this file is read before mk/tests.mk
# defines TESTS_DIR, and FAMILY_TESTS is expanded at once.
FAMILY_TESTS  += $(BUILD)/tests/test_gimli
FAMILY_CHECKS += test-diff-gimli

.PHONY: test-diff-gimli
test-diff-gimli: lib $(VENV_STAMP)
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_gimli.py
