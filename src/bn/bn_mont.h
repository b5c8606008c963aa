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

/* A context for a PUBLIC m of m->n limbs (RSA's n): the context of
 * qed_bn_mont_init_sec (m, 64 m->n), with R^2 mod m from one division
 * 2^(128n) / m (variable time in m) instead of doublings and squarings.
 * -1 when m is even, m < 3, m < 0 or its top limb is zero: then every
 * field is zero but n = m->n, a context every function refuses. */
/*@ requires \valid(ctx) && \valid_read(m) && qed_bn_ok(m) && 1 <= m->n;
    requires \separated(ctx, m);
    assigns *ctx;
    ensures qed_bn_mont_ok(ctx) && ctx->n == m->n;
    ensures \result == 0 || \result == -1; */
int qed_bn_mont_init_pub(qed_bn_mont_ctx *ctx, const qed_bn *m);

/* ---- exponentiations for RSA's private operation (bn_powm_sec.c) ---- */

/* r0 = b0^e0 mod m0 and r1 = b1^e1 mod m1, each exactly as
 * qed_bn_mont_powm_sec (c0, r0, b0, e0, ebits0) and (c1, ...) would give
 * it, constant time in every value: the two half-exponentiations of an
 * RSA private operation by CRT.  With AVX-512 IFMA (both moduli of the
 * same supported limb count, the same ebits) they run interleaved in one
 * radix-2^52 loop (qed_bn_mont_exp2_ifma); else one after the other.
 * Returns 0, or -1 when either failed (the output of a failed one is
 * zero). */
/*@ requires ebits0 <= 16384 && ebits1 <= 16384;
    requires \valid_read(c0) && qed_bn_mont_ok(c0);
    requires \valid_read(c1) && qed_bn_mont_ok(c1);
    requires \valid(r0) && \valid_read(b0) && \valid_read(e0);
    requires \valid(r1) && \valid_read(b1) && \valid_read(e1);
    requires qed_bn_ok(b0) && qed_bn_ok(e0) && qed_bn_ok(b1) && qed_bn_ok(e1);
    requires \separated(r0, r1);
    requires \separated(r0, c1, b1, e1);
    assigns *r0, *r1;
    ensures qed_bn_ok(r0) && qed_bn_ok(r1);
    ensures \result == 0 || \result == -1; */
int qed_bn_mont_powm2_sec(const qed_bn_mont_ctx *c0, qed_bn *r0,
                          const qed_bn *b0, const qed_bn *e0, size_t ebits0,
                          const qed_bn_mont_ctx *c1, qed_bn *r1,
                          const qed_bn *b1, const qed_bn *e1, size_t ebits1);

/* r = b^e mod m in [0, m) for 0 <= b < R and a PUBLIC e >= 0 (RSA's e):
 * left-to-right square and multiply over the bits of e, so the time
 * depends on e's value (and on n), never on b's or m's: no branch and no
 * address on a limb of b or m.  About 17 products for e = 65537 where
 * qed_bn_mont_powm_sec builds a 32-entry table first.  -1 (r zeroed) when
 * b or e is out of range or the context is not one of a valid m. */
/*@ requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires \valid(r) && \valid_read(b) && \valid_read(e);
    requires qed_bn_ok(b) && qed_bn_ok(e);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_mont_powm_pub(const qed_bn_mont_ctx *ctx, qed_bn *r,
                         const qed_bn *b, const qed_bn *e);

#endif
