/* Skein tree hashing (specification 3.5.6), streaming, in a fixed state.
 *
 * Level j (0-based) runs the UBIs of tree level j + 1: level 0 cuts the
 * message into leaves of N_l = N_b 2^Y_l bytes, level j >= 1 cuts the
 * concatenated chaining values of level j - 1 into nodes of N_n = N_b 2^Y_f
 * bytes, except level Y_m - 1, whose one node takes everything (the
 * maximum height).  Each level keeps one node in progress; a node is
 * closed as soon as it is full (its chaining value goes up one level) and
 * the last, partial ones at final.  The position of each UBI continues
 * across the nodes of its level (i N_l, i N_n in the specification).  The
 * result is the first level, above the leaves, that receives a single
 * chaining value.                                                         */
#include "qed/skein.h"
#include "skein/skein_impl.h"
#include "common/bytes.h"
#include "common/zeroize.h"
#include "qed/common.h"

#define MAX_OUTLEN   0x1FFFFFFFFFFFFFFFull
#define UNLIMITED    0xFFFFFFFFFFFFFFFFull
#define PHASE_ABSORB 1u
#define LEVELS       QED_SKEIN_TREE_LEVELS

/*@ predicate tree_ok(qed_skein_tree_ctx *c) =
      c->phase == PHASE_ABSORB && 1 <= c->levels <= LEVELS &&
      1 <= c->outlen <= MAX_OUTLEN &&
      (c->node[0].nb == 32 || c->node[0].nb == 64 || c->node[0].nb == 128) &&
      c->leaf_bytes >= 1 && c->fill[0] < c->leaf_bytes;
*/
/*@ requires \valid_read(c);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> tree_ok(c); */
static int tree_ok(const qed_skein_tree_ctx *c)
{
  return c->phase == PHASE_ABSORB && c->levels >= 1 && c->levels <= LEVELS &&
         c->outlen >= 1 && c->outlen <= MAX_OUTLEN &&
         (c->node[0].nb == 32 || c->node[0].nb == 64 ||
          c->node[0].nb == 128) &&
         c->leaf_bytes >= 1 && c->fill[0] < c->leaf_bytes;
}

/*@ requires \valid_read(u);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> qed_ubi_ok(u); */
static int ubi_ok(const qed_skein_ubi *u)
{
  return (u->nb == 32 || u->nb == 64 || u->nb == 128) && u->nbuf <= u->nb;
}

/* Bytes a node of level j holds. */
/*@ requires \valid_read(c);
    assigns \nothing; */
static uint64_t limit(const qed_skein_tree_ctx *c, uint32_t j)
{
  if (j == 0)
    return c->leaf_bytes;
  if (j + 1u == c->max_height)
    return UNLIMITED;
  return c->node_bytes;
}

/* A new node at level j: chaining value G, First, the level's position
 * kept. */
/*@ requires \valid(c) && j < LEVELS;
    requires nb == 32 || nb == 64 || nb == 128;
    assigns c->node[j], c->fill[j];
    ensures qed_ubi_ok(&c->node[j]) && c->node[j].nbuf == 0 && c->node[j].nb == nb;
    ensures c->fill[j] == 0; */
static void node_start(qed_skein_tree_ctx *c, uint32_t j, uint32_t nb)
{
  uint64_t pos = c->node[j].tw[0];
  unsigned k;
  /*@ loop invariant 0 <= k <= 16;
      loop assigns k, c->node[j].h[0 .. 15];
      loop variant 16 - k; */
  for (k = 0; k < 16u; k++)
    c->node[j].h[k] = c->g[k];
  qed_skein_ubi_start(&c->node[j], nb,
                      SKEIN_T1_TYPE(SKEIN_TYPE_MSG) |
                          SKEIN_T1_LEVEL((uint64_t)j + 1u));
  c->node[j].tw[0] = pos;
  c->fill[j] = 0;
}

/* Close the node of level j and pass its chaining value up, closing every
 * node that this fills in turn.  -1 past LEVELS levels (never for a
 * message below 2^64 bytes: see qed/skein.h), or on a damaged context.
 * The level count is checked at every step rather than carried through
 * the calls' frames: the callers check it again. */
