/* Keccak-p[1600, nr]: the proven, fast, portable body.
 *
 * This file is included by keccak_p1600_portable.c (compiled for the
 * baseline of the target) and by keccak_p1600_x86v3.c (the same C compiled
 * for x86-64-v3, where gcc uses ANDN and RORX).  Both are proof units, so
 * the code proved is the code run.
 *
 * How it is fast (the techniques of the Keccak team's "opt64" code):
 *   - the 25 lanes live in local variables for the whole call, named after
 *     the Keccak reference: A<y><x> with rows b g k m s (y = 0..4) and
 *     columns a e i o u (x = 0..4); lane x + 5y of the state is A<y><x>;
 *   - two rounds per loop iteration, A -> E then E -> A, so no copying;
 *   - lane complementing: six lanes (be bi go ki mi sa: state indices 1, 2,
 *     8, 12, 17, 20) are kept complemented inside the permutation.  Chi,
 *     a ^ (~b & c), then needs one NOT per row instead of five: the
 *     complements are folded into the choice of AND or OR in each lane
 *     (by De Morgan, ~b & c == ~(b | ~c)).  The pattern of complemented
 *     lanes is the same after every round, so it is applied once on entry
 *     and undone once on exit (6 NOTs each way per permutation);
 *   - rho and pi are folded into the theta step: each lane is loaded,
 *     XORed with its column's D, rotated, and lands straight in the row
 *     that chi works on.
 *
 * Rounds: Keccak-p[1600, nr] is the LAST nr rounds of Keccak-f[1600]
 * (FIPS 202, 3.3), i.e. round indices 24 - nr .. 23.  An odd count starts
 * with one round in compact loop form; the fast code then does pairs.
 *
 * The includer chooses the form of chi: QED_KECCAK_LANE_COMPLEMENTING 1
 * for CPUs without an and-not instruction (baseline x86-64 and most
 * others), 0 where there is one (x86-64-v3 has ANDN). */
#ifndef QED_KECCAK_P1600_IMPL_H
#define QED_KECCAK_P1600_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "common/bytes.h"

#ifndef QED_KECCAK_LANE_COMPLEMENTING
#error "define QED_KECCAK_LANE_COMPLEMENTING (0 or 1) before including"
#endif

