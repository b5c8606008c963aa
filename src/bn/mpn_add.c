/* Limb-array addition, subtraction, comparison and zero test, with full
 * functional contracts (bn/mpn.h): qed_mpn_add_n, qed_mpn_sub_n,
 * qed_mpn_add_1, qed_mpn_sub_1, qed_mpn_cmp, qed_mpn_is_zero.
 *
 * Every carry and borrow comes out of a 128-bit sum (qed_add64 of
 * nacl/mul64.h), never out of a wrapped 64-bit addition: C's wrap-around
 * is not something WP's integer model knows, while "hi * 2^64 + lo ==
 * acc + c" is a contract it can use (and with __int128 the compiler makes
 * it an ADD/ADC pair).  A borrow is a missing carry:
 * a - b - c == (a + (2^64 - 1 - b) + (1 - c)) - 2^64.
 *
 * Proof pattern, per limb: the inputs are read in the Pre state; after the
 * store r[i] a ghost loop re-establishes value(r, i) in the new memory state
 * by induction ("the store did not change the limbs below i"); then one
 * assertion per algebraic step, so the solvers only do linear arithmetic
 * over named products. */
#include "bn/mpn.h"

/* The labels name memory states for the proof (\\at(x, L)) only. */
#if defined(__GNUC__) && !defined(__FRAMAC__)
#pragma GCC diagnostic ignored "-Wunused-label"
#endif

uint64_t qed_mpn_add_n(uint64_t *r, const uint64_t *a, const uint64_t *b,
                       size_t n)
{
  uint64_t c = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant c <= 1;
      loop invariant value(r, i) + c * W64(i) ==
                     value{Pre}(a, i) + value{Pre}(b, i);
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t ai = a[i], bi = b[i];
    qed_u128 t;
    //@ assert \let k = i; ai == \at(a[k], Pre) && bi == \at(b[k], Pre);
    t.hi = 0;
    t.lo = ai;
    t = qed_add64(t, bi);
    t = qed_add64(t, c);
    //@ assert t.hi * 18446744073709551616 + t.lo == ai + bi + c;
    //@ assert t.hi <= 1;
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
    //@ assert value(r, i + 1) == value{L}(r, i) + r[i] * W64(i);
    //@ assert W64(i + 1) == 18446744073709551616 * W64(i);
    //@ assert value(r, i + 1) + c * W64(i + 1) == value{L}(r, i) + (r[i] + c * 18446744073709551616) * W64(i);
    //@ assert value{Pre}(a, i + 1) == value{Pre}(a, i) + ai * W64(i);
    //@ assert value{Pre}(b, i + 1) == value{Pre}(b, i) + bi * W64(i);
    //@ assert value(r, i + 1) + c * W64(i + 1) == value{Pre}(a, i + 1) + value{Pre}(b, i + 1);
  }
  return c;
}

uint64_t qed_mpn_sub_n(uint64_t *r, const uint64_t *a, const uint64_t *b,
                       size_t n)
{
  uint64_t c = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant c <= 1;
      loop invariant value(r, i) - c * W64(i) ==
                     value{Pre}(a, i) - value{Pre}(b, i);
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t ai = a[i], bi = b[i];
    qed_u128 t;
    //@ assert \let k = i; ai == \at(a[k], Pre) && bi == \at(b[k], Pre);
    t.hi = 0;
    t.lo = ai;
    t = qed_add64(t, UINT64_MAX - bi);
    t = qed_add64(t, 1 - c);
    //@ assert t.hi * 18446744073709551616 + t.lo == ai - bi - c + 18446744073709551616;
    //@ assert t.hi <= 1;
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
    c = 1 - t.hi;
    //@ assert r[i] - c * 18446744073709551616 == ai - bi - \at(c, L);
    //@ assert value{L}(r, i) == value(r, i);
    //@ assert value(r, i + 1) == value(r, i) + r[i] * W64(i);
    //@ assert value(r, i + 1) == value{L}(r, i) + r[i] * W64(i);
    //@ assert W64(i + 1) == 18446744073709551616 * W64(i);
    //@ assert value(r, i + 1) - c * W64(i + 1) == value{L}(r, i) + (r[i] - c * 18446744073709551616) * W64(i);
    //@ assert value{Pre}(a, i + 1) == value{Pre}(a, i) + ai * W64(i);
    //@ assert value{Pre}(b, i + 1) == value{Pre}(b, i) + bi * W64(i);
    //@ assert value(r, i + 1) - c * W64(i + 1) == value{Pre}(a, i + 1) - value{Pre}(b, i + 1);
  }
  return c;
}

