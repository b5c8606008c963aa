/* FIPS 202 and the original Keccak: SHA3-224...512, Keccak-224...512,
 * SHAKE128/256 and RawSHAKE128/256, as sponges over Keccak-f[1600]
 * (Keccak-p[1600, 24]).  The capacity is twice the security level, so the
 * rate is 200 - 2 * (digest bytes) for the fixed-length hashes and 168 or
 * 136 bytes for the 128- and 256-bit XOFs (FIPS 202, 6.1 and 6.2). */
#include "qed/keccak.h"
#include "keccak/sponge.h"
#include "qed/common.h"

/* Domain-separation suffixes with the first padding bit (see sponge.h). */
#define SUFFIX_KECCAK   0x01u
#define SUFFIX_SHA3     0x06u
#define SUFFIX_RAWSHAKE 0x07u
#define SUFFIX_SHAKE    0x1Fu
#define FIPS202_ROUNDS  24u

/* A fixed-length hash of `digest` bytes: rate 200 - 2 * digest. */
/*@ requires \valid(ctx);
    requires digest == 28 || digest == 32 || digest == 48 || digest == 64;
    assigns *ctx; */
static void hash_init(qed_sha3_ctx *ctx, uint8_t digest, uint8_t suffix)
{
  qed_sponge_init(&ctx->sponge, 200u - 2u * digest, suffix, FIPS202_ROUNDS,
                  digest);
}

/* One-shot: init, absorb, squeeze, wipe. */
/*@ requires digest == 28 || digest == 32 || digest == 48 || digest == 64;
    requires \valid(out + (0 .. digest - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. digest - 1]; */
static void hash_oneshot(uint8_t *out, uint8_t digest, uint8_t suffix,
                         const uint8_t *in, size_t inlen)
{
  qed_sha3_ctx ctx;
  hash_init(&ctx, digest, suffix);
  (void)qed_sponge_absorb(&ctx.sponge, in, inlen);
  (void)qed_sponge_squeeze(&ctx.sponge, out, digest);
  qed_sponge_wipe(&ctx.sponge);
}

/*@ requires \valid(ctx);
    requires rate == 168 || rate == 136;
    assigns *ctx; */
static void xof_init(qed_shake_ctx *ctx, uint32_t rate, uint8_t suffix)
{
  qed_sponge_init(&ctx->sponge, rate, suffix, FIPS202_ROUNDS, 0);
}

/*@ requires rate == 168 || rate == 136;
    requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. outlen - 1), in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1]; */
static void xof_oneshot(uint8_t *out, size_t outlen, uint32_t rate,
                        uint8_t suffix, const uint8_t *in, size_t inlen)
{
  qed_shake_ctx ctx;
  xof_init(&ctx, rate, suffix);
  (void)qed_sponge_absorb(&ctx.sponge, in, inlen);
  (void)qed_sponge_squeeze(&ctx.sponge, out, outlen);
  qed_sponge_wipe(&ctx.sponge);
}

/* ---- one-shot ---- */

/*@ requires \valid(out + (0 .. 27)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 27]; */
void qed_sha3_224(uint8_t out[28], const uint8_t *in, size_t inlen)
{
  hash_oneshot(out, 28, SUFFIX_SHA3, in, inlen);
}

/*@ requires \valid(out + (0 .. 31)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 31]; */
void qed_sha3_256(uint8_t out[32], const uint8_t *in, size_t inlen)
{
  hash_oneshot(out, 32, SUFFIX_SHA3, in, inlen);
}

/*@ requires \valid(out + (0 .. 47)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 47]; */
void qed_sha3_384(uint8_t out[48], const uint8_t *in, size_t inlen)
{
  hash_oneshot(out, 48, SUFFIX_SHA3, in, inlen);
}

/*@ requires \valid(out + (0 .. 63)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 63]; */
void qed_sha3_512(uint8_t out[64], const uint8_t *in, size_t inlen)
{
  hash_oneshot(out, 64, SUFFIX_SHA3, in, inlen);
}

/*@ requires \valid(out + (0 .. 27)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 27]; */
void qed_keccak_224(uint8_t out[28], const uint8_t *in, size_t inlen)
{
  hash_oneshot(out, 28, SUFFIX_KECCAK, in, inlen);
}

/*@ requires \valid(out + (0 .. 31)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 31]; */
void qed_keccak_256(uint8_t out[32], const uint8_t *in, size_t inlen)
{
  hash_oneshot(out, 32, SUFFIX_KECCAK, in, inlen);
}

/*@ requires \valid(out + (0 .. 47)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 47]; */
void qed_keccak_384(uint8_t out[48], const uint8_t *in, size_t inlen)
{
  hash_oneshot(out, 48, SUFFIX_KECCAK, in, inlen);
}

/*@ requires \valid(out + (0 .. 63)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 63]; */
void qed_keccak_512(uint8_t out[64], const uint8_t *in, size_t inlen)
{
  hash_oneshot(out, 64, SUFFIX_KECCAK, in, inlen);
}

