/* Poly1305 contexts and NaCl's crypto_onetimeauth (RFC 8439 section 2.5).
 *
 * The context keeps r (clamped, radix 2^44), the accumulator h, s, and a
 * partial block.  update feeds whole blocks straight from the caller's
 * buffer and keeps at most 15 bytes; final pads the last partial block
 * with a 1 byte and zeros (hibit 0: its 2^(8 len) is inside the block),
 * reduces, adds s, and wipes the context.
 *
 * Reading a context masks r and h to the ranges of nacl/poly1305.h: this
 * changes nothing on a context init and update wrote, and makes any bytes
 * a caller might pass safe for the arithmetic (the phase and buffer length
 * are checked, the limbs need not be).  A refused call returns before it
 * writes anything. */
#include <stddef.h>
#include <stdint.h>

#include "qed/nacl.h"
#include "qed/common.h"
#include "common/bytes.h"
#include "common/cpu.h"
#include "common/zeroize.h"
#include "nacl/poly1305.h"

/*@ requires \valid_read(ctx);
    assigns \nothing;
    ensures poly_r_ok(\result); */
static qed_poly1305_key poly_ctx_r(const qed_poly1305_ctx *ctx)
{
  qed_poly1305_key r;
  r.r0 = ctx->r[0] % POLY_2_44;
  r.r1 = ctx->r[1] % POLY_2_44;
  r.r2 = ctx->r[2] % POLY_2_42;
  return r;
}

/*@ requires \valid_read(ctx);
    assigns \nothing;
    ensures poly_acc_ok(\result); */
static qed_poly1305_acc poly_ctx_h(const qed_poly1305_ctx *ctx)
{
  qed_poly1305_acc h;
  h.h0 = ctx->h[0] % POLY_2_44;
  h.h1 = ctx->h[1] % POLY_2_45;
  h.h2 = ctx->h[2] % POLY_2_42;
  return h;
}

#if defined(__x86_64__)
#define POLY_HAVE_X86 1
#else
#define POLY_HAVE_X86 0
#endif

/* Below these many bytes the SIMD paths' set-up (the powers of r and the
 * changes of radix) costs more than their lanes save. */
#define POLY_AVX2_MIN   256u
#define POLY_AVX512_MIN 512u

/* The block function.  On the avx2 and avx512 backends (x86-64-v3): the
 * groups of eight full blocks of a long enough run go to the AVX-512 code
 * (avx512), or the groups of four to the AVX2 code (avx2), and the rest
 * (fewer blocks than a group, a padded last block, short runs) to the
 * proven loop built for x86-64-v3.  On the portable backend, everything
 * to the proven loop built for the baseline. */
/*@ requires \valid_read(m + (0 .. len - 1));
    requires poly_acc_ok(h) && poly_r_ok(r);
    requires hibit <= 1099511627776;
    assigns \nothing;
    ensures poly_acc_ok(\result); */
static qed_poly1305_acc poly_blocks(qed_poly1305_acc h, qed_poly1305_key r,
                                    const uint8_t *m, size_t len,
                                    uint64_t hibit)
{
#if POLY_HAVE_X86
  const unsigned level = qed_backend_level();
  if (level >= QED_BACKEND_AVX2) {
    if (hibit == POLY_2_40 && level >= QED_BACKEND_AVX512 &&
        len >= POLY_AVX512_MIN) {
      const size_t wide = len - len % 128u;
      h = qed_poly1305_blocks_avx512(h, r, m, wide);
      return qed_poly1305_blocks_x86v3(h, r, m + wide, len - wide, hibit);
    }
    if (hibit == POLY_2_40 && len >= POLY_AVX2_MIN) {
      const size_t wide = len - len % 64u;
      h = qed_poly1305_blocks_avx2(h, r, m, wide);
      return qed_poly1305_blocks_x86v3(h, r, m + wide, len - wide, hibit);
    }
    return qed_poly1305_blocks_x86v3(h, r, m, len, hibit);
  }
#endif
  return qed_poly1305_blocks_portable(h, r, m, len, hibit);
}

