/* Ketje v2 (qed/ketje.h): MonkeyWrap over the twisted Keccak-p*[b] with
 * n_start = 12, n_step = 1, n_stride = 6, and the four (b, rho) of the
 * CAESAR submission.  This file adds the Ketje rules on top of MonkeyWrap:
 * key length at least 96 bits, tags of 0 (none) or at least 64 bits,
 * one-call wrap / unwrap only at a message boundary, the plaintext zeroed
 * on a bad tag (by a mask, without a branch on the verdict), and the
 * one-shot functions with the submission's key, nonce and tag lengths. */
#include "qed/ketje.h"
#include "keccak/monkey.h"
#include "qed/common.h"

#define KETJE_START  12u
#define KETJE_STEP   1u
#define KETJE_STRIDE 6u

/* 1 if taglen is allowed: 0 (no tag for this message) or at least the
 * minimum. */
#define TAGLEN_OK(taglen) \
  ((taglen) == 0 || (taglen) >= QED_KETJE_MIN_TAGBYTES)

/* Width b and block size rho / 8 of each variant. */
static const uint16_t ketje_width[4] = { 200, 400, 800, 1600 };
static const uint8_t ketje_rho[4] = {
  QED_KETJE_JR_BLOCKBYTES, QED_KETJE_SR_BLOCKBYTES,
  QED_KETJE_MINOR_BLOCKBYTES, QED_KETJE_MAJOR_BLOCKBYTES
};

int qed_ketje_init(qed_ketje_ctx *ctx, qed_ketje_variant variant,
                   const uint8_t *key, size_t keylen, const uint8_t *nonce,
                   size_t noncelen)
{
  const unsigned v = (unsigned)variant;
  if (v > 3u || keylen < QED_KETJE_MIN_KEYBYTES) {
    qed_monkey_wrap_wipe(&ctx->w);
    return -1;
  }
  return qed_monkey_wrap_init(&ctx->w, ketje_width[v], ketje_rho[v],
                              KETJE_START, KETJE_STEP, KETJE_STRIDE, 1, key,
                              keylen, nonce, noncelen);
}

void qed_ketje_wipe(qed_ketje_ctx *ctx)
{
  qed_monkey_wrap_wipe(&ctx->w);
}

int qed_ketje_ad_update(qed_ketje_ctx *ctx, const uint8_t *ad, size_t adlen)
{
  return qed_monkey_wrap_ad(&ctx->w, ad, adlen);
}

int qed_ketje_encrypt_update(qed_ketje_ctx *ctx, uint8_t *c,
                             const uint8_t *m, size_t len)
{
  return qed_monkey_wrap_encrypt(&ctx->w, c, m, len);
}

int qed_ketje_decrypt_update(qed_ketje_ctx *ctx, uint8_t *m,
                             const uint8_t *c, size_t len)
{
  return qed_monkey_wrap_decrypt(&ctx->w, m, c, len);
}

int qed_ketje_encrypt_final(qed_ketje_ctx *ctx, uint8_t *tag, size_t taglen)
{
  if (!TAGLEN_OK(taglen)) {
    qed_zeroize(tag, taglen);
    return -1;
  }
  return qed_monkey_wrap_tag(&ctx->w, tag, taglen);
}

int qed_ketje_decrypt_final(qed_ketje_ctx *ctx, const uint8_t *tag,
                            size_t taglen)
{
  if (!TAGLEN_OK(taglen))
    return -1;
  return qed_monkey_wrap_verify(&ctx->w, tag, taglen);
}

int qed_ketje_wrap(qed_ketje_ctx *ctx, uint8_t *c, uint8_t *tag,
                   size_t taglen, const uint8_t *ad, size_t adlen,
                   const uint8_t *m, size_t mlen)
{
  if (!TAGLEN_OK(taglen) ||
      !qed_monkey_wrap_at_message_start(&ctx->w) ||
      qed_monkey_wrap_ad(&ctx->w, ad, adlen) != 0 ||
      qed_monkey_wrap_encrypt(&ctx->w, c, m, mlen) != 0 ||
      qed_monkey_wrap_tag(&ctx->w, tag, taglen) != 0) {
    /* only the first two can fail; the others are checked all the same */
    qed_zeroize(c, mlen);
    qed_zeroize(tag, taglen);
    return -1;
  }
  return 0;
}

