# Frama-C/WP proof of src/ — absence of run-time errors plus the ACSL
# contracts written in the sources.  Recipe and measurements:
# /work/shared/docs/PROOF.md (Frama-C 25, Why3 1.5.1, z3 + cvc4).
#
#   make prove-setup     once per machine: proof/why3/why3.conf (not committed)
#   make -j2 prove       re-prove the units whose key changed (or whose report
#                        is missing or has unproved goals), update the WP cache,
#                        print the summary
#   make -j2 prove-all   re-run every unit, prover answers replayed from the cache
#   make -j2 prove-check CI (`make check`, `make demo`): re-run only the units
#                        whose key changed (cache replay); for the others check
#                        the committed report; summary; fail on anything unproved
#   make prove-clean     delete logs, reports and keys (git checkout proof/out
#                        brings the committed ones back); the cache is kept
#
# Proof units: every .c file under src/ (any depth) except the files named in
# proof/outside.txt.  src/DIR/NAME.c is unit DIR_NAME, its report
# proof/out/DIR_NAME.json, its key proof/out/DIR_NAME.hash (both committed,
# see tools/prove_unit.sh), its log proof/out/DIR_NAME.log (ignored).
# Per-unit extra WP flags:  WP_FLAGS_<unit>, e.g.
#   WP_FLAGS_keccak_keccak_p1600_bytes = -wp-auto wp:bitshift
# Options:  DET=1 (step limits, deterministic verdicts), PROVE_TIMEOUT=10,
#   WP_PAR=2, FRAMAC_WP_CACHE=none|replay|offline|update|cleanup (overrides
#   the mode of any target: e.g. `FRAMAC_WP_CACHE=none make prove-all` is a
#   cold run, `FRAMAC_WP_CACHE=cleanup make prove-all` garbage-collects the
#   cache before a commit).
# 2 cores: `make -j2 prove` runs two units at once, each with -wp-par 2
# (z3 and cvc4 in parallel on a goal; PROOF.md section 2).

FRAMAC        ?= frama-c
WHY3          ?= why3
PROOF_CPP     ?= gcc -E -C
PROVE_TIMEOUT ?= 10
WP_PAR        ?= 2
DET           ?=
Z3_STEPS      ?= 40000000
CVC4_RLIMIT   ?= 600000

PROOF_OUT     := proof/out
PROOF_TMP     := proof/tmp
PROOF_CACHE   := proof/wp-cache
PROOF_OUTSIDE_FILE := proof/outside.txt

# Per-repository Why3 configuration (holds absolute paths: generated on each
# machine by prove-setup, never committed).  Why3, and so WP, honour it.
export WHY3CONFIG := $(CURDIR)/proof/why3/why3.conf

ifneq ($(DET),)
PROOF_PROVERS := z3,cvc4-det
PROOF_LIMITS  := -wp-steps $(Z3_STEPS) -wp-timeout 300
PROOF_DETKEY  := cvc4-det-rlimit=$(CVC4_RLIMIT)
else
PROOF_PROVERS := z3,cvc4
PROOF_LIMITS  := -wp-timeout $(PROVE_TIMEOUT)
PROOF_DETKEY  :=
endif

PROOF_CPPFLAGS := -Iinclude -Isrc
# Flags that change goals or verdicts: part of each unit's key.
WP_GOAL_FLAGS := -wp -wp-rte -wp-prover $(PROOF_PROVERS) $(PROOF_LIMITS) \
                 -wp-no-warn-memory-model
# Flags that do not: not in the key.  The cache mode is added per target.
WP_RUN_FLAGS  := -wp-par $(WP_PAR) -wp-cache-env -wp-cache-dir $(PROOF_CACHE)

# Frama-C warnings that fail a unit even when all its goals are proved: a
# cast WP's typed memory model cannot follow (type punning: the proof would
# be about a different program), a callee without code or assigns clause
# (WP invents "assigns everything from the prototype"), a missing loop
# assigns, an undeclared or builtin function without a spec, unsupported
# constructs.
PROOF_BAD_WARNINGS := Cast with incompatible pointers types|Missing RTE guards|Missing assigns|No code nor implicit assigns clause|Neither code nor specification|implicit-function-declaration|Calling undeclared function|compiler builtin|[Uu]nsupported|not yet implemented|[Uu]nsound

