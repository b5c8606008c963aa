/* Keccak-p[1600, nr] on 4 states at once with AVX2 (ymm registers, one
 * 64-bit element per state): rotations by shifts (by a byte shuffle for 8
 * and 56), chi by vpandn, vpgatherqq to read lane j of every leaf.
 *
 * Outside the proof (intrinsics; see proof/outside.txt): checked against
 * the proven portable code by tests/test_simd_equiv.c and by every KAT run
 * with QED_BACKEND=avx2.  The functions carry their own target attribute;
 * only the dispatcher (keccak_p1600_leaves.c) calls them, when
 * qed_backend_level() says the CPU and OS support AVX2. */
#include <immintrin.h>

#include "keccak/keccak_p1600_leaves.h"
#include "keccak/simd/keccak_p1600_times.h"

#define KT_ATTR __attribute__((target("avx2")))

/*  Rotation of each 64-bit element by a constant; whole-byte rotations by
 *  one shuffle instead of two shifts and an OR. */
static inline KT_ATTR __m256i kt_rol_avx2(__m256i a, int n)
{
  if (n == 8)
    return _mm256_shuffle_epi8(
        a, _mm256_set_epi8(14, 13, 12, 11, 10, 9, 8, 15, 6, 5, 4, 3, 2, 1, 0,
                           7, 14, 13, 12, 11, 10, 9, 8, 15, 6, 5, 4, 3, 2, 1,
                           0, 7));
  if (n == 56)
    return _mm256_shuffle_epi8(
        a, _mm256_set_epi8(8, 15, 14, 13, 12, 11, 10, 9, 0, 7, 6, 5, 4, 3, 2,
                           1, 8, 15, 14, 13, 12, 11, 10, 9, 0, 7, 6, 5, 4, 3,
                           2, 1));
  return _mm256_or_si256(_mm256_slli_epi64(a, n), _mm256_srli_epi64(a, 64 - n));
}

#define KT_V __m256i
#define KT_W 4
#define KT_NAME(x) qed_keccak_p1600_times4_##x##_avx2
#define KT_XOR(a, b) _mm256_xor_si256((a), (b))
#define KT_XOR5(a, b, c, d, e)                                                \
  _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256((a), (b)),               \
                                    _mm256_xor_si256((c), (d))), (e))
#define KT_ROL(a, n) kt_rol_avx2((a), (n))
#define KT_CHI(a, b, c) _mm256_xor_si256((a), _mm256_andnot_si256((b), (c)))
#define KT_SET1(x) _mm256_set1_epi64x((long long)(x))
#define KT_ZERO() _mm256_setzero_si256()
#define KT_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define KT_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define KT_I __m256i
#define KT_INDEX(s, n)                                                        \
  _mm256_setr_epi64x(0, KT_IX(s, n, 1), KT_IX(s, n, 2), KT_IX(s, n, 3))
#define KT_GATHER(p, i)                                                       \
  _mm256_i64gather_epi64((const long long *)(const void *)(p), (i), 1)
#include "keccak/simd/keccak_times_impl.h"
