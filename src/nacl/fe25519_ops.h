/* GF(2^255 - 19), radix 2^51: the inline arithmetic (add, sub, mul, sq,
 * mul_small, conditional swap), proved in every unit that includes it
 * (nacl_fe25519, nacl_x25519, ...) with -warn-unsigned-overflow, so that
 * no limb, product or carry can wrap.  Ranges: see nacl/fe25519.h.
 *
 * Products go through nacl/mul64.h (64 x 64 -> 128 bits, one MUL where the
 * compiler has __int128).  Each column of a product is a sum of at most
 * five 128-bit products, bounded by the small fe_prod / fe_prod_acc
 * wrappers whose contracts turn the nonlinear bound into a linear one on
 * the high word; ONE carry pass (fe_carry_wide: five carries, the top one
 * folded back times 19, one more carry into limb 1) then gives a tight
 * result, which the proof shows is enough for every later operation (two
 * passes, as in TweetNaCl, or three, as SPARKNaCl needed with its
 * signed 16-bit limbs, would be wasted work here). */
#ifndef QED_NACL_FE25519_OPS_H
#define QED_NACL_FE25519_OPS_H

#include <stdint.h>

#include "nacl/fe25519.h"
#include "nacl/mul64.h"

/* -Os: the inline operations here and in nacl/fe25519_wide.h are external
 * functions (one copy, emitted by nacl/fe25519.c: see QED_INLINE in
 * nacl/mul64.h), under qed_ names that cannot clash with another
 * library's fe_ functions. */
#ifdef QED_INLINE_SHARED
#define fe_add qed_fe_add
#define fe_sub qed_fe_sub
#define fe_prod qed_fe_prod
#define fe_prod_acc qed_fe_prod_acc
#define fe_prod_s qed_fe_prod_s
#define fe_prod_s_acc qed_fe_prod_s_acc
#define fe_carry_step qed_fe_carry_step
#define fe_carry_wide qed_fe_carry_wide
#define fe_mul qed_fe_mul
#define fe_sq qed_fe_sq
#define fe_mul_small qed_fe_mul_small
#define fe_select64 qed_fe_select64
#define fe_cswap qed_fe_cswap
#define fe_add_x qed_fe_add_x
#define fe_sub_x qed_fe_sub_x
#define fe_neg qed_fe_neg
#define fe_carry qed_fe_carry
#define fe_mul_wide qed_fe_mul_wide
#define fe_cmov qed_fe_cmov
#define fe_mask51 qed_fe_mask51
#endif

/* The value of five 128-bit columns, column k weighing 2^(51 k). */
/*@ logic integer fe_wide_value(qed_u128 r0, qed_u128 r1, qed_u128 r2,
                                qed_u128 r3, qed_u128 r4) =
      u128_value(r0) + u128_value(r1) * 2251799813685248
      + u128_value(r2) * 5070602400912917605986812821504
      + u128_value(r3) * 11417981541647679048466287755595961091061972992
      + u128_value(r4) * 25711008708143844408671393477458601640355247900524685364822016;
*/

/* ---- add, sub ---- */

/*@ requires fe_tight(f) && fe_tight(g);
    assigns \nothing;
    ensures fe_loose(\result);
    ensures fe_value(\result) == fe_value(f) + fe_value(g); */
QED_INLINE qed_fe25519 fe_add(qed_fe25519 f, qed_fe25519 g)
{
  qed_fe25519 h;
  h.v0 = f.v0 + g.v0;
  h.v1 = f.v1 + g.v1;
  h.v2 = f.v2 + g.v2;
  h.v3 = f.v3 + g.v3;
  h.v4 = f.v4 + g.v4;
  return h;
}

/* f - g + 2p, limb by limb: 2p = (2^52 - 38, 2^52 - 2, ..., 2^52 - 2), and
 * a tight limb is below each of those, so no limb goes negative. */
/*@ requires fe_tight(f) && fe_tight(g);
    assigns \nothing;
    ensures fe_loose(\result);
    ensures fe_value(\result) == fe_value(f) - fe_value(g)
              + 2 * (57896044618658097711785492504343953926634992332820282019728792003956564819968 - 19); */
