/* qed_bn division, gcd, extended gcd and inverse (qed/bn.h).  Euclid's
 * algorithm on top of Knuth's division (mpn_div.c).  Variable time: for
 * public numbers.  Proved free of run-time errors. */
#include "bn/bn_impl.h"

int qed_bn_divmod(qed_bn *q, qed_bn *r, const qed_bn *a, const qed_bn *d)
{
  uint64_t qt[QED_BN_LIMBS + 1];
  uint64_t rt[QED_BN_LIMBS];
  uint64_t s[2 * QED_BN_LIMBS + 1];
  const int qneg = a->neg != d->neg, rneg = a->neg;
  /* the lengths without zero top limbs (a qed_bn has none; the division
   * needs d's top limb nonzero, so it is checked here, not assumed) */
  const size_t an = qed_bn_norm_len(a->limb, a->n);
  const size_t dn = qed_bn_norm_len(d->limb, d->n);
  size_t qn;
  if (dn == 0) {
    if (q != NULL)
      qed_bn_zero(q);
    if (r != NULL)
      qed_bn_zero(r);
    return -1;
  }
  if (an < dn) {
    /* |a| < |d|: q = 0, r = a */
    qed_mpn_copy(rt, a->limb, an);
    if (r != NULL)
      (void)qed_bn_set_limbs(r, rt, an, rneg);
    if (q != NULL)
      qed_bn_zero(q);
    return 0;
  }
  qed_mpn_divrem(qt, rt, a->limb, an, d->limb, dn, s);
  qn = an - dn + 1;
  if (q != NULL)
    (void)qed_bn_set_limbs(q, qt, qn, qneg);
  if (r != NULL)
    (void)qed_bn_set_limbs(r, rt, dn, rneg);
  return 0;
}

int qed_bn_gcd(qed_bn *g, const qed_bn *a, const qed_bn *b)
{
  uint64_t x[QED_BN_LIMBS], y[QED_BN_LIMBS], z[QED_BN_LIMBS];
  uint64_t s[5 * QED_BN_LIMBS + 6];
  /* the longer operand's length: the shorter is padded with zeros */
  const size_t n = a->n > b->n ? a->n : b->n > 0 ? b->n : 1;
  size_t zn;
  qed_mpn_zero(x, n);
  qed_mpn_zero(y, n);
  qed_mpn_copy(x, a->limb, a->n);
  qed_mpn_copy(y, b->limb, b->n);
  zn = qed_mpn_gcd(z, x, y, n, s);
  return qed_bn_set_limbs(g, z, zn, 0);
}