uint64_t qed_mpn_add_1(uint64_t *r, const uint64_t *a, size_t n, uint64_t b)
{
  uint64_t c = b;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant i >= 1 ==> c <= 1;
      loop invariant value(r, i) + c * W64(i) == value{Pre}(a, i) + b;
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t ai = a[i];
    qed_u128 t;
    //@ assert \let k = i; ai == \at(a[k], Pre);
    t.hi = 0;
    t.lo = ai;
    t = qed_add64(t, c);
    //@ assert t.hi * 18446744073709551616 + t.lo == ai + c;
    //@ assert t.hi <= 1;
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
    //@ assert value(r, i + 1) == value{L}(r, i) + r[i] * W64(i);
    //@ assert W64(i + 1) == 18446744073709551616 * W64(i);
    //@ assert value(r, i + 1) + c * W64(i + 1) == value{L}(r, i) + (r[i] + c * 18446744073709551616) * W64(i);
    //@ assert value{Pre}(a, i + 1) == value{Pre}(a, i) + ai * W64(i);
    //@ assert value(r, i + 1) + c * W64(i + 1) == value{Pre}(a, i + 1) + b;
  }
  return c;
}

uint64_t qed_mpn_sub_1(uint64_t *r, const uint64_t *a, size_t n, uint64_t b)
{
  uint64_t c = b;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant i >= 1 ==> c <= 1;
      loop invariant value(r, i) - c * W64(i) == value{Pre}(a, i) - b;
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t ai = a[i];
    qed_u128 t;
    //@ assert \let k = i; ai == \at(a[k], Pre);
    t.hi = 0;
    t.lo = ai;
    t = qed_add64(t, UINT64_MAX - c);
    t = qed_add64(t, 1);
    //@ assert t.hi * 18446744073709551616 + t.lo == ai - c + 18446744073709551616;
    //@ assert t.hi <= 1;
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
    c = 1 - t.hi;
    //@ assert r[i] - c * 18446744073709551616 == ai - \at(c, L);
    //@ assert value{L}(r, i) == value(r, i);
    //@ assert value(r, i + 1) == value(r, i) + r[i] * W64(i);
    //@ assert value(r, i + 1) == value{L}(r, i) + r[i] * W64(i);
    //@ assert W64(i + 1) == 18446744073709551616 * W64(i);
    //@ assert value(r, i + 1) - c * W64(i + 1) == value{L}(r, i) + (r[i] - c * 18446744073709551616) * W64(i);
    //@ assert value{Pre}(a, i + 1) == value{Pre}(a, i) + ai * W64(i);
    //@ assert value(r, i + 1) - c * W64(i + 1) == value{Pre}(a, i + 1) - b;
  }
  return c;
}

/* Bottom-up and branch-free: the verdict of the limbs below i is kept
 * unless limb i differs, and the high limb decides because every lower part
 * is less than W64(i). */
int qed_mpn_cmp(const uint64_t *a, const uint64_t *b, size_t n)
{
  int res = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant W64(i) >= 1;
      loop invariant 0 <= value(a, i) < W64(i);
      loop invariant 0 <= value(b, i) < W64(i);
      loop invariant -1 <= res <= 1;
      loop invariant res == 0 <==> value(a, i) == value(b, i);
      loop invariant res == 1 <==> value(a, i) > value(b, i);
      loop invariant res == -1 <==> value(a, i) < value(b, i);
      loop assigns i, res;
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t ai = a[i], bi = b[i];
    const int gt = ai > bi, lt = ai < bi;
    //@ assert W64(i + 1) == 18446744073709551616 * W64(i);
    //@ assert value(a, i + 1) == value(a, i) + ai * W64(i);
    //@ assert value(b, i + 1) == value(b, i) + bi * W64(i);
    //@ assert ai * W64(i) <= 18446744073709551615 * W64(i);
    //@ assert bi * W64(i) <= 18446744073709551615 * W64(i);
    //@ assert ai > bi ==> ai * W64(i) >= bi * W64(i) + W64(i);
    //@ assert ai < bi ==> bi * W64(i) >= ai * W64(i) + W64(i);
    //@ assert ai == bi ==> ai * W64(i) == bi * W64(i);
    res = (gt - lt) + (1 - gt - lt) * res;
  }
  return res;
}

int qed_mpn_is_zero(const uint64_t *a, size_t n)
{
  size_t nz = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 0 <= nz <= i;
      loop invariant W64(i) >= 1;
      loop invariant 0 <= value(a, i);
      loop invariant nz == 0 <==> value(a, i) == 0;
      loop assigns i, nz;
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    //@ assert value(a, i + 1) == value(a, i) + a[i] * W64(i);
    //@ assert W64(i) >= 1;
    //@ assert a[i] != 0 ==> a[i] * W64(i) >= 1;
    nz += (size_t)(a[i] != 0);
  }
  return nz == 0;
}
