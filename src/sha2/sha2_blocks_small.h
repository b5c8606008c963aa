/* SHA-512's compression loop in its size-first form (sha2_blocks_small.c):
 * what a build optimizing for size runs.
 *
 * The fast form (sha2_impl.h, qed_sha512_blocks_portable) keeps the eight
 * working variables in locals and writes the rounds out eight at a time;
 * on a 32-bit target one eight-round body of 64-bit operations is about
 * 8 KB of code (riscv32 -Os).  This one loops over single rounds on an
 * array of the eight working variables (shifted down one place a round)
 * and the 16-word schedule window, so one round's code exists once.
 *
 * QED_SHA2_UNROLLED chooses, at compile time, which form the dispatcher
 * (sha2_blocks_dispatch.c) calls where no vector build is taken: 1, the
 * fast form, by default; 0 when the compiler optimizes for size
 * (__OPTIMIZE_SIZE__: gcc and clang -Os, -Oz).  -DQED_SHA2_UNROLLED=0 or 1
 * overrides it.  Both forms are always compiled and proved; a static link
 * (or --gc-sections) keeps only the one called.  Frama-C, which
 * preprocesses without -Os, sees an unknown value instead (an extern int
 * that nothing defines or writes): the proof of sha2_blocks_dispatch.c
 * then covers both calls.  As nacl/curve25519_small.h's QED_NACL_SMALL. */
#ifndef QED_SHA2_BLOCKS_SMALL_H
#define QED_SHA2_BLOCKS_SMALL_H

#include <stddef.h>
#include <stdint.h>

#if defined(__FRAMAC__)
extern int qed_sha2_unrolled_proof;
#undef QED_SHA2_UNROLLED
#define QED_SHA2_UNROLLED qed_sha2_unrolled_proof
#elif !defined(QED_SHA2_UNROLLED)
#if defined(__OPTIMIZE_SIZE__)
#define QED_SHA2_UNROLLED 0
#else
#define QED_SHA2_UNROLLED 1
#endif
#endif

/* As qed_sha512_blocks_portable (sha2_blocks.h). */
/*@ requires \valid(state + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 7), in + (0 .. inlen - 1));
    assigns state[0 .. 7];
    ensures \result <= inlen && inlen - \result < 128 && \result % 128 == 0; */
size_t qed_sha512_blocks_small(uint64_t state[8], const uint8_t *in, size_t inlen);

#endif
