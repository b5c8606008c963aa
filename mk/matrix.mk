# Hardening, the dynamic half (issue 11, items 1 and 2): the platform and
# compiler matrix, MemorySanitizer, and the tests under valgrind memcheck.
#
#   make check-matrix   the C test programs of test-s390x (test_common,
#                       test_rounds, kat_keccak, test_stream and every
#                       FAMILY_TESTS program) built with gcc and clang at
#                       -O0 -O1 -O2 -O3 -Os for x86-64, i686, s390x,
#                       powerpc (32-bit big-endian), aarch64 and riscv64,
#                       static, the non-native ones run under qemu-user;
#                       one row per combination (scripts/matrix.sh), in
#                       $(BUILD)/matrix/ARCH-CC-OPT with ARCH-CC-OPT.log
#   make matrix-ci      the subset that `make check` runs (MATRIX_CI below)
#   make matrix-ARCH-CC-OPT   one combination, e.g. matrix-aarch64-gcc-Os
#   make test-msan      library and C tests built with clang
#                       -fsanitize=memory -fsanitize-memory-track-origins=2,
#                       run once per backend ($(BUILD)/msan); in make check
#   make test-valgrind  the C tests of $(BUILD) under valgrind memcheck
#                       (--error-exitcode=1 --leak-check=full), backends
#                       portable and avx2 (valgrind 3.19 decodes no AVX-512)
#   make test-valgrind-ci  the same on the portable backend only: the form
#                       make check runs
#
# MSan and valgrind in make check.  Whole runs on 2026-11-25, on the 2-core
# machine shared with other jobs (wall clock is mostly waiting there; the
# CPU time is what a quiet machine would take, the programs run one at a
# time): test-msan 691 s wall (56 s of it the build) at a load average of
# 3 to 9; test-valgrind 1669 s wall at 3 to 10 (865 s portable, 804 s
# avx2).  Both found one more test defect (test_stream compared a whole
# qed_shake_ctx, its 4 padding bytes included, by memcmp; mended in
# 714bd94) and are otherwise clean; the earlier findings are mended too
# (be20072, 1f5a283: contexts compared by memcmp with unset padding or
# union members, and two refusal paths of the library, Ascon's XOF after a
# refused cxof128_init and Skein's wipe of a context no init prepared).
# The full valgrind run would about double what these two add to make
# check, so make check runs test-valgrind-ci: every test program once
# under memcheck, on the portable backend (the proven C every target
# runs); the x86-64-v3 and AVX-512 backends are covered there by
# test-msan, which runs every backend the CPU has (valgrind cannot run
# AVX-512 at all).  On a fresh clone: test-msan 1959 s wall, 271 s user +
# 7 s system CPU, build included; test-valgrind-ci 1740 s wall, 298 s
# user + 5 s system CPU, the native build included (load 6 to 13): about
# 10 minutes added to make check on a quiet machine.  Three programs take
# most of the time under both tools (test_bn_mont, test_bn_ifma,
# test_rsa_pad: about 60% of a valgrind run); the tests have no iteration
# count to lower.
#
# The 32-bit cells first failed to build or pass (aes_modes.c ct_lt
# shifted a size_t by 63, test_skein shifted one by 61, the IFMA C-lane
# model needed unsigned __int128); mended, i686-gcc-O2 passes (27
# programs, 177 s) and is in MATRIX_CI.  i686-clang-O3 then failed to
# build: clang could not unroll the C-lane model's loops around the
# 26-bit-halves product (-Wpass-failed, an error under -Werror); the
# tests' lanes now define IFMA_UNROLL empty (the pragma only serves the
# AVX-512 kernel's registers) and the cell passes: 27 programs, 6,609,862
# checks, 2414 s wall at nice 10 and a load of 11 to 13 (2026-11-28).
#
# tests/matrix-record.md records the last run of every cell (tree,
# programs, checks, seconds) and the cells not yet run.
#
# Variables: MATRIX_ARCHS, MATRIX_CCS, MATRIX_OPTS choose the cells;
# MATRIX_JOBS (2) how many compilers run at once, under MATRIX_NICE.
#
# Each cell is the sub-make of test-s390x (mk/tests.mk) with another CC,
# BUILD, CFLAGS and TESTS_RUN: the top Makefile leaves the x86 files
# (_x86v3.c, simd/) out of every non-x86-64 build, and the tests run the
# backends the target has (x86-64: every one this CPU has; elsewhere
# portable).  The i686 binaries run natively (an x86-64 kernel runs 32-bit
# programs), the others under qemu-user; static, so qemu needs no sysroot.
# Clang cross-compiles with --target and Debian's cross glibc and binutils
# (libc6-dev-*-cross, found by clang itself under /usr/lib/gcc-cross); for
# riscv64 clang 14 would pick the bare-metal riscv64-unknown-elf GCC
# (12.2.0 sorts above the cross GCC's "12") and its headers, so it is
# pointed with --gcc-toolchain at a directory that holds only the Linux
# cross toolchain (symbolic links, made below).
#
# 32-bit targets (i686, powerpc) add -Wno-type-limits, as the freestanding
# rv32 build does (and clang's name for the same warning there): a size_t compared with a limit above 2^32 (GCM's 2^36
# bytes, Skein's 2^61 output bytes) is always in range there, which is the
# intended meaning, not a defect.

