/* Skein-256/512/1024 (specification 3.5): sequential hashing, one-shot and
 * streaming, with any output length, MAC key, personalization, public key
 * and nonce.  The chaining value before the message comes from the
 * prelude (ubi.c), so a MAC key lives in the context only as that value.
 *
 * Output length: the configuration block holds it in bits in a 64-bit
 * field, so outlen is accepted only when 8 * outlen < 2^64 (the contracts
 * say it: qed_skein_outlen_ok).  A size_t byte count cannot express the
 * "near 2^64 bits" lengths that made the C reference write nothing. */
#include "qed/skein.h"
#include "skein/skein_impl.h"
#include "common/zeroize.h"
#include "qed/common.h"

#define MAX_OUTLEN    0x1FFFFFFFFFFFFFFFull
#define U64_MAX       0xFFFFFFFFFFFFFFFFull
#define PHASE_ABSORB  1u
#define PHASE_BITS    2u   /* a partial byte was absorbed: final only */

/*@ predicate ctx_ok(qed_skein_ctx *c) =
      qed_ubi_ok(&c->ubi) && 1 <= c->outlen <= MAX_OUTLEN &&
      (c->phase == PHASE_ABSORB || c->phase == PHASE_BITS);
*/
/*@ requires \valid_read(c);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> ctx_ok(c); */
static int ctx_ok(const qed_skein_ctx *c)
{
  return (c->ubi.nb == 32 || c->ubi.nb == 64 || c->ubi.nb == 128) &&
         c->ubi.nbuf <= c->ubi.nb && c->outlen >= 1 &&
         c->outlen <= MAX_OUTLEN &&
         (c->phase == PHASE_ABSORB || c->phase == PHASE_BITS);
}

/* Block bytes of Skein-bits, or 0. */
/*@ assigns \nothing;
    ensures \result == 0 || \result == 32 || \result == 64 || \result == 128; */
static uint32_t block_bytes(unsigned bits)
{
  if (bits == 256)
    return 32;
  if (bits == 512)
    return 64;
  if (bits == 1024)
    return 128;
  return 0;
}

/* The buffer beyond the block size is never written. */
/*@ requires \valid(u);
    assigns *u; */
static void wipe_ubi(qed_skein_ubi *u)
{
  qed_wipe_u64(u->h, 16);
  qed_wipe_u64(u->tw, 2);
  qed_zeroize(u->buf, u->nb <= sizeof u->buf ? u->nb : sizeof u->buf);
  u->nbuf = 0;
  u->nb = 0;
}

/*@ requires \valid(ctx);
    assigns *ctx;
    ensures ctx->phase == 0 && ctx->outlen == 0; */
static void wipe_ctx(qed_skein_ctx *ctx)
{
  wipe_ubi(&ctx->ubi);
  ctx->outlen = 0;
  ctx->phase = 0;
}

/* The body of every init: nb is the block size, 0 for a bad state size. */
/*@ requires \valid(ctx);
    requires nb == 0 || nb == 32 || nb == 64 || nb == 128;
    requires params == \null || qed_skein_params_ok(params);
    requires params == \null || \separated(ctx, params);
    requires params == \null || \separated(ctx,
        params->key + (0 .. params->keylen - 1),
        params->pers + (0 .. params->perslen - 1),
        params->pubkey + (0 .. params->pubkeylen - 1),
        params->nonce + (0 .. params->noncelen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> qed_skein_outlen_ok(outlen);
    ensures params == \null ==>
              (\result == 0 <==> (nb != 0 && qed_skein_outlen_ok(outlen))); */
static int init_ctx(qed_skein_ctx *ctx, uint32_t nb, size_t outlen,
                    const qed_skein_params *params)
{
  if (nb == 0 || outlen == 0 || (uint64_t)outlen > MAX_OUTLEN ||
      (params != NULL && (params->tree_leaf != 0 || params->tree_fan != 0 ||
                          params->tree_max != 0))) {
    /* The context may never have been set: its nb is not to be read, so
     * the whole buffer is wiped (wipe_ubi wipes nb bytes). */
    ctx->ubi.nb = sizeof ctx->ubi.buf;
    wipe_ctx(ctx);
    return -1;
  }
  (void)qed_skein_prelude(&ctx->ubi, nb, outlen, params, 0, 0, 0);
  qed_skein_ubi_start(&ctx->ubi, nb, SKEIN_T1_TYPE(SKEIN_TYPE_MSG));
  ctx->outlen = outlen;
  ctx->phase = PHASE_ABSORB;
  return 0;
}

int qed_skein_init(qed_skein_ctx *ctx, unsigned state_bits, size_t outlen,
                   const qed_skein_params *params)
{
  return init_ctx(ctx, block_bytes(state_bits), outlen, params);
}

int qed_skein256_init(qed_skein_ctx *ctx, size_t outlen)
{
  return init_ctx(ctx, 32, outlen, NULL);
}

int qed_skein512_init(qed_skein_ctx *ctx, size_t outlen)
{
  return init_ctx(ctx, 64, outlen, NULL);
}

int qed_skein1024_init(qed_skein_ctx *ctx, size_t outlen)
{
  return init_ctx(ctx, 128, outlen, NULL);
}

int qed_skein_update(qed_skein_ctx *ctx, const uint8_t *in, size_t inlen)
{
  if (!ctx_ok(ctx) || ctx->phase != PHASE_ABSORB)
    return -1;
  return qed_skein_ubi_update(&ctx->ubi, in, inlen);
}

