/* The SHA-2 compression functions (FIPS 180-4, 6.2.2 and 6.4.2): the
 * proven, portable bodies.
 *
 * Included by sha2_blocks_portable.c (built for the baseline of the
 * target) and sha2_blocks_x86v3.c (the same C built for x86-64-v3, where
 * gcc turns the rotations into RORX, which neither reads nor writes the
 * flags, and the Ch function into ANDN).  Both are proof units, so the
 * code proved is the code run; sha2_blocks_dispatch.c picks one at run
 * time.
 *
 * How it is fast: the eight working variables live in locals for the
 * whole block, the rounds are unrolled eight at a time with the names of
 * the variables rotated instead of their values moved (after eight rounds
 * every name is back in place), and the message schedule is kept in a
 * 16-word window computed in place, one word just before the round that
 * uses it.
 *
 * Proof shape (as keccak_p1600_impl.h): the rounds are in loops of eight,
 * so no goal's path crosses more than eight rounds; unrolled further, WP's
 * simplifier spent minutes per goal on the whole block's terms.  gcc
 * unrolls the loops all the same (#pragma GCC unroll), so that the window
 * indices are constants again: 7% on SHA-256 at -O2.  Not when optimizing
 * for size (-Os): unrolled, SHA-512 alone was 41 KB of RV32 code, rolled
 * (eight rounds a loop) 11 KB.  SHA-2 is one long
 * dependency chain of additions and rotations per round; there is no table
 * indexed by data, no branch on data.
 *
 * The window is wiped once per call (it holds message words, which may be
 * secret); the chaining value stays in the caller's state. */
#ifndef QED_SHA2_IMPL_H
#define QED_SHA2_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "common/bytes.h"
#include "common/zeroize.h"
#include "sha2/sha2_bytes.h"

/* FIPS 180-4, 4.2.2: the first 32 bits of the fractional parts of the cube
 * roots of the first 64 primes. */
static const uint32_t sha256_k[64] = {
  0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu,
  0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u, 0xd807aa98u, 0x12835b01u,
  0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u,
  0xc19bf174u, 0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu,
  0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau, 0x983e5152u,
  0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u,
  0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu,
  0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
  0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u,
  0xd6990624u, 0xf40e3585u, 0x106aa070u, 0x19a4c116u, 0x1e376c08u,
  0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu,
  0x682e6ff3u, 0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
  0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u
};

/* FIPS 180-4, 4.2.3: the first 64 bits of the fractional parts of the cube
 * roots of the first 80 primes. */
