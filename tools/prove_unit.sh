#!/bin/sh
# One Frama-C/WP proof unit (one .c file under src/), called by mk/prove.mk.
#
# usage: tools/prove_unit.sh MODE SRC UNIT
#   MODE  prove   re-prove when the unit's key changed, its report is
#                 missing or has unproved goals (cache mode: update)
#         all     re-run whatever the key (cache mode: replay)
#         check   re-run (cache mode: replay) when the key changed or the
#                 report is missing; otherwise keep the committed report
#                 (its goals are checked afterwards by tools/wp_summary.py)
#   SRC   src/dir/file.c       UNIT  dir_file   (report: proof/out/UNIT.json)
#
# The key of a unit is the sha256 of
#   - the source as Frama-C's preprocessor sees it (gcc -E -C, Frama-C's
#     libc headers, -D__FRAMAC__, -Iinclude -Isrc): the .c file, every
#     header it includes and every ACSL comment in them;
#   - the WP flags that change goals or verdicts (provers, limits, model,
#     the unit's own WP_FLAGS_<unit>), NOT -wp-par nor the cache mode;
#   - the versions of frama-c, why3, z3, cvc4 (proof/tmp/versions.txt).
# It is committed as proof/out/UNIT.hash next to proof/out/UNIT.json and
# written only after a Frama-C run that succeeded without a forbidden
# warning, so "key matches" means "this exact input was analysed cleanly
# and produced this report".
#
# Environment (set by mk/prove.mk):
#   FRAMAC, PYTHON, PROOF_CPP (preprocessor command for the key),
#   PROOF_CPPFLAGS (-Iinclude -Isrc), WP_GOAL_FLAGS, WP_RUN_FLAGS,
#   WP_UNIT_FLAGS, PROOF_BAD_WARNINGS (extended regexp), PROOF_CACHE_MODE.
#
# Never fails the make run by itself: the outcome goes to
# proof/tmp/UNIT.status ("ok ..." or "FAILED ..."); mk/prove.mk collects
# them after the summary, so one broken unit does not hide the others.
set -u
mode=$1 src=$2 unit=$3
out=proof/out
tmp=proof/tmp
json=$out/$unit.json
hash=$out/$unit.hash
log=$out/$unit.log
status=$tmp/$unit.status
mkdir -p "$out" "$tmp"

# Two make runs in one tree must not prove the same unit at the same time
# (they would share proof/tmp/UNIT.*): take the unit's lock, if flock(1)
# is there.
if [ -z "${PROVE_UNIT_LOCKED:-}" ] && command -v flock > /dev/null 2>&1; then
  PROVE_UNIT_LOCKED=1; export PROVE_UNIT_LOCKED
  exec flock "$tmp/$unit.lock" "$0" "$@"
fi
rm -f "$status" "$tmp/$unit.time"

fail() {
  echo "FAILED $*" > "$status"
  echo "PROVE $unit: FAILED: $*" >&2
  exit 0
}

[ -f "$src" ] || fail "no such source file $src"

# ---- the key ----
key=$(
  {
    # shellcheck disable=SC2086
    $PROOF_CPP $PROOF_CPPFLAGS "$src" || echo "PREPROCESSING FAILED $$"
    echo "cpp: $PROOF_CPPFLAGS"
    echo "wp: $WP_GOAL_FLAGS"
    echo "unit: $WP_UNIT_FLAGS"
    echo "extra: ${PROOF_KEY_EXTRA:-}"
    cat "$tmp/versions.txt"
  } 2>/dev/null | sha256sum | cut -d' ' -f1
)

# ---- re-run or keep? ----
unproved() {  # true when the report has a goal that is not valid
  "$PYTHON" - "$1" <<'EOF'
import json, sys
try:
    g = json.load(open(sys.argv[1]))["wp:global"]["wp:main"]
    sys.exit(0 if g.get("valid", 0) < g.get("total", 0) or g.get("total", 0) == 0 else 1)
except Exception:
    sys.exit(0)
EOF
}
same_key=no
if [ -f "$json" ] && [ -f "$hash" ] && [ "$(cat "$hash")" = "$key" ]; then
  same_key=yes
fi
case $mode in
  prove) cache=update
         if [ $same_key = yes ] && ! unproved "$json"; then run=no; else run=yes; fi ;;
  all)   cache=replay; run=yes ;;
  check) cache=replay
         if [ $same_key = yes ]; then run=no; else run=yes; fi ;;
  *)     echo "prove_unit.sh: unknown mode $mode" >&2; exit 2 ;;
esac
# FRAMAC_WP_CACHE in the environment overrides the mode (-wp-cache-env).
cache=${FRAMAC_WP_CACHE:-$cache}

if [ $run = no ]; then
  echo "ok unchanged" > "$status"
  echo "PROVE $unit: unchanged (key $(echo "$key" | cut -c1-12)), committed report kept"
  exit 0
fi

# ---- run Frama-C ----
echo "PROVE $unit: $src (cache $cache)"
start=$(date +%s.%N)
# shellcheck disable=SC2086
"$FRAMAC" -cpp-extra-args="$PROOF_CPPFLAGS" "$src" \
  $WP_GOAL_FLAGS $WP_UNIT_FLAGS $WP_RUN_FLAGS -wp-cache "$cache" \
  -wp-report-json "$tmp/$unit.json" > "$log" 2>&1
rc=$?
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f\n", e - s }' > "$tmp/$unit.time"

if [ $rc -ne 0 ] || [ ! -s "$tmp/$unit.json" ]; then
  tail -n 20 "$log" >&2
  rm -f "$tmp/$unit.json"
  fail "frama-c exit status $rc (see $log)"
fi

# Warnings that mean "what was proved is not what runs" or "a callee has
# no contract": fail on them even when every goal is proved.  The report
# is still written (so the table shows the unit), the key is not.
bad=$(grep -n -A2 -E "$PROOF_BAD_WARNINGS" "$log" | head -n 30)
mv "$tmp/$unit.json" "$json"
if [ -n "$bad" ]; then
  rm -f "$hash"
  echo "$bad" >&2
  fail "forbidden Frama-C warning(s), see $log"
fi
echo "$key" > "$hash"
echo "ok ran $cache $(cat "$tmp/$unit.time")s" > "$status"
exit 0
