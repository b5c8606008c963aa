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
 * Every step is a dependency of the next, so the speed is set by the
 * length of the chain of a round, and a lane move (vpermq, about five
 * times the latency of a vpternlogq on Zen 5) counts most.  The pairs keep
 * moves off that chain where an extra instruction can do it in parallel:
 *   - a move of a register is pushed back through theta and rho onto the
 *     row itself (ready two steps earlier) and onto C and rol(C, 1) (moved
 *     once each per rotation, shared by the rows), with the rho offsets
 *     moved alike: one move on the chain per round instead of two;
 *   - rol(C, 1) as the XOR of the rotated rows, not a rotation of C;
 *   - iota's constant goes into chi's first input early (chi is linear in
 *     it) rather than after chi, and the diagonals' blends as a tree.
 * Measured on an AMD EPYC (Zen 5), SHA3-256 absorbing 64 KiB, TSC ticks
 * per byte: 4.16 before these three, 3.85 after, against 3.97 for the
 * x86-64-v3 build of the proven C (on Sapphire Rapids the older form was
 * 5-8 % faster than that build).  GCC's pre-allocation instruction
 * scheduling (off by default on x86) is switched on for these functions.
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

/* Theta's column parities C, and C rotated by one bit computed from the
 * rotated rows (not by rotating C: one step less before the moves). */
#define XOR5(a, b, c, d, e)                                                   \
  _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a, b, c, 0x96), d, e,  \
                            0x96)
#define XOR5R(a, b, c, d, e)                                                  \
  XOR5(_mm512_rol_epi64(a, 1), _mm512_rol_epi64(b, 1),                        \
       _mm512_rol_epi64(c, 1), _mm512_rol_epi64(d, 1),                        \
       _mm512_rol_epi64(e, 1))

/* One round, rows in, rows out (used alone only for the first round of an
 * odd round count): see the top of the file. */
static inline ATTR __attribute__((always_inline)) void
round_rows(__m512i p[5], uint64_t rc)
{
  const __m512i c = XOR5(p[0], p[1], p[2], p[3], p[4]);
  const __m512i dl = _mm512_permutexvar_epi64(ROT4, c);
  const __m512i dr =
      _mm512_permutexvar_epi64(ROT1, XOR5R(p[0], p[1], p[2], p[3], p[4]));
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
  const __m512i r0 = _mm512_ternarylogic_epi64(
      _mm512_xor_si512(q0, _mm512_zextsi128_si512(
                               _mm_cvtsi64_si128((long long)rc))),
      q1, q2, 0xD2);
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
      0x1C, _mm512_mask_blend_epi64(0x02, a, b),                              \
      _mm512_mask_blend_epi64(0x10, _mm512_mask_blend_epi64(0x08, c, d), e))

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
  /* round 1: q_p = Q_p(rho(theta(row p))) (as in round_rows) with the
   * move Q_p done first: Q_p of row p, XOR C and rol(C, 1) moved by
   * Q_{p+4} and Q_{p+1} (Q_p then rot_4 is Q_{p+4}, since Q_p[k] = p + 3k),
   * then rho with the offsets in Q_p's order */
  __m512i c = XOR5(p[0], p[1], p[2], p[3], p[4]);
  __m512i r = XOR5R(p[0], p[1], p[2], p[3], p[4]);
  const __m512i q0 = _mm512_rolv_epi64(_mm512_ternarylogic_epi64(
      _mm512_permutexvar_epi64(IDX(0, 3, 1, 4, 2), p[0]),
      _mm512_permutexvar_epi64(IDX(4, 2, 0, 3, 1), c),
      _mm512_permutexvar_epi64(IDX(1, 4, 2, 0, 3), r), 0x96),
      IDX(0, 28, 1, 27, 62));
  const __m512i q1 = _mm512_rolv_epi64(_mm512_ternarylogic_epi64(
      _mm512_permutexvar_epi64(IDX(1, 4, 2, 0, 3), p[1]),
      _mm512_permutexvar_epi64(IDX(0, 3, 1, 4, 2), c),
      _mm512_permutexvar_epi64(IDX(2, 0, 3, 1, 4), r), 0x96),
      IDX(44, 20, 6, 36, 55));
  const __m512i q2 = _mm512_rolv_epi64(_mm512_ternarylogic_epi64(
      _mm512_permutexvar_epi64(IDX(2, 0, 3, 1, 4), p[2]),
      _mm512_permutexvar_epi64(IDX(1, 4, 2, 0, 3), c),
      _mm512_permutexvar_epi64(IDX(3, 1, 4, 2, 0), r), 0x96),
      IDX(43, 3, 25, 10, 39));
  const __m512i q3 = _mm512_rolv_epi64(_mm512_ternarylogic_epi64(
      _mm512_permutexvar_epi64(IDX(3, 1, 4, 2, 0), p[3]),
      _mm512_permutexvar_epi64(IDX(2, 0, 3, 1, 4), c),
      _mm512_permutexvar_epi64(IDX(4, 2, 0, 3, 1), r), 0x96),
      IDX(21, 45, 8, 15, 41));
  const __m512i q4 = _mm512_rolv_epi64(_mm512_ternarylogic_epi64(
      _mm512_permutexvar_epi64(IDX(4, 2, 0, 3, 1), p[4]),
      _mm512_permutexvar_epi64(IDX(3, 1, 4, 2, 0), c),
      _mm512_permutexvar_epi64(IDX(0, 3, 1, 4, 2), r), 0x96),
      IDX(14, 61, 18, 56, 2));
  /* a0 twice: as chi's first input for g0 with iota's constant already
   * in its lane 0 (from q0, off the critical path), and plain for g1 */
  const __m512i a0_234 = _mm512_mask_blend_epi64(
      0x10, _mm512_mask_blend_epi64(0x08, q2, q3), q4);
  const __m512i a0 = _mm512_mask_blend_epi64(
      0x1C, _mm512_mask_blend_epi64(0x02, q0, q1), a0_234);
  const __m512i a0i = _mm512_mask_blend_epi64(
      0x1C,
      _mm512_mask_blend_epi64(
          0x02,
          _mm512_xor_si512(q0, _mm512_zextsi128_si512(
                                   _mm_cvtsi64_si128((long long)rc1))),
          q1),
      a0_234);
  const __m512i a1 = DIAG(q3, q4, q0, q1, q2);
  const __m512i a2 = DIAG(q1, q2, q3, q4, q0);
  const __m512i a3 = DIAG(q4, q0, q1, q2, q3);
  const __m512i a4 = DIAG(q2, q3, q4, q0, q1);
  const __m512i g0 = _mm512_ternarylogic_epi64(a0i, a2, a4, 0xD2);
  const __m512i g1 = _mm512_permutexvar_epi64(
      ROT2, _mm512_ternarylogic_epi64(a1, a3, a0, 0xD2));
  const __m512i g2 = _mm512_permutexvar_epi64(
      ROT4, _mm512_ternarylogic_epi64(a2, a4, a1, 0xD2));
  const __m512i g3 = _mm512_permutexvar_epi64(
      ROT1, _mm512_ternarylogic_epi64(a3, a0, a2, 0xD2));
  const __m512i g4 = _mm512_permutexvar_epi64(
      ROT3, _mm512_ternarylogic_epi64(a4, a1, a3, 0xD2));
  /* round 2: row d of the output is chi of G_d's rho(theta()) moved by
   * three rotations ROT_a; each moved copy is built from ROT_a of G_d and
   * of C and rol(C, 1) (moved by ROT_{a+4}, ROT_{a+1}) before rho, whose
   * offsets are moved alike */
  c = XOR5(g0, g1, g2, g3, g4);
  r = XOR5R(g0, g1, g2, g3, g4);
