/* NIST SP 800-185: cSHAKE, KMAC, TupleHash, ParallelHash (and their XOF
 * forms), all on the one sponge of sponge.c (Keccak-p[1600, 24], rate 168
 * for the 128-bit and 136 for the 256-bit functions).
 *
 * The encodings (SP 800-185, 2.3) are written once:
 *   left_encode / right_encode   of a size_t v or of 8*v (bit lengths: the
 *                                value can reach 2^67, so 9 value bytes)
 *   encode_string                left_encode(8*len) || string
 *   bytepad(X, rate)             left_encode(rate) || X || zeros up to the
 *                                next block boundary: since bytepad always
 *                                starts a fresh sponge and w is the rate,
 *                                the zeros are "absorb up to pos == 0".
 * Lengths are public; keys are absorbed straight from the caller's buffer
 * into the sponge state, which every path wipes before returning. */
#include "qed/keccak_xof.h"
#include "keccak/sponge.h"
#include "keccak/keccak_p1600_leaves.h"
#include "qed/common.h"


#define SUFFIX_SHAKE  0x1Fu
#define SUFFIX_CSHAKE 0x04u
#define ROUNDS        24u
#define RATE128       168u
#define RATE256       136u

static const uint8_t zero_block[QED_SPONGE_MAX_RATE];
static const uint8_t name_kmac[4] = { 'K', 'M', 'A', 'C' };
static const uint8_t name_tuple[9] = { 'T', 'u', 'p', 'l', 'e', 'H', 'a',
                                       's', 'h' };
static const uint8_t name_parallel[12] = { 'P', 'a', 'r', 'a', 'l', 'l',
                                           'e', 'l', 'H', 'a', 's', 'h' };

/* ---- encodings ---- */

/* b[0 .. 8] = v * 2^shift, big-endian; returns n, the number of bytes from
 * the first non-zero one (at least 1): the value is b[9 - n .. 8]. */
/*@ requires \valid(b + (0 .. 8));
    requires shift == 0 || shift == 3;
    assigns b[0 .. 8];
    ensures 1 <= \result <= 9; */
static size_t be_bytes(uint8_t b[9], uint64_t v, unsigned shift)
{
  const uint64_t lo = v << shift;
  size_t i;
  size_t k = 0;
  b[0] = (uint8_t)(shift == 0 ? 0u : (v >> 61));
  /*@ loop invariant 0 <= i <= 8;
      loop assigns i, b[1 .. 8];
      loop variant 8 - i; */
  for (i = 0; i < 8; i++)
    b[1 + i] = (uint8_t)(lo >> (56 - 8 * i));
  /*@ loop invariant 0 <= k <= 8;
      loop assigns k;
      loop variant 8 - k; */
  while (k < 8 && b[k] == 0)
    k++;
  return 9 - k;
}

/* left_encode(v * 2^shift): n, then the n value bytes.  Returns n + 1. */
/*@ requires \valid(out + (0 .. 9));
    requires shift == 0 || shift == 3;
    assigns out[0 .. 9];
    ensures 2 <= \result <= 10; */
static size_t left_encode(uint8_t out[10], uint64_t v, unsigned shift)
{
  uint8_t b[9];
  const size_t n = be_bytes(b, v, shift);
  size_t i;
  out[0] = (uint8_t)n;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, out[1 .. 9];
      loop variant n - i; */
  for (i = 0; i < n; i++)
    out[1 + i] = b[9 - n + i];
  return n + 1;
}

/* right_encode(v * 2^shift): the n value bytes, then n.  Returns n + 1. */
/*@ requires \valid(out + (0 .. 9));
    requires shift == 0 || shift == 3;
    assigns out[0 .. 9];
    ensures 2 <= \result <= 10; */
static size_t right_encode(uint8_t out[10], uint64_t v, unsigned shift)
{
  uint8_t b[9];
  const size_t n = be_bytes(b, v, shift);
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, out[0 .. 8];
      loop variant n - i; */
  for (i = 0; i < n; i++)
    out[i] = b[9 - n + i];
  out[n] = (uint8_t)n;
  return n + 1;
}

/*@ requires \valid(sp);
    requires shift == 0 || shift == 3;
    assigns *sp; */
