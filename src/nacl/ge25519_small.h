/* Ed25519's two scalar multiplications without precomputed tables: what a
 * build optimizing for size runs (ge25519_small.c).
 *
 * The table forms (ge25519_base.c, ge25519_vartime.c) read 30 KiB of
 * multiples of the base point B (nacl/ge25519_base_table.h) and 7.5 KiB
 * more (nacl/ge25519_odd_table.h); these keep B as one point (160 bytes)
 * and do one doubling per bit:
 *   qed_ge_scalarmult_base_small    constant time, double-and-add-always:
 *                                   255 doublings and 255 additions,
 *                                   the sum kept or not by a mask;
 *   qed_ge_double_scalarmult_vartime_small  verification (public data):
 *                                   256 doublings, one addition per set bit
 *                                   of each scalar.
 * They have the contracts of the table forms (nacl/ge25519.h), and
 * compute the same points (tests/test_nacl_sign.c compares them).
 *
 * QED_GE_TABLES chooses, at compile time, which pair the public entry
 * points (ed25519.c) call: 1, the table forms, by default; 0 when the
 * compiler optimizes for size (__OPTIMIZE_SIZE__: gcc and clang -Os, -Oz).
 * -DQED_GE_TABLES=0 or 1 overrides it.  Both pairs are always compiled and
 * proved; with -ffunction-sections -fdata-sections --gc-sections (or from
 * the static archive, whose members are pulled only when referenced) a
 * program keeps only the pair it calls, and the -Os one references no
 * table.  Frama-C, which preprocesses without -Os, sees an unknown value
 * instead (an extern int that nothing defines or writes): the proof of
 * ed25519.c then covers both calls. */
#ifndef QED_NACL_GE25519_SMALL_H
#define QED_NACL_GE25519_SMALL_H

#include <stdint.h>

#include "nacl/ge25519.h"

#if defined(__FRAMAC__)
extern int qed_ge_tables_proof;
#undef QED_GE_TABLES
#define QED_GE_TABLES qed_ge_tables_proof
#elif !defined(QED_GE_TABLES)
#if defined(__OPTIMIZE_SIZE__)
#define QED_GE_TABLES 0
#else
#define QED_GE_TABLES 1
#endif
#endif

/* [a]B, as qed_ge_scalarmult_base: a[31] <= 127, constant time. */
/*@ requires \valid(r) && \valid_read(a + (0 .. 31));
    requires \separated(r, a + (0 .. 31));
    requires a[31] <= 127;
    assigns *r;
    ensures ge_p3_ok(*r); */
void qed_ge_scalarmult_base_small(qed_ge_p3 *r, const uint8_t a[32]);

/* [a]A + [b]B for public a, b, A, as qed_ge_double_scalarmult_vartime. */
/*@ requires \valid(r) && \valid_read(a + (0 .. 31)) && \valid_read(A);
    requires \valid_read(b + (0 .. 31));
    requires \separated(r, a + (0 .. 31), A, b + (0 .. 31));
    requires ge_p3_ok(*A);
    assigns *r;
    ensures ge_p2_ok(*r); */
void qed_ge_double_scalarmult_vartime_small(qed_ge_p2 *r, const uint8_t a[32],
                                            const qed_ge_p3 *A,
                                            const uint8_t b[32]);

#endif
