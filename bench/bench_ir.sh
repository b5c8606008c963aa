#!/bin/sh
# qed — instructions per byte under callgrind, qed against OpenSSL
# (make bench-ir).  Deterministic: the counts do not depend on the load.
#
#   bench_ir.sh DRIVER WORKDIR MARKDOWN
#
# Every count is the Ir callgrind collects inside bench_ir_target() only
# (--toggle-collect), for one call hashing N = 64 KiB (and once more with
# 0 bytes: the fixed cost of a call).  Valgrind 3.19 cannot execute
# AVX-512, and its emulated CPUID does not report it; qed is run with
# QED_BACKEND=avx2 (the x86-64-v3 build) and QED_BACKEND=portable, and
# OpenSSL with OPENSSL_ia32cap masking the AVX-512 family anyway (its
# SHA-3 is the scalar keccak1600-x86_64 assembly in any case).
set -eu

drv=$1
dir=$2
md=$3
N=65536
PERM_CALLS=100
OSSL_CAP=':~0x5e42dc230000'   # CPUID(7) EBX/ECX AVX-512 bits (+VAES, VPCLMULQDQ)

command -v valgrind >/dev/null 2>&1 || { echo "bench-ir: valgrind not found" >&2; exit 1; }
mkdir -p "$dir"
start=$(date +%s)

# run CONFIG FUNC N: prints "IR OUT" (IR = collected Ir; OUT = the output line)
run() {
  cfg=$1 fn=$2 n=$3
  tag="$cfg-$fn-$n"
  case $cfg in
    qed-avx2)     ev="QED_BACKEND=avx2";          lib=qed ;;
    qed-portable) ev="QED_BACKEND=portable";      lib=qed ;;
    openssl)      ev="OPENSSL_ia32cap=$OSSL_CAP"; lib=openssl ;;
  esac
  if ! env "$ev" "$drv" "$lib" "$fn" "$n" >"$dir/$tag.native" 2>&1; then
    echo "bench-ir: $cfg $fn $n fails natively:" >&2; cat "$dir/$tag.native" >&2; exit 1
  fi
  rm -f "$dir/$tag.out"
  if ! env "$ev" valgrind --tool=callgrind --toggle-collect=bench_ir_target \
        --callgrind-out-file="$dir/$tag.out" "$drv" "$lib" "$fn" "$n" \
        >"$dir/$tag.txt" 2>"$dir/$tag.log"; then
    echo "bench-ir: $cfg $fn $n fails under valgrind (see $dir/$tag.log):" >&2
    tail -20 "$dir/$tag.log" >&2; exit 1
  fi
  if ! cmp -s "$dir/$tag.native" "$dir/$tag.txt"; then
    echo "bench-ir: $cfg $fn $n: output under valgrind differs from native" >&2; exit 1
  fi
  ir=$(sed -n 's/^totals: *\([0-9][0-9]*\).*/\1/p' "$dir/$tag.out")
  [ -n "$ir" ] || ir=$(sed -n 's/^summary: *\([0-9][0-9]*\).*/\1/p' "$dir/$tag.out")
  [ -n "$ir" ] || { echo "bench-ir: no count in $dir/$tag.out" >&2; exit 1; }
  echo "$ir $(cat "$dir/$tag.txt")"
}

div() { awk -v a="$1" -v b="$2" -v p="${3:-2}" 'BEGIN { printf "%.*f", p, a / b }'; }

rows=""
backend_seen=""
for fn in sha3-256 sha3-512 shake128 shake256; do
  line="$fn"
  ref=""
  for cfg in qed-avx2 qed-portable openssl; do
    set -- $(run "$cfg" "$fn" "$N"); ir=$1; be=${2#backend=}; o=${3#out=}
    set -- $(run "$cfg" "$fn" 0);    ir0=$1
    if [ -z "$ref" ]; then ref=$o
    elif [ "$o" != "$ref" ]; then
      echo "bench-ir: $fn: $cfg gives $o, qed-avx2 gives $ref" >&2; exit 1
    fi
    case $cfg in qed-*) backend_seen="$backend_seen $cfg:$be";; esac
    line="$line $ir $ir0"
  done
  rows="$rows$line
"
done

