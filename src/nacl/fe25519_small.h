/* GF(2^255 - 19) for builds optimizing for size: sixteen limbs of 16 bits
 * (radix 2^16, the representation of TweetNaCl and SPARKNaCl), held in
 * uint32_t, passed by pointer (fe25519_small.c).
 *
 * Why a second field: the fast one (nacl/fe25519.h) has five 64-bit limbs
 * passed by value, which is the right shape for a 64-bit CPU at -O2 but
 * the wrong one for a small one at -Os: on a 32-bit core every 64-bit
 * operation is two to four instructions, and every 40-byte element passed
 * by value is a memcpy call.  Here the limbs are native words, products
 * are 32 x 32 -> 64 bits, every operation is a loop and every element
 * stays where its caller keeps it.  Much less code, much slower: a
 * product is 256 multiplications, an inversion 254 squarings and 252
 * products (a plain square-and-multiply loop: no addition chain).
 *
 * An element f is v[0] + v[1] 2^16 + ... + v[15] 2^240, any representative
 * of its class.  The limb ranges are ACSL predicates:
 *   fe16_tight  every limb < 2^17: what mul, frombytes return; what
 *               sub's second operand must be;
 *   fe16_loose  every limb < 2^21: what add and sub return, what mul,
 *               tobytes and the comparisons accept.
 * add and sub take their first operand below 2^20 (the sum of two tight
 * elements is, and of a sum and a tight one the difference is loose),
 * so any sum or difference of products is a factor, and the proof (every
 * + and * is an overflow goal) shows that nothing wraps.
 *
 * Aliasing: mul reads both operands completely before it writes, so out
 * may be either; add and sub work limb by limb and allow out to be an
 * operand (the same element) but not a partial overlap.  Constant time:
 * no branch and no memory index depends on a limb, except in the
 * functions named vartime. */
#ifndef QED_NACL_FE25519_SMALL_H
#define QED_NACL_FE25519_SMALL_H

#include <stdint.h>

typedef struct {
  uint32_t v[16];
} qed_fe16;

/* (The predicates read the limbs through a pointer: on a struct value,
 * WP's typed model hides the limbs behind a load function the provers
 * do not unfold.) */
/*@ predicate fe16_lt{L}(qed_fe16 *f, integer b) =
      \forall integer i; 0 <= i < 16 ==> f->v[i] < b;
    predicate fe16_tight{L}(qed_fe16 *f) = fe16_lt(f, 131072);
    predicate fe16_loose{L}(qed_fe16 *f) = fe16_lt(f, 2097152);
*/

/* out = a + b */
/*@ requires \valid(out) && \valid_read(a) && \valid_read(b);
    requires out == a || \separated(out, a);
    requires out == b || \separated(out, b);
    requires fe16_lt(a, 1048576) && fe16_lt(b, 1048576);
    assigns *out;
    ensures fe16_loose(out);
    ensures \old(fe16_tight(a) && fe16_tight(b)) ==> fe16_lt(out, 262144); */
void qed_fe16_add(qed_fe16 *out, const qed_fe16 *a, const qed_fe16 *b);

/* out = a - b (+ 8 p, limb by limb: no limb goes below zero) */
/*@ requires \valid(out) && \valid_read(a) && \valid_read(b);
    requires out == a || \separated(out, a);
    requires out == b || \separated(out, b);
    requires fe16_lt(a, 1048576) && fe16_tight(b);
    assigns *out;
    ensures fe16_loose(out); */
void qed_fe16_sub(qed_fe16 *out, const qed_fe16 *a, const qed_fe16 *b);

/* out = a b (a squaring is mul(out, a, a)) */
/*@ requires \valid(out) && \valid_read(a) && \valid_read(b);
    requires fe16_loose(a) && fe16_loose(b);
    assigns *out;
    ensures fe16_tight(out); */
void qed_fe16_mul(qed_fe16 *out, const qed_fe16 *a, const qed_fe16 *b);

/* bit == 1: (*p, *q) = (*q, *p); bit == 0: unchanged.  Constant time (a
 * mask, the same loads and stores for either bit). */
/* (The contract keeps the ranges only, what the callers' proofs need;
 * the loop invariants state the swap limb by limb.) */
/*@ requires \valid(p) && \valid(q) && \separated(p, q);
    requires bit == 0 || bit == 1;
    assigns *p, *q;
    ensures \old(fe16_tight(p) && fe16_tight(q)) ==>
            fe16_tight(p) && fe16_tight(q); */
void qed_fe16_cswap(qed_fe16 *p, qed_fe16 *q, uint32_t bit);

/* out = a^(p - 2) (the inverse; 0 for 0); and out = a^((p - 5) / 8), the
 * power of the square root in point decoding.  out may be a. */
/*@ requires \valid(out) && \valid_read(a);
    requires fe16_tight(a);
    assigns *out;
    ensures fe16_tight(out); */
void qed_fe16_invert(qed_fe16 *out, const qed_fe16 *a);
/*@ requires \valid(out) && \valid_read(a);
    requires fe16_tight(a);
    assigns *out;
    ensures fe16_tight(out); */
void qed_fe16_pow22523(qed_fe16 *out, const qed_fe16 *a);

/* The 255 low bits of s, little-endian (bit 255 is ignored). */
/*@ requires \valid(out) && \valid_read(s + (0 .. 31));
    assigns *out;
    ensures fe16_lt(out, 65536); */
void qed_fe16_frombytes(qed_fe16 *out, const uint8_t s[32]);

/* The canonical encoding of a: its value mod p, 32 bytes little-endian.
 * Constant time (the subtraction of p is kept or not by a mask). */
/*@ requires \valid(s + (0 .. 31)) && \valid_read(a);
    requires fe16_loose(a);
    assigns s[0 .. 31]; */
void qed_fe16_tobytes(uint8_t s[32], const qed_fe16 *a);

/* Bit 0 of the canonical encoding (the "sign" of RFC 8032).  Constant
 * time. */
/*@ requires \valid_read(a) && fe16_loose(a);
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
uint32_t qed_fe16_isnegative(const qed_fe16 *a);

/* 1 if a and b are the same element (mod p), else 0.  Variable time:
 * public values only. */
/*@ requires \valid_read(a) && \valid_read(b);
    requires fe16_loose(a) && fe16_loose(b);
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
int qed_fe16_equal_vartime(const qed_fe16 *a, const qed_fe16 *b);

/* f = 0 with stores the compiler may not drop (a secret's wipe). */
/*@ requires \valid(f);
    assigns *f; */
void qed_fe16_wipe(qed_fe16 *f);

#endif
