/* The SHA-2 compression functions over whole blocks: the interface that
 * sha256.c, sha512.c and the NaCl hashblocks use.
 *
 *   qed_sha256_blocks   for each whole 64-byte block of in, the SHA-256
 *                       compression function on the chaining value state
 *   qed_sha512_blocks   for each whole 128-byte block, SHA-512's
 *
 * Both return the bytes consumed (the whole blocks), leaving the caller
 * fewer than a block.  Each is chosen at run time (sha2_blocks_dispatch.c)
 * between the portable build and the x86-64-v3 build of the same proven C
 * (sha2_impl.h), or the vector code of simd/ (SHA-NI for SHA-256 where the
 * CPU has it, SHA-512 with its message schedule in AVX2 or AVX-512VL
 * registers); all have the same contracts, proved on the C.              */
#ifndef QED_SHA2_BLOCKS_H
#define QED_SHA2_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

/* ---- dispatched: what the hashes call ---- */

/*@ requires \valid(state + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 7), in + (0 .. inlen - 1));
    assigns state[0 .. 7];
    ensures \result <= inlen && inlen - \result < 64 && \result % 64 == 0; */
size_t qed_sha256_blocks(uint32_t state[8], const uint8_t *in, size_t inlen);

/*@ requires \valid(state + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 7), in + (0 .. inlen - 1));
    assigns state[0 .. 7];
    ensures \result <= inlen && inlen - \result < 128 && \result % 128 == 0; */
size_t qed_sha512_blocks(uint64_t state[8], const uint8_t *in, size_t inlen);

/* ---- the portable build ---- */

/*@ requires \valid(state + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 7), in + (0 .. inlen - 1));
    assigns state[0 .. 7];
    ensures \result <= inlen && inlen - \result < 64 && \result % 64 == 0; */
size_t qed_sha256_blocks_portable(uint32_t state[8], const uint8_t *in, size_t inlen);

/*@ requires \valid(state + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 7), in + (0 .. inlen - 1));
    assigns state[0 .. 7];
    ensures \result <= inlen && inlen - \result < 128 && \result % 128 == 0; */
size_t qed_sha512_blocks_portable(uint64_t state[8], const uint8_t *in, size_t inlen);

/* ---- the x86v3 build ---- */

/*@ requires \valid(state + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 7), in + (0 .. inlen - 1));
    assigns state[0 .. 7];
    ensures \result <= inlen && inlen - \result < 64 && \result % 64 == 0; */
size_t qed_sha256_blocks_x86v3(uint32_t state[8], const uint8_t *in, size_t inlen);

/* ---- SHA-NI (x86-64 only; src/sha2/simd/, outside the proof) ---- */

/* 1 when the CPU has the SHA extensions (with SSSE3 and SSE4.1) and the
 * backend level is avx2 or above (QED_BACKEND=portable turns it off). */
/*@ assigns \nothing;
    ensures \result == 0 || \result == 1; */
int qed_sha256_shani_usable(void);

/*@ requires \valid(state + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 7), in + (0 .. inlen - 1));
    assigns state[0 .. 7];
    ensures \result <= inlen && inlen - \result < 64 && \result % 64 == 0; */
size_t qed_sha256_blocks_shani(uint32_t state[8], const uint8_t *in, size_t inlen);

/* ---- SHA-512 with the schedule in vector registers (x86-64 only;
 *      src/sha2/simd/, outside the proof): AVX2 and AVX-512VL ---- */

/*@ requires \valid(state + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 7), in + (0 .. inlen - 1));
    assigns state[0 .. 7];
    ensures \result <= inlen && inlen - \result < 128 && \result % 128 == 0; */
size_t qed_sha512_blocks_avx2(uint64_t state[8], const uint8_t *in, size_t inlen);

/*@ requires \valid(state + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 7), in + (0 .. inlen - 1));
    assigns state[0 .. 7];
    ensures \result <= inlen && inlen - \result < 128 && \result % 128 == 0; */
size_t qed_sha512_blocks_avx512(uint64_t state[8], const uint8_t *in, size_t inlen);

#endif
