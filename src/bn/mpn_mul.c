/* Multiplication and squaring of limb arrays (bn/mpn_ops.h): schoolbook
 * and Karatsuba products (their body is mpn_mul_body.h, built twice; here
 * the run-time choice of the build), schoolbook and Karatsuba squaring
 * (qed_mpn_sqr_basecase, qed_mpn_sqr_n), and any sizes (qed_mpn_mul).
 * Squaring uses the Karatsuba identity of mpn_mul_body.h with a = b.
 *
 * Proved free of run-time errors; correctness is tested against GMP-level
 * references (tests/test_bn.c, tests/diff/test_bn.py), on every backend. */
#include "bn/mpn_mul_body.h"
#include "common/cpu.h"

/* The builds of the body (mpn_mul_body.h): x86-64-v3 when the CPU and
 * QED_BACKEND allow it, the portable one otherwise. */
#if defined(__x86_64__)
#define QED_HAVE_X86V3 1
#else
#define QED_HAVE_X86V3 0
#endif

void qed_mpn_mul_basecase(uint64_t *r, const uint64_t *a, size_t an,
                          const uint64_t *b, size_t bn)
{
#if QED_HAVE_X86V3
  if (qed_backend_level() >= QED_BACKEND_AVX2) {
    qed_mpn_mul_basecase_x86v3(r, a, an, b, bn);
    return;
  }
#endif
  body_mul_basecase(r, a, an, b, bn);
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

void qed_mpn_mul_n(uint64_t *r, const uint64_t *a, const uint64_t *b,
                   size_t n, uint64_t *s)
{
#if QED_HAVE_X86V3
  if (qed_backend_level() >= QED_BACKEND_AVX2) {
    qed_mpn_mul_n_x86v3(r, a, b, n, s);
    return;
  }
#endif
  body_mul_n(r, a, b, n, s);
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
    body_mul_odd_rows(r, a, a, n);
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
