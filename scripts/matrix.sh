#!/bin/sh
# One cell of the platform and compiler matrix (mk/matrix.mk), and the
# table of all cells.
#
#   scripts/matrix.sh run DIR NAME "CC" "CFLAGS" "RUN" MAKE
#       builds the library and the C test programs into DIR/NAME with the
#       compiler CC and CFLAGS (static test binaries), runs them with the
#       command prefix RUN (a qemu-user binary, or nothing), keeps the
#       output in DIR/NAME.log and writes one line to DIR/NAME.result:
#         NAME STATUS PROGRAMS RUNS PASSED FAILED SECONDS
#       Exit status 1 when the build or a test failed.
#   scripts/matrix.sh summary DIR NAME...
#       one row per cell from the .result files (a cell with no result
#       counts as failed), the totals, and exit status 1 on any failure.
#
# The build and the tests are the ones of test-s390x (mk/tests.mk): the
# same sub-make with another CC, BUILD, CFLAGS and TESTS_RUN.  The build
# may run in parallel (the caller's jobserver); the tests run one after
# the other (-j1), so that the log keeps each program's lines together and
# the "N passed, M failed" line of every run can be summed.
set -u

cmd=$1
shift

case $cmd in
run)
  dir=$1 name=$2 cc=$3 cflags=$4 run=$5 make=$6
  log=$dir/$name.log
  res=$dir/$name.result
  mkdir -p "$dir"
  rm -f "$res"
  start=$(date +%s)
  status=ok
  {
    echo "matrix $name: CC=$cc CFLAGS=$cflags TESTS_RUN=$run"
    # shellcheck disable=SC2086  # $make may carry options
    $make --no-print-directory CC="$cc" BUILD="$dir/$name" CFLAGS="$cflags" \
      TESTS_LDFLAGS=-static lib test-bins
  } >"$log" 2>&1 || status=build-failed
  if [ "$status" = ok ]; then
    # shellcheck disable=SC2086
    $make --no-print-directory -j1 CC="$cc" BUILD="$dir/$name" CFLAGS="$cflags" \
      TESTS_LDFLAGS=-static TESTS_RUN="$run" \
      test-unit test-kat test-stream test-families >>"$log" 2>&1 || status=test-failed
  fi
  secs=$(( $(date +%s) - start ))
  # Every run of a program prints "== PROGRAM, QED_BACKEND=B" first and
  # "N passed, M failed" last.
  runs=$(grep -c '^== .*, QED_BACKEND=' "$log")
  programs=$(sed -n 's/^== \(.*\), QED_BACKEND=.*/\1/p' "$log" | sort -u | wc -l)
  closed=$(grep -cE '^[0-9]+ passed, [0-9]+ failed$' "$log")
  passed=$(sed -nE 's/^([0-9]+) passed, [0-9]+ failed$/\1/p' "$log" | awk '{ s += $1 } END { print s + 0 }')
  failed=$(sed -nE 's/^[0-9]+ passed, ([0-9]+) failed$/\1/p' "$log" | awk '{ s += $1 } END { print s + 0 }')
  # A run that crashed before its closing line is one failure more.
  if [ "$closed" -lt "$runs" ]; then
    failed=$((failed + runs - closed))
    [ "$status" != ok ] || status=test-failed
  fi
  if [ "$status" = ok ] && [ "$runs" -eq 0 ]; then status=no-tests; fi
  echo "$name $status $programs $runs $passed $failed $secs" >"$res"
  printf 'matrix: %-22s %-12s %3s programs %4s runs %9s passed %4s failed %5ss\n' \
    "$name" "$status" "$programs" "$runs" "$passed" "$failed" "$secs"
  [ "$status" = ok ] || { echo "matrix: $name: see $log" >&2; exit 1; }
  ;;
summary)
  dir=$1
  shift
  total=0 bad=0 tpassed=0 tsecs=0
  printf '%-9s %-6s %-4s %-12s %8s %6s %10s %7s %7s\n' \
    arch cc opt status programs runs passed failed seconds
  for name in "$@"; do
    total=$((total + 1))
    # NAME is ARCH-CC-OPT; ARCH may itself contain a '-' (x86-64).
    opt=${name##*-}
    rest=${name%-*}
    cc=${rest##*-}
    arch=${rest%-*}
    if [ -f "$dir/$name.result" ]; then
      # shellcheck disable=SC2046
      set -- $(cat "$dir/$name.result")
      st=$2 programs=$3 runs=$4 passed=$5 failed=$6 secs=$7
    else
      st=not-run programs=0 runs=0 passed=0 failed=0 secs=0
    fi
    [ "$st" = ok ] || bad=$((bad + 1))
    tpassed=$((tpassed + passed))
    tsecs=$((tsecs + secs))
    printf '%-9s %-6s %-4s %-12s %8s %6s %10s %7s %7s\n' \
      "$arch" "$cc" "$opt" "$st" "$programs" "$runs" "$passed" "$failed" "$secs"
  done
  echo "matrix: $((total - bad)) of $total combinations passed; $tpassed checks passed; ${tsecs}s of build and test time summed over the combinations"
  echo "matrix: $((total - bad)) passed, $bad failed"
  [ "$bad" -eq 0 ]
  ;;
*)
  echo "usage: scripts/matrix.sh run DIR NAME CC CFLAGS RUN MAKE | summary DIR NAME..." >&2
  exit 2
  ;;
esac
