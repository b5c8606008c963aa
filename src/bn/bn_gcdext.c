/* qed_bn extended gcd and modular inverse (qed/bn.h).  The gcd and the
 * cofactor of |a| come from Lehmer's algorithm on the limbs
 * (mpn_gcdext.c): g = s |a| + t |b| with Euclid's s; then t is the exact
 * quotient t = (g - s |a|) / |b|, one product and one division.  The
 * cofactors are Euclid's: |s| <= |b| / (2g), |t| <= |a| / (2g).
 * Variable time: for public numbers.  Proved free of run-time errors. */
#include "bn/bn_impl.h"
#include "bn/mpn_gcd.h"

#define L QED_BN_LIMBS

/* Scratch for the gcd (6n + 8 limbs), then for the product u |a| (4 (un +
 * an) + 256) and the division by |b| (2L + 1 + L): the largest is the
 * product's. */
#define GCDEXT_SCRATCH (8 * L + 4 * 64)

int qed_bn_gcdext(qed_bn *g, qed_bn *s, qed_bn *t, const qed_bn *a,
                  const qed_bn *b)
{
  uint64_t x[L], y[L], gg[L], u[L];
  uint64_t w[GCDEXT_SCRATCH];
  uint64_t p[2 * L + 1], tq[2 * L + 1], tr[L];
  const size_t an = qed_bn_norm_len(a->limb, a->n);
  const size_t bn = qed_bn_norm_len(b->limb, b->n);
  const size_t n = an > bn ? an : bn > 0 ? bn : 1;
  size_t gn, un, pn, k;
  int uneg, tneg, st;
  qed_mpn_zero(x, n);
  qed_mpn_zero(y, n);
  qed_mpn_copy(x, a->limb, an);
  qed_mpn_copy(y, b->limb, bn);
  gn = qed_mpn_gcdext(gg, u, &un, &uneg, x, y, n, w);
  /* t |b| = g - s |a| with s = (-1)^uneg u: for uneg == 0, t = -(u |a| -
   * g) / |b| (u |a| >= g); for uneg == 1, t = (u |a| + g) / |b| */
  qed_mpn_zero(p, 2 * L + 1);
  if (un > 0 && an > 0)
    qed_mpn_mul(p, u, un, a->limb, an, w);
  if (uneg == 0) {
    if (qed_mpn_sub_n_ip(p, gg, gn) != 0)
      (void)qed_mpn_sub_1_ip(p + gn, 2 * L + 1 - gn, 1);
  } else {
    if (qed_mpn_add_n_ip(p, gg, gn) != 0)
      (void)qed_mpn_add_1_ip(p + gn, 2 * L + 1 - gn, 1);
  }
  tneg = uneg == 0;
  pn = qed_bn_norm_len(p, 2 * L + 1);
  if (bn == 0 || pn < bn) {
    /* b == 0 (then t = 0), or t == 0 */
    qed_mpn_zero(tq, 2 * L + 1);
    k = 1;
  } else {
    qed_mpn_divrem(tq, tr, p, pn, b->limb, bn, w);
    k = pn - bn + 1;
  }
  st = qed_bn_set_limbs(g, gg, gn, 0);
  st |= qed_bn_set_limbs(s, u, un, uneg != a->neg);
  st |= qed_bn_set_limbs(t, tq, k, tneg != b->neg);
  if (st != 0) {
    /* cannot happen: every cofactor is at most max(|a|, |b|) */
    qed_bn_zero(g);
    qed_bn_zero(s);
    qed_bn_zero(t);
    return -1;
  }
  return 0;
}

int qed_bn_modinv(qed_bn *r, const qed_bn *a, const qed_bn *m)
{
  qed_bn am, g, s, t, one;
  qed_bn_from_u64(&one, 1);
  if (m->neg || qed_bn_cmp(m, &one) <= 0)
    goto fail;
  /* a mod m in [0, m) */
  if (qed_bn_divmod(NULL, &am, a, m) != 0)
    goto fail;
  if (am.neg && qed_bn_add(&am, &am, m) != 0)
    goto fail;
  if (qed_bn_gcdext(&g, &s, &t, &am, m) != 0 || qed_bn_cmp(&g, &one) != 0)
    goto fail;
  if (s.neg && qed_bn_add(&s, &s, m) != 0)
    goto fail;
  *r = s;
  return 0;
fail:
  qed_bn_zero(r);
  return -1;
}
