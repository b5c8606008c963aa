/* Keccak-p[1600, nr] on 8, 4 and 2 states at once with AVX-512: vpternlogq
 * for theta's five-way XOR and three-way XOR (0x96) and for chi (0xD2:
 * a ^ (~b & c)), vprolq for the rotations; the 8-state form reads the
 * leaves' blocks by 8x8 transposes, the 4- and 2-state forms by gathers
 * of lane j of every leaf.  The 8-state form uses zmm registers; the 4-
 * and 2-state forms the same instructions on ymm and xmm (AVX-512VL), for
 * the leaves left over.
 *
 * Outside the proof (intrinsics; see proof/outside.txt): checked against
 * the proven portable code by tests/test_simd_equiv.c and by every KAT run
 * with QED_BACKEND=avx512.  Compiled for the baseline like every file; the
 * functions carry their own target attribute, and only the dispatcher
 * (keccak_p1600_leaves.c) calls them, when qed_backend_level() says the CPU
 * and OS support AVX-512. */
#include <immintrin.h>

#include "keccak/keccak_p1600_leaves.h"
#include "keccak/simd/keccak_p1600_times.h"

/* GCC's scheduling after register allocation is switched off here, as in
 * keccak_p1600_avx512.c (the same round on one state): the order of the
 * source, row by row, ran the 8-state permutation about 3 % faster on Zen
 * 5 (Keccak-p[1600, 24] x 8: 598 -> 581 TSC ticks; the 8 leaves of 8 KiB
 * at the cSHAKE128 rate 0.469 -> 0.456 ticks per byte). */
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
/* The 8-state form reads a block of the 8 leaves as rows of 8 lanes (one
 * masked load per leaf and group of 8 lanes: nothing is read past the
 * block, so no fault and no other leaf's bytes) and transposes them, 8x8
 * lanes in 24 shuffles, rather than gathering lane by lane: the 21
 * vpgatherqq of a 168-byte block cost more than 24 loads and 72 shuffles.
 * Measured on an AMD EPYC (Zen 5), 1 MiB, TSC ticks per byte: KT128 0.41
 * -> 0.31, ParallelHash128 (B = 8192) 0.59 -> 0.49.  The rates of the
 * leaves are at most 192 bytes (24 lanes, keccak_p1600_leaves.h); the
 * fourth group is there for the full 25 lanes of the generic absorb. */
typedef struct {
  long long o[8]; /* byte offset of leaf k's block from leaf 0's */
} kt8_offsets;

/* t[j] = lane 8g + j of the 8 leaves' blocks at p + o[k] (zero for the
 * lanes the mask m leaves out). */