/*@ requires \valid(c) && j < LEVELS;
    requires nb == 32 || nb == 64 || nb == 128;
    assigns c->node[0 .. LEVELS - 1], c->fill[0 .. LEVELS - 1], c->levels;
    ensures \result == 0 || \result == -1; */
static int carry(qed_skein_tree_ctx *c, uint32_t j, uint32_t nb)
{
  uint8_t cv[128];
  unsigned w;
  /*@ loop invariant j < LEVELS;
      loop assigns j, w, cv[0 .. 127], c->node[0 .. LEVELS - 1],
                   c->fill[0 .. LEVELS - 1], c->levels;
      loop variant LEVELS - j; */
  for (;;) {
    uint32_t lv = c->levels;
    if (j + 1u >= LEVELS || lv > LEVELS || j >= lv ||
        !ubi_ok(&c->node[j]) || c->node[j].nb != nb)
      return -1;
    qed_skein_ubi_final(&c->node[j]);
    /*@ loop invariant 0 <= w <= nb / 8;
        loop assigns w, cv[0 .. 127];
        loop variant nb / 8 - w; */
    for (w = 0; w < nb / 8u; w++)
      qed_store64_le(cv + 8u * w, c->node[j].h[w]);
    node_start(c, j, nb);
    if (j + 1u == lv) {
      /* A new level: its position starts at 0. */
      c->node[j + 1u].tw[0] = 0;
      node_start(c, j + 1u, nb);
      c->levels = j + 2u;
    }
    if (!ubi_ok(&c->node[j + 1u]) ||
        qed_skein_ubi_update(&c->node[j + 1u], cv, nb) != 0)
      return -1;
    c->fill[j + 1u] += nb;
    if (c->fill[j + 1u] < limit(c, j + 1u))
      return 0;
    j++;
  }
}

/*@ requires \valid(c);
    assigns *c;
    ensures c->phase == 0 && c->outlen == 0; */
static void wipe_tree(qed_skein_tree_ctx *c)
{
  unsigned j;
  /*@ loop invariant 0 <= j <= LEVELS;
      loop assigns j, c->node[0 .. LEVELS - 1];
      loop variant LEVELS - j; */
  for (j = 0; j < LEVELS; j++) {
    qed_wipe_u64(c->node[j].h, 16);
    qed_wipe_u64(c->node[j].tw, 2);
    qed_zeroize(c->node[j].buf, sizeof c->node[j].buf);
    c->node[j].nbuf = 0;
    c->node[j].nb = 0;
  }
  qed_wipe_u64(c->fill, LEVELS);
  qed_wipe_u64(c->g, 16);
  c->outlen = 0;
  c->leaf_bytes = 0;
  c->node_bytes = 0;
  c->levels = 0;
  c->max_height = 0;
  c->phase = 0;
}

int qed_skein_tree_init(qed_skein_tree_ctx *ctx, unsigned state_bits,
                        size_t outlen, const qed_skein_params *params)
{
  uint32_t nb = state_bits == 256 ? 32u
              : state_bits == 512 ? 64u
              : state_bits == 1024 ? 128u : 0u;
  unsigned k;
  wipe_tree(ctx);
  if (nb == 0 || outlen == 0 || (uint64_t)outlen > MAX_OUTLEN ||
      params->tree_leaf < 1 || params->tree_leaf > 56 ||
      params->tree_fan < 1 || params->tree_fan > 56 ||
      params->tree_max < 2)
    return -1;
  (void)qed_skein_prelude(&ctx->node[0], nb, outlen, params,
                          params->tree_leaf, params->tree_fan,
                          params->tree_max);
  /*@ loop invariant 0 <= k <= 16;
      loop assigns k, ctx->g[0 .. 15];
      loop variant 16 - k; */
  for (k = 0; k < 16u; k++)
    ctx->g[k] = ctx->node[0].h[k];
  ctx->leaf_bytes = (uint64_t)nb << params->tree_leaf;
  ctx->node_bytes = (uint64_t)nb << params->tree_fan;
  ctx->max_height = params->tree_max;
  ctx->node[0].tw[0] = 0;
  node_start(ctx, 0, nb);
  ctx->levels = 1;
  ctx->outlen = outlen;
  ctx->phase = PHASE_ABSORB;
  return 0;
}

