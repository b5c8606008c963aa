/* Constant-time checks of the SHA-2 family (see ct/ct.h and ct/ct_test.c):
 * the message is secret (Ed25519 hashes its secret key and nonce, HMAC its
 * key), and so is everything derived from it: the chaining value, the
 * buffered bytes, the digest.  Lengths and split points are public. */
#include <string.h>

#include "ct.h"
#include "qed/sha2.h"

#define MSG_MAX 700
static uint8_t msg[MSG_MAX];

/* Lengths around the 64- and 128-byte blocks and their padding edges. */
static const size_t lengths[] = { 0, 1, 55, 56, 63, 64, 65, 111, 112, 127,
                                  128, 129, 300, MSG_MAX };
#define NLENGTHS (sizeof lengths / sizeof lengths[0])

static int t_sha2_oneshot(void)
{
  uint8_t out[64];
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    ct_fill(msg, MSG_MAX, (uint32_t)len + 1u);
    SECRET(msg, MSG_MAX);
    qed_sha224(out, msg, len);
    PUBLIC(out, 28);
    qed_sha256(out, msg, len);
    PUBLIC(out, 32);
    qed_sha384(out, msg, len);
    PUBLIC(out, 48);
    qed_sha512(out, msg, len);
    PUBLIC(out, 64);
    qed_sha512_256(out, msg, len);
    PUBLIC(out, 32);
    CHECK(qed_crypto_hash(out, msg, len) == 0);
    PUBLIC(out, 64);
    CHECK(qed_crypto_hash_sha256(out, msg, len) == 0);
    PUBLIC(out, 32);
  }
  PUBLIC(msg, MSG_MAX);
  return 0;
}

/* Streaming in three pieces at public split points; the digests must
 * equal the one-shot's (compared once public). */
static int t_sha2_stream(void)
{
  uint8_t out[64], want[64];
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li], a = len / 3, b = len - len / 5;
    qed_sha512_ctx c5;
    qed_sha256_ctx c2;
    ct_fill(msg, MSG_MAX, (uint32_t)len + 2u);
    qed_sha512(want, msg, len);
    SECRET(msg, MSG_MAX);
    qed_sha512_init(&c5);
    CHECK(qed_sha512_update(&c5, msg, a) == 0);
    CHECK(qed_sha512_update(&c5, msg + a, b - a) == 0);
    CHECK(qed_sha512_update(&c5, msg + b, len - b) == 0);
    CHECK(qed_sha512_final(&c5, out) == 0);
    PUBLIC(out, 64);
    CHECK(memcmp(out, want, 64) == 0);
    PUBLIC(msg, MSG_MAX);
    qed_sha256(want, msg, len);
    SECRET(msg, MSG_MAX);
    qed_sha256_init(&c2);
    CHECK(qed_sha256_update(&c2, msg, a) == 0);
    CHECK(qed_sha256_update(&c2, msg + a, b - a) == 0);
    CHECK(qed_sha256_update(&c2, msg + b, len - b) == 0);
    CHECK(qed_sha256_final(&c2, out) == 0);
    PUBLIC(out, 32);
    CHECK(memcmp(out, want, 32) == 0);
    PUBLIC(msg, MSG_MAX);
  }
  return 0;
}

/* crypto_hashblocks: a secret chaining value and secret blocks. */
static int t_sha2_hashblocks(void)
{
  uint8_t st[64];
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    int r;
    ct_fill(msg, MSG_MAX, (uint32_t)len + 3u);
    ct_fill(st, sizeof st, 5);
    SECRET(msg, MSG_MAX);
    SECRET(st, sizeof st);
    r = qed_crypto_hashblocks_sha512(st, msg, len);
    PUBLIC(&r, sizeof r);
    CHECK(r == (int)(len % 128));
    r = qed_crypto_hashblocks_sha256(st, msg, len);
    PUBLIC(&r, sizeof r);
    CHECK(r == (int)(len % 64));
    PUBLIC(st, sizeof st);
    PUBLIC(msg, MSG_MAX);
  }
  return 0;
}

const ct_test ct_tests_sha2[] = {
  { "sha2_oneshot", t_sha2_oneshot, 0 },
  { "sha2_stream", t_sha2_stream, 0 },
  { "sha2_hashblocks", t_sha2_hashblocks, 0 },
};
const size_t ct_tests_sha2_count = sizeof ct_tests_sha2 / sizeof ct_tests_sha2[0];