/* p[i] &= mask for every i, through a volatile lvalue: the compiler may
 * neither branch on the mask nor drop the stores. */
/*@ requires \valid(p + (0 .. len - 1));
    assigns p[0 .. len - 1]; */
static void mask_bytes(uint8_t *p, size_t len, uint8_t mask)
{
  volatile uint8_t *v = p;
  size_t i;
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, p[0 .. len - 1];
      loop variant len - i; */
  for (i = 0; i < len; i++)
    v[i] = (uint8_t)(v[i] & mask);
}

int qed_ketje_unwrap(qed_ketje_ctx *ctx, uint8_t *m, const uint8_t *ad,
                     size_t adlen, const uint8_t *c, size_t clen,
                     const uint8_t *tag, size_t taglen)
{
  int r;
  if (!TAGLEN_OK(taglen) ||
      !qed_monkey_wrap_at_message_start(&ctx->w) ||
      qed_monkey_wrap_ad(&ctx->w, ad, adlen) != 0 ||
      qed_monkey_wrap_decrypt(&ctx->w, m, c, clen) != 0) {
    qed_zeroize(m, clen);
    return -1;
  }
  /* The verdict is secret until returned: no branch on it.  0 keeps the
   * plaintext (mask 0xff), -1 zeroes it (mask 0x00). */
  r = qed_monkey_wrap_verify(&ctx->w, tag, taglen);
  mask_bytes(m, clen, (uint8_t)~(unsigned)r);
  return r;
}

/* ---- one-shot ---- */

/*@ requires v <= 3;
    requires \valid(c + (0 .. mlen - 1)) && \valid(tag + (0 .. taglen - 1));
    requires \valid_read(m + (0 .. mlen - 1)) && \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(nonce + (0 .. noncelen - 1)) && \valid_read(key + (0 .. keylen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \separated(c + (0 .. mlen - 1), tag + (0 .. taglen - 1), ad + (0 .. adlen - 1),
                        nonce + (0 .. noncelen - 1), key + (0 .. keylen - 1));
    requires \separated(tag + (0 .. taglen - 1), m + (0 .. mlen - 1), ad + (0 .. adlen - 1),
                        nonce + (0 .. noncelen - 1), key + (0 .. keylen - 1));
    assigns c[0 .. mlen - 1], tag[0 .. taglen - 1];
    ensures \result == 0 || \result == -1; */
static int oneshot_encrypt(qed_ketje_variant v, uint8_t *c, uint8_t *tag,
                           size_t taglen, const uint8_t *m, size_t mlen,
                           const uint8_t *ad, size_t adlen,
                           const uint8_t *nonce, size_t noncelen,
                           const uint8_t *key, size_t keylen)
{
  qed_ketje_ctx ctx;
  int r = -1;
  if (qed_ketje_init(&ctx, v, key, keylen, nonce, noncelen) == 0)
    r = qed_ketje_wrap(&ctx, c, tag, taglen, ad, adlen, m, mlen);
  else {
    qed_zeroize(c, mlen);
    qed_zeroize(tag, taglen);
  }
  qed_ketje_wipe(&ctx);
  return r;
}

/*@ requires v <= 3;
    requires \valid(m + (0 .. clen - 1));
    requires \valid_read(c + (0 .. clen - 1)) && \valid_read(tag + (0 .. taglen - 1));
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(nonce + (0 .. noncelen - 1)) && \valid_read(key + (0 .. keylen - 1));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \separated(m + (0 .. clen - 1), tag + (0 .. taglen - 1), ad + (0 .. adlen - 1),
                        nonce + (0 .. noncelen - 1), key + (0 .. keylen - 1));
    assigns m[0 .. clen - 1];
    ensures \result == 0 || \result == -1; */
static int oneshot_decrypt(qed_ketje_variant v, uint8_t *m, const uint8_t *c,
                           size_t clen, const uint8_t *tag, size_t taglen,
                           const uint8_t *ad, size_t adlen,
                           const uint8_t *nonce, size_t noncelen,
                           const uint8_t *key, size_t keylen)
{
  qed_ketje_ctx ctx;
  int r = -1;
  if (qed_ketje_init(&ctx, v, key, keylen, nonce, noncelen) == 0)
    r = qed_ketje_unwrap(&ctx, m, ad, adlen, c, clen, tag, taglen);
  else
    qed_zeroize(m, clen);
  qed_ketje_wipe(&ctx);
  return r;
}

