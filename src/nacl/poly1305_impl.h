/* The Poly1305 block loop and the final reduction (internal): the bodies
 * that poly1305_blocks.c builds for the baseline of the target and
 * poly1305_blocks_x86v3.c for x86-64-v3 (BMI2 MULX, -O3), both proof units.
 *
 * A block step is h = (h + block) * r mod p in radix 2^44: nine 64 x 64 ->
 * 128-bit products (nacl/mul64.h), the wrapped ones by 20 r1 and 20 r2
 * (2^132 == 20 mod p), then one carry pass d0 -> d1 -> d2 -> (times 5) h0
 * -> h1.  The bounds in the asserts are what the prover needs to see that
 * nothing wraps (-warn-unsigned-overflow): every limb of the sum is below
 * 2^46, every 128-bit column below 2^94.
 *
 * (The units that include this file are proved with -warn-unsigned-overflow;
 * of common/bytes.h they use only the loads and stores, whose shifts never
 * lose a bit.  The rotations there, unused here, shift bits out on purpose:
 * mk's flags skip them in these units.)
 *
 * Every split, shift and mask of a limb is written as / and % by a power of
 * two (the compiler emits the same shifts and ANDs): the proof then reads
 * them as arithmetic, and none of them can lose a bit unseen.
 *
 * Constant time: the same operations for every key and message; the final
 * choice between h and h - p is a mask, not a branch. */
#ifndef QED_NACL_POLY1305_IMPL_H
#define QED_NACL_POLY1305_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "common/bytes.h"
#include "nacl/mul64.h"
#include "nacl/poly1305.h"

/* floor(x / 2^44) and floor(x / 2^42) of a column below 2^94. */
/*@ requires u128_value(x) < 19807040628566084398385987584;
    assigns \nothing;
    ensures \result < 2251799813685248; */
static inline uint64_t poly_shr44(qed_u128 x)
{
  //@ assert x.hi < 1073741824;
  return x.hi * POLY_2_20 + x.lo / POLY_2_44;
}

/*@ requires u128_value(x) < 4951760157141521099596496896;
    assigns \nothing;
    ensures \result < 2251799813685248; */
static inline uint64_t poly_shr42(qed_u128 x)
{
  //@ assert x.hi < 268435456;
  return x.hi * (uint64_t)4194304u + x.lo / POLY_2_42;
}

/* h = (h + the block at m, plus hibit 2^88) * r mod p (not fully reduced). */
/*@ requires \valid_read(m + (0 .. 15));
    requires poly_acc_ok(h) && poly_r_ok(r);
    requires hibit <= 1099511627776;
    assigns \nothing;
    ensures poly_acc_ok(\result); */
static inline qed_poly1305_acc poly_block(qed_poly1305_acc h,
                                          qed_poly1305_key r,
                                          const uint8_t *m, uint64_t hibit)
{
  const uint64_t t0 = qed_load64_le(m);
  const uint64_t t1 = qed_load64_le(m + 8);
  /* the block in radix 2^44 added to h: a0 < 2^45, a1 < 2^46, a2 < 2^43 */
  const uint64_t a0 = h.h0 + t0 % POLY_2_44;
  const uint64_t a1 = h.h1 + (t0 / POLY_2_44 + (t1 % POLY_2_24) * POLY_2_20);
  const uint64_t a2 = h.h2 + (t1 / POLY_2_24 + hibit);
  const uint64_t s1 = r.r1 * 20u;  /* < 2^49 */
  const uint64_t s2 = r.r2 * 20u;  /* < 2^47 */
  qed_u128 d0, d1, d2;
  uint64_t c;
  qed_poly1305_acc o;
  //@ assert a0 < 35184372088832 && a1 < 70368744177664 && a2 < 8796093022208;
  //@ assert a0 * r.r0 < 618970019642690137449562112;
  //@ assert a1 * s2 < 9903520314283042199192993792;
  //@ assert a2 * s1 < 4951760157141521099596496896;
  //@ assert a0 * r.r1 < 618970019642690137449562112;
  //@ assert a1 * r.r0 < 1237940039285380274899124224;
  //@ assert a2 * s2 < 1237940039285380274899124224;
  //@ assert a0 * r.r2 < 154742504910672534362390528;
  //@ assert a1 * r.r1 < 1237940039285380274899124224;
  //@ assert a2 * r.r0 < 154742504910672534362390528;
  d0 = qed_mul64(a0, r.r0);
  d0 = qed_mac64(d0, a1, s2);
  d0 = qed_mac64(d0, a2, s1);
  d1 = qed_mul64(a0, r.r1);
  d1 = qed_mac64(d1, a1, r.r0);
  d1 = qed_mac64(d1, a2, s2);
  d2 = qed_mul64(a0, r.r2);
  d2 = qed_mac64(d2, a1, r.r1);
  d2 = qed_mac64(d2, a2, r.r0);
  //@ assert u128_value(d0) < 19807040628566084398385987584;
  //@ assert u128_value(d1) < 4951760157141521099596496896;
  //@ assert u128_value(d2) < 2475880078570760549798248448;
  /* carry: d0 -> d1 -> d2 -> 5 * h0 -> h1 */
  c = poly_shr44(d0);
  o.h0 = d0.lo % POLY_2_44;
  d1 = qed_add64(d1, c);
  c = poly_shr44(d1);
  o.h1 = d1.lo % POLY_2_44;
  d2 = qed_add64(d2, c);
  c = poly_shr42(d2);
  o.h2 = d2.lo % POLY_2_42;
  o.h0 += c * 5u;                 /* < 2^44 + 2^54 */
  c = o.h0 / POLY_2_44;           /* < 2^11 */
  o.h0 %= POLY_2_44;
  o.h1 += c;                      /* < 2^44 + 2^11 */
  return o;
}

