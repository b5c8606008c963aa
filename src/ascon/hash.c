/* Ascon hashing: a sponge of rate 8 bytes (lane 0) over Ascon-p[12], and on
 * it the SP 800-232 functions (Ascon-Hash256, Ascon-XOF128, Ascon-CXOF128:
 * little-endian lanes, padding byte 0x01) and the v1.2 ones (Ascon-Hash,
 * Ascon-XOF: big-endian lanes, padding byte 0x80).
 *
 * The state is initialised to p^12(IV, 0, 0, 0, 0); every block, the last
 * (padded) one included, is followed by p^12; output blocks are separated
 * by p^12 (SP 800-232, 5.1-5.3).  CXOF128 absorbs, before the message, the
 * bit length of the customization string as a 64-bit block and then the
 * string itself, padded (SP 800-232, 5.3). */
#include "qed/ascon.h"
#include "ascon/ascon_core.h"
#include "common/zeroize.h"
#include "qed/common.h"

#define IV_HASH256 0x0000080100cc0002ULL
#define IV_XOF128  0x0000080000cc0003ULL
#define IV_CXOF128 0x0000080000cc0004ULL
#define IV_HASH_V12 0x00400c0000000100ULL
#define IV_XOF_V12  0x00400c0000000000ULL

/* A context an init prepared: position inside lane 0, a phase, an order.
 * Absorbing never leaves a full lane (it is permuted at once). */
/*@ predicate sponge_ok(qed_ascon_sponge *sp) =
      sp->pos <= 8 && (sp->big == 0 || sp->big == 1) &&
      (sp->phase == QED_ASCON_SQUEEZING ||
       (sp->phase == QED_ASCON_ABSORBING && sp->pos < 8));
*/
/*@ requires \valid_read(sp);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> sponge_ok(sp); */
static int sponge_ok(const qed_ascon_sponge *sp)
{
  return sp->pos <= 8 && (sp->big == 0 || sp->big == 1) &&
         (sp->phase == QED_ASCON_SQUEEZING ||
          (sp->phase == QED_ASCON_ABSORBING && sp->pos < 8));
}

/* Bit position of byte k (0..7) of lane 0 in the lane's value. */
/*@ requires k < 8 && (big == 0 || big == 1);
    assigns \nothing;
    ensures \result <= 56; */
static unsigned byte_shift(unsigned k, unsigned big)
{
  return big ? 56u - 8u * k : 8u * k;
}

/*@ requires \valid(sp) && sponge_ok(sp);
    requires sp->pos + len <= 8;
    requires \valid_read(in + (0 .. len - 1));
    requires \separated(sp, in + (0 .. len - 1));
    assigns sp->x[0];
    ensures sponge_ok(sp); */
static void add_bytes(qed_ascon_sponge *sp, const uint8_t *in, size_t len)
{
  size_t k;
  /*@ loop invariant 0 <= k <= len;
      loop assigns k, sp->x[0];
      loop variant len - k; */
  for (k = 0; k < len; k++)
    sp->x[0] ^= (uint64_t)in[k] << byte_shift(sp->pos + (unsigned)k, sp->big);
}

/*@ requires \valid(sp);
    requires big == 0 || big == 1;
    assigns *sp;
    ensures sponge_ok(sp) && sp->phase == QED_ASCON_ABSORBING && sp->pos == 0;
    ensures sp->outlen == outlen; */
static void sponge_init(qed_ascon_sponge *sp, uint64_t iv, uint8_t big,
                        uint8_t outlen)
{
  sp->x[0] = iv;
  sp->x[1] = 0;
  sp->x[2] = 0;
  sp->x[3] = 0;
  sp->x[4] = 0;
  qed_ascon_core_permute(sp->x, 12);
  sp->pos = 0;
  sp->phase = QED_ASCON_ABSORBING;
  sp->big = big;
  sp->outlen = outlen;
}

/*@ requires \valid(sp);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(sp, in + (0 .. inlen - 1));
    assigns *sp;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> sponge_ok(sp) && sp->phase == QED_ASCON_ABSORBING;
    ensures sp->outlen == \old(sp->outlen); */