# ---- the units ----
PROOF_OUTSIDE := $(if $(wildcard $(PROOF_OUTSIDE_FILE)),$(shell sed -e 's/\#.*//' $(PROOF_OUTSIDE_FILE) | awk 'NF { print $$1 }'))
PROOF_ALL_C   := $(sort $(shell find src -name '*.c' 2>/dev/null))
PROOF_SRCS    := $(filter-out $(PROOF_OUTSIDE),$(PROOF_ALL_C))
proof_unit     = $(subst /,_,$(patsubst src/%.c,%,$(1)))
PROOF_UNITS   := $(foreach s,$(PROOF_SRCS),$(call proof_unit,$(s)))
$(foreach s,$(PROOF_SRCS),$(eval PROOF_SRC_$(call proof_unit,$(s)) := $(s)))

PROOF_ENV = FRAMAC='$(FRAMAC)' PYTHON='$(PYTHON)' PROOF_CPP='$(PROOF_CPP) -I. -I$(PROOF_FRAMAC_SHARE)/libc -D__FRAMAC__ -D__FC_MACHDEP_X86_64 -nostdinc -m64' \
            PROOF_CPPFLAGS='$(PROOF_CPPFLAGS)' WP_GOAL_FLAGS='$(WP_GOAL_FLAGS)' PROOF_KEY_EXTRA='$(PROOF_DETKEY)' \
            WP_RUN_FLAGS='$(WP_RUN_FLAGS)' PROOF_BAD_WARNINGS='$(PROOF_BAD_WARNINGS)'
# Frama-C's own libc headers: what its preprocessor really includes.
PROOF_FRAMAC_SHARE = $(shell $(FRAMAC) -print-share-path 2>/dev/null)

.PHONY: prove prove-all prove-check prove-setup prove-clean prove-preflight \
        prove-units print-proof-units
.PHONY: FORCE
FORCE:

# ---- setup ----
prove-setup:
	@rm -f $(WHY3CONFIG)
	@$(MAKE) --no-print-directory $(WHY3CONFIG)

$(WHY3CONFIG):
	@mkdir -p $(dir $@)
	$(WHY3) config detect > /dev/null 2>&1
	@# Deterministic alternative for DET=1: cvc4 with its own fixed resource
	@# budget (-wp-steps is one number, and cvc4's units are ~40x z3's).
	@printf '\n[prover]\nname = "CVC4"\nversion = "%s"\nalternative = "det"\nshortcut = "cvc4-det"\ndriver = "cvc4_17"\ncommand = "cvc4 --stats --tlimit=%%t000 --lang=smt2 %%f"\ncommand_steps = "cvc4 --stats --rlimit=$(CVC4_RLIMIT) --lang=smt2 %%f"\nin_place = false\ninteractive = false\n' \
	  "$$(cvc4 --version | sed -n 's/.*CVC4 version \([0-9.]*\).*/\1/p')" >> $@
	@$(FRAMAC) -wp-detect | tee $@.detect
	@grep -q '\[z3|' $@.detect && grep -q '\[cvc4|' $@.detect && grep -q '\[cvc4-det|' $@.detect \
	  || { echo "prove-setup: frama-c -wp-detect does not list z3, cvc4 and cvc4-det" >&2; rm -f $@; exit 1; }
	@rm -f $@.detect
	@echo "prove-setup: $@ written"

# ---- checks that do not need a prover; tool versions for the keys ----
prove-preflight: | $(WHY3CONFIG)
	@mkdir -p $(PROOF_OUT) $(PROOF_TMP) $(PROOF_CACHE)
	@date +%s.%N > $(PROOF_TMP)/start
	@err=0; \
	if [ ! -f $(PROOF_OUTSIDE_FILE) ]; then echo "prove: $(PROOF_OUTSIDE_FILE) is missing" >&2; err=1; fi; \
	for f in $(PROOF_OUTSIDE); do \
	  [ -f "$$f" ] || { echo "prove: $(PROOF_OUTSIDE_FILE) names $$f, which does not exist" >&2; err=1; }; \
	done; \
	sed -e 's/#.*//' $(PROOF_OUTSIDE_FILE) 2>/dev/null | awk 'NF == 1 { print "prove: no reason given for " $$1 " in $(PROOF_OUTSIDE_FILE)"; bad = 1 } END { exit bad }' >&2 || err=1; \
	for f in $(PROOF_ALL_C); do \
	  case " $(PROOF_SRCS) $(PROOF_OUTSIDE) " in *" $$f "*) ;; \
	  *) echo "prove: $$f is neither a proof unit nor listed in $(PROOF_OUTSIDE_FILE)" >&2; err=1;; esac; \
	done; \
	dup=$$(printf '%s\n' $(PROOF_UNITS) | sort | uniq -d); \
	if [ -n "$$dup" ]; then echo "prove: two source files map to the same unit name: $$dup" >&2; err=1; fi; \
	if [ -z "$(strip $(PROOF_UNITS))" ]; then echo "prove: no proof units (no .c file under src/ outside $(PROOF_OUTSIDE_FILE))" >&2; err=1; fi; \
	exit $$err
	@rm -f $(PROOF_TMP)/versions.txt
	@$(MAKE) --no-print-directory $(PROOF_TMP)/versions.txt
	@: > $(PROOF_TMP)/units.txt
	@$(foreach u,$(PROOF_UNITS),echo '$(u) $(PROOF_SRC_$(u))' >> $(PROOF_TMP)/units.txt;)

