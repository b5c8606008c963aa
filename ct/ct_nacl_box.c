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

/* secretbox: key and message secret; the nonce public.  Opening a good
 * and a forged box: the verdict is public once returned (the caller
 * branches on it), nothing before. */
static int t_secretbox(void)
{
  static uint8_t m[700], c[716], o[700];
  uint8_t k[32], n[24];
  const size_t lens[] = { 0, 1, 31, 32, 33, 100, 600 };
  ct_fill(n, sizeof n, 210);
  for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    const size_t len = lens[i];
    ct_fill(k, sizeof k, 211);
    ct_fill(m, sizeof m, 212);
    SECRET(k, sizeof k);
    SECRET(m, len);
    int r = qed_crypto_secretbox_easy(c, m, len, n, k);
    PUBLIC(&r, sizeof r);
    PUBLIC(c, len + 16);
    CHECK(r == 0);
    SECRET(k, sizeof k);
    r = qed_crypto_secretbox_open_easy(o, c, len + 16, n, k);
    PUBLIC(&r, sizeof r);
    PUBLIC(o, len);
    CHECK(r == 0);
    c[len / 2] ^= 4;   /* forged: the same code path, zeroed output */
    SECRET(k, sizeof k);
    r = qed_crypto_secretbox_open_easy(o, c, len + 16, n, k);
    PUBLIC(&r, sizeof r);
    PUBLIC(o, len);
    CHECK(r == -1);
    /* NaCl's padded form */
    memset(m, 0, 32);
    SECRET(k, sizeof k);
    SECRET(m, len + 32 > sizeof m ? sizeof m : len + 32);
    r = qed_crypto_secretbox(c, m, len + 32 > sizeof m ? sizeof m : len + 32, n, k);
    PUBLIC(&r, sizeof r);
    PUBLIC(c, sizeof c);
    CHECK(r == 0);
    SECRET(k, sizeof k);
    r = qed_crypto_secretbox_open(o, c, len + 32 > sizeof m ? sizeof m : len + 32, n, k);
    PUBLIC(&r, sizeof r);
    PUBLIC(o, sizeof o);
    CHECK(r == 0);
    PUBLIC(k, sizeof k);
    PUBLIC(m, sizeof m);
  }
  return 0;
}

/* box: the secret key secret (and the shared key from beforenm); the
 * public keys and nonce public; a small-order public key takes the same
 * path (the -1 is folded in without a branch). */
static int t_box(void)
{
  static uint8_t m[300], c[316], o[300];
  uint8_t ask[32], apk[32], bsk[32], bpk[32], n[24], k[32], small[32];
  ct_fill(n, sizeof n, 220);
  ct_fill(m, sizeof m, 221);
  ct_fill(ask, sizeof ask, 222);
  ct_fill(bsk, sizeof bsk, 223);
  (void)qed_crypto_scalarmult_base(apk, ask);
  (void)qed_crypto_scalarmult_base(bpk, bsk);
  SECRET(ask, sizeof ask);
  SECRET(m, sizeof m);
  int r = qed_crypto_box_easy(c, m, sizeof m, n, bpk, ask);
  PUBLIC(&r, sizeof r);
  PUBLIC(c, sizeof c);
  CHECK(r == 0);
  SECRET(bsk, sizeof bsk);
  r = qed_crypto_box_open_easy(o, c, sizeof c, n, apk, bsk);
  PUBLIC(&r, sizeof r);
  PUBLIC(o, sizeof o);
  CHECK(r == 0);
  SECRET(bsk, sizeof bsk);
  r = qed_crypto_box_beforenm(k, apk, bsk);
  PUBLIC(&r, sizeof r);
  CHECK(r == 0);
  SECRET(k, sizeof k);
  r = qed_crypto_box_open_easy_afternm(o, c, sizeof c, n, k);
  PUBLIC(&r, sizeof r);
  PUBLIC(o, sizeof o);
  CHECK(r == 0);
  memset(small, 0, sizeof small);    /* u = 0: a small-order point */
  SECRET(ask, sizeof ask);
  r = qed_crypto_box_easy(c, m, sizeof m, n, small, ask);
  PUBLIC(&r, sizeof r);
  PUBLIC(c, sizeof c);
  CHECK(r == -1);
  /* a seed key pair from a secret seed */
  uint8_t seed[32];
  ct_fill(seed, sizeof seed, 224);
  SECRET(seed, sizeof seed);
  r = qed_crypto_box_seed_keypair(apk, ask, seed);
  PUBLIC(&r, sizeof r);
  PUBLIC(apk, sizeof apk);
  CHECK(r == 0);
  PUBLIC(seed, sizeof seed);
  PUBLIC(ask, sizeof ask);
  PUBLIC(bsk, sizeof bsk);
  PUBLIC(k, sizeof k);
  PUBLIC(m, sizeof m);
  return 0;
}

const ct_test ct_tests_nacl_box[] = {
  { "nacl_salsa20_core", t_salsa20_core, 0 },
  { "nacl_salsa20_stream", t_salsa20_stream, 0 },
  { "nacl_secretbox", t_secretbox, 0 },
  { "nacl_box", t_box, 0 },
};
const size_t ct_tests_nacl_box_count =
    sizeof ct_tests_nacl_box / sizeof ct_tests_nacl_box[0];