static const uint64_t sha512_k[80] = {
  0x428a2f98d728ae22u, 0x7137449123ef65cdu, 0xb5c0fbcfec4d3b2fu,
  0xe9b5dba58189dbbcu, 0x3956c25bf348b538u, 0x59f111f1b605d019u,
  0x923f82a4af194f9bu, 0xab1c5ed5da6d8118u, 0xd807aa98a3030242u,
  0x12835b0145706fbeu, 0x243185be4ee4b28cu, 0x550c7dc3d5ffb4e2u,
  0x72be5d74f27b896fu, 0x80deb1fe3b1696b1u, 0x9bdc06a725c71235u,
  0xc19bf174cf692694u, 0xe49b69c19ef14ad2u, 0xefbe4786384f25e3u,
  0x0fc19dc68b8cd5b5u, 0x240ca1cc77ac9c65u, 0x2de92c6f592b0275u,
  0x4a7484aa6ea6e483u, 0x5cb0a9dcbd41fbd4u, 0x76f988da831153b5u,
  0x983e5152ee66dfabu, 0xa831c66d2db43210u, 0xb00327c898fb213fu,
  0xbf597fc7beef0ee4u, 0xc6e00bf33da88fc2u, 0xd5a79147930aa725u,
  0x06ca6351e003826fu, 0x142929670a0e6e70u, 0x27b70a8546d22ffcu,
  0x2e1b21385c26c926u, 0x4d2c6dfc5ac42aedu, 0x53380d139d95b3dfu,
  0x650a73548baf63deu, 0x766a0abb3c77b2a8u, 0x81c2c92e47edaee6u,
  0x92722c851482353bu, 0xa2bfe8a14cf10364u, 0xa81a664bbc423001u,
  0xc24b8b70d0f89791u, 0xc76c51a30654be30u, 0xd192e819d6ef5218u,
  0xd69906245565a910u, 0xf40e35855771202au, 0x106aa07032bbd1b8u,
  0x19a4c116b8d2d0c8u, 0x1e376c085141ab53u, 0x2748774cdf8eeb99u,
  0x34b0bcb5e19b48a8u, 0x391c0cb3c5c95a63u, 0x4ed8aa4ae3418acbu,
  0x5b9cca4f7763e373u, 0x682e6ff3d6b2b8a3u, 0x748f82ee5defb2fcu,
  0x78a5636f43172f60u, 0x84c87814a1f0ab72u, 0x8cc702081a6439ecu,
  0x90befffa23631e28u, 0xa4506cebde82bde9u, 0xbef9a3f7b2c67915u,
  0xc67178f2e372532bu, 0xca273eceea26619cu, 0xd186b8c721c0c207u,
  0xeada7dd6cde0eb1eu, 0xf57d4f7fee6ed178u, 0x06f067aa72176fbau,
  0x0a637dc5a2c898a6u, 0x113f9804bef90daeu, 0x1b710b35131c471bu,
  0x28db77f523047d84u, 0x32caab7b40c72493u, 0x3c9ebe0a15c9bebcu,
  0x431d67c49c100d4cu, 0x4cc5d4becb3e42b6u, 0x597f299cfc657e2au,
  0x5fcb6fab3ad6faecu, 0x6c44198c4a475817u
};

/* Rotations right by a constant (1 .. width - 1). */
#define SHA2_ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define SHA2_ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

/* Ch(x,y,z) = (x & y) ^ (~x & z), written z ^ (x & (y ^ z)): one operation
 * less, the same function.  Maj(x,y,z) = (x & y) ^ (x & z) ^ (y & z),
 * written ((x | y) & z) | (x & y). */
#define SHA2_CH(x, y, z)  ((z) ^ ((x) & ((y) ^ (z))))
#define SHA2_MAJ(x, y, z) ((((x) | (y)) & (z)) | ((x) & (y)))

/* ---- SHA-256 (4.1.2) ---- */
#define S256_BS0(x) (SHA2_ROR32(x, 2) ^ SHA2_ROR32(x, 13) ^ SHA2_ROR32(x, 22))
#define S256_BS1(x) (SHA2_ROR32(x, 6) ^ SHA2_ROR32(x, 11) ^ SHA2_ROR32(x, 25))
#define S256_SS0(x) (SHA2_ROR32(x, 7) ^ SHA2_ROR32(x, 18) ^ ((x) >> 3))
#define S256_SS1(x) (SHA2_ROR32(x, 17) ^ SHA2_ROR32(x, 19) ^ ((x) >> 10))

/* One round with word wj and constant kj: T1 into d, T1 + T2 into h. */
#define S256_ROUND(a, b, c, d, e, f, g, h, wj, kj)                          \
  do {                                                                      \
    uint32_t t1_ = h + S256_BS1(e) + SHA2_CH(e, f, g) + (kj) + (wj);        \
    uint32_t t2_ = S256_BS0(a) + SHA2_MAJ(a, b, c);                         \
    d += t1_;                                                               \
    h = t1_ + t2_;                                                          \
  } while (0)

/* W_t for t >= 16, in place in the 16-word window (j = t mod 16). */
#define S256_SCHED(w, j)                                                    \
  (w[j] += S256_SS1(w[((j) + 14) % 16]) + w[((j) + 9) % 16] +               \
           S256_SS0(w[((j) + 1) % 16]))

