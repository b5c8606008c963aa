/* Greatest common divisor of limb arrays (bn/mpn_ops.h): Lehmer's
 * algorithm (Knuth, TAOCP vol. 2, 4.5.2, algorithm L).
 *
 * Each round runs Euclid on the leading 62 bits x, y of A and B with a
 * 2 x 2 cofactor matrix, as long as Knuth's test (the quotients of x + A,
 * y + C and of x + B, y + D agree) proves that the quotients are those of
 * the full numbers, and the cofactors stay below 2^31; then one pass over
 * the limbs applies the matrix: (A, B) <- (uA A + uB B, vA A + vB B),
 * the four products of each limb pair together, in place.  A
 * round thus replaces about 30 quotient steps of Euclid, each a pass over
 * the limbs.  When no step can be proved (the top bits say too little), one
 * full division step.  The cofactors alternate in sign, so they are kept as
 * magnitudes with a parity bit.  The extended gcd (mpn_gcdext.c) runs the
 * same rounds.
 *
 * Variable time (for public numbers).  Proved free of run-time errors;
 * tests/diff/test_bn.py checks it against Python's math.gcd. */
#include "bn/mpn_gcd.h"

#define LIM 2147483648u   /* 2^31: bound of the cofactors and quotients */

/* Euclid on the leading bits x, y (< 2^62) while Knuth's test proves the
 * quotients (so they are exactly those of Euclid on the full numbers, and
 * so are the cofactors): the cofactor magnitudes go to m[0 .. 3] = UA, UB,
 * VA, VB (the matrix is [[UA, -UB], [-VA, VB]] after an even number of
 * steps, its opposite after an odd one); returns that parity. */
int qed_mpn_lehmer_matrix(uint64_t x, uint64_t y, uint64_t *m)
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
    qed_u128 p2, py;
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
    /* the quotient of n1 by d1: most are 1, which needs no division */
    if (n1 < d1)
      qq = 0;
    else if (n1 - d1 < d1)
      qq = 1;
    else
      qq = n1 / d1;
    if (qq >= LIM || VA > LIM || VB > LIM)
      break;
    /* qq == floor(n2 / d2) and qq y <= x, by products, not divisions */
    p2 = qed_mul64(qq, d2);
    py = qed_mul64(qq, y);
    if (p2.hi != 0 || p2.lo > n2 || n2 - p2.lo >= d2 || py.hi != 0 ||
        py.lo > x)
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
      const uint64_t r = x - py.lo;
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

/* a - b - *bw as a limb, the new borrow in *bw (0 or 1). */
/*@ requires \valid(bw) && *bw <= 1;
    assigns *bw;
    ensures *bw <= 1; */
static inline uint64_t sub_borrow(uint64_t a, uint64_t b, uint64_t *bw)
{
  const uint64_t d = a - b;
  const uint64_t b1 = a < b, b2 = d < *bw;
  const uint64_t r = d - *bw;
  *bw = b1 | b2;
  return r;
}

/* The matrix applied to (A, B) in one pass, in place: the four products of
 * a limb pair are formed together, so each limb of A and B is loaded and
 * stored once (not four products passes and two copies).  The results are
 * Euclid's remainders, non-negative and below A, so the carries and
 * borrows left above the top limb cancel. */
void qed_mpn_matrix_sub(uint64_t *a, uint64_t *b, size_t n,
                        const uint64_t *m, int odd)
{
  /* even: (m0 A - m1 B, m3 B - m2 A); odd: (m1 B - m0 A, m2 A - m3 B) */
  const uint64_t c1 = odd ? m[1] : m[0], c2 = odd ? m[0] : m[1];
  const uint64_t c3 = odd ? m[2] : m[3], c4 = odd ? m[3] : m[2];
  uint64_t h1 = 0, h2 = 0, h3 = 0, h4 = 0, bw1 = 0, bw2 = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant bw1 <= 1 && bw2 <= 1;
      loop assigns i, h1, h2, h3, h4, bw1, bw2, a[0 .. n - 1], b[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t ai = a[i], bi = b[i];
    const uint64_t x = odd ? bi : ai, y = odd ? ai : bi;
    qed_u128 p1, p2, p3, p4;
    p1.hi = 0;
    p1.lo = h1;
    p1 = qed_mac64(p1, c1, x);
    p2.hi = 0;
    p2.lo = h2;
    p2 = qed_mac64(p2, c2, y);
    p3.hi = 0;
    p3.lo = h3;
    p3 = qed_mac64(p3, c3, y);
    p4.hi = 0;
    p4.lo = h4;
    p4 = qed_mac64(p4, c4, x);
    a[i] = sub_borrow(p1.lo, p2.lo, &bw1);
    b[i] = sub_borrow(p3.lo, p4.lo, &bw2);
    h1 = p1.hi;
    h2 = p2.hi;
    h3 = p3.hi;
    h4 = p4.hi;
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
  uint64_t *t1 = s, *q = s + 2 * n + 2, *w = s + 3 * n + 3;
  uint64_t *pa = a, *pb = b;
  uint64_t m[4];
  size_t an = gcd_norm(a, n), bn = gcd_norm(b, n), an0;
  /*@ loop invariant 0 <= an <= n && 0 <= bn <= n;
      loop invariant (pa == a && pb == b) || (pa == b && pb == a);
      loop invariant an > 0 ==> pa[an - 1] != 0;
      loop invariant bn > 0 ==> pb[bn - 1] != 0;
      loop assigns an, an0, bn, pa, pb, m[0 .. 3], a[0 .. n - 1],
                   b[0 .. n - 1], s[0 .. 5 * n + 5];
  */
  while (bn > 0 && (an > 1 || bn > 1)) {
    /* A >= B: exchange the roles of the two arrays when needed */
    if (an < bn || (an == bn && gcd_cmp(pa, pb, an) < 0)) {
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
      const size_t tb = 64 * (an - 1) + gcd_bitlen(pa[an - 1]);
      const size_t sh = tb > 62 ? tb - 62 : 0;
      const uint64_t x = gcd_bits_at(pa, an, sh) % 4611686018427387904u;
      const uint64_t y = gcd_bits_at(pb, an, sh) % 4611686018427387904u;
      const int odd = qed_mpn_lehmer_matrix(x, y, m);
      if (m[1] == 0) {
        /* nothing proved: one division step, A <- A mod B */
        qed_mpn_divrem(q, t1, pa, an, pb, bn, w);
        qed_mpn_zero(pa, an);
        qed_mpn_copy(pa, t1, bn);
      } else {
        qed_mpn_matrix_sub(pa, pb, an, m, odd);
      }
    }
    /* both numbers are now below the old A: their lengths are at most an */
    an0 = an;
    an = gcd_norm(pa, an0);
    bn = gcd_norm(pb, an0);
  }
  /* one limb left (or B == 0): Euclid on words */
  if (bn > 0) {
    g[0] = gcd_word(an > 0 ? pa[0] : 0, pb[0]);
    return g[0] != 0;
  }
  qed_mpn_copy(g, pa, an);
  return an;
}
