/* SHA-512 with the message schedule in AVX2 registers (sha512_vsched.h),
 * for the avx2 backend.  Outside the proof (see proof/outside.txt). */
#include "sha2/sha2_blocks.h"

#if defined(__x86_64__)
#define SHA512_VSCHED_NAME qed_sha512_blocks_avx2
#define SHA512_VSCHED_TARGET __attribute__((target("avx2,bmi,bmi2")))
/* AVX2 has no 64-bit rotation: two shifts and an OR. */
#define V_ROR(x, n) \
  _mm_or_si128(_mm_srli_epi64((x), (n)), _mm_slli_epi64((x), 64 - (n)))
#include "sha2/simd/sha512_vsched.h"
#endif