/* Eight rounds from round r (a multiple of 8), the word of round r + i
 * given by WORD(r + i).  After eight rounds the working variables are
 * back under their own names, so a loop can repeat this. */
#define S256_8ROUNDS(WORD, r)                                               \
  do {                                                                      \
    S256_ROUND(a, b, c, d, e, f, g, h, WORD((r) + 0), sha256_k[(r) + 0]);   \
    S256_ROUND(h, a, b, c, d, e, f, g, WORD((r) + 1), sha256_k[(r) + 1]);   \
    S256_ROUND(g, h, a, b, c, d, e, f, WORD((r) + 2), sha256_k[(r) + 2]);   \
    S256_ROUND(f, g, h, a, b, c, d, e, WORD((r) + 3), sha256_k[(r) + 3]);   \
    S256_ROUND(e, f, g, h, a, b, c, d, WORD((r) + 4), sha256_k[(r) + 4]);   \
    S256_ROUND(d, e, f, g, h, a, b, c, WORD((r) + 5), sha256_k[(r) + 5]);   \
    S256_ROUND(c, d, e, f, g, h, a, b, WORD((r) + 6), sha256_k[(r) + 6]);   \
    S256_ROUND(b, c, d, e, f, g, h, a, WORD((r) + 7), sha256_k[(r) + 7]);   \
  } while (0)

/* The word of round t: for t < 16 read from the block (p), after that
 * from the schedule, in place in the window at t mod 16. */
#define S256_LOADW(t) (w[t] = qed_load32_be(p + 4 * (t)))
#define S256_SCHEDW(t) S256_SCHED(w, (t) % 16)

/* For each whole 64-byte block of in, the SHA-256 compression function on
 * state (H0..H7).  Returns the bytes consumed: a multiple of 64 leaving
 * fewer than 64. */
/*@ requires \valid(state + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 7), in + (0 .. inlen - 1));
    assigns state[0 .. 7];
    ensures \result <= inlen && inlen - \result < 64 && \result % 64 == 0; */
static inline size_t sha256_blocks_body(uint32_t state[8], const uint8_t *in,
                                        size_t inlen)
{
  uint32_t w[16];
  size_t done = 0;
  unsigned r;
  /*@ loop invariant 0 <= done <= inlen && done % 64 == 0;
      loop assigns done, r, w[0 .. 15], state[0 .. 7];
      loop variant inlen - done; */
  while (inlen - done >= 64) {
    const uint8_t *p = in + done;
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
#ifndef __OPTIMIZE_SIZE__
#pragma GCC unroll 2
#endif
    /*@ loop invariant 0 <= r <= 16 && r % 8 == 0;
        loop assigns r, a, b, c, d, e, f, g, h, w[0 .. 15];
        loop variant 16 - r; */
    for (r = 0; r < 16; r += 8)
      S256_8ROUNDS(S256_LOADW, r);
#ifndef __OPTIMIZE_SIZE__
#pragma GCC unroll 6
#endif
    /*@ loop invariant 16 <= r <= 64 && r % 8 == 0;
        loop assigns r, a, b, c, d, e, f, g, h, w[0 .. 15];
        loop variant 64 - r; */
    for (r = 16; r < 64; r += 8)
      S256_8ROUNDS(S256_SCHEDW, r);
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    done += 64;
  }
  sha2_wipe_u32(w, 16);
  return done;
}

/* ---- SHA-512 (4.1.3) ---- */
#define S512_BS0(x) (SHA2_ROR64(x, 28) ^ SHA2_ROR64(x, 34) ^ SHA2_ROR64(x, 39))
#define S512_BS1(x) (SHA2_ROR64(x, 14) ^ SHA2_ROR64(x, 18) ^ SHA2_ROR64(x, 41))
#define S512_SS0(x) (SHA2_ROR64(x, 1) ^ SHA2_ROR64(x, 8) ^ ((x) >> 7))
#define S512_SS1(x) (SHA2_ROR64(x, 19) ^ SHA2_ROR64(x, 61) ^ ((x) >> 6))

