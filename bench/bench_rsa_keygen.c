/* Bench row of RSA key generation (bench/harness.h) against OpenSSL's
 * EVP_PKEY_keygen, per call: a 2048-bit key with e = 65537 on both sides
 * (OpenSSL 3's default provider: random primes, Miller-Rabin with its own
 * round counts, d mod lcm(p-1, q-1), the CRT numbers; qed: src/rsa/
 * keygen.c).  Key generation is randomized, so the outputs cannot agree
 * (check_len 0); setup checks that one key of each side is a 2048-bit key
 * whose PKCS #1 DER the other side accepts.  A call takes tens of
 * milliseconds, so each round times one call per side: the median over
 * the rounds is the figure (spread: the minimums and the paired ratios). */
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include "harness.h"
#include "qed/rsa.h"

static EVP_PKEY_CTX *kg_ctx;
static qed_rsa_private_key kg_sk;
static qed_rsa_public_key kg_pk;

static void q_keygen(uint8_t *out, const uint8_t *in, size_t n,
                     unsigned long iters)
{
  (void)in;
  (void)n;
  for (unsigned long i = 0; i < iters; i++)
    out[0] = (uint8_t)qed_rsa_generate(&kg_sk, &kg_pk, 2048);
}

static void o_keygen(uint8_t *out, const uint8_t *in, size_t n,
                     unsigned long iters)
{
  (void)in;
  (void)n;
  for (unsigned long i = 0; i < iters; i++) {
    EVP_PKEY *k = NULL;
    out[0] = (uint8_t)EVP_PKEY_keygen(kg_ctx, &k);
    EVP_PKEY_free(k);
  }
}

/* One key of each side, checked by the other: qed's DER loads in OpenSSL
 * as a 2048-bit key, OpenSSL's DER in qed. */
static int keygen_setup(void)
{
  static uint8_t der[4096];
  const uint8_t *p = der;
  unsigned char *od = NULL;
  size_t len = 0;
  int odlen, ok;
  EVP_PKEY *k = NULL;
  kg_ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, NULL);
  if (kg_ctx == NULL || EVP_PKEY_keygen_init(kg_ctx) != 1 ||
      EVP_PKEY_CTX_set_rsa_keygen_bits(kg_ctx, 2048) != 1) {
    printf("RSA keygen: OpenSSL keygen context refused\n");
    return -1;
  }
  if (qed_rsa_generate(&kg_sk, &kg_pk, 2048) != 0 ||
      qed_rsa_private_to_der(der, sizeof der, &len, &kg_sk) != 0 ||
      (k = d2i_PrivateKey(EVP_PKEY_RSA, NULL, &p, (long)len)) == NULL ||
      EVP_PKEY_get_bits(k) != 2048) {
    printf("RSA keygen: qed's key not accepted by OpenSSL\n");
    EVP_PKEY_free(k);
    return -1;
  }
  EVP_PKEY_free(k);
  k = NULL;
  if (EVP_PKEY_keygen(kg_ctx, &k) != 1 ||
      (odlen = i2d_PrivateKey(k, &od)) <= 0) {
    printf("RSA keygen: OpenSSL keygen failed\n");
    EVP_PKEY_free(k);
    return -1;
  }
  ok = qed_rsa_private_from_der(&kg_sk, od, (size_t)odlen) == 0 &&
       kg_sk.bytes == 256;
  OPENSSL_free(od);
  EVP_PKEY_free(k);
  if (!ok) {
    printf("RSA keygen: OpenSSL's key not accepted by qed\n");
    return -1;
  }
  return 0;
}

static const bench_row rows[] = {
  { "RSA-2048 key generation", 0, q_keygen, o_keygen, "OpenSSL", 0, 0, 0 },
};

const bench_family bench_family_rsa_keygen = {
  "RSA key generation", keygen_setup, rows, sizeof rows / sizeof rows[0]
};
