/* The portable AES core: bitsliced, constant time, four blocks at once.
 *
 * The technique is BearSSL's "ct64" (Thomas Pornin), written afresh here:
 * the 64 bytes of four blocks are held as eight 64-bit bit planes q[0..7],
 * q[k] holding bit k of every byte.  Inside a plane, bit 16r + 4c + j is
 * byte (row r, column c) of block j, so that
 *   - SubBytes is one Boolean circuit applied to the eight planes at once
 *     (Boyar and Peralta's 113-gate circuit, 32 of them ANDs);
 *   - ShiftRows rotates each 16-bit row of a plane by 4r bits;
 *   - MixColumns is rotations of planes by whole rows (16 bits) plus the
 *     multiplication by x, a shuffle of planes;
 *   - AddRoundKey XORs eight precomputed planes.
 * No table, no index and no branch depending on data: the time depends
 * only on the number of rounds.
 *
 * Getting in and out: each block is read as four little-endian words
 * (its columns); "interleave" spreads the bytes of the even columns of
 * block j into word j and those of the odd columns into word j + 4, one
 * byte in two; "ortho" then transposes the 8x8 bit matrices formed by the
 * byte g of the eight words (word k bit 8g+i <-> word i bit 8g+k), which
 * lands byte (r, c) of block j in bit 16r + 4c + j of the planes.  ortho
 * is its own inverse.
 *
 * Decryption runs the inverse cipher directly on the same round keys: the
 * inverse S-box is A^-1 . S . A^-1 with A^-1(y) the inverse affine map
 * (three rotations of the planes and two complements), InvMixColumns is
 * Horner's rule on 14 = 8+4+2, 11 = 8+2+1, 13 = 8+4+1, 9 = 8+1.
 *
 * Proof shape: every step is its own function with a small contract and no
 * loop around long straight-line code (the S-box circuit in particular),
 * so WP's simplifier never carries the circuit along a loop invariant. */
#include "aes/aes_impl.h"
#include "common/bytes.h"

/* ---- the S-box on eight planes ---- */

/* Boyar-Peralta: top linear layer (u0 = most significant bit = plane 7),
 * the shared non-linear middle, the bottom linear layer with 4 XNORs. */
/*@ requires \valid(q + (0 .. 7));
    assigns q[0 .. 7]; */
