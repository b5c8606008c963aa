# The C tests (tests/*.c), built into $(BUILD)/tests against $(BUILD)/libqed.a.
#
#   make test-unit         byte helpers and qed/common.h     (tests/test_common.c)
#                          Keccak-p[1600, nr] for every nr   (tests/test_rounds.c)
#   make test-kat          NIST CAVP + Keccak-team KATs      (tests/kat_keccak.c)
#   make test-stream       streaming == one-shot, misuse     (tests/test_stream.c)
#   make test-sanitize     the three above, library included, under ASan+UBSan
#                          ($(BUILD)/asan)
#   make test-s390x        the three above cross-built for s390x (big-endian),
#                          static, run under qemu-s390x ($(BUILD)/s390x)
#   make test-build-clang  library and tests with clang, warnings as errors,
#                          and the KATs run on that build ($(BUILD)/clang)
#   make test-install      install into a temporary prefix, build a program
#                          with pkg-config against the static and the shared
#                          library, run it, uninstall
#   make test-summary      unit, kat and stream quietly, one table (make demo)
#
# Each C test runs once per CPU backend (QED_BACKEND, see qed/common.h):
# the x86-64-v3 build is checked against the same vectors as the portable
# one.  Variables:
#   TESTS_BACKENDS  backends to run (x86-64: portable, and avx2 / avx512 when
#                   the CPU has them; else portable)
#   TESTS_VECTORS   vector directory given to kat_keccak (tests/vectors)
#   TESTS_RUN       command prefix that runs a test binary (qemu-s390x)
#   TESTS_LDFLAGS   extra link flags of the test binaries (-static)
#   TESTS_SAN_FLAGS the sanitizer CFLAGS of test-sanitize
#   S390X_CC        the s390x cross compiler (s390x-linux-gnu-gcc)

TESTS_DIR       := $(BUILD)/tests
TESTS_VECTORS   ?= tests/vectors
TESTS_RUN       ?=
TESTS_LDFLAGS   ?=
TESTS_SAN_FLAGS ?= -fsanitize=address,undefined -fno-sanitize-recover=all \
                   -fno-omit-frame-pointer -O1 -g
S390X_CC        ?= s390x-linux-gnu-gcc
ifneq ($(findstring x86_64,$(TARGET_ARCH_NAME)),)
# The backends this machine has (asking for one it lacks would only run a
# lower one again): avx2 and avx512 when /proc/cpuinfo lists their flags.
TESTS_CPU_FLAGS := $(shell grep -m1 '^flags' /proc/cpuinfo 2>/dev/null)
TESTS_BACKENDS  ?= portable $(if $(filter avx2,$(TESTS_CPU_FLAGS)),avx2) \
                   $(if $(and $(filter avx512f,$(TESTS_CPU_FLAGS)),$(filter avx512vl,$(TESTS_CPU_FLAGS))),avx512)
else
TESTS_BACKENDS  ?= portable
endif

TESTS_HDRS      := tests/testutil.h tests/keccak_ref.h $(HEADERS)
TESTS_BINS      := $(TESTS_DIR)/test_common $(TESTS_DIR)/test_rounds \
                   $(TESTS_DIR)/kat_keccak $(TESTS_DIR)/test_stream
TESTS_CC         = $(CC) $(QED_CFLAGS)

.PHONY: test-unit test-kat test-stream test-bins test-sanitize test-s390x \
        test-build-clang test-install test-summary

$(TESTS_DIR)/test_common: tests/test_common.c tests/testutil.c $(TESTS_HDRS) $(BUILD)/libqed.a
	@mkdir -p $(@D)
	$(TESTS_CC) $(filter %.c,$^) $(BUILD)/libqed.a $(TESTS_LDFLAGS) -o $@

$(TESTS_DIR)/test_rounds: tests/test_rounds.c tests/testutil.c $(TESTS_HDRS) $(BUILD)/libqed.a
	@mkdir -p $(@D)
	$(TESTS_CC) $(filter %.c,$^) $(BUILD)/libqed.a $(TESTS_LDFLAGS) -o $@

$(TESTS_DIR)/kat_keccak: tests/kat_keccak.c tests/testutil.c $(TESTS_HDRS) $(BUILD)/libqed.a
	@mkdir -p $(@D)
	$(TESTS_CC) $(filter %.c,$^) $(BUILD)/libqed.a $(TESTS_LDFLAGS) -o $@

$(TESTS_DIR)/test_stream: tests/test_stream.c tests/keccak_ref.c tests/testutil.c $(TESTS_HDRS) $(BUILD)/libqed.a
	@mkdir -p $(@D)
	$(TESTS_CC) $(filter %.c,$^) $(BUILD)/libqed.a $(TESTS_LDFLAGS) -o $@

