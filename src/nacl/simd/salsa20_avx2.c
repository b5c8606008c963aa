/* Salsa20 on 8 blocks at once with AVX2 (salsa20_simd_impl.h):
 * rotations by two shifts and an OR (AVX2 has no 32-bit rotate).
 *
 * Outside the proof (intrinsics; see proof/outside.txt): the contract is
 * the one of nacl/salsa20.h, and tests/test_nacl_salsa20.c checks the
 * kernel against the proven portable path on random lengths, offsets and
 * counters under every backend.  Only the proven dispatcher in
 * salsa20_stream.c calls it, when qed_backend_level() says the CPU and OS
 * support AVX2.  No branch or address depends on the key or the data. */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "nacl/salsa20.h"

#define SALSA_ATTR __attribute__((target("avx2")))
#define SALSA_ROTL(v, n) \
  _mm256_or_si256(_mm256_slli_epi32((v), (n)), _mm256_srli_epi32((v), 32 - (n)))
#define SALSA_NAME qed_salsa20_xor_blocks_avx2
/* No SALSA_TWO_SETS here: two states of sixteen ymm words on sixteen ymm
 * registers spill most of themselves, a 2 KiB frame (gcc -fstack-usage)
 * that put crypto_box over libsodium's stack figure (issue 6); one set
 * keeps the frame under 1 KiB. */

#include "nacl/simd/salsa20_simd_impl.h"
