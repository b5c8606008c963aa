/* Gimli-Hash: a sponge of rate 16 bytes (state bytes 0..15) and capacity
 * 32 bytes over the Gimli permutation, the state starting at zero.
 *
 * Byte k of the state is byte k % 4 (little-endian) of word k / 4, on
 * every machine.  Each whole 16-byte block of the message is XORed into
 * bytes 0..15 and followed by the permutation; the last, partial (maybe
 * empty) block is XORed in, then the padding, then the permutation; the
 * output is bytes 0..15, then bytes 0..15 after another permutation, and
 * so on.  Two paddings:
 *   - QED_GIMLI_PAD_2017, the designers' reference code of the CHES 2017
 *     paper (gimli-20170627, Gimli_hash in test_hash.c): 0x1F into the
 *     byte after the message, 0x80 into byte 15;
 *   - QED_GIMLI_PAD_LWC, the NIST LWC submission (gimli24v1,
 *     crypto_hash/gimli24v1/ref): 0x01 into the byte after the message,
 *     0x01 into byte 47. */
#include "qed/gimli.h"
#include "gimli/gimli_impl.h"
#include "qed/common.h"

/* A context an init prepared: position inside the rate, a phase, a
 * padding.  Absorbing never leaves a full block (it is permuted at once). */
/*@ predicate sponge_ok(qed_gimli_sponge *sp) =
      sp->pos <= 16 &&
      (sp->pad == QED_GIMLI_PAD_2017 || sp->pad == QED_GIMLI_PAD_LWC) &&
      (sp->phase == QED_GIMLI_SQUEEZING ||
       (sp->phase == QED_GIMLI_ABSORBING && sp->pos < 16));
*/
/*@ requires \valid_read(sp);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> sponge_ok(sp); */
static int sponge_ok(const qed_gimli_sponge *sp)
{
  return sp->pos <= 16 &&
         (sp->pad == QED_GIMLI_PAD_2017 || sp->pad == QED_GIMLI_PAD_LWC) &&
         (sp->phase == QED_GIMLI_SQUEEZING ||
          (sp->phase == QED_GIMLI_ABSORBING && sp->pos < 16));
}

/* XOR v into byte k of the state. */
/*@ requires \valid(s + (0 .. 11));
    requires k < 48;
    assigns s[0 .. 11]; */
static void add_byte(uint32_t s[12], unsigned k, uint8_t v)
{
  s[k / 4u] ^= (uint32_t)v << (8u * (k % 4u));
}

/* XOR in[0 .. len-1] into the rate at the current position. */
/*@ requires \valid(sp) && sponge_ok(sp);
    requires sp->pos + len <= 16;
    requires \valid_read(in + (0 .. len - 1));
    requires \separated(sp, in + (0 .. len - 1));
    assigns sp->s[0 .. 11];
    ensures sponge_ok(sp); */
static void add_bytes(qed_gimli_sponge *sp, const uint8_t *in, size_t len)
{
  size_t k;
  /*@ loop invariant 0 <= k <= len;
      loop assigns k, sp->s[0 .. 11];
      loop variant len - k; */
  for (k = 0; k < len; k++)
    add_byte(sp->s, sp->pos + (unsigned)k, in[k]);
}

/* The absorbing loop: for each whole 16-byte block, XOR it into words
 * 0..3 and permute.  Returns the bytes consumed: a multiple of 16 leaving
 * fewer than 16. */
/*@ requires \valid(s + (0 .. 11));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(s + (0 .. 11), in + (0 .. inlen - 1));
    assigns s[0 .. 11];
    ensures \result <= inlen && inlen - \result < 16; */
static size_t absorb_blocks(uint32_t s[12], const uint8_t *in, size_t inlen)
{
  size_t done = 0;
  /*@ loop invariant 0 <= done <= inlen;
      loop assigns done, s[0 .. 11];
      loop variant inlen - done; */
  while (inlen - done >= 16) {
    s[0] ^= qed_load32_le(in + done);
    s[1] ^= qed_load32_le(in + done + 4);
    s[2] ^= qed_load32_le(in + done + 8);
    s[3] ^= qed_load32_le(in + done + 12);
    gimli_permute_body(s);
    done += 16;
  }
  return done;
}

/*@ requires \valid(sp);
    requires pad == QED_GIMLI_PAD_2017 || pad == QED_GIMLI_PAD_LWC;
    assigns *sp;
    ensures sponge_ok(sp) && sp->phase == QED_GIMLI_ABSORBING && sp->pos == 0;
    ensures sp->outlen == outlen; */
