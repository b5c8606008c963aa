/* Salsa20 inside qed (internal): the double-round permutation of the
 * 16-word state, and the keystream XOR that every Salsa20-based function
 * of qed/nacl.h (stream, XSalsa20, secretbox, box) is built on.
 *
 * State layout (Salsa20 specification, section 9): words 0, 5, 10, 15 the
 * constant, 1..4 and 11..14 the key, 6..7 the nonce, 8..9 the 64-bit block
 * counter (little-endian: word 8 low).  Every word is loaded and stored
 * little-endian through common/bytes.h, so the code is endian-neutral.
 *
 * The arithmetic wraps on purpose (additions mod 2^32): the units that
 * include this keep WP's default (no -warn-unsigned-overflow). */
#ifndef QED_NACL_SALSA20_H
#define QED_NACL_SALSA20_H

#include <stddef.h>
#include <stdint.h>

/*@ predicate salsa_rounds(integer r) = r == 20 || r == 12 || r == 8; */

/* Wipe a state: volatile stores, which the compiler may not drop as dead
 * (common/zeroize.c does the same for bytes and 64-bit lanes). */
/*@ requires \valid(x + (0 .. 15));
    assigns x[0 .. 15]; */
static inline void qed_salsa20_wipe(uint32_t x[16])
{
  volatile uint32_t *v = x;
  unsigned i;
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, x[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    v[i] = 0;
}

/* x = the `rounds` rounds (rounds / 2 double rounds) of Salsa20 applied to
 * x, without the final addition of the input (HSalsa20 reads the words
 * as they are; the core adds the input itself). */
/*@ requires \valid(x + (0 .. 15));
    requires salsa_rounds(rounds);
    assigns x[0 .. 15]; */
void qed_salsa20_permute(uint32_t x[16], unsigned rounds);

/* The initial state of key k (32 bytes), 16-byte input `in` (nonce and
 * counter, or HSalsa20's 16 nonce bytes) and constant c (16 bytes; NULL:
 * "expand 32-byte k"). */
/*@ requires \valid(x + (0 .. 15));
    requires \valid_read(in + (0 .. 15)) && \valid_read(k + (0 .. 31));
    requires c == \null || \valid_read(c + (0 .. 15));
    assigns x[0 .. 15]; */
void qed_salsa20_setup(uint32_t x[16], const uint8_t in[16],
                       const uint8_t k[32], const uint8_t *c);

/* out[i] = in[i] XOR keystream byte i, 0 <= i < len, for the Salsa20/rounds
 * stream of key k and 8-byte nonce n, starting at the beginning of block
 * number ic (the 64-bit counter wraps past 2^64 - 1, as libsodium's does).
 * out may be in (in-place), or must not overlap it.  k and n are read
 * before anything is written.  The state and keystream are wiped. */
/*@ requires \valid(out + (0 .. len - 1)) && \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \valid_read(n + (0 .. 7)) && \valid_read(k + (0 .. 31));
    requires salsa_rounds(rounds);
    assigns out[0 .. len - 1]; */
void qed_salsa20_xor(uint8_t *out, const uint8_t *in, size_t len,
                     const uint8_t n[8], uint64_t ic, const uint8_t k[32],
                     unsigned rounds);

/* The SIMD kernels (src/nacl/simd/, x86-64 only, outside the proof): XOR
 * the keystream of state s (key, nonce, counter in words 8..9) into the
 * first whole multiple of 512 bytes of in, 8 blocks at a time, into out;
 * s's counter moves on by one per block.  Return the bytes done (a
 * multiple of 512, len - result < 512).  Called only by qed_salsa20_xor,
 * at the backend level whose instructions they use. */
/*@ requires \valid(out + (0 .. len - 1)) && \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \valid(s + (0 .. 15));
    requires \separated(s + (0 .. 15), out + (0 .. len - 1));
    requires \separated(s + (0 .. 15), in + (0 .. len - 1));
    requires salsa_rounds(rounds);
    assigns out[0 .. len - 1], s[8 .. 9];
    ensures \result <= len; */
size_t qed_salsa20_xor_blocks_avx2(uint8_t *out, const uint8_t *in,
                                   size_t len, uint32_t s[16],
                                   unsigned rounds);
/*@ requires \valid(out + (0 .. len - 1)) && \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \valid(s + (0 .. 15));
    requires \separated(s + (0 .. 15), out + (0 .. len - 1));
    requires \separated(s + (0 .. 15), in + (0 .. len - 1));
    requires salsa_rounds(rounds);
    assigns out[0 .. len - 1], s[8 .. 9];
    ensures \result <= len; */
size_t qed_salsa20_xor_blocks_avx512(uint8_t *out, const uint8_t *in,
                                     size_t len, uint32_t s[16],
                                     unsigned rounds);

/* HSalsa20 (the XSalsa20 paper, section 2): out = words 0, 5, 10, 15, 6, 7,
 * 8, 9 of the 20 rounds of the state (k, in, c), little-endian. */
/*@ requires \valid(out + (0 .. 31));
    requires \valid_read(in + (0 .. 15)) && \valid_read(k + (0 .. 31));
    requires c == \null || \valid_read(c + (0 .. 15));
    assigns out[0 .. 31]; */
void qed_hsalsa20(uint8_t out[32], const uint8_t in[16], const uint8_t k[32],
                  const uint8_t *c);

#endif
