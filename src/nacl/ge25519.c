/* The group of Ed25519 (nacl/ge25519.h): doubling, additions, conversions,
 * encoding and decoding, the checks of libsodium 1.0.18 on encodings.
 *
 * Formulas: RFC 8032 section 5.1.4 (a = -1, extended coordinates, the
 * "dbl-2008-hwcd" doubling and "add-2008-hwcd-3" addition), each split as
 * ref10 does into a completed point (qed_ge_p1p1) and its last products.
 * With the names of the RFC, a sum or doubling gives E, F, G, H and the
 * point is X3 = E F, Y3 = G H, T3 = E H, Z3 = F G; qed_ge_p1p1 keeps
 * X = E, Y = H, Z = G, T = F.
 *
 * The unit is proved with -warn-unsigned-overflow: the limb ranges of each
 * intermediate value (nacl/fe25519_wide.h) are what the contracts of the
 * products and sums require, and no limb wraps.  Where a sum of three
 * terms would be too large for a product (doubling's E, subtraction's G)
 * one carry pass (fe_carry) brings it back to tight. */
#include <stdint.h>

#include "nacl/ge25519.h"
#include "nacl/fe25519_wide.h"

/* d, 2 d and sqrt(-1) mod p, canonical limbs (tools/gen_ed25519_table.py
 * prints the same values). */
static const qed_fe25519 ge_d = { 929955233495203u, 466365720129213u,
                                  1662059464998953u, 2033849074728123u,
                                  1442794654840575u };
static const qed_fe25519 ge_d2 = { 1859910466990425u, 932731440258426u,
                                   1072319116312658u, 1815898335770999u,
                                   633789495995903u };
static const qed_fe25519 ge_sqrtm1 = { 1718705420411056u, 234908883556509u,
                                       2233514472574048u, 2117202627021982u,
                                       765476049583133u };

void qed_ge_dbl(qed_ge_p1p1 *r, const qed_ge_p2 *p)
{
  const qed_fe25519 xx = fe_sq(p->X);
  const qed_fe25519 yy = fe_sq(p->Y);
  const qed_fe25519 zz = fe_sq(p->Z);
  const qed_fe25519 s = fe_sq(fe_add(p->X, p->Y));
  const qed_fe25519 h = fe_add_x(xx, yy);                 /* <= 2 tight */
  const qed_fe25519 g = fe_sub_x(xx, yy);                 /* loose */
  const qed_fe25519 f = fe_add_x(fe_add_x(zz, zz), g);    /* wide */
  r->X = fe_carry(fe_sub_x(h, s));                        /* E = H - (X+Y)^2 */
  r->Y = h;
  r->Z = g;
  r->T = f;
}

void qed_ge_madd(qed_ge_p1p1 *r, const qed_ge_p3 *p, const qed_ge_precomp *q)
{
  const qed_fe25519 a = fe_mul(fe_sub(p->Y, p->X), q->ymx);
  const qed_fe25519 b = fe_mul(fe_add(p->Y, p->X), q->ypx);
  const qed_fe25519 c = fe_mul(p->T, q->xy2d);
  const qed_fe25519 d = fe_add_x(p->Z, p->Z);             /* Z2 = 1 */
  r->X = fe_sub_x(b, a);
  r->Y = fe_add_x(b, a);
  r->Z = fe_add_x(d, c);                                  /* <= 3 tight */
  r->T = fe_sub_x(d, c);                                  /* wide */
}

void qed_ge_msub(qed_ge_p1p1 *r, const qed_ge_p3 *p, const qed_ge_precomp *q)
{
  /* -q = (y - x, y + x, -2dxy) */
  const qed_fe25519 a = fe_mul(fe_sub(p->Y, p->X), q->ypx);
  const qed_fe25519 b = fe_mul(fe_add(p->Y, p->X), q->ymx);
  const qed_fe25519 c = fe_mul(p->T, q->xy2d);
  const qed_fe25519 d = fe_add_x(p->Z, p->Z);
  r->X = fe_sub_x(b, a);
  r->Y = fe_add_x(b, a);
  r->Z = fe_carry(fe_sub_x(d, c));
  r->T = fe_add_x(d, c);
}

void qed_ge_add(qed_ge_p1p1 *r, const qed_ge_p3 *p, const qed_ge_cached *q)
{
  const qed_fe25519 a = fe_mul(fe_sub(p->Y, p->X), q->YmX);
  const qed_fe25519 b = fe_mul(fe_add(p->Y, p->X), q->YpX);
  const qed_fe25519 c = fe_mul(p->T, q->T2d);
  const qed_fe25519 d = fe_mul(p->Z, q->Z2);              /* 2 Z1 Z2 */
  r->X = fe_sub_x(b, a);
  r->Y = fe_add_x(b, a);
  r->Z = fe_add_x(d, c);
  r->T = fe_sub_x(d, c);
}

