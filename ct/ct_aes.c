/* Constant-time checks of AES (see ct/ct.h and ct/ct_test.c): the key
 * schedule, every mode, GHASH, the PKCS#7 padding check, GCM decryption
 * with a right and a wrong tag.  Keys, plaintexts, counters and GHASH
 * inputs are secret; lengths, IVs of CBC and GCM and ciphertexts given to
 * decryption are public (what an attacker sees); outputs are marked public
 * before they are looked at, and only the verdicts of decryption. */
#include <string.h>

#include "ct.h"
#include "qed/aes.h"
#include "aes/aes_impl.h"

#define MSG_MAX 600
static uint8_t msg[MSG_MAX], out[MSG_MAX + 16], back[MSG_MAX + 16];

static const size_t lengths[] = { 0, 1, 15, 16, 17, 63, 64, 65, 100, MSG_MAX };
#define NLENGTHS (sizeof lengths / sizeof lengths[0])
static const size_t keylens[] = { 16, 24, 32 };

/* A context from a secret key (the context stays secret). */
static void secret_ctx(qed_aes_ctx *ctx, size_t kl, uint32_t seed)
{
  uint8_t key[32];
  ct_fill(key, sizeof key, seed);
  SECRET(key, sizeof key);
  int r = qed_aes_init(ctx, key, kl);
  PUBLIC(&r, sizeof r);
  CHECK(r == 0);
}

static int t_aes_keysched(void)
{
  for (int k = 0; k < 3; k++) {
    qed_aes_ctx ctx;
    secret_ctx(&ctx, keylens[k], 100u + (uint32_t)k);
    qed_aes_wipe(&ctx);
  }
  return 0;
}

static int t_aes_ecb_cbc(void)
{
  for (int k = 0; k < 3; k++) {
    qed_aes_ctx ctx;
    uint8_t iv[16], v[16];
    secret_ctx(&ctx, keylens[k], 200u + (uint32_t)k);
    ct_fill(iv, 16, 201);
    for (size_t li = 0; li < NLENGTHS; li++) {
      const size_t nb = lengths[li] / 16;
      ct_fill(msg, MSG_MAX, 202u + (uint32_t)li);
      SECRET(msg, MSG_MAX);
      qed_aes_ecb_encrypt(&ctx, out, msg, nb);
      qed_aes_ecb_decrypt(&ctx, back, out, nb);
      PUBLIC(back, 16 * nb);
      PUBLIC(msg, MSG_MAX);
      CHECK(memcmp(back, msg, 16 * nb) == 0);
      SECRET(msg, MSG_MAX);
      memcpy(v, iv, 16);
      int r1 = qed_aes_cbc_encrypt(&ctx, v, out, msg, 16 * nb);
      memcpy(v, iv, 16);
      PUBLIC(out, 16 * nb);                 /* the ciphertext is public */
      int r2 = qed_aes_cbc_decrypt(&ctx, v, back, out, 16 * nb);
      PUBLIC(back, 16 * nb);
      PUBLIC(msg, MSG_MAX);
      CHECK(r1 == 0 && r2 == 0 && memcmp(back, msg, 16 * nb) == 0);
    }
  }
  return 0;
}

static int t_aes_ctr(void)
{
  for (int k = 0; k < 3; k++) {
    qed_aes_ctx ctx;
    secret_ctx(&ctx, keylens[k], 300u + (uint32_t)k);
    for (size_t li = 0; li < NLENGTHS; li++) {
      const size_t len = lengths[li];
      uint8_t ctr[16];
      qed_aes_ctr_state st;
      ct_fill(msg, MSG_MAX, 301u + (uint32_t)li);
      memset(ctr, 0xff, 16);                /* crosses 2^128 */
      ctr[15] = 0xfe;
      SECRET(msg, MSG_MAX);
      SECRET(ctr, 16);                      /* even the counter */
      qed_aes_ctr_xor(&ctx, ctr, out, msg, len);
      memset(ctr, 0xff, 16);
      ctr[15] = 0xfe;
      SECRET(ctr, 16);
      qed_aes_ctr_init(&st, ctr);
      qed_aes_ctr_update(&st, &ctx, back, msg, len / 3);
      qed_aes_ctr_update(&st, &ctx, back + len / 3, msg + len / 3, len - len / 3);
      PUBLIC(out, len);
      PUBLIC(back, len);
      CHECK(memcmp(out, back, len) == 0);
    }
  }
  return 0;
}

static int t_aes_pkcs7(void)
{
  for (int k = 0; k < 3; k++) {
    qed_aes_ctx ctx;
    uint8_t iv[16], v[16];
    secret_ctx(&ctx, keylens[k], 400u + (uint32_t)k);
    ct_fill(iv, 16, 401);
    for (size_t li = 0; li < NLENGTHS; li++) {
      const size_t len = lengths[li];
      size_t olen = 0, blen = 0;
      ct_fill(msg, MSG_MAX, 402u + (uint32_t)li);
      SECRET(msg, MSG_MAX);
      int r = qed_aes_cbc_pkcs7_encrypt(&ctx, iv, out, &olen, msg, len);
      PUBLIC(out, olen);
      CHECK(r == 0);
      /* good padding: the plaintext and its padding are secret; only the
       * verdict and the length come out */
      r = qed_aes_cbc_pkcs7_decrypt(&ctx, iv, back, &blen, out, olen);
      PUBLIC(&r, sizeof r);
      PUBLIC(&blen, sizeof blen);
      PUBLIC(back, olen);
      PUBLIC(msg, MSG_MAX);
      CHECK(r == 0 && blen == len && memcmp(back, msg, len) == 0);
      /* bad padding: a plaintext whose last byte is not a valid padding,
       * encrypted without padding */
      memcpy(back, msg, 16 * (len / 16 + 1));
      back[16 * (len / 16) + 15] = (uint8_t)(17 + li);
      SECRET(back, 16 * (len / 16 + 1));
      memcpy(v, iv, 16);
      qed_aes_cbc_encrypt(&ctx, v, out, back, 16 * (len / 16 + 1));
      PUBLIC(out, 16 * (len / 16 + 1));
      r = qed_aes_cbc_pkcs7_decrypt(&ctx, iv, back, &blen, out, 16 * (len / 16 + 1));
      PUBLIC(&r, sizeof r);
      PUBLIC(&blen, sizeof blen);
      PUBLIC(back, 16 * (len / 16 + 1));
      CHECK(r == -1 && blen == 0);
    }
  }
  return 0;
}

