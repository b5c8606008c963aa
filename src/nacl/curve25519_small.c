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
  f->v[0] = v % 65536u;
  f->v[1] = v / 65536u;
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
  /* (The assertions carry the ranges past the calls, each proved over a
     few calls instead of the whole body.) */
  //@ assert fe16_tight(&a) && fe16_tight(&b) && fe16_tight(&c) && fe16_tight(&d);
  //@ assert fe16_lt(x1, 65536);
  qed_fe16_add(x3, &d, &c);
  qed_fe16_mul(x3, x3, x3);                    /* x3 = (DA + CB)^2 */
  qed_fe16_sub(z3, &d, &c);
  qed_fe16_mul(z3, z3, z3);
  //@ assert fe16_tight(x3) && fe16_tight(&a) && fe16_tight(&b);
  //@ assert fe16_lt(x1, 65536);
  qed_fe16_mul(z3, z3, x1);                    /* z3 = x1 (DA - CB)^2 */
  //@ assert fe16_tight(x3) && fe16_tight(z3) && fe16_tight(&a) && fe16_tight(&b);
  qed_fe16_mul(x2, &a, &b);                    /* x2 = AA BB */
  qed_fe16_sub(&t, &a, &b);                    /* E = AA - BB */
  fe16_set(z2, 121665u);                       /* (A - 2) / 4 */
  qed_fe16_mul(z2, z2, &t);
  qed_fe16_add(z2, z2, &a);
  qed_fe16_mul(z2, z2, &t);                    /* z2 = E (AA + a24 E) */
  //@ assert fe16_tight(x2) && fe16_tight(z2) && fe16_tight(x3) && fe16_tight(z3);
  qed_fe16_wipe(&a);
  qed_fe16_wipe(&b);
  //@ assert fe16_tight(x2) && fe16_tight(z2) && fe16_tight(x3) && fe16_tight(z3);
  qed_fe16_wipe(&c);
  qed_fe16_wipe(&d);
  //@ assert fe16_tight(x2) && fe16_tight(z2) && fe16_tight(x3) && fe16_tight(z3);
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

/* A point in extended coordinates.  (Named fields rather than an array of
 * four: the coordinates are then the same terms in the code and in the
 * contracts, &p->x in both, and the provers separate them by field.) */
typedef struct {
  qed_fe16 x, y, z, t;
} ge16;

/*@ predicate ge16_ok{L}(ge16 *p) =
      fe16_tight(&p->x) && fe16_tight(&p->y) && fe16_tight(&p->z) &&
      fe16_tight(&p->t);
*/

/* p = p + q (p may be q: the doubling).  Every read of q comes before the
 * first write to p. */
/*@ requires \valid(p) && \valid_read(q);
    requires p == q || \separated(p, q);
    requires ge16_ok(p) && ge16_ok(q);
    assigns *p;
    ensures ge16_ok(p); */
