/* TurboSHAKE128/256 (RFC 9861, 2): the SHAKE sponges with Keccak-p[1600, 12]
 * and a caller-chosen domain byte D in 0x01 .. 0x7F.  D already holds the
 * first bit of the padding, so it is exactly the sponge's suffix byte (see
 * sponge.h); the last padding bit is the sponge's 0x80 at rate - 1. */
#include "qed/keccak_xof.h"
#include "keccak/sponge.h"
#include "qed/common.h"


#define TURBO_ROUNDS 12u
#define RATE128      168u
#define RATE256      136u

/*@ requires \valid(ctx);
    requires rate == 168 || rate == 136;
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
static int ts_start(qed_turboshake_ctx *ctx, uint32_t rate, uint8_t domain)
{
  if (domain == 0 || domain >= 0x80) {
    qed_sponge_wipe(&ctx->sponge);
    return -1;
  }
  qed_sponge_init(&ctx->sponge, rate, domain, TURBO_ROUNDS, 0);
  return 0;
}

/*@ requires rate == 168 || rate == 136;
    requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
static int ts_oneshot(uint32_t rate, uint8_t *out, size_t outlen,
                      const uint8_t *in, size_t inlen, uint8_t domain)
{
  qed_turboshake_ctx ctx;
  if (ts_start(&ctx, rate, domain) != 0) {
    qed_zeroize(out, outlen);
    return -1;
  }
  (void)qed_sponge_absorb(&ctx.sponge, in, inlen);
  const int r = qed_sponge_squeeze(&ctx.sponge, out, outlen);
  qed_sponge_wipe(&ctx.sponge);
  return r;
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_turboshake128(uint8_t *out, size_t outlen, const uint8_t *in,
                      size_t inlen, uint8_t domain)
{
  return ts_oneshot(RATE128, out, outlen, in, inlen, domain);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_turboshake256(uint8_t *out, size_t outlen, const uint8_t *in,
                      size_t inlen, uint8_t domain)
{
  return ts_oneshot(RATE256, out, outlen, in, inlen, domain);
}

/*@ requires \valid(ctx);
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_turboshake128_init(qed_turboshake_ctx *ctx, uint8_t domain)
{
  return ts_start(ctx, RATE128, domain);
}

/*@ requires \valid(ctx);
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_turboshake256_init(qed_turboshake_ctx *ctx, uint8_t domain)
{
  return ts_start(ctx, RATE256, domain);
}

/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_turboshake_update(qed_turboshake_ctx *ctx, const uint8_t *in,
                          size_t inlen)
{
  return qed_sponge_absorb(&ctx->sponge, in, inlen);
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_turboshake_squeeze(qed_turboshake_ctx *ctx, uint8_t *out,
                           size_t outlen)
{
  return qed_sponge_squeeze(&ctx->sponge, out, outlen);
}

/*@ requires \valid(ctx); assigns *ctx; */
void qed_turboshake_wipe(qed_turboshake_ctx *ctx)
{
  qed_sponge_wipe(&ctx->sponge);
}
