# Poly1305 and NaCl's crypto_onetimeauth (include/qed/nacl.h, section
# "Poly1305"; src/nacl/poly1305*.c).
#
#   build/tests/test_nacl_poly1305  RFC 8439 (2.5.2 and Appendix A.3),
#                                   Crypto++'s poly1305_tls.txt (incl. the
#                                   NotVerify negatives), libsodium's
#                                   onetimeauth*.exp, reduction edge cases
#                                   (all-0xff keys and messages, h >= p,
#                                   clamping), streaming = one-shot at every
#                                   split, refusals, every single-bit flip of
#                                   tag and message rejected
#                                   (tests/test_nacl_poly1305.c, vectors in
#                                   tests/vectors/nacl/poly1305)
#                                   and the AVX2 / AVX-512 block functions
#                                   against the portable loop (4,000 random
#                                   accumulators, keys and lengths each)
#   make test-nacl-poly1305-portable-mul64
#                                   the same test with src/nacl/poly1305*.c
#                                   built with the portable product bodies
#                                   (-DQED_MUL64_NO_INT128: what a compiler
#                                   without __int128 runs)
#   make test-diff-nacl-poly1305    randomized differential tests against
#                                   PyNaCl (libsodium crypto_onetimeauth) and
#                                   the `cryptography` package's Poly1305
#                                   (OpenSSL) and big integers, on every
#                                   backend (tests/diff/test_nacl_poly1305.py)
#
# The SIMD block functions (src/nacl/simd/poly1305_avx2.c, _avx512.c) are
# outside the proof (proof/outside.txt); the proven dispatcher in
# src/nacl/poly1305.c calls them by qed_backend_level().

FAMILY_TESTS  += $(BUILD)/tests/test_nacl_poly1305
FAMILY_CHECKS += test-diff-nacl-poly1305 test-nacl-poly1305-portable-mul64

# Proof: every + and * is an overflow goal (-warn-unsigned-overflow): the
# limbs of r and h, the 128-bit columns and the carries never wrap.  The
# byte loads of common/bytes.h need WP's shift tactic to show that their
# shifts keep every bit; its four rotations, which these units never call,
# shift bits out on purpose and would be false overflow goals here, so they
# are skipped (they are proved in the units that use them).
POLY1305_WP_FLAGS = -warn-unsigned-overflow -wp-auto wp:bitshift,wp:bitwised,wp:bitrange \
                    -wp-skip-fct qed_rotl32,qed_rotr32,qed_rotl64,qed_rotr64
WP_FLAGS_nacl_poly1305_blocks = $(POLY1305_WP_FLAGS)
WP_FLAGS_nacl_poly1305_blocks_x86v3 = $(POLY1305_WP_FLAGS)
WP_FLAGS_nacl_poly1305        = $(POLY1305_WP_FLAGS)

.PHONY: test-diff-nacl-poly1305 test-nacl-poly1305-portable-mul64
test-diff-nacl-poly1305: lib $(VENV_STAMP)
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_nacl_poly1305.py

# The Poly1305 sources come before libqed.a on the link line, so their
# portable-body objects are the ones linked.
POLY1305_PORTABLE_DIR := $(BUILD)/poly1305-portable
test-nacl-poly1305-portable-mul64: $(BUILD)/libqed.a
	@mkdir -p $(POLY1305_PORTABLE_DIR)
	$(TESTS_CC) -DQED_MUL64_NO_INT128 tests/test_nacl_poly1305.c tests/testutil.c \
	  src/nacl/poly1305.c src/nacl/poly1305_blocks.c \
	  $(if $(findstring x86_64,$(TARGET_ARCH_NAME)),src/nacl/poly1305_blocks_x86v3.c) $(BUILD)/libqed.a \
	  -o $(POLY1305_PORTABLE_DIR)/test_nacl_poly1305
	$(POLY1305_PORTABLE_DIR)/test_nacl_poly1305 $(TESTS_VECTORS)
