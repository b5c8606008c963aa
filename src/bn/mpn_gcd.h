/* The Lehmer rounds shared by the gcd (mpn_gcd.c) and the extended gcd
 * (mpn_gcdext.c, bn_gcdext.c) of the limb layer (internal).  A header of
 * its own, so that the other units of bn/ keep their proof keys. */
#ifndef QED_BN_MPN_GCD_H
#define QED_BN_MPN_GCD_H

#include "bn/mpn_ops.h"

/* One round of Lehmer's algorithm on the leading bits x, y (< 2^62) of two
 * numbers A >= B (same shift): the cofactor magnitudes of the Euclid steps
 * that Knuth's test proves, m[0 .. 3] = UA, UB, VA, VB, all below 2^31;
 * the matrix is [[UA, -UB], [-VA, VB]] after an even number of steps, its
 * opposite after an odd one; returns that parity.  m[1] == 0 when no step
 * was proved. */
/*@ requires \valid(m + (0 .. 3));
    assigns m[0 .. 3];
    ensures m[0] < 2147483648 && m[1] < 2147483648;
    ensures m[2] < 2147483648 && m[3] < 2147483648;
    ensures \result == 0 || \result == 1; */
int qed_mpn_lehmer_matrix(uint64_t x, uint64_t y, uint64_t *m);

/* (A, B) <- the matrix of qed_mpn_lehmer_matrix applied, in place, n limbs:
 * (m0 A - m1 B, m3 B - m2 A) for parity 0, the opposite for parity 1.  The
 * results must be non-negative and below 2^(64n) (Euclid's remainders). */
/*@ requires 1 <= n <= 100000 && (odd == 0 || odd == 1);
    requires \valid(a + (0 .. n - 1)) && \valid(b + (0 .. n - 1));
    requires \valid_read(m + (0 .. 3));
    requires \separated(a + (0 .. n - 1), b + (0 .. n - 1), m + (0 .. 3));
    assigns a[0 .. n - 1], b[0 .. n - 1]; */
void qed_mpn_matrix_sub(uint64_t *a, uint64_t *b, size_t n,
                        const uint64_t *m, int odd);

/* ---- extended gcd (mpn_gcdext.c) ---- */

/* Limbs of scratch qed_mpn_gcdext needs for n-limb operands. */
#define QED_MPN_GCDEXT_SCRATCH(n) (6 * (n) + 8)

/* g = gcd(A, B) for A = a[0 .. n-1], B = b[0 .. n-1] (zero top limbs
 * allowed), and the cofactor of A in Euclid's algorithm: g == s A + t B
 * with s = (-1)^(*uneg) u[0 .. n-1] (the t is left to the caller: t B =
 * g - s A).  Returns the limb count of g (0 when A == B == 0); *un is the
 * limb count of u (u == 1 when B == 0).  a and b are overwritten; s is
 * scratch of QED_MPN_GCDEXT_SCRATCH(n) limbs.  Variable time. */
/*@ requires 1 <= n <= 100000;
    requires \valid(g + (0 .. n - 1)) && \valid(u + (0 .. n - 1));
    requires \valid(un) && \valid(uneg);
    requires \valid(a + (0 .. n - 1)) && \valid(b + (0 .. n - 1));
    requires \valid(s + (0 .. 6 * n + 7));
    requires \separated(g + (0 .. n - 1), u + (0 .. n - 1), un, uneg,
                        a + (0 .. n - 1), b + (0 .. n - 1), s + (0 .. 6 * n + 7));
    assigns g[0 .. n - 1], u[0 .. n - 1], *un, *uneg, a[0 .. n - 1],
            b[0 .. n - 1], s[0 .. 6 * n + 7];
    ensures \result <= n && *un <= n;
    ensures *uneg == 0 || *uneg == 1; */
size_t qed_mpn_gcdext(uint64_t *g, uint64_t *u, size_t *un, int *uneg,
                      uint64_t *a, uint64_t *b, size_t n, uint64_t *s);

/* ---- helpers of the rounds (static: proved in each unit using them) ---- */

/* The number of limbs of a[0 .. n-1] without its zero top limbs. */
/*@ requires n <= 100001;
    requires \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures 0 <= \result <= n;
    ensures \result > 0 ==> a[\result - 1] != 0; */
static inline size_t gcd_norm(const uint64_t *a, size_t n)
{
  /*@ loop invariant 0 <= n <= \at(n, Pre);
      loop assigns n;
      loop variant n;
  */
  while (n > 0 && a[n - 1] == 0)
    n--;
  return n;
}

/* Three-way comparison from the top limb down, stopping at the first
 * difference (variable time: the gcds are of public numbers; qed_mpn_cmp
 * reads every limb). */
/*@ requires n <= 100000;
    requires \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures -1 <= \result <= 1; */
static inline int gcd_cmp(const uint64_t *a, const uint64_t *b, size_t n)
{
  /*@ loop invariant 0 <= n <= \at(n, Pre);
      loop assigns n;
      loop variant n;
  */
  while (n > 0) {
    n--;
    if (a[n] != b[n])
      return a[n] > b[n] ? 1 : -1;
  }
  return 0;
}

/* The bit length of a limb, by halving the range. */
/*@ assigns \nothing;
    ensures 0 <= \result <= 64; */
static inline size_t gcd_bitlen(uint64_t x)
{
  size_t b = 0;
  if (x >= 4294967296u) {
    b = 32;
    x /= 4294967296u;
  }
  //@ assert x < 4294967296 && b <= 32;
  if (x >= 65536u) {
    b += 16;
    x /= 65536u;
  }
  //@ assert x < 65536 && b <= 48;
  if (x >= 256u) {
    b += 8;
    x /= 256u;
  }
  //@ assert x < 256 && b <= 56;
  if (x >= 16u) {
    b += 4;
    x /= 16u;
  }
  //@ assert x < 16 && b <= 60;
  if (x >= 4u) {
    b += 2;
    x /= 4u;
  }
  //@ assert x < 4 && b <= 62;
  if (x >= 2u) {
    b += 1;
    x /= 2u;
  }
  //@ assert x < 2 && b <= 63;
  return b + (size_t)x;
}

/* 64 bits of x[0 .. n-1] from bit `sh` up (zeros above the top limb). */
/*@ requires 1 <= n <= 100000;
    requires \valid_read(x + (0 .. n - 1));
    requires sh / 64 < n;
    assigns \nothing; */
static inline uint64_t gcd_bits_at(const uint64_t *x, size_t n, size_t sh)
{
  const size_t k = sh / 64;
  const unsigned r = (unsigned)(sh % 64);
  uint64_t v = x[k] >> r;
  if (r > 0 && k + 1 < n)
    v |= x[k + 1] << (64 - r);
  return v;
}

#endif
