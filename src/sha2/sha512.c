/* SHA-384, SHA-512 and SHA-512/256 (FIPS 180-4, 6.4-6.7): the padding,
 * the initial values, streaming and one-shot, over the compression loop
 * of sha2_blocks.h.  The three differ only in the initial value and in how
 * many words of the final chaining value are the digest.
 *
 * Padding (5.1.2): a 1 bit, zeros, then the message length in bits as a
 * 128-bit big-endian number, ending a 128-byte block.  The length is kept
 * in bytes in a 64-bit counter (qed refuses longer messages, see
 * qed/sha2.h), so the 128-bit bit count is (count >> 61, count << 3). */
#include "qed/sha2.h"
#include "qed/common.h"
#include "common/bytes.h"
#include "common/zeroize.h"
#include "sha2/sha2_blocks.h"
#include "sha2/sha2_bytes.h"

#define BLOCK   128u     /* bytes per block                               */
#define LENPOS  112u     /* where the 16-byte length field starts         */

/* 5.3.4, 5.3.5, 5.3.6.2: the initial hash values. */
static const uint64_t iv384[8] = {
  0xcbbb9d5dc1059ed8u, 0x629a292a367cd507u, 0x9159015a3070dd17u,
  0x152fecd8f70e5939u, 0x67332667ffc00b31u, 0x8eb44a8768581511u,
  0xdb0c2e0d64f98fa7u, 0x47b5481dbefa4fa4u
};
static const uint64_t iv512[8] = {
  0x6a09e667f3bcc908u, 0xbb67ae8584caa73bu, 0x3c6ef372fe94f82bu,
  0xa54ff53a5f1d36f1u, 0x510e527fade682d1u, 0x9b05688c2b3e6c1fu,
  0x1f83d9abfb41bd6bu, 0x5be0cd19137e2179u
};
static const uint64_t iv512_256[8] = {
  0x22312194fc2bf72cu, 0x9f555fa3c84c64c2u, 0x2393b86b6f53b151u,
  0x963877195940eabdu, 0x96283ee2a88effe3u, 0xbe5e1e2553863992u,
  0x2b0199fc2c85b8aau, 0x0eb72ddc81c52ca2u
};

/*@ requires \valid(out + (0 .. n - 1));
    requires n == 32 || n == 48 || n == 64;
    requires \valid_read(st + (0 .. 7));
    requires \separated(out + (0 .. n - 1), st + (0 .. 7));
    assigns out[0 .. n - 1]; */
static void store_digest(uint8_t *out, size_t n, const uint64_t st[8])
{
  size_t i;
  /*@ loop invariant 0 <= i <= n / 8;
      loop assigns i, out[0 .. n - 1];
      loop variant n / 8 - i; */
  for (i = 0; i < n / 8; i++)
    qed_store64_be(out + 8 * i, st[i]);
}

/*@ requires \valid(b + (LENPOS .. BLOCK - 1));
    assigns b[LENPOS .. BLOCK - 1]; */
static void store_length(uint8_t *b, uint64_t bytes)
{
  qed_store64_be(b + LENPOS, bytes >> 61);
  qed_store64_be(b + LENPOS + 8, bytes << 3);
}

/* ---- one-shot ---- */

/* The whole blocks straight from in, the rest and the padding (one or two
 * blocks) in a local tail that is wiped with the chaining value. */
/*@ requires n == 32 || n == 48 || n == 64;
    requires \valid(out + (0 .. n - 1));
    requires \valid_read(iv + (0 .. 7));
    requires \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. n - 1]; */
static void sha512_oneshot(uint8_t *out, size_t n, const uint64_t iv[8],
                           const uint8_t *in, size_t inlen)
{
  uint64_t st[8];
  uint8_t tail[2 * BLOCK];
  size_t done, rest, tlen;
  sha2_copy_u64(st, iv, 8);
  done = qed_sha512_blocks(st, in, inlen);
  rest = inlen - done;
  /* One block if the 0x80 byte and the length field fit after the rest. */
  tlen = rest < LENPOS ? BLOCK : 2 * BLOCK;
  sha2_copy_bytes(tail, in + done, rest);
  tail[rest] = 0x80;
  sha2_zero_bytes(tail + rest + 1, tlen - 16 - rest - 1);
  store_length(tail + tlen - BLOCK, (uint64_t)inlen);
  (void)qed_sha512_blocks(st, tail, tlen);
  store_digest(out, n, st);
  qed_wipe_u64(st, 8);
  /* Only the first rest bytes of tail are message; the padding is public. */
  qed_zeroize(tail, rest);
}

