/* SHA-512 with the message schedule in AVX-512VL registers
 * (sha512_vsched.h; VPRORQ rotates in one instruction), for the avx512
 * backend.  Outside the proof (see proof/outside.txt). */
#include "sha2/sha2_blocks.h"

#if defined(__x86_64__)
#define SHA512_VSCHED_NAME qed_sha512_blocks_avx512
#define SHA512_VSCHED_TARGET \
  __attribute__((target("avx2,bmi,bmi2,avx512f,avx512vl")))
#define V_ROR(x, n) _mm_ror_epi64((x), (n))
#include "sha2/simd/sha512_vsched.h"
#endif
