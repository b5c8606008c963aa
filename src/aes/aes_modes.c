/* The public ECB, CBC, CBC-PKCS#7 and CTR functions of qed/aes.h, on the
 * bulk operations of aes_impl.h (which pick the backend).
 *
 * PKCS#7 decryption is constant time in the plaintext and the padding:
 * the last block is decrypted first, into a local buffer; the padding
 * verdict is computed from all 16 of its bytes with masks; then every
 * block is decrypted into a local buffer and written back through a mask
 * that keeps the old byte of out unless the padding is good and the byte
 * is plaintext.  So a bad padding changes no byte of out (in place: the
 * ciphertext stays), and neither the verdict nor the padding length steers
 * a branch or an address.  Only the returned verdict and *outlen (0 on
 * failure) tell them. */
#include "qed/aes.h"
#include "qed/common.h"
#include "aes/aes_impl.h"

void qed_aes_ecb_encrypt(const qed_aes_ctx *ctx, uint8_t *out,
                         const uint8_t *in, size_t nblocks)
{
  qed_aes_encrypt_blocks(ctx, out, in, nblocks);
}

void qed_aes_ecb_decrypt(const qed_aes_ctx *ctx, uint8_t *out,
                         const uint8_t *in, size_t nblocks)
{
  qed_aes_decrypt_blocks(ctx, out, in, nblocks);
}

int qed_aes_cbc_encrypt(const qed_aes_ctx *ctx, uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, size_t len)
{
  if (len % 16 != 0) {
    qed_zeroize(out, len);
    return -1;
  }
  qed_aes_cbc_encrypt_blocks(ctx, iv, out, in, len / 16);
  return 0;
}

int qed_aes_cbc_decrypt(const qed_aes_ctx *ctx, uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, size_t len)
{
  if (len % 16 != 0) {
    qed_zeroize(out, len);
    return -1;
  }
  qed_aes_cbc_decrypt_blocks(ctx, iv, out, in, len / 16);
  return 0;
}

/* ---- PKCS#7 ---- */

