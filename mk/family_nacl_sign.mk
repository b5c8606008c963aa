# Ed25519 (crypto_sign, include/qed/nacl.h; src/nacl/ed25519.c, ge25519*.c,
# sc25519.c).
#
#   build/tests/test_nacl_sign     RFC 8032 7.1, Wycheproof ed25519 (all 151),
#                                  a subset of SUPERCOP's sign.input, the
#                                  rejection rules (S >= L, small order,
#                                  non-canonical R and A, bit flips,
#                                  truncated sm), the scalar arithmetic
#                                  against big-integer arithmetic
#   make test-nacl-sign-supercop   all 1024 lines of SUPERCOP's sign.input
#                                  (native build only)
#   make test-nacl-sign-Os         test_nacl_sign with src/nacl built at -Os:
#                                  the entry points then call the size-first
#                                  code (QED_NACL_SMALL = 1,
#                                  nacl/curve25519_small.h: radix-2^16
#                                  field, TweetNaCl's ladder, no table), so
#                                  the KATs above run through it (the riscv32 -Os
#                                  freestanding KATs of make freestanding
#                                  too); src/sha2 at -Os as well, run a
#                                  second time with QED_BACKEND=portable so
#                                  that SHA-512 is the size-first form
#                                  (QED_SHA2_UNROLLED = 0,
#                                  sha2/sha2_blocks_small.h)
#   make test-diff-nacl-sign       randomized differential tests against
#                                  PyNaCl (libsodium) and `cryptography`
#                                  (OpenSSL) (tests/diff/test_nacl_sign.py)

FAMILY_TESTS  += $(BUILD)/tests/test_nacl_sign
FAMILY_CHECKS += test-diff-nacl-sign test-nacl-sign-supercop test-nacl-sign-Os

# Proof: the group units carry the limb bounds through every addition and
# doubling with every + and * an overflow goal (-warn-unsigned-overflow),
# as the field; the masked selections need WP's bitwise tactics.  The
# scalar unit and ed25519.c wrap on purpose (carries detected by
# comparison, byte clamping) and keep the defaults.
WP_FLAGS_nacl_ge25519         = -warn-unsigned-overflow -wp-auto wp:bitwised,wp:bitrange
WP_FLAGS_nacl_ge25519_base    = -warn-unsigned-overflow -wp-auto wp:bitwised,wp:bitrange
WP_FLAGS_nacl_ge25519_vartime = -warn-unsigned-overflow -wp-auto wp:bitwised,wp:bitrange

.PHONY: test-diff-nacl-sign test-nacl-sign-supercop test-nacl-sign-Os
test-diff-nacl-sign: lib $(VENV_STAMP)
	QED_LIB=$(QED_WHITEBOX_LIB) $(VENV_PYTHON) tests/diff/test_nacl_sign.py

test-nacl-sign-supercop: $(BUILD)/tests/test_nacl_sign
	$(BUILD)/tests/test_nacl_sign $(TESTS_VECTORS) --supercop-all

# src/nacl's and src/sha2's portable sources at -Os come before libqed.a on
# the link line (the rest from the -O2 archive).
NACL_OS_DIR := $(BUILD)/nacl-Os
test-nacl-sign-Os: $(BUILD)/libqed.a
	@mkdir -p $(NACL_OS_DIR)
	$(TESTS_CC) -Os tests/test_nacl_sign.c tests/testutil.c \
	  $(filter-out %_x86v3.c,$(wildcard src/nacl/*.c src/sha2/*.c)) $(BUILD)/libqed.a \
	  -o $(NACL_OS_DIR)/test_nacl_sign
	$(NACL_OS_DIR)/test_nacl_sign $(TESTS_VECTORS)
	QED_BACKEND=portable $(NACL_OS_DIR)/test_nacl_sign $(TESTS_VECTORS)