static void sbox(uint64_t *q)
{
  uint64_t u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
  uint64_t u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
  uint64_t t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14;
  uint64_t t15, t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26, t27;
  uint64_t m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14;
  uint64_t m15, m16, m17, m18, m19, m20, m21, m22, m23, m24, m25, m26, m27;
  uint64_t m28, m29, m30, m31, m32, m33, m34, m35, m36, m37, m38, m39, m40;
  uint64_t m41, m42, m43, m44, m45, m46, m47, m48, m49, m50, m51, m52, m53;
  uint64_t m54, m55, m56, m57, m58, m59, m60, m61, m62, m63;
  uint64_t l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13, l14;
  uint64_t l15, l16, l17, l18, l19, l20, l21, l22, l23, l24, l25, l26, l27;
  uint64_t l28, l29;

  t1 = u0 ^ u3;    t2 = u0 ^ u5;    t3 = u0 ^ u6;    t4 = u3 ^ u5;
  t5 = u4 ^ u6;    t6 = t1 ^ t5;    t7 = u1 ^ u2;    t8 = u7 ^ t6;
  t9 = u7 ^ t7;    t10 = t6 ^ t7;   t11 = u1 ^ u5;   t12 = u2 ^ u5;
  t13 = t3 ^ t4;   t14 = t6 ^ t11;  t15 = t5 ^ t11;  t16 = t5 ^ t12;
  t17 = t9 ^ t16;  t18 = u3 ^ u7;   t19 = t7 ^ t18;  t20 = t1 ^ t19;
  t21 = u6 ^ u7;   t22 = t7 ^ t21;  t23 = t2 ^ t22;  t24 = t2 ^ t10;
  t25 = t20 ^ t17; t26 = t3 ^ t16;  t27 = t1 ^ t12;

  m1 = t13 & t6;   m2 = t23 & t8;   m3 = t14 ^ m1;   m4 = t19 & u7;
  m5 = m4 ^ m1;    m6 = t3 & t16;   m7 = t22 & t9;   m8 = t26 ^ m6;
  m9 = t20 & t17;  m10 = m9 ^ m6;   m11 = t1 & t15;  m12 = t4 & t27;
  m13 = m12 ^ m11; m14 = t2 & t10;  m15 = m14 ^ m11; m16 = m3 ^ m2;
  m17 = m5 ^ t24;  m18 = m8 ^ m7;   m19 = m10 ^ m15; m20 = m16 ^ m13;
  m21 = m17 ^ m15; m22 = m18 ^ m13; m23 = m19 ^ t25; m24 = m22 ^ m23;
  m25 = m22 & m20; m26 = m21 ^ m25; m27 = m20 ^ m21; m28 = m23 ^ m25;
  m29 = m28 & m27; m30 = m26 & m24; m31 = m20 & m23; m32 = m27 & m31;
  m33 = m27 ^ m25; m34 = m21 & m22; m35 = m24 & m34; m36 = m24 ^ m25;
  m37 = m21 ^ m29; m38 = m32 ^ m33; m39 = m23 ^ m30; m40 = m35 ^ m36;
  m41 = m38 ^ m40; m42 = m37 ^ m39; m43 = m37 ^ m38; m44 = m39 ^ m40;
  m45 = m42 ^ m41; m46 = m44 & t6;  m47 = m40 & t8;  m48 = m39 & u7;
  m49 = m43 & t16; m50 = m38 & t9;  m51 = m37 & t17; m52 = m42 & t15;
  m53 = m45 & t27; m54 = m41 & t10; m55 = m44 & t13; m56 = m40 & t23;
  m57 = m39 & t19; m58 = m43 & t3;  m59 = m38 & t22; m60 = m37 & t20;
  m61 = m42 & t1;  m62 = m45 & t4;  m63 = m41 & t2;

  l0 = m61 ^ m62;  l1 = m50 ^ m56;  l2 = m46 ^ m48;  l3 = m47 ^ m55;
  l4 = m54 ^ m58;  l5 = m49 ^ m61;  l6 = m62 ^ l5;   l7 = m46 ^ l3;
  l8 = m51 ^ m59;  l9 = m52 ^ m53;  l10 = m53 ^ l4;  l11 = m60 ^ l2;
  l12 = m48 ^ m51; l13 = m50 ^ l0;  l14 = m52 ^ m61; l15 = m55 ^ l1;
  l16 = m56 ^ l0;  l17 = m57 ^ l1;  l18 = m58 ^ l8;  l19 = m63 ^ l4;
  l20 = l0 ^ l1;   l21 = l1 ^ l7;   l22 = l3 ^ l12;  l23 = l18 ^ l2;
  l24 = l15 ^ l9;  l25 = l6 ^ l10;  l26 = l7 ^ l9;   l27 = l8 ^ l10;
  l28 = l11 ^ l14; l29 = l11 ^ l17;

  q[7] = l6 ^ l24;
  q[6] = ~(l16 ^ l26);
  q[5] = ~(l19 ^ l28);
  q[4] = l6 ^ l21;
  q[3] = l20 ^ l22;
  q[2] = l25 ^ l29;
  q[1] = ~(l13 ^ l27);
  q[0] = ~(l6 ^ l23);
}

/* The affine map y -> A^-1(y) ^ 0x05 with A^-1 the inverse of the S-box's
 * linear part: bit i of the result is y[i+2] ^ y[i+5] ^ y[i+7] (indices
 * mod 8), bits 0 and 2 complemented.  InvSubBytes = this . S . this. */
/*@ requires \valid(q + (0 .. 7));
    assigns q[0 .. 7]; */
