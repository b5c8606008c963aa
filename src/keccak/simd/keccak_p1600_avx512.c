/* Keccak-p[1600, nr] on one state with AVX-512, for the sequential
 * functions (SHA-3, SHAKE, cSHAKE, KMAC, TupleHash, TurboSHAKE, the final
 * nodes of the tree modes).  Each plane y (lanes 5y .. 5y+4) lives in one
 * zmm register, elements 0..4 (elements 5..7 hold values that never reach
 * elements 0..4 and are never stored).  A round, planes in, planes out
 * (round_rows):
 *
 *   theta  C = P0^P1^P2^P3^P4 (two vpternlogq 0x96); each plane ^= C[x-1]
 *          ^ rol(C[x+1], 1): two vpermq (lane moves), one vprolq, then one
 *          vpternlogq per plane
 *   rho    one vprolvq per plane with that plane's five offsets
 *   pi     lane (x, y) moves to (y, 2x + 3y): output plane y' takes its
 *          lane x' from input plane x', lane x' + 3y'.  So each input plane
 *          p is first permuted within itself (Q_p[k] = T_p[(p + 3k) % 5],
 *          one vpermq), and then output plane y' is (Q_0[y'] .. Q_4[y']):
 *          a 5x5 transpose of the Q_p
 *   chi    lane x of an output plane depends on lanes x+1, x+2 of the same
 *          plane, i.e. on Q_{x+1}, Q_{x+2} element by element: chi is done
 *          before the transpose, one vpternlogq 0xD2 (a ^ (~b & c)) per Q
 *   iota   on element 0 of the chi output of Q_0 (lane 0 of plane 0)
 *   then the transpose (four vpunpck, five vpermt2q, one blend).
 *
 * Rounds go by pairs (round_pair) that need no transpose: between the two
 * rounds the state is kept in "diagonals" instead of planes (see there);
 * the single round is used only for the first round of an odd count.
 * Every step is a dependency of the next, so the speed is set by how well
 * the vpermq (port 5 only) and vprolvq (port 0 only) of a step spread
 * over the two ports: measured on Sapphire Rapids, the pairs with GCC's
 * pre-allocation instruction scheduling (off by default on x86, switched
 * on below for these functions) are about 6 % faster than single rounds,
 * and 5-8 % faster than the x86-64-v3 build of the proven C.
 *
 * Outside the proof (intrinsics; see proof/outside.txt): checked against
 * the proven portable code by tests/test_simd_equiv.c on random states and
 * inputs for every round count and rate, and by every KAT run with
 * QED_BACKEND=avx512.  The functions carry their own target attribute;
 * only keccak_p1600_dispatch.c calls them, when qed_backend_level() says
 * the CPU and OS support AVX-512. */
#include <immintrin.h>

#include "keccak/keccak_p1600.h"

#if defined(__GNUC__) && !defined(__clang__)
#define ATTR                                                                  \
  __attribute__((target("avx512f,avx512vl"), optimize("schedule-insns")))
#else
#define ATTR __attribute__((target("avx512f,avx512vl")))
#endif

