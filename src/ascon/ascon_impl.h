/* The Ascon hot loops: the proven, fast, portable bodies.
 *
 * This file is included by ascon_core_portable.c (compiled for the baseline
 * of the target) and by ascon_core_x86v3.c (the same C compiled for
 * x86-64-v3, where gcc uses ANDN for the S-box and RORX for the linear
 * layer).  Both are proof units, so the code proved is the code run;
 * ascon_core_dispatch.c picks one at run time.  The modes (hash.c, aead.c,
 * permutation.c) only call the dispatched functions of ascon_core.h.
 *
 * How it is fast:
 *   - the five lanes live in local variables for the whole call and, in
 *     the bulk loops (hash absorb at rate 8, AEAD encrypt, decrypt and
 *     associated data at rate 16), for the whole message;
 *   - the S-box is the bitsliced form of the Ascon designers' opt64 code
 *     (the chi of Keccak between two thin linear layers), the linear layer
 *     two rotations and two XORs per lane; no table, no data-dependent
 *     index or branch;
 *   - the NOT of lane 2 that ends the S-box is folded into the next
 *     round's constant: the local holding lane 2 carries its complement
 *     between rounds, and each round XORs in the complemented constant
 *     (~x ^ c == x ^ ~c; the linear layer commutes with the complement, as
 *     it XORs three rotations of one lane).  One operation less per round;
 *     the complement is applied once on entry and once on exit;
 *   - four rounds per loop iteration (p^12 and p^8 are multiples of four;
 *     another count starts with single rounds).
 * The round is throughput-bound (about 37 operations, a dependency chain
 * of about 7), so fewer operations is what pays; measured alternatives
 * (in-place chi with one temporary, the linear layer as
 * t ^ ror(t ^ ror(t, b - a), a), the constant folded into the previous
 * round's linear layer, 2 or 12 rounds per iteration) were not faster.
 *
 * Proof shape (see keccak_p1600_impl.h): no code between the loads and the
 * round loops nor between the loops and the stores, and only simple
 * invariants, so the only goals whose path crosses a round are the loops'
 * own. */
#ifndef QED_ASCON_IMPL_H
#define QED_ASCON_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "common/bytes.h"

/* The complements of the round constants of p^12 (SP 800-232, Table 5:
 * 0xf0, 0xe1, ..., 0x4b); p^r uses the last r. */
static const uint64_t ascon_nrc[12] = {
  ~(uint64_t)0xf0, ~(uint64_t)0xe1, ~(uint64_t)0xd2, ~(uint64_t)0xc3,
  ~(uint64_t)0xb4, ~(uint64_t)0xa5, ~(uint64_t)0x96, ~(uint64_t)0x87,
  ~(uint64_t)0x78, ~(uint64_t)0x69, ~(uint64_t)0x5a, ~(uint64_t)0x4b
};

/* Rotation right by a constant 1..63. */
#define ASCON_ROR(a, n) (((a) >> (n)) | ((a) << (64 - (n))))

/* One round on the lanes x0..x4, x2 holding the complement of lane 2 on
 * entry and on exit; nc is the complemented round constant.  Constant
 * addition (x2 ^= c, and the complement undone), the S-box layer
 * (bitsliced; its final NOT of lane 2 left out), the linear layer.  The
 * statements are in the order the next round needs their results (lanes
 * 1 and 2 feed the longest chain): gcc keeps much of that order, and it
 * measured about 3 % faster than lane order in both builds. */
#define ASCON_ROUND(nc)                                                       \
  do {                                                                        \
    uint64_t t0, t1, t2, t3, t4;                                              \
    x2 ^= x1;                                                                 \
    x0 ^= x4;                                                                 \
    x2 ^= (nc);                                                               \
    x4 ^= x3;                                                                 \
    t1 = x1 ^ (~x2 & x3);                                                     \
    t0 = x0 ^ (~x1 & x2);                                                     \
    t2 = x2 ^ (~x3 & x4);                                                     \
    t4 = x4 ^ (~x0 & x1);                                                     \
    t3 = x3 ^ (~x4 & x0);                                                     \
    t1 ^= t0;                                                                 \
    t0 ^= t4;                                                                 \
    t3 ^= t2;                                                                 \
    x1 = t1 ^ ASCON_ROR(t1, 61) ^ ASCON_ROR(t1, 39);                          \
    x2 = t2 ^ ASCON_ROR(t2, 1) ^ ASCON_ROR(t2, 6);                            \
    x0 = t0 ^ ASCON_ROR(t0, 19) ^ ASCON_ROR(t0, 28);                          \
    x4 = t4 ^ ASCON_ROR(t4, 7) ^ ASCON_ROR(t4, 41);                           \
    x3 = t3 ^ ASCON_ROR(t3, 10) ^ ASCON_ROR(t3, 17);                          \
  } while (0)