static void absorb_left_encode(qed_keccak_sponge *sp, uint64_t v,
                               unsigned shift)
{
  uint8_t e[10];
  const size_t n = left_encode(e, v, shift);
  (void)qed_sponge_absorb(sp, e, n);
}

/*@ requires \valid(sp);
    requires shift == 0 || shift == 3;
    assigns *sp; */
static void absorb_right_encode(qed_keccak_sponge *sp, uint64_t v,
                                unsigned shift)
{
  uint8_t e[10];
  const size_t n = right_encode(e, v, shift);
  (void)qed_sponge_absorb(sp, e, n);
}

/* encode_string(s) = left_encode(8 * len) || s */
/*@ requires \valid(sp);
    requires \valid_read(s + (0 .. len - 1));
    requires \separated(sp, s + (0 .. len - 1));
    assigns *sp; */
static void absorb_encode_string(qed_keccak_sponge *sp, const uint8_t *s,
                                 size_t len)
{
  absorb_left_encode(sp, len, 3);
  (void)qed_sponge_absorb(sp, s, len);
}

/* The zeros that end bytepad(.., rate): up to the next block boundary. */
/*@ requires \valid(sp);
    assigns *sp; */
static void absorb_zero_pad(qed_keccak_sponge *sp)
{
  if (sp->pos > 0 && sp->pos < sp->rate && sp->rate <= QED_SPONGE_MAX_RATE)
    (void)qed_sponge_absorb(sp, zero_block, sp->rate - sp->pos);
}

/* ---- cSHAKE ---- */

/* A cSHAKE sponge with N and S absorbed (SP 800-185, 3.3): SHAKE when both
 * are empty, else bytepad(encode_string(N) || encode_string(S), rate) with
 * the suffix 00. */
/*@ requires \valid(sp);
    requires rate == 168 || rate == 136;
    requires \valid_read(name + (0 .. namelen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(sp, name + (0 .. namelen - 1));
    requires \separated(sp, custom + (0 .. customlen - 1));
    assigns *sp; */
static void cshake_start(qed_keccak_sponge *sp, uint32_t rate,
                         const uint8_t *name, size_t namelen,
                         const uint8_t *custom, size_t customlen)
{
  if (namelen == 0 && customlen == 0) {
    qed_sponge_init(sp, rate, SUFFIX_SHAKE, ROUNDS, 0);
    return;
  }
  qed_sponge_init(sp, rate, SUFFIX_CSHAKE, ROUNDS, 0);
  absorb_left_encode(sp, rate, 0);
  absorb_encode_string(sp, name, namelen);
  absorb_encode_string(sp, custom, customlen);
  absorb_zero_pad(sp);
}

/*@ requires rate == 168 || rate == 136;
    requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(name + (0 .. namelen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
static void cshake_oneshot(uint32_t rate, uint8_t *out, size_t outlen,
                           const uint8_t *in, size_t inlen,
                           const uint8_t *name, size_t namelen,
                           const uint8_t *custom, size_t customlen)
{
  qed_keccak_sponge sp;
  cshake_start(&sp, rate, name, namelen, custom, customlen);
  (void)qed_sponge_absorb(&sp, in, inlen);
  (void)qed_sponge_squeeze(&sp, out, outlen);
  qed_sponge_wipe(&sp);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(name + (0 .. namelen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_cshake128(uint8_t *out, size_t outlen, const uint8_t *in,
                   size_t inlen, const uint8_t *name, size_t namelen,
                   const uint8_t *custom, size_t customlen)
{
  cshake_oneshot(RATE128, out, outlen, in, inlen, name, namelen, custom,
                 customlen);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(name + (0 .. namelen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_cshake256(uint8_t *out, size_t outlen, const uint8_t *in,
                   size_t inlen, const uint8_t *name, size_t namelen,
                   const uint8_t *custom, size_t customlen)
{
  cshake_oneshot(RATE256, out, outlen, in, inlen, name, namelen, custom,
                 customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(name + (0 .. namelen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, name + (0 .. namelen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx; */
