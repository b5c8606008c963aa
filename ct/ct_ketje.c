/* Constant-time checks of Ketje and of the modes under it, MonkeyDuplex
 * and MonkeyWrap (see ct/ct.h and ct/ct_test.c).  Secret: the key, the
 * plaintext, and so every state.  Public: lengths, the variant, the nonce,
 * the associated data, the outputs (ciphertext, tag) and the verdict of an
 * unwrap. */
#include <string.h>

#include "ct.h"
#include "keccak/monkey.h"
#include "qed/ketje.h"

#define MSG_MAX 300
static uint8_t msg[MSG_MAX], ct_[MSG_MAX], pt[MSG_MAX];

static const size_t BLOCK[4] = {
  QED_KETJE_JR_BLOCKBYTES, QED_KETJE_SR_BLOCKBYTES,
  QED_KETJE_MINOR_BLOCKBYTES, QED_KETJE_MAJOR_BLOCKBYTES
};

/* After an unwrap, the fields that say whether the session goes on
 * (width, rate, phase) were ANDed with the verdict's mask, without a
 * branch: they are a function of the verdict, which is public, so they are
 * declassified with it.  The lanes stay secret. */
static void verdict_public(qed_ketje_ctx *c)
{
  PUBLIC(&c->w.d.p.width, sizeof c->w.d.p.width);
  PUBLIC(&c->w.d.rate, sizeof c->w.d.rate);
  PUBLIC(&c->w.phase, sizeof c->w.phase);
}

/* Sessions of two messages, lengths around the block size: wrap in one
 * call and in pieces, unwrap with the right tag and with a wrong one. */
static int t_ketje_session(void)
{
  uint8_t key[16], nonce[16], ad[40], tag[32], tag2[32];
  int v;
  for (v = 0; v < 4; v++) {
    const size_t rho = BLOCK[v];
    const size_t lens[6] = { 0, 1, rho - 1, rho, rho + 1, 3 * rho + 5 };
    const size_t nl = v == 0 ? 6 : 16;    /* Jr: key + nonce <= 22 */
    size_t li;
    for (li = 0; li < 6; li++) {
      const size_t len = lens[li];
      qed_ketje_ctx e, d;
      int bad;
      ct_fill(key, sizeof key, 31u + (uint32_t)v);
      ct_fill(nonce, sizeof nonce, 32);
      ct_fill(ad, sizeof ad, 33);
      ct_fill(msg, MSG_MAX, (uint32_t)len + 34u);
      SECRET(key, sizeof key);
      SECRET(msg, MSG_MAX);
      CHECK(qed_ketje_init(&e, (qed_ketje_variant)v, key, sizeof key, nonce,
                           nl) == 0);
      /* message 1: one call; message 2: in pieces */
      CHECK(qed_ketje_wrap(&e, ct_, tag, 16, ad, li * 7, msg, len) == 0);
      PUBLIC(ct_, len);
      PUBLIC(tag, 16);
      CHECK(qed_ketje_ad_update(&e, ad, 3) == 0);
      CHECK(qed_ketje_ad_update(&e, ad + 3, rho) == 0);
      CHECK(qed_ketje_encrypt_update(&e, ct_ + len, msg + len, len / 2) == 0);
      CHECK(qed_ketje_encrypt_update(&e, ct_ + len + len / 2,
                                     msg + len + len / 2, len - len / 2) == 0);
      CHECK(qed_ketje_encrypt_final(&e, tag2, 24) == 0);
      PUBLIC(ct_ + len, len);
      PUBLIC(tag2, 24);
      qed_ketje_wipe(&e);
      for (bad = 0; bad <= 1; bad++) {
        int r1, r2;
        SECRET(key, sizeof key);
        CHECK(qed_ketje_init(&d, (qed_ketje_variant)v, key, sizeof key,
                             nonce, nl) == 0);
        r1 = qed_ketje_unwrap(&d, pt, ad, li * 7, ct_, len, tag, 16);
        PUBLIC(&r1, sizeof r1);
        verdict_public(&d);
        CHECK(r1 == 0);
        tag2[7] ^= (uint8_t)bad;
        CHECK(qed_ketje_ad_update(&d, ad, 3 + rho) == 0);
        CHECK(qed_ketje_decrypt_update(&d, pt + len, ct_ + len, len) == 0);
        r2 = qed_ketje_decrypt_final(&d, tag2, 24);
        PUBLIC(&r2, sizeof r2);
        verdict_public(&d);
        CHECK(r2 == (bad ? -1 : 0));
        tag2[7] ^= (uint8_t)bad;
        PUBLIC(pt, 2 * len);
        PUBLIC(msg, MSG_MAX);
        CHECK(memcmp(pt, msg, 2 * len) == 0);
        qed_ketje_wipe(&d);
      }
    }
  }
  return 0;
}