static int sponge_absorb(qed_ascon_sponge *sp, const uint8_t *in, size_t inlen)
{
  if (!sponge_ok(sp) || sp->phase != QED_ASCON_ABSORBING)
    return -1;
  size_t done = 0;
  /* Top up a partly filled lane. */
  if (sp->pos > 0) {
    size_t take = 8u - sp->pos;
    if (take > inlen)
      take = inlen;
    add_bytes(sp, in, take);
    sp->pos += (uint32_t)take;
    done = take;
    if (sp->pos == 8) {
      qed_ascon_core_permute(sp->x, 12);
      sp->pos = 0;
    }
  }
  /* Whole blocks straight from the input, then the tail. */
  if (sp->pos == 0) {
    done += qed_ascon_core_absorb8(sp->x, in + done, inlen - done, sp->big);
    add_bytes(sp, in + done, inlen - done);
    sp->pos = (uint32_t)(inlen - done);
  }
  return 0;
}

/* The padding byte after the last input byte, and the p^12 after it. */
/*@ requires \valid(sp) && sponge_ok(sp) && sp->phase == QED_ASCON_ABSORBING;
    assigns sp->x[0 .. 4], sp->pos, sp->phase;
    ensures sponge_ok(sp) && sp->phase == QED_ASCON_SQUEEZING && sp->pos == 0; */
static void sponge_pad(qed_ascon_sponge *sp)
{
  const uint64_t pad = sp->big ? 0x80u : 0x01u;
  sp->x[0] ^= pad << byte_shift(sp->pos, sp->big);
  qed_ascon_core_permute(sp->x, 12);
  sp->pos = 0;
  sp->phase = QED_ASCON_SQUEEZING;
}

/*@ requires \valid(sp);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(sp, out + (0 .. outlen - 1));
    assigns *sp, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1;
    ensures sp->outlen == \old(sp->outlen); */
static int sponge_squeeze(qed_ascon_sponge *sp, uint8_t *out, size_t outlen)
{
  if (!sponge_ok(sp)) {
    qed_zeroize(out, outlen);
    return -1;
  }
  if (sp->phase == QED_ASCON_ABSORBING)
    sponge_pad(sp);
  size_t done = 0;
  /*@ loop invariant 0 <= done <= outlen;
      loop invariant sponge_ok(sp) && sp->phase == QED_ASCON_SQUEEZING;
      loop invariant sp->outlen == \at(sp->outlen, Pre);
      loop assigns done, sp->x[0 .. 4], sp->pos, out[0 .. outlen - 1];
      loop variant outlen - done; */
  while (done < outlen) {
    if (sp->pos == 8) {
      qed_ascon_core_permute(sp->x, 12);
      sp->pos = 0;
    }
    size_t take = 8u - sp->pos, k;
    if (take > outlen - done)
      take = outlen - done;
    /*@ loop invariant 0 <= k <= take;
        loop assigns k, out[done .. done + take - 1];
        loop variant take - k; */
    for (k = 0; k < take; k++)
      out[done + k] =
          (uint8_t)(sp->x[0] >> byte_shift(sp->pos + (unsigned)k, sp->big));
    sp->pos += (uint32_t)take;
    done += take;
  }
  return 0;
}

/*@ requires \valid(sp);
    assigns *sp; */
static void sponge_wipe(qed_ascon_sponge *sp)
{
  qed_wipe_u64(sp->x, 5);
  sp->pos = 0;
  sp->phase = 0;
  sp->big = 0;
  sp->outlen = 0;   /* a refused init leaves no field unset: the XOF
                     * update and squeeze read outlen first */
}

/* ---- one-shot ---- */

/*@ requires big == 0 || big == 1;
    requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. outlen - 1), in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1]; */
static void oneshot(uint8_t *out, size_t outlen, uint64_t iv, uint8_t big,
                    const uint8_t *in, size_t inlen)
{
  qed_ascon_sponge sp;
  sponge_init(&sp, iv, big, 0);
  (void)sponge_absorb(&sp, in, inlen);
  (void)sponge_squeeze(&sp, out, outlen);
  sponge_wipe(&sp);
}

/*@ requires \valid(out + (0 .. 31)) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. 31), in + (0 .. inlen - 1));
    assigns out[0 .. 31]; */
void qed_ascon_hash256(uint8_t out[32], const uint8_t *in, size_t inlen)
{
  oneshot(out, 32, IV_HASH256, 0, in, inlen);
}

/*@ requires \valid(out + (0 .. outlen - 1)) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. outlen - 1), in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_ascon_xof128(uint8_t *out, size_t outlen, const uint8_t *in,
                      size_t inlen)
{
  oneshot(out, outlen, IV_XOF128, 0, in, inlen);
}

/*@ requires \valid(out + (0 .. 31)) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. 31), in + (0 .. inlen - 1));
    assigns out[0 .. 31]; */
void qed_ascon_hash_v12(uint8_t out[32], const uint8_t *in, size_t inlen)
{
  oneshot(out, 32, IV_HASH_V12, 1, in, inlen);
}

