#!/bin/sh
# Source coverage reached by the fuzz corpora: each target, built with
# -fprofile-instr-generate -fcoverage-mapping (DIR/cov/), replays its
# corpus once (-runs=0); the profiles are merged and llvm-cov's per-file
# summary is added up per directory of src/ (lines and regions).
#
#   fuzz/coverage.sh BUILD_FUZZ_DIR TARGET...   (make fuzz-coverage calls it)
set -eu
dir=$1
shift
LLVM_PROFDATA=${LLVM_PROFDATA:-llvm-profdata-14}
LLVM_COV=${LLVM_COV:-llvm-cov-14}
prof=$dir/cov/prof
rm -rf "$prof"
mkdir -p "$prof"
objects=
for t in "$@"; do
  LLVM_PROFILE_FILE="$prof/$t.profraw" "$dir/cov/$t" -runs=0 "$dir/corpus/$t" \
    >"$prof/$t.log" 2>&1
  objects="$objects -object=$dir/cov/$t"
done
"$LLVM_PROFDATA" merge -sparse "$prof"/*.profraw -o "$prof/all.profdata"
first=$(printf '%s\n' $objects | head -n 1 | sed 's/^-object=//')
rest=$(printf '%s\n' $objects | tail -n +2)
# shellcheck disable=SC2086
"$LLVM_COV" export -summary-only -instr-profile="$prof/all.profdata" \
  "$first" $rest >"$prof/summary.json"
python3 - "$prof/summary.json" <<'PY'
import json, os, sys
data = json.load(open(sys.argv[1]))
dirs = {}
for f in data['data'][0]['files']:
    name = os.path.relpath(f['filename'])
    if not name.startswith('src/'):
        continue
    d = os.path.dirname(name)
    s = f['summary']
    acc = dirs.setdefault(d, [0, 0, 0, 0])
    acc[0] += s['lines']['covered']; acc[1] += s['lines']['count']
    acc[2] += s['regions']['covered']; acc[3] += s['regions']['count']
tot = [0, 0, 0, 0]
print('%-20s %15s %8s %15s %8s' % ('directory', 'lines', '%', 'regions', '%'))
for d in sorted(dirs):
    a = dirs[d]
    tot = [x + y for x, y in zip(tot, a)]
    print('%-20s %7d/%-7d %7.1f%% %7d/%-7d %7.1f%%' %
          (d, a[0], a[1], 100.0 * a[0] / max(a[1], 1), a[2], a[3],
           100.0 * a[2] / max(a[3], 1)))
print('%-20s %7d/%-7d %7.1f%% %7d/%-7d %7.1f%%' %
      ('src (all)', tot[0], tot[1], 100.0 * tot[0] / max(tot[1], 1), tot[2],
       tot[3], 100.0 * tot[2] / max(tot[3], 1)))
PY
