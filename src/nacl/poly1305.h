/* Poly1305 arithmetic mod p = 2^130 - 5, radix 2^44 (internal).
 *
 * A number is three unsigned 64-bit limbs, value l0 + l1 2^44 + l2 2^88.
 * Each 44 x 44-bit product goes through nacl/mul64.h (one MUL where the
 * compiler has __int128), and 2^132 == 4 * 2^130 == 20 (mod p) folds the
 * high products back: 20 r1 and 20 r2 are the multipliers of the wrapped
 * terms.  The ranges of the limbs are ACSL predicates, and the proof runs
 * with -warn-unsigned-overflow, so no product, sum or carry ever wraps:
 *   poly_r_ok    r0, r1 < 2^44, r2 < 2^42      (a clamped r has r2 < 2^36)
 *   poly_acc_ok  h0 < 2^44, h1 < 2^45, h2 < 2^42
 * A block step takes a poly_acc_ok accumulator and returns one: after the
 * product, one carry pass leaves h0 < 2^44, h2 < 2^42 and h1 < 2^44 + 2^11.
 * The caller's context keeps the accumulator between calls; poly1305.c
 * masks the limbs to these ranges when it reads a context (a no-op on any
 * context that init and update wrote), so that no bytes can break them. */
#ifndef QED_NACL_POLY1305_H
#define QED_NACL_POLY1305_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint64_t h0, h1, h2;
} qed_poly1305_acc;

typedef struct {
  uint64_t r0, r1, r2;
} qed_poly1305_key;

#define POLY_2_44 ((uint64_t)17592186044416u)  /* 2^44 */
#define POLY_2_45 ((uint64_t)35184372088832u)  /* 2^45 */
#define POLY_2_42 ((uint64_t)4398046511104u)   /* 2^42 */
#define POLY_2_40 ((uint64_t)1099511627776u)   /* 2^40: the pad bit of a full block */
#define POLY_2_24 ((uint64_t)16777216u)        /* 2^24 */
#define POLY_2_20 ((uint64_t)1048576u)         /* 2^20 */

/*@ predicate poly_r_ok(qed_poly1305_key r) =
      r.r0 < 17592186044416 && r.r1 < 17592186044416 && r.r2 < 4398046511104;
    predicate poly_acc_ok(qed_poly1305_acc h) =
      h.h0 < 17592186044416 && h.h1 < 35184372088832 && h.h2 < 4398046511104;
*/

/* h after absorbing the len / 16 whole blocks of m[0 .. len - 1] (a tail
 * of len % 16 bytes is ignored), each block with the value of its 16 bytes
 * plus hibit * 2^88: hibit is 2^40 (the 2^128 of a full block) or 0 (a
 * last block the caller has padded with 1 and zeros).  poly1305_blocks.c */
/*@ requires \valid_read(m + (0 .. len - 1));
    requires poly_acc_ok(h) && poly_r_ok(r);
    requires hibit <= 1099511627776;
    assigns \nothing;
    ensures poly_acc_ok(\result); */
qed_poly1305_acc qed_poly1305_blocks_portable(qed_poly1305_acc h,
                                              qed_poly1305_key r,
                                              const uint8_t *m, size_t len,
                                              uint64_t hibit);

/* The same two functions built for x86-64-v3 (poly1305_blocks_x86v3.c,
 * x86-64 only): call them only when qed_backend_level() >=
 * QED_BACKEND_AVX2. */
/*@ requires \valid_read(m + (0 .. len - 1));
    requires poly_acc_ok(h) && poly_r_ok(r);
    requires hibit <= 1099511627776;
    assigns \nothing;
    ensures poly_acc_ok(\result); */
qed_poly1305_acc qed_poly1305_blocks_x86v3(qed_poly1305_acc h,
                                           qed_poly1305_key r,
                                           const uint8_t *m, size_t len,
                                           uint64_t hibit);
/*@ requires \valid(tag + (0 .. 15));
    requires poly_acc_ok(h);
    assigns tag[0 .. 15]; */
void qed_poly1305_emit_x86v3(uint8_t tag[16], qed_poly1305_acc h,
                             uint64_t s0, uint64_t s1);

/* The same as qed_poly1305_blocks_portable with hibit 2^40 on the first
 * len - len % 64 bytes (groups of four full blocks), computed four blocks
 * at a time with AVX2 (src/nacl/simd/poly1305_avx2.c: outside the proof,
 * x86-64 only; the result is tested equal to the portable loop's).  Call
 * it only when qed_backend_level() >= QED_BACKEND_AVX2. */
/*@ requires \valid_read(m + (0 .. len - 1));
    requires poly_acc_ok(h) && poly_r_ok(r);
    assigns \nothing;
    ensures poly_acc_ok(\result); */
qed_poly1305_acc qed_poly1305_blocks_avx2(qed_poly1305_acc h,
                                          qed_poly1305_key r,
                                          const uint8_t *m, size_t len);

/* The same on the first len - len % 128 bytes (groups of eight full
 * blocks), eight blocks at a time with AVX-512F
 * (src/nacl/simd/poly1305_avx512.c: outside the proof, x86-64 only, tested
 * equal to the portable loop).  Call it only when qed_backend_level() >=
 * QED_BACKEND_AVX512. */
/*@ requires \valid_read(m + (0 .. len - 1));
    requires poly_acc_ok(h) && poly_r_ok(r);
    assigns \nothing;
    ensures poly_acc_ok(\result); */
qed_poly1305_acc qed_poly1305_blocks_avx512(qed_poly1305_acc h,
                                            qed_poly1305_key r,
                                            const uint8_t *m, size_t len);

/* The tag: (h mod p) + s mod 2^128, little-endian, where s = s0 + s1 2^64.
 * The reduction is constant time (masks, no branch).  poly1305_blocks.c */
/*@ requires \valid(tag + (0 .. 15));
    requires poly_acc_ok(h);
    assigns tag[0 .. 15]; */
void qed_poly1305_emit(uint8_t tag[16], qed_poly1305_acc h, uint64_t s0,
                       uint64_t s1);

#endif