/* The tag from h and s: the x86-64-v3 build where the backend allows it. */
/*@ requires \valid(tag + (0 .. 15));
    requires poly_acc_ok(h);
    assigns tag[0 .. 15]; */
static void poly_emit(uint8_t tag[16], qed_poly1305_acc h, uint64_t s0,
                      uint64_t s1)
{
#if POLY_HAVE_X86
  if (qed_backend_level() >= QED_BACKEND_AVX2) {
    qed_poly1305_emit_x86v3(tag, h, s0, s1);
    return;
  }
#endif
  qed_poly1305_emit(tag, h, s0, s1);
}

/* r from the first half of the key, clamped (RFC 8439 2.5: the top 4 bits
 * of bytes 3, 7, 11, 15 and the low 2 bits of bytes 4, 8, 12 cleared), in
 * radix 2^44 */
/*@ requires \valid_read(key + (0 .. 15));
    assigns \nothing;
    ensures poly_r_ok(\result); */
static qed_poly1305_key poly_clamp(const uint8_t *key)
{
  const uint64_t t0 = qed_load64_le(key) & (uint64_t)0x0ffffffc0fffffffu;
  const uint64_t t1 = qed_load64_le(key + 8) & (uint64_t)0x0ffffffc0ffffffcu;
  qed_poly1305_key r;
  r.r0 = t0 % POLY_2_44;
  r.r1 = t0 / POLY_2_44 + (t1 % POLY_2_24) * POLY_2_20;
  r.r2 = t1 / POLY_2_24;
  return r;
}

void qed_poly1305_init(qed_poly1305_ctx *ctx, const uint8_t key[32])
{
  const qed_poly1305_key r = poly_clamp(key);
  size_t i;
  ctx->r[0] = r.r0;
  ctx->r[1] = r.r1;
  ctx->r[2] = r.r2;
  ctx->h[0] = 0;
  ctx->h[1] = 0;
  ctx->h[2] = 0;
  ctx->pad[0] = qed_load64_le(key + 16);
  ctx->pad[1] = qed_load64_le(key + 24);
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, ctx->buf[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16u; i++)
    ctx->buf[i] = 0;
  ctx->buflen = 0;
  ctx->phase = QED_POLY1305_ACTIVE;
}

int qed_poly1305_update(qed_poly1305_ctx *ctx, const uint8_t *m, size_t len)
{
  qed_poly1305_acc h;
  qed_poly1305_key r;
  size_t pos = 0, full;
  uint32_t n;
  if (ctx->phase != QED_POLY1305_ACTIVE || ctx->buflen >= 16u)
    return -1;
  h = poly_ctx_h(ctx);
  r = poly_ctx_r(ctx);
  n = ctx->buflen;
  /* first complete the partial block, if there is one */
  if (n > 0u) {
    /*@ loop invariant 0 <= pos <= len && n <= 16;
        loop invariant n == ctx->buflen + pos;
        loop assigns pos, n, ctx->buf[0 .. 15];
        loop variant len - pos; */
    while (pos < len && n < 16u) {
      ctx->buf[n] = m[pos];
      n++;
      pos++;
    }
    if (n == 16u) {
      h = poly_blocks(h, r, ctx->buf, 16u, POLY_2_40);
      n = 0;
    }
  }
  /* then the whole blocks in place, then keep the tail */
  full = (len - pos) - (len - pos) % 16u;
  h = poly_blocks(h, r, m + pos, full, POLY_2_40);
  pos += full;
  /*@ loop invariant pos <= len && len - pos < 16;
      loop invariant n <= 16 && n + (len - pos) < 16;
      loop assigns pos, n, ctx->buf[0 .. 15];
      loop variant len - pos; */
  while (pos < len) {
    ctx->buf[n] = m[pos];
    n++;
    pos++;
  }
  //@ assert n < 16;
  ctx->buflen = n;
  ctx->h[0] = h.h0;
  ctx->h[1] = h.h1;
  ctx->h[2] = h.h2;
  return 0;
}

