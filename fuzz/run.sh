#!/bin/sh
# Run each fuzz target for a fixed time on its corpus and print one line
# per target: executions, executions per second, the coverage counters of
# libFuzzer (cov: edges, ft: features), the corpus size, and the verdict.
# Exits non-zero if any target crashed, timed out or failed a check; the
# input that did it is saved as DIR/crashes/<target>-crash-<sha1> and the
# log as DIR/logs/<target>.log.
#
#   fuzz/run.sh BUILD_FUZZ_DIR SECONDS TARGET...     (make fuzz calls it)
set -u
. fuzz/log_stats.sh
dir=$1
secs=$2
shift 2
mkdir -p "$dir/logs" "$dir/crashes"
status=0
printf '%-14s %12s %9s %7s %7s %7s  %s\n' target execs exec/s cov ft corpus result
for t in "$@"; do
  log=$dir/logs/$t.log
  dict=
  [ -f "fuzz/$t.dict" ] && dict=-dict=fuzz/$t.dict
  # One process (no -jobs/-fork: their workers log to fuzz-N.log files
  # and a crash would not end the run at once); -max_total_time bounds it.
  "$dir/san/$t" "$dir/corpus/$t" -max_total_time="$secs" \
    -print_final_stats=1 -timeout=120 -rss_limit_mb=4096 \
    -artifact_prefix="$dir/crashes/$t-" $dict >"$log" 2>&1
  rc=$?
  log_stats "$log"
  if [ "$rc" -eq 0 ]; then
    result=ok
  else
    result="FAILED (exit $rc, see $log)"
    status=1
    log_errors "$log"
  fi
  printf '%-14s %12s %9s %7s %7s %7s  %s\n' "$t" "${execs:-?}" "${rate:-?}" \
    "${cov:-?}" "${ft:-?}" "${corp:-?}" "$result"
done
exit $status