static void ge16_add(ge16 *p, const ge16 *q)
{
  qed_fe16 a, b, c, d, t;
  /* (An assertion after each call carries the ranges still needed past
     it, so that every goal crosses one call: across several, the provers
     lose the frames of the coordinates.) */
  qed_fe16_sub(&a, &p->y, &p->x);
  //@ assert first_p: ge16_ok(p);
  //@ assert first_q: ge16_ok(q);
  qed_fe16_sub(&t, &q->y, &q->x);
  //@ assert ge16_ok(p) && ge16_ok(q) && fe16_loose(&a);
  qed_fe16_mul(&a, &a, &t);                    /* A = (Y1 - X1)(Y2 - X2) */
  //@ assert ge16_ok(p) && ge16_ok(q) && fe16_tight(&a);
  qed_fe16_add(&b, &p->x, &p->y);
  //@ assert ge16_ok(p) && ge16_ok(q) && fe16_tight(&a) && fe16_loose(&b);
  qed_fe16_add(&t, &q->x, &q->y);
  //@ assert ge16_ok(p) && ge16_ok(q) && fe16_tight(&a) && fe16_loose(&b);
  qed_fe16_mul(&b, &b, &t);                    /* B = (Y1 + X1)(Y2 + X2) */
  //@ assert ge16_ok(p) && ge16_ok(q) && fe16_tight(&a) && fe16_tight(&b);
  qed_fe16_mul(&c, &p->t, &q->t);
  //@ assert ge16_ok(p) && ge16_ok(q) && fe16_tight(&a) && fe16_tight(&b);
  qed_fe16_mul(&d, &p->z, &q->z);
  //@ assert fe16_tight(&a) && fe16_tight(&b) && fe16_tight(&c) && fe16_tight(&d);
  qed_fe16_frombytes(&t, c25519_k[K_D2]);
  //@ assert fe16_tight(&a) && fe16_tight(&b) && fe16_tight(&c) && fe16_tight(&d);
  qed_fe16_mul(&c, &c, &t);                    /* C = 2d T1 T2 */
  //@ assert fe16_tight(&a) && fe16_tight(&b) && fe16_tight(&c) && fe16_tight(&d);
  qed_fe16_add(&d, &d, &d);                    /* D = 2 Z1 Z2 */
  //@ assert fe16_tight(&a) && fe16_tight(&b) && fe16_tight(&c) && fe16_lt(&d, 262144);
  qed_fe16_sub(&t, &b, &a);                    /* E = B - A */
  //@ assert fe16_tight(&a) && fe16_tight(&b) && fe16_tight(&c) && fe16_lt(&d, 262144);
  //@ assert fe16_loose(&t);
  qed_fe16_add(&b, &b, &a);                    /* H = B + A */
  //@ assert fe16_loose(&t) && fe16_loose(&b) && fe16_tight(&c) && fe16_lt(&d, 262144);
  qed_fe16_sub(&a, &d, &c);                    /* F = D - C */
  //@ assert fe16_loose(&t) && fe16_loose(&b) && fe16_loose(&a);
  //@ assert fe16_tight(&c) && fe16_lt(&d, 262144);
  qed_fe16_add(&d, &d, &c);                    /* G = D + C */
  //@ assert fe16_loose(&t) && fe16_loose(&b) && fe16_loose(&a) && fe16_loose(&d);
  qed_fe16_mul(&p->x, &t, &a);                 /* X3 = E F */
  //@ assert fe16_loose(&t) && fe16_loose(&b) && fe16_loose(&a) && fe16_loose(&d);
  //@ assert fe16_tight(&p->x);
  qed_fe16_mul(&p->y, &b, &d);                 /* Y3 = H G */
  //@ assert fe16_loose(&t) && fe16_loose(&b) && fe16_loose(&a) && fe16_loose(&d);
  //@ assert fe16_tight(&p->x) && fe16_tight(&p->y);
  qed_fe16_mul(&p->z, &d, &a);                 /* Z3 = G F */
  //@ assert fe16_loose(&t) && fe16_loose(&b);
  //@ assert fe16_tight(&p->x) && fe16_tight(&p->y) && fe16_tight(&p->z);
  qed_fe16_mul(&p->t, &t, &b);                 /* T3 = E H */
  //@ assert ge16_ok(p);
  qed_fe16_wipe(&a);
  //@ assert ge16_ok(p);
  qed_fe16_wipe(&b);
  //@ assert ge16_ok(p);
  qed_fe16_wipe(&c);
  //@ assert ge16_ok(p);
  qed_fe16_wipe(&d);
  //@ assert ge16_ok(p);
  qed_fe16_wipe(&t);
}

/*@ requires \valid(p) && \valid(q) && \separated(p, q);
    requires bit == 0 || bit == 1;
    requires ge16_ok(p) && ge16_ok(q);
    assigns *p, *q;
    ensures ge16_ok(p) && ge16_ok(q); */
