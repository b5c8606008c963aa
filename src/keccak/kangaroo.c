/* KT128 and KT256 (RFC 9861, 3) and MarsupilamiFourteen: one tree-hashing
 * body, three parameter sets (rate / chaining-value bytes / rounds):
 *   KT128  168 / 32 / 12     KT256  136 / 64 / 12     M14  136 / 64 / 14
 *
 * S = M || C || length_encode(|C|), cut into chunks of 8192 bytes.
 * |S| <= 8192: the output is the sponge of S with suffix 0x07.
 * Otherwise it is the sponge, suffix 0x06, of the final node
 *   S_0 || 03 00 00 00 00 00 00 00 || CV_1 .. CV_n || length_encode(n) || FF FF
 * with CV_i the first cvlen output bytes of the sponge of S_i, suffix 0x0B.
 *
 * Both cases start by absorbing S_0 into the same sponge, so the streaming
 * form needs no buffer: S_0 goes straight into `final_node`; the tree mode
 * starts only when byte 8193 of S arrives (so |S| == 8192 exactly stays a
 * single node), and each later chunk goes into `leaf`, whose chaining value
 * is absorbed as soon as the chunk is complete.  When the caller's bytes
 * hold whole chunks at a chunk boundary, they are hashed in place, several
 * at once where the CPU allows (qed_keccak_p1600_leaves), with no copy.
 * The one-shot functions are the streaming ones run once. */
#include "qed/keccak_xof.h"
#include "keccak/sponge.h"
#include "keccak/keccak_p1600_leaves.h"
#include "qed/common.h"


#define CHUNK          8192u
#define SUFFIX_SINGLE  0x07u
#define SUFFIX_FINAL   0x06u
#define SUFFIX_LEAF    0x0Bu
#define PHASE_S0       1u
#define PHASE_TREE     2u
#define PHASE_SQUEEZE  3u

static const uint8_t kt_marker[8] = { 3, 0, 0, 0, 0, 0, 0, 0 };
static const uint8_t kt_end[2] = { 0xFF, 0xFF };

/*@ predicate kt_shape(qed_kt_ctx *c) =
      (c->cvlen == 32 || c->cvlen == 64) && 1 <= c->rounds <= 24 &&
      c->s0len <= CHUNK && c->leaflen <= CHUNK;
    predicate kt_params(qed_kt_ctx *c) = kt_shape(c) && c->leaflen < CHUNK;
    predicate kt_input(qed_kt_ctx *c) =
      kt_params(c) && (c->phase == PHASE_S0 || c->phase == PHASE_TREE); */

/*@ requires \valid_read(ctx);
    assigns \nothing;
    ensures \result != 0 <==> kt_input(ctx); */
static int kt_input_ok(const qed_kt_ctx *ctx)
{
  return (ctx->cvlen == 32 || ctx->cvlen == 64) && ctx->rounds >= 1 &&
         ctx->rounds <= 24 && ctx->s0len <= CHUNK && ctx->leaflen < CHUNK &&
         (ctx->phase == PHASE_S0 || ctx->phase == PHASE_TREE);
}

/* length_encode(x) (RFC 9861, 3.3): the bytes of x, big-endian, without
 * leading zeros (none for 0), then their number.  Returns that number + 1. */
/*@ requires \valid(out + (0 .. 8));
    assigns out[0 .. 8];
    ensures 1 <= \result <= 9; */
static size_t length_encode(uint8_t out[9], uint64_t x)
{
  size_t n = 0;
  size_t i;
  uint64_t t = x;
  /*@ loop invariant 0 <= n <= 8;
      loop assigns n, t;
      loop variant 8 - n; */
  while (n < 8 && t != 0) {
    t >>= 8;
    n++;
  }
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, out[0 .. 7];
      loop variant n - i; */
  for (i = 0; i < n; i++)
    out[i] = (uint8_t)(x >> (8 * (n - 1 - i)));
  out[n] = (uint8_t)n;
  return n + 1;
}

/* Rate of the parameter set: 200 - cvlen (capacity 256 or 512 bits). */
/*@ requires cvlen == 32 || cvlen == 64;
    assigns \nothing;
    ensures \result == 168 || \result == 136; */
