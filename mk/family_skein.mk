# The Skein family (include/qed/skein.h, src/skein/).
#
#   build/tests/test_skein   Threefish KATs and round trips, the Skein 1.3
#                            golden KAT (491 entries: bit lengths, MAC, tree),
#                            the specification's short examples, streaming =
#                            one-shot at every split, every output length
#                            1..300, fields, rejection (tests/test_skein.c,
#                            vectors tests/vectors/skein)
#   make test-diff-skein     randomized differential tests against pyskein
#                            (tests/diff/test_skein.py: all sizes, output
#                            lengths, MAC, fields, bits, tree, Threefish) and
#                            against Botan 2's Skein-512 and Threefish-512
#                            (tests/diff/botan_skein.cpp, C++)
#   make test-skein-opt      the KATs built and run at -O0, -O1, -O2, -O3,
#                            -Os and -O3 -march=native (SPARKSkein's code is
#                            miscompiled at -O3; qed loads words only
#                            through the byte helpers)

FAMILY_TESTS  += $(BUILD)/tests/test_skein
FAMILY_CHECKS += test-diff-skein test-skein-opt

BOTAN_CFLAGS  = $(shell pkg-config --cflags botan-2 2>/dev/null)
BOTAN_LIBS    = $(shell pkg-config --libs botan-2 2>/dev/null)

$(BUILD)/tests/diff_botan_skein: tests/diff/botan_skein.cpp $(HEADERS) $(BUILD)/libqed.a
	@mkdir -p $(@D)
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Iinclude $(BOTAN_CFLAGS) \
	    tests/diff/botan_skein.cpp $(BUILD)/libqed.a $(BOTAN_LIBS) -o $@

.PHONY: test-diff-skein test-skein-opt
test-diff-skein: lib $(VENV_STAMP) $(BUILD)/tests/diff_botan_skein
	QED_LIB=$(BUILD)/libqed.so $(VENV_PYTHON) tests/diff/test_skein.py
	$(BUILD)/tests/diff_botan_skein $(QED_DIFF_SEED)

SKEIN_OPT_LEVELS := O0 O1 O2 O3 Os O3n
# The Skein sources compiled at each level; the rest of
# the library (testutil.c's Keccak table) comes from libqed.a.
test-skein-opt: $(BUILD)/libqed.a
	@st=0; for o in $(SKEIN_OPT_LEVELS); do \
	  flags="-$$o"; [ "$$o" = O3n ] && flags="-O3 -march=native"; \
	  d=$(BUILD)/skein-opt/$$o; mkdir -p $$d; \
	  $(CC) -std=c11 $(WARN) -Iinclude -Isrc -Itests $$flags \
	      tests/test_skein.c tests/testutil.c $$(ls src/skein/*.c) \
	      $(BUILD)/libqed.a -o $$d/test_skein || { st=1; continue; }; \
	  echo "== test_skein $$flags"; \
	  $$d/test_skein $(TESTS_VECTORS) > $$d/log.txt; r=$$?; tail -1 $$d/log.txt; \
	  [ $$r -eq 0 ] || { st=1; grep FAIL $$d/log.txt | head; }; \
	done; exit $$st

# make bench: Botan 2's Skein-512 and Threefish-512 (C++) behind a C shim.
BENCH_EXTRA_OBJS += $(BUILD)/bench/ref_botan_skein.o
BENCH_LDLIBS     += $(BOTAN_LIBS) -lstdc++
$(BUILD)/bench/bench: $(BUILD)/bench/ref_botan_skein.o
$(BUILD)/bench/ref_botan_skein.o: bench/ref_botan_skein.cpp
	@mkdir -p $(@D)
	$(CXX) -std=c++17 -O2 -Wall -Wextra $(BOTAN_CFLAGS) -c $< -o $@