/*@ requires \valid(out + (0 .. outlen - 1)) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. outlen - 1), in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
  xof_oneshot(out, outlen, QED_SHAKE128_BLOCKBYTES, SUFFIX_SHAKE, in, inlen);
}

/*@ requires \valid(out + (0 .. outlen - 1)) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. outlen - 1), in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
  xof_oneshot(out, outlen, QED_SHAKE256_BLOCKBYTES, SUFFIX_SHAKE, in, inlen);
}

/*@ requires \valid(out + (0 .. outlen - 1)) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. outlen - 1), in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_rawshake128(uint8_t *out, size_t outlen, const uint8_t *in,
                     size_t inlen)
{
  xof_oneshot(out, outlen, QED_SHAKE128_BLOCKBYTES, SUFFIX_RAWSHAKE, in,
              inlen);
}

/*@ requires \valid(out + (0 .. outlen - 1)) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. outlen - 1), in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_rawshake256(uint8_t *out, size_t outlen, const uint8_t *in,
                     size_t inlen)
{
  xof_oneshot(out, outlen, QED_SHAKE256_BLOCKBYTES, SUFFIX_RAWSHAKE, in,
              inlen);
}

/* ---- streaming, fixed-length ---- */

/*@ requires \valid(ctx); assigns *ctx; */
void qed_sha3_224_init(qed_sha3_ctx *ctx) { hash_init(ctx, 28, SUFFIX_SHA3); }
/*@ requires \valid(ctx); assigns *ctx; */
void qed_sha3_256_init(qed_sha3_ctx *ctx) { hash_init(ctx, 32, SUFFIX_SHA3); }
/*@ requires \valid(ctx); assigns *ctx; */
void qed_sha3_384_init(qed_sha3_ctx *ctx) { hash_init(ctx, 48, SUFFIX_SHA3); }
/*@ requires \valid(ctx); assigns *ctx; */
void qed_sha3_512_init(qed_sha3_ctx *ctx) { hash_init(ctx, 64, SUFFIX_SHA3); }
/*@ requires \valid(ctx); assigns *ctx; */
void qed_keccak_224_init(qed_sha3_ctx *ctx) { hash_init(ctx, 28, SUFFIX_KECCAK); }
/*@ requires \valid(ctx); assigns *ctx; */
void qed_keccak_256_init(qed_sha3_ctx *ctx) { hash_init(ctx, 32, SUFFIX_KECCAK); }
/*@ requires \valid(ctx); assigns *ctx; */
void qed_keccak_384_init(qed_sha3_ctx *ctx) { hash_init(ctx, 48, SUFFIX_KECCAK); }
/*@ requires \valid(ctx); assigns *ctx; */
void qed_keccak_512_init(qed_sha3_ctx *ctx) { hash_init(ctx, 64, SUFFIX_KECCAK); }

/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_sha3_update(qed_sha3_ctx *ctx, const uint8_t *in, size_t inlen)
{
  /* A fixed-length context must carry a digest length. */
  if (qed_sha3_digest_bytes(ctx) == 0)
    return -1;
  return qed_sponge_absorb(&ctx->sponge, in, inlen);
}

/*@ requires \valid_read(ctx);
    assigns \nothing;
    ensures \result == 0 || \result == 28 || \result == 32 ||
            \result == 48 || \result == 64;
    ensures \result != 0 ==> \result == ctx->sponge.outlen; */
size_t qed_sha3_digest_bytes(const qed_sha3_ctx *ctx)
{
  const uint8_t n = ctx->sponge.outlen;
  return (n == 28 || n == 32 || n == 48 || n == 64) ? n : 0;
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. ctx->sponge.outlen - 1));
    requires \separated(ctx, out + (0 .. ctx->sponge.outlen - 1));
    assigns *ctx, out[0 .. ctx->sponge.outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_sha3_final(qed_sha3_ctx *ctx, uint8_t *out)
{
  const size_t n = qed_sha3_digest_bytes(ctx);
  if (n == 0)
    return -1;
  if (ctx->sponge.phase != QED_SPONGE_ABSORBING) {
    qed_zeroize(out, n);
    return -1;
  }
  /* A refused squeeze (corrupted context) has zeroed out; leave ctx as is. */
  if (qed_sponge_squeeze(&ctx->sponge, out, n) != 0)
    return -1;
  qed_sponge_wipe(&ctx->sponge);
  return 0;
}

/* ---- streaming XOFs ---- */

/*@ requires \valid(ctx); assigns *ctx; */
void qed_shake128_init(qed_shake_ctx *ctx)
{
  xof_init(ctx, QED_SHAKE128_BLOCKBYTES, SUFFIX_SHAKE);
}
/*@ requires \valid(ctx); assigns *ctx; */
void qed_shake256_init(qed_shake_ctx *ctx)
{
  xof_init(ctx, QED_SHAKE256_BLOCKBYTES, SUFFIX_SHAKE);
}
/*@ requires \valid(ctx); assigns *ctx; */
void qed_rawshake128_init(qed_shake_ctx *ctx)
{
  xof_init(ctx, QED_SHAKE128_BLOCKBYTES, SUFFIX_RAWSHAKE);
}
/*@ requires \valid(ctx); assigns *ctx; */
void qed_rawshake256_init(qed_shake_ctx *ctx)
{
  xof_init(ctx, QED_SHAKE256_BLOCKBYTES, SUFFIX_RAWSHAKE);
}

/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_shake_update(qed_shake_ctx *ctx, const uint8_t *in, size_t inlen)
{
  return qed_sponge_absorb(&ctx->sponge, in, inlen);
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_shake_squeeze(qed_shake_ctx *ctx, uint8_t *out, size_t outlen)
{
  return qed_sponge_squeeze(&ctx->sponge, out, outlen);
}

/*@ requires \valid(ctx); assigns *ctx; */
void qed_shake_wipe(qed_shake_ctx *ctx)
{
  qed_sponge_wipe(&ctx->sponge);
}
