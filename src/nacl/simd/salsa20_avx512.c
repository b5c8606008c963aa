/* Salsa20 on 16 (then 8) blocks at once in ymm registers with the
 * AVX-512VL rotate (vprold: one instruction where AVX2 needs three) and
 * its 32 vector registers (both groups of 8 stay in registers); otherwise
 * the kernel of salsa20_simd_impl.h, as in salsa20_avx2.c.
 *
 * Outside the proof (intrinsics; see proof/outside.txt): the contract is
 * the one of nacl/salsa20.h, and tests/test_nacl_salsa20.c checks the
 * kernel against the proven portable path on random lengths, offsets and
 * counters under every backend.  Only the proven dispatcher in
 * salsa20_stream.c calls it, at the avx512 backend level.  No branch or
 * address depends on the key or the data. */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "nacl/salsa20.h"

#define SALSA_ATTR __attribute__((target("avx2,avx512f,avx512vl")))
#define SALSA_ROTL(v, n) _mm256_rol_epi32((v), (n))
#define SALSA_NAME qed_salsa20_xor_blocks_avx512
#define SALSA_TWO_SETS 1

#include "nacl/simd/salsa20_simd_impl.h"
