/* Poly1305 on AVX-512: eight blocks side by side (outside the proof:
 * vector intrinsics; listed in proof/outside.txt).  The AVX2 code
 * (poly1305_avx2.c) in 512-bit registers: the same radix, bounds and
 * carries, twice the lanes.
 *
 * The len / 128 groups of eight full blocks are split over eight lanes:
 * lane j accumulates blocks j, j + 8, j + 16, ..., each step H = H * r^8 +
 * M, and at the end the lanes are multiplied by r^8, r^7, ..., r (the
 * powers that make the sum equal to the serial Horner evaluation) and
 * added.  Long runs use two such sets of lanes (blocks 0-7 and 8-15 of
 * each group of sixteen, steps of r^16: two chains the pipeline overlaps);
 * a last group of eight after the groups of sixteen goes to the serial
 * loop.  Limbs are
 * radix 2^26 in 64-bit lanes, so every product is one VPMULUDQ (32 x 32 ->
 * 64 bits); 2^130 == 5 (mod p) folds the high products (the S = 5 R
 * multipliers).  Bounds: H limbs stay below 2^27 after each carry pass,
 * message limbs below 2^26, R below 2^26 and S below 2^29, so a column of
 * five products is below 2^59 and nothing wraps.
 *
 * The accumulator comes in and goes out in the radix-2^44 form of
 * nacl/poly1305.h, fully carried (h0, h1 < 2^44, h2 < 2^42): the contract
 * of qed_poly1305_blocks_avx512 there, which the proven dispatcher relies on
 * and tests/test_nacl_poly1305.c checks against the portable loop.  The
 * powers of r are computed here in scalar radix 2^44 (unsigned __int128).
 *
 * Constant time: no branch or index depends on the key or the message. */
#include <immintrin.h>
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

/* one 5 x 5 limb product of the four lanes: D = H * R mod p (not carried) */
#define POLY_MUL(D, H, R, S)                                                   \
  do {                                                                         \
    D[0] = _mm512_add_epi64(                                                   \
        _mm512_add_epi64(_mm512_mul_epu32(H[0], R[0]), _mm512_mul_epu32(H[1], S[4])), \
        _mm512_add_epi64(_mm512_add_epi64(_mm512_mul_epu32(H[2], S[3]),        \
                                          _mm512_mul_epu32(H[3], S[2])),       \
                         _mm512_mul_epu32(H[4], S[1])));                       \
    D[1] = _mm512_add_epi64(                                                   \
        _mm512_add_epi64(_mm512_mul_epu32(H[0], R[1]), _mm512_mul_epu32(H[1], R[0])), \
        _mm512_add_epi64(_mm512_add_epi64(_mm512_mul_epu32(H[2], S[4]),        \
                                          _mm512_mul_epu32(H[3], S[3])),       \
                         _mm512_mul_epu32(H[4], S[2])));                       \
    D[2] = _mm512_add_epi64(                                                   \
        _mm512_add_epi64(_mm512_mul_epu32(H[0], R[2]), _mm512_mul_epu32(H[1], R[1])), \
        _mm512_add_epi64(_mm512_add_epi64(_mm512_mul_epu32(H[2], R[0]),        \
                                          _mm512_mul_epu32(H[3], S[4])),       \
                         _mm512_mul_epu32(H[4], S[3])));                       \
    D[3] = _mm512_add_epi64(                                                   \
        _mm512_add_epi64(_mm512_mul_epu32(H[0], R[3]), _mm512_mul_epu32(H[1], R[2])), \
        _mm512_add_epi64(_mm512_add_epi64(_mm512_mul_epu32(H[2], R[1]),        \
                                          _mm512_mul_epu32(H[3], R[0])),       \
                         _mm512_mul_epu32(H[4], S[4])));                       \
    D[4] = _mm512_add_epi64(                                                   \
        _mm512_add_epi64(_mm512_mul_epu32(H[0], R[4]), _mm512_mul_epu32(H[1], R[3])), \
        _mm512_add_epi64(_mm512_add_epi64(_mm512_mul_epu32(H[2], R[2]),        \
                                          _mm512_mul_epu32(H[3], R[1])),       \
                         _mm512_mul_epu32(H[4], R[0])));                       \
  } while (0)