QED_INLINE qed_fe25519 fe_sub(qed_fe25519 f, qed_fe25519 g)
{
  qed_fe25519 h;
  h.v0 = (f.v0 + 4503599627370458u) - g.v0;
  h.v1 = (f.v1 + 4503599627370494u) - g.v1;
  h.v2 = (f.v2 + 4503599627370494u) - g.v2;
  h.v3 = (f.v3 + 4503599627370494u) - g.v3;
  h.v4 = (f.v4 + 4503599627370494u) - g.v4;
  return h;
}

/* ---- products ---- */

/* One product of a column, a <= 2^54 (a limb or twice a limb), b <= 19 *
 * 2^53 (a limb or 19 times a limb): at most 38 * 2^106, so its high word
 * is at most 38 * 2^42. */
/*@ requires a <= 18014398509481984 && b <= 171136785840078848;
    assigns \nothing;
    ensures u128_value(\result) == a * b;
    ensures \result.hi <= 167125767421952; */
QED_INLINE qed_u128 fe_prod(uint64_t a, uint64_t b)
{
  //@ assert a * b <= 18014398509481984 * 171136785840078848;
  return qed_mul64(a, b);
}

/*@ requires a <= 18014398509481984 && b <= 171136785840078848;
    requires acc.hi <= 1152921504606846976;
    assigns \nothing;
    ensures u128_value(\result) == u128_value(acc) + a * b;
    ensures \result.hi <= acc.hi + 167125767421953; */
QED_INLINE qed_u128 fe_prod_acc(qed_u128 acc, uint64_t a, uint64_t b)
{
  //@ assert a * b <= 18014398509481984 * 171136785840078848;
  return qed_mac64(acc, a, b);
}

/* The same with b <= 2^53 (no factor 19): high word at most 2^43.  Used
 * for the top column, whose carry is multiplied by 19. */
/*@ requires a <= 18014398509481984 && b <= 9007199254740992;
    assigns \nothing;
    ensures u128_value(\result) == a * b;
    ensures \result.hi <= 8796093022208; */
QED_INLINE qed_u128 fe_prod_s(uint64_t a, uint64_t b)
{
  //@ assert a * b <= 18014398509481984 * 9007199254740992;
  return qed_mul64(a, b);
}

/*@ requires a <= 18014398509481984 && b <= 9007199254740992;
    requires acc.hi <= 1152921504606846976;
    assigns \nothing;
    ensures u128_value(\result) == u128_value(acc) + a * b;
    ensures \result.hi <= acc.hi + 8796093022209; */
QED_INLINE qed_u128 fe_prod_s_acc(qed_u128 acc, uint64_t a, uint64_t b)
{
  //@ assert a * b <= 18014398509481984 * 9007199254740992;
  return qed_mac64(acc, a, b);
}

/* One step of the carry chain: acc + cin split into its low 51 bits and
 * the rest (at most acc.hi * 2^13 + 2^13 + 2^12). */
typedef struct {
  uint64_t limb;
  uint64_t carry;
} fe_limb_carry;

/*@ requires acc.hi <= 835628837109765 && cin <= 9223372036854775807;
    assigns \nothing;
    ensures \result.limb < 2251799813685248;
    ensures \result.carry <= acc.hi * 8192 + 12288;
    ensures u128_value(acc) + cin
            == \result.limb + \result.carry * 2251799813685248; */
QED_INLINE fe_limb_carry fe_carry_step(qed_u128 acc, uint64_t cin)
{
  const qed_u128 s = qed_add64(acc, cin);
  fe_limb_carry r;
  r.limb = s.lo % FE_M51;
  r.carry = qed_shr51(s);
  //@ assert u128_value(s) == (s.hi * 8192 + s.lo / 2251799813685248) * 2251799813685248 + s.lo % 2251799813685248;
  return r;
}

