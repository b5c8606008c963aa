/* The bit-granular sponge SPONGE[Keccak-p[b, nr], pad10*1, r] over any
 * width (qed/keccak_p.h): written once over the permutation interface of
 * keccak_p.h, whatever b, r and nr.
 *
 * Absorbing keeps pos < r: a block is permuted as soon as it is full.  The
 * message is a bit string, so a block boundary may fall inside one of the
 * caller's bytes (r not a multiple of 8, or pieces of odd bit lengths):
 * the input is read from a bit position of the caller's buffer, and the
 * output written at one (qed_keccak_p_add_bits_at / extract_bits_at).
 * Padding (pad10*1, no suffix): a 1 at bit pos, a 1 at bit r - 1 of the
 * same block, or of the next one when pos == r - 1.                      */
#include "qed/keccak_p.h"
#include "keccak/keccak_p.h"
#include "qed/common.h"

/* Is *c a context an init prepared?  Everything below relies on exactly
 * these bounds (a context is caller memory: a corrupted one must give -1,
 * not an out-of-bounds access). */
/*@ requires \valid_read(c);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> qed_keccak_p_sponge_ok(c); */
static int sponge_ctx_ok(const qed_keccak_p_sponge_ctx *c)
{
  return qed_keccak_p_width_valid(c->state.width) && c->rate >= 1 &&
         c->rate < c->state.width && c->pos <= c->rate && c->rounds >= 1 &&
         c->rounds <= qed_keccak_p_max_rounds(c->state.width) &&
         (c->phase == QED_KECCAK_P_ABSORBING ||
          c->phase == QED_KECCAK_P_SQUEEZING);
}

/* ceil(nbits / 8) without overflow. */
/*@ assigns \nothing;
    ensures \result == (nbits + 7) / 8; */
static size_t bits_to_bytes(size_t nbits)
{
  return nbits / 8 + (nbits % 8 != 0);
}

void qed_keccak_p_sponge_wipe(qed_keccak_p_sponge_ctx *ctx)
{
  qed_keccak_p_wipe(&ctx->state);
  ctx->rate = 0;
  ctx->pos = 0;
  ctx->rounds = 0;
  ctx->phase = 0;
}

int qed_keccak_p_sponge_init(qed_keccak_p_sponge_ctx *ctx, size_t width,
                             size_t rate, unsigned rounds)
{
  if (!qed_keccak_p_width_valid(width) || rate < 1 || rate >= width ||
      rounds < 1 || rounds > qed_keccak_p_max_rounds(width)) {
    qed_keccak_p_sponge_wipe(ctx);
    return -1;
  }
  qed_keccak_p_init(&ctx->state, (unsigned)width);
  ctx->rate = (uint32_t)rate;
  ctx->pos = 0;
  ctx->rounds = (uint8_t)rounds;
  ctx->phase = QED_KECCAK_P_ABSORBING;
  return 0;
}

int qed_keccak_p_sponge_absorb_bits(qed_keccak_p_sponge_ctx *ctx,
                                    const uint8_t *in, size_t inbits)
{
  size_t done = 0;
  if (!sponge_ctx_ok(ctx) || ctx->phase != QED_KECCAK_P_ABSORBING ||
      ctx->pos == ctx->rate)
    return -1;
  /*@ loop invariant 0 <= done <= inbits;
      loop invariant qed_keccak_p_sponge_absorbing(ctx);
      loop assigns done, *ctx;
      loop variant inbits - done; */
  while (done < inbits) {
    size_t take;
    /* Whole blocks of whole bytes: the permutation interface's block loop
     * (at width 1600, the fast one of qed_keccak_p1600). */
    if (ctx->pos == 0 && ctx->rate % 8 == 0 && done % 8 == 0 &&
        inbits - done >= ctx->rate) {
      done += 8 * qed_keccak_p_absorb_blocks(&ctx->state, ctx->rounds,
                                             ctx->rate / 8, in + done / 8,
                                             (inbits - done) / 8);
      if (done == inbits)
        break;
    }
    take = ctx->rate - ctx->pos;
    if (take > inbits - done)
      take = inbits - done;
    qed_keccak_p_add_bits_at(&ctx->state, in, done, ctx->pos, take);
    ctx->pos += (uint32_t)take;
    done += take;
    if (ctx->pos == ctx->rate) {
      qed_keccak_p_permute(&ctx->state, ctx->rounds);
      ctx->pos = 0;
    }
  }
  return 0;
}

int qed_keccak_p_sponge_absorb(qed_keccak_p_sponge_ctx *ctx,
                               const uint8_t *in, size_t inlen)
{
  /* Pieces of at most SIZE_MAX / 8 bytes, so the bit count fits. */
  const size_t max_piece = SIZE_MAX / 8;
  size_t done = 0;
  if (!sponge_ctx_ok(ctx) || ctx->phase != QED_KECCAK_P_ABSORBING ||
      ctx->pos == ctx->rate)
    return -1;
  /*@ loop invariant 0 <= done <= inlen;
      loop invariant qed_keccak_p_sponge_absorbing(ctx);
      loop assigns done, *ctx;
      loop variant inlen - done; */
  while (done < inlen) {
    size_t take = inlen - done;
    if (take > max_piece)
      take = max_piece;
    if (qed_keccak_p_sponge_absorb_bits(ctx, in + done, 8 * take) != 0)
      return -1;
    done += take;
  }
  return 0;
}