static void inv_affine(uint64_t *q)
{
  uint64_t y0 = q[0], y1 = q[1], y2 = q[2], y3 = q[3];
  uint64_t y4 = q[4], y5 = q[5], y6 = q[6], y7 = q[7];
  q[0] = ~(y2 ^ y5 ^ y7);
  q[1] = y3 ^ y6 ^ y0;
  q[2] = ~(y4 ^ y7 ^ y1);
  q[3] = y5 ^ y0 ^ y2;
  q[4] = y6 ^ y1 ^ y3;
  q[5] = y7 ^ y2 ^ y4;
  q[6] = y0 ^ y3 ^ y5;
  q[7] = y1 ^ y4 ^ y6;
}

/*@ requires \valid(q + (0 .. 7));
    assigns q[0 .. 7]; */
static void inv_sbox(uint64_t *q)
{
  inv_affine(q);
  sbox(q);
  inv_affine(q);
}

/* ---- the linear layers ---- */

/* Row r (bits 16r .. 16r+15) rotated right by 4r bits: column c takes
 * column c + r. */
/*@ assigns \nothing; */
static uint64_t shift_rows_plane(uint64_t x)
{
  return (x & 0x000000000000FFFFull)
       | ((x & 0x00000000FFF00000ull) >> 4) | ((x & 0x00000000000F0000ull) << 12)
       | ((x & 0x0000FF0000000000ull) >> 8) | ((x & 0x000000FF00000000ull) << 8)
       | ((x & 0xF000000000000000ull) >> 12) | ((x & 0x0FFF000000000000ull) << 4);
}

/* The inverse: column c takes column c - r. */
/*@ assigns \nothing; */
static uint64_t inv_shift_rows_plane(uint64_t x)
{
  return (x & 0x000000000000FFFFull)
       | ((x & 0x000000000FFF0000ull) << 4) | ((x & 0x00000000F0000000ull) >> 12)
       | ((x & 0x0000FF0000000000ull) >> 8) | ((x & 0x000000FF00000000ull) << 8)
       | ((x & 0x000F000000000000ull) << 12) | ((x & 0xFFF0000000000000ull) >> 4);
}

/*@ requires \valid(q + (0 .. 7));
    assigns q[0 .. 7]; */
static void shift_rows(uint64_t *q)
{
  unsigned k;
  /*@ loop invariant 0 <= k <= 8;
      loop assigns k, q[0 .. 7];
      loop variant 8 - k; */
  for (k = 0; k < 8; k++)
    q[k] = shift_rows_plane(q[k]);
}

/*@ requires \valid(q + (0 .. 7));
    assigns q[0 .. 7]; */
static void inv_shift_rows(uint64_t *q)
{
  unsigned k;
  /*@ loop invariant 0 <= k <= 8;
      loop assigns k, q[0 .. 7];
      loop variant 8 - k; */
  for (k = 0; k < 8; k++)
    q[k] = inv_shift_rows_plane(q[k]);
}

/* Rotations of a plane by whole rows: rot16(x) has row r+1 at row r. */
#define ROT16(x) (((x) >> 16) | ((x) << 48))
#define ROT32(x) (((x) >> 32) | ((x) << 32))

/* MixColumns: out_r = 2 a_r ^ 3 a_{r+1} ^ a_{r+2} ^ a_{r+3}
 *                   = 2 (a_r ^ a_{r+1}) ^ a_{r+1} ^ (a_{r+2} ^ a_{r+3}).
 * With t = q ^ rot16(q) (= a_r ^ a_{r+1}), rot32(t) = a_{r+2} ^ a_{r+3};
 * 2t moves plane k to k+1 and folds plane 7 into planes 0, 1, 3, 4 (the
 * polynomial 0x11b). */
/*@ requires \valid(q + (0 .. 7));
    assigns q[0 .. 7]; */