/* The carry pass after a product: columns r0..r3 with high words at most
 * 5 * (38 * 2^42 + 1), r4 at most 5 * (2^43 + 1).  Each column keeps its
 * low 51 bits and passes the rest (at most ~2^62.6) up into the next
 * column; the carry out of r4 (at most 5 * 2^56 + small) comes back
 * times 19 into limb 0 (2^255 = 19 mod p), whose carry (at most 3041)
 * goes into limb 1.  Besides the bounds, the contract gives the value:
 * the columns' sum R minus floor(R / 2^255) times p, so the same class
 * mod p. */
/*@ requires r0.hi <= 835628837109765 && r1.hi <= 835628837109765 &&
             r2.hi <= 835628837109765 && r3.hi <= 835628837109765;
    requires r4.hi <= 43980465111045;
    assigns \nothing;
    ensures fe_tight(\result);
    ensures fe_value(\result) == fe_wide_value(r0, r1, r2, r3, r4)
              - fe_wide_value(r0, r1, r2, r3, r4) / 57896044618658097711785492504343953926634992332820282019728792003956564819968 * fe_p; */
QED_INLINE qed_fe25519 fe_carry_wide(qed_u128 r0, qed_u128 r1, qed_u128 r2,
                                     qed_u128 r3, qed_u128 r4)
{
  qed_fe25519 h;
  uint64_t t;
  const fe_limb_carry k0 = fe_carry_step(r0, 0);
  const fe_limb_carry k1 = fe_carry_step(r1, k0.carry);
  const fe_limb_carry k2 = fe_carry_step(r2, k1.carry);
  const fe_limb_carry k3 = fe_carry_step(r3, k2.carry);
  const fe_limb_carry k4 = fe_carry_step(r4, k3.carry);
  h.v0 = k0.limb;
  h.v1 = k1.limb;
  h.v2 = k2.limb;
  h.v3 = k3.limb;
  h.v4 = k4.limb;
  //@ assert fe_value(h) + k4.carry * 57896044618658097711785492504343953926634992332820282019728792003956564819968 == fe_wide_value(r0, r1, r2, r3, r4);
  //@ assert fe_value(h) < 57896044618658097711785492504343953926634992332820282019728792003956564819968;
  //@ assert k4.carry == fe_wide_value(r0, r1, r2, r3, r4) / 57896044618658097711785492504343953926634992332820282019728792003956564819968;
  t = h.v0 + 19u * k4.carry;
  h.v0 = t % FE_M51;
  h.v1 += t / FE_M51;
  //@ assert fe_value(h) == fe_wide_value(r0, r1, r2, r3, r4) - k4.carry * fe_p;
  return h;
}

/* f * g: schoolbook with the limbs above 2^255 folded back times 19
 * (precomputed 19 g_j, at most 19 * 2^53). */
/*@ requires fe_loose(f) && fe_loose(g);
    assigns \nothing;
    ensures fe_tight(\result); */
QED_INLINE qed_fe25519 fe_mul(qed_fe25519 f, qed_fe25519 g)
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

/* f^2: the cross products once, doubled (2 f_i, at most 2^54). */
/*@ requires fe_loose(f);
    assigns \nothing;
    ensures fe_tight(\result); */
QED_INLINE qed_fe25519 fe_sq(qed_fe25519 f)
{
  const uint64_t d0 = 2u * f.v0, d1 = 2u * f.v1, d2 = 2u * f.v2;
  const uint64_t d3 = 2u * f.v3;
  const uint64_t f3_19 = 19u * f.v3, f4_19 = 19u * f.v4;
  qed_u128 r0, r1, r2, r3, r4;
  r0 = fe_prod(f.v0, f.v0);
  r0 = fe_prod_acc(r0, d1, f4_19);
  r0 = fe_prod_acc(r0, d2, f3_19);
  r1 = fe_prod(d0, f.v1);
  r1 = fe_prod_acc(r1, d2, f4_19);
  r1 = fe_prod_acc(r1, f.v3, f3_19);
  r2 = fe_prod(d0, f.v2);
  r2 = fe_prod_acc(r2, f.v1, f.v1);
  r2 = fe_prod_acc(r2, d3, f4_19);
  r3 = fe_prod(d0, f.v3);
  r3 = fe_prod_acc(r3, d1, f.v2);
  r3 = fe_prod_acc(r3, f.v4, f4_19);
  r4 = fe_prod_s(d0, f.v4);
  r4 = fe_prod_s_acc(r4, d1, f.v3);
  r4 = fe_prod_s_acc(r4, f.v2, f.v2);
  return fe_carry_wide(r0, r1, r2, r3, r4);
}