static void sponge_init(qed_gimli_sponge *sp, uint8_t pad, uint8_t outlen)
{
  unsigned i;
  /*@ loop invariant 0 <= i <= 12;
      loop assigns i, sp->s[0 .. 11];
      loop variant 12 - i; */
  for (i = 0; i < 12u; i++)
    sp->s[i] = 0;
  sp->pos = 0;
  sp->phase = QED_GIMLI_ABSORBING;
  sp->pad = pad;
  sp->outlen = outlen;
}

/*@ requires \valid(sp);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(sp, in + (0 .. inlen - 1));
    assigns *sp;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> sponge_ok(sp) && sp->phase == QED_GIMLI_ABSORBING;
    ensures sp->outlen == \old(sp->outlen) && sp->pad == \old(sp->pad); */
static int sponge_absorb(qed_gimli_sponge *sp, const uint8_t *in, size_t inlen)
{
  if (!sponge_ok(sp) || sp->phase != QED_GIMLI_ABSORBING)
    return -1;
  size_t done = 0;
  /* Top up a partly filled block. */
  if (sp->pos > 0) {
    size_t take = 16u - sp->pos;
    if (take > inlen)
      take = inlen;
    add_bytes(sp, in, take);
    sp->pos += (uint32_t)take;
    done = take;
    if (sp->pos == 16) {
      gimli_permute_body(sp->s);
      sp->pos = 0;
    }
  }
  /* Whole blocks straight from the input, then the tail. */
  if (sp->pos == 0) {
    done += absorb_blocks(sp->s, in + done, inlen - done);
    add_bytes(sp, in + done, inlen - done);
    sp->pos = (uint32_t)(inlen - done);
  }
  return 0;
}

/* The padding after the last input byte, and the permutation after it. */
/*@ requires \valid(sp) && sponge_ok(sp) && sp->phase == QED_GIMLI_ABSORBING;
    assigns sp->s[0 .. 11], sp->pos, sp->phase;
    ensures sponge_ok(sp) && sp->phase == QED_GIMLI_SQUEEZING && sp->pos == 0; */
static void sponge_pad(qed_gimli_sponge *sp)
{
  if (sp->pad == QED_GIMLI_PAD_LWC) {
    add_byte(sp->s, sp->pos, 0x01);
    add_byte(sp->s, 47, 0x01);
  } else {
    add_byte(sp->s, sp->pos, 0x1F);
    add_byte(sp->s, 15, 0x80);
  }
  gimli_permute_body(sp->s);
  sp->pos = 0;
  sp->phase = QED_GIMLI_SQUEEZING;
}

/* Copy bytes pos .. pos + len - 1 of the rate to out: a whole block by
 * words, a part of one byte by byte. */
/*@ requires \valid_read(s + (0 .. 11));
    requires pos + len <= 16;
    requires \valid(out + (0 .. len - 1));
    requires \separated(s + (0 .. 11), out + (0 .. len - 1));
    assigns out[0 .. len - 1]; */
static void extract(const uint32_t s[12], unsigned pos, uint8_t *out,
                    size_t len)
{
  size_t k;
  if (len == 16) {                                /* then pos == 0 */
    qed_store32_le(out, s[0]);
    qed_store32_le(out + 4, s[1]);
    qed_store32_le(out + 8, s[2]);
    qed_store32_le(out + 12, s[3]);
    return;
  }
  /*@ loop invariant 0 <= k <= len;
      loop assigns k, out[0 .. len - 1];
      loop variant len - k; */
  for (k = 0; k < len; k++) {
    const unsigned b = pos + (unsigned)k;
    out[k] = (uint8_t)(s[b / 4u] >> (8u * (b % 4u)));
  }
}

/*@ requires \valid(sp);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(sp, out + (0 .. outlen - 1));
    assigns *sp, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1;
    ensures sp->outlen == \old(sp->outlen); */
static int sponge_squeeze(qed_gimli_sponge *sp, uint8_t *out, size_t outlen)
{
  if (!sponge_ok(sp)) {
    qed_zeroize(out, outlen);
    return -1;
  }
  if (sp->phase == QED_GIMLI_ABSORBING)
    sponge_pad(sp);
  size_t done = 0;
  /*@ loop invariant 0 <= done <= outlen;
      loop invariant sponge_ok(sp) && sp->phase == QED_GIMLI_SQUEEZING;
      loop invariant sp->outlen == \at(sp->outlen, Pre);
      loop assigns done, sp->s[0 .. 11], sp->pos, out[0 .. outlen - 1];
      loop variant outlen - done; */
  while (done < outlen) {
    if (sp->pos == 16) {
      gimli_permute_body(sp->s);
      sp->pos = 0;
    }
    size_t take = 16u - sp->pos;
    if (take > outlen - done)
      take = outlen - done;
    extract(sp->s, sp->pos, out + done, take);
    sp->pos += (uint32_t)take;
    done += take;
  }
  return 0;
}