void qed_sha384(uint8_t out[48], const uint8_t *in, size_t inlen)
{
  sha512_oneshot(out, 48, iv384, in, inlen);
}

void qed_sha512(uint8_t out[64], const uint8_t *in, size_t inlen)
{
  sha512_oneshot(out, 64, iv512, in, inlen);
}

void qed_sha512_256(uint8_t out[32], const uint8_t *in, size_t inlen)
{
  sha512_oneshot(out, 32, iv512_256, in, inlen);
}

/* ---- streaming ---- */

/*@ requires \valid(ctx);
    requires \valid_read(iv + (0 .. 7));
    requires outlen == 32 || outlen == 48 || outlen == 64;
    assigns *ctx;
    ensures ctx->outlen == outlen && ctx->phase == QED_SHA2_ABSORBING; */
static void sha512_start(qed_sha512_ctx *ctx, const uint64_t iv[8],
                         uint8_t outlen)
{
  sha2_copy_u64(ctx->state, iv, 8);
  ctx->count = 0;
  ctx->fill = 0;
  ctx->outlen = outlen;
  ctx->phase = QED_SHA2_ABSORBING;
}

void qed_sha384_init(qed_sha512_ctx *ctx) { sha512_start(ctx, iv384, 48); }
void qed_sha512_init(qed_sha512_ctx *ctx) { sha512_start(ctx, iv512, 64); }
void qed_sha512_256_init(qed_sha512_ctx *ctx)
{
  sha512_start(ctx, iv512_256, 32);
}

size_t qed_sha512_digest_bytes(const qed_sha512_ctx *ctx)
{
  const uint8_t n = ctx->outlen;
  return (n == 32 || n == 48 || n == 64) ? n : 0;
}

/* Whether ctx is one that init prepared and final has not closed (and,
 * against a context written by something else, whether its fill fits). */
/*@ requires \valid_read(ctx);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> (ctx->phase == QED_SHA2_ABSORBING &&
                               ctx->fill < BLOCK &&
                               (ctx->outlen == 32 || ctx->outlen == 48 ||
                                ctx->outlen == 64)); */
static int absorbing(const qed_sha512_ctx *ctx)
{
  return ctx->phase == QED_SHA2_ABSORBING && ctx->fill < BLOCK &&
         qed_sha512_digest_bytes(ctx) != 0;
}

int qed_sha512_update(qed_sha512_ctx *ctx, const uint8_t *in, size_t inlen)
{
  size_t fill, pos = 0;
  if (!absorbing(ctx) || (uint64_t)inlen > UINT64_MAX - ctx->count)
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
    (void)qed_sha512_blocks(ctx->state, ctx->buf, BLOCK);
    pos = take;
  }
  pos += qed_sha512_blocks(ctx->state, in + pos, inlen - pos);
  sha2_copy_bytes(ctx->buf, in + pos, inlen - pos);
  ctx->fill = (uint32_t)(inlen - pos);
  return 0;
}

int qed_sha512_final(qed_sha512_ctx *ctx, uint8_t *out)
{
  const size_t n = qed_sha512_digest_bytes(ctx);
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
    (void)qed_sha512_blocks(ctx->state, ctx->buf, BLOCK);
    fill = 0;
  }
  sha2_zero_bytes(ctx->buf + fill, LENPOS - fill);
  store_length(ctx->buf, ctx->count);
  (void)qed_sha512_blocks(ctx->state, ctx->buf, BLOCK);
  store_digest(out, n, ctx->state);
  /* Wipe everything but the public digest length. */
  qed_wipe_u64(ctx->state, 8);
  qed_zeroize(ctx->buf, BLOCK);
  ctx->count = 0;
  ctx->fill = 0;
  ctx->phase = 0;
  return 0;
}