static const uint64_t keccak_p1600_rc[24] = {
  0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
  0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
  0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
  0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
  0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
  0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
  0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
  0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

/* Rotation by a constant 1..63 (every rho offset used below is in range,
 * so the shift counts are defined C). */
#define KECCAK_ROL(a, n) (((a) << (n)) | ((a) >> (64 - (n))))

#if QED_KECCAK_LANE_COMPLEMENTING
/* One round, from the lanes named A... to the lanes named E... (token
 * pasting picks the 25 names), with round constant rc.  Straight-line
 * code: theta's column parities C and effects D, then for each output row
 * the five rotated inputs B and chi (with the complemented-lane pattern),
 * and iota on lane ba. */
#define KECCAK_ROUND(A, E, rc)                                                \
  do {                                                                        \
    uint64_t Ca, Ce, Ci, Co, Cu, Da, De, Di, Do, Du;                          \
    uint64_t Ba, Be, Bi, Bo, Bu;                                              \
    Ca = A##ba ^ A##ga ^ A##ka ^ A##ma ^ A##sa;                               \
    Ce = A##be ^ A##ge ^ A##ke ^ A##me ^ A##se;                               \
    Ci = A##bi ^ A##gi ^ A##ki ^ A##mi ^ A##si;                               \
    Co = A##bo ^ A##go ^ A##ko ^ A##mo ^ A##so;                               \
    Cu = A##bu ^ A##gu ^ A##ku ^ A##mu ^ A##su;                               \
    Da = Cu ^ KECCAK_ROL(Ce, 1);                                              \
    De = Ca ^ KECCAK_ROL(Ci, 1);                                              \
    Di = Ce ^ KECCAK_ROL(Co, 1);                                              \
    Do = Ci ^ KECCAK_ROL(Cu, 1);                                              \
    Du = Co ^ KECCAK_ROL(Ca, 1);                                              \
    /* row b */                                                               \
    Ba = A##ba ^ Da;                                                          \
    Be = KECCAK_ROL(A##ge ^ De, 44);                                          \
    Bi = KECCAK_ROL(A##ki ^ Di, 43);                                          \
    Bo = KECCAK_ROL(A##mo ^ Do, 21);                                          \
    Bu = KECCAK_ROL(A##su ^ Du, 14);                                          \
    E##ba = Ba ^ (Be | Bi) ^ (rc);                                            \
    E##be = Be ^ ((~Bi) | Bo);                                                \
    E##bi = Bi ^ (Bo & Bu);                                                   \
    E##bo = Bo ^ (Bu | Ba);                                                   \
    E##bu = Bu ^ (Ba & Be);                                                   \
    /* row g */                                                               \
    Ba = KECCAK_ROL(A##bo ^ Do, 28);                                          \
    Be = KECCAK_ROL(A##gu ^ Du, 20);                                          \
    Bi = KECCAK_ROL(A##ka ^ Da, 3);                                           \
    Bo = KECCAK_ROL(A##me ^ De, 45);                                          \
    Bu = KECCAK_ROL(A##si ^ Di, 61);                                          \
    E##ga = Ba ^ (Be | Bi);                                                   \
    E##ge = Be ^ (Bi & Bo);                                                   \
    E##gi = Bi ^ (Bo | (~Bu));                                                \
    E##go = Bo ^ (Bu | Ba);                                                   \
    E##gu = Bu ^ (Ba & Be);                                                   \
    /* row k */                                                               \
    Ba = KECCAK_ROL(A##be ^ De, 1);                                           \
    Be = KECCAK_ROL(A##gi ^ Di, 6);                                           \
    Bi = KECCAK_ROL(A##ko ^ Do, 25);                                          \
    Bo = KECCAK_ROL(A##mu ^ Du, 8);                                           \
    Bu = KECCAK_ROL(A##sa ^ Da, 18);                                          \
    E##ka = Ba ^ (Be | Bi);                                                   \
    E##ke = Be ^ (Bi & Bo);                                                   \
    E##ki = Bi ^ ((~Bo) & Bu);                                                \
    E##ko = (~Bo) ^ (Bu | Ba);                                                \
    E##ku = Bu ^ (Ba & Be);                                                   \
    /* row m */                                                               \
    Ba = KECCAK_ROL(A##bu ^ Du, 27);                                          \
    Be = KECCAK_ROL(A##ga ^ Da, 36);                                          \
    Bi = KECCAK_ROL(A##ke ^ De, 10);                                          \
    Bo = KECCAK_ROL(A##mi ^ Di, 15);                                          \
    Bu = KECCAK_ROL(A##so ^ Do, 56);                                          \
    E##ma = Ba ^ (Be & Bi);                                                   \
    E##me = Be ^ (Bi | Bo);                                                   \
    E##mi = Bi ^ ((~Bo) | Bu);                                                \
    E##mo = (~Bo) ^ (Bu & Ba);                                                \
    E##mu = Bu ^ (Ba | Be);                                                   \
    /* row s */                                                               \
    Ba = KECCAK_ROL(A##bi ^ Di, 62);                                          \
    Be = KECCAK_ROL(A##go ^ Do, 55);                                          \
    Bi = KECCAK_ROL(A##ku ^ Du, 39);                                          \
    Bo = KECCAK_ROL(A##ma ^ Da, 41);                                          \
    Bu = KECCAK_ROL(A##se ^ De, 2);                                           \
    E##sa = Ba ^ ((~Be) & Bi);                                                \
    E##se = (~Be) ^ (Bi | Bo);                                                \
    E##si = Bi ^ (Bo & Bu);                                                   \
    E##so = Bo ^ (Bu | Ba);                                                   \
    E##su = Bu ^ (Ba & Be);                                                   \
  } while (0)
#else
/* The same round with chi as written in FIPS 202, a ^ (~b & c): one ANDN
 * and one XOR per lane where the CPU has ANDN (x86-64-v3), which beats the
 * complemented form there. */
#define KECCAK_ROUND(A, E, rc)                                                \
  do {                                                                        \
    uint64_t Ca, Ce, Ci, Co, Cu, Da, De, Di, Do, Du;                          \
    uint64_t Ba, Be, Bi, Bo, Bu;                                              \
    Ca = A##ba ^ A##ga ^ A##ka ^ A##ma ^ A##sa;                               \
    Ce = A##be ^ A##ge ^ A##ke ^ A##me ^ A##se;                               \
    Ci = A##bi ^ A##gi ^ A##ki ^ A##mi ^ A##si;                               \
    Co = A##bo ^ A##go ^ A##ko ^ A##mo ^ A##so;                               \
    Cu = A##bu ^ A##gu ^ A##ku ^ A##mu ^ A##su;                               \
    Da = Cu ^ KECCAK_ROL(Ce, 1);                                              \
    De = Ca ^ KECCAK_ROL(Ci, 1);                                              \
    Di = Ce ^ KECCAK_ROL(Co, 1);                                              \
    Do = Ci ^ KECCAK_ROL(Cu, 1);                                              \
    Du = Co ^ KECCAK_ROL(Ca, 1);                                              \
    /* row b */                                                               \
    Ba = A##ba ^ Da;                                                          \
    Be = KECCAK_ROL(A##ge ^ De, 44);                                          \
    Bi = KECCAK_ROL(A##ki ^ Di, 43);                                          \
    Bo = KECCAK_ROL(A##mo ^ Do, 21);                                          \
    Bu = KECCAK_ROL(A##su ^ Du, 14);                                          \
    E##ba = Ba ^ ((~Be) & Bi) ^ (rc);                                         \
    E##be = Be ^ ((~Bi) & Bo);                                                \
    E##bi = Bi ^ ((~Bo) & Bu);                                                \
    E##bo = Bo ^ ((~Bu) & Ba);                                                \
    E##bu = Bu ^ ((~Ba) & Be);                                                \
    /* row g */                                                               \
    Ba = KECCAK_ROL(A##bo ^ Do, 28);                                          \
    Be = KECCAK_ROL(A##gu ^ Du, 20);                                          \
    Bi = KECCAK_ROL(A##ka ^ Da, 3);                                           \
    Bo = KECCAK_ROL(A##me ^ De, 45);                                          \
    Bu = KECCAK_ROL(A##si ^ Di, 61);                                          \
    E##ga = Ba ^ ((~Be) & Bi);                                                \
    E##ge = Be ^ ((~Bi) & Bo);                                                \
    E##gi = Bi ^ ((~Bo) & Bu);                                                \
    E##go = Bo ^ ((~Bu) & Ba);                                                \
    E##gu = Bu ^ ((~Ba) & Be);                                                \
    /* row k */                                                               \
    Ba = KECCAK_ROL(A##be ^ De, 1);                                           \
    Be = KECCAK_ROL(A##gi ^ Di, 6);                                           \
    Bi = KECCAK_ROL(A##ko ^ Do, 25);                                          \
    Bo = KECCAK_ROL(A##mu ^ Du, 8);                                           \
    Bu = KECCAK_ROL(A##sa ^ Da, 18);                                          \
    E##ka = Ba ^ ((~Be) & Bi);                                                \
    E##ke = Be ^ ((~Bi) & Bo);                                                \
    E##ki = Bi ^ ((~Bo) & Bu);                                                \
    E##ko = Bo ^ ((~Bu) & Ba);                                                \
    E##ku = Bu ^ ((~Ba) & Be);                                                \
    /* row m */                                                               \
    Ba = KECCAK_ROL(A##bu ^ Du, 27);                                          \
    Be = KECCAK_ROL(A##ga ^ Da, 36);                                          \
    Bi = KECCAK_ROL(A##ke ^ De, 10);                                          \
    Bo = KECCAK_ROL(A##mi ^ Di, 15);                                          \
    Bu = KECCAK_ROL(A##so ^ Do, 56);                                          \
    E##ma = Ba ^ ((~Be) & Bi);                                                \
    E##me = Be ^ ((~Bi) & Bo);                                                \
    E##mi = Bi ^ ((~Bo) & Bu);                                                \
    E##mo = Bo ^ ((~Bu) & Ba);                                                \
    E##mu = Bu ^ ((~Ba) & Be);                                                \
    /* row s */                                                               \
    Ba = KECCAK_ROL(A##bi ^ Di, 62);                                          \
    Be = KECCAK_ROL(A##go ^ Do, 55);                                          \
    Bi = KECCAK_ROL(A##ku ^ Du, 39);                                          \
    Bo = KECCAK_ROL(A##ma ^ Da, 41);                                          \
    Bu = KECCAK_ROL(A##se ^ De, 2);                                           \
    E##sa = Ba ^ ((~Be) & Bi);                                                \
    E##se = Be ^ ((~Bi) & Bo);                                                \
    E##si = Bi ^ ((~Bo) & Bu);                                                \
    E##so = Bo ^ ((~Bu) & Ba);                                                \
    E##su = Bu ^ ((~Ba) & Be);                                                \
  } while (0)
#endif

/* The lanes kept complemented inside the permutation (see above); a no-op
 * for the plain form. */
/*@ requires \valid(s + (0 .. 24));
    assigns s[1], s[2], s[8], s[12], s[17], s[20]; */
static inline void keccak_p1600_complement(uint64_t s[25])
{
#if QED_KECCAK_LANE_COMPLEMENTING
  s[1] = ~s[1];
  s[2] = ~s[2];
  s[8] = ~s[8];
  s[12] = ~s[12];
  s[17] = ~s[17];
  s[20] = ~s[20];
#else
  (void)s;
#endif
}

/* One round written as FIPS 202 writes it, with loops over the lanes:
 * used only for the first round of an odd round count (Ketje's one-round
 * steps, or a caller's nr = 13), on the state in its plain form.  Short
 * code with small proof goals; speed does not matter here. */
static const unsigned keccak_p1600_rho[25] = { /* lane x + 5y */
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43,
  25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14
};

/*@ requires \valid(s + (0 .. 24));
    assigns s[0 .. 24]; */
static inline void keccak_p1600_round_compact(uint64_t s[25], uint64_t rc)
{
  uint64_t c[5], b[25];
  unsigned x, y;
  /*@ loop invariant 0 <= x <= 5;
      loop assigns x, c[0 .. 4];
      loop variant 5 - x; */
  for (x = 0; x < 5; x++)
    c[x] = s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20];
  /*@ loop invariant 0 <= x <= 5;
      loop assigns x, y, b[0 .. 24];
      loop variant 5 - x; */
  for (x = 0; x < 5; x++) {
    const uint64_t d = c[(x + 4) % 5] ^ qed_rotl64(c[(x + 1) % 5], 1);
    /*@ loop invariant 0 <= y <= 5;
        loop assigns y, b[0 .. 24];
        loop variant 5 - y; */
    for (y = 0; y < 5; y++)     /* theta, then rho and pi into b */
      b[y + 5 * ((2 * x + 3 * y) % 5)] =
          qed_rotl64(s[x + 5 * y] ^ d, keccak_p1600_rho[x + 5 * y]);
  }
  /*@ loop invariant 0 <= y <= 5;
      loop assigns x, y, s[0 .. 24];
      loop variant 5 - y; */
  for (y = 0; y < 5; y++) {     /* chi */
    /*@ loop invariant 0 <= x <= 5;
        loop assigns x, s[0 .. 24];
        loop variant 5 - x; */
    for (x = 0; x < 5; x++)
      s[x + 5 * y] = b[x + 5 * y] ^
                     (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
  }
  s[0] ^= rc;                   /* iota */
}

/* An even number of rounds, the last `rounds` of the 24, on a state
 * already in complemented form.  No code between the loads and the loop,
 * nor between the loop and the stores: that keeps every proof goal but
 * the loop's own small (a goal whose path runs through the rounds costs
 * WP's simplifier, Qed, tens of seconds: it flattens and sorts the XORs
 * of two rounds). */
/*@ requires \valid(s + (0 .. 24));
    requires 2 <= rounds <= 24 && rounds % 2 == 0;
    assigns s[0 .. 24]; */
static inline void keccak_p1600_even_rounds(uint64_t s[25], unsigned rounds)
{
  uint64_t Aba = s[0], Abe = s[1], Abi = s[2], Abo = s[3], Abu = s[4];
  uint64_t Aga = s[5], Age = s[6], Agi = s[7], Ago = s[8], Agu = s[9];
  uint64_t Aka = s[10], Ake = s[11], Aki = s[12], Ako = s[13], Aku = s[14];
  uint64_t Ama = s[15], Ame = s[16], Ami = s[17], Amo = s[18], Amu = s[19];
  uint64_t Asa = s[20], Ase = s[21], Asi = s[22], Aso = s[23], Asu = s[24];
  uint64_t Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu;
  uint64_t Eka, Eke, Eki, Eko, Eku, Ema, Eme, Emi, Emo, Emu;
  uint64_t Esa, Ese, Esi, Eso, Esu;
  unsigned i;

  /* The count is even, so "i + 1 < 24" stops exactly at 24; it is also
   * the bound the proof needs for rc[i + 1]. */
  /*@ loop invariant 0 <= i <= 24;
      loop assigns i, Aba, Abe, Abi, Abo, Abu, Aga, Age, Agi, Ago, Agu,
                   Aka, Ake, Aki, Ako, Aku, Ama, Ame, Ami, Amo, Amu,
                   Asa, Ase, Asi, Aso, Asu,
                   Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu,
                   Eka, Eke, Eki, Eko, Eku, Ema, Eme, Emi, Emo, Emu,
                   Esa, Ese, Esi, Eso, Esu;
      loop variant 24 - i; */
  for (i = 24u - rounds; i + 1 < 24u; i += 2) {
    KECCAK_ROUND(A, E, keccak_p1600_rc[i]);
    KECCAK_ROUND(E, A, keccak_p1600_rc[i + 1]);
  }

  s[0] = Aba; s[1] = Abe; s[2] = Abi; s[3] = Abo; s[4] = Abu;
  s[5] = Aga; s[6] = Age; s[7] = Agi; s[8] = Ago; s[9] = Agu;
  s[10] = Aka; s[11] = Ake; s[12] = Aki; s[13] = Ako; s[14] = Aku;
  s[15] = Ama; s[16] = Ame; s[17] = Ami; s[18] = Amo; s[19] = Amu;
  s[20] = Asa; s[21] = Ase; s[22] = Asi; s[23] = Aso; s[24] = Asu;
}

/* Keccak-p[1600, rounds] on a state in plain form. */
/*@ requires \valid(s + (0 .. 24));
    requires 1 <= rounds <= 24;
    assigns s[0 .. 24]; */
static inline void keccak_p1600_permute_body(uint64_t s[25], unsigned rounds)
{
  unsigned even = rounds;
  if (rounds % 2 != 0) {
    keccak_p1600_round_compact(s, keccak_p1600_rc[24 - rounds]);
    even = rounds - 1;
  }
  if (even > 0) {
    keccak_p1600_complement(s);
    keccak_p1600_even_rounds(s, even);
    keccak_p1600_complement(s);
  }
}

/* XOR whole blocks of `lanes` lanes into the state, permuting after each;
 * returns the bytes consumed (a multiple of 8 * lanes, leaving fewer than
 * 8 * lanes bytes). */
/*@ requires \valid(s + (0 .. 24));
    requires 1 <= rounds <= 24;
    requires 1 <= lanes <= 25;
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(s + (0 .. 24), in + (0 .. inlen - 1));
    assigns s[0 .. 24];
    ensures \result <= inlen;
    ensures inlen - \result < 8 * lanes; */
static inline size_t keccak_p1600_absorb_body(uint64_t s[25], unsigned rounds,
                                              size_t lanes, const uint8_t *in,
                                              size_t inlen)
{
  const size_t block = 8 * lanes;
  size_t done = 0;

  /*@ loop invariant 0 <= done <= inlen;
      loop assigns done, s[0 .. 24];
      loop variant inlen - done; */
  while (inlen - done >= block) {
    size_t j;
    /*@ loop invariant 0 <= j <= lanes;
        loop assigns j, s[0 .. 24];
        loop variant lanes - j; */
    for (j = 0; j < lanes; j++)
      s[j] ^= qed_load64_le(in + done + 8 * j);
    keccak_p1600_permute_body(s, rounds);
    done += block;
  }
  return done;
}

#endif
