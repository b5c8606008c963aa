/* Many leaves at once: the inner hashes of the tree modes (KT128, KT256,
 * MarsupilamiFourteen: chunks of 8192 bytes; ParallelHash: blocks of B
 * bytes) are independent sponges over equal-length pieces of the input,
 * so several can run side by side in SIMD registers.
 *
 * qed_keccak_p1600_leaves is the one entry point (keccak_p1600_leaves.c, a
 * proof unit): it hashes every whole leaf of `in`, in order, and absorbs
 * the first cvlen output bytes of each (its chaining value) into the
 * sponge `dst`, exactly as hashing the leaves one by one with the proven
 * sponge would.  It picks, by qed_backend_level() and the number of
 * leaves left, the kernel that hashes them fastest: at the avx512 level
 * 8 states in zmm registers for 5..8 leaves, 4 in ymm for 3..4, 2 in xmm
 * for 2; at the avx2 level 4 in ymm for 3..4 leaves; else (and for a
 * single leaf) the proven sponge, whose permutation is itself dispatched.
 * A kernel run with fewer leaves than states costs as much as a full one,
 * which still beats the narrower kernels for those counts (measured on
 * Sapphire Rapids).  The SSE2 kernel (2 states) is slower than two
 * x86-64-v3 permutations one after the other, so it is only tested.
 *
 * The kernels live in src/keccak/simd/ (x86 only, outside the proof:
 * proof/outside.txt); the contracts below are what the dispatcher is
 * proved against, and tests/test_simd_equiv.c checks each kernel against
 * the proven code on random leaves. */
#ifndef QED_KECCAK_P1600_LEAVES_H
#define QED_KECCAK_P1600_LEAVES_H

#include <stddef.h>
#include <stdint.h>

#include "qed/keccak.h"

/* Largest chaining value, and the most leaves one kernel call hashes. */
#define QED_LEAVES_MAX_CV    64u
#define QED_LEAVES_MAX_WIDTH 8u

/*@ predicate leaves_params(size_t cvlen, size_t rate, integer rounds) =
      8 <= cvlen <= 64 && cvlen % 8 == 0 &&
      8 <= rate <= 192 && rate % 8 == 0 && cvlen <= rate &&
      1 <= rounds <= 24; */

/* Hashes the whole leaves in[0 .. leaflen-1], in[leaflen .. 2 leaflen-1],
 * ... (each: sponge over Keccak-p[1600, rounds], `rate` bytes, `suffix`
 * then pad10*1), absorbs their chaining values into *dst in order and adds
 * their number to *count.  Returns the bytes consumed (fewer than leaflen
 * bytes are left). */
/*@ requires \valid(dst) && \valid(count);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(dst, count, in + (0 .. inlen - 1));
    requires leaflen >= 1;
    requires leaves_params(cvlen, rate, rounds);
    assigns *dst, *count;
    ensures \result <= inlen && inlen - \result < leaflen; */
size_t qed_keccak_p1600_leaves(qed_keccak_sponge *dst, uint64_t *count,
                               const uint8_t *in, size_t inlen,
                               size_t leaflen, size_t cvlen, uint32_t rate,
                               uint8_t rounds, uint8_t suffix);

/* One leaf with the proven sponge: cv[0 .. cvlen-1]. */
/*@ requires \valid(cv + (0 .. cvlen - 1));
    requires \valid_read(in + (0 .. leaflen - 1));
    requires \separated(cv + (0 .. cvlen - 1), in + (0 .. leaflen - 1));
    requires leaves_params(cvlen, rate, rounds);
    assigns cv[0 .. cvlen - 1]; */
void qed_keccak_p1600_leaf_portable(uint8_t *cv, size_t cvlen,
                                    const uint8_t *in, size_t leaflen,
                                    size_t rate, unsigned rounds,
                                    uint8_t suffix);

/* The SIMD kernels, W = 8, 4 or 2 states side by side: the first
 * n = min(W, inlen / leaflen) leaves at in, in + leaflen, ..., the
 * chaining value of leaf k to cvs + 64 * k; they return n and put the
 * bytes consumed (n * leaflen) in *used.  Only called at the backend
 * level whose instructions they use. */
/*@ requires leaves_params(cvlen, rate, rounds);
    requires 1 <= leaflen <= inlen;
    requires \valid(cvs + (0 .. 511)) && \valid(used);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(cvs + (0 .. 511), used, in + (0 .. inlen - 1));
    assigns cvs[0 .. 511], *used;
    ensures 1 <= \result <= 8;
    ensures leaflen <= *used <= inlen; */
size_t qed_keccak_p1600_times8_leaves_avx512(
    uint8_t *cvs, size_t cvlen, const uint8_t *in, size_t inlen,
    size_t leaflen, size_t rate, unsigned rounds, uint8_t suffix,
    size_t *used);
/*@ requires leaves_params(cvlen, rate, rounds);
    requires 1 <= leaflen <= inlen;
    requires \valid(cvs + (0 .. 511)) && \valid(used);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(cvs + (0 .. 511), used, in + (0 .. inlen - 1));
    assigns cvs[0 .. 511], *used;
    ensures 1 <= \result <= 4;
    ensures leaflen <= *used <= inlen; */
size_t qed_keccak_p1600_times4_leaves_avx512(
    uint8_t *cvs, size_t cvlen, const uint8_t *in, size_t inlen,
    size_t leaflen, size_t rate, unsigned rounds, uint8_t suffix,
    size_t *used);
/*@ requires leaves_params(cvlen, rate, rounds);
    requires 1 <= leaflen <= inlen;
    requires \valid(cvs + (0 .. 511)) && \valid(used);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(cvs + (0 .. 511), used, in + (0 .. inlen - 1));
    assigns cvs[0 .. 511], *used;
    ensures 1 <= \result <= 2;
    ensures leaflen <= *used <= inlen; */
size_t qed_keccak_p1600_times2_leaves_avx512(
    uint8_t *cvs, size_t cvlen, const uint8_t *in, size_t inlen,
    size_t leaflen, size_t rate, unsigned rounds, uint8_t suffix,
    size_t *used);
/*@ requires leaves_params(cvlen, rate, rounds);
    requires 1 <= leaflen <= inlen;
    requires \valid(cvs + (0 .. 511)) && \valid(used);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(cvs + (0 .. 511), used, in + (0 .. inlen - 1));
    assigns cvs[0 .. 511], *used;
    ensures 1 <= \result <= 4;
    ensures leaflen <= *used <= inlen; */
size_t qed_keccak_p1600_times4_leaves_avx2(
    uint8_t *cvs, size_t cvlen, const uint8_t *in, size_t inlen,
    size_t leaflen, size_t rate, unsigned rounds, uint8_t suffix,
    size_t *used);
/*@ requires leaves_params(cvlen, rate, rounds);
    requires 1 <= leaflen <= inlen;
    requires \valid(cvs + (0 .. 511)) && \valid(used);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(cvs + (0 .. 511), used, in + (0 .. inlen - 1));
    assigns cvs[0 .. 511], *used;
    ensures 1 <= \result <= 2;
    ensures leaflen <= *used <= inlen; */
size_t qed_keccak_p1600_times2_leaves_sse2(
    uint8_t *cvs, size_t cvlen, const uint8_t *in, size_t inlen,
    size_t leaflen, size_t rate, unsigned rounds, uint8_t suffix,
    size_t *used);

#endif
