# qed — build, install, and the entry points of every check.
#
#   make                 build/libqed.a and build/libqed.so (soname libqed.so.0)
#   make install PREFIX=/usr/local [DESTDIR=...]
#   make demo            proof summary, test summary, speed table against OpenSSL
#   make check           everything a release must pass (see mk/*.mk)
#   make prove           Frama-C/WP proof of src/ (mk/prove.mk)
#   make ct              constant-time check under valgrind (mk/ct.mk)
#   make bench           speed side by side with OpenSSL (mk/bench.mk)
#
# The library is built for the baseline of the target, never for the build
# machine's own CPU;
# files whose name ends in _x86v3.c are the same proven C compiled a second
# time for x86-64-v3 (BMI1/BMI2/AVX2) and picked at run time.

CC        ?= gcc
AR        ?= ar
PYTHON    ?= python3
OPT       ?= -O2
CFLAGS    ?= $(OPT) -g
WARN      := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
QED_CFLAGS = -std=c11 $(WARN) -Iinclude -Isrc $(CFLAGS)
BUILD     ?= build
PREFIX    ?= /usr/local
LIBDIR    ?= $(PREFIX)/lib
INCDIR    ?= $(PREFIX)/include
SONAME    := libqed.so.0
VERSION   := 0.1.0

# Target machine: x86-64 builds add the run-time-selected x86-64-v3 objects.
TARGET_ARCH_NAME := $(shell $(CC) -dumpmachine 2>/dev/null)
ALL_SRCS  := $(sort $(shell find src -name '*.c'))
X86_SRCS  := $(filter %_x86v3.c,$(ALL_SRCS)) $(foreach f,$(ALL_SRCS),$(if $(findstring /simd/,$(f)),$(f)))
ifneq ($(findstring x86_64,$(TARGET_ARCH_NAME)),)
LIB_SRCS  := $(ALL_SRCS)
else
LIB_SRCS  := $(filter-out $(X86_SRCS),$(ALL_SRCS))
endif
LIB_OBJS  := $(LIB_SRCS:src/%.c=$(BUILD)/obj/%.o)
HEADERS   := $(shell find include src -name '*.h')

# Per-file flags: the x86-64-v3 twins.
X86V3_FLAGS := -march=x86-64-v3 -mtune=generic -O3 -funroll-loops

.PHONY: all lib install uninstall clean demo check
all: lib
lib: $(BUILD)/libqed.a $(BUILD)/libqed.so

$(BUILD)/obj/%.o: src/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(QED_CFLAGS) -fPIC $(if $(filter %_x86v3.c,$<),$(X86V3_FLAGS)) -c $< -o $@

$(BUILD)/libqed.a: $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/libqed.so: $(LIB_OBJS)
	$(CC) -shared -Wl,-soname,$(SONAME) -o $(BUILD)/$(SONAME) $^
	ln -sf $(SONAME) $@

install: lib
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCDIR)/qed
	install -m 644 include/qed/*.h $(DESTDIR)$(INCDIR)/qed/
	install -m 644 $(BUILD)/libqed.a $(DESTDIR)$(LIBDIR)/
	install -m 755 $(BUILD)/$(SONAME) $(DESTDIR)$(LIBDIR)/
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libqed.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCDIR@|$(INCDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    qed.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/qed.pc

uninstall:
	rm -rf $(DESTDIR)$(INCDIR)/qed
	rm -f $(DESTDIR)$(LIBDIR)/libqed.a $(DESTDIR)$(LIBDIR)/libqed.so \
	      $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/pkgconfig/qed.pc

clean:
	rm -rf $(BUILD)

# The pieces of `make check`, each defined in its own mk/ file.  A family's
# mk file appends its C test programs to FAMILY_TESTS (each built from
# tests/NAME.c + tests/testutil.c by the pattern rule in mk/tests.mk, and
# run with the vector directory as argument, once per backend, also under
# the sanitizers and on s390x) and its other checks to FAMILY_CHECKS.
FAMILY_TESTS  :=
FAMILY_CHECKS :=
include $(sort $(wildcard mk/*.mk))

.PHONY: test-families
test-families: $(FAMILY_TESTS)
	@st=0; for t in $(FAMILY_TESTS); do \
	  for b in $(TESTS_BACKENDS); do \
	    echo "== $$(basename $$t), QED_BACKEND=$$b"; \
	    QED_BACKEND=$$b $(TESTS_RUN) $$t $(TESTS_VECTORS) || st=1; \
	  done; done; exit $$st

# Everything a user needs to trust a release.
check: lib test-build-clang test-unit test-kat test-stream test-families \
       test-diff test-sanitize test-s390x test-install ct prove-check bench-smoke \
       $(FAMILY_CHECKS)
	@echo "make check: all passed"

demo: lib
	@$(MAKE) --no-print-directory prove-check
	@$(MAKE) --no-print-directory test-summary
	@$(MAKE) --no-print-directory bench
