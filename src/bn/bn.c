/* qed_bn: setting, reading, comparing, adding, subtracting, multiplying
 * (qed/bn.h).  Sign and magnitude; every result is computed into a local
 * limb array and stored last, so outputs may alias inputs.  Proved free of
 * run-time errors. */
#include "bn/bn_impl.h"
#include "qed/common.h"
#include "common/zeroize.h"

size_t qed_bn_norm_len(const uint64_t *a, size_t n)
{
  /*@ loop invariant 0 <= n <= \at(n, Pre);
      loop assigns n;
      loop variant n;
  */
  while (n > 0 && a[n - 1] == 0)
    n--;
  return n;
}

int qed_bn_set_limbs(qed_bn *r, const uint64_t *t, size_t n, int neg)
{
  size_t i;
  n = qed_bn_norm_len(t, n);
  if (n > QED_BN_LIMBS) {
    qed_bn_zero(r);
    return -1;
  }
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, r->limb[0 .. 255];
      loop variant n - i;
  */
  for (i = 0; i < n; i++)
    r->limb[i] = t[i];
  /*@ loop invariant n <= i <= 256;
      loop assigns i, r->limb[0 .. 255];
      loop variant 256 - i;
  */
  for (i = n; i < QED_BN_LIMBS; i++)
    r->limb[i] = 0;
  r->n = n;
  r->neg = (n > 0 && neg) ? 1 : 0;
  return 0;
}

void qed_bn_set_limbs_ct(qed_bn *r, const uint64_t *t, size_t n)
{
  size_t len = 0, i;
  /* the length is found with masks: no branch on a limb */
  /*@ loop invariant 0 <= i <= n;
      loop invariant 0 <= len <= i;
      loop assigns i, len, r->limb[0 .. 255];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    /* 1 when t[i] != 0 (a comparison to a 0/1 value, not a branch) */
    const uint64_t nz = (uint64_t)(t[i] != 0);
    len += (size_t)nz * (i + 1 - len);
    r->limb[i] = t[i];
  }
  /*@ loop invariant n <= i <= 256;
      loop assigns i, r->limb[0 .. 255];
      loop variant 256 - i;
  */
  for (i = n; i < QED_BN_LIMBS; i++)
    r->limb[i] = 0;
  r->n = len;
  r->neg = 0;
}

void qed_bn_zero(qed_bn *x)
{
  qed_mpn_zero(x->limb, QED_BN_LIMBS);
  x->n = 0;
  x->neg = 0;
}

void qed_bn_wipe(qed_bn *x)
{
  qed_wipe_u64(x->limb, QED_BN_LIMBS);
  x->n = 0;
  x->neg = 0;
}

void qed_bn_copy(qed_bn *r, const qed_bn *a)
{
  uint64_t t[QED_BN_LIMBS];
  qed_mpn_copy(t, a->limb, a->n);
  (void)qed_bn_set_limbs(r, t, a->n, a->neg);
}

void qed_bn_from_u64(qed_bn *x, uint64_t v)
{
  qed_bn_zero(x);
  x->limb[0] = v;
  x->n = v != 0;
}

int qed_bn_to_u64(uint64_t *v, const qed_bn *x)
{
  if (x->neg || x->n > 1) {
    *v = 0;
    return -1;
  }
  *v = x->n == 1 ? x->limb[0] : 0;
  return 0;
}

int qed_bn_from_bytes(qed_bn *x, const uint8_t *be, size_t len)
{
  size_t k;
  /* leading zero bytes do not count */
  /*@ loop invariant 0 <= len;
      loop assigns be, len;
      loop invariant \valid_read(be + (0 .. len - 1));
      loop variant len;
  */
  while (len > 0 && be[0] == 0) {
    be++;
    len--;
  }
  qed_bn_zero(x);
  if (len > QED_BN_MAX_BYTES)
    return -1;
  /*@ loop invariant 0 <= k <= len;
      loop assigns k, x->limb[0 .. 255];
      loop variant len - k;
  */
  for (k = 0; k < len; k++)
    x->limb[k / 8] |= (uint64_t)be[len - 1 - k] << (8 * (k % 8));
  x->n = qed_bn_norm_len(x->limb, (len + 7) / 8);
  return 0;
}

/* The bit length of a nonzero limb. */
/*@ assigns \nothing;
    ensures 0 <= \result <= 64; */
static size_t limb_bits(uint64_t x)
{
  size_t b = 0;
  /*@ loop invariant 0 <= b <= 64;
      loop assigns b, x;
      loop variant 64 - b;
  */
  while (x != 0 && b < 64) {
    x >>= 1;
    b++;
  }
  return b;
}

