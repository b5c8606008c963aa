# The NaCl family (include/qed/nacl.h, src/nacl/): so far the field
# GF(2^255 - 19) (radix 2^51) and X25519 (crypto_scalarmult).
#
#   build/tests/test_nacl_mul64    the two bodies of the 64x64->128-bit
#                                  product (__int128, outside the proof, and
#                                  the proved portable one) agree, and match
#                                  a third computation, on edge values and
#                                  1,000,000 random inputs (and the carry
#                                  steps qed_add64, qed_shr51 likewise)
#   build/tests/test_nacl_fe25519  the field against an independent 32-bit
#                                  reference (tests/nacl_ref.h), limbs at the
#                                  edges of the proved ranges, encodings
#   build/tests/test_nacl_x25519   RFC 7748 (vectors, iterated 1 and 1,000
#                                  times, section 6.1), Wycheproof x25519 (all
#                                  518), libsodium's scalarmult*.exp, random
#                                  and edge points against the reference
#   build/tests/test_nacl_small    the size-first code of -Os builds
#                                  (fe25519_small.c, curve25519_small.c:
#                                  radix 2^16 by pointer, TweetNaCl's
#                                  ladders) against the fast code and the
#                                  reference: field operations on edge
#                                  encodings and on limbs at the edges of
#                                  the proved ranges, X25519, encode([a]B)
#                                  and encode([s]B - [k]A) on valid and
#                                  invalid public keys (2,000 random cases
#                                  each; a count as second argument)
#   make test-nacl-x25519-Os       test_nacl_x25519, test_nacl_box and
#                                  test_nacl_small with src/nacl built at
#                                  -Os: crypto_scalarmult (and box) then
#                                  run the size-first ladder
#                                  (QED_NACL_SMALL = 1,
#                                  nacl/curve25519_small.h)
#   make test-nacl-x25519-million  the RFC 7748 iterated test 1,000,000 times
#                                  (native build only: ~1 min; too slow for
#                                  the sanitizer and qemu runs)
#   make test-nacl-portable-mul64  the same three tests with src/nacl built
#                                  with the portable product bodies as the
#                                  compiled ones (-DQED_MUL64_NO_INT128: what
#                                  a compiler without __int128 runs)
#   make test-diff-nacl            randomized differential tests against
#                                  PyNaCl (libsodium) crypto_scalarmult, the
#                                  `cryptography` package's X25519 (OpenSSL)
#                                  and a big-integer RFC 7748 ladder
#                                  (tests/diff/test_nacl.py)

FAMILY_TESTS  += $(BUILD)/tests/test_nacl_mul64 $(BUILD)/tests/test_nacl_fe25519 \
                 $(BUILD)/tests/test_nacl_x25519 $(BUILD)/tests/test_nacl_small
FAMILY_CHECKS += test-diff-nacl test-nacl-x25519-million test-nacl-portable-mul64 \
                 test-nacl-x25519-Os

# Proof: every + and * of the field code is an overflow goal
# (-warn-unsigned-overflow: the limbs never wrap); the masked swap's bit
# identities (x ^ (x ^ y) == y, all-ones & x == x) need WP's bitwise
# tactics.  fe25519_bytes.c keeps the defaults: the byte helpers of
# common/bytes.h shift bits out on purpose.
WP_FLAGS_nacl_fe25519 = -warn-unsigned-overflow -wp-auto wp:bitwised,wp:bitrange
WP_FLAGS_nacl_x25519  = -warn-unsigned-overflow -wp-auto wp:bitwised,wp:bitrange
# The size-first field and curve: the same (masked swap, carries by shift
# and mask).  fe25519_small.c also loads and stores bytes through
# common/bytes.h: as in the Poly1305 units (family_nacl_poly1305.mk), the
# shift tactic shows the loads keep every bit, and the four rotations,
# which shift bits out on purpose and which this unit never calls, are
# skipped.
WP_FLAGS_nacl_fe25519_small   = -warn-unsigned-overflow -wp-auto wp:bitshift,wp:bitwised,wp:bitrange \
                                -wp-skip-fct qed_rotl32,qed_rotr32,qed_rotl64,qed_rotr64
# The curve code also splits conjunctions (wp:split): each limb range of
# a call's precondition is then its own goal; 20 s per goal, as the points'
# frames across calls are the largest goals of the family.
WP_FLAGS_nacl_curve25519_small = -warn-unsigned-overflow -wp-auto wp:split,wp:bitwised,wp:bitrange \
                                 -wp-timeout 20

# The competitor of the benchmark rows (bench/bench_nacl.c).
BENCH_LDLIBS += -lsodium

.PHONY: test-diff-nacl test-nacl-x25519-million test-nacl-portable-mul64 \
        test-nacl-x25519-Os
test-diff-nacl: lib $(VENV_STAMP)
	QED_LIB=$(QED_WHITEBOX_LIB) $(VENV_PYTHON) tests/diff/test_nacl.py

test-nacl-x25519-million: $(BUILD)/tests/test_nacl_x25519
	$(BUILD)/tests/test_nacl_x25519 $(TESTS_VECTORS) --million

# src/nacl's sources come before libqed.a on the link line, so their
# portable-body objects are the ones linked.
NACL_PORTABLE_DIR := $(BUILD)/nacl-portable
test-nacl-portable-mul64: $(BUILD)/libqed.a
	@mkdir -p $(NACL_PORTABLE_DIR)
	@st=0; for t in test_nacl_mul64 test_nacl_fe25519 test_nacl_x25519; do \
	  $(TESTS_CC) -DQED_MUL64_NO_INT128 tests/$$t.c tests/testutil.c \
	    $(wildcard src/nacl/*.c) $(BUILD)/libqed.a -o $(NACL_PORTABLE_DIR)/$$t || exit 1; \
	  echo "== $$t (portable products)"; \
	  $(NACL_PORTABLE_DIR)/$$t $(TESTS_VECTORS) || st=1; \
	done; exit $$st

# src/nacl's portable sources at -Os come before libqed.a on the link line
# (the rest from the -O2 archive), as test-nacl-sign-Os does.
NACL_X_OS_DIR := $(BUILD)/nacl-x25519-Os
test-nacl-x25519-Os: $(BUILD)/libqed.a
	@mkdir -p $(NACL_X_OS_DIR)
	@st=0; for t in test_nacl_x25519 test_nacl_box test_nacl_small; do \
	  $(TESTS_CC) -Os tests/$$t.c tests/testutil.c \
	    $(filter-out %_x86v3.c,$(wildcard src/nacl/*.c)) $(BUILD)/libqed.a \
	    -o $(NACL_X_OS_DIR)/$$t || exit 1; \
	  echo "== $$t (src/nacl at -Os)"; \
	  $(NACL_X_OS_DIR)/$$t $(TESTS_VECTORS) || st=1; \
	done; exit $$st
