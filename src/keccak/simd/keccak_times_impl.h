/* Keccak-p[1600, nr] on W states at once, lane-sliced: vector register
 * j holds lane j of each of the W states (one 64-bit element per state).
 * One body for every width; the includer (keccak_times_*.c, outside the
 * proof, x86 only) defines the vector type and its operations:
 *
 *   KT_V             the vector type (W elements of 64 bits)
 *   KT_W             W, the number of states (2, 4 or 8)
 *   KT_ATTR          the function attribute: target ISA, e.g.
 *                    __attribute__((target("avx512f")))
 *   KT_NAME(x)       the public name of function x (token pasting)
 *   KT_XOR(a, b)     a ^ b
 *   KT_XOR5(a..e)    a ^ b ^ c ^ d ^ e
 *   KT_ROL(a, n)     each element rotated left by the constant n (1..63)
 *   KT_CHI(a, b, c)  a ^ (~b & c)
 *   KT_SET1(x)       every element x
 *   KT_ZERO()        every element 0
 *   KT_LOADU(p)      W elements from p (uint64_t *, any alignment)
 *   KT_STOREU(p, v)  W elements to p
 *   KT_I             the type of a gather index (a vector, or a size_t)
 *   KT_INDEX(s, n)   the index for leaves s bytes apart, of which only
 *                    the first n (1..W) exist: element k reads p + k * s
 *                    for k < n, p for k >= n
 *   KT_GATHER(p, i)  element k from the 8 bytes the index says
 *
 * The round is the plain form of keccak_p1600_impl.h's (same lane names,
 * same rho offsets): theta's column parities and effects, then for each
 * output row the five rotated inputs and chi; iota on lane ba.  It is
 * checked against the proven portable permutation by
 * tests/test_simd_equiv.c on random states for every round count, and
 * through KT128/KT256/M14/ParallelHash known answers for every backend. */
#ifndef QED_KECCAK_TIMES_IMPL_H
#define QED_KECCAK_TIMES_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/bytes.h"
#include "common/zeroize.h"
#include "qed/common.h"