size_t qed_bn_bits(const qed_bn *x)
{
  if (x->n == 0)
    return 0;
  return 64 * (x->n - 1) + limb_bits(x->limb[x->n - 1]);
}

int qed_bn_to_bytes(uint8_t *be, size_t len, const qed_bn *x)
{
  const size_t need = (qed_bn_bits(x) + 7) / 8;
  size_t k;
  if (need > len) {
    qed_zeroize(be, len);
    return -1;
  }
  /*@ loop invariant 0 <= k <= len;
      loop assigns k, be[0 .. len - 1];
      loop variant len - k;
  */
  for (k = 0; k < len; k++)
    be[len - 1 - k] =
        k < need ? (uint8_t)(x->limb[k / 8] >> (8 * (k % 8))) : 0;
  return 0;
}

void qed_bn_negate(qed_bn *x)
{
  if (x->n != 0)
    x->neg = 1 - x->neg;
}

int qed_bn_sign(const qed_bn *x)
{
  if (x->n == 0)
    return 0;
  return x->neg ? -1 : 1;
}

/* |a| vs |b| */
/*@ requires \valid_read(a) && qed_bn_ok(a) && \valid_read(b) && qed_bn_ok(b);
    assigns \nothing;
    ensures -1 <= \result <= 1;
    ensures \result >= 0 ==> a->n >= b->n;
    ensures \result <= 0 ==> a->n <= b->n; */
static int cmp_abs(const qed_bn *a, const qed_bn *b)
{
  if (a->n != b->n)
    return a->n > b->n ? 1 : -1;
  return qed_mpn_cmp(a->limb, b->limb, a->n);
}

int qed_bn_cmp(const qed_bn *a, const qed_bn *b)
{
  int c;
  if (a->neg != b->neg)
    return a->neg ? -1 : 1;
  c = cmp_abs(a, b);
  return a->neg ? -c : c;
}

/* r = a + (-1)^bneg * |b| */
/*@ requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires qed_bn_ok(a) && qed_bn_ok(b);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
static int add_signed(qed_bn *r, const qed_bn *a, const qed_bn *b, int bneg)
{
  uint64_t t[QED_BN_LIMBS + 1];
  const qed_bn *x = a, *y = b;
  int xneg = a->neg, c;
  if (a->neg == bneg) {
    /* |x| + |y| with x the longer */
    if (a->n < b->n) {
      x = b;
      y = a;
    }
    t[x->n] = qed_mpn_add_n(t, x->limb, y->limb, y->n);
    t[x->n] = qed_mpn_add_1(t + y->n, x->limb + y->n, x->n - y->n, t[x->n]);
    return qed_bn_set_limbs(r, t, x->n + 1, a->neg);
  }
  /* signs differ: the larger magnitude minus the smaller */
  c = cmp_abs(a, b);
  if (c == 0) {
    qed_bn_zero(r);
    return 0;
  }
  if (c < 0) {
    x = b;
    y = a;
    xneg = bneg;
  }
  (void)qed_mpn_sub_1(t + y->n, x->limb + y->n, x->n - y->n,
                      qed_mpn_sub_n(t, x->limb, y->limb, y->n));
  return qed_bn_set_limbs(r, t, x->n, xneg);
}

int qed_bn_add(qed_bn *r, const qed_bn *a, const qed_bn *b)
{
  return add_signed(r, a, b, b->neg);
}

int qed_bn_sub(qed_bn *r, const qed_bn *a, const qed_bn *b)
{
  return add_signed(r, a, b, b->n != 0 ? 1 - b->neg : 0);
}

int qed_bn_mul(qed_bn *r, const qed_bn *a, const qed_bn *b)
{
  uint64_t t[2 * QED_BN_LIMBS];
  uint64_t s[4 * 2 * QED_BN_LIMBS + 4 * 64];
  if (a->n == 0 || b->n == 0) {
    qed_bn_zero(r);
    return 0;
  }
  qed_mpn_mul(t, a->limb, a->n, b->limb, b->n, s);
  return qed_bn_set_limbs(r, t, a->n + b->n, a->neg ^ b->neg);
}

int qed_bn_sqr(qed_bn *r, const qed_bn *a)
{
  uint64_t t[2 * QED_BN_LIMBS];
  uint64_t s[4 * QED_BN_LIMBS + 4 * 64];
  if (a->n == 0) {
    qed_bn_zero(r);
    return 0;
  }
  qed_mpn_sqr_n(t, a->limb, a->n, s);
  return qed_bn_set_limbs(r, t, 2 * a->n, 0);
}