/* The one-shot functions, right and wrong tags, in place too. */
static int t_ketje_oneshot(void)
{
  uint8_t key[16], nonce[181], ad[20], tag[16];
  const size_t lens[5] = { 0, 1, 31, 32, 100 };
  size_t li;
  for (li = 0; li < 5; li++) {
    const size_t len = lens[li];
    int bad;
    ct_fill(key, sizeof key, 41);
    ct_fill(nonce, sizeof nonce, 42);
    ct_fill(ad, sizeof ad, 43);
    ct_fill(msg, MSG_MAX, (uint32_t)len + 44u);
    SECRET(key, sizeof key);
    SECRET(msg, MSG_MAX);
    CHECK(qed_ketje_jr_encrypt(ct_, tag, msg, len, ad, li, nonce, key) == 0);
    CHECK(qed_ketje_sr_encrypt(ct_, tag, msg, len, ad, li, nonce, key) == 0);
    CHECK(qed_ketje_minor_encrypt(ct_, tag, msg, len, ad, li, nonce, key) == 0);
    memcpy(pt, msg, len);
    CHECK(qed_ketje_major_encrypt(pt, tag, pt, len, ad, li, nonce, key) == 0);
    PUBLIC(ct_, len);
    PUBLIC(pt, len);
    PUBLIC(tag, sizeof tag);
    for (bad = 0; bad <= 1; bad++) {
      int r;
      tag[3] ^= (uint8_t)(bad << 5);
      SECRET(key, sizeof key);
      r = qed_ketje_major_decrypt(pt, pt, len, tag, ad, li, nonce, key);
      PUBLIC(&r, sizeof r);
      PUBLIC(pt, len);
      CHECK(r == (bad ? -1 : 0));
      tag[3] ^= (uint8_t)(bad << 5);
      if (bad)       /* the plaintext was zeroed: back to the ciphertext */
        CHECK(qed_ketje_major_encrypt(pt, tag, msg, len, ad, li, nonce, key) == 0);
      PUBLIC(pt, len);
      PUBLIC(tag, sizeof tag);
    }
  }
  return 0;
}

/* MonkeyDuplex on every width, twisted or not: a secret state through
 * start, step and stride with inputs of any bit length. */
static int t_monkey_duplex(void)
{
  static const unsigned widths[7] = { 25, 50, 100, 200, 400, 800, 1600 };
  uint8_t in[200], z[200];
  size_t wi;
  for (wi = 0; wi < 7; wi++) {
    const unsigned b = widths[wi];
    unsigned tw;
    for (tw = 0; tw <= 1; tw++) {
      qed_monkey_duplex d;
      const unsigned rate = b - 3;
      CHECK(qed_monkey_duplex_init(&d, b, rate, 3, 1, 2, tw) == 0);
      ct_fill(in, sizeof in, 50u + (uint32_t)wi);
      SECRET(in, sizeof in);
      CHECK(qed_monkey_duplex_start(&d, in, b - 5) == 0);
      CHECK(qed_monkey_duplex_step(&d, in, rate - 2, z, rate) == 0);
      CHECK(qed_monkey_duplex_stride(&d, in + 1, rate / 2 + 3, z, 13) == 0);
      CHECK(qed_monkey_duplex_step(&d, in, 0, z, rate) == 0);
      PUBLIC(z, sizeof z);
      PUBLIC(in, sizeof in);
      qed_monkey_duplex_wipe(&d);
    }
  }
  return 0;
}

const ct_test ct_tests_ketje[] = {
  { "ketje_session", t_ketje_session, 0 },
  { "ketje_oneshot", t_ketje_oneshot, 0 },
  { "ketje_monkey_duplex", t_monkey_duplex, 0 },
};
const size_t ct_tests_ketje_count = sizeof ct_tests_ketje / sizeof ct_tests_ketje[0];
