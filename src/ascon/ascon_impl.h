/* The Ascon permutation: the proven, fast, portable body, included by every
 * Ascon unit (static inline: the compiler inlines it, WP proves it once per
 * unit and uses its contract at each call).
 *
 * How it is fast: the five lanes live in local variables for the whole call
 * (and, in the absorbing loop, for the whole message), the S-box is the
 * bitsliced form of the Ascon designers' opt64 code (the chi of Keccak
 * between two thin linear layers), the linear layer is two rotations and
 * two XORs per lane.  No table, no data-dependent index or branch.
 *
 * Proof shape (see keccak_p1600_impl.h): no code between the loads and the
 * round loop nor between the loop and the stores, so the only goal whose
 * path crosses a round is the loop's own. */
#ifndef QED_ASCON_IMPL_H
#define QED_ASCON_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "common/bytes.h"

/* Round constants of p^12; p^r uses the last r (SP 800-232, Table 5). */
static const uint64_t ascon_rc[12] = {
  0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87, 0x78, 0x69, 0x5a, 0x4b
};

/* Rotation right by a constant 1..63. */
#define ASCON_ROR(a, n) (((a) >> (n)) | ((a) << (64 - (n))))

/* One round on the lanes x0..x4 with constant c: constant addition, the
 * S-box layer (bitsliced), the linear layer. */
#define ASCON_ROUND(c)                                                        \
  do {                                                                        \
    uint64_t t0, t1, t2, t3, t4;                                              \
    x2 ^= (c);                                                                \
    x0 ^= x4;                                                                 \
    x4 ^= x3;                                                                 \
    x2 ^= x1;                                                                 \
    t0 = x0 ^ (~x1 & x2);                                                     \
    t1 = x1 ^ (~x2 & x3);                                                     \
    t2 = x2 ^ (~x3 & x4);                                                     \
    t3 = x3 ^ (~x4 & x0);                                                     \
    t4 = x4 ^ (~x0 & x1);                                                     \
    t1 ^= t0;                                                                 \
    t0 ^= t4;                                                                 \
    t3 ^= t2;                                                                 \
    t2 = ~t2;                                                                 \
    x0 = t0 ^ ASCON_ROR(t0, 19) ^ ASCON_ROR(t0, 28);                          \
    x1 = t1 ^ ASCON_ROR(t1, 61) ^ ASCON_ROR(t1, 39);                          \
    x2 = t2 ^ ASCON_ROR(t2, 1) ^ ASCON_ROR(t2, 6);                            \
    x3 = t3 ^ ASCON_ROR(t3, 10) ^ ASCON_ROR(t3, 17);                          \
    x4 = t4 ^ ASCON_ROR(t4, 7) ^ ASCON_ROR(t4, 41);                           \
  } while (0)

/* Ascon-p[rounds]: the last `rounds` rounds of p^12. */
/*@ requires \valid(s + (0 .. 4));
    requires 1 <= rounds <= 12;
    assigns s[0 .. 4]; */
static inline void ascon_permute_body(uint64_t s[5], unsigned rounds)
{
  uint64_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3], x4 = s[4];
  unsigned i;
  /*@ loop invariant 0 <= i <= 12;
      loop assigns i, x0, x1, x2, x3, x4;
      loop variant 12 - i; */
  for (i = 12u - rounds; i < 12u; i++)
    ASCON_ROUND(ascon_rc[i]);
  s[0] = x0; s[1] = x1; s[2] = x2; s[3] = x3; s[4] = x4;
}

/* The rate-8 absorbing loop of the hashes: for each whole 8-byte block,
 * XOR it into lane 0 (read big-endian if big, else little-endian) and apply
 * p^12.  Returns the bytes consumed: a multiple of 8 leaving fewer than 8. */
/*@ requires \valid(s + (0 .. 4));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(s + (0 .. 4), in + (0 .. inlen - 1));
    assigns s[0 .. 4];
    ensures \result <= inlen && inlen - \result < 8; */
static inline size_t ascon_absorb_body(uint64_t s[5], const uint8_t *in,
                                       size_t inlen, int big)
{
  uint64_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3], x4 = s[4];
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
    for (i = 0; i < 12u; i++)
      ASCON_ROUND(ascon_rc[i]);
    done += 8;
  }
  s[0] = x0; s[1] = x1; s[2] = x2; s[3] = x3; s[4] = x4;
  return done;
}

#endif