# Any other test program: tests/NAME.c with the shared helpers (the
# families' tests, listed in FAMILY_TESTS by their mk/ files).
$(TESTS_DIR)/%: tests/%.c tests/testutil.c $(TESTS_HDRS) $(BUILD)/libqed.a
	@mkdir -p $(@D)
	$(TESTS_CC) $(filter %.c,$^) $(BUILD)/libqed.a $(TESTS_LDFLAGS) -o $@

test-bins: $(TESTS_BINS) $(FAMILY_TESTS)

# $(call tests_run,binary,arguments): once per backend, every backend even
# after a failure, then fail if any run did.
define tests_run
	@st=0; for b in $(TESTS_BACKENDS); do \
	  echo "== $(notdir $(1)), QED_BACKEND=$$b"; \
	  QED_BACKEND=$$b $(TESTS_RUN) $(1) $(2) || st=1; \
	done; exit $$st
endef

test-unit: $(TESTS_DIR)/test_common $(TESTS_DIR)/test_rounds
	$(call tests_run,$(TESTS_DIR)/test_common,)
	$(call tests_run,$(TESTS_DIR)/test_rounds,$(TESTS_VECTORS))

test-kat: $(TESTS_DIR)/kat_keccak
	$(call tests_run,$<,$(TESTS_VECTORS))

test-stream: $(TESTS_DIR)/test_stream
	$(call tests_run,$<,)

# The library is rebuilt with the sanitizers too: the tests link its
# instrumented objects, so an overflow inside qed is caught where it happens.
test-sanitize:
	+$(MAKE) --no-print-directory BUILD=$(BUILD)/asan \
	  CFLAGS="$(TESTS_SAN_FLAGS)" test-unit test-kat test-stream test-families

# Big-endian: the portable sources only (the top Makefile drops the x86
# files for a non-x86 CC), static binaries so qemu needs no s390x sysroot.
test-s390x:
	+$(MAKE) --no-print-directory CC=$(S390X_CC) BUILD=$(BUILD)/s390x lib
	+$(MAKE) --no-print-directory CC=$(S390X_CC) BUILD=$(BUILD)/s390x \
	  TESTS_LDFLAGS=-static TESTS_RUN=qemu-s390x \
	  test-unit test-kat test-stream test-families

# A second compiler over the same proven C: warnings, and the KATs on its code.
test-build-clang:
	+$(MAKE) --no-print-directory CC=clang BUILD=$(BUILD)/clang lib test-bins test-kat

# SHA3-256("abc"), FIPS 202 examples.
TESTS_ABC := 3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532

# lib first, in this make: the install below then finds it up to date and
# does not race a parallel build of the same objects.
test-install: lib
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	$(MAKE) --no-print-directory -s install PREFIX="$$tmp"; \
	export PKG_CONFIG_PATH="$$tmp/lib/pkgconfig"; \
	cflags=$$(pkg-config --cflags qed); libs=$$(pkg-config --libs qed); \
	mkdir "$$tmp/t"; \
	$(CC) -std=c11 $(WARN) tests/install_check.c $$cflags $$libs \
	  -o "$$tmp/t/shared"; \
	$(CC) -std=c11 $(WARN) tests/install_check.c $$cflags \
	  -Wl,-Bstatic $$libs -Wl,-Bdynamic -o "$$tmp/t/static"; \
	if readelf -d "$$tmp/t/static" | grep -q 'NEEDED.*libqed'; then \
	  echo "test-install: static program needs libqed.so"; exit 1; fi; \
	LD_LIBRARY_PATH="$$tmp/lib" ldd "$$tmp/t/shared" | \
	  grep -q "=> $$tmp/lib/libqed.so.0 " || \
	  { echo "test-install: shared program does not use $$tmp/lib"; exit 1; }; \
	for kind in static shared; do \
	  out=$$(LD_LIBRARY_PATH="$$tmp/lib" "$$tmp/t/$$kind"); \
	  if [ "$$out" != "$(TESTS_ABC)" ]; then \
	    echo "test-install: $$kind: SHA3-256(abc) = $$out"; exit 1; fi; \
	  echo "test-install: $$kind: SHA3-256(abc) ok"; \
	done; \
	$(MAKE) --no-print-directory -s uninstall PREFIX="$$tmp"; \
	left=$$(find "$$tmp/include" "$$tmp/lib" ! -type d | wc -l); \
	if [ "$$left" -ne 0 ]; then \
	  echo "test-install: uninstall left $$left files"; exit 1; fi; \
	echo "test-install: install, pkg-config, static, shared, uninstall ok"

test-summary:
	@$(MAKE) --no-print-directory -s test-bins
	@sh tests/summary.sh $(TESTS_DIR) $(TESTS_VECTORS) "$(TESTS_BACKENDS)" $(TESTS_RUN)
