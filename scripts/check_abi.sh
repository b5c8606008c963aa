#!/bin/sh
# The frozen ABI of libqed.so (issue 11, item 6), run by make check-abi
# (check) and make abi-update (update).
#
# usage: scripts/check_abi.sh check|update LIBQED_SO SYMBOLS_FILE [CC] [PYTHON]
#
#   check   the dynamic symbols the library defines, sorted, must equal
#           SYMBOLS_FILE (abi/symbols.txt); a difference is printed as a
#           unified diff (- frozen, + built) and fails
#   update  write SYMBOLS_FILE from the library, after the checks below
#
# Either way every exported symbol must start with qed_ and be a function
# declared in a public header (qed/qed.h, as the compiler reads it:
# tools/public_decls.py), and qed/qed.h must include every public header
# but qed/nacl_compat.h (abi/export.h exports what qed.h declares).
# Functions declared but not defined are listed as a note: a header may
# declare a function before it is written.
set -eu
mode=$1 lib=$2 symbols=$3 cc=${4:-gcc} python=${5:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
err=0

[ -f "$lib" ] || { echo "check-abi: $lib does not exist" >&2; exit 1; }
nm -D --defined-only "$lib" | awk 'NF == 3 { print $3 }' | LC_ALL=C sort -u > "$tmp/built"
"$python" tools/public_decls.py "$cc" | awk '{ print $1 }' | LC_ALL=C sort -u > "$tmp/declared"

bad=$(grep -v '^qed_' "$tmp/built" || true)
if [ -n "$bad" ]; then
  echo "check-abi: $lib exports symbols without the qed_ prefix:" >&2
  echo "$bad" | sed 's/^/  /' >&2; err=1
fi
undeclared=$(LC_ALL=C comm -23 "$tmp/built" "$tmp/declared")
if [ -n "$undeclared" ]; then
  echo "check-abi: $lib exports symbols no public header declares (they must be hidden, or declared in include/qed/):" >&2
  echo "$undeclared" | sed 's/^/  /' >&2; err=1
fi
for h in include/qed/*.h; do
  case $h in include/qed/qed.h|include/qed/nacl_compat.h) continue;; esac
  grep -q "^#include \"qed/$(basename "$h")\"" include/qed/qed.h || {
    echo "check-abi: include/qed/qed.h does not include $h (abi/export.h would not export it)" >&2; err=1; }
done
missing=$(LC_ALL=C comm -13 "$tmp/built" "$tmp/declared")
if [ -n "$missing" ]; then
  echo "check-abi: note: declared in a public header but not defined in $lib:"
  echo "$missing" | sed 's/^/  /'
fi
[ $err -eq 0 ] || exit 1

case $mode in
update)
  cp "$tmp/built" "$symbols"
  echo "check-abi: $symbols written ($(wc -l < "$symbols") symbols)";;
check)
  if [ ! -f "$symbols" ]; then
    echo "check-abi: $symbols is missing; make abi-update writes it" >&2; exit 1
  fi
  if ! diff -u --label "$symbols (frozen)" --label "$lib (built)" "$symbols" "$tmp/built" > "$tmp/diff"; then
    cat "$tmp/diff" >&2
    echo "check-abi: the exported symbols of $lib differ from $symbols (- removed, + added)." >&2
    echo "check-abi: if the change is deliberate, run 'make abi-update' and commit $symbols." >&2
    exit 1
  fi
  echo "check-abi: $lib exports the $(wc -l < "$symbols") symbols of $symbols, each declared in a public header";;
*)
  echo "usage: $0 check|update LIBQED_SO SYMBOLS_FILE [CC] [PYTHON]" >&2; exit 2;;
esac
