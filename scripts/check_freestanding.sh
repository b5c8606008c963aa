#!/bin/sh
# What the freestanding portable library takes from outside (make
# freestanding): memcpy and memset (freestanding/mem.c), the compiler's
# own helpers (libgcc: 64-bit shifts, multiplications and divisions on a
# 32-bit target), and qed_randombytes, which only the key generators and
# the RSA blinding call and which a freestanding platform supplies from its
# own random source (src/common/random.c needs an OS).  Anything else
# undefined fails.
#
# usage: scripts/check_freestanding.sh LIBQED_A [NM]
set -eu
lib=$1 nm=${2:-nm}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$nm" -A -u "$lib" | sed -n 's/^[^:]*:\([^:]*\): *U \(.*\)$/\1 \2/p' > "$tmp/undef"
"$nm" --defined-only "$lib" 2>/dev/null | awk 'NF == 3 && $2 ~ /^[TDRBC]$/ { print $3 }' | LC_ALL=C sort -u > "$tmp/defined"
libgcc='^__(ashldi3|ashrdi3|lshrdi3|muldi3|mulsi3|divdi3|moddi3|udivdi3|umoddi3|udivmoddi4|divsi3|modsi3|udivsi3|umodsi3|clzsi2|clzdi2|ctzsi2|ctzdi2|popcountsi2|popcountdi2|bswapsi2|bswapdi2|cmpdi2|ucmpdi2)$'
err=0
: > "$tmp/used"
while read -r member sym; do
  if grep -qx "$sym" "$tmp/defined"; then continue; fi
  case $sym in
  memcpy|memset|qed_randombytes) echo "$sym" >> "$tmp/used";;
  *)
    if echo "$sym" | grep -Eq "$libgcc"; then echo "$sym" >> "$tmp/used"
    else echo "check-freestanding: $lib: $member needs $sym, which a freestanding build does not have" >&2; err=1; fi;;
  esac
done < "$tmp/undef"
[ $err -eq 0 ] || exit 1
echo "check-freestanding: $lib ($(ar t "$lib" | wc -l) members) needs from outside only: $(LC_ALL=C sort -u "$tmp/used" | tr '\n' ' ')"
