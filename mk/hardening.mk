# Hardening, the static checks (issue 11, items 4, 5, 6 and the division
# check of 7).  All in make check (FAMILY_CHECKS) but abi-update and
# budgets-update, which rewrite the recorded files on purpose.
#
#   make check-abi       the dynamic symbols of $(BUILD)/libqed.so, sorted,
#                        equal abi/symbols.txt; each is a function declared
#                        in a public header; the visibility mechanism below
#                        works on gcc and clang (scripts/check_abi.sh,
#                        scripts/check_visibility.sh)
#   make abi-update      rewrite abi/symbols.txt from the built library (a
#                        deliberate ABI change: commit the file with it)
#   make check-heapfree  every undefined symbol of every member of
#                        libqed.a is qed's own or in abi/undefined-allowed.txt
#                        (no heap, no stdio, no abort/exit), and the check
#                        catches a member that calls malloc, puts, free
#   make check-div       no DIV/IDIV in the release build outside the
#                        functions of budgets/div-allowed.txt, and the check
#                        catches a division it was not told about; the same
#                        for DIV/DIVU/REM/REMU and libgcc's division calls
#                        in the riscv32 -Os freestanding build
#                        (budgets/div-allowed-rv32.txt)
#   make freestanding    the portable library (the proof units, without the
#                        x86-64-v3 twins and SIMD files; src/common/cpu.c
#                        and src/common/random.c are not proof units) built
#                        with -ffreestanding -nostdlib for x86-64 and for
#                        riscv32 (rv32imac, ilp32), linked with only
#                        freestanding/ (memcpy, memset, _start, the portable
#                        backend choice) and libgcc; the x86-64 program runs
#                        the KATs of freestanding/kat.c and exits 0, the
#                        riscv32 one too under qemu-riscv32 when installed
#   make budgets         worst-case stack per public function and code size
#                        per family, x86-64 -O2 and -Os and riscv32 -Os
#                        freestanding, beside SPARKNaCl's RV32 figures;
#                        fails when a budget of budgets/*.txt is exceeded
#                        (tools/budgets.py, tools/callgraph.py)
#   make budgets-update  record the measured values plus the margin
#
# Visibility: the library's objects are compiled with -fvisibility=hidden
# and with abi/export.h force-included, which declares the public headers
# under default visibility: only what include/qed/ declares is exported.
# The public headers are not edited and the proof (mk/prove.mk, its own
# preprocessor flags) does not see abi/export.h.  QED_HIDDEN= (empty)
# builds without it: the white-box copy of the shared library below.

HARDEN_DIR     := $(BUILD)/hardening
FS_X86_DIR     := $(HARDEN_DIR)/fs-x86-O2
FS_RV32_DIR    := $(HARDEN_DIR)/fs-rv32-Os
QED_HIDDEN     ?= 1
ifneq ($(QED_HIDDEN),)
$(LIB_OBJS): QED_CFLAGS += -fvisibility=hidden -include abi/export.h
$(LIB_OBJS): abi/export.h
endif

# White-box tests (tests/diff: the field and scalar arithmetic of NaCl, the
# Monkey layer under Ketje, the Keccak-p permutation) call internal
# functions of the library through ctypes; they load this copy, built with
# every global symbol visible.  The released libqed.so exports the public
# API only.
QED_WHITEBOX_LIB := $(HARDEN_DIR)/whitebox/libqed.so
.PHONY: whitebox-lib
whitebox-lib:
	+$(MAKE) --no-print-directory BUILD=$(HARDEN_DIR)/whitebox QED_HIDDEN= $(QED_WHITEBOX_LIB)
test-diff test-diff-ketje test-diff-nacl test-diff-nacl-sign: whitebox-lib

# ---- frozen ABI ----
ABI_SYMBOLS := abi/symbols.txt
.PHONY: check-abi abi-update
check-abi: $(BUILD)/libqed.so
	sh scripts/check_visibility.sh $(CC) $(if $(shell command -v clang 2>/dev/null),clang)
	sh scripts/check_abi.sh check $(BUILD)/libqed.so $(ABI_SYMBOLS) $(CC) $(PYTHON)

abi-update: $(BUILD)/libqed.so
	sh scripts/check_abi.sh update $(BUILD)/libqed.so $(ABI_SYMBOLS) $(CC) $(PYTHON)

# ---- heap-free, and the division check ----
# Each check is also run on a copy of libqed.a with one bad member added,
# and must fail there: a check that cannot fail proves nothing.
.PHONY: check-heapfree check-div
check-heapfree: $(BUILD)/libqed.a
	sh scripts/check_heapfree.sh $(BUILD)/libqed.a abi/undefined-allowed.txt
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	printf '#include <stdio.h>\n#include <stdlib.h>\nvoid qed_bad(void);\nvoid qed_bad(void) { char *p = malloc(9); puts(p); free(p); }\n' > "$$tmp/bad.c"; \
	$(CC) -O2 -c "$$tmp/bad.c" -o "$$tmp/bad.o"; \
	cp $(BUILD)/libqed.a "$$tmp/lib.a"; $(AR) q "$$tmp/lib.a" "$$tmp/bad.o"; \
	if sh scripts/check_heapfree.sh "$$tmp/lib.a" abi/undefined-allowed.txt > "$$tmp/out" 2>&1; then \
	  cat "$$tmp/out"; echo "check-heapfree: missed malloc/puts/free in a member" >&2; exit 1; fi; \
	echo "check-heapfree: self-test: a member calling malloc, puts and free is refused"

