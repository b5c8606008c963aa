# The Python package (python/: qed.hashlib, qed.aead, qed.secret,
# qed.public, qed.signing, qed.aes, qed.rsa, qed.integers), built by pip
# with cffi from this repository's src/ and include/.
#
#   make python-wheel    $(BUILD)/python-wheel/qed-*-cp39-abi3-*.whl
#   make python-sdist    $(BUILD)/python-sdist/qed-*.tar.gz: an archive
#                        that builds on its own (it carries src/ and
#                        include/ in vendor/)
#   make test-python     the sdist installation test and the test suite (in
#                        make check; QED_PY_SEED replays a run): a fresh
#                        virtualenv with the pinned references of
#                        python/tests/requirements.txt (and `build`); the
#                        sdist built from the clone and installed by pip
#                        from the archive alone (pip unpacks it outside the
#                        repository); pytest on python/tests against that
#                        installation.
#   make test-python-direct
#                        the direct installation test (in make check): a
#                        second fresh virtualenv, `pip install ./python`
#                        (the documented way, straight from the clone: only
#                        a C compiler and PyPI), and test_install.py on it.
#                        A target of its own: each target compiles the
#                        library once, about 35 s of CPU.

PY_VENV      := $(BUILD)/python-venv
PY_VENV_PY   := $(PY_VENV)/bin/python
PY_VENV2     := $(BUILD)/python-venv-direct
PY_VENV2_PY  := $(PY_VENV2)/bin/python
PY_SDIST     := $(BUILD)/python-sdist
PY_TOOLS     := $(BUILD)/python-tools
PY_BUILD_PIN  = $$(grep -E '^build==' python/tests/requirements.txt)
PY_PIP_FLAGS := --quiet --disable-pip-version-check
PY_PYTEST    := -m pytest -q -p no:cacheprovider

.PHONY: python-wheel python-sdist test-python test-python-direct
FAMILY_CHECKS += test-python test-python-direct

python-wheel:
	$(PYTHON) -m pip wheel $(PY_PIP_FLAGS) --no-deps -w $(BUILD)/python-wheel ./python

python-sdist:
	rm -rf $(PY_SDIST)
	test -x $(PY_TOOLS)/bin/python || $(PYTHON) -m venv $(PY_TOOLS)
	$(PY_TOOLS)/bin/python -m pip install $(PY_PIP_FLAGS) $(PY_BUILD_PIN)
	$(PY_TOOLS)/bin/python -m build --sdist --outdir $(PY_SDIST) ./python

# pytest runs from python/tests (not python/), so `import qed` is the
# installed package, never the source directory.  QED_PY_INSTALL tells
# test_install.py which installation it is looking at.
test-python:
	rm -rf $(PY_VENV) $(PY_SDIST)
	mkdir -p $(BUILD)
	$(PYTHON) -m venv $(PY_VENV)
	$(PY_VENV_PY) -m pip install $(PY_PIP_FLAGS) -r python/tests/requirements.txt
	$(PY_VENV_PY) -m build --sdist --outdir $(PY_SDIST) ./python \
	  > $(BUILD)/python-sdist.log 2>&1 || { cat $(BUILD)/python-sdist.log; false; }
	$(PY_VENV_PY) -m pip install $(PY_PIP_FLAGS) $(PY_SDIST)/qed-*.tar.gz
	cd python/tests && QED_REPO=$(CURDIR) QED_PY_INSTALL=sdist \
	  $(abspath $(PY_VENV_PY)) $(PY_PYTEST) .

test-python-direct:
	rm -rf $(PY_VENV2)
	$(PYTHON) -m venv $(PY_VENV2)
	$(PY_VENV2_PY) -m pip install $(PY_PIP_FLAGS) ./python \
	  $$(grep -E '^pytest==' python/tests/requirements.txt)
	cd python/tests && QED_REPO=$(CURDIR) QED_PY_INSTALL=directory \
	  $(abspath $(PY_VENV2_PY)) $(PY_PYTEST) test_install.py
