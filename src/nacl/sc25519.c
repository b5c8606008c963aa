/* Scalars mod L (nacl/sc25519.h): Barrett reduction on 64-bit limbs. */
#include <stdint.h>

#include "nacl/sc25519.h"
#include "nacl/mul64.h"
#include "common/bytes.h"
#include "common/zeroize.h"

/* L and mu = floor(2^512 / L), 64-bit limbs, least significant first. */
static const uint64_t sc_L[5] = { 0x5812631a5cf5d3edu, 0x14def9dea2f79cd6u,
                                  0u, 0x1000000000000000u, 0u };
static const uint64_t sc_mu[5] = { 0xed9ce5a30a2c131bu, 0x2106215d086329a7u,
                                   0xffffffffffffffebu, 0xffffffffffffffffu,
                                   0xfu };

/* r[0 .. an + bn - 1] = a[0 .. an - 1] b[0 .. bn - 1] (schoolbook; each
 * step hi:lo = a_i b_j + r_(i+j) + carry < 2^128 cannot overflow). */
/*@ requires 1 <= an <= 5 && 1 <= bn <= 5;
    requires \valid(r + (0 .. an + bn - 1));
    requires \valid_read(a + (0 .. an - 1)) && \valid_read(b + (0 .. bn - 1));
    requires \separated(r + (0 .. an + bn - 1), a + (0 .. an - 1), b + (0 .. bn - 1));
    assigns r[0 .. an + bn - 1]; */
static void sc_mul(uint64_t *r, const uint64_t *a, int an, const uint64_t *b,
                   int bn)
{
  int i, j;
  /*@ loop invariant 0 <= i <= an + bn;
      loop assigns i, r[0 .. an + bn - 1];
      loop variant an + bn - i; */
  for (i = 0; i < an + bn; i++)
    r[i] = 0;
  /*@ loop invariant 0 <= i <= an;
      loop assigns i, j, r[0 .. an + bn - 1];
      loop variant an - i; */
  for (i = 0; i < an; i++) {
    uint64_t carry = 0;
    /*@ loop invariant 0 <= j <= bn;
        loop assigns j, carry, r[i .. i + bn - 1];
        loop variant bn - j; */
    for (j = 0; j < bn; j++) {
      const qed_u128 p = qed_mul64(a[i], b[j]);
      uint64_t lo = p.lo + r[i + j];
      uint64_t hi = p.hi + (uint64_t)(lo < p.lo);
      lo += carry;
      hi += (uint64_t)(lo < carry);
      r[i + j] = lo;
      carry = hi;
    }
    r[i + bn] = carry;
  }
}

/* r = a - b mod 2^320; returns 1 if a < b (a borrow out), else 0. */
/*@ requires \valid(r + (0 .. 4)) && \valid_read(a + (0 .. 4)) && \valid_read(b + (0 .. 4));
    requires \separated(r + (0 .. 4), a + (0 .. 4), b + (0 .. 4));
    assigns r[0 .. 4];
    ensures \result <= 1; */
static uint64_t sc_sub5(uint64_t r[5], const uint64_t a[5], const uint64_t b[5])
{
  uint64_t borrow = 0;
  int i;
  /*@ loop invariant 0 <= i <= 5 && borrow <= 1;
      loop assigns i, borrow, r[0 .. 4];
      loop variant 5 - i; */
  for (i = 0; i < 5; i++) {
    const uint64_t d = a[i] - b[i];
    const uint64_t b1 = (uint64_t)(a[i] < b[i]);
    r[i] = d - borrow;
    borrow = b1 | (uint64_t)(d < borrow);
  }
  return borrow;
}

/* r = r - L if r >= L (r < 2^320), without a branch. */
/*@ requires \valid(r + (0 .. 4));
    assigns r[0 .. 4]; */
static void sc_sub_L_if_ge(uint64_t r[5])
{
  uint64_t t[5];
  const uint64_t borrow = sc_sub5(t, r, sc_L);
  const uint64_t keep = 0u - borrow;     /* all ones: r < L, keep r */
  int i;
  /*@ loop invariant 0 <= i <= 5;
      loop assigns i, r[0 .. 4];
      loop variant 5 - i; */
  for (i = 0; i < 5; i++)
    r[i] = (r[i] & keep) | (t[i] & ~keep);
}

