/* qed_bn_powm_sec at 2048 bits (include/qed/bn.h): r = b^e mod m with a
 * fixed random odd 2048-bit m (top bit set), on the portable backend and
 * on the default one (where an AVX-512 IFMA path may be chosen).
 *   powm_sec_exp   e = 2^2047 (one bit set: every window but the top one
 *                  is zero, what a window-skipping or square-and-multiply
 *                  exponentiation shows first) against a random 2048-bit
 *                  e with its top bit set (so both have 32 limbs: the
 *                  documented time depends on m's and e's limb counts);
 *                  b fixed random;
 *   powm_sec_base  b = 0 (no limbs at all: the documentation promises
 *                  that b's value and length do not matter; every
 *                  Montgomery product is then 0 and needs no final
 *                  subtraction) against a random b < 2^2047 < m; e fixed
 *                  random with its top bit set;
 *   powm_sec_base_fixrnd  the control of powm_sec_base: the fixed class is
 *                  one random b < 2^2047 (the b of powm_setup, drawn once
 *                  per process) in place of 0.  A leak that shows for
 *                  b = 0 and not here is tied to the value 0 (all-zero
 *                  operands all the way through), not to b as such; the
 *                  sign of the shift (dudect prints fixed minus random)
 *                  says which class is slower.
 * A slot holds one qed_bn, converted from bytes while the clock is
 * stopped (qed_bn_from_bytes is variable time: it trims leading zero
 * limbs). */
#include <string.h>

#include <qed/qed.h>

#include "tests.h"

#define BITS 2048
#define BYTES (BITS / 8)

static qed_bn bn_m, bn_b, bn_e, bn_r;

static int random_bn(qed_bn *x, dudect_rng *g, uint8_t top_or, uint8_t top_and,
                     uint8_t low_or)
{
  uint8_t be[BYTES];
  dudect_rng_fill(g, be, sizeof be);
  be[0] = (uint8_t)((be[0] & top_and) | top_or);
  be[BYTES - 1] |= low_or;
  return qed_bn_from_bytes(x, be, sizeof be);
}

static int powm_setup(dudect_rng *g)
{
  if (random_bn(&bn_m, g, 0x80, 0xff, 1) != 0)     /* odd, 2048 bits */
    return -1;
  if (random_bn(&bn_b, g, 0x00, 0x7f, 0) != 0)     /* < 2^2047 < m */
    return -1;
  return random_bn(&bn_e, g, 0x80, 0xff, 0);       /* 2048 bits */
}

/* ---- the exponent secret ---- */

static void exp_prepare(void *slot, int random_class, dudect_rng *g)
{
  if (random_class) {
    (void)random_bn(slot, g, 0x80, 0xff, 0);
  } else {
    uint8_t be[BYTES] = {0x80};
    (void)qed_bn_from_bytes(slot, be, sizeof be);   /* 2^2047 */
  }
}

static int exp_call(void *slot)
{
  return qed_bn_powm_sec(&bn_r, &bn_b, slot, &bn_m);
}

/* ---- the base secret ---- */

static void base_prepare(void *slot, int random_class, dudect_rng *g)
{
  if (random_class)
    (void)random_bn(slot, g, 0x00, 0x7f, 0);
  else
    qed_bn_zero(slot);
}

static void base_fixrnd_prepare(void *slot, int random_class, dudect_rng *g)
{
  if (random_class)
    (void)random_bn(slot, g, 0x00, 0x7f, 0);
  else
    memcpy(slot, &bn_b, sizeof bn_b);
}

static int base_call(void *slot)
{
  return qed_bn_powm_sec(&bn_r, slot, &bn_e, &bn_m);
}

/* One pair of rows per backend: portable (the proven Montgomery C, which
 * the avx2 backend runs too: measured at the same speed, so no row of its
 * own) and the default (the best the CPU has: on an AVX-512 IFMA machine,
 * the radix-2^52 IFMA exponentiation of src/bn/simd/). */
#define POWM_ROWS(tag, backend, weight)                                     \
  const dudect_test dudect_powm_exp_##tag = {                               \
    "powm_sec_exp", backend, "e = 2^2047 (b, m fixed; 2048 bits)",          \
    sizeof(qed_bn), weight, powm_setup, exp_prepare, exp_call, 0,           \
  };                                                                        \
  const dudect_test dudect_powm_base_##tag = {                              \
    "powm_sec_base", backend, "b = 0 (e, m fixed; 2048 bits)",              \
    sizeof(qed_bn), weight, powm_setup, base_prepare, base_call, 0,         \
  };

POWM_ROWS(portable, "portable", 1)
POWM_ROWS(default, NULL, 5)

const dudect_test dudect_powm_base_fixrnd = {
  "powm_sec_base_fixrnd", NULL, "b = one random b < 2^2047 (the control of powm_sec_base)",
  sizeof(qed_bn), 5, powm_setup, base_fixrnd_prepare, base_call, 0,
};
