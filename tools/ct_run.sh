#!/bin/sh
# Run ct/ct_test under valgrind memcheck, every test once per backend
# (called by `make ct`, mk/ct.mk).
#
# usage: tools/ct_run.sh CT_TEST_BINARY
# environment: CT_VALGRIND  valgrind command line (with --error-exitcode=42)
#              CT_BACKENDS  backends to force with QED_BACKEND (avx2 portable)
#              CT_JOBS      runs side by side (2)
#              CT_LOGDIR    one log per run (build/ct/logs)
#
# A test that must pass passes when valgrind exits 0; a known-leaky test
# (ct_test --leaky) passes when valgrind exits 42, i.e. memcheck flagged it.
# A backend the CPU does not have is skipped (and said so); a run on a
# backend other than the one asked for fails (ct_test exit status 3).
set -u

if [ "${1:-}" = "--one" ]; then           # worker: BINARY BACKEND TEST
  bin=$2 b=$3 t=$4
  # shellcheck disable=SC2086
  QED_BACKEND=$b QED_CT_EXPECT_BACKEND=$b $CT_VALGRIND "$bin" "$t" \
    > "$CT_LOGDIR/$b.$t.log" 2>&1
  echo $? > "$CT_LOGDIR/$b.$t.rc"
  exit 0
fi

bin=${1:?usage: ct_run.sh CT_TEST_BINARY}
: "${CT_VALGRIND:=valgrind -q --tool=memcheck --error-exitcode=42 --track-origins=yes}"
: "${CT_BACKENDS:=portable}"
: "${CT_JOBS:=2}"
: "${CT_LOGDIR:=$(dirname "$bin")/logs}"
export CT_VALGRIND CT_LOGDIR

command -v "${CT_VALGRIND%% *}" > /dev/null 2>&1 || {
  echo "ct: ${CT_VALGRIND%% *} not found (apt-get install valgrind)" >&2; exit 1; }
rm -rf "$CT_LOGDIR"
mkdir -p "$CT_LOGDIR"

ok_tests=$("$bin" --list) || exit 1
leaky_tests=$("$bin" --leaky) || exit 1
[ -n "$ok_tests" ] && [ -n "$leaky_tests" ] || { echo "ct: no tests" >&2; exit 1; }

backends=""
for b in $CT_BACKENDS; do
  got=$(QED_BACKEND=$b "$bin" --backend)
  if [ "$got" = "$b" ]; then
    backends="$backends $b"
  else
    echo "ct: SKIP backend $b: this CPU gives '$got' (tests run on the others)"
  fi
done
[ -n "$backends" ] || { echo "ct: no backend to test" >&2; exit 1; }

start=$(date +%s)
for b in $backends; do
  for t in $ok_tests $leaky_tests; do echo "$b $t"; done
done | xargs -P "$CT_JOBS" -n 2 "$0" --one "$bin"

pass=0 fail=0
for b in $backends; do
  for t in $ok_tests $leaky_tests; do
    rc=$(cat "$CT_LOGDIR/$b.$t.rc" 2>/dev/null || echo missing)
    case " $(echo $leaky_tests) " in *" $t "*) leaky=1 ;; *) leaky=0 ;; esac
    name=$(printf '%-9s %-14s' "$b" "$t")
    if [ $leaky = 1 ]; then
      if [ "$rc" = 42 ]; then
        echo "ct ok    $name flagged by memcheck, as it must be (self-test)"
        pass=$((pass + 1)); continue
      fi
      if [ "$rc" = 0 ]; then msg="NOT flagged: the harness does not detect leaks"
      else msg="exit status $rc"; fi
    else
      if [ "$rc" = 0 ]; then
        echo "ct ok    $name constant time"
        pass=$((pass + 1)); continue
      fi
      case $rc in
        42) msg="LEAK: memcheck saw a secret-dependent branch or address" ;;
        3)  msg="ran on the wrong backend" ;;
        1)  msg="wrong result" ;;
        *)  msg="exit status $rc" ;;
      esac
    fi
    echo "ct FAIL  $name $msg (log: $CT_LOGDIR/$b.$t.log)"
    sed 's/^/    | /' "$CT_LOGDIR/$b.$t.log" | head -n 40
    fail=$((fail + 1))
  done
done
echo "ct: $pass passed, $fail failed ($(( $(date +%s) - start )) s; backends:$backends)"
[ $fail -eq 0 ]
