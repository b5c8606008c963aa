/* GF(2^255 - 19), radix 2^51: the operations the Edwards-curve code of
 * Ed25519 needs beyond those of nacl/fe25519_ops.h (which X25519 uses).
 *
 * Point addition and doubling add and subtract products and sums of
 * products, so some limbs leave the fe_loose range (2^53) that fe_mul
 * accepts.  This header adds the ranges and operations that keep every
 * such value provably in 64 bits and every product in 128 bits:
 *   fe_le(f, b)    every limb <= b (the general form of the predicates);
 *   fe_wide(f)     every limb <= 2^54;
 *   fe_add_x       limb-wise sum, stated exactly (the caller's proof
 *                  derives the bound it needs from its operands' bounds);
 *   fe_sub_x       f + 2p - g limb-wise, stated exactly (g tight);
 *   fe_carry       one carry pass: limbs <= 2^56 to tight;
 *   fe_mul_wide    f * g with f wide and g loose: the column sums are at
 *                  most 77 * 2^107 < 2^113.3, within what the carry pass
 *                  of fe_carry_wide takes (its contract, in fe25519_ops.h,
 *                  is already stated for a first factor up to 2^54);
 *   fe_cmov        constant-time choice of one of two elements by a mask;
 *   fe_mask51      each limb reduced mod 2^51: a no-op on a table entry
 *                  (stored canonical), it lets the proof know the bound of
 *                  an entry picked by a masked scan without reading the
 *                  table.
 * Everything is inline and proved, with -warn-unsigned-overflow, in every
 * unit that includes it (nacl_ge25519, nacl_ge25519_base,
 * nacl_ge25519_vartime). */
#ifndef QED_NACL_FE25519_WIDE_H
#define QED_NACL_FE25519_WIDE_H

#include <stdint.h>

#include "nacl/fe25519_ops.h"

/*@ predicate fe_le(qed_fe25519 f, integer b) =
      f.v0 <= b && f.v1 <= b && f.v2 <= b && f.v3 <= b && f.v4 <= b;
    predicate fe_wide(qed_fe25519 f) = fe_le(f, 18014398509481984);
*/

/* f + g limb by limb. */
/*@ requires fe_le(f, 4611686018427387904) && fe_le(g, 4611686018427387904);
    assigns \nothing;
    ensures \result.v0 == f.v0 + g.v0 && \result.v1 == f.v1 + g.v1 &&
            \result.v2 == f.v2 + g.v2 && \result.v3 == f.v3 + g.v3 &&
            \result.v4 == f.v4 + g.v4; */
QED_INLINE qed_fe25519 fe_add_x(qed_fe25519 f, qed_fe25519 g)
{
  qed_fe25519 h;
  h.v0 = f.v0 + g.v0;
  h.v1 = f.v1 + g.v1;
  h.v2 = f.v2 + g.v2;
  h.v3 = f.v3 + g.v3;
  h.v4 = f.v4 + g.v4;
  return h;
}

/* f - g + 2p limb by limb (2p = 2^52 - 38, 2^52 - 2, ...: above every
 * tight limb, so nothing goes negative). */
/*@ requires fe_le(f, 4611686018427387904) && fe_tight(g);
    assigns \nothing;
    ensures \result.v0 == f.v0 + 4503599627370458 - g.v0 &&
            \result.v1 == f.v1 + 4503599627370494 - g.v1 &&
            \result.v2 == f.v2 + 4503599627370494 - g.v2 &&
            \result.v3 == f.v3 + 4503599627370494 - g.v3 &&
            \result.v4 == f.v4 + 4503599627370494 - g.v4; */
QED_INLINE qed_fe25519 fe_sub_x(qed_fe25519 f, qed_fe25519 g)
{
  qed_fe25519 h;
  h.v0 = (f.v0 + 4503599627370458u) - g.v0;
  h.v1 = (f.v1 + 4503599627370494u) - g.v1;
  h.v2 = (f.v2 + 4503599627370494u) - g.v2;
  h.v3 = (f.v3 + 4503599627370494u) - g.v3;
  h.v4 = (f.v4 + 4503599627370494u) - g.v4;
  return h;
}

/* -f (as 2p - f): loose. */
/*@ requires fe_tight(f);
    assigns \nothing;
    ensures fe_loose(\result); */
QED_INLINE qed_fe25519 fe_neg(qed_fe25519 f)
{
  const qed_fe25519 zero = { 0, 0, 0, 0, 0 };
  return fe_sub_x(zero, f);
}

/* One carry pass: each limb keeps its low 51 bits and passes the rest
 * (at most 2^5 + 1) up; the carry out of the top limb comes back times 19
 * (2^255 = 19 mod p).  Same class mod p, tight limbs. */
