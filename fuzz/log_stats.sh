# Shared by fuzz/run.sh and fuzz/run_cpu.sh (sourced, POSIX sh): what one
# libFuzzer log says.
#
#   log_stats LOG    sets execs and rate (from -print_final_stats=1) and
#                    cov, ft, corp (libFuzzer's last status line)
#   log_errors LOG   prints the first lines that say why a run failed

log_stats() {
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$1" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$1" | tail -n 1)
  last=$(grep -E '^#[0-9]+' "$1" | grep ' cov: ' | tail -n 1)
  cov=$(printf '%s\n' "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
  ft=$(printf '%s\n' "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
  corp=$(printf '%s\n' "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
}

log_errors() {
  grep -E 'fuzz check failed|ERROR: |SUMMARY: ' "$1" | head -n 5
}
