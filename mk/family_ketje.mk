# Ketje v2 and the modes under it, MonkeyDuplex and MonkeyWrap
# (include/qed/ketje.h, src/keccak/monkey.h, src/keccak/monkey_*.c,
# src/keccak/ketje.c).
#
#   build/tests/test_ketje   XKCP's KATs for Ketje Jr/Sr/Minor/Major (whole
#                            sessions, wrap and unwrap, in place, streaming),
#                            SUPERCOP self-tests of the one-shot functions,
#                            streaming = one call at every split, boundary
#                            lengths, every one-bit forgery, truncated tags,
#                            parameters and misuse (tests/test_ketje.c,
#                            vectors tests/vectors/ketje)
#   make test-diff-ketje     randomized differential tests of MonkeyDuplex
#                            (every width), MonkeyWrap and Ketje against an
#                            independent pure-Python model written from the
#                            Ketje v2 document and FIPS 202, which first has
#                            to pass the official KATs itself
#                            (tests/diff/ketje_ref.py, tests/diff/test_ketje.py)

# $(BUILD)/tests, not $(TESTS_DIR): this file is read before mk/tests.mk.
FAMILY_TESTS  += $(BUILD)/tests/test_ketje
FAMILY_CHECKS += test-diff-ketje

.PHONY: test-diff-ketje
test-diff-ketje: lib $(VENV_STAMP)
	QED_LIB=$(QED_WHITEBOX_LIB) $(VENV_PYTHON) tests/diff/test_ketje.py
