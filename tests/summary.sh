#!/bin/sh
# The table of `make test-summary`: runs the four C tests once per CPU
# backend, keeps their output in DIR/*.log, and prints one row per test
# with the passes and failures summed over the backends.
#
#   tests/summary.sh DIR VECTORS "BACKENDS" [RUNNER]
#
# A test whose last line is not "N passed, M failed", or that exits
# non-zero, counts one failure more.  Exit status 1 on any failure.
set -u
dir=$1
vectors=$2
backends=$3
runner=${4:-}
status=0

printf '%-8s %-28s %8s %7s\n' test "backends (asked>used)" passed failed
for t in unit rounds kat stream; do
  case $t in
    unit) bin=test_common; args= ;;
    rounds) bin=test_rounds; args=$vectors ;;
    kat) bin=kat_keccak; args=$vectors ;;
    *) bin=test_stream; args= ;;
  esac
  passed=0
  failed=0
  used=
  for b in $backends; do
    log=$dir/$bin.$b.log
    # shellcheck disable=SC2086  # runner and args are word lists
    QED_BACKEND=$b $runner "$dir/$bin" $args >"$log" 2>&1
    rc=$?
    last=$(tail -n 1 "$log")
    case $last in
      *[0-9]" passed, "*[0-9]" failed") ;;
      *) last="0 passed, 0 failed"; rc=1 ;;
    esac
    # shellcheck disable=SC2086  # split "N passed, M failed" into words
    set -- $last
    passed=$((passed + $1))
    failed=$((failed + $3))
    if [ "$rc" -ne 0 ] && [ "$3" -eq 0 ]; then failed=$((failed + 1)); fi
    name=$(sed -n 's/^backend: \([a-z0-9]*\).*/\1/p' "$log" | head -n 1)
    [ -z "$name" ] || [ "$name" = "$b" ] || b="$b>$name"
    used="$used${used:+,}$b"
  done
  [ "$failed" -eq 0 ] || status=1
  printf '%-8s %-28s %8s %7s\n' "$t" "$used" "$passed" "$failed"
done
[ "$status" -eq 0 ] || echo "failures: see $dir/*.log"
exit $status