/* Rounds i .. i+3 of p^12. */
#define ASCON_4ROUNDS(i)                                                      \
  do {                                                                        \
    ASCON_ROUND(ascon_nrc[(i)]);                                              \
    ASCON_ROUND(ascon_nrc[(i) + 1]);                                          \
    ASCON_ROUND(ascon_nrc[(i) + 2]);                                          \
    ASCON_ROUND(ascon_nrc[(i) + 3]);                                          \
  } while (0)

/* Ascon-p[rounds]: the last `rounds` rounds of p^12.  Single rounds up to
 * a multiple of four, then four at a time (the second loop's bound,
 * i + 3 < 12, is the one the array accesses need; it stops at 12 because
 * the first loop leaves i a multiple of four). */
/*@ requires \valid(s + (0 .. 4));
    requires 1 <= rounds <= 12;
    assigns s[0 .. 4]; */
static inline void ascon_permute_body(uint64_t s[5], unsigned rounds)
{
  uint64_t x0 = s[0], x1 = s[1], x2 = ~s[2], x3 = s[3], x4 = s[4];
  unsigned i = 12u - rounds;
  /*@ loop invariant 0 <= i <= 12;
      loop assigns i, x0, x1, x2, x3, x4;
      loop variant 12 - i; */
  while (i % 4u != 0u) {
    ASCON_ROUND(ascon_nrc[i]);
    i++;
  }
  /*@ loop invariant 0 <= i <= 12;
      loop assigns i, x0, x1, x2, x3, x4;
      loop variant 12 - i; */
  for (; i + 3u < 12u; i += 4u)
    ASCON_4ROUNDS(i);
  s[0] = x0; s[1] = x1; s[2] = ~x2; s[3] = x3; s[4] = x4;
}

/* The rate-8 absorbing loop of the hashes: for each whole 8-byte block,
 * XOR it into lane 0 (read big-endian if big, else little-endian) and apply
 * p^12.  Returns the bytes consumed: a multiple of 8 leaving fewer than 8. */
/*@ requires \valid(s + (0 .. 4));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(s + (0 .. 4), in + (0 .. inlen - 1));
    assigns s[0 .. 4];
    ensures \result <= inlen && inlen - \result < 8; */
static inline size_t ascon_absorb8_body(uint64_t s[5], const uint8_t *in,
                                        size_t inlen, int big)
{
  uint64_t x0 = s[0], x1 = s[1], x2 = ~s[2], x3 = s[3], x4 = s[4];
  size_t done = 0;
  unsigned i;
  /*@ loop invariant 0 <= done <= inlen;
      loop assigns done, i, x0, x1, x2, x3, x4;
      loop variant inlen - done; */
  while (inlen - done >= 8) {
    x0 ^= big ? qed_load64_be(in + done) : qed_load64_le(in + done);
    /*@ loop invariant 0 <= i <= 12;
        loop assigns i, x0, x1, x2, x3, x4;
        loop variant 12 - i; */
    for (i = 0; i + 3u < 12u; i += 4u)
      ASCON_4ROUNDS(i);
    done += 8;
  }
  s[0] = x0; s[1] = x1; s[2] = ~x2; s[3] = x3; s[4] = x4;
  return done;
}

/* The rate-16 absorbing loop of the AEAD's associated data: for each whole
 * 16-byte block, XOR it into lanes 0 and 1 (little-endian) and apply p^8.
 * Returns the bytes consumed (a multiple of 16 leaving fewer than 16). */
/*@ requires \valid(s + (0 .. 4));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(s + (0 .. 4), in + (0 .. inlen - 1));
    assigns s[0 .. 4];
    ensures \result <= inlen && inlen - \result < 16; */
