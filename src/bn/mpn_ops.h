/* The limb layer of qed_bn, part 2 (internal): in-place and constant-time
 * helpers, multiplication, division.  Proved free of run-time errors; the
 * functional contracts of part 1 are in bn/mpn.h. */
#ifndef QED_BN_MPN_OPS_H
#define QED_BN_MPN_OPS_H

#include "bn/mpn.h"

/* ---- in place and constant-time helpers (mpn_inplace.c) ---- */

/* r = r + b; returns the carry. */
/*@ requires \valid(r + (0 .. n - 1));
    requires \valid_read(b + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), b + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures \result <= 1; */
uint64_t qed_mpn_add_n_ip(uint64_t *r, const uint64_t *b, size_t n);

/* r = r - b; returns the borrow. */
/*@ requires \valid(r + (0 .. n - 1));
    requires \valid_read(b + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), b + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures \result <= 1; */
uint64_t qed_mpn_sub_n_ip(uint64_t *r, const uint64_t *b, size_t n);

/* r = r + b for one limb b; returns the carry (0 or 1, or b when n == 0). */
/*@ requires \valid(r + (0 .. n - 1));
    assigns r[0 .. n - 1]; */
uint64_t qed_mpn_add_1_ip(uint64_t *r, size_t n, uint64_t b);

/* r = r - b for one limb b; returns the borrow. */
/*@ requires \valid(r + (0 .. n - 1));
    assigns r[0 .. n - 1]; */
uint64_t qed_mpn_sub_1_ip(uint64_t *r, size_t n, uint64_t b);

/* r = neg ? 2^(64n) - r : r, constant time; returns the carry out of the
 * top limb (1 only when zero is negated). */
/*@ requires neg <= 1;
    requires \valid(r + (0 .. n - 1));
    assigns r[0 .. n - 1]; */
uint64_t qed_mpn_cnd_neg(uint64_t *r, size_t n, uint64_t neg);

/* r = bit ? a : r, constant time; a may equal r. */
/*@ requires bit <= 1;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    assigns r[0 .. n - 1]; */
void qed_mpn_cnd_select(uint64_t *r, const uint64_t *a, size_t n,
                        uint64_t bit);

/*@ requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> r[k] == a[k]; */
void qed_mpn_copy(uint64_t *r, const uint64_t *a, size_t n);

/*@ requires \valid(r + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> r[k] == 0; */
void qed_mpn_zero(uint64_t *r, size_t n);

/* ---- multiplication (mpn_mul.c) ---- */

/* Below this many limbs qed_mpn_mul_n is schoolbook, from it on Karatsuba
 * (measured: bench/bench_bn.c, see mpn_mul.c). */
#ifndef QED_MPN_KARATSUBA_THRESHOLD
#define QED_MPN_KARATSUBA_THRESHOLD 32
/* ---- gcd (mpn_gcd.c) ---- */

/* g = gcd(a, b) for a, b of n limbs (zero top limbs allowed); returns the
 * limb count of g (0 when a == b == 0).  a and b are overwritten; s is
 * scratch of 5n + 6 limbs.  Variable time. */
/*@ requires 1 <= n <= 100000;
    requires \valid(g + (0 .. n - 1));
    requires \valid(a + (0 .. n - 1)) && \valid(b + (0 .. n - 1));
    requires \valid(s + (0 .. 5 * n + 5));
    requires \separated(g + (0 .. n - 1), a + (0 .. n - 1), b + (0 .. n - 1), s + (0 .. 5 * n + 5));
    assigns g[0 .. n - 1], a[0 .. n - 1], b[0 .. n - 1], s[0 .. 5 * n + 5];
    ensures \result <= n; */
size_t qed_mpn_gcd(uint64_t *g, uint64_t *a, uint64_t *b, size_t n,
                   uint64_t *s);

#endif
/* Limbs of scratch qed_mpn_mul_n needs for n-limb operands: at most 4n. */
#define QED_MPN_MUL_SCRATCH(n) (4 * (n) + 4 * 64)

/* r[0 .. an+bn-1] = a * b, schoolbook, an >= 1, bn >= 1. */
/*@ requires 1 <= an <= 100000 && 1 <= bn <= 100000;
    requires \valid(r + (0 .. an + bn - 1));
    requires \valid_read(a + (0 .. an - 1));
    requires \valid_read(b + (0 .. bn - 1));
    requires \separated(r + (0 .. an + bn - 1), a + (0 .. an - 1));
    requires \separated(r + (0 .. an + bn - 1), b + (0 .. bn - 1));
    assigns r[0 .. an + bn - 1]; */
void qed_mpn_mul_basecase(uint64_t *r, const uint64_t *a, size_t an,
                          const uint64_t *b, size_t bn);

/* r[0 .. 2n-1] = a * a, n >= 1. */
/*@ requires 1 <= n <= 100000;
    requires \valid(r + (0 .. 2 * n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \separated(r + (0 .. 2 * n - 1), a + (0 .. n - 1));
    assigns r[0 .. 2 * n - 1]; */
void qed_mpn_sqr_basecase(uint64_t *r, const uint64_t *a, size_t n);

/* r[0 .. 2n-1] = a * b, n >= 1: Karatsuba from QED_MPN_KARATSUBA_THRESHOLD
 * limbs on, schoolbook below; s is scratch of QED_MPN_MUL_SCRATCH(n) limbs.
 * Constant time in the limbs. */
