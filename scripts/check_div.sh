#!/bin/sh
# No variable-time division on secrets (issue 11, item 7), run by
# make check-div: disassemble the release library (objdump -d -l of
# libqed.a, built at the Makefile's default flags), find every DIV and
# IDIV, and fail on any in a function that budgets/div-allowed.txt does
# not list.  Every division found is printed with its source line, so a
# reviewer sees what each allowed function divides; listed functions that
# no longer divide are noted (the list can shrink).
#
# With ARCH riscv (the freestanding rv32 build, -ffunction-sections): the
# RV32M divisions DIV, DIVU, REM, REMU (variable time on many cores) and
# calls to libgcc's 64-bit division helpers (__udivdi3 and friends: loops
# of them), each function named by its section.  At -Os GCC keeps DIVU
# and REMU even for constant divisors (smaller than the multiply), so the
# riscv32 list is longer than the x86-64 one.
#
# A function listed with the kind "defect" is a known leak being fixed: it
# does not fail the check, and every run prints it as a DEFECT.
#
# usage: scripts/check_div.sh LIBQED_A ALLOW_FILE [OBJDUMP] [x86|riscv]
set -eu
lib=$1 allow=$2 objdump=${3:-objdump} arch=${4:-x86}
[ -f "$lib" ] || { echo "check-div: $lib does not exist" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "member:function mnemonic source-line", one line per division.
if [ "$arch" = riscv ]; then
"$objdump" -d -l -r --no-show-raw-insn "$lib" 2>/dev/null | awk '
  /file format/        { m = $1; sub(/:$/, "", m); next }
  /^Disassembly of section / { f = $4; sub(/:$/, "", f); sub(/^\.text\./, "", f); sub(/\.(part|isra|constprop|cold)\.[0-9]+.*$/, "", f); loc = "?"; next }
  /^\/.*:[0-9]+/       { loc = $1; next }
  /^[a-zA-Z_.][^ ]*:[0-9]+/ { loc = $1; next }
  $2 ~ /^(div|divu|rem|remu)$/ { print m ":" f, $2, loc; next }
  /R_RISCV_CALL/ && /__(u?div|u?mod)di3/ { c = $NF; print m ":" f, "call:" c, loc }' | sed "s|$(pwd)/||" | LC_ALL=C sort -u > "$tmp/found"
else
"$objdump" -d -l --no-show-raw-insn "$lib" 2>/dev/null | awk '
  /file format/        { m = $1; sub(/:$/, "", m); next }
  /^[0-9a-f]+ <.*>:$/  { f = $2; gsub(/[<>:]/, "", f); sub(/\.(part|isra|constprop|cold)\.[0-9]+.*$/, "", f); loc = "?"; next }
  /^\/.*:[0-9]+/       { loc = $1; next }
  /^[a-zA-Z_.][^ ]*:[0-9]+/ { loc = $1; next }
  $2 ~ /^i?div[bwlq]?$/ { print m ":" f, $2, loc }' | sed "s|$(pwd)/||" | LC_ALL=C sort -u > "$tmp/found"
fi
sed -e 's/#.*//' "$allow" | awk 'NF >= 2 { print $1, $2 }' > "$tmp/allow"

err=0
echo "check-div: divisions in $lib:"
while read -r fn insn loc; do
  kind=$(awk -v f="$fn" '$1 == f { print $2 }' "$tmp/allow")
  if [ -z "$kind" ]; then
    printf '  %-60s %-5s %s  NOT ALLOWED\n' "$fn" "$insn" "$loc"; err=1
  elif [ "$kind" = defect ]; then
    printf '  %-60s %-5s %s  DEFECT (known, listed in %s)\n' "$fn" "$insn" "$loc" "$allow"
    echo "$fn" >> "$tmp/defects"
  else
    printf '  %-60s %-5s %s  (%s)\n' "$fn" "$insn" "$loc" "$kind"
  fi
done < "$tmp/found"
awk '{ print $1 }' "$tmp/found" | LC_ALL=C sort -u > "$tmp/fns"
awk '{ print $1 }' "$tmp/allow" | LC_ALL=C sort -u > "$tmp/allowed"
stale=$(LC_ALL=C comm -13 "$tmp/fns" "$tmp/allowed")
[ -z "$stale" ] || echo "check-div: note: listed in $allow but without a division now: $(echo $stale)"
if [ $err -ne 0 ]; then
  echo "check-div: a function outside $allow divides: a secret must never reach DIV/IDIV (its time depends on the operands)." >&2
  echo "check-div: divide by a constant, or shift, or mask; if only public values are divided, add the function to $allow with what it divides." >&2
  exit 1
fi
if [ -s "$tmp/defects" ]; then
  echo "check-div: WARNING: known defects, a secret reaches a division: $(LC_ALL=C sort -u "$tmp/defects" | tr '\n' ' ')(see $allow)"
fi
echo "check-div: $(wc -l < "$tmp/fns") functions divide, every one listed in $allow; no other function has a division"
