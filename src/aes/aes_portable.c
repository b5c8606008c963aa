/* The bulk operations of aes_impl.h in portable C, on the bitsliced core
 * (four blocks per call of qed_aes_ct64_encrypt4/decrypt4).
 *
 * Whole groups of four blocks go straight from the caller's buffers; the
 * last 1..3 blocks go through a 64-byte local buffer.  Every input block
 * is read before the output block at the same place is written, so out ==
 * in works.  CBC encryption is sequential by nature: one block per core
 * call (a quarter of the core's throughput, as in every bitsliced AES).
 *
 * Counters: CTR mode's is the whole block, a 128-bit big-endian number
 * (two 64-bit halves, the carry computed without a comparison); GCM's is
 * the last four bytes, modulo 2^32. */
#include "aes/aes_impl.h"
#include "common/bytes.h"
#include "qed/common.h"

/* The last (< 4) blocks of an ECB pass through buf. */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires n < 4;
    requires \valid(out + (0 .. 16 * n - 1));
    requires \valid_read(in + (0 .. 16 * n - 1));
    requires out == in || \separated(out + (0 .. 16 * n - 1), in + (0 .. 16 * n - 1));
    requires \separated(out + (0 .. 16 * n - 1), ctx);
    assigns out[0 .. 16 * n - 1]; */
static void ecb_tail(const qed_aes_ctx *ctx, uint8_t *out, const uint8_t *in,
                     size_t n, int decrypt)
{
  uint8_t buf[64];
  size_t i;
  /*@ loop invariant 0 <= i <= 64;
      loop assigns i, buf[0 .. 63];
      loop variant 64 - i; */
  for (i = 0; i < 64; i++)
    buf[i] = i < 16 * n ? in[i] : 0;
  if (decrypt)
    qed_aes_ct64_decrypt4(ctx->sk, ctx->rounds, buf, buf);
  else
    qed_aes_ct64_encrypt4(ctx->sk, ctx->rounds, buf, buf);
  /*@ loop invariant 0 <= i <= 16 * n;
      loop assigns i, out[0 .. 16 * n - 1];
      loop variant 16 * n - i; */
  for (i = 0; i < 16 * n; i++)
    out[i] = buf[i];
  qed_zeroize(buf, sizeof buf);
}

/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx);
    assigns out[0 .. 16 * nblocks - 1]; */
static void ecb(const qed_aes_ctx *ctx, uint8_t *out, const uint8_t *in,
                size_t nblocks, int decrypt)
{
  size_t left = nblocks;
  /*@ loop invariant 0 <= left <= nblocks;
      loop invariant in == \at(in, Pre) + 16 * (nblocks - left);
      loop invariant out == \at(out, Pre) + 16 * (nblocks - left);
      loop assigns left, in, out, \at(out, Pre)[0 .. 16 * nblocks - 1];
      loop variant left; */
  while (left >= 4) {
    if (decrypt)
      qed_aes_ct64_decrypt4(ctx->sk, ctx->rounds, out, in);
    else
      qed_aes_ct64_encrypt4(ctx->sk, ctx->rounds, out, in);
    in += 64;
    out += 64;
    left -= 4;
  }
  ecb_tail(ctx, out, in, left, decrypt);
}

void qed_aes_encrypt_blocks_portable(const qed_aes_ctx *ctx, uint8_t *out,
                                     const uint8_t *in, size_t nblocks)
{
  ecb(ctx, out, in, nblocks, 0);
}

void qed_aes_decrypt_blocks_portable(const qed_aes_ctx *ctx, uint8_t *out,
                                     const uint8_t *in, size_t nblocks)
{
  ecb(ctx, out, in, nblocks, 1);
}