#define S512_ROUND(a, b, c, d, e, f, g, h, wj, kj)                          \
  do {                                                                      \
    uint64_t t1_ = h + S512_BS1(e) + SHA2_CH(e, f, g) + (kj) + (wj);        \
    uint64_t t2_ = S512_BS0(a) + SHA2_MAJ(a, b, c);                         \
    d += t1_;                                                               \
    h = t1_ + t2_;                                                          \
  } while (0)

#define S512_SCHED(w, j)                                                    \
  (w[j] += S512_SS1(w[((j) + 14) % 16]) + w[((j) + 9) % 16] +               \
           S512_SS0(w[((j) + 1) % 16]))

#define S512_8ROUNDS(WORD, r)                                               \
  do {                                                                      \
    S512_ROUND(a, b, c, d, e, f, g, h, WORD((r) + 0), sha512_k[(r) + 0]);   \
    S512_ROUND(h, a, b, c, d, e, f, g, WORD((r) + 1), sha512_k[(r) + 1]);   \
    S512_ROUND(g, h, a, b, c, d, e, f, WORD((r) + 2), sha512_k[(r) + 2]);   \
    S512_ROUND(f, g, h, a, b, c, d, e, WORD((r) + 3), sha512_k[(r) + 3]);   \
    S512_ROUND(e, f, g, h, a, b, c, d, WORD((r) + 4), sha512_k[(r) + 4]);   \
    S512_ROUND(d, e, f, g, h, a, b, c, WORD((r) + 5), sha512_k[(r) + 5]);   \
    S512_ROUND(c, d, e, f, g, h, a, b, WORD((r) + 6), sha512_k[(r) + 6]);   \
    S512_ROUND(b, c, d, e, f, g, h, a, WORD((r) + 7), sha512_k[(r) + 7]);   \
  } while (0)

#define S512_LOADW(t) (w[t] = qed_load64_be(p + 8 * (t)))
#define S512_SCHEDW(t) S512_SCHED(w, (t) % 16)

/* For each whole 128-byte block of in, the SHA-512 compression function
 * on state (H0..H7).  Returns the bytes consumed: a multiple of 128
 * leaving fewer than 128. */
/*@ requires \valid(state + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 7), in + (0 .. inlen - 1));
    assigns state[0 .. 7];
    ensures \result <= inlen && inlen - \result < 128 && \result % 128 == 0; */
static inline size_t sha512_blocks_body(uint64_t state[8], const uint8_t *in,
                                        size_t inlen)
{
  uint64_t w[16];
  size_t done = 0;
  unsigned r;
  /*@ loop invariant 0 <= done <= inlen && done % 128 == 0;
      loop assigns done, r, w[0 .. 15], state[0 .. 7];
      loop variant inlen - done; */
  while (inlen - done >= 128) {
    const uint8_t *p = in + done;
    uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint64_t e = state[4], f = state[5], g = state[6], h = state[7];
#ifndef __OPTIMIZE_SIZE__
#pragma GCC unroll 2
#endif
    /*@ loop invariant 0 <= r <= 16 && r % 8 == 0;
        loop assigns r, a, b, c, d, e, f, g, h, w[0 .. 15];
        loop variant 16 - r; */
    for (r = 0; r < 16; r += 8)
      S512_8ROUNDS(S512_LOADW, r);
#ifndef __OPTIMIZE_SIZE__
#pragma GCC unroll 8
#endif
    /*@ loop invariant 16 <= r <= 80 && r % 8 == 0;
        loop assigns r, a, b, c, d, e, f, g, h, w[0 .. 15];
        loop variant 80 - r; */
    for (r = 16; r < 80; r += 8)
      S512_8ROUNDS(S512_SCHEDW, r);
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    done += 128;
  }
  qed_wipe_u64(w, 16);
  return done;
}

#endif
