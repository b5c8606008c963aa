/* Keccak-p[1600, nr] on 8, 4 and 2 states at once with AVX-512.  The
 * 8-state form (zmm registers) is the generated assembly of
 * keccak_times8_avx512.c, wrapped here into the leaves kernel of
 * keccak_times_impl.h.  The 4- and 2-state forms, for the leaves left
 * over, are keccak_times_impl.h's intrinsics on ymm and xmm (AVX-512VL):
 * vpternlogq for theta's five-way XOR and three-way XOR (0x96) and for chi
 * (0xD2: a ^ (~b & c)), vprolq for the rotations, the leaves' blocks read
 * by gathers of lane j of every leaf.
 *
 * The 8-state form read its blocks by 8x8 transposes (24 loads and 72
 * shuffles per 168-byte block; the 21 vpgatherqq of a block cost more, on
 * Zen 5 and on Zen 4 alike: one vpgatherqq zmm of 8 leaves 8 KiB apart
 * took about 29 TSC ticks on Zen 4).  On Zen 4 (512-bit operations as two
 * 256-bit halves: 2 vpternlogq/vpxorq and 1 vprolq or shuffle a cycle) the
 * shuffles took the vector units from the rounds; the assembly now copies
 * each block's lanes into place with scalar loads and stores during the
 * rounds of the block before.
 *
 * Outside the proof (intrinsics; see proof/outside.txt): checked against
 * the proven portable code by tests/test_simd_equiv.c and by every KAT run
 * with QED_BACKEND=avx512.  Compiled for the baseline like every file; the
 * functions carry their own target attribute, and only the dispatcher
 * (keccak_p1600_leaves.c) calls them, when qed_backend_level() says the CPU
 * and OS support AVX-512. */
#include <immintrin.h>

#include "common/bytes.h"
#include "keccak/keccak_p1600_leaves.h"
#include "keccak/simd/keccak_p1600_times.h"
#include "qed/common.h"

/* GCC's scheduling after register allocation is switched off here (for
 * the 4- and 2-state forms' intrinsics; the 8-state rounds are assembly):
 * the order of the source, row by row, ran the 8-state intrinsics form
 * about 3 % faster on Zen 5 (Keccak-p[1600, 24] x 8: 598 -> 581 TSC
 * ticks; the 8 leaves of 8 KiB at the cSHAKE128 rate 0.469 -> 0.456 ticks
 * per byte). */
#if defined(__GNUC__) && !defined(__clang__)
#define KT_ATTR                                                               \
  __attribute__((target("avx512f,avx512vl"), optimize("no-schedule-insns2")))
#else
#define KT_ATTR __attribute__((target("avx512f,avx512vl")))
#endif

/* ---- 8 states, zmm ---- */
#define KT_V __m512i
#define KT_W 8
#define KT_NAME(x) qed_keccak_p1600_times8_##x##_avx512
#define KT_XOR(a, b) _mm512_xor_si512((a), (b))
#define KT_XOR3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
#define KT_XOR5(a, b, c, d, e) \
  KT_XOR3(KT_XOR3((a), (b), (c)), (d), (e))
#define KT_ROL(a, n) _mm512_rol_epi64((a), (n))
#define KT_CHI(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xD2)
#define KT_SET1(x) _mm512_set1_epi64((long long)(x))
#define KT_ZERO() _mm512_setzero_si512()
#define KT_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define KT_STOREU(p, v) _mm512_storeu_si512((void *)(p), (v))
/* The 8-state form's rounds and leaves run the generated assembly of
 * keccak_times8_avx512.c (tools/gen_keccak_times8_avx512.py): the states
 * stay in registers through all the whole blocks, and each block's lanes
 * are transposed by scalar loads and stores that the assembly interleaves
 * with the rounds of the block before (the integer and load/store units
 * are idle while the vector units run the rounds), into a buffer that the
 * next block XORs in from memory.  Here only the first block is
 * transposed, and the padded last blocks are written transposed. */
#define KT_OWN_KERNEL

static KT_ATTR void KT_NAME(rounds)(__m512i s[25], unsigned rounds)
{
  /* the assembly reads the offsets (not the input) even with no input */
  static const int64_t none[8];
  uint64_t buf[200];
  qed_keccak_p1600_times8_asm_avx512((uint64_t *)(void *)s, buf, NULL,
                                     none, 1, 0, rounds);
}

/* keccak_times_impl.h's leaves kernel (the same contract) for 8 states:
 * one buffer t holds the first whole block transposed, then the padded
 * last blocks, written transposed (byte i of lane j of leaf k at byte
 * 8 (8 j + k) + i of t); leaves k >= n read leaf 0 again and are not
 * output.  The stack holds the states and t, 3.2 KB. */