check-div: $(BUILD)/libqed.a $(FS_RV32_DIR)/libqed.a
	sh scripts/check_div.sh $(BUILD)/libqed.a budgets/div-allowed.txt
	sh scripts/check_div.sh $(FS_RV32_DIR)/libqed.a budgets/div-allowed-rv32.txt $(RV32_OBJDUMP) riscv
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	printf '#include <stdint.h>\nuint64_t qed_bad_div(uint64_t a, uint64_t b);\nuint64_t qed_bad_div(uint64_t a, uint64_t b) { return a / b; }\n' > "$$tmp/bad.c"; \
	$(CC) -O2 -c "$$tmp/bad.c" -o "$$tmp/bad.o"; \
	cp $(BUILD)/libqed.a "$$tmp/lib.a"; $(AR) q "$$tmp/lib.a" "$$tmp/bad.o"; \
	if sh scripts/check_div.sh "$$tmp/lib.a" budgets/div-allowed.txt > "$$tmp/out" 2>&1; then \
	  cat "$$tmp/out"; echo "check-div: missed a 64-bit division by a variable" >&2; exit 1; fi; \
	echo "check-div: self-test: an unlisted function with a division is refused"

# ---- the freestanding builds ----
# The portable library: the proof units (proof/outside.txt lists the rest)
# minus the x86-64-v3 twins and the SIMD files.  Left out, and why:
#   src/common/random.c  qed_randombytes is the OS's getrandom(2); a
#                        freestanding platform supplies its own (only the
#                        key generators and the RSA blinding call it)
#   src/common/cpu.c     getenv, strcmp and CPUID; freestanding/backend.c
#                        answers "portable" instead
#   src/**/simd/, *_x86v3.c  the x86 backends (intrinsics, -march=x86-64-v3)
# Built as for a target without x86 code: -U__x86_64__ makes the
# dispatchers compile only their portable branch (what riscv32 compiles
# anyway), QED_MUL64_NO_INT128 picks the proven 64x64->128 body over the
# __int128 one (outside the proof).
# -fno-tree-loop-distribute-patterns: GCC would otherwise turn copy loops
# into memmove calls; the compiler still emits memcpy and memset for struct
# copies and zero initialisation, which freestanding/mem.c provides.
HARDEN_OUTSIDE  := $(shell sed -e 's/\#.*//' proof/outside.txt 2>/dev/null | awk 'NF { print $$1 }')
HARDEN_PORTABLE := $(filter-out $(HARDEN_OUTSIDE) $(X86_SRCS),$(ALL_SRCS))
FS_SUPPORT      := freestanding/mem.c freestanding/backend.c freestanding/start.c
FS_CFLAGS       := -std=c11 -Wall -Wextra -Wno-type-limits -Iinclude -Isrc \
                   -ffreestanding -fno-builtin -nostdlib -fno-stack-protector \
                   -fno-tree-loop-distribute-patterns -DQED_MUL64_NO_INT128 \
                   -ffunction-sections -fdata-sections \
                   -fstack-usage -fcallgraph-info=su -g
FS_LDFLAGS      := -static -nostdlib -Wl,--gc-sections -Wl,--build-id=none
RV32_CC         ?= riscv64-unknown-elf-gcc
RV32_AR         ?= riscv64-unknown-elf-ar
RV32_NM         ?= riscv64-unknown-elf-nm
RV32_FLAGS      := -march=rv32imac -mabi=ilp32 -Os
RV32_RUN        ?= $(shell command -v qemu-riscv32 2>/dev/null)
FS_X86_FLAGS    := -O2 -U__x86_64__ -fno-pie
FS_X86_OBJS     := $(HARDEN_PORTABLE:src/%.c=$(FS_X86_DIR)/obj/%.o)
FS_RV32_OBJS    := $(HARDEN_PORTABLE:src/%.c=$(FS_RV32_DIR)/obj/%.o)
FS_SUPPORT_X86  := $(FS_SUPPORT:freestanding/%.c=$(FS_X86_DIR)/fs/%.o)
FS_SUPPORT_RV32 := $(FS_SUPPORT:freestanding/%.c=$(FS_RV32_DIR)/fs/%.o)

$(FS_X86_DIR)/obj/%.o: src/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(FS_CFLAGS) $(FS_X86_FLAGS) -c $< -o $@
$(FS_X86_DIR)/fs/%.o: freestanding/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(FS_CFLAGS) $(FS_X86_FLAGS) -c $< -o $@
$(FS_RV32_DIR)/obj/%.o: src/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(RV32_CC) $(FS_CFLAGS) $(RV32_FLAGS) -c $< -o $@
$(FS_RV32_DIR)/fs/%.o: freestanding/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(RV32_CC) $(FS_CFLAGS) $(RV32_FLAGS) -c $< -o $@