int qed_skein_tree_update(qed_skein_tree_ctx *ctx, const uint8_t *in,
                          size_t inlen)
{
  size_t done = 0;
  if (!tree_ok(ctx))
    return -1;
  uint32_t nb = ctx->node[0].nb;
  /* The message is at most 2^64 - 1 bytes: refuse before changing
   * anything. */
  if (ctx->node[0].tw[0] > UNLIMITED - ctx->node[0].nbuf ||
      (uint64_t)inlen > UNLIMITED - ctx->node[0].tw[0] - ctx->node[0].nbuf)
    return -1;
  /*@ loop invariant 0 <= done <= inlen;
      loop invariant tree_ok(ctx) && ctx->node[0].nb == nb;
      loop assigns done, *ctx;
      loop variant inlen - done; */
  while (done < inlen) {
    uint64_t take = ctx->leaf_bytes - ctx->fill[0];
    if (take > inlen - done)
      take = inlen - done;
    if (!ubi_ok(&ctx->node[0]) ||
        qed_skein_ubi_update(&ctx->node[0], in + done, (size_t)take) != 0) {
      wipe_tree(ctx);
      return -1;
    }
    ctx->fill[0] += take;
    done += (size_t)take;
    if (ctx->fill[0] == ctx->leaf_bytes && carry(ctx, 0, nb) != 0) {
      wipe_tree(ctx);
      return -1;
    }
    if (ctx->node[0].nb != nb || ctx->fill[0] >= ctx->leaf_bytes ||
        ctx->levels < 1 || ctx->levels > LEVELS) {
      wipe_tree(ctx);
      return -1;
    }
  }
  return 0;
}

int qed_skein_tree_final(qed_skein_tree_ctx *ctx, uint8_t *out)
{
  uint64_t root[16];
  uint32_t j, k;
  int found = 0;
  if (!tree_ok(ctx)) {
    if (ctx->outlen <= MAX_OUTLEN)
      qed_zeroize(out, ctx->outlen);
    wipe_tree(ctx);
    return -1;
  }
  uint32_t nb = ctx->node[0].nb;
  uint64_t outlen = ctx->outlen;
  /*@ loop invariant 0 <= k <= 16;
      loop assigns k, root[0 .. 15];
      loop variant 16 - k; */
  for (k = 0; k < 16u; k++)
    root[k] = 0;
  /* The last, partial leaf; or the only leaf of the empty message. */
  if ((ctx->fill[0] > 0 || ctx->node[0].tw[0] == 0) &&
      carry(ctx, 0, nb) != 0)
    goto fail;
  if (ctx->levels < 1 || ctx->levels > LEVELS)
    goto fail;
  /*@ loop invariant 1 <= j <= LEVELS && 1 <= ctx->levels <= LEVELS;
      loop invariant found == 0;
      loop assigns j, k, found, root[0 .. 15], ctx->node[0 .. LEVELS - 1],
                   ctx->fill[0 .. LEVELS - 1], ctx->levels;
      loop variant LEVELS - j; */
  for (j = 1; j < ctx->levels; j++) {
    qed_skein_ubi *u = &ctx->node[j];
    if (j + 1u == ctx->levels && u->tw[0] == 0 && u->nbuf == nb &&
        nb <= 128) {
      /* A single chaining value: the root. */
      /*@ loop invariant 0 <= k <= nb / 8;
          loop assigns k, root[0 .. 15];
          loop variant nb / 8 - k; */
      for (k = 0; k < nb / 8u; k++)
        root[k] = qed_load64_le(u->buf + 8u * k);
      found = 1;
      break;
    }
    if (ctx->fill[j] > 0 && carry(ctx, j, nb) != 0)
      goto fail;
    if (ctx->levels < 1 || ctx->levels > LEVELS)
      goto fail;
  }
  if (!found)
    goto fail;
  qed_skein_output(out, outlen, root, nb);
  qed_wipe_u64(root, 16);
  wipe_tree(ctx);
  return 0;
fail:
  qed_zeroize(out, outlen);
  qed_wipe_u64(root, 16);
  wipe_tree(ctx);
  return -1;
}