int qed_poly1305_final(qed_poly1305_ctx *ctx, uint8_t tag[16])
{
  qed_poly1305_acc h;
  size_t i;
  if (ctx->phase != QED_POLY1305_ACTIVE || ctx->buflen >= 16u) {
    /*@ loop invariant 0 <= i <= 16;
        loop invariant \forall integer k; 0 <= k < i ==> tag[k] == 0;
        loop assigns i, tag[0 .. 15];
        loop variant 16 - i; */
    for (i = 0; i < 16u; i++)
      tag[i] = 0;
    return -1;
  }
  h = poly_ctx_h(ctx);
  if (ctx->buflen > 0u) {
    /* the last partial block: its bytes, then 1, then zeros */
    ctx->buf[ctx->buflen] = 1;
    /*@ loop invariant ctx->buflen + 1 <= i <= 16;
        loop assigns i, ctx->buf[0 .. 15];
        loop variant 16 - i; */
    for (i = (size_t)ctx->buflen + 1u; i < 16u; i++)
      ctx->buf[i] = 0;
    h = poly_blocks(h, poly_ctx_r(ctx), ctx->buf, 16u, 0);
  }
  poly_emit(tag, h, ctx->pad[0], ctx->pad[1]);
  qed_wipe_u64(ctx->r, 3);
  qed_wipe_u64(ctx->h, 3);
  qed_wipe_u64(ctx->pad, 2);
  qed_zeroize(ctx->buf, 16);
  ctx->buflen = 0;
  ctx->phase = 0;
  return 0;
}

/* The one-shot form works on the message in place, without a context:
 * the whole blocks, then the last partial block padded in a local buffer
 * (wiped), so a short message pays for no buffering. */
int qed_crypto_onetimeauth(uint8_t out[16], const uint8_t *in, size_t inlen,
                           const uint8_t k[32])
{
  const qed_poly1305_key r = poly_clamp(k);
  const size_t full = inlen - inlen % 16u;
  qed_poly1305_acc h = { 0, 0, 0 };
  uint8_t last[16];
  size_t i;
  h = poly_blocks(h, r, in, full, POLY_2_40);
  if (full < inlen) {
    /*@ loop invariant 0 <= i <= 16;
        loop assigns i, last[0 .. 15];
        loop variant 16 - i; */
    for (i = 0; i < 16u; i++)
      last[i] = 0;
    /*@ loop invariant 0 <= i <= inlen - full;
        loop assigns i, last[0 .. 15];
        loop variant inlen - full - i; */
    for (i = 0; i < inlen - full; i++)
      last[i] = in[full + i];
    last[inlen - full] = 1;
    h = poly_blocks(h, r, last, 16u, 0);
    qed_zeroize(last, sizeof last);
  }
  poly_emit(out, h, qed_load64_le(k + 16), qed_load64_le(k + 24));
  return 0;
}

int qed_crypto_onetimeauth_verify(const uint8_t h[16], const uint8_t *in,
                                  size_t inlen, const uint8_t k[32])
{
  uint8_t tag[16];
  int rc;
  (void)qed_crypto_onetimeauth(tag, in, inlen, k);
  rc = qed_verify_16(h, tag);
  qed_zeroize(tag, sizeof tag);
  return rc;
}

int qed_crypto_onetimeauth_init(qed_crypto_onetimeauth_state *st,
                                const uint8_t k[32])
{
  qed_poly1305_init(st, k);
  return 0;
}

int qed_crypto_onetimeauth_update(qed_crypto_onetimeauth_state *st,
                                  const uint8_t *in, size_t inlen)
{
  return qed_poly1305_update(st, in, inlen);
}

int qed_crypto_onetimeauth_final(qed_crypto_onetimeauth_state *st,
                                 uint8_t out[16])
{
  return qed_poly1305_final(st, out);
}