void qed_cshake128_init(qed_cshake_ctx *ctx, const uint8_t *name,
                        size_t namelen, const uint8_t *custom,
                        size_t customlen)
{
  cshake_start(&ctx->sponge, RATE128, name, namelen, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(name + (0 .. namelen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, name + (0 .. namelen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx; */
void qed_cshake256_init(qed_cshake_ctx *ctx, const uint8_t *name,
                        size_t namelen, const uint8_t *custom,
                        size_t customlen)
{
  cshake_start(&ctx->sponge, RATE256, name, namelen, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_cshake_update(qed_cshake_ctx *ctx, const uint8_t *in, size_t inlen)
{
  return qed_sponge_absorb(&ctx->sponge, in, inlen);
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_cshake_squeeze(qed_cshake_ctx *ctx, uint8_t *out, size_t outlen)
{
  return qed_sponge_squeeze(&ctx->sponge, out, outlen);
}

/*@ requires \valid(ctx); assigns *ctx; */
void qed_cshake_wipe(qed_cshake_ctx *ctx)
{
  qed_sponge_wipe(&ctx->sponge);
}

/* ---- KMAC ---- */

/* cSHAKE(.., "KMAC", S) with bytepad(encode_string(K), rate) absorbed. */
/*@ requires \valid(ctx);
    requires rate == 168 || rate == 136;
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, key + (0 .. keylen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx; */
static void kmac_start(qed_kmac_ctx *ctx, uint32_t rate, uint8_t xof,
                       const uint8_t *key, size_t keylen,
                       const uint8_t *custom, size_t customlen)
{
  cshake_start(&ctx->sponge, rate, name_kmac, sizeof name_kmac, custom,
               customlen);
  absorb_left_encode(&ctx->sponge, rate, 0);
  absorb_encode_string(&ctx->sponge, key, keylen);
  absorb_zero_pad(&ctx->sponge);
  ctx->xof = xof;
}

/*@ requires \valid(ctx);
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, key + (0 .. keylen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx; */
void qed_kmac128_init(qed_kmac_ctx *ctx, const uint8_t *key, size_t keylen,
                      const uint8_t *custom, size_t customlen)
{
  kmac_start(ctx, RATE128, 0, key, keylen, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, key + (0 .. keylen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx; */
void qed_kmac256_init(qed_kmac_ctx *ctx, const uint8_t *key, size_t keylen,
                      const uint8_t *custom, size_t customlen)
{
  kmac_start(ctx, RATE256, 0, key, keylen, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, key + (0 .. keylen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx; */
void qed_kmacxof128_init(qed_kmac_ctx *ctx, const uint8_t *key,
                         size_t keylen, const uint8_t *custom,
                         size_t customlen)
{
  kmac_start(ctx, RATE128, 1, key, keylen, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, key + (0 .. keylen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx; */
void qed_kmacxof256_init(qed_kmac_ctx *ctx, const uint8_t *key,
                         size_t keylen, const uint8_t *custom,
                         size_t customlen)
{
  kmac_start(ctx, RATE256, 1, key, keylen, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_kmac_update(qed_kmac_ctx *ctx, const uint8_t *in, size_t inlen)
{
  return qed_sponge_absorb(&ctx->sponge, in, inlen);
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_kmac_final(qed_kmac_ctx *ctx, uint8_t *out, size_t outlen)
{
  if (ctx->xof != 0 || ctx->sponge.phase != QED_SPONGE_ABSORBING) {
    qed_zeroize(out, outlen);
    return -1;
  }
  absorb_right_encode(&ctx->sponge, outlen, 3);
  const int r = qed_sponge_squeeze(&ctx->sponge, out, outlen);
  qed_sponge_wipe(&ctx->sponge);
  return r;
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_kmac_squeeze(qed_kmac_ctx *ctx, uint8_t *out, size_t outlen)
{
  if (ctx->xof != 1) {
    qed_zeroize(out, outlen);
    return -1;
  }
  if (ctx->sponge.phase == QED_SPONGE_ABSORBING)
    absorb_right_encode(&ctx->sponge, 0, 0);
  return qed_sponge_squeeze(&ctx->sponge, out, outlen);
}

/*@ requires \valid(ctx); assigns *ctx; */
void qed_kmac_wipe(qed_kmac_ctx *ctx)
{
  qed_sponge_wipe(&ctx->sponge);
  ctx->xof = 0;
}

/*@ requires rate == 168 || rate == 136;
    requires xof == 0 || xof == 1;
    requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
static void kmac_oneshot(uint32_t rate, uint8_t xof, uint8_t *out,
                         size_t outlen, const uint8_t *key, size_t keylen,
                         const uint8_t *in, size_t inlen,
                         const uint8_t *custom, size_t customlen)
{
  qed_kmac_ctx ctx;
  kmac_start(&ctx, rate, xof, key, keylen, custom, customlen);
  (void)qed_sponge_absorb(&ctx.sponge, in, inlen);
  absorb_right_encode(&ctx.sponge, xof ? 0u : outlen, 3);
  (void)qed_sponge_squeeze(&ctx.sponge, out, outlen);
  qed_sponge_wipe(&ctx.sponge);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_kmac128(uint8_t *out, size_t outlen, const uint8_t *key,
                 size_t keylen, const uint8_t *in, size_t inlen,
                 const uint8_t *custom, size_t customlen)
{
  kmac_oneshot(RATE128, 0, out, outlen, key, keylen, in, inlen, custom,
               customlen);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_kmac256(uint8_t *out, size_t outlen, const uint8_t *key,
                 size_t keylen, const uint8_t *in, size_t inlen,
                 const uint8_t *custom, size_t customlen)
{
  kmac_oneshot(RATE256, 0, out, outlen, key, keylen, in, inlen, custom,
               customlen);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_kmacxof128(uint8_t *out, size_t outlen, const uint8_t *key,
                    size_t keylen, const uint8_t *in, size_t inlen,
                    const uint8_t *custom, size_t customlen)
{
  kmac_oneshot(RATE128, 1, out, outlen, key, keylen, in, inlen, custom,
               customlen);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_kmacxof256(uint8_t *out, size_t outlen, const uint8_t *key,
                    size_t keylen, const uint8_t *in, size_t inlen,
                    const uint8_t *custom, size_t customlen)
{
  kmac_oneshot(RATE256, 1, out, outlen, key, keylen, in, inlen, custom,
               customlen);
}

/* ---- TupleHash: streaming, and the one-shot forms built on it ---- */

/*@ requires \valid(ctx);
    requires rate == 168 || rate == 136;
    requires xof == 0 || xof == 1;
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx; */
static void tuple_start(qed_tuplehash_ctx *ctx, uint32_t rate, uint8_t xof,
                        const uint8_t *custom, size_t customlen)
{
  cshake_start(&ctx->sponge, rate, name_tuple, sizeof name_tuple, custom,
               customlen);
  ctx->item_left = 0;
  ctx->in_item = 0;
  ctx->xof = xof;
}

/*@ requires \valid(ctx);
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx; */
void qed_tuplehash128_init(qed_tuplehash_ctx *ctx, const uint8_t *custom,
                           size_t customlen)
{
  tuple_start(ctx, RATE128, 0, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx; */
void qed_tuplehash256_init(qed_tuplehash_ctx *ctx, const uint8_t *custom,
                           size_t customlen)
{
  tuple_start(ctx, RATE256, 0, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx; */
void qed_tuplehashxof128_init(qed_tuplehash_ctx *ctx, const uint8_t *custom,
                              size_t customlen)
{
  tuple_start(ctx, RATE128, 1, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx; */
void qed_tuplehashxof256_init(qed_tuplehash_ctx *ctx, const uint8_t *custom,
                              size_t customlen)
{
  tuple_start(ctx, RATE256, 1, custom, customlen);
}

/* A new item may start: absorbing, and no announced item unfinished. */
/*@ requires \valid_read(ctx);
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int tuple_between_items(const qed_tuplehash_ctx *ctx)
{
  return ctx->in_item == 0 && ctx->sponge.phase == QED_SPONGE_ABSORBING;
}

/*@ requires \valid(ctx);
    requires \valid_read(item + (0 .. len - 1));
    requires \separated(ctx, item + (0 .. len - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_tuplehash_add(qed_tuplehash_ctx *ctx, const uint8_t *item,
                      size_t len)
{
  if (!tuple_between_items(ctx))
    return -1;
  absorb_encode_string(&ctx->sponge, item, len);
  return 0;
}

/*@ requires \valid(ctx);
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_tuplehash_begin_item(qed_tuplehash_ctx *ctx, uint64_t len)
{
  if (!tuple_between_items(ctx))
    return -1;
  absorb_left_encode(&ctx->sponge, len, 3);
  ctx->item_left = len;
  ctx->in_item = len > 0;
  return 0;
}

/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_tuplehash_item_update(qed_tuplehash_ctx *ctx, const uint8_t *in,
                              size_t inlen)
{
  if (ctx->sponge.phase != QED_SPONGE_ABSORBING)
    return -1;
  if (inlen == 0)
    return 0;
  if (ctx->in_item == 0 || inlen > ctx->item_left)
    return -1;
  if (qed_sponge_absorb(&ctx->sponge, in, inlen) != 0)
    return -1;
  ctx->item_left -= inlen;
  ctx->in_item = ctx->item_left > 0;
  return 0;
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_tuplehash_final(qed_tuplehash_ctx *ctx, uint8_t *out, size_t outlen)
{
  if (ctx->xof != 0 || !tuple_between_items(ctx)) {
    qed_zeroize(out, outlen);
    return -1;
  }
  absorb_right_encode(&ctx->sponge, outlen, 3);
  const int r = qed_sponge_squeeze(&ctx->sponge, out, outlen);
  qed_tuplehash_wipe(ctx);
  return r;
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_tuplehash_squeeze(qed_tuplehash_ctx *ctx, uint8_t *out,
                          size_t outlen)
{
  if (ctx->xof != 1 || ctx->in_item != 0) {
    qed_zeroize(out, outlen);
    return -1;
  }
  if (ctx->sponge.phase == QED_SPONGE_ABSORBING)
    absorb_right_encode(&ctx->sponge, 0, 0);
  return qed_sponge_squeeze(&ctx->sponge, out, outlen);
}

/*@ requires \valid(ctx); assigns *ctx; */
void qed_tuplehash_wipe(qed_tuplehash_ctx *ctx)
{
  qed_sponge_wipe(&ctx->sponge);
  ctx->item_left = 0;
  ctx->in_item = 0;
  ctx->xof = 0;
}

/* One-shot TupleHash: the streaming functions on a local context. */
/*@ requires rate == 168 || rate == 136;
    requires xof == 0 || xof == 1;
    requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(items + (0 .. count - 1));
    requires \forall integer k; 0 <= k < count ==>
               \valid_read(items[k].ptr + (0 .. items[k].len - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
static void tuple_oneshot(uint32_t rate, uint8_t xof, uint8_t *out,
                          size_t outlen, const qed_slice *items, size_t count,
                          const uint8_t *custom, size_t customlen)
{
  qed_tuplehash_ctx ctx;
  size_t i;
  tuple_start(&ctx, rate, xof, custom, customlen);
  /*@ loop invariant 0 <= i <= count;
      loop assigns i, ctx;
      loop variant count - i; */
  for (i = 0; i < count; i++)
    (void)qed_tuplehash_add(&ctx, items[i].ptr, items[i].len);
  if (xof)
    (void)qed_tuplehash_squeeze(&ctx, out, outlen);
  else
    (void)qed_tuplehash_final(&ctx, out, outlen);
  qed_tuplehash_wipe(&ctx);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(items + (0 .. count - 1));
    requires \forall integer k; 0 <= k < count ==>
               \valid_read(items[k].ptr + (0 .. items[k].len - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_tuplehash128(uint8_t *out, size_t outlen, const qed_slice *items,
                      size_t count, const uint8_t *custom, size_t customlen)
{
  tuple_oneshot(RATE128, 0, out, outlen, items, count, custom, customlen);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(items + (0 .. count - 1));
    requires \forall integer k; 0 <= k < count ==>
               \valid_read(items[k].ptr + (0 .. items[k].len - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_tuplehash256(uint8_t *out, size_t outlen, const qed_slice *items,
                      size_t count, const uint8_t *custom, size_t customlen)
{
  tuple_oneshot(RATE256, 0, out, outlen, items, count, custom, customlen);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(items + (0 .. count - 1));
    requires \forall integer k; 0 <= k < count ==>
               \valid_read(items[k].ptr + (0 .. items[k].len - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_tuplehashxof128(uint8_t *out, size_t outlen, const qed_slice *items,
                         size_t count, const uint8_t *custom,
                         size_t customlen)
{
  tuple_oneshot(RATE128, 1, out, outlen, items, count, custom, customlen);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(items + (0 .. count - 1));
    requires \forall integer k; 0 <= k < count ==>
               \valid_read(items[k].ptr + (0 .. items[k].len - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_tuplehashxof256(uint8_t *out, size_t outlen, const qed_slice *items,
                         size_t count, const uint8_t *custom,
                         size_t customlen)
{
  tuple_oneshot(RATE256, 1, out, outlen, items, count, custom, customlen);
}

/* ---- ParallelHash ---- */

/*@ requires \valid(ctx); assigns *ctx; */
void qed_parallelhash_wipe(qed_parallelhash_ctx *ctx)
{
  qed_sponge_wipe(&ctx->outer);
  qed_sponge_wipe(&ctx->leaf);
  ctx->blocks = 0;
  ctx->block = 0;
  ctx->fill = 0;
  ctx->rate = 0;
  ctx->xof = 0;
}

/*@ requires \valid(ctx);
    requires rate == 168 || rate == 136;
    requires xof == 0 || xof == 1;
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
static int ph_start(qed_parallelhash_ctx *ctx, uint32_t rate, uint8_t xof,
                    size_t block, const uint8_t *custom, size_t customlen)
{
  if (block == 0) {
    qed_parallelhash_wipe(ctx);
    return -1;
  }
  cshake_start(&ctx->outer, rate, name_parallel, sizeof name_parallel,
               custom, customlen);
  absorb_left_encode(&ctx->outer, block, 0);
  qed_sponge_init(&ctx->leaf, rate, SUFFIX_SHAKE, ROUNDS, 0);
  ctx->blocks = 0;
  ctx->block = block;
  ctx->fill = 0;
  ctx->rate = rate;
  ctx->xof = xof;
  return 0;
}

/* The chaining value of the current block into the outer sponge. */
/*@ requires \valid(ctx);
    requires ctx->rate == 168 || ctx->rate == 136;
    assigns *ctx;
    ensures ctx->fill == 0;
    ensures ctx->block == \old(ctx->block) && ctx->xof == \old(ctx->xof);
    ensures ctx->rate == \old(ctx->rate); */
static void ph_leaf_done(qed_parallelhash_ctx *ctx)
{
  uint8_t cv[64];
  const uint32_t rate = ctx->rate;
  const size_t cvlen = rate == RATE128 ? 32u : 64u;
  (void)qed_sponge_squeeze(&ctx->leaf, cv, cvlen);
  (void)qed_sponge_absorb(&ctx->outer, cv, cvlen);
  qed_sponge_init(&ctx->leaf, rate, SUFFIX_SHAKE, ROUNDS, 0);
  ctx->blocks++;
  ctx->fill = 0;
}

/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_parallelhash_update(qed_parallelhash_ctx *ctx, const uint8_t *in,
                            size_t inlen)
{
  size_t done = 0;
  if (!(ctx->block >= 1 && ctx->fill < ctx->block &&
        (ctx->rate == RATE128 || ctx->rate == RATE256)) ||
      ctx->outer.phase != QED_SPONGE_ABSORBING)
    return -1;
  /*@ loop invariant 0 <= done <= inlen;
      loop invariant ctx->block >= 1 && ctx->fill < ctx->block;
      loop invariant ctx->rate == 168 || ctx->rate == 136;
      loop assigns done, *ctx;
      loop variant inlen - done; */
  while (done < inlen) {
    if (ctx->fill == 0 && inlen - done >= ctx->block) {
      /* Whole blocks straight from the input, several at once. */
      done += qed_keccak_p1600_leaves(&ctx->outer, &ctx->blocks, in + done,
                                      inlen - done, ctx->block,
                                      ctx->rate == RATE128 ? 32u : 64u,
                                      ctx->rate, ROUNDS, SUFFIX_SHAKE);
      continue;
    }
    size_t take = ctx->block - ctx->fill;
    if (take > inlen - done)
      take = inlen - done;
    (void)qed_sponge_absorb(&ctx->leaf, in + done, take);
    ctx->fill += take;
    done += take;
    if (ctx->fill == ctx->block)
      ph_leaf_done(ctx);
  }
  return 0;
}

/* Last block, right_encode(n), right_encode(L). */
/*@ requires \valid(ctx);
    assigns *ctx; */
static void ph_finish(qed_parallelhash_ctx *ctx, size_t outlen)
{
  if (ctx->fill > 0 &&
      (ctx->rate == RATE128 || ctx->rate == RATE256))
    ph_leaf_done(ctx);
  absorb_right_encode(&ctx->outer, ctx->blocks, 0);
  absorb_right_encode(&ctx->outer, outlen, 3);
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_parallelhash_final(qed_parallelhash_ctx *ctx, uint8_t *out,
                           size_t outlen)
{
  if (!(ctx->block >= 1 && ctx->fill < ctx->block &&
        (ctx->rate == RATE128 || ctx->rate == RATE256)) ||
      ctx->xof != 0 || ctx->outer.phase != QED_SPONGE_ABSORBING) {
    qed_zeroize(out, outlen);
    return -1;
  }
  ph_finish(ctx, outlen);
  const int r = qed_sponge_squeeze(&ctx->outer, out, outlen);
  qed_parallelhash_wipe(ctx);
  return r;
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_parallelhash_squeeze(qed_parallelhash_ctx *ctx, uint8_t *out,
                             size_t outlen)
{
  if (!(ctx->block >= 1 && ctx->fill < ctx->block &&
        (ctx->rate == RATE128 || ctx->rate == RATE256)) ||
      ctx->xof != 1) {
    qed_zeroize(out, outlen);
    return -1;
  }
  if (ctx->outer.phase == QED_SPONGE_ABSORBING)
    ph_finish(ctx, 0);
  return qed_sponge_squeeze(&ctx->outer, out, outlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_parallelhash128_init(qed_parallelhash_ctx *ctx, size_t block,
                             const uint8_t *custom, size_t customlen)
{
  return ph_start(ctx, RATE128, 0, block, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_parallelhash256_init(qed_parallelhash_ctx *ctx, size_t block,
                             const uint8_t *custom, size_t customlen)
{
  return ph_start(ctx, RATE256, 0, block, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_parallelhashxof128_init(qed_parallelhash_ctx *ctx, size_t block,
                                const uint8_t *custom, size_t customlen)
{
  return ph_start(ctx, RATE128, 1, block, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_parallelhashxof256_init(qed_parallelhash_ctx *ctx, size_t block,
                                const uint8_t *custom, size_t customlen)
{
  return ph_start(ctx, RATE256, 1, block, custom, customlen);
}

/*@ requires rate == 168 || rate == 136;
    requires xof == 0 || xof == 1;
    requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
static int ph_oneshot(uint32_t rate, uint8_t xof, uint8_t *out, size_t outlen,
                      const uint8_t *in, size_t inlen, size_t block,
                      const uint8_t *custom, size_t customlen)
{
  qed_parallelhash_ctx ctx;
  if (ph_start(&ctx, rate, xof, block, custom, customlen) != 0) {
    qed_zeroize(out, outlen);
    return -1;
  }
  (void)qed_parallelhash_update(&ctx, in, inlen);
  ph_finish(&ctx, xof ? 0u : outlen);
  const int r = qed_sponge_squeeze(&ctx.outer, out, outlen);
  qed_parallelhash_wipe(&ctx);
  return r;
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_parallelhash128(uint8_t *out, size_t outlen, const uint8_t *in,
                        size_t inlen, size_t block, const uint8_t *custom,
                        size_t customlen)
{
  return ph_oneshot(RATE128, 0, out, outlen, in, inlen, block, custom,
                    customlen);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_parallelhash256(uint8_t *out, size_t outlen, const uint8_t *in,
                        size_t inlen, size_t block, const uint8_t *custom,
                        size_t customlen)
{
  return ph_oneshot(RATE256, 0, out, outlen, in, inlen, block, custom,
                    customlen);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_parallelhashxof128(uint8_t *out, size_t outlen, const uint8_t *in,
                           size_t inlen, size_t block, const uint8_t *custom,
                           size_t customlen)
{
  return ph_oneshot(RATE128, 1, out, outlen, in, inlen, block, custom,
                    customlen);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_parallelhashxof256(uint8_t *out, size_t outlen, const uint8_t *in,
                           size_t inlen, size_t block, const uint8_t *custom,
                           size_t customlen)
{
  return ph_oneshot(RATE256, 1, out, outlen, in, inlen, block, custom,
                    customlen);
}
