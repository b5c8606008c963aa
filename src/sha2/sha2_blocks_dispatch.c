/* Run-time choice between the builds of the SHA-2 compression loops.  A
 * proof unit like its targets: it relies on the contract of
 * qed_backend_level (common/cpu.h; cpu.c itself is outside the proof) and
 * calls builds that carry the same contracts as the functions here
 * (sha2_blocks.h), which are the contracts the hashes are proved against.
 * SHA-256 prefers the SHA extensions (simd/sha256_shani.c) where the CPU
 * has them and QED_BACKEND allows vector code; SHA-512 takes the builds
 * with the schedule in vector registers (simd/sha512_avx2.c,
 * sha512_avx512.c), measured faster than the x86-64-v3 build of the C.
 * Otherwise SHA-512 takes the portable build of the fast C, or, in builds
 * optimizing for size (QED_SHA2_UNROLLED = 0, sha2_blocks_small.h), the
 * size-first form of sha2_blocks_small.c: the proof covers both calls. */
#include "sha2/sha2_blocks.h"
#include "sha2/sha2_blocks_small.h"
#include "common/cpu.h"

#if defined(__x86_64__)
#define QED_HAVE_X86V3 1
#else
#define QED_HAVE_X86V3 0
#endif

size_t qed_sha256_blocks(uint32_t state[8], const uint8_t *in, size_t inlen)
{
#if QED_HAVE_X86V3
  if (qed_sha256_shani_usable())
    return qed_sha256_blocks_shani(state, in, inlen);
  if (qed_backend_level() >= QED_BACKEND_AVX2)
    return qed_sha256_blocks_x86v3(state, in, inlen);
#endif
  return qed_sha256_blocks_portable(state, in, inlen);
}

size_t qed_sha512_blocks(uint64_t state[8], const uint8_t *in, size_t inlen)
{
#if QED_HAVE_X86V3
  const unsigned level = qed_backend_level();
  if (level >= QED_BACKEND_AVX512)
    return qed_sha512_blocks_avx512(state, in, inlen);
  if (level >= QED_BACKEND_AVX2)
    return qed_sha512_blocks_avx2(state, in, inlen);
#endif
  if (!QED_SHA2_UNROLLED)
    return qed_sha512_blocks_small(state, in, inlen);
  return qed_sha512_blocks_portable(state, in, inlen);
}
