/* GF(2^255 - 19): the out-of-line operations on limbs, freeze (the
 * canonical representative) and invert.  The unit also proves the inline
 * arithmetic of nacl/fe25519_ops.h.  No byte here: the unit is proved with
 * -warn-unsigned-overflow (every + and * a goal), which the byte helpers'
 * shifts are not written for; decoding and encoding are fe25519_bytes.c. */
#include <stdint.h>

#include "nacl/fe25519_ops.h"

/* Limbs below 2^51 except limb 0 below 2^51 + 19: the value is below
 * 2^255 + 19 < 2p. */
/*@ predicate fe_weak(qed_fe25519 f) =
      f.v0 < 2251799813685267 && f.v1 < 2251799813685248 &&
      f.v2 < 2251799813685248 && f.v3 < 2251799813685248 &&
      f.v4 < 2251799813685248; */

/* One carry pass from a tight element: limbs 1..4 below 2^51, limb 0 gets
 * the top carry (0 or 1) times 19. */
/*@ requires fe_tight(f);
    assigns \nothing;
    ensures fe_weak(\result); */
static qed_fe25519 fe_carry_weak(qed_fe25519 f)
{
  qed_fe25519 h;
  uint64_t c;
  h.v0 = f.v0 % FE_M51;
  c = f.v0 / FE_M51;
  h.v1 = (f.v1 + c) % FE_M51;
  c = (f.v1 + c) / FE_M51;
  h.v2 = (f.v2 + c) % FE_M51;
  c = (f.v2 + c) / FE_M51;
  h.v3 = (f.v3 + c) % FE_M51;
  c = (f.v3 + c) / FE_M51;
  h.v4 = (f.v4 + c) % FE_M51;
  c = (f.v4 + c) / FE_M51;
  //@ assert c <= 1;
  h.v0 += 19u * c;
  return h;
}

qed_fe25519 qed_fe25519_freeze(qed_fe25519 f)
{
  qed_fe25519 h = fe_carry_weak(f);
  uint64_t q, c;
  /* q = 1 if h >= p (h + 19 carries out of bit 255), else 0 */
  q = (h.v0 + 19u) / FE_M51;
  q = (h.v1 + q) / FE_M51;
  q = (h.v2 + q) / FE_M51;
  q = (h.v3 + q) / FE_M51;
  q = (h.v4 + q) / FE_M51;
  //@ assert q <= 1;
  /* h - q p = h + 19 q - q 2^255: add 19 q, carry, drop bit 255 */
  h.v0 += 19u * q;
  c = h.v0 / FE_M51;
  h.v0 %= FE_M51;
  h.v1 += c;
  c = h.v1 / FE_M51;
  h.v1 %= FE_M51;
  h.v2 += c;
  c = h.v2 / FE_M51;
  h.v2 %= FE_M51;
  h.v3 += c;
  c = h.v3 / FE_M51;
  h.v3 %= FE_M51;
  h.v4 = (h.v4 + c) % FE_M51;
  return h;
}

/* f^(2^n) */
/*@ requires fe_tight(f) && 1 <= n <= 100;
    assigns \nothing;
    ensures fe_tight(\result); */
static qed_fe25519 fe_sqn(qed_fe25519 f, unsigned n)
{
  unsigned i;
  /*@ loop invariant 0 <= i <= n && fe_tight(f);
      loop assigns i, f;
      loop variant n - i; */
  for (i = 0; i < n; i++)
    f = fe_sq(f);
  return f;
}

/* f^(p - 2) = f^(2^255 - 21), the addition chain of ref10 / TweetNaCl's
 * authors: 254 squarings, 11 multiplications. */
