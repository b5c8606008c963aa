# The fast paths of the integers (issue 7's speed targets), in a file of
# their own so that they can be committed apart from the other appends to
# family_bn.mk.
# The fast paths (Lehmer extended gcd, one-pass Lehmer matrix, the two
# builds of the multiplication body) against gmpy2 and an extended Euclid:
# cofactors exactly Euclid's; once with the default backend, once portable.
FAMILY_CHECKS += test-diff-bn-fast

.PHONY: test-diff-bn-fast
test-diff-bn-fast: lib $(VENV_STAMP)
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_bn_fast.py
	QED_BACKEND=portable QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_bn_fast.py