static void ge16_cswap(ge16 *p, ge16 *q, uint32_t bit)
{
  /* (one call per assertion, as in ge16_add) */
  qed_fe16_cswap(&p->x, &q->x, bit);
  //@ assert ge16_ok(p) && ge16_ok(q);
  qed_fe16_cswap(&p->y, &q->y, bit);
  //@ assert ge16_ok(p) && ge16_ok(q);
  qed_fe16_cswap(&p->z, &q->z, bit);
  //@ assert ge16_ok(p) && ge16_ok(q);
  qed_fe16_cswap(&p->t, &q->t, bit);
}

/* p = [s]q, q overwritten (TweetNaCl's scalarmult: all 256 bits). */
/*@ requires \valid(p) && \valid(q) && \valid_read(s + (0 .. 31));
    requires \separated(p, q, s + (0 .. 31));
    requires ge16_ok(q);
    assigns *p, *q;
    ensures ge16_ok(p) && ge16_ok(q); */
static void ge16_scalarmult(ge16 *p, ge16 *q, const uint8_t s[32])
{
  int i;
  fe16_set(&p->x, 0);                          /* the neutral element */
  fe16_set(&p->y, 1);
  fe16_set(&p->z, 1);
  fe16_set(&p->t, 0);
  /*@ loop invariant -1 <= i <= 255;
      loop invariant ge16_ok(p) && ge16_ok(q);
      loop assigns i, *p, *q;
      loop variant i + 1; */
  for (i = 255; i >= 0; i--) {
    const uint32_t bit = c25519_bit(s, i);
    ge16_cswap(p, q, bit);
    ge16_add(q, p);
    ge16_add(p, p);
    ge16_cswap(p, q, bit);
  }
}

/* p = 0 with stores the compiler may not drop (a secret point's wipe). */
/*@ requires \valid(p);
    assigns *p; */
static void ge16_wipe(ge16 *p)
{
  qed_fe16_wipe(&p->x);
  qed_fe16_wipe(&p->y);
  qed_fe16_wipe(&p->z);
  qed_fe16_wipe(&p->t);
}

/* p = [s]B */
/*@ requires \valid(p) && \valid_read(s + (0 .. 31));
    requires \separated(p, s + (0 .. 31));
    assigns *p;
    ensures ge16_ok(p); */
static void ge16_base(ge16 *p, const uint8_t s[32])
{
  ge16 q;
  qed_fe16_frombytes(&q.x, c25519_k[K_BX]);
  qed_fe16_frombytes(&q.y, c25519_k[K_BY]);
  fe16_set(&q.z, 1);
  qed_fe16_mul(&q.t, &q.x, &q.y);
  ge16_scalarmult(p, &q, s);
  //@ assert ge16_ok(p);
  ge16_wipe(&q);
}

/* s = the encoding of p: y = Y/Z, and the sign of x = X/Z in bit 255. */
/*@ requires \valid(s + (0 .. 31)) && \valid_read(p);
    requires \separated(s + (0 .. 31), p);
    requires ge16_ok(p);
    assigns s[0 .. 31]; */
static void ge16_pack(uint8_t s[32], const ge16 *p)
{
  qed_fe16 zi, x, y;
  qed_fe16_invert(&zi, &p->z);
  qed_fe16_mul(&x, &p->x, &zi);
  qed_fe16_mul(&y, &p->y, &zi);
  qed_fe16_tobytes(s, &y);
  s[31] = (uint8_t)(s[31] ^ (qed_fe16_isnegative(&x) * 128u));
  qed_fe16_wipe(&zi);
  qed_fe16_wipe(&x);
  qed_fe16_wipe(&y);
}

/* r = -A for the encoding s of A, as qed_ge_frombytes_negate_vartime
 * (ge25519.c): x = u v^3 (u v^7)^((p - 5) / 8) for u = y^2 - 1 and
 * v = d y^2 + 1, times sqrt(-1) when v x^2 = -u; -1 when neither v x^2 = u
 * nor -u.  Variable time (public keys only). */
/*@ requires \valid(r) && \valid_read(s + (0 .. 31));
    requires \separated(r, s + (0 .. 31));
    assigns *r;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> ge16_ok(r); */
