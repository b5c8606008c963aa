/* Keccak-p[1600, nr] on one state with AVX-512, for the sequential
 * functions (SHA-3, SHAKE, cSHAKE, KMAC, TupleHash, TurboSHAKE, the final
 * nodes of the tree modes).
 *
 * One lane per register: the 25 lanes live in element 0 of 25 xmm
 * registers (AVX-512VL gives 32 of them, vpternlogq and vprolq), and a
 * round is the scalar round of keccak_p1600_impl.h written with vector
 * instructions: no lane ever moves between elements, so there is no
 * shuffle at all.  Per round: theta's column parities C by two vpternlogq
 * each (10), D[x] = C[x-1] ^ rol(C[x+1], 1) (5 vprolq, 5 vpxor), theta
 * (25 vpxor), rho (24 vprolq), chi by one vpternlogq 0xD2 per lane (25),
 * iota (1): 95 instructions, all of 2 cycles' latency on Zen 5.
 *
 * Why not a plane per register (this file's earlier design, 39 vpermq per
 * round pair): measured on an AMD EPYC Zen 5 (TSC 2.596 GHz, core about
 * 4.2 GHz), vpermq zmm has 5 cycles' latency and 2 per cycle, vpternlogq,
 * vprolq, vpxor, blends and unpacks 2 cycles' latency, vpternlogq 4 per
 * cycle and vprolq 2; a round of the plane design carries two or three
 * moves on its dependency chain (about 22 cycles per round in chain
 * alone) and ran at about 36 cycles per round; this one runs at about 33
 * (Keccak-p[1600, 24]: 496 TSC ticks against 552 for the plane design,
 * 546 for the x86-64-v3 build of the proven C and 566 for OpenSSL 3.0's
 * assembly, interleaved runs).  What bounds it: 95 instructions at 4 per
 * cycle are 24 cycles, and every lane of a round waits for theta's D,
 * which waits for the last chi of the round before (C, rol, xor: 6
 * cycles) and is followed by 6 more (theta, rho, chi) before the first
 * lane of the round is out.
 *
 * Register allocation is what makes or breaks it: with C and rol(C, 1)
 * kept apart (theta as one vpternlogq per lane, 90 instructions) 35
 * values are live and gcc spills on the chain (590 ticks); with D, 30.
 * GCC's post-allocation scheduling is switched off for these functions:
 * it interleaved the rows and cost 6 % (526 against 496 ticks); the order
 * written here (C, D, then row by row: theta and rho of the row's five
 * lanes, then its chi) is what runs.
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
  __attribute__((target("avx512f,avx512vl"), optimize("no-schedule-insns2")))
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

/* a ^ b ^ c and a ^ (~b & c) in one vpternlogq each (the immediate is the
 * truth table over a = 0xF0, b = 0xCC, c = 0xAA). */
#define XOR3(a, b, c) _mm_ternarylogic_epi64(a, b, c, 0x96)
#define XOR5(a, b, c, d, e) XOR3(XOR3(a, b, c), d, e)
#define CHI(a, b, c) _mm_ternarylogic_epi64(a, b, c, 0xD2)
#define XOR(a, b) _mm_xor_si128(a, b)
#define ROL(a, n) _mm_rol_epi64(a, n)

/* One round from the lanes named A... to the lanes named E..., names and
 * order of the lanes as in keccak_p1600_impl.h (rows b g k m s, columns
 * a e i o u; lane x + 5y is A<y><x>); rc is the round constant in element
 * 0 of a register.  Iota goes into chi's first input of lane ba only
 * (a ^ (~b & c) ^ rc == (a ^ rc) ^ (~b & c)), not into Ba itself, which
 * two other lanes' chi read. */