static int t_aes_ghash(void)
{
  qed_ghash_key key;
  uint8_t h[16], y[16];
  ct_fill(h, 16, 500);
  ct_fill(y, 16, 501);
  ct_fill(msg, MSG_MAX, 502);
  SECRET(h, 16);
  SECRET(y, 16);
  SECRET(msg, MSG_MAX);
  qed_ghash_key_init(&key, h);
  qed_ghash_blocks(&key, y, msg, MSG_MAX / 16);
  PUBLIC(y, 16);
  PUBLIC(msg, MSG_MAX);
  return 0;
}

static int t_aes_gcm(void)
{
  for (int k = 0; k < 3; k++) {
    qed_aes_ctx ctx;
    uint8_t iv[40], ad[33], tag[16], tag2[16];
    secret_ctx(&ctx, keylens[k], 600u + (uint32_t)k);
    ct_fill(iv, sizeof iv, 601);
    ct_fill(ad, sizeof ad, 602);
    for (size_t li = 0; li < NLENGTHS; li++) {
      const size_t len = lengths[li];
      const size_t ivlen = li % 2 ? 12 : 1 + li * 3;   /* J0 by GHASH too */
      const size_t adlen = li % 3 * 11;
      ct_fill(msg, MSG_MAX, 603u + (uint32_t)li);
      SECRET(msg, MSG_MAX);
      SECRET(ad, sizeof ad);
      int r = qed_aes_gcm_encrypt(&ctx, out, tag, msg, len, ad, adlen, iv, ivlen);
      PUBLIC(&r, sizeof r);
      PUBLIC(out, len);
      PUBLIC(tag, 16);
      CHECK(r == 0);
      /* streaming, same bytes */
      qed_aes_gcm_state st;
      r = qed_aes_gcm_init(&st, &ctx, iv, ivlen);
      r |= qed_aes_gcm_update_ad(&st, ad, adlen / 2);
      r |= qed_aes_gcm_update_ad(&st, ad + adlen / 2, adlen - adlen / 2);
      r |= qed_aes_gcm_encrypt_update(&st, &ctx, back, msg, len / 2);
      r |= qed_aes_gcm_encrypt_update(&st, &ctx, back + len / 2, msg + len / 2, len - len / 2);
      r |= qed_aes_gcm_encrypt_final(&st, tag2);
      PUBLIC(&r, sizeof r);
      PUBLIC(back, len);
      PUBLIC(tag2, 16);
      CHECK(r == 0 && memcmp(back, out, len) == 0 && memcmp(tag, tag2, 16) == 0);
      /* decrypt with the right tag, then a wrong one: the plaintext is
       * secret, only the verdict is public */
      for (int bad = 0; bad <= 1; bad++) {
        tag[3] ^= (uint8_t)bad;
        r = qed_aes_gcm_decrypt(&ctx, back, out, len, tag, ad, adlen, iv, ivlen);
        PUBLIC(&r, sizeof r);
        PUBLIC(back, len);
        PUBLIC(msg, MSG_MAX);
        CHECK(r == (bad ? -1 : 0));
        if (!bad)
          CHECK(memcmp(back, msg, len) == 0);
        tag[3] ^= (uint8_t)bad;
        r = qed_aes_gcm_init(&st, &ctx, iv, ivlen);
        r |= qed_aes_gcm_update_ad(&st, ad, adlen);
        r |= qed_aes_gcm_decrypt_update(&st, &ctx, back, out, len);
        PUBLIC(&r, sizeof r);
        CHECK(r == 0);
        tag[3] ^= (uint8_t)bad;
        r = qed_aes_gcm_decrypt_final(&st, tag);
        PUBLIC(&r, sizeof r);
        PUBLIC(back, len);
        CHECK(r == (bad ? -1 : 0));
        tag[3] ^= (uint8_t)bad;
      }
      PUBLIC(ad, sizeof ad);
    }
  }
  return 0;
}

const ct_test ct_tests_aes[] = {
  { "aes_keysched", t_aes_keysched, 0 },
  { "aes_ecb_cbc", t_aes_ecb_cbc, 0 },
  { "aes_ctr", t_aes_ctr, 0 },
  { "aes_pkcs7", t_aes_pkcs7, 0 },
  { "aes_ghash", t_aes_ghash, 0 },
  { "aes_gcm", t_aes_gcm, 0 },
};
const size_t ct_tests_aes_count = sizeof ct_tests_aes / sizeof ct_tests_aes[0];
