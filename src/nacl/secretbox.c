/* crypto_secretbox: XSalsa20 + Poly1305 (NaCl's secret-key authenticated
 * encryption), in NaCl's padded form and libsodium's "easy" form.
 *
 * Keystream of XSalsa20(k, n): bytes 0..31 are the one-time Poly1305 key,
 * bytes 32.. encrypt the message.  NaCl's form: m starts with 32 zero
 * bytes, c = 16 zero bytes || tag || ciphertext, the tag over the
 * ciphertext under c[0 .. 31] (= keystream when m's padding is zero, as
 * TweetNaCl and libsodium compute it).  Easy form: c = tag || ciphertext.
 *
 * Opening: the tag is checked first, in constant time; the decryption then
 * runs whatever the verdict (no branch on it), and its output is ANDed
 * with a mask that is all ones for a good tag and zero for a bad one, so a
 * forged box leaves only zeros.  The subkey, the first keystream block and
 * the Poly1305 key are wiped before return. */
#include "qed/nacl.h"
#include "qed/common.h"
#include "nacl/salsa20.h"

/* sub = HSalsa20(k, n[0 .. 15]); block0 = keystream block 0 of XSalsa20. */
/*@ requires \valid(sub + (0 .. 31)) && \valid(block0 + (0 .. 63));
    requires \separated(sub + (0 .. 31), block0 + (0 .. 63));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    assigns sub[0 .. 31], block0[0 .. 63]; */
static void box_keystream_start(uint8_t sub[32], uint8_t block0[64],
                                const uint8_t n[24], const uint8_t k[32])
{
  unsigned i;
  qed_hsalsa20(sub, n, k, NULL);
  /*@ loop invariant 0 <= i <= 64;
      loop assigns i, block0[0 .. 63];
      loop variant 64 - i; */
  for (i = 0; i < 64; i++)
    block0[i] = 0;
  qed_salsa20_xor(block0, block0, 64, n + 16, 0, sub, 20);
}

/* out[i] = in[i] ^ keystream[32 + i], i < len: block 0's second half, then
 * blocks 1, 2, ... */
/*@ requires \valid(out + (0 .. len - 1)) && \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \valid_read(block0 + (0 .. 63));
    requires \valid_read(n8 + (0 .. 7)) && \valid_read(sub + (0 .. 31));
    requires \separated(out + (0 .. len - 1), block0 + (0 .. 63));
    assigns out[0 .. len - 1]; */
static void box_xor_from32(uint8_t *out, const uint8_t *in, size_t len,
                           const uint8_t block0[64], const uint8_t n8[8],
                           const uint8_t sub[32])
{
  const size_t head = len < 32 ? len : 32;
  size_t i;
  /*@ loop invariant 0 <= i <= head;
      loop assigns i, out[0 .. head - 1];
      loop variant head - i; */
  for (i = 0; i < head; i++)
    out[i] = (uint8_t)(in[i] ^ block0[32 + i]);
  if (len > 32)
    qed_salsa20_xor(out + 32, in + 32, len - 32, n8, 1, sub, 20);
}

/* p[i] &= mask for i < len (mask 0xff keeps, 0x00 clears). */
/*@ requires \valid(p + (0 .. len - 1));
    assigns p[0 .. len - 1]; */
static void box_mask(uint8_t *p, size_t len, uint8_t mask)
{
  size_t i;
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, p[0 .. len - 1];
      loop variant len - i; */
  for (i = 0; i < len; i++)
    p[i] = (uint8_t)(p[i] & mask);
}

/* 0xff when r == 0, 0x00 when r == -1 (no branch). */
/*@ requires r == 0 || r == -1;
    assigns \nothing;
    ensures r == 0 ==> \result == 0xff;
    ensures r == -1 ==> \result == 0; */
static uint8_t box_keep_mask(int r)
{
  return (uint8_t)((unsigned)(r + 1) * 0xffu);
}

