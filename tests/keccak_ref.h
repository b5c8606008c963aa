/* A deliberately plain Keccak sponge, written from FIPS 202 alone and
 * sharing no code with the library: the round constants come from the
 * rc(t) LFSR and the rotation offsets from the (t+1)(t+2)/2 walk, not from
 * tables.  Slow and obviously correct; it gives RawSHAKE (which has no
 * published vectors) an independent check, and every other function a
 * second opinion at the block boundaries.                                */
#ifndef QED_TESTS_KECCAK_REF_H
#define QED_TESTS_KECCAK_REF_H

#include <stddef.h>
#include <stdint.h>

/* Keccak[c = 1600 - 8*rate](in || suffix bits, 8*outlen), byte-oriented:
 * suffix holds the domain bits followed by the first padding bit
 * (SHA3 0x06, Keccak 0x01, SHAKE 0x1F, RawSHAKE 0x07). */
void ref_keccak(size_t rate, uint8_t suffix, const uint8_t *in, size_t inlen,
                uint8_t *out, size_t outlen);

#endif
