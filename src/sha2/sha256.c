/* SHA-224 and SHA-256 (FIPS 180-4, 6.2-6.3): the padding, the initial
 * values, streaming and one-shot, over the compression loop of
 * sha2_blocks.h.  The two differ only in the initial value and in how many
 * words of the final chaining value are the digest (7 or 8).
 *
 * Padding (5.1.1): a 1 bit, zeros, then the message length in bits as a
 * 64-bit big-endian number, ending a 64-byte block.  The length is kept in
 * bytes; the standard allows fewer than 2^64 bits, so streaming refuses a
 * message past 2^61 - 1 bytes (MAX_BYTES). */
#include "qed/sha2.h"
#include "qed/common.h"
#include "common/bytes.h"
#include "sha2/sha2_blocks.h"
#include "sha2/sha2_bytes.h"

#define BLOCK     64u    /* bytes per block                               */
#define LENPOS    56u    /* where the 8-byte length field starts          */
#define MAX_BYTES (((uint64_t)1 << 61) - 1u)

/* 5.3.2, 5.3.3: the initial hash values. */
static const uint32_t iv224[8] = {
  0xc1059ed8u, 0x367cd507u, 0x3070dd17u, 0xf70e5939u,
  0xffc00b31u, 0x68581511u, 0x64f98fa7u, 0xbefa4fa4u
};
static const uint32_t iv256[8] = {
  0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
  0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u
};

/*@ requires \valid(out + (0 .. n - 1));
    requires n == 28 || n == 32;
    requires \valid_read(st + (0 .. 7));
    requires \separated(out + (0 .. n - 1), st + (0 .. 7));
    assigns out[0 .. n - 1]; */
static void store_digest(uint8_t *out, size_t n, const uint32_t st[8])
{
  size_t i;
  /*@ loop invariant 0 <= i <= n / 4;
      loop assigns i, out[0 .. n - 1];
      loop variant n / 4 - i; */
  for (i = 0; i < n / 4; i++)
    qed_store32_be(out + 4 * i, st[i]);
}

/*@ requires \valid(b + (LENPOS .. BLOCK - 1));
    assigns b[LENPOS .. BLOCK - 1]; */
static void store_length(uint8_t *b, uint64_t bytes)
{
  qed_store64_be(b + LENPOS, bytes << 3);
}

/* ---- one-shot ---- */

/* The whole blocks straight from in, the rest and the padding (one or two
 * blocks) in a local tail that is wiped with the chaining value. */
/*@ requires n == 28 || n == 32;
    requires \valid(out + (0 .. n - 1));
    requires \valid_read(iv + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. n - 1]; */
static void sha256_oneshot(uint8_t *out, size_t n, const uint32_t iv[8],
                           const uint8_t *in, size_t inlen)
{
  uint32_t st[8];
  uint8_t tail[2 * BLOCK];
  size_t done, rest, tlen;
  sha2_copy_u32(st, iv, 8);
  done = qed_sha256_blocks(st, in, inlen);
  rest = inlen - done;
  /* One block if the 0x80 byte and the length field fit after the rest. */
  tlen = rest < LENPOS ? BLOCK : 2 * BLOCK;
  sha2_copy_bytes(tail, in + done, rest);
  tail[rest] = 0x80;
  sha2_zero_bytes(tail + rest + 1, tlen - 8 - rest - 1);
  store_length(tail + tlen - BLOCK, (uint64_t)inlen);
  (void)qed_sha256_blocks(st, tail, tlen);
  store_digest(out, n, st);
  sha2_wipe_u32(st, 8);
  /* Only the first rest bytes of tail are message; the padding is public. */
  qed_zeroize(tail, rest);
}

void qed_sha224(uint8_t out[28], const uint8_t *in, size_t inlen)
{
  sha256_oneshot(out, 28, iv224, in, inlen);
}

void qed_sha256(uint8_t out[32], const uint8_t *in, size_t inlen)
{
  sha256_oneshot(out, 32, iv256, in, inlen);
}

/* ---- streaming ---- */

