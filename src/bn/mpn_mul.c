/* Multiplication and squaring of limb arrays (bn/mpn_ops.h): schoolbook
 * (qed_mpn_mul_basecase, qed_mpn_sqr_basecase), Karatsuba
 * (qed_mpn_mul_n, qed_mpn_sqr_n), and any sizes (qed_mpn_mul).
 *
 * Karatsuba, subtractive form, for n even and at least the threshold, with
 * h = n / 2, a = a1 * B^h + a0, b = b1 * B^h + b0:
 *   a * b = a1 b1 B^n + (a0 b0 + a1 b1 - (a0 - a1)(b0 - b1)) B^h + a0 b0
 * |a0 - a1| and |b0 - b1| are made by a subtraction and a masked negation,
 * and the middle term adds or subtracts their product under a mask: no
 * branch on a limb (the same instructions run whatever the operands).  An
 * odd n multiplies n - 1 limbs and adds the two missing rows.
 *
 * Proved free of run-time errors; correctness is tested against GMP-level
 * references (tests/test_bn.c, tests/diff/test_bn.py). */
#include "bn/mpn_ops.h"

void qed_mpn_mul_basecase(uint64_t *r, const uint64_t *a, size_t an,
                          const uint64_t *b, size_t bn)
{
  size_t j;
  r[an] = qed_mpn_mul_1(r, a, an, b[0]);
  /*@ loop invariant 1 <= j <= bn;
      loop assigns j, r[0 .. an + bn - 1];
      loop variant bn - j;
  */
  for (j = 1; j < bn; j++)
    r[an + j] = qed_mpn_addmul_1(r + j, a, an, b[j]);
}

/* Off-diagonal products once, doubled by a shift, then the squares a[i]^2
 * added on the diagonal. */
void qed_mpn_sqr_basecase(uint64_t *r, const uint64_t *a, size_t n)
{
  size_t i;
  uint64_t c;
  r[0] = 0;
  r[2 * n - 1] = 0;
  if (n > 1) {
    r[n] = qed_mpn_mul_1(r + 1, a + 1, n - 1, a[0]);
    /*@ loop invariant 1 <= i <= n - 1;
        loop assigns i, r[0 .. 2 * n - 1];
        loop variant n - 1 - i;
    */
    for (i = 1; i < n - 1; i++)
      r[n + i] = qed_mpn_addmul_1(r + 2 * i + 1, a + i + 1, n - i - 1, a[i]);
    /* double in place: bit by bit from the top limb down */
    /*@ loop invariant 0 <= i <= 2 * n - 1;
        loop assigns i, r[0 .. 2 * n - 1];
        loop variant i;
    */
    for (i = 2 * n - 1; i > 0; i--)
      r[i] = (r[i] << 1) | (r[i - 1] >> 63);
    r[0] <<= 1;
  }
  c = 0;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, c, r[0 .. 2 * n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const qed_u128 p = qed_mul64(a[i], a[i]);
    qed_u128 t;
    t.hi = 0;
    t.lo = r[2 * i];
    t = qed_add64(t, p.lo);
    t = qed_add64(t, c);
    r[2 * i] = t.lo;
    /* t.hi <= 1 and p.hi <= 2^64 - 2: the second sum has a carry of at
     * most 1 too, and the last one is 0 (a^2 < 2^(128n)) */
    c = t.hi;
    t.hi = 0;
    t.lo = r[2 * i + 1];
    t = qed_add64(t, p.hi);
    t = qed_add64(t, c);
    r[2 * i + 1] = t.lo;
    c = t.hi;
  }
}

/* n odd: the product of the low n - 1 limbs, then the rows of the top
 * limbs a[n-1] * b and b[n-1] * (a without its top limb). */
/*@ requires 3 <= n <= 100000;
    requires \valid(r + (0 .. 2 * n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \valid_read(b + (0 .. n - 1));
    requires \separated(r + (0 .. 2 * n - 1), a + (0 .. n - 1));
    requires \separated(r + (0 .. 2 * n - 1), b + (0 .. n - 1));
    assigns r[n - 1 .. 2 * n - 1]; */
static void mul_odd_rows(uint64_t *r, const uint64_t *a, const uint64_t *b,
                         size_t n)
{
  uint64_t c;
  r[2 * n - 2] = 0;
  r[2 * n - 1] = qed_mpn_addmul_1(r + n - 1, b, n, a[n - 1]);
  c = qed_mpn_addmul_1(r + n - 1, a, n - 1, b[n - 1]);
  (void)qed_mpn_add_1_ip(r + 2 * n - 2, 2, c);
}