/*@ requires \valid_read(m + (0 .. len - 1));
    requires poly_acc_ok(h) && poly_r_ok(r);
    requires hibit <= 1099511627776;
    assigns \nothing;
    ensures poly_acc_ok(\result); */
static inline qed_poly1305_acc poly_blocks_body(qed_poly1305_acc h,
                                                qed_poly1305_key r,
                                                const uint8_t *m, size_t len,
                                                uint64_t hibit)
{
  size_t off = 0;
  /*@ loop invariant 0 <= off <= len;
      loop invariant poly_acc_ok(h);
      loop assigns off, h;
      loop variant len - off; */
  while (len - off >= 16u) {
    h = poly_block(h, r, m + off, hibit);
    off += 16u;
  }
  return h;
}

/*@ requires \valid(tag + (0 .. 15));
    requires poly_acc_ok(h);
    assigns tag[0 .. 15]; */
static inline void poly_emit_body(uint8_t tag[16], qed_poly1305_acc h,
                                  uint64_t s0, uint64_t s1)
{
  uint64_t h0 = h.h0, h1 = h.h1, h2 = h.h2;
  uint64_t g0, g1, g2, f0, f1, f2, c, sel, mask;
  /* full carry: h0, h1 < 2^44 and h2 <= 2^42, so h < 2^131 < 2p */
  c = h1 / POLY_2_44;  h1 %= POLY_2_44;  h2 += c;       /* h2 < 2^42 + 2 */
  c = h2 / POLY_2_42;  h2 %= POLY_2_42;  h0 += c * 5u;  /* h0 < 2^44 + 5 */
  c = h0 / POLY_2_44;  h0 %= POLY_2_44;  h1 += c;
  c = h1 / POLY_2_44;  h1 %= POLY_2_44;  h2 += c;       /* h2 <= 2^42 */
  /* g = h + 5 - 2^130 = h - p, valid when h + 5 reaches 2^130 (sel == 1) */
  g0 = h0 + 5u;        c = g0 / POLY_2_44;  g0 %= POLY_2_44;
  g1 = h1 + c;         c = g1 / POLY_2_44;  g1 %= POLY_2_44;
  g2 = h2 + c;                                          /* < 2^43 */
  sel = g2 / POLY_2_42;                                 /* 0 or 1 */
  g2 %= POLY_2_42;
  //@ assert sel == 0 || sel == 1;
  mask = sel * (uint64_t)0xffffffffffffffffu;           /* 0 or all ones */
  /* h mod p: h where sel is 0, g where it is 1 (both fit the limbs, so the
   * final % only tells the prover so) */
  h0 = ((h0 & ~mask) | (g0 & mask)) % POLY_2_44;
  h1 = ((h1 & ~mask) | (g1 & mask)) % POLY_2_44;
  h2 = ((h2 & ~mask) | (g2 & mask)) % POLY_2_42;
  /* + s mod 2^128, with s in radix 2^44 too */
  f0 = h0 + s0 % POLY_2_44;
  c = f0 / POLY_2_44;  f0 %= POLY_2_44;
  f1 = h1 + (s0 / POLY_2_44 + (s1 % POLY_2_24) * POLY_2_20) + c;
  c = f1 / POLY_2_44;  f1 %= POLY_2_44;
  f2 = (h2 + s1 / POLY_2_24 + c) % POLY_2_40;
  qed_store64_le(tag, f0 + (f1 % POLY_2_20) * POLY_2_44);
  qed_store64_le(tag + 8, f1 / POLY_2_20 + f2 * POLY_2_24);
}

#endif