/*@ requires \valid(out + (0 .. outlen - 1)) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. outlen - 1), in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_ascon_xof_v12(uint8_t *out, size_t outlen, const uint8_t *in,
                       size_t inlen)
{
  oneshot(out, outlen, IV_XOF_V12, 1, in, inlen);
}

/* ---- CXOF128 ---- */

/*@ requires \valid(sp);
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(sp, custom + (0 .. customlen - 1));
    assigns *sp;
    ensures \result == 0 || \result == -1; */
static int cxof_init(qed_ascon_sponge *sp, const uint8_t *custom,
                     size_t customlen)
{
  if (customlen > QED_ASCON_CXOF128_MAX_CUSTOM) {
    sponge_wipe(sp);
    return -1;
  }
  sponge_init(sp, IV_CXOF128, 0, 0);
  /* The bit length of the string, a 64-bit little-endian block. */
  sp->x[0] ^= (uint64_t)customlen * 8u;
  qed_ascon_core_permute(sp->x, 12);
  /* The string, padded; then a fresh absorbing phase for the message. */
  if (sponge_absorb(sp, custom, customlen) != 0) {  /* never: sp is fresh */
    sponge_wipe(sp);
    return -1;
  }
  sponge_pad(sp);
  sp->phase = QED_ASCON_ABSORBING;
  return 0;
}

/*@ requires \valid(out + (0 .. outlen - 1)) && \valid_read(in + (0 .. inlen - 1));
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(out + (0 .. outlen - 1), in + (0 .. inlen - 1));
    requires \separated(out + (0 .. outlen - 1), custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_ascon_cxof128(uint8_t *out, size_t outlen, const uint8_t *in,
                      size_t inlen, const uint8_t *custom, size_t customlen)
{
  qed_ascon_sponge sp;
  if (cxof_init(&sp, custom, customlen) != 0) {
    qed_zeroize(out, outlen);
    return -1;
  }
  (void)sponge_absorb(&sp, in, inlen);
  (void)sponge_squeeze(&sp, out, outlen);
  sponge_wipe(&sp);
  return 0;
}

/* ---- streaming ---- */

/*@ requires \valid(ctx); assigns *ctx; */
void qed_ascon_hash256_init(qed_ascon_hash_ctx *ctx)
{
  sponge_init(&ctx->sponge, IV_HASH256, 0, 32);
}

/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_ascon_hash256_update(qed_ascon_hash_ctx *ctx, const uint8_t *in,
                             size_t inlen)
{
  if (ctx->sponge.outlen != 32)
    return -1;
  return sponge_absorb(&ctx->sponge, in, inlen);
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. 31));
    requires \separated(ctx, out + (0 .. 31));
    assigns *ctx, out[0 .. 31];
    ensures \result == 0 || \result == -1; */
int qed_ascon_hash256_final(qed_ascon_hash_ctx *ctx, uint8_t out[32])
{
  if (ctx->sponge.outlen != 32 ||
      ctx->sponge.phase != QED_ASCON_ABSORBING) {
    qed_zeroize(out, 32);
    return -1;
  }
  if (sponge_squeeze(&ctx->sponge, out, 32) != 0)
    return -1;
  sponge_wipe(&ctx->sponge);
  return 0;
}

/*@ requires \valid(ctx); assigns *ctx; */
void qed_ascon_xof128_init(qed_ascon_xof_ctx *ctx)
{
  sponge_init(&ctx->sponge, IV_XOF128, 0, 0);
}

/*@ requires \valid(ctx);
    requires \valid_read(custom + (0 .. customlen - 1));
    requires \separated(ctx, custom + (0 .. customlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_ascon_cxof128_init(qed_ascon_xof_ctx *ctx, const uint8_t *custom,
                           size_t customlen)
{
  return cxof_init(&ctx->sponge, custom, customlen);
}

/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_ascon_xof_update(qed_ascon_xof_ctx *ctx, const uint8_t *in,
                         size_t inlen)
{
  if (ctx->sponge.outlen != 0)
    return -1;
  return sponge_absorb(&ctx->sponge, in, inlen);
}

/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_ascon_xof_squeeze(qed_ascon_xof_ctx *ctx, uint8_t *out, size_t outlen)
{
  if (ctx->sponge.outlen != 0) {
    qed_zeroize(out, outlen);
    return -1;
  }
  return sponge_squeeze(&ctx->sponge, out, outlen);
}

/*@ requires \valid(ctx); assigns *ctx; */
void qed_ascon_xof_wipe(qed_ascon_xof_ctx *ctx)
{
  sponge_wipe(&ctx->sponge);
}
