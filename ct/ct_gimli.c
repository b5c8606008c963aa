/* Constant-time checks of Gimli (see ct/ct.h and ct/ct_test.c): the
 * permutation on a secret state, and the hashes on a secret message, at
 * lengths around the 16-byte rate.  Lengths and output lengths are public. */
#include <string.h>

#include "ct.h"
#include "qed/gimli.h"

#define MSG_MAX 1000
static uint8_t msg[MSG_MAX];

static const size_t lengths[] = { 0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 49,
                                  100, 500, MSG_MAX };
#define NLENGTHS (sizeof lengths / sizeof lengths[0])

static int t_gimli_permute(void)
{
  uint32_t st[12];
  uint8_t b[48];
  for (int k = 0; k < 4; k++) {
    for (int i = 0; i < 12; i++)
      st[i] = 0x9e3779b9u * (uint32_t)(i + 1) ^ (uint32_t)k;
    SECRET(st, sizeof st);
    qed_gimli_permute(st);
    PUBLIC(st, sizeof st);
    ct_fill(b, sizeof b, 40u + (uint32_t)k);
    SECRET(b, sizeof b);
    qed_gimli_permute_bytes(b);
    PUBLIC(b, sizeof b);
  }
  return 0;
}

/* Gimli-Hash and gimli24v1, one-shot and streaming (split at a third):
 * the message is secret, the digest is output. */
static int t_gimli_hash(void)
{
  uint8_t d1[32], d2[32];
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    for (int lwc = 0; lwc <= 1; lwc++) {
      qed_gimli_hash_ctx ctx;
      ct_fill(msg, MSG_MAX, (uint32_t)len + 17u);
      SECRET(msg, MSG_MAX);
      if (lwc) {
        qed_gimli24v1_hash(d1, msg, len);
        qed_gimli24v1_hash_init(&ctx);
      } else {
        qed_gimli_hash(d1, msg, len);
        qed_gimli_hash_init(&ctx);
      }
      int r = qed_gimli_hash_update(&ctx, msg, len / 3);
      r |= qed_gimli_hash_update(&ctx, msg + len / 3, len - len / 3);
      r |= qed_gimli_hash_final(&ctx, d2);
      PUBLIC(&r, sizeof r);
      PUBLIC(d1, sizeof d1);
      PUBLIC(d2, sizeof d2);
      CHECK(r == 0);
      CHECK(memcmp(d1, d2, sizeof d1) == 0);
    }
  }
  return 0;
}

/* The XOF: secret message, output squeezed in pieces of public lengths. */
static int t_gimli_xof(void)
{
  uint8_t x1[77], x2[77];
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    qed_gimli_xof_ctx ctx;
    ct_fill(msg, MSG_MAX, (uint32_t)len + 29u);
    SECRET(msg, MSG_MAX);
    qed_gimli_xof(x1, sizeof x1, msg, len);
    qed_gimli_xof_init(&ctx);
    int r = qed_gimli_xof_update(&ctx, msg, len / 2);
    r |= qed_gimli_xof_update(&ctx, msg + len / 2, len - len / 2);
    r |= qed_gimli_xof_squeeze(&ctx, x2, 5);
    r |= qed_gimli_xof_squeeze(&ctx, x2 + 5, 16);
    r |= qed_gimli_xof_squeeze(&ctx, x2 + 21, sizeof x2 - 21);
    qed_gimli_xof_wipe(&ctx);
    PUBLIC(&r, sizeof r);
    PUBLIC(x1, sizeof x1);
    PUBLIC(x2, sizeof x2);
    CHECK(r == 0);
    CHECK(memcmp(x1, x2, sizeof x1) == 0);
  }
  return 0;
}

const ct_test ct_tests_gimli[] = {
  { "gimli_permute", t_gimli_permute, 0 },
  { "gimli_hash", t_gimli_hash, 0 },
  { "gimli_xof", t_gimli_xof, 0 },
};
const size_t ct_tests_gimli_count = sizeof ct_tests_gimli / sizeof ct_tests_gimli[0];
