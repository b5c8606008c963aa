/* Greatest common divisor of limb arrays (bn/mpn_ops.h): Lehmer's
 * algorithm (Knuth, TAOCP vol. 2, 4.5.2, algorithm L).
 *
 * Each round runs Euclid on the leading 62 bits x, y of A and B with a
 * 2 x 2 cofactor matrix, as long as Knuth's test (the quotients of x + A,
 * y + C and of x + B, y + D agree) proves that the quotients are those of
 * the full numbers, and the cofactors stay below 2^31; then one pass over
 * the limbs applies the matrix: (A, B) <- (uA A + uB B, vA A + vB B).  A
 * round thus replaces about 30 quotient steps of Euclid, each a pass over
 * the limbs.  When no step can be proved (the top bits say too little), one
 * full division step.  The cofactors alternate in sign, so they are kept as
 * magnitudes with a parity bit, and every product is a limb times a limb
 * array (mul_1, submul_1).
 *
 * Variable time (for public numbers).  Proved free of run-time errors;
 * tests/diff/test_bn.py checks it against Python's math.gcd. */
#include "bn/mpn_ops.h"

/* 64 bits of x[0 .. n-1] from bit `sh` up (zeros above the top limb). */
/*@ requires 1 <= n <= 100000;
    requires \valid_read(x + (0 .. n - 1));
    requires sh / 64 < n;
    assigns \nothing; */
static uint64_t bits_at(const uint64_t *x, size_t n, size_t sh)
{
  const size_t k = sh / 64;
  const unsigned r = (unsigned)(sh % 64);
  uint64_t v = x[k] >> r;
  if (r > 0 && k + 1 < n)
    v |= x[k + 1] << (64 - r);
  return v;
}

/* The bit length of a limb. */
/*@ assigns \nothing;
    ensures 0 <= \result <= 64; */
static size_t limb_bitlen(uint64_t x)
{
  size_t b = 0;
  /*@ loop invariant 0 <= b <= 64;
      loop assigns b, x;
      loop variant 64 - b;
  */
  while (x != 0 && b < 64) {
    x /= 2;
    b++;
  }
  return b;
}

/* The number of limbs of a[0 .. n-1] without its zero top limbs. */
/*@ requires n <= 100000;
    requires \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures 0 <= \result <= n;
    ensures \result > 0 ==> a[\result - 1] != 0; */
static size_t norm(const uint64_t *a, size_t n)
{
  /*@ loop invariant 0 <= n <= \at(n, Pre);
      loop assigns n;
      loop variant n;
  */
  while (n > 0 && a[n - 1] == 0)
    n--;
  return n;
}

#define LIM 2147483648u   /* 2^31: bound of the cofactors and quotients */

/* Euclid on the leading bits x, y (< 2^62) while Knuth's test proves the
 * quotients: the cofactor magnitudes go to m[0 .. 3] = UA, UB, VA, VB (the
 * matrix is [[UA, -UB], [-VA, VB]] after an even number of steps, its
 * opposite after an odd one); returns that parity. */
/*@ requires \valid(m + (0 .. 3));
    assigns m[0 .. 3];
    ensures m[0] < LIM && m[1] < LIM && m[2] < LIM && m[3] < LIM;
    ensures \result == 0 || \result == 1; */
static int lehmer_matrix(uint64_t x, uint64_t y, uint64_t *m)
{
  uint64_t UA = 1, UB = 0, VA = 0, VB = 1;
  int odd = 0, k;
  /*@ loop invariant 0 <= k <= 64;
      loop invariant UA < LIM && UB < LIM && VA < LIM && VB < LIM;
      loop invariant odd == 0 || odd == 1;
      loop assigns k, x, y, UA, UB, VA, VB, odd;
      loop variant 64 - k;
  */
  for (k = 0; k < 64; k++) {
    uint64_t n1, d1, n2, d2, qq, qa, qb;
    /* the two quotient bounds; their denominators must be positive */
    if (!odd) {
      if (y <= VA || x < UB)
        break;
      n1 = x + UA;
      d1 = y - VA;
      n2 = x - UB;
      d2 = y + VB;
    } else {
      if (x < UA || y <= VB)
        break;
      n1 = x - UA;
      d1 = y + VA;
      n2 = x + UB;
      d2 = y - VB;
    }
    if (d1 == 0 || d2 == 0 || y == 0)
      break;  /* never (y > VA or y > VB above): kept for the proof */
    qq = n1 / d1;
    if (qq != n2 / d2 || qq >= LIM || qq > x / y || VA > LIM || VB > LIM)
      break;
    qa = UA + qq * VA;
    qb = UB + qq * VB;
    if (qa >= LIM || qb >= LIM)
      break;
    UA = VA;
    VA = qa;
    UB = VB;
    VB = qb;
    {
      const uint64_t r = x - qq * y;
      x = y;
      y = r;
    }
    odd = 1 - odd;
  }
  m[0] = UA;
  m[1] = UB;
  m[2] = VA;
  m[3] = VB;
  return odd;
}

