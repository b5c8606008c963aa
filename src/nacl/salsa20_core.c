/* The Salsa20 permutation and the core functions of NaCl:
 * crypto_core_salsa20 (and its 12- and 8-round forms) and
 * crypto_core_hsalsa20.
 *
 * The 16 words live in local variables for the whole permutation (one
 * load, one store): the compiler keeps most of them in registers.  The
 * loop bound is the public round count; nothing depends on the key but
 * the values computed. */
#include "qed/nacl.h"
#include "common/bytes.h"
#include "nacl/salsa20.h"

/* One quarter-round (specification, section 3), on four locals. */
#define QED_SALSA_QR(a, b, c, d)       \
  do {                                 \
    b ^= qed_rotl32(a + d, 7);         \
    c ^= qed_rotl32(b + a, 9);         \
    d ^= qed_rotl32(c + b, 13);        \
    a ^= qed_rotl32(d + c, 18);        \
  } while (0)

void qed_salsa20_permute(uint32_t x[16], unsigned rounds)
{
  uint32_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
  uint32_t x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7];
  uint32_t x8 = x[8], x9 = x[9], x10 = x[10], x11 = x[11];
  uint32_t x12 = x[12], x13 = x[13], x14 = x[14], x15 = x[15];
  unsigned r;
  /*@ loop invariant 0 <= r <= rounds && r % 2 == 0;
      loop assigns r, x0, x1, x2, x3, x4, x5, x6, x7,
                   x8, x9, x10, x11, x12, x13, x14, x15;
      loop variant rounds - r; */
  for (r = 0; r < rounds; r += 2) {
    /* column round */
    QED_SALSA_QR(x0, x4, x8, x12);
    QED_SALSA_QR(x5, x9, x13, x1);
    QED_SALSA_QR(x10, x14, x2, x6);
    QED_SALSA_QR(x15, x3, x7, x11);
    /* row round */
    QED_SALSA_QR(x0, x1, x2, x3);
    QED_SALSA_QR(x5, x6, x7, x4);
    QED_SALSA_QR(x10, x11, x8, x9);
    QED_SALSA_QR(x15, x12, x13, x14);
  }
  x[0] = x0;   x[1] = x1;   x[2] = x2;   x[3] = x3;
  x[4] = x4;   x[5] = x5;   x[6] = x6;   x[7] = x7;
  x[8] = x8;   x[9] = x9;   x[10] = x10; x[11] = x11;
  x[12] = x12; x[13] = x13; x[14] = x14; x[15] = x15;
}

void qed_salsa20_setup(uint32_t x[16], const uint8_t in[16],
                       const uint8_t k[32], const uint8_t *c)
{
  if (c == NULL) {
    /* "expand 32-byte k", little-endian words */
    x[0] = 0x61707865u;
    x[5] = 0x3320646eu;
    x[10] = 0x79622d32u;
    x[15] = 0x6b206574u;
  } else {
    x[0] = qed_load32_le(c);
    x[5] = qed_load32_le(c + 4);
    x[10] = qed_load32_le(c + 8);
    x[15] = qed_load32_le(c + 12);
  }
  x[1] = qed_load32_le(k);
  x[2] = qed_load32_le(k + 4);
  x[3] = qed_load32_le(k + 8);
  x[4] = qed_load32_le(k + 12);
  x[11] = qed_load32_le(k + 16);
  x[12] = qed_load32_le(k + 20);
  x[13] = qed_load32_le(k + 24);
  x[14] = qed_load32_le(k + 28);
  x[6] = qed_load32_le(in);
  x[7] = qed_load32_le(in + 4);
  x[8] = qed_load32_le(in + 8);
  x[9] = qed_load32_le(in + 12);
}

/* out = Salsa20/rounds(state) + state, little-endian; out may overlap the
 * inputs: they are all read before the first store. */
/*@ requires \valid(out + (0 .. 63));
    requires \valid_read(in + (0 .. 15)) && \valid_read(k + (0 .. 31));
    requires c == \null || \valid_read(c + (0 .. 15));
    requires salsa_rounds(rounds);
    assigns out[0 .. 63]; */
static void core_salsa(uint8_t out[64], const uint8_t in[16],
                       const uint8_t k[32], const uint8_t *c,
                       unsigned rounds)
{
  uint32_t x[16], y[16];
  unsigned i;
  qed_salsa20_setup(x, in, k, c);
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, y[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    y[i] = x[i];
  qed_salsa20_permute(y, rounds);
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, out[0 .. 63];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    qed_store32_le(out + 4 * i, y[i] + x[i]);
  qed_salsa20_wipe(x);
  qed_salsa20_wipe(y);
}

int qed_crypto_core_salsa20(uint8_t out[64], const uint8_t in[16],
                            const uint8_t k[32], const uint8_t *c)
{
  core_salsa(out, in, k, c, 20);
  return 0;
}

int qed_crypto_core_salsa2012(uint8_t out[64], const uint8_t in[16],
                              const uint8_t k[32], const uint8_t *c)
{
  core_salsa(out, in, k, c, 12);
  return 0;
}

int qed_crypto_core_salsa208(uint8_t out[64], const uint8_t in[16],
                             const uint8_t k[32], const uint8_t *c)
{
  core_salsa(out, in, k, c, 8);
  return 0;
}

void qed_hsalsa20(uint8_t out[32], const uint8_t in[16], const uint8_t k[32],
                  const uint8_t *c)
{
  uint32_t x[16];
  qed_salsa20_setup(x, in, k, c);
  qed_salsa20_permute(x, 20);
  qed_store32_le(out, x[0]);
  qed_store32_le(out + 4, x[5]);
  qed_store32_le(out + 8, x[10]);
  qed_store32_le(out + 12, x[15]);
  qed_store32_le(out + 16, x[6]);
  qed_store32_le(out + 20, x[7]);
  qed_store32_le(out + 24, x[8]);
  qed_store32_le(out + 28, x[9]);
  qed_salsa20_wipe(x);
}

int qed_crypto_core_hsalsa20(uint8_t out[32], const uint8_t in[16],
                             const uint8_t k[32], const uint8_t *c)
{
  qed_hsalsa20(out, in, k, c);
  return 0;
}
