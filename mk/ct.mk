# Constant-time check under valgrind memcheck (ct/ct_test.c; PROOF.md §8).
#
#   make ct    build the library sources again into $(BUILD)/ct with the
#              release flags of the top Makefile (QED_CFLAGS: -O2, and
#              -march=x86-64-v3 for the *_x86v3.c twins, exactly as in
#              libqed), link ct/*.c (the driver ct/ct_test.c and one
#              file of tests per family, ct/ct.h) against them, and run every test
#              under memcheck once per backend (QED_BACKEND=avx2, when the
#              CPU has it, and QED_BACKEND=portable), then the self-test:
#              the known-leaky tests MUST be flagged (exit status 42).
#   make ct-Os the same with the library and the tests built at -Os (in
#              $(BUILD)/ct-Os): what size-optimized builds run, e.g. the
#              size-first X25519 and Ed25519 (QED_NACL_SMALL = 1,
#              nacl/curve25519_small.h) on the key and signing paths.
#
# The backend is always forced through QED_BACKEND: valgrind 3.19 cannot
# execute AVX-512, so an avx512 backend must never be picked under it.
# Variables: VALGRIND (valgrind), CT_BACKENDS (x86-64: avx2 portable; else
# portable), CT_JOBS (valgrind runs side by side, default 2).

VALGRIND    ?= valgrind
CT_DIR      := $(BUILD)/ct
CT_JOBS     ?= 2
ifneq ($(findstring x86_64,$(TARGET_ARCH_NAME)),)
CT_BACKENDS ?= avx2 portable
else
CT_BACKENDS ?= portable
endif
CT_VALGRIND  = $(VALGRIND) -q --tool=memcheck --error-exitcode=42 --track-origins=yes
# Same objects as libqed (LIB_SRCS, per-file X86V3_FLAGS, -fPIC), plus -g
# for valgrind's line numbers (-g does not change the generated code).
CT_OBJS     := $(LIB_SRCS:src/%.c=$(CT_DIR)/obj/%.o)

.PHONY: ct ct-Os

$(CT_DIR)/obj/%.o: src/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(QED_CFLAGS) -g -fPIC $(if $(filter %_x86v3.c,$<),$(X86V3_FLAGS)) -c $< -o $@

CT_SRCS     := $(sort $(wildcard ct/*.c))

$(CT_DIR)/ct_test: $(CT_SRCS) $(wildcard ct/*.h) $(CT_OBJS) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(QED_CFLAGS) -g -o $@ $(CT_SRCS) $(CT_OBJS)

ct: $(CT_DIR)/ct_test
	@CT_VALGRIND='$(CT_VALGRIND)' CT_BACKENDS='$(CT_BACKENDS)' CT_JOBS='$(CT_JOBS)' \
	  CT_LOGDIR='$(CT_DIR)/logs' tools/ct_run.sh $(CT_DIR)/ct_test

ct-Os:
	+$(MAKE) --no-print-directory BUILD=$(BUILD)/ct-Os CFLAGS="-Os -g" ct
