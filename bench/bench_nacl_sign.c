/* Bench rows of Ed25519 (bench/harness.h) against Debian's libsodium
 * (crypto_sign_detached, crypto_sign_verify_detached,
 * crypto_sign_seed_keypair), per call: signing and verifying a 256-byte
 * message, and a key pair from a seed.  Issue 6 asks for at most 1.0x
 * libsodium's cycles for each.  The key, the message and its signature are
 * made once, in setup; both libraries must give the same signature and
 * the same public key (check_len), and verification must accept. */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "harness.h"
#include "qed/nacl.h"

static uint8_t sign_seed[32], sign_pk[32], sign_sk[64], sign_msg[256];
static uint8_t sign_sig[64];

static void q_sign(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in;
  (void)n;
  for (unsigned long i = 0; i < it; i++)
    (void)qed_crypto_sign_detached(o, sign_msg, sizeof sign_msg, sign_sk);
}
static void s_sign(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in;
  (void)n;
  for (unsigned long i = 0; i < it; i++)
    (void)crypto_sign_detached(o, NULL, sign_msg, sizeof sign_msg, sign_sk);
}
static void q_verify(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in;
  (void)n;
  for (unsigned long i = 0; i < it; i++)
    o[0] = (uint8_t)qed_crypto_sign_verify_detached(sign_sig, sign_msg,
                                                     sizeof sign_msg, sign_pk);
}
static void s_verify(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in;
  (void)n;
  for (unsigned long i = 0; i < it; i++)
    o[0] = (uint8_t)crypto_sign_verify_detached(sign_sig, sign_msg,
                                                sizeof sign_msg, sign_pk);
}
/* the seed is in[0 .. 31] */
static void q_keypair(uint8_t *o, const uint8_t *in, size_t n,
                      unsigned long it)
{
  uint8_t sk[64];
  (void)n;
  for (unsigned long i = 0; i < it; i++)
    (void)qed_crypto_sign_seed_keypair(o, sk, in);
}
static void s_keypair(uint8_t *o, const uint8_t *in, size_t n,
                      unsigned long it)
{
  uint8_t sk[64];
  (void)n;
  for (unsigned long i = 0; i < it; i++)
    (void)crypto_sign_seed_keypair(o, sk, in);
}

static int nacl_sign_setup(void)
{
  uint8_t sig2[64];
  if (sodium_init() < 0)
    return -1;
  for (size_t i = 0; i < sizeof sign_seed; i++)
    sign_seed[i] = (uint8_t)(7 * i + 1);
  for (size_t i = 0; i < sizeof sign_msg; i++)
    sign_msg[i] = (uint8_t)(13 * i + 5);
  crypto_sign_seed_keypair(sign_pk, sign_sk, sign_seed);
  crypto_sign_detached(sign_sig, NULL, sign_msg, sizeof sign_msg, sign_sk);
  if (qed_crypto_sign_detached(sig2, sign_msg, sizeof sign_msg, sign_sk) != 0 ||
      memcmp(sig2, sign_sig, 64) != 0 ||
      qed_crypto_sign_verify_detached(sign_sig, sign_msg, sizeof sign_msg,
                                      sign_pk) != 0) {
    printf("Ed25519: qed and libsodium disagree; rows skipped\n");
    return -1;
  }
  return 0;
}

static const bench_row rows[] = {
  { "Ed25519 sign, 256 B", 0, q_sign, s_sign, "libsodium", 64, 1.0, 0 },
  { "Ed25519 verify, 256 B", 0, q_verify, s_verify, "libsodium", 1, 1.0, 0 },
  { "Ed25519 keypair (seed)", 0, q_keypair, s_keypair, "libsodium", 32, 1.0,
    0 },
};

const bench_family bench_family_nacl_sign = {
  "NaCl (Ed25519)", nacl_sign_setup, rows, sizeof rows / sizeof rows[0]
};