/* one carry pass over the lanes: limbs back below 2^26 (limb 1 below 2^27) */
#define POLY_CARRY(H)                                                          \
  do {                                                                         \
    const __m512i m26_ = _mm512_set1_epi64((long long)M26);                   \
    __m512i c_;                                                                \
    c_ = _mm512_srli_epi64(H[0], 26); H[0] = _mm512_and_si512(H[0], m26_);     \
    H[1] = _mm512_add_epi64(H[1], c_);                                         \
    c_ = _mm512_srli_epi64(H[3], 26); H[3] = _mm512_and_si512(H[3], m26_);     \
    H[4] = _mm512_add_epi64(H[4], c_);                                         \
    c_ = _mm512_srli_epi64(H[1], 26); H[1] = _mm512_and_si512(H[1], m26_);     \
    H[2] = _mm512_add_epi64(H[2], c_);                                         \
    c_ = _mm512_srli_epi64(H[4], 26); H[4] = _mm512_and_si512(H[4], m26_);     \
    H[0] = _mm512_add_epi64(H[0], _mm512_add_epi64(c_, _mm512_slli_epi64(c_, 2))); \
    c_ = _mm512_srli_epi64(H[2], 26); H[2] = _mm512_and_si512(H[2], m26_);     \
    H[3] = _mm512_add_epi64(H[3], c_);                                         \
    c_ = _mm512_srli_epi64(H[0], 26); H[0] = _mm512_and_si512(H[0], m26_);     \
    H[1] = _mm512_add_epi64(H[1], c_);                                         \
    c_ = _mm512_srli_epi64(H[3], 26); H[3] = _mm512_and_si512(H[3], m26_);     \
    H[4] = _mm512_add_epi64(H[4], c_);                                         \
  } while (0)

/* the eight blocks at m as limbs, lanes in the order blocks 0, 4, 1, 5,
 * 2, 6, 3, 7 (what VPUNPCKLQDQ / VPUNPCKHQDQ of two 64-byte loads give) */
__attribute__((target("avx512f")))
static inline void poly_load8(__m512i M[5], const uint8_t *m)
{
  const __m512i m26 = _mm512_set1_epi64((long long)M26);
  const __m512i a = _mm512_loadu_si512((const void *)m);
  const __m512i b = _mm512_loadu_si512((const void *)(m + 64));
  const __m512i t0 = _mm512_unpacklo_epi64(a, b);   /* low 64 bits */
  const __m512i t1 = _mm512_unpackhi_epi64(a, b);   /* high 64 bits */
  M[0] = _mm512_and_si512(t0, m26);
  M[1] = _mm512_and_si512(_mm512_srli_epi64(t0, 26), m26);
  M[2] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(t0, 52),
                                          _mm512_slli_epi64(t1, 12)), m26);
  M[3] = _mm512_and_si512(_mm512_srli_epi64(t1, 14), m26);
  M[4] = _mm512_or_si512(_mm512_srli_epi64(t1, 40),
                         _mm512_set1_epi64((long long)1 << 24));  /* 2^128 */
}

/* lanes (in the block order 0, 4, 1, 5, 2, 6, 3, 7) of the limbs of the
 * numbers p[0] .. p[7] (p[j] for block j) */
__attribute__((target("avx512f")))
static inline void poly_splat(__m512i R[5], __m512i S[5], const uint64_t p[8][5])
{
  for (int i = 0; i < 5; i++) {
    R[i] = _mm512_set_epi64((long long)p[7][i], (long long)p[3][i],
                            (long long)p[6][i], (long long)p[2][i],
                            (long long)p[5][i], (long long)p[1][i],
                            (long long)p[4][i], (long long)p[0][i]);
    S[i] = _mm512_add_epi64(R[i], _mm512_slli_epi64(R[i], 2));   /* 5 R */
  }
}

/* Runs of at least this many bytes use two sets of eight lanes (sixteen
 * blocks a step, r^1 .. r^16); shorter ones one set (r^1 .. r^8), whose
 * set-up costs less. */
#define POLY_AVX512_TWO_SETS 2048u

