/* Bench rows of RSA (bench/harness.h) against OpenSSL (libcrypto), per
 * call: PKCS #1 v1.5 signing (the private operation: CRT, blinding,
 * constant-time exponentiation and the check against the public operation
 * on qed's side; OpenSSL also blinds and checks) and verification with
 * SHA-256 at 2048 and 4096 bits.  Issue 7 asks for at most 1.5x OpenSSL's
 * time for the RSA-2048 private-key operation.  OpenSSL makes the keys in
 * setup; qed imports them as PKCS #1 DER; both sign the same 32-byte
 * message and must give the same signature (check_len: the scheme is
 * deterministic).  Signing runs the two CRT halves on AVX-512 IFMA where
 * the backend and CPU allow; the sign rows are timed again under
 * QED_BACKEND=portable (make bench) for the proven portable path. */
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include "harness.h"
#include "qed/rsa.h"
#include "qed/sha2.h"

typedef struct {
  EVP_PKEY *key;
  EVP_PKEY_CTX *sctx, *vctx;
  qed_rsa_private_key sk;
  qed_rsa_public_key pk;
  uint8_t sig[512];
  size_t bytes;
} bench_key;

static bench_key k2048, k4096;
static uint8_t rsa_msg[32], rsa_dig[32];

static void q_sign(bench_key *k, uint8_t *o, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_rsa_pkcs1v15_sign(o, k->bytes, &k->sk, QED_HASH_SHA256, rsa_msg,
                                sizeof rsa_msg);
}
static void o_sign(bench_key *k, uint8_t *o, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++) {
    size_t len = k->bytes;
    /* the digest of the same message: one SHA-256 of 32 bytes less */
    (void)EVP_PKEY_sign(k->sctx, o, &len, rsa_dig, sizeof rsa_dig);
  }
}
static void q_verify(bench_key *k, uint8_t *o, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    o[0] = (uint8_t)qed_rsa_pkcs1v15_verify(&k->pk, QED_HASH_SHA256, rsa_msg,
                                            sizeof rsa_msg, k->sig, k->bytes);
}
static void o_verify(bench_key *k, uint8_t *o, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    o[0] = (uint8_t)(EVP_PKEY_verify(k->vctx, k->sig, k->bytes, rsa_dig,
                                     sizeof rsa_dig) == 1 ? 0 : 0xff);
}

#define ROW_FNS(bits)                                                      \
  static void q_sign##bits(uint8_t *o, const uint8_t *in, size_t n,       \
                           unsigned long it)                              \
  { (void)in; (void)n; q_sign(&k##bits, o, it); }                        \
  static void o_sign##bits(uint8_t *o, const uint8_t *in, size_t n,       \
                           unsigned long it)                              \
  { (void)in; (void)n; o_sign(&k##bits, o, it); }                        \
  static void q_verify##bits(uint8_t *o, const uint8_t *in, size_t n,     \
                             unsigned long it)                            \
  { (void)in; (void)n; q_verify(&k##bits, o, it); }                      \
  static void o_verify##bits(uint8_t *o, const uint8_t *in, size_t n,     \
                             unsigned long it)                            \
  { (void)in; (void)n; o_verify(&k##bits, o, it); }
ROW_FNS(2048)
ROW_FNS(4096)

static int make_key(bench_key *k, unsigned bits)
{
  static uint8_t der[8192];
  uint8_t *p = der;
  uint8_t sig[512];
  int len;
  size_t slen = sizeof k->sig;
  k->key = EVP_RSA_gen(bits);
  if (k->key == NULL)
    return -1;
  len = i2d_PrivateKey(k->key, &p);   /* RSAPrivateKey for an RSA key */
  if (len <= 0 || qed_rsa_private_from_der(&k->sk, der, (size_t)len) != 0 ||
      qed_rsa_public_from_private(&k->pk, &k->sk) != 0)
    return -1;
  k->bytes = k->sk.bytes;
  k->sctx = EVP_PKEY_CTX_new(k->key, NULL);
  k->vctx = EVP_PKEY_CTX_new(k->key, NULL);
  if (k->sctx == NULL || k->vctx == NULL ||
      EVP_PKEY_sign_init(k->sctx) != 1 ||
      EVP_PKEY_CTX_set_rsa_padding(k->sctx, RSA_PKCS1_PADDING) != 1 ||
      EVP_PKEY_CTX_set_signature_md(k->sctx, EVP_sha256()) != 1 ||
      EVP_PKEY_verify_init(k->vctx) != 1 ||
      EVP_PKEY_CTX_set_rsa_padding(k->vctx, RSA_PKCS1_PADDING) != 1 ||
      EVP_PKEY_CTX_set_signature_md(k->vctx, EVP_sha256()) != 1 ||
      EVP_PKEY_sign(k->sctx, k->sig, &slen, rsa_dig, sizeof rsa_dig) != 1 ||
      slen != k->bytes)
    return -1;
  if (qed_rsa_pkcs1v15_sign(sig, k->bytes, &k->sk, QED_HASH_SHA256, rsa_msg,
                            sizeof rsa_msg) != 0 ||
      memcmp(sig, k->sig, k->bytes) != 0 ||
      qed_rsa_pkcs1v15_verify(&k->pk, QED_HASH_SHA256, rsa_msg, sizeof rsa_msg,
                              k->sig, k->bytes) != 0)
    return -1;
  return 0;
}

static int rsa_setup(void)
{
  for (size_t i = 0; i < sizeof rsa_msg; i++)
    rsa_msg[i] = (uint8_t)(11 * i + 3);
  qed_sha256(rsa_dig, rsa_msg, sizeof rsa_msg);
  if (make_key(&k2048, 2048) != 0 || make_key(&k4096, 4096) != 0) {
    printf("RSA: key set-up failed or qed and OpenSSL disagree; rows skipped\n");
    return -1;
  }
  return 0;
}

static const bench_row rows[] = {
  { "RSA-2048 sign (PKCS#1 v1.5)", 0, q_sign2048, o_sign2048, "OpenSSL", 256, 1.5, 1 },
  { "RSA-2048 verify", 0, q_verify2048, o_verify2048, "OpenSSL", 1, 0, 1 },
  { "RSA-4096 sign (PKCS#1 v1.5)", 0, q_sign4096, o_sign4096, "OpenSSL", 256, 0, 1 },
  { "RSA-4096 verify", 0, q_verify4096, o_verify4096, "OpenSSL", 1, 0, 0 },
};

const bench_family bench_family_rsa = {
  "RSA", rsa_setup, rows, sizeof rows / sizeof rows[0]
};
