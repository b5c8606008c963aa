/* Shifts by 1 .. 63 bits with full functional contracts (bn/mpn.h):
 * qed_mpn_lshift, qed_mpn_rshift.
 *
 * A shift is a multiplication by a power of two, and that is how both are
 * written: lshift is mul_1 by 2^cnt; rshift multiplies by 2^(64 - cnt)
 * and drops the lowest limb (limb i of the product is the high bits of
 * a[i-1] joined to the low bits of a[i]).  The solvers then reason about
 * products, which they do well, instead of bit shifts and ORs, which they
 * do not.  The product goes through qed_mac64 (one MUL with __int128). */
#include "bn/mpn.h"

/* The labels name memory states for the proof (\\at(x, L)) only. */
#if defined(__GNUC__) && !defined(__FRAMAC__)
#pragma GCC diagnostic ignored "-Wunused-label"
#endif

/*@ requires 1 <= cnt <= 63;
    assigns \nothing;
    ensures \result == P2(cnt); */
static uint64_t pow2(unsigned cnt)
{
  return (uint64_t)1 << cnt;
}

uint64_t qed_mpn_lshift(uint64_t *r, const uint64_t *a, size_t n,
                        unsigned cnt)
{
  return qed_mpn_mul_1(r, a, n, pow2(cnt));
}

uint64_t qed_mpn_rshift(uint64_t *r, const uint64_t *a, size_t n,
                        unsigned cnt)
{
  const uint64_t m = pow2(64 - cnt);
  uint64_t c, low;
  size_t i;
  qed_u128 t = qed_mul64(a[0], m);
  //@ assert t.hi * 18446744073709551616 + t.lo == \at(a[0], Pre) * m;
  //@ assert value{Pre}(a, 1) == \at(a[0], Pre);
  //@ assert W64(1) == 18446744073709551616;
  low = t.lo;
  c = t.hi;
  /*@ loop invariant 0 <= i <= n - 1;
      loop invariant value(r, i) * 18446744073709551616 + low + c * W64(i + 1) ==
                     value{Pre}(a, i + 1) * m;
      loop assigns i, c, t, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i + 1 < n;) {
    const uint64_t ai = a[i + 1];
    //@ assert \let k = i + 1; ai == \at(a[k], Pre);
    //@ assert ai * m <= 340282366920938463426481119284349108225;
    t.hi = 0;
    t.lo = c;
    t = qed_mac64(t, ai, m);
    //@ assert t.hi * 18446744073709551616 + t.lo == ai * m + c;
  L:
    r[i] = t.lo;
    /*@ ghost
      size_t j;
      /@ loop invariant 0 <= j <= i;
         loop invariant value{L}(r, j) == value{Here}(r, j);
         loop assigns j;
         loop variant i - j;
      @/
      for (j = 0; j < i; j++) {
        /@ assert \let jj = j; value{L}(r, jj + 1) == value{L}(r, jj) + \at(r[jj], L) * W64(jj); @/
        /@ assert value(r, j + 1) == value(r, j) + r[j] * W64(j); @/
        /@ assert \let jj = j; r[jj] == \at(r[jj], L); @/
      }
    */
    c = t.hi;
    //@ assert value{L}(r, i) == value(r, i);
    //@ assert value(r, i + 1) == value(r, i) + r[i] * W64(i);
    //@ assert W64(i + 1) == 18446744073709551616 * W64(i);
    //@ assert W64(i + 2) == 18446744073709551616 * W64(i + 1);
    //@ assert value(r, i + 1) * 18446744073709551616 == value(r, i) * 18446744073709551616 + r[i] * W64(i + 1);
    //@ assert value{Pre}(a, i + 2) == value{Pre}(a, i + 1) + ai * W64(i + 1);
    //@ assert value{Pre}(a, i + 2) * m == value{Pre}(a, i + 1) * m + (ai * m) * W64(i + 1);
    //@ assert value(r, i + 1) * 18446744073709551616 + low + c * W64(i + 2) == value{Pre}(a, i + 2) * m;
    i++;
    //@ assert i == \at(i, L) + 1;
  }
  //@ assert i == n - 1;
L2:
  r[n - 1] = c;
  /*@ ghost
    size_t j;
    /@ loop invariant 0 <= j <= n - 1;
       loop invariant value{L2}(r, j) == value{Here}(r, j);
       loop assigns j;
       loop variant n - 1 - j;
    @/
    for (j = 0; j < n - 1; j++) {
      /@ assert \let jj = j; value{L2}(r, jj + 1) == value{L2}(r, jj) + \at(r[jj], L2) * W64(jj); @/
      /@ assert value(r, j + 1) == value(r, j) + r[j] * W64(j); @/
      /@ assert \let jj = j; r[jj] == \at(r[jj], L2); @/
    }
  */
  //@ assert value{L2}(r, n - 1) == value(r, n - 1);
  //@ assert value(r, n) == value(r, n - 1) + c * W64(n - 1);
  //@ assert W64(n) == 18446744073709551616 * W64(n - 1);
  return low;
}
