/* The sponge construction over Keccak-p[1600, rounds] (FIPS 202, 4),
 * written once and used by every Keccak-based function: the rate, the
 * domain-separation suffix and the round count are parameters.
 *
 * The suffix byte holds the domain-separation bits followed by the first
 * bit of pad10*1, least significant bit first (FIPS 202, B.2): 0x06 for
 * SHA-3 (bits 01), 0x1F for SHAKE (1111), 0x07 for RawSHAKE (11), 0x01
 * for the original Keccak (no suffix).  The last bit of the padding is the
 * 0x80 added at byte rate - 1.
 *
 * Every function checks that the context is one an init prepared and in
 * the right phase, and returns -1 without touching anything if not: a
 * context is caller memory, and a corrupted or reused one must not turn
 * into an out-of-bounds access. */
#ifndef QED_KECCAK_SPONGE_H
#define QED_KECCAK_SPONGE_H

#include <stddef.h>
#include <stdint.h>

#include "qed/keccak.h"

/* Largest rate: capacity must be at least 8 bytes (one lane). */
#define QED_SPONGE_MAX_RATE 192u

/*@ requires \valid(sp);
    requires 8 <= rate <= QED_SPONGE_MAX_RATE && rate % 8 == 0;
    requires 1 <= rounds <= 24;
    assigns *sp; */
void qed_sponge_init(qed_keccak_sponge *sp, uint32_t rate, uint8_t suffix,
                     uint8_t rounds, uint8_t outlen);

/*@ requires \valid(sp);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(sp, in + (0 .. inlen - 1));
    assigns *sp;
    ensures \result == 0 || \result == -1; */
int qed_sponge_absorb(qed_keccak_sponge *sp, const uint8_t *in, size_t inlen);

/* Pads on the first call, then returns the next outlen output bytes. */
/*@ requires \valid(sp);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(sp, out + (0 .. outlen - 1));
    assigns *sp, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_sponge_squeeze(qed_keccak_sponge *sp, uint8_t *out, size_t outlen);

/* Zeroes the state and every field but outlen (public, and needed to zero
 * the output of a final called twice). */
/*@ requires \valid(sp);
    assigns *sp; */
void qed_sponge_wipe(qed_keccak_sponge *sp);

#endif
