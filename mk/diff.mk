# Differential tests: qed against independent implementations
# (tests/diff/test_diff.py: hashlib, pycryptodome, and tests/diff/keccak_ref.py).
#
#   make test-diff                     every backend the CPU has, random seed
#   make test-diff QED_DIFF_SEED=123   replay a run (its seed is printed first)
#   make venv                          just build the test virtualenv
#
# The virtualenv is shared by every Python-based test: its packages come from
# each tests/*/requirements.txt, and $(VENV_STAMP) is rebuilt when one changes.

VENV         ?= .venv
VENV_PYTHON  := $(VENV)/bin/python
VENV_STAMP   := $(VENV)/stamp
VENV_REQS    := $(sort $(wildcard tests/*/requirements.txt))

.PHONY: venv test-diff

venv: $(VENV_STAMP)

# Create the venv (if missing) and install the pinned packages; the stamp is
# written only when all succeeded, so a failed install is retried next time.
$(VENV_STAMP): $(VENV_REQS)
	test -x $(VENV_PYTHON) || $(PYTHON) -m venv $(VENV)
	$(VENV_PYTHON) -m pip install --quiet --disable-pip-version-check \
	    $(foreach r,$(VENV_REQS),-r $(r))
	@touch $@

# QED_DIFF_SEED, QED_DIFF_ONLY, QED_DIFF_SCALE and QED_BACKEND pass through
# the environment (see the top of tests/diff/test_diff.py).
test-diff: lib $(VENV_STAMP)
	QED_LIB=$(QED_WHITEBOX_LIB) $(VENV_PYTHON) tests/diff/test_diff.py