MATRIX_DIR   := $(BUILD)/matrix
MATRIX_ARCHS ?= x86-64 i686 s390x powerpc aarch64 riscv64
MATRIX_CCS   ?= gcc clang
MATRIX_OPTS  ?= O0 O1 O2 O3 Os
MATRIX_JOBS  ?= 2
MATRIX_NICE  ?= nice -n 10
MATRIX_TC    := $(abspath $(MATRIX_DIR))/toolchain

MATRIX_TRIPLE_i686    := i686-linux-gnu
MATRIX_TRIPLE_s390x   := s390x-linux-gnu
MATRIX_TRIPLE_powerpc := powerpc-linux-gnu
MATRIX_TRIPLE_aarch64 := aarch64-linux-gnu
MATRIX_TRIPLE_riscv64 := riscv64-linux-gnu

MATRIX_gcc_x86-64     := gcc
MATRIX_clang_x86-64   := clang
MATRIX_RUN_x86-64     :=
MATRIX_RUN_i686       :=
MATRIX_RUN_s390x      := qemu-s390x
MATRIX_RUN_powerpc    := qemu-ppc
MATRIX_RUN_aarch64    := qemu-aarch64
MATRIX_RUN_riscv64    := qemu-riscv64
$(foreach a,i686 s390x powerpc aarch64 riscv64,\
  $(eval MATRIX_gcc_$(a) := $(MATRIX_TRIPLE_$(a))-gcc)\
  $(eval MATRIX_clang_$(a) := clang --target=$(MATRIX_TRIPLE_$(a))))
MATRIX_clang_riscv64  += --gcc-toolchain=$(MATRIX_TC)/riscv64
MATRIX_CFLAGS_32      := -Wno-type-limits -Wno-tautological-constant-out-of-range-compare
MATRIX_CFLAGS_i686    := $(MATRIX_CFLAGS_32)
MATRIX_CFLAGS_powerpc := $(MATRIX_CFLAGS_32)

MATRIX_CELLS := $(foreach a,$(MATRIX_ARCHS),$(foreach c,$(MATRIX_CCS),$(foreach o,$(MATRIX_OPTS),$(a)-$(c)-$(o))))

# The subset of `make check` (matrix-ci): one cell per compiler, at two
# optimisation levels the rest of make check does not build, x86-64 native
# (every backend) and aarch64 under qemu.  Measured on the 2-core machine
# under a load of about 12: 303 s and 464 s, 464 s of wall clock side by
# side (-j2).  s390x runs in test-s390x already.  i686-gcc-O2 (177 s
# alone, native) joined once the 32-bit build passed; powerpc-clang-O1 is
# the next 32-bit candidate (it builds and passes: 27 programs, 2049 s
# under qemu-ppc at nice 3 and a load of 10 to 13, not yet timed quiet).
MATRIX_CI ?= x86-64-clang-O3 aarch64-gcc-Os i686-gcc-O2
FAMILY_CHECKS += matrix-ci

.PHONY: check-matrix matrix-ci matrix-cells matrix-toolchain test-msan test-valgrind \
        test-valgrind-ci