int qed_skein_update_bits(qed_skein_ctx *ctx, const uint8_t *in,
                          size_t nbits)
{
  size_t whole = nbits / 8u;
  unsigned rem = (unsigned)(nbits % 8u);
  if (!ctx_ok(ctx) || ctx->phase != PHASE_ABSORB)
    return -1;
  /* Check the room for every byte first, so a refusal changes nothing. */
  if (ctx->ubi.tw[0] > U64_MAX - ctx->ubi.nbuf ||
      (uint64_t)whole > U64_MAX - 1u - ctx->ubi.tw[0] - ctx->ubi.nbuf)
    return -1;
  if (qed_skein_ubi_update(&ctx->ubi, in, whole) != 0)
    return -1;
  if (rem != 0) {
    /* Keep the rem leading bits, set the one after them, clear the rest
     * (3.1: bit padding), and flag the final block with BitPad. */
    uint8_t mask = (uint8_t)(1u << (7u - rem));
    uint8_t last = (uint8_t)((in[whole] & (uint8_t)(0u - mask)) | mask);
    if (qed_skein_ubi_update(&ctx->ubi, &last, 1) != 0)
      return -1;
    ctx->ubi.tw[1] |= SKEIN_T1_BITPAD;
    ctx->phase = PHASE_BITS;
  }
  return 0;
}

int qed_skein_final(qed_skein_ctx *ctx, uint8_t *out)
{
  uint64_t g[16];
  unsigned k;
  if (!ctx_ok(ctx)) {
    if (ctx->outlen <= MAX_OUTLEN)
      qed_zeroize(out, ctx->outlen);
    wipe_ctx(ctx);
    return -1;
  }
  qed_skein_ubi_final(&ctx->ubi);
  /*@ loop invariant 0 <= k <= 16;
      loop assigns k, g[0 .. 15];
      loop variant 16 - k; */
  for (k = 0; k < 16u; k++)
    g[k] = ctx->ubi.h[k];
  qed_skein_output(out, ctx->outlen, g, ctx->ubi.nb);
  qed_wipe_u64(g, 16);
  wipe_ctx(ctx);
  return 0;
}

/* One-shot with an optional key, on the internal layer (whose contracts
 * show that a fresh UBI accepts any size_t length). */
/*@ requires nb == 32 || nb == 64 || nb == 128;
    requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. outlen - 1), in + (0 .. inlen - 1),
                        key + (0 .. keylen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> qed_skein_outlen_ok(outlen); */
static int oneshot(uint8_t *out, size_t outlen, uint32_t nb,
                   const uint8_t *key, size_t keylen, const uint8_t *in,
                   size_t inlen)
{
  qed_skein_ubi u;
  qed_skein_params p;
  uint64_t g[16];
  unsigned k;
  if (outlen == 0 || (uint64_t)outlen > MAX_OUTLEN) {
    qed_zeroize(out, outlen);
    return -1;
  }
  p.key = key;
  p.keylen = keylen;
  p.pers = NULL;
  p.perslen = 0;
  p.pubkey = NULL;
  p.pubkeylen = 0;
  p.nonce = NULL;
  p.noncelen = 0;
  p.tree_leaf = 0;
  p.tree_fan = 0;
  p.tree_max = 0;
  (void)qed_skein_prelude(&u, nb, outlen, &p, 0, 0, 0);
  qed_skein_ubi_start(&u, nb, SKEIN_T1_TYPE(SKEIN_TYPE_MSG));
  (void)qed_skein_ubi_update(&u, in, inlen);
  qed_skein_ubi_final(&u);
  /*@ loop invariant 0 <= k <= 16;
      loop assigns k, g[0 .. 15];
      loop variant 16 - k; */
  for (k = 0; k < 16u; k++)
    g[k] = u.h[k];
  qed_skein_output(out, outlen, g, nb);
  qed_wipe_u64(g, 16);
  wipe_ubi(&u);
  return 0;
}

int qed_skein256(uint8_t *out, size_t outlen, const uint8_t *in,
                 size_t inlen)
{
  return oneshot(out, outlen, 32, NULL, 0, in, inlen);
}

int qed_skein512(uint8_t *out, size_t outlen, const uint8_t *in,
                 size_t inlen)
{
  return oneshot(out, outlen, 64, NULL, 0, in, inlen);
}

int qed_skein1024(uint8_t *out, size_t outlen, const uint8_t *in,
                  size_t inlen)
{
  return oneshot(out, outlen, 128, NULL, 0, in, inlen);
}

int qed_skein256_mac(uint8_t *out, size_t outlen, const uint8_t *key,
                     size_t keylen, const uint8_t *in, size_t inlen)
{
  return oneshot(out, outlen, 32, key, keylen, in, inlen);
}

int qed_skein512_mac(uint8_t *out, size_t outlen, const uint8_t *key,
                     size_t keylen, const uint8_t *in, size_t inlen)
{
  return oneshot(out, outlen, 64, key, keylen, in, inlen);
}

int qed_skein1024_mac(uint8_t *out, size_t outlen, const uint8_t *key,
                      size_t keylen, const uint8_t *in, size_t inlen)
{
  return oneshot(out, outlen, 128, key, keylen, in, inlen);
}