$(FS_X86_DIR)/libqed.a: $(FS_X86_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^
$(FS_RV32_DIR)/libqed.a: $(FS_RV32_OBJS)
	@rm -f $@
	$(RV32_AR) rcs $@ $^

# The test program: the KATs, the support files, the freestanding library
# (an archive: only the members the KATs need are linked), libgcc (the
# compiler's own helpers: 64-bit shifts and divisions on riscv32).
$(FS_X86_DIR)/kat: $(FS_X86_DIR)/fs/kat.o $(FS_SUPPORT_X86) $(FS_X86_DIR)/libqed.a
	$(CC) $(FS_X86_FLAGS) $(FS_LDFLAGS) -no-pie $^ -lgcc -o $@
$(FS_RV32_DIR)/kat: $(FS_RV32_DIR)/fs/kat.o $(FS_SUPPORT_RV32) $(FS_RV32_DIR)/libqed.a
	$(RV32_CC) $(RV32_FLAGS) $(FS_LDFLAGS) $^ -lgcc -o $@

.PHONY: freestanding
freestanding: $(FS_X86_DIR)/kat $(FS_RV32_DIR)/kat
	sh scripts/check_freestanding.sh $(FS_X86_DIR)/libqed.a nm
	sh scripts/check_freestanding.sh $(FS_RV32_DIR)/libqed.a $(RV32_NM)
	@$(FS_X86_DIR)/kat && echo "freestanding: x86-64: SHA3-256, Ed25519 sign/verify, X25519, AES-128, Skein-512, Ascon-Hash256 KATs passed (no libc; exit via the exit system call)" \
	  || { echo "freestanding: x86-64: the KAT program exited with $$? failed checks" >&2; exit 1; }
	@if [ -n "$(RV32_RUN)" ]; then \
	  $(RV32_RUN) $(FS_RV32_DIR)/kat && echo "freestanding: riscv32 (qemu-riscv32): the same KATs passed" \
	  || { echo "freestanding: riscv32: the KAT program exited with $$? failed checks" >&2; exit 1; }; \
	else echo "freestanding: riscv32: built and linked; qemu-riscv32 not installed, not run"; fi

FAMILY_CHECKS += check-abi check-heapfree check-div freestanding budgets

# ---- stack and size budgets ----
# x86-64: the release library (the Makefile's own rule and file list, SIMD
# and x86-64-v3 objects included: the worst case over every backend) at
# -O2 and at -Os (the x86-64-v3 twins keep their -O3, as in a release);
# riscv32: the freestanding portable build above.  -ffunction-sections
# -fdata-sections let the family links keep only what they use.
BUDGET_FLAGS  := -g -fstack-usage -fcallgraph-info=su -ffunction-sections -fdata-sections
BUDGET_X86_O2 := $(HARDEN_DIR)/x86-64-O2
BUDGET_X86_OS := $(HARDEN_DIR)/x86-64-Os
RV32_LD       ?= riscv64-unknown-elf-ld
RV32_OBJDUMP  ?= riscv64-unknown-elf-objdump
RV32_LIBGCC    = $(shell $(RV32_CC) $(RV32_FLAGS) -print-libgcc-file-name)
BUDGET_CONFIGS = "x86-64-O2;ci=$(BUDGET_X86_O2)/obj;lib=$(BUDGET_X86_O2)/libqed.a" \
                 "x86-64-Os;ci=$(BUDGET_X86_OS)/obj;lib=$(BUDGET_X86_OS)/libqed.a" \
                 "rv32-Os;ci=$(FS_RV32_DIR)/obj:$(FS_RV32_DIR)/fs;lib=$(FS_RV32_DIR)/libqed.a:$(FS_RV32_DIR)/support.a:$(RV32_LIBGCC);ld=$(RV32_LD) -m elf32lriscv;objdump=$(RV32_OBJDUMP);libgcc=$(RV32_LIBGCC)"

$(FS_RV32_DIR)/support.a: $(FS_RV32_DIR)/fs/mem.o $(FS_RV32_DIR)/fs/backend.o
	@rm -f $@
	$(RV32_AR) rcs $@ $^

.PHONY: budgets budgets-update budgets-builds
budgets-builds: $(FS_RV32_DIR)/libqed.a $(FS_RV32_DIR)/support.a
	+$(MAKE) --no-print-directory BUILD=$(BUDGET_X86_O2) CFLAGS="-O2 $(BUDGET_FLAGS)" $(BUDGET_X86_O2)/libqed.a
	+$(MAKE) --no-print-directory BUILD=$(BUDGET_X86_OS) CFLAGS="-Os $(BUDGET_FLAGS)" $(BUDGET_X86_OS)/libqed.a

budgets: budgets-builds
	$(PYTHON) tools/budgets.py --symbols $(ABI_SYMBOLS) --budgets budgets --cc $(CC) $(BUDGET_CONFIGS)

budgets-update: budgets-builds
	$(PYTHON) tools/budgets.py --update --symbols $(ABI_SYMBOLS) --budgets budgets --cc $(CC) $(BUDGET_CONFIGS)