int qed_aes_cbc_pkcs7_encrypt(const qed_aes_ctx *ctx, const uint8_t iv[16],
                              uint8_t *out, size_t *outlen, const uint8_t *in,
                              size_t inlen)
{
  uint8_t v[16], last[16];
  size_t full, rem, i;

  if (inlen > SIZE_MAX - 16) {
    *outlen = 0;
    return -1;
  }
  full = inlen / 16;
  rem = inlen % 16;
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, v[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    v[i] = iv[i];
  qed_aes_cbc_encrypt_blocks(ctx, v, out, in, full);
  /* The last block: the rem remaining bytes, then 16 - rem bytes of value
   * 16 - rem (read before out is written: out == in works). */
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, last[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    last[i] = i < rem ? in[16 * full + i] : (uint8_t)(16 - rem);
  qed_aes_cbc_encrypt_blocks(ctx, v, out + 16 * full, last, 1);
  *outlen = 16 * full + 16;
  qed_zeroize(last, sizeof last);
  return 0;
}

/* 1 if x < y, else 0; x, y < 2^63; no branch.  The difference is taken
 * in 64 bits whatever the width of size_t (a 32-bit size_t shifted by 63
 * would be undefined), so its top bit is the borrow. */
/*@ assigns \nothing;
    ensures \result <= 1; */
static size_t ct_lt(size_t x, size_t y)
{
  return (size_t)((((uint64_t)x - (uint64_t)y) >> 63) & 1u);
}

/* The padding verdict of the decrypted last block: 1 if it ends with n
 * bytes of value n, 1 <= n <= 16, else 0.  Every byte is examined. */
/*@ requires \valid_read(last + (0 .. 15));
    assigns \nothing;
    ensures \result <= 1; */
static uint32_t pad_ok(const uint8_t *last)
{
  uint32_t n = last[15], bad = 0, j;
  /*@ loop invariant 0 <= j <= 16;
      loop assigns j, bad;
      loop variant 16 - j; */
  for (j = 0; j < 16; j++) {
    uint32_t in_pad = ((j - n) >> 31) & 1u;           /* j < n */
    bad |= (0u - in_pad) & (uint32_t)(last[15 - j] ^ n) & 0xffu;
  }
  return ((0u - n) >> 31)             /* n >= 1         */
       & ((n - 17u) >> 31)            /* n <= 16        */
       & ((bad - 1u) >> 31)           /* bad == 0       */
       & 1u;
}

int qed_aes_cbc_pkcs7_decrypt(const qed_aes_ctx *ctx, const uint8_t iv[16],
                              uint8_t *out, size_t *outlen, const uint8_t *in,
                              size_t inlen)
{
  uint8_t v[16], last[16], buf[256];
  size_t i, done, keep_len, okmask;
  volatile size_t keep_v;
  uint32_t ok;

  if (inlen == 0 || inlen % 16 != 0) {
    *outlen = 0;
    return -1;
  }
  /* The last block, decrypted alone: its chaining value is the block
   * before it, or the IV. */
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, last[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    last[i] = in[inlen - 16 + i];
  qed_aes_decrypt_blocks(ctx, last, last, 1);
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, last[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    last[i] ^= inlen == 16 ? iv[i] : in[inlen - 32 + i];
  ok = pad_ok(last);
  okmask = 0u - (size_t)ok;
  keep_len = (inlen - last[15]) & okmask;          /* 0 when bad */

  /* Every block again, in chunks of 16 through buf; a byte of out takes
   * the plaintext only where ok and before keep_len.  keep_len is read
   * through a volatile copy in the loop: otherwise gcc -O2 folds the
   * comparison into the loop's induction variable and the addresses of
   * buf and out (and the loop exit) are computed from the secret. */
  keep_v = keep_len;
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, v[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    v[i] = iv[i];
  done = 0;
  /*@ loop invariant 0 <= done <= inlen;
      loop invariant done % 16 == 0;
      loop assigns done, i, v[0 .. 15], buf[0 .. 255], out[0 .. inlen - 1];
      loop variant inlen - done; */
  while (done < inlen) {
    size_t n = inlen - done < 256 ? inlen - done : 256;
    qed_aes_cbc_decrypt_blocks(ctx, v, buf, in + done, n / 16);
    /*@ loop invariant 0 <= i <= n;
        loop assigns i, out[done .. done + n - 1];
        loop variant n - i; */
    for (i = 0; i < n; i++) {
      uint8_t m = (uint8_t)(0u - ct_lt(done + i, keep_v));
      out[done + i] = (uint8_t)((buf[i] & m) | (out[done + i] & (uint8_t)~m));
    }
    done += n;
  }
  *outlen = keep_len;
  qed_zeroize(buf, sizeof buf);
  qed_zeroize(last, sizeof last);
  return (int)ok - 1;
}

/* ---- CTR ---- */

/* The last len (< 16) bytes: one counter block through a local buffer. */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires len < 16;
    requires \valid(ctr + (0 .. 15));
    requires \valid(out + (0 .. len - 1));
    requires \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \separated(out + (0 .. len - 1), ctx, ctr + (0 .. 15));
    requires \separated(ctr + (0 .. 15), ctx, in + (0 .. len - 1));
    assigns out[0 .. len - 1], ctr[0 .. 15]; */
static void ctr_tail(const qed_aes_ctx *ctx, uint8_t *ctr, uint8_t *out,
                     const uint8_t *in, size_t len)
{
  uint8_t b[16];
  size_t i;
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, b[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    b[i] = i < len ? in[i] : 0;
  qed_aes_ctr128_blocks(ctx, ctr, b, b, 1);
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, out[0 .. len - 1];
      loop variant len - i; */
  for (i = 0; i < len; i++)
    out[i] = b[i];
  qed_zeroize(b, sizeof b);
}

void qed_aes_ctr_xor(const qed_aes_ctx *ctx, uint8_t ctr[16], uint8_t *out,
                     const uint8_t *in, size_t len)
{
  const size_t full = len / 16;
  qed_aes_ctr128_blocks(ctx, ctr, out, in, full);
  if (len % 16 != 0)
    ctr_tail(ctx, ctr, out + 16 * full, in + 16 * full, len % 16);
}

void qed_aes_ctr_init(qed_aes_ctr_state *st, const uint8_t ctr[16])
{
  size_t i;
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, st->ctr[0 .. 15], st->ks[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++) {
    st->ctr[i] = ctr[i];
    st->ks[i] = 0;
  }
  st->pos = 16;
}

void qed_aes_ctr_update(qed_aes_ctr_state *st, const qed_aes_ctx *ctx,
                        uint8_t *out, const uint8_t *in, size_t len)
{
  size_t i = 0, full, rem, k;
  /* First the rest of the block in progress. */
  /*@ loop invariant 0 <= i <= len;
      loop invariant st->pos <= 16;
      loop assigns i, st->pos, out[0 .. len - 1];
      loop variant len - i; */
  while (i < len && st->pos < 16) {
    out[i] = (uint8_t)(in[i] ^ st->ks[st->pos]);
    st->pos++;
    i++;
  }
  rem = (len - i) % 16;
  full = (len - i) / 16;
  qed_aes_ctr128_blocks(ctx, st->ctr, out + i, in + i, full);
  i += 16 * full;
  if (rem != 0) {
    /*@ loop invariant 0 <= k <= 16;
        loop assigns k, st->ks[0 .. 15];
        loop variant 16 - k; */
    for (k = 0; k < 16; k++)
      st->ks[k] = 0;
    qed_aes_ctr128_blocks(ctx, st->ctr, st->ks, st->ks, 1);
    /*@ loop invariant 0 <= k <= rem;
        loop assigns k, out[i .. i + rem - 1];
        loop variant rem - k; */
    for (k = 0; k < rem; k++)
      out[i + k] = (uint8_t)(in[i + k] ^ st->ks[k]);
    st->pos = (uint32_t)rem;
  }
}

void qed_aes_ctr_wipe(qed_aes_ctr_state *st)
{
  qed_zeroize(st->ctr, sizeof st->ctr);
  qed_zeroize(st->ks, sizeof st->ks);
  st->pos = 16;
}