# Tool versions, part of every unit's key (rewritten by each prove target).
$(PROOF_TMP)/versions.txt:
	@mkdir -p $(PROOF_OUT) $(PROOF_TMP) $(PROOF_CACHE)
	@{ $(FRAMAC) -version; $(WHY3) --version; z3 --version; cvc4 --version | head -n 1; } > $@

# One make target per unit and mode, so that `make -j2` runs two at a time.
# (They can be made alone too: make proof/tmp/run-prove/keccak_sponge.)
$(PROOF_TMP)/run-prove/%: FORCE | $(PROOF_TMP)/versions.txt $(WHY3CONFIG)
	@$(PROOF_ENV) WP_UNIT_FLAGS='$(WP_FLAGS_$*)' tools/prove_unit.sh prove $(PROOF_SRC_$*) $*
$(PROOF_TMP)/run-all/%: FORCE | $(PROOF_TMP)/versions.txt $(WHY3CONFIG)
	@$(PROOF_ENV) WP_UNIT_FLAGS='$(WP_FLAGS_$*)' tools/prove_unit.sh all $(PROOF_SRC_$*) $*
$(PROOF_TMP)/run-check/%: FORCE | $(PROOF_TMP)/versions.txt $(WHY3CONFIG)
	@$(PROOF_ENV) WP_UNIT_FLAGS='$(WP_FLAGS_$*)' tools/prove_unit.sh check $(PROOF_SRC_$*) $*

# The units of a run, the biggest first (goals in the committed report; a
# unit without one counts as big), so that two make jobs end together.
PROOF_ORDER = $(shell $(PYTHON) tools/wp_summary.py --order $(PROOF_OUT) $(PROOF_UNITS))
PROOF_RUN   = $(addprefix $(PROOF_TMP)/run-$(1)/,$(PROOF_ORDER))

# The summary, then the verdict: every unit has a report with every goal
# proved (wp_summary.py), and every unit run of this make ended without error.
define PROOF_VERDICT
	@$(PYTHON) tools/wp_summary.py --units $(PROOF_TMP)/units.txt --status-dir $(PROOF_TMP) $(PROOF_OUT); \
	rc=$$?; failed=0; \
	for u in $(PROOF_UNITS); do \
	  st=$$(cat $(PROOF_TMP)/$$u.status 2>/dev/null || echo "FAILED: not run"); \
	  case $$st in ok*) ;; *) echo "prove: $$u: $$st" >&2; failed=1;; esac; \
	done; \
	if [ $$rc -ne 0 ] || [ $$failed -ne 0 ]; then echo "$@: FAILED" >&2; exit 1; fi; \
	echo "$@: all goals of $(words $(PROOF_UNITS)) units proved"
endef

prove: prove-preflight
	@$(MAKE) --no-print-directory $(call PROOF_RUN,prove)
	$(PROOF_VERDICT)
prove-all: prove-preflight
	@$(MAKE) --no-print-directory $(call PROOF_RUN,all)
	$(PROOF_VERDICT)
prove-check: prove-preflight
	@$(MAKE) --no-print-directory $(call PROOF_RUN,check)
	$(PROOF_VERDICT)

prove-clean:
	rm -rf $(PROOF_TMP)
	rm -f $(PROOF_OUT)/*.log $(PROOF_OUT)/*.json $(PROOF_OUT)/*.hash

print-proof-units:
	@$(foreach u,$(PROOF_UNITS),echo '$(u)  $(PROOF_SRC_$(u))  $(WP_FLAGS_$(u))';)
