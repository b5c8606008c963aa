/* Constant-time checks of Ascon (see ct/ct.h and ct/ct_test.c). */
#include <string.h>

#include "ct.h"
#include "qed/ascon.h"

#define MSG_MAX 1000
static uint8_t msg[MSG_MAX];

/* Lengths around the 8- and 16-byte rates, and long ones. */
static const size_t lengths[] = { 0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33,
                                  71, 72, 73, 500, MSG_MAX };
#define NLENGTHS (sizeof lengths / sizeof lengths[0])

/* ---- Ascon (SP 800-232): secret state, key, plaintext ---- */

static int t_ascon_permute(void)
{
  uint64_t st[5];
  for (unsigned rounds = 1; rounds <= 12; rounds++) {
    for (int i = 0; i < 5; i++)
      st[i] = 0x0123456789abcdefULL * (uint64_t)(i + 3) ^ rounds;
    SECRET(st, sizeof st);
    qed_ascon_permute(st, rounds);
    PUBLIC(st, sizeof st);
  }
  return 0;
}

static int t_ascon_aead(void)
{
  uint8_t key[16], nonce[16], tag[16], ad[40];
  static uint8_t c[MSG_MAX], m2[MSG_MAX];
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    ct_fill(key, sizeof key, 21);
    ct_fill(nonce, sizeof nonce, 22);
    ct_fill(ad, sizeof ad, 23);
    ct_fill(msg, MSG_MAX, (uint32_t)len + 9u);
    SECRET(key, sizeof key);
    SECRET(msg, MSG_MAX);
    CHECK(qed_ascon_aead128_encrypt(c, tag, msg, len, ad, li % 3 * 17,
                                    nonce, key) == 0);
    PUBLIC(c, len);                        /* ciphertext and tag are output */
    PUBLIC(tag, sizeof tag);

    /* right tag: plaintext back; wrong tag: refused.  The key and the
     * recovered plaintext are secret; only the verdict is public. */
    for (int bad = 0; bad <= 1; bad++) {
      tag[5] ^= (uint8_t)bad;
      SECRET(key, sizeof key);
      int r = qed_ascon_aead128_decrypt(m2, c, len, tag, ad, li % 3 * 17,
                                        nonce, key);
      PUBLIC(&r, sizeof r);
      PUBLIC(m2, len);
      PUBLIC(msg, MSG_MAX);
      CHECK(r == (bad ? -1 : 0));
      if (!bad)
        CHECK(memcmp(m2, msg, len) == 0);
      tag[5] ^= (uint8_t)bad;
    }
  }
  return 0;
}

static int t_ascon_hash(void)
{
  uint8_t d1[32], d2[32], x[100];
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    qed_ascon_hash_ctx ctx;
    ct_fill(msg, MSG_MAX, (uint32_t)len + 13u);
    SECRET(msg, MSG_MAX);
    qed_ascon_hash256(d1, msg, len);
    qed_ascon_hash256_init(&ctx);
    CHECK(qed_ascon_hash256_update(&ctx, msg, len / 3) == 0);
    CHECK(qed_ascon_hash256_update(&ctx, msg + len / 3, len - len / 3) == 0);
    CHECK(qed_ascon_hash256_final(&ctx, d2) == 0);
    PUBLIC(d1, sizeof d1);
    PUBLIC(d2, sizeof d2);
    CHECK(memcmp(d1, d2, sizeof d1) == 0);
    qed_ascon_xof128(x, sizeof x, msg, len);
    PUBLIC(x, sizeof x);
  }
  return 0;
}

const ct_test ct_tests_ascon[] = {
  { "ascon_permute", t_ascon_permute, 0 },
  { "ascon_aead", t_ascon_aead, 0 },
  { "ascon_hash", t_ascon_hash, 0 },
};
const size_t ct_tests_ascon_count = sizeof ct_tests_ascon / sizeof ct_tests_ascon[0];