static inline size_t ascon_absorb16_body(uint64_t s[5], const uint8_t *in,
                                         size_t inlen)
{
  uint64_t x0 = s[0], x1 = s[1], x2 = ~s[2], x3 = s[3], x4 = s[4];
  size_t done = 0;
  unsigned i;
  /*@ loop invariant 0 <= done <= inlen;
      loop assigns done, i, x0, x1, x2, x3, x4;
      loop variant inlen - done; */
  while (inlen - done >= 16) {
    x0 ^= qed_load64_le(in + done);
    x1 ^= qed_load64_le(in + done + 8);
    /*@ loop invariant 4 <= i <= 12;
        loop assigns i, x0, x1, x2, x3, x4;
        loop variant 12 - i; */
    for (i = 4; i + 3u < 12u; i += 4u)
      ASCON_4ROUNDS(i);
    done += 16;
  }
  s[0] = x0; s[1] = x1; s[2] = ~x2; s[3] = x3; s[4] = x4;
  return done;
}

/* The AEAD's encrypting loop: for each whole 16-byte block of m, XOR it
 * into lanes 0 and 1 (little-endian), write those lanes to c as the
 * ciphertext, apply p^8.  Both lanes are read before either is written, so
 * c == m works.  Returns the bytes done (a multiple of 16 leaving fewer
 * than 16). */
/*@ requires \valid(s + (0 .. 4));
    requires \valid(c + (0 .. mlen - 1));
    requires \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \separated(s + (0 .. 4), c + (0 .. mlen - 1));
    requires \separated(s + (0 .. 4), m + (0 .. mlen - 1));
    assigns s[0 .. 4], c[0 .. mlen - 1];
    ensures \result <= mlen && mlen - \result < 16; */
static inline size_t ascon_encrypt16_body(uint64_t s[5], uint8_t *c,
                                          const uint8_t *m, size_t mlen)
{
  uint64_t x0 = s[0], x1 = s[1], x2 = ~s[2], x3 = s[3], x4 = s[4];
  size_t done = 0;
  unsigned i;
  /*@ loop invariant 0 <= done <= mlen;
      loop assigns done, i, x0, x1, x2, x3, x4, c[0 .. mlen - 1];
      loop variant mlen - done; */
  while (mlen - done >= 16) {
    x0 ^= qed_load64_le(m + done);
    x1 ^= qed_load64_le(m + done + 8);
    qed_store64_le(c + done, x0);
    qed_store64_le(c + done + 8, x1);
    /*@ loop invariant 4 <= i <= 12;
        loop assigns i, x0, x1, x2, x3, x4;
        loop variant 12 - i; */
    for (i = 4; i + 3u < 12u; i += 4u)
      ASCON_4ROUNDS(i);
    done += 16;
  }
  s[0] = x0; s[1] = x1; s[2] = ~x2; s[3] = x3; s[4] = x4;
  return done;
}

/* The AEAD's decrypting loop: for each whole 16-byte block of c, the
 * plaintext is c XOR lanes 0 and 1, then the ciphertext replaces those
 * lanes, then p^8.  The block is read before the plaintext is written, so
 * m == c works.  Returns the bytes done (a multiple of 16 leaving fewer
 * than 16). */
/*@ requires \valid(s + (0 .. 4));
    requires \valid(m + (0 .. clen - 1));
    requires \valid_read(c + (0 .. clen - 1));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \separated(s + (0 .. 4), m + (0 .. clen - 1));
    requires \separated(s + (0 .. 4), c + (0 .. clen - 1));
    assigns s[0 .. 4], m[0 .. clen - 1];
    ensures \result <= clen && clen - \result < 16; */
static inline size_t ascon_decrypt16_body(uint64_t s[5], uint8_t *m,
                                          const uint8_t *c, size_t clen)
{
  uint64_t x0 = s[0], x1 = s[1], x2 = ~s[2], x3 = s[3], x4 = s[4];
  size_t done = 0;
  unsigned i;
  /*@ loop invariant 0 <= done <= clen;
      loop assigns done, i, x0, x1, x2, x3, x4, m[0 .. clen - 1];
      loop variant clen - done; */
  while (clen - done >= 16) {
    const uint64_t c0 = qed_load64_le(c + done);
    const uint64_t c1 = qed_load64_le(c + done + 8);
    qed_store64_le(m + done, x0 ^ c0);
    qed_store64_le(m + done + 8, x1 ^ c1);
    x0 = c0;
    x1 = c1;
    /*@ loop invariant 4 <= i <= 12;
        loop assigns i, x0, x1, x2, x3, x4;
        loop variant 12 - i; */
    for (i = 4; i + 3u < 12u; i += 4u)
      ASCON_4ROUNDS(i);
    done += 16;
  }
  s[0] = x0; s[1] = x1; s[2] = ~x2; s[3] = x3; s[4] = x4;
  return done;
}

#endif