/*@ requires 1 <= n <= 100000;
    requires \valid(r + (0 .. 2 * n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \valid_read(b + (0 .. n - 1));
    requires \valid(s + (0 .. 4 * n + 4 * 64 - 1));
    requires \separated(r + (0 .. 2 * n - 1), a + (0 .. n - 1));
    requires \separated(r + (0 .. 2 * n - 1), b + (0 .. n - 1));
    requires \separated(s + (0 .. 4 * n + 4 * 64 - 1), r + (0 .. 2 * n - 1));
    requires \separated(s + (0 .. 4 * n + 4 * 64 - 1), a + (0 .. n - 1));
    requires \separated(s + (0 .. 4 * n + 4 * 64 - 1), b + (0 .. n - 1));
    assigns r[0 .. 2 * n - 1], s[0 .. 4 * n + 4 * 64 - 1]; */
void qed_mpn_mul_n(uint64_t *r, const uint64_t *a, const uint64_t *b,
                   size_t n, uint64_t *s);

/* r[0 .. 2n-1] = a * a, n >= 1: Karatsuba squaring from the threshold on;
 * s as for qed_mpn_mul_n. */
/*@ requires 1 <= n <= 100000;
    requires \valid(r + (0 .. 2 * n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \valid(s + (0 .. 4 * n + 4 * 64 - 1));
    requires \separated(r + (0 .. 2 * n - 1), a + (0 .. n - 1));
    requires \separated(s + (0 .. 4 * n + 4 * 64 - 1), r + (0 .. 2 * n - 1));
    requires \separated(s + (0 .. 4 * n + 4 * 64 - 1), a + (0 .. n - 1));
    assigns r[0 .. 2 * n - 1], s[0 .. 4 * n + 4 * 64 - 1]; */
void qed_mpn_sqr_n(uint64_t *r, const uint64_t *a, size_t n, uint64_t *s);

/* r[0 .. an+bn-1] = a * b for any an, bn >= 1 (Karatsuba on the square
 * blocks when both are at least the threshold). */
/*@ requires 1 <= an <= 100000 && 1 <= bn <= 100000;
    requires \valid(r + (0 .. an + bn - 1));
    requires \valid_read(a + (0 .. an - 1));
    requires \valid_read(b + (0 .. bn - 1));
    requires \valid(s + (0 .. 4 * an + 4 * bn + 4 * 64 - 1));
    requires \separated(r + (0 .. an + bn - 1), a + (0 .. an - 1));
    requires \separated(r + (0 .. an + bn - 1), b + (0 .. bn - 1));
    requires \separated(s + (0 .. 4 * an + 4 * bn + 4 * 64 - 1), r + (0 .. an + bn - 1));
    requires \separated(s + (0 .. 4 * an + 4 * bn + 4 * 64 - 1), a + (0 .. an - 1));
    requires \separated(s + (0 .. 4 * an + 4 * bn + 4 * 64 - 1), b + (0 .. bn - 1));
    assigns r[0 .. an + bn - 1], s[0 .. 4 * an + 4 * bn + 4 * 64 - 1]; */
void qed_mpn_mul(uint64_t *r, const uint64_t *a, size_t an,
                 const uint64_t *b, size_t bn, uint64_t *s);

/* ---- division (mpn_div.c) ---- */

/* Limbs of scratch qed_mpn_divrem needs. */
#define QED_MPN_DIV_SCRATCH(an, dn) ((an) + 1 + (dn))

/* q[0 .. an-dn] = floor(a / d), r[0 .. dn-1] = a mod d, for an >= dn >= 1
 * and d[dn-1] != 0; s is scratch of an + 1 + dn limbs; a and d may
 * overlap, the outputs overlap nothing.  Variable time. */
/*@ requires 1 <= dn <= an <= 100000;
    requires d[dn - 1] != 0;
    requires \valid(q + (0 .. an - dn));
    requires \valid(r + (0 .. dn - 1));
    requires \valid_read(a + (0 .. an - 1));
    requires \valid_read(d + (0 .. dn - 1));
    requires \valid(s + (0 .. an + dn));
    requires \separated(q + (0 .. an - dn), r + (0 .. dn - 1), s + (0 .. an + dn));
    requires \separated(q + (0 .. an - dn), a + (0 .. an - 1));
    requires \separated(q + (0 .. an - dn), d + (0 .. dn - 1));
    requires \separated(r + (0 .. dn - 1), a + (0 .. an - 1));
    requires \separated(r + (0 .. dn - 1), d + (0 .. dn - 1));
    requires \separated(s + (0 .. an + dn), a + (0 .. an - 1));
    requires \separated(s + (0 .. an + dn), d + (0 .. dn - 1));
    assigns q[0 .. an - dn], r[0 .. dn - 1], s[0 .. an + dn]; */
void qed_mpn_divrem(uint64_t *q, uint64_t *r, const uint64_t *a, size_t an,
                    const uint64_t *d, size_t dn, uint64_t *s);

/* ---- gcd (mpn_gcd.c) ---- */

/* g = gcd(a, b) for a, b of n limbs (zero top limbs allowed); returns the
 * limb count of g (0 when a == b == 0).  a and b are overwritten; s is
 * scratch of 5n + 6 limbs.  Variable time. */
/*@ requires 1 <= n <= 100000;
    requires \valid(g + (0 .. n - 1));
    requires \valid(a + (0 .. n - 1)) && \valid(b + (0 .. n - 1));
    requires \valid(s + (0 .. 5 * n + 5));
    requires \separated(g + (0 .. n - 1), a + (0 .. n - 1), b + (0 .. n - 1), s + (0 .. 5 * n + 5));
    assigns g[0 .. n - 1], a[0 .. n - 1], b[0 .. n - 1], s[0 .. 5 * n + 5];
    ensures \result <= n; */
size_t qed_mpn_gcd(uint64_t *g, uint64_t *a, uint64_t *b, size_t n,
                   uint64_t *s);

#endif