void qed_ge_sub(qed_ge_p1p1 *r, const qed_ge_p3 *p, const qed_ge_cached *q)
{
  const qed_fe25519 a = fe_mul(fe_sub(p->Y, p->X), q->YpX);
  const qed_fe25519 b = fe_mul(fe_add(p->Y, p->X), q->YmX);
  const qed_fe25519 c = fe_mul(p->T, q->T2d);
  const qed_fe25519 d = fe_mul(p->Z, q->Z2);
  r->X = fe_sub_x(b, a);
  r->Y = fe_add_x(b, a);
  r->Z = fe_sub_x(d, c);
  r->T = fe_add_x(d, c);
}

void qed_ge_p1p1_to_p2(qed_ge_p2 *r, const qed_ge_p1p1 *p)
{
  r->X = fe_mul_wide(p->T, p->X);
  r->Y = fe_mul(p->Y, p->Z);
  r->Z = fe_mul_wide(p->T, p->Z);
}

void qed_ge_p1p1_to_p3(qed_ge_p3 *r, const qed_ge_p1p1 *p)
{
  r->X = fe_mul_wide(p->T, p->X);
  r->Y = fe_mul(p->Y, p->Z);
  r->Z = fe_mul_wide(p->T, p->Z);
  r->T = fe_mul(p->X, p->Y);
}

void qed_ge_p3_to_p2(qed_ge_p2 *r, const qed_ge_p3 *p)
{
  r->X = p->X;
  r->Y = p->Y;
  r->Z = p->Z;
}

void qed_ge_p3_to_cached(qed_ge_cached *r, const qed_ge_p3 *p)
{
  r->YpX = fe_add(p->Y, p->X);
  r->YmX = fe_sub(p->Y, p->X);
  r->Z2 = fe_add(p->Z, p->Z);
  r->T2d = fe_mul(p->T, ge_d2);
}

void qed_ge_p3_0(qed_ge_p3 *r)
{
  qed_ge_p3 p;
  p.X.v0 = 0; p.X.v1 = 0; p.X.v2 = 0; p.X.v3 = 0; p.X.v4 = 0;
  p.Y.v0 = 1; p.Y.v1 = 0; p.Y.v2 = 0; p.Y.v3 = 0; p.Y.v4 = 0;
  p.Z = p.Y;
  p.T = p.X;
  *r = p;
}

/* ---- encoding ---- */

/* 1 if f mod p is odd ("negative" in RFC 8032), else 0. */
/*@ requires fe_tight(f);
    assigns \nothing;
    ensures \result <= 1; */
static uint64_t fe_isnegative(qed_fe25519 f)
{
  return qed_fe25519_freeze(f).v0 % 2u;
}

/*@ requires \valid(s + (0 .. 31));
    requires fe_tight(x) && fe_tight(y) && fe_tight(z);
    assigns s[0 .. 31]; */
static void ge_tobytes(uint8_t s[32], qed_fe25519 x, qed_fe25519 y,
                       qed_fe25519 z)
{
  const qed_fe25519 zi = qed_fe25519_invert(z);
  const uint64_t sign = fe_isnegative(fe_mul(x, zi));
  qed_fe25519_tobytes(s, fe_mul(y, zi));
  /* y < p < 2^255: bit 255 is free for the sign of x */
  s[31] = (uint8_t)(s[31] | (uint8_t)(sign * 128u));
}

void qed_ge_p2_tobytes(uint8_t s[32], const qed_ge_p2 *p)
{
  ge_tobytes(s, p->X, p->Y, p->Z);
}

void qed_ge_p3_tobytes(uint8_t s[32], const qed_ge_p3 *p)
{
  ge_tobytes(s, p->X, p->Y, p->Z);
}

/* ---- decoding ---- */

/* f^(2^n) */
/*@ requires fe_tight(f) && 1 <= n <= 100;
    assigns \nothing;
    ensures fe_tight(\result); */
static qed_fe25519 ge_sqn(qed_fe25519 f, unsigned n)
{
  unsigned i;
  /*@ loop invariant 0 <= i <= n && fe_tight(f);
      loop assigns i, f;
      loop variant n - i; */
  for (i = 0; i < n; i++)
    f = fe_sq(f);
  return f;
}

/* z^((p - 5) / 8) = z^(2^252 - 3): the exponent of the square root
 * (RFC 8032 5.1.3), by the addition chain of ref10's pow22523. */
/*@ requires fe_tight(z);
    assigns \nothing;
    ensures fe_tight(\result); */
