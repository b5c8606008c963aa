/* The group of Ed25519: the twisted Edwards curve -x^2 + y^2 = 1 + d x^2 y^2
 * over GF(2^255 - 19), on the radix-2^51 field of nacl/fe25519.h.
 *
 * Coordinates (Hisil, Wong, Carter, Dawson 2008; the forms of ref10):
 *   qed_ge_p2       projective (X : Y : Z), x = X/Z, y = Y/Z;
 *   qed_ge_p3       extended (X : Y : Z : T), also T = XY/Z;
 *   qed_ge_p1p1     completed ((X : Z), (Y : T)): x = X/Z, y = Y/T, what an
 *                   addition or doubling yields before its last products;
 *   qed_ge_precomp  affine Niels (y + x, y - x, 2 d x y): table entries;
 *   qed_ge_cached   (Y + X, Y - X, 2 Z, 2 d T): a point added many times.
 * The limb ranges are predicates (nacl/fe25519.h, nacl/fe25519_wide.h),
 * stated in every contract, so that the proof carries the bounds through
 * each addition and doubling:
 *   p2, p3      every coordinate tight;
 *   p1p1        X, Y, Z loose, T wide (<= 2^54);
 *   precomp     every coordinate loose (tight in the tables; the
 *               negation of 2dxy is loose);
 *   cached      every coordinate loose.
 * The cached form keeps 2 Z rather than Z (the addition needs 2 Z1 Z2):
 * one fewer addition per use, and every sum stays in range.
 *
 * Out-of-line operations (ge25519.c), all constant time unless their name
 * says vartime. */
#ifndef QED_NACL_GE25519_H
#define QED_NACL_GE25519_H

#include <stdint.h>

#include "nacl/fe25519.h"

typedef struct {
  qed_fe25519 X, Y, Z;
} qed_ge_p2;

typedef struct {
  qed_fe25519 X, Y, Z, T;
} qed_ge_p3;

typedef struct {
  qed_fe25519 X, Y, Z, T;
} qed_ge_p1p1;

typedef struct {
  qed_fe25519 ypx, ymx, xy2d;
} qed_ge_precomp;

typedef struct {
  qed_fe25519 YpX, YmX, Z2, T2d;
} qed_ge_cached;

/*@ predicate ge_p2_ok(qed_ge_p2 p) =
      fe_tight(p.X) && fe_tight(p.Y) && fe_tight(p.Z);
    predicate ge_p3_ok(qed_ge_p3 p) =
      fe_tight(p.X) && fe_tight(p.Y) && fe_tight(p.Z) && fe_tight(p.T);
    predicate ge_p1p1_ok(qed_ge_p1p1 p) =
      fe_loose(p.X) && fe_loose(p.Y) && fe_loose(p.Z) &&
      p.T.v0 <= 18014398509481984 && p.T.v1 <= 18014398509481984 &&
      p.T.v2 <= 18014398509481984 && p.T.v3 <= 18014398509481984 &&
      p.T.v4 <= 18014398509481984;
    predicate ge_precomp_ok(qed_ge_precomp p) =
      fe_loose(p.ypx) && fe_loose(p.ymx) && fe_loose(p.xy2d);
    predicate ge_cached_ok(qed_ge_cached p) =
      fe_loose(p.YpX) && fe_loose(p.YmX) && fe_loose(p.Z2) && fe_loose(p.T2d);
*/

/* r = 2 p */
/*@ requires \valid(r) && \valid_read(p) && \separated(r, p);
    requires ge_p2_ok(*p);
    assigns *r;
    ensures ge_p1p1_ok(*r); */
void qed_ge_dbl(qed_ge_p1p1 *r, const qed_ge_p2 *p);

/* r = p + q, r = p - q (q affine) */
/*@ requires \valid(r) && \valid_read(p) && \valid_read(q);
    requires \separated(r, p) && \separated(r, q);
    requires ge_p3_ok(*p) && ge_precomp_ok(*q);
    assigns *r;
    ensures ge_p1p1_ok(*r); */
void qed_ge_madd(qed_ge_p1p1 *r, const qed_ge_p3 *p, const qed_ge_precomp *q);
/*@ requires \valid(r) && \valid_read(p) && \valid_read(q);
    requires \separated(r, p) && \separated(r, q);
    requires ge_p3_ok(*p) && ge_precomp_ok(*q);
    assigns *r;
    ensures ge_p1p1_ok(*r); */
void qed_ge_msub(qed_ge_p1p1 *r, const qed_ge_p3 *p, const qed_ge_precomp *q);

/* r = p + q, r = p - q (q cached) */
/*@ requires \valid(r) && \valid_read(p) && \valid_read(q);
    requires \separated(r, p) && \separated(r, q);
    requires ge_p3_ok(*p) && ge_cached_ok(*q);
    assigns *r;
    ensures ge_p1p1_ok(*r); */