static const uint64_t rc512[24] = {
  0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
  0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
  0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
  0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
  0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
  0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
  0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
  0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

/* Index vectors: element k of the result takes element idx[k]. */
#define IDX(a, b, c, d, e) _mm512_setr_epi64(a, b, c, d, e, 5, 6, 7)
/* rot_k: element x takes element x + k (mod 5) */
#define ROT0 IDX(0, 1, 2, 3, 4)
#define ROT1 IDX(1, 2, 3, 4, 0)
#define ROT2 IDX(2, 3, 4, 0, 1)
#define ROT3 IDX(3, 4, 0, 1, 2)
#define ROT4 IDX(4, 0, 1, 2, 3)

/* One round, rows in, rows out (used alone only for the first round of an
 * odd round count): see the top of the file. */
static inline ATTR __attribute__((always_inline)) void
round_rows(__m512i p[5], uint64_t rc)
{
  const __m512i c = _mm512_ternarylogic_epi64(
      _mm512_ternarylogic_epi64(p[0], p[1], p[2], 0x96), p[3], p[4], 0x96);
  const __m512i dl = _mm512_permutexvar_epi64(ROT4, c);
  const __m512i dr = _mm512_permutexvar_epi64(ROT1, _mm512_rol_epi64(c, 1));
  const __m512i q0 = _mm512_permutexvar_epi64(IDX(0, 3, 1, 4, 2),
      _mm512_rolv_epi64(_mm512_ternarylogic_epi64(p[0], dl, dr, 0x96),
                        IDX(0, 1, 62, 28, 27)));
  const __m512i q1 = _mm512_permutexvar_epi64(IDX(1, 4, 2, 0, 3),
      _mm512_rolv_epi64(_mm512_ternarylogic_epi64(p[1], dl, dr, 0x96),
                        IDX(36, 44, 6, 55, 20)));
  const __m512i q2 = _mm512_permutexvar_epi64(IDX(2, 0, 3, 1, 4),
      _mm512_rolv_epi64(_mm512_ternarylogic_epi64(p[2], dl, dr, 0x96),
                        IDX(3, 10, 43, 25, 39)));
  const __m512i q3 = _mm512_permutexvar_epi64(IDX(3, 1, 4, 2, 0),
      _mm512_rolv_epi64(_mm512_ternarylogic_epi64(p[3], dl, dr, 0x96),
                        IDX(41, 45, 15, 21, 8)));
  const __m512i q4 = _mm512_permutexvar_epi64(IDX(4, 2, 0, 3, 1),
      _mm512_rolv_epi64(_mm512_ternarylogic_epi64(p[4], dl, dr, 0x96),
                        IDX(18, 2, 61, 56, 14)));
  const __m512i r0 = _mm512_xor_si512(
      _mm512_ternarylogic_epi64(q0, q1, q2, 0xD2),
      _mm512_zextsi128_si512(_mm_cvtsi64_si128((long long)rc)));
  const __m512i r1 = _mm512_ternarylogic_epi64(q1, q2, q3, 0xD2);
  const __m512i r2 = _mm512_ternarylogic_epi64(q2, q3, q4, 0xD2);
  const __m512i r3 = _mm512_ternarylogic_epi64(q3, q4, q0, 0xD2);
  const __m512i r4 = _mm512_ternarylogic_epi64(q4, q0, q1, 0xD2);
  /* transpose: plane y = (r0[y], r1[y], r2[y], r3[y], r4[y]) */
  const __m512i lo01 = _mm512_unpacklo_epi64(r0, r1);
  const __m512i hi01 = _mm512_unpackhi_epi64(r0, r1);
  const __m512i lo23 = _mm512_unpacklo_epi64(r2, r3);
  const __m512i hi23 = _mm512_unpackhi_epi64(r2, r3);
  const __m512i ev = _mm512_permutex2var_epi64(
      lo01, _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 8, 10), r4);
  const __m512i od = _mm512_permutex2var_epi64(
      hi01, _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 9, 11), r4);
  const __m512i row0 = _mm512_setr_epi64(0, 1, 8, 9, 6, 5, 6, 7);
  const __m512i row2 = _mm512_setr_epi64(2, 3, 10, 11, 7, 5, 6, 7);
  p[0] = _mm512_permutex2var_epi64(ev, row0, lo23);
  p[1] = _mm512_permutex2var_epi64(od, row0, hi23);
  p[2] = _mm512_permutex2var_epi64(ev, row2, lo23);
  p[3] = _mm512_permutex2var_epi64(od, row2, hi23);
  p[4] = _mm512_mask_blend_epi64(0x10, _mm512_permutex2var_epi64(
      ev, _mm512_setr_epi64(4, 5, 12, 13, 4, 5, 6, 7), lo23), r4);
}

/* Diagonal k of the pi output: element j from q[(j + 3k) % 5], by a chain
 * of blends that each take one element (the same four masks for every
 * k, so they stay in mask registers). */
#define DIAG(a, b, c, d, e)                                                   \
  _mm512_mask_blend_epi64(                                                    \
      0x10,                                                                   \
      _mm512_mask_blend_epi64(                                                \
          0x08,                                                               \
          _mm512_mask_blend_epi64(0x04, _mm512_mask_blend_epi64(0x02, a, b),  \
                                  c),                                         \
          d),                                                                 \
      e)

/* Two rounds, rows in, rows out, with no transpose (the layouts of the
 * state between the two rounds are chosen so that every step is either
 * element-wise or a move within one register, plus blends):
 *
 *   round 1  theta, rho and the pi move Q_p of each row (as round_rows);
 *            then, instead of the transpose, blends build the diagonals
 *            A_k (element j = pi output lane (j + 3k, j)); chi is
 *            element-wise on them, chi(A_k, A_k+2, A_k+4), since lane
 *            (x+1, y) of A_k's element is in A_k+2 at the same element;
 *            iota on A_0, element 0; then G_d = A_d moved so that element
 *            x holds column x (lane (x, x - 3d)): theta's column sums are
 *            element-wise again;
 *   round 2  theta; rho with the offsets of the lanes G_d holds; pi sends
 *            all of G_d to output row d (element x' from element x' + 3d),
 *            and chi needs that row and its shifts by 1 and 2: three moves
 *            of the same register, then one vpternlogq per row; iota. */
