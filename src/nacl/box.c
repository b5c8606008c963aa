/* crypto_box: X25519 key agreement, HSalsa20 to a 32-byte shared key,
 * then crypto_secretbox under it (NaCl's curve25519xsalsa20poly1305).
 *
 * beforenm: k = HSalsa20(0, X25519(sk, pk)), -1 when the shared point is
 * all zero (pk of small order), as libsodium.  That case is handled
 * without a branch on it: k, and the output of box / box_open, are ANDed
 * with a mask that clears them, and the -1 is ORed into the result.  The
 * shared point and the shared key are wiped before return. */
#include "qed/nacl.h"
#include "qed/common.h"
#include "qed/sha2.h"
#include "nacl/salsa20.h"

/* p[i] &= (r == 0 ? 0xff : 0x00) for i < len, no branch on r. */
/*@ requires \valid(p + (0 .. len - 1));
    requires r == 0 || r == -1;
    assigns p[0 .. len - 1]; */
static void box_keep_if_ok(uint8_t *p, size_t len, int r)
{
  const uint8_t mask = (uint8_t)((unsigned)(r + 1) * 0xffu);
  size_t i;
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, p[0 .. len - 1];
      loop variant len - i; */
  for (i = 0; i < len; i++)
    p[i] = (uint8_t)(p[i] & mask);
}

int qed_crypto_box_beforenm(uint8_t k[32], const uint8_t pk[32],
                            const uint8_t sk[32])
{
  static const uint8_t zero[16] = { 0 };
  uint8_t s[32];
  const int r = qed_crypto_scalarmult(s, sk, pk);
  qed_hsalsa20(k, zero, s, NULL);
  box_keep_if_ok(k, 32, r);
  qed_zeroize(s, sizeof s);
  return r;
}

int qed_crypto_box_afternm(uint8_t *c, const uint8_t *m, size_t mlen,
                           const uint8_t n[24], const uint8_t k[32])
{
  return qed_crypto_secretbox(c, m, mlen, n, k);
}

int qed_crypto_box_open_afternm(uint8_t *m, const uint8_t *c, size_t clen,
                                const uint8_t n[24], const uint8_t k[32])
{
  return qed_crypto_secretbox_open(m, c, clen, n, k);
}

int qed_crypto_box(uint8_t *c, const uint8_t *m, size_t mlen,
                   const uint8_t n[24], const uint8_t pk[32],
                   const uint8_t sk[32])
{
  uint8_t k[32];
  const int r = qed_crypto_box_beforenm(k, pk, sk);
  const int v = qed_crypto_secretbox(c, m, mlen, n, k);
  box_keep_if_ok(c, mlen, r);
  qed_zeroize(k, sizeof k);
  return r | v;
}

int qed_crypto_box_open(uint8_t *m, const uint8_t *c, size_t clen,
                        const uint8_t n[24], const uint8_t pk[32],
                        const uint8_t sk[32])
{
  uint8_t k[32];
  const int r = qed_crypto_box_beforenm(k, pk, sk);
  const int v = qed_crypto_secretbox_open(m, c, clen, n, k);
  box_keep_if_ok(m, clen, r);
  qed_zeroize(k, sizeof k);
  return r | v;
}

int qed_crypto_box_easy_afternm(uint8_t *c, const uint8_t *m, size_t mlen,
                                const uint8_t n[24], const uint8_t k[32])
{
  return qed_crypto_secretbox_easy(c, m, mlen, n, k);
}

int qed_crypto_box_open_easy_afternm(uint8_t *m, const uint8_t *c,
                                     size_t clen, const uint8_t n[24],
                                     const uint8_t k[32])
{
  return qed_crypto_secretbox_open_easy(m, c, clen, n, k);
}

int qed_crypto_box_easy(uint8_t *c, const uint8_t *m, size_t mlen,
                        const uint8_t n[24], const uint8_t pk[32],
                        const uint8_t sk[32])
{
  uint8_t k[32];
  const int r = qed_crypto_box_beforenm(k, pk, sk);
  (void)qed_crypto_secretbox_easy(c, m, mlen, n, k);
  box_keep_if_ok(c, mlen + 16, r);
  qed_zeroize(k, sizeof k);
  return r;
}

int qed_crypto_box_open_easy(uint8_t *m, const uint8_t *c, size_t clen,
                             const uint8_t n[24], const uint8_t pk[32],
                             const uint8_t sk[32])
{
  uint8_t k[32];
  int r, v;
  if (clen < 16)
    return -1;
  r = qed_crypto_box_beforenm(k, pk, sk);
  v = qed_crypto_secretbox_open_easy(m, c, clen, n, k);
  /* in place, the whole buffer (see secretbox.c); else the plaintext */
  box_keep_if_ok(m, (const uint8_t *)m == c ? clen : clen - 16, r);
  qed_zeroize(k, sizeof k);
  return r | v;
}

int qed_crypto_box_keypair(uint8_t pk[32], uint8_t sk[32])
{
  int r;
  if (qed_randombytes(sk, 32) != 0) {
    qed_zeroize(pk, 32);
    return -1;
  }
  r = qed_crypto_scalarmult_base(pk, sk);
  box_keep_if_ok(sk, 32, r);
  return r;
}

int qed_crypto_box_seed_keypair(uint8_t pk[32], uint8_t sk[32],
                                const uint8_t seed[32])
{
  uint8_t h[64];
  size_t i;
  int r;
  (void)qed_crypto_hash_sha512(h, seed, 32);
  /*@ loop invariant 0 <= i <= 32;
      loop assigns i, sk[0 .. 31];
      loop variant 32 - i; */
  for (i = 0; i < 32; i++)
    sk[i] = h[i];
  qed_zeroize(h, sizeof h);
  r = qed_crypto_scalarmult_base(pk, sk);
  box_keep_if_ok(sk, 32, r);
  return r;
}