/*@ requires \valid(ctx);
    requires \valid_read(iv + (0 .. 7));
    requires outlen == 28 || outlen == 32;
    assigns *ctx;
    ensures ctx->outlen == outlen && ctx->phase == QED_SHA2_ABSORBING; */
static void sha256_start(qed_sha256_ctx *ctx, const uint32_t iv[8],
                         uint8_t outlen)
{
  sha2_copy_u32(ctx->state, iv, 8);
  ctx->count = 0;
  ctx->fill = 0;
  ctx->outlen = outlen;
  ctx->phase = QED_SHA2_ABSORBING;
}

void qed_sha224_init(qed_sha256_ctx *ctx) { sha256_start(ctx, iv224, 28); }
void qed_sha256_init(qed_sha256_ctx *ctx) { sha256_start(ctx, iv256, 32); }

size_t qed_sha256_digest_bytes(const qed_sha256_ctx *ctx)
{
  const uint8_t n = ctx->outlen;
  return (n == 28 || n == 32) ? n : 0;
}

/* Whether ctx is one that init prepared and final has not closed (and,
 * against a context written by something else, whether its fill and count
 * are in range). */
/*@ requires \valid_read(ctx);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> (ctx->phase == QED_SHA2_ABSORBING &&
                               ctx->fill < BLOCK &&
                               ctx->count <= MAX_BYTES &&
                               (ctx->outlen == 28 || ctx->outlen == 32)); */
static int absorbing(const qed_sha256_ctx *ctx)
{
  return ctx->phase == QED_SHA2_ABSORBING && ctx->fill < BLOCK &&
         ctx->count <= MAX_BYTES && qed_sha256_digest_bytes(ctx) != 0;
}

int qed_sha256_update(qed_sha256_ctx *ctx, const uint8_t *in, size_t inlen)
{
  size_t fill, pos = 0;
  if (!absorbing(ctx) || (uint64_t)inlen > MAX_BYTES - ctx->count)
    return -1;
  ctx->count += (uint64_t)inlen;
  fill = ctx->fill;
  if (fill != 0) {
    /* Complete the pending block first. */
    size_t take = BLOCK - fill;
    if (take > inlen) {
      sha2_copy_bytes(ctx->buf + fill, in, inlen);
      ctx->fill = (uint32_t)(fill + inlen);
      return 0;
    }
    sha2_copy_bytes(ctx->buf + fill, in, take);
    (void)qed_sha256_blocks(ctx->state, ctx->buf, BLOCK);
    pos = take;
  }
  pos += qed_sha256_blocks(ctx->state, in + pos, inlen - pos);
  sha2_copy_bytes(ctx->buf, in + pos, inlen - pos);
  ctx->fill = (uint32_t)(inlen - pos);
  return 0;
}

int qed_sha256_final(qed_sha256_ctx *ctx, uint8_t *out)
{
  const size_t n = qed_sha256_digest_bytes(ctx);
  size_t fill;
  if (n == 0)
    return -1;
  if (!absorbing(ctx)) {
    qed_zeroize(out, n);
    return -1;
  }
  fill = ctx->fill;
  ctx->buf[fill] = 0x80;
  fill++;
  if (fill > LENPOS) {
    /* No room for the length: pad this block out, the length goes in the
     * next one. */
    sha2_zero_bytes(ctx->buf + fill, BLOCK - fill);
    (void)qed_sha256_blocks(ctx->state, ctx->buf, BLOCK);
    fill = 0;
  }
  sha2_zero_bytes(ctx->buf + fill, LENPOS - fill);
  store_length(ctx->buf, ctx->count);
  (void)qed_sha256_blocks(ctx->state, ctx->buf, BLOCK);
  store_digest(out, n, ctx->state);
  /* Wipe everything but the public digest length. */
  sha2_wipe_u32(ctx->state, 8);
  qed_zeroize(ctx->buf, BLOCK);
  ctx->count = 0;
  ctx->fill = 0;
  ctx->phase = 0;
  return 0;
}