static uint32_t kt_rate(uint8_t cvlen)
{
  return cvlen == 32 ? 168u : 136u;
}

/*@ requires \valid(ctx);
    requires cvlen == 32 || cvlen == 64;
    requires 1 <= rounds <= 24;
    assigns *ctx;
    ensures kt_input(ctx) && ctx->phase == PHASE_S0; */
static void kt_start(qed_kt_ctx *ctx, uint8_t cvlen, uint8_t rounds)
{
  const uint32_t rate = kt_rate(cvlen);
  qed_sponge_init(&ctx->final_node, rate, SUFFIX_SINGLE, rounds, 0);
  qed_sponge_init(&ctx->leaf, rate, SUFFIX_LEAF, rounds, 0);
  ctx->leaves = 0;
  ctx->s0len = 0;
  ctx->leaflen = 0;
  ctx->cvlen = cvlen;
  ctx->rounds = rounds;
  ctx->phase = PHASE_S0;
}

/* The chaining value of the current chunk into the final node. */
/*@ requires \valid(ctx) && kt_shape(ctx);
    assigns *ctx;
    ensures kt_params(ctx) && ctx->leaflen == 0;
    ensures ctx->phase == \old(ctx->phase) && ctx->s0len == \old(ctx->s0len); */
static void kt_leaf_done(qed_kt_ctx *ctx)
{
  uint8_t cv[64];
  const size_t cvlen = ctx->cvlen;
  (void)qed_sponge_squeeze(&ctx->leaf, cv, cvlen);
  (void)qed_sponge_absorb(&ctx->final_node, cv, cvlen);
  qed_sponge_init(&ctx->leaf, kt_rate(ctx->cvlen), SUFFIX_LEAF, ctx->rounds,
                  0);
  ctx->leaves++;
  ctx->leaflen = 0;
}

/* Whole chunks at a chunk boundary, straight from the caller's bytes and
 * several at once where the CPU allows: their chaining values go into the
 * final node.  Returns the bytes consumed (whole chunks, at least one). */
/*@ requires \valid(ctx) && kt_input(ctx) && ctx->leaflen == 0;
    requires CHUNK <= len;
    requires \valid_read(in + (0 .. len - 1));
    requires \separated(ctx, in + (0 .. len - 1));
    assigns ctx->final_node, ctx->leaves;
    ensures kt_input(ctx) && ctx->leaflen == 0;
    ensures 1 <= \result <= len; */
static size_t kt_chunks(qed_kt_ctx *ctx, const uint8_t *in, size_t len)
{
  return qed_keccak_p1600_leaves(&ctx->final_node, &ctx->leaves, in, len,
                                 CHUNK, ctx->cvlen, kt_rate(ctx->cvlen),
                                 ctx->rounds, SUFFIX_LEAF);
}

/* The next bytes of S that go to one place: into S_0 until it is full,
 * then whole chunks in place, or into the current chunk.  Returns how
 * many bytes it took (at least one). */
/*@ requires \valid(ctx) && kt_input(ctx);
    requires 1 <= len;
    requires \valid_read(in + (0 .. len - 1));
    requires \separated(ctx, in + (0 .. len - 1));
    assigns *ctx;
    ensures kt_input(ctx);
    ensures 1 <= \result <= len; */
static size_t kt_step(qed_kt_ctx *ctx, const uint8_t *in, size_t len)
{
  size_t take;
  if (ctx->phase == PHASE_S0 && ctx->s0len == CHUNK) {
    (void)qed_sponge_absorb(&ctx->final_node, kt_marker, sizeof kt_marker);
    ctx->phase = PHASE_TREE;
  }
  if (ctx->phase == PHASE_S0) {
    take = CHUNK - ctx->s0len;
    if (take > len)
      take = len;
    (void)qed_sponge_absorb(&ctx->final_node, in, take);
    ctx->s0len += (uint32_t)take;
  } else if (ctx->leaflen == 0 && len >= CHUNK) {
    take = kt_chunks(ctx, in, len);
  } else {
    take = CHUNK - ctx->leaflen;
    if (take > len)
      take = len;
    (void)qed_sponge_absorb(&ctx->leaf, in, take);
    ctx->leaflen += (uint32_t)take;
    if (ctx->leaflen == CHUNK)
      kt_leaf_done(ctx);
  }
  return take;
}