/* Wipe: every store through a volatile lvalue, which the compiler may not
 * remove (as qed_zeroize does for bytes). */
/*@ requires \valid(sp);
    assigns *sp; */
static void sponge_wipe(qed_gimli_sponge *sp)
{
  volatile uint32_t *v = sp->s;
  unsigned i;
  /*@ loop invariant 0 <= i <= 12;
      loop assigns i, sp->s[0 .. 11];
      loop variant 12 - i; */
  for (i = 0; i < 12u; i++)
    v[i] = 0;
  sp->pos = 0;
  sp->phase = 0;
  sp->pad = 0;
}

/* ---- one-shot ---- */

/*@ requires pad == QED_GIMLI_PAD_2017 || pad == QED_GIMLI_PAD_LWC;
    requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. outlen - 1), in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1]; */
static void oneshot(uint8_t *out, size_t outlen, uint8_t pad,
                    const uint8_t *in, size_t inlen)
{
  qed_gimli_sponge sp;
  sponge_init(&sp, pad, 0);
  (void)sponge_absorb(&sp, in, inlen);
  (void)sponge_squeeze(&sp, out, outlen);
  sponge_wipe(&sp);
}

void qed_gimli_hash(uint8_t out[32], const uint8_t *in, size_t inlen)
{
  oneshot(out, QED_GIMLI_HASH_BYTES, QED_GIMLI_PAD_2017, in, inlen);
}

void qed_gimli_xof(uint8_t *out, size_t outlen, const uint8_t *in,
                   size_t inlen)
{
  oneshot(out, outlen, QED_GIMLI_PAD_2017, in, inlen);
}

void qed_gimli24v1_hash(uint8_t out[32], const uint8_t *in, size_t inlen)
{
  oneshot(out, QED_GIMLI24V1_HASH_BYTES, QED_GIMLI_PAD_LWC, in, inlen);
}

/* ---- streaming ---- */

void qed_gimli_hash_init(qed_gimli_hash_ctx *ctx)
{
  sponge_init(&ctx->sponge, QED_GIMLI_PAD_2017, QED_GIMLI_HASH_BYTES);
}

void qed_gimli24v1_hash_init(qed_gimli_hash_ctx *ctx)
{
  sponge_init(&ctx->sponge, QED_GIMLI_PAD_LWC, QED_GIMLI24V1_HASH_BYTES);
}

int qed_gimli_hash_update(qed_gimli_hash_ctx *ctx, const uint8_t *in,
                          size_t inlen)
{
  if (ctx->sponge.outlen != 32)
    return -1;
  return sponge_absorb(&ctx->sponge, in, inlen);
}

int qed_gimli_hash_final(qed_gimli_hash_ctx *ctx, uint8_t out[32])
{
  if (ctx->sponge.outlen != 32 ||
      ctx->sponge.phase != QED_GIMLI_ABSORBING) {
    qed_zeroize(out, 32);
    return -1;
  }
  if (sponge_squeeze(&ctx->sponge, out, 32) != 0)
    return -1;
  sponge_wipe(&ctx->sponge);
  return 0;
}

void qed_gimli_xof_init(qed_gimli_xof_ctx *ctx)
{
  sponge_init(&ctx->sponge, QED_GIMLI_PAD_2017, 0);
}

/* An XOF context is one qed_gimli_xof_init prepared: the 2017 padding and
 * no fixed length (a hash context passed by a cast is refused). */
/*@ requires \valid_read(ctx);
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int xof_ctx_ok(const qed_gimli_xof_ctx *ctx)
{
  return ctx->sponge.outlen == 0 && ctx->sponge.pad == QED_GIMLI_PAD_2017;
}

int qed_gimli_xof_update(qed_gimli_xof_ctx *ctx, const uint8_t *in,
                         size_t inlen)
{
  if (!xof_ctx_ok(ctx))
    return -1;
  return sponge_absorb(&ctx->sponge, in, inlen);
}

int qed_gimli_xof_squeeze(qed_gimli_xof_ctx *ctx, uint8_t *out, size_t outlen)
{
  if (!xof_ctx_ok(ctx)) {
    qed_zeroize(out, outlen);
    return -1;
  }
  return sponge_squeeze(&ctx->sponge, out, outlen);
}

void qed_gimli_xof_wipe(qed_gimli_xof_ctx *ctx)
{
  sponge_wipe(&ctx->sponge);
}
