/* Poly1305 on AVX2: four blocks side by side, in two independent sets
 * (outside the proof: vector intrinsics; listed in proof/outside.txt).
 *
 * The groups of eight full blocks are split over two sets of four lanes:
 * lane j of the first set accumulates blocks j, j + 8, j + 16, ..., lane j
 * of the second blocks j + 4, j + 12, ...; each step is H = H * r^8 + M
 * for both (two chains the pipeline overlaps), and at the end the lanes
 * are multiplied by r^8, r^7, ..., r (the powers that make the sum equal to
 * the serial Horner evaluation) and added.  A run of exactly four blocks
 * uses one set and r^4 .. r; a last group of four after the groups of
 * eight goes to the serial loop.  Limbs are
 * radix 2^26 in 64-bit lanes, so every product is one VPMULUDQ (32 x 32 ->
 * 64 bits); 2^130 == 5 (mod p) folds the high products (the S = 5 R
 * multipliers).  Bounds: H limbs stay below 2^27 after each carry pass,
 * message limbs below 2^26, R below 2^26 and S below 2^29, so a column of
 * five products is below 2^59 and nothing wraps.
 *
 * The accumulator comes in and goes out in the radix-2^44 form of
 * nacl/poly1305.h, fully carried (h0, h1 < 2^44, h2 < 2^42): the contract
 * of qed_poly1305_blocks_avx2 there, which the proven dispatcher relies on
 * and tests/test_nacl_poly1305.c checks against the portable loop.  The
 * powers of r are computed in scalar radix 2^44 (poly1305_radix26.h).
 *
 * Constant time: no branch or index depends on the key or the message. */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "nacl/poly1305.h"

#include "nacl/simd/poly1305_radix26.h"

/* one 5 x 5 limb product of the four lanes: D = H * R mod p (not carried) */
#define POLY_MUL(D, H, R, S)                                                   \
  do {                                                                         \
    D[0] = _mm256_add_epi64(                                                   \
        _mm256_add_epi64(_mm256_mul_epu32(H[0], R[0]), _mm256_mul_epu32(H[1], S[4])), \
        _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(H[2], S[3]),        \
                                          _mm256_mul_epu32(H[3], S[2])),       \
                         _mm256_mul_epu32(H[4], S[1])));                       \
    D[1] = _mm256_add_epi64(                                                   \
        _mm256_add_epi64(_mm256_mul_epu32(H[0], R[1]), _mm256_mul_epu32(H[1], R[0])), \
        _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(H[2], S[4]),        \
                                          _mm256_mul_epu32(H[3], S[3])),       \
                         _mm256_mul_epu32(H[4], S[2])));                       \
    D[2] = _mm256_add_epi64(                                                   \
        _mm256_add_epi64(_mm256_mul_epu32(H[0], R[2]), _mm256_mul_epu32(H[1], R[1])), \
        _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(H[2], R[0]),        \
                                          _mm256_mul_epu32(H[3], S[4])),       \
                         _mm256_mul_epu32(H[4], S[3])));                       \
    D[3] = _mm256_add_epi64(                                                   \
        _mm256_add_epi64(_mm256_mul_epu32(H[0], R[3]), _mm256_mul_epu32(H[1], R[2])), \
        _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(H[2], R[1]),        \
                                          _mm256_mul_epu32(H[3], R[0])),       \
                         _mm256_mul_epu32(H[4], S[4])));                       \
    D[4] = _mm256_add_epi64(                                                   \
        _mm256_add_epi64(_mm256_mul_epu32(H[0], R[4]), _mm256_mul_epu32(H[1], R[3])), \
        _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(H[2], R[2]),        \
                                          _mm256_mul_epu32(H[3], R[1])),       \
                         _mm256_mul_epu32(H[4], R[0])));                       \
  } while (0)

/* one carry pass over the lanes: limbs back below 2^26 (limb 1 below 2^27) */
#define POLY_CARRY(H)                                                          \
  do {                                                                         \
    const __m256i m26_ = _mm256_set1_epi64x((long long)M26);                   \
    __m256i c_;                                                                \
    c_ = _mm256_srli_epi64(H[0], 26); H[0] = _mm256_and_si256(H[0], m26_);     \
    H[1] = _mm256_add_epi64(H[1], c_);                                         \
    c_ = _mm256_srli_epi64(H[3], 26); H[3] = _mm256_and_si256(H[3], m26_);     \
    H[4] = _mm256_add_epi64(H[4], c_);                                         \
    c_ = _mm256_srli_epi64(H[1], 26); H[1] = _mm256_and_si256(H[1], m26_);     \
    H[2] = _mm256_add_epi64(H[2], c_);                                         \
    c_ = _mm256_srli_epi64(H[4], 26); H[4] = _mm256_and_si256(H[4], m26_);     \
    H[0] = _mm256_add_epi64(H[0], _mm256_add_epi64(c_, _mm256_slli_epi64(c_, 2))); \
    c_ = _mm256_srli_epi64(H[2], 26); H[2] = _mm256_and_si256(H[2], m26_);     \
    H[3] = _mm256_add_epi64(H[3], c_);                                         \
    c_ = _mm256_srli_epi64(H[0], 26); H[0] = _mm256_and_si256(H[0], m26_);     \
    H[1] = _mm256_add_epi64(H[1], c_);                                         \
    c_ = _mm256_srli_epi64(H[3], 26); H[3] = _mm256_and_si256(H[3], m26_);     \
    H[4] = _mm256_add_epi64(H[4], c_);                                         \
  } while (0)

/* An empty asm that takes and gives back the five limbs of X in vector
 * registers: gcc then finishes X's 25 products before it starts the next
 * ones, instead of computing the products of both sets first and spilling
 * them (the stack budget of crypto_box, issue 6). */