#define ROUND512(A, E, rc)                                                    \
  do {                                                                        \
    const __m128i Ca = XOR5(A##ba, A##ga, A##ka, A##ma, A##sa);               \
    const __m128i Ce = XOR5(A##be, A##ge, A##ke, A##me, A##se);               \
    const __m128i Ci = XOR5(A##bi, A##gi, A##ki, A##mi, A##si);               \
    const __m128i Co = XOR5(A##bo, A##go, A##ko, A##mo, A##so);               \
    const __m128i Cu = XOR5(A##bu, A##gu, A##ku, A##mu, A##su);               \
    const __m128i Da = XOR(Cu, ROL(Ce, 1));                                   \
    const __m128i De = XOR(Ca, ROL(Ci, 1));                                   \
    const __m128i Di = XOR(Ce, ROL(Co, 1));                                   \
    const __m128i Do = XOR(Ci, ROL(Cu, 1));                                   \
    const __m128i Du = XOR(Co, ROL(Ca, 1));                                   \
    __m128i Ba, Be, Bi, Bo, Bu;                                               \
    /* row b */                                                               \
    Ba = XOR(A##ba, Da);                                                      \
    Be = ROL(XOR(A##ge, De), 44);                                             \
    Bi = ROL(XOR(A##ki, Di), 43);                                             \
    Bo = ROL(XOR(A##mo, Do), 21);                                             \
    Bu = ROL(XOR(A##su, Du), 14);                                             \
    E##ba = CHI(XOR(Ba, rc), Be, Bi);                                         \
    E##be = CHI(Be, Bi, Bo);                                                  \
    E##bi = CHI(Bi, Bo, Bu);                                                  \
    E##bo = CHI(Bo, Bu, Ba);                                                  \
    E##bu = CHI(Bu, Ba, Be);                                                  \
    /* row g */                                                               \
    Ba = ROL(XOR(A##bo, Do), 28);                                             \
    Be = ROL(XOR(A##gu, Du), 20);                                             \
    Bi = ROL(XOR(A##ka, Da), 3);                                              \
    Bo = ROL(XOR(A##me, De), 45);                                             \
    Bu = ROL(XOR(A##si, Di), 61);                                             \
    E##ga = CHI(Ba, Be, Bi);                                                  \
    E##ge = CHI(Be, Bi, Bo);                                                  \
    E##gi = CHI(Bi, Bo, Bu);                                                  \
    E##go = CHI(Bo, Bu, Ba);                                                  \
    E##gu = CHI(Bu, Ba, Be);                                                  \
    /* row k */                                                               \
    Ba = ROL(XOR(A##be, De), 1);                                              \
    Be = ROL(XOR(A##gi, Di), 6);                                              \
    Bi = ROL(XOR(A##ko, Do), 25);                                             \
    Bo = ROL(XOR(A##mu, Du), 8);                                              \
    Bu = ROL(XOR(A##sa, Da), 18);                                             \
    E##ka = CHI(Ba, Be, Bi);                                                  \
    E##ke = CHI(Be, Bi, Bo);                                                  \
    E##ki = CHI(Bi, Bo, Bu);                                                  \
    E##ko = CHI(Bo, Bu, Ba);                                                  \
    E##ku = CHI(Bu, Ba, Be);                                                  \
    /* row m */                                                               \
    Ba = ROL(XOR(A##bu, Du), 27);                                             \
    Be = ROL(XOR(A##ga, Da), 36);                                             \
    Bi = ROL(XOR(A##ke, De), 10);                                             \
    Bo = ROL(XOR(A##mi, Di), 15);                                             \
    Bu = ROL(XOR(A##so, Do), 56);                                             \
    E##ma = CHI(Ba, Be, Bi);                                                  \
    E##me = CHI(Be, Bi, Bo);                                                  \
    E##mi = CHI(Bi, Bo, Bu);                                                  \
    E##mo = CHI(Bo, Bu, Ba);                                                  \
    E##mu = CHI(Bu, Ba, Be);                                                  \
    /* row s */                                                               \
    Ba = ROL(XOR(A##bi, Di), 62);                                             \
    Be = ROL(XOR(A##go, Do), 55);                                             \
    Bi = ROL(XOR(A##ku, Du), 39);                                             \
    Bo = ROL(XOR(A##ma, Da), 41);                                             \
    Bu = ROL(XOR(A##se, De), 2);                                              \
    E##sa = CHI(Ba, Be, Bi);                                                  \
    E##se = CHI(Be, Bi, Bo);                                                  \
    E##si = CHI(Bi, Bo, Bu);                                                  \
    E##so = CHI(Bo, Bu, Ba);                                                  \
    E##su = CHI(Bu, Ba, Be);                                                  \
  } while (0)

/* The rounds 24 - rounds .. 23 on the lanes A..., as a statement in a
 * function that declared them (LANES512); an odd count starts with one
 * round into E... and copies back (register renames, no work). */
#define RC512(i) _mm_loadl_epi64((const __m128i *)(rc512 + (i)))
#define ROUNDS512(rounds)                                                     \
  do {                                                                        \
    unsigned i_ = 24u - (rounds);                                             \
    if ((rounds) % 2 != 0) {                                                  \
      ROUND512(A, E, RC512(i_));                                              \
      Aba = Eba; Abe = Ebe; Abi = Ebi; Abo = Ebo; Abu = Ebu;                  \
      Aga = Ega; Age = Ege; Agi = Egi; Ago = Ego; Agu = Egu;                  \
      Aka = Eka; Ake = Eke; Aki = Eki; Ako = Eko; Aku = Eku;                  \
      Ama = Ema; Ame = Eme; Ami = Emi; Amo = Emo; Amu = Emu;                  \
      Asa = Esa; Ase = Ese; Asi = Esi; Aso = Eso; Asu = Esu;                  \
      i_++;                                                                   \
    }                                                                         \
    for (; i_ + 1 < 24u; i_ += 2) {                                           \
      ROUND512(A, E, RC512(i_));                                              \
      ROUND512(E, A, RC512(i_ + 1));                                          \
    }                                                                         \
  } while (0)

/* Lane j of the state in and out of element 0 of a register. */
#define LD(s, j) _mm_loadl_epi64((const __m128i *)((s) + (j)))
#define ST(s, j, v) _mm_storel_epi64((__m128i *)((s) + (j)), v)

#define LANES512(s)                                                           \
  __m128i Aba = LD(s, 0), Abe = LD(s, 1), Abi = LD(s, 2), Abo = LD(s, 3);     \
  __m128i Abu = LD(s, 4), Aga = LD(s, 5), Age = LD(s, 6), Agi = LD(s, 7);     \
  __m128i Ago = LD(s, 8), Agu = LD(s, 9), Aka = LD(s, 10), Ake = LD(s, 11);   \
  __m128i Aki = LD(s, 12), Ako = LD(s, 13), Aku = LD(s, 14);                  \
  __m128i Ama = LD(s, 15), Ame = LD(s, 16), Ami = LD(s, 17);                  \
  __m128i Amo = LD(s, 18), Amu = LD(s, 19), Asa = LD(s, 20);                  \
  __m128i Ase = LD(s, 21), Asi = LD(s, 22), Aso = LD(s, 23);                  \
  __m128i Asu = LD(s, 24);                                                    \
  __m128i Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu;                   \
  __m128i Eka, Eke, Eki, Eko, Eku, Ema, Eme, Emi, Emo, Emu;                   \
  __m128i Esa, Ese, Esi, Eso, Esu

#define STORE512(s)                                                           \
  do {                                                                        \
    ST(s, 0, Aba); ST(s, 1, Abe); ST(s, 2, Abi); ST(s, 3, Abo);               \
    ST(s, 4, Abu); ST(s, 5, Aga); ST(s, 6, Age); ST(s, 7, Agi);               \
    ST(s, 8, Ago); ST(s, 9, Agu); ST(s, 10, Aka); ST(s, 11, Ake);             \
    ST(s, 12, Aki); ST(s, 13, Ako); ST(s, 14, Aku); ST(s, 15, Ama);           \
    ST(s, 16, Ame); ST(s, 17, Ami); ST(s, 18, Amo); ST(s, 19, Amu);           \
    ST(s, 20, Asa); ST(s, 21, Ase); ST(s, 22, Asi); ST(s, 23, Aso);           \
    ST(s, 24, Asu);                                                           \
  } while (0)

ATTR void qed_keccak_p1600_permute_avx512(uint64_t state[25], unsigned rounds)
{
  LANES512(state);
  ROUNDS512(rounds);
  STORE512(state);
}

ATTR size_t qed_keccak_p1600_absorb_blocks_avx512(uint64_t state[25],
                                                  unsigned rounds,
                                                  size_t lanes,
                                                  const uint8_t *in,
                                                  size_t inlen)
{
  const size_t block = 8 * lanes;
  size_t done = 0;
  LANES512(state);

  /* The state stays in registers from block to block.  Lane j of the
   * block is added only when j < lanes (a branch on the public rate, the
   * same way every block): nothing is read past the block.  Input lanes
   * are little-endian like the state, and x86 is little-endian. */
#define ADD(j, v)                                                             \
  if ((j) < lanes)                                                            \
  v = XOR(v, _mm_loadl_epi64((const __m128i *)(in + done + 8 * (j))))
  while (inlen - done >= block) {
    ADD(0, Aba); ADD(1, Abe); ADD(2, Abi); ADD(3, Abo); ADD(4, Abu);
    ADD(5, Aga); ADD(6, Age); ADD(7, Agi); ADD(8, Ago); ADD(9, Agu);
    ADD(10, Aka); ADD(11, Ake); ADD(12, Aki); ADD(13, Ako); ADD(14, Aku);
    ADD(15, Ama); ADD(16, Ame); ADD(17, Ami); ADD(18, Amo); ADD(19, Amu);
    ADD(20, Asa); ADD(21, Ase); ADD(22, Asi); ADD(23, Aso); ADD(24, Asu);
    ROUNDS512(rounds);
    done += block;
  }
#undef ADD
  STORE512(state);
  return done;
}