static qed_fe25519 fe_pow22523(qed_fe25519 z)
{
  qed_fe25519 t0, t1, t2;
  t0 = fe_sq(z);                     /* 2 */
  t1 = ge_sqn(t0, 2);                /* 8 */
  t1 = fe_mul(z, t1);                /* 9 */
  t0 = fe_mul(t0, t1);               /* 11 */
  t0 = fe_sq(t0);                    /* 22 */
  t0 = fe_mul(t1, t0);               /* 2^5 - 1 */
  t1 = ge_sqn(t0, 5);
  t0 = fe_mul(t1, t0);               /* 2^10 - 1 */
  t1 = ge_sqn(t0, 10);
  t1 = fe_mul(t1, t0);               /* 2^20 - 1 */
  t2 = ge_sqn(t1, 20);
  t1 = fe_mul(t2, t1);               /* 2^40 - 1 */
  t1 = ge_sqn(t1, 10);
  t0 = fe_mul(t1, t0);               /* 2^50 - 1 */
  t1 = ge_sqn(t0, 50);
  t1 = fe_mul(t1, t0);               /* 2^100 - 1 */
  t2 = ge_sqn(t1, 100);
  t1 = fe_mul(t2, t1);               /* 2^200 - 1 */
  t1 = ge_sqn(t1, 50);
  t0 = fe_mul(t1, t0);               /* 2^250 - 1 */
  t0 = ge_sqn(t0, 2);                /* 2^252 - 4 */
  return fe_mul(t0, z);              /* 2^252 - 3 */
}

/* 1 if f = 0 mod p, else 0 (variable time: public data only). */
/*@ requires fe_loose(f);
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int fe_iszero_vartime(qed_fe25519 f)
{
  const qed_fe25519 h = qed_fe25519_freeze(fe_carry(f));
  return h.v0 == 0 && h.v1 == 0 && h.v2 == 0 && h.v3 == 0 && h.v4 == 0;
}

int qed_ge_frombytes_negate_vartime(qed_ge_p3 *r, const uint8_t s[32])
{
  const qed_fe25519 one = { 1, 0, 0, 0, 0 };
  const qed_fe25519 y = qed_fe25519_frombytes(s);
  const qed_fe25519 y2 = fe_sq(y);
  const qed_fe25519 u = fe_carry(fe_sub(y2, one));          /* y^2 - 1 */
  const qed_fe25519 v = fe_add(fe_mul(y2, ge_d), one);      /* d y^2 + 1 */
  const qed_fe25519 v3 = fe_mul(fe_sq(v), v);
  qed_fe25519 x, vxx;
  /* x = u v^3 (u v^7)^((p - 5) / 8), a square root of u / v if any */
  x = fe_pow22523(fe_mul(fe_mul(fe_sq(v3), v), u));
  x = fe_mul(fe_mul(x, v3), u);
  vxx = fe_mul(fe_sq(x), v);
  if (!fe_iszero_vartime(fe_sub(vxx, u))) {
    if (!fe_iszero_vartime(fe_add(vxx, u))) {
      qed_ge_p3_0(r);
      return -1;
    }
    x = fe_mul(x, ge_sqrtm1);
  }
  /* the x of -A: the sign opposite to the one encoded */
  if (fe_isnegative(x) == (uint64_t)(s[31] >> 7))
    x = fe_carry(fe_neg(x));
  {
    qed_ge_p3 a;
    a.X = x;
    a.Y = y;
    a.Z = one;
    a.T = fe_mul(x, y);
    *r = a;
  }
  return 0;
}

int qed_ge_is_canonical(const uint8_t s[32])
{
  int i;
  if ((s[31] & 127u) != 127u)
    return 1;
  /*@ loop invariant 0 <= i <= 30;
      loop assigns i;
      loop variant i; */
  for (i = 30; i > 0; i--)
    if (s[i] != 255u)
      return 1;
  return s[0] < 237u;                /* p = 2^255 - 19: low byte 0xed */
}

/* The encodings of y (top bit clear) for the points of order 1, 2, 4 and
 * 8, canonical and not (libsodium 1.0.18's list). */
static const uint8_t ge_small_order[7][32] = {
  /* y = 0: order 4 */
  { 0 },
  /* y = 1: the neutral element */
  { 1 },
  /* the two y of the points of order 8 */
  { 0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4,
    0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6,
    0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05 },
  { 0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b,
    0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39,
    0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a },
  /* y = p - 1: order 2 */
  { 0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f },
  /* y = p (= 0) and p + 1 (= 1), not canonical */
  { 0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f },
  { 0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f },
};

int qed_ge_has_small_order(const uint8_t s[32])
{
  int i, j;
  /*@ loop invariant 0 <= i <= 7;
      loop assigns i, j;
      loop variant 7 - i; */
  for (i = 0; i < 7; i++) {
    /*@ loop invariant 0 <= j <= 31;
        loop assigns j;
        loop variant 31 - j; */
    for (j = 0; j < 31; j++)
      if (s[j] != ge_small_order[i][j])
        break;
    if (j == 31 && (s[31] & 127u) == ge_small_order[i][31])
      return 1;
  }
  return 0;
}