int qed_ketje_jr_encrypt(uint8_t *c, uint8_t tag[12], const uint8_t *m,
                         size_t mlen, const uint8_t *ad, size_t adlen,
                         const uint8_t nonce[10], const uint8_t key[12])
{
  return oneshot_encrypt(QED_KETJE_JR, c, tag, QED_KETJE_JR_TAGBYTES, m, mlen,
                         ad, adlen, nonce, QED_KETJE_JR_NONCEBYTES, key,
                         QED_KETJE_JR_KEYBYTES);
}

int qed_ketje_jr_decrypt(uint8_t *m, const uint8_t *c, size_t clen,
                         const uint8_t tag[12], const uint8_t *ad,
                         size_t adlen, const uint8_t nonce[10],
                         const uint8_t key[12])
{
  return oneshot_decrypt(QED_KETJE_JR, m, c, clen, tag, QED_KETJE_JR_TAGBYTES,
                         ad, adlen, nonce, QED_KETJE_JR_NONCEBYTES, key,
                         QED_KETJE_JR_KEYBYTES);
}

int qed_ketje_sr_encrypt(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                         size_t mlen, const uint8_t *ad, size_t adlen,
                         const uint8_t nonce[31], const uint8_t key[16])
{
  return oneshot_encrypt(QED_KETJE_SR, c, tag, QED_KETJE_SR_TAGBYTES, m, mlen,
                         ad, adlen, nonce, QED_KETJE_SR_NONCEBYTES, key,
                         QED_KETJE_SR_KEYBYTES);
}

int qed_ketje_sr_decrypt(uint8_t *m, const uint8_t *c, size_t clen,
                         const uint8_t tag[16], const uint8_t *ad,
                         size_t adlen, const uint8_t nonce[31],
                         const uint8_t key[16])
{
  return oneshot_decrypt(QED_KETJE_SR, m, c, clen, tag, QED_KETJE_SR_TAGBYTES,
                         ad, adlen, nonce, QED_KETJE_SR_NONCEBYTES, key,
                         QED_KETJE_SR_KEYBYTES);
}

int qed_ketje_minor_encrypt(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                            size_t mlen, const uint8_t *ad, size_t adlen,
                            const uint8_t nonce[81], const uint8_t key[16])
{
  return oneshot_encrypt(QED_KETJE_MINOR, c, tag, QED_KETJE_MINOR_TAGBYTES, m,
                         mlen, ad, adlen, nonce, QED_KETJE_MINOR_NONCEBYTES,
                         key, QED_KETJE_MINOR_KEYBYTES);
}

int qed_ketje_minor_decrypt(uint8_t *m, const uint8_t *c, size_t clen,
                            const uint8_t tag[16], const uint8_t *ad,
                            size_t adlen, const uint8_t nonce[81],
                            const uint8_t key[16])
{
  return oneshot_decrypt(QED_KETJE_MINOR, m, c, clen, tag,
                         QED_KETJE_MINOR_TAGBYTES, ad, adlen, nonce,
                         QED_KETJE_MINOR_NONCEBYTES, key,
                         QED_KETJE_MINOR_KEYBYTES);
}

int qed_ketje_major_encrypt(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                            size_t mlen, const uint8_t *ad, size_t adlen,
                            const uint8_t nonce[181], const uint8_t key[16])
{
  return oneshot_encrypt(QED_KETJE_MAJOR, c, tag, QED_KETJE_MAJOR_TAGBYTES, m,
                         mlen, ad, adlen, nonce, QED_KETJE_MAJOR_NONCEBYTES,
                         key, QED_KETJE_MAJOR_KEYBYTES);
}

int qed_ketje_major_decrypt(uint8_t *m, const uint8_t *c, size_t clen,
                            const uint8_t tag[16], const uint8_t *ad,
                            size_t adlen, const uint8_t nonce[181],
                            const uint8_t key[16])
{
  return oneshot_decrypt(QED_KETJE_MAJOR, m, c, clen, tag,
                         QED_KETJE_MAJOR_TAGBYTES, ad, adlen, nonce,
                         QED_KETJE_MAJOR_NONCEBYTES, key,
                         QED_KETJE_MAJOR_KEYBYTES);
}