/* pad10*1 and the permutation that ends absorbing. */
/*@ requires \valid(ctx) && qed_keccak_p_sponge_ok(ctx);
    requires ctx->phase == QED_KECCAK_P_ABSORBING && ctx->pos < ctx->rate;
    assigns *ctx;
    ensures qed_keccak_p_sponge_ok(ctx);
    ensures ctx->phase == QED_KECCAK_P_SQUEEZING && ctx->pos == 0; */
static void sponge_bits_pad(qed_keccak_p_sponge_ctx *ctx)
{
  const uint8_t one = 1;
  qed_keccak_p_add_bits(&ctx->state, &one, ctx->pos, 1);
  if (ctx->pos == ctx->rate - 1)
    qed_keccak_p_permute(&ctx->state, ctx->rounds);
  qed_keccak_p_add_bits(&ctx->state, &one, ctx->rate - 1, 1);
  qed_keccak_p_permute(&ctx->state, ctx->rounds);
  ctx->pos = 0;
  ctx->phase = QED_KECCAK_P_SQUEEZING;
}

int qed_keccak_p_sponge_squeeze_bits(qed_keccak_p_sponge_ctx *ctx,
                                     uint8_t *out, size_t outbits)
{
  size_t done = 0;
  /* An absorbing context always has pos < rate, so pos == rate there can
   * only mean a corrupted one. */
  if (!sponge_ctx_ok(ctx) ||
      (ctx->phase == QED_KECCAK_P_ABSORBING && ctx->pos == ctx->rate)) {
    qed_zeroize(out, bits_to_bytes(outbits));
    return -1;
  }
  if (ctx->phase == QED_KECCAK_P_ABSORBING)
    sponge_bits_pad(ctx);
  /*@ loop invariant 0 <= done <= outbits;
      loop invariant qed_keccak_p_sponge_ok(ctx);
      loop invariant ctx->phase == QED_KECCAK_P_SQUEEZING;
      loop assigns done, *ctx, out[0 .. (outbits + 7) / 8 - 1];
      loop variant outbits - done; */
  while (done < outbits) {
    size_t take;
    if (ctx->pos == ctx->rate) {
      qed_keccak_p_permute(&ctx->state, ctx->rounds);
      ctx->pos = 0;
    }
    take = ctx->rate - ctx->pos;
    if (take > outbits - done)
      take = outbits - done;
    qed_keccak_p_extract_bits_at(&ctx->state, out, done, ctx->pos, take);
    ctx->pos += (uint32_t)take;
    done += take;
  }
  return 0;
}

int qed_keccak_p_sponge_squeeze(qed_keccak_p_sponge_ctx *ctx, uint8_t *out,
                                size_t outlen)
{
  const size_t max_piece = SIZE_MAX / 8;
  size_t done = 0;
  if (!sponge_ctx_ok(ctx) ||
      (ctx->phase == QED_KECCAK_P_ABSORBING && ctx->pos == ctx->rate)) {
    qed_zeroize(out, outlen);
    return -1;
  }
  /* 0 bytes still end the absorbing phase, as 0 bits do and as a 0-byte
   * squeeze of every other XOF does: after any accepted squeeze, absorbing
   * is refused. */
  if (outlen == 0)
    return qed_keccak_p_sponge_squeeze_bits(ctx, out, 0);
  /*@ loop invariant 0 <= done <= outlen;
      loop invariant qed_keccak_p_sponge_squeezable(ctx);
      loop assigns done, *ctx, out[0 .. outlen - 1];
      loop variant outlen - done; */
  while (done < outlen) {
    size_t take = outlen - done;
    if (take > max_piece)
      take = max_piece;
    if (qed_keccak_p_sponge_squeeze_bits(ctx, out + done, 8 * take) != 0) {
      qed_zeroize(out, outlen);
      return -1;
    }
    done += take;
  }
  return 0;
}

int qed_keccak_p_sponge(uint8_t *out, size_t outbits, const uint8_t *in,
                        size_t inbits, size_t width, size_t rate,
                        unsigned rounds)
{
  qed_keccak_p_sponge_ctx ctx;
  int r = qed_keccak_p_sponge_init(&ctx, width, rate, rounds);
  if (r == 0)
    r = qed_keccak_p_sponge_absorb_bits(&ctx, in, inbits);
  if (r == 0)
    r = qed_keccak_p_sponge_squeeze_bits(&ctx, out, outbits);
  else
    qed_zeroize(out, bits_to_bytes(outbits));
  qed_keccak_p_sponge_wipe(&ctx);
  return r;
}

int qed_keccak_rc(uint8_t *out, size_t outbits, const uint8_t *in,
                  size_t inbits, size_t rate, size_t capacity)
{
  if (rate > 1600 || capacity > 1600 ||
      !qed_keccak_p_width_valid(rate + capacity)) {
    qed_zeroize(out, bits_to_bytes(outbits));
    return -1;
  }
  return qed_keccak_p_sponge(out, outbits, in, inbits, rate + capacity, rate,
                             qed_keccak_p_max_rounds(rate + capacity));
}
