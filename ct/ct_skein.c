/* Constant-time checks of Skein and Threefish (see ct/ct.h and
 * ct/ct_test.c): secret Threefish keys, tweaks and blocks; secret Skein-MAC
 * keys and messages (one-shot and streaming, with the other fields and
 * with tree hashing); lengths are public. */
#include <string.h>

#include "ct.h"
#include "qed/skein.h"

#define MSG_MAX 700
static uint8_t msg[MSG_MAX];

/* Lengths around the 32-, 64- and 128-byte blocks, and longer ones. */
static const size_t lengths[] = { 0, 1, 31, 32, 33, 63, 64, 65, 127, 128,
                                  129, 257, MSG_MAX };
#define NLENGTHS (sizeof lengths / sizeof lengths[0])

static int t_skein_threefish(void)
{
  uint8_t key[128], tweak[16], pt[128], ct[128], back[128];
  for (int v = 0; v < 3; v++) {
    ct_fill(key, sizeof key, 31u + (uint32_t)v);
    ct_fill(tweak, sizeof tweak, 41u + (uint32_t)v);
    ct_fill(pt, sizeof pt, 51u + (uint32_t)v);
    SECRET(key, sizeof key);
    SECRET(tweak, sizeof tweak);
    SECRET(pt, sizeof pt);
    qed_threefish256_encrypt(ct, pt, key, tweak);
    qed_threefish256_decrypt(back, ct, key, tweak);
    PUBLIC(back, 32);
    PUBLIC(pt, sizeof pt);
    CHECK(memcmp(back, pt, 32) == 0);
    SECRET(pt, sizeof pt);
    qed_threefish512_encrypt(ct, pt, key, tweak);
    qed_threefish512_decrypt(back, ct, key, tweak);
    PUBLIC(back, 64);
    PUBLIC(pt, sizeof pt);
    CHECK(memcmp(back, pt, 64) == 0);
    SECRET(pt, sizeof pt);
    qed_threefish1024_encrypt(ct, pt, key, tweak);
    qed_threefish1024_decrypt(back, ct, key, tweak);
    PUBLIC(back, 128);
    PUBLIC(pt, sizeof pt);
    CHECK(memcmp(back, pt, 128) == 0);
    PUBLIC(ct, sizeof ct);
  }
  return 0;
}

static int t_skein_mac(void)
{
  uint8_t key[200], t1[130], t2[130];
  static const unsigned sizes[3] = { 256, 512, 1024 };
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    const size_t keylen = 1 + (li * 37) % 199;
    for (int z = 0; z < 3; z++) {
      const size_t outlen = sizes[z] / 8 + li % 3;
      ct_fill(key, sizeof key, 61u + (uint32_t)li);
      ct_fill(msg, MSG_MAX, 71u + (uint32_t)len);
      SECRET(key, sizeof key);
      SECRET(msg, MSG_MAX);
      int r = z == 0 ? qed_skein256_mac(t1, outlen, key, keylen, msg, len)
            : z == 1 ? qed_skein512_mac(t1, outlen, key, keylen, msg, len)
                     : qed_skein1024_mac(t1, outlen, key, keylen, msg, len);
      PUBLIC(&r, sizeof r);
      CHECK(r == 0);
      /* streaming with the other fields, and a partial last byte */
      qed_skein_params p;
      qed_skein_ctx c;
      memset(&p, 0, sizeof p);
      p.key = key;
      p.keylen = keylen;
      p.pers = (const uint8_t *)"qed ct";
      p.perslen = 6;
      p.nonce = key + 100;   /* a secret nonce too */
      p.noncelen = 16;
      CHECK(qed_skein_init(&c, sizes[z], outlen, &p) == 0);
      CHECK(qed_skein_update(&c, msg, len / 2) == 0);
      CHECK(qed_skein_update_bits(&c, msg + len / 2, 8 * (len - len / 2) + 5) == 0);
      CHECK(qed_skein_final(&c, t2) == 0);
      PUBLIC(t1, outlen);
      PUBLIC(t2, outlen);
      PUBLIC(key, sizeof key);
      PUBLIC(msg, MSG_MAX);
    }
  }
  return 0;
}

static int t_skein_tree(void)
{
  static qed_skein_tree_ctx tc;
  uint8_t key[64], out[64];
  qed_skein_params p;
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    ct_fill(key, sizeof key, 81u + (uint32_t)li);
    ct_fill(msg, MSG_MAX, 91u + (uint32_t)len);
    SECRET(key, sizeof key);
    SECRET(msg, MSG_MAX);
    memset(&p, 0, sizeof p);
    p.key = key;
    p.keylen = sizeof key;
    p.tree_leaf = 1;
    p.tree_fan = 1;
    p.tree_max = (uint8_t)(2 + li % 3);
    CHECK(qed_skein_tree_init(&tc, 512, sizeof out, &p) == 0);
    CHECK(qed_skein_tree_update(&tc, msg, len) == 0);
    CHECK(qed_skein_tree_final(&tc, out) == 0);
    PUBLIC(out, sizeof out);
    PUBLIC(key, sizeof key);
    PUBLIC(msg, MSG_MAX);
  }
  return 0;
}

const ct_test ct_tests_skein[] = {
  { "skein_threefish", t_skein_threefish, 0 },
  { "skein_mac", t_skein_mac, 0 },
  { "skein_tree", t_skein_tree, 0 },
};
const size_t ct_tests_skein_count = sizeof ct_tests_skein / sizeof ct_tests_skein[0];
