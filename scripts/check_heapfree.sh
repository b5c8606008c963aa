#!/bin/sh
# Heap-free, stdio-free, abort-free (issue 11, item 5), run by
# make check-heapfree: nm -u on every member of libqed.a; each undefined
# symbol must be qed's own (qed_*, defined by some member) or be listed in
# the allow-list for that member.  The forbidden families are named in the
# message so a failure says what went wrong, not only that something did.
#
# usage: scripts/check_heapfree.sh LIBQED_A ALLOW_FILE [NM]
set -eu
lib=$1 allow=$2 nm=${3:-nm}
[ -f "$lib" ] || { echo "check-heapfree: $lib does not exist" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "member symbol" for every undefined symbol; the defined qed_ symbols.
"$nm" -A -u "$lib" | sed -n 's/^[^:]*:\([^:]*\): *U \(.*\)$/\1 \2/p' > "$tmp/undef"
"$nm" -A --defined-only "$lib" | awk '$2 ~ /^[TDRBC]$/ { print $3 }' | LC_ALL=C sort -u > "$tmp/defined"
sed -e 's/#.*//' "$allow" | awk 'NF >= 2 { print $1, $2 }' > "$tmp/allow"

forbidden='^(malloc|free|calloc|realloc|reallocarray|aligned_alloc|posix_memalign|memalign|valloc|pvalloc|strdup|strndup|alloca|sbrk|brk|mmap|printf|fprintf|sprintf|snprintf|vprintf|vfprintf|vsprintf|vsnprintf|dprintf|puts|fputs|putchar|fputc|putc|fwrite|fread|fopen|fclose|fflush|fgets|fgetc|getc|getchar|scanf|fscanf|sscanf|perror|setvbuf|stdin|stdout|stderr|abort|exit|_exit|_Exit|quick_exit|atexit|__assert_fail|__printf_chk|__fprintf_chk|__sprintf_chk|__snprintf_chk|__vfprintf_chk|__puts_chk|__fwrite_chk)$'
err=0
n=0
while read -r member sym; do
  n=$((n + 1))
  case $sym in
  qed_*)
    grep -qx "$sym" "$tmp/defined" || {
      echo "check-heapfree: $member: $sym is referenced but no member of $lib defines it" >&2; err=1; }
    continue;;
  esac
  if echo "$sym" | grep -Eq "$forbidden"; then
    echo "check-heapfree: $member references $sym (heap, stdio or process exit: forbidden)" >&2; err=1
    continue
  fi
  ok=0
  while read -r asym apat; do
    [ "$asym" = "$sym" ] || continue
    # shellcheck disable=SC2254
    case $member in $apat) ok=1;; esac
  done < "$tmp/allow"
  [ $ok -eq 1 ] || {
    echo "check-heapfree: $member references $sym, which $allow does not allow there" >&2; err=1; }
done < "$tmp/undef"
[ $err -eq 0 ] || exit 1
echo "check-heapfree: $lib: $(ar t "$lib" | wc -l) members, every undefined symbol qed's own or allowed:" \
  "$(awk '$2 !~ /^qed_/ { print $2 }' "$tmp/undef" | LC_ALL=C sort -u | tr '\n' ' ')"