static void mix_columns(uint64_t *q)
{
  uint64_t q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3];
  uint64_t q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];
  uint64_t r0 = ROT16(q0), r1 = ROT16(q1), r2 = ROT16(q2), r3 = ROT16(q3);
  uint64_t r4 = ROT16(q4), r5 = ROT16(q5), r6 = ROT16(q6), r7 = ROT16(q7);
  uint64_t t0 = q0 ^ r0, t1 = q1 ^ r1, t2 = q2 ^ r2, t3 = q3 ^ r3;
  uint64_t t4 = q4 ^ r4, t5 = q5 ^ r5, t6 = q6 ^ r6, t7 = q7 ^ r7;
  q[0] = t7 ^ r0 ^ ROT32(t0);
  q[1] = t0 ^ t7 ^ r1 ^ ROT32(t1);
  q[2] = t1 ^ r2 ^ ROT32(t2);
  q[3] = t2 ^ t7 ^ r3 ^ ROT32(t3);
  q[4] = t3 ^ t7 ^ r4 ^ ROT32(t4);
  q[5] = t4 ^ r5 ^ ROT32(t5);
  q[6] = t5 ^ r6 ^ ROT32(t6);
  q[7] = t6 ^ r7 ^ ROT32(t7);
}

/* x <- 2x on eight planes (as in mix_columns), then x ^= a. */
/*@ requires \valid(x + (0 .. 7)) && \valid_read(a + (0 .. 7));
    requires \separated(x + (0 .. 7), a + (0 .. 7));
    assigns x[0 .. 7]; */
static void times2_xor(uint64_t *x, const uint64_t *a)
{
  uint64_t x7 = x[7];
  x[7] = x[6] ^ a[7];
  x[6] = x[5] ^ a[6];
  x[5] = x[4] ^ a[5];
  x[4] = x[3] ^ x7 ^ a[4];
  x[3] = x[2] ^ x7 ^ a[3];
  x[2] = x[1] ^ a[2];
  x[1] = x[0] ^ x7 ^ a[1];
  x[0] = x7 ^ a[0];
}

/* InvMixColumns: out_r = 14 a_r ^ 11 a_{r+1} ^ 13 a_{r+2} ^ 9 a_{r+3}
 *   = 2 (2 (2 s ^ t) ^ u) ^ v   with  s = a_r ^ a_{r+1} ^ a_{r+2} ^ a_{r+3},
 *   t = a_r ^ a_{r+2},  u = a_r ^ a_{r+1},  v = a_{r+1} ^ a_{r+2} ^ a_{r+3}. */
/*@ requires \valid(q + (0 .. 7));
    assigns q[0 .. 7]; */
static void inv_mix_columns(uint64_t *q)
{
  uint64_t s[8], t[8], u[8], v[8];
  unsigned k;
  /*@ loop invariant 0 <= k <= 8;
      loop assigns k, s[0 .. 7], t[0 .. 7], u[0 .. 7], v[0 .. 7];
      loop variant 8 - k; */
  for (k = 0; k < 8; k++) {
    uint64_t a = q[k];
    uint64_t w = a ^ ROT16(a);     /* a_r ^ a_{r+1}             */
    uint64_t z = ROT32(w);         /* a_{r+2} ^ a_{r+3}         */
    s[k] = w ^ z;
    t[k] = a ^ ROT32(a);
    u[k] = w;
    v[k] = ROT16(a) ^ z;
  }
  times2_xor(s, t);
  times2_xor(s, u);
  times2_xor(s, v);
  /*@ loop invariant 0 <= k <= 8;
      loop assigns k, q[0 .. 7];
      loop variant 8 - k; */
  for (k = 0; k < 8; k++)
    q[k] = s[k];
}

/*@ requires \valid(q + (0 .. 7)) && \valid_read(rk + (0 .. 7));
    requires \separated(q + (0 .. 7), rk + (0 .. 7));
    assigns q[0 .. 7]; */
static void add_round_key(uint64_t *q, const uint64_t *rk)
{
  unsigned k;
  /*@ loop invariant 0 <= k <= 8;
      loop assigns k, q[0 .. 7];
      loop variant 8 - k; */
  for (k = 0; k < 8; k++)
    q[k] ^= rk[k];
}

/* ---- in and out of the bitsliced form ---- */

/* Swap the bits of x selected by lo << s with those of y selected by lo:
 * one step of the 8x8 transposition. */