#define POLY_BARRIER(X)                                                       \
  __asm__("" : "+x"(X[0]), "+x"(X[1]), "+x"(X[2]), "+x"(X[3]), "+x"(X[4]))

/* the four blocks at m as limbs, lanes in the order blocks 0, 2, 1, 3
 * (what VPUNPCKLQDQ / VPUNPCKHQDQ of two 32-byte loads give) */
__attribute__((target("avx2")))
static inline void poly_load4(__m256i M[5], const uint8_t *m)
{
  const __m256i m26 = _mm256_set1_epi64x((long long)M26);
  const __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)m);
  const __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(m + 32));
  const __m256i t0 = _mm256_unpacklo_epi64(a, b);   /* low 64 bits */
  const __m256i t1 = _mm256_unpackhi_epi64(a, b);   /* high 64 bits */
  M[0] = _mm256_and_si256(t0, m26);
  M[1] = _mm256_and_si256(_mm256_srli_epi64(t0, 26), m26);
  M[2] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(t0, 52),
                                          _mm256_slli_epi64(t1, 12)), m26);
  M[3] = _mm256_and_si256(_mm256_srli_epi64(t1, 14), m26);
  M[4] = _mm256_or_si256(_mm256_srli_epi64(t1, 40),
                         _mm256_set1_epi64x((long long)1 << 24));  /* 2^128 */
}

/* lanes (in the block order 0, 2, 1, 3) of the limbs of four numbers */
__attribute__((target("avx2")))
static inline void poly_splat(__m256i R[5], __m256i S[5], const uint32_t p0[5],
                              const uint32_t p1[5], const uint32_t p2[5],
                              const uint32_t p3[5])
{
#pragma GCC unroll 5
  for (int i = 0; i < 5; i++) {
    R[i] = _mm256_set_epi64x((long long)p3[i], (long long)p1[i],
                             (long long)p2[i], (long long)p0[i]);
    S[i] = _mm256_add_epi64(R[i], _mm256_slli_epi64(R[i], 2));   /* 5 R */
  }
}

__attribute__((target("avx2")))
qed_poly1305_acc qed_poly1305_blocks_avx2(qed_poly1305_acc h,
                                          qed_poly1305_key r,
                                          const uint8_t *m, size_t len)
{
  uint32_t l[9][5];
  uint64_t hl[5], acc[5];
  const uint64_t hin[3] = { h.h0, h.h1, h.h2 };
  __m256i H[5], M[5], D[5], R[5], S[5];
  size_t off;
  uint64_t lane[4];
  int i;
  if (len < 64)
    return h;
  poly_powers26(l, r, 8);
  to26(hl, hin);
  /* the first four blocks, with h added to block 0 */
  poly_load4(H, m);
  #pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    H[i] = _mm256_add_epi64(H[i], _mm256_set_epi64x(0, 0, 0, (long long)hl[i]));
  off = 64;
  if (len >= 128) {
    /* two independent sets of four lanes (blocks 0-3 and 4-7 of each group
     * of eight), each step H = H r^8 + the next blocks: the two chains of
     * products and carries overlap in the pipeline */
    __m256i G[5], E[5];
    poly_load4(G, m + 64);
    poly_splat(R, S, l[8], l[8], l[8], l[8]);
    for (off = 128; len - off >= 128; off += 128) {
      POLY_MUL(D, H, R, S);
      POLY_BARRIER(D);
      POLY_MUL(E, G, R, S);
      POLY_BARRIER(E);
      POLY_CARRY(D);
      POLY_CARRY(E);
      poly_load4(M, m + off);
      #pragma GCC unroll 5
      for (i = 0; i < 5; i++)
        H[i] = _mm256_add_epi64(D[i], M[i]);
      poly_load4(M, m + off + 64);
      #pragma GCC unroll 5
      for (i = 0; i < 5; i++)
        G[i] = _mm256_add_epi64(E[i], M[i]);
    }
    /* blocks 0 .. 7 of the last group times r^8 .. r (lane order 0, 2, 1, 3) */
    /* the first set summed into acc before the second is multiplied (the
     * two products live at once spilled: the stack budget of crypto_box,
     * issue 6); carried lanes sum far below from26's 2^62 per limb */
    poly_splat(R, S, l[8], l[7], l[6], l[5]);
    POLY_MUL(D, H, R, S);
    POLY_CARRY(D);
    #pragma GCC unroll 5
    for (i = 0; i < 5; i++) {
      _mm256_storeu_si256((__m256i *)(void *)lane, D[i]);
      acc[i] = lane[0] + lane[1] + lane[2] + lane[3];
    }
    poly_splat(R, S, l[4], l[3], l[2], l[1]);
    POLY_MUL(D, G, R, S);
  } else {
    /* one group of four: blocks 0 .. 3 times r^4 .. r */
    poly_splat(R, S, l[4], l[3], l[2], l[1]);
    POLY_MUL(D, H, R, S);
    #pragma GCC unroll 5
    for (i = 0; i < 5; i++)
      acc[i] = 0;
  }
  POLY_CARRY(D);
  #pragma GCC unroll 5
  for (i = 0; i < 5; i++) {
    _mm256_storeu_si256((__m256i *)(void *)lane, D[i]);
    acc[i] += lane[0] + lane[1] + lane[2] + lane[3];
  }
  h = from26(acc);
  poly_wipe_powers(l);
  /* a last group of four blocks (len % 128 >= 64): the serial loop */
  if (len - off >= 64)
    h = qed_poly1305_blocks_portable(h, r, m + off, 64, POLY_2_40);
  return h;
}
