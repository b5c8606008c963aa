/* X25519 (RFC 7748, section 5): the Montgomery ladder on Curve25519 over
 * the radix-2^51 field of nacl/fe25519_ops.h; in builds optimizing for
 * size (QED_NACL_SMALL, nacl/curve25519_small.h), the same ladder over the
 * radix-2^16 field of curve25519_small.c, called with bytes.
 *
 * Constant time: the scalar's bits only ever choose, through a masked
 * swap, which of two registers a step works on; the loop runs the same 255
 * steps for every scalar, and the index of the byte read is the public loop
 * counter.  The clamped copy of the scalar is wiped before return. */
#include <stdint.h>

#include "qed/nacl.h"
#include "qed/common.h"
#include "nacl/fe25519_ops.h"
#include "nacl/curve25519_small.h"

/* x2 / z2 of the ladder for the scalar e (already clamped) and the point
 * with u-coordinate x1; when small is not 0, x1 == small (the base point,
 * u = 9) and the product by x1 in each step is the cheaper product by a
 * small constant (whether it is taken depends on public data only). */
/*@ requires \valid_read(e + (0 .. 31));
    requires fe_tight(x1) && small <= 121666;
    assigns \nothing;
    ensures fe_tight(\result); */
static qed_fe25519 x25519_ladder(const uint8_t e[32], qed_fe25519 x1,
                                 uint64_t small)
{
  qed_fe25519 x2 = { 1, 0, 0, 0, 0 }, z2 = { 0, 0, 0, 0, 0 };
  qed_fe25519 x3 = x1, z3 = { 1, 0, 0, 0, 0 };
  uint64_t swap = 0;
  int t;
  /*@ loop invariant -1 <= t <= 254;
      loop invariant fe_tight(x2) && fe_tight(z2);
      loop invariant fe_tight(x3) && fe_tight(z3);
      loop invariant swap == 0 || swap == 1;
      loop assigns t, swap, x2, z2, x3, z3;
      loop variant t + 1; */
  for (t = 254; t >= 0; t--) {
    const uint64_t bit = (uint64_t)(e[t / 8] >> (t % 8)) % 2u;
    qed_fe25519 a, aa, b, bb, ee, c, d, da, cb;
    swap = (swap + bit) % 2u;                  /* swap ^ bit */
    fe_cswap(&x2, &x3, swap);
    fe_cswap(&z2, &z3, swap);
    swap = bit;
    a = fe_add(x2, z2);
    aa = fe_sq(a);
    b = fe_sub(x2, z2);
    bb = fe_sq(b);
    ee = fe_sub(aa, bb);
    c = fe_add(x3, z3);
    d = fe_sub(x3, z3);
    da = fe_mul(d, a);
    cb = fe_mul(c, b);
    x3 = fe_sq(fe_add(da, cb));
    if (small != 0)
      z3 = fe_mul_small(fe_sq(fe_sub(da, cb)), small);
    else
      z3 = fe_mul(x1, fe_sq(fe_sub(da, cb)));
    x2 = fe_mul(aa, bb);
    /* (A + 2) / 4 = 121666 with BB (the RFC's 121665 with AA = BB + E) */
    z2 = fe_mul(ee, fe_add(bb, fe_mul_small(ee, 121666u)));
  }
  fe_cswap(&x2, &x3, swap);
  fe_cswap(&z2, &z3, swap);
  return fe_mul(x2, qed_fe25519_invert(z2));
}

/* 0 if the 32 bytes of q are not all zero, -1 if they are (without a
 * branch: the OR of the bytes, then (d + 255) / 256 is 0 or 1). */
/*@ requires \valid_read(q + (0 .. 31));
    assigns \nothing;
    ensures \result == 0 || \result == -1;
    ensures \result == -1 <==> (\forall integer k; 0 <= k < 32 ==> q[k] == 0); */
static int x25519_check(const uint8_t q[32])
{
  uint8_t d = 0;
  int i;
  /*@ loop invariant 0 <= i <= 32;
      loop invariant d == 0 <==> (\forall integer k; 0 <= k < i ==> q[k] == 0);
      loop assigns i, d;
      loop variant 32 - i; */
  for (i = 0; i < 32; i++) {
    //@ assert ((uint8_t)(d | q[i]) == 0) <==> (d == 0 && q[i] == 0);
    d = (uint8_t)(d | q[i]);
  }
  return (int)(((unsigned)d + 255u) / 256u) - 1;
}

/*@ requires \valid(q + (0 .. 31)) && \valid_read(n + (0 .. 31));
    requires fe_tight(x1) && small <= 121666;
    assigns q[0 .. 31];
    ensures \result == 0 || \result == -1;
    ensures \result == -1 <==> (\forall integer k; 0 <= k < 32 ==> q[k] == 0); */
static int x25519(uint8_t q[32], const uint8_t n[32], qed_fe25519 x1,
                  uint64_t small)
{
  uint8_t e[32];
  int i;
  /*@ loop invariant 0 <= i <= 32;
      loop assigns i, e[0 .. 31];
      loop variant 32 - i; */
  for (i = 0; i < 32; i++)
    e[i] = n[i];
  e[0] = (uint8_t)(e[0] & 248u);               /* clamp: a multiple of 8, */
  e[31] = (uint8_t)((e[31] & 127u) | 64u);     /* 2^254 <= e < 2^255     */
  qed_fe25519_tobytes(q, x25519_ladder(e, x1, small));
  qed_zeroize(e, sizeof e);
  return x25519_check(q);
}

/* The size-first form: the same clamping, ladder (curve25519_small.c)
 * and check. */
/*@ requires \valid(q + (0 .. 31)) && \valid_read(n + (0 .. 31));
    requires \valid_read(p + (0 .. 31));
    assigns q[0 .. 31];
    ensures \result == 0 || \result == -1;
    ensures \result == -1 <==> (\forall integer k; 0 <= k < 32 ==> q[k] == 0); */
static int x25519_small(uint8_t q[32], const uint8_t n[32], const uint8_t p[32])
{
  uint8_t e[32];
  int i;
  /*@ loop invariant 0 <= i <= 32;
      loop assigns i, e[0 .. 31];
      loop variant 32 - i; */
  for (i = 0; i < 32; i++)
    e[i] = n[i];
  e[0] = (uint8_t)(e[0] & 248u);
  e[31] = (uint8_t)((e[31] & 127u) | 64u);
  qed_x25519_small(q, e, p);
  qed_zeroize(e, sizeof e);
  return x25519_check(q);
}

/* The u-coordinate 9 of the base point, encoded. */
static const uint8_t x25519_nine[32] = { 9 };

int qed_crypto_scalarmult(uint8_t q[32], const uint8_t n[32],
                          const uint8_t p[32])
{
  if (QED_NACL_SMALL)
    return x25519_small(q, n, p);
  return x25519(q, n, qed_fe25519_frombytes(p), 0);
}

int qed_crypto_scalarmult_base(uint8_t q[32], const uint8_t n[32])
{
  const qed_fe25519 nine = { 9, 0, 0, 0, 0 };
  if (QED_NACL_SMALL)
    return x25519_small(q, n, x25519_nine);
  return x25519(q, n, nine, 9);
}