#define SWAPN(lo, s, x, y)                                                    \
  do {                                                                        \
    uint64_t a_ = (x), b_ = (y);                                              \
    (x) = (a_ & (lo)) | ((b_ & (lo)) << (s));                                 \
    (y) = ((a_ >> (s)) & (lo)) | (b_ & ((lo) << (s)));                        \
  } while (0)

/* Transpose, for each byte position g, the 8x8 bit matrix whose row k is
 * byte g of q[k].  Its own inverse. */
/*@ requires \valid(q + (0 .. 7));
    assigns q[0 .. 7]; */
static void ortho(uint64_t *q)
{
  uint64_t q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3];
  uint64_t q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];
  SWAPN(0x5555555555555555ull, 1, q0, q1);
  SWAPN(0x5555555555555555ull, 1, q2, q3);
  SWAPN(0x5555555555555555ull, 1, q4, q5);
  SWAPN(0x5555555555555555ull, 1, q6, q7);
  SWAPN(0x3333333333333333ull, 2, q0, q2);
  SWAPN(0x3333333333333333ull, 2, q1, q3);
  SWAPN(0x3333333333333333ull, 2, q4, q6);
  SWAPN(0x3333333333333333ull, 2, q5, q7);
  SWAPN(0x0F0F0F0F0F0F0F0Full, 4, q0, q4);
  SWAPN(0x0F0F0F0F0F0F0F0Full, 4, q1, q5);
  SWAPN(0x0F0F0F0F0F0F0F0Full, 4, q2, q6);
  SWAPN(0x0F0F0F0F0F0F0F0Full, 4, q3, q7);
  q[0] = q0; q[1] = q1; q[2] = q2; q[3] = q3;
  q[4] = q4; q[5] = q5; q[6] = q6; q[7] = q7;
}

/* Byte i of the 32-bit x to byte 2i of the result. */
/*@ assigns \nothing; */
static uint64_t spread(uint32_t x)
{
  uint64_t v = x;
  v = (v | (v << 16)) & 0x0000FFFF0000FFFFull;
  v = (v | (v << 8)) & 0x00FF00FF00FF00FFull;
  return v;
}

/* The inverse: byte 2i of v to byte i of the result. */
/*@ assigns \nothing; */
static uint32_t gather(uint64_t v)
{
  v &= 0x00FF00FF00FF00FFull;
  v = (v | (v >> 8)) & 0x0000FFFF0000FFFFull;
  v = v | (v >> 16);
  return (uint32_t)v;
}

/* Block blk[0 .. 15] into slot j (0..3): columns 0 and 2 into q[j],
 * columns 1 and 3 into q[j + 4]. */
/*@ requires j < 4;
    requires \valid(q + (0 .. 7)) && \valid_read(blk + (0 .. 15));
    requires \separated(q + (0 .. 7), blk + (0 .. 15));
    assigns q[j], q[j + 4]; */
static void interleave_in(uint64_t *q, unsigned j, const uint8_t *blk)
{
  q[j] = spread(qed_load32_le(blk)) | (spread(qed_load32_le(blk + 8)) << 8);
  q[j + 4] = spread(qed_load32_le(blk + 4))
           | (spread(qed_load32_le(blk + 12)) << 8);
}

/*@ requires j < 4;
    requires \valid_read(q + (0 .. 7)) && \valid(blk + (0 .. 15));
    requires \separated(q + (0 .. 7), blk + (0 .. 15));
    assigns blk[0 .. 15]; */
static void interleave_out(uint8_t *blk, const uint64_t *q, unsigned j)
{
  qed_store32_le(blk, gather(q[j]));
  qed_store32_le(blk + 8, gather(q[j] >> 8));
  qed_store32_le(blk + 4, gather(q[j + 4]));
  qed_store32_le(blk + 12, gather(q[j + 4] >> 8));
}

/*@ requires \valid(q + (0 .. 7)) && \valid_read(in + (0 .. 63));
    requires \separated(q + (0 .. 7), in + (0 .. 63));
    assigns q[0 .. 7]; */
