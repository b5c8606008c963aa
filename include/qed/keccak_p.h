/* qed — Keccak-p[b, nr] for every width b = 25, 50, 100, 200, 400, 800,
 * 1600 (lanes of w = b/25 = 1, 2, 4, 8, 16, 32, 64 bits) and any number of
 * rounds 1 <= nr <= 12 + 2l (w = 2^l), as FIPS 202 section 3.3 defines it:
 * the LAST nr rounds of Keccak-f[b] (round indices 12+2l-nr .. 12+2l-1).
 *
 * The state is the FIPS 202 state string: bit i of the b-bit string is
 * bit i % 8 of byte i / 8 (least significant bit first), ceil(b/8) bytes;
 * for b = 25, 50 and 100 the unused high bits of the last byte are ignored
 * on input and left untouched on output.                                  */
#ifndef QED_KECCAK_P_H
#define QED_KECCAK_P_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QED_KECCAK_P_MAX_ROUNDS 24
#define QED_KECCAK_P_MAX_BYTES 200

/* The state of a Keccak-p instance of any width, part of the contexts
 * below (the functions that work on it directly are internal to qed, in
 * src/keccak/keccak_p.h).  The fields are described for the curious: lane
 * (x, y) is lane[x + 5y], its w = width/25 bits in the low bits of the
 * word (the others are 0); for width 1600 this is the layout of
 * qed_keccak_p1600.  width is b (0: wiped, unusable).                    */
typedef struct {
  uint64_t lane[25];
  unsigned width;
} qed_keccak_p_state;

/*@ predicate qed_keccak_p_width_ok(integer b) =
      b == 25 || b == 50 || b == 100 || b == 200 || b == 400 || b == 800 ||
      b == 1600;
    logic integer qed_keccak_p_nr(integer b) =
      b == 25 ? 12 : b == 50 ? 14 : b == 100 ? 16 : b == 200 ? 18 :
      b == 400 ? 20 : b == 800 ? 22 : 24;
    predicate qed_keccak_p_rounds_ok(integer b, integer nr) =
      qed_keccak_p_width_ok(b) && 1 <= nr <= qed_keccak_p_nr(b);
*/

/* Apply Keccak-p[width, rounds] in place to the ceil(width/8)-byte state
 * string.  Returns 0, or -1 (state untouched) for a width not in the list
 * or rounds outside 1 .. 12 + 2l.                                         */
/*@ requires \valid(state + (0 .. (width + 7) / 8 - 1));
    assigns state[0 .. (width + 7) / 8 - 1];
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> qed_keccak_p_rounds_ok(width, rounds);
    ensures \result == -1 ==> \forall integer k; 0 <= k < (width + 7) / 8 ==> state[k] == \old(state[k]); */
int qed_keccak_p(uint8_t *state, size_t width, unsigned rounds);

/* ---- the sponge Keccak[r, c] = SPONGE[Keccak-p[b, nr], pad10*1, r] ----
 *
 * Bit-granular: any width b of the list, any rate 1 <= r <= b - 1 (so the
 * capacity c = b - r is at least 1), any rounds 1 <= nr <= 12 + 2l (12 + 2l
 * is Keccak-f[b], the Keccak team's Keccak[r, c]); pad10*1 with no suffix.
 * Messages and outputs are bit strings: n bits are ceil(n/8) bytes, bit j
 * being bit j % 8 of byte j / 8 (least significant first, FIPS 202 B.1),
 * so a partial last byte holds its bits in its low positions; the high
 * bits of a last input byte are ignored, those of a last output byte are 0.
 * (SHA-3 with its suffix "01" is qed_keccak_p_sponge over b = 1600 with the
 * two bits appended to the message.)
 *
 * Streaming: init, then absorb / absorb_bits any number of times with any
 * lengths (pieces need not be whole bytes: absorb_bits(m, 3) then
 * absorb_bits(m2, 5) absorbs 8 bits), then squeeze / squeeze_bits any
 * number of times (a squeeze of n bits continues the output stream n bits
 * further; its whole bytes are written).  A context that no init prepared,
 * absorbing after squeezing, or wrong parameters: -1, outputs zeroed.
 * Squeezing can go on for ever, so nothing wipes the context by itself:
 * call qed_keccak_p_sponge_wipe when done (the one-shots wipe theirs).   */