void qed_mpn_mul_n(uint64_t *r, const uint64_t *a, const uint64_t *b,
                   size_t n, uint64_t *s)
{
  size_t h;
  uint64_t bwa, bwb, sub, cu, co, cn, c3;
  if (n < QED_MPN_KARATSUBA_THRESHOLD) {
    qed_mpn_mul_basecase(r, a, n, b, n);
    return;
  }
  if (n % 2 == 1) {
    qed_mpn_mul_n(r, a, b, n - 1, s);
    mul_odd_rows(r, a, b, n);
    return;
  }
  h = n / 2;
  /* s: t = |a0-a1| |b0-b1| in s[0 .. n-1], |a0-a1| in s[n .. n+h-1],
   * |b0-b1| in s[n+h .. 2n-1] (later the middle term), the recursion's
   * scratch from s[2n] on. */
  bwa = qed_mpn_sub_n(s + n, a, a + h, h);
  (void)qed_mpn_cnd_neg(s + n, h, bwa);
  bwb = qed_mpn_sub_n(s + n + h, b, b + h, h);
  (void)qed_mpn_cnd_neg(s + n + h, h, bwb);
  qed_mpn_mul_n(s, s + n, s + n + h, h, s + 2 * n);
  qed_mpn_mul_n(r, a, b, h, s + 2 * n);
  qed_mpn_mul_n(r + n, a + h, b + h, h, s + 2 * n);
  /* middle = a0 b0 + a1 b1 -+ t: subtract when (a0-a1)(b0-b1) >= 0 */
  cu = qed_mpn_add_n(s + n, r, r + n, n);
  sub = (uint64_t)(bwa == bwb);
  cn = qed_mpn_cnd_neg(s, n, sub);
  co = qed_mpn_add_n_ip(s + n, s, n);
  c3 = qed_mpn_add_n_ip(r + h, s + n, n);
  /* cu + co + cn - sub is the middle term's top limb: 0 or 1 */
  (void)qed_mpn_add_1_ip(r + h + n, h, c3 + cu + co + cn - sub);
}

void qed_mpn_sqr_n(uint64_t *r, const uint64_t *a, size_t n, uint64_t *s)
{
  size_t h;
  uint64_t bwa, cu, co, cn, c3;
  if (n < QED_MPN_KARATSUBA_THRESHOLD) {
    qed_mpn_sqr_basecase(r, a, n);
    return;
  }
  if (n % 2 == 1) {
    qed_mpn_sqr_n(r, a, n - 1, s);
    mul_odd_rows(r, a, a, n);
    return;
  }
  h = n / 2;
  bwa = qed_mpn_sub_n(s + n, a, a + h, h);
  (void)qed_mpn_cnd_neg(s + n, h, bwa);
  qed_mpn_sqr_n(s, s + n, h, s + 2 * n);
  qed_mpn_sqr_n(r, a, h, s + 2 * n);
  qed_mpn_sqr_n(r + n, a + h, h, s + 2 * n);
  cu = qed_mpn_add_n(s + n, r, r + n, n);
  cn = qed_mpn_cnd_neg(s, n, 1);
  co = qed_mpn_add_n_ip(s + n, s, n);
  c3 = qed_mpn_add_n_ip(r + h, s + n, n);
  (void)qed_mpn_add_1_ip(r + h + n, h, c3 + cu + co + cn - 1);
}

/* Unbalanced sizes: the longer operand in blocks of the shorter one's
 * length, each block product added into place. */
void qed_mpn_mul(uint64_t *r, const uint64_t *a, size_t an,
                 const uint64_t *b, size_t bn, uint64_t *s)
{
  size_t k, m, rem;
  uint64_t c;
  if (an < bn) {
    const uint64_t *tp = a;
    a = b;
    b = tp;
    m = an;
    an = bn;
    bn = m;
  }
  if (an == bn) {
    qed_mpn_mul_n(r, a, b, an, s);
    return;
  }
  if (bn < QED_MPN_KARATSUBA_THRESHOLD) {
    qed_mpn_mul_basecase(r, a, an, b, bn);
    return;
  }
  m = bn;
  qed_mpn_mul_n(r, a, b, m, s + 2 * m);
  /*@ loop invariant m <= k <= an;
      loop assigns k, c, r[0 .. an + bn - 1], s[0 .. 4 * an + 4 * bn + 4 * 64 - 1];
      loop variant an - k;
  */
  for (k = m; an - k >= m; k += m) {
    qed_mpn_mul_n(s, a + k, b, m, s + 2 * m);
    qed_mpn_copy(r + k + m, s + m, m);
    c = qed_mpn_add_n_ip(r + k, s, m);
    (void)qed_mpn_add_1_ip(r + k + m, m, c);
  }
  rem = an - k;
  if (rem > 0) {
    qed_mpn_mul_basecase(s, b, m, a + k, rem);
    qed_mpn_copy(r + k + m, s + m, rem);
    c = qed_mpn_add_n_ip(r + k, s, m);
    (void)qed_mpn_add_1_ip(r + k + m, rem, c);
  }
}
