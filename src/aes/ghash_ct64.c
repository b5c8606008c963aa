/* GHASH (SP 800-38D, 6.4) in portable constant-time C: no table, no
 * branch; the carry-less products come from ordinary integer
 * multiplications (BearSSL's "ctmul64" technique, written afresh).
 *
 * Carry-less from integer products: keep one bit in four of each operand
 * (masks 0x1111.., 0x2222.., 0x4444.., 0x8888..).  In the integer product
 * of two such pieces, each result bit position below 64 receives at most
 * 15 partial products, so their sum fits in the 4 bits up to the next
 * position of the same class and its low bit is the XOR; masking the
 * result with the right class keeps exactly those.  Sixteen products give
 * the low 64 bits of a 64x64 carry-less product; the high 64 bits are
 * those of the bit-reversed operands, reversed (and shifted by one).
 *
 * Representation: a block read as two big-endian words (hi, lo) is the
 * 128-bit integer whose bit 127 - i is the coefficient of x^i (GCM's
 * reflected order).  The carry-less product of two such integers is the
 * 255-bit reversal of the polynomial product; shifted left by one it is
 * the 256-bit reversal, whose upper half holds the coefficients 0..127 and
 * lower half 128..255, folded back with x^128 = x^7 + x^2 + x + 1: in
 * this order a multiplication by x^e is a right shift by e, and the bits a
 * shift pushes out are folded once more first (they are coefficients 128
 * and up again). */
#include "aes/aes_impl.h"
#include "common/bytes.h"

#define M1 0x1111111111111111ull
#define M2 0x2222222222222222ull
#define M4 0x4444444444444444ull
#define M8 0x8888888888888888ull

/* Low 64 bits of the carry-less product x * y. */
/*@ assigns \nothing; */
static uint64_t bmul64(uint64_t x, uint64_t y)
{
  uint64_t x0 = x & M1, x1 = x & M2, x2 = x & M4, x3 = x & M8;
  uint64_t y0 = y & M1, y1 = y & M2, y2 = y & M4, y3 = y & M8;
  uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
  uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
  uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
  uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
  return (z0 & M1) | (z1 & M2) | (z2 & M4) | (z3 & M8);
}

/* Bit reversal of a 64-bit word. */
/*@ assigns \nothing; */
static uint64_t rev64(uint64_t x)
{
  x = ((x & 0x5555555555555555ull) << 1) | ((x >> 1) & 0x5555555555555555ull);
  x = ((x & 0x3333333333333333ull) << 2) | ((x >> 2) & 0x3333333333333333ull);
  x = ((x & 0x0F0F0F0F0F0F0F0Full) << 4) | ((x >> 4) & 0x0F0F0F0F0F0F0F0Full);
  x = ((x & 0x00FF00FF00FF00FFull) << 8) | ((x >> 8) & 0x00FF00FF00FF00FFull);
  x = ((x & 0x0000FFFF0000FFFFull) << 16) | ((x >> 16) & 0x0000FFFF0000FFFFull);
  return (x << 32) | (x >> 32);
}

/* The 127-bit carry-less product of x and y: p[0] high, p[1] low. */
/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1]; */
static void clmul64(uint64_t *p, uint64_t x, uint64_t y)
{
  p[1] = bmul64(x, y);
  p[0] = rev64(bmul64(rev64(x), rev64(y))) >> 1;
}

/* (y[0], y[1]) <- (y[0], y[1]) * (h1, h0) in GF(2^128), GCM's order:
 * Karatsuba over three 64x64 products, shift by one, reduction. */
/*@ requires \valid(y + (0 .. 1));
    assigns y[0 .. 1]; */
static void gf128_mul(uint64_t *y, uint64_t h1, uint64_t h0)
{
  uint64_t a[2], b[2], c[2];
  uint64_t z0, z1, z2, z3, v;
  clmul64(a, y[0], h1);                    /* high halves */
  clmul64(b, y[1], h0);                    /* low halves  */
  clmul64(c, y[0] ^ y[1], h1 ^ h0);
  c[0] ^= a[0] ^ b[0];
  c[1] ^= a[1] ^ b[1];
  z3 = a[0];
  z2 = a[1] ^ c[0];
  z1 = b[0] ^ c[1];
  z0 = b[1];
  /* 255 -> 256 bits */
  z3 = (z3 << 1) | (z2 >> 63);
  z2 = (z2 << 1) | (z1 >> 63);
  z1 = (z1 << 1) | (z0 >> 63);
  z0 <<= 1;
  /* fold (z1, z0): the bits that the shifts by 1, 2, 7 push out first */
  v = z1 ^ (z0 << 63) ^ (z0 << 62) ^ (z0 << 57);
  y[0] = z3 ^ v ^ (v >> 1) ^ (v >> 2) ^ (v >> 7);
  y[1] = z2 ^ z0 ^ (z0 >> 1) ^ (v << 63) ^ (z0 >> 2) ^ (v << 62)
       ^ (z0 >> 7) ^ (v << 57);
}

void qed_ghash_key_init_portable(qed_ghash_key *key, const uint8_t *h)
{
  size_t i;
  key->h[0] = qed_load64_be(h);
  key->h[1] = qed_load64_be(h + 8);
  /*@ loop invariant 0 <= i <= 32;
      loop assigns i, key->hw[0 .. 31];
      loop variant 32 - i; */
  for (i = 0; i < 32; i++)
    key->hw[i] = 0;
}

void qed_ghash_blocks_portable(const qed_ghash_key *key, uint8_t *y,
                               const uint8_t *in, size_t nblocks)
{
  uint64_t s[2];
  const uint64_t h1 = key->h[0], h0 = key->h[1];
  size_t left = nblocks;
  s[0] = qed_load64_be(y);
  s[1] = qed_load64_be(y + 8);
  /*@ loop invariant 0 <= left <= nblocks;
      loop invariant in == \at(in, Pre) + 16 * (nblocks - left);
      loop assigns left, in, s[0 .. 1];
      loop variant left; */
  while (left > 0) {
    s[0] ^= qed_load64_be(in);
    s[1] ^= qed_load64_be(in + 8);
    gf128_mul(s, h1, h0);
    in += 16;
    left--;
  }
  qed_store64_be(y, s[0]);
  qed_store64_be(y + 8, s[1]);
}
