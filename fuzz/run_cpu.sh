#!/bin/sh
# Run fuzz targets side by side until each has had CPU_SECONDS of CPU time
# (user + system), not of wall clock: on a shared machine a target given
# "one hour" of wall clock may get a fraction of a core.  Each target is
# started with a wall-clock bound well above its CPU budget; a watcher reads
# its CPU time from /proc every few seconds and sends SIGINT once the budget
# is reached.  libFuzzer answers SIGINT by printing its final statistics and
# exiting with code 72 ("run interrupted"), which counts as a pass here; any
# other non-zero exit (crash, leak, timeout, failed check) fails the run.
#
#   fuzz/run_cpu.sh BUILD_FUZZ_DIR CPU_SECONDS TARGET...
#
# One line per target at the end: CPU seconds, wall seconds, executions,
# libFuzzer's cov/ft counters, corpus size, verdict.  Logs go to
# DIR/logs/<target>.log, crashing inputs to DIR/crashes/<target>-*.
set -u
. fuzz/log_stats.sh
dir=$1
budget=$2
shift 2
mkdir -p "$dir/logs" "$dir/crashes"
hz=$(getconf CLK_TCK)
start=$(date +%s)

for t in "$@"; do
  dict=
  [ -f "fuzz/$t.dict" ] && dict=-dict=fuzz/$t.dict
  "$dir/san/$t" "$dir/corpus/$t" -max_total_time=$((budget * 8)) \
    -print_final_stats=1 -timeout=120 -rss_limit_mb=4096 \
    -artifact_prefix="$dir/crashes/$t-" $dict >"$dir/logs/$t.log" 2>&1 &
  echo $! >"$dir/logs/$t.pid"
done

# CPU seconds of process $1 (utime + stime, fields 14 and 15 of stat;
# the command name in field 2 has no spaces here).
cpu_of() {
  awk -v hz="$hz" '{ printf "%d\n", ($14 + $15) / hz }' "/proc/$1/stat" 2>/dev/null
}

while :; do
  alive=0
  for t in "$@"; do
    pid=$(cat "$dir/logs/$t.pid")
    [ -e "/proc/$pid" ] || continue
    c=$(cpu_of "$pid")
    [ -n "$c" ] || continue
    alive=1
    echo "$c" >"$dir/logs/$t.cpu"
    [ "$c" -ge "$budget" ] && kill -INT "$pid" 2>/dev/null
  done
  [ "$alive" -eq 0 ] && break
  sleep 5
done

status=0
printf '%-14s %6s %6s %12s %7s %7s %7s  %s\n' target cpu_s wall_s execs cov ft corpus result
for t in "$@"; do
  log=$dir/logs/$t.log
  pid=$(cat "$dir/logs/$t.pid")
  wait "$pid"
  rc=$?
  log_stats "$log"
  wall=$(( $(date -r "$log" +%s) - start ))
  if [ "$rc" -eq 0 ] || { [ "$rc" -eq 72 ] && grep -q 'run interrupted' "$log"; }; then
    result=ok
  else
    result="FAILED (exit $rc, see $log)"
    status=1
    log_errors "$log"
  fi
  printf '%-14s %6s %6s %12s %7s %7s %7s  %s\n' "$t" "$(cat "$dir/logs/$t.cpu" 2>/dev/null || echo '?')" \
    "$wall" "${execs:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$result"
done
exit $status
