/* Bench rows of the NaCl family (bench/harness.h): X25519 against
 * Debian's libsodium (crypto_scalarmult, crypto_scalarmult_base, with its
 * own run-time choice of implementation), per call, same scalar and point;
 * issue 6 asks for at most 1.0x libsodium's cycles for both. */
#include <sodium.h>

#include "harness.h"
#include "qed/nacl.h"

/* The scalar is in[0 .. 31], the point in[32 .. 63]. */
static void q_x25519(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)n;
  for (unsigned long i = 0; i < it; i++)
    (void)qed_crypto_scalarmult(o, in, in + 32);
}
static void s_x25519(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)n;
  for (unsigned long i = 0; i < it; i++)
    if (crypto_scalarmult(o, in, in + 32) != 0) o[0] ^= 1;
}
static void q_x25519_base(uint8_t *o, const uint8_t *in, size_t n,
                          unsigned long it)
{
  (void)n;
  for (unsigned long i = 0; i < it; i++)
    (void)qed_crypto_scalarmult_base(o, in);
}
static void s_x25519_base(uint8_t *o, const uint8_t *in, size_t n,
                          unsigned long it)
{
  (void)n;
  for (unsigned long i = 0; i < it; i++)
    (void)crypto_scalarmult_base(o, in);
}

static int nacl_setup(void)
{
  return sodium_init() < 0 ? -1 : 0;
}

static const bench_row rows[] = {
  { "X25519 scalarmult", 0, q_x25519, s_x25519, "libsodium", 32, 1.0, 0 },
  { "X25519 scalarmult_base", 0, q_x25519_base, s_x25519_base, "libsodium",
    32, 1.0, 0 },
};

const bench_family bench_family_nacl = {
  "NaCl (X25519)", nacl_setup, rows, sizeof rows / sizeof rows[0]
};