static int ge16_frombytes_negate_vartime(ge16 *r, const uint8_t s[32])
{
  qed_fe16 y2, u, v, v3, t;
  qed_fe16 *const x = &r->x, *const y = &r->y, *const one = &r->z;
  fe16_set(one, 1);
  qed_fe16_frombytes(y, s);
  qed_fe16_mul(&y2, y, y);
  qed_fe16_sub(&u, &y2, one);                  /* u = y^2 - 1 */
  qed_fe16_frombytes(&t, c25519_k[K_D]);
  qed_fe16_mul(&v, &y2, &t);
  qed_fe16_add(&v, &v, one);                   /* v = d y^2 + 1 */
  //@ assert fe16_lt(one, 65536) && fe16_lt(y, 65536) && fe16_tight(&y2);
  //@ assert fe16_loose(&u) && fe16_loose(&v);
  qed_fe16_mul(&v3, &v, &v);
  qed_fe16_mul(&v3, &v3, &v);                  /* v^3 */
  qed_fe16_mul(x, &v3, &v3);
  qed_fe16_mul(x, x, &v);
  //@ assert fe16_lt(one, 65536) && fe16_lt(y, 65536) && fe16_tight(&y2);
  //@ assert fe16_loose(&u) && fe16_loose(&v) && fe16_tight(&v3) && fe16_tight(x);
  qed_fe16_mul(x, x, &u);                      /* u v^7 */
  qed_fe16_pow22523(x, x);
  qed_fe16_mul(x, x, &v3);
  qed_fe16_mul(x, x, &u);                      /* u v^3 (u v^7)^((p-5)/8) */
  //@ assert fe16_lt(one, 65536) && fe16_lt(y, 65536) && fe16_tight(&y2);
  //@ assert fe16_loose(&u) && fe16_loose(&v) && fe16_tight(x);
  qed_fe16_mul(&t, x, x);
  qed_fe16_mul(&t, &t, &v);                    /* v x^2 */
  //@ assert fe16_lt(one, 65536) && fe16_lt(y, 65536) && fe16_tight(&y2);
  //@ assert fe16_tight(x) && fe16_tight(&t);
  if (!qed_fe16_equal_vartime(&t, &u)) {
    qed_fe16_sub(&u, one, &y2);                /* -u */
    if (!qed_fe16_equal_vartime(&t, &u))
      return -1;
    qed_fe16_frombytes(&t, c25519_k[K_SQRTM1]);
    qed_fe16_mul(x, x, &t);
  }
  //@ assert fe16_lt(one, 65536) && fe16_lt(y, 65536) && fe16_tight(x);
  /* the x of -A: the sign opposite to the one encoded */
  if (qed_fe16_isnegative(x) == (uint32_t)(s[31] >> 7)) {
    fe16_set(&t, 0);
    qed_fe16_sub(x, &t, x);
    qed_fe16_mul(x, x, one);                   /* back below 2^17 */
  }
  //@ assert fe16_lt(one, 65536) && fe16_lt(y, 65536) && fe16_tight(x);
  qed_fe16_mul(&r->t, x, y);
  return 0;
}

void qed_ed25519_small_base(uint8_t out[32], const uint8_t a[32])
{
  ge16 p;
  ge16_base(&p, a);
  ge16_pack(out, &p);
  ge16_wipe(&p);
}

int qed_ed25519_small_check(uint8_t out[32], const uint8_t k[32],
                            const uint8_t pk[32], const uint8_t s[32])
{
  ge16 p, q;
  int i;
  if (ge16_frombytes_negate_vartime(&q, pk) != 0) {
    /*@ loop invariant 0 <= i <= 32;
        loop assigns i, out[0 .. 31];
        loop variant 32 - i; */
    for (i = 0; i < 32; i++)
      out[i] = 0;
    return -1;
  }
  ge16_scalarmult(&p, &q, k);                  /* [k](-A) */
  ge16_base(&q, s);                            /* [s]B */
  //@ assert ge16_ok(&q);
  ge16_add(&p, &q);
  ge16_pack(out, &p);
  return 0;
}
