/* Keccak-p[1600, nr]: the permutation interface every Keccak mode uses.
 *
 * The state is 25 lanes of 64 bits; lane i holds bytes 8i .. 8i+7 of the
 * FIPS 202 byte string, little-endian, so byte j of the state is
 * (state[j / 8] >> (8 * (j % 8))) & 0xff on every machine.  A mode only
 * ever touches the state through these functions:
 *
 *   permute        apply the last `rounds` rounds (1..24) of Keccak-f[1600]
 *   absorb_blocks  the fast loop: for each whole block of 8*lanes bytes,
 *                  XOR it into the first lanes and permute
 *   add_bytes      XOR bytes into the state at a byte offset
 *   extract_bytes  read bytes of the state at a byte offset
 *
 * permute and absorb_blocks are chosen at run time between the portable
 * build and the x86-64-v3 build of the same proven C (keccak_p1600_impl.h),
 * and the AVX-512 code of simd/keccak_p1600_avx512.c (outside the proof,
 * checked against the portable build by tests/test_simd_equiv.c); their
 * contracts are the same.                                                 */
#ifndef QED_KECCAK_P1600_H
#define QED_KECCAK_P1600_H

#include <stddef.h>
#include <stdint.h>

#define QED_KECCAK_P1600_LANES 25
#define QED_KECCAK_P1600_BYTES 200

/*@ requires \valid(state + (0 .. 24));
    requires 1 <= rounds <= 24;
    assigns state[0 .. 24]; */
void qed_keccak_p1600_permute(uint64_t state[25], unsigned rounds);

/*@ requires \valid(state + (0 .. 24));
    requires 1 <= rounds <= 24;
    requires 1 <= lanes <= 25;
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 24), in + (0 .. inlen - 1));
    assigns state[0 .. 24];
    ensures \result <= inlen;
    ensures inlen - \result < 8 * lanes; */
size_t qed_keccak_p1600_absorb_blocks(uint64_t state[25], unsigned rounds,
                                      size_t lanes, const uint8_t *in,
                                      size_t inlen);

/* The two builds of the same source; the dispatcher picks one. */
/*@ requires \valid(state + (0 .. 24));
    requires 1 <= rounds <= 24;
    assigns state[0 .. 24]; */
void qed_keccak_p1600_permute_portable(uint64_t state[25], unsigned rounds);
/*@ requires \valid(state + (0 .. 24));
    requires 1 <= rounds <= 24;
    requires 1 <= lanes <= 25;
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 24), in + (0 .. inlen - 1));
    assigns state[0 .. 24];
    ensures \result <= inlen;
    ensures inlen - \result < 8 * lanes; */
size_t qed_keccak_p1600_absorb_blocks_portable(uint64_t state[25],
                                               unsigned rounds, size_t lanes,
                                               const uint8_t *in,
                                               size_t inlen);
/*@ requires \valid(state + (0 .. 24));
    requires 1 <= rounds <= 24;
    assigns state[0 .. 24]; */
void qed_keccak_p1600_permute_x86v3(uint64_t state[25], unsigned rounds);
/*@ requires \valid(state + (0 .. 24));
    requires 1 <= rounds <= 24;
    requires 1 <= lanes <= 25;
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 24), in + (0 .. inlen - 1));
    assigns state[0 .. 24];
    ensures \result <= inlen;
    ensures inlen - \result < 8 * lanes; */
size_t qed_keccak_p1600_absorb_blocks_x86v3(uint64_t state[25],
                                            unsigned rounds, size_t lanes,
                                            const uint8_t *in, size_t inlen);

/* The AVX-512 single-state form (src/keccak/simd/keccak_p1600_avx512.c,
 * outside the proof: intrinsics, one plane per zmm register), with the
 * same contracts; called only when the CPU and OS support AVX-512. */
/*@ requires \valid(state + (0 .. 24));
    requires 1 <= rounds <= 24;
    assigns state[0 .. 24]; */
void qed_keccak_p1600_permute_avx512(uint64_t state[25], unsigned rounds);
/*@ requires \valid(state + (0 .. 24));
    requires 1 <= rounds <= 24;
    requires 1 <= lanes <= 25;
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 24), in + (0 .. inlen - 1));
    assigns state[0 .. 24];
    ensures \result <= inlen;
    ensures inlen - \result < 8 * lanes; */
size_t qed_keccak_p1600_absorb_blocks_avx512(uint64_t state[25],
                                             unsigned rounds, size_t lanes,
                                             const uint8_t *in, size_t inlen);

/*@ requires \valid(state + (0 .. 24));
    assigns state[0 .. 24];
    ensures \forall integer k; 0 <= k < 25 ==> state[k] == 0; */
void qed_keccak_p1600_zero(uint64_t state[25]);

/*@ requires \valid(state + (0 .. 24));
    requires offset + len <= 200;
    requires \valid_read(in + (0 .. len - 1));
    requires \separated(state + (0 .. 24), in + (0 .. len - 1));
    assigns state[0 .. 24]; */
void qed_keccak_p1600_add_bytes(uint64_t state[25], const uint8_t *in,
                                size_t offset, size_t len);

/*@ requires \valid(state + (0 .. 24));
    requires offset < 200;
    assigns state[0 .. 24]; */
void qed_keccak_p1600_add_byte(uint64_t state[25], uint8_t byte,
                               size_t offset);

/*@ requires \valid_read(state + (0 .. 24));
    requires offset + len <= 200;
    requires \valid(out + (0 .. len - 1));
    requires \separated(state + (0 .. 24), out + (0 .. len - 1));
    assigns out[0 .. len - 1]; */
void qed_keccak_p1600_extract_bytes(const uint64_t state[25], uint8_t *out,
                                    size_t offset, size_t len);

#endif