static inline KT_ATTR __attribute__((always_inline)) void
kt8_rows(__m512i t[8], const uint8_t *p, const long long o[8], __mmask8 m)
{
  const __m512i r0 = _mm512_maskz_loadu_epi64(m, p + o[0]);
  const __m512i r1 = _mm512_maskz_loadu_epi64(m, p + o[1]);
  const __m512i r2 = _mm512_maskz_loadu_epi64(m, p + o[2]);
  const __m512i r3 = _mm512_maskz_loadu_epi64(m, p + o[3]);
  const __m512i r4 = _mm512_maskz_loadu_epi64(m, p + o[4]);
  const __m512i r5 = _mm512_maskz_loadu_epi64(m, p + o[5]);
  const __m512i r6 = _mm512_maskz_loadu_epi64(m, p + o[6]);
  const __m512i r7 = _mm512_maskz_loadu_epi64(m, p + o[7]);
  /* pairs of leaves: a0 = (r0[0], r1[0], r0[2], r1[2], ...), a1 odd lanes */
  const __m512i a0 = _mm512_unpacklo_epi64(r0, r1);
  const __m512i a1 = _mm512_unpackhi_epi64(r0, r1);
  const __m512i a2 = _mm512_unpacklo_epi64(r2, r3);
  const __m512i a3 = _mm512_unpackhi_epi64(r2, r3);
  const __m512i a4 = _mm512_unpacklo_epi64(r4, r5);
  const __m512i a5 = _mm512_unpackhi_epi64(r4, r5);
  const __m512i a6 = _mm512_unpacklo_epi64(r6, r7);
  const __m512i a7 = _mm512_unpackhi_epi64(r6, r7);
  /* quads of leaves: b0 = lanes 0 and 4 of leaves 0..3, b1 lanes 2 and 6 */
  const __m512i lo = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
  const __m512i hi = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
  const __m512i b0 = _mm512_permutex2var_epi64(a0, lo, a2);
  const __m512i b1 = _mm512_permutex2var_epi64(a0, hi, a2);
  const __m512i b2 = _mm512_permutex2var_epi64(a1, lo, a3);
  const __m512i b3 = _mm512_permutex2var_epi64(a1, hi, a3);
  const __m512i b4 = _mm512_permutex2var_epi64(a4, lo, a6);
  const __m512i b5 = _mm512_permutex2var_epi64(a4, hi, a6);
  const __m512i b6 = _mm512_permutex2var_epi64(a5, lo, a7);
  const __m512i b7 = _mm512_permutex2var_epi64(a5, hi, a7);
  /* halves: leaves 0..3 from b, 4..7 from b + 4 */
  t[0] = _mm512_shuffle_i64x2(b0, b4, 0x44);
  t[4] = _mm512_shuffle_i64x2(b0, b4, 0xEE);
  t[2] = _mm512_shuffle_i64x2(b1, b5, 0x44);
  t[6] = _mm512_shuffle_i64x2(b1, b5, 0xEE);
  t[1] = _mm512_shuffle_i64x2(b2, b6, 0x44);
  t[5] = _mm512_shuffle_i64x2(b2, b6, 0xEE);
  t[3] = _mm512_shuffle_i64x2(b3, b7, 0x44);
  t[7] = _mm512_shuffle_i64x2(b3, b7, 0xEE);
}

/* Mask of the lanes 8g .. 8g+7 that the block has (lanes > 8g). */
#define KT8_MASK(g)                                                           \
  ((__mmask8)(lanes - 8 * (g) >= 8 ? 0xFFu                                   \
                                    : (1u << (lanes - 8 * (g))) - 1u))
#define KT8_T(j, L) if (lanes > (j)) A##L = KT_XOR(A##L, t_[(j) % 8])
#define KT_ADD_BLOCK(p, idx)                                                  \
  do {                                                                        \
    __m512i t_[8];                                                            \
    kt8_rows(t_, (p), (idx).o, KT8_MASK(0));                                  \
    KT8_T(0, ba); KT8_T(1, be); KT8_T(2, bi); KT8_T(3, bo);                   \
    KT8_T(4, bu); KT8_T(5, ga); KT8_T(6, ge); KT8_T(7, gi);                   \
    if (lanes > 8) {                                                          \
      kt8_rows(t_, (p) + 64, (idx).o, KT8_MASK(1));                           \
      KT8_T(8, go); KT8_T(9, gu); KT8_T(10, ka); KT8_T(11, ke);               \
      KT8_T(12, ki); KT8_T(13, ko); KT8_T(14, ku); KT8_T(15, ma);             \
    }                                                                         \
    if (lanes > 16) {                                                         \
      kt8_rows(t_, (p) + 128, (idx).o, KT8_MASK(2));                          \
      KT8_T(16, me); KT8_T(17, mi); KT8_T(18, mo); KT8_T(19, mu);             \
      KT8_T(20, sa); KT8_T(21, se); KT8_T(22, si); KT8_T(23, so);             \
    }                                                                         \
    if (lanes > 24) {                                                         \
      kt8_rows(t_, (p) + 192, (idx).o, KT8_MASK(3));                          \
      KT8_T(24, su);                                                          \
    }                                                                         \
  } while (0)
#define KT_I kt8_offsets
#define KT_INDEX(s, n)                                                        \
  ((kt8_offsets){ { 0, KT_IX(s, n, 1), KT_IX(s, n, 2), KT_IX(s, n, 3),        \
                    KT_IX(s, n, 4), KT_IX(s, n, 5), KT_IX(s, n, 6),           \
                    KT_IX(s, n, 7) } })
#define KT_GATHER(p, i) KT_ZERO() /* unused: KT_ADD_BLOCK reads the block */
#include "keccak/simd/keccak_times_impl.h"
#undef KT8_MASK
#undef KT8_T
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