# $(call matrix_rule,ARCH,CC,OPT): the phony target of one cell.
define matrix_rule
.PHONY: matrix-$(1)-$(2)-$(3)
matrix-$(1)-$(2)-$(3): matrix-toolchain
	@$(MATRIX_NICE) sh scripts/matrix.sh run $(MATRIX_DIR) $(1)-$(2)-$(3) \
	  "$(MATRIX_$(2)_$(1))" "-$(3) $(MATRIX_CFLAGS_$(1))" "$(MATRIX_RUN_$(1))" "$(MAKE)"
endef
$(foreach a,x86-64 i686 s390x powerpc aarch64 riscv64,$(foreach c,gcc clang,$(foreach o,O0 O1 O2 O3 Os,\
  $(eval $(call matrix_rule,$(a),$(c),$(o))))))

# clang's view of the riscv64 Linux cross toolchain alone.
matrix-toolchain:
	@mkdir -p $(MATRIX_TC)/riscv64/lib/gcc-cross
	@ln -sfn /usr/lib/gcc-cross/riscv64-linux-gnu $(MATRIX_TC)/riscv64/lib/gcc-cross/riscv64-linux-gnu
	@ln -sfn /usr/riscv64-linux-gnu $(MATRIX_TC)/riscv64/riscv64-linux-gnu

# Every cell runs even after one failed (-k); the table follows either way.
check-matrix:
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory -k -j$(MATRIX_JOBS) $(addprefix matrix-,$(MATRIX_CELLS)); \
	st=$$?; \
	sh scripts/matrix.sh summary $(MATRIX_DIR) $(MATRIX_CELLS) || st=1; \
	echo "check-matrix: $$(( $$(date +%s) - start ))s wall clock"; exit $$st

matrix-ci:
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory -k -j$(MATRIX_JOBS) $(addprefix matrix-,$(MATRIX_CI)); \
	st=$$?; \
	sh scripts/matrix.sh summary $(MATRIX_DIR) $(MATRIX_CI) || st=1; \
	echo "matrix-ci: $$(( $$(date +%s) - start ))s wall clock"; exit $$st

# ---- MemorySanitizer ----
# The tests run with -k: every program runs, and the target fails at the
# end if one did (test-valgrind the same).
# Everything linked is instrumented but libc, which MSan's run-time
# intercepts (getrandom included): the tests use only libc.  The x86
# backends run too: MSan follows the vector intrinsics (it propagates
# their shadow), and CPUID's inline assembly is handled conservatively
# (its outputs are taken as initialised).
MSAN_FLAGS ?= -fsanitize=memory -fsanitize-memory-track-origins=2 \
              -fno-omit-frame-pointer -fno-sanitize-recover=all -O1 -g
test-msan:
	+$(MAKE) --no-print-directory CC=clang BUILD=$(BUILD)/msan CFLAGS="$(MSAN_FLAGS)" test-bins
	+$(MAKE) --no-print-directory -k -j1 CC=clang BUILD=$(BUILD)/msan CFLAGS="$(MSAN_FLAGS)" \
	  test-unit test-kat test-stream test-families

# ---- valgrind memcheck ----
# The release build's tests (the objects `make check` runs natively), each
# under memcheck: an invalid read or write, a use of an uninitialised value
# in a branch or address, or a leak fails the run.  Valgrind 3.19 decodes
# no AVX-512 (SIGILL), so the avx512 backend is not run here; avx2 covers
# the x86-64-v3 builds and the AVX2/AES-NI/SHA-NI code (make ct does the
# same).
VALGRIND_RUN      ?= valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=all
VALGRIND_BACKENDS ?= portable $(filter avx2,$(TESTS_BACKENDS))
test-valgrind: test-bins
	+$(MAKE) --no-print-directory -k -j1 TESTS_RUN="$(VALGRIND_RUN)" \
	  TESTS_BACKENDS="$(VALGRIND_BACKENDS)" test-unit test-kat test-stream test-families

# make check's form: every program once, on the portable backend (the
# proven C every target runs); avx2 stays in the full target, and test-msan
# (also in make check) covers the x86-64-v3 and AVX-512 backends.
VALGRIND_CI_BACKENDS ?= portable
test-valgrind-ci: test-bins
	+$(MAKE) --no-print-directory VALGRIND_BACKENDS="$(VALGRIND_CI_BACKENDS)" test-valgrind

FAMILY_CHECKS += test-msan test-valgrind-ci
