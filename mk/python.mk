# The Python package (python/: qed.hashlib, qed.aead, qed.secret,
# qed.public, qed.signing, qed.aes, qed.integers), built by pip with cffi
# from this repository's src/ and include/.
#
#   make python-wheel    $(BUILD)/python-wheel/qed-*-cp39-abi3-*.whl
#   make test-python     a fresh virtualenv, `pip install ./python` into it
#                        (the installation test: only a C compiler and PyPI),
#                        the pinned references of python/tests/
#                        requirements.txt, then pytest on python/tests
#                        (in make check).  QED_PY_SEED replays a run.

PY_VENV      := $(BUILD)/python-venv
PY_VENV_PY   := $(PY_VENV)/bin/python
PY_PIP_FLAGS := --quiet --disable-pip-version-check

.PHONY: python-wheel test-python
FAMILY_CHECKS += test-python

python-wheel:
	$(PYTHON) -m pip wheel $(PY_PIP_FLAGS) --no-deps -w $(BUILD)/python-wheel ./python

# pytest runs from python/tests (not python/), so `import qed` is the
# installed package, never the source directory.
test-python:
	rm -rf $(PY_VENV)
	$(PYTHON) -m venv $(PY_VENV)
	$(PY_VENV_PY) -m pip install $(PY_PIP_FLAGS) -r python/tests/requirements.txt
	$(PY_VENV_PY) -m pip install $(PY_PIP_FLAGS) ./python
	cd python/tests && QED_REPO=$(CURDIR) $(abspath $(PY_VENV_PY)) -m pytest -q -p no:cacheprovider .
