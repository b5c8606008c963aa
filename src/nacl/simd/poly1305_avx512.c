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
 * powers of r are computed in scalar radix 2^44 (poly1305_radix26.h).
 *
 * Constant time: no branch or index depends on the key or the message. */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "nacl/poly1305.h"

#include "nacl/simd/poly1305_radix26.h"

/* r16 = r^16 in radix 2^26 (four squarings in radix 2^44) */
__attribute__((noinline))
static void poly_square26(uint32_t r16[5], qed_poly1305_key r)
{
  uint64_t cur[3] = { r.r0, r.r1, r.r2 }, nxt[3], t[5];
  int i;
  for (i = 0; i < 4; i++) {
    mul44(nxt, cur, cur);
    cur[0] = nxt[0];
    cur[1] = nxt[1];
    cur[2] = nxt[2];
  }
  to26(t, cur);
  for (i = 0; i < 5; i++)
    r16[i] = (uint32_t)t[i];
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

/* lanes (in the block order 0, 4, 1, 5, 2, 6, 3, 7) of the limbs of
 * r^(hi - j) for block j, straight from the table of powers (no copy of
 * the eight numbers on the stack) */
__attribute__((target("avx512f")))
static inline void poly_splat_desc(__m512i R[5], __m512i S[5],
                                   const uint32_t l[][5], int hi)
{
#pragma GCC unroll 5
  for (int i = 0; i < 5; i++) {
    R[i] = _mm512_set_epi64((long long)l[hi - 7][i], (long long)l[hi - 3][i],
                            (long long)l[hi - 6][i], (long long)l[hi - 2][i],
                            (long long)l[hi - 5][i], (long long)l[hi - 1][i],
                            (long long)l[hi - 4][i], (long long)l[hi][i]);
    S[i] = _mm512_add_epi64(R[i], _mm512_slli_epi64(R[i], 2));   /* 5 R */
  }
}

/* every lane the limbs of one number p */
__attribute__((target("avx512f")))
static inline void poly_splat_all(__m512i R[5], __m512i S[5], const uint32_t p[5])
{
#pragma GCC unroll 5
  for (int i = 0; i < 5; i++) {
    R[i] = _mm512_set1_epi64((long long)p[i]);
    S[i] = _mm512_add_epi64(R[i], _mm512_slli_epi64(R[i], 2));   /* 5 R */
  }
}

/* Runs of at least this many bytes use two sets of eight lanes (sixteen
 * blocks a step, r^16); shorter ones one set (r^8), whose set-up costs
 * less. */
#define POLY_AVX512_TWO_SETS 2048u

/* The lanes of D (one carry pass done here) summed into acc: lanes carried
 * below 2^27, so acc's limbs stay far below from26's 2^62. */
#define POLY_SUM(acc, D)                                                      \
  do {                                                                        \
    POLY_CARRY(D);                                                            \
    _Pragma("GCC unroll 5")                                                   \
    for (i = 0; i < 5; i++)                                                   \
      acc[i] += (uint64_t)_mm512_reduce_add_epi64(D[i]);                      \
  } while (0)

/* An empty asm that takes and gives back the five limbs of X in vector
 * registers: gcc then finishes X's 25 products before it starts the next
 * ones, instead of computing the products of both sets first and spilling
 * them (~1 KiB of frame, the stack budget of crypto_box, issue 6). */
#define POLY_BARRIER(X)                                                       \
  __asm__("" : "+v"(X[0]), "+v"(X[1]), "+v"(X[2]), "+v"(X[3]), "+v"(X[4]))

/* The two kernels below are separate, not inlined functions, each with its
 * own small table of powers (r^1 .. r^8 as uint32_t limbs), so that the
 * frame on the stack is the one of the path taken, and the serial tail in
 * qed_poly1305_blocks_avx512 runs after that frame is gone: the stack
 * budget of crypto_box (issue 6; gcc -fstack-usage, tools/stack_nacl.sh).
 * The powers are public-key-free but secret: the table is wiped. */

/* the len / 128 groups of eight blocks at m (len >= 128), one set of
 * lanes, each step H = H r^8 + the next eight blocks; the sum of the
 * lanes times r^8 .. r added into acc (zero on entry but for h) */
__attribute__((target("avx512f"), noinline))
static void poly_one_set(uint64_t acc[5], qed_poly1305_key r,
                         const uint8_t *m, size_t len)
{
  uint32_t l[9][5];
  __m512i H[5], M[5], D[5], R[5], S[5];
  size_t off;
  int i;
  poly_powers26(l, r, 8);
  poly_load8(H, m);
  #pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    H[i] = _mm512_add_epi64(H[i], _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)acc[i]));
  poly_splat_all(R, S, l[8]);
  for (off = 128; len - off >= 128; off += 128) {
    POLY_MUL(D, H, R, S);
    poly_load8(M, m + off);
    POLY_CARRY(D);
    #pragma GCC unroll 5
    for (i = 0; i < 5; i++)
      H[i] = _mm512_add_epi64(D[i], M[i]);
  }
  /* blocks 0 .. 7 of the last group times r^8 .. r */
  poly_splat_desc(R, S, (const uint32_t (*)[5])l, 8);
  POLY_MUL(D, H, R, S);
  #pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    acc[i] = 0;
  POLY_SUM(acc, D);
  poly_wipe_powers(l);
}

/* the len / 256 groups of sixteen blocks at m (len >= 256): two
 * independent sets of eight lanes (blocks 0-7 and 8-15 of each group),
 * each step H = H r^16 + the next blocks, the two chains overlapping in
 * the pipeline.  At the end blocks 0-7 need r^16 .. r^9 = (r^8 .. r^1)
 * r^8: two products in turn, so no table of r^9 .. r^16. */
__attribute__((target("avx512f"), noinline))
static void poly_two_sets(uint64_t acc[5], qed_poly1305_key r,
                          const uint8_t *m, size_t len)
{
  uint32_t l[9][5], r16[5];
  __m512i H[5], G[5], M[5], D[5], E[5], R[5], S[5];
  size_t off;
  int i;
  poly_powers26(l, r, 8);
  poly_square26(r16, r);
  poly_load8(H, m);
  #pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    H[i] = _mm512_add_epi64(H[i], _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)acc[i]));
  poly_load8(G, m + 128);
  poly_splat_all(R, S, r16);
  for (off = 256; len - off >= 256; off += 256) {
    POLY_MUL(D, H, R, S);
    POLY_BARRIER(D);
    POLY_MUL(E, G, R, S);
    POLY_BARRIER(E);
    POLY_CARRY(D);
    POLY_CARRY(E);
    poly_load8(M, m + off);
    #pragma GCC unroll 5
    for (i = 0; i < 5; i++)
      H[i] = _mm512_add_epi64(D[i], M[i]);
    poly_load8(M, m + off + 128);
    #pragma GCC unroll 5
    for (i = 0; i < 5; i++)
      G[i] = _mm512_add_epi64(E[i], M[i]);
  }
  #pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    acc[i] = 0;
  /* blocks 8 .. 15 of the last group times r^8 .. r, summed first (the
   * two sets' products live at once spilled ~1 KiB) */
  poly_splat_desc(R, S, (const uint32_t (*)[5])l, 8);
  POLY_MUL(E, G, R, S);
  POLY_SUM(acc, E);
  /* blocks 0 .. 7 times r^8 .. r, carried, then times r^8 */
  POLY_MUL(D, H, R, S);
  POLY_CARRY(D);
  poly_splat_all(R, S, l[8]);
  POLY_MUL(E, D, R, S);
  POLY_SUM(acc, E);
  poly_wipe_powers(l);
  {
    volatile uint32_t *v = r16;
    for (i = 0; i < 5; i++)
      v[i] = 0;
  }
}

/* scalar code but for the two kernels: no target attribute, so no
 * realigned frame of its own */
qed_poly1305_acc qed_poly1305_blocks_avx512(qed_poly1305_acc h,
                                            qed_poly1305_key r,
                                            const uint8_t *m, size_t len)
{
  const uint64_t hin[3] = { h.h0, h.h1, h.h2 };
  uint64_t acc[5];
  size_t done;
  if (len < 128)
    return h;
  /* h in radix 2^26, added to block 0 (lane 0) by the kernel */
  to26(acc, hin);
  if (len >= POLY_AVX512_TWO_SETS) {
    poly_two_sets(acc, r, m, len);
    done = len & ~(size_t)255;
  } else {
    poly_one_set(acc, r, m, len);
    done = len & ~(size_t)127;
  }
  h = from26(acc);
  /* a last group of eight blocks after the groups of sixteen: serial */
  if (len - done >= 128)
    h = qed_poly1305_blocks_portable(h, r, m + done, 128, POLY_2_40);
  return h;
}