/*@ requires fe_le(f, 72057594037927936);
    assigns \nothing;
    ensures fe_tight(\result); */
QED_INLINE qed_fe25519 fe_carry(qed_fe25519 f)
{
  qed_fe25519 h;
  uint64_t t;
  h.v0 = f.v0 % FE_M51;
  t = f.v1 + f.v0 / FE_M51;
  h.v1 = t % FE_M51;
  t = f.v2 + t / FE_M51;
  h.v2 = t % FE_M51;
  t = f.v3 + t / FE_M51;
  h.v3 = t % FE_M51;
  t = f.v4 + t / FE_M51;
  h.v4 = t % FE_M51;
  //@ assert t / 2251799813685248 <= 33;
  h.v0 += 19u * (t / FE_M51);
  return h;
}

/* f * g with f wide (the same schoolbook as fe_mul: fe_prod takes a first
 * factor up to 2^54, as fe_sq's doubled limbs need). */
/*@ requires fe_wide(f) && fe_loose(g);
    assigns \nothing;
    ensures fe_tight(\result); */
QED_INLINE qed_fe25519 fe_mul_wide(qed_fe25519 f, qed_fe25519 g)
{
  const uint64_t g1_19 = 19u * g.v1, g2_19 = 19u * g.v2;
  const uint64_t g3_19 = 19u * g.v3, g4_19 = 19u * g.v4;
  qed_u128 r0, r1, r2, r3, r4;
  r0 = fe_prod(f.v0, g.v0);
  r0 = fe_prod_acc(r0, f.v1, g4_19);
  r0 = fe_prod_acc(r0, f.v2, g3_19);
  r0 = fe_prod_acc(r0, f.v3, g2_19);
  r0 = fe_prod_acc(r0, f.v4, g1_19);
  r1 = fe_prod(f.v0, g.v1);
  r1 = fe_prod_acc(r1, f.v1, g.v0);
  r1 = fe_prod_acc(r1, f.v2, g4_19);
  r1 = fe_prod_acc(r1, f.v3, g3_19);
  r1 = fe_prod_acc(r1, f.v4, g2_19);
  r2 = fe_prod(f.v0, g.v2);
  r2 = fe_prod_acc(r2, f.v1, g.v1);
  r2 = fe_prod_acc(r2, f.v2, g.v0);
  r2 = fe_prod_acc(r2, f.v3, g4_19);
  r2 = fe_prod_acc(r2, f.v4, g3_19);
  r3 = fe_prod(f.v0, g.v3);
  r3 = fe_prod_acc(r3, f.v1, g.v2);
  r3 = fe_prod_acc(r3, f.v2, g.v1);
  r3 = fe_prod_acc(r3, f.v3, g.v0);
  r3 = fe_prod_acc(r3, f.v4, g4_19);
  r4 = fe_prod_s(f.v0, g.v4);
  r4 = fe_prod_s_acc(r4, f.v1, g.v3);
  r4 = fe_prod_s_acc(r4, f.v2, g.v2);
  r4 = fe_prod_s_acc(r4, f.v3, g.v1);
  r4 = fe_prod_s_acc(r4, f.v4, g.v0);
  return fe_carry_wide(r0, r1, r2, r3, r4);
}

/* mask == 0: f; mask == all ones: g.  No branch. */
/*@ requires mask == 0 || mask == 18446744073709551615;
    assigns \nothing;
    ensures mask == 0 ==> \result == f;
    ensures mask != 0 ==> \result == g; */
QED_INLINE qed_fe25519 fe_cmov(qed_fe25519 f, qed_fe25519 g, uint64_t mask)
{
  qed_fe25519 h;
  h.v0 = fe_select64(mask, f.v0, g.v0);
  h.v1 = fe_select64(mask, f.v1, g.v1);
  h.v2 = fe_select64(mask, f.v2, g.v2);
  h.v3 = fe_select64(mask, f.v3, g.v3);
  h.v4 = fe_select64(mask, f.v4, g.v4);
  return h;
}

/* Each limb mod 2^51 (one AND each). */
/*@ assigns \nothing;
    ensures fe_reduced(\result); */
QED_INLINE qed_fe25519 fe_mask51(qed_fe25519 f)
{
  qed_fe25519 h;
  h.v0 = f.v0 % FE_M51;
  h.v1 = f.v1 % FE_M51;
  h.v2 = f.v2 % FE_M51;
  h.v3 = f.v3 % FE_M51;
  h.v4 = f.v4 % FE_M51;
  return h;
}

#endif
