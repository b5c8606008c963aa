/* Keccak-p[1600, nr] on 8, 4 and 2 states at once with AVX-512: vpternlogq
 * for theta's five-way XOR and three-way XOR (0x96) and for chi (0xD2:
 * a ^ (~b & c)), vprolq for the rotations, vpgatherqq to read lane j of
 * every leaf.  The 8-state form uses zmm registers; the 4- and 2-state
 * forms the same instructions on ymm and xmm (AVX-512VL), for the leaves
 * left over.
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

#define KT_ATTR __attribute__((target("avx512f,avx512vl")))

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
#define KT_I __m512i
#define KT_INDEX(s, n)                                                        \
  _mm512_setr_epi64(0, KT_IX(s, n, 1), KT_IX(s, n, 2), KT_IX(s, n, 3),        \
                    KT_IX(s, n, 4), KT_IX(s, n, 5), KT_IX(s, n, 6),           \
                    KT_IX(s, n, 7))
#define KT_GATHER(p, i) _mm512_i64gather_epi64((i), (const void *)(p), 1)
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
