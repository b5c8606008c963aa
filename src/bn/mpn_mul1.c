/* Limb array times one limb, with full functional contracts (bn/mpn.h):
 * qed_mpn_mul_1, qed_mpn_addmul_1, qed_mpn_submul_1 -- the inner loops of
 * multiplication, squaring, division and Montgomery reduction.
 *
 * Each 64 x 64 -> 128-bit product goes through the one trusted multiply of
 * the tree, qed_mac64 (nacl/mul64.h: a proved portable body, and one MUL
 * where the compiler has __int128).  No sum wraps: r[i] + a[i] * b + c
 * <= (2^64 - 1) + (2^64 - 1)^2 + (2^64 - 1) == 2^128 - 1.  The proof
 * pattern is that of mpn_add.c. */
#include "bn/mpn.h"

/* The labels name memory states for the proof (\\at(x, L)) only. */
#if defined(__GNUC__) && !defined(__FRAMAC__)
#pragma GCC diagnostic ignored "-Wunused-label"
#endif

uint64_t qed_mpn_mul_1(uint64_t *r, const uint64_t *a, size_t n, uint64_t b)
{
  uint64_t c = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant value(r, i) + c * W64(i) == value{Pre}(a, i) * b;
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n;) {
    const uint64_t ai = a[i];
    qed_u128 t;
    //@ assert \let k = i; ai == \at(a[k], Pre);
    //@ assert ai * b <= 340282366920938463426481119284349108225;
    t.hi = 0;
    t.lo = c;
    t = qed_mac64(t, ai, b);
    //@ assert t.hi * 18446744073709551616 + t.lo == ai * b + c;
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
    //@ assert value(r, i + 1) + c * W64(i + 1) == value{L}(r, i) + (r[i] + c * 18446744073709551616) * W64(i);
    //@ assert value{Pre}(a, i + 1) == value{Pre}(a, i) + ai * W64(i);
    //@ assert value{Pre}(a, i + 1) * b == value{Pre}(a, i) * b + (ai * b) * W64(i);
    //@ assert value(r, i + 1) + c * W64(i + 1) == value{Pre}(a, i + 1) * b;
    i++;
    //@ assert i == \at(i, L) + 1;
  }
  return c;
}

uint64_t qed_mpn_addmul_1(uint64_t *r, const uint64_t *a, size_t n,
                          uint64_t b)
{
  uint64_t c = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant value(r, i) + c * W64(i) ==
                     value{Pre}(r, i) + value{Pre}(a, i) * b;
      loop invariant \forall integer k; i <= k < n ==> r[k] == \at(r[k], Pre);
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n;) {
    const uint64_t ai = a[i], ri = r[i];
    qed_u128 t;
    //@ assert \let k = i; ai == \at(a[k], Pre) && ri == \at(r[k], Pre);
    //@ assert value{Pre}(a, i + 1) == value{Pre}(a, i) + ai * W64(i);
    //@ assert value{Pre}(r, i + 1) == value{Pre}(r, i) + ri * W64(i);
    //@ assert ai * b <= 340282366920938463426481119284349108225;
    t.hi = 0;
    t.lo = ri;
    t = qed_mac64(t, ai, b);
    //@ assert t.hi * 18446744073709551616 + t.lo == ri + ai * b;
    t = qed_add64(t, c);
    //@ assert t.hi * 18446744073709551616 + t.lo == ri + ai * b + c;
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
    //@ assert value(r, i + 1) + c * W64(i + 1) == value{L}(r, i) + (r[i] + c * 18446744073709551616) * W64(i);
    //@ assert value{Pre}(a, i + 1) == value{Pre}(a, i) + ai * W64(i);
    //@ assert value{Pre}(r, i + 1) == value{Pre}(r, i) + ri * W64(i);
    //@ assert value{Pre}(a, i + 1) * b == value{Pre}(a, i) * b + (ai * b) * W64(i);
    //@ assert value(r, i + 1) + c * W64(i + 1) == value{Pre}(r, i + 1) + value{Pre}(a, i + 1) * b;
    i++;
    //@ assert i == \at(i, L) + 1;
  }
  return c;
}

/* The product limb p = a[i] * b + c is subtracted from r[i] as a sum:
 * r[i] + (2^64 - 1 - lo(p)) + 1 == r[i] - lo(p) + 2^64, whose high word
 * is 1 exactly when there is no borrow.  hi(p) + borrow cannot wrap: a
 * borrow needs lo(p) >= 1, and p <= 2^128 - 2^64. */
uint64_t qed_mpn_submul_1(uint64_t *r, const uint64_t *a, size_t n,
                          uint64_t b)
{
  uint64_t c = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant value(r, i) - c * W64(i) ==
                     value{Pre}(r, i) - value{Pre}(a, i) * b;
      loop invariant \forall integer k; i <= k < n ==> r[k] == \at(r[k], Pre);
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n;) {
    const uint64_t ai = a[i], ri = r[i];
    qed_u128 p, t;
    //@ assert \let k = i; ai == \at(a[k], Pre) && ri == \at(r[k], Pre);
    //@ assert value{Pre}(a, i + 1) == value{Pre}(a, i) + ai * W64(i);
    //@ assert value{Pre}(r, i + 1) == value{Pre}(r, i) + ri * W64(i);
    //@ assert ai * b <= 340282366920938463426481119284349108225;
    p.hi = 0;
    p.lo = c;
    p = qed_mac64(p, ai, b);
    //@ assert p.hi * 18446744073709551616 + p.lo == ai * b + c;
    //@ assert p.hi * 18446744073709551616 + p.lo <= 340282366920938463444927863358058659840;
    t.hi = 0;
    t.lo = ri;
    t = qed_add64(t, UINT64_MAX - p.lo);
    t = qed_add64(t, 1);
    //@ assert t.hi * 18446744073709551616 + t.lo == ri - p.lo + 18446744073709551616;
    //@ assert t.hi <= 1;
    //@ assert t.hi == 0 ==> p.lo >= 1;
    //@ assert t.hi == 0 ==> p.hi <= 18446744073709551614;
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
    c = p.hi + (1 - t.hi);
    //@ assert value{L}(r, i) == value(r, i);
    //@ assert value(r, i + 1) == value(r, i) + r[i] * W64(i);
    //@ assert W64(i + 1) == 18446744073709551616 * W64(i);
    //@ assert r[i] - c * 18446744073709551616 == ri - ai * b - \at(c, L);
    //@ assert value(r, i + 1) - c * W64(i + 1) == value{L}(r, i) + (r[i] - c * 18446744073709551616) * W64(i);
    //@ assert value{Pre}(a, i + 1) == value{Pre}(a, i) + ai * W64(i);
    //@ assert value{Pre}(r, i + 1) == value{Pre}(r, i) + ri * W64(i);
    //@ assert value{Pre}(a, i + 1) * b == value{Pre}(a, i) * b + (ai * b) * W64(i);
    //@ assert value(r, i + 1) - c * W64(i + 1) == value{Pre}(r, i + 1) - value{Pre}(a, i + 1) * b;
    i++;
    //@ assert i == \at(i, L) + 1;
  }
  return c;
}