typedef struct {
  qed_keccak_p_state state;
  uint32_t rate;      /* r in bits                                        */
  uint32_t pos;       /* bits absorbed into, or squeezed from, the block  */
  uint8_t  rounds;    /* nr                                               */
  uint8_t  phase;     /* QED_KECCAK_P_ABSORBING / _SQUEEZING / 0 = unusable */
} qed_keccak_p_sponge_ctx;

#define QED_KECCAK_P_ABSORBING 1
#define QED_KECCAK_P_SQUEEZING 2

/*@ predicate qed_keccak_p_sponge_params_ok(integer b, integer r, integer nr) =
      qed_keccak_p_rounds_ok(b, nr) && 1 <= r < b;
    predicate qed_keccak_p_duplex_params_ok(integer b, integer r, integer nr) =
      qed_keccak_p_rounds_ok(b, nr) && 2 <= r < b;
    // a context an init prepared, in either phase
    predicate qed_keccak_p_sponge_ok(qed_keccak_p_sponge_ctx *c) =
      qed_keccak_p_sponge_params_ok(c->state.width, c->rate, c->rounds) &&
      c->pos <= c->rate &&
      (c->phase == QED_KECCAK_P_ABSORBING || c->phase == QED_KECCAK_P_SQUEEZING);
    // one that can absorb (a full block is always permuted at once)
    predicate qed_keccak_p_sponge_absorbing(qed_keccak_p_sponge_ctx *c) =
      qed_keccak_p_sponge_ok(c) && c->phase == QED_KECCAK_P_ABSORBING &&
      c->pos < c->rate;
    // one that can squeeze
    predicate qed_keccak_p_sponge_squeezable(qed_keccak_p_sponge_ctx *c) =
      qed_keccak_p_sponge_absorbing(c) ||
      (qed_keccak_p_sponge_ok(c) && c->phase == QED_KECCAK_P_SQUEEZING);
*/

/* One-shot: out = the first outbits bits of the sponge on the inbits-bit
 * message in.  -1 (out zeroed) for invalid width, rate or rounds. */
/*@ requires \valid(out + (0 .. (outbits + 7) / 8 - 1));
    requires \valid_read(in + (0 .. (inbits + 7) / 8 - 1));
    requires \separated(out + (0 .. (outbits + 7) / 8 - 1), in + (0 .. (inbits + 7) / 8 - 1));
    assigns out[0 .. (outbits + 7) / 8 - 1];
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> qed_keccak_p_sponge_params_ok(width, rate, rounds); */
int qed_keccak_p_sponge(uint8_t *out, size_t outbits, const uint8_t *in,
                        size_t inbits, size_t width, size_t rate,
                        unsigned rounds);

/* Keccak[r, c] of the Keccak team: width r + c, 12 + 2l rounds. */
/*@ requires \valid(out + (0 .. (outbits + 7) / 8 - 1));
    requires \valid_read(in + (0 .. (inbits + 7) / 8 - 1));
    requires \separated(out + (0 .. (outbits + 7) / 8 - 1), in + (0 .. (inbits + 7) / 8 - 1));
    assigns out[0 .. (outbits + 7) / 8 - 1];
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> qed_keccak_p_sponge_params_ok(rate + capacity, rate, qed_keccak_p_nr(rate + capacity)); */
int qed_keccak_rc(uint8_t *out, size_t outbits, const uint8_t *in,
                  size_t inbits, size_t rate, size_t capacity);

/*@ requires \valid(ctx);
    assigns *ctx;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> qed_keccak_p_sponge_params_ok(width, rate, rounds);
    ensures \result == 0 ==> qed_keccak_p_sponge_absorbing(ctx) && ctx->pos == 0; */
int qed_keccak_p_sponge_init(qed_keccak_p_sponge_ctx *ctx, size_t width,
                             size_t rate, unsigned rounds);