KT_ATTR size_t KT_NAME(leaves)(uint8_t *cvs, size_t cvlen, const uint8_t *in,
                               size_t inlen, size_t leaflen, size_t rate,
                               unsigned rounds, uint8_t suffix, size_t *used)
{
  __m512i s[25], t[25];
  uint64_t *const tl = (uint64_t *)(void *)t;
  uint8_t *const tb = (uint8_t *)(void *)t;
  uint64_t out[8];
  int64_t o[8];
  const size_t n = inlen / leaflen < 8 ? inlen / leaflen : 8;
  const size_t lanes = rate / 8, whole = leaflen / rate;
  const size_t pos = whole * rate, tail = leaflen - pos;
  size_t j, k;

  for (k = 0; k < 8; k++)
    o[k] = k < n ? (int64_t)(k * leaflen) : 0;
  for (j = 0; j < 25; j++)
    s[j] = _mm512_setzero_si512();
  if (whole > 0) {
    for (j = 0; j < lanes; j++)
      for (k = 0; k < 8; k++)
        tl[8 * j + k] = qed_load64_le(in + o[k] + 8 * j);
    qed_keccak_p1600_times8_asm_avx512((uint64_t *)(void *)s, tl, in, o,
                                       whole, lanes, rounds);
  }
  for (j = 0; j < 25; j++)
    t[j] = _mm512_setzero_si512();
  for (k = 0; k < n; k++) {
    const uint8_t *const src = in + o[k] + pos;
    for (j = 0; j + 8 <= tail; j += 8)
      tl[j + k] = qed_load64_le(src + j);
    for (; j < tail; j++)
      tb[8 * ((j & ~(size_t)7) + k) + (j & 7)] = src[j];
    tb[8 * ((tail & ~(size_t)7) + k) + (tail & 7)] ^= suffix;
    tb[8 * (((rate - 1) & ~(size_t)7) + k) + 7] ^= 0x80;
  }
  qed_keccak_p1600_times8_asm_avx512((uint64_t *)(void *)s, tl, in, o, 1,
                                     lanes, rounds);
  for (j = 0; j < cvlen / 8; j++) {
    _mm512_storeu_si512((void *)out, s[j]);
    for (k = 0; k < n; k++)
      qed_store64_le(cvs + 64 * k + 8 * j, out[k]);
  }
  {
    /* the states and the last blocks (a caller's secret, perhaps) */
    volatile __m512i *const vs = s, *const vt = t;
    for (j = 0; j < 25; j++) {
      vs[j] = _mm512_setzero_si512();
      vt[j] = _mm512_setzero_si512();
    }
  }
  qed_zeroize((uint8_t *)out, sizeof out);
  *used = n * leaflen;
  return n;
}
#include "keccak/simd/keccak_times_impl.h"
#include "keccak/simd/keccak_times_undef.h"

/* ---- 4 states, ymm ---- */
#define KT_V __m256i
#define KT_W 4
#define KT_NAME(x) qed_keccak_p1600_times4_##x##_avx512
#define KT_XOR(a, b) _mm256_xor_si256((a), (b))
#define KT_XOR3(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0x96)
#define KT_XOR5(a, b, c, d, e) \
  KT_XOR3(KT_XOR3((a), (b), (c)), (d), (e))
#define KT_ROL(a, n) _mm256_rol_epi64((a), (n))
#define KT_CHI(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0xD2)
#define KT_SET1(x) _mm256_set1_epi64x((long long)(x))
#define KT_ZERO() _mm256_setzero_si256()
#define KT_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define KT_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define KT_I __m256i
#define KT_INDEX(s, n)                                                        \
  _mm256_setr_epi64x(0, KT_IX(s, n, 1), KT_IX(s, n, 2), KT_IX(s, n, 3))
#define KT_GATHER(p, i) \
  _mm256_i64gather_epi64((const long long *)(const void *)(p), (i), 1)
#include "keccak/simd/keccak_times_impl.h"
#include "keccak/simd/keccak_times_undef.h"

/* ---- 2 states, xmm ---- */
#define KT_V __m128i
#define KT_W 2
#define KT_NAME(x) qed_keccak_p1600_times2_##x##_avx512
#define KT_XOR(a, b) _mm_xor_si128((a), (b))
#define KT_XOR3(a, b, c) _mm_ternarylogic_epi64((a), (b), (c), 0x96)
#define KT_XOR5(a, b, c, d, e) \
  KT_XOR3(KT_XOR3((a), (b), (c)), (d), (e))
#define KT_ROL(a, n) _mm_rol_epi64((a), (n))
#define KT_CHI(a, b, c) _mm_ternarylogic_epi64((a), (b), (c), 0xD2)
#define KT_SET1(x) _mm_set1_epi64x((long long)(x))
#define KT_ZERO() _mm_setzero_si128()
#define KT_LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define KT_STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define KT_I size_t
#define KT_INDEX(s, n) ((size_t)KT_IX(s, n, 1))
#define KT_GATHER(p, i)                                                       \
  _mm_set_epi64x((long long)qed_load64_le((p) + (i)),                         \
                 (long long)qed_load64_le(p))
#include "keccak/simd/keccak_times_impl.h"
