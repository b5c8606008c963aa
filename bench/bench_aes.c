/* Bench rows of AES (bench/harness.h).
 *
 * The portable constant-time core against BearSSL's ct64 (Debian
 * libbearssl-dev), the same technique in portable C: AES-128-CTR at 16 KiB
 * (the target: at most 1.0x) and at 16 bytes (reported).  BearSSL's
 * CTR takes a 12-byte IV and a 32-bit counter; qed's counter block is set
 * to the same 16 bytes (no carry out of the last word within 16 KiB), so
 * both produce the same keystream, which the harness checks.
 *
 * Then every mode against OpenSSL's EVP (AES-NI on this machine): these
 * rows compare whatever backend qed runs (the portable core until a
 * hardware backend exists) with OpenSSL's best. */
#include <string.h>

#include <bearssl/bearssl_block.h>
#include <openssl/evp.h>

#include "harness.h"
#include "qed/aes.h"

#define MAXN (16 * 1024)

static const uint8_t key[32] = {
  0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae, 0xf0,
  0x85, 0x7d, 0x77, 0x81, 0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61, 0x08, 0xd7,
  0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4 };
static const uint8_t iv[16] = { 0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6,
                                0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0, 0, 0, 1 };
static qed_aes_ctx q128, q256;
static br_aes_ct64_ctr_keys br128;
static EVP_CIPHER_CTX *ossl[8];
static uint8_t buf[MAXN];

enum { O_ECB, O_CBCENC, O_CBCDEC, O_CTR128, O_CTR256, O_GCM, O_COUNT };

static int setup(void)
{
  const EVP_CIPHER *ciphers[O_COUNT];
  ciphers[O_ECB] = EVP_aes_128_ecb();
  ciphers[O_CBCENC] = EVP_aes_128_cbc();
  ciphers[O_CBCDEC] = EVP_aes_128_cbc();
  ciphers[O_CTR128] = EVP_aes_128_ctr();
  ciphers[O_CTR256] = EVP_aes_256_ctr();
  ciphers[O_GCM] = EVP_aes_128_gcm();
  if (qed_aes_init(&q128, key, 16) != 0 || qed_aes_init(&q256, key, 32) != 0)
    return -1;
  br_aes_ct64_ctr_init(&br128, key, 16);
  for (int i = 0; i < O_COUNT; i++) {
    ossl[i] = EVP_CIPHER_CTX_new();
    if (ossl[i] == NULL)
      return -1;
    if (i == O_CBCDEC) {
      if (EVP_DecryptInit_ex(ossl[i], ciphers[i], NULL, key, iv) != 1) return -1;
    } else if (EVP_EncryptInit_ex(ossl[i], ciphers[i], NULL, key, iv) != 1) {
      return -1;
    }
    EVP_CIPHER_CTX_set_padding(ossl[i], 0);
  }
  return 0;
}

static void copy_out(uint8_t *o, const uint8_t *p, size_t n)
{
  memcpy(o, p, n < 64 ? n : 64);
}

/* ---- portable core vs BearSSL ct64 ---- */
static void q_ctr128(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++) {
    uint8_t ctr[16];
    memcpy(ctr, iv, 16);
    qed_aes_ctr_xor(&q128, ctr, buf, in, n);
  }
  copy_out(o, buf, n);
}
static void br_ctr128(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++) {
    memcpy(buf, in, n);
    (void)br_aes_ct64_ctr_run(&br128, iv, 1, buf, n);
  }
  copy_out(o, buf, n);
}

/* ---- every mode vs OpenSSL EVP ---- */
static void q_ecb(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++) qed_aes_ecb_encrypt(&q128, buf, in, n / 16);
  copy_out(o, buf, n);
}
static void q_cbcenc(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++) {
    uint8_t v[16];
    memcpy(v, iv, 16);
    (void)qed_aes_cbc_encrypt(&q128, v, buf, in, n);
  }
  copy_out(o, buf, n);
}
static void q_cbcdec(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++) {
    uint8_t v[16];
    memcpy(v, iv, 16);
    (void)qed_aes_cbc_decrypt(&q128, v, buf, in, n);
  }
  copy_out(o, buf, n);
}
static void q_ctr256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++) {
    uint8_t ctr[16];
    memcpy(ctr, iv, 16);
    qed_aes_ctr_xor(&q256, ctr, buf, in, n);
  }
  copy_out(o, buf, n);
}
static void q_gcm(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  uint8_t tag[16];
  for (unsigned long i = 0; i < it; i++)
    (void)qed_aes_gcm_encrypt(&q128, buf, tag, in, n, NULL, 0, iv, 12);
  copy_out(o, buf, n);
}

static void ossl_run(int which, uint8_t *o, const uint8_t *in, size_t n,
                     unsigned long it)
{
  EVP_CIPHER_CTX *c = ossl[which];
  int len = 0;
  for (unsigned long i = 0; i < it; i++) {
    if (which == O_CBCDEC)
      EVP_DecryptInit_ex(c, NULL, NULL, NULL, iv);
    else
      EVP_EncryptInit_ex(c, NULL, NULL, NULL, iv);
    if (which == O_CBCDEC)
      EVP_DecryptUpdate(c, buf, &len, in, (int)n);
    else
      EVP_EncryptUpdate(c, buf, &len, in, (int)n);
    if (which == O_GCM) {
      uint8_t tag[16];
      EVP_EncryptFinal_ex(c, buf + len, &len);
      EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, 16, tag);
    }
  }
  copy_out(o, buf, n);
}
static void o_ecb(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ ossl_run(O_ECB, o, in, n, it); }
static void o_cbcenc(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ ossl_run(O_CBCENC, o, in, n, it); }
static void o_cbcdec(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ ossl_run(O_CBCDEC, o, in, n, it); }
static void o_ctr128(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ ossl_run(O_CTR128, o, in, n, it); }
static void o_ctr256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ ossl_run(O_CTR256, o, in, n, it); }
static void o_gcm(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ ossl_run(O_GCM, o, in, n, it); }

static const bench_row rows[] = {
  { "AES-128-CTR (portable ct)", MAXN, q_ctr128, br_ctr128, "BearSSL ct64", 64, 1.0, 1 },
  { "AES-128-CTR (portable ct)", 16, q_ctr128, br_ctr128, "BearSSL ct64", 16, 0, 1 },
  { "AES-128-ECB encrypt", MAXN, q_ecb, o_ecb, "OpenSSL", 64, 0, 0 },
  { "AES-128-CBC encrypt", MAXN, q_cbcenc, o_cbcenc, "OpenSSL", 64, 0, 0 },
  { "AES-128-CBC decrypt", MAXN, q_cbcdec, o_cbcdec, "OpenSSL", 64, 0, 0 },
  { "AES-128-CTR", MAXN, q_ctr128, o_ctr128, "OpenSSL", 64, 0, 0 },
  { "AES-256-CTR", MAXN, q_ctr256, o_ctr256, "OpenSSL", 64, 0, 0 },
  { "AES-128-GCM encrypt", MAXN, q_gcm, o_gcm, "OpenSSL", 64, 0, 0 },
};

const bench_family bench_family_aes = {
  "AES", setup, rows, sizeof rows / sizeof rows[0]
};