void qed_ge_add(qed_ge_p1p1 *r, const qed_ge_p3 *p, const qed_ge_cached *q);
/*@ requires \valid(r) && \valid_read(p) && \valid_read(q);
    requires \separated(r, p) && \separated(r, q);
    requires ge_p3_ok(*p) && ge_cached_ok(*q);
    assigns *r;
    ensures ge_p1p1_ok(*r); */
void qed_ge_sub(qed_ge_p1p1 *r, const qed_ge_p3 *p, const qed_ge_cached *q);

/* Conversions. */
/*@ requires \valid(r) && \valid_read(p) && \separated(r, p);
    requires ge_p1p1_ok(*p);
    assigns *r;
    ensures ge_p2_ok(*r); */
void qed_ge_p1p1_to_p2(qed_ge_p2 *r, const qed_ge_p1p1 *p);
/*@ requires \valid(r) && \valid_read(p) && \separated(r, p);
    requires ge_p1p1_ok(*p);
    assigns *r;
    ensures ge_p3_ok(*r); */
void qed_ge_p1p1_to_p3(qed_ge_p3 *r, const qed_ge_p1p1 *p);
/*@ requires \valid(r) && \valid_read(p) && \separated(r, p);
    requires ge_p3_ok(*p);
    assigns *r;
    ensures ge_p2_ok(*r); */
void qed_ge_p3_to_p2(qed_ge_p2 *r, const qed_ge_p3 *p);
/*@ requires \valid(r) && \valid_read(p) && \separated(r, p);
    requires ge_p3_ok(*p);
    assigns *r;
    ensures ge_cached_ok(*r); */
void qed_ge_p3_to_cached(qed_ge_cached *r, const qed_ge_p3 *p);

/* The neutral element (0 : 1 : 1 : 0). */
/*@ requires \valid(r);
    assigns *r;
    ensures ge_p3_ok(*r); */
void qed_ge_p3_0(qed_ge_p3 *r);

/* The 32-byte encoding (RFC 8032 5.1.2: y, and the sign of x in bit 255).
 * Constant time. */
/*@ requires \valid(s + (0 .. 31)) && \valid_read(p);
    requires \separated(s + (0 .. 31), p);
    requires ge_p2_ok(*p);
    assigns s[0 .. 31]; */
void qed_ge_p2_tobytes(uint8_t s[32], const qed_ge_p2 *p);
/*@ requires \valid(s + (0 .. 31)) && \valid_read(p);
    requires \separated(s + (0 .. 31), p);
    requires ge_p3_ok(*p);
    assigns s[0 .. 31]; */
void qed_ge_p3_tobytes(uint8_t s[32], const qed_ge_p3 *p);

/* -A for the encoding s of A (RFC 8032 5.1.3, as libsodium 1.0.18 does
 * it: y is s mod 2^255 reduced mod p, no other check): 0, or -1 if no
 * point has that y.  Variable time: for public keys only.  On -1 *r is
 * the neutral element. */
/*@ requires \valid(r) && \valid_read(s + (0 .. 31));
    requires \separated(r, s + (0 .. 31));
    assigns *r;
    ensures \result == 0 || \result == -1;
    ensures ge_p3_ok(*r); */
int qed_ge_frombytes_negate_vartime(qed_ge_p3 *r, const uint8_t s[32]);

/* 1 if s (with its top bit ignored) is the encoding of y < p, else 0. */
/*@ requires \valid_read(s + (0 .. 31));
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
int qed_ge_is_canonical(const uint8_t s[32]);

/* 1 if s (with its top bit ignored) is one of the 7 encodings of points
 * of small order that libsodium 1.0.18 rejects (y = 0, 1, p - 1, the two
 * y of the points of order 8, and the non-canonical p and p + 1), else
 * 0.  Variable time (public data). */
/*@ requires \valid_read(s + (0 .. 31));
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
int qed_ge_has_small_order(const uint8_t s[32]);

/* [a]B for the base point B: a[0 .. 31] little-endian with a[31] <= 127
 * (a clamped secret scalar, or one reduced mod L).  Constant time: a
 * masked scan of every table entry, the same additions for every a.
 * ge25519_base.c */
/*@ requires \valid(r) && \valid_read(a + (0 .. 31));
    requires \separated(r, a + (0 .. 31));
    requires a[31] <= 127;
    assigns *r;
    ensures ge_p3_ok(*r); */
void qed_ge_scalarmult_base(qed_ge_p3 *r, const uint8_t a[32]);

/* [a]A + [b]B for public a, b (little-endian, below 2^256) and A: the
 * verification equation.  Variable time (width-5 wNAF for A, width-8 for
 * B with a fixed table).  ge25519_vartime.c */
/*@ requires \valid(r) && \valid_read(a + (0 .. 31)) && \valid_read(A);
    requires \valid_read(b + (0 .. 31));
    requires \separated(r, a + (0 .. 31), A, b + (0 .. 31));
    requires ge_p3_ok(*A);
    assigns *r;
    ensures ge_p2_ok(*r); */
void qed_ge_double_scalarmult_vartime(qed_ge_p2 *r, const uint8_t a[32],
                                      const qed_ge_p3 *A, const uint8_t b[32]);

#endif
