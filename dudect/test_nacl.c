/* Ed25519 signing and X25519 (include/qed/nacl.h).
 *
 * Fixed classes, chosen the way dudect chooses zero keys: inputs whose
 * bits are mostly zero, where a skipped addition or an early loop exit
 * would show first.
 *   ed25519_sign  the key pair of the all-zero seed (the secret scalar
 *                 and the nonce prefix are SHA-512 of that seed, so they
 *                 cannot be chosen; the zero seed is the fixed point a
 *                 test can name) against the key pair of a fresh random
 *                 seed; the message (64 bytes, public) is the same in
 *                 both classes, so the fixed class also signs with one
 *                 fixed nonce;
 *   x25519        the all-zero scalar, which clamping turns into 2^254
 *                 (one bit set of 255), against a random scalar; the
 *                 public point is one fixed valid point.             */
#include <string.h>

#include <qed/qed.h>

#include "tests.h"

/* ---- Ed25519: qed_crypto_sign_detached, the secret key fixed vs random */

static uint8_t sign_msg[64];
static uint8_t sign_fixed_sk[64];
static uint8_t sign_sig[64];

static int sign_setup(dudect_rng *g)
{
  uint8_t seed[32] = {0}, pk[32];
  dudect_rng_fill(g, sign_msg, sizeof sign_msg);
  return qed_crypto_sign_seed_keypair(pk, sign_fixed_sk, seed);
}

static void sign_prepare(void *slot, int random_class, dudect_rng *g)
{
  if (random_class) {
    uint8_t seed[32], pk[32];
    dudect_rng_fill(g, seed, sizeof seed);
    (void)qed_crypto_sign_seed_keypair(pk, slot, seed);
  } else {
    memcpy(slot, sign_fixed_sk, sizeof sign_fixed_sk);
  }
}

static int sign_call(void *slot)
{
  return qed_crypto_sign_detached(sign_sig, sign_msg, sizeof sign_msg, slot);
}

const dudect_test dudect_ed25519_sign = {
  "ed25519_sign", NULL,
  "secret key of the all-zero seed (message fixed, 64 bytes)",
  64, 50, sign_setup, sign_prepare, sign_call, 0,
};

/* ---- X25519: qed_crypto_scalarmult, the scalar fixed vs random ---- */

static uint8_t x_point[32];
static uint8_t x_out[32];

static int x_setup(dudect_rng *g)
{
  uint8_t n[32];
  dudect_rng_fill(g, n, sizeof n);
  return qed_crypto_scalarmult_base(x_point, n);
}

static void x_prepare(void *slot, int random_class, dudect_rng *g)
{
  if (random_class)
    dudect_rng_fill(g, slot, 32);
  else
    memset(slot, 0, 32);
}

static int x_call(void *slot)
{
  return qed_crypto_scalarmult(x_out, slot, x_point);
}

const dudect_test dudect_x25519 = {
  "x25519", NULL,
  "all-zero scalar (2^254 after clamping); point fixed",
  32, 50, x_setup, x_prepare, x_call, 0,
};
