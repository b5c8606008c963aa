/* The SHA-2 compression loops (sha2_blocks.h), the C of sha2_impl.h built
 * for x86-64-v3 (the Makefile compiles every *_x86v3.c with X86V3_FLAGS):
 * gcc emits RORX for the rotations and ANDN where it helps.  Only called
 * by sha2_blocks_dispatch.c when the CPU has AVX2/BMI2 but not the SHA
 * extensions; built (and proved) everywhere, so that the proof covers it.
 * SHA-256 only: at that level SHA-512 runs with its message schedule in
 * vector registers (simd/sha512_avx2.c, sha512_avx512.c), measured faster,
 * so an x86-64-v3 SHA-512 would never be called. */
#include "sha2/sha2_blocks.h"
#include "sha2/sha2_impl.h"

size_t qed_sha256_blocks_x86v3(uint32_t state[8], const uint8_t *in,
                               size_t inlen)
{
  return sha256_blocks_body(state, in, inlen);
}
