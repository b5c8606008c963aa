# NaCl's symmetric side and box (include/qed/nacl.h, src/nacl/salsa20*.c,
# secretbox.c, box.c): Salsa20, HSalsa20, XSalsa20, crypto_stream.
#
#   build/tests/test_nacl_salsa20  Crypto++'s salsa.txt (ECRYPT Salsa20/20,
#                                  /12, /8, counter crossings, 96 XSalsa20
#                                  vectors), libsodium's core1-6 and
#                                  stream, stream2-4, every length 0..300
#                                  and around the blocks, in place, the
#                                  64-bit counter across 2^32 and 2^64
#                                  (tests/test_nacl_salsa20.c, vectors in
#                                  tests/vectors/nacl/salsa20)

FAMILY_TESTS  += $(BUILD)/tests/test_nacl_salsa20
#   build/tests/test_nacl_box      libsodium's secretbox, secretbox2, box,
#                                  box2 and its small-order key; round trips
#                                  of every length 0..300 and around the
#                                  blocks in both forms and in place; every
#                                  bit flip of tag and ciphertext, of nonce
#                                  and key, truncations, too-short boxes:
#                                  -1 and zeroed output; a TweetNaCl-style
#                                  program through qed/nacl_compat.h
#   make test-diff-nacl-box        randomized differential tests, once per
#                                  backend: pycryptodome's Salsa20, a Python
#                                  HSalsa20 (XSalsa20), PyNaCl's secretbox,
#                                  box, beforenm, seed key pairs
#                                  (tests/diff/test_nacl_box.py)
#   make test-nacl-compat-sodium   tests/test_nacl_box.c (which includes
#                                  qed/nacl_compat.h) linked with libsodium
#                                  too: the bare NaCl names do not clash

FAMILY_TESTS  += $(BUILD)/tests/test_nacl_box
FAMILY_CHECKS += test-diff-nacl-box test-nacl-compat-sodium

.PHONY: test-diff-nacl-box test-nacl-compat-sodium
test-diff-nacl-box: lib $(VENV_STAMP)
	@st=0; for b in $(TESTS_BACKENDS); do \
	  echo "== test_nacl_box.py, QED_BACKEND=$$b"; \
	  QED_BACKEND=$$b QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_nacl_box.py || st=1; \
	done; exit $$st

test-nacl-compat-sodium: $(BUILD)/libqed.a
	@mkdir -p $(BUILD)/tests
	$(TESTS_CC) tests/test_nacl_box.c tests/testutil.c $(BUILD)/libqed.a -lsodium \
	  -o $(BUILD)/tests/test_nacl_box_sodium
	$(BUILD)/tests/test_nacl_box_sodium $(TESTS_VECTORS)
