/* Scalars of Ed25519: integers mod L = 2^252 + 27742317777372353535851937790883648493
 * (the order of the base point), as 32 little-endian bytes.
 *
 * Barrett reduction (Handbook of Applied Cryptography, 14.42) on 64-bit
 * limbs, base b = 2^64, k = 4: for x < 2^512, q = floor(floor(x / b^3) mu
 * / b^5) with mu = floor(2^512 / L) is at most 2 below floor(x / L), so
 * x - q L (computed mod b^5) is below 3 L and two masked subtractions of L
 * finish.  Products through nacl/mul64.h.  Constant time: fixed loops, no
 * branch and no index on the values; carries are comparisons, which
 * compilers turn into flag instructions (make ct checks it).
 *
 * The unit is proved free of run-time errors (indices, shifts); the
 * arithmetic wraps on purpose (borrows and carries are detected by
 * comparison), so it is not proved with -warn-unsigned-overflow; its
 * results are checked by the tests against Python's integers. */
#ifndef QED_NACL_SC25519_H
#define QED_NACL_SC25519_H

#include <stdint.h>

/* out = in mod L, in[0 .. 63] little-endian. */
/*@ requires \valid(out + (0 .. 31)) && \valid_read(in + (0 .. 63));
    requires \separated(out + (0 .. 31), in + (0 .. 63));
    assigns out[0 .. 31]; */
void qed_sc25519_reduce(uint8_t out[32], const uint8_t in[64]);

/* s = a b + c mod L (a, b, c any 256-bit values). */
/*@ requires \valid(s + (0 .. 31));
    requires \valid_read(a + (0 .. 31)) && \valid_read(b + (0 .. 31));
    requires \valid_read(c + (0 .. 31));
    requires \separated(s + (0 .. 31), a + (0 .. 31), b + (0 .. 31), c + (0 .. 31));
    assigns s[0 .. 31]; */
void qed_sc25519_muladd(uint8_t s[32], const uint8_t a[32],
                        const uint8_t b[32], const uint8_t c[32]);

/* 1 if s < L (the canonical encoding of a scalar), else 0. */
/*@ requires \valid_read(s + (0 .. 31));
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
int qed_sc25519_is_canonical(const uint8_t s[32]);

#endif