#define MOVE(a, x) _mm512_permutexvar_epi64(ROT##a, x)
#define THETA_RHO(x, cm, rm, offs)                                            \
  _mm512_rolv_epi64(_mm512_ternarylogic_epi64(x, cm, rm, 0x96), offs)
  const __m512i c1 = _mm512_permutexvar_epi64(ROT1, c);
  const __m512i r1 = _mm512_permutexvar_epi64(ROT1, r);
  const __m512i c2 = _mm512_permutexvar_epi64(ROT2, c);
  const __m512i r2 = _mm512_permutexvar_epi64(ROT2, r);
  const __m512i c3 = _mm512_permutexvar_epi64(ROT3, c);
  const __m512i r3 = _mm512_permutexvar_epi64(ROT3, r);
  const __m512i c4 = _mm512_permutexvar_epi64(ROT4, c);
  const __m512i r4 = _mm512_permutexvar_epi64(ROT4, r);
  p[0] = _mm512_ternarylogic_epi64(
      _mm512_xor_si512(THETA_RHO(g0, c4, r1, IDX(0, 44, 43, 21, 14)),
                       _mm512_zextsi128_si512(
                           _mm_cvtsi64_si128((long long)rc2))),
      THETA_RHO(MOVE(1, g0), c, r2, IDX(44, 43, 21, 14, 0)),
      THETA_RHO(MOVE(2, g0), c1, r3, IDX(43, 21, 14, 0, 44)), 0xD2);
  p[1] = _mm512_ternarylogic_epi64(
      THETA_RHO(MOVE(3, g1), c2, r4, IDX(28, 20, 3, 45, 61)),
      THETA_RHO(MOVE(4, g1), c3, r, IDX(20, 3, 45, 61, 28)),
      THETA_RHO(g1, c4, r1, IDX(3, 45, 61, 28, 20)), 0xD2);
  p[2] = _mm512_ternarylogic_epi64(
      THETA_RHO(MOVE(1, g2), c, r2, IDX(1, 6, 25, 8, 18)),
      THETA_RHO(MOVE(2, g2), c1, r3, IDX(6, 25, 8, 18, 1)),
      THETA_RHO(MOVE(3, g2), c2, r4, IDX(25, 8, 18, 1, 6)), 0xD2);
  p[3] = _mm512_ternarylogic_epi64(
      THETA_RHO(MOVE(4, g3), c3, r, IDX(27, 36, 10, 15, 56)),
      THETA_RHO(g3, c4, r1, IDX(36, 10, 15, 56, 27)),
      THETA_RHO(MOVE(1, g3), c, r2, IDX(10, 15, 56, 27, 36)), 0xD2);
  p[4] = _mm512_ternarylogic_epi64(
      THETA_RHO(MOVE(2, g4), c1, r3, IDX(62, 55, 39, 41, 2)),
      THETA_RHO(MOVE(3, g4), c2, r4, IDX(55, 39, 41, 2, 62)),
      THETA_RHO(MOVE(4, g4), c3, r, IDX(39, 41, 2, 62, 55)), 0xD2);
#undef MOVE
#undef THETA_RHO
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
