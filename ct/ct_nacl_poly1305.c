/* Constant-time checks of Poly1305 / crypto_onetimeauth (see ct/ct.h):
 * the key and the message are secret; the tag is an output (made public
 * before it is compared) and so is verify's verdict.  Lengths are public.
 * Run under QED_BACKEND=avx2 and portable (mk/ct.mk), so the block function
 * of each of those backends is the one checked. */
#include <string.h>

#include "ct.h"
#include "qed/nacl.h"

/* streaming in uneven pieces: the partial-block buffer, the in-place whole
 * blocks and the padded last block all see secret bytes */
static int t_nacl_poly1305_stream(void)
{
  static uint8_t m[3000];
  uint8_t key[32], tag[16], want[16];
  static const size_t lens[] = { 0, 1, 15, 16, 17, 63, 64, 65, 1000, 3000 };
  for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    size_t len = lens[i], a = len / 3, b = len - len / 5;
    qed_poly1305_ctx ctx;
    ct_fill(key, sizeof key, 80 + (uint32_t)i);
    ct_fill(m, len, 90 + (uint32_t)i);
    (void)qed_crypto_onetimeauth(want, m, len, key);
    SECRET(key, sizeof key);
    SECRET(m, len);
    qed_poly1305_init(&ctx, key);
    int r = qed_poly1305_update(&ctx, m, a);
    r |= qed_poly1305_update(&ctx, m + a, b - a);
    r |= qed_poly1305_update(&ctx, m + b, len - b);
    r |= qed_poly1305_final(&ctx, tag);
    PUBLIC(&r, sizeof r);
    PUBLIC(tag, sizeof tag);
    PUBLIC(key, sizeof key);
    PUBLIC(m, len);
    CHECK(r == 0 && memcmp(tag, want, 16) == 0);
  }
  return 0;
}

static int t_nacl_poly1305_oneshot(void)
{
  static uint8_t m[70000];
  uint8_t key[32], tag[16];
  static const size_t lens[] = { 0, 31, 256, 4096, 70000 };
  for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    size_t len = lens[i];
    ct_fill(key, sizeof key, 100 + (uint32_t)i);
    ct_fill(m, len, 110 + (uint32_t)i);
    if (i == 0)
      memset(key, 0xff, sizeof key);   /* the wrapping edges */
    SECRET(key, sizeof key);
    SECRET(m, len);
    int r = qed_crypto_onetimeauth(tag, m, len, key);
    PUBLIC(&r, sizeof r);
    PUBLIC(tag, sizeof tag);
    CHECK(r == 0);
  }
  return 0;
}

/* verify: the tag compared may be secret too (a forgery attempt must not
 * learn how many bytes matched); only the verdict is public */
static int t_nacl_poly1305_verify(void)
{
  static uint8_t m[1000];
  uint8_t key[32], tag[16];
  ct_fill(key, sizeof key, 120);
  ct_fill(m, sizeof m, 121);
  (void)qed_crypto_onetimeauth(tag, m, sizeof m, key);
  for (int k = 0; k < 3; k++) {
    if (k == 1) tag[15] ^= 1;      /* wrong in the last byte */
    if (k == 2) tag[0] ^= 0x80;    /* and in the first */
    SECRET(key, sizeof key);
    SECRET(m, sizeof m);
    SECRET(tag, sizeof tag);
    int r = qed_crypto_onetimeauth_verify(tag, m, sizeof m, key);
    PUBLIC(&r, sizeof r);
    PUBLIC(tag, sizeof tag);
    CHECK(r == (k == 0 ? 0 : -1));
  }
  return 0;
}

const ct_test ct_tests_nacl_poly1305[] = {
  { "nacl_poly1305_stream", t_nacl_poly1305_stream, 0 },
  { "nacl_poly1305_oneshot", t_nacl_poly1305_oneshot, 0 },
  { "nacl_poly1305_verify", t_nacl_poly1305_verify, 0 },
};
const size_t ct_tests_nacl_poly1305_count =
    sizeof ct_tests_nacl_poly1305 / sizeof ct_tests_nacl_poly1305[0];