/* Bytes of S, in order. */
/*@ requires \valid(ctx) && kt_input(ctx);
    requires \valid_read(in + (0 .. len - 1));
    requires \separated(ctx, in + (0 .. len - 1));
    assigns *ctx;
    ensures kt_input(ctx); */
static void kt_feed(qed_kt_ctx *ctx, const uint8_t *in, size_t len)
{
  size_t done = 0;
  /*@ loop invariant 0 <= done <= len;
      loop invariant kt_input(ctx);
      loop assigns done, *ctx;
      loop variant len - done; */
  while (done < len)
    done += kt_step(ctx, in + done, len - done);
}

/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_kt_update(qed_kt_ctx *ctx, const uint8_t *in, size_t inlen)
{
  if (!kt_input_ok(ctx))
    return -1;
  kt_feed(ctx, in, inlen);
  return 0;
}

/*@ requires \valid(ctx);
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_kt_final(qed_kt_ctx *ctx, const uint8_t *custom, size_t customlen)
{
  uint8_t e[9];
  size_t n;
  if (!kt_input_ok(ctx))
    return -1;
  kt_feed(ctx, custom, customlen);
  n = length_encode(e, customlen);
  kt_feed(ctx, e, n);
  if (ctx->phase == PHASE_TREE) {
    if (ctx->leaflen > 0)
      kt_leaf_done(ctx);
    n = length_encode(e, ctx->leaves);
    (void)qed_sponge_absorb(&ctx->final_node, e, n);
    (void)qed_sponge_absorb(&ctx->final_node, kt_end, sizeof kt_end);
    ctx->final_node.suffix = SUFFIX_FINAL;
  }
  ctx->phase = PHASE_SQUEEZE;
  return 0;
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_kt_squeeze(qed_kt_ctx *ctx, uint8_t *out, size_t outlen)
{
  if (ctx->phase != PHASE_SQUEEZE) {
    qed_zeroize(out, outlen);
    return -1;
  }
  return qed_sponge_squeeze(&ctx->final_node, out, outlen);
}

/*@ requires \valid(ctx); assigns *ctx; */
void qed_kt_wipe(qed_kt_ctx *ctx)
{
  qed_sponge_wipe(&ctx->final_node);
  qed_sponge_wipe(&ctx->leaf);
  ctx->leaves = 0;
  ctx->s0len = 0;
  ctx->leaflen = 0;
  ctx->cvlen = 0;
  ctx->rounds = 0;
  ctx->phase = 0;
}

/*@ requires \valid(ctx); assigns *ctx; */
void qed_kt128_init(qed_kt_ctx *ctx) { kt_start(ctx, 32, 12); }
/*@ requires \valid(ctx); assigns *ctx; */
void qed_kt256_init(qed_kt_ctx *ctx) { kt_start(ctx, 64, 12); }
/*@ requires \valid(ctx); assigns *ctx; */
void qed_m14_init(qed_kt_ctx *ctx) { kt_start(ctx, 64, 14); }

/*@ requires cvlen == 32 || cvlen == 64;
    requires 1 <= rounds <= 24;
    requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
static void kt_oneshot(uint8_t cvlen, uint8_t rounds, uint8_t *out,
                       size_t outlen, const uint8_t *in, size_t inlen,
                       const uint8_t *custom, size_t customlen)
{
  qed_kt_ctx ctx;
  kt_start(&ctx, cvlen, rounds);
  (void)qed_kt_update(&ctx, in, inlen);
  (void)qed_kt_final(&ctx, custom, customlen);
  (void)qed_kt_squeeze(&ctx, out, outlen);
  qed_kt_wipe(&ctx);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_kt128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen,
               const uint8_t *custom, size_t customlen)
{
  kt_oneshot(32, 12, out, outlen, in, inlen, custom, customlen);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_kt256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen,
               const uint8_t *custom, size_t customlen)
{
  kt_oneshot(64, 12, out, outlen, in, inlen, custom, customlen);
}

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_m14(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen,
             const uint8_t *custom, size_t customlen)
{
  kt_oneshot(64, 14, out, outlen, in, inlen, custom, customlen);
}