/* (t1, t2) = the matrix applied to (A, B), n limbs each (the results are
 * non-negative and below A, so the carries of the top limbs cancel). */
/*@ requires 1 <= n <= 100000 && (odd == 0 || odd == 1);
    requires \valid(t1 + (0 .. n - 1)) && \valid(t2 + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    requires \valid_read(m + (0 .. 3));
    requires \separated(t1 + (0 .. n - 1), t2 + (0 .. n - 1), a + (0 .. n - 1), m + (0 .. 3));
    requires \separated(t1 + (0 .. n - 1), b + (0 .. n - 1));
    requires \separated(t2 + (0 .. n - 1), b + (0 .. n - 1));
    assigns t1[0 .. n - 1], t2[0 .. n - 1]; */
static void apply_matrix(uint64_t *t1, uint64_t *t2, const uint64_t *a,
                         const uint64_t *b, size_t n, const uint64_t *m,
                         int odd)
{
  if (odd == 0) {
    (void)qed_mpn_mul_1(t1, a, n, m[0]);      /* UA A - UB B */
    (void)qed_mpn_submul_1(t1, b, n, m[1]);
    (void)qed_mpn_mul_1(t2, b, n, m[3]);      /* VB B - VA A */
    (void)qed_mpn_submul_1(t2, a, n, m[2]);
  } else {
    (void)qed_mpn_mul_1(t1, b, n, m[1]);      /* UB B - UA A */
    (void)qed_mpn_submul_1(t1, a, n, m[0]);
    (void)qed_mpn_mul_1(t2, a, n, m[2]);      /* VA A - VB B */
    (void)qed_mpn_submul_1(t2, b, n, m[3]);
  }
}

/* gcd of two words */
/*@ assigns \nothing; */
static uint64_t gcd_word(uint64_t x, uint64_t y)
{
  /*@ loop assigns x, y; */
  while (y != 0) {
    const uint64_t r = x % y;
    x = y;
    y = r;
  }
  return x;
}

size_t qed_mpn_gcd(uint64_t *g, uint64_t *a, uint64_t *b, size_t n,
                   uint64_t *s)
{
  uint64_t *t1 = s, *t2 = s + n + 1, *q = s + 2 * n + 2, *w = s + 3 * n + 3;
  uint64_t *pa = a, *pb = b;
  uint64_t m[4];
  size_t an = norm(a, n), bn = norm(b, n);
  /*@ loop invariant 0 <= an <= n && 0 <= bn <= n;
      loop invariant (pa == a && pb == b) || (pa == b && pb == a);
      loop invariant an > 0 ==> pa[an - 1] != 0;
      loop invariant bn > 0 ==> pb[bn - 1] != 0;
      loop assigns an, bn, pa, pb, m[0 .. 3], a[0 .. n - 1], b[0 .. n - 1],
                   s[0 .. 5 * n + 5];
  */
  while (bn > 0 && (an > 1 || bn > 1)) {
    /* A >= B: exchange the roles of the two arrays when needed */
    if (an < bn || (an == bn && qed_mpn_cmp(pa, pb, an) < 0)) {
      uint64_t *tp = pa;
      const size_t tn = an;
      pa = pb;
      pb = tp;
      an = bn;
      bn = tn;
    }
    if (bn == 0 || an <= 1)
      break;
    {
      const size_t tb = 64 * (an - 1) + limb_bitlen(pa[an - 1]);
      const size_t sh = tb > 62 ? tb - 62 : 0;
      const uint64_t x = bits_at(pa, an, sh) % 4611686018427387904u;
      const uint64_t y = bits_at(pb, an, sh) % 4611686018427387904u;
      const int odd = lehmer_matrix(x, y, m);
      if (m[1] == 0) {
        /* nothing proved: one division step, A <- A mod B */
        qed_mpn_divrem(q, t1, pa, an, pb, bn, w);
        qed_mpn_zero(pa, n);
        qed_mpn_copy(pa, t1, bn);
      } else {
        apply_matrix(t1, t2, pa, pb, an, m, odd);
        qed_mpn_copy(pa, t1, an);
        qed_mpn_copy(pb, t2, an);
      }
    }
    an = norm(pa, n);
    bn = norm(pb, n);
  }
  /* one limb left (or B == 0): Euclid on words */
  if (bn > 0) {
    g[0] = gcd_word(an > 0 ? pa[0] : 0, pb[0]);
    return g[0] != 0;
  }
  qed_mpn_copy(g, pa, an);
  return an;
}