static void load4(uint64_t *q, const uint8_t *in)
{
  unsigned j;
  /*@ loop invariant 0 <= j <= 4;
      loop assigns j, q[0 .. 7];
      loop variant 4 - j; */
  for (j = 0; j < 4; j++)
    interleave_in(q, j, in + 16 * j);
  ortho(q);
}

/*@ requires \valid(q + (0 .. 7)) && \valid(out + (0 .. 63));
    requires \separated(q + (0 .. 7), out + (0 .. 63));
    assigns q[0 .. 7], out[0 .. 63]; */
static void store4(uint8_t *out, uint64_t *q)
{
  unsigned j;
  ortho(q);
  /*@ loop invariant 0 <= j <= 4;
      loop assigns j, out[0 .. 63];
      loop variant 4 - j; */
  for (j = 0; j < 4; j++)
    interleave_out(out + 16 * j, q, j);
}

/* The planes are the cipher state (or keystream): wiped before return,
 * through a volatile lvalue the compiler may not drop. */
/*@ requires \valid(q + (0 .. 7));
    assigns q[0 .. 7]; */
static void wipe8(uint64_t *q)
{
  volatile uint64_t *v = q;
  unsigned k;
  /*@ loop invariant 0 <= k <= 8;
      loop assigns k, q[0 .. 7];
      loop variant 8 - k; */
  for (k = 0; k < 8; k++)
    v[k] = 0;
}

/* ---- the cipher ---- */

void qed_aes_ct64_encrypt4(const uint64_t *sk, unsigned rounds, uint8_t *out,
                           const uint8_t *in)
{
  uint64_t q[8];
  unsigned u;
  load4(q, in);
  add_round_key(q, sk);
  /*@ loop invariant 1 <= u <= rounds;
      loop assigns u, q[0 .. 7];
      loop variant rounds - u; */
  for (u = 1; u < rounds; u++) {
    sbox(q);
    shift_rows(q);
    mix_columns(q);
    add_round_key(q, sk + 8 * u);
  }
  sbox(q);
  shift_rows(q);
  add_round_key(q, sk + 8 * rounds);
  store4(out, q);
  wipe8(q);
}

void qed_aes_ct64_decrypt4(const uint64_t *sk, unsigned rounds, uint8_t *out,
                           const uint8_t *in)
{
  uint64_t q[8];
  unsigned u;
  load4(q, in);
  add_round_key(q, sk + 8 * rounds);
  /*@ loop invariant 0 <= u < rounds;
      loop assigns u, q[0 .. 7];
      loop variant u; */
  for (u = rounds - 1; u > 0; u--) {
    inv_shift_rows(q);
    inv_sbox(q);
    add_round_key(q, sk + 8 * u);
    inv_mix_columns(q);
  }
  inv_shift_rows(q);
  inv_sbox(q);
  add_round_key(q, sk);
  store4(out, q);
  wipe8(q);
}

/* ---- for the key schedule ---- */

/* w in the low 32 bits of plane 0, nothing elsewhere: after ortho, its
 * byte g is spread over bit 8g of the eight planes; the S-box maps every
 * bit position at once (the others hold S(0), discarded); ortho brings the
 * four results back to plane 0. */
uint32_t qed_aes_ct64_subword(uint32_t w)
{
  uint64_t q[8];
  uint32_t r;
  unsigned k;
  /*@ loop invariant 0 <= k <= 8;
      loop assigns k, q[0 .. 7];
      loop variant 8 - k; */
  for (k = 0; k < 8; k++)
    q[k] = 0;
  q[0] = w;
  ortho(q);
  sbox(q);
  ortho(q);
  r = (uint32_t)q[0];
  wipe8(q);
  return r;
}

void qed_aes_ct64_roundkey(uint64_t *sk, const uint8_t *rk)
{
  unsigned j;
  /*@ loop invariant 0 <= j <= 4;
      loop assigns j, sk[0 .. 7];
      loop variant 4 - j; */
  for (j = 0; j < 4; j++)
    interleave_in(sk, j, rk);
  ortho(sk);
}