int qed_crypto_secretbox(uint8_t *c, const uint8_t *m, size_t mlen,
                         const uint8_t n[24], const uint8_t k[32])
{
  uint8_t sub[32], block0[64], key[32];
  size_t i;
  if (mlen < 32) {
    qed_zeroize(c, mlen);
    return -1;
  }
  box_keystream_start(sub, block0, n, k);
  /*@ loop invariant 0 <= i <= 32;
      loop assigns i, c[0 .. 31];
      loop variant 32 - i; */
  for (i = 0; i < 32; i++)
    c[i] = (uint8_t)(m[i] ^ block0[i]);
  box_xor_from32(c + 32, m + 32, mlen - 32, block0, n + 16, sub);
  /*@ loop invariant 0 <= i <= 32;
      loop assigns i, key[0 .. 31];
      loop variant 32 - i; */
  for (i = 0; i < 32; i++)
    key[i] = c[i];
  (void)qed_crypto_onetimeauth(c + 16, c + 32, mlen - 32, key);
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, c[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    c[i] = 0;
  qed_zeroize(key, sizeof key);
  qed_zeroize(block0, sizeof block0);
  qed_zeroize(sub, sizeof sub);
  return 0;
}

int qed_crypto_secretbox_open(uint8_t *m, const uint8_t *c, size_t clen,
                              const uint8_t n[24], const uint8_t k[32])
{
  uint8_t sub[32], block0[64];
  size_t i;
  int r;
  if (clen < 32) {
    qed_zeroize(m, clen);
    return -1;
  }
  box_keystream_start(sub, block0, n, k);
  r = qed_crypto_onetimeauth_verify(c + 16, c + 32, clen - 32, block0);
  box_xor_from32(m + 32, c + 32, clen - 32, block0, n + 16, sub);
  /*@ loop invariant 0 <= i <= 32;
      loop assigns i, m[0 .. 31];
      loop variant 32 - i; */
  for (i = 0; i < 32; i++)
    m[i] = 0;
  box_mask(m + 32, clen - 32, box_keep_mask(r));
  qed_zeroize(block0, sizeof block0);
  qed_zeroize(sub, sizeof sub);
  return r;
}

int qed_crypto_secretbox_easy(uint8_t *c, const uint8_t *m, size_t mlen,
                              const uint8_t n[24], const uint8_t k[32])
{
  uint8_t sub[32], block0[64];
  uint8_t *const body = c + 16;
  size_t i;
  box_keystream_start(sub, block0, n, k);
  if ((const uint8_t *)c == m) {
    /* in place: the message moves up by 16 bytes (last byte first) to
     * make room for the tag, and is then encrypted where it is */
    /*@ loop invariant 0 <= i <= mlen;
        loop assigns i, body[0 .. mlen - 1];
        loop variant i; */
    for (i = mlen; i > 0; i--)
      body[i - 1] = c[i - 1];
    box_xor_from32(body, body, mlen, block0, n + 16, sub);
  } else {
    box_xor_from32(body, m, mlen, block0, n + 16, sub);
  }
  (void)qed_crypto_onetimeauth(c, body, mlen, block0);
  qed_zeroize(block0, sizeof block0);
  qed_zeroize(sub, sizeof sub);
  return 0;
}

int qed_crypto_secretbox_open_easy(uint8_t *m, const uint8_t *c, size_t clen,
                                   const uint8_t n[24], const uint8_t k[32])
{
  uint8_t sub[32], block0[64];
  size_t mlen, i;
  int r;
  if (clen < 16)
    return -1;
  mlen = clen - 16;
  box_keystream_start(sub, block0, n, k);
  r = qed_crypto_onetimeauth_verify(c, c + 16, mlen, block0);
  if ((const uint8_t *)m == c) {
    /* in place: decrypt where the ciphertext is, then move it down over
     * the tag (first byte first) */
    box_xor_from32(m + 16, m + 16, mlen, block0, n + 16, sub);
    /*@ loop invariant 0 <= i <= mlen;
        loop assigns i, m[0 .. mlen - 1];
        loop variant mlen - i; */
    for (i = 0; i < mlen; i++)
      m[i] = m[16 + i];
    /* the last 16 bytes keep a copy of the end of the plaintext: a forged
     * box must not leave it (it would give away keystream) */
    box_mask(m, clen, box_keep_mask(r));
  } else {
    box_xor_from32(m, c + 16, mlen, block0, n + 16, sub);
    box_mask(m, mlen, box_keep_mask(r));
  }
  qed_zeroize(block0, sizeof block0);
  qed_zeroize(sub, sizeof sub);
  return r;
}
