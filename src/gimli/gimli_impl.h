/* The Gimli permutation: the proven, fast, portable body, included by every
 * Gimli unit (static inline: the compiler inlines it, WP proves it once per
 * unit and uses its contract at each call).
 *
 * The state is the reference code's: word 4i + j is row i, column j.  The
 * body keeps the three rows in local arrays a (row 0), b (row 1), c (row 2)
 * for the whole call and runs the rounds four at a time, so the round
 * structure is fixed code rather than tests of the round number:
 *   round r = 0 mod 4: SP-box, small swap (a0 a1 a2 a3 -> a1 a0 a3 a2),
 *                      a0 ^= 0x9e377900 ^ r;
 *   round r = 3 mod 4: SP-box;
 *   round r = 2 mod 4: SP-box, big swap (a0 a1 a2 a3 -> a2 a3 a0 a1);
 *   round r = 1 mod 4: SP-box;
 * for r = 24 down to 1 (paper, Algorithm 1).
 *
 * How it is fast: the SP-box works column by column with the same code on
 * all four columns, written as a loop over the columns of the three row
 * arrays.  gcc turns that loop into 128-bit SSE2 code (the baseline of
 * x86-64: one vector per row, the four columns at once) and the swaps into
 * shuffles: about 710 instructions per permutation against 950 for the
 * reference code and 2070 for the same rounds written out on twelve scalar
 * words (callgrind, gcc 12 -O2).  The loop must stay a loop for that:
 * `#pragma GCC unroll 1` stops gcc -O3 from unrolling it first (it then
 * falls back to scalar code, 2110 instructions); with it, -O2 and -O3 give
 * the same code.  The loop is then bound by the vector shift ports (eight
 * shifts per round), about 180 TSC ticks per call here; the same C built
 * for x86-64-v3 (VPSHUFB for the rotation by 24) was only 7 % faster, not
 * worth a second build.  No table, no data-dependent index or branch.
 *
 * Proof shape: the SP-box is a function with a contract, so the goals of
 * the round loop never see its body, and its own loop has four iterations
 * of a few XORs. */
#ifndef QED_GIMLI_IMPL_H
#define QED_GIMLI_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "common/bytes.h"

/* The round constant's fixed part (the round number r is XORed in). */
#define GIMLI_RC 0x9e377900u

/* The SP-box on every column j: x = a_j <<< 24, y = b_j <<< 9, z = c_j;
 * c_j = x ^ (z << 1) ^ ((y & z) << 2), b_j = y ^ x ^ ((x | z) << 1),
 * a_j = z ^ y ^ ((x & y) << 3). */
/*@ requires \valid(a + (0 .. 3)) && \valid(b + (0 .. 3)) && \valid(c + (0 .. 3));
    requires \separated(a + (0 .. 3), b + (0 .. 3), c + (0 .. 3));
    assigns a[0 .. 3], b[0 .. 3], c[0 .. 3]; */
static inline void gimli_spbox(uint32_t a[4], uint32_t b[4], uint32_t c[4])
{
  unsigned j;
  /* A loop for gcc's vectorizer, never unrolled first (see above). */
#pragma GCC unroll 1
  /*@ loop invariant 0 <= j <= 4;
      loop assigns j, a[0 .. 3], b[0 .. 3], c[0 .. 3];
      loop variant 4 - j; */
  for (j = 0; j < 4u; j++) {
    const uint32_t x = qed_rotl32(a[j], 24);
    const uint32_t y = qed_rotl32(b[j], 9);
    const uint32_t z = c[j];
    c[j] = x ^ (z << 1) ^ ((y & z) << 2);
    b[j] = y ^ x ^ ((x | z) << 1);
    a[j] = z ^ y ^ ((x & y) << 3);
  }
}

/* The 24-round Gimli permutation of s[0 .. 11]. */
/*@ requires \valid(s + (0 .. 11));
    assigns s[0 .. 11]; */
static inline void gimli_permute_body(uint32_t s[12])
{
  uint32_t a[4], b[4], c[4], t;
  unsigned j, r;
  /*@ loop invariant 0 <= j <= 4;
      loop assigns j, a[0 .. 3], b[0 .. 3], c[0 .. 3];
      loop variant 4 - j; */
  for (j = 0; j < 4u; j++) {
    a[j] = s[j];
    b[j] = s[4u + j];
    c[j] = s[8u + j];
  }
  /*@ loop invariant r <= 24 && r % 4 == 0;
      loop assigns r, t, a[0 .. 3], b[0 .. 3], c[0 .. 3];
      loop variant r; */
  for (r = 24; r > 0; r -= 4) {
    gimli_spbox(a, b, c);                       /* round r: small swap, constant */
    t = a[0]; a[0] = a[1] ^ (GIMLI_RC ^ r); a[1] = t;
    t = a[2]; a[2] = a[3]; a[3] = t;
    gimli_spbox(a, b, c);                       /* round r - 1 */
    gimli_spbox(a, b, c);                       /* round r - 2: big swap */
    t = a[0]; a[0] = a[2]; a[2] = t;
    t = a[1]; a[1] = a[3]; a[3] = t;
    gimli_spbox(a, b, c);                       /* round r - 3 */
  }
  /*@ loop invariant 0 <= j <= 4;
      loop assigns j, s[0 .. 11];
      loop variant 4 - j; */
  for (j = 0; j < 4u; j++) {
    s[j] = a[j];
    s[4u + j] = b[j];
    s[8u + j] = c[j];
  }
}

#endif
