# make bench     speed side by side with the libraries users would pick
#                instead: TSC ticks per byte, medians and minimums of
#                interleaved rounds (bench/harness.c, one bench/bench_<family>.c
#                per family, listed in bench/families.h), then the rows marked
#                portable again under QED_BACKEND=portable; the tables are
#                also written to $(BUILD)/bench.md and $(BUILD)/bench-portable.md
# make bench-zmm the AVX-512 unit's peak rates beside one round of the
#                8-way Keccak kernel (bench/zmm_ceiling.c): the ceiling
#                under ParallelHash128's target (issue 4)
# make bench-ir  instructions per byte under callgrind, deterministic
#                (bench/bench_ir.c, bench/bench_ir.sh); also $(BUILD)/bench-ir.md
#
#   BENCH_ARGS   extra arguments of the timing program, e.g.
#                "--rounds 401 --big-rounds 101 --no-yield --only SHA3"
#                (defaults 201 and 51; see bench/harness.c)
#   BENCH_CPU    CPU to pin the timing program to with taskset (default: none;
#                on a 2-vCPU machine shared with other work, pinning keeps
#                the benchmark waiting on a busy CPU while the other is free)
#
# The harness is built with -O2 (the library with its own flags) and links
# $(BUILD)/libqed.a and the other libraries (BENCH_LDLIBS; a family adds
# its own).  OpenSSL does not export its Keccak permutation; to time it
# anyway, its keccak1600-x86_64.o (SHA3_absorb, self-contained, not
# exported by libcrypto.so so no clash) is taken out of libcrypto.a when
# there is one, else an empty object stands in and the OpenSSL permutation
# column shows "-".

BENCH_DIR     := $(BUILD)/bench
BENCH_CFLAGS  ?= -O2 -g
BENCH_ARGS    ?=
BENCH_CPU     ?=
BENCH_LDLIBS  := -lcrypto
BENCH_LDLIBS  += -lbearssl   # AES: BearSSL ct64, the portable constant-time reference
# A family with a competitor in another language adds its objects with
#   BENCH_EXTRA_OBJS += OBJ  and  $(BENCH_DIR)/bench: OBJ  (this file is read
# before mk/family_*.mk, so the prerequisite needs its own rule line).
BENCH_EXTRA_OBJS ?=
BENCH_SRCS    := bench/harness.c $(filter-out bench/bench_ir.c,$(sort $(wildcard bench/bench_*.c)))
BENCH_HDRS    := $(wildcard bench/*.h) $(HEADERS)
BENCH_CC       = $(CC) -std=c11 $(WARN) -Iinclude -Isrc $(BENCH_CFLAGS)

.PHONY: bench bench-ir bench-smoke bench-zmm

$(BENCH_DIR)/zmm_ceiling: bench/zmm_ceiling.c $(HEADERS) $(BUILD)/libqed.a
	@mkdir -p $(BENCH_DIR)
	$(BENCH_CC) bench/zmm_ceiling.c $(BUILD)/libqed.a -o $@

bench-zmm: $(BENCH_DIR)/zmm_ceiling
	$(BENCH_DIR)/zmm_ceiling

$(BENCH_DIR)/ossl_keccak.o:
	@mkdir -p $(BENCH_DIR)/ossl-x
	@rm -f $@; a=$$($(CC) -print-file-name=libcrypto.a 2>/dev/null); \
	m=$$([ -f "$$a" ] && $(AR) t "$$a" 2>/dev/null | grep -m1 'keccak1600-x86_64\.o$$'); \
	if [ -n "$$m" ] && (cd $(BENCH_DIR)/ossl-x && $(AR) x "$$a" "$$m") \
	   && [ -z "$$(nm -u $(BENCH_DIR)/ossl-x/$$m 2>/dev/null)" ] \
	   && nm $(BENCH_DIR)/ossl-x/$$m | grep -q ' T SHA3_absorb$$'; then \
	  mv $(BENCH_DIR)/ossl-x/$$m $@; \
	else \
	  echo "bench: OpenSSL's keccak1600-x86_64.o not available; no OpenSSL permutation row"; \
	  printf 'typedef int qed_bench_empty;\n' | $(CC) -x c -c - -o $@; \
	fi; rm -rf $(BENCH_DIR)/ossl-x

$(BENCH_DIR)/bench: $(BENCH_SRCS) $(BENCH_HDRS) $(BENCH_EXTRA_OBJS) $(BENCH_DIR)/ossl_keccak.o $(BUILD)/libqed.a
	@mkdir -p $(BENCH_DIR)
	$(BENCH_CC) $(BENCH_SRCS) $(BENCH_EXTRA_OBJS) $(BENCH_DIR)/ossl_keccak.o $(BUILD)/libqed.a $(BENCH_LDLIBS) -o $@

$(BENCH_DIR)/bench_ir: bench/bench_ir.c $(BENCH_HDRS) $(BENCH_DIR)/ossl_keccak.o $(BUILD)/libqed.a
	@mkdir -p $(BENCH_DIR)
	$(BENCH_CC) bench/bench_ir.c $(BENCH_DIR)/ossl_keccak.o $(BUILD)/libqed.a $(BENCH_LDLIBS) -o $@

bench: $(BENCH_DIR)/bench
	@pin=""; \
	if [ -n "$(BENCH_CPU)" ]; then \
	  if command -v taskset >/dev/null 2>&1 && taskset -c $(BENCH_CPU) true 2>/dev/null; then \
	    pin="taskset -c $(BENCH_CPU)"; \
	  else echo "bench: cannot pin to CPU $(BENCH_CPU) (no taskset?); running unpinned"; fi; \
	fi; \
	$$pin $(BENCH_DIR)/bench --md $(BUILD)/bench.md $(BENCH_ARGS) && \
	echo && echo "== the rows with a portable-path target, under QED_BACKEND=portable" && \
	QED_BACKEND=portable $$pin $(BENCH_DIR)/bench --portable-rows \
	  --md $(BUILD)/bench-portable.md $(BENCH_ARGS)

bench-ir: $(BENCH_DIR)/bench_ir
	@sh bench/bench_ir.sh $(BENCH_DIR)/bench_ir $(BENCH_DIR)/ir $(BUILD)/bench-ir.md

# In `make check`: every row's pre-timing check (qed and the other library
# agree), three rounds each; the figures of such a short run mean nothing.
bench-smoke: $(BENCH_DIR)/bench
	@$(BENCH_DIR)/bench --rounds 3 --big-rounds 1 > $(BENCH_DIR)/smoke.txt \
	  || { cat $(BENCH_DIR)/smoke.txt; echo "bench-smoke: FAILED" >&2; exit 1; }
	@echo "bench-smoke: $$($(BENCH_DIR)/bench --list | wc -l) rows built, checked against the other libraries and run"
