# The integers (include/qed/bn.h, src/bn/): the limb layer (mpn_*.c) and
# qed_bn (bn*.c).
#
#   build/tests/test_bn   the limb layer against an independent reference on
#                         32-bit half-limbs: carry/borrow chains, mul_1 /
#                         addmul_1 / submul_1 / shifts on edge limbs,
#                         schoolbook and Karatsuba at every size across the
#                         threshold, Knuth's division (q d + r == a, r < d)
#                         including the q-hat corrections and constructed
#                         "add back" cases; qed_bn byte conversions and
#                         their refusals (tests/test_bn.c)
#   make test-diff-bn     randomized differential tests of every qed_bn
#                         function against gmpy2 (GMP) and Python integers,
#                         1 bit to 16384 bits, edge values, capacity
#                         overflow, aliasing (tests/diff/test_bn.py)

FAMILY_TESTS  += $(BUILD)/tests/test_bn
FAMILY_CHECKS += test-diff-bn

# The competitors of the benchmark rows (bench/bench_bn.c): GMP's mpz, and
# OpenSSL's BN (libcrypto, already linked).
BENCH_LDLIBS += -lgmp

.PHONY: test-diff-bn
test-diff-bn: lib $(VENV_STAMP)
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_bn.py

# The extended gcd's goals carry six 2 KiB structs each: more time per goal.
WP_FLAGS_bn_bn_gcdext = -wp-timeout 40

# The radix-2^52 AVX-512 IFMA Montgomery product and exponentiations
# (src/bn/simd/mont_ifma*): tests/test_bn_ifma.c checks the IFMA build (at
# the avx512 level, on a CPU with IFMA) and a plain-C build of the same
# algorithm against qed_bn_mont_mul_limbs and qed_bn_powm.  bn_powm_sec.c
# dispatches to it (qed_bn_mont_powm_sec, the CRT pair
# qed_bn_mont_powm2_sec, the public-exponent qed_bn_mont_powm_pub) when
# qed_bn_mont_ifma_supports(n); test_bn_mont runs those at every limb
# count on every backend.
FAMILY_TESTS  += $(BUILD)/tests/test_bn_ifma
# (the plain-C lanes of the template, shared with ct/ct_bn_ifma.c)
$(BUILD)/tests/test_bn_ifma $(BUILD)/ct/ct_test: tests/bn_ifma_lanes.h

# The constant-time fixed-length Montgomery interface (bn_mont.c,
# bn_powm_sec.c): qed_bn_mont_init_sec (R^2 mod a secret m without a
# division), mul/to/from/add/sub/reduce, qed_bn_mont_powm_sec,
# qed_bn_to_bytes_sec.
#
#   build/tests/test_bn_mont  against the variable-time functions of bn.h
#                             (divmod, mul, powm) at every limb count 1..64,
#                             edge moduli, every refusal (tests/test_bn_mont.c)
#   make test-diff-bn-mont    the same functions against gmpy2 and Python
#                             integers (tests/diff/test_bn_mont.py)

FAMILY_TESTS  += $(BUILD)/tests/test_bn_mont
FAMILY_CHECKS += test-diff-bn-mont

.PHONY: test-diff-bn-mont
test-diff-bn-mont: lib $(VENV_STAMP)
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_bn_mont.py
