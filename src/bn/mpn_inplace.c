/* In-place limb additions and subtractions, and constant-time limb
 * helpers (bn/mpn.h): qed_mpn_add_n_ip, qed_mpn_sub_n_ip, qed_mpn_add_1_ip,
 * qed_mpn_sub_1_ip, qed_mpn_cnd_neg, qed_mpn_cnd_select, qed_mpn_copy,
 * qed_mpn_zero.  Proved free of run-time errors (the functional contracts
 * are those of the out-of-place forms in mpn_add.c; these loops differ only
 * in writing over their first operand).  Wrap-around is intended here: it is
 * how a carry is detected (s < a after s = a + b), as unsigned arithmetic in
 * C defines it.  No branch on a limb anywhere. */
#include "bn/mpn_ops.h"

uint64_t qed_mpn_add_n_ip(uint64_t *r, const uint64_t *b, size_t n)
{
  uint64_t c = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant c <= 1;
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t s = r[i] + b[i];
    const uint64_t c1 = s < b[i];
    const uint64_t t = s + c;
    const uint64_t c2 = t < c;
    r[i] = t;
    c = c1 | c2;
  }
  return c;
}

uint64_t qed_mpn_sub_n_ip(uint64_t *r, const uint64_t *b, size_t n)
{
  uint64_t c = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant c <= 1;
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t x = r[i];
    const uint64_t d = x - b[i];
    const uint64_t c1 = x < b[i];
    const uint64_t t = d - c;
    const uint64_t c2 = d < c;
    r[i] = t;
    c = c1 | c2;
  }
  return c;
}

uint64_t qed_mpn_add_1_ip(uint64_t *r, size_t n, uint64_t b)
{
  uint64_t c = b;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t t = r[i] + c;
    c = t < c;
    r[i] = t;
  }
  return c;
}

uint64_t qed_mpn_sub_1_ip(uint64_t *r, size_t n, uint64_t b)
{
  uint64_t c = b;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t x = r[i];
    r[i] = x - c;
    c = x < c;
  }
  return c;
}

/* r = neg ? 2^(64n) - r : r (two's complement), neg 0 or 1; returns the
 * carry out of the top limb (1 only when negating zero). */
uint64_t qed_mpn_cnd_neg(uint64_t *r, size_t n, uint64_t neg)
{
  const uint64_t mask = 0 - neg;
  uint64_t c = neg;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t t = (r[i] ^ mask) + c;
    c = t < c;
    r[i] = t;
  }
  return c;
}

/* r = bit ? a : r, bit 0 or 1, without a branch. */
void qed_mpn_cnd_select(uint64_t *r, const uint64_t *a, size_t n,
                        uint64_t bit)
{
  const uint64_t mask = 0 - bit;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++)
    r[i] ^= (r[i] ^ a[i]) & mask;
}

void qed_mpn_copy(uint64_t *r, const uint64_t *a, size_t n)
{
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> r[k] == a[k];
      loop assigns i, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++)
    r[i] = a[i];
}

void qed_mpn_zero(uint64_t *r, size_t n)
{
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> r[k] == 0;
      loop assigns i, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++)
    r[i] = 0;
}
