/* The radix-2^52 Montgomery product and exponentiation of mont_ifma.h
 * (algorithm in mont_ifma_impl.h) on AVX-512 IFMA: 8 digits per zmm
 * register, vpmadd52luq / vpmadd52huq for the halves of the 52x52-bit
 * products, valignq to move the accumulator down one digit, and a blend
 * under a compare mask for the constant-time table scan.  Outside the
 * proof (vector types and target attributes; proof/outside.txt); checked
 * against the proven qed_bn_mont_mul_limbs and qed_bn_powm_sec by
 * tests/test_bn_ifma.c.  Every function carries its own target attribute:
 * the file is built with the library's baseline flags. */
#include <immintrin.h>

#include "bn/simd/mont_ifma.h"

#define IFMA_FN \
  static __attribute__((target("avx512f,avx512vl,avx512ifma")))
#define IFMA_INLINE                                                      \
  static inline                                                          \
      __attribute__((always_inline, target("avx512f,avx512vl,avx512ifma")))
#define IFMA_EXPORT __attribute__((target("avx512f,avx512vl,avx512ifma")))

typedef __m512i ifma_vec;

#define ifma_load(p) _mm512_loadu_si512((const void *)(p))
#define ifma_store(p, v) _mm512_storeu_si512((void *)(p), (v))
#define ifma_zero() _mm512_setzero_si512()
#define ifma_set1(x) _mm512_set1_epi64((long long)(x))
#define ifma_add(a, b) _mm512_add_epi64((a), (b))
#define ifma_madd_lo(c, a, b) _mm512_madd52lo_epu64((c), (a), (b))
#define ifma_madd_hi(c, a, b) _mm512_madd52hi_epu64((c), (a), (b))
#define ifma_shr_lane(a, b) _mm512_alignr_epi64((b), (a), 1)
#define ifma_lane1(v) \
  ((uint64_t)_mm_extract_epi64(_mm512_castsi512_si128(v), 1))
#define ifma_cmov_eq(d, v, x, y)                                          \
  _mm512_mask_blend_epi64(                                               \
      _mm512_cmpeq_epi64_mask(_mm512_set1_epi64((long long)(x)),         \
                              _mm512_set1_epi64((long long)(y))),        \
      (d), (v))

#include "bn/simd/mont_ifma_impl.h"

IFMA_EXPORT void qed_bn_mont_mul_ifma(uint64_t *r, const uint64_t *a,
                                      const uint64_t *b, const uint64_t *m,
                                      size_t n, uint64_t minv, uint64_t *s)
{
  ifma_mont_mul(r, a, b, m, n, minv, s);
}

IFMA_EXPORT void qed_bn_mont_exp_ifma(uint64_t *r, const uint64_t *b,
                                      const uint64_t *e, size_t ebits,
                                      const uint64_t *m, size_t n,
                                      uint64_t *s)
{
  ifma_mont_exp(r, b, e, ebits, m, n, s);
}

IFMA_EXPORT void qed_bn_mont_exp2_ifma(uint64_t *r0, uint64_t *r1,
                                       const uint64_t *b0, const uint64_t *b1,
                                       const uint64_t *e0, const uint64_t *e1,
                                       size_t ebits, const uint64_t *m0,
                                       const uint64_t *m1, size_t n,
                                       uint64_t *s)
{
  ifma_mont_exp2(r0, r1, b0, b1, e0, e1, ebits, m0, m1, n, s);
}

IFMA_EXPORT void qed_bn_mont_exp_pub_ifma(uint64_t *r, const uint64_t *b,
                                          const uint64_t *e, size_t ebits,
                                          const uint64_t *m,
                                          const uint64_t *rr, size_t n,
                                          uint64_t *s)
{
  ifma_mont_exp_pub(r, b, e, ebits, m, rr, n, s);
}
