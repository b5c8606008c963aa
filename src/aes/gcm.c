/* AES-GCM (SP 800-38D), streaming and one-shot.
 *
 *   H   = E(K, 0^128)
 *   J0  = IV || 0^31 || 1                         if len(IV) = 96 bits
 *       = GHASH_H(IV || 0^(s+64) || [len(IV)]_64)  otherwise
 *   C   = M XOR the keystream E(K, inc32(J0)), E(K, inc32^2(J0)), ...
 *   tag = E(K, J0) XOR GHASH_H(A || 0^v || C || 0^u || [len(A)]_64 || [len(C)]_64)
 *
 * The state buffers a partial GHASH block (AD, then ciphertext) and the
 * keystream of a partial block, so any split of AD and message gives the
 * one-shot bytes.  On a block boundary the whole blocks go to
 * qed_aes_gcm_blocks in one call (CTR and GHASH of the ciphertext,
 * interleaved on AES-NI); otherwise in chunks: GHASH and CTR of a chunk
 * while it is in cache (for decryption GHASH first: in place, the
 * ciphertext is gone once CTR has run), which brings the stream back to a
 * block boundary.
 *
 * One-shot decryption runs the same code, then keeps or zeroes the whole
 * plaintext through a mask built from the constant-time tag comparison:
 * no branch on the verdict inside the library. */
#include "qed/aes.h"
#include "qed/common.h"
#include "aes/aes_impl.h"
#include "common/bytes.h"
#include "common/zeroize.h"

#define PHASE_AD      1u
#define PHASE_ENCRYPT 2u
#define PHASE_DECRYPT 3u
#define CHUNK         512u

/*@ requires \valid(st);
    assigns *st;
    ensures qed_gcm_sane(st) && st->phase == 0; */
static void state_clear(qed_aes_gcm_state *st)
{
  qed_wipe_u64(st->key.hw, 32);
  st->key.h[0] = 0;
  st->key.h[1] = 0;
  qed_zeroize(st->y, 16);
  qed_zeroize(st->ek0, 16);
  qed_zeroize(st->ctr, 16);
  qed_zeroize(st->ks, 16);
  qed_zeroize(st->buf, 16);
  st->adlen = 0;
  st->mlen = 0;
  st->bufpos = 0;
  st->kspos = 16;
  st->phase = 0;
}

/* GHASH over p[0 .. len-1], through the partial block in st->buf. */
/*@ requires \valid(st) && qed_gcm_sane(st);
    requires \valid_read(p + (0 .. len - 1));
    requires \separated(st, p + (0 .. len - 1));
    assigns st->y[0 .. 15], st->buf[0 .. 15], st->bufpos;
    ensures qed_gcm_sane(st); */
static void absorb(qed_aes_gcm_state *st, const uint8_t *p, size_t len)
{
  size_t i = 0, full;
  /*@ loop invariant 0 <= i <= len;
      loop invariant st->bufpos < 16;
      loop assigns i, st->y[0 .. 15], st->buf[0 .. 15], st->bufpos;
      loop variant len - i; */
  while (i < len && st->bufpos != 0) {
    st->buf[st->bufpos] = p[i];
    i++;
    if (st->bufpos == 15) {
      qed_ghash_blocks(&st->key, st->y, st->buf, 1);
      st->bufpos = 0;
    } else {
      st->bufpos++;
    }
  }
  full = (len - i) / 16;
  qed_ghash_blocks(&st->key, st->y, p + i, full);
  i += 16 * full;
  /*@ loop invariant 0 <= i <= len;
      loop invariant st->bufpos < 16;
      loop invariant st->bufpos + (len - i) < 16;
      loop assigns i, st->buf[0 .. 15], st->bufpos;
      loop variant len - i; */
  while (i < len) {
    st->buf[st->bufpos] = p[i];
    st->bufpos++;
    i++;
  }
}

/* Zero-pad and hash a partial block, if there is one. */
/*@ requires \valid(st) && qed_gcm_sane(st);
    assigns st->y[0 .. 15], st->buf[0 .. 15], st->bufpos;
    ensures qed_gcm_sane(st) && st->bufpos == 0; */
static void flush(qed_aes_gcm_state *st)
{
  if (st->bufpos != 0) {
    uint32_t i;
    /*@ loop invariant st->bufpos <= i <= 16;
        loop assigns i, st->buf[0 .. 15];
        loop variant 16 - i; */
    for (i = st->bufpos; i < 16; i++)
      st->buf[i] = 0;
    qed_ghash_blocks(&st->key, st->y, st->buf, 1);
    st->bufpos = 0;
  }
}

