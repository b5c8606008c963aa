# Statistical constant-time test, dudect-style (dudect/README.md; issue 11,
# item 7): fixed-vs-random secret inputs, timed with rdtsc, Welch's t-test
# on the raw, cropped and second-order data.
#
#   make dudect         the self-test (a leaky compare that MUST be found),
#                       then Ed25519 signing, X25519, AES-128/256 on the
#                       portable backend (key, plaintext), qed_bn_powm_sec
#                       2048 (exponent, base; portable and default
#                       backends), KMAC128/256 (key); one table, also
#                       written to $(BUILD)/dudect/dudect.txt; fails on
#                       any |t| > 10 or an undetected self-test
#   make dudect-smoke   the same with DUDECT_SMOKE_MEASUREMENTS (< 1 min):
#                       in make check (FAMILY_CHECKS) on x86-64
#
#   DUDECT_MEASUREMENTS  measurements of the slowest test (the portable
#                        powm_sec); the others take a multiple of it
#                        (dudect --list shows the weights).  The default
#                        8000 took 9 min 45 s on the 2-core build machine
#                        at load average 10 (2 min 48 s of CPU: the rest
#                        was waiting for a core).
#
# The program is built with the release flags (QED_CFLAGS: -O2) and links
# $(BUILD)/libqed.a, as the benchmark does.  x86-64 only (rdtsc): on other
# targets both targets print that they skip.

DUDECT_DIR                 := $(BUILD)/dudect
DUDECT_MEASUREMENTS        ?= 8000
DUDECT_SMOKE_MEASUREMENTS  ?= 400
DUDECT_SRCS                := $(sort $(wildcard dudect/*.c))
DUDECT_HDRS                := $(wildcard dudect/*.h)

.PHONY: dudect dudect-smoke

$(DUDECT_DIR)/dudect: $(DUDECT_SRCS) $(DUDECT_HDRS) $(HEADERS) $(BUILD)/libqed.a
	@mkdir -p $(@D)
	$(CC) $(QED_CFLAGS) $(DUDECT_SRCS) $(BUILD)/libqed.a -lm -o $@

ifneq ($(findstring x86_64,$(TARGET_ARCH_NAME)),)
FAMILY_CHECKS += dudect-smoke

dudect: $(DUDECT_DIR)/dudect
	@start=$$(date +%s); rm -f $(DUDECT_DIR)/rc; \
	{ $(DUDECT_DIR)/dudect --measurements $(DUDECT_MEASUREMENTS); \
	  echo $$? > $(DUDECT_DIR)/rc; } | tee $(DUDECT_DIR)/dudect.txt; \
	echo "dudect: $$(( $$(date +%s) - start )) s wall"; \
	exit $$(cat $(DUDECT_DIR)/rc 2>/dev/null || echo 1)

dudect-smoke: $(DUDECT_DIR)/dudect
	@$(DUDECT_DIR)/dudect --measurements $(DUDECT_SMOKE_MEASUREMENTS) \
	  > $(DUDECT_DIR)/smoke.txt \
	  || { cat $(DUDECT_DIR)/smoke.txt; echo "dudect-smoke: FAILED" >&2; exit 1; }
	@echo "dudect-smoke: self-test leak found, no test above |t| 10 ($(DUDECT_SMOKE_MEASUREMENTS) x weight measurements)"
else
dudect dudect-smoke:
	@echo "$@: skipped: the timer is rdtsc, x86-64 only"
endif
