/* SHA-256 compression with the SHA extensions (SHA256RNDS2, SHA256MSG1,
 * SHA256MSG2), outside the proof (intrinsics: WP has no model of vector
 * types; see proof/outside.txt).  Same contract as the proven loops
 * (sha2_blocks.h); called only by the proven dispatcher when
 * qed_sha256_shani_usable() says the CPU has them, and checked against the
 * portable path by tests/test_sha2.c (every KAT under each backend, and
 * blocks_equiv() on random states and messages).
 *
 * SHA256RNDS2 does two rounds on the working variables held as two
 * registers, ABEF and CDGH (A in the highest lane), taking W_t + K_t for
 * the two rounds in the low 64 bits of its third operand; four rounds are
 * two calls, the second on the message words moved down.  The message
 * schedule for rounds 16..63 is four words at a time:
 *   W[t..t+3] = MSG2(MSG1(W[t-16..], W[t-12..]) + W[t-7..t-4], W[t-4..t-1])
 * where MSG1 adds sigma0 of the next words, the middle term comes from
 * PALIGNR of the last two groups, and MSG2 adds sigma1 (it needs the words
 * it is computing, so it works through them in order). */
#include "sha2/sha2_blocks.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define SHANI_TARGET __attribute__((target("sha,ssse3,sse4.1")))

/* FIPS 180-4, 4.2.2 (as in sha2_impl.h), 16-byte aligned for the loads. */
static const uint32_t shani_k[64] __attribute__((aligned(16))) = {
  0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu,
  0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u, 0xd807aa98u, 0x12835b01u,
  0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u,
  0xc19bf174u, 0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu,
  0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau, 0x983e5152u,
  0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u,
  0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu,
  0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
  0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u,
  0xd6990624u, 0xf40e3585u, 0x106aa070u, 0x19a4c116u, 0x1e376c08u,
  0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu,
  0x682e6ff3u, 0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
  0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u
};

/* Four rounds with the message group m (words t..t+3) and constants
 * K[4g..4g+3]. */
#define SHANI_4ROUNDS(m, g)                                             \
  do {                                                                  \
    __m128i wk_ = _mm_add_epi32(                                        \
        (m), _mm_load_si128((const __m128i *)(shani_k + 4 * (g))));     \
    cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk_);                      \
    abef = _mm_sha256rnds2_epu32(abef, cdgh,                            \
                                 _mm_shuffle_epi32(wk_, 0x0E));         \
  } while (0)

/* The next message group from the four before it (m0 oldest). */
#define SHANI_SCHED(m0, m1, m2, m3)                                     \
  _mm_sha256msg2_epu32(                                                 \
      _mm_add_epi32(_mm_sha256msg1_epu32((m0), (m1)),                   \
                    _mm_alignr_epi8((m3), (m2), 4)),                    \
      (m3))

SHANI_TARGET
size_t qed_sha256_blocks_shani(uint32_t state[8], const uint8_t *in,
                               size_t inlen)
{
  /* Big-endian words: reverse the bytes of each 32-bit lane. */
  const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL,
                                       0x0405060700010203LL);
  __m128i dcba = _mm_loadu_si128((const __m128i *)(const void *)state);
  __m128i hgfe = _mm_loadu_si128((const __m128i *)(const void *)(state + 4));
  __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
  __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
  __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
  __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
  size_t done = 0;

  while (inlen - done >= 64) {
    const uint8_t *p = in + done;
    const __m128i abef0 = abef, cdgh0 = cdgh;
    __m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), bswap);
    __m128i m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 16)), bswap);
    __m128i m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 32)), bswap);
    __m128i m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 48)), bswap);
    SHANI_4ROUNDS(m0, 0);
    SHANI_4ROUNDS(m1, 1);
    SHANI_4ROUNDS(m2, 2);
    SHANI_4ROUNDS(m3, 3);
    m0 = SHANI_SCHED(m0, m1, m2, m3); SHANI_4ROUNDS(m0, 4);
    m1 = SHANI_SCHED(m1, m2, m3, m0); SHANI_4ROUNDS(m1, 5);
    m2 = SHANI_SCHED(m2, m3, m0, m1); SHANI_4ROUNDS(m2, 6);
    m3 = SHANI_SCHED(m3, m0, m1, m2); SHANI_4ROUNDS(m3, 7);
    m0 = SHANI_SCHED(m0, m1, m2, m3); SHANI_4ROUNDS(m0, 8);
    m1 = SHANI_SCHED(m1, m2, m3, m0); SHANI_4ROUNDS(m1, 9);
    m2 = SHANI_SCHED(m2, m3, m0, m1); SHANI_4ROUNDS(m2, 10);
    m3 = SHANI_SCHED(m3, m0, m1, m2); SHANI_4ROUNDS(m3, 11);
    m0 = SHANI_SCHED(m0, m1, m2, m3); SHANI_4ROUNDS(m0, 12);
    m1 = SHANI_SCHED(m1, m2, m3, m0); SHANI_4ROUNDS(m1, 13);
    m2 = SHANI_SCHED(m2, m3, m0, m1); SHANI_4ROUNDS(m2, 14);
    m3 = SHANI_SCHED(m3, m0, m1, m2); SHANI_4ROUNDS(m3, 15);
    abef = _mm_add_epi32(abef, abef0);
    cdgh = _mm_add_epi32(cdgh, cdgh0);
    done += 64;
  }

  /* Back to H0..H7 in memory order. */
  {
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)(void *)state, _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)(void *)(state + 4), _mm_alignr_epi8(dchg, feba, 8));
  }
  return done;
}

#endif
