/* X25519 and Ed25519 on the radix-2^16 field (nacl/curve25519_small.h):
 * the size-first forms, after TweetNaCl.
 *
 * Every element lives in its caller's frame and is passed by pointer; a
 * point of the Edwards curve is four of them in extended coordinates
 * (X : Y : Z : T), x = X/Z, y = Y/Z, T = XY/Z.  One addition formula
 * (Hisil, Wong, Carter, Dawson 2008, a = -1, with 2d) serves for adding
 * and doubling: it is complete on this curve, so the neutral element and
 * equal operands need no special case, and the scalar multiplication is
 * TweetNaCl's ladder (per bit: swap by mask, q += p, p += p, swap back),
 * the same operations for every scalar.  Constants are kept as their
 * 32-byte encodings (half the size of 16 limbs of 32 bits) and decoded
 * where used.  Secret intermediates are wiped before return. */
#include <stdint.h>

#include "nacl/curve25519_small.h"
#include "nacl/fe25519_small.h"

/*@ predicate ge16_ok{L}(qed_fe16 *p) =
      fe16_tight(p + 0) && fe16_tight(p + 1) && fe16_tight(p + 2) &&
      fe16_tight(p + 3);
*/

/* Encodings of d = -121665/121666, 2d, sqrt(-1) = 2^((p - 1) / 4), and of
 * the base point's x and y = 4/5. */
enum { K_D = 0, K_D2 = 1, K_SQRTM1 = 2, K_BX = 3, K_BY = 4 };
static const uint8_t c25519_k[5][32] = {
  { 0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41,
    0x41, 0x4d, 0x0a, 0x70, 0x00, 0x98, 0xe8, 0x79, 0x77, 0x79, 0x40,
    0xc7, 0x8c, 0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52 },
  { 0x59, 0xf1, 0xb2, 0x26, 0x94, 0x9b, 0xd6, 0xeb, 0x56, 0xb1, 0x83,
    0x82, 0x9a, 0x14, 0xe0, 0x00, 0x30, 0xd1, 0xf3, 0xee, 0xf2, 0x80,
    0x8e, 0x19, 0xe7, 0xfc, 0xdf, 0x56, 0xdc, 0xd9, 0x06, 0x24 },
  { 0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4, 0x78, 0xe4, 0x2f,
    0xad, 0x06, 0x18, 0x43, 0x2f, 0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00,
    0x4d, 0x2b, 0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24, 0x83, 0x2b },
  { 0x1a, 0xd5, 0x25, 0x8f, 0x60, 0x2d, 0x56, 0xc9, 0xb2, 0xa7, 0x25,
    0x95, 0x60, 0xc7, 0x2c, 0x69, 0x5c, 0xdc, 0xd6, 0xfd, 0x31, 0xe2,
    0xa4, 0xc0, 0xfe, 0x53, 0x6e, 0xcd, 0xd3, 0x36, 0x69, 0x21 },
  { 0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
    0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
    0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66 }
};

/* f = v (below 2^32) */
/*@ requires \valid(f);
    assigns *f;
    ensures fe16_lt(f, 65536); */
