# libFuzzer targets (fuzz/, issue 11 item 3), built with clang and ASan +
# UBSan into $(BUILD)/fuzz, the library compiled into each from src/ (its
# own objects, never libqed.a: the library itself must be instrumented).
#
#   make fuzz [FUZZ_SECONDS=60]  each target for FUZZ_SECONDS on its seed
#                                corpus; prints executions, exec/s, cov, ft
#                                per target; fails if any target crashes
#   make fuzz-cpu [FUZZ_CPU_SECONDS=3600]  every target side by side until
#                                each has had FUZZ_CPU_SECONDS of CPU time
#                                (fuzz/run_cpu.sh): the long run, whose
#                                budget is CPU, not wall clock, on a shared
#                                machine
#   make fuzz-smoke              each target for FUZZ_SMOKE_SECONDS (20):
#                                part of make check
#   make fuzz-coverage           the targets rebuilt with clang's source
#                                coverage, the corpora replayed, line and
#                                region coverage per src/ directory
#   make fuzz-seeds              the seed corpora (from tests/vectors) only
#
# The library objects are the same sources as libqed.a with one exception:
# fuzz/backend_switch.c stands in for src/common/cpu.c and the three
# per-family CPU detectors, so that fuzz_backend can run every backend the
# CPU has in one process (it compiles those files, renamed).  The x86-64-v3
# twins get the flags of the normal build; the SIMD files carry their own
# target attributes.

FUZZ_CC       ?= clang
FUZZ_SECONDS  ?= 60
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_CPU_SECONDS ?= 3600
FUZZ_DIR      := $(BUILD)/fuzz
FUZZ_TARGETS  := fuzz_stream fuzz_open fuzz_der fuzz_backend fuzz_bn
FUZZ_SAN      := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS   := -std=c11 -Wall -Wextra -Wshadow -Iinclude -Isrc -Ifuzz \
                 -I$(FUZZ_DIR)/gen -g -O1 -fno-omit-frame-pointer
FUZZ_CPU_SRCS := src/common/cpu.c src/aes/simd/aes_cpu.c \
                 src/sha2/simd/sha2_cpu.c src/bn/simd/bn_ifma_cpu.c
FUZZ_LIB_SRCS := $(filter-out $(FUZZ_CPU_SRCS),$(LIB_SRCS))
FUZZ_HDRS     := $(HEADERS) $(wildcard fuzz/*.h)

# $(call fuzz_objs,variant): the library objects of a build variant.
fuzz_objs = $(FUZZ_LIB_SRCS:src/%.c=$(FUZZ_DIR)/$(1)/lib/%.o) \
            $(FUZZ_DIR)/$(1)/lib/backend_switch.o

# The two variants: "san" (libFuzzer + ASan + UBSan, for the runs) and
# "cov" (libFuzzer + source coverage, no sanitizer, for the report).
FUZZ_FLAGS_san := $(FUZZ_SAN) -fsanitize=fuzzer-no-link
FUZZ_LINK_san  := $(FUZZ_SAN) -fsanitize=fuzzer
FUZZ_FLAGS_cov := -fprofile-instr-generate -fcoverage-mapping -fsanitize=fuzzer-no-link
FUZZ_LINK_cov  := -fprofile-instr-generate -fcoverage-mapping -fsanitize=fuzzer

define fuzz_variant
$(FUZZ_DIR)/$(1)/lib/%.o: src/%.c $(FUZZ_HDRS)
	@mkdir -p $$(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_FLAGS_$(1)) $$(if $$(filter %_x86v3.c,$$<),-march=x86-64-v3 -mtune=generic) -c $$< -o $$@

$(FUZZ_DIR)/$(1)/lib/backend_switch.o: fuzz/backend_switch.c $(FUZZ_HDRS)
	@mkdir -p $$(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_FLAGS_$(1)) -c $$< -o $$@

$(FUZZ_DIR)/$(1)/%: fuzz/%.c $(call fuzz_objs,$(1)) $(FUZZ_HDRS) $(FUZZ_DIR)/gen/fuzz_rsa_key.h
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_LINK_$(1)) $$< $(call fuzz_objs,$(1)) -o $$@
endef
$(eval $(call fuzz_variant,san))
$(eval $(call fuzz_variant,cov))
# the objects outlive the link (pattern-rule intermediates otherwise)
.SECONDARY: $(call fuzz_objs,san) $(call fuzz_objs,cov) $(FUZZ_DIR)/gen/fuzz_rsa_key.h

# The RSA key pair of fuzz_open (the first 2048-bit key of the Wycheproof
# file) and the seed corpora, both generated from tests/vectors.
$(FUZZ_DIR)/gen/fuzz_rsa_key.h: fuzz/make_seeds.py tests/vectors/rsa/wycheproof_pkcs1_sig.txt
	@mkdir -p $(@D)
	$(PYTHON) fuzz/make_seeds.py --key-header $@ tests/vectors

.PHONY: fuzz fuzz-cpu fuzz-smoke fuzz-coverage fuzz-seeds fuzz-build
fuzz-seeds: fuzz/make_seeds.py
	$(PYTHON) fuzz/make_seeds.py --corpus $(FUZZ_DIR)/corpus tests/vectors

fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/san/%)

fuzz: fuzz-build fuzz-seeds
	@fuzz/run.sh $(FUZZ_DIR) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-cpu: fuzz-build fuzz-seeds
	@fuzz/run_cpu.sh $(FUZZ_DIR) $(FUZZ_CPU_SECONDS) $(FUZZ_TARGETS)

fuzz-smoke: fuzz-build fuzz-seeds
	@fuzz/run.sh $(FUZZ_DIR) $(FUZZ_SMOKE_SECONDS) $(FUZZ_TARGETS)

fuzz-coverage: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/cov/%) fuzz-seeds
	@fuzz/coverage.sh $(FUZZ_DIR) $(FUZZ_TARGETS)

FAMILY_CHECKS += fuzz-smoke
