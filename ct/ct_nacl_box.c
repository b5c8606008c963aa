/* Constant-time checks of Salsa20, XSalsa20, secretbox and box (see
 * ct/ct.h): the key, the nonce-derived subkey and the message are secret;
 * lengths, nonces and block counters are public.  The outputs (keystream,
 * ciphertext) are marked public before they are compared. */
#include <string.h>

#include "ct.h"
#include "qed/nacl.h"

static int t_salsa20_core(void)
{
  uint8_t k[32], in[16], out[64];
  ct_fill(k, sizeof k, 200);
  ct_fill(in, sizeof in, 201);
  SECRET(k, sizeof k);
  SECRET(in, sizeof in);
  (void)qed_crypto_core_salsa20(out, in, k, NULL);
  PUBLIC(out, sizeof out);
  SECRET(k, sizeof k);
  (void)qed_crypto_core_salsa208(out, in, k, NULL);
  PUBLIC(out, sizeof out);
  SECRET(k, sizeof k);
  (void)qed_crypto_core_hsalsa20(out, in, k, NULL);
  PUBLIC(out, 32);
  return 0;
}

/* Every tail length around a block, and several blocks (the SIMD kernels
 * take over from 8 blocks on at the avx2 level). */
static int t_salsa20_stream(void)
{
  static uint8_t m[1200], c[1200];
  uint8_t k[32], n[24];
  const size_t lens[] = { 0, 1, 63, 64, 65, 200, 511, 512, 513, 1100 };
  ct_fill(n, sizeof n, 203);
  for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    ct_fill(k, sizeof k, 202);
    ct_fill(m, sizeof m, 204);
    SECRET(k, sizeof k);
    SECRET(m, lens[i]);
    (void)qed_crypto_stream_salsa20_xor_ic(c, m, lens[i], n, 7, k);
    PUBLIC(c, lens[i]);
    SECRET(k, sizeof k);
    (void)qed_crypto_stream_xsalsa20_xor(c, m, lens[i], n, k);
    PUBLIC(c, lens[i]);
    SECRET(k, sizeof k);
    (void)qed_crypto_stream(c, lens[i], n, k);
    PUBLIC(c, lens[i]);
    PUBLIC(k, sizeof k);
    PUBLIC(m, sizeof m);
  }
  return 0;
}

const ct_test ct_tests_nacl_box[] = {
  { "nacl_salsa20_core", t_salsa20_core, 0 },
  { "nacl_salsa20_stream", t_salsa20_stream, 0 },
};
const size_t ct_tests_nacl_box_count =
    sizeof ct_tests_nacl_box / sizeof ct_tests_nacl_box[0];