/* f * c for a small constant c <= 121666: (A + 2) / 4 = 121666 for
 * Curve25519's A = 486662 (the ladder's a24), or a small u-coordinate such
 * as the base point's 9. */
/*@ requires fe_loose(f) && c <= 121666;
    assigns \nothing;
    ensures fe_tight(\result); */
QED_INLINE qed_fe25519 fe_mul_small(qed_fe25519 f, uint64_t c)
{
  const qed_u128 r0 = qed_mul64(f.v0, c);
  const qed_u128 r1 = qed_mul64(f.v1, c);
  const qed_u128 r2 = qed_mul64(f.v2, c);
  const qed_u128 r3 = qed_mul64(f.v3, c);
  const qed_u128 r4 = qed_mul64(f.v4, c);
  //@ assert f.v0 * c <= 9007199254740992 * 121666 && f.v1 * c <= 9007199254740992 * 121666;
  //@ assert f.v2 * c <= 9007199254740992 * 121666 && f.v3 * c <= 9007199254740992 * 121666;
  //@ assert f.v4 * c <= 9007199254740992 * 121666;
  //@ assert r0.hi <= 59 && r1.hi <= 59 && r2.hi <= 59 && r3.hi <= 59 && r4.hi <= 59;
  return fe_carry_wide(r0, r1, r2, r3, r4);
}

/* ---- constant-time selection and swap ---- */

/* mask == 0: a; mask == all ones: b.  (The proof of the bit identities
 * uses WP's bitwise tactics: -wp-auto wp:bitwised,wp:bitrange.) */
/*@ requires mask == 0 || mask == 18446744073709551615;
    assigns \nothing;
    ensures mask == 0 ==> \result == a;
    ensures mask != 0 ==> \result == b; */
QED_INLINE uint64_t fe_select64(uint64_t mask, uint64_t a, uint64_t b)
{
  const uint64_t d = a ^ b;
  const uint64_t x = mask & d;
  //@ assert d == (a ^ b);
  //@ assert mask == 0 ==> x == 0;
  //@ assert mask != 0 ==> x == d;
  //@ assert (a ^ (a ^ b)) == b;
  //@ assert mask != 0 ==> (a ^ x) == b;
  return a ^ x;
}

/* swap == 1: (*f, *g) = (*g, *f); swap == 0: unchanged. */
/*@ requires swap == 0 || swap == 1;
    requires \valid(f) && \valid(g) && \separated(f, g);
    assigns *f, *g;
    ensures swap == 0 ==> *f == \old(*f) && *g == \old(*g);
    ensures swap == 1 ==> *f == \old(*g) && *g == \old(*f); */
QED_INLINE void fe_cswap(qed_fe25519 *f, qed_fe25519 *g, uint64_t swap)
{
  const uint64_t mask = swap * 18446744073709551615u;   /* 0 or all ones */
  const qed_fe25519 a = *f, b = *g;
  f->v0 = fe_select64(mask, a.v0, b.v0);
  f->v1 = fe_select64(mask, a.v1, b.v1);
  f->v2 = fe_select64(mask, a.v2, b.v2);
  f->v3 = fe_select64(mask, a.v3, b.v3);
  f->v4 = fe_select64(mask, a.v4, b.v4);
  g->v0 = fe_select64(mask, b.v0, a.v0);
  g->v1 = fe_select64(mask, b.v1, a.v1);
  g->v2 = fe_select64(mask, b.v2, a.v2);
  g->v3 = fe_select64(mask, b.v3, a.v3);
  g->v4 = fe_select64(mask, b.v4, a.v4);
}

#endif
