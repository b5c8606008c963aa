/* Keccak-p[1600, nr] on 2 states at once with SSE2 (xmm registers, one
 * 64-bit element per state): rotations by two shifts and an OR, chi by
 * pandn.  SSE2 is in every x86-64 CPU, but this code is used only at the
 * avx2 level and above (QED_BACKEND=portable means the proven C alone).
 *
 * Outside the proof (intrinsics; see proof/outside.txt): checked against
 * the proven portable code by tests/test_simd_equiv.c. */
#include <emmintrin.h>

#include "keccak/keccak_p1600_leaves.h"
#include "keccak/simd/keccak_p1600_times.h"

#define KT_ATTR __attribute__((target("sse2")))
#define KT_V __m128i
#define KT_W 2
#define KT_NAME(x) qed_keccak_p1600_times2_##x##_sse2
#define KT_XOR(a, b) _mm_xor_si128((a), (b))
#define KT_XOR5(a, b, c, d, e)                                                \
  _mm_xor_si128(_mm_xor_si128(_mm_xor_si128((a), (b)),                        \
                              _mm_xor_si128((c), (d))), (e))
#define KT_ROL(a, n)                                                          \
  _mm_or_si128(_mm_slli_epi64((a), (n)), _mm_srli_epi64((a), 64 - (n)))
#define KT_CHI(a, b, c) _mm_xor_si128((a), _mm_andnot_si128((b), (c)))
#define KT_SET1(x) _mm_set1_epi64x((long long)(x))
#define KT_ZERO() _mm_setzero_si128()
#define KT_LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define KT_STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define KT_I size_t
#define KT_INDEX(s, n) ((n) > 1 ? (size_t)(s) : 0)
#define KT_GATHER(p, i)                                                       \
  _mm_set_epi64x((long long)qed_load64_le((p) + (i)),                         \
                 (long long)qed_load64_le(p))
#include "keccak/simd/keccak_times_impl.h"