qed_fe25519 qed_fe25519_invert(qed_fe25519 f)
{
  qed_fe25519 t0, t1, t2, t3;
  t0 = fe_sq(f);                     /* 2 */
  t1 = fe_sqn(t0, 2);                /* 8 */
  t1 = fe_mul(f, t1);                /* 9 */
  t0 = fe_mul(t0, t1);               /* 11 */
  t2 = fe_sq(t0);                    /* 22 */
  t1 = fe_mul(t1, t2);               /* 2^5 - 1 */
  t2 = fe_sqn(t1, 5);
  t1 = fe_mul(t2, t1);               /* 2^10 - 1 */
  t2 = fe_sqn(t1, 10);
  t2 = fe_mul(t2, t1);               /* 2^20 - 1 */
  t3 = fe_sqn(t2, 20);
  t2 = fe_mul(t3, t2);               /* 2^40 - 1 */
  t2 = fe_sqn(t2, 10);
  t1 = fe_mul(t2, t1);               /* 2^50 - 1 */
  t2 = fe_sqn(t1, 50);
  t2 = fe_mul(t2, t1);               /* 2^100 - 1 */
  t3 = fe_sqn(t2, 100);
  t2 = fe_mul(t3, t2);               /* 2^200 - 1 */
  t2 = fe_sqn(t2, 50);
  t1 = fe_mul(t2, t1);               /* 2^250 - 1 */
  t1 = fe_sqn(t1, 5);                /* 2^255 - 2^5 */
  return fe_mul(t1, t0);             /* 2^255 - 21 */
}

/* -Os (QED_INLINE_SHARED, nacl/mul64.h): the one external copy of every
 * inline operation of nacl/mul64.h, fe25519_ops.h and fe25519_wide.h,
 * which the other units call where the compiler did not inline them. */
#ifdef QED_INLINE_SHARED
#include "nacl/fe25519_wide.h"
extern inline uint64_t qed_mul32_portable(uint64_t a, uint64_t b);
extern inline qed_u128 qed_mul64_portable(uint64_t a, uint64_t b);
extern inline qed_u128 qed_mac64_portable(qed_u128 acc, uint64_t a,
                                          uint64_t b);
extern inline qed_u128 qed_add64_portable(qed_u128 acc, uint64_t c);
extern inline uint64_t qed_shr51_portable(qed_u128 x);
extern inline qed_u128 qed_mul64(uint64_t a, uint64_t b);
extern inline qed_u128 qed_mac64(qed_u128 acc, uint64_t a, uint64_t b);
extern inline qed_u128 qed_add64(qed_u128 acc, uint64_t c);
extern inline uint64_t qed_shr51(qed_u128 x);
extern inline qed_fe25519 fe_add(qed_fe25519 f, qed_fe25519 g);
extern inline qed_fe25519 fe_sub(qed_fe25519 f, qed_fe25519 g);
extern inline qed_u128 fe_prod(uint64_t a, uint64_t b);
extern inline qed_u128 fe_prod_acc(qed_u128 acc, uint64_t a, uint64_t b);
extern inline qed_u128 fe_prod_s(uint64_t a, uint64_t b);
extern inline qed_u128 fe_prod_s_acc(qed_u128 acc, uint64_t a, uint64_t b);
extern inline fe_limb_carry fe_carry_step(qed_u128 acc, uint64_t cin);
extern inline qed_fe25519 fe_carry_wide(qed_u128 r0, qed_u128 r1, qed_u128 r2,
                                        qed_u128 r3, qed_u128 r4);
extern inline qed_fe25519 fe_mul(qed_fe25519 f, qed_fe25519 g);
extern inline qed_fe25519 fe_sq(qed_fe25519 f);
extern inline qed_fe25519 fe_mul_small(qed_fe25519 f, uint64_t c);
extern inline uint64_t fe_select64(uint64_t mask, uint64_t a, uint64_t b);
extern inline void fe_cswap(qed_fe25519 *f, qed_fe25519 *g, uint64_t swap);
extern inline qed_fe25519 fe_add_x(qed_fe25519 f, qed_fe25519 g);
extern inline qed_fe25519 fe_sub_x(qed_fe25519 f, qed_fe25519 g);
extern inline qed_fe25519 fe_neg(qed_fe25519 f);
extern inline qed_fe25519 fe_carry(qed_fe25519 f);
extern inline qed_fe25519 fe_mul_wide(qed_fe25519 f, qed_fe25519 g);
extern inline qed_fe25519 fe_cmov(qed_fe25519 f, qed_fe25519 g, uint64_t mask);
extern inline qed_fe25519 fe_mask51(qed_fe25519 f);
#endif
