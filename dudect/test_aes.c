/* AES on the portable path (the proven bitsliced core, include/qed/aes.h),
 * run with QED_BACKEND=portable: the hardware backends are AES-NI and
 * VAES, constant time by construction; the portable core is the one whose
 * timing is the library's doing.
 *   aes128_key, aes256_key  the all-zero key against a random one; the
 *                           timed call expands the key (qed_aes_init) and
 *                           encrypts four fixed blocks (one pass of the
 *                           four-block bitsliced core) with it;
 *   aes128_pt               the all-zero plaintext (four blocks) against
 *                           a random one, under one fixed random key;
 *   aes128_key_fixrnd       the control of aes128_key: the fixed class is
 *                           one random key, drawn once per process, in
 *                           place of the all-zero one.  A shift that shows
 *                           for the zero key and not here is tied to the
 *                           value 0, not to the key as such.  */
#include <string.h>

#include <qed/qed.h>

#include "tests.h"

static qed_aes_ctx aes_ctx;
static uint8_t aes_in[64];
static uint8_t aes_out[64];

static void zero_or_random(void *slot, size_t n, int random_class,
                           dudect_rng *g)
{
  if (random_class)
    dudect_rng_fill(g, slot, n);
  else
    memset(slot, 0, n);
}

/* ---- the key secret ---- */

static int key_setup(dudect_rng *g)
{
  dudect_rng_fill(g, aes_in, sizeof aes_in);
  return 0;
}

static void key16_prepare(void *slot, int random_class, dudect_rng *g)
{
  zero_or_random(slot, 16, random_class, g);
}

static void key32_prepare(void *slot, int random_class, dudect_rng *g)
{
  zero_or_random(slot, 32, random_class, g);
}

static int key16_call(void *slot)
{
  const int r = qed_aes_init(&aes_ctx, slot, 16);
  qed_aes_ecb_encrypt(&aes_ctx, aes_out, aes_in, 4);
  return r;
}

static int key32_call(void *slot)
{
  const int r = qed_aes_init(&aes_ctx, slot, 32);
  qed_aes_ecb_encrypt(&aes_ctx, aes_out, aes_in, 4);
  return r;
}

const dudect_test dudect_aes128_key = {
  "aes128_key", "portable",
  "all-zero key (init + 4 fixed blocks)",
  16, 1000, key_setup, key16_prepare, key16_call, 0,
};

const dudect_test dudect_aes256_key = {
  "aes256_key", "portable",
  "all-zero key (init + 4 fixed blocks)",
  32, 1000, key_setup, key32_prepare, key32_call, 0,
};

/* the control: a fixed random key against random keys */
static uint8_t aes_fixed_key[16];

static int key_fixrnd_setup(dudect_rng *g)
{
  dudect_rng_fill(g, aes_fixed_key, sizeof aes_fixed_key);
  return key_setup(g);
}

static void key16_fixrnd_prepare(void *slot, int random_class, dudect_rng *g)
{
  if (random_class)
    dudect_rng_fill(g, slot, 16);
  else
    memcpy(slot, aes_fixed_key, 16);
}

const dudect_test dudect_aes128_key_fixrnd = {
  "aes128_key_fixrnd", "portable",
  "one random key (the control of aes128_key)",
  16, 1000, key_fixrnd_setup, key16_fixrnd_prepare, key16_call, 0,
};

/* ---- the plaintext secret ---- */

static int pt_setup(dudect_rng *g)
{
  uint8_t key[16];
  dudect_rng_fill(g, key, sizeof key);
  return qed_aes_init(&aes_ctx, key, sizeof key);
}

static void pt_prepare(void *slot, int random_class, dudect_rng *g)
{
  zero_or_random(slot, 64, random_class, g);
}

static int pt_call(void *slot)
{
  qed_aes_ecb_encrypt(&aes_ctx, aes_out, slot, 4);
  return 0;
}

const dudect_test dudect_aes128_pt = {
  "aes128_pt", "portable",
  "all-zero plaintext, 4 blocks (key fixed)",
  64, 1000, pt_setup, pt_prepare, pt_call, 0,
};