void qed_aes_cbc_encrypt_blocks_portable(const qed_aes_ctx *ctx, uint8_t *iv,
                                         uint8_t *out, const uint8_t *in,
                                         size_t nblocks)
{
  uint8_t buf[64];
  size_t left = nblocks, i;
  /*@ loop invariant 0 <= i <= 64;
      loop assigns i, buf[0 .. 63];
      loop variant 64 - i; */
  for (i = 0; i < 64; i++)
    buf[i] = i < 16 ? iv[i] : 0;
  /*@ loop invariant 0 <= left <= nblocks;
      loop invariant in == \at(in, Pre) + 16 * (nblocks - left);
      loop invariant out == \at(out, Pre) + 16 * (nblocks - left);
      loop assigns left, in, out, i, buf[0 .. 63],
                   \at(out, Pre)[0 .. 16 * nblocks - 1];
      loop variant left; */
  while (left > 0) {
    /*@ loop invariant 0 <= i <= 16;
        loop assigns i, buf[0 .. 15];
        loop variant 16 - i; */
    for (i = 0; i < 16; i++)
      buf[i] ^= in[i];
    qed_aes_ct64_encrypt4(ctx->sk, ctx->rounds, buf, buf);
    /*@ loop invariant 0 <= i <= 16;
        loop assigns i, out[0 .. 15];
        loop variant 16 - i; */
    for (i = 0; i < 16; i++)
      out[i] = buf[i];
    in += 16;
    out += 16;
    left--;
  }
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, iv[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    iv[i] = buf[i];
  qed_zeroize(buf, sizeof buf);
}

/* CBC decryption of n (1..4) blocks: the ciphertext is copied first (it
 * is the next chaining value, and out may be in). */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires 1 <= n <= 4;
    requires \valid(iv + (0 .. 15));
    requires \valid(out + (0 .. 16 * n - 1));
    requires \valid_read(in + (0 .. 16 * n - 1));
    requires out == in || \separated(out + (0 .. 16 * n - 1), in + (0 .. 16 * n - 1));
    requires \separated(out + (0 .. 16 * n - 1), ctx, iv + (0 .. 15));
    requires \separated(iv + (0 .. 15), ctx, in + (0 .. 16 * n - 1));
    assigns out[0 .. 16 * n - 1], iv[0 .. 15]; */
static void cbc_decrypt_group(const qed_aes_ctx *ctx, uint8_t *iv,
                              uint8_t *out, const uint8_t *in, size_t n)
{
  uint8_t c[80], p[64];   /* c = iv || the n ciphertext blocks */
  size_t i;
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, c[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    c[i] = iv[i];
  /*@ loop invariant 0 <= i <= 64;
      loop assigns i, c[16 .. 79];
      loop variant 64 - i; */
  for (i = 0; i < 64; i++)
    c[16 + i] = i < 16 * n ? in[i] : 0;
  qed_aes_ct64_decrypt4(ctx->sk, ctx->rounds, p, c + 16);
  /*@ loop invariant 0 <= i <= 16 * n;
      loop assigns i, out[0 .. 16 * n - 1];
      loop variant 16 * n - i; */
  for (i = 0; i < 16 * n; i++)
    out[i] = (uint8_t)(p[i] ^ c[i]);
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, iv[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    iv[i] = c[16 * n + i];
  qed_zeroize(p, sizeof p);
}

void qed_aes_cbc_decrypt_blocks_portable(const qed_aes_ctx *ctx, uint8_t *iv,
                                         uint8_t *out, const uint8_t *in,
                                         size_t nblocks)
{
  size_t left = nblocks;
  /*@ loop invariant 0 <= left <= nblocks;
      loop invariant in == \at(in, Pre) + 16 * (nblocks - left);
      loop invariant out == \at(out, Pre) + 16 * (nblocks - left);
      loop assigns left, in, out, iv[0 .. 15],
                   \at(out, Pre)[0 .. 16 * nblocks - 1];
      loop variant left; */
  while (left > 0) {
    size_t n = left < 4 ? left : 4;
    cbc_decrypt_group(ctx, iv, out, in, n);
    in += 16 * n;
    out += 16 * n;
    left -= n;
  }
}

/* ---- counters ---- */

/* ctr += 1 modulo 2^128 (width 128) or its last four bytes += 1 modulo
 * 2^32 (width 32); no branch and no comparison on the value. */
/*@ requires \valid(ctr + (0 .. 15));
    assigns ctr[0 .. 15]; */
static void ctr_next(uint8_t *ctr, int width32)
{
  if (width32) {
    qed_store32_be(ctr + 12, qed_load32_be(ctr + 12) + 1u);
  } else {
    uint64_t hi = qed_load64_be(ctr), lo = qed_load64_be(ctr + 8) + 1u;
    hi += 1u ^ ((lo | (0u - lo)) >> 63);     /* carry: lo wrapped to 0 */
    qed_store64_be(ctr, hi);
    qed_store64_be(ctr + 8, lo);
  }
}

/* out = in XOR keystream for n (1..4) blocks, counter advanced by n.
 * The four counter blocks are written as two big-endian words each (the
 * slots past n hold further counter values, encrypted and discarded); the
 * keystream is XORed eight bytes at a time. */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires 1 <= n <= 4;
    requires \valid(ctr + (0 .. 15));
    requires \valid(out + (0 .. 16 * n - 1));
    requires \valid_read(in + (0 .. 16 * n - 1));
    requires out == in || \separated(out + (0 .. 16 * n - 1), in + (0 .. 16 * n - 1));
    requires \separated(out + (0 .. 16 * n - 1), ctx, ctr + (0 .. 15));
    requires \separated(ctr + (0 .. 15), ctx, in + (0 .. 16 * n - 1));
    assigns out[0 .. 16 * n - 1], ctr[0 .. 15]; */
static void ctr_group(const qed_aes_ctx *ctx, uint8_t *ctr, uint8_t *out,
                      const uint8_t *in, size_t n, int width32)
{
  uint8_t ks[64];
  size_t i, b;
  /*@ loop invariant 0 <= b <= 4;
      loop assigns b, ks[0 .. 63], ctr[0 .. 15];
      loop variant 4 - b; */
  for (b = 0; b < 4; b++) {
    qed_store64_be(ks + 16 * b, qed_load64_be(ctr));
    qed_store64_be(ks + 16 * b + 8, qed_load64_be(ctr + 8));
    if (b < n)
      ctr_next(ctr, width32);
  }
  qed_aes_ct64_encrypt4(ctx->sk, ctx->rounds, ks, ks);
  /*@ loop invariant 0 <= i <= 2 * n;
      loop assigns i, out[0 .. 16 * n - 1];
      loop variant 2 * n - i; */
  for (i = 0; i < 2 * n; i++)
    qed_store64_le(out + 8 * i, qed_load64_le(in + 8 * i) ^ qed_load64_le(ks + 8 * i));
  qed_zeroize(ks, sizeof ks);
}

/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(ctr + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, ctr + (0 .. 15));
    requires \separated(ctr + (0 .. 15), ctx, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], ctr[0 .. 15]; */
static void ctr_blocks(const qed_aes_ctx *ctx, uint8_t *ctr, uint8_t *out,
                       const uint8_t *in, size_t nblocks, int width32)
{
  size_t left = nblocks;
  /*@ loop invariant 0 <= left <= nblocks;
      loop invariant in == \at(in, Pre) + 16 * (nblocks - left);
      loop invariant out == \at(out, Pre) + 16 * (nblocks - left);
      loop assigns left, in, out, ctr[0 .. 15],
                   \at(out, Pre)[0 .. 16 * nblocks - 1];
      loop variant left; */
  while (left > 0) {
    size_t n = left < 4 ? left : 4;
    ctr_group(ctx, ctr, out, in, n, width32);
    in += 16 * n;
    out += 16 * n;
    left -= n;
  }
}

void qed_aes_ctr128_blocks_portable(const qed_aes_ctx *ctx, uint8_t *ctr,
                                    uint8_t *out, const uint8_t *in,
                                    size_t nblocks)
{
  ctr_blocks(ctx, ctr, out, in, nblocks, 0);
}

void qed_aes_ctr32_blocks_portable(const qed_aes_ctx *ctx, uint8_t *ctr,
                                   uint8_t *out, const uint8_t *in,
                                   size_t nblocks)
{
  ctr_blocks(ctx, ctr, out, in, nblocks, 1);
}

/* ---- GCM's output mask ----
 * p[i] &= mask for every i, eight bytes at a time.  The mask is read back
 * through a volatile lvalue, so the compiler cannot know its value and
 * cannot turn the loop into a branch on the verdict (a memset or nothing);
 * the stores go to the caller's buffer, so they cannot be dropped.  (The
 * hardware backends AND 16 bytes at a time.) */
void qed_aes_mask_bytes_portable(uint8_t *p, size_t len, uint8_t mask)
{
  volatile uint8_t vmask = mask;
  const uint8_t m8 = vmask;
  const uint64_t m64 = (uint64_t)m8 * 0x0101010101010101u;
  size_t i = 0;
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, p[0 .. len - 1];
      loop variant len - i; */
  while (len - i >= 8) {
    qed_store64_le(p + i, qed_load64_le(p + i) & m64);
    i += 8;
  }
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, p[0 .. len - 1];
      loop variant len - i; */
  while (i < len) {
    p[i] = (uint8_t)(p[i] & m8);
    i++;
  }
}
