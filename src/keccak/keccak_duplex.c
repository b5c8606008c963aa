/* The duplex construction DUPLEX[Keccak-p[b, nr], pad10*1, r] over any
 * width, bit-granular rate (qed/keccak_p.h), written once over the
 * permutation interface of keccak_p.h.
 *
 * duplexing(sigma, l): P = sigma || pad10*1 is exactly one r-bit block
 * (|sigma| <= r - 2, so the two padding 1s are at bits |sigma| and r - 1,
 * distinct); S = f(S ^ (P || 0^c)); return the first l <= r bits of S.   */
#include "qed/keccak_p.h"
#include "keccak/keccak_p.h"
#include "qed/common.h"

/*@ predicate duplex_ok(qed_keccak_p_duplex_ctx *c) =
      qed_keccak_p_duplex_params_ok(c->state.width, c->rate, c->rounds) &&
      c->ready == 1;
*/

/*@ requires \valid_read(c);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> duplex_ok(c); */
static int duplex_ctx_ok(const qed_keccak_p_duplex_ctx *c)
{
  return qed_keccak_p_width_valid(c->state.width) && c->rate >= 2 &&
         c->rate < c->state.width && c->rounds >= 1 &&
         c->rounds <= qed_keccak_p_max_rounds(c->state.width) &&
         c->ready == 1;
}

void qed_keccak_p_duplex_wipe(qed_keccak_p_duplex_ctx *ctx)
{
  qed_keccak_p_wipe(&ctx->state);
  ctx->rate = 0;
  ctx->rounds = 0;
  ctx->ready = 0;
}

int qed_keccak_p_duplex_init(qed_keccak_p_duplex_ctx *ctx, size_t width,
                             size_t rate, unsigned rounds)
{
  if (!qed_keccak_p_width_valid(width) || rate < 2 || rate >= width ||
      rounds < 1 || rounds > qed_keccak_p_max_rounds(width)) {
    qed_keccak_p_duplex_wipe(ctx);
    return -1;
  }
  qed_keccak_p_init(&ctx->state, (unsigned)width);
  ctx->rate = (uint32_t)rate;
  ctx->rounds = (uint8_t)rounds;
  ctx->ready = 1;
  return 0;
}

int qed_keccak_p_duplexing(qed_keccak_p_duplex_ctx *ctx, uint8_t *out,
                           size_t outbits, const uint8_t *sigma,
                           size_t sigmabits)
{
  const uint8_t one = 1;
  if (!duplex_ctx_ok(ctx) || sigmabits > ctx->rate - 2 ||
      outbits > ctx->rate) {
    qed_zeroize(out, outbits / 8 + (outbits % 8 != 0));
    return -1;
  }
  qed_keccak_p_add_bits(&ctx->state, sigma, 0, sigmabits);
  qed_keccak_p_add_bits(&ctx->state, &one, sigmabits, 1);
  qed_keccak_p_add_bits(&ctx->state, &one, ctx->rate - 1, 1);
  qed_keccak_p_permute(&ctx->state, ctx->rounds);
  qed_keccak_p_extract_bits(&ctx->state, out, 0, outbits);
  return 0;
}