static void fe16_set(qed_fe16 *f, uint32_t v)
{
  int i;
  /*@ loop invariant 0 <= i <= 16;
      loop invariant \forall integer k; 0 <= k < i ==> f->v[k] == 0;
      loop assigns i, f->v[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    f->v[i] = 0;
  f->v[0] = v & 65535u;
  f->v[1] = v >> 16;
}

/* Bit i of the little-endian s, at a public position. */
/*@ requires \valid_read(s + (0 .. 31)) && 0 <= i < 256;
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static uint32_t c25519_bit(const uint8_t s[32], int i)
{
  return (uint32_t)(s[i / 8] >> (i % 8)) & 1u;
}

/* ---- X25519 ---- */

/* One step of the ladder on (x2 : z2), (x3 : z3), after the swap. */
/*@ requires \valid(x2) && \valid(z2) && \valid(x3) && \valid(z3);
    requires \valid_read(x1);
    requires \separated(x2, z2, x3, z3, x1);
    requires fe16_lt(x1, 65536);
    requires fe16_tight(x2) && fe16_tight(z2);
    requires fe16_tight(x3) && fe16_tight(z3);
    assigns *x2, *z2, *x3, *z3;
    ensures fe16_tight(x2) && fe16_tight(z2);
    ensures fe16_tight(x3) && fe16_tight(z3); */
static void x25519_step(qed_fe16 *x2, qed_fe16 *z2, qed_fe16 *x3,
                        qed_fe16 *z3, const qed_fe16 *x1)
{
  qed_fe16 a, b, c, d, t;
  qed_fe16_add(&a, x2, z2);                    /* A = x2 + z2 */
  qed_fe16_sub(&b, x2, z2);                    /* B = x2 - z2 */
  qed_fe16_add(&c, x3, z3);                    /* C = x3 + z3 */
  qed_fe16_sub(&d, x3, z3);                    /* D = x3 - z3 */
  qed_fe16_mul(&d, &d, &a);                    /* DA */
  qed_fe16_mul(&c, &c, &b);                    /* CB */
  qed_fe16_mul(&a, &a, &a);                    /* AA */
  qed_fe16_mul(&b, &b, &b);                    /* BB */
  qed_fe16_add(x3, &d, &c);
  qed_fe16_mul(x3, x3, x3);                    /* x3 = (DA + CB)^2 */
  qed_fe16_sub(z3, &d, &c);
  qed_fe16_mul(z3, z3, z3);
  qed_fe16_mul(z3, z3, x1);                    /* z3 = x1 (DA - CB)^2 */
  qed_fe16_mul(x2, &a, &b);                    /* x2 = AA BB */
  qed_fe16_sub(&t, &a, &b);                    /* E = AA - BB */
  fe16_set(z2, 121665u);                       /* (A - 2) / 4 */
  qed_fe16_mul(z2, z2, &t);
  qed_fe16_add(z2, z2, &a);
  qed_fe16_mul(z2, z2, &t);                    /* z2 = E (AA + a24 E) */
  qed_fe16_wipe(&a);
  qed_fe16_wipe(&b);
  qed_fe16_wipe(&c);
  qed_fe16_wipe(&d);
  qed_fe16_wipe(&t);
}

void qed_x25519_small(uint8_t q[32], const uint8_t e[32], const uint8_t u[32])
{
  qed_fe16 x1, x2, z2, x3, z3;
  uint32_t swap = 0;
  int i;
  qed_fe16_frombytes(&x1, u);
  fe16_set(&x2, 1);
  fe16_set(&z2, 0);
  fe16_set(&z3, 1);
  /*@ loop invariant 0 <= i <= 16;
      loop invariant \forall integer k; 0 <= k < i ==> x3.v[k] < 65536;
      loop assigns i, x3.v[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    x3.v[i] = x1.v[i];                         /* x3 = x1 */
  /*@ loop invariant -1 <= i <= 254;
      loop invariant swap == 0 || swap == 1;
      loop invariant fe16_lt(&x1, 65536);
      loop invariant fe16_tight(&x2) && fe16_tight(&z2);
      loop invariant fe16_tight(&x3) && fe16_tight(&z3);
      loop assigns i, swap, x2, z2, x3, z3;
      loop variant i + 1; */
  for (i = 254; i >= 0; i--) {
    const uint32_t bit = c25519_bit(e, i);
    swap ^= bit;
    qed_fe16_cswap(&x2, &x3, swap);
    qed_fe16_cswap(&z2, &z3, swap);
    swap = bit;
    x25519_step(&x2, &z2, &x3, &z3, &x1);
  }
  qed_fe16_cswap(&x2, &x3, swap);
  qed_fe16_cswap(&z2, &z3, swap);
  qed_fe16_invert(&z2, &z2);
  qed_fe16_mul(&x2, &x2, &z2);
  qed_fe16_tobytes(q, &x2);
  qed_fe16_wipe(&x2);
  qed_fe16_wipe(&z2);
  qed_fe16_wipe(&x3);
  qed_fe16_wipe(&z3);
}

/* ---- Ed25519 ---- */

/* p = p + q (p may be q: the doubling).  Every read of q comes before the
 * first write to p. */
/*@ requires \valid(p + (0 .. 3)) && \valid_read(q + (0 .. 3));
    requires p == q || \separated(p + (0 .. 3), q + (0 .. 3));
    requires ge16_ok(p) && ge16_ok(q);
    assigns p[0 .. 3];
    ensures ge16_ok(p); */
static void ge16_add(qed_fe16 p[4], const qed_fe16 q[4])
{
  qed_fe16 a, b, c, d, t;
  qed_fe16_sub(&a, &p[1], &p[0]);
  qed_fe16_sub(&t, &q[1], &q[0]);
  qed_fe16_mul(&a, &a, &t);                    /* A = (Y1 - X1)(Y2 - X2) */
  qed_fe16_add(&b, &p[0], &p[1]);
  qed_fe16_add(&t, &q[0], &q[1]);
  qed_fe16_mul(&b, &b, &t);                    /* B = (Y1 + X1)(Y2 + X2) */
  qed_fe16_mul(&c, &p[3], &q[3]);
  qed_fe16_frombytes(&t, c25519_k[K_D2]);
  qed_fe16_mul(&c, &c, &t);                    /* C = 2d T1 T2 */
  qed_fe16_mul(&d, &p[2], &q[2]);
  qed_fe16_add(&d, &d, &d);                    /* D = 2 Z1 Z2 */
  qed_fe16_sub(&t, &b, &a);                    /* E = B - A */
  qed_fe16_add(&b, &b, &a);                    /* H = B + A */
  qed_fe16_sub(&a, &d, &c);                    /* F = D - C */
  qed_fe16_add(&d, &d, &c);                    /* G = D + C */
  qed_fe16_mul(&p[0], &t, &a);                 /* X3 = E F */
  qed_fe16_mul(&p[1], &b, &d);                 /* Y3 = H G */
  qed_fe16_mul(&p[2], &d, &a);                 /* Z3 = G F */
  qed_fe16_mul(&p[3], &t, &b);                 /* T3 = E H */
  qed_fe16_wipe(&a);
  qed_fe16_wipe(&b);
  qed_fe16_wipe(&c);
  qed_fe16_wipe(&d);
  qed_fe16_wipe(&t);
}

/*@ requires \valid(p + (0 .. 3)) && \valid(q + (0 .. 3));
    requires \separated(p + (0 .. 3), q + (0 .. 3));
    requires bit == 0 || bit == 1;
    requires ge16_ok(p) && ge16_ok(q);
    assigns p[0 .. 3], q[0 .. 3];
    ensures ge16_ok(p) && ge16_ok(q); */
static void ge16_cswap(qed_fe16 p[4], qed_fe16 q[4], uint32_t bit)
{
  int i;
  /*@ loop invariant 0 <= i <= 4;
      loop invariant ge16_ok(p) && ge16_ok(q);
      loop assigns i, p[0 .. 3], q[0 .. 3];
      loop variant 4 - i; */
  for (i = 0; i < 4; i++)
    qed_fe16_cswap(&p[i], &q[i], bit);
}

/* p = [s]q, q overwritten (TweetNaCl's scalarmult: all 256 bits). */
/*@ requires \valid(p + (0 .. 3)) && \valid(q + (0 .. 3));
    requires \valid_read(s + (0 .. 31));
    requires \separated(p + (0 .. 3), q + (0 .. 3), s + (0 .. 31));
    requires ge16_ok(q);
    assigns p[0 .. 3], q[0 .. 3];
    ensures ge16_ok(p) && ge16_ok(q); */
static void ge16_scalarmult(qed_fe16 p[4], qed_fe16 q[4], const uint8_t s[32])
{
  int i;
  fe16_set(&p[0], 0);                          /* the neutral element */
  fe16_set(&p[1], 1);
  fe16_set(&p[2], 1);
  fe16_set(&p[3], 0);
  /*@ loop invariant -1 <= i <= 255;
      loop invariant ge16_ok(p) && ge16_ok(q);
      loop assigns i, p[0 .. 3], q[0 .. 3];
      loop variant i + 1; */
  for (i = 255; i >= 0; i--) {
    const uint32_t bit = c25519_bit(s, i);
    ge16_cswap(p, q, bit);
    ge16_add(q, p);
    ge16_add(p, p);
    ge16_cswap(p, q, bit);
  }
}

/* p = [s]B */
/*@ requires \valid(p + (0 .. 3)) && \valid_read(s + (0 .. 31));
    requires \separated(p + (0 .. 3), s + (0 .. 31));
    assigns p[0 .. 3];
    ensures ge16_ok(p); */
static void ge16_base(qed_fe16 p[4], const uint8_t s[32])
{
  qed_fe16 q[4];
  int i;
  qed_fe16_frombytes(&q[0], c25519_k[K_BX]);
  qed_fe16_frombytes(&q[1], c25519_k[K_BY]);
  fe16_set(&q[2], 1);
  qed_fe16_mul(&q[3], &q[0], &q[1]);
  ge16_scalarmult(p, q, s);
  /*@ loop invariant 0 <= i <= 4;
      loop assigns i, q[0 .. 3];
      loop variant 4 - i; */
  for (i = 0; i < 4; i++)
    qed_fe16_wipe(&q[i]);
}

/* s = the encoding of p: y = Y/Z, and the sign of x = X/Z in bit 255. */
/*@ requires \valid(s + (0 .. 31)) && \valid_read(p + (0 .. 3));
    requires \separated(s + (0 .. 31), p + (0 .. 3));
    requires ge16_ok(p);
    assigns s[0 .. 31]; */
static void ge16_pack(uint8_t s[32], const qed_fe16 p[4])
{
  qed_fe16 zi, x, y;
  qed_fe16_invert(&zi, &p[2]);
  qed_fe16_mul(&x, &p[0], &zi);
  qed_fe16_mul(&y, &p[1], &zi);
  qed_fe16_tobytes(s, &y);
  s[31] = (uint8_t)(s[31] ^ (qed_fe16_isnegative(&x) << 7));
  qed_fe16_wipe(&zi);
  qed_fe16_wipe(&x);
  qed_fe16_wipe(&y);
}

/* r = -A for the encoding s of A, as qed_ge_frombytes_negate_vartime
 * (ge25519.c): x = u v^3 (u v^7)^((p - 5) / 8) for u = y^2 - 1 and
 * v = d y^2 + 1, times sqrt(-1) when v x^2 = -u; -1 when neither v x^2 = u
 * nor -u.  Variable time (public keys only). */
/*@ requires \valid(r + (0 .. 3)) && \valid_read(s + (0 .. 31));
    requires \separated(r + (0 .. 3), s + (0 .. 31));
    assigns r[0 .. 3];
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> ge16_ok(r); */
static int ge16_frombytes_negate_vartime(qed_fe16 r[4], const uint8_t s[32])
{
  qed_fe16 y2, u, v, v3, t;
  qed_fe16 *const x = &r[0], *const y = &r[1], *const one = &r[2];
  fe16_set(one, 1);
  qed_fe16_frombytes(y, s);
  qed_fe16_mul(&y2, y, y);
  qed_fe16_sub(&u, &y2, one);                  /* u = y^2 - 1 */
  qed_fe16_frombytes(&t, c25519_k[K_D]);
  qed_fe16_mul(&v, &y2, &t);
  qed_fe16_add(&v, &v, one);                   /* v = d y^2 + 1 */
  qed_fe16_mul(&v3, &v, &v);
  qed_fe16_mul(&v3, &v3, &v);                  /* v^3 */
  qed_fe16_mul(x, &v3, &v3);
  qed_fe16_mul(x, x, &v);
  qed_fe16_mul(x, x, &u);                      /* u v^7 */
  qed_fe16_pow22523(x, x);
  qed_fe16_mul(x, x, &v3);
  qed_fe16_mul(x, x, &u);                      /* u v^3 (u v^7)^((p-5)/8) */
  qed_fe16_mul(&t, x, x);
  qed_fe16_mul(&t, &t, &v);                    /* v x^2 */
  if (!qed_fe16_equal_vartime(&t, &u)) {
    qed_fe16_sub(&u, one, &y2);                /* -u */
    if (!qed_fe16_equal_vartime(&t, &u))
      return -1;
    qed_fe16_frombytes(&t, c25519_k[K_SQRTM1]);
    qed_fe16_mul(x, x, &t);
  }
  /* the x of -A: the sign opposite to the one encoded */
  if (qed_fe16_isnegative(x) == (uint32_t)(s[31] >> 7)) {
    fe16_set(&t, 0);
    qed_fe16_sub(x, &t, x);
    qed_fe16_mul(x, x, one);                   /* back below 2^17 */
  }
  qed_fe16_mul(&r[3], x, y);
  return 0;
}

void qed_ed25519_small_base(uint8_t out[32], const uint8_t a[32])
{
  qed_fe16 p[4];
  int i;
  ge16_base(p, a);
  ge16_pack(out, p);
  /*@ loop invariant 0 <= i <= 4;
      loop assigns i, p[0 .. 3];
      loop variant 4 - i; */
  for (i = 0; i < 4; i++)
    qed_fe16_wipe(&p[i]);
}

int qed_ed25519_small_check(uint8_t out[32], const uint8_t k[32],
                            const uint8_t pk[32], const uint8_t s[32])
{
  qed_fe16 p[4], q[4];
  int i;
  if (ge16_frombytes_negate_vartime(q, pk) != 0) {
    /*@ loop invariant 0 <= i <= 32;
        loop assigns i, out[0 .. 31];
        loop variant 32 - i; */
    for (i = 0; i < 32; i++)
      out[i] = 0;
    return -1;
  }
  ge16_scalarmult(p, q, k);                    /* [k](-A) */
  ge16_base(q, s);                             /* [s]B */
  ge16_add(p, q);
  ge16_pack(out, p);
  return 0;
}