static const uint64_t kt_rc[24] = {
  0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
  0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
  0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
  0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
  0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
  0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
  0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
  0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

/* One round from the lanes A.. to the lanes E.. with round constant rc.
 * Theta's effect on column x, D[x] = C[x-1] ^ rol(C[x+1], 1), is computed
 * once per column and XORed into each lane (rather than one three-way XOR
 * per lane from C and rol(C): five more instructions, but five fewer live
 * registers, which measured 2-4 % faster for 8 states in zmm registers). */
#define KT_ROUND(A, E, rc)                                                    \
  do {                                                                        \
    KT_V Ca, Ce, Ci, Co, Cu, Da, De, Di, Do, Du, Ba, Be, Bi, Bo, Bu;          \
    Ca = KT_XOR5(A##ba, A##ga, A##ka, A##ma, A##sa);                          \
    Ce = KT_XOR5(A##be, A##ge, A##ke, A##me, A##se);                          \
    Ci = KT_XOR5(A##bi, A##gi, A##ki, A##mi, A##si);                          \
    Co = KT_XOR5(A##bo, A##go, A##ko, A##mo, A##so);                          \
    Cu = KT_XOR5(A##bu, A##gu, A##ku, A##mu, A##su);                          \
    Da = KT_XOR(Cu, KT_ROL(Ce, 1));                                           \
    De = KT_XOR(Ca, KT_ROL(Ci, 1));                                           \
    Di = KT_XOR(Ce, KT_ROL(Co, 1));                                           \
    Do = KT_XOR(Ci, KT_ROL(Cu, 1));                                           \
    Du = KT_XOR(Co, KT_ROL(Ca, 1));                                           \
    Ba = KT_XOR(A##ba, Da);                                                   \
    Be = KT_ROL(KT_XOR(A##ge, De), 44);                                       \
    Bi = KT_ROL(KT_XOR(A##ki, Di), 43);                                       \
    Bo = KT_ROL(KT_XOR(A##mo, Do), 21);                                       \
    Bu = KT_ROL(KT_XOR(A##su, Du), 14);                                       \
    E##ba = KT_XOR(KT_CHI(Ba, Be, Bi), KT_SET1(rc));                          \
    E##be = KT_CHI(Be, Bi, Bo);                                               \
    E##bi = KT_CHI(Bi, Bo, Bu);                                               \
    E##bo = KT_CHI(Bo, Bu, Ba);                                               \
    E##bu = KT_CHI(Bu, Ba, Be);                                               \
    Ba = KT_ROL(KT_XOR(A##bo, Do), 28);                                       \
    Be = KT_ROL(KT_XOR(A##gu, Du), 20);                                       \
    Bi = KT_ROL(KT_XOR(A##ka, Da), 3);                                        \
    Bo = KT_ROL(KT_XOR(A##me, De), 45);                                       \
    Bu = KT_ROL(KT_XOR(A##si, Di), 61);                                       \
    E##ga = KT_CHI(Ba, Be, Bi);                                               \
    E##ge = KT_CHI(Be, Bi, Bo);                                               \
    E##gi = KT_CHI(Bi, Bo, Bu);                                               \
    E##go = KT_CHI(Bo, Bu, Ba);                                               \
    E##gu = KT_CHI(Bu, Ba, Be);                                               \
    Ba = KT_ROL(KT_XOR(A##be, De), 1);                                        \
    Be = KT_ROL(KT_XOR(A##gi, Di), 6);                                        \
    Bi = KT_ROL(KT_XOR(A##ko, Do), 25);                                       \
    Bo = KT_ROL(KT_XOR(A##mu, Du), 8);                                        \
    Bu = KT_ROL(KT_XOR(A##sa, Da), 18);                                       \
    E##ka = KT_CHI(Ba, Be, Bi);                                               \
    E##ke = KT_CHI(Be, Bi, Bo);                                               \
    E##ki = KT_CHI(Bi, Bo, Bu);                                               \
    E##ko = KT_CHI(Bo, Bu, Ba);                                               \
    E##ku = KT_CHI(Bu, Ba, Be);                                               \
    Ba = KT_ROL(KT_XOR(A##bu, Du), 27);                                       \
    Be = KT_ROL(KT_XOR(A##ga, Da), 36);                                       \
    Bi = KT_ROL(KT_XOR(A##ke, De), 10);                                       \
    Bo = KT_ROL(KT_XOR(A##mi, Di), 15);                                       \
    Bu = KT_ROL(KT_XOR(A##so, Do), 56);                                       \
    E##ma = KT_CHI(Ba, Be, Bi);                                               \
    E##me = KT_CHI(Be, Bi, Bo);                                               \
    E##mi = KT_CHI(Bi, Bo, Bu);                                               \
    E##mo = KT_CHI(Bo, Bu, Ba);                                               \
    E##mu = KT_CHI(Bu, Ba, Be);                                               \
    Ba = KT_ROL(KT_XOR(A##bi, Di), 62);                                       \
    Be = KT_ROL(KT_XOR(A##go, Do), 55);                                       \
    Bi = KT_ROL(KT_XOR(A##ku, Du), 39);                                       \
    Bo = KT_ROL(KT_XOR(A##ma, Da), 41);                                       \
    Bu = KT_ROL(KT_XOR(A##se, De), 2);                                        \
    E##sa = KT_CHI(Ba, Be, Bi);                                               \
    E##se = KT_CHI(Be, Bi, Bo);                                               \
    E##si = KT_CHI(Bi, Bo, Bu);                                               \
    E##so = KT_CHI(Bo, Bu, Ba);                                               \
    E##su = KT_CHI(Bu, Ba, Be);                                               \
  } while (0)

#define KT_COPY(A, E)                                                         \
  do {                                                                        \
    A##ba = E##ba; A##be = E##be; A##bi = E##bi; A##bo = E##bo;               \
    A##bu = E##bu; A##ga = E##ga; A##ge = E##ge; A##gi = E##gi;               \
    A##go = E##go; A##gu = E##gu; A##ka = E##ka; A##ke = E##ke;               \
    A##ki = E##ki; A##ko = E##ko; A##ku = E##ku; A##ma = E##ma;               \
    A##me = E##me; A##mi = E##mi; A##mo = E##mo; A##mu = E##mu;               \
    A##sa = E##sa; A##se = E##se; A##si = E##si; A##so = E##so;               \
    A##su = E##su;                                                            \
  } while (0)

/* The last `rounds` rounds (1..24) on the lanes A..: an odd count starts
 * with one round and a copy back, then pairs A -> E -> A. */
#define KT_ROUNDS(rounds)                                                     \
  do {                                                                        \
    unsigned i_ = 24u - (rounds);                                             \
    if ((rounds) % 2 != 0) {                                                  \
      KT_ROUND(A, E, kt_rc[i_]);                                              \
      KT_COPY(A, E);                                                          \
      i_++;                                                                   \
    }                                                                         \
    for (; i_ + 1 < 24u; i_ += 2) {                                           \
      KT_ROUND(A, E, kt_rc[i_]);                                              \
      KT_ROUND(E, A, kt_rc[i_ + 1]);                                          \
    }                                                                         \
  } while (0)

#define KT_DECLARE(s)                                                         \
  KT_V Aba = s[0], Abe = s[1], Abi = s[2], Abo = s[3], Abu = s[4];            \
  KT_V Aga = s[5], Age = s[6], Agi = s[7], Ago = s[8], Agu = s[9];            \
  KT_V Aka = s[10], Ake = s[11], Aki = s[12], Ako = s[13], Aku = s[14];       \
  KT_V Ama = s[15], Ame = s[16], Ami = s[17], Amo = s[18], Amu = s[19];       \
  KT_V Asa = s[20], Ase = s[21], Asi = s[22], Aso = s[23], Asu = s[24];       \
  KT_V Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu;                      \
  KT_V Eka, Eke, Eki, Eko, Eku, Ema, Eme, Emi, Emo, Emu;                      \
  KT_V Esa, Ese, Esi, Eso, Esu

#define KT_STORE(s)                                                           \
  do {                                                                        \
    s[0] = Aba; s[1] = Abe; s[2] = Abi; s[3] = Abo; s[4] = Abu;               \
    s[5] = Aga; s[6] = Age; s[7] = Agi; s[8] = Ago; s[9] = Agu;               \
    s[10] = Aka; s[11] = Ake; s[12] = Aki; s[13] = Ako; s[14] = Aku;          \
    s[15] = Ama; s[16] = Ame; s[17] = Ami; s[18] = Amo; s[19] = Amu;          \
    s[20] = Asa; s[21] = Ase; s[22] = Asi; s[23] = Aso; s[24] = Asu;          \
  } while (0)

/* Byte offset of leaf k of n (k < n), or 0 (leaf 0 again) for k >= n. */
#define KT_IX(s, n, k) ((k) < (n) ? (long long)(k) * (long long)(s) : 0)

/* Lane j (named L) of the block at p, from each of the W leaves. */
#define KT_ADD(j, L)                                                          \
  if (lanes > (j))                                                            \
    A##L = KT_XOR(A##L, KT_GATHER(p + 8 * (j), idx))

/* The whole block at p (its first `lanes` lanes) from each leaf, lane by
 * lane with gathers; an includer may define KT_ADD_BLOCK(p, idx) itself
 * (the 8-state AVX-512 form transposes instead). */
#define KT_ADD_GATHERED(p, idx)                                               \
  do {                                                                        \
    KT_ADD(0, ba); KT_ADD(1, be); KT_ADD(2, bi); KT_ADD(3, bo);               \
    KT_ADD(4, bu); KT_ADD(5, ga); KT_ADD(6, ge); KT_ADD(7, gi);               \
    KT_ADD(8, go); KT_ADD(9, gu); KT_ADD(10, ka); KT_ADD(11, ke);             \
    KT_ADD(12, ki); KT_ADD(13, ko); KT_ADD(14, ku); KT_ADD(15, ma);           \
    KT_ADD(16, me); KT_ADD(17, mi); KT_ADD(18, mo); KT_ADD(19, mu);           \
    KT_ADD(20, sa); KT_ADD(21, se); KT_ADD(22, si); KT_ADD(23, so);           \
    KT_ADD(24, su);                                                           \
  } while (0)

#endif /* QED_KECCAK_TIMES_IMPL_H */

/* ---- the functions, once per includer (no include guard below) ---- */

/* An includer that defines KT_OWN_KERNEL defines KT_NAME(rounds) (with
 * the signature below) before including this file, and KT_NAME(leaves)
 * itself (the 8-state AVX-512 form: generated assembly); this file then
 * gives only KT_NAME(permute). */
#ifndef KT_OWN_KERNEL
/* The last `rounds` rounds (1..24) on the W states s[0 .. 24]. */
static KT_ATTR void KT_NAME(rounds)(KT_V s[25], unsigned rounds)
{
  KT_DECLARE(s);
  KT_ROUNDS(rounds);
  KT_STORE(s);
}

/* For each of nblocks blocks of `lanes` lanes (at in, in + 8 * lanes, ...
 * in the first leaf; leaf k < n is stride bytes further, leaves k >= n
 * read leaf 0 again): XOR lane j of every leaf's block into lane j of its
 * state, then permute.  The state stays in
 * registers from block to block. */
static KT_ATTR void KT_NAME(absorb)(KT_V s[25], const uint8_t *in,
                                    size_t stride, size_t n, size_t nblocks,
                                    size_t lanes, unsigned rounds)
{
  const KT_I idx = KT_INDEX(stride, n);
  size_t b;
  KT_DECLARE(s);
  for (b = 0; b < nblocks; b++) {
    const uint8_t *p = in + b * 8 * lanes;
#ifdef KT_ADD_BLOCK
    KT_ADD_BLOCK(p, idx);
#else
    KT_ADD_GATHERED(p, idx);
#endif
    KT_ROUNDS(rounds);
  }
  KT_STORE(s);
}
#endif /* KT_OWN_KERNEL */

/* W interleaved states: lanes[KT_W * j + k] is lane j of state k. */
KT_ATTR void KT_NAME(permute)(uint64_t *lanes, unsigned rounds)
{
  KT_V s[25];
  unsigned j;
  for (j = 0; j < 25; j++)
    s[j] = KT_LOADU(lanes + KT_W * j);
  KT_NAME(rounds)(s, rounds);
  for (j = 0; j < 25; j++)
    KT_STOREU(lanes + KT_W * j, s[j]);
}

#ifndef KT_OWN_KERNEL
/* v[0 .. 24] set to zero by volatile vector stores (a secret wiped: the
 * compiler may not drop them), 25 stores rather than qed_zeroize's
 * 25 * 8 * W byte stores. */
static KT_ATTR void KT_NAME(wipe)(KT_V v[25])
{
  volatile KT_V *const w = v;
  unsigned j;
  for (j = 0; j < 25; j++)
    w[j] = KT_ZERO();
}

/* The first n = min(W, inlen / leaflen) leaves at in, in + leaflen, ...,
 * each hashed with the sponge over Keccak-p[1600, rounds] (rate bytes,
 * suffix byte then pad10*1); the first cvlen bytes of leaf k's output go
 * to cvs + 64 * k.  Returns n, and n * leaflen in *used.  The whole
 * blocks are read in place (element k of lane j gathered from leaf k; with
 * n < W the spare elements read leaf 0 again and are not output); the
 * last, partial block of each leaf is padded in a buffer. */
KT_ATTR size_t KT_NAME(leaves)(uint8_t *cvs, size_t cvlen, const uint8_t *in,
                               size_t inlen, size_t leaflen, size_t rate,
                               unsigned rounds, uint8_t suffix, size_t *used)
{
  KT_V s[25];
  /* the padded last blocks, leaf k's at last[k] (KT_W * 200 bytes are
   * 25 vectors: wiped a vector at a time) */
  KT_V lastv[25];
  uint8_t (*const last)[200] = (uint8_t (*)[200])(void *)lastv;
  uint64_t out[KT_W];
  const size_t n = inlen / leaflen < KT_W ? inlen / leaflen : KT_W;
  const size_t lanes = rate / 8, whole = leaflen / rate;
  const size_t pos = whole * rate, tail = leaflen - pos;
  size_t j, k;

  for (j = 0; j < 25; j++)
    s[j] = KT_ZERO();
  KT_NAME(absorb)(s, in, leaflen, n, whole, lanes, rounds);
  for (j = 0; j < 25; j++)
    lastv[j] = KT_ZERO();
  for (k = 0; k < n; k++) {
    memcpy(last[k], in + k * leaflen + pos, tail);
    last[k][tail] ^= suffix;
    last[k][rate - 1] ^= 0x80;
  }
  KT_NAME(absorb)(s, &last[0][0], 200, KT_W, 1, lanes, rounds);
  for (j = 0; j < cvlen / 8; j++) {
    KT_STOREU(out, s[j]);
    for (k = 0; k < n; k++)
      qed_store64_le(cvs + 64 * k + 8 * j, out[k]);
  }
  KT_NAME(wipe)(lastv);
  KT_NAME(wipe)(s);
  qed_zeroize((uint8_t *)out, sizeof out);
  *used = n * leaflen;
  return n;
}
#endif /* KT_OWN_KERNEL */
