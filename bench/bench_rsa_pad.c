/* Bench rows of RSASSA-PSS and RSAES-OAEP (bench/harness.h) against
 * OpenSSL (libcrypto), per call, RSA-2048, SHA-256 and MGF1-SHA-256: PSS
 * signing (salt 32 bytes) and verification, OAEP encryption and
 * decryption of a 32-byte message with an empty label.
 *
 * OpenSSL makes the key in setup; qed imports it as PKCS #1 DER.  Signing
 * and encryption are randomized, so their outputs cannot be compared row
 * by row: setup checks instead that each side's signature verifies and
 * each side's ciphertext decrypts on the other side, and skips the table
 * if not.  The verification rows compare their verdict (1 byte), the
 * decryption rows the message (32 bytes).  As in bench_rsa.c, OpenSSL
 * signs and verifies the digest (one SHA-256 of 32 bytes less). */
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include "harness.h"
#include "qed/rsa.h"
#include "qed/sha2.h"

#define PAD_SALT 32

static EVP_PKEY *pad_key;
static EVP_PKEY_CTX *pss_sctx, *pss_vctx, *oaep_ectx, *oaep_dctx;
static qed_rsa_private_key pad_sk;
static qed_rsa_public_key pad_pk;
static uint8_t pad_msg[32], pad_dig[32], pad_sig[256], pad_ct[256];
static const size_t pad_k = 256;

static void q_pss_sign(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in; (void)n;
  for (unsigned long i = 0; i < it; i++)
    (void)qed_rsa_pss_sign(o, pad_k, &pad_sk, QED_HASH_SHA256, PAD_SALT, pad_msg,
                           sizeof pad_msg);
}
static void o_pss_sign(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in; (void)n;
  for (unsigned long i = 0; i < it; i++) {
    size_t len = pad_k;
    (void)EVP_PKEY_sign(pss_sctx, o, &len, pad_dig, sizeof pad_dig);
  }
}
static void q_pss_verify(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in; (void)n;
  for (unsigned long i = 0; i < it; i++)
    o[0] = (uint8_t)qed_rsa_pss_verify(&pad_pk, QED_HASH_SHA256, PAD_SALT, pad_msg,
                                       sizeof pad_msg, pad_sig, pad_k);
}
static void o_pss_verify(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in; (void)n;
  for (unsigned long i = 0; i < it; i++)
    o[0] = (uint8_t)(EVP_PKEY_verify(pss_vctx, pad_sig, pad_k, pad_dig,
                                     sizeof pad_dig) == 1 ? 0 : 0xff);
}
static void q_oaep_enc(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in; (void)n;
  for (unsigned long i = 0; i < it; i++)
    (void)qed_rsa_oaep_encrypt(o, pad_k, &pad_pk, QED_HASH_SHA256, NULL, 0, pad_msg,
                               sizeof pad_msg);
}
static void o_oaep_enc(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in; (void)n;
  for (unsigned long i = 0; i < it; i++) {
    size_t len = pad_k;
    (void)EVP_PKEY_encrypt(oaep_ectx, o, &len, pad_msg, sizeof pad_msg);
  }
}
static void q_oaep_dec(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in; (void)n;
  for (unsigned long i = 0; i < it; i++) {
    size_t len = 0;
    (void)qed_rsa_oaep_decrypt(o, &len, sizeof pad_msg, &pad_sk, QED_HASH_SHA256, NULL, 0,
                               pad_ct, pad_k);
  }
}
static void o_oaep_dec(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in; (void)n;
  for (unsigned long i = 0; i < it; i++) {
    size_t len = pad_k;   /* OpenSSL wants room for k bytes */
    static uint8_t buf[256];
    (void)EVP_PKEY_decrypt(oaep_dctx, buf, &len, pad_ct, pad_k);
    memcpy(o, buf, sizeof pad_msg);
  }
}

static EVP_PKEY_CTX *pss_ctx(int sign)
{
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pad_key, NULL);
  if (c == NULL || (sign ? EVP_PKEY_sign_init(c) : EVP_PKEY_verify_init(c)) != 1 ||
      EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_PSS_PADDING) != 1 ||
      EVP_PKEY_CTX_set_signature_md(c, EVP_sha256()) != 1 ||
      EVP_PKEY_CTX_set_rsa_mgf1_md(c, EVP_sha256()) != 1 ||
      EVP_PKEY_CTX_set_rsa_pss_saltlen(c, PAD_SALT) != 1)
    return NULL;
  return c;
}

