/* Constant-time limb helpers of the RSA private operation (rsa_impl.h):
 * modular addition and subtraction with a masked final choice, bit-field
 * extraction at a public offset, a length setter and a byte export that
 * never look at a count computed from secret limbs.  No branch and no
 * address depends on a limb value.  Proved free of run-time errors. */
#include "rsa/rsa_impl.h"
#include "common/zeroize.h"

void qed_rsa_ct_setlen(qed_bn *x, size_t k)
{
  x->n = k;
  x->neg = 0;
}

void qed_rsa_ct_addmod(qed_bn *r, const qed_bn *a, const qed_bn *b,
                       const qed_bn *m, size_t k)
{
  uint64_t s[QED_BN_LIMBS], d[QED_BN_LIMBS];
  uint64_t carry = 0, borrow = 0, keep;
  size_t i;
  /* s = a + b (carry out in carry), d = s - m (borrow out in borrow) */
  /*@ loop invariant 0 <= i <= k;
      loop invariant carry <= 1 && borrow <= 1;
      loop assigns i, carry, borrow, s[0 .. 255], d[0 .. 255];
      loop variant k - i;
  */
  for (i = 0; i < k; i++) {
    const uint64_t x = a->limb[i] + b->limb[i];
    const uint64_t c1 = x < a->limb[i];
    const uint64_t y = x + carry;
    const uint64_t c2 = y < x;
    const uint64_t z = y - m->limb[i];
    const uint64_t b1 = y < m->limb[i];
    const uint64_t t = z - borrow;
    const uint64_t b2 = z < borrow;
    s[i] = y;
    d[i] = t;
    carry = c1 | c2;
    borrow = b1 | b2;
  }
  /* a + b >= m exactly when the sum carried or the subtraction did not
   * borrow: then d, else s */
  keep = 0 - (carry | (1 - borrow));
  /*@ loop invariant 0 <= i <= k;
      loop assigns i, r->limb[0 .. 255];
      loop variant k - i;
  */
  for (i = 0; i < k; i++)
    r->limb[i] = (d[i] & keep) | (s[i] & ~keep);
  /*@ loop invariant k <= i <= 256;
      loop assigns i, r->limb[0 .. 255];
      loop variant 256 - i;
  */
  for (i = k; i < QED_BN_LIMBS; i++)
    r->limb[i] = 0;
  r->n = k;
  r->neg = 0;
  qed_wipe_u64(s, QED_BN_LIMBS);
  qed_wipe_u64(d, QED_BN_LIMBS);
}

void qed_rsa_ct_submod(qed_bn *r, const qed_bn *a, const qed_bn *b,
                       const qed_bn *m, size_t k)
{
  uint64_t s[QED_BN_LIMBS], d[QED_BN_LIMBS];
  uint64_t carry = 0, borrow = 0, keep;
  size_t i;
  /* d = a - b (borrow out in borrow) */
  /*@ loop invariant 0 <= i <= k;
      loop invariant borrow <= 1;
      loop assigns i, borrow, d[0 .. 255];
      loop variant k - i;
  */
  for (i = 0; i < k; i++) {
    const uint64_t z = a->limb[i] - b->limb[i];
    const uint64_t b1 = a->limb[i] < b->limb[i];
    const uint64_t t = z - borrow;
    const uint64_t b2 = z < borrow;
    d[i] = t;
    borrow = b1 | b2;
  }
  /* s = d + m (the carry out is dropped: it cancels the borrow) */
  /*@ loop invariant 0 <= i <= k;
      loop invariant carry <= 1;
      loop assigns i, carry, s[0 .. 255];
      loop variant k - i;
  */
  for (i = 0; i < k; i++) {
    const uint64_t x = d[i] + m->limb[i];
    const uint64_t c1 = x < d[i];
    const uint64_t y = x + carry;
    const uint64_t c2 = y < x;
    s[i] = y;
    carry = c1 | c2;
  }
  /* a < b exactly when the subtraction borrowed: then d + m, else d */
  keep = 0 - borrow;
  /*@ loop invariant 0 <= i <= k;
      loop assigns i, r->limb[0 .. 255];
      loop variant k - i;
  */
  for (i = 0; i < k; i++)
    r->limb[i] = (s[i] & keep) | (d[i] & ~keep);
  /*@ loop invariant k <= i <= 256;
      loop assigns i, r->limb[0 .. 255];
      loop variant 256 - i;
  */
  for (i = k; i < QED_BN_LIMBS; i++)
    r->limb[i] = 0;
  r->n = k;
  r->neg = 0;
  qed_wipe_u64(s, QED_BN_LIMBS);
  qed_wipe_u64(d, QED_BN_LIMBS);
}

/* limb j of x, 0 past the end */
/*@ requires \valid_read(x);
    assigns \nothing; */
static uint64_t limb_at(const qed_bn *x, size_t j)
{
  return j < QED_BN_LIMBS ? x->limb[j] : 0;
}

void qed_rsa_ct_bits(qed_bn *r, const qed_bn *x, size_t off, size_t w)
{
  const size_t k = (w + 63) / 64;
  const size_t q = off / 64, sh = off % 64;
  const size_t top = w % 64;
  size_t i;
  /*@ loop invariant 0 <= i <= k;
      loop assigns i, r->limb[0 .. 255];
      loop variant k - i;
  */
  for (i = 0; i < k; i++) {
    const uint64_t lo = limb_at(x, q + i);
    const uint64_t hi = limb_at(x, q + i + 1);
    /* the shift count is public; sh == 0 takes lo alone */
    r->limb[i] = sh == 0 ? lo : (lo >> sh) | (hi << (64 - sh));
  }
  if (top != 0)
    r->limb[k - 1] &= ((uint64_t)1 << top) - 1;
  /*@ loop invariant k <= i <= 256;
      loop assigns i, r->limb[0 .. 255];
      loop variant 256 - i;
  */
  for (i = k; i < QED_BN_LIMBS; i++)
    r->limb[i] = 0;
  r->n = k;
  r->neg = 0;
}

void qed_rsa_ct_to_bytes(uint8_t *be, size_t len, const qed_bn *x)
{
  size_t j;
  /*@ loop invariant 0 <= j <= len;
      loop assigns j, be[0 .. len - 1];
      loop variant len - j;
  */
  for (j = 0; j < len; j++)
    be[len - 1 - j] = (uint8_t)(x->limb[j / 8] >> (8 * (j % 8)));
}
