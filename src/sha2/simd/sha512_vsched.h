/* SHA-512 compression with the message schedule in vector registers and
 * the rounds in scalar registers: the body shared by sha512_avx2.c (AVX2:
 * rotations from two shifts and an OR) and sha512_avx512.c (AVX-512VL:
 * VPRORQ).  Outside the proof (intrinsics: WP has no model of vector
 * types; see proof/outside.txt).  Same contract as the proven loops
 * (sha2_blocks.h); called only by the proven dispatcher, and checked
 * against the portable path by tests/test_sha2.c (every KAT under each
 * backend, and blocks_equiv() on random states and messages).
 *
 * Why: the proven C is bound by the scalar ALUs (about 2200 operations a
 * block), a quarter of them the message schedule.  Here the schedule runs
 * on the vector units, two words at a time (W[t] needs W[t-2], so two is
 * the widest step), and W[t] + K[t] go to a table on the stack that the
 * rounds (sha2_impl.h's round, with the table entry as its only addend)
 * read; the table is wiped at the end.
 *
 * The includer defines SHA512_VSCHED_NAME (the function), SHA512_VSCHED_
 * TARGET (its target attribute) and V_ROR(x, n) (both 64-bit lanes of x
 * rotated right by n). */
#ifndef QED_SHA512_VSCHED_H
#define QED_SHA512_VSCHED_H

#include <immintrin.h>

#include "sha2/sha2_impl.h"

/* sigma0 and sigma1 (FIPS 180-4, 4.1.3) of both lanes. */
#define V_SS0(x) \
  _mm_xor_si128(_mm_xor_si128(V_ROR(x, 1), V_ROR(x, 8)), _mm_srli_epi64((x), 7))
#define V_SS1(x) \
  _mm_xor_si128(_mm_xor_si128(V_ROR(x, 19), V_ROR(x, 61)), _mm_srli_epi64((x), 6))

/* W + K of pair k into the table (read 16 rounds later). */
#define STORE_WK(k, v) _mm_store_si128((__m128i *)(void *)(wk + 2 * (k)), (v))

/* Pair k of the schedule (W[2k], W[2k+1], 8 <= k < 40) from x, which
 * holds the last eight pairs at x[k mod 8]. */
#define SCHED_PAIR(k)                                                       \
  do {                                                                      \
    if ((k) < 40) {                                                         \
      __m128i w15_ = _mm_alignr_epi8(x[((k) + 1) & 7], x[(k) & 7], 8);      \
      __m128i w7_ = _mm_alignr_epi8(x[((k) + 5) & 7], x[((k) + 4) & 7], 8); \
      __m128i w_ = _mm_add_epi64(_mm_add_epi64(x[(k) & 7], V_SS0(w15_)),    \
                                 _mm_add_epi64(w7_, V_SS1(x[((k) + 7) & 7]))); \
      x[(k) & 7] = w_;                                                      \
      STORE_WK(k, _mm_add_epi64(w_, _mm_loadu_si128(                        \
                      (const __m128i *)(const void *)(sha512_k + 2 * (k))))); \
    }                                                                       \
  } while (0)

/* Sixteen rounds from round r (a multiple of 16) of sha2_impl.h, W[t] +
 * K[t] from the table, with the eight schedule pairs of rounds r + 16 ..
 * r + 31 computed between them: in program order next to the rounds, the
 * schedule's own dependency chain overlaps them instead of filling the
 * reorder window ahead of them. */
#define R16_SCHED(r)                                                        \
  do {                                                                      \
    S512_ROUND(a, b, c, d, e, f, g, h, 0, wk[(r) + 0]);                     \
    S512_ROUND(h, a, b, c, d, e, f, g, 0, wk[(r) + 1]);                     \
    SCHED_PAIR((r) / 2 + 8);                                                \
    S512_ROUND(g, h, a, b, c, d, e, f, 0, wk[(r) + 2]);                     \
    S512_ROUND(f, g, h, a, b, c, d, e, 0, wk[(r) + 3]);                     \
    SCHED_PAIR((r) / 2 + 9);                                                \
    S512_ROUND(e, f, g, h, a, b, c, d, 0, wk[(r) + 4]);                     \
    S512_ROUND(d, e, f, g, h, a, b, c, 0, wk[(r) + 5]);                     \
    SCHED_PAIR((r) / 2 + 10);                                               \
    S512_ROUND(c, d, e, f, g, h, a, b, 0, wk[(r) + 6]);                     \
    S512_ROUND(b, c, d, e, f, g, h, a, 0, wk[(r) + 7]);                     \
    SCHED_PAIR((r) / 2 + 11);                                               \
    S512_ROUND(a, b, c, d, e, f, g, h, 0, wk[(r) + 8]);                     \
    S512_ROUND(h, a, b, c, d, e, f, g, 0, wk[(r) + 9]);                     \
    SCHED_PAIR((r) / 2 + 12);                                               \
    S512_ROUND(g, h, a, b, c, d, e, f, 0, wk[(r) + 10]);                    \
    S512_ROUND(f, g, h, a, b, c, d, e, 0, wk[(r) + 11]);                    \
    SCHED_PAIR((r) / 2 + 13);                                               \
    S512_ROUND(e, f, g, h, a, b, c, d, 0, wk[(r) + 12]);                    \
    S512_ROUND(d, e, f, g, h, a, b, c, 0, wk[(r) + 13]);                    \
    SCHED_PAIR((r) / 2 + 14);                                               \
    S512_ROUND(c, d, e, f, g, h, a, b, 0, wk[(r) + 14]);                    \
    S512_ROUND(b, c, d, e, f, g, h, a, 0, wk[(r) + 15]);                    \
    SCHED_PAIR((r) / 2 + 15);                                               \
  } while (0)

SHA512_VSCHED_TARGET
size_t SHA512_VSCHED_NAME(uint64_t state[8], const uint8_t *in, size_t inlen)
{
  /* Big-endian 64-bit words: reverse the bytes of each lane. */
  const __m128i bswap = _mm_set_epi64x(0x08090a0b0c0d0e0fLL,
                                       0x0001020304050607LL);
  uint64_t wk[80] __attribute__((aligned(16)));
  size_t done = 0;

  while (inlen - done >= 128) {
    const uint8_t *p = in + done;
    __m128i x[8];
    int k;
#pragma GCC unroll 8
    for (k = 0; k < 8; k++) {
      x[k] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 16 * k)), bswap);
      STORE_WK(k, _mm_add_epi64(x[k], _mm_loadu_si128((const __m128i *)(const void *)(sha512_k + 2 * k))));
    }
    {
      uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
      uint64_t e = state[4], f = state[5], g = state[6], h = state[7];
      R16_SCHED(0);
      R16_SCHED(16);
      R16_SCHED(32);
      R16_SCHED(48);
      R16_SCHED(64);
      state[0] += a; state[1] += b; state[2] += c; state[3] += d;
      state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    }
    done += 128;
  }
  /* The table held message words: wipe it with volatile 16-byte stores
   * (40 of them, not 80), which the compiler may not remove. */
  {
    volatile __m128i *v = (volatile __m128i *)(void *)wk;
    int k;
    for (k = 0; k < 40; k++) v[k] = _mm_setzero_si128();
  }
  return done;
}

#endif
