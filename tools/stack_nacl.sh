#!/bin/sh
# Stack high-water marks of box_easy / box_open_easy / secretbox / sign /
# verify / scalarmult (1 KiB messages) on every backend, by painting
# (tools/stack_nacl.c), against libsodium's figures in ANCHORS.md (issue 6).
#   tools/stack_nacl.sh [libqed.a]      (default build/libqed.a; run make lib first)
set -e
LIB=${1:-build/libqed.a}
OUT=${TMPDIR:-/tmp}/stack_nacl_$$
cc -std=c11 -O2 -Iinclude tools/stack_nacl.c "$LIB" -pthread -o "$OUT"
for b in portable avx2 avx512; do
  echo "== QED_BACKEND=$b"
  QED_BACKEND=$b "$OUT"
done
echo "libsodium (ANCHORS.md): sign 1920, verify 3648, X25519 2368, box 2528"
rm -f "$OUT"
