/* The limb-level Montgomery product and the fixed-length helpers
 * (internal), shared by the qed_bn_mont_* functions (bn_mont.c), the
 * constant-time exponentiation (bn_powm_sec.c) and the variable-time
 * qed_bn_powm (bn_powm.c).
 *
 * qed_bn_mont_mul_limbs and qed_bn_mont_sqr_limbs are the single entry
 * point of every Montgomery product: a faster kernel (a SIMD one chosen at
 * run time) goes behind them with the same contracts. */
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

/* r = a b / 2^(64n) mod m, for a b < m 2^(64n) (a, b < m, or one of them
 * below 2^(64n) and the other below m); a may equal b; r < m.  s:
 * QED_MONT_SCRATCH limbs. */
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

/* ---- fixed length: a qed_bn read and written as n limbs, no branch on a
 * limb nor on the count field of a value computed from secret limbs ---- */

/* x[0 .. n-1] = the low n limbs of a; returns 0 when a >= 0 and its limbs
 * from n on are zero (a < 2^(64n)), else nonzero.  Reads all 256 limbs. */
/*@ requires 1 <= n <= 256;
    requires \valid(x + (0 .. n - 1)) && \valid_read(a) && qed_bn_ok(a);
    requires \separated(x + (0 .. n - 1), a);
    assigns x[0 .. n - 1]; */
uint64_t qed_bn_load_fixed(uint64_t *x, const qed_bn *a, size_t n);

/* r = z[0 .. n-1] when bad == 0, else 0 (a normalized qed_bn, its length
 * found with masks); z is wiped.  Returns 0 or -1 as bad is 0 or not. */
/*@ requires 1 <= n <= 256;
    requires \valid(r) && \valid(z + (0 .. n - 1));
    requires \separated(r, z + (0 .. n - 1));
    assigns *r, z[0 .. n - 1];
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_store_fixed(qed_bn *r, uint64_t *z, size_t n, uint64_t bad);

/* nonzero when a >= m (n limbs), constant time */
/*@ requires 1 <= n <= 256;
    requires \valid_read(a + (0 .. n - 1)) && \valid_read(m + (0 .. n - 1));
    assigns \nothing; */
uint64_t qed_bn_not_below(const uint64_t *a, const uint64_t *m, size_t n);

#endif