static inline ATTR __attribute__((always_inline)) void
round_pair(__m512i p[5], uint64_t rc1, uint64_t rc2)
{
  /* round 1 */
  __m512i c = _mm512_ternarylogic_epi64(
      _mm512_ternarylogic_epi64(p[1], p[2], p[3], 0x96), p[4], p[0], 0x96);
  __m512i dl = _mm512_permutexvar_epi64(ROT4, c);
  __m512i dr = _mm512_permutexvar_epi64(ROT1, _mm512_rol_epi64(c, 1));
  const __m512i q0 = _mm512_permutexvar_epi64(IDX(0, 3, 1, 4, 2),
      _mm512_rolv_epi64(_mm512_ternarylogic_epi64(p[0], dl, dr, 0x96),
                        IDX(0, 1, 62, 28, 27)));
  const __m512i q1 = _mm512_permutexvar_epi64(IDX(1, 4, 2, 0, 3),
      _mm512_rolv_epi64(_mm512_ternarylogic_epi64(p[1], dl, dr, 0x96),
                        IDX(36, 44, 6, 55, 20)));
  const __m512i q2 = _mm512_permutexvar_epi64(IDX(2, 0, 3, 1, 4),
      _mm512_rolv_epi64(_mm512_ternarylogic_epi64(p[2], dl, dr, 0x96),
                        IDX(3, 10, 43, 25, 39)));
  const __m512i q3 = _mm512_permutexvar_epi64(IDX(3, 1, 4, 2, 0),
      _mm512_rolv_epi64(_mm512_ternarylogic_epi64(p[3], dl, dr, 0x96),
                        IDX(41, 45, 15, 21, 8)));
  const __m512i q4 = _mm512_permutexvar_epi64(IDX(4, 2, 0, 3, 1),
      _mm512_rolv_epi64(_mm512_ternarylogic_epi64(p[4], dl, dr, 0x96),
                        IDX(18, 2, 61, 56, 14)));
  const __m512i a0 = DIAG(q0, q1, q2, q3, q4);
  const __m512i a1 = DIAG(q3, q4, q0, q1, q2);
  const __m512i a2 = DIAG(q1, q2, q3, q4, q0);
  const __m512i a3 = DIAG(q4, q0, q1, q2, q3);
  const __m512i a4 = DIAG(q2, q3, q4, q0, q1);
  const __m512i g0 = _mm512_xor_si512(
      _mm512_ternarylogic_epi64(a0, a2, a4, 0xD2),
      _mm512_zextsi128_si512(_mm_cvtsi64_si128((long long)rc1)));
  const __m512i g1 = _mm512_permutexvar_epi64(
      ROT2, _mm512_ternarylogic_epi64(a1, a3, a0, 0xD2));
  const __m512i g2 = _mm512_permutexvar_epi64(
      ROT4, _mm512_ternarylogic_epi64(a2, a4, a1, 0xD2));
  const __m512i g3 = _mm512_permutexvar_epi64(
      ROT1, _mm512_ternarylogic_epi64(a3, a0, a2, 0xD2));
  const __m512i g4 = _mm512_permutexvar_epi64(
      ROT3, _mm512_ternarylogic_epi64(a4, a1, a3, 0xD2));
  /* round 2 */
  c = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(g1, g2, g3, 0x96),
                                g4, g0, 0x96);
  dl = _mm512_permutexvar_epi64(ROT4, c);
  dr = _mm512_permutexvar_epi64(ROT1, _mm512_rol_epi64(c, 1));
  const __m512i u0 = _mm512_rolv_epi64(
      _mm512_ternarylogic_epi64(g0, dl, dr, 0x96), IDX(0, 44, 43, 21, 14));
  const __m512i u1 = _mm512_rolv_epi64(
      _mm512_ternarylogic_epi64(g1, dl, dr, 0x96), IDX(3, 45, 61, 28, 20));
  const __m512i u2 = _mm512_rolv_epi64(
      _mm512_ternarylogic_epi64(g2, dl, dr, 0x96), IDX(18, 1, 6, 25, 8));
  const __m512i u3 = _mm512_rolv_epi64(
      _mm512_ternarylogic_epi64(g3, dl, dr, 0x96), IDX(36, 10, 15, 56, 27));
  const __m512i u4 = _mm512_rolv_epi64(
      _mm512_ternarylogic_epi64(g4, dl, dr, 0x96), IDX(41, 2, 62, 55, 39));
  p[0] = _mm512_xor_si512(
      _mm512_ternarylogic_epi64(u0, _mm512_permutexvar_epi64(ROT1, u0),
                                _mm512_permutexvar_epi64(ROT2, u0), 0xD2),
      _mm512_zextsi128_si512(_mm_cvtsi64_si128((long long)rc2)));
  p[1] = _mm512_ternarylogic_epi64(_mm512_permutexvar_epi64(ROT3, u1),
                                   _mm512_permutexvar_epi64(ROT4, u1),
                                   _mm512_permutexvar_epi64(ROT0, u1), 0xD2);
  p[2] = _mm512_ternarylogic_epi64(_mm512_permutexvar_epi64(ROT1, u2),
                                   _mm512_permutexvar_epi64(ROT2, u2),
                                   _mm512_permutexvar_epi64(ROT3, u2), 0xD2);
  p[3] = _mm512_ternarylogic_epi64(_mm512_permutexvar_epi64(ROT4, u3),
                                   _mm512_permutexvar_epi64(ROT0, u3),
                                   _mm512_permutexvar_epi64(ROT1, u3), 0xD2);
  p[4] = _mm512_ternarylogic_epi64(_mm512_permutexvar_epi64(ROT2, u4),
                                   _mm512_permutexvar_epi64(ROT3, u4),
                                   _mm512_permutexvar_epi64(ROT4, u4), 0xD2);
}

