/* The limb-level Montgomery product (internal), shared by qed_bn_powm_sec,
 * the qed_bn_mont_* functions and qed_bn_powm (bn_mont.c). */
#ifndef QED_BN_BN_MONT_H
#define QED_BN_BN_MONT_H

#include "bn/bn_impl.h"

/* scratch of a Montgomery product of up to 256 limbs: the 2n-limb product,
 * then qed_mpn_mul_n's own scratch */
#define QED_MONT_SCRATCH (2 * 256 + 4 * 256 + 4 * 64)

/* -m0^-1 mod 2^64 for an odd m0 */
/*@ assigns \nothing; */
uint64_t qed_bn_mont_minv(uint64_t m0);

/* r = t / 2^(64n) mod m (t[0 .. 2n-1] < m 2^(64n), overwritten), r < m. */
/*@ requires 1 <= n <= 256;
    requires \valid(r + (0 .. n - 1));
    requires \valid(t + (0 .. 2 * n - 1));
    requires \valid_read(m + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), t + (0 .. 2 * n - 1), m + (0 .. n - 1));
    requires \separated(t + (0 .. 2 * n - 1), m + (0 .. n - 1));
    assigns r[0 .. n - 1], t[0 .. 2 * n - 1]; */
void qed_bn_mont_redc(uint64_t *r, uint64_t *t, const uint64_t *m, size_t n,
                      uint64_t minv);

/* r = a b / 2^(64n) mod m, a, b < m (a may equal b); s: QED_MONT_SCRATCH
 * limbs. */
/*@ requires 1 <= n <= 256;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    requires \valid_read(m + (0 .. n - 1));
    requires \valid(s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1), m + (0 .. n - 1), s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(r + (0 .. n - 1), b + (0 .. n - 1));
    requires \separated(s + (0 .. QED_MONT_SCRATCH - 1), a + (0 .. n - 1));
    requires \separated(s + (0 .. QED_MONT_SCRATCH - 1), b + (0 .. n - 1));
    requires \separated(s + (0 .. QED_MONT_SCRATCH - 1), m + (0 .. n - 1));
    assigns r[0 .. n - 1], s[0 .. QED_MONT_SCRATCH - 1]; */
void qed_bn_mont_mul_limbs(uint64_t *r, const uint64_t *a, const uint64_t *b,
                           const uint64_t *m, size_t n, uint64_t minv,
                           uint64_t *s);

/* r = a^2 / 2^(64n) mod m, a < m. */
/*@ requires 1 <= n <= 256;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \valid_read(m + (0 .. n - 1));
    requires \valid(s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1), m + (0 .. n - 1), s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(s + (0 .. QED_MONT_SCRATCH - 1), a + (0 .. n - 1), m + (0 .. n - 1));
    assigns r[0 .. n - 1], s[0 .. QED_MONT_SCRATCH - 1]; */
void qed_bn_mont_sqr_limbs(uint64_t *r, const uint64_t *a, const uint64_t *m,
                           size_t n, uint64_t minv, uint64_t *s);

#endif