/* out = x mod L, x[0 .. 7] a 512-bit value. */
/*@ requires \valid(out + (0 .. 31)) && \valid(x + (0 .. 7));
    requires \separated(out + (0 .. 31), x + (0 .. 7));
    assigns out[0 .. 31], x[0 .. 7]; */
static void sc_barrett(uint8_t out[32], uint64_t x[8])
{
  uint64_t q2[10], q3[5], r2[10], r[5], r1[5];
  int i;
  /* q2 = floor(x / 2^192) mu; q3 = floor(q2 / 2^320) */
  sc_mul(q2, x + 3, 5, sc_mu, 5);
  /*@ loop invariant 0 <= i <= 5;
      loop assigns i, q3[0 .. 4], r1[0 .. 4];
      loop variant 5 - i; */
  for (i = 0; i < 5; i++) {
    q3[i] = q2[i + 5];
    r1[i] = x[i];
  }
  /* r = x - q3 L mod 2^320 (< 3 L) */
  sc_mul(r2, q3, 5, sc_L, 5);
  (void)sc_sub5(r, r1, r2);
  sc_sub_L_if_ge(r);
  sc_sub_L_if_ge(r);
  qed_store64_le(out, r[0]);
  qed_store64_le(out + 8, r[1]);
  qed_store64_le(out + 16, r[2]);
  qed_store64_le(out + 24, r[3]);
  qed_wipe_u64(x, 8);
  qed_wipe_u64(q2, 10);
  qed_wipe_u64(q3, 5);
  qed_wipe_u64(r2, 10);
  qed_wipe_u64(r1, 5);
  qed_wipe_u64(r, 5);
}

void qed_sc25519_reduce(uint8_t out[32], const uint8_t in[64])
{
  uint64_t x[8];
  int i;
  /*@ loop invariant 0 <= i <= 8;
      loop assigns i, x[0 .. 7];
      loop variant 8 - i; */
  for (i = 0; i < 8; i++)
    x[i] = qed_load64_le(in + 8 * i);
  sc_barrett(out, x);
}

void qed_sc25519_muladd(uint8_t s[32], const uint8_t a[32],
                        const uint8_t b[32], const uint8_t c[32])
{
  uint64_t al[4], bl[4], x[8];
  uint64_t carry = 0;
  int i;
  /*@ loop invariant 0 <= i <= 4;
      loop assigns i, al[0 .. 3], bl[0 .. 3];
      loop variant 4 - i; */
  for (i = 0; i < 4; i++) {
    al[i] = qed_load64_le(a + 8 * i);
    bl[i] = qed_load64_le(b + 8 * i);
  }
  sc_mul(x, al, 4, bl, 4);
  /* + c: (2^256 - 1)^2 + 2^256 - 1 < 2^512, no carry out of x[7] */
  /*@ loop invariant 0 <= i <= 8;
      loop assigns i, carry, x[0 .. 7];
      loop variant 8 - i; */
  for (i = 0; i < 8; i++) {
    const uint64_t ci = i < 4 ? qed_load64_le(c + 8 * i) : 0u;
    const uint64_t t = x[i] + ci;
    const uint64_t c1 = (uint64_t)(t < ci);
    x[i] = t + carry;
    carry = c1 + (uint64_t)(x[i] < carry);
  }
  sc_barrett(s, x);
  qed_wipe_u64(al, 4);
  qed_wipe_u64(bl, 4);
}

int qed_sc25519_is_canonical(const uint8_t s[32])
{
  uint64_t x[5], t[5];
  int i;
  /*@ loop invariant 0 <= i <= 4;
      loop assigns i, x[0 .. 3];
      loop variant 4 - i; */
  for (i = 0; i < 4; i++)
    x[i] = qed_load64_le(s + 8 * i);
  x[4] = 0;
  return (int)sc_sub5(t, x, sc_L);     /* borrow: s < L */
}