/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. (inbits + 7) / 8 - 1));
    requires \separated(ctx, in + (0 .. (inbits + 7) / 8 - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> \old(qed_keccak_p_sponge_absorbing(ctx));
    ensures \result == 0 ==> qed_keccak_p_sponge_absorbing(ctx); */
int qed_keccak_p_sponge_absorb_bits(qed_keccak_p_sponge_ctx *ctx,
                                    const uint8_t *in, size_t inbits);
/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> \old(qed_keccak_p_sponge_absorbing(ctx));
    ensures \result == 0 ==> qed_keccak_p_sponge_absorbing(ctx); */
int qed_keccak_p_sponge_absorb(qed_keccak_p_sponge_ctx *ctx,
                               const uint8_t *in, size_t inlen);
/*@ requires \valid(ctx);
    requires \valid(out + (0 .. (outbits + 7) / 8 - 1));
    requires \separated(ctx, out + (0 .. (outbits + 7) / 8 - 1));
    assigns *ctx, out[0 .. (outbits + 7) / 8 - 1];
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> \old(qed_keccak_p_sponge_squeezable(ctx));
    ensures \result == 0 ==> qed_keccak_p_sponge_ok(ctx) && ctx->phase == QED_KECCAK_P_SQUEEZING; */
int qed_keccak_p_sponge_squeeze_bits(qed_keccak_p_sponge_ctx *ctx,
                                     uint8_t *out, size_t outbits);
/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> \old(qed_keccak_p_sponge_squeezable(ctx));
    ensures \result == 0 ==> qed_keccak_p_sponge_ok(ctx); */
int qed_keccak_p_sponge_squeeze(qed_keccak_p_sponge_ctx *ctx, uint8_t *out,
                                size_t outlen);
/*@ requires \valid(ctx);
    assigns *ctx;
    ensures ctx->phase == 0; */
void qed_keccak_p_sponge_wipe(qed_keccak_p_sponge_ctx *ctx);

/* ---- the duplex DUPLEX[Keccak-p[b, nr], pad10*1, r] ----
 *
 * Any width, rate 2 <= r <= b - 1 (bit-granular: the Keccak team's
 * vectors use r = 1026 and 1027 with b = 1600), rounds 1 .. 12 + 2l.
 * Each duplexing call pads sigma (sigmabits <= r - 2 bits, bit strings as
 * above) to one r-bit block, XORs it into the state, permutes and returns
 * the first outbits <= r bits of the state.  -1 (out zeroed, the state
 * unchanged) for lengths out of range or a context no init prepared.
 * qed_keccak_p_duplex_wipe when done.                                    */
typedef struct {
  qed_keccak_p_state state;
  uint32_t rate;      /* r in bits                                        */
  uint8_t  rounds;    /* nr                                               */
  uint8_t  ready;     /* 1 after init, 0 = unusable                       */
} qed_keccak_p_duplex_ctx;

/*@ requires \valid(ctx);
    assigns *ctx;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> qed_keccak_p_duplex_params_ok(width, rate, rounds); */
int qed_keccak_p_duplex_init(qed_keccak_p_duplex_ctx *ctx, size_t width,
                             size_t rate, unsigned rounds);
/*@ requires \valid(ctx);
    requires \valid(out + (0 .. (outbits + 7) / 8 - 1));
    requires \valid_read(sigma + (0 .. (sigmabits + 7) / 8 - 1));
    requires \separated(ctx, out + (0 .. (outbits + 7) / 8 - 1), sigma + (0 .. (sigmabits + 7) / 8 - 1));
    assigns ctx->state, out[0 .. (outbits + 7) / 8 - 1];
    ensures \result == 0 || \result == -1; */
int qed_keccak_p_duplexing(qed_keccak_p_duplex_ctx *ctx, uint8_t *out,
                           size_t outbits, const uint8_t *sigma,
                           size_t sigmabits);
/*@ requires \valid(ctx);
    assigns *ctx;
    ensures ctx->ready == 0; */
void qed_keccak_p_duplex_wipe(qed_keccak_p_duplex_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
