/* The Ascon hot loops: the interface the modes use (hash.c, aead.c,
 * permutation.c).  The state is five 64-bit lanes, lane i the standard's
 * word S_i.
 *
 *   permute    Ascon-p[rounds], the last `rounds` (1..12) rounds of p^12
 *   absorb8    the hashes' loop: per whole 8-byte block, XOR it into lane 0
 *              (big-endian if big, else little-endian), p^12
 *   absorb16   the AEAD's associated data: per whole 16-byte block, XOR it
 *              into lanes 0 and 1 (little-endian), p^8
 *   encrypt16  the AEAD's encryption: per whole 16-byte block, XOR it into
 *              lanes 0 and 1, write them out as ciphertext, p^8
 *   decrypt16  the AEAD's decryption: per whole 16-byte block, plaintext =
 *              ciphertext XOR lanes 0 and 1, lanes = ciphertext, p^8
 *
 * The loops return the bytes they consumed: the whole blocks, leaving the
 * caller fewer than a block.  Each function is chosen at run time
 * (ascon_core_dispatch.c) between the portable build and the x86-64-v3
 * build of the same proven C (ascon_impl.h); the three have the same
 * contracts, proved on that source.                                      */
#ifndef QED_ASCON_CORE_H
#define QED_ASCON_CORE_H

#include <stddef.h>
#include <stdint.h>

/* ---- dispatched: what the modes call ---- */

/*@ requires \valid(state + (0 .. 4));
    requires 1 <= rounds <= 12;
    assigns state[0 .. 4]; */
void qed_ascon_core_permute(uint64_t state[5], unsigned rounds);

/*@ requires \valid(state + (0 .. 4));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 4), in + (0 .. inlen - 1));
    assigns state[0 .. 4];
    ensures \result <= inlen && inlen - \result < 8; */
size_t qed_ascon_core_absorb8(uint64_t state[5], const uint8_t *in,
                              size_t inlen, int big);

/*@ requires \valid(state + (0 .. 4));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 4), in + (0 .. inlen - 1));
    assigns state[0 .. 4];
    ensures \result <= inlen && inlen - \result < 16; */
size_t qed_ascon_core_absorb16(uint64_t state[5], const uint8_t *in,
                               size_t inlen);

/*@ requires \valid(state + (0 .. 4));
    requires \valid(c + (0 .. mlen - 1));
    requires \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \separated(state + (0 .. 4), c + (0 .. mlen - 1));
    requires \separated(state + (0 .. 4), m + (0 .. mlen - 1));
    assigns state[0 .. 4], c[0 .. mlen - 1];
    ensures \result <= mlen && mlen - \result < 16; */
size_t qed_ascon_core_encrypt16(uint64_t state[5], uint8_t *c,
                                const uint8_t *m, size_t mlen);

/*@ requires \valid(state + (0 .. 4));
    requires \valid(m + (0 .. clen - 1));
    requires \valid_read(c + (0 .. clen - 1));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \separated(state + (0 .. 4), m + (0 .. clen - 1));
    requires \separated(state + (0 .. 4), c + (0 .. clen - 1));
    assigns state[0 .. 4], m[0 .. clen - 1];
    ensures \result <= clen && clen - \result < 16; */
size_t qed_ascon_core_decrypt16(uint64_t state[5], uint8_t *m,
                                const uint8_t *c, size_t clen);

/* ---- the builds the dispatcher picks from ---- */

/*@ requires \valid(state + (0 .. 4));
    requires 1 <= rounds <= 12;
    assigns state[0 .. 4]; */
void qed_ascon_core_permute_portable(uint64_t state[5], unsigned rounds);

/*@ requires \valid(state + (0 .. 4));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 4), in + (0 .. inlen - 1));
    assigns state[0 .. 4];
    ensures \result <= inlen && inlen - \result < 8; */
size_t qed_ascon_core_absorb8_portable(uint64_t state[5], const uint8_t *in,
                                       size_t inlen, int big);

/*@ requires \valid(state + (0 .. 4));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 4), in + (0 .. inlen - 1));
    assigns state[0 .. 4];
    ensures \result <= inlen && inlen - \result < 16; */
size_t qed_ascon_core_absorb16_portable(uint64_t state[5], const uint8_t *in,
                                        size_t inlen);

/*@ requires \valid(state + (0 .. 4));
    requires \valid(c + (0 .. mlen - 1));
    requires \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \separated(state + (0 .. 4), c + (0 .. mlen - 1));
    requires \separated(state + (0 .. 4), m + (0 .. mlen - 1));
    assigns state[0 .. 4], c[0 .. mlen - 1];
    ensures \result <= mlen && mlen - \result < 16; */
size_t qed_ascon_core_encrypt16_portable(uint64_t state[5], uint8_t *c,
                                         const uint8_t *m, size_t mlen);

/*@ requires \valid(state + (0 .. 4));
    requires \valid(m + (0 .. clen - 1));
    requires \valid_read(c + (0 .. clen - 1));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \separated(state + (0 .. 4), m + (0 .. clen - 1));
    requires \separated(state + (0 .. 4), c + (0 .. clen - 1));
    assigns state[0 .. 4], m[0 .. clen - 1];
    ensures \result <= clen && clen - \result < 16; */
size_t qed_ascon_core_decrypt16_portable(uint64_t state[5], uint8_t *m,
                                         const uint8_t *c, size_t clen);

/*@ requires \valid(state + (0 .. 4));
    requires 1 <= rounds <= 12;
    assigns state[0 .. 4]; */
void qed_ascon_core_permute_x86v3(uint64_t state[5], unsigned rounds);

/*@ requires \valid(state + (0 .. 4));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 4), in + (0 .. inlen - 1));
    assigns state[0 .. 4];
    ensures \result <= inlen && inlen - \result < 8; */
size_t qed_ascon_core_absorb8_x86v3(uint64_t state[5], const uint8_t *in,
                                    size_t inlen, int big);

/*@ requires \valid(state + (0 .. 4));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 4), in + (0 .. inlen - 1));
    assigns state[0 .. 4];
    ensures \result <= inlen && inlen - \result < 16; */
size_t qed_ascon_core_absorb16_x86v3(uint64_t state[5], const uint8_t *in,
                                     size_t inlen);

/*@ requires \valid(state + (0 .. 4));
    requires \valid(c + (0 .. mlen - 1));
    requires \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \separated(state + (0 .. 4), c + (0 .. mlen - 1));
    requires \separated(state + (0 .. 4), m + (0 .. mlen - 1));
    assigns state[0 .. 4], c[0 .. mlen - 1];
    ensures \result <= mlen && mlen - \result < 16; */
size_t qed_ascon_core_encrypt16_x86v3(uint64_t state[5], uint8_t *c,
                                      const uint8_t *m, size_t mlen);

/*@ requires \valid(state + (0 .. 4));
    requires \valid(m + (0 .. clen - 1));
    requires \valid_read(c + (0 .. clen - 1));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \separated(state + (0 .. 4), m + (0 .. clen - 1));
    requires \separated(state + (0 .. 4), c + (0 .. clen - 1));
    assigns state[0 .. 4], m[0 .. clen - 1];
    ensures \result <= clen && clen - \result < 16; */
size_t qed_ascon_core_decrypt16_x86v3(uint64_t state[5], uint8_t *m,
                                      const uint8_t *c, size_t clen);

#endif
