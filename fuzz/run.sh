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
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  last=$(grep -E '^#[0-9]+' "$log" | grep ' cov: ' | tail -n 1)
  cov=$(printf '%s\n' "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
  ft=$(printf '%s\n' "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
  corp=$(printf '%s\n' "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
  if [ "$rc" -eq 0 ]; then
    result=ok
  else
    result="FAILED (exit $rc, see $log)"
    status=1
    grep -E 'fuzz check failed|ERROR: |SUMMARY: ' "$log" | head -n 5
  fi
  printf '%-14s %12s %9s %7s %7s %7s  %s\n' "$t" "${execs:-?}" "${rate:-?}" \
    "${cov:-?}" "${ft:-?}" "${corp:-?}" "$result"
done
exit $status
