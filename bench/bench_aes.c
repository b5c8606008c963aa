/* Bench rows of AES (bench/harness.h).
 *
 * The portable constant-time core against BearSSL's ct64 (Debian
 * libbearssl-dev), the same technique in portable C: AES-128-CTR at 16 KiB
 * (the target: at most 1.0x) and at 16 bytes (reported).  BearSSL's
 * CTR takes a 12-byte IV and a 32-bit counter; qed's counter block is set
 * to the same 16 bytes (no carry out of the last word within 16 KiB), so
 * both produce the same keystream, which the harness checks.
 *
 * Then every mode against OpenSSL's EVP (AES-NI/VAES on this machine) at
 * 16 B, 1 KiB and 16 KiB: these rows time whatever backend qed picks
 * (QED_BACKEND=avx512: VAES + VPCLMULQDQ, avx2: AES-NI + PCLMULQDQ) against
 * OpenSSL's best; the targets of issue 8 are on the 16 KiB rows (1.0x for
 * ECB, CBC decryption and CTR, 1.05x for the serial CBC encryption, 1.1x
 * for GCM).  Both sides start from the IV every call; OpenSSL's EVP
 * context is only re-keyed with the IV (its key schedule is done once, as
 * qed's).  The GCM decryption rows decrypt a valid ciphertext and tag
 * (made once per length by qed, before any timing), so both sides check
 * the tag and return the plaintext. */
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

enum { O_ECB, O_CBCENC, O_CBCDEC, O_CTR128, O_CTR256, O_GCM, O_GCMDEC,
       O_COUNT };

static int setup(void)
{
  const EVP_CIPHER *ciphers[O_COUNT];
  ciphers[O_ECB] = EVP_aes_128_ecb();
  ciphers[O_CBCENC] = EVP_aes_128_cbc();
  ciphers[O_CBCDEC] = EVP_aes_128_cbc();
  ciphers[O_CTR128] = EVP_aes_128_ctr();
  ciphers[O_CTR256] = EVP_aes_256_ctr();
  ciphers[O_GCM] = EVP_aes_128_gcm();
  ciphers[O_GCMDEC] = EVP_aes_128_gcm();
  if (qed_aes_init(&q128, key, 16) != 0 || qed_aes_init(&q256, key, 32) != 0)
    return -1;
  br_aes_ct64_ctr_init(&br128, key, 16);
  for (int i = 0; i < O_COUNT; i++) {
    ossl[i] = EVP_CIPHER_CTX_new();
    if (ossl[i] == NULL)
      return -1;
    if (i == O_CBCDEC || i == O_GCMDEC) {
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

/* A valid GCM ciphertext and tag of each row length (in encrypted once),
 * for the decryption rows. */
#define GCM_LENS 3
static const size_t gcm_len[GCM_LENS] = { 16, 1024, MAXN };
static uint8_t gcm_ct[GCM_LENS][MAXN], gcm_tag[GCM_LENS][16];
static int gcm_ready[GCM_LENS];

static int gcm_case(const uint8_t *in, size_t n)
{
  int k = 0;
  while (k < GCM_LENS - 1 && gcm_len[k] != n)
    k++;
  if (!gcm_ready[k]) {
    (void)qed_aes_gcm_encrypt(&q128, gcm_ct[k], gcm_tag[k], in, n, NULL, 0,
                              iv, 12);
    gcm_ready[k] = 1;
  }
  return k;
}
static void q_gcmdec(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  const int k = gcm_case(in, n);
  for (unsigned long i = 0; i < it; i++)
    (void)qed_aes_gcm_decrypt(&q128, buf, gcm_ct[k], n, gcm_tag[k], NULL, 0,
                              iv, 12);
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
static void o_gcmdec(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  EVP_CIPHER_CTX *c = ossl[O_GCMDEC];
  const int k = gcm_case(in, n);
  int len = 0;
  for (unsigned long i = 0; i < it; i++) {
    EVP_DecryptInit_ex(c, NULL, NULL, NULL, iv);
    EVP_DecryptUpdate(c, buf, &len, gcm_ct[k], (int)n);
    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_TAG, 16, gcm_tag[k]);
    if (EVP_DecryptFinal_ex(c, buf + len, &len) != 1)
      memset(buf, 0, n);
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

/* One mode at 16 KiB (with the target), 1 KiB and 16 B. */
#define ROWS3(name, q, o, target)                                    \
  { name, MAXN, q, o, "OpenSSL", 64, target, 0 },                    \
  { name, 1024, q, o, "OpenSSL", 64, 0, 0 },                         \
  { name, 16, q, o, "OpenSSL", 16, 0, 0 }

static const bench_row rows[] = {
  { "AES-128-CTR (portable ct)", MAXN, q_ctr128, br_ctr128, "BearSSL ct64", 64, 1.0, 1 },
  { "AES-128-CTR (portable ct)", 16, q_ctr128, br_ctr128, "BearSSL ct64", 16, 0, 1 },
  ROWS3("AES-128-ECB encrypt", q_ecb, o_ecb, 1.0),
  ROWS3("AES-128-CBC encrypt", q_cbcenc, o_cbcenc, 1.05),
  ROWS3("AES-128-CBC decrypt", q_cbcdec, o_cbcdec, 1.0),
  ROWS3("AES-128-CTR", q_ctr128, o_ctr128, 1.0),
  ROWS3("AES-256-CTR", q_ctr256, o_ctr256, 1.0),
  ROWS3("AES-128-GCM encrypt", q_gcm, o_gcm, 1.1),
  ROWS3("AES-128-GCM decrypt", q_gcmdec, o_gcmdec, 1.1),
};

const bench_family bench_family_aes = {
  "AES", setup, rows, sizeof rows / sizeof rows[0]
};