# The permutation: PERM_CALLS calls, Ir per call.
perm=""
ref=""
for cfg in qed-avx2 qed-portable openssl; do
  if [ "$cfg" = openssl ] && ! "$drv" openssl p1600 1 >/dev/null 2>&1; then
    perm="$perm -"; continue
  fi
  set -- $(run "$cfg" p1600 "$PERM_CALLS"); ir=$1; o=${3#out=}
  if [ -z "$ref" ]; then ref=$o
  elif [ "$o" != "$ref" ]; then
    echo "bench-ir: p1600: $cfg differs from qed-avx2" >&2; exit 1
  fi
  perm="$perm $ir"
done

# Check the backends qed really used under valgrind.
for b in $backend_seen; do
  want=${b%%:*}; want=${want#qed-}; got=${b#*:}
  if [ "$want" != "$got" ]; then
    echo "bench-ir: asked qed for backend $want, it used $got" >&2; exit 1
  fi
done

vg=$(valgrind --version)
end=$(date +%s)
{
  echo "# qed vs OpenSSL: instructions (callgrind Ir), Keccak family"
  echo
  echo "- $vg; counted: the hashing call only (--toggle-collect=bench_ir_target), one-shot, message $N bytes, SHAKE output 32 bytes"
  echo "- qed avx2 = QED_BACKEND=avx2 (x86-64-v3 build), qed portable = QED_BACKEND=portable; OpenSSL $(openssl version 2>/dev/null | cut -d' ' -f2) with OPENSSL_ia32cap=$OSSL_CAP (EVP_DigestInit_ex + Update + Final[XOF] on one EVP_MD_CTX, fetched and warmed up outside; 3.0 frees and re-allocates the provider context at every init, ~900 Ir)"
  echo "- Ir/B = Ir of one call on $N bytes / $N (fixed cost included); fixed = Ir of one call on 0 bytes; ratio = qed / OpenSSL (< 1: qed executes fewer)"
  echo "- digests of all three agree under valgrind; $((end - start)) s"
  echo
  echo "| function | qed avx2 Ir/B | qed portable Ir/B | OpenSSL Ir/B | ratio avx2 | ratio portable | fixed: qed avx2 | qed portable | OpenSSL |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
  printf '%s' "$rows" | while read -r fn a a0 p p0 o o0; do
    [ -n "$fn" ] || continue
    echo "| $fn | $(div "$a" $N) | $(div "$p" $N) | $(div "$o" $N) | $(div "$a" "$o" 3) | $(div "$p" "$o" 3) | $a0 | $p0 | $o0 |"
  done
  set -- $perm
  pa=$(div "$1" $PERM_CALLS 0); pp=$(div "$2" $PERM_CALLS 0)
  if [ "$3" = - ]; then po=-; ra=-; rp=-
  else po=$(div "$3" $PERM_CALLS 0); ra=$(div "$1" "$3" 3); rp=$(div "$2" "$3" 3); fi
  echo "| Keccak-p[1600,24], Ir/call | $pa | $pp | $po | $ra | $rp | | | |"
  if [ "$3" != - ]; then
    echo
    echo "OpenSSL's permutation is not exported: its row is SHA3_absorb of one 8-byte block (one lane XOR + permutation) from libcrypto.a's keccak1600-x86_64.o."
  fi
} >"$md"

# The same, aligned, on the terminal.
awk -F'|' '
  FNR == NR {
    if ($0 ~ /^\|/ && $0 !~ /^\|---/)
      for (i = 2; i < NF; i++) { c = $i; gsub(/^ +| +$/, "", c); if (length(c) > w[i]) w[i] = length(c) }
    next
  }
  /^\|---/ {
    s = ""; for (i = 2; i < NF; i++) { t = sprintf("%*s", w[i], ""); gsub(/ /, "-", t); s = s (i == 2 ? "" : "  ") t }
    print s; next
  }
  /^\|/ {
    s = ""
    for (i = 2; i < NF; i++) { c = $i; gsub(/^ +| +$/, "", c); s = s (i == 2 ? sprintf("%-*s", w[i], c) : sprintf("  %*s", w[i], c)) }
    print s; next
  }
  { print }' "$md" "$md"
echo
echo "(written to $md)"
