/* The limb layer of qed_bn (internal): natural numbers as little-endian
 * arrays of 64-bit limbs, in the style of GMP's mpn functions.
 *
 * Contracts: the functions of mpn_add.c, mpn_mul1.c and mpn_shift.c have
 * full functional contracts over value() (bn/mpn_spec.h), proved; the others
 * (mpn_mul.c, mpn_div.c) are proved free of run-time errors.
 *
 * Aliasing: unless a contract says otherwise, an output array must not
 * overlap an input array.  n counts limbs; n == 0 is allowed where the
 * contract allows it.  None of these functions branches on or indexes by
 * the value of a limb (constant time in the limbs), except qed_mpn_divrem
 * and the normalizing helpers, which are variable time. */
#ifndef QED_BN_MPN_H
#define QED_BN_MPN_H

#include <stddef.h>
#include <stdint.h>

#include "bn/mpn_spec.h"
#include "nacl/mul64.h"

/* r = a + b; returns the carry (0 or 1). */
/*@ requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \valid_read(b + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), b + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures \result <= 1;
    ensures value(r, n) + \result * W64(n) ==
            value{Pre}(a, n) + value{Pre}(b, n); */
uint64_t qed_mpn_add_n(uint64_t *r, const uint64_t *a, const uint64_t *b,
                       size_t n);

/* r = a - b; returns the borrow (0 or 1). */
/*@ requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \valid_read(b + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), b + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures \result <= 1;
    ensures value(r, n) - \result * W64(n) ==
            value{Pre}(a, n) - value{Pre}(b, n); */
uint64_t qed_mpn_sub_n(uint64_t *r, const uint64_t *a, const uint64_t *b,
                       size_t n);

/* r = a + b for one limb b; returns the carry (0 or 1 when n >= 1). */
/*@ requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures n >= 1 ==> \result <= 1;
    ensures value(r, n) + \result * W64(n) == value{Pre}(a, n) + b; */
uint64_t qed_mpn_add_1(uint64_t *r, const uint64_t *a, size_t n, uint64_t b);

/* r = a - b for one limb b; returns the borrow (0 or 1 when n >= 1). */
/*@ requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures n >= 1 ==> \result <= 1;
    ensures value(r, n) - \result * W64(n) == value{Pre}(a, n) - b; */
uint64_t qed_mpn_sub_1(uint64_t *r, const uint64_t *a, size_t n, uint64_t b);

/* Three-way comparison of a and b: -1, 0 or 1.  Constant time. */
/*@ requires \valid_read(a + (0 .. n - 1));
    requires \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures -1 <= \result <= 1;
    ensures \result == 0 <==> value(a, n) == value(b, n);
    ensures \result == 1 <==> value(a, n) > value(b, n);
    ensures \result == -1 <==> value(a, n) < value(b, n); */
int qed_mpn_cmp(const uint64_t *a, const uint64_t *b, size_t n);

/* 1 when a == 0, else 0.  Constant time. */
/*@ requires \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> value(a, n) == 0; */
int qed_mpn_is_zero(const uint64_t *a, size_t n);

/* r = a * b for one limb b; returns the high limb. */
/*@ requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures value(r, n) + \result * W64(n) == value{Pre}(a, n) * b; */
uint64_t qed_mpn_mul_1(uint64_t *r, const uint64_t *a, size_t n, uint64_t b);

/* r = r + a * b; returns the high limb. */
/*@ requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures value(r, n) + \result * W64(n) ==
            value{Pre}(r, n) + value{Pre}(a, n) * b; */
uint64_t qed_mpn_addmul_1(uint64_t *r, const uint64_t *a, size_t n,
                          uint64_t b);

/* r = r - a * b; returns the limb to subtract above r (the borrow). */
/*@ requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures value(r, n) - \result * W64(n) ==
            value{Pre}(r, n) - value{Pre}(a, n) * b; */
uint64_t qed_mpn_submul_1(uint64_t *r, const uint64_t *a, size_t n,
                          uint64_t b);

/* r = a * 2^cnt, 1 <= cnt <= 63; returns the bits shifted out (the limb
 * above r). */
/*@ requires 1 <= cnt <= 63;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures value(r, n) + \result * W64(n) == value{Pre}(a, n) * P2(cnt); */
uint64_t qed_mpn_lshift(uint64_t *r, const uint64_t *a, size_t n,
                        unsigned cnt);

/* r = floor(a / 2^cnt), 1 <= cnt <= 63, n >= 1; returns the bits shifted
 * out, in the high bits of the limb (as GMP's mpn_rshift):
 * r * 2^64 + result == a * 2^(64 - cnt). */
/*@ requires 1 <= cnt <= 63;
    requires n >= 1;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    assigns r[0 .. n - 1];
    ensures value(r, n) * 18446744073709551616 + \result ==
            value{Pre}(a, n) * P2(64 - cnt); */
uint64_t qed_mpn_rshift(uint64_t *r, const uint64_t *a, size_t n,
                        unsigned cnt);

#endif