/* The rounds 24 - rounds .. 23 on the planes p[0 .. 4]. */
static inline ATTR __attribute__((always_inline)) void
rounds512(__m512i p[5], unsigned rounds)
{
  unsigned i = 24u - rounds;
  if (rounds % 2 != 0) {
    round_rows(p, rc512[i]);
    i++;
  }
  for (; i + 1 < 24u; i += 2)
    round_pair(p, rc512[i], rc512[i + 1]);
}

ATTR void qed_keccak_p1600_permute_avx512(uint64_t state[25], unsigned rounds)
{
  __m512i p[5];
  unsigned y;
  for (y = 0; y < 5; y++)
    p[y] = _mm512_maskz_loadu_epi64(0x1F, state + 5 * y);
  rounds512(p, rounds);
  for (y = 0; y < 5; y++)
    _mm512_mask_storeu_epi64(state + 5 * y, 0x1F, p[y]);
}

ATTR size_t qed_keccak_p1600_absorb_blocks_avx512(uint64_t state[25],
                                                  unsigned rounds,
                                                  size_t lanes,
                                                  const uint8_t *in,
                                                  size_t inlen)
{
  const size_t block = 8 * lanes;
  __mmask8 m[5];
  __m512i p[5];
  size_t done = 0;
  unsigned y;

  /* Plane y takes the block's lanes 5y .. 5y+4 that exist (masked loads
   * read nothing, and cannot fault, past the block). */
  for (y = 0; y < 5; y++) {
    const size_t first = 5 * (size_t)y;
    const size_t n = lanes <= first ? 0 : lanes - first >= 5 ? 5
                                                              : lanes - first;
    m[y] = (__mmask8)((1u << n) - 1u);
    p[y] = _mm512_maskz_loadu_epi64(0x1F, state + 5 * y);
  }
  /* The planes are named one by one (constant indices), so that they stay
   * in registers from block to block; no pointer past the block. */
#define ADD_PLANE(y)                                                          \
  if (5 * (y) < lanes)                                                        \
  p[y] = _mm512_xor_si512(p[y],                                               \
                          _mm512_maskz_loadu_epi64(m[y], in + done + 40 * (y)))
  while (inlen - done >= block) {
    ADD_PLANE(0);
    ADD_PLANE(1);
    ADD_PLANE(2);
    ADD_PLANE(3);
    ADD_PLANE(4);
    rounds512(p, rounds);
    done += block;
  }
#undef ADD_PLANE
  for (y = 0; y < 5; y++)
    _mm512_mask_storeu_epi64(state + 5 * y, 0x1F, p[y]);
  return done;
}