__attribute__((target("avx512f")))
qed_poly1305_acc qed_poly1305_blocks_avx512(qed_poly1305_acc h,
                                            qed_poly1305_key r,
                                            const uint8_t *m, size_t len)
{
  uint64_t pw[17][3], l[17][5], hl[5], acc[5], p8[8][5];
  const uint64_t hin[3] = { h.h0, h.h1, h.h2 };
  const int two = len >= POLY_AVX512_TWO_SETS;
  const int top = two ? 16 : 8;
  __m512i H[5], M[5], D[5], R[5], S[5];
  size_t off;
  int i, j;
  if (len < 128)
    return h;
  /* r^1 .. r^8 (r^16 with two sets) */
  pw[1][0] = r.r0;
  pw[1][1] = r.r1;
  pw[1][2] = r.r2;
  for (j = 2; j <= top; j++)
    mul44(pw[j], pw[j - 1], pw[1]);
  for (j = 1; j <= top; j++)
    to26(l[j], pw[j]);
  to26(hl, hin);
  /* the first eight blocks, with h added to block 0 (lane 0) */
  poly_load8(H, m);
  for (i = 0; i < 5; i++)
    H[i] = _mm512_add_epi64(H[i], _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)hl[i]));
  if (two) {
    /* two independent sets of eight lanes (blocks 0-7 and 8-15 of each
     * group of sixteen), each step H = H r^16 + the next blocks */
    __m512i G[5], E[5];
    poly_load8(G, m + 128);
    for (j = 0; j < 8; j++)
      for (i = 0; i < 5; i++)
        p8[j][i] = l[16][i];
    poly_splat(R, S, (const uint64_t (*)[5])p8);
    for (off = 256; len - off >= 256; off += 256) {
      POLY_MUL(D, H, R, S);
      POLY_MUL(E, G, R, S);
      POLY_CARRY(D);
      POLY_CARRY(E);
      poly_load8(M, m + off);
      for (i = 0; i < 5; i++)
        H[i] = _mm512_add_epi64(D[i], M[i]);
      poly_load8(M, m + off + 128);
      for (i = 0; i < 5; i++)
        G[i] = _mm512_add_epi64(E[i], M[i]);
    }
    /* blocks 0 .. 15 of the last group times r^16 .. r */
    for (j = 0; j < 8; j++)
      for (i = 0; i < 5; i++)
        p8[j][i] = l[16 - j][i];
    poly_splat(R, S, (const uint64_t (*)[5])p8);
    POLY_MUL(D, H, R, S);
    for (j = 0; j < 8; j++)
      for (i = 0; i < 5; i++)
        p8[j][i] = l[8 - j][i];
    poly_splat(R, S, (const uint64_t (*)[5])p8);
    POLY_MUL(E, G, R, S);
    for (i = 0; i < 5; i++)
      D[i] = _mm512_add_epi64(D[i], E[i]);
  } else {
    /* each step: H = H r^8 + the next eight blocks */
    for (j = 0; j < 8; j++)
      for (i = 0; i < 5; i++)
        p8[j][i] = l[8][i];
    poly_splat(R, S, (const uint64_t (*)[5])p8);
    for (off = 128; len - off >= 128; off += 128) {
      POLY_MUL(D, H, R, S);
      poly_load8(M, m + off);
      POLY_CARRY(D);
      for (i = 0; i < 5; i++)
        H[i] = _mm512_add_epi64(D[i], M[i]);
    }
    /* blocks 0 .. 7 of the last group times r^8 .. r */
    for (j = 0; j < 8; j++)
      for (i = 0; i < 5; i++)
        p8[j][i] = l[8 - j][i];
    poly_splat(R, S, (const uint64_t (*)[5])p8);
    POLY_MUL(D, H, R, S);
  }
  POLY_CARRY(D);
  for (i = 0; i < 5; i++)
    acc[i] = (uint64_t)_mm512_reduce_add_epi64(D[i]);
  h = from26(acc);
  /* a last group of eight blocks after the groups of sixteen: serial */
  if (len - off >= 128)
    h = qed_poly1305_blocks_portable(h, r, m + off, 128, POLY_2_40);
  return h;
}