static EVP_PKEY_CTX *oaep_ctx(int enc)
{
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pad_key, NULL);
  if (c == NULL || (enc ? EVP_PKEY_encrypt_init(c) : EVP_PKEY_decrypt_init(c)) != 1 ||
      EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_OAEP_PADDING) != 1 ||
      EVP_PKEY_CTX_set_rsa_oaep_md(c, EVP_sha256()) != 1 ||
      EVP_PKEY_CTX_set_rsa_mgf1_md(c, EVP_sha256()) != 1)
    return NULL;
  return c;
}

/* each side's output accepted by the other */
static int cross_check(void)
{
  uint8_t sig[256], ct[256], m[256];
  size_t len = sizeof sig, mlen = 0;
  if (qed_rsa_pss_sign(sig, pad_k, &pad_sk, QED_HASH_SHA256, PAD_SALT, pad_msg,
                       sizeof pad_msg) != 0 ||
      EVP_PKEY_verify(pss_vctx, sig, pad_k, pad_dig, sizeof pad_dig) != 1 ||
      EVP_PKEY_sign(pss_sctx, pad_sig, &len, pad_dig, sizeof pad_dig) != 1 || len != pad_k ||
      qed_rsa_pss_verify(&pad_pk, QED_HASH_SHA256, PAD_SALT, pad_msg, sizeof pad_msg,
                         pad_sig, pad_k) != 0)
    return -1;
  len = sizeof m;
  if (qed_rsa_oaep_encrypt(ct, pad_k, &pad_pk, QED_HASH_SHA256, NULL, 0, pad_msg,
                           sizeof pad_msg) != 0 ||
      EVP_PKEY_decrypt(oaep_dctx, m, &len, ct, pad_k) != 1 || len != sizeof pad_msg ||
      memcmp(m, pad_msg, len) != 0)
    return -1;
  len = sizeof pad_ct;
  if (EVP_PKEY_encrypt(oaep_ectx, pad_ct, &len, pad_msg, sizeof pad_msg) != 1 ||
      len != pad_k ||
      qed_rsa_oaep_decrypt(m, &mlen, sizeof m, &pad_sk, QED_HASH_SHA256, NULL, 0, pad_ct,
                           pad_k) != 0 ||
      mlen != sizeof pad_msg || memcmp(m, pad_msg, mlen) != 0)
    return -1;
  return 0;
}

static int rsa_pad_setup(void)
{
  static uint8_t der[4096];
  uint8_t *p = der;
  int len;
  for (size_t i = 0; i < sizeof pad_msg; i++)
    pad_msg[i] = (uint8_t)(7 * i + 5);
  qed_sha256(pad_dig, pad_msg, sizeof pad_msg);
  pad_key = EVP_RSA_gen(2048);
  if (pad_key != NULL)
    len = i2d_PrivateKey(pad_key, &p);   /* RSAPrivateKey for an RSA key */
  if (pad_key == NULL || len <= 0 ||
      qed_rsa_private_from_der(&pad_sk, der, (size_t)len) != 0 ||
      qed_rsa_public_from_private(&pad_pk, &pad_sk) != 0 || pad_sk.bytes != pad_k ||
      (pss_sctx = pss_ctx(1)) == NULL || (pss_vctx = pss_ctx(0)) == NULL ||
      (oaep_ectx = oaep_ctx(1)) == NULL || (oaep_dctx = oaep_ctx(0)) == NULL ||
      cross_check() != 0) {
    printf("RSA PSS/OAEP: key set-up failed or qed and OpenSSL disagree; rows skipped\n");
    return -1;
  }
  return 0;
}

static const bench_row rows[] = {
  { "RSA-2048 PSS sign (SHA-256, salt 32)", 0, q_pss_sign, o_pss_sign, "OpenSSL", 0, 0, 1 },
  { "RSA-2048 PSS verify", 0, q_pss_verify, o_pss_verify, "OpenSSL", 1, 0, 1 },
  { "RSA-2048 OAEP encrypt (SHA-256, 32 B)", 0, q_oaep_enc, o_oaep_enc, "OpenSSL", 0, 0, 1 },
  { "RSA-2048 OAEP decrypt", 0, q_oaep_dec, o_oaep_dec, "OpenSSL", 32, 0, 1 },
};

const bench_family bench_family_rsa_pad = {
  "RSA PSS/OAEP", rsa_pad_setup, rows, sizeof rows / sizeof rows[0]
};
