#!/bin/sh
# The mechanism abi/export.h relies on, checked on the compilers in use
# (make check-abi): under -fvisibility=hidden, a function or variable whose
# first declaration was read inside #pragma GCC visibility push(default)
# keeps default visibility when it is defined later, outside the pragma;
# a function declared nowhere public is hidden; a header's static inline
# function is not exported at all.
#
# usage: scripts/check_visibility.sh CC...
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/pub.h" <<'H'
#ifndef PUB_H
#define PUB_H
int pub_fn(int x);
extern int pub_var;
static inline int pub_inline(int x) { return x + 1; }
#endif
H
cat > "$tmp/export.h" <<'H'
#pragma GCC visibility push(default)
#include "pub.h"
#pragma GCC visibility pop
H
cat > "$tmp/lib.c" <<'H'
#include "pub.h"
int pub_var = 3;
int internal_fn(int x);
int internal_fn(int x) { return pub_inline(x) * 2; }
int pub_fn(int x) { return internal_fn(x) + pub_var; }
/* keep pub_inline out of line in this object, if the compiler would */
int (*internal_ptr)(int) = pub_inline;
H
err=0
for cc in "$@"; do
  "$cc" -std=c11 -O2 -fPIC -fvisibility=hidden -include "$tmp/export.h" \
    -I"$tmp" -c "$tmp/lib.c" -o "$tmp/lib.o"
  "$cc" -shared -o "$tmp/lib.so" "$tmp/lib.o"
  got=$(nm -D --defined-only "$tmp/lib.so" | awk 'NF == 3 { print $3 }' | LC_ALL=C sort | tr '\n' ' ')
  if [ "$got" = "pub_fn pub_var " ]; then
    echo "check-visibility: $cc: push(default) declarations exported, the rest hidden, static inline not exported"
  else
    echo "check-visibility: $cc: expected 'pub_fn pub_var' exported, got '$got'" >&2; err=1
  fi
done
exit $err
