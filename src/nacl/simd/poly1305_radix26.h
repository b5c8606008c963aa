/* The scalar side of the SIMD Poly1305 code (poly1305_avx2.c,
 * poly1305_avx512.c; outside the proof like them): products mod 2^130 - 5
 * in radix 2^44 with unsigned __int128, the conversions between radix 2^44
 * (the proven code's accumulator, nacl/poly1305.h) and radix 2^26 (the
 * vector lanes), the table of powers of r the lanes multiply by, and its
 * wipe.  Plain C without target attributes: both files include it. */
#ifndef QED_NACL_SIMD_POLY1305_RADIX26_H
#define QED_NACL_SIMD_POLY1305_RADIX26_H

#include <stddef.h>
#include <stdint.h>

#include "nacl/poly1305.h"

typedef unsigned __int128 u128;

#define M26 ((uint64_t)0x3ffffff)
#define M44 ((uint64_t)0xfffffffffff)
#define M42 ((uint64_t)0x3ffffffffff)

/* a * b mod p in radix 2^44 (a, b limbs as nacl/poly1305.h, fully carried
 * on return: l0, l1 < 2^44 + 2^11, l2 < 2^42) */
static void mul44(uint64_t o[3], const uint64_t a[3], const uint64_t b[3])
{
  const uint64_t s1 = b[1] * 20, s2 = b[2] * 20;
  u128 d0 = (u128)a[0] * b[0] + (u128)a[1] * s2 + (u128)a[2] * s1;
  u128 d1 = (u128)a[0] * b[1] + (u128)a[1] * b[0] + (u128)a[2] * s2;
  u128 d2 = (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0];
  uint64_t c;
  d1 += (uint64_t)(d0 >> 44);
  d2 += (uint64_t)(d1 >> 44);
  o[0] = (uint64_t)d0 & M44;
  o[1] = (uint64_t)d1 & M44;
  o[2] = (uint64_t)d2 & M42;
  o[0] += (uint64_t)(d2 >> 42) * 5;
  c = o[0] >> 44;
  o[0] &= M44;
  o[1] += c;
}

/* radix 2^44 -> radix 2^26 (value below 2^130 + 2^100, as after mul44 or
 * a carried accumulator; l4 may then exceed 2^26 by a few units) */
static void to26(uint64_t l[5], const uint64_t h[3])
{
  uint64_t h0 = h[0], h1 = h[1], h2 = h[2], c;
  c = h0 >> 44; h0 &= M44; h1 += c;
  c = h1 >> 44; h1 &= M44; h2 += c;
  {
    const u128 v = (u128)h0 + ((u128)h1 << 44) + ((u128)(h2 & 0xffffffffffu) << 88);
    const uint64_t top = h2 >> 40;   /* bits 128 and up */
    l[0] = (uint64_t)v & M26;
    l[1] = (uint64_t)(v >> 26) & M26;
    l[2] = (uint64_t)(v >> 52) & M26;
    l[3] = (uint64_t)(v >> 78) & M26;
    l[4] = (uint64_t)(v >> 104) + (top << 24);
  }
}

/* l[j] = r^j in radix 2^26 for j = 1 .. top (l[0] unused).  A separate,
 * not inlined function so that the radix-2^44 temporaries live in a frame
 * that is gone before the vector code runs (the stack budget of
 * crypto_box, issue 6); uint32_t limbs (each below 2^32, l4 a few units
 * above 2^26 at most) halve the table the vector code keeps. */
__attribute__((noinline))
static void poly_powers26(uint32_t l[][5], qed_poly1305_key r, int top)
{
  const uint64_t r1[3] = { r.r0, r.r1, r.r2 };
  uint64_t cur[3] = { r.r0, r.r1, r.r2 }, nxt[3], t[5];
  int i, j;
  for (j = 1; j <= top; j++) {
    to26(t, cur);
    #pragma GCC unroll 5
    for (i = 0; i < 5; i++)
      l[j][i] = (uint32_t)t[i];
    mul44(nxt, cur, r1);
    cur[0] = nxt[0];
    cur[1] = nxt[1];
    cur[2] = nxt[2];
  }
}

/* radix 2^26 (each limb below 2^62) -> the carried radix-2^44 accumulator */
static qed_poly1305_acc from26(const uint64_t in[5])
{
  uint64_t l0 = in[0], l1 = in[1], l2 = in[2], l3 = in[3], l4 = in[4], c;
  qed_poly1305_acc h;
  c = l0 >> 26; l0 &= M26; l1 += c;
  c = l1 >> 26; l1 &= M26; l2 += c;
  c = l2 >> 26; l2 &= M26; l3 += c;
  c = l3 >> 26; l3 &= M26; l4 += c;
  c = l4 >> 26; l4 &= M26; l0 += c * 5;
  c = l0 >> 26; l0 &= M26; l1 += c;
  {
    /* l1 <= 2^26, the others < 2^26: v < 2^128, top <= 3 */
    const u128 v = (u128)l0 + ((u128)l1 << 26) + ((u128)l2 << 52) +
                   ((u128)l3 << 78) + ((u128)(l4 & 0xffffff) << 104);
    const uint64_t top = l4 >> 24;
    h.h0 = (uint64_t)v & M44;
    h.h1 = (uint64_t)(v >> 44) & M44;
    h.h2 = (uint64_t)(v >> 88) + (top << 40);
  }
  return h;
}

/* the table of powers of r (secret) zeroed: volatile stores the compiler
 * keeps */
static void poly_wipe_powers(uint32_t l[9][5])
{
  volatile uint32_t *v = &l[0][0];
  for (int i = 0; i < 9 * 5; i++)
    v[i] = 0;
}

#endif