int qed_aes_gcm_init(qed_aes_gcm_state *st, const qed_aes_ctx *ctx,
                     const uint8_t *iv, size_t ivlen)
{
  uint8_t h[16], j0[16];
  size_t i;

  state_clear(st);
  if (ivlen == 0 || ivlen > QED_AES_GCM_MAX_AD)
    return -1;
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, h[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    h[i] = 0;
  qed_aes_encrypt_blocks(ctx, h, h, 1);
  qed_ghash_key_init(&st->key, h);
  qed_zeroize(h, sizeof h);

  if (ivlen == 12) {
    /*@ loop invariant 0 <= i <= 12;
        loop assigns i, j0[0 .. 11];
        loop variant 12 - i; */
    for (i = 0; i < 12; i++)
      j0[i] = iv[i];
    qed_store32_be(j0 + 12, 1);
  } else {
    /* GHASH(IV || 0^(s+64) || [len(IV)]_64), in st->y (zero) */
    absorb(st, iv, ivlen);
    flush(st);
    qed_store64_be(st->buf, 0);
    qed_store64_be(st->buf + 8, (uint64_t)ivlen * 8u);
    qed_ghash_blocks(&st->key, st->y, st->buf, 1);
    /*@ loop invariant 0 <= i <= 16;
        loop assigns i, j0[0 .. 15], st->y[0 .. 15], st->buf[0 .. 15];
        loop variant 16 - i; */
    for (i = 0; i < 16; i++) {
      j0[i] = st->y[i];
      st->y[i] = 0;
      st->buf[i] = 0;
    }
  }
  qed_aes_encrypt_blocks(ctx, st->ek0, j0, 1);
  qed_store32_be(j0 + 12, qed_load32_be(j0 + 12) + 1u);
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, st->ctr[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    st->ctr[i] = j0[i];
  st->phase = PHASE_AD;
  return 0;
}

int qed_aes_gcm_update_ad(qed_aes_gcm_state *st, const uint8_t *ad,
                          size_t adlen)
{
  if (st->phase != PHASE_AD || adlen > QED_AES_GCM_MAX_AD - st->adlen ||
      st->adlen > QED_AES_GCM_MAX_AD) {
    st->phase = 0;
    return -1;
  }
  st->adlen += adlen;
  absorb(st, ad, adlen);
  return 0;
}

/* out = in XOR the keystream, GCM's 32-bit counter, through st->ks for
 * partial blocks. */
/*@ requires \valid(st) && qed_gcm_sane(st);
    requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. len - 1));
    requires \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \separated(out + (0 .. len - 1), ctx, st);
    requires \separated(st, ctx, in + (0 .. len - 1));
    assigns out[0 .. len - 1], st->ctr[0 .. 15], st->ks[0 .. 15], st->kspos;
    ensures qed_gcm_sane(st); */
static void keystream(qed_aes_gcm_state *st, const qed_aes_ctx *ctx,
                      uint8_t *out, const uint8_t *in, size_t len)
{
  size_t i = 0, full, rem, k;
  /*@ loop invariant 0 <= i <= len;
      loop invariant st->kspos <= 16;
      loop assigns i, st->kspos, out[0 .. len - 1];
      loop variant len - i; */
  while (i < len && st->kspos < 16) {
    out[i] = (uint8_t)(in[i] ^ st->ks[st->kspos]);
    st->kspos++;
    i++;
  }
  rem = (len - i) % 16;
  full = (len - i) / 16;
  qed_aes_ctr32_blocks(ctx, st->ctr, out + i, in + i, full);
  i += 16 * full;
  if (rem != 0) {
    /*@ loop invariant 0 <= k <= 16;
        loop assigns k, st->ks[0 .. 15];
        loop variant 16 - k; */
    for (k = 0; k < 16; k++)
      st->ks[k] = 0;
    qed_aes_ctr32_blocks(ctx, st->ctr, st->ks, st->ks, 1);
    /*@ loop invariant 0 <= k <= rem;
        loop assigns k, out[i .. i + rem - 1];
        loop variant rem - k; */
    for (k = 0; k < rem; k++)
      out[i + k] = (uint8_t)(in[i + k] ^ st->ks[k]);
    st->kspos = (uint32_t)rem;
  }
}

/* The message pieces of both directions: GHASH runs over the ciphertext,
 * which is out when encrypting and in when decrypting. */
/*@ requires \valid(st) && qed_gcm_sane(st);
    requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. len - 1));
    requires \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \separated(out + (0 .. len - 1), ctx, st);
    requires \separated(st, ctx, in + (0 .. len - 1));
    requires phase == PHASE_ENCRYPT || phase == PHASE_DECRYPT;
    assigns out[0 .. len - 1], *st;
    ensures qed_gcm_sane(st);
    ensures \result == 0 || \result == -1; */
static int update(qed_aes_gcm_state *st, const qed_aes_ctx *ctx, uint8_t *out,
                  const uint8_t *in, size_t len, uint32_t phase)
{
  size_t done = 0;
  if (st->phase == PHASE_AD) {
    flush(st);
    st->phase = phase;
  }
  if (st->phase != phase || len > QED_AES_GCM_MAX_MESSAGE - st->mlen ||
      st->mlen > QED_AES_GCM_MAX_MESSAGE) {
    qed_zeroize(out, len);
    st->phase = 0;
    return -1;
  }
  st->mlen += len;
  /*@ loop invariant 0 <= done <= len;
      loop invariant qed_gcm_sane(st);
      loop assigns done, out[0 .. len - 1], st->y[0 .. 15], st->buf[0 .. 15],
                   st->bufpos, st->ctr[0 .. 15], st->ks[0 .. 15], st->kspos;
      loop variant len - done; */
  while (done < len) {
    size_t n = len - done < CHUNK ? len - done : CHUNK;
    if (st->bufpos == 0 && st->kspos == 16 && len - done >= 16) {
      /* on a block boundary: every whole block in one fused pass */
      n = 16 * ((len - done) / 16);
      qed_aes_gcm_blocks(ctx, &st->key, st->y, st->ctr, out + done,
                         in + done, n / 16, phase == PHASE_DECRYPT);
    } else {
      if (phase == PHASE_DECRYPT)
        absorb(st, in + done, n);
      keystream(st, ctx, out + done, in + done, n);
      if (phase == PHASE_ENCRYPT)
        absorb(st, out + done, n);
    }
    done += n;
  }
  return 0;
}

int qed_aes_gcm_encrypt_update(qed_aes_gcm_state *st, const qed_aes_ctx *ctx,
                               uint8_t *out, const uint8_t *in, size_t len)
{
  return update(st, ctx, out, in, len, PHASE_ENCRYPT);
}

int qed_aes_gcm_decrypt_update(qed_aes_gcm_state *st, const qed_aes_ctx *ctx,
                               uint8_t *out, const uint8_t *in, size_t len)
{
  return update(st, ctx, out, in, len, PHASE_DECRYPT);
}

/* The tag into t[0 .. 15], if the state is in AD or in phase; -1 if not.
 * The state is wiped either way. */
/*@ requires \valid(st) && qed_gcm_sane(st) && \valid(t + (0 .. 15));
    requires \separated(st, t + (0 .. 15));
    assigns *st, t[0 .. 15];
    ensures \result == 0 || \result == -1; */
static int finish(qed_aes_gcm_state *st, uint8_t *t, uint32_t phase)
{
  size_t i;
  int r = -1;
  if (st->phase == PHASE_AD || st->phase == phase) {
    flush(st);
    qed_store64_be(st->buf, st->adlen * 8u);
    qed_store64_be(st->buf + 8, st->mlen * 8u);
    qed_ghash_blocks(&st->key, st->y, st->buf, 1);
    /*@ loop invariant 0 <= i <= 16;
        loop assigns i, t[0 .. 15];
        loop variant 16 - i; */
    for (i = 0; i < 16; i++)
      t[i] = (uint8_t)(st->y[i] ^ st->ek0[i]);
    r = 0;
  } else {
    qed_zeroize(t, 16);
  }
  state_clear(st);
  return r;
}

int qed_aes_gcm_encrypt_final(qed_aes_gcm_state *st, uint8_t tag[16])
{
  return finish(st, tag, PHASE_ENCRYPT);
}

int qed_aes_gcm_decrypt_final(qed_aes_gcm_state *st, const uint8_t tag[16])
{
  uint8_t t[16];
  int r = finish(st, t, PHASE_DECRYPT);
  int v;
  if (r != 0)
    return -1;
  v = qed_verify_16(t, tag);
  qed_zeroize(t, sizeof t);
  return v;
}

/* ---- one-shot ---- */

int qed_aes_gcm_encrypt(const qed_aes_ctx *ctx, uint8_t *c, uint8_t tag[16],
                        const uint8_t *m, size_t mlen, const uint8_t *ad,
                        size_t adlen, const uint8_t *iv, size_t ivlen)
{
  qed_aes_gcm_state st;
  if (mlen > QED_AES_GCM_MAX_MESSAGE || adlen > QED_AES_GCM_MAX_AD ||
      qed_aes_gcm_init(&st, ctx, iv, ivlen) != 0) {
    qed_zeroize(c, mlen);
    qed_zeroize(tag, 16);
    return -1;
  }
  (void)qed_aes_gcm_update_ad(&st, ad, adlen);
  (void)qed_aes_gcm_encrypt_update(&st, ctx, c, m, mlen);
  return qed_aes_gcm_encrypt_final(&st, tag);
}

int qed_aes_gcm_decrypt(const qed_aes_ctx *ctx, uint8_t *m, const uint8_t *c,
                        size_t clen, const uint8_t tag[16], const uint8_t *ad,
                        size_t adlen, const uint8_t *iv, size_t ivlen)
{
  qed_aes_gcm_state st;
  int r;
  if (clen > QED_AES_GCM_MAX_MESSAGE || adlen > QED_AES_GCM_MAX_AD ||
      qed_aes_gcm_init(&st, ctx, iv, ivlen) != 0) {
    qed_zeroize(m, clen);
    return -1;
  }
  (void)qed_aes_gcm_update_ad(&st, ad, adlen);
  (void)qed_aes_gcm_decrypt_update(&st, ctx, m, c, clen);
  r = qed_aes_gcm_decrypt_final(&st, tag);
  /* r is 0 or -1: keep the plaintext (mask 0xff) or zero it (0x00). */
  qed_aes_mask_bytes(m, clen, (uint8_t)(0u - (unsigned)(r + 1)));
  return r;
}
